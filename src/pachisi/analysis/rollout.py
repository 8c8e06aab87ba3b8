"""Rollouts: win chances of a position by playing it out many times.

A *rollout* plays a position to the end with a *rollout policy* (``greedy``
by default: the greedy player's choice, the best resulting position by
:func:`pachisi.bots.evaluation.evaluate`, ties broken at random; or
``random``: uniformly among the distinct outcomes) making every choice for
every player, and records who won. The win chance of a player is the share
of rollouts he (or his team) won; its standard error is the sample standard
deviation of the per-rollout results over the square root of their number.

Rollouts are the playouts of :func:`pachisi.fast.playouts`, played inside
the compiled kernel when it runs and otherwise by their pure twin
(:func:`pachisi.fast.pure_playouts`), which gives the same games. The
``expectimax`` policy, and every rollout of Ludo and MADN (one die, which
the playouts do not play), are played by the library's players instead
(:func:`_played_rollout`: the same first throws, the later ones from the
rollout's own seeded stream). Every
rollout is a pure function of the position, its index ``k`` and the
:class:`RolloutSpec` (base seed, policy, throw limit):

* **common random numbers**: rollout ``k`` of *every* position is playout
  number ``k`` of one seed (:func:`playout_seed` of the base seed): it
  throws the dice from that playout's stream, and the policy draws from
  another stream of its own. Two candidate plays are therefore compared on
  the same dice, and the noise of their *difference* is much smaller than
  the noise of each estimate;
* **stratified first throw**: the first throw of rollout ``k`` is not drawn
  at random; rollouts come in blocks of as many rollouts as the dice have
  ordered outcomes (36, or 16 stick-dice throws), and within a block every
  ordered outcome is the first throw of exactly one rollout, in a seeded
  order (gnubg's "rotate the first roll"). The standard errors printed
  ignore this stratification, so they are somewhat conservative;
* results do not depend on how many processes compute them
  (:class:`RolloutRunner` with ``jobs``), nor on the order in which
  positions are asked for, nor on whether the kernel is compiled.

A rollout that reaches ``max_throws`` throws without a winner (Pagade can,
very rarely, reach a position where nobody can move any more) counts as a
shared result: every side (player, or team) gets an equal share of it. Such
rollouts are counted in :attr:`Estimate.unfinished`.

>>> from pachisi import Position
>>> pos = Position.from_text("pagade ry,bg - r:40.74.84.84,b:53.54.56.84,y:84.84.84.84,"
...                          "g:84.84.84.84 0 0 11 - -")
>>> est = win_chances(pos, 64, seed=1)
>>> est.rollouts, round(sum(est.chances), 6)
(64, 1.0)
>>> race = Position.from_text("pagade ry,bg - r:84.84.84.83,b:84.84.84.83,y:84.84.84.84,"
...                           "g:84.84.84.84 0 0 11 - -")
>>> est = win_chances(race, 64, seed=1)  # a pure race: the race tables, no rollouts
>>> est.method, est.rollouts, [round(c, 6) for c in est.chances]
('race', 0, [0.64, 0.36])
>>> win_chances(pos, 64, seed=1) == win_chances(pos, 64, seed=1, jobs=2)
True
"""

from __future__ import annotations

import math
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .. import fast
from ..bots import Player, RandomPlayer
from ..bots.evaluation import evaluate
from ..bots.expectimax import ExpectimaxPlayer
from ..bots.greedy import GreedyPlayer
from ..chunks import ChunkRunner
from ..dice import Throw, derive_seed, dice_for
from ..moves import legal_plays
from ..position import Position
from ..race import by_default as race_by_default
from ..rules import ONE_DIE_RULESETS, Setup

__all__ = [
    "DEFAULT_MAX_THROWS",
    "POLICIES",
    "Estimate",
    "RolloutRunner",
    "RolloutSpec",
    "exact_chances",
    "first_throw",
    "playout_seed",
    "rollout",
    "rollout_seed",
    "rollouts",
    "sides",
    "win_chances",
]

#: The rollout policies: the computer players that make every choice in a rollout.
POLICIES = ("greedy", "random", "expectimax")

#: A rollout still running after this many throws is unfinished (a shared result).
DEFAULT_MAX_THROWS = 10_000


@lru_cache(maxsize=256)
def _block_order(seed: int, block: int, size: int) -> tuple[int, ...]:
    order = list(range(size))
    random.Random(derive_seed(f"pachisi-rollout-first:{seed}:{block}")).shuffle(order)
    return tuple(order)


def first_throw(ruleset: str, seed: int, k: int) -> Throw:
    """The first throw of rollout ``k``: every ordered outcome once per block.

    >>> from collections import Counter
    >>> firsts = Counter(first_throw("parcheesi", 5, k) for k in range(72))
    >>> len(firsts), set(firsts.values())
    (36, {2})
    """
    outcomes = dice_for(ruleset).outcomes()
    size = len(outcomes)
    return outcomes[_block_order(seed, k // size, size)[k % size]][0]


@dataclass(frozen=True)
class RolloutSpec:
    """How rollouts are played: base ``seed``, ``policy`` and the throw limit."""

    seed: int = 0
    policy: str = "greedy"
    max_throws: int = DEFAULT_MAX_THROWS

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            known = ", ".join(POLICIES)
            raise ValueError(f"unknown rollout policy {self.policy!r} (known: {known})")
        if self.max_throws < 1:
            raise ValueError("the throw limit of a rollout must be at least 1")


def rollout_seed(seed: int, k: int) -> int:
    """A seed of its own for rollout ``k`` of a run with ``seed``.

    For rollouts played outside the playout engine (by a Python player, such as
    the network's rollouts of :mod:`pachisi.analysis.net`); the playouts of this
    module draw from :func:`playout_seed` instead.

    >>> rollout_seed(1, 0) == rollout_seed(1, 0) != rollout_seed(1, 1)
    True
    """
    return derive_seed(f"pachisi-rollout:{seed}:{k}")


def playout_seed(seed: int) -> int:
    """The seed of the playouts (:func:`pachisi.fast.playouts`) of a run with ``seed``.

    Rollout ``k`` of every position is the playout number ``k`` of this seed:
    its dice come from the generator's stream ``2k``, its policy's draws from
    stream ``2k + 1`` (:func:`pachisi.fast.stream_seed`).

    >>> playout_seed(1) == playout_seed(1) != playout_seed(2)
    True
    """
    return derive_seed(f"pachisi-rollout-playouts:{seed}")


def rollout(position: Position, k: int, spec: RolloutSpec) -> int:
    """Play rollout ``k`` of ``position``; the bit mask of the winning players (0: unfinished).

    The same as the ``k``-th result of :func:`rollouts`.
    """
    return rollouts(position, k, k + 1, spec)[0]


def rollouts(position: Position, k0: int, k1: int, spec: RolloutSpec) -> list[int]:
    """Rollouts ``k0 .. k1-1`` of ``position``: the bit masks of the winners (0: unfinished).

    Played inside the compiled kernel when it runs (:func:`pachisi.fast.playouts`),
    else by its pure twin (:func:`pachisi.fast.pure_playouts`): the same
    games either way. Rollout ``k`` is the playout number ``k`` of
    :func:`playout_seed`, its first throw :func:`first_throw`; the policy
    (``random`` or ``greedy``) makes every choice for every player, and the
    game goes on until it is decided (RULES.md §3.5) or ``max_throws``
    throws have been played. A game whose winner is known is not played, nor
    one in a dead end (RULES.md §3.5: 0, a shared result); a dead end reached
    in a rollout is played on to the throw limit (nothing moves any more),
    with the same result.
    """
    n = k1 - k0
    if position.winner is not None:
        return [_mask(position.winner)] * n
    if n <= 0 or position.is_over:
        return [0] * max(n, 0)
    firsts = [first_throw(position.ruleset, spec.seed, k) for k in range(k0, k1)]
    seed = playout_seed(spec.seed)
    greedy = spec.policy == "greedy"
    if spec.policy == "expectimax" or position.ruleset in ONE_DIE_RULESETS:
        return [_played_rollout(position, k, first, spec) for k, first in enumerate(firsts, k0)]
    if fast.active_for(position.ruleset):
        games = fast.playouts(
            position, n, seed, spec.max_throws, greedy=greedy, start=k0, first_throws=firsts
        )
    else:
        games = fast.pure_playouts(
            position,
            n,
            seed,
            spec.max_throws,
            greedy=greedy,
            start=k0,
            first_throws=firsts,
            evaluation=evaluate,
        )
    return [_mask(g.winner) if g.winner is not None else 0 for g in games]


def _policy_player(policy: str, seed: int) -> Player:
    if policy == "expectimax":
        return ExpectimaxPlayer(seed)
    if policy == "greedy":
        return GreedyPlayer(seed)
    return RandomPlayer(seed)


def _played_rollout(position: Position, k: int, first: Throw, spec: RolloutSpec) -> int:
    """Rollout ``k`` played by the library's player of ``spec.policy`` in every seat.

    For the ``expectimax`` policy and for Ludo and MADN, which the playouts
    do not play: the first throw ``first``, the later ones drawn from
    ``random.Random(rollout_seed(seed, k))`` (common random numbers: rollout
    ``k`` of every position throws the same dice while the games agree), the
    players' tie-breaks from a seed of their own.
    """
    dice = dice_for(position.ruleset)
    rng = random.Random(rollout_seed(spec.seed, k))
    player = _policy_player(spec.policy, rollout_seed(spec.seed + 1, k))
    pos = position
    throws = 0
    throw = first
    while not pos.is_over and throws < spec.max_throws:
        plays = legal_plays(pos, throw)
        pos = player.choose(pos, throw, plays).position
        throws += 1
        throw = dice.roll(rng)
    return _mask(pos.winner) if pos.winner is not None else 0


def _mask(players: Sequence[int]) -> int:
    out = 0
    for i in players:
        out |= 1 << i
    return out


def sides(setup: Setup) -> tuple[tuple[int, ...], ...]:
    """The sides that can win: the teams, or every player alone.

    >>> sides(Setup.create("parcheesi", players=4, teams=True))
    ((0, 2), (1, 3))
    """
    if setup.teams:
        return tuple(tuple(sorted(t)) for t in setup.teams)
    return tuple((i,) for i in range(len(setup.players)))


def player_values(setup: Setup, masks: Sequence[int], player: int) -> list[float]:
    """Per-rollout results for ``player``: 1 won, 0 lost, a share if unfinished."""
    bit = 1 << player
    share = 1.0 / len(sides(setup))
    return [(1.0 if m & bit else 0.0) if m else share for m in masks]


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (``inf`` for fewer than two values)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.inf)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, math.inf)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    return (mean, math.sqrt(var / n))


@dataclass(frozen=True)
class Estimate:
    """Win chances of every player of one position, and how they were obtained.

    ``chances[i]`` is the chance that player ``i`` is among the winners (in
    a team game, his team's chance); ``se[i]`` its standard error (0 when
    exact). ``method`` is ``"exact"`` (the game is decided), ``"race"`` (a
    pure race valued by the race tables of :mod:`pachisi.race`; ``se`` then
    holds the proven bound on the error, 0 where the race is exact) or ``"rollout"``;
    ``rollouts``, ``policy`` and ``seed`` say how the rollouts were made,
    ``unfinished`` how many stopped at the throw limit.
    """

    chances: tuple[float, ...]
    se: tuple[float, ...]
    sides: tuple[tuple[int, ...], ...]
    method: str
    rollouts: int = 0
    policy: str | None = None
    seed: int | None = None
    unfinished: int = 0

    @property
    def exact(self) -> bool:
        """Whether the chances are exact (a decided game, or an exact race)."""
        return self.method == "exact" or (self.method == "race" and not any(self.se))

    @property
    def side_chances(self) -> tuple[float, ...]:
        """The win chance of each side (see :func:`sides`)."""
        return tuple(self.chances[s[0]] for s in self.sides)

    @property
    def side_se(self) -> tuple[float, ...]:
        """The standard error of each side's win chance."""
        return tuple(self.se[s[0]] for s in self.sides)

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "chances": list(self.chances),
            "se": [_json_float(s) for s in self.se],
            "sides": [list(s) for s in self.sides],
            "side_chances": list(self.side_chances),
            "side_se": [_json_float(s) for s in self.side_se],
            "method": self.method,
            "rollouts": self.rollouts,
            "policy": self.policy,
            "seed": self.seed,
            "unfinished": self.unfinished,
        }


def _json_float(x: float) -> float | None:
    return x if math.isfinite(x) else None


def exact_chances(position: Position) -> Estimate | None:
    """The exact win chances of a decided game or a pure race, else ``None``.

    A pure race (:func:`pachisi.race.is_race`) is valued by the race tables
    where :func:`pachisi.race.by_default` gives a value (method ``"race"``:
    Pagade, exact; Parcheesi and Whitman once their tables are built, within a
    proven bound of at most 2 points, given as the ``se``; docs/analysis.md).

    Decided: the winner is known, or the game ended in a dead end with
    nobody finished (RULES.md §3.5), a draw that every side shares equally
    (as an unfinished rollout does).

    >>> from pachisi import Position
    >>> done = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0")
    >>> exact_chances(done).chances
    (1.0, 0.0)
    >>> jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
    >>> exact_chances(Position.from_text(f"pagade ry,bg - {jam} 0 0 00 - -")).chances
    (0.5, 0.5)
    """
    n = len(position.setup.players)
    if position.winner is None:
        if not position.is_over:
            # -- issue 33: a pure race is valued by the race tables (pachisi.race) ----
            race = race_by_default(position)  # where the tables answer at once
            if race is not None:
                return Estimate(race.chances, (race.error,) * n, sides(position.setup), "race")
            return None
        share = 1.0 / len(sides(position.setup))
        return Estimate((share,) * n, (0.0,) * n, sides(position.setup), "exact")
    chances = tuple(1.0 if i in position.winner else 0.0 for i in range(n))
    return Estimate(chances, (0.0,) * n, sides(position.setup), "exact")


def estimate_from(position: Position, masks: Sequence[int], spec: RolloutSpec) -> Estimate:
    """The :class:`Estimate` of ``position`` from its rollout results ``masks``."""
    exact = exact_chances(position)
    if exact is not None:
        return exact
    setup = position.setup
    n = len(setup.players)
    stats = [mean_se(player_values(setup, masks, i)) for i in range(n)]
    return Estimate(
        tuple(m for m, _ in stats),
        tuple(s for _, s in stats),
        sides(setup),
        "rollout",
        rollouts=len(masks),
        policy=spec.policy,
        seed=spec.seed,
        unfinished=sum(1 for m in masks if m == 0),
    )


# -- running many rollouts, in several processes -------------------------------

_Task = tuple[Position, int, int]
_WORKER_SPEC: RolloutSpec | None = None


def _init_worker(spec: RolloutSpec) -> None:
    global _WORKER_SPEC
    _WORKER_SPEC = spec
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run_task(task: _Task) -> list[int]:
    assert _WORKER_SPEC is not None
    return _rollouts(task, _WORKER_SPEC)


def _rollouts(task: _Task, spec: RolloutSpec) -> list[int]:
    position, k0, k1 = task
    return rollouts(position, k0, k1, spec)


def rollout_chunk(spec: RolloutSpec, task: tuple[Position, int, int]) -> list[int]:
    """Rollouts ``k0 .. k1-1`` of ``position`` for ``task = (position, k0, k1)``
    (one chunk, as a :class:`~pachisi.chunks.ChunkRunner` runs it)."""
    return _rollouts(task, spec)


class RolloutRunner:
    """Rollouts of many positions, computed once, in ``jobs`` processes.

    The runner remembers every rollout it has made: asking for the first
    ``n`` rollouts of a position computes only the ones it lacks. Use it as
    a context manager when ``jobs > 1`` (the worker processes are started on
    entry and stopped on exit); results are the same whatever ``jobs``.
    With ``backend`` (a :class:`~pachisi.chunks.ChunkRunner`, e.g. a Ray
    cluster's, :func:`pachisi.distributed.connect`) the rollouts run there
    instead, in chunks, and ``jobs`` is not used; the results are the same.
    """

    def __init__(
        self, spec: RolloutSpec, jobs: int = 1, backend: ChunkRunner | None = None
    ) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.spec = spec
        self.jobs = jobs
        self.backend = backend
        self._cache: dict[Position, list[int]] = {}
        self._pool: Any = None

    def __enter__(self) -> RolloutRunner:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(abort=exc[0] is not None)

    def start(self) -> None:
        """Start the worker processes (if ``jobs > 1``); before any thread of the caller."""
        if self.jobs > 1 and self._pool is None and self.backend is None:
            import multiprocessing

            self._pool = multiprocessing.Pool(
                self.jobs, initializer=_init_worker, initargs=(self.spec,)
            )

    def close(self, abort: bool = False) -> None:
        """Stop the worker processes: let idle workers exit, or kill them (``abort``).

        Killing workers that are idle can hang: one killed while it holds the
        task queue's lock leaves the others waiting on it for ever, and
        ``join`` with them. So a normal close sends each worker its stop
        signal through the queue; only an error or an interrupt terminates.
        """
        if self._pool is not None:
            if abort:
                self._pool.terminate()
            else:
                self._pool.close()
            self._pool.join()
            self._pool = None

    def missing(self, requests: Sequence[tuple[Position, int]]) -> int:
        """How many rollouts :meth:`compute` would have to play for ``requests``."""
        need = self._needs(requests)
        return sum(n - len(self._cache.get(p, ())) for p, n in need.items())

    def _needs(self, requests: Sequence[tuple[Position, int]]) -> dict[Position, int]:
        need: dict[Position, int] = {}
        for pos, n in requests:
            if pos.winner is not None or n <= 0:
                continue
            if n > len(self._cache.get(pos, ())):
                need[pos] = max(n, need.get(pos, 0))
        return need

    def compute(
        self,
        requests: Sequence[tuple[Position, int]],
        on_progress: Callable[[int], None] | None = None,
    ) -> None:
        """Make sure the first ``n`` rollouts of each ``(position, n)`` are known.

        ``on_progress`` is called with the number of rollouts just finished.
        """
        need = self._needs(requests)
        if not need:
            return
        tasks: list[_Task] = []
        total = sum(n - len(self._cache.get(p, ())) for p, n in need.items())
        workers = self.backend.workers if self.backend is not None else self.jobs
        chunk = max(1, min(32, math.ceil(total / (workers * 8))))
        for pos, n in need.items():
            have = len(self._cache.setdefault(pos, []))
            for k0 in range(have, n, chunk):
                tasks.append((pos, k0, min(n, k0 + chunk)))
        for task, masks in zip(tasks, self._results(tasks), strict=True):
            pos, k0, _ = task
            known = self._cache[pos]
            assert len(known) == k0, "tasks of one position are done in order"
            known.extend(masks)
            if on_progress is not None:
                on_progress(len(masks))

    def _results(self, tasks: list[_Task]) -> Iterator[list[int]]:
        if self.backend is not None:
            return self.backend.map(rollout_chunk, self.spec, tasks)
        if self.jobs == 1 or len(tasks) == 1:
            return (_rollouts(t, self.spec) for t in tasks)
        self.start()
        assert self._pool is not None
        return iter(self._pool.imap(_run_task, tasks))

    def masks(self, position: Position, n: int) -> list[int]:
        """The results of the first ``n`` rollouts of ``position`` (computed if needed)."""
        if position.winner is not None:
            return [_mask(position.winner)] * n
        self.compute([(position, n)])
        return self._cache[position][:n]

    def values(self, position: Position, n: int, player: int) -> list[float]:
        """Per-rollout results of ``player`` in the first ``n`` rollouts of ``position``."""
        return player_values(position.setup, self.masks(position, n), player)

    def estimate(self, position: Position, n: int) -> Estimate:
        """The :class:`Estimate` of ``position`` from its first ``n`` rollouts."""
        return estimate_from(position, self.masks(position, n), self.spec)


def win_chances(
    position: Position,
    rollouts: int,
    *,
    seed: int = 0,
    policy: str = "greedy",
    jobs: int = 1,
    max_throws: int = DEFAULT_MAX_THROWS,
) -> Estimate:
    """Every player's win chance in ``position`` before the throw.

    Exact for a decided game; otherwise ``rollouts`` rollouts with the
    ``policy`` (see the module docstring), in ``jobs`` processes.
    """
    if rollouts < 1:
        raise ValueError(f"rollouts must be at least 1, not {rollouts}")
    spec = RolloutSpec(seed, policy, max_throws)
    exact = exact_chances(position)
    if exact is not None:
        return exact
    with RolloutRunner(spec, min(jobs, rollouts)) as runner:
        return runner.estimate(position, rollouts)
