"""CPU time of the kernel's fast enumerator by kind of throw (issue 35).

The first 6,000 throws of seed 2 of ``benchmarks/independent_throws.py``'s
random four-player Parcheesi games, by kind (the doublets with every pawn out
split into one group or several, ``Kernel._f_split``); each throw enumerated
``REPS`` times in a row (``Kernel.repeat_outcomes``), best of 3 passes:
nanoseconds per enumeration. Repeating a throw warms the branch predictor,
so these times are lower bounds of a playout's, where every throw is new::

    python benchmarks/enumeration_times.py 20
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import independent_throws as it

from pachisi import _accel


def main(reps: int) -> None:
    """Print the table (module docstring)."""
    module = _accel.kernel_module()
    if module is None:
        sys.exit("the compiled kernel is not installed")
    classes: dict[str, list[Any]] = {}
    for pos, throw in it.sample(6000, 2):
        k = it.kind(pos, throw)
        if k == "doublet, all out":
            k += "/split" if it.groups(pos) > 1 else "/whole"
        classes.setdefault(k, []).append((pos, throw))
    kern = module.Kernel()
    for k, lst in sorted(classes.items()):
        args = [
            (
                _accel._cfg(p.setup, p.to_move),
                (tuple(tuple(p.pawns[c]) for c in range(4)), p.doubles, 0),
                t,
            )
            for p, t in lst
        ]
        best = 1e9
        for _ in range(3):
            t0 = time.process_time()
            for cfg, st, t in args:
                kern.repeat_outcomes(cfg, st, t, reps)
            best = min(best, time.process_time() - t0)
        print(f"{k:28} {len(lst):5} {best / (len(lst) * reps) * 1e9:8.0f} ns/enumeration")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
