"""Check the weights of the Ludo/MADN hand evaluation (pachisi.bots.one_die).

Greedy with other weights against greedy with the package's weights, two
players, seats alternating, the same seed per game pair; prints wins of the
variant with a Wilson 95% interval, one line per variant and ruleset, and
appends the lines to ``--log`` as JSON as it goes. Exploratory (not a
declared run): it is how the weights were checked (docs/players.md).

    nice -n 19 python benchmarks/one_die_weights.py --games 600 --seed 1 \
        --log one_die_weights.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import time
from functools import partial

from pachisi import Position
from pachisi.bots import GreedyPlayer, game_positions
from pachisi.bots.one_die import HOME, OUT, RISK, weighted
from pachisi.tournament import wilson

VARIANTS = {
    "progress only": (0.0, 0.0, 0.0),
    "no risk": (OUT, HOME, 0.0),
    "risk 0.5": (OUT, HOME, 0.5),
    "risk 1.5": (OUT, HOME, 1.5),
    "out 0": (0.0, HOME, RISK),
    "out 12": (12.0, HOME, RISK),
    "home 0": (OUT, 0.0, RISK),
    "home 25": (OUT, 25.0, RISK),
}


def main() -> None:
    """Run the matches."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rulesets", default="ludo,maedn")
    ap.add_argument("--variants", default=",".join(VARIANTS))
    ap.add_argument("--log", default=None)
    args = ap.parse_args()
    for ruleset in args.rulesets.split(","):
        setup = Position.start(ruleset, players=2).setup
        for name in args.variants.split(","):
            w = VARIANTS[name]
            t0 = time.time()
            wins = 0
            for g in range(args.games):
                rng = random.Random(args.seed * 1_000_003 + g)
                variant = GreedyPlayer(
                    g, evaluation=partial(weighted, out=w[0], home=w[1], risk_weight=w[2])
                )
                base = GreedyPlayer(g + 1)
                seat = g % 2
                players = [variant, base] if seat == 0 else [base, variant]
                _, last = game_positions(setup, 0, rng, players)
                wins += last.winner is not None and seat in last.winner
            lo, hi = wilson(wins, args.games)
            line = {
                "ruleset": ruleset,
                "variant": name,
                "weights": w,
                "games": args.games,
                "seed": args.seed,
                "wins": wins,
                "ci": [round(lo, 3), round(hi, 3)],
                "seconds": round(time.time() - t0, 1),
            }
            print(json.dumps(line), flush=True)
            if args.log:
                with open(args.log, "a") as f:
                    f.write(json.dumps(line) + "\n")


if __name__ == "__main__":
    main()
