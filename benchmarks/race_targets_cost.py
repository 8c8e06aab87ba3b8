"""What ``pachisi train --race-targets`` costs: seconds per self-play game with and without
it, and how many positions of a game get a race value as target (issue 33, part 3).

Plays the same self-play games (the shipped network's, frozen, as in one round of
training) twice in this process, once without the option and once with it, after
loading the race tables once (their load time is printed apart: a worker pays it once
per run). Needs the Parcheesi race tables built (``python -m pachisi.race``).

    nice -n 19 .venv/bin/python benchmarks/race_targets_cost.py --games 200
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import replace

from pachisi import Position, fast, race
from pachisi.learn.encoding import Encoder
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.training.race_targets import decode
from pachisi.training.train import GameData, TrainSettings, play_games

WEIGHTS = {2: "parcheesi.json", 4: "parcheesi.4p.json"}


def closing_races(enc: Encoder, g: GameData) -> int:
    """How many of the game's last positions are pure races, whatever their bound."""
    k = 0
    for t in range(g.throws - 1, -1, -1):
        a, b = int(g.offsets[t]), int(g.offsets[t + 1])
        if not race.is_race(decode(enc, g.cols[a:b].tolist(), g.vals[a:b].tolist(), g.movers[t])):
            break
        k += 1
    return k


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,4")
    ap.add_argument("--seed", type=int, default=33)
    args = ap.parse_args()
    print(f"engine: {fast.engine()}")
    for n in (int(x) for x in args.players.split(",")):
        setup = Setup.create("parcheesi", players=n)
        if not race.tables_ready(setup):
            raise SystemExit("build the race tables first: python -m pachisi.race")
        from importlib.resources import files

        path = files("pachisi.learn").joinpath("weights", WEIGHTS[n])
        net = ValueNet.load(str(path))
        t = time.perf_counter()
        race.race_value(Position.from_text("parcheesi r,y - r:66.72.72.72,y:70.72.72.72 0 0 - - -"))
        load = time.perf_counter() - t
        off = TrainSettings(setup=setup.to_fields(), games=args.games, seed=args.seed)
        on = replace(off, race_targets=True)
        weights = net.arrays()
        games = list(range(args.games))
        t = time.perf_counter()
        plain = play_games(weights, off, games)
        t_off = time.perf_counter() - t
        t = time.perf_counter()
        raced = play_games(weights, on, games)
        t_on = time.perf_counter() - t
        assert [g.throws for g in plain] == [g.throws for g in raced]
        throws = [g.throws for g in raced]
        runs = [len(g.race) if g.race is not None else 0 for g in raced]
        bounds = [b for g in raced if g.race is not None for b in g.race.bounds]
        ended = sum(r > 0 for r in runs)
        pure = [closing_races(Encoder.of(setup), g) for g in raced]
        print(
            f"parcheesi {n}p, {args.games} games (seed {args.seed}), tables loaded in {load:.1f} s"
        )
        print(
            f"  per game: {1000 * t_off / args.games:.1f} ms without, "
            f"{1000 * t_on / args.games:.1f} ms with --race-targets "
            f"(x{t_on / t_off:.1f})"
        )
        print(
            f"  positions per game {statistics.mean(throws):.0f}; race targets per game "
            f"{statistics.mean(runs):.1f} (median {statistics.median(runs):.0f}, "
            f"max {max(runs)}); {ended} of {args.games} games end in a valued race; "
            f"{100 * sum(runs) / sum(throws):.1f}% of positions"
        )
        print(
            f"  closing pure races (any bound): {statistics.mean(pure):.1f} positions per "
            f"game, {sum(p > 0 for p in pure)} of {args.games} games end in one"
        )
        if len(bounds) >= 50:  # fewer: the difference of two timings is noise
            print(
                f"  error bounds of the targets: mean {statistics.mean(bounds):.1e}, "
                f"max {max(bounds):.1e}; "
                f"{1000 * (t_on - t_off) / max(1, sum(runs)):.1f} ms more per race "
                "target"
            )


if __name__ == "__main__":
    main()
