"""An experiment: self-play training with extra examples at positions the network did not choose.

docs/learning.md ("The bias towards the mover") traces the two-player
networks' lean towards the player to move to the optimiser's curse: every
training position is a result the network itself chose (the best of a throw's
results for the mover who made it), where it underrates the player now to
move; fitted to those, it overrates the player to move everywhere else. This
script trains as ``pachisi train`` does (:func:`pachisi.training.train.train`,
unchanged: the same games, λ-returns and updates) and adds, for each game of
a round, ``--siblings K`` examples at *sibling* positions: at a recorded
position, a throw drawn by the dice's chances and one of its distinct
results drawn uniformly (seeded by the run's seed and the game), so a result
the network's maximisation did not pick. A sibling's target is its 1-ply
value by the frozen network of the round: the mean over the throws of every
player's chance after the best reply of the sibling's mover (the replies'
values are of results chosen by the network, the positions it is fitted on).

Usage (from the repository root)::

    nice -n 19 .venv/bin/python benchmarks/sibling_train.py --init cand2.json \\
        --games 12000 --seed 2202 --siblings 8 --out cand2s.json

The recorded command of the weights file is ``pachisi train``'s (the
siblings are noted in its ``note``); this is an experiment, not a training
option.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from pachisi import fast
from pachisi.dice import derive_seed, dice_for
from pachisi.learn import trained_setup
from pachisi.learn.encoding import MAX_SIDES, Encoder, encoder_for
from pachisi.learn.kernel import best_replies
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.rules import Setup
from pachisi.training import race_targets
from pachisi.training import train as tr


def siblings(
    net: ValueNet, setup: Setup, d: tr.GameData, k: int, rng: random.Random
) -> tr.GameData | None:
    """``k`` sibling examples of the game ``d`` (fewer where a drawn result ends the game)."""
    enc = encoder_for(setup)
    assert isinstance(enc, Encoder)
    outcomes = list(dice_for(setup.ruleset).outcomes())
    throws = [t for t, _ in outcomes]
    probs = np.array([float(p) for _, p in outcomes])
    T = len(d.movers)
    if T == 0:
        return None
    offsets = [0]
    cols: list[int] = []
    vals: list[float] = []
    targets: list[list[float]] = []
    movers: list[int] = []
    for _ in range(k):
        t = rng.randrange(T)
        a, b = int(d.offsets[t]), int(d.offsets[t + 1])
        pos = race_targets.decode(enc, d.cols[a:b].tolist(), d.vals[a:b].tolist(), d.movers[t])
        throw = rng.choices(throws, weights=probs.tolist())[0]
        results = fast.canonical_plays(pos, legal_plays(pos, throw))
        s = results[rng.randrange(len(results))].position
        if s.winner is not None:
            continue
        replies = best_replies(net, s, throws, positions=False)
        v = np.zeros(enc.n_players)
        for (chances, _), p in zip(replies, probs, strict=True):
            v += p * np.asarray(chances)
        row = [0.0] * MAX_SIDES
        for j, players in enumerate(enc.sides(s.to_move)):
            row[j] = float(v[players[0]])
        idx, val = enc.encode(s)
        cols.extend(idx)
        vals.extend(val)
        offsets.append(len(cols))
        targets.append(row)
        movers.append(s.to_move)
    if not movers:
        return None
    return tr.GameData(
        np.asarray(offsets, dtype=np.int64),
        np.asarray(cols, dtype=np.int64),
        np.asarray(vals, dtype=np.float64),
        np.asarray(targets, dtype=np.float64),
        0,
        (),
        movers,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the experiment's command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--init", required=True, help="the network to fine-tune")
    p.add_argument("--games", type=int, default=12000)
    p.add_argument("--seed", type=int, default=2202)
    p.add_argument("--siblings", type=int, default=8, help="sibling examples per game")
    p.add_argument("--lam", type=float, default=0.9)
    p.add_argument("--lr", type=float, default=0.001)
    p.add_argument("--average", type=int, default=32)
    p.add_argument("--race-targets", action="store_true")
    p.add_argument("--snapshots", default="", help="game counts, comma-separated")
    p.add_argument("--out", required=True)
    args = p.parse_args(argv)
    init = ValueNet.load(args.init)
    setup = trained_setup(init)
    if setup is None:
        raise SystemExit(f"{args.init} does not say which set-up it was trained on")
    settings = tr.TrainSettings(
        setup=setup.to_fields(),
        games=args.games,
        seed=args.seed,
        hidden=init.hidden,
        lam=args.lam,
        lr=args.lr,
        round_games=32,
        batch=64,
        max_throws=3000,
        average=args.average,
        race_targets=args.race_targets,
        init=args.init,
        init_sha=tr.init_sha256(args.init),
    )
    plain = tr.play_games
    t0 = time.time()
    count = [0, 0]

    def play_games(weights: dict[str, Any], s: tr.TrainSettings, games: Any) -> Any:
        data = plain(weights, s, games)
        net = ValueNet.from_arrays(setup.ruleset, weights)
        extra = []
        for g, d in zip(games, data, strict=True):
            rng = random.Random(derive_seed(f"pachisi-siblings:{s.seed}:{g}"))
            sib = siblings(net, setup, d, args.siblings, rng)
            if sib is not None:
                extra.append(sib)
                count[1] += len(sib.movers)
        count[0] += len(games)
        if count[0] % 640 < len(games):
            print(
                f"{count[0]} games, {count[1]} siblings, {time.time() - t0:.0f} s",
                file=sys.stderr,
                flush=True,
            )
        return data + extra

    tr.play_games = play_games  # type: ignore[assignment]
    snaps = [int(x) for x in args.snapshots.split(",") if x]
    tr.train(
        settings,
        args.out,
        note=f"sibling_train.py --siblings {args.siblings} (an experiment)",
        snapshots=snaps,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
