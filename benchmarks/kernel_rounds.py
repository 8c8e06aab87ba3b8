"""Alternated rounds of two or more builds of the kernel: random four-player Parcheesi playouts.

Each argument is a source folder holding a built ``pachisi`` package (a worktree's ``src``,
or a copy of it made before a change). Every round runs each build in a fresh process for
``--seconds`` of CPU (``pachisi bench``'s kernel measure, ``bench_kernel``), in alternating
order (A B, then B A), and prints its games per CPU second; at the end, each build's mean
and, for each build after the first, its difference from the first in each round. A change
of a few per cent needs several rounds: on a shared machine the rounds themselves spread by
2 to 3 per cent.

    python benchmarks/kernel_rounds.py --seconds 4 --rounds 6 /tmp/before/src src
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

#: One build's games per CPU second: ``pachisi bench``'s kernel row for random four-player
#: Parcheesi (:func:`pachisi.bench.bench_kernel`), so that both give the same measure.
PROBE = """
import sys
from pachisi.bench import bench_kernel
print(bench_kernel("parcheesi", float(sys.argv[1]), players=4).games_per_s)
"""


def games_per_second(source: str, seconds: float) -> float:
    """One round of one build, in its own process (``PYTHONPATH=source``)."""
    env = dict(os.environ, PYTHONPATH=source)
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(seconds)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip())


def main(argv: list[str] | None = None) -> None:
    """Run the rounds and print them, the means and the paired differences."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs="+", help="source folders, each with a built pachisi")
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds a round")
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args(argv)
    for source in args.builds:
        if not os.path.isdir(os.path.join(source, "pachisi")):
            parser.error(f"{source}: no pachisi package in it")
    rates: dict[str, list[float]] = {b: [] for b in args.builds}
    for r in range(args.rounds):
        order = args.builds if r % 2 == 0 else list(reversed(args.builds))
        for source in order:
            rate = games_per_second(source, args.seconds)
            rates[source].append(rate)
            load = os.getloadavg()[0]
            print(f"round {r + 1}: {source}: {rate:,.0f} games/s (load {load:.2f})", flush=True)
    first = args.builds[0]
    for source in args.builds:
        mean = statistics.mean(rates[source])
        line = f"{source}: mean {mean:,.0f} games/s"
        if source != first:
            diffs = [b - a for a, b in zip(rates[first], rates[source], strict=True)]
            line += (
                f", {100 * (mean / statistics.mean(rates[first]) - 1):+.1f}% on {first};"
                f" by round {', '.join(f'{d:+,.0f}' for d in diffs)}"
            )
        print(line)


if __name__ == "__main__":
    main()
