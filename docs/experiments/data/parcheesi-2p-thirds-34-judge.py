"""The declared judgement of docs/experiments/parcheesi-2p-thirds-large-33.md, from preds.json.

Usage: judge.py preds.json [PLIES] (PLIES comma-separated, default 0,1; the rule is the same
at every ply).
"""
import json, math, sys
rows = json.load(open(sys.argv[1]))
def stats(xs):
    n = len(xs); m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return n, m, sd / math.sqrt(n)
for ply in (sys.argv[2] if len(sys.argv) > 2 else "0,1").split(","):
    print(f"ply {ply}")
    for name, sel in (("all", lambda r: True), ("third 1", lambda r: r["third"] == 0),
                      ("third 2", lambda r: r["third"] == 1), ("third 3", lambda r: r["third"] == 2)):
        rs = [r for r in rows if sel(r)]
        if not rs:  # a file of some thirds only (net_tables.py --thirds)
            print(f"  {name:8} n=   0")
            continue
        n, mae, se = stats([100 * abs(r["pred"][ply] - r["label"]) for r in rs])
        lo, hi = mae - 1.96 * se, mae + 1.96 * se
        v = "met and shown" if hi <= 2.5 else "missed and shown" if lo > 2.5 else "not decided"
        _, b, bse = stats([100 * (r["pred"][ply] - r["label"]) for r in rs])
        blo, bhi = b - 1.96 * bse, b + 1.96 * bse
        bv = "shown under 0.5" if -0.5 < blo and bhi < 0.5 else "not shown"
        print(f"  {name:8} n={n:4} MAE {mae:.2f} ± {se:.2f} [{lo:.2f}, {hi:.2f}] {v}; "
              f"bias {b:+.2f} ± {bse:.2f} [{blo:+.2f}, {bhi:+.2f}] {bv}")
