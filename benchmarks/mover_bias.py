"""The value network's bias towards the player to move, measured on game outcomes (no rollouts).

For each weights file, on the set-up it was trained on, two sets of held-out games:

* **self-play**: ``--games N`` games of the network against itself, exactly as
  training plays them (:func:`pachisi.training.train.play_games`: 0 ply, ties by
  one draw), but game numbers ``--first G`` onwards (default 10**6) of the
  network's training seed: numbers no training run of fewer games plays. These
  positions are the network's own training distribution: every one was chosen
  by the network's own maximisation.
* **greedy**: ``--games N`` greedy-against-greedy games, the held-out games of
  ``benchmarks/net_accuracy.py`` (seed ``--seed``, default 7): positions chosen by
  the hand evaluation.

On every position before a throw of the decided games: the **bias**, the mean of
(the network's chance for the mover's side − 1 if that side won, else 0), with its
standard error clustered by game; the mean predicted and the share won; the
**log-loss** of the chance given to the winning side (0.6931 a coin's, in two
sides). For the greedy games also the calibrated hand evaluation's figures
(``--hand``). On the self-play games also the **target bias**: the mean of (the
lambda-return target, as training computes it from the network's own values
and its lambda, − the outcome) for the mover.

``--selection K`` measures the optimiser's curse (:func:`selection`): at every
K-th greedy position, the network's error for the chooser at the result it
chooses and at another result of the same throw, against rollouts played by the
network itself (slow: ``--selection-rollouts`` full games per result).
docs/learning.md, "The bias towards the mover", has the figures.

Usage (from the repository root)::

    nice -n 19 .venv/bin/python benchmarks/mover_bias.py A.json B.json --games 1000

A few CPU seconds per network and thousand games with the compiled kernel (the
self-play games run inside it; the greedy games are played once for all networks).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from net_accuracy import clustered_mean_se, hand_chances, held_out, net_setup

from pachisi.learn.encoding import Encoder
from pachisi.learn.network import ValueNet
from pachisi.training.train import TrainSettings, play_games


def _chunks(n: int, size: int) -> list[range]:
    return [range(i, min(n, i + size)) for i in range(0, n, size)]


def figures(
    pred: Sequence[float], won: Sequence[float], win_chance: Sequence[float], groups: Sequence[int]
) -> dict[str, float]:
    """Bias (mean predicted − won, for the mover) ± se clustered by game, the means, the
    log-loss of ``win_chance`` (the chance given to the winning side) ± se."""
    err = [p - w for p, w in zip(pred, won, strict=True)]
    bias, bias_se = clustered_mean_se(err, groups)
    ll = [-math.log(min(max(p, 1e-12), 1.0)) for p in win_chance]
    m, se = clustered_mean_se(ll, groups)
    return {
        "positions": len(pred),
        "games": len(set(groups)),
        "predicted": math.fsum(pred) / len(pred),
        "won": math.fsum(won) / len(won),
        "bias": bias,
        "bias_se": bias_se,
        "log_loss": m,
        "log_loss_se": se,
    }


def selfplay(net: ValueNet, games: int, first: int) -> dict[str, float]:
    """:func:`figures` of ``net`` on its own self-play games ``first .. first + games - 1``
    (the training seed of its ``made_by``, 1 if none)."""
    setup = net_setup(net)
    made = net.meta.get("made_by") or {}
    seed = int(made.get("seed", 1)) if isinstance(made, dict) else 1
    settings = TrainSettings(setup=setup.to_fields(), games=first + games, seed=seed, lam=1.0)
    numbers = list(range(first, first + games))
    data = play_games(net.arrays(), settings, numbers)
    settings_d = made.get("settings") if isinstance(made, dict) else None
    lam = float(settings_d.get("lam", 0.7)) if isinstance(settings_d, dict) else 0.7
    # the same games again, the targets now the lambda-returns the network was trained on
    boot = play_games(net.arrays(), TrainSettings(**{**vars(settings), "lam": lam}), numbers)
    target: list[float] = []
    n_sides = Encoder.of(setup).n_sides
    pred: list[float] = []
    won: list[float] = []
    chance: list[float] = []
    groups: list[int] = []
    for g, (d, e) in enumerate(zip(data, boot, strict=True)):
        if not d.winner:
            continue  # cut off undecided: no outcome
        T = len(d.targets)
        for part in _chunks(T, 2048):
            rows: list[int] = []
            cols: list[Any] = []
            vals: list[Any] = []
            for r, t in enumerate(part):
                a, b = int(d.offsets[t]), int(d.offsets[t + 1])
                rows += [r] * (b - a)
                cols.append(d.cols[a:b])
                vals.append(d.vals[a:b])
            P = net.forward(
                np.asarray(rows),
                np.concatenate(cols),
                np.concatenate(vals),
                len(part),
                np.full(len(part), n_sides),
            )
            Tg = d.targets[part.start : part.stop]  # lam = 1: the outcome, mover's side first
            pred += P[:, 0].tolist()
            won += Tg[:, 0].tolist()
            target += e.targets[part.start : part.stop, 0].tolist()
            chance += (P[:, :n_sides] * Tg[:, :n_sides]).sum(axis=1).tolist()
            groups += [g] * len(part)
    out = figures(pred, won, chance, groups)
    out["target_bias"], out["target_bias_se"] = clustered_mean_se(
        [a - b for a, b in zip(target, won, strict=True)], groups
    )
    out["lam"] = lam
    return out


Row = tuple[int, Any, tuple[int, ...]]


def greedy_positions(net: ValueNet, games: int, seed: int) -> list[Row]:
    """(game, position, winners) of every undecided position of the greedy held-out games."""
    setup = net_setup(net)
    played, _ = held_out(setup, games, seed, ["greedy"] * len(setup.players))
    return [(g, p, w) for g, (ps, w) in enumerate(played) for p in ps if not p.is_over]


def on_positions(chances: Sequence[Sequence[float]], rows: Sequence[Row]) -> dict[str, float]:
    """:func:`figures` of every player's ``chances`` (one row per position of ``rows``)."""
    pred = [c[p.to_move] for c, (_, p, _) in zip(chances, rows, strict=True)]
    won = [float(p.to_move in w) for _, p, w in rows]
    chance = [c[w[0]] for c, (_, _, w) in zip(chances, rows, strict=True)]
    return figures(pred, won, chance, [g for g, _, _ in rows])


def selection(
    net: ValueNet, rows: Sequence[Row], every: int, rollouts: int
) -> dict[str, tuple[float, float]]:
    """The optimiser's curse, measured: at every ``every``-th position of ``rows`` (greedy
    games), one seeded throw; of its distinct results, the one the network values best for
    the mover (what self-play plays) and one other drawn uniformly; each played out
    ``rollouts`` times by the network itself (its own policy, the truth its values aim
    at). The mover's error (network − rollouts) at each, means ± se clustered by game, and
    their paired difference: the bias that choosing by the network adds."""
    import random

    from net_accuracy import network_estimate

    from pachisi.analysis.rollout import RolloutSpec
    from pachisi.dice import derive_seed, dice_for
    from pachisi.fast import canonical_plays
    from pachisi.moves import legal_plays

    spec = RolloutSpec(1, "greedy", 10_000)
    dice = dice_for(net.ruleset)
    chosen: list[float] = []
    other: list[float] = []
    groups: list[int] = []
    for k, (g, pos, _) in enumerate(rows):
        if k % every:
            continue
        rng = random.Random(derive_seed(f"pachisi-bias-selection:{k}"))
        results = canonical_plays(pos, legal_plays(pos, dice.roll(rng)))
        if len(results) < 2:
            continue
        me = pos.to_move
        values = [net.value(r.position, me) for r in results]
        best = max(range(len(results)), key=lambda j: values[j])
        alt = rng.choice([j for j in range(len(results)) if j != best])
        for j, out in ((best, chosen), (alt, other)):
            est = network_estimate(results[j].position, rollouts, spec, net)
            out.append(values[j] - est.chances[me])
        groups.append(g)
    return {
        "chosen": clustered_mean_se(chosen, groups),
        "other": clustered_mean_se(other, groups),
        "chosen - other": clustered_mean_se(
            [a - b for a, b in zip(chosen, other, strict=True)], groups
        ),
        "positions": (float(len(groups)), 0.0),
    }


def main(argv: list[str] | None = None) -> int:
    """Print a Markdown table of every network's figures."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("nets", nargs="+", help="weights files")
    p.add_argument("--games", type=int, default=1000, help="held-out games of each kind (1000)")
    p.add_argument("--first", type=int, default=10**6, help="first self-play game number")
    p.add_argument("--seed", type=int, default=7, help="the greedy games' seed (7)")
    p.add_argument("--hand", action="store_true", help="also the hand evaluation's row")
    p.add_argument(
        "--selection",
        type=int,
        default=0,
        metavar="K",
        help="also the optimiser's curse at every K-th greedy position (rollouts: slow)",
    )
    p.add_argument("--selection-rollouts", type=int, default=128, help="per result (128)")
    args = p.parse_args(argv)
    print(
        "| network | games | positions | predicted | won | bias | ± se | log-loss | ± se | CPU s"
        " | target bias (lambda) | ± se |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    greedy: dict[str, Any] = {}
    for path in args.nets:
        net = ValueNet.load(path)
        t0 = time.process_time()
        rows = [("self-play", selfplay(net, args.games, args.first))]
        key = str(net_setup(net).to_fields())
        if key not in greedy:
            greedy[key] = greedy_positions(net, args.games, args.seed)
        positions = greedy[key]
        chances: list[list[float]] = []
        for part in _chunks(len(positions), 4096):
            chances += net.chances([positions[i][1] for i in part])
        rows.append(("greedy", on_positions(chances, positions)))
        cpu = time.process_time() - t0
        for kind, f in rows:
            print(
                f"| {Path(path).name} | {kind} | {f['positions']} | {f['predicted']:.4f}"
                f" | {f['won']:.4f} | {f['bias']:+.4f} | {f['bias_se']:.4f}"
                f" | {f['log_loss']:.4f} | {f['log_loss_se']:.4f} | {cpu:.0f} |"
                + (
                    f" {f['target_bias']:+.4f} ({f['lam']}) | {f['target_bias_se']:.4f} |"
                    if "lam" in f
                    else " | |"
                ),
                flush=True,
            )
    if args.selection:
        print(
            "\n| network | positions | mover's error, best result | ± se | another result"
            " | ± se | best − another | ± se | CPU s |"
        )
        print("|---|---|---|---|---|---|---|---|---|")
        for path in args.nets:
            net = ValueNet.load(path)
            t0 = time.process_time()
            rows = greedy[str(net_setup(net).to_fields())]
            sel = selection(net, rows, args.selection, args.selection_rollouts)
            cells = " | ".join(
                f"{m:+.4f} | {se:.4f}"
                for m, se in (sel["chosen"], sel["other"], sel["chosen - other"])
            )
            print(
                f"| {Path(path).name} | {sel['positions'][0]:.0f} | {cells}"
                f" | {time.process_time() - t0:.0f} |",
                flush=True,
            )
    if args.hand:
        for positions in greedy.values():
            t0 = time.process_time()
            f = on_positions([hand_chances(p) for _, p, _ in positions], positions)
            print(
                f"| hand evaluation | greedy | {f['positions']} | {f['predicted']:.4f}"
                f" | {f['won']:.4f} | {f['bias']:+.4f} | {f['bias_se']:.4f}"
                f" | {f['log_loss']:.4f} | {f['log_loss_se']:.4f}"
                f" | {time.process_time() - t0:.0f} |"
            )
    print(f"\nload average {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
