"""A match between learned players that differ only in their network, any set-up.

``benchmarks/strength.py`` plays two-player matches by name; this plays the
declared runs that decide whether a new network may replace a shipped one
(issue 33): seat 0's player ``learned{P}`` with network ``--new``, every other
seat ``learned{P}`` with ``--old`` (default: the network shipped for the
set-up) or, with ``--others NAME``, the named player (``expectimax``),
the seats rotating every game as ``pachisi simulate`` rotates them, and
the games dealt exactly as its library engine deals them
(:func:`pachisi.tournament.game_seed`, :func:`~pachisi.tournament.bot_seed`,
:func:`~pachisi.game.first_player`). Every game's result is appended to
``--log`` as it finishes (JSON lines), so a killed run resumes with the
same command and plays only the games missing; the summary is read from the
log (the first ``--games`` games, never more), with the new network's win
rate, its Wilson 95% interval and the fair share ``1 / players``.

Usage::

    python benchmarks/net_match.py --players 4 --new cand.json --plies 1 \\
        --games 2000 --seed 281126 --jobs 2 --log match.jsonl
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi.bots import make_player
from pachisi.bots.learned import LearnedPlayer
from pachisi.dice import dice_for
from pachisi.game import first_player
from pachisi.learn import net_for
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.position import Position
from pachisi.rules import Setup
from pachisi.tournament import bot_seed, game_seed, seat_assignment, wilson

#: What the worker processes play (set before the fork).
_RUN: dict[str, Any] = {}


def play(index: int) -> dict[str, Any]:
    """Game ``index``: the seats' players (0: the new network), the winner's player."""
    setup: Setup = _RUN["setup"]
    seed = game_seed(_RUN["seed"], index)
    seats = seat_assignment(len(setup.players), index, True)
    others = _RUN["others"]
    players = [
        make_player(others, bot_seed(seed, s))
        if p and others
        else LearnedPlayer(bot_seed(seed, s), plies=_RUN["plies"], net=_RUN["nets"][min(p, 1)])
        for s, p in enumerate(seats)
    ]
    rng = random.Random(seed)
    first, _ = first_player(setup, rng)
    pos = Position.initial(setup, first)
    dice = dice_for(setup.ruleset)
    throws = 0
    while not pos.is_over and throws < _RUN["max_throws"]:
        throw = dice.roll(rng)
        pos = players[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
        throws += 1
    winner = [seats[w] for w in pos.winner] if pos.is_over and pos.winner is not None else None
    return {"game": index, "seats": list(seats), "winner": winner, "throws": throws}


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="parcheesi")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--new", required=True, help="the new network's weights file")
    p.add_argument("--old", help="the other seats' network (default: the shipped one)")
    p.add_argument(
        "--others", default="", help="a named player for the other seats instead (expectimax)"
    )
    p.add_argument("--plies", type=int, default=1)
    p.add_argument("--games", type=int, required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--max-throws", type=int, default=3000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", required=True, help="JSON lines, one a game (resumable)")
    args = p.parse_args(argv)
    setup = Setup.create(args.ruleset, players=args.players)
    old = ValueNet.load(args.old) if args.old else net_for(setup)
    if old is None:
        print(f"net_match: no network shipped for {setup}", file=sys.stderr)
        return 2
    _RUN.update(
        setup=setup,
        seed=args.seed,
        plies=args.plies,
        others=args.others,
        max_throws=args.max_throws,
        nets=(ValueNet.load(args.new), old),
    )
    log = Path(args.log)
    done: dict[int, dict[str, Any]] = {}
    if log.exists():
        for line in log.read_text().splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a torn last line of a killed run
            done[row["game"]] = row
    todo = [g for g in range(args.games) if g not in done]
    with log.open("a") as f:
        if args.jobs > 1 and len(todo) > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                for row in pool.imap_unordered(play, todo, chunksize=4):
                    f.write(json.dumps(row) + "\n")
                    f.flush()
                    done[row["game"]] = row
        else:
            for g in todo:
                row = play(g)
                f.write(json.dumps(row) + "\n")
                f.flush()
                done[g] = row
    rows = [done[g] for g in range(args.games)]
    won = sum(1 for r in rows if r["winner"] is not None and 0 in r["winner"])
    unfinished = sum(1 for r in rows if r["winner"] is None)
    lo, hi = wilson(won, len(rows))
    print(
        f"new network won {won} of {len(rows)} ({100 * won / len(rows):.1f}%),"
        f" Wilson 95% {100 * lo:.1f}-{100 * hi:.1f}%; fair share {100 / args.players:.1f}%;"
        f" unfinished {unfinished}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
