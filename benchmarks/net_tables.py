"""Accuracy tables for every shipped network: held-out positions of other levels' games,
labelled by the network's own long rollouts, by thirds of the game (issue 33, part 3).

For each network (default: every shipped one; ``--nets parcheesi.json,...``
picks by file name, ``--net-file PATH`` measures a weights file of one's
own), on the set-up it was trained on:

1. **Held-out games, by source.** ``--sources`` (default
   ``greedy,expectimax,self``): games in which every seat is played by that
   level (``self``: the network measured, at 0 ply; self-play games dealt
   by other seeds than its training games). Game ``g`` of source ``S``
   throws the dice of ``derive_seed("pachisi-net-tables:SEED:S:g")``, seat
   ``i`` is seeded by ``derive_seed("pachisi-net-tables-bot:SEED:S:g:i")``
   and player ``g mod n`` moves first. The shipped networks' training games
   were dealt by ``derive_seed("pachisi-train:S:g")``; these are other games.
2. **One position per game, stratified by thirds.** Game ``g`` gives one
   position in third ``k = g mod 3`` of the game: position ``i`` (before
   the ``i``-th of the game's ``T`` throws, the game undecided) with
   ``k / 3 <= i / T < (k + 1) / 3``, drawn uniformly by
   ``derive_seed("pachisi-net-tables-pick:SEED:S:g")``. ``--per-third M``
   positions per third per source: games ``k, k + 3, k + 6, ...`` (a game
   cut off undecided at ``--max-throws`` is skipped). Positions are
   therefore independent (one per game).
3. **Labels.** Each position is played out ``--rollouts R`` times (at
   least 2,000 for the tables in the docs) by the network's own player at 0
   ply in every seat (the playouts' ``"network"`` policy, in the compiled
   kernel), with common random numbers (playout ``k`` of every position
   uses the same seed, ``--rollout-seed``, and the first throw is
   stratified over the dice's outcomes), or with ``--rollout-seed
   per-position`` a seed of each label's own, derived from its key
   (``derive_seed("pachisi-net-tables-roll:KEY")``: independent labels, so
   no dice stream's luck is shared by every label and the bias's standard
   error is the whole of its error), played to the end: no truncation,
   so a label is an unbiased estimate of the chance that the network's
   player wins from there against itself. Ludo and MADN (whose networks
   the kernel's playouts do not play): the same rollouts on the library's
   engine, each throw answered by the learned player's 0-ply choice
   (:func:`one_die_play`; about 0.05 s of CPU a two-player rollout, 0.15 s
   a four-player one, so 100 to 300 s a label of 2,000). A pure race is played out too,
   never valued by the race tables instead (they follow another policy
   than the network's, and are used only once built). Decided positions are never
   sampled. Each label is appended to ``--labels FILE`` (JSON lines) as
   soon as it is known, keyed by the network file's checksum, source, game,
   throw, rollouts and seed: a second run with the same arguments reads
   them back and computes only what is missing (resumable; kill it at any
   time). Labels are computed round-robin (one position of each source and
   third in turn), so a partial file is balanced.
4. **Figures** (the mover's chance, in points of win chance): the mean
   absolute error (MAE) of the network at 0 ply (how the learned player
   and the rollouts judge) and at 1 ply (the analysis' default for a
   review) against the labels, overall, in each third and by source; the
   side-to-move bias (mean of predicted minus label: positive overrates the
   mover); their standard errors (positions are independent: one per game);
   and the noise floor, ``sqrt(2/pi)`` times the mean label standard error
   (the MAE a perfect evaluator would score against these noisy labels).
   ``--svg FILE``: a calibration plot per network (predicted chance against
   label, each position a dot coloured by third, with the mean label in
   ten bins of the prediction and its 95% interval). ``--rmse``: also each
   network's root mean squared error with the labels' noise taken out,
   ``sqrt(mean((pred - label)**2) - mean(label_se**2))`` (the MAE against
   noisy labels is only an upper bound on the network's error).

Usage (from the repository root; about 2 s of CPU a label in two-player
Parcheesi, 6 to 10 s in four-player)::

    nice -n 19 .venv/bin/python benchmarks/net_tables.py --nets parcheesi.json,parcheesi.4p.json \\
        --per-third 20 --rollouts 2000 --labels net-labels.jsonl \\
        --markdown docs/experiments/net-accuracy-tables.md --svg docs/net-calibration.svg

``--report-only`` prints the tables from the labels already on file (the first
``--per-third`` of each source and third, in game order), playing no game and
computing no label. With ``--or-rollout-seed S`` a network that has no labels of
``--rollout-seed`` on file is reported from its labels of seed ``S`` instead (a
network labelled only by per-position seeds beside networks labelled by seed 1), and
the report names each such network.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module, resources
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from net_accuracy import net_setup, network_estimate, network_rollouts

from pachisi.analysis.net import NetEvaluator
from pachisi.analysis.rollout import (
    RolloutSpec,
    exact_chances,
    first_throw,
    rollout_seed,
)
from pachisi.bots import Player, game_positions, make_player
from pachisi.bots.learned import LearnedPlayer
from pachisi.dice import Throw, derive_seed, dice_for
from pachisi.errors import PachisiError
from pachisi.learn import _load, _weights_files
from pachisi.learn.network import ValueNet
from pachisi.position import Position
from pachisi.rules import ONE_DIE_RULESETS, Setup

#: The module whose race look-up the network's evaluator asks (``pachisi.analysis`` has a
#: function of the same name as the module).
rollout = import_module("pachisi.analysis.rollout")

#: The 95% normal quantile.
Z95 = 1.959963984540054
#: The sources of held-out games: a level's name, or ``self`` (the network at 0 ply).
SOURCES = ("greedy", "expectimax", "self")


# -- the networks -------------------------------------------------------------------


@dataclass(frozen=True)
class Net:
    """A network measured: its ``name`` (file name), ``net``, ``sha`` (the first 16 hex
    digits of its file's SHA-256) and the set-up it was trained on."""

    name: str
    net: ValueNet
    sha: str
    setup: Setup


def shipped(names: Sequence[str] | None = None) -> list[Net]:
    """The shipped networks (all, or those whose file names are in ``names``)."""
    files = _weights_files()
    if names:
        unknown = [n for n in names if n not in files]
        if unknown:
            raise PachisiError(f"--nets: no shipped network {unknown[0]!r} (known: {files})")
        files = tuple(n for n in files if n in names)
    out = []
    for name in files:
        raw = resources.files("pachisi.learn").joinpath("weights", name).read_bytes()
        net = _load(name)
        out.append(Net(name, net, hashlib.sha256(raw).hexdigest()[:16], net_setup(net)))
    return out


def from_file(path: str) -> Net:
    """A weights file of one's own."""
    raw = Path(path).read_bytes()
    net = ValueNet.load(path)
    return Net(Path(path).name, net, hashlib.sha256(raw).hexdigest()[:16], net_setup(net))


# -- the held-out positions -----------------------------------------------------------------


@dataclass(frozen=True)
class Pick:
    """A held-out position: ``source``, ``game``, throw ``index`` of ``throws``, its
    ``third`` (0, 1, 2), and the position."""

    source: str
    game: int
    index: int
    throws: int
    third: int
    position: Position


def players_for(source: str, setup: Setup, net: ValueNet, seed: int, g: int) -> list[Player]:
    """The seats of game ``g`` of ``source``."""
    n = len(setup.players)
    seeds = [derive_seed(f"pachisi-net-tables-bot:{seed}:{source}:{g}:{i}") for i in range(n)]
    if source == "self":
        return [LearnedPlayer(s, plies=0, net=net) for s in seeds]
    return [make_player(source, s) for s in seeds]


def third_range(k: int, throws: int) -> range:
    """The throw indices ``i`` of a ``throws``-throw game with ``k/3 <= i/throws < (k+1)/3``.

    >>> [list(third_range(k, 7)) for k in range(3)]
    [[0, 1, 2], [3, 4], [5, 6]]
    """
    return range(-((-k * throws) // 3), -((-(k + 1) * throws) // 3))


def pick(
    source: str, setup: Setup, net: ValueNet, seed: int, g: int, max_throws: int
) -> Pick | None:
    """Game ``g``'s position of ``source`` (in third ``g mod 3``), ``None`` if the game was
    cut off undecided."""
    n = len(setup.players)
    rng = random.Random(derive_seed(f"pachisi-net-tables:{seed}:{source}:{g}"))
    seen, last = game_positions(
        setup, g % n, rng, players_for(source, setup, net, seed, g), max_throws
    )
    if last.winner is None:
        return None
    k = g % 3
    span = [i for i in third_range(k, len(seen)) if not seen[i].is_over]
    if not span:
        return None
    i = random.Random(derive_seed(f"pachisi-net-tables-pick:{seed}:{source}:{g}")).choice(span)
    return Pick(source, g, i, len(seen), k, seen[i])


def picks(
    setup: Setup,
    net: ValueNet,
    sources: Sequence[str],
    per_third: int,
    seed: int,
    max_throws: int,
    thirds: Sequence[int] = (0, 1, 2),
) -> list[Pick]:
    """Every held-out position, round-robin: for ``j < per_third``, for each source, for each
    third of ``thirds`` (0, 1, 2), the ``j``-th position of that source and third (a third
    left out changes none of the others' positions: game ``g`` is always third ``g mod 3``)."""
    found: dict[tuple[str, int], list[Pick]] = {}
    for source in sources:
        for k in thirds:
            got: list[Pick] = []
            g = k
            while len(got) < per_third:
                p = pick(source, setup, net, seed, g, max_throws)
                if p is not None:
                    got.append(p)
                g += 3
                if g > 3 * (per_third * 4 + 10):
                    raise PachisiError(f"{source}: too many games cut off undecided")
            found[(source, k)] = got
    return [found[(s, k)][j] for j in range(per_third) for s in sources for k in thirds]


# -- the labels --------------------------------------------------------------------------


#: ``--rollout-seed per-position``: each label's rollouts seeded by its own key.
PER_POSITION = "per-position"


def label_key(sha: str, p: Pick, rollouts: int, seed: int | str, held_seed: int) -> str:
    """The key of a label in the file (``seed``: the rollouts' seed, or ``per-position``,
    so that labels of one kind never stand in for the other's)."""
    return f"{sha}:{held_seed}:{p.source}:{p.game}:{p.index}:{rollouts}:{seed}"


def label_row(
    entry: Net, p: Pick, key: str, rollouts: int, seed: int | str, est: Any
) -> dict[str, Any]:
    """The label file's record of position ``p`` labelled ``key`` by ``rollouts`` rollouts of
    ``entry``'s player (``seed``: the rollouts' seed or ``per-position``; ``est`` the estimate)."""
    return {
        "key": key,
        "net": entry.name,
        "source": p.source,
        "game": p.game,
        "index": p.index,
        "throws": p.throws,
        "third": p.third,
        "position": p.position.to_text(),
        "rollouts": rollouts,
        "seed": seed,
        "rollout_seed": est.seed,
        "chances": list(est.chances),
        "se": list(est.se),
    }


def rollout_seed_of(key: str, seed: int | str) -> int:
    """The rollouts' seed of the label with ``key``: ``seed`` itself (the same for every
    position: common random numbers), or with ``per-position`` one derived from the key,
    ``derive_seed("pachisi-net-tables-roll:KEY")`` (independent across positions).

    >>> rollout_seed_of("k", 1)
    1
    >>> rollout_seed_of("a", PER_POSITION) != rollout_seed_of("b", PER_POSITION)
    True
    """
    if seed == PER_POSITION:
        return derive_seed(f"pachisi-net-tables-roll:{key}")
    return int(seed)


def seed_arg(text: str) -> int | str:
    """``--rollout-seed``: a whole number or ``per-position``."""
    if text == PER_POSITION:
        return PER_POSITION
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is neither a whole number nor {PER_POSITION!r}"
        ) from None


def read_labels(path: Path) -> dict[str, dict[str, Any]]:
    """The labels on file, by key (a torn last line, from a killed run, is ignored)."""
    out: dict[str, dict[str, Any]] = {}
    if not path.exists():
        return out
    for line in path.read_text().splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(row, dict) and "key" in row:
            out[row["key"]] = row
    return out


def rollouts_only(position: Position, rollouts: int, spec: RolloutSpec, net: ValueNet) -> Any:
    """The network's rollouts of ``position`` (:func:`network_estimate`; Ludo and MADN:
    :func:`one_die_estimate`), never a race table's value in their place: a label is
    always the network's own play."""
    saved = getattr(rollout, "race_by_default")  # noqa: B009
    setattr(rollout, "race_by_default", _no_race)  # noqa: B010
    try:
        if position.ruleset in ONE_DIE_RULESETS:
            return one_die_estimate(position, rollouts, spec, net)
        return network_estimate(position, rollouts, spec, net)
    finally:
        setattr(rollout, "race_by_default", saved)  # noqa: B010


def one_die_play(
    ev: NetEvaluator, start: Position, first: Throw, seed: int, limit: int
) -> Position:
    """One rollout of a Ludo or MADN position (the kernel's playouts do not play these
    games): the network's player at 0 ply in every seat (:meth:`NetEvaluator.replies`, the
    learned player's choice: the first best result for the mover; the same player again
    after a 6), the first throw ``first``, the later ones from ``random.Random(seed)``, to
    the end or ``limit`` throws; the last position."""
    dice = dice_for(start.ruleset)
    rng = random.Random(seed)
    pos = start
    throw = first
    for _ in range(limit):
        if pos.winner is not None or pos.is_over:
            break
        ((_, after),) = ev.replies([(pos, throw)], True)
        assert after is not None
        pos = after
        throw = dice.roll(rng)
    return pos


def one_die_estimate(position: Position, rollouts: int, spec: RolloutSpec, net: ValueNet) -> Any:
    """The win chances of a Ludo or MADN ``position`` by ``rollouts`` rollouts of the
    network's own player (:func:`one_die_play`), on the library's engine, played to the
    end (``spec.max_throws``): rollout ``k``'s first throw is the stratified
    :func:`~pachisi.analysis.rollout.first_throw` of ``spec.seed`` (as the kernel's
    playouts), its later throws from :func:`~pachisi.analysis.rollout.rollout_seed`
    ``(spec.seed, k)``. A rollout cut off at the throw limit counts as a draw shared by
    every player (``unfinished``), as the playouts' do."""
    exact = exact_chances(position)
    if exact is not None:
        return exact
    ev = NetEvaluator(net, 0, "labels")
    masks: list[int] = []
    for k in range(rollouts):
        first = first_throw(position.ruleset, spec.seed, k)
        last = one_die_play(ev, position, first, rollout_seed(spec.seed, k), spec.max_throws)
        masks.append(sum(1 << j for j in last.winner) if last.winner is not None else 0)
        if k % 64 == 63:
            ev.forget()
    return network_rollouts(position, masks, spec.seed)


#: The network and rollout settings of the worker processes of ``--jobs`` (set before
#: the fork, read by :func:`_label_one`).
_WORK: dict[str, Any] = {}


def _label_one(i: int) -> tuple[int, Any]:
    """Worker: the rollouts of pick ``i`` of ``_WORK["picked"]``."""
    p = _WORK["picked"][i]
    return i, rollouts_only(p.position, _WORK["rollouts"], _WORK["spec"](p), _WORK["net"])


def label(
    entry: Net,
    picked: Sequence[Pick],
    args: argparse.Namespace,
    path: Path,
    log: Callable[[str], None],
) -> list[dict[str, Any]]:
    """Every pick's label: read from ``path`` or computed (and appended to it).

    With ``--jobs N`` (N > 1) the missing labels are computed in N forked processes
    and appended as they finish; each label's rollouts are seeded by ``--rollout-seed``
    (and with ``per-position`` by the label's key) alone, so a label is the same
    whichever process computes it, and when.
    """
    have = read_labels(path)

    def key(p: Pick) -> str:
        return label_key(entry.sha, p, args.rollouts, args.rollout_seed, args.seed)

    def spec(p: Pick) -> RolloutSpec:
        return RolloutSpec(rollout_seed_of(key(p), args.rollout_seed), "greedy", args.max_throws)

    todo = [] if args.report_only else [i for i, p in enumerate(picked) if key(p) not in have]
    t0 = time.process_time()
    w0 = time.perf_counter()

    def store(i: int, est: Any, done: int) -> None:
        p = picked[i]
        row = label_row(entry, p, key(p), args.rollouts, args.rollout_seed, est)
        with path.open("a") as f:
            f.write(json.dumps(row) + "\n")
        have[row["key"]] = row
        cpu = time.process_time() - t0
        log(
            f"  {entry.name}: label {done}/{len(todo)} ({p.source}, third {p.third + 1})"
            f" [{cpu:.0f} s CPU here, {time.perf_counter() - w0:.0f} s wall]"
        )

    jobs = getattr(args, "jobs", 1)
    if jobs > 1 and len(todo) > 1:
        import multiprocessing

        _WORK.update(picked=picked, rollouts=args.rollouts, spec=spec, net=entry.net)
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for done, (i, est) in enumerate(pool.imap_unordered(_label_one, todo), 1):
                store(i, est, done)
        _WORK.clear()
    else:
        for done, i in enumerate(todo, 1):
            p = picked[i]
            store(i, rollouts_only(p.position, args.rollouts, spec(p), entry.net), done)
    return [have[key(p)] for p in picked if key(p) in have]


def on_file(
    entry: Net, args: argparse.Namespace, path: Path, sources: Sequence[str]
) -> list[dict[str, Any]]:
    """The labels on file for ``entry`` with these seeds, rollouts and sources, the first
    ``--per-third`` of each source and third (in game order), without replaying a game."""
    prefix = f"{entry.sha}:{args.seed}:"
    rows = [
        r
        for k, r in read_labels(path).items()
        if k.startswith(prefix)
        and r["rollouts"] == args.rollouts
        and r["seed"] == args.rollout_seed
        and r["source"] in sources
    ]
    rows.sort(key=lambda r: (sources.index(r["source"]), r["third"], r["game"]))
    out = []
    for s in sources:
        for k in args.thirds:
            out.extend([r for r in rows if r["source"] == s and r["third"] == k][: args.per_third])
    return out


def paired(
    entry: Net,
    rows: Sequence[dict[str, Any]],
    args: argparse.Namespace,
    path: Path,
    sources: Sequence[str],
) -> str:
    """The mover's label of ``rows`` less that of ``--paired-with``'s labels of the same
    positions (same source, game and throw): its mean ± standard error over the positions
    both have, overall and by third. With common random numbers in one set and not the
    other, the mean estimates the first set's shared error (every label's rollouts playing
    the same dice), which the figures' standard errors leave out."""
    other = argparse.Namespace(**{**vars(args), "rollout_seed": args.paired_with})
    theirs = {(r["source"], r["game"], r["index"]): r for r in on_file(entry, other, path, sources)}
    diffs = []
    for r in rows:
        t = theirs.get((r["source"], r["game"], r["index"]))
        if t is not None:
            diffs.append((r["third"], r["label"] - t["chances"][r["mover"]]))
    lines = [
        f"Labels (rollout seed {args.rollout_seed}) − labels (rollout seed {args.paired_with}),"
        f" the mover's, on the same positions of `{entry.name}`:",
        "",
        "| positions | n | mean difference | sd |",
        "|---|---|---|---|",
    ]
    for name, k in (("all", None), ("third 1", 0), ("third 2", 1), ("third 3", 2)):
        d = [x for third, x in diffs if k is None or third == k]
        if not d:
            continue
        m, se = mean_se(d)
        sd = se * math.sqrt(len(d)) if math.isfinite(se) else math.nan
        lines.append(f"| {name} | {len(d)} | {_pts((m, se), True)} | {100 * sd:.1f} |")
    return "\n".join(lines)


# -- the figures -------------------------------------------------------------------------


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (``inf`` with fewer than two values).

    >>> m, se = mean_se([1.0, 2.0, 3.0, 4.0])
    >>> m, round(se, 6)
    (2.5, 0.645497)
    """
    n = len(values)
    if n == 0:
        return (math.nan, math.inf)
    m = math.fsum(values) / n
    if n < 2:
        return (m, math.inf)
    var = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    return (m, math.sqrt(var / n))


@dataclass(frozen=True)
class Cell:
    """Figures over a group of positions (chances as fractions): ``n``; ``mae``, ``bias``
    and their standard errors at each ply; ``floor`` (the noise floor)."""

    n: int
    mae: dict[int, tuple[float, float]]
    bias: dict[int, tuple[float, float]]
    floor: float


def cell(rows: Sequence[dict[str, Any]], plies: Sequence[int]) -> Cell:
    """The figures of ``rows`` (each with ``label``, ``label_se`` and ``pred`` by ply)."""
    mae = {}
    bias = {}
    for ply in plies:
        err = [r["pred"][ply] - r["label"] for r in rows]
        mae[ply] = mean_se([abs(e) for e in err])
        bias[ply] = mean_se(err)
    ses = [r["label_se"] for r in rows]
    floor = math.sqrt(2 / math.pi) * math.fsum(ses) / len(ses) if ses else math.nan
    return Cell(len(rows), mae, bias, floor)


def corrected_rmse(rows: Sequence[dict[str, Any]], ply: int) -> tuple[float, float]:
    """The noise-corrected RMSE of ``rows`` at ``ply`` and its standard error:
    ``sqrt(mean((pred - label)**2) - mean(label_se**2))``, each label's variance its
    recorded standard error squared (the sample variance of its rollouts over their
    number), so that label noise, which adds its variance to the mean squared error,
    is taken out; the standard error by the delta method (positions independent).
    0 (standard error ``inf``) when the labels' variance is as large as the mean
    squared error; ``nan`` with no rows.

    >>> rows = [{"label": 0.5, "label_se": 0.3, "pred": {0: 1.0}},
    ...         {"label": 0.5, "label_se": 0.3, "pred": {0: 0.0}}]
    >>> [round(x, 9) for x in corrected_rmse(rows, 0)]
    [0.4, 0.0]
    """
    d = [(r["pred"][ply] - r["label"]) ** 2 - r["label_se"] ** 2 for r in rows]
    m, se = mean_se(d)
    if not math.isfinite(m):
        return (math.nan, math.inf)
    if m <= 0:
        return (0.0, math.inf)
    root = math.sqrt(m)
    return (root, se / (2 * root))


def noise_table(rows: Sequence[dict[str, Any]], plies: Sequence[int]) -> str:
    """``--rmse``: the noise-corrected RMSE (:func:`corrected_rmse`) at each ply, overall,
    by third and by source, with the labels' noise (the root of their mean variance)."""
    head = "| positions | n |" + "".join(f" RMSE {p} ply, noise taken out |" for p in plies)
    lines = [
        head + " label noise (rms se) |",
        "|---|---|" + "---|" * len(plies) + "---|",
    ]
    for name, rs in groups(rows):
        if not rs:
            continue
        line = f"| {name} | {len(rs)} |" + "".join(
            f" {_pts(corrected_rmse(rs, p))} |" for p in plies
        )
        noise = math.sqrt(math.fsum(r["label_se"] ** 2 for r in rs) / len(rs))
        lines.append(line + f" {100 * noise:.1f} |")
    return "\n".join(lines)


def figures(
    entry: Net, rows: Sequence[dict[str, Any]], plies: Sequence[int], race_tables: bool = False
) -> list[dict[str, Any]]:
    """Each labelled row with the mover, its label, label se and the network's predictions
    (the network alone, unless ``race_tables``: then pure races are valued by the race
    tables where the analysis would, :func:`pachisi.race.by_default`, which depends on
    the tables built in the cache)."""
    positions = [Position.from_text(r["position"]) for r in rows]
    ev = NetEvaluator(entry.net, 0, entry.name)
    preds = {}
    saved = getattr(rollout, "race_by_default")  # noqa: B009
    if not race_tables:
        setattr(rollout, "race_by_default", _no_race)  # noqa: B010
    try:
        for ply in plies:
            preds[ply] = ev.values(positions, ply)
            ev.forget()
    finally:
        setattr(rollout, "race_by_default", saved)  # noqa: B010
    out = []
    for k, (r, pos) in enumerate(zip(rows, positions, strict=True)):
        m = pos.to_move
        out.append(
            {
                **r,
                "mover": m,
                "label": r["chances"][m],
                "label_se": r["se"][m],
                "pred": {ply: preds[ply][k][m] for ply in plies},
            }
        )
    return out


def _no_race(position: Position) -> None:
    """No race value: the network alone judges."""
    return None


def groups(rows: Sequence[dict[str, Any]]) -> list[tuple[str, list[dict[str, Any]]]]:
    """The rows overall, by third, and by source."""
    out = [("all", list(rows))]
    for k in range(3):
        out.append((f"third {k + 1}", [r for r in rows if r["third"] == k]))
    for s in dict.fromkeys(r["source"] for r in rows):
        out.append((f"from {s} games", [r for r in rows if r["source"] == s]))
    return out


def _pts(x: tuple[float, float], signed: bool = False) -> str:
    m, se = x
    if not math.isfinite(m):
        return "—"
    s = f"{100 * m:+.1f}" if signed else f"{100 * m:.1f}"
    return s if not math.isfinite(se) else f"{s} ± {100 * se:.1f}"


def markdown(entry: Net, rows: Sequence[dict[str, Any]], plies: Sequence[int]) -> str:
    """One network's table (points of win chance)."""
    setup = entry.setup
    who = f"{len(setup.players)} players" + (", partners" if setup.teams else "")
    head = "| positions | n |"
    rule = "|---|---|"
    for ply in plies:
        head += f" MAE {ply} ply | bias {ply} ply |"
        rule += "---|---|"
    head += " noise floor |"
    rule += "---|"
    made = entry.net.meta.get("made_by") or {}
    games = made.get("games") if isinstance(made, dict) else None
    lines = [
        f"**`{entry.name}`** ({setup.ruleset}, {who}; {entry.net.hidden} hidden units,"
        f" {games if games is not None else '?'} self-play games; sha256 {entry.sha}…)",
        "",
        head,
        rule,
    ]
    for name, rs in groups(rows):
        if not rs:
            continue
        c = cell(rs, plies)
        line = f"| {name} | {c.n} |"
        for ply in plies:
            line += f" {_pts(c.mae[ply])} | {_pts(c.bias[ply], True)} |"
        line += f" {100 * c.floor:.1f} |"
        lines.append(line)
    return "\n".join(lines)


def summary(panels: Sequence[tuple[Net, Sequence[dict[str, Any]]]], plies: Sequence[int]) -> str:
    """One row per network: positions, the MAE overall and in each third at each ply, the
    bias at each ply, and the noise floor (points of win chance, ± standard error)."""
    head = "| network | n |"
    rule = "|---|---|"
    for ply in plies:
        head += f" MAE {ply} ply: all | third 1 | third 2 | third 3 | bias {ply} ply |"
        rule += "---|---|---|---|---|"
    lines = [head + " noise floor |", rule + "---|"]
    for entry, rows in panels:
        if not rows:
            lines.append(f"| `{entry.name}` | 0 |" + " |" * (5 * len(plies) + 1))
            continue
        parts = [
            cell([r for r in rows if k is None or r["third"] == k], plies) for k in (None, 0, 1, 2)
        ]
        line = f"| `{entry.name}` | {parts[0].n} |"
        for ply in plies:
            line += "".join(f" {_pts(c.mae[ply])} |" for c in parts)
            line += f" {_pts(parts[0].bias[ply], True)} |"
        lines.append(line + f" {100 * parts[0].floor:.1f} |")
    return "\n".join(lines)


# -- the calibration plot -----------------------------------------------------------------

_COLOURS = ("#1b9e77", "#d95f02", "#7570b3")


def svg(panels: Sequence[tuple[Net, Sequence[dict[str, Any]]]], ply: int = 0) -> str:
    """Calibration plots, one panel per network: the ``ply`` prediction (x) against the
    label (y), a dot per position coloured by third, the mean label per tenth of the
    prediction with its 95% interval (black), and the diagonal."""
    size, pad, cols = 220, 34, 3
    rows_n = max(1, math.ceil(len(panels) / cols))
    width = cols * (size + 2 * pad)
    height = rows_n * (size + 2 * pad + 10) + 40
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}"'
        f' viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="8" y="14" font-size="12">Calibration, network at {ply} ply: predicted'
        " win chance of the player to move (x) against the network's own rollouts (y);</text>",
        '<text x="8" y="28" font-size="12">dots: positions (third 1 green, 2 orange,'
        " 3 purple); black: mean per tenth of the prediction, 95% interval</text>",
    ]
    for k, (entry, rows) in enumerate(panels):
        ox = (k % cols) * (size + 2 * pad) + pad
        oy = (k // cols) * (size + 2 * pad + 10) + 40 + pad

        def x(v: float, ox: int = ox) -> float:
            return ox + v * size

        def y(v: float, oy: int = oy) -> float:
            return oy + (1 - v) * size

        out.append(
            f'<rect x="{ox}" y="{oy}" width="{size}" height="{size}" fill="none" stroke="#888"/>'
        )
        out.append(
            f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#bbb"'
            ' stroke-dasharray="4 3"/>'
        )
        for t in (0.0, 0.5, 1.0):
            out.append(f'<text x="{x(t) - 6:.0f}" y="{oy + size + 13}">{t:g}</text>')
            out.append(f'<text x="{ox - 22}" y="{y(t) + 4:.0f}">{t:g}</text>')
        c = cell(rows, [ply]) if rows else None
        title = f"{entry.name.removesuffix('.json')}: n {len(rows)}"
        if c is not None:
            title += f", MAE {100 * c.mae[ply][0]:.1f}, bias {100 * c.bias[ply][0]:+.1f}"
        out.append(f'<text x="{ox}" y="{oy - 6}" font-size="10">{title}</text>')
        for r in rows:
            out.append(
                f'<circle cx="{x(r["pred"][ply]):.1f}" cy="{y(r["label"]):.1f}" r="2"'
                f' fill="{_COLOURS[r["third"]]}" fill-opacity="0.6"/>'
            )
        for b in range(10):
            members = [r["label"] for r in rows if min(int(r["pred"][ply] * 10), 9) == b]
            preds = [r["pred"][ply] for r in rows if min(int(r["pred"][ply] * 10), 9) == b]
            if len(members) < 2:
                continue
            m, se = mean_se(members)
            px = math.fsum(preds) / len(preds)
            lo, hi = max(0.0, m - Z95 * se), min(1.0, m + Z95 * se)
            out.append(
                f'<line x1="{x(px):.1f}" y1="{y(lo):.1f}" x2="{x(px):.1f}" y2="{y(hi):.1f}"'
                ' stroke="black"/>'
            )
            out.append(f'<rect x="{x(px) - 2.5:.1f}" y="{y(m) - 2.5:.1f}" width="5" height="5"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


# -- the command --------------------------------------------------------------------------


def thirds_arg(text: str) -> tuple[int, ...]:
    """``--thirds``: numbers 1 to 3, comma-separated, as 0-based thirds.

    >>> thirds_arg("3")
    (2,)
    >>> thirds_arg("1,3")
    (0, 2)
    """
    try:
        got = sorted({int(t) - 1 for t in text.split(",")})
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers 1 to 3: {text!r}") from None
    if not got or got[0] < 0 or got[-1] > 2:
        raise argparse.ArgumentTypeError(f"not numbers 1 to 3: {text!r}")
    return tuple(got)


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--nets", help="shipped weights files by name, comma-separated (default: all)")
    p.add_argument("--net-file", help="a weights file of one's own (instead of the shipped ones)")
    p.add_argument("--sources", default=",".join(SOURCES), help="held-out games' players")
    p.add_argument("--per-third", type=int, default=20, help="positions per third per source")
    p.add_argument("--seed", type=int, default=33, help="the held-out games' seed (33)")
    p.add_argument(
        "--thirds",
        type=thirds_arg,
        default=(0, 1, 2),
        help="the thirds of the game to sample, comma-separated from 1 to 3 (default 1,2,3)",
    )
    p.add_argument("--rollouts", type=int, default=2000, help="rollouts per label (2000)")
    p.add_argument(
        "--rollout-seed",
        type=seed_arg,
        default=1,
        help="the rollouts' seed, the same for every position (1), or 'per-position': one"
        " derived from each label's key (independent across positions)",
    )
    p.add_argument(
        "--or-rollout-seed",
        type=seed_arg,
        help="with --report-only: a network with no labels of --rollout-seed on file is"
        " reported from its labels of this seed (the report says which)",
    )
    p.add_argument("--max-throws", type=int, default=3000, help="a game's throw limit")
    p.add_argument("--plies", default="0,1", help="the network's plies to judge (0,1)")
    p.add_argument("--labels", default="net-labels.jsonl", help="the label file (JSON lines)")
    p.add_argument("--report-only", action="store_true", help="compute no label")
    p.add_argument(
        "--jobs", type=int, default=1, help="processes computing labels (default 1; fork)"
    )
    p.add_argument(
        "--race-tables",
        action="store_true",
        help="value pure races by the race tables where the analysis does (default: the"
        " network alone)",
    )
    p.add_argument(
        "--paired-with",
        type=seed_arg,
        help="also compare the labels with those of this rollout seed on the same positions"
        " (the mean difference of the mover's label: the two seeds' shared errors)",
    )
    p.add_argument(
        "--rmse",
        action="store_true",
        help="also print each network's RMSE with the labels' noise taken out"
        " (sqrt(mean squared error - mean label variance), delta-method standard error)",
    )
    p.add_argument("--markdown", help="write the tables to this file")
    p.add_argument("--svg", help="write the calibration plots to this file")
    p.add_argument("--json", help="write every labelled position and prediction to this file")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0, or 2 with a one-line error."""
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)

    def log(s: str) -> None:
        print(s, file=sys.stderr, flush=True)

    try:
        if args.per_third < 1 or args.rollouts < 1 or args.jobs < 1:
            raise PachisiError("--per-third, --rollouts and --jobs must be at least 1")
        if args.or_rollout_seed is not None and not args.report_only:
            raise PachisiError("--or-rollout-seed reads labels on file: use it with --report-only")
        plies = sorted({int(p) for p in args.plies.split(",")})
        if not set(plies) <= {0, 1, 2}:
            raise PachisiError("--plies: numbers 0 to 2")
        sources = args.sources.split(",")
        for s in sources:
            if s not in SOURCES:
                raise PachisiError(f"--sources: {s!r} is not one of {', '.join(SOURCES)}")
        nets = (
            [from_file(args.net_file)]
            if args.net_file
            else shipped(args.nets.split(",") if args.nets else None)
        )
        path = Path(args.labels)
        tables = []
        panels = []
        dump: list[dict[str, Any]] = []
        fell_back: list[str] = []
        for entry in nets:
            if args.report_only:
                rows = on_file(entry, args, path, sources)
                if not rows and args.or_rollout_seed is not None:
                    other = argparse.Namespace(
                        **{**vars(args), "rollout_seed": args.or_rollout_seed}
                    )
                    rows = on_file(entry, other, path, sources)
                    if rows:
                        fell_back.append(entry.name)
            else:
                t0 = time.process_time()
                picked = picks(
                    entry.setup,
                    entry.net,
                    sources,
                    args.per_third,
                    args.seed,
                    args.max_throws,
                    args.thirds,
                )
                log(
                    f"{entry.name}: {len(picked)} held-out positions"
                    f" [{time.process_time() - t0:.1f} s CPU]"
                )
                rows = label(entry, picked, args, path, log)
            rows = figures(entry, rows, plies, args.race_tables) if rows else []
            tables.append(markdown(entry, rows, plies))
            if args.paired_with is not None:
                tables.append(paired(entry, rows, args, path, sources))
            if args.rmse and rows:
                tables.append(noise_table(rows, plies))
            panels.append((entry, rows))
            dump.extend({**r, "pred": {str(k): v for k, v in r["pred"].items()}} for r in rows)
    except (PachisiError, ValueError, OSError) as e:
        print(f"net_tables: {e}", file=sys.stderr)
        return 2
    cmd = "benchmarks/net_tables.py " + " ".join(argv)
    text = "\n\n".join([summary(panels, plies), *tables])
    if fell_back:
        names = ", ".join(f"`{n}`" for n in fell_back)
        text += (
            f"\n\nLabels of rollout seed {args.or_rollout_seed} (none of rollout seed"
            f" {args.rollout_seed} on file): {names}."
        )
    text += f"\n\nPoints of win chance (the mover's). `{cmd}`\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    if args.svg:
        Path(args.svg).write_text(svg(panels, plies[0]))
    if args.json:
        Path(args.json).write_text(json.dumps(dump, indent=0) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
