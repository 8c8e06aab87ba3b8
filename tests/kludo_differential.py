"""Clear engine against compiled engine for ``ludo`` and ``maedn`` (issue 36).

Every throw checked here is a position and a die (1..6) answered by both
engines: the clear engine (:func:`pachisi._clear.legal_plays`, RULES-LUDO.md
as written in :mod:`pachisi._ludo`) and the compiled engine
(:func:`pachisi._ludo_accel.legal_plays`, :mod:`pachisi._kludo`); the two
answers must be the same plays (actions and positions) in the same order.

Positions come two ways, alternately: *random* (every position before a
throw of random games, all six dice tried) and *built* (pawns put at random
on the board, any player to move, random ``doubles``, ``tries`` and
``opening``, kept when FORMAT.md's validity allows them). Each game or built
position draws its switches at random, every value of every switch equally
likely, so that each value is met; the counts are per ruleset and per switch
value. The run goes on until every ruleset and switch value has ``--throws``
throws (random and built together; ``--only built`` or ``--only random``:
of that kind)::

    nice -n 19 python tests/kludo_differential.py --throws 200000 --seed 2026 --log kludo.log
    nice -n 19 python tests/kludo_differential.py --throws 200000 --seed 2027 --only built

``--uncompiled`` checks the uncompiled module (slowly) where the compiled one
is not built. The short share in the test suite is tests/test_kludo.py.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from types import ModuleType

from pachisi import _clear, _ludo_accel
from pachisi.errors import PachisiError
from pachisi.position import Position
from pachisi.rules import SWITCHES

#: The switches of each ruleset with every value.
VALUES: dict[str, dict[str, tuple[object, ...]]] = {
    ruleset: {
        name: (tuple(s.kind) if isinstance(s.kind, tuple) else (False, True))
        for name, s in SWITCHES.items()
        if ruleset in s.defaults
    }
    for ruleset in ("ludo", "maedn")
}
_COLOURS = ("red", "green", "yellow", "blue")
_MAEDN_SETUPS = ((0, 2), (0, 1), (0, 1, 2), (0, 1, 2, 3))


def random_options(ruleset: str, rng: random.Random) -> dict[str, object]:
    """Every switch of ``ruleset`` set to one of its values, equally likely."""
    return {name: rng.choice(values) for name, values in VALUES[ruleset].items()}


def start(ruleset: str, options: dict[str, object], rng: random.Random) -> Position:
    """A start position with 2 to 4 players (ludo: any colours in any order)."""
    if ruleset == "maedn":
        return Position.start("maedn", players=len(rng.choice(_MAEDN_SETUPS)), options=options)
    cols = rng.sample(_COLOURS, rng.choice((2, 3, 4)))
    return Position.start("ludo", players=[[c] for c in cols], options=options)


def built(pos: Position, rng: random.Random) -> Position | None:
    """``pos``'s set-up, pawns, player, doubles, tries and opening at random; None if invalid."""
    setup = pos.setup
    end = 57 if setup.ruleset == "ludo" else 44
    data = pos.to_dict()
    names = setup.colour_names
    for c in setup.colours_in_play:
        pawns = []
        for _ in range(4):
            r = rng.random()
            pawns.append(0 if r < 0.25 else end if r < 0.35 else rng.randint(1, end))
        data["pawns"][names[c]] = sorted(pawns)
    data["to_move"] = rng.randrange(len(setup.players))
    data["doubles"] = rng.choice((0, 0, 1, 2)) if setup.option("three_sixes") else 0
    data["tries"] = rng.choice((0, 0, 1, 2, 3))
    data["opening"] = rng.random() < 0.3
    data["finished"], data["winner"] = [], None
    try:
        return Position.from_dict(data)
    except PachisiError:
        return None


class Counts:
    """Throws compared, per ruleset and kind, and per switch value; differences found."""

    def __init__(self) -> None:
        self.throws: Counter[tuple[str, str]] = Counter()
        self.values: Counter[tuple[str, str, str, str]] = Counter()
        self.differences = 0

    def least(self, kind: str | None = None) -> int:
        """The fewest throws of ``kind`` (default: both kinds) of any ruleset and switch value."""
        kinds = ("random", "built") if kind is None else (kind,)
        return min(
            sum(self.values[(ruleset, name, repr(v), k)] for k in kinds)
            for ruleset, switches in VALUES.items()
            for name, values in switches.items()
            for v in values
        )


def compare(
    pos: Position, kind: str, mod: ModuleType | None, counts: Counts, say: Callable[[str], None]
) -> None:
    """Both engines on every die in ``pos``; counted, and any difference said."""
    setup = pos.setup
    for d in range(1, 7):
        clear = list(_clear.legal_plays(pos, (d,)))
        fast = list(_ludo_accel.legal_plays(pos, (d,), mod))
        counts.throws[(setup.ruleset, kind)] += 1
        for name in VALUES[setup.ruleset]:
            counts.values[(setup.ruleset, name, repr(setup.option(name)), kind)] += 1
        if clear != fast:
            counts.differences += 1
            say(f"DIFFERENCE die {d} in {pos.to_json()}: {clear} != {fast}")


def run(
    throws: int,
    seed: int,
    mod: ModuleType | None,
    say: Callable[[str], None],
    max_moves: int = 3000,
    kind: str | None = None,
) -> Counts:
    """Random and built throws until each ruleset and switch value has ``throws`` in all.

    Each round plays one random game of each ruleset (stopped when decided or
    after ``max_moves`` throws) and checks built positions of its set-up
    (200 tries in ludo, 500 in maedn, where fewer are valid).
    ``kind`` "random" or "built": only those throws are counted towards
    ``throws`` (with "built", no random game is played).
    """
    rng = random.Random(seed)
    counts = Counts()
    games = 0
    t0 = time.monotonic()
    while counts.least(kind) < throws:
        for ruleset in ("ludo", "maedn"):
            opts = random_options(ruleset, rng)
            pos = start(ruleset, opts, rng)
            moves = 0
            while kind != "built" and not pos.is_over and moves < max_moves:
                compare(pos, "random", mod, counts, say)
                plays = _clear.legal_plays(pos, (rng.randint(1, 6),))
                pos = plays[rng.randrange(len(plays))].position
                moves += 1
            for _ in range(200 if ruleset == "ludo" else 500):  # maedn: fewer are valid
                b = built(pos, rng)
                if b is not None and not b.is_decided:
                    compare(b, "built", mod, counts, say)
        games += 1
        if games % 10 == 0:
            say(report(counts, games, time.monotonic() - t0))
    say(report(counts, games, time.monotonic() - t0))
    return counts


def report(counts: Counts, games: int, seconds: float) -> str:
    """One line of counts."""
    per = ", ".join(f"{r} {k}: {n}" for (r, k), n in sorted(counts.throws.items()))
    return (
        f"after {games} rounds ({seconds:.0f} s): {per}; fewest per switch value:"
        f" random {counts.least('random')}, built {counts.least('built')},"
        f" both {counts.least()};"
        f" differences {counts.differences}"
    )


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--throws", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--log", default=None)
    ap.add_argument("--uncompiled", action="store_true")
    ap.add_argument(
        "--only",
        choices=("random", "built"),
        default=None,
        help="count only these throws towards --throws (built: no random games)",
    )
    args = ap.parse_args(argv)
    mod = _ludo_accel.module(compiled=not args.uncompiled)
    if mod is None:
        print("the compiled engine is not built (use --uncompiled)", file=sys.stderr)
        return 2
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115

    def say(line: str) -> None:
        print(line, flush=True)
        if log is not None:
            log.write(line + "\n")
            log.flush()

    counts = run(args.throws, args.seed, mod, say, kind=args.only)
    for key, n in sorted(counts.values.items()):
        say(f"{key}: {n}")
    if log is not None:
        log.close()
    return 1 if counts.differences else 0


if __name__ == "__main__":
    sys.exit(main())
