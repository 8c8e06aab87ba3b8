"""Text rendering for the environments: the board of :mod:`pachisi.diagram` as plain text."""

from __future__ import annotations

from collections.abc import Sequence

from ..diagram import diagram
from ..moves import Action
from ..position import Position
from ..rules import RULESET_TITLES

__all__ = ["RENDER_MODES", "ansi", "svg"]

#: The render modes of the environments.
RENDER_MODES = ("ansi", "svg")


def ansi(position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()) -> str:
    """The board (pawns after ``steps``), whose throw it is, the throw and the steps so far.

    >>> from pachisi import Position
    >>> print(ansi(Position.start("parcheesi", players=2), (5, 2)).splitlines()[-3])
    Parcheesi, player 0 (red) to move, throw 5-2
    """
    th = (throw[0], throw[1]) if throw is not None else None
    board = diagram(position, th, tuple(steps)).text()
    setup = position.setup
    names = setup.colour_names
    mover = position.to_move
    who = "+".join(names[c] for c in setup.players[mover])
    line = f"{RULESET_TITLES[setup.ruleset]}, player {mover} ({who}) to move"
    if th is not None:
        line += f", throw {th[0]}-{th[1]}"
    done = " ".join(a.notation(names) for a in steps) or "-"
    return f"{board}\n{line}\nsteps so far: {done}\n{position.to_text()}"


def svg(position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()) -> str:
    """The terminal's coloured board and panel as an SVG document (rich's export).

    >>> from pachisi import Position
    >>> svg(Position.start("pagade"), (3, 3)).startswith("<svg")
    True
    """
    import io

    from rich.console import Console

    from ..terminal.board import BoardView, render

    th = (throw[0], throw[1]) if throw is not None else None
    console = Console(record=True, width=120, file=io.StringIO(), color_system="truecolor")
    console.print(render(BoardView(position, th, tuple(steps)), 120))
    return console.export_svg(title=RULESET_TITLES[position.setup.ruleset])


def render_text(
    mode: str, position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()
) -> str:
    """``ansi`` or ``svg`` of the position, by ``mode``."""
    return svg(position, throw, steps) if mode == "svg" else ansi(position, throw, steps)
