"""The expectimax player's look-ahead in the kernel against its pure path.

``Kernel.expectimax_replies`` (through :func:`pachisi.bots.expectimax.reply_sums`)
must give, for every distinct throw, the same greedy replies as
:func:`~pachisi.bots.expectimax.greedy_replies` on the clear engine (their
number) and the same sum of the chooser's evaluations (within 1e-9), and
``ExpectimaxPlayer.choose`` the same play with the kernel and without it, on
positions of seeded random games of several set-ups and rule switches, the
ends of the games (where a reply wins) included. The longer check is
tests/expectimax_differential.py.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from expectimax_differential import compare_choice, compare_replies, run
from kernels import COMPILED, MODULES, UNCOMPILED
from pachisi import Position, _accel
from pachisi.bots.expectimax import (
    ExpectimaxPlayer,
    _kernel_evaluations,
    evaluate,
    greedy_replies,
)
from pachisi.dice import dice_for
from pachisi.moves import legal_plays
from pachisi.rules import Setup

SETUPS = {
    "parcheesi-2": Setup.create("parcheesi", players=2),
    "parcheesi-4": Setup.create("parcheesi"),
    "pagade-2": Setup.create("pagade", players=2),
    "pagade-4": Setup.create("pagade"),
    "whitman-2": Setup.create("whitman", players=2),
    "eight-man": Setup.create("eight-man"),
    "pagade-places-x": Setup.create(
        "pagade", options={"play_for_places": True, "safe_x_squares": False}
    ),
    "parcheesi-teams-bonus": Setup.create(
        "parcheesi", players=4, teams=True, options={"capture_bonus": 0, "home_bonus": 3}
    ),
}

needs_kernel = pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")


def end_positions(setup: Setup, n: int, seed: int) -> list[Position]:
    """Positions (games not over) of seeded random games played to the end: each game's
    last 10, the last first, then every 7th before them (at most ``n // 2``)."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.initial(setup, rng.randrange(len(setup.players)))
        game: list[Position] = []
        while not pos.is_over:
            game.append(pos)
            plays = legal_plays(pos, dice.roll(rng))
            pos = plays[rng.randrange(len(plays))].position
        out.extend(game[:-11:-1])
        out.extend(game[-11::-7][: n // 2])
    return out[:n]


def ends_the_game(pos: Position) -> bool:
    """Whether some greedy reply to some throw of ``pos`` ends the game."""
    return any(
        any(r.is_over for r in greedy_replies(pos, t)) for t, _ in dice_for(pos.ruleset).distinct()
    )


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_kernel_replies_are_the_pure_ones(name: str, module: ModuleType) -> None:
    setup = SETUPS[name]
    eight = setup.ruleset == "eight-man"
    n = (2 if eight else 4) if module is UNCOMPILED else (12 if eight else 24)
    positions = end_positions(setup, n, seed=len(name))
    assert any(ends_the_game(p) for p in positions)
    for i, pos in enumerate(positions):
        me = i % len(setup.players)
        assert compare_replies(pos, me, module) is None


@needs_kernel
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_choice_is_the_same_with_the_kernel(name: str) -> None:
    setup = SETUPS[name]
    rng = random.Random(len(name) + 5)
    dice = dice_for(setup.ruleset)
    compared = 0
    for pos in end_positions(setup, 16, seed=len(name) + 1):
        throw = dice.roll(rng)
        if len(legal_plays(pos, throw)) > 1:
            compared += 1
            assert compare_choice(pos, throw, rng.randrange(100)) is None
    assert compared >= 4


@needs_kernel
def test_a_winning_reply_is_valued_as_a_win() -> None:
    """Two-player Parcheesi, red a 5 from HOME with his last pawn: the throws with a 5
    (or two numbers summing to 5) end the game in red's favour, worth 10,000 more."""
    d = Position.start("parcheesi", players=2).to_dict()
    d["pawns"]["red"] = [67, 72, 72, 72]
    pos = Position.from_dict(d)
    player = ExpectimaxPlayer(seed=1)
    for me in (0, 1):
        assert compare_replies(pos, me) is None
    got = player.value(pos, 0, 1)
    with _accel.pure():
        want = player.value(pos, 0, 1)
    assert abs(got - want) <= 1e-9
    assert got > 10_000 * 11 / 36 - 100


@needs_kernel
def test_the_short_differential_run() -> None:
    counts, failures = run(60.0, 11, limit=60, built=0.3, choices=0.1)
    assert failures == []
    assert counts["positions"] == 60


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_kernel_static_evaluations_are_the_pure_ones(name: str, module: ModuleType) -> None:
    """``ranked``'s evaluations of a decision's plays in one kernel call: the same numbers."""
    setup = SETUPS[name]
    rng = random.Random(len(name) + 9)
    dice = dice_for(setup.ruleset)
    n = 3 if module is UNCOMPILED else 12
    for i, pos in enumerate(end_positions(setup, n, seed=len(name) + 2)):
        positions = [p.position for p in legal_plays(pos, dice.roll(rng))]
        me = i % len(setup.players)
        want = [evaluate(p, me) for p in positions]
        assert _kernel_evaluations(positions, me, module) == want, pos.to_text()


@needs_kernel
@pytest.mark.parametrize("name", ["pagade-2", "pagade-places-x"])
def test_depth_two_uses_the_kernel_at_its_leaves(name: str) -> None:
    """Depth 2 with the default evaluation (the kernel at the leaves) against the same
    search on a copy of the evaluation (the Python path, on the kernel's move generation)."""
    setup = SETUPS[name]
    rng = random.Random(3)
    dice = dice_for(setup.ruleset)
    compared = 0
    for pos in end_positions(setup, 40, seed=4)[::3]:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) < 2 or compared == 3:
            continue
        compared += 1
        got = ExpectimaxPlayer(seed=1, depth=2, candidates=2).choose(pos, throw, plays)
        python = ExpectimaxPlayer(
            seed=1, depth=2, candidates=2, evaluation=lambda p, me: evaluate(p, me)
        )
        assert got is python.choose(pos, throw, plays), pos.to_text()
        for me in range(len(setup.players)):
            assert (
                abs(ExpectimaxPlayer(depth=2).value(pos, me, 2) - python.value(pos, me, 2)) <= 1e-9
            )
    assert compared == 3


@needs_kernel
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_greedy_replies_are_the_same_with_the_kernel(name: str) -> None:
    """``greedy_replies`` scores the plays in one kernel call: the same replies, in order."""
    setup = SETUPS[name]
    rng = random.Random(len(name) + 13)
    dice = dice_for(setup.ruleset)
    for pos in end_positions(setup, 12, seed=len(name) + 3):
        for throw in (dice.roll(rng), dice.roll(rng)):
            got = greedy_replies(pos, throw)
            with _accel.pure():
                want = greedy_replies(pos, throw)
            assert got == want, (pos.to_text(), throw)
