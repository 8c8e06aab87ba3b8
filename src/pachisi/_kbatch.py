"""The compiled kernel's batched RL environments: ``n`` games stepped together in C.

Cython in pure-Python mode, compiled by ``setup.py`` beside
:mod:`pachisi._kernel`, whose :class:`~pachisi._kernel.Kernel` it drives:
it cimports the kernel's C entry points (``kb_*``) that ``_kernel.pxd``
declares (and the layouts' constants from ``_layout.pxd``), so each call
into the kernel is a C call through a pointer imported when the module
loads (the kernel's class itself is not declared there; see that file).
Uncompiled (the tests), it uses the uncompiled ``_kernel``
(:func:`pachisi._uncompiled.load`). Reached through
:func:`pachisi.fast.batch_module` by :mod:`pachisi.rl.vector`, and by
:mod:`pachisi.rl.steplane` for the AEC step mode's C parts (:class:`StepRows`,
:class:`StepIndex`, :func:`two_draws`; the lane has the same in Python where
the compiled module lacks them).
"""

from __future__ import annotations

from array import array

#: What this module takes from the kernel (uncompiled: from its source module).
_KERNEL_NAMES = (
    "kb_apply",
    "kb_changes",
    "kb_dead_end",
    "kb_decided",
    "kb_enumerate",
    "kb_new",
    "kb_order",
    "kb_outcomes",
    "kb_select",
)
#: What it takes from the value network's module (the game state's finishers).
_NET_NAMES = ("finishers",)

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

if cython.compiled:  # the kernel's C interface (_kernel.pxd), the network's, splitmix64
    from cython.cimports.pachisi._kernel import (
        kb_apply,
        kb_changes,
        kb_dead_end,
        kb_decided,
        kb_enumerate,
        kb_new,
        kb_order,
        kb_outcomes,
        kb_select,
    )
    from cython.cimports.pachisi._knet import finishers
    from cython.cimports.pachisi._splitmix import below as _sm_below
    from cython.cimports.pachisi._splitmix import next_state as _sm_next
    from cython.cimports.pachisi._splitmix import stream_seed as _stream_seed
else:  # the same names from the uncompiled kernel and network
    from pachisi import _uncompiled
    from pachisi._splitmix import below as _sm_below
    from pachisi._splitmix import next_state as _sm_next
    from pachisi._splitmix import stream_seed as _stream_seed

    _uncompiled.provide(globals(), "_kernel", _KERNEL_NAMES)
    _uncompiled.provide(globals(), "_knet", _NET_NAMES)

# The layouts it reads: pachisi._layout, the one place they are written.
if cython.compiled:  # C constants (_layout.pxd, written from pachisi._layout)
    from cython.cimports.pachisi._layout import (
        G_FACES,
        G_N,
        G_NFACES,
        G_PAGADE,
        G_TEAMS,
        P_DOUBLES,
        S_CUTS,
        S_FIN,
        S_NFIN,
        S_SIZE,
        S_TO_MOVE,
        S_WIN,
    )
else:  # the same numbers as Python ints: every name of pachisi._layout
    from pachisi import _uncompiled

    _uncompiled.layouts(globals())

_CINT = cython.typedef(cython.const[cython.int])


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


def _words(n: int) -> array[int]:
    return array("Q", bytes(8 * n))


# -- batched environment ------------------------------------------------------
#
# N games of one set-up in whole-play mode for pachisi.rl.vector.BatchedEnv:
# one call applies every game's action, throws the dice, enumerates the next
# decision's distinct outcomes with the fast enumerator (Kernel._f_plays), and
# writes observation rows, masks, movers, rewards and ends into numpy buffers.
# Action i of a decision is the i-th outcome in canonical order (see
# Kernel._f_less; moves.legal_plays lists the plays in the same order).
# Game j of a batch seeded s throws from the splitmix64 stream seeded with
# stream_seed(s, j): first the first player (one draw below the number of
# players), then two faces per throw, as pure_playouts throws its dice.

#: Per-game ints of a Batch: the throw's faces, outcomes, throws, passes in a row.
B_A = cython.declare(_CINT, 0)
B_B = cython.declare(_CINT, 1)
B_NOUT = cython.declare(_CINT, 2)
B_THROWS = cython.declare(_CINT, 3)
B_PASSES = cython.declare(_CINT, 4)
B_MASKED = cython.declare(_CINT, 5)  # the ones at the start of the game's mask row
B_SORTED = cython.declare(_CINT, 6)  # the kept outcomes are in canonical order
B_SIZE = cython.declare(_CINT, 7)
#: How a game's advance ended: a decision is open, the game is over, cut off, too many plays.
B_DECISION = cython.declare(_CINT, 0)
B_OVER = cython.declare(_CINT, 1)
B_TRUNCATED = cython.declare(_CINT, 2)
B_TOO_MANY = cython.declare(_CINT, 3)


@cython.final
@cython.cclass
class Encoding:
    """How a :class:`Batch` writes a decision's observation row (``rl.encoding.observe``'s
    layout), made once per set-up by its caller (``pachisi.rl.vector.kernel_batch``).

    ``tmpl[viewer]`` is the row's fixed part for each viewer (float32, one
    row per player); ``slots[4 * (viewer * nslot + j):]`` the viewer's colour
    slot ``j``: (colour, first pawn cell, first flag cell, owner); ``seat``
    the first cell of the seat block.
    """

    tmpl: cython.float[:, ::1]
    slots: cython.int[::1]
    seat: cython.int

    def __init__(
        self, tmpl: cython.float[:, ::1], slots: cython.int[::1], seat: cython.int
    ) -> None:
        if len(slots) % (4 * tmpl.shape[0]):
            raise ValueError("slots: four ints per colour slot, as many slots for each viewer")
        self.tmpl = tmpl
        self.slots = slots
        self.seat = seat


@cython.final
@cython.cclass
class Buffers:
    """What a :class:`Batch` of ``n`` games writes at :meth:`Batch.reset` and
    :meth:`Batch.step`: the caller's arrays (numpy's, or any C-contiguous
    buffers of these types), made once and kept by the batch; :meth:`arrays`
    gives them back, the very objects.

    ``obs`` (``n`` rows, float32) each game's observation of its open
    decision, from its mover's side; ``masks`` (``n`` rows, int8) its legal
    actions, ones then zeros; ``movers`` and ``counts`` (int32) the player to
    move and the number of legal actions; ``rewards`` (``n`` rows, float32;
    :meth:`Batch.step` only) each player's return where the game ended at
    this step, else 0; ``done`` (int8; :meth:`Batch.step` only) 1 where it
    ended (it has started again).
    """

    obs: cython.float[:, ::1]
    masks: cython.schar[:, ::1]
    movers: cython.int[::1]
    counts: cython.int[::1]
    rewards: cython.float[:, ::1]
    done: cython.schar[::1]
    buffers: tuple

    def __init__(
        self,
        obs: object,
        masks: object,
        movers: object,
        counts: object,
        rewards: object,
        done: object,
    ) -> None:
        self.obs = obs
        self.masks = masks
        self.movers = movers
        self.counts = counts
        self.rewards = rewards
        self.done = done
        n: cython.Py_ssize_t = self.obs.shape[0]
        if n < 1 or not (
            self.masks.shape[0] == self.movers.shape[0] == self.counts.shape[0] == n
            and self.rewards.shape[0] == self.done.shape[0] == n
        ):
            raise ValueError("the buffers need one row per game, at least one game")
        self.buffers = (obs, masks, movers, counts, rewards, done)

    def arrays(self) -> tuple:
        """The arrays given, in order: ``(obs, masks, movers, counts, rewards, done)``."""
        return self.buffers


@cython.final
@cython.cclass
class Batch:
    """Games of one set-up stepped together in whole-play mode (see the section comment),
    one per row of ``out`` (:class:`Buffers`, where it writes).

    ``game`` is :func:`pachisi._accel.game_table`'s table; ``starts`` one
    start state per first player (``n_players * S_SIZE`` ints); ``encoding``
    the observation's (:class:`Encoding`). Limits: a throw with more than
    ``max_plays`` outcomes stops the batch (:meth:`error`; ``out.masks``
    must have that many columns); a game is cut off after ``max_throws``
    throws (0: never); ``keep`` outcome keys are kept per game, a decision
    with more is enumerated again when played.
    """

    k: object
    game: cython.int[::1]
    starts: cython.int[::1]
    n: cython.int
    npl: cython.int
    st: cython.int[::1]
    info: cython.int[::1]
    drng: cython.ulonglong[::1]
    keys: cython.ulonglong[::1]
    keep: cython.int
    #: The game whose open decision (more than ``keep`` outcomes) the kernel's outcome rows
    #: still hold, so that playing it needs no second enumeration; -1: none.
    live: cython.int
    gs: cython.int[::1]
    seed: cython.ulonglong
    next_game: cython.ulonglong
    max_plays: cython.int
    max_throws: cython.int
    tmpl: cython.float[:, ::1]
    slots: cython.int[::1]
    nslot: cython.int
    seat: cython.int
    faces: cython.int
    err_game: cython.int
    err_count: cython.int
    sorted: cython.bint
    #: Where it writes (:class:`Buffers`), and its arrays.
    out: Buffers
    obs: cython.float[:, ::1]
    masks: cython.schar[:, ::1]
    movers: cython.int[::1]
    counts: cython.int[::1]
    rewards: cython.float[:, ::1]
    done: cython.schar[::1]
    #: :meth:`play`'s action, as :meth:`step`'s one-game array.
    one: cython.longlong[::1]
    #: :meth:`snapshot`'s ``array('i')``, filled and copied at each call, and its view.
    snap: object
    snapv: cython.int[::1]

    def __init__(
        self,
        game: cython.int[::1],
        starts: cython.int[::1],
        encoding: Encoding,
        out: Buffers,
        *,
        max_plays: cython.int,
        max_throws: cython.int,
        keep: cython.int = 64,
    ) -> None:
        n: cython.int = out.obs.shape[0]
        self.k = kb_new(game)
        self.game = game
        self.starts = starts
        self.n = n
        self.npl = game[G_N]
        self.faces = game[G_NFACES]
        if encoding.tmpl.shape[0] != self.npl or out.obs.shape[1] != encoding.tmpl.shape[1]:
            raise ValueError("the observations' rows are the encoding's, one per player")
        if out.masks.shape[1] < max_plays or out.rewards.shape[1] < self.npl:
            raise ValueError("the masks need max_plays columns, the rewards one per player")
        self.st = _ints(n * S_SIZE)
        self.info = _ints(n * B_SIZE)
        self.drng = _words(n)
        self.keep = keep if keep < max_plays else max_plays
        self.keys = _words(3 * n * self.keep)
        self.live = -1
        self.gs = _ints(S_SIZE)
        self.seed = 0
        self.next_game = 0
        self.max_plays = max_plays
        self.max_throws = max_throws
        self.tmpl = encoding.tmpl
        self.slots = encoding.slots
        self.nslot = len(encoding.slots) // (4 * self.npl)
        self.seat = encoding.seat
        self.err_game = -1
        self.err_count = 0
        self.sorted = False
        self.out = out
        self.obs = out.obs
        self.masks = out.masks
        self.movers = out.movers
        self.counts = out.counts
        self.rewards = out.rewards
        self.done = out.done
        self.one = array("q", bytes(8))
        self.snap = _ints(S_SIZE + B_SIZE)
        self.snapv = self.snap

    def buffers(self) -> Buffers:
        """Where it writes (the :class:`Buffers` it was made with)."""
        return self.out

    def error(self) -> tuple[int, int]:
        """The game and the number of outcomes of the last throw that exceeded ``max_plays``."""
        return self.err_game, self.err_count

    def state(self, i: cython.int) -> list[int]:
        """Game ``i``'s state (``S_SIZE`` ints, the playout layout), then its ``B_SIZE`` ints."""
        out: list[int] = [0] * (S_SIZE + B_SIZE)
        j: cython.int
        for j in range(S_SIZE):
            out[j] = self.st[i * S_SIZE + j]
        for j in range(B_SIZE):
            out[S_SIZE + j] = self.info[i * B_SIZE + j]
        return out

    def snapshot(self, i: cython.int) -> array[int]:
        """:meth:`state` as an ``array('i')`` (the same ints; one allocation, no int objects)."""
        j: cython.int
        v = self.snapv
        for j in range(S_SIZE):
            v[j] = self.st[i * S_SIZE + j]
        for j in range(B_SIZE):
            v[S_SIZE + j] = self.info[i * B_SIZE + j]
        return self.snap.__copy__()  # type: ignore[no-any-return]

    def dead_end(self, state: cython.int[::1]) -> bool:
        """Whether the game state (``S_SIZE`` ints) is a Pagade dead end (§3.5; for tests)."""
        j: cython.int
        for j in range(S_SIZE):
            self.gs[j] = state[j]
        self.live = -1  # the kernel's rows may change
        fin_mask: cython.int = finishers(self.gs, 0)
        return not kb_decided(self.k, fin_mask, self.gs[S_WIN]) and kb_dead_end(
            self.k, self.gs, fin_mask
        )

    def restart_from(self, i: cython.int, state: cython.int[::1], seed: cython.ulonglong) -> int:
        """Game ``i`` goes on from ``state`` with dice stream ``seed`` (for tests).

        It throws until a decision opens (0) or it ends (1 over, 2 cut off,
        3 too many plays); the buffers are not written.
        """
        j: cython.int
        for j in range(S_SIZE):
            self.gs[j] = state[j]
        for j in range(B_MASKED):
            self.info[i * B_SIZE + j] = 0
        self.drng[i] = seed
        self.live = -1
        return self._advance(i)

    def reset(self, seed: cython.ulonglong) -> cython.int:
        """Start every game; write the first decisions (``obs``, ``masks``, ``movers``,
        ``counts`` of :class:`Buffers`). 0, or 1 + a game with too many plays."""
        self.seed = seed
        self.next_game = 0
        self.live = -1
        i: cython.int
        for i in range(self.n):
            self.info[i * B_SIZE + B_MASKED] = -1  # the row is unknown: write all of it
            self._new_game(i)
            if self._advance(i) == B_TOO_MANY:
                return i + 1
            self._write(i)
        return 0

    def step(self, actions: cython.longlong[::1]) -> cython.int:
        """Play one action per game (see the section comment); write :class:`Buffers`.

        Only the cells of a mask row that change are written, so ``masks``
        must be as this batch wrote it since :meth:`reset`.

        Returns 0; ``-1 - i`` if game ``i``'s action is not legal (nothing is
        played then); ``1 + i`` if game ``i``'s next throw has more outcomes
        than ``max_plays`` (:meth:`error`).
        """
        return self._step(actions)

    def play(self, action: cython.longlong) -> int:
        """:meth:`step` of a batch of one game (the action as an int, no array to convert):
        :meth:`step`'s codes, but 2 where the game ended (over or cut off: ``done[0]`` is
        1) and the next game's first decision is open."""
        if self.n != 1:
            raise ValueError("play steps a batch of one game")
        self.one[0] = action
        r: cython.int = self._step(self.one)
        if r == 0 and self.done[0]:
            return 2
        return r

    @cython.cfunc
    def _step(self, actions: cython.longlong[::1]) -> cython.int:
        i: cython.int
        j: cython.int
        r: cython.int
        a: cython.longlong
        for i in range(self.n):
            a = actions[i]
            if a < 0 or a >= self.info[i * B_SIZE + B_NOUT]:
                return -1 - i
        for i in range(self.n):
            self._load(i)
            self._play(i, cython.cast(cython.int, actions[i]))
            r = self._advance(i)
            for j in range(self.npl):
                self.rewards[i, j] = 0.0
            self.done[i] = 0
            if r in (B_OVER, B_TRUNCATED):
                if r == B_OVER:
                    self._returns(i)
                self.done[i] = 1
                self._new_game(i)
                r = self._advance(i)
            if r == B_TOO_MANY:
                return i + 1
            self._write(i)
        return 0

    # -- one game ---------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _load(self, i: cython.int) -> cython.void:
        """Copy game ``i``'s state into the working buffer."""
        j: cython.int
        for j in range(S_SIZE):
            self.gs[j] = self.st[i * S_SIZE + j]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _store(self, i: cython.int) -> cython.void:
        """Copy the working buffer back into game ``i``'s state."""
        j: cython.int
        for j in range(S_SIZE):
            self.st[i * S_SIZE + j] = self.gs[j]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _new_game(self, i: cython.int) -> cython.void:
        """Game ``i`` starts afresh: the next stream of the batch's seed, its first player."""
        self.drng[i] = _stream_seed(self.seed, self.next_game)
        self.next_game += 1
        self.drng[i] = _sm_next(self.drng[i])
        first: cython.int = _sm_below(self.drng[i], self.npl)
        j: cython.int
        for j in range(S_SIZE):
            self.gs[j] = self.starts[first * S_SIZE + j]
        for j in range(B_MASKED):
            self.info[i * B_SIZE + j] = 0
        self._store(i)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _enumerate(self, a: cython.int, b: cython.int, fin_mask: cython.int) -> cython.int:
        """The distinct outcomes of throw (a, b) for the mover of :attr:`gs`, whose finishers
        are ``fin_mask`` (a bit mask); their number.

        The outcomes are :func:`~pachisi._kernel.kb_outcomes` rows
        ``kb_order(k)[:m]``, an extra throw withheld from a mover who finishes
        (§3.5), as in the playouts; in canonical order if :attr:`sorted`, else
        in no order (:meth:`_pick` finds the one of a given rank).
        """
        got: cython.int = kb_enumerate(self.k, self.gs, a, b, fin_mask)
        self.sorted = got & 1
        return got >> 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pick(self, m: cython.int, action: cython.int) -> cython.int:
        """The :func:`~pachisi._kernel.kb_outcomes` row of outcome ``action`` (canonical order) of
        :meth:`_enumerate`'s."""
        if self.sorted:
            return kb_order(self.k)[action]
        return kb_select(self.k, m, action)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _apply(
        self, hi: cython.ulonglong, lo: cython.ulonglong, x: cython.ulonglong, fin_mask: cython.int
    ) -> cython.void:
        """Play the outcome (hi, lo, x) for the mover of :attr:`gs`, whose finishers are
        ``fin_mask`` (§3.3, §3.5)."""
        kb_apply(self.k, self.gs, hi, lo, x, fin_mask)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _play(self, i: cython.int, action: cython.int) -> cython.void:
        """Play outcome ``action`` of game ``i``'s open decision (in the working buffer)."""
        base: cython.int = i * B_SIZE
        r: cython.int
        m: cython.int = self.info[base + B_NOUT]
        j: cython.int
        outcomes: cython.ulonglong[::1]
        order: cython.int[::1]
        fin_mask: cython.int = finishers(self.gs, 0)
        live: cython.int = self.live
        self.live = -1  # the rows change below
        if live == i:  # the decision's outcomes are still the kernel's rows
            self.sorted = self.info[base + B_SORTED]
        elif m <= self.keep:
            r = 3 * i * self.keep
            if self.info[base + B_SORTED]:
                r += 3 * action
                self._apply(self.keys[r], self.keys[r + 1], self.keys[r + 2], fin_mask)
                self.info[base + B_NOUT] = 0
                return
            outcomes = kb_outcomes(self.k)
            order = kb_order(self.k)
            for j in range(3 * m):  # the kept outcomes back into the kernel's rows
                outcomes[j] = self.keys[r + j]
            for j in range(m):
                order[j] = j
            self.sorted = False
        else:
            m = self._enumerate(self.info[base + B_A], self.info[base + B_B], fin_mask)
        r = 3 * self._pick(m, action)
        outcomes = kb_outcomes(self.k)
        self._apply(outcomes[r], outcomes[r + 1], outcomes[r + 2], fin_mask)
        self.info[base + B_NOUT] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _advance(self, i: cython.int) -> cython.int:
        """Throw for game ``i`` (from the working buffer) until a decision opens or it ends.

        A throw whose only outcome moves nothing is played without a
        decision. Stores the state; returns ``B_DECISION``, ``B_OVER``,
        ``B_TRUNCATED`` or ``B_TOO_MANY``.
        """
        gs = self.gs
        base: cython.int = i * B_SIZE
        outcomes: cython.ulonglong[::1]
        order: cython.int[::1]
        a: cython.int
        b: cython.int
        m: cython.int
        r: cython.int
        j: cython.int
        c: cython.int
        hi: cython.ulonglong
        lo: cython.ulonglong
        status: cython.int = B_DECISION
        dice: cython.ulonglong = self.drng[i]
        fin_mask: cython.int
        while True:
            fin_mask = finishers(gs, 0)
            if kb_decided(self.k, fin_mask, gs[S_WIN]):
                status = B_OVER
                break
            if self.max_throws > 0 and self.info[base + B_THROWS] >= self.max_throws:
                status = B_TRUNCATED
                break
            if (
                self.game[G_PAGADE]
                and self.info[base + B_PASSES] >= self.npl - gs[S_NFIN]
                and kb_dead_end(self.k, gs, fin_mask)
            ):
                status = B_OVER
                break
            dice = _sm_next(dice)
            a = self.game[G_FACES + _sm_below(dice, self.faces)]
            dice = _sm_next(dice)
            b = self.game[G_FACES + _sm_below(dice, self.faces)]
            self.info[base + B_THROWS] += 1
            self.live = -1
            m = self._enumerate(a, b, fin_mask)
            outcomes = kb_outcomes(self.k)
            order = kb_order(self.k)
            if m == 1:
                r = 3 * order[0]
                hi = outcomes[r]
                lo = outcomes[r + 1]
                if not kb_changes(self.k, gs, hi, lo, outcomes[r + 2]):
                    self._apply(hi, lo, outcomes[r + 2], fin_mask)
                    self.info[base + B_PASSES] += 1
                    continue
            self.info[base + B_PASSES] = 0
            if m > self.max_plays:
                self.err_game = i
                self.err_count = m
                status = B_TOO_MANY
                break
            self.info[base + B_A] = a
            self.info[base + B_B] = b
            self.info[base + B_NOUT] = m
            self.info[base + B_SORTED] = self.sorted
            if m <= self.keep:
                for j in range(m):
                    r = 3 * order[j]
                    c = 3 * (i * self.keep + j)
                    self.keys[c] = outcomes[r]
                    self.keys[c + 1] = outcomes[r + 1]
                    self.keys[c + 2] = outcomes[r + 2]
            else:
                self.live = i
            break
        self.drng[i] = dice
        self._store(i)
        return status

    @cython.cfunc
    @cython.exceptval(check=False)
    def _returns(self, i: cython.int) -> cython.void:
        """Game ``i``'s final rewards (``pachisi.rl.match.returns_of``) from the working buffer."""
        gs = self.gs
        rewards = self.rewards
        n: cython.int = self.npl
        j: cython.int
        nf: cython.int = gs[S_NFIN]
        fin_mask: cython.int = finishers(gs, 0)
        if self.game[G_TEAMS]:
            if gs[S_WIN] == 0:
                return
            for j in range(n):
                rewards[i, j] = 1.0 if gs[S_WIN] >> j & 1 else -1.0
            return
        for j in range(nf):
            rewards[i, gs[S_FIN + j]] = 1.0 - 2.0 * j / (n - 1)
        if nf < n:
            shared: cython.double = 0.0
            for j in range(nf, n):
                shared += 1.0 - 2.0 * j / (n - 1)
            shared /= n - nf
            for j in range(n):
                if not fin_mask >> j & 1:
                    rewards[i, j] = shared

    @cython.cfunc
    @cython.exceptval(check=False)
    def _write(self, i: cython.int) -> cython.void:
        """Game ``i``'s decision: observation row (``rl.encoding.observe``), mask, mover, count."""
        st = self.st
        obs = self.obs
        masks = self.masks
        o: cython.int = i * S_SIZE
        v: cython.int = st[o + S_TO_MOVE]
        size: cython.int = obs.shape[1]
        j: cython.int
        q: cython.int
        c: cython.int
        row: cython.int
        f: cython.int
        w: cython.int
        fin_mask: cython.int = finishers(st, o)
        for j in range(size):
            obs[i, j] = self.tmpl[v, j]
        for j in range(self.nslot):
            q = 4 * (v * self.nslot + j)
            c = self.slots[q]
            row = self.slots[q + 1]
            f = self.slots[q + 2]
            w = self.slots[q + 3]
            for q in range(4):
                obs[i, row + st[o + 4 * c + q]] += 0.25
            if fin_mask >> w & 1:
                obs[i, f + 4] = 1.0
            if st[o + S_CUTS] >> w & 1:
                obs[i, f + 5] = 1.0
        f = self.seat
        obs[i, f] = 1.0
        f += 4
        a: cython.int = self.info[i * B_SIZE + B_A]
        b: cython.int = self.info[i * B_SIZE + B_B]
        if a > b:
            a, b = b, a
        obs[i, f + a - 1] = 1.0
        obs[i, f + 6 + b - 1] = 1.0
        obs[i, f + 12 + (st[o + P_DOUBLES] if st[o + P_DOUBLES] < 2 else 2)] = 1.0
        # the mask row is m ones then zeros: only the cells that change are written
        m: cython.int = self.info[i * B_SIZE + B_NOUT]
        was: cython.int = self.info[i * B_SIZE + B_MASKED]
        if was < 0:
            for j in range(masks.shape[1]):
                masks[i, j] = 1 if j < m else 0
        else:
            for j in range(was, m):
                masks[i, j] = 1
            for j in range(m, was):
                masks[i, j] = 0
        self.info[i * B_SIZE + B_MASKED] = m
        self.movers[i] = v
        self.counts[i] = m


# -- the AEC step mode's observation ------------------------------------------
#
# pachisi.rl.steplane.KernelStepMatch walks the kernel's step graph (Kernel.turn_steps)
# one step at a time; at each point its observation (rl.encoding.observe of the turn
# and its legal steps) is the throw's row for the viewer (kept by the match: template,
# flags, seat, throw, doublets) copied, plus what the point adds: the node record's
# pawns, the turn block's numbers used so far and pending bonuses, the number set
# chosen, the legal kinds. StepRows writes that part in C.


@cython.final
@cython.cclass
class StepRows:
    """What a point of the step graph adds to one viewer's observation row
    (``pachisi.rl.steplane``: ``encoding._observe_laid``'s pawn and turn-block cells).

    ``cells`` is the viewer's pawn cells as pairs (offset in a node record of
    ``Kernel.turn_steps``, the pawn's first observation cell), ``at`` the first
    cell of the turn block, ``capture`` the capture bonus (a pending bonus of
    that size has its own cell; -1: none).
    """

    cells: cython.int[::1]
    at: cython.int
    capture: cython.int
    #: ``cells`` as given (for pickling).
    given: object

    def __init__(self, cells: object, at: cython.int, capture: cython.int) -> None:
        if len(cells) % 2:  # type: ignore[arg-type]
            raise ValueError("cells: pairs of ints")
        self.cells = cells
        self.given = cells
        self.at = at
        self.capture = capture

    def __reduce__(self) -> tuple:
        return (StepRows, (self.given, self.at, self.capture))

    def write(
        self,
        out: cython.float[::1],
        nodes: cython.int[::1],
        o: cython.int,
        used: cython.longlong,
        chosen: cython.int,
        kinds: cython.int,
    ) -> None:
        """Add the point at ``o`` (the node's record in ``nodes``) to ``out``, the throw's row
        copied: its pawns; where a step is made (``used`` >= 0: the numbers used so far,
        eight bits each, by number cell) those numbers, the number set ``chosen`` (its
        cell, or -1) and the node's pending bonuses; the legal ``kinds`` (bits: pawn
        steps, bonus, penalty, option)."""
        cells = self.cells
        j: cython.int
        k: cython.int
        n: cython.int
        b: cython.int
        i: cython.int = self.at
        for j in range(0, len(cells), 2):
            out[cells[j + 1] + nodes[o + cells[j]]] += 0.25
        if used >= 0:
            added: cython.int = 0
            for j in range(6):
                k = (used >> (8 * j)) & 255
                if k:
                    out[i + j] += 0.25 * k
                    added += k
            if chosen >= 0:
                out[i + chosen] = 1.0
            n = nodes[o + 5]
            for j in range(n):
                b = nodes[o + 6 + j]
                out[i + (6 if b == self.capture else 7)] += 0.25
            if added + n > 4:  # else no cell can pass 1.0
                for j in range(i, i + 8):
                    if out[j] > 1.0:
                        out[j] = 1.0
        for j in range(4):
            if kinds >> j & 1:
                out[i + 8 + j] = 1.0


@cython.final
@cython.cclass
class StepIndex:
    """The legal step indices at a point of the step graph for one mover
    (``pachisi.rl.steplane``: ``encoding.decode_steps``' indices, from the edges'
    packed action keys and the node's pawns).

    ``bases[colour]`` is the first index of the mover's slot for that colour
    (-1: not the mover's); ``capture`` the capture bonus (-1: none);
    ``option_base``, ``per_slot``, ``max_distance`` and ``subs`` (pair,
    capture bonus, other bonus, penalty) the encoding's constants.
    """

    bases: cython.int[4]
    capture: cython.int
    option_base: cython.int
    per_slot: cython.int
    max_distance: cython.int
    subs: cython.int[4]

    def __init__(
        self,
        bases: tuple,
        capture: cython.int,
        option_base: cython.int,
        per_slot: cython.int,
        max_distance: cython.int,
        subs: tuple,
    ) -> None:
        if len(bases) != 4 or len(subs) != 4:
            raise ValueError("four bases, four sub-indices")
        self.bases = bases
        self.subs = subs
        self.capture = capture
        self.option_base = option_base
        self.per_slot = per_slot
        self.max_distance = max_distance

    def __reduce__(self) -> tuple:
        return (
            StepIndex,
            (
                tuple([self.bases[j] for j in range(4)]),
                self.capture,
                self.option_base,
                self.per_slot,
                self.max_distance,
                tuple([self.subs[j] for j in range(4)]),
            ),
        )

    def open(self, nodes: cython.int[::1], keys: cython.longlong[::1], o: cython.int) -> object:
        """The point at ``o`` (its node's record in ``nodes``; its edges' keys in ``keys``):
        ``(edges, kinds)``, ``edges`` the legal steps as index -> edge number and
        ``kinds`` their kinds as bits (pawn steps, bonus, penalty, option); ``None``
        where it needs the caller (two steps with one index, or a key it does not
        know)."""
        e: cython.int = nodes[o + 1]
        n: cython.int = nodes[o + 2]
        j: cython.int
        q: cython.int
        i: cython.int
        at: cython.int
        frm: cython.int
        kind: cython.int
        colour: cython.int
        sub: cython.int
        kinds: cython.int = 0
        key: cython.longlong
        edges: dict = {}
        for j in range(e, e + n):
            key = keys[j]
            kind = key & 7
            if kind == 5:  # an option: the number set it chooses
                i = self.option_base + ((key >> 5) & 127)
                kinds |= 8
            else:
                colour = (key >> 3) & 3
                frm = (key >> 5) & 127
                if self.bases[colour] < 0:
                    return None
                if kind == 2:
                    sub = self.subs[0]
                    kinds |= 1
                elif kind == 3:
                    sub = self.subs[1] if ((key >> 23) & 255) == self.capture else self.subs[2]
                    kinds |= 2
                elif kind == 4:
                    sub = self.subs[3]
                    kinds |= 4
                else:
                    sub = ((key >> 12) & 127) - frm - 1
                    if sub < 0 or sub >= self.max_distance:
                        return None
                    kinds |= 1
                at = o + 18 + 4 * colour  # T_PAWNS: the colour's pawns in the record
                q = 0
                while q < 4 and nodes[at + q] != frm:
                    q += 1
                if q == 4:
                    return None
                i = self.bases[colour] + sub + q * self.per_slot
            if i in edges:
                return None
            edges[i] = j
        return (edges, kinds)


def two_draws(state: cython.ulonglong, n: cython.int) -> tuple:
    """The next two draws below ``n`` of a splitmix64 stream at ``state`` (the
    ``_splitmix`` functions; ``Match._roll``'s two dice): ``(state after both, first,
    second)``."""
    s1: cython.ulonglong = _sm_next(state)
    s2: cython.ulonglong = _sm_next(s1)
    return (s2, _sm_below(s1, n), _sm_below(s2, n))
