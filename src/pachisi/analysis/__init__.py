"""Analysis in the manner of gnubg: win chances, plays ranked, games reviewed, hints.

By default the value network fitted to the game's set-up judges
(:mod:`pachisi.analysis.net`: :func:`~pachisi.analysis.net.evaluator_for`
picks it, or says why there is none, and then no win chance is shown):

* ``NetEvaluator.estimate``: every player's (and team's) win chance in a
  position before the throw, exact when the game is decided;
* :func:`net_ranking`: every legal play of a throw ranked by the mover's win
  chance; :func:`check_rollouts` checks it by rollouts of the network's
  player (common random numbers, truncation, the network as a control
  variate), with standard errors;
* :func:`review`: a whole recorded game, throw by throw: the play made
  against the best one (fine, inaccuracy, mistake, blunder) and the luck of
  the throw, with per-player totals and a summary (1 ply);
* :func:`hints`: the best plays of a throw at once (2 plies).

By rollouts of a computer player (``greedy`` or ``random``), on request:
:func:`win_chances`, :func:`rank_plays` and ``review(...,
ReviewSettings(by="rollouts"))``, with common random numbers (rollout ``k``
of every position throws the same dice) and a stratified first throw, in
several processes if asked, the same results whatever the number of
processes.

:mod:`pachisi.analysis.words` writes every figure in one unit, points of win
chance, never with more digits than its precision. Every result says how it
was obtained. See ``docs/analysis.md``.

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
