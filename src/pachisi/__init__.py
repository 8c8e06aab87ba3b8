"""pachisi: the Pachisi family of race games, exactly.

Four rulesets from their sources (``pagade``, ``whitman``, ``parcheesi``,
``eight-man``), one rules engine. The core depends on the standard library
only.

>>> import pachisi
>>> pos = pachisi.Position.start("parcheesi", players=2)
>>> [p.notation for p in pos.legal_plays((5, 2))]
['R0-1 R1-3']
"""

from .board import COLOURS
from .dice import Dice, Throw, dice_for
from .errors import IllegalMoveError, PachisiError, PositionError, ThrowError
from .game import Game, first_player
from .moves import Action, Play, Turn, legal_plays, parse_play
from .position import Position
from .rules import RULESETS, SWITCHES, Setup

__all__ = [
    "COLOURS",
    "RULESETS",
    "SWITCHES",
    "Action",
    "Dice",
    "Game",
    "IllegalMoveError",
    "PachisiError",
    "Play",
    "Position",
    "PositionError",
    "Setup",
    "Throw",
    "ThrowError",
    "Turn",
    "dice_for",
    "first_player",
    "legal_plays",
    "parse_play",
]

__version__ = "0.3.0.dev0"
