"""The OpenSpiel Python games with explicit chance nodes (issue 21)."""

from __future__ import annotations

from fractions import Fraction

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyspiel")

import numpy as np
import pyspiel

import pachisi.rl.openspiel  # noqa: F401 - registers the games
from pachisi import PositionError, dice_for, legal_plays
from pachisi.rl.encoding import observe
from pachisi.rl.openspiel import GAME_NAMES
from pachisi.rules import RULESETS

# Short games (max_throws) keep OpenSpiel's per-state checks quick.
CASES = [
    ("pagade", {"players": 4, "max_throws": 40}),
    ("pagade", {"players": 2, "mode": "play", "max_throws": 60}),
    ("whitman", {"players": 3, "max_throws": 60}),
    ("whitman", {"players": 2, "mode": "play", "max_throws": 200}),
    ("parcheesi", {"players": 4, "teams": True, "max_throws": 60}),
    ("parcheesi", {"players": 2, "mode": "play", "max_throws": 200}),
    ("parcheesi", {"players": 2, "options": "sum_move=jump,capture_bonus=10", "max_throws": 60}),
    ("eight-man", {"max_throws": 25}),
    ("eight-man", {"mode": "play", "max_throws": 60}),
]


@pytest.mark.parametrize(
    ("ruleset", "params"), CASES, ids=[f"{r}-{i}" for i, (r, _) in enumerate(CASES)]
)
def test_openspiel_random_sim_test(ruleset: str, params: dict[str, object]) -> None:
    """OpenSpiel's own consistency checks (legal actions, chance sums, clones, observations)."""
    game = pyspiel.load_game(GAME_NAMES[ruleset], params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", sorted(RULESETS))  # ludo, maedn: tests/test_rl_ludo.py
def test_chance_nodes_are_exact(ruleset: str) -> None:
    game = pyspiel.load_game(GAME_NAMES[ruleset])
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    want = dice_for(ruleset).distinct()
    assert len(outcomes) == len(want) == (10 if ruleset == "pagade" else 21)
    assert [p for _, p in outcomes] == [float(p) for _, p in want]
    assert sum(Fraction(p) for _, p in want) == 1
    assert game.num_distinct_actions() == 147


def test_states_follow_the_engine() -> None:
    """Every decision's legal actions and every throw's outcome are the engine's."""
    game = pyspiel.load_game("python_pachisi_parcheesi", {"players": 3, "mode": "play"})
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    decisions = 0
    while not state.is_terminal() and decisions < 60:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
            continue
        m = state.match
        plays = legal_plays(m.position, m.throw)
        assert state.legal_actions() == list(range(len(plays)))
        player = state.current_player()
        assert player == m.position.to_move
        obs = np.array(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(obs, observe(m.position, player, m.throw))
        choice = int(rng.integers(len(plays)))
        state.apply_action(choice)
        assert state.match.history[-1][1] == plays[choice]
        decisions += 1
    assert decisions == 60


def test_mcts_bot_plays() -> None:
    """OpenSpiel's MCTS bot (random rollouts) chooses legal steps at the chance-laden nodes."""
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("python_pachisi_parcheesi", {"max_throws": 30})
    rs = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, 2.0, 8, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), random_state=rs
    )
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 4:
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probs)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 4


def test_bad_parameters() -> None:
    with pytest.raises(PositionError, match="eight-man is played by 2 players"):
        pyspiel.load_game("python_pachisi_eight_man", {"players": 4})
    with pytest.raises(PositionError, match="unknown switch 'speed'"):
        pyspiel.load_game("python_pachisi_parcheesi", {"options": "speed=3"})
