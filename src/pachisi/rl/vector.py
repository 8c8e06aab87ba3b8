"""A batched environment: N games stepped at once, numpy arrays in and out.

In the spirit of EnvPool: every game has a decision open for its player to
move (self-play, all seats), one action per game goes in, the next
observations, masks, movers, rewards and ends come out, and a game that ends
starts again at once (its next game's seed is drawn from the batch's seed).

>>> import numpy as np
>>> env = BatchedEnv(4, "parcheesi", players=2)
>>> obs, mask, mover = env.reset(seed=1)
>>> obs.shape, mask.shape, mover.shape
((4, 350), (4, 147), (4,))
>>> actions = np.array([np.flatnonzero(row)[0] for row in mask])
>>> obs, mask, mover, rewards, done = env.step(actions)
>>> rewards.shape, done.dtype
((4, 2), dtype('bool'))

This version steps the games one after another on the pure-Python engine;
it is the interface, and it becomes fast when the engine does (docs/rl.md
has the measured rates).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from ..rules import Setup
from .encoding import observation_size
from .match import Match

__all__ = ["BatchedEnv"]


class BatchedEnv:
    """``n`` games of one set-up, stepped together (see the module docstring).

    Arguments after ``n`` are those of :meth:`pachisi.Setup.create` and of
    :class:`~pachisi.rl.match.Match` (``mode``, ``max_plays``, ``max_throws``).
    """

    def __init__(
        self,
        n: int,
        ruleset: str = "parcheesi",
        players: int | Sequence[Sequence[str] | str] | None = None,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        mode: str = "step",
        max_plays: int | None = None,
        max_throws: int | None = None,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive integer, not {n!r}")
        self.setup = Setup.create(
            ruleset, players=players, teams=teams, majors=majors, options=options
        )
        self.n = n
        self.matches = [
            Match(self.setup, mode, max_plays=max_plays, max_throws=max_throws) for _ in range(n)
        ]
        self.n_actions = self.matches[0].n_actions
        self.n_players = len(self.setup.players)
        self.obs = np.zeros((n, observation_size(self.setup)), dtype=np.float32)
        self.masks = np.zeros((n, self.n_actions), dtype=np.int8)
        self.movers = np.zeros(n, dtype=np.int64)
        self._seeds = random.Random()
        #: Games finished since the last :meth:`reset`.
        self.games_finished = 0

    def _write(self, i: int) -> None:
        m = self.matches[i]
        m.observe(out=self.obs[i])
        self.masks[i].fill(0)
        self.masks[i][m.legal_actions()] = 1
        self.movers[i] = m.to_move

    def _new_game(self, i: int) -> None:
        self.matches[i].reset(self._seeds.getrandbits(48))

    def reset(
        self, seed: int | None = None
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64]]:
        """Start ``n`` new games; returns observations, masks and the players to move."""
        self._seeds = random.Random(seed)
        self.games_finished = 0
        for i in range(self.n):
            self._new_game(i)
            self._write(i)
        return self.obs.copy(), self.masks.copy(), self.movers.copy()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.int8],
        npt.NDArray[np.int64],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
    ]:
        """Apply one action per game (``ValueError`` if one is illegal).

        Returns observations (of the next decision, from its mover's side),
        masks, movers, rewards ``(n, players)`` (the final returns of the
        games that ended at this step, else 0) and which games ended (those
        have already started again).
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,):
            raise ValueError(f"give one action per game: shape ({self.n},), not {acts.shape}")
        rewards = np.zeros((self.n, self.n_players), dtype=np.float32)
        done = np.zeros(self.n, dtype=np.bool_)
        for i, m in enumerate(self.matches):
            m.apply(int(acts[i]))
            if m.done:
                rewards[i] = m.returns()
                done[i] = True
                self.games_finished += 1
                self._new_game(i)
            self._write(i)
        return self.obs.copy(), self.masks.copy(), self.movers.copy(), rewards, done
