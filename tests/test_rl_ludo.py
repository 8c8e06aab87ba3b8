"""The RL environments on Ludo and Mensch ärgere Dich nicht (issue 36; RULES-LUDO.md §9, §10).

Every environment of :mod:`pachisi.rl` with ``ludo`` and ``maedn``: the libraries' own
checkers (PettingZoo ``api_test``/``seed_test``, Gymnasium ``check_env``, OpenSpiel's
``random_sim_test``), games replayed in :class:`pachisi.Game`, the step mask against the
engine, the observation against a plain definition of docs/rl.md's layout, the batched
environment's clear-engine path, and the boards drawn.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import pachisi.rl  # noqa: F401 - registers the Gymnasium ids
from pachisi import Game, Play, Position, Setup, legal_plays
from pachisi._ludo_board import LUDO, MAEDN
from pachisi.rl import pachisi_v0
from pachisi.rl.encoding import (
    N_ONE_DIE_ACTIONS,
    decode_steps,
    observation_size,
    observe,
    observe_positions,
    seat_colours,
)
from pachisi.rl.gym import PachisiEnv
from pachisi.rl.image import rgb_array, svg
from pachisi.rl.match import Match, returns_of
from pachisi.rl.render import ansi
from pachisi.rl.ring import board, cells, marks, picture_size, text
from pachisi.rl.vector import BatchedEnv

#: ludopy's switch set (RULES-LUDO.md §9.9).
LUDOPY = {
    "board": "ludopy",
    "overshoot": "ludopy",
    "blocks": "kill_mover",
    "start_tries": "opening",
    "three_sixes": False,
    "bonus_throws": False,
    "ludopy_quirks": True,
}
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("ludo", {"players": 2}),
    ("ludo", {"players": 4}),
    ("ludo", {"players": ["green", "yellow", "blue", "red"], "options": LUDOPY}),
    ("ludo", {"players": 3, "options": {"last_ring_square": "skip", "overshoot": "bounce"}}),
    ("maedn", {"players": 2}),
    ("maedn", {"players": 4}),
    ("maedn", {"players": 3, "options": {"three_tries": True, "must_capture": True}}),
]
IDS = [f"{r}-{i}" for i, (r, _) in enumerate(SETUPS)]


def _setup(ruleset: str, kw: dict[str, Any]) -> Setup:
    return Setup.create(ruleset, **kw)


# -- encodings -----------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_step_mask_is_exactly_the_legal_steps(ruleset: str, kw: dict[str, Any]) -> None:
    """One index per legal step (the moved pawn's rank), and the steps the mask allows end
    in exactly the positions of legal_plays (L.5, M.5: one die moves one pawn)."""
    setup = _setup(ruleset, kw)
    rng = random.Random(36)
    m = Match(setup, "step", seed=36, max_throws=400)
    decisions = 0
    while not m.done:
        assert m.turn is not None and m.throw is not None
        legal = m.turn.legal_steps()
        mask = m.mask()
        assert mask.shape == (N_ONE_DIE_ACTIONS,) and mask.dtype == np.int8
        assert int(mask.sum()) == len(legal) >= 1
        mover = setup.players[m.position.to_move][0]
        for i, action in decode_steps(m.turn).items():
            # The rank names the first pawn on the square the move starts from.
            assert mask[i] == 1 and sorted(m.position.pawns[mover])[i] == action.frm
            assert i == 0 or sorted(m.position.pawns[mover])[i - 1] != action.frm
        want = {p.position for p in legal_plays(m.position, m.throw)}
        got = set()
        for i in m.legal_actions():
            copy = m.turn.copy()
            copy.push(m.legal[i])
            assert copy.is_complete
            got.add(copy.result())
        assert got == want
        m.apply(rng.choice(m.legal_actions()))
        decisions += 1
    assert decisions > 20


def _plain_observation(
    position: Position, viewer: int, throw: tuple[int, ...] | None
) -> np.ndarray[Any, np.dtype[np.float32]]:
    """docs/rl.md's one-die layout, written out cell by cell."""
    setup = position.setup
    ring = LUDO if setup.ruleset == "ludo" else MAEDN
    route, size = ring.end + 1, ring.size
    out = np.zeros(4 * route + 4 * size + 30, dtype=np.float32)
    mine = setup.players[viewer][0]
    for j, c in enumerate(seat_colours(setup, viewer)):
        for p in position.pawns[c]:
            out[j * route + p] += 0.25
            if 1 <= p <= ring.last:
                q = ring.square(c, p)  # the ring square; the viewer's progress s names it
                s = (q - ring.step * mine) % size + 1
                assert ring.square(mine, s) == q or s == size
                out[4 * route + j * size + s - 1] += 0.25
        f = 4 * route + 4 * size + 3 * j
        out[f] = 1.0
        out[f + 1] = float(c == mine)
        out[f + 2] = float(position.winner is not None and setup.owner[c] in position.winner)
    t = 4 * route + 4 * size + 12
    out[t + (position.to_move - viewer) % len(setup.players)] = 1.0
    if throw is not None:
        out[t + 4 + throw[0] - 1] = 1.0
    out[t + 10 + min(position.doubles, 2)] = 1.0
    out[t + 13 + position.tries] = 1.0
    out[t + 17] = float(position.opening)
    return out


@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_observation_is_the_documented_layout(ruleset: str, kw: dict[str, Any]) -> None:
    setup = _setup(ruleset, kw)
    size = observation_size(setup)
    assert size == {"ludo": 470, "maedn": 370}[ruleset]
    rng = random.Random(7)
    m = Match(setup, "play", seed=7, max_throws=300)
    n = len(setup.players)
    seen = 0
    while not m.done:
        for viewer in range(n):
            obs = m.observe(viewer)
            assert obs.shape == (size,) and obs.dtype == np.float32
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            assert np.array_equal(obs, _plain_observation(m.position, viewer, m.throw))
        after = m.afterstates()
        want = np.stack([_plain_observation(p.position, m.to_move, None) for p in m.plays])
        assert np.array_equal(after, want)
        m.apply(rng.randrange(len(m.plays)))
        seen += 1
    assert seen > 20
    assert np.array_equal(
        observe(m.position, 0), _plain_observation(m.position, 0, None)
    )  # the end: the winner's flag
    assert observe_positions([m.position], 1).shape == (1, size)


def test_ring_plane_is_seen_from_the_viewers_entry() -> None:
    """M.1.3: green (arm 2) at progress 1 stands on field 20, which is red's progress 21;
    red at progress 1 (field 0) is green's progress 21."""
    pos = Position.from_text("maedn r,g - r:0.0.0.1,g:0.0.0.1 0 0 - - - 0 0")
    obs = observe(pos, 0, (6,))
    route, ring = 4 * 45, 4 * 40
    assert obs[route + 0] == 0.25  # red's own pawn at its s = 1
    assert obs[route + 40 + 20] == 0.25  # green's pawn at red's s = 21
    seen_by_green = observe(pos, 1)
    assert seen_by_green[route + 0] == 0.25 and seen_by_green[route + 40 + 20] == 0.25
    assert obs[route + ring + 12 + 4 + 5] == 1.0  # the die: a 6
    assert obs[0 * 45 + 0] == 0.75 and obs[45 + 1] == 0.25  # route plane: 3 red at 0, green at 1


# -- PettingZoo ----------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_pettingzoo_api_test(ruleset: str, kw: dict[str, Any], mode: str) -> None:
    """PettingZoo's own API test and seed test."""
    api_test(
        pachisi_v0.env(ruleset=ruleset, mode=mode, **kw), num_cycles=80, verbose_progress=False
    )
    seed_test(lambda: pachisi_v0.env(ruleset=ruleset, mode=mode, **kw), num_cycles=80)


@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_games_are_the_engines_games(ruleset: str, kw: dict[str, Any], mode: str) -> None:
    """For a seed the environment throws what Game throws (players[0] first, L.2.2, M.2.2)
    and reaches the same positions, to the end of the game, with the returns of the end."""
    seed = 360 + len(kw)
    env = pachisi_v0.raw_env(ruleset=ruleset, mode=mode, **kw)
    env.reset(seed=seed)
    rng = random.Random(seed)
    while not env.match.done:
        env.step(rng.choice(env.match.legal_actions()))
    game = Game.new(ruleset, seed=seed, **kw)
    assert game.position == Position.initial(env.setup) and game.position.to_move == 0
    for throw, play in env.match.history:
        assert game.roll() == throw and len(throw) == 1
        game.push(play)
        assert game.position == play.position
    assert game.position == env.match.position and game.position.is_over
    rewards = {a: env._cumulative_rewards[a] for a in env.possible_agents}
    assert list(rewards.values()) == returns_of(game.position)
    assert sum(rewards.values()) == pytest.approx(0.0)
    winner = game.position.winner
    assert winner is not None and rewards[f"player_{winner[0]}"] == 1.0


def test_full_game_through_the_wrappers() -> None:
    """Random agents play four-player MADN to the end through PettingZoo's loop."""
    env = pachisi_v0.env(ruleset="maedn", players=4)
    env.reset(seed=4)
    rng = random.Random(4)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert terminated and not truncated and not obs["action_mask"].any()
            final[agent] = float(reward)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert len(final) == 4
    assert sorted(final.values()) == pytest.approx([-1 / 3, -1 / 3, -1 / 3, 1.0])


def test_illegal_action_ends_the_game_or_raises() -> None:
    raw = pachisi_v0.raw_env(ruleset="ludo", players=2)
    raw.reset(seed=1)
    illegal = next(i for i in range(N_ONE_DIE_ACTIONS) if i not in raw.match.legal)
    with pytest.raises(ValueError, match="not legal now"):
        raw.step(illegal)
    env = pachisi_v0.env(ruleset="ludo", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    env.step(illegal)
    assert env.terminations[agent] and env.rewards[agent] == -1


# -- Gymnasium -----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize("env_id", ["pachisi/Ludo-v0", "pachisi/Maedn-v0"])
def test_gymnasium_check_env(env_id: str, mode: str) -> None:
    env = gymnasium.make(env_id, mode=mode, render_mode="rgb_array")
    check_env(env.unwrapped)
    obs, info = env.reset(seed=2)
    assert obs.shape == env.observation_space.shape
    assert info["action_mask"].shape == (4,)


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_gym_games_end_and_repeat_by_seed(ruleset: str) -> None:
    """A seeded game against random opponents ends with the learner's return and repeats."""

    def play(seed: int) -> tuple[list[int], float]:
        env = PachisiEnv(ruleset, players=3, seat=1)
        _, info = env.reset(seed=seed)
        rng = random.Random(seed)
        actions: list[int] = []
        while True:
            a = rng.choice(list(np.flatnonzero(info["action_mask"])))
            actions.append(int(a))
            _, reward, terminated, truncated, info = env.step(np.int64(a))
            if terminated or truncated:
                assert terminated
                assert reward == returns_of(env.match.position)[1]
                return actions, float(reward)

    first = play(11)
    assert play(11) == first
    assert len(first[0]) > 10


def test_gym_plays_ludo_against_the_players_that_play_it_and_refuses_the_others() -> None:
    env = PachisiEnv("ludo", opponents="expectimax")
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    with pytest.raises(ValueError, match="learned: no network has learned maedn"):
        PachisiEnv("maedn", players=3, opponents="learned")
    with pytest.raises(ValueError, match="search: its win chance is not fitted to ludo"):
        PachisiEnv("ludo", opponents="search")


# -- OpenSpiel -----------------------------------------------------------------------------

OPENSPIEL_CASES = [
    ("ludo", {"players": 2}),
    ("ludo", {"players": 4, "mode": "play", "max_throws": 300}),
    ("ludo", {"players": 3, "options": "start_tries=three,blocks=impassable"}),
    ("maedn", {"players": 2}),
    ("maedn", {"players": 4, "mode": "play", "max_throws": 300}),
    ("maedn", {"players": 3, "options": "three_tries=true,goal_jump=false"}),
]


@pytest.mark.parametrize(
    ("ruleset", "params"),
    OPENSPIEL_CASES,
    ids=[f"{r}-{i}" for i, (r, _) in enumerate(OPENSPIEL_CASES)],
)
def test_openspiel_random_sim_test(ruleset: str, params: dict[str, object]) -> None:
    """OpenSpiel's own consistency checks (legal actions, chance sums, clones, observations)."""
    pyspiel = pytest.importorskip("pyspiel")
    import pachisi.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(f"python_pachisi_{ruleset}", params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_openspiel_chance_nodes_are_the_die(ruleset: str) -> None:
    """No chance node for the first player (players[0] starts); every throw is one die's
    six faces, 1/6 each; the decisions and observations are the engine's."""
    pyspiel = pytest.importorskip("pyspiel")
    import pachisi.rl.openspiel  # noqa: F401

    game = pyspiel.load_game(f"python_pachisi_{ruleset}", {"players": 3, "mode": "play"})
    assert game.num_distinct_actions() == 4 and game.max_chance_outcomes() == 6
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 1 / 6) for k in range(6)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 5) == "throw 6"
    rng = np.random.default_rng(3)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            assert [a for a, _ in state.chance_outcomes()] == list(range(6))
            state.apply_action(int(rng.integers(6)))
            continue
        m = state.match
        assert m.throw is not None and len(m.throw) == 1
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
    assert decisions > 20
    assert state.returns() == returns_of(state.match.position)


def test_openspiel_mcts_plays_maedn() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms import mcts

    import pachisi.rl.openspiel  # noqa: F401

    game = pyspiel.load_game("python_pachisi_maedn", {"max_throws": 60})
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


# -- the batched environment ---------------------------------------------------------------


@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_batched_games_are_game_games(ruleset: str, mode: str) -> None:
    """Both modes run on the clear engine; every finished game, replayed in Game from
    players[0], ends in the same position with the same returns."""
    env = BatchedEnv(3, ruleset, players=4, mode=mode)
    assert env.backend == ("match" if mode == "step" else "python")
    obs, mask, mover = env.reset(seed=3)
    assert obs.shape == (3, observation_size(env.setup)) and mask.shape == (3, 4)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(1500):
        # The history lists themselves: a restart gives a game a new one, so these keep
        # the whole of each game that ends at this step.
        histories: list[list[tuple[tuple[int, ...], Play]]] = []
        for i in range(3):
            if mode == "step":
                histories.append(env.matches[i].history)  # type: ignore[arg-type]
            else:
                assert env._py is not None
                histories.append(env._py.history[i])
            want = observe(env.position(i), int(mover[i]), env.throw(i))
            assert np.array_equal(obs[i], want)
        actions = np.array([int(rng.choice(np.flatnonzero(row))) for row in mask])
        obs, mask, mover, rewards, done = env.step(actions)
        for g in np.flatnonzero(done):
            ended += 1
            game = Game(Position.initial(env.setup))
            for throw, play in histories[g]:
                game.set_throw(throw)
                assert play in game.legal_plays()
                game.push(play)
            assert game.position.is_over
            assert np.array_equal(rewards[g], np.array(returns_of(game.position), np.float32))
    assert ended >= 3


def test_batched_refuses_the_kernel_for_one_die_rulesets() -> None:
    with pytest.raises(ValueError, match="the kernel's batch does not play maedn yet"):
        BatchedEnv(2, "maedn", mode="play", backend="kernel")
    env = BatchedEnv(2, "maedn", mode="play")  # auto: the clear engine
    assert env.backend == "python"


def test_batched_illegal_action_applies_nothing() -> None:
    env = BatchedEnv(2, "ludo", players=2, mode="play")
    env.reset(seed=5)
    before = [env.position(i) for i in range(2)]
    with pytest.raises(ValueError, match="not legal now"):
        env.step(np.array([0, 3], dtype=np.int64))
    assert [env.position(i) for i in range(2)] == before


# -- rendering -----------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_ring_geometry(ruleset: str) -> None:
    """L.1.2-3, M.1.1-3: the ring is a closed path of neighbouring cells (Ludo's turns the
    corners of the centre diagonally, as printed), each arm's entry 13 (10) squares after
    the last, its private squares a path from its last ring square."""
    setup = Setup.create(ruleset, players=4)
    ring = LUDO if ruleset == "ludo" else MAEDN
    b = board(ruleset)
    assert len(b.ring) == ring.size == len(set(b.ring))
    for q in range(ring.size):
        (x0, y0), (x1, y1) = b.ring[q], b.ring[(q + 1) % ring.size]
        assert max(abs(x0 - x1), abs(y0 - y1)) == 1
        if ruleset == "maedn":
            assert abs(x0 - x1) + abs(y0 - y1) == 1
    taken = set(b.ring)
    for c in range(4):
        route = [cells(setup, c, p) for p in range(1, ring.end + 1)]
        assert route[0] == b.ring[ring.step * c]
        steps = [(a, z) for a, z in itertools.pairwise(route) if a is not None and z is not None]
        assert len(steps) == ring.end - 1
        for a, z in steps:
            assert max(abs(a[0] - z[0]), abs(a[1] - z[1])) == 1
        private = {cell for cell in route[ring.last :] if cell is not None}
        assert len(private) == ring.end - ring.last and not taken & private
        taken |= private | set(b.yard[c])
    assert len(taken) == ring.size + 4 * (ring.end - ring.last) + 16


def test_marked_squares_follow_the_board_switch() -> None:
    """L.1.4: safe squares at p = 1, 8 (ludoking) or 9 (printed); ludopy's stars and globes."""
    assert sorted(q for q in marks(Setup.create("ludo", players=2)) if q < 13) == [0, 7]
    printed = Setup.create("ludo", players=2, options={"board": "printed"})
    assert sorted(q for q in marks(printed) if q < 13) == [0, 8]
    ludopy = marks(Setup.create("ludo", players=2, options={"board": "ludopy"}))
    assert {q: k for q, k in ludopy.items() if q < 13} == {4: "star", 8: "globe", 11: "star"}
    assert marks(Setup.create("maedn", players=2)) == {}


def test_ansi_board_shows_the_pawns() -> None:
    pos = Position.from_text(
        "ludo r,g,y,b - r:0.1.8.57,g:1.1.14.52,y:0.0.0.0,b:51.57.57.57 0 0 - - - 0 0"
    )
    out = ansi(pos, (3,))
    rows = out.splitlines()
    assert "Ludo, player 0 (red) to move, throw 3" in out

    def at(rows: list[str], cell: tuple[int, int] | None) -> str:
        assert cell is not None
        x, y = cell  # three characters a cell
        return rows[y][3 * x : 3 * x + 3].strip()  # the board's rows come first

    assert at(rows, cells(pos.setup, 1, 1)) == "G2"  # two green pawns on green's entry
    assert at(rows, cells(pos.setup, 3, 57)) == "B3"  # three blue pawns Home
    assert rows[-1] == pos.to_text()
    # L.1.4: two red and two green pawns share red's star at p = 8 (green's 47).
    shared = Position.from_text("ludo r,g - r:0.0.8.8,g:0.0.47.47 0 0 - - - 0 0")
    assert at(text(shared).splitlines(), cells(shared.setup, 0, 8)) == "RG"
    red_two = Position.from_text("ludo r,g - r:0.0.8.8,g:0.0.0.47 0 0 - - - 0 0")
    assert at(text(red_two).splitlines(), cells(red_two.setup, 0, 8)) == "R2G"
    start = Position.start("maedn", players=2)
    board_rows = text(start).splitlines()
    for x, y in board("maedn").yard[0]:  # red's yard: its four pawns waiting
        assert board_rows[y][3 * x : 3 * x + 3].strip() == "r"


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_pictures(ruleset: str) -> None:
    """rgb_array: the board's size, a red disc on red's entry square; svg: the same title."""
    pos = Position.from_text(
        f"{ruleset} r,y - r:0.0.0.1,y:0.0.0.0 0 0 - - - 0 0"
        if ruleset == "ludo"
        else f"{ruleset} r,g - r:0.0.0.1,g:0.0.0.0 0 0 - - - 0 0"
    )
    image = rgb_array(pos, (4,))
    width, height = picture_size(pos.setup)
    assert (
        image.shape
        == (height, width, 3)
        == {"ludo": (288, 240, 3), "maedn": (224, 176, 3)}[ruleset]
    )
    x, y = board(ruleset).ring[0]
    assert tuple(image[y * 16 + 8, x * 16 + 8]) == (205, 35, 35)
    doc = svg(pos, (4,))
    assert doc.startswith("<svg") and "throw&#160;4" in doc
    env = pachisi_v0.raw_env(ruleset=ruleset, players=2, render_mode="rgb_array")
    env.reset(seed=1)
    frame = env.render()
    assert isinstance(frame, np.ndarray) and frame.shape == (height, width, 3)


@pytest.mark.parametrize(("ruleset", "kw"), SETUPS[1:3] + SETUPS[5:6], ids=IDS[1:3] + IDS[5:6])
def test_every_render_mode_through_a_game(ruleset: str, kw: dict[str, Any]) -> None:
    """Each decision of a game renders in every mode: the text has the board's rows, the
    line of whose throw it is and the position; the picture the board's size."""
    setup = _setup(ruleset, kw)
    side = board(ruleset).side
    width, height = picture_size(setup)
    envs = {
        mode: pachisi_v0.raw_env(ruleset=ruleset, render_mode=mode, max_throws=60, **kw)
        for mode in ("ansi", "svg", "rgb_array")
    }
    for env in envs.values():
        env.reset(seed=8)
    rng = random.Random(8)
    while not envs["ansi"].match.done:
        out = envs["ansi"].render()
        assert isinstance(out, str)
        rows = out.splitlines()
        m = envs["ansi"].match
        assert len(rows) == side + 3 and rows[-1] == m.position.to_text()
        assert m.throw is not None
        assert rows[side].endswith(f"to move, throw {m.throw[0]}")
        doc = envs["svg"].render()
        assert isinstance(doc, str) and doc.startswith("<svg") and f'width="{width}"' in doc
        frame = envs["rgb_array"].render()
        assert isinstance(frame, np.ndarray) and frame.shape == (height, width, 3)
        action = rng.choice(m.legal_actions())
        for env in envs.values():
            env.step(action)
    positions = {env.match.position for env in envs.values()}
    assert len(positions) == 1
