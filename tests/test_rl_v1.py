"""``pachisi_v1``: the AEC environment whose play mode steps in the kernel (issue 35).

Its games are checked against independent paths: the clear engine
(``fast.pure()``) playing ``Match(..., draws="splitmix")`` throw for throw,
the batched environment's pure games (the first game of a seed), and its own
step mode.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pachisi import Position, Setup, fast, legal_plays
from pachisi.rl import pachisi_v0, pachisi_v1
from pachisi.rl.encoding import observation_size, observe
from pachisi.rl.lane import GAMMA, KernelMatch, LazyPlays, fits
from pachisi.rl.match import DEFAULT_MAX_PLAYS, Match, returns_of
from pachisi.rl.vector import BatchedEnv

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("pagade", {"players": 4}),
    ("pagade", {"players": 4, "teams": True}),
    ("pagade", {"players": 2, "options": {"play_for_places": True}}),
    ("whitman", {"players": 3}),
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("parcheesi", {"players": 4, "options": {"sum_move": "jump", "capture_bonus": 10}}),
    ("eight-man", {"players": 2}),
]
IDS = [f"{r}-{i}" for i, (r, _) in enumerate(SETUPS)]

kernel_only = pytest.mark.skipif(not fast.active(), reason="needs the compiled kernel")


def _pure_match(setup: Setup, seed: int, max_throws: int | None) -> Match:
    with fast.pure():
        return Match(setup, "play", seed=seed, max_throws=max_throws, draws="splitmix")


@kernel_only
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_the_kernel_lane_plays_the_clear_engines_games(ruleset: str, kw: dict[str, Any]) -> None:
    """Throw for throw, a KernelMatch and the clear engine's Match agree on everything."""
    setup = Setup.create(ruleset, **kw)
    n = len(setup.players)
    ends = 0
    for seed in range(3):
        max_throws = 40 if seed == 2 else None  # one game cut off
        km = KernelMatch(setup, seed=seed, max_throws=max_throws)
        m = _pure_match(setup, seed, max_throws)
        rng = random.Random(seed)
        while True:
            assert km.done == m.done
            assert km.position == m.position
            if m.done:
                break
            assert km.throw == m.throw and km.to_move == m.to_move
            assert km.legal_actions() == m.legal_actions()
            assert np.array_equal(km.mask(), m.mask())
            with fast.pure():
                assert list(km.plays) == list(m.plays)
                for v in range(n):
                    assert np.array_equal(km.observe(v), m.observe(v))
            a = rng.randrange(len(m.plays))
            km.apply(a)
            with fast.pure():
                m.apply(a)
        assert km.truncated == m.truncated and km.returns() == m.returns()
        assert km.throws == m.throws
        ends += 1
    assert ends == 3


@kernel_only
def test_a_cut_off_game_stops_after_max_throws() -> None:
    km = KernelMatch(Setup.create("whitman", players=2), seed=6, max_throws=12)
    rng = random.Random(6)
    while not km.done:
        km.apply(rng.randrange(len(km.plays)))
    assert km.truncated and km.returns() == [0.0, 0.0] and not km.position.is_over
    assert km.throws == 12 and km.legal_actions() == [] and not km.mask().any()


@kernel_only
def test_the_environment_on_both_engines_gives_the_same_steps() -> None:
    """pachisi_v1 in the kernel and with PACHISI_PURE's engine: observations, masks,
    rewards, ends and infos the same at every step."""
    kw: dict[str, Any] = {"ruleset": "parcheesi", "players": 4, "mode": "play"}
    fast_env = pachisi_v1.env(**kw)
    with fast.pure():
        pure_env = pachisi_v1.env(**kw)
    assert isinstance(fast_env.unwrapped.match, KernelMatch)
    assert isinstance(pure_env.unwrapped.match, Match)
    for seed in (1, 2):
        fast_env.reset(seed=seed)
        with fast.pure():
            pure_env.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for agent in fast_env.agent_iter():
            with fast.pure():
                assert pure_env.agent_selection == agent
                got = fast_env.last()
                want = pure_env.last()
            for k in ("observation", "action_mask"):
                assert np.array_equal(got[0][k], want[0][k])
            assert got[1:4] == want[1:4]
            with fast.pure():
                assert list(got[4].get("plays", [])) == list(want[4].get("plays", []))
            if got[2] or got[3]:
                fast_env.step(None)
                with fast.pure():
                    pure_env.step(None)
                continue
            a = rng.randrange(len(got[4]["plays"]))
            fast_env.step(a)
            with fast.pure():
                pure_env.step(a)
            steps += 1
        assert steps > 50
        with fast.pure():
            assert pure_env.agents == []


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_a_seed_plays_the_batched_environments_first_game(backend: str) -> None:
    """reset(seed=s) throws what BatchedEnv(1, mode="play") seeded s throws in its first game."""
    env = pachisi_v1.raw_env(ruleset="parcheesi", players=2, mode="play")
    batch = BatchedEnv(1, "parcheesi", players=2, mode="play", backend=backend)
    for seed in (5, 6):
        env.reset(seed=seed)
        obs, mask, mover = batch.reset(seed=seed)
        rng = random.Random(seed)
        while True:
            agent = env.agent_selection
            assert agent == f"player_{mover[0]}"
            seen = env.observe(agent)
            assert np.array_equal(seen["observation"], obs[0])
            assert np.array_equal(seen["action_mask"], mask[0])
            a = rng.randrange(int(batch.legal_counts[0]))
            env.step(a)
            obs, mask, mover, rewards, done = batch.step(np.array([a]))
            if done[0]:
                break
        assert env.match.done
        assert [env.rewards[a] for a in env.possible_agents] == list(rewards[0])


def test_step_mode_plays_the_same_games_as_play_mode() -> None:
    """The same seed and the same plays: step mode and play mode throw the same dice."""
    setup_kw: dict[str, Any] = {"ruleset": "whitman", "players": 2}
    step_env = pachisi_v1.raw_env(mode="step", max_throws=60, **setup_kw)
    play_env = pachisi_v1.raw_env(mode="play", max_throws=60, **setup_kw)
    step_env.reset(seed=9)
    play_env.reset(seed=9)
    rng = random.Random(9)
    while not step_env.match.done:
        m = step_env.match
        assert isinstance(m, Match)
        assert m.throw == play_env.match.throw and m.position == play_env.match.position
        made = len(m.history)
        while len(m.history) == made and not m.done:
            step_env.step(rng.choice(m.legal_actions()))
        result = m.history[made][1].position  # passes may follow it
        plays = play_env.match.plays
        play_env.step(next(i for i, p in enumerate(plays) if p.position == result))
    assert play_env.match.done and play_env.match.position == step_env.match.position


def test_splitmix_draws_are_the_kernels_streams() -> None:
    """Match's draws: the first player, then a face per die, from stream_seed(s, 0)."""
    setup = Setup.create("parcheesi", players=3)
    m = Match(setup, "step", seed=77, draws="splitmix")
    dice = fast.SplitMix64(fast.stream_seed(77, 0))
    assert m.position.to_move == dice.below(3)
    faces = (1, 2, 3, 4, 5, 6)
    thrown = [t for t, _ in m.history] + [m.throw]  # the passed throws, then the decision's
    assert thrown == [(faces[dice.below(6)], faces[dice.below(6)]) for _ in thrown]
    # The lane's jump to the k-th draw is k draws.
    jumped = fast.SplitMix64(fast.stream_seed(77, 0) + 5 * GAMMA)
    again = fast.SplitMix64(fast.stream_seed(77, 0))
    for _ in range(5):
        again.below(6)
    assert jumped.state == again.state
    with pytest.raises(ValueError, match="draws must be 'random' or 'splitmix'"):
        Match(setup, draws="numpy")


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize(
    ("ruleset", "kw", "mode"),
    [(r, kw, "play") for r, kw in SETUPS]
    + [
        ("parcheesi", {"players": 4}, "step"),
        ("pagade", {"players": 4}, "step"),
        ("ludo", {"players": 2}, "play"),
        ("maedn", {"players": 4}, "step"),
    ],
)
def test_pettingzoo_api_test(ruleset: str, kw: dict[str, Any], mode: str) -> None:
    """PettingZoo's own API test and seed test."""
    api_test(
        pachisi_v1.env(ruleset=ruleset, mode=mode, **kw), num_cycles=60, verbose_progress=False
    )
    seed_test(lambda: pachisi_v1.env(ruleset=ruleset, mode=mode, **kw), num_cycles=60)


def test_play_mode_lists_the_throws_outcomes_lazily() -> None:
    """infos["plays"] is the throw's plays in action order, enumerated when read."""
    env = pachisi_v1.raw_env(ruleset="parcheesi", players=4, mode="play")
    env.reset(seed=11)
    rng = random.Random(11)
    for _ in range(40):
        m = env.match
        agent = env.agent_selection
        plays = env.infos[agent]["plays"]
        assert m.throw is not None
        mask = env.observe(agent)["action_mask"]
        assert mask.shape == (DEFAULT_MAX_PLAYS["parcheesi"],) and int(mask.sum()) == len(plays)
        assert mask[: len(plays)].all()
        assert plays == legal_plays(m.position, m.throw)
        rows = env.afterstates()
        assert rows.shape == (len(plays), observation_size(env.setup))
        for row, play in zip(rows, plays, strict=True):
            assert np.array_equal(row, observe(play.position, m.to_move))
        assert all("plays" not in env.infos[a] for a in env.agents if a != agent)
        env.step(rng.randrange(len(plays)))


@kernel_only
def test_lazy_plays_count_without_enumerating() -> None:
    km = KernelMatch(Setup.create("parcheesi", players=2), seed=3)
    plays = km.plays
    assert isinstance(plays, LazyPlays)
    n = len(plays)
    assert n == len(km.legal_actions()) and plays._plays is None
    assert list(plays) == list(legal_plays(km.position, km.throw or (0, 0)))
    assert plays[n - 1] == list(plays)[-1] and plays != [] and plays != "x"
    # A list kept from a decision stays that decision's after the game moves on.
    kept, at, thrown = km.plays, km.position, km.throw
    km.apply(0)
    assert list(kept) == list(legal_plays(at, thrown or (0, 0)))


@pytest.mark.parametrize("mode", ["step", "play"])
def test_a_start_position_on_both_engines(mode: str) -> None:
    """reset(options={"position": pos}): the same game from pos, on both engines."""
    setup = Setup.create("parcheesi", players=2)
    start = Position(setup, ((1, 2, 30, 60), (), (0, 0, 5, 40), ()), 1, 0, None, (), None)
    env = pachisi_v1.raw_env(ruleset="parcheesi", players=2, mode=mode, max_throws=30)
    env.reset(seed=2, options={"position": start})
    with fast.pure():
        pure = pachisi_v1.raw_env(ruleset="parcheesi", players=2, mode=mode, max_throws=30)
        pure.reset(seed=2, options={"position": start})
    assert env.match.position == start == pure.match.position
    rng = random.Random(2)
    while not env.match.done:
        assert env.match.throw == pure.match.throw
        a = rng.choice(env.match.legal_actions())
        env.step(a)
        with fast.pure():
            pure.step(a)
    assert pure.match.done and env.match.position == pure.match.position
    assert env.rewards == pure.rewards
    with pytest.raises(ValueError, match="Position of this set-up"):
        env.reset(seed=1, options={"position": "start"})


@kernel_only
def test_a_kernel_match_refuses_what_it_cannot_do() -> None:
    setup = Setup.create("parcheesi", players=2)
    assert fits(setup, "play") and not fits(setup, "step")
    assert not fits(Setup.create("ludo", players=2), "play")
    km = KernelMatch(setup)
    over = Position(setup, ((), (), (), ()), 0, 0, None, (0,), (0,))
    km.reset(seed=1, position=over)
    assert km.done and km.position == over and km.returns() == returns_of(over)
    with pytest.raises(ValueError, match="first= is not supported"):
        km.reset(first=1)
    with pytest.raises(ValueError, match="does not play ludo"):
        KernelMatch(Setup.create("ludo", players=2))
    with pytest.raises(ValueError, match="max_throws must be a positive integer"):
        KernelMatch(setup, max_throws=0)


def test_max_throws_truncates_with_zero_rewards() -> None:
    env = pachisi_v1.env(ruleset="whitman", players=2, max_throws=12, mode="play")
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


@pytest.mark.parametrize("mode", ["step", "play"])
def test_an_illegal_action_through_the_wrappers_ends_the_game_for_its_agent(mode: str) -> None:
    env = pachisi_v1.env(ruleset="parcheesi", players=2, mode=mode)
    env.reset(seed=3)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())
    raw = env.unwrapped
    with pytest.raises(ValueError, match="is not legal now"):
        raw.reset(seed=3)
        raw.step(illegal)


def test_too_many_plays_name_max_plays() -> None:
    with pytest.raises(ValueError, match=r"distinct plays of .* exceed max_plays=1"):
        env = pachisi_v1.raw_env(ruleset="eight-man", mode="play", max_plays=1)
        for seed in range(20):
            env.reset(seed=seed)
            while not env.match.done:
                env.step(0)


@kernel_only
def test_a_lane_with_too_many_plays_refuses_actions_until_a_reset() -> None:
    setup = Setup.create("parcheesi", players=2)
    started = 0
    for seed in range(30):
        try:
            km = KernelMatch(setup, seed=seed, max_plays=1)  # its first decisions: one play
        except ValueError:
            continue
        started += 1
        with pytest.raises(ValueError, match="exceed max_plays=1"):
            while not km.done:
                km.apply(0)
        with pytest.raises(ValueError, match="is not legal now"):
            km.apply(0)
    assert started > 0


def test_names_and_the_kept_v0() -> None:
    """v1 says its name; v0 is still there, with its own (Game's) dice."""
    assert str(pachisi_v1.env()) == "pachisi_v1"
    assert str(pachisi_v0.env()) == "pachisi_v0"
    v0 = pachisi_v0.raw_env(ruleset="parcheesi", players=2, mode="play")
    assert isinstance(v0.match, Match) and v0.match.draws == "random"


@kernel_only
def test_shaped_rewards_and_pictures_on_the_kernels_path() -> None:
    """Reward shaping and render read the lane's positions: the same as on the clear engine."""
    # A two-player Pagade race (test_rl_shaping.py's first): the race tables value it.
    start = Position.from_text(
        "pagade ry,bg - r:84.84.80.82,b:84.84.79.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
    )
    kw: dict[str, Any] = {"ruleset": "pagade", "players": 2, "mode": "play"}
    fast_env = pachisi_v1.env(reward_shaping="race", render_mode="ansi", **kw)
    with fast.pure():
        pure_env = pachisi_v1.env(reward_shaping="race", render_mode="ansi", **kw)
    assert isinstance(fast_env.unwrapped.match, KernelMatch)
    fast_env.reset(seed=2, options={"position": start})
    with fast.pure():
        pure_env.reset(seed=2, options={"position": start})
    shaped = 0
    for agent in fast_env.agent_iter():
        assert pure_env.agent_selection == agent
        got = fast_env.last()
        with fast.pure():
            want = pure_env.last()
            assert fast_env.render() == pure_env.render()
        assert got[1] == pytest.approx(want[1], abs=1e-12) and got[2:4] == want[2:4]
        shaped += got[1] != 0.0
        action = None if got[2] or got[3] else int(got[0]["action_mask"].argmax())
        fast_env.step(action)
        with fast.pure():
            pure_env.step(action)
    assert shaped > 0


@kernel_only
def test_short_games_cut_off_among_passed_throws() -> None:
    """max_throws reached in passed throws, before or after a decision: the same end."""
    setup = Setup.create("parcheesi", players=2)
    no_decision = passes_last = 0
    for seed in range(40):
        km = KernelMatch(setup, seed=seed, max_throws=3)
        m = _pure_match(setup, seed, 3)
        no_decision += km.done
        while not m.done:
            km.apply(0)
            with fast.pure():
                m.apply(0)
                passes_last += len(m.history) > 0 and not m.history[-1][1].actions
        assert km.done and km.truncated == m.truncated
        assert km.throws == m.throws and km.position == m.position
    assert no_decision > 0 and passes_last > 0


class _GeneralPathEnv(pachisi_v1.raw_env):
    """``pachisi_v1.raw_env`` on ``pachisi_v0.raw_env``'s general step and observe."""

    step = pachisi_v0.raw_env.step
    observe = pachisi_v0.raw_env.observe


@kernel_only
@pytest.mark.parametrize("illegal_at", [None, 7])
def test_the_fast_wrapped_step_is_pettingzoos_wrappers_on_the_general_path(
    illegal_at: int | None,
) -> None:
    """``pachisi_v1.env``'s fused wrappers and kernel fast paths against PettingZoo's own
    wrappers around the general raw path: the same agents, observations, masks, rewards,
    flags and infos at every step, whole games (one ended by an illegal move)."""
    from pettingzoo.utils import wrappers

    kw: dict[str, Any] = {"ruleset": "parcheesi", "players": 4, "mode": "play"}
    fast_env = pachisi_v1.env(**kw)
    ref = wrappers.OrderEnforcingWrapper(
        wrappers.AssertOutOfBoundsWrapper(
            wrappers.TerminateIllegalWrapper(_GeneralPathEnv(**kw), illegal_reward=-1)
        )
    )
    for seed in (5, 6):
        fast_env.reset(seed=seed)
        ref.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        it_ref = iter(ref.agent_iter())
        for agent in fast_env.agent_iter():
            assert next(it_ref) == agent
            got, want = fast_env.last(), ref.last()
            for g, w in zip(got, want, strict=True):
                if isinstance(w, dict) and "action_mask" in w:
                    assert g.keys() == w.keys()
                    for key in w:
                        assert g[key].dtype == w[key].dtype
                        assert np.array_equal(g[key], w[key])
                elif isinstance(w, dict):
                    assert g.keys() == w.keys()
                    assert len(g.get("plays", ())) == len(w.get("plays", ()))
                else:
                    assert g == w
            assert fast_env.rewards == ref.rewards and fast_env._cumulative_rewards == (
                ref._cumulative_rewards
            )
            assert {a: sorted(i) for a, i in fast_env.infos.items()} == {
                a: sorted(i) for a, i in ref.infos.items()
            }
            obs, _, term, trunc, _ = want
            if term or trunc:
                action = None
            elif steps == illegal_at:
                action = int(np.flatnonzero(obs["action_mask"] == 0)[0])
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            fast_env.step(action)
            ref.step(action)
            steps += 1
        with pytest.raises(StopIteration):
            next(it_ref)
        assert fast_env.rewards == ref.rewards
        assert fast_env.terminations == ref.terminations
        assert fast_env.truncations == ref.truncations
        assert steps > (10 if illegal_at else 100)


@pytest.mark.parametrize("mode", ["play", "step"])
def test_the_agent_iterator_keeps_pettingzoos_checks(mode: str) -> None:
    """The wrapped ``agent_iter`` (a generator since issue 35's lighter step) refuses a
    second agent without a step between, as PettingZoo's iterator does, and stops after
    ``max_iter`` agents or when no agent is left."""
    env = pachisi_v1.env(ruleset="parcheesi", players=2, mode=mode)
    env.reset(seed=1)
    it = iter(env.agent_iter())
    assert next(it) == env.agent_selection
    with pytest.raises(AssertionError, match="need to call step"):
        next(it)
    env.reset(seed=1)
    seen = []
    for agent in env.agent_iter(max_iter=3):
        seen.append(agent)
        obs, _, _, _, _ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(seen) == 3
    env.reset(seed=2)
    steps = 0
    for _ in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert not env.agents and steps > 10
