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
    "LUDO_LAYOUT",
    "LUDO_SAFE",
    "MAEDN",
    "MAEDN_LAYOUT",
    "Layout",
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
    not safe; with ``last_ring_square`` "skip" (and ``overshoot`` not
    "ludopy") no pawn is at 51. ``maedn``: a ring field or
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
    if options["last_ring_square"] == "skip" and not back_to_51:
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
# The boards as people see them, for the front ends' pictures: each square's cell on a
# square grid, column x from the west, row y from the top. Arm 0 (red) is laid out
# below as data; arm a is arm 0 turned a quarter turns clockwise about the centre (the
# direction of travel is clockwise on screen). Red's yard is the bottom-left corner, as on
# ludo-king-engine's and Ludo King's board; its neighbours in the direction of travel take
# the next corners clockwise.


@dataclass(frozen=True)
class Layout:
    """Where a ring board's squares are drawn: a ``size`` x ``size`` grid of cells.

    ``ring`` lists arm 0's first ``ring.step`` ring squares (q = 0, 1, ...) as (x, y)
    cells; ``private`` its squares after the ring (progress ``last + 1 .. ``, the
    home column or goal fields; Ludo's Home is not a cell, it is the centre);
    ``yard`` arm 0's corner (its columns and rows, from the top-left cell) where
    the yard and the player are drawn; ``centre`` the grid's centre cell. See
    :meth:`cell`.
    """

    size: int
    board: Ring
    ring: tuple[tuple[int, int], ...]
    private: tuple[tuple[int, int], ...]
    yard: tuple[int, int, int]  # x, y of its top-left cell, and its side in cells
    home_cell: tuple[int, int] | None  # arm 0's centre cell showing its pawns Home (Ludo)

    def turn(self, cell: tuple[int, int], arm: int) -> tuple[int, int]:
        """``cell`` turned ``arm`` quarter turns clockwise about the centre of the grid."""
        x, y = cell
        n = self.size - 1
        for _ in range(arm % 4):
            x, y = n - y, x
        return x, y

    def ring_cell(self, q: int) -> tuple[int, int]:
        """The cell of ring square ``q`` (0 <= q < ring size)."""
        arm, k = divmod(q, self.board.step)
        return self.turn(self.ring[k], arm)

    def cell(self, arm: int, p: int) -> tuple[int, int] | None:
        """The cell of a pawn of ``arm`` at progress ``p``; None in the yard (0) and at
        Ludo's Home (the end, drawn in the centre)."""
        if p <= 0:
            return None
        if p <= self.board.last:
            return self.ring_cell(self.board.square(arm, p))
        k = p - self.board.last - 1
        if k >= len(self.private):
            return None
        return self.turn(self.private[k], arm)

    def yard_cells(self, arm: int) -> frozenset[tuple[int, int]]:
        """The cells of ``arm``'s corner (yard and player)."""
        x0, y0, side = self.yard
        return frozenset(
            self.turn((x, y), arm) for x in range(x0, x0 + side) for y in range(y0, y0 + side)
        )


#: Ludo's 15 x 15 board (L.1): four arms of 3 x 6 squares round a 3 x 3 Home. Red enters
#: on the left column of the south arm, goes up it and west along the west arm; its home
#: column is the south arm's middle column, and its yard the 6 x 6 south-west corner.
LUDO_LAYOUT: Final = Layout(
    15,
    LUDO,
    ring=(
        (6, 13),
        (6, 12),
        (6, 11),
        (6, 10),
        (6, 9),
        (5, 8),
        (4, 8),
        (3, 8),
        (2, 8),
        (1, 8),
        (0, 8),
        (0, 7),
        (0, 6),
    ),
    private=((7, 13), (7, 12), (7, 11), (7, 10), (7, 9)),
    yard=(0, 9, 6),
    home_cell=(7, 8),
)
#: MADN's 11 x 11 board (M.1): four arms of 3 x 4 fields round a 3 x 3 centre, the 40
#: fields round the cross's edge. Red's start field (A) is the south arm's west end, its
#: goal fields the south arm's middle column, its yard the 4 x 4 south-west corner.
MAEDN_LAYOUT: Final = Layout(
    11,
    MAEDN,
    ring=((4, 10), (4, 9), (4, 8), (4, 7), (4, 6), (3, 6), (2, 6), (1, 6), (0, 6), (0, 5)),
    private=((5, 9), (5, 8), (5, 7), (5, 6)),
    yard=(0, 7, 4),
    home_cell=None,
)
