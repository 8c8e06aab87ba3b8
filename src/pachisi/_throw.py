"""The vocabulary of a throw graph, shared by its driver and the two families.

A throw is played on a *throw graph* (:mod:`pachisi._graph` drives it): its
nodes are states, its edges steps. This module names them, and the small
interface each family of rules implements (:class:`ThrowRules`:
:class:`pachisi._pagade.Pagade` and :class:`pachisi._family.Family`).

States hold small integers, so that exploring a graph is cheap:

* a **pawn code** is one pawn of the mover: its progress number, its colour,
  whether it has made its one dice move (``sum_move`` "jump") and its
  *blockade tag* (which blockade it belonged to at the start of the throw,
  for RULES.md §5.5 "blockades do not advance"). Read the fields with the
  tables :data:`PROGRESS`, :data:`COLOUR` and :data:`TAG`;
* a **number** of a Parcheesi-family throw is a die value, whether it is a
  bottom face, and the colours that may use it (Eight-Man's options A/B/C
  give numbers to one colour, §7). Read them with :data:`VALUE`,
  :data:`IS_BOTTOM` and :data:`USERS`. Pagade's numbers are plain die values.

A state's tuples are kept sorted, so that two ways to the same state meet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, NamedTuple, TypeVar

from .board import N_SQUARES, NEST, OFF, ROUTES
from .plays import BONUS, ENTER, MOVE, OPTION, PAIR, PENALTY
from .position import Position, advance

__all__ = [
    "BONUS",
    "COLOUR",
    "COLOUR_SHIFT",
    "ENTER",
    "IS_BOTTOM",
    "MOVE",
    "MOVED",
    "OPTION",
    "PAIR",
    "PENALTY",
    "PROGRESS",
    "PROGRESS_MASK",
    "TAG",
    "USERS",
    "VALUE",
    "BonusState",
    "DiceState",
    "Edge",
    "NumberSet",
    "Step",
    "ThrowRules",
    "make_step",
    "new_state",
    "number",
    "pawn_code",
    "remove",
]

# The step kinds (ENTER ... OPTION) are pachisi.plays' (the kinds of its Action).

# ---------------------------------------------------------------------------
# Pawn codes: progress | colour << 7 | moved << 9 | tag << 10

#: The progress bits of a pawn code (progress numbers are below 128).
PROGRESS_MASK: Final = 127
#: Where a pawn code's colour (arm 0..3) starts.
COLOUR_SHIFT: Final = 7
#: The bit of a pawn that has made its one dice move in this throw (``sum_move`` "jump").
MOVED: Final = 1 << 9
#: Where a pawn code's blockade tag starts (0: in no starting blockade).
TAG_SHIFT: Final = 10
#: The largest blockade tag (a player has at most 8 pawns, so at most 4 blockades).
MAX_TAG: Final = 7
_N_CODES: Final = (MAX_TAG + 1) << TAG_SHIFT

#: ``PROGRESS[code]``: the progress number of a pawn code.
PROGRESS: Final = tuple(code & PROGRESS_MASK for code in range(_N_CODES))
#: ``COLOUR[code]``: the colour (arm) of a pawn code.
COLOUR: Final = tuple((code >> COLOUR_SHIFT) & 3 for code in range(_N_CODES))
#: ``TAG[code]``: the blockade tag of a pawn code (0: none).
TAG: Final = tuple(code >> TAG_SHIFT for code in range(_N_CODES))


def pawn_code(p: int, colour: int, tag: int = 0) -> int:
    """The code of a pawn of ``colour`` at progress ``p`` with blockade tag ``tag``."""
    assert 0 <= tag <= MAX_TAG
    return p | colour << COLOUR_SHIFT | tag << TAG_SHIFT


# ---------------------------------------------------------------------------
# Numbers of a Parcheesi-family throw: value | bottom << 3 | users << 4

_BOTTOM_BIT: Final = 8
_USERS_SHIFT: Final = 4

#: ``VALUE[n]``: the die value of a number.
VALUE: Final = tuple(n & 7 for n in range(1 << 8))
#: ``IS_BOTTOM[n]``: whether a number is a bottom face (7 - top, RULES.md §5.2).
IS_BOTTOM: Final = tuple(bool(n & _BOTTOM_BIT) for n in range(1 << 8))
#: ``USERS[n]``: the bit mask ``1 << colour`` of the colours that may use a number (§7).
USERS: Final = tuple(n >> _USERS_SHIFT for n in range(1 << 8))


def number(value: int, bottom: bool, users: int) -> int:
    """A number of the throw: die ``value``, a bottom face or not, usable by ``users``."""
    return value | (_BOTTOM_BIT if bottom else 0) | users << _USERS_SHIFT


# ---------------------------------------------------------------------------
# States, steps and edges


class DiceState(NamedTuple):
    """A node of the dice part of a throw graph."""

    #: The mover's pawn codes, sorted.
    pawns: tuple[int, ...]
    #: The numbers not yet spent, sorted.
    numbers: tuple[int, ...]
    #: The squares whose other-colour pawns were captured (cut), sorted.
    captured: tuple[int, ...]
    #: Pagade: the mover's cut flag (§4.5). Parcheesi family: on a doublet
    #: under ``no_split_doubles_home``, which pawn has used every number so
    #: far (:func:`pachisi._family.single_mover`), else 0.
    flag: int


class BonusState(NamedTuple):
    """A node of the bonus part of a throw graph (Parcheesi family, RULES.md §5.7)."""

    #: The mover's pawn codes, sorted (no moved bits: the dice are played).
    pawns: tuple[int, ...]
    #: The bonus values still to take, sorted.
    pending: tuple[int, ...]
    #: The squares whose other-colour pawns were captured, sorted.
    captured: tuple[int, ...]
    #: Always 0 (the flag of the dice part is not needed any more).
    flag: int


#: A state of either part.
State = TypeVar("State", DiceState, BonusState)

#: ``new_state(DiceState, (pawns, numbers, captured, flag))`` is
#: ``DiceState(pawns, numbers, captured, flag)`` at half the cost: it skips the
#: NamedTuple's Python-level ``__new__``. The edge builders make one state per
#: edge with it (a NamedTuple call there costs 3 to 5% of ``legal_plays``).
new_state: Final = tuple.__new__


#: An edge's elementary action: the fields of :class:`pachisi.moves.Action` in
#: order, ``(kind, colour, frm, to, numbers, capture, option)``. It is read
#: only whole (``Action(*step)``), never by index. A plain tuple, not a
#: NamedTuple: building one per edge costs 7 to 12% of ``legal_plays``'s time
#: (measured on random Parcheesi and Eight-Man positions), named states 3 to 4%.
Step = tuple[str, int, int, int, tuple[int, ...], bool, str]


def make_step(
    kind: str,
    colour: int = -1,
    frm: int = 0,
    to: int = 0,
    numbers: tuple[int, ...] = (),
    capture: bool = False,
    option: str = "",
) -> Step:
    """A :data:`Step` by field names (the edges of the hot paths write the tuple out)."""
    return (kind, colour, frm, to, numbers, capture, option)


#: An edge of a throw graph: the step and the state it leads to.
Edge = tuple[Step, State]

#: A number set of a throw: its name ("" or Eight-Man's "A", "B", "C") and its numbers.
NumberSet = tuple[str, tuple[int, ...]]


def remove(seq: tuple[int, ...], items: Sequence[int]) -> tuple[int, ...]:
    """``seq`` less one occurrence of each of ``items`` (order kept)."""
    out = list(seq)
    for it in items:
        out.remove(it)
    return tuple(out)


# ---------------------------------------------------------------------------
# The family interface


class ThrowRules:
    """One throw of one family: what stays fixed during it, and the family's rules.

    The driver (:class:`pachisi._graph.ThrowGraph`) asks a family for its
    number sets, its start state, the edges from a state, which terminal
    states a play may stop at, the bonus part and the extra throw; it never
    looks at the ruleset itself. The base class holds what both families
    share: the others' pawns by square and building the resulting position.
    """

    #: Whether a state's ``flag`` is the mover's cut flag, kept in the result (Pagade).
    flag_is_cut: ClassVar[bool] = False

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        setup = position.setup
        self.position = position
        self.throw = throw
        self.mover = position.to_move
        #: The mover's colours (arms).
        self.colours: tuple[int, ...] = setup.players[self.mover]
        self.routes: tuple[tuple[int, ...], ...] = ROUTES[setup.ruleset]
        self.doublet = throw[0] == throw[1]
        self.jump = setup.option("sum_move") == "jump"
        #: ``others[s]``: how many pawns of other colours stand on square ``s``.
        self.others = [0] * N_SQUARES
        #: ``friendly_at[s]``: whether those pawns are friendly (partner's or own colour).
        self.friendly_at = [False] * N_SQUARES
        friendly = setup.friendly[self.colours[0]]
        for c in setup.colours_in_play:
            if c in self.colours:
                continue
            route = self.routes[c]
            for p in position.pawns[c]:
                s = route[p]
                if s != OFF:
                    self.others[s] += 1
                    self.friendly_at[s] = friendly[c]

    # -- the interface -------------------------------------------------------

    def penalty(self) -> list[tuple[tuple[Step, ...], Position]] | None:
        """The outcomes when the throw is not played on the dice part (a third doublet;
        every outcome of a one-die throw, :mod:`pachisi._ludo`), else None."""
        return None

    def number_sets(self) -> list[NumberSet]:
        """The throw's number sets, in order; one unless the player chooses among several."""
        raise NotImplementedError

    def dice_start(self, numbers: tuple[int, ...]) -> DiceState:
        """The start state of the dice part for one number set."""
        raise NotImplementedError

    def dice_edges(self, state: DiceState) -> list[Edge[DiceState]]:
        """The dice part's edges from ``state``, in a fixed order."""
        raise NotImplementedError

    def select(self, start: DiceState, states: Sequence[DiceState]) -> list[DiceState]:
        """The terminal states a play may stop at (selection), ``[start]`` if nothing moves."""
        raise NotImplementedError

    def pending(self, start: DiceState, state: DiceState) -> tuple[int, ...]:
        """The bonuses earned by the dice part from ``start`` to ``state``, sorted."""
        return ()

    def bonus_root(self, start: DiceState, end: DiceState) -> BonusState | None:
        """The bonus part's start after the dice part ended in ``end``; None if nothing pends."""
        return None

    def bonus_edges(self, state: BonusState) -> list[Edge[BonusState]]:
        """The bonus part's edges from ``state`` (none: the play is complete)."""
        return []

    def extra(self, all_used: bool) -> bool:
        """Whether the throw grants another throw (before finishing is checked)."""
        return False

    # -- shared --------------------------------------------------------------

    def start_pawns(self, tags: Mapping[int, int]) -> tuple[int, ...]:
        """The mover's pawns as sorted codes; ``tags[square]``: the blockade tag there."""
        position = self.position
        pawns: list[int] = []
        for c in self.colours:
            route = self.routes[c]
            for p in position.pawns[c]:
                s = route[p]
                pawns.append(pawn_code(p, c, tags.get(s, 0) if s != OFF else 0))
        return tuple(sorted(pawns))

    def pawns_after(
        self, pawns: tuple[int, ...], captured: tuple[int, ...]
    ) -> tuple[tuple[int, ...], ...]:
        """Every colour's pawns: the mover's from ``pawns``, the others' less the captured."""
        position = self.position
        out = list(position.pawns)
        colours = self.colours
        if len(colours) == 1:
            out[colours[0]] = tuple(sorted([PROGRESS[code] for code in pawns]))
        else:
            per: dict[int, list[int]] = {c: [] for c in colours}
            for code in pawns:
                per[COLOUR[code]].append(PROGRESS[code])
            for c, ps in per.items():
                ps.sort()
                out[c] = tuple(ps)
        if captured:
            gone = set(captured)
            for c in position.setup.colours_in_play:
                if c in colours:
                    continue
                route = self.routes[c]
                if any(route[p] in gone for p in out[c]):
                    out[c] = tuple(sorted(NEST if route[p] in gone else p for p in out[c]))
        return tuple(out)

    def result(
        self, pawns: tuple[int, ...], captured: tuple[int, ...], cut_made: bool, extra: bool
    ) -> Position:
        """The position at the next throw boundary (RULES.md §3.3, §3.5).

        ``cut_made``: the mover's Pagade cut flag is now true; ``extra``: the
        throw grants another throw.
        """
        position = self.position
        cut = position.cut
        if cut is not None and cut_made and not cut[self.mover]:
            cut = tuple(True if i == self.mover else f for i, f in enumerate(cut))
        return advance(position, self.pawns_after(pawns, captured), cut, extra)

    def end_position(self, state: DiceState | BonusState, extra: bool) -> Position:
        """The position after a play that ends in ``state``."""
        cut_made = bool(state.flag) if self.flag_is_cut else False
        return self.result(state.pawns, state.captured, cut_made, extra)
