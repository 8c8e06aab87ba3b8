"""The kernel's users give the same results with and without it.

Analysis rollouts and the search player's simulations are playouts
(:func:`pachisi._accel.playouts`, or :func:`pachisi._accel.pure_playouts`
when the kernel does not run); these tests run each one with the compiled
kernel and again with the pure engine forced (:func:`pachisi._accel.pure`)
and compare.
"""

from __future__ import annotations

import random

import pytest

from pachisi import Position, _accel, dice_for, legal_plays
from pachisi.analysis import rank_plays, win_chances
from pachisi.analysis.rollout import RolloutSpec, first_throw, rollouts
from pachisi.bots.search import SearchPlayer

pytestmark = pytest.mark.skipif(
    _accel.kernel_module() is None, reason="the kernel is not compiled here"
)

#: Two-player Parcheesi, a few pawns left: short games.
ENDGAME = "parcheesi r,y - r:40.52.72.72,y:30.61.72.72 0 0 - - -"
#: Pagade, two players: each needs one exact throw (tests/test_analysis.py's RACE).
RACE = "pagade ry,bg - r:84.84.84.83,b:84.84.84.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
#: Four players in teams: longer games.
TEAMS = "parcheesi r,g,y,b 02/13 r:50.60.72.72,b:20.72.72.72,y:40.72.72.72,g:33.44.72.72 1 0 - - -"


@pytest.mark.parametrize("policy", ["greedy", "random"])
@pytest.mark.parametrize("text", [ENDGAME, RACE, TEAMS])
def test_rollouts_are_the_same_with_and_without_the_kernel(policy: str, text: str) -> None:
    pos = Position.from_text(text)
    spec = RolloutSpec(seed=7, policy=policy)
    compiled = rollouts(pos, 0, 40, spec)
    with _accel.pure():
        pure = rollouts(pos, 0, 40, spec)
    assert compiled == pure
    # in any chunks
    assert rollouts(pos, 0, 13, spec) + rollouts(pos, 13, 40, spec) == compiled
    assert len(set(compiled)) > 1  # not one foregone result


def test_rollouts_keep_the_stratified_first_throw_and_common_numbers() -> None:
    """Rollout k's first throw is first_throw(k); a throw with a 1 wins RACE at once."""
    pos = Position.from_text(RACE)
    (passed,) = legal_plays(pos, (3, 3))  # nothing moves: black to throw
    spec = RolloutSpec(seed=4)
    mine = rollouts(pos, 0, 32, spec)
    theirs = rollouts(passed.position, 0, 32, spec)
    for k in range(32):
        if 1 in first_throw("pagade", 4, k):
            assert (mine[k], theirs[k]) == (0b01, 0b10)


def test_estimates_and_rankings_are_the_same_with_and_without_the_kernel() -> None:
    pos = Position.from_text(ENDGAME)
    est = win_chances(pos, 72, seed=3)
    ranking = rank_plays(pos, (3, 5), 36, seed=3)
    with _accel.pure():
        assert win_chances(pos, 72, seed=3) == est
        assert rank_plays(pos, (3, 5), 36, seed=3).as_dict() == ranking.as_dict()


def test_search_player_chooses_the_same_with_and_without_the_kernel() -> None:
    rng = random.Random(2)
    pos = Position.from_text(ENDGAME)
    dice = dice_for("parcheesi")
    checked = 0
    while checked < 3 and not pos.is_over:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) >= 3:
            player = SearchPlayer(5, simulations=42)
            choice = player.choose(pos, throw, plays)
            assert player.last_rollouts > 0
            with _accel.pure():
                pure_player = SearchPlayer(5, simulations=42)
                pure_choice = pure_player.choose(pos, throw, legal_plays(pos, throw))
            assert pure_choice == choice
            assert pure_player.last_rollouts == player.last_rollouts
            checked += 1
        pos = plays[rng.randrange(len(plays))].position
    assert checked == 3
