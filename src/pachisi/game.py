"""A whole game: seeded throws, history with push/pop, the outcome.

>>> g = Game.new("parcheesi", players=2, seed=7)
>>> g.position.to_move in (0, 1)
True
>>> t = g.roll()
>>> plays = g.legal_plays()
>>> _ = g.push(plays[0]); len(g.history)
1
>>> g.pop().notation == plays[0].notation, g.throw == t
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .dice import Throw, dice_for
from .errors import IllegalMoveError, ThrowError
from .moves import LegalPlays, Play, legal_plays, parse_play
from .position import Position
from .rules import ONE_DIE_RULESETS, Setup

__all__ = ["Game", "Ply", "first_player"]


def first_player(
    setup: Setup, dice: random.Random | Callable[[int, int], Throw]
) -> tuple[int, list[dict[int, int]]]:
    """Choose the first player by preliminary throws (RULES.md §3.7).

    ``pagade`` and ``whitman`` throw both dice and count the total;
    ``parcheesi`` and ``eight-man`` throw one die (the first of the throw).
    The highest (or, with ``first_player`` "lowest", the lowest) result
    starts; tied players throw again among themselves. ``dice`` is a seeded
    :class:`random.Random`, or a function ``(player, round) -> throw`` for
    physical dice (round 1, 2, ... counts the rethrows). Returns the index and
    the results of every round.
    """
    if setup.ruleset in ONE_DIE_RULESETS:
        return 0, []  # players[0] throws first (RULES-LUDO.md L.2.2 [OP-K6], M.2.2 [OP-M7])
    model = dice_for(setup.ruleset)
    throw_for: Callable[[int, int], Throw]
    if isinstance(dice, random.Random):
        rng = dice

        def throw_for(player: int, round_: int) -> Throw:
            return model.roll(rng)

    else:
        throw_for = dice
    both = setup.ruleset in ("pagade", "whitman")
    lowest = setup.option("first_player") == "lowest"
    contenders = list(range(len(setup.players)))
    rounds: list[dict[int, int]] = []
    while True:
        results: dict[int, int] = {}
        for i in contenders:
            a, b = model.check(throw_for(i, len(rounds) + 1))
            results[i] = a + b if both else a
        rounds.append(results)
        best = (min if lowest else max)(results.values())
        contenders = [i for i in contenders if results[i] == best]
        if len(contenders) == 1:
            return contenders[0], rounds


@dataclass(frozen=True)
class Ply:
    """One throw of a game: the position before it, the throw and the play chosen."""

    before: Position
    throw: Throw
    play: Play
    rng_state: Any = None

    @property
    def notation(self) -> str:
        """The play in the move notation."""
        return self.play.notation


class Game:
    """A game in progress: a position, its history and the throw to play.

    Throws come from a seeded :class:`random.Random` (``seed``), so the same
    seed gives the same throws; :meth:`set_throw` takes physical dice
    instead. :meth:`push` plays a :class:`~pachisi.moves.Play` or a play in
    the move notation; :meth:`pop` takes it back (and the throw with it, which
    must then be played again, as with real dice).
    """

    def __init__(
        self, position: Position, *, seed: int | None = None, rng: random.Random | None = None
    ) -> None:
        self.start = position
        self.position = position
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.history: list[Ply] = []
        self.throw: Throw | None = None
        self._rng_after_throw: Any = None
        # The legal plays of the current throw, computed once: (key, plays).
        self._plays: tuple[tuple[Position, Throw], LegalPlays] | None = None

    @classmethod
    def new(
        cls,
        ruleset: str = "parcheesi",
        *,
        players: int | Sequence[Sequence[str] | str] | None = None,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        seed: int | None = None,
    ) -> Game:
        """A new game; the first player is chosen by preliminary throws with ``seed``."""
        setup = Setup.create(ruleset, players=players, teams=teams, majors=majors, options=options)
        rng = random.Random(seed)
        first, _ = first_player(setup, rng)
        return cls(Position.initial(setup, first), seed=seed, rng=rng)

    # -- throws ----------------------------------------------------------------

    def _check_not_over(self) -> None:
        pos = self.position
        if pos.is_decided:
            raise ThrowError("the game is over: no more throws")
        if pos.is_dead_end:
            raise ThrowError("the game is over (a dead end: no pawn can ever move again)")

    def roll(self) -> Throw:
        """Throw the dice for the player to move (if not already thrown) and return it."""
        self._check_not_over()
        if self.throw is None:
            self.throw = dice_for(self.position.ruleset).roll(self.rng)
            self._rng_after_throw = self.rng.getstate()
        return self.throw

    def set_throw(self, throw: Sequence[int]) -> Throw:
        """Use a throw made with physical dice; checked against the ruleset's faces."""
        self._check_not_over()
        self.throw = dice_for(self.position.ruleset).check(throw)
        self._rng_after_throw = self.rng.getstate()
        return self.throw

    # -- plays -----------------------------------------------------------------

    def legal_plays(self) -> LegalPlays:
        """The legal plays of the current throw (thrown now if not yet).

        The engine's read-only :class:`~pachisi.plays.LegalPlays`: the same one
        for every call until the throw is played.
        """
        throw = self.roll()
        if self._plays is None or self._plays[0] != (self.position, throw):
            self._plays = ((self.position, throw), legal_plays(self.position, throw))
        return self._plays[1]

    def push(self, play: Play | str) -> Play:
        """Play the current throw with ``play`` (a Play or its notation)."""
        throw = self.roll()
        if isinstance(play, str):
            play = parse_play(self.position, throw, play)
        elif all(p.position != play.position or p.throw != play.throw for p in self.legal_plays()):
            raise IllegalMoveError(f"play {play.notation!r} is not legal for {throw}")
        self.history.append(Ply(self.position, throw, play, self._rng_after_throw))
        self.position = play.position
        self.throw = None
        return play

    def pop(self) -> Play:
        """Take back the last play; its throw becomes the throw to play again."""
        if not self.history:
            raise IndexError("no play to take back")
        ply = self.history.pop()
        self.position = ply.before
        self.throw = ply.throw
        if ply.rng_state is not None:
            self.rng.setstate(ply.rng_state)
        self._rng_after_throw = ply.rng_state
        return ply.play

    # -- outcome ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the game has ended: won out, or in a dead end (RULES.md §3.5)."""
        return self.position.is_over

    @property
    def winner(self) -> tuple[int, ...] | None:
        """The winning player indices (one player or a team), or ``None``."""
        return self.position.winner

    def outcome(self) -> str:
        """A one-line human description of the result so far."""
        pos = self.position
        names = pos.setup.colour_names

        def who(i: int) -> str:
            return f"player {i} ({'+'.join(names[c] for c in pos.setup.players[i])})"

        if pos.winner is None:
            if pos.is_dead_end:
                return "drawn: a dead end, no pawn can ever move again"
            return "game in progress"
        text = "won by " + " and ".join(who(i) for i in pos.winner)
        if len(pos.finished) > len(pos.winner):
            text += "; finishing order " + ", ".join(map(str, pos.finished))
        if pos.is_dead_end:
            shared = " and ".join(who(i) for i in pos.places[-1])
            return f"{text}; a dead end: {shared} share the places left"
        return text + ("" if pos.is_over else " (play goes on for places)")

    def moves(self) -> list[tuple[Throw, str]]:
        """The history as (throw, notation) pairs."""
        return [(p.throw, p.notation) for p in self.history]
