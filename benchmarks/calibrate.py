"""Fit the win-chance model (the logistic of the evaluation) to greedy self-play games.

:func:`pachisi.bots.search.win_chance` estimates a player's chance of
winning as ``1 / (1 + exp(-evaluate(position, me) / scale))``; the search
player scores the leaves of its rollouts so. This script plays
greedy-against-greedy two-player games (the set-ups of ``strength.py``),
takes every third position with the evaluation from the first player's
side, the squares still to go (:func:`pachisi.bots.search.remaining`) and
who won, and fits two models by maximum likelihood:

* ``const``: one scale for the whole game (the search player's
  :data:`~pachisi.bots.search.LOGISTIC_SCALE`);
* ``pow``: ``scale = A * (remaining + 1) ** K``, a lead worth more as the
  race shortens (:data:`~pachisi.bots.search.CALIBRATION`).

The games are split by index, even games to fit and odd games to test, and
the test log-loss (lower is better; a coin is 0.6931) is printed overall
and per third of the game, with the search player's constant scale
(:data:`~pachisi.bots.search.LOGISTIC_SCALE`) for comparison. Usage (from the repository root)::

    .venv/bin/python benchmarks/calibrate.py parcheesi --games 3000 --seed 2 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import SETUPS

from pachisi.bots.evaluation import evaluate
from pachisi.bots.greedy import GreedyPlayer
from pachisi.bots.search import LOGISTIC_SCALE, remaining
from pachisi.dice import dice_for
from pachisi.game import first_player
from pachisi.moves import legal_plays
from pachisi.position import Position

#: (evaluation for the first player, squares to go, fraction of the game played, won)
Row = tuple[float, int, float, int]


def game(args: tuple[str, int]) -> list[Row]:
    """Every third position of one greedy self-play game, with its result."""
    ruleset, seed = args
    rng = random.Random(seed)
    setup = SETUPS[ruleset]()
    first, _ = first_player(setup, rng)
    pos = Position.initial(setup, first)
    players = [GreedyPlayer(seed), GreedyPlayer(seed + 1)]
    dice = dice_for(ruleset)
    rows: list[tuple[float, int, int]] = []
    n = 0
    while not pos.is_over and n < 5000:
        if n % 3 == 0:
            rows.append((evaluate(pos, 0), remaining(pos), n))
        throw = dice.roll(rng)
        pos = players[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
        n += 1
    won = 1 if pos.winner is not None and 0 in pos.winner else 0
    return [(e, r, i / n, won) for e, r, i in rows]


def log_loss(rows: Sequence[Row], z: Callable[[float, int], float]) -> float:
    """Mean negative log-likelihood of the results under ``sigmoid(z(evaluation, remaining))``."""
    total = 0.0
    for e, r, _, won in rows:
        x = max(-30.0, min(30.0, z(e, r)))
        p = 1.0 / (1.0 + math.exp(-x))
        total -= math.log(p if won else 1.0 - p)
    return total / len(rows)


def fit_const(rows: Sequence[Row]) -> tuple[float, float]:
    """(log-loss, scale) of the best constant scale on a geometric grid."""

    def at(scale: float) -> Callable[[float, int], float]:
        return lambda e, r: e / scale

    return min((log_loss(rows, at(s)), s) for s in (10 * 1.05**k for k in range(150)))


def fit_pow(rows: Sequence[Row]) -> tuple[float, float, float]:
    """(log-loss, A, K) of the best ``A * (remaining + 1) ** K``: a grid, then a finer one."""

    def loss(a: float, k: float) -> float:
        return log_loss(rows, lambda e, r: e / (a * (r + 1) ** k))

    best = min(
        (loss(a, k), a, k)
        for k in (i / 20 for i in range(25))
        for a in (0.05 * 1.15**j for j in range(70))
    )
    _, a0, k0 = best
    fine = min(
        (loss(a0 * 1.02**j, k0 + i / 100), a0 * 1.02**j, k0 + i / 100)
        for i in range(-5, 6)
        for j in range(-8, 9)
    )
    return min(best, fine)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset", choices=sorted(SETUPS))
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    tasks = [(args.ruleset, args.seed * 100_000 + i) for i in range(args.games)]
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            games = pool.map(game, tasks, chunksize=4)
    else:
        games = [game(t) for t in tasks]
    train = [row for i, g in enumerate(games) if i % 2 == 0 for row in g]
    test = [row for i, g in enumerate(games) if i % 2 == 1 for row in g]
    c_loss, scale = fit_const(train)
    p_loss, a, k = fit_pow(train)
    print(f"{args.ruleset}: {args.games} games, {len(train)} positions to fit, {len(test)} to test")
    print(f"  const: scale {scale:.1f} (fit log-loss {c_loss:.4f})")
    print(f"  pow:   A {a:.3f}, K {k:.2f} (fit log-loss {p_loss:.4f})")
    parts = [("all", test)] + [
        (f"third {i + 1}", [row for row in test if i / 3 <= row[2] < (i + 1) / 3]) for i in range(3)
    ]
    fixed = LOGISTIC_SCALE[args.ruleset]
    for name, rows in parts:
        const = log_loss(rows, lambda e, r: e / scale)
        power = log_loss(rows, lambda e, r: e / (a * (r + 1) ** k))
        search = log_loss(rows, lambda e, r: e / fixed)
        print(
            f"  test {name:9} {len(rows):6} positions: const {const:.4f}, pow {power:.4f},"
            f" the search player's {fixed:g} {search:.4f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
