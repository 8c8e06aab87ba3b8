"""The Gymnasium environment: the learner holds one seat, computer players the others.

>>> import gymnasium
>>> import pachisi.rl  # registers the ids
>>> env = gymnasium.make("pachisi/Parcheesi-v0", opponents="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum()) >= 1
((350,), True)

The ids ``pachisi/Pagade-v0``, ``pachisi/Whitman-v0``,
``pachisi/Parcheesi-v0``, ``pachisi/EightMan-v0``, ``pachisi/Ludo-v0`` and
``pachisi/Maedn-v0`` make a two-player game of that ruleset (two colours
each in Pagade and Eight-Man) against the ``random`` player (Ludo and MADN are played by the
players of :data:`ONE_DIE_OPPONENTS`); every argument
of :class:`PachisiEnv` can be passed to ``gymnasium.make``. The observation is the vector of
:func:`pachisi.rl.encoding.observe` from the learner's side; the legal
actions are in ``info["action_mask"]`` and :meth:`PachisiEnv.action_masks`
(the method sb3-contrib's ``MaskablePPO`` calls). The reward is the
learner's :func:`~pachisi.rl.match.returns_of` at the end, 0 before. An
illegal action ends the game as a loss for the learner (reward -1,
``info["illegal_action"]``), as PettingZoo's ``TerminateIllegalWrapper``
does, or raises ``ValueError`` with ``illegal_action="raise"``. With
``reward_shaping="race"`` each step's reward also carries the change of the
learner's expected final reward by the exact race tables
(:mod:`pachisi.rl.shaping`: in a race, the exact value change; the same total
over a game that starts outside a race). ``reset(options={"position": pos})``
starts from a position before a throw instead of the start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Player, fitting, make_player, unfit_among
from ..dice import derive_seed
from ..rules import Setup
from .encoding import Array, Mask, observation_size
from .match import Match
from .shaping import check_shaping, potential

__all__ = ["ENV_IDS", "ONE_DIE_OPPONENTS", "PachisiEnv", "register_envs"]

#: The registered ids and their rulesets.
ENV_IDS: Final = {
    "pachisi/Pagade-v0": "pagade",
    "pachisi/Whitman-v0": "whitman",
    "pachisi/Parcheesi-v0": "parcheesi",
    "pachisi/EightMan-v0": "eight-man",
    "pachisi/Ludo-v0": "ludo",
    "pachisi/Maedn-v0": "maedn",
}

#: The computer players that play two-player ``ludo`` (``search`` does not; the learned
#: ones play two and four players, not three: docs/players.md); the environment asks
#: each opponent.
ONE_DIE_OPPONENTS: Final = fitting(Setup.create("ludo", players=2))


class PachisiEnv(gymnasium.Env[Array, np.int64]):
    """One seat of a Pachisi game for a single learner (see the module docstring).

    ``ruleset``, ``players``, ``teams``, ``majors`` and ``options`` are
    those of :meth:`pachisi.Setup.create` (``players`` defaults to 2);
    ``seat`` is the learner's player index; ``opponents`` names the computer
    player (:data:`pachisi.bots.PLAYERS`) of every other seat, or gives one
    name per other seat in seat order; ``mode``, ``max_plays`` and
    ``max_throws`` are those of :class:`~pachisi.rl.match.Match`;
    ``illegal_action`` is ``"lose"`` or ``"raise"``; ``reward_shaping`` is ``None``
    or ``"race"`` (:mod:`pachisi.rl.shaping`).
    """

    metadata = {"render_modes": ["ansi", "svg", "rgb_array"], "render_fps": 4}  # noqa: RUF012 - as Gymnasium has it

    def __init__(
        self,
        ruleset: str = "parcheesi",
        players: int | Sequence[Sequence[str] | str] | None = 2,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        mode: str = "step",
        max_plays: int | None = None,
        max_throws: int | None = None,
        render_mode: str | None = None,
        illegal_action: str = "lose",
        reward_shaping: str | None = None,
    ) -> None:
        if illegal_action not in ("lose", "raise"):
            raise ValueError(f"illegal_action must be 'lose' or 'raise', not {illegal_action!r}")
        self.illegal_action = illegal_action
        self._lost_by_illegal = False
        if render_mode is not None and render_mode not in ("ansi", "svg", "rgb_array"):
            raise ValueError(
                f"render_mode must be None, 'ansi', 'svg' or 'rgb_array', not {render_mode!r}"
            )
        self.setup = Setup.create(
            ruleset, players=players, teams=teams, majors=majors, options=options
        )
        check_shaping(self.setup, reward_shaping)
        self.reward_shaping = reward_shaping
        self._potential = 0.0
        n = len(self.setup.players)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seat must be a player index 0..{n - 1}, not {seat!r}")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"give {n - 1} opponent names (one per other seat), not {len(names)}")
        why = unfit_among(names, self.setup)  # ValueError naming the known players if unknown
        if why is not None:
            raise ValueError(why)
        self.seat = seat
        self.opponent_names = names
        self.render_mode = render_mode
        self.match = Match(self.setup, mode, max_plays=max_plays, max_throws=max_throws)
        self.observation_space = spaces.Box(0.0, 1.0, (observation_size(self.setup),), np.float32)
        self.action_space = spaces.Discrete(self.match.n_actions)
        self._bots: dict[int, Player] = {}
        self._seed_bots(None)

    def _seed_bots(self, seed: int | None) -> None:
        others = [i for i in range(len(self.setup.players)) if i != self.seat]
        self._bots = {}
        for i, name in zip(others, self.opponent_names, strict=True):
            bot_seed = None if seed is None else derive_seed(f"pachisi-rl-gym:{seed}:{i}")
            self._bots[i] = make_player(name, bot_seed)
        # The match plays the opponents' throws itself, from their legal plays.
        self.match.bots = {i: bot.choose for i, bot in self._bots.items()}

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": self.action_masks()}
        if self.match.mode == "play" and not self.match.done and not self._lost_by_illegal:
            info["plays"] = self.match.plays
        return info

    def action_masks(self) -> Mask:
        """The legal actions now (all zero once the game is over)."""
        m = self.match
        if m.done or self._lost_by_illegal:
            return np.zeros(m.n_actions, dtype=np.int8)
        return m.mask()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Array, dict[str, Any]]:
        """Start a game (``seed`` fixes the throws and the opponents' choices).

        Without a seed, the generator Gymnasium seeded last time draws one.
        ``options={"position": pos}`` starts from ``pos`` (a
        :class:`~pachisi.Position` of this set-up, before a throw) instead.
        """
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**48))
        self._seed_bots(game_seed)
        start = (options or {}).get("position")
        self.match.reset(game_seed, position=start)
        self._lost_by_illegal = False
        self._potential = self._potential_now()
        return self.match.observe(self.seat), self._info()

    def _potential_now(self) -> float:
        """The learner's potential now (0 without shaping, and once the game is over)."""
        m = self.match
        if self.reward_shaping is None or (m.done and not m.truncated):
            return 0.0
        return potential(m.position, self.reward_shaping)[self.seat]

    def step(self, action: np.int64) -> tuple[Array, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take ``action`` (a legal index); the others then play.

        An action outside the action space (not an integer of ``0..n_actions-1``) is a
        ``ValueError`` whatever ``illegal_action`` says; a legal-looking index that is not
        legal now loses the game (``"lose"``) or is a ``ValueError`` (``"raise"``).
        """
        m = self.match
        if m.done or self._lost_by_illegal:
            raise ValueError("the game is over: call reset()")
        if not self.action_space.contains(action):
            # Not an action at all (another type, or past the space): a bug in the caller,
            # never scored as a lost game (PettingZoo's wrappers assert the same).
            raise ValueError(
                f"action {action!r} is outside the action space: an integer 0..{m.n_actions - 1}"
            )
        if self.illegal_action == "lose" and not m.is_legal(int(action)):
            self._lost_by_illegal = True
            info = self._info()
            info["illegal_action"] = True
            return m.observe(self.seat), -1.0 - self._potential, True, False, info
        m.apply(int(action))
        reward = m.returns()[self.seat] if m.done else 0.0
        if self.reward_shaping is not None:
            before, self._potential = self._potential, self._potential_now()
            reward += self._potential - before
        return m.observe(self.seat), reward, m.done and not m.truncated, m.truncated, self._info()

    def render(self) -> str | np.ndarray[Any, np.dtype[np.uint8]] | None:
        """``"ansi"``: the board as text; ``"svg"``: an SVG document; ``"rgb_array"``: the
        same picture as an array (:mod:`pachisi.rl.render`)."""
        if self.render_mode is None:
            return None
        from .render import render_frame

        m = self.match
        steps = m.turn.steps if m.turn is not None else ()
        return render_frame(self.render_mode, m.position, m.throw, steps)


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (done by ``import pachisi.rl``)."""
    for env_id, ruleset in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="pachisi.rl.gym:PachisiEnv", kwargs={"ruleset": ruleset}
            )
