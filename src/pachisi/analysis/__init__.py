"""Analysis in the manner of gnubg: win chances by rollouts, plays ranked, games reviewed.

* :func:`win_chances`: every player's (and team's) win chance in a position
  before the throw, exact when the game is decided, otherwise from
  rollouts with a computer player (``greedy`` or ``random``) making every
  choice;
* :func:`rank_plays`: every legal play of a throw ranked by the mover's win
  chance, with standard errors;
* :func:`review`: a whole recorded game, throw by throw: the play made
  against the best one (fine, inaccuracy, mistake, blunder) and the luck of
  the throw, with per-player totals;
* :func:`hints`: the best plays of a throw at once, one throw ahead (the
  expectimax player's estimate, for a hint at the board);
* by the value network (:mod:`pachisi.analysis.net`): :class:`NetEvaluator`
  judges positions at 0, 1 or 2 plies over the exact dice in milliseconds,
  :func:`net_ranking` ranks a throw's plays, ``review(...,
  ReviewSettings(by="network", ply=1))`` reviews a game, ``hints(...,
  evaluator=...)`` gives hints, and :func:`check_rollouts` checks a ranking
  by truncated rollouts of the network's player with standard errors.

Rollouts (the default) use common random numbers (rollout ``k`` of every position throws
the same dice) and a stratified first throw, run in several processes if
asked, and give the same results whatever the number of processes. Every
result says how it was obtained: rollouts, policy, seed, standard errors.
See ``docs/analysis.md``.

This package uses the standard library and pachisi only.
"""

from .hint import Hint, hints
from .net import NetEvaluator, check_rollouts, made_by_summary, net_ranking
from .rank import RankedPlay, Ranking, rank_plays, shortlist
from .review import (
    BY,
    CLEAR,
    LUCK_MARKS,
    THRESHOLDS,
    VERDICTS,
    MoveReview,
    PlayerSummary,
    Review,
    ReviewSettings,
    ThrowValue,
    classify,
    judge,
    luck_mark,
    review,
)
from .rollout import (
    DEFAULT_MAX_THROWS,
    POLICIES,
    Estimate,
    RolloutRunner,
    RolloutSpec,
    exact_chances,
    playout_seed,
    rollout,
    sides,
    win_chances,
)

__all__ = [
    "BY",
    "CLEAR",
    "DEFAULT_MAX_THROWS",
    "LUCK_MARKS",
    "POLICIES",
    "THRESHOLDS",
    "VERDICTS",
    "Estimate",
    "Hint",
    "MoveReview",
    "NetEvaluator",
    "PlayerSummary",
    "RankedPlay",
    "Ranking",
    "Review",
    "ReviewSettings",
    "RolloutRunner",
    "RolloutSpec",
    "ThrowValue",
    "check_rollouts",
    "classify",
    "exact_chances",
    "hints",
    "judge",
    "luck_mark",
    "made_by_summary",
    "net_ranking",
    "playout_seed",
    "rank_plays",
    "review",
    "rollout",
    "shortlist",
    "sides",
    "win_chances",
]
