"""The greedy player: the best resulting position by a hand-made evaluation.

The evaluation scores a position for one player (his colours, and his
partner's with half weight) against the others, in units of "squares of
progress":

* progress of every pawn (Home/HOME counts extra: it can never be lost);
* pawns in the nest or cut count nothing, so a capture is worth what the
  victim loses;
* safety: pawns on private squares (belly, home path), on safety spaces, in
  blockades or pairs are not at risk;
* danger: a pawn that can be hit is discounted by the chance that an
  opponent pawn behind it reaches it with one throw (the exact share of the
  dice outcomes whose numbers make that distance);
* Pagade: having cut once is worth a lot (the belly opens);
* Eight-Man: a player needs only three pawns of his minor colour HOME, so
  the least advanced of them is *spare* and its value counts a quarter
  (:data:`pachisi.bots.evaluation.SPARE_WEIGHT`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..board import OFF, ROUTES, is_ring
from ..dice import Throw
from ..hand_terms import hit_chance, player_signs, safe_squares
from ..moves import Play
from ..plays import best_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS
from .evaluation import SPARE_WEIGHT, Evaluation
from .evaluation import evaluate as _fast_evaluate
from .one_die import evaluate as _one_die_evaluate

__all__ = ["GreedyPlayer", "best_plays", "evaluate"]


def evaluate(position: Position, player: int) -> float:
    """The position's value for ``player`` (higher is better), see the module docstring.

    This is the evaluation's definition, written to be read; the players use
    :func:`pachisi.bots.evaluation.evaluate`, which gives the same values bit
    for bit, several times faster. Ludo and MADN have their own evaluation
    (:func:`pachisi.bots.one_die.evaluate`).
    """
    setup = position.setup
    if setup.ruleset in ONE_DIE_RULESETS:
        return _one_die_evaluate(position, player)
    ruleset = setup.ruleset
    routes = ROUTES[ruleset]
    home = setup.home
    pagade = ruleset == "pagade"
    chance = hit_chance(ruleset)
    signs = player_signs(setup, player)
    safe = safe_squares(setup)
    # Occupancy of ring squares: colour -> count, and each colour's pawns by ring square.
    occ: dict[int, list[int]] = {}
    for c in setup.colours_in_play:
        for p in position.pawns[c]:
            s = routes[c][p]
            if s != OFF and is_ring(s):
                occ.setdefault(s, []).append(c)
    score = 0.0
    for c in setup.colours_in_play:
        owner = setup.owner[c]
        assert owner is not None
        sign = signs[c]
        value = 0.0
        # Eight-Man (RULES.md §7): a minor colour's least advanced pawn need not finish.
        minor = setup.majors is not None and c not in setup.majors
        for i, p in enumerate(position.pawns[c]):  # sorted: pawn 0 is the least advanced
            weight = SPARE_WEIGHT if minor and i == 0 else 1.0
            if p == home:
                value += (home + 10) * weight
                continue
            if p == 0:
                continue
            v = float(p)
            s = routes[c][p]
            if is_ring(s) and s not in safe and len(occ.get(s, ())) < 2:
                # Danger: opponents behind within reach of one throw.
                risk = 0.0
                for d in range(1, 25):
                    back = (s - d) % 68
                    for oc in occ.get(back, ()):
                        if not setup.friendly[c][oc]:
                            risk = max(risk, chance[d])
                v -= risk * v * 0.8
            value += v * weight
        if pagade and position.cut is not None and owner is not None and position.cut[owner]:
            value += 15
        score += sign * value
    if position.winner is not None:
        score += 10_000 if player in position.winner else -10_000
    return score


class GreedyPlayer:
    """Chooses the play whose resulting position :func:`evaluate` likes best.

    ``evaluation``: another evaluation ``f(position, player)`` to use instead
    (such as a tuned or learned one); the choice is made the same way. The
    default is the fast implementation of this module's :func:`evaluate`
    (:func:`pachisi.bots.evaluation.evaluate`: the same values, so the same
    choices).
    """

    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        evaluation: Evaluation = _fast_evaluate,
    ) -> None:
        self.rng = random.Random(seed)
        self.evaluation = evaluation

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The best play by the evaluation; ties broken at random (seeded)."""
        best = best_plays(position, plays, self.evaluation)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]
