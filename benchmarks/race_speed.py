"""The Parcheesi family's race values by the finishing series: what one costs (issue 33).

    PYTHONPATH=src python benchmarks/race_speed.py [--positions 200] [--seed 5]

Uses the tables in the cache (``python -m pachisi.race`` builds them). Prints the
time to load the full table and its series (once a process); then, over
``--positions`` seeded random pure races of two- and four-player Parcheesi (real
games reach few: greedy players rarely have every pawn home at once), the CPU
time of a race value with no distribution cached (the per-state cache emptied
before each: the cost of a position never seen), its mean and largest, and the
error bounds' mean and largest; and the CPU time of a hint (2 plies) on five of
them.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi import race
from pachisi.analysis import hints
from pachisi.dice import derive_seed, dice_for
from pachisi.errors import PositionError
from pachisi.position import Position

COLOURS = {2: "ry", 4: "rgyb"}


def random_races(players: int, n: int, seed: int) -> list[Position]:
    """``n`` seeded random pure races of ``players``-player Parcheesi: every pawn on its
    home path or HOME (at least one short of HOME a player), and in half of them one
    pawn of one player anywhere before its home path (nest or ring); any player to move,
    with no doublet thrown yet."""
    rng = random.Random(derive_seed(f"race-speed:{seed}:{players}"))
    out: list[Position] = []
    cols = COLOURS[players]
    while len(out) < n:
        pawns = [
            sorted([rng.randint(65, 72) for _ in range(3)] + [rng.randint(65, 71)]) for _ in cols
        ]
        if rng.random() < 0.5:
            pawns[rng.randrange(players)][0] = rng.randint(0, 64)
        text = ",".join(
            f"{c}:{'.'.join(map(str, sorted(p)))}" for c, p in zip(cols, pawns, strict=True)
        )
        try:
            pos = Position.from_text(
                f"parcheesi {','.join(cols)} - {text} {rng.randrange(players)} 0 - - -"
            )
        except PositionError:
            continue  # more than two pawns on a space (RULES.md §2.4)
        if race.is_race(pos):
            out.append(pos)
    return out


def main() -> int:
    """Run the measurement."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=5)
    args = ap.parse_args()
    t = time.process_time()
    table = race.build_table("parcheesi")
    print(f"table and series loaded in {time.process_time() - t:.2f} s CPU")
    for players in (2, 4):
        races = random_races(players, args.positions, args.seed)
        times = []
        errors = []
        kept = 0
        for p in races:
            table._dist.clear()
            t = time.process_time()
            v = race.race_value(p)
            times.append(time.process_time() - t)
            assert v is not None
            errors.append(v.error)
            kept += v.error <= race.BOUND_BY_DEFAULT
        print(
            f"{players} players: {len(races)} random race positions;"
            f" a race value {1000 * statistics.fmean(times):.2f} ms mean,"
            f" {1000 * max(times):.2f} ms at most; error bound mean"
            f" {statistics.fmean(errors):.5f}, largest {max(errors):.4f}; {kept} within"
            f" {race.BOUND_BY_DEFAULT} (used by default)"
        )
        dice = dice_for("parcheesi")
        rng = random.Random(1)
        hint_times = []
        for p in races[:: max(1, len(races) // 5)][:5]:
            throw = dice.roll(rng)
            t = time.process_time()
            hints(p, throw)
            hint_times.append(time.process_time() - t)
        print(
            f"  a hint (2 plies) in a race: {1000 * statistics.fmean(hint_times):.0f} ms mean,"
            f" {1000 * max(hint_times):.0f} ms at most ({len(hint_times)} positions)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
