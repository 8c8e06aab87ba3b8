"""Race tables: state counts, build times, file sizes and query times (docs/analysis.md).

    PYTHONPATH=src python benchmarks/race_tables.py [--rulesets pagade,parcheesi,whitman]

Builds every single-colour one-sided table from scratch into a temporary cache
directory (CPU time measured with ``time.process_time``), reads it back, and
times race values of a few positions, first (solving on demand where needed) and
again (cached). Prints one line per figure.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rulesets", default="pagade,parcheesi,whitman")
    args = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="race-bench-")
    os.environ["PACHISI_CACHE"] = tmp
    from pachisi import Position, race

    for ruleset in args.rulesets.split(","):
        t = time.process_time()
        table = race.build_table(ruleset, progress=lambda f: None)
        built = time.process_time() - t
        files = list(Path(tmp).glob(f"race-{ruleset}-*"))
        size = sum(f.stat().st_size for f in files)
        race._TABLES.clear()
        t = time.process_time()
        again = race.build_table(ruleset)
        read = time.process_time() - t
        assert len(again.states) == len(table.states)
        print(
            f"{ruleset}: {len(table.states)} one-sided states, built in {built:.1f} s CPU"
            f" ({table.sweeps} sweeps), file {size / 1e6:.2f} MB, read back in {read:.2f} s"
        )
    samples = [
        "pagade r,b,y,g - r:77.78.80.84,b:79.81.84.84,y:77.77.77.77,g:83.84.84.84 0 0 1111 - -",
        "pagade ry,bg - r:77.78.84.84,b:79.82.84.84,y:84.84.84.81,g:84.84.84.84 1 0 11 - -",
        "parcheesi r,y - r:65.66.70.72,y:68.69.71.72 0 0 - - -",
        "parcheesi r,g,y,b - r:65.66.70.72,g:68.69.71.72,y:67.67.72.72,b:66.70.71.71 0 0 - - -",
        "parcheesi r,y - r:30.68.72.72,y:66.70.71.72 1 0 - - -",
        "whitman r,y - r:65.66.70.72,y:68.69.71.72 0 0 - - -",
        "eight-man Ry,Bg - r:70.72.72.72,y:69.71.72.72,b:72.72.72.72,g:66.68.72.72 0 0 - - -",
    ]
    for text in samples:
        pos = Position.from_text(text)
        if pos.ruleset not in args.rulesets.split(",") and pos.ruleset != "eight-man":
            continue
        t = time.process_time()
        v = race.race_value(pos)
        first = time.process_time() - t
        t = time.process_time()
        race.race_value(pos)
        second = time.process_time() - t
        assert v is not None
        shown = ", ".join(f"{c:.4f}" for c in v.chances)
        print(
            f"{text}: chances {shown}, error bound {v.error:.1e};"
            f" {first:.3f} s first, {second:.3f} s again"
        )


if __name__ == "__main__":
    main()
