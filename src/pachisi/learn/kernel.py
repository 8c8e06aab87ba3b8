"""The value network inside the compiled kernel: its tables, and values of positions.

:func:`tables` packs a :class:`~pachisi.learn.network.ValueNet` and a set-up
into the two arrays the kernel's value network (``pachisi._knet``, reached
through :meth:`pachisi.fast.Kernel.network`) reads (the
encoding's tables of :class:`~pachisi.learn.encoding.Encoder`, then the
weights). The kernel computes the encoding ``pachisi-encoding/1`` of a game
state, the hidden layer over its active units and the softmax over the
sides with the very operations of :meth:`ValueNet.side_chances
<pachisi.learn.network.ValueNet.side_chances>` in the same order: the same
units, values and chances, bit for bit (the tests compare them on random
positions of every ruleset and set-up, compiled and uncompiled).

:func:`kernel_side_chances` and :func:`kernel_encode` are for tests and
measurements. :func:`chances` and :func:`best_replies` are what the learned
players use: in the kernel when it is compiled and active, else on the pure
engine with the network's plain-Python path, with the same numbers, so that
they play the same games either way. The rollouts and the training reach
the kernel through :func:`pachisi.fast.playouts` (``policies=("network",
...)``) and :func:`pachisi.training.train.play_games`.

>>> from pachisi import Position
>>> from pachisi.learn.network import ValueNet
>>> pos = Position.start("parcheesi", players=2)
>>> net = ValueNet.random(pos.setup, hidden=4, seed=1)
>>> chances(net, [pos]) == [net.win_chances(pos)]   # kernel or plain path: the same
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any

from .. import fast

# The layout of the network's tables: pachisi._layout's (the kernel's, checked alike).
from .._layout import (
    ND_W1,
    NI_FRIEND,
    NI_GLOBAL,
    NI_HIDDEN,
    NI_HOME,
    NI_IN_PLAY,
    NI_INPUTS,
    NI_INV,
    NI_MAJOR,
    NI_NPLAYERS,
    NI_NSIDES,
    NI_OWNER,
    NI_PAGADE,
    NI_PLAYERS_UNIT,
    NI_ROUTE,
    NI_SAFE,
    NI_SIDE,
    NI_SIZE,
    NI_SLOT,
    NI_SLOTS,
    NI_TEAMS_UNIT,
    P_DOUBLES,
    S_CUTS,
    S_SIZE,
)
from ..board import N_RING, OFF
from ..dice import Throw, dice_for
from ..moves import legal_plays
from ..position import Position, advance
from ..rules import ONE_DIE_RULESETS, Setup
from .encoding import MAX_SIDES, Encoder
from .network import ValueNet, WeightsError

__all__ = [
    "NetTables",
    "best_replies",
    "chances",
    "dead_end_throws",
    "kernel_encode",
    "kernel_side_chances",
    "tables",
]


#: The two arrays of :func:`tables`: ints (``array("i")``), doubles (``array("d")``).
NetTables = tuple[Any, Any]

_TABLES: dict[tuple[int, Setup], tuple[ValueNet, NetTables]] = {}


def tables(net: ValueNet, setup: Setup) -> NetTables:
    """The kernel's tables of ``net`` for ``setup``'s positions (cached per network and set-up).

    The weights are copied when the tables are made: a network changed in
    place afterwards needs new tables (:meth:`ValueNet.from_arrays` makes a
    new network, and so a new cache entry).
    """
    key = (id(net), setup)
    found = _TABLES.get(key)
    if found is not None and found[0] is net:
        return found[1]
    if setup.ruleset != net.ruleset:
        raise ValueError(f"this network is for {net.ruleset}, not {setup.ruleset}")
    enc = Encoder.of(setup)
    if enc.n_inputs != net.n_inputs:
        raise ValueError(f"the network has {net.n_inputs} inputs, the encoding {enc.n_inputs}")
    ni = [0] * NI_SIZE
    ni[NI_HOME] = enc.home
    ni[NI_PAGADE] = int(enc.pagade)
    ni[NI_SLOT] = enc.slot_size
    ni[NI_INPUTS] = enc.n_inputs
    ni[NI_HIDDEN] = net.hidden
    ni[NI_NSIDES] = enc.n_sides
    ni[NI_NPLAYERS] = enc.n_players
    ni[NI_GLOBAL] = enc.global_offset
    glob = enc._globals
    ni[NI_TEAMS_UNIT] = glob[0] if len(glob) == 2 else -1
    ni[NI_PLAYERS_UNIT] = glob[-1]
    for mover in range(enc.n_players):
        for slot, c in enumerate(enc.slots[mover]):
            ni[NI_SLOTS + 4 * mover + slot] = c
        for j, side in enumerate(enc.side_of[mover]):
            ni[NI_SIDE + 4 * mover + j] = side
    majors = setup.majors
    for c in range(4):
        owner = enc.owner[c]
        ni[NI_OWNER + c] = owner
        ni[NI_MAJOR + c] = int(majors is not None and owner >= 0 and majors[owner] == c)
        ni[NI_IN_PLAY + c] = int(c in enc.colours)
        for d in range(4):
            ni[NI_FRIEND + 4 * c + d] = int(enc.friendly[c][d])
        for p, s in enumerate(enc.routes[c]):
            ni[NI_ROUTE + 85 * c + p] = s if s != OFF else -1
        for s, p in enumerate(enc.index[c]):
            ni[NI_INV + 100 * c + s] = p
    for s in range(N_RING):
        ni[NI_SAFE + s] = int(enc.safe[s])
    nd = list(enc.chance)
    assert len(nd) == ND_W1
    for row in net.W1:
        nd.extend(row)
    nd.extend(net.b1)
    for row in net.W2:
        nd.extend(row)
    nd.extend(net.b2)
    assert len(nd) == ND_W1 + net.n_inputs * net.hidden + net.hidden * (1 + MAX_SIDES) + MAX_SIDES
    made = (array("i", ni), array("d", nd))
    if len(_TABLES) >= 64:
        _TABLES.clear()
    _TABLES[key] = (net, made)
    return made


def _module(module: ModuleType | None) -> ModuleType:
    if module is None:
        module = fast.kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    return module


def kernel_encode(
    net: ValueNet, position: Position, module: ModuleType | None = None
) -> tuple[list[int], list[float]]:
    """The kernel's encoding of ``position`` (``module``: default the compiled kernel)."""
    kern = fast.kernel(_module(module))
    got: tuple[list[int], list[float]] = kern.network().encode(
        tables(net, position.setup), fast.game_state(position)
    )
    return got


def kernel_side_chances(
    net: ValueNet, position: Position, module: ModuleType | None = None
) -> list[float]:
    """The kernel's side chances of ``position`` (:meth:`ValueNet.side_chances`' numbers)."""
    if position.ruleset != net.ruleset:
        raise ValueError(f"this network is for {net.ruleset}, not {position.ruleset}")
    kern = fast.kernel(_module(module))
    got: list[float] = kern.network().chances(
        tables(net, position.setup), fast.game_state(position)
    )
    return got


def chances(net: ValueNet, positions: Sequence[Position]) -> list[list[float]]:
    """Every player's chance (his side's) in each position, by the network: in the compiled
    kernel when it is active, else by the plain-Python path (the same numbers, bit for bit,
    so that a player decides the same either way). Exact for a game with a winner."""
    if not positions:
        return []
    setup = positions[0].setup
    if setup.ruleset in ONE_DIE_RULESETS:
        return net.sparse_chances(positions)  # Ludo, MADN: no network in the kernel
    if not fast.active() or any(p.setup != setup for p in positions):
        return [net.win_chances(p) for p in positions]
    if setup.ruleset != net.ruleset:
        raise WeightsError(f"this network is for {net.ruleset}, not {setup.ruleset}")
    states = array("i")
    for p in positions:
        states.extend(fast.game_state(p))
    out = array("d", bytes(32 * len(positions)))
    fast.kernel().network().batch(tables(net, setup), states, len(positions), out)
    n = len(setup.players)
    return [out[4 * i : 4 * i + n].tolist() for i in range(len(positions))]


#: The kernel's code of each throw checked so far, by ruleset and throw (two exact ``int``s:
#: a throw of any other form is checked every time, so ``(True, 3)`` is never taken for a
#: checked ``(1, 3)``). A review asks for the same 21 throws some 100,000 times.
_CODES: dict[tuple[str, tuple[int, ...]], int] = {}


def _code(ruleset: str, throw: Throw) -> int:
    """The kernel's code of a two-dice ``throw`` (``8 * a + b``), checked by the ruleset's
    dice (:class:`~pachisi.dice.ThrowError` if it cannot be thrown)."""
    plain = type(throw) is tuple and len(throw) == 2 and all(type(v) is int for v in throw)
    if plain:
        got = _CODES.get((ruleset, throw))
        if got is not None:
            return got
    a, b = dice_for(ruleset).check(throw)
    code = 8 * a + b
    if plain:
        _CODES[(ruleset, throw)] = code
    return code


def best_replies(
    net: ValueNet, position: Position, throws: Sequence[Throw], positions: bool = True
) -> list[tuple[list[float], Position | None]]:
    """For each throw of ``position`` (a game not over): the mover's best play by the
    network at 0 ply, as every player's chances after it and (with ``positions``) the
    position it leads to. Among the distinct results in canonical order
    (:func:`pachisi.fast.canonical_plays`) the first best, ties within 1e-9 going to
    the first: in the compiled kernel when active, else on the pure engine, the same."""
    setup = position.setup
    if position.ruleset != net.ruleset:
        raise WeightsError(f"this network is for {net.ruleset}, not {position.ruleset}")
    n = len(setup.players)
    out: list[tuple[list[float], Position | None]] = []
    if setup.ruleset in ONE_DIE_RULESETS:
        return _one_die_replies(net, position, throws, positions)
    if not fast.active():
        for throw in throws:
            plays = fast.canonical_plays(position, legal_plays(position, throw))
            best_pos = plays[0].position
            best: list[float] | None = None
            for play in plays:
                c = net.win_chances(play.position)
                if best is None or c[position.to_move] > best[position.to_move] + 1e-9:
                    best, best_pos = c, play.position
            assert best is not None
            out.append((best, best_pos if positions else None))
        return out
    net_tables = tables(net, setup)
    codes = array("i", [_code(setup.ruleset, t) for t in throws])
    out_v = array("d", bytes(32 * len(codes)))
    out_st = array("i", bytes(4 * S_SIZE * len(codes)))
    fast.kernel().nn_replies(
        fast.game_table(setup),
        fast.game_state(position),
        codes,
        len(codes),
        net_tables,
        out_v,
        out_st,
    )
    for i in range(len(codes)):
        after = _from_state(position, out_st[S_SIZE * i : S_SIZE * (i + 1)]) if positions else None
        out.append((out_v[4 * i : 4 * i + n].tolist(), after))
    return out


def _one_die_replies(
    net: ValueNet, position: Position, throws: Sequence[Throw], positions: bool
) -> list[tuple[list[float], Position | None]]:
    """:func:`best_replies` in Ludo and MADN: every result of every throw valued in one
    batch (:meth:`ValueNet.sparse_chances <pachisi.learn.network.ValueNet.sparse_chances>`),
    the first
    best of each throw's results in canonical order. A result where the mover throws
    again (a 6, L.6.4, M.6.1) is valued as the position it is, the same player to move."""
    me = position.to_move
    per: list[list[Position]] = []
    flat: list[Position] = []
    for throw in throws:
        plays = fast.canonical_plays(position, legal_plays(position, throw))
        per.append([p.position for p in plays])
        flat.extend(per[-1])
    values = net.sparse_chances(flat)
    out: list[tuple[list[float], Position | None]] = []
    k = 0
    for results in per:
        best_i = k
        for i in range(k + 1, k + len(results)):
            if values[i][me] > values[best_i][me] + 1e-9:
                best_i = i
        out.append((values[best_i], flat[best_i] if positions else None))
        k += len(results)
    return out


def dead_end_throws(
    position: Position, throws: Sequence[Throw], module: ModuleType | None = None
) -> list[bool]:
    """For each throw of the Pagade ``position`` (no winner yet): whether a dead end
    (RULES.md §3.5) might be among its outcomes, by the kernel (``module``: default the
    compiled one).

    Conservative, from the cheap test of :attr:`Position.is_dead_end
    <pachisi.position.Position.is_dead_end>` (no player still in the game has a
    pawn that a 1 surely moves): ``False`` means no outcome of the throw is a
    dead end. :func:`best_replies` values a dead end by the network; the
    analysis (:class:`pachisi.analysis.net.NetEvaluator`), which values it
    exactly, answers the throws marked here on the pure engine.
    """
    setup = position.setup
    if setup.ruleset != "pagade":
        raise ValueError(f"dead ends are Pagade's, not {setup.ruleset}'s")
    if position.winner is not None:
        raise ValueError("the game already has a winner")
    codes = array("i", [_code(setup.ruleset, t) for t in throws])
    out = array("i", bytes(4 * len(codes)))
    fast.kernel(_module(module)).nn_jams(
        fast.game_table(setup), fast.game_state(position), codes, len(codes), out
    )
    return [bool(x) for x in out]


def _from_state(before: Position, st: Any) -> Position:
    """The position after the mover's play in ``before`` whose game state is ``st``."""
    setup = before.setup
    in_play = setup.colours_in_play
    pawns = tuple(tuple(st[4 * c : 4 * c + 4]) if c in in_play else () for c in range(4))
    cut = before.cut
    mover = before.to_move
    if cut is not None and st[S_CUTS] >> mover & 1 and not cut[mover]:
        cut = tuple(True if i == mover else f for i, f in enumerate(cut))
    return advance(before, pawns, cut, st[P_DOUBLES] != 0)
