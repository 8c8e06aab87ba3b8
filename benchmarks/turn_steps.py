"""What the kernel's step graph of one throw (``Turn``) costs (issue 35: one enumerator).

Builds the step graph (:func:`pachisi._accel.turn_graph`, the kernel's
``Kernel.turn_steps``) of every (position, throw) pair of the seeded random
games of ``benchmarks/lazy_plays.py`` (3,210 throws of four-player
Parcheesi, four-player Pagade and two-player Parcheesi) and of 400 throws
of seeded random Eight-Man games, and prints the CPU time per throw. For
the instruction count (docs/benchmarks.md):

    valgrind --tool=callgrind --toggle-collect='*turn_steps*' \\
        python benchmarks/turn_steps.py --once
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lazy_plays import samples

from pachisi import Position, _accel, dice_for, legal_plays


def eight_man(throws: int = 400) -> list[tuple[Position, tuple[int, int]]]:
    """(position, throw) pairs of seeded random Eight-Man games."""
    rng = random.Random(2)
    faces = dice_for("eight-man").faces
    out: list[tuple[Position, tuple[int, int]]] = []
    pos = start = Position.start("eight-man")
    while len(out) < throws:
        if pos.is_decided:
            pos = start
        throw = (rng.choice(faces), rng.choice(faces))
        out.append((pos, throw))
        plays = legal_plays(pos, throw)
        pos = plays[rng.randrange(len(plays))].position
    return out


def main(argv: list[str]) -> int:
    """``[--once]``: build every graph once (for callgrind), else time three rounds."""
    pairs = samples() + eight_man()
    rounds = 1 if "--once" in argv else 3
    for _ in range(rounds):
        t0 = time.process_time()
        for pos, throw in pairs:
            _accel.turn_graph(pos, throw)
        dt = time.process_time() - t0
        print(f"{len(pairs)} throws: {1e6 * dt / len(pairs):.1f} us per step graph")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
