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
docs/players.md has how they work and their measured strength. Ludo and
MADN (one die) are played by random, greedy and expectimax with an
evaluation of their own (:mod:`pachisi.bots.one_die`), and by the learned
levels where a network has learned the set-up (two and four players; three
players are refused, :func:`unfit_reason`); search refuses them. Their
ladder (:func:`ladder_for`) goes up to the strongest level shown by a
declared run there (:data:`ONE_DIE_TOP`).

Players meet them as a ladder of strength names (:data:`LADDER`, weakest
first, each rung shown stronger than the one below by a declared run):
beginner (random), casual (greedy), strong (expectimax), expert
(``learned1``), master (``learned2``). A strength name is accepted wherever
an algorithm's name is, and the algorithm's name stays accepted:

>>> make_player("master").name, canonical_level("Casual"), canonical_level("greedy")
('learned2', 'greedy', 'greedy')
>>> level_label("expectimax", 1), level_label("strong", lang="hi")
('Strong 1', 'मज़बूत')

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> make_player("greedy").choose(pos, (5, 2), pos.legal_plays((5, 2))).notation
'R0-1 R1-3'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..describe import LANGS, PHRASES
from ..dice import Throw, dice_for
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .evaluation import evaluate
from .expectimax import ExpectimaxPlayer
from .greedy import GreedyPlayer
from .learned import LearnedPlayer
from .search import SearchPlayer

__all__ = [
    "LADDER",
    "ONE_DIE_TOP",
    "PLAYERS",
    "ExpectimaxPlayer",
    "GreedyPlayer",
    "LearnedPlayer",
    "Level",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "canonical_level",
    "evaluate",
    "fitting",
    "game_positions",
    "ladder_for",
    "ladder_help",
    "ladder_level",
    "level_about",
    "level_label",
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


@dataclass(frozen=True)
class Level:
    """A rung of the ladder: its ``number`` (1 the weakest), its strength ``name`` (the
    words key ``level.<name>`` of :data:`pachisi.describe.PHRASES`) and its ``algorithm``
    (a key of :data:`PLAYERS`; what it does: the words key ``level.about.<algorithm>``)."""

    number: int
    name: str
    algorithm: str


#: The levels as players meet them, weakest first: every rung is shown stronger than
#: the one below by a declared run in two-player Parcheesi (docs/players.md, "The
#: ladder"; docs/experiments/parcheesi-ladder-declared-runs.md). The one place the
#: ladder is written: the server's levels, the lobby, ``play`` and ``simulate`` read it.
LADDER: tuple[Level, ...] = (
    Level(1, "beginner", "random"),
    Level(2, "casual", "greedy"),
    Level(3, "strong", "expectimax"),
    Level(4, "expert", "learned1"),
    Level(5, "master", "learned2"),
)

#: Ludo and MADN: the top rung of the ladder by ruleset and number of players, the
#: strongest level shown stronger than the one below by a declared run there
#: (docs/players.md, "Ludo and MADN"; experiments/ludo-maedn-learned1-declared-runs.md).
#: ``learned2`` has no declared run in these games, so master is no rung of theirs.
ONE_DIE_TOP: dict[tuple[str, int], str] = {
    ("ludo", 2): "expectimax",
    ("maedn", 2): "expectimax",
    ("ludo", 4): "expectimax",
    ("maedn", 4): "expectimax",
}

_BY_NAME = {level.name: level for level in LADDER}
_BY_ALGORITHM = {level.algorithm: level for level in LADDER}


def canonical_level(name: str) -> str:
    """The algorithm (a key of :data:`PLAYERS`) of a computer player named by its strength
    name or by its algorithm, in any case (``"Master"`` gives ``"learned2"``); ``bot`` is
    greedy; any other name is returned lower-cased (:func:`make_player` refuses it)."""
    key = name.lower().removeprefix("bot-").removeprefix("bot:")
    if key == "bot":
        return "greedy"
    level = _BY_NAME.get(key)
    return level.algorithm if level is not None else key


def ladder_level(name: str) -> Level | None:
    """The rung of :data:`LADDER` of a player named by strength name or algorithm, or
    ``None`` for a player that is no rung (``search``, ``learned``, an unknown name).

    >>> ladder_level("learned1"), ladder_level("search")
    (Level(number=4, name='expert', algorithm='learned1'), None)
    """
    return _BY_ALGORITHM.get(canonical_level(name))


def level_label(level: str, number: int | None = None, lang: str = "en") -> str:
    """How players see a computer of ``level`` (strength name or algorithm) in ``lang``
    (``en``, ``hi``, ``kn``): its strength name, and ``number`` after it if given
    (``"Strong 1"``: a computer seat's name). A player that is no rung of
    :data:`LADDER` is shown by its algorithm's name. ``ValueError`` for an unknown
    player or language.

    >>> level_label("learned2"), level_label("casual", 2, "kn"), level_label("search", 1)
    ('Master', 'ಹವ್ಯಾಸಿ 2', 'search 1')
    """
    if lang not in LANGS:
        raise ValueError(f"no language {lang!r} (there are {', '.join(LANGS)})")
    key = canonical_level(level)
    if key not in PLAYERS:
        raise ValueError(f"unknown computer player {level!r} (known: {_known()})")
    rung = _BY_ALGORITHM.get(key)
    word = PHRASES[lang][f"level.{rung.name}"] if rung is not None else key
    if number is None:
        return word
    return PHRASES[lang]["level.label"].replace("{level}", word).replace("{n}", str(number))


def level_about(level: str, lang: str = "en") -> str:
    """What a computer of ``level`` does, its algorithm named, in ``lang`` (the lobby's
    hover text). ``ValueError`` for an unknown player or language.

    >>> level_about("strong")
    'expectimax: looks one throw ahead over every throw of the dice'
    """
    key = canonical_level(level)
    if key not in PLAYERS or lang not in LANGS:
        raise ValueError(f"unknown computer player {level!r} or language {lang!r}")
    table = PHRASES[lang]
    about = table.get(f"level.about.{key}")
    return f"{table[f'algorithm.{key}']}: {about}" if about is not None else key


def ladder_for(setup: Setup) -> tuple[Level, ...]:
    """The rungs of :data:`LADDER` offered for ``setup``'s games, weakest first: every rung
    in the cross's rulesets; in Ludo and MADN the rungs up to :data:`ONE_DIE_TOP` (the
    strongest by declared run there; up to strong, expectimax, for three players, whom no
    network has learned).

    >>> [rung.name for rung in ladder_for(Setup.create("parcheesi", players=2))][-1]
    'master'
    >>> [rung.name for rung in ladder_for(Setup.create("ludo", players=3))]
    ['beginner', 'casual', 'strong']
    """
    if setup.ruleset not in ONE_DIE_RULESETS:
        return LADDER
    top = ONE_DIE_TOP.get((setup.ruleset, len(setup.players)), "expectimax")
    last = _BY_ALGORITHM[top].number
    return tuple(rung for rung in LADDER if rung.number <= last)


def ladder_help() -> str:
    """The computer players in words for a command's help: the ladder's strength names
    with their algorithms, weakest first, then the other players by name.

    >>> ladder_help()[:48]
    'beginner (random), casual (greedy), strong (expe'
    """
    rungs = ", ".join(f"{rung.name} ({rung.algorithm})" for rung in LADDER)
    others = ", ".join(k for k in PLAYERS if k not in _BY_ALGORITHM)
    return f"{rungs}, the strongest last; also {others}"


def _known() -> str:
    """The names :func:`make_player` takes, for its error: strength names, then algorithms."""
    return ", ".join([level.name for level in LADDER] + sorted(PLAYERS))


def make_player(name: str, seed: int | None = None) -> Player:
    """A computer player by strength name (:data:`LADDER`) or algorithm (a key of
    :data:`PLAYERS`), in any case; ``ValueError`` naming the known ones if unknown."""
    factory = PLAYERS.get(canonical_level(name))
    if factory is None:
        raise ValueError(f"unknown computer player {name!r} (known: {_known()})")
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


def fitting(setup: Setup) -> tuple[str, ...]:
    """The computer players (names of :data:`PLAYERS`) that play ``setup``'s games.

    >>> fitting(Setup.create("maedn", players=3))
    ('random', 'greedy', 'expectimax')
    """
    return tuple(name for name in PLAYERS if unfit_reason(name, setup) is None)


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
    (:func:`pachisi.training.train.distil_data`, :func:`~pachisi.training.train.held_out_games`).

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
