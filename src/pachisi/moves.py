"""Actions, steps and plays: legal-play generation for every ruleset.

This module is the rules engine's hot path and its narrow interface:

* :func:`legal_plays` (position and throw in, one :class:`Play` per distinct
  resulting position out) and
* :class:`Turn` (the same choices one elementary :class:`Action` at a time).

Both are built on one explorer of the *throw graph*: its nodes are the
intermediate states of a throw (the mover's pawns, the numbers left, the
squares whose pawns were captured, Pagade's cut flag), its edges the
elementary actions. The selection rules of RULES.md (§4.7, §5.5, §5.6) pick
the terminal states a play may stop at; a step is legal exactly when it
leads to a state from which such a terminal can be reached. Plays and steps
therefore cannot disagree.

Internal encodings, all small integers:

* a pawn of the mover is ``p | colour << 7 | moved << 9 | tag << 10``
  (``moved``: has made its one dice move under ``sum_move`` "jump";
  ``tag``: which blockade it belonged to at the start of the throw, for
  ``blockade_may_advance`` false);
* a number of a Parcheesi-family throw is ``value | bottom << 3 | colours << 4``
  where ``colours`` is the bit mask of the colours that may use it (Eight-Man
  options A/B/C restrict numbers to one colour).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from .board import N_SQUARES, OFF, ROUTES, SAFETY_SQUARES, X_SQUARES
from .dice import dice_for
from .errors import IllegalMoveError, ThrowError
from .position import Position, advance

__all__ = [
    "BONUS",
    "ENTER",
    "MOVE",
    "OPTION",
    "PAIR",
    "PENALTY",
    "Action",
    "Play",
    "Turn",
    "legal_plays",
    "parse_play",
]

#: Action kinds.
ENTER: Final = "enter"  #: a pawn leaves the nest / a cut pawn re-enters
MOVE: Final = "move"  #: one pawn moves with dice numbers
PAIR: Final = "pair"  #: a Pagade pair moves together on a doublet
BONUS: Final = "bonus"  #: a bonus move (capture or HOME reward)
PENALTY: Final = "penalty"  #: third doublet: a pawn goes back to its nest
OPTION: Final = "option"  #: Eight-Man: the number set A, B or C is chosen

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


@dataclass(frozen=True, slots=True)
class Play:
    """A whole legal answer to a throw: its actions and the resulting position.

    ``position`` is the position at the next throw boundary (FORMAT.md):
    bonuses taken, finishing checked, the next player to throw set.
    """

    actions: tuple[Action, ...]
    position: Position
    throw: tuple[int, int]

    @property
    def notation(self) -> str:
        """The play in the move notation, e.g. ``"R0-1x R1-3 +20:R3-23"``; ``"-"`` if empty."""
        names = self.position.setup.colour_names
        return " ".join(a.notation(names) for a in self.actions) or "-"

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"<Play {self.notation!r}>"


# ---------------------------------------------------------------------------
# Pawn and number encodings

_PMASK: Final = 127


def _code(p: int, colour: int, moved: int = 0, tag: int = 0) -> int:
    return p | colour << 7 | moved << 9 | tag << 10


def _colour(code: int) -> int:
    return (code >> 7) & 3


def _with_p(code: int, p: int) -> int:
    return (code & ~_PMASK) | p


_MOVED: Final = 1 << 9


def _nvalue(n: int) -> int:
    return n & 7


def _nbottom(n: int) -> bool:
    return bool(n & 8)


def _nmask(n: int) -> int:
    return n >> 4


def _route_index(route: tuple[int, ...]) -> tuple[int, ...]:
    """``index[s]``: the progress number at which ``route`` visits square ``s``, else -1."""
    index = [-1] * N_SQUARES
    for p, s in enumerate(route):
        if s != OFF:
            assert index[s] == -1, "a Parcheesi-family route visits a square twice"
            index[s] = p
    return tuple(index)


#: ``_ROUTE_INDEX[ruleset][arm]``: the inverse of ``ROUTES`` (Parcheesi family only).
_ROUTE_INDEX: Final = {
    name: tuple(_route_index(route) for route in routes)
    for name, routes in ROUTES.items()
    if name != "pagade"
}


def _remove(seq: tuple[int, ...], items: Sequence[int]) -> tuple[int, ...]:
    out = list(seq)
    for it in items:
        out.remove(it)
    return tuple(out)


# A state of the dice part: (mine, rem, gone, flag)
#   mine: sorted tuple of pawn codes of the mover
#   rem:  sorted tuple of numbers left (Pagade: die values)
#   gone: sorted tuple of squares whose other-colour pawns were captured
#   flag: Pagade's cut flag of the mover (0 or 1); in the Parcheesi family,
#         on a doublet under ``no_split_doubles_home``, which pawns have used
#         numbers so far (see :func:`_single_mover`), else 0
_State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
# A state of the bonus part: (mine, pending, gone, flag) with pending bonus values
# An edge's action is a plain tuple (kind, colour, frm, to, numbers, capture);
# Action objects are built only for the paths that are kept.
_Act = tuple[str, int, int, int, tuple[int, ...], bool]
_Edge = tuple[_Act, _State]


@dataclass
class _Context:
    """Everything fixed during one throw: tables of the set-up and the others' pawns."""

    position: Position
    throw: tuple[int, int]
    ruleset: str
    mover: int
    colours: tuple[int, ...]
    routes: tuple[tuple[int, ...], ...]
    home: int
    oth_n: list[int]
    oth_friend: list[bool]
    doublet: bool
    jump: bool
    # Parcheesi family
    capture_bonus: int = 0
    home_bonus: int = 0
    larger_die: bool = False
    no_split: bool = False
    oth_block: list[int] = field(default_factory=list)  # ring squares with two others' pawns
    tag_squares: dict[int, int] = field(default_factory=dict)
    # Pagade
    cut_rule: bool = False
    safe_x: bool = False
    pair_double: bool = False


def _context(pos: Position, throw: tuple[int, int]) -> _Context:
    setup = pos.setup
    ruleset = setup.ruleset
    mover = pos.to_move
    colours = setup.players[mover]
    routes = ROUTES[ruleset]
    friendly = setup.friendly
    me = colours[0]
    oth_n = [0] * 100
    oth_friend = [False] * 100
    for c in setup.colours_in_play:
        if c in colours:
            continue
        fr = friendly[me][c]
        route = routes[c]
        for p in pos.pawns[c]:
            s = route[p]
            if s != OFF:
                oth_n[s] += 1
                oth_friend[s] = fr
    a, b = throw
    jump = setup.option("sum_move") == "jump"
    ctx = _Context(
        position=pos,
        throw=throw,
        ruleset=ruleset,
        mover=mover,
        colours=colours,
        routes=routes,
        home=setup.home,
        oth_n=oth_n,
        oth_friend=oth_friend,
        doublet=a == b,
        jump=jump,
    )
    if ruleset == "pagade":
        ctx.cut_rule = bool(setup.option("cut_to_enter_home"))
        ctx.safe_x = bool(setup.option("safe_x_squares"))
        ctx.pair_double = setup.option("pair_move") == "double"
    else:
        ctx.capture_bonus = int(setup.option("capture_bonus"))
        ctx.home_bonus = int(setup.option("home_bonus"))
        ctx.larger_die = bool(setup.option("larger_die"))
        ctx.no_split = bool(setup.option("no_split_doubles_home")) and a == b
        ctx.oth_block = [s for s in range(68) if oth_n[s] >= 2]
    return ctx


def _start_mine(ctx: _Context) -> tuple[int, ...]:
    """The mover's pawns as codes, with blockade tags where the rule needs them."""
    pos = ctx.position
    mine: list[int] = []
    tags: dict[int, int] = {}
    need_tags = pos.setup.ruleset != "pagade" and not pos.setup.option("blockade_may_advance")
    if need_tags:
        count: dict[int, int] = {}
        for c in ctx.colours:
            for p in pos.pawns[c]:
                s = ctx.routes[c][p]
                if s != OFF:
                    count[s] = count.get(s, 0) + 1
        for s, n in sorted(count.items()):
            if n == 2:
                tags[s] = len(tags) + 1
    ctx.tag_squares = {t: s for s, t in tags.items()}
    for c in ctx.colours:
        for p in pos.pawns[c]:
            s = ctx.routes[c][p]
            mine.append(_code(p, c, tag=tags.get(s, 0) if s != OFF else 0))
    return tuple(sorted(mine))


# ---------------------------------------------------------------------------
# Pagade (RULES.md §4)


def _pagade_land(
    ctx: _Context,
    own: dict[int, tuple[int, int]],
    gone: tuple[int, ...],
    flag: int,
    c: int,
    k: int,
    p: int,
    t: int,
) -> int | None:
    """Check §4.4/§4.5 for ``k`` pawns of colour ``c`` moving p -> t.

    Returns ``None`` if illegal, else the ring square whose pawns are cut, or
    :data:`OFF` when nothing is cut.
    """
    if t > 84:
        return None
    if ctx.cut_rule and p <= 76 and t >= 77 and not flag:
        return None
    s = ctx.routes[c][t]
    if s == OFF or s >= 68:
        return OFF
    cnt, col = own.get(s, (0, c))
    if cnt:
        if col != c or cnt + k > 2:
            return None
        return OFF
    n = 0 if s in gone else ctx.oth_n[s]
    if not n:
        return OFF
    if ctx.oth_friend[s]:
        return None
    if ctx.safe_x and s in X_SQUARES:
        return None
    if n == 2 and k == 1:
        return None
    return s


def _pagade_edges(ctx: _Context, state: _State) -> list[_Edge]:
    mine, rem, gone, flag = state
    if not rem:
        return []
    routes = ctx.routes
    own: dict[int, tuple[int, int]] = {}
    cut: list[int] = []
    for code in mine:
        p = code & _PMASK
        if p == 0:
            cut.append(code)
            continue
        c = (code >> 7) & 3
        s = routes[c][p]
        if 0 <= s < 68:
            cnt = own.get(s, (0, c))[0]
            own[s] = (cnt + 1, c)
    out: list[_Edge] = []
    # One die's value, as spent, and the dice left after it: per state, not per edge.
    singles = [(v, (v,), _remove(rem, (v,))) for v in sorted(set(rem))]
    jump = ctx.jump
    moved_bit = _MOVED if jump else 0

    def go(
        action_kind: str,
        code0: int,
        t: int,
        new: list[int],
        spent: tuple[int, ...],
        left: tuple[int, ...],
        sq: int,
    ) -> None:
        """Add the edge of ``code0`` (and its partner) going to ``t``; ``new``: the pawns after."""
        new.sort()
        new_gone = gone
        new_flag = flag
        if sq != OFF:
            new_gone = tuple(sorted((*gone, sq)))
            new_flag = True
        out.append(
            (
                (action_kind, (code0 >> 7) & 3, code0 & _PMASK, t, spent, sq != OFF),
                (tuple(new), left, new_gone, new_flag),
            )
        )

    if cut:
        # §4.6: every action must re-enter a cut pawn while one is left.
        for code in sorted(set(cut)):
            c = (code >> 7) & 3
            rest = list(mine)
            rest.remove(code)
            moved = (code & ~_PMASK) | moved_bit
            for v, spent, left in singles:
                go(ENTER, code, v, [*rest, moved | v], spent, left, OFF)
            if jump and len(cut) == 1 and len(rem) == 2:
                t = rem[0] + rem[1]
                sq = _pagade_land(ctx, own, gone, flag, c, 1, 0, t)
                if sq is not None:
                    go(ENTER, code, t, [*rest, moved | t], rem, (), sq)
        return out
    seen: set[int] = set()
    for code in mine:
        p = code & _PMASK
        if p == 0 or p >= 84 or code in seen or (jump and code & _MOVED):
            continue
        seen.add(code)
        c = (code >> 7) & 3
        rest = list(mine)
        rest.remove(code)
        moved = (code & ~_PMASK) | moved_bit
        for v, spent, left in singles:
            t = p + v
            sq = _pagade_land(ctx, own, gone, flag, c, 1, p, t)
            if sq is not None:
                go(MOVE, code, t, [*rest, moved | t], spent, left, sq)
        if jump and len(rem) == 2:
            t = p + rem[0] + rem[1]
            sq = _pagade_land(ctx, own, gone, flag, c, 1, p, t)
            if sq is not None:
                go(MOVE, code, t, [*rest, moved | t], rem, (), sq)
    if ctx.doublet and len(rem) == 2:
        # Pair moves: two pawns of one colour with the same p (§4.3).
        d = rem[0]
        dist = 2 * d if ctx.pair_double else d
        by_p: dict[tuple[int, int], list[int]] = {}
        for code in mine:
            p = code & _PMASK
            if 1 <= p <= 83:
                by_p.setdefault((_colour(code), p), []).append(code)
        for (c, p), codes in by_p.items():
            if len(codes) < 2:
                continue
            for pair in sorted(set(combinations(sorted(codes), 2))):
                sq = _pagade_land(ctx, own, gone, flag, c, 2, p, p + dist)
                if sq is not None:
                    t = p + dist
                    new = list(mine)
                    for code in pair:
                        new.remove(code)
                    new += [(code & ~_PMASK) | t | moved_bit for code in pair]
                    go(PAIR, pair[0], t, new, rem, (), sq)
    return out


# ---------------------------------------------------------------------------
# Parcheesi family (RULES.md §5, §6, §7)


def _pf_own(ctx: _Context, mine: tuple[int, ...]) -> dict[int, int]:
    own: dict[int, int] = {}
    routes = ctx.routes
    for code in mine:
        p = code & _PMASK
        s = routes[_colour(code)][p]
        if s != OFF:
            own[s] = own.get(s, 0) + 1
    return own


def _pf_blocked(ctx: _Context, own: dict[int, int], gone: tuple[int, ...]) -> list[int]:
    """The squares where two pawns stand (own and others' together): no pawn passes them (§5.4)."""
    oth_n = ctx.oth_n
    out = [s for s in ctx.oth_block if s not in gone]
    for s, n in own.items():
        if s < 68 and s not in gone:
            n += oth_n[s]
        if n >= 2:
            out.append(s)
    return out


def _pf_land(
    ctx: _Context,
    own: dict[int, int],
    blocked: list[int],
    gone: tuple[int, ...],
    c: int,
    p: int,
    t: int,
    path: bool,
) -> int | None:
    """Check §5.4 for one pawn of colour ``c`` moving p -> t.

    ``path``: whether the squares between p and t are passed (all moves but
    entering); ``blocked`` lists the squares that may not be passed (see
    :func:`_pf_blocked`). Returns ``None`` if illegal, else the captured
    square or OFF.
    """
    if t > 72:
        return None
    if path:
        # A route visits each square at most once: a blocked square is passed
        # exactly when its progress number on this route lies strictly between.
        on_route = _ROUTE_INDEX[ctx.ruleset][c]
        for b in blocked:
            if p < on_route[b] < t:
                return None
    route = ctx.routes[c]
    oth_n = ctx.oth_n
    s = route[t]
    if s == OFF:
        return OFF
    n_own = own.get(s, 0)
    n_oth = oth_n[s] if s < 68 and s not in gone else 0
    if n_own + n_oth >= 2:
        return None
    if n_oth and not ctx.oth_friend[s]:
        if s in SAFETY_SQUARES and path:
            return None
        return s
    return OFF


# A group of numbers one pawn may move with: (distance, numbers, values spent, numbers left)
_Group = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_GROUPS: dict[tuple[tuple[int, ...], int, bool], list[_Group]] = {}


def _pf_groups(rem: tuple[int, ...], bit: int, jump: bool) -> list[_Group]:
    """Distinct groups of usable numbers: single numbers (hops) or any sub-multiset (jump).

    The answers are cached: there are only a few hundred distinct questions.
    """
    key = (rem, bit, jump)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    usable = [n for n in rem if _nmask(n) & bit]
    chosen: list[tuple[int, ...]]
    if not jump:
        chosen = [(n,) for n in sorted(set(usable))]
    else:
        groups: set[tuple[int, ...]] = set()
        for k in range(1, len(usable) + 1):
            groups.update(combinations(usable, k))
        chosen = sorted(groups)
    out = [
        (sum(_nvalue(n) for n in g), g, tuple(_nvalue(n) for n in g), _remove(rem, g))
        for g in chosen
    ]
    _GROUPS[key] = out
    return out


def _pf_edges(ctx: _Context, state: _State) -> list[_Edge]:
    mine, rem, gone, flag = state
    if not rem:
        return []
    own = _pf_own(ctx, mine)
    blocked = _pf_blocked(ctx, own, gone)
    out: list[_Edge] = []
    jump = ctx.jump
    moved_bit = _MOVED if jump else 0
    seen: set[int] = set()
    for code in mine:
        if code in seen:
            continue
        seen.add(code)
        p = code & _PMASK
        c = (code >> 7) & 3
        bit = 1 << c
        if p == 0:
            # Entering (§5.3): a top 5, or two tops of a non-doublet adding to 5.
            spends: list[tuple[int, ...]] = []
            fives = [n for n in rem if _nvalue(n) == 5 and not _nbottom(n) and _nmask(n) & bit]
            if fives:
                spends.append((fives[0],))
            if (
                not ctx.doublet
                and len(rem) == 2
                and _nvalue(rem[0]) + _nvalue(rem[1]) == 5
                and all(_nmask(n) & bit and not _nbottom(n) for n in rem)
            ):
                spends.append(rem)
            for spent in spends:
                sq = _pf_land(ctx, own, blocked, gone, c, 0, 1, False)
                if sq is None:
                    continue
                new = list(mine)
                new.remove(code)
                entered = _with_p(code, 1)
                new.append(entered)
                left = _remove(rem, spent)
                out.append(
                    (
                        (ENTER, c, 0, 1, tuple(_nvalue(n) for n in spent), sq != OFF),
                        (
                            tuple(sorted(new)),
                            left,
                            gone if sq == OFF else tuple(sorted((*gone, sq))),
                            _single_mover(flag, code, entered, left) if ctx.no_split else flag,
                        ),
                    )
                )
            continue
        if p >= 72 or (jump and code & _MOVED):
            continue
        rest = list(mine)
        rest.remove(code)
        moved = (code & ~_PMASK) | moved_bit
        for dist, group, values, left in _pf_groups(rem, bit, jump):
            t = p + dist
            if t > 72:
                continue
            if t == 72 and ctx.no_split and not _whole_doublet(flag, code, group, rem):
                continue
            sq = _pf_land(ctx, own, blocked, gone, c, p, t, True)
            if sq is None:
                continue
            new = [*rest, moved | t]
            new.sort()
            out.append(
                (
                    (MOVE, c, p, t, values, sq != OFF),
                    (
                        tuple(new),
                        left,
                        gone if sq == OFF else tuple(sorted((*gone, sq))),
                        _single_mover(flag, code, moved | t, left) if ctx.no_split else flag,
                    ),
                )
            )
    return out


#: :func:`_single_mover`'s value once no pawn can reach HOME with the whole doublet.
_NOBODY: Final = -1


def _single_mover(flag: int, code: int, new_code: int, left: tuple[int, ...]) -> int:
    """The ``no_split_doubles_home`` bookkeeping after pawn ``code`` became ``new_code``.

    ``flag`` is 0 while no pawn has used a number of the throw; afterwards
    it is the current code of the one pawn that has used every number so
    far *and* still stands exactly the numbers ``left`` away from HOME, or
    :data:`_NOBODY` when there is no such pawn (a second pawn has moved, or
    the first cannot reach HOME with the rest). A pawn's code is never 0
    once it has moved (it stands at p >= 1), so 0 is free. Two pawns with
    one code are interchangeable, so a move of a pawn whose code is ``flag``
    may be taken to be the same pawn moving on.

    Keeping the value canonical (:data:`_NOBODY` as soon as the doublet can
    no longer take this pawn HOME) splits a state of the throw graph only
    where pawn identity really matters, so the graph is explored in the
    same order as without the bookkeeping everywhere else.
    """
    if (flag == 0 or flag == code) and (new_code & _PMASK) + sum(_nvalue(n) for n in left) == 72:
        return new_code
    return _NOBODY


def _whole_doublet(flag: int, code: int, group: tuple[int, ...], rem: tuple[int, ...]) -> bool:
    """§5.5 ``no_split_doubles_home``: has this pawn alone used every number of the set?

    True when the move spends the last numbers and no other pawn has used a
    number of the throw (``flag``, see :func:`_single_mover`). Pawn identity
    is followed through the throw: that the other pawns merely stand where
    the mover's pawns stood at the start is not enough, since two pawns may
    have changed places (a blockade that breaks and re-forms).
    """
    return len(group) == len(rem) and flag in (0, code)


def _blockades_ok(ctx: _Context, mine: tuple[int, ...]) -> bool:
    """§5.5: the pawns of a starting blockade do not stand together on another space."""
    if not ctx.tag_squares:
        return True
    where: dict[int, int] = {}
    for code in mine:
        tag = code >> 10
        if tag:
            p = code & _PMASK
            s = ctx.routes[_colour(code)][p]
            if s == OFF:
                where[tag] = -2 - tag  # not on a space: never "together"
                continue
            if where.get(tag) == s and s != ctx.tag_squares[tag]:
                return False
            where[tag] = s
    return True


def _pf_bonus_edges(ctx: _Context, state: _State) -> list[_Edge]:
    """Bonus moves (§5.7) from a bonus state ``(mine, pending, gone, flag)``."""
    mine, pending, gone, flag = state
    own = _pf_own(ctx, mine)
    blocked = _pf_blocked(ctx, own, gone)
    out: list[_Edge] = []
    seen: set[int] = set()
    for v in sorted(set(pending)):
        rest = _remove(pending, (v,))
        seen.clear()
        for code in mine:
            p = code & _PMASK
            if not 1 <= p <= 71 or code in seen:
                continue
            seen.add(code)
            c = _colour(code)
            t = p + v
            sq = _pf_land(ctx, own, blocked, gone, c, p, t, True)
            if sq is None:
                continue
            new = list(mine)
            new.remove(code)
            new.append(_with_p(code, t))
            new_t = tuple(sorted(new))
            if not _blockades_ok(ctx, new_t):
                continue
            earned = list(rest)
            if sq != OFF and ctx.capture_bonus:
                earned.append(ctx.capture_bonus)
            if t == 72 and ctx.home_bonus:
                earned.append(ctx.home_bonus)
            out.append(
                (
                    (BONUS, c, p, t, (v,), sq != OFF),
                    (
                        new_t,
                        tuple(sorted(earned)),
                        gone if sq == OFF else tuple(sorted((*gone, sq))),
                        flag,
                    ),
                )
            )
    return out


def _pf_pending(ctx: _Context, start: _State, end: _State) -> tuple[int, ...]:
    """Bonuses earned in the dice part: one per capture, one per pawn that reached HOME."""
    out: list[int] = []
    if ctx.capture_bonus:
        out += [ctx.capture_bonus] * (len(end[2]) - len(start[2]))
    if ctx.home_bonus:
        before = sum(1 for code in start[0] if code & _PMASK == 72)
        after = sum(1 for code in end[0] if code & _PMASK == 72)
        out += [ctx.home_bonus] * (after - before)
    return tuple(sorted(out))


def _number_sets(ctx: _Context) -> list[tuple[str, tuple[int, ...]]]:
    """The number sets of the throw (§5.2, §7): one, or Eight-Man's options A/B/C."""
    a, b = ctx.throw
    pos = ctx.position
    both = 0
    for c in ctx.colours:
        both |= 1 << c
    if not ctx.doublet:
        return [("", tuple(sorted((a | both << 4, b | both << 4))))]
    d, e = a, 7 - a
    nest = [c for c in ctx.colours if 0 in pos.pawns[c]]
    if len(nest) == len(ctx.colours):
        return [("", (d | both << 4, d | both << 4))]
    if not nest:
        return [("", tuple(sorted((d | both << 4,) * 2 + ((e | 8) | both << 4,) * 2)))]
    # Eight-Man mixed doublet: F has no pawn in its nest, N has.
    (n_col,) = nest
    (f_col,) = [c for c in ctx.colours if c != n_col]
    fb, nb = 1 << f_col, 1 << n_col
    return [
        ("A", tuple(sorted((d | fb << 4,) * 2 + ((e | 8) | fb << 4,) * 2))),
        ("B", (d | nb << 4, d | nb << 4)),
        ("C", tuple(sorted((d | fb << 4, (e | 8) | fb << 4, d | nb << 4)))),
    ]


# ---------------------------------------------------------------------------
# Exploring a throw graph


@dataclass
class _Graph:
    """The explored dice part of one number set: states, edges and the selected terminals."""

    start: _State
    parent: dict[_State, tuple[_State, _Act] | None]
    edges: dict[_State, list[_Edge]] | None
    selected: list[_State]
    moves_something: bool
    full_use: dict[_State, bool]


_Parents = dict[_State, tuple[_State, _Act] | None]


def _explore(
    expand: Callable[[_State], list[_Edge]], starts: Sequence[_State], keep_edges: bool
) -> tuple[_Parents, dict[_State, list[_Edge]] | None]:
    """Every state reachable from ``starts``, with the first edge that reached it."""
    parent: _Parents = dict.fromkeys(starts)
    edges: dict[_State, list[_Edge]] | None = {} if keep_edges else None
    stack = list(parent)
    while stack:
        s = stack.pop()
        es = expand(s)
        if edges is not None:
            edges[s] = es
        for act, nxt in es:
            if nxt not in parent:
                parent[nxt] = (s, act)
                stack.append(nxt)
    return parent, edges


def _select_pagade(start: _State, states: Sequence[_State]) -> list[_State]:
    """§4.7: plays spending the most dice (both, else one), else the throw passes."""
    best = min(len(s[1]) for s in states)
    if best == len(start[1]):
        return [start]
    return [s for s in states if len(s[1]) == best]


def _select_pf(ctx: _Context, start: _State, states: Sequence[_State]) -> list[_State]:
    """§5.5/§5.6 on the candidate terminal states of one number set."""
    nest0 = sum(1 for code in start[0] if code & _PMASK == 0)
    n_all = len(start[1])
    cands = [s for s in states if _blockades_ok(ctx, s[0])]

    def entered(s: _State) -> int:
        return nest0 - sum(1 for code in s[0] if code & _PMASK == 0)

    has_bottom = any(_nbottom(n) for n in start[1])
    partial = ctx.position.setup.option("partial_doubles")
    if has_bottom and partial == "nothing":
        full = [s for s in cands if not s[1]]
        if not full:
            return [start]
        most = max(entered(s) for s in full)
        return [s for s in full if entered(s) == most]
    most = max(entered(s) for s in cands)
    kept = [s for s in cands if entered(s) == most]
    used = max(n_all - len(s[1]) for s in kept)
    if used == 0:
        return [start]
    kept = [s for s in kept if n_all - len(s[1]) == used]
    if ctx.larger_die and not ctx.doublet and used == 1:
        big = max(ctx.throw)
        with_big = [s for s in kept if all(_nvalue(n) != big for n in s[1])]
        if with_big:
            kept = with_big
    return kept


def _graph(ctx: _Context, numbers: tuple[int, ...], keep_edges: bool) -> _Graph:
    if ctx.ruleset == "pagade":
        start: _State = (_start_mine(ctx), numbers, (), _pagade_flag(ctx))
        parent, edges = _explore(lambda s: _pagade_edges(ctx, s), [start], keep_edges)
        selected = _select_pagade(start, list(parent))
    else:
        start = (_start_mine(ctx), numbers, (), 0)
        parent, edges = _explore(lambda s: _pf_edges(ctx, s), [start], keep_edges)
        selected = _select_pf(ctx, start, list(parent))
    moves = selected != [start]
    return _Graph(start, parent, edges, selected, moves, {s: not s[1] for s in selected})


def _pagade_flag(ctx: _Context) -> bool:
    cut = ctx.position.cut
    return bool(cut[ctx.mover]) if cut is not None else False


def _path(parent: _Parents, s: _State, made: dict[_Act, Action]) -> list[Action]:
    """The actions of the first path found from a start state to ``s``.

    ``made`` holds the :class:`Action` objects built so far for this throw:
    paths share their first steps, and an action is immutable.
    """
    acts: list[Action] = []
    link = parent[s]
    while link is not None:
        prev, act = link
        action = made.get(act)
        if action is None:
            action = made[act] = Action(*act)
        acts.append(action)
        link = parent[prev]
    acts.reverse()
    return acts


def _bonus_start(ctx: _Context, g: _Graph, s: _State) -> _State:
    """The bonus-part state after the dice part ended in ``s`` (§5.7)."""
    return (_strip(s[0]), _pf_pending(ctx, g.start, s), s[2], 0)


# ---------------------------------------------------------------------------
# Building resulting positions


def _pawns_after(
    ctx: _Context, mine: tuple[int, ...], gone: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Every colour's pawns: the mover's from ``mine``, the others less the captured."""
    pos = ctx.position
    pawns = list(pos.pawns)
    colours = ctx.colours
    if len(colours) == 1:
        pawns[colours[0]] = tuple(sorted([code & _PMASK for code in mine]))
    else:
        per: dict[int, list[int]] = {c: [] for c in colours}
        for code in mine:
            per[(code >> 7) & 3].append(code & _PMASK)
        for c, ps in per.items():
            ps.sort()
            pawns[c] = tuple(ps)
    if gone:
        gset = set(gone)
        for c in pos.setup.colours_in_play:
            if c in ctx.colours:
                continue
            route = ctx.routes[c]
            if any(route[p] in gset for p in pawns[c]):
                pawns[c] = tuple(sorted(0 if route[p] in gset else p for p in pawns[c]))
    return tuple(pawns)


def _result(
    ctx: _Context, mine: tuple[int, ...], gone: tuple[int, ...], flag: int, extra: bool
) -> Position:
    """The position at the next throw boundary (§3.3, §3.5)."""
    pos = ctx.position
    pawns = _pawns_after(ctx, mine, gone)
    cut = pos.cut
    if cut is not None and flag and not cut[ctx.mover]:
        cut = tuple(True if i == ctx.mover else f for i, f in enumerate(cut))
    return advance(pos, pawns, cut, extra)


def _third_doublet(ctx: _Context) -> list[tuple[list[Action], Position]]:
    """§5.8: the mover's pawn with the highest p in 1..71 goes back; turn passes."""
    pos = ctx.position
    best = 0
    for c in ctx.colours:
        for p in pos.pawns[c]:
            if p < 72 and p > best:
                best = p
    if best == 0:
        return [([], _result(ctx, _start_mine(ctx), (), False, False))]
    out = []
    for c in ctx.colours:
        if best in pos.pawns[c]:
            mine = list(_start_mine(ctx))
            for i, code in enumerate(mine):
                if _colour(code) == c and code & _PMASK == best:
                    mine[i] = _with_p(code, 0)
                    break
            act = Action(PENALTY, c, best, 0)
            out.append(([act], _result(ctx, tuple(sorted(mine)), (), False, False)))
    return out


def _check_throw(pos: Position, throw: Sequence[int]) -> tuple[int, int]:
    t = dice_for(pos.setup.ruleset).check(throw)
    # A dead end (§3.5) still answers a throw with its one passing outcome: only
    # a game ended by its finishers refuses throws here (Game refuses both).
    if pos.is_decided:
        raise ThrowError("the game is over: no more throws")
    return t


def _extra(ctx: _Context, all_used: bool) -> bool:
    """§5.8: does this doublet grant another throw (before finishing is checked)?"""
    if ctx.ruleset == "pagade" or not ctx.doublet:
        return False
    if ctx.position.setup.option("partial_doubles") == "nothing":
        return True
    return all_used


def legal_plays(position: Position, throw: Sequence[int]) -> list[Play]:
    """Every legal play of ``throw`` in ``position``: one per distinct resulting position.

    Raises :class:`~pachisi.errors.ThrowError` for a face the dice lack or a
    throw after the game is over. A throw that cannot be used gives exactly
    one play with no actions.
    """
    t = _check_throw(position, throw)
    ctx = _context(position, t)
    if ctx.ruleset != "pagade" and ctx.doublet and position.doubles == 2:
        results: dict[Position, list[Action]] = {}
        for acts, res in _third_doublet(ctx):
            results.setdefault(res, acts)
        return [Play(tuple(a), p, t) for p, a in results.items()]
    if ctx.ruleset == "pagade":
        sets: list[tuple[str, tuple[int, ...]]] = [("", tuple(sorted(t)))]
    else:
        sets = _number_sets(ctx)
    graphs = [(name, _graph(ctx, numbers, False)) for name, numbers in sets]
    moving = [(n, g) for n, g in graphs if g.moves_something]
    if not moving:
        s = graphs[0][1].start
        return [Play((), _result(ctx, s[0], s[2], s[3], _extra(ctx, False)), t)]
    # Raw end states (mine, gone, flag, extra) with one action path each;
    # positions are built only for the distinct ones.
    ends: dict[tuple[tuple[int, ...], tuple[int, ...], int, bool], list[Action]] = {}
    made: dict[_Act, Action] = {}
    for name, g in moving:
        prefix = [Action(OPTION, option=name)] if name else []
        if ctx.ruleset == "pagade":
            for s in g.selected:
                key = (s[0], s[2], s[3], False)
                if key not in ends:
                    ends[key] = prefix + _path(g.parent, s, made)
            continue
        # The bonus part (§5.7) from every selected dice terminal with a bonus
        # pending, all at once; the others end with their dice part.
        roots: dict[_State, _State] = {}
        for s in g.selected:
            pending = _pf_pending(ctx, g.start, s)
            if not pending:
                key = (s[0], s[2], False, _extra(ctx, not s[1]))
                if key not in ends:
                    ends[key] = prefix + _path(g.parent, s, made)
                continue
            roots.setdefault((_strip(s[0]), pending, s[2], 0), s)
        if not roots:
            continue
        parent, edges = _explore(lambda b: _pf_bonus_edges(ctx, b), list(roots), True)
        assert edges is not None
        for b, es in edges.items():
            if es:
                continue  # a pending bonus can still be taken: not an end
            bonus_path = _path(parent, b, made)
            root = b
            while (link := parent[root]) is not None:
                root = link[0]
            dice_end = roots[root]
            key = (b[0], b[2], False, _extra(ctx, g.full_use[dice_end]))
            if key not in ends:
                ends[key] = prefix + _path(g.parent, dice_end, made) + bonus_path
    plays: dict[Position, Play] = {}
    for (mine, gone, flag, extra), acts in ends.items():
        res = _result(ctx, mine, gone, flag, extra)
        if res not in plays:
            plays[res] = Play(tuple(acts), res, t)
    return list(plays.values())


def _strip(mine: tuple[int, ...]) -> tuple[int, ...]:
    """Forget the dice-part bookkeeping (moved flags) once the dice are played."""
    return tuple(sorted(code & ~_MOVED for code in mine))


# ---------------------------------------------------------------------------
# Steps


@dataclass(frozen=True)
class _Phase:
    """Where a :class:`Turn` stands.

    ``kind``: "penalty" (third doublet, a pawn to choose), "option"
    (Eight-Man set to choose), "dice" (inside the dice part of number set
    ``name`` at ``state``), "bonus" (bonus part at ``state``), "done" (the
    throw is played; ``state`` is the last state, or ``result`` is given).
    """

    kind: str
    name: str = ""
    state: _State | None = None
    extra: bool = False
    result: Position | None = None


class Turn:
    """A throw played one :class:`Action` at a time (for user interfaces and agents).

    At every point :meth:`legal_steps` lists exactly the actions that extend
    to some legal play (the ones of :func:`legal_plays`); :meth:`push` and
    :meth:`pop` make and unmake steps; once :attr:`is_complete`,
    :meth:`result` is the position at the next throw boundary, the same as
    the matching play's.

    >>> from pachisi import Position
    >>> pos = Position.start("parcheesi", players=2)
    >>> turn = Turn(pos, (5, 2))
    >>> [a.notation(pos.setup.colour_names) for a in turn.legal_steps()]
    ['R0-1']
    >>> turn.push(turn.legal_steps()[0]); turn.legal_steps()[0].to
    3
    """

    def __init__(self, position: Position, throw: Sequence[int]) -> None:
        self.position = position
        self.throw = _check_throw(position, throw)
        ctx = self._ctx = _context(position, self.throw)
        self._stack: list[tuple[Action, _Phase]] = []
        self._penalty: list[tuple[list[Action], Position]] = []
        self._graphs: dict[str, _Graph] = {}
        self._good: dict[str, set[_State]] = {}
        self._moving: list[str] = []
        if ctx.ruleset != "pagade" and ctx.doublet and position.doubles == 2:
            self._penalty = _third_doublet(ctx)
            if self._penalty[0][0]:
                self._phase = _Phase("penalty")
            else:
                self._phase = _Phase("done", result=self._penalty[0][1])
            return
        sets = [("", tuple(sorted(self.throw)))] if ctx.ruleset == "pagade" else _number_sets(ctx)
        for name, numbers in sets:
            self._graphs[name] = _graph(ctx, numbers, True)
        self._moving = [n for n, g in self._graphs.items() if g.moves_something]
        if not self._moving:
            start = next(iter(self._graphs.values())).start
            self._phase = _Phase("done", state=start, extra=_extra(ctx, False))
        elif len(sets) > 1:
            self._phase = _Phase("option")
        else:
            self._phase = self._at_dice("", self._graphs[""].start)

    # -- internal phases -----------------------------------------------------

    def _at_dice(self, name: str, s: _State) -> _Phase:
        g = self._graphs[name]
        if name not in self._good:
            self._good[name] = _good_states(g)
        if s not in g.full_use:
            return _Phase("dice", name, s)
        ctx = self._ctx
        if ctx.ruleset == "pagade":
            return _Phase("done", state=s)
        return self._at_bonus(_bonus_start(ctx, g, s), _extra(ctx, g.full_use[s]))

    def _at_bonus(self, b: _State, extra: bool) -> _Phase:
        if _pf_bonus_edges(self._ctx, b):
            return _Phase("bonus", state=b, extra=extra)
        return _Phase("done", state=b, extra=extra)

    def _edges(self) -> list[tuple[Action, _Phase]]:
        ph = self._phase
        out: list[tuple[Action, _Phase]] = []
        if ph.kind == "penalty":
            for acts, res in self._penalty:
                out.append((acts[0], _Phase("done", result=res)))
        elif ph.kind == "option":
            for name in self._moving:
                out.append(
                    (Action(OPTION, option=name), self._at_dice(name, self._graphs[name].start))
                )
        elif ph.kind == "dice":
            assert ph.state is not None
            good = self._good[ph.name]
            edges = self._graphs[ph.name].edges
            assert edges is not None
            for act, nxt in edges[ph.state]:
                if nxt in good:
                    out.append((Action(*act), self._at_dice(ph.name, nxt)))
        elif ph.kind == "bonus":
            assert ph.state is not None
            for act, nxt in _pf_bonus_edges(self._ctx, ph.state):
                out.append((Action(*act), self._at_bonus(nxt, ph.extra)))
        # Tell apart actions that look the same but lead to different states.
        counts: dict[Action, int] = {}
        fixed: list[tuple[Action, _Phase]] = []
        for step, target in out:
            k = counts.get(step, 0)
            counts[step] = k + 1
            if k:
                step = Action(
                    step.kind,
                    step.colour,
                    step.frm,
                    step.to,
                    step.numbers,
                    step.capture,
                    step.option,
                    k,
                )
            fixed.append((step, target))
        return fixed

    # -- public --------------------------------------------------------------

    def legal_steps(self) -> list[Action]:
        """The actions that extend the steps so far to some legal play."""
        return [a for a, _ in self._edges()]

    @property
    def is_complete(self) -> bool:
        """Whether the throw is fully played (no step left to make)."""
        return self._phase.kind == "done"

    @property
    def steps(self) -> tuple[Action, ...]:
        """The actions pushed so far."""
        return tuple(a for a, _ in self._stack)

    @property
    def pending_bonuses(self) -> tuple[int, ...]:
        """Bonus values earned by the steps so far and not yet taken (RULES.md §5.7).

        In the dice part these are the bonuses that will be pending once the
        dice are played; in the bonus part, the ones still to take. Largest
        first; empty in Pagade.
        """
        ph = self._phase
        if ph.state is None or self._ctx.ruleset == "pagade":
            return ()
        if ph.kind == "dice":
            pending = _pf_pending(self._ctx, self._graphs[ph.name].start, ph.state)
        elif ph.kind == "bonus":
            pending = ph.state[1]
        else:
            return ()
        return tuple(sorted(pending, reverse=True))

    @property
    def current_pawns(self) -> tuple[tuple[int, ...], ...]:
        """The pawns by colour after the steps so far (captured pawns already off).

        Like :attr:`pachisi.Position.pawns`, for drawing a throw half played.
        """
        ph = self._phase
        if ph.result is not None:
            return ph.result.pawns
        if ph.state is None:
            if ph.kind == "option" or not self._stack:
                return self.position.pawns
            raise AssertionError("a phase without state")  # pragma: no cover
        mine, _, gone, _ = ph.state
        return _pawns_after(self._ctx, mine, gone)

    def push(self, action: Action) -> None:
        """Make one legal step; :class:`~pachisi.errors.IllegalMoveError` otherwise."""
        for act, target in self._edges():
            if act == action:
                self._stack.append((act, self._phase))
                self._phase = target
                return
        names = self.position.setup.colour_names
        legal = ", ".join(a.notation(names) for a in self.legal_steps()) or "none"
        raise IllegalMoveError(f"illegal step {action.notation(names)}; legal: {legal}")

    def pop(self) -> Action:
        """Unmake the last step and return it; ``IndexError`` if none was made."""
        act, phase = self._stack.pop()
        self._phase = phase
        return act

    def result(self) -> Position:
        """The position at the next throw boundary; only when :attr:`is_complete`."""
        ph = self._phase
        if ph.kind != "done":
            raise IllegalMoveError("the throw is not fully played yet")
        if ph.result is not None:
            return ph.result
        assert ph.state is not None
        mine, _, gone, flag = ph.state
        if self._ctx.ruleset != "pagade":
            flag = False
        return _result(self._ctx, mine, gone, flag, ph.extra)

    def play(self) -> Play:
        """The completed throw as a :class:`Play`."""
        return Play(self.steps, self.result(), self.throw)


def _good_states(g: _Graph) -> set[_State]:
    """States from which a selected terminal can be reached."""
    assert g.edges is not None
    rev: dict[_State, list[_State]] = {}
    for s, es in g.edges.items():
        for _, nxt in es:
            rev.setdefault(nxt, []).append(s)
    good = set(g.selected)
    stack = list(g.selected)
    while stack:
        s = stack.pop()
        for prev in rev.get(s, ()):
            if prev not in good:
                good.add(prev)
                stack.append(prev)
    return good


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
    """
    names = position.setup.colour_names
    tokens = text.split()
    if tokens == ["-"]:
        tokens = []
    turn = Turn(position, throw)

    def search(i: int) -> bool:
        if i == len(tokens):
            return turn.is_complete
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
        raise IllegalMoveError(f"play {text!r} is incomplete (next legal steps: {legal})")
    return turn.play()
