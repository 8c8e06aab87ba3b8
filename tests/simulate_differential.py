"""Differential check of ``pachisi simulate``'s kernel games against the clear engine.

Each game: a set-up of tests/reference/differential.py (every ruleset and
set-up, random rule switches half the time), random or greedy players per
seat, a random seed, sometimes a low throw limit; it starts from the start
position, from a random position of a random game, or from a built Pagade
position near a dead end (pawns crowded before their square 8, nobody has
cut). The kernel plays it (:func:`pachisi._accel.simulate_trace`); then,
with the clear engine forced (:func:`pachisi._accel.pure`):

* :func:`pachisi.tournament.kernel.pure_game` plays the same game by the
  same rules (its own draws, canonical order and greedy choice through
  ``Game`` and ``legal_plays``): every throw, every position, the places,
  throws, winner, dead end and captures (counted from the plays' actions,
  as the library path counts them) must be the kernel's;
* :func:`pachisi.tournament.kernel.replay` plays the kernel's throws and
  positions through ``Game`` (what ``--record-game`` writes): each must be
  the position of exactly one legal play, and its captures the kernel's.

Run as a script for a long check:

    python tests/simulate_differential.py SECONDS [SEED]

The test suite runs a short, seeded share (tests/test_simulate_kernel.py).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).parent / "reference"))

from differential import SETUPS, random_options

from kernel_fast_differential import parser
from pachisi import Position, _accel, dice_for, legal_plays
from pachisi.errors import PachisiError
from pachisi.tournament.kernel import ReplayError, pure_game, replay


def _random_position(setup_spec: dict[str, Any], rng: random.Random) -> Position:
    """A position of a random game (clear engine) that is not over, or the start."""
    spec = dict(setup_spec)
    ruleset = spec.pop("ruleset")
    pos = Position.start(ruleset, **spec)
    dice = dice_for(ruleset)
    chosen = pos
    for _ in range(rng.randrange(0, 250)):
        if pos.is_over:
            break
        chosen = pos
        with _accel.pure():
            pos = rng.choice(legal_plays(pos, dice.roll(rng))).position
    return chosen if not chosen.is_over else Position.start(ruleset, **spec)


def _jammed(rng: random.Random) -> Position | None:
    """A Pagade position with every pawn crowded before its square 8 (p 66..76),
    nobody cut: play often runs into a dead end (§3.5). ``None`` if invalid."""
    start = Position.start("pagade", players=rng.choice((2, 4)))
    d = start.to_dict()
    for colour in d["pawns"]:
        d["pawns"][colour] = sorted(rng.randrange(66, 77) for _ in range(4))
    d["to_move"] = rng.randrange(len(d["players"]))
    try:
        return Position.from_dict(d)
    except PachisiError:
        return None


def sample_games(rng: random.Random) -> Iterator[tuple[str, Position, int, int, int]]:
    """(source, start, seed, greedy mask, throw limit) for ever."""
    while True:
        spec = dict(rng.choice(SETUPS))
        ruleset = spec["ruleset"]
        if rng.random() < 0.5:
            spec["options"] = random_options(ruleset, rng)
        roll = rng.random()
        if roll < 0.15:
            jam = _jammed(rng)
            if jam is None:
                continue
            source, start = "built: near a dead end", jam
        elif roll < 0.5:
            source, start = "random position", _random_position(spec, rng)
        else:
            args = {k: v for k, v in spec.items() if k != "ruleset"}
            start = Position.start(ruleset, **args)
            first = rng.randrange(len(start.setup.players))
            start = Position.initial(start.setup, first)
            source = "start"
        n = len(start.setup.players)
        mask = rng.randrange(1 << n)
        limit = rng.choice((1, 5, 40)) if rng.random() < 0.2 else 20_000
        yield source, start, rng.getrandbits(48), mask, limit


def compare(
    start: Position, seed: int, mask: int, limit: int, module: ModuleType | None = None
) -> str | None:
    """None if the kernel's game is the clear engine's (see the module docstring)."""
    got, throws, final = _accel.simulate_trace(start, seed, start.to_move, mask, limit, module)
    what = f"{start.to_text()} seed {seed} greedy {mask:b} limit {limit}"
    with _accel.pure():
        want, game = pure_game(start, seed, mask, limit)
        steps = [(ply.throw, _accel.sim_state(ply.before)) for ply in game.history]
        if got != want:
            return f"{what}: kernel {got}, clear engine {want}"
        if steps != throws or _accel.sim_state(game.position) != final:
            first = next(
                (k for k, (a, b) in enumerate(zip(steps, throws, strict=False)) if a != b),
                min(len(steps), len(throws)),
            )
            return f"{what}: the games part at throw {first + 1}"
        try:
            replayed, captures = replay(start, throws, final)
        except ReplayError as exc:
            return f"{what}: replay: {exc}"
    if captures != got.captures or replayed.position != game.position:
        return f"{what}: the replay's captures {captures}, the kernel's {got.captures}"
    return None


def run(
    seconds: float, seed: int, limit: int | None = None, stats: dict[str, int] | None = None
) -> tuple[int, list[str]]:
    """Compare games for ``seconds`` (or ``limit`` games); the number compared and
    the failures. ``stats``, if given, counts games per source, throws, dead ends,
    captures and cut-off games."""
    rng = random.Random(seed)
    deadline = time.monotonic() + seconds
    counts = stats if stats is not None else {}
    failures: list[str] = []
    checked = 0
    for source, start, game_seed, mask, max_throws in sample_games(rng):
        if time.monotonic() > deadline or (limit is not None and checked >= limit):
            break
        diff = compare(start, game_seed, mask, max_throws)
        checked += 1
        game = _accel.simulate_games(start, [game_seed], [start.to_move], [mask], max_throws)[0]
        for key, add in (
            (source, 1),
            ("throws", game.throws),
            ("dead ends", int(game.dead_end)),
            ("captures", sum(game.captures)),
            ("cut off", int(game.throws == max_throws)),
        ):
            counts[key] = counts.get(key, 0) + add
        if diff:
            failures.append(diff)
            print("DIFF", source, diff, flush=True)
    return checked, failures


def main(argv: list[str]) -> int:
    """The command: ``SECONDS [SEED]`` (see the module docstring)."""
    args = parser(__doc__).parse_args(argv)
    stats: dict[str, int] = {}
    t0 = time.process_time()
    n, bad = run(args.seconds, args.seed, stats=stats)
    cpu = time.process_time() - t0
    print(f"{n} games compared in {cpu:.0f} s CPU, {len(bad)} differences; {stats}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
