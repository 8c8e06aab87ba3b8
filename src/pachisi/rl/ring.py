"""Pictures of the one-die boards (``ludo``, ``maedn``) for the environments.

The boards are drawn as they are printed: Ludo's 52 squares on a cross of
15 x 15 cells (each colour's yard a 6 x 6 corner, its home column of five
squares up the middle of its arm, Home in the centre), Mensch ärgere Dich
nicht's 40 fields on a cross of 11 x 11 (yards of 2 x 2 in the corners, four
goal fields up each arm), with the cells of :mod:`pachisi._ludo_board`, as
the terminal and the web draw them: a colour's progress ``p`` stands on the
cell of ring square ``(step * a + p - 1) mod size`` (RULES-LUDO.md L.1.3,
M.1.3); arm 0 (red) has its yard at the bottom left, and the arms and the
pawns go clockwise.

:func:`text` is the ``"ansi"`` board (three characters a cell), and
:func:`shapes` the picture of :mod:`pachisi.rl.image` (the same rectangles
and discs, painted or written as SVG by that module).

>>> from pachisi import Position
>>> print(text(Position.start("maedn", players=2)).splitlines()[-1])
 r  r        .  .  .
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from .._ludo_board import (
    LUDO,
    LUDO_GRID,
    LUDO_HOME_COLUMN_CELLS,
    LUDO_RING_CELLS,
    LUDO_SAFE,
    LUDO_YARD_CELLS,
    LUDOPY_GLOBES,
    LUDOPY_NEXT_STAR,
    MAEDN_GOAL_CELLS,
    MAEDN_GRID,
    MAEDN_RING_CELLS,
    MAEDN_YARD_CELLS,
    Ring,
)
from ..moves import Action
from ..position import Position
from ..rules import Setup
from . import image
from .encoding import ring_of

__all__ = ["Board", "board", "cells", "marks", "picture_size", "shapes", "text", "yards"]

Cell = tuple[int, int]


class Board(NamedTuple):
    """The cells of a one-die board: its side, the ring, each arm's route and yard."""

    side: int
    #: The cell of each ring square q (0 .. size - 1).
    ring: tuple[Cell, ...]
    #: Per arm: the cells of its private squares (home column or goal fields) in order.
    private: tuple[tuple[Cell, ...], ...]
    #: Per arm: the cells of its yard, and of its Home (Ludo's centre triangle; MADN: none).
    yard: tuple[tuple[Cell, ...], ...]
    home: tuple[Cell | None, ...]


@functools.lru_cache(maxsize=2)
def board(ruleset: str) -> Board:
    """The board of ``ruleset`` (``"ludo"`` or ``"maedn"``), from the cells of
    :mod:`pachisi._ludo_board` (the one geometry the terminal and the web draw too).

    Ludo's Home for a colour is the centre cell at the end of its home column.
    """
    if ruleset == "ludo":
        homes = tuple(_past(column) for column in LUDO_HOME_COLUMN_CELLS)
        return Board(LUDO_GRID, LUDO_RING_CELLS, LUDO_HOME_COLUMN_CELLS, LUDO_YARD_CELLS, homes)
    return Board(MAEDN_GRID, MAEDN_RING_CELLS, MAEDN_GOAL_CELLS, MAEDN_YARD_CELLS, (None,) * 4)


def _past(column: Sequence[Cell]) -> Cell:
    """The cell one step beyond the end of ``column``, in its direction."""
    (x0, y0), (x1, y1) = column[-2], column[-1]
    return 2 * x1 - x0, 2 * y1 - y0


def cells(setup: Setup, colour: int, p: int) -> Cell | None:
    """The cell of ``colour``'s progress ``p`` (``None`` for the yard, p = 0)."""
    ring: Ring = ring_of(setup)
    b = board(setup.ruleset)
    if p == 0:
        return None
    if p <= ring.last:
        return b.ring[ring.square(colour, p)]
    if p == ring.end and b.home[colour] is not None:
        return b.home[colour]
    return b.private[colour][p - ring.last - 1]


#: The kinds of ring squares, by how they are drawn.
PLAIN: Final = "plain"
SAFE: Final = "safe"
STAR: Final = "star"
GLOBE: Final = "globe"


def marks(setup: Setup) -> dict[int, str]:
    """The marked ring squares q of ``setup`` (L.1.4): safe squares, or ludopy's stars and globes.

    Entry squares are listed as safe on Ludo's safe-square boards; MADN marks none.
    """
    if setup.ruleset != "ludo":
        return {}
    board_name = str(setup.option("board"))
    out: dict[int, str] = {}
    for arm in range(4):
        if board_name == "ludopy":
            for p in (*LUDOPY_NEXT_STAR, LUDO.last):
                out[LUDO.square(arm, p)] = STAR
            for p in LUDOPY_GLOBES:
                out[LUDO.square(arm, p)] = GLOBE
        else:
            for p in LUDO_SAFE[board_name]:
                out[LUDO.square(arm, p)] = SAFE
    return out


def _occupants(position: Position, steps: Sequence[Action]) -> dict[Cell, list[int]]:
    """The colours of the pawns on each cell (one entry per pawn), after ``steps``."""
    pawns = [list(ps) for ps in position.pawns]
    for a in steps:
        pawns[a.colour].remove(a.frm)
        pawns[a.colour].append(a.to)
    out: dict[Cell, list[int]] = {}
    for c in position.setup.colours_in_play:
        for p in pawns[c]:
            cell = cells(position.setup, c, p)
            if cell is not None:
                out.setdefault(cell, []).append(c)
    return out


def yards(position: Position, steps: Sequence[Action] = ()) -> dict[int, int]:
    """The number of each colour's pawns in its yard (after ``steps``)."""
    out: dict[int, int] = {}
    for c in position.setup.colours_in_play:
        n = list(position.pawns[c]).count(0)
        n += sum(1 for a in steps if a.colour == c and a.to == 0)
        n -= sum(1 for a in steps if a.colour == c and a.frm == 0)
        out[c] = n
    return out


def text(position: Position, steps: Sequence[Action] = ()) -> str:
    """The board as text, three characters a cell (see the module docstring).

    Ring squares ``.`` (``*`` safe, ``^`` a ludopy star, ``o`` a globe), a
    colour's home column or goal fields its initial in lower case, a yard
    ``.`` with its pawns waiting as the colour's initial in lower case;
    pawns on the route are the colour's initial in capitals with their
    number when more than one (``R2``), several colours side by side
    (``RG2``; only the initials, ``RGY``, when the counts do not fit).
    """
    setup = position.setup
    b = board(setup.ruleset)
    names = setup.colour_names
    grid = [["   "] * b.side for _ in range(b.side)]
    kind = marks(setup)
    symbol = {PLAIN: ".", SAFE: "*", STAR: "^", GLOBE: "o"}
    for q, (x, y) in enumerate(b.ring):
        grid[y][x] = f" {symbol[kind.get(q, PLAIN)]} "
    waiting = yards(position, steps)
    for c in range(4):
        initial = names[c][0]
        for x, y in b.private[c]:
            grid[y][x] = f" {initial} " if c in setup.colours_in_play else " - "
        for k, (x, y) in enumerate(b.yard[c]):
            if c in setup.colours_in_play:
                grid[y][x] = f" {initial} " if k < waiting[c] else " . "
        home = b.home[c]
        if home is not None:
            grid[home[1]][home[0]] = " # "
    for (x, y), colours in _occupants(position, steps).items():
        kinds = sorted(set(colours))
        label = "".join(
            names[c][0].upper() + (str(colours.count(c)) if colours.count(c) > 1 else "")
            for c in kinds
        )
        if len(label) > 3:  # several colours with counts: their initials only
            label = "".join(names[c][0].upper() for c in kinds)[:3]
        grid[y][x] = label.center(3)
    return "\n".join("".join(row).rstrip() for row in grid)


#: Rows of cells under the board for the mover and the throw.
_STRIP: Final = 3


def picture_size(setup: Setup, unit: int = 16) -> tuple[int, int]:
    """The picture's (width, height) in pixels: 240 x 288 for Ludo, 176 x 224 for MADN at 16."""
    side = board(setup.ruleset).side
    return side * unit, (side + _STRIP) * unit


def shapes(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = (), unit: int = 16
) -> list[image.Rect | image.Disc]:
    """The picture as :mod:`pachisi.rl.image` shapes in painting order.

    Ring squares (grey: safe; ludopy's stars gold and globes blue-grey),
    entry squares in their colour's shade, home columns and goal fields
    tinted, Home cells dark with the pawns there, the yards in their colour
    with the pawns waiting, the squares of the steps made violet, pawns as
    discs, and under the board the mover's colour and the die.
    """
    if unit < 4:
        raise ValueError(f"unit must be at least 4 pixels, not {unit}")
    setup = position.setup
    names = setup.colour_names
    b = board(setup.ruleset)
    ring = ring_of(setup)
    width, height = picture_size(setup, unit)
    out: list[image.Rect | image.Disc] = [image.Rect(0, 0, width, height, image.BACKGROUND)]
    kind = marks(setup)
    fills = {
        PLAIN: image.RING,
        SAFE: image.SAFE,
        STAR: (230, 200, 90),
        GLOBE: (150, 170, 190),
    }
    entries = {ring.square(c, 1): c for c in range(4)}
    marked: set[Cell] = set()
    for a in steps:
        for p in (a.frm, a.to):
            cell = cells(setup, a.colour, p)
            if cell is not None:
                marked.add(cell)
    mover = None if position.is_over else setup.players[position.to_move][0]

    def square(cell: Cell, fill: image.RGB) -> None:
        x, y = cell[0] * unit, cell[1] * unit
        out.append(image.Rect(x, y, unit, unit, image.GRID))
        out.append(image.Rect(x + 1, y + 1, unit - 1, unit - 1, fill))

    for q, cell in enumerate(b.ring):
        fill = fills[kind.get(q, PLAIN)]
        if q in entries:
            fill = image.mix(image.tint(names[entries[q]]), fill, 0.4)
        square(cell, image.MARKED if cell in marked else fill)
    waiting = yards(position, steps)
    for c in range(4):
        in_play = c in setup.colours_in_play
        for cell in b.private[c]:
            square(cell, image.MARKED if cell in marked else image.tint(names[c]))
        home = b.home[c]
        if home is not None:
            square(home, image.CENTRE)
        for k, cell in enumerate(b.yard[c]):
            x, y = cell[0] * unit, cell[1] * unit
            edge = image.DARK if c == mover else image.GRID
            out.append(image.Rect(x, y, unit, unit, edge))
            out.append(image.Rect(x + 2, y + 2, unit - 3, unit - 3, image.tint(names[c])))
            if in_play and k < waiting[c]:
                out += image.discs(x + unit / 2, y + unit / 2, unit, [image.COLOURS[names[c]]])
    for (x, y), colours in _occupants(position, steps).items():
        out += image.discs(
            x * unit + unit / 2,
            y * unit + unit / 2,
            unit,
            [image.COLOURS[names[c]] for c in sorted(colours)],
        )
    top = b.side * unit + unit // 2
    if mover is not None:
        out += image.discs(1.5 * unit, top + unit, unit * 2, [image.COLOURS[names[mover]]])
    if throw is not None:
        out += image.die(4 * unit, top, 2 * unit, throw[0])
    return out
