"""Pure races: exact win chances once the pawns can no longer meet (issue 33, part 2).

A *pure race* is a position in which no capture, cut or block between
players can happen any more, so each player's progress depends only on his
own dice and choices. Its win chances are then computed the way GNU
Backgammon's one-sided bear-off databases are: for each player alone, by
dynamic programming over the exact dice, the distribution of the number of
turns he needs to finish; the players' distributions are then combined in
turn order (teams per RULES.md §3.5).

When a position is a race (:func:`is_race`), by ruleset:

* ``pagade``: every pawn of every player still in the game is in its belly
  on the way Home (progress 77..83) or Home (84). Belly squares are private
  and unlimited (RULES.md §2.4, §4.4) and Pagade has no bonuses, extra
  throws or penalties (§4.2), so the race is closed: the values are exact
  (``error`` 0) for the policy below.
* ``parcheesi``, ``whitman``, ``eight-man``: every pawn of every player
  still in the game is on its home path (65..71) or HOME (72), except that
  one player may have one pawn anywhere else (in the nest or on the ring):
  with no other pawn outside a home path nothing can meet it (home paths are
  private, §2.4, §5.4). Here the race is *not* closed: a third doublet
  (§5.8) sends a pawn back to the nest from its home path. The one-sided
  model follows such a pawn all the way round again (the engine's plays, HOME
  bonuses and extra throws included); what it cannot follow, because the
  pawns of two players could then meet, or because one player would have
  two pawns outside his home path, is bounded: :attr:`RaceValue.error` is a
  proven bound on the difference between the true chances (under the
  policy) and the ones given.

* ``ludo``, ``maedn`` (RULES-LUDO.md): no capture can happen any more: the
  ring squares each pawn may still stand on (none for a pawn in its home
  column, at Home or on a goal field; the whole route for a pawn in the
  yard) never meet another player's. One die, exact finish, another throw
  after a 6 (and the switches: three sixes, bonus throws, three tries) are
  the engine's; the tables do not follow ludopy's quirks, its overshoot or
  opening, nor "bounce" (``None``). Each player's race is solved on demand
  over the states reachable from the position (at most
  :data:`ONE_DIE_LIMIT`), exactly: a throw that moves nothing is a loop
  solved in closed form, and ``error`` is only the mass left after
  :data:`ONE_DIE_TURNS` turns (0 below rounding).

Everything else (a blockade or a capture still possible, a Pagade pawn on
the ring, a player without his cut flag, a dead end) is not a race:
:func:`race_value` answers ``None``.

The policy. Each player plays the one-sided policy that minimises his
expected number of turns to finish (gnubg's one-sided databases do the
same). This is not always the policy that maximises the chance of winning a
given race: :func:`two_sided_value` solves small two-player races exactly
(both players maximising their own chance) and ``benchmarks/race_policy.py``
measures the difference. :func:`best_race_play` picks, among the plays of a
throw, the one whose result has the best race value for the mover (one
throw ahead of the one-sided policy), which is what the learned player does
in races.

Tables. A one-sided table (per ruleset, switches and colours per player) is
solved once over every race state of one player and kept on disk in
``$PACHISI_CACHE`` (default ``$XDG_CACHE_HOME/pachisi`` or
``~/.cache/pachisi``), with a format version, the package version and a
checksum: a stale or corrupt file is rebuilt, an unwritable directory only
means the table lives in memory. Building prints a progress bar on a
terminal. Players with two colours (Pagade for two, Eight-Man) have too
many race states for one table (up to 330 x 330 in Pagade, more with the
pawn outside the home path in Eight-Man): their tables are solved on demand
over the states reachable from the position, up to :data:`ON_DEMAND_LIMIT`
states, and a larger race is not covered (``None``). A full Parcheesi-family
table also keeps every state's finishing series
(:meth:`SideTable.build_series`, cached in a binary file beside it), so that
a race value with its bound costs a millisecond or two; ``python -m
pachisi.race`` builds the tables ahead. docs/analysis.md has the state
counts, build times and query times.

Standard library only (a core module).

>>> from pachisi import Position
>>> is_race(Position.start("parcheesi"))
False
>>> race_chances(Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0"))
(1.0, 0.0)

Pagade for two: red needs a 1 (7/16 a throw), black a 1-1 or two 1s:

>>> pawns = "r:83.84.84.84,b:82.84.84.84,y:84.84.84.84,g:84.84.84.84"
>>> pos = Position.from_text(f"pagade ry,bg - {pawns} 0 0 11 - -")
>>> is_race(pos), race_value(pos).exact
(True, True)
>>> [round(c, 4) for c in race_chances(pos)]
[0.8375, 0.1625]
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
import zlib
from array import array
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from pathlib import Path
from typing import TYPE_CHECKING

from ._graph import ONE_DIE_RULES
from .dice import dice_for
from .position import Position, player_finished
from .rules import Setup

if TYPE_CHECKING:
    from .moves import Play

__all__ = [
    "BOUND_BY_DEFAULT",
    "CACHE_VERSION",
    "ONE_DIE_LIMIT",
    "ONE_DIE_TURNS",
    "ON_DEMAND_LIMIT",
    "SERIES_TAIL",
    "SERIES_TURNS",
    "SMALL_LIMIT",
    "Distribution",
    "RaceValue",
    "SideTable",
    "best_race_play",
    "build_table",
    "by_default",
    "cache_dir",
    "finish_distribution",
    "is_race",
    "played_by_default",
    "race_chances",
    "race_value",
    "side_table",
    "tables_ready",
    "two_sided_value",
    "used_by_default",
]

#: The format of the cached table files; a file of another version is rebuilt.
CACHE_VERSION = 1
#: Two-colour players: the most one-sided states solved on demand for one position.
ON_DEMAND_LIMIT = 4000
#: Single-colour players: a race reaching more states than this builds the full table
#: (once, then cached on disk) rather than solving them on demand.
SMALL_LIMIT = 400
#: In the policy, a branch the model does not follow (U) is priced at this many turns.
U_COST = 40.0
#: Turns followed in a finishing distribution; mass still unfinished then counts in the error.
MAX_TURNS = 4000
#: Probability mass below which a one-sided distribution is cut off (counted in the error).
_TINY = 1e-18
#: In the Parcheesi family, whose values carry an error bound anyway (third doublets), the
#: mass cut off per state and turn, and the unfinished mass at which a distribution stops:
#: both count in the bound (a few 1e-6 at most), and cut the time of a first query.
_FAMILY_TINY = 1e-10
_FAMILY_TAIL = 1e-6
#: A full Parcheesi-family table's series (:meth:`SideTable.build_series`): a state's
#: series ends once less than this mass is unfinished (counted in the error bound) ...
SERIES_TAIL = 1e-7
#: ... or after this many turns.
SERIES_TURNS = 400
#: The analysis takes a race value by default only when its error bound is at most this
#: (2 points of win chance): a lone pawn on the ring in a four-player race can leave
#: a bound of several points (the others' third doublets while it runs).
BOUND_BY_DEFAULT = 0.02
#: A bound below this is floating-point rounding: the value is exact.
_EXACT = 1e-12

_FAMILY_PATH = 65  # first home path space (RULES.md §2.5)
_PAGADE_BELLY = 77  # first belly square on the way Home (RULES.md §2.5, §4.5)

# Outcome kinds of one throw for one player.
_FIN, _U, _PASS, _EXT = 0, 1, 2, 3
# Targets in a turn kernel: a state id (>= 0), or:
_T_FIN, _T_U = -1, -2

State = tuple[tuple[int, ...], ...]
Outcome = tuple[int, int]  # (kind, state id or -1)
Kernel = tuple[tuple[int, float], ...]
Key = tuple[str, int, tuple[tuple[str, object], ...]]  # ruleset, colours per player, switches


@dataclass(frozen=True)
class Distribution:
    """One player's turns to finish from a state, under the one-sided policy.

    Lists indexed by his turns ``t = 1, 2, ...`` (index 0: now): ``f[t]`` the chance of
    finishing in turn ``t``; ``u[t]`` of leaving the model then (a branch it does not
    follow); ``out[t]`` of having a pawn outside the home path (or having left the model)
    after turn ``t``; ``leak[t]`` of going from no pawn outside to one (or out of the
    model) in turn ``t``. ``lost``: mass cut off (below 1e-18, or past :data:`MAX_TURNS`).
    """

    f: list[float]
    u: list[float]
    out: list[float]
    leak: list[float]
    lost: float


@dataclass(frozen=True)
class RaceValue:
    """The race value of a position: every player's chance of winning.

    ``chances[i]`` is the chance that player ``i`` is among the winners (his
    team's chance in a team game), with every player following the one-sided
    minimum-expected-turns policy. ``error`` bounds ``|true - chances[i]|``
    for every player under that policy: 0.0 where the race is closed (Pagade,
    and decided positions), else the mass of the branches the model does not
    follow (third doublets that could make two players' pawns meet, a second
    pawn sent back, turns beyond :data:`MAX_TURNS`). ``method`` is
    ``"decided"`` or ``"race"``.
    """

    chances: tuple[float, ...]
    error: float
    method: str

    @property
    def exact(self) -> bool:
        """Whether the chances are exact (``error`` is 0)."""
        return self.error == 0.0


# ---------------------------------------------------------------------------
# Which positions are races


def _family(ruleset: str) -> bool:
    return ruleset != "pagade"


def _open_players(pos: Position) -> list[int]:
    return [i for i in range(len(pos.setup.players)) if i not in pos.finished]


def is_race(position: Position) -> bool:
    """Whether ``position`` is a pure race (see the module docstring for the conditions).

    A decided game is not a race (its values are known anyway: :func:`race_value`).
    """
    if position.is_over:
        return False
    setup = position.setup
    if setup.ruleset in _ONE_DIE:
        return _one_die_is_race(position)
    if setup.ruleset == "pagade":
        for i in _open_players(position):
            for c in setup.players[i]:
                if any(p < _PAGADE_BELLY for p in position.pawns[c]):
                    return False
        return True
    outside = 0
    for i in _open_players(position):
        n = sum(1 for c in setup.players[i] for p in position.pawns[c] if p < _FAMILY_PATH)
        if n > 1:
            return False
        outside += n
    return outside <= 1


# ---------------------------------------------------------------------------
# One player's model: canonical set-up, states, the engine's outcomes


def _model_key(setup: Setup, width: int) -> Key:
    opts = setup.options
    for name in ("first_player", "play_for_places"):
        opts.pop(name, None)
    return (setup.ruleset, width, tuple(sorted(opts.items())))


def _state_of(setup: Setup, pawns: Sequence[Sequence[int]], player: int) -> State:
    """Player ``player``'s one-sided state: his colours' pawns in the model's order."""
    cols = setup.players[player]
    if setup.majors is not None:
        major = setup.majors[player]
        assert major is not None
        cols = (major, *(c for c in cols if c != major))
        return tuple(tuple(pawns[c]) for c in cols)
    state = tuple(tuple(pawns[c]) for c in cols)
    return tuple(sorted(state))  # Pagade's two colours are interchangeable (opposite arms)


class SideTable:
    """One player's race model: states, the engine's outcomes, the policy, turn kernels.

    Built by :func:`side_table`; solved over the states given to :meth:`solve`
    (every race state of one player for a full table, or on demand the states
    reachable from a position).
    """

    def __init__(self, ruleset: str, width: int, options: Mapping[str, object]) -> None:
        self.ruleset = ruleset
        self.width = width
        self.options = dict(options)
        self.home = 84 if ruleset == "pagade" else 72
        canon_players: int | list[list[str]] | None
        if ruleset == "pagade":
            canon_players = 2 if width == 2 else 4
        elif ruleset == "eight-man":
            canon_players = None
        else:
            canon_players = 2
        self.setup = Setup.create(ruleset, players=canon_players, options=options)
        self.colours = self.setup.players[0]  # red (and yellow): the model's colours
        park = (77, 77, 78, 78) if ruleset == "pagade" else (70, 70, 71, 71)
        self._parked = tuple(park if c in self.setup.colours_in_play else () for c in range(4))
        n = len(self.setup.players)
        self._cut = tuple(True for _ in range(n)) if ruleset == "pagade" else None
        self.throws = [(t, float(p)) for t, p in dice_for(ruleset).distinct()]
        self.states: list[State] = []
        self.index: dict[State, int] = {}
        # outcomes[sid][d] = [(probability, [outcome, ...]), ...] per distinct throw
        self.outcomes: list[list[list[tuple[float, list[Outcome]]] | None]] = []
        self.expect: list[float] = []  # E[turns to finish] from a turn start
        self.kernels: list[list[Kernel | None]] = []  # kernels[sid][d] under the policy
        self.solved: list[bool] = []
        self._dist: dict[tuple[int, int], Distribution] = {}
        self.sweeps = 0
        #: Per state (a full Parcheesi-family table), its finishing series from a turn start
        #: (:meth:`build_series`): ``(f, u, out, leak)`` as in :class:`Distribution`.
        self.series: list[tuple[list[float], list[float], list[float], list[float]]] | None = None

    # -- states ----------------------------------------------------------------

    def in_region(self, state: State) -> bool:
        """Whether ``state`` is a race state of this model (module docstring)."""
        if self.ruleset == "pagade":
            return all(p >= _PAGADE_BELLY for col in state for p in col)
        return sum(1 for col in state for p in col if p < _FAMILY_PATH) <= 1

    def finished(self, state: State) -> bool:
        """Whether the player has finished in ``state`` (RULES.md §3.5)."""
        return player_finished(self.setup, self._pawns(state), 0)

    def sid(self, state: State) -> int:
        """The id of ``state``, added if new."""
        k = self.index.get(state)
        if k is None:
            k = self.index[state] = len(self.states)
            self.states.append(state)
            self.outcomes.append([None, None, None])
            self.kernels.append([None, None, None])
            self.expect.append(0.0)
            self.solved.append(False)
        return k

    def _pawns(self, state: State) -> tuple[tuple[int, ...], ...]:
        pawns: list[tuple[int, ...]] = list(self._parked)
        for c, col in zip(self.colours, state, strict=True):
            pawns[c] = col
        return tuple(pawns)

    def _canon(self, pawns: tuple[tuple[int, ...], ...]) -> State:
        return _state_of(self.setup, pawns, 0)

    def position(self, state: State, doubles: int = 0) -> Position:
        """The canonical position of ``state``: the model's player to throw, others parked."""
        return Position(self.setup, self._pawns(state), 0, doubles, self._cut, (), None)

    def _explore(self, sid: int, d: int) -> list[tuple[float, list[Outcome]]]:
        """The engine's outcomes of every throw at ``(sid, d)`` (cached)."""
        got = self.outcomes[sid][d]
        if got is not None:
            return got
        pos = self.position(self.states[sid], d)
        rows: list[tuple[float, list[Outcome]]] = []
        for throw, prob in self.throws:
            outs: list[Outcome] = []
            for play in pos.legal_plays(throw):
                res = play.position
                if player_finished(self.setup, res.pawns, 0):
                    o = (_FIN, -1)
                else:
                    st = self._canon(res.pawns)
                    if not self.in_region(st):
                        o = (_U, -1)
                    else:
                        o = (_EXT if res.to_move == 0 else _PASS, self.sid(st))
                if o not in outs:
                    outs.append(o)
            rows.append((prob, outs))
        self.outcomes[sid][d] = rows
        return rows

    def closure(self, roots: Sequence[int], limit: int | None = None) -> list[int] | None:
        """Every unsolved state reachable from ``roots`` (``None`` past ``limit`` states)."""
        seen = set(roots)
        todo = [r for r in roots if not self.solved[r]]
        order: list[int] = []
        while todo:
            s = todo.pop()
            if self.solved[s]:
                continue
            order.append(s)
            if limit is not None and len(order) > limit:
                return None
            for d in (0, 1, 2) if _family(self.ruleset) else (0,):
                for _, outs in self._explore(s, d):
                    for _kind, t in outs:
                        if t >= 0 and t not in seen:
                            seen.add(t)
                            todo.append(t)
        return order

    # -- solving -----------------------------------------------------------------

    def solve(self, sids: Sequence[int], progress: Callable[[float], None] | None = None) -> None:
        """Solve the minimum-expected-turns policy over ``sids`` (closed under successors
        apart from states solved before), by Gauss-Seidel sweeps in order of decreasing
        progress; a throw that moves nothing back to the same turn start is solved exactly.
        """
        todo = sorted(set(sids), key=lambda s: -sum(map(sum, self.states[s])))
        if not todo:
            return
        maxd = 2 if _family(self.ruleset) else 0
        total = len(todo)
        for k, s in enumerate(todo):  # the engine's outcomes first (the slow part)
            for d in range(maxd + 1):
                self._explore(s, d)
            if progress is not None and k % 50 == 0:
                progress(0.8 * k / total)
        expect = self.expect
        for s in todo:
            expect[s] = 0.0
        for sweep in range(1000):
            memo: dict[tuple[int, int], float] = {}
            change = 0.0
            for s in todo:
                a, b = self._affine(s, 0, maxd, memo)
                new = (1.0 + b) / (1.0 - a)
                change = max(change, abs(new - expect[s]))
                expect[s] = new
                for d in range(1, maxd + 1):
                    a, b = self._affine(s, d, maxd, memo)
                    memo[(s, d)] = a * new + b
            self.sweeps = sweep + 1
            if progress is not None:
                progress(min(0.99, 0.8 + 0.02 * sweep))
            if change < 1e-13:
                break
        for s in todo:
            self.solved[s] = True
            self.kernels[s] = [None, None, None]
        if progress is not None:
            progress(1.0)

    def _affine(
        self, s: int, d: int, maxd: int, memo: dict[tuple[int, int], float]
    ) -> tuple[float, float]:
        """``F(s, d)`` as ``a * E(s) + b``: the throws that move nothing lead back to ``s``
        (the same turn start, or an extra throw at ``d + 1``); every other outcome is a
        different state, valued from the current estimates."""
        a = 0.0
        b = 0.0
        for prob, outs in self.outcomes[s][d] or ():
            if len(outs) == 1 and outs[0][1] == s and outs[0][0] in (_PASS, _EXT):
                if outs[0][0] == _PASS:
                    a += prob
                else:
                    aa, bb = self._affine(s, min(d + 1, maxd), maxd, memo)
                    a += prob * aa
                    b += prob * bb
            else:
                b += prob * min(self._cost(o, d, memo) for o in outs)
        return a, b

    def _cost(self, o: Outcome, d: int, memo: dict[tuple[int, int], float]) -> float:
        """Expected further turns after the current one, after outcome ``o`` at depth ``d``."""
        kind, t = o
        if kind == _FIN:
            return 0.0
        if kind == _U:
            return U_COST
        if kind == _PASS:
            return self.expect[t]
        return self._within(t, d + 1, memo)

    def _within(self, s: int, d: int, memo: dict[tuple[int, int], float]) -> float:
        key = (s, d)
        got = memo.get(key)
        if got is not None:
            return got
        total = 0.0
        for prob, outs in self._explore(s, d):
            total += prob * min(self._cost(o, d, memo) for o in outs)
        memo[key] = total
        return total

    def choice(self, d: int, outs: Sequence[Outcome]) -> Outcome:
        """The policy's outcome among ``outs`` at depth ``d``: the least expected turns;
        among equals (within 1e-12) finishing first, then the smallest resulting state."""
        memo: dict[tuple[int, int], float] = {}
        costs = [(self._cost(o, d, memo), o) for o in outs]
        top = min(c for c, _ in costs)
        tied = [o for c, o in costs if c <= top + 1e-12]
        return min(tied, key=lambda o: (o[0] != _FIN, o[0], self.states[o[1]] if o[1] >= 0 else ()))

    def kernel(self, sid: int, d: int = 0) -> Kernel:
        """Where a turn from ``(sid, d)`` ends under the policy: ``((target, prob), ...)``
        with target a state id, ``-1`` (finished) or ``-2`` (a branch not followed)."""
        got = self.kernels[sid][d]
        if got is not None:
            return got
        acc: dict[int, float] = {}
        for prob, outs in self._explore(sid, d):
            kind, t = self.choice(d, outs) if len(outs) > 1 else outs[0]
            if kind == _FIN:
                acc[_T_FIN] = acc.get(_T_FIN, 0.0) + prob
            elif kind == _U:
                acc[_T_U] = acc.get(_T_U, 0.0) + prob
            elif kind == _PASS:
                acc[t] = acc.get(t, 0.0) + prob
            else:
                for tt, q in self.kernel(t, min(d + 1, 2)):
                    acc[tt] = acc.get(tt, 0.0) + prob * q
        out = tuple(sorted(acc.items()))
        self.kernels[sid][d] = out
        return out

    def outside(self, sid: int) -> bool:
        """Whether state ``sid`` has a pawn outside the home path (Parcheesi family)."""
        return _family(self.ruleset) and any(
            p < _FAMILY_PATH for col in self.states[sid] for p in col
        )

    def distribution(self, sid: int, d: int = 0) -> Distribution:
        """The finishing distribution from ``(sid, d)`` (:class:`Distribution`), cached."""
        key = (sid, d)
        got = self._dist.get(key)
        if got is not None:
            return got
        if self.series is not None:
            return self._from_series(sid, d)
        family = _family(self.ruleset)
        tiny = _FAMILY_TINY if family else _TINY
        f = [0.0]
        u = [0.0]
        out = [1.0 if self.outside(sid) else 0.0]
        leak = [0.0]
        lost = 0.0
        gone = 0.0  # cumulative U (counted as outside for ever)
        mass: dict[int, float] = {}
        src: dict[int, float] = {}  # mass that was inside its home path at the turn's start
        for t, q in self.kernel(sid, d):
            mass[t] = mass.get(t, 0.0) + q
        if not self.outside(sid):
            src = dict(mass)
        for _turn in range(1, MAX_TURNS + 1):
            f.append(mass.pop(_T_FIN, 0.0))
            uu = mass.pop(_T_U, 0.0)
            u.append(uu)
            gone += uu
            lk = src.get(_T_U, 0.0)
            o = gone
            for s, m in mass.items():
                if self.outside(s):
                    o += m
                    lk += src.get(s, 0.0)
            out.append(min(1.0, o))
            leak.append(lk)
            if not mass:
                break
            if family and sum(mass.values()) < _FAMILY_TAIL:
                break  # the rest counts as lost (in the error bound)
            nxt: dict[int, float] = {}
            nsrc: dict[int, float] = {}
            for s, m in mass.items():
                if m < tiny:
                    lost += m
                    continue
                inside = not self.outside(s)
                for t, q in self.kernel(s, 0):
                    nxt[t] = nxt.get(t, 0.0) + m * q
                    if inside:
                        nsrc[t] = nsrc.get(t, 0.0) + m * q
            mass, src = nxt, nsrc
        lost += sum(mass.values())
        if len(self._dist) > 20000:
            self._dist.clear()
        dist = Distribution(f, u, out, leak, lost)
        self._dist[key] = dist
        return dist

    # -- the finishing series of every state (Parcheesi family, full tables) ----------

    def build_series(self, progress: Callable[[float], None] | None = None) -> None:
        """Every state's finishing series from a turn start, by backward layering over the
        turns: with ``K(s)`` the turn kernel of ``s``, ``f_s[1] = K(s)[finished]`` and
        ``f_s[t] = sum_k K(s)[k] f_k[t - 1]``; ``u`` (a branch not followed) the same;
        ``out_s[t] = K(s)[not followed] + sum_k K(s)[k] out_k[t - 1]`` with
        ``out_k[0] = 1`` when ``k`` has a pawn outside its home path; ``leak_s[1] =
        K(s)[not followed or outside]`` when ``s`` has none outside (else 0) and
        ``leak_s[t] = sum_k K(s)[k] leak_k[t - 1]``. These are exactly the figures the
        forward propagation of :meth:`distribution` gives, without its cut-offs.

        Layers are added until every state's unfinished mass (neither finished nor
        left the model) is below :data:`SERIES_TAIL`, or :data:`SERIES_TURNS` turns;
        each state keeps its series up to the first turn where its own unfinished mass
        is below :data:`SERIES_TAIL` (the rest counts in the error bound of
        :func:`race_value`, as unfinished mass).
        """
        n = len(self.states)
        kern: list[list[tuple[int, float]]] = []
        fin0: list[float] = []
        u0: list[float] = []
        outside = [1.0 if self.outside(s) else 0.0 for s in range(n)]
        leak0: list[float] = []
        for s in range(n):
            k = self.kernel(s, 0)
            kern.append([(t, q) for t, q in k if t >= 0])
            fq = sum(q for t, q in k if t == _T_FIN)
            uq = sum(q for t, q in k if t == _T_U)
            fin0.append(fq)
            u0.append(uq)
            if outside[s]:
                leak0.append(0.0)
            else:
                leak0.append(uq + sum(q for t, q in k if t >= 0 and outside[t]))
        f_ser: list[list[float]] = [[0.0, fin0[s]] for s in range(n)]
        u_ser: list[list[float]] = [[0.0, u0[s]] for s in range(n)]
        o_ser: list[list[float]] = [
            [outside[s], u0[s] + sum(q * outside[t] for t, q in kern[s])] for s in range(n)
        ]
        l_ser: list[list[float]] = [[0.0, leak0[s]] for s in range(n)]
        left = [1.0 - fin0[s] - u0[s] for s in range(n)]
        keep = [1 if left[s] < SERIES_TAIL else 0 for s in range(n)]
        pf, pu, po, pl = fin0, u0, [o[1] for o in o_ser], leak0
        for turn in range(2, SERIES_TURNS + 1):
            cf = [0.0] * n
            cu = [0.0] * n
            co = [0.0] * n
            cl = [0.0] * n
            for s in range(n):
                a = b = c = e = 0.0
                for t, q in kern[s]:
                    a += q * pf[t]
                    b += q * pu[t]
                    c += q * po[t]
                    e += q * pl[t]
                cf[s] = a
                cu[s] = b
                co[s] = u0[s] + c
                cl[s] = e
            worst = 0.0
            for s in range(n):
                f_ser[s].append(cf[s])
                u_ser[s].append(cu[s])
                o_ser[s].append(co[s])
                l_ser[s].append(cl[s])
                left[s] -= cf[s] + cu[s]
                if not keep[s] and left[s] < SERIES_TAIL:
                    keep[s] = turn
                worst = max(worst, left[s])
            pf, pu, po, pl = cf, cu, co, cl
            if progress is not None:
                progress(min(0.99, turn / 120))
            if worst < SERIES_TAIL / 10:
                break
        self.series = []
        for s in range(n):
            m = (keep[s] or len(f_ser[s]) - 1) + 1
            self.series.append((f_ser[s][:m], u_ser[s][:m], o_ser[s][:m], l_ser[s][:m]))
        self._dist.clear()
        if progress is not None:
            progress(1.0)

    def _from_series(self, sid: int, d: int) -> Distribution:
        """:meth:`distribution` from the stored series: at a turn start (``d`` 0) the
        state's own; after ``d`` doublets one turn of the kernel at ``d``, then the series
        of where it ends."""
        assert self.series is not None
        if d == 0:
            f, u, out, leak = self.series[sid]
            return Distribution(list(f), list(u), list(out), list(leak), 0.0)
        k = self.kernel(sid, d)
        fq = sum(q for t, q in k if t == _T_FIN)
        uq = sum(q for t, q in k if t == _T_U)
        inside = not self.outside(sid)
        length = 1 + max((len(self.series[t][0]) for t, _ in k if t >= 0), default=1)
        f = [0.0] * length
        u = [0.0] * length
        out = [1.0 if not inside else 0.0] + [uq] * (length - 1)
        leak = [0.0] * length
        f[1] = fq
        u[1] = uq
        if inside:
            leak[1] = uq
        for t, q in k:
            if t < 0:
                continue
            sf, su, so, sl = self.series[t]
            if inside and so[0] > 0.0:
                leak[1] += q
            for j in range(length - 1):
                if j < len(sf):
                    if j > 0:
                        f[j + 1] += q * sf[j]
                        u[j + 1] += q * su[j]
                        leak[j + 1] += q * sl[j]
                    out[j + 1] += q * so[j]
                else:
                    out[j + 1] += q * so[-1]
        return Distribution(f, u, out, leak, 0.0)

    # -- saving --------------------------------------------------------------------

    def dump(self) -> dict[str, object]:
        """The solved table as JSON-ready data (states, expected turns, kernels)."""
        for s in range(len(self.states)):
            for d in range(3 if _family(self.ruleset) else 1):
                if self.solved[s]:
                    self.kernel(s, d)
        return {
            "states": [[list(col) for col in st] for st in self.states],
            "expect": self.expect,
            "solved": [int(x) for x in self.solved],
            "kernels": [
                [[list(map(list, k)) if k is not None else None for k in ks]] for ks in self.kernels
            ],
        }

    def load(self, data: dict[str, object]) -> None:
        """Restore a table written by :meth:`dump` (``ValueError`` if malformed)."""
        states = data["states"]
        expect = data["expect"]
        solved = data["solved"]
        kernels = data["kernels"]
        if not (
            isinstance(states, list)
            and isinstance(expect, list)
            and isinstance(solved, list)
            and isinstance(kernels, list)
            and len(states) == len(expect) == len(solved) == len(kernels)
        ):
            raise ValueError("malformed race table")
        for st in states:
            self.sid(tuple(tuple(int(p) for p in col) for col in st))
        n = len(self.states)
        for s in range(n):
            self.expect[s] = float(expect[s])
            self.solved[s] = bool(solved[s])
            row = kernels[s][0]
            for d, k in enumerate(row):
                if k is not None:
                    kern = tuple((int(t), float(q)) for t, q in k)
                    if any(t >= n or t < _T_U for t, _ in kern):
                        raise ValueError("race table refers to unknown states")
                    self.kernels[s][d] = kern


# ---------------------------------------------------------------------------
# Full tables and their cache


_TABLES: dict[Key, SideTable] = {}  # full tables
_ON_DEMAND: dict[Key, SideTable] = {}  # tables solved on demand


def cache_dir() -> Path:
    """Where tables are kept: ``$PACHISI_CACHE``, else ``$XDG_CACHE_HOME/pachisi``, else
    ``~/.cache/pachisi``."""
    env = os.environ.get("PACHISI_CACHE")
    if env:
        return Path(env)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "pachisi"


def _full_region(ruleset: str) -> Iterator[State]:
    """Every race state of one single-colour player."""
    if ruleset == "pagade":
        for col in combinations_with_replacement(range(_PAGADE_BELLY, 85), 4):
            yield (col,)
        return
    for col in combinations_with_replacement(range(_FAMILY_PATH, 73), 4):
        yield (col,)
    for off in range(_FAMILY_PATH):
        for rest in combinations_with_replacement(range(_FAMILY_PATH, 73), 3):
            yield (tuple(sorted((off, *rest))),)


def _file_name(key: Key) -> str:
    digest = hashlib.sha256(repr(key).encode()).hexdigest()[:16]
    return f"race-{key[0]}-{key[1]}-{digest}.v{CACHE_VERSION}.json.z"


def _fingerprint(key: Key) -> dict[str, object]:
    from . import __version__

    return {"version": CACHE_VERSION, "package": __version__, "key": repr(key)}


def _read_cache(path: Path, key: Key) -> SideTable | None:
    """The table in ``path`` if it is present, current and intact, else ``None``."""
    try:
        raw = path.read_bytes()
    except OSError:
        return None
    try:
        doc = json.loads(zlib.decompress(raw))
        if not isinstance(doc, dict) or doc.get("header") != _fingerprint(key):
            return None
        body = doc["body"]
        if hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest() != doc.get(
            "sha256"
        ):
            return None
        table = SideTable(key[0], key[1], dict(key[2]))
        table.load(body)
        if not all(table.solved):
            return None
        return table
    except (ValueError, KeyError, TypeError, IndexError, zlib.error, RecursionError):
        return None


def _write_cache(path: Path, key: Key, table: SideTable) -> bool:
    body = table.dump()
    doc = {
        "header": _fingerprint(key),
        "sha256": hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest(),
        "body": body,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(zlib.compress(json.dumps(doc).encode(), 6))
        os.replace(tmp, path)
        return True
    except OSError:
        return False


def _bar(label: str) -> Callable[[float], None] | None:
    """A progress bar on standard error when it is a terminal, else ``None``."""
    stream = sys.stderr
    if not (hasattr(stream, "isatty") and stream.isatty()):
        return None
    last = [-1]

    def show(frac: float) -> None:
        pct = int(frac * 100)
        if pct == last[0]:
            return
        last[0] = pct
        filled = pct * 30 // 100
        stream.write(f"\r{label} [{'#' * filled}{'.' * (30 - filled)}] {pct:3d}%")
        if pct >= 100:
            stream.write("\n")
        stream.flush()

    return show


def build_table(
    ruleset: str,
    options: dict[str, object] | None = None,
    *,
    use_cache: bool = True,
    progress: Callable[[float], None] | None = None,
) -> SideTable:
    """The full one-sided table of a single-colour player of ``ruleset`` (with ``options``):
    read from the cache when present and intact, else solved (and cached when ``use_cache``).

    Single-colour players only (Pagade for four, Parcheesi, Whitman); the two-colour
    models are solved on demand.
    """
    if ruleset == "eight-man":
        raise ValueError("eight-man players have two colours: their races are solved on demand")
    setup = Setup.create(ruleset, options=options or {})
    return _full_table(_model_key(setup, 1), use_cache, progress)


def _full_table(
    key: Key,
    use_cache: bool = True,
    progress: Callable[[float], None] | None = None,
) -> SideTable:
    got = _TABLES.get(key)
    if got is not None:
        return got
    table = _cached_full(key) if use_cache else None
    if table is None:
        table = SideTable(key[0], key[1], dict(key[2]))
        sids = [table.sid(st) for st in _full_region(key[0])]
        show = progress if progress is not None else _bar(f"race table {key[0]}")
        table.solve(sids, show)
        if use_cache:
            _write_cache(cache_dir() / _file_name(key), key, table)
        _with_series(table, key, use_cache, progress)
    _TABLES[key] = table
    return table


def _cached_full(key: Key) -> SideTable | None:
    """The full table of ``key`` from the cache, or ``None``. In the Parcheesi family the
    series file alone when it is there (states, expected turns and series: read in about
    0.3 s, where the JSON table takes 3 s; the turn kernels after doublets are then
    worked out when first asked); else the JSON table, given its series (built if
    missing)."""
    if _family(key[0]):
        fast = _read_series(_series_path(key), key)
        if fast is not None:
            return fast
    table = _read_cache(cache_dir() / _file_name(key), key)
    if table is not None:
        _with_series(table, key, True, None)
    return table


def _series_path(key: Key) -> Path:
    return cache_dir() / _file_name(key).replace(".json.z", ".series.z")


def _with_series(
    table: SideTable, key: Key, use_cache: bool, progress: Callable[[float], None] | None
) -> None:
    """Give a full Parcheesi-family table its finishing series (built by
    :meth:`SideTable.build_series`, about 11 s of CPU) and cache them."""
    if not _family(key[0]) or table.series is not None:
        return
    show = progress if progress is not None else _bar(f"race series {key[0]}")
    table.build_series(show)
    if use_cache:
        _write_series(_series_path(key), key, table)


def _read_series(path: Path, key: Key) -> SideTable | None:
    """The full table of ``key`` from its series file (states, expected turns, series),
    if the file is present, current and intact, else ``None``."""
    try:
        raw = zlib.decompress(path.read_bytes())
        head, _, payload = raw.partition(b"\n")
        doc = json.loads(head)
        if not isinstance(doc, dict) or doc.get("header") != _fingerprint(key):
            return None
        if hashlib.sha256(payload).hexdigest() != doc.get("sha256"):
            return None
        lengths = doc["lengths"]
        states = doc["states"]
        expect = doc["expect"]
        if not (
            isinstance(lengths, list)
            and isinstance(states, list)
            and isinstance(expect, list)
            and len(lengths) == len(states) == len(expect)
        ):
            return None
        values = array("d")
        values.frombytes(payload)
        if len(values) != 4 * sum(lengths):
            return None
        table = SideTable(key[0], key[1], dict(key[2]))
        for st in states:
            table.sid(tuple(tuple(int(p) for p in col) for col in st))
        if len(table.states) != len(states):
            return None  # a state twice
        table.expect[:] = [float(e) for e in expect]
        table.solved[:] = [True] * len(states)
        series = []
        at = 0
        for m in lengths:
            parts = [values[at + j * m : at + (j + 1) * m].tolist() for j in range(4)]
            at += 4 * m
            series.append((parts[0], parts[1], parts[2], parts[3]))
        table.series = series
        return table
    except (OSError, ValueError, KeyError, TypeError, zlib.error):
        return None


def _write_series(path: Path, key: Key, table: SideTable) -> bool:
    assert table.series is not None
    values = array("d")
    lengths = []
    for ser in table.series:
        lengths.append(len(ser[0]))
        for part in ser:
            values.extend(part)
    payload = values.tobytes()
    head = {
        "header": _fingerprint(key),
        "sha256": hashlib.sha256(payload).hexdigest(),
        "lengths": lengths,
        "states": [[list(col) for col in st] for st in table.states],
        "expect": table.expect,
    }
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(zlib.compress(json.dumps(head).encode() + b"\n" + payload, 6))
        os.replace(tmp, path)
        return True
    except OSError:
        return False


def side_table(setup: Setup, player: int, state: State | None = None) -> SideTable | None:
    """The solved one-sided table for ``player`` of ``setup`` covering ``state``.

    A full table in memory or on disk when there is one (single-colour players); else the
    states reachable from ``state`` solved on demand, up to :data:`SMALL_LIMIT` states for
    a single-colour player (past that his full table is built, and cached) and
    :data:`ON_DEMAND_LIMIT` for a two-colour player (past that his race is not covered:
    ``None``).
    """
    width = len(setup.players[player])
    key = _model_key(setup, width)
    if width == 1:
        full = _TABLES.get(key)
        if full is None:
            full = _cached_full(key)
            if full is not None:
                _TABLES[key] = full
        if full is not None:
            return full
    table = _ON_DEMAND.get(key)
    if table is None:
        table = _ON_DEMAND[key] = SideTable(key[0], width, dict(key[2]))
    if state is not None:
        sid = table.sid(state)
        if not table.solved[sid]:
            todo = table.closure([sid], SMALL_LIMIT if width == 1 else ON_DEMAND_LIMIT)
            if todo is None:
                return _full_table(key) if width == 1 else None
            table.solve(todo)
    return table


# ---------------------------------------------------------------------------
# Combining the players


def finish_distribution(position: Position, player: int) -> Distribution | None:
    """``player``'s one-sided :class:`Distribution` in a race position: turn 1 is the
    current one for the player to move (with the doublets already thrown), the next one
    for the others. ``None`` where not covered (Ludo and MADN: their races are solved
    inside :func:`race_value`)."""
    setup = position.setup
    if setup.ruleset in _ONE_DIE:
        return None
    state = _state_of(setup, position.pawns, player)
    table = side_table(setup, player, state)
    if table is None:
        return None
    sid = table.index.get(state)
    if sid is None:
        return None
    d = position.doubles if player == position.to_move else 0
    return table.distribution(sid, d)


def _by_step(values: list[float], k: int, m: int, steps: int) -> list[float]:
    """A per-turn series of one player (index t: after his turn t; 0: now) over the global
    steps: entry g is its value after step g (step g is the turn of the ``g % m``-th player
    in order from the player to move; this player's turns are steps ``k, k + m, ...``)."""
    last = len(values) - 1
    return [values[min((g - k) // m + 1 if g >= k else 0, last)] for g in range(steps)]


def played_by_default(position: Position) -> bool:
    """Whether the learned players choose their plays in this position by the race tables
    (:func:`best_race_play`) without being asked: in Pagade, where a position is
    answered at once (a player of one colour from his 330-state table, 0.7 ms; a player
    of two colours while he has at most two pawns short of Home, solved on demand in
    under 0.05 s); in Parcheesi and Whitman where the analysis uses them
    (:func:`used_by_default`: every player of one colour, the full table and its
    finishing series built), 1 to 4 ms a throw (docs/analysis.md, "Exact races"),
    each play's value then within :data:`BOUND_BY_DEFAULT` (the player's
    :func:`best_race_play` asks that bound). Not Eight-Man (two-colour races solved on
    demand). Playouts inside the kernel (the rollout check's ``"network"`` policy, the
    training games) do not look at the tables."""
    if position.ruleset != "pagade":
        return used_by_default(position)
    return all(
        len(colours) == 1 or sum(p < 84 for c in colours for p in position.pawns[c]) <= 2
        for colours in position.setup.players
    )


def tables_ready(setup: Setup) -> bool:
    """Whether the full one-sided table of ``setup``'s single-colour players, with its
    finishing series, is in memory or in the cache on disk (built before: it is never
    built on the analysis' behalf, which would take minutes)."""
    key = _model_key(setup, 1)
    got = _TABLES.get(key)
    if got is not None:
        return got.series is not None or not _family(setup.ruleset)
    # The analysis asks at every position it values (about 10,000 times in an 80-throw
    # review): the disk is looked at again at most once a second (tables built or removed
    # by another process are seen then), not at every call (1.1 s of a review's CPU).
    now = time.monotonic()
    env = os.environ
    where = (key, env.get("PACHISI_CACHE"), env.get("XDG_CACHE_HOME"), env.get("HOME"))
    seen = _READY_SEEN.get(where)
    if seen is not None and now - seen[0] < _READY_RECHECK:
        return seen[1]
    ready = (cache_dir() / _file_name(key)).is_file() and (
        not _family(setup.ruleset) or _series_path(key).is_file()
    )
    _READY_SEEN[where] = (now, ready)
    return ready


#: :func:`tables_ready`'s last look at the disk for a key and the variables that choose
#: :func:`cache_dir`: (``time.monotonic()``, the answer).
_READY_SEEN: dict[tuple[Key, str | None, str | None, str | None], tuple[float, bool]] = {}
#: Seconds :func:`tables_ready` trusts its last look at the disk.
_READY_RECHECK = 1.0


def used_by_default(position: Position) -> bool:
    """Whether the analysis values this position's race by the tables without being asked:
    where a position is answered in a few milliseconds.

    Pagade as :func:`played_by_default`. Parcheesi and Whitman (every player of one
    colour) once the full table and its finishing series are built
    (:func:`tables_ready`; ``python -m pachisi.race`` builds them, about two and a
    half minutes of CPU once): a value then takes 1 to 3 ms, with its proven error
    bound. Not Eight-Man, whose two-colour races are solved on demand (docs/analysis.md,
    "Exact races"). Ludo and MADN: every pure race, solved on demand (a second or a few
    for up to :data:`ONE_DIE_LIMIT` states a player; a larger race gives ``None``).
    """
    if position.ruleset == "pagade":
        return played_by_default(position)
    if position.ruleset in _ONE_DIE:  # solved on demand, small races only (ONE_DIE_LIMIT)
        return _one_die_is_race(position)
    if position.ruleset == "eight-man" or any(len(c) != 1 for c in position.setup.players):
        return False
    return tables_ready(position.setup)


def by_default(position: Position) -> RaceValue | None:
    """:func:`race_value` where :func:`used_by_default` says so and its error bound is at
    most :data:`BOUND_BY_DEFAULT`, else ``None`` (the analysis then asks the network)."""
    if not used_by_default(position):
        return None
    v = race_value(position)
    return v if v is not None and v.error <= BOUND_BY_DEFAULT else None


def race_value(position: Position) -> RaceValue | None:
    """The race value of ``position``: exact chances of a decided game, the race tables'
    chances in a pure race (:func:`is_race`), else ``None`` (also where a two-colour
    player's race is too large to solve on demand)."""
    setup = position.setup
    n = len(setup.players)
    if position.winner is not None:
        return RaceValue(
            tuple(1.0 if i in position.winner else 0.0 for i in range(n)), 0.0, "decided"
        )
    if setup.ruleset in _ONE_DIE:
        return _one_die_race_value(position)
    if not is_race(position):
        return None
    open_players = set(_open_players(position))
    order = [(position.to_move + k) % n for k in range(n)]
    order = [i for i in order if i in open_players]
    m = len(order)
    dists: dict[int, Distribution] = {}
    for i in order:
        got = finish_distribution(position, i)
        if got is None:
            return None
        dists[i] = got
    steps = max(len(dist.f) for dist in dists.values()) * m + 1
    done: dict[int, list[float]] = {}  # P(finished, never left the model) after step g
    alive: dict[int, list[float]] = {}  # P(never left the model) after step g
    outside: dict[int, list[float]] = {}
    leaks: dict[int, list[float]] = {}
    for k, i in enumerate(order):
        dist = dists[i]
        cf = [0.0]
        cu = [0.0]
        for t in range(1, len(dist.f)):
            cf.append(cf[-1] + dist.f[t])
            cu.append(cu[-1] + dist.u[t])
        done[i] = _by_step(cf, k, m, steps)
        alive[i] = _by_step([1.0 - x for x in cu], k, m, steps)
        outside[i] = _by_step(dist.out, k, m, steps)
        leak = [0.0] * steps
        for t in range(1, len(dist.leak)):
            g = (t - 1) * m + k
            if g < steps:
                leak[g] = dist.leak[t]
        leaks[i] = leak
    for i in range(n):
        if i not in open_players:
            done[i] = [1.0] * steps
            alive[i] = [1.0] * steps
    # Two players' pawns outside their home paths at once (third doublets, §5.8) is
    # bounded by the chance that one leaves his home path while another is outside his.
    cross = 0.0
    for b in order:
        for a in order:
            if a != b:
                out_a = outside[a]
                start_a = dists[a].out[0]
                for g, lk in enumerate(leaks[b]):
                    if lk > 0.0:
                        cross += lk * (out_a[g - 1] if g > 0 else start_a)
    teams: list[tuple[int, ...]] = (
        [tuple(t) for t in setup.teams] if setup.teams else [(i,) for i in range(n)]
    )
    wins: list[float] = []
    for x, team in enumerate(teams):
        lo = 0.0
        prev = 0.0
        for g in range(steps):
            now = 1.0
            for j in team:
                now *= done[j][g]
            gain = now - prev
            prev = now
            if gain <= 0.0:
                continue
            others = 1.0
            for y, other in enumerate(teams):
                if y != x:
                    ok = 1.0
                    fin = 1.0
                    for j in other:
                        ok *= alive[j][g]
                        fin *= done[j][g]
                    others *= ok - fin
            lo += gain * others
        wins.append(max(0.0, lo))
    total = sum(wins)
    chances = [w / total if total > 0.0 else 0.0 for w in wins]
    # The true chance (under the policy) lies in [w - cross, w + (1 - total) + cross].
    error = 0.0
    for w, ch in zip(wins, chances, strict=True):
        error = max(error, ch - (w - cross), (w + (1.0 - total) + cross) - ch)
    if error < _EXACT:
        error = 0.0  # nothing was left out but floating-point rounding
    per_player = [0.0] * n
    for team, ch in zip(teams, chances, strict=True):
        for j in team:
            per_player[j] = min(1.0, ch)
    return RaceValue(tuple(per_player), error, "race")


def race_chances(position: Position) -> tuple[float, ...] | None:
    """Every player's win chance in a decided game or a pure race, else ``None``.

    The chances of :func:`race_value` (whose ``error`` says how exact they are).
    """
    v = race_value(position)
    return v.chances if v is not None else None


# ---------------------------------------------------------------------------
# Playing races


def best_race_play(
    position: Position,
    throw: Sequence[int],
    plays: Sequence[Play],
    bound: float | None = None,
) -> Play | None:
    """The play of ``throw`` whose result has the best race value for the mover (his
    team's chance), the first of equals; ``None`` unless every result is a race or decided
    and valued (with ``bound``: within that proven error bound)."""
    if not plays or not is_race(position):
        return None
    me = position.to_move
    best: Play | None = None
    top = -1.0
    for play in plays:
        v = race_value(play.position)
        if v is None or (bound is not None and v.error > bound):
            return None
        if v.chances[me] > top + 1e-12:
            best, top = play, v.chances[me]
    return best


def policy_play(position: Position, throw: Sequence[int], plays: Sequence[Play]) -> Play | None:
    """The play that the one-sided policy of the tables chooses (used to check the tables
    against games played by the engine); ``None`` outside a race."""
    if not is_race(position):
        return None
    setup = position.setup
    me = position.to_move
    state = _state_of(setup, position.pawns, me)
    table = side_table(setup, me, state)
    if table is None:
        return None
    d = position.doubles
    outs: list[Outcome] = []
    keyed: list[Outcome] = []
    for play in plays:
        res = play.position
        if me in res.finished:
            o = (_FIN, -1)
        else:
            st = _state_of(setup, res.pawns, me)
            if not table.in_region(st):
                o = (_U, -1)
            else:
                o = (_EXT if res.to_move == me and res.doubles > 0 else _PASS, table.sid(st))
        keyed.append(o)
        if o not in outs:
            outs.append(o)
    pick = table.choice(d, outs)
    return plays[keyed.index(pick)]


# ---------------------------------------------------------------------------
# The exact two-sided solution of small two-player races


def two_sided_value(
    position: Position, policy: str = "optimal", limit: int = 50000
) -> tuple[float, float] | None:
    """The value of a two-player race (no teams) solved over the joint states, by value
    iteration: with ``policy="optimal"`` both players maximise their own chance of winning
    (the exact game value); with ``policy="table"`` both follow the one-sided tables'
    policy (a check of :func:`race_value`'s way of combining the sides). ``None`` when more
    than ``limit`` joint states are reachable or the position is not such a race.

    A branch the one-sided model does not follow (a third doublet sending a pawn back in
    the Parcheesi family where the model stops) counts as lost for its player here.
    """
    setup = position.setup
    if len(setup.players) != 2 or setup.teams or not is_race(position):
        return None
    tables: list[SideTable] = []
    sids: list[int] = []
    for i in (0, 1):
        st = _state_of(setup, position.pawns, i)
        table = side_table(setup, i, st)
        if table is None:
            return None
        tables.append(table)
        sids.append(table.index[st])
    maxd = 2 if _family(setup.ruleset) else 0
    Node = tuple[int, int, int, int]  # mover, doubles, state of player 0, of player 1

    def successors(node: Node) -> list[tuple[float, list[tuple[Outcome, Node | None]]]]:
        mover, d, a, b = node
        rows = []
        for prob, outs in tables[mover]._explore(a if mover == 0 else b, d):
            row: list[tuple[Outcome, Node | None]] = []
            for o in outs:
                kind, t = o
                if kind in (_FIN, _U):
                    row.append((o, None))
                    continue
                na, nb = (t, b) if mover == 0 else (a, t)
                nxt = (mover, min(d + 1, maxd), na, nb) if kind == _EXT else (1 - mover, 0, na, nb)
                row.append((o, nxt))
            rows.append((prob, row))
        return rows

    start: Node = (position.to_move, position.doubles, sids[0], sids[1])
    graph: dict[Node, list[tuple[float, list[tuple[Outcome, Node | None]]]]] = {}
    todo = [start]
    while todo:
        node = todo.pop()
        if node in graph:
            continue
        graph[node] = successors(node)
        if len(graph) > limit:
            return None
        for _, row in graph[node]:
            for _, nxt in row:
                if nxt is not None and nxt not in graph:
                    todo.append(nxt)
    value = dict.fromkeys(graph, 0.5)  # player 0's chance of winning
    order = sorted(
        graph,
        key=lambda k: (
            -(sum(map(sum, tables[0].states[k[2]])) + sum(map(sum, tables[1].states[k[3]])))
        ),
    )
    for _ in range(100000):
        change = 0.0
        for node in order:
            mover = node[0]
            total = 0.0
            for prob, row in graph[node]:
                vals: list[float] = []
                for (kind, _t), nxt in row:
                    if nxt is not None:
                        vals.append(value[nxt])
                    else:
                        vals.append(1.0 if (kind == _FIN) == (mover == 0) else 0.0)
                if len(vals) == 1:
                    v = vals[0]
                elif policy == "table":
                    pick = tables[mover].choice(node[1], [o for o, _ in row])
                    v = vals[[o for o, _ in row].index(pick)]
                else:
                    v = max(vals) if mover == 0 else min(vals)
                total += prob * v
            change = max(change, abs(total - value[node]))
            value[node] = total
        if change < 1e-14:
            break
    v0 = value[start]
    return (v0, 1.0 - v0)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pachisi.race [RULESET ...]``: build the full race tables (and the
    Parcheesi family's finishing series) into the cache, so that the analysis uses them
    by default. Default: parcheesi, whitman and pagade."""
    names = list(argv if argv is not None else sys.argv[1:]) or ["parcheesi", "whitman", "pagade"]
    for name in names:
        if name not in ("parcheesi", "whitman", "pagade"):
            print(f"race: no full table for {name!r} (parcheesi, whitman, pagade)", file=sys.stderr)
            return 2
        build_table(name)
        print(f"{name}: race tables ready in {cache_dir()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


# ---------------------------------------------------------------------------
# Ludo and MADN (RULES-LUDO.md §9, §10): one die, one-sided tables solved on demand

#: Ludo and MADN: the most one-sided states of one player solved for one position (a
#: larger race is not covered: about 10 ms of CPU a state, in the clear engine).
ONE_DIE_LIMIT = 600
#: Ludo and MADN: turns followed in a finishing distribution (the mass left is the error).
ONE_DIE_TURNS = 2000
#: Ludo and MADN: a state's finishing distribution stops once this little mass is left.
_ROW_CUT = 1e-13

_ONE_DIE = ("ludo", "maedn")
_Node = tuple[tuple[int, ...], int, int]  # a player's pawns, doubles, tries (in a turn)


def _one_die_rings(setup: Setup) -> tuple[int, int, int] | None:
    """Ring size, step between entries and last ring progress of a race-table set-up, or
    ``None`` where the tables do not follow the switches: ludopy's quirks (a home-column
    pawn seen on the ring, L.2.4) and overshoot "ludopy" (back to the ring, L.3.3) make the
    home column not private, "bounce" moves a pawn back, ludopy's opening depends on the
    round, not on the player alone (L.6.3)."""
    if setup.ruleset == "maedn":
        return 40, 10, 40
    opt = setup.option
    if opt("ludopy_quirks") or opt("overshoot") != "exact" or opt("start_tries") == "opening":
        return None
    return 52, 13, 51


def _arc(ring: tuple[int, int, int], arm: int, p: int) -> frozenset[int]:
    """The ring squares a pawn at progress ``p`` may still stand on (none once private)."""
    size, step, last = ring
    first = max(p, 1)
    if p > last:
        return frozenset()
    return frozenset((step * arm + k - 1) % size for k in range(first, last + 1))


def _one_die_is_race(position: Position) -> bool:
    """RULES-LUDO.md: no capture can happen any more (L.4.2, M.3.2): the squares each
    pawn may still stand on (its route from where it is to its last ring square; none for
    a pawn in its home column, at Home or on a goal field; the whole route for a pawn in
    the yard) never meet those of another player's pawns. Blocks (L.4.2) and ludopy's
    globes and entry squares (L.4.3) then never matter either."""
    setup = position.setup
    ring = _one_die_rings(setup)
    if ring is None or position.is_over:
        return False
    seen: dict[int, int] = {}
    for i, colours in enumerate(setup.players):
        for c in colours:
            for p in set(position.pawns[c]):
                for q in _arc(ring, c, p):
                    if seen.setdefault(q, i) != i:
                        return False
    return True


def _at_most_states(pawns: Sequence[int], end: int) -> int:
    """How many sorted pawn tuples lie at or ahead of ``pawns`` (sorted), each at most
    ``end``: a bound on the states a player can reach (pawns never go back)."""
    counts = {v: 1 for v in range(pawns[0], end + 1)} if pawns else {0: 1}
    for p in pawns[1:]:
        nxt: dict[int, int] = {}
        for v in range(p, end + 1):
            nxt[v] = sum(c for u, c in counts.items() if u <= v)
        counts = nxt
    return sum(counts.values())


class _OneSided:
    """One player's race alone (Ludo, MADN): the minimum-expected-turns policy and the
    distribution of his turns to finish, by dynamic programming over the states he can
    reach from a position (his pawns; in a turn also ``doubles`` and ``tries``).

    Transitions are the engine's (:meth:`Position.legal_plays` of a position with the
    other players' pawns in their yards, where they never meet his: RULES-LUDO.md). A
    move never takes a pawn back under the switches the tables follow
    (:func:`_one_die_rings`), so states are solved in order of decreasing progress; a
    throw that moves nothing leaves the pawns as they were (a loop, solved exactly).
    """

    def __init__(self, position: Position, player: int) -> None:
        setup = position.setup
        self.setup = setup
        self.player = player
        self.colour = setup.players[player][0]
        self.empty = tuple(() if ps == () else (0,) * len(ps) for ps in position.pawns)
        self.expect: dict[tuple[int, ...], float] = {}  # E(turns) from a turn's start
        self.inner: dict[_Node, float] = {}  # expected turns after the turn's end
        self.choice: dict[tuple[_Node, int], tuple[int, ...] | None] = {}
        self.rows: dict[_Node, list[list[tuple[str, _Node]]]] = {}

    def _position(self, node: _Node) -> Position:
        pawns = list(self.empty)
        pawns[self.colour] = node[0]
        return Position(
            self.setup, tuple(pawns), self.player, node[1], None, (), None, False, node[2]
        )

    def outcomes(self, node: _Node) -> list[list[tuple[str, _Node]]]:
        """Per die 1..6: the distinct results, each ``("win"|"pass"|"again", node)``."""
        got = self.rows.get(node)
        if got is not None:
            return got
        pos = self._position(node)
        rules = ONE_DIE_RULES[self.setup.ruleset]
        rows: list[list[tuple[str, _Node]]] = []
        for d in range(1, 7):
            outs: list[tuple[str, _Node]] = []
            for _, res in rules(pos, (d, 0)).penalty():
                mine = res.pawns[self.colour]
                if res.winner is not None:
                    o = ("win", (mine, 0, 0))
                elif res.to_move == self.player:
                    o = ("again", (mine, res.doubles, res.tries))
                else:
                    o = ("pass", (mine, 0, 0))
                if o not in outs:
                    outs.append(o)
            rows.append(outs)
        self.rows[node] = rows
        return rows

    def closure(
        self, start: tuple[int, ...], limit: int, first: _Node | None = None
    ) -> list[tuple[int, ...]] | None:
        """Every turn-start state reachable from ``start``, or ``None`` past ``limit``;
        with ``first``, also those reachable from that turn in progress (a throw again
        after a 6 reaches states a fresh turn does not: a third 6 forfeits back to a
        state of the turn's middle)."""
        seen = {start}
        todo = [(start, 0, 0)]
        if first is not None and first != todo[0]:
            todo.append(first)
        nodes = set(todo)
        while todo:
            node = todo.pop()
            for outs in self.outcomes(node):
                for kind, nxt in outs:
                    if kind == "win":
                        continue
                    if kind == "pass":
                        if nxt[0] not in seen:
                            seen.add(nxt[0])
                            if len(seen) > limit:
                                return None
                            nodes.add(nxt)
                            todo.append(nxt)
                    elif nxt not in nodes:
                        nodes.add(nxt)
                        todo.append(nxt)
        return sorted(seen, key=lambda s: -sum(s))

    def value(self, node: _Node, s: tuple[int, ...]) -> tuple[float, float]:
        """The expected turns after the current turn's end from ``node``, as ``a + b * E(s)``
        (``b`` nonzero only while the pawns are still ``s``, the turn's start)."""
        if node[0] != s:
            got = self.inner.get(node)
            if got is None:
                a, _ = self._affine(node, s)
                self.inner[node] = got = a
            return got, 0.0
        return self._affine(node, s)

    def _affine(self, node: _Node, s: tuple[int, ...]) -> tuple[float, float]:
        a = b = loop = 0.0
        for d, outs in enumerate(self.outcomes(node), 1):
            best: tuple[float, float] | None = None
            pick: tuple[int, ...] | None = None
            for kind, nxt in outs:
                if kind == "win":
                    v = (0.0, 0.0)
                elif kind == "pass":
                    v = (0.0, 1.0) if nxt[0] == s else (self.expect[nxt[0]], 0.0)
                elif nxt == node:
                    loop += 1 / 6  # nothing moved, another throw as before (M.6.1)
                    v = None
                else:
                    v = self.value(nxt, s)
                if v is None:
                    continue
                if best is None or v[0] < best[0] - 1e-12:
                    best, pick = v, nxt[0]
            self.choice[(node, d)] = pick
            if best is not None:
                a += best[0] / 6
                b += best[1] / 6
        if loop:
            a, b = a / (1 - loop), b / (1 - loop)
        return a, b

    def solve(self, states: Sequence[tuple[int, ...]]) -> None:
        """E(turns) of every turn-start state, the most advanced first."""
        for s in states:
            a, b = self.value((s, 0, 0), s)
            self.expect[s] = (1.0 + a) / (1.0 - b)

    def turn_end(self, node: _Node, memo: dict[_Node, dict[object, float]]) -> dict[object, float]:
        """Where the turn in progress at ``node`` ends, under the policy: ``"win"`` or the
        next turn's start state, with their chances."""
        got = memo.get(node)
        if got is not None:
            return got
        out: dict[object, float] = {}
        loop = 0.0
        for d, outs in enumerate(self.outcomes(node), 1):
            pick = self.choice.get((node, d))
            if pick is None and outs and (node, d) not in self.choice:
                self._affine(node, node[0])
                pick = self.choice[(node, d)]
            chosen = [o for o in outs if o[1][0] == pick] if outs else []
            if not chosen:  # no move at all: the throw passes or throws again
                chosen = outs
            kind, nxt = chosen[0]
            if kind == "win":
                out["win"] = out.get("win", 0.0) + 1 / 6
            elif kind == "pass":
                out[nxt[0]] = out.get(nxt[0], 0.0) + 1 / 6
            elif nxt == node:
                loop += 1 / 6
            else:
                for k, p in self.turn_end(nxt, memo).items():
                    out[k] = out.get(k, 0.0) + p / 6
        if loop:
            out = {k: p / (1 - loop) for k, p in out.items()}
        memo[node] = out
        return out

    def distribution(
        self, node: _Node, states: Sequence[tuple[int, ...]]
    ) -> tuple[list[float], float]:
        """Chances of finishing in turn 1, 2, ... from ``node`` (turn 1: the one in
        progress), and the mass not finished within :data:`ONE_DIE_TURNS` turns."""
        memo: dict[_Node, dict[object, float]] = {}
        kernels = {s: self.turn_end((s, 0, 0), memo) for s in states}
        first = self.turn_end(node, memo)
        # f[s][t]: chance of finishing in exactly t turns from turn start s (t >= 1).
        f: dict[tuple[int, ...], list[float]] = {}
        order = list(states)
        horizon = ONE_DIE_TURNS
        for s in order:  # most advanced first: every other target is done already
            k = kernels[s]
            row = [0.0]
            stay = k.get(s, 0.0)
            win = k.get("win", 0.0)
            others = [(f[t], p) for t, p in k.items() if t != "win" and t != s]  # type: ignore[index]
            done = 0.0
            for t in range(1, horizon + 1):
                v = win if t == 1 else 0.0
                for tgt, p in others:
                    if t - 1 < len(tgt):
                        v += p * tgt[t - 1]
                if t > 1:
                    v += stay * row[t - 1]
                row.append(v)
                done += v
                if done >= 1.0 - _ROW_CUT:
                    break  # the rest is below rounding (counted in the error)
            f[s] = row
        out = [0.0] * (horizon + 1)
        for end, p in first.items():
            if end == "win":
                out[1] += p
            else:
                after = f[end]  # type: ignore[index]
                for t in range(1, min(len(after), horizon)):
                    out[t + 1] += p * after[t]
        return out, max(0.0, 1.0 - sum(out))


def _one_die_race_value(position: Position) -> RaceValue | None:
    """The race value of a Ludo or MADN pure race (:func:`_one_die_is_race`), or ``None``
    where it is not one or a player's race reaches more than :data:`ONE_DIE_LIMIT`
    states. Every player follows the one-sided minimum-expected-turns policy; ``error``
    is the mass left after :data:`ONE_DIE_TURNS` turns (0 below rounding)."""
    if not _one_die_is_race(position):
        return None
    setup = position.setup
    n = len(setup.players)
    dists: list[list[float]] = []
    lost = 0.0
    for k in range(n):
        i = (position.to_move + k) % n
        side = _OneSided(position, i)
        mine = position.pawns[setup.players[i][0]]
        if _at_most_states(mine, 57 if setup.ruleset == "ludo" else 44) > 4 * ONE_DIE_LIMIT:
            return None
        node = (mine, position.doubles, position.tries) if k == 0 else (mine, 0, 0)
        states = side.closure(mine, ONE_DIE_LIMIT, node)
        if states is None:
            return None
        side.solve(states)
        f, left = side.distribution(node, states)
        dists.append(f)
        lost = max(lost, left)
    # Player at offset k finishing in his turn t is the (t - 1) * n + k-th turn of all.
    surv = []
    for f in dists:  # surv[k][t]: chance of needing at least t turns
        s = [1.0] * (len(f) + 1)
        for t in range(1, len(f) + 1):
            s[t] = s[t - 1] - (f[t - 1] if t - 1 >= 1 else 0.0)
        surv.append(s)
    wins = [0.0] * n
    for k, f in enumerate(dists):
        total = 0.0
        for t in range(1, len(f)):
            if f[t] == 0.0:
                continue
            others = 1.0
            for j in range(n):
                if j != k:
                    x = t if j > k else t + 1
                    others *= surv[j][x] if x < len(surv[j]) else 0.0
            total += f[t] * others
        wins[(position.to_move + k) % n] = total
    error = lost * n
    if error < _EXACT:
        error = 0.0
    return RaceValue(tuple(min(1.0, w) for w in wins), error, "race")
