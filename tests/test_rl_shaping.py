"""Reward shaping by the exact race values in the RL environments (issue 33).

In a race that the tables value, the shaped reward of a step is the exact
value change (the expected final reward by the race tables after the step less
the one before; at the end, the final reward less the last expectation),
computed here independently from :func:`pachisi.race.race_value`; over a whole
game the shaped rewards add up to the unshaped return less the start's potential.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pachisi import Position, race
from pachisi.rl import pachisi_v0
from pachisi.rl.gym import PachisiEnv
from pachisi.rl.shaping import check_shaping, potential
from pachisi.rules import Setup

#: Two-player Pagade races (two colours a player, at most two pawns short of Home each):
#: the tables value them exactly (RULES.md §4.5: the belly is the way Home alone).
RACES = (
    "pagade ry,bg - r:84.84.80.82,b:84.84.79.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -",
    "pagade ry,bg - r:84.84.84.78,b:84.84.84.77,y:84.84.84.80,g:84.84.84.84 1 0 11 - -",
)


def expected(position: Position, player: int) -> float:
    """``player``'s expected final reward by the race tables (+1 win, -1 loss)."""
    v = race.race_value(position)
    assert v is not None and v.error == 0.0
    return 2.0 * v.chances[player] - 1.0


@pytest.mark.parametrize("text", RACES)
@pytest.mark.parametrize("mode", ["step", "play"])
def test_gym_shaped_reward_is_the_exact_value_change(text: str, mode: str) -> None:
    start = Position.from_text(text)
    assert race.is_race(start)
    plain = PachisiEnv("pagade", mode=mode, opponents="random")
    shaped = PachisiEnv("pagade", mode=mode, opponents="random", reward_shaping="race")
    total = {}
    seed = next(s for s in range(20) if not _ends_at_reset(plain, s, start))
    for env in (plain, shaped):
        _, info = env.reset(seed=seed, options={"position": start})
        first = env.match.position  # the opponent may have moved first
        rewards = []
        done = False
        while not done:
            action = np.int64(info["action_mask"].argmax())  # the same choices in both games
            prev = env.match.position
            _, reward, done, truncated, info = env.step(action)
            rewards.append(float(reward))
            assert not truncated
            if env is shaped:
                after = env.match.position
                if done:
                    final = env.match.returns()[0]
                    assert reward == pytest.approx(final - expected(prev, 0), abs=1e-12)
                else:
                    change = expected(after, 0) - expected(prev, 0)
                    assert reward == pytest.approx(change, abs=1e-12)
        total[env is shaped] = sum(rewards)
        if env is plain:
            assert rewards[:-1] == [0.0] * (len(rewards) - 1)
    # the same game both times: the shaped rewards add up to the return less the first
    # decision's potential (potential-based shaping: the game's value to the learner is kept)
    assert total[True] == pytest.approx(total[False] - expected(first, 0), abs=1e-12)


def _ends_at_reset(env: PachisiEnv, seed: int, start: Position) -> bool:
    env.reset(seed=seed, options={"position": start})
    return env.match.done


@pytest.mark.parametrize("text", RACES)
def test_aec_shaped_rewards_telescope_for_every_agent(text: str) -> None:
    start = Position.from_text(text)
    totals = {}
    for shaping in (None, "race"):
        env = pachisi_v0.env(ruleset="pagade", players=2, reward_shaping=shaping)
        env.reset(seed=2, options={"position": start})
        got = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            got[agent] += float(reward)
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(obs["action_mask"].argmax()))
        totals[shaping] = got
    for i, agent in enumerate(env.possible_agents):
        want = totals[None][agent] - expected(start, i)
        assert totals["race"][agent] == pytest.approx(want, abs=1e-12)


def test_potential_is_zero_outside_races_and_at_the_end() -> None:
    start = Position.start("pagade", players=2)
    assert potential(start, "race") == [0.0, 0.0] and potential(start, None) == [0.0, 0.0]
    pos = Position.from_text(RACES[1])
    assert potential(pos, "race") == pytest.approx([expected(pos, 0), expected(pos, 1)])
    assert potential(pos, None) == [0.0, 0.0]
    env = PachisiEnv("pagade", reward_shaping="race")
    _, info = env.reset(seed=1)  # the start: no race, no shaping yet
    _, reward, *_ = env.step(np.int64(info["action_mask"].argmax()))
    assert reward == 0.0


def test_shaping_refused_where_it_cannot_be_exact() -> None:
    with pytest.raises(ValueError, match="two sides"):
        PachisiEnv("parcheesi", players=3, reward_shaping="race")
    with pytest.raises(ValueError, match="two sides"):
        pachisi_v0.env(ruleset="parcheesi", players=4, reward_shaping="race")
    with pytest.raises(ValueError, match="reward_shaping must be"):
        PachisiEnv("pagade", reward_shaping="luck")
    check_shaping(Setup.create("parcheesi", players=4, teams=True), "race")  # two teams
    env = PachisiEnv("pagade")
    with pytest.raises(ValueError, match="start position"):
        env.reset(seed=1, options={"position": Position.start("parcheesi")})
