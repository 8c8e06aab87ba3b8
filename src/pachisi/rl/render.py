"""Rendering for the environments: text, SVG and RGB pictures of the board.

All three draw the board of :mod:`pachisi.diagram` (``ludo`` and ``maedn``:
the boards of :mod:`pachisi.rl.ring`): ``"ansi"`` as plain text
with whose throw it is, the throw and the steps so far; ``"svg"`` and
``"rgb_array"`` as one picture (:mod:`pachisi.rl.image`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..diagram import diagram
from ..moves import Action
from ..position import Position
from ..rules import ONE_DIE_RULESETS, RULESET_TITLES
from . import image, ring

if TYPE_CHECKING:
    import numpy as np

__all__ = ["RENDER_MODES", "ansi", "render_frame", "render_text", "rgb_array", "svg"]

#: The render modes of the environments.
RENDER_MODES = ("ansi", "svg", "rgb_array")


def ansi(position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()) -> str:
    """The board (pawns after ``steps``), whose throw it is, the throw and the steps so far.

    >>> from pachisi import Position
    >>> print(ansi(Position.start("parcheesi", players=2), (5, 2)).splitlines()[-3])
    Parcheesi, player 0 (red) to move, throw 5-2
    """
    setup = position.setup
    th: tuple[int, ...] | None
    if setup.ruleset in ONE_DIE_RULESETS:
        th = tuple(throw) if throw is not None else None
        board = ring.text(position, steps)
    else:
        th = (throw[0], throw[1]) if throw is not None else None
        board = diagram(position, (th[0], th[1]) if th else None, tuple(steps)).text()
    names = setup.colour_names
    mover = position.to_move
    who = "+".join(names[c] for c in setup.players[mover])
    line = f"{RULESET_TITLES[setup.ruleset]}, player {mover} ({who}) to move"
    if th is not None:
        line += ", throw " + "-".join(str(v) for v in th)
    done = " ".join(a.notation(names) for a in steps) or "-"
    return f"{board}\n{line}\nsteps so far: {done}\n{position.to_text()}"


def svg(position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()) -> str:
    """The board as an SVG document (:func:`pachisi.rl.image.svg`).

    >>> from pachisi import Position
    >>> svg(Position.start("pagade"), (3, 3)).startswith("<svg")
    True
    """
    return image.svg(position, throw, steps)


def rgb_array(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()
) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The same picture as :func:`svg`, an ``(height, width, 3)`` ``uint8`` array."""
    return image.rgb_array(position, throw, steps)


def render_text(
    mode: str, position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()
) -> str:
    """``ansi`` or ``svg`` of the position, by ``mode``."""
    return svg(position, throw, steps) if mode == "svg" else ansi(position, throw, steps)


def render_frame(
    mode: str, position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = ()
) -> str | np.ndarray[Any, np.dtype[np.uint8]]:
    """What ``env.render()`` returns in ``mode`` (one of :data:`RENDER_MODES`)."""
    if mode == "rgb_array":
        return rgb_array(position, throw, steps)
    if mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)}, not {mode!r}")
    return render_text(mode, position, throw, steps)
