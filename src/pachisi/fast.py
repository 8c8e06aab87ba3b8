"""The fast engine's public face: playouts, whole games and packed states in the compiled kernel.

The players (:mod:`pachisi.bots`), analysis, the RL environments, learning
and tournaments use the fast engine through this module only; what lies
behind it (:mod:`pachisi._accel`, the bridge, and :mod:`pachisi._kernel`,
the compiled kernel) is private to the core and may change shape without
notice (tests/test_seams.py checks that nothing outside the core imports
them).

Which engine runs
    :func:`engine` (``"kernel"`` or ``"pure"``), :func:`active`,
    :func:`active_for` (active, and the kernel knows the ruleset),
    :func:`evaluates_for` (and its evaluation and playouts play it),
    :func:`pure` (a block on the pure engine), :func:`kernel_module`,
    :func:`batch_module` (the batched RL environments' module);
    ``PACHISI_PURE=1`` in the environment forces the pure engine
    (:data:`FORCED_PURE`).
Random games, the same on both engines
    :func:`playouts` (in the kernel) and :func:`pure_playouts` (its pure
    twin), :class:`Playout`, :class:`EvaluatedPlayout`, :class:`Network`;
    their randomness: :class:`SplitMix64` and :func:`stream_seed`; the order
    they draw outcomes in: :func:`canonical_plays`; a greedy pick among
    outcomes: :func:`greedy_position`.
Step graphs, for a caller that steps through throws (the RL step lane)
    :class:`TurnGraphs` (one set-up's :class:`TurnGraph` of each throw, its
    tables looked up once).
Whole games for ``pachisi simulate``
    :func:`simulate_games`, :func:`simulate_trace`, :class:`SimulatedGame`,
    :func:`sim_state` (:data:`SimState`).
Packed states, for the kernel's batched and value-network entry points
    :func:`game_table` (a set-up), :func:`game_state` (a position, an
    ``array("i")`` of :data:`S_SIZE` ints; the mover's cut flags at
    :data:`S_CUTS`), :func:`eval_tables` (the hand evaluation's tables),
    :data:`R_SIZE` (one playout's result), and :func:`kernel`: this thread's
    kernel, typed by :class:`Kernel` (the methods callers may use), and its value
    network, :meth:`Kernel.network`, typed by :class:`Net`; :func:`games`: this
    thread's games on the kernel (playouts, simulate, self-play), typed by
    :class:`Games`.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> games = (playouts if active() else pure_playouts)(pos, 2, seed=1, max_throws=3)
>>> [g.throws for g in games]
[3, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any, Protocol

from . import _accel
from ._accel import (
    FORCED_PURE,
    EvaluatedPlayout,
    Network,
    Playout,
    SimState,
    SimulatedGame,
    SplitMix64,
    TurnGraph,
    TurnGraphs,
    active,
    active_for,
    batch_module,
    canonical_plays,
    engine,
    eval_tables,
    evaluates_for,
    game_state,
    game_table,
    kernel_module,
    playouts,
    pure,
    pure_playouts,
    sim_state,
    simulate_games,
    simulate_trace,
    stream_seed,
)
from ._layout import R_SIZE, S_CUTS, S_SIZE
from .plays import Play
from .position import Position

__all__ = [
    "FORCED_PURE",
    "MASK64",
    "POLICIES",
    "R_SIZE",
    "S_CUTS",
    "S_SIZE",
    "Buffer",
    "EvaluatedPlayout",
    "Games",
    "Kernel",
    "Net",
    "Network",
    "Playout",
    "Policies",
    "Recording",
    "SimState",
    "SimulatedGame",
    "SplitMix64",
    "TurnGraph",
    "TurnGraphs",
    "active",
    "active_for",
    "batch_module",
    "canonical_plays",
    "engine",
    "eval_tables",
    "evaluates_for",
    "game_state",
    "game_table",
    "games",
    "greedy_position",
    "kernel",
    "kernel_module",
    "playouts",
    "pure",
    "pure_playouts",
    "sim_state",
    "simulate_games",
    "simulate_trace",
    "stream_seed",
]

#: The players' policies :func:`playouts` knows (its ``policies`` argument).
POLICIES: tuple[str, ...] = _accel._POLICIES

#: Seeds are taken modulo 2**64 (``seed & MASK64``).
MASK64 = 0xFFFFFFFFFFFFFFFF

#: A contiguous buffer the kernel reads or fills: an ``array("i")``/``array("d")`` or a numpy
#: ``int32``/``float64`` array, as each :class:`Kernel` method says (Python 3.11 has no
#: ``collections.abc.Buffer`` to say so in the type).
Buffer = Any


class Kernel(Protocol):
    """The compiled kernel's entry points that callers outside the core may use.

    ``game`` is :func:`game_table`'s table, ``state``/``states`` are
    :func:`game_state` arrays (``states``: several, one after the other),
    ``evaluation`` :func:`eval_tables`' tables ``(weights, board)``, ``net`` a
    value network's kernel tables ``(ints, weights)``
    (``pachisi.learn.kernel.tables``), each pair one argument, as
    :meth:`Games.policies` takes them; ``throws`` a
    flat ``int`` buffer of ``(a, b)`` pairs. Outputs are written into the
    ``out*`` buffers the caller allocates. The docstrings in the kernel say
    each buffer's size.
    """

    def evaluate_many(
        self,
        game: Buffer,
        evaluation: tuple[Buffer, Buffer],
        recs: Buffer,
        n: int,
        player: int,
        out: Buffer,
        /,
    ) -> None:
        """The hand evaluation of ``n`` packed states for ``player``, into ``out``."""

    def expectimax_replies(
        self,
        game: Buffer,
        evaluation: tuple[Buffer, Buffer],
        state: Buffer,
        throws: Buffer,
        n_throws: int,
        me: int,
        out_v: Buffer,
        out_n: Buffer,
        /,
    ) -> None:
        """For each throw, the best reply's hand evaluation for ``me`` and the number of plays."""

    def network(self) -> Net:
        """This kernel's value network (its own compiled module, ``pachisi._knet``)."""

    def nn_replies(
        self,
        game: Buffer,
        state: Buffer,
        throws: Buffer,
        n_throws: int,
        net: tuple[Buffer, Buffer],
        out_v: Buffer,
        out_st: Buffer,
        /,
    ) -> None:
        """For each throw, the network's best reply: its value and the state it leads to."""

    def nn_jams(
        self, game: Buffer, state: Buffer, throws: Buffer, n_throws: int, out: Buffer, /
    ) -> int:
        """For each throw, whether the mover's best replies tie (see the kernel)."""


class Games(Protocol):
    """The compiled kernel's games (``pachisi._kplay.Games``, its own compiled module),
    reached through :func:`games`: playouts, ``pachisi simulate``'s games and the value
    network's self-play, each on the kernel's fast enumerator.

    Arguments as for :class:`Kernel`; ``res``/``results`` are the ``int``
    result buffers the caller allocates (:data:`R_SIZE` ints per playout).
    :func:`playouts` and :func:`simulate_games` are the usual way in; the
    docstrings in ``_kplay`` say each buffer's size.
    """

    def playouts(
        self,
        game: Buffer,
        state: Buffer,
        n: int,
        seed: int,
        results: Buffer,
        /,
        *,
        max_throws: int,
        first_playout: int = 0,
        first_throws: Buffer | None = None,
        policies: Policies | None = None,
        cutoff_values: Buffer | None = None,
    ) -> int:
        """Play ``n`` seeded games from ``state`` into ``results``, each player on its
        :meth:`policies`' policy (none: at random); all their throws."""

    def policies(
        self,
        greedy: int = 0,
        network: int = 0,
        evaluation: tuple[Buffer, Buffer] | None = None,
        net: tuple[Buffer, Buffer] | None = None,
        network_cutoff: bool = False,
    ) -> Policies:
        """How :meth:`playouts`' players choose: the bit masks of the greedy players (by the
        hand evaluation, its :func:`eval_tables` ``evaluation``) and of the value
        network's (its kernel tables ``net``, :meth:`Network.kernel_tables`), the others at
        random; ``network_cutoff``: the network values a cut-off game."""

    def simulate(
        self,
        game: Buffer,
        state: Buffer,
        n: int,
        seeds: Buffer,
        spec: Buffer,
        res: Buffer,
        /,
        *,
        max_throws: int,
        evaluation: tuple[Buffer, Buffer] | None = None,
        trace: bool = False,
    ) -> list[list[int]]:
        """Play ``n`` games of ``pachisi simulate``, the greedy players by the hand evaluation
        (its :func:`eval_tables` ``evaluation``, as :meth:`policies` takes it); the last
        game throw by throw if ``trace``."""

    def recording(self, max_throws: int, /) -> Recording:
        """A new record for :meth:`nn_selfplay`'s games of at most ``max_throws`` throws."""

    def nn_selfplay(
        self,
        game: Buffer,
        state: Buffer,
        seed: int,
        k: int,
        net: tuple[Buffer, Buffer],
        record: Recording,
        /,
    ) -> int:
        """Playout ``k`` of ``seed`` on the network policy (its kernel tables ``net``, as
        :meth:`policies` takes them), recording every position into ``record``
        (:meth:`recording`); the number of positions recorded."""


class Policies(Protocol):
    """The players' policies of :meth:`Games.playouts` (``pachisi._kplay.Policies``), made
    once by :meth:`Games.policies`; it holds the tables they play by."""


class Recording(Protocol):
    """One self-play game's record (``pachisi._kplay.Recording``, from
    :meth:`Games.recording`): its buffers ``(idx, val, off, mv, v, res)``, reused from
    game to game; ``_kplay`` says what each holds."""

    def arrays(self) -> tuple[Buffer, Buffer, Buffer, Buffer, Buffer, Buffer]:
        """The buffers themselves (``array.array``: ``"i"`` for ``idx``, ``off``, ``mv``,
        ``res``; ``"d"`` for ``val`` and ``v``)."""


class Net(Protocol):
    """The compiled value network's entry points (``pachisi._knet.Net``), reached through
    :meth:`Kernel.network`: the encoding and the forward pass of a value network, in C.

    ``net`` is a value network's kernel tables ``(ints, weights)``
    (``pachisi.learn.kernel.tables``), one argument, as :class:`Kernel` and
    :class:`Games` take it; ``state``/``states`` :func:`game_state`
    arrays (``states``: ``n`` of them, one after the other). The same numbers,
    bit for bit, as ``ValueNet.side_chances`` and ``Encoder.encode``.
    """

    def encode(self, net: tuple[Buffer, Buffer], state: Buffer, /) -> tuple[list[int], list[float]]:
        """A state's network input: its active units and their values."""

    def chances(self, net: tuple[Buffer, Buffer], state: Buffer, /) -> list[float]:
        """The network's chance of each side winning ``state``, sides counted from the
        mover's."""

    def repeat(
        self, net: tuple[Buffer, Buffer], state: Buffer, reps: int, encode_only: bool, /
    ) -> float:
        """Evaluate (or only encode) ``state`` ``reps`` times: for timing the network."""

    def batch(self, net: tuple[Buffer, Buffer], states: Buffer, n: int, out: Buffer, /) -> None:
        """Each player's (his side's) chance in ``n`` states: ``out[4 * i + player]``."""


def kernel(module: ModuleType | None = None) -> Kernel:
    """This thread's kernel (its buffers are per call: never share one between threads).

    ``module``: a kernel module (:func:`kernel_module`; the uncompiled source
    for tests); default the compiled one, :class:`RuntimeError` if it is not
    installed.
    """
    found: Kernel = _accel._default_kernel() if module is None else _accel._kernel(module)
    return found


def games(module: ModuleType | None = None) -> Games:
    """This thread's games (its own kernel and buffers: never share one between threads).

    ``module``: a kernel module (:func:`kernel_module`; the uncompiled source
    for tests, whose games then run uncompiled too); default the compiled
    one, :class:`RuntimeError` if it is not installed.
    """
    if module is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    found: Games = _accel._games(module)
    return found


def greedy_position(
    position: Position,
    plays: Sequence[Play],
    evaluation: Callable[[Position, int], float],
    rng: SplitMix64,
) -> Position:
    """The outcome of ``plays`` best for the mover by ``evaluation``, as :func:`playouts` picks.

    ``plays`` in canonical order (:func:`canonical_plays`); ties within 1e-9
    are broken by one draw from ``rng`` (none for a single outcome or a
    single best).
    """
    return _accel._greedy(position, plays, evaluation, rng)
