"""Paired comparison of M against the shipped network, each against its own labels.

Reads /tmp/declM/preds-M.json and preds-S.json (net_tables.py --json); pairs the rows
with the same key (less the sha) and the same position; prints points of win chance.
Optional argument: the sources to keep (e.g. greedy,expectimax). The environment's
PAIRED_NEW and PAIRED_OLD, if set, name other files in place of preds-M.json and
preds-S.json ("M" in the output is then the new file, "S" the old one).
"""

import json
import math
import os
import sys

ONLY = None if len(sys.argv) < 2 else sys.argv[1].split(",")
with open(os.environ.get("PAIRED_NEW", "/tmp/declM/preds-M.json")) as f:
    M = json.load(f)
with open(os.environ.get("PAIRED_OLD", "/tmp/declM/preds-S.json")) as f:
    S = json.load(f)


def tail(r):
    return r["key"].split(":", 1)[1]


m = {tail(r): r for r in M}
s = {tail(r): r for r in S}
common = sorted(
    k
    for k in set(m) & set(s)
    if m[k]["position"] == s[k]["position"] and (ONLY is None or m[k]["source"] in ONLY)
)
print(f"M rows {len(m)}, shipped rows {len(s)}, paired {len(common)}")


def ms(xs):
    n = len(xs)
    mu = sum(xs) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1)) if n > 1 else float("nan")
    return f"{100 * mu:+.2f} ± {100 * sd / math.sqrt(n):.2f}"


groups = [("all", common)] + [
    (f"third {k + 1}", [c for c in common if m[c]["third"] == k]) for k in range(3)
]
for ply in ["0", "1", "2"]:
    print(f"\n## ply {ply}")
    print(
        "| group | n | MAE M (own) | MAE S (own) | paired dMAE | paired dbias | bias M"
        " | bias S | M vs S labels: MAE | dMAE vs S on S labels |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for g, ks in groups:
        eM = [abs(m[k]["pred"][ply] - m[k]["label"]) for k in ks]
        eS = [abs(s[k]["pred"][ply] - s[k]["label"]) for k in ks]
        sM = [m[k]["pred"][ply] - m[k]["label"] for k in ks]
        sS = [s[k]["pred"][ply] - s[k]["label"] for k in ks]
        eMS = [abs(m[k]["pred"][ply] - s[k]["label"]) for k in ks]

        def mae(e):
            return f"{100 * sum(e) / len(e):.2f}"

        d_abs = [a - b for a, b in zip(eM, eS, strict=False)]
        d_err = [a - b for a, b in zip(sM, sS, strict=False)]
        d_on_s = [a - b for a, b in zip(eMS, eS, strict=False)]
        print(
            f"| {g} | {len(ks)} | {mae(eM)} | {mae(eS)} | {ms(d_abs)} | {ms(d_err)}"
            f" | {ms(sM)} | {ms(sS)} | {mae(eMS)} | {ms(d_on_s)} |"
        )
print("\n## labels: M's player less the shipped player's (mover's chance)")
for g, ks in groups:
    d = [m[k]["label"] - s[k]["label"] for k in ks]
    se_m = 100 * sum(m[k]["label_se"] for k in ks) / len(ks)
    print(
        f"{g}: n {len(ks)}, mean {ms(d)}, mean |d| {100 * sum(map(abs, d)) / len(d):.2f},"
        f" label se M {se_m:.2f}"
    )
