"""The race tables' policy against the exact two-sided optimum on small races.

    PYTHONPATH=src python benchmarks/race_policy.py [--ruleset pagade|parcheesi] [--cases N]

The tables give each player's turns to finish under the one-sided policy that
minimises his expected turns (as gnubg's one-sided bear-off databases). That
is not always the policy that maximises the chance of winning a given race.
For every small two-player race in a family of positions, this solves the
joint game exactly twice (``race.two_sided_value``): with both players
following the tables' policy, and with both maximising their own chance of
winning. It prints the largest and the mean difference of the first player's
chance, and checks that the tables' combined value equals the joint value
under the same policy (Pagade, where the race is closed).
"""

from __future__ import annotations

import argparse
import itertools
import os
import tempfile
import time

from pachisi import Position, race


def pagade_cases() -> list[str]:
    """Two-player Pagade races: red and black with up to two pawns in the belly each."""
    out = []
    spots = [(p, q) for p in range(77, 85) for q in range(p, 85)]
    for (a, b), (c, d) in itertools.product(spots, spots):
        if 84 in (a, b) and a == b:
            continue
        if c == d == 84:
            continue
        red = ".".join(map(str, (a, b, 84, 84)))
        black = ".".join(map(str, (c, d, 84, 84)))
        for to_move in (0, 1):
            out.append(
                f"pagade ry,bg - r:{red},b:{black},y:84.84.84.84,g:84.84.84.84 {to_move} 0 11 - -"
            )
    return out


def parcheesi_cases() -> list[str]:
    """Two-player Parcheesi races: one pawn each on its home path, three HOME."""
    out = []
    for a, c in itertools.product(range(65, 72), range(65, 72)):
        out.append(f"parcheesi r,y - r:{a}.72.72.72,y:{c}.72.72.72 0 0 - - -")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ruleset", default="pagade", choices=("pagade", "parcheesi"))
    ap.add_argument("--cases", type=int, default=0, help="at most this many (0: all)")
    args = ap.parse_args()
    os.environ.setdefault("PACHISI_CACHE", tempfile.mkdtemp(prefix="race-policy-"))
    cases = pagade_cases() if args.ruleset == "pagade" else parcheesi_cases()
    if args.cases:
        cases = cases[: args.cases]
    worst = 0.0
    worst_at = ""
    total = 0.0
    combine = 0.0
    t = time.process_time()
    for text in cases:
        pos = Position.from_text(text)
        table = race.two_sided_value(pos, "table")
        best = race.two_sided_value(pos, "optimal")
        value = race.race_value(pos)
        assert table is not None and best is not None and value is not None
        gap = abs(best[0] - table[0])
        total += gap
        if gap > worst:
            worst, worst_at = gap, text
        if value.exact:
            combine = max(combine, abs(value.chances[0] - table[0]))
    n = len(cases)
    print(f"{args.ruleset}: {n} two-player races, {time.process_time() - t:.1f} s CPU")
    print(f"optimal minus tables' policy, first player's chance: largest {worst:.2e} at {worst_at}")
    print(f"mean {total / n:.2e}")
    if args.ruleset == "pagade":
        print(
            f"tables' combined value against the joint solution: largest difference {combine:.1e}"
        )


if __name__ == "__main__":
    main()
