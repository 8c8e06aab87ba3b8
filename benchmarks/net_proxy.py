"""A quick ranking of candidate networks: their error against labels made for another one.

``benchmarks/net_tables.py`` measures a network against its *own* player's
rollouts, which costs minutes to an hour a network. To choose among several
candidates of the same set-up first, this script scores each against the
labels already on file for another network of that set-up (the same
held-out positions; labels of that network's player): an approximate
ranking, never a figure for the docs (those come from ``net_tables.py``).
It prints one table row per candidate (``net_tables.summary``'s columns) and,
with ``--pick``, the file with the lowest worst-third MAE at ply 0. With
``--paired``, a second table: each later file's change against the first,
position by position (the mean difference of the absolute errors, and of
the errors, ± standard error), at each ply, overall and by third; with
``--mse`` also the mean difference of the squared errors (ΔMSE, points
squared: the labels' noise adds the same variance to both squared errors,
so it cancels from the mean difference and only widens its standard
error). ``--rmse``: each network's noise-corrected RMSE
(``net_tables.corrected_rmse``) at each ply, overall and by third.
``--bias``: each network's side-to-move bias (mean of predicted minus label)
at each ply, two decimals ± standard error, its 95% interval and the
verdict of parcheesi-bias-large-n-33.md ("shown under 0.5" if the interval
lies inside (−0.5, +0.5) points, "shown over" if wholly outside, else "not
decided"). ``--key-prefix``: only the labels whose key starts with it (a file holding
several set-ups' labels). ``--json FILE``: every position's row, in the form of
``net_tables.py --json`` (the label, ``pred`` by ply), each with ``file`` (the
weights file it is of): with one network named, a file that the judgement
scripts reading ``net_tables.py --json`` read as they would a network's own.
The labels' key names the network that rolled out; any network of the same
set-up is scored against them.

Usage::

    python benchmarks/net_proxy.py --labels docs/experiments/data/net-labels-4p-33.jsonl \\
        a.json b.json c.json [--pick] [--paired]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import net_tables as tables

from pachisi.position import Position


def _pts2(x: tuple[float, float]) -> str:
    """A paired change in points, two decimals (its standard error is a tenth of a point)."""
    return f"{100 * x[0]:+.2f} ± {100 * x[1]:.2f}"


def _sq2(x: tuple[float, float]) -> str:
    """A paired change of squared error in points squared, two decimals."""
    return f"{1e4 * x[0]:+.2f} ± {1e4 * x[1]:.2f}"


def paired(
    names: Sequence[str],
    panels: Sequence[Sequence[dict[str, Any]]],
    plies: Sequence[int],
    mse: bool = False,
) -> str:
    """Each later network's change against the first, position by position: the mean
    difference of the absolute errors (ΔMAE) and of the errors (Δbias), ± standard error,
    in points of win chance (two decimals), overall and by third; with ``mse`` also of the
    squared errors (ΔMSE, points squared)."""
    head = "| network | positions | n |"
    rule = "|---|---|---|"
    for ply in plies:
        head += f" ΔMAE {ply} ply | Δbias {ply} ply |"
        rule += "---|---|"
        if mse:
            head += f" ΔMSE {ply} ply (pt²) |"
            rule += "---|"
    lines = [f"Change against `{Path(names[0]).name}`, paired by position:", "", head, rule]
    base = panels[0]
    for name, rows in zip(names[1:], panels[1:], strict=True):
        for label, k in (("all", None), ("third 1", 0), ("third 2", 1), ("third 3", 2)):
            pairs = [
                (a, b) for a, b in zip(base, rows, strict=True) if k is None or a["third"] == k
            ]
            line = f"| `{Path(name).name}` | {label} | {len(pairs)} |"
            for ply in plies:
                d_abs = [
                    abs(b["pred"][ply] - b["label"]) - abs(a["pred"][ply] - a["label"])
                    for a, b in pairs
                ]
                d_err = [b["pred"][ply] - a["pred"][ply] for a, b in pairs]
                line += f" {_pts2(tables.mean_se(d_abs))} | {_pts2(tables.mean_se(d_err))} |"
                if mse:
                    d_sq = [
                        (b["pred"][ply] - b["label"]) ** 2 - (a["pred"][ply] - a["label"]) ** 2
                        for a, b in pairs
                    ]
                    line += f" {_sq2(tables.mean_se(d_sq))} |"
            lines.append(line)
    return "\n".join(lines)


def bias_verdict(b: float, se: float) -> str:
    """The bias rule of parcheesi-bias-large-n-33.md, in points.

    >>> bias_verdict(0.36, 0.08), bias_verdict(0.1, 0.1), bias_verdict(-0.8, 0.1)
    ('not decided', 'shown under 0.5', 'shown over')
    """
    lo, hi = b - 1.96 * se, b + 1.96 * se
    if lo > -0.5 and hi < 0.5:
        return "shown under 0.5"
    if lo > 0.5 or hi < -0.5:
        return "shown over"
    return "not decided"


def bias_table(
    names: Sequence[str], panels: Sequence[Sequence[dict[str, Any]]], plies: Sequence[int]
) -> str:
    """Each network's bias at each ply (points, two decimals), its 95% interval and the
    verdict of :func:`bias_verdict`."""
    lines = ["| network | ply | n | bias | 95% interval | verdict |", "|---|---|---|---|---|---|"]
    for name, rows in zip(names, panels, strict=True):
        for ply in plies:
            m, se = tables.mean_se([r["pred"][ply] - r["label"] for r in rows])
            b, s = 100 * m, 100 * se
            lines.append(
                f"| `{Path(name).name}` | {ply} | {len(rows)} | {b:+.2f} ± {s:.2f} |"
                f" {b - 1.96 * s:+.2f} to {b + 1.96 * s:+.2f} | {bias_verdict(b, s)} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0, or 2 with a one-line error."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("nets", nargs="+", help="weights files of one set-up")
    p.add_argument("--labels", required=True, help="a label file of net_tables.py")
    p.add_argument("--plies", default="0", help="plies (default 0)")
    p.add_argument("--pick", action="store_true", help="print the best file last")
    p.add_argument(
        "--paired", action="store_true", help="also each file's change against the first"
    )
    p.add_argument("--mse", action="store_true", help="with --paired: also the change of MSE")
    p.add_argument("--rmse", action="store_true", help="also each file's noise-corrected RMSE")
    p.add_argument("--bias", action="store_true", help="also each file's bias and verdict")
    p.add_argument("--key-prefix", default="", help="only the labels whose key starts so")
    p.add_argument("--json", help="write every position's row (net_tables.py --json's form)")
    args = p.parse_args(argv)
    plies = sorted({int(x) for x in args.plies.split(",")})
    rows = [
        r
        for r in tables.read_labels(Path(args.labels)).values()
        if r["key"].startswith(args.key_prefix)
    ]
    if not rows:
        print(f"net_proxy: no labels in {args.labels}", file=sys.stderr)
        return 2
    panels = []
    for name in args.nets:
        entry = tables.from_file(name)
        if entry.setup.to_fields() != Position.from_text(rows[0]["position"]).setup.to_fields():
            print(f"net_proxy: {name} is for another set-up than the labels", file=sys.stderr)
            return 2
        panels.append((entry, tables.figures(entry, rows, plies)))
    print(tables.summary(panels, plies))
    if args.json:
        dump = [
            {**r, "file": name, "pred": {str(k): v for k, v in r["pred"].items()}}
            for name, (_, rs) in zip(args.nets, panels, strict=True)
            for r in rs
        ]
        Path(args.json).write_text(json.dumps(dump))
    if args.rmse:
        for name, (_, rs) in zip(args.nets, panels, strict=True):
            print()
            print(f"`{Path(name).name}`, noise-corrected RMSE:")
            print()
            print(tables.noise_table(rs, plies))
    if args.bias:
        print()
        print(bias_table(args.nets, [rs for _, rs in panels], plies))
    if args.paired and len(panels) > 1:
        print()
        print(paired(args.nets, [rs for _, rs in panels], plies, args.mse))
    if args.pick:

        def worst(rs: list[dict[str, object]]) -> float:
            return max(
                tables.cell([r for r in rs if r["third"] == k], [0]).mae[0][0] for k in range(3)
            )

        best = min(zip(args.nets, (rs for _, rs in panels), strict=True), key=lambda x: worst(x[1]))
        print(f"best: {best[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
