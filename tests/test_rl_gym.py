"""The Gymnasium single-seat environment and its registered ids (issue 21)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import pachisi.rl  # noqa: F401 - registers the ids
from pachisi import Game, PositionError
from pachisi.rl.gym import ENV_IDS, PachisiEnv


@pytest.mark.parametrize("env_id", sorted(ENV_IDS))
def test_registered_ids_pass_check_env(env_id: str) -> None:
    env = gymnasium.make(env_id, render_mode="ansi")
    assert isinstance(env.unwrapped, PachisiEnv)
    assert env.unwrapped.setup.ruleset == ENV_IDS[env_id]
    check_env(env.unwrapped)


def test_check_env_play_mode_and_teams() -> None:
    check_env(
        PachisiEnv("parcheesi", players=4, teams=True, mode="play", seat=2), skip_render_check=True
    )


def _play_out(env: PachisiEnv, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    obs, info = env.reset(seed=seed)
    steps = 0
    while True:
        assert env.match.to_move == env.seat and obs.shape == env.observation_space.shape
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
        if terminated or truncated:
            assert not info["action_mask"].any()
            return float(reward), steps
        assert reward == 0.0


def test_games_against_computer_players_end_with_the_learners_result() -> None:
    env = PachisiEnv("parcheesi", players=3, seat=1, opponents=["greedy", "random"])
    reward, steps = _play_out(env, 5)
    final = env.match.position
    assert final.winner is not None and steps > 10
    assert reward == (1.0 if final.winner == (1,) else -0.5)


def test_same_seed_same_game_and_the_engines_game() -> None:
    """The learner's seed fixes throws and opponents; the game is Game's with that seed."""
    env = PachisiEnv("whitman", players=2, opponents="greedy")
    _play_out(env, 8)
    first = list(env.match.history)
    _play_out(env, 8)
    assert env.match.history == first
    game = Game.new("whitman", players=2, seed=8)
    for throw, play in first:
        assert game.roll() == throw
        game.push(play)
    assert game.position == env.match.position and game.is_over


def test_render_and_masks() -> None:
    env = gymnasium.make("pachisi/Pagade-v0", render_mode="ansi", mode="play")
    _, info = env.reset(seed=3)
    assert "Pagade" in env.render()
    svg_env = gymnasium.make("pachisi/Whitman-v0", render_mode="svg")
    svg_env.reset(seed=3)
    assert svg_env.render().startswith("<svg")
    assert np.array_equal(env.unwrapped.action_masks(), info["action_mask"])
    assert len(info["plays"]) == int(info["action_mask"].sum())


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="unknown computer player 'grandmaster'"):
        PachisiEnv(opponents="grandmaster")
    with pytest.raises(ValueError, match=r"seat must be a player index 0\.\.1"):
        PachisiEnv(seat=2)
    with pytest.raises(ValueError, match="give 3 opponent names"):
        PachisiEnv(players=4, opponents=["random"])
    # A learned opponent only where its network has learned the set-up (pachisi.learn.misfit).
    with pytest.raises(ValueError, match=r"^learned1: the parcheesi network was trained on"):
        PachisiEnv(players=["red", "green"], opponents="learned1")
    PachisiEnv(players=2, opponents="learned1")
    with pytest.raises(PositionError, match="whitman cannot be played by 5 players"):
        PachisiEnv("whitman", players=5)
    with pytest.raises(ValueError, match="illegal_action must be 'lose' or 'raise'"):
        PachisiEnv(illegal_action="ignore")
    env = PachisiEnv(illegal_action="raise")
    env.reset(seed=1)
    with pytest.raises(ValueError, match="action 146 is not legal now"):
        env.step(np.int64(146))


def test_an_illegal_action_loses() -> None:
    env = PachisiEnv()
    env.reset(seed=1)
    _, reward, terminated, truncated, info = env.step(np.int64(146))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert not info["action_mask"].any()
    with pytest.raises(ValueError, match="the game is over"):
        env.step(np.int64(0))


@pytest.mark.parametrize("illegal_action", ["lose", "raise"])
@pytest.mark.parametrize("action", [-1, 10**6, 2.0, "3", np.array([1, 2]), np.float64(1.0)])
def test_an_action_outside_the_action_space_is_an_error(
    illegal_action: str, action: object
) -> None:
    # Outside the space is a caller's bug, never a lost game (issue 38; PettingZoo asserts).
    env = PachisiEnv(illegal_action=illegal_action)
    env.reset(seed=1)
    n = env.match.n_actions
    if isinstance(action, int) and action > 0:
        action = n  # one past the end
    with pytest.raises(ValueError, match=rf"outside the action space: an integer 0\.\.{n - 1}$"):
        env.step(action)  # type: ignore[arg-type]
    # the game goes on: a legal action is still taken
    legal = int(np.flatnonzero(env.action_masks())[0])
    info = env.step(np.int64(legal))[4]
    assert "illegal_action" not in info
