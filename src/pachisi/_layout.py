"""The compiled kernel's table layouts, written once: for Python and for C.

The kernel (:mod:`pachisi._kernel` and its sibling modules) takes and gives
flat integer and float arrays; these numbers say where each field lies in
them. Its Python callers (:mod:`pachisi._accel`, :mod:`pachisi.learn.kernel`)
and its modules run uncompiled read them from here. The compiled modules need
them as C constants that the C compiler folds into their code: ``setup.py``
writes :func:`pxd_source` (every name below as a C enum constant) into
``_layout.pxd`` beside this module before it compiles them, and each cimports
the names it uses from there (``from cython.cimports.pachisi._layout import
...``). No module keeps a copy of its own (``tests/test_kernel_layout.py``).

Standard library only (none needed): the core may import it freely.
"""

from __future__ import annotations

from typing import Final

#: Width of an action of the kernel's candidate ends: kind, colour, frm, to,
#: n_numbers, numbers[4], capture.
A: Final = 10

# cfg: the fixed table of one set-up and mover (built by _accel._cfg)
C_PAGADE: Final = 0
C_JUMP: Final = 1
C_NCOL: Final = 2
C_COL: Final = 3  # 3, 4: the mover's colours in player order
C_CAPTURE_BONUS: Final = 5
C_HOME_BONUS: Final = 6
C_LARGER_DIE: Final = 7
C_NO_SPLIT: Final = 8
C_MAY_ADVANCE: Final = 9
C_PARTIAL_NOTHING: Final = 10
C_CUT_RULE: Final = 11
C_SAFE_X: Final = 12
C_PAIR_DOUBLE: Final = 13
C_IN_PLAY: Final = 14  # 14..17: colour in play
C_FRIEND: Final = 18  # 18..21: colour friendly to the mover
C_ROUTE: Final = 32  # 4 * 85 squares
C_RINDEX: Final = 372  # C_ROUTE + 340: 4 * 100 progress numbers (Parcheesi)
C_SAFETY: Final = 772  # C_RINDEX + 400: 100 flags
C_XSQ: Final = 872  # C_SAFETY + 100: 100 flags
C_SIZE: Final = 972  # C_XSQ + 100

# a position: pawns[16] (4 per colour), doubles at 16, the mover's cut flag at 17
P_DOUBLES: Final = 16
P_CUT: Final = 17
P_SIZE: Final = 18

# a game state for playouts: the position layout, then
S_TO_MOVE: Final = 18
S_CUTS: Final = 19  # bit i: player i has cut (Pagade)
S_NFIN: Final = 20
S_FIN: Final = 21  # 21..24: the finishers in order
S_WIN: Final = 25  # the winners as a bit mask of players, 0: none yet
S_SIZE: Final = 26

# the game table for playouts (built by _accel.game_table)
G_N: Final = 0
G_PAGADE: Final = 1
G_PFP: Final = 2  # play_for_places
G_HOME: Final = 3
G_NFACES: Final = 4
G_FACES: Final = 5  # 5..10
G_TEAMS: Final = 11
G_PCOLS: Final = 12  # 12 + 3 * player: ncol, colour, colour
G_MAJOR: Final = 24  # 24 + player: major colour, or -1
G_TEAM: Final = 28  # 28 + player: the player's team as a bit mask
G_CFG: Final = 32  # then one cfg table (C_SIZE ints) per mover

#: Width of a playout's result: throws, number of finishers, finishers[4], winner mask.
R_SIZE: Final = 7
#: Width of a simulated game's result (_kplay.Games.simulate): R_SIZE, dead end, captures[4].
SIM_SIZE: Final = 12

# the hand-made evaluation's tables (built by _accel.eval_tables): ints, then doubles
E_SAFE: Final = 0  # 0..67: the square protects
E_FRIENDLY: Final = 68  # 68 + 4 * c + d: colours c and d are friendly
E_OWNER: Final = 84  # 84 + c: the player of colour c
E_SPARE: Final = 88  # 88 + c: the colour's least advanced pawn is spare
E_PAGADE: Final = 92
E_HOME: Final = 93
E_SIZE: Final = 94
D_HOME_VALUE: Final = 0
D_CHANCE: Final = 1  # 1 + d: the chance of a hit from distance d (0..67)
D_SIGNS: Final = 69  # 69 + 4 * player + c
D_SIZE: Final = 85

# the value network's int table (built by pachisi.learn.kernel.tables)
NI_HOME: Final = 0
NI_PAGADE: Final = 1
NI_SLOT: Final = 2  # units per colour slot
NI_INPUTS: Final = 3
NI_HIDDEN: Final = 4
NI_NSIDES: Final = 5
NI_NPLAYERS: Final = 6
NI_GLOBAL: Final = 7  # the first global unit
NI_TEAMS_UNIT: Final = 8  # the teams unit, or -1
NI_PLAYERS_UNIT: Final = 9  # the unit of the number of players
NI_SLOTS: Final = 10  # 10 + 4 * mover + slot: the slot's colour
NI_SIDE: Final = 26  # 26 + 4 * mover + player: the player's side
NI_OWNER: Final = 42  # 42 + c: the colour's player
NI_MAJOR: Final = 46  # 46 + c: the colour is its player's major
NI_IN_PLAY: Final = 50  # 50 + c
NI_FRIEND: Final = 54  # 54 + 4 * c + d: friendly colours
NI_SAFE: Final = 70  # 70 + square (0..67): safe for a lone pawn
NI_ROUTE: Final = 138  # 138 + 85 * c + p: the square, -1 off the board
NI_INV: Final = 478  # 478 + 100 * c + square: the progress, or -1
NI_SIZE: Final = 878
# and its double table: the chance table, then the weights (W1, b1, W2, b2)
ND_CHANCE: Final = 0  # 0 + d (0..67): the chance of a hit from d
ND_W1: Final = 68
#: The most units of one encoding (the kernel's scratch buffers' size).
NN_UNITS: Final = 96

# the step graph of one throw for Turn (Kernel.turn_steps): node kinds, width, pawns
T_PENALTY: Final = 0
T_OPTION: Final = 1
T_DICE: Final = 2
T_BONUS: Final = 3
T_DONE: Final = 4
TN: Final = 34
T_PAWNS: Final = 18

#: Every name above: the C constants of ``_layout.pxd`` (:func:`pxd_source`).
NAMES: Final = tuple(
    name for name in tuple(globals()) if name.isupper() and name not in ("NAMES", "Final")
)


def pxd_source() -> str:
    """The text of ``_layout.pxd``: every name of :data:`NAMES` as a constant of an
    anonymous C enum (folded into the code like a literal), which ``setup.py`` writes
    beside this module before it compiles the kernel."""
    numbers = globals()
    lines = [
        "# The compiled kernel's table layouts as C constants: written by setup.py from",
        "# pachisi/_layout.py (pxd_source), the one place they are written; do not edit.",
        "# Cimported as",
        "#",
        "#     from cython.cimports.pachisi._layout import S_SIZE, ...",
        "",
        "cdef enum:",
    ]
    lines += [f"    {name} = {numbers[name]}" for name in NAMES]
    return "\n".join(lines) + "\n"
