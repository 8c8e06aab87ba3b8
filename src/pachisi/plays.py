"""The values both rules engines answer with: :class:`Action`, :class:`Play`, the throw check.

A low module of the core: the clear engine (:mod:`pachisi.moves` with the
throw graph of :mod:`pachisi._graph`) and the compiled kernel's bridge
(:mod:`pachisi._accel`) both import it, and it imports neither, so the
engines meet here and not in a circle. :mod:`pachisi.moves` re-exports every
public name (``from pachisi.moves import Play`` still works).

* :class:`Action`: one elementary step inside a throw; :class:`Play`: a
  whole legal answer to a throw and the position it leads to;
* :func:`check_throw`: the throw a position may be answered with (RULES.md
  §3.2, §3.5), the same check on both engines;
* :func:`actions_of` and :func:`play_of_raw`: the kernel's raw actions as
  :class:`Action` values, made when first read;
* :func:`best_plays`: the greedy pick's candidates (the greedy player's and
  the playouts' on both engines), with its one tie rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import FrozenInstanceError, dataclass
from typing import TYPE_CHECKING, Final, overload

from .dice import dice_for
from .errors import ThrowError

if TYPE_CHECKING:
    from .position import Position

__all__ = [
    "BONUS",
    "ENTER",
    "KINDS",
    "MOVE",
    "OPTION",
    "PAIR",
    "PENALTY",
    "Action",
    "LegalPlays",
    "Play",
    "RawAction",
    "actions_of",
    "best_plays",
    "check_throw",
    "play_of_raw",
    "play_order",
    "step_rank",
]

#: Step kinds (the ``kind`` of an :class:`Action` and of the throw graph's steps).
ENTER: Final = "enter"  #: a pawn leaves the nest / a cut pawn re-enters
MOVE: Final = "move"  #: one pawn moves with dice numbers
PAIR: Final = "pair"  #: a Pagade pair moves together on a doublet
BONUS: Final = "bonus"  #: a bonus move (capture or HOME reward)
PENALTY: Final = "penalty"  #: third doublet: a pawn goes back to its nest
OPTION: Final = "option"  #: Eight-Man: the number set A, B or C is chosen

#: Action kinds by the kernel's numbers (``K_ENTER`` ... ``K_OPTION``).
KINDS: Final = (ENTER, MOVE, PAIR, BONUS, PENALTY, OPTION)
_OPTIONS: Final = ("A", "B", "C")

_LETTERS: Final = {"red": "R", "black": "B", "blue": "B", "yellow": "Y", "green": "G"}


@dataclass(frozen=True, slots=True)
class Action:
    """One elementary action inside a throw (a *step*).

    ``colour`` is the arm (0..3) of the pawn(s); ``frm`` and ``to`` are
    progress numbers; ``numbers`` the dice numbers spent (a bottom face is
    given by its value), or the bonus value for a :data:`BONUS`; ``capture``
    whether pawns were captured/cut on landing; ``option`` the Eight-Man
    number set for an :data:`OPTION`. ``variant`` tells apart two actions that
    look the same but move different pawns (for example the two pawns of a
    starting blockade and a third pawn on one square); it is 0 almost always
    and is not part of the notation.
    """

    kind: str
    colour: int = -1
    frm: int = 0
    to: int = 0
    numbers: tuple[int, ...] = ()
    capture: bool = False
    option: str = ""
    variant: int = 0

    def notation(self, colour_names: Sequence[str]) -> str:
        """The action in the move notation (see :func:`pachisi.moves.parse_play`)."""
        if self.kind == OPTION:
            return f"{self.option}:"
        letter = _LETTERS[colour_names[self.colour]]
        x = "x" if self.capture else ""
        if self.kind == PAIR:
            return f"{letter}{letter}{self.frm}-{self.to}{x}"
        if self.kind == BONUS:
            return f"+{self.numbers[0]}:{letter}{self.frm}-{self.to}{x}"
        if self.kind == PENALTY:
            return f"{letter}{self.frm}-0!"
        return f"{letter}{self.frm}-{self.to}{x}"


#: One action from the kernel: (kind, colour, frm, to, numbers, capture), ``kind`` an
#: index into :data:`KINDS` (an option's letter index in ``frm``).
RawAction = tuple[int, int, int, int, tuple[int, ...], bool]


class Play:
    """A whole legal answer to a throw: its actions and the resulting position.

    ``position`` is the position at the next throw boundary (FORMAT.md):
    bonuses taken, finishing checked, the next player to throw set.

    Immutable, compared and hashed by ``(actions, position, throw)`` like a
    frozen dataclass with those three fields. A play from the compiled kernel
    builds its ``actions`` when first asked for them (most plays of a
    playout are never read).
    """

    __slots__ = ("_actions", "_raw", "position", "throw")
    __match_args__ = ("actions", "position", "throw")

    # A play from the kernel has _raw (its raw actions) and gets _actions when they are
    # first read; any other play has _actions only.
    _actions: tuple[Action, ...]
    _raw: Sequence[RawAction]
    position: Position
    throw: tuple[int, int]

    def __init__(
        self, actions: tuple[Action, ...], position: Position, throw: tuple[int, int]
    ) -> None:
        _set(self, "_actions", actions)
        _set(self, "position", position)
        _set(self, "throw", throw)

    @property
    def actions(self) -> tuple[Action, ...]:
        """The play's actions, in the order they are made."""
        try:
            return self._actions
        except AttributeError:  # made from the kernel's raw actions, not read yet
            actions = actions_of(self._raw)
            _set(self, "_actions", actions)  # two threads may both make them: equal values
            return actions

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Play:
            return NotImplemented
        assert isinstance(other, Play)
        return (self.actions, self.position, self.throw) == (
            other.actions,
            other.position,
            other.throw,
        )

    def __hash__(self) -> int:
        return hash((self.actions, self.position, self.throw))

    def __reduce__(self) -> tuple[type[Play], tuple[object, ...]]:
        return (Play, (self.actions, self.position, self.throw))

    @property
    def notation(self) -> str:
        """The play in the move notation, e.g. ``"R0-1x R1-3 +20:R3-23"``; ``"-"`` if empty."""
        names = self.position.setup.colour_names
        return " ".join(a.notation(names) for a in self.actions) or "-"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Play {self.notation!r}>"


_set = object.__setattr__
_new = object.__new__


def play_of_raw(raw: Sequence[RawAction], position: Position, throw: tuple[int, int]) -> Play:
    """A :class:`Play` whose actions :func:`actions_of` makes of ``raw`` when read.

    For the kernel's plays only: ``raw`` is trusted to describe the play that
    leads to ``position``.
    """
    play: Play = _new(Play)
    _set(play, "_raw", raw)
    _set(play, "position", position)
    _set(play, "throw", throw)
    return play


#: The :class:`Action` values built so far, by raw action (they are immutable).
_ACTIONS: dict[RawAction, Action] = {}


def actions_of(raw: Sequence[RawAction]) -> tuple[Action, ...]:
    """The :class:`Action` values of the kernel's raw actions (shared values)."""
    made = _ACTIONS
    if len(made) > 100_000:
        made.clear()
    actions = []
    for act in raw:
        action = made.get(act)
        if action is None:
            kind, colour, frm, to, numbers, capture = act
            if kind == 5:
                action = Action(OPTION, option=_OPTIONS[frm])
            else:
                action = Action(KINDS[kind], colour, frm, to, numbers, capture)
            made[act] = action
        actions.append(action)
    return tuple(actions)


def check_throw(position: Position, throw: Sequence[int]) -> tuple[int, int]:
    """``throw`` as the ``(a, b)`` that ``position`` may be answered with; else :class:`ThrowError`.

    Refuses a face the position's dice lack (RULES.md §3.2) and any throw
    once the game is decided by its finishers (§3.5). A dead end still
    answers a throw with its one passing outcome.
    """
    t = dice_for(position.setup.ruleset).check(throw)
    if position.is_decided:
        raise ThrowError("the game is over: no more throws")
    return t


class LegalPlays(Sequence[Play]):
    """The legal plays of one throw, made when asked for: a read-only sequence of :class:`Play`.

    What :func:`pachisi.moves.legal_plays` answers, in the engine's order. As
    python-chess's ``Board.legal_moves``, it supports ``len``, ``in``,
    iteration and indexing (slices give lists), and builds a play (and its
    :class:`~pachisi.position.Position`) only when one is read by its index
    (iterating reads them all, and builds them in one go); a play read twice
    is the same object. Compared with ``==``, it equals a list, a tuple
    or another :class:`LegalPlays` of the same plays in the same order, so
    callers that treat the answer as a list keep working; ``list(plays)``
    makes one.

    :meth:`position_at` gives the position one play leads to, building that
    one only: the cheap way for a player or an environment to step (a random
    player builds one position per throw, not one per outcome).
    """

    __slots__ = ("_made", "_make", "_make_all", "_n", "position", "throw")

    #: The position and the (checked) throw the plays answer.
    position: Position
    throw: tuple[int, int]
    _n: int
    # The plays made so far by index (None: not made); None until one is read.
    _made: list[Play | None] | None

    def __init__(
        self,
        position: Position,
        throw: tuple[int, int],
        n: int,
        make: Callable[[int], Play],
        make_all: Callable[[], list[Play]] | None = None,
    ) -> None:
        self.position = position
        self.throw = throw
        self._n = n
        # make(i): play i (called once per index read); make_all(): every play, in order
        # (what iterating from the start calls, when no play is made yet).
        self._make = make
        self._make_all = make_all
        self._made = None

    @classmethod
    def of(cls, position: Position, throw: tuple[int, int], plays: Sequence[Play]) -> LegalPlays:
        """The plays already made (the clear engine's), as a :class:`LegalPlays`."""
        out = cls(position, throw, len(plays), _unreachable)
        out._made = list(plays)
        return out

    # A subclass (the compiled kernel's view, ``pachisi._accel``) may skip __init__ and
    # override these two instead of storing callables: the views are made by the
    # thousand and most are never read.

    def _play(self, index: int) -> Play:
        """Play ``index``, made (called once per index read)."""
        return self._make(index)

    def _plays(self) -> list[Play] | None:
        """Every play in order, made in one loop; None if not cheaper than one by one."""
        make_all, self._make_all = self._make_all, None
        return None if make_all is None else make_all()

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> Play: ...

    @overload
    def __getitem__(self, index: slice) -> list[Play]: ...

    def __getitem__(self, index: int | slice) -> Play | list[Play]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._n))]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("legal play index out of range")
        made = self._made
        if made is None:
            made = self._made = [None] * self._n
        play = made[index]
        if play is None:
            play = made[index] = self._play(index)
        return play

    def __iter__(self) -> Iterator[Play]:
        made = self._made
        if made is None:
            # Iteration reads the plays in order, almost always all of them: made in one
            # loop if none is made yet (a loop that stops early has made them all).
            every = self._plays()
            made = self._made = [None] * self._n if every is None else list[Play | None](every)
        for i in range(self._n):
            play = made[i]
            if play is None:
                play = made[i] = self._play(i)
            yield play

    def __contains__(self, item: object) -> bool:
        if not isinstance(item, Play) or item.throw != self.throw:
            return False
        return any(self[i] == item for i in range(self._n))

    def position_at(self, index: int) -> Position:
        """The position play ``index`` leads to; only that one is built (no other, no actions)."""
        return self[index].position

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (LegalPlays, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> tuple[Callable[..., LegalPlays], tuple[object, ...]]:
        # Pickled (and copied) with every play made: the kernel's buffers do not travel.
        return (_made_plays, (self.position, self.throw, list(self)))

    def __repr__(self) -> str:
        return f"<LegalPlays {len(self)} of {self.throw} in {self.position.to_text()!r}>"


def _made_plays(position: Position, throw: tuple[int, int], plays: list[Play]) -> LegalPlays:
    """A pickled :class:`LegalPlays` read back."""
    return LegalPlays.of(position, throw, plays)


def _unreachable(index: int) -> Play:
    raise AssertionError("every play of LegalPlays.of is made")


#: A step kind's place in :func:`step_rank` (the kernel's ``K_ENTER`` ... ``K_OPTION``).
_KIND_RANK: Final = {kind: i for i, kind in enumerate(KINDS)}
#: An Eight-Man number set's place in :func:`step_rank`: A ranks highest.
_OPTION_RANK: Final = {"A": 2, "B": 1, "C": 0}


def step_rank(step: tuple[str, int, int, int, tuple[int, ...], bool, str]) -> int:
    """The rank of one step in the choice of the play shown for an outcome (both engines).

    ``step``: an :class:`Action`'s first seven fields in order, ``(kind,
    colour, frm, to, numbers, capture, option)``. Steps compare as the
    tuples (kind as in :data:`KINDS`, colour, frm, to, numbers, capture),
    an Eight-Man number set above every other step and A above B above C;
    the rank is that tuple packed in one integer (the compiled kernel packs
    the same one: ``Kernel._f_key``)::

        kind << 60 | colour << 58 | frm << 51 | to << 44
        | numbers[0] << 39 | numbers[1] << 34 | ... | capture << 23

    (a bonus's one number, which can exceed the 5 bits of a die, is
    ``numbers[0] << 24`` instead, so that the kernel reads it back whole)

    Of the plays that lead to one outcome, ``legal_plays`` gives the one
    whose steps' ranks are the greatest sequence (compared as tuples, step
    by step): a rule of its own, so that both engines show the same play
    whatever order they explore in.
    """
    kind, colour, frm, to, numbers, capture, option = step
    k = _KIND_RANK[kind]
    if k == 5:  # an option: colour 3, the set's place in frm
        return 5 << 60 | 3 << 58 | _OPTION_RANK[option] << 51
    r = k << 60 | (colour & 3) << 58 | frm << 51 | to << 44 | (1 << 23 if capture else 0)
    if k == 3:  # a bonus: its one number, the squares counted (up to MAX_OPTION), whole
        return r | numbers[0] << 24
    shift = 39
    for n in numbers:
        r |= n << shift
        shift -= 5
    return r


def play_order(position: Position) -> Callable[[Play], tuple[object, ...]]:
    """The sort key of the canonical order of ``position``'s plays (``moves.legal_plays``).

    Both engines give the plays of a throw in this order: by the pawns after
    the play (colour 0 first; a colour not in play is ``()`` in every outcome,
    so this compares the 16 pawn numbers the kernel sorts by), then the
    mover's cut flag (Pagade), then whether the mover throws again. Two plays
    of one throw never tie.
    """
    mover = position.to_move

    def key(play: Play) -> tuple[object, ...]:
        after = play.position
        cut = after.cut
        return (after.pawns, cut is not None and cut[mover], after.doubles > 0)

    return key


def best_plays(
    position: Position, plays: Sequence[Play], evaluation: Callable[[Position, int], float]
) -> list[Play]:
    """The plays (of ``position``'s mover) whose resulting positions the evaluation values
    best, in their order: within 1e-9 of the best, each compared with the best so far.

    The greedy pick, written once: the greedy player
    (:class:`pachisi.bots.greedy.GreedyPlayer`), the kernel engine's games
    (:mod:`pachisi.tournament.kernel`) and the pure engine's greedy playouts
    (:func:`pachisi.fast.greedy_position`) each draw one of them in their own
    way. A lone play is not evaluated.
    """
    if len(plays) == 1:
        return [plays[0]]
    me = position.to_move
    best: list[Play] = []
    best_score = float("-inf")
    for play in plays:
        score = evaluation(play.position, me)
        if score > best_score + 1e-9:
            best, best_score = [play], score
        elif abs(score - best_score) <= 1e-9:
            best.append(play)
    return best
