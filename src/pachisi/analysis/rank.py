"""Every legal play of a throw ranked by the mover's win chance.

:func:`rank_plays` rolls out the position after each legal play (see
:mod:`pachisi.analysis.rollout`) and sorts the plays by the win chance of the
player who threw (in a team game, of his team), best first. Rollout ``k``
of every candidate uses the same dice, so the difference between two plays
is measured much more precisely than either chance: each ranked play carries
both its own standard error (``se``) and the standard error of its
difference from the best play (``diff_se``, from the paired per-rollout
differences). A play whose result is decided, or a pure race the race tables
value exactly, carries that exact value with a standard error of 0, not its
rollouts' share.

>>> from pachisi import Position
>>> pos = Position.from_text("pagade ry,bg - r:84.84.84.80,b:84.84.84.83,y:84.84.84.84,"
...                          "g:84.84.84.84 0 0 11 - -")
>>> ranking = rank_plays(pos, (4, 1), 32, seed=1)
>>> [(p.notation, round(p.chance, 2), round(p.diff, 2), p.se) for p in ranking.plays]
[('R80-84', 1.0, 0.0, 0.0), ('R80-81', 0.33, -0.67, 0.0)]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import evaluate
from ..dice import Throw
from ..moves import Play, legal_plays
from ..position import Position
from .rollout import (
    DEFAULT_MAX_THROWS,
    Estimate,
    RolloutRunner,
    RolloutSpec,
    mean_se,
)

__all__ = ["CLEAR", "RankedPlay", "Ranking", "clear_difference", "rank_plays", "shortlist"]

#: A difference (a loss, a luck) is a verdict only when it is at least this many
#: standard errors; inside that it is "too close to tell".
CLEAR = 2.0


def clear_difference(diff: float, se: float, k: float = CLEAR) -> bool:
    """Whether ``diff`` is outside its own noise: at least ``k`` (:data:`CLEAR`) standard
    errors ``se`` (an exact difference, ``se`` 0, is clear unless it is 0).

    >>> clear_difference(-0.03, 0.01), clear_difference(-0.03, 0.02), clear_difference(0.01, 0.0)
    (True, False, True)
    >>> clear_difference(-0.025, 0.01), clear_difference(-0.025, 0.01, k=2.6)
    (True, False)
    """
    if not math.isfinite(se):
        return False
    if se == 0:
        return diff != 0
    return abs(diff) >= k * se


@dataclass(frozen=True)
class RankedPlay:
    """One play with the mover's win chance after it.

    ``chance`` and ``se``: the mover's (or his team's) win chance after the
    play and its standard error; ``diff`` the chance minus the best play's
    (0 for the best, negative otherwise) and ``diff_se`` its standard error
    with common random numbers; ``estimate`` every player's chances.
    """

    play: Play
    chance: float
    se: float
    diff: float
    diff_se: float
    estimate: Estimate

    @property
    def notation(self) -> str:
        """The play in the move notation."""
        return self.play.notation

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "play": self.notation,
            "chance": self.chance,
            "se": _finite(self.se),
            "diff": self.diff,
            "diff_se": _finite(self.diff_se),
            "estimate": self.estimate.as_dict(),
            "position": self.play.position.to_text(),
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class Ranking:
    """The plays of ``throw`` in ``position``, best first, and how they were ranked.

    ``plays`` holds the plays that were rolled out, best first; ``pruned``
    the legal plays left out by a ``candidates`` limit (the ones the greedy
    evaluation liked least), not rolled out. ``how`` says how the chances
    were obtained when it was not by rollouts of a computer player (``None``):
    by the value network (:func:`pachisi.analysis.net.net_ranking`:
    ``{"method": "network", "ply", "network"}``), or by its truncated
    rollouts (:func:`pachisi.analysis.net.check_rollouts`).
    """

    position: Position
    throw: Throw
    mover: int
    plays: tuple[RankedPlay, ...]
    rollouts: int
    policy: str
    seed: int
    pruned: tuple[Play, ...] = field(default=())
    how: dict[str, Any] | None = None

    @property
    def method(self) -> dict[str, Any]:
        """How the chances were obtained, as in the JSON documents (``"method"`` first)."""
        if self.how is not None:
            return dict(self.how)
        return {"method": "rollout", "rollouts": self.rollouts, "policy": self.policy}

    @property
    def best(self) -> RankedPlay:
        """The best play."""
        return self.plays[0]

    def find(self, play: Play) -> RankedPlay | None:
        """The ranked entry of ``play`` (same resulting position), or ``None`` if pruned."""
        for rp in self.plays:
            if rp.play.position == play.position:
                return rp
        return None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "position": self.position.to_text(),
            "throw": list(self.throw),
            "mover": self.mover,
            "rollouts": self.rollouts,
            "policy": self.policy,
            "seed": self.seed,
            "plays": [p.as_dict() for p in self.plays],
            "pruned": [p.notation for p in self.pruned],
            **self.method,
        }


def shortlist(
    position: Position,
    plays: Sequence[Play],
    limit: int | None,
    always: Sequence[Play] = (),
) -> tuple[list[Play], list[Play]]:
    """The plays to roll out and the ones left out.

    With a ``limit``, keep the ``limit`` plays the greedy evaluation
    (:func:`pachisi.bots.evaluate`) likes best for the mover, and every play
    of ``always``; otherwise keep every play. Order is kept.
    """
    if limit is None or len(plays) <= limit:
        return list(plays), []
    mover = position.to_move
    scores = [evaluate(p.position, mover) for p in plays]
    order = sorted(range(len(plays)), key=lambda i: -scores[i])
    keep = set(order[: max(limit, 0)])
    wanted = {p.position for p in always}
    for i, p in enumerate(plays):
        if p.position in wanted:
            keep.add(i)
    kept = [p for i, p in enumerate(plays) if i in keep]
    left = [p for i, p in enumerate(plays) if i not in keep]
    return kept, left


def _values(runner: RolloutRunner, position: Position, rollouts: int, mover: int) -> list[float]:
    """The mover's per-rollout results, or its exact value in every one where the position
    is valued exactly (a decided game, an exact race: :attr:`Estimate.exact`), so that a
    play's chance agrees with its estimate and an exact play carries no noise."""
    est = runner.estimate(position, rollouts)
    if est.exact:
        return [est.chances[mover]] * rollouts
    return runner.values(position, rollouts, mover)


def ranking_from(
    runner: RolloutRunner,
    position: Position,
    throw: Throw,
    candidates: Sequence[Play],
    rollouts: int,
    pruned: Sequence[Play] = (),
) -> Ranking:
    """Rank ``candidates`` from ``runner``'s first ``rollouts`` rollouts of each."""
    mover = position.to_move
    runner.compute([(p.position, rollouts) for p in candidates])
    values = [_values(runner, p.position, rollouts, mover) for p in candidates]
    stats = [mean_se(v) for v in values]
    order = sorted(range(len(candidates)), key=lambda i: -stats[i][0])
    best = values[order[0]]
    ranked = []
    for i in order:
        chance, se = stats[i]
        if i == order[0]:
            diff, diff_se = 0.0, 0.0
        else:
            diff, diff_se = mean_se([v - b for v, b in zip(values[i], best, strict=True)])
        est = runner.estimate(candidates[i].position, rollouts)
        ranked.append(RankedPlay(candidates[i], chance, se, diff, diff_se, est))
    spec = runner.spec
    return Ranking(
        position, throw, mover, tuple(ranked), rollouts, spec.policy, spec.seed, tuple(pruned)
    )


def rank_plays(
    position: Position,
    throw: Sequence[int],
    rollouts: int,
    *,
    seed: int = 0,
    policy: str = "greedy",
    jobs: int = 1,
    candidates: int | None = None,
    max_throws: int = DEFAULT_MAX_THROWS,
    runner: RolloutRunner | None = None,
) -> Ranking:
    """Rank every legal play of ``throw`` by the mover's win chance, best first.

    Each play's resulting position gets ``rollouts`` rollouts (exact chances
    when the play decides the game). ``candidates`` limits the plays rolled
    out to that many, chosen by the greedy evaluation (for throws with very
    many outcomes); ``runner`` lets callers share rollouts between calls
    (its seed and policy are used instead of ``seed`` and ``policy``).
    Raises :class:`~pachisi.errors.ThrowError` for a bad throw or a game
    that is over.
    """
    if rollouts < 1:
        raise ValueError(f"rollouts must be at least 1, not {rollouts}")
    if candidates is not None and candidates < 1:
        raise ValueError(f"candidates must be at least 1, not {candidates}")
    plays = legal_plays(position, throw)
    t = plays[0].throw
    kept, left = shortlist(position, plays, candidates)
    if runner is not None:
        return ranking_from(runner, position, t, kept, rollouts, left)
    spec = RolloutSpec(seed, policy, max_throws)
    with RolloutRunner(spec, max(1, min(jobs, rollouts * len(kept)))) as own:
        return ranking_from(own, position, t, kept, rollouts, left)
