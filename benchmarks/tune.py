"""An experiment: the greedy evaluation with named weights, tuned by matches.

``Weights()`` gives exactly :func:`pachisi.bots.expectimax.evaluate`; the
other fields add terms the hand evaluation lacks. Players built on it are
registered under names ``g:<spec>`` (greedy) and ``x:<spec>`` (expectimax,
one throw ahead), where ``<spec>`` is ``key=value`` pairs joined by ``/``::

    .venv/bin/python benchmarks/tune.py parcheesi g:flat=20,greedy --games 2000 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import SETUPS, match, write_row

from pachisi.board import N_RING, ROUTES, SAFETY_SQUARES, X_SQUARES
from pachisi.bots import PLAYERS, Player
from pachisi.bots.greedy import _hit_chance
from pachisi.dice import Throw, dice_for
from pachisi.moves import Play, legal_plays
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


class WeightedEval:
    """``evaluate`` with :class:`Weights`, tables per set-up."""

    def __init__(self, w: Weights) -> None:
        self.w = w
        self._tables: dict[int, Any] = {}

    def tables(self, setup: Setup) -> Any:
        t = self._tables.get(id(setup))
        if t is None:
            ruleset = setup.ruleset
            pagade = ruleset == "pagade"
            safe = (
                X_SQUARES
                if pagade and setup.option("safe_x_squares")
                else (frozenset() if pagade else SAFETY_SQUARES)
            )
            chance = _hit_chance(ruleset)
            enter = 0.0
            if not pagade:
                for (a, b), p in dice_for(ruleset).outcomes():
                    if a == 5 or b == 5 or (a != b and a + b == 5):
                        enter += float(p)
            owner = setup.owner
            signs = []
            for player in range(len(setup.players)):
                friends = setup.partners[player]
                signs.append(
                    tuple(
                        1.0 if owner[c] == player else (0.5 if owner[c] in friends else -1.0)
                        for c in range(4)
                    )
                )
            t = (
                setup.colours_in_play,
                ROUTES[ruleset],
                setup.home,
                tuple(q in safe for q in range(N_RING)),
                tuple(chance[d] if 1 <= d < 25 else 0.0 for d in range(N_RING)),
                setup.friendly,
                tuple(o if o is not None else -1 for o in owner),
                signs,
                pagade,
                enter,
                {c: ROUTES[ruleset][c][1] for c in setup.colours_in_play},
                tuple(q in SAFETY_SQUARES for q in range(N_RING)),
            )
            self._tables[id(setup)] = t
        return t

    def __call__(self, position: Position, player: int) -> float:
        w = self.w
        (
            colours,
            routes,
            home,
            safe,
            chance,
            friendly,
            owners,
            signs,
            pagade,
            enter,
            entry_sq,
            _marked,
        ) = self.tables(position.setup)
        pawns = position.pawns
        counts = [0] * N_RING
        ring: list[tuple[int, int]] = []
        nests: list[int] = []
        for c in colours:
            route = routes[c]
            for p in pawns[c]:
                s = route[p]
                if 0 <= s < N_RING:
                    counts[s] += 1
                    ring.append((s, c))
            if not pagade and 0 in pawns[c]:
                nests.append(c)
        sign = signs[player]
        cut = position.cut
        score = 0.0
        for c in colours:
            route = routes[c]
            fr = friendly[c]
            value = 0.0
            threats: list[int] | None = None
            seen: set[int] = set()
            for p in pawns[c]:
                if p == home:
                    value += home + w.home
                    continue
                if p == 0:
                    value += w.nest
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
                        risk = 0.0
                        for q in threats:
                            h = chance[(s - q) % N_RING]
                            if h > risk:
                                risk = h
                        v -= risk * (v * w.danger + w.flat)
                    else:
                        if w.entry:
                            for oc in nests:
                                if entry_sq[oc] == s and not fr[oc]:
                                    v -= w.entry * enter * (v * w.danger + w.flat)
                                    break
                        v += w.safe
                elif w.lead and p > 1:
                    v += w.lead
                if pagade and w.nocut and p >= 60 and not (cut is not None and cut[owners[c]]):
                    v -= w.nocut
                value += v
            if pagade and cut is not None and cut[owners[c]]:
                value += w.cut
            score += sign[c] * value
        if position.winner is not None:
            score += 10_000 if player in position.winner else -10_000
        return score


class WGreedy:
    """Greedy with a weighted evaluation."""

    name = "wgreedy"

    def __init__(self, ev: WeightedEval, seed: int | None) -> None:
        self.ev = ev
        self.rng = random.Random(seed)

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        ev = self.ev
        best: list[Play] = []
        bs = float("-inf")
        for play in plays:
            s = ev(play.position, me)
            if s > bs + 1e-9:
                best, bs = [play], s
            elif s >= bs - 1e-9:
                best.append(play)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]


class WExpectimax:
    """Expectimax one throw ahead with a weighted evaluation (answers greedy by it)."""

    name = "wexpectimax"

    def __init__(
        self, ev: WeightedEval, seed: int | None, candidates: int = 5, margin: float = 60.0
    ) -> None:
        self.ev = ev
        self.rng = random.Random(seed)
        self.candidates = candidates
        self.margin = margin

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        ev = self.ev
        scored = sorted(
            ((ev(p.position, me), i, p) for i, p in enumerate(plays)), key=lambda t: (-t[0], t[1])
        )
        top = scored[0][0]
        best: list[Play] = []
        bk = (float("-inf"), 0.0)
        for s, _, p in scored[: self.candidates]:
            if s < top - self.margin:
                break
            k = (self.value(p.position, me), s)
            if k[0] > bk[0] + 1e-9 or (abs(k[0] - bk[0]) <= 1e-9 and k[1] > bk[1] + 1e-9):
                best, bk = [p], k
            elif abs(k[0] - bk[0]) <= 1e-9 and abs(k[1] - bk[1]) <= 1e-9:
                best.append(p)
        return best[self.rng.randrange(len(best))] if len(best) > 1 else best[0]

    def value(self, position: Position, me: int) -> float:
        ev = self.ev
        if position.is_over:
            return ev(position, me)
        total = 0.0
        for throw, prob in dice_for(position.ruleset).distinct():
            plays = legal_plays(position, throw)
            mover = position.to_move
            if len(plays) == 1:
                total += float(prob) * ev(plays[0].position, me)
                continue
            bs = float("-inf")
            vals: list[float] = []
            for play in plays:
                s = ev(play.position, mover)
                if s > bs + 1e-9:
                    bs, vals = s, [ev(play.position, me) if mover != me else s]
                elif s >= bs - 1e-9:
                    vals.append(ev(play.position, me) if mover != me else s)
            total += float(prob) * sum(vals) / len(vals)
        return total


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
        return lambda seed: WGreedy(WeightedEval(w), seed)
    if kind == "x":
        return lambda seed: WExpectimax(WeightedEval(w), seed)
    if kind.startswith("wide"):
        # Expectimax (hand evaluation) over the best N plays, no margin.
        from pachisi.bots.expectimax import ExpectimaxPlayer

        k = int(kind[4:])
        return lambda seed: ExpectimaxPlayer(seed, candidates=k, margin=None)
    if kind.startswith("s"):
        # The search player with its rollouts and leaves by the weighted evaluation.
        from pachisi.bots import search

        n = int(kind[1:])

        def make(seed: int | None) -> Player:
            search.evaluate = WeightedEval(w)  # type: ignore[assignment]
            return search.SearchPlayer(seed, simulations=n)

        return make
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
    for pair in a.players:
        x, y = pair.split(",")
        r = match(a.ruleset, (x, y), a.games, a.seed, a.jobs, factory_of=factory)
        lo, hi = r["ci95"]
        print(
            f"{a.ruleset} {x} vs {y}: {r['wins']}/{r['games']} = {r['win_rate']:.1%} "
            f"({lo:.1%}-{hi:.1%}) {r['seconds_per_game']} s/game",
            flush=True,
        )
        write_row(r, a.out)


if __name__ == "__main__":
    main()
