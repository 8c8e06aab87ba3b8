"""The PettingZoo environment ``pachisi_v0`` and the encodings under it (issue 21)."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pachisi import Game, Position, PositionError, Setup, Turn, legal_plays
from pachisi.moves import PAIR, PENALTY
from pachisi.rl import pachisi_v0
from pachisi.rl.encoding import (
    N_STEP_ACTIONS,
    decode_steps,
    observation_size,
    observe,
    seat_colours,
    step_index,
)
from pachisi.rl.match import DEFAULT_MAX_PLAYS, Match, returns_of

# Every ruleset and set-up, and the rule switches that change what a step is.
SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("pagade", {"players": 4}),
    ("pagade", {"players": 4, "teams": True}),
    ("pagade", {"players": 2}),
    (
        "pagade",
        {
            "players": 4,
            "options": {"sum_move": "hops", "pair_move": "double", "play_for_places": True},
        },
    ),
    ("whitman", {"players": 2}),
    ("whitman", {"players": 3}),
    ("whitman", {"players": 4, "options": {"partial_doubles": "nothing"}}),
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 3}),
    ("parcheesi", {"players": 4, "teams": True}),
    (
        "parcheesi",
        {
            "players": 4,
            "options": {"sum_move": "jump", "blockade_may_advance": True, "capture_bonus": 10},
        },
    ),
    ("eight-man", {"players": 2}),
    ("eight-man", {"players": 2, "majors": ["yellow", "green"], "options": {"sum_move": "jump"}}),
]
IDS = [f"{r}-{i}" for i, (r, _) in enumerate(SETUPS)]


def _setup(ruleset: str, kw: dict[str, Any]) -> Setup:
    return Setup.create(ruleset, **kw)


def _completions(turn: Turn) -> set[Position]:
    """Every resulting position reachable through the mask, depth first."""
    if turn.is_complete:
        return {turn.result()}
    out: set[Position] = set()
    for action in decode_steps(turn).values():
        turn.push(action)
        out |= _completions(turn)
        turn.pop()
    return out


@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_step_mask_is_exactly_the_legal_steps(ruleset: str, kw: dict[str, Any]) -> None:
    """On random games: one index per legal step, none shared, the decoded step the same;
    and the step sequences the masks allow end in exactly the positions of legal_plays."""
    setup = _setup(ruleset, kw)
    rng = random.Random(21)
    m = Match(setup, "step", seed=ruleset_seed(ruleset), max_throws=150)
    checked_plays = 0
    while not m.done:
        assert m.turn is not None and m.throw is not None
        legal = m.turn.legal_steps()
        mask = m.mask()
        assert mask.shape == (N_STEP_ACTIONS,) and mask.dtype == np.int8
        assert int(mask.sum()) == len(legal) >= 1
        for action in legal:
            i = step_index(m.turn, action)
            assert mask[i] == 1 and m.legal[i] == action
        if not m.turn.steps and checked_plays < 25 and len(legal) <= 12:
            want = {p.position for p in legal_plays(m.position, m.throw)}
            assert _completions(Turn(m.position, m.throw)) == want
            checked_plays += 1
        m.apply(rng.choice(m.legal_actions()))
    assert checked_plays > 0


def ruleset_seed(ruleset: str) -> int:
    """A fixed seed per ruleset (so the tests cover different dice)."""
    return {"pagade": 5, "whitman": 6, "parcheesi": 7, "eight-man": 8}[ruleset]


def test_pair_and_penalty_steps_have_their_own_indices() -> None:
    """A Pagade pair move and a third-doublet penalty are named by their sub-actions."""
    pos = Position.start("pagade", players=4)
    turn = Turn(pos, (6, 6))
    pairs = [a for a in turn.legal_steps() if a.kind == PAIR]
    assert pairs and all(step_index(turn, a) % 18 == 14 for a in pairs)
    third = Position.from_text("parcheesi r,y - r:0.0.5.30,y:0.0.0.0 0 2 - - -")
    turn = Turn(third, (4, 4))
    (penalty,) = turn.legal_steps()
    assert penalty.kind == PENALTY and penalty.frm == 30
    assert step_index(turn, penalty) == 3 * 18 + 17  # the red pawn ranked 3 goes back


@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS[::2], ids=IDS[::2])
def test_games_are_the_engines_games(ruleset: str, kw: dict[str, Any], mode: str) -> None:
    """For a seed, the environment throws what Game throws and reaches the same positions."""
    seed = 1000 + len(kw)
    env = pachisi_v0.raw_env(ruleset=ruleset, mode=mode, max_throws=120, **kw)
    env.reset(seed=seed)
    rng = random.Random(seed)
    while not env.match.done:
        env.step(rng.choice(env.match.legal_actions()))
    game = Game.new(ruleset, seed=seed, **kw)
    assert game.position == Position.initial(env.setup, game.position.to_move)
    history = env.match.history
    assert len(history) == env.match.throws
    for throw, play in history:
        assert game.roll() == throw
        game.push(play)
        assert game.position == play.position
    assert game.position == env.match.position


def test_full_games_end_with_zero_sum_rewards() -> None:
    """Random agents play two-player Parcheesi and 3-player Whitman to the end."""
    for ruleset, players in (("parcheesi", 2), ("whitman", 3)):
        env = pachisi_v0.env(ruleset=ruleset, players=players)
        env.reset(seed=4)
        rng = random.Random(4)
        final_rewards: dict[str, float] = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert terminated and not truncated
                final_rewards[agent] = float(reward)
                assert not obs["action_mask"].any()
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(rng.choice(legal)))
        assert env.agents == [] and len(final_rewards) == players
        final = env.unwrapped.match.position
        assert final.winner is not None
        assert final_rewards == {f"player_{i}": r for i, r in enumerate(returns_of(final))}
        assert sum(final_rewards.values()) == pytest.approx(0.0)
        assert final_rewards[f"player_{final.winner[0]}"] == 1.0


# PettingZoo's api_test asks for Box observations; its classic games, like this one,
# give a Dict of observation and action mask.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("mode", ["step", "play"])
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_pettingzoo_api_test(ruleset: str, kw: dict[str, Any], mode: str) -> None:
    """PettingZoo's own API test and seed test."""
    api_test(
        pachisi_v0.env(ruleset=ruleset, mode=mode, **kw), num_cycles=60, verbose_progress=False
    )
    seed_test(lambda: pachisi_v0.env(ruleset=ruleset, mode=mode, **kw), num_cycles=60)


def test_max_throws_truncates_with_zero_rewards() -> None:
    env = pachisi_v0.env(ruleset="whitman", players=2, max_throws=12)
    env.reset(seed=6)
    rng = random.Random(6)
    ends = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            ends[agent] = (reward, terminated, truncated)
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert ends == {"player_0": (0.0, False, True), "player_1": (0.0, False, True)}
    assert env.unwrapped.match.throws == 12


def test_play_mode_lists_the_throws_outcomes() -> None:
    """Play mode: the mask covers the distinct plays; infos and afterstates describe them."""
    env = pachisi_v0.raw_env(ruleset="parcheesi", players=4, mode="play")
    env.reset(seed=11)
    rng = random.Random(11)
    for _ in range(40):
        m = env.match
        agent = env.agent_selection
        plays = env.infos[agent]["plays"]
        assert m.throw is not None
        assert plays == legal_plays(m.position, m.throw)
        mask = env.observe(agent)["action_mask"]
        assert mask.shape == (DEFAULT_MAX_PLAYS["parcheesi"],) and int(mask.sum()) == len(plays)
        assert mask[: len(plays)].all()
        rows = env.afterstates()
        assert rows.shape == (len(plays), observation_size(env.setup))
        for row, play in zip(rows, plays, strict=True):
            assert np.array_equal(row, observe(play.position, m.to_move))
        assert all("plays" not in env.infos[a] for a in env.agents if a != agent)
        env.step(rng.randrange(len(plays)))


def test_too_many_plays_name_max_plays() -> None:
    """A throw with more outcomes than the bound is an error that says what to change."""
    with pytest.raises(ValueError, match=r"distinct plays of \(\d, \d\) exceed max_plays=1"):
        env = pachisi_v0.raw_env(ruleset="eight-man", mode="play", max_plays=1)
        for seed in range(20):
            env.reset(seed=seed)
            while not env.match.done:
                env.step(0)


def test_observation_layout_at_the_start() -> None:
    """Pawn counts by progress from the viewer's side, colour flags, seat, throw."""
    setup = Setup.create("parcheesi", players=4, teams=True)
    pos = Position.initial(setup, 1)
    obs = observe(pos, 1, (6, 2))
    h = 73
    assert obs.shape == (observation_size(setup),) == (4 * h + 58,)
    assert obs.dtype == np.float32 and obs.min() >= 0.0 and obs.max() <= 1.0
    for j in range(4):
        assert obs[j * h] == 1.0  # four pawns in each nest
        assert obs[j * h + 1 : (j + 1) * h].sum() == 0
    flags = obs[4 * h : 4 * h + 24].reshape(4, 6)
    # Viewer 1's colours, then players 2, 3, 0; partners 1 and 3.
    assert seat_colours(setup, 1) == [3, 2, 1, 0]
    assert flags[:, 0].tolist() == [1, 1, 1, 1]
    assert flags[:, 1].tolist() == [1, 0, 0, 0]
    assert flags[:, 2].tolist() == [1, 0, 1, 0]
    seat = obs[4 * h + 24 : 4 * h + 28]
    assert seat.tolist() == [1, 0, 0, 0]
    throw = obs[4 * h + 28 : 4 * h + 43]
    assert throw[2 - 1] == 1 and throw[6 + 6 - 1] == 1 and throw[12] == 1 and throw.sum() == 3
    assert observe(pos, 0)[4 * h + 24 : 4 * h + 28].tolist() == [0, 1, 0, 0]


def test_observation_follows_the_steps() -> None:
    """In step mode the pawns are those after the steps made, the numbers used are counted."""
    m = Match(Setup.create("parcheesi", players=2), seed=3)
    assert m.throw == (3, 5)
    before = m.observe()
    m.apply(0)  # yellow enters with the 5
    after = m.observe()
    assert before[0] == 1.0 and after[0] == 0.75 and after[1] == 0.25
    used = after[4 * 73 + 43 : 4 * 73 + 49]
    assert used.tolist() == [0, 0, 0, 0, 0.25, 0]


def test_returns() -> None:
    """Places, shared places, teams, zero sums."""
    three = Setup.create("whitman", players=3)
    won = Position(three, ((72,) * 4, (), (0, 0, 0, 5), (1, 2, 3, 4)), 1, 0, None, (0,), (0,))
    assert returns_of(won) == [1.0, -0.5, -0.5]
    assert returns_of(Position.initial(three)) == [0.0, 0.0, 0.0]
    teams = Setup.create("parcheesi", players=4, teams=True)
    done = Position(
        teams, ((72,) * 4, (1, 2, 3, 4), (72,) * 4, (0, 0, 0, 0)), 1, 0, None, (0, 2), (0, 2)
    )
    assert returns_of(done) == [1.0, -1.0, 1.0, -1.0]


def test_render_ansi_and_svg() -> None:
    env = pachisi_v0.env(ruleset="pagade", players=4, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str)
    assert "Pagade, player" in text and "steps so far: -" in text
    assert Position.from_text(text.splitlines()[-1]) == env.unwrapped.match.position
    env = pachisi_v0.env(ruleset="eight-man", render_mode="svg")
    env.reset(seed=2)
    picture = env.render()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert "Eight-Man&#160;Parcheesi" in picture  # the title, spaces escaped


def test_bad_arguments_say_what_is_wrong() -> None:
    with pytest.raises(PositionError, match="unknown ruleset 'chess'"):
        pachisi_v0.env(ruleset="chess")
    with pytest.raises(PositionError, match="players"):
        pachisi_v0.env(ruleset="eight-man", players=4)
    with pytest.raises(ValueError, match="mode must be 'step' or 'play'"):
        pachisi_v0.env(mode="whole")
    with pytest.raises(ValueError, match="render_mode"):
        pachisi_v0.env(render_mode="human")
    raw = pachisi_v0.raw_env(players=2)
    raw.reset(seed=1)
    bad = next(i for i in range(N_STEP_ACTIONS) if i not in raw.match.legal)
    with pytest.raises(ValueError, match=f"action {bad} is not legal now"):
        raw.step(bad)


def test_an_illegal_action_through_the_wrappers_ends_the_game_for_its_agent() -> None:
    """PettingZoo's TerminateIllegalWrapper: the offender gets -1, the game ends for all."""
    env = pachisi_v0.env(ruleset="parcheesi", players=2)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())
    raw = env.unwrapped
    assert env.terminations == raw.terminations


def test_the_wrappers_write_through_to_the_raw_environment() -> None:
    """Older PettingZoo wrappers assign these on themselves; the raw environment must change."""
    env = pachisi_v0.env(ruleset="parcheesi", players=2)
    env.reset(seed=1)
    raw = env.unwrapped
    other = next(a for a in raw.agents if a != raw.agent_selection)
    env.agent_selection = other
    assert raw.agent_selection == other
    env.terminations = {a: True for a in raw.agents}
    assert all(raw.terminations.values())


@pytest.mark.parametrize("mode", ["step", "play"])
def test_the_wrapped_env_refuses_actions_outside_the_space(mode: str) -> None:
    """PettingZoo's out-of-bounds check, with its fast path for a plain int (issue 35)."""
    env = pachisi_v0.env(ruleset="parcheesi", players=2, mode=mode)
    n = env.action_space("player_0").n
    for bad in (-1, int(n), 10**30, 2.0, "1"):
        env.reset(seed=4)
        with pytest.raises(AssertionError, match="not in action space"):
            env.step(bad)  # type: ignore[arg-type]
    env.reset(seed=4)
    obs, *_ = env.last()
    legal = np.flatnonzero(obs["action_mask"])
    m = env.unwrapped.match

    def made() -> tuple[int, int]:
        return len(m.history), len(m.turn.steps) if m.turn is not None else 0

    before = made()
    env.step(np.int64(legal[0]))  # type: ignore[arg-type]  # numpy ints are in the space too
    assert made() != before  # a step or a play was made
