"""Accuracy of a Ludo or MADN network against rollouts by its own player, per third of the game.

The measurement of docs/learning.md's "Accuracy tables" for the one-die
networks (whose rollouts the kernel's playouts do not play): for the network
shipped for ``RULESET`` and ``--players N``,

1. **Positions.** Game ``g`` (``g = 0 .. --positions - 1``) is played by one
   level in every seat: ``greedy`` when ``g mod 3`` is 0, ``expectimax``
   when 1, the network itself at 0 ply when 2 (seeds of their own,
   ``derive_seed("pachisi-one-die-acc:SEED:g")`` for the dice); it gives one
   position, the one before throw ``i`` of its ``T`` throws with ``i / T`` in
   third ``(g // 3) mod 3`` (at its middle), so the thirds and the levels are
   equally represented and the positions independent.
2. **Labels.** Each position is played out ``--rollouts R`` times to the
   end by the network's 0-ply player in every seat (each throw's best result
   for its thrower by the network; the same player again after a 6), the
   dice of rollout ``k`` from ``derive_seed("pachisi-one-die-acc-roll:SEED:k")``
   (the same for every position); the label is the share the player to move
   won, with its standard error.
3. **Figures**, in points of win chance for the player to move: the mean
   absolute error (MAE) and the bias (mean of predicted minus label) of the
   network at 0 ply and at 1 ply (the exact expectation over the six faces,
   each answered by its thrower's best play at 0 ply), overall and per
   third, each with its standard error; the noise floor (``sqrt(2/pi)``
   times the mean label standard error).

Usage (from the repository root)::

    OPENBLAS_NUM_THREADS=1 nice -n 19 .venv/bin/python benchmarks/one_die_accuracy.py ludo \\
        --players 2 --positions 9 --rollouts 300 --seed 1
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

from pachisi import Position
from pachisi.bots import LearnedPlayer, make_player
from pachisi.dice import derive_seed, dice_for
from pachisi.learn import net_for
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.rules import Setup

LEVELS = ("greedy", "expectimax", "learned")


def play_game(setup: Setup, level: str, seed: int) -> list[Position]:
    """The positions before the throws of one game of ``level`` in every seat."""
    n = len(setup.players)
    bots = [make_player(level, derive_seed(f"{seed}:{i}")) for i in range(n)]
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    pos = Position.initial(setup, 0)
    seen: list[Position] = []
    while not pos.is_over and len(seen) < 5000:
        seen.append(pos)
        throw = dice.roll(rng)
        pos = bots[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
    return seen


def rollout(net: ValueNet, start: Position, seed: int) -> tuple[int, ...]:
    """One game from ``start`` by the network at 0 ply in every seat: the winners."""
    rng = random.Random(seed)
    dice = dice_for(start.ruleset)
    pos = start
    throws = 0
    while pos.winner is None and not pos.is_over and throws < 5000:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) > 1:
            values = net.sparse_chances([p.position for p in plays])
            me = pos.to_move
            pos = plays[max(range(len(plays)), key=lambda i: values[i][me])].position
        else:
            pos = plays[0].position
        throws += 1
    return tuple(pos.winner or ())


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and its standard error."""
    if len(xs) < 2:
        return (xs[0] if xs else math.nan), math.nan
    return statistics.fmean(xs), statistics.stdev(xs) / math.sqrt(len(xs))


def main() -> None:
    """Measure and print the table row (markdown)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("ruleset", choices=("ludo", "maedn"))
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--positions", type=int, default=9)
    ap.add_argument("--rollouts", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    setup = Setup.create(args.ruleset, players=args.players)
    net = net_for(setup)
    one = LearnedPlayer(0, plies=1, net=net)
    began = time.process_time()
    rows: list[tuple[int, float, float, float, float]] = []
    for g in range(args.positions):
        level = LEVELS[g % 3]
        third = (g // 3) % 3
        seen = play_game(setup, level, derive_seed(f"pachisi-one-die-acc:{args.seed}:{g}"))
        pos = seen[min(len(seen) - 1, int((third + 0.5) / 3 * len(seen)))]
        me = pos.to_move
        wins = [
            me in rollout(net, pos, derive_seed(f"pachisi-one-die-acc-roll:{args.seed}:{k}"))
            for k in range(args.rollouts)
        ]
        label, label_se = mean_se([float(w) for w in wins])
        zero = net.win_chances(pos)[me]
        ply1 = one.expectation(net, pos, me, 1)
        rows.append((third, label, label_se, zero, ply1))
        print(
            f"position {g} ({level}, third {third + 1}): label {100 * label:.1f} ± "
            f"{100 * label_se:.1f}, 0 ply {100 * zero:.1f}, 1 ply {100 * ply1:.1f}",
            flush=True,
        )
    cells: list[str] = [f"`{args.ruleset}{'.4p' if args.players == 4 else ''}.json`"]
    cells.append(str(len(rows)))
    for k in (3, 4):
        for t in (None, 0, 1, 2):
            errs = [100 * abs(r[k] - r[1]) for r in rows if t is None or r[0] == t]
            m, se = mean_se(errs)
            cells.append(f"{m:.1f} ± {se:.1f}")
        b, bse = mean_se([100 * (r[k] - r[1]) for r in rows])
        cells.append(f"{b:+.1f} ± {bse:.1f}")
    floor = math.sqrt(2 / math.pi) * statistics.fmean(100 * r[2] for r in rows)
    cells.append(f"{floor:.1f}")
    print("| " + " | ".join(cells) + " |")
    print(f"CPU {time.process_time() - began:.0f} s")


if __name__ == "__main__":
    main()
