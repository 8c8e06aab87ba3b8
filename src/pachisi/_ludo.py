"""Ludo and Mensch ärgere Dich nicht in the clear engine (RULES-LUDO.md §9, §10).

A throw is one die and moves one pawn or nothing, so a throw's graph is one
layer: :class:`OneDie` gives the driver (:class:`pachisi._graph.ThrowGraph`)
every outcome at once through :meth:`OneDie.penalty` (the layer that
replaces the dice part, as a third doublet does in the Parcheesi family),
one step each, or none for a throw that cannot be used. The boards are the
data of :mod:`pachisi._ludo_board`; what is here are the functions that are
truly these games' own: where a pawn goes (L.3, M.4), landing (L.4, M.3),
which moves are allowed (L.5, M.5) and what follows a throw (L.6, L.7,
M.6, M.7).

Outcomes come in canonical order: sorted by the resulting position
(:func:`outcome_key`: the pawns colour by colour, as
:func:`pachisi._accel.canonical_plays` orders the other rulesets, then
whether the mover throws again, ``doubles``, ``tries``, ``opening``).

Where each rule is implemented:

======  ==============================================================
rule    implemented by
======  ==============================================================
L.1     ``_ludo_board.LUDO``, ``_ludo_board.LUDO_SAFE``, ``LUDOPY_*``
L.2.2-3 ``rules._check_one_die_players``; ``_after`` (turns)
L.2.4-5 ``Ludo._seen`` (with and without ``ludopy_quirks``)
L.3     ``Ludo._move`` (yard, home column, ring, passing)
L.4     ``Ludo._land`` (safe squares, ludopy's board), ``Ludo._resolve``
L.5     ``Ludo.moves`` (every pawn that may move; none: the throw passes)
L.6-7   ``_after`` (third 6, win, tries, another throw, doubles)
L.8     ``position.Position.initial``
M.1     ``_ludo_board.MAEDN``
M.3-5   ``Maedn.moves`` (capacity, captures, goal, the order of M.5)
M.6-7   ``_after`` (a 6 throws again; ``three_tries``, ``three_sixes``)
======  ==============================================================
"""

from __future__ import annotations

from collections.abc import Sequence

from ._ludo_board import (
    LUDO,
    LUDO_SAFE,
    LUDOPY_ENTRIES,
    LUDOPY_GLOBES,
    LUDOPY_NEXT_STAR,
    MAEDN,
)
from ._throw import ENTER, MOVE, Step, ThrowRules, make_step
from .position import Position, player_finished

__all__ = ["Ludo", "Maedn", "Move", "OneDie", "outcome_key"]

#: One way to play a throw: the mover's arm, from, to (final progress of the moved pawn),
#: the pawns of every colour after it, whether it captured, whether the pawn reached Home.
Move = tuple[int, int, int, tuple[tuple[int, ...], ...], bool, bool]

_HOME = LUDO.end  # 57


def outcome_key(after: Position) -> tuple[int, ...]:
    """A resulting position's place in the canonical order of one throw's outcomes."""
    key: list[int] = []
    for ps in after.pawns:
        key.extend(ps if ps else (0, 0, 0, 0))
    key += [after.to_move, after.doubles, after.tries, int(after.opening)]
    return tuple(key)


def _with(
    pawns: tuple[tuple[int, ...], ...], colour: int, frm: int, to: int
) -> tuple[tuple[int, ...], ...]:
    """``pawns`` with one pawn of ``colour`` moved from ``frm`` to ``to``."""
    mine = list(pawns[colour])
    mine.remove(frm)
    mine.append(to)
    mine.sort()
    out = list(pawns)
    out[colour] = tuple(mine)
    return tuple(out)


class OneDie(ThrowRules):
    """One throw of a one-die ruleset: every outcome, given at once (see the module)."""

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        # ThrowRules' occupancy tables are for the cross: not needed here.
        setup = position.setup
        self.position = position
        self.throw = throw
        self.mover = position.to_move
        self.colours = setup.players[self.mover]
        self.colour = self.colours[0]
        self.die = throw[0]

    def moves(self) -> list[Move]:
        """Every allowed move of the throw (L.5, M.5); empty if it cannot be used."""
        raise NotImplementedError

    def forfeit(self) -> bool:
        """Whether the throw is a third 6 in a row, forfeited before anything moves."""
        pos = self.position
        return bool(self.die == 6 and pos.doubles == 2 and pos.setup.option("three_sixes"))

    def penalty(self) -> list[tuple[tuple[Step, ...], Position]]:
        """Every outcome of the throw, in canonical order: one step each, or none."""
        pos = self.position
        if self.forfeit():
            return [((), _after(pos, self.die, None, forfeit=True))]
        out: dict[Position, tuple[Step, ...]] = {}
        for colour, frm, to, pawns, captured, home in self.moves():
            res = _after(pos, self.die, (pawns, captured, home))
            kind = ENTER if frm == 0 else MOVE
            step = make_step(kind, colour, frm, to, (self.die,), captured)
            out.setdefault(res, (step,))
        if not out:
            return [((), _after(pos, self.die, None))]
        return [(steps, res) for res, steps in sorted(out.items(), key=_by_position)]


def _by_position(item: tuple[Position, tuple[Step, ...]]) -> tuple[int, ...]:
    return outcome_key(item[0])


def _next_player(pos: Position) -> int:
    return (pos.to_move + 1) % len(pos.setup.players)


def _after(
    pos: Position,
    die: int,
    move: tuple[tuple[tuple[int, ...], ...], bool, bool] | None,
    *,
    forfeit: bool = False,
) -> Position:
    """The position at the next throw boundary (L.6, L.7; M.6, M.7).

    ``move``: the pawns after the move, whether it captured, whether the
    moved pawn reached Home; ``None`` for a throw not used (or forfeited).
    """
    setup = pos.setup
    ludo = setup.ruleset == "ludo"
    mover = pos.to_move
    pawns = pos.pawns if move is None else move[0]
    sixes = bool(setup.option("three_sixes"))
    rule = setup.option("start_tries") if ludo else None
    opening = pos.opening
    finished: tuple[int, ...] = ()
    winner: tuple[int, ...] | None = None

    def passing() -> Position:
        nxt = _next_player(pos)
        still = opening and nxt != 0
        return Position(setup, pawns, nxt, 0, None, finished, winner, still, 0)

    if forfeit:  # L.6.1: the third 6
        return passing()
    if player_finished(setup, pawns, mover):  # L.6.2, L.7, M.7: the game is over
        finished = winner = (mover,)
        return passing()
    mine = [p for c in setup.players[mover] for p in pawns[c]]
    # L.6.3 / OP-M1: tries.
    tries = 0
    if rule == "opening":
        if opening and all(p == 0 for p in mine) and pos.tries < 3:
            tries = pos.tries + 1
    elif rule == "three" or (not ludo and setup.option("three_tries")):
        last = LUDO.end - 1 if ludo else MAEDN.last
        if move is None and not any(1 <= p <= last for p in mine) and pos.tries < 2:
            tries = pos.tries + 1
    # L.6.4, M.6.1: another throw.
    again = tries > 0
    if die == 6 and not (rule == "opening" and opening):
        again = True
    if ludo and move is not None and setup.option("bonus_throws") and (move[1] or move[2]):
        again = True
    if not again:
        return passing()
    doubles = (pos.doubles + 1 if die == 6 else 0) if sixes else 0
    return Position(setup, pawns, mover, doubles, None, (), None, opening, tries)


class Ludo(OneDie):
    """A ``ludo`` throw (RULES-LUDO.md §9)."""

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        super().__init__(position, throw)
        opt = position.setup.option
        self.board = str(opt("board"))
        self.skip = opt("last_ring_square") == "skip"
        self.overshoot = str(opt("overshoot"))
        self.blocks = str(opt("blocks"))
        self.quirks = bool(opt("ludopy_quirks"))
        self.safe = LUDO_SAFE[self.board]
        # The opponents in the order m + 1, m + 2, m + 3 (L.2.5), with their distance i.
        m = self.colour
        in_play = position.setup.colours_in_play
        self.opponents = [((m + i) % 4, i) for i in (1, 2, 3) if (m + i) % 4 in in_play]

    # -- L.2.4, L.2.5 ---------------------------------------------------------

    def _seen(self, pawns: tuple[tuple[int, ...], ...], s: int) -> list[tuple[int, list[int]]]:
        """The opponent pawns seen on the mover's square ``s``: (arm, their progress numbers)."""
        out: list[tuple[int, list[int]]] = []
        for arm, i in self.opponents:
            if self.quirks:
                if s == 13 * i + 1:
                    want = {1, 52}
                elif s <= 13 * i:
                    want = {s + 52 - 13 * i}
                else:
                    want = {s - 13 * i}
                ks = [k for k in pawns[arm] if k in want]
            else:
                ks = [k for k in pawns[arm] if 1 <= k <= 51 and (k - s + 13 * i) % 52 == 0]
            if ks:
                out.append((arm, ks))
                if self.quirks:
                    break  # only the first opponent counts (OP-L11)
        return out

    def _is_block(self, pawns: tuple[tuple[int, ...], ...], s: int) -> bool:
        if s in self.safe:
            return False
        return any(len(ks) >= 2 for _, ks in self._seen(pawns, s))

    # -- L.4.2 -----------------------------------------------------------------

    def _resolve(
        self, pawns: tuple[tuple[int, ...], ...], s: int
    ) -> tuple[tuple[tuple[int, ...], ...], bool, bool] | None:
        """Resolve the mover's square ``s``: (pawns, captured, mover killed), None if forbidden."""
        seen = self._seen(pawns, s)
        if not seen:
            return pawns, False, False
        if any(len(ks) >= 2 for _, ks in seen):
            if self.blocks == "kill_mover":
                return pawns, False, True
            return None
        out = list(pawns)
        for arm, ks in seen:
            rest = list(out[arm])
            for k in ks:
                rest.remove(k)
                rest.append(0)
            out[arm] = tuple(sorted(rest))
        return tuple(out), True, False

    # -- L.3, L.4 ----------------------------------------------------------------

    def _move(self, p: int) -> Move | None:
        """The move of a pawn at ``p`` with the die, or None if it may not move."""
        d, m, pawns = self.die, self.colour, self.position.pawns
        if p == _HOME:
            return None
        if p == 0:
            if d != 6:
                return None
            return self._land(p, 1)
        if p >= 52:  # the home column (L.3.3)
            t = p + d
            if t > _HOME:
                if self.overshoot == "exact":
                    return None
                t = 114 - t if self.overshoot == "bounce" else _HOME - d
            return (m, p, t, _with(pawns, m, p, t), False, t == _HOME)
        t = p + d
        if self.skip and t == LUDO.last:
            t = 52  # OP-K1
        if self.blocks == "impassable":
            for s in range(p + 1, min(t, 52)):
                if self._is_block(pawns, s):
                    return None
        if t > 52 or (t == 52 and not self.quirks):
            return (m, p, t, _with(pawns, m, p, t), False, t == _HOME)
        return self._land(p, t)

    def _land(self, p: int, t: int) -> Move | None:
        """A pawn from ``p`` landing on the mover's square ``t`` (L.4); ``t`` = 52: OP-L2."""
        m = self.colour
        pawns = _with(self.position.pawns, m, p, t)
        if t == 52:  # with ludopy_quirks: resolved as a ring square (L.3.4)
            return self._finish(p, t, [t], pawns)
        if self.board != "ludopy":
            if t in self.safe:
                return (m, p, t, pawns, False, False)
            return self._finish(p, t, [t], pawns)
        # Board "ludopy" (L.4.3).
        if t == 1:
            return self._finish(p, t, [1], pawns)
        if t == LUDO.last:
            home = _with(self.position.pawns, m, p, _HOME)
            if not self.quirks:
                return (m, p, _HOME, home, False, True)
            return self._finish(p, _HOME, [t], home)
        nxt = LUDOPY_NEXT_STAR.get(t)
        if nxt is not None:
            return self._finish(p, nxt, [t, nxt], _with(self.position.pawns, m, p, nxt))
        if t in LUDOPY_GLOBES:
            if self._seen(pawns, t):
                return (m, p, 0, _with(self.position.pawns, m, p, 0), False, False)
            return (m, p, t, pawns, False, False)
        i = LUDOPY_ENTRIES.get(t)
        if i is not None:
            owner = (m + i) % 4
            if any(arm == owner for arm, _ in self._seen(pawns, t)):
                return (m, p, 0, _with(self.position.pawns, m, p, 0), False, False)
        return self._finish(p, t, [t], pawns)

    def _finish(
        self, p: int, to: int, squares: Sequence[int], pawns: tuple[tuple[int, ...], ...]
    ) -> Move | None:
        """Resolve ``squares`` one after another with the mover standing at ``to``."""
        m = self.colour
        captured = killed = False
        for s in squares:
            res = self._resolve(pawns, s)
            if res is None:
                return None
            pawns, cap, dead = res
            captured |= cap
            killed |= dead
        if killed:
            return (m, p, 0, _with(pawns, m, to, 0), captured, False)
        return (m, p, to, pawns, captured, to == _HOME)

    def moves(self) -> list[Move]:
        """Every pawn that may move (L.5.1), one move per distinct pawn."""
        out: list[Move] = []
        for p in sorted(set(self.position.pawns[self.colour])):
            mv = self._move(p)
            if mv is not None:
                out.append(mv)
        return out


class Maedn(OneDie):
    """A ``maedn`` throw (RULES-LUDO.md §10)."""

    def moves(self) -> list[Move]:
        """The moves M.5 allows, in its order of precedence."""
        pos, d, m = self.position, self.die, self.colour
        opt = pos.setup.option
        mine = pos.pawns[m]
        own = set(mine)
        # The opponent pawn on each ring field: its colour and progress (M.3.1: one at most).
        at: dict[int, tuple[int, int]] = {}
        for c in pos.setup.colours_in_play:
            if c != m:
                for p in pos.pawns[c]:
                    if 1 <= p <= MAEDN.last:
                        at[MAEDN.square(c, p)] = (c, p)
        jump = bool(opt("goal_jump"))

        def move(p: int, t: int) -> Move | None:
            if t > MAEDN.end or t in own:
                return None
            if (
                not jump
                and t > MAEDN.last
                and any(f in own for f in range(max(p + 1, MAEDN.last + 1), t))
            ):
                return None  # no passing in the goal (OP-M4)
            pawns = _with(pos.pawns, m, p, t)
            captured = False
            if t <= MAEDN.last:
                victim = at.get(MAEDN.square(m, t))
                if victim is not None:
                    pawns, captured = _with(pawns, victim[0], victim[1], 0), True
            return (m, p, t, pawns, captured, False)

        in_yard = 0 in own
        if in_yard and 1 in own and 1 + d not in own:  # M.5.1
            mv = move(1, 1 + d)
            assert mv is not None
            return [mv]
        if d == 6 and in_yard and 1 not in own:  # M.5.2
            mv = move(0, 1)
            assert mv is not None
            return [mv]
        out = [mv for p in sorted(own) if p > 0 and (mv := move(p, p + d)) is not None]
        if opt("must_capture") and any(mv[4] for mv in out):
            out = [mv for mv in out if mv[4]]
        return out
