"""An experiment: an evaluation learned by temporal-difference self-play.

The value of a position for a player is his chance of winning,

    V = sigmoid(evaluate(position, me) / scale + b + w.x + v.tanh(W1.x + b1))

where ``evaluate / scale`` is the hand evaluation's logistic (the search
player's :func:`pachisi.bots.search.win_chance`) and ``x`` are sparse features
of the position from ``me``'s side: for each side (mine, the others'), a pawn
at each progress, the risk of each lone pawn on an unsafe ring square at each
progress, each pawn in a pair at each progress, whose throw is next, and the
Pagade cut. With ``w``, ``v`` zero it is exactly the hand evaluation's
logistic, so learning starts from the hand evaluation's play.

Training is TD(lambda) (Sutton 1988; Tesauro's TD-Gammon): both players
play greedily by ``V`` (the afterstate best for the mover), and after every
throw ``V`` of the afterstate is moved towards ``V`` of the next afterstate
(the result, 1 or 0, at the end), for both players' views, with eligibility
traces. numpy does the arithmetic; this is an experiment, not in the package.

    .venv/bin/python benchmarks/td.py train parcheesi --games 4000 --out /tmp/td.npz
    .venv/bin/python benchmarks/td.py match parcheesi /tmp/td.npz tx,expectimax --games 100

Players in ``match``: ``tg`` greedy by V (batches of plays through numpy),
``tx`` the library's expectimax player on V (the 5 best plays by V, each
valued by the exact next throw with greedy-by-V answers; no margin, since
V is a probability).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from strength import SETUPS, play_pairs
from strength import factory as strength_factory

from pachisi.board import N_RING
from pachisi.bots import Player
from pachisi.bots.evaluation import _occupancy, _risk, _tables, evaluate
from pachisi.bots.expectimax import ExpectimaxPlayer
from pachisi.bots.search import LOGISTIC_SCALE
from pachisi.dice import Throw, dice_for
from pachisi.moves import Play, legal_plays
from pachisi.position import Position
from pachisi.rules import Setup


class Net:
    """The value function: the hand logistic plus learned linear and tanh terms."""

    def __init__(self, setup: Setup, hidden: int = 24, seed: int = 0) -> None:
        self.setup = setup
        self.P = setup.home + 1
        self.n = 6 * self.P + 4
        self.hidden = hidden
        self.scale = LOGISTIC_SCALE[setup.ruleset]
        rng = np.random.default_rng(seed)
        self.b = 0.0
        self.w = np.zeros(self.n)
        self.W1 = rng.normal(0.0, 0.1, (self.n, hidden))
        self.b1 = np.zeros(hidden)
        self.v = np.zeros(hidden)

    # -- features ----------------------------------------------------------

    def features(self, position: Position, me: int) -> tuple[list[int], list[float], float]:
        """Active feature indices, their values, and the hand logistic's argument."""
        setup = position.setup
        t = _tables(setup)
        P = self.P
        pawns = position.pawns
        routes = t.routes
        counts, ring = _occupancy(t, pawns)
        signs = t.signs[me]
        safe = t.safe
        chance = t.chance
        idx: list[int] = []
        val: list[float] = []
        for c in t.colours:
            side = 0 if signs[c] > 0 else 1
            route = routes[c]
            friendly = t.friendly[c]
            off = side * P
            threats: list[int] | None = None
            for p in pawns[c]:
                idx.append(off + p)
                val.append(1.0)
                s = route[p]
                if 0 <= s < N_RING:
                    if counts[s] >= 2:
                        idx.append(4 * P + off + p)
                        val.append(1.0)
                    elif not safe[s]:
                        if threats is None:
                            threats = [q for q, oc in ring if not friendly[oc]]
                        risk = _risk(chance, s, threats)
                        if risk > 0.0:
                            idx.append(2 * P + off + p)
                            val.append(risk)
        mover = position.to_move
        partners = setup.partners[me]
        idx.append(6 * P + (0 if mover == me or mover in partners else 1))
        val.append(1.0)
        cut = position.cut
        if cut is not None:
            for player in range(len(setup.players)):
                if cut[player]:
                    side = 0 if player == me or player in partners else 1
                    idx.append(6 * P + 2 + side)
                    val.append(1.0)
        z0 = evaluate(position, me) / self.scale
        return idx, val, max(-30.0, min(30.0, z0))

    # -- values ------------------------------------------------------------

    def values(self, positions: Sequence[Position], me: int) -> np.ndarray:
        """V of each position for ``me`` (1 or 0 for finished games)."""
        out = np.empty(len(positions))
        live: list[int] = []
        X = np.zeros((len(positions), self.n))
        z0 = np.zeros(len(positions))
        for k, pos in enumerate(positions):
            if pos.winner is not None:
                out[k] = 1.0 if me in pos.winner else 0.0
                continue
            idx, val, z = self.features(pos, me)
            X[k, idx] = val
            z0[k] = z
            live.append(k)
        if live:
            Xl = X[live]
            h = np.tanh(Xl @ self.W1 + self.b1)
            zl = z0[live] + self.b + Xl @ self.w + h @ self.v
            out[live] = 1.0 / (1.0 + np.exp(-zl))
        return out

    def value(self, position: Position, me: int) -> float:
        """V of one position for ``me`` (an evaluation for the library's players)."""
        return float(self.values([position], me)[0])

    def value_grad(self, position: Position, me: int) -> tuple[float, tuple[Any, ...] | None]:
        """V and its gradient (b, w, W1 rows as (idx, matrix), b1, v), or (1/0, None)."""
        if position.winner is not None:
            return (1.0 if me in position.winner else 0.0), None
        idx, val, z0 = self.features(position, me)
        x = np.zeros(self.n)
        x[idx] = val
        h = np.tanh(x @ self.W1 + self.b1)
        z = z0 + self.b + x @ self.w + h @ self.v
        V = 1.0 / (1.0 + math.exp(-z))
        d = V * (1.0 - V)
        dh = self.v * (1.0 - h * h) * d
        return V, (d, x * d, np.outer(x, dh), dh, h * d)

    def save(self, path: str) -> None:
        """The weights, as an .npz file."""
        np.savez(path, b=self.b, w=self.w, W1=self.W1, b1=self.b1, v=self.v)

    @classmethod
    def load(cls, setup: Setup, path: str) -> Net:
        """A net with the weights of ``path``."""
        data = np.load(path)
        net = cls(setup, hidden=data["W1"].shape[1])
        net.b = float(data["b"])
        net.w, net.W1, net.b1, net.v = data["w"], data["W1"], data["b1"], data["v"]
        return net


def train(
    ruleset: str,
    games: int,
    out: str,
    alpha: float,
    lam: float,
    seed: int,
    hidden: int,
    init: str | None = None,
) -> None:
    """TD(lambda) self-play (see the module docstring); saves every 500 games."""
    setup = SETUPS[ruleset]()
    net = Net.load(setup, init) if init else Net(setup, hidden=hidden, seed=seed)
    rng = random.Random(seed)
    dice = dice_for(ruleset)
    n_players = len(setup.players)
    start = time.perf_counter()
    throws = 0
    for g in range(games):
        pos = Position.initial(setup, g % n_players)
        traces: list[list[Any] | None] = [None] * n_players
        prev = [0.0] * n_players
        while pos.winner is None and not pos.is_over:
            throw = dice.roll(rng)
            plays = legal_plays(pos, throw)
            if len(plays) == 1:
                nxt = plays[0].position
            else:
                vals = net.values([p.position for p in plays], pos.to_move)
                nxt = plays[int(np.argmax(vals))].position
            throws += 1
            for me in range(n_players):
                V, grad = net.value_grad(nxt, me)
                e = traces[me]
                if e is not None:
                    delta = alpha * (V - prev[me])
                    net.b += delta * e[0]
                    net.w += delta * e[1]
                    net.W1 += delta * e[2]
                    net.b1 += delta * e[3]
                    net.v += delta * e[4]
                if grad is None:
                    continue
                if e is None:
                    traces[me] = [
                        grad[0],
                        grad[1].copy(),
                        grad[2].copy(),
                        grad[3].copy(),
                        grad[4].copy(),
                    ]
                else:
                    e[0] = lam * e[0] + grad[0]
                    for k in (1, 2, 3, 4):
                        e[k] *= lam
                        e[k] += grad[k]
                prev[me] = V
            pos = nxt
        if (g + 1) % 250 == 0:
            el = time.perf_counter() - start
            print(
                f"game {g + 1}: {el:.0f} s, {throws / (g + 1):.0f} throws/game, "
                f"|w| {np.abs(net.w).max():.2f} |v| {np.abs(net.v).max():.2f} b {net.b:.3f}",
                flush=True,
            )
        if (g + 1) % 500 == 0 or g + 1 == games:
            net.save(out)


class TGreedy:
    """Greedy by V."""

    name = "tgreedy"

    def __init__(self, net: Net, seed: int | None) -> None:
        self.net = net  # ties go to the first best play: no randomness, no use for the seed

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        if len(plays) == 1:
            return plays[0]
        vals = self.net.values([p.position for p in plays], position.to_move)
        return plays[int(np.argmax(vals))]


def factory_for(ruleset: str, path: str) -> Callable[[str], Callable[[int | None], Player]]:
    """Player names ``tg`` and ``tx`` on the net of ``path``, and the library's."""

    def factory(name: str) -> Callable[[int | None], Player]:
        if name == "tg":
            return lambda seed: TGreedy(Net.load(SETUPS[ruleset](), path), seed)
        if name == "tx":
            return lambda seed: ExpectimaxPlayer(
                seed, margin=None, evaluation=Net.load(SETUPS[ruleset](), path).value
            )
        return strength_factory(name)

    return factory


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    t = sub.add_parser("train")
    t.add_argument("ruleset", choices=sorted(SETUPS))
    t.add_argument("--games", type=int, default=2000)
    t.add_argument("--out", required=True)
    t.add_argument("--alpha", type=float, default=0.1)
    t.add_argument("--lam", type=float, default=0.7)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--hidden", type=int, default=24)
    t.add_argument("--init", help="start from the weights of this .npz file")
    m = sub.add_parser("match")
    m.add_argument("ruleset", choices=sorted(SETUPS))
    m.add_argument("net")
    m.add_argument("players", nargs="+")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--jobs", type=int, default=1)
    m.add_argument("--out")
    a = ap.parse_args()
    if a.cmd == "train":
        train(a.ruleset, a.games, a.out, a.alpha, a.lam, a.seed, a.hidden, a.init)
        return
    fac = factory_for(a.ruleset, a.net)
    play_pairs(a.ruleset, a.players, a.games, a.seed, a.jobs, a.out, fac, extra={"net": a.net})


if __name__ == "__main__":
    main()
