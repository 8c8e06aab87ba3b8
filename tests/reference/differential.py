"""Differential check: the engine against the independent reference implementation.

Plays random games of every ruleset, set-up and random rule switches with the
engine, and at sampled throws compares the engine's outcome set with
``refimpl.outcomes`` on the same position and throw.

Run as a script for a long check:  python tests/reference/differential.py SECONDS [SEED]
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

from pachisi import Position, Setup, dice_for, legal_plays

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


def run(
    seconds: float, seed: int, every: int = 7, limit: int | None = None
) -> tuple[int, list[str]]:
    """Compare at every ``every``-th throw for ``seconds`` (or ``limit`` comparisons).

    Returns the number of comparisons and the failures.
    """
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    checked = 0
    failures: list[str] = []
    for i, (pos, throw) in enumerate(sample_positions(rng)):
        if time.monotonic() > deadline or (limit is not None and checked >= limit):
            break
        if i % every:
            continue
        checked += 1
        diff = compare(pos, throw)
        if diff:
            failures.append(diff)
            print("DIFF", diff, flush=True)
    return checked, failures


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 60.0
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    n, fails = run(secs, seed)
    print(f"{n - len(fails)} passed, {len(fails)} failed")
