"""The PettingZoo AEC environment ``pachisi_v0``: every ruleset, exact rules.

Superseded by :mod:`pachisi.rl.pachisi_v1` (the same environment, its play
mode stepped inside the compiled kernel, its dice drawn as the kernel's
batched games draw them, so its seeded games differ). ``pachisi_v0`` stays
importable, unchanged, for code and results that depend on its seeded games;
new code should use ``pachisi_v1`` (CHANGELOG.md, docs/rl.md).

(``ludo`` and ``maedn`` too: their step actions and observation are the one-die
encodings of :mod:`pachisi.rl.encoding`, and ``players[0]`` always starts.)

>>> from pachisi.rl import pachisi_v0
>>> env = pachisi_v0.env(ruleset="parcheesi", players=2)
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> env.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum())
('player_1', (350,), 1)
>>> env.step(int(obs["action_mask"].argmax()))

Agents are named by seat, ``player_0`` .. ``player_{n-1}`` (the set-up's
player indices). Each observation is a dict with ``observation`` (the
vector of :func:`pachisi.rl.encoding.observe`, from that agent's side) and
``action_mask`` (int8 ones at the legal actions; zeros for an agent not to
move). Actions are the steps of :mod:`pachisi.rl.encoding` (``mode="step"``)
or the index of a whole play among the throw's distinct outcomes
(``mode="play"``; ``infos[agent]["plays"]`` lists them and
:meth:`raw_env.afterstates` encodes their positions). Rewards come at the
end (:func:`pachisi.rl.match.returns_of`): +1/-1 for two players, by place
otherwise, shared by partners. ``reset(seed=...)`` seeds the preliminary
throws and every throw after them, as :class:`pachisi.Game` does;
``reset(options={"position": pos})`` starts from a position instead. With
``reward_shaping="race"`` every step also gives each agent the change of his
expected final reward by the exact race tables (:mod:`pachisi.rl.shaping`);
the -1 of an illegal move (PettingZoo's wrapper) is not shaped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable

from ..rules import Setup
from .encoding import Array, observation_size
from .lane import KernelMatch
from .match import Match
from .shaping import check_shaping, potential

__all__ = ["env", "raw_env", "wrap"]


def env(**kwargs: Any) -> AECEnv[str, dict[str, Any], int]:
    """The environment with PettingZoo's usual wrappers (illegal moves end the game).

    Takes :class:`raw_env`'s arguments. The wrappers are PettingZoo's
    ``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper`` and
    ``OrderEnforcingWrapper``, unchanged but for the attributes a training
    loop reads at every step (``agent_selection``, ``terminations``, ...),
    which they read from the raw environment at once instead of through
    each other's ``__getattr__``.
    """
    return wrap(raw_env(**kwargs))


def wrap(raw: raw_env) -> AECEnv[str, dict[str, Any], int]:
    """``raw`` in the wrappers of :func:`env`."""
    e: AECEnv[str, dict[str, Any], int] = _TerminateIllegal(raw, illegal_reward=-1)
    e = _AssertOutOfBounds(e)
    return _OrderEnforcing(e)


#: The raw environment's attributes that every step reads through the wrappers.
_HOT: Final = (
    "agent_selection",
    "agents",
    "terminations",
    "truncations",
    "rewards",
    "infos",
    "_cumulative_rewards",
    "possible_agents",
)
#: Those that PettingZoo's order-enforcing wrapper refuses before the first reset.
_AFTER_RESET: Final = frozenset(
    {"rewards", "terminations", "truncations", "infos", "agent_selection", "agents"}
)


def _direct(name: str, after_reset: bool = False) -> Any:
    """A property of a wrapper that reads and writes ``name`` of the raw environment.

    Writing forwards too: some PettingZoo releases' wrappers assign
    ``self.terminations`` or ``self.agent_selection`` on themselves (later
    ones write through ``env.unwrapped``); either way the raw environment's
    value is the one that changes.
    """

    def get(self: Any) -> Any:
        if after_reset and not self._has_reset:
            # PettingZoo's own __getattr__ then raises its "before reset" error.
            raise AttributeError(name)
        return getattr(self.__dict__["_raw"], name)

    def put(self: Any, value: Any) -> None:
        setattr(self.__dict__["_raw"], name, value)

    return property(get, put)


class _TerminateIllegal(wrappers.TerminateIllegalWrapper[str, dict[str, Any], int]):
    _prev_obs: Any
    _prev_info: Any

    def __init__(self, env: raw_env, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self.__dict__["_raw"] = env

    def observe(self, agent: str) -> dict[str, Any] | None:
        # PettingZoo's, reading the raw environment at once.
        raw: raw_env = self.__dict__["_raw"]
        obs = raw.observe(agent)
        if agent == raw.agent_selection:
            self._prev_obs = obs
            self._prev_info = raw.infos.get(agent, {})
        return obs

    def step(self, action: int) -> None:
        # A legal action of a live agent, its mask observed: what PettingZoo's step
        # passes on to the environment after its checks, made here at once.
        raw = self.__dict__["_raw"]
        prev = self._prev_obs
        if type(prev) is dict and type(action) is int and not self._terminated:
            agent = raw.agent_selection
            if (
                not raw.terminations[agent]
                and not raw.truncations[agent]
                and prev["action_mask"][action]
            ):
                self._prev_obs = None
                self._prev_info = None
                raw._live_step(action)
                return
        super().step(action)


class _AssertOutOfBounds(wrappers.AssertOutOfBoundsWrapper[str, dict[str, Any], int]):
    def __init__(self, env: _TerminateIllegal) -> None:
        super().__init__(env)
        self.__dict__["_raw"] = env.__dict__["_raw"]
        self.__dict__["_n_actions"] = env.__dict__["_raw"].match.n_actions

    def step(self, action: int) -> None:
        # A plain int in range is what Discrete(n).contains accepts without its numpy
        # conversion (a tenth of a step's time); anything else gets PettingZoo's check.
        if type(action) is int and 0 <= action < self.__dict__["_n_actions"]:
            self.env.step(action)
        else:
            super().step(action)


class _OrderEnforcing(wrappers.OrderEnforcingWrapper[str, dict[str, Any], int]):
    def __init__(self, env: _AssertOutOfBounds) -> None:
        super().__init__(env)
        self.__dict__["_raw"] = env.__dict__["_raw"]
        self.__dict__["_illegal"] = env.env
        #: The illegal-move wrapper's own attributes (its kept observation and info).
        self.__dict__["_kept"] = env.env.__dict__
        self.__dict__["_n_actions"] = env.__dict__["_n_actions"]

    def step(self, action: int) -> None:
        # A plain int in range after reset, the game on: PettingZoo's order check and the
        # out-of-bounds wrapper's, made here at once; then the illegal-move wrapper's
        # check of a live agent's observed mask (_TerminateIllegal.step), inlined.
        d = self.__dict__
        raw = d["_raw"]
        if type(action) is int and 0 <= action < d["_n_actions"] and d["_has_reset"] and raw.agents:
            d["_has_updated"] = True
            kept = d["_kept"]
            prev = kept["_prev_obs"]
            if type(prev) is dict and not kept["_terminated"]:
                agent = raw.agent_selection
                if (
                    not raw.terminations[agent]
                    and not raw.truncations[agent]
                    and prev["action_mask"][action]
                ):
                    kept["_prev_obs"] = None
                    kept["_prev_info"] = None
                    raw._live_step(action)
                    return
            d["_illegal"].step(action)
            return
        super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, Any, int]:
        if not self._has_reset:
            return super().agent_iter(max_iter)  # PettingZoo's error
        return _AgentIterable(self, max_iter)

    def observe(self, agent: str) -> dict[str, Any] | None:
        if not self._has_reset:
            before: dict[str, Any] | None = super().observe(agent)  # PettingZoo's error
            return before
        # The out-of-bounds wrapper between passes observations on unchanged.
        obs: dict[str, Any] | None = self.__dict__["_illegal"].observe(agent)
        return obs

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            error: tuple[dict[str, Any] | None, float, bool, bool, dict[str, Any]]
            error = super().last(observe)  # PettingZoo's error
            return error
        # AECEnv.last, reading the raw environment at once; the illegal-move wrapper's
        # observe (it keeps the mover's observation and info) inlined.
        d = self.__dict__
        raw = d["_raw"]
        agent = raw.agent_selection
        infos = raw.infos
        if observe:
            obs = raw.observe(agent)
            kept = d["_kept"]
            kept["_prev_obs"] = obs
            kept["_prev_info"] = infos.get(agent, {})
        else:
            obs = None
        return (
            obs,
            raw._cumulative_rewards[agent],
            raw.terminations[agent],
            raw.truncations[agent],
            infos[agent],
        )

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(AECOrderEnforcingIterable[str, Any, int]):
    def __iter__(self) -> Iterator[str]:
        return _agents(self.env.__dict__, self.max_iter)


def _agents(wrapper: dict[str, Any], max_iter: int) -> Iterator[str]:
    """PettingZoo's order-enforcing agent iterator, reading the raw environment at once.

    A generator (``AECOrderEnforcingIterator.__next__`` as a Python method costs a
    call through ``tp_iternext`` at every step): the same agents and the same checks.
    """
    raw = wrapper["_raw"]
    left = max_iter
    while raw.agents and left > 0:
        left -= 1
        assert wrapper["_has_updated"], "need to call step() or reset() in a loop over `agent_iter`"
        wrapper["_has_updated"] = False
        yield raw.agent_selection


for _name in _HOT:
    setattr(_TerminateIllegal, _name, _direct(_name))
    setattr(_AssertOutOfBounds, _name, _direct(_name))
    setattr(_OrderEnforcing, _name, _direct(_name, _name in _AFTER_RESET))


class raw_env(AECEnv[str, dict[str, Any], int]):  # PettingZoo's name for it
    """Pachisi as a PettingZoo AEC environment (see the module docstring).

    ``ruleset``, ``players``, ``teams``, ``majors`` and ``options`` are
    those of :meth:`pachisi.Setup.create`; ``mode`` is ``"step"`` or
    ``"play"``; ``max_plays`` bounds the play index (play mode);
    ``max_throws`` truncates a game after that many throws; ``render_mode``
    is ``None``, ``"ansi"``, ``"svg"`` or ``"rgb_array"``; ``reward_shaping``
    is ``None`` or ``"race"`` (:mod:`pachisi.rl.shaping`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "svg", "rgb_array"],
        "name": "pachisi_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str = "parcheesi",
        players: int | Sequence[Sequence[str] | str] | None = None,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        mode: str = "step",
        max_plays: int | None = None,
        max_throws: int | None = None,
        render_mode: str | None = None,
        reward_shaping: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be None, 'ansi', 'svg' or 'rgb_array', not {render_mode!r}"
            )
        self.setup = Setup.create(
            ruleset, players=players, teams=teams, majors=majors, options=options
        )
        check_shaping(self.setup, reward_shaping)
        self.reward_shaping = reward_shaping
        self.render_mode = render_mode
        self.match: Match | KernelMatch = self._new_match(mode, max_plays, max_throws)
        n = len(self.setup.players)
        self._potential = [0.0] * n
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = list(self.possible_agents)
        size = observation_size(self.setup)
        n_actions = self.match.n_actions
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (n_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        self._reset_books()

    def _new_match(
        self, mode: str, max_plays: int | None, max_throws: int | None
    ) -> Match | KernelMatch:
        """The game driver (``pachisi_v1`` overrides it)."""
        return Match(self.setup, mode, max_plays=max_plays, max_throws=max_throws)

    def _reset_books(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.match.to_move]

    # -- PettingZoo API --------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (a Dict of observation and action_mask)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(147)`` steps (``Discrete(4)`` in ``ludo``
        and ``maedn``: the pawn to move) or ``Discrete(max_plays)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes the preliminary throws and all throws;
        ``options={"position": pos}`` starts from ``pos`` (before a throw)."""
        self.match.reset(seed, position=(options or {}).get("position"))
        self._reset_books()
        self._potential = self._potential_now()
        self._after_move()

    def _potential_now(self) -> list[float]:
        """Every player's potential now (zeros without shaping and once the game is over)."""
        m = self.match
        if m.done and not m.truncated:
            return [0.0] * len(self.possible_agents)
        return potential(m.position, self.reward_shaping)

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: the vector from his side and his action mask."""
        i = self._index[agent]
        m = self.match
        obs: Array = m.observe(i)
        mask = m.mask() if i == m.to_move and not m.done else np.zeros(m.n_actions, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int) -> None:
        """The agent to move takes ``action``; illegal actions raise ``ValueError``."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._live_step(action)

    def _live_step(self, action: int) -> None:
        """:meth:`step` of an agent whose game goes on (the wrappers call it after their
        checks)."""
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        self.match.apply(action)
        self._after_move()

    def _after_move(self) -> None:
        m = self.match
        done = m.done
        if self.reward_shaping is not None:
            before, self._potential = self._potential, self._potential_now()
            for agent, b, a in zip(self.agents, before, self._potential, strict=True):
                self.rewards[agent] = a - b
            if not done:
                self._accumulate_rewards()
        if done:
            for agent, r in zip(self.agents, m.returns(), strict=True):
                self.rewards[agent] += r
                if m.truncated:
                    self.truncations[agent] = True
                else:
                    self.terminations[agent] = True
            self._accumulate_rewards()
        self.agent_selection = selected = self.possible_agents[m.to_move]
        infos = self.infos
        for agent in self.agents:
            infos[agent] = {}
        if not done and m.mode == "play":
            infos[selected]["plays"] = m.plays

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """``"ansi"``: the board as text, the throw and the steps so far; ``"svg"``: the
        board as an SVG document; ``"rgb_array"``: the same picture as an array
        (:mod:`pachisi.rl.render`)."""
        if self.render_mode is None:
            return None
        from .render import render_frame

        m = self.match
        steps = m.turn.steps if m.turn is not None else ()
        return render_frame(self.render_mode, m.position, m.throw, steps)

    def close(self) -> None:
        """Nothing to release."""

    # -- extras ----------------------------------------------------------------

    def afterstates(self) -> np.ndarray[Any, np.dtype[np.float32]]:
        """Play mode: the resulting position of each legal play, as observation rows."""
        return self.match.afterstates()
