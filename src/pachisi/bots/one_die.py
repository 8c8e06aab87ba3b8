"""The hand evaluation of Ludo and Mensch ärgere Dich nicht (RULES-LUDO.md §9, §10).

:func:`pachisi.bots.evaluation.evaluate` hands positions of the one-die
rulesets to :func:`evaluate` here: the cross's evaluation knows the 68-square
board and two dice, these games have a 52- or 40-square ring and one die.
It scores a position for one player against the others in squares of
progress, as the cross's does (so the greedy and expectimax players and the
analysis's shortlist use it unchanged):

* **progress**: every pawn counts its progress number ``p`` (RULES-LUDO.md
  L.1.3, M.1.3); a pawn in the yard counts nothing, so a capture is worth
  what the victim loses;
* **out of the yard**: a pawn on the route counts :data:`OUT` more (only a
  6 brings a pawn out, L.3.2, M.5.2: a pawn in the yard costs throws);
* **Home**: a Ludo pawn at Home (p = 57) or a MADN pawn on a goal field
  (p > 40) counts :data:`HOME` more: it can never be captured;
* **pawns at risk**: a pawn on a ring square that is not safe (L.1.4:
  ``board`` "ludoking"/"printed" safe squares; with ludopy's board the
  globes and the own entry square, L.4.3; in MADN none, M.1.4) and not in a
  block of its colour (two or more own pawns on a Ludo ring square, L.4.2)
  loses ``RISK`` times its value (progress plus :data:`OUT`) times the
  chance that an opponent hits it on the next throw: an opponent pawn 1..6
  squares behind it hits with a throw of that number (1/6), 7..12 behind
  with a 6 and the rest (1/36, a 6 throws again: L.6.4, M.6.1), counted
  once per distance and only where the attacker's count stays on the ring;
  in MADN a pawn on an opponent's start field is also hit by that
  opponent's entering 6 when he has a pawn in the yard (M.5.2);
* the winner gets 10,000 (the loser -10,000), as the cross's evaluation.

The weights were checked on these rulesets by greedy-against-greedy matches
(docs/players.md, "Ludo and MADN"); the evaluation is not a win chance and
is never shown as one.

>>> from pachisi import Position
>>> pos = Position.start("maedn", players=2)
>>> evaluate(pos, 0)
0.0
"""

from __future__ import annotations

from .._ludo_board import LUDO, MAEDN, Ring
from ..hand_terms import player_signs
from ..learn.one_die import RingOccupancy, safe_progresses
from ..learn.one_die import reach_chance as hit_chance
from ..position import Position
from ..rules import Setup

__all__ = ["HOME", "OUT", "RISK", "evaluate", "hit_chance", "weighted"]

#: What a pawn at Home (Ludo) or on a goal field (MADN) counts beyond its progress.
HOME = 10.0
#: What a pawn on the route counts beyond its progress (it needed a 6 to come out).
OUT = 6.0
#: The share of a pawn's value lost in proportion to the chance it is hit next throw.
RISK = 1.0


class _Tables:
    """What :func:`evaluate` needs of a set-up, computed once per set-up."""

    def __init__(self, setup: Setup) -> None:
        ludo = setup.ruleset == "ludo"
        self.setup = setup
        self.ring: Ring = LUDO if ludo else MAEDN
        self.ludo = ludo
        self.colours = setup.colours_in_play
        self.safe = safe_progresses(setup)
        # The first Home progress: Ludo's Home (57), MADN's first goal field (41).
        self.home_from = LUDO.end if ludo else MAEDN.last + 1
        self.signs = [player_signs(setup, player) for player in range(len(setup.players))]
        self.friendly = setup.friendly


_TABLES: dict[int, _Tables] = {}


def _tables(setup: Setup) -> _Tables:
    t = _TABLES.get(id(setup))
    if t is None or t.setup is not setup:
        if len(_TABLES) > 64:
            _TABLES.clear()
        t = _TABLES[id(setup)] = _Tables(setup)
    return t


def evaluate(position: Position, player: int) -> float:
    """The position's value for ``player`` (higher is better), see the module docstring."""
    return weighted(position, player, OUT, HOME, RISK)


def weighted(position: Position, player: int, out: float, home: float, risk_weight: float) -> float:
    """:func:`evaluate` with other weights (for the experiments that check them)."""
    t = _tables(position.setup)
    ring = t.ring
    size, step, last = ring.size, ring.step, ring.last
    pawns = position.pawns
    occupancy = RingOccupancy(ring, t.ludo, t.colours, pawns)
    signs = t.signs[player]
    safe = t.safe
    home_from = t.home_from
    score = 0.0
    for c in t.colours:
        value = 0.0
        friendly = t.friendly[c]
        for p in pawns[c]:
            if p == 0:
                continue
            if p >= home_from:
                value += p + out + home
                continue
            v = p + out
            if p <= last and p not in safe:
                q = (step * c + p - 1) % size
                if not occupancy.in_block(c, q):
                    v -= occupancy.risk(q, friendly) * v * risk_weight
            value += v
        score += signs[c] * value
    if position.winner is not None:
        score += 10_000 if player in position.winner else -10_000
    return score
