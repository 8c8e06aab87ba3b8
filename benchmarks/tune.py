"""An experiment: the greedy evaluation with named weights, tuned by matches.

``Weights()`` gives exactly :func:`pachisi.bots.evaluation.evaluate`; the
other fields add terms the hand evaluation lacks. Players built on it are
registered under names ``g:<spec>`` (greedy) and ``x:<spec>`` (expectimax,
one throw ahead): the library's GreedyPlayer and ExpectimaxPlayer on it. ``<spec>`` is
``key=value`` pairs joined by ``/``::

    .venv/bin/python benchmarks/tune.py parcheesi g:flat=20,greedy --games 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import SETUPS, play_pairs

from pachisi.board import N_RING, ROUTES
from pachisi.bots import PLAYERS, Player
from pachisi.bots.evaluation import _occupancy, _risk, _tables
from pachisi.bots.expectimax import ExpectimaxPlayer
from pachisi.bots.greedy import GreedyPlayer
from pachisi.dice import dice_for
from pachisi.position import Position
from pachisi.rules import Setup


@dataclass(frozen=True)
class Weights:
    """The terms of the evaluation (defaults: the hand evaluation)."""

    home: float = 10.0  # HOME is worth home + this
    nest: float = 0.0  # a pawn in the nest (or cut)
    danger: float = 0.8  # share of a pawn's progress lost, times its risk
    flat: float = 0.0  # flat cost of being hit, times the risk
    entry: float = 0.0  # risk weight of a lone pawn on an entry square an opponent can enter onto
    block: float = 0.0  # per own blockade (two own pawns on one ring square)
    safe: float = 0.0  # per own pawn on a safety space of the ring
    cut: float = 15.0  # Pagade: the player has cut
    nocut: float = 0.0  # Pagade: per pawn waiting at the belly's door (p >= 60) without a cut
    lead: float = 0.0  # per pawn past p=64 / in the home path
    eighth: float = 0.25  # Eight-Man: weight of the spare pawn (SPARE_WEIGHT; 1 = before it)


class WeightedEval:
    """``evaluate`` with :class:`Weights`: the package's tables and helpers, per set-up."""

    def __init__(self, w: Weights) -> None:
        self.w = w
        self._extra: dict[int, tuple[float, dict[int, int]]] = {}

    def extra(self, setup: Setup) -> tuple[float, dict[int, int]]:
        """What the added terms need beyond the package's tables: the chance of
        entering with one throw, and each colour's entry square."""
        e = self._extra.get(id(setup))
        if e is None:
            ruleset = setup.ruleset
            enter = 0.0
            if ruleset != "pagade":
                for (a, b), p in dice_for(ruleset).outcomes():
                    if a == 5 or b == 5 or (a != b and a + b == 5):
                        enter += float(p)
            e = (enter, {c: ROUTES[ruleset][c][1] for c in setup.colours_in_play})
            self._extra[id(setup)] = e
        return e

    def __call__(self, position: Position, player: int) -> float:
        w = self.w
        t = _tables(position.setup)
        enter, entry_sq = self.extra(position.setup)
        colours, routes, home, safe, chance = t.colours, t.routes, t.home, t.safe, t.chance
        pagade = t.pagade
        pawns = position.pawns
        counts, ring = _occupancy(t, pawns)
        nests = [] if pagade else [c for c in colours if 0 in pawns[c]]
        sign = t.signs[player]
        cut = position.cut
        score = 0.0
        for c in colours:
            route = routes[c]
            fr = t.friendly[c]
            value = 0.0
            threats: list[int] | None = None
            seen: set[int] = set()
            # The package's table: the colour's first (least advanced) pawn is spare.
            spare = t.spare[c] and w.eighth != 1.0
            for p in pawns[c]:
                if p == home:
                    value += (home + w.home) * (w.eighth if spare else 1.0)
                    spare = False
                    continue
                if p == 0:
                    value += w.nest
                    spare = False
                    continue
                v = float(p)
                s = route[p]
                if 0 <= s < N_RING:
                    if counts[s] >= 2:
                        if w.block and s in seen:
                            value += w.block
                        seen.add(s)
                    elif not safe[s]:
                        if threats is None:
                            threats = [q for q, oc in ring if not fr[oc]]
                        v -= _risk(chance, s, threats) * (v * w.danger + w.flat)
                    else:
                        if w.entry:
                            for oc in nests:
                                if entry_sq[oc] == s and not fr[oc]:
                                    v -= w.entry * enter * (v * w.danger + w.flat)
                                    break
                        v += w.safe
                elif w.lead and p > 1:
                    v += w.lead
                if pagade and w.nocut and p >= 60 and not (cut is not None and cut[t.owner[c]]):
                    v -= w.nocut
                if spare:
                    v *= w.eighth
                    spare = False
                value += v
            if pagade and cut is not None and cut[t.owner[c]]:
                value += w.cut
            score += sign[c] * value
        if position.winner is not None:
            score += 10_000 if player in position.winner else -10_000
        return score


def parse(spec: str) -> Weights:
    """``key=value/key=value`` as :class:`Weights`."""
    kw: dict[str, float] = {}
    for part in filter(None, spec.split("/")):
        k, _, v = part.partition("=")
        kw[k] = float(v)
    return dataclasses.replace(Weights(), **kw)


def factory(name: str) -> Callable[[int | None], Player]:
    if name in PLAYERS:
        return PLAYERS[name]
    kind, _, spec = name.partition(":")
    w = parse(spec)
    if kind == "g":
        return lambda seed: GreedyPlayer(seed, evaluation=WeightedEval(w))
    if kind == "x":
        return lambda seed: ExpectimaxPlayer(seed, evaluation=WeightedEval(w))
    if kind.startswith("wide"):
        # Expectimax (hand evaluation) over the best N plays, no margin.
        k = int(kind[4:])
        return lambda seed: ExpectimaxPlayer(seed, candidates=k, margin=None)
    if kind.startswith("s"):
        # The search player on the weighted evaluation: its shortlist, rollouts and leaves.
        # (Before SearchPlayer took an ``evaluation``, this patched the module's
        # ``evaluate``, which reached the rollouts and leaves but not the shortlist;
        # docs/players.md's 103/200 row was measured that way.)
        from pachisi.bots.search import SearchPlayer

        n = int(kind[1:])
        return lambda seed: SearchPlayer(seed, simulations=n, evaluation=WeightedEval(w))
    raise SystemExit(f"unknown player {name!r}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("ruleset", choices=sorted(SETUPS))
    ap.add_argument("players", nargs="+", help="A,B pairs")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out")
    a = ap.parse_args()
    play_pairs(a.ruleset, a.players, a.games, a.seed, a.jobs, a.out, factory)


if __name__ == "__main__":
    main()
