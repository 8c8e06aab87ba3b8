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
    "LUDO_SAFE",
    "MAEDN",
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
