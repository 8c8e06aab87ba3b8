"""Random four-player Parcheesi in the kernel against OpenSpiel's C++ maedn and ludopy, per game.

CPU time (:func:`time.process_time`, one core). In each round ours
(:func:`pachisi.bench.bench_kernel`: random four-player Parcheesi playouts
in the compiled kernel), OpenSpiel's C++ ``maedn`` with four uniform
random bots (``pyspiel.evaluate_bots``, the game played in C++) and ludopy
(four random players, ``ludo_speed.py``'s loop, in a child process) run one after the other for
at least ``--seconds`` CPU seconds each, so that a busy machine slows them
alike; each round prints the games per CPU second and our ratios, and the
summary is the median of the rounds. Issue 35's target: at least 7,500
Parcheesi games per CPU second, 1.5 times OpenSpiel's maedn and 100 times
ludopy per game. A peer that is not installed is left out (said so)::

    python benchmarks/parcheesi_peers.py --rounds 5 --seconds 3
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from ludo_speed import ludopy_games

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


def ludopy_games_per_s(seconds: float, first_seed: int) -> float | None:
    """ludopy, four random players (``ludo_speed.ludopy_games``): games per CPU second.

    Run in a child process (:func:`ludopy_in_child`): importing ludopy starts
    threads (numpy's, OpenCV's) whose CPU time :func:`time.process_time` would
    count against whatever this process times next.
    """
    run = ludopy_games()
    if run is None:
        return None
    games = 0
    t0 = time.process_time()
    while games < 5 or time.process_time() - t0 < seconds:
        games += run(1, first_seed + games)
    return games / (time.process_time() - t0)


def ludopy_in_child(pool: ProcessPoolExecutor, seconds: float, first_seed: int) -> float | None:
    """:func:`ludopy_games_per_s` in ``pool``'s one worker process."""
    return pool.submit(ludopy_games_per_s, seconds, first_seed).result()


def main() -> None:
    """Run the rounds and print them, then the medians."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0, help="per contestant and round")
    ap.add_argument("--no-ludopy", action="store_true", help="leave ludopy out")
    args = ap.parse_args()
    ours: list[float] = []
    ratios: list[float] = []
    ludopy_ratios: list[float] = []
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
    for r in range(args.rounds):
        g = bench_kernel("parcheesi", args.seconds, players=4, seed=1 + 100_000 * r).games_per_s
        m = maedn_games_per_s(args.seconds, 100_000 * r)
        lp = None if args.no_ludopy else ludopy_in_child(pool, args.seconds, 100_000 * r)
        ours.append(g)
        line = f"round {r + 1}: parcheesi {g:,.0f} games/s"
        if m is None:
            line += " (OpenSpiel not installed)"
        else:
            ratios.append(g / m)
            line += f", maedn {m:,.0f} games/s, x{g / m:.2f}"
        if lp is not None:
            ludopy_ratios.append(g / lp)
            line += f", ludopy {lp:,.1f} games/s, x{g / lp:.0f}"
        elif not args.no_ludopy:
            line += " (ludopy not installed)"
        print(line)
    line = f"median: parcheesi {statistics.median(ours):,.0f} games/s"
    if ratios:
        line += f", x{statistics.median(ratios):.2f} OpenSpiel's C++ maedn per game"
    if ludopy_ratios:
        line += f", x{statistics.median(ludopy_ratios):.0f} ludopy per game"
    print(line)
    pool.shutdown()


if __name__ == "__main__":
    main()
