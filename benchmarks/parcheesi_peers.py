"""Random four-player Parcheesi in the kernel against OpenSpiel's C++ maedn, per game (issue 35).

CPU time (:func:`time.process_time`, one core). In each round ours
(:func:`pachisi.bench.bench_kernel`: random four-player Parcheesi playouts
in the compiled kernel) and OpenSpiel's C++ ``maedn`` with four uniform
random bots (``pyspiel.evaluate_bots``, the game played in C++) run one
after the other for at least ``--seconds`` CPU seconds each, so that a busy
machine slows both alike; each round prints both games per CPU second and
their ratio, and the summary is the median of the rounds. The issue's
target: at least 7,500 Parcheesi games per CPU second and 1.5 times
OpenSpiel's maedn per game. OpenSpiel left out (said so) when ``pyspiel``
is not installed::

    python benchmarks/parcheesi_peers.py --rounds 5 --seconds 3
"""

from __future__ import annotations

import argparse
import statistics
import time

from pachisi.bench import bench_kernel


def maedn_games_per_s(seconds: float, first_seed: int) -> float | None:
    """OpenSpiel's C++ maedn, four uniform random bots: games per CPU second."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("maedn", {"players": 4})
    bots = [pyspiel.make_uniform_random_bot(i, 1 + i) for i in range(4)]
    games = 0
    t0 = time.process_time()
    while games < 20 or time.process_time() - t0 < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, first_seed + games)
        games += 1
    return games / (time.process_time() - t0)


def main() -> None:
    """Run the rounds and print them, then the medians."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="per contestant and round")
    args = ap.parse_args()
    ours: list[float] = []
    ratios: list[float] = []
    for r in range(args.rounds):
        g = bench_kernel("parcheesi", args.seconds, players=4, seed=1 + 100_000 * r).games_per_s
        m = maedn_games_per_s(args.seconds, 100_000 * r)
        ours.append(g)
        if m is None:
            print(f"round {r + 1}: parcheesi {g:,.0f} games/s (OpenSpiel not installed)")
            continue
        ratios.append(g / m)
        print(f"round {r + 1}: parcheesi {g:,.0f} games/s, maedn {m:,.0f} games/s, x{g / m:.2f}")
    line = f"median: parcheesi {statistics.median(ours):,.0f} games/s"
    if ratios:
        line += f", x{statistics.median(ratios):.2f} OpenSpiel's C++ maedn per game"
    print(line)


if __name__ == "__main__":
    main()
