"""The compiled kernel's value network: the encoding and the forward pass in C.

Cython in pure-Python mode, compiled by ``setup.py`` beside
:mod:`pachisi._kernel`. It holds pachisi.learn's value network: the
encoding ``pachisi-encoding/1`` of a game state (``Encoder.encode``, the
same units in the same order with the same values), the hidden layer over
the active units and the softmax over the sides (``ValueNet.side_chances``,
the same operations in the same order: the same numbers bit for bit). The
tables come from :func:`pachisi.learn.kernel.tables` as one value ``(ints,
weights)`` (``nni``/``nnd`` here: the ``NI_*`` and ``ND_*`` layouts of
:mod:`pachisi._layout`), which :class:`Net`'s Python methods take as one
argument ``net``, as the kernel's games do.

Its parts:

* :class:`Net`, one network's working buffers (one per kernel, so per
  thread): its Python methods (:meth:`Net.encode`, :meth:`Net.chances`,
  :meth:`Net.repeat`, :meth:`Net.batch`) value game states for
  :mod:`pachisi.learn.kernel` and the measurements;
* the C functions ``net_*`` (declared in ``_knet.pxd``), through which the
  kernel's games (the network policy of the playouts, the self-play
  recording, the analysis's replies) use it: each a direct C call through a
  pointer imported when ``_kernel`` loads.

It imports nothing from the package but the layouts (:mod:`pachisi._layout`,
C constants when compiled); uncompiled, the kernel's source takes it through
:func:`pachisi._uncompiled.load`.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

if cython.compiled:  # the value network's tanh and exp: C's, as Python's math module calls
    from cython.cimports.libc.math import exp as _exp
    from cython.cimports.libc.math import tanh as _tanh
else:
    from math import exp as _exp
    from math import tanh as _tanh

# The layouts it reads: the game state's fields, the network's tables (built by
# pachisi.learn.kernel.tables) and the most units of one encoding (its scratch buffers'
# size; 80 is the bound): pachisi._layout, the one place they are written.
if cython.compiled:  # C constants (_layout.pxd, written from pachisi._layout)
    from cython.cimports.pachisi._layout import (
        ND_CHANCE,
        ND_W1,
        NI_FRIEND,
        NI_GLOBAL,
        NI_HIDDEN,
        NI_HOME,
        NI_IN_PLAY,
        NI_INPUTS,
        NI_INV,
        NI_MAJOR,
        NI_NPLAYERS,
        NI_NSIDES,
        NI_OWNER,
        NI_PAGADE,
        NI_PLAYERS_UNIT,
        NI_ROUTE,
        NI_SAFE,
        NI_SIDE,
        NI_SIZE,
        NI_SLOT,
        NI_SLOTS,
        NI_TEAMS_UNIT,
        NN_UNITS,
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

# This module's own C constants, folded into the code (see the note in _kernel.py).
_CINT = cython.typedef(cython.const[cython.int])

# the encoder's int scratch buffer (Net.s)
NS_CNT = cython.declare(_CINT, 0)  # 100 squares: pawns on it
NS_SQ = cython.declare(_CINT, 100)  # 16: the squares counted
NS_BLK = cython.declare(_CINT, 116)  # 16: the blockades
NS_PS = cython.declare(_CINT, 132)  # 4: a colour's pawns, sorted
NS_RS = cython.declare(_CINT, 136)  # 16: the ring pawns' squares
NS_RC = cython.declare(_CINT, 152)  # 16: and colours
NS_MINE = cython.declare(_CINT, 168)  # 4
NS_DANGER = cython.declare(_CINT, 172)  # 4
NS_SIZE = cython.declare(_CINT, 176)


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


def _doubles(n: int) -> array[float]:
    return array("d", bytes(8 * n))


@cython.final
@cython.cclass
class Net:
    """One value network's working buffers and its Python entry points.

    Its fields are declared in ``_knet.pxd`` (so that the kernel reads them
    directly): the tables in use (``nni``, ``nnd``), the encoding's active
    units (``idx``, ``val``), the hidden layer (``h``), the side chances
    (``z``), the encoder's scratch (``s``, ``dv``), a game state (``st``) and
    the self-play recording (``nr_*``, see :func:`net_record`). Never shared
    between threads: each kernel owns one (``Kernel.network``).
    """

    def __init__(self) -> None:
        self.nni = _ints(NI_SIZE)
        self.nnd = _doubles(ND_W1)
        self.idx = _ints(NN_UNITS)
        self.val = _doubles(NN_UNITS)
        self.h = _doubles(64)
        self.z = _doubles(4)
        self.s = _ints(NS_SIZE)
        self.dv = _doubles(4)
        self.st = _ints(S_SIZE)
        self.nr_n = 0

    def encode(self, net: object, state: cython.int[::1]) -> tuple[list[int], list[float]]:
        """The encoding of a game state by the network whose tables ``net`` is: its active
        units and their values (for tests)."""
        _take(self, net)
        n: cython.int = _encode_state(self, state)
        idx: list[int] = []
        val: list[float] = []
        k: cython.int
        for k in range(n):
            idx.append(self.idx[k])
            val.append(self.val[k])
        return idx, val

    def chances(self, net: object, state: cython.int[::1]) -> list[float]:
        """Each side's chance of winning a game state by the network whose tables ``net``
        is, sides counted from the mover's."""
        _take(self, net)
        net_state(self, state)
        out: list[float] = []
        k: cython.int
        for k in range(self.nni[NI_NSIDES]):
            out.append(self.z[k])
        return out

    def repeat(
        self, net: object, state: cython.int[::1], reps: cython.int, encode_only: cython.bint
    ) -> cython.double:
        """Evaluate (or only encode) a game state ``reps`` times (timings)."""
        _take(self, net)
        k: cython.int
        fin: cython.int = finishers(state, 0)
        for k in range(reps):
            if encode_only:
                net_encode(self, state, 0, state[S_TO_MOVE], state[P_DOUBLES], state[S_CUTS], fin)
            else:
                net_state(self, state)
        return self.z[0]

    def batch(
        self, net: object, states: cython.int[::1], n: cython.int, out: cython.double[::1]
    ) -> None:
        """Each player's (side's) chance in ``n`` game states (``S_SIZE`` ints each, one
        after another) by the network whose tables ``net`` is: ``out[4 * i + player]``."""
        _take(self, net)
        st = self.st
        i: cython.int
        k: cython.int
        for i in range(n):
            for k in range(S_SIZE):
                st[k] = states[S_SIZE * i + k]
            net_state(self, st)
            net_absolute(self, st[S_TO_MOVE], out, 4 * i)


@cython.cfunc
def _take(net: Net, tables: object) -> cython.void:
    """:func:`net_use` with the tables as the Python entry points take them: one value
    ``(ints, weights)`` (``learn.kernel.tables``), as the kernel's games take ``net``."""
    nni: cython.int[::1]
    nnd: cython.double[::1]
    nni, nnd = tables
    net_use(net, nni, nnd)


# -- the C interface (_knet.pxd) ------------------------------------------------


@cython.cfunc
@cython.exceptval(check=False)
def finishers(st: cython.int[::1], at: cython.int) -> cython.int:
    """The players who have finished in the game state at ``st[at:]``, as a bit mask: the
    one copy, which the kernel, its games and its batched environments cimport too (this
    module is the one that every other kernel module reaches)."""
    fin: cython.int = 0
    k: cython.int
    for k in range(st[at + S_NFIN]):
        fin |= 1 << st[at + S_FIN + k]
    return fin


@cython.cfunc
def net_new() -> Net:
    """A new network's buffers (for the kernel, which holds one)."""
    return Net()


@cython.cfunc
def net_use(net: Net, nni: cython.int[::1], nnd: cython.double[::1]) -> cython.void:
    """Take the network's tables; size the hidden layer's buffer."""
    net.nni = nni
    net.nnd = nnd
    if len(net.h) < nni[NI_HIDDEN]:
        net.h = _doubles(nni[NI_HIDDEN])


@cython.cfunc
def net_recording(
    net: Net,
    r_idx: cython.int[::1],
    r_val: cython.double[::1],
    r_off: cython.int[::1],
    r_mv: cython.int[::1],
    r_v: cython.double[::1],
) -> cython.void:
    """Record positions into these buffers from now on (see ``_kplay.Games.nn_selfplay``): none
    recorded yet."""
    net.nr_idx = r_idx
    net.nr_val = r_val
    net.nr_off = r_off
    net.nr_mv = r_mv
    net.nr_v = r_v
    net.nr_n = 0
    r_off[0] = 0


@cython.cfunc
@cython.exceptval(check=False)
def net_recorded(net: Net) -> cython.int:
    """The number of positions recorded since :func:`net_recording`."""
    return net.nr_n


@cython.cfunc
@cython.exceptval(check=False)
def net_record(net: Net, gs: cython.int[::1]) -> cython.void:
    """Record the game state ``gs``'s units, mover and values (see ``_kplay.Games.nn_selfplay``)."""
    t: cython.int = net.nr_n
    at: cython.int = net.nr_off[t]
    n: cython.int = _encode_state(net, gs)
    k: cython.int
    for k in range(n):
        net.nr_idx[at + k] = net.idx[k]
        net.nr_val[at + k] = net.val[k]
    net.nr_off[t + 1] = at + n
    net.nr_mv[t] = gs[S_TO_MOVE]
    net_forward(net, n, gs[S_TO_MOVE], gs[S_WIN])
    net_absolute(net, gs[S_TO_MOVE], net.nr_v, 4 * t)
    net.nr_n = t + 1


@cython.cfunc
@cython.exceptval(check=False)
def net_absolute(
    net: Net, to_move: cython.int, out: cython.double[::1], off: cython.int
) -> cython.void:
    """Each player's side's chance (from ``z``, sides counted from ``to_move``'s) into
    ``out[off:]``."""
    ni = net.nni
    j: cython.int
    for j in range(ni[NI_NPLAYERS]):
        out[off + j] = net.z[ni[NI_SIDE + 4 * to_move + j]]


@cython.cfunc
@cython.exceptval(check=False)
def net_state(net: Net, st: cython.int[::1]) -> cython.void:
    """The side chances of a game state in ``z`` (exact once there is a winner)."""
    n: cython.int = 0
    if st[S_WIN] == 0:
        n = _encode_state(net, st)
    net_forward(net, n, st[S_TO_MOVE], st[S_WIN])


@cython.cfunc
@cython.exceptval(check=False)
def net_value(net: Net, pw: cython.int[::1], fin: cython.int, mover: cython.int) -> cython.double:
    """The chance of ``mover``'s side in the game state ``pw`` (whose finishers are the bit
    mask ``fin``): the network policy's value of an outcome."""
    nxt: cython.int = pw[S_TO_MOVE]
    n: cython.int = 0
    if pw[S_WIN] == 0:
        n = net_encode(net, pw, 0, nxt, pw[P_DOUBLES], pw[S_CUTS], fin)
    net_forward(net, n, nxt, pw[S_WIN])
    return net.z[net.nni[NI_SIDE + 4 * nxt + mover]]


@cython.cfunc
@cython.exceptval(check=False)
def net_forward(net: Net, n: cython.int, to_move: cython.int, winner: cython.int) -> cython.void:
    """z[:n_sides]: the side chances of the n units in idx/val (ValueNet.side_chances);
    exact for a state with winners (``winner``, a bit mask of players)."""
    # the buffers as net's fields, not local copies (each a reference count's two atomic
    # operations per call)
    ns: cython.int = net.nni[NI_NSIDES]
    k: cython.int
    j: cython.int
    if winner != 0:
        for k in range(ns):
            net.z[k] = 0.0
        for j in range(net.nni[NI_NPLAYERS]):
            if winner >> j & 1:
                net.z[net.nni[NI_SIDE + 4 * to_move + j]] = 1.0
        return
    # The same operations as ValueNet.side_chances, in the same order for each number (bit
    # for bit), arranged so that the C compiler vectorises them and keeps the sums in
    # registers (docs/benchmarks.md, "The network's forward pass"): indices of pointer
    # width (an int's, under -fwrapv, keeps GCC's vectoriser out); the hidden layer eight
    # units at a time, each summed over the active units' rows in their order in eight
    # locals (SSE2 registers), then the rest one by one; the tanh's; then the output
    # layer's four sides side by side (W2's rows have four numbers whatever the sides; the
    # spare ones are unused).
    hid: cython.Py_ssize_t = net.nni[NI_HIDDEN]
    w1: cython.Py_ssize_t = ND_W1
    b1: cython.Py_ssize_t = w1 + net.nni[NI_INPUTS] * hid
    w2: cython.Py_ssize_t = b1 + hid
    b2: cython.Py_ssize_t = w2 + 4 * hid
    t: cython.int
    i: cython.Py_ssize_t
    row: cython.Py_ssize_t
    v: cython.double
    a0: cython.double
    a1: cython.double
    a2: cython.double
    a3: cython.double
    a4: cython.double
    a5: cython.double
    a6: cython.double
    a7: cython.double
    i = 0
    while i + 8 <= hid:
        a0 = net.nnd[b1 + i]
        a1 = net.nnd[b1 + i + 1]
        a2 = net.nnd[b1 + i + 2]
        a3 = net.nnd[b1 + i + 3]
        a4 = net.nnd[b1 + i + 4]
        a5 = net.nnd[b1 + i + 5]
        a6 = net.nnd[b1 + i + 6]
        a7 = net.nnd[b1 + i + 7]
        for t in range(n):
            row = w1 + net.idx[t] * hid + i
            v = net.val[t]
            if v == 1.0:
                a0 = a0 + net.nnd[row]
                a1 = a1 + net.nnd[row + 1]
                a2 = a2 + net.nnd[row + 2]
                a3 = a3 + net.nnd[row + 3]
                a4 = a4 + net.nnd[row + 4]
                a5 = a5 + net.nnd[row + 5]
                a6 = a6 + net.nnd[row + 6]
                a7 = a7 + net.nnd[row + 7]
            else:
                a0 = a0 + v * net.nnd[row]
                a1 = a1 + v * net.nnd[row + 1]
                a2 = a2 + v * net.nnd[row + 2]
                a3 = a3 + v * net.nnd[row + 3]
                a4 = a4 + v * net.nnd[row + 4]
                a5 = a5 + v * net.nnd[row + 5]
                a6 = a6 + v * net.nnd[row + 6]
                a7 = a7 + v * net.nnd[row + 7]
        net.h[i] = a0
        net.h[i + 1] = a1
        net.h[i + 2] = a2
        net.h[i + 3] = a3
        net.h[i + 4] = a4
        net.h[i + 5] = a5
        net.h[i + 6] = a6
        net.h[i + 7] = a7
        i += 8
    while i < hid:
        a0 = net.nnd[b1 + i]
        for t in range(n):
            row = w1 + net.idx[t] * hid + i
            v = net.val[t]
            a0 = a0 + net.nnd[row] if v == 1.0 else a0 + v * net.nnd[row]
        net.h[i] = a0
        i += 1
    for i in range(hid):
        net.h[i] = _tanh(net.h[i])
    z0: cython.double = net.nnd[b2]
    z1: cython.double = net.nnd[b2 + 1]
    z2: cython.double = net.nnd[b2 + 2]
    z3: cython.double = net.nnd[b2 + 3]
    th: cython.double
    for i in range(hid):
        th = net.h[i]
        row = w2 + 4 * i
        z0 = z0 + th * net.nnd[row]
        z1 = z1 + th * net.nnd[row + 1]
        z2 = z2 + th * net.nnd[row + 2]
        z3 = z3 + th * net.nnd[row + 3]
    net.z[0] = z0
    net.z[1] = z1
    net.z[2] = z2
    net.z[3] = z3
    # the softmax: the largest logit's exp is exp(0.0), 1.0 exactly, so it is not called
    top: cython.int = 0
    for k in range(1, ns):
        if net.z[k] > net.z[top]:
            top = k
    m: cython.double = net.z[top]
    s: cython.double = 0.0
    for k in range(ns):
        if k == top:
            net.z[k] = 1.0
        else:
            net.z[k] = _exp(net.z[k] - m)
        s = s + net.z[k]
    for k in range(ns):
        net.z[k] = net.z[k] / s


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _put(net: Net, n: cython.int, i: cython.int, v: cython.double) -> cython.int:
    net.idx[n] = i
    net.val[n] = v
    return n + 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _encode_state(net: Net, st: cython.int[::1]) -> cython.int:
    """:func:`net_encode` of the game state ``st`` as it stands (its mover, doubles, cut
    flags and finishers): the number of active units."""
    return net_encode(net, st, 0, st[S_TO_MOVE], st[P_DOUBLES], st[S_CUTS], finishers(st, 0))


@cython.cfunc
@cython.exceptval(check=False)
def net_encode(
    net: Net,
    o: cython.int[::1],
    off: cython.int,
    mover: cython.int,
    doubles: cython.int,
    cuts: cython.int,
    fin: cython.int,
) -> cython.int:
    """Encoder.encode of the pawns ``o[off:off+16]`` with ``mover`` to move, the doubles
    count, the players who have cut and who have finished (bit masks); the units in
    idx/val, their number returned."""
    ni = net.nni
    nd = net.nnd
    sc = net.s
    home: cython.int = ni[NI_HOME]
    h1: cython.int = home + 1
    pagade: cython.bint = ni[NI_PAGADE] != 0
    c: cython.int
    k: cython.int
    p: cython.int
    s: cython.int
    q: cython.int
    d: cython.int
    n_sq: cython.int = 0
    n_ring: cython.int = 0
    n_blk: cython.int = 0
    # occupancy (every colour in play), the ring pawns, the blockades
    for c in range(4):
        if not ni[NI_IN_PLAY + c]:
            continue
        for k in range(4):
            s = ni[NI_ROUTE + 85 * c + o[off + 4 * c + k]]
            if s < 0:
                continue
            sc[NS_SQ + n_sq] = s
            n_sq += 1
            sc[NS_CNT + s] += 1
            if sc[NS_CNT + s] == 2 and not pagade:
                sc[NS_BLK + n_blk] = s
                n_blk += 1
            if s < 68:
                sc[NS_RS + n_ring] = s
                sc[NS_RC + n_ring] = c
                n_ring += 1
    n: cython.int = 0
    slot: cython.int
    base: cython.int
    prev: cython.int
    run: cython.int
    to_go: cython.int
    n_safe: cython.int
    n_pairs: cython.int
    n_blocked: cython.int
    n_mine: cython.int
    n_danger: cython.int
    cnt: cython.int
    found: cython.bint
    risk: cython.double
    hc: cython.double
    owner: cython.int
    ps0: cython.int
    for slot in range(4):
        c = ni[NI_SLOTS + 4 * mover + slot]
        if not ni[NI_IN_PLAY + c]:
            continue
        base = slot * ni[NI_SLOT]
        # the colour's pawns, sorted
        for k in range(4):
            p = o[off + 4 * c + k]
            q = k
            while q > 0 and sc[NS_PS + q - 1] > p:
                sc[NS_PS + q] = sc[NS_PS + q - 1]
                q -= 1
            sc[NS_PS + q] = p
        prev = -1
        run = 0
        to_go = 0
        n_safe = 0
        n_pairs = 0
        n_blocked = 0
        n_mine = 0
        n_danger = 0
        for k in range(4):
            p = sc[NS_PS + k]
            to_go += home - p
            if p != prev:
                n = _put(net, n, base + p, 1.0)
                prev = p
                run = 1
            else:
                run += 1
            if (k == 3 or sc[NS_PS + k + 1] != p) and run > 1:
                n = _put(net, n, base + h1 + p, cython.cast(cython.double, run - 1))
            s = ni[NI_ROUTE + 85 * c + p]
            if s < 0:
                continue
            cnt = sc[NS_CNT + s]
            if cnt >= 2 and (s < 68 or not pagade):
                found = False
                for q in range(n_mine):
                    if sc[NS_MINE + q] == s:
                        found = True
                if found:
                    n_pairs += 1
                else:
                    sc[NS_MINE + n_mine] = s
                    n_mine += 1
            if s >= 68:
                n_safe += 1
                continue
            if cnt >= 2 or ni[NI_SAFE + s]:
                n_safe += 1
            else:
                risk = 0.0
                for q in range(n_ring):
                    if ni[NI_FRIEND + 4 * c + sc[NS_RC + q]]:
                        continue
                    d = (s - sc[NS_RS + q]) % 68
                    if d < 0:
                        d += 68
                    hc = nd[ND_CHANCE + d]
                    if hc > risk:
                        risk = hc
                if risk > 0.0:
                    sc[NS_DANGER + n_danger] = p
                    net.dv[n_danger] = risk
                    n_danger += 1
            for q in range(n_blk):
                d = ni[NI_INV + 100 * c + sc[NS_BLK + q]] - p
                if 0 < d <= 12 and sc[NS_BLK + q] != s:
                    n_blocked += 1
                    break
        for q in range(n_danger):
            n = _put(net, n, base + 2 * h1 + sc[NS_DANGER + q], net.dv[q])
        ps0 = base + 3 * h1
        owner = ni[NI_OWNER + c]
        n = _put(net, n, ps0, 1.0)
        if ni[NI_MAJOR + c]:
            n = _put(net, n, ps0 + 1, 1.0)
        n = _put(net, n, ps0 + 2 + ni[NI_SIDE + 4 * mover + owner], 1.0)
        if cuts >> owner & 1:
            n = _put(net, n, ps0 + 6, 1.0)
        if fin >> owner & 1:
            n = _put(net, n, ps0 + 7, 1.0)
        if to_go:
            hc = cython.cast(cython.double, to_go) / cython.cast(cython.double, 4 * home)
            n = _put(net, n, ps0 + 8, hc)
        if n_safe:
            n = _put(net, n, ps0 + 9, cython.cast(cython.double, n_safe) / 4.0)
        if n_pairs:
            n = _put(net, n, ps0 + 10, cython.cast(cython.double, n_pairs) / 2.0)
        if n_blocked:
            n = _put(net, n, ps0 + 11, cython.cast(cython.double, n_blocked) / 4.0)
    for k in range(n_sq):
        sc[NS_CNT + sc[NS_SQ + k]] = 0
    g: cython.int = ni[NI_GLOBAL]
    if doubles >= 1:
        n = _put(net, n, g, 1.0)
        if doubles >= 2:
            n = _put(net, n, g + 1, 1.0)
    if ni[NI_TEAMS_UNIT] >= 0:
        n = _put(net, n, ni[NI_TEAMS_UNIT], 1.0)
    n = _put(net, n, ni[NI_PLAYERS_UNIT], 1.0)
    return n
