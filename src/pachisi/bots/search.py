"""The search player: greedy rollouts, cut off and scored by a logistic of the evaluation.

For each candidate play the player estimates the chooser's chance of
winning by *rollouts*: from the position after the play, every player
(the chooser included) plays greedily (the best resulting position by
:func:`pachisi.bots.evaluation.evaluate`, the greedy evaluation) with
simulated throws, for at most ``depth`` throws. A rollout that ends the game
scores 1 if the chooser (or his team) won, else 0; one cut off at the depth
limit scores the *logistic of the evaluation*::

    win chance = 1 / (1 + exp(-evaluate(position, me) / scale))

The evaluation is in squares of progress, the chooser's minus the others'
(see :mod:`pachisi.bots.greedy`), and ``scale`` is fitted per ruleset by
maximum likelihood on positions of greedy-against-greedy two-player games
(every third throw of 150 Parcheesi, 50 Eight-Man and 30 Pagade games):
80 squares in Parcheesi and Whitman (a lead of 80 squares is a 73% chance),
640 in Eight-Man and 1150 in Pagade, whose long games the evaluation
predicts only weakly. (Eight-Man's was fitted before the evaluation counted
the spare pawn; a refit gave about 1160 with a nearly flat likelihood, so it
was kept.) Since every rollout stops after ``depth`` throws, a
decision costs bounded time.

Each simulation of a candidate starts with an *exactly weighted* first
throw: simulation *i* takes the *i*-th of the dice's distinct throws (21
with two six-sided dice, 10 with stick dice; shuffled once per decision)
and counts with that throw's probability as its weight, so a *sweep* of 21
(or 10) simulations covers the next throw exactly, as the expectimax player
does. The rollout goes on from there with throws drawn from the
simulation's own seeded stream: the same throws for every candidate
(**common random numbers**), so the candidates are compared on the same
luck. With the defaults (the hand-made evaluation, the constant scale) the
rollouts are playouts: simulation *i* is playout number *i* of the
decision's seed (:func:`pachisi.fast.playouts`), played inside the
compiled kernel when it runs and by its pure twin otherwise, with the same
results; greedy ties are broken by the playout's own draw. With another
evaluation or the calibrated scale each step goes through
:func:`~pachisi.moves.legal_plays` (the first best play, the first reply
computed once per candidate and throw).

Only the ``candidates`` plays with the best static evaluation (and within
``margin`` of the best) are searched, by **successive halving**: the budget
is split into ceil(log2(candidates)) rounds; in each round the surviving
candidates get equal numbers of simulations, in whole sweeps (at least one),
and the better half (by weighted mean score over the same simulations)
survives to the next round. Ties are broken by the static evaluation, then
at random (seeded). A play that wins at once is chosen without search.

The budget is ``seconds`` of time per decision (1.0 by default; playouts
are made a sweep at a time, other rollouts one at a time, and a round more
than half-way through a sweep finishes it), or, when ``simulations`` is given,
about that many rollouts in all per decision (at least one sweep per
candidate and round, so a small number means the minimum), and then the
choice depends only on the seed, the position and the throw: use it for
tests and tournaments.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> SearchPlayer(seed=1, simulations=8).choose(pos, (5, 2), pos.legal_plays((5, 2))).notation
'R0-1 R1-3'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from .. import fast
from ..dice import Throw, dice_for
from ..errors import PachisiError
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .evaluation import Evaluation, _tables, evaluate
from .expectimax import ranked

__all__ = [
    "CALIBRATION",
    "LOGISTIC_SCALE",
    "SearchPlayer",
    "calibrated_scale",
    "remaining",
    "win_chance",
]

#: The search player's scale of the logistic (:class:`SearchPlayer`, ``scale=None``):
#: evaluation units (squares of progress) per unit of log-odds, one for the whole
#: game, by ruleset. Fitted before :data:`CALIBRATION`, and kept for the search
#: player because its strength was measured with it (docs/players.md).
LOGISTIC_SCALE: dict[str, float] = {
    "parcheesi": 80.0,
    "whitman": 80.0,
    "eight-man": 640.0,
    "pagade": 1150.0,
}

#: The calibrated scale ``A * (remaining(position) + 1) ** K``, by ruleset: ``(A, K)``.
#: A lead of the same number of squares is worth more as the race shortens. Fitted
#: by maximum likelihood on greedy-against-greedy two-player games (every third
#: position; ``benchmarks/calibrate.py``, seed 2: 3,000 Parcheesi, 600 Eight-Man
#: and 300 Pagade games, the even games fitted and the odd ones tested). Held-out
#: log-loss against :data:`LOGISTIC_SCALE` (a coin: 0.6931): Parcheesi 0.6220
#: against 0.6347, Eight-Man 0.6718 against 0.6830, Pagade 0.5980 against 0.6739.
#: Whitman, not fitted, takes Parcheesi's numbers (the same board and dice).
CALIBRATION: dict[str, tuple[float, float]] = {
    "parcheesi": (1.04, 0.82),
    "whitman": (1.04, 0.82),
    "eight-man": (1.49, 0.86),
    "pagade": (0.198, 1.03),
}


def remaining(position: Position) -> int:
    """Squares still to go, all players together, for every pawn that must reach HOME.

    A pawn in the nest counts the whole way; an Eight-Man player's spare pawn
    (the least advanced of his minor colour, RULES.md §7) does not count.

    >>> remaining(Position.start("parcheesi", players=2))  # 8 pawns, 72 squares each
    576
    """
    t = _tables(position.setup)
    home = t.home
    total = 0
    for c in t.colours:
        pawns = position.pawns[c]
        total += home * len(pawns) - sum(pawns)
        if t.spare[c]:
            total -= home - pawns[0]  # pawns are sorted: the first is the spare one
    return total


def calibrated_scale(position: Position) -> float:
    """The calibrated scale of the logistic for ``position`` (:data:`CALIBRATION`)."""
    a, k = CALIBRATION[position.ruleset]
    return float(a * (remaining(position) + 1) ** k)


def win_chance(
    position: Position,
    me: int,
    scale: float | None = None,
    evaluation: Evaluation = evaluate,
) -> float:
    """The chooser's chance of winning, as estimated from the evaluation.

    1 or 0 once someone has won; otherwise the logistic of
    ``evaluation(position, me) / scale``. ``scale`` is by default the
    calibrated one (:func:`calibrated_scale`: smaller as the race shortens);
    a number is used as it is (the search player passes
    :data:`LOGISTIC_SCALE`). ``evaluation`` is by default the greedy one.

    >>> pos = Position.start("parcheesi", players=2)
    >>> win_chance(pos, 0)
    0.5
    """
    if position.winner is not None:
        return 1.0 if me in position.winner else 0.0
    s = scale if scale is not None else calibrated_scale(position)
    return _logistic(evaluation(position, me) / s)


def _logistic(z: float) -> float:
    """``1 / (1 + exp(-z))``, 0 far below zero."""
    if z < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def _greedy_step(position: Position, throw: Throw, evaluation: Evaluation = evaluate) -> Position:
    """The position after the greedy play of ``throw`` (the first best by ``evaluation``)."""
    plays = legal_plays(position, throw)
    if len(plays) == 1:
        return plays[0].position
    mover = position.to_move
    best = plays[0].position
    best_score = evaluation(best, mover)
    for play in plays[1:]:
        score = evaluation(play.position, mover)
        if score > best_score:
            best, best_score = play.position, score
    return best


class SearchPlayer:
    """Chooses by greedy rollouts with successive halving (see the module docstring).

    ``seconds``: time per decision (used when ``simulations`` is ``None``).
    ``simulations``: rollouts per decision in all (deterministic for a seed;
    at least one sweep of the first throw per candidate and round).
    ``depth``: throws per rollout before the evaluation is used.
    ``candidates``: plays searched, best first by static evaluation;
    ``margin``: plays more than this below the best static evaluation are not.
    ``scale``: the logistic's scale (default per ruleset, :data:`LOGISTIC_SCALE`).
    ``calibrated``: score the leaves with the calibrated scale instead
    (:func:`calibrated_scale`, as :func:`win_chance` does by default): an
    option, not the default, since the player's strength was measured with
    the constant scale and the calibrated one has not been shown stronger.
    ``evaluation``: the evaluation used throughout, to rank the candidates,
    choose the rollouts' greedy plays and score their leaves (the greedy
    evaluation by default; another one, such as a tuned or learned
    evaluation, gives the same search on it, as for the expectimax player).
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        seconds: float = 1.0,
        simulations: int | None = None,
        depth: int = 4,
        candidates: int = 4,
        margin: float = 60.0,
        scale: float | None = None,
        evaluation: Evaluation = evaluate,
        calibrated: bool = False,
    ) -> None:
        if simulations is not None and simulations < 1:
            raise ValueError("simulations must be at least 1")
        if simulations is None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if depth < 0:
            raise ValueError("depth must not be negative")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        if calibrated and scale is not None:
            raise ValueError("give a scale or calibrated=True, not both")
        self.rng = random.Random(seed)
        self.seconds = seconds
        self.simulations = simulations
        self.depth = depth
        self.candidates = candidates
        self.margin = margin
        self.scale = scale
        self.evaluation = evaluation
        self.calibrated = calibrated
        #: Rollouts made by the last decision (0 if it needed none).
        self.last_rollouts = 0

    def unfit(self, setup: Setup) -> str | None:
        """Why this player cannot play ``setup``'s games, or ``None``: its logistic scale
        has not been fitted to Ludo or MADN, so it refuses them."""
        if setup.ruleset in ONE_DIE_RULESETS:
            return f"its win chance is not fitted to {setup.ruleset}; play expectimax there"
        return None

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The candidate with the best estimated win chance (see the module docstring).

        :class:`~pachisi.errors.PachisiError` for a set-up it cannot play (:meth:`unfit`).
        """
        why = self.unfit(position.setup)
        if why is not None:
            raise PachisiError(f"{self.name}: {why}")
        self.last_rollouts = 0
        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        scored = ranked(plays, me, self.evaluation)
        # A play that wins at once is best.
        if scored[0][2].position.winner is not None:
            return self._tie(scored)
        top = scored[0][0]
        cands = [t for t in scored[: self.candidates] if t[0] >= top - self.margin]
        if len(cands) == 1:
            return cands[0][2]
        base = self.rng.getrandbits(48)
        ctx = _Rollouts(self, me, base, position.ruleset)
        n = len(ctx.first)
        totals = [0.0] * len(cands)
        alive = list(range(len(cands)))
        done = 0  # simulations made so far by every live candidate
        rounds = max(1, math.ceil(math.log2(len(cands))))
        # On the time budget, simulations are made in steps: whole sweeps by playouts,
        # one at a time otherwise (a round more than half-way through a sweep finishes it).
        step = n if ctx.playouts else 1
        start = time.perf_counter()
        for r in range(rounds):
            if self.simulations is not None:
                # Whole sweeps of the first throw, at least one.
                per = self.simulations // (rounds * len(alive))
                per = max(n, per - per % n)
                for c in alive:
                    for value in ctx.batch(c, cands[c][2].position, done, done + per):
                        totals[c] += value
                done += per
            else:
                deadline = start + self.seconds * (r + 1) / rounds
                while True:
                    for c in alive:
                        for value in ctx.batch(c, cands[c][2].position, done, done + step):
                            totals[c] += value
                    done += step
                    if time.perf_counter() >= deadline and done % n <= n // 2:
                        break
            if r < rounds - 1:
                alive.sort(key=lambda c: (-totals[c], c))
                alive = sorted(alive[: max(1, (len(alive) + 1) // 2)])
        self.last_rollouts = ctx.count
        best_total = max(totals[c] for c in alive)
        return self._tie([cands[c] for c in alive if totals[c] >= best_total - 1e-9])

    def _tie(self, scored: Sequence[tuple[float, int, Play]]) -> Play:
        """The best by static evaluation among ``scored``; ties at random (seeded)."""
        top = max(s for s, _, _ in scored)
        best = [p for s, _, p in scored if s >= top - 1e-9]
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


class _Rollouts:
    """The rollouts of one decision.

    Simulation ``i`` starts with the ``i``-th distinct throw of a shuffled
    list (counted with its probability as weight), then draws its throws
    from its own seeded stream: the same for every candidate.

    With the hand-made evaluation and a constant scale (the defaults), the
    simulations are playouts (:attr:`playouts`): simulation ``i`` is playout
    number ``i`` of the decision's seed, greedy for every player, cut off
    after ``depth`` throws with the evaluation of the last position
    (:func:`pachisi.fast.playouts`, inside the compiled kernel when it
    runs, else :func:`pachisi.fast.pure_playouts`: the same games).
    Otherwise (another evaluation, or the calibrated scale, which needs the
    last position) each greedy step goes through :func:`legal_plays`: the
    player to throw answers greedily (the first best play; computed once per
    candidate and first throw), then throws drawn from a
    :class:`random.Random` seeded per simulation.
    """

    def __init__(self, player: SearchPlayer, me: int, base: int, ruleset: str) -> None:
        self.me = me
        self.base = base
        self.first = [(t, float(p)) for t, p in dice_for(ruleset).distinct()]
        random.Random(base).shuffle(self.first)
        self.depth = player.depth
        # The leaves' scale: the player's, else the constant of the ruleset
        # (None: the calibrated scale, position by position).
        self.scale: float | None = (
            player.scale
            if player.scale is not None or player.calibrated
            else LOGISTIC_SCALE[ruleset]
        )
        self.evaluation = player.evaluation
        #: Whether the simulations are playouts (see the class docstring).
        self.playouts = self.evaluation is evaluate and self.scale is not None
        self.count = 0
        # The greedy answer to each first throw, per candidate: computed once.
        self.replies: dict[tuple[int, int], Position] = {}

    def batch(self, key: int, position: Position, i0: int, i1: int) -> list[float]:
        """Simulations ``i0 .. i1-1`` from ``position`` (candidate ``key``), as :meth:`rollout`."""
        if not self.playouts:
            return [self.rollout(key, position, i) for i in range(i0, i1)]
        assert self.scale is not None
        self.count += i1 - i0
        weights = [self.first[i % len(self.first)][1] for i in range(i0, i1)]
        if self.depth == 0 or position.winner is not None or position.is_over:
            value = win_chance(position, self.me, self.scale, self.evaluation)
            return [w * value for w in weights]
        firsts = [self.first[i % len(self.first)][0] for i in range(i0, i1)]
        args = (position, i1 - i0, self.base, self.depth)
        if fast.evaluates_for(position.ruleset):
            games = fast.playouts(
                *args, greedy=True, start=i0, first_throws=firsts, evaluate_cutoff=True
            )
        else:
            games = fast.pure_playouts(
                *args,
                greedy=True,
                start=i0,
                first_throws=firsts,
                evaluate_cutoff=True,
                evaluation=evaluate,
            )
        me = self.me
        out = []
        for game, w in zip(games, weights, strict=True):
            if game.winner is not None:
                out.append(w * (1.0 if me in game.winner else 0.0))
            else:
                assert game.values is not None  # cut off undecided: evaluated
                out.append(w * _logistic(game.values[me] / self.scale))
        return out

    def rollout(self, key: int, position: Position, i: int) -> float:
        """Simulation ``i`` from ``position`` (candidate ``key``): weight times 1/0 or logistic.

        Through :func:`legal_plays`, whatever :attr:`playouts` says.
        """
        self.count += 1
        j = i % len(self.first)
        throw, weight = self.first[j]
        pos = position
        if self.depth > 0 and not (pos.winner is not None or pos.is_over):
            reply = self.replies.get((key, j))
            if reply is None:
                reply = self.replies[key, j] = _greedy_step(pos, throw, self.evaluation)
            pos = reply
            rng = random.Random(self.base * 1_000_003 + i)
            for _ in range(self.depth - 1):
                if pos.winner is not None or pos.is_over:
                    break
                pos = _greedy_step(pos, dice_for(pos.ruleset).roll(rng), self.evaluation)
        return weight * win_chance(pos, self.me, self.scale, self.evaluation)
