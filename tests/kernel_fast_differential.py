"""Differential check of the playouts' fast enumerator against the clear engine.

For random positions of random games (every ruleset, set-up and random rule
switches: tests/reference/differential.py) and built positions aimed at the
rarest rules (tests/reference/built.py: third doublets, Eight-Man's A/B/C,
bonus chains, blockades, Pagade pairs...), the set of positions that
:func:`pachisi._accel.fast_outcomes` gives must equal the set of positions of
the pure engine's :func:`pachisi.legal_plays`.

Run as a script for a long check:

    python tests/kernel_fast_differential.py SECONDS [SEED]

``--all-out-doublets`` instead compares on built doublets with every pawn of
the mover out of the nest only (:func:`run_all_out`), ``--pair-throws`` on
built throws of two different numbers whose moves meet (:func:`run_pairs`).

The test suite runs a short, seeded share (tests/test_kernel_fast.py).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, NoReturn

sys.path.insert(0, str(Path(__file__).parent / "reference"))

from built import family_all_out_doublet, family_pair_throw, sample_built
from differential import _valid, sample_positions

from pachisi import Position, _accel, legal_plays


def reference(pos: Position, throw: tuple[int, int]) -> set[Position]:
    """The positions of the pure engine's plays."""
    with _accel.pure():
        return {p.position for p in legal_plays(pos, throw)}


def compare(pos: Position, throw: tuple[int, int], module: ModuleType) -> str | None:
    """None if the fast enumerator's records are the reference's positions, one each.

    The playout draws uniformly among the records left once a withheld twin
    (a record whose extra throw the mover's finishing withholds, §3.5) is
    dropped, so those records must be exactly the distinct results of the
    clear engine, none twice: a repeated record would weigh its result double.
    """
    records = _accel.fast_records(pos, throw, module)
    plain = [after for after, withheld in records if not withheld]
    twins = [after for after, withheld in records if withheld]
    want = reference(pos, throw)
    got = set(plain) | set(twins)
    # A withheld twin of a plain record is dropped by the playout (same pawns and cut): so
    # no repeats among the plain records nor among the withheld ones, and the same set.
    if got == want and len(plain) == len(set(plain)) and len(twins) == len(set(twins)):
        return None
    return (
        f"{pos.to_text()} throw {throw}: fast {len(records)} records "
        f"({len(plain)} plain, {len(twins)} withheld), {len(got)} distinct; "
        f"reference {len(want)}; only fast: {[p.to_text() for p in got - want][:2]}; "
        f"only reference: {[p.to_text() for p in want - got][:2]}"
    )


def run(
    module: ModuleType, seconds: float, seed: int, limit: int | None = None, built: float = 0.3
) -> tuple[Counter[str], list[str]]:
    """Compare on random (and a share ``built`` of built) positions; counts and failures.

    ``limit`` throws exactly when given, else as many as ``seconds`` of CPU time allow.
    """
    rng = random.Random(seed)
    games = sample_positions(random.Random(seed + 1))
    shaped = sample_built(random.Random(seed + 2), _valid)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    deadline = time.process_time() + seconds
    n = 0
    # a given limit is the size of the check, whatever the time it takes (the tests);
    # without one, the check runs for ``seconds`` of CPU time (the script)
    while (n < limit) if limit is not None else (time.process_time() < deadline):
        if rng.random() < built:
            d, throw, tag = next(shaped)
            pos = Position.from_dict(d)
            source = f"built:{tag}"
        else:
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
        problem = compare(pos, throw, module)
        if problem is not None:
            failures.append(problem)
    counts["total"] = n
    return counts, failures


def _seconds(text: str) -> float:
    """A run's length: a positive number of seconds."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value < math.inf:
        raise argparse.ArgumentTypeError(f"a positive number of seconds, not {text!r}")
    return value


def _seed(text: str) -> int:
    """A seed: a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block, no traceback)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def parser(doc: str | None) -> argparse.ArgumentParser:
    """The differential scripts' command line, ``SECONDS [SEED]`` (both optional; ``doc``,
    the script's docstring, is its ``--help``); a script may add arguments after them."""
    p = _Parser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument(
        "seconds",
        metavar="SECONDS",
        type=_seconds,
        nargs="?",
        default=60.0,
        help="how long to compare (default 60)",
    )
    p.add_argument(
        "seed", metavar="SEED", type=_seed, nargs="?", default=1, help="the seed (default 1)"
    )
    return p


def command(
    argv: list[str],
    run: Callable[[ModuleType, float, int], tuple[Counter[str], list[str]]],
    doc: str | None = None,
) -> int:
    """A differential script's command line (:func:`parser`, ``doc`` its ``--help``), then
    ``run``'s counts and mismatches (this one's, and tests/kernel_turn_differential.py's)."""
    args = parser(doc).parse_args(argv)
    module = _accel.kernel_module()
    if module is None:
        print("the kernel is not compiled here")
        return 1
    counts, failures = run(module, args.seconds, args.seed)
    for name, k in sorted(counts.items()):
        print(f"{name:32} {k:>9,}")
    for f in failures[:10]:
        print("MISMATCH", f)
    print(f"{len(failures)} mismatches in {counts['total']:,} throws")
    return 1 if failures else 0


def _run_built(
    module: ModuleType,
    seconds: float,
    seed: int,
    limit: int | None,
    build: Callable[[random.Random], tuple[dict[str, Any], tuple[int, int], Any]],
    tally: Callable[[Counter[str], Position, tuple[int, int], dict[str, Any]], None],
) -> tuple[Counter[str], list[str]]:
    """Compare on built positions (``build(rng)``: a position's dict, its throw, ...) for
    ``seconds`` of CPU, or ``limit`` positions; ``tally`` counts each compared position by
    kind. Counts and failures, as :func:`run`."""
    rng = random.Random(seed)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    deadline = time.process_time() + seconds
    while (counts["total"] < limit) if limit is not None else (time.process_time() < deadline):
        d, throw, _ = build(rng)
        if not _valid(d):
            continue
        pos = Position.from_dict(d)
        if pos.is_decided:
            continue
        counts["total"] += 1
        tally(counts, pos, throw, d)
        problem = compare(pos, throw, module)
        if problem is not None:
            failures.append(problem)
    return counts, failures


def _tally_all_out(
    counts: Counter[str], pos: Position, throw: tuple[int, int], d: dict[str, Any]
) -> None:
    """A built doublet counted by the mover's colours and groups of pawns more than 14
    apart (``Kernel._f_split``)."""
    mover = pos.setup.players[pos.to_move]
    ps = sorted(p for c in mover for p in pos.pawns[c] if 1 <= p <= 71)
    groups = sum(1 for i, p in enumerate(ps) if i == 0 or p - ps[i - 1] > 14)
    counts[f"{len(mover)} colour(s), {groups} group(s)"] += 1


def run_all_out(
    module: ModuleType, seconds: float, seed: int, limit: int | None = None
) -> tuple[Counter[str], list[str]]:
    """Compare on built doublets with every pawn of the mover out (tests/reference/built.py's
    ``family_all_out_doublet``); counts by the mover's colours and groups of pawns more
    than 14 apart (``Kernel._f_split``) and failures, as :func:`run`."""
    return _run_built(module, seconds, seed, limit, family_all_out_doublet, _tally_all_out)


def _meet(pos: Position, throw: tuple[int, int]) -> bool:
    """Whether a move of one number ends, or starts, where a move of another pawn with
    the other number passes or lands (the mover's progress numbers, one colour)."""
    ps = [p for p in pos.pawns[pos.setup.players[pos.to_move][0]] if 1 <= p <= 71]
    for i, p in enumerate(ps):
        for j, q in enumerate(ps):
            if i != j:
                for a, b in (throw, throw[::-1]):
                    if p + a <= 72 and q + b <= 72 and (q < p <= q + b or q < p + a <= q + b):
                        return True
    return False


def _tally_pairs(
    counts: Counter[str], pos: Position, throw: tuple[int, int], d: dict[str, Any]
) -> None:
    """A built throw of two numbers counted where ``Kernel._f_pair_set`` explores it
    ("hops"): whose moves meet, with a pawn to enter, with a capture or a pawn reaching HOME
    in a result."""
    if d["options"]["sum_move"] != "hops":
        return
    counts["pair path"] += 1
    counts["pair path: moves meet"] += _meet(pos, throw)
    mine = pos.pawns[pos.setup.players[pos.to_move][0]]
    counts["pair path: to enter"] += 0 in mine and (5 in throw or sum(throw) == 5)
    nest = sum(ps.count(0) for ps in pos.pawns)
    after = reference(pos, throw)
    counts["pair path: capture"] += any(sum(ps.count(0) for ps in p.pawns) > nest for p in after)
    home = mine.count(72)
    counts["pair path: HOME"] += any(
        p.pawns[pos.setup.players[pos.to_move][0]].count(72) > home for p in after
    )


def run_pairs(
    module: ModuleType, seconds: float, seed: int, limit: int | None = None
) -> tuple[Counter[str], list[str]]:
    """Compare on built throws of two different numbers (tests/reference/built.py's
    ``family_pair_throw``); counts (one-colour movers with "hops", whose throws
    ``Kernel._f_pair_set`` explores; of them, those whose moves meet, with a pawn to
    enter, with a capture or a pawn reaching HOME in a result) and failures, as
    :func:`run`."""
    return _run_built(module, seconds, seed, limit, family_pair_throw, _tally_pairs)


def main(argv: list[str]) -> int:
    """The command: ``SECONDS [SEED]`` (see the module docstring), or with
    ``--all-out-doublets`` the built doublets of :func:`run_all_out` only, with
    ``--pair-throws`` the built throws of :func:`run_pairs` only."""
    if "--all-out-doublets" in argv:
        return command([a for a in argv if a != "--all-out-doublets"], run_all_out, __doc__)
    if "--pair-throws" in argv:
        return command([a for a in argv if a != "--pair-throws"], run_pairs, __doc__)
    return command(argv, run, __doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
