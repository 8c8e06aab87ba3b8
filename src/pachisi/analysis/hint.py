"""Quick hints: the plays of a throw ranked one throw ahead, in a fraction of a second.

:func:`rank_plays` measures every play by rollouts to the end of the game,
with standard errors: the answer to "which play was best?", at a cost of
seconds (Parcheesi) to minutes (Pagade). A player at the board who asks
for a hint wants it at once, so :func:`hints` uses the expectimax player's
look-ahead instead: for each play, every distinct next throw with its
exact probability, answered greedily by whoever throws it, and the
resulting position scored by the logistic of the evaluation at the
calibrated scale, which shrinks as the race shortens
(:func:`pachisi.bots.search.win_chance`). The chance shown is that
estimate: the expectimax player's view, not a measurement. It is exact
(1 or 0) when the play ends the game.

>>> from pachisi import Position
>>> pos = Position.from_text("parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -")
>>> best = hints(pos, (2, 6))[0]
>>> best.notation, round(best.chance, 3)
('R66-72 R60-62 +10:R62-72 +10:R62-72', 0.87)

With an ``evaluator`` (:class:`pachisi.analysis.net.NetEvaluator`), the
value network ranks the plays instead, at the evaluator's ply, and each
hint's ``how`` says so (``{"method": "network", "ply", "network"}``).
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
from .net import NetEvaluator, net_ranking

__all__ = ["Hint", "chance_after", "hints"]


@dataclass(frozen=True)
class Hint:
    """One play and the mover's estimated win chance after it.

    ``how``: ``None`` for the expectimax player's estimate one throw ahead,
    else how the value network obtained it (:meth:`NetEvaluator.describe`).
    """

    play: Play
    chance: float
    how: dict[str, Any] | None = field(default=None, compare=False)

    @property
    def notation(self) -> str:
        """The play in the move notation."""
        return self.play.notation


def hints(
    position: Position,
    throw: Sequence[int],
    candidates: int = 8,
    evaluator: NetEvaluator | None = None,
) -> list[Hint]:
    """The legal plays of ``throw``, best first by the estimated win chance of the mover.

    Only the ``candidates`` plays the evaluation likes best are looked at ahead
    (the others are left out: a hint names the best plays, it does not grade them
    all). With an ``evaluator``, the value network ranks them at its ply (its
    move filter keeps ``candidates`` plays beyond 0 ply). Raises
    :class:`~pachisi.errors.ThrowError` for a bad throw or a game that is over.
    """
    if candidates < 1:
        raise ValueError(f"candidates must be at least 1, not {candidates}")
    if evaluator is not None:
        ev = evaluator.variant(candidates=candidates)
        ranking = net_ranking(position, throw, ev)
        return [Hint(rp.play, rp.chance, ranking.how) for rp in ranking.plays]
    plays = legal_plays(position, throw)
    me = position.to_move
    shortlist = [p for _, _, p in ranked(plays, me)[:candidates]]
    out = [Hint(p, _one_throw_ahead(p.position, me)) for p in shortlist]
    out.sort(key=lambda h: -h.chance)  # stable: ties keep the evaluation's order
    return out


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
