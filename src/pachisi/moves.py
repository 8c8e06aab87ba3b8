"""Actions, steps and plays: legal-play generation for every ruleset.

This module is the rules engine's public face (the values it answers with,
:class:`Action` and :class:`Play`, live in :mod:`pachisi.plays` and are
re-exported here):

* :func:`legal_plays` (position and throw in, one :class:`Play` per distinct
  resulting position out) and
* :class:`Turn` (the same choices one elementary :class:`Action` at a time).

Both are answered by one driver of the *throw graph*,
:class:`pachisi._graph.ThrowGraph`: its nodes are the intermediate states of
a throw (the mover's pawns, the numbers left, the squares whose pawns were
captured, a flag), its edges the elementary actions. Each family's rules
(:class:`pachisi._pagade.Pagade`, :class:`pachisi._family.Family`, behind
the interface :class:`pachisi._throw.ThrowRules`) give the edges and pick the
terminal states a play may stop at; a step is legal exactly when it leads to
a state from which such a terminal can be reached. Plays and steps therefore
cannot disagree.

Where each section of RULES.md is implemented:

======  ==============================================================
§       implemented by
======  ==============================================================
§1      ``rules.SWITCHES``, ``rules.Setup.option``; each family reads its
        switches once per throw (``_pagade.Pagade``, ``_family.Family``)
§2.1-4  ``board.cell``, ``board.square_cell``, ``board.X_SQUARES``,
        ``board.SAFETY_SQUARES``, ``board.private_square``
§2.5    ``board.ROUTES`` (made by ``board._route``) and the progress
        constants ``board.NEST``, ``board.PAGADE_HOME``, ``board.FAMILY_HOME``...
§3.1    ``rules.Setup`` (players, ``rules.Setup.friendly``); the others'
        pawns by square and friendliness: ``_throw.ThrowRules.__init__``
§3.2    ``dice.Dice.check`` (via ``plays.check_throw``); distinct outcomes:
        ``_graph.ThrowGraph.plays`` (one per resulting position)
§3.3    ``position.advance``, called by ``_throw.ThrowRules.result``
§3.4    ``_graph.ThrowGraph.plays``, ``_graph.ThrowGraph.root`` (a throw under
        which nothing moves gives the one empty play)
§3.5    ``position.advance``, ``position.player_finished``,
        ``position.winner_of``, ``position.game_over``; refusing a throw
        after the end: ``plays.check_throw``
§3.6    ``position._from_dict``, ``position._check_squares``
§3.7    ``position.Position.start``, ``game.first_player``
§4.1    ``dice.dice_for`` (stick dice), ``board.ROUTES``
§4.2    ``_pagade.Pagade.number_sets``
§4.3    ``_pagade.Pagade.dice_edges`` (single, sum and pair moves)
§4.4    ``_pagade.Pagade.land`` (capacity, friendly colours, X squares,
        cutting); the cut flag set in ``_pagade.Pagade.dice_edges``
§4.5    ``_pagade.Pagade.land`` (``cut_to_enter_home``, exact count to Home)
§4.6    ``_pagade.Pagade.dice_edges`` (re-entry first while a pawn is cut)
§4.7    ``_pagade.Pagade.select``
§4.8    ``_throw.ThrowRules.result`` (the cut flag kept), ``position.advance``
§5.1    ``board.SAFETY_SQUARES``, ``dice.dice_for``
§5.2    ``_family.Family.number_sets``
§5.3    ``_family.Family.dice_edges`` (a pawn in the nest),
        ``_family.Family.land`` (``path`` false: capture on the entry)
§5.4    ``_family.Family.dice_edges`` and ``_family._groups`` (hops, jump),
        ``_family.Family.blocked`` (blockades), ``_family.Family.land``
§5.5    blockades do not advance: ``_family.StartingBlockades``, checked by
        ``_family.Family.select`` and ``_family.Family.bonus_edges``; no
        split doublets into HOME: ``_family.whole_doublet``,
        ``_family.single_mover``
§5.6    ``_family.Family.select``
§5.7    ``_family.Family.pending``, ``_family.Family.bonus_root``,
        ``_family.Family.bonus_edges``; the bonus part is explored by
        ``_graph.ThrowGraph.plays`` and ``_graph.ThrowGraph.steps``
§5.8    ``_family.Family.extra`` (extra throw), ``_family.Family.penalty``
        (third doublet)
§5.9    ``_throw.ThrowRules.__init__`` (partners' pawns friendly),
        ``_family.Family.land``; finishing as a team: ``position.winner_of``
§5.10   ``position.advance``, ``position.game_over``
§6      ``_family.Family`` with Whitman's switches (``rules.SWITCHES``);
        ``game.first_player`` (lowest total starts)
§7      ``_family.Family.number_sets`` (options A, B, C), ``_family.Family``
        (two colours per player, either colour takes bonuses),
        ``_family.Family.penalty`` (ties between the colours); winning:
        ``position.player_finished``
======  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from types import ModuleType
from typing import Any

from . import _accel, _clear
from ._graph import Node, ThrowGraph
from .errors import IllegalMoveError, ThrowError
from .plays import (
    BONUS,
    ENTER,
    MOVE,
    OPTION,
    PAIR,
    PENALTY,
    Action,
    LegalPlays,
    Play,
    check_throw,
)
from .position import Position, _use_engine

__all__ = [
    "BONUS",
    "ENTER",
    "MOVE",
    "OPTION",
    "PAIR",
    "PENALTY",
    "Action",
    "LegalPlays",
    "Play",
    "Turn",
    "legal_plays",
    "parse_play",
    "turn_of_notation",
]

# ---------------------------------------------------------------------------
# Plays


def legal_plays(position: Position, throw: Sequence[int]) -> LegalPlays:
    """Every legal play of ``throw`` in ``position``: one per distinct resulting position.

    A :class:`~pachisi.plays.LegalPlays`, a read-only sequence in the
    canonical order (below) that builds a play and its position only when it is read
    (``len``, ``in``, iteration, indexing; equal to a list of the same
    plays).

    Raises :class:`~pachisi.errors.ThrowError` for a face the dice lack or a
    throw after the game is over. A throw that cannot be used gives exactly
    one play with no actions. Answered by the compiled kernel when it is
    installed (and ``PACHISI_PURE=1`` is not set), else by the clear engine
    (:func:`pachisi._clear.legal_plays`).

    The plays come in the **canonical order** of their resulting positions
    (the same on both engines, and the order in which playouts, simulated
    games and the batched environments number the outcomes): lexicographic
    on every colour's pawns (colour 0 first, each colour's progress numbers
    as the position holds them), then the mover's cut flag (Pagade), then
    whether the mover throws again. Two plays of one throw never tie
    (:func:`pachisi.plays.play_order` is the sort key). Of the plays that
    lead to one position, the one given is the greatest by its steps' ranks
    (:func:`pachisi.plays.step_rank`), the same on both engines.
    """
    if _accel.active_for(position.setup.ruleset):
        # The compiled kernel: the same plays in the same order (tests/test_kernel.py).
        return _accel.legal_plays(position, throw)
    return _clear.legal_plays(position, throw)


# ---------------------------------------------------------------------------
# Steps


class _ClearSteps:
    """The clear engine's throw graph walked step by step (what :class:`Turn` asks of a graph).

    :func:`pachisi._accel.turn_graph` gives the same answers from the
    compiled kernel (:class:`pachisi._accel.TurnGraph`).
    """

    __slots__ = ("graph", "root")

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        self.graph = ThrowGraph(position, throw, keep_edges=True)
        #: Where the throw starts.
        self.root = self.graph.root()

    def steps(self, node: Node) -> list[tuple[Action, Node]]:
        """The actions from ``node`` that extend to some legal play, with where each leads.

        Actions that look the same but lead to different states get
        ``variant`` 1, 2, ... in order.
        """
        counts: dict[Action, int] = {}
        out: list[tuple[Action, Node]] = []
        for step, target in self.graph.steps(node):
            action = Action(*step)
            k = counts.get(action, 0)
            counts[action] = k + 1
            if k:
                action = Action(*step, variant=k)
            out.append((action, target))
        return out

    def is_done(self, node: Node) -> bool:
        """Whether the throw is fully played at ``node``."""
        return node.kind == "done"

    def pending(self, node: Node) -> tuple[int, ...]:
        """The bonuses pending at ``node``, largest first."""
        return tuple(sorted(self.graph.pending(node), reverse=True))

    def pawns(self, node: Node) -> tuple[tuple[int, ...], ...]:
        """Every colour's pawns at ``node`` (captured pawns already off)."""
        return self.graph.pawns(node)

    def result(self, node: Node) -> Position:
        """The position at the next throw boundary once ``node`` is done."""
        return self.graph.result(node)


class Turn:
    """A throw played one :class:`Action` at a time (for user interfaces and agents).

    At every point :meth:`legal_steps` lists exactly the actions that extend
    to some legal play (the ones of :func:`legal_plays`); :meth:`push` and
    :meth:`pop` make and unmake steps; once :attr:`is_complete`,
    :meth:`result` is the position at the next throw boundary, the same as
    the matching play's.

    The throw's step graph comes from the compiled kernel when it is
    installed (and ``PACHISI_PURE=1`` is not set), else from the clear
    engine: the same actions in the same order at every point either way.

    >>> from pachisi import Position
    >>> pos = Position.start("parcheesi", players=2)
    >>> turn = Turn(pos, (5, 2))
    >>> [a.notation(pos.setup.colour_names) for a in turn.legal_steps()]
    ['R0-1']
    >>> turn.push(turn.legal_steps()[0]); turn.legal_steps()[0].to
    3
    """

    # The graph is a _ClearSteps or a pachisi._accel.TurnGraph; its nodes are opaque here.
    _graph: Any
    _node: Any

    def __init__(self, position: Position, throw: Sequence[int]) -> None:
        self.position = position
        self.throw = check_throw(position, throw)
        if _accel.active_for(position.setup.ruleset):
            self._graph = _accel.turn_graph(position, self.throw)
        else:
            self._graph = _ClearSteps(position, self.throw)
        self._stack: list[tuple[Action, Any]] = []
        self._node = self._graph.root
        # The steps from the last point asked about: an agent or a user interface
        # asks for them, then pushes one of them, at the same point.
        self._memo: tuple[Any, list[tuple[Action, Any]]] = (None, [])

    @classmethod
    def _of_checked(cls, position: Position, throw: tuple[int, int]) -> Turn:
        """``Turn(position, throw)`` for a ``throw`` already checked against the dice
        (a tuple of their faces): only the rest of ``check_throw`` is made."""
        if position.is_decided:
            raise ThrowError("the game is over: no more throws")
        turn = cls.__new__(cls)
        turn.position = position
        turn.throw = throw
        if _accel.active_for(position.setup.ruleset):
            turn._graph = _accel.turn_graph(position, throw)
        else:
            turn._graph = _ClearSteps(position, throw)
        turn._stack = []
        turn._node = turn._graph.root
        turn._memo = (None, [])
        return turn

    def copy(self) -> Turn:
        """An independent turn at the same point (its steps so far included).

        The copy shares the throw's graph, which never changes once built, so
        copying costs a list; pushing or popping on one leaves the other as it
        was.

        >>> from pachisi import Position
        >>> turn = Turn(Position.start("parcheesi", players=2), (5, 2))
        >>> other = turn.copy(); other.push(other.legal_steps()[0])
        >>> len(turn.steps), len(other.steps)
        (0, 1)
        """
        new = Turn.__new__(Turn)
        new.position = self.position
        new.throw = self.throw
        new._graph = self._graph
        new._stack = list(self._stack)
        new._node = self._node
        new._memo = self._memo
        return new

    def _edges(self) -> list[tuple[Action, Any]]:
        node = self._node
        if self._memo[0] is node:
            return self._memo[1]
        out: list[tuple[Action, Any]] = self._graph.steps(node)
        self._memo = (node, out)
        return out

    # -- public --------------------------------------------------------------

    def legal_steps(self) -> list[Action]:
        """The actions that extend the steps so far to some legal play."""
        return [a for a, _ in self._edges()]

    @property
    def is_complete(self) -> bool:
        """Whether the throw is fully played (no step left to make)."""
        return bool(self._graph.is_done(self._node))

    @property
    def steps(self) -> tuple[Action, ...]:
        """The actions pushed so far."""
        return tuple(a for a, _ in self._stack)

    @property
    def pending_bonuses(self) -> tuple[int, ...]:
        """Bonuses earned by the steps so far and not yet taken (RULES.md §5.7).

        In the dice part these are the bonuses that will be pending once the
        dice are played; in the bonus part, the ones still to take. Largest
        first; empty in Pagade.
        """
        pending: tuple[int, ...] = self._graph.pending(self._node)
        return pending

    @property
    def current_pawns(self) -> tuple[tuple[int, ...], ...]:
        """The pawns by colour after the steps so far (captured pawns already off).

        Like :attr:`pachisi.Position.pawns`, for drawing a throw half played.
        """
        pawns: tuple[tuple[int, ...], ...] = self._graph.pawns(self._node)
        return pawns

    def push(self, action: Action) -> None:
        """Make one legal step; :class:`~pachisi.errors.IllegalMoveError` otherwise."""
        edges = self._edges()
        # The legal steps of one point are pairwise unequal (look-alikes differ by
        # ``variant``), so the edge holding ``action`` itself is its first equal one:
        # looked for first, it spares the equality tests of the edges before it.
        for act, target in edges:
            if act is action:
                self._stack.append((act, self._node))
                self._node = target
                return
        for act, target in edges:
            if act == action:
                self._stack.append((act, self._node))
                self._node = target
                return
        names = self.position.setup.colour_names
        legal = ", ".join(a.notation(names) for a in self.legal_steps()) or "none"
        raise IllegalMoveError(f"illegal step {action.notation(names)}; legal: {legal}")

    def pop(self) -> Action:
        """Unmake the last step and return it; ``IndexError`` if none was made."""
        act, node = self._stack.pop()
        self._node = node
        return act

    def result(self) -> Position:
        """The position at the next throw boundary; only when :attr:`is_complete`."""
        if not self._graph.is_done(self._node):
            raise IllegalMoveError("the throw is not fully played yet")
        res: Position = self._graph.result(self._node)
        return res

    def play(self) -> Play:
        """The completed throw as a :class:`Play`."""
        return Play(self.steps, self.result(), self.throw)


def _kernel_turn(position: Position, throw: Sequence[int], module: ModuleType) -> Turn:
    """A :class:`Turn` on the step graph of the kernel ``module`` (for the tests)."""
    turn = Turn.__new__(Turn)
    turn.position = position
    turn.throw = check_throw(position, throw)
    turn._graph = _accel.turn_graph(position, turn.throw, module)
    turn._stack = []
    turn._node = turn._graph.root
    turn._memo = (None, [])
    return turn


def _clear_turn(position: Position, throw: Sequence[int]) -> Turn:
    """A :class:`Turn` on the clear engine's graph, whatever engine is active (for the tests)."""
    with _accel.pure():
        return Turn(position, throw)


# ---------------------------------------------------------------------------
# Notation


def _token_key(token: str) -> str:
    return token.rstrip("x!").replace("x", "")


def parse_play(position: Position, throw: Sequence[int], text: str) -> Play:
    """Read a play written in the move notation and check it is legal.

    The notation is a space-separated list of steps: ``R21-25`` (a pawn of
    the colour R moves from progress 21 to 25; entering and re-entering are
    moves from 0), ``BB30-34`` (a Pagade pair), ``+20:R3-23`` (a bonus move of
    20), ``R67-0!`` (the third-doublet penalty), ``A:`` (Eight-Man's choice
    of number set), and ``-`` for a throw that moves nothing. A trailing
    ``x`` marks a capture and is optional when reading. Colour letters:
    R red, B black/blue, Y yellow, G green.

    The play's :attr:`Play.actions` are the steps as a :class:`Turn` takes
    them, look-alike steps included (:func:`turn_of_notation`).
    """
    return turn_of_notation(position, throw, text).play()


def turn_of_notation(
    position: Position, throw: Sequence[int], text: str, *, whole: bool = True
) -> Turn:
    """A :class:`Turn` of ``throw`` with the steps written in ``text`` pushed.

    Two steps can look alike in the notation and move different pawns (the
    pawns of a starting blockade and a third pawn on their square, RULES.md
    §5.5: :attr:`Action.variant`); which one is meant shows only in the later
    steps. So every look-alike is tried, with backtracking, until all the
    steps of ``text`` are made and, if ``whole``, the play is complete
    (``whole=False`` reads the first steps of a play). This is the one way to
    turn notation into steps: a play's steps found token by token, taking the
    first match, can refuse a legal play. :class:`IllegalMoveError` names the
    first step that cannot be made.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:5.5.8.72,y:0.0.0.0 0 0 - - -")
    >>> turn = turn_of_notation(pos, (4, 4), "R5-8 R8-12 R12-16 R5-8")
    >>> turn.is_complete, [a.variant for a in turn.steps]
    (True, [0, 1, 0, 0])
    """
    names = position.setup.colour_names
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    turn = Turn(position, throw)

    def search(i: int) -> bool:
        if i == len(tokens):
            return turn.is_complete or not whole
        want = _token_key(tokens[i])
        for act in turn.legal_steps():
            if _token_key(act.notation(names)) == want:
                turn.push(act)
                if search(i + 1):
                    return True
                turn.pop()
        return False

    if not search(0):
        # Find the first bad token for a helpful message.
        turn2 = Turn(position, throw)
        for tok in tokens:
            match = [
                a for a in turn2.legal_steps() if _token_key(a.notation(names)) == _token_key(tok)
            ]
            if not match:
                legal = ", ".join(a.notation(names) for a in turn2.legal_steps()) or "none"
                raise IllegalMoveError(f"step {tok!r} is not legal here (legal: {legal})")
            turn2.push(match[0])
        legal = ", ".join(a.notation(names) for a in turn2.legal_steps())
        if not whole:
            raise IllegalMoveError(f"steps {text!r} do not begin any legal play")
        raise IllegalMoveError(f"play {text!r} is incomplete (next legal steps: {legal})")
    return turn


# Position.legal_plays, .turn, .play and .is_dead_end answer through these (pachisi.position
# cannot import this module, which imports it).
_use_engine(legal_plays, Turn, parse_play)
