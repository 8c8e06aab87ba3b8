"""Which engine runs, and the bridge from positions to the compiled kernel.

The core may import this module freely: it uses the standard library only
and imports :mod:`pachisi._kernel` only when that module is *compiled* (an
extension module beside the package), and not when ``PACHISI_PURE=1`` is set
in the environment. Then :func:`engine` is ``"kernel"``, else ``"pure"``.

:func:`legal_plays` answers like :func:`pachisi.moves.legal_plays` (the same
:class:`~pachisi.moves.Play` values in the same order) from the kernel. It
also runs on the uncompiled kernel module (:func:`kernel_module` with
``compiled=False``), slowly, which the tests use to check the algorithm
everywhere, compiled or not.
"""

from __future__ import annotations

import importlib
import os
import threading
from array import array
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType
from typing import Any, Literal, NamedTuple, Protocol, cast, overload

from . import _clear, _ludo_accel, _splitmix, _uncompiled

# The kernel's layouts: written once, in pachisi._layout (the compiled kernel's C constants
# are made from it: _layout.pxd); here for this module and its callers.
from ._layout import (
    C_CAPTURE_BONUS,
    C_COL,
    C_CUT_RULE,
    C_FRIEND,
    C_HOME_BONUS,
    C_IN_PLAY,
    C_JUMP,
    C_LARGER_DIE,
    C_MAY_ADVANCE,
    C_NCOL,
    C_NO_SPLIT,
    C_PAGADE,
    C_PAIR_DOUBLE,
    C_PARTIAL_NOTHING,
    C_RINDEX,
    C_ROUTE,
    C_SAFE_X,
    C_SAFETY,
    C_SIZE,
    C_XSQ,
    D_CHANCE,
    D_HOME_VALUE,
    D_SIGNS,
    D_SIZE,
    E_FRIENDLY,
    E_HOME,
    E_OWNER,
    E_PAGADE,
    E_SAFE,
    E_SIZE,
    E_SPARE,
    G_CFG,
    G_FACES,
    G_HOME,
    G_MAJOR,
    G_N,
    G_NFACES,
    G_PAGADE,
    G_PCOLS,
    G_PFP,
    G_TEAM,
    G_TEAMS,
    P_CUT,
    P_DOUBLES,
    R_SIZE,
    S_CUTS,
    S_FIN,
    S_NFIN,
    S_SIZE,
    S_TO_MOVE,
    S_WIN,
    SIM_SIZE,
    T_DONE,
    T_PAWNS,
    TN,
)
from .board import ROUTES, SAFETY_SQUARES, X_SQUARES
from .dice import dice_for
from .hand_terms import hit_chance, player_signs, safe_squares, spare_colours
from .plays import (
    KINDS,
    Action,
    LegalPlays,
    Play,
    RawAction,
    best_plays,
    check_throw,
    play_of_raw,
    step_rank,
)
from .position import Position, _trusted, advance, game_over, player_finished
from .rules import Setup

__all__ = [
    "FORCED_PURE",
    "KERNEL_RULESETS",
    "KINDS",
    "RawAction",
    "RawEnd",
    "TurnGraph",
    "active",
    "active_for",
    "engine",
    "evaluates_for",
    "kernel_module",
    "legal_plays",
    "plays_raw",
    "pure",
    "turn_graph",
]

# KINDS (action kinds by the kernel's numbers), RawAction and actions_of are pachisi.plays'.
_OPTIONS = ("A", "B", "C")


_MODULES: dict[bool, ModuleType | None] = {}


def kernel_module(compiled: bool = True) -> ModuleType | None:
    """The kernel module: the compiled one (``None`` if absent), or the uncompiled source.

    ``compiled=False`` loads ``_kernel.py`` as plain Python (with Cython's
    ``cython`` shadow module, or :mod:`pachisi._cython_shim` without Cython).
    """
    if compiled in _MODULES:
        return _MODULES[compiled]
    mod: ModuleType | None = None
    if compiled:
        if _uncompiled.compiled("_kernel"):
            mod = importlib.import_module("pachisi._kernel")
    else:
        mod = _uncompiled.load("_kernel")
    _MODULES[compiled] = mod
    return mod


def batch_module(compiled: bool = True) -> ModuleType | None:
    """The kernel's batched environments (``pachisi._kbatch``, its ``Batch``): compiled
    (``None`` if the kernel is not), or the uncompiled source, which drives the
    uncompiled kernel (:func:`kernel_module` ``(False)``)."""
    if not compiled:
        return _uncompiled.load("_kbatch")
    if kernel_module(True) is None:
        return None
    return importlib.import_module("pachisi._kbatch")


#: Set by ``PACHISI_PURE=1`` in the environment when the program starts.
FORCED_PURE = os.environ.get("PACHISI_PURE") == "1"
_ACTIVE = not FORCED_PURE and _uncompiled.compiled("_kernel")


def engine() -> str:
    """``"kernel"`` when the compiled kernel answers, ``"pure"`` when the Python engine does."""
    return "kernel" if _ACTIVE else "pure"


def active() -> bool:
    """Whether the library should answer from the kernel (checked at every call).

    For one ruleset ask :func:`active_for`: the kernel does not know every ruleset.
    """
    return _ACTIVE


#: The rulesets the compiled kernel (:mod:`pachisi._kernel`) plays. ``ludo`` and ``maedn``
#: (RULES-LUDO.md) have their own compiled engine (:data:`LUDO_RULESETS`).
KERNEL_RULESETS = ("pagade", "whitman", "parcheesi", "eight-man")


#: The one-die rulesets (RULES-LUDO.md): the compiled engine :mod:`pachisi._kludo` plays
#: them (through :mod:`pachisi._ludo_accel`) when it was built beside the kernel.
LUDO_RULESETS = ("ludo", "maedn")
# The two as sets, for the checks made at every call of legal_plays.
_KERNEL_SET = frozenset(KERNEL_RULESETS)
_LUDO_SET = frozenset(LUDO_RULESETS)


def active_for(ruleset: str) -> bool:
    """Whether the kernel answers for ``ruleset``: :func:`active`, and a ruleset it knows."""
    if not _ACTIVE:
        return False
    if ruleset in _KERNEL_SET:
        return True
    return ruleset in _LUDO_SET and _ludo_accel.compiled()


def evaluates_for(ruleset: str) -> bool:
    """Whether the kernel's evaluation, look-ahead and playouts play ``ruleset``: the
    cross's rulesets only (Ludo's and MADN's compiled engine has their rules and random
    games, not their players: :mod:`pachisi.bots.one_die` evaluates them in Python)."""
    return _ACTIVE and ruleset in KERNEL_RULESETS


@contextmanager
def pure() -> Iterator[None]:
    """Within the block the pure engine answers (:func:`active` is false); for comparisons."""
    global _ACTIVE
    saved = _ACTIVE
    _ACTIVE = False
    try:
        yield
    finally:
        _ACTIVE = saved


# ---------------------------------------------------------------------------
# Packing


def _route_index(route: Sequence[int]) -> list[int]:
    index = [-1] * 100
    for p, s in enumerate(route):
        if s >= 0:
            index[s] = p
    return index


_CFG: dict[tuple[Setup, int], Any] = {}


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _cfg(setup: Setup, mover: int) -> Any:
    """The kernel's fixed table for ``setup`` with ``mover`` to throw (cached)."""
    key = (setup, mover)
    found = _CFG.get(key)
    if found is not None:
        return found

    cfg = [0] * C_SIZE
    ruleset = setup.ruleset
    pagade = ruleset == "pagade"
    colours = setup.players[mover]
    cfg[C_PAGADE] = int(pagade)
    cfg[C_JUMP] = int(setup.option("sum_move") == "jump")
    cfg[C_NCOL] = len(colours)
    for i, c in enumerate(colours):
        cfg[C_COL + i] = c
    if pagade:
        cfg[C_CUT_RULE] = int(bool(setup.option("cut_to_enter_home")))
        cfg[C_SAFE_X] = int(bool(setup.option("safe_x_squares")))
        cfg[C_PAIR_DOUBLE] = int(setup.option("pair_move") == "double")
    else:
        cfg[C_CAPTURE_BONUS] = _int(setup.option("capture_bonus"))
        cfg[C_HOME_BONUS] = _int(setup.option("home_bonus"))
        cfg[C_LARGER_DIE] = int(bool(setup.option("larger_die")))
        cfg[C_NO_SPLIT] = int(bool(setup.option("no_split_doubles_home")))
        cfg[C_MAY_ADVANCE] = int(bool(setup.option("blockade_may_advance")))
        cfg[C_PARTIAL_NOTHING] = int(setup.option("partial_doubles") == "nothing")
    me = colours[0]
    for c in setup.colours_in_play:
        cfg[C_IN_PLAY + c] = 1
        cfg[C_FRIEND + c] = int(setup.friendly[me][c])
    routes = ROUTES[ruleset]
    for c in range(4):
        for p, s in enumerate(routes[c]):
            cfg[C_ROUTE + 85 * c + p] = s
        if not pagade:
            for s, p in enumerate(_route_index(routes[c])):
                cfg[C_RINDEX + 100 * c + s] = p
    for s in SAFETY_SQUARES:
        cfg[C_SAFETY + s] = 1
    for s in X_SQUARES:
        cfg[C_XSQ + s] = 1
    packed = array("i", cfg)
    _CFG[key] = packed
    return packed


_LOCAL = threading.local()


def _kernel(module: ModuleType) -> Any:
    """This thread's :class:`Kernel` of ``module`` (its buffers are per call, not shareable)."""
    return _uncompiled.per_thread(module, "Kernel")


def _games_module(kernel: ModuleType) -> ModuleType:
    """The games module (``pachisi._kplay``: playouts, simulate, self-play) that plays on
    the kernel module ``kernel``: the compiled one, or for the uncompiled kernel
    (:func:`kernel_module` ``(False)``) the uncompiled source."""
    if kernel.__name__ == "pachisi._kernel_py":
        return _uncompiled.load("_kplay")
    if not _uncompiled.compiled("_kplay"):  # a build from before the games' own module
        raise RuntimeError("pachisi._kplay is not compiled: rebuild the kernel (setup.py)")
    return importlib.import_module("pachisi._kplay")


def _games(module: ModuleType) -> Any:
    """This thread's :class:`pachisi._kplay.Games` for the kernel module ``module`` (it owns
    a kernel of its own; its buffers are per call, not shareable)."""
    return _uncompiled.per_thread(_games_module(module), "Games")


def _default_kernel() -> Any:
    """This thread's :class:`Kernel` of the compiled module; :class:`RuntimeError` if absent."""
    kern = getattr(_LOCAL, "default", None)
    if kern is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
        kern = _LOCAL.default = _kernel(module)
    return kern


#: One candidate end: (actions, pawns, cut flag, extra).
RawEnd = tuple[tuple[RawAction, ...], tuple[tuple[int, ...], ...], bool, bool]


class _Context:
    """What :func:`legal_plays` needs of one set-up, worked out once (see :func:`_context`)."""

    __slots__ = ("cfgs", "colours", "home", "in_play", "ludo", "n", "setup", "throws")

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.n = n = len(setup.players)
        #: Ludo's and MADN's engine is another (pachisi._ludo_accel): nothing else is set.
        self.ludo = setup.ruleset in _LUDO_SET
        self.cfgs = [] if self.ludo else [_cfg(setup, i) for i in range(n)]
        self.colours = setup.players
        self.home = setup.home
        self.in_play = sum(1 << c for c in setup.colours_in_play)
        faces = () if self.ludo else dice_for(setup.ruleset).faces
        #: The valid throws, as the exact tuples a caller passes (ints, not bools).
        self.throws = frozenset((a, b) for a in faces for b in faces)


_CONTEXTS: dict[int, _Context] = {}


def _context(setup: Setup) -> _Context:
    """The :class:`_Context` of ``setup``, cached by identity (it keeps ``setup`` alive)."""
    ctx = _CONTEXTS.get(id(setup))
    if ctx is None or ctx.setup is not setup:
        if len(_CONTEXTS) >= 1000:
            _CONTEXTS.clear()
        ctx = _CONTEXTS[id(setup)] = _Context(setup)
    return ctx


def _run(kern: Any, ctx: _Context, position: Position, throw: tuple[int, int]) -> int:
    """Have ``kern`` enumerate the ends of ``throw`` (a checked throw), in canonical order;
    their number."""
    mover = position.to_move
    cut = position.cut
    n: int = kern.plays(
        ctx.cfgs[mover],
        (position.pawns, position.doubles, 1 if cut is not None and cut[mover] else 0),
        throw,
    )
    return n


def plays_raw(position: Position, throw: tuple[int, int], module: ModuleType) -> list[RawEnd]:
    """The kernel's candidate ends, in order: (actions, pawns, cut flag, extra).

    Each action is ``(kind, colour, frm, to, numbers, capture)`` with ``kind``
    an index into :data:`KINDS` (an option's letter index is in ``frm``).
    Each (pawns, cut flag, extra) comes once; two may still give the same
    position (when the mover finishes, ``extra`` does not count): the first
    one counts.
    """
    kern = _kernel(module)
    ctx = _context(position.setup)
    _run(kern, ctx, position, throw)
    res: list[RawEnd] = kern.decoded(ctx.in_play)
    return res


_new = object.__new__


class _KernelPlays(LegalPlays):
    """The kernel's :class:`~pachisi.plays.LegalPlays` of a throw after which the mover
    cannot have finished: each play decoded from the kernel's records, and built, when
    it is read (:func:`legal_plays` makes it without calling ``__init__``).

    A play's position is :func:`advance`'s, which reduces to this when the mover
    cannot finish and the game went on before the throw: the mover throws again
    (the throw's extra) or the next player who has not finished throws.
    """

    __slots__ = ("_records",)

    #: The kernel's records of the outcomes (``Kernel.packed``).
    _records: Any

    def _play(self, index: int) -> Play:
        acts, pawns, flag, extra = self._records.record(index)
        position = self.position
        mover = position.to_move
        cut = position.cut
        if flag and cut is not None and not cut[mover]:  # the mover's cut made (Pagade)
            cut = tuple(True if i == mover else f for i, f in enumerate(cut))
        if extra:
            res = _trusted(
                position.setup,
                pawns,
                mover,
                position.doubles + 1,
                cut,
                position.finished,
                position.winner,
            )
        else:
            res = _trusted(
                position.setup,
                pawns,
                _next_player(position),
                0,
                cut,
                position.finished,
                position.winner,
            )
        return play_of_raw(acts, res, self.throw)

    def _plays(self) -> list[Play]:
        position = self.position
        setup = position.setup
        mover = position.to_move
        doubles = position.doubles
        finished = position.finished
        winner = position.winner
        nxt = _next_player(position)
        cut0 = position.cut
        cut1 = cut0
        if cut0 is not None and not cut0[mover]:
            cut1 = tuple(True if i == mover else f for i, f in enumerate(cut0))
        t = self.throw
        plays = []
        for acts, pawns, flag, extra in self._records.records():
            cut = cut1 if flag else cut0
            if extra:
                res = _trusted(setup, pawns, mover, doubles + 1, cut, finished, winner)
            else:
                res = _trusted(setup, pawns, nxt, 0, cut, finished, winner)
            plays.append(play_of_raw(acts, res, t))
        return plays


def _next_player(position: Position) -> int:
    """The player after the mover who has not finished (the mover if none)."""
    n = len(position.setup.players)
    mover = position.to_move
    finished = position.finished
    if not finished:
        return mover + 1 if mover + 1 < n else 0
    return next(
        (k for k in ((mover + i) % n for i in range(1, n)) if k not in finished),
        mover,
    )


def legal_plays(
    position: Position, throw: Sequence[int], module: ModuleType | None = None
) -> LegalPlays:
    """Every legal play of ``throw`` in ``position``, from the kernel (see the module docstring).

    ``module``: the kernel module to use (default: the compiled one; a
    :class:`RuntimeError` if it is absent).

    A :class:`~pachisi.plays.LegalPlays`: the kernel enumerates every play at
    once, and a play's position is built when the play is read (all at once
    in the rare throw after which the mover may have finished, where two ends
    can give one position); its actions when they are read
    (:func:`pachisi.plays.actions_of`).
    """
    # Written for speed: most answers are counted and one play read, so nothing that
    # only a play needs is worked out here (see _KernelPlays).
    setup = position.setup
    ctx = _CONTEXTS.get(id(setup))
    if ctx is None or ctx.setup is not setup:
        ctx = _context(setup)
    if ctx.ludo:  # the engine of ludo and maedn
        return _ludo_accel.legal_plays(position, throw)
    if module is None:
        try:
            kern = _LOCAL.default
        except AttributeError:
            kern = _default_kernel()
    else:
        kern = _kernel(module)
    # The common case checked quickly; anything else (a list, a bool, a bad face,
    # a decided game) goes through the full check and its error messages.
    t: tuple[int, int]
    if (
        type(throw) is tuple
        and len(throw) == 2
        and type(throw[0]) is int
        and type(throw[1]) is int
        and throw in ctx.throws
        and position.winner is None
    ):
        t = throw
    else:
        t = check_throw(position, throw)
    mover = position.to_move
    cut = position.cut
    n: int = kern.plays(
        ctx.cfgs[mover],
        (position.pawns, position.doubles, 1 if cut is not None and cut[mover] else 0),
        t,
    )
    # the outcomes in the canonical order (plays.play_order), packed (Kernel.packed)
    records, may_finish = kern.packed(ctx.in_play, ctx.home)
    if not may_finish:
        # Fewer than 3 pawns of a colour HOME in every end: the mover cannot have
        # finished, and the game went on before the throw: advance() reduces to
        # _KernelPlays's, and the ends give distinct positions (the extra throw
        # counts). So the plays are counted now, and each is decoded and built when
        # it is read.
        view: _KernelPlays = _new(_KernelPlays)
        view.position = position
        view.throw = t
        view._n = n
        view._made = None
        view._records = records
        return view
    cut0 = cut
    cut1 = cut0
    if cut0 is not None and not cut0[mover]:
        cut1 = tuple(True if i == mover else f for i, f in enumerate(cut0))
    ends: list[RawEnd] = records.records()
    out: list[Play] = []
    # A position is a function of (pawns, cut, extra), and the kernel gives each of
    # those once; only ends with the same (pawns, cut flag) can still meet: the
    # extra throw withheld from a finisher (advance), so only those are compared,
    # and the greater play of the two is shown (plays.step_rank).
    seen: dict[tuple[tuple[tuple[int, ...], ...], bool], list[int]] = {}
    for acts, pawns, flag, extra in ends:
        cut = cut1 if flag else cut0
        res = advance(position, pawns, cut, extra)
        same = seen.setdefault((pawns, flag), [])
        twin = next((i for i in same if out[i].position == res), None)
        if twin is None:
            same.append(len(out))
            out.append(play_of_raw(acts, res, t))
        elif _raw_ranks(acts) > _raw_ranks(out[twin]._raw):
            out[twin] = play_of_raw(acts, res, t)
    return LegalPlays.of(position, t, out)


def _raw_ranks(acts: Sequence[RawAction]) -> tuple[int, ...]:
    """The ranks of the kernel's raw actions (:func:`pachisi.plays.step_rank`)."""
    return tuple(
        step_rank((KINDS[k], c, f, to, nums, cap, _OPTIONS[f] if k == 5 else ""))
        for k, c, f, to, nums, cap in acts
    )


# ---------------------------------------------------------------------------
# Playouts

_GAMES: dict[Setup, Any] = {}


def game_table(setup: Setup) -> Any:
    """The kernel's table of a set-up for playouts (cached): players, dice, one cfg per mover."""
    found = _GAMES.get(setup)
    if found is not None:
        return found

    n = len(setup.players)
    head = [0] * G_CFG
    head[G_N] = n
    head[G_PAGADE] = int(setup.ruleset == "pagade")
    head[G_PFP] = int(setup.ruleset == "pagade" and bool(setup.option("play_for_places")))
    head[G_HOME] = setup.home
    faces = dice_for(setup.ruleset).faces
    head[G_NFACES] = len(faces)
    for i, f in enumerate(faces):
        head[G_FACES + i] = f
    head[G_TEAMS] = int(bool(setup.teams))
    for i, cs in enumerate(setup.players):
        head[G_PCOLS + 3 * i] = len(cs)
        for j, c in enumerate(cs):
            head[G_PCOLS + 3 * i + 1 + j] = c
        major = setup.majors[i] if setup.majors is not None else None
        head[G_MAJOR + i] = major if major is not None else -1
        mask = 0
        for j in setup.team_of(i):
            mask |= 1 << j
        head[G_TEAM + i] = mask
    table = array("i", head)
    for i in range(n):
        table.extend(_cfg(setup, i))
    _GAMES[setup] = table
    return table


def game_state(position: Position) -> Any:
    """A position as the kernel's game state (``array("i")`` of ``S_SIZE`` ints)."""

    st = array("i", bytes(4 * S_SIZE))
    for c in position.setup.colours_in_play:
        for k, p in enumerate(position.pawns[c]):
            st[4 * c + k] = p
    st[P_DOUBLES] = position.doubles
    st[S_TO_MOVE] = position.to_move
    if position.cut is not None:
        st[S_CUTS] = sum(1 << i for i, f in enumerate(position.cut) if f)
    st[S_NFIN] = len(position.finished)
    for k, i in enumerate(position.finished):
        st[S_FIN + k] = i
    if position.winner is not None:
        st[S_WIN] = sum(1 << i for i in position.winner)
    return st


class Playout(NamedTuple):
    """One playout's result (a named 3-tuple: callers may unpack it as before)."""

    #: Throws played.
    throws: int
    #: The players who finished, in order.
    finished: tuple[int, ...]
    #: The winners (§3.5), or ``None`` if the game was cut off before it was won.
    winner: tuple[int, ...] | None


class EvaluatedPlayout(NamedTuple):
    """A playout's result with ``evaluate_cutoff=True``: :class:`Playout`'s fields, then values."""

    throws: int
    finished: tuple[int, ...]
    winner: tuple[int, ...] | None
    #: When the game was cut off by ``max_throws`` before it was decided: the hand-made
    #: evaluation (``pachisi.bots.evaluation.evaluate``) of its last position for every
    #: player, in player order (with ``network_cutoff``: the network's value, each
    #: player's side's chance of winning); ``None`` for a decided game.
    values: tuple[float, ...] | None


_EVAL: dict[Setup, tuple[Any, Any]] = {}


def eval_tables(setup: Setup) -> tuple[Any, Any]:
    """The kernel's tables of the hand-made evaluation (``pachisi.bots.evaluation``).

    The same numbers as that module's ``_Tables``, from the same terms
    (:mod:`pachisi.hand_terms`; the tests compare the evaluations bit for bit).
    """
    found = _EVAL.get(setup)
    if found is not None:
        return found

    pagade = setup.ruleset == "pagade"
    safe = safe_squares(setup)
    hit = hit_chance(setup.ruleset)
    evi = [0] * E_SIZE
    evd = [0.0] * D_SIZE
    for q in range(68):
        evi[E_SAFE + q] = int(q in safe)
        evd[D_CHANCE + q] = hit[q]
    owner = setup.owner
    spare = spare_colours(setup)
    for c in range(4):
        for d in range(4):
            evi[E_FRIENDLY + 4 * c + d] = int(setup.friendly[c][d])
        o = owner[c]
        evi[E_OWNER + c] = o if o is not None else 0
        evi[E_SPARE + c] = int(spare[c])
    evi[E_PAGADE] = int(pagade)
    evi[E_HOME] = setup.home
    evd[D_HOME_VALUE] = float(setup.home + 10)
    for player in range(len(setup.players)):
        evd[D_SIGNS + 4 * player : D_SIGNS + 4 * player + 4] = player_signs(setup, player)
    tables = (array("d", evd), array("i", evi))
    _EVAL[setup] = tables
    return tables


def kernel_evaluate(position: Position, player: int, module: ModuleType | None = None) -> float:
    """The kernel's hand-made evaluation of ``position`` for ``player``."""
    if module is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    kern = _kernel(module)
    evd, evi = eval_tables(position.setup)
    value: float = kern.evaluate_state(
        game_table(position.setup), evd, evi, game_state(position), player
    )
    return value


_POLICIES = ("random", "greedy", "network")


class Network(Protocol):
    """A value network as the playouts use it (:class:`pachisi.learn.network.ValueNet`).

    The core does not import :mod:`pachisi.learn`: it takes the network as
    this protocol, its kernel tables for :func:`playouts` and its values for
    :func:`pure_playouts` (the same numbers, bit for bit).
    """

    def value(self, position: Position, player: int) -> float:
        """``player``'s (side's) chance of winning ``position``, by the plain-Python path."""
        ...

    def kernel_tables(self, setup: Setup) -> tuple[Any, Any]:
        """The kernel's tables of the network for ``setup``."""
        ...


def _policy_mask(
    position: Position, greedy: bool, policies: Sequence[str] | None, name: str = "greedy"
) -> int:
    """The players who play the policy ``name``, as a bit mask (see :func:`playouts`)."""
    n = len(position.setup.players)
    if policies is None:
        return (1 << n) - 1 if greedy and name == "greedy" else 0
    if isinstance(policies, str) or len(policies) != n:
        raise ValueError(f"policies: give one of {_POLICIES} for each of the {n} players")
    mask = 0
    for i, policy in enumerate(policies):
        if policy not in _POLICIES:
            raise ValueError(f"policies: unknown policy {policy!r} (one of {_POLICIES})")
        if policy == name:
            mask |= 1 << i
    return mask


def _check_network(nmask: int, network_cutoff: bool, network: Network | None) -> None:
    if (nmask or network_cutoff) and network is None:
        raise ValueError("network players and network_cutoff need a network (network=...)")


def _first_throws(
    position: Position, n: int, first_throws: Sequence[Sequence[int]] | None
) -> list[tuple[int, int]] | None:
    """The checked first throws (see :func:`playouts`)."""
    if first_throws is None:
        return None
    if len(first_throws) != n:
        raise ValueError(f"first_throws: give one throw for each of the {n} playouts")
    dice = dice_for(position.setup.ruleset)
    return [dice.check(t) for t in first_throws]


def _check_args(n: int, max_throws: int, start: int) -> None:
    if n < 0:
        raise ValueError("n: the number of playouts must not be negative")
    if max_throws < 0:
        raise ValueError("max_throws must not be negative")
    if start < 0:
        raise ValueError("start: the first playout's number must not be negative")


@overload
def playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: Literal[False] = ...,
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[Playout]: ...


@overload
def playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: Literal[True],
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[EvaluatedPlayout]: ...


@overload
def playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: bool,
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[Playout] | list[EvaluatedPlayout]: ...


def playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = 100_000,
    module: ModuleType | None = None,
    greedy: bool = False,
    *,
    start: int = 0,
    first_throws: Sequence[Sequence[int]] | None = None,
    policies: Sequence[str] | None = None,
    evaluate_cutoff: bool = False,
    network: Network | None = None,
    network_cutoff: bool = False,
) -> list[Playout] | list[EvaluatedPlayout]:
    """``n`` games from ``position`` played inside the kernel; see :func:`pure_playouts`.

    Returns the same games as :func:`pure_playouts` with the same arguments
    (``module``: the kernel module, default the compiled one, a
    :class:`RuntimeError` if it is absent).
    """

    if module is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    _check_args(n, max_throws, start)
    gmask = _policy_mask(position, greedy, policies)
    nmask = _policy_mask(position, greedy, policies, "network")
    _check_network(nmask, network_cutoff and evaluate_cutoff, network)
    firsts = _first_throws(position, n, first_throws)
    kern = _games(module)
    res = array("i", bytes(4 * R_SIZE * n))
    net_cut = network_cutoff and evaluate_cutoff
    need_eval = gmask != 0 or (evaluate_cutoff and not net_cut)
    net_tables = None
    if (nmask or net_cut) and network is not None:
        net_tables = network.kernel_tables(position.setup)
    policies = kern.policies(
        gmask,
        nmask,
        evaluation=eval_tables(position.setup) if need_eval else None,
        net=net_tables,
        network_cutoff=net_cut,
    )
    fbuf = array("i", [8 * a + b for a, b in firsts]) if firsts is not None else None
    vals = array("d", bytes(8 * 4 * n)) if evaluate_cutoff else None
    if n:
        kern.playouts(
            game_table(position.setup),
            game_state(position),
            n,
            seed & _MASK64,
            res,
            max_throws=max_throws,
            first_playout=start,
            first_throws=fbuf,
            policies=policies,
            cutoff_values=vals,
        )
    players = len(position.setup.players)
    out: list[Any] = []
    for i in range(n):
        r = res[R_SIZE * i : R_SIZE * (i + 1)]
        win = tuple(j for j in range(4) if r[6] >> j & 1) or None
        game = Playout(r[0], tuple(r[2 : 2 + r[1]]), win)
        if evaluate_cutoff:
            cut_off = not game_over(position.setup, game.finished, game.winner)
            values = None
            if cut_off and vals is not None:
                values = tuple(vals[4 * i + p] for p in range(players))
            out.append(EvaluatedPlayout(*game, values))
        else:
            out.append(game)
    return out


_MASK64 = _splitmix.MASK


def stream_seed(seed: int, j: int) -> int:
    """The seed of stream ``j`` of ``seed``: output ``j + 1`` of :class:`SplitMix64` (seed).

    Playout ``k`` of a seed throws its dice from stream ``2k`` and makes its
    choices from stream ``2k + 1``.
    """
    return _splitmix.stream_seed(seed & _MASK64, j)


class SplitMix64:
    """The playouts' generator: splitmix64 (Steele, Lea and Flood, 2014), 64-bit state.

    :meth:`below` takes the top 31 bits of the next output modulo ``n``
    (a bias below ``n / 2**31``, negligible for the few dozen outcomes of a throw).
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFFFFFFFFFF

    def below(self, n: int) -> int:
        """A number in ``0..n-1`` from the next draw."""
        self.state = _splitmix.next_state(self.state)
        return _splitmix.below(self.state, n)


def _canonical_key(before: Position, after: Position) -> tuple[int, ...]:
    """An outcome's place in the canonical order (see :func:`pure_playouts`)."""
    key: list[int] = []
    for ps in after.pawns:
        key.extend(ps if ps else (0, 0, 0, 0))
    cut = after.cut
    key.append(int(cut is not None and cut[before.to_move]))
    key.append(int(after.doubles > 0))
    return tuple(key)


def canonical_plays(position: Position, plays: Sequence[Play]) -> list[Play]:
    """``plays`` (of one throw in ``position``, distinct positions) in canonical order.

    Canonical order: lexicographic on (the 16 pawn numbers of the resulting
    position, colour by colour, each colour's sorted, four 0s for a colour
    not in play; the mover's cut flag (Pagade); whether the mover throws
    again). Distinct positions of one throw differ in that key.
    """
    return sorted(plays, key=lambda play: _canonical_key(position, play.position))


@overload
def pure_playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: Literal[False] = ...,
    evaluation: Callable[[Position, int], float] | None = ...,
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[Playout]: ...


@overload
def pure_playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: Literal[True],
    evaluation: Callable[[Position, int], float] | None = ...,
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[EvaluatedPlayout]: ...


@overload
def pure_playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = ...,
    module: ModuleType | None = ...,
    greedy: bool = ...,
    *,
    start: int = ...,
    first_throws: Sequence[Sequence[int]] | None = ...,
    policies: Sequence[str] | None = ...,
    evaluate_cutoff: bool,
    evaluation: Callable[[Position, int], float] | None = ...,
    network: Network | None = ...,
    network_cutoff: bool = ...,
) -> list[Playout] | list[EvaluatedPlayout]: ...


def pure_playouts(
    position: Position,
    n: int,
    seed: int,
    max_throws: int = 100_000,
    module: ModuleType | None = None,
    greedy: bool = False,
    *,
    start: int = 0,
    first_throws: Sequence[Sequence[int]] | None = None,
    policies: Sequence[str] | None = None,
    evaluate_cutoff: bool = False,
    evaluation: Callable[[Position, int], float] | None = None,
    network: Network | None = None,
    network_cutoff: bool = False,
) -> list[Playout] | list[EvaluatedPlayout]:
    """``n`` games from ``position``, on the pure engine: the rules of :func:`playouts`.

    Playout ``i`` is playout number ``k = start + i`` of ``seed``. Its dice
    come from a :class:`SplitMix64` seeded with ``stream_seed(seed, 2k)``,
    its choices from one seeded with ``stream_seed(seed, 2k + 1)`` (see
    :func:`stream_seed`), so that the k-th playouts from two positions throw
    the same dice for as long as both games last (common random numbers).
    Per throw: two faces drawn from the dice stream (first die, then
    second), unless ``first_throws`` gives playout ``i``'s first throw
    (``first_throws[i]``; nothing drawn for it); then the distinct outcomes
    (:func:`~pachisi.moves.legal_plays`) in canonical order
    (:func:`canonical_plays`) and, for a player playing ``"random"``, one
    draw from the choice stream among them (made even when there is one);
    for a ``"greedy"`` player, the best outcome for the mover by
    ``evaluation`` (the kernel's is ``pachisi.bots.evaluation.evaluate``),
    ties within 1e-9 broken by one draw (none for a single outcome or a
    single best); for a ``"network"`` player, the same with the value
    network ``network`` (:class:`Network`: the mover's side's chance of
    winning the outcome, its plain-Python path here, its kernel tables in
    :func:`playouts`: the same numbers). ``policies``: one of
    ``"random"``/``"greedy"``/``"network"`` per player; default all
    ``"greedy"`` if ``greedy`` else all ``"random"``. A game stops when
    decided (§3.5; a Pagade dead end is not looked for) or after
    ``max_throws`` throws. With ``evaluate_cutoff`` the results are
    :class:`EvaluatedPlayout` values carrying, for a game cut off undecided,
    every player's evaluation of its last position (with ``network_cutoff``:
    the network's value, each player's side's chance of winning).

    ``module`` is ignored (it is there to match :func:`playouts`);
    ``evaluation`` is needed for greedy players and ``evaluate_cutoff`` (the
    core does not import the bots), ``network`` for network players and
    ``network_cutoff``.
    """
    _check_args(n, max_throws, start)
    gmask = _policy_mask(position, greedy, policies)
    nmask = _policy_mask(position, greedy, policies, "network")
    net_cut = network_cutoff and evaluate_cutoff
    _check_network(nmask, net_cut, network)
    firsts = _first_throws(position, n, first_throws)
    if (gmask or (evaluate_cutoff and not net_cut)) and evaluation is None:
        raise ValueError("greedy players and evaluate_cutoff need an evaluation")
    setup = position.setup
    faces = dice_for(setup.ruleset).faces
    players = len(setup.players)
    out: list[Any] = []
    with pure():
        for i in range(n):
            k = start + i
            dice = SplitMix64(stream_seed(seed & _MASK64, 2 * k))
            rng = SplitMix64(stream_seed(seed & _MASK64, 2 * k + 1))
            pos = position
            throws = 0
            while throws < max_throws and not game_over(setup, pos.finished, pos.winner):
                if throws == 0 and firsts is not None:
                    a, b = firsts[i]
                else:
                    a = faces[dice.below(len(faces))]
                    b = faces[dice.below(len(faces))]
                plays = canonical_plays(pos, _clear.legal_plays(pos, (a, b)))
                if nmask >> pos.to_move & 1:
                    assert network is not None
                    pos = _greedy(pos, plays, network.value, rng)
                elif gmask >> pos.to_move & 1:
                    assert evaluation is not None
                    pos = _greedy(pos, plays, evaluation, rng)
                else:
                    pos = plays[rng.below(len(plays))].position
                throws += 1
            game = Playout(throws, pos.finished, pos.winner)
            if evaluate_cutoff:
                judge = network.value if net_cut and network is not None else evaluation
                assert judge is not None
                values = None
                if not game_over(setup, pos.finished, pos.winner):
                    values = tuple(judge(pos, p) for p in range(players))
                out.append(EvaluatedPlayout(*game, values))
            else:
                out.append(game)
    return out


def _greedy(
    pos: Position,
    plays: Sequence[Play],
    evaluation: Callable[[Position, int], float],
    rng: SplitMix64,
) -> Position:
    best = best_plays(pos, plays, evaluation)
    return (best[rng.below(len(best))] if len(best) > 1 else best[0]).position


def fast_records(
    position: Position, throw: Sequence[int], module: ModuleType | None = None
) -> list[tuple[Position, bool]]:
    """Every record of the kernel's fast enumerator for a throw, as it gives them.

    One ``(position, withheld)`` per record: the position it leads to, and
    whether the record grants an extra throw that the mover's finishing
    withholds (§3.5; the playout then drops it as a twin of the record
    without the extra throw). For the differential tests: the records other
    than withheld twins must be exactly the distinct results of
    :func:`~pachisi.moves.legal_plays`, one record each, since the playout
    draws among them.
    """
    if module is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    checked = check_throw(position, throw)
    setup = position.setup
    mover = position.to_move
    cut0 = position.cut
    records = _kernel(module).outcomes(
        _cfg(setup, mover),
        (position.pawns, position.doubles, int(bool(cut0[mover])) if cut0 is not None else 0),
        checked,
    )
    in_play = setup.colours_in_play
    out: list[tuple[Position, bool]] = []
    for flat, flag, extra in records:
        pawns = tuple(tuple(flat[4 * c : 4 * c + 4]) if c in in_play else () for c in range(4))
        cut = cut0
        if cut is not None and flag and not cut[mover]:
            cut = tuple(True if i == mover else f for i, f in enumerate(cut))
        after = advance(position, pawns, cut, bool(extra))
        withheld = bool(extra) and player_finished(setup, pawns, mover)
        out.append((after, withheld))
    return out


def fast_outcomes(
    position: Position, throw: Sequence[int], module: ModuleType | None = None
) -> list[Position]:
    """The distinct positions a throw can lead to, from the kernel's fast enumerator.

    The enumerator that :func:`playouts` uses (no actions, no order): the
    same set of positions as the plays of :func:`~pachisi.moves.legal_plays`
    (the tests check it), here in canonical order (:func:`canonical_plays`).
    """
    seen = {after for after, _ in fast_records(position, throw, module)}
    return sorted(seen, key=lambda after: _canonical_key(position, after))


# ---------------------------------------------------------------------------
# Simulated games: whole games for ``pachisi simulate`` (pachisi.tournament)


class SimulatedGame(NamedTuple):
    """One game of :func:`simulate_games`; everything per player is by player index."""

    #: Throws played.
    throws: int
    #: The players who finished, in order.
    finished: tuple[int, ...]
    #: The winners (§3.5), or ``None``.
    winner: tuple[int, ...] | None
    #: Whether the game ended in a dead end (§3.5, Pagade only).
    dead_end: bool
    #: Each player's captures: the actions of his plays that captured (cut) on landing.
    captures: tuple[int, ...]


def _sim_args(
    position: Position,
    seeds: Sequence[int],
    firsts: Sequence[int],
    greedy: Sequence[int],
    max_throws: int,
) -> None:
    n = len(position.setup.players)
    if not len(seeds) == len(firsts) == len(greedy):
        raise ValueError("seeds, firsts and greedy: give one of each for every game")
    if max_throws < 0:
        raise ValueError("max_throws must not be negative")
    for f in firsts:
        if not 0 <= f < n or f in position.finished:
            raise ValueError(f"firsts: {f} is not a player who can throw")
    for m in greedy:
        if not 0 <= m < 1 << n:
            raise ValueError(f"greedy: {m} is not a bit mask of the {n} players")


def _sim_call(
    position: Position,
    seeds: Sequence[int],
    firsts: Sequence[int],
    greedy: Sequence[int],
    max_throws: int,
    module: ModuleType | None,
    trace: bool,
) -> tuple[list[SimulatedGame], list[list[int]]]:

    if position.setup.ruleset in LUDO_RULESETS:
        return _ludo_sim(position, seeds, firsts, greedy, max_throws, module, trace)
    if module is None:
        module = kernel_module()
        if module is None:
            raise RuntimeError("the compiled kernel is not installed")
    _sim_args(position, seeds, firsts, greedy, max_throws)
    setup = position.setup
    n = len(seeds)
    res = array("i", bytes(4 * SIM_SIZE * n))
    spec = array("i", [v for f, m in zip(firsts, greedy, strict=True) for v in (f, m)])
    steps: list[list[int]] = []
    if n:
        steps = _games(module).simulate(
            game_table(setup),
            game_state(position),
            n,
            array("Q", [s & _MASK64 for s in seeds]),
            spec,
            res,
            max_throws=max_throws,
            evaluation=eval_tables(setup) if any(greedy) else None,
            trace=trace,
        )
    players = len(setup.players)
    out = []
    for i in range(n):
        r = res[SIM_SIZE * i : SIM_SIZE * (i + 1)]
        win = tuple(j for j in range(4) if r[6] >> j & 1) or None
        out.append(
            SimulatedGame(r[0], tuple(r[2 : 2 + r[1]]), win, bool(r[7]), tuple(r[8 : 8 + players]))
        )
    return out, steps


def _ludo_sim(
    position: Position,
    seeds: Sequence[int],
    firsts: Sequence[int],
    greedy: Sequence[int],
    max_throws: int,
    module: ModuleType | None,
    trace: bool,
) -> tuple[list[SimulatedGame], list[list[int]]]:
    """:func:`_sim_call` for ``ludo`` and ``maedn``: random players, in :mod:`pachisi._kludo`."""
    _sim_args(position, seeds, firsts, greedy, max_throws)
    if any(greedy):
        raise ValueError("greedy players do not play ludo or maedn yet")
    mod = module if module is not None and hasattr(module, "LudoKernel") else None
    streams = [(stream_seed(s & _MASK64, 0), stream_seed(s & _MASK64, 1)) for s in seeds]
    games, steps = _ludo_accel.simulate(position, streams, firsts, max_throws, mod, trace)
    out = [
        SimulatedGame(
            g.throws,
            () if g.winner is None else (g.winner,),
            None if g.winner is None else (g.winner,),
            False,
            g.captures,
        )
        for g in games
    ]
    return out, steps


def simulate_games(
    position: Position,
    seeds: Sequence[int],
    firsts: Sequence[int],
    greedy: Sequence[int],
    max_throws: int = 100_000,
    module: ModuleType | None = None,
) -> list[SimulatedGame]:
    """Whole games from ``position`` played inside the kernel, with captures and dead ends.

    Game ``i`` starts from ``position`` with player ``firsts[i]`` to throw;
    the players of the bit mask ``greedy[i]`` play greedy, the others
    random. It is :func:`playouts`' playout 0 of the seed ``seeds[i]`` (its
    dice drawn with ``stream_seed(seeds[i], 0)``, its choices with
    ``stream_seed(seeds[i], 1)``, the outcomes in canonical order), except
    that it also ends, drawn, in a Pagade dead end (§3.5, as
    ``Position.is_over``; also when reached on the last throw allowed) and
    counts every player's captures. It stops after ``max_throws`` throws.
    ``module``: the kernel module (default the compiled one, a
    :class:`RuntimeError` if it is absent).
    """
    return _sim_call(position, seeds, firsts, greedy, max_throws, module, False)[0]


#: A kernel state as :func:`sim_state` gives it.
SimState = tuple[int, ...]


def simulate_trace(
    position: Position,
    seed: int,
    first: int,
    greedy: int,
    max_throws: int = 100_000,
    module: ModuleType | None = None,
) -> tuple[SimulatedGame, list[tuple[tuple[int, int], SimState]], SimState]:
    """One game of :func:`simulate_games`, throw by throw.

    Returns the game, every throw with the kernel's state before it, and
    the final state, all as :func:`sim_state` gives a position's: a replay
    through the clear engine must meet exactly these states.
    """
    games, steps = _sim_call(position, [seed], [first], [greedy], max_throws, module, True)
    if position.setup.ruleset in LUDO_RULESETS:  # one die: (d,), then the engine's row
        one = [(cast(tuple[int, int], (row[0],)), tuple(row[1:])) for row in steps[:-1]]
        return games[0], one, tuple(steps[-1])
    throws = [((row[0], row[1]), _sim_state(row[2:])) for row in steps[:-1]]
    return games[0], throws, _sim_state(steps[-1])


def _sim_state(row: Sequence[int]) -> SimState:
    state = list(row)
    state[P_CUT] = 0  # scratch: the mover's cut flag while the kernel works
    return tuple(state)


def sim_state(position: Position) -> SimState:
    """The kernel's game state of ``position`` (:func:`game_state`) as a tuple, to compare."""
    if position.setup.ruleset in LUDO_RULESETS:
        return _ludo_accel.sim_state(position)
    return _sim_state(game_state(position))


# Steps for Turn


class TurnGraph:
    """The step graph of one throw, from the kernel: what :class:`~pachisi.moves.Turn` walks.

    Built in one call (:func:`turn_graph`); nodes are small integers
    (:attr:`root` the throw's start), and :class:`~pachisi.moves.Action`
    values are made only for the points asked about (:meth:`steps`). It
    answers as the clear engine's graph (``moves._ClearSteps``) does: the
    same steps in the same order at every point, the same pending bonuses,
    pawns and results (tests/test_kernel_turn.py). Never changes once built,
    so turns may share it.
    """

    __slots__ = (
        "_edges",
        "_pawns",
        "_results",
        "in_play",
        "keys",
        "nodes",
        "position",
        "root",
        "targets",
    )

    def __init__(
        self, position: Position, root: int, nodes: Any, keys: Any, targets: Any, in_play: int
    ) -> None:
        self.position = position
        #: The node where the throw starts.
        self.root = root
        #: The kernel's node records, action keys and edge targets (arrays).
        self.nodes = nodes
        self.keys = keys
        self.targets = targets
        #: Bit mask of the colours in play.
        self.in_play = in_play
        self._edges: dict[int, list[tuple[Action, int]]] = {}
        self._results: dict[int, Position] = {}
        self._pawns: dict[int, tuple[tuple[int, ...], ...]] = {}

    def steps(self, node: int) -> list[tuple[Action, int]]:
        """The steps from ``node`` that extend to some legal play, with where each leads.

        Actions that look the same but lead to different states get
        ``variant`` 1, 2, ... in order (as ``moves.Turn`` numbers them).
        """
        found = self._edges.get(node)
        if found is not None:
            return found
        nodes = self.nodes
        o = node * TN
        e0 = nodes[o + 1]
        e1 = e0 + nodes[o + 2]
        keys = self.keys[e0:e1]
        targets = self.targets[e0:e1]
        made = _KEYED
        if len(made) > 100_000:
            made.clear()
        out: list[tuple[Action, int]] = []
        if len(set(keys)) == len(keys):
            get = made.get
            for key, target in zip(keys, targets, strict=True):
                action = get(key)
                if action is None:
                    action = made[key] = _action_of_key(key, 0)
                out.append((action, target))
        else:
            counts: dict[int, int] = {}
            for key, target in zip(keys, targets, strict=True):
                k = counts.get(key, 0)
                counts[key] = k + 1
                vkey = key | k << 56
                action = made.get(vkey)
                if action is None:
                    action = made[vkey] = _action_of_key(key, k)
                out.append((action, target))
        self._edges[node] = out
        return out

    def is_done(self, node: int) -> bool:
        """Whether the throw is fully played at ``node``."""
        return bool(self.nodes[node * TN] == T_DONE)

    def pending(self, node: int) -> tuple[int, ...]:
        """The bonuses pending at ``node``, largest first (see ``moves.Turn.pending_bonuses``)."""
        o = node * TN
        n = self.nodes[o + 5]
        return tuple(self.nodes[o + 6 : o + 6 + n]) if n else ()

    def pawns(self, node: int) -> tuple[tuple[int, ...], ...]:
        """Every colour's pawns at ``node`` (captured pawns already off)."""
        found = self._pawns.get(node)
        if found is not None:
            return found
        o = node * TN + T_PAWNS
        p = tuple(self.nodes[o : o + 16])
        in_play = self.in_play
        pawns = self._pawns[node] = (
            p[0:4] if in_play & 1 else (),
            p[4:8] if in_play & 2 else (),
            p[8:12] if in_play & 4 else (),
            p[12:16] if in_play & 8 else (),
        )
        return pawns

    def result(self, node: int) -> Position:
        """The position at the next throw boundary once ``node`` is done."""
        found = self._results.get(node)
        if found is not None:
            return found
        position = self.position
        o = node * TN
        cut = position.cut
        mover = position.to_move
        if cut is not None and self.nodes[o + 3] and not cut[mover]:
            cut = tuple(True if i == mover else f for i, f in enumerate(cut))
        res = self._results[node] = advance(
            position, self.pawns(node), cut, bool(self.nodes[o + 4])
        )
        return res


#: The actions made from the kernel's action keys (key | variant << 56), shared: immutable.
_KEYED: dict[int, Action] = {}


def _action_of_key(key: int, variant: int) -> Action:
    """The :class:`~pachisi.moves.Action` of a packed action key (see ``_kernel._t_key``)."""
    kind = key & 7
    if kind == 5:
        return Action("option", option=_OPTIONS[(key >> 5) & 127], variant=variant)
    nn = (key >> 20) & 7
    numbers = tuple((key >> (23 + 8 * i)) & 255 for i in range(nn))
    return Action(
        KINDS[kind],
        (key >> 3) & 3,
        (key >> 5) & 127,
        (key >> 12) & 127,
        numbers,
        bool(key >> 19 & 1),
        variant=variant,
    )


class TurnGraphs:
    """The step graphs of one set-up's throws, its tables looked up once: :func:`turn_graph`
    for a caller that asks for one every throw (the RL step lane).

    ``graph(position, throw)`` is ``turn_graph(position, throw)`` for a position of
    ``setup`` (a two-dice ruleset the kernel plays; a checked throw), from this thread's
    kernel.
    """

    __slots__ = ("_cfgs", "_in_play")

    def __init__(self, setup: Setup) -> None:
        if setup.ruleset in LUDO_RULESETS:
            raise ValueError(f"{setup.ruleset}: its step graphs are the one-die engine's")
        ctx = _context(setup)
        self._cfgs = ctx.cfgs
        self._in_play = ctx.in_play

    def __call__(self, position: Position, throw: tuple[int, int]) -> TurnGraph:
        """The step graph of ``throw`` in ``position`` (:func:`turn_graph`)."""
        mover = position.to_move
        cut = position.cut
        root, nodes, keys, targets = _default_kernel().turn_steps(
            self._cfgs[mover],
            (position.pawns, position.doubles, 1 if cut is not None and cut[mover] else 0),
            throw,
        )
        return TurnGraph(position, root, nodes, keys, targets, self._in_play)


def turn_graph(
    position: Position, throw: tuple[int, int], module: ModuleType | None = None
) -> TurnGraph | _ludo_accel.OneDieSteps:
    """The step graph of ``throw`` (a checked throw) in ``position``, from the kernel.

    ``module``: the kernel module (default: the compiled one; a
    :class:`RuntimeError` if it is absent). ``ludo`` and ``maedn``: from
    :mod:`pachisi._kludo` (:class:`pachisi._ludo_accel.OneDieSteps`).
    """
    if position.setup.ruleset in LUDO_RULESETS:
        return _ludo_accel.OneDieSteps(position, throw)
    kern = _default_kernel() if module is None else _kernel(module)
    ctx = _context(position.setup)
    mover = position.to_move
    cut = position.cut
    root, nodes, keys, targets = kern.turn_steps(
        ctx.cfgs[mover],
        (position.pawns, position.doubles, 1 if cut is not None and cut[mover] else 0),
        throw,
    )
    return TurnGraph(position, root, nodes, keys, targets, ctx.in_play)
