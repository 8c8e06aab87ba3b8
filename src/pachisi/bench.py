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
  (:func:`pachisi._accel.playouts`: the kernel's fast enumerator of a
  throw's distinct outcomes, one chosen uniformly in canonical order; for
  ``ludo`` and ``maedn``, asked for by name, ``simulate``'s random games in
  their compiled engine); only when the kernel runs. Its ``plays_per_s`` is
  its throws per second (all its time is generation).

:func:`throw_costs` (``python -m pachisi.bench --throw-costs [N] [SEED]``)
times one throw's enumeration by its number of distinct outcomes.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from . import _accel
from .dice import dice_for
from .moves import Play
from .moves import legal_plays as pure_legal_plays
from .position import Position
from .rules import ONE_DIE_RULESETS, RULESETS

__all__ = [
    "DEFAULT_PLAYERS",
    "OUTCOME_BINS",
    "BenchResult",
    "bench",
    "bench_all",
    "bench_kernel",
    "random_game",
    "throw_costs",
]

#: Players used by default for each ruleset.
DEFAULT_PLAYERS = {
    "pagade": 4,
    "whitman": 4,
    "parcheesi": 4,
    "eight-man": 2,
    "ludo": 4,
    "maedn": 4,
}


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


def legal_plays(position: Position, throw: tuple[int, int]) -> Sequence[Play]:
    """The library's legal plays: from the kernel when it runs, else the pure engine."""
    if _accel.active_for(position.setup.ruleset):
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
    ruleset: str,
    seconds: float = 5.0,
    players: int | None = None,
    seed: int = 1,
    greedy: bool = False,
) -> BenchResult:
    """Random (or ``greedy``) games played inside the compiled kernel for about ``seconds``.

    At least 10 games; playout numbers run on from one call to the next.
    """
    n = players if players is not None else DEFAULT_PLAYERS[ruleset]
    start = Position.start(ruleset, players=n)
    games = throws = 0
    batch = 10
    t0 = time.process_time()
    elapsed = 0.0
    one_die = ruleset in ONE_DIE_RULESETS
    while games == 0 or elapsed < seconds:
        if one_die:  # ludo, maedn: whole games of random players (simulate's)
            seeds = [seed + games + i for i in range(batch)]
            sims = _accel.simulate_games(start, seeds, [0] * batch, [0] * batch)
            throws += sum(g.throws for g in sims)
        else:
            done = _accel.playouts(start, batch, seed, greedy=greedy, start=games)
            throws += sum(t for t, _, _ in done)
        games += batch
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
        if _accel.active_for(r):
            out.append(bench_kernel(r, seconds))
        out.append(bench(r, seconds))
    return out


#: The bins of :func:`throw_costs`: distinct outcomes of a throw.
OUTCOME_BINS = ((1, 1), (2, 5), (6, 20), (21, 100), (101, 10**9))


def throw_costs(per_ruleset: int = 300, seed: int = 1) -> list[tuple[str, str, int, float, float]]:
    """CPU cost of one throw's enumeration by its number of distinct outcomes.

    Samples ``per_ruleset`` (position, throw) pairs from seeded random games
    of each ruleset of the kernel (default set-ups) and times, per pair, one throw
    enumerated in a loop inside the kernel (``Kernel.repeat_outcomes``) by

    * the playouts' fast enumerator (the distinct outcomes' keys);

    and, one Python call per repetition, the same enumerator recording the
    plays' action paths and sorting the outcomes (``Kernel.plays``, the one
    behind :func:`pachisi._accel.legal_plays`). Rows: (ruleset, bin, throws,
    fast µs, with paths µs), means per throw.
    """
    module = _accel.kernel_module()
    if module is None:
        raise RuntimeError("the compiled kernel is not installed")

    rng = random.Random(seed)
    kern = module.Kernel()
    rows: list[tuple[str, str, int, float, float]] = []
    for ruleset, n_players in DEFAULT_PLAYERS.items():
        if ruleset not in _accel.KERNEL_RULESETS:  # Ludo and MADN: their own module
            continue
        start = Position.start(ruleset, players=n_players)
        dice = dice_for(ruleset)
        sums: dict[tuple[int, int], list[float]] = {}
        args: tuple[object, ...]
        pos = start
        for _ in range(per_ruleset):
            if pos.is_over:
                pos = start
            a, b = dice.roll(rng)
            setup = pos.setup
            cfg = _accel._cfg(setup, pos.to_move)
            cut = int(bool(pos.cut[pos.to_move])) if pos.cut is not None else 0
            n = len(_accel.fast_outcomes(pos, (a, b), module))
            reps = 200 if n <= 20 else (20 if n <= 1000 else 2)
            args = (cfg, (pos.pawns, pos.doubles, cut), (a, b))
            t0 = time.process_time()
            kern.repeat_outcomes(*args, reps)
            fast = (time.process_time() - t0) / reps
            t0 = time.process_time()
            for _ in range(reps):
                kern.plays(*args)
            paths = (time.process_time() - t0) / reps
            for lo, hi in OUTCOME_BINS:
                if lo <= n <= hi:
                    acc = sums.setdefault((lo, hi), [0.0, 0.0, 0.0])
                    acc[0] += 1
                    acc[1] += fast
                    acc[2] += paths
            plays = legal_plays(pos, (a, b))
            pos = plays[rng.randrange(len(plays))].position
        for (lo, hi), (m, f, w) in sorted(sums.items()):
            label = f"{lo}" if lo == hi else (f"{lo}-{hi}" if hi < 10**9 else f">{lo - 1}")
            rows.append((ruleset, label, int(m), 1e6 * f / m, 1e6 * w / m))
    return rows


def _main(argv: list[str]) -> None:
    if argv[:1] != ["--throw-costs"]:
        raise SystemExit("usage: python -m pachisi.bench --throw-costs [THROWS_PER_RULESET] [SEED]")
    per = int(argv[1]) if len(argv) > 1 else 300
    seed = int(argv[2]) if len(argv) > 2 else 1
    print(f"{'ruleset':<10} {'outcomes':>9} {'throws':>7} {'fast us':>9} {'with paths us':>14}")
    for ruleset, label, m, f, w in throw_costs(per, seed):
        print(f"{ruleset:<10} {label:>9} {m:>7} {f:>9.1f} {w:>14.1f}")


if __name__ == "__main__":
    import sys

    _main(sys.argv[1:])
