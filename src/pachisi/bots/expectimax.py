"""The expectimax player: the greedy evaluation, one or more throws ahead.

For each candidate play the player computes the expected evaluation over
the exact chance outcomes of the next throw(s) (the ruleset's unordered
throws with their probabilities, :meth:`pachisi.dice.Dice.distinct`). At
each chance node the player who throws next (``position.to_move``: after a
doublet that is the same player again) answers with the play that is best
*for him* by the greedy evaluation (:func:`pachisi.bots.greedy.evaluate`);
ties between his best answers are averaged. Every value is the chooser's
(``evaluate(position, me)``), so the same code serves two players, several
players and teams.

With ``depth`` d there are d chance layers: the answer at each layer is
chosen greedily (one static evaluation per legal play) and its value is the
expectation of the next layer, down to the static evaluation. Pruning keeps
a decision cheap:

* only the ``candidates`` plays with the best static evaluation are looked
  at ahead (and of them only those within ``margin`` of the best);
* answers are chosen greedily, not searched;
* the legal plays and greedy answer of a (position, throw) are cached for
  the duration of one decision (transpositions at depth 2 and more).

Depth 1 (the default) costs 10 (Pagade) or 21 (two six-sided dice) move
generations per candidate. With the default evaluation and the compiled
kernel active, they run in the kernel (:func:`reply_sums`, the same replies
and values; the static ranking too): about half a millisecond of CPU per
decision in Parcheesi and Pagade, two in Eight-Man, against 12 to 60 on the
Python path over the kernel's move generation (see ``docs/players.md``).

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> ExpectimaxPlayer(seed=1).choose(pos, (5, 2), pos.legal_plays((5, 2))).notation
'R0-1 R1-3'
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any

from .. import fast
from ..dice import Throw, dice_for
from ..moves import Play, legal_plays
from ..position import Position
from .evaluation import Evaluation, evaluate

__all__ = [
    "Evaluation",
    "ExpectimaxPlayer",
    "evaluate",
    "greedy_replies",
    "ranked",
    "reply_sums",
]

_EPS = 1e-9


def greedy_replies(
    position: Position, throw: Throw, evaluation: Evaluation = evaluate
) -> list[Position]:
    """The results of the plays of ``throw`` best for the player to move by ``evaluation``.

    Several when they tie; the mover's view (``evaluation(result, mover)``). The
    default evaluation of the plays is computed in one call of the compiled kernel
    when it is active (``Kernel.evaluate_many``: the same numbers, bit for bit).
    """
    plays = legal_plays(position, throw)
    if len(plays) == 1:
        return [plays[0].position]
    mover = position.to_move
    if evaluation is evaluate and fast.evaluates_for(position.ruleset):
        scores = _kernel_evaluations([p.position for p in plays], mover)
    else:
        scores = [evaluation(p.position, mover) for p in plays]
    best: list[Position] = []
    best_score = float("-inf")
    for play, score in zip(plays, scores, strict=True):
        if score > best_score + _EPS:
            best, best_score = [play.position], score
        elif score >= best_score - _EPS:
            best.append(play.position)
    return best


_THROWS: dict[str, tuple[list[float], Any]] = {}


def _throws(ruleset: str) -> tuple[list[float], Any]:
    """The distinct throws' probabilities (as floats) and codes ``8 * a + b`` (cached)."""
    found = _THROWS.get(ruleset)
    if found is None:
        dist = dice_for(ruleset).distinct()
        found = _THROWS[ruleset] = (
            [float(p) for _, p in dist],
            array("i", [8 * a + b for (a, b), _ in dist]),
        )
    return found


def reply_sums(
    position: Position, me: int, module: ModuleType | None = None
) -> list[tuple[float, int]]:
    """For each distinct throw of ``position`` (a game not over; in the order of
    :meth:`~pachisi.dice.Dice.distinct`): the sum of ``evaluate(r, me)`` over the
    :func:`greedy_replies` ``r`` (the default evaluation) and their number.

    In the compiled kernel when it is active (``Kernel.expectimax_replies``: the
    same replies, summed in canonical order), else by :func:`greedy_replies`;
    ``module``: that kernel module answers whatever is active (for tests).
    """
    if module is None and not fast.evaluates_for(position.ruleset):
        out: list[tuple[float, int]] = []
        for throw, _ in dice_for(position.ruleset).distinct():
            replies = greedy_replies(position, throw)
            v = 0.0
            for r in replies:
                v += evaluate(r, me)
            out.append((v, len(replies)))
        return out
    setup = position.setup
    codes = _throws(setup.ruleset)[1]
    n = len(codes)
    out_v = array("d", bytes(8 * n))
    out_n = array("i", bytes(4 * n))
    evaluation = fast.eval_tables(setup)
    kern = fast.kernel() if module is None else fast.kernel(module)
    kern.expectimax_replies(
        fast.game_table(setup), evaluation, fast.game_state(position), codes, n, me, out_v, out_n
    )
    return list(zip(out_v.tolist(), out_n.tolist(), strict=True))


def ranked(
    plays: Sequence[Play], me: int, evaluation: Evaluation = evaluate
) -> list[tuple[float, int, Play]]:
    """``(evaluation(result, me), index, play)`` for every play, best first (ties by index).

    The default evaluation of several plays is computed in the compiled kernel when it
    is active (``Kernel.evaluate_many``: the same numbers, bit for bit).
    """
    if evaluation is evaluate and len(plays) > 1 and fast.evaluates_for(plays[0].position.ruleset):
        values = _kernel_evaluations([p.position for p in plays], me)
    else:
        values = [evaluation(p.position, me) for p in plays]
    return sorted(
        ((v, i, p) for i, (v, p) in enumerate(zip(values, plays, strict=True))),
        key=lambda t: (-t[0], t[1]),
    )


_ZERO = (0, 0, 0, 0)


def _kernel_evaluations(
    positions: Sequence[Position], me: int, module: ModuleType | None = None
) -> list[float]:
    """:func:`evaluate` of positions of one set-up for ``me``, in the kernel (one call)."""
    recs = array("i")
    for pos in positions:
        for ps in pos.pawns:
            recs.extend(ps or _ZERO)
        cut = pos.cut
        recs.append(0 if cut is None else sum(1 << i for i, f in enumerate(cut) if f))
        winner = pos.winner
        recs.append(0 if winner is None else sum(1 << i for i in winner))
    setup = positions[0].setup
    out = array("d", bytes(8 * len(positions)))
    evaluation = fast.eval_tables(setup)
    kern = fast.kernel() if module is None else fast.kernel(module)
    kern.evaluate_many(fast.game_table(setup), evaluation, recs, len(positions), me, out)
    return out.tolist()


def _compare(a: tuple[float, ...], b: tuple[float, ...]) -> int:
    """Lexicographic comparison with a tolerance: 1, 0 or -1."""
    for x, y in zip(a, b, strict=False):
        if x > y + _EPS:
            return 1
        if x < y - _EPS:
            return -1
    return 0


class ExpectimaxPlayer:
    """Chooses the play with the best expected greedy evaluation after the next throw(s).

    ``depth``: chance layers looked at (1 = the next throw). ``candidates``:
    how many plays, best first by static evaluation, are looked at ahead;
    ``margin``: plays whose static evaluation is more than this below the
    best are not looked at (``None``: no such limit). Ties are broken by the
    static evaluation, then at random (seeded). ``evaluation``: the
    evaluation used throughout (:func:`evaluate` by default; another one,
    such as a tuned or learned evaluation, gives the same search on it).
    """

    name = "expectimax"

    def __init__(
        self,
        seed: int | None = None,
        depth: int = 1,
        candidates: int = 5,
        margin: float | None = 60.0,
        evaluation: Evaluation = evaluate,
    ) -> None:
        if depth < 0:
            raise ValueError("depth must not be negative")
        if candidates < 1:
            raise ValueError("candidates must be at least 1")
        self.rng = random.Random(seed)
        self.depth = depth
        self.candidates = candidates
        self.margin = margin
        self.evaluation = evaluation
        self._cache: dict[tuple[Position, Throw], list[Position]] = {}

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The play with the best expected value (see the class docstring)."""
        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        ranked = self.shortlist(plays, me)
        best: list[Play] = []
        best_key: tuple[float, ...] = (float("-inf"),)
        with self._decision():
            for static, play in ranked:
                key = (self.value(play.position, me, self.depth), static)
                order = _compare(key, best_key)
                if order > 0:
                    best, best_key = [play], key
                elif order == 0:
                    best.append(play)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    @contextmanager
    def _decision(self) -> Iterator[None]:
        """One decision's lifetime of the reply cache: empty before, emptied after."""
        self._cache.clear()
        try:
            yield
        finally:
            self._cache.clear()

    def shortlist(self, plays: Sequence[Play], me: int) -> list[tuple[float, Play]]:
        """The plays looked at ahead, with their static evaluations, best first."""
        scored = ranked(plays, me, self.evaluation)
        top = scored[0][0]
        out = [(s, p) for s, _, p in scored[: self.candidates]]
        if self.margin is not None:
            out = [(s, p) for s, p in out if s >= top - self.margin]
        return out

    def value(self, position: Position, me: int, depth: int) -> float:
        """The expected evaluation for ``me`` of ``position`` looked at ``depth`` throws ahead."""
        if depth <= 0 or position.is_over:
            return self.evaluation(position, me)
        total = 0.0
        if depth == 1 and self.evaluation is evaluate and fast.evaluates_for(position.ruleset):
            # the look-ahead in the compiled kernel: the same replies and values
            probs = _throws(position.ruleset)[0]
            for p, (v, n) in zip(probs, reply_sums(position, me), strict=True):
                total += p * v / n
            return total
        for throw, prob in dice_for(position.ruleset).distinct():
            key = (position, throw)
            replies = self._cache.get(key)
            if replies is None:
                replies = greedy_replies(position, throw, self.evaluation)
                if depth > 1:
                    self._cache[key] = replies
            v = 0.0
            for r in replies:
                v += self.value(r, me, depth - 1)
            total += float(prob) * v / len(replies)
        return total
