"""Reward shaping by the exact race values: an option of the RL environments.

With ``reward_shaping="race"`` an environment adds to each reward the change
of a *potential* (Ng, Harada and Russell's potential-based shaping, which
leaves the optimal policies unchanged): each player's expected final reward
in the position by the race tables of :mod:`pachisi.race`, where the analysis
values the race by them (:func:`pachisi.race.by_default`: Pagade; Parcheesi
and Whitman once their tables are built, within the 2-point bound), else 0,
and 0 once the game is over. So in a race the shaped reward of a step is the
exact value change: the expected final reward after it less the one before,
and at the end the final reward less the last expectation; over a whole game
the shaped rewards add up to the final reward less the potential of the
start (0 unless the game starts in a race).

The tables give each side's chance of winning, and the final reward of a
game of two sides (two players, or two teams) is +1 or -1, so its
expectation is ``2 * chance - 1``. The reward of three or four players is by
place, which the tables do not give: shaping is refused there.

>>> from pachisi import Position
>>> race = Position.from_text("pagade ry,bg - r:84.84.84.78,b:84.84.84.77,y:84.84.84.80,"
...                           "g:84.84.84.84 1 0 11 - -")
>>> [round(v, 4) for v in potential(race, "race")]
[-0.3037, 0.3037]
>>> potential(Position.start("pagade", players=2), "race")
[0.0, 0.0]
"""

from __future__ import annotations

from typing import Final

from ..position import Position
from ..race import by_default
from ..rules import Setup

__all__ = ["SHAPINGS", "check_shaping", "potential"]

#: The reward shapings offered (``None``: the final reward alone).
SHAPINGS: Final = ("race",)


def check_shaping(setup: Setup, shaping: str | None) -> None:
    """``ValueError`` unless ``shaping`` is ``None`` or one of :data:`SHAPINGS` that fits
    ``setup`` (race shaping: a game of two sides)."""
    if shaping is None:
        return
    if shaping not in SHAPINGS:
        raise ValueError(f"reward_shaping must be None or 'race', not {shaping!r}")
    sides = len(setup.teams) if setup.teams else len(setup.players)
    if sides != 2:
        raise ValueError(
            "reward_shaping='race' needs a game of two sides (two players or two teams): the"
            " race tables give win chances, and the reward of more players is by place"
        )


def potential(position: Position, shaping: str | None) -> list[float]:
    """Each player's potential in ``position``: his expected final reward by the race
    tables where they value the race (``2 * chance - 1``), else 0; 0 once the game is over
    or without shaping."""
    n = len(position.setup.players)
    if shaping is None or position.is_over:
        return [0.0] * n
    value = by_default(position)
    if value is None:
        return [0.0] * n
    return [2.0 * c - 1.0 for c in value.chances]
