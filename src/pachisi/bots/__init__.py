"""Computer players: one small interface, chosen by name.

A player chooses one of the legal plays of a throw::

    player = make_player("greedy", seed=1)
    play = player.choose(position, throw, position.legal_plays(throw))

Levels: ``random`` (uniform among the legal outcomes), ``greedy`` (a
hand-made evaluation of the resulting position: progress, captures, safety,
blockades and pairs, danger from opponents behind, Pagade's cut),
``expectimax`` (the exact expectation over the next throw, answered greedily)
and ``search`` (greedy rollouts, about one second a throw; ``search84`` is
the same with a fixed budget of 84 simulations, reproducible for a seed).
``learned``, ``learned1`` and ``learned2`` choose by the learned value
network (:mod:`pachisi.learn`) at 0, 1 or 2 plies: a trained network ships for
every ruleset; ``learned1`` beats expectimax in two-player Parcheesi
(docs/players.md, docs/learning.md).
docs/players.md has how they work and their measured strength.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> make_player("greedy").choose(pos, (5, 2), pos.legal_plays((5, 2))).notation
'R0-1 R1-3'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from ..dice import Throw, dice_for
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import Setup
from .evaluation import evaluate
from .expectimax import ExpectimaxPlayer
from .greedy import GreedyPlayer
from .learned import LearnedPlayer
from .search import SearchPlayer

__all__ = [
    "PLAYERS",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "LearnedPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "evaluate",
    "game_positions",
    "make_player",
    "unfit_among",
    "unfit_reason",
]


class Player(Protocol):
    """Anything that chooses a play: computer players, and front ends for people."""

    name: str

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """Return one of ``plays`` (the legal plays of ``throw`` in ``position``)."""
        ...


class RandomPlayer:
    """Chooses uniformly among the legal outcomes (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """A uniformly random play."""
        return plays[self.rng.randrange(len(plays))] if len(plays) > 1 else plays[0]


#: Computer players by name: a factory taking a seed.
PLAYERS: dict[str, Callable[[int | None], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "expectimax": ExpectimaxPlayer,
    "search": SearchPlayer,  # about one second a throw
    "search84": lambda seed: SearchPlayer(seed, simulations=84),  # fixed budget
    "learned": lambda seed: LearnedPlayer(seed, plies=0),  # the value network, 0 ply
    "learned1": lambda seed: LearnedPlayer(seed, plies=1),
    "learned2": lambda seed: LearnedPlayer(seed, plies=2),
}


def make_player(name: str, seed: int | None = None) -> Player:
    """A computer player by name (a key of :data:`PLAYERS`); ``ValueError`` if unknown."""
    key = name.lower().removeprefix("bot-").removeprefix("bot:")
    if key == "bot":
        key = "greedy"
    factory = PLAYERS.get(key)
    if factory is None:
        known = ", ".join(sorted(PLAYERS))
        raise ValueError(f"unknown computer player {name!r} (known: {known})")
    return factory(seed)


def unfit_reason(name: str, setup: Setup) -> str | None:
    """Why the computer player ``name`` cannot play ``setup``'s games, or ``None``.

    A player says so by a method ``unfit(setup)``: the learned players do,
    for set-ups their network has not learned (:func:`pachisi.learn.misfit`).
    ``ValueError`` if ``name`` is unknown.

    >>> unfit_reason("learned1", Setup.create("parcheesi", players=2)) is None
    True
    >>> unfit_reason("greedy", Setup.create("parcheesi", players=4)) is None
    True
    >>> odd = Setup.create("parcheesi", players=["red", "green"])   # neighbouring arms
    >>> unfit_reason("learned1", odd).startswith("learned1: the parcheesi network was trained")
    True
    """
    player = make_player(name, 0)
    check = getattr(player, "unfit", None)
    if check is None:
        return None
    why = check(setup)
    return f"{name}: {why}" if why is not None else None


def unfit_among(names: Iterable[str], setup: Setup) -> str | None:
    """:func:`unfit_reason` of the first of ``names`` that cannot play ``setup``'s games,
    or ``None`` where all can (each name asked once)."""
    for name in dict.fromkeys(names):
        why = unfit_reason(name, setup)
        if why is not None:
            return why
    return None


def game_positions(
    setup: Setup,
    first: int,
    rng: random.Random,
    players: Sequence[Player],
    max_throws: int | None = None,
) -> tuple[list[Position], Position]:
    """One game of ``players`` (one per seat), ``first`` to throw, its dice drawn from ``rng``.

    Returns the positions before its throws, in order, and the last position
    (the game's end, or where it was cut off after ``max_throws`` throws): the
    games the learned evaluation is fitted and measured on
    (:func:`pachisi.learn.train.distil_data`, :func:`~pachisi.learn.train.held_out_games`).

    >>> rng = random.Random(1)
    >>> setup = Position.start("parcheesi", players=2).setup
    >>> seen, last = game_positions(setup, 0, rng, [GreedyPlayer(1), GreedyPlayer(2)])
    >>> seen[0] == Position.initial(setup, 0), last.is_over, last.winner is not None
    (True, True, True)
    """
    dice = dice_for(setup.ruleset)
    pos = Position.initial(setup, first)
    seen: list[Position] = []
    while not pos.is_over and (max_throws is None or len(seen) < max_throws):
        seen.append(pos)
        throw = dice.roll(rng)
        pos = players[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
    return seen, pos
