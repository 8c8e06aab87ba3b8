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
    "CENTRE",
    "COLOURS",
    "HOME",
    "N_RING",
    "N_SQUARES",
    "OFF",
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
}

#: Progress number of Home/HOME per ruleset (FORMAT.md "Progress numbers").
HOME: Final[dict[str, int]] = {"pagade": 84, "whitman": 72, "parcheesi": 72, "eight-man": 72}

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
    """Square id for every progress number 0..Home of a colour on ``arm``."""
    if ruleset == "pagade":
        out = [OFF]
        for p in range(1, 85):
            if p <= 7:
                out.append(private_square(arm, p))
            elif p <= 75:
                out.append((p - 8 + 17 * arm) % N_RING)
            elif p == 76:
                out.append(17 * arm)
            elif p <= 83:
                out.append(private_square(arm, 84 - p))
            else:
                out.append(OFF)
        return tuple(out)
    out = [OFF]
    for p in range(1, 73):
        if p <= 64:
            out.append((17 * arm + 4 + p) % N_RING)
        elif p <= 71:
            out.append(private_square(arm, 72 - p))
        else:
            out.append(OFF)
    return tuple(out)


#: ``ROUTES[ruleset][arm][p]`` is the square id of progress ``p`` (RULES.md §2.5).
ROUTES: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    name: tuple(_route(name, arm) for arm in range(4)) for name in COLOURS
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
