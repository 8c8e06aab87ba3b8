"""Play mode in the compiled kernel: one :class:`~pachisi.rl.match.Match` game in a ``Batch`` lane.

:class:`KernelMatch` answers what the environments ask of a play-mode
:class:`~pachisi.rl.match.Match` (the open decision's observation, mask and
number of plays, the rewards at the end) from the kernel's batched games
(:func:`pachisi.rl.vector.kernel_batch` with one game), so that a step
enumerates, plays and writes the next observation and mask inside the kernel
without building a :class:`~pachisi.Position` or a
:class:`~pachisi.moves.Play`. Those are built only when asked for:
:attr:`KernelMatch.position`, :attr:`KernelMatch.plays` (a lazy sequence), an
observation from another player's side, :meth:`KernelMatch.afterstates`,
and once at the end of a game (below).

Its games are those of ``Match(setup, "play", draws="splitmix")``, throw for
throw and play for play (tests compare them on both engines): the dice of a
match seeded ``s`` come from :class:`pachisi.fast.SplitMix64` seeded
``stream_seed(s, 0)``, the first player's draw first, then two faces per
throw; action ``i`` is the ``i``-th play of
:func:`~pachisi.moves.legal_plays` (the canonical order). The kernel starts a
new game in the lane as soon as one ends, so the end itself (the final
position, and whether the game was over or cut off by ``max_throws``) is
played again on the library path from the last decision: the play chosen,
then the throws left in the same stream (:class:`pachisi.rl.vector`'s pure
games, which the kernel's batch is tested against).

:func:`fits` says where it can run: play mode, the compiled kernel active
for the ruleset, a two-dice ruleset (the kernel's batch does not play
``ludo`` and ``maedn``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Any, Final, overload

import numpy as np

from .. import fast
from .._layout import S_TO_MOVE
from ..dice import Throw
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .encoding import Array, Mask, observe, observe_positions
from .match import DEFAULT_MAX_PLAYS, returns_of
from .vector import (
    _DECISION,
    _TRUNCATED,
    _PythonGames,
    _too_many,
    kernel_batch,
    kernel_buffers,
    position_of_state,
)

__all__ = ["KernelMatch", "fits"]

#: splitmix64's increment: each draw of :class:`pachisi.fast.SplitMix64` adds it to the state.
GAMMA: Final = 0x9E3779B97F4A7C15
#: ``Batch.state``'s ints: the game state (``fast.S_SIZE``), then the throw's faces, the
#: number of plays, the throws so far.
_A: Final = fast.S_SIZE
_B: Final = fast.S_SIZE + 1
_NOUT: Final = fast.S_SIZE + 2
_THROWS: Final = fast.S_SIZE + 3
#: The mover's index in the game state (``pachisi._layout.S_TO_MOVE``).
_TO_MOVE: Final = S_TO_MOVE


def fits(setup: Setup, mode: str) -> bool:
    """Whether :class:`KernelMatch` can play ``setup`` in ``mode`` here."""
    return (
        mode == "play" and setup.ruleset not in ONE_DIE_RULESETS and fast.active_for(setup.ruleset)
    )


class LazyPlays(Sequence[Play]):
    """The legal plays of a decision, enumerated on the library path when first read.

    Its length is known at once (the kernel's count); reading a play
    enumerates them (:func:`~pachisi.moves.legal_plays`). It keeps its
    decision's kernel state, so it stays the same after the game moves on.
    Equal to any sequence of the same plays.

    Made by :class:`KernelMatch` (``LazyPlays.of(match, state, count)``, or on its
    hot path as ``of`` does, without a call to ``__init__``: the environment
    makes one at every step).
    """

    __slots__ = ("_count", "_match", "_plays", "_state")

    _match: KernelMatch
    #: The decision's ``Batch.snapshot``.
    _state: Sequence[int]
    _count: int
    _plays: Sequence[Play] | None

    @staticmethod
    def of(match: KernelMatch, state: Sequence[int], count: int) -> LazyPlays:
        """The ``count`` plays of ``match``'s decision whose ``Batch.snapshot`` is ``state``."""
        p = LazyPlays()
        p._match = match
        p._state = state
        p._count = count
        p._plays = None
        return p

    def _all(self) -> Sequence[Play]:
        if self._plays is None:
            self._plays = self._match._legal_plays(self._state)
        return self._plays

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, i: int) -> Play: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Play]: ...
    def __getitem__(self, i: int | slice) -> Play | Sequence[Play]:
        return self._all()[i]

    def __iter__(self) -> Iterator[Play]:
        return iter(self._all())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence) or isinstance(other, str):
            return NotImplemented
        return len(self) == len(other) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyPlays({list(self)!r})"


class KernelMatch:
    """A play-mode :class:`~pachisi.rl.match.Match` played in the kernel (module docstring).

    The same constructor arguments but ``mode`` (always ``"play"``): ``setup``,
    ``max_plays``, ``max_throws``, ``seed``. ``ValueError`` where :func:`fits`
    is false. No :attr:`~pachisi.rl.match.Match.history` is kept.
    """

    mode: Final = "play"
    draws: Final = "splitmix"
    #: Play mode has no step-by-step turn.
    turn: Final = None

    def __init__(
        self,
        setup: Setup,
        *,
        max_plays: int | None = None,
        max_throws: int | None = None,
        seed: int | None = None,
    ) -> None:
        if not fits(setup, "play"):
            raise ValueError(
                f"the kernel's batch does not play {setup.ruleset} here"
                " (one-die ruleset, or no compiled kernel)"
            )
        if max_plays is not None and (isinstance(max_plays, bool) or max_plays < 1):
            raise ValueError(f"max_plays must be a positive integer, not {max_plays!r}")
        if max_throws is not None and (isinstance(max_throws, bool) or max_throws < 1):
            raise ValueError(f"max_throws must be a positive integer, not {max_throws!r}")
        self.setup = setup
        self.max_plays = max_plays if max_plays is not None else DEFAULT_MAX_PLAYS[setup.ruleset]
        self.max_throws = max_throws
        self.n_actions = self.max_plays
        self._batch: Any = None
        self._batch_start: Position | None = None
        #: The kernel's buffers (one lane), kept from batch to batch.
        self._out = kernel_buffers(setup, 1, self.max_plays)
        self._obs, self._masks, _, _, _, _ = self._out.arrays()
        #: The kernel's rows of the open decision (views of ``_obs`` and ``_masks``).
        self._obs_row = self._obs[0]
        self._mask_row = self._masks[0]
        #: Fresh copies of those rows (bound once: the hot path of ``pachisi_v1.env``).
        self._obs_copy = self._obs_row.copy
        self._mask_copy = self._mask_row.copy
        #: Plays an action in the batch's lane: its ``Batch.play``.
        self._play: Any = None
        #: The lane's state after a step: its ``Batch.snapshot``.
        self._snapshot: Any = None
        #: The number of legal plays now (0 once the game has ended).
        self._k = 0
        #: The player to move at the open decision.
        self._mover = 0
        self._stream = 0
        #: The open decision's ``Batch.state`` (as ``Batch.snapshot``'s ``array('i')``).
        self._st: Sequence[int] = []
        self._position: Position | None = None
        self._plays: LazyPlays | None = None
        #: The final position once the game has ended.
        self._final: Position | None = None
        self._final_throws = 0
        self.truncated = False
        self.reset(seed)

    # -- state -----------------------------------------------------------------

    def reset(
        self, seed: int | None = None, first: int | None = None, position: Position | None = None
    ) -> None:
        """Start a new game seeded ``seed`` (``position``: from that position).

        ``first`` is not supported (``ValueError``): the seed's first draw names
        the first player.
        """
        if first is not None:
            raise ValueError("a kernel match draws its first player; first= is not supported")
        if position is not None and (
            not isinstance(position, Position) or position.setup != self.setup
        ):
            raise ValueError("the start position must be a Position of this set-up")
        s = (seed if seed is not None else random.getrandbits(64)) & fast.MASK64
        self._stream = fast.stream_seed(s, 0)
        self._clear()
        self._final = None
        self.truncated = False
        if position is not None and position.is_over:
            self._final = position
            self._final_throws = 0
            self._k = 0
            return
        if self._batch is None or self._batch_start != position:
            self._batch = kernel_batch(
                self.setup, 1, self.max_plays, self.max_throws or 0, start=position, out=self._out
            )
            self._batch_start = position
            self._play = self._batch.play
            self._snapshot = self._batch.snapshot
        err = self._batch.reset(s)
        if err:
            self._too_many()
        self._st = st = self._snapshot(0)
        self._k = st[_NOUT]
        self._mover = st[_TO_MOVE]
        if self._k == 0:  # the game ended before a decision opened
            if position is None:
                position = Position.initial(
                    self.setup, fast.SplitMix64(self._stream).below(len(self.setup.players))
                )
            self._end(position, 0)

    def _clear(self) -> None:
        self._position = None
        self._plays = None

    def _too_many(self) -> None:
        _, k = self._batch.error()
        self._batch = None  # its lane is spoiled: a new one at the next reset
        self._k = 0  # and no action is legal until then
        raise ValueError(_too_many(k, "a throw", self.max_plays))

    def _end(self, start: Position, throws: int) -> None:
        """The game ended in the lane after ``throws`` throws: play its end again from
        ``start`` on the library path, the same dice stream (module docstring)."""
        games = _PythonGames(self.setup, 1, self.max_plays, self.max_throws)
        games.positions[0] = start
        games.throws[0] = throws
        # The draws made so far: the first player's, then two per throw.
        games.dice[0] = fast.SplitMix64(self._stream + (1 + 2 * throws) * GAMMA)
        status = games.advance(0)
        if status == _DECISION:
            raise AssertionError("the kernel's lane and the library path disagree on an end")
        self._final = games.positions[0]
        self._final_throws = games.throws[0]
        self.truncated = status == _TRUNCATED
        self._k = 0
        self._clear()

    @property
    def done(self) -> bool:
        """Whether the game has ended (over, or truncated by ``max_throws``)."""
        return self._final is not None

    @property
    def to_move(self) -> int:
        """The player whose decision it is (at the end: the final position's)."""
        if self._final is not None:
            return self._final.to_move
        return self._mover

    @property
    def needs_throw(self) -> bool:
        """Always ``False``: the kernel throws the dice."""
        return False

    @property
    def position(self) -> Position:
        """The position now (at the start of the throw being decided), built when asked."""
        if self._final is not None:
            return self._final
        if self._position is None:
            self._position = position_of_state(self.setup, self._st)
        return self._position

    @property
    def throw(self) -> Throw | None:
        """The throw being decided (``None`` once the game has ended)."""
        if self._final is not None:
            return None
        return (self._st[_A], self._st[_B])

    @property
    def throws(self) -> int:
        """Throws so far in this game (counting the one being decided)."""
        if self._final is not None:
            return self._final_throws
        return self._st[_THROWS]

    @property
    def plays(self) -> Sequence[Play]:
        """The legal plays of the open decision in action order (a :class:`LazyPlays`)."""
        if self._final is not None:
            return []
        if self._plays is None:
            self._plays = LazyPlays.of(self, self._st, self._k)
        return self._plays

    def _legal_plays(self, state: Sequence[int]) -> Sequence[Play]:
        """The legal plays of the decision whose ``Batch.state`` is ``state``."""
        if state is self._st and self._final is None:
            position = self.position  # built once for both
        else:
            position = position_of_state(self.setup, state)
        return legal_plays(position, (state[_A], state[_B]))

    def current_plays(self) -> list[Play]:
        """The legal plays of the current throw (empty once the game has ended)."""
        return list(self.plays)

    def legal_actions(self) -> list[int]:
        """The legal action indices now, ascending (empty once the game has ended)."""
        return list(range(self._k))

    def is_legal(self, action: int) -> bool:
        """Whether the index ``action`` is a legal action now."""
        return 0 <= action < self._k

    def mask(self) -> Mask:
        """The legal actions as a 0/1 int8 array of length :attr:`n_actions`."""
        if self._final is not None:
            return np.zeros(self.n_actions, dtype=np.int8)
        mask: Mask = self._mask_row.copy()
        return mask

    def observe(self, viewer: int | None = None, out: Array | None = None) -> Array:
        """The observation vector (:func:`~pachisi.rl.encoding.observe`) for ``viewer``.

        From the mover's side the kernel's row; from another side (or at the
        end) encoded from :attr:`position`.
        """
        if self._final is None and (viewer is None or viewer == self._mover):
            if out is None:
                obs: Array = self._obs_row.copy()
                return obs
            np.copyto(out, self._obs_row)
            return out
        who = self.to_move if viewer is None else viewer
        return observe(self.position, who, self.throw, out=out)

    def observation(self, viewer: int) -> dict[str, Any]:
        """The AEC environment's observation of ``viewer``: ``{"observation": ...,
        "action_mask": ...}`` (copies; the mask all zeros but for the player to move)."""
        if self._final is None and viewer == self._mover:
            return {"observation": self._obs_copy(), "action_mask": self._mask_copy()}
        return {
            "observation": self.observe(viewer),
            "action_mask": np.zeros(self.n_actions, dtype=np.int8),
        }

    def afterstates(self, viewer: int | None = None) -> Array:
        """One observation row per legal play, of its resulting position (as ``Match``'s)."""
        who = self.to_move if viewer is None else viewer
        return observe_positions([p.position for p in self.plays], who)

    def returns(self) -> list[float]:
        """Each player's reward (:func:`~pachisi.rl.match.returns_of`; zeros if cut off)."""
        if self._final is None or self.truncated:
            return [0.0] * len(self.setup.players)
        return returns_of(self._final)

    # -- moves -----------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Take play ``action`` (an index); ``ValueError`` if it is not legal now."""
        k = self._k
        if isinstance(action, bool) or not 0 <= action < k:
            raise ValueError(f"action {action!r} is not legal now (legal: 0..{k - 1})")
        before = self._st
        err = self._play(action)
        self._position = None
        self._plays = None
        if err > 0:  # 1: too many plays, 2: the game ended
            self._stopped(err, action, before)
            return
        self._st = st = self._snapshot(0)
        self._k = st[_NOUT]
        self._mover = st[_TO_MOVE]

    def _stopped(self, err: int, action: int, before: Sequence[int]) -> None:
        """After ``Batch.play`` of ``action`` from the decision ``before`` answered ``err``
        (1: the next throw has too many plays, ``ValueError``; 2: the game ended)."""
        if err == 1:
            self._too_many()
        start = position_of_state(self.setup, before)
        play = legal_plays(start, (before[_A], before[_B]))[int(action)]
        self._end(play.position, before[_THROWS])
