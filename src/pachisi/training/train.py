"""Training the value network by self-play: TD(lambda) through lambda-returns (numpy).

The run is a sequence of *rounds* of ``round_games`` games. In a round the
network is frozen; the games are played by the network itself (each throw
answered with the play whose result is best for the mover by the network:
0-ply), each game with its own dice, seeded by the run's seed and the game's
number (:func:`play_games`: the playouts' ``"network"`` policy, inside the
compiled kernel when it is active, else on the pure engine, with the same
games and so the same weights). Each position before a throw
becomes a training example whose target is its *lambda-return* (Sutton's
forward view of TD(lambda), computed backwards over the game)::

    G(T) = z                    the result: 1 for the winning side, 0 otherwise
    G(t) = (1 - lam) V(t + 1) + lam G(t + 1)

with ``V`` the frozen network's side chances. ``lam = 1`` fits the playout
outcomes (Monte Carlo), ``lam = 0`` is TD(0); docs/learning.md has the
measurement behind the default. At the end of the round the network takes
one pass of Adam steps over the round's examples (shuffled with a generator
seeded by the run's seed and the round), minimising the cross-entropy
between the softmax and the targets.

Reproducible by construction: a round's games depend only on the weights at
its start and the seeds, and the update only on the examples in game order
and the seeds. The games of a round are shared among ``jobs`` processes; the
weights are the same for any number of processes, and a run killed and
resumed from its checkpoint (written after every round) ends with the same
weights as one that was never interrupted.

The games can also run on any :class:`pachisi.chunks.ChunkRunner` (``backend``):
``pachisi train ... --ray [ADDRESS]`` gives :func:`train` a
:class:`pachisi.distributed.RayRunner`, which plays each round's games in
chunks of consecutive game numbers as Ray tasks (:func:`play_chunk`), again
with the same weights whatever the cluster, the chunk size or the retries.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import random
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import numpy as np

from .. import __version__, fast, race
from ..bots import GreedyPlayer, game_positions, make_player
from ..bots.search import win_chance
from ..chunks import ChunkRunner, chunked
from ..dice import derive_seed, dice_for
from ..errors import PachisiError
from ..learn.encoding import MAX_SIDES, AnyEncoder, Encoder, encoder_for, encoding_name
from ..learn.kernel import tables
from ..learn.network import ValueNet, _pack, _unpack, softmax_rows
from ..moves import legal_plays
from ..position import Position, game_over
from ..rules import ONE_DIE_RULESETS, Setup
from . import race_targets

__all__ = [
    "DISTIL_STEPS",
    "TARGETS",
    "GameData",
    "Progress",
    "TrainSettings",
    "check_snapshots",
    "checkpoint_path",
    "distil",
    "distil_data",
    "init_sha256",
    "lambda_returns",
    "play_chunk",
    "play_games",
    "retarget",
    "snapshot_path",
    "train",
    "widened",
]


#: The training procedures of ``--targets`` (:class:`TrainSettings`); the first is the default.
TARGETS = ("self", "cross")


@dataclass(frozen=True)
class TrainSettings:
    """Everything that decides a training run's weights (stored with them).

    ``setup``: the FORMAT.md set-up fields the games are played with;
    ``games``; ``seed``; ``hidden`` units; ``lam`` (lambda); ``lr`` (Adam's
    step size); ``round_games`` (games per round: the network is frozen for
    a round); ``batch`` (examples per Adam step); ``max_throws`` (a game
    still running after this many throws ends there, its target the
    network's own estimate); ``targets``: ``"self"`` (the network that plays a
    round's games learns from them, its own values in the lambda-returns) or
    ``"cross"`` (two networks take turns: in each round one plays the games and
    the other learns from them with its own values; :func:`train`);
    ``average``: 0 (the default) writes the weights of the last round; ``K``
    writes a moving average of the weights after each round, the mean over
    roughly the last ``K`` rounds (:func:`train`); ``distil``: 0 (the
    default) starts self-play from random weights; ``N`` first fits them to
    the calibrated hand evaluation on the positions of ``N`` greedy games
    (:func:`distil_data`, :func:`train`); ``race_targets``: off (the default), or
    on: the positions of a game's closing pure race get the race tables' values as
    targets, and the lambda-returns before them end on those values
    (:mod:`pachisi.training.race_targets`).
    """

    setup: dict[str, Any]
    games: int
    seed: int = 1
    hidden: int = 32
    lam: float = 0.7
    lr: float = 0.01
    round_games: int = 32
    batch: int = 64
    max_throws: int = 3000
    targets: str = "self"
    average: int = 0
    distil: int = 0
    race_targets: bool = False
    init: str = ""
    init_sha: str = ""

    def check(self) -> None:
        """Raise :class:`PachisiError` (one line) on a setting out of range."""
        if self.games < 1:
            raise PachisiError("--games must be at least 1")
        if self.hidden < 1:
            raise PachisiError("--hidden must be at least 1")
        if not 0.0 <= self.lam <= 1.0:
            raise PachisiError("--lambda must be between 0 and 1")
        if not self.lr > 0.0:
            raise PachisiError("--lr must be positive")
        if self.round_games < 1 or self.batch < 1 or self.max_throws < 1:
            raise PachisiError("--round-games, --batch and --max-throws must be at least 1")
        if self.average < 0:
            raise PachisiError("--average must be 0 (off) or a number of rounds")
        if self.targets not in TARGETS:
            raise PachisiError(f"--targets: one of {', '.join(TARGETS)}, not {self.targets!r}")
        if self.distil < 0:
            raise PachisiError("--distil must be 0 (off) or a number of greedy games")
        if self.distil and self.setup.get("ruleset") in ONE_DIE_RULESETS:
            raise PachisiError("--distil: no calibrated hand evaluation for Ludo and MADN")
        if self.distil and self.targets != "self":
            raise PachisiError("--distil works with --targets self only")
        if self.race_targets:
            race_targets.check_setup(self.the_setup())
        if self.init and self.distil:
            raise PachisiError("--init and --distil both choose the start: give one")
        if self.init and self.targets != "self":
            raise PachisiError("--init works with --targets self only")

    def the_setup(self) -> Setup:
        """The :class:`Setup` of :attr:`setup`."""
        f = self.setup
        return Setup.from_fields(f["ruleset"], f["options"], f["players"], f["teams"])

    @property
    def rounds(self) -> int:
        """The number of rounds."""
        return math.ceil(self.games / self.round_games)

    def command(self, out: str) -> str:
        """The ``pachisi train`` command line that makes these weights."""
        s = self.the_setup()
        names = s.colour_names
        parts = ["pachisi", "train", s.ruleset, f"--games {self.games}", f"--seed {self.seed}"]
        parts.append("--colours " + ",".join("+".join(names[c] for c in cs) for cs in s.players))
        if s.majors is not None:
            parts.append("--major " + ",".join(names[c] for c in s.majors if c is not None))
        if s.teams:
            parts.append("--teams")
        for k, v in s.explicit:
            parts.append(f"--option {k}={str(v).lower() if isinstance(v, bool) else v}")
        parts += [
            f"--hidden {self.hidden}",
            f"--lambda {self.lam}",
            f"--lr {self.lr}",
            f"--round-games {self.round_games}",
            f"--batch {self.batch}",
            f"--max-throws {self.max_throws}",
        ]
        if self.targets != "self":
            parts.append(f"--targets {self.targets}")
        if self.average:
            parts.append(f"--average {self.average}")
        if self.distil:
            parts.append(f"--distil {self.distil}")
        if self.race_targets:
            parts.append("--race-targets")
        if self.init:
            parts.append(f"--init {self.init}")
        parts.append(f"--out {out}")
        return " ".join(parts)


@dataclass
class GameData:
    """The training examples of one game, in order.

    ``offsets[t]:offsets[t + 1]`` slice ``cols``/``vals`` for position ``t``;
    ``targets[t]`` its lambda-return over the sides (mover's side first);
    ``throws`` the game's length and ``winner`` its winning players (empty
    if cut off at ``max_throws``); ``movers[t]`` the player to move at ``t``
    and ``final`` the result the lambda-returns end on (for :func:`retarget`);
    ``race`` the closing race run whose values are targets (``--race-targets``).
    """

    offsets: Any
    cols: Any
    vals: Any
    targets: Any
    throws: int
    winner: tuple[int, ...]
    movers: Sequence[int] = ()
    final: Sequence[float] = ()
    race: race_targets.RaceEnd | None = None


def lambda_returns(values: Sequence[Sequence[float]], final: Sequence[float], lam: float) -> Any:
    """The lambda-returns of a game's positions (rows: positions, columns: players).

    ``values[t]`` is the network's estimate at position ``t`` (each player's
    side's chance), ``final`` the result (or the last estimate, for a game
    cut off). ``G(t) = (1 - lam) values[t + 1] + lam G(t + 1)``, the last
    position's target being ``final``.

    >>> lambda_returns([[0.5, 0.5], [0.8, 0.2]], [1.0, 0.0], 0.5).tolist()
    [[0.9, 0.1], [1.0, 0.0]]
    """
    T = len(values)
    z = np.asarray(final, dtype=np.float64)
    out = np.empty((T, len(z)))
    G = z
    v_next = z
    for t in range(T - 1, -1, -1):
        G = (1.0 - lam) * v_next + lam * G
        out[t] = G
        v_next = np.asarray(values[t], dtype=np.float64)
    return out


#: The self-play procedure of :func:`play_games`, recorded in the weights' ``made_by``.
SELFPLAY = "pachisi-selfplay/2"


def _selfplay_seed(seed: int) -> int:
    """The playout seed of a run's games (game ``g`` is playout ``g`` of it)."""
    return derive_seed(f"pachisi-train:{seed}") & 0xFFFFFFFFFFFFFFFF


def _encoded(enc: AnyEncoder, seen: Sequence[Position]) -> tuple[Any, Any, Any, list[int]]:
    """The encodings of ``seen`` one after another, as :func:`_game_data` takes them:
    where each starts (and the end), the active units and their values (numpy), and
    the movers."""
    offsets = [0]
    cols: list[int] = []
    vals: list[float] = []
    for pos in seen:
        idx, val = enc.encode(pos)
        cols.extend(idx)
        vals.extend(val)
        offsets.append(len(cols))
    return (
        np.asarray(offsets, dtype=np.int64),
        np.asarray(cols, dtype=np.int64),
        np.asarray(vals, dtype=np.float64),
        [pos.to_move for pos in seen],
    )


def _game_data(
    enc: AnyEncoder,
    lam: float,
    positions: tuple[Any, Any, Any, Sequence[int]],
    values: Any,
    final: Sequence[float],
    throws: int,
    winner: tuple[int, ...],
    race: race_targets.RaceEnd | None = None,
) -> GameData:
    """A game's examples: ``positions`` are the offsets, units, values and movers of
    its positions before a throw; targets are their lambda-returns (with ``race``,
    :func:`pachisi.training.race_targets.race_lambda_returns`)."""
    offsets, cols, vals, movers = positions
    if race is None:
        G = lambda_returns(values, final, lam)
    else:
        G = race_targets.race_lambda_returns(values, final, lam, race, lambda_returns)
    targets = np.zeros((len(movers), MAX_SIDES))
    for t, mover in enumerate(movers):
        for k, players in enumerate(enc.sides(mover)):
            targets[t, k] = G[t, players[0]]
    return GameData(offsets, cols, vals, targets, throws, winner, list(movers), list(final), race)


def retarget(
    data: Sequence[GameData], params: dict[str, Any], setup: Setup, lam: float
) -> list[GameData]:
    """The games of ``data`` with their targets recomputed from the values of another
    network (``params``: its weight arrays) instead of the network that played them.

    Each position is valued by ``params`` (the softmax over the set-up's sides of
    its recorded units), and the lambda-returns are computed from those values and
    the game's recorded ``final`` (the result; for a game cut off, the estimate of
    the network that played it). With ``lam = 1`` the targets are the results
    whatever ``params``.
    """
    enc = encoder_for(setup)
    n = enc.n_players
    out = []
    for d in data:
        T = len(d.movers)
        rows = np.repeat(np.arange(T), np.diff(d.offsets))
        X = np.zeros((T, params["W1"].shape[0]))
        X[rows, d.cols] = d.vals
        H = np.tanh(X @ params["W1"] + params["b1"])
        P = softmax_rows(np, H @ params["W2"] + params["b2"], np.full(T, enc.n_sides))
        values = np.zeros((T, n))
        for t, mover in enumerate(d.movers):
            values[t] = enc.by_player(mover, P[t])
        positions = (d.offsets, d.cols, d.vals, d.movers)
        out.append(_game_data(enc, lam, positions, values, d.final, d.throws, d.winner, d.race))
    return out


def _play_kernel(
    net: ValueNet,
    setup: Setup,
    seed: int,
    games: Sequence[int],
    lam: float,
    max_throws: int,
    races: bool = False,
) -> list[GameData]:
    """Self-play games in the compiled kernel (``fast.Games.nn_selfplay``); ``races``: the
    closing race's values as targets, its positions decoded from their encodings."""
    module = fast.kernel_module()
    assert module is not None
    kern = fast.games(module)
    enc = encoder_for(setup)
    n = enc.n_players
    net_tables = tables(net, setup)
    table = fast.game_table(setup)
    pseed = _selfplay_seed(seed)
    record = kern.recording(max_throws)
    r_idx, r_val, r_off, r_mv, r_v, res = (
        np.frombuffer(buffer, dtype=np.int32 if buffer.typecode == "i" else np.float64)
        for buffer in record.arrays()
    )
    out = []
    for g in games:
        st = fast.game_state(Position.initial(setup, g % n))
        T = kern.nn_selfplay(table, st, pseed, g, net_tables, record)
        offsets = r_off[: T + 1].astype(np.int64)
        end = int(offsets[-1])
        mask = int(res[6])
        winner = tuple(j for j in range(n) if mask >> j & 1)
        final = (
            [float(j in winner) for j in range(n)] if winner else r_v[4 * T : 4 * T + n].tolist()
        )
        positions = (offsets, r_idx[:end].astype(np.int64), r_val[:end].copy(), r_mv[:T].tolist())
        values = r_v[: 4 * T].reshape(T, 4)[:, :n]
        race = _kernel_race_end(enc, positions) if races and isinstance(enc, Encoder) else None
        out.append(_game_data(enc, lam, positions, values, final, int(res[0]), winner, race))
    return out


def _kernel_race_end(
    enc: Encoder, positions: tuple[Any, Any, Any, Sequence[int]]
) -> race_targets.RaceEnd:
    """The closing race run of a kernel game, its positions decoded (walking back from
    the last only as far as the race goes: :func:`race_targets.race_end`)."""
    offsets, cols, vals, movers = positions

    def at(t: int) -> Position:
        a, b = int(offsets[t]), int(offsets[t + 1])
        return race_targets.decode(enc, cols[a:b].tolist(), vals[a:b].tolist(), movers[t])

    return race_targets.race_end(_Lazy(at, len(movers)))


class _Lazy(Sequence[Position]):
    """The positions ``at(0) .. at(n - 1)``, each made when asked for."""

    def __init__(self, at: Callable[[int], Position], n: int) -> None:
        self._at = at
        self._n = n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, t: Any) -> Any:
        if isinstance(t, slice):
            return [self._at(i) for i in range(*t.indices(self._n))]
        if t < 0:
            t += self._n
        if not 0 <= t < self._n:
            raise IndexError(t)
        return self._at(t)


def _play_pure(
    net: ValueNet,
    setup: Setup,
    seed: int,
    games: Sequence[int],
    lam: float,
    max_throws: int,
    races: bool = False,
) -> list[GameData]:
    """The games of :func:`_play_kernel` on the pure engine, valued by the network's
    plain-Python path (the same numbers): the same examples."""
    enc = encoder_for(setup)
    n = enc.n_players
    faces = dice_for(setup.ruleset).faces
    pseed = _selfplay_seed(seed)
    out = []
    with fast.pure():
        for g in games:
            dice = fast.SplitMix64(fast.stream_seed(pseed, 2 * g))
            rng = fast.SplitMix64(fast.stream_seed(pseed, 2 * g + 1))
            pos = Position.initial(setup, g % n)
            values: list[list[float]] = []
            seen: list[Position] = []
            throws = 0
            while throws < max_throws and not game_over(setup, pos.finished, pos.winner):
                values.append(net.win_chances(pos))
                seen.append(pos)
                a = faces[dice.below(len(faces))]
                b = faces[dice.below(len(faces))]
                plays = fast.canonical_plays(pos, legal_plays(pos, (a, b)))
                pos = fast.greedy_position(pos, plays, net.value, rng)
                throws += 1
            winner = pos.winner or ()
            final = [float(j in winner) for j in range(n)] if winner else net.win_chances(pos)
            positions = _encoded(enc, seen)
            race = race_targets.race_end(seen) if races else None
            out.append(_game_data(enc, lam, positions, values, final, throws, tuple(winner), race))
    return out


def _play_one_die(
    net: ValueNet, setup: Setup, seed: int, games: Sequence[int], lam: float, max_throws: int
) -> list[GameData]:
    """Self-play games of Ludo and MADN (no kernel network: the library's engine, which
    finds legal plays in :mod:`pachisi._kludo` when compiled, and numpy for the network).

    As :func:`_play_pure`: game ``g``'s die from the splitmix64 stream ``2g`` of the
    run's playout seed, its tie breaks from ``2g + 1``; each throw's results in
    canonical order, the mover taking the best for him by the network at 0 ply, one
    draw choosing among results within 1e-9 of the best. The same games whether the
    compiled engine is there or not (it finds the same plays)."""
    enc = encoder_for(setup)
    n = enc.n_players
    faces = dice_for(setup.ruleset).faces
    pseed = _selfplay_seed(seed)
    out = []
    for g in games:
        dice = fast.SplitMix64(fast.stream_seed(pseed, 2 * g))
        rng = fast.SplitMix64(fast.stream_seed(pseed, 2 * g + 1))
        pos = Position.initial(setup, g % n)
        seen: list[Position] = []
        while len(seen) < max_throws and not game_over(setup, pos.finished, pos.winner):
            seen.append(pos)
            die = faces[dice.below(len(faces))]
            plays = fast.canonical_plays(pos, legal_plays(pos, (die,)))
            if len(plays) == 1:
                pos = plays[0].position
                continue
            v = net.batch([p.position for p in plays], pos.to_move)
            top = float(v.max())
            best = [i for i in range(len(plays)) if v[i] >= top - 1e-9]
            pos = plays[best[rng.below(len(best))] if len(best) > 1 else best[0]].position
        winner = pos.winner or ()
        values = net.chances(seen) if seen else []
        final = [float(j in winner) for j in range(n)] if winner else net.win_chances(pos)
        positions = _encoded(enc, seen)
        out.append(_game_data(enc, lam, positions, values, final, len(seen), tuple(winner)))
    return out


def play_games(
    weights: dict[str, Any], settings: TrainSettings, games: Sequence[int]
) -> list[GameData]:
    """Self-play games number ``games`` with the frozen ``weights`` (a worker's task).

    Game ``g`` starts with player ``g % n`` and is playout ``g`` of the run's
    playout seed: its dice from the splitmix64 stream ``2g``, its tie breaks
    from ``2g + 1`` (:func:`pachisi.fast.stream_seed`); each throw's
    outcomes in canonical order, the mover taking the best for him by the
    network at 0 ply, exact ties broken by one draw (the playouts'
    ``"network"`` policy). In the compiled kernel when it is active, else on
    the pure engine with the network's plain-Python path: the same games,
    examples and weights either way.
    """
    setup = settings.the_setup()
    net = ValueNet.from_arrays(setup.ruleset, weights)
    if setup.ruleset in ONE_DIE_RULESETS:
        return _play_one_die(
            net, setup, settings.seed, games, settings.lam, settings.max_throws
        )  # fmt: skip
    play = _play_kernel if fast.active() else _play_pure
    return play(
        net,
        setup,
        settings.seed,
        games,
        settings.lam,
        settings.max_throws,
        settings.race_targets,
    )


def play_chunk(
    shared: tuple[dict[str, Any], TrainSettings], games: Sequence[int]
) -> list[GameData]:
    """A chunk of a round's games for a :class:`~pachisi.chunks.ChunkRunner`.

    ``shared`` is ``(weights, settings)`` (put once per round in a Ray
    cluster's object store); a module-level function, so that Ray sends it
    by reference.
    """
    weights, settings = shared
    return play_games(weights, settings, list(games))


class _Adam:
    """Adam (Kingma and Ba) over the four weight arrays; its state is checkpointed."""

    B1, B2, EPS = 0.9, 0.999, 1e-8

    def __init__(self, shapes: dict[str, tuple[int, ...]]) -> None:
        self.t = 0
        self.m = {k: np.zeros(s) for k, s in shapes.items()}
        self.v = {k: np.zeros(s) for k, s in shapes.items()}

    def step(self, params: dict[str, Any], grads: dict[str, Any], lr: float) -> None:
        self.t += 1
        c1 = 1.0 - self.B1**self.t
        c2 = 1.0 - self.B2**self.t
        for k, g in grads.items():
            m, v = self.m[k], self.v[k]
            m *= self.B1
            m += (1.0 - self.B1) * g
            v *= self.B2
            v += (1.0 - self.B2) * g * g
            params[k] -= lr * (m / c1) / (np.sqrt(v / c2) + self.EPS)

    def state(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "m": _pack_arrays(self.m),
            "v": _pack_arrays(self.v),
        }

    def restore(self, state: dict[str, Any]) -> None:
        self.t = int(state["t"])
        self.m = _unpack_arrays(state["m"], self.m)
        self.v = _unpack_arrays(state["v"], self.v)


def _pack_arrays(arrays: dict[str, Any]) -> dict[str, Any]:
    """Weight-shaped arrays as a checkpoint stores them (each packed flat)."""
    return {k: _pack(a.ravel().tolist()) for k, a in arrays.items()}


def _unpack_arrays(packed: dict[str, Any], like: dict[str, Any]) -> dict[str, Any]:
    """:func:`_pack_arrays`' arrays again, shaped as ``like``'s of the same names."""
    return {k: np.asarray(_unpack(packed[k], v.size, k)).reshape(v.shape) for k, v in like.items()}


def _update(
    params: dict[str, Any],
    adam: _Adam,
    data: Sequence[GameData],
    settings: TrainSettings,
    n_sides: int,
    round_: int,
) -> float:
    """One pass of Adam over the round's examples; returns their mean cross-entropy."""
    offsets: list[Any] = []
    cols: list[Any] = []
    vals: list[Any] = []
    targets: list[Any] = []
    base = 0
    for d in data:
        offsets.append(d.offsets[:-1] + base)
        base += len(d.cols)
        cols.append(d.cols)
        vals.append(d.vals)
        targets.append(d.targets)
    starts = np.concatenate(offsets)
    ends = np.append(starts[1:], base)
    C = np.concatenate(cols)
    V = np.concatenate(vals)
    Tg = np.concatenate(targets)
    n = len(starts)
    order = np.random.default_rng([settings.seed, round_]).permutation(n)
    n_in = params["W1"].shape[0]
    total = 0.0
    for b0 in range(0, n, settings.batch):
        sel = order[b0 : b0 + settings.batch]
        B = len(sel)
        X = np.zeros((B, n_in))
        for r, e in enumerate(sel):
            X[r, C[starts[e] : ends[e]]] = V[starts[e] : ends[e]]
        T = Tg[sel]
        H = np.tanh(X @ params["W1"] + params["b1"])
        P = softmax_rows(np, H @ params["W2"] + params["b2"], np.full(B, n_sides))
        total += float(-(T[:, :n_sides] * np.log(P[:, :n_sides] + 1e-12)).sum())
        dZ = (P - T) / B
        dZ[:, n_sides:] = 0.0
        dH = (dZ @ params["W2"].T) * (1.0 - H * H)
        grads = {
            "W2": H.T @ dZ,
            "b2": dZ.sum(axis=0),
            "W1": X.T @ dH,
            "b1": dH.sum(axis=0),
        }
        adam.step(params, grads, settings.lr)
    return total / max(n, 1)


#: The distillation's passes of Adam over its positions (:func:`distil`), with
#: their step sizes: six at 0.01, then six at 0.003.
DISTIL_STEPS: tuple[float, ...] = (0.01,) * 6 + (0.003,) * 6


def distil_data(setup: Setup, games: int, seed: int, max_throws: int = 3000) -> list[GameData]:
    """The examples of :func:`distil`: the positions of ``games`` greedy games.

    Game ``g`` is played by greedy players (the hand evaluation's best play,
    ties broken by ``derive_seed("pachisi-distil-bot:SEED:g:i")`` for player
    ``i``) with dice seeded by ``derive_seed("pachisi-distil:SEED:g")``,
    player ``g mod n`` first, cut off after ``max_throws``. Each position
    before a throw becomes an example whose target is the calibrated hand
    evaluation's chance (:func:`pachisi.bots.search.win_chance`) of each
    side, taken for the side's first player and divided by their sum over
    the sides (in two-sided games the chances already add up to 1). The same
    examples with and without the compiled kernel.
    """

    enc = encoder_for(setup)
    n = len(setup.players)
    out: list[GameData] = []
    for g in range(games):
        rng = random.Random(derive_seed(f"pachisi-distil:{seed}:{g}"))
        bots = [GreedyPlayer(derive_seed(f"pachisi-distil-bot:{seed}:{g}:{i}")) for i in range(n)]
        positions, last = game_positions(setup, g % n, rng, bots, max_throws)
        offsets, cols, vals, movers = _encoded(enc, positions)
        targets: list[list[float]] = []
        for pos in positions:
            chances = [win_chance(pos, players[0]) for players in enc.sides(pos.to_move)]
            total = sum(chances)
            row = [0.0] * MAX_SIDES
            for k, c in enumerate(chances):
                row[k] = c / total if total > 0.0 else 1.0 / len(chances)
            targets.append(row)
        out.append(
            GameData(
                offsets,
                cols,
                vals,
                np.array(targets, dtype=np.float64).reshape(-1, MAX_SIDES),
                len(positions),
                last.winner or (),
                movers,
            )
        )
    return out


def distil(params: dict[str, Any], settings: TrainSettings, n_sides: int) -> float:
    """Fit ``params`` (in place) to the hand evaluation: ``settings.distil`` greedy games.

    The examples of :func:`distil_data` (seeded by ``settings.seed``), one
    pass of Adam (its own, fresh) for each step size of :data:`DISTIL_STEPS`,
    minimising the cross-entropy between the network's side chances and the
    hand evaluation's, in ``settings.batch`` examples a step, each pass
    shuffled apart from the self-play rounds'. Returns the last pass's mean
    cross-entropy. Self-play then starts from these weights: the network
    begins where the hand evaluation is (docs/learning.md, "Starting from the
    hand evaluation").
    """
    data = distil_data(settings.the_setup(), settings.distil, settings.seed, settings.max_throws)
    adam = _Adam({k: v.shape for k, v in params.items()})
    loss = 0.0
    for e, lr in enumerate(DISTIL_STEPS):
        # Shuffles seeded by [seed, 2**31 + e]: no self-play round has such a number.
        loss = _update(params, adam, data, replace(settings, lr=lr), n_sides, 2**31 + e)
    return loss


@dataclass(frozen=True)
class Progress:
    """What a training run reports after each round."""

    games_done: int
    games: int
    round: int
    rounds: int
    loss: float
    throws_per_game: float
    seconds: float


#: Settings added after the first recorded runs: at their defaults they are left out
#: of the record, so that a run without them is recorded (and resumed) as before.
_LATER_SETTINGS = ("targets", "average", "distil", "race_targets", "init", "init_sha")


def _settings_dict(settings: TrainSettings) -> dict[str, Any]:
    d = asdict(settings)
    defaults = {f.name: f.default for f in fields(TrainSettings)}
    for name in _LATER_SETTINGS:
        if d[name] == defaults[name]:
            del d[name]
    return d


def _second_seed(seed: int) -> int:
    """The initial weights' seed of ``--targets cross``'s second network."""
    return derive_seed(f"pachisi-train-cross:{seed}")


def _checkpoint(
    path: Path,
    settings: TrainSettings,
    params: dict[str, Any],
    adam: _Adam,
    round_: int,
    out: str,
    second: tuple[dict[str, Any], _Adam] | None = None,
    average: dict[str, Any] | None = None,
) -> None:
    ruleset = settings.setup["ruleset"]
    state: dict[str, Any] = {
        "rounds_done": round_,
        "settings": _settings_dict(settings),
        "adam": adam.state(),
    }
    if average is not None:
        state["average"] = _pack_arrays(average)
    if second is not None:
        state["second"] = {
            "weights": _pack_arrays(second[0]),
            "adam": second[1].state(),
        }
    net = ValueNet.from_arrays(
        ruleset,
        params,
        {
            "setup": settings.setup,
            "made_by": {"command": settings.command(out), "checkpoint": True},
            "note": f"checkpoint after round {round_} of {settings.rounds}",
            "state": state,
        },
    )
    net.save(path)


def train(
    settings: TrainSettings,
    out: str | Path,
    *,
    jobs: int = 1,
    checkpoint: str | Path | None = None,
    resume: bool = False,
    note: str = "",
    progress: Callable[[Progress], None] | None = None,
    stop_after_rounds: int | None = None,
    backend: ChunkRunner | None = None,
    chunk: int | None = None,
    snapshots: Sequence[int] = (),
) -> ValueNet:
    """Run the training of ``settings``; write the weights to ``out`` and return them.

    ``jobs``: processes playing the games (1: this process). ``checkpoint``:
    the checkpoint file (default ``out`` + ``.ckpt``), written after every
    round and removed at the end. ``resume``: continue from it (it must have
    been written by a run with the same settings); without ``resume`` an
    existing checkpoint is an error, so that no run is lost by mistake.
    ``stop_after_rounds``: stop (leaving the checkpoint) after this many
    rounds of this call, as a killed run would; for tests. ``backend``: a
    :class:`~pachisi.chunks.ChunkRunner` (a Ray cluster's
    :class:`~pachisi.distributed.RayRunner`) that plays the games instead of
    ``jobs`` processes, in chunks of ``chunk`` consecutive games (default:
    about two chunks per worker of a round); the weights are the same.
    ``snapshots``: game counts (multiples of ``round_games``, below ``games``)
    after which the weights are also written to :func:`snapshot_path`: the
    same weights as a run of that many games (nothing in the training depends
    on the total), recorded with that run's command, for learning curves.

    ``settings.targets == "cross"``: two networks, the first initialised as
    ever, the second from :func:`_second_seed`. Round ``r``'s games are played
    by network ``1 - r % 2`` (frozen) and learnt by network ``r % 2``, its
    targets the lambda-returns of its own values of the positions
    (:func:`retarget`): no network values, or learns from, positions chosen by
    its own maximisation. The first network is the one written (and
    snapshotted); the checkpoint holds both.

    ``settings.average == K`` (1 or more): the weights written and snapshotted
    after ``t`` rounds are ``m(t) / (1 - d^t)``, ``m(t) = d m(t - 1) + (1 - d)
    w(t)``, ``m(0) = 0``, ``d = 1 - 1/K`` and ``w(t)`` the (first) network's
    weights after round ``t``: the exponential moving average with Adam's bias
    correction, a weighted mean of the weights over roughly the last ``K``
    rounds (``K = 1``: the last round's weights, bit for bit). Self-play always
    plays the current weights; the checkpoint holds ``m``.
    """
    settings.check()
    check_snapshots(settings, snapshots)
    if chunk is not None and chunk < 1:
        raise PachisiError(f"--chunk must be at least 1, not {chunk}")
    out = Path(out)
    ckpt = Path(checkpoint) if checkpoint is not None else checkpoint_path(out)
    setup = settings.the_setup()
    enc = encoder_for(setup)
    start_round = 0
    cross = settings.targets == "cross"
    params2: dict[str, Any] = {}
    saved_avg: Any = None
    adam2: _Adam | None = None
    if ckpt.exists():
        if not resume:
            raise PachisiError(
                f"a checkpoint of an earlier run exists ({ckpt}): --resume continues it,"
                " or delete it"
            )
        saved = ValueNet.load(ckpt)
        state = saved.meta.get("state")
        if not isinstance(state, dict) or state.get("settings") != _settings_dict(settings):
            raise PachisiError(f"{ckpt} was written by a run with other settings")
        params = saved.arrays()
        params = {k: v.copy() for k, v in params.items()}
        adam = _Adam({k: v.shape for k, v in params.items()})
        adam.restore(state["adam"])
        start_round = int(state["rounds_done"])
        saved_avg = state.get("average")
        if cross:
            params2 = _unpack_arrays(state["second"]["weights"], params)
            adam2 = _Adam({k: v.shape for k, v in params.items()})
            adam2.restore(state["second"]["adam"])
    else:
        net0 = (
            _initial(settings, setup)
            if settings.init
            else ValueNet.random(setup, settings.hidden, settings.seed)
        )
        params = {k: v.copy() for k, v in net0.arrays().items()}
        if settings.distil:
            distil(params, settings, enc.n_sides)
        adam = _Adam({k: v.shape for k, v in params.items()})
        if cross:
            net1 = ValueNet.random(setup, settings.hidden, _second_seed(settings.seed))
            params2 = {k: v.copy() for k, v in net1.arrays().items()}
            adam2 = _Adam({k: v.shape for k, v in params.items()})
    decay = 1.0 - 1.0 / settings.average if settings.average else 0.0
    ema: dict[str, Any] | None = None
    if settings.average:
        ema = (
            _unpack_arrays(saved_avg, params)
            if saved_avg
            else {k: np.zeros(v.shape) for k, v in params.items()}
        )

    def written(rounds_done: int) -> dict[str, Any]:
        """The weights to write after ``rounds_done`` rounds."""
        if ema is None:
            return params
        return {k: m / (1.0 - decay**rounds_done) for k, m in ema.items()}

    nets: list[tuple[dict[str, Any], _Adam]] = [(params, adam)]
    if cross:
        assert adam2 is not None
        nets.append((params2, adam2))
    began = time.perf_counter()
    # Worker processes are spawned, not forked: the caller may run threads (a progress bar).
    pool = (
        ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))
        if jobs > 1 and backend is None
        else None
    )
    rounds_run = 0
    examples = 0
    try:
        for r in range(start_round, settings.rounds):
            if stop_after_rounds is not None and rounds_run >= stop_after_rounds:
                return ValueNet.from_arrays(setup.ruleset, params)
            first = r * settings.round_games
            games = list(range(first, min(first + settings.round_games, settings.games)))
            learner, l_adam = nets[r % 2] if cross else nets[0]
            player = nets[1 - r % 2][0] if cross else learner
            frozen = {k: v.copy() for k, v in player.items()}
            if backend is not None:
                data = _run_chunks(backend, chunk, frozen, settings, games)
            else:
                data = _run_games(pool, jobs, frozen, settings, games)
            if cross:
                data = retarget(data, learner, setup, settings.lam)
            examples += sum(len(d.targets) for d in data)
            loss = _update(learner, l_adam, data, settings, enc.n_sides, r)
            if ema is not None:
                for k, w in params.items():
                    ema[k] *= decay
                    ema[k] += (1.0 - decay) * w
            _checkpoint(
                ckpt, settings, params, adam, r + 1, str(out), nets[1] if cross else None, ema
            )
            done = min((r + 1) * settings.round_games, settings.games)
            if done in snapshots:
                early = replace(settings, games=done)
                path = snapshot_path(out, done)
                made = _made_by(early, str(path), jobs, backend, began)
                made["snapshot_of"] = settings.command(str(out))
                ValueNet.from_arrays(
                    setup.ruleset,
                    written(r + 1),
                    {"setup": settings.setup, "made_by": made, "note": note},
                ).save(path)
            rounds_run += 1
            if progress is not None:
                progress(
                    Progress(
                        games[-1] + 1,
                        settings.games,
                        r + 1,
                        settings.rounds,
                        loss,
                        sum(d.throws for d in data) / len(data),
                        time.perf_counter() - began,
                    )
                )
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    made_by = _made_by(settings, str(out), jobs, backend, began)
    net = ValueNet.from_arrays(
        setup.ruleset,
        written(settings.rounds),
        {"setup": settings.setup, "made_by": made_by, "note": note},
    )
    net.save(out)
    ckpt.unlink(missing_ok=True)
    return net


def init_sha256(path: str | Path) -> str:
    """The SHA-256 of a weights file (hex), as ``TrainSettings.init_sha`` records it."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError as e:
        raise PachisiError(f"--init: cannot read {path}: {e.strerror or e}") from None


def _initial(settings: TrainSettings, setup: Setup) -> ValueNet:
    """The network of ``settings.init``, checked: its SHA-256, set-up and size."""
    sha = init_sha256(settings.init)
    if settings.init_sha and sha != settings.init_sha:
        raise PachisiError(f"--init: {settings.init} is not the file this run started from")
    try:
        net = ValueNet.load(settings.init)
    except PachisiError as e:
        raise PachisiError(f"--init: {e}") from None
    fields = net.meta.get("setup")
    if fields is not None and fields != settings.setup:
        raise PachisiError(f"--init: {settings.init} was trained for another set-up")
    if net.ruleset != setup.ruleset or net.hidden > settings.hidden:
        raise PachisiError(
            f"--init: {settings.init} is {net.ruleset} with {net.hidden} hidden units;"
            f" this run is {setup.ruleset} with {settings.hidden} (--hidden)"
        )
    if net.n_inputs != encoder_for(setup).n_inputs:
        raise PachisiError(f"--init: {settings.init} has another encoding's inputs")
    return widened(net, settings.hidden, settings.seed) if net.hidden < settings.hidden else net


def widened(net: ValueNet, hidden: int, seed: int) -> ValueNet:
    """``net`` with ``hidden`` units, computing the same function: the units added take
    small random input weights (seeded, as :meth:`ValueNet.random` draws them) and zero
    output weights, so they change nothing until training moves them (a function-
    preserving widening, as Net2Net's).

    >>> from pachisi.rules import Setup
    >>> setup = Setup.create("parcheesi", players=2)
    >>> small = ValueNet.random(setup, 4, seed=1)
    >>> pos = Position.initial(setup, 0)
    >>> wide = widened(small, 6, seed=2)
    >>> wide.hidden, wide.win_chances(pos) == small.win_chances(pos)
    (6, True)
    """
    a = net.arrays()
    extra = hidden - net.hidden
    fresh = ValueNet.random(Setup.create(net.ruleset), extra, seed).arrays()
    arrays = {
        "W1": np.concatenate([a["W1"], fresh["W1"]], axis=1),
        "b1": np.concatenate([a["b1"], np.zeros(extra)]),
        "W2": np.concatenate([a["W2"], np.zeros((extra, a["W2"].shape[1]))], axis=0),
        "b2": a["b2"].copy(),
    }
    return ValueNet.from_arrays(net.ruleset, arrays, net.meta)


def _made_by(
    settings: TrainSettings, out: str, jobs: int, backend: ChunkRunner | None, began: float
) -> dict[str, Any]:
    """The ``made_by`` record of weights trained with ``settings`` and written to ``out``."""
    made_by: dict[str, Any] = {
        "command": settings.command(out),
        "seed": settings.seed,
        "games": settings.games,
        "settings": _settings_dict(settings),
        "encoding": encoding_name(settings.setup["ruleset"]),
        "selfplay": SELFPLAY,
        "engine": fast.engine(),
        "pachisi": __version__,
        "seconds_last_session": round(time.perf_counter() - began, 1),
        "jobs": jobs if backend is None else backend.workers,
    }
    if settings.race_targets:
        made_by["race_targets"] = {
            "procedure": race_targets.RACE_TARGETS,
            "bound": race.BOUND_BY_DEFAULT,
        }
    if backend is not None:
        made_by["runner"] = type(backend).__name__  # RayRunner for --ray
    return made_by


def checkpoint_path(out: str | Path) -> Path:
    """The checkpoint of a run writing ``out``, when none is named: ``out`` + ``.ckpt``."""
    out = Path(out)
    return out.with_name(out.name + ".ckpt")


def snapshot_path(out: str | Path, games: int) -> Path:
    """Where a run writing ``out`` puts its snapshot after ``games`` games: ``NAME-GAMES.json``."""
    out = Path(out)
    return out.with_name(f"{out.stem}-{games}{out.suffix}")


def check_snapshots(settings: TrainSettings, snapshots: Sequence[int]) -> None:
    """A clear error unless every snapshot is a multiple of the round's games below the total."""
    for k in snapshots:
        if not 0 < k < settings.games or k % settings.round_games:
            raise PachisiError(
                f"a snapshot must be a multiple of --round-games ({settings.round_games})"
                f" below --games ({settings.games}), not {k}"
            )


def _run_games(
    pool: ProcessPoolExecutor | None,
    jobs: int,
    weights: dict[str, Any],
    settings: TrainSettings,
    games: list[int],
) -> list[GameData]:
    """The round's games, in game order, played in ``jobs`` processes."""
    if pool is None:
        return play_games(weights, settings, games)
    chunks = [games[i::jobs] for i in range(jobs) if games[i::jobs]]
    futures = [pool.submit(play_games, weights, settings, c) for c in chunks]
    by_game: dict[int, GameData] = {}
    for chunk, fut in zip(chunks, futures, strict=True):
        for g, d in zip(chunk, fut.result(), strict=True):
            by_game[g] = d
    return [by_game[g] for g in games]


def _run_chunks(
    backend: ChunkRunner,
    chunk: int | None,
    weights: dict[str, Any],
    settings: TrainSettings,
    games: list[int],
) -> list[GameData]:
    """The round's games, in game order, played in chunks by ``backend``."""
    size = chunk or max(1, math.ceil(len(games) / (2 * max(1, backend.workers))))
    parts = backend.map(play_chunk, (weights, settings), chunked(games, size))
    return [d for part in parts for d in part]


def outcome_log_loss(
    evaluation: Callable[[Position, int], float],
    games: Iterable[tuple[list[Position], tuple[int, ...]]],
) -> float:
    """Mean log-loss of ``evaluation``'s chance for the eventual winner over games' positions.

    ``evaluation(position, player)``: a chance of winning, such as
    :meth:`ValueNet.value` or :func:`pachisi.bots.search.win_chance`.
    ``games``: each game's positions before its throws and its winning
    players (:func:`held_out_games`). Lower is better; ln 2 = 0.693 is a
    coin's score in a two-sided game.
    """
    total = 0.0
    count = 0
    for positions, winner in games:
        for pos in positions:
            if pos.winner is not None:
                continue
            p = evaluation(pos, winner[0])
            total -= math.log(min(max(p, 1e-12), 1.0))
            count += 1
    return total / max(count, 1)


def held_out_games(
    setup: Setup, games: int, seed: int, player: str = "greedy"
) -> list[tuple[list[Position], tuple[int, ...]]]:
    """``games`` games between ``player`` bots (by name), seeded apart from training's dice.

    Each game as its positions before the throws and its winning players: the
    held-out set of :func:`outcome_log_loss`.
    """

    out: list[tuple[list[Position], tuple[int, ...]]] = []
    n = len(setup.players)
    for g in range(games):
        rng = random.Random(derive_seed(f"pachisi-held-out:{seed}:{g}"))
        bots = [
            make_player(player, derive_seed(f"pachisi-held-out-bot:{seed}:{g}:{i}"))
            for i in range(n)
        ]
        seen, pos = game_positions(setup, g % n, rng, bots)
        assert pos.winner is not None
        out.append((seen, pos.winner))
    return out
