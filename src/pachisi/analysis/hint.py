"""Hints: the plays of a throw ranked at once, by the network fitted to the set-up.

A player at the board who asks for a hint wants it at once. :func:`hints`
ranks the plays by the value network shipped for the game's set-up
(:func:`pachisi.analysis.net.evaluator_for`), at
:data:`~pachisi.analysis.net.HINT_PLY` (2 plies: every next two throws with
their exact probabilities, each answered by the network's best play; the 8
plays it likes best at 0 ply looked at 1 ply ahead, the best 3 of those at
2): hundredths of a second, and
its figures are win chances fitted to that set-up (25% at the start of a
four-player game). Each hint's ``how`` says how (``{"method": "network",
"ply", "network"}``); a play that ends the game is exact.

Where no network has learned the set-up (two players on neighbouring arms,
say), there is no win chance to give: the plays are ranked one throw ahead
by the hand evaluation (the expectimax player's look-ahead, calibrated on
two-player games only), and every hint's ``chance`` is ``None``, its
``how`` ``{"method": "none", "why": ...}``. :func:`pachisi.analysis.words.hint_lines`
writes a hint in words.

Ludo and MADN are hinted by their network where one ships for the set-up
(two and four players), as above. Where none has learned the set-up (three
players), their hints are rollouts
(:func:`pachisi.analysis.rank.rank_plays`) played by the strongest player
there is for them, expectimax (:data:`ONE_DIE_HINT_POLICY`),
:data:`ONE_DIE_HINT_ROLLOUTS` of each play on the same dice, so each hint
carries its standard error ``se`` and whether its difference from the best
play is inside its own noise (``close``: "too close to tell", two standard
errors of the paired difference). They cost seconds, not hundredths (about
a third of a second per rollout on one core); ``rollouts`` and ``jobs``
say how many and in how many processes.

>>> from pachisi import Position
>>> pos = Position.from_text("parcheesi r,y - r:45.72.72.72,y:14.72.72.72 0 0 - - -")
>>> best = hints(pos, (3, 4))[0]
>>> best.notation, best.chance, best.exact, best.how["method"]
('R45-48x R48-52 +20:R52-72', 1.0, True, 'network')
>>> four = Position.start("parcheesi", players=4)
>>> 0.20 < hints(four, (5, 2))[0].chance < 0.30
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots.expectimax import greedy_replies, ranked
from ..bots.search import win_chance
from ..dice import Throw, dice_for
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS
from .net import HINT_PLY, NetEvaluator, evaluator_for, net_ranking
from .rank import clear_difference, rank_plays

__all__ = [
    "HINT_PLAYS",
    "ONE_DIE_HINT_POLICY",
    "ONE_DIE_HINT_ROLLOUTS",
    "Hint",
    "chance_after",
    "hints",
]

#: The plays a hint names (the terminal's and the web's): at 2 plies, so many are looked
#: at to the end.
HINT_PLAYS = 3
#: Ludo and MADN: the rollouts of each play of a hint, and the player that plays them.
ONE_DIE_HINT_ROLLOUTS = 36
ONE_DIE_HINT_POLICY = "expectimax"


@dataclass(frozen=True)
class Hint:
    """One play and the mover's win chance after it.

    ``chance``: the mover's (his team's) win chance after the play by the
    network, ``None`` where no network has learned the set-up; ``exact``:
    the chance is exact (the play ends the game); ``how``: how it was
    obtained (:meth:`NetEvaluator.describe`), or ``{"method": "none", "why"}``,
    or for Ludo and MADN ``{"method": "rollouts", "policy", "rollouts", "seed"}``.
    By rollouts, ``se`` is the chance's standard error, ``diff_se`` that of its
    difference from the best play (the same dice for every play) and ``close``
    says that the difference is inside its noise (too close to tell).
    """

    play: Play
    chance: float | None
    how: dict[str, Any] | None = field(default=None, compare=False)
    exact: bool = False
    se: float | None = None
    close: bool = False
    diff_se: float | None = None

    @property
    def notation(self) -> str:
        """The play in the move notation."""
        return self.play.notation


def hints(
    position: Position,
    throw: Sequence[int],
    candidates: int = 8,
    evaluator: NetEvaluator | None = None,
    *,
    rollouts: int = ONE_DIE_HINT_ROLLOUTS,
    jobs: int = 1,
    seed: int = 0,
) -> list[Hint]:
    """The legal plays of ``throw``, best first by the mover's win chance.

    By ``evaluator``, or by default the network fitted to the set-up at
    :data:`~pachisi.analysis.net.HINT_PLY`; only the ``candidates`` plays it likes
    best at 0 ply are looked at deeper (the others are left out: a hint names the
    best plays, it does not grade them all). Without a fitted network, the plays are ranked by the
    hand evaluation one throw ahead and carry no chance; in Ludo and MADN without
    one, by ``rollouts`` rollouts of each play (see the module), in ``jobs``
    processes, with ``seed``. Raises :class:`~pachisi.errors.ThrowError` for a bad throw or
    a game that is over.
    """
    if candidates < 1:
        raise ValueError(f"candidates must be at least 1, not {candidates}")
    why = None
    if evaluator is None:
        evaluator, why = evaluator_for(position.setup, HINT_PLY)
    if evaluator is None and position.setup.ruleset in ONE_DIE_RULESETS:
        return _rollout_hints(position, throw, candidates, rollouts, jobs, seed)
    if evaluator is not None:
        # At 2 plies the move filter keeps HINT_PLAYS plays to the end (a hint names three).
        finalists = max(evaluator.finalists, min(HINT_PLAYS, candidates))
        ev = evaluator.variant(candidates=candidates, finalists=finalists)
        ranking = net_ranking(position, throw, ev)
        return [
            Hint(rp.play, rp.chance, ranking.how, rp.estimate.exact)
            for rp in ranking.plays[:candidates]
        ]
    plays = legal_plays(position, throw)
    me = position.to_move
    shortlist = [p for _, _, p in ranked(plays, me)[:candidates]]
    ahead = {p: _one_throw_ahead(p.position, me) for p in shortlist}
    shortlist.sort(key=lambda p: -ahead[p])  # stable: ties keep the evaluation's order
    how = {"method": "none", "why": why or "no network has learned this set-up"}
    return [Hint(p, None, how) for p in shortlist]


def _rollout_hints(
    position: Position, throw: Sequence[int], candidates: int, rollouts: int, jobs: int, seed: int
) -> list[Hint]:
    """Ludo and MADN: the plays ranked by rollouts of the strongest player (see the module)."""
    if rollouts < 1:
        raise ValueError(f"rollouts must be at least 1, not {rollouts}")
    ranking = rank_plays(
        position,
        throw,
        rollouts,
        seed=seed,
        policy=ONE_DIE_HINT_POLICY,
        jobs=jobs,
        candidates=candidates,
    )
    how = {"method": "rollouts", "policy": ONE_DIE_HINT_POLICY, "rollouts": rollouts, "seed": seed}
    return [
        Hint(
            rp.play,
            rp.chance,
            how,
            rp.estimate.exact,
            se=rp.se,
            close=i > 0 and not clear_difference(rp.diff, rp.diff_se),
            diff_se=rp.diff_se,
        )
        for i, rp in enumerate(ranking.plays[:candidates])
    ]


def _one_throw_ahead(position: Position, me: int) -> float:
    """``me``'s expected win chance after the next throw, answered greedily."""
    if position.winner is not None or position.is_over:
        return win_chance(position, me)
    return sum(
        float(prob) * chance_after(position, throw, me)
        for throw, prob in dice_for(position.ruleset).distinct()
    )


def chance_after(position: Position, throw: Throw, me: int) -> float:
    """``me``'s estimated win chance once the player to move has answered ``throw``
    greedily (ties between his best answers averaged).

    The value of one chance outcome: :func:`hints` weighs it over every throw,
    and the luck-adjusted tournaments of ``benchmarks/strength.py`` compare it
    with that mean.
    """
    replies = greedy_replies(position, throw)
    return sum(win_chance(r, me) for r in replies) / len(replies)
