"""The terms of the hand-made evaluation that more than one layer reads: written once.

The cross's hand evaluation (:mod:`pachisi.bots.evaluation`, defined in
:mod:`pachisi.bots.greedy`), the learned evaluation's encoding
(:mod:`pachisi.learn.encoding`) and the compiled kernel's tables
(:func:`pachisi._accel.eval_tables`) all read these, so they live in the core
(standard library only) where every layer may import them:

* :func:`hit_chance`: the chance that one throw offers a distance;
* :func:`hit_risk`: the largest such chance among the pawns behind a square;
* :func:`safe_squares`: the ring squares where a lone pawn cannot be hit;
* :func:`player_signs`: how much each colour's value counts for a player;
* :func:`spare_colours`: the colours whose least advanced pawn is spare.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from .board import N_RING, SAFETY_SQUARES, X_SQUARES
from .dice import dice_for
from .rules import Setup

__all__ = ["hit_chance", "hit_risk", "player_signs", "safe_squares", "spare_colours"]


@cache
def hit_chance(ruleset: str) -> tuple[float, ...]:
    """``[d]``: the chance that one throw offers distance ``d`` (1..24) as a number or a sum.

    The table of the hand evaluation (:mod:`pachisi.bots.evaluation`, the
    kernel's) and of the encoding's DANGER: the two numbers, their sum, and
    for a doublet two, three and four times the number; ``N_RING`` entries, 0
    for any other distance.

    >>> table = hit_chance("parcheesi")
    >>> len(table), table[0], table[25], round(table[1] * 36, 9)  # 1 on either die: 11 of 36
    (68, 0.0, 0.0, 11.0)
    """
    out = [0.0] * N_RING
    for (a, b), p in dice_for(ruleset).outcomes():
        dists = {a, b, a + b}
        if a == b:
            dists |= {2 * a, 3 * a, 4 * a}
        for d in dists:
            if d < 25:
                out[d] += float(p)
    return tuple(out)


def hit_risk(chance: Sequence[float], square: int, threats: Iterable[int]) -> float:
    """The largest chance (``chance``: :func:`hit_chance`'s table) that a pawn on one of
    the ring squares ``threats`` hits one on ``square`` with the next throw: DANGER, and
    the hand evaluation's risk (:mod:`pachisi.bots.evaluation`).

    >>> table = hit_chance("parcheesi")
    >>> hit_risk(table, 10, [5, 9]) == max(table[5], table[1]), hit_risk(table, 10, [])
    (True, 0.0)
    """
    risk = 0.0
    for q in threats:
        h = chance[(square - q) % N_RING]
        if h > risk:
            risk = h
    return risk


def safe_squares(setup: Setup) -> frozenset[int]:
    """The ring squares where a lone pawn cannot be hit in ``setup``'s games: the
    Parcheesi family's safety spaces; in Pagade the X squares when ``safe_x_squares``
    is on (RULES.md §4.4), else none. The encoding's and the hand evaluation's.

    >>> safe_squares(Setup.create("pagade")), len(safe_squares(Setup.create("parcheesi")))
    (frozenset(), 12)
    """
    if setup.ruleset != "pagade":
        return SAFETY_SQUARES
    return X_SQUARES if setup.option("safe_x_squares") else frozenset()


def player_signs(setup: Setup, player: int) -> tuple[float, ...]:
    """How colour ``c``'s value counts in ``player``'s evaluation, for ``c`` in 0..3: 1 for
    his own colours, 0.5 for his partner's, -1 for the others' (and for a colour nobody
    plays, which has no pawns to count).

    >>> player_signs(Setup.create("parcheesi", players=4, teams=True), 0)
    (1.0, -1.0, 0.5, -1.0)
    """
    owner = setup.owner
    friends = setup.partners[player]
    return tuple(
        1.0 if owner[c] == player else (0.5 if owner[c] in friends else -1.0) for c in range(4)
    )


def spare_colours(setup: Setup) -> tuple[bool, ...]:
    """For each colour 0..3, whether its least advanced pawn is *spare* (RULES.md §7: an
    Eight-Man player's minor colour, of which three pawns HOME are enough); never for a
    colour not in play.

    >>> spare_colours(Setup.create("eight-man", players=2)), any(spare_colours(Setup.create()))
    ((False, False, True, True), False)
    """
    majors = setup.majors
    return tuple(
        majors is not None and c in setup.colours_in_play and c not in majors for c in range(4)
    )
