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
generations per candidate: some tens of milliseconds per decision in
Parcheesi, a few hundred in Eight-Man (see ``docs/players.md``).

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> ExpectimaxPlayer(seed=1).choose(pos, (5, 2), pos.legal_plays((5, 2))).notation
'R0-1 R1-3'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..board import N_RING, ROUTES, SAFETY_SQUARES, X_SQUARES
from ..dice import Throw, dice_for
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import Setup
from .greedy import _hit_chance

__all__ = ["Evaluation", "ExpectimaxPlayer", "evaluate", "greedy_replies", "ranked"]

#: An evaluation: ``f(position, player)``, the position's value for the player
#: (higher is better), such as :func:`evaluate`.
Evaluation = Callable[[Position, int], float]

_EPS = 1e-9


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
        safe = (
            X_SQUARES
            if pagade and setup.option("safe_x_squares")
            else (frozenset() if pagade else SAFETY_SQUARES)
        )
        self.safe = tuple(q in safe for q in range(N_RING))
        chance = _hit_chance(ruleset)
        # Chance of a hit from a distance (mod 68): 1..24 as greedy's table, else 0.
        self.chance = tuple(chance[d] if 1 <= d < 25 else 0.0 for d in range(N_RING))
        self.friendly = setup.friendly
        owner = setup.owner
        self.owner = tuple(o if o is not None else -1 for o in owner)
        self.signs: list[tuple[float, ...]] = []
        for player in range(len(setup.players)):
            friends = setup.partners[player]
            self.signs.append(
                tuple(
                    1.0 if owner[c] == player else (0.5 if owner[c] in friends else -1.0)
                    for c in range(4)
                )
            )
        self.pagade = pagade


_TABLES: dict[int, _Tables] = {}


def _tables(setup: Setup) -> _Tables:
    t = _TABLES.get(id(setup))
    if t is None or t.setup is not setup:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _TABLES[id(setup)] = _Tables(setup)
    return t


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


def _risk(chance: tuple[float, ...], square: int, threats: list[int]) -> float:
    """The largest chance that one of the ``threats`` (ring squares) hits ``square``."""
    risk = 0.0
    for q in threats:
        h = chance[(square - q) % N_RING]
        if h > risk:
            risk = h
    return risk


def evaluate(position: Position, player: int) -> float:
    """:func:`pachisi.bots.greedy.evaluate`, computed faster (the same values).

    The danger of a pawn is found from the opponents' ring pawns (at most a
    dozen) rather than by looking at the 24 squares behind it.

    >>> from pachisi.bots import greedy
    >>> pos = Position.start("pagade", players=2)
    >>> abs(evaluate(pos, 0) - greedy.evaluate(pos, 0)) < 1e-9
    True
    """
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
        for p in pawns[c]:
            if p == home:
                value += t.home_value
                continue
            if p == 0:
                continue
            v = float(p)
            s = route[p]
            if 0 <= s < N_RING and not safe[s] and counts[s] < 2:
                if threats is None:
                    threats = [q for q, oc in ring if not friendly[oc]]
                v -= _risk(chance, s, threats) * v * 0.8
            value += v
        if t.pagade and cut is not None and cut[t.owner[c]]:
            value += 15
        score += signs[c] * value
    if position.winner is not None:
        score += 10_000 if player in position.winner else -10_000
    return score


def greedy_replies(
    position: Position, throw: Throw, evaluation: Evaluation = evaluate
) -> list[Position]:
    """The results of the plays of ``throw`` best for the player to move by ``evaluation``.

    Several when they tie; the mover's view (``evaluation(result, mover)``).
    """
    plays = legal_plays(position, throw)
    if len(plays) == 1:
        return [plays[0].position]
    mover = position.to_move
    best: list[Position] = []
    best_score = float("-inf")
    for play in plays:
        score = evaluation(play.position, mover)
        if score > best_score + _EPS:
            best, best_score = [play.position], score
        elif score >= best_score - _EPS:
            best.append(play.position)
    return best


def ranked(
    plays: Sequence[Play], me: int, evaluation: Evaluation = evaluate
) -> list[tuple[float, int, Play]]:
    """``(evaluation(result, me), index, play)`` for every play, best first (ties by index)."""
    return sorted(
        ((evaluation(p.position, me), i, p) for i, p in enumerate(plays)),
        key=lambda t: (-t[0], t[1]),
    )


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
        self._cache.clear()
        try:
            for static, play in ranked:
                key = (self.value(play.position, me, self.depth), static)
                order = _compare(key, best_key)
                if order > 0:
                    best, best_key = [play], key
                elif order == 0:
                    best.append(play)
        finally:
            self._cache.clear()
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

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
