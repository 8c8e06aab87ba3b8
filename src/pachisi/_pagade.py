"""Pagade's edges and selection (RULES.md §4), behind :class:`pachisi._throw.ThrowRules`.

Pagade says *cut*: a pawn landing on opponents cuts them; a cut pawn
re-enters before anything else moves (§4.6); with ``cut_to_enter_home`` a
pawn enters its belly on the way Home only once its player has cut (§4.5).
A state's ``flag`` is the mover's cut flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import ClassVar

from ._throw import (
    COLOUR,
    ENTER,
    MOVE,
    MOVED,
    PAIR,
    PROGRESS,
    PROGRESS_MASK,
    DiceState,
    Edge,
    NumberSet,
    ThrowRules,
    new_state,
    remove,
)
from .board import N_RING, NEST, OFF, PAGADE_HOME, PAGADE_LAST_RING, X_SQUARES
from .position import Position

__all__ = ["Pagade"]

#: A move found by :meth:`Pagade.dice_edges`: kind, pawn code, progress reached,
#: the pawns after (unsorted), dice spent, dice left, the square cut or OFF.
_Move = tuple[str, int, int, list[int], tuple[int, ...], tuple[int, ...], int]


class Pagade(ThrowRules):
    """One Pagade throw: single, sum and pair moves, cutting, re-entry (RULES.md §4)."""

    flag_is_cut: ClassVar[bool] = True

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        super().__init__(position, throw)
        setup = position.setup
        self.cut_to_enter_home = bool(setup.option("cut_to_enter_home"))
        self.safe_x = bool(setup.option("safe_x_squares"))
        self.pair_double = setup.option("pair_move") == "double"

    def number_sets(self) -> list[NumberSet]:
        """§4.2: the two die values."""
        return [("", tuple(sorted(self.throw)))]

    def dice_start(self, numbers: tuple[int, ...]) -> DiceState:
        """The mover's pawns, the dice, no cut yet; ``flag``: the mover's cut flag."""
        cut = self.position.cut
        flag = bool(cut[self.mover]) if cut is not None else False
        return DiceState(self.start_pawns({}), numbers, (), flag)

    def land(
        self,
        own: dict[int, tuple[int, int]],
        cut: tuple[int, ...],
        cut_made: int,
        c: int,
        k: int,
        p: int,
        t: int,
    ) -> int | None:
        """§4.4, §4.5: may ``k`` pawns of colour ``c`` move from ``p`` to ``t``?

        ``own[square]``: how many of the mover's pawns stand there, and their
        colour; ``cut``: the squares cut so far in this throw; ``cut_made``:
        the mover's cut flag. Returns None if illegal, else the ring square
        whose pawns are cut, or :data:`~pachisi.board.OFF` when none is.
        """
        if t > PAGADE_HOME:
            return None
        if self.cut_to_enter_home and p <= PAGADE_LAST_RING < t and not cut_made:
            return None
        s = self.routes[c][t]
        if s == OFF or s >= N_RING:  # Home, or a belly square: always free
            return OFF
        count, colour = own.get(s, (0, c))
        if count:
            if colour != c or count + k > 2:
                return None
            return OFF
        n = 0 if s in cut else self.others[s]
        if not n:
            return OFF
        if self.friendly_at[s]:
            return None
        if self.safe_x and s in X_SQUARES:
            return None
        if n == 2 and k == 1:  # a single pawn never cuts a pair
            return None
        return s

    def dice_edges(self, state: DiceState) -> list[Edge[DiceState]]:
        """§4.3 single, sum and pair moves; §4.6 re-entry first while a pawn is cut."""
        pawns, dice, cut, cut_made = state
        if not dice:
            return []
        routes = self.routes
        own: dict[int, tuple[int, int]] = {}
        waiting: list[int] = []  # the cut pawns
        for code in pawns:
            p = PROGRESS[code]
            if p == NEST:
                waiting.append(code)
                continue
            c = COLOUR[code]
            s = routes[c][p]
            if 0 <= s < N_RING:
                own[s] = (own.get(s, (0, c))[0] + 1, c)
        moves: list[_Move] = []  # made into edges at the end
        # One die's value, as spent, and the dice left after it: per state, not per edge.
        singles = [(v, (v,), remove(dice, (v,))) for v in sorted(set(dice))]
        jump = self.jump
        moved_bit = MOVED if jump else 0

        if waiting:
            # §4.6: every action must re-enter a cut pawn while one is left.
            for code in sorted(set(waiting)):
                c = COLOUR[code]
                rest = list(pawns)
                rest.remove(code)
                base = (code & ~PROGRESS_MASK) | moved_bit  # the pawn, progress to be set
                for v, spent, left in singles:
                    moves.append((ENTER, code, v, [*rest, base | v], spent, left, OFF))
                if jump and len(waiting) == 1 and len(dice) == 2:
                    t = dice[0] + dice[1]
                    sq = self.land(own, cut, cut_made, c, 1, NEST, t)
                    if sq is not None:
                        moves.append((ENTER, code, t, [*rest, base | t], dice, (), sq))
            return self._edges(moves, cut, cut_made)
        seen: set[int] = set()
        for code in pawns:
            p = PROGRESS[code]
            if p == NEST or p >= PAGADE_HOME or code in seen or (jump and code & MOVED):
                continue
            seen.add(code)
            c = COLOUR[code]
            rest = list(pawns)
            rest.remove(code)
            base = (code & ~PROGRESS_MASK) | moved_bit
            for v, spent, left in singles:
                t = p + v
                sq = self.land(own, cut, cut_made, c, 1, p, t)
                if sq is not None:
                    moves.append((MOVE, code, t, [*rest, base | t], spent, left, sq))
            if jump and len(dice) == 2:
                t = p + dice[0] + dice[1]
                sq = self.land(own, cut, cut_made, c, 1, p, t)
                if sq is not None:
                    moves.append((MOVE, code, t, [*rest, base | t], dice, (), sq))
        if self.doublet and len(dice) == 2:
            # Pair moves: two pawns of one colour with the same p (§4.3).
            d = dice[0]
            dist = 2 * d if self.pair_double else d
            by_p: dict[tuple[int, int], list[int]] = {}
            for code in pawns:
                p = PROGRESS[code]
                if NEST < p < PAGADE_HOME:
                    by_p.setdefault((COLOUR[code], p), []).append(code)
            for (c, p), codes in by_p.items():
                if len(codes) < 2:
                    continue
                for pair in sorted(set(combinations(sorted(codes), 2))):
                    sq = self.land(own, cut, cut_made, c, 2, p, p + dist)
                    if sq is not None:
                        t = p + dist
                        new = list(pawns)
                        for code in pair:
                            new.remove(code)
                        new += [(code & ~PROGRESS_MASK) | t | moved_bit for code in pair]
                        moves.append((PAIR, pair[0], t, new, dice, (), sq))
        return self._edges(moves, cut, cut_made)

    @staticmethod
    def _edges(
        moves: list[_Move],
        cut: tuple[int, ...],
        cut_made: int,
    ) -> list[Edge[DiceState]]:
        """The edges of ``moves`` from a state with ``cut`` and ``cut_made``."""
        out: list[Edge[DiceState]] = []
        for kind, code, t, new, spent, left, sq in moves:
            new.sort()
            if sq == OFF:
                after = new_state(DiceState, (tuple(new), left, cut, cut_made))
            else:
                after = new_state(DiceState, (tuple(new), left, tuple(sorted((*cut, sq))), True))
            out.append(((kind, COLOUR[code], PROGRESS[code], t, spent, sq != OFF, ""), after))
        return out

    def select(self, start: DiceState, states: Sequence[DiceState]) -> list[DiceState]:
        """§4.7: plays spending the most dice (both, else one), else the throw passes."""
        fewest_left = min(len(s.numbers) for s in states)
        if fewest_left == len(start.numbers):
            return [start]
        return [s for s in states if len(s.numbers) == fewest_left]
