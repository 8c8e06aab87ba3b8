"""The compiled engine of Ludo and Mensch ärgere Dich nicht (RULES-LUDO.md §9, §10).

Cython in pure-Python mode, as :mod:`pachisi._kernel`: ``setup.py`` compiles
it where a C compiler is present, and :mod:`pachisi._ludo_accel` uses it only
when it *is* compiled (uncompiled it runs, slowly, which the tests use to
check it everywhere). It imports nothing from the package: the rules are
written a second time here, beside the clear engine (:mod:`pachisi._ludo`),
over integer buffers, and the boards stay data: the Python side packs the
ring (size, step, last ring progress, end), the marked squares and the
switches into one table (:func:`pachisi._ludo_accel.table`).

A position is a row of :data:`ST` ints: the 16 pawn numbers (colour by
colour, each colour's sorted; four 0s for a colour not in play), the player
to move, ``doubles``, ``tries``, ``opening`` and the winner (-1: none). An
outcome is a row of :data:`OW` ints: the position after the throw, then the
step (kind -1 for none, 0 enter, 1 move), its colour, from, to and whether
it captured. One throw's outcomes come in the clear engine's canonical order
(:func:`pachisi._ludo.outcome_key`: the first 20 ints of the row), each
distinct position once, its step the first move (in the order of the pawns)
that leads to it.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

if cython.compiled:  # splitmix64: the one C copy, shared with the other kernel (_splitmix.pxd)
    from cython.cimports.pachisi._splitmix import below as _sm_below
    from cython.cimports.pachisi._splitmix import next_state as _sm_next
else:
    from pachisi._splitmix import below as _sm_below
    from pachisi._splitmix import next_state as _sm_next

_CINT = cython.typedef(cython.const[cython.int])

# The table (pachisi._ludo_accel.table): one int per entry.
T_MAEDN = cython.declare(_CINT, 0)  # 1: maedn, 0: ludo
T_NPL = cython.declare(_CINT, 1)  # players
T_PCOL = cython.declare(_CINT, 2)  # 4: each player's colour
T_INPLAY = cython.declare(_CINT, 6)  # 4: 1 for a colour in play
T_SIZE = cython.declare(_CINT, 10)  # ring squares (52, 40)
T_STEP = cython.declare(_CINT, 11)  # between two arms' entries (13, 10)
T_LAST = cython.declare(_CINT, 12)  # the last progress on the ring (51, 40)
T_END = cython.declare(_CINT, 13)  # the end of the route (57, 44)
T_SKIP = cython.declare(_CINT, 14)  # last_ring_square "skip"
T_OVER = cython.declare(_CINT, 15)  # overshoot: 0 exact, 1 bounce, 2 ludopy
T_BLOCKS = cython.declare(_CINT, 16)  # blocks: 0 no_landing, 1 impassable, 2 kill_mover
T_TRIES = cython.declare(_CINT, 17)  # start_tries: 0 one, 1 three, 2 opening
T_SIXES = cython.declare(_CINT, 18)  # three_sixes
T_BONUS = cython.declare(_CINT, 19)  # bonus_throws
T_QUIRKS = cython.declare(_CINT, 20)  # ludopy_quirks
T_THREE = cython.declare(_CINT, 21)  # maedn three_tries
T_JUMP = cython.declare(_CINT, 22)  # maedn goal_jump
T_MUSTCAP = cython.declare(_CINT, 23)  # maedn must_capture
T_LUDOPY = cython.declare(_CINT, 24)  # board "ludopy"
T_SAFE = cython.declare(_CINT, 32)  # 64: 1 for a safe progress number (L.1.4)
T_STAR = cython.declare(_CINT, 96)  # 64: board ludopy, the star a jump star leads to, else 0
T_GLOBE = cython.declare(_CINT, 160)  # 64: board ludopy, 1 for a globe
T_ENTRY = cython.declare(_CINT, 224)  # 64: board ludopy, i for arm m + i's entry, else 0
T_SIZE_ALL = 288

#: Width of a position row: pawns[16], to_move, doubles, tries, opening, winner.
ST = cython.declare(_CINT, 21)
S_TO_MOVE = cython.declare(_CINT, 16)
S_DOUBLES = cython.declare(_CINT, 17)
S_TRIES = cython.declare(_CINT, 18)
S_OPENING = cython.declare(_CINT, 19)
S_WINNER = cython.declare(_CINT, 20)
#: Width of an outcome row: the position after (ST), kind, colour, from, to, capture.
OW = cython.declare(_CINT, 26)
O_KIND = cython.declare(_CINT, 21)
O_COLOUR = cython.declare(_CINT, 22)
O_FROM = cython.declare(_CINT, 23)
O_TO = cython.declare(_CINT, 24)
O_CAPTURE = cython.declare(_CINT, 25)
#: The key of the canonical order: the first KEY ints of a row.
KEY = cython.declare(_CINT, 20)
#: Width of a simulated game's result: throws, winner, captures[4].
G_SIZE = cython.declare(_CINT, 6)

_OVER_EXACT = cython.declare(_CINT, 0)
_OVER_BOUNCE = cython.declare(_CINT, 1)
_BLOCKS_IMPASSABLE = cython.declare(_CINT, 1)
_BLOCKS_KILL = cython.declare(_CINT, 2)
_TRIES_THREE = cython.declare(_CINT, 1)
_TRIES_OPENING = cython.declare(_CINT, 2)


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


@cython.final
@cython.cclass
class LudoKernel:
    """One throw's outcomes and whole games over int buffers (see the module docstring).

    Not shareable between threads (its buffers are per call).
    """

    t: cython.int[::1]
    #: Where in :attr:`out` the pawns being worked on are (the row of the move being
    #: tried: a copy of the position's pawns, then the move's result).
    cb: cython.int
    #: The opponents seen on a square (:meth:`_seen`): their arm, the progress numbers
    #: seen and how many pawns.
    s_arm: cython.int[::1]
    s_w1: cython.int[::1]
    s_w2: cython.int[::1]
    s_cnt: cython.int[::1]
    sn: cython.int
    #: Where the last move ended, and whether it captured.
    r_to: cython.int
    r_cap: cython.int
    #: The candidate moves of a throw, each worked out in place in its own row of
    #: :attr:`out` (row ``k``: the pawns after move ``k``, its from, to and capture).
    nmv: cython.int
    #: The outcome rows of a throw (OW ints each, in the order of the moves, from row
    #: :attr:`bank` on), the distinct ones in canonical order (row numbers in
    #: :attr:`out`) and their number. Two banks of 8 rows: a throw's rows go into the
    #: bank that does not hold the position it starts from (:attr:`sb`), so that the
    #: outcome a game goes on with is its next position without a copy.
    out: cython.int[::1]
    order: cython.int[::1]
    nout: cython.int
    bank: cython.int
    #: Where in :attr:`out` the position being played from is (a row's first ST ints).
    sb: cython.int
    rng: cython.ulonglong
    drng: cython.ulonglong

    def __init__(self) -> None:
        self.t = _ints(T_SIZE_ALL)
        self.cb = 0
        self.s_arm = _ints(4)
        self.s_w1 = _ints(4)
        self.s_w2 = _ints(4)
        self.s_cnt = _ints(4)
        self.out = _ints(16 * OW)
        self.order = _ints(8)
        self.bank = 0
        self.sb = 8 * OW
        self.sn = 0
        self.nmv = 0
        self.nout = 0
        self.r_to = 0
        self.r_cap = 0
        self.rng = 0
        self.drng = 0

    # -- the pawns --------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _sort(self, c: cython.int) -> cython.void:
        """Sort colour ``c``'s four pawns in the pawns worked on (:attr:`cb`)."""
        cb: cython.int = self.cb
        j: cython.int
        k: cython.int
        v: cython.int
        for j in range(4 * c + 1, 4 * c + 4):
            v = self.out[cb + j]
            k = j - 1
            while k >= 4 * c and self.out[cb + k] > v:
                self.out[cb + k + 1] = self.out[cb + k]
                k -= 1
            self.out[cb + k + 1] = v

    @cython.cfunc
    @cython.exceptval(check=False)
    def _put(self, c: cython.int, frm: cython.int, to: cython.int) -> cython.void:
        """Move one pawn of colour ``c`` worked on from ``frm`` to ``to``."""
        cb: cython.int = self.cb + 4 * c
        j: cython.int
        for j in range(4):
            if self.out[cb + j] == frm:
                self.out[cb + j] = to
                break
        # the others stay sorted: the moved pawn goes down or up to its place
        while j > 0 and self.out[cb + j - 1] > to:
            self.out[cb + j] = self.out[cb + j - 1]
            j -= 1
        while j < 3 and self.out[cb + j + 1] < to:
            self.out[cb + j] = self.out[cb + j + 1]
            j += 1
        self.out[cb + j] = to

    # -- Ludo: L.2.4, L.2.5 -------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _seen(self, m: cython.int, s: cython.int) -> cython.void:
        """The opponents seen on the mover's square ``s`` (``ludopy_quirks``: the first).

        For the opponent ``i`` arms on, the progress numbers ``w1``, ``w2`` (-1: none) at
        which its pawns are seen there; in locals (a store into a buffer would make the
        compiled code read the object's own fields again).
        """
        cb: cython.int = self.cb
        size: cython.int = self.t[T_SIZE]
        step: cython.int = self.t[T_STEP]
        last: cython.int = self.t[T_LAST]
        quirks: cython.bint = self.t[T_QUIRKS] != 0
        sn: cython.int = 0
        i: cython.int
        j: cython.int
        q: cython.int
        w1: cython.int
        w2: cython.int
        arm: cython.int
        cnt: cython.int
        for i in range(1, 4):
            arm = (m + i) & 3
            if not self.t[T_INPLAY + arm]:
                continue
            w2 = -1
            if quirks:
                if s == step * i + 1:
                    w1 = 1
                    w2 = size
                elif s <= step * i:
                    w1 = s + size - step * i
                else:
                    w1 = s - step * i
            else:
                # the same ring square: k = s - step * i (mod size), on the ring (1 <= k <= last)
                w1 = s - step * i
                if w1 <= 0:
                    w1 += size
                if w1 > last:
                    continue
            cnt = 0
            for j in range(cb + 4 * arm, cb + 4 * arm + 4):
                q = self.out[j]
                if q in (w1, w2):
                    cnt += 1
            if cnt:
                self.s_arm[sn] = arm
                self.s_w1[sn] = w1
                self.s_w2[sn] = w2
                self.s_cnt[sn] = cnt
                sn += 1
                if quirks:
                    break
        self.sn = sn

    @cython.cfunc
    @cython.exceptval(check=False)
    def _is_block(self, m: cython.int, s: cython.int) -> cython.bint:
        k: cython.int
        if self.t[T_SAFE + s]:
            return False
        self._seen(m, s)
        for k in range(self.sn):
            if self.s_cnt[k] >= 2:
                return True
        return False

    # -- Ludo: L.3, L.4 -------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _finish(self, m: cython.int, to: cython.int, s1: cython.int, s2: cython.int) -> cython.bint:
        """Resolve the squares ``s1`` (then ``s2`` if >= 0) with the mover standing at ``to``.

        False if a block forbids the move; else :attr:`r_to` and :attr:`r_cap`.
        """
        cb: cython.int = self.cb
        captured: cython.bint = False
        killed: cython.bint = False
        s: cython.int
        k: cython.int
        j: cython.int
        arm: cython.int
        block: cython.bint
        q: cython.int
        for q in range(2):
            s = s1 if q == 0 else s2
            if s < 0:
                continue
            self._seen(m, s)
            if self.sn == 0:
                continue
            block = False
            for k in range(self.sn):
                if self.s_cnt[k] >= 2:
                    block = True
            if block:
                if self.t[T_BLOCKS] == _BLOCKS_KILL:
                    killed = True
                    continue
                return False
            for k in range(self.sn):
                arm = self.s_arm[k]
                for j in range(4 * arm, 4 * arm + 4):
                    if self.out[cb + j] == self.s_w1[k] or self.out[cb + j] == self.s_w2[k]:
                        self.out[cb + j] = 0
                self._sort(arm)
            captured = True
        if killed:
            self._put(m, to, 0)
            self.r_to = 0
        else:
            self.r_to = to
        self.r_cap = captured
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _land(self, m: cython.int, p: cython.int, to: cython.int) -> cython.bint:
        """A pawn from ``p`` landing on the mover's square ``to`` (L.4)."""
        last: cython.int = self.t[T_LAST]
        nxt: cython.int
        i: cython.int
        k: cython.int
        self._put(m, p, to)
        self.r_cap = 0
        if to == last + 1:  # with ludopy_quirks: resolved as a ring square (L.3.4)
            return self._finish(m, to, to, -1)
        if not self.t[T_LUDOPY]:
            if self.t[T_SAFE + to]:
                self.r_to = to
                return True
            return self._finish(m, to, to, -1)
        # Board "ludopy" (L.4.3).
        if to == 1:
            return self._finish(m, to, 1, -1)
        if to == last:
            self._put(m, to, self.t[T_END])
            if not self.t[T_QUIRKS]:
                self.r_to = self.t[T_END]
                return True
            return self._finish(m, self.t[T_END], to, -1)
        nxt = self.t[T_STAR + to]
        if nxt:
            self._put(m, to, nxt)
            return self._finish(m, nxt, to, nxt)
        if self.t[T_GLOBE + to]:
            self._seen(m, to)
            if self.sn:
                self._put(m, to, 0)
                self.r_to = 0
            else:
                self.r_to = to
            return True
        i = self.t[T_ENTRY + to]
        if i:
            self._seen(m, to)
            for k in range(self.sn):
                if self.s_arm[k] == ((m + i) & 3):
                    self._put(m, to, 0)
                    self.r_to = 0
                    return True
        return self._finish(m, to, to, -1)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _ludo_move(self, m: cython.int, p: cython.int, d: cython.int) -> cython.bint:
        """The move of colour ``m``'s pawn at ``p`` by ``d`` (pawns worked on); False: none."""
        end: cython.int = self.t[T_END]
        last: cython.int = self.t[T_LAST]
        to: cython.int
        s: cython.int
        hi: cython.int
        self.r_cap = 0
        if p == end:
            return False
        if p == 0:
            if d != 6:
                return False
            return self._land(m, 0, 1)
        if p > last:  # the home column (L.3.3)
            to = p + d
            if to > end:
                if self.t[T_OVER] == _OVER_EXACT:
                    return False
                to = 2 * end - to if self.t[T_OVER] == _OVER_BOUNCE else end - d
            self._put(m, p, to)
            self.r_to = to
            return True
        to = p + d
        if self.t[T_SKIP] and to == last:
            to = last + 1  # OP-K1
        if self.t[T_BLOCKS] == _BLOCKS_IMPASSABLE:
            hi = to if to < last + 1 else last + 1
            for s in range(p + 1, hi):
                if self._is_block(m, s):
                    return False
        if to > last + 1 or (to == last + 1 and not self.t[T_QUIRKS]):
            self._put(m, p, to)
            self.r_to = to
            return True
        return self._land(m, p, to)

    # -- MADN: M.3 to M.5 -----------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _maedn_move(self, m: cython.int, p: cython.int, to: cython.int) -> cython.bint:
        """The move of colour ``m``'s pawn from ``p`` to ``to`` (pawns worked on); False: none."""
        cb: cython.int = self.cb
        last: cython.int = self.t[T_LAST]
        size: cython.int = self.t[T_SIZE]
        step: cython.int = self.t[T_STEP]
        j: cython.int
        c: cython.int
        f: cython.int
        q: cython.int
        lo: cython.int
        k: cython.int
        if to > self.t[T_END]:
            return False
        for j in range(4 * m, 4 * m + 4):
            if self.out[cb + j] == to:
                return False
        if not self.t[T_JUMP] and to > last:  # no passing in the goal (OP-M4)
            lo = p + 1 if p + 1 > last + 1 else last + 1
            for f in range(lo, to):
                for j in range(4 * m, 4 * m + 4):
                    if self.out[cb + j] == f:
                        return False
        self._put(m, p, to)
        self.r_to = to
        self.r_cap = 0
        if to <= last:
            # the ring square q, and the progress number k at which colour c stands on it
            # (step * c < size, to <= last <= size: one subtraction or addition, no division)
            q = step * m + to - 1
            if q >= size:
                q -= size
            for c in range(4):
                if c == m or not self.t[T_INPLAY + c]:
                    continue
                k = q - step * c
                if k < 0:
                    k += size
                k += 1
                if k > last:
                    continue
                for j in range(4 * c, 4 * c + 4):
                    if self.out[cb + j] == k:
                        self.out[cb + j] = 0
                        self._sort(c)
                        self.r_cap = 1
                        return True
        return True

    # -- the candidate moves -------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _keep(self, p: cython.int) -> cython.void:
        """Keep the pawns worked on as move :attr:`nmv`, the move of the pawn from ``p``."""
        cb: cython.int = self.cb
        self.out[cb + O_FROM] = p
        self.out[cb + O_TO] = self.r_to
        self.out[cb + O_CAPTURE] = self.r_cap
        self.nmv += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _reset(self) -> cython.void:
        """The position's pawns into the row of move :attr:`nmv`, to work on."""
        j: cython.int
        sb: cython.int = self.sb
        cb: cython.int = (self.bank + self.nmv) * OW
        self.cb = cb
        for j in range(16):
            self.out[cb + j] = self.out[sb + j]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _moves(self, d: cython.int) -> cython.void:
        """Every allowed move of the die ``d`` at :attr:`sb`, each in its row of :attr:`out`.

        A pawn that cannot move (the checks the move itself makes first) is passed over
        before its row is written.
        """
        sb: cython.int = self.sb
        m: cython.int = self.t[T_PCOL + self.out[sb + S_TO_MOVE]]
        bank: cython.int = self.bank
        end: cython.int = self.t[T_END]
        last: cython.int = self.t[T_LAST]
        exact: cython.bint = self.t[T_OVER] == _OVER_EXACT
        own: cython.bint
        j: cython.int
        p: cython.int
        prev: cython.int = -1
        in_yard: cython.bint = False
        at1: cython.bint = False
        at1d: cython.bint = False
        any_cap: cython.bint = False
        k: cython.int
        n: cython.int
        self.nmv = 0
        if not self.t[T_MAEDN]:
            for j in range(4 * m, 4 * m + 4):  # every distinct pawn, in order (L.5.1)
                p = self.out[sb + j]
                if p == prev:
                    continue
                prev = p
                if p == end or (p == 0 and d != 6) or (p > last and exact and p + d > end):
                    continue  # as _ludo_move answers them
                self._reset()
                if self._ludo_move(m, p, d):
                    self._keep(p)
            return
        for j in range(4 * m, 4 * m + 4):
            p = self.out[sb + j]
            if p == 0:
                in_yard = True
            elif p == 1:
                at1 = True
            elif p == 1 + d:
                at1d = True
        if in_yard and at1 and not at1d:  # M.5.1
            self._reset()
            self._maedn_move(m, 1, 1 + d)
            self._keep(1)
            return
        if d == 6 and in_yard and not at1:  # M.5.2
            self._reset()
            self._maedn_move(m, 0, 1)
            self._keep(0)
            return
        for j in range(4 * m, 4 * m + 4):
            p = self.out[sb + j]
            if p == prev or p == 0:
                prev = p
                continue
            prev = p
            if p + d > end:
                continue  # as _maedn_move answers it
            own = False
            for k in range(4 * m, 4 * m + 4):
                if self.out[sb + k] == p + d:
                    own = True
            if own:
                continue  # as _maedn_move answers it
            self._reset()
            if self._maedn_move(m, p, p + d):
                self._keep(p)
                if self.r_cap:
                    any_cap = True
        if self.t[T_MUSTCAP] and any_cap:
            n = 0
            for k in range(self.nmv):
                if self.out[(bank + k) * OW + O_CAPTURE]:
                    if n != k:
                        for j in range(OW):
                            self.out[(bank + n) * OW + j] = self.out[(bank + k) * OW + j]
                    n += 1
            self.nmv = n

    # -- L.6, L.7, M.6, M.7 ---------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _after(
        self,
        d: cython.int,
        k: cython.int,
        forfeit: cython.bint,
    ) -> cython.void:
        """The position at the next throw boundary of move ``k``, in its row of :attr:`out`.

        ``k``: the move (its pawns, from, to and capture already in row ``k`` of the bank),
        or -1 for a throw not used (into the bank's row 0).
        """
        sb: cython.int = self.sb
        base: cython.int = OW * (self.bank + k) if k > 0 else OW * self.bank
        maedn: cython.bint = self.t[T_MAEDN] != 0
        last: cython.int = self.t[T_LAST]
        end: cython.int = self.t[T_END]
        mover: cython.int = self.out[sb + S_TO_MOVE]
        m: cython.int = self.t[T_PCOL + mover]
        opening: cython.int = self.out[sb + S_OPENING]
        was_tries: cython.int = self.out[sb + S_TRIES]
        was_doubles: cython.int = self.out[sb + S_DOUBLES]
        doubles: cython.int = 0
        rule: cython.int = -1 if maedn else self.t[T_TRIES]
        j: cython.int
        p: cython.int
        done: cython.bint = True
        out_any: cython.bint = False
        all_yard: cython.bint = True
        tries: cython.int = 0
        winner: cython.int = -1
        again: cython.bint = False
        top: cython.int = last if maedn else end - 1
        if k < 0:
            for j in range(16):
                self.out[base + j] = self.out[sb + j]
            self.out[base + O_KIND] = -1
            self.out[base + O_COLOUR] = -1
            self.out[base + O_FROM] = 0
            self.out[base + O_TO] = 0
            self.out[base + O_CAPTURE] = 0
        if not forfeit:
            for j in range(base + 4 * m, base + 4 * m + 4):
                p = self.out[j]
                if maedn:
                    if p <= last:
                        done = False
                elif p != end:
                    done = False
                if p != 0:
                    all_yard = False
                if 1 <= p <= top:
                    out_any = True
            if done:  # L.6.2, L.7, M.7: the game is over
                winner = mover
            else:
                if rule == _TRIES_OPENING:
                    if opening and all_yard and was_tries < 3:
                        tries = was_tries + 1
                elif rule == _TRIES_THREE or (maedn and self.t[T_THREE]):
                    if k < 0 and not out_any and was_tries < 2:
                        tries = was_tries + 1
                again = tries > 0
                if d == 6 and not (rule == _TRIES_OPENING and opening):
                    again = True
                if (
                    not maedn
                    and k >= 0
                    and self.t[T_BONUS]
                    and (self.out[base + O_CAPTURE] or self.out[base + O_TO] == end)
                ):
                    again = True
        if again:
            if self.t[T_SIXES] and d == 6:
                doubles = was_doubles + 1
        else:
            mover += 1
            if mover == self.t[T_NPL]:
                mover = 0
            tries = 0
            opening = 1 if opening and mover != 0 else 0
        if k >= 0:
            self.out[base + O_KIND] = 0 if self.out[base + O_FROM] == 0 else 1
            self.out[base + O_COLOUR] = m
        self.out[base + S_TO_MOVE] = mover
        self.out[base + S_DOUBLES] = doubles
        self.out[base + S_TRIES] = tries
        self.out[base + S_OPENING] = opening
        self.out[base + S_WINNER] = winner

    @cython.cfunc
    @cython.exceptval(check=False)
    def _less(self, a: cython.int, b: cython.int) -> cython.int:
        """Compare outcome rows ``a`` and ``b`` by the key: -1, 0 or 1."""
        j: cython.int
        x: cython.int
        y: cython.int
        for j in range(KEY):
            x = self.out[a * OW + j]
            y = self.out[b * OW + j]
            if x != y:
                return -1 if x < y else 1
        return 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _throw(self, d: cython.int) -> cython.int:
        """The outcomes of the die ``d`` in the position at :attr:`sb` into :attr:`out`.

        The distinct ones in canonical order: rows ``order[0 .. n - 1]`` of :attr:`out`.
        """
        k: cython.int
        r: cython.int
        j: cython.int
        n: cython.int = 0
        c: cython.int = 1
        bank: cython.int = self.bank
        self.order[0] = bank
        if d == 6 and self.out[self.sb + S_DOUBLES] == 2 and self.t[T_SIXES]:  # L.6.1
            self._after(d, -1, True)
            self.nout = 1
            return 1
        self._moves(d)
        if self.nmv == 0:
            self._after(d, -1, False)
            self.nout = 1
            return 1
        for k in range(self.nmv):
            self._after(d, k, False)
            # insertion into the sorted distinct rows (by index)
            r = n
            while r > 0:
                c = self._less(self.order[r - 1], bank + k)
                if c <= 0:
                    break
                r -= 1
            if r > 0 and c == 0:
                continue  # an earlier move's position: its step is the one kept
            for j in range(n, r, -1):
                self.order[j] = self.order[j - 1]
            self.order[r] = bank + k
            n += 1
        self.nout = n
        return n

    # -- the Python side ------------------------------------------------------------------

    def outcomes(self, table: cython.int[::1], state: cython.int[::1], d: cython.int) -> list:
        """The outcome rows (tuples of :data:`OW` ints) of the die ``d`` in ``state``."""
        n: cython.int
        j: cython.int
        self.t = table
        self.bank = 0
        self.sb = 8 * OW
        for j in range(ST):
            self.out[8 * OW + j] = state[j]
        n = self._throw(d)
        return [tuple([self.out[self.order[k] * OW + j] for j in range(OW)]) for k in range(n)]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _below(self, n: cython.int) -> cython.int:
        """A number in ``0..n-1`` from the next draw of the choice stream."""
        self.rng = _sm_next(self.rng)
        return _sm_below(self.rng, n)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _dbelow(self, n: cython.int) -> cython.int:
        """A number in ``0..n-1`` from the next draw of the dice stream."""
        self.drng = _sm_next(self.drng)
        return _sm_below(self.drng, n)

    def simulate(
        self,
        table: cython.int[::1],
        start: cython.int[::1],
        n: cython.int,
        seeds: cython.ulonglong[::1],
        firsts: cython.int[::1],
        res: cython.int[::1],
        *,
        max_throws: cython.int,
        trace: cython.bint = False,
    ) -> list:
        """``n`` whole games of random players from ``start`` (a position row); as
        ``Games.simulate``, everything after ``res`` is keyword-only.

        Game ``i``: player ``firsts[i]`` throws first; the dice stream is seeded
        with ``seeds[2 i]``, the choice stream with ``seeds[2 i + 1]``; per throw
        one face (one draw among 6), then one draw among the outcomes in
        canonical order (even when there is one). It stops when decided or after
        ``max_throws`` throws. ``res`` gets :data:`G_SIZE` ints per game: throws,
        winner (-1: none), each player's captures. With ``trace`` (one game),
        the rows ``[die, state...]`` before every throw and the final state.
        """
        self.t = table
        g: cython.int
        j: cython.int
        throws: cython.int
        d: cython.int
        sb: cython.int
        mover: cython.int
        steps: list = []
        for g in range(n):
            # the position in bank 1's row 0; the first throw's rows go into bank 0
            sb = 8 * OW
            for j in range(ST):
                self.out[sb + j] = start[j]
            self.out[sb + S_TO_MOVE] = firsts[g]
            self.sb = sb
            self.bank = 0
            self.drng = seeds[2 * g]
            self.rng = seeds[2 * g + 1]
            for j in range(4):
                res[g * G_SIZE + 2 + j] = 0
            throws = 0
            while throws < max_throws and self.out[sb + S_WINNER] < 0:
                d = 1 + self._dbelow(6)
                if trace:
                    steps.append([d, *[self.out[sb + j] for j in range(ST)]])
                self._throw(d)
                mover = self.out[sb + S_TO_MOVE]
                # the outcome drawn is the next position, where it is: the next throw's
                # rows go into the other bank
                sb = self.order[self._below(self.nout)] * OW
                res[g * G_SIZE + 2 + mover] += self.out[sb + O_CAPTURE]
                self.sb = sb
                self.bank = 8 - self.bank
                throws += 1
            res[g * G_SIZE] = throws
            res[g * G_SIZE + 1] = self.out[sb + S_WINNER]
            if trace:
                steps.append([self.out[sb + j] for j in range(ST)])
        return steps
