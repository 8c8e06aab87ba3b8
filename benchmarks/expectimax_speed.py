"""How fast the expectimax player decides: decisions per CPU second, and whole games.

Prints CPU time (``time.process_time``) figures for ``ExpectimaxPlayer``
with its defaults (depth 1, the hand-made evaluation) on two-player set-ups:

* decisions per CPU second on ``--decisions`` decisions (a position and a
  throw with two plays or more) taken from a seeded random game;
* with ``--games N``: N whole games expectimax against expectimax (seeds
  0..N-1), their CPU time each and the throws they took.

Run it once as it is (the compiled kernel when built: the look-ahead in the
kernel, ``Kernel.expectimax_replies``) and once with ``PACHISI_PURE=1`` (the
pure engine), with ``uptime`` beside it (the machine is shared)::

    .venv/bin/python benchmarks/expectimax_speed.py parcheesi pagade eight-man --games 1
    PACHISI_PURE=1 .venv/bin/python benchmarks/expectimax_speed.py parcheesi --decisions 20
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

from learned_speed import decisions  # the same sampled decisions as the learned players'

from pachisi import Position, fast
from pachisi.bots.expectimax import ExpectimaxPlayer
from pachisi.dice import dice_for
from pachisi.moves import legal_plays
from pachisi.rules import Setup


def game(setup: Setup, seed: int, max_throws: int = 5000) -> tuple[float, int]:
    """One game expectimax against expectimax: its CPU seconds and throws."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    players = [ExpectimaxPlayer(seed=1000 * seed + i) for i in range(len(setup.players))]
    pos = Position.initial(setup)
    throws = 0
    t0 = time.process_time()
    while not pos.is_over and throws < max_throws:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        play = plays[0] if len(plays) == 1 else players[pos.to_move].choose(pos, throw, plays)
        pos = play.position
        throws += 1
    return time.process_time() - t0, throws


def main(argv: Sequence[str] | None = None) -> None:
    """Print the figures (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rulesets", nargs="+", help="e.g. parcheesi pagade eight-man")
    ap.add_argument("--decisions", type=int, default=60, help="decisions timed (default 60)")
    ap.add_argument("--games", type=int, default=0, help="whole games timed (default 0)")
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    print(f"engine {fast.engine()}")
    for ruleset in args.rulesets:
        setup = Setup.create(ruleset, players=2)
        found = decisions(setup, args.decisions, args.seed)
        player = ExpectimaxPlayer(seed=1)
        t0 = time.process_time()
        for pos, throw, plays in found:
            player.choose(pos, throw, plays)
        dt = time.process_time() - t0
        print(
            f"{ruleset}: {len(found)} decisions in {dt:.2f} CPU s: "
            f"{len(found) / dt:.1f} decisions/s ({dt / len(found) * 1e3:.1f} ms each)"
        )
        total = 0.0
        for g in range(args.games):
            cpu, throws = game(setup, g)
            total += cpu
            print(f"{ruleset}: game {g}: {cpu:.3f} CPU s, {throws} throws")
        if args.games:
            print(f"{ruleset}: {args.games} games, {total / args.games:.3f} CPU s a game")


if __name__ == "__main__":
    main()
