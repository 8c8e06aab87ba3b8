"""The position encoding of Ludo and MADN, version 1 (``pachisi-one-die-encoding/1``).

The one-die boards (RULES-LUDO.md §9, §10: a ring of 52 or 40 squares,
yards, home columns or goal fields) have their own encoding beside the
cross's (:mod:`pachisi.learn.encoding`), built the same way and read by
the same :class:`~pachisi.learn.network.ValueNet`: a sparse vector seen
from the player to move. Standard library only. :meth:`OneDieEncoder.name`
is stored with every weights file of these rulesets, which is read only
with the same encoding.

Colour slots
    Slot ``s`` is the colour ``s`` arms after the mover's (counted the way
    the turn goes, L.2.3, M.2), so that the board is always seen from the
    mover's arm: in two-player games the opponent sits in slot 2. A colour
    not in play leaves its slot all zero. Whose turn it is is the frame; the
    global units say whether this is a throw after a 6 and a try.

Each slot is a block of ``3 * (E + 1) + 12`` units (``E`` is the last
progress: 57, Ludo's Home; 44, MADN's last goal field); unit ``k`` of slot
``s`` has index ``s * slot_size + k``:

==================  ===========================================================
``p`` (0..E)        PAWNS: 1 if at least one pawn of the colour is at progress
                    ``p`` (0 is the yard)
``E + 1 + p``       MORE: the number of pawns at ``p`` beyond the first
``2(E + 1) + p``    DANGER: for a pawn at ``p`` on a ring square where it can
                    be captured (not a safe square, not in a block of its
                    colour), the chance that the next throws of an opponent
                    reach it: 1/6 for each distance 1..6 to an opponent pawn
                    behind, 1/36 for 7..12 (a 6, then the rest), counted once
                    per distance, capped at 1; in MADN also 1/6 on an
                    opponent's start field while he has a pawn in the yard
                    (his entering 6, M.5.2)
``3(E + 1) + 0``    PRESENT: the colour is in play
``3(E + 1) + 1..4`` SIDE: one-hot, the side that plays the colour counted from
                    the mover's in turn order (0: the mover)
``3(E + 1) + 5``    FINISHED: the colour's player has finished
``3(E + 1) + 6``    TO GO: the squares the colour's pawns still have to go
                    (from the yard, ``E`` each), divided by 4 E
``3(E + 1) + 7``    SAFE: pawns on the route that cannot be captured (safe
                    square, block, home column or goal), divided by 4
``3(E + 1) + 8``    BLOCKS: Ludo ring squares holding two or more pawns of
                    the colour (L.4.2), divided by 2
``3(E + 1) + 9``    YARD: pawns in the yard, divided by 4
``3(E + 1) + 10``   HOME: pawns past the ring (home column, Home, goal
                    fields), divided by 4
``3(E + 1) + 11``   ATTACKS: opponent pawns that could be captured by this
                    colour with one throw of 1..6 (the distance from one of
                    its ring pawns, landing on the ring), divided by 4
==================  ===========================================================

After the four slots come eight global units: the mover threw a 6 before
this throw (``doubles`` at least 1), two 6s (``doubles`` 2, the third is
forfeited under ``three_sixes``); a try (``tries`` at least 1), a second
try; the opening (L.6.3); two, three, four players.

>>> from pachisi import Position
>>> enc = OneDieEncoder(Position.start("ludo", players=2).setup)
>>> enc.n_inputs, enc.slot_size
(752, 186)
>>> idx, val = enc.encode(Position.start("ludo", players=2))
>>> [i for i in idx if i < enc.slot_size]   # slot 0: 4 pawns in the yard, in play, side 0
[0, 58, 174, 175, 180, 183]
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from typing import Final

from .._ludo_board import LUDO, LUDO_SAFE, LUDOPY_GLOBES, MAEDN, Ring
from ..position import Position
from ..rules import Setup

__all__ = [
    "GLOBALS",
    "ONE_DIE_ENCODING",
    "SCALARS",
    "OneDieEncoder",
    "RingOccupancy",
    "SlotLayout",
    "progress_units",
    "reach_chance",
    "safe_progresses",
    "sides_by_mover",
]

#: The name and version of this encoding, stored with every weights file of Ludo and MADN.
ONE_DIE_ENCODING: Final = "pachisi-one-die-encoding/1"
#: The names of the per-slot scalar units, in order (offset ``3 (E + 1) + k``).
SCALARS: Final = (
    "present",
    "side0",
    "side1",
    "side2",
    "side3",
    "finished",
    "to_go",
    "safe",
    "blocks",
    "yard",
    "home",
    "attacks",
)
#: The names of the global units after the slots, in order.
GLOBALS: Final = ("six1", "six2", "try1", "try2", "opening", "players2", "players3", "players4")


def reach_chance(distances: set[int]) -> float:
    """The chance that an opponent's next throws cover one of ``distances`` (1..12):
    1/6 each for 1..6, 1/36 each for 7..12 (a 6, another throw), at most 1.

    >>> reach_chance({1, 3}), round(reach_chance({6, 8}), 4)
    (0.3333333333333333, 0.1944)
    """
    chance = 0.0
    for d in distances:
        chance += 1 / 6 if d <= 6 else 1 / 36
    return min(chance, 1.0)


def safe_progresses(setup: Setup) -> frozenset[int]:
    """The progresses at which a pawn on the ring of ``setup`` cannot be captured: Ludo's
    safe squares of its ``board`` (L.1.4; on ludopy's board its globes and not the entry
    square, where a pawn that lands is captured, L.4.3), none in MADN.

    >>> sorted(safe_progresses(Setup.create("ludo", players=2)))
    [1, 8, 14, 21, 27, 34, 40, 47]
    >>> safe_progresses(Setup.create("maedn", players=2))
    frozenset()
    """
    if setup.ruleset != "ludo":
        return frozenset()
    if setup.option("board") == "ludopy":
        return LUDOPY_GLOBES | {1}  # L.4.3: a pawn landing there is captured
    return LUDO_SAFE[str(setup.option("board"))]


class RingOccupancy:
    """Who stands where on a one-die board's ring in one position, and what threatens a
    pawn there: shared by the encoding's DANGER units and the hand evaluation's risk
    (:func:`pachisi.bots.one_die.evaluate`).

    ``ludo``: the Ludo ring (blocks, L.4.2), else MADN's; ``colours``: the colours in
    play; ``pawns``: the position's progresses per colour.
    """

    __slots__ = ("colours", "in_yard", "ludo", "on", "ring")

    def __init__(
        self, ring: Ring, ludo: bool, colours: Sequence[int], pawns: Sequence[Sequence[int]]
    ) -> None:
        self.ring = ring
        self.ludo = ludo
        self.colours = colours
        size, step, last = ring.size, ring.step, ring.last
        #: Per ring square, the (colour, progress) of each pawn there.
        self.on: dict[int, list[tuple[int, int]]] = {}
        #: Per colour in play, whether it has a pawn in the yard.
        self.in_yard: dict[int, bool] = {}
        for c in colours:
            self.in_yard[c] = False
            for p in pawns[c]:
                if p == 0:
                    self.in_yard[c] = True
                elif p <= last:
                    self.on.setdefault((step * c + p - 1) % size, []).append((c, p))

    def in_block(self, c: int, q: int) -> bool:
        """Whether colour ``c`` has a block on ring square ``q`` (two or more pawns, in
        Ludo: L.4.2; MADN has none)."""
        return self.ludo and sum(1 for oc, _ in self.on[q] if oc == c) >= 2

    def risk(self, q: int, friendly: Sequence[bool]) -> float:
        """The chance that an opponent's next throws reach a pawn on ring square ``q``
        (for a pawn that can be captured there; ``friendly[d]``: colour ``d`` is not an
        opponent): :func:`reach_chance` of the distances 1..12 from the opponent pawns
        behind that would still be on the ring, and in MADN 1/6 more on an opponent's
        start field while he has a pawn in the yard (his entering 6, M.5.2), at most 1."""
        on = self.on
        size, step, last = self.ring.size, self.ring.step, self.ring.last
        dists: set[int] = set()
        for d in range(1, 13):
            for oc, k in on.get((q - d) % size, ()):
                if not friendly[oc] and k + d <= last:
                    dists.add(d)
        risk = reach_chance(dists) if dists else 0.0
        if not self.ludo:
            for oc in self.colours:  # M.5.2: an entering 6 on the start field
                if not friendly[oc] and self.in_yard[oc] and q == step * oc % size:
                    risk = min(1.0, risk + 1 / 6)
        return risk


def sides_by_mover(
    setup: Setup,
) -> tuple[list[tuple[int, ...]], list[tuple[tuple[int, ...], ...]]]:
    """Per mover, each player's side and each side's players, sides counted from the
    mover's in turn order: the teams in a partnership game (the mover's first), else
    the players. Both encodings count sides this way.

    >>> side_of, side_players = sides_by_mover(Setup.create("parcheesi", players=3))
    >>> side_of[1], side_players[1]
    ((2, 0, 1), ((1,), (2,), (0,)))
    """
    n = len(setup.players)
    side_of: list[tuple[int, ...]] = []
    side_players: list[tuple[tuple[int, ...], ...]] = []
    for mover in range(n):
        if setup.teams:
            mine = setup.partners[mover]
            side = tuple(0 if j in mine else 1 for j in range(n))
        else:
            side = tuple((j - mover) % n for j in range(n))
        side_of.append(side)
        groups: list[list[int]] = [[] for _ in range(max(side) + 1)]
        for j in range(n):
            groups[side[j]].append(j)
        side_players.append(tuple(tuple(g) for g in groups))
    return side_of, side_players


def progress_units(
    idx: list[int],
    val: list[float],
    base: int,
    h1: int,
    progresses: Sequence[int],
    danger: Sequence[tuple[int, float]],
) -> None:
    """Append a colour slot's three progress blocks to a sparse row (``idx``, ``val``).

    The layout both encodings share (this one and the cross's,
    :mod:`pachisi.learn.encoding`): the slot starts at ``base``, each block is
    ``h1`` units long. For each progress ``p`` in ``progresses`` (the colour's
    pawns, sorted), PAWNS ``base + p`` is 1 and, where more than one pawn
    stands, MORE ``base + h1 + p`` the number beyond the first; then DANGER
    ``base + 2 h1 + p`` is ``risk`` for each ``(p, risk)`` of ``danger``, in
    its order.

    >>> idx, val = [], []
    >>> progress_units(idx, val, 100, 10, [0, 0, 3, 7], [(3, 0.25)])
    >>> list(zip(idx, val))
    [(100, 1.0), (110, 1.0), (103, 1.0), (107, 1.0), (123, 0.25)]
    """
    for p, same in groupby(progresses):
        idx.append(base + p)
        val.append(1.0)
        more = sum(1 for _ in same) - 1
        if more:
            idx.append(base + h1 + p)
            val.append(float(more))
    for p, risk in danger:
        idx.append(base + 2 * h1 + p)
        val.append(risk)


class SlotLayout:
    """What both encodings share (this one and the cross's,
    :class:`pachisi.learn.encoding.Encoder`): four colour slots, each of three
    blocks of ``home + 1`` progress units (PAWNS, MORE, DANGER) and the named
    :attr:`scalar_names`, then the named :attr:`global_names`; and the sides,
    counted from each mover's (:func:`sides_by_mover`).
    """

    #: The names of the per-slot scalar units, in order (after the three blocks).
    scalar_names: tuple[str, ...] = ()
    #: The names of the global units after the slots, in order.
    global_names: tuple[str, ...] = ()
    #: The scalar units of each slot and the global units that depend on the set-up
    #: alone (:meth:`frame_units`).
    frame_scalars: tuple[str, ...] = ()
    frame_globals: tuple[str, ...] = ()

    def __init__(self, setup: Setup, home: int) -> None:
        self.setup = setup
        #: The last progress (HOME or Home; MADN's last goal field).
        self.home = home
        #: Units per colour slot.
        self.slot_size = 3 * (home + 1) + len(self.scalar_names)
        #: Offset of the global units.
        self.global_offset = 4 * self.slot_size
        #: Length of the encoding.
        self.n_inputs = self.global_offset + len(self.global_names)
        self.colours = setup.colours_in_play
        self.owner = tuple(o if o is not None else -1 for o in setup.owner)
        self.friendly = setup.friendly
        self.n_players = len(setup.players)
        self.side_of, self.side_players = sides_by_mover(setup)
        #: How many sides (teams, or players) the set-up has.
        self.n_sides = len(self.side_players[0])

    def sides(self, mover: int) -> tuple[tuple[int, ...], ...]:
        """The players of each side, sides counted from ``mover``'s side in turn order."""
        return self.side_players[mover]

    def by_player(self, mover: int, chances: Sequence[float]) -> list[float]:
        """Each player's chance, by player index, from each side's (``chances[k]``: side
        ``k``'s, sides counted from ``mover``'s): the chance of the player's side."""
        side = self.side_of[mover]
        return [chances[side[j]] for j in range(self.n_players)]

    def frame_units(self) -> frozenset[int]:
        """The units that depend on the set-up alone (:attr:`frame_scalars` of each slot
        and :attr:`frame_globals`): what :func:`pachisi.learn.set_up_frames` compares."""
        keep = {self.index_of(s, unit) for s in range(4) for unit in self.frame_scalars}
        keep |= {self.index_of(0, unit) for unit in self.frame_globals}
        return frozenset(keep)

    def index_of(self, slot: int, unit: str, p: int = 0) -> int:
        """The index of a named unit: ``pawns``, ``more`` or ``danger`` at progress ``p``,
        one of :attr:`scalar_names` in ``slot``, or one of :attr:`global_names` (``slot``
        ignored)."""
        h1 = self.home + 1
        base = slot * self.slot_size
        if unit in ("pawns", "more", "danger"):
            if not 0 <= p <= self.home:
                raise ValueError(f"progress {p} outside 0..{self.home}")
            return base + ("pawns", "more", "danger").index(unit) * h1 + p
        if unit in self.scalar_names:
            return base + 3 * h1 + self.scalar_names.index(unit)
        if unit in self.global_names:
            return self.global_offset + self.global_names.index(unit)
        raise ValueError(f"unknown unit {unit!r}")


class OneDieEncoder(SlotLayout):
    """The encoding of one Ludo or MADN set-up's positions (see the module docstring).

    The same interface as :class:`pachisi.learn.encoding.Encoder` where the
    network and the training use it (:class:`SlotLayout`'s, and :meth:`encode`).
    """

    #: The encoding's name and version.
    name: Final = ONE_DIE_ENCODING
    scalar_names = SCALARS
    global_names = GLOBALS
    # PRESENT and SIDE of each slot, the number of players.
    frame_scalars = SCALARS[:5]
    frame_globals = GLOBALS[5:]

    def __init__(self, setup: Setup) -> None:
        ludo = setup.ruleset == "ludo"
        if setup.ruleset not in ("ludo", "maedn"):
            raise ValueError(f"the one-die encoding is for ludo and maedn, not {setup.ruleset}")
        self.ludo = ludo
        self.ring = ring = LUDO if ludo else MAEDN
        super().__init__(setup, ring.end)
        self.safe = safe_progresses(setup)
        n = self.n_players
        self.slots: list[tuple[int, int, int, int]] = []
        for mover in range(n):
            mc = setup.players[mover][0]
            self.slots.append(tuple((mc + j) % 4 for j in range(4)))  # type: ignore[arg-type]
        g = self.global_offset
        self._players_unit = g + GLOBALS.index("players2") + (n - 2)

    def encode(self, position: Position) -> tuple[list[int], list[float]]:
        """The non-zero units of ``position``: their indices (distinct) and values."""
        mover = position.to_move
        pawns = position.pawns
        ring = self.ring
        size, step, last, end = ring.size, ring.step, ring.last, ring.end
        h1 = end + 1
        safe = self.safe
        occupancy = RingOccupancy(ring, self.ludo, self.colours, pawns)
        on = occupancy.on

        def exposed(c: int, p: int, q: int) -> bool:
            """Whether a pawn of ``c`` at progress ``p`` on square ``q`` can be captured."""
            return p not in safe and not occupancy.in_block(c, q)

        idx: list[int] = []
        val: list[float] = []
        side = self.side_of[mover]
        finished = position.finished
        for slot, c in enumerate(self.slots[mover]):
            ps = pawns[c]
            if not ps or c not in occupancy.in_yard:
                continue
            base = slot * self.slot_size
            friendly = self.friendly[c]
            danger: list[tuple[int, float]] = []
            n_safe = n_yard = n_home = 0
            to_go = 0
            blocks: set[int] = set()
            targets: set[tuple[int, int]] = set()
            for p in ps:
                to_go += end - p
                if p == 0:
                    n_yard += 1
                    continue
                if p > last:
                    n_home += 1
                    n_safe += 1
                    continue
                q = (step * c + p - 1) % size
                if occupancy.in_block(c, q):
                    blocks.add(q)
                if not exposed(c, p, q):
                    n_safe += 1
                else:
                    risk = occupancy.risk(q, friendly)
                    if risk > 0.0:
                        danger.append((p, risk))
                for d in range(1, 7):  # ATTACKS: opponent pawns this pawn reaches
                    if p + d > last:
                        break
                    for oc, k in on.get((q + d) % size, ()):
                        if not friendly[oc] and exposed(oc, k, (q + d) % size):
                            targets.add((oc, k))
            progress_units(idx, val, base, h1, ps, danger)
            sc = base + 3 * h1
            owner = self.owner[c]
            idx.append(sc)  # present
            val.append(1.0)
            idx.append(sc + 1 + side[owner])
            val.append(1.0)
            if owner in finished:
                idx.append(sc + 5)
                val.append(1.0)
            for k, amount in (
                (6, to_go / (4 * end)),
                (7, n_safe / 4),
                (8, len(blocks) / 2),
                (9, n_yard / 4),
                (10, n_home / 4),
                (11, len(targets) / 4),
            ):
                if amount:
                    idx.append(sc + k)
                    val.append(amount)
        g = self.global_offset
        for unit, on_ in (
            (0, position.doubles >= 1),
            (1, position.doubles >= 2),
            (2, position.tries >= 1),
            (3, position.tries >= 2),
            (4, position.opening),
        ):
            if on_:
                idx.append(g + unit)
                val.append(1.0)
        idx.append(self._players_unit)
        val.append(1.0)
        return idx, val
