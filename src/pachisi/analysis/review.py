"""Reviewing a whole game: every play against the best one, and the luck of every throw.

For every throw of a record, :func:`review` measures, like gnubg's analysis:

* **the play**: the legal plays of the throw that fell are rolled out
  (``rollouts`` per play; with ``candidates`` set, only that many plays,
  those the greedy evaluation likes best, plus the play made). The *loss*
  is the best play's win chance minus the chosen play's, for the player who
  threw (his team in a team game), with the standard error of that paired
  difference; the play is judged by :func:`judge`. The best of several
  noisy estimates is too good by chance, which would turn every choice
  between close plays into an "error": so the best play is picked on the
  even rollouts and compared with the play made on the odd ones, and the
  other way round (an estimate without selection bias, which can come out
  slightly negative when the play made was as good as any);
* **the luck**: the value of a throw is the mover's win chance after the
  best play of that throw; the luck of the throw that fell is its value
  minus the mean value over every throw the dice could have made, weighted
  by their exact probabilities (``dice_for(ruleset).distinct()``: 21 throws
  of two dice, 10 of stick dice). Valuing every throw by rolling out every
  play would cost some twenty times the review of the play itself, so it is
  made affordable: under each throw only the ``luck_candidates`` plays the
  greedy evaluation likes best are rolled out (1 by default: the play the
  greedy evaluation picks), with ``luck_rollouts`` rollouts each, fewer
  than for the play. With one candidate the throw that fell is valued from
  its ``rollouts`` rollouts, the others from ``luck_rollouts``; with more,
  every throw, the one that fell included, is valued by its best candidate
  from ``luck_rollouts`` rollouts, so that picking the largest of noisy
  estimates favours no throw. Either way the valuation does not depend on
  which throw fell, so the luck of a throw is zero on average.

Thresholds on the loss of win chance (best minus chosen), in the spirit of
gnubg, whose defaults mark a move *doubtful* from 0.04, *bad* from 0.08 and
*very bad* from 0.16 of equity. Equity there runs from -1 to +1 where a win
chance runs from 0 to 1 (equity = 2 p - 1 without gammons), so gnubg's
thresholds are 0.02, 0.04 and 0.08 of win chance. The lowest is kept; the
upper two are widened to 0.05 and 0.10: a race game of chance with captures
swings more than backgammon, and our figures are rollout estimates, not a
deterministic evaluation:

==============  ==============================
loss            verdict
==============  ==============================
below 0.02      fine
0.02 to 0.05    inaccuracy
0.05 to 0.10    mistake
0.10 and more   blunder
==============  ==============================

A play is only marked when its loss is also *clear*: at least two standard
errors (:data:`CLEAR`); a loss within the noise of the rollouts is "fine"
(and more rollouts may change that). Luck is marked as gnubg marks it (0.3
and 0.6 of equity, i.e. 0.15 and 0.30 of win chance), again only when clear:
*very lucky* from +0.30, *lucky* from +0.15, *unlucky* from -0.15, *very
unlucky* from -0.30.

Standard errors: every number carries one. Rollout ``k`` of every position
uses the same dice (common random numbers), so a loss is measured on paired
rollouts; a player's total loss too (summed per rollout index). The total
luck's standard error combines the throws' as if they were independent.

>>> from pachisi.record import Record
>>> rec = Record.from_text('''# pachisi game record
... Start: pagade ry,bg - r:84.84.84.80,b:84.84.84.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -
...
... 1. red+yellow 4-1: R80-81
... 2. black+green 1-3: B83-84
... ''')
>>> r = review(rec, ReviewSettings(rollouts=16, luck_rollouts=16, by="rollouts"))
>>> m = r.moves[0]
>>> m.best, round(m.loss, 2), m.verdict
('R80-84', 0.5, 'blunder')
>>> r.moves[1].decided, r.players[1].luck > 0
(False, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..dice import Throw, dice_for
from ..errors import PachisiError
from ..moves import legal_plays, parse_play
from ..position import Position
from ..record import Record
from .net import DEFAULT_PLY, LUCK_PLY, MAX_PLY, NetEvaluator, evaluator_for, net_ranking
from .rank import CLEAR, RankedPlay, Ranking, ranking_from, shortlist
from .rollout import (
    DEFAULT_MAX_THROWS,
    Estimate,
    RolloutRunner,
    RolloutSpec,
    exact_chances,
    mean_se,
)

__all__ = [
    "BY",
    "CLEAR",
    "LUCK_MARKS",
    "THRESHOLDS",
    "VERDICTS",
    "MoveReview",
    "PlayerSummary",
    "Review",
    "ReviewSettings",
    "ThrowValue",
    "classify",
    "judge",
    "luck_mark",
    "review",
]

#: The verdicts on a play, from best to worst.
VERDICTS = ("fine", "inaccuracy", "mistake", "blunder")

#: Upper bounds (exclusive) of the loss in win chance for the first three verdicts.
THRESHOLDS = {"fine": 0.02, "inaccuracy": 0.05, "mistake": 0.10}

#: Luck marks with their lower bounds (upper bounds for the unlucky ones).
LUCK_MARKS = {"very lucky": 0.30, "lucky": 0.15, "unlucky": -0.15, "very unlucky": -0.30}


#: How a review judges the plays: by rollouts of a computer player, or by the value network.
BY = ("rollouts", "network")


def classify(loss: float) -> str:
    """The verdict on a play that loses ``loss`` of win chance against the best.

    >>> [classify(x) for x in (0.0, 0.019, 0.02, 0.049, 0.05, 0.0999, 0.1, 0.5)]
    ['fine', 'fine', 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
    """
    for verdict in VERDICTS[:3]:
        if loss < THRESHOLDS[verdict]:
            return verdict
    return "blunder"


def judge(loss: float, se: float) -> str:
    """The verdict on a play: :func:`classify` of its loss if the loss is clear, else fine.

    Clear means at least :data:`CLEAR` standard errors (an exact loss is
    always clear).

    >>> judge(0.08, 0.03), judge(0.08, 0.05), judge(0.3, 0.0)
    ('mistake', 'fine', 'blunder')
    """
    if loss <= 0 or loss < CLEAR * se:
        return "fine"
    return classify(loss)


def luck_mark(luck: float, se: float = 0.0) -> str:
    """``very lucky``, ``lucky``, ``unlucky``, ``very unlucky`` or ``""``.

    Only a clear luck (at least :data:`CLEAR` standard errors ``se``) is marked.

    >>> [luck_mark(x) for x in (0.31, 0.15, 0.1, -0.15, -0.3)]
    ['very lucky', 'lucky', '', 'unlucky', 'very unlucky']
    >>> luck_mark(0.31, 0.2)
    ''
    """
    if abs(luck) < CLEAR * se:
        return ""
    if luck >= LUCK_MARKS["very lucky"]:
        return "very lucky"
    if luck >= LUCK_MARKS["lucky"]:
        return "lucky"
    if luck <= LUCK_MARKS["very unlucky"]:
        return "very unlucky"
    if luck <= LUCK_MARKS["unlucky"]:
        return "unlucky"
    return ""


@dataclass(frozen=True)
class ReviewSettings:
    """How a game is reviewed (see the module docstring).

    ``rollouts`` per play of the throw that fell; ``candidates``: at most
    that many of its plays are rolled out (``None``: all); ``luck_rollouts``
    and ``luck_candidates`` for valuing every possible throw (``luck_rollouts``
    0: the luck is not measured, and is ``None`` everywhere); ``seed``,
    ``policy`` and ``max_throws`` of the rollouts.

    ``by``: ``"network"`` (the default): the value network fitted to the
    set-up judges every play at ``ply`` 0, 1 or 2 (default 2) and every
    throw's luck at ``luck_ply`` (default ``None``: the lesser of ``ply`` and
    :data:`~pachisi.analysis.net.LUCK_PLY`, 1; see :attr:`luck_depth`)
    (:mod:`pachisi.analysis.net`; the rollout counts, seed and policy are
    then unused); or ``"rollouts"``: rollouts of ``policy``. By the network,
    ``candidates`` is the move filter (plays of the throw looked at beyond 0
    ply, the play made always among them) and ``luck_candidates`` the plays
    of each possible throw looked at beyond 0 ply for the luck;
    ``luck_rollouts`` 0 still leaves the luck out.
    """

    rollouts: int = 36
    luck_rollouts: int = 12
    luck_candidates: int = 1
    candidates: int | None = 8
    seed: int = 0
    policy: str = "greedy"
    max_throws: int = DEFAULT_MAX_THROWS
    by: str = "network"
    ply: int = DEFAULT_PLY
    luck_ply: int | None = None

    def __post_init__(self) -> None:
        if self.by not in BY:
            raise ValueError(f"by must be one of {', '.join(BY)}, not {self.by!r}")
        if not 0 <= self.ply <= MAX_PLY:
            raise ValueError(f"the ply must be 0 to {MAX_PLY}, not {self.ply}")
        if self.luck_ply is not None and not 0 <= self.luck_ply <= MAX_PLY:
            raise ValueError(f"the luck's ply must be 0 to {MAX_PLY}, not {self.luck_ply}")
        for name in ("rollouts", "luck_candidates"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.luck_rollouts < 0:
            raise ValueError(f"luck_rollouts must be at least 0, not {self.luck_rollouts}")
        if self.candidates is not None and self.candidates < 1:
            raise ValueError(f"candidates must be at least 1, not {self.candidates}")
        RolloutSpec(self.seed, self.policy, self.max_throws)  # checks the policy

    @property
    def luck_depth(self) -> int:
        """The ply the network values the luck at: ``luck_ply``, or by default the lesser of
        ``ply`` and :data:`~pachisi.analysis.net.LUCK_PLY` (:meth:`luck_depth_for`).

        >>> ReviewSettings().ply, ReviewSettings().luck_depth
        (2, 1)
        >>> ReviewSettings(ply=0).luck_depth, ReviewSettings(luck_ply=2).luck_depth
        (0, 2)
        """
        return self.luck_depth_for(self.ply)

    def luck_depth_for(self, ply: int) -> int:
        """The luck's ply where the plays are judged at ``ply`` (an evaluator given to
        :func:`review` brings its own): ``luck_ply``, or the lesser of ``ply`` and
        :data:`~pachisi.analysis.net.LUCK_PLY`.

        >>> ReviewSettings().luck_depth_for(0), ReviewSettings(luck_ply=2).luck_depth_for(0)
        (0, 2)
        """
        return min(ply, LUCK_PLY) if self.luck_ply is None else self.luck_ply

    @property
    def spec(self) -> RolloutSpec:
        """The rollout specification."""
        return RolloutSpec(self.seed, self.policy, self.max_throws)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "rollouts": self.rollouts,
            "luck_rollouts": self.luck_rollouts,
            "luck_candidates": self.luck_candidates,
            "candidates": self.candidates,
            "seed": self.seed,
            "policy": self.policy,
            "max_throws": self.max_throws,
            "by": self.by,
            "ply": self.ply,
            "luck_ply": self.luck_depth,
            "thresholds": dict(THRESHOLDS),
            "luck_marks": dict(LUCK_MARKS),
            "clear": CLEAR,
        }


@dataclass(frozen=True)
class ThrowValue:
    """The value of one possible throw: the mover's chance after its best play."""

    throw: Throw
    probability: float
    value: float
    se: float
    best: str

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "throw": list(self.throw),
            "probability": self.probability,
            "value": self.value,
            "se": _finite(self.se),
            "best": self.best,
        }


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


@dataclass(frozen=True)
class MoveReview:
    """The review of one throw of the game.

    ``chance``: the mover's win chance after the play made; ``best`` and
    ``best_chance``: the best play found; ``loss`` (best minus made,
    measured without selection bias, so it may be slightly negative) with
    ``loss_se``, and the ``verdict``. ``luck`` is the value
    of the throw that fell (``throw_value``) minus the mean value of all
    throws (``mean_value``), with ``luck_se`` and ``luck_mark``; ``throws``
    the value of every throw (from ``luck_rollouts`` rollouts). The luck
    fields are ``None`` when the luck was not measured.
    ``after`` holds every player's chances after the play. ``how``: how the
    figures were obtained when by the value network (``None``: rollouts).
    ``forced``: the
    throw had one legal play; ``decided``: the winner was already known, so
    nothing was at stake (everything is exact and zero).
    """

    number: int
    player: int
    colours: str
    position: Position
    throw: Throw
    played: str
    forced: bool
    decided: bool
    chance: float
    chance_se: float
    best: str
    best_chance: float
    best_se: float
    loss: float
    loss_se: float
    verdict: str
    luck: float | None
    luck_se: float | None
    luck_mark: str
    throw_value: float | None
    mean_value: float | None
    after: Estimate
    ranking: Ranking | None = None
    throws: tuple[ThrowValue, ...] = ()
    how: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``method`` and, by the network, ``ply`` and ``network``
        say how its figures were obtained)."""
        return {
            "move": self.number,
            "player": self.player,
            "colours": self.colours,
            "position": self.position.to_text(),
            "throw": list(self.throw),
            "played": self.played,
            "forced": self.forced,
            "decided": self.decided,
            "chance": self.chance,
            "chance_se": _finite(self.chance_se),
            "best": self.best,
            "best_chance": self.best_chance,
            "best_se": _finite(self.best_se),
            "loss": self.loss,
            "loss_se": _finite(self.loss_se),
            "verdict": self.verdict,
            "luck": self.luck,
            "luck_se": None if self.luck_se is None else _finite(self.luck_se),
            "luck_mark": self.luck_mark,
            "throw_value": self.throw_value,
            "mean_value": self.mean_value,
            "after": self.after.as_dict(),
            "plays": (
                [
                    {
                        "play": p.notation,
                        "chance": p.chance,
                        "se": _finite(p.se),
                        "diff": p.diff,
                        "diff_se": _finite(p.diff_se),
                    }
                    for p in self.ranking.plays
                ]
                if self.ranking is not None
                else []
            ),
            "pruned": [p.notation for p in self.ranking.pruned] if self.ranking else [],
            "throws": [t.as_dict() for t in self.throws],
            **(self.how or {"method": "rollout"}),
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's totals over the game.

    ``decisions``: throws with a choice that mattered (not forced, not
    decided); ``counts``: decisions per verdict; ``error_rate``: the mean
    loss of win chance per decision (gnubg's "error rate"), ``total_loss``
    the sum; ``luck``: the total luck of his throws, with ``luck_se``.
    """

    player: int
    name: str
    colours: str
    throws: int
    decisions: int
    counts: dict[str, int]
    total_loss: float
    total_loss_se: float
    error_rate: float | None
    luck: float | None
    luck_se: float | None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "player": self.player,
            "name": self.name,
            "colours": self.colours,
            "throws": self.throws,
            "decisions": self.decisions,
            "counts": dict(self.counts),
            "total_loss": self.total_loss,
            "total_loss_se": _finite(self.total_loss_se),
            "error_rate": self.error_rate,
            "luck": self.luck,
            "luck_se": None if self.luck_se is None else _finite(self.luck_se),
        }


@dataclass(frozen=True)
class Review:
    """A reviewed game: the start chances, every throw reviewed, per-player totals."""

    record: Record
    settings: ReviewSettings
    start: Estimate
    moves: tuple[MoveReview, ...]
    players: tuple[PlayerSummary, ...]
    rollouts_played: int = 0
    how: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (the document of ``pachisi analyse RECORD --json``)."""
        setup = self.record.start.setup
        return {
            "kind": "review",
            "start": self.record.start.to_text(),
            "setup": setup.describe(),
            "names": list(self.record.names),
            "result": self.record.result,
            "settings": self.settings.as_dict(),
            "rollouts_played": self.rollouts_played,
            "start_chances": self.start.as_dict(),
            "players": [p.as_dict() for p in self.players],
            "moves": [m.as_dict() for m in self.moves],
            "summary": self.summary(),
            **(self.how or {"method": "rollout"}),
        }

    def summary(self) -> dict[str, Any]:
        """What the review shows first, in points of win chance
        (:func:`pachisi.analysis.words.summary`): per-player totals, every side's
        win chance over the game, the turning points."""
        from .words import summary

        return summary(self)


# -- the review ----------------------------------------------------------------


@dataclass
class _Plan:
    """What one move needs: its candidates and, per possible throw, the luck candidates."""

    number: int
    position: Position
    throw: Throw
    played_position: Position
    played: str
    candidates: list[Any]
    pruned: list[Any]
    forced: bool
    luck: list[tuple[Throw, float, list[Any]]]


def _colours(position: Position, player: int) -> str:
    names = position.setup.colour_names
    return "+".join(names[c] for c in position.setup.players[player])


def _plan(number: int, position: Position, throw: Throw, notation: str, s: ReviewSettings) -> _Plan:
    played = parse_play(position, throw, notation)
    plays = legal_plays(position, throw)
    kept, left = shortlist(position, plays, s.candidates, always=[played])
    luck = []
    for u, p in dice_for(position.ruleset).distinct() if s.luck_rollouts else ():
        u_kept, _ = shortlist(position, legal_plays(position, u), s.luck_candidates)
        luck.append((u, float(p), u_kept))
    return _Plan(
        number, position, throw, played.position, notation, kept, left, len(plays) == 1, luck
    )


def review(
    record: Record,
    settings: ReviewSettings | None = None,
    *,
    jobs: int = 1,
    moves: Sequence[int] | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    runner: RolloutRunner | None = None,
    evaluator: NetEvaluator | None = None,
) -> Review:
    """Review every throw of ``record`` (or the throws numbered in ``moves``, from 1).

    Rollouts run in ``jobs`` processes (or in ``runner``); the results do
    not depend on ``jobs``. ``on_progress(done, total)`` is called as
    rollouts finish. Raises :class:`~pachisi.record.RecordError` for a
    record whose moves are not legal.

    With ``settings.by == "network"`` (the default), or an ``evaluator`` (a
    :class:`~pachisi.analysis.net.NetEvaluator`, whose network and ply are
    then used; default: the network fitted to the set-up at ``settings.ply``,
    :func:`~pachisi.analysis.net.evaluator_for`), the value network judges
    the game, and ``on_progress(done, total)`` counts throws; where no
    network has learned the set-up, :class:`~pachisi.errors.PachisiError`
    says so (``by="rollouts"`` still measures it).
    """
    s = settings or ReviewSettings()
    positions = record.positions()
    if evaluator is not None or s.by == "network":
        ev = evaluator
        if ev is None:
            ev, why = evaluator_for(record.start.setup, s.ply)
            if ev is None:
                raise PachisiError(
                    f"no win chances by a network here: {why} (rollouts, --by rollouts,"
                    " measure every set-up)"
                )
        return _net_review(record, s, ev, positions, moves, on_progress)
    wanted = set(range(1, len(record.moves) + 1)) if moves is None else set(moves)
    plans: list[_Plan] = []
    decided: list[int] = []
    for i, (throw, notation) in enumerate(record.moves, 1):
        if i not in wanted:
            continue
        pos = positions[i - 1]
        if pos.winner is not None:
            decided.append(i)
            continue
        plans.append(_plan(i, pos, throw, notation, s))
    requests: list[tuple[Position, int]] = [(record.start, s.rollouts)]
    for plan in plans:
        requests += [(p.position, s.rollouts) for p in plan.candidates]
        requests += [(p.position, s.luck_rollouts) for _, _, ps in plan.luck for p in ps]
        if s.luck_candidates == 1:
            key = tuple(sorted(plan.throw))
            requests += [(ps[0].position, s.rollouts) for u, _, ps in plan.luck if u == key]

    def work(r: RolloutRunner) -> Review:
        total = r.missing(requests)
        done = 0

        def step(n: int) -> None:
            nonlocal done
            done += n
            if on_progress is not None:
                on_progress(done, total)

        if on_progress is not None:
            on_progress(0, total)
        r.compute(requests, step)
        return _assemble(record, s, r, positions, plans, decided, total)

    if runner is not None:
        return work(runner)
    with RolloutRunner(s.spec, jobs) as own:
        return work(own)


def _assemble(
    record: Record,
    s: ReviewSettings,
    runner: RolloutRunner,
    positions: list[Position],
    plans: list[_Plan],
    decided: list[int],
    played_rollouts: int,
) -> Review:
    reviews: dict[int, MoveReview] = {}
    # Per-rollout losses and luck of each move, for the standard errors of the totals.
    loss_k: dict[int, list[float]] = {}
    for plan in plans:
        reviews[plan.number], loss_k[plan.number] = _rolled_out_review(runner, plan, s)
    for i in decided:
        reviews[i] = _decided_review(record, positions, i, s)
    ordered = tuple(reviews[i] for i in sorted(reviews))
    start = runner.estimate(record.start, s.rollouts)
    players = tuple(
        _summary(record, p, ordered, loss_k, s) for p in range(len(record.start.setup.players))
    )
    return Review(record, s, start, ordered, players, played_rollouts)


@dataclass(frozen=True)
class _Luck:
    """The luck of a move's throw (all None when luck is not measured)."""

    values: tuple[ThrowValue, ...] = ()
    luck: float | None = None
    luck_se: float | None = None
    throw_value: float | None = None
    mean_value: float | None = None


def _rolled_out_review(
    runner: RolloutRunner, plan: _Plan, s: ReviewSettings
) -> tuple[MoveReview, list[float]]:
    """The review of a move decided by rollouts, and its loss per rollout."""
    pos = plan.position
    ranking = ranking_from(runner, pos, plan.throw, plan.candidates, s.rollouts, plan.pruned)
    made = ranking.find(parse_play(pos, plan.throw, plan.played))
    assert made is not None
    best = ranking.best
    diffs = _loss_per_rollout(runner, ranking, made.play.position, s.rollouts)
    loss, loss_se = mean_se(diffs) if diffs else (0.0, 0.0)
    luck = _luck_of_throw(runner, plan, s)
    review = MoveReview(
        number=plan.number,
        player=pos.to_move,
        colours=_colours(pos, pos.to_move),
        position=pos,
        throw=plan.throw,
        played=made.notation,
        forced=plan.forced,
        decided=False,
        chance=made.chance,
        chance_se=made.se,
        best=best.notation,
        best_chance=best.chance,
        best_se=best.se,
        loss=loss,
        loss_se=loss_se,
        verdict=judge(loss, loss_se),
        luck=luck.luck,
        luck_se=luck.luck_se,
        luck_mark=(
            "" if luck.luck is None or luck.luck_se is None else luck_mark(luck.luck, luck.luck_se)
        ),
        throw_value=luck.throw_value,
        mean_value=luck.mean_value,
        after=made.estimate,
        ranking=ranking,
        throws=luck.values,
    )
    return review, diffs or [0.0] * s.rollouts


def _luck_of_throw(runner: RolloutRunner, plan: _Plan, s: ReviewSettings) -> _Luck:
    """Every throw valued by its best candidate (luck_rollouts each); the luck of the one
    that fell is its value less the mean over the throws."""
    if not plan.luck:
        return _Luck()
    pos = plan.position
    mover = pos.to_move
    values: list[ThrowValue] = []
    per_throw: list[tuple[float, list[float]]] = []
    fell: RankedPlay | None = None
    key = tuple(sorted(plan.throw))
    for u, p, cands in plan.luck:
        top = ranking_from(runner, pos, u, cands, s.luck_rollouts).best
        values.append(ThrowValue(u, p, top.chance, top.se, top.notation))
        per_throw.append((p, runner.values(top.play.position, s.luck_rollouts, mover)))
        if u == key:
            fell = top
    assert fell is not None
    mean_k = [math.fsum(p * v[k] for p, v in per_throw) for k in range(s.luck_rollouts)]
    mean_value, mean_se_ = mean_se(mean_k)
    if s.luck_candidates == 1:
        # One candidate per throw: no selection, so the throw that fell
        # may be valued from more rollouts without favouring it.
        fell_v = runner.values(fell.play.position, max(s.rollouts, s.luck_rollouts), mover)
        throw_value, value_se = mean_se(fell_v)
        luck = throw_value - mean_value
        luck_se = math.hypot(value_se, mean_se_) if len(mean_k) > 1 else value_se
    else:
        fell_v = runner.values(fell.play.position, s.luck_rollouts, mover)
        throw_value = fell.chance
        luck, luck_se = mean_se([f - m for f, m in zip(fell_v, mean_k, strict=True)])
    return _Luck(tuple(values), luck, luck_se, throw_value, mean_value)


def _decided_review(
    record: Record, positions: list[Position], i: int, s: ReviewSettings
) -> MoveReview:
    """The review of move ``i`` made where the result was already decided (exact chances)."""
    pos = positions[i - 1]
    throw, notation = record.moves[i - 1]
    after = exact_chances(positions[i])
    assert after is not None
    mover = pos.to_move
    chance = after.chances[mover]
    return MoveReview(
        number=i,
        player=mover,
        colours=_colours(pos, mover),
        position=pos,
        throw=throw,
        played=parse_play(pos, throw, notation).notation,
        forced=len(legal_plays(pos, throw)) == 1,
        decided=True,
        chance=chance,
        chance_se=0.0,
        best=notation,
        best_chance=chance,
        best_se=0.0,
        loss=0.0,
        loss_se=0.0,
        verdict="fine",
        luck=0.0 if s.luck_rollouts else None,
        luck_se=0.0 if s.luck_rollouts else None,
        luck_mark="",
        throw_value=chance if s.luck_rollouts else None,
        mean_value=chance if s.luck_rollouts else None,
        after=after,
    )


def _loss_per_rollout(
    runner: RolloutRunner, ranking: Ranking, made: Position, rollouts: int
) -> list[float]:
    """The loss of the play made, per rollout, without selection bias (empty: none).

    The best of several noisy estimates is biased upwards, so measuring the
    loss against it would find errors in every choice between close plays.
    Instead the rollouts are split into even and odd ones: the best play by
    the even rollouts is compared with the play made on the odd rollouts,
    and the other way round. The mean is an unbiased estimate of the loss
    against a best play picked without peeking (never more than the true
    loss); it may come out negative when the play made is as good as any.
    """
    mover = ranking.mover
    if len(ranking.plays) == 1:
        return []
    values = {
        rp.play.position: runner.values(rp.play.position, rollouts, mover) for rp in ranking.plays
    }
    made_v = values[made]
    if rollouts < 2:
        best_v = values[ranking.best.play.position]
        return [b - m for b, m in zip(best_v, made_v, strict=True)]

    def best_on(half: range) -> list[float]:
        return max(values.values(), key=lambda v: math.fsum(v[k] for k in half))

    even, odd = range(0, rollouts, 2), range(1, rollouts, 2)
    by_even, by_odd = best_on(even), best_on(odd)
    return [(by_odd if k % 2 == 0 else by_even)[k] - made_v[k] for k in range(rollouts)]


def _summary(
    record: Record,
    player: int,
    moves: Sequence[MoveReview],
    loss_k: dict[int, list[float]],
    s: ReviewSettings,
) -> PlayerSummary:
    mine = [m for m in moves if m.player == player]
    decisions = [m for m in mine if not m.forced and not m.decided]
    counts = {v: sum(1 for m in decisions if m.verdict == v) for v in VERDICTS}
    total_loss = math.fsum(m.loss for m in decisions)
    loss_sums = [
        math.fsum(loss_k[m.number][k] for m in decisions if m.number in loss_k)
        for k in range(s.rollouts)
    ]
    total_loss_se = mean_se(loss_sums)[1] if decisions else 0.0
    luck: float | None = None
    luck_se: float | None = None
    if s.luck_rollouts:
        luck = math.fsum(m.luck for m in mine if m.luck is not None)
        luck_se = math.sqrt(math.fsum(m.luck_se**2 for m in mine if m.luck_se is not None))
    return PlayerSummary(
        player=player,
        name=record.names[player] if player < len(record.names) else f"player {player}",
        colours=_colours(record.start, player),
        throws=len(mine),
        decisions=len(decisions),
        counts=counts,
        total_loss=total_loss,
        total_loss_se=total_loss_se,
        error_rate=total_loss / len(decisions) if decisions else None,
        luck=luck,
        luck_se=luck_se,
    )


# -- the review by the value network -----------------------------------------------


def _net_review(
    record: Record,
    s: ReviewSettings,
    ev: NetEvaluator,
    positions: list[Position],
    moves: Sequence[int] | None,
    on_progress: Callable[[int, int], None] | None,
) -> Review:
    """:func:`review` by the value network (see :mod:`pachisi.analysis.net`)."""
    cands = s.candidates if s.candidates is not None else 1 << 30
    play_ev = ev.variant(candidates=cands)
    luck_ply = s.luck_depth_for(ev.ply)
    luck_ev = ev.variant(candidates=s.luck_candidates, ply=luck_ply)
    how = {**ev.describe(), "luck_ply": luck_ply}
    wanted = range(1, len(record.moves) + 1) if moves is None else sorted(set(moves))
    reviews: list[MoveReview] = []
    for done, i in enumerate(wanted):
        if on_progress is not None:
            on_progress(done, len(wanted))
        pos = positions[i - 1]
        if pos.winner is not None:
            reviews.append(replace(_decided_review(record, positions, i, s), how=how))
        else:
            throw, notation = record.moves[i - 1]
            reviews.append(_net_move(i, pos, throw, notation, s, play_ev, luck_ev))
            ev.age()
    if on_progress is not None:
        on_progress(len(wanted), len(wanted))
    ordered = tuple(reviews)
    start = ev.estimate(record.start)
    players = tuple(
        _summary(record, p, ordered, {}, s) for p in range(len(record.start.setup.players))
    )
    return Review(record, s, start, ordered, players, 0, how)


def _net_move(
    number: int,
    pos: Position,
    throw: Throw,
    notation: str,
    s: ReviewSettings,
    play_ev: NetEvaluator,
    luck_ev: NetEvaluator,
) -> MoveReview:
    """One throw judged by the network: the play against the best, the luck."""
    played = parse_play(pos, throw, notation)
    ranking = net_ranking(pos, throw, play_ev, always=[played])
    made = ranking.find(played)
    assert made is not None
    best = ranking.best
    mover = pos.to_move
    loss = max(0.0, best.chance - made.chance)
    luck: float | None = None
    luck_zero: float | None = None
    throw_value: float | None = None
    mean_value: float | None = None
    values: list[ThrowValue] = []
    if s.luck_rollouts:
        key = tuple(sorted(ranking.throw))
        for u, prob in dice_for(pos.ruleset).distinct():
            judged, _ = luck_ev.judge_plays(pos, legal_plays(pos, u))
            top, v = judged[0]
            values.append(ThrowValue(u, float(prob), v[mover], 0.0, top.notation))
            if u == key:
                throw_value = v[mover]
        assert throw_value is not None
        mean_value = math.fsum(t.probability * t.value for t in values)
        luck = throw_value - mean_value
        luck_zero = 0.0
    return MoveReview(
        number=number,
        player=mover,
        colours=_colours(pos, mover),
        position=pos,
        throw=ranking.throw,
        played=made.notation,
        forced=len(ranking.plays) + len(ranking.pruned) == 1,
        decided=False,
        chance=made.chance,
        chance_se=0.0,
        best=best.notation,
        best_chance=best.chance,
        best_se=0.0,
        loss=loss,
        loss_se=0.0,
        verdict=judge(loss, 0.0),
        luck=luck,
        luck_se=luck_zero,
        luck_mark="" if luck is None else luck_mark(luck),
        throw_value=throw_value,
        mean_value=mean_value,
        after=made.estimate,
        ranking=ranking,
        throws=tuple(values),
        how={**play_ev.describe(), "luck_ply": luck_ev.ply},
    )
