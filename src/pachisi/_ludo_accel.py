"""The bridge from ``ludo`` and ``maedn`` positions to their engine :mod:`pachisi._kludo`.

The clear engine (:mod:`pachisi._ludo`) and the compiled one write each rule
of RULES-LUDO.md once each; this module packs a set-up's board (the data of
:mod:`pachisi._ludo_board`) and switches into the compiled engine's table
(:func:`table`), a position into a row of ints (:func:`state`), and builds
:class:`~pachisi.plays.Play` values and positions from the rows it gets back.
:mod:`pachisi._accel` routes ``ludo`` and ``maedn`` here when the module is
compiled (:func:`compiled`); like the kernel, the module also runs
uncompiled (:func:`module` with ``compiled=False``), slowly, which the tests
use to check it everywhere.

It uses the standard library only (a core module).
"""

from __future__ import annotations

import importlib
from array import array
from collections.abc import Sequence
from types import ModuleType
from typing import Any, NamedTuple

from . import _uncompiled
from ._ludo_board import LUDO, LUDO_SAFE, LUDOPY_ENTRIES, LUDOPY_GLOBES, LUDOPY_NEXT_STAR, MAEDN
from .plays import KINDS, Action, LegalPlays, Play, actions_of, check_throw, play_of_raw
from .position import Position
from .rules import Setup

__all__ = [
    "LudoGame",
    "OneDieSteps",
    "compiled",
    "legal_plays",
    "module",
    "rows",
    "sim_state",
    "simulate",
    "state",
    "table",
]

# The compiled engine's layouts (pachisi._kludo; tests/test_kludo.py checks they agree).
ST = 21
OW = 26
G_SIZE = 6
_OVERSHOOT = {"exact": 0, "bounce": 1, "ludopy": 2}
_BLOCKS = {"no_landing": 0, "impassable": 1, "kill_mover": 2}
_TRIES = {"one": 0, "three": 1, "opening": 2}


_COMPILED = _uncompiled.compiled("_kludo")


def compiled() -> bool:
    """Whether the compiled engine of ``ludo`` and ``maedn`` is installed."""
    return _COMPILED


_MODULES: dict[bool, ModuleType | None] = {}


def module(compiled: bool = True) -> ModuleType | None:
    """The engine module: the compiled one (``None`` if absent), or the uncompiled source."""
    if compiled in _MODULES:
        return _MODULES[compiled]
    mod: ModuleType | None = None
    if compiled:
        if _COMPILED:
            mod = importlib.import_module("pachisi._kludo")
    else:
        mod = _uncompiled.load("_kludo")
    _MODULES[compiled] = mod
    return mod


def _kernel(mod: ModuleType | None) -> Any:
    """This thread's ``LudoKernel`` of ``mod`` (default: the compiled module)."""
    if mod is None:
        mod = module()
        if mod is None:
            raise RuntimeError("the compiled engine of ludo and maedn is not installed")
    return _uncompiled.per_thread(mod, "LudoKernel")


_TABLES: dict[Setup, Any] = {}
#: The last set-up asked for, its table and its colours in play (one flag a colour), as
#: one tuple replaced whole (threads read it once: never one set-up's with another's
#: table): a game asks for the same set-up at every throw, and hashing it costs more.
_LAST: tuple[Any, Any, tuple[bool, bool, bool, bool]] = (None, None, (False,) * 4)


def _set_up(setup: Setup) -> tuple[Any, tuple[bool, bool, bool, bool]]:
    """``setup``'s table and which colours are in play, from the last call's if the same."""
    global _LAST
    last = _LAST
    if last[0] is not setup:
        in_play = setup.colours_in_play
        flags = (0 in in_play, 1 in in_play, 2 in in_play, 3 in in_play)
        last = _LAST = (setup, table(setup), flags)
    return last[1], last[2]


def table(setup: Setup) -> Any:
    """The compiled engine's table of ``setup`` (cached): the board as data, the switches."""
    found = _TABLES.get(setup)
    if found is not None:
        return found
    t = [0] * 288
    maedn = setup.ruleset == "maedn"
    ring = MAEDN if maedn else LUDO
    opt = setup.option
    t[0] = int(maedn)
    t[1] = len(setup.players)
    for i, cols in enumerate(setup.players):
        t[2 + i] = cols[0]
    for c in setup.colours_in_play:
        t[6 + c] = 1
    t[10], t[11], t[12], t[13] = ring.size, ring.step, ring.last, ring.end
    if maedn:
        t[18] = int(bool(opt("three_sixes")))
        t[21] = int(bool(opt("three_tries")))
        t[22] = int(bool(opt("goal_jump")))
        t[23] = int(bool(opt("must_capture")))
    else:
        board = str(opt("board"))
        t[14] = int(opt("last_ring_square") == "skip")
        t[15] = _OVERSHOOT[str(opt("overshoot"))]
        t[16] = _BLOCKS[str(opt("blocks"))]
        t[17] = _TRIES[str(opt("start_tries"))]
        t[18] = int(bool(opt("three_sixes")))
        t[19] = int(bool(opt("bonus_throws")))
        t[20] = int(bool(opt("ludopy_quirks")))
        t[24] = int(board == "ludopy")
        for p in LUDO_SAFE[board]:
            t[32 + p] = 1
        if board == "ludopy":
            for p, q in LUDOPY_NEXT_STAR.items():
                t[96 + p] = q
            for p in LUDOPY_GLOBES:
                t[160 + p] = 1
            for p, i in LUDOPY_ENTRIES.items():
                t[224 + p] = i
    packed = array("i", t)
    _TABLES[setup] = packed
    return packed


def state(position: Position) -> Any:
    """``position`` as the compiled engine's row of ints (see :mod:`pachisi._kludo`)."""
    pawns = position.pawns
    won = position.winner
    if len(pawns) == 4:
        a, b, c, d = pawns  # four pawns for a colour in play, none for another
        row = (
            *(a or _NONE),
            *(b or _NONE),
            *(c or _NONE),
            *(d or _NONE),
            position.to_move,
            position.doubles,
            position.tries,
            int(position.opening),
            won[0] if won else -1,
        )
        if len(row) == ST:
            return array("i", row)
    # any other shape, as given (a colour's missing pawns as 0)
    slow = [0] * ST
    for k, ps in enumerate(pawns):
        slow[4 * k : 4 * k + len(ps)] = ps
    slow[16] = position.to_move
    slow[17] = position.doubles
    slow[18] = position.tries
    slow[19] = int(position.opening)
    slow[20] = won[0] if won else -1
    return array("i", slow)


_NONE = (0, 0, 0, 0)


_new = object.__new__


def _position(
    setup: Setup, row: tuple[int, ...], in_play: tuple[bool, bool, bool, bool]
) -> Position:
    """The position of an engine row, built as the constructor would (equal, same hash).

    ``in_play``: whether each colour is in play.
    """
    pos: Position = _new(Position)
    d = pos.__dict__
    d["setup"] = setup
    d["pawns"] = (
        row[0:4] if in_play[0] else (),
        row[4:8] if in_play[1] else (),
        row[8:12] if in_play[2] else (),
        row[12:16] if in_play[3] else (),
    )
    d["to_move"] = row[16]
    d["doubles"] = row[17]
    d["cut"] = None
    won = row[20]
    d["finished"] = (won,) if won >= 0 else ()
    d["winner"] = (won,) if won >= 0 else None
    d["opening"] = bool(row[19])
    d["tries"] = row[18]
    return pos


def _raw(row: Sequence[int], die: int) -> tuple[tuple[int, int, int, int, tuple[int], bool], ...]:
    if row[21] < 0:
        return ()
    return ((row[21], row[22], row[23], row[24], (die,), bool(row[25])),)


def rows(position: Position, die: int, mod: ModuleType | None = None) -> list[tuple[int, ...]]:
    """The engine's outcome rows of ``die`` in ``position`` (a checked throw), in order."""
    out: list[tuple[int, ...]] = _kernel(mod).outcomes(table(position.setup), state(position), die)
    return out


def legal_plays(
    position: Position, throw: Sequence[int], mod: ModuleType | None = None
) -> LegalPlays:
    """Every legal play of ``throw`` in ``position`` from the compiled engine.

    The same :class:`~pachisi.plays.Play` values in the same order as the
    clear engine's (:func:`pachisi._clear.legal_plays`); ``mod``: the engine
    module (default the compiled one).
    """
    return _plays_rows(position, throw, mod)[0]


def _plays_rows(
    position: Position, throw: Sequence[int], mod: ModuleType | None
) -> tuple[LegalPlays, list[tuple[int, ...]], int]:
    """:func:`legal_plays`, the engine's rows of its plays and the die."""
    t = check_throw(position, throw)
    die = t[0]
    setup = position.setup
    tab, in_play = _set_up(setup)
    out: list[tuple[int, ...]] = _kernel(mod).outcomes(tab, state(position), die)

    def make(i: int) -> Play:
        row = out[i]
        return play_of_raw(_raw(row, die), _position(setup, row, in_play), t)

    return LegalPlays(position, t, len(out), make), out, die


class OneDieSteps:
    """One throw's step graph (what :class:`~pachisi.moves.Turn` walks), from the engine.

    A one-die throw is one step or none: node 0 is the start, node ``i + 1``
    the end of play ``i``. It answers as the clear engine's graph does
    (tests/test_kludo.py).
    """

    __slots__ = ("_die", "_idle", "_rows", "plays", "position", "root")

    def __init__(self, position: Position, throw: tuple[int, int]) -> None:
        self.position = position
        plays, self._rows, self._die = _plays_rows(position, throw, None)
        #: The plays of the throw, in canonical order.
        self.plays = plays
        #: Where the throw starts.
        self.root = 0
        # a throw that cannot be used: its one play has no step (the row's kind is -1)
        self._idle = self._rows[0][21] < 0

    def steps(self, node: int) -> list[tuple[Action, int]]:
        """The steps from ``node`` (variants numbered as ``moves.Turn`` numbers them)."""
        if node or self._idle:
            return []
        counts: dict[Action, int] = {}
        out: list[tuple[Action, int]] = []
        die = self._die
        for i, row in enumerate(self._rows):
            action = actions_of(_raw(row, die))[0]  # its play's step (built without the play)
            k = counts.get(action, 0)
            counts[action] = k + 1
            if k:
                action = Action(
                    action.kind,
                    action.colour,
                    action.frm,
                    action.to,
                    action.numbers,
                    action.capture,
                    variant=k,
                )
            out.append((action, i + 1))
        return out

    def is_done(self, node: int) -> bool:
        """Whether the throw is fully played at ``node``."""
        return node > 0 or self._idle

    def pending(self, node: int) -> tuple[int, ...]:
        """No bonuses in these rulesets."""
        return ()

    def pawns(self, node: int) -> tuple[tuple[int, ...], ...]:
        """Every colour's pawns at ``node``."""
        if node == 0:
            return self.position.pawns
        return self.plays[node - 1].position.pawns

    def result(self, node: int) -> Position:
        """The position at the next throw boundary once ``node`` is done."""
        return self.plays[max(node - 1, 0)].position


class LudoGame(NamedTuple):
    """One game of :func:`simulate`: throws, the winner (or ``None``), captures by player."""

    throws: int
    winner: int | None
    captures: tuple[int, ...]


def simulate(
    position: Position,
    streams: Sequence[tuple[int, int]],
    firsts: Sequence[int],
    max_throws: int,
    mod: ModuleType | None = None,
    trace: bool = False,
) -> tuple[list[LudoGame], list[list[int]]]:
    """Whole games of random players from ``position``, in the compiled engine.

    Game ``i``: player ``firsts[i]`` throws first, the dice come from a
    splitmix64 seeded ``streams[i][0]``, the choices from one seeded
    ``streams[i][1]`` (one face per throw; one draw among the outcomes in
    canonical order, even when there is one), as
    :func:`pachisi.tournament.kernel.pure_game` plays them through the
    clear engine. With ``trace``, the rows before each throw (die, then
    the state) and the final state.
    """
    n = len(firsts)
    res = array("i", bytes(4 * G_SIZE * n))
    seeds = array("Q", [s & 0xFFFFFFFFFFFFFFFF for pair in streams for s in pair])
    steps: list[list[int]] = []
    if n:
        steps = _kernel(mod).simulate(
            table(position.setup),
            state(position),
            n,
            seeds,
            array("i", firsts),
            res,
            max_throws=max_throws,
            trace=trace,
        )
    players = len(position.setup.players)
    games = []
    for i in range(n):
        r = res[G_SIZE * i : G_SIZE * (i + 1)]
        games.append(LudoGame(r[0], r[1] if r[1] >= 0 else None, tuple(r[2 : 2 + players])))
    return games, steps


def sim_state(position: Position) -> tuple[int, ...]:
    """``position``'s row (:func:`state`) as a tuple, to compare with a traced game's."""
    return tuple(state(position))


assert KINDS[0] == "enter" and KINDS[1] == "move"  # the engine's step kinds
