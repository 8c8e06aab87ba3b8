"""What ``legal_plays`` costs per outcome, read or not (issue 35: the lazy view).

On the positions and throws of seeded random games (18 games: six each of
four-player Parcheesi, four-player Pagade, two-player Parcheesi, at most
400 throws each), three ways of using the answer, in CPU time
(``time.process_time``), best of ``--repeat`` rounds, per outcome and per
throw:

* ``len only``: the plays counted, none read (what a caller that only
  needs the number, or one index to step with, pays before reading);
* ``one position``: one play's resulting position read (a random player or
  an environment stepping);
* ``every position``: every play's position read (a greedy player).

    PYTHONPATH=src python benchmarks/lazy_plays.py
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi import Position, dice_for, fast, legal_plays

SETS = (("parcheesi", 4), ("pagade", 4), ("parcheesi", 2))


def samples(games: int = 6, throws: int = 400) -> list[tuple[Position, tuple[int, int]]]:
    """The (position, throw) pairs of the seeded random games."""
    rng = random.Random(1)
    out: list[tuple[Position, tuple[int, int]]] = []
    for ruleset, players in SETS:
        faces = dice_for(ruleset).faces
        for _ in range(games):
            pos = Position.start(ruleset, players=players)
            for _ in range(throws):
                if pos.is_decided:
                    break
                throw = (rng.choice(faces), rng.choice(faces))
                out.append((pos, throw))
                plays = legal_plays(pos, throw)
                pos = plays[rng.randrange(len(plays))].position
    return out


def count(pos: Position, throw: tuple[int, int]) -> int:
    return len(legal_plays(pos, throw))


def one(pos: Position, throw: tuple[int, int]) -> int:
    plays = legal_plays(pos, throw)
    _ = plays[len(plays) // 2].position
    return len(plays)


def every(pos: Position, throw: tuple[int, int]) -> int:
    return len([p.position for p in legal_plays(pos, throw)])


WAYS: dict[str, Callable[[Position, tuple[int, int]], int]] = {
    "len only": count,
    "one position": one,
    "every position": every,
}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds (the best is shown)")
    args = parser.parse_args(argv)
    cases = samples()
    outcomes = sum(count(p, t) for p, t in cases)
    print(f"engine {fast.engine()}: {len(cases)} throws, {outcomes} outcomes")
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, way in WAYS.items():
            start = time.process_time()
            for pos, throw in cases:
                way(pos, throw)
            spent = time.process_time() - start
            best[name] = min(best.get(name, spent), spent)
    for name, spent in best.items():
        print(
            f"  {name:15s} {spent / outcomes * 1e6:5.2f} us/outcome"
            f"  {spent / len(cases) * 1e6:6.1f} us/throw"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
