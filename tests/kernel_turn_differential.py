"""Differential check of the kernel's step graph (``Turn``) against the clear engine's.

For random positions of random games (every ruleset, set-up and random rule
switches: tests/reference/differential.py) and built positions aimed at the
rarest rules (tests/reference/built.py: third doublets, Eight-Man's A/B/C,
bonus chains, blockades, Pagade pairs...), a :class:`pachisi.Turn` on the
kernel's graph (:func:`pachisi._accel.turn_graph`) and one on the clear
engine's are walked side by side. At every point visited they must give the
same legal steps (equal :class:`~pachisi.moves.Action` values, variants
included, in the same order), the same pending bonuses, current pawns and
completeness, and once complete the same result and play. The walk visits
every point of a throw's step tree while it is small (up to ``EXHAUSTIVE``
points), and otherwise random paths down it with pops and pushes of other
steps on the way (``WALKS`` of them); every complete play's result must be
one of :func:`pachisi.legal_plays`'s positions.

Run as a script for a long check:

    python tests/kernel_turn_differential.py SECONDS [SEED]

The test suite runs a short, seeded share (tests/test_kernel_turn.py).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).parent / "reference"))

from built import sample_built
from differential import _valid, sample_positions

from kernel_fast_differential import command
from pachisi import Position, Turn, _accel, legal_plays
from pachisi.moves import _clear_turn, _kernel_turn

#: Step trees up to this many points are walked whole; larger ones by random paths.
EXHAUSTIVE = 400
#: Random paths down a larger tree.
WALKS = 6


class Mismatch(Exception):
    """The two turns disagree (the message says where)."""


def _same_point(kern: Turn, clear: Turn, where: str) -> list[int]:
    """Compare the two turns at their current point; the indices of the legal steps."""
    got, want = kern.legal_steps(), clear.legal_steps()
    if got != want:
        raise Mismatch(f"{where}: legal steps {got} != {want}")
    if kern.is_complete != clear.is_complete:
        raise Mismatch(f"{where}: is_complete {kern.is_complete} != {clear.is_complete}")
    if kern.pending_bonuses != clear.pending_bonuses:
        raise Mismatch(f"{where}: pending {kern.pending_bonuses} != {clear.pending_bonuses}")
    if kern.current_pawns != clear.current_pawns:
        raise Mismatch(f"{where}: pawns {kern.current_pawns} != {clear.current_pawns}")
    if kern.steps != clear.steps:
        raise Mismatch(f"{where}: steps {kern.steps} != {clear.steps}")
    if kern.is_complete:
        if want:
            raise Mismatch(f"{where}: complete with steps left")
        if kern.result() != clear.result():
            raise Mismatch(f"{where}: result {kern.result()} != {clear.result()}")
        if kern.play() != clear.play():
            raise Mismatch(f"{where}: play {kern.play()} != {clear.play()}")
    elif not want:
        raise Mismatch(f"{where}: not complete and no step left")
    return list(range(len(want)))


def _exhaustive(
    kern: Turn, clear: Turn, where: str, budget: list[int], ends: set[Position]
) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        return
    for i in _same_point(kern, clear, where):
        action = clear.legal_steps()[i]
        kern.push(kern.legal_steps()[i])
        clear.push(action)
        _exhaustive(kern, clear, where, budget, ends)
        if kern.pop() != clear.pop():
            raise Mismatch(f"{where}: pop")
    if kern.is_complete:
        ends.add(kern.result())


def _walk(kern: Turn, clear: Turn, where: str, rng: random.Random, ends: set[Position]) -> int:
    """One random path to the end, with a pop and another push now and then; points seen."""
    points = 0
    while True:
        legal = _same_point(kern, clear, where)
        points += 1
        if not legal:
            ends.add(kern.result())
            return points
        i = rng.choice(legal)
        kern.push(kern.legal_steps()[i])
        clear.push(clear.legal_steps()[i])
        if rng.random() < 0.3:
            if kern.pop() != clear.pop():
                raise Mismatch(f"{where}: pop")
            _same_point(kern, clear, where)
            points += 1
            i = rng.choice(legal)
            kern.push(kern.legal_steps()[i])
            clear.push(clear.legal_steps()[i])


def compare(pos: Position, throw: tuple[int, int], module: ModuleType, rng: random.Random) -> int:
    """Walk the two turns of ``throw`` side by side; the points compared. Raises Mismatch."""
    where = f"{pos.to_text()} throw {throw}"
    kern = _kernel_turn(pos, throw, module)
    clear = _clear_turn(pos, throw)
    ends: set[Position] = set()
    budget = [EXHAUSTIVE]
    _exhaustive(kern.copy(), clear.copy(), where, budget, ends)
    points = EXHAUSTIVE - max(budget[0], 0)
    if budget[0] < 0:
        for _ in range(WALKS):
            points += _walk(kern.copy(), clear.copy(), where, rng, ends)
    with _accel.pure():
        outcomes = {p.position for p in legal_plays(pos, throw)}
    if not ends <= outcomes:
        raise Mismatch(f"{where}: a complete turn's result is not among the plays")
    if budget[0] >= 0 and ends != outcomes:
        raise Mismatch(f"{where}: the whole step tree misses some plays")
    return points


def run(
    module: ModuleType,
    seconds: float,
    seed: int,
    limit: int | None = None,
    built: float = 0.3,
    every: int = 4,
) -> tuple[Counter[str], list[str]]:
    """Compare on random (and a share ``built`` of built) positions; counts and failures.

    ``limit`` throws exactly when given, else as many as ``seconds`` of CPU time allow.
    Of the random games' throws every ``every``-th is compared (more games, more set-ups).
    """
    rng = random.Random(seed)
    games = sample_positions(random.Random(seed + 1))
    shaped = sample_built(random.Random(seed + 2), _valid)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    deadline = time.process_time() + seconds
    n = 0
    while (n < limit) if limit is not None else (time.process_time() < deadline):
        if rng.random() < built:
            d, throw, tag = next(shaped)
            pos = Position.from_dict(d)
            source = f"built:{tag}"
        else:
            for _ in range(every):
                pos, throw = next(games)
            source = pos.ruleset
        if pos.is_decided:
            continue
        n += 1
        counts[source] += 1
        if pos.ruleset != "pagade" and throw[0] == throw[1]:
            counts["doublets"] += 1
            if pos.doubles == 2:
                counts["third doublets"] += 1
        try:
            counts["points"] += compare(pos, throw, module, rng)
        except Mismatch as e:
            failures.append(str(e))
    counts["total"] = n
    return counts, failures


def main(argv: list[str]) -> int:
    """The command: ``SECONDS [SEED]`` (see the module docstring)."""
    return command(argv, run, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
