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
  whose plays are enumerated when first read. **Step mode walks the kernel's
  step graph** there: :class:`pachisi.rl.steplane.KernelStepMatch` (a
  :class:`~pachisi.rl.match.Match`) works out the step indices, the mask and the
  observation from the graph's integer records, without building an
  :class:`~pachisi.moves.Action`, a :class:`~pachisi.moves.Turn` or a
  :class:`~pachisi.moves.Play` (built when asked for: ``match.turn``,
  ``match.legal``, ``match.history``). Elsewhere (the one-die rulesets,
  ``PACHISI_PURE=1``, no kernel) the same games are played by
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
from .lane import KernelMatch, LazyPlays, fits
from .match import Match
from .steplane import KernelStepMatch, fits_steps

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment with PettingZoo's usual wrappers (as :func:`pachisi_v0.env`)."""
    raw = raw_env(**kwargs)
    e: AECEnv[str, dict[str, Any], int] = pachisi_v0._TerminateIllegal(raw, illegal_reward=-1)
    return _OrderEnforcing(pachisi_v0._AssertOutOfBounds(e))


class _OrderEnforcing(pachisi_v0._OrderEnforcing):
    """``pachisi_v0``'s outer wrapper, its ``last`` reading the kernel's rows at once."""

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        d = self.__dict__
        raw = d["_raw"]
        if not observe or not d["_has_reset"]:
            got: tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]
            got = super().last(observe)
            return got
        # pachisi_v0._OrderEnforcing.last, with raw_env.observe and KernelMatch.observation
        # inlined for the mover of an open decision (the kernel's rows, copied); without a
        # kernel lane (step mode, ...), pachisi_v0's raw_env.observe called at once.
        agent = raw.agent_selection
        infos = raw.infos
        lane = raw._lane
        if lane is None:
            steps = raw._steps
            if steps is not None and steps._g is not None:
                obs = steps.observation(raw._index[agent])
            else:
                obs = pachisi_v0.raw_env.observe(raw, agent)
        elif lane._final is None and raw._index[agent] == lane._mover:
            obs = {"observation": lane._obs_copy(), "action_mask": lane._mask_copy()}
        else:
            obs = raw.observe(agent)
        kept = d["_kept"]
        kept["_prev_obs"] = obs
        kept["_prev_info"] = infos.get(agent, {})
        return (
            obs,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            infos[agent],
        )


class raw_env(pachisi_v0.raw_env):  # PettingZoo's name for it
    """Pachisi as a PettingZoo AEC environment: ``pachisi_v0.raw_env``'s arguments
    (see the module docstring for what differs)."""

    metadata: ClassVar[dict[str, Any]] = {
        **pachisi_v0.raw_env.metadata,
        "name": "pachisi_v1",
    }

    #: The match when it is a :class:`KernelMatch` (the fast paths below), else ``None``.
    _lane: KernelMatch | None = None
    #: The match when it is a :class:`KernelStepMatch` (step mode on the kernel's graph).
    _steps: KernelStepMatch | None = None

    def _new_match(
        self, mode: str, max_plays: int | None, max_throws: int | None
    ) -> Match | KernelMatch:
        if fits(self.setup, mode):
            self._lane = KernelMatch(self.setup, max_plays=max_plays, max_throws=max_throws)
            return self._lane
        if mode == "step" and fits_steps(self.setup):
            self._steps = KernelStepMatch(self.setup, max_throws=max_throws)
            return self._steps
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
        if self.reward_shaping is not None:
            super()._live_step(action)
            return
        # pachisi_v0.raw_env._live_step without shaping, its rewards cleared here.
        self._cumulative_rewards[self.agent_selection] = 0.0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0
        lane = self._lane
        if lane is None:
            steps = self._steps
            if steps is None:
                self.match.apply(action)
                self._after_move()
                return
            steps.apply(action)
            if steps._g is None:  # the throw ended
                self._after_move()
                return
            # _after_move of a throw going on: the same mover, no reward, fresh infos
            self.agent_selection = self.possible_agents[steps.position.to_move]
            infos = self.infos
            for a in self.agents:
                infos[a] = {}
            return
        # The game going on after a kernel step.
        lane.apply(action)
        if lane._final is not None:
            self._after_move()
            return
        self.agent_selection = selected = self.possible_agents[lane._mover]
        # lane.plays, made here at once (LazyPlays.of without its call)
        lane._plays = plays = LazyPlays()
        plays._match = lane
        plays._state = lane._st
        plays._count = lane._k
        plays._plays = None
        infos = self.infos
        for a in self.agents:
            infos[a] = {}
        infos[selected] = {"plays": plays}
