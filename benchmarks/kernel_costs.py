"""How the cost of one throw grows with its number of distinct outcomes (docs/benchmarks.md).

Samples (position, throw) pairs from seeded random games of each ruleset
(default set-ups and switches), and times, in CPU time, per pair:

* ``kernel``: the compiled kernel's enumeration with paths and order alone (``Kernel.plays``);
* ``library``: :func:`pachisi._accel.legal_plays` (the kernel and the
  :class:`~pachisi.moves.Play` list built from it);
* ``pure``: the pure engine's :func:`pachisi.moves.legal_plays`;

then prints the mean microseconds per throw by bins of distinct outcomes.

    python benchmarks/kernel_costs.py [THROWS_PER_RULESET] [SEED]

``--playouts RULESET N`` instead plays N kernel playouts and nothing else
(for ``perf record``: the profile of a kernel throw).

``--kinds RULESET N [SEED]`` instead times the fast enumerator (the playouts'
``Kernel._f_plays``, by ``Kernel.repeat_outcomes``) on N sampled throws and
prints its CPU time by kind of throw: doublet or not, the mover's pawns in
play (out of the nest and not home), and whether a 5 could enter a pawn
from the nest; with each kind's share of the total, which is where a
random playout's time goes.

``--doublets N REPS`` instead enumerates, ``REPS`` times each, the first N
doublets with no pawn of the mover in the nest (not third doublets) met in
seeded random four-player Parcheesi games (seed 5): the fixed workload of
docs/benchmarks.md's instruction counts per such doublet
(``valgrind --tool=callgrind --toggle-collect='*repeat_outcomes*'``).
"""

from __future__ import annotations

import random
import sys
import time
from collections import defaultdict

from pachisi import Position, _accel, dice_for
from pachisi.bench import DEFAULT_PLAYERS
from pachisi.moves import legal_plays as pure_legal_plays

BINS = [(1, 1), (2, 5), (6, 20), (21, 100), (101, 1000), (1001, 10**9)]


def sample(ruleset: str, n: int, rng: random.Random) -> list[tuple[Position, tuple[int, int]]]:
    """``n`` (position, throw) pairs from random games of ``ruleset``."""
    start = Position.start(ruleset, players=DEFAULT_PLAYERS[ruleset])
    dice = dice_for(ruleset)
    out: list[tuple[Position, tuple[int, int]]] = []
    pos = start
    while len(out) < n:
        if pos.is_over:
            pos = start
        throw = dice.roll(rng)
        out.append((pos, throw))
        plays = _accel.legal_plays(pos, throw)
        pos = plays[rng.randrange(len(plays))].position
    return out


def cpu(fn: object, reps: int) -> float:
    """Mean CPU seconds of ``fn()`` over ``reps`` calls."""
    assert callable(fn)
    t0 = time.process_time()
    for _ in range(reps):
        fn()
    return (time.process_time() - t0) / reps


def kinds(kern_module: object, ruleset: str, n: int, seed: int, reps: int = 200) -> None:
    """The ``--kinds`` table (see the module docstring)."""
    kern = kern_module.Kernel()  # type: ignore[attr-defined]
    rows: dict[tuple[str, int, str], list[float]] = defaultdict(lambda: [0, 0.0, 0])
    for pos, throw in sample(ruleset, n, random.Random(seed)):
        cfg = _accel._cfg(pos.setup, pos.to_move)
        pawns = tuple(
            tuple(pos.pawns[c]) if c in pos.setup.colours_in_play else () for c in range(4)
        )
        cut = int(bool(pos.cut[pos.to_move])) if pos.cut is not None else 0
        doublet = ruleset != "pagade" and throw[0] == throw[1]
        t0 = time.process_time()
        outcomes = kern.repeat_outcomes(cfg, (pawns, pos.doubles, cut), throw, reps)
        dt = (time.process_time() - t0) / reps
        home = pos.setup.home
        mine = [p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c]]
        in_play = sum(1 for p in mine if 0 < p < home)
        enters = any(p == 0 for p in mine) and (5 in throw or sum(throw) == 5)
        row = rows[("doublet" if doublet else "other", in_play, "5 enters" if enters else "-")]
        row[0] += 1
        row[1] += dt
        row[2] += outcomes
    total = sum(r[1] for r in rows.values())
    print(
        f"{'throw':<8} {'in play':>7} {'entering':>9} {'throws':>7} {'us':>7} {'share':>6}"
        f" {'outcomes':>8}"
    )
    for (kind, in_play, entering), (m, t, outs) in sorted(rows.items(), key=lambda kv: -kv[1][1]):
        print(
            f"{kind:<8} {in_play:>7} {entering:>9} {int(m):>7} {1e6 * t / m:>7.2f}"
            f" {100 * t / total:>5.1f}% {outs / m:>8.1f}"
        )
    print(f"mean {1e6 * total / n:.2f} us a throw over {n} throws (CPU time, {reps} repetitions)")


def doublets(kern_module: object, n: int, reps: int) -> None:
    """The ``--doublets`` workload (see the module docstring)."""
    start = Position.start("parcheesi", players=4)
    dice = dice_for("parcheesi")
    rng = random.Random(5)
    found: list[tuple[Position, tuple[int, int]]] = []
    pos = start
    while len(found) < n:
        if pos.is_over:
            pos = start
        throw = dice.roll(rng)
        mine = [p for c in pos.setup.players[pos.to_move] for p in pos.pawns[c]]
        if throw[0] == throw[1] and pos.doubles < 2 and all(p != 0 for p in mine):
            found.append((pos, throw))
        plays = _accel.legal_plays(pos, throw)
        pos = plays[rng.randrange(len(plays))].position
    kern = kern_module.Kernel()  # type: ignore[attr-defined]
    total = 0
    for pos, throw in found:
        cfg = _accel._cfg(pos.setup, pos.to_move)
        pawns = tuple(
            tuple(pos.pawns[c]) if c in pos.setup.colours_in_play else () for c in range(4)
        )
        total += kern.repeat_outcomes(cfg, (pawns, pos.doubles, 0), throw, reps)
    print(f"{len(found)} doublets, {total / len(found):.1f} distinct outcomes each on average")


def main(argv: list[str]) -> None:
    """The command (see the module docstring)."""
    module = _accel.kernel_module()
    if module is None:
        sys.exit("the compiled kernel is not installed")
    if argv[:1] == ["--playouts"]:
        ruleset, n = argv[1], int(argv[2])
        start = Position.start(ruleset, players=DEFAULT_PLAYERS[ruleset])
        _accel.playouts(start, n, 1)
        return
    if argv[:1] == ["--doublets"]:
        doublets(module, int(argv[1]), int(argv[2]))
        return
    if argv[:1] == ["--kinds"]:
        kinds(
            kern_module=module,
            ruleset=argv[1],
            n=int(argv[2]),
            seed=int(argv[3:4][0] if argv[3:] else 1),
        )
        return
    per = int(argv[0]) if argv else 400
    seed = int(argv[1]) if len(argv) > 1 else 1
    rng = random.Random(seed)
    kern = module.Kernel()
    print(
        f"{'ruleset':<10} {'outcomes':>10} {'throws':>7} {'kernel us':>10} {'library us':>11}"
        f" {'pure us':>9} {'pure/library':>12}"
    )
    for ruleset in _accel.KERNEL_RULESETS:  # (Ludo and MADN: their own module, no Kernel)
        rows: dict[tuple[int, int], list[tuple[float, float, float]]] = defaultdict(list)
        for pos, throw in sample(ruleset, per, rng):
            n = len(_accel.legal_plays(pos, throw))
            reps = 20 if n <= 100 else 2
            cfg = _accel._cfg(pos.setup, pos.to_move)
            cut = int(bool(pos.cut[pos.to_move])) if pos.cut is not None else 0
            k_s = cpu(
                lambda: kern.plays(cfg, (pos.pawns, pos.doubles, cut), throw),  # noqa: B023
                reps,
            )
            l_s = cpu(lambda: _accel.legal_plays(pos, throw), reps)  # noqa: B023
            p_s = cpu(lambda: pure_legal_plays(pos, throw), max(1, reps // 4))  # noqa: B023
            for lo, hi in BINS:
                if lo <= n <= hi:
                    rows[(lo, hi)].append((k_s, l_s, p_s))
        for (lo, hi), vals in sorted(rows.items()):
            m = len(vals)
            k_us = 1e6 * sum(v[0] for v in vals) / m
            l_us = 1e6 * sum(v[1] for v in vals) / m
            p_us = 1e6 * sum(v[2] for v in vals) / m
            label = f"{lo}" if lo == hi else (f"{lo}-{hi}" if hi < 10**9 else f">{lo - 1}")
            print(
                f"{ruleset:<10} {label:>10} {m:>7} {k_us:>10.1f} {l_us:>11.1f} {p_us:>9.1f}"
                f" {p_us / l_us:>12.1f}"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
