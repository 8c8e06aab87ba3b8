"""A batched environment: N games stepped at once, numpy arrays in and out.

In the spirit of EnvPool: every game has a decision open for its player to
move (self-play, all seats), one action per game goes in, the next
observations, masks, movers, rewards and ends come out, and a game that ends
starts again at once.

>>> import numpy as np
>>> env = BatchedEnv(4, "parcheesi", players=2, mode="play")
>>> obs, mask, mover = env.reset(seed=1)
>>> obs.shape, mask.shape, mover.shape
((4, 350), (4, 4096), (4,))
>>> actions = (np.random.default_rng(1).random(4) * env.legal_counts).astype(np.int64)
>>> obs, mask, mover, rewards, done = env.step(actions)
>>> rewards.shape, done.dtype
((4, 2), dtype('bool'))

Two modes (docs/rl.md):

* ``mode="play"``: the action is a whole play, the index of the throw's
  outcome in **canonical order** (:func:`pachisi.fast.canonical_plays`:
  by the resulting pawns, colour by colour, then the mover's cut flag, then
  the extra throw), so the legal actions are always ``0 .. k - 1`` with
  ``k = legal_counts[i]``. With the compiled kernel one call of
  :meth:`BatchedEnv.step` plays every game inside it (``backend="kernel"``);
  without it the same games are played on the pure engine
  (``backend="python"``: :func:`~pachisi.moves.legal_plays`, sorted
  canonically). ``ludo`` and ``maedn`` are played on the pure engine always
  (the kernel does not know them yet; ``backend="kernel"`` refuses them with
  a ``ValueError``), their first player is ``players[0]`` (no draw) and a
  throw is one face. Game ``j`` started by a batch seeded ``s`` (the first ``n``
  at :meth:`~BatchedEnv.reset`, then each restart in turn, lower game
  indices first) throws its dice from :class:`pachisi.fast.SplitMix64`
  seeded with ``stream_seed(s, j)``: first its first player (one draw below
  the number of players), then two faces per throw, as the kernel's
  playouts do.
* ``mode="step"`` (the default): one elementary step of the step encoding
  per action, on :class:`~pachisi.rl.match.Match` one game after another
  (pure Python); game ``j`` is ``Game.new(..., seed=...)`` with the ``j``-th
  48-bit draw of ``random.Random(s)``.

Play mode's canonical order is :func:`~pachisi.moves.legal_plays`'s own,
so the plays are numbered as in :class:`~pachisi.rl.match.Match`'s play mode
(the AEC, Gymnasium and OpenSpiel environments); ``pachisi_v1``'s play mode
(:mod:`pachisi.rl.lane`) is this environment's kernel backend with one game.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from .. import fast
from ..dice import dice_for
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .encoding import _layout, observation_size, observe
from .match import Match, returns_of

__all__ = ["BACKENDS", "BatchedEnv", "kernel_batch", "kernel_buffers", "position_of_state"]

#: Where play mode's games are played: ``"auto"`` (the compiled kernel when it
#: is active, else the pure engine), ``"kernel"``, ``"kernel-source"`` (the
#: kernel's source run as Python: slow, for tests) and ``"python"``.
BACKENDS: Final = ("auto", "kernel", "kernel-source", "python")

_MASK64: Final = 0xFFFFFFFFFFFFFFFF
_DECISION, _OVER, _TRUNCATED = 0, 1, 2

Obs = npt.NDArray[np.float32]
Masks = npt.NDArray[np.int8]
Ints = npt.NDArray[np.int64]


class _PythonGames:
    """Play mode on the pure engine: the kernel's games, one after another (the reference)."""

    def __init__(self, setup: Setup, n: int, max_plays: int, max_throws: int | None) -> None:
        self.setup = setup
        self.n = n
        self.max_plays = max_plays
        self.max_throws = max_throws
        self.faces = dice_for(setup.ruleset).faces
        #: Faces a throw draws: two, or one for ``ludo`` and ``maedn``.
        self.count = dice_for(setup.ruleset).count
        self.seed = 0
        self.next_game = 0
        start = Position.initial(setup)
        self.positions = [start] * n
        self.dice = [fast.SplitMix64(0) for _ in range(n)]
        self.throws = [0] * n
        #: Each game's first player.
        self.first = [0] * n
        self.throw: list[tuple[int, ...]] = [(0, 0)] * n
        self.plays: list[list[Play]] = [[] for _ in range(n)]
        #: Each game's (throw, play) so far, passed throws included.
        self.history: list[list[tuple[tuple[int, ...], Play]]] = [[] for _ in range(n)]

    def new_game(self, i: int) -> None:
        dice = fast.SplitMix64(fast.stream_seed(self.seed, self.next_game))
        self.next_game += 1
        self.dice[i] = dice
        # The one-die rulesets always start with players[0] (RULES-LUDO.md L.2.2, M.2.2).
        fixed = self.count == 1
        first = self.first[i] = 0 if fixed else dice.below(len(self.setup.players))
        self.positions[i] = Position.initial(self.setup, first)
        self.throws[i] = 0
        self.plays[i] = []
        self.history[i] = []

    def advance(self, i: int) -> int:
        dice = self.dice[i]
        faces = self.faces
        while True:
            pos = self.positions[i]
            if pos.is_over:
                return _OVER
            if self.max_throws is not None and self.throws[i] >= self.max_throws:
                return _TRUNCATED
            throw = tuple(faces[dice.below(len(faces))] for _ in range(self.count))
            self.throws[i] += 1
            plays = fast.canonical_plays(pos, legal_plays(pos, throw))
            if len(plays) == 1 and not plays[0].actions:
                self.history[i].append((throw, plays[0]))
                self.positions[i] = plays[0].position
                continue
            if len(plays) > self.max_plays:
                raise ValueError(_too_many(len(plays), throw, self.max_plays))
            self.throw[i] = throw
            self.plays[i] = plays
            return _DECISION

    def write(self, i: int, obs: Obs, masks: Masks, movers: Ints, counts: Ints) -> None:
        pos = self.positions[i]
        observe(pos, pos.to_move, self.throw[i], out=obs[i])
        k = len(self.plays[i])
        masks[i, :k] = 1
        masks[i, k:] = 0
        movers[i] = pos.to_move
        counts[i] = k

    def play(self, i: int, action: int) -> None:
        play = self.plays[i][action]
        self.history[i].append((self.throw[i], play))
        self.positions[i] = play.position
        self.plays[i] = []


def kernel_buffers(setup: Setup, n: int, max_plays: int, compiled: bool = True) -> Any:
    """New :class:`pachisi._kbatch.Buffers` (numpy arrays, zeros) for a kernel ``Batch`` of
    ``n`` games of ``setup`` whose throws have at most ``max_plays`` outcomes: observations
    ``(n, observation_size)`` float32, masks ``(n, max_plays)`` int8, movers and counts
    ``(n,)`` int32, rewards ``(n, players)`` float32, ends ``(n,)`` int8."""
    module = fast.batch_module(compiled)
    if module is None:
        raise ValueError("backend 'kernel' needs the compiled kernel, which is not installed")
    return module.Buffers(
        np.zeros((n, observation_size(setup)), dtype=np.float32),
        np.zeros((n, max_plays), dtype=np.int8),
        np.zeros(n, dtype=np.int32),
        np.zeros(n, dtype=np.int32),
        np.zeros((n, len(setup.players)), dtype=np.float32),
        np.zeros(n, dtype=np.int8),
    )


def kernel_batch(
    setup: Setup,
    n: int,
    max_plays: int,
    max_throws: int,
    compiled: bool = True,
    start: Position | None = None,
    out: Any = None,
    keep: int | None = None,
) -> Any:
    """The kernel's ``Batch`` of ``n`` games of ``setup`` (``max_throws`` 0: no bound).

    ``compiled=False``: the kernel's source run as Python. ``ValueError`` if
    the compiled kernel is asked for and not installed. ``start``: every game
    starts from that position (the first player's draw is still made) instead
    of the start of the game. ``out``: the buffers it writes
    (:func:`kernel_buffers` of the same arguments; default new ones), which
    ``batch.buffers().arrays()`` gives back. ``keep``: the ``Batch``'s outcome keys kept
    per game (default its own; tests vary it, as it changes no game).
    """
    module = fast.batch_module(compiled)
    if module is None:
        raise ValueError("backend 'kernel' needs the compiled kernel, which is not installed")
    players = len(setup.players)
    starts = array("i")
    for first in range(players):
        starts.extend(fast.game_state(start or Position.initial(setup, first)))
    tmpl = np.zeros((players, observation_size(setup)), dtype=np.float32)
    slots = array("i")
    owner = setup.owner
    seat = 0
    for v in range(players):
        lay = _layout(setup, v)
        tmpl[v] = lay.template
        seat = lay.seat_base
        for c, row, f in lay.slots:
            o = owner[c]
            assert o is not None
            slots.extend((c, row, f, o))
    if out is None:
        out = kernel_buffers(setup, n, max_plays, compiled)
    return module.Batch(
        fast.game_table(setup),
        starts,
        module.Encoding(tmpl, slots, seat),
        out,
        max_plays=max_plays,
        max_throws=max_throws,
        **({} if keep is None else {"keep": keep}),
    )


def position_of_state(setup: Setup, st: Sequence[int]) -> Position:
    """The position of a kernel game state (``Batch.state``'s first ``S_SIZE`` ints)."""
    pawns = tuple(
        tuple(st[4 * c : 4 * c + 4]) if c in setup.colours_in_play else () for c in range(4)
    )
    n = len(setup.players)
    cut = tuple(bool(st[19] >> j & 1) for j in range(n)) if setup.ruleset == "pagade" else None
    winner = tuple(j for j in range(n) if st[25] >> j & 1) or None
    return Position(setup, pawns, st[18], st[16], cut, tuple(st[21 : 21 + st[20]]), winner)


def _too_many(k: int, throw: object, max_plays: int) -> str:
    return (
        f"{k} distinct plays of {throw} exceed max_plays={max_plays};"
        " create the environment with a larger max_plays"
    )


class BatchedEnv:
    """``n`` games of one set-up, stepped together (see the module docstring).

    Arguments after ``n`` are those of :meth:`pachisi.Setup.create` and of
    :class:`~pachisi.rl.match.Match` (``mode``, ``max_plays``, ``max_throws``),
    then ``backend`` (:data:`BACKENDS`; play mode only).
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
        backend: str = "auto",
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive integer, not {n!r}")
        if backend not in BACKENDS:
            raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
        self.setup = setup = Setup.create(
            ruleset, players=players, teams=teams, majors=majors, options=options
        )
        self.n = n
        self.mode = mode
        self.n_players = len(setup.players)
        first = Match(setup, mode, max_plays=max_plays, max_throws=max_throws)  # checks them
        self.n_actions = first.n_actions
        #: The games of step mode (play mode keeps its games in its backend).
        self.matches: list[Match] = []
        if mode == "step":
            if backend not in ("auto", "python"):
                raise ValueError(f"step mode runs on the Python engine only, not {backend!r}")
            backend = "match"
            self.matches = [first] + [
                Match(setup, mode, max_plays=max_plays, max_throws=max_throws) for _ in range(n - 1)
            ]
        else:
            # The kernel's Batch throws two dice and writes the cross's observation: the
            # one-die rulesets stay on the pure engine even once the kernel plays them.
            one_die = setup.ruleset in ONE_DIE_RULESETS
            if backend == "auto":
                backend = "kernel" if fast.active_for(setup.ruleset) and not one_die else "python"
            elif backend in ("kernel", "kernel-source") and one_die:
                raise ValueError(
                    f"the kernel's batch does not play {setup.ruleset} yet: use backend"
                    " 'python' (or 'auto', which does)"
                )
        #: Where the games are played: ``"match"`` (step mode), or play mode's backend.
        self.backend = backend
        self.max_plays = first.max_plays
        self.max_throws = max_throws
        self.obs = np.zeros((n, observation_size(setup)), dtype=np.float32)
        self.masks = np.zeros((n, self.n_actions), dtype=np.int8)
        self.movers = np.zeros(n, dtype=np.int64)
        #: The number of legal actions of each game's open decision (in play
        #: mode they are ``0 .. legal_counts[i] - 1``).
        self.legal_counts = np.zeros(n, dtype=np.int64)
        self._seeds = random.Random()
        self._py: _PythonGames | None = None
        self._batch: Any = None
        if backend == "python":
            self._py = _PythonGames(setup, n, self.max_plays, max_throws)
        elif backend in ("kernel", "kernel-source"):
            self._batch = kernel_batch(
                setup, n, self.max_plays, max_throws or 0, backend == "kernel"
            )
            # the kernel writes its own buffers: the observations and masks are these
            (self.obs, self.masks, self._movers32, self._counts32, self._rewards, self._done8) = (
                self._batch.buffers().arrays()
            )
        #: Games finished since the last :meth:`reset`.
        self.games_finished = 0

    # -- step mode (Match) ---------------------------------------------------------

    def _write(self, i: int) -> None:
        m = self.matches[i]
        m.observe(out=self.obs[i])
        self.masks[i].fill(0)
        legal = m.legal_actions()
        self.masks[i][legal] = 1
        self.movers[i] = m.to_move
        self.legal_counts[i] = len(legal)

    def _new_game(self, i: int) -> None:
        self.matches[i].reset(self._seeds.getrandbits(48))

    # -- the interface ---------------------------------------------------------------

    def reset(self, seed: int | None = None) -> tuple[Obs, Masks, Ints]:
        """Start ``n`` new games; returns observations, masks and the players to move."""
        self.games_finished = 0
        if self.backend == "match":
            self._seeds = random.Random(seed)
            for i in range(self.n):
                self._new_game(i)
                self._write(i)
            return self.obs.copy(), self.masks.copy(), self.movers.copy()
        s = (seed if seed is not None else random.getrandbits(64)) & _MASK64
        if self._py is not None:
            py = self._py
            py.seed, py.next_game = s, 0
            for i in range(self.n):
                py.new_game(i)
                py.advance(i)
                py.write(i, self.obs, self.masks, self.movers, self.legal_counts)
        else:
            err = self._batch.reset(s)
            self._kernel_error(err)
            self.movers[:] = self._movers32
            self.legal_counts[:] = self._counts32
        return self.obs.copy(), self.masks.copy(), self.movers.copy()

    def step(
        self, actions: npt.ArrayLike
    ) -> tuple[Obs, Masks, Ints, npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Apply one action per game (``ValueError`` if one is illegal: then none is applied).

        Returns observations (of the next decision, from its mover's side),
        masks, movers, rewards ``(n, players)`` (the final returns of the
        games that ended at this step, else 0; a game cut off by
        ``max_throws`` gets 0) and which games ended (those have already
        started again).
        """
        acts = np.asarray(actions)
        if acts.shape != (self.n,):
            raise ValueError(f"give one action per game: shape ({self.n},), not {acts.shape}")
        if acts.dtype.kind not in "iu":
            raise ValueError(f"actions must be integers, not {acts.dtype}")
        rewards = np.zeros((self.n, self.n_players), dtype=np.float32)
        done = np.zeros(self.n, dtype=np.bool_)
        if self.backend == "match":
            self._step_matches(acts, rewards, done)
        elif self._py is not None:
            self._step_python(acts, rewards, done)
        else:
            err = self._batch.step(np.ascontiguousarray(acts, dtype=np.longlong))
            if err < 0:
                self._illegal(acts, -1 - err)
            self._kernel_error(err)
            rewards[:] = self._rewards
            self.movers[:] = self._movers32
            self.legal_counts[:] = self._counts32
            done[:] = self._done8
        self.games_finished += int(done.sum())
        return self.obs.copy(), self.masks.copy(), self.movers.copy(), rewards, done

    def _illegal(self, acts: npt.NDArray[Any], i: int) -> None:
        k = int(self.legal_counts[i])
        raise ValueError(f"action {int(acts[i])} of game {i} is not legal now (legal: 0..{k - 1})")

    def _kernel_error(self, err: int) -> None:
        if err > 0:
            _, k = self._batch.error()
            raise ValueError(
                _too_many(k, "a throw", self.max_plays) + " (this environment needs a reset)"
            )

    def _step_matches(
        self, acts: npt.NDArray[Any], rewards: npt.NDArray[np.float32], done: npt.NDArray[np.bool_]
    ) -> None:
        for i, m in enumerate(self.matches):
            m.apply(int(acts[i]))
            if m.done:
                rewards[i] = m.returns()
                done[i] = True
                self._new_game(i)
            self._write(i)

    def _step_python(
        self, acts: npt.NDArray[Any], rewards: npt.NDArray[np.float32], done: npt.NDArray[np.bool_]
    ) -> None:
        py = self._py
        assert py is not None
        for i in range(self.n):
            if not 0 <= acts[i] < self.legal_counts[i]:
                self._illegal(acts, i)
        for i in range(self.n):
            py.play(i, int(acts[i]))
            status = py.advance(i)
            if status != _DECISION:
                if status == _OVER:
                    rewards[i] = returns_of(py.positions[i])
                done[i] = True
                py.new_game(i)
                py.advance(i)
            py.write(i, self.obs, self.masks, self.movers, self.legal_counts)

    # -- inspection ----------------------------------------------------------------

    def position(self, i: int) -> Position:
        """Game ``i``'s position now (at the start of the throw being decided)."""
        if self.backend == "match":
            return self.matches[i].position
        if self._py is not None:
            return self._py.positions[i]
        return position_of_state(self.setup, self._batch.state(i))

    def throw(self, i: int) -> tuple[int, ...]:
        """The throw of game ``i``'s open decision."""
        if self.backend == "match":
            t = self.matches[i].throw
            assert t is not None
            return t
        if self._py is not None:
            return self._py.throw[i]
        st = self._batch.state(i)
        return st[26], st[27]

    def plays(self, i: int) -> list[Play]:
        """Play mode: game ``i``'s legal plays in action order (the engine's, canonically)."""
        if self.mode != "play":
            raise ValueError("plays() is for play mode")
        if self._py is not None:
            return list(self._py.plays[i])
        pos = self.position(i)
        return fast.canonical_plays(pos, legal_plays(pos, self.throw(i)))
