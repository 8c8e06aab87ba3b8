"""The rollout check's size: a fixed number of rollouts against the sequential check.

On positions of games played by the greedy player (seed ``--seed``; every
``--every``-th throw with at least two distinct plays), the plays the hint names
(the network at 2 plies, its best ``--plays``) are checked by rollouts of the
network's player (:func:`pachisi.analysis.net.check_rollouts`, 12 throws, the
control variate) two ways:

* **fixed**: ``--fixed`` rollouts a play (comma-separated sizes; default 576,
  the old default, and 2304, the sequential budget), a verdict from two
  standard errors;
* **sequential**: looks at 72, 144, ... rollouts a play up to ``--budget``
  (default 2304), the plays still close to the best played on, a verdict from
  ``check_k`` standard errors (2.64 for six looks).

It prints, for each, the differences from the best that got a verdict
("clear") and those too close to tell, the rollouts played, and the CPU time.
Both are measures of the same plays with the same dice (rollout ``k`` of a play
is the same game in both).

Usage (from the repository root)::

    nice -n 19 .venv/bin/python benchmarks/check_size.py --players 2 --games 4
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi import Position
from pachisi.analysis.net import check_rollouts, evaluator_for, first_look, net_ranking
from pachisi.analysis.rank import CLEAR, clear_difference
from pachisi.bots import make_player
from pachisi.dice import dice_for
from pachisi.moves import legal_plays


def positions(
    players: int, games: int, every: int, seed: int
) -> list[tuple[Position, tuple[int, ...]]]:
    """Every ``every``-th (position, throw) with two plays or more of greedy games."""
    out = []
    rng = random.Random(seed)
    dice = dice_for("parcheesi")
    for g in range(games):
        pos = Position.start("parcheesi", players=players)
        bots = [make_player("greedy", seed=seed * 1000 + g * 10 + i) for i in range(players)]
        k = 0
        while pos.winner is None and not pos.is_over and k < 400:
            throw = dice.roll(rng)
            plays = legal_plays(pos, throw)
            if len({p.position for p in plays}) >= 2 and k % every == 0:
                out.append((pos, tuple(throw)))
            pos = bots[pos.to_move].choose(pos, throw, plays).position
            k += 1
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print its figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--every", type=int, default=4)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--plays", type=int, default=3)
    ap.add_argument("--fixed", default="576,2304", help="fixed sizes, comma-separated")
    ap.add_argument("--budget", type=int, default=2304)
    args = ap.parse_args(argv)
    todo = positions(args.players, args.games, args.every, args.seed)
    ev, why = evaluator_for(Position.start("parcheesi", players=args.players).setup, 2)
    assert ev is not None, why
    sizes = [int(x) for x in args.fixed.split(",") if x]
    ways: list[tuple[str, int | None, int]] = [(f"fixed {n}", None, n) for n in sizes]
    ways.append((f"sequential to {args.budget}", first_look("parcheesi"), args.budget))
    tally = {name: [0, 0, 0, 0.0] for name, _, _ in ways}  # clear, close, rollouts, CPU s
    for pos, throw in todo:
        plays = [rp.play for rp in net_ranking(pos, throw, ev).plays[: args.plays]]
        if len(plays) < 2:
            continue
        for name, first, budget in ways:
            t = time.process_time()
            r = check_rollouts(pos, throw, budget, ev, plays=plays, first=first, seed=1)
            tally[name][3] += time.process_time() - t
            how = r.how or {}
            k = float(how.get("k", CLEAR))
            tally[name][2] += sum(how.get("rollouts_used", []))
            for rp in r.plays[1:]:
                tally[name][0 if clear_difference(rp.diff, rp.diff_se, k) else 1] += 1
    print(
        f"{len(todo)} throws of {args.games} greedy games, {args.players} players, seed {args.seed}"
    )
    for name, (clear, close, rolled, cpu) in tally.items():
        print(
            f"{name:>20}: {clear} clear, {close} too close to tell; {rolled} rollouts,"
            f" {cpu:.1f} s CPU"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
