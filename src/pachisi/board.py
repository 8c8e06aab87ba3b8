"""Board geometry shared by all rulesets (RULES.md §2).

The board is a cross of four arms around a central square. Every place a
pawn can stand is a *square* with a small integer id:

* ring squares ``0..67`` (RULES.md §2.2, Racket's numbering ``q``);
* private squares ``68 + 8 * arm + row`` for rows ``1..7`` of each arm's
  middle column (Pagade's belly, the Parcheesi family's home path).

Home/HOME, the nest and "cut" are not squares; :data:`OFF` stands for them.
Everything here is computed once at import into plain tuples.

>>> ring_square_of("pagade", 3, 19)       # a green Pagade pawn at p = 19
62
>>> red_number(62)
70
>>> ring_square_of("parcheesi", 1, 52)    # a blue pawn at p = 52: Red's entry
5
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ARM_SQUARES",
    "CENTRE",
    "COLOURS",
    "FAMILY_ENTRY",
    "FAMILY_HOME",
    "FAMILY_LAST_RING",
    "HOME",
    "NEST",
    "N_RING",
    "N_SQUARES",
    "OFF",
    "PAGADE_BELLY_OUT",
    "PAGADE_HOME",
    "PAGADE_LAST_RING",
    "ROUTES",
    "SAFETY_SQUARES",
    "X_SQUARES",
    "cell",
    "colour_index",
    "is_ring",
    "private_square",
    "red_number",
    "ring_square_of",
    "square_cell",
]

#: Number of ring squares (the shared track).
N_RING: Final = 68
#: Ring squares per arm: arm ``a`` starts at ring square ``17 * a``.
ARM_SQUARES: Final = N_RING // 4
#: Number of square ids: 68 ring squares and 4 x 8 private slots (row 0 unused).
N_SQUARES: Final = N_RING + 32
#: "Not a square": Home/HOME, the nest, a cut pawn.
OFF: Final = -1

#: Colours by arm, per ruleset (FORMAT.md "Colours and seats").
COLOURS: Final[dict[str, tuple[str, str, str, str]]] = {
    "pagade": ("red", "black", "yellow", "green"),
    "whitman": ("red", "blue", "yellow", "green"),
    "parcheesi": ("red", "blue", "yellow", "green"),
    "eight-man": ("red", "blue", "yellow", "green"),
    # The one-die rulesets of RULES-LUDO.md (their boards: pachisi._ludo).
    "ludo": ("red", "green", "yellow", "blue"),
    "maedn": ("red", "blue", "green", "yellow"),
}

#: Progress number of a pawn off the board: in its nest, or cut (RULES.md §2.5).
NEST: Final = 0

#: Pagade: progress of Home (RULES.md §2.5).
PAGADE_HOME: Final = 84
#: Pagade: the last progress in the belly on the way out (belly squares 1..7).
PAGADE_BELLY_OUT: Final = 7
#: Pagade: the last progress on the ring (own square 8 again); the belly follows (§4.5).
PAGADE_LAST_RING: Final = 76

#: Parcheesi family: progress of HOME (RULES.md §2.5).
FAMILY_HOME: Final = 72
#: Parcheesi family: progress of the entry space (RULES.md §5.3).
FAMILY_ENTRY: Final = 1
#: Parcheesi family: progress of the exit space, the last ring space; the home path follows.
FAMILY_LAST_RING: Final = 64

#: Progress number of Home/HOME per ruleset (FORMAT.md "Progress numbers").
HOME: Final[dict[str, int]] = {
    "pagade": PAGADE_HOME,
    "whitman": FAMILY_HOME,
    "parcheesi": FAMILY_HOME,
    "eight-man": FAMILY_HOME,
    "ludo": 57,  # RULES-LUDO.md L.1.3
    "maedn": 44,  # the innermost goal field (M.1.3): the end of the route
}

#: The X-marked ring squares (q mod 17 in {0, 4, 13}), RULES.md §2.3.
X_SQUARES: Final[frozenset[int]] = frozenset(q for q in range(N_RING) if q % 17 in (0, 4, 13))
#: The Parcheesi safety spaces (q mod 17 in {0, 5, 12}), RULES.md §2.3.
SAFETY_SQUARES: Final[frozenset[int]] = frozenset(q for q in range(N_RING) if q % 17 in (0, 5, 12))

#: The central square's cell.
CENTRE: Final = (0, 0)


def colour_index(ruleset: str, colour: str) -> int:
    """Return the arm (0..3) of ``colour`` in ``ruleset``; ``ValueError`` if unknown."""
    try:
        return COLOURS[ruleset].index(colour)
    except ValueError:
        raise ValueError(f"unknown colour {colour!r} for {ruleset}") from None


def private_square(arm: int, row: int) -> int:
    """Square id of row ``row`` (1..7) of ``arm``'s middle column."""
    return N_RING + 8 * arm + row


def is_ring(square: int) -> bool:
    """Whether a square id is a shared ring square."""
    return 0 <= square < N_RING


def red_number(q: int) -> int:
    """Pagade figure numbering: ring square ``q`` is R-(q + 8) (RULES.md §2.2)."""
    return q + 8


def _route(ruleset: str, arm: int) -> tuple[int, ...]:
    """Square id for every progress number 0..Home of a colour on ``arm`` (RULES.md §2.5)."""
    first = ARM_SQUARES * arm  # the arm's first ring square
    out = [OFF]  # p = 0: the nest, or cut
    if ruleset == "pagade":
        for p in range(1, PAGADE_HOME + 1):
            if p <= PAGADE_BELLY_OUT:
                out.append(private_square(arm, p))
            elif p < PAGADE_LAST_RING:
                out.append((p - PAGADE_BELLY_OUT - 1 + first) % N_RING)
            elif p == PAGADE_LAST_RING:
                out.append(first)
            elif p < PAGADE_HOME:
                out.append(private_square(arm, PAGADE_HOME - p))
            else:
                out.append(OFF)
        return tuple(out)
    for p in range(1, FAMILY_HOME + 1):
        if p <= FAMILY_LAST_RING:
            out.append((first + 4 + p) % N_RING)  # p = 1: ring square 17a + 5, the entry
        elif p < FAMILY_HOME:
            out.append(private_square(arm, FAMILY_HOME - p))
        else:
            out.append(OFF)
    return tuple(out)


#: ``ROUTES[ruleset][arm][p]`` is the square id of progress ``p`` (RULES.md §2.5), for the
#: rulesets on the 68-square cross (the Ludo and MADN rings are in :mod:`pachisi._ludo`).
ROUTES: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    name: tuple(_route(name, arm) for arm in range(4))
    for name in ("pagade", "whitman", "parcheesi", "eight-man")
}


def ring_square_of(ruleset: str, arm: int, p: int) -> int:
    """Square id of a pawn of the colour on ``arm`` at progress ``p`` (or :data:`OFF`)."""
    return ROUTES[ruleset][arm][p]


def cell(arm: int, column: int, row: int) -> tuple[int, int]:
    """Board cell ``(x, y)`` of ``row`` (1..8) in ``column`` (-1 left, 0 middle, +1 right)."""
    k, d = column, row + 1
    if arm == 0:
        return (k, -d)
    if arm == 1:
        return (d, k)
    if arm == 2:
        return (-k, d)
    return (-d, -k)


def square_cell(square: int) -> tuple[int, int]:
    """Board cell ``(x, y)`` of a square id (RULES.md §2.1, §2.2)."""
    if square < 0:
        return CENTRE
    if square >= N_RING:
        arm, row = divmod(square - N_RING, 8)
        return cell(arm, 0, row)
    a, o = divmod(square, 17)
    if o == 0:
        return cell(a, 0, 8)
    if o <= 8:
        return cell(a, 1, 9 - o)
    return cell((a + 1) % 4, -1, o - 8)
