"""The compiled kernel's games: playouts, ``pachisi simulate``'s games, the network's self-play.

Cython in pure-Python mode, compiled by ``setup.py`` beside
:mod:`pachisi._kernel`, whose enumerator it plays on: the game loop
(:meth:`Games._fplayout`) throws the dice, picks among the outcomes
(uniformly, greedy by the hand evaluation, or by the value network) and
plays the pick, through the kernel's C entry points (``kp_*``, ``kb_*``,
declared in ``_kernel.pxd``; each a C call through a pointer imported when
this module loads). A :class:`Games` owns one
:class:`~pachisi._kernel.Kernel` and plays on that kernel's state buffer
(``kp_state``), the state its greedy and network choices value outcomes
from. Uncompiled (the tests), it uses the uncompiled ``_kernel`` and
``_knet`` (:func:`pachisi._uncompiled.load`). Reached through
:func:`pachisi.fast.games` (and :mod:`pachisi._accel`'s ``playouts`` and
``simulate_games``).
"""

from __future__ import annotations

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

from array import array

#: What this module takes from the kernel (uncompiled: from its source module).
_KERNEL_NAMES = (
    "Kernel",
    "kb_dead_end",
    "kb_decided",
    "kb_select",
    "kp_best",
    "kp_best_row",
    "kp_enumerate",
    "kp_evaluate",
    "kp_play",
    "kp_row",
    "kp_setup",
    "kp_state",
)
#: What it takes from the value network.
_NET_NAMES = (
    "Net",
    "finishers",
    "net_absolute",
    "net_record",
    "net_recorded",
    "net_recording",
    "net_state",
    "net_use",
)

if cython.compiled:  # the kernel's and the network's C interfaces, and splitmix64
    from cython.cimports.pachisi._kernel import (
        kb_dead_end,
        kb_decided,
        kb_select,
        kp_best,
        kp_best_row,
        kp_enumerate,
        kp_evaluate,
        kp_play,
        kp_row,
        kp_setup,
        kp_state,
    )
    from cython.cimports.pachisi._knet import (
        Net,
        finishers,
        net_absolute,
        net_record,
        net_recorded,
        net_recording,
        net_state,
        net_use,
    )
    from cython.cimports.pachisi._splitmix import below as _sm_below
    from cython.cimports.pachisi._splitmix import next_state as _sm_next
    from cython.cimports.pachisi._splitmix import stream_seed as _stream_seed

    from pachisi._kernel import Kernel
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
        C_FRIEND,
        C_IN_PLAY,
        C_ROUTE,
        C_SIZE,
        G_CFG,
        G_FACES,
        G_N,
        G_NFACES,
        G_PAGADE,
        NN_UNITS,
        R_SIZE,
        S_FIN,
        S_NFIN,
        S_SIZE,
        S_TO_MOVE,
        S_WIN,
        SIM_SIZE,
    )
else:  # the same numbers as Python ints: every name of pachisi._layout
    from pachisi import _uncompiled

    _uncompiled.layouts(globals())


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


def _doubles(n: int) -> array[float]:
    return array("d", bytes(8 * n))


@cython.final
@cython.cclass
class Recording:
    """The record of one self-play game (:meth:`Games.nn_selfplay`) of at most
    ``max_throws`` throws, its buffers sized for that; reused from game to game.

    Position ``t`` (before throw ``t``) has the units ``idx``/``val``
    ``[off[t]:off[t + 1]]``, the mover ``mv[t]`` and each player's value
    ``v[4 * t:4 * t + 4]`` (his side's chance, exact once there is a
    winner); ``v`` at the position after the last throw holds the final
    state's. ``res``: the game's result, as one playout's of
    :meth:`Games.playouts`. :meth:`arrays` gives the buffers themselves.
    """

    max_throws: cython.int
    idx: cython.int[::1]
    val: cython.double[::1]
    off: cython.int[::1]
    mv: cython.int[::1]
    v: cython.double[::1]
    res: cython.int[::1]
    buffers: tuple

    def __init__(self, max_throws: cython.int) -> None:
        if max_throws < 0:
            raise ValueError(f"max_throws must be at least 0, not {max_throws}")
        cap: cython.int = max_throws + 2
        idx, val = _ints(cap * NN_UNITS), _doubles(cap * NN_UNITS)
        off, mv, v, res = _ints(cap), _ints(cap), _doubles(4 * cap), _ints(R_SIZE)
        self.max_throws = max_throws
        self.idx = idx
        self.val = val
        self.off = off
        self.mv = mv
        self.v = v
        self.res = res
        self.buffers = (idx, val, off, mv, v, res)

    def arrays(
        self,
    ) -> tuple[array[int], array[float], array[int], array[int], array[float], array[int]]:
        """The buffers ``(idx, val, off, mv, v, res)``, as ``array.array``s (``"i"`` and
        ``"d"``; ``numpy.frombuffer`` views them without a copy)."""
        return self.buffers  # type: ignore[no-any-return]


@cython.final
@cython.cclass
class Policies:
    """How the players of :meth:`Games.playouts` choose their plays, and how a game cut
    off is valued: made once by the caller (:meth:`Games.policies`), who knows the seats.

    ``greedy``: the bit mask of the players who play greedy by the hand-made
    evaluation, whose tables ``evaluation`` is (``(weights, board)``:
    ``_accel.eval_tables``' doubles and ints; also what values a cut-off
    game unless ``network_cutoff``); ``network``: the bit mask of those who
    play the value network's policy, whose tables ``net`` is (``(ints,
    weights)``: ``learn.kernel.tables``); the others play uniformly at
    random. ``network_cutoff``: a cut-off game is valued by the network
    (each player's side's chance) instead of the hand evaluation.
    """

    greedy: cython.int
    network: cython.int
    network_cutoff: cython.bint
    eval_weights: cython.double[::1]
    eval_board: cython.int[::1]
    net_ints: cython.int[::1]
    net_weights: cython.double[::1]

    def __init__(
        self,
        greedy: cython.int = 0,
        network: cython.int = 0,
        evaluation: object = None,
        net: object = None,
        network_cutoff: cython.bint = False,
    ) -> None:
        self.greedy = greedy
        self.network = network
        self.network_cutoff = network_cutoff
        self.eval_weights = None
        self.eval_board = None
        self.net_ints = None
        self.net_weights = None
        if evaluation is not None:
            self.eval_weights, self.eval_board = evaluation
        if net is not None:
            self.net_ints, self.net_weights = net
        if (network or network_cutoff) and net is None:
            raise ValueError("network players and network cut-offs need the network's tables")
        if greedy and evaluation is None:
            raise ValueError("greedy players and evaluated cut-offs need the evaluation's tables")


#: Every player at random, nothing valued: :meth:`Games.playouts` without policies.
_RANDOM = Policies()


@cython.final
@cython.cclass
class Games:
    """Whole games on the compiled kernel's fast enumerator: :meth:`playouts`,
    :meth:`simulate` (``pachisi simulate``) and :meth:`nn_selfplay` (the network's
    self-play for training).

    ``game`` is :func:`pachisi.fast.game_table`'s table, ``state`` a
    :func:`pachisi.fast.game_state` array; results go into buffers the caller
    allocates. One object holds one kernel and its buffers: per thread, never
    shared (:func:`pachisi.fast.games`). Nothing of one call is left for the
    next to read.
    """

    kern: object
    net: Net
    game: cython.int[::1]
    gs: cython.int[::1]
    rng: cython.ulonglong
    drng: cython.ulonglong
    # simulate (see there)
    sim_dead: cython.bint
    sim_caps: cython.int[::1]
    sim_before: cython.int[::1]
    sim_log: list

    def __init__(self) -> None:
        self.kern = Kernel()
        self.net = self.kern.network()
        self.gs = kp_state(self.kern)
        self.rng = 0
        self.drng = 0
        self.sim_dead = False
        self.sim_caps = _ints(4)
        self.sim_before = _ints(16)
        self.sim_log = None

    # -- playouts ---------------------------------------------------------------

    def playouts(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        n: cython.int,
        seed: cython.ulonglong,
        results: cython.int[::1],
        *,
        max_throws: cython.int,
        first_playout: cython.longlong = 0,
        first_throws: cython.int[::1] = None,
        policies: Policies = None,
        cutoff_values: cython.double[::1] = None,
    ) -> cython.longlong:
        """Play ``n`` games from ``state`` (``S_SIZE`` ints) of the game table ``game``
        (``_accel.game_table``); results in ``results``. Everything after
        ``results`` is keyword-only, and nothing of one call is left for the next
        to read: each table is taken from this call's arguments.

        Game ``i`` is playout number ``k = first_playout + i`` of ``seed``: its
        dice come from the splitmix64 stream seeded with ``stream_seed``
        ``(seed, 2k)``, its choices from the stream ``(seed, 2k + 1)`` (common
        random numbers: the k-th games from two positions throw the same dice
        as long as both last). Per throw two dice faces (``faces[r %
        len(faces)]``, ``r`` the top 31 bits of a draw), unless
        ``first_throws[i]`` gives the game's first throw (``8 * a + b``, or -1
        for a drawn one; no draw then); then the play among the distinct
        outcomes in canonical order (``Kernel._f_less``): uniformly at random
        (one draw), or, for the players :class:`Policies` ``policies`` names
        greedy, the best by the hand-made evaluation with ties within 1e-9
        broken by one draw (no draw for a single outcome or a single best),
        for those it names network players the network policy (see
        :meth:`_pick_best`); no ``policies``: every player at random. A game
        stops when decided (§3.5) or after ``max_throws`` throws.
        ``results[R_SIZE * i:]`` is ``throws, n_finished, finished[4], winner
        mask``; with ``cutoff_values``, a game cut off by ``max_throws`` writes
        the value of its last position for every player to ``cutoff_values[4
        * i + player]`` (the others are left as they are): the hand
        evaluation's, or with the policies' ``network_cutoff`` the network's
        (each player's side's chance). The outcomes come from the kernel's
        fast enumerator. Returns all throws.
        """
        pol: Policies = policies if policies is not None else _RANDOM
        gmask: cython.int = pol.greedy
        nmask: cython.int = pol.network
        res: cython.int[::1] = results
        vals: cython.double[::1] = cutoff_values
        firsts: cython.int[::1] = first_throws
        ncut: cython.bint = pol.network_cutoff
        start: cython.longlong = first_playout
        if (gmask or (vals is not None and not ncut)) and (
            pol.eval_weights is None or pol.eval_board is None
        ):
            raise ValueError("greedy players and evaluated cut-offs need the evaluation's tables")
        if (nmask or ncut) and (pol.net_ints is None or pol.net_weights is None):
            raise ValueError("network players and network cut-offs need the network's tables")
        if nmask or ncut:
            net_use(self.net, pol.net_ints, pol.net_weights)
        kp_setup(self.kern, game, pol.eval_weights, pol.eval_board)
        self.game = game
        gs = self.gs
        total: cython.longlong = 0
        i: cython.int
        k: cython.int
        t: cython.int
        p: cython.int
        fin_mask: cython.int
        kk: cython.ulonglong
        for i in range(n):
            kk = cython.cast(cython.ulonglong, start + i)
            self.drng = _stream_seed(seed, 2 * kk)
            self.rng = _stream_seed(seed, 2 * kk + 1)
            for k in range(S_SIZE):
                gs[k] = state[k]
            t = self._fplayout(
                max_throws, firsts[i] if firsts is not None else -1, gmask, nmask, False, False
            )
            total += t
            res[R_SIZE * i] = t
            res[R_SIZE * i + 1] = gs[S_NFIN]
            for k in range(4):
                res[R_SIZE * i + 2 + k] = gs[S_FIN + k]
            res[R_SIZE * i + 6] = gs[S_WIN]
            if vals is not None:
                fin_mask = finishers(gs, 0)
                if not kb_decided(self.kern, fin_mask, gs[S_WIN]) and ncut:
                    net_state(self.net, gs)
                    net_absolute(self.net, gs[S_TO_MOVE], vals, 4 * i)
                elif not kb_decided(self.kern, fin_mask, gs[S_WIN]):
                    for p in range(game[G_N]):
                        vals[4 * i + p] = kp_evaluate(self.kern, p)
        return total

    def policies(
        self,
        greedy: int = 0,
        network: int = 0,
        evaluation: object = None,
        net: object = None,
        network_cutoff: bool = False,
    ) -> Policies:
        """New :class:`Policies` for :meth:`playouts` (the same arguments)."""
        return Policies(greedy, network, evaluation, net, network_cutoff)

    def draws(self, seed: cython.ulonglong, n: cython.int, below: cython.int) -> list[int]:
        """The first ``n`` numbers ``< below`` of the generator seeded with ``seed`` (for tests)."""
        self.rng = seed
        out: list[int] = []
        i: cython.int
        for i in range(n):
            out.append(self._below(below))
        return out

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _below(self, n: cython.int) -> cython.int:
        """A number in ``0..n-1`` from the next splitmix64 draw (its top 31 bits modulo n)."""
        self.rng = _sm_next(self.rng)
        return _sm_below(self.rng, n)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _dbelow(self, n: cython.int) -> cython.int:
        """:meth:`_below` from the dice stream."""
        self.drng = _sm_next(self.drng)
        return _sm_below(self.drng, n)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pick_best(
        self, m: cython.int, mover: cython.int, fin_mask: cython.int, network: cython.bint
    ) -> cython.int:
        """The row of the greedy (or, with ``network``, the network policy's) choice among
        the ``m`` outcomes of the last enumeration, in canonical order: the best outcome
        (``Kernel._best_outcomes``, the one greedy choice), ties broken by one draw (none
        for a single outcome or a single best)."""
        n_best: cython.int = kp_best(self.kern, m, mover, fin_mask, network)
        if n_best == 1:
            return kp_best_row(self.kern, 0)
        return kp_best_row(self.kern, self._below(n_best))

    @cython.cfunc
    @cython.exceptval(check=False)
    def _fplayout(
        self,
        max_throws: cython.int,
        first: cython.int,
        gmask: cython.int,
        nmask: cython.int,
        sim: cython.bint,
        record: cython.bint,
    ) -> cython.int:
        """One game from the kernel's state on its fast enumerator (see :meth:`playouts`).

        ``first``: the first throw (``8 * a + b``), or -1 for a drawn one;
        ``gmask``/``nmask``: the players who play greedy / the network policy
        (bit masks); ``sim``: a game of :meth:`simulate` (it ends in a Pagade dead end, and
        :meth:`_sim_count` counts the captures); ``record``: every position
        before a throw is recorded (:meth:`nn_selfplay`). Returns the throws.
        """
        game = self.game
        gs = self.gs
        kern = self.kern
        nfaces: cython.int = game[G_NFACES]
        pagade: cython.bint = game[G_PAGADE] != 0
        throws: cython.int = 0
        a: cython.int
        b: cython.int
        r: cython.int
        m: cython.int
        got: cython.int
        mover: cython.int
        fin_mask: cython.int = finishers(gs, 0)  # then kept by each play (kp_play)
        while throws < max_throws:
            if kb_decided(kern, fin_mask, gs[S_WIN]):
                break
            if sim and pagade and kb_dead_end(kern, gs, fin_mask):
                self.sim_dead = True
                break
            if record:
                net_record(self.net, gs)
            if throws == 0 and first >= 0:
                a = first >> 3
                b = first & 7
            else:
                a = game[G_FACES + self._dbelow(nfaces)]
                b = game[G_FACES + self._dbelow(nfaces)]
            mover = gs[S_TO_MOVE]
            got = kp_enumerate(kern, a, b, fin_mask, (gmask | nmask) >> mover & 1, throws > 0)
            m = got >> 1
            if got & 1:
                # canonical order, a withheld twin of an earlier outcome removed
                if nmask >> mover & 1:
                    r = self._pick_best(m, mover, fin_mask, True)
                elif gmask >> mover & 1:
                    r = self._pick_best(m, mover, fin_mask, False)
                else:
                    r = kp_row(kern, self._below(m))
            else:
                # distinct keys: the pick-th in canonical order, without sorting them all
                r = kb_select(kern, m, self._below(m))
            if sim:
                self._sim_before(a, b)
            fin_mask = kp_play(kern, r, mover, fin_mask)
            if sim:
                self._sim_count(mover)
            throws += 1
        return throws

    # -- simulate: whole games for `pachisi simulate` --------------------------

    def simulate(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        n: cython.int,
        seeds: cython.ulonglong[::1],
        spec: cython.int[::1],
        res: cython.int[::1],
        *,
        max_throws: cython.int,
        evaluation: object = None,
        trace: cython.bint = False,
    ) -> list:
        """Play ``n`` games of ``pachisi simulate`` from ``state``; results in ``res``.
        Everything after ``res`` is keyword-only.

        Game ``i`` starts from ``state`` with player ``spec[2 * i]`` to throw;
        the players of the bit mask ``spec[2 * i + 1]`` play greedy by the
        hand evaluation, whose tables ``evaluation`` is (``(weights, board)``,
        as :class:`Policies` takes them; needed when any mask is not 0), the
        others random, as in :meth:`playouts` (its dice from the splitmix64
        stream ``stream_seed(seeds[i], 0)``, its choices from the stream
        ``(seeds[i], 1)``; no given first throw). Unlike a playout, it ends as
        drawn in a Pagade dead end (§3.5) and counts each player's captures
        (see :meth:`_sim_count`). ``res[SIM_SIZE * i:]`` is ``throws,
        n_finished, finished[4], winner mask, dead end, captures[4]`` (dead
        end 1 when the game ended in one, also on its last throw allowed).
        With ``trace``, returns the last game throw by throw: per throw ``[a,
        b, *state before it]`` (``S_SIZE`` ints; the slot ``P_CUT`` is
        scratch), then the final state; else an empty list.
        """
        i: cython.int
        k: cython.int
        t: cython.int
        o: cython.int
        fin_mask: cython.int
        eval_weights: cython.double[::1] = None
        eval_board: cython.int[::1] = None
        if evaluation is not None:
            eval_weights, eval_board = evaluation
        else:
            for i in range(n):
                if spec[2 * i + 1]:
                    raise ValueError("greedy players need the evaluation's tables")
        kp_setup(self.kern, game, eval_weights, eval_board)
        self.game = game
        gs = self.gs
        pagade: cython.bint = game[G_PAGADE] != 0
        for i in range(n):
            self.sim_log = [] if trace else None
            self.drng = _stream_seed(seeds[i], 0)
            self.rng = _stream_seed(seeds[i], 1)
            for k in range(S_SIZE):
                gs[k] = state[k]
            gs[S_TO_MOVE] = spec[2 * i]
            self.sim_dead = False
            for k in range(4):
                self.sim_caps[k] = 0
            t = self._fplayout(max_throws, -1, spec[2 * i + 1], 0, True, False)
            fin_mask = finishers(gs, 0)
            if pagade and not self.sim_dead and not kb_decided(self.kern, fin_mask, gs[S_WIN]):
                self.sim_dead = kb_dead_end(self.kern, gs, fin_mask)  # on the last throw allowed
            o = SIM_SIZE * i
            res[o] = t
            res[o + 1] = gs[S_NFIN]
            for k in range(4):
                res[o + 2 + k] = gs[S_FIN + k]
            res[o + 6] = gs[S_WIN]
            res[o + 7] = 1 if self.sim_dead else 0
            for k in range(4):
                res[o + 8 + k] = self.sim_caps[k]
        out: list = []
        if trace and n:
            out = self.sim_log
            row: list = []
            for k in range(S_SIZE):
                row.append(gs[k])
            out.append(row)
        self.sim_log = None
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def _sim_before(self, a: cython.int, b: cython.int) -> cython.void:
        """Keep the pawns before the chosen outcome is played (for :meth:`_sim_count`);
        trace the throw."""
        gs = self.gs
        k: cython.int
        row: list
        if self.sim_log is not None:
            row = [a, b]
            for k in range(S_SIZE):
                row.append(gs[k])
            self.sim_log.append(row)
        for k in range(16):
            self.sim_before[k] = gs[k]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _sim_count(self, mover: cython.int) -> cython.void:
        """Count the captures of the outcome just played (the pawns before it are
        ``sim_before``, after it the game state's).

        A capture is an action that captures (cuts) on landing, as
        ``Action.capture`` counts them, credited to the mover. Only captures
        take an opponent's pawn back (to p = 0) during the mover's throw (a
        third doublet's penalty takes the mover's own, and friendly colours
        never capture each other), so they are read from the opponents'
        pawns before and after: in the Parcheesi family one captured pawn per
        action; in Pagade every pawn of the square is cut by one action, so
        one capture per square emptied (two pawns of a colour on one ring
        square are always cut together: a single pawn never cuts a pair).
        """
        before = self.sim_before
        gs = self.gs
        game = self.game
        g: cython.int = G_CFG + mover * C_SIZE  # the mover's table
        pagade: cython.bint = game[G_PAGADE] != 0
        c: cython.int
        k: cython.int
        j: cython.int
        p: cython.int
        s: cython.int
        nb: cython.int
        na: cython.int
        cb: cython.int
        ca: cython.int
        ns: cython.int
        sq0: cython.int = -1
        sq1: cython.int = -1
        sq2: cython.int = -1
        caps: cython.int = 0
        for c in range(4):
            if not game[g + C_IN_PLAY + c] or game[g + C_FRIEND + c]:
                continue
            nb = 0
            na = 0
            for k in range(4):
                if before[4 * c + k] == 0:
                    nb += 1
                if gs[4 * c + k] == 0:
                    na += 1
            if na == nb:
                continue
            if not pagade:
                caps += na - nb
                continue
            # Pagade: the squares of the pawns cut (before, less after, as multisets)
            ns = 0
            for k in range(4):
                p = before[4 * c + k]
                if p == 0:
                    continue
                cb = 0
                ca = 0
                for j in range(4):
                    if before[4 * c + j] == p:
                        cb += 1
                    if gs[4 * c + j] == p:
                        ca += 1
                if cb == ca:
                    continue
                s = game[g + C_ROUTE + 85 * c + p]
                if s not in (sq0, sq1, sq2):
                    if ns == 0:
                        sq0 = s
                    elif ns == 1:
                        sq1 = s
                    else:
                        sq2 = s
                    ns += 1
            caps += ns
        self.sim_caps[mover] += caps

    # -- the value network's self-play ------------------------------------------

    def recording(self, max_throws: cython.int) -> Recording:
        """A new :class:`Recording` for :meth:`nn_selfplay`'s games of at most ``max_throws``
        throws."""
        return Recording(max_throws)

    def nn_selfplay(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        seed: cython.ulonglong,
        k: cython.longlong,
        net: object,
        record: Recording,
    ) -> cython.int:
        """Playout ``k`` of ``seed`` from ``state`` with every player on the network policy,
        whose tables ``net`` is (``(ints, weights)``: ``learn.kernel.tables``, as
        :class:`Policies` takes them), recording every position before a throw into
        ``record`` (for training), its game cut off after ``record.max_throws`` throws.

        The same game as :meth:`playouts` with every seat in ``nmask``; the
        record's layout is :class:`Recording`'s. Returns the number of
        positions recorded (the throws).
        """
        max_throws: cython.int = record.max_throws
        res: cython.int[::1] = record.res
        net_ints: cython.int[::1]
        net_weights: cython.double[::1]
        net_ints, net_weights = net
        net_use(self.net, net_ints, net_weights)
        kp_setup(self.kern, game, None, None)
        self.game = game
        gs = self.gs
        self.drng = _stream_seed(seed, 2 * cython.cast(cython.ulonglong, k))
        self.rng = _stream_seed(seed, 2 * cython.cast(cython.ulonglong, k) + 1)
        i: cython.int
        for i in range(S_SIZE):
            gs[i] = state[i]
        net_recording(self.net, record.idx, record.val, record.off, record.mv, record.v)
        t: cython.int = self._fplayout(max_throws, -1, 0, (1 << game[G_N]) - 1, False, True)
        net_state(self.net, gs)
        net_absolute(self.net, gs[S_TO_MOVE], record.v, 4 * net_recorded(self.net))
        res[0] = t
        res[1] = gs[S_NFIN]
        for i in range(4):
            res[2 + i] = gs[S_FIN + i]
        res[6] = gs[S_WIN]
        return net_recorded(self.net)
