"""Differential check: the compiled kernel against the reference engine, play lists in order.

Plays random games of every ruleset, set-up and random rule switches (the
games of tests/reference/differential.py) and, at every throw, compares the
kernel's :func:`pachisi._accel.legal_plays` with the pure engine's
:func:`pachisi.legal_plays`: the same plays (actions, notation, resulting
position) in the same order.

Run as a script for a long check:

    python tests/kernel_differential.py SECONDS [SEED] [uncompiled]

(``uncompiled`` checks the kernel's source run as plain Python; it needs
Cython's shadow module). The test suite runs a short, seeded share
(tests/test_kernel.py).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).parent / "reference"))

from differential import sample_positions

from kernel_fast_differential import parser
from pachisi import Position, _accel, legal_plays


def reference(pos: Position, throw: tuple[int, int]) -> list[tuple[object, ...]]:
    """The pure engine's plays as comparable tuples."""
    with _accel.pure():
        return [(p.actions, p.notation, p.position) for p in legal_plays(pos, throw)]


def kernel(pos: Position, throw: tuple[int, int], module: ModuleType) -> list[tuple[object, ...]]:
    """The kernel's plays as comparable tuples."""
    plays = _accel.legal_plays(pos, throw, module)
    return [(p.actions, p.notation, p.position) for p in plays]


def kind(pos: Position, throw: tuple[int, int], plays: list[tuple[object, ...]]) -> str:
    """A coarse class of the case, to show what a run covered."""
    name = pos.ruleset
    if throw[0] == throw[1] and pos.ruleset != "pagade" and pos.doubles == 2:
        return f"{name} third doublet"
    notations = [str(p[1]) for p in plays]
    if any(n.startswith(("A:", "B:", "C:")) for n in notations):
        return f"{name} number sets A/B/C"
    if any("+" in n for n in notations):
        return f"{name} bonus"
    return name


def run(
    seconds: float, seed: int, module: ModuleType, limit: int | None = None
) -> tuple[int, list[str], Counter[str]]:
    """Compare at every throw for ``seconds`` (or ``limit`` comparisons).

    Returns the number of comparisons, the failures and the cases by class.
    """
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    checked = 0
    failures: list[str] = []
    kinds: Counter[str] = Counter()
    for pos, throw in sample_positions(rng):
        if time.monotonic() > deadline or (limit is not None and checked >= limit):
            break
        checked += 1
        want = reference(pos, throw)
        got = kernel(pos, throw, module)
        kinds[kind(pos, throw, want)] += 1
        if got != want:
            failures.append(
                f"{pos.to_text()} throw {throw}\n"
                f"  reference: {[w[1] for w in want]}\n  kernel:    {[g[1] for g in got]}"
            )
    return checked, failures, kinds


def main(argv: list[str]) -> int:
    """The command: ``SECONDS [SEED] [uncompiled]`` (see the module docstring)."""
    p = parser(__doc__)
    p.add_argument(
        "mode",
        metavar="uncompiled",
        nargs="?",
        choices=["uncompiled"],
        help="check the kernel's source run as plain Python",
    )
    args = p.parse_args(argv)
    module = _accel.kernel_module(args.mode != "uncompiled")
    if module is None:
        print("the kernel is not available (not compiled, or Cython missing)")
        return 2
    n, fails, kinds = run(args.seconds, args.seed, module)
    for f in fails[:20]:
        print("DIFF", f)
    for k, v in sorted(kinds.items()):
        print(f"  {k}: {v}")
    print(f"{n - len(fails)} identical, {len(fails)} different ({module.__name__})")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
