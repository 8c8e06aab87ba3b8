"""``pachisi simulate``: many games between computer players, with statistics.

::

    pachisi simulate parcheesi --players greedy,random --games 1000 --seed 7 --jobs 2

prints win rates per player and per seat with 95% Wilson intervals, game
lengths and captures, shows a progress bar on standard error, and can write
the results (``--out results.json`` or ``.csv``) and a chart
(``--plot chart.png``, needs the ``plot`` extra). Games between random and
greedy players are played inside the compiled kernel (``--engine``);
``--record-game K FILE.pgame`` writes one game of the run as a game record.
The computation lives in :mod:`pachisi.tournament`; see ``docs/simulate.md``.

rich and matplotlib are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import secrets
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from ..arguments import add_setup_arguments, setup_from_args
from ..bots import ladder_help
from ..distributed import add_ray_option
from ..errors import PachisiError
from ..rules import ALL_RULESETS, ONE_DIE_RULESETS
from ..tournament import (
    DEFAULT_MAX_THROWS,
    ENGINES,
    GameResult,
    SimConfig,
    canonical_bot,
    default_engine,
    kernel_policy,
    log_header,
    log_line,
    player_labels,
    read_log,
    record_game,
    run_indices,
    summarise,
)
from .output import PLOT_SUFFIXES, check_matplotlib, check_writable, progress_bar

if TYPE_CHECKING:
    from ..chunks import ChunkRunner

__all__ = ["CSV_FIELDS", "register", "results_document", "run"]

#: The columns of ``--out FILE.csv``, one row per game.
CSV_FIELDS = (
    "game",
    "seed",
    "bots",
    "players",
    "first",
    "winner",
    "finished",
    "throws",
    "captures",
    "captures_by_seat",
)


def register(subparsers: Any) -> None:
    """Add the ``simulate`` subcommand to the ``pachisi`` command line."""
    p = subparsers.add_parser(
        "simulate",
        help="many games between computer players: win rates, lengths, captures",
        description=(
            "Play many games between computer players and print win rates per player and"
            " per seat (95% Wilson intervals), game lengths and captures. Random and greedy"
            " players play inside the compiled kernel (--engine). The same seed gives the"
            " same results whatever --jobs."
        ),
    )
    p.add_argument("ruleset", choices=ALL_RULESETS)
    p.add_argument(
        "--players",
        required=True,
        metavar="BOT,BOT,...",
        help="one computer player per seat (" + ladder_help() + "), e.g. casual,beginner",
    )
    p.add_argument(
        "--games", type=int, metavar="N", default=100, help="number of games (default 100)"
    )
    p.add_argument(
        "--seed", type=int, metavar="S", default=None, help="seed of the run (default: random)"
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="J",
        help="processes to use (default 1; 0: one per CPU)",
    )
    add_ray_option(p, "the games", "RULESET", "the results are the same")
    p.add_argument(
        "--chunk",
        type=int,
        metavar="N",
        default=None,
        help="games per task given to a process or a Ray worker (default: by the run's size)",
    )
    p.add_argument(
        "--log",
        metavar="FILE.jsonl",
        help="write every game to FILE as it finishes; the same command again resumes a"
        " stopped run from the games in FILE",
    )
    p.add_argument(
        "--rotate",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="game i seats player (s+i) mod n in seat s, so the players take every seat in turn"
        " (default: on)",
    )

    add_setup_arguments(p)
    p.add_argument(
        "--max-throws",
        type=int,
        metavar="N",
        default=DEFAULT_MAX_THROWS,
        help=f"a game longer than this is unfinished (default {DEFAULT_MAX_THROWS})",
    )
    p.add_argument(
        "--engine",
        choices=("auto", *ENGINES),
        default="auto",
        help="kernel: play inside the compiled kernel (random and greedy players only);"
        " library: through the library (any player); auto (default): kernel when it can",
    )
    p.add_argument(
        "--record-game",
        nargs=2,
        metavar=("K", "FILE.pgame"),
        help="play only game K of the run and write it to FILE as a game record"
        " (pachisi replay FILE)",
    )
    p.add_argument("--out", metavar="FILE", help="write the results: FILE.json or FILE.csv")
    p.add_argument("--plot", metavar="FILE.png", help="draw game lengths and win rates")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=run)


# -- arguments -----------------------------------------------------------------


def _bots(text: str) -> tuple[str, ...]:
    names = [b.strip() for b in text.split(",")]
    if not text.strip() or any(not b for b in names):
        raise PachisiError(f"--players takes computer players separated by commas, not {text!r}")
    return tuple(canonical_bot(b) for b in names)


# -- outputs -------------------------------------------------------------------


def results_document(
    config: SimConfig,
    results: Sequence[GameResult],
    summary: dict[str, Any],
    timing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON document of ``--out FILE.json``: the run, its summary, every game.

    Everything but ``timing`` depends only on the arguments and the seed.
    """
    return {
        "ruleset": config.setup.ruleset,
        "setup": config.setup.to_fields(),
        "bots": list(config.bots),
        "games": len(results),
        "seed": config.seed,
        "rotate": config.rotate,
        "max_throws": config.max_throws,
        "engine": config.engine,
        "summary": summary,
        "timing": timing or {},
        "results": [r.as_dict(config.bots) for r in results],
    }


def _csv_row(r: GameResult, bots: Sequence[str]) -> dict[str, Any]:
    return {
        "game": r.index,
        "seed": r.seed,
        "bots": ";".join(bots[p] for p in r.seats),
        "players": ";".join(map(str, r.seats)),
        "first": r.first,
        "winner": ";".join(map(str, r.winner)) if r.winner is not None else "",
        "finished": int(r.finished),
        "throws": r.throws,
        "captures": sum(r.captures),
        "captures_by_seat": ";".join(map(str, r.captures)),
    }


def _json_text(document: dict[str, Any]) -> str:
    """The document indented, except one line per game (``results`` comes last)."""
    head = json.dumps({**document, "results": []}, indent=2)
    assert head.endswith('"results": []\n}')
    games = ",\n".join("    " + json.dumps(g) for g in document["results"])
    body = f"[\n{games}\n  ]" if games else "[]"
    return head[: -len("[]\n}")] + body + "\n}\n"


def _write_out(
    path: Path, config: SimConfig, results: Sequence[GameResult], document: dict[str, Any]
) -> None:
    try:
        if path.suffix.lower() == ".json":
            path.write_text(_json_text(document), encoding="utf-8")
        else:
            with path.open("w", newline="", encoding="utf-8") as fh:
                writer = csv.DictWriter(fh, fieldnames=CSV_FIELDS)
                writer.writeheader()
                for r in results:
                    writer.writerow(_csv_row(r, config.bots))
    except OSError as exc:
        raise PachisiError(f"cannot write {path}: {exc.strerror or exc}") from None


def _plot(path: Path, config: SimConfig, results: Sequence[GameResult], summary: Any) -> None:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(11, 5), layout="constrained")
    ax1, ax2 = fig.subplots(1, 2)
    lengths = [r.throws for r in results if r.finished]
    if lengths:
        bins = min(40, max(5, len(set(lengths))))
        ax1.hist(lengths, bins=bins, color="#4c72b0", edgecolor="white")
        ax1.axvline(summary["throws"]["mean"], color="#c44e52", label="mean")
        ax1.axvline(summary["throws"]["median"], color="#55a868", linestyle="--", label="median")
        ax1.legend()
    ax1.set_xlabel("throws per game")
    ax1.set_ylabel("games")
    ax1.set_title(f"Game length ({len(lengths)} finished games)")
    if not lengths:
        ax1.text(0.5, 0.5, "no finished games", ha="center", va="center", transform=ax1.transAxes)

    rows = [(p["label"], p) for p in summary["players"]]
    rows += [(f"seat {s['seat']} ({'+'.join(s['colours'])})", s) for s in summary["seats"]]
    ys = list(range(len(rows)))
    colours = ["#4c72b0"] * len(summary["players"]) + ["#8c8c8c"] * len(summary["seats"])
    if summary["decided"]:
        rates = [r["win_rate"] for _, r in rows]
        lows = [rate - r["ci95"][0] for rate, (_, r) in zip(rates, rows, strict=True)]
        highs = [r["ci95"][1] - rate for rate, (_, r) in zip(rates, rows, strict=True)]
        ax2.barh(ys, rates, xerr=[lows, highs], capsize=4, color=colours)
    else:
        ax2.text(0.5, 0.5, "no decided games", ha="center", va="center", transform=ax2.transAxes)
    ax2.axvline(summary["players"][0]["fair_share"], color="black", linestyle=":", label="fair")
    ax2.set_yticks(ys, [label for label, _ in rows])
    ax2.invert_yaxis()
    ax2.set_xlim(0, 1)
    ax2.set_xlabel("win rate, 95% Wilson interval")
    ax2.set_title(f"Win rates ({summary['decided']} decided games)")
    ax2.legend(loc="lower right")
    fig.suptitle(f"pachisi simulate: {config.setup.describe()}, seed {config.seed}")
    try:
        fig.savefig(path, dpi=100)
    except OSError as exc:
        raise PachisiError(f"cannot write {path}: {exc.strerror or exc}") from None


# -- the summary on screen -----------------------------------------------------


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def _ci(ci: Sequence[float], trials: int) -> str:
    return "–" if not trials else f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{x:.{digits}f}"


def _print_summary(
    console: Console,
    config: SimConfig,
    summary: dict[str, Any],
    seconds: float,
    jobs: int,
    played: int | None = None,
    ray: bool = False,
) -> None:
    decided = summary["decided"]
    rotation = "players rotate round the seats" if config.rotate else "fixed seats"
    console.print(f"[bold]{escape(config.setup.describe())}[/bold]")
    games = summary["games"]
    console.print(f"{games} game{'s' if games != 1 else ''}, seed {config.seed}, {rotation}")
    players = Table(title="Players", title_justify="left")
    for col in ("player", "wins", "win rate", "95% CI", "fair", "captures/game"):
        players.add_column(col, justify="left" if col == "player" else "right")
    for p in summary["players"]:
        players.add_row(
            escape(p["label"]),
            str(p["wins"]),
            _pct(p["win_rate"]),
            _ci(p["ci95"], decided),
            _pct(p["fair_share"]),
            _num(p["captures_per_game"], 2),
        )
    console.print(players)
    seats = Table(title="Seats", title_justify="left")
    for col in ("seat", "colours", "wins", "win rate", "95% CI", "captures/game"):
        seats.add_column(col, justify="left" if col in ("seat", "colours") else "right")
    for s in summary["seats"]:
        seats.add_row(
            str(s["seat"]),
            "+".join(s["colours"]),
            str(s["wins"]),
            _pct(s["win_rate"]),
            _ci(s["ci95"], decided),
            _num(s["captures_per_game"], 2),
        )
    console.print(seats)
    t = summary["throws"]
    if t["mean"] is None:
        console.print("Game length: no finished games")
    else:
        console.print(
            f"Game length: mean {t['mean']:.1f} throws, median {t['median']:g},"
            f" range {t['min']}–{t['max']}"
        )
        console.print(f"Captures per game: {summary['captures_per_game']:.2f}")
    drawn = summary.get("drawn", 0)
    if drawn:
        console.print(
            f"{drawn} game{'s' if drawn != 1 else ''} drawn in a dead end (RULES.md §3.5):"
            " left out of win rates"
        )
    unfinished = summary["unfinished"]
    if unfinished:
        console.print(
            f"[yellow]{unfinished} game{'s' if unfinished != 1 else ''} stopped at"
            f" {config.max_throws} throws: left out of lengths and captures"
            + (
                f"; {summary['games'] - decided} without a winner, left out of win rates"
                if decided < summary["games"]
                else ""
            )
            + "[/yellow]"
        )
    played = summary["games"] if played is None else played
    rate = played / seconds if seconds > 0 else 0.0
    where = (
        f"on Ray, {jobs} CPU{'s' if jobs != 1 else ''}"
        if ray
        else (f"{jobs} job{'s' if jobs != 1 else ''}")
    )
    resumed = f", {summary['games'] - played} from --log" if played != summary["games"] else ""
    console.print(
        f"[dim]{seconds:.1f} s, {rate:.1f} games/s, {where}, {config.engine} engine{resumed}[/dim]"
    )


# -- the command ---------------------------------------------------------------


def run(args: argparse.Namespace) -> int:
    """Run ``pachisi simulate``; returns the exit status."""
    bots = _bots(args.players)

    setup = setup_from_args(args, len(bots))
    if args.games < 1:
        raise PachisiError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 0:
        raise PachisiError(f"--jobs must be at least 1 (or 0 for one per CPU), not {args.jobs}")
    if args.max_throws < 1:
        raise PachisiError(f"--max-throws must be at least 1, not {args.max_throws}")
    if args.chunk is not None and args.chunk < 1:
        raise PachisiError(f"--chunk must be at least 1, not {args.chunk}")
    engine = default_engine(bots) if args.engine == "auto" else args.engine
    if args.engine == "auto" and setup.ruleset in ONE_DIE_RULESETS and engine == "kernel":
        # Ludo and MADN: the library's players (their own evaluation), not the kernel's.
        engine = "library" if any(kernel_policy(b) != "random" for b in bots) else engine
    if args.record_game is not None:
        return _record(args, setup, bots, engine)
    jobs = args.jobs or (os.cpu_count() or 1)
    jobs = min(jobs, args.games)
    out = check_writable(args.out, "--out", (".json", ".csv")) if args.out else None
    plot = check_writable(args.plot, "--plot", PLOT_SUFFIXES) if args.plot else None
    log = check_writable(args.log, "--log", (".jsonl",)) if args.log else None
    if plot is not None:
        check_matplotlib()
    seed = args.seed
    if seed is None and log is not None and log.exists():
        seed = _logged_seed(log)
    if seed is None:
        seed = secrets.randbelow(2**31)
    config = SimConfig(
        setup, bots, seed, rotate=args.rotate, max_throws=args.max_throws, engine=engine
    )
    done = _resume(log, config, args.games) if log is not None else {}

    backend = None
    if getattr(args, "ray", None) is not None:
        from ..distributed import connect

        backend = connect(args.ray)
        jobs = backend.workers
    t0 = time.perf_counter()
    try:
        results = _play(
            config,
            args.games,
            jobs,
            show=not args.quiet and sys.stderr.isatty(),
            backend=backend,
            chunk=args.chunk,
            done=done,
            log=log,
        )
    finally:
        if backend is not None:
            backend.close()
    seconds = time.perf_counter() - t0
    summary = summarise(config, results)
    played = len(results) - len(done)
    timing = {
        "seconds": seconds,
        "games_per_second": played / seconds if seconds > 0 else None,
        "jobs": jobs,
        "resumed_from": len(done),
        "ray": backend is not None,
    }
    if out is not None:
        _write_out(out, config, results, results_document(config, results, summary, timing))
    if plot is not None:
        _plot(plot, config, results, summary)
    _print_summary(Console(), config, summary, seconds, jobs, played, backend is not None)
    return 0


def _record(args: argparse.Namespace, setup: Any, bots: tuple[str, ...], engine: str) -> int:
    """``--record-game K FILE``: play game K of the run and write it as a game record."""
    from ..record import Record

    text, path = args.record_game
    try:
        index = int(text)
    except ValueError:
        index = -1
    if index < 0:
        raise PachisiError(f"--record-game: K is a game index (0, 1, ...), not {text!r}")
    for flag, value in (("--out", args.out), ("--plot", args.plot), ("--log", args.log)):
        if value is not None:
            raise PachisiError(f"--record-game plays one game: it does not take {flag}")
    if getattr(args, "ray", None) is not None:
        raise PachisiError("--record-game plays one game: it does not take --ray")
    if args.seed is None:
        raise PachisiError("--record-game needs the run's --seed")
    target = check_writable(path, "--record-game", (".pgame",))
    config = SimConfig(
        setup, bots, args.seed, rotate=args.rotate, max_throws=args.max_throws, engine=engine
    )
    game, result = record_game(config, index)
    labels = player_labels(bots)
    record = Record.from_game(
        game,
        names=[labels[p] for p in result.seats],
        dice="manual" if engine == "kernel" else "random",
    )
    record.extra["Simulated"] = f"game {index} of seed {config.seed}, {engine} engine"
    try:
        record.save(target)
    except OSError as exc:
        raise PachisiError(f"cannot write {target}: {exc.strerror or exc}") from None
    console = Console()
    console.print(f"[bold]{escape(setup.describe())}[/bold]")
    console.print(
        f"game {index} of seed {config.seed} ({engine} engine): {escape(game.outcome())},"
        f" {result.throws} throws, captures by seat {';'.join(map(str, result.captures))}"
    )
    console.print(f"written to {escape(str(target))}: pachisi replay {escape(str(target))}")
    return 0


def _logged_seed(log: Path) -> int | None:
    try:
        header, _ = read_log(log)
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise PachisiError(f"--log: {exc}") from None
    seed = header.get("seed")
    return seed if isinstance(seed, int) else None


def _resume(log: Path, config: SimConfig, games: int) -> dict[int, GameResult]:
    """The games of ``config`` already in ``log`` (written with its header if new)."""
    try:
        if log.exists() and log.stat().st_size > 0:
            _, done = read_log(log, config)
            with log.open("rb+") as fh:  # drop a last line cut short by a killed run
                text = fh.read()
                if text and not text.endswith(b"\n"):
                    fh.truncate(text.rfind(b"\n") + 1)
        else:
            log.write_text(json.dumps(log_header(config)) + "\n", encoding="utf-8")
            done = {}
    except (OSError, UnicodeDecodeError) as exc:
        raise PachisiError(f"cannot use --log {log}: {exc}") from None
    except ValueError as exc:
        raise PachisiError(f"--log: {exc}") from None
    return {i: r for i, r in done.items() if i < games}


def _play(
    config: SimConfig,
    games: int,
    jobs: int,
    show: bool,
    backend: ChunkRunner | None = None,
    chunk: int | None = None,
    done: dict[int, GameResult] | None = None,
    log: Path | None = None,
) -> list[GameResult]:
    """Play the games of ``config`` that ``done`` lacks, appending each to ``log``
    as it finishes; every game's result, in order."""
    done = dict(done or {})
    todo = [i for i in range(games) if i not in done]
    fh = log.open("a", encoding="utf-8") if log is not None else None

    def finished(r: GameResult) -> None:
        if fh is not None:
            fh.write(log_line(r, config))
            fh.flush()
        done[r.index] = r

    try:
        _run(config, todo, jobs, show, backend, chunk, finished, games - len(todo))
    finally:
        if fh is not None:
            fh.close()
    return [done[i] for i in range(games)]


def _run(
    config: SimConfig,
    todo: list[int],
    jobs: int,
    show: bool,
    backend: ChunkRunner | None,
    chunk: int | None,
    finished: Callable[[GameResult], None],
    already: int,
) -> None:
    jobs = max(1, min(jobs, len(todo)))
    if not show:
        for _ in run_indices(config, todo, jobs, finished, backend, chunk):
            pass
        return

    progress = progress_bar("games")
    task = progress.add_task("simulating", total=already + len(todo), completed=already)

    def advance(r: GameResult) -> None:
        finished(r)
        progress.advance(task)

    # Start the worker processes before the progress bar's refresh thread.
    it = run_indices(config, todo, jobs, advance, backend, chunk)
    with progress:
        for _ in it:
            pass
