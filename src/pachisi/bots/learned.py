"""The learned player: the value network of :mod:`pachisi.learn`, at 0, 1 or 2 plies.

Plies as in GNU Backgammon:

* **0 ply** (``learned``): the play whose result the network judges best
  for the mover (his chance of winning; his team's in a partnership game);
* **1 ply** (``learned1``): the ``candidates`` best plays by 0 ply are each
  valued by the exact expectation over the next throw (the ruleset's
  distinct throws with their probabilities), the player who throws next
  answering with his best play by 0 ply;
* **2 plies** (``learned2``): the ``candidates`` best by 0 ply are valued
  at 1 ply, and the ``finalists`` best of those two throws deep (a move
  filter, as gnubg's: the 2-ply look is about 21 times dearer).

The network is the one shipped in the package for the position's set-up
(:func:`pachisi.learn.net_for`: two players in every ruleset, three and
four in Parcheesi and Whitman, four in Pagade, Ludo and MADN, and the teams
of Parcheesi and Pagade) unless one is given. It plays only the set-ups its
network was trained for (:meth:`LearnedPlayer.unfit`,
:func:`pachisi.learn.misfit`): where the arrangement of players is one the
network has not learned, the two-player Parcheesi network at 1 ply won 7
four-player games of 400 against three expectimax players (greedy won 81),
so there the player refuses with a clear error instead of playing badly.
It is evaluated in the compiled kernel when it is active, else by its
plain-Python path: the
same numbers (:func:`pachisi.learn.kernel.chances`), so the same decisions
either way. A reply (the player to move answering a throw at 0 ply) is the
first of the best results in canonical order
(:func:`pachisi.learn.kernel.best_replies`). In a pure race
(:func:`pachisi.race.is_race`) that the tables answer at once
(:func:`pachisi.race.played_by_default`: Pagade; Parcheesi and Whitman once their tables
are built, ``python -m pachisi.race``, and each play's value is within the analysis'
2-point bound) the player chooses instead the play whose result has the best race value
(:func:`pachisi.race.best_race_play`), 1 to 4 ms a throw; not in Ludo and MADN,
where the network plays races too.
docs/learning.md has how the shipped networks were made and what has been
measured.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> play = LearnedPlayer(seed=1).choose(pos, (5, 2), pos.legal_plays((5, 2)))
>>> play in pos.legal_plays((5, 2))
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..dice import Throw, dice_for
from ..errors import PachisiError
from ..learn import misfit, net_for
from ..learn.kernel import best_replies, chances
from ..learn.network import ValueNet, WeightsError
from ..moves import Play
from ..position import Position
from ..race import BOUND_BY_DEFAULT, best_race_play, is_race, played_by_default
from ..rules import ONE_DIE_RULESETS, Setup

__all__ = ["ONE_DIE_REFUSAL", "LearnedPlayer"]

_EPS = 1e-12

#: Why the learned levels refuse a Ludo or MADN set-up that no shipped network has learned
#: (``{game}``: :meth:`Setup.describe <pachisi.rules.Setup.describe>`).
ONE_DIE_REFUSAL = (
    "no network has learned {game}; its strongest computer player is expectimax (strong)"
)


class LearnedPlayer:
    """Chooses by the value network at ``plies`` 0, 1 or 2 (see the module docstring).

    ``net``: a :class:`~pachisi.learn.network.ValueNet` (default: the one
    shipped for each position's ruleset). ``candidates``: how many plays,
    best first by 0 ply, are looked at deeper; ``finalists``: how many of
    them, best first by 1 ply, are looked at 2 plies deep. Exact ties are
    broken at random (seeded).
    """

    def __init__(
        self,
        seed: int | None = None,
        plies: int = 0,
        net: ValueNet | None = None,
        candidates: int = 5,
        finalists: int = 2,
    ) -> None:
        if plies not in (0, 1, 2):
            raise ValueError("plies must be 0, 1 or 2")
        if candidates < 1 or finalists < 1:
            raise ValueError("candidates and finalists must be at least 1")
        self.rng = random.Random(seed)
        self.plies = plies
        self.candidates = candidates
        self.finalists = finalists
        self.net = net
        self.name = "learned" if plies == 0 else f"learned{plies}"
        self._cache: dict[tuple[Position, int], list[tuple[list[float], Position | None]]] = {}

    def network(self, setup: Setup) -> ValueNet:
        """The network used for ``setup``'s games: the one given, else the shipped one
        for the set-up (:func:`pachisi.learn.net_for`)."""
        return self.net if self.net is not None else net_for(setup)

    def unfit(self, setup: Setup) -> str | None:
        """Why this player cannot play ``setup``'s games (its network has not learned the
        set-up: :func:`pachisi.learn.misfit`), or ``None`` where it can. In Ludo and
        MADN networks ship for two and four players; a three-player game is refused
        with :data:`ONE_DIE_REFUSAL` (there the ladder tops out at expectimax)."""
        if self.net is not None or setup.ruleset not in ONE_DIE_RULESETS:
            return misfit(self.network(setup), setup)
        try:
            why = misfit(self.network(setup), setup)
        except WeightsError:  # no network ships for the ruleset
            why = "none ships"
        return ONE_DIE_REFUSAL.format(game=setup.describe()) if why is not None else None

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The best play by the network at this player's plies.

        :class:`~pachisi.errors.PachisiError` where the network has not learned
        the position's set-up (:meth:`unfit`).
        """
        why = self.unfit(position.setup)
        if why is not None:
            raise PachisiError(f"{self.name}: {why}")
        if len(plays) == 1:
            return plays[0]
        # -- issue 33: in a pure race the exact race tables choose (pachisi.race) -------
        # Not in Ludo and MADN: their races are solved on demand, and the solver failed on
        # a position a declared run reached (KeyError in race._one_die_race_value; see
        # docs/experiments/ludo-maedn-learned1-declared-runs.md): the network plays them.
        exact = (
            best_race_play(position, throw, plays, BOUND_BY_DEFAULT)
            if position.ruleset not in ONE_DIE_RULESETS
            and is_race(position)
            and played_by_default(position)  # a race first: no disk look
            else None
        )
        if exact is not None:
            return exact
        net = self.network(position.setup)
        me = position.to_move
        static = [c[me] for c in chances(net, [p.position for p in plays])]
        order = sorted(range(len(plays)), key=lambda i: -static[i])
        if self.plies == 0:
            keys = static
            looked = order
        else:
            looked = order[: self.candidates]
            keys = [0.0] * len(plays)
            self._cache.clear()
            try:
                for i in looked:
                    keys[i] = self.expectation(net, plays[i].position, me, 1)
                if self.plies == 2:
                    looked = sorted(looked, key=lambda i: -keys[i])[: self.finalists]
                    for i in looked:
                        keys[i] = self.expectation(net, plays[i].position, me, 2)
            finally:
                self._cache.clear()
        top = max(keys[i] for i in looked)
        best = [i for i in looked if keys[i] >= top - _EPS]
        best.sort()
        return plays[best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]]

    def expectation(self, net: ValueNet, position: Position, me: int, plies: int) -> float:
        """``me``'s chance of winning ``position`` by the network looked at ``plies`` throws ahead.

        At each throw the player to move answers with his best play by 0 ply.
        """
        if position.is_over or plies <= 0:
            return chances(net, [position])[0][me]
        distinct = dice_for(position.ruleset).distinct()
        replies = self._replies(net, position, [t for t, _ in distinct], plies > 1)
        total = 0.0
        for (_, prob), (after, reply) in zip(distinct, replies, strict=True):
            if plies == 1:
                v = after[me]
            else:
                assert reply is not None
                v = self.expectation(net, reply, me, plies - 1)
            total += float(prob) * v
        return total

    def _replies(
        self, net: ValueNet, position: Position, throws: list[Throw], positions: bool
    ) -> list[tuple[list[float], Position | None]]:
        """The mover's best answer to each throw by 0 ply (:func:`best_replies`), cached."""
        key = (position, int(positions))
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = best_replies(net, position, throws, positions)
        return got
