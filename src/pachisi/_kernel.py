"""The compiled kernel: legal plays over preallocated integer buffers.

This module is Cython in pure-Python mode. ``setup.py`` compiles it when a C
compiler is present; :mod:`pachisi._accel` uses it only when it *is*
compiled (uncompiled it still runs, slowly, which the tests use to check the
algorithm where no compiler is at hand). It imports nothing from the
package but its sibling kernel modules and the layouts
(:mod:`pachisi._layout`, C constants when compiled): the Python side
(:mod:`pachisi._accel`) packs a position into integers and builds
:class:`~pachisi.moves.Play` values from the integers it gets back.

One explorer of the throw graph lives here, the **fast enumerator** (the
``_f_*`` methods, "the fast enumerator for playouts" below): a state is three
64-bit words, the distinct outcomes are kept by a canonical key. It is what
the games (playouts, ``simulate``, self-play: :mod:`pachisi._kplay`, through
the ``kp_*`` entry points below), the batched environments and the analysis use;
its recording copy (see :data:`_Spec`) also serves

* :meth:`Kernel.plays` (the plays of ``legal_plays``): each outcome with the
  greatest path that reaches it by the steps' ranks
  (``pachisi.plays.step_rank``), in the canonical order. Its records
  (:attr:`Kernel.out`, read by :meth:`Kernel.decoded`) are
  ``[16 pawn ints, cut, extra, n_actions, n_actions * A action ints]``;
* :meth:`Kernel.turn_steps`, the **step graph for** ``Turn`` ("steps for
  Turn"): every recorded edge kept, each state's in the clear engine's order.
"""

from __future__ import annotations

from array import array

try:
    import cython
except ImportError:  # uncompiled, without Cython installed: placeholders (see _cython_shim)
    from . import _cython_shim as cython  # type: ignore[no-redef]

if cython.compiled:  # splitmix64: the one C copy, shared with the other kernel (_splitmix.pxd)
    from cython.cimports.pachisi._splitmix import stream_seed as _stream_seed
else:
    from pachisi._splitmix import stream_seed as _stream_seed

if cython.compiled:  # lane sorts (SSE2 where the C compiler targets it), lowest bit: _kbits.h
    from cython.cimports.pachisi._kbits import (
        kbits_canon4,
        kbits_field4,
        kbits_less2,
        kbits_lowest_bit,
        kbits_sort4,
    )

#: What the kernel takes from its value network (uncompiled: from its source module).
_NET_NAMES = (
    "Net",
    "finishers",
    "net_absolute",
    "net_new",
    "net_state",
    "net_use",
    "net_value",
)

if cython.compiled:  # the value network: its own compiled module's C interface (_knet.pxd)
    from cython.cimports.pachisi._knet import (
        Net,
        finishers,
        net_absolute,
        net_new,
        net_state,
        net_use,
        net_value,
    )
else:  # the same names from the uncompiled network
    from pachisi import _uncompiled

    _uncompiled.provide(globals(), "_knet", _NET_NAMES)

# The layouts that the Python side packs and reads (cfg, position, game state, game table,
# the evaluation's tables, the step graph for Turn): pachisi._layout, the one place they are
# written; compiled, C enum constants of _layout.pxd (setup.py writes it from _layout.py),
# which the C compiler folds into the code.
if cython.compiled:  # the layouts: C constants (_layout.pxd, written from pachisi._layout)
    from cython.cimports.pachisi._layout import (
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
        E_FRIENDLY,
        E_HOME,
        E_OWNER,
        E_PAGADE,
        E_SAFE,
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
        S_CUTS,
        S_FIN,
        S_NFIN,
        S_SIZE,
        S_TO_MOVE,
        S_WIN,
        T_BONUS,
        T_DICE,
        T_DONE,
        T_OPTION,
        T_PAWNS,
        T_PENALTY,
        TN,
    )
else:  # the same numbers as Python ints: every name of pachisi._layout
    from pachisi import _uncompiled

    _uncompiled.layouts(globals())

# The module's own constants are C constants (``static const``), which the C compiler folds
# into the code too (plain ``cython.declare(cython.int, ...)`` globals are read from memory
# at every use). The 64-bit constants of 2**63 and above stay plain globals: Cython writes a
# constant's value as a decimal literal without a suffix, which C warns is too large for a
# signed type.
_CINT = cython.typedef(cython.const[cython.int])
_CU64 = cython.typedef(cython.const[cython.ulonglong])
#: Which compiled copy of the playouts' enumerator runs: a fused type used as a tag.
#: Cython compiles a copy of each function that takes one per type, and decides the
#: tests on the type at compile time, so the C compiler folds what the copy fixes:
#: ``schar``, one colour per mover and ``sum_move`` "hops" (Parcheesi's set-ups);
#: ``short``, one colour and "jump" (Whitman's, Pagade's); ``int``, read from the
#: table (Eight-Man, two colours per mover); ``longlong``, any set-up with the edges
#: recorded (Kernel.plays, Kernel.turn_steps: the other copies have no trace of the
#: recording). Uncompiled,
#: every test on the type is false, and the source reads the same values from the table.
#: The tag's value says what the recording copy records (:data:`_REC_PATHS` for
#: Kernel.plays, :data:`_REC_STEPS` for Kernel.turn_steps); the other copies are given
#: 0, so that uncompiled the value alone says whether to record.
_Spec = cython.fused_type(cython.schar, cython.short, cython.int, cython.longlong)
#: The recording copy's tag values (see :data:`_Spec`): each outcome's greatest path
#: (:meth:`Kernel._f_paths`), or each number set's step graph (:meth:`Kernel._t_set`).
_REC_PATHS = cython.declare(_CINT, 1)
_REC_STEPS = cython.declare(_CINT, 2)

#: The most steps of one play the fast enumerator records (an option, 4 dice steps and
#: at most 20 bonus steps: 12 captures and 8 pawns HOME).
_PATH_MAX = cython.declare(_CINT, 32)

#: Action kinds (indices into ``_accel.KINDS``).
K_ENTER = cython.declare(_CINT, 0)
K_MOVE = cython.declare(_CINT, 1)
K_PAIR = cython.declare(_CINT, 2)
K_BONUS = cython.declare(_CINT, 3)
K_PENALTY = cython.declare(_CINT, 4)
K_OPTION = cython.declare(_CINT, 5)

_PMASK = cython.declare(_CINT, 127)
_OFF = cython.declare(_CINT, -1)


def _ints(n: int) -> array[int]:
    return array("i", bytes(4 * n))


def _longs(n: int) -> array[int]:
    """``n`` signed 64-bit zeros (a step's rank)."""
    return array("q", bytes(8 * n))


def _words(n: int) -> array[int]:
    return array("Q", bytes(8 * n))


def _grown(arr: object, n: cython.Py_ssize_t) -> object:
    """A copy of the array ``arr`` (its type kept), at least ``n`` long, zeros after."""
    old: array[int] = arr  # type: ignore[assignment]
    size: cython.Py_ssize_t = len(old)
    while size < n:
        size *= 2
    new = array(old.typecode, bytes(size * old.itemsize))
    new[: len(old)] = old
    return new


@cython.final
@cython.cclass
class Records:
    """The records of one :meth:`Kernel.plays` call, packed (what :meth:`Kernel.packed` gives).

    ``len()`` of them is the number of outcomes; :meth:`record` decodes one
    (in canonical order), :meth:`records` all. Independent of the kernel that
    made them (a copy of its buffer).

    The layout, an ``array("q")``: per outcome, 4 words (the outcome's key:
    the pawns in two words, the cut flag and the extra throw in the third;
    where its path starts in the array, with the path's length above bit
    32), then the paths (the steps' ranks, ``pachisi.plays.step_rank``).
    """

    data: object
    n: cython.int
    in_play: cython.int

    def __len__(self) -> int:
        return self.n

    def record(self, r: cython.int) -> tuple[object, ...]:
        """Outcome ``r`` as ``(actions, pawns, cut flag, extra)`` (see ``_accel.plays_raw``):
        the colours not in play have ``()`` for pawns."""
        if not 0 <= r < self.n:
            raise IndexError("record index out of range")
        return self._record(self.data, r)

    def records(self) -> list[tuple[object, ...]]:
        """Every outcome's :meth:`record`, in order."""
        out = []
        pack: cython.longlong[::1] = self.data
        r: cython.int
        for r in range(self.n):
            out.append(self._record(pack, r))
        return out

    @cython.cfunc
    def _record(self, pack: cython.longlong[::1], r: cython.int) -> tuple[object, ...]:
        """:meth:`record` of the records' buffer ``pack`` (``r`` in range)."""
        hi: cython.ulonglong = cython.cast(cython.ulonglong, pack[4 * r])
        lo: cython.ulonglong = cython.cast(cython.ulonglong, pack[4 * r + 1])
        x: cython.longlong = pack[4 * r + 2]
        at: cython.longlong = pack[4 * r + 3]
        na: cython.int = cython.cast(cython.int, at >> 32)
        i: cython.int = cython.cast(cython.int, at & 0xFFFFFFFF)
        empty: tuple[int, ...] = ()
        c: cython.int
        k: cython.int
        j: cython.int
        nn: cython.int
        kind: cython.int
        opt: cython.int
        key: cython.longlong
        cols = []
        for c in range(4):
            if self.in_play >> c & 1:
                cols.append(
                    (
                        _key_pawn(hi, lo, c, 0),
                        _key_pawn(hi, lo, c, 1),
                        _key_pawn(hi, lo, c, 2),
                        _key_pawn(hi, lo, c, 3),
                    )
                )
            else:
                cols.append(empty)
        acts = []
        for k in range(na):
            key = pack[i + k]
            kind = cython.cast(cython.int, key >> 60)
            if kind == K_OPTION:
                opt = 2 - cython.cast(cython.int, (key >> 51) & 127)
                acts.append((K_OPTION, -1, opt, 0, empty, False))
                continue
            if kind == K_BONUS:  # one number, whole in bits 24-43 (step_rank)
                nums: tuple[int, ...] = (cython.cast(cython.int, (key >> 24) & 0xFFFFF),)
            else:
                nn = 0
                for j in range(4):
                    if (key >> (39 - 5 * j)) & 31:
                        nn += 1
                nums = tuple(
                    [cython.cast(cython.int, (key >> (39 - 5 * j)) & 31) for j in range(nn)]
                )
            acts.append(
                (
                    kind,
                    cython.cast(cython.int, (key >> 58) & 3),
                    cython.cast(cython.int, (key >> 51) & 127),
                    cython.cast(cython.int, (key >> 44) & 127),
                    nums,
                    (key >> 23) & 1 != 0,
                )
            )
        return (tuple(acts), tuple(cols), x >> 1 != 0, x & 1 != 0)


@cython.final
@cython.cclass
class Kernel:
    """Legal-play generation for one position and throw at a time (see the module docstring)."""

    #: The mover's configuration table (``C_*``): in the compiled kernel a pointer to
    #: its first int, so that a game's switch from one player's table to the next is
    #: one store (a typed memoryview's assignment copied its 208-byte view twice and
    #: counted its acquisitions: about 72 instructions a throw); the table it points
    #: into is kept alive by :attr:`cfg_view`, or by :attr:`game` (a player's table
    #: of a game, :attr:`cfg_p0` to :attr:`cfg_p3`). Set by :meth:`_point_cfg` only
    #: (or from those four). Uncompiled: the table itself.
    cfg: cython.p_int
    cfg_view: cython.int[::1]
    pos: cython.int[::1]
    # per throw
    tag_sq: cython.int[::1]
    n_tags: cython.int
    doublet: cython.bint
    ta: cython.int
    tb: cython.int
    #: The output buffer (see the module docstring); :attr:`n_out` ints are used.
    out: cython.int[::1]
    out_arr: object
    n_out: cython.int
    # playouts
    game: cython.int[::1]
    gst: cython.int[::1]
    cfgbuf: cython.int[::1]
    # the players' configuration tables in the game of the last kp_setup (slices of
    # ``game`` taken once per call: one taken per throw cost about 75 instructions)
    # (pointers into that game table, as :attr:`cfg`, which :attr:`kp_game` keeps alive
    # whatever later calls assign to :attr:`game`)
    kp_game: cython.int[::1]
    cfg_p0: cython.p_int
    cfg_p1: cython.p_int
    cfg_p2: cython.p_int
    cfg_p3: cython.p_int
    # and each player's finishing masks (_finish_masks: mhi, vhi, mlo, vlo by player),
    # made by the same kp_setup, for _game_play
    kp_fin: cython.ulonglong[::1]
    # the last game throw: whether its state was the last kp_play's (kp_played: then
    # its pawns were that play's key, f_key_hi/f_key_lo), its context (kp_ctx_gen: its
    # f_context_gen, 0 if not kp_played) and its mover (kp_ctx_mover)
    kp_played: cython.bint
    kp_ctx_gen: cython.ulonglong
    kp_ctx_mover: cython.int
    evd: cython.double[::1]
    evi: cython.int[::1]
    counts: cython.int[::1]
    ring_s: cython.int[::1]
    ring_c: cython.int[::1]
    ebuf: cython.int[::1]
    pbuf: cython.int[::1]
    #: How many candidate ends the last call wrote.
    n_cand: cython.int
    # the fast enumerator (see _f_plays)
    f_n_occupied: cython.int
    f_occupied: cython.int[::1]
    f_others_on: cython.int[::1]
    f_others_friendly: cython.int[::1]
    # (an occupied square's place in f_occupied; where none of the others stands,
    # whatever an earlier context left: read only where they stand)
    f_occupied_index: cython.int[::1]
    f_blockades_lo: cython.ulonglong[::1]
    f_blockades_hi: cython.ulonglong[::1]
    f_others_lo: cython.ulonglong
    f_occupied_now_lo: cython.ulonglong
    f_occupied_now_hi: cython.ulonglong
    f_others_hi: cython.ulonglong
    # _f_blocked1's others' squares after the captures f_bl_gone (0: none kept)
    f_bl_gone: cython.int
    f_bl_lo: cython.ulonglong
    f_bl_hi: cython.ulonglong
    # _f_others_key's key fields by captures: 64 slots of (f_cached_gen: the
    # f_context_gen they were made in, f_cached_gone, f_cached_hi, f_cached_lo)
    f_cached_gen: cython.ulonglong[::1]
    f_cached_gone: cython.int[::1]
    f_cached_hi: cython.ulonglong[::1]
    f_cached_lo: cython.ulonglong[::1]
    # the closed progress numbers of a state, by colour slot (plain fields, not a
    # view: _f_land reads them on every move)
    f_blocked_lo0: cython.ulonglong
    f_blocked_hi0: cython.ulonglong
    f_blocked_lo1: cython.ulonglong
    f_blocked_hi1: cython.ulonglong
    f_start_lanes: cython.int[::1]
    f_scratch: cython.int[::1]
    f_pawn_squares: cython.int[::1]
    f_square_count: cython.int[::1]
    f_start_a: cython.ulonglong
    f_start_b: cython.ulonglong
    # _f_context: how many it has made (what it may assume of ``pos`` is its ``hint``
    # argument, see _game_throw); the last kp_play's outcome key
    f_context_gen: cython.ulonglong
    f_key_hi: cython.ulonglong
    f_key_lo: cython.ulonglong
    f_home_before: cython.int
    f_nest_before: cython.int
    f_n_states: cython.int
    f_generation: cython.int
    f_state_cap: cython.int
    f_state_shift: cython.int
    f_states: cython.ulonglong[::1]
    f_state_gen: cython.int[::1]
    f_state_slot: cython.int[::1]
    f_stack: cython.int[::1]
    f_stack_top: cython.int
    f_selected: cython.int[::1]
    f_moved: cython.int[::1]
    f_n_outcomes: cython.int
    f_outcome_generation: cython.int
    f_outcome_cap: cython.int
    f_outcome_shift: cython.int
    f_outcomes: cython.ulonglong[::1]
    f_order: cython.int[::1]
    f_after: cython.int[::1]
    f_others_key_hi: cython.ulonglong
    f_others_key_lo: cython.ulonglong
    f_outcome_gen: cython.int[::1]
    f_outcome_slot: cython.int[::1]
    f_group_dist: cython.int[::1]
    f_group_left: cython.ulonglong[::1]
    f_group_size: cython.int[::1]
    f_n_groups: cython.int[::1]
    # the value network (see "value network")
    nni: cython.int[::1]
    nnd: cython.double[::1]
    net: Net  # the value network's buffers (pachisi._knet)
    # steps for Turn (see that section)
    t_n_nodes: cython.int
    t_n_edges: cython.int
    t_nodes: cython.int[::1]
    t_nodes_arr: object
    t_keys: cython.longlong[::1]
    t_keys_arr: object
    t_tgts: cython.int[::1]
    t_tgts_arr: object
    t_set_roots: cython.int[::1]
    t_mark: cython.int[::1]
    t_node_of: cython.int[::1]
    t_next: cython.int[::1]
    t_done: cython.int[::1]
    t_edge_order: cython.longlong[::1]
    t_edge_index: cython.int[::1]
    t_tag: cython.int[::1]
    # the fast enumerator's paths, recorded only by plays() (see _f_paths), and its
    # graph by turn_steps() (_REC_STEPS; see "steps for Turn")
    f_n_edges: cython.int
    f_edge_src: cython.int[::1]
    f_edge_dst: cython.int[::1]
    f_edge_key: cython.longlong[::1]
    f_edge_who: cython.int[::1]
    f_edge_next: cython.int[::1]
    f_head: cython.int[::1]
    f_best_par: cython.int[::1]
    f_best_key: cython.longlong[::1]
    f_topo: cython.int[::1]
    f_topo_count: cython.int[::1]
    f_path_a: cython.longlong[::1]
    f_path_b: cython.longlong[::1]
    f_out_len: cython.int[::1]
    f_out_path: cython.longlong[::1]
    #: The records of the last plays(), packed (see packed()): f_n_pack words used.
    f_pack: cython.longlong[::1]
    f_pack_arr: object
    f_n_pack: cython.int
    #: The table plays() was last given, and its buffer.
    plays_cfg: cython.int[::1]
    plays_cfg_obj: object
    f_last_gone: cython.int
    f_route_a: cython.int
    f_route_b: cython.int
    f_groups_of: cython.ulonglong
    f_last_hi: cython.ulonglong
    f_last_lo: cython.ulonglong
    # the doublets with every pawn out, by independent groups of pawns (see _f_split)
    f_split_p: cython.int[::1]
    # their lanes (with blockade tags), in the same order; a component c is the pawns
    # f_split_lo[c] <= j < f_split_hi[c] of that order
    f_split_l: cython.int[::1]
    # _f_apart's table: 16 * d + g -> the least sum of a sub-multiset of {d, d, 7 - d,
    # 7 - d} by which a pawn ends g ahead of where another pawn ends by the rest's
    # sub-multiset (the two disjoint); -1 for none
    f_split_meet: cython.int[::1]
    f_split_lo: cython.int[::1]
    f_split_hi: cython.int[::1]
    f_split_k: cython.int[::1]
    f_split_off: cython.int[::1]
    f_split_w: cython.ulonglong[::1]
    f_split_g: cython.int[::1]
    f_split_t: cython.int[::1]
    f_split_b: cython.int[::1]
    # without blockade tags: the extra throw of the combinations' ends
    f_split_extra: cython.int
    # a group of pawns within 14 of each other split into lone pawns (_f_apart): the
    # groups' lanes may then cross, and a combination's word needs a sort
    f_split_cross: cython.bint
    # the ends of _f_comb that may repeat another's (see there): the flag of every end
    # (f_split_g0), or by the blocks' states (f_split_amb, with blocks): by block, the
    # squares from its lowest pawn's (bit 0) that the pawns of the higher blocks of
    # its group may reach (f_split_up)
    f_split_g0: cython.int
    f_split_amb: cython.bint
    f_split_up: cython.ulonglong[::1]
    # the outcome key of an end without captures, the mover's field left out (see
    # _f_pawn_key), and where the field goes (in hi or lo, by a shift)
    f_split_khi: cython.ulonglong
    f_split_klo: cython.ulonglong
    f_split_in_hi: cython.bint
    f_split_ksh: cython.int
    # per group, the numbers used of its states (bits _split_used); per group c, the numbers
    # used by groups c.. (f_split_suf) and those by groups before c that a combination
    # can complete to the count wanted (f_split_need)
    f_split_m: cython.int[::1]
    # the order in which _f_comb joins the groups (f_split_ord: by their number of
    # states, the most last), and each group's place in the lanes (f_split_sh, bits)
    f_split_ord: cython.int[::1]
    f_split_sh: cython.int[::1]
    f_split_suf: cython.int[::1]
    f_split_need: cython.int[::1]
    # _f_comb's combinations of the groups before one: lanes, captures, numbers used
    f_split_comb_w: cython.ulonglong[::1]
    f_split_comb_g: cython.int[::1]
    f_split_comb_u: cython.int[::1]

    def __init__(self) -> None:
        self.tag_sq = _ints(8)
        self.out_arr = _ints(4096)
        self.out = self.out_arr
        self.gst = _ints(S_SIZE)
        self.cfgbuf = _ints(C_SIZE)
        self.pbuf = _ints(S_SIZE)
        self.counts = _ints(68)
        self.ring_s = _ints(16)
        self.ring_c = _ints(16)
        self.ebuf = _ints(S_SIZE)
        self.n_out = 0
        self.n_cand = 0
        self.f_n_occupied = 0
        self.f_occupied = _ints(100)
        self.f_others_on = _ints(100)
        self.f_others_friendly = _ints(100)
        self.f_occupied_index = array("i", [-1]) * 100
        self.f_blockades_lo = _words(2)
        self.f_blockades_hi = _words(2)
        self.f_others_lo = 0
        self.f_others_hi = 0
        self.f_bl_gone = 0
        self.f_bl_lo = 0
        self.f_bl_hi = 0
        self.f_occupied_now_lo = 0
        self.f_occupied_now_hi = 0
        self.f_cached_gen = _words(64)
        self.f_cached_gone = array("i", [-1]) * 64  # (-1: no captures, so no slot kept)
        self.f_cached_hi = _words(64)
        self.f_cached_lo = _words(64)
        self.f_blocked_lo0 = 0
        self.f_blocked_hi0 = 0
        self.f_blocked_lo1 = 0
        self.f_blocked_hi1 = 0
        self.f_start_lanes = _ints(8)
        self.f_scratch = _ints(32)
        self.f_pawn_squares = array("i", [-1]) * 8
        self.f_square_count = _ints(100)
        self.f_start_a = 0
        self.f_start_b = 0
        self.f_home_before = 0
        self.f_nest_before = 0
        self.f_n_states = 0
        self.f_generation = 1
        self.f_state_cap = 1024
        self.f_state_shift = 54  # 64 - log2(f_state_cap): see _slot3
        self.f_states = _words(3 * 512)
        self.f_state_gen = _ints(1024)
        self.f_state_slot = _ints(1024)
        self.f_stack = _ints(512)
        self.f_stack_top = 0
        self.f_selected = _ints(512)
        self.f_moved = _ints(512)
        self.f_n_outcomes = 0
        self.f_outcome_generation = 1
        self.f_outcome_cap = 256
        self.f_outcome_shift = 56
        self.f_outcomes = _words(3 * 128)
        self.f_order = _ints(128)
        self.f_after = _ints(S_SIZE)
        self.f_others_key_hi = 0
        self.f_others_key_lo = 0
        self.f_outcome_gen = _ints(256)
        self.f_outcome_slot = _ints(256)
        self.f_group_dist = _ints(32)
        self.f_group_left = _words(32)
        self.f_group_size = _ints(32)
        self.f_n_groups = _ints(2)
        self.net = net_new()
        self.t_n_nodes = 0
        self.t_n_edges = 0
        self.t_nodes_arr = _ints(64 * TN)
        self.t_nodes = self.t_nodes_arr
        self.t_keys_arr = _longs(256)
        self.t_keys = self.t_keys_arr
        self.t_tgts_arr = _ints(256)
        self.t_tgts = self.t_tgts_arr
        self.t_set_roots = _ints(4)
        self.t_mark = _ints(512)
        self.t_node_of = _ints(512)
        self.t_next = _ints(512)
        self.t_done = array("i", [-1]) * 128
        # one state's edges: at most 8 distinct pawns, each with at most 15 groups of numbers
        self.t_edge_order = _longs(128)
        self.t_edge_index = _ints(128)
        self.t_tag = _ints(16)
        self.f_n_edges = 0
        self.f_edge_src = _ints(1024)
        self.f_edge_dst = _ints(1024)
        self.f_edge_key = _longs(1024)
        self.f_edge_who = _ints(1024)
        self.f_edge_next = _ints(1024)
        self.f_head = _ints(512)
        self.f_best_par = _ints(512)
        self.f_best_key = _longs(512)
        self.f_topo = _ints(512)
        self.f_topo_count = _ints(2048)
        self.f_path_a = _longs(_PATH_MAX + 1)
        self.f_path_b = _longs(_PATH_MAX + 1)
        self.f_out_len = _ints(128)
        self.f_out_path = _longs(128 * _PATH_MAX)
        self.f_pack_arr = _longs(1024)
        self.f_pack = self.f_pack_arr
        self.f_n_pack = 0
        self.plays_cfg_obj = None
        self.f_last_gone = 0
        self.f_route_a = 0
        self.f_route_b = 0
        self.f_groups_of = 0
        self.f_last_hi = 0
        self.f_last_lo = 0
        self.f_split_p = _ints(4)
        self.f_split_l = _ints(4)
        self.f_split_meet = _ints(112)
        dd: cython.int
        gg: cython.int
        ay: cython.int
        by: cython.int
        az: cython.int
        bz: cython.int
        for dd in range(1, 7):
            for gg in range(16):
                self.f_split_meet[16 * dd + gg] = -1
                for ay in range(3):
                    for by in range(3):
                        for az in range(3 - ay):
                            for bz in range(3 - by):
                                if (ay - az) * dd + (by - bz) * (7 - dd) == gg and (
                                    self.f_split_meet[16 * dd + gg] < 0
                                    or ay * dd + by * (7 - dd) < self.f_split_meet[16 * dd + gg]
                                ):
                                    self.f_split_meet[16 * dd + gg] = ay * dd + by * (7 - dd)
        self.f_split_lo = _ints(4)
        self.f_split_hi = _ints(4)
        self.f_split_k = _ints(4)
        self.f_split_off = _ints(64)
        self.f_split_w = _words(4096)
        self.f_split_g = _ints(4096)
        self.f_split_t = _ints(4096)
        self.f_split_b = _ints(4)
        self.f_split_up = _words(4)
        self.f_split_m = _ints(4)
        self.f_split_ord = _ints(4)
        self.f_split_sh = _ints(4)
        self.f_split_suf = _ints(5)
        self.f_split_need = _ints(5)
        self.f_split_comb_w = _words(1024)
        self.f_split_comb_g = _ints(1024)
        self.f_split_comb_u = _ints(1024)
        self.kp_fin = _words(16)
        self.kp_played = False
        self.kp_ctx_gen = 0
        self.kp_ctx_mover = -1
        self.f_context_gen = 0
        self.f_key_hi = 0
        self.f_key_lo = 0

        self.f_split_extra = 0
        self.f_split_cross = False

    # -- buffers ------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _need(self, n: cython.int) -> cython.void:
        """Grow the output buffer to ``n`` ints."""
        if n > len(self.out):
            self.out_arr = _grown(self.out_arr, n)
            self.out = self.out_arr

    # -- entry point ----------------------------------------------------------

    @cython.cfunc
    def _set_position(
        self, cfg: cython.int[::1], position: tuple, a: cython.int, b: cython.int
    ) -> cython.bint:
        """Take ``cfg`` and a position given as ``(pawns, doubles, cut)``: its pawns by
        colour (``()`` for a colour not in play: zeros), doubles and the mover's cut, in
        :attr:`pbuf`. Whether the throw ``(a, b)`` is the mover's third doublet (§5.8; not
        in Pagade), as the kernel's games decide it."""
        pawns: tuple[tuple[int, ...], ...]  # so that its items are known as tuples
        doubles: cython.int
        cut: cython.int
        pawns, doubles, cut = position
        st = self.pbuf
        c: cython.int
        k: cython.int
        for c in range(4):
            ps = pawns[c]
            for k in range(4):
                st[4 * c + k] = ps[k] if len(ps) == 4 else 0
        st[P_DOUBLES] = doubles
        st[P_CUT] = cut
        self._point_cfg(cfg)
        self.pos = st
        return a == b and doubles == 2 and not cfg[C_PAGADE]

    def decoded(self, in_play: cython.int) -> list[tuple[object, ...]]:
        """The records of the last :meth:`plays` as Python values (see ``_accel.plays_raw``).

        ``in_play``: bit mask of the colours in play (the others get ``()``).
        """
        rec: Records
        rec, _ = self.packed(in_play, -1)
        return rec.records()

    def packed(self, in_play: cython.int, home: cython.int) -> tuple[Records, bool]:
        """The records of the last :meth:`plays` (:class:`Records`, a copy), and whether
        the mover may finish with one of them: whether some outcome has 3 pawns of
        one of the mover's colours on ``home``.

        ``in_play``: bit mask of the colours in play (the others get ``()``).
        """
        pk = self.f_pack
        r: cython.int
        i: cython.int
        c: cython.int
        hi: cython.ulonglong
        lo: cython.ulonglong
        may: cython.bint = False
        for r in range(self.n_cand):
            hi = cython.cast(cython.ulonglong, pk[4 * r])
            lo = cython.cast(cython.ulonglong, pk[4 * r + 1])
            for i in range(self.cfg[C_NCOL]):
                c = self.cfg[C_COL + i]
                if _key_pawn(hi, lo, c, 1) == home:
                    may = True
        rec: Records = Records.__new__(Records)
        rec.data = self.f_pack_arr[: self.f_n_pack]
        rec.n = self.n_cand
        rec.in_play = in_play
        return rec, may

    def _f_pack_room(self, n: cython.int) -> None:
        """The packed records' array (:meth:`packed`), at least ``n`` words long."""
        size: cython.int = len(self.f_pack)
        while size < n:
            size *= 2
        self.f_pack_arr = _longs(size)
        self.f_pack = self.f_pack_arr

    # -- one number set -------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _extra(self, all_used: cython.bint) -> cython.bint:
        """§5.8: does this doublet grant another throw (before finishing is checked)?"""
        if self.cfg[C_PAGADE] or not self.doublet:
            return False
        if self.cfg[C_PARTIAL_NOTHING]:
            return True
        return all_used

    # -- output -----------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _put(self, v: cython.int) -> cython.void:
        if self.n_out >= len(self.out):
            self._need(self.n_out + 1)
        self.out[self.n_out] = v
        self.n_out += 1

    # -- the fast enumerator for playouts ---------------------------------------
    #
    # The clear engine's throw graph (``pachisi._graph``: the same states, edges,
    # selection and bonus part), where a state is three 64-bit words: ``pa``/``pb``
    # the mover's pawns of its first/second colour as four 16-bit lanes
    # (``p | moved << 7 | tag << 8``, sorted), and ``w2``: the numbers left
    # (bytes 0-3, sorted, the kernel's number codes: ``value | bottom << 3 |
    # colours << 4``; in the bonus part the counts of pending capture and home
    # bonuses), their count (bits 32-34), the flag (bits 35-46: the no-split
    # single mover's lane, 0 none, 0xFFF nobody; Pagade: bit 35 the mover's cut),
    # the captured squares as a mask of the throw's occupied squares (bits
    # 47-62) and the part (bit 63: bonus). No actions are kept: only the
    # distinct outcomes (pawns, cut, extra) are written, as records without
    # actions, in no particular order (the playout sorts them).

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_context(self, spec: _Spec, hint: cython.int) -> cython.void:
        """Per throw: the other colours' pawns by square, the start lanes and tags.

        ``hint`` (from :meth:`_game_throw`, else 0) may spare work: 1, ``pos`` is the canonical
        key ``f_key_hi``/``f_key_lo`` (the others' key fields are taken from it); 2,
        also, the others' part of the context the last call made (their pawns by
        square, their masks) was made with the same table from the same others'
        pawns in the same order, which holds where the key's others' fields are
        ``f_others_key_hi``/``f_others_key_lo`` (checked here): it is kept.
        """
        ncol: cython.int = self._f_ncol(spec)
        c0: cython.int = self.cfg[C_COL]
        c1: cython.int = self.cfg[C_COL + 1] if ncol == 2 else -1
        # (indices 64-bit: no sign extension of each square and progress number)
        c: cython.Py_ssize_t
        k: cython.Py_ssize_t
        s: cython.Py_ssize_t
        i: cython.Py_ssize_t
        n: cython.int
        cs: cython.int
        p: cython.Py_ssize_t
        q: cython.Py_ssize_t
        rb: cython.Py_ssize_t
        fr: cython.int
        w: cython.ulonglong
        one: cython.ulonglong = 1
        self.f_context_gen += 1
        self.f_route_a = C_ROUTE + 85 * c0
        self.f_route_b = C_ROUTE + 85 * c1 if ncol == 2 else 0
        khi: cython.ulonglong = 0
        klo: cython.ulonglong = 0
        if hint:
            # the others' key fields: the key's, the mover's colours' cleared
            khi, klo = _put_field(self.f_key_hi, self.f_key_lo, c0, 0)
            if ncol == 2:
                khi, klo = _put_field(khi, klo, c1, 0)
            if hint == 2 and (khi != self.f_others_key_hi or klo != self.f_others_key_lo):
                hint = 1
        if hint != 2:
            for i in range(self.f_n_occupied):
                self.f_others_on[self.f_occupied[i]] = 0
            self.f_n_occupied = 0
            # the others' pawns by square, and as canonical key fields (see _f_emit);
            # with one colour, also the squares they occupy as the mover's progress
            # numbers (see _f_blocked1) and those two or more hold (its blockades)
            self.f_others_key_hi = khi
            self.f_others_key_lo = klo
            rx: cython.Py_ssize_t = C_RINDEX + 100 * c0
            # (f_n_occupied, f_others_lo/hi and f_blockades_lo/hi[0]: stored after the loop)
            nocc: cython.Py_ssize_t = 0
            olo: cython.ulonglong = 0
            ohi: cython.ulonglong = 0
            blo: cython.ulonglong = 0
            bhi: cython.ulonglong = 0
            for c in range(4):
                if not self.cfg[C_IN_PLAY + c] or c in (c0, c1):
                    continue
                rb = C_ROUTE + 85 * c
                fr = self.cfg[C_FRIEND + c]
                for k in range(4):
                    p = self.pos[4 * c + k]
                    s = self.cfg[rb + p]
                    if 0 <= s < 68:
                        n = self.f_others_on[s]
                        if n == 0:
                            self.f_occupied_index[s] = nocc
                            self.f_occupied[nocc] = s
                            if ncol == 1:
                                q = self.cfg[rx + s]
                                if q >= 64:
                                    ohi |= one << (q - 64)
                                elif q >= 0:
                                    olo |= one << q
                            nocc += 1
                        elif n == 1 and ncol == 1:
                            q = self.cfg[rx + s]
                            if q >= 64:
                                bhi |= one << (q - 64)
                            elif q >= 0:
                                blo |= one << q
                        self.f_others_on[s] = n + 1
                        self.f_others_friendly[s] = fr
                if not hint:
                    w = (
                        cython.cast(cython.ulonglong, self.pos[4 * c])
                        | cython.cast(cython.ulonglong, self.pos[4 * c + 1]) << 16
                        | cython.cast(cython.ulonglong, self.pos[4 * c + 2]) << 32
                        | cython.cast(cython.ulonglong, self.pos[4 * c + 3]) << 48
                    )
                    self.f_others_key_hi, self.f_others_key_lo = _put_field(
                        self.f_others_key_hi, self.f_others_key_lo, c, _canon4_mostly_sorted(w)
                    )
            self.f_n_occupied = nocc
            self.f_others_lo = olo
            self.f_others_hi = ohi
            self.f_blockades_lo[0] = blo
            self.f_blockades_hi[0] = bhi
            if ncol == 2:
                # per own colour: the progress numbers the others' blockades close
                for cs in range(2):
                    c = c0 if cs == 0 else c1
                    self.f_blockades_lo[cs] = 0
                    self.f_blockades_hi[cs] = 0
                    for i in range(self.f_n_occupied):
                        s = self.f_occupied[i]
                        if self.f_others_on[s] >= 2:
                            q = self.cfg[C_RINDEX + 100 * c + s]
                            if q >= 64:
                                self.f_blockades_hi[cs] |= one << (q - 64)
                            elif q >= 0:
                                self.f_blockades_lo[cs] |= one << q
        self.f_last_gone = 0
        self.f_last_hi = self.f_others_key_hi
        self.f_last_lo = self.f_others_key_lo
        self.f_bl_gone = 0  # (_f_blocked1's kept squares were the last context's)
        # the start lanes (self.f_start_lanes) and their squares (self.f_scratch[0:8]),
        # with blockade tags where the rule needs them (§5.5); the pawns at home (the home
        # bonus counts new ones) and in the nest before the throw. (Only the first 4 *
        # ncol of each are read.)
        self.n_tags = 0
        home: cython.int = 84 if self.cfg[C_PAGADE] else 72
        n_home: cython.int = 0
        n_nest: cython.int = 0
        s0: cython.int
        s1: cython.int
        s2: cython.int
        s3: cython.int
        # (the first colour's lanes and their squares, kept as locals too: the tag test
        # and the sort below read them)
        p0: cython.Py_ssize_t = self.pos[4 * c0]
        p1: cython.Py_ssize_t = self.pos[4 * c0 + 1]
        p2: cython.Py_ssize_t = self.pos[4 * c0 + 2]
        p3: cython.Py_ssize_t = self.pos[4 * c0 + 3]
        rb = C_ROUTE + 85 * c0
        s0 = self.cfg[rb + p0]
        s1 = self.cfg[rb + p1]
        s2 = self.cfg[rb + p2]
        s3 = self.cfg[rb + p3]
        self.f_scratch[0] = s0
        self.f_scratch[1] = s1
        self.f_scratch[2] = s2
        self.f_scratch[3] = s3
        self.f_start_lanes[0] = p0
        self.f_start_lanes[1] = p1
        self.f_start_lanes[2] = p2
        self.f_start_lanes[3] = p3
        for i in range(4 * ncol):
            if i < 4:
                p = p0 if i == 0 else p1 if i == 1 else p2 if i == 2 else p3
            else:
                p = self.pos[4 * c1 + (i & 3)]
                self.f_scratch[i] = self.cfg[C_ROUTE + 85 * c1 + p]
                self.f_start_lanes[i] = p
            if p == home:
                n_home += 1
            elif p == 0:
                n_nest += 1
        self.f_home_before = n_home
        self.f_nest_before = n_nest
        cnt: cython.int
        j: cython.int
        tagged: cython.bint = False
        if (
            not self.cfg[C_PAGADE]
            and not self.cfg[C_MAY_ADVANCE]
            # (with one colour, a tag needs two of the four pawns on one square)
            and (
                ncol == 2
                or (s0 != _OFF and s0 in (s1, s2, s3))
                or (s1 != _OFF and s1 in (s2, s3))
                or (s2 != _OFF and s2 == s3)
            )
        ):
            for i in range(4 * ncol):
                s = self.f_scratch[i]
                if s == _OFF or self.f_start_lanes[i] >> 8:
                    continue
                cnt = 0
                for j in range(4 * ncol):
                    if self.f_scratch[j] == s:
                        cnt += 1
                if cnt == 2:
                    self.n_tags += 1
                    self.tag_sq[self.n_tags] = s
                    for j in range(4 * ncol):
                        if self.f_scratch[j] == s:
                            self.f_start_lanes[j] |= self.n_tags << 8
            tagged = True
        if tagged:
            # (the lanes again: some may have a tag now)
            p0 = self.f_start_lanes[0]
            p1 = self.f_start_lanes[1]
            p2 = self.f_start_lanes[2]
            p3 = self.f_start_lanes[3]
        self.f_start_a = _sort4_mostly_sorted(
            cython.cast(cython.ulonglong, p0)
            | cython.cast(cython.ulonglong, p1) << 16
            | cython.cast(cython.ulonglong, p2) << 32
            | cython.cast(cython.ulonglong, p3) << 48
        )
        self.f_start_b = 0
        if ncol == 2:
            self.f_start_b = _sort4(
                cython.cast(cython.ulonglong, self.f_start_lanes[4])
                | cython.cast(cython.ulonglong, self.f_start_lanes[5]) << 16
                | cython.cast(cython.ulonglong, self.f_start_lanes[6]) << 32
                | cython.cast(cython.ulonglong, self.f_start_lanes[7]) << 48
            )

    # -- the state set --------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_reset(self) -> cython.void:
        """Forget every state (a new generation: nothing is cleared)."""
        self.f_n_states = 0
        self.f_generation += 1
        if self.f_generation >= 0x7FFFFFF0:
            k: cython.int
            for k in range(len(self.f_state_gen)):
                self.f_state_gen[k] = 0
            self.f_generation = 1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_add(
        self, pa: cython.ulonglong, pb: cython.ulonglong, w2: cython.ulonglong
    ) -> cython.int:
        """Index of the new state (pa, pb, w2), or ``-2 - index`` if it is already there."""
        if 2 * (self.f_n_states + 1) > self.f_state_cap:
            self._f_grow()
        # (the capacity widened before the subtraction, and the index a Py_ssize_t:
        # both are non-negative, and the 64-bit places need no sign extension)
        mask: cython.ulonglong = cython.cast(cython.ulonglong, self.f_state_cap) - 1
        j: cython.ulonglong = _slot3(pa, pb, w2, self.f_state_shift)
        i: cython.Py_ssize_t
        gen: cython.int = self.f_generation
        while self.f_state_gen[j] == gen:
            i = self.f_state_slot[j]
            if (
                self.f_states[3 * i] == pa
                and self.f_states[3 * i + 1] == pb
                and self.f_states[3 * i + 2] == w2
            ):
                return -2 - i
            j = (j + 1) & mask
        i = self.f_n_states
        self.f_n_states += 1
        self.f_state_gen[j] = gen
        self.f_state_slot[j] = i
        self.f_states[3 * i] = pa
        self.f_states[3 * i + 1] = pb
        self.f_states[3 * i + 2] = w2
        return i

    def _f_grow(self) -> None:
        """Double the state set (the states of this generation are kept)."""
        cap: cython.int = 2 * self.f_state_cap
        self.f_state_shift -= 1
        self.f_states, self.f_state_gen, self.f_state_slot = _grown_set(
            self.f_states, self.f_n_states, cap, self.f_state_shift
        )
        self.f_state_cap = cap
        self.f_generation = 1
        stack = _ints(cap // 2)
        sel = _ints(cap // 2)
        moved = _ints(cap // 2)
        k: cython.int
        for k in range(self.f_stack_top):
            stack[k] = self.f_stack[k]
        for k in range(len(self.f_selected)):
            sel[k] = self.f_selected[k]
            moved[k] = self.f_moved[k]
        self.f_stack = stack
        self.f_selected = sel
        self.f_moved = moved

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_push(
        self, pa: cython.ulonglong, pb: cython.ulonglong, w2: cython.ulonglong
    ) -> cython.int:
        """Add a state; a new one goes on the stack to be expanded. Its index."""
        i: cython.int = self._f_add(pa, pb, w2)
        if i >= 0:
            self.f_stack[self.f_stack_top] = i
            self.f_stack_top += 1
            return i
        return -2 - i

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_append(
        self, pa: cython.ulonglong, pb: cython.ulonglong, w2: cython.ulonglong
    ) -> cython.int:
        """Add a state known to be new, without hashing it, and stack it.

        The root's successors with numbers left are such states (see
        :meth:`_f_set`), and :meth:`_f_pair_direct`'s bonus roots whose moves are
        apart; no later state can equal one, so the table need not hold them.
        """
        if 2 * (self.f_n_states + 1) > self.f_state_cap:
            self._f_grow()
        i: cython.int = self.f_n_states
        self.f_n_states += 1
        self.f_states[3 * i] = pa
        self.f_states[3 * i + 1] = pb
        self.f_states[3 * i + 2] = w2
        self.f_stack[self.f_stack_top] = i
        self.f_stack_top += 1
        return i

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_store(self, pa: cython.ulonglong, w2: cython.ulonglong) -> cython.int:
        """Add a state of one colour without hashing or stacking it; its index.

        For :meth:`_f_pair_set`'s root and states after one move, which are
        all different and which no later state can equal (as :meth:`_f_append`'s),
        and its selected states with a bonus, for :meth:`_f_finish` (whose
        bonus roots :meth:`_f_push` keeps once).
        """
        if 2 * (self.f_n_states + 1) > self.f_state_cap:
            self._f_grow()
        i: cython.Py_ssize_t = self.f_n_states
        self.f_n_states += 1
        self.f_states[3 * i] = pa
        self.f_states[3 * i + 1] = 0
        self.f_states[3 * i + 2] = w2
        return i

    # -- outcomes -------------------------------------------------------------

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_others_key(
        self, gone: cython.int, ncol: cython.int
    ) -> tuple[cython.ulonglong, cython.ulonglong]:
        """The other colours' key fields after the captures ``gone`` (:meth:`_f_pawn_key`'s
        ``hi``/``lo`` with the mover's fields empty)."""
        j: cython.Py_ssize_t
        # (colours, pawns, progress numbers and squares 64-bit: no sign extension where
        # they index)
        c: cython.Py_ssize_t
        k: cython.Py_ssize_t
        f: cython.ulonglong
        hi: cython.ulonglong
        lo: cython.ulonglong
        p: cython.Py_ssize_t
        s: cython.Py_ssize_t
        hit: cython.bint
        if gone != self.f_last_gone:
            # the others' fields after these captures: kept for the throw's next
            # outcome, and in a slot by the captures for the rest of the throw (the
            # context's, f_context_gen); a slot's captures that differ are made again
            j = (gone ^ gone >> 6) & 63
            if gone == 0:
                hi = self.f_others_key_hi
                lo = self.f_others_key_lo
            elif self.f_cached_gone[j] == gone and self.f_cached_gen[j] == self.f_context_gen:
                hi = self.f_cached_hi[j]
                lo = self.f_cached_lo[j]
            else:
                hi = self.f_others_key_hi
                lo = self.f_others_key_lo
                for c in range(4):
                    if (
                        not self.cfg[C_IN_PLAY + c]
                        or c == self.cfg[C_COL]
                        or (ncol == 2 and c == self.cfg[C_COL + 1])
                    ):
                        continue
                    f = 0
                    hit = False
                    for k in range(4):
                        p = self.pos[4 * c + k]
                        s = self.cfg[C_ROUTE + 85 * c + p]
                        if 0 <= s < 68 and gone >> self.f_occupied_index[s] & 1:
                            hit = True  # captured: back to the nest
                        else:
                            f |= cython.cast(cython.ulonglong, p) << (16 * k)
                    if hit:
                        hi, lo = _put_field(hi, lo, c, _canon4(f))
                self.f_cached_gen[j] = self.f_context_gen
                self.f_cached_gone[j] = gone
                self.f_cached_hi[j] = hi
                self.f_cached_lo[j] = lo
            self.f_last_gone = gone
            self.f_last_hi = hi
            self.f_last_lo = lo
        return self.f_last_hi, self.f_last_lo

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pawn_key(
        self, pa: cython.ulonglong, pb: cython.ulonglong, gone: cython.int, ncol: cython.int
    ) -> tuple[cython.ulonglong, cython.ulonglong]:
        """The pawns of a state (mover lanes, captured squares) as a canonical key: ``hi``
        the pawns of colours 0 and 1, ``lo`` those of colours 2 and 3 (a colour's four
        sorted progress numbers as a big-endian 32-bit field)."""
        m: cython.int
        hi: cython.ulonglong
        lo: cython.ulonglong
        hi, lo = self._f_others_key(gone, ncol)
        for m in range(ncol):
            hi, lo = _put_field(hi, lo, self.cfg[C_COL + m], _canon_sorted(pa if m == 0 else pb))
        return hi, lo

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_emit(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        gone: cython.int,
        cut: cython.int,
        extra: cython.int,
        spec: _Spec,
    ) -> cython.int:
        """Keep the outcome (mover lanes, captured squares, cut, extra) once, by its key.

        Returns its index (among the throw's outcomes).

        The key is canonical (see :meth:`_f_less`): the pawns' (:meth:`_f_pawn_key`),
        and ``x`` the cut flag (bit 1) and the extra throw (bit 0).
        """
        hi: cython.ulonglong
        lo: cython.ulonglong
        hi, lo = self._f_pawn_key(pa, pb, gone, self._f_ncol(spec))
        return self._f_keep(hi, lo, cut << 1 | extra, spec)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_keep(
        self, hi: cython.ulonglong, lo: cython.ulonglong, x: cython.ulonglong, spec: _Spec
    ) -> cython.int:
        """:meth:`_f_emit` of the outcome of key (``hi``, ``lo``, ``x``): its index."""
        if 2 * (self.f_n_outcomes + 1) > self.f_outcome_cap:
            self._f_ogrow(self._f_recording(spec))
        return self._f_keep_in(hi, lo, x, spec)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_keep_in(
        self, hi: cython.ulonglong, lo: cython.ulonglong, x: cython.ulonglong, spec: _Spec
    ) -> cython.int:
        """:meth:`_f_keep` where the outcome set has room for one more (the caller made
        it, :meth:`_f_outcome_room`)."""
        # (as in :meth:`_f_add`: 64-bit places without sign extensions)
        mask: cython.ulonglong = cython.cast(cython.ulonglong, self.f_outcome_cap) - 1
        j: cython.ulonglong = _slot3(hi, lo, x, self.f_outcome_shift)
        i: cython.Py_ssize_t
        gen: cython.int = self.f_outcome_generation
        while self.f_outcome_gen[j] == gen:
            i = self.f_outcome_slot[j]
            if (
                self.f_outcomes[3 * i] == hi
                and self.f_outcomes[3 * i + 1] == lo
                and self.f_outcomes[3 * i + 2] == x
            ):
                return i
            j = (j + 1) & mask
        i = self.f_n_outcomes
        self.f_n_outcomes += 1
        self.f_outcome_gen[j] = gen
        self.f_outcome_slot[j] = i
        self.f_outcomes[3 * i] = hi
        self.f_outcomes[3 * i + 1] = lo
        self.f_outcomes[3 * i + 2] = x
        if self._f_recording(spec):
            self.f_out_len[i] = -1  # no path yet
        return i

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_keep_new(
        self, hi: cython.ulonglong, lo: cython.ulonglong, x: cython.ulonglong
    ) -> cython.void:
        """:meth:`_f_keep` of an outcome that differs from every other outcome of the
        throw, without the look-up. It is not entered in the hash table: no other
        outcome of the throw can equal it (see :meth:`_f_pair_direct`,
        :meth:`_f_pair_enter` and :meth:`_f_comb`). Not for a recording copy."""
        if 2 * (self.f_n_outcomes + 1) > self.f_outcome_cap:
            self._f_ogrow(False)
        self._f_keep_new_in(hi, lo, x)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_keep_new_in(
        self, hi: cython.ulonglong, lo: cython.ulonglong, x: cython.ulonglong
    ) -> cython.void:
        """:meth:`_f_keep_new` where the outcome set has room for one more (the caller
        made it, :meth:`_f_outcome_room`)."""
        i: cython.Py_ssize_t = self.f_n_outcomes
        self.f_n_outcomes += 1
        self.f_outcomes[3 * i] = hi
        self.f_outcomes[3 * i + 1] = lo
        self.f_outcomes[3 * i + 2] = x

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_outcome_room(self, n: cython.int) -> cython.void:
        """Room in the outcome set for ``n`` more outcomes, as :meth:`_f_keep` makes it
        for each (the set grows as it would, only sooner; not for a recording copy)."""
        while 2 * (self.f_n_outcomes + n) > self.f_outcome_cap:
            self._f_ogrow(False)

    def _f_ogrow(self, keep_paths: cython.bint) -> None:
        """Double the outcome set (the outcomes of this throw are kept, and with
        ``keep_paths``, in plays() and turn_steps(), their paths)."""
        cap: cython.int = 2 * self.f_outcome_cap
        self.f_outcome_shift -= 1
        self.f_outcomes, self.f_outcome_gen, self.f_outcome_slot = _grown_set(
            self.f_outcomes, self.f_n_outcomes, cap, self.f_outcome_shift
        )
        self.f_outcome_cap = cap
        self.f_outcome_generation = 1
        self.f_order = _ints(cap // 2)
        if keep_paths:
            self._f_path_room(cap // 2)

    def _f_path_room(self, n: cython.int) -> None:
        """The outcomes' paths (``f_out_len``, ``f_out_path``) and Turn nodes (``t_done``)
        for ``n`` outcomes, those of this throw's outcomes kept.

        Only as many as the arrays hold are copied: at the start of a recorded throw
        (:meth:`_f_recorded`), ``f_n_outcomes`` is still the count of the throw before,
        which a copy that does not record (a playout's, :meth:`outcomes`) may have
        grown past these arrays (reading past them crashed the differential check).
        """
        if len(self.f_out_len) >= n:
            return
        lens = _ints(n)
        paths = _longs(n * _PATH_MAX)
        done = array("i", [-1]) * n
        k: cython.int
        keep: cython.int = self.f_n_outcomes
        if keep > len(self.f_out_len):
            keep = len(self.f_out_len)
        for k in range(keep):
            lens[k] = self.f_out_len[k]
            done[k] = self.t_done[k]
        for k in range(keep * _PATH_MAX):
            paths[k] = self.f_out_path[k]
        self.f_out_len = lens
        self.f_out_path = paths
        self.t_done = done

    # -- the play shown for each outcome ----------------------------------------
    #
    # plays() has the fast enumerator record, for one call, every edge of the
    # throw graph (``f_edge_src``/``f_edge_dst``/``f_edge_key``: from a state to
    # a state, or to outcome ``o`` as ``-1 - o``; the step's rank (_f_key), or -1
    # for no step: a dice end going on to its bonus part or ending). At the end
    # of each number set, _f_paths gives every state the greatest path to it
    # (compared as the sequence of its steps' ranks: pachisi.plays.step_rank) and
    # each outcome the greatest of its paths (``f_out_path``, ``_PATH_MAX`` ranks
    # an outcome). Every step moves a pawn forward, so the states taken by the
    # bonus part, then by the pawns' total progress, come after every state that
    # leads to them; the greatest path to a state extends the greatest path to
    # one before it (no path to a state is the start of another to it).

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_rec(
        self, src: cython.int, dst: cython.int, key: cython.longlong, who: cython.int
    ) -> cython.void:
        """Record an edge (see this section's comment; ``who``: the moving pawn's lane
        and colour slot, ``lane | slot << 16``, for turn_steps' order)."""
        e: cython.int = self.f_n_edges
        if e >= len(self.f_edge_src):
            self._f_egrow()
        self.f_edge_src[e] = src
        self.f_edge_dst[e] = dst
        self.f_edge_key[e] = key
        self.f_edge_who[e] = who
        self.f_n_edges = e + 1

    def _f_egrow(self) -> None:
        """Double the recorded edges' arrays (the edges recorded are kept)."""
        n: cython.int = len(self.f_edge_src)
        src = _ints(2 * n)
        dst = _ints(2 * n)
        key = _longs(2 * n)
        who = _ints(2 * n)
        k: cython.int
        for k in range(n):
            src[k] = self.f_edge_src[k]
            dst[k] = self.f_edge_dst[k]
            key[k] = self.f_edge_key[k]
            who[k] = self.f_edge_who[k]
        self.f_edge_src = src
        self.f_edge_dst = dst
        self.f_edge_key = key
        self.f_edge_who = who
        self.f_edge_next = _ints(2 * n)

    def _f_pgrow(self, n: cython.int) -> None:
        """The per-state arrays of _f_paths and _t_set, at least ``n`` long."""
        size: cython.int = len(self.f_head)
        while size < n:
            size *= 2
        self.f_head = _ints(size)
        self.f_best_par = _ints(size)
        self.f_best_key = _longs(size)
        self.f_topo = _ints(size)
        self.t_mark = _ints(size)
        self.t_node_of = _ints(size)
        self.t_next = _ints(size)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_used(
        self, src: cython.int, left: cython.ulonglong, nleft: cython.int
    ) -> cython.longlong:
        """The numbers a step from dice state ``src`` spends (those not ``left``),
        as :func:`_f_key` packs them: their values, in the order of their codes."""
        nums: cython.ulonglong = self.f_states[3 * src + 2] & _LO32
        nrem: cython.int = _word_nleft(self.f_states[3 * src + 2])
        r: cython.longlong = 0
        shift: cython.int = 39
        j: cython.int
        m: cython.int = 0
        byte: cython.ulonglong
        for j in range(nrem):
            byte = (nums >> (8 * j)) & 255
            if m < nleft and (left >> (8 * m)) & 255 == byte:
                m += 1  # both sorted: this one is left
                continue
            r |= cython.cast(cython.longlong, byte & 7) << shift
            shift -= 5
        return r

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_collect(
        self, u: cython.int, key: cython.longlong, buf: cython.longlong[::1], at: cython.int
    ) -> cython.int:
        """Write the ranks of the greatest path to state ``u`` and then ``key`` (if >= 0)
        to ``buf[at:]``; return where they end."""
        n: cython.int = 0
        i: cython.int = u
        while i >= 0:
            if self.f_best_key[i] >= 0:
                n += 1
            i = self.f_best_par[i]
        end: cython.int = at + n
        i = u
        while i >= 0:
            if self.f_best_key[i] >= 0:
                n -= 1
                buf[at + n] = self.f_best_key[i]
            i = self.f_best_par[i]
        if key >= 0:
            buf[end] = key
            end += 1
        return end

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_topo(self) -> cython.void:
        """The recorded edges as lists by state (``f_head``, ``f_edge_next``: in the
        order recorded) and the states in topological order (``f_topo``)."""
        n: cython.int = self.f_n_states
        if n > len(self.f_head):
            self._f_pgrow(n)
        i: cython.int
        e: cython.int
        u: cython.int
        k: cython.int
        c: cython.int
        tot: cython.int
        na: cython.int
        nb: cython.int
        lo0: cython.int
        hi0: cython.int
        lo1: cython.int
        hi1: cython.int
        pa: cython.ulonglong
        pb: cython.ulonglong
        for i in range(n):
            self.f_head[i] = -1
        for e in range(self.f_n_edges - 1, -1, -1):
            u = self.f_edge_src[e]
            self.f_edge_next[e] = self.f_head[u]
            self.f_head[u] = e
        # the states in topological order (this section's comment): a counting sort on
        # the levels used only (the dice part's, then the bonus part's, packed together)
        cnt = self.f_topo_count
        lo0 = 1024
        hi0 = -1
        lo1 = 1024
        hi1 = -1
        for i in range(n):
            pa = self.f_states[3 * i] & _P4
            pb = self.f_states[3 * i + 1] & _P4
            c = cython.cast(
                cython.int,
                (((pa + pb) * cython.cast(cython.ulonglong, 0x0001000100010001)) >> 48) & 0xFFFF,
            )
            if self.f_states[3 * i + 2] >> 63:
                lo1 = c if c < lo1 else lo1
                hi1 = c if c > hi1 else hi1
                c += 1024
            else:
                lo0 = c if c < lo0 else lo0
                hi0 = c if c > hi0 else hi0
            self.f_best_key[i] = c  # (the level, for now)
        nb = hi0 - lo0 + 1 if hi0 >= 0 else 0  # the dice part's levels, then the bonus part's
        tot = nb + (hi1 - lo1 + 1 if hi1 >= 0 else 0)
        for k in range(tot):
            cnt[k] = 0
        for i in range(n):
            c = cython.cast(cython.int, self.f_best_key[i])
            c = c - lo0 if c < 1024 else nb + c - 1024 - lo1
            self.f_best_key[i] = c
            cnt[c] += 1
        na = tot
        tot = 0
        for k in range(na):
            c = cnt[k]
            cnt[k] = tot
            tot += c
        for i in range(n):
            c = cython.cast(cython.int, self.f_best_key[i])
            self.f_topo[cnt[c]] = i
            cnt[c] += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_paths(self, option_key: cython.longlong) -> cython.void:
        """The greatest path to every state of this number set, and to its outcomes
        (each outcome's first step the set's option step ``option_key``, if >= 0)."""
        n: cython.int = self.f_n_states
        self._f_topo()
        i: cython.int
        e: cython.int
        u: cython.int
        v: cython.int
        k: cython.int
        na: cython.int
        nb: cython.int
        key: cython.longlong
        for i in range(n):
            self.f_best_par[i] = -2  # not reached yet
        self.f_best_par[0] = -1  # the set's start
        self.f_best_key[0] = -1
        a = self.f_path_a
        b = self.f_path_b
        for k in range(n):
            u = self.f_topo[k]
            if self.f_best_par[u] == -2:
                continue
            e = self.f_head[u]
            while e >= 0:
                v = self.f_edge_dst[e]
                key = self.f_edge_key[e]
                e = self.f_edge_next[e]
                if v >= 0:
                    if self.f_best_par[v] != -2:
                        na = self._f_collect(u, key, a, 0)
                        nb = self._f_collect(self.f_best_par[v], self.f_best_key[v], b, 0)
                        if not _ranks_greater(a, 0, na, b, 0, nb):
                            continue
                    self.f_best_par[v] = u
                    self.f_best_key[v] = key
                    continue
                # an outcome: the path with the set's option step first
                v = -1 - v
                na = 0
                if option_key >= 0:
                    a[0] = option_key
                    na = 1
                na = self._f_collect(u, key, a, na)
                if self.f_out_len[v] >= 0 and not _ranks_greater(
                    a, 0, na, self.f_out_path, v * _PATH_MAX, self.f_out_len[v]
                ):
                    continue
                for i in range(na):
                    self.f_out_path[v * _PATH_MAX + i] = a[i]
                self.f_out_len[v] = na

    def plays(self, cfg: object, position: tuple, throw: tuple) -> cython.int:
        """Every distinct outcome of ``throw`` with the play shown for it, in the
        canonical order (:meth:`_f_less`): packed records (read by :meth:`packed` and
        :meth:`decoded`); their number.

        ``position``: ``(pawns, doubles, cut)``, the position's pawns by colour
        (``()`` for a colour not in play), its doubles and the mover's cut flag
        (0 or 1); ``throw``: ``(a, b)``, a valid throw (whether it is the third
        doublet the kernel tells from ``doubles``). The play of an outcome is the
        greatest by its steps' ranks (this section's comment). ``cfg``: the
        set-up's table for the mover (an ``array("i")``; the last one's buffer is
        kept, so that the same table costs nothing the next time).
        """
        if cfg is not self.plays_cfg_obj:
            self.plays_cfg = cfg
            self.plays_cfg_obj = cfg
        a: cython.int
        b: cython.int
        a, b = throw
        third_doublet: cython.bint = self._set_position(self.plays_cfg, position, a, b)
        n: cython.int = self._f_recorded(a, b, third_doublet, False)
        i: cython.int
        for i in range(n):
            self.f_order[i] = i
        n = self._f_sort(n)
        # the records, packed (see packed()): 4 words an outcome, then the paths
        r: cython.int
        o: cython.int
        na: cython.int
        at: cython.int = 4 * n
        for r in range(n):
            at += self.f_out_len[self.f_order[r]]
        if at > len(self.f_pack):
            self._f_pack_room(at)
        pk = self.f_pack
        at = 4 * n
        for r in range(n):
            o = self.f_order[r]
            na = self.f_out_len[o]
            pk[4 * r] = cython.cast(cython.longlong, self.f_outcomes[3 * o])
            pk[4 * r + 1] = cython.cast(cython.longlong, self.f_outcomes[3 * o + 1])
            pk[4 * r + 2] = cython.cast(cython.longlong, self.f_outcomes[3 * o + 2])
            pk[4 * r + 3] = at | cython.cast(cython.longlong, na) << 32
            for i in range(na):
                pk[at + i] = self.f_out_path[o * _PATH_MAX + i]
            at += na
        self.f_n_pack = at
        self.n_cand = n
        return n

    # -- entry ----------------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_recorded(
        self, a: cython.int, b: cython.int, third_doublet: cython.bint, steps: cython.bint
    ) -> cython.int:
        """Explore throw (a, b) in the recording copy (see :data:`_Spec`): for
        :meth:`plays` (each outcome's greatest path), or with ``steps`` for
        :meth:`turn_steps` (each number set's step graph). The number of outcomes."""
        rec: cython.longlong = _REC_STEPS if steps else _REC_PATHS
        self._f_path_room(self.f_outcome_cap // 2)
        k: cython.int
        if steps:
            for k in range(len(self.t_done)):
                self.t_done[k] = -1
        return self._f_plays_as(a, b, third_doublet, 0, rec)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_plays(
        self, a: cython.int, b: cython.int, third_doublet: cython.bint, hint: cython.int
    ) -> cython.int:
        """The distinct outcomes of throw (a, b) as records in :attr:`out`; their number.

        ``hint``: what :meth:`_f_context` may assume of ``pos`` (0: nothing; only
        :meth:`_game_throw` passes more).

        The explorer below is compiled three times (see :data:`_Spec`): for one
        colour per mover with "hops" or with "jump", both then constants the C
        compiler folds, and for any set-up.
        """
        hops: cython.schar = 0
        jump: cython.short = 0
        other: cython.int = 0
        if self.cfg[C_NCOL] == 1:
            if self.cfg[C_JUMP]:
                return self._f_plays_as(a, b, third_doublet, hint, jump)
            return self._f_plays_as(a, b, third_doublet, hint, hops)
        return self._f_plays_as(a, b, third_doublet, hint, other)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_ncol(self, spec: _Spec) -> cython.int:
        """The mover's colours (1 or 2) in the copy ``spec`` (see :data:`_Spec`)."""
        if _Spec is cython.schar or _Spec is cython.short:
            return 1
        return self.cfg[C_NCOL]

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_jump(self, spec: _Spec) -> cython.bint:
        """Whether ``sum_move`` is "jump" in the copy ``spec`` (see :data:`_Spec`)."""
        if _Spec is cython.schar:
            return False
        if _Spec is cython.short:
            return True
        return self.cfg[C_JUMP] != 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_recording(self, spec: _Spec) -> cython.bint:
        """Whether the copy ``spec`` records paths (see :data:`_Spec`, :meth:`plays`)."""
        if _Spec is cython.longlong:
            return True
        if cython.compiled:
            return False
        return spec != 0

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_recording_steps(self, spec: _Spec) -> cython.bint:
        """Whether the copy ``spec`` records step graphs (:meth:`turn_steps`), not paths."""
        if _Spec is cython.longlong:
            return spec == _REC_STEPS
        if cython.compiled:
            return False
        return spec == _REC_STEPS

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pairs(self, spec: _Spec) -> cython.bint:
        """Whether the copy ``spec`` explores two different numbers by :meth:`_f_pair_set`."""
        if _Spec is cython.schar:
            return True
        if cython.compiled:
            return False
        return self.cfg[C_NCOL] == 1 and not self.cfg[C_JUMP] and spec == 0

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_plays_as(
        self,
        a: cython.int,
        b: cython.int,
        third_doublet: cython.bint,
        hint: cython.int,
        spec: _Spec,
    ) -> cython.int:
        """:meth:`_f_plays` in the copy ``spec``."""
        ncol: cython.int = self._f_ncol(spec)
        self.ta = a
        self.tb = b
        self.doublet = a == b
        self.n_out = 0
        self.f_n_outcomes = 0
        self.f_groups_of = 0
        self.f_outcome_generation += 1
        if self.f_outcome_generation >= 0x7FFFFFF0:
            k: cython.int
            for k in range(len(self.f_outcome_gen)):
                self.f_outcome_gen[k] = 0
            self.f_outcome_generation = 1
        self._f_context(spec, hint)
        if third_doublet:
            self._f_third(spec)
            return self.f_n_outcomes
        o: cython.int
        if self.cfg[C_PAGADE]:
            x: cython.ulonglong = a if a < b else b
            y: cython.ulonglong = b if a < b else a
            self._f_set(x | y << 8, 2, -1, spec)
            if self.f_n_outcomes == 0:
                o = self._f_emit(self.f_start_a, self.f_start_b, 0, self.pos[P_CUT], 0, spec)
                if self._f_recording(spec):
                    self.f_out_len[o] = 0  # nothing moves: no step
            return self.f_n_outcomes
        both: cython.ulonglong = 0
        i: cython.int
        for i in range(ncol):
            both |= cython.cast(cython.ulonglong, 1) << self.cfg[C_COL + i]
        both <<= 4
        if not self.doublet:
            x = a | both
            y = b | both
            if x > y:
                x, y = y, x
            if self._f_pairs(spec):
                self._f_pair_set(x | y << 8)
            else:
                self._f_set(x | y << 8, 2, -1, spec)
        else:
            d: cython.ulonglong = a
            e: cython.ulonglong = (7 - a) | 8
            nest_col: cython.int = -1
            nest_n: cython.int = 0
            for i in range(ncol):
                for k in range(4):
                    if self.pos[4 * self.cfg[C_COL + i] + k] == 0:
                        nest_n += 1
                        nest_col = self.cfg[C_COL + i]
                        break
            if nest_n == ncol:
                self._f_set((d | both) | (d | both) << 8, 2, -1, spec)
            elif nest_n == 0:
                nums4: cython.ulonglong = _sorted4(d | both, d | both, e | both, e | both)
                if (
                    ncol != 1
                    or self._f_recording(spec)
                    or not self._f_split(nums4, d | both, e | both, spec)
                ):
                    self._f_set(nums4, 4, -1, spec)
            else:
                f_col: cython.int = (
                    self.cfg[C_COL] if self.cfg[C_COL] != nest_col else self.cfg[C_COL + 1]
                )
                fb: cython.ulonglong = cython.cast(cython.ulonglong, 1) << (f_col + 4)
                nb: cython.ulonglong = cython.cast(cython.ulonglong, 1) << (nest_col + 4)
                # Eight-Man's number sets A, B and C (the option step's rank: _f_key)
                self._f_set(
                    _sorted4(d | fb, d | fb, e | fb, e | fb),
                    4,
                    _OPTION_KEY | cython.cast(cython.longlong, 2) << 51,
                    spec,
                )
                self._f_set(
                    (d | nb) | (d | nb) << 8,
                    2,
                    _OPTION_KEY | cython.cast(cython.longlong, 1) << 51,
                    spec,
                )
                self._f_set(_sorted4(d | fb, e | fb, d | nb, 0) >> 8, 3, _OPTION_KEY, spec)
        if self.f_n_outcomes == 0:
            o = self._f_emit(self.f_start_a, self.f_start_b, 0, 0, self._extra(False), spec)
            if self._f_recording(spec):
                self.f_out_len[o] = 0  # nothing moves: no step
        return self.f_n_outcomes

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_split(
        self,
        nums: cython.ulonglong,
        dcode: cython.ulonglong,
        ecode: cython.ulonglong,
        spec: _Spec,
    ) -> cython.bint:
        """A doublet with every pawn out, one colour per mover: :meth:`_f_set` by groups
        of pawns that cannot meet; False (nothing done) where there is one group.

        A pawn moves at most 14 (d + d + e + e, in hops or at once), so it reaches
        only progress numbers p + 1 .. p + 14. The movable pawns (1 <= p <= 71),
        sorted, fall into groups where the next is more than 14 ahead: a group's
        pawns then stay in [first, last + 14] (the last group's up to HOME, with
        the pawns already there), a range no other group's pawn enters, so no
        move of one group passes, lands on or captures on a square that another
        group's moves can change. (§5.8's no-split rule ties the groups only where
        a pawn enters HOME: that takes all four numbers by that pawn alone, so the
        others have not moved, as within its group.) The throw's states are then
        exactly the combinations of each group's states (explored alone, the
        others' pawns put at HOME, where they neither move nor stand on the board)
        whose numbers used fit in {d, d, e, e}: their lanes merged, the captures
        joined. A group is cut into blocks of pawns whose moves combine freely
        (:meth:`_f_apart`), each a group of its own (one pawn: :meth:`_f_alone`);
        so a doublet whose pawns are all within 14 of each other may split too.
        §5.5's rule on the starting blockades (tags) binds the ends only, and
        both pawns of a blockade are in one group: its states that break it are
        left out, and the combinations are then selected as made (the most numbers
        used), emitted, or stored for the bonus part (:meth:`_f_comb`); the no-split
        flag, which no selection or end reads, is not kept. Each group's states are
        bucketed by their numbers used (5 * d's + e's, :func:`_split_used`), which
        the sum of the numbers left gives: the sums of the sub-multisets of {d, d, e,
        e} differ for e = 7 - d (a table per throw checks it; where two collide,
        :func:`_split_used`), and a dice state's bytes above its numbers left are 0
        (:func:`_remove_byte`), so the sum is taken over all four. Returns True when
        it did so.
        """
        m: cython.int = 0
        k: cython.int
        j: cython.int
        p: cython.int
        lane: cython.int
        for k in range(4):
            lane = cython.cast(cython.int, (self.f_start_a >> (16 * k)) & 0xFFFF)
            p = lane & _PMASK
            if 1 <= p <= 71:
                j = m
                while j > 0 and self.f_split_p[j - 1] > p:
                    self.f_split_p[j] = self.f_split_p[j - 1]
                    self.f_split_l[j] = self.f_split_l[j - 1]
                    j -= 1
                self.f_split_p[j] = p
                self.f_split_l[j] = lane
                m += 1
        ncomp: cython.int = 0
        # the groups of pawns within 14 of each other (f_split_p[j0:j1]); a group is
        # cut into blocks of pawns whose moves combine freely (_f_apart), each a
        # component (the pawns f_split_lo[c] <= j < f_split_hi[c])
        self.f_split_cross = False
        apart: cython.int = -1  # (whether a split may be tried: found when first needed)
        cuts: cython.int
        c0: cython.int
        j0: cython.int = 0
        j1: cython.int
        while j0 < m:
            j1 = j0 + 1
            while j1 < m and self.f_split_p[j1] - self.f_split_p[j1 - 1] <= 14:
                j1 += 1
            cuts = 0
            if j1 - j0 >= 2:
                if apart == -1:
                    apart = 1 if self._f_apart_may(spec) else 0
                if apart == 1:
                    cuts = self._f_apart(j0, j1, cython.cast(cython.int, dcode & 7))
            if cuts:
                self.f_split_cross = True
            c0 = ncomp
            self.f_split_lo[ncomp] = j0
            self.f_split_up[ncomp] = 0
            for j in range(j0 + 1, j1):
                if cuts >> (j - j0) & 1:
                    self.f_split_hi[ncomp] = j
                    ncomp += 1
                    self.f_split_lo[ncomp] = j
                    self.f_split_up[ncomp] = 0
            self.f_split_hi[ncomp] = j1
            ncomp += 1
            if cuts:
                self._f_split_reach(c0, ncomp, j1, dcode, ecode)
            j0 = j1
        if ncomp < 2:
            return False
        root: cython.ulonglong = _dice_word(nums, 4, 0, 0)
        c: cython.int
        i: cython.int
        b: cython.int
        lo: cython.int
        hi: cython.int
        n: cython.int = 0
        at: cython.int
        w: cython.ulonglong
        pa: cython.ulonglong
        mask: cython.int
        cnt: cython.int[13] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        nxt: cython.int[13] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        # (a lane is its progress number: no blockade tag, no moved mark)
        plain: cython.bint = self.n_tags == 0 and not self._f_jump(spec)
        # _split_used by the sum of the numbers used (used_of[sum]) where the sums of
        # the sub-multisets of {d, d, e, e} differ (they do for e = 7 - d)
        used_of: cython.int[15] = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
        ud: cython.int = cython.cast(cython.int, dcode & 7)
        ue: cython.int = cython.cast(cython.int, ecode & 7)
        ud4: cython.int = 2 * ud + 2 * ue
        by_sum: cython.bint = ud4 <= 14
        for j in range(3):
            for k in range(3):
                if by_sum:
                    if used_of[j * ud + k * ue] != -1:
                        by_sum = False
                    else:
                        used_of[j * ud + k * ue] = 5 * j + k
        self._f_split_ends(plain and by_sum, dcode, ecode)
        up: cython.ulonglong
        hit: cython.ulonglong
        base: cython.int
        g: cython.int
        for c in range(ncomp):
            lo = self.f_split_lo[c]
            hi = self.f_split_hi[c]
            # the component alone: the others' pawns (out of its reach, or combining
            # freely with it) put at HOME, where they neither move nor count on the board
            j = hi - lo
            pa = 0
            for k in range(4):
                lane = self.f_split_l[lo + k] if k < j else 72
                pa |= cython.cast(cython.ulonglong, lane) << (16 * k)
            self.f_split_k[c] = j
            # the squares of a higher block's reach (see _f_comb), from the block's
            # lowest pawn's on (bit 0; its lanes lie above it and within 56 of it)
            up = self.f_split_up[c] if self.f_split_amb else 0
            self._f_reset()
            self.f_stack_top = 0
            if j == 1 and not self._f_jump(spec):
                # one pawn, on lane 0 (tagged or not); its states with a lane in up
                # flagged by _f_alone (bit 63 of the third word, _SPLIT_AMB below)
                self._f_alone(pa, root, up)
                up = 0
            else:
                self._f_push(_sort4(pa), self.f_start_b, root)
            while self.f_stack_top > 0:
                self.f_stack_top -= 1
                i = self.f_stack[self.f_stack_top]
                self._f_pf_edges(
                    self.f_states[3 * i],
                    self.f_states[3 * i + 1],
                    self.f_states[3 * i + 2],
                    i,
                    spec,
                )
            if n + self.f_n_states > len(self.f_split_w):
                return False  # (never seen: the whole throw instead)
            # the group's states by the numbers used (5 * d's + e's): bucket b from
            # f_split_off[16 * c + b] (b <= 12; f_split_off[16 * c + 13] the end), by a
            # count per bucket (cnt) and the next place in each (nxt)
            for b in range(13):
                cnt[b] = 0
            mask = 0
            for i in range(self.f_n_states):
                if by_sum:
                    # the sum of the numbers left (3 bits of each byte; the bytes above
                    # those left are 0: a number used is taken out by _remove_byte)
                    w = self.f_states[3 * i + 2] & 0x07070707
                    b = used_of[ud4 - (((w * 0x01010101) >> 24) & 0xFF)]
                else:
                    b = _split_used(self.f_states[3 * i + 2], dcode)
                if self.n_tags != 0 and not self._f_blockades_ok(self.f_states[3 * i], 0, 1):
                    b = 13  # (§5.5 broken: never selected, see below)
                else:
                    cnt[b] += 1
                    mask |= 1 << b
                self.f_split_t[i] = b
            self.f_split_m[c] = mask
            at = n
            for b in range(13):
                self.f_split_off[16 * c + b] = at
                nxt[b] = at
                at += cnt[b]
            self.f_split_off[16 * c + 13] = at
            # without blockade tags (§5.5) and moved marks ("jump") a lane is its
            # progress number, so the group's lanes are the lowest k of the sorted
            # state (those at HOME equal)
            low: cython.ulonglong = ~cython.cast(cython.ulonglong, 0)
            if self.f_split_k[c] < 4:
                low = (cython.cast(cython.ulonglong, 1) << (16 * self.f_split_k[c])) - 1
            base = self.f_split_p[lo]
            top: cython.int = 16 * self.f_split_k[c] - 16  # (the highest of its sorted lanes)
            # (a pawn moves at most 14: below 58, none of the block's comes HOME)
            home_may: cython.bint = self.f_split_p[hi - 1] >= 58
            for i in range(self.f_n_states):
                pa = self.f_states[3 * i]
                if plain:
                    w = pa & low
                else:
                    # the group's lanes: all but 4 - k lanes at HOME (any of them: equal)
                    w = 0
                    j = 0
                    m = 4 - self.f_split_k[c]
                    for k in range(4):
                        lane = cython.cast(cython.int, (pa >> (16 * k)) & 0xFFFF)
                        if m and lane == 72:
                            m -= 1
                            continue
                        w |= cython.cast(cython.ulonglong, lane) << (16 * j)
                        j += 1
                b = self.f_split_t[i]
                if b == 13:
                    continue
                at = nxt[b]
                nxt[b] = at + 1
                self.f_split_w[at] = w
                # the captures (_word_gone), and _f_alone's flag (bit 63) as _SPLIT_AMB
                g = cython.cast(cython.int, self.f_states[3 * i + 2] >> 47)
                # a pawn of the block brought HOME (_SPLIT_HOME, for §5.7's home bonus in
                # _f_comb): plain, the highest of the block's sorted lanes is at 72
                if home_may and (((w >> top) == 72) if plain else _lanes_at(w, 72) != 0):
                    g |= _SPLIT_HOME
                if up:
                    # a block of several pawns: a lane (plain: up is 0 otherwise) where
                    # a higher block's pawn may end, so that a combination's end with
                    # it may repeat another's
                    hit = 0
                    for k in range(self.f_split_k[c]):
                        hit |= up >> (((w >> (16 * k)) & 0xFFFF) - base)
                    if hit & 1:
                        g |= _SPLIT_AMB
                self.f_split_g[at] = g
            n = self.f_split_off[16 * c + 13]
        self._f_reset()
        self.f_stack_top = 0
        self._f_add(self.f_start_a, self.f_start_b, root)  # the root first (index 0)
        # the pawns at HOME before the throw, in no group: the lanes above the groups',
        # each group's in the order of their ranges (f_split_sh); the groups joined by
        # _f_comb in the order of their number of states, the most last (f_split_ord,
        # stable): its partial combinations are those of the groups before the last
        home: cython.ulonglong = 0
        size: cython.int[4] = [0, 0, 0, 0]  # (the groups' numbers of states, by order)
        j = 0
        for c in range(ncomp):
            self.f_split_sh[c] = 16 * j
            j += self.f_split_k[c]
            n = self.f_split_off[16 * c + 13] - self.f_split_off[16 * c]
            k = c
            while k > 0 and size[k - 1] > n:
                size[k] = size[k - 1]
                self.f_split_ord[k] = self.f_split_ord[k - 1]
                k -= 1
            size[k] = n
            self.f_split_ord[k] = c
        for k in range(j, 4):
            home |= cython.cast(cython.ulonglong, 72) << (16 * k)
        # the selection as the combinations are made: no pawn in the nest, and no
        # blockade of §5.5 to break (a group state that breaks one, its two pawns
        # together elsewhere, was left out above: both are in that group, and §5.5
        # binds only the ends), so the first count of numbers used with a
        # combination selects all of its (§5.8's partial doublets: none unless all
        # four are used); those without a bonus are emitted as made (_f_comb), those
        # with one stored for _f_finish, which then pushes their bonus roots; the
        # most numbers used by a combination: the largest count that the groups'
        # numbers used reach (_f_comb_need)
        used: cython.int = 4
        while used > 0 and not self._f_comb_need(ncomp, used):
            used -= 1
        if used == 0 or (used < 4 and self.cfg[C_PARTIAL_NOTHING]):
            return True
        self.f_split_extra = self._extra(used == 4)
        self._f_comb(ncomp, home)
        nsel: cython.int = self.f_n_states - 1
        if nsel:
            for i in range(nsel):
                self.f_selected[i] = i + 1
            self._f_finish(nsel, self.f_split_extra, spec)
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_split_reach(
        self,
        c0: cython.int,
        c1: cython.int,
        j1: cython.int,
        dcode: cython.ulonglong,
        ecode: cython.ulonglong,
    ) -> cython.void:
        """:meth:`_f_split`: ``f_split_up`` of the blocks ``c0 .. c1 - 1`` of one group
        (its pawns up to ``f_split_p[j1 - 1]``): the squares that the pawns of the
        higher blocks may reach (see :meth:`_f_comb`), by a bit from the block's
        lowest pawn's square on: a pawn's reach is its progress number plus a sum of
        a sub-multiset of {d, d, e, e} (the group's pawns lie within 42 of its lowest,
        so the bits stay below 57)."""
        ud: cython.int = cython.cast(cython.int, dcode & 7)
        ue: cython.int = cython.cast(cython.int, ecode & 7)
        c: cython.int
        k: cython.int
        base: cython.int
        up: cython.ulonglong
        one: cython.ulonglong = 1
        sums: cython.ulonglong = one | one << ud | one << (2 * ud)  # (0, 1 or 2 d's)
        sums |= sums << ue | sums << (2 * ue)  # (and 0, 1 or 2 e's)
        for c in range(c0, c1 - 1):
            base = self.f_split_p[self.f_split_lo[c]]
            up = 0
            for k in range(self.f_split_hi[c], j1):
                up |= sums << (self.f_split_p[k] - base)
            self.f_split_up[c] = up

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_split_ends(
        self, plain: cython.bint, dcode: cython.ulonglong, ecode: cython.ulonglong
    ) -> cython.void:
        """:meth:`_f_split`: which of :meth:`_f_comb`'s ends may repeat another's (see
        there): every one (``f_split_g0``) without a capture bonus, unless ``plain``
        (no blockade tag or moved mark, and the numbers used told by their sum), or
        where §5.8's flag may tell two states of a block apart (a pawn that all four
        numbers take HOME); else, with blocks, those with a block's state flagged by
        ``f_split_up`` (``f_split_amb``), and the others by the key of an end
        without captures: ``f_split_khi``, ``f_split_klo`` (the key of
        :meth:`_f_pawn_key` without captures, the mover's field left out),
        ``f_split_in_hi`` and ``f_split_ksh`` (where that field goes)."""
        self.f_split_g0 = 0
        self.f_split_amb = False
        if (
            not plain
            or self.cfg[C_CAPTURE_BONUS] == 0
            or (
                self.cfg[C_NO_SPLIT]
                and _lanes_at(
                    self.f_start_a, 72 - 2 * cython.cast(cython.int, (dcode & 7) + (ecode & 7))
                )
            )
        ):
            self.f_split_g0 = _SPLIT_ALL
            return
        self.f_split_amb = self.f_split_cross
        c0: cython.int = self.cfg[C_COL]
        sh: cython.int = 0 if c0 & 1 else 32
        self.f_split_khi = self.f_others_key_hi
        self.f_split_klo = self.f_others_key_lo
        self.f_split_in_hi = c0 < 2
        self.f_split_ksh = sh
        if c0 < 2:
            self.f_split_khi &= ~(_LO32 << sh)
        else:
            self.f_split_klo &= ~(_LO32 << sh)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_apart_may(self, spec: _Spec) -> cython.bint:
        """:meth:`_f_split`: whether a group of pawns may be split by :meth:`_f_apart` at
        all: no "jump", and no other colour's pawn on a square its friend's pawns may
        share (a pawn landing there would make a blockade)."""
        if self._f_jump(spec):
            return False
        i: cython.int
        for i in range(self.f_n_occupied):
            if self.f_others_friendly[self.f_occupied[i]]:
                return False
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_apart(self, j0: cython.int, j1: cython.int, d: cython.int) -> cython.int:
        """:meth:`_f_split`: the blocks into which the group of pawns ``f_split_p[j0:j1]``
        (sorted, each within 14 of the next) may be cut on the doublet (d, d, 7 - d,
        7 - d), each block explored alone (the others at HOME) so that the blocks'
        states combine (:meth:`_f_comb`) into exactly the group's: bit ``i`` (1 <= i
        < j1 - j0) set where a block starts at pawn ``j0 + i``; 0, one block.

        The blocks use disjoint sub-multisets of the four numbers. A state of the
        group projects onto a state of each block whose numbers are those it used:
        a hop legal with the other blocks' pawns on the board is legal without them
        (they only add blockades: a pawn that lands on another colour's pawn
        captures it or may not land, and :meth:`_f_apart_may` has excluded a
        friend's pawn, which it could join; a capture by one block only takes a
        capture from another's landing, so the captures joined are the same), and
        §5.8's no-split rule (HOME by all four numbers of one pawn) is the same
        alone. Conversely a combination of the blocks' states is a state of the
        group if the blocks move one after another, the highest first, each as it
        did alone: a block's pawns start above every lower block's, so they never
        meet those, and they meet the higher blocks' pawns only at their ends. A hop
        legal alone then stays legal unless it passes or lands on a square that
        holds two pawns only with the higher blocks': (1) two pawns ``u < v`` above
        the block that can end on one square ``s`` (not HOME) by disjoint numbers
        (an unmoved pair, a blockade at the start, included), or one above with
        another colour's pawn on its start (``s - 14``, as if by all four numbers);
        (2) a pawn ``u`` above the block and a pawn ``y`` of it that can end on one
        square ``s`` so (the other pawns of the block, which then pass or land
        there, meet them). Neither can happen if no pawn that must not (for (1)
        the block's highest, for (2) its highest other than ``y``) starts at
        ``s - (14 - su - sy)`` or on, the numbers left after both (``meet``: the
        least such start over the squares ``s``, from the least ``sy``, as
        ``f_split_meet``). Two pawns on one square (a blockade at the start) are
        never cut apart: §5.5 (such a blockade may not end together elsewhere)
        binds only the ends and only those two pawns, so :meth:`_f_split` applies it
        to the states of their block (blockade tags travel in the lanes); two lone
        pawns from one square would also make every combination twice. Of the
        cuts allowed the one with the least sum of squared block sizes is taken (a
        block's exploration grows faster than its size).
        """
        n: cython.int = j1 - j0
        p: cython.int
        if n == 2:
            # (the rule below for two pawns: apart unless on one square, or the higher
            # with another colour's pawn, both of which the lower reaches)
            p = self.f_split_p[j0 + 1]
            if p == self.f_split_p[j0] or (
                (self.f_others_hi >> (p - 64) if p >= 64 else self.f_others_lo >> p) & 1
            ):
                return 0
            return 2
        big: cython.int = 1000
        # meet[4 * i + j] (i < j): the least start of a pawn that reaches a square on
        # which pawns i and j can both end, with the numbers they leave; meet[5 * i]:
        # pawn i's start less 14 where another colour's pawn shares it, else big
        meet: cython.int[16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        # above[b]: the least of meet over the pawns b.. (for the blocks below b)
        above: cython.int[5] = [0, 0, 0, 0, 0]
        i: cython.int
        j: cython.int
        g: cython.int
        sy: cython.int
        m: cython.int
        for i in range(n):
            p = self.f_split_p[j0 + i]
            meet[5 * i] = big
            if (self.f_others_hi >> (p - 64) if p >= 64 else self.f_others_lo >> p) & 1:
                meet[5 * i] = p - 14
            for j in range(i + 1, n):
                g = self.f_split_p[j0 + j] - p
                sy = self.f_split_meet[16 * d + g] if g <= 15 else -1
                # (HOME holds any number of pawns; the least sy gives the least square)
                if sy < 0 or p + sy >= 72:
                    meet[4 * i + j] = big
                else:
                    meet[4 * i + j] = p + 3 * sy - g - 14  # s - (14 - sy - (sy - g))
        above[n] = big
        for i in range(n - 1, 0, -1):
            m = above[i + 1]
            for j in range(i, n):
                if meet[4 * i + j] < m:
                    m = meet[4 * i + j]
            above[i] = m
        # ok: bit 5 * a + b where the block of pawns a .. b - 1 may go alone
        ok: cython.int = 0
        a: cython.int
        b: cython.int
        y: cython.int
        top: cython.int
        good: cython.bint
        for b in range(1, n + 1):
            for a in range(b):
                good = b == n or (
                    self.f_split_p[j0 + b - 1] < above[b]
                    and self.f_split_p[j0 + b] != self.f_split_p[j0 + b - 1]
                )
                if good and b < n and b - a >= 2:
                    for y in range(a, b):
                        top = self.f_split_p[j0 + (b - 2 if y == b - 1 else b - 1)]
                        for j in range(b, n):
                            if meet[4 * y + j] <= top:
                                good = False
                    # (1) for the pawns below b, (2) for the pairs across
                if good:
                    ok |= 1 << (5 * a + b)
        best: cython.int = 0
        cost: cython.int
        bestcost: cython.int = n * n
        cut: cython.int
        for cut in range(1, 1 << (n - 1)):
            cost = 0
            a = 0
            good = True
            for b in range(1, n + 1):
                if b == n or (cut << 1) >> b & 1:
                    if not ok >> (5 * a + b) & 1:
                        good = False
                        break
                    cost += (b - a) * (b - a)
                    a = b
            if good and cost < bestcost:
                bestcost = cost
                best = cut << 1
        return best

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_alone(
        self, pa: cython.ulonglong, root: cython.ulonglong, up: cython.ulonglong
    ) -> cython.void:
        """:meth:`_f_split`: the states of a group of one pawn (lane 0 of ``pa``, the
        others at HOME; no "jump"), stored as :meth:`_f_pf_edges` would store them,
        the root ``root`` first, in the same order, without the state table or the
        blocked masks of each state (a pawn with a blockade tag keeps it, on lane
        0 above the HOME lanes: those readers of the states take the lanes in any
        order).

        The pawn alone moves forward: its captures are behind it, and the mask
        of :meth:`_f_blocked1` differs from the root's only at its own square, so
        each hop's :meth:`_f_land` is the root's (the captures passed as the
        explorer passes them). The explorer's order is kept: depth first from
        a stack, each state's numbers by their codes (d before e), a state made
        before not made again (the same numbers left, flag and captures: the
        flag, §5.8's no-split pawn, follows from the pawn and the numbers left),
        those with no number left not stacked; the partial order reduction
        leaves out no move of a lone pawn (it moves on from where it ended).
        The root's numbers are a doublet's (two codes, two of each, sorted), so
        a state's distinct numbers are its word's lowest and highest bytes.
        A state on a square in ``up`` (bit ``t - p0``: one that a pawn of a higher
        block may reach, see :meth:`_f_comb`) has bit 63 of its third word set,
        above the captures (the explorer's states never do).
        """
        no_split: cython.bint = self.cfg[C_NO_SPLIT] != 0
        p0: cython.int = cython.cast(cython.int, pa & _PMASK)
        at: cython.int = 0  # the squares reached, by t - p0
        self._f_blocked1(pa, 0)
        self._f_store(pa, root)
        self.f_stack[0] = 0
        self.f_stack_top = 1
        s: cython.int
        i: cython.int
        j: cython.int
        q: cython.int
        t: cython.int
        sq: cython.int
        nleft: cython.int
        flag: cython.int
        flag2: cython.int
        gone: cython.int
        g2: cython.int
        byte: cython.ulonglong
        lo: cython.ulonglong
        hi: cython.ulonglong
        nums: cython.ulonglong
        left: cython.ulonglong
        w: cython.ulonglong
        w2: cython.ulonglong
        seen: cython.bint
        while self.f_stack_top > 0:
            self.f_stack_top -= 1
            s = self.f_stack[self.f_stack_top]
            w = self.f_states[3 * s]
            w2 = self.f_states[3 * s + 2]
            q = cython.cast(cython.int, w & _PMASK)
            nums = w2 & _LO32
            nleft = _word_nleft(w2)
            flag = _word_flag(w2)
            gone = _word_gone(w2)
            # the numbers left: a sorted word of at most two codes (the doublet's), so
            # its distinct codes are its lowest byte, taken off by a shift, and its
            # highest, taken off by a mask (any copy of a code leaves the same word)
            lo = nums & 255
            hi = (nums >> (8 * nleft - 8)) & 255
            for j in range(2):
                if j == 0:
                    byte = lo
                    left = nums >> 8
                else:
                    if hi == lo:
                        break
                    byte = hi
                    left = nums & ((cython.cast(cython.ulonglong, 1) << (8 * nleft - 8)) - 1)
                t = q + cython.cast(cython.int, byte & 7)
                if t > 72:
                    continue
                if t == 72 and no_split and not (nleft == 1 and (flag == 0 or flag == q)):
                    continue
                sq = self._f_land(0, q, t, True, gone, 1)
                if sq == -2:
                    continue
                flag2 = self._f_single(flag, q, t, left) if no_split else flag
                g2 = gone
                if sq >= 0:
                    g2 |= 1 << self.f_occupied_index[sq]
                w2 = _dice_word(left, nleft - 1, flag2, g2)
                # bit 63 (above the captures): a square that a higher block's pawn
                # may reach (see _f_split)
                w2 |= ((up >> (t - p0)) & 1) << 63
                # (the pawn on lane 0, the others at HOME: a blockade tag kept)
                w = (self.f_states[3 * s] & ~cython.cast(cython.ulonglong, _PMASK)) | t
                seen = False
                # (the root's successors differ; a square not reached before is new)
                if s != 0 and at >> (t - p0) & 1:
                    for i in range(1, self.f_n_states):
                        if self.f_states[3 * i + 2] == w2 and self.f_states[3 * i] == w:
                            seen = True
                            break
                if seen:
                    continue
                i = self._f_store(w, w2)
                at |= 1 << (t - p0)
                if nleft > 1:
                    self.f_stack[self.f_stack_top] = i
                    self.f_stack_top += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_comb_need(self, ncomp: cython.int, used: cython.int) -> cython.bint:
        """:meth:`_f_split`: whether a combination of the groups' states uses ``used``
        numbers; if so, f_split_need[c] for :meth:`_f_comb`: the numbers used by the
        groups before ``c`` (bits as :func:`_split_used`) that those of groups ``c``..
        complete to a count of ``used`` (f_split_need[ncomp]: the counts of ``used``),
        the groups in the order of their join (``f_split_ord``).

        The numbers used as bit 5 * d's + e's: adding two such bit numbers adds the
        d's and the e's (each sum below 5), so the numbers used by two groups
        together are their masks' bits shifted by each other's, and ``need >> s``
        undoes ``s``: a bit whose e's went below 0 lands on e's 3 or 4 (or below
        bit 0), which _SPLIT_VALID drops.
        """
        c: cython.int
        s: cython.int
        m: cython.int
        acc: cython.int
        # f_split_suf[c]: the numbers used by groups c.. (capped at two d's and two e's)
        self.f_split_suf[ncomp] = 1
        for c in range(ncomp - 1, -1, -1):
            m = self.f_split_m[self.f_split_ord[c]]
            acc = 0
            while m:
                s = _lowest_bit(m)
                m &= m - 1
                acc |= self.f_split_suf[c + 1] << s
            self.f_split_suf[c] = acc & _SPLIT_VALID
        target: cython.int = _split_count(used)
        if not self.f_split_suf[0] & target:
            return False
        self.f_split_need[ncomp] = target
        for c in range(ncomp - 1, 0, -1):
            m = self.f_split_suf[c]
            acc = 0
            while m:
                s = _lowest_bit(m)
                m &= m - 1
                acc |= target >> s
            self.f_split_need[c] = acc & _SPLIT_VALID
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_comb(self, ncomp: cython.int, home: cython.ulonglong) -> cython.void:
        """:meth:`_f_split`: every combination of the groups' states whose numbers used
        make the count of :meth:`_f_comb_need` (which set f_split_need), emitted as
        made, or stored for the bonus part (see :meth:`_f_split`); ``home``: the lanes
        of the pawns at HOME before the throw, above the groups'.

        Group by group, in the order of ``f_split_ord`` (the group with the most
        states last: the combinations stored are those of the groups before it),
        each group's lanes in their place by the groups' ranges (``f_split_sh``):
        the combinations of the groups before ``c`` that the groups from ``c`` on
        can complete (``f_split_comb_*``, after those of the groups before ``c -
        1``), each joined with those states of group ``c`` whose numbers used the
        groups after ``c`` can complete in turn; the last group's are the ends,
        handled as made (:meth:`_f_comb_end`). Where one count of numbers used is
        wanted, the last two groups are joined at once: a combination then takes
        exactly one bucket of the last group. The ends differ (the
        groups' lanes lie in disjoint ranges or, for the lone pawns of one split
        group, differ in a pawn's end, which its numbers used fix; the captures
        are of different pawns), but for two kinds, each then kept twice,
        selected twice and emitted once (:meth:`_f_emit` keeps an outcome once,
        :meth:`_f_push` a bonus root): group states that differed only in §5.8's
        no-split flag, which is not kept; and blocks of one group cut by
        :meth:`_f_apart` whose pawns swap squares (red's 58 and 60 on (2, 2): 58 +
        2 and 60 + 5, or 58 + 2 + 5 and 60 staying). An end without a bonus is
        therefore written without the outcome table's look-up
        (:meth:`_f_emit_split`) unless it may be one of those. With a capture bonus,
        plain lanes (no tag, no moved mark) and the numbers used told by their sum,
        its captures are none and a block's state follows from its lanes, but for
        the flag, which differs only in a block of several pawns with one that the
        four numbers take HOME (then every end is looked up, ``f_split_g0``). If two
        combinations give the blocks different lanes, following a lane that a block
        has in one and another block in the other leads from block to block around
        a cycle of "a lane of b on a square that c's pawns may reach" (within one
        group: the groups' ranges are disjoint), which takes a step from a lower
        block to a higher one of the group: a lower block's state with a lane on a
        square that a pawn of a higher block may reach (``f_split_up``, flagged as
        ``_SPLIT_AMB`` by :meth:`_f_split` or, for one pawn, :meth:`_f_alone`). The
        ends with such a state are looked up, among themselves; the bonus part's
        ends (a capture or a new pawn at HOME) equal none of the others. Without
        blockade tags (§5.5),
        moved marks ("jump") and blocks whose lanes may cross (``f_split_cross``),
        the groups' lanes,
        each group's sorted, the groups by their ranges and the pawns at HOME
        before the throw above them, are in order already; otherwise they are
        sorted. An end's home bonus (more pawns at HOME than before the throw) is
        its groups' flag ``_SPLIT_HOME`` (a lane at 72, set by :meth:`_f_split`):
        no pawn is in the nest (the caller's rule for this path), so the pawns in
        no group, those of ``home``, are exactly those at HOME before the throw,
        and a group's pawns start on 1..71.
        """
        tags: cython.bint = self.n_tags != 0 or self.cfg[C_JUMP] != 0 or self.f_split_cross
        # the flags of a bonus (§5.7, as _f_earned): a capture (bits 0-15), a pawn
        # brought HOME (_SPLIT_HOME, see the docstring)
        bon: cython.int = 0
        if self.cfg[C_CAPTURE_BONUS] != 0:
            bon |= 0xFFFF
        if self.cfg[C_HOME_BONUS] != 0:
            bon |= _SPLIT_HOME
        c: cython.int
        # the places in the arrays are 64-bit, so that no index is sign-extended
        # in the inner loops (0.4% of the playouts' instructions; not c or s: worse)
        x: cython.Py_ssize_t
        st: cython.Py_ssize_t
        s: cython.int
        acc: cython.int
        cand: cython.int
        need: cython.int
        g: cython.int
        gx: cython.int
        last: cython.bint
        w: cython.ulonglong
        wx: cython.ulonglong
        lo: cython.Py_ssize_t = 0
        hi: cython.Py_ssize_t = 1
        top: cython.Py_ssize_t
        shift: cython.int
        row: cython.int
        gm: cython.int
        # the last group (see the last two joined at once below): its lanes' place,
        # and its buckets' row plus the bit of the count wanted
        b: cython.Py_ssize_t
        e0: cython.Py_ssize_t
        e1: cython.Py_ssize_t
        st2: cython.Py_ssize_t
        one: cython.bint = self.f_split_need[ncomp] & (self.f_split_need[ncomp] - 1) == 0
        row2: cython.Py_ssize_t = self.f_split_ord[ncomp - 1]
        shift2: cython.int = self.f_split_sh[row2]
        row2 = 16 * row2 + _lowest_bit(self.f_split_need[ncomp])
        self.f_split_comb_w[0] = home
        self.f_split_comb_g[0] = self.f_split_g0
        self.f_split_comb_u[0] = 0
        for c in range(ncomp):
            need = self.f_split_need[c + 1]
            last = c == ncomp - 1
            # the group joined c-th (see _f_split), its buckets and its lanes' place
            row = self.f_split_ord[c]
            shift = self.f_split_sh[row]
            gm = self.f_split_m[row]
            row *= 16
            top = hi
            if c == ncomp - 2 and one:
                # one count of numbers used wanted (as all four): the last two groups
                # at once, a combination with a state of this group joining the one
                # bucket of the last group that completes it, the count's bit less
                # both numbers used (>= 0 and in the last group's: it is joined
                # because the last group completes it, see f_split_need)
                for x in range(lo, hi):
                    acc = self.f_split_comb_u[x]
                    wx = self.f_split_comb_w[x]
                    gx = self.f_split_comb_g[x]
                    cand = gm & (need >> acc) & _SPLIT_VALID
                    while cand:
                        s = _lowest_bit(cand)
                        cand &= cand - 1
                        b = row2 - acc - s
                        e0 = self.f_split_off[b]
                        e1 = self.f_split_off[b + 1]
                        for st in range(self.f_split_off[row + s], self.f_split_off[row + s + 1]):
                            w = wx | self.f_split_w[st] << shift
                            g = gx | self.f_split_g[st]
                            for st2 in range(e0, e1):
                                self._f_comb_end(
                                    w | self.f_split_w[st2] << shift2,
                                    g | self.f_split_g[st2],
                                    tags,
                                    bon,
                                )
                break
            for x in range(lo, hi):
                acc = self.f_split_comb_u[x]
                wx = self.f_split_comb_w[x]
                gx = self.f_split_comb_g[x]
                # the group's numbers used that the groups after it can complete
                cand = gm & (need >> acc) & _SPLIT_VALID
                while cand:
                    s = _lowest_bit(cand)
                    cand &= cand - 1
                    for st in range(self.f_split_off[row + s], self.f_split_off[row + s + 1]):
                        w = wx | self.f_split_w[st] << shift
                        g = gx | self.f_split_g[st]
                        if not last:
                            if top == len(self.f_split_comb_w):
                                self._f_comb_grow()
                            self.f_split_comb_w[top] = w
                            self.f_split_comb_g[top] = g
                            self.f_split_comb_u[top] = acc + s
                            top += 1
                            continue
                        self._f_comb_end(w, g, tags, bon)
            lo = hi
            hi = top

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_comb_end(
        self, w: cython.ulonglong, g: cython.int, tags: cython.bint, bon: cython.int
    ) -> cython.void:
        """:meth:`_f_comb`'s end ``w`` (captures and flags ``g``; ``tags``: its lanes
        need a sort; ``bon``: the flags of a bonus), selected (see :meth:`_f_split`):
        without a bonus (§5.7, as :meth:`_f_earned`) emitted at once, as
        :meth:`_f_finish` would, without the look-up where no other end can equal
        it; else stored for :meth:`_f_finish`, which reads the lanes and the
        captures."""
        if tags:
            w = _sort4_mostly_sorted(w)
        if not g & bon:
            self._f_emit_split(w, g)
            return
        self._f_store(w, cython.cast(cython.ulonglong, g & 0xFFFF) << 47)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_emit_split(self, w: cython.ulonglong, g: cython.int) -> cython.void:
        """:meth:`_f_comb`'s end ``w`` (captures and flags ``g``, see there): by
        :meth:`_f_emit` (_SPLIT_ALL), else, without captures and with plain sorted
        lanes, by the key of ``f_split_khi``/``f_split_klo`` (see
        :meth:`_f_split_ends`) and :meth:`_f_keep` if it may repeat another
        (_SPLIT_AMB), else :meth:`_f_keep_new`."""
        hops: cython.schar = 0
        if g & _SPLIT_ALL:
            self._f_emit_all(w, g & 0xFFFF)
            return
        f: cython.ulonglong = _field4(w)
        hi: cython.ulonglong = self.f_split_khi
        lo: cython.ulonglong = self.f_split_klo
        if self.f_split_in_hi:
            hi |= f << self.f_split_ksh
        else:
            lo |= f << self.f_split_ksh
        if g & _SPLIT_AMB:
            self._f_keep(hi, lo, self.f_split_extra, hops)
        else:
            self._f_keep_new(hi, lo, self.f_split_extra)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_emit_all(self, w: cython.ulonglong, g: cython.int) -> cython.void:
        """:meth:`_f_emit_split` by :meth:`_f_emit` (not inline: rarer)."""
        hops: cython.schar = 0
        self._f_emit(w, 0, g, 0, self.f_split_extra, hops)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_comb_grow(self) -> None:
        """:meth:`_f_comb`: twice the room for the combinations of the groups before one."""
        n: cython.int = len(self.f_split_comb_w)
        w: cython.ulonglong[::1] = _words(2 * n)
        g: cython.int[::1] = _ints(2 * n)
        u: cython.int[::1] = _ints(2 * n)
        i: cython.int
        for i in range(n):
            w[i] = self.f_split_comb_w[i]
            g[i] = self.f_split_comb_g[i]
            u[i] = self.f_split_comb_u[i]
        self.f_split_comb_w = w
        self.f_split_comb_g = g
        self.f_split_comb_u = u

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_third(self, spec: _Spec) -> cython.void:
        """§5.8: the third doublet sends the mover's most advanced pawn off the board home."""
        ncol: cython.int = self._f_ncol(spec)
        best: cython.int = 0
        i: cython.int
        p: cython.int
        for i in range(4 * ncol):
            p = self.f_start_lanes[i] & _PMASK
            if p < 72 and p > best:
                best = p
        o: cython.int
        if best == 0:
            o = self._f_emit(self.f_start_a, self.f_start_b, 0, 0, 0, spec)
            if self._f_recording(spec):
                self.f_out_len[o] = 0
            return
        cs: cython.int
        k: cython.int
        w: cython.ulonglong
        for cs in range(ncol):
            w = self.f_start_a if cs == 0 else self.f_start_b
            for k in range(4):
                if _lane(w, k) & _PMASK == best:
                    w = _sort4(_set_lane(w, k, 0))
                    if cs == 0:
                        o = self._f_emit(w, self.f_start_b, 0, 0, 0, spec)
                    else:
                        o = self._f_emit(self.f_start_a, w, 0, 0, 0, spec)
                    if self._f_recording(spec):  # one step: the pawn back to its nest
                        self.f_out_len[o] = 1
                        self.f_out_path[o * _PATH_MAX] = _f_key(
                            K_PENALTY, self.cfg[C_COL + cs], best, 0, 0, False
                        )
                    break

    # -- one number set -------------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_set(
        self, nums: cython.ulonglong, nn: cython.int, option_key: cython.longlong, spec: _Spec
    ) -> cython.void:
        """Explore one number set (sorted number codes in ``nums``); emit its outcomes.

        ``option_key``: the rank of the option step that chose this set (Eight-Man's
        sets A, B and C: :func:`_f_key`), or -1; it is the first step of the paths
        recorded.
        """
        pagade: cython.bint = self.cfg[C_PAGADE] != 0
        self._f_reset()
        w2: cython.ulonglong = _dice_word(nums, nn, 1 if pagade and self.pos[P_CUT] else 0, 0)
        self.f_stack_top = 0
        self.f_n_edges = 0
        self._f_push(self.f_start_a, self.f_start_b, w2)
        i: cython.int
        while self.f_stack_top > 0:
            self.f_stack_top -= 1
            i = self.f_stack[self.f_stack_top]
            # (i: the state expanded, whose edges are recorded; 0 the root)
            if pagade:
                self._f_pagade_edges(
                    self.f_states[3 * i],
                    self.f_states[3 * i + 1],
                    self.f_states[3 * i + 2],
                    i,
                    spec,
                )
            else:
                self._f_pf_edges(
                    self.f_states[3 * i],
                    self.f_states[3 * i + 1],
                    self.f_states[3 * i + 2],
                    i,
                    spec,
                )
        if pagade:
            self._f_select_pagade(nn, spec)
        else:
            self._f_select_pf(nn, spec)
        if self._f_recording(spec):
            if self._f_recording_steps(spec):
                self._t_set(option_key)
            else:
                self._f_paths(option_key)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pair_set(self, nums: cython.ulonglong) -> cython.void:
        """:meth:`_f_set` for two different numbers, one colour per mover, "hops", no recording.

        The same states (the root, each move of one number, each move of the
        other after it), made in two levels instead of by the explorer's
        stack, so that the second moves mostly reuse the root's answers.
        ``nums``: the two number codes, the smaller in the low byte.

        A second move of a pawn other than the first mover, from ``p2`` to
        ``t2``, is legal and captures after the first move (from ``p`` to
        ``t``) exactly as at the root, unless ``p`` or ``t`` lies in
        ``p2 + 1 .. t2``: with one colour a progress number is one square, the
        first move changes the blocked masks and the others' occupied squares
        (:meth:`_f_blocked1`) only at ``p`` and ``t``, and its capture only at
        ``t``. Then (the pawns meet: a blockade made or left, a capture on
        the way, a landing on the first mover) the move is looked at after
        the first move's own masks. The first mover going on from ``t`` needs
        the masks above ``t`` only, which are the root's. The second moves
        keep the explorer's partial order reduction (:meth:`_f_pf_edges`). The
        selection and the bonus part are the explorer's (:meth:`_f_select_pf`),
        except that they need no pass over the states in the common cases.
        §5.5's test never fails here: the two pawns of a starting blockade
        that both move go by different numbers, so they cannot stand together
        again. Where no pawn can enter, every state that uses both numbers is
        selected if there is one, so those without a bonus (§5.7: a capture,
        a pawn HOME) are emitted as they are made, and those with one are the
        selected. Where a pawn may enter (§5.3; §5.6 puts entering first), the
        states that use both numbers are sorted as they are made by whether
        they entered a pawn, so that only the rarer choices need the pass.

        Most throws do not reach the loops below: where no pawn can enter,
        :meth:`_f_pair_direct` looks at the same moves from the root's lanes, and
        where one may, :meth:`_f_pair_enter` makes the states that entered one if
        there are any. The loops make the rest (and, with
        :meth:`_f_pair_by_root` off, every throw: the tests compare the two).
        """
        hops: cython.schar = 0
        na: cython.int = cython.cast(cython.int, nums & 7)
        nb: cython.int = cython.cast(cython.int, (nums >> 8) & 7)
        # no pawn can enter: every state that uses both numbers is selected if there
        # is one, so those without a bonus are ends at once, and those with one are
        # the selected (n_two: the states using both)
        direct: cython.bint = self.f_nest_before == 0 or (na != 5 and nb != 5 and na + nb != 5)
        if self._f_pair_by_root():
            if direct:
                self._f_pair_direct(nums)
                return
            if self._f_pair_enter(nums):
                return
        self._f_reset()
        self.f_stack_top = 0
        pa0: cython.ulonglong = self.f_start_a
        nsel: cython.int = 0
        enter1: cython.bint = False
        i: cython.int
        # the root and the states after one move are stored for the selection pass
        # only where a pawn may enter; where none can and no state uses both numbers,
        # the explorer runs instead, if any move can be made at all (n_one)
        n_one: cython.int = 0
        if not direct:
            self._f_store(pa0, _dice_word(nums, 2, 0, 0))
        cb: cython.bint = self.cfg[C_CAPTURE_BONUS] != 0
        # the outcome key without captures, the mover's field left out (_f_pawn_key)
        c0: cython.int = self.cfg[C_COL]
        fsh: cython.int = 0 if c0 & 1 else 32
        khi: cython.ulonglong = self.f_others_key_hi
        klo: cython.ulonglong = self.f_others_key_lo
        if c0 < 2:
            khi &= ~(_LO32 << fsh)
        else:
            klo &= ~(_LO32 << fsh)
        hb: cython.bint = self.cfg[C_HOME_BONUS] != 0
        n_two: cython.int = 0
        self._f_blocked1(pa0, 0)
        bl: cython.ulonglong = self.f_blocked_lo0
        bh: cython.ulonglong = self.f_blocked_hi0
        ol: cython.ulonglong = self.f_occupied_now_lo
        oh: cython.ulonglong = self.f_occupied_now_hi
        ml: cython.ulonglong = 0
        mh: cython.ulonglong = 0
        nl: cython.ulonglong = 0
        nh: cython.ulonglong = 0
        k: cython.int
        k2: cython.int
        r: cython.int
        jn: cython.int
        n: cython.int
        n2: cython.int
        lane: cython.int
        lane2: cython.int
        prev: cython.int
        prev2: cython.int
        p: cython.int
        p2: cython.int
        t: cython.int
        t2: cython.int
        sq: cython.int
        sq2: cython.int
        new: cython.int
        g1: cython.int
        g2: cython.int
        have_mid: cython.bint
        pa1: cython.ulonglong
        pa2: cython.ulonglong
        left: cython.ulonglong
        new2: cython.int
        f: cython.ulonglong
        # the root's lanes are progress numbers only (no blockade tags): so are every
        # state's, since a move keeps a lane's tag (see _raised_canon)
        plain: cython.bint = (pa0 & ~_P4) == 0
        # the root's moves: f_scratch[24 + 2 * k + jn] is _f_land's answer for lane k
        # and number jn (-3: no such move)
        prev = -1
        for k in range(4):
            lane = cython.cast(cython.int, (pa0 >> (16 * k)) & 0xFFFF)
            if lane == prev:
                self.f_scratch[24 + 2 * k] = self.f_scratch[22 + 2 * k]
                self.f_scratch[25 + 2 * k] = self.f_scratch[23 + 2 * k]
                continue
            prev = lane
            p = lane & _PMASK
            for jn in range(2):
                n = cython.cast(cython.int, (nums >> (8 * jn)) & 7)
                sq = -3
                if p == 0:
                    if n == 5:
                        sq = self._f_land(0, 0, 1, False, 0, 1)
                elif p < 72 and p + n <= 72:
                    sq = self._f_land(0, p, p + n, True, 0, 1)
                self.f_scratch[24 + 2 * k + jn] = sq
        prev = -1
        for k in range(4):
            lane = cython.cast(cython.int, (pa0 >> (16 * k)) & 0xFFFF)
            if lane == prev:
                continue
            prev = lane
            p = lane & _PMASK
            if p == 0 and (nums & 7) + ((nums >> 8) & 7) == 5:
                # entering with both numbers (§5.3)
                sq = self._f_land(0, 0, 1, False, 0, 1)
                if sq != -2:
                    # (a pawn may enter: selected, as below)
                    n_two += 1
                    g1 = 1 << self.f_occupied_index[sq] if sq >= 0 else 0
                    pa2 = _raised(pa0, k, lane | 1)
                    if cb and g1:
                        i = self._f_store(pa2, _dice_word(0, 0, 0, g1))
                        self.f_selected[nsel] = i
                        nsel += 1
                    else:
                        self._f_emit(pa2, 0, g1, 0, 0, hops)
            for jn in range(2):
                sq = self.f_scratch[24 + 2 * k + jn]
                if sq < -1:
                    continue
                t = 1 if p == 0 else p + cython.cast(cython.int, (nums >> (8 * jn)) & 7)
                new = (lane & ~_PMASK) | t
                pa1 = _raised(pa0, k, new)
                if p == 0:
                    enter1 = True
                g1 = 1 << self.f_occupied_index[sq] if sq >= 0 else 0
                left = (nums >> 8) if jn == 0 else (nums & 255)
                n2 = cython.cast(cython.int, left & 7)
                n_one += 1
                if not direct:
                    self._f_store(pa1, _dice_word(left, 1, 0, g1))
                # its successors
                have_mid = False
                prev2 = -1
                for k2 in range(4):
                    lane2 = cython.cast(cython.int, (pa1 >> (16 * k2)) & 0xFFFF)
                    if lane2 == prev2:
                        continue
                    prev2 = lane2
                    p2 = lane2 & _PMASK
                    if p2 == 0:
                        if n2 != 5:
                            continue
                        t2 = 1
                    elif p2 >= 72:
                        continue
                    else:
                        t2 = p2 + n2
                        # (t2 < p: made from another state, see _f_pf_edges)
                        if t2 > 72 or t2 < p:
                            continue
                    if lane2 == new:
                        # the first mover goes on: the root's masks above t. After the
                        # larger number (jn 1) without a capture, it makes the state
                        # it makes after the smaller one without a capture (made
                        # before), and exactly where that is legal: the larger
                        # number's move found p + 1 .. p + nb open, so both ways
                        # differ only in squares open to both
                        if jn == 1 and g1 == 0 and p != 0 and self.f_scratch[24 + 2 * k] == -1:
                            continue
                        sq2 = self._f_land(0, t, t2, True, g1, 1)
                    elif (p2 < p and p <= t2) or (p2 < t and t <= t2):
                        # the pawns meet: the masks after the first move
                        if not have_mid:
                            self._f_blocked1(pa1, g1)
                            ml = self.f_blocked_lo0
                            mh = self.f_blocked_hi0
                            nl = self.f_occupied_now_lo
                            nh = self.f_occupied_now_hi
                            have_mid = True
                        else:
                            self.f_blocked_lo0 = ml
                            self.f_blocked_hi0 = mh
                            self.f_occupied_now_lo = nl
                            self.f_occupied_now_hi = nh
                        sq2 = self._f_land(0, p2, t2, p2 != 0, g1, 1)
                        self.f_blocked_lo0 = bl
                        self.f_blocked_hi0 = bh
                        self.f_occupied_now_lo = ol
                        self.f_occupied_now_hi = oh
                    else:
                        # root lane r is pa1's lane k2: pa1 is the root without lane
                        # k, with new put in above the lanes below it
                        r = k2 + (k2 >= k and lane2 < new)
                        sq2 = self.f_scratch[25 + 2 * r - jn]
                    if sq2 < -1:
                        continue
                    g2 = g1 | (1 << self.f_occupied_index[sq2] if sq2 >= 0 else 0)
                    new2 = (lane2 & ~_PMASK) | t2
                    if direct or p == 0 or p2 == 0:
                        # selected (every state using both numbers where no pawn can
                        # enter, else those that entered one): not stored unless with
                        # a bonus (the fallback's pass does not need them: there are
                        # none); one made twice is emitted twice, and kept once
                        n_two += 1
                        if not ((cb and g2) or (hb and (t == 72 or t2 == 72))):
                            if g2:
                                self._f_emit(_raised(pa1, k2, new2), 0, g2, 0, 0, hops)
                                continue
                            # the mover's key field: without tags, made from the lanes
                            # at once (_raised_canon)
                            if plain:
                                f = _raised_canon(pa1, k2, new2)
                            else:
                                f = _canon_sorted(_raised(pa1, k2, new2))
                            if c0 < 2:
                                self._f_keep(khi | f << fsh, klo, 0, hops)
                            else:
                                self._f_keep(khi, klo | f << fsh, 0, hops)
                            continue
                        i = self._f_store(_raised(pa1, k2, new2), _dice_word(0, 0, 0, g2))
                    else:
                        # a pawn may enter, none did: stored and stacked for the
                        # selection below, unless one that entered a pawn was made
                        if n_two:
                            continue
                        i = self._f_add(_raised(pa1, k2, new2), 0, _dice_word(0, 0, 0, g2))
                        if i >= 0:
                            self.f_stack[self.f_stack_top] = i
                            self.f_stack_top += 1
                        continue
                    self.f_selected[nsel] = i
                    nsel += 1
        n = self.f_stack_top  # (the states that entered no pawn, stacked)
        self.f_stack_top = 0
        if n_two:
            if nsel:
                self._f_finish(nsel, False, hops)  # (no extra throw: not a doublet)
            return
        if direct:
            if n_one:
                self._f_set(nums, 2, -1, hops)
            return
        # a pawn may enter, but no state using both numbers entered one: those that
        # entered none (on the stack) are the selected, unless a move of one number
        # entered one
        if enter1 or n == 0:
            self._f_select_pf(2, hops)
            return
        for i in range(n):
            self.f_selected[i] = self.f_stack[i]
        self._f_finish(n, False, hops)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pair_enter(self, nums: cython.ulonglong) -> cython.bint:
        """:meth:`_f_pair_set` where a pawn may enter, when a state that uses both
        numbers entered one: those states only, from the root's lanes. Whether there
        was one (else nothing is written, and :meth:`_f_pair_set` explores the throw).

        §5.6 puts entering first, so where such a state exists the selected are
        exactly they, and :meth:`_f_pair_set` makes no others its ends. They are the
        moves it looks at whose first or second move enters: both numbers entering
        (their total 5); a 5 entering, then the other number moving the entered pawn
        on, or a pawn on the board (with the same answers as there: the root's, or
        the entered pawn's going on); and a pawn on the board moving by the other
        number, then a 5 entering. Those last make nothing new where a pawn can enter
        at the root (else this returns at once): a pawn moving from elsewhere than
        the entry square makes the same state with the same captures as entering
        first (both answers the root's), and one moving from it the state of the
        entered pawn going on (the entry square was not closed, so the pawn there
        was alone and left no blockade), with the same answer (the root's masks
        above the entry square). So the same outcomes, in another order.

        After a 5 entered, the ends without a capture or bonus are written without
        the outcome table's look-up (:meth:`_f_keep_new`) where there is no
        blockade tag (§5.5; a lane is then its progress number): each is the root
        with a pawn entered on 1 and one of the root's distinct squares ``p`` (not
        1) left for ``p + n`` (``n`` the other number), or with the entered pawn
        gone on to ``1 + n``. Two with ``p`` and ``q`` are equal only if {p + n,
        q} = {q + n, p}, that is never; one with ``p`` equals the one gone on only
        if {1, p + n} = {1 + n, p}, that is ``p = 1``, which is left out. The bonus
        part's ends have a capture or a new pawn at HOME (as in
        :meth:`_f_pair_direct`).
        """
        hops: cython.schar = 0
        self._f_reset()
        self.f_stack_top = 0
        pa0: cython.ulonglong = self.f_start_a
        nsel: cython.int = 0
        n_two: cython.int = 0
        i: cython.int
        na: cython.int = cython.cast(cython.int, nums & 7)
        nb: cython.int = cython.cast(cython.int, (nums >> 8) & 7)
        # the number that is not the 5 (if a 5 was thrown)
        no: cython.int = na if nb == 5 else nb
        cb: cython.bint = self.cfg[C_CAPTURE_BONUS] != 0
        hb: cython.bint = self.cfg[C_HOME_BONUS] != 0
        byb: cython.bint = self._f_pair_bonus_ok()  # (see _f_pair_direct)
        c0: cython.int = self.cfg[C_COL]
        fsh: cython.int = 0 if c0 & 1 else 32
        khi: cython.ulonglong = self.f_others_key_hi
        klo: cython.ulonglong = self.f_others_key_lo
        if c0 < 2:
            khi &= ~(_LO32 << fsh)
        else:
            klo &= ~(_LO32 << fsh)
        hi: cython.ulonglong
        lo: cython.ulonglong
        # (without blockade tags a lane is its progress number: see below)
        plain: cython.bint = self.n_tags == 0
        # the root's distinct lanes on the board (0 < p < 72), as in _f_pair_direct;
        # da[m]: the answer for the number that is not the 5 (dup: not read here)
        dl: cython.int[4] = [0, 0, 0, 0]
        di: cython.int[4] = [0, 0, 0, 0]
        dup: cython.int[4] = [0, 0, 0, 0]
        da: cython.int[4] = [0, 0, 0, 0]
        nd: cython.int
        m: cython.int
        lane2: cython.int
        p: cython.int
        t2: cython.int
        sq2: cython.int
        sqe: cython.int
        g1: cython.int
        g2: cython.int
        kb: cython.int
        wb: cython.ulonglong
        w: cython.ulonglong
        f: cython.ulonglong
        slo: cython.ulonglong
        shi: cython.ulonglong
        dlo: cython.ulonglong
        dhi: cython.ulonglong
        nd, slo, shi, dlo, dhi = _root_lanes(pa0, dl, di, dup)
        ol: cython.ulonglong = self.f_others_lo
        oh: cython.ulonglong = self.f_others_hi
        bl: cython.ulonglong = self.f_blockades_lo[0] | dlo | (slo & ol)
        bh: cython.ulonglong = self.f_blockades_hi[0] | dhi | (shi & oh)
        # (the nest's pawns are the root's lowest lanes: lane 0 is one, with no tag)
        sqe = self._f_enter1(0, bl, bh, ol, oh)
        if sqe == -2:
            return False  # (no pawn can enter: none did)
        g1 = 1 << self.f_occupied_index[sqe] if sqe >= 0 else 0
        if na + nb == 5:
            # entering with both numbers (§5.3), as _f_pair_set
            n_two += 1
            w = _raised(pa0, 0, 1)
            if cb and g1:
                if byb:
                    self._f_pair_root(w, g1, 0, False)
                else:
                    i = self._f_store(w, _dice_word(0, 0, 0, g1))
                    self.f_selected[nsel] = i
                    nsel += 1
            else:
                self._f_emit(w, 0, g1, 0, 0, hops)
        elif na == 5 or nb == 5:
            for m in range(nd):
                p = dl[m] & _PMASK
                da[m] = self._f_land1(p, p + no, 0, bl, bh, ol, oh) if p + no <= 72 else -3
            # a 5 enters (t 1, new 1), then the other number: m -1 the entered pawn
            # going on (the root's masks above 1), then the pawns on the board (the
            # root's answers: their moves lie above 1); a pawn already on 1 (no tag)
            # is the entered pawn's going on
            pa1: cython.ulonglong = _raised(pa0, 0, 1)
            # at most nd + 1 ends, each one outcome at most: kept without a check of
            # the room each (_f_keep_in)
            self._f_outcome_room(nd + 1)
            for m in range(-1, nd):
                if m < 0:
                    t2 = 1 + no
                    sq2 = self._f_land1(1, t2, g1, bl, bh, ol, oh)
                    wb = pa0
                    kb = 0
                    lane2 = 0
                else:
                    lane2 = dl[m]
                    if lane2 == 1:
                        continue
                    t2 = (lane2 & _PMASK) + no
                    if t2 > 72:
                        continue
                    sq2 = da[m]
                    wb = pa1
                    kb = di[m] - 1 + (lane2 > 1)  # (lane2's place in pa1)
                if sq2 < -1:
                    continue
                g2 = g1 | (1 << self.f_occupied_index[sq2] if sq2 >= 0 else 0)
                n_two += 1
                w = _raised(wb, kb, (lane2 & ~_PMASK) | t2)
                if (cb and g2) or (hb and t2 == 72):
                    if byb:
                        self._f_pair_root(w, g2, hb and t2 == 72, False)
                    else:
                        i = self._f_store(w, _dice_word(0, 0, 0, g2))
                        self.f_selected[nsel] = i
                        nsel += 1
                elif g2:
                    self._f_emit(w, 0, g2, 0, 0, hops)
                else:
                    f = _canon_sorted(w)
                    if c0 < 2:
                        hi = khi | f << fsh
                        lo = klo
                    else:
                        hi = khi
                        lo = klo | f << fsh
                    if plain:
                        # no other end equals it (see above): without the look-up
                        self._f_keep_new_in(hi, lo, 0)
                    else:
                        self._f_keep_in(hi, lo, 0, hops)
        if n_two == 0:
            return False
        if self.f_stack_top:
            self._f_pair_bonus()
        elif nsel:
            self._f_finish(nsel, False, hops)  # (no extra throw: not a doublet)
        return True

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_enter1(
        self,
        gone: cython.int,
        blo: cython.ulonglong,
        bhi: cython.ulonglong,
        olo: cython.ulonglong,
        ohi: cython.ulonglong,
    ) -> cython.int:
        """:meth:`_f_land` of a pawn of a one-colour mover entering (0 -> 1, not along
        a path), with the masks passed in as :meth:`_f_land1`'s."""
        if blo >> 1 & 1:
            return -2
        if not olo >> 1 & 1:
            return -1
        s: cython.int = self.cfg[self.f_route_a + 1]
        if s == _OFF:
            return -1
        if self._f_noth(s, gone) and not self.f_others_friendly[s]:
            return s
        return -1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_land1(
        self,
        p: cython.int,
        t: cython.int,
        gone: cython.int,
        blo: cython.ulonglong,
        bhi: cython.ulonglong,
        olo: cython.ulonglong,
        ohi: cython.ulonglong,
    ) -> cython.int:
        """:meth:`_f_land` of colour slot 0 of a one-colour mover, along the path, from
        ``p`` > 0 to ``t`` <= 72 (``t - p`` < 63), with the blocked masks ``blo``/``bhi``
        and the others' occupied squares ``olo``/``ohi`` (:meth:`_f_blocked1`'s) passed
        in: -2 illegal, -1, or the capture."""
        if _short_hit(blo, bhi, p + 1, t):
            return -2
        # not closed, so at most one other colour's pawn is there: is one?
        if not _bit128(olo, ohi, t):
            return -1
        s: cython.int = self.cfg[self.f_route_a + t]
        if s == _OFF:
            return -1
        if self._f_noth(s, gone) and not self.f_others_friendly[s]:
            if self.cfg[C_SAFETY + s]:
                return -2
            return s
        return -1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_masks_after(
        self,
        p: cython.int,
        t: cython.int,
        two: cython.bint,
        sq: cython.int,
        slo: cython.ulonglong,
        shi: cython.ulonglong,
        dlo: cython.ulonglong,
        dhi: cython.ulonglong,
        olo: cython.ulonglong,
        ohi: cython.ulonglong,
    ) -> tuple[cython.ulonglong, cython.ulonglong, cython.ulonglong, cython.ulonglong]:
        """:meth:`_f_blocked1`'s masks (blocked, then the others' occupied squares) after
        a pawn of a one-colour mover moved ``p`` -> ``t`` (0 < ``p`` < ``t`` <= 72) from
        the state whose progress numbers 1..71 held by its pawns are ``slo``/``shi``,
        held twice ``dlo``/``dhi``, with the others on ``olo``/``ohi``. ``two``: a
        second pawn stood on ``p``; ``sq`` >= 0: the move captured there.

        Only ``p`` and ``t`` change: ``p`` is held once fewer, ``t`` (not HOME) once
        more (it was not held twice: the move would be blocked), and a captured pawn's
        square is no longer the others'."""
        one: cython.ulonglong = 1
        q: cython.int
        if t < 72:
            if t >= 64:
                dhi |= shi & (one << (t - 64))
                shi |= one << (t - 64)
            else:
                dlo |= slo & (one << t)
                slo |= one << t
        if p >= 64:
            if two:
                dhi &= ~(one << (p - 64))
            else:
                shi &= ~(one << (p - 64))
        elif two:
            dlo &= ~(one << p)
        else:
            slo &= ~(one << p)
        if sq >= 0:
            q = self.cfg[C_RINDEX + 100 * self.cfg[C_COL] + sq]
            if q >= 64:
                ohi &= ~(one << (q - 64))
            elif q >= 0:
                olo &= ~(one << q)
        return (
            self.f_blockades_lo[0] | dlo | (slo & olo),
            self.f_blockades_hi[0] | dhi | (shi & ohi),
            olo,
            ohi,
        )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pair_by_root(self) -> cython.bint:
        """Whether :meth:`_f_pair_set` leaves the throws where no pawn can enter to
        :meth:`_f_pair_direct` (always; a test's subclass of the uncompiled kernel says
        no, to compare the two on the same throws)."""
        return True

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pair_direct(self, nums: cython.ulonglong) -> cython.void:
        """:meth:`_f_pair_set` where no pawn can enter: the same moves looked at, from the
        root's lanes.

        The same first moves and second moves as :meth:`_f_pair_set`'s loops, with
        the same answers (the root's, the first mover's going on, or the masks after
        the first move where the pawns meet), so the same outcomes; only their order
        differs. The second movers are the root's distinct lanes that can move (no
        pawn is in the nest that could enter, none at HOME moves), read from small
        arrays made once, and a second move's state is the root's lanes with the
        two movers' lanes set (the first mover's at the last of its lane's places,
        so that a second pawn on its square, at the first, is another; the same lane
        where it goes on), then sorted (:func:`_sort4`; :func:`_canon4` for the key),
        made only where the second move is legal. The first mover going on is looked
        at first, then a second pawn on its square, then the others.

        An end without a capture or bonus whose first mover ends below the second
        mover's start (``t < p2``) is written without the outcome table's look-up
        (:meth:`_f_keep_new`): the two moves are made in this order only (the
        other order is the partial order reduction's, ``t < p2``), and no other pair
        of moves gives these pawns. Its pawns lack one at ``p`` and one at ``p2``
        and gain ``t`` and ``t2``, all different (``p < t < p2 < t2``), so any move
        pair that makes them moves a pawn from ``p`` and one from ``p2``; forward,
        the one from ``p2`` cannot reach ``t``, so they go ``p -> t`` and ``p2 ->
        t2``, each by its own number. So is an end without a capture or bonus where
        the first mover goes on (``p -> P``, ``P = p + na + nb``) if no other pawn
        stands on ``p`` and none on ``p + na`` or ``p + nb``: its pawns lack one at
        ``p`` and gain ``P``, so another pawn moved alone would have to start on ``p``,
        and two pawns moved, from ``q1`` and ``q2`` by ``x`` and ``y``, would need
        ``{q1, q2, P} = {p, q1 + x, q2 + y}``: one of them starts on ``p`` (neither
        ends there), the other on ``p + x``. The same pawn's other order is left out
        or captured (the twin test in the loop). Outcomes with captures differ from
        these in the other colours' fields, and the bonus part's ends, without
        captures, have a new pawn at HOME or a greater progress sum, so no later
        look-up can miss them. For the same reason a state with a bonus whose moves
        are apart (``t < p2``) is the only one with its pawns and captures: it is
        stacked for the bonus part without the state table's look-up
        (:meth:`_f_pair_root`, :meth:`_f_append`); no later state can equal it (the
        bonus part's states have a greater progress sum).

        Every end is one outcome at most, so the room for them all is made once
        (:meth:`_f_outcome_room`) and each is kept without the check
        (:meth:`_f_keep_in`, :meth:`_f_keep_new_in`).
        """
        hops: cython.schar = 0
        self._f_reset()
        self.f_stack_top = 0
        pa0: cython.ulonglong = self.f_start_a
        nsel: cython.int = 0
        n_one: cython.int = 0
        n_two: cython.int = 0
        i: cython.int
        na: cython.int = cython.cast(cython.int, nums & 7)
        nb: cython.int = cython.cast(cython.int, (nums >> 8) & 7)
        cb: cython.bint = self.cfg[C_CAPTURE_BONUS] != 0
        hb: cython.bint = self.cfg[C_HOME_BONUS] != 0
        # the bonus part by _f_pair_root and _f_pair_bonus (else _f_finish's)
        byb: cython.bint = self._f_pair_bonus_ok()
        # a state with a bonus: captures (g2 & gm) with a capture bonus, a pawn at
        # HOME (72, h72) with a home bonus
        gm: cython.int = -1 if cb else 0
        h72: cython.int = 72 if hb else -1
        home1: cython.bint
        # the outcome key without captures, the mover's field left out (_f_pawn_key)
        c0: cython.int = self.cfg[C_COL]
        fsh: cython.int = 0 if c0 & 1 else 32
        khi: cython.ulonglong = self.f_others_key_hi
        klo: cython.ulonglong = self.f_others_key_lo
        if c0 < 2:
            khi &= ~(_LO32 << fsh)
        else:
            klo &= ~(_LO32 << fsh)
        ml: cython.ulonglong = 0
        mh: cython.ulonglong = 0
        nl: cython.ulonglong = 0
        nh: cython.ulonglong = 0
        # the root's distinct lanes that can move (0 < p < 72): the lane, its first
        # index in the root, whether a second pawn stands on it, and the root's answers
        # (_f_land's) for each number (-3: no such move)
        dl: cython.int[4] = [0, 0, 0, 0]
        di: cython.int[4] = [0, 0, 0, 0]
        da: cython.int[8] = [0, 0, 0, 0, 0, 0, 0, 0]
        dup: cython.int[4] = [0, 0, 0, 0]
        nd: cython.int
        k: cython.int
        m: cython.int
        m2: cython.int
        jn: cython.int
        k2: cython.int
        n1: cython.int
        n2: cython.int
        lane: cython.int
        lane2: cython.int
        p: cython.int
        p2: cython.int
        t: cython.int
        t2: cython.int
        sq: cython.int
        sq2: cython.int
        new: cython.int
        g1: cython.int
        g2: cython.int
        have_mid: cython.bint
        ind: cython.bint
        w: cython.ulonglong
        f: cython.ulonglong
        hi: cython.ulonglong
        lo: cython.ulonglong
        # _f_blocked1's masks of the root, from the same lanes: the progress numbers
        # 1..71 the mover's pawns hold (s), and hold twice (d)
        slo: cython.ulonglong
        shi: cython.ulonglong
        dlo: cython.ulonglong
        dhi: cython.ulonglong
        nd, slo, shi, dlo, dhi = _root_lanes(pa0, dl, di, dup)
        # at most nd + 1 ends for each of the 2 * nd first moves, each one outcome at
        # most: the loop's ends are kept without a check of the room each (_f_keep_in)
        self._f_outcome_room(2 * nd * (nd + 1))
        ol: cython.ulonglong = self.f_others_lo
        oh: cython.ulonglong = self.f_others_hi
        bl: cython.ulonglong = self.f_blockades_lo[0] | dlo | (slo & ol)
        bh: cython.ulonglong = self.f_blockades_hi[0] | dhi | (shi & oh)
        for m in range(nd):
            p = dl[m] & _PMASK
            da[2 * m] = self._f_land1(p, p + na, 0, bl, bh, ol, oh) if p + na <= 72 else -3
            da[2 * m + 1] = self._f_land1(p, p + nb, 0, bl, bh, ol, oh) if p + nb <= 72 else -3
        for m in range(nd):
            lane = dl[m]
            # the first mover's place in the root: the last of its lane's pawns (so that
            # a second pawn on p, at its lane's first place, is another)
            k = di[m] + dup[m]
            p = lane & _PMASK
            for jn in range(2):
                sq = da[2 * m + jn]
                if sq < -1:
                    continue
                n_one += 1
                n1 = nb if jn else na
                n2 = na if jn else nb
                t = p + n1
                new = (lane & ~_PMASK) | t
                g1 = 1 << self.f_occupied_index[sq] if sq >= 0 else 0
                # the home bonus of the first move, if any
                home1 = t == h72
                have_mid = False
                # m2 -1: the first mover goes on; then the second movers (a second pawn
                # on p, the others), as _f_pair_set's loop takes them
                for m2 in range(-1, nd):
                    if m2 < 0:
                        # the root's masks above t; the twin after the larger number
                        # without a capture left out (see _f_pair_set)
                        t2 = t + n2
                        if t2 > 72 or (jn == 1 and g1 == 0 and da[2 * m] == -1):
                            continue
                        sq2 = self._f_land1(t, t2, g1, bl, bh, ol, oh)
                        lane2 = lane
                        k2 = k
                        ind = False
                    else:
                        lane2 = dl[m2]
                        if m2 == m:
                            if not dup[m]:
                                continue
                        elif lane2 == new:
                            continue  # (the first mover going on)
                        p2 = lane2 & _PMASK
                        t2 = p2 + n2
                        # (t2 < p: made from another state, see _f_pf_edges)
                        if t2 > 72 or t2 < p:
                            continue
                        if (p2 < p and p <= t2) or (p2 < t and t <= t2):
                            # the pawns meet: the masks after the first move
                            if not have_mid:
                                ml, mh, nl, nh = self._f_masks_after(
                                    p, t, dup[m], sq, slo, shi, dlo, dhi, ol, oh
                                )
                                have_mid = True
                            sq2 = self._f_land1(p2, t2, g1, ml, mh, nl, nh)
                            ind = False
                        else:
                            sq2 = da[2 * m2 + 1 - jn]
                            ind = t < p2
                        k2 = di[m2]  # (lane2's first place in the root)
                    if sq2 < -1:
                        continue
                    g2 = g1 | (1 << self.f_occupied_index[sq2] if sq2 >= 0 else 0)
                    # the state's lanes, unsorted: the root's with the first mover's lane
                    # set to new (moved on by n1), then the second mover's (the same lane
                    # where it goes on) moved on by n2, to t2
                    w = _moved(_moved(pa0, k, n1), k2, n2)
                    # every state that uses both numbers is selected (no pawn can
                    # enter): an end at once unless with a bonus (§5.7)
                    n_two += 1
                    if (g2 & gm) or home1 or t2 == h72:
                        if byb:
                            self._f_pair_root(_sort4(w), g2, home1 + (t2 == h72), ind)
                        else:
                            i = self._f_store(_sort4(w), _dice_word(0, 0, 0, g2))
                            self.f_selected[nsel] = i
                            nsel += 1
                        continue
                    if g2:
                        self._f_emit(_sort4(w), 0, g2, 0, 0, hops)
                        continue
                    f = _canon4(w)
                    if c0 < 2:
                        hi = khi | f << fsh
                        lo = klo
                    else:
                        hi = khi
                        lo = klo | f << fsh
                    # (the first mover going on: tested only here, where it is kept;
                    # d: a second pawn on p, s: a pawn on p + na or p + nb)
                    if ind or (
                        m2 < 0
                        and not _bit128(dlo, dhi, p)
                        and not _bit128(slo, shi, t)
                        and not _bit128(slo, shi, p + n2)
                    ):
                        self._f_keep_new_in(hi, lo, 0)
                    else:
                        self._f_keep_in(hi, lo, 0, hops)
        if n_two:
            if self.f_stack_top:
                self._f_pair_bonus()
            elif nsel:
                self._f_finish(nsel, False, hops)  # (no extra throw: not a doublet)
            return
        if n_one:
            self._f_set(nums, 2, -1, hops)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pair_bonus_by_root(self) -> cython.bint:
        """Whether :meth:`_f_pair_direct` and :meth:`_f_pair_enter` run their bonus part
        themselves (:meth:`_f_pair_root`, :meth:`_f_pair_bonus`; always, where
        :meth:`_f_pair_bonus_ok` allows; a test's subclass of the uncompiled kernel says
        no, to compare it with :meth:`_f_finish`'s)."""
        return True

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pair_bonus_ok(self) -> cython.bint:
        """Whether the two-number paths' bonus part is their own (:meth:`_f_pair_bonus`):
        where :meth:`_f_pair_bonus_by_root` says so and both bonuses are below 63
        squares (:meth:`_f_land1`'s ranges)."""
        return (
            self._f_pair_bonus_by_root()
            and self.cfg[C_CAPTURE_BONUS] < 63
            and self.cfg[C_HOME_BONUS] < 63
        )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pair_root(
        self, w: cython.ulonglong, gone: cython.int, nhb: cython.int, new: cython.bint
    ) -> cython.void:
        """:meth:`_f_finish`'s bonus root of a selected state of the two-number paths
        (one colour, lanes ``w``, captures ``gone``), pushed at once: every state those
        paths make that uses both numbers is selected (no pawn can enter, or only the
        states that entered one are made), so :meth:`_f_finish` would push the roots in
        the order they were made, each once (:meth:`_f_push`), with the bonuses
        :meth:`_f_earned` counts; the stack holds nothing else until then. ``nhb``:
        its home bonuses, the caller's count of its moves that ended at HOME (none
        without a home bonus), which its test for a bonus has made. ``new``: no other
        state of the throw can equal it (the caller's proof), so it is stacked without
        the state table's look-up (:meth:`_f_append`)."""
        ncb: cython.int = _popcount(gone) if self.cfg[C_CAPTURE_BONUS] else 0
        w2: cython.ulonglong = (
            cython.cast(cython.ulonglong, ncb)
            | cython.cast(cython.ulonglong, nhb) << 4
            | cython.cast(cython.ulonglong, gone) << 47
            | _BONUS_PART
        )
        if new:
            self._f_append(w, 0, w2)
        else:
            self._f_push(w, 0, w2)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pair_bonus(self) -> cython.void:
        """:meth:`_f_finish`'s loop over the stacked bonus states, for the two-number
        paths (one colour, no extra throw, no recording): the same states expanded in
        the same order, by :meth:`_f_pair_bonus_edges`, the same ends.

        What depends on a state's captures only is made here, again only where they
        differ from the last state's: the others' occupied squares after them (as
        :meth:`_f_blocked1` makes them) and the others' key fields after them (as
        :meth:`_f_pawn_key` makes them: each captured pawn's progress number in its
        colour's sorted field becomes 0, :func:`_captured_field`), from the others'
        pawns on the throw's occupied squares, listed once (a captured square held
        one pawn: two would have closed it). Where the state's captures include the
        last state's (a child expanded after its parent, or a root with one capture
        more), only the captures it adds are applied to the last state's: each
        capture clears its own square's bit and replaces its own pawn's byte (no two
        captured pawns of one colour share a progress number), so the order in which
        they are applied does not matter.
        """
        hops: cython.schar = 0
        c0: cython.int = self.cfg[C_COL]
        one: cython.ulonglong = 1
        # the throw's constants, read once (each state's stores would have the compiler
        # load them again)
        cb: cython.int = self.cfg[C_CAPTURE_BONUS]
        hb: cython.int = self.cfg[C_HOME_BONUS]
        fsh: cython.int = 0 if c0 & 1 else 32
        up: cython.bint = c0 < 2
        b0l: cython.ulonglong = self.f_blockades_lo[0]
        b0h: cython.ulonglong = self.f_blockades_hi[0]
        # the colour and progress number of the pawn on each occupied square (set
        # before any is read: only a captured square's, listed below)
        occ_c = cython.declare(cython.int[16])
        occ_p = cython.declare(cython.int[16])
        have_occ: cython.bint = False
        last: cython.int = -1
        olo: cython.ulonglong = 0
        ohi: cython.ulonglong = 0
        khi: cython.ulonglong = 0
        klo: cython.ulonglong = 0
        f: cython.ulonglong
        # (places, colours, progress numbers and squares as 64-bit values: no sign
        # extension where they index)
        i: cython.Py_ssize_t
        c: cython.Py_ssize_t
        k: cython.Py_ssize_t
        p: cython.Py_ssize_t
        q: cython.int
        sq: cython.Py_ssize_t
        x: cython.int
        gone: cython.int
        pa: cython.ulonglong
        w2: cython.ulonglong
        while self.f_stack_top > 0:
            self.f_stack_top -= 1
            i = self.f_stack[self.f_stack_top]
            pa = self.f_states[3 * i]
            w2 = self.f_states[3 * i + 2]
            gone = _word_gone(w2)
            if gone != last:
                if (gone & last) == last:
                    # more captures than the last state's (a child after its parent):
                    # only the new ones change the fields
                    x = gone & ~last
                else:
                    x = gone
                    olo = self.f_others_lo
                    ohi = self.f_others_hi
                    khi = self.f_others_key_hi
                    klo = self.f_others_key_lo
                last = gone
                if x and not have_occ:
                    have_occ = True
                    for c in range(4):
                        if not self.cfg[C_IN_PLAY + c] or c == c0:
                            continue
                        for k in range(4):
                            p = self.pos[4 * c + k]
                            sq = self.cfg[C_ROUTE + 85 * c + p]
                            if 0 <= sq < 68:
                                occ_c[self.f_occupied_index[sq]] = c
                                occ_p[self.f_occupied_index[sq]] = p
                i = 0
                while x:
                    if x & 1:
                        q = self.cfg[C_RINDEX + 100 * self.cfg[C_COL] + self.f_occupied[i]]
                        if q >= 64:
                            ohi &= ~(one << (q - 64))
                        elif q >= 0:
                            olo &= ~(one << q)
                        khi, klo = _captured_field(khi, klo, occ_c[i], occ_p[i])
                    x >>= 1
                    i += 1
            if self._f_pair_bonus_edges(pa, w2, olo, ohi, khi, klo, cb, hb, fsh, up, b0l, b0h) == 0:
                f = _canon_sorted(pa)
                if up:
                    self._f_keep(khi | f << fsh, klo, 0, hops)
                else:
                    self._f_keep(khi, klo | f << fsh, 0, hops)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pair_bonus_edges(
        self,
        pa: cython.ulonglong,
        w2: cython.ulonglong,
        olo: cython.ulonglong,
        ohi: cython.ulonglong,
        khi: cython.ulonglong,
        klo: cython.ulonglong,
        cb: cython.int,
        hb: cython.int,
        fsh: cython.int,
        up: cython.bint,
        b0l: cython.ulonglong,
        b0h: cython.ulonglong,
    ) -> cython.int:
        """:meth:`_f_bonus_edges` of a one-colour bonus state without extra throw or
        recording: the same successors in the same order, emitted or pushed alike.

        ``olo``/``ohi``: the others' occupied squares after the state's captures,
        ``khi``/``klo``: the others' key fields after them, the mover's field empty
        (:meth:`_f_pair_bonus`). The blocked masks are :meth:`_f_blocked1`'s, made
        here and passed to :meth:`_f_land1` (which is :meth:`_f_land` for one colour
        along a path of under 63 squares). An end that captured nothing more (every
        end, with a capture bonus) has the state's captures, so its key is
        ``khi``/``klo`` with the mover's field put in; the others are emitted by
        :meth:`_f_emit`.
        """
        hops: cython.schar = 0
        ncb: cython.int = cython.cast(cython.int, w2 & 15)
        nhb: cython.int = cython.cast(cython.int, (w2 >> 4) & 15)
        if ncb == 0 and nhb == 0:
            return 0
        gone: cython.int = _word_gone(w2)
        k: cython.int
        p: cython.int
        slo: cython.ulonglong
        shi: cython.ulonglong
        tlo: cython.ulonglong
        thi: cython.ulonglong
        slo, shi, tlo, thi = _lane_masks(pa)
        bl: cython.ulonglong = b0l | tlo | (slo & olo)
        bh: cython.ulonglong = b0h | thi | (shi & ohi)
        plain: cython.bint = (pa & ~_P4) == 0
        n_edges: cython.int = 0
        which: cython.int
        v: cython.int
        lane: cython.int
        prev: cython.int
        t: cython.int
        sq: cython.int
        c2: cython.int
        h2: cython.int
        g2: cython.int
        f: cython.ulonglong
        for which in range(2):
            if which == 0:
                if ncb == 0:
                    continue
                v = cb
            else:
                if nhb == 0 or (ncb and hb == cb):
                    continue
                v = hb
            prev = -1
            for k in range(4):
                lane = cython.cast(cython.int, (pa >> (16 * k)) & 0xFFFF)
                if lane == prev:
                    continue
                prev = lane
                p = lane & _PMASK
                # (on the board, and not past HOME: 0 < p, p + v <= 72)
                if not 1 <= p <= 72 - v:
                    continue
                t = p + v
                sq = self._f_land1(p, t, gone, bl, bh, olo, ohi)
                if sq == -2:
                    continue
                # (as in :meth:`_f_bonus_edges`: a pawn of no starting blockade moved, so
                # its state's blockades are its parent's, which broke none of them)
                if lane >> 8 and not self._f_blockades_ok(_raised_by(pa, k, t - p), 0, 1):
                    continue
                n_edges += 1
                c2, h2, g2 = self._f_bonus_after(ncb, nhb, which, gone, sq, t, cb, hb)
                if c2 or h2:
                    self._f_push(
                        _raised_by(pa, k, t - p),
                        0,
                        cython.cast(cython.ulonglong, c2)
                        | cython.cast(cython.ulonglong, h2) << 4
                        | cython.cast(cython.ulonglong, g2) << 47
                        | _BONUS_PART,
                    )
                elif g2 != gone:
                    self._f_emit(_raised_by(pa, k, t - p), 0, g2, 0, 0, hops)
                else:
                    if plain:
                        f = _raised_canon(pa, k, t)
                    else:
                        f = _canon_sorted(_raised_by(pa, k, t - p))
                    if up:
                        self._f_keep(khi | f << fsh, klo, 0, hops)
                    else:
                        self._f_keep(khi, klo | f << fsh, 0, hops)
        return n_edges

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_select_pagade(self, nn: cython.int, spec: _Spec) -> cython.void:
        """§4.7: the states that use the most numbers (none: nothing moves)."""
        best: cython.int = nn
        i: cython.int
        r: cython.int
        n: cython.int = self.f_n_states
        for i in range(n):
            r = _word_nleft(self.f_states[3 * i + 2])
            if r < best:
                best = r
        if best == nn:
            return
        w2: cython.ulonglong
        o: cython.int
        for i in range(n):
            w2 = self.f_states[3 * i + 2]
            if _word_nleft(w2) == best:
                o = self._f_emit(
                    self.f_states[3 * i],
                    self.f_states[3 * i + 1],
                    _word_gone(w2),
                    _word_flag(w2),
                    0,
                    spec,
                )
                if self._f_recording(spec):
                    self._f_rec(i, -1 - o, -1, 0)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_select_pf(self, nn: cython.int, spec: _Spec) -> cython.void:
        """§5.5, §5.6 (and §5.8's partial doublets): the selected states, then their ends."""
        ncol: cython.int = self._f_ncol(spec)
        n: cython.int = self.f_n_states
        nums0: cython.ulonglong = self.f_states[2] & _LO32
        has_bottom: cython.bint = (nums0 & 0x08080808) != 0
        i: cython.int
        ent: cython.int
        used: cython.int
        most: cython.int = -1
        most_used: cython.int = 0
        r: cython.int
        nsel: cython.int = 0
        # a pawn leaves the nest only by entering, and none goes back during a throw
        nest_before: cython.int = self.f_nest_before
        if has_bottom and self.cfg[C_PARTIAL_NOTHING]:
            for i in range(n):
                if _word_nleft(self.f_states[3 * i + 2]) == 0 and self._f_blockades_ok(
                    self.f_states[3 * i], self.f_states[3 * i + 1], ncol
                ):
                    ent = 0
                    if nest_before:  # (none in the nest before: none entered)
                        ent = nest_before - self._f_nest(
                            self.f_states[3 * i], self.f_states[3 * i + 1], ncol
                        )
                    if ent > most:
                        most = ent
                        nsel = 0
                    if ent == most:
                        self.f_selected[nsel] = i
                        nsel += 1
            if most < 0:
                return
            self._f_finish(nsel, self._extra(True), spec)
            return
        for i in range(n):
            if not self._f_blockades_ok(self.f_states[3 * i], self.f_states[3 * i + 1], ncol):
                continue
            ent = 0
            if nest_before:
                ent = nest_before - self._f_nest(
                    self.f_states[3 * i], self.f_states[3 * i + 1], ncol
                )
            used = nn - _word_nleft(self.f_states[3 * i + 2])
            if ent > most or (ent == most and used > most_used):
                most = ent
                most_used = used
                nsel = 0
            if ent == most and used == most_used:
                self.f_selected[nsel] = i
                nsel += 1
        if most_used == 0:
            return
        if self.cfg[C_LARGER_DIE] and not self.doublet and most_used == 1:
            big: cython.int = self.ta if self.ta > self.tb else self.tb
            j: cython.int = 0
            for i in range(nsel):
                # the number left is not the larger die
                if self.f_states[3 * self.f_selected[i] + 2] & 7 != cython.cast(
                    cython.ulonglong, big
                ):
                    j += 1
            if j:
                r = 0
                for i in range(nsel):
                    if self.f_states[3 * self.f_selected[i] + 2] & 7 != cython.cast(
                        cython.ulonglong, big
                    ):
                        self.f_selected[r] = self.f_selected[i]
                        r += 1
                nsel = r
        self._f_finish(nsel, self._extra(most_used == nn), spec)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_nest(self, pa: cython.ulonglong, pb: cython.ulonglong, ncol: cython.int) -> cython.int:
        """The mover's pawns in the nest."""
        if ncol == 2:
            return _lanes_at(pa, 0) + _lanes_at(pb, 0)
        return _lanes_at(pa, 0)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_blockades_ok(
        self, pa: cython.ulonglong, pb: cython.ulonglong, ncol: cython.int
    ) -> cython.bint:
        """§5.5: no starting blockade's two pawns stand together on another square."""
        if self.n_tags == 0:
            return True
        t: cython.int
        k: cython.int
        lane: cython.int
        s: cython.int
        c: cython.int
        for t in range(1, self.n_tags + 1):
            self.f_scratch[8 + t] = -1000
        for k in range(8):
            if k >= 4 and ncol == 1:
                break
            lane = cython.cast(cython.int, ((pa if k < 4 else pb) >> (16 * (k & 3))) & 0xFFFF)
            t = lane >> 8
            if t:
                c = self.cfg[C_COL + (k >> 2)]
                s = self.cfg[C_ROUTE + 85 * c + (lane & _PMASK)]
                if s == _OFF:
                    self.f_scratch[8 + t] = -2 - t
                    continue
                if self.f_scratch[8 + t] == s and s != self.tag_sq[t]:
                    return False
                self.f_scratch[8 + t] = s
        return True

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_earned(
        self, pa: cython.ulonglong, pb: cython.ulonglong, gone: cython.int, ncol: cython.int
    ) -> cython.int:
        """§5.7: the bonuses a dice state has earned, ``captures | pawns_home << 4``."""
        ncb: cython.int = _popcount(gone) if self.cfg[C_CAPTURE_BONUS] else 0
        nhb: cython.int = 0
        if self.cfg[C_HOME_BONUS]:
            nhb = _lanes_at(pa, 72) - self.f_home_before
            if ncol == 2:
                nhb += _lanes_at(pb, 72)
        return ncb | nhb << 4

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_finish(self, nsel: cython.int, extra: cython.int, spec: _Spec) -> cython.void:
        """The ends of the selected states: directly, or after the bonus part (§5.7)."""
        ncol: cython.int = self._f_ncol(spec)
        cb: cython.int = self.cfg[C_CAPTURE_BONUS]
        hb: cython.int = self.cfg[C_HOME_BONUS]
        c0: cython.int = self.cfg[C_COL]
        i: cython.int
        s: cython.int
        gone: cython.int
        ncb: cython.int
        nhb: cython.int
        o: cython.int
        pa: cython.ulonglong
        pb: cython.ulonglong
        w2: cython.ulonglong
        self.f_stack_top = 0
        for i in range(nsel):
            s = self.f_selected[i]
            pa = self.f_states[3 * s]
            pb = self.f_states[3 * s + 1]
            gone = _word_gone(self.f_states[3 * s + 2])
            ncb = self._f_earned(pa, pb, gone, ncol)
            nhb = ncb >> 4
            ncb &= 15
            if ncb == 0 and nhb == 0:
                o = self._f_emit(pa, pb, gone, 0, extra, spec)
                if self._f_recording(spec):
                    self._f_rec(s, -1 - o, -1, 0)
                continue
            # the bonus root: the pawns without their moved marks, the bonuses pending
            # (without "jump" no lane has a mark, and the state's lanes are sorted)
            if self._f_jump(spec):
                pa = _sort4(pa & ~_MOVED_LANES)
                if ncol == 2:
                    pb = _sort4(pb & ~_MOVED_LANES)
            w2 = (
                cython.cast(cython.ulonglong, ncb)
                | cython.cast(cython.ulonglong, nhb) << 4
                | cython.cast(cython.ulonglong, gone) << 47
                | _BONUS_PART
            )
            o = self._f_push(pa, pb, w2)
            if self._f_recording(spec):  # on to the bonus part: no step
                self._f_rec(s, o, -1, 0)
        while self.f_stack_top > 0:
            self.f_stack_top -= 1
            i = self.f_stack[self.f_stack_top]
            pa = self.f_states[3 * i]
            pb = self.f_states[3 * i + 1]
            w2 = self.f_states[3 * i + 2]
            if self._f_bonus_edges(pa, pb, w2, i, extra, cb, hb, c0, spec) == 0:
                o = self._f_emit(pa, pb, _word_gone(w2), 0, extra, spec)
                if self._f_recording(spec):
                    self._f_rec(i, -1 - o, -1, 0)

    # -- the board around a state ---------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_squares(
        self, pa: cython.ulonglong, pb: cython.ulonglong, gone: cython.int, spec: _Spec
    ) -> cython.void:
        """The squares of the state's pawns (f_pawn_squares), their counts
        (f_square_count), the blocked masks."""
        ncol: cython.int = self._f_ncol(spec)
        k: cython.int
        s: cython.int
        q: cython.int
        cs: cython.int
        r: cython.int
        one: cython.ulonglong = 1
        for k in range(8):
            s = self.f_pawn_squares[k]
            if s >= 0:
                self.f_square_count[s] = 0
        r = self.f_route_a
        for k in range(4):
            s = self.cfg[r + cython.cast(cython.int, (pa >> (16 * k)) & _PMASK)]
            self.f_pawn_squares[k] = s
            if s >= 0:
                self.f_square_count[s] += 1
        if ncol == 2:
            r = self.f_route_b
            for k in range(4):
                s = self.cfg[r + cython.cast(cython.int, (pb >> (16 * k)) & _PMASK)]
                self.f_pawn_squares[4 + k] = s
                if s >= 0:
                    self.f_square_count[s] += 1
        else:
            for k in range(4, 8):
                self.f_pawn_squares[k] = -1
        lo0: cython.ulonglong = self.f_blockades_lo[0]
        hi0: cython.ulonglong = self.f_blockades_hi[0]
        lo1: cython.ulonglong = self.f_blockades_lo[1] if ncol == 2 else 0
        hi1: cython.ulonglong = self.f_blockades_hi[1] if ncol == 2 else 0
        if not self.cfg[C_PAGADE]:
            for k in range(4 * ncol):
                s = self.f_pawn_squares[k]
                if s < 0:
                    continue
                # two pawns (own, or own and others not captured) block the square
                if self.f_square_count[s] < 2 and (
                    s >= 68 or self.f_others_on[s] == 0 or gone >> self.f_occupied_index[s] & 1
                ):
                    continue
                for cs in range(ncol):
                    q = self.cfg[C_RINDEX + 100 * self.cfg[C_COL + cs] + s]
                    if q < 0:
                        continue
                    if cs == 0:
                        if q >= 64:
                            hi0 |= one << (q - 64)
                        else:
                            lo0 |= one << q
                    elif q >= 64:
                        hi1 |= one << (q - 64)
                    else:
                        lo1 |= one << q
        self.f_blocked_lo0 = lo0
        self.f_blocked_hi0 = hi0
        if ncol == 2:
            self.f_blocked_lo1 = lo1
            self.f_blocked_hi1 = hi1

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_blocked1(self, pa: cython.ulonglong, gone: cython.int) -> cython.void:
        """:meth:`_f_squares`' blocked masks for one colour per mover, by progress numbers.

        With one colour, a square of the mover's route is its progress number,
        so the mover's blockades are the progress numbers 1..71 that two of its
        pawns hold, or one of its pawns and another colour's pawn not captured
        in this state; the others' own blockades come from the throw's context.
        A square the mask closes is one no pawn may pass or land on, which is
        all :meth:`_f_land` then needs to know of the mover's pawns; it also
        finds there the squares the others occupy in this state (``f_occupied_now_lo``,
        ``f_occupied_now_hi``).
        """
        olo: cython.ulonglong = self.f_others_lo
        ohi: cython.ulonglong = self.f_others_hi
        q: cython.int
        x: cython.int
        one: cython.ulonglong = 1
        if gone:
            # the same captures as the last time in this throw: its squares kept
            if gone == self.f_bl_gone:
                olo = self.f_bl_lo
                ohi = self.f_bl_hi
            else:
                # (the captured squares' bits only, each found at once)
                x = gone
                while x:
                    q = self.cfg[C_RINDEX + 100 * self.cfg[C_COL] + self.f_occupied[_bit_index(x)]]
                    x &= x - 1
                    if q >= 64:
                        ohi &= ~(one << (q - 64))
                    elif q >= 0:
                        olo &= ~(one << q)
                self.f_bl_gone = gone
                self.f_bl_lo = olo
                self.f_bl_hi = ohi
        # the progress numbers the mover's pawns hold (seen), and hold twice (two)
        slo: cython.ulonglong
        shi: cython.ulonglong
        tlo: cython.ulonglong
        thi: cython.ulonglong
        slo, shi, tlo, thi = _lane_masks(pa)
        self.f_occupied_now_lo = olo
        self.f_occupied_now_hi = ohi
        self.f_blocked_lo0 = self.f_blockades_lo[0] | tlo | (slo & olo)
        self.f_blocked_hi0 = self.f_blockades_hi[0] | thi | (shi & ohi)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_noth(self, s: cython.int, gone: cython.int) -> cython.int:
        """The other colours' pawns on board square ``s`` not captured in this state."""
        if s < 0 or s >= 68:
            return 0
        n: cython.int = self.f_others_on[s]
        if n and gone >> self.f_occupied_index[s] & 1:
            return 0
        return n

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_own(self, s: cython.int) -> cython.int:
        """The mover's pawns on square ``s`` (>= 0) in the state of :meth:`_f_squares`."""
        return self.f_square_count[s]

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_route_square(self, cs: cython.int, t: cython.int) -> cython.int:
        """The square of progress number ``t`` on the route of colour slot ``cs``."""
        return self.cfg[(self.f_route_a if cs == 0 else self.f_route_b) + t]

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_land(
        self,
        cs: cython.int,
        p: cython.int,
        t: cython.int,
        path: cython.bint,
        gone: cython.int,
        ncol: cython.int,
    ) -> cython.int:
        """§5.4 for a pawn of colour slot ``cs`` moving p -> t: -2 illegal, -1, or the capture.

        With one colour per mover the blocked mask of :meth:`_f_blocked1`
        closes the squares passed and the square landed on (HOME is never
        closed); with two, the mover's pawns on the square come from
        :meth:`_f_squares`.
        """
        if t > 72:
            return -2
        if ncol == 1:
            # entering (p = 0) checks its square only
            if _range_hit(self.f_blocked_lo0, self.f_blocked_hi0, p + 1, t):
                return -2
            # not closed, so at most one other colour's pawn is there: is one?
            if not _bit128(self.f_occupied_now_lo, self.f_occupied_now_hi, t):
                return -1
        elif path and _range_hit(
            self.f_blocked_lo0 if cs == 0 else self.f_blocked_lo1,
            self.f_blocked_hi0 if cs == 0 else self.f_blocked_hi1,
            p + 1,
            t - 1,
        ):
            return -2
        s: cython.int = self._f_route_square(cs, t)
        if s == _OFF:
            return -1
        n_oth: cython.int = self._f_noth(s, gone)
        if ncol != 1 and self._f_own(s) + n_oth >= 2:
            return -2
        if n_oth and not self.f_others_friendly[s]:
            if path and self.cfg[C_SAFETY + s]:
                return -2
            return s
        return -1

    # -- Parcheesi family edges -----------------------------------------------

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_groups(self, nums: cython.ulonglong, nrem: cython.int, spec: _Spec) -> cython.void:
        """Per colour slot: the distinct groups of usable numbers (dist, left, size).

        Kept for the next state with the same numbers left (reset per throw).
        """
        ncol: cython.int = self._f_ncol(spec)
        jump: cython.bint = self._f_jump(spec)
        if nums == self.f_groups_of:
            return
        self.f_groups_of = nums
        cs: cython.int
        j: cython.int
        m: cython.int
        g: cython.int
        cnt: cython.int
        nu: cython.int
        dist: cython.int
        size: cython.int
        dup: cython.bint
        byte: cython.ulonglong
        bit: cython.ulonglong
        left: cython.ulonglong
        # self.f_scratch[16:20]: the usable numbers' indices
        for cs in range(ncol):
            bit = cython.cast(cython.ulonglong, 1) << (self.cfg[C_COL + cs] + 4)
            cnt = 0
            if not jump:
                for j in range(nrem):
                    byte = (nums >> (8 * j)) & 255
                    if not byte & bit:
                        continue
                    if j and byte == (nums >> (8 * j - 8)) & 255:
                        continue
                    self.f_group_dist[16 * cs + cnt] = cython.cast(cython.int, byte & 7)
                    self.f_group_left[16 * cs + cnt] = _remove_byte(nums, j)
                    self.f_group_size[16 * cs + cnt] = 1
                    cnt += 1
            else:
                nu = 0
                for j in range(nrem):
                    if (nums >> (8 * j)) & bit:
                        self.f_scratch[16 + nu] = j
                        nu += 1
                for m in range(1, 1 << nu):
                    left = nums
                    dist = 0
                    size = 0
                    for j in range(nu - 1, -1, -1):
                        if m >> j & 1:
                            dist += cython.cast(
                                cython.int, (nums >> (8 * self.f_scratch[16 + j])) & 7
                            )
                            left = _remove_byte(left, self.f_scratch[16 + j])
                            size += 1
                    dup = False
                    for g in range(cnt):
                        if self.f_group_left[16 * cs + g] == left:
                            dup = True
                            break
                    if dup:
                        continue
                    self.f_group_dist[16 * cs + cnt] = dist
                    self.f_group_left[16 * cs + cnt] = left
                    self.f_group_size[16 * cs + cnt] = size
                    cnt += 1
            self.f_n_groups[cs] = cnt

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_go(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        cs: cython.int,
        k: cython.int,
        new: cython.int,
        left: cython.ulonglong,
        nleft: cython.int,
        flag: cython.int,
        gone: cython.int,
        sq: cython.int,
        src: cython.int,
        spec: _Spec,
    ) -> cython.void:
        """Push the state where lane ``k`` of colour slot ``cs`` became ``new``, a
        successor of state ``src``.

        The root's (``src`` 0) successors with numbers left are all different (each
        uses one number, or one group, of one distinct pawn), and only they have one
        number (group) fewer: they need no look-up.
        """
        was: cython.ulonglong = pa if cs == 0 else pb
        if cs == 0:
            pa = _raised(pa, k, new)
        else:
            pb = _raised(pb, k, new)
        self._f_dice_step(
            pa, pb, cs, was, k, new, False, left, nleft, flag, gone, sq, src, src == 0, spec
        )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_dice_step(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        cs: cython.int,
        was: cython.ulonglong,
        k: cython.int,
        new: cython.int,
        pair: cython.bint,
        left: cython.ulonglong,
        nleft: cython.int,
        flag: cython.int,
        gone: cython.int,
        sq: cython.int,
        src: cython.int,
        known_new: cython.bint,
        spec: _Spec,
    ) -> cython.void:
        """Store the dice part's successor (pa, pb) of state ``src``, and record its step.

        The one step of both families (:meth:`_f_go`, :meth:`_f_pgo`): lane ``k``
        of colour slot ``cs`` (in ``was``, the slot's pawns before) became ``new``
        (with a second pawn: ``pair``, Pagade's §4.3), the numbers ``left``
        (``nleft`` of them) are left, ``flag`` is the successor's, and ``sq`` >= 0
        is the square of a capture. ``known_new``: the successor cannot be there
        yet (see :meth:`_f_go`), so it is stored without a look-up.
        """
        if sq >= 0:
            gone |= 1 << self.f_occupied_index[sq]
        w2: cython.ulonglong = _dice_word(left, nleft, flag, gone)
        i: cython.int
        if nleft == 0:
            i = self._f_add(pa, pb, w2)  # no numbers left: nothing to expand
        elif known_new:
            i = self._f_append(pa, pb, w2)
            # where the new state's move came from (see _f_pf_edges)
            self.f_moved[i] = cython.cast(cython.int, (was >> (16 * k)) & _PMASK)
        else:
            i = self._f_add(pa, pb, w2)
            if i >= 0:  # new: stacked, with where its move came from
                self.f_stack[self.f_stack_top] = i
                self.f_stack_top += 1
                self.f_moved[i] = cython.cast(cython.int, (was >> (16 * k)) & _PMASK)
            else:
                i = -2 - i
        frm: cython.int
        if self._f_recording(spec):
            if i < 0:
                i = -2 - i
            frm = cython.cast(cython.int, (was >> (16 * k)) & _PMASK)
            self._f_rec(
                src,
                i,
                _f_key(
                    K_PAIR if pair else (K_ENTER if frm == 0 else K_MOVE),
                    self.cfg[C_COL + cs],
                    frm,
                    new & _PMASK,
                    self._f_used(src, left, nleft),
                    sq >= 0,
                ),
                cython.cast(cython.int, (was >> (16 * k)) & 0xFFFF) | cs << 16,
            )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_single(
        self, flag: cython.int, code: cython.int, new: cython.int, left: cython.ulonglong
    ) -> cython.int:
        """§5.8 no-split: the flag after ``code`` became ``new`` (0xFFF: nobody)."""
        # the numbers left (the low three bits of each byte), summed by one multiply
        total: cython.int = cython.cast(
            cython.int, (((left & 0x07070707) * 0x01010101) >> 24) & 0xFF
        )
        if (flag == 0 or flag == code) and (new & _PMASK) + total == 72:
            return new | (code & 0x800)
        return 0xFFF

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pf_edges(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        w2: cython.ulonglong,
        src: cython.int,
        spec: _Spec,
    ) -> cython.void:
        ncol: cython.int = self._f_ncol(spec)
        jump: cython.bint = self._f_jump(spec)
        nrem: cython.int = _word_nleft(w2)
        if nrem == 0:
            return
        nums: cython.ulonglong = w2 & _LO32
        flag: cython.int = _word_flag(w2)
        gone: cython.int = _word_gone(w2)
        moved_bit: cython.int = 128 if jump else 0
        no_split: cython.bint = self.cfg[C_NO_SPLIT] != 0 and self.doublet
        if ncol == 1:
            pb = 0  # (it is: said here so that the compiler folds it)
            self._f_blocked1(pa, gone)
        else:
            self._f_squares(pa, pb, gone, spec)
        self._f_groups(nums, nrem, spec)
        # Partial order reduction (one colour, without the steps): a state other than
        # the root was made (first) by a move m of a pawn from progress number x0. A
        # move m' of another pawn ending at t < x0 is not made here: m' and m change
        # no square the other passes, lands on or leaves (one colour: a progress
        # number is one square), so each is legal after the other where it is legal
        # before it, and both orders end in the same state (pawns, captures, numbers
        # left; under §5.8's no-split rule neither enters HOME and the flag is
        # "nobody" either way). That state is made from the state before m by m'
        # then m, unless the state after m' leaves m out in turn, for a move of its
        # own from beyond m's end, and so on: each time from further on, so some
        # state makes it (docs/benchmarks.md, issue 35, "partial order reduction").
        x0: cython.int = 0
        if not self._f_recording(spec) and ncol == 1 and src != 0:
            x0 = self.f_moved[src]
        cs: cython.int
        k: cython.int
        j: cython.int
        g: cython.int
        lane: cython.int
        prev: cython.int
        p: cython.int
        t: cython.int
        sq: cython.int
        new: cython.int
        code: cython.int
        five: cython.int
        byte: cython.ulonglong
        b0: cython.ulonglong
        b1: cython.ulonglong
        bit: cython.ulonglong
        left: cython.ulonglong
        w: cython.ulonglong
        for cs in range(ncol):
            w = pa if cs == 0 else pb
            bit = cython.cast(cython.ulonglong, 1) << (self.cfg[C_COL + cs] + 4)
            prev = -1
            for k in range(4):
                lane = cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)
                if lane == prev:
                    continue
                prev = lane
                code = lane | cs << 11
                p = lane & _PMASK
                if p == 0:
                    # entering (§5.3): a top 5, or two tops of a non-doublet adding to 5
                    five = -1
                    for j in range(nrem):
                        byte = (nums >> (8 * j)) & 255
                        if byte & 15 == 5 and byte & bit:
                            five = j
                            break
                    new = lane | 1
                    if five >= 0:
                        sq = self._f_land(cs, 0, 1, False, gone, ncol)
                        if sq != -2:
                            left = _remove_byte(nums, five)
                            self._f_go(
                                pa,
                                pb,
                                cs,
                                k,
                                new,
                                left,
                                nrem - 1,
                                self._f_single(flag, code, new, left) if no_split else flag,
                                gone,
                                sq,
                                src,
                                spec,
                            )
                    if not self.doublet and nrem == 2:
                        b0 = nums & 255
                        b1 = (nums >> 8) & 255
                        if (
                            (b0 & 7) + (b1 & 7) == 5
                            and b0 & bit
                            and b1 & bit
                            and not b0 & 8
                            and not b1 & 8
                        ):
                            sq = self._f_land(cs, 0, 1, False, gone, ncol)
                            if sq != -2:
                                self._f_go(
                                    pa,
                                    pb,
                                    cs,
                                    k,
                                    new,
                                    0,
                                    0,
                                    self._f_single(flag, code, new, 0) if no_split else flag,
                                    gone,
                                    sq,
                                    src,
                                    spec,
                                )
                    continue
                if p >= 72 or (jump and lane & 128):
                    continue
                for g in range(self.f_n_groups[cs]):
                    t = p + self.f_group_dist[16 * cs + g]
                    if t > 72 or t < x0:  # (t < x0: made from another state, above)
                        continue
                    if (
                        t == 72
                        and no_split
                        and not (
                            self.f_group_size[16 * cs + g] == nrem and (flag == 0 or flag == code)
                        )
                    ):
                        continue
                    sq = self._f_land(cs, p, t, True, gone, ncol)
                    if sq == -2:
                        continue
                    new = (lane & ~_PMASK) | moved_bit | t
                    left = self.f_group_left[16 * cs + g]
                    self._f_go(
                        pa,
                        pb,
                        cs,
                        k,
                        new,
                        left,
                        nrem - self.f_group_size[16 * cs + g],
                        self._f_single(flag, code, new, left) if no_split else flag,
                        gone,
                        sq,
                        src,
                        spec,
                    )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_bonus_edges(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        w2: cython.ulonglong,
        src: cython.int,
        extra: cython.int,
        cb: cython.int,
        hb: cython.int,
        c0: cython.int,
        spec: _Spec,
    ) -> cython.int:
        """Push the successors of bonus state ``src`` (§5.7); return how many edges
        there are. ``cb``, ``hb``: the capture and home bonuses, ``c0`` the mover's
        colour (the configuration's, read once by :meth:`_f_finish`).

        A successor with no bonus left is an end: it is emitted at once (with
        ``extra``) instead of being stored, stacked and expanded to nothing. With one
        colour, an end that captured nothing more has the state's captures, so its key
        is the others' fields after them (:meth:`_f_others_key`, once a state) with the
        mover's field put in, as :meth:`_f_pair_bonus_edges` makes it.
        """
        ncol: cython.int = self._f_ncol(spec)
        ncb: cython.int = cython.cast(cython.int, w2 & 15)
        nhb: cython.int = cython.cast(cython.int, (w2 >> 4) & 15)
        if ncb == 0 and nhb == 0:
            return 0
        gone: cython.int = _word_gone(w2)
        khi: cython.ulonglong = 0
        klo: cython.ulonglong = 0
        fsh: cython.int = 0 if c0 & 1 else 32
        plain: cython.bint = (pa & ~_P4) == 0
        f: cython.ulonglong
        blo: cython.ulonglong = 0
        bhi: cython.ulonglong = 0
        olo: cython.ulonglong = 0
        ohi: cython.ulonglong = 0
        if ncol == 1:
            pb = 0
            self._f_blocked1(pa, gone)
            blo = self.f_blocked_lo0
            bhi = self.f_blocked_hi0
            olo = self.f_occupied_now_lo
            ohi = self.f_occupied_now_hi
            khi, klo = self._f_others_key(gone, 1)
        else:
            self._f_squares(pa, pb, gone, spec)
        n_edges: cython.int = 0
        which: cython.int
        v: cython.int
        cs: cython.int
        k: cython.int
        lane: cython.int
        movable: cython.ulonglong
        p: cython.int
        t: cython.int
        sq: cython.int
        c2: cython.int
        h2: cython.int
        g2: cython.int
        o: cython.int
        w: cython.ulonglong
        na: cython.ulonglong
        nb: cython.ulonglong
        for which in range(2):
            if which == 0:
                if ncb == 0:
                    continue
                v = cb
            else:
                if nhb == 0 or (ncb and hb == cb):
                    continue
                v = hb
            for cs in range(ncol):
                w = pa if cs == 0 else pb
                movable = _bonus_lanes(w, v)
                for k in range(4):
                    if not movable >> (16 * k + 15) & 1:
                        continue
                    lane = cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)
                    p = lane & _PMASK
                    t = p + v
                    if ncol == 1 and v < 64:
                        # (one colour, under 64 squares: _f_land1, with the masks made above)
                        sq = self._f_land1(p, t, gone, blo, bhi, olo, ohi)
                    else:
                        sq = self._f_land(cs, p, t, True, gone, ncol)
                    if sq == -2:
                        continue
                    # (a pawn of no starting blockade moved: its state's blockades are its
                    # parent's, which broke none of them)
                    if lane >> 8:
                        na, nb = _raised_slot(pa, pb, cs, k, t - p)
                        if not self._f_blockades_ok(na, nb, ncol):
                            continue
                    n_edges += 1
                    c2, h2, g2 = self._f_bonus_after(ncb, nhb, which, gone, sq, t, cb, hb)
                    if c2 == 0 and h2 == 0 and ncol == 1 and g2 == gone:
                        # (the successor's lanes made only where the key needs them)
                        if plain:
                            f = _raised_canon(pa, k, t)
                        else:
                            f = _canon_sorted(_raised_by(pa, k, t - p))
                        if c0 < 2:
                            o = -1 - self._f_keep(khi | f << fsh, klo, extra, spec)
                        else:
                            o = -1 - self._f_keep(khi, klo | f << fsh, extra, spec)
                    elif c2 == 0 and h2 == 0:
                        na, nb = _raised_slot(pa, pb, cs, k, t - p)
                        o = -1 - self._f_emit(na, nb, g2, 0, extra, spec)
                    else:
                        na, nb = _raised_slot(pa, pb, cs, k, t - p)
                        o = self._f_push(
                            na,
                            nb,
                            cython.cast(cython.ulonglong, c2)
                            | cython.cast(cython.ulonglong, h2) << 4
                            | cython.cast(cython.ulonglong, g2) << 47
                            | _BONUS_PART,
                        )
                    if self._f_recording(spec):
                        self._f_rec(
                            src,
                            o,
                            _f_key(
                                K_BONUS,
                                self.cfg[C_COL + cs],
                                p,
                                t,
                                cython.cast(cython.longlong, v) << 24,  # whole (step_rank)
                                sq >= 0,
                            ),
                            lane | cs << 16,
                        )
        return n_edges

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_bonus_after(
        self,
        ncb: cython.int,
        nhb: cython.int,
        which: cython.int,
        gone: cython.int,
        sq: cython.int,
        t: cython.int,
        cb: cython.int,
        hb: cython.int,
    ) -> tuple[cython.int, cython.int, cython.int]:
        """The bonus part's bookkeeping after a bonus move (§5.7) of :meth:`_f_bonus_edges`
        and :meth:`_f_pair_bonus_edges`: the capture and home bonuses still owed and the
        others' pawns captured, as (``c2``, ``h2``, ``g2``), from the state's ``ncb``,
        ``nhb`` and ``gone``. The move used a capture bonus (``which`` 0) or a home bonus
        (1); it captured on square ``sq`` (>= 0, else none: one capture bonus more where
        ``cb``) and ended at progress ``t`` (72, HOME: one home bonus more where ``hb``)."""
        # (without branches on ``which``: it is 0 or 1)
        c2: cython.int = ncb - 1 + which
        h2: cython.int = nhb - which + (t == 72 and hb != 0)
        g2: cython.int = gone
        if sq >= 0:
            g2 |= 1 << self.f_occupied_index[sq]
            if cb:
                c2 += 1
        return c2, h2, g2

    # -- Pagade edges (§4) ----------------------------------------------------

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pland(
        self,
        cs: cython.int,
        k: cython.int,
        p: cython.int,
        t: cython.int,
        flag: cython.int,
        gone: cython.int,
        ncol: cython.int,
    ) -> cython.int:
        """§4.4/§4.5 for ``k`` pawns of colour slot ``cs`` moving p -> t: -2, -1 or the cut.

        Not :meth:`_f_land`, whose checks differ as rules, not as writing: here no
        square passed is closed (no blockades), the route is 84 long and the cut
        rule closes its gate (77) to a side that has not cut, a square holds at
        most two of one colour and none of a partner's (``cnt + k``: the pawns
        moving together), a lone pawn cannot cut a pair, and a cut on a castle
        square is closed only where the set-up says (``C_SAFE_X``). There, pawns
        land beside a friend, two pawns on a square make it a blockade, and a
        capture on a safety square is closed except by entering.
        """
        if t > 84:
            return -2
        if self.cfg[C_CUT_RULE] and p <= 76 and t >= 77 and not flag:
            return -2
        s: cython.int = self._f_route_square(cs, t)
        if s == _OFF or s >= 68:
            return -1
        cnt: cython.int = 0
        col: cython.int = -1
        j: cython.int
        for j in range(4 * ncol):
            if self.f_pawn_squares[j] == s:
                cnt += 1
                col = j >> 2
        if cnt:
            if col != cs or cnt + k > 2:
                return -2
            return -1
        n: cython.int = self._f_noth(s, gone)
        if not n:
            return -1
        if self.f_others_friendly[s]:
            return -2
        if self.cfg[C_SAFE_X] and self.cfg[C_XSQ + s]:
            return -2
        if n == 2 and k == 1:
            return -2
        return s

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pgo(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        cs: cython.int,
        k: cython.int,
        new: cython.int,
        k2: cython.int,
        new2: cython.int,
        left: cython.ulonglong,
        nleft: cython.int,
        flag: cython.int,
        gone: cython.int,
        sq: cython.int,
        src: cython.int,
        spec: _Spec,
    ) -> cython.void:
        """Push the state where lane ``k`` (and ``k2`` >= 0) of slot ``cs`` moved, a
        successor of state ``src``."""
        w: cython.ulonglong = pa if cs == 0 else pb
        was: cython.ulonglong = w
        w = _set_lane(w, k, new)
        if k2 >= 0:
            w = _set_lane(w, k2, new2)
        w = _sort4(w)
        if cs == 0:
            pa = w
        else:
            pb = w
        if sq >= 0:
            flag = 1  # §4.5: a capture lifts the cut (the flag is Pagade's cut flag)
        # Pagade's root successors take the look-up: _f_go's argument that they are
        # all different was made for the Parcheesi family's moves (one pawn, one
        # number or group), not for Pagade's pairs and re-entries
        self._f_dice_step(
            pa, pb, cs, was, k, new, k2 >= 0, left, nleft, flag, gone, sq, src, False, spec
        )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_pmove(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        cs: cython.int,
        k: cython.int,
        lane: cython.int,
        p: cython.int,
        t: cython.int,
        left: cython.ulonglong,
        nleft: cython.int,
        flag: cython.int,
        gone: cython.int,
        ncol: cython.int,
        moved_bit: cython.int,
        src: cython.int,
        spec: _Spec,
    ) -> cython.void:
        """One pawn (lane ``k`` of slot ``cs``, its code ``lane``) from ``p`` (0: cut) to
        ``t``, by one number or by the sum of both: pushed unless :meth:`_f_pland` closes
        the move; ``left``/``nleft``: the numbers left after it."""
        sq: cython.int = self._f_pland(cs, 1, p, t, flag, gone, ncol)
        if sq != -2:
            self._f_pgo(
                pa,
                pb,
                cs,
                k,
                (lane & ~_PMASK) | moved_bit | t,
                -1,
                0,
                left,
                nleft,
                flag,
                gone,
                sq,
                src,
                spec,
            )

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_pagade_edges(
        self,
        pa: cython.ulonglong,
        pb: cython.ulonglong,
        w2: cython.ulonglong,
        src: cython.int,
        spec: _Spec,
    ) -> cython.void:
        ncol: cython.int = self._f_ncol(spec)
        jump: cython.bint = self._f_jump(spec)
        nrem: cython.int = _word_nleft(w2)
        if nrem == 0:
            return
        nums: cython.ulonglong = w2 & _LO32
        flag: cython.int = _word_flag(w2)
        gone: cython.int = _word_gone(w2)
        moved_bit: cython.int = 128 if jump else 0
        self._f_squares(pa, pb, gone, spec)
        cs: cython.int
        k: cython.int
        j: cython.int
        k2: cython.int
        lane: cython.int
        lane2: cython.int
        prev: cython.int
        p: cython.int
        t: cython.int
        sq: cython.int
        n_cut: cython.int = 0
        w: cython.ulonglong
        byte: cython.ulonglong
        total: cython.int = cython.cast(cython.int, (nums & 255) + ((nums >> 8) & 255))
        for cs in range(ncol):
            w = pa if cs == 0 else pb
            for k in range(4):
                if (w >> (16 * k)) & _PMASK == 0:
                    n_cut += 1
        if n_cut:
            # §4.6: every action must re-enter a cut pawn while one is left
            for cs in range(ncol):
                w = pa if cs == 0 else pb
                prev = -1
                for k in range(4):
                    lane = cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)
                    if lane & _PMASK != 0 or lane == prev:
                        continue
                    prev = lane
                    for j in range(nrem):
                        byte = (nums >> (8 * j)) & 255
                        if j and byte == (nums >> (8 * j - 8)) & 255:
                            continue
                        t = cython.cast(cython.int, byte)
                        self._f_pgo(
                            pa,
                            pb,
                            cs,
                            k,
                            lane | moved_bit | t,
                            -1,
                            0,
                            _remove_byte(nums, j),
                            nrem - 1,
                            flag,
                            gone,
                            -1,
                            src,
                            spec,
                        )
                    if jump and n_cut == 1 and nrem == 2:  # re-entered by the sum
                        self._f_pmove(
                            pa,
                            pb,
                            cs,
                            k,
                            lane,
                            0,
                            total,
                            0,
                            0,
                            flag,
                            gone,
                            ncol,
                            moved_bit,
                            src,
                            spec,
                        )
            return
        for cs in range(ncol):
            w = pa if cs == 0 else pb
            prev = -1
            for k in range(4):
                lane = cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)
                if lane == prev:
                    continue
                prev = lane
                p = lane & _PMASK
                if p == 0 or p >= 84 or (jump and lane & 128):
                    continue
                for j in range(nrem):
                    byte = (nums >> (8 * j)) & 255
                    if j and byte == (nums >> (8 * j - 8)) & 255:
                        continue
                    self._f_pmove(
                        pa,
                        pb,
                        cs,
                        k,
                        lane,
                        p,
                        p + cython.cast(cython.int, byte),
                        _remove_byte(nums, j),
                        nrem - 1,
                        flag,
                        gone,
                        ncol,
                        moved_bit,
                        src,
                        spec,
                    )
                if jump and nrem == 2:  # the sum of both numbers, one pawn (§4.2)
                    self._f_pmove(
                        pa,
                        pb,
                        cs,
                        k,
                        lane,
                        p,
                        p + total,
                        0,
                        0,
                        flag,
                        gone,
                        ncol,
                        moved_bit,
                        src,
                        spec,
                    )
        if self.doublet and nrem == 2:
            # pair moves (§4.3): two pawns of one colour on the same p, each distinct pair once
            d: cython.int = cython.cast(cython.int, nums & 255)
            dist: cython.int = 2 * d if self.cfg[C_PAIR_DOUBLE] else d
            seen: cython.int
            for cs in range(ncol):
                w = pa if cs == 0 else pb
                for k in range(4):
                    lane = cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)
                    p = lane & _PMASK
                    if not 1 <= p <= 83:
                        continue
                    seen = 0  # the partner lanes already paired with this lane's code
                    if k and (w >> (16 * k - 16)) & 0xFFFF == cython.cast(cython.ulonglong, lane):
                        continue  # the same code as the lane before: its pairs were made
                    for k2 in range(k + 1, 4):
                        lane2 = cython.cast(cython.int, (w >> (16 * k2)) & 0xFFFF)
                        if lane2 & _PMASK != p:
                            continue
                        if seen and lane2 == seen:
                            continue
                        seen = lane2
                        t = p + dist
                        sq = self._f_pland(cs, 2, p, t, flag, gone, ncol)
                        if sq != -2:
                            self._f_pgo(
                                pa,
                                pb,
                                cs,
                                k,
                                (lane & ~_PMASK) | t | moved_bit,
                                k2,
                                (lane2 & ~_PMASK) | t | moved_bit,
                                0,
                                0,
                                flag,
                                gone,
                                sq,
                                src,
                                spec,
                            )

    # -- steps for Turn ---------------------------------------------------------
    #
    # The whole step graph of one throw for :class:`pachisi.moves.Turn`, built in
    # one call (:meth:`turn_steps`) on the fast enumerator's graph: the recording
    # copy explores the throw as for :meth:`plays`, recording every edge (with the
    # lane of the pawn that moves, ``f_edge_who``), and at the end of each number
    # set :meth:`_t_set` writes that set's part of the step graph instead of
    # choosing paths. Written out as nodes, one per point a throw played step by
    # step can stand at (the driver's ``Node``s in ``pachisi._graph``):
    #
    # * ``t_nodes``: :data:`TN` ints per node: kind (:data:`T_PENALTY` ..
    #   :data:`T_DONE`), its first edge, its number of edges, the cut flag and
    #   the extra throw of a done node, the number of pending bonuses and
    #   those bonuses (12 slots, largest first), then every colour's 4 pawns
    #   after the steps so far (captured pawns in their nest);
    # * ``t_keys``/``t_tgts``: per edge, its action packed in a 64-bit int (see
    #   :func:`_t_key`) and the node it leads to. Only the edges to states from
    #   which a selected terminal can still be reached are written, as the
    #   driver's ``steps`` offers them, and each node's in the clear engine's
    #   order (:meth:`_t_order`).
    #
    # A done node stands for an outcome of the enumerator (``t_done``: the node
    # of each outcome, made on first use), the others for a state of a number set.

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_need(self, which: cython.int, n: cython.int) -> cython.void:
        """Grow the output to ``n`` items: 0 nodes (ints), 1 edges (the per-state
        tables grow with _f_pgrow, the outcomes' nodes with _f_path_room)."""
        if which == 0:
            if n > len(self.t_nodes):
                self.t_nodes_arr = _grown(self.t_nodes_arr, n)
                self.t_nodes = self.t_nodes_arr
        elif n > len(self.t_keys):
            self.t_keys_arr = _grown(self.t_keys_arr, n)
            self.t_keys = self.t_keys_arr
            self.t_tgts_arr = _grown(self.t_tgts_arr, n)
            self.t_tgts = self.t_tgts_arr

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_node(
        self,
        kind: cython.int,
        hi: cython.ulonglong,
        lo: cython.ulonglong,
        cut: cython.int,
        extra: cython.int,
    ) -> cython.int:
        """A new node with the pawns of the canonical key (hi, lo), no edges or bonuses."""
        i: cython.int = self.t_n_nodes
        self._t_need(0, (i + 1) * TN)
        nd = self.t_nodes
        o: cython.int = i * TN
        k: cython.int
        c: cython.int
        for k in range(T_PAWNS):
            nd[o + k] = 0
        nd[o] = kind
        nd[o + 3] = cut
        nd[o + 4] = extra
        for c in range(4):
            for k in range(4):
                nd[o + T_PAWNS + 4 * c + k] = _key_pawn(hi, lo, c, k)
        self.t_n_nodes = i + 1
        return i

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_state(self, kind: cython.int, i: cython.int) -> cython.int:
        """A new node for state ``i`` of the number set: its pawns and pending bonuses."""
        ncol: cython.int = self.cfg[C_NCOL]
        pa: cython.ulonglong = self.f_states[3 * i]
        pb: cython.ulonglong = self.f_states[3 * i + 1]
        w2: cython.ulonglong = self.f_states[3 * i + 2]
        gone: cython.int = _word_gone(w2)
        hi: cython.ulonglong
        lo: cython.ulonglong
        hi, lo = self._f_pawn_key(pa, pb, gone, ncol)
        node: cython.int = self._t_node(kind, hi, lo, 0, 0)
        if self.cfg[C_PAGADE]:
            return node
        # the bonuses earned so far (dice part) or still to take (bonus part)
        earned: cython.int = (
            cython.cast(cython.int, w2 & 0xFF) if w2 >> 63 else self._f_earned(pa, pb, gone, ncol)
        )
        cb: cython.int = self.cfg[C_CAPTURE_BONUS]
        hb: cython.int = self.cfg[C_HOME_BONUS]
        ncb: cython.int = earned & 15
        nhb: cython.int = earned >> 4
        o: cython.int = node * TN + 6
        nd = self.t_nodes
        nd[o - 1] = ncb + nhb
        k: cython.int
        for k in range(ncb + nhb):
            # largest first
            if cb >= hb:
                nd[o + k] = cb if k < ncb else hb
            else:
                nd[o + k] = hb if k < nhb else cb
        return node

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_outcome(self, o: cython.int) -> cython.int:
        """The done node of outcome ``o`` (made on first use)."""
        if self.t_done[o] < 0:
            x: cython.int = cython.cast(cython.int, self.f_outcomes[3 * o + 2])
            self.t_done[o] = self._t_node(
                T_DONE, self.f_outcomes[3 * o], self.f_outcomes[3 * o + 1], x >> 1, x & 1
            )
        return self.t_done[o]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_edge(self, key: cython.longlong, target: cython.int) -> cython.void:
        self._t_need(1, self.t_n_edges + 1)
        self.t_keys[self.t_n_edges] = key
        self.t_tgts[self.t_n_edges] = target
        self.t_n_edges += 1

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_order(self, e: cython.int) -> cython.longlong:
        """Where recorded edge ``e`` comes among its state's edges in the clear engine's order.

        The clear engine (``_family``, ``_pagade``) takes the mover's pawns by
        their codes (``p | colour << 7 | moved << 9 | tag << 10``, the tags
        numbered by square), and for each pawn: entering with a 5 before
        entering with two numbers; its groups of numbers by their codes (a
        bottom's after a top's); Pagade's single dice by value, the sum after
        them, pair moves after every other move; bonus moves by value first.
        """
        rank: cython.longlong = self.f_edge_key[e]
        lane: cython.int = self.f_edge_who[e] & 0xFFFF
        code: cython.longlong = (
            (lane & _PMASK)
            | ((lane >> 7) & 1) << 9
            | self.cfg[C_COL + (self.f_edge_who[e] >> 16)] << 7
            | self.t_tag[lane >> 8] << 10
        )
        kind: cython.int = cython.cast(cython.int, rank >> 60)
        if kind == K_BONUS:
            return ((rank >> 24) & 0xFFFFF) << 20 | code
        v: cython.int
        n: cython.int = 0
        g: cython.longlong = 0
        i: cython.int
        for i in range(4):
            v = cython.cast(cython.int, (rank >> (39 - 5 * i)) & 31)
            if v:
                n += 1
                if self.doublet and v != self.ta:
                    v += 8  # a bottom
                g |= cython.cast(cython.longlong, v) << (24 - 8 * i)
        if self.cfg[C_PAGADE]:
            return (
                cython.cast(cython.longlong, 1 if kind == K_PAIR else 0) << 40
                | code << 8
                | (g >> 24 if n == 1 else 63)
            )
        if kind == K_ENTER:
            g = n - 1
        return code << 32 | g

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_edges(self, u: cython.int, dice: cython.bint) -> cython.void:
        """Write the edges of state ``u``'s node, in the clear engine's order: a dice
        state's to the states from which a selected one can be reached, all a bonus
        state's."""
        node: cython.int = self.t_node_of[u]
        first: cython.int = self.t_n_edges
        n: cython.int = 0
        e: cython.int = self.f_head[u]
        v: cython.int
        while e >= 0:
            v = self.f_edge_dst[e]
            if self.f_edge_key[e] >= 0 and not (dice and not self.t_mark[v]):
                self.t_edge_order[n] = self._t_order(e)
                self.t_edge_index[n] = e
                n += 1
            e = self.f_edge_next[e]
        # insertion sort by the order (a state has few edges)
        i: cython.int
        j: cython.int
        x: cython.longlong
        for i in range(1, n):
            x = self.t_edge_order[i]
            e = self.t_edge_index[i]
            j = i
            while j > 0 and self.t_edge_order[j - 1] > x:
                self.t_edge_order[j] = self.t_edge_order[j - 1]
                self.t_edge_index[j] = self.t_edge_index[j - 1]
                j -= 1
            self.t_edge_order[j] = x
            self.t_edge_index[j] = e
        for i in range(n):
            e = self.t_edge_index[i]
            v = self.f_edge_dst[e]
            self._t_edge(
                _t_key(self.f_edge_key[e]), self.t_node_of[v] if v >= 0 else self._t_outcome(-1 - v)
            )
        self.t_nodes[node * TN + 1] = first
        self.t_nodes[node * TN + 2] = n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _t_set(self, option_key: cython.longlong) -> cython.void:
        """The step graph of the number set just explored (instead of :meth:`_f_paths`;
        ``option_key`` as there).

        ``t_mark`` per state: 0 no selected state can be reached from it (or a
        bonus state with steps), 1 one can, 2 it is selected, 3 a bonus state
        that ends the play; ``t_next``: where a selected state or a bonus end
        goes without a step (a bonus root, or outcome ``o`` as ``-1 - o``).
        """
        n: cython.int = self.f_n_states
        self._f_topo()
        mark = self.t_mark
        i: cython.int
        k: cython.int
        e: cython.int
        u: cython.int
        for i in range(n):
            mark[i] = 0
            self.t_node_of[i] = -1
        moves: cython.bint = False
        for e in range(self.f_n_edges):
            if self.f_edge_key[e] < 0:
                u = self.f_edge_src[e]
                self.t_next[u] = self.f_edge_dst[e]
                if self.f_states[3 * u + 2] >> 63:
                    mark[u] = 3
                else:
                    mark[u] = 2
                    moves = True
        if not moves:
            return  # nothing moves under this set
        # the blockade tags as the clear engine numbers them (by square)
        self.t_tag[0] = 0
        for i in range(1, self.n_tags + 1):
            self.t_tag[i] = 1
            for k in range(1, self.n_tags + 1):
                if self.tag_sq[k] < self.tag_sq[i]:
                    self.t_tag[i] += 1
        # the dice states from which a selected one can be reached: from the last
        for k in range(n - 1, -1, -1):
            u = self.f_topo[k]
            if mark[u] or self.f_states[3 * u + 2] >> 63:
                continue
            e = self.f_head[u]
            while e >= 0:
                if mark[self.f_edge_dst[e]]:
                    mark[u] = 1
                    break
                e = self.f_edge_next[e]
        for i in range(n):
            if mark[i] == 1:
                self.t_node_of[i] = self._t_state(T_DICE, i)
            elif self.f_states[3 * i + 2] >> 63:
                if mark[i] == 3:
                    self.t_node_of[i] = self._t_outcome(-1 - self.t_next[i])
                else:
                    self.t_node_of[i] = self._t_state(T_BONUS, i)
        for i in range(n):
            if mark[i] == 2:
                u = self.t_next[i]
                self.t_node_of[i] = self.t_node_of[u] if u >= 0 else self._t_outcome(-1 - u)
        for i in range(n):
            if mark[i] == 1:
                self._t_edges(i, True)
            elif mark[i] == 0 and self.f_states[3 * i + 2] >> 63:
                self._t_edges(i, False)
        k = 0  # the set's name: none, else Eight-Man's A, B, C (as _f_key ranks them)
        if option_key >= 0:
            k = 3 - cython.cast(cython.int, (option_key >> 51) & 127)
        self.t_set_roots[k] = self.t_node_of[0]

    def turn_steps(
        self, cfg: cython.int[::1], position: tuple, throw: tuple
    ) -> tuple[int, object, object, object]:
        """The step graph of ``throw`` (arguments as :meth:`plays`).

        Returns ``(root, nodes, keys, targets)``: the root node and copies of
        ``t_nodes``, ``t_keys`` and ``t_tgts`` (see this section's comment),
        owned by the caller.
        """
        k: cython.int
        a: cython.int
        b: cython.int
        a, b = throw
        third_doublet: cython.bint = self._set_position(cfg, position, a, b)
        self.t_n_nodes = 0
        self.t_n_edges = 0
        for k in range(4):
            self.t_set_roots[k] = -1
        self._f_recorded(a, b, third_doublet, True)
        ncol: cython.int = cfg[C_NCOL]
        hi: cython.ulonglong
        lo: cython.ulonglong
        root: cython.int = self.t_set_roots[0]
        for k in range(1, 4):
            if self.t_set_roots[k] >= 0:
                root = -2
        if third_doublet and self.f_out_len[0] > 0:
            # §5.8: the pawn that goes back, one step to each outcome
            hi, lo = self._f_pawn_key(self.f_start_a, self.f_start_b, 0, ncol)
            root = self._t_node(T_PENALTY, hi, lo, 0, 0)
            for k in range(self.f_n_outcomes):
                self._t_edge(_t_key(self.f_out_path[k * _PATH_MAX]), self._t_outcome(k))
            self.t_nodes[root * TN + 1] = 0
            self.t_nodes[root * TN + 2] = self.t_n_edges
        elif root == -2:
            # Eight-Man: the number set to choose first, among those that move
            hi, lo = self._f_pawn_key(self.f_start_a, self.f_start_b, 0, ncol)
            root = self._t_node(T_OPTION, hi, lo, 0, 0)
            self.t_nodes[root * TN + 1] = self.t_n_edges
            for k in range(1, 4):
                if self.t_set_roots[k] >= 0:
                    self._t_edge(K_OPTION | 3 << 3 | (k - 1) << 5, self.t_set_roots[k])
            self.t_nodes[root * TN + 2] = self.t_n_edges - self.t_nodes[root * TN + 1]
        elif root < 0:
            root = self._t_outcome(0)  # nothing moves (or no pawn goes back)
        return (
            root,
            self.t_nodes_arr[: self.t_n_nodes * TN],  # type: ignore[index]
            self.t_keys_arr[: self.t_n_edges],  # type: ignore[index]
            self.t_tgts_arr[: self.t_n_edges],  # type: ignore[index]
        )

    def repeat_outcomes(
        self, cfg: cython.int[::1], position: tuple, throw: tuple, reps: cython.int
    ) -> cython.int:
        """Enumerate the outcomes of ``throw`` ``reps`` times with the fast enumerator
        (:meth:`_f_plays`; timings; arguments as :meth:`plays`); the number of outcomes."""
        k: cython.int
        a: cython.int
        b: cython.int
        a, b = throw
        third_doublet: cython.bint = self._set_position(cfg, position, a, b)
        n: cython.int = 0
        for k in range(reps):
            n = self._f_plays(a, b, third_doublet, 0)
        return n

    def outcomes(
        self, cfg: cython.int[::1], position: tuple, throw: tuple
    ) -> list[tuple[tuple[int, ...], int, int]]:
        """The distinct outcomes (16 pawns, cut, extra) of ``throw``, from the fast
        enumerator, in no particular order (for tests and measurements; arguments as
        :meth:`plays`)."""
        c: cython.int
        k: cython.int
        a: cython.int
        b: cython.int
        a, b = throw
        third_doublet: cython.bint = self._set_position(cfg, position, a, b)
        n: cython.int
        out: list[tuple[tuple[int, ...], int, int]] = []
        pw: list[int]
        r: cython.int
        hi: cython.ulonglong
        lo: cython.ulonglong
        n = self._f_plays(a, b, third_doublet, 0)
        for r in range(n):
            hi = self.f_outcomes[3 * r]
            lo = self.f_outcomes[3 * r + 1]
            pw = []
            for c in range(4):
                for k in range(4):
                    pw.append(_key_pawn(hi, lo, c, k))
            x: cython.int = cython.cast(cython.int, self.f_outcomes[3 * r + 2])
            out.append((tuple(pw), x >> 1, x & 1))
        return out

    def picks(self, keys: cython.ulonglong[::1], ranks: cython.int[::1]) -> list[int]:
        """The rows the playouts' pick (:meth:`_f_select`) gives for ``ranks``, one
        after the other (each on the order the one before left), among the outcome
        keys ``keys`` (three words a row, distinct, at most 128 rows), numbered in
        their order first (for tests: the pick on keys made to take each path)."""
        n: cython.int = len(keys) // 3
        if n > len(self.f_order) or 3 * n > len(self.f_outcomes):
            raise ValueError("more keys than the outcome rows hold")
        i: cython.int
        for i in range(3 * n):
            self.f_outcomes[i] = keys[i]
        for i in range(n):
            self.f_order[i] = i
        return [self._f_select(n, ranks[i]) for i in range(len(ranks))]

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
        self._point_cfg(self.cfgbuf)
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

    # -- value network ------------------------------------------------------------
    #
    # pachisi.learn's value network is its own compiled module, pachisi._knet (the
    # encoding ``pachisi-encoding/1`` and the forward pass, the same numbers bit for
    # bit as ValueNet.side_chances); the kernel holds one Net and calls its C
    # functions (net_*, _knet.pxd). Here: the games that use it. The tables
    # ``net`` (``(ints, weights)``) come from pachisi.learn.kernel.tables (NI_*, ND_*).

    def network(self) -> Net:
        """This kernel's value network (:class:`pachisi._knet.Net`): its Python entry points
        (``encode``, ``chances``, ``repeat``, ``batch``) value game states; the kernel's
        games below use the same buffers (a kernel, and so its network, is per thread)."""
        return self.net

    def nn_replies(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        throws: cython.int[::1],
        n_throws: cython.int,
        net: object,
        out_v: cython.double[::1],
        out_st: cython.int[::1],
    ) -> None:
        """For each throw (``8 * a + b``) of the game state ``state``: the mover's best
        outcome by the network whose tables ``net`` is (``(ints, weights)``:
        ``learn.kernel.tables``) (0 ply; the first of equals in canonical order), as every
        player's chance after it (``out_v[4 * i:]``) and its game state
        (``out_st[S_SIZE * i:]``)."""
        net_ints: cython.int[::1]
        net_weights: cython.double[::1]
        net_ints, net_weights = net
        net_use(self.net, net_ints, net_weights)
        self.game = game
        gs = self.gst
        self.pos = gs
        i: cython.int
        k: cython.int
        r: cython.int
        m: cython.int
        mover: cython.int
        fin_mask: cython.int
        for i in range(n_throws):
            m = self._throw_outcomes(game, state, throws[i])
            fin_mask = finishers(gs, 0)
            mover = gs[S_TO_MOVE]
            self._best_outcomes(m, mover, fin_mask, True)
            r = self.f_order[self.ebuf[0]]
            self._after(r, mover, fin_mask)  # as a game advances (kp_play), into f_after
            for k in range(S_SIZE):
                if k != P_CUT:
                    gs[k] = self.f_after[k]
            gs[P_CUT] = 0
            net_state(self.net, gs)
            net_absolute(self.net, gs[S_TO_MOVE], out_v, 4 * i)
            for k in range(S_SIZE):
                out_st[S_SIZE * i + k] = gs[k]

    # -- value network: dead ends among the analysis's replies ----------------
    #
    # pachisi.analysis.net values a Pagade dead end (§3.5, no winner) exactly,
    # as a draw shared by every side, where nn_replies values it by the network.
    # nn_jams marks the throws where a dead end might be among the outcomes;
    # the analysis answers those on the pure engine.

    def nn_jams(
        self,
        game: cython.int[::1],
        state: cython.int[::1],
        throws: cython.int[::1],
        n_throws: cython.int,
        out: cython.int[::1],
    ) -> cython.int:
        """For each throw (``8 * a + b``) of the Pagade game state ``state`` (no winner):
        ``out[i]`` 1 when, after some outcome, no player who has not finished has a pawn
        that a 1 surely moves (:meth:`_sim_moves`: the cheap test of a dead end), else 0.
        Conservative: a throw marked may have no dead end among its outcomes, a throw
        not marked has none. Returns the number of throws marked."""
        self.game = game
        gs = self.gst
        self.pos = gs
        marked: cython.int = 0
        i: cython.int
        j: cython.int
        k: cython.int
        r: cython.int
        n: cython.int
        c: cython.int
        mover: cython.int
        fin_mask: cython.int
        hi: cython.ulonglong
        lo: cython.ulonglong
        for i in range(n_throws):
            out[i] = 0
            n = self._throw_outcomes(game, state, throws[i])
            fin_mask = finishers(gs, 0)
            mover = gs[S_TO_MOVE]
            for j in range(n):
                r = self.f_order[j]
                hi = self.f_outcomes[3 * r]
                lo = self.f_outcomes[3 * r + 1]
                for c in range(4):
                    for k in range(4):
                        gs[4 * c + k] = _key_pawn(hi, lo, c, k)
                gs[S_CUTS] = state[S_CUTS]
                if self.f_outcomes[3 * r + 2] & 2:
                    gs[S_CUTS] |= 1 << mover
                if not self._someone_moves(gs, fin_mask):
                    out[i] = 1
                    marked += 1
                    break
        return marked

    @cython.cfunc
    @cython.inline
    def _use_cfg(self, game: cython.int[::1], player: cython.int) -> cython.void:
        """Point :attr:`cfg` at ``player``'s configuration table in ``game`` (``G_CFG``).

        Through a typed local, never ``self.cfg = game[a:b]``: Cython 3.3.0 compiled a
        slice assigned straight to a field without acquiring its view (Cython issue
        8016, fixed in 3.3.1), and the next assignment aborted the interpreter
        ("Acquisition count is -1"); every Cython 3 acquires a local's view for the
        field (tests/test_kernel_cython.py)."""
        cfg: cython.int[::1] = game[G_CFG + player * C_SIZE : G_CFG + (player + 1) * C_SIZE]
        self._point_cfg(cfg)

    @cython.cfunc
    @cython.inline
    def _point_cfg(self, table: cython.int[::1]) -> cython.void:
        """Make ``table`` the mover's configuration table (:attr:`cfg`), kept alive by
        :attr:`cfg_view` while :attr:`cfg` points into it."""
        self.cfg_view = table
        if cython.compiled:
            self.cfg = cython.address(table[0])
        else:
            self.cfg = table

    @cython.cfunc
    def _throw_outcomes(
        self, game: cython.int[::1], state: cython.int[::1], code: cython.int
    ) -> cython.int:
        """The mover's distinct outcomes of throw ``code`` (``8 * a + b``) from the game
        state ``state`` (copied into ``gst``), by the fast enumerator, in canonical order
        (their records' places in ``f_order``): their number. The extra throw of a mover
        who finishes is withheld (§3.5), so it is not part of the key. For
        :meth:`nn_replies`, :meth:`nn_jams` and :meth:`expectimax_replies`."""
        gs = self.gst
        k: cython.int
        for k in range(S_SIZE):
            gs[k] = state[k]
        a: cython.int = code >> 3
        b: cython.int = code & 7
        fin_mask: cython.int = finishers(gs, 0)
        mover: cython.int = gs[S_TO_MOVE]
        self._use_cfg(game, mover)
        gs[P_CUT] = gs[S_CUTS] >> mover & 1
        third: cython.bint = not game[G_PAGADE] and a == b and gs[P_DOUBLES] == 2
        n: cython.int = self._f_plays(a, b, third, 0)
        self._withhold(n, mover, fin_mask)
        return self._f_sort(n)

    # -- expectimax replies ---------------------------------------------------------
    #
    # The expectimax player's look-ahead at depth 1 (pachisi.bots.expectimax:
    # greedy_replies, then ExpectimaxPlayer.value's mean of the evaluation over
    # them) on the fast enumerator's outcomes, and the state after an outcome
    # that the greedy, network and expectimax choices share.

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _after(self, r: cython.int, mover: cython.int, fin_mask: cython.int) -> cython.int:
        """The state after the fast enumerator's outcome ``r`` of ``mover`` in gst, in
        f_after (:meth:`_advance_to`); the finishers after it (a bit mask)."""
        return self._advance_to(
            self.f_after,
            self.gst,
            self.f_outcomes[3 * r],
            self.f_outcomes[3 * r + 1],
            self.f_outcomes[3 * r + 2],
            mover,
            fin_mask,
            self._kfinished(self.f_outcomes[3 * r], self.f_outcomes[3 * r + 1], mover),
            False,
            0,
            0,
        )

    def evaluate_many(
        self,
        game: cython.int[::1],
        evaluation: object,
        recs: cython.int[::1],
        n: cython.int,
        player: cython.int,
        out: cython.double[::1],
    ) -> None:
        """The hand-made evaluation, whose tables ``evaluation`` is (``(weights, board)``:
        ``_accel.eval_tables``), for ``player`` of ``n`` positions, 18 ints each in
        ``recs`` (the 16 pawns as in a game state, then the cut flags and the winners as
        bit masks of players), in ``out[:n]``."""
        self.game = game
        self.evd, self.evi = evaluation
        self._use_cfg(game, 0)
        i: cython.int
        for i in range(n):
            out[i] = self._evaluate(recs, 18 * i, recs[18 * i + 16], recs[18 * i + 17], player)

    def expectimax_replies(
        self,
        game: cython.int[::1],
        evaluation: object,
        state: cython.int[::1],
        throws: cython.int[::1],
        n_throws: cython.int,
        me: cython.int,
        out_v: cython.double[::1],
        out_n: cython.int[::1],
    ) -> None:
        """For each throw (``8 * a + b``) of the game state ``state`` (a game not over):
        the mover's best outcomes by the hand-made evaluation (its tables ``evaluation``,
        ``(weights, board)``: ``_accel.eval_tables``) from his own point of view, ties
        within 1e-9 as ``pachisi.bots.expectimax.greedy_replies`` builds its list (a
        running best: more than 1e-9 above it starts the list again, at least 1e-9 below
        it joins; a single outcome without evaluation), their number in ``out_n[i]`` and
        the sum of their evaluations for ``me`` in ``out_v[i]`` (in canonical order)."""
        self.game = game
        self.evd, self.evi = evaluation
        gs = self.gst
        self.pos = gs
        pw = self.f_after
        i: cython.int
        j: cython.int
        m: cython.int
        mover: cython.int
        fin_mask: cython.int
        n_best: cython.int
        total: cython.double
        for i in range(n_throws):
            m = self._throw_outcomes(game, state, throws[i])
            fin_mask = finishers(gs, 0)
            mover = gs[S_TO_MOVE]
            # the mover's best outcomes (their places in f_order, in ebuf)
            n_best = self._best_outcomes(m, mover, fin_mask, False)
            total = 0.0
            for j in range(n_best):
                self._after(self.f_order[self.ebuf[j]], mover, fin_mask)
                total = total + self._evaluate(pw, 0, pw[S_CUTS], pw[S_WIN], me)
            out_v[i] = total
            out_n[i] = n_best

    def _grow_ebuf(self) -> None:
        new = _ints(2 * len(self.ebuf))
        k: cython.int
        for k in range(len(self.ebuf)):
            new[k] = self.ebuf[k]
        self.ebuf = new

    @cython.cfunc
    @cython.exceptval(check=False)
    def _decided(self, fin_mask: cython.int, winner: cython.int) -> cython.bint:
        """§3.5 game over, from the finishers (a bit mask) and the winners."""
        if winner == 0:
            return False
        if not self.game[G_PAGADE] or not self.game[G_PFP]:
            return True
        game = self.game  # (a local view is acquired: not on the common paths above)
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
    @cython.inline
    @cython.exceptval(check=False)
    def _winner_after(self, gs: cython.int[::1], extra_player: cython.int) -> cython.int:
        """The winners that §3.5 makes of the finishers plus ``extra_player`` (mask, 0: none).

        Inline: a call passes the view ``gs`` by value, and gcc copied it (26 words) in
        :meth:`_game_play` ahead of the finishing test that decides whether the call is made.
        """
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
    @cython.inline
    @cython.exceptval(check=False)
    def _finish_masks(
        self, player: cython.int
    ) -> tuple[cython.ulonglong, cython.ulonglong, cython.ulonglong, cython.ulonglong]:
        """§3.5's finishing condition for ``player`` on an outcome key ``hi``/``lo`` (the
        one finishing check), as masks ``(mhi, vhi, mlo, vlo)``: the player has finished
        when ``hi & mhi == vhi`` and ``lo & mlo == vlo``.

        A colour's pawns are sorted and none is past HOME, so 3 of them are HOME
        if its pawn 1 is (a minor colour with a major one, §3.5), all 4 if its
        pawn 0 is: the masks hold that pawn's byte (:func:`_key_shift`, as
        :func:`_key_pawn` reads it), and HOME. The game table is read in place: a local view of it
        would be acquired and released (two atomic operations) on every call.
        """
        mhi: cython.ulonglong = 0
        mlo: cython.ulonglong = 0
        vhi: cython.ulonglong = 0
        vlo: cython.ulonglong = 0
        home: cython.ulonglong = cython.cast(cython.ulonglong, self.game[G_HOME])
        major: cython.int = self.game[G_MAJOR + player]
        i: cython.int
        c: cython.int
        sh: cython.int
        for i in range(self.game[G_PCOLS + 3 * player]):
            c = self.game[G_PCOLS + 3 * player + 1 + i]
            sh = _key_shift(c, 1 if major >= 0 and c != major else 0)
            if c < 2:
                mhi |= cython.cast(cython.ulonglong, 255) << sh
                vhi |= home << sh
            else:
                mlo |= cython.cast(cython.ulonglong, 255) << sh
                vlo |= home << sh
        return mhi, vhi, mlo, vlo

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _kfinished(
        self, hi: cython.ulonglong, lo: cython.ulonglong, player: cython.int
    ) -> cython.bint:
        """§3.5: does ``player`` meet the finishing condition with the outcome key
        ``hi``/``lo`` (:meth:`_finish_masks`)?"""
        mhi: cython.ulonglong
        vhi: cython.ulonglong
        mlo: cython.ulonglong
        vlo: cython.ulonglong
        mhi, vhi, mlo, vlo = self._finish_masks(player)
        return _meets(hi, lo, mhi, vhi, mlo, vlo)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _next_player(self, mover: cython.int, fin_mask: cython.int) -> cython.int:
        """Who throws after ``mover``'s turn: the next player who has not finished (§3.3)."""
        n_pl: cython.int = self.game[G_N]
        k: cython.int
        p: cython.int
        for k in range(1, n_pl + 1):
            p = (mover + k) % n_pl
            if not fin_mask >> p & 1:
                return p
        return mover

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _advance_to(
        self,
        dst: cython.int[::1],
        src: cython.int[::1],
        hi: cython.ulonglong,
        lo: cython.ulonglong,
        x: cython.ulonglong,
        mover: cython.int,
        fin_mask: cython.int,
        meets: cython.bint,
        known: cython.bint,
        ohi: cython.ulonglong,
        olo: cython.ulonglong,
    ) -> cython.int:
        """The one finishing step (§3.3, §3.5): the game state ``src`` after ``mover``'s
        outcome of key ``hi``/``lo``/``x`` (a fast enumerator's record), written to ``dst``
        (which may be ``src``): the pawns, the cut flags, the finishers and winners, the
        doubles count and who throws next. ``fin_mask``: the finishers of ``src`` as a
        bit mask; ``meets``: whether the outcome meets the mover's finishing condition
        (:meth:`_kfinished`); ``known``: ``dst`` is ``src`` and its pawns are the
        key ``ohi``/``olo`` (only the colours whose field changes are written).
        ``dst[P_CUT]`` is left as it is. Returns the finishers after it."""
        c: cython.int
        k: cython.int
        nfin: cython.int = src[S_NFIN]
        winner: cython.int = src[S_WIN]
        doubles: cython.int = src[P_DOUBLES]
        fin: cython.int = fin_mask
        if not fin_mask >> mover & 1 and meets:
            if winner == 0:
                winner = self._winner_after(src, mover)
            fin |= 1 << mover
        dst[S_CUTS] = src[S_CUTS] | ((1 << mover) if x & 2 else 0)
        for k in range(4):
            dst[S_FIN + k] = src[S_FIN + k]
        if fin != fin_mask:
            dst[S_FIN + nfin] = mover
            nfin += 1
        dst[S_NFIN] = nfin
        dst[S_WIN] = winner
        for c in range(4):
            if not known or _key_field(hi, lo, c) != _key_field(ohi, olo, c):
                for k in range(4):
                    dst[4 * c + k] = _key_pawn(hi, lo, c, k)
        if x & 1 and not fin >> mover & 1 and not self._decided(fin, winner):
            dst[P_DOUBLES] = doubles + 1
            dst[S_TO_MOVE] = mover
        else:
            dst[P_DOUBLES] = 0
            dst[S_TO_MOVE] = self._next_player(mover, fin)
        return fin

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _withhold(self, n: cython.int, mover: cython.int, fin_mask: cython.int) -> cython.bint:
        """Number the fast enumerator's ``n`` outcomes in ``f_order`` and take the extra
        throw out of the key of each that a mover who has finished, or finishes with it,
        may not use (§3.5). Whether any was taken out (then two keys may be equal)."""
        r: cython.int
        withheld: cython.bint = False
        mover_done: cython.bint = fin_mask >> mover & 1
        if not self.doublet:
            for r in range(n):
                self.f_order[r] = r
            return False  # only a doublet grants the extra throw (:meth:`_extra`)
        # :meth:`_kfinished`, its masks made once
        mhi: cython.ulonglong
        vhi: cython.ulonglong
        mlo: cython.ulonglong
        vlo: cython.ulonglong
        mhi, vhi, mlo, vlo = self._finish_masks(mover)
        for r in range(n):
            self.f_order[r] = r
            if self.f_outcomes[3 * r + 2] & 1 and (
                mover_done
                or (self.f_outcomes[3 * r] & mhi == vhi and self.f_outcomes[3 * r + 1] & mlo == vlo)
            ):
                self.f_outcomes[3 * r + 2] &= 2
                withheld = True
        return withheld

    # -- the games' steps (pachisi._kplay plays through kp_enumerate and kp_play) ----

    @cython.cfunc
    @cython.exceptval(check=False)
    def _game_throw(
        self,
        a: cython.int,
        b: cython.int,
        fin_mask: cython.int,
        sort: cython.bint,
        played: cython.bint,
    ) -> cython.int:
        """:func:`kp_enumerate` on the game state ``gst`` (its fields read in place: a local
        view of them would be acquired and released on every throw).

        ``played``: ``gst`` is as the last :meth:`_game_play` left it (after this
        kernel's last :func:`kp_setup`): its pawns are then that outcome's key
        (``f_key_hi``, ``f_key_lo``), which :meth:`_f_context` is told; and where the
        context was last made by the game throw before it, from such a key, for the
        same mover, that context's others' part may be kept (``_f_context`` checks
        the others' pawns)."""
        mover: cython.int = self.gst[S_TO_MOVE]
        hint: cython.int = 0
        if played:
            hint = 2 if self.kp_ctx_gen == self.f_context_gen and self.kp_ctx_mover == mover else 1
        # :meth:`_use_cfg` (self.game, mover), from the slices kp_setup took
        if mover == 0:
            self.cfg = self.cfg_p0
        elif mover == 1:
            self.cfg = self.cfg_p1
        elif mover == 2:
            self.cfg = self.cfg_p2
        else:
            self.cfg = self.cfg_p3
        self.gst[P_CUT] = self.gst[S_CUTS] >> mover & 1
        n: cython.int = self._f_plays(
            a, b, not self.game[G_PAGADE] and a == b and self.gst[P_DOUBLES] == 2, hint
        )
        self.kp_played = played
        self.kp_ctx_gen = self.f_context_gen if played else 0
        self.kp_ctx_mover = mover
        if self._withhold(n, mover, fin_mask) or sort:
            return 2 * self._f_sort(n) + 1
        return 2 * n

    @cython.cfunc
    @cython.exceptval(check=False)
    def _game_play(self, r: cython.int, mover: cython.int, fin_mask: cython.int) -> cython.int:
        """:func:`kp_play`: ``mover``'s outcome of row ``r`` played in ``gst``; the finishers
        after it (a bit mask). The finishing test on the masks :func:`kp_setup` made."""
        # (the places 64-bit, each from one sign extension)
        row: cython.Py_ssize_t = 3 * cython.cast(cython.Py_ssize_t, r)
        fplace: cython.Py_ssize_t = 4 * cython.cast(cython.Py_ssize_t, mover)
        hi: cython.ulonglong = self.f_outcomes[row]
        lo: cython.ulonglong = self.f_outcomes[row + 1]
        # the state's pawns before: the last play's key, where the throw knew it
        known: cython.bint = self.kp_played
        ohi: cython.ulonglong = self.f_key_hi
        olo: cython.ulonglong = self.f_key_lo
        self.f_key_hi = hi
        self.f_key_lo = lo
        return self._advance_to(
            self.gst,
            self.gst,
            hi,
            lo,
            self.f_outcomes[row + 2],
            mover,
            fin_mask,
            _meets(
                hi,
                lo,
                self.kp_fin[fplace],
                self.kp_fin[fplace + 1],
                self.kp_fin[fplace + 2],
                self.kp_fin[fplace + 3],
            ),
            known,
            ohi,
            olo,
        )

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _best_row(self, j: cython.int) -> cython.int:
        """The row of the ``j``-th of :meth:`_best_outcomes`' best outcomes."""
        return self.f_order[self.ebuf[j]]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _outcome_value(
        self, r: cython.int, mover: cython.int, fin_mask: cython.int, network: cython.bint
    ) -> cython.double:
        """How good the fast enumerator's outcome ``r`` is for ``mover``: the hand-made
        evaluation, or with ``network`` the value network's chance of ``mover``'s side."""
        pw = self.f_after
        fin: cython.int = self._after(r, mover, fin_mask)
        if not network:
            return self._evaluate(pw, 0, pw[S_CUTS], pw[S_WIN], mover)
        return net_value(self.net, pw, fin, mover)

    @cython.cfunc
    @cython.exceptval(check=False)
    def _best_outcomes(
        self, n: cython.int, mover: cython.int, fin_mask: cython.int, network: cython.bint
    ) -> cython.int:
        """The one greedy choice: the places in ``f_order[:n]`` (canonical order) of the
        mover's best outcomes by :meth:`_outcome_value`, in ``ebuf``; their number.

        A running best: an outcome more than 1e-9 above it starts the list
        again, one within 1e-9 of it joins (as ``pachisi.bots.expectimax.
        greedy_replies`` and the greedy player build it); a single outcome is
        not valued."""
        self.ebuf[0] = 0
        if n == 1:
            return 1
        i: cython.int
        score: cython.double
        best_score: cython.double = -1e300
        n_best: cython.int = 0
        for i in range(n):
            score = self._outcome_value(self.f_order[i], mover, fin_mask, network)
            if n_best == 0 or score > best_score + 1e-9:
                best_score = score
                n_best = 1
                self.ebuf[0] = i
            elif abs(score - best_score) <= 1e-9:
                if n_best == len(self.ebuf):
                    self._grow_ebuf()
                self.ebuf[n_best] = i
                n_best += 1
        return n_best

    @cython.cfunc
    @cython.exceptval(check=False)
    def _dead_end(self, gs: cython.int[::1], fin_mask: cython.int) -> cython.bint:
        """The one dead-end check (§3.5, Pagade; the game in ``gs`` not decided), as
        ``Position.is_dead_end``: for every player who has not finished, every distinct
        throw's only outcome leaves every pawn where it stands. A player with a pawn that
        a 1 surely moves (:meth:`_someone_moves`) ends the check at once. Uses ``cfg``,
        ``pos`` (left on ``gs``) and the fast enumerator's buffers."""
        if self._someone_moves(gs, fin_mask):
            return False
        game = self.game
        n_pl: cython.int = game[G_N]
        nfaces: cython.int = game[G_NFACES]
        i: cython.int
        ja: cython.int
        jb: cython.int
        k: cython.int
        doubles: cython.int = gs[P_DOUBLES]
        cut: cython.int = gs[P_CUT]
        dead: cython.bint = True
        self.pos = gs
        for i in range(n_pl):
            if fin_mask >> i & 1:
                continue
            self._use_cfg(game, i)
            gs[P_DOUBLES] = doubles if i == gs[S_TO_MOVE] else 0
            gs[P_CUT] = gs[S_CUTS] >> i & 1
            for ja in range(nfaces):
                for jb in range(ja, nfaces):
                    if self._f_plays(game[G_FACES + ja], game[G_FACES + jb], False, 0) != 1:
                        dead = False
                    else:
                        for k in range(16):
                            if (
                                _key_pawn(self.f_outcomes[0], self.f_outcomes[1], k >> 2, k & 3)
                                != gs[k]
                            ):
                                dead = False
                    if not dead:
                        break
                if not dead:
                    break
            if not dead:
                break
        gs[P_DOUBLES] = doubles
        gs[P_CUT] = cut
        return dead

    @cython.cfunc
    @cython.exceptval(check=False)
    def _someone_moves(self, gs: cython.int[::1], fin_mask: cython.int) -> cython.bint:
        """Whether some player who has not finished has a pawn that a 1 surely moves
        (:meth:`_sim_moves`): the cheap half of :meth:`_dead_end`."""
        p: cython.int
        for p in range(self.game[G_N]):
            if not fin_mask >> p & 1 and self._sim_moves(gs, p):
                return True
        return False

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_less(self, i: cython.int, j: cython.int) -> cython.bint:
        """Whether outcome ``i``'s key comes before outcome ``j``'s: the canonical order.

        Canonical order: lexicographic on (the 16 pawn numbers, colour by
        colour, each colour's sorted, 0 for colours not in play; the mover's
        cut flag; the extra throw, counted only where it is granted), the
        order of ``moves.legal_plays``. Two distinct outcomes differ in it.
        """
        if self.f_outcomes[3 * i] != self.f_outcomes[3 * j]:
            return self.f_outcomes[3 * i] < self.f_outcomes[3 * j]
        if self.f_outcomes[3 * i + 1] != self.f_outcomes[3 * j + 1]:
            return self.f_outcomes[3 * i + 1] < self.f_outcomes[3 * j + 1]
        return self.f_outcomes[3 * i + 2] < self.f_outcomes[3 * j + 2]

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_sort(self, n: cython.int) -> cython.int:
        """Sort f_order[:n] in canonical order (Shell sort), drop repeats; the number left."""
        keys = self.f_order
        gap: cython.int = 1
        while gap * 3 + 1 < n:
            gap = gap * 3 + 1
        i: cython.int
        j: cython.int
        v: cython.int
        while gap >= 1:
            for i in range(gap, n):
                v = keys[i]
                j = i
                while j >= gap and self._f_less(v, keys[j - gap]):
                    keys[j] = keys[j - gap]
                    j -= gap
                keys[j] = v
            gap //= 3
        m: cython.int = 0
        for i in range(n):
            if m and not self._f_less(keys[m - 1], keys[i]):
                continue  # equal to the one before
            keys[m] = keys[i]
            m += 1
        return m

    @cython.cfunc
    @cython.exceptval(check=False)
    def _f_select(self, n: cython.int, rank: cython.int) -> cython.int:
        """The outcome of rank ``rank`` in canonical order among f_order[:n] (distinct keys).

        ``f_order[:n]`` is a permutation of the rows ``0 .. n - 1``, as an enumeration
        leaves it unsorted (:meth:`_withhold`, ``kb_enumerate``) and as a previous pick
        leaves it (the quickselect only reorders it): so the count, which depends on
        the set of rows only, reads the rows directly. Which permutation the
        quickselect leaves depends on its pivots; no caller depends on it.
        """
        if n == 1:
            return self.f_order[0]
        # two to four keys: each pair compared once at most (the count below compares
        # each key with all); rank 0 is row 1 where row 1 comes before row 0
        c10: cython.Py_ssize_t
        c20: cython.Py_ssize_t
        c21: cython.Py_ssize_t
        if n == 2:
            return self._f_qbefore(1, 0, 3) ^ rank
        if n == 3:
            c10 = self._f_qbefore(1, 0, 3)
            c20 = self._f_qbefore(2, 0, 3)
            c21 = self._f_qbefore(2, 1, 3)
            if c10 + c20 == rank:
                return 0
            if 1 - c10 + c21 == rank:
                return 1
            return 2
        c30: cython.Py_ssize_t
        c31: cython.Py_ssize_t
        c32: cython.Py_ssize_t
        if n == 4:
            c10 = self._f_qbefore(1, 0, 3)
            c20 = self._f_qbefore(2, 0, 3)
            c30 = self._f_qbefore(3, 0, 3)
            if c10 + c20 + c30 == rank:
                return 0
            c21 = self._f_qbefore(2, 1, 3)
            c31 = self._f_qbefore(3, 1, 3)
            if 1 - c10 + c21 + c31 == rank:
                return 1
            c32 = self._f_qbefore(3, 2, 3)
            if 2 - c20 - c21 + c32 == rank:
                return 2
            return 3
        i: cython.int
        j: cython.int
        a0: cython.ulonglong
        a1: cython.ulonglong
        a2: cython.ulonglong
        b0: cython.ulonglong
        b1: cython.ulonglong
        below: cython.int
        if n <= 8:
            # few keys: the one with exactly ``rank`` keys before it (comparisons without
            # branches). b before a in canonical order is b0 < a0 + (b1 < a1 + (b2 < a2)):
            # a pawns' word is never all ones (its bytes are progress numbers, below 128),
            # so a0 + 1 and a1 + 1 do not overflow (also in _f_qselect).
            for i in range(n):
                a0 = self.f_outcomes[3 * i]
                a1 = self.f_outcomes[3 * i + 1]
                a2 = self.f_outcomes[3 * i + 2]
                below = 0
                for j in range(n):
                    b0 = self.f_outcomes[3 * j]
                    b1 = self.f_outcomes[3 * j + 1]
                    below += b0 < a0 + (b1 < a1 + (self.f_outcomes[3 * j + 2] < a2))
                if below == rank:
                    return i
        # more: a quickselect (_f_qselect) on the two pawns' words, the third word (the
        # cut flag, the extra throw) checked in its first round: it nearly always
        # agrees; where not, again on the three
        r: cython.int = self._f_qselect(n, rank, 2, True)
        if r >= 0:
            return r
        return self._f_qselect(n, rank, 3, False)

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_qselect(
        self,
        n: cython.int,
        rank: cython.int,
        words: cython.int,
        check: cython.bint,
    ) -> cython.int:
        """:meth:`_f_select`'s quickselect: the outcome of rank ``rank`` among f_order[:n],
        the keys compared on their first ``words`` words (2 or 3).

        The partition (:meth:`_f_qround`) has no branches on the keys. ``words`` and
        ``check`` are constants at each call, so the compiled loops have no test of
        them. With ``check`` (``words`` 2), -1 where the keys' third words are not
        all the same, found in the first round (which sees every key): the caller
        then selects on the three words. Else the keys compare on the first two as
        on all three, so the outcome is the same; f_order is left a permutation of
        the same rows.
        """
        # (f_order read in place: a local view of it would be acquired and released;
        # 64-bit places and rows: no sign extension of each in the loop)
        lo: cython.Py_ssize_t = 0
        hi: cython.Py_ssize_t = n - 1
        p: cython.Py_ssize_t
        st: cython.Py_ssize_t
        mid: cython.Py_ssize_t
        pl: cython.Py_ssize_t
        pm: cython.Py_ssize_t
        ph: cython.Py_ssize_t
        ml: cython.Py_ssize_t
        hl: cython.Py_ssize_t
        hm: cython.Py_ssize_t
        want: cython.Py_ssize_t
        r4: cython.Py_ssize_t
        q: cython.Py_ssize_t
        chk: cython.bint = check
        while lo < hi:
            mid = (lo + hi) >> 1
            if hi - lo >= 6:
                # seven keys or more: the pivot from three keys, a quarter in from each
                # end and the middle one, the one whose place among them is nearest
                # the rank's in the range (the least where the rank is in its lowest
                # quarter, the greatest in its highest, else the middle one): fewer
                # keys are left after it than after the middle key alone. (A quarter
                # in: an enumeration's first and last keys are often near the least
                # and the greatest.) Without branches: their places from three
                # comparisons.
                r4 = 4 * (rank - lo)
                want = (r4 > hi - lo) + (r4 > 3 * (hi - lo) + 2)
                q = (hi - lo) >> 2
                pl = self.f_order[lo + q]
                pm = self.f_order[mid]
                ph = self.f_order[hi - q]
                ml = self._f_qbefore(pm, pl, words)
                hl = self._f_qbefore(ph, pl, words)
                hm = self._f_qbefore(ph, pm, words)
                mid = lo + q if ml + hl == want else mid
                mid = hi - q if 2 - hl - hm == want else mid
            p = self.f_order[mid]
            self.f_order[mid] = self.f_order[hi]
            self.f_order[hi] = p
            if chk:
                # the first round sees every key: the third word checked on the way
                st = self._f_qround(lo, hi, p, words, True)
                if st < 0:
                    return -1
                chk = False
            else:
                st = self._f_qround(lo, hi, p, words, False)
            if rank == st:
                return p
            if rank < st:
                hi = st - 1
            else:
                lo = st + 1
        return self.f_order[rank]

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_qround(
        self,
        lo: cython.Py_ssize_t,
        hi: cython.Py_ssize_t,
        p: cython.Py_ssize_t,
        words: cython.int,
        check: cython.bint,
    ) -> cython.Py_ssize_t:
        """:meth:`_f_qselect`'s partition of f_order[lo:hi] around row ``p``'s key (at
        ``hi``): the keys before it moved below the place returned, where it goes.
        With ``check``, -1 instead where some key's third word differs from ``p``'s
        (then the keys were compared on the first two words only, ``words`` 2)."""
        i: cython.Py_ssize_t
        v: cython.Py_ssize_t
        b0: cython.ulonglong
        b1: cython.ulonglong
        d2: cython.ulonglong = 0
        a0: cython.ulonglong = self.f_outcomes[3 * p]
        a1: cython.ulonglong = self.f_outcomes[3 * p + 1]
        a2: cython.ulonglong = self.f_outcomes[3 * p + 2]
        st: cython.Py_ssize_t = lo
        for i in range(lo, hi):
            v = self.f_order[i]
            b0 = self.f_outcomes[3 * v]
            self.f_order[i] = self.f_order[st]
            self.f_order[st] = v
            if check:
                d2 |= self.f_outcomes[3 * v + 2] ^ a2
            if words == 2:
                st += _less2(b0, self.f_outcomes[3 * v + 1], a0, a1)
            else:
                b1 = self.f_outcomes[3 * v + 1]
                st += b0 < a0 + _less2(b1, self.f_outcomes[3 * v + 2], a1, a2)
        if check and d2 != 0:
            return -1
        self.f_order[hi] = self.f_order[st]
        self.f_order[st] = p
        return st

    @cython.cfunc
    @cython.inline
    @cython.exceptval(check=False)
    def _f_qbefore(
        self, p: cython.Py_ssize_t, q: cython.Py_ssize_t, words: cython.int
    ) -> cython.Py_ssize_t:
        """Whether row ``p``'s key comes before row ``q``'s on their first ``words`` words
        (:meth:`_f_qselect`'s comparison, 1 or 0)."""
        if words == 2:
            return _less2(
                self.f_outcomes[3 * p],
                self.f_outcomes[3 * p + 1],
                self.f_outcomes[3 * q],
                self.f_outcomes[3 * q + 1],
            )
        return self.f_outcomes[3 * p] < self.f_outcomes[3 * q] + _less2(
            self.f_outcomes[3 * p + 1],
            self.f_outcomes[3 * p + 2],
            self.f_outcomes[3 * q + 1],
            self.f_outcomes[3 * q + 2],
        )

    @cython.cfunc
    @cython.exceptval(check=False)
    def _sim_moves(self, gs: cython.int[::1], player: cython.int) -> cython.bint:
        """Whether ``player`` has a pawn that a 1 moves where it may always land (Pagade).

        As ``position._surely_moves``: a belly square or Home, or an empty
        ring square, the cut rule (§4.5) respected.
        """
        game = self.game
        g: cython.int = G_CFG  # the first mover's table: routes and switches are everyone's
        home: cython.int = game[G_HOME]
        cut_rule: cython.bint = game[g + C_CUT_RULE] != 0
        may_enter: cython.bint = (gs[S_CUTS] >> player & 1) != 0
        i: cython.int
        k: cython.int
        c: cython.int
        d: cython.int
        q: cython.int
        p: cython.int
        t: cython.int
        s: cython.int
        free: cython.bint
        for i in range(game[G_PCOLS + 3 * player]):
            c = game[G_PCOLS + 3 * player + 1 + i]
            for k in range(4):
                p = gs[4 * c + k]
                t = p + 1
                if t > home:
                    continue
                if cut_rule and not may_enter and p < 77 and t >= 77:
                    continue
                s = game[g + C_ROUTE + 85 * c + t]
                if s < 0 or s >= 68:
                    return True
                free = True
                for d in range(4):
                    if game[g + C_IN_PLAY + d]:
                        for q in range(4):
                            if game[g + C_ROUTE + 85 * d + gs[4 * d + q]] == s:
                                free = False
                if free:
                    return True
        return False


# -- entry points for the batched environments ---------------------------------
#
# pachisi._kbatch (the batched RL environments, compiled on its own) drives a
# Kernel through these functions (kb_*: on a game state the caller holds), and
# pachisi._kplay through the kp_* below and three of these: the kernel's C interface
# to the other compiled modules, its one seam. _kernel.pxd declares them (the layouts
# they share are _layout.pxd's), and another module calls them through the pointers
# it imports; each one's docstring names its callers (tests/test_seams.py checks
# them). The Kernel class itself is not declared there: its methods keep their
# direct calls (a class declared in a .pxd calls its fused methods through its method
# table, 41% more instructions in the playouts when tried), so these thin functions
# are the way in, not a second API.


@cython.cfunc
def kb_new(game: cython.int[::1]) -> object:
    """A kernel for the games of ``game`` (``_accel.game_table``'s table).

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    k: Kernel = Kernel()
    k.game = game
    return k


@cython.cfunc
@cython.exceptval(check=False)
def kb_enumerate(
    kern: object,
    gs: cython.int[::1],
    a: cython.int,
    b: cython.int,
    fin_mask: cython.int,
) -> cython.int:
    """The distinct outcomes of throw (``a``, ``b``) for the mover of the game state ``gs``
    (``fin_mask``: its finishers): ``2 * m + in_order``.

    The ``m`` outcomes are :func:`kb_outcomes` rows :func:`kb_order` ``[:m]``,
    an extra throw withheld from a mover who finishes (§3.5), as in
    :meth:`pachisi._kplay.Games._fplayout`; in canonical order if ``in_order``, else in no
    order (:func:`kb_select` finds the one of a given rank).

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    game = k.game
    mover: cython.int = gs[S_TO_MOVE]
    k._use_cfg(game, mover)
    k.pos = gs
    gs[P_CUT] = gs[S_CUTS] >> mover & 1
    n: cython.int = k._f_plays(a, b, not game[G_PAGADE] and a == b and gs[P_DOUBLES] == 2, 0)
    mover_done: cython.bint = fin_mask >> mover & 1
    withheld: cython.bint = False
    r: cython.int
    for r in range(n):
        if k.f_outcomes[3 * r + 2] & 1 and (
            mover_done or k._kfinished(k.f_outcomes[3 * r], k.f_outcomes[3 * r + 1], mover)
        ):
            k.f_outcomes[3 * r + 2] &= 2
            withheld = True
        k.f_order[r] = r
    if withheld:  # a withheld twin of another outcome goes: sort, drop repeats
        return 2 * k._f_sort(n) + 1
    return 2 * n


@cython.cfunc
def kb_outcomes(kern: object) -> cython.ulonglong[::1]:
    """The outcome rows (3 words each: the key) of the last :func:`kb_enumerate`, writable.

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    return k.f_outcomes


@cython.cfunc
def kb_order(kern: object) -> cython.int[::1]:
    """The rows of the last :func:`kb_enumerate`'s outcomes, in its order, writable.

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    return k.f_order


@cython.cfunc
@cython.exceptval(check=False)
def kb_select(kern: object, m: cython.int, rank: cython.int) -> cython.int:
    """The row of the outcome of rank ``rank`` in canonical order among the ``m``
    outcomes :func:`kb_order` lists (which it reorders), unsorted: a permutation of
    the rows ``0 .. m - 1`` (``Kernel._f_select``).

    C entry point (``_kernel.pxd``) of ``_kbatch`` and ``_kplay``.
    """
    return cython.cast(Kernel, kern)._f_select(m, rank)


@cython.cfunc
@cython.exceptval(check=False)
def kb_apply(
    kern: object,
    gs: cython.int[::1],
    hi: cython.ulonglong,
    lo: cython.ulonglong,
    x: cython.ulonglong,
    fin_mask: cython.int,
) -> cython.void:
    """Play the outcome (``hi``, ``lo``, ``x``) for the mover of ``gs`` (§3.3, §3.5).

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    mover: cython.int = gs[S_TO_MOVE]
    k._advance_to(gs, gs, hi, lo, x, mover, fin_mask, k._kfinished(hi, lo, mover), False, 0, 0)


@cython.cfunc
@cython.exceptval(check=False)
def kb_decided(kern: object, fin_mask: cython.int, winner: cython.int) -> cython.bint:
    """§3.5 game over, from the finishers and the winners (bit masks).

    C entry point (``_kernel.pxd``) of ``_kbatch`` and ``_kplay``.
    """
    return cython.cast(Kernel, kern)._decided(fin_mask, winner)


@cython.cfunc
@cython.exceptval(check=False)
def kb_dead_end(kern: object, gs: cython.int[::1], fin_mask: cython.int) -> cython.bint:
    """Whether the game state ``gs`` is a Pagade dead end (§3.5).

    C entry point (``_kernel.pxd``) of ``_kbatch`` and ``_kplay``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    return k._dead_end(gs, fin_mask)


@cython.cfunc
@cython.exceptval(check=False)
def kb_changes(
    kern: object,
    gs: cython.int[::1],
    hi: cython.ulonglong,
    lo: cython.ulonglong,
    x: cython.ulonglong,
) -> cython.bint:
    """Whether the outcome (``hi``, ``lo``, ``x``) changes the game state ``gs``: moves a
    pawn, or has the mover cut (Pagade).

    C entry point (``_kernel.pxd``) of ``_kbatch``.
    """
    c: cython.int
    j: cython.int
    if (x & 2) != 0 and not gs[P_CUT]:
        return True
    for c in range(4):
        for j in range(4):
            if _key_pawn(hi, lo, c, j) != gs[4 * c + j]:
                return True
    return False


# -- entry points for the games ------------------------------------------------
#
# pachisi._kplay (the playouts, ``pachisi simulate``'s games, the network's self-play:
# the game loop, compiled on its own) plays on one Kernel through these functions and
# kb_decided, kb_select and kb_dead_end above; _kernel.pxd declares them. The game is
# played on the kernel's own state buffer (kp_state), the one the greedy and network
# choices value outcomes from (_after), so that none of them passes a memoryview on a
# game's hot path.


@cython.cfunc
def kp_state(kern: object) -> cython.int[::1]:
    """The kernel's game-state buffer (``S_SIZE`` ints), the state its games play on.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    return k.gst


@cython.cfunc
def kp_setup(
    kern: object, game: cython.int[::1], evd: cython.double[::1], evi: cython.int[::1]
) -> cython.void:
    """Start games of the game table ``game``; ``evd``/``evi``: the hand evaluation's
    tables (kept as they are if ``evd`` is None).

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    k.game = game
    k.kp_game = game
    if evd is not None:
        k.evd = evd
        k.evi = evi
    # each player's table for _game_throw, taken by _use_cfg (a field assigned from a
    # field, never from a slice: see _use_cfg); a game table has one per player
    n_pl: cython.int = game[G_N]
    k._use_cfg(game, 0)
    k.cfg_p0 = k.cfg
    if n_pl > 1:
        k._use_cfg(game, 1)
    k.cfg_p1 = k.cfg
    if n_pl > 2:
        k._use_cfg(game, 2)
    k.cfg_p2 = k.cfg
    if n_pl > 3:
        k._use_cfg(game, 3)
    k.cfg_p3 = k.cfg
    k._point_cfg(k.cfgbuf)
    k.pos = k.gst
    # each player's finishing masks (_finish_masks) for _game_play
    p: cython.int
    mhi: cython.ulonglong
    vhi: cython.ulonglong
    mlo: cython.ulonglong
    vlo: cython.ulonglong
    for p in range(n_pl):
        mhi, vhi, mlo, vlo = k._finish_masks(p)
        k.kp_fin[4 * p] = mhi
        k.kp_fin[4 * p + 1] = vhi
        k.kp_fin[4 * p + 2] = mlo
        k.kp_fin[4 * p + 3] = vlo


@cython.cfunc
@cython.exceptval(check=False)
def kp_enumerate(
    kern: object,
    a: cython.int,
    b: cython.int,
    fin_mask: cython.int,
    sort: cython.bint,
    played: cython.bint,
) -> cython.int:
    """The distinct outcomes of throw (``a``, ``b``) for the mover of the game
    (:func:`kp_state`; ``fin_mask``: its finishers): ``2 * m + in_order``.

    The ``m`` outcomes are the rows :func:`kp_row` ``(i)`` for ``i < m``, an
    extra throw withheld from a mover who finishes (§3.5); in canonical order
    (repeats dropped) if ``in_order``, which they are when one was withheld or
    ``sort`` asks for it, else in no order (:func:`kb_select` finds the one of
    a given rank).

    ``played``: the game state is as the last :func:`kp_play` left it (since the
    last :func:`kp_setup`; the caller knows it, the kernel cannot: the state's array is
    the caller's too); some of the throw's set-up is then spared.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    # (a cast used in place, as in the functions below: a typed local would take and
    # drop a reference on every call)
    return cython.cast(Kernel, kern)._game_throw(a, b, fin_mask, sort, played)


@cython.cfunc
@cython.exceptval(check=False)
def kp_row(kern: object, i: cython.int) -> cython.int:
    """The row of the last :func:`kp_enumerate`'s ``i``-th outcome in its order.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    return cython.cast(Kernel, kern).f_order[i]


@cython.cfunc
@cython.exceptval(check=False)
def kp_best(
    kern: object, m: cython.int, mover: cython.int, fin_mask: cython.int, network: cython.bint
) -> cython.int:
    """The number of the mover's best outcomes among the ``m`` of the last
    :func:`kp_enumerate` (in canonical order) by the hand evaluation, or with ``network``
    the value network (``Kernel._best_outcomes``, the one greedy choice); their rows are
    :func:`kp_best_row`.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    return cython.cast(Kernel, kern)._best_outcomes(m, mover, fin_mask, network)


@cython.cfunc
@cython.exceptval(check=False)
def kp_best_row(kern: object, j: cython.int) -> cython.int:
    """The row of the ``j``-th best outcome of the last :func:`kp_best`.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    return cython.cast(Kernel, kern)._best_row(j)


@cython.cfunc
@cython.exceptval(check=False)
def kp_play(kern: object, r: cython.int, mover: cython.int, fin_mask: cython.int) -> cython.int:
    """Play ``mover``'s outcome of row ``r`` in the game (§3.3, §3.5; the one finishing
    step, ``Kernel._advance_to``), whose finishers are ``fin_mask`` (a bit mask); the
    finishers after it.

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    return cython.cast(Kernel, kern)._game_play(r, mover, fin_mask)


@cython.cfunc
@cython.exceptval(check=False)
def kp_evaluate(kern: object, player: cython.int) -> cython.double:
    """The hand evaluation of the game for ``player`` (the tables of :func:`kp_setup`).

    C entry point (``_kernel.pxd``) of ``_kplay``.
    """
    k: Kernel = cython.cast(Kernel, kern)
    gs = k.gst
    k._use_cfg(k.game, 0)
    return k._evaluate(gs, 0, gs[S_CUTS], gs[S_WIN], player)


# ---------------------------------------------------------------------------
# small helpers


def stream_seed(seed: cython.ulonglong, j: cython.ulonglong) -> cython.ulonglong:
    """The seed of stream ``j`` of ``seed`` (``_splitmix.pxd``), for Python callers (the tests)."""
    return _stream_seed(seed, j)


# ---------------------------------------------------------------------------
# the fast enumerator's word helpers (16-bit pawn lanes, 8-bit numbers)

_MOVED_LANES = cython.declare(_CU64, 0x0080008000800080)
_BONUS_PART = cython.declare(cython.ulonglong, 0x8000000000000000)
_M64 = 0xFFFFFFFFFFFFFFFF
_LO32 = cython.declare(_CU64, 0xFFFFFFFF)
_P4 = cython.declare(_CU64, 0x007F007F007F007F)
_L4 = cython.declare(_CU64, 0x0001000100010001)
_LANE_TOPS = cython.declare(_CU64, 0x8000800080008000)
_LANE_TOPS3 = cython.declare(_CU64, 0x0000800080008000)
_LANES3 = cython.declare(_CU64, 0x0000FFFFFFFFFFFF)
_B3 = cython.declare(_CU64, 0xFF000000)
_H1 = cython.declare(_CU64, 0x1E3779B97F4A7C15)
_H2 = cython.declare(_CU64, 0x42B2AE3D27D4EB4F)
_H3 = cython.declare(_CU64, 0x165667B19E3779F9)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lane(w: cython.ulonglong, k: cython.int) -> cython.int:
    return cython.cast(cython.int, (w >> (16 * k)) & 0xFFFF)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _set_lane(w: cython.ulonglong, k: cython.int, v: cython.int) -> cython.ulonglong:
    sh: cython.int = 16 * k
    # (``v``, a lane, is never negative: widened through 32 unsigned bits, a zero
    # extension, which costs no instruction where a sign extension would)
    return (w & ~(cython.cast(cython.ulonglong, 0xFFFF) << sh)) | (
        cython.cast(cython.ulonglong, cython.cast(cython.uint, v)) << sh
    )


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _raised(w: cython.ulonglong, k: cython.int, v: cython.int) -> cython.ulonglong:
    """Sorted lanes ``w`` with lane ``k`` raised to ``v`` (not smaller than it was), sorted.

    Only the raised lane can be out of order, and it is too large, so one
    pass of compare-exchanges from the bottom up carries it to its place
    (three instead of the five of :func:`_sort4`), without branches. (Compiled, the
    five in a vector register cost less: :func:`_sort4`.)
    """
    if cython.compiled:
        return kbits_sort4(_set_lane(w, k, v))
    a: cython.ulonglong
    b: cython.ulonglong
    c: cython.ulonglong
    d: cython.ulonglong
    a, b, c, d = _raised4(w, k, v)
    return a | b << 16 | c << 32 | d << 48


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _raised_by(w: cython.ulonglong, k: cython.int, d: cython.int) -> cython.ulonglong:
    """:func:`_raised` with lane ``k`` raised by ``d`` (> 0): its progress number moved on,
    its marks kept (the number stays below 0x80, so nothing carries into the next lane)."""
    if cython.compiled:
        return kbits_sort4(_moved(w, k, d))
    return _raised(w, k, _lane(w, k) + d)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _moved(w: cython.ulonglong, k: cython.int, d: cython.int) -> cython.ulonglong:
    """Lanes ``w`` with lane ``k``'s progress number moved on by ``d`` (>= 0), its marks
    kept: :func:`_set_lane` of the lane plus ``d``, by one addition (the number stays at
    most 84, below 0x80, so nothing carries into the marks or the next lane)."""
    return w + (cython.cast(cython.ulonglong, cython.cast(cython.uint, d)) << (16 * k))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _raised_slot(
    pa: cython.ulonglong, pb: cython.ulonglong, cs: cython.int, k: cython.int, d: cython.int
) -> tuple[cython.ulonglong, cython.ulonglong]:
    """The lanes ``pa``, ``pb`` with lane ``k`` of colour slot ``cs`` raised by ``d``
    (:func:`_raised_by`)."""
    if cs == 0:
        return _raised_by(pa, k, d), pb
    return pa, _raised_by(pb, k, d)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _raised_canon(w: cython.ulonglong, k: cython.int, v: cython.int) -> cython.ulonglong:
    """:func:`_canon_sorted` of :func:`_raised` ``(w, k, v)`` for lanes (``w``'s and ``v``)
    that are progress numbers only: the lanes straight into the big-endian field,
    without the 16-bit word between. (Compiled: :func:`_canon4` of the lanes set.)"""
    if cython.compiled:
        return kbits_canon4(_set_lane(w, k, v))
    a: cython.ulonglong
    b: cython.ulonglong
    c: cython.ulonglong
    d: cython.ulonglong
    a, b, c, d = _raised4(w, k, v)
    return a << 24 | b << 16 | c << 8 | d


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _raised4(
    w: cython.ulonglong, k: cython.int, v: cython.int
) -> tuple[cython.ulonglong, cython.ulonglong, cython.ulonglong, cython.ulonglong]:
    """:func:`_raised`'s four lanes, lowest first."""
    w = _set_lane(w, k, v)
    a: cython.ulonglong = w & 0xFFFF
    b: cython.ulonglong = (w >> 16) & 0xFFFF
    c: cython.ulonglong = (w >> 32) & 0xFFFF
    d: cython.ulonglong = w >> 48
    x: cython.ulonglong = a if a < b else b
    b = b if a < b else a
    a = x
    x = b if b < c else c
    c = c if b < c else b
    b = x
    x = c if c < d else d
    d = d if c < d else c
    c = x
    return a, b, c, d


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _sort4(w: cython.ulonglong) -> cython.ulonglong:
    """The four 16-bit lanes of ``w`` (each below 0x8000) sorted (lane 0 the smallest),
    without branches (compiled: ``_kbits.h``'s, in a vector register where it can)."""
    if cython.compiled:
        return kbits_sort4(w)
    a: cython.ulonglong = w & 0xFFFF
    b: cython.ulonglong = (w >> 16) & 0xFFFF
    c: cython.ulonglong = (w >> 32) & 0xFFFF
    d: cython.ulonglong = w >> 48
    x: cython.ulonglong = a if a < b else b
    y: cython.ulonglong = b if a < b else a
    z: cython.ulonglong = c if c < d else d
    t: cython.ulonglong = d if c < d else c
    a = x if x < z else z
    c = z if x < z else x
    b = y if y < t else t
    d = t if y < t else y
    x = b if b < c else c
    c = c if b < c else b
    b = x
    return a | b << 16 | c << 32 | d << 48


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _canon4(w: cython.ulonglong) -> cython.ulonglong:
    """The progress numbers of the four lanes, sorted, as a big-endian 32-bit field
    (compiled: ``_kbits.h``'s)."""
    if cython.compiled:
        return kbits_canon4(w)
    return _field4(_sort4(w & _P4))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _field4(v: cython.ulonglong) -> cython.ulonglong:
    """Four sorted lanes of progress numbers (each below 0x100) as the big-endian
    32-bit key field, lane 0 in the top byte (:func:`_canon4`; compiled: ``_kbits.h``'s)."""
    if cython.compiled:
        return kbits_field4(v)
    return (v & 0xFF) << 24 | ((v >> 16) & 0xFF) << 16 | ((v >> 32) & 0xFF) << 8 | (v >> 48)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _captured_field(
    hi: cython.ulonglong, lo: cython.ulonglong, c: cython.int, p: cython.int
) -> tuple[cython.ulonglong, cython.ulonglong]:
    """The outcome key ``hi``/``lo`` (:meth:`Kernel._f_pawn_key`'s) with colour ``c``'s
    pawn at progress number ``p`` (> 0, held by one pawn of ``c``) sent to the nest: in
    the sorted big-endian field the ``j`` bytes below ``p`` move down one byte over
    it, and a 0 enters at the top."""
    sh: cython.int = 0 if c & 1 else 32
    f: cython.ulonglong = ((hi if c < 2 else lo) >> sh) & _LO32
    j: cython.int = (
        ((f >> 24) & 255 < p) + ((f >> 16) & 255 < p) + ((f >> 8) & 255 < p) + (f & 255 < p)
    )
    low: cython.int = 24 - 8 * j  # the bits below p's byte
    one: cython.ulonglong = 1
    f = (f >> (low + 8)) << low | (f & ((one << low) - 1))
    if c < 2:
        return (hi & ~(_LO32 << sh)) | f << sh, lo
    return hi, (lo & ~(_LO32 << sh)) | f << sh


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _meets(
    hi: cython.ulonglong,
    lo: cython.ulonglong,
    mhi: cython.ulonglong,
    vhi: cython.ulonglong,
    mlo: cython.ulonglong,
    vlo: cython.ulonglong,
) -> cython.bint:
    """§3.5: whether the outcome key ``hi``/``lo`` meets a player's finishing condition,
    given as :meth:`Kernel._finish_masks` makes it (masks and the values under them)."""
    return hi & mhi == vhi and lo & mlo == vlo


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lanes_sorted(w: cython.ulonglong) -> cython.bint:
    """Whether the four 16-bit lanes of ``w`` (each below 0x8000) are in order, lane 0
    the smallest (without branches).

    Lane ``i`` of ``(w >> 16 | H) - (w & 48 bits)``, ``H`` the lanes' top bits, is
    ``0x8000 + lane(i + 1) - lane(i)`` for ``i`` < 3: between 1 and 0xFFFF, so no lane
    borrows from the next, and its top bit is set exactly where ``lane(i + 1) >=
    lane(i)``.
    """
    d: cython.ulonglong = ((w >> 16) | _LANE_TOPS) - (w & _LANES3)
    return (d & _LANE_TOPS3) == _LANE_TOPS3


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _sort4_mostly_sorted(w: cython.ulonglong) -> cython.ulonglong:
    """:func:`_sort4` of lanes (each below 0x8000) that are mostly in order already: a
    game's pawns by colour are (:meth:`Kernel._advance_to` writes them from the sorted
    key), other positions' need not be."""
    if _lanes_sorted(w):
        return w
    return _sort4(w)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _canon4_mostly_sorted(w: cython.ulonglong) -> cython.ulonglong:
    """:func:`_canon4` of lanes mostly in order already (:func:`_sort4_mostly_sorted`)."""
    return _field4(_sort4_mostly_sorted(w & _P4))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _canon_sorted(w: cython.ulonglong) -> cython.ulonglong:
    """:func:`_canon4` of sorted lanes (no sort when they hold progress numbers only)."""
    if w & ~_P4:
        return _canon4(w)
    return _field4(w)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lanes_at(w: cython.ulonglong, v: cython.int) -> cython.int:
    """How many of the four lanes hold progress number ``v`` (without branches)."""
    x: cython.ulonglong = (w & _P4) ^ (cython.cast(cython.ulonglong, v) * _L4)
    y: cython.ulonglong = (x + _P4) & _MOVED_LANES  # bit 7 in each lane that is not v
    # their count: bits 55-57 of the 64-bit y * _L4 (the sums below bit 55 are at most 3, so
    # none carries into it; above it, nothing is left of the product)
    z: cython.ulonglong = y * _L4
    if not cython.compiled:
        z &= _M64
    return 4 - cython.cast(cython.int, z >> 55)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bonus_lanes(w: cython.ulonglong, v: cython.int) -> cython.ulonglong:
    """The lanes of ``w`` (sorted: equal lanes side by side) that may make a bonus move of
    ``v`` (§5.7), each distinct lane once: bit 15 of lane k set where 0 < p <= 72 - v (on
    the board, not past HOME) and lane k differs from lane k - 1 (an equal lane makes the
    same move). Without branches: each lane's test is a borrow into its bit 15 (lanes
    are below 0x800, so none carries into the next)."""
    if v > 71:
        return 0  # (no p with 0 < p <= 72 - v)
    p4: cython.ulonglong = w & _P4
    top: cython.ulonglong = _MOVED_LANES << 8  # (bit 15 of each lane)
    ge1: cython.ulonglong = p4 + 0x7FFF * _L4  # bit 15: p >= 1
    over: cython.ulonglong = p4 + cython.cast(cython.ulonglong, 0x8000 - (73 - v)) * _L4
    # bit 15: lane k != lane k - 1 (lane 0 != 0, which p >= 1 implies)
    d: cython.ulonglong = (w ^ (w << 16)) + 0x7FFF * _L4
    return ge1 & ~over & d & top


#: An Eight-Man number set's step, set C (A and B: 2 and 1 more in bits 51 up; see _f_key).
_OPTION_KEY = cython.declare(cython.longlong, 0x5C00000000000000)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _dice_word(
    left: cython.ulonglong, nleft: cython.int, flag: cython.int, gone: cython.int
) -> cython.ulonglong:
    """A dice state's third word: the numbers left (sorted codes, a byte each) and
    their count (bits 32-34), the flag (bits 35-46: §5.8's no-split pawn, or Pagade's
    cut flag) and the others' captured pawns (bits 47-62, by occupied square)."""
    return (
        left
        | cython.cast(cython.ulonglong, nleft) << 32
        | cython.cast(cython.ulonglong, flag) << 35
        | cython.cast(cython.ulonglong, gone) << 47
    )


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _word_nleft(w2: cython.ulonglong) -> cython.int:
    """How many numbers a dice state's third word (:func:`_dice_word`) has left."""
    return cython.cast(cython.int, (w2 >> 32) & 7)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _word_flag(w2: cython.ulonglong) -> cython.int:
    """A dice state's flag (:func:`_dice_word`; Pagade's is 0 or 1)."""
    return cython.cast(cython.int, (w2 >> 35) & 0xFFF)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _split_used(w2: cython.ulonglong, dcode: cython.ulonglong) -> cython.int:
    """A doublet's dice state (every pawn out): its numbers used, 5 * d's + e's (e = 7 - d).

    The numbers left are sorted, the d's (smaller codes) first."""
    nleft: cython.int = _word_nleft(w2)
    cd: cython.int = (nleft >= 1 and w2 & 255 == dcode) + (nleft >= 2 and (w2 >> 8) & 255 == dcode)
    return 5 * (2 - cd) + 2 - (nleft - cd)


#: :meth:`Kernel._f_comb_need`'s bits 5 * d's + e's with at most two of each.
_SPLIT_VALID = cython.declare(_CINT, 0x1CE7)
#: :meth:`Kernel._f_split`'s flag on a block's state (above its captures, bits 0-15)
#: with a lane on a square that a higher block's pawn may reach: a combination's end
#: with it may repeat another's (see :meth:`Kernel._f_comb`); and on every end
#: (_SPLIT_ALL, ``f_split_g0``).
_SPLIT_AMB = cython.declare(_CINT, 0x10000)
_SPLIT_ALL = cython.declare(_CINT, 0x20000)
#: :meth:`Kernel._f_split`'s flag on a block's state with a pawn brought HOME (see
#: :meth:`Kernel._f_comb`).
_SPLIT_HOME = cython.declare(_CINT, 0x40000)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _split_count(used: cython.int) -> cython.int:
    """The bits ``5 * d's + e's`` (at most two of each) of ``used`` numbers in all."""
    if used == 4:
        return 1 << 12
    if used == 3:
        return 1 << 7 | 1 << 11
    if used == 2:
        return 1 << 2 | 1 << 6 | 1 << 10
    if used == 1:
        return 1 << 1 | 1 << 5
    return 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _less2(
    b0: cython.ulonglong, b1: cython.ulonglong, a0: cython.ulonglong, a1: cython.ulonglong
) -> cython.int:
    """Whether the two-word key (``b0``, ``b1``) comes before (``a0``, ``a1``), word 0
    first: the pick's canonical order on two words. (Compiled: ``_kbits.h``'s, one
    128-bit comparison where the C compiler has a 128-bit integer.)"""
    if cython.compiled:
        return kbits_less2(b0, b1, a0, a1)
    return cython.cast(cython.int, b0 < a0 or (b0 == a0 and b1 < a1))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bit_index(x: cython.int) -> cython.int:
    """The number of the lowest set bit of ``x`` > 0 (compiled: ``_kbits.h``'s, one
    instruction where the C compiler has ``__builtin_ctz``)."""
    if cython.compiled:
        return kbits_lowest_bit(x)
    return (x & -x).bit_length() - 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lowest_bit(m: cython.int) -> cython.int:
    """The lowest set bit of ``m`` (> 0, bits of _SPLIT_VALID only: ``5 * d's + e's``).

    Without branches: bits 8 to 11 of 283 times that bit alone differ for the nine
    bits of _SPLIT_VALID (0, 1, 2, 5, 6, 7, 10, 11, 12 give 1, 2, 4, 3, 6, 13, 12, 8,
    0), and _LOWEST_BIT holds each bit's number in the four bits they name. (Compiled:
    ``_kbits.h``'s, one instruction where the C compiler has ``__builtin_ctz``.)"""
    if cython.compiled:
        return kbits_lowest_bit(m)
    v: cython.int = m & -m
    return cython.cast(cython.int, (_LOWEST_BIT >> (4 * ((v * 283 >> 8) & 15))) & 15)


#: :func:`_lowest_bit`'s table: the number of each bit of _SPLIT_VALID, four bits each.
_LOWEST_BIT = cython.declare(cython.ulonglong, 0x7A000B0602510C)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _word_gone(w2: cython.ulonglong) -> cython.int:
    """The others' pawns captured in a state (its third word, dice or bonus part)."""
    return cython.cast(cython.int, (w2 >> 47) & 0xFFFF)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _f_key(
    kind: cython.int,
    colour: cython.int,
    frm: cython.int,
    to: cython.int,
    numbers: cython.longlong,
    capture: cython.bint,
) -> cython.longlong:
    """A step's rank (``pachisi.plays.step_rank``): ``numbers`` already in bits 24-43."""
    return (
        cython.cast(cython.longlong, kind) << 60
        | cython.cast(cython.longlong, colour & 3) << 58
        | cython.cast(cython.longlong, frm) << 51
        | cython.cast(cython.longlong, to) << 44
        | numbers
        | cython.cast(cython.longlong, 1 if capture else 0) << 23
    )


@cython.cfunc
@cython.exceptval(check=False)
def _t_key(rank: cython.longlong) -> cython.longlong:
    """A step's rank (:func:`_f_key`) as ``Turn``'s action key (read by
    ``pachisi._accel._action_of_key``): kind | colour << 3 | frm << 5 | to << 12 |
    capture << 19 | count << 20 | numbers (8 bits each) << 23 ..."""
    kind: cython.longlong = rank >> 60
    k: cython.longlong = (
        kind
        | ((rank >> 58) & 3) << 3
        | ((rank >> 51) & 127) << 5
        | ((rank >> 44) & 127) << 12
        | ((rank >> 23) & 1) << 19
    )
    if kind == K_BONUS:  # one number, whole in bits 24-43
        return k | 1 << 20 | ((rank >> 24) & 255) << 23
    n: cython.int = 0
    i: cython.int
    v: cython.longlong
    for i in range(4):
        v = (rank >> (39 - 5 * i)) & 31
        if v:
            k |= v << (23 + 8 * n)
            n += 1
    return k | cython.cast(cython.longlong, n) << 20


@cython.cfunc
@cython.exceptval(check=False)
def _ranks_greater(
    a: cython.longlong[::1],
    ao: cython.int,
    na: cython.int,
    b: cython.longlong[::1],
    bo: cython.int,
    nb: cython.int,
) -> cython.bint:
    """Whether the ranks ``a[ao:ao+na]`` are a greater sequence than ``b[bo:bo+nb]``."""
    k: cython.int
    for k in range(na if na < nb else nb):
        if a[ao + k] != b[bo + k]:
            return a[ao + k] > b[bo + k]
    return na > nb


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _lane_masks(
    pa: cython.ulonglong,
) -> tuple[cython.ulonglong, cython.ulonglong, cython.ulonglong, cython.ulonglong]:
    """The progress numbers 1 .. 71 that the four lanes ``pa`` hold, and those they
    hold twice, as (held lo, held hi, twice lo, twice hi): bit p of lo for p < 64,
    bit p - 64 of hi (:meth:`Kernel._f_blocked1`'s own-pawn masks)."""
    one: cython.ulonglong = 1
    slo: cython.ulonglong = 0
    shi: cython.ulonglong = 0
    tlo: cython.ulonglong = 0
    thi: cython.ulonglong = 0
    b: cython.ulonglong
    k: cython.int
    p: cython.int
    for k in range(4):
        p = cython.cast(cython.int, (pa >> (16 * k)) & _PMASK)
        if p >= 64:
            if p < 72:
                b = one << (p - 64)
                thi |= shi & b
                shi |= b
        elif p:
            b = one << p
            tlo |= slo & b
            slo |= b
    return slo, shi, tlo, thi


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _root_lanes(
    pa0: cython.ulonglong,
    dl: cython.pointer(cython.int),
    di: cython.pointer(cython.int),
    dup: cython.pointer(cython.int),
) -> tuple[
    cython.Py_ssize_t, cython.ulonglong, cython.ulonglong, cython.ulonglong, cython.ulonglong
]:
    """The distinct lanes of the sorted lanes ``pa0`` that can move (0 < p < 72), for
    the two-number paths (:meth:`Kernel._f_pair_direct`, :meth:`Kernel._f_pair_enter`):
    each lane in ``dl``, its first index in ``pa0`` in ``di``, whether a second pawn
    stands on it in ``dup`` (1 or 0); and how many there are with
    :func:`_lane_masks`' masks of those lanes (held lo, hi, twice lo, hi: only the
    twice of equal lanes, as :meth:`Kernel._f_blocked1` counts them)."""
    one: cython.ulonglong = 1
    slo: cython.ulonglong = 0
    shi: cython.ulonglong = 0
    dlo: cython.ulonglong = 0
    dhi: cython.ulonglong = 0
    nd: cython.Py_ssize_t = 0  # (the places 64-bit: no sign extension where they index)
    prev: cython.int = -1
    k: cython.Py_ssize_t
    lane: cython.int
    p: cython.int
    for k in range(4):
        lane = cython.cast(cython.int, (pa0 >> (16 * k)) & 0xFFFF)
        if lane == prev:
            if nd and dl[nd - 1] == lane:
                dup[nd - 1] = 1
                p = lane & _PMASK
                if p >= 64:
                    dhi |= one << (p - 64)
                else:
                    dlo |= one << p
            continue
        prev = lane
        p = lane & _PMASK
        if p == 0 or p >= 72:
            continue
        dl[nd] = lane
        di[nd] = k
        dup[nd] = 0
        if p >= 64:
            shi |= one << (p - 64)
        else:
            slo |= one << p
        nd += 1
    return nd, slo, shi, dlo, dhi


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _put_field(
    hi: cython.ulonglong, lo: cython.ulonglong, c: cython.int, f: cython.ulonglong
) -> tuple[cython.ulonglong, cython.ulonglong]:
    """The canonical key (hi, lo) with colour ``c``'s field set to ``f``."""
    sh: cython.int = 0 if c & 1 else 32
    if c < 2:
        hi = (hi & ~(_LO32 << sh)) | f << sh
    else:
        lo = (lo & ~(_LO32 << sh)) | f << sh
    return hi, lo


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _key_field(hi: cython.ulonglong, lo: cython.ulonglong, c: cython.int) -> cython.ulonglong:
    """Colour ``c``'s field (its four pawns, sorted, as bytes) of a canonical key."""
    return ((hi if c < 2 else lo) >> (0 if c & 1 else 32)) & _LO32


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _key_shift(c: cython.int, k: cython.int) -> cython.int:
    """Where pawn ``k`` (sorted) of colour ``c`` lies in its word of a canonical key (the
    high word for colours 0 and 1, the low word for 2 and 3): its byte's shift."""
    return (0 if c & 1 else 32) + 24 - 8 * k


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _key_pawn(
    hi: cython.ulonglong, lo: cython.ulonglong, c: cython.int, k: cython.int
) -> cython.int:
    """Pawn ``k`` (sorted) of colour ``c`` in a canonical key."""
    w: cython.ulonglong = hi if c < 2 else lo
    return cython.cast(cython.int, (w >> _key_shift(c, k)) & 255)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _progress4(w: cython.ulonglong) -> cython.ulonglong:
    """The progress numbers of the four lanes, sorted, as four bytes."""
    return _bytes4(_sort4(w & _P4))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bytes4(w: cython.ulonglong) -> cython.ulonglong:
    """Four 16-bit lanes (each < 256) as four bytes."""
    return (w & 0xFF) | ((w >> 8) & 0xFF00) | ((w >> 16) & 0xFF0000) | ((w >> 24) & _B3)


@cython.cfunc
@cython.exceptval(check=False)
def _sorted4(
    a: cython.ulonglong, b: cython.ulonglong, c: cython.ulonglong, d: cython.ulonglong
) -> cython.ulonglong:
    """Four bytes sorted, as a 32-bit word (byte 0 the smallest)."""
    return _bytes4(_sort4(a | b << 16 | c << 32 | d << 48))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _remove_byte(w: cython.ulonglong, j: cython.int) -> cython.ulonglong:
    """``w`` without its byte ``j`` (the bytes above move down)."""
    lo: cython.ulonglong = w & ((cython.cast(cython.ulonglong, 1) << (8 * j)) - 1)
    return lo | ((w >> (8 * j + 8)) << (8 * j))


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _slot3(
    a: cython.ulonglong, b: cython.ulonglong, c: cython.ulonglong, shift: cython.int
) -> cython.ulonglong:
    """The hash slot of key (a, b, c) in a table of 2**(64 - shift) slots (multiply-shift:
    the top bits of a sum of products by odd constants, which every bit of the key moves)."""
    h: cython.ulonglong = a * _H1 + b * _H2 + c * _H3
    if not cython.compiled:
        h &= _M64
    return h >> shift


@cython.cfunc
def _grown_set(
    keys: cython.ulonglong[::1], n: cython.int, cap: cython.int, shift: cython.int
) -> tuple[array[int], array[int], array[int]]:
    """A set of three-word keys (the fast enumerator's states or outcomes) grown to ``cap``
    hash slots (``shift``: 64 - log2(cap), see :func:`_slot3`): room for ``cap // 2``
    keys holding the first ``n`` of ``keys``, and its table's generations and indices,
    the keys hashed in at generation 1."""
    words = _words(3 * (cap // 2))
    hgen = _ints(cap)
    hidx = _ints(cap)
    w: cython.ulonglong[::1] = words
    g: cython.int[::1] = hgen
    x: cython.int[::1] = hidx
    k: cython.int
    for k in range(3 * n):
        w[k] = keys[k]
    mask: cython.ulonglong = cap - 1
    j: cython.ulonglong
    i: cython.int
    for i in range(n):
        j = _slot3(w[3 * i], w[3 * i + 1], w[3 * i + 2], shift)
        while g[j] == 1:
            j = (j + 1) & mask
        g[j] = 1
        x[j] = i
    return words, hgen, hidx


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _popcount(x: cython.int) -> cython.int:
    n: cython.int = 0
    while x:
        x &= x - 1
        n += 1
    return n


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _bit128(lo: cython.ulonglong, hi: cython.ulonglong, a: cython.int) -> cython.bint:
    """Whether bit ``a`` (0 <= ``a`` < 128) of the 128-bit mask (lo, hi) is set."""
    return ((hi >> (a - 64) if a >= 64 else lo >> a) & 1) != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _short_hit(
    lo: cython.ulonglong, hi: cython.ulonglong, a: cython.int, b: cython.int
) -> cython.bint:
    """:func:`_range_hit` for ``1 <= a <= b``, ``b - a < 63``: the bits ``a..b`` of the
    128-bit mask (lo, hi) shifted down to the bottom of one word, then masked."""
    x: cython.ulonglong
    if a >= 64:
        x = hi >> (a - 64)
    else:
        x = lo >> a
        if b >= 64:
            x |= hi << (64 - a)
    return (x & ((cython.cast(cython.ulonglong, 2) << (b - a)) - 1)) != 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
def _range_hit(
    lo: cython.ulonglong, hi: cython.ulonglong, a: cython.int, b: cython.int
) -> cython.bint:
    """Whether a bit ``a..b`` (inclusive) of the 128-bit mask (lo, hi) is set."""
    if a > b:
        return False
    e: cython.int
    one: cython.ulonglong = 1
    if a <= 63:
        e = b if b < 63 else 63
        if lo & (((one << (e - a + 1)) - 1) << a):
            return True
    if b >= 64:
        e = a - 64 if a >= 64 else 0
        if hi & (((one << (b - 64 - e + 1)) - 1) << e):
            return True
    return False
