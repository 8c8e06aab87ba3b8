"""Where the shipped Parcheesi networks' error lies: a residual analysis of the accuracy
tables' labels (issue 33, part 3).

The positions and labels are those of :mod:`net_tables` (``--rollout-seed
per-position``: 180 held-out positions a network, 2,000 rollouts each, every label
with its own seed), picked for the shipped network by its file's checksum
(:func:`net_tables.on_file`); the network's values are recomputed by
:func:`net_tables.figures` (the network alone, no race table) at the plies asked.
For each position this writes (``--json``) the label and its standard error, the
prediction at each ply, the residual (prediction − label, the mover's chance),
third, source, and features of the position (:func:`features`); then it prints
(``--markdown``) the summaries of :func:`report`: the residuals' spread (the share
of the absolute error carried by the worst tenth of the positions), the bias by
third and source, the calibration (least-squares slope of the label on the
prediction), and the MAE and bias of the positions with and without each feature.

Usage (from the repository root; the 2-ply values take a few minutes of CPU)::

    nice -n 19 .venv/bin/python benchmarks/net_residuals.py --plies 1,2 \\
        --labels docs/experiments/data/net-labels.jsonl \\
        --json /tmp/net-residuals.json --markdown /tmp/net-residuals.md

``--from-json FILE`` reads the per-position rows written by an earlier ``--json``
(no network evaluated) and prints the summaries again.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from net_tables import PER_POSITION, SOURCES, figures, mean_se, on_file, shipped

from pachisi.board import FAMILY_HOME, FAMILY_LAST_RING, ring_square_of
from pachisi.dice import dice_for
from pachisi.errors import PachisiError
from pachisi.position import Position
from pachisi.race import is_race

#: The networks analysed by default: the shipped two- and four-player Parcheesi ones.
NETS = ("parcheesi.json", "parcheesi.4p.json")
#: The largest distance one throw of two dice moves a pawn without doublets (6 + 6).
REACH = 12


# -- the features of a position ------------------------------------------------------------


def _blockades(pos: Position, colour: int) -> list[int]:
    """The ring squares where two pawns of ``colour`` stand (a blockade, RULES.md §2.6)."""
    arm = colour
    count = Counter(
        ring_square_of(pos.setup.ruleset, arm, p)
        for p in pos.pawns[colour]
        if 1 <= p <= FAMILY_LAST_RING
    )
    return sorted(q for q, n in count.items() if n >= 2)


def _ahead(pos: Position, colour: int, square: int) -> bool:
    """Whether ring ``square`` is 1 to :data:`REACH` squares ahead of a pawn of ``colour``
    on its route (still on the ring)."""
    for p in pos.pawns[colour]:
        if 1 <= p <= FAMILY_LAST_RING:
            for d in range(1, REACH + 1):
                if p + d > FAMILY_LAST_RING:
                    break
                if ring_square_of(pos.setup.ruleset, colour, p + d) == square:
                    return True
    return False


def _hits(pos: Position, victims: Sequence[int]) -> tuple[set[tuple[int, int]], float]:
    """The pawns of the colours ``victims`` that the player to move can capture with the
    next throw (colour and progress: those some legal play of some throw sends home to
    progress 0; nobody else's pawns move on the mover's turn but by a capture), and the
    chance that the throw offers at least one such capture."""
    hit: set[tuple[int, int]] = set()
    chance = 0.0
    for throw, prob in dice_for(pos.ruleset).distinct():
        any_hit = False
        for play in pos.legal_plays(throw):
            after = play.position
            for c in victims:
                lost = Counter(p for p in pos.pawns[c] if p > 0)
                lost.subtract(p for p in after.pawns[c] if p > 0)
                for p, n in lost.items():
                    if n > 0:
                        hit.add((c, p))
                        any_hit = True
        if any_hit:
            chance += float(prob)
    return hit, chance


def captures(pos: Position) -> tuple[int, float]:
    """The opponents' pawns the mover can capture with the next throw: how many distinct
    pawns (colour and progress) some legal play of some throw captures, and the chance
    that the throw offers at least one capture. Exact: every throw's legal plays."""
    mine = set(pos.setup.players[pos.to_move])
    hit, chance = _hits(pos, [c for c in pos.setup.colours_in_play if c not in mine])
    return len(hit), chance


def exposure(pos: Position) -> tuple[int, float]:
    """The mover's pawns under a shot: how many distinct pawns of the mover some opponent
    (not finished) could capture with a throw if it were that opponent's turn now (the
    position with ``to_move`` set to it and no doublets), and the largest such chance of
    one opponent. A measure of contact, not a forecast: the mover moves first."""
    mine = pos.setup.players[pos.to_move]
    hit: set[tuple[int, int]] = set()
    worst = 0.0
    for j in range(len(pos.setup.players)):
        if j == pos.to_move or j in pos.finished:
            continue
        got, chance = _hits(replace(pos, to_move=j, doubles=0), mine)
        hit |= got
        worst = max(worst, chance)
    return len(hit), worst


def features(pos: Position) -> dict[str, Any]:
    """Features of a (two-dice cross) position, seen from the player to move.

    ``nest``, ``home``, ``path`` (home path: past the last ring square, not home) and
    ``pips`` (to go: 72 − progress summed) per player, mover first as ``mover_*``, the
    opponents' summed as ``opp_*``; ``lead``: the fewest pips of an opponent less the
    mover's (positive: the mover ahead); ``blockades`` on the ring (all players),
    ``mover_blockades``; ``blocked``: whether an opponent's blockade stands 1 to 12
    squares ahead of a mover's pawn on the ring; ``race`` (:func:`pachisi.race.is_race`);
    ``doubles`` (doublets already thrown this turn); ``capturable`` and
    ``capture_chance`` (:func:`captures`); ``exposed`` and ``exposed_chance``
    (:func:`exposure`).
    """
    setup = pos.setup
    n = len(setup.players)
    per: list[dict[str, int]] = []
    for i in range(n):
        ps = [p for c in setup.players[i] for p in pos.pawns[c]]
        per.append(
            {
                "nest": sum(1 for p in ps if p == 0),
                "home": sum(1 for p in ps if p == FAMILY_HOME),
                "path": sum(1 for p in ps if FAMILY_LAST_RING < p < FAMILY_HOME),
                "pips": sum(FAMILY_HOME - p for p in ps),
            }
        )
    m = pos.to_move
    opp = [i for i in range(n) if i != m]
    mine = set(setup.players[m])
    blocks = {c: _blockades(pos, c) for c in setup.colours_in_play}
    blocked = any(
        _ahead(pos, mc, q) for c, qs in blocks.items() if c not in mine for q in qs for mc in mine
    )
    capturable, capture_chance = captures(pos)
    out: dict[str, Any] = {}
    for k in ("nest", "home", "path", "pips"):
        out[f"mover_{k}"] = per[m][k]
        out[f"opp_{k}"] = sum(per[i][k] for i in opp)
    out["lead"] = min(per[i]["pips"] for i in opp) - per[m]["pips"]
    out["per_player"] = per
    out["blockades"] = sum(len(qs) for qs in blocks.values())
    out["mover_blockades"] = sum(len(blocks[c]) for c in mine)
    out["blocked"] = blocked
    out["race"] = is_race(pos)
    out["doubles"] = pos.doubles
    out["capturable"] = capturable
    out["capture_chance"] = capture_chance
    out["exposed"], out["exposed_chance"] = exposure(pos)
    return out


# -- the summaries -----------------------------------------------------------------------


def worst_share(residuals: Sequence[float], fraction: float = 0.1) -> float:
    """The share of the summed absolute residual carried by the worst ``fraction`` of the
    positions (at least one position).

    >>> worst_share([1.0, -1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 11.0])
    0.55
    """
    a = sorted((abs(r) for r in residuals), reverse=True)
    total = math.fsum(a)
    if total == 0:
        return math.nan
    k = max(1, round(fraction * len(a)))
    return math.fsum(a[:k]) / total


def bootstrap_se(
    values: Sequence[float], stat: Callable[[Sequence[float]], float], draws: int = 1000
) -> float:
    """The bootstrap standard error of ``stat`` (``draws`` resamples, seeded: the same
    figure every run)."""
    rng = random.Random(33)
    n = len(values)
    got = [stat([values[rng.randrange(n)] for _ in range(n)]) for _ in range(draws)]
    return mean_se(got)[1] * math.sqrt(draws)


def slope(xs: Sequence[float], ys: Sequence[float]) -> tuple[float, float, float]:
    """The least-squares line ``y = a + b x``: ``(b, se of b, a)`` (``b`` nan when every
    ``x`` is the same).

    >>> b, se, a = slope([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0])
    >>> b, se, a
    (2.0, 0.0, 1.0)
    """
    n = len(xs)
    mx = math.fsum(xs) / n
    my = math.fsum(ys) / n
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    if sxx == 0:
        return math.nan, math.inf, my
    b = sxy / sxx
    a = my - b * mx
    if n < 3:
        return b, math.inf, a
    rss = math.fsum((y - a - b * x) ** 2 for x, y in zip(xs, ys, strict=True))
    return b, math.sqrt(rss / (n - 2) / sxx), a


def _pts(x: tuple[float, float], signed: bool = False) -> str:
    m, se = x
    if not math.isfinite(m):
        return "—"
    s = f"{100 * m:+.1f}" if signed else f"{100 * m:.1f}"
    return s if not math.isfinite(se) else f"{s} ± {100 * se:.1f}"


def _res(r: dict[str, Any], ply: int) -> float:
    return float(r["pred"][str(ply)]) - float(r["label"])


#: The splits of :func:`report`'s feature table: a name and a test on a row's features.
SPLITS: tuple[tuple[str, Callable[[dict[str, Any]], bool]], ...] = (
    ("pure race", lambda f: bool(f["race"])),
    ("mover has a pawn in the nest", lambda f: f["mover_nest"] > 0),
    ("an opponent has a pawn in the nest", lambda f: f["opp_nest"] > 0),
    ("mover has a pawn home", lambda f: f["mover_home"] > 0),
    ("mover has a pawn on the home path", lambda f: f["mover_path"] > 0),
    ("a blockade on the ring", lambda f: f["blockades"] > 0),
    ("an opponent's blockade within 12 ahead of the mover", lambda f: bool(f["blocked"])),
    ("mover can capture next throw", lambda f: f["capturable"] > 0),
    ("a mover's pawn under a shot", lambda f: f["exposed"] > 0),
    ("mover behind (lead < 0)", lambda f: f["lead"] < 0),
    ("|lead| ≥ 40 pips", lambda f: abs(f["lead"]) >= 40),
    ("doublets thrown this turn", lambda f: f["doubles"] > 0),
)


def summary(rows: Sequence[dict[str, Any]], ply: int) -> dict[str, Any]:
    """The figures of ``rows`` at ``ply`` (chances as fractions): ``n``, ``mae`` and
    ``bias`` (each ``(mean, se)``), ``worst10`` (:func:`worst_share` and its bootstrap
    se), the calibration ``slope`` of the label on the prediction (``(b, se, a)``), and
    ``floor`` (the noise floor: sqrt(2/pi) times the mean label se)."""
    res = [_res(r, ply) for r in rows]
    preds = [float(r["pred"][str(ply)]) for r in rows]
    labels = [float(r["label"]) for r in rows]
    ses = [float(r["label_se"]) for r in rows]
    return {
        "n": len(rows),
        "mae": mean_se([abs(e) for e in res]),
        "bias": mean_se(res),
        "worst10": (worst_share(res), bootstrap_se(res, worst_share)),
        "slope": slope(preds, labels),
        "floor": math.sqrt(2 / math.pi) * math.fsum(ses) / len(ses),
    }


#: The label bins of :func:`by_label` (the mover's chance, as fractions).
LABEL_BINS = (0.0, 0.1, 0.3, 0.7, 0.9, 1.0)


def relative(rows: Sequence[dict[str, Any]], ply: int) -> tuple[float, float]:
    """The mean relative error and its se: the absolute residual divided by
    ``sqrt(label * (1 - label))``, the standard deviation of a win-or-lose outcome of that
    chance (positions labelled exactly 0 or 1 left out). Flat across groups if the error
    only follows how uncertain the outcome is.

    >>> rows = [{"label": 0.5, "pred": {"1": 0.55}}, {"label": 0.1, "pred": {"1": 0.07}}]
    >>> m, se = relative(rows, 1)
    >>> round(m, 6), round(se, 6)
    (0.1, 0.0)
    """
    vals = [
        abs(_res(r, ply)) / math.sqrt(r["label"] * (1 - r["label"]))
        for r in rows
        if 0 < r["label"] < 1
    ]
    return mean_se(vals)


def by_label(
    rows: Sequence[dict[str, Any]], ply: int
) -> list[tuple[str, int, tuple[float, float], tuple[float, float]]]:
    """The positions by bin of their label (:data:`LABEL_BINS`, the last bin closed):
    ``(bin, n, MAE, bias)``, each figure ``(mean, se)``. A bin of the label, unlike one
    of the prediction, selects on the label's own noise: the bias of the end bins leans
    toward the middle by about the label's se (1 point here) even for a perfect network.

    >>> rows = [{"label": x, "pred": {"1": x + 0.01}} for x in (0.05, 0.06, 0.5, 0.95)]
    >>> [(b, n, round(m[0], 3)) for b, n, m, _ in by_label(rows, 1)][:3]
    [('0–0.1', 2, 0.01), ('0.1–0.3', 0, nan), ('0.3–0.7', 1, 0.01)]
    """
    out = []
    for lo, hi in pairwise(LABEL_BINS):
        last = hi == LABEL_BINS[-1]
        rs = [r for r in rows if lo <= r["label"] < hi or (last and r["label"] == hi)]
        errs = [_res(r, ply) for r in rs]
        out.append((f"{lo:g}–{hi:g}", len(rs), mean_se([abs(e) for e in errs]), mean_se(errs)))
    return out


def report(name: str, rows: Sequence[dict[str, Any]], plies: Sequence[int]) -> str:
    """One network's tables (points of win chance, ± standard error)."""
    lines = [f"### `{name}`", ""]
    lines += [
        "| positions | ply | n | MAE | bias | worst 10% share of the error | slope | noise floor |",
        "|---|---|---|---|---|---|---|---|",
    ]
    groups: list[tuple[str, list[dict[str, Any]]]] = [("all", list(rows))]
    groups += [(f"third {k + 1}", [r for r in rows if r["third"] == k]) for k in range(3)]
    groups += [(s, [r for r in rows if r["source"] == s]) for s in SOURCES]
    for ply in plies:
        for g, rs in groups:
            if len(rs) < 3:
                continue
            s = summary(rs, ply)
            b, bse, _ = s["slope"]
            w, wse = s["worst10"]
            lines.append(
                f"| {g} | {ply} | {s['n']} | {_pts(s['mae'])} | {_pts(s['bias'], True)} |"
                f" {100 * w:.0f}% ± {100 * wse:.0f} | {b:.2f} ± {bse:.2f} |"
                f" {100 * s['floor']:.1f} |"
            )
    ply = max(plies)
    lines += ["", f"By the label (the mover's chance), at {ply} ply:", ""]
    lines += ["| label | n | MAE | bias | relative error |", "|---|---|---|---|---|"]
    for (b, n, mae, bias), (lo, hi) in zip(by_label(rows, ply), pairwise(LABEL_BINS), strict=True):
        last = hi == LABEL_BINS[-1]
        rs = [r for r in rows if lo <= r["label"] < hi or (last and r["label"] == hi)]
        lines.append(
            f"| {b} | {n} | {_pts(mae)} | {_pts(bias, True)} | {_pts(relative(rs, ply))} |"
        )
    late = [r for r in rows if r["third"]]
    for title, subset in (("", list(rows)), (", thirds 2 and 3 only", late)):
        if subset:
            lines += ["", *feature_table(subset, ply, title)]
    lines += ["", f"The residual against the race lead, at {ply} ply (points a 100 pips):", ""]
    lines += ["| positions | n | slope | intercept |", "|---|---|---|---|"]
    for g, rs in groups[:4]:
        if len(rs) < 3:
            continue
        b, bse, a = slope([r["features"]["lead"] / 100 for r in rs], [_res(r, ply) for r in rs])
        lines.append(f"| {g} | {len(rs)} | {_pts((b, bse), True)} | {_pts((a, math.inf), True)} |")
    return "\n".join(lines)


def feature_table(rows: Sequence[dict[str, Any]], ply: int, title: str = "") -> list[str]:
    """The lines of the table of :data:`SPLITS`: for each feature, the MAE and bias of the
    positions with it and without it (``(mean, se)``, in points), how many of the worst
    tenth of ``rows`` (by absolute residual, ties included) have it, and the
    :func:`relative` error with and without it (in hundredths of the outcome's sd)."""
    lines = [
        f"By feature, at {ply} ply{title}: the positions with the feature, then without it:",
        "",
        "| feature | n with | MAE with | bias with | n without | MAE without | bias without"
        " | in the worst 10% | relative error with | without |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    res = [abs(_res(r, ply)) for r in rows]
    cut = sorted(res, reverse=True)[max(1, round(0.1 * len(rows))) - 1]
    worst = [r for r in rows if abs(_res(r, ply)) >= cut]
    for label, test in SPLITS:
        yes = [r for r in rows if test(r["features"])]
        no = [r for r in rows if not test(r["features"])]
        k = sum(1 for r in worst if test(r["features"]))
        cells = []
        for rs in (yes, no):
            errs = [_res(r, ply) for r in rs]
            cells += [
                str(len(rs)),
                _pts(mean_se([abs(e) for e in errs])),
                _pts(mean_se(errs), True),
            ]
        rel = f"{_pts(relative(yes, ply))} | {_pts(relative(no, ply))}"
        lines.append(f"| {label} | {' | '.join(cells)} | {k} of {len(worst)} | {rel} |")
    return lines


def rows_for(labels: Path, nets: Sequence[str], plies: Sequence[int]) -> list[dict[str, Any]]:
    """Every shipped network's per-position rows: the label row, the predictions at
    ``plies`` (by ply as text), the residual at each ply and :func:`features`."""
    args = argparse.Namespace(seed=33, rollouts=2000, rollout_seed=PER_POSITION, per_third=20)
    out: list[dict[str, Any]] = []
    for entry in shipped(list(nets)):
        got = on_file(entry, args, labels, list(SOURCES))
        if not got:
            raise PachisiError(f"{entry.name}: no label on file for sha {entry.sha}")
        for r in figures(entry, got, plies):
            pred = {str(k): v for k, v in r["pred"].items()}
            out.append(
                {
                    **r,
                    "sha": entry.sha,
                    "pred": pred,
                    "residual": {k: v - r["label"] for k, v in pred.items()},
                    "features": features(Position.from_text(r["position"])),
                }
            )
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0, or 2 with a one-line error."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--labels", default="docs/experiments/data/net-labels.jsonl")
    p.add_argument("--nets", default=",".join(NETS), help="shipped weights files, by name")
    p.add_argument("--plies", default="1", help="the network's plies (0 to 2; default 1)")
    p.add_argument("--json", help="write the per-position rows to this file")
    p.add_argument("--from-json", help="read the per-position rows from this file instead")
    p.add_argument("--markdown", help="write the tables to this file")
    args = p.parse_args(sys.argv[1:] if argv is None else argv)
    try:
        plies = sorted({int(x) for x in args.plies.split(",")})
        if not set(plies) <= {0, 1, 2}:
            raise PachisiError("--plies: numbers 0 to 2")
        if args.from_json:
            rows = json.loads(Path(args.from_json).read_text())
            plies = sorted({int(k) for k in rows[0]["pred"]}) if rows else plies
        else:
            rows = rows_for(Path(args.labels), args.nets.split(","), plies)
    except (PachisiError, ValueError, OSError, KeyError) as e:
        print(f"net_residuals: {e}", file=sys.stderr)
        return 2
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=0) + "\n")
    names = list(dict.fromkeys(r["net"] for r in rows))
    text = "\n\n".join(report(n, [r for r in rows if r["net"] == n], plies) for n in names)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
