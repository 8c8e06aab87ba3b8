"""How often do two players choose the same play? A diagnostic of the players' decisions.

Collects decisions (a position and a throw with more than one legal play) from
seeded greedy-against-greedy two-player games, one in ``--every``, and asks
every listed player for its choice on each. Players are named as in
``benchmarks/strength.py`` (``expectimax``, ``search84``, ``search2000``,
``vet2``, ...); a name may be listed twice, and then the two are the same
player with different seeds, which shows how much its choices depend on its
own random numbers (with the integer-valued evaluation of Parcheesi, exact
ties between different plays are common, and they are broken at random).
Prints, for every pair, the decisions on which the two chose the same play
(the same resulting position).

    .venv/bin/python benchmarks/agreement.py eight-man \
        expectimax,search84,search84,search2000,search2000 --games 3 --every 6 --seed 7

A match tells which player wins more; this tells how often they differ at all,
and so how small the stakes of the decisions they differ on must be when they
win equally often (docs/players.md, "Why level 4 is not stronger").
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import SETUPS, factory

from pachisi.bots.greedy import GreedyPlayer
from pachisi.dice import Throw, dice_for
from pachisi.moves import Play
from pachisi.position import Position


def decisions(
    ruleset: str, games: int, every: int, seed: int
) -> list[tuple[Position, Throw, list[Play]]]:
    """Every ``every``-th decision with a choice of greedy-against-greedy games (seeded)."""
    setup = SETUPS[ruleset]()
    dice = dice_for(ruleset)
    rng = random.Random(seed)
    out: list[tuple[Position, Throw, list[Play]]] = []
    for g in range(games):
        pos = Position.initial(setup, first=g % 2)
        player = GreedyPlayer(seed * 1_000 + g)
        k = 0
        while pos.winner is None and not pos.is_over:
            throw = dice.roll(rng)
            plays = list(pos.legal_plays(throw))
            if len(plays) > 1:
                k += 1
                if k % every == 0:
                    out.append((pos, throw, plays))
            pos = player.choose(pos, throw, plays).position
    return out


def player_seed(seed: int, decision: int, player: int) -> int:
    """The seed of the ``player``-th listed player on the ``decision``-th decision."""
    return seed * 1_000_003 + decision * 101 + player


def agreement(
    ruleset: str, names: Sequence[str], games: int, every: int, seed: int
) -> dict[str, Any]:
    """The choices of every player on the decisions, and the agreement of every pair."""
    found = decisions(ruleset, games, every, seed)
    makers = [factory(n) for n in names]
    # A choice is kept as the position it leads to: two plays with the same outcome agree.
    choices: list[list[Position]] = [[] for _ in names]
    start = time.perf_counter()
    for i, (pos, throw, plays) in enumerate(found):
        for j, make in enumerate(makers):
            player = make(player_seed(seed, i, j))
            choices[j].append(player.choose(pos, throw, plays).position)
    pairs = {
        f"{names[a]}#{a} = {names[b]}#{b}": sum(
            x == y for x, y in zip(choices[a], choices[b], strict=True)
        )
        for a, b in itertools.combinations(range(len(names)), 2)
    }
    return {
        "ruleset": ruleset,
        "players": list(names),
        "games": games,
        "every": every,
        "seed": seed,
        "decisions": len(found),
        "agree": pairs,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Command line: see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("ruleset", choices=sorted(SETUPS))
    ap.add_argument("players", help="comma-separated player names (strength.py's), at least two")
    ap.add_argument("--games", type=int, default=3, help="greedy games to take decisions from")
    ap.add_argument("--every", type=int, default=5, help="take one decision with a choice in N")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", help="append the result as a JSON line to this file")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.players.split(",") if n.strip()]
    if len(names) < 2:
        ap.error("give at least two players")
    if args.games < 1 or args.every < 1:
        ap.error("--games and --every must be at least 1")
    row = agreement(args.ruleset, names, args.games, args.every, args.seed)
    n = row["decisions"]
    print(f"{args.ruleset}: {n} decisions, {row['seconds']} s")
    for pair, same in row["agree"].items():
        print(f"  {pair}: {same}/{n} the same ({same / max(n, 1):.0%})")
    if args.out:
        with open(args.out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
