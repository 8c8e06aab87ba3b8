"""A match between learned players that differ only in their network, any set-up.

``benchmarks/strength.py`` plays two-player matches by name; this plays the
declared runs that decide whether a new network may replace a shipped one
(issue 33): seat 0's player ``learned{P}`` with network ``--new``, every other
seat ``learned{P}`` with ``--old`` (default: the network shipped for the
set-up) or, with ``--others NAME``, the named player (``expectimax``),
the games played by ``pachisi simulate``'s library engine (a
:class:`pachisi.tournament.SimConfig` with a player factory: the same seeds,
seating rotating every game, and loop). Every game's result is appended to
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
import functools
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi.bots import Player, make_player
from pachisi.bots.learned import LearnedPlayer
from pachisi.learn import net_for
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.tournament import SimConfig, run_indices, wilson


def make(
    nets: tuple[ValueNet, ValueNet], plies: int, others: str, player: int, seed: int
) -> Player:
    """Player ``player`` of the match seeded with ``seed``: 0 is the new network's
    learned player; the others the old network's, or the player named ``others``."""
    if player and others:
        return make_player(others, seed)
    return LearnedPlayer(seed, plies=plies, net=nets[min(player, 1)])


def match(
    setup: Setup,
    nets: tuple[ValueNet, ValueNet],
    plies: int,
    others: str,
    seed: int,
    max_throws: int,
) -> SimConfig:
    """The match as a tournament run: the games dealt as ``pachisi simulate`` deals them."""
    n = len(setup.players)
    labels = ("new", *[others or "old"] * (n - 1))
    factory = functools.partial(make, nets, plies, others)
    return SimConfig(setup, labels, seed, max_throws=max_throws, factory=factory)


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
    config = match(
        setup, (ValueNet.load(args.new), old), args.plies, args.others, args.seed, args.max_throws
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
        for r in run_indices(config, todo, jobs=args.jobs):
            # The winners as players (0: the new network), not seats.
            winner = [r.seats[w] for w in r.winner] if r.finished and r.winner is not None else None
            row = {"game": r.index, "seats": list(r.seats), "winner": winner, "throws": r.throws}
            f.write(json.dumps(row) + "\n")
            f.flush()
            done[r.index] = row
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
