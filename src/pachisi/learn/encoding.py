"""The position encoding of the learned evaluation, version 1 (``pachisi-encoding/1``).

A position before a throw becomes a sparse vector of numbers, always from
the point of view of the player to move, in the manner of TD-Gammon's
encoding of backgammon. Standard library only (the network evaluates it
without numpy); :data:`ENCODING` names the version and is stored with every
weights file, which is read only with the same encoding.

Colour slots
    The four arms are listed in *turn order starting with the mover's first
    colour*: slot 0 is the colour of the player to move (his first colour
    in Eight-Man and two-player Pagade), slot 1 the colour that throws after
    it, and so on (Pagade's turn order goes 0, 1, 2, 3; the Parcheesi
    family's 0, 3, 2, 1: RULES.md §3.1). A colour not in play leaves its
    slot all zero. Whose turn it is is therefore the encoding's frame; the
    doubles count says whether the mover throws again after a doublet.

Each slot is a block of ``3 * (H + 1) + 12`` units (``H`` is the progress
of Home/HOME: 84 in Pagade, 72 elsewhere); unit ``k`` of slot ``s`` has
index ``s * slot_size + k``:

==================  ===========================================================
``p`` (0..H)        PAWNS: 1 if at least one pawn of the colour is at progress
                    ``p`` (0 is the nest, or a Pagade cut pawn; H is HOME)
``H + 1 + p``       MORE: the number of pawns at ``p`` beyond the first (1 for
                    a pair or blockade; up to 3 in the nest or HOME)
``2(H + 1) + p``    DANGER: for a lone pawn at ``p`` on a ring square that is
                    not safe, the chance that one throw offers the distance to
                    it from the nearest-hitting opponent pawn behind (within
                    24 squares; the hand evaluation's table), else 0
``3(H + 1) + 0``    PRESENT: the colour is in play
``3(H + 1) + 1``    MAJOR: Eight-Man, the colour is its player's major colour
``3(H + 1) + 2..5`` SIDE: one-hot, the side that plays the colour counted from
                    the mover's side in turn order (0: the mover or his team)
``3(H + 1) + 6``    CUT: Pagade, the colour's player has cut (§4.5)
``3(H + 1) + 7``    FINISHED: the colour's player has finished (§3.5)
``3(H + 1) + 8``    TO GO: the squares the colour's pawns still have to go,
                    divided by 4 H
``3(H + 1) + 9``    SAFE: pawns that cannot be hit (on a private square, a
                    safety space, or two on one ring square), divided by 4
``3(H + 1) + 10``   PAIRS: ring or home path squares holding two pawns of the
                    colour (blockades; pairs in Pagade), divided by 2
``3(H + 1) + 11``   BLOCKED: Parcheesi family, ring pawns of the colour with a
                    blockade 1..12 squares ahead on their route, divided by 4
==================  ===========================================================

After the four slots come six global units: the doubles count is at least 1,
is 2 (unary, RULES.md §5.8); team play; two, three, four players.

Sides
    The network estimates each *side*'s chance of winning: the teams in a
    partnership game, else the players. Sides are counted from the mover's
    in turn order (:meth:`Encoder.sides`), at most :data:`MAX_SIDES`.

>>> from pachisi import Position
>>> enc = Encoder.of(Position.start("parcheesi", players=2).setup)
>>> enc.n_inputs, enc.slot_size
(930, 231)
>>> idx, val = enc.encode(Position.start("parcheesi", players=2))
>>> [i for i in idx if i < enc.slot_size]   # slot 0: 4 pawns in the nest, in play, side 0
[0, 73, 219, 221, 227]
"""

from __future__ import annotations

from functools import cache
from typing import Final

from ..board import N_RING, OFF, ROUTES
from ..hand_terms import hit_chance, hit_risk, safe_squares
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .one_die import ONE_DIE_ENCODING, OneDieEncoder, SlotLayout, progress_units

__all__ = [
    "ENCODING",
    "GLOBALS",
    "MAX_SIDES",
    "N_GLOBAL",
    "N_SCALARS",
    "SCALARS",
    "AnyEncoder",
    "Encoder",
    "encoder_for",
    "encoding_name",
    "hit_chance",
    "hit_risk",
    "safe_squares",
    "turn_cycle",
]

#: The name and version of this encoding, stored with every weights file.
ENCODING: Final = "pachisi-encoding/1"
#: The most sides (players or teams) a network estimates.
MAX_SIDES: Final = 4
#: The names of the per-slot scalar units, in order (offset ``3 (H + 1) + k``).
SCALARS: Final = (
    "present",
    "major",
    "side0",
    "side1",
    "side2",
    "side3",
    "cut",
    "finished",
    "to_go",
    "safe",
    "pairs",
    "blocked",
)
#: Per-slot scalar units.
N_SCALARS: Final = len(SCALARS)
#: The names of the global units after the slots, in order: doubles >= 1, doubles == 2,
#: teams, 2, 3, 4 players.
GLOBALS: Final = ("doubles1", "doubles2", "teams", "players2", "players3", "players4")
#: Global units after the slots.
N_GLOBAL: Final = len(GLOBALS)
#: How far ahead (squares) a blockade makes a pawn count as BLOCKED.
BLOCK_REACH: Final = 12


def turn_cycle(ruleset: str) -> tuple[int, int, int, int]:
    """The colours (arms) in turn order from arm 0 (RULES.md §3.1)."""
    return (0, 1, 2, 3) if ruleset == "pagade" else (0, 3, 2, 1)


class Encoder(SlotLayout):
    """The encoding of one set-up's positions (tables computed once per set-up)."""

    scalar_names = SCALARS
    global_names = GLOBALS
    # PRESENT, MAJOR and SIDE of each slot, the team-play and player-count units.
    frame_scalars = SCALARS[:6]
    frame_globals = GLOBALS[2:]

    def __init__(self, setup: Setup) -> None:
        ruleset = setup.ruleset
        super().__init__(setup, setup.home)
        self.pagade = ruleset == "pagade"
        self.routes = ROUTES[ruleset]
        safe = safe_squares(setup)
        self.safe = tuple(q in safe for q in range(N_RING))
        self.chance = hit_chance(ruleset)
        # Inverse routes: progress at which colour c visits square s (-1: never).
        self.index: list[list[int]] = []
        for c in range(4):
            inv = [-1] * (N_RING + 32)
            for p, s in enumerate(self.routes[c]):
                if s != OFF and inv[s] == -1:
                    inv[s] = p
            self.index.append(inv)
        n = self.n_players
        cycle = turn_cycle(ruleset)
        # Per mover: the colours of slots 0..3.
        self.slots: list[tuple[int, int, int, int]] = []
        for mover in range(n):
            k = cycle.index(setup.players[mover][0])
            self.slots.append(tuple(cycle[(k + j) % 4] for j in range(4)))  # type: ignore[arg-type]
        g = self.global_offset
        self._globals = [g + 2] if setup.teams else []
        self._globals.append(g + 3 + (n - 2))

    @staticmethod
    def of(setup: Setup) -> Encoder:
        """The encoder of ``setup`` (cached)."""
        return _encoder(setup)

    def encode(self, position: Position) -> tuple[list[int], list[float]]:
        """The non-zero units of ``position``: their indices (distinct) and values."""
        mover = position.to_move
        pawns = position.pawns
        routes = self.routes
        home = self.home
        h1 = home + 1
        # Occupancy of ring and home path squares (Pagade's belly holds any number).
        count: dict[int, int] = {}
        ring: list[tuple[int, int]] = []
        for c in self.colours:
            route = routes[c]
            for p in pawns[c]:
                s = route[p]
                if s != OFF:
                    count[s] = count.get(s, 0) + 1
                    if s < N_RING:
                        ring.append((s, c))
        blockades = [s for s, k in count.items() if k >= 2] if not self.pagade else []
        idx: list[int] = []
        val: list[float] = []
        side = self.side_of[mover]
        finished = position.finished
        cut = position.cut
        safe = self.safe
        chance = self.chance
        for slot, c in enumerate(self.slots[mover]):
            ps = pawns[c]
            if not ps:
                continue
            base = slot * self.slot_size
            route = routes[c]
            friendly = self.friendly[c]
            inv = self.index[c]
            danger: list[tuple[int, float]] = []
            n_safe = 0
            n_pairs = 0
            mine: set[int] = set()
            n_blocked = 0
            to_go = 0
            threats: list[int] | None = None
            for p in ps:
                to_go += home - p
                s = route[p]
                if s == OFF:
                    continue
                k = count[s]
                if k >= 2 and (s < N_RING or not self.pagade):
                    # A second pawn of this colour on the square makes one pair, counted once.
                    if s in mine:
                        n_pairs += 1
                    else:
                        mine.add(s)
                if s >= N_RING:
                    n_safe += 1
                    continue
                if k >= 2 or safe[s]:
                    n_safe += 1
                else:
                    if threats is None:
                        threats = [q for q, oc in ring if not friendly[oc]]
                    risk = hit_risk(chance, s, threats)
                    if risk > 0.0:
                        danger.append((p, risk))
                for b in blockades:
                    ahead = inv[b] - p
                    if 0 < ahead <= BLOCK_REACH and b != s:
                        n_blocked += 1
                        break
            progress_units(idx, val, base, h1, ps, danger)
            sc = base + 3 * h1
            owner = self.owner[c]
            idx.append(sc)  # present
            val.append(1.0)
            majors = self.setup.majors
            if majors is not None and majors[owner] == c:
                idx.append(sc + 1)
                val.append(1.0)
            idx.append(sc + 2 + side[owner])
            val.append(1.0)
            if cut is not None and cut[owner]:
                idx.append(sc + 6)
                val.append(1.0)
            if owner in finished:
                idx.append(sc + 7)
                val.append(1.0)
            if to_go:
                idx.append(sc + 8)
                val.append(to_go / (4 * home))
            if n_safe:
                idx.append(sc + 9)
                val.append(n_safe / 4)
            if n_pairs:
                idx.append(sc + 10)
                val.append(n_pairs / 2)
            if n_blocked:
                idx.append(sc + 11)
                val.append(n_blocked / 4)
        g = self.global_offset
        if position.doubles >= 1:
            idx.append(g)
            val.append(1.0)
            if position.doubles >= 2:
                idx.append(g + 1)
                val.append(1.0)
        for i in self._globals:
            idx.append(i)
            val.append(1.0)
        return idx, val


@cache
def _encoder(setup: Setup) -> Encoder:
    return Encoder(setup)


#: An encoder of either family: the cross's (:class:`Encoder`) or the one-die boards'
#: (:class:`pachisi.learn.one_die.OneDieEncoder`).
AnyEncoder = Encoder | OneDieEncoder


@cache
def encoder_for(setup: Setup) -> AnyEncoder:
    """The encoder of ``setup``'s positions (cached): :class:`Encoder` for the cross's
    rulesets, :class:`~pachisi.learn.one_die.OneDieEncoder` for Ludo and MADN."""
    if setup.ruleset in ONE_DIE_RULESETS:
        return OneDieEncoder(setup)
    return _encoder(setup)


def encoding_name(ruleset: str) -> str:
    """The name and version of the encoding of ``ruleset``'s networks (stored in their files).

    >>> encoding_name("parcheesi"), encoding_name("maedn")
    ('pachisi-encoding/1', 'pachisi-one-die-encoding/1')
    """
    return ONE_DIE_ENCODING if ruleset in ONE_DIE_RULESETS else ENCODING
