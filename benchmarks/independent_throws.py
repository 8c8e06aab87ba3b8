"""Independent throws of random four-player Parcheesi (issue 35's spike; lab note
docs/experiments/kernel-independent-throws-35.md).

A throw is *independent* (a conservative, position-only test, :func:`independent`)
when no move of any order could interact with another: not a third doublet; no
pawn of the mover can enter (no 5 among the numbers, and a non-doublet's sum is
not 5) or the mover has none in the nest; none of the mover's pawns share a
square; and for every pawn on the board and every sum ``s`` of a sub-multiset of
the throw's numbers with ``p + s <= 72``: ``p + s`` is not HOME (no bonus), its
square holds no pawn (no capture, no blockade made, no landing blocked), no
square from ``p + 1`` to ``p + s`` holds a blockade (no passing depends on
order), and no two pawns of the mover can reach a common square (no blockade
made by two moves). Then the distinct outcomes should be exactly the
assignments of every number to a pawn that can take its total (``p + total <=
71``), when at least one assignment uses every number (else the throw is not
counted independent). :func:`combinatorial` builds that set.

    python benchmarks/independent_throws.py check N SEED
        classify N throws of seeded random games and compare, for the
        independent ones, the combinatorial set with the pure engine's plays
    python benchmarks/independent_throws.py shares N SEED
        the table of kinds: throws, share independent, mean distinct outcomes
    python benchmarks/independent_throws.py cost CLASS N SEED REPS
        enumerate (``Kernel.repeat_outcomes``, REPS times each) the throws of
        CLASS (``indep`` or ``other``, optionally ``:KIND``, then optionally
        ``/split`` or ``/whole``: the mover's pawns in two or more groups, or one,
        see ``groups``) among N sampled throws; for
        ``valgrind --tool=callgrind --toggle-collect='*repeat_outcomes*'``
"""

from __future__ import annotations

import itertools
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kernel_costs

from pachisi import Position, _accel, legal_plays
from pachisi.board import ring_square_of

HOME = 72
LAST = 71


def numbers(pos: Position, throw: tuple[int, int]) -> tuple[int, ...]:
    """The throw's number set (§5.2) for the player to move."""
    a, b = throw
    mine = [p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c]]
    if a == b and all(p != 0 for p in mine):
        return (a, a, 7 - a, 7 - a)
    return (a, b)


def sub_sums(nums: tuple[int, ...]) -> set[int]:
    """The sums of the non-empty sub-multisets of ``nums``."""
    out: set[int] = set()
    for k in range(1, len(nums) + 1):
        for combo in itertools.combinations(nums, k):
            out.add(sum(combo))
    return out


def kind(pos: Position, throw: tuple[int, int]) -> str:
    """The throw's kind: doublet with bottoms / tops only / third, or not, with nest or not."""
    a, b = throw
    mine = [p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c]]
    nest = any(p == 0 for p in mine)
    if a == b:
        if pos.doubles == 2:
            return "third doublet"
        return "doublet, pawns in nest" if nest else "doublet, all out"
    return "other, pawns in nest" if nest else "other, all out"


def independent(pos: Position, throw: tuple[int, int]) -> bool:
    """Whether the throw passes the conservative test of the module docstring."""
    return not reason(pos, throw)


def reason(pos: Position, throw: tuple[int, int]) -> str:
    """The first condition of the test that the throw fails; "" if it is independent."""
    a, b = throw
    if a == b and pos.doubles == 2:
        return "third doublet"
    colour = pos.setup.players[pos.to_move]
    if len(colour) != 1:
        return "team"
    me = colour[0]
    nums = numbers(pos, throw)
    mine = pos.pawns[me]
    if any(p == 0 for p in mine) and (5 in nums or (a != b and a + b == 5)):
        return "entering"
    occupied: Counter[int] = Counter()
    for c in pos.setup.colours_in_play:
        for p in pos.pawns[c]:
            if 1 <= p <= LAST:
                occupied[ring_square_of("parcheesi", c, p)] += 1
    if any(occupied[sq] > 1 for sq in own_squares(pos, me)):
        return "own pawn in a blockade"
    sums = sub_sums(nums)
    reach: list[set[int]] = []
    for p in mine:
        if not 1 <= p <= LAST:
            continue
        here: set[int] = set()
        for s in sums:
            t = p + s
            if t > HOME:
                continue
            if t == HOME:
                return "HOME reachable"
            sq = ring_square_of("parcheesi", me, t)
            if occupied[sq]:
                return "occupied landing square"
            here.add(sq)
        top = max((s for s in sums if p + s <= LAST), default=0)
        for t in range(p + 1, p + top + 1):
            if occupied[ring_square_of("parcheesi", me, t)] >= 2:
                return "blockade on a path"
        reach.append(here)
    for x, y in itertools.combinations(reach, 2):
        if x & y:
            return "two own pawns can meet"
    if combinatorial(pos, throw) is None:
        return "no full assignment"
    return ""


def own_squares(pos: Position, me: int) -> set[int]:
    """The squares of the mover's pawns on the board."""
    return {ring_square_of("parcheesi", me, p) for p in pos.pawns[me] if 1 <= p <= LAST}


def combinatorial(pos: Position, throw: tuple[int, int]) -> set[tuple[int, ...]] | None:
    """The mover's sorted pawns after every full assignment; None if no assignment is full."""
    me = pos.setup.players[pos.to_move][0]
    mine = pos.pawns[me]
    nums = numbers(pos, throw)
    movable = [i for i, p in enumerate(mine) if 1 <= p <= LAST]
    out: set[tuple[int, ...]] = set()
    for assign in itertools.product(movable, repeat=len(nums)):
        after = list(mine)
        for i, n in zip(assign, nums, strict=True):
            after[i] += n
        if all(q <= LAST for q in after):
            out.add(tuple(sorted(after)))
    return out or None


def sample(n: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` (position, throw) pairs from seeded random four-player Parcheesi games
    (``kernel_costs.sample``'s games)."""
    return kernel_costs.sample("parcheesi", n, random.Random(seed))


def reference(pos: Position, throw: tuple[int, int]) -> set[tuple[int, ...]] | None:
    """The mover's sorted pawns of the pure engine's plays; None if another colour moved."""
    me = pos.setup.players[pos.to_move][0]
    out: set[tuple[int, ...]] = set()
    with _accel.pure():
        for play in legal_plays(pos, throw):
            after = play.position
            for c in pos.setup.colours_in_play:
                if c != me and tuple(after.pawns[c]) != tuple(pos.pawns[c]):
                    return None
            out.add(tuple(sorted(after.pawns[me])))
    return out


def check(n: int, seed: int) -> None:
    """The ``check`` command."""
    tested = bad = control = differ = 0
    for pos, throw in sample(n, seed):
        if not independent(pos, throw):
            if control < 2000 and combinatorial(pos, throw) is not None:
                control += 1
                differ += reference(pos, throw) != combinatorial(pos, throw)
            continue
        tested += 1
        want = reference(pos, throw)
        got = combinatorial(pos, throw)
        if want != got:
            bad += 1
            if bad <= 5:
                print(
                    "MISMATCH", pos.to_text(), throw, sorted(got or ())[:4], sorted(want or ())[:4]
                )
    print(f"{n} throws, {tested} independent compared, {bad} mismatches")
    print(f"control: {control} dependent throws with a full assignment, {differ} differ")


def shares(n: int, seed: int) -> None:
    """The ``shares`` command."""
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    why: dict[str, Counter[str]] = defaultdict(Counter)
    for pos, throw in sample(n, seed):
        k = kind(pos, throw)
        r = reason(pos, throw)
        ind = not r
        if r:
            why[k][r] += 1
        outs = len(_accel.legal_plays(pos, throw))
        row = rows[k]
        row[0] += 1
        row[1] += ind
        row[2] += outs if ind else 0
        row[3] += 0 if ind else outs
    print(
        f"{'kind':<24} {'throws':>7} {'share':>6} {'indep':>6} {'indep%':>7}"
        f" {'outs ind':>8} {'outs oth':>8}"
    )
    for k, (m, i, oi, oo) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
        print(
            f"{k:<24} {m:>7} {100 * m / n:>5.1f}% {i:>6} {100 * i / m:>6.1f}%"
            f" {oi / max(i, 1):>8.1f} {oo / max(m - i, 1):>8.1f}"
        )
    for k in sorted(why):
        seen = sum(why[k].values())
        top = ", ".join(f"{r} {100 * m / seen:.0f}%" for r, m in why[k].most_common())
        print(f"  {k}: {top}")
    total_i = sum(r[1] for r in rows.values())
    print(f"all {n} throws: {total_i} independent ({100 * total_i / n:.1f}%)")


def groups(pos: Position) -> int:
    """The mover's pawns on the board (1..71) cut into groups wherever the next is more
    than 14 ahead: the groups a doublet with every pawn out is explored by
    (``Kernel._f_split``)."""
    ps = sorted(p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c] if 1 <= p <= LAST)
    return sum(1 for i, p in enumerate(ps) if i == 0 or p - ps[i - 1] > 14)


def cost(cls: str, n: int, seed: int, reps: int) -> None:
    """The ``cost`` command."""
    module = _accel.kernel_module()
    if module is None:
        sys.exit("the compiled kernel is not installed")
    want_ind, _, want_kind = cls.partition(":")
    want_kind, _, want_groups = want_kind.partition("/")
    chosen = [
        (pos, throw)
        for pos, throw in sample(n, seed)
        if independent(pos, throw) == (want_ind == "indep")
        and (not want_kind or kind(pos, throw) == want_kind)
        and (not want_groups or (groups(pos) > 1) == (want_groups == "split"))
    ]
    kern = module.Kernel()
    total = 0
    for pos, throw in chosen:
        cfg = _accel._cfg(pos.setup, pos.to_move)
        pawns = tuple(tuple(pos.pawns[c]) for c in range(4))
        total += kern.repeat_outcomes(cfg, (pawns, pos.doubles, 0), throw, reps)
    mean = total / max(len(chosen), 1)
    print(f"{cls}: {len(chosen)} throws x {reps} reps, {mean:.1f} outcomes each")


def main(argv: list[str]) -> None:
    """The command (see the module docstring)."""
    if argv[0] == "check":
        check(int(argv[1]), int(argv[2]))
    elif argv[0] == "shares":
        shares(int(argv[1]), int(argv[2]))
    elif argv[0] == "cost":
        cost(argv[1], int(argv[2]), int(argv[3]), int(argv[4]))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
