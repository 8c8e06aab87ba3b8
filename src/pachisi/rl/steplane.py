"""Step mode on the kernel's step graph: a step-mode ``Match`` without ``Action`` values.

:class:`KernelStepMatch` is ``Match(setup, "step", draws="splitmix")`` for the
two-dice rulesets where the compiled kernel is active (``pachisi_v1``'s step
mode). It walks the throw's step graph from the kernel
(:class:`pachisi.fast.TurnGraphs`: node records holding each point's pawns
and pending bonuses, its edges' packed action keys and targets) and works out
the legal step indices, the mask and the observation from those integers: no
:class:`~pachisi.moves.Action`, :class:`~pachisi.moves.Turn` or
:class:`~pachisi.moves.Play` is built while the game is played. They are
built when asked for: :attr:`KernelStepMatch.turn`,
:attr:`KernelStepMatch.legal`, :attr:`KernelStepMatch.history` (the throws'
plays, from the kept graphs and paths), a rendering. The position at each
throw boundary is still the library's (``TurnGraph.result``). Three parts
run in C, from the compiled batch module (:func:`pachisi.fast.batch_module`):
a point's legal indices (``StepIndex``), what a point adds to the throw's
observation row (``StepRows``) and the two dice's draws (``two_draws``); a
module without them (an older build) leaves them to this module's Python,
which computes the same.

Its indices, masks and observations are :mod:`pachisi.rl.encoding`'s
(``decode_steps``, ``step_mask``, ``observe`` of the turn and its legal
steps): the same values, computed from the same graph (tests compare them
step by step with ``Match`` on the library's ``Turn``;
``benchmarks/aec_fingerprint.py`` hashes whole episodes).
"""

from __future__ import annotations

from array import array
from typing import Any, Final

import numpy as np

from .. import fast
from .._layout import T_DONE, T_PAWNS, TN
from .._splitmix import GAMMA
from .._splitmix import MASK as MASK64
from ..dice import Throw, dice_for
from ..errors import ThrowError
from ..moves import Action, Play, Turn
from ..position import Position, advance
from ..rules import ONE_DIE_RULESETS, Setup
from .encoding import (
    _MAX_DISTANCE,
    _SUB_CAPTURE_BONUS,
    _SUB_OTHER_BONUS,
    _SUB_PAIR,
    _SUB_PENALTY,
    OPTION_BASE,
    SUBS_PER_SLOT,
    Array,
    Mask,
    _Layout,
    _layout,
    _write_throw_cells,
)
from .match import Match

__all__ = ["KernelStepMatch", "fits_steps"]

#: The action keys' kinds (``pachisi._accel._action_of_key``: ``plays.KINDS``' order).
_PAIR: Final = 2
_BONUS: Final = 3
_PENALTY: Final = 4
_OPTION: Final = 5
#: The observation's turn block (``encoding._observe_laid``): the cells after its start.
_CELL_STEP: Final = 8
_CELL_BONUS: Final = 9
_CELL_PENALTY: Final = 10
_CELL_OPTION: Final = 11
_CELL_CHOSEN: Final = 12
#: A point's legal kinds as bits (1 pawn steps, 2 bonus, 4 penalty, 8 option): their cells.
_KIND_CELLS: Final = tuple(
    tuple(
        c
        for b, c in enumerate((_CELL_STEP, _CELL_BONUS, _CELL_PENALTY, _CELL_OPTION))
        if m >> b & 1
    )
    for m in range(16)
)
#: No pawns: the observation's row before the pawns and the turn (``_observe_laid``).
_NO_PAWNS: Final = ((), (), (), ())


def fits_steps(setup: Setup) -> bool:
    """Whether :class:`KernelStepMatch` can play ``setup`` here (two dice, the kernel active)."""
    return setup.ruleset not in ONE_DIE_RULESETS and fast.active_for(setup.ruleset)


class _Walk:
    """A throw played on the graph, kept for :attr:`KernelStepMatch.history` (made into a
    :class:`~pachisi.moves.Play` when read)."""

    __slots__ = ("graph", "node", "path", "throw")

    def __init__(self, throw: Throw, graph: Any, path: list[tuple[int, int]], node: int) -> None:
        self.throw = throw
        self.graph = graph
        self.path = path
        self.node = node

    def play(self) -> Play:
        g = self.graph
        return Play(tuple(_action(g, n, e) for n, e in self.path), g.result(self.node), self.throw)


def _result(graph: Any, node: int) -> Position:
    """``TurnGraph.result(node)`` without its caches: the position after the done
    ``node`` (``position.advance`` of its pawns, cut flag and extra throw)."""
    position: Position = graph.position
    nodes = graph.nodes
    o = node * TN
    cut = position.cut
    mover = position.to_move
    if cut is not None and nodes[o + 3] and not cut[mover]:
        cut = tuple(True if i == mover else f for i, f in enumerate(cut))
    p = tuple(nodes[o + T_PAWNS : o + T_PAWNS + 16])
    in_play = graph.in_play
    pawns = (
        p[0:4] if in_play & 1 else (),
        p[4:8] if in_play & 2 else (),
        p[8:12] if in_play & 4 else (),
        p[12:16] if in_play & 8 else (),
    )
    return advance(position, pawns, cut, bool(nodes[o + 4]))


def _action(graph: Any, node: int, edge: int) -> Action:
    """The :class:`~pachisi.moves.Action` of ``edge`` (an edge number) from ``node``."""
    action: Action = graph.steps(node)[edge - graph.nodes[node * TN + 1]][0]
    return action


class KernelStepMatch(Match):
    """A step-mode :class:`~pachisi.rl.match.Match` on the kernel's step graph (module docstring).

    ``setup``, ``max_throws``, ``auto_throw``, ``seed`` as ``Match``'s
    (``mode="step"``, ``draws="splitmix"``); ``ValueError`` where
    :func:`fits_steps` is false.
    """

    def __init__(
        self,
        setup: Setup,
        *,
        max_throws: int | None = None,
        auto_throw: bool = True,
        seed: int | None = None,
    ) -> None:
        if not fits_steps(setup):
            raise ValueError(
                f"the kernel's step graph does not play {setup.ruleset} here"
                " (one-die ruleset, or no compiled kernel)"
            )
        #: The open throw's graph (a ``TurnGraph``), or ``None``.
        self._g: Any = None
        #: The point now (a node of ``_g``).
        self._node = 0
        #: The steps so far: (node, edge number) each.
        self._path: list[tuple[int, int]] = []
        #: The legal steps now: index -> edge number.
        self._edges: dict[int, int] = {}
        #: The legal kinds as bits (``_KIND_CELLS``' index).
        self._kinds = 0
        #: The numbers used so far: a count for each number's cell of the turn block
        #: (one quarter each), eight bits each.
        self._used = 0
        #: The Eight-Man number set chosen: its cell of the turn block, or -1.
        self._chosen = -1
        #: The throw's observation rows before the pawns and the turn block, by viewer.
        self._rows: dict[int, Array] = {}
        self._hist: list[Play | _Walk] = []
        #: The throws' rows (:meth:`_throw_row`) by what they depend on.
        self._row_of: dict[tuple[Any, ...], Array] = {}
        #: The observation's layouts, by viewer.
        self._lays_of: dict[int, _Layout] = {}
        #: The pawns' (offset in a node record, observation cell) pairs, by viewer.
        self._cells: dict[int, tuple[tuple[int, int], ...]] = {}
        #: The mover's slot bases (``4 * k`` of ``encoding``'s slot) by colour, by mover.
        #: What each action key gives whatever the point (:meth:`_key`), by mover, and the
        #: mover's now.
        self._by_mover: list[dict[int, tuple[int, int, int, int, int, int]]] = [
            {} for _ in setup.players
        ]
        self._keyed = self._by_mover[0]
        self._capture = int(setup.option("capture_bonus")) if setup.ruleset != "pagade" else -1
        batch = fast.batch_module()
        #: Who writes a point's cells in C (``_kbatch.StepRows``), by viewer; none where
        #: the compiled module lacks it (then :meth:`_observation` writes them).
        self._writers: dict[int, Any] = {}
        self._step_rows: Any = getattr(batch, "StepRows", None)
        #: Who finds a point's legal indices in C (``_kbatch.StepIndex``), by mover, and
        #: the mover's now; none where the compiled module lacks it (then :meth:`_open`
        #: finds them).
        #: splitmix64's two draws in C (``_kbatch.two_draws``), or none (:meth:`_roll`).
        self._two_draws: Any = getattr(batch, "two_draws", None)
        step_index = getattr(batch, "StepIndex", None)
        self._indexers: list[Any] = [
            None
            if step_index is None
            else step_index(
                tuple(
                    4 * colours.index(c) * SUBS_PER_SLOT if c in colours else -1 for c in range(4)
                ),
                self._capture,
                OPTION_BASE,
                SUBS_PER_SLOT,
                _MAX_DISTANCE,
                (_SUB_PAIR, _SUB_CAPTURE_BONUS, _SUB_OTHER_BONUS, _SUB_PENALTY),
            )
            for colours in setup.players
        ]
        self._indexer = self._indexers[0]
        #: The step graph of each throw, the set-up's tables looked up once.
        self._graphs = fast.TurnGraphs(setup)
        #: The dice's faces (:meth:`_roll`).
        self._faces = dice_for(setup.ruleset).faces
        super().__init__(
            setup,
            "step",
            max_throws=max_throws,
            auto_throw=auto_throw,
            seed=seed,
            draws="splitmix",
        )
        self._turn_at = _layout(setup, 0).seat_base + 4 + 15

    # -- what Match keeps as attributes, made when asked --------------------------

    @property
    def turn(self) -> Turn | None:
        """The throw being played as a :class:`~pachisi.moves.Turn` (built when asked)."""
        g = self._g
        if g is None:
            return None
        turn = Turn.__new__(Turn)
        turn.position = self.position
        assert self.throw is not None
        turn.throw = self.throw
        turn._graph = g
        turn._stack = [(_action(g, n, e), n) for n, e in self._path]
        turn._node = self._node
        turn._memo = (None, [])
        return turn

    @turn.setter
    def turn(self, value: Turn | None) -> None:
        if value is not None:
            raise AttributeError("a kernel step match makes its turn from its graph")

    @property
    def legal(self) -> dict[int, Action]:
        """The legal steps now, by index (:func:`~pachisi.rl.encoding.decode_steps`)."""
        g = self._g
        if g is None:
            return {}
        node = self._node
        return {i: _action(g, node, e) for i, e in self._edges.items()}

    @legal.setter
    def legal(self, value: dict[int, Action]) -> None:
        if value:
            raise AttributeError("a kernel step match finds its legal steps in its graph")

    @property
    def history(self) -> list[tuple[Throw, Play]]:
        """The throws played and their plays, in order (built when asked)."""
        hist = self._hist
        for k, h in enumerate(hist):
            if isinstance(h, _Walk):
                hist[k] = h.play()
        return [(p.throw, p) for p in hist if isinstance(p, Play)]

    @history.setter
    def history(self, value: list[tuple[Throw, Play]]) -> None:
        self._hist = [p for _, p in value]

    # -- state -------------------------------------------------------------------

    def _clear(self) -> None:
        self.throw = None
        self._g = None
        self._path = []
        self._edges = {}
        self.plays = []

    def legal_actions(self) -> list[int]:
        """The legal action indices now, ascending (empty when no decision is open)."""
        return sorted(self._edges)

    def is_legal(self, action: int) -> bool:
        """Whether the index ``action`` is a legal action now."""
        return action in self._edges

    def mask(self) -> Mask:
        """The legal actions as a 0/1 int8 array of length :attr:`n_actions`."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        w = mask.data
        for i in self._edges:
            w[i] = 1
        return mask

    def observe(self, viewer: int | None = None, out: Array | None = None) -> Array:
        """The observation vector (:func:`~pachisi.rl.encoding.observe`) for ``viewer``.

        By default from the side of the player to move; each call gets its own
        array (or fills ``out``).
        """
        if self._g is None:
            return super().observe(viewer, out)
        who = self.position.to_move if viewer is None else viewer
        obs = self._observation(who)
        if out is None:
            return obs
        np.copyto(out, obs)
        return out

    def observation(self, viewer: int) -> dict[str, Any]:
        """The AEC environment's observation of ``viewer`` with a decision open:
        ``{"observation": ..., "action_mask": ...}`` (fresh arrays; the mask all zeros
        but for the player to move)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if viewer == self.position.to_move:
            w = mask.data
            for i in self._edges:
                w[i] = 1
        return {"observation": self._observation(viewer), "action_mask": mask}

    def _observation(self, who: int) -> Array:
        """``encoding._observe_laid`` of the turn now for ``who``, from the graph's records."""
        row = self._rows.get(who)
        if row is None:
            row = self._rows[who] = self._throw_row(who)
        out: Array = row.copy()
        writer = self._writers.get(who)
        if writer is not None:
            writer.write(
                out,
                self._g.nodes,
                self._node * TN,
                self._used if self._path else -1,
                self._chosen,
                self._kinds,
            )
            return out
        w: Any = out.data
        nodes = self._g.nodes
        o = self._node * TN
        for off, cell in self._cells[who]:
            w[cell + nodes[o + off]] += 0.25
        i = self._turn_at
        if self._path:
            used = self._used
            added = 0
            for c in range(6):
                k = used >> (8 * c) & 255
                if k:
                    w[i + c] += 0.25 * k
                    added += k
            if self._chosen >= 0:
                w[i + self._chosen] = 1.0
            n = nodes[o + 5]
            if n:
                capture = self._capture
                for b in nodes[o + 6 : o + 6 + n]:
                    w[i + (6 if b == capture else 7)] += 0.25
                added += n
            if added > 4:  # else no cell can pass 1.0
                for j in range(i, i + 8):
                    if w[j] > 1.0:
                        w[j] = 1.0
        for c in _KIND_CELLS[self._kinds]:
            w[i + c] = 1.0
        return out

    def _throw_row(self, who: int) -> Array:
        """The observation's row of this throw for ``who`` without pawns or turn block
        (``encoding._observe_laid``'s cells of the position and the throw), kept by what
        it depends on (few values: the same rows come back throw after throw)."""
        position = self.position
        key = (who, position.to_move, self.throw, position.doubles, position.finished, position.cut)
        row = self._row_of.get(key)
        if row is not None:
            return row
        if len(self._row_of) >= 4096:
            self._row_of.clear()
        row = self._row_of[key] = self._new_row(who)
        return row

    def _new_row(self, who: int) -> Array:
        """:meth:`_throw_row`, computed."""
        lay = self._lays_of.get(who)
        if lay is None:
            lay = self._lays_of[who] = _layout(self.setup, who)
            self._cells[who] = cells = tuple(
                (T_PAWNS + 4 * c + q, cell) for c, cell, _ in lay.slots for q in range(4)
            )
            if self._step_rows is not None:
                self._writers[who] = self._step_rows(
                    array("i", [x for pair in cells for x in pair]),
                    self._turn_at,
                    self._capture,
                )
        row: Array = lay.template.copy()
        _write_throw_cells(row.data, lay, self.position, who, self.throw)
        row.setflags(write=False)
        return row

    # -- moves -------------------------------------------------------------------

    def apply(self, action: int) -> None:
        """Take decision ``action`` (an index); ``ValueError`` if it is not legal now."""
        if type(action) is int:
            e = self._edges.get(action)
        else:
            e = self._edges.get(int(action)) if not isinstance(action, bool) else None
        if e is None:
            raise ValueError(f"action {action!r} is not legal now (legal: {self.legal_actions()})")
        g = self._g
        node = self._node
        self._path.append((node, e))
        known = self._keyed.get(g.keys[e])
        if known is None:
            known = self._key(g.keys[e])
        if known[4]:
            self._used += known[4]
        if known[5] >= 0:
            self._chosen = known[5]
        node = self._node = g.targets[e]
        if g.nodes[node * TN] != T_DONE:
            self._open(node)  # the throw goes on: no throw, no caches to drop
            return
        assert self.throw is not None
        self._hist.append(_Walk(self.throw, g, self._path, node))
        self.position = _result(g, node)
        self._clear()
        self._advance()

    def apply_play(self, play: Play) -> None:
        """Play a whole :class:`~pachisi.moves.Play` of the throw (before its first step)."""
        if self._path:
            raise ValueError("a whole play needs a throw with no step made yet")
        super().apply_play(play)

    def _roll(self) -> Throw:
        """The next throw of the match's stream (``Match._roll``, splitmix64 inlined)."""
        faces = self._faces
        n = len(faces)
        stream = self.stream
        draws = self._two_draws
        if draws is not None:
            stream.state, i, j = draws(stream.state, n)
            return (faces[i], faces[j])
        state = (stream.state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        a = faces[((z ^ (z >> 31)) >> 33) % n]
        state = (state + GAMMA) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        b = faces[((z ^ (z >> 31)) >> 33) % n]
        stream.state = state
        return (a, b)

    def _advance(self) -> None:
        """``Match._advance`` (throw until a decision opens or the game ends), less the
        caches that this class does not keep."""
        self._obs = {}
        while self.throw is None and not self.position.is_over:
            if self.max_throws is not None and self.throws >= self.max_throws:
                self.truncated = True
                return
            if not self.auto_throw:
                return
            self._begin(self._roll())

    def _finish(self, play: Play) -> None:
        assert self.throw is not None
        self._hist.append(play)
        self.position = play.position
        self._clear()

    def _begin(self, throw: Throw) -> None:
        """Start ``throw``: a decision if something can move, else pass it on."""
        position = self.position
        if position.to_move in self.bots:
            super()._begin(throw)
            return
        self.throws += 1
        self.throw = throw
        if position.is_decided:
            raise ThrowError("the game is over: no more throws")
        mover = position.to_move
        g = self._graphs(position, throw)
        root, nodes = g.root, g.nodes
        if nodes[root * TN] == T_DONE:
            self._hist.append(_Walk(throw, g, [], root))
            self.position = _result(g, root)
            self._clear()
            return
        self._g = g
        self._keyed = self._by_mover[mover]
        self._indexer = self._indexers[mover]
        self._node = root
        self._path = []
        self._used = 0
        self._chosen = -1
        self._rows = {}
        self._open(root)

    def _open(self, node: int) -> None:
        """Work out the legal steps at ``node`` (``encoding.decode_steps``' indices)."""
        nodes = self._g.nodes
        o = node * TN
        indexer = self._indexer
        if indexer is not None:
            got = indexer.open(nodes, self._g.keys, o)
            if got is not None:
                self._edges, self._kinds = got
                return
        e = nodes[o + 1]
        keyed = self._keyed
        out: dict[int, int] = {}
        kinds = 0
        for key in self._g.keys[e : e + nodes[o + 2]]:
            known = keyed.get(key)
            if known is None:
                known = self._key(key)
            at, frm, i, bit, _, _ = known
            kinds |= bit
            if at >= 0:  # a pawn's step: its rank among its colour's pawns here
                at += o
                i += (nodes.index(frm, at, at + 4) - at) * SUBS_PER_SLOT
            if i in out:  # two look-alike steps (or a fault): their variants counted
                self._open_variants(node)
                return
            out[i] = e
            e += 1
        self._edges = out
        self._kinds = kinds

    def _open_variants(self, node: int) -> None:
        """:meth:`_open` where two steps look the same: the second gets ``variant`` 1 (the
        pawn after the first), and so on, as ``TurnGraph.steps`` numbers them."""
        g = self._g
        nodes = g.nodes
        o = node * TN
        e = nodes[o + 1]
        out: dict[int, int] = {}
        kinds = 0
        seen: dict[int, int] = {}
        for key in g.keys[e : e + nodes[o + 2]]:
            known = self._keyed.get(key)
            if known is None:
                known = self._key(key)
            at, frm, i, bit, _, _ = known
            kinds |= bit
            if at >= 0:
                at += o
                v = seen.get(key, 0)
                seen[key] = v + 1
                r = nodes.index(frm, at, at + 4) - at + v
                if r >= 4:  # a variant beyond the pawns on the square
                    raise AssertionError(f"no pawn slot for {_action(g, node, e)}")
                i += r * SUBS_PER_SLOT
            if i in out:  # tests prove the indices distinct
                raise AssertionError(f"two legal steps share index {i}")
            out[i] = e
            e += 1
        self._edges = out
        self._kinds = kinds

    def _key(self, key: int) -> tuple[int, int, int, int, int, int]:
        """What a step's action ``key`` gives whatever the point (kept in ``_keyed``): the
        offset of its colour's pawns in a node record (-1: an option), the square it
        leaves, its index but for the pawn's rank, its kind's bit (``_KIND_CELLS``), the
        numbers it uses (``_used``'s counts: eight bits for each number's cell), the cell
        of the number set it chooses (-1: none)."""
        if len(self._keyed) > 100_000:
            self._keyed.clear()
        kind = key & 7
        if kind == _OPTION:
            option = (key >> 5) & 127
            known: tuple[int, int, int, int, int, int]
            known = (-1, 0, OPTION_BASE + option, 8, 0, _CELL_CHOSEN + option)
            self._keyed[key] = known
            return known
        colour = (key >> 3) & 3
        frm = (key >> 5) & 127
        used = 0
        if kind == _PAIR:
            sub = _SUB_PAIR
        elif kind == _BONUS:
            b = (key >> 23) & 255
            sub = _SUB_CAPTURE_BONUS if b == self._capture else _SUB_OTHER_BONUS
        elif kind == _PENALTY:
            sub = _SUB_PENALTY
        else:
            sub = ((key >> 12) & 127) - frm - 1
            if not 0 <= sub < _MAX_DISTANCE:  # the rules allow no other
                raise AssertionError(f"a step of {sub + 1} squares has no index")
        if kind != _BONUS and kind != _PENALTY:
            numbers = [(key >> (23 + 8 * k)) & 255 for k in range((key >> 20) & 7)]
            used = sum(1 << 8 * (v - 1) for v in numbers if 1 <= v <= 6)
        bit = 2 if kind == _BONUS else 4 if kind == _PENALTY else 1
        k = self.setup.players[self.position.to_move].index(colour)
        known = (T_PAWNS + 4 * colour, frm, 4 * k * SUBS_PER_SLOT + sub, bit, used, -1)
        self._keyed[key] = known
        return known

    def copy(self) -> KernelStepMatch:
        """An independent copy (the dice generator's state included)."""
        new = self._copy_base()
        new._hist = list(self._hist)
        new._path = list(self._path)
        new._rows = dict(self._rows)
        return new
