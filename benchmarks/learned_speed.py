"""How fast the value network runs: one evaluation, the learned players' decisions, rollouts.

Prints CPU time (``time.process_time``) figures for the network shipped for a
ruleset on decisions (a position and a throw with two plays or more) taken
from a seeded random game:

* one evaluation inside the compiled kernel (the encoding alone, and the
  whole network), and by the plain-Python path, when the kernel is compiled;
* decisions per second of ``learned`` (0 ply), ``learned1`` and ``learned2``;
* rollouts per second of the network's rollout check
  (:func:`pachisi.analysis.net.check_rollouts`, truncated after 12 throws)
  of every play of one decision.

Run it once as it is (the compiled kernel when built) and once with
``PACHISI_PURE=1`` (the pure engine)::

    .venv/bin/python benchmarks/learned_speed.py parcheesi
    PACHISI_PURE=1 .venv/bin/python benchmarks/learned_speed.py parcheesi --rollouts 20
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from pachisi import Position, fast
from pachisi.analysis.net import NetEvaluator, check_rollouts
from pachisi.bots.learned import LearnedPlayer
from pachisi.dice import Throw, dice_for
from pachisi.learn import default_net
from pachisi.learn.kernel import tables
from pachisi.moves import Play, legal_plays
from pachisi.rules import Setup


def decisions(setup: Setup, n: int, seed: int) -> list[tuple[Position, Throw, Sequence[Play]]]:
    """``n`` decisions with two plays or more from random games."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    pos = Position.initial(setup)
    out: list[tuple[Position, Throw, Sequence[Play]]] = []
    while len(out) < n:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) > 1:
            out.append((pos, throw, plays))
        pos = plays[rng.randrange(len(plays))].position
        if pos.is_over:
            pos = Position.initial(setup)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset")
    ap.add_argument("--decisions", type=int, default=120, help="0-ply decisions (default 120)")
    ap.add_argument("--rollouts", type=int, default=100, help="rollouts per play (default 100)")
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    setup = Setup.create(args.ruleset, players=2)
    net = default_net(args.ruleset)
    found = decisions(setup, args.decisions, args.seed)
    print(f"engine {fast.engine()}, {args.ruleset}, {net.hidden} hidden units")
    if fast.active():
        pos = found[len(found) // 2][0]
        net_tables = tables(net, setup)
        kern = fast.kernel().network()
        st = fast.game_state(pos)
        reps = 200_000
        for label, only in (("encoding", True), ("evaluation", False)):
            t0 = time.process_time()
            kern.repeat(net_tables, st, reps, only)
            print(f"kernel {label}: {(time.process_time() - t0) / reps * 1e6:.2f} us")
        t0 = time.process_time()
        for _ in range(2000):
            net.side_chances(pos)
        print(f"plain-Python evaluation: {(time.process_time() - t0) / 2000 * 1e6:.1f} us")
    for plies, n in ((0, len(found)), (1, max(1, len(found) // 10)), (2, 2)):
        player = LearnedPlayer(seed=1, plies=plies)
        player.choose(*found[0])
        t0 = time.process_time()
        for d in found[:n]:
            player.choose(*d)
        dt = time.process_time() - t0
        print(f"{player.name}: {n / dt:.1f} decisions/s ({n} decisions)")
    pos, throw, plays = found[len(found) // 3]
    ev = NetEvaluator(net, ply=0, source=args.ruleset)
    t0 = time.process_time()
    check_rollouts(pos, throw, args.rollouts, ev, truncate=12, seed=1, plays=plays)
    dt = time.process_time() - t0
    n = len(plays) * args.rollouts
    print(f"rollouts (truncated after 12 throws): {n / dt:.0f}/s ({n} rollouts)")


if __name__ == "__main__":
    main()
