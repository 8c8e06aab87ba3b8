"""The fixed action space of steps and the observation array (numpy).

Every adapter of :mod:`pachisi.rl` (PettingZoo, Gymnasium, OpenSpiel) uses
the same two encodings, documented in docs/rl.md.

**Steps** (step mode). An elementary :class:`~pachisi.moves.Action` of a
:class:`~pachisi.moves.Turn` is named by an index in ``0 .. 146``
(:data:`N_STEP_ACTIONS`)::

    index = slot * 18 + sub            for a pawn's action (slot 0..7, sub 0..17)
    index = 144 + "ABC".index(option)  for an Eight-Man number set

``slot = 4 * k + r``: ``k`` is the position of the pawn's colour in the
mover's colour list (``setup.players[mover]``: 0, or 0 and 1 for players with
two colours), ``r`` the pawn's rank among that colour's pawns sorted by
progress *after the steps made so far* (the first pawn standing at the
action's ``frm``, plus the action's ``variant`` when two pawns on one square
are not interchangeable). ``sub`` is:

* ``0 .. 13``: a move, entry or re-entry by ``to - frm`` = ``sub + 1``
  squares (a single number, a sum, or Parcheesi's entry to p = 1);
* ``14``: a Pagade pair moving together (the pawn at ``r`` and its partner);
* ``15``: a bonus move of the ``capture_bonus`` value; ``16``: of any other
  value (``home_bonus``);
* ``17``: the third-doublet penalty sending this pawn back to its nest.

At every decision the legal steps have distinct indices (tests check this
against the engine on random games of every ruleset), so the mask is
exactly the legal set.

**Observation** (:func:`observe`): a float32 vector of
``4 * (home + 1) + 58`` numbers (398 for ``pagade``, 350 for the others;
:func:`observation_size`) seen from one player (the *viewer*): colours
are listed from the viewer's own, then the next players' in turn order.

**The one-die rulesets** (``ludo``, ``maedn``: RULES-LUDO.md) have their own
two encodings, chosen by the set-up's ruleset in every function here: a
throw moves one pawn, so a step is that pawn, named by its rank ``0 .. 3``
among the mover's pawns sorted by progress (the first pawn at the move's
``frm``; :data:`N_ONE_DIE_ACTIONS` actions); and the observation
(:func:`observe`) has planes for the route and for the ring seen from the
viewer's entry square: 470 numbers for ``ludo``, 370 for ``maedn``
(docs/rl.md lays them out).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any, Final, NamedTuple

import numpy as np
import numpy.typing as npt

from .._ludo_board import LUDO, MAEDN, Ring
from ..moves import BONUS, OPTION, PAIR, PENALTY, Action, Turn
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup

__all__ = [
    "N_ONE_DIE_ACTIONS",
    "N_STEP_ACTIONS",
    "OPTION_BASE",
    "SUBS_PER_SLOT",
    "decode_steps",
    "n_step_actions",
    "observation_size",
    "observe",
    "observe_positions",
    "ring_of",
    "seat_colours",
    "step_index",
    "step_mask",
]

#: Sub-actions per pawn slot (see the module docstring).
SUBS_PER_SLOT: Final = 18
#: Pawn slots: two colours of four pawns.
N_SLOTS: Final = 8
#: First index of the Eight-Man option actions A, B, C.
OPTION_BASE: Final = N_SLOTS * SUBS_PER_SLOT
#: Size of the step action space.
N_STEP_ACTIONS: Final = OPTION_BASE + 3

#: Size of the step action space of the one-die rulesets: the rank of the pawn to move.
N_ONE_DIE_ACTIONS: Final = 4

_SUB_PAIR: Final = 14
_SUB_CAPTURE_BONUS: Final = 15
_SUB_OTHER_BONUS: Final = 16
_SUB_PENALTY: Final = 17
_MAX_DISTANCE: Final = 14

Array = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def n_step_actions(setup: Setup) -> int:
    """The size of ``setup``'s step action space: 147, or 4 for ``ludo`` and ``maedn``."""
    return N_ONE_DIE_ACTIONS if setup.ruleset in ONE_DIE_RULESETS else N_STEP_ACTIONS


def step_index(turn: Turn, action: Action) -> int:
    """The index of ``action``, a legal step of ``turn`` now (see the module docstring)."""
    pos = turn.position
    return _index(action, pos.setup.players[pos.to_move], turn.current_pawns, pos.setup)


def _index(
    action: Action, mine: Sequence[int], pawns: Sequence[Sequence[int]], setup: Setup
) -> int:
    """``step_index`` given the mover's colours and the pawns after the steps so far."""
    if setup.ruleset in ONE_DIE_RULESETS:
        # One die moves one pawn, at most one way per square: its rank names it.
        return pawns[action.colour].index(action.frm)
    kind = action.kind
    if kind == OPTION:
        return OPTION_BASE + "ABC".index(action.option)
    k = mine.index(action.colour)
    r = pawns[action.colour].index(action.frm) + action.variant
    if kind == PAIR:
        sub = _SUB_PAIR
    elif kind == BONUS:
        capture = int(setup.option("capture_bonus"))
        sub = _SUB_CAPTURE_BONUS if action.numbers[0] == capture else _SUB_OTHER_BONUS
    elif kind == PENALTY:
        sub = _SUB_PENALTY
    else:
        distance = action.to - action.frm
        if not 1 <= distance <= _MAX_DISTANCE:  # the rules allow no other
            raise AssertionError(f"a step of {distance} squares has no index")
        sub = distance - 1
    if r >= 4:  # a variant beyond the pawns on the square
        raise AssertionError(f"no pawn slot for {action}")
    return (4 * k + r) * SUBS_PER_SLOT + sub


def decode_steps(turn: Turn) -> dict[int, Action]:
    """The legal steps of ``turn`` now, by index."""
    out: dict[int, Action] = {}
    legal = turn.legal_steps()
    if not legal:
        return out
    pos = turn.position
    setup = pos.setup
    mine = setup.players[pos.to_move]
    pawns = turn.current_pawns
    if setup.ruleset in ONE_DIE_RULESETS:
        for action in legal:
            i = _index(action, mine, pawns, setup)
            if i in out:  # tests prove the indices distinct
                raise AssertionError(f"two legal steps share index {i}: {out[i]} and {action}")
            out[i] = action
        return out
    # _index inlined (this runs at every step of step mode), the same indices.
    capture = None
    for action in legal:
        kind = action.kind
        if kind == OPTION:
            i = OPTION_BASE + "ABC".index(action.option)
        else:
            colour = action.colour
            k = mine.index(colour)
            r = pawns[colour].index(action.frm) + action.variant
            if kind == PAIR:
                sub = _SUB_PAIR
            elif kind == BONUS:
                if capture is None:
                    capture = int(setup.option("capture_bonus"))
                sub = _SUB_CAPTURE_BONUS if action.numbers[0] == capture else _SUB_OTHER_BONUS
            elif kind == PENALTY:
                sub = _SUB_PENALTY
            else:
                sub = action.to - action.frm - 1
                if not 0 <= sub < _MAX_DISTANCE:  # the rules allow no other
                    raise AssertionError(f"a step of {sub + 1} squares has no index")
            if r >= 4:  # a variant beyond the pawns on the square
                raise AssertionError(f"no pawn slot for {action}")
            i = (4 * k + r) * SUBS_PER_SLOT + sub
        if i in out:  # tests prove the indices distinct
            raise AssertionError(f"two legal steps share index {i}: {out[i]} and {action}")
        out[i] = action
    return out


def step_mask(indices: Sequence[int] | dict[int, Action], size: int = N_STEP_ACTIONS) -> Mask:
    """A 0/1 int8 mask of length ``size`` with ones at ``indices``."""
    mask = np.zeros(size, dtype=np.int8)
    w = mask.data  # a memoryview: a cell set through it costs less than numpy's fancy indexing
    for i in indices:
        w[i] = 1
    return mask


def seat_colours(setup: Setup, viewer: int) -> list[int]:
    """The colours from ``viewer``'s side: his own, then each next player's in turn order."""
    n = len(setup.players)
    out: list[int] = []
    for j in range(n):
        out.extend(setup.players[(viewer + j) % n])
    return out


def observation_size(setup: Setup) -> int:
    """Length of :func:`observe`'s vector for ``setup``: ``4 * (home + 1) + 58``.

    For ``ludo`` and ``maedn``: ``4 * (end + 1) + 4 * ring + 30`` (470 and 370).
    """
    if setup.ruleset in ONE_DIE_RULESETS:
        return _one_die_size(setup)
    return 4 * (setup.home + 1) + _TAIL


# Layout after the pawn block (offsets relative to its end):
_COLOUR_FEATURES: Final = 6  # per colour slot
_SEAT_BLOCK: Final = 4  # seat to move, relative to the viewer
_THROW_BLOCK: Final = 6 + 6 + 3  # low die, high die, doubles so far
_TURN_BLOCK: Final = 6 + 2 + 4 + 3  # numbers used, bonuses pending, step kinds, option
_TAIL: Final = 4 * _COLOUR_FEATURES + _SEAT_BLOCK + _THROW_BLOCK + _TURN_BLOCK


class _Layout(NamedTuple):
    """What :func:`observe` needs of a set-up and a viewer, computed once."""

    template: Array  # the features fixed by the set-up (colour slots in play, own, ...)
    slots: tuple[tuple[int, int, int], ...]  # (colour, first pawn cell, flag offset)
    seat_base: int  # first cell of the seat block
    n: int  # players
    capture: int  # the capture bonus's value (-1 in Pagade, which has none)


@functools.lru_cache(maxsize=512)
def _layout(setup: Setup, viewer: int) -> _Layout:
    h = setup.home + 1
    base = 4 * h
    template = np.zeros(observation_size(setup), dtype=np.float32)
    owner = setup.owner
    partners = setup.partners[viewer]
    slots: list[tuple[int, int, int]] = []
    for j, c in enumerate(seat_colours(setup, viewer)):
        f = base + j * _COLOUR_FEATURES
        o = owner[c]
        assert o is not None
        template[f] = 1.0
        template[f + 1] = float(o == viewer)
        template[f + 2] = float(o in partners)
        if setup.majors is not None:
            template[f + 3] = float(setup.majors[o] == c)
        slots.append((c, j * h, f))
    template.setflags(write=False)
    capture = int(setup.option("capture_bonus")) if setup.ruleset != "pagade" else -1
    return _Layout(template, tuple(slots), base + 4 * _COLOUR_FEATURES, len(setup.players), capture)


def observe(
    position: Position,
    viewer: int,
    throw: Sequence[int] | None = None,
    turn: Turn | None = None,
    legal: Sequence[Action] = (),
    out: Array | None = None,
    pawns: Sequence[Sequence[int]] | None = None,
) -> Array:
    """The observation vector of ``position`` for player ``viewer`` (docs/rl.md).

    ``throw`` is the throw being played (zeros if none); ``turn`` the
    :class:`~pachisi.moves.Turn` being played step by step (its pawns after
    the steps so far, the numbers used and the bonuses pending), and
    ``legal`` its legal steps now; ``pawns`` the turn's current pawns when
    the caller has them already (else read from ``turn``). Layout, with
    ``H = home + 1`` and colour slots ordered by :func:`seat_colours` (empty
    slots stay zero):

    * ``[0, 4H)``: for colour slot ``j`` and progress ``p``, the number of
      pawns of that colour at ``p`` divided by 4;
    * 6 per colour slot: in play, the viewer's own, friendly to the viewer
      (own or partner), a major colour (Eight-Man), its player has
      finished, its player's Pagade cut flag;
    * 4: the seat to move, relative to the viewer (0 = the viewer);
    * 15: the lower die one-hot (faces 1..6), the higher die one-hot, the
      doublets already thrown this turn (0, 1, 2) one-hot;
    * 15: the numbers used so far by value 1..6 (count / 4), the pending
      bonuses (capture-bonus value, other, count / 4), which kinds of step
      are legal now (pawn moves, bonus, penalty, option), the Eight-Man
      number set chosen (A, B, C).
    """
    setup = position.setup
    if setup.ruleset in ONE_DIE_RULESETS:
        if pawns is None:
            pawns = turn.current_pawns if turn is not None else position.pawns
        return _observe_one_die(position, viewer, throw, pawns, out)
    return _observe_laid(_layout(setup, viewer), position, viewer, throw, turn, legal, out, pawns)


def _write_throw_cells(
    w: Any, lay: _Layout, position: Position, viewer: int, throw: Sequence[int] | None
) -> int:
    """Write into the row ``w`` (the template's values, through a memoryview) the cells of
    a two-dice observation that stay the same through a throw: the finished and cut flags,
    the seat to move, the throw and the doublets thrown; the index of the turn block that
    follows (:func:`_observe_laid`; the RL step lane's row of a throw)."""
    finished = position.finished
    cut = position.cut
    if finished or cut is not None:
        owner = position.setup.owner
        for c, _, f in lay.slots:
            o = owner[c]
            assert o is not None
            if o in finished:
                w[f + 4] = 1.0
            if cut is not None and cut[o]:
                w[f + 5] = 1.0
    i = lay.seat_base
    w[i + (position.to_move - viewer) % lay.n] = 1.0
    i += _SEAT_BLOCK
    if throw is not None:
        lo, hi = throw if throw[0] <= throw[1] else (throw[1], throw[0])
        w[i + lo - 1] = 1.0
        w[i + 6 + hi - 1] = 1.0
    w[i + 12 + min(position.doubles, 2)] = 1.0
    return i + _THROW_BLOCK


def _observe_laid(
    lay: _Layout,
    position: Position,
    viewer: int,
    throw: Sequence[int] | None,
    turn: Turn | None,
    legal: Sequence[Action],
    out: Array | None,
    pawns: Sequence[Sequence[int]] | None,
) -> Array:
    """:func:`observe` of a two-dice ruleset, ``lay`` being ``_layout(setup, viewer)``
    (a caller that keeps it spares the cache's look-up, which hashes the set-up)."""
    if out is None:
        out = lay.template.copy()
    else:
        np.copyto(out, lay.template)
    # The cells are read and written through a memoryview: a Python float each, where
    # indexing the array makes a numpy scalar (several times the cost). Every value is a
    # multiple of 1/4, exact in float32 either way.
    w: Any = out.data if out.ndim == 1 else out
    if pawns is None:
        pawns = turn.current_pawns if turn is not None else position.pawns
    for c, row, _ in lay.slots:
        for p in pawns[c]:
            w[row + p] += 0.25
    i = _write_throw_cells(w, lay, position, viewer, throw)
    if turn is not None:
        steps = turn.steps
        if steps:
            added = 0  # quarters added to the eight cells, all zero in the template
            for a in steps:
                kind = a.kind
                if kind == OPTION:
                    w[i + 12 + "ABC".index(a.option)] = 1.0
                elif kind != BONUS and kind != PENALTY:
                    for v in a.numbers:
                        if 1 <= v <= 6:
                            w[i + v - 1] += 0.25
                            added += 1
            capture = lay.capture
            for b in turn.pending_bonuses:
                w[i + (6 if b == capture else 7)] += 0.25
                added += 1
            if added > 4:  # else no cell can pass 1.0
                for j in range(i, i + 8):
                    if w[j] > 1.0:
                        w[j] = 1.0
    for a in legal:
        kind = a.kind
        if kind == BONUS:
            w[i + 9] = 1.0
        elif kind == PENALTY:
            w[i + 10] = 1.0
        elif kind == OPTION:
            w[i + 11] = 1.0
        else:
            w[i + 8] = 1.0
    return out


def observe_positions(positions: Sequence[Position], viewer: int) -> Array:
    """:func:`observe` of each of ``positions`` (one set-up, no throw) as the rows of one array.

    The same rows as ``np.stack([observe(p, viewer) for p in positions])``,
    built at once (the afterstates of play mode).
    """
    if not positions:
        return np.zeros((0, 0), dtype=np.float32)
    setup = positions[0].setup
    if setup.ruleset in ONE_DIE_RULESETS:
        return np.stack([_observe_one_die(p, viewer, None, p.pawns, None) for p in positions])
    lay = _layout(setup, viewer)
    size = len(lay.template)
    out = np.tile(lay.template, (len(positions), 1))
    flat = out.reshape(-1)
    cells: list[int] = []
    ones: list[int] = []
    seat, doubles = lay.seat_base, lay.seat_base + _SEAT_BLOCK + 12
    owner = setup.owner
    for k, position in enumerate(positions):
        row0 = k * size
        pawns = position.pawns
        for c, row, _ in lay.slots:
            at = row0 + row
            cells.extend([at + p for p in pawns[c]])
        ones.append(row0 + seat + (position.to_move - viewer) % lay.n)
        ones.append(row0 + doubles + min(position.doubles, 2))
        finished = position.finished
        cut = position.cut
        if finished or cut is not None:
            for c, _, f in lay.slots:
                o = owner[c]
                assert o is not None
                if o in finished:
                    ones.append(row0 + f + 4)
                if cut is not None and cut[o]:
                    ones.append(row0 + f + 5)
    np.add.at(flat, cells, np.float32(0.25))
    flat[ones] = 1.0
    return out


# -- the one-die rulesets (ludo, maedn) ------------------------------------------------

#: Features per colour slot of the one-die observation: in play, the viewer's own, has won.
_ONE_DIE_COLOUR: Final = 3
#: After the colour features: seat to move (4), die (6), sixes so far (3), tries (4), opening.
_ONE_DIE_TAIL: Final = 4 * _ONE_DIE_COLOUR + 4 + 6 + 3 + 4 + 1


def ring_of(setup: Setup) -> Ring:
    """The board of a one-die ruleset: Ludo's 52-square ring or MADN's 40 fields."""
    return LUDO if setup.ruleset == "ludo" else MAEDN


def _one_die_size(setup: Setup) -> int:
    ring = ring_of(setup)
    return 4 * (ring.end + 1) + 4 * ring.size + _ONE_DIE_TAIL


class _OneDieLayout(NamedTuple):
    """What :func:`_observe_one_die` needs of a set-up and a viewer, computed once."""

    template: Array
    #: Per colour slot in play: (colour, route plane cell of p = 0, ring plane cell of the
    #: viewer's first square, the colour's offset from the viewer's entry in squares,
    #: its flag cell).
    slots: tuple[tuple[int, int, int, int, int], ...]
    ring: Ring
    seat_base: int
    n: int


@functools.lru_cache(maxsize=512)
def _one_die_layout(setup: Setup, viewer: int) -> _OneDieLayout:
    ring = ring_of(setup)
    route = ring.end + 1
    ring_base = 4 * route
    flag_base = ring_base + 4 * ring.size
    template = np.zeros(_one_die_size(setup), dtype=np.float32)
    mine = setup.players[viewer][0]
    slots: list[tuple[int, int, int, int, int]] = []
    for j, c in enumerate(seat_colours(setup, viewer)):
        f = flag_base + j * _ONE_DIE_COLOUR
        template[f] = 1.0
        template[f + 1] = float(c == mine)
        # Colour c's progress p stands on ring square step*c + p - 1, which is the
        # viewer's progress p + step*(c - mine) (mod size).
        offset = (ring.step * (c - mine)) % ring.size
        slots.append((c, j * route, ring_base + j * ring.size, offset, f))
    template.setflags(write=False)
    return _OneDieLayout(
        template, tuple(slots), ring, flag_base + 4 * _ONE_DIE_COLOUR, len(setup.players)
    )


def _observe_one_die(
    position: Position,
    viewer: int,
    throw: Sequence[int] | None,
    pawns: Sequence[Sequence[int]],
    out: Array | None,
) -> Array:
    """The observation of a ``ludo`` or ``maedn`` position (docs/rl.md, "Ludo and MADN").

    With ``E`` the end of the route (57, 44) and ``R`` the ring (52, 40):
    ``[0, 4(E+1))`` the route plane (colour slot ``j``, progress ``p``: pawns / 4);
    ``[4(E+1), 4(E+1) + 4R)`` the ring plane (colour slot ``j``, the square the
    viewer's progress ``s`` names, at ``s - 1``: that colour's pawns there / 4);
    then per colour slot: in play, the viewer's own, has won; the seat to move
    relative to the viewer (4); the die one-hot (6); the 6s thrown in a row
    before this throw, 0..2, one-hot (3); ``tries`` 0..3 one-hot (4); ``opening``.
    """
    lay = _one_die_layout(position.setup, viewer)
    if out is None:
        out = lay.template.copy()
    else:
        np.copyto(out, lay.template)
    ring = lay.ring
    last, size = ring.last, ring.size
    winner = position.winner or ()
    owner = position.setup.owner
    for c, route, ring_row, offset, f in lay.slots:
        for p in pawns[c]:
            out[route + p] += 0.25
            if 1 <= p <= last:
                out[ring_row + (p - 1 + offset) % size] += 0.25
        if owner[c] in winner:
            out[f + 2] = 1.0
    i = lay.seat_base
    out[i + (position.to_move - viewer) % lay.n] = 1.0
    i += 4
    if throw is not None:
        out[i + throw[0] - 1] = 1.0
    i += 6
    out[i + min(position.doubles, 2)] = 1.0
    i += 3
    out[i + min(position.tries, 3)] = 1.0
    out[i + 4] = float(position.opening)
    return out
