"""Paired comparison of a candidate against the shipped network, each against its own labels.

Usage: python parcheesi-4p-fit-33b-paired.py PREDS_C.json PREDS_S.json [SOURCES]
(net_tables.py --json files). Pairs the rows with the same key (less the sha) and the
same position; prints points of win chance. SOURCES (e.g. greedy,expectimax) keeps only
those sources. Written for docs/experiments/parcheesi-4p-fit-33b.md.
"""

import json
import math
import sys

with open(sys.argv[1]) as f:
    C = json.load(f)
with open(sys.argv[2]) as f:
    S = json.load(f)
ONLY = None if len(sys.argv) < 4 else sys.argv[3].split(",")


def tail(r):
    return r["key"].split(":", 1)[1]


m = {tail(r): r for r in C}
s = {tail(r): r for r in S}
common = sorted(
    k
    for k in set(m) & set(s)
    if m[k]["position"] == s[k]["position"] and (ONLY is None or m[k]["source"] in ONLY)
)
print(f"candidate rows {len(m)}, shipped rows {len(s)}, paired {len(common)}")


def ms(xs):
    n = len(xs)
    mu = sum(xs) / n
    sd = math.sqrt(sum((x - mu) ** 2 for x in xs) / (n - 1)) if n > 1 else float("nan")
    return f"{100 * mu:+.2f} ± {100 * sd / math.sqrt(n):.2f}"


groups = [("all", common)] + [
    (f"third {k + 1}", [c for c in common if m[c]["third"] == k]) for k in range(3)
]
plies = sorted(m[common[0]]["pred"]) if common else []
for ply in plies:
    print(f"\n## ply {ply}")
    print(
        "| group | n | MAE C (own) | MAE S (own) | paired dMAE | paired dbias | bias C | bias S |"
        " C vs S labels: MAE | dMAE vs S on S labels |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for g, ks in groups:
        if not ks:
            continue
        eC = [abs(m[k]["pred"][ply] - m[k]["label"]) for k in ks]
        eS = [abs(s[k]["pred"][ply] - s[k]["label"]) for k in ks]
        sC = [m[k]["pred"][ply] - m[k]["label"] for k in ks]
        sS = [s[k]["pred"][ply] - s[k]["label"] for k in ks]
        eCS = [abs(m[k]["pred"][ply] - s[k]["label"]) for k in ks]

        def mae(e):
            return f"{100 * sum(e) / len(e):.2f}"

        dm = [a - b for a, b in zip(eC, eS, strict=True)]
        db = [a - b for a, b in zip(sC, sS, strict=True)]
        dx = [a - b for a, b in zip(eCS, eS, strict=True)]
        print(
            f"| {g} | {len(ks)} | {mae(eC)} | {mae(eS)} | {ms(dm)} | {ms(db)} | {ms(sC)}"
            f" | {ms(sS)} | {mae(eCS)} | {ms(dx)} |"
        )
print("\n## labels: the candidate's player less the shipped player's (mover's chance)")
for g, ks in groups:
    if not ks:
        continue
    d = [m[k]["label"] - s[k]["label"] for k in ks]
    print(
        f"{g}: n {len(ks)}, mean {ms(d)}, mean |d| {100 * sum(map(abs, d)) / len(d):.2f},"
        f" label se C {100 * sum(m[k]['label_se'] for k in ks) / len(ks):.2f}"
    )
