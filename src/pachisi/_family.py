"""The Parcheesi family's edges and selection (RULES.md §5, §6, §7).

Parcheesi, Whitman and Eight-Man share this module; they differ only by
their switches (Whitman's, §6) and by Eight-Man's two colours per player and
number sets A/B/C (§7). The family says *capture*. A throw has a dice part
(:meth:`Family.dice_edges`, selected by :meth:`Family.select`) and, when
captures or pawns reaching HOME earned bonuses, a bonus part
(:meth:`Family.bonus_edges`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ._throw import (
    BONUS,
    COLOUR,
    ENTER,
    IS_BOTTOM,
    MOVE,
    MOVED,
    PENALTY,
    PROGRESS,
    PROGRESS_MASK,
    TAG,
    USERS,
    VALUE,
    BonusState,
    DiceState,
    Edge,
    NumberSet,
    Step,
    ThrowRules,
    make_step,
    new_state,
    number,
    remove,
)
from .board import (
    FAMILY_ENTRY,
    FAMILY_HOME,
    N_RING,
    N_SQUARES,
    NEST,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
)
from .position import Position

__all__ = ["Family", "StartingBlockades", "single_mover", "whole_doublet"]

#: The pips of a die's top and bottom faces add up to this (RULES.md §3.2).
OPPOSITE_FACES: Final = 7
#: A pawn enters with a top 5, or with two tops adding up to 5 (RULES.md §5.3).
ENTERING: Final = 5


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

# A group of numbers one pawn may move with: (distance, numbers, values spent, numbers left)
_Group = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
_GROUPS: dict[tuple[tuple[int, ...], int, bool], list[_Group]] = {}


def _groups(numbers: tuple[int, ...], bit: int, jump: bool) -> list[_Group]:
    """Distinct groups of usable numbers: single numbers (hops) or any sub-multiset (jump).

    ``bit`` is ``1 << colour`` of the moving pawn. The answers are cached:
    there are only a few hundred distinct questions.
    """
    key = (numbers, bit, jump)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    usable = [n for n in numbers if USERS[n] & bit]
    chosen: list[tuple[int, ...]]
    if not jump:
        chosen = [(n,) for n in sorted(set(usable))]
    else:
        groups: set[tuple[int, ...]] = set()
        for k in range(1, len(usable) + 1):
            groups.update(combinations(usable, k))
        chosen = sorted(groups)
    out = [
        (sum(VALUE[n] for n in g), g, tuple(VALUE[n] for n in g), remove(numbers, g))
        for g in chosen
    ]
    _GROUPS[key] = out
    return out


# ---------------------------------------------------------------------------
# §5.5 "blockades do not advance"


class StartingBlockades:
    """RULES.md §5.5 ``blockade_may_advance`` false, in one place.

    At the start of the throw every square where exactly two of the mover's
    pawns stand gets a *tag* (1, 2, ... by square); the two pawns carry it in
    their codes through the throw. :meth:`kept` says whether a state obeys
    the rule: no two pawns with one tag stand together on another square.
    The family checks it on the dice part's terminal states
    (:meth:`Family.select`) and after every bonus move
    (:meth:`Family.bonus_edges`).
    """

    def __init__(self, rules: ThrowRules, active: bool) -> None:
        #: ``tags[square]``: the tag of the blockade standing there at the start.
        self.tags: dict[int, int] = {}
        #: ``squares[tag]``: where that blockade stood.
        self.squares: dict[int, int] = {}
        self.routes = rules.routes
        if not active:
            return
        count: dict[int, int] = {}
        position = rules.position
        for c in rules.colours:
            for p in position.pawns[c]:
                s = rules.routes[c][p]
                if s != OFF:
                    count[s] = count.get(s, 0) + 1
        for s, n in sorted(count.items()):
            if n == 2:
                self.tags[s] = len(self.tags) + 1
        self.squares = {t: s for s, t in self.tags.items()}

    def kept(self, pawns: tuple[int, ...]) -> bool:
        """Whether no starting blockade stands together on another square in ``pawns``."""
        if not self.squares:
            return True
        where: dict[int, int] = {}
        for code in pawns:
            tag = TAG[code]
            if tag:
                s = self.routes[COLOUR[code]][PROGRESS[code]]
                if s == OFF:
                    where[tag] = -2 - tag  # not on a space: never "together"
                    continue
                if where.get(tag) == s and s != self.squares[tag]:
                    return False
                where[tag] = s
        return True


# ---------------------------------------------------------------------------
# §5.5 "no split doublets into HOME"

#: :func:`single_mover`'s value once no pawn can reach HOME with the whole doublet.
NOBODY: Final = -1


def single_mover(flag: int, code: int, new_code: int, left: tuple[int, ...]) -> int:
    """The ``no_split_doubles_home`` bookkeeping after pawn ``code`` became ``new_code``.

    ``flag`` is 0 while no pawn has used a number of the throw; afterwards
    it is the current code of the one pawn that has used every number so
    far *and* still stands exactly the numbers ``left`` away from HOME, or
    :data:`NOBODY` when there is no such pawn (a second pawn has moved, or
    the first cannot reach HOME with the rest). A pawn's code is never 0
    once it has moved (it stands at p >= 1), so 0 is free. Two pawns with
    one code are interchangeable, so a move of a pawn whose code is ``flag``
    may be taken to be the same pawn moving on.

    Keeping the value canonical (:data:`NOBODY` as soon as the doublet can
    no longer take this pawn HOME) splits a state of the throw graph only
    where pawn identity really matters, so the graph is explored in the
    same order as without the bookkeeping everywhere else.
    """
    if (flag == 0 or flag == code) and PROGRESS[new_code] + sum(
        VALUE[n] for n in left
    ) == FAMILY_HOME:
        return new_code
    return NOBODY


def whole_doublet(flag: int, code: int, group: tuple[int, ...], numbers: tuple[int, ...]) -> bool:
    """§5.5 ``no_split_doubles_home``: has this pawn alone used every number of the set?

    True when the move spends the last ``numbers`` and no other pawn has used
    a number of the throw (``flag``, see :func:`single_mover`). Pawn identity
    is followed through the throw: that the other pawns merely stand where
    the mover's pawns stood at the start is not enough, since two pawns may
    have changed places (a blockade that breaks and re-forms).
    """
    return len(group) == len(numbers) and flag in (0, code)


# ---------------------------------------------------------------------------
# The family


class Family(ThrowRules):
    """One Parcheesi, Whitman or Eight-Man throw (RULES.md §5, §6, §7)."""

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        super().__init__(position, throw)
        setup = position.setup
        #: ``route_index[arm][square]``: the progress at which the arm's route visits it.
        self.route_index = _ROUTE_INDEX[setup.ruleset]
        self.capture_bonus = int(setup.option("capture_bonus"))
        self.home_bonus = int(setup.option("home_bonus"))
        self.larger_die = bool(setup.option("larger_die"))
        self.partial_doubles = setup.option("partial_doubles")
        self.no_split = bool(setup.option("no_split_doubles_home")) and self.doublet
        #: Ring squares where two of the others' pawns stand.
        self.others_blockades = [s for s in range(N_RING) if self.others[s] >= 2]
        self.blockades = StartingBlockades(self, not setup.option("blockade_may_advance"))
        #: How many of the mover's pawns are HOME at the start of the throw.
        self.home_at_start = sum(
            1 for c in self.colours for p in position.pawns[c] if p == FAMILY_HOME
        )

    # -- numbers -------------------------------------------------------------

    def number_sets(self) -> list[NumberSet]:
        """§5.2 (tops, and bottoms once all pawns are entered); §7 Eight-Man's A, B, C."""
        a, b = self.throw
        both = 0
        for c in self.colours:
            both |= 1 << c
        if not self.doublet:
            return [("", tuple(sorted((number(a, False, both), number(b, False, both)))))]
        top, bottom = a, OPPOSITE_FACES - a
        nest = [c for c in self.colours if NEST in self.position.pawns[c]]
        if len(nest) == len(self.colours):
            return [("", (number(top, False, both),) * 2)]
        if not nest:
            return [
                (
                    "",
                    tuple(
                        sorted((number(top, False, both),) * 2 + (number(bottom, True, both),) * 2)
                    ),
                )
            ]
        # Eight-Man mixed doublet: F has no pawn in its nest, N has.
        (n_col,) = nest
        (f_col,) = [c for c in self.colours if c != n_col]
        f, n = 1 << f_col, 1 << n_col
        return [
            ("A", tuple(sorted((number(top, False, f),) * 2 + (number(bottom, True, f),) * 2))),
            ("B", (number(top, False, n),) * 2),
            (
                "C",
                tuple(
                    sorted((number(top, False, f), number(bottom, True, f), number(top, False, n)))
                ),
            ),
        ]

    def dice_start(self, numbers: tuple[int, ...]) -> DiceState:
        """The mover's pawns (with blockade tags), the numbers, nothing captured."""
        return DiceState(self.start_pawns(self.blockades.tags), numbers, (), 0)

    # -- landing -------------------------------------------------------------

    def occupied(self, pawns: tuple[int, ...]) -> dict[int, int]:
        """``own[square]``: how many of the mover's pawns stand on each square."""
        own: dict[int, int] = {}
        routes = self.routes
        for code in pawns:
            s = routes[COLOUR[code]][PROGRESS[code]]
            if s != OFF:
                own[s] = own.get(s, 0) + 1
        return own

    def blocked(self, own: dict[int, int], captured: tuple[int, ...]) -> list[int]:
        """The squares where two pawns stand (own and others' together): none passes (§5.4)."""
        others = self.others
        out = [s for s in self.others_blockades if s not in captured]
        for s, n in own.items():
            if s < N_RING and s not in captured:
                n += others[s]
            if n >= 2:
                out.append(s)
        return out

    def land(
        self,
        own: dict[int, int],
        blocked: list[int],
        captured: tuple[int, ...],
        c: int,
        p: int,
        t: int,
        path: bool,
    ) -> int | None:
        """§5.4: may one pawn of colour ``c`` move from ``p`` to ``t``?

        ``path``: whether the squares between p and t are passed (all moves but
        entering); ``blocked`` lists the squares that may not be passed (see
        :meth:`blocked`). Returns None if illegal, else the captured square or
        :data:`~pachisi.board.OFF`.
        """
        if t > FAMILY_HOME:
            return None
        if path:
            # A route visits each square at most once: a blocked square is passed
            # exactly when its progress number on this route lies strictly between.
            on_route = self.route_index[c]
            for b in blocked:
                if p < on_route[b] < t:
                    return None
        s = self.routes[c][t]
        if s == OFF:  # HOME: unlimited
            return OFF
        n_own = own.get(s, 0)
        n_others = self.others[s] if s < N_RING and s not in captured else 0
        if n_own + n_others >= 2:
            return None
        if n_others and not self.friendly_at[s]:
            if s in SAFETY_SQUARES and path:  # entering captures on the entry's safety space
                return None
            return s
        return OFF

    # -- the dice part ---------------------------------------------------------

    def dice_edges(self, state: DiceState) -> list[Edge[DiceState]]:
        """§5.3 entering, §5.4 moving (hops or jump), §5.5 no split doublets into HOME."""
        pawns, numbers, captured, flag = state
        if not numbers:
            return []
        own = self.occupied(pawns)
        blocked = self.blocked(own, captured)
        out: list[Edge[DiceState]] = []
        jump = self.jump
        no_split = self.no_split
        moved_bit = MOVED if jump else 0
        seen: set[int] = set()
        for code in pawns:
            if code in seen:
                continue
            seen.add(code)
            p = PROGRESS[code]
            c = COLOUR[code]
            bit = 1 << c
            if p == NEST:
                # Entering (§5.3): a top 5, or two tops of a non-doublet adding to 5.
                spends: list[tuple[int, ...]] = []
                fives = [
                    n
                    for n in numbers
                    if VALUE[n] == ENTERING and not IS_BOTTOM[n] and USERS[n] & bit
                ]
                if fives:
                    spends.append((fives[0],))
                if (
                    not self.doublet
                    and len(numbers) == 2
                    and VALUE[numbers[0]] + VALUE[numbers[1]] == ENTERING
                    and all(USERS[n] & bit and not IS_BOTTOM[n] for n in numbers)
                ):
                    spends.append(numbers)
                for spent in spends:
                    sq = self.land(own, blocked, captured, c, NEST, FAMILY_ENTRY, False)
                    if sq is None:
                        continue
                    new = list(pawns)
                    new.remove(code)
                    entered = (code & ~PROGRESS_MASK) | FAMILY_ENTRY
                    new.append(entered)
                    left = remove(numbers, spent)
                    out.append(
                        (
                            (
                                ENTER,
                                c,
                                NEST,
                                FAMILY_ENTRY,
                                tuple(VALUE[n] for n in spent),
                                sq != OFF,
                                "",
                            ),
                            new_state(
                                DiceState,
                                (
                                    tuple(sorted(new)),
                                    left,
                                    captured if sq == OFF else tuple(sorted((*captured, sq))),
                                    single_mover(flag, code, entered, left) if no_split else flag,
                                ),
                            ),
                        )
                    )
                continue
            if p >= FAMILY_HOME or (jump and code & MOVED):
                continue
            rest = list(pawns)
            rest.remove(code)
            base = (code & ~PROGRESS_MASK) | moved_bit  # the pawn, progress to be set
            for dist, group, values, left in _groups(numbers, bit, jump):
                t = p + dist
                if t > FAMILY_HOME:
                    continue
                if t == FAMILY_HOME and no_split and not whole_doublet(flag, code, group, numbers):
                    continue
                sq = self.land(own, blocked, captured, c, p, t, True)
                if sq is None:
                    continue
                new = [*rest, base | t]
                new.sort()
                out.append(
                    (
                        (MOVE, c, p, t, values, sq != OFF, ""),
                        new_state(
                            DiceState,
                            (
                                tuple(new),
                                left,
                                captured if sq == OFF else tuple(sorted((*captured, sq))),
                                single_mover(flag, code, base | t, left) if no_split else flag,
                            ),
                        ),
                    )
                )
        return out

    def select(self, start: DiceState, states: Sequence[DiceState]) -> list[DiceState]:
        """§5.5/§5.6 on the candidate terminal states of one number set."""
        n_all = len(start.numbers)
        kept_blockades = self.blockades.kept
        # The candidates (§5.5) with how many pawns each leaves in the nest: the
        # fewest left is the most entered.
        cands = [
            (len([1 for code in s.pawns if PROGRESS[code] == NEST]), s)
            for s in states
            if kept_blockades(s.pawns)
        ]
        has_bottom = any(IS_BOTTOM[n] for n in start.numbers)
        if has_bottom and self.partial_doubles == "nothing":
            full = [(nest, s) for nest, s in cands if not s.numbers]
            if not full:
                return [start]
            fewest = min(nest for nest, _ in full)
            return [s for nest, s in full if nest == fewest]
        fewest = min(nest for nest, _ in cands)
        kept = [s for nest, s in cands if nest == fewest]
        used = max(n_all - len(s.numbers) for s in kept)
        if used == 0:
            return [start]
        kept = [s for s in kept if n_all - len(s.numbers) == used]
        if self.larger_die and not self.doublet and used == 1:
            big = max(self.throw)
            with_big = [s for s in kept if all(VALUE[n] != big for n in s.numbers)]
            if with_big:
                kept = with_big
        return kept

    # -- the bonus part (§5.7) -------------------------------------------------

    def pending(self, start: DiceState, state: DiceState) -> tuple[int, ...]:
        """Bonuses earned in the dice part: one per capture, one per pawn that reached HOME."""
        out: list[int] = []
        if self.capture_bonus:
            out += [self.capture_bonus] * (len(state.captured) - len(start.captured))
        if self.home_bonus:
            home = len([1 for code in state.pawns if PROGRESS[code] == FAMILY_HOME])
            out += [self.home_bonus] * (home - self.home_at_start)
        return tuple(sorted(out))

    def bonus_root(self, start: DiceState, end: DiceState) -> BonusState | None:
        """The bonus part's start: the pawns without their moved bits, the bonuses pending."""
        pending = self.pending(start, end)
        if not pending:
            return None
        return BonusState(
            tuple(sorted(code & ~MOVED for code in end.pawns)), pending, end.captured, 0
        )

    def bonus_edges(self, state: BonusState) -> list[Edge[BonusState]]:
        """Bonus moves (§5.7): one pending value, one pawn on the board, §5.4 and §5.5 obeyed."""
        pawns, pending, captured, flag = state
        own = self.occupied(pawns)
        blocked = self.blocked(own, captured)
        kept_blockades = self.blockades.kept
        out: list[Edge[BonusState]] = []
        seen: set[int] = set()
        for v in sorted(set(pending)):
            rest = remove(pending, (v,))
            seen.clear()
            for code in pawns:
                p = PROGRESS[code]
                if not NEST < p < FAMILY_HOME or code in seen:
                    continue
                seen.add(code)
                c = COLOUR[code]
                t = p + v
                sq = self.land(own, blocked, captured, c, p, t, True)
                if sq is None:
                    continue
                new = list(pawns)
                new.remove(code)
                new.append((code & ~PROGRESS_MASK) | t)
                new_pawns = tuple(sorted(new))
                if not kept_blockades(new_pawns):
                    continue
                earned = list(rest)
                if sq != OFF and self.capture_bonus:
                    earned.append(self.capture_bonus)
                if t == FAMILY_HOME and self.home_bonus:
                    earned.append(self.home_bonus)
                out.append(
                    (
                        (BONUS, c, p, t, (v,), sq != OFF, ""),
                        new_state(
                            BonusState,
                            (
                                new_pawns,
                                tuple(sorted(earned)),
                                captured if sq == OFF else tuple(sorted((*captured, sq))),
                                flag,
                            ),
                        ),
                    )
                )
        return out

    # -- doublets (§5.8) -------------------------------------------------------

    def extra(self, all_used: bool) -> bool:
        """§5.8: does this doublet grant another throw (before finishing is checked)?"""
        if not self.doublet:
            return False
        if self.partial_doubles == "nothing":
            return True
        return all_used

    def penalty(self) -> list[tuple[tuple[Step, ...], Position]] | None:
        """§5.8 third doublet: the mover's pawn with the highest p in 1..71 goes back."""
        position = self.position
        if not (self.doublet and position.doubles == 2):
            return None
        best = NEST
        for c in self.colours:
            for p in position.pawns[c]:
                if p < FAMILY_HOME and p > best:
                    best = p
        pawns = self.start_pawns(self.blockades.tags)
        if best == NEST:
            return [((), self.result(pawns, (), False, False))]
        out: list[tuple[tuple[Step, ...], Position]] = []
        for c in self.colours:
            if best in position.pawns[c]:
                after = list(pawns)
                for i, code in enumerate(after):
                    if COLOUR[code] == c and PROGRESS[code] == best:
                        after[i] = (code & ~PROGRESS_MASK) | NEST
                        break
                out.append(
                    (
                        (make_step(PENALTY, c, best, NEST),),
                        self.result(tuple(sorted(after)), (), False, False),
                    )
                )
        return out
