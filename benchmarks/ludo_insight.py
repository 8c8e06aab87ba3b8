"""What the web's analysis of Ludo and MADN costs (issue 36; docs/web.md).

CPU time on one core (:func:`time.process_time`) of what
:mod:`pachisi.web.insight` computes where no network has learned the set-up:
a hint (:func:`~pachisi.web.insight.one_die_hints`: the three best plays,
``ONE_DIE_HINT_ROLLOUTS`` greedy rollouts each), the win chances
(``ONE_DIE_CHANCE_ROLLOUTS``), and with ``--review`` the review of a whole
seeded game (``REVIEW_ONE_DIE`` for two players, ``REVIEW_ONE_DIE_MANY`` for
four). Positions: a seeded game of greedy players stopped after ``--throws``
throws, then the first throw with more than two plays::

    python benchmarks/ludo_insight.py --ruleset ludo --players 4 --throws 60 [--review]
"""

from __future__ import annotations

import argparse
import random
import time

from pachisi import Position
from pachisi.bots import make_player
from pachisi.dice import dice_for
from pachisi.moves import legal_plays
from pachisi.record import Record
from pachisi.web.insight import chances, one_die_hints, review_game


def seeded_game(ruleset: str, players: int, seed: int) -> Record:
    """A whole game of greedy players on seeded dice."""
    pos = start = Position.start(ruleset, players=players)
    rng, player, dice = random.Random(seed), make_player("greedy", seed=1), dice_for(ruleset)
    moves = []
    while not pos.is_over:
        throw = dice.roll(rng)
        play = player.choose(pos, throw, legal_plays(pos, throw))
        moves.append((throw, play.notation))
        pos = play.position
    return Record(start=start, moves=moves)


def main() -> None:
    """Print the costs."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ruleset", default="ludo", choices=["ludo", "maedn"])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--throws", type=int, default=60)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--review", action="store_true", help="also review a whole game")
    args = ap.parse_args()
    record = seeded_game(args.ruleset, args.players, args.seed)
    positions = record.positions()
    at = next(
        (i for i, (t, _) in enumerate(record.moves)
         if i >= args.throws and len(legal_plays(positions[i], t)) > 2),
        None,
    )  # fmt: skip
    if at is None:
        raise SystemExit("no throw with three plays after --throws: try fewer")
    pos, throw = positions[at], record.moves[at][0]
    print(f"{args.ruleset}, {args.players} players, throw {at + 1} of {len(record.moves)}")
    t0 = time.process_time()
    hint = one_die_hints(pos, throw)
    cost = time.process_time() - t0
    worst = max((p["diff_se"] or 0.0) for p in hint["plays"])
    print(f"hint: {cost:.2f} s for {len(hint['plays'])} plays x {hint['rollouts']} rollouts"
          f" (differences' standard errors up to {100 * worst:.0f} points)")  # fmt: skip
    t0 = time.process_time()
    got = chances(pos)
    print(f"chances: {time.process_time() - t0:.2f} s ({got['method']}, {got['text']})")
    if args.review:
        t0 = time.process_time()
        rev = review_game(record.to_text())
        print(f"review: {time.process_time() - t0:.1f} s for {len(record.moves)} throws"
              f" ({rev['settings']['rollouts']} rollouts of {rev['settings']['candidates']}"
              " plays)")  # fmt: skip


if __name__ == "__main__":
    main()
