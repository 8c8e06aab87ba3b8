"""The evaluation of the computer players: one fast function, per ruleset tables.

:func:`evaluate` is the players' hand-made evaluation (greedy, expectimax,
search, the analysis's shortlist), in squares of progress for one player
against the others. Its definition, written for reading, is
:func:`pachisi.bots.greedy.evaluate` (see the module docstring there); this
implementation computes the same numbers, bit for bit (the tests check it
on thousands of positions of every set-up), faster: tables per set-up, the
danger of a pawn from the opponents' ring pawns (at most a dozen) rather
than by looking at the 24 squares behind it.

:func:`_occupancy` and ``_risk`` (:func:`pachisi.hand_terms.hit_risk`,
the encoding's DANGER and the kernel's risk too) are its two inner loops, shared with
the experiments of ``benchmarks/`` that build other evaluations on the same
terms.
"""

from __future__ import annotations

from collections.abc import Callable

from ..board import N_RING, ROUTES
from ..hand_terms import hit_chance, hit_risk, player_signs, safe_squares, spare_colours
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from . import one_die

__all__ = ["SPARE_WEIGHT", "Evaluation", "evaluate"]

#: The weight of a *spare* pawn's value: a pawn its player need not bring HOME
#: (RULES.md §7: an Eight-Man player wins with four pawns of his major colour
#: and three of his minor colour HOME, so the least advanced pawn of the minor
#: colour is spare). It still counts a little: it takes the place of a needed
#: pawn that is captured, and it blocks and captures. 0.25 was the best of the
#: weights tried (1, the hand evaluation before; 0.5, 0.25, 0, -0.5) in
#: greedy-against-greedy matches of 1,000 games (docs/players.md).
SPARE_WEIGHT = 0.25


#: An evaluation: ``f(position, player)``, the position's value for the player
#: (higher is better), such as :func:`evaluate`.
Evaluation = Callable[[Position, int], float]


class _Tables:
    """What :func:`evaluate` needs of a set-up, computed once per set-up."""

    def __init__(self, setup: Setup) -> None:
        ruleset = setup.ruleset
        pagade = ruleset == "pagade"
        self.setup = setup
        self.colours = setup.colours_in_play
        self.routes = ROUTES[ruleset]
        self.home = setup.home
        self.home_value = float(setup.home + 10)
        safe = safe_squares(setup)
        self.safe = tuple(q in safe for q in range(N_RING))
        # Chance of a hit from a distance (mod 68): 1..24, else 0.
        self.chance = hit_chance(ruleset)
        self.friendly = setup.friendly
        owner = setup.owner
        self.owner = tuple(o if o is not None else -1 for o in owner)
        self.signs = [player_signs(setup, player) for player in range(len(setup.players))]
        self.pagade = pagade
        # Whether the colour's least advanced pawn is spare (a minor colour, §7).
        self.spare = spare_colours(setup)


_TABLES: dict[int, _Tables] = {}


def _tables(setup: Setup) -> _Tables:
    t = _TABLES.get(id(setup))
    if t is None or t.setup is not setup:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _TABLES[id(setup)] = _Tables(setup)
    return t


#: The largest chance that one of the threats hits a square (the benchmarks' name).
_risk = hit_risk


def _occupancy(
    t: _Tables, pawns: tuple[tuple[int, ...], ...]
) -> tuple[list[int], list[tuple[int, int]]]:
    """Pawns per ring square, and ``(square, colour)`` of every pawn on the ring."""
    routes = t.routes
    counts = [0] * N_RING
    ring: list[tuple[int, int]] = []
    for c in t.colours:
        route = routes[c]
        for p in pawns[c]:
            s = route[p]
            if 0 <= s < N_RING:
                counts[s] += 1
                ring.append((s, c))
    return counts, ring


def evaluate(position: Position, player: int) -> float:
    """The position's value for ``player`` (higher is better).

    :func:`pachisi.bots.greedy.evaluate` (the definition), computed faster:
    the same values, bit for bit.

    >>> from pachisi.bots import greedy
    >>> pos = Position.start("pagade", players=2)
    >>> evaluate(pos, 0) == greedy.evaluate(pos, 0)
    True

    Ludo and MADN (one die, their own rings) have their own evaluation,
    :func:`pachisi.bots.one_die.evaluate`.
    """
    if position.setup.ruleset in ONE_DIE_RULESETS:
        return one_die.evaluate(position, player)
    t = _tables(position.setup)
    pawns = position.pawns
    routes = t.routes
    counts, ring = _occupancy(t, pawns)
    home = t.home
    safe = t.safe
    chance = t.chance
    signs = t.signs[player]
    cut = position.cut
    score = 0.0
    for c in t.colours:
        route = routes[c]
        friendly = t.friendly[c]
        value = 0.0
        threats: list[int] | None = None
        spare = t.spare[c]  # the first pawn (the least advanced: pawns are sorted) is spare
        for p in pawns[c]:
            if p == home:
                if spare:
                    value += t.home_value * SPARE_WEIGHT
                    spare = False
                else:
                    value += t.home_value
                continue
            if p == 0:
                spare = False
                continue
            v = float(p)
            s = route[p]
            if 0 <= s < N_RING and not safe[s] and counts[s] < 2:
                if threats is None:
                    threats = [q for q, oc in ring if not friendly[oc]]
                v -= _risk(chance, s, threats) * v * 0.8
            if spare:
                v *= SPARE_WEIGHT
                spare = False
            value += v
        if t.pagade and cut is not None and cut[t.owner[c]]:
            value += 15
        score += signs[c] * value
    if position.winner is not None:
        score += 10_000 if player in position.winner else -10_000
    return score
