"""The boards of Ludo and Mensch ärgere Dich nicht as data (RULES-LUDO.md §9.1, §10.1).

Two rings beside the 68-square cross of :mod:`pachisi.board`: Ludo's 52
squares and MADN's 40 fields. Each is a :class:`Ring`: its length, where
each arm enters, the last progress on the ring and the end of the route.
Ludo's marked squares (L.1.4) are sets of progress numbers, the same for
every colour in its own numbering. Validation of these boards' positions
(FORMAT.md "Validity") is here too, so that :mod:`pachisi.position` can
call it without importing the engine.

>>> LUDO.square(1, 1), LUDO.square(0, 51), MAEDN.square(2, 1)
(13, 50, 20)
>>> sorted(LUDO_SAFE["ludoking"])
[1, 8, 14, 21, 27, 34, 40, 47]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .errors import PositionError

__all__ = [
    "LUDO",
    "LUDOPY_ENTRIES",
    "LUDOPY_GLOBES",
    "LUDOPY_NEXT_STAR",
    "LUDO_GRID",
    "LUDO_HOME_CELLS",
    "LUDO_HOME_COLUMN_CELLS",
    "LUDO_RING_CELLS",
    "LUDO_SAFE",
    "LUDO_YARD_CELLS",
    "MAEDN",
    "MAEDN_GOAL_CELLS",
    "MAEDN_GRID",
    "MAEDN_RING_CELLS",
    "MAEDN_YARD_CELLS",
    "Ring",
    "check_one_die_pawns",
]


@dataclass(frozen=True)
class Ring:
    """A ring of ``size`` squares; arm ``a`` enters at ``step * a`` (progress 1).

    Progress ``1..last`` is on the ring (square ``(step * a + p - 1) mod size``);
    ``last + 1 .. end`` are the colour's private squares (home column, goal).
    """

    size: int
    step: int
    last: int
    end: int

    def square(self, arm: int, p: int) -> int:
        """The ring square of a pawn of ``arm`` at progress ``p`` (1 <= p <= last)."""
        return (self.step * arm + p - 1) % self.size


#: Ludo (L.1.2, L.1.3): 52 squares, arm a enters at 13a, p = 51 is the last ring square,
#: 52..56 the home column, 57 Home.
LUDO: Final = Ring(52, 13, 51, 57)
#: MADN (M.1.1, M.1.3): 40 fields, arm a starts at 10a, p = 40 the last ring field,
#: 41..44 the goal fields.
MAEDN: Final = Ring(40, 10, 40, 44)

_ENTRIES: Final = frozenset({1, 14, 27, 40})

#: Ludo's safe squares by ``board`` (L.1.4), as progress numbers (the same for every colour).
LUDO_SAFE: Final[Mapping[str, frozenset[int]]] = {
    "ludoking": _ENTRIES | {8, 21, 34, 47},
    "printed": _ENTRIES | {9, 22, 35, 48},
    "ludopy": frozenset(),
}
#: Board "ludopy": each jump star and the star it jumps to (L.4.3; 51 is the last star).
LUDOPY_NEXT_STAR: Final[Mapping[int, int]] = {
    5: 12,
    12: 18,
    18: 25,
    25: 31,
    31: 38,
    38: 44,
    44: 51,
}
#: Board "ludopy": the globes (L.1.4).
LUDOPY_GLOBES: Final = frozenset({9, 22, 35, 48})
#: Board "ludopy": the entry squares of the colours 1, 2, 3 arms on, by the mover's progress.
LUDOPY_ENTRIES: Final[Mapping[int, int]] = {14: 1, 27: 2, 40: 3}


def check_one_die_pawns(
    ruleset: str,
    options: Mapping[str, object],
    colours: Sequence[int],
    pawns: Sequence[Sequence[int]],
    names: Sequence[str],
) -> None:
    """FORMAT.md's validity for ``ludo`` and ``maedn`` pawns (ranges are checked by the caller).

    ``ludo``: with ``board`` "ludoking"/"printed", no ``ludopy_quirks`` and
    ``overshoot`` not "ludopy", two colours never share a ring square that is
    not safe; with ``last_ring_square`` "skip" (and neither ``overshoot`` nor
    ``board`` "ludopy") no pawn is at 51. ``maedn``: a ring field or
    goal field holds one pawn. Raises :class:`PositionError` on ``pawns``.
    """
    if ruleset == "maedn":
        seen: dict[int, int] = {}
        for c in colours:
            goal: set[int] = set()
            for p in pawns[c]:
                if p > MAEDN.last:
                    if p in goal:
                        raise PositionError("pawns", f"{names[c]}: two pawns on goal field {p}")
                    goal.add(p)
                elif p > 0:
                    q = MAEDN.square(c, p)
                    if q in seen:
                        other = names[seen[q]]
                        raise PositionError(
                            "pawns", f"{other} and {names[c]}: two pawns on ring field {q}"
                        )
                    seen[q] = c
        return
    # overshoot "ludopy" returns a pawn to 51 without landing there (L.3.3, OP-L3): then
    # a pawn may stand at 51 under "skip", and share it with another colour.
    back_to_51 = options["overshoot"] == "ludopy"
    # "skip" changes a count that ends on 51 (L.3.4); the ludopy board's star on 44 sends
    # a pawn on to the star on 51, where it stops (L.4.3): no count, so it stands there.
    star_to_51 = options["board"] == "ludopy"
    if options["last_ring_square"] == "skip" and not (back_to_51 or star_to_51):
        for c in colours:
            if LUDO.last in pawns[c]:
                raise PositionError(
                    "pawns",
                    f"{names[c]}: no pawn stops at 51 with last_ring_square 'skip' [OP-K1]",
                )
    board = options["board"]
    if board == "ludopy" or options["ludopy_quirks"] or back_to_51:
        return  # two colours may meet there (OP-L11)
    safe = LUDO_SAFE[str(board)]
    colour_at: dict[int, int] = {}
    for c in colours:
        for p in pawns[c]:
            if 1 <= p <= LUDO.last and p not in safe:
                q = LUDO.square(c, p)
                d = colour_at.setdefault(q, c)
                if d != c:
                    raise PositionError(
                        "pawns",
                        f"{names[d]} and {names[c]} may not share ring square {q} (not safe)",
                    )


# -- Where the squares are drawn ---------------------------------------------------------
#
# A coordinate per square, (column, row) on a square grid, row 0 at the top; the
# front ends draw the boards from these. Arm 0 (red) has its yard at the bottom left
# and the arms follow each other clockwise, as the pawns travel (Ludo King's board).
# Each arm's squares are its quarter turned clockwise from arm 0's.

#: The side of Ludo's grid: the 15 x 15 cross (arms three squares wide, 6 x 6 yards,
#: a 3 x 3 Home in the middle).
LUDO_GRID: Final = 15
#: The side of MADN's grid: 11 x 11 (arms three fields wide, 2 x 2 yards in the corners).
MAEDN_GRID: Final = 11

Cell = tuple[int, int]


def _turned(cell: Cell, grid: int, quarters: int) -> Cell:
    """``cell`` turned clockwise by ``quarters`` quarter turns about the grid's centre."""
    col, row = cell
    for _ in range(quarters % 4):
        col, row = grid - 1 - row, col
    return col, row


def _all_arms(cells: Sequence[Cell], grid: int) -> tuple[tuple[Cell, ...], ...]:
    """Arm 0's ``cells`` and their copies for arms 1..3, by arm."""
    return tuple(tuple(_turned(c, grid, a) for c in cells) for a in range(4))


def _ring(cells: Sequence[Cell], grid: int) -> tuple[Cell, ...]:
    """The whole ring: arm 0's stretch ``cells``, then arms 1, 2 and 3's."""
    return tuple(c for arm in _all_arms(cells, grid) for c in arm)


#: Ludo's ring squares q = 0..51 (RULES-LUDO.md L.1.2): q = 0 is red's entry square,
#: the square after q is its neighbour on the grid.
LUDO_RING_CELLS: Final[tuple[Cell, ...]] = _ring(
    (
        (6, 13), (6, 12), (6, 11), (6, 10), (6, 9),  # up red's arm, from red's entry
        (5, 8), (4, 8), (3, 8), (2, 8), (1, 8), (0, 8),  # out along green's arm
        (0, 7), (0, 6),  # round its end, to the square before green's entry
    ),
    LUDO_GRID,
)  # fmt: skip
#: Ludo's home columns by arm: squares p = 52..56 (home column squares 1..5), towards Home.
LUDO_HOME_COLUMN_CELLS: Final = _all_arms(((7, 13), (7, 12), (7, 11), (7, 10), (7, 9)), LUDO_GRID)
#: Where Ludo's yard pawns (p = 0) stand, by arm: four places in the middle of its yard.
LUDO_YARD_CELLS: Final = _all_arms(((2, 11), (3, 11), (2, 12), (3, 12)), LUDO_GRID)
#: Ludo's Home (p = 57): the 3 x 3 middle of the grid, from this cell to its opposite.
LUDO_HOME_CELLS: Final[tuple[Cell, Cell]] = ((6, 6), (8, 8))

#: MADN's ring fields q = 0..39 (RULES-LUDO.md M.1.1): q = 0 is red's start field.
MAEDN_RING_CELLS: Final[tuple[Cell, ...]] = _ring(
    (
        (4, 10), (4, 9), (4, 8), (4, 7), (4, 6),  # up from red's start field
        (3, 6), (2, 6), (1, 6), (0, 6),  # out along the next arm
        (0, 5),  # its end, the field before the next start field
    ),
    MAEDN_GRID,
)  # fmt: skip
#: MADN's goal fields by arm: p = 41..44 (44 innermost).
MAEDN_GOAL_CELLS: Final = _all_arms(((5, 9), (5, 8), (5, 7), (5, 6)), MAEDN_GRID)
#: MADN's yard fields by arm: the four fields in its corner.
MAEDN_YARD_CELLS: Final = _all_arms(((0, 9), (1, 9), (0, 10), (1, 10)), MAEDN_GRID)
