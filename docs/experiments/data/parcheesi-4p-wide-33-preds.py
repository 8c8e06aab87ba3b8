"""Another network's predictions on the rows of a ``net_tables.py --json`` file.

For docs/experiments/parcheesi-4p-wide-33.md: the same labelled positions (of the
shipped network's player), each row's ``pred`` replaced by NET's values at plies 0
and 1 (``net_tables.figures``: the network alone), written to OUT in the same
format, so that parcheesi-2p-thirds-34-judge.py judges it; prints the paired
change of the absolute error (NET less the file's network), ± se, by third.

    python docs/experiments/data/parcheesi-4p-wide-33-preds.py PREDS.json NET.json OUT.json
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
import net_tables as tables

base = json.loads(Path(sys.argv[1]).read_text())
entry = tables.from_file(sys.argv[2])
rows = tables.figures(entry, base, [0, 1])
out = [{**r, "net": entry.name, "pred": {str(k): v for k, v in r["pred"].items()}} for r in rows]
Path(sys.argv[3]).write_text(json.dumps(out, indent=0) + "\n")
for ply in ("0", "1"):
    for name, k in (("all", None), ("third 1", 0), ("third 2", 1), ("third 3", 2)):
        d = [
            abs(b["pred"][ply] - b["label"]) - abs(a["pred"][ply] - a["label"])
            for a, b in zip(base, out, strict=True)
            if k is None or a["third"] == k
        ]
        m, se = tables.mean_se(d)
        print(f"ply {ply} {name:8} n={len(d):4} paired dMAE {100 * m:+.2f} ± {100 * se:.2f}")
