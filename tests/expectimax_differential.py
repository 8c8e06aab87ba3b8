"""Differential check of the expectimax player's look-ahead in the kernel against the pure path.

For positions of random games (every ruleset, set-up and random rule switches:
tests/reference/differential.py, every position from a random point of the
game to its end, so the end, where a reply wins, is well represented) and
built positions aimed at the rarest rules (tests/reference/built.py), a
chooser ``me`` drawn among the players:

* the kernel's per-throw replies (:func:`pachisi.bots.expectimax.reply_sums`
  with the compiled kernel, ``Kernel.expectimax_replies``) must be the pure
  path's (:func:`~pachisi.bots.expectimax.greedy_replies` on the clear
  engine): the same number of best replies for every distinct throw, and
  sums of ``evaluate(reply, me)`` within 1e-9;
* for a share ``--choices`` of them, ``ExpectimaxPlayer(seed=s).choose`` of
  the sampled throw must give the same play with the kernel as under
  ``_accel.pure()``.

Run as a script for a long check (CPU seconds; counts and mismatches)::

    python tests/expectimax_differential.py SECONDS [SEED] [--built SHARE] [--choices SHARE]

(``--seed S`` also gives the seed, as ``python tests/expectimax_differential.py 300 --seed 21``.)

The test suite runs a short, seeded share (tests/test_expectimax_kernel.py).
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).parent / "reference"))

from built import sample_built
from differential import SETUPS, _valid, random_options

from kernel_fast_differential import parser
from pachisi import Position, _accel, dice_for, legal_plays
from pachisi.bots.expectimax import ExpectimaxPlayer, reply_sums

Sample = tuple[Position, tuple[int, int], str]


def game_samples(rng: random.Random) -> Iterator[Sample]:
    """Endless (position, throw, source) from random games of random set-ups and switches:
    every position from a random throw of each game to its end."""
    while True:
        spec = dict(rng.choice(SETUPS))
        ruleset = spec.pop("ruleset")
        options = random_options(ruleset, rng) if rng.random() < 0.6 else {}
        pos = Position.start(ruleset, options=options, **spec)
        dice = dice_for(ruleset)
        source = f"{ruleset}-{len(pos.setup.players)}" + ("-teams" if pos.setup.teams else "")
        start = rng.randrange(400 if ruleset == "pagade" else 150)
        throws = 0
        while not pos.is_over and throws < 2000:
            throw = dice.roll(rng)
            if throws >= start:
                yield pos, throw, source
            plays = legal_plays(pos, throw)
            pos = rng.choice(plays).position
            throws += 1


def samples(rng: random.Random, built: float) -> Iterator[Sample]:
    """Random games' samples, and a share ``built`` of built positions."""
    games = game_samples(random.Random(rng.random()))
    shaped = sample_built(random.Random(rng.random()), _valid)
    while True:
        if rng.random() < built:
            d, throw, tag = next(shaped)
            yield Position.from_dict(d), throw, f"built:{tag}"
        else:
            yield next(games)


def compare_replies(pos: Position, me: int, module: ModuleType | None = None) -> str | None:
    """None if the kernel's per-throw replies are the pure path's (see the module docstring)."""
    got = reply_sums(pos, me, module)
    with _accel.pure():
        want = reply_sums(pos, me)
    if len(got) == len(want) and all(
        n == m and abs(v - w) <= 1e-9 for (v, n), (w, m) in zip(got, want, strict=True)
    ):
        return None
    return f"{pos.to_text()} me {me}: kernel {got}, pure {want}"


def compare_choice(pos: Position, throw: tuple[int, int], seed: int) -> str | None:
    """None if ``ExpectimaxPlayer(seed).choose`` is the same with the kernel and without it."""
    got = ExpectimaxPlayer(seed=seed).choose(pos, throw, legal_plays(pos, throw))
    with _accel.pure():
        want = ExpectimaxPlayer(seed=seed).choose(pos, throw, legal_plays(pos, throw))
    if got.position == want.position:
        return None
    return f"{pos.to_text()} throw {throw} seed {seed}: kernel {got.notation}, pure {want.notation}"


def run(
    seconds: float,
    seed: int,
    limit: int | None = None,
    built: float = 0.2,
    choices: float = 0.1,
    module: ModuleType | None = None,
) -> tuple[Counter[str], list[str]]:
    """Compare on ``limit`` positions exactly when given, else for ``seconds`` of CPU time;
    counts and failures. ``module``: the kernel compared (default the compiled one)."""
    rng = random.Random(seed)
    stream = samples(random.Random(seed + 1), built)
    counts: Counter[str] = Counter()
    failures: list[str] = []
    deadline = time.process_time() + seconds
    n = 0
    while (n < limit) if limit is not None else (time.process_time() < deadline):
        pos, throw, source = next(stream)
        if pos.is_over:
            continue
        n += 1
        counts[source] += 1
        me = rng.randrange(len(pos.setup.players))
        problem = compare_replies(pos, me, module)
        if problem is not None:
            failures.append(problem)
        with _accel.pure():
            wins = any(
                any(p.position.is_over for p in legal_plays(pos, t))
                for t, _ in dice_for(pos.ruleset).distinct()
            )
        counts["positions where a reply ends the game"] += wins
        if rng.random() < choices and len(legal_plays(pos, throw)) > 1:
            counts["choices"] += 1
            problem = compare_choice(pos, throw, rng.randrange(1000))
            if problem is not None:
                failures.append(problem)
    counts["positions"] = n
    return counts, failures


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    ap = parser(__doc__)
    ap.add_argument("--seed", dest="seed_option", metavar="S", type=int, help="the seed (as SEED)")
    ap.add_argument("--built", type=float, default=0.2, help="share of built positions (0.2)")
    ap.add_argument(
        "--choices", type=float, default=0.1, help="share with a whole choice compared (0.1)"
    )
    args = ap.parse_args(argv)
    if _accel.kernel_module() is None or not _accel.active():
        print("the kernel is not compiled here (or PACHISI_PURE=1)")
        return 1
    seed = args.seed if args.seed_option is None else args.seed_option
    counts, failures = run(args.seconds, seed, built=args.built, choices=args.choices)
    for name, k in sorted(counts.items()):
        print(f"{name:40} {k:>9,}")
    for f in failures[:10]:
        print("MISMATCH", f)
    print(f"{len(failures)} mismatches in {counts['positions']:,} positions")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
