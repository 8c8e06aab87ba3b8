"""The six rulesets as OpenSpiel Python games with explicit chance nodes.

Importing this module registers ``python_pachisi_pagade``,
``python_pachisi_whitman``, ``python_pachisi_parcheesi``,
``python_pachisi_eight_man``, ``python_pachisi_ludo`` and
``python_pachisi_maedn``:

>>> import pyspiel
>>> import pachisi.rl.openspiel
>>> game = pyspiel.load_game("python_pachisi_parcheesi", {"players": 2})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()
(True, [(0, 0.5), (1, 0.5)])
>>> state.apply_action(0)
>>> len(state.chance_outcomes()), state.chance_outcomes()[1]
(21, (1, 0.05555555555555555))

Chance nodes are exact: first the player who starts (the preliminary
throws of RULES.md §3.7 favour nobody, so each player with probability
``1/n``), then every throw as one of the dice's unordered outcomes
(:meth:`pachisi.Dice.distinct`: 10 for Pagade's stick dice, 21 for two d6,
with their probabilities; the rules never depend on which die is which).
In ``ludo`` and ``maedn`` ``players[0]`` always starts (RULES-LUDO.md L.2.2,
M.2.2), so the first node is already a throw: the one die's six faces, 1/6
each (action ``k`` is face ``k + 1``); a player's actions are the rank of
the pawn to move (step mode, 4 actions) or the play's index (play mode).
Player actions are the steps of :mod:`pachisi.rl.encoding` (``mode``
"step", 147 actions) or whole plays by index (``mode`` "play",
``max_plays`` actions). The observation tensor is
:func:`pachisi.rl.encoding.observe` from the observing player's side; the
returns are :func:`pachisi.rl.match.returns_of`.

Parameters: ``players`` (default 2), ``teams`` (bool), ``mode``,
``max_plays`` (0: the ruleset's default), ``options`` (rule switches as
``"name=value,name=value"``) and ``max_throws`` (default 1000): a game still
going after that many throws ends there as a draw (returns 0), so that
``max_game_length`` is finite.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from ..dice import dice_for
from ..rules import ALL_RULESETS, ONE_DIE_RULESETS, Setup, parse_options
from .encoding import observation_size
from .match import DEFAULT_MAX_PLAYS, Match

__all__ = ["GAME_NAMES", "PachisiGame", "PachisiObserver", "PachisiState"]

#: OpenSpiel game names by ruleset.
GAME_NAMES: Final = {r: "python_pachisi_" + r.replace("-", "_") for r in ALL_RULESETS}

_DEFAULTS: Final[dict[str, Any]] = {
    "players": 2,
    "teams": False,
    "mode": "step",
    "max_plays": 0,
    "max_throws": 1000,
    "options": "",
}
# An upper bound on the decisions of one throw (steps and bonus moves), for
# max_game_length: Whitman and Parcheesi doublets give 4 numbers, each capture
# or pawn reaching HOME a bonus move, an Eight-Man option one more step.
_STEPS_PER_THROW: Final = 24
_TITLES: Final = {
    "pagade": "Pagade",
    "whitman": "Whitman's Pachisi",
    "parcheesi": "Parcheesi",
    "eight-man": "Eight-Man Parcheesi",
    "ludo": "Ludo",
    "maedn": "Mensch aergere Dich nicht",
}


def _game_type(ruleset: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAMES[ruleset],
        long_name="Python " + _TITLES[ruleset],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2 if ruleset == "eight-man" else 4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULTS),
    )


class _Shared:
    """What every state of a game shares; cloning a state shares it, not copies it."""

    def __init__(self, setup: Setup, throws: list[tuple[int, ...]], probs: list[float]) -> None:
        self.setup = setup
        #: Whether the first player is fixed (``players[0]``: ludo, maedn), not a chance node.
        self.fixed_first = setup.ruleset in ONE_DIE_RULESETS
        self.names = setup.colour_names
        self.n = len(setup.players)
        self.throws = throws
        self.probabilities = probs

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self


class PachisiGame(pyspiel.Game):
    """One ruleset with its parameters (the module docstring lists them)."""

    ruleset = "parcheesi"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = dict(_DEFAULTS)
        values.update(params or {})
        options = parse_options(o for o in str(values["options"]).split(",") if o.strip())
        self.setup = Setup.create(
            self.ruleset,
            players=int(values["players"]),
            teams=True if values["teams"] else None,
            options=options,
        )
        self.mode = str(values["mode"])
        self.max_plays = int(values["max_plays"]) or DEFAULT_MAX_PLAYS[self.ruleset]
        self.max_throws = int(values["max_throws"])
        probe = Match(self.setup, self.mode, max_plays=self.max_plays, max_throws=self.max_throws)
        self.throws: list[tuple[int, ...]] = [t for t, _ in dice_for(self.ruleset).distinct()]
        self.probabilities = [float(p) for _, p in dice_for(self.ruleset).distinct()]
        self.shared = _Shared(self.setup, self.throws, self.probabilities)
        n = len(self.setup.players)
        # One die moves one pawn: one decision per throw at most.
        steps = 1 if self.shared.fixed_first else _STEPS_PER_THROW
        chances = len(self.throws) if self.shared.fixed_first else max(len(self.throws), n)
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.n_actions,
            max_chance_outcomes=chances,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + self.max_throws * (1 + steps),
        )
        super().__init__(_game_type(self.ruleset), info, values)

    def new_initial_state(self) -> PachisiState:
        """The start: a chance node choosing the first player."""
        return PachisiState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PachisiObserver:
        """The observer of the observation tensor and strings."""
        return PachisiObserver(self, params)


class PachisiState(pyspiel.State):
    """A game in progress: a :class:`~pachisi.rl.match.Match` without automatic throws."""

    def __init__(self, game: PachisiGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.match = Match(
            game.setup,
            game.mode,
            max_plays=game.max_plays,
            max_throws=game.max_throws,
            auto_throw=False,
        )
        self.started = False
        if self.shared.fixed_first:  # players[0] throws first: no chance node for it
            self.match.reset(first=0)
            self.started = True

    def current_player(self) -> int:
        """The player to decide, or CHANCE (first player, throws), or TERMINAL."""
        if not self.started:
            return int(pyspiel.PlayerId.CHANCE)
        m = self.match
        if m.done:
            return int(pyspiel.PlayerId.TERMINAL)
        if m.needs_throw:
            return int(pyspiel.PlayerId.CHANCE)
        return m.to_move

    def _legal_actions(self, player: int) -> list[int]:
        """The legal steps or plays of ``player``, ascending."""
        return self.match.legal_actions() if player == self.match.to_move else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first player (uniform) or the throw (unordered, exact probabilities)."""
        if not self.started:
            n = self.shared.n
            return [(i, 1.0 / n) for i in range(n)]
        return list(enumerate(self.shared.probabilities))

    def _apply_action(self, action: int) -> None:
        if not self.started:
            self.match.reset(first=int(action))
            self.started = True
        elif self.match.needs_throw:
            self.match.set_throw(self.shared.throws[int(action)])
        else:
            self.match.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if not self.started:
                return f"player {action} starts"
            return "throw " + "-".join(str(v) for v in self.shared.throws[action])
        m = self.match
        names = self.shared.names
        if m.mode == "step":
            # Two pawns on one square that are not interchangeable have the same
            # notation; the action index tells them apart.
            step = m.legal.get(action)
            return f"{step.notation(names) if step is not None else 'step'} #{action}"
        play = m.plays[action].notation if action < len(m.plays) else "play"
        return f"{play} #{action}"

    def is_terminal(self) -> bool:
        """Whether the game is over (or stopped at ``max_throws``)."""
        return self.started and self.match.done

    def returns(self) -> list[float]:
        """The final rewards (zeros before the end)."""
        return self.match.returns() if self.started else [0.0] * self.shared.n

    def __str__(self) -> str:
        m = self.match
        names = self.shared.names
        text = m.position.to_text()
        if m.throw is not None:
            text += " | throw " + "-".join(str(v) for v in m.throw)
            if m.turn is not None and m.turn.steps:
                text += " | " + " ".join(a.notation(names) for a in m.turn.steps)
        return text


class PachisiObserver:
    """OpenSpiel's observer interface over :func:`pachisi.rl.encoding.observe`."""

    def __init__(self, game: PachisiGame, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.tensor = np.zeros(observation_size(game.setup), dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: PachisiState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` seen by ``player``."""
        state.match.observe(player, out=self.tensor)

    def string_from(self, state: PachisiState, player: int) -> str:
        """The state as text (the game has no hidden information)."""
        return str(state)


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for ruleset, name in GAME_NAMES.items():
        if name in registered:
            continue
        cls = type(
            f"PachisiGame_{ruleset.replace('-', '_')}",
            (PachisiGame,),
            {"ruleset": ruleset, "__doc__": f"The {ruleset} ruleset as an OpenSpiel game."},
        )
        pyspiel.register_game(_game_type(ruleset), cls)


_register()
