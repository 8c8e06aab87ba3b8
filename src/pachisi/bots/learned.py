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

The network is the one shipped in the package for the position's ruleset
(:func:`pachisi.learn.default_net`) unless one is given. The networks shipped
today are small smoke-test networks, not strong ones: docs/learning.md has
how they were made and what has been measured.

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
from ..learn import default_net
from ..learn.network import ValueNet
from ..moves import Play, legal_plays
from ..position import Position

__all__ = ["LearnedPlayer"]

_EPS = 1e-12


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
        self._cache: dict[tuple[Position, Throw], tuple[list[float], Position]] = {}

    def network(self, ruleset: str) -> ValueNet:
        """The network used for ``ruleset``."""
        return self.net if self.net is not None else default_net(ruleset)

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The best play by the network at this player's plies."""
        if len(plays) == 1:
            return plays[0]
        net = self.network(position.ruleset)
        me = position.to_move
        static = [c[me] for c in net.chances([p.position for p in plays])]
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
            return net.value(position, me)
        total = 0.0
        for throw, prob in dice_for(position.ruleset).distinct():
            chances = self._answer(net, position, throw)
            if plies == 1:
                v = chances[me]
            else:
                v = self.expectation(net, self._reply(net, position, throw), me, plies - 1)
            total += float(prob) * v
        return total

    def _answer(self, net: ValueNet, position: Position, throw: Throw) -> list[float]:
        """Every player's chances after the mover's best answer to ``throw`` (by 0 ply)."""
        return self._best(net, position, throw)[0]

    def _reply(self, net: ValueNet, position: Position, throw: Throw) -> Position:
        """The mover's best answer to ``throw`` (by 0 ply)."""
        return self._best(net, position, throw)[1]

    def _best(
        self, net: ValueNet, position: Position, throw: Throw
    ) -> tuple[list[float], Position]:
        key = (position, throw)
        got = self._cache.get(key)
        if got is None:
            results = [p.position for p in legal_plays(position, throw)]
            chances = net.chances(results)
            mover = position.to_move
            best = max(range(len(results)), key=lambda i: (chances[i][mover], -i))
            got = self._cache[key] = (chances[best], results[best])
        return got
