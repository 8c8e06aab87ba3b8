"""Differential check: the engine against the independent reference implementation.

Plays random games of every ruleset, set-up and random rule switches with the
engine, and at sampled throws compares the engine's outcome set with
``refimpl.outcomes`` on the same position and throw.

Run as a script for a long check:

    python tests/reference/differential.py SECONDS [SEED] [--built FRACTION] [--every N]

``--built F`` takes a fraction F (0..1) of the comparisons from positions
built on purpose for the rarest rules (tests/reference/built.py: third
doublets with ties, Eight-Man options, blockades in front of HOME, bonus
chains, Pagade pairs and cuts, every switch flipped); the summary counts the
comparisons per scenario and how often the rare rules were actually reached.
``--every N`` compares every N-th throw of the random games (default 7).
The test suite runs a short, seeded version (tests/test_differential.py).
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

import refimpl
from built import sample_built

from pachisi import Position, PositionError, Setup, dice_for, legal_plays
from pachisi.moves import BONUS, MOVE, OPTION, PAIR, PENALTY

KEYS = ("pawns", "to_move", "doubles", "cut", "winner", "finished")

SETUPS: list[dict[str, Any]] = [
    {"ruleset": "pagade", "players": 4},
    {"ruleset": "pagade", "players": 4, "teams": True},
    {"ruleset": "pagade", "players": 2},
    {"ruleset": "whitman", "players": 2},
    {"ruleset": "whitman", "players": 3},
    {"ruleset": "whitman", "players": 4},
    {"ruleset": "parcheesi", "players": 2},
    {"ruleset": "parcheesi", "players": 3},
    {"ruleset": "parcheesi", "players": 4},
    {"ruleset": "parcheesi", "players": 4, "teams": True},
    {"ruleset": "eight-man", "players": 2},
    {"ruleset": "eight-man", "players": 2, "majors": ["yellow", "green"]},
]

SWITCH_VALUES: dict[str, list[Any]] = {
    "sum_move": ["jump", "hops"],
    "pair_move": ["die", "double"],
    "cut_to_enter_home": [True, False],
    "safe_x_squares": [True, False],
    "play_for_places": [True, False],
    "larger_die": [True, False],
    "capture_bonus": [0, 4, 20],
    "home_bonus": [0, 3, 10],
    "blockade_may_advance": [True, False],
    "partial_doubles": ["nothing", "forfeit_extra_throw"],
    "no_split_doubles_home": [True, False],
    "first_player": ["highest", "lowest"],
}


def random_options(ruleset: str, rng: random.Random) -> dict[str, Any]:
    """Each switch of the ruleset set to a random value with probability 1/2."""
    names = Setup.create(ruleset, players=2 if ruleset == "eight-man" else 4).options
    return {n: rng.choice(SWITCH_VALUES[n]) for n in names if rng.random() < 0.5}


def key(d: dict[str, Any]) -> str:
    return json.dumps({k: d[k] for k in KEYS}, sort_keys=True)


def sample_positions(rng: random.Random) -> Iterator[tuple[Position, tuple[int, int]]]:
    """Endless (position, throw) pairs from random games of random set-ups."""
    while True:
        spec = dict(rng.choice(SETUPS))
        ruleset = spec.pop("ruleset")
        options = random_options(ruleset, rng) if rng.random() < 0.6 else {}
        pos = Position.start(ruleset, options=options, **spec)
        dice = dice_for(ruleset)
        throws = 0
        while not pos.is_over and throws < 2000:
            throw = dice.roll(rng)
            yield pos, throw
            plays = legal_plays(pos, throw)
            pos = rng.choice(plays).position
            throws += 1


def compare(pos: Position, throw: tuple[int, int]) -> str | None:
    """None if engine and reference agree, else a description of the difference."""
    mine = {key(p.position.to_dict()) for p in legal_plays(pos, throw)}
    ref = {key(o) for o in refimpl.outcomes(pos.to_dict(), throw)}
    if mine == ref:
        return None
    return (
        f"{pos.to_text()} throw {throw}\n"
        f"  engine only: {sorted(mine - ref)}\n  reference only: {sorted(ref - mine)}"
    )


def _valid(d: dict[str, Any]) -> bool:
    try:
        Position.from_dict(d)
    except PositionError:
        return False
    return True


#: Rare rules, counted over the engine's plays of every comparison.
RARE = ("third doublet", "option A/B/C", "bonus chain", "HOME by a doublet", "pair move")


def _rare(pos: Position, plays: list[Any]) -> set[str]:
    """Which of :data:`RARE` the plays of one comparison reach."""
    seen: set[str] = set()
    home = pos.setup.home
    for play in plays:
        kinds = [a.kind for a in play.actions]
        if PENALTY in kinds:
            seen.add("third doublet")
        if OPTION in kinds:
            seen.add("option A/B/C")
        if kinds.count(BONUS) >= 2:
            seen.add("bonus chain")
        if PAIR in kinds:
            seen.add("pair move")
        if play.throw[0] == play.throw[1] and any(
            a.kind == MOVE and a.to == home for a in play.actions
        ):
            seen.add("HOME by a doublet")
    return seen


def run(
    seconds: float,
    seed: int,
    every: int = 7,
    limit: int | None = None,
    built: float = 0.0,
    stats: dict[str, int] | None = None,
) -> tuple[int, list[str]]:
    """Compare at every ``every``-th throw for ``seconds`` (or ``limit`` comparisons).

    A fraction ``built`` of the comparisons (0..1) comes from built positions
    (:mod:`built`) instead of random games. ``stats``, if given, is filled
    with counts per source/scenario, outcomes compared, and rare rules reached.
    Returns the number of comparisons and the failures.
    """
    rng = random.Random(seed)
    brng = random.Random(seed * 7919 + 1)
    deadline = time.monotonic() + seconds
    checked = 0
    failures: list[str] = []
    games = sample_positions(rng)
    shaped = sample_built(brng, _valid)
    acc = 0.0
    i = 0
    counts = stats if stats is not None else {}
    while True:
        if time.monotonic() > deadline or (limit is not None and checked >= limit):
            break
        acc += built
        if acc >= 1.0:
            acc -= 1.0
            d, throw, tag = next(shaped)
            pos = Position.from_dict(d)
            source = f"built:{tag}"
        else:
            pos, throw = next(games)
            i += 1
            if i % every:
                continue
            source = "random games"
        checked += 1
        counts[source] = counts.get(source, 0) + 1
        plays = legal_plays(pos, throw)
        counts["outcomes compared"] = counts.get("outcomes compared", 0) + len(plays)
        for rare in _rare(pos, plays):
            counts[rare] = counts.get(rare, 0) + 1
        diff = compare(pos, throw)
        if diff:
            failures.append(diff)
            print("DIFF", source, diff, flush=True)
    return checked, failures


if __name__ == "__main__":
    args = sys.argv[1:]
    frac = 0.0
    every = 7
    if "--built" in args:
        k = args.index("--built")
        frac = float(args[k + 1])
        del args[k : k + 2]
    if "--every" in args:
        k = args.index("--every")
        every = int(args[k + 1])
        del args[k : k + 2]
    secs = float(args[0]) if args else 60.0
    seed = int(args[1]) if len(args) > 1 else 1
    stats: dict[str, int] = {}
    start = time.monotonic()
    n, fails = run(secs, seed, every=every, built=frac, stats=stats)
    for k in sorted(stats):
        print(f"  {k}: {stats[k]}")
    print(f"{time.monotonic() - start:.0f} s, seed {seed}, built fraction {frac}")
    print(f"{n - len(fails)} passed, {len(fails)} failed")
