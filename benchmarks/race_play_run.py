"""The declared run of the learned player's race play (issue 33, part 3):
docs/experiments/parcheesi-race-play-declared-run.md.

Does choosing by the race tables (:func:`pachisi.race.best_race_play`, what
``LearnedPlayer`` does in a pure race once the tables are built) win more races than
choosing by the network at 0 ply? Start positions: the first pure race that the
learned player would play by the tables (:func:`pachisi.race.played_by_default`) in
each of the shipped network's self-play games (the training games of
:func:`pachisi.training.train.play_games`, seed ``--seed``), in game order, until
``--races`` are found. Each race is played to the end twice with the same dice (common
random numbers: throw ``k`` of race ``i`` is the same in both) and the same tie-break
seeds: the player to move at the start plays by the tables in one, by the network in
the other; every other seat plays by the network in both. The difference of his wins
(tables minus network) is judged with its 95% interval.

    nice -n 19 .venv/bin/python benchmarks/race_play_run.py --races 1500 --seed 331128 \\
        --log race-play.jsonl

The log holds one line a race, written as it finishes; the same command resumes.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from pachisi import Position, race
from pachisi.bots import learned as learned_module
from pachisi.bots.learned import LearnedPlayer
from pachisi.dice import Throw, dice_for
from pachisi.learn import net_for
from pachisi.learn.encoding import Encoder
from pachisi.moves import Play, legal_plays
from pachisi.rules import Setup
from pachisi.training.race_targets import decode
from pachisi.training.train import TrainSettings, play_games

#: Games of self-play looked at a time while sampling.
BATCH = 64
#: A race still running after this many throws is a loss for both arms (never seen).
MAX_THROWS = 2000


class NetworkOnly(LearnedPlayer):
    """The learned player at 0 ply without the race tables (the player before the change)."""

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The network's 0-ply play, the tables not asked."""
        saved = vars(learned_module)["played_by_default"]
        vars(learned_module)["played_by_default"] = lambda position: False
        try:
            return super().choose(position, throw, plays)
        finally:
            vars(learned_module)["played_by_default"] = saved


def starts(setup: Setup, seed: int, count: int) -> Iterator[tuple[int, Position]]:
    """``(game, position)``: the first pure race played by the tables of each self-play game."""
    net = net_for(setup)
    enc = Encoder.of(setup)
    settings = TrainSettings(setup=setup.to_fields(), games=1, seed=seed)
    found = 0
    first = 0
    while found < count:
        for k, g in enumerate(play_games(net.arrays(), settings, range(first, first + BATCH))):
            for t in range(g.throws):
                a, b = int(g.offsets[t]), int(g.offsets[t + 1])
                pos = decode(enc, g.cols[a:b].tolist(), g.vals[a:b].tolist(), g.movers[t])
                if race.is_race(pos) and race.played_by_default(pos):
                    yield first + k, pos
                    found += 1
                    break
            if found >= count:
                return
        first += BATCH


def play(start: Position, seat: int, tables: bool, seed: int, index: int) -> tuple[int, int, str]:
    """Play ``start`` to the end: (1 if ``seat`` wins else 0, throws, the last position)."""
    rng = random.Random(f"race-play:{seed}:{index}")
    dice = dice_for(start.ruleset)
    n = len(start.setup.players)
    players: list[LearnedPlayer] = [NetworkOnly(seed=1000 * index + j) for j in range(n)]
    if tables:
        players[seat] = LearnedPlayer(seed=1000 * index + seat)
    pos = start
    throws = 0
    while not pos.is_over and throws < MAX_THROWS:
        throw = dice.roll(rng)
        pos = players[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
        throws += 1
    return int(pos.winner is not None and seat in pos.winner), throws, pos.to_text()


def judge(rows: Sequence[dict[str, object]]) -> str:
    """The declared judgement of the logged races."""
    d = [int(r["tables"]) - int(r["network"]) for r in rows]  # type: ignore[call-overload]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    wins_t = sum(int(r["tables"]) for r in rows)  # type: ignore[call-overload]
    wins_n = sum(int(r["network"]) for r in rows)  # type: ignore[call-overload]
    up = sum(x > 0 for x in d)
    down = sum(x < 0 for x in d)
    same = sum(1 for r in rows if r["same"])
    if mean - half > 0:
        verdict = "the tables' play wins more races"
    elif mean + half < 0:
        verdict = "the network's play wins more races"
    else:
        verdict = "no difference shown at this size"
    return (
        f"{n} races: the player under test won {wins_t} by the tables, {wins_n} by the "
        f"network; {up} races turned to a win and {down} to a loss, {same} ended the same\n"
        f"difference (tables - network): {100 * mean:+.2f} points of win chance, "
        f"95% CI {100 * (mean - half):+.2f} to {100 * (mean + half):+.2f}: {verdict}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--races", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--ruleset", default="parcheesi")
    ap.add_argument("--log", type=Path, required=True)
    args = ap.parse_args()
    setup = Setup.create(args.ruleset, players=args.players)
    if not race.tables_ready(setup):
        raise SystemExit("build the race tables first: python -m pachisi.race")
    rows: list[dict[str, object]] = []
    if args.log.exists():
        rows = [json.loads(line) for line in args.log.read_text().splitlines() if line]
    began = time.perf_counter()
    with args.log.open("a") as log:
        for i, (game, start) in enumerate(starts(setup, args.seed, args.races)):
            if i < len(rows):
                assert rows[i]["start"] == start.to_text(), "the log is of another run"
                continue
            seat = start.to_move
            t_win, t_throws, t_end = play(start, seat, True, args.seed, i)
            n_win, n_throws, n_end = play(start, seat, False, args.seed, i)
            row = {
                "race": i,
                "game": game,
                "start": start.to_text(),
                "seat": seat,
                "tables": t_win,
                "network": n_win,
                "throws": [t_throws, n_throws],
                "same": t_throws == n_throws and t_end == n_end,
            }
            rows.append(row)
            log.write(json.dumps(row) + "\n")
            log.flush()
            if (i + 1) % 50 == 0:
                print(f"{i + 1} races, {time.perf_counter() - began:.0f} s", flush=True)
    print(judge(rows))


if __name__ == "__main__":
    main()
