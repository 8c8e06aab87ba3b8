"""The compiled kernel: legal plays over preallocated integer buffers.

This module is Cython in pure-Python mode. ``setup.py`` compiles it when a C
compiler is present; :mod:`pachisi._accel` uses it only when it *is*
compiled (uncompiled it still runs, slowly, which the tests use to check the
algorithm where no compiler is at hand). It imports nothing from the
package: the Python side (:mod:`pachisi._accel`) packs a position into
integers and builds :class:`~pachisi.moves.Play` values from the integers it
gets back.

It mirrors the reference explorer of ``moves.py`` step for step, so that it
finds the same plays **in the same order** with the same action paths:

* a state of the throw graph is a row of :data:`W` ints (the mover's pawn
  codes sorted, the numbers left sorted, the captured squares sorted, the
  flag), with the very encodings of ``moves.py`` (a pawn is
  ``p | colour << 7 | moved << 9 | tag << 10``, a number
  ``value | bottom << 3 | colours << 4``);
* states live in a :class:`_Store` (rows in discovery order, the first edge
  that reached each, an open-addressing hash table of row indices);
* the dice part is explored depth first with a stack, the selection rules
  filter the states in discovery order, the bonus part is explored from the
  selected dice terminals (roots in first-seen order) and its terminals are
  taken in expansion order, exactly as ``moves.legal_plays`` does.

The output (:meth:`Kernel.output`) is a list of candidate ends, each
``[16 pawn ints, cut, extra, n_actions, n_actions * A action ints]``, one per
distinct (pawns, cut, extra) in the reference's order (the first path kept);
the caller builds positions and removes any repeated one (first kept), which
gives the reference's list.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

#: Width of a state row: mine[0:8], nrem at 8, rem[9:21], ngone at 21, gone[22:38], flag at 38.
W = cython.declare(cython.int, 40)
_MINE = cython.declare(cython.int, 0)
_NREM = cython.declare(cython.int, 8)
_REM = cython.declare(cython.int, 9)
_MAXREM = cython.declare(cython.int, 12)
_NGONE = cython.declare(cython.int, 21)
_GONE = cython.declare(cython.int, 22)
_MAXGONE = cython.declare(cython.int, 16)
_FLAG = cython.declare(cython.int, 38)
#: Width of an action: kind, colour, frm, to, n_numbers, numbers[4], capture.
A = cython.declare(cython.int, 10)

#: Action kinds (indices into ``_accel.KINDS``).
K_ENTER = cython.declare(cython.int, 0)
K_MOVE = cython.declare(cython.int, 1)
K_PAIR = cython.declare(cython.int, 2)
K_BONUS = cython.declare(cython.int, 3)
K_PENALTY = cython.declare(cython.int, 4)
K_OPTION = cython.declare(cython.int, 5)

# cfg layout (built by pachisi._accel for a set-up and mover)
C_PAGADE = cython.declare(cython.int, 0)
C_JUMP = cython.declare(cython.int, 1)
C_NCOL = cython.declare(cython.int, 2)
C_COL = cython.declare(cython.int, 3)  # 3, 4: the mover's colours in player order
C_CAPTURE_BONUS = cython.declare(cython.int, 5)
C_HOME_BONUS = cython.declare(cython.int, 6)
C_LARGER_DIE = cython.declare(cython.int, 7)
C_NO_SPLIT = cython.declare(cython.int, 8)
C_MAY_ADVANCE = cython.declare(cython.int, 9)
C_PARTIAL_NOTHING = cython.declare(cython.int, 10)
C_CUT_RULE = cython.declare(cython.int, 11)
C_SAFE_X = cython.declare(cython.int, 12)
C_PAIR_DOUBLE = cython.declare(cython.int, 13)
C_IN_PLAY = cython.declare(cython.int, 14)  # 14..17: colour in play
C_FRIEND = cython.declare(cython.int, 18)  # 18..21: colour friendly to the mover
C_ROUTE = cython.declare(cython.int, 32)  # 4 * 85 squares
C_RINDEX = cython.declare(cython.int, C_ROUTE + 340)  # 4 * 100 progress numbers (Parcheesi family)
C_SAFETY = cython.declare(cython.int, C_RINDEX + 400)  # 100 flags
C_XSQ = cython.declare(cython.int, C_SAFETY + 100)  # 100 flags
C_SIZE = cython.declare(cython.int, C_XSQ + 100)

# position layout: pawns[16] (4 per colour), doubles at 16, cut of the mover at 17
P_DOUBLES = cython.declare(cython.int, 16)
P_CUT = cython.declare(cython.int, 17)
P_SIZE = cython.declare(cython.int, 18)
# a game state for playouts: the position layout, then
S_TO_MOVE = cython.declare(cython.int, 18)
S_CUTS = cython.declare(cython.int, 19)  # bit i: player i has cut (Pagade)
S_NFIN = cython.declare(cython.int, 20)
S_FIN = cython.declare(cython.int, 21)  # 21..24: the finishers in order
S_WIN = cython.declare(cython.int, 25)  # the winners as a bit mask of players, 0: none yet
S_SIZE = cython.declare(cython.int, 26)
# the game table for playouts (built by pachisi._accel.game_table)
G_N = cython.declare(cython.int, 0)
G_PAGADE = cython.declare(cython.int, 1)
G_PFP = cython.declare(cython.int, 2)  # play_for_places
G_HOME = cython.declare(cython.int, 3)
G_NFACES = cython.declare(cython.int, 4)
G_FACES = cython.declare(cython.int, 5)  # 5..10
G_TEAMS = cython.declare(cython.int, 11)
G_PCOLS = cython.declare(cython.int, 12)  # 12 + 3 * player: ncol, colour, colour
G_MAJOR = cython.declare(cython.int, 24)  # 24 + player: major colour, or -1
G_TEAM = cython.declare(cython.int, 28)  # 28 + player: the player's team as a bit mask
G_CFG = cython.declare(cython.int, 32)  # then one cfg table (C_SIZE ints) per mover
# the evaluation's tables (built by pachisi._accel.eval_tables)
E_SAFE = cython.declare(cython.int, 0)  # 0..67: the square protects
E_FRIENDLY = cython.declare(cython.int, 68)  # 68 + 4 * c + d: colours c and d are friendly
E_OWNER = cython.declare(cython.int, 84)  # 84 + c: the player of colour c
E_SPARE = cython.declare(cython.int, 88)  # 88 + c: the colour's least advanced pawn is spare
E_PAGADE = cython.declare(cython.int, 92)
E_HOME = cython.declare(cython.int, 93)
E_SIZE = cython.declare(cython.int, 94)
D_HOME_VALUE = cython.declare(cython.int, 0)
D_CHANCE = cython.declare(cython.int, 1)  # 1 + d: the chance of a hit from distance d (0..67)
D_SIGNS = cython.declare(cython.int, 69)  # 69 + 4 * player + c
D_SIZE = cython.declare(cython.int, 85)
# splitmix64's constants
_SM_GAMMA = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
_SM_M1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
_SM_M2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)
#: Width of a playout's result: throws, number of finishers, finishers[4], winner mask.
R_SIZE = cython.declare(cython.int, 7)

_PMASK = cython.declare(cython.int, 127)
_MOVED = cython.declare(cython.int, 512)
_NOBODY = cython.declare(cython.int, -1)
_OFF = cython.declare(cython.int, -1)


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


@cython.cclass
class _Store:
    """The explored states of one part of a throw graph, in discovery order."""

    st: cython.int[::1]
    par: cython.int[::1]
    act: cython.int[::1]
    table: cython.int[::1]
    slot: cython.int[::1]
    n: cython.int
    nm: cython.int
    cap: cython.int
    tmask: cython.int

    def __init__(self) -> None:
        self.cap = 0
        self.n = 0
        self.nm = 8
        self._alloc(256)

    def _alloc(self, cap: cython.int) -> None:
        st = _ints(cap * W)
        par = _ints(cap)
        act = _ints(cap * A)
        self.slot = _ints(cap)
        old: cython.int = self.n
        k: cython.Py_ssize_t
        if self.cap:
            for k in range(old * W):
                st[k] = self.st[k]
            for k in range(old):
                par[k] = self.par[k]
            for k in range(old * A):
                act[k] = self.act[k]
        self.st = st
        self.par = par
        self.act = act
        self.cap = cap
        size: cython.int = 16
        while size < 2 * cap:
            size *= 2
        self.table = array("i", [-1]) * size
        self.tmask = size - 1
        i: cython.int
        for i in range(old):
            self._insert(i)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _hash(self, buf: cython.int[::1], off: cython.int) -> cython.uint:
        """FNV-1a over the used fields of a state row (the unused slots are always 0)."""
        h: cython.uint = 2166136261
        k: cython.int
        for k in range(self.nm):
            h = (h ^ cython.cast(cython.uint, buf[off + k])) * 16777619
        for k in range(_NREM, _REM + buf[off + _NREM]):
            h = (h ^ cython.cast(cython.uint, buf[off + k])) * 16777619
        for k in range(_NGONE, _GONE + buf[off + _NGONE]):
            h = (h ^ cython.cast(cython.uint, buf[off + k])) * 16777619
        h = (h ^ cython.cast(cython.uint, buf[off + _FLAG])) * 16777619
        if not cython.compiled:
            h &= 0xFFFFFFFF
        return h

    @cython.cfunc
    @cython.exceptval(check=False)
    def _same(self, i: cython.int, buf: cython.int[::1], off: cython.int) -> cython.bint:
        """Whether state ``i`` equals the row ``buf[off:]`` (used fields only)."""
        st = self.st
        base: cython.int = i * W
        k: cython.int
        for k in range(self.nm):
            if st[base + k] != buf[off + k]:
                return False
        if st[base + _FLAG] != buf[off + _FLAG]:
            return False
        for k in range(_NREM, _REM + buf[off + _NREM]):
            if st[base + k] != buf[off + k]:
                return False
        for k in range(_NGONE, _GONE + buf[off + _NGONE]):
            if st[base + k] != buf[off + k]:
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _insert(self, i: cython.int) -> cython.void:
        j: cython.int = cython.cast(cython.int, self._hash(self.st, i * W) & self.tmask)
        while self.table[j] >= 0:
            j = (j + 1) & self.tmask
        self.table[j] = i
        self.slot[i] = j

    @cython.cfunc
    @cython.exceptval(check=False)
    def clear(self, nm: cython.int) -> cython.void:
        """Forget every state (only the used slots of the table are reset)."""
        k: cython.int
        for k in range(self.n):
            self.table[self.slot[k]] = -1
        self.n = 0
        self.nm = nm

    @cython.cfunc
    @cython.exceptval(check=False)
    def add(
        self,
        buf: cython.int[::1],
        off: cython.int,
        abuf: cython.int[::1],
        aoff: cython.int,
        parent: cython.int,
    ) -> cython.int:
        """Index of the new state ``buf[off:off+W]``, or ``-1 - index`` if already there."""
        j: cython.int = cython.cast(cython.int, self._hash(buf, off) & self.tmask)
        i: cython.int
        k: cython.int
        while True:
            i = self.table[j]
            if i < 0:
                break
            if self._same(i, buf, off):
                return -1 - i
            j = (j + 1) & self.tmask
        if self.n == self.cap:
            self._alloc(self.cap * 2)
            j = cython.cast(cython.int, self._hash(buf, off) & self.tmask)
            while self.table[j] >= 0:
                j = (j + 1) & self.tmask
        i = self.n
        self.n += 1
        self.table[j] = i
        self.slot[i] = j
        for k in range(W):
            self.st[i * W + k] = buf[off + k]
        self.par[i] = parent
        if parent >= 0:
            for k in range(A):
                self.act[i * A + k] = abuf[aoff + k]
        return i


@cython.cclass
class Kernel:
    """Legal-play generation for one position and throw at a time (see the module docstring)."""

    cfg: cython.int[::1]
    pos: cython.int[::1]
    dice: _Store
    bonus: _Store
    # per throw
    oth_n: cython.int[::1]
    oth_friend: cython.int[::1]
    oth_block: cython.int[::1]
    n_oth_block: cython.int
    tag_sq: cython.int[::1]
    n_tags: cython.int
    nm: cython.int
    doublet: cython.bint
    ta: cython.int
    tb: cython.int
    # per expansion
    own: cython.int[::1]
    own_col: cython.int[::1]
    blocked: cython.int[::1]
    n_blocked: cython.int
    edges: cython.int[::1]
    eacts: cython.int[::1]
    n_edges: cython.int
    groups: cython.int[::1]
    n_groups: cython.int[::1]
    tmp: cython.int[::1]
    stack: cython.int[::1]
    start: cython.int[::1]
    sel: cython.int[::1]
    n_sel: cython.int
    roots: cython.int[::1]
    order: cython.int[::1]
    term: cython.int[::1]
    path: cython.int[::1]
    #: The output buffer (see the module docstring); :attr:`n_out` ints are used.
    out: cython.int[::1]
    out_arr: object
    n_out: cython.int
    rtab: cython.int[::1]
    rslot: cython.int[::1]
    # playouts
    game: cython.int[::1]
    gst: cython.int[::1]
    cfgbuf: cython.int[::1]
    heads: cython.int[::1]
    withheld: cython.int[::1]
    rng: cython.ulonglong
    drng: cython.ulonglong
    no_paths: cython.bint
    greedy: cython.bint
    gmask: cython.int
    first: cython.int
    keys: cython.int[::1]
    evd: cython.double[::1]
    evi: cython.int[::1]
    counts: cython.int[::1]
    ring_s: cython.int[::1]
    ring_c: cython.int[::1]
    ebuf: cython.int[::1]
    pbuf: cython.int[::1]
    #: How many candidate ends the last call wrote.
    n_cand: cython.int

    def __init__(self) -> None:
        self.dice = _Store()
        self.bonus = _Store()
        self.oth_n = _ints(100)
        self.oth_friend = _ints(100)
        self.oth_block = _ints(100)
        self.tag_sq = _ints(8)
        self.own = _ints(100)
        self.own_col = _ints(100)
        self.blocked = _ints(100)
        self.edges = _ints(1024 * W)
        self.eacts = _ints(1024 * A)
        # groups[colour][g]: [dist, n, n0..n3 (numbers), left_n, left0..left11] = 20 ints
        self.groups = _ints(4 * 16 * 20)
        self.n_groups = _ints(4)
        self.tmp = _ints(64)
        self.stack = _ints(256)
        self.start = _ints(W)
        self.sel = _ints(256)
        self.roots = _ints(512)
        self.order = _ints(256)
        self.term = _ints(256)
        self.path = _ints(64)
        self.out_arr = _ints(4096)
        self.out = self.out_arr
        self.rtab = _ints(256)
        self.rslot = _ints(128)
        self.gst = _ints(S_SIZE)
        self.cfgbuf = _ints(C_SIZE)
        self.heads = _ints(256)
        self.withheld = _ints(256)
        self.rng = 0
        self.drng = 0
        self.gmask = 0
        self.first = -1
        self.keys = _ints(256)
        self.no_paths = False
        self.pbuf = _ints(S_SIZE)
        self.greedy = False
        self.counts = _ints(68)
        self.ring_s = _ints(16)
        self.ring_c = _ints(16)
        self.ebuf = _ints(S_SIZE)
        self.n_out = 0
        self.n_cand = 0

    # -- buffers ------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _need(self, which: cython.int, n: cython.int) -> cython.void:
        """Grow a scratch buffer (0 stack, 1 sel, 2 roots, 3 order, 4 term, 5 out) to ``n``."""
        buf: cython.int[::1]
        if which == 0:
            buf = self.stack
        elif which == 1:
            buf = self.sel
        elif which == 2:
            buf = self.roots
        elif which == 3:
            buf = self.order
        elif which == 4:
            buf = self.term
        else:
            buf = self.out
        if n <= len(buf):
            return
        size: cython.Py_ssize_t = len(buf)
        while size < n:
            size *= 2
        new = _ints(size)
        k: cython.Py_ssize_t
        for k in range(len(buf)):
            new[k] = buf[k]
        if which == 0:
            self.stack = new
        elif which == 1:
            self.sel = new
        elif which == 2:
            self.roots = new
        elif which == 3:
            self.order = new
        elif which == 4:
            self.term = new
        else:
            self.out_arr = new
            self.out = new

    # -- entry point ----------------------------------------------------------

    def run_pawns(
        self,
        cfg: cython.int[::1],
        pawns: tuple[tuple[int, ...], ...],
        doubles: cython.int,
        cut: cython.int,
        a: cython.int,
        b: cython.int,
        third_doublet: cython.bint,
    ) -> cython.int:
        """:meth:`run` for a position given as its pawns by colour, doubles and mover's cut."""
        st = self.pbuf
        c: cython.int
        k: cython.int
        for c in range(4):
            ps = pawns[c]
            if len(ps) == 4:
                for k in range(4):
                    st[4 * c + k] = ps[k]
            else:
                for k in range(4):
                    st[4 * c + k] = 0
        st[P_DOUBLES] = doubles
        st[P_CUT] = cut
        self.cfg = cfg
        self.pos = st
        return self._plays(a, b, third_doublet)

    def decoded(self, in_play: cython.int) -> list[tuple[object, ...]]:
        """The records of the last :meth:`run` as Python values (see ``_accel.plays_raw``).

        ``in_play``: bit mask of the colours in play (the others get ``()``).
        """
        out: list[tuple[object, ...]] = []
        o = self.out
        i: cython.int = 0
        r: cython.int
        k: cython.int
        c: cython.int
        na: cython.int
        nn: cython.int
        empty: tuple[int, ...] = ()
        for r in range(self.n_cand):
            cols = []
            for c in range(4):
                if in_play >> c & 1:
                    cols.append(
                        (o[i + 4 * c], o[i + 4 * c + 1], o[i + 4 * c + 2], o[i + 4 * c + 3])
                    )
                else:
                    cols.append(empty)
            pawns = tuple(cols)
            flag = o[i + 16] != 0
            extra = o[i + 17] != 0
            na = o[i + 18]
            i += 19
            acts = []
            for k in range(na):
                nn = o[i + 4]
                if nn == 0:
                    nums: tuple[int, ...] = empty
                elif nn == 1:
                    nums = (o[i + 5],)
                elif nn == 2:
                    nums = (o[i + 5], o[i + 6])
                elif nn == 3:
                    nums = (o[i + 5], o[i + 6], o[i + 7])
                else:
                    nums = (o[i + 5], o[i + 6], o[i + 7], o[i + 8])
                acts.append((o[i], o[i + 1], o[i + 2], o[i + 3], nums, o[i + 9] != 0))
                i += A
            out.append((tuple(acts), pawns, flag, extra))
        return out

    def output(self) -> array[int]:
        """The output buffer of the last :meth:`run` (an ``array("i")``)."""
        return self.out_arr  # type: ignore[return-value]

    def run(
        self,
        cfg: cython.int[::1],
        pos: cython.int[::1],
        a: cython.int,
        b: cython.int,
        third_doublet: cython.bint,
    ) -> cython.int:
        """Write the candidate ends of throw ``(a, b)`` to :attr:`out`; return their number."""
        self.cfg = cfg
        self.pos = pos
        return self._plays(a, b, third_doublet)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _plays(self, a: cython.int, b: cython.int, third_doublet: cython.bint) -> cython.int:
        """:meth:`run` on the tables already in place (:attr:`cfg`, :attr:`pos`)."""
        cfg = self.cfg
        self.ta = a
        self.tb = b
        self.doublet = a == b
        i: cython.int
        for i in range(self.n_cand):
            self.rtab[self.rslot[i]] = 0
        self.n_out = 0
        self.n_cand = 0
        self._context()
        if third_doublet:
            self._third_doublet()
            return self.n_cand
        if cfg[C_PAGADE]:
            self._number_set(-1, a if a < b else b, b if a < b else a, 0, 0, 2)
            return self.n_cand
        self._pf_sets()
        return self.n_cand

    @cython.cfunc
    @cython.exceptval(check=False)
    def _context(self) -> cython.void:
        cfg = self.cfg
        pos = self.pos
        c: cython.int
        k: cython.int
        s: cython.int
        ncol: cython.int = cfg[C_NCOL]
        for s in range(100):
            self.oth_n[s] = 0
            self.oth_friend[s] = 0
        for c in range(4):
            if not cfg[C_IN_PLAY + c] or c == cfg[C_COL] or (ncol == 2 and c == cfg[C_COL + 1]):
                continue
            for k in range(4):
                s = cfg[C_ROUTE + 85 * c + pos[4 * c + k]]
                if s != _OFF:
                    self.oth_n[s] += 1
                    self.oth_friend[s] = cfg[C_FRIEND + c]
        self.n_oth_block = 0
        for s in range(68):
            if self.oth_n[s] >= 2:
                self.oth_block[self.n_oth_block] = s
                self.n_oth_block += 1
        self.nm = 4 * ncol
        # The start pawns, with blockade tags where the rule needs them.
        self.n_tags = 0
        st = self.start
        for k in range(W):
            st[k] = 0
        cnt = self.own
        for s in range(100):
            cnt[s] = 0
        i: cython.int
        col: cython.int
        need_tags: cython.bint = not cfg[C_PAGADE] and not cfg[C_MAY_ADVANCE]
        if need_tags:
            for i in range(ncol):
                col = cfg[C_COL + i]
                for k in range(4):
                    s = cfg[C_ROUTE + 85 * col + pos[4 * col + k]]
                    if s != _OFF:
                        cnt[s] += 1
            for s in range(100):
                if cnt[s] == 2:
                    self.n_tags += 1
                    self.tag_sq[self.n_tags] = s
        n: cython.int = 0
        tag: cython.int
        t: cython.int
        for i in range(ncol):
            col = cfg[C_COL + i]
            for k in range(4):
                s = cfg[C_ROUTE + 85 * col + pos[4 * col + k]]
                tag = 0
                if need_tags and s != _OFF and cnt[s] == 2:
                    for t in range(1, self.n_tags + 1):
                        if self.tag_sq[t] == s:
                            tag = t
                st[n] = pos[4 * col + k] | col << 7 | tag << 10
                n += 1
        for s in range(100):
            cnt[s] = 0
        _sort(st, 0, n)

    # -- Parcheesi family number sets (§5.2, §7) ------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_sets(self) -> cython.void:
        cfg = self.cfg
        pos = self.pos
        a: cython.int = self.ta
        b: cython.int = self.tb
        ncol: cython.int = cfg[C_NCOL]
        both: cython.int = 0
        i: cython.int
        k: cython.int
        for i in range(ncol):
            both |= 1 << cfg[C_COL + i]
        x: cython.int
        y: cython.int
        if not self.doublet:
            x = a | both << 4
            y = b | both << 4
            if x > y:
                x, y = y, x
            self._number_set(-1, x, y, 0, 0, 2)
            return
        d: cython.int = a
        e: cython.int = 7 - a
        nest_n: cython.int = 0
        nest_col: cython.int = -1
        col: cython.int
        for i in range(ncol):
            col = cfg[C_COL + i]
            for k in range(4):
                if pos[4 * col + k] == 0:
                    nest_n += 1
                    nest_col = col
                    break
        if nest_n == ncol:
            self._number_set(-1, d | both << 4, d | both << 4, 0, 0, 2)
            return
        if nest_n == 0:
            self._number_set(
                -1, d | both << 4, d | both << 4, (e | 8) | both << 4, (e | 8) | both << 4, 4
            )
            return
        f_col: cython.int = cfg[C_COL] if cfg[C_COL] != nest_col else cfg[C_COL + 1]
        fb: cython.int = 1 << f_col
        nb: cython.int = 1 << nest_col
        # A, B, C in that order; each sorted.
        self._number_set(0, d | fb << 4, d | fb << 4, (e | 8) | fb << 4, (e | 8) | fb << 4, 4)
        self._number_set(1, d | nb << 4, d | nb << 4, 0, 0, 2)
        x = d | fb << 4
        y = (e | 8) | fb << 4
        z: cython.int = d | nb << 4
        self.tmp[0] = x
        self.tmp[1] = y
        self.tmp[2] = z
        _sort(self.tmp, 0, 3)
        self._number_set3(2, self.tmp[0], self.tmp[1], self.tmp[2])

    @cython.cfunc
    @cython.exceptval(check=False)
    def _number_set3(
        self, name: cython.int, x: cython.int, y: cython.int, z: cython.int
    ) -> cython.void:
        st = self.start
        st[_NREM] = 3
        st[_REM] = x
        st[_REM + 1] = y
        st[_REM + 2] = z
        st[_REM + 3] = 0
        self._explore_set(name)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _number_set(
        self,
        name: cython.int,
        x: cython.int,
        y: cython.int,
        z: cython.int,
        w: cython.int,
        nn: cython.int,
    ) -> cython.void:
        st = self.start
        st[_NREM] = nn
        st[_REM] = x
        st[_REM + 1] = y
        st[_REM + 2] = z if nn == 4 else 0
        st[_REM + 3] = w if nn == 4 else 0
        if nn == 4:
            # sort the four numbers
            _sort(st, _REM, 4)
        self._explore_set(name)

    # -- one number set -------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _explore_set(self, name: cython.int) -> cython.void:
        """Explore the dice part of one number set and write its candidate ends.

        ``name``: -1 for the only set, else 0, 1, 2 for Eight-Man's A, B, C.
        """
        cfg = self.cfg
        st = self.start
        pagade: cython.bint = cfg[C_PAGADE] != 0
        st[_NGONE] = 0
        st[_FLAG] = self.pos[P_CUT] if pagade else 0
        g = self.dice
        g.clear(self.nm)
        g.add(st, 0, st, 0, -1)
        # depth-first exploration
        sp: cython.int = 1
        self.stack[0] = 0
        cur: cython.int
        e: cython.int
        j: cython.int
        while sp > 0:
            sp -= 1
            cur = self.stack[sp]
            if pagade:
                self._pagade_edges(cur)
            else:
                self._pf_edges(cur)
            for e in range(self.n_edges):
                j = g.add(self.edges, e * W, self.eacts, e * A, cur)
                if j >= 0:
                    self._need(0, sp + 1)
                    self.stack[sp] = j
                    sp += 1
        # selection
        if pagade:
            self._select_pagade()
        else:
            self._select_pf()
        if self.n_sel == 1 and self.sel[0] == 0:
            # moves nothing: only counts for the only set (Eight-Man: if none moves)
            if name < 0:
                self._emit_nothing()
            elif name == 2 and self.n_cand == 0:
                # C is the last set: no set moves anything
                self._emit_nothing()
            return
        i: cython.int
        s: cython.int
        if pagade:
            for i in range(self.n_sel):
                s = self.sel[i]
                self._emit(name, s, -1, g.st[s * W + _FLAG], False)
            return
        # Parcheesi family: ends without a bonus first, then the bonus part.
        bs = self.bonus
        bs.clear(self.nm)
        n_roots: cython.int = 0
        pend: cython.int
        for i in range(self.n_sel):
            s = self.sel[i]
            pend = self._pending(s)
            if pend == 0:
                self._emit(name, s, -1, 0, self._extra(g.st[s * W + _NREM] == 0))
                continue
            # the bonus root: stripped pawns, pending bonuses (in tmp[16:16+pend]), gone, 0
            e = self._bonus_root(s, pend)
            j = bs.add(self.edges, 0, self.eacts, 0, -1)
            if j >= 0:
                self._need(2, j + 1)
                self.roots[j] = s
                n_roots += 1
        if n_roots == 0:
            return
        # explore the bonus part: stack = roots, last first
        self._need(0, n_roots)
        for i in range(n_roots):
            self.stack[i] = i
        sp = n_roots
        n_order: cython.int = 0
        while sp > 0:
            sp -= 1
            cur = self.stack[sp]
            self._bonus_edges(cur)
            self._need(3, n_order + 1)
            self._need(4, n_order + 1)
            self.order[n_order] = cur
            self.term[n_order] = self.n_edges == 0
            n_order += 1
            for e in range(self.n_edges):
                j = bs.add(self.edges, e * W, self.eacts, e * A, cur)
                if j >= 0:
                    self._need(0, sp + 1)
                    self.stack[sp] = j
                    sp += 1
        root: cython.int
        for i in range(n_order):
            if not self.term[i]:
                continue
            s = self.order[i]
            root = s
            while bs.par[root] >= 0:
                root = bs.par[root]
            j = self.roots[root]
            self._emit(name, j, s, 0, self._extra(g.st[j * W + _NREM] == 0))

    @cython.cfunc
    @cython.exceptval(check=False)
    def _extra(self, all_used: cython.bint) -> cython.bint:
        """§5.8: does this doublet grant another throw (before finishing is checked)?"""
        if self.cfg[C_PAGADE] or not self.doublet:
            return False
        if self.cfg[C_PARTIAL_NOTHING]:
            return True
        return all_used

    # -- selection (§4.7, §5.5, §5.6) -----------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _select_pagade(self) -> cython.void:
        g = self.dice
        best: cython.int = 99
        i: cython.int
        r: cython.int
        for i in range(g.n):
            r = g.st[i * W + _NREM]
            if r < best:
                best = r
        self._need(1, g.n)
        self.n_sel = 0
        if best == g.st[_NREM]:
            self.sel[0] = 0
            self.n_sel = 1
            return
        for i in range(g.n):
            if g.st[i * W + _NREM] == best:
                self.sel[self.n_sel] = i
                self.n_sel += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _nest(self, buf: cython.int[::1], off: cython.int) -> cython.int:
        n: cython.int = 0
        k: cython.int
        for k in range(self.nm):
            if buf[off + k] & _PMASK == 0:
                n += 1
        return n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _select_pf(self) -> cython.void:
        g = self.dice
        cfg = self.cfg
        st = g.st
        self._need(1, g.n)
        self.n_sel = 0
        nest0: cython.int = self._nest(st, 0)
        n_all: cython.int = st[_NREM]
        has_bottom: cython.bint = False
        k: cython.int
        i: cython.int
        for k in range(n_all):
            if st[_REM + k] & 8:
                has_bottom = True
        # candidates: blockades_ok; entered = nest0 - nest
        most: cython.int = -1
        ent: cython.int
        if has_bottom and cfg[C_PARTIAL_NOTHING]:
            for i in range(g.n):
                if st[i * W + _NREM] == 0 and self._blockades_ok(st, i * W):
                    ent = nest0 - self._nest(st, i * W)
                    if ent > most:
                        most = ent
            if most < 0:
                self.sel[0] = 0
                self.n_sel = 1
                return
            for i in range(g.n):
                if st[i * W + _NREM] == 0 and self._blockades_ok(st, i * W):
                    if nest0 - self._nest(st, i * W) == most:
                        self.sel[self.n_sel] = i
                        self.n_sel += 1
            return
        for i in range(g.n):
            if self._blockades_ok(st, i * W):
                ent = nest0 - self._nest(st, i * W)
                if ent > most:
                    most = ent
        used: cython.int = 0
        for i in range(g.n):
            if self._blockades_ok(st, i * W) and nest0 - self._nest(st, i * W) == most:
                if n_all - st[i * W + _NREM] > used:
                    used = n_all - st[i * W + _NREM]
        if used == 0:
            self.sel[0] = 0
            self.n_sel = 1
            return
        for i in range(g.n):
            if (
                self._blockades_ok(st, i * W)
                and nest0 - self._nest(st, i * W) == most
                and n_all - st[i * W + _NREM] == used
            ):
                self.sel[self.n_sel] = i
                self.n_sel += 1
        if cfg[C_LARGER_DIE] and not self.doublet and used == 1:
            big: cython.int = self.ta if self.ta > self.tb else self.tb
            n_big: cython.int = 0
            ok: cython.bint
            for i in range(self.n_sel):
                ok = True
                for k in range(st[self.sel[i] * W + _NREM]):
                    if st[self.sel[i] * W + _REM + k] & 7 == big:
                        ok = False
                if ok:
                    n_big += 1
            if n_big:
                j: cython.int = 0
                for i in range(self.n_sel):
                    ok = True
                    for k in range(st[self.sel[i] * W + _NREM]):
                        if st[self.sel[i] * W + _REM + k] & 7 == big:
                            ok = False
                    if ok:
                        self.sel[j] = self.sel[i]
                        j += 1
                self.n_sel = j

    @cython.cfunc
    @cython.exceptval(check=False)
    def _blockades_ok(self, buf: cython.int[::1], off: cython.int) -> cython.bint:
        """§5.5: the pawns of a starting blockade do not stand together on another space."""
        if self.n_tags == 0:
            return True
        where = self.tmp
        t: cython.int
        for t in range(1, self.n_tags + 1):
            where[40 + t] = -1000
        k: cython.int
        code: cython.int
        tag: cython.int
        s: cython.int
        for k in range(self.nm):
            code = buf[off + k]
            tag = code >> 10
            if tag:
                s = self.cfg[C_ROUTE + 85 * ((code >> 7) & 3) + (code & _PMASK)]
                if s == _OFF:
                    where[40 + tag] = -2 - tag
                    continue
                if where[40 + tag] == s and s != self.tag_sq[tag]:
                    return False
                where[40 + tag] = s
        return True

    # -- Parcheesi family edges (§5) ------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_own(self, buf: cython.int[::1], off: cython.int) -> cython.void:
        """Count the mover's pawns per square and list the squares no pawn passes (§5.4)."""
        cfg = self.cfg
        own = self.own
        k: cython.int
        s: cython.int
        code: cython.int
        n: cython.int
        for k in range(self.nm):
            code = buf[off + k]
            s = cfg[C_ROUTE + 85 * ((code >> 7) & 3) + (code & _PMASK)]
            if s != _OFF:
                own[s] += 1
        ngone: cython.int = buf[off + _NGONE]
        self.n_blocked = 0
        for k in range(self.n_oth_block):
            s = self.oth_block[k]
            if not _in(buf, off + _GONE, ngone, s):
                self.blocked[self.n_blocked] = s
                self.n_blocked += 1
        for k in range(self.nm):
            code = buf[off + k]
            s = cfg[C_ROUTE + 85 * ((code >> 7) & 3) + (code & _PMASK)]
            if s == _OFF or own[s] < 0:
                continue
            n = own[s]
            if s < 68 and not _in(buf, off + _GONE, ngone, s):
                n += self.oth_n[s]
            if n >= 2:
                self.blocked[self.n_blocked] = s
                self.n_blocked += 1
            # mark as listed (restored by _pf_unown)
            own[s] = -own[s]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_unown(self, buf: cython.int[::1], off: cython.int) -> cython.void:
        cfg = self.cfg
        k: cython.int
        code: cython.int
        for k in range(self.nm):
            code = buf[off + k]
            s = cfg[C_ROUTE + 85 * ((code >> 7) & 3) + (code & _PMASK)]
            if s != _OFF:
                self.own[s] = 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _own_n(self, s: cython.int) -> cython.int:
        n: cython.int = self.own[s]
        return -n if n < 0 else n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_land(
        self,
        buf: cython.int[::1],
        off: cython.int,
        c: cython.int,
        p: cython.int,
        t: cython.int,
        path: cython.bint,
    ) -> cython.int:
        """§5.4 for one pawn of colour ``c`` moving p -> t: -2 illegal, else captured square/OFF."""
        if t > 72:
            return -2
        cfg = self.cfg
        k: cython.int
        q: cython.int
        if path:
            for k in range(self.n_blocked):
                q = cfg[C_RINDEX + 100 * c + self.blocked[k]]
                if p < q < t:
                    return -2
        s: cython.int = cfg[C_ROUTE + 85 * c + t]
        if s == _OFF:
            return _OFF
        n_own: cython.int = self._own_n(s)
        n_oth: cython.int = 0
        if s < 68 and not _in(buf, off + _GONE, buf[off + _NGONE], s):
            n_oth = self.oth_n[s]
        if n_own + n_oth >= 2:
            return -2
        if n_oth and not self.oth_friend[s]:
            if path and cfg[C_SAFETY + s]:
                return -2
            return s
        return _OFF

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_groups(self, buf: cython.int[::1], off: cython.int) -> cython.void:
        """Per colour of the mover: the distinct groups of usable numbers, in reference order."""
        cfg = self.cfg
        jump: cython.bint = cfg[C_JUMP] != 0
        nrem: cython.int = buf[off + _NREM]
        gr = self.groups
        i: cython.int
        col: cython.int
        bit: cython.int
        nu: cython.int
        k: cython.int
        m: cython.int
        cnt: cython.int
        base: cython.int
        g0: cython.int
        j: cython.int
        dup: cython.bint
        u = self.tmp
        for i in range(cfg[C_NCOL]):
            col = cfg[C_COL + i]
            bit = 1 << col
            nu = 0
            for k in range(nrem):
                if (buf[off + _REM + k] >> 4) & bit:
                    u[nu] = buf[off + _REM + k]
                    nu += 1
            cnt = 0
            base = col * 320
            if not jump:
                for k in range(nu):
                    if k and u[k] == u[k - 1]:
                        continue
                    gr[base + cnt * 20 + 1] = 1
                    gr[base + cnt * 20 + 2] = u[k]
                    cnt += 1
            else:
                for m in range(1, 1 << nu):
                    # the subset of positions in m, as a sorted tuple
                    g0 = base + cnt * 20
                    gr[g0 + 1] = 0
                    for k in range(nu):
                        if m >> k & 1:
                            gr[g0 + 2 + gr[g0 + 1]] = u[k]
                            gr[g0 + 1] += 1
                    # dedupe
                    dup = False
                    for j in range(cnt):
                        if _tuple_cmp(gr, base + j * 20 + 1, gr, g0 + 1) == 0:
                            dup = True
                            break
                    if not dup:
                        cnt += 1
                # insertion sort by tuple order
                for j in range(1, cnt):
                    for k in range(20):
                        self.tmp[20 + k] = gr[base + j * 20 + k]
                    m = j
                    while m > 0 and _tuple_cmp(gr, base + (m - 1) * 20 + 1, self.tmp, 21) > 0:
                        for k in range(20):
                            gr[base + m * 20 + k] = gr[base + (m - 1) * 20 + k]
                        m -= 1
                    for k in range(20):
                        gr[base + m * 20 + k] = self.tmp[20 + k]
            # distances and what is left
            for j in range(cnt):
                g0 = base + j * 20
                gr[g0] = 0
                for k in range(gr[g0 + 1]):
                    gr[g0] += gr[g0 + 2 + k] & 7
                _remove(buf, off + _NREM, gr, g0 + 1, gr, g0 + 6)
            self.n_groups[col] = cnt

    @cython.cfunc
    @cython.exceptval(check=False)
    def _new_edge(self, buf: cython.int[::1], off: cython.int) -> cython.int:
        """Start an edge: copy the state row; return the edge's row offset."""
        e: cython.int = self.n_edges
        eo: cython.int = e * W
        k: cython.int
        for k in range(W):
            self.edges[eo + k] = buf[off + k]
        return eo

    @cython.cfunc
    @cython.exceptval(check=False)
    def _set_act(
        self,
        kind: cython.int,
        c: cython.int,
        frm: cython.int,
        to: cython.int,
        nb: cython.int[::1],
        noff: cython.int,
        nn: cython.int,
        capture: cython.bint,
        values: cython.bint,
    ) -> cython.void:
        ao: cython.int = self.n_edges * A
        ea = self.eacts
        ea[ao] = kind
        ea[ao + 1] = c
        ea[ao + 2] = frm
        ea[ao + 3] = to
        ea[ao + 4] = nn
        k: cython.int
        for k in range(4):
            ea[ao + 5 + k] = 0
        for k in range(nn):
            ea[ao + 5 + k] = (nb[noff + k] & 7) if values else nb[noff + k]
        ea[ao + 9] = capture
        self.n_edges += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _replace(self, eo: cython.int, code: cython.int, new: cython.int) -> cython.void:
        """In edge row ``eo``: replace one pawn ``code`` by ``new`` and re-sort."""
        k: cython.int
        ed = self.edges
        for k in range(self.nm):
            if ed[eo + k] == code:
                ed[eo + k] = new
                break
        _sort(ed, eo, self.nm)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _add_gone(self, eo: cython.int, sq: cython.int) -> cython.void:
        ed = self.edges
        n: cython.int = ed[eo + _NGONE]
        ed[eo + _GONE + n] = sq
        ed[eo + _NGONE] = n + 1
        _sort(ed, eo + _GONE, n + 1)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _set_rem(self, eo: cython.int, src: cython.int[::1], soff: cython.int) -> cython.void:
        """Edge row's numbers left := ``src[soff]`` count and the numbers after it."""
        ed = self.edges
        n: cython.int = src[soff]
        k: cython.int
        ed[eo + _NREM] = n
        for k in range(_MAXREM):
            ed[eo + _REM + k] = src[soff + 1 + k] if k < n else 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _single_mover(
        self, flag: cython.int, code: cython.int, new_code: cython.int, eo: cython.int
    ) -> cython.int:
        left: cython.int = 0
        k: cython.int
        for k in range(self.edges[eo + _NREM]):
            left += self.edges[eo + _REM + k] & 7
        if (flag == 0 or flag == code) and (new_code & _PMASK) + left == 72:
            return new_code
        return _NOBODY

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pf_edges(self, si: cython.int) -> cython.void:
        g = self.dice
        cfg = self.cfg
        buf = g.st
        off: cython.int = si * W
        self.n_edges = 0
        nrem: cython.int = buf[off + _NREM]
        if nrem == 0:
            return
        self._pf_own(buf, off)
        self._pf_groups(buf, off)
        jump: cython.bint = cfg[C_JUMP] != 0
        moved_bit: cython.int = _MOVED if jump else 0
        no_split: cython.bint = cfg[C_NO_SPLIT] != 0 and self.doublet
        flag: cython.int = buf[off + _FLAG]
        k: cython.int
        j: cython.int
        code: cython.int
        p: cython.int
        c: cython.int
        bit: cython.int
        sq: cython.int
        eo: cython.int
        t: cython.int
        moved: cython.int
        new: cython.int
        five: cython.int
        g0: cython.int
        tmp = self.tmp
        for k in range(self.nm):
            code = buf[off + k]
            if k and code == buf[off + k - 1]:
                continue  # the same code: mine is sorted
            p = code & _PMASK
            c = (code >> 7) & 3
            bit = 1 << c
            if p == 0:
                # Entering (§5.3): a top 5, or two tops of a non-doublet adding to 5.
                five = -1
                for j in range(nrem):
                    if buf[off + _REM + j] & 15 == 5 and (buf[off + _REM + j] >> 4) & bit:
                        five = j
                        break
                new = (code & ~_PMASK) | 1
                if five >= 0:
                    sq = self._pf_land(buf, off, c, 0, 1, False)
                    if sq != -2:
                        eo = self._new_edge(buf, off)
                        self._replace(eo, code, new)
                        # numbers left: rem less rem[five]
                        tmp[0] = nrem - 1
                        t = 1
                        for j in range(nrem):
                            if j != five:
                                tmp[t] = buf[off + _REM + j]
                                t += 1
                        self._set_rem(eo, tmp, 0)
                        if sq != _OFF:
                            self._add_gone(eo, sq)
                        if no_split:
                            self.edges[eo + _FLAG] = self._single_mover(flag, code, new, eo)
                        self._set_act(K_ENTER, c, 0, 1, buf, off + _REM + five, 1, sq != _OFF, True)
                if (
                    not self.doublet
                    and nrem == 2
                    and (buf[off + _REM] & 7) + (buf[off + _REM + 1] & 7) == 5
                    and (buf[off + _REM] >> 4) & bit
                    and (buf[off + _REM + 1] >> 4) & bit
                    and not buf[off + _REM] & 8
                    and not buf[off + _REM + 1] & 8
                ):
                    sq = self._pf_land(buf, off, c, 0, 1, False)
                    if sq != -2:
                        eo = self._new_edge(buf, off)
                        self._replace(eo, code, new)
                        tmp[0] = 0
                        self._set_rem(eo, tmp, 0)
                        if sq != _OFF:
                            self._add_gone(eo, sq)
                        if no_split:
                            self.edges[eo + _FLAG] = self._single_mover(flag, code, new, eo)
                        self._set_act(K_ENTER, c, 0, 1, buf, off + _REM, 2, sq != _OFF, True)
                continue
            if p >= 72 or (jump and code & _MOVED):
                continue
            moved = (code & ~_PMASK) | moved_bit
            for j in range(self.n_groups[c]):
                g0 = c * 320 + j * 20
                t = p + self.groups[g0]
                if t > 72:
                    continue
                if (
                    t == 72
                    and no_split
                    and not (self.groups[g0 + 1] == nrem and (flag == 0 or flag == code))
                ):
                    continue
                sq = self._pf_land(buf, off, c, p, t, True)
                if sq == -2:
                    continue
                eo = self._new_edge(buf, off)
                self._replace(eo, code, moved | t)
                self._set_rem(eo, self.groups, g0 + 6)
                if sq != _OFF:
                    self._add_gone(eo, sq)
                if no_split:
                    self.edges[eo + _FLAG] = self._single_mover(flag, code, moved | t, eo)
                self._set_act(
                    K_MOVE, c, p, t, self.groups, g0 + 2, self.groups[g0 + 1], sq != _OFF, True
                )
        self._pf_unown(buf, off)

    # -- Parcheesi family bonus part (§5.7) -----------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pending(self, si: cython.int) -> cython.int:
        """Bonuses earned in the dice part, sorted, into tmp[16:]; return how many."""
        cfg = self.cfg
        st = self.dice.st
        n: cython.int = 0
        k: cython.int
        cb: cython.int = cfg[C_CAPTURE_BONUS]
        hb: cython.int = cfg[C_HOME_BONUS]
        if cb:
            for k in range(st[si * W + _NGONE]):
                self.tmp[16 + n] = cb
                n += 1
        if hb:
            before: cython.int = 0
            after: cython.int = 0
            for k in range(self.nm):
                if st[k] & _PMASK == 72:
                    before += 1
                if st[si * W + k] & _PMASK == 72:
                    after += 1
            for k in range(after - before):
                self.tmp[16 + n] = hb
                n += 1
        _sort(self.tmp, 16, n)
        return n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _bonus_root(self, si: cython.int, pend: cython.int) -> cython.int:
        """Write the bonus root of dice state ``si`` into edge row 0."""
        st = self.dice.st
        off: cython.int = si * W
        ed = self.edges
        k: cython.int
        for k in range(W):
            ed[k] = 0
        for k in range(self.nm):
            ed[k] = st[off + k] & ~_MOVED
        _sort(ed, 0, self.nm)
        ed[_NREM] = pend
        for k in range(pend):
            ed[_REM + k] = self.tmp[16 + k]
        ed[_NGONE] = st[off + _NGONE]
        for k in range(st[off + _NGONE]):
            ed[_GONE + k] = st[off + _GONE + k]
        ed[_FLAG] = 0
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _bonus_edges(self, si: cython.int) -> cython.void:
        bs = self.bonus
        cfg = self.cfg
        buf = bs.st
        off: cython.int = si * W
        self.n_edges = 0
        npend: cython.int = buf[off + _NREM]
        if npend == 0:
            return
        self._pf_own(buf, off)
        i: cython.int
        k: cython.int
        j: cython.int
        v: cython.int
        code: cython.int
        p: cython.int
        c: cython.int
        t: cython.int
        sq: cython.int
        eo: cython.int
        n: cython.int
        tmp = self.tmp
        for i in range(npend):
            v = buf[off + _REM + i]
            if i and v == buf[off + _REM + i - 1]:
                continue
            for k in range(self.nm):
                code = buf[off + k]
                p = code & _PMASK
                if not 1 <= p <= 71 or (k and code == buf[off + k - 1]):
                    continue
                c = (code >> 7) & 3
                t = p + v
                sq = self._pf_land(buf, off, c, p, t, True)
                if sq == -2:
                    continue
                eo = self._new_edge(buf, off)
                self._replace(eo, code, (code & ~_PMASK) | t)
                if not self._blockades_ok(self.edges, eo):
                    continue  # the edge is not kept (n_edges not advanced)
                # pending: rest (less one v) plus what this move earns
                n = 0
                for j in range(npend):
                    if j != i:
                        tmp[1 + n] = buf[off + _REM + j]
                        n += 1
                if sq != _OFF and cfg[C_CAPTURE_BONUS]:
                    tmp[1 + n] = cfg[C_CAPTURE_BONUS]
                    n += 1
                if t == 72 and cfg[C_HOME_BONUS]:
                    tmp[1 + n] = cfg[C_HOME_BONUS]
                    n += 1
                tmp[0] = n
                _sort(tmp, 1, n)
                self._set_rem(eo, tmp, 0)
                if sq != _OFF:
                    self._add_gone(eo, sq)
                tmp[30] = v
                self._set_act(K_BONUS, c, p, t, tmp, 30, 1, sq != _OFF, False)
        self._pf_unown(buf, off)

    # -- Pagade edges (§4) ----------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pagade_land(
        self,
        buf: cython.int[::1],
        off: cython.int,
        c: cython.int,
        k: cython.int,
        p: cython.int,
        t: cython.int,
    ) -> cython.int:
        """§4.4/§4.5 for ``k`` pawns of colour ``c`` moving p -> t: -2 illegal, else cut square."""
        cfg = self.cfg
        if t > 84:
            return -2
        if cfg[C_CUT_RULE] and p <= 76 and t >= 77 and not buf[off + _FLAG]:
            return -2
        s: cython.int = cfg[C_ROUTE + 85 * c + t]
        if s == _OFF or s >= 68:
            return _OFF
        cnt: cython.int = self.own[s]
        if cnt:
            if self.own_col[s] != c or cnt + k > 2:
                return -2
            return _OFF
        n: cython.int = 0
        if not _in(buf, off + _GONE, buf[off + _NGONE], s):
            n = self.oth_n[s]
        if not n:
            return _OFF
        if self.oth_friend[s]:
            return -2
        if cfg[C_SAFE_X] and cfg[C_XSQ + s]:
            return -2
        if n == 2 and k == 1:
            return -2
        return s

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pagade_go(
        self,
        buf: cython.int[::1],
        off: cython.int,
        kind: cython.int,
        code0: cython.int,
        code1: cython.int,
        t: cython.int,
        new0: cython.int,
        new1: cython.int,
        spent_i: cython.int,
        sq: cython.int,
    ) -> cython.void:
        """Add an edge: pawn code0 (and code1 for a pair) become new0 (new1).

        ``spent_i``: index of the one die value spent, or -1 for both.
        """
        eo: cython.int = self._new_edge(buf, off)
        ed = self.edges
        k: cython.int
        for k in range(self.nm):
            if ed[eo + k] == code0:
                ed[eo + k] = new0
                break
        if code1 >= 0:
            for k in range(self.nm):
                if ed[eo + k] == code1:
                    ed[eo + k] = new1
                    break
        _sort(ed, eo, self.nm)
        nrem: cython.int = buf[off + _NREM]
        tmp = self.tmp
        if spent_i < 0:
            ed[eo + _NREM] = 0
            for k in range(_MAXREM):
                ed[eo + _REM + k] = 0
        else:
            n: cython.int = 0
            for k in range(nrem):
                if k != spent_i:
                    tmp[1 + n] = buf[off + _REM + k]
                    n += 1
            tmp[0] = n
            self._set_rem(eo, tmp, 0)
        if sq != _OFF:
            self._add_gone(eo, sq)
            ed[eo + _FLAG] = 1
        if spent_i < 0:
            self._set_act(
                kind, (code0 >> 7) & 3, code0 & _PMASK, t, buf, off + _REM, nrem, sq != _OFF, False
            )
        else:
            self._set_act(
                kind,
                (code0 >> 7) & 3,
                code0 & _PMASK,
                t,
                buf,
                off + _REM + spent_i,
                1,
                sq != _OFF,
                False,
            )

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pagade_edges(self, si: cython.int) -> cython.void:
        g = self.dice
        cfg = self.cfg
        buf = g.st
        off: cython.int = si * W
        self.n_edges = 0
        nrem: cython.int = buf[off + _NREM]
        if nrem == 0:
            return
        jump: cython.bint = cfg[C_JUMP] != 0
        moved_bit: cython.int = _MOVED if jump else 0
        k: cython.int
        j: cython.int
        code: cython.int
        p: cython.int
        c: cython.int
        s: cython.int
        t: cython.int
        sq: cython.int
        n_cut: cython.int = 0
        own = self.own
        for k in range(self.nm):
            code = buf[off + k]
            p = code & _PMASK
            if p == 0:
                n_cut += 1
                continue
            c = (code >> 7) & 3
            s = cfg[C_ROUTE + 85 * c + p]
            if 0 <= s < 68:
                own[s] += 1
                self.own_col[s] = c
        moved: cython.int
        if n_cut:
            # §4.6: every action must re-enter a cut pawn while one is left.
            for k in range(self.nm):
                code = buf[off + k]
                if code & _PMASK != 0 or (k and code == buf[off + k - 1]):
                    continue
                c = (code >> 7) & 3
                moved = (code & ~_PMASK) | moved_bit
                for j in range(nrem):
                    if j and buf[off + _REM + j] == buf[off + _REM + j - 1]:
                        continue
                    t = buf[off + _REM + j]
                    self._pagade_go(buf, off, K_ENTER, code, -1, t, moved | t, 0, j, _OFF)
                if jump and n_cut == 1 and nrem == 2:
                    t = buf[off + _REM] + buf[off + _REM + 1]
                    sq = self._pagade_land(buf, off, c, 1, 0, t)
                    if sq != -2:
                        self._pagade_go(buf, off, K_ENTER, code, -1, t, moved | t, 0, -1, sq)
            self._pagade_unown(buf, off)
            return
        for k in range(self.nm):
            code = buf[off + k]
            p = code & _PMASK
            if p == 0 or p >= 84 or (k and code == buf[off + k - 1]) or (jump and code & _MOVED):
                continue
            c = (code >> 7) & 3
            moved = (code & ~_PMASK) | moved_bit
            for j in range(nrem):
                if j and buf[off + _REM + j] == buf[off + _REM + j - 1]:
                    continue
                t = p + buf[off + _REM + j]
                sq = self._pagade_land(buf, off, c, 1, p, t)
                if sq != -2:
                    self._pagade_go(buf, off, K_MOVE, code, -1, t, moved | t, 0, j, sq)
            if jump and nrem == 2:
                t = p + buf[off + _REM] + buf[off + _REM + 1]
                sq = self._pagade_land(buf, off, c, 1, p, t)
                if sq != -2:
                    self._pagade_go(buf, off, K_MOVE, code, -1, t, moved | t, 0, -1, sq)
        if self.doublet and nrem == 2:
            # Pair moves: two pawns of one colour with the same p (§4.3), in first-seen order.
            d: cython.int = buf[off + _REM]
            dist: cython.int = 2 * d if cfg[C_PAIR_DOUBLE] else d
            i: cython.int
            first: cython.bint
            pc: cython.int
            n_same: cython.int
            for k in range(self.nm):
                code = buf[off + k]
                p = code & _PMASK
                if not 1 <= p <= 83:
                    continue
                c = (code >> 7) & 3
                # first pawn with this (colour, p)?
                first = True
                for i in range(k):
                    pc = buf[off + i]
                    if (pc >> 7) & 3 == c and pc & _PMASK == p:
                        first = False
                        break
                if not first:
                    continue
                n_same = 0
                for i in range(k, self.nm):
                    pc = buf[off + i]
                    if (pc >> 7) & 3 == c and pc & _PMASK == p:
                        self.tmp[32 + n_same] = pc
                        n_same += 1
                if n_same < 2:
                    continue
                self._pagade_pairs(buf, off, c, p, dist, n_same, moved_bit)
        self._pagade_unown(buf, off)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pagade_pairs(
        self,
        buf: cython.int[::1],
        off: cython.int,
        c: cython.int,
        p: cython.int,
        dist: cython.int,
        n_same: cython.int,
        moved_bit: cython.int,
    ) -> cython.void:
        """The distinct pairs of tmp[32:32+n_same] (sorted codes), in sorted order."""
        i: cython.int
        j: cython.int
        i2: cython.int
        j2: cython.int
        a: cython.int
        b: cython.int
        dup: cython.bint
        sq: cython.int
        t: cython.int = p + dist
        codes = self.tmp
        _sort(codes, 32, n_same)
        for i in range(n_same):
            for j in range(i + 1, n_same):
                a = codes[32 + i]
                b = codes[32 + j]
                # a pair seen before (sorted order: earlier (i2, j2) with equal codes)?
                dup = False
                for i2 in range(i + 1):
                    for j2 in range(i2 + 1, n_same):
                        if (i2 < i or j2 < j) and codes[32 + i2] == a and codes[32 + j2] == b:
                            dup = True
                if dup:
                    continue
                sq = self._pagade_land(buf, off, c, 2, p, t)
                if sq != -2:
                    self._pagade_go(
                        buf,
                        off,
                        K_PAIR,
                        a,
                        b,
                        t,
                        (a & ~_PMASK) | t | moved_bit,
                        (b & ~_PMASK) | t | moved_bit,
                        -1,
                        sq,
                    )

    @cython.cfunc
    @cython.exceptval(check=False)
    def _pagade_unown(self, buf: cython.int[::1], off: cython.int) -> cython.void:
        k: cython.int
        code: cython.int
        s: cython.int
        for k in range(self.nm):
            code = buf[off + k]
            if code & _PMASK == 0:
                continue
            s = self.cfg[C_ROUTE + 85 * ((code >> 7) & 3) + (code & _PMASK)]
            if 0 <= s < 68:
                self.own[s] = 0

    # -- output -----------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _put(self, v: cython.int) -> cython.void:
        if self.n_out >= len(self.out):
            self._need(5, self.n_out + 1)
        self.out[self.n_out] = v
        self.n_out += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _put_path(self, g: _Store, s: cython.int) -> cython.int:
        """Write the actions from the root to ``s``; return how many."""
        n: cython.int = 0
        i: cython.int = s
        while g.par[i] >= 0:
            n += 1
            i = g.par[i]
        start: cython.int = self.n_out
        for i in range(n * A):
            self._put(0)
        k: cython.int
        m: cython.int = n
        i = s
        while g.par[i] >= 0:
            m -= 1
            for k in range(A):
                self.out[start + m * A + k] = g.act[i * A + k]
            i = g.par[i]
        return n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _emit(
        self,
        name: cython.int,
        ds: cython.int,
        bsi: cython.int,
        flag: cython.int,
        extra: cython.bint,
    ) -> cython.void:
        """A candidate end: the dice path to ``ds``, then the bonus path to ``bsi`` (if >= 0)."""
        if bsi >= 0:
            if not self._begin(self.bonus.st, bsi * W, flag, extra):
                return
        elif not self._begin(self.dice.st, ds * W, flag, extra):
            return
        head: cython.int = self.n_out
        self._put(0)
        if self.no_paths:
            return  # playouts need the results only
        n: cython.int = 0
        k: cython.int
        if name >= 0:
            self._put(K_OPTION)
            self._put(-1)
            self._put(name)
            for k in range(A - 3):
                self._put(0)
            n += 1
        n += self._put_path(self.dice, ds)
        if bsi >= 0:
            n += self._put_path(self.bonus, bsi)
        self.out[head] = n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _begin(
        self, buf: cython.int[::1], off: cython.int, flag: cython.int, extra: cython.bint
    ) -> cython.bint:
        """Write a candidate's result (pawns, cut, extra); false (and nothing written) if seen.

        A result seen before gives the same position: the first candidate counts.
        """
        head: cython.int = self.n_out
        self._put_pawns(buf, off)
        self._put(1 if flag else 0)
        self._put(1 if extra else 0)
        o = self.out
        h: cython.uint = 2166136261
        k: cython.int
        for k in range(18):
            h = (h ^ cython.cast(cython.uint, o[head + k])) * 16777619
            if not cython.compiled:
                h &= 0xFFFFFFFF
        if 2 * (self.n_cand + 1) > len(self.rtab):
            self._grow_rtab()
        mask: cython.int = len(self.rtab) - 1
        j: cython.int = cython.cast(cython.int, h & mask)
        other: cython.int
        same: cython.bint
        while self.rtab[j] > 0:
            other = self.rtab[j] - 1
            same = True
            for k in range(18):
                if o[other + k] != o[head + k]:
                    same = False
                    break
            if same:
                self.n_out = head
                return False
            j = (j + 1) & mask
        self.rtab[j] = head + 1
        self.rslot[self.n_cand] = j
        self.n_cand += 1
        return True

    def _grow_rtab(self) -> None:
        """Double the table of results seen (rebuilt from the records written)."""
        size: cython.int = 2 * len(self.rtab)
        self.rtab = _ints(size)
        self.rslot = _ints(size // 2)
        heads = self._heads()
        i: cython.int
        for i in range(len(heads)):
            self._rehash(heads[i], i)

    def _heads(self) -> list[int]:
        """The offsets of the records written by this run."""
        out: list[int] = []
        i: cython.int = 0
        while len(out) < self.n_cand:
            out.append(i)
            i += 18
            i += 1 + A * self.out[i]
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def _rehash(self, head: cython.int, i: cython.int) -> cython.void:
        h: cython.uint = 2166136261
        k: cython.int
        for k in range(18):
            h = (h ^ cython.cast(cython.uint, self.out[head + k])) * 16777619
            if not cython.compiled:
                h &= 0xFFFFFFFF
        mask: cython.int = len(self.rtab) - 1
        j: cython.int = cython.cast(cython.int, h & mask)
        while self.rtab[j] > 0:
            j = (j + 1) & mask
        self.rtab[j] = head + 1
        self.rslot[i] = j

    @cython.cfunc
    @cython.exceptval(check=False)
    def _emit_nothing(self) -> cython.void:
        if self._begin(
            self.start, 0, self.start[_FLAG] if self.cfg[C_PAGADE] else 0, self._extra(False)
        ):
            self._put(0)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _put_pawns(self, buf: cython.int[::1], off: cython.int) -> cython.void:
        """Every colour's 4 pawns after the mover's pawns ``buf[off:]`` and its captures."""
        cfg = self.cfg
        pos = self.pos
        c: cython.int
        k: cython.int
        n: cython.int
        s: cython.int
        p: cython.int
        code: cython.int
        base: cython.int = self.n_out
        for k in range(16):
            self._put(0)
        o = self.out
        ngone: cython.int = buf[off + _NGONE]
        for c in range(4):
            if not cfg[C_IN_PLAY + c]:
                continue
            if c == cfg[C_COL] or (cfg[C_NCOL] == 2 and c == cfg[C_COL + 1]):
                n = 0
                for k in range(self.nm):
                    code = buf[off + k]
                    if (code >> 7) & 3 == c:
                        o[base + 4 * c + n] = code & _PMASK
                        n += 1
            else:
                for k in range(4):
                    p = pos[4 * c + k]
                    s = cfg[C_ROUTE + 85 * c + p]
                    if s != _OFF and ngone and _in(buf, off + _GONE, ngone, s):
                        p = 0
                    o[base + 4 * c + k] = p
            _sort(o, base + 4 * c, 4)

    # -- third doublet (§5.8) ---------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _third_doublet(self) -> cython.void:
        cfg = self.cfg
        pos = self.pos
        best: cython.int = 0
        i: cython.int
        k: cython.int
        col: cython.int
        p: cython.int
        for i in range(cfg[C_NCOL]):
            col = cfg[C_COL + i]
            for k in range(4):
                p = pos[4 * col + k]
                if p < 72 and p > best:
                    best = p
        st = self.start
        st[_NGONE] = 0
        if best == 0:
            if self._begin(st, 0, 0, False):
                self._put(0)
            return
        j: cython.int
        old: cython.int
        fresh: cython.bint
        for i in range(cfg[C_NCOL]):
            col = cfg[C_COL + i]
            for k in range(self.nm):
                if (st[k] >> 7) & 3 == col and st[k] & _PMASK == best:
                    old = st[k]
                    st[k] = old & ~_PMASK
                    fresh = self._begin(st, 0, 0, False)
                    st[k] = old
                    if fresh:
                        self._put(1)
                        self._put(K_PENALTY)
                        self._put(col)
                        self._put(best)
                        for j in range(A - 3):
                            self._put(0)
                    break

    # -- playouts ---------------------------------------------------------------

    def playouts(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        n: cython.int,
        seed: cython.ulonglong,
        max_throws: cython.int,
        res: cython.int[::1],
        gmask: cython.int = 0,
        evd: cython.double[::1] = None,
        evi: cython.int[::1] = None,
        start: cython.longlong = 0,
        firsts: cython.int[::1] = None,
        vals: cython.double[::1] = None,
    ) -> cython.longlong:
        """Play ``n`` games from ``state``; results in ``res``.

        Game ``i`` is playout number ``k = start + i`` of ``seed``: its dice
        come from the splitmix64 stream seeded with :func:`stream_seed`
        ``(seed, 2k)``, its choices from the stream ``(seed, 2k + 1)``
        (common random numbers: the k-th games from two positions throw the
        same dice as long as both last). Per throw two dice faces
        (``faces[r % len(faces)]``, ``r`` the top 31 bits of a draw), unless
        ``firsts`` gives the game's first throw (``8 * a + b``, or -1 for a
        drawn one; no draw then); then the play among the distinct outcomes
        in canonical order (see :meth:`_canonical`): uniformly at random (one
        draw), or, for the players of the bit mask ``gmask``, greedy: the
        best by the hand-made evaluation (tables ``evd``/``evi`` from
        ``_accel.eval_tables``) with ties within 1e-9 broken by one draw (no
        draw for a single outcome or a single best). A game stops when
        decided (§3.5) or after ``max_throws`` throws. ``res[R_SIZE * i:]``
        is ``throws, n_finished, finished[4], winner mask``; with ``vals``,
        a game cut off by ``max_throws`` writes the evaluation of its last
        position for every player to ``vals[4 * i + player]`` (the others
        are left as they are). Returns all throws.
        """
        self.game = game
        self.gmask = gmask
        self.greedy = gmask != 0
        if gmask or vals is not None:
            self.evd = evd
            self.evi = evi
        self.no_paths = True
        self.cfg = self.cfgbuf
        self.pos = self.gst
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
            self.first = firsts[i] if firsts is not None else -1
            for k in range(S_SIZE):
                self.gst[k] = state[k]
            t = self._playout(max_throws)
            total += t
            res[R_SIZE * i] = t
            res[R_SIZE * i + 1] = self.gst[S_NFIN]
            for k in range(4):
                res[R_SIZE * i + 2 + k] = self.gst[S_FIN + k]
            res[R_SIZE * i + 6] = self.gst[S_WIN]
            if vals is not None:
                fin_mask = 0
                for k in range(self.gst[S_NFIN]):
                    fin_mask |= 1 << self.gst[S_FIN + k]
                if not self._decided(fin_mask, self.gst[S_WIN]):
                    for k in range(C_SIZE):
                        self.cfgbuf[k] = game[G_CFG + k]
                    for p in range(game[G_N]):
                        vals[4 * i + p] = self._evaluate(
                            self.gst, 0, self.gst[S_CUTS], self.gst[S_WIN], p
                        )
        self.no_paths = False
        return total

    def evaluate_state(
        self,
        game: cython.int[::1],
        evd: cython.double[::1],
        evi: cython.int[::1],
        state: cython.int[::1],
        player: cython.int,
    ) -> cython.double:
        """The hand-made evaluation of a game state for ``player`` (for tests)."""
        self.game = game
        self.evd = evd
        self.evi = evi
        for k in range(C_SIZE):
            self.cfgbuf[k] = game[G_CFG + k]
        self.cfg = self.cfgbuf
        return self._evaluate(state, 0, state[S_CUTS], state[S_WIN], player)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _evaluate(
        self,
        o: cython.int[::1],
        off: cython.int,
        cuts: cython.int,
        winner: cython.int,
        player: cython.int,
    ) -> cython.double:
        """``pachisi.bots.evaluation.evaluate``, the same operations in the same order.

        The pawns are ``o[off:off+16]``; ``cuts`` and ``winner`` bit masks of players.
        """
        evd = self.evd
        evi = self.evi
        cfg = self.cfg
        counts = self.counts
        home: cython.int = evi[E_HOME]
        home_value: cython.double = evd[D_HOME_VALUE]
        c: cython.int
        k: cython.int
        p: cython.int
        s: cython.int
        q: cython.int
        d: cython.int
        n_ring: cython.int = 0
        for s in range(68):
            counts[s] = 0
        for c in range(4):
            if not cfg[C_IN_PLAY + c]:
                continue
            for k in range(4):
                s = cfg[C_ROUTE + 85 * c + o[off + 4 * c + k]]
                if 0 <= s < 68:
                    counts[s] += 1
                    self.ring_s[n_ring] = s
                    self.ring_c[n_ring] = c
                    n_ring += 1
        score: cython.double = 0.0
        value: cython.double
        v: cython.double
        risk: cython.double
        h: cython.double
        spare: cython.bint
        for c in range(4):
            if not cfg[C_IN_PLAY + c]:
                continue
            value = 0.0
            spare = evi[E_SPARE + c] != 0
            for k in range(4):
                p = o[off + 4 * c + k]
                if p == home:
                    if spare:
                        value += home_value * 0.25
                        spare = False
                    else:
                        value += home_value
                    continue
                if p == 0:
                    spare = False
                    continue
                v = p
                s = cfg[C_ROUTE + 85 * c + p]
                if 0 <= s < 68 and not evi[E_SAFE + s] and counts[s] < 2:
                    risk = 0.0
                    for q in range(n_ring):
                        if evi[E_FRIENDLY + 4 * c + self.ring_c[q]]:
                            continue
                        d = (s - self.ring_s[q]) % 68
                        if d < 0:
                            d += 68
                        h = evd[D_CHANCE + d]
                        if h > risk:
                            risk = h
                    v -= risk * v * 0.8
                if spare:
                    v *= 0.25
                    spare = False
                value += v
            if evi[E_PAGADE] and cuts >> evi[E_OWNER + c] & 1:
                value += 15
            score += evd[D_SIGNS + 4 * player + c] * value
        if winner != 0:
            score += 10_000 if winner >> player & 1 else -10_000
        return score

    @cython.cfunc
    @cython.exceptval(check=False)
    def _canonical(self, n: cython.int, n_distinct: cython.int) -> cython.void:
        """The heads of the distinct records of the last throw, in canonical order, in keys.

        Canonical order: lexicographic on (the 16 pawn numbers, colour by
        colour, each colour's sorted, 0 for colours not in play; the mover's
        cut flag; the extra throw, counted only where it is granted). Two
        distinct records differ in that key.
        """
        if n_distinct > len(self.keys):
            self.keys = _ints(2 * n_distinct)
        o = self.out
        keys = self.keys
        r: cython.int
        j: cython.int
        m: cython.int = 0
        h: cython.int
        for r in range(n):
            if self.withheld[r] == 2:
                continue
            h = self.heads[r]
            if self.withheld[r]:
                o[h + 17] = 0  # the extra throw is not granted: not part of the key
            j = m
            while j > 0 and _key_less(o, h, keys[j - 1]):
                keys[j] = keys[j - 1]
                j -= 1
            keys[j] = h
            m += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _greedy_pick(
        self, n_distinct: cython.int, mover: cython.int, fin_mask: cython.int
    ) -> cython.int:
        """The index in canonical order of the greedy choice (see :meth:`playouts`)."""
        if n_distinct == 1:
            return 0
        gs = self.gst
        o = self.out
        i: cython.int
        head: cython.int
        cuts: cython.int
        winner: cython.int
        score: cython.double
        best_score: cython.double = -1e300
        n_best: cython.int = 0
        mover_done: cython.bint = fin_mask >> mover & 1
        for i in range(n_distinct):
            head = self.keys[i]
            cuts = gs[S_CUTS]
            if o[head + 16]:
                cuts |= 1 << mover
            winner = gs[S_WIN]
            if winner == 0 and not mover_done and self._finished(o, head, mover):
                winner = self._winner_after(gs, mover)
            score = self._evaluate(o, head, cuts, winner, mover)
            if n_best == 0 or score > best_score + 1e-9:
                best_score = score
                n_best = 1
                self.ebuf[0] = i
            elif abs(score - best_score) <= 1e-9:
                if n_best == len(self.ebuf):
                    self._grow_ebuf()
                self.ebuf[n_best] = i
                n_best += 1
        if n_best == 1:
            return self.ebuf[0]
        return self.ebuf[self._below(n_best)]

    def _grow_ebuf(self) -> None:
        new = _ints(2 * len(self.ebuf))
        k: cython.int
        for k in range(len(self.ebuf)):
            new[k] = self.ebuf[k]
        self.ebuf = new

    def draws(self, seed: cython.ulonglong, n: cython.int, below: cython.int) -> list[int]:
        """The first ``n`` numbers ``< below`` of the generator seeded with ``seed`` (for tests)."""
        self.rng = seed
        out: list[int] = []
        i: cython.int
        for i in range(n):
            out.append(self._below(below))
        return out

    @cython.cfunc
    @cython.exceptval(check=False)
    def _below(self, n: cython.int) -> cython.int:
        """A number in ``0..n-1`` from the next splitmix64 draw (its top 31 bits modulo n)."""
        self.rng = self.rng + _SM_GAMMA
        if not cython.compiled:
            self.rng &= 0xFFFFFFFFFFFFFFFF
        return cython.cast(cython.int, (_mix(self.rng) >> 33) % cython.cast(cython.ulonglong, n))

    @cython.cfunc
    @cython.exceptval(check=False)
    def _dbelow(self, n: cython.int) -> cython.int:
        """:meth:`_below` from the dice stream."""
        self.drng = self.drng + _SM_GAMMA
        if not cython.compiled:
            self.drng &= 0xFFFFFFFFFFFFFFFF
        return cython.cast(cython.int, (_mix(self.drng) >> 33) % cython.cast(cython.ulonglong, n))

    @cython.cfunc
    @cython.exceptval(check=False)
    def _decided(self, fin_mask: cython.int, winner: cython.int) -> cython.bint:
        """§3.5 game over, from the finishers (a bit mask) and the winners."""
        game = self.game
        if winner == 0:
            return False
        if not game[G_PAGADE] or not game[G_PFP]:
            return True
        n: cython.int = game[G_N]
        i: cython.int
        j: cython.int
        tm: cython.int
        n_open: cython.int = 0
        seen: cython.bint
        if game[G_TEAMS]:
            for i in range(n):
                tm = game[G_TEAM + i]
                if tm & ~fin_mask == 0:
                    continue
                seen = False
                for j in range(i):
                    if game[G_TEAM + j] == tm:
                        seen = True
                if not seen:
                    n_open += 1
            return n_open <= 1
        n_done: cython.int = 0
        for i in range(n):
            if fin_mask >> i & 1:
                n_done += 1
        return n - n_done <= 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _finished(self, o: cython.int[::1], off: cython.int, player: cython.int) -> cython.bint:
        """§3.5: does ``player`` meet the finishing condition with the pawns ``o[off:off+16]``?"""
        game = self.game
        home: cython.int = game[G_HOME]
        major: cython.int = game[G_MAJOR + player]
        i: cython.int
        k: cython.int
        c: cython.int
        cnt: cython.int
        for i in range(game[G_PCOLS + 3 * player]):
            c = game[G_PCOLS + 3 * player + 1 + i]
            cnt = 0
            for k in range(4):
                if o[off + 4 * c + k] == home:
                    cnt += 1
            if major >= 0:
                if cnt < (4 if c == major else 3):
                    return False
            elif cnt != 4:
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _winner_after(self, gs: cython.int[::1], extra_player: cython.int) -> cython.int:
        """The winners that §3.5 makes of the finishers plus ``extra_player`` (mask, 0: none)."""
        game = self.game
        nf: cython.int = gs[S_NFIN]
        if not game[G_TEAMS]:
            return 1 << (gs[S_FIN] if nf else extra_player)
        done: cython.int = 0
        i: cython.int
        p: cython.int
        for i in range(nf + 1):
            p = gs[S_FIN + i] if i < nf else extra_player
            done |= 1 << p
            if game[G_TEAM + p] & ~done == 0:
                return game[G_TEAM + p]
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _playout(self, max_throws: cython.int) -> cython.int:
        game = self.game
        gs = self.gst
        n_pl: cython.int = game[G_N]
        nfaces: cython.int = game[G_NFACES]
        pagade: cython.bint = game[G_PAGADE] != 0
        throws: cython.int = 0
        a: cython.int
        b: cython.int
        k: cython.int
        r: cython.int
        q: cython.int
        n: cython.int
        mover: cython.int
        head: cython.int
        fin_mask: cython.int
        mover_done: cython.bint
        newly: cython.bint
        winner: cython.int
        over: cython.bint
        dup: cython.bint
        n_distinct: cython.int
        pick: cython.int
        extra: cython.bint
        o: cython.int[::1]
        while throws < max_throws:
            fin_mask = 0
            for k in range(gs[S_NFIN]):
                fin_mask |= 1 << gs[S_FIN + k]
            if self._decided(fin_mask, gs[S_WIN]):
                break
            if throws == 0 and self.first >= 0:
                a = self.first >> 3
                b = self.first & 7
            else:
                a = game[G_FACES + self._dbelow(nfaces)]
                b = game[G_FACES + self._dbelow(nfaces)]
            mover = gs[S_TO_MOVE]
            for k in range(C_SIZE):
                self.cfgbuf[k] = game[G_CFG + mover * C_SIZE + k]
            gs[P_CUT] = gs[S_CUTS] >> mover & 1
            n = self._plays(a, b, not pagade and a == b and gs[P_DOUBLES] == 2)
            if n > len(self.heads):
                self.heads = _ints(2 * n)
                self.withheld = _ints(2 * n)
            o = self.out
            # the records, and which ones have their extra throw withheld (§3.5)
            head = 0
            n_distinct = 0
            mover_done = fin_mask >> mover & 1
            for r in range(n):
                self.heads[r] = head
                newly = not mover_done and self._finished(o, head, mover)
                over = False
                if mover_done or newly:
                    winner = gs[S_WIN]
                    if newly and winner == 0:
                        winner = self._winner_after(gs, mover)
                    over = True  # the mover has finished: no extra throw
                else:
                    over = self._decided(fin_mask, gs[S_WIN])
                self.withheld[r] = over
                # a withheld record with the same pawns and cut as an earlier one is the same play
                dup = False
                if over:
                    for q in range(r):
                        if self.withheld[q] and _same_result(o, self.heads[q], head):
                            dup = True
                            break
                if dup:
                    self.withheld[r] = 2
                else:
                    n_distinct += 1
                head += 19 + A * o[head + 18]
            self._canonical(n, n_distinct)
            if self.gmask >> mover & 1:
                pick = self._greedy_pick(n_distinct, mover, fin_mask)
            else:
                pick = self._below(n_distinct)
            head = self.keys[pick]
            # advance (§3.3, §3.5)
            for k in range(16):
                gs[k] = o[head + k]
            if o[head + 16]:
                gs[S_CUTS] |= 1 << mover
            extra = o[head + 17] != 0
            if not mover_done and self._finished(o, head, mover):
                if gs[S_WIN] == 0:
                    gs[S_WIN] = self._winner_after(gs, mover)
                gs[S_FIN + gs[S_NFIN]] = mover
                gs[S_NFIN] += 1
                fin_mask |= 1 << mover
            throws += 1
            if extra and not fin_mask >> mover & 1 and not self._decided(fin_mask, gs[S_WIN]):
                gs[P_DOUBLES] += 1
                continue
            gs[P_DOUBLES] = 0
            for k in range(1, n_pl + 1):
                if not fin_mask >> ((mover + k) % n_pl) & 1:
                    gs[S_TO_MOVE] = (mover + k) % n_pl
                    break
        return throws


# ---------------------------------------------------------------------------
# small helpers


@cython.cfunc
@cython.exceptval(check=False)
def _mix(z: cython.ulonglong) -> cython.ulonglong:
    """splitmix64's output function."""
    z = (z ^ (z >> 30)) * _SM_M1
    if not cython.compiled:
        z &= 0xFFFFFFFFFFFFFFFF
    z = (z ^ (z >> 27)) * _SM_M2
    if not cython.compiled:
        z &= 0xFFFFFFFFFFFFFFFF
    return z ^ (z >> 31)


@cython.cfunc
@cython.exceptval(check=False)
def _stream_seed(seed: cython.ulonglong, j: cython.ulonglong) -> cython.ulonglong:
    """The seed of stream ``j`` of ``seed``: output ``j + 1`` of splitmix64 seeded with it."""
    z: cython.ulonglong = seed + (j + 1) * _SM_GAMMA
    if not cython.compiled:
        z &= 0xFFFFFFFFFFFFFFFF
    return _mix(z)


def stream_seed(seed: cython.ulonglong, j: cython.ulonglong) -> cython.ulonglong:
    """:func:`_stream_seed` for Python callers (the tests)."""
    return _stream_seed(seed, j)


@cython.cfunc
@cython.exceptval(check=False)
def _sort(buf: cython.int[::1], off: cython.int, n: cython.int) -> cython.void:
    """Insertion sort of ``buf[off:off+n]``."""
    i: cython.int
    j: cython.int
    v: cython.int
    for i in range(1, n):
        v = buf[off + i]
        j = i - 1
        while j >= 0 and buf[off + j] > v:
            buf[off + j + 1] = buf[off + j]
            j -= 1
        buf[off + j + 1] = v


@cython.cfunc
@cython.exceptval(check=False)
def _in(buf: cython.int[::1], off: cython.int, n: cython.int, v: cython.int) -> cython.bint:
    k: cython.int
    for k in range(n):
        if buf[off + k] == v:
            return True
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _tuple_cmp(
    a: cython.int[::1], ao: cython.int, bb: cython.int[::1], boff: cython.int
) -> cython.int:
    """Compare tuples stored as [n, items...]: -1, 0, 1 as Python compares tuples."""
    na: cython.int = a[ao]
    nb: cython.int = bb[boff]
    k: cython.int
    for k in range(na if na < nb else nb):
        if a[ao + 1 + k] != bb[boff + 1 + k]:
            return -1 if a[ao + 1 + k] < bb[boff + 1 + k] else 1
    if na == nb:
        return 0
    return -1 if na < nb else 1


@cython.cfunc
@cython.exceptval(check=False)
def _remove(
    src: cython.int[::1],
    soff: cython.int,
    items: cython.int[::1],
    ioff: cython.int,
    dst: cython.int[::1],
    doff: cython.int,
) -> cython.void:
    """dst[doff] = [n, ...]: the sorted multiset src [n, ...] less items [n, ...]."""
    n: cython.int = src[soff]
    m: cython.int = items[ioff]
    used: cython.int = 0
    k: cython.int
    j: cython.int
    for j in range(m):
        for k in range(n):
            if not (used >> k) & 1 and src[soff + 1 + k] == items[ioff + 1 + j]:
                used |= 1 << k
                break
    c: cython.int = 0
    for k in range(n):
        if not (used >> k) & 1:
            dst[doff + 1 + c] = src[soff + 1 + k]
            c += 1
    dst[doff] = c


@cython.cfunc
@cython.exceptval(check=False)
def _key_less(o: cython.int[::1], x: cython.int, y: cython.int) -> cython.bint:
    """Whether the record at ``x`` comes before the one at ``y`` (pawns, cut, extra)."""
    k: cython.int
    for k in range(18):
        if o[x + k] != o[y + k]:
            return o[x + k] < o[y + k]
    return False


@cython.cfunc
@cython.exceptval(check=False)
def _same_result(o: cython.int[::1], x: cython.int, y: cython.int) -> cython.bint:
    """Whether the records at ``x`` and ``y`` have the same pawns and cut flag."""
    k: cython.int
    for k in range(17):
        if o[x + k] != o[y + k]:
            return False
    return True
