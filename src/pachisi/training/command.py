"""``pachisi train``: train a value network by self-play (needs the ``learn`` extra).

::

    pachisi train parcheesi --games 2000 --seed 1 --out parcheesi.json --jobs 2

shows a progress bar on standard error (a line per round when standard
error is not a terminal), writes a checkpoint beside ``--out`` after every
round, and ``--resume`` continues a run that was stopped, to the same
weights as a run that never stopped. ``--ray [ADDRESS]`` plays each
round's games as Ray tasks on a cluster (the ``ray`` extra), to the same
weights. numpy is imported only when the command runs. See
docs/learning.md and docs/ray.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

from ..arguments import add_setup_arguments, setup_from_args
from ..distributed import add_ray_option
from ..errors import PachisiError
from ..extras import install_hint
from ..rules import ALL_RULESETS

if TYPE_CHECKING:
    from ..chunks import ChunkRunner
    from ..learn.network import ValueNet
    from .train import TrainSettings

__all__ = ["register", "run"]


def register(subparsers: Any) -> None:
    """Add the ``train`` subcommand to the ``pachisi`` command line."""
    p = subparsers.add_parser(
        "train",
        help="train a value network by self-play (the learned player's evaluation)",
        description=(
            "Train the learned evaluation by self-play, TD(lambda) (docs/learning.md). The"
            " same settings and seed give the same weights, whatever --jobs or --ray, and a stopped"
            " run continued with --resume ends with the same weights as one never stopped."
        ),
    )
    p.add_argument("ruleset", choices=ALL_RULESETS)
    p.add_argument("--games", type=int, required=True, metavar="N", help="self-play games")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="seed (default 1)")
    p.add_argument("--out", required=True, metavar="FILE", help="weights file to write (.json)")
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")

    add_setup_arguments(p)
    p.add_argument("--hidden", type=int, default=32, help="hidden units (default 32)")
    p.add_argument(
        "--lambda", dest="lam", type=float, default=0.7, help="TD lambda, 0..1 (default 0.7)"
    )
    p.add_argument("--lr", type=float, default=0.01, help="Adam step size (default 0.01)")
    p.add_argument(
        "--round-games", type=int, default=32, help="games per round (frozen network; 32)"
    )
    p.add_argument("--batch", type=int, default=64, help="examples per Adam step (default 64)")
    p.add_argument(
        "--max-throws", type=int, default=3000, help="a game is cut off after this many throws"
    )
    p.add_argument(
        "--targets",
        choices=("self", "cross"),  # train.TARGETS (train imports numpy)
        default="self",
        help="self: the network learns from its own games (default); cross: two networks take"
        " turns, one plays a round, the other learns from it with its own values"
        " (docs/learning.md, the bias towards the mover)",
    )
    p.add_argument(
        "--average",
        type=int,
        default=0,
        metavar="K",
        help="write a moving average of the weights over about the last K rounds (default 0:"
        " the last round's weights)",
    )
    p.add_argument(
        "--distil",
        type=int,
        default=0,
        metavar="N",
        help="start from the hand evaluation: first fit the network to its win chances on the"
        " positions of N greedy games (default 0: from random weights; docs/learning.md)",
    )
    p.add_argument(
        "--race-targets",
        action="store_true",
        help="the exact race values as targets once a game is a pure race (Parcheesi and"
        " Whitman with their race tables built, Pagade; docs/learning.md)",
    )
    p.add_argument(
        "--init",
        default="",
        metavar="FILE",
        help="start from this weights file (same set-up, at most --hidden units: a smaller"
        " network is widened, computing the same function) instead of random weights, e.g."
        " to fine-tune with a smaller --lr (its SHA-256 is stored)",
    )
    p.add_argument(
        "--jobs", type=int, default=None, help="processes playing the games (default: all cores)"
    )
    add_ray_option(p, "the games", "RULESET", "the weights are the same")
    p.add_argument(
        "--chunk",
        type=int,
        default=None,
        metavar="N",
        help="games per Ray task (default: about two tasks per worker in a round)",
    )
    p.add_argument("--resume", action="store_true", help="continue from the checkpoint")
    p.add_argument(
        "--snapshots",
        default="",
        metavar="K,K,...",
        help="also write the weights after K games to OUT-K.json (a learning curve's networks;"
        " multiples of --round-games)",
    )
    p.add_argument("--note", default="", help="a note stored in the weights file")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``pachisi train``."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise PachisiError(f"pachisi train needs numpy: {install_hint('learn')}") from None
    from .train import TrainSettings, check_snapshots, checkpoint_path, init_sha256

    setup = setup_from_args(args)
    if not args.out.endswith(".json"):
        raise PachisiError("--out must name a .json file")
    settings = TrainSettings(
        setup=setup.to_fields(),
        games=args.games,
        seed=args.seed,
        hidden=args.hidden,
        lam=args.lam,
        lr=args.lr,
        round_games=args.round_games,
        batch=args.batch,
        max_throws=args.max_throws,
        targets=args.targets,
        average=args.average,
        distil=args.distil,
        race_targets=args.race_targets,
        init=args.init,
        init_sha=init_sha256(args.init) if args.init else "",
    )
    settings.check()
    snapshots = _snapshots(args.snapshots)
    check_snapshots(settings, snapshots)
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise PachisiError("--jobs must be at least 1")
    jobs = min(jobs, args.round_games)
    if args.chunk is not None and args.chunk < 1:
        raise PachisiError(f"--chunk must be at least 1, not {args.chunk}")
    if args.chunk is not None and args.ray is None:
        raise PachisiError("--chunk is for --ray (locally the games are shared among --jobs)")
    show = not args.quiet and sys.stderr.isatty()
    backend = None
    if args.ray is not None:
        from ..distributed import connect

        backend = connect(args.ray)
    # train() fits the network first exactly when it starts afresh, with no checkpoint.
    if settings.distil and not args.quiet and not checkpoint_path(args.out).exists():
        print(
            f"fitting the network to the hand evaluation on {settings.distil} greedy games first",
            file=sys.stderr,
            flush=True,
        )
    try:
        net = _train(args, settings, jobs, show, backend, snapshots)
    finally:
        if backend is not None:
            backend.close()
    made = net.meta["made_by"]
    print(
        f"wrote {args.out}: {setup.ruleset}, {args.games} games, seed {args.seed},"
        f" {net.n_inputs} inputs x {net.hidden} hidden, {made['seconds_last_session']} s"
        + (f", on Ray ({backend.workers} CPUs)" if backend is not None else "")
    )
    return 0


def _train(
    args: argparse.Namespace,
    settings: TrainSettings,
    jobs: int,
    show: bool,
    backend: ChunkRunner | None,
    snapshots: list[int],
) -> ValueNet:
    """The training run, with its progress bar or lines."""
    from .train import Progress, train

    def line(p: Progress) -> None:
        if not args.quiet:
            print(
                f"round {p.round}/{p.rounds}: {p.games_done}/{p.games} games, loss {p.loss:.4f},"
                f" {p.throws_per_game:.0f} throws a game, {p.seconds:.0f} s",
                file=sys.stderr,
                flush=True,
            )

    bar: Any = contextlib.nullcontext()
    report = line
    if show:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar

        bar = Bar(
            TextColumn("training"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("games, loss {task.fields[loss]}"),
            TimeElapsedColumn(),
            TextColumn("left"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        task = bar.add_task("training", total=args.games, loss="-")

        def advance(p: Progress) -> None:
            bar.update(task, completed=p.games_done, loss=f"{p.loss:.4f}")

        report = advance
    with bar:
        net = train(
            settings,
            args.out,
            jobs=jobs,
            resume=args.resume,
            note=args.note,
            progress=report,
            backend=backend,
            chunk=args.chunk,
            snapshots=snapshots,
        )
    return net


def _snapshots(text: str) -> list[int]:
    """``--snapshots``' game counts (a clear error on anything but whole numbers)."""
    try:
        return sorted({int(k) for k in text.split(",") if k.strip()})
    except ValueError:
        raise PachisiError(
            f"--snapshots takes game counts such as 1024,4096, not {text!r}"
        ) from None
