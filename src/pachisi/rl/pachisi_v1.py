"""The PettingZoo AEC environment ``pachisi_v1``: ``pachisi_v0`` with its play mode in the kernel.

>>> from pachisi.rl import pachisi_v1
>>> env = pachisi_v1.env(ruleset="parcheesi", players=4, mode="play")
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(info["plays"])
((350,), True)
>>> env.step(0)

The same agents, spaces, observations, masks, rewards, infos, options and
wrappers as :mod:`pachisi.rl.pachisi_v0` (its docstring describes them);
two things differ:

* **Play mode steps inside the compiled kernel** where it is installed and
  plays the ruleset (every ruleset but ``ludo`` and ``maedn``):
  :class:`pachisi.rl.lane.KernelMatch`, a ``Batch`` of one game, enumerates
  the throw's plays, plays the chosen one and writes the next observation and
  mask without building a :class:`~pachisi.Position` or a
  :class:`~pachisi.moves.Play`; ``infos[agent]["plays"]`` is a lazy sequence
  whose plays are enumerated when first read. Elsewhere (step mode, the one-die
  rulesets, ``PACHISI_PURE=1``, no kernel) the same games are played by
  :class:`~pachisi.rl.match.Match` on the library path.
* **The dice are the kernel's streams** (``Match(..., draws="splitmix")``):
  ``reset(seed=s)`` throws from :class:`pachisi.fast.SplitMix64` seeded
  ``stream_seed(s, 0)``, its first draw naming the first player (no
  preliminary throws; ``players[0]`` in ``ludo`` and ``maedn``), then one draw
  per die: the first game of ``BatchedEnv(1, ..., mode="play")`` seeded
  ``s``. So a seed gives other games than in ``pachisi_v0``, the same ones on
  both engines and in both modes (for the same choices).
"""

from __future__ import annotations

from typing import Any, ClassVar

from pettingzoo import AECEnv

from . import pachisi_v0
from .lane import _NOUT, _TO_MOVE, KernelMatch, LazyPlays, fits
from .match import Match

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment with PettingZoo's usual wrappers (as :func:`pachisi_v0.env`)."""
    raw = raw_env(**kwargs)
    e: AECEnv[str, dict[str, Any], int] = pachisi_v0._TerminateIllegal(raw, illegal_reward=-1)
    return _OrderEnforcing(pachisi_v0._AssertOutOfBounds(e))


class _OrderEnforcing(pachisi_v0._OrderEnforcing):
    """``pachisi_v0``'s outer wrapper with ``last()`` and a legal ``step()`` of a kernel
    lane made in one call each (no reward shaping; anything else: ``pachisi_v0``'s path).

    What PettingZoo's three wrappers, :meth:`raw_env.observe`,
    :meth:`raw_env._live_step` and :meth:`KernelMatch.apply` do on that path,
    inlined: the same observations, masks, rewards, flags and infos
    (``tests/test_rl_v1.py`` compares whole games with PettingZoo's own wrappers).
    """

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        d = self.__dict__
        raw = d["_raw"]
        lane = raw._lane
        if lane is None or not observe or not d["_has_reset"]:
            return super().last(observe)
        agent = raw.agent_selection
        info = raw.infos[agent]
        if lane._final is None and raw._index[agent] == lane._mover:
            obs = {"observation": lane._obs_copy(), "action_mask": lane._mask_copy()}
        else:
            obs = lane.observation(raw._index[agent])
        kept = d["_kept"]
        kept["_prev_obs"] = obs
        kept["_prev_info"] = info
        return (
            obs,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            info,
        )

    def step(self, action: int) -> None:
        d = self.__dict__
        raw = d["_raw"]
        lane = raw._lane
        kept = d["_kept"]
        prev = kept["_prev_obs"]
        if (
            type(action) is int
            and lane is not None
            and type(prev) is dict
            and 0 <= action < lane._k
            and d["_has_reset"]
            and raw.agents
            and not kept["_terminated"]
            and raw.reward_shaping is None
        ):
            agent = raw.agent_selection
            if (
                not raw.terminations[agent]
                and not raw.truncations[agent]
                and prev["action_mask"][action]
            ):
                d["_has_updated"] = True
                kept["_prev_obs"] = None
                kept["_prev_info"] = None
                raw._cumulative_rewards[agent] = 0.0
                rewards = raw.rewards
                for a in rewards:
                    rewards[a] = 0
                before = lane._st
                err = lane._play(action)
                lane._position = None
                if err > 0:
                    lane._plays = None
                    lane._stopped(err, action, before)
                    raw._after_move()
                    return
                lane._st = st = lane._batch.state(0)
                lane._k = k = st[_NOUT]
                lane._mover = mover = st[_TO_MOVE]
                raw.agent_selection = selected = raw.possible_agents[mover]
                # Every agent's info is a new empty dict after a step, the mover's with his
                # plays: the others' are empty since the last step, only these two change.
                infos = raw.infos
                infos[agent] = {}
                lane._plays = plays = LazyPlays(lane, st, k)
                infos[selected] = {"plays": plays}
                return
        super().step(action)


class raw_env(pachisi_v0.raw_env):  # PettingZoo's name for it
    """Pachisi as a PettingZoo AEC environment: ``pachisi_v0.raw_env``'s arguments
    (see the module docstring for what differs)."""

    metadata: ClassVar[dict[str, Any]] = {
        **pachisi_v0.raw_env.metadata,
        "name": "pachisi_v1",
    }

    #: The match when it is a :class:`KernelMatch` (the fast paths below), else ``None``.
    _lane: KernelMatch | None = None

    def _new_match(
        self, mode: str, max_plays: int | None, max_throws: int | None
    ) -> Match | KernelMatch:
        if fits(self.setup, mode):
            self._lane = KernelMatch(self.setup, max_plays=max_plays, max_throws=max_throws)
            return self._lane
        return Match(self.setup, mode, max_plays=max_plays, max_throws=max_throws, draws="splitmix")

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: the vector from his side and his action mask."""
        lane = self._lane
        if lane is None:
            return super().observe(agent)
        return lane.observation(self._index[agent])

    def _live_step(self, action: int) -> None:
        """:meth:`step` of an agent whose game goes on (the wrappers call it after their
        checks)."""
        lane = self._lane
        if lane is None or self.reward_shaping is not None:
            super()._live_step(action)
            return
        # pachisi_v0.raw_env._live_step without shaping, its game going on after a kernel step.
        self._cumulative_rewards[self.agent_selection] = 0.0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0
        lane.apply(action)
        if lane._final is not None:
            self._after_move()
            return
        self.agent_selection = selected = self.possible_agents[lane._mover]
        infos = self.infos
        for a in self.agents:
            infos[a] = {}
        infos[selected]["plays"] = lane.plays
