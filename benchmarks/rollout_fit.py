"""Fine-tune a network on rolled-out positions, the GNU Backgammon way (issue 33, part 3).

An experiment tool, not a training option: self-play targets carry the
optimiser's curse (docs/experiments/parcheesi-2p-mover-bias-33.md), rollouts
of the network's own player do not. Two steps:

``label``: positions from games of other levels (``--sources``, default
``greedy,expectimax,self``: the seats of ``net_tables.players_for``, the
dice of ``derive_seed("pachisi-net-tables:SEED:S:g")``, player ``g mod n``
first, as ``benchmarks/net_tables.py`` plays its held-out games, but with a
seed of their own, default 3402, never the tables' 33, 34 or 3301). Each
game that ends within ``--max-throws`` gives ``--per-game`` undecided
positions (default 3: one in each third of the game, drawn uniformly by
``derive_seed("pachisi-rollout-fit-pick:SEED:S:g:k")``; with ``--thirds 2``
every position from the last third, ``--thirds T`` position ``k`` from third
``T[k mod len(T)]``, never one already drawn from the game). Each is labelled
by ``--rollouts`` playouts of the network's player at 0 ply in every seat
(``net_tables.rollouts_only``: the kernel's ``"network"`` policy, no race
table), seeded per position by its key (``net_tables`` ``--rollout-seed
per-position``). Games are taken round-robin (game ``g`` of each source in
turn) until ``--positions`` labels are on file; each label is appended to
``--data`` (JSON lines) as soon as it is known, and a second run reads the
file back and plays only the games not yet done (resumable).

``fit``: starting from ``--net``, minimise the cross-entropy between the
network's side chances (its softmax over the sides, the mover's first, the
encoding from the mover's point of view: ``Encoder.sides``) and the rollout
win fractions, by Adam (``pachisi.training.train._update``) in ``--batch``
examples a step at ``--lr``, one pass an epoch. A tenth of the games (those
with ``derive_seed("pachisi-rollout-fit-val:S:g") % 10 == 0``) are held out;
after each epoch their mean cross-entropy is computed, and the weights of the
best epoch are written to ``--out`` (early stopping after ``--patience``
epochs without improvement, at most ``--epochs``).

``values``: the ``--net``'s own ``--ply`` value (default 1) of every
position in ``--data`` (the network alone, no race table; noise-free),
written to ``--out`` (JSON lines: key, ply, chances of every player).
``fit --values FILE --mix W`` then fits to ``W`` times the rollout
fraction plus ``1 - W`` times that value (``--mix 1``, the default: the
rollouts alone; ``--mix 0``: the value alone); the validation loss is
against the same mixed target. ``--third-weights A,B,C`` (default
``1,1,1``) repeats each training row of the first, second and third third of
its game A, B or C times (a whole-number weight; the validation rows once).
``fit --widen H`` first widens ``--net`` to ``H`` hidden units
(``pachisi.training.train.widened``, seeded by ``--widen-seed``, by default
``derive_seed("pachisi-rollout-fit-widen:SEED")`` of the shuffles' ``--seed``: the units
added have small random input weights and zero output weights, so the
widened network computes the same values as ``--net`` at epoch 0) and fits
that; the record of the fit (``made_by["then"]``) and the note say so.

Usage (from the repository root)::

    NET=src/pachisi/learn/weights/parcheesi.json
    nice -n 10 python benchmarks/rollout_fit.py label --net $NET \\
        --seed 3402 --rollouts 200 --positions 10500 --data /tmp/rsup2/rollout-data.jsonl
    nice -n 10 python benchmarks/rollout_fit.py fit --net $NET \\
        --data /tmp/rsup2/rollout-data.jsonl --lr 0.0003 --out /tmp/rsup2/candidate.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import net_tables as tables
import numpy as np

from pachisi.analysis.net import NetEvaluator
from pachisi.analysis.rollout import RolloutSpec
from pachisi.bots import game_positions
from pachisi.dice import derive_seed
from pachisi.learn.encoding import MAX_SIDES, encoder_for
from pachisi.learn.network import ValueNet, softmax_rows
from pachisi.position import Position
from pachisi.training.train import (
    GameData,
    TrainSettings,
    _Adam,
    _encoded,
    _update,
    widened,
)


def log(s: str) -> None:
    """A progress line on standard error."""
    print(s, file=sys.stderr, flush=True)


# -- the labels ----------------------------------------------------------------------------


def game_picks(
    entry: tables.Net,
    source: str,
    seed: int,
    g: int,
    per_game: int,
    max_throws: int,
    thirds: Sequence[int] = (0, 1, 2),
) -> list[tables.Pick]:
    """Game ``g`` of ``source``'s positions: ``per_game`` of them, position ``k`` in third
    ``thirds[k mod len(thirds)]`` (undecided positions only; a position already picked
    from the game is not picked again); none if the game was cut off."""
    setup = entry.setup
    n = len(setup.players)
    rng = random.Random(derive_seed(f"pachisi-net-tables:{seed}:{source}:{g}"))
    players = tables.players_for(source, setup, entry.net, seed, g)
    seen, last = game_positions(setup, g % n, rng, players, max_throws)
    if last.winner is None:
        return []
    out: list[tables.Pick] = []
    for k in range(per_game):
        third = thirds[k % len(thirds)]
        taken = {p.index for p in out}
        span = [
            i
            for i in tables.third_range(third, len(seen))
            if not seen[i].is_over and i not in taken
        ]
        if not span:
            continue
        i = random.Random(derive_seed(f"pachisi-rollout-fit-pick:{seed}:{source}:{g}:{k}")).choice(
            span
        )
        out.append(tables.Pick(source, g, i, len(seen), third, seen[i]))
    return out


def label(args: argparse.Namespace) -> int:
    """The ``label`` step."""
    entry = tables.from_file(args.net)
    path = Path(args.data)
    have = tables.read_labels(path)
    done_games = {(r["source"], r["game"]) for r in have.values()}
    sources = args.sources.split(",")
    count = len(have)
    t0 = time.process_time()
    w0 = time.perf_counter()
    g = 0
    log(f"{len(have)} labels on file, {len(done_games)} games")
    while count < args.positions:
        for source in sources:
            if count >= args.positions:
                break
            if (source, g) in done_games:
                continue
            rows = []
            thirds = [int(t) for t in args.thirds.split(",")]
            for p in game_picks(
                entry, source, args.seed, g, args.per_game, args.max_throws, thirds
            ):
                key = tables.label_key(entry.sha, p, args.rollouts, tables.PER_POSITION, args.seed)
                spec = RolloutSpec(
                    tables.rollout_seed_of(key, tables.PER_POSITION), "greedy", args.max_throws
                )
                est = tables.rollouts_only(p.position, args.rollouts, spec, entry.net)
                rows.append(
                    tables.label_row(entry, p, key, args.rollouts, tables.PER_POSITION, est)
                )
            # A game's labels are written together, so that a killed run redoes whole games.
            with path.open("a") as f:
                for row in rows:
                    f.write(json.dumps(row) + "\n")
            count += len(rows)
            cpu = time.process_time() - t0
            if rows:
                log(
                    f"{count}/{args.positions} labels (game {g} of {source})"
                    f" [{cpu:.0f} s CPU, {time.perf_counter() - w0:.0f} s wall]"
                )
        g += 1
    return 0


# -- the fit -------------------------------------------------------------------------------


def _sides(chances: Sequence[float], sides: Sequence[Sequence[int]]) -> list[float]:
    """Each side's chance (its first player's), divided by their sum."""
    out = [chances[players[0]] for players in sides]
    total = sum(out)
    return [c / total if total > 0 else 1.0 / len(out) for c in out]


def examples(
    rows: Sequence[dict[str, Any]],
    values: dict[str, list[float]] | None = None,
    mix: float = 1.0,
) -> GameData:
    """The rows as one block of examples: encodings from the mover's point of view, targets
    the rollouts' chance of each side (its first player's), mover's side first, divided by
    their sum (a rollout cut off unfinished counts for every side alike); with ``values``
    (chances of every player by key), ``mix`` times that plus ``1 - mix`` times the value's."""
    positions = [Position.from_text(r["position"]) for r in rows]
    enc = encoder_for(positions[0].setup)
    offsets, cols, vals, movers = _encoded(enc, positions)
    targets = np.zeros((len(rows), MAX_SIDES))
    for t, (r, pos) in enumerate(zip(rows, positions, strict=True)):
        sides = enc.sides(pos.to_move)
        target = _sides(r["chances"], sides)
        if values is not None and mix < 1.0:
            v = _sides(values[r["key"]], sides)
            target = [mix * a + (1.0 - mix) * b for a, b in zip(target, v, strict=True)]
        for k, c in enumerate(target):
            targets[t, k] = c
    return GameData(offsets, cols, vals, targets, len(rows), (), movers)


def values_step(args: argparse.Namespace) -> int:
    """The ``values`` step."""
    entry = tables.from_file(args.net)
    rows = list(tables.read_labels(Path(args.data)).values())
    positions = [Position.from_text(r["position"]) for r in rows]
    ev = NetEvaluator(entry.net, 0, entry.name)
    t0 = time.process_time()
    saved = getattr(tables.rollout, "race_by_default")  # noqa: B009
    setattr(tables.rollout, "race_by_default", tables._no_race)  # noqa: B010
    try:
        got = ev.values(positions, args.ply)
    finally:
        setattr(tables.rollout, "race_by_default", saved)  # noqa: B010
    with Path(args.out).open("w") as f:
        for r, v in zip(rows, got, strict=True):
            f.write(json.dumps({"key": r["key"], "ply": args.ply, "chances": list(v)}) + "\n")
    log(f"{len(rows)} values at {args.ply} ply [{time.process_time() - t0:.1f} s CPU]")
    return 0


def loss_and_mae(params: dict[str, Any], data: GameData, n_sides: int) -> tuple[float, float]:
    """The mean cross-entropy of ``params`` on ``data`` and the mean absolute error of the
    mover's chance (a fraction)."""
    n = len(data.offsets) - 1
    X = np.zeros((n, params["W1"].shape[0]))
    for t in range(n):
        a, b = data.offsets[t], data.offsets[t + 1]
        X[t, data.cols[a:b]] = data.vals[a:b]
    H = np.tanh(X @ params["W1"] + params["b1"])
    P = softmax_rows(np, H @ params["W2"] + params["b2"], np.full(n, n_sides))
    T = data.targets
    ce = float(-(T[:, :n_sides] * np.log(P[:, :n_sides] + 1e-12)).sum() / n)
    return ce, float(np.abs(P[:, 0] - T[:, 0]).mean())


def is_validation(row: dict[str, Any]) -> bool:
    """Whether the row's game is held out for validation (a tenth of the games)."""
    return derive_seed(f"pachisi-rollout-fit-val:{row['source']}:{row['game']}") % 10 == 0


def fit(args: argparse.Namespace) -> int:
    """The ``fit`` step."""
    net = ValueNet.load(args.net)
    narrow = net.hidden
    widen_seed = (
        derive_seed(f"pachisi-rollout-fit-widen:{args.seed}")
        if args.widen_seed is None
        else args.widen_seed
    )
    if args.widen:
        if args.widen <= net.hidden:
            log(f"--widen {args.widen}: the network already has {net.hidden} hidden units")
            return 2
        net = widened(net, args.widen, widen_seed)
        log(f"widened from {narrow} to {net.hidden} hidden units (seed {widen_seed})")
    rows = sorted(
        tables.read_labels(Path(args.data)).values(),
        key=lambda r: (r["game"], r["source"], r["index"]),
    )
    val_rows = [r for r in rows if is_validation(r)]
    train_rows = [r for r in rows if not is_validation(r)]
    values = (
        {k: r["chances"] for k, r in tables.read_labels(Path(args.values)).items()}
        if args.values
        else None
    )
    if args.mix < 1.0 and values is None:
        log("--mix below 1 needs --values")
        return 2
    weights = [int(x) for x in args.third_weights.split(",")]
    if len(weights) != 3 or min(weights) < 1:
        log("--third-weights takes three whole numbers of at least 1")
        return 2
    if weights != [1, 1, 1]:
        # A third's weight is a whole number of copies of its training rows (validation: one).
        train_rows = [r for r in train_rows for _ in range(weights[r["third"]])]
    train = examples(train_rows, values, args.mix)
    val = examples(val_rows, values, args.mix)
    n_sides = encoder_for(Position.from_text(rows[0]["position"]).setup).n_sides
    n_train = len({(r["source"], r["game"]) for r in train_rows})
    n_val = len({(r["source"], r["game"]) for r in val_rows})
    log(
        f"{len(train_rows)} training positions ({n_train} games),"
        f" {len(val_rows)} validation ({n_val} games)"
    )
    params = {k: v.copy() for k, v in net.arrays().items()}
    adam = _Adam({k: v.shape for k, v in params.items()})
    settings = TrainSettings(setup={}, games=1, seed=args.seed, lr=args.lr, batch=args.batch)
    best_ce, best_mae = loss_and_mae(params, val, n_sides)
    tr_ce, tr_mae = loss_and_mae(params, train, n_sides)
    log(
        f"epoch 0: train {tr_ce:.5f} (MAE {100 * tr_mae:.2f}), validation {best_ce:.5f}"
        f" (MAE {100 * best_mae:.2f})"
    )
    history = [{"epoch": 0, "train": tr_ce, "val": best_ce, "val_mae": best_mae}]
    best = {k: v.copy() for k, v in params.items()}
    best_epoch = 0
    t0 = time.process_time()
    for epoch in range(1, args.epochs + 1):
        tr_ce = _update(params, adam, [train], settings, n_sides, epoch)
        ce, mae = loss_and_mae(params, val, n_sides)
        history.append({"epoch": epoch, "train": tr_ce, "val": ce, "val_mae": mae})
        log(
            f"epoch {epoch}: train {tr_ce:.5f}, validation {ce:.5f} (MAE {100 * mae:.2f})"
            f" [{time.process_time() - t0:.0f} s CPU]"
        )
        if ce < best_ce:
            best_ce, best_epoch = ce, epoch
            best = {k: v.copy() for k, v in params.items()}
        elif epoch - best_epoch >= args.patience:
            break
    meta = dict(net.meta)
    made = meta.get("made_by")
    if isinstance(made, dict):
        # A record that made_by_summary reads (the analysis' provenance line), beside the note.
        step = {
            "fit": "rollouts",
            "positions": len(train_rows),
            "tool": "benchmarks/rollout_fit.py",
            "mix": args.mix,
            "lr": args.lr,
            "epoch": best_epoch,
            **(
                {"widened": {"from": narrow, "to": net.hidden, "seed": widen_seed}}
                if args.widen
                else {}
            ),
            "command": " ".join(["python", "benchmarks/rollout_fit.py", *sys.argv[1:]]),
        }
        meta["made_by"] = {**made, "then": [*(made.get("then") or []), step]}
    widen_note = (
        f"; then widened from {narrow} to {net.hidden} hidden units (function-preserving,"
        f" seed {widen_seed})"
        if args.widen
        else ""
    )
    meta["note"] = (
        f"{net.meta.get('note', '')}{widen_note}; then fitted to rollouts"
        f" ({len(train_rows)} positions,"
        f" benchmarks/rollout_fit.py, mix {args.mix}, lr {args.lr}, epoch {best_epoch}"
        + (f", third weights {args.third_weights}" if args.third_weights != "1,1,1" else "")
        + ")"
    )
    ValueNet.from_arrays(net.ruleset, best, meta).save(args.out)
    log(f"best epoch {best_epoch}: validation {best_ce:.5f}; wrote {args.out}")
    print(json.dumps({"best_epoch": best_epoch, "history": history}))
    return 0


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="step", required=True)
    lab = sub.add_parser("label", help="label positions by rollouts")
    lab.add_argument("--net", required=True, help="the network whose player rolls out")
    lab.add_argument("--sources", default=",".join(tables.SOURCES), help="the games' players")
    lab.add_argument("--seed", type=int, default=3402, help="the games' seed (3402)")
    lab.add_argument("--per-game", type=int, default=3, help="positions per game (3)")
    lab.add_argument(
        "--thirds",
        default="0,1,2",
        help="the thirds (0, 1, 2) the positions of a game are drawn from, in turn (0,1,2)",
    )
    lab.add_argument("--rollouts", type=int, default=200, help="rollouts per position (200)")
    lab.add_argument("--positions", type=int, default=5000, help="labels wanted (5000)")
    lab.add_argument("--max-throws", type=int, default=3000, help="a game's throw limit")
    lab.add_argument("--data", required=True, help="the label file (JSON lines)")
    f = sub.add_parser("fit", help="fit a network to the labels")
    f.add_argument("--net", required=True, help="the network to start from")
    f.add_argument("--data", required=True, help="the label file of 'label'")
    f.add_argument("--lr", type=float, default=0.0003, help="Adam's step (0.0003)")
    f.add_argument("--batch", type=int, default=64, help="examples a step (64)")
    f.add_argument("--epochs", type=int, default=40, help="at most this many passes (40)")
    f.add_argument("--patience", type=int, default=4, help="stop after this many worse (4)")
    f.add_argument("--seed", type=int, default=1, help="the shuffles' seed (1)")
    f.add_argument("--out", required=True, help="the fitted weights file")
    f.add_argument("--values", help="the file of 'values' (for --mix below 1)")
    f.add_argument("--mix", type=float, default=1.0, help="the rollouts' weight in the target (1)")
    f.add_argument(
        "--third-weights",
        default="1,1,1",
        help="copies of each third's training rows, e.g. 1,2,1 (1,1,1)",
    )
    f.add_argument(
        "--widen", type=int, default=0, help="first widen --net to this many hidden units"
    )
    f.add_argument(
        "--widen-seed",
        type=int,
        help="the added units' seed (derived from --seed)",
    )
    v = sub.add_parser("values", help="the network's own values of the labelled positions")
    v.add_argument("--net", required=True, help="the network")
    v.add_argument("--data", required=True, help="the label file of 'label'")
    v.add_argument("--ply", type=int, default=1, help="the network's ply (1)")
    v.add_argument("--out", required=True, help="the values file (JSON lines)")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line."""
    args = parser().parse_args(argv)
    if args.step == "label":
        return label(args)
    if args.step == "values":
        return values_step(args)
    return fit(args)


if __name__ == "__main__":
    raise SystemExit(main())
