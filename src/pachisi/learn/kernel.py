"""The value network inside the compiled kernel: its tables, and values of positions.

:func:`tables` packs a :class:`~pachisi.learn.network.ValueNet` and a set-up
into the two arrays the kernel's section "value network" reads (the
encoding's tables of :class:`~pachisi.learn.encoding.Encoder`, then the
weights). The kernel computes the encoding ``pachisi-encoding/1`` of a game
state, the hidden layer over its active units and the softmax over the
sides with the very operations of :meth:`ValueNet.side_chances
<pachisi.learn.network.ValueNet.side_chances>` in the same order: the same
units, values and chances, bit for bit (the tests compare them on random
positions of every ruleset and set-up, compiled and uncompiled).

:func:`kernel_side_chances` and :func:`kernel_encode` are for tests and
measurements; the players, the rollouts and the training reach the kernel
through :func:`pachisi._accel.playouts` (``policies=("network", ...)``) and
:func:`pachisi.learn.train.play_games`.

>>> from pachisi import Position
>>> from pachisi.learn.network import ValueNet
>>> pos = Position.start("parcheesi", players=2)
>>> net = ValueNet.random(pos.setup, hidden=4, seed=1)
>>> kernel_side_chances(net, pos) == net.side_chances(pos)   # doctest: +SKIP
True
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import Any

from .. import _accel
from ..board import N_RING, OFF
from ..position import Position
from ..rules import Setup
from .encoding import MAX_SIDES, Encoder
from .network import ValueNet

__all__ = ["NetTables", "kernel_encode", "kernel_side_chances", "tables"]

# The layout of the int table (pachisi/_kernel.py, NI_*): keep both in step.
NI_HOME, NI_PAGADE, NI_SLOT, NI_INPUTS, NI_HIDDEN, NI_NSIDES, NI_NPLAYERS = range(7)
NI_GLOBAL, NI_TEAMS_UNIT, NI_PLAYERS_UNIT = 7, 8, 9
NI_SLOTS, NI_SIDE, NI_OWNER, NI_MAJOR, NI_IN_PLAY, NI_FRIEND = 10, 26, 42, 46, 50, 54
NI_SAFE, NI_ROUTE, NI_INV, NI_SIZE = 70, 138, 478, 878
#: The chance table's length, then the weights (W1, b1, W2, b2) in the double table.
ND_W1 = 68
#: Room for one position's units in the kernel's buffers (the kernel's NN_UNITS).
NN_UNITS = 96

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
        module = _accel.kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    return module


def kernel_encode(
    net: ValueNet, position: Position, module: ModuleType | None = None
) -> tuple[list[int], list[float]]:
    """The kernel's encoding of ``position`` (``module``: default the compiled kernel)."""
    ni, nd = tables(net, position.setup)
    kern = _accel._kernel(_module(module))
    got: tuple[list[int], list[float]] = kern.nn_encode(ni, nd, _accel.game_state(position))
    return got


def kernel_side_chances(
    net: ValueNet, position: Position, module: ModuleType | None = None
) -> list[float]:
    """The kernel's side chances of ``position`` (:meth:`ValueNet.side_chances`' numbers)."""
    if position.ruleset != net.ruleset:
        raise ValueError(f"this network is for {net.ruleset}, not {position.ruleset}")
    ni, nd = tables(net, position.setup)
    kern = _accel._kernel(_module(module))
    got: list[float] = kern.nn_chances(ni, nd, _accel.game_state(position))
    return got
