"""``pachisi bench``: single-core speed of the rules engine on random games.

Each game starts from the ruleset's start position (player 0 first) and
every throw's play is chosen uniformly among the legal outcomes. Reported
per ruleset and *path*: random games per second, throws per second,
legal-play generations per second (time inside the generation only) and the
mean number of throws per finished game. Times are the process's CPU time
(:func:`time.process_time`): one core's work, whatever else the machine runs.
The paths:

* ``"library"``: the :func:`~pachisi.moves.legal_plays` loop that builds
  :class:`~pachisi.moves.Play` and :class:`~pachisi.Position` values (from
  the compiled kernel when it runs, see :func:`pachisi._accel.engine`);
* ``"kernel"``: whole games played inside the compiled kernel
  (:func:`pachisi._accel.playouts`); only when the kernel runs. Its
  ``plays_per_s`` is its throws per second (all its time is generation).
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass

from . import _accel
from .dice import dice_for
from .moves import Play
from .moves import legal_plays as pure_legal_plays
from .position import Position
from .rules import RULESETS

__all__ = ["DEFAULT_PLAYERS", "BenchResult", "bench", "bench_all", "bench_kernel", "random_game"]

#: Players used by default for each ruleset.
DEFAULT_PLAYERS = {"pagade": 4, "whitman": 4, "parcheesi": 4, "eight-man": 2}


@dataclass
class BenchResult:
    """The figures of one benchmark run (the fields of ``pachisi bench --json``)."""

    ruleset: str
    players: int
    games_per_s: float
    throws_per_s: float
    plays_per_s: float
    throws_per_game: float
    games: int
    seconds: float
    #: ``"library"`` or ``"kernel"`` (see the module docstring).
    path: str = "library"

    def as_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dict."""
        return asdict(self)


def legal_plays(position: Position, throw: tuple[int, int]) -> list[Play]:
    """The library's legal plays: from the kernel when it runs, else the pure engine."""
    if _accel.active():
        return _accel.legal_plays(position, throw)
    return pure_legal_plays(position, throw)


def random_game(
    start: Position, rng: random.Random, max_throws: int = 100_000
) -> tuple[int, float]:
    """Play one uniformly random game; return (throws, seconds spent generating plays)."""
    dice = dice_for(start.ruleset)
    pos = start
    throws = 0
    gen = 0.0
    clock = time.process_time
    while not pos.is_over and throws < max_throws:
        throw = dice.roll(rng)
        t0 = clock()
        plays = legal_plays(pos, throw)
        gen += clock() - t0
        pos = plays[rng.randrange(len(plays))].position if len(plays) > 1 else plays[0].position
        throws += 1
    return throws, gen


def bench(
    ruleset: str, seconds: float = 5.0, players: int | None = None, seed: int = 1
) -> BenchResult:
    """Play random games of ``ruleset`` for about ``seconds`` (at least one game)."""
    n = players if players is not None else DEFAULT_PLAYERS[ruleset]
    start = Position.start(ruleset, players=n)
    rng = random.Random(seed)
    games = throws = 0
    gen = 0.0
    t0 = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        k, g = random_game(start, rng)
        games += 1
        throws += k
        gen += g
        elapsed = time.process_time() - t0
    return BenchResult(
        ruleset=ruleset,
        players=n,
        games_per_s=games / elapsed,
        throws_per_s=throws / elapsed,
        plays_per_s=throws / gen if gen else 0.0,
        throws_per_game=throws / games,
        games=games,
        seconds=elapsed,
    )


def bench_kernel(
    ruleset: str, seconds: float = 5.0, players: int | None = None, seed: int = 1
) -> BenchResult:
    """Random games played inside the compiled kernel for about ``seconds`` (at least 10)."""
    n = players if players is not None else DEFAULT_PLAYERS[ruleset]
    start = Position.start(ruleset, players=n)
    games = throws = 0
    batch = 10
    t0 = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        done = _accel.playouts(start, batch, seed + games)
        games += batch
        throws += sum(t for t, _, _ in done)
        elapsed = time.process_time() - t0
        batch = min(2 * batch, 1000)
    return BenchResult(
        ruleset=ruleset,
        players=n,
        games_per_s=games / elapsed,
        throws_per_s=throws / elapsed,
        plays_per_s=throws / elapsed,
        throws_per_game=throws / games,
        games=games,
        seconds=elapsed,
        path="kernel",
    )


def bench_all(seconds: float, ruleset: str | None = None) -> list[BenchResult]:
    """Run :func:`bench` (and :func:`bench_kernel` when the kernel runs) for one ruleset or all."""
    names = [ruleset] if ruleset else list(RULESETS)
    out: list[BenchResult] = []
    for r in names:
        if _accel.active():
            out.append(bench_kernel(r, seconds))
        out.append(bench(r, seconds))
    return out
