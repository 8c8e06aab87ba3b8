"""The batched environment (issue 21)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numpy")

import numpy as np

from pachisi import Game
from pachisi.rl.vector import BatchedEnv


def test_batched_games_run_to_their_ends_and_restart() -> None:
    env = BatchedEnv(3, "parcheesi", players=2)
    obs, mask, mover = env.reset(seed=9)
    rng = np.random.default_rng(9)
    ended = 0
    for _ in range(400):
        for i, m in enumerate(env.matches):
            assert np.array_equal(mask[i], m.mask()) and mover[i] == m.to_move
            assert np.array_equal(obs[i], m.observe())
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
        obs, mask, mover, rewards, done = env.step(actions)
        for g in np.flatnonzero(done):
            assert sorted(rewards[g].tolist()) == [-1.0, 1.0]
            ended += 1
        assert not rewards[~done].any()
    assert ended == env.games_finished >= 3


def test_each_batched_game_is_a_seeded_engine_game() -> None:
    """Game i of a batch seeded s is Game.new's game with the i-th 48-bit draw of Random(s)."""
    env = BatchedEnv(2, "whitman", players=3)
    _, mask, _ = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(60):
        _, mask, _, _, done = env.step(np.array([rng.choice(np.flatnonzero(r)) for r in mask]))
        assert not done.any()
    draws = random.Random(4)
    for m in env.matches:
        game = Game.new("whitman", players=3, seed=draws.getrandbits(48))
        assert m.history
        for throw, play in m.history:
            assert game.roll() == throw
            game.push(play)
        assert game.position == m.position


def test_bad_batches() -> None:
    with pytest.raises(ValueError, match="n must be a positive integer"):
        BatchedEnv(0)
    env = BatchedEnv(2)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"give one action per game: shape \(2,\)"):
        env.step(np.array([0]))
