"""The value network's accuracy on held-out positions: against long rollouts, and on game outcomes.

For a ruleset and a weights file (default: the network shipped in the
package), on the set-up the network was trained on:

1. **Held-out games.** ``--games N`` games between two fixed computer
   players (``--players A,B``, default ``greedy,greedy``), game ``g``'s dice
   seeded by ``derive_seed("pachisi-held-out:SEED:g")`` and its players by
   ``derive_seed("pachisi-held-out-bot:SEED:g:i")``, player ``g mod 2``
   first: the games of :func:`pachisi.training.train.held_out_games` (the same
   games, when both players are the same). The shipped networks' training
   games were dealt by ``derive_seed("pachisi-train:S:g")`` (self-play
   ``pachisi-selfplay/2``: playout ``g`` of ``derive_seed("pachisi-train:S")``),
   ``S`` the seed recorded in the weights' ``made_by``, and played by the
   network itself, so no held-out game is a training game (a position, the
   opening above all, can occur in both).
2. **Sampled positions.** Position ``i`` (before the ``i``-th throw, the game
   undecided) of game ``g`` where ``i + g`` is a multiple of ``--every K``,
   the first ``--positions M`` of them in game order.
3. **Rollout chances.** Each sampled position is played out ``--rollouts R``
   times by :mod:`pachisi.analysis.rollout` (kernel playouts: ``--policy``
   makes every choice for every player, by default ``greedy``, the hand
   evaluation's best play; ``network``: the network measured, at 0 ply, the
   playouts' ``"network"`` policy where this tree has it; common random
   numbers, the first throw stratified), giving the mover's win chance with
   its standard error.
4. **Figures.** Against the rollout chances: the mean absolute error (MAE) of
   the network at each ``--plies`` and of the calibrated hand evaluation
   (:func:`pachisi.bots.search.win_chance`), its standard error, the MAE
   that a perfect evaluator would score against the same noisy rollouts
   (``sqrt(2/pi)`` times the mean rollout standard error: the most the
   rollouts' noise can add to any MAE), the root mean square error with the
   rollouts' noise variance taken away, and the paired difference of each
   MAE from the hand evaluation's. On the game outcomes of every undecided
   position of the held-out games: the log-loss of the chance given to the
   eventual winner (the figure of :func:`pachisi.training.train.outcome_log_loss`),
   and a calibration table of the mover's predicted chance in ``--bins``
   equal bins against how often the mover's side won, with counts and
   Wilson 95% intervals. Network plies beyond 0 are valued on the sampled
   positions only (their log-loss is given there, beside 0 ply's and the hand
   evaluation's on the same positions).

Standard errors of means over positions are clustered by game (the
positions of one game are not independent). Everything is seeded: the same
arguments print the same numbers, for any ``--jobs``.

Usage (from the repository root)::

    nice -n 19 .venv/bin/python benchmarks/net_accuracy.py parcheesi --games 1000 --seed 7 \\
        --every 128 --rollouts 3024 --plies 0,1,2 --markdown acc.md --json acc.json

(the tables of docs/learning.md, "Accuracy"; about 4 minutes of CPU with the compiled kernel).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi import fast
from pachisi.analysis.net import NetEvaluator, made_by_summary
from pachisi.analysis.rollout import (
    POLICIES,
    Estimate,
    RolloutRunner,
    RolloutSpec,
    exact_chances,
    first_throw,
    mean_se,
    player_values,
    playout_seed,
    sides,
)
from pachisi.bots import game_positions, make_player
from pachisi.bots.search import win_chance
from pachisi.dice import derive_seed
from pachisi.errors import PachisiError
from pachisi.learn import default_net
from pachisi.learn.network import ValueNet
from pachisi.position import Position
from pachisi.rules import Setup

#: The 95% normal quantile.
Z95 = 1.959963984540054

#: A held-out game: its positions before each throw, and its winning players.
Game = tuple[list[Position], tuple[int, ...]]


# -- the held-out games and the sample ---------------------------------------------


def held_out(
    setup: Setup, games: int, seed: int, players: Sequence[str], max_throws: int = 10_000
) -> tuple[list[Game], int]:
    """``games`` seeded games between ``players`` (names, one per seat); and how many were
    dropped undecided (a dead end, or ``max_throws`` reached).

    The games of :func:`pachisi.training.train.held_out_games` when every seat has the same
    player: dice ``derive_seed("pachisi-held-out:SEED:g")``, player ``i``
    ``make_player(players[i], derive_seed("pachisi-held-out-bot:SEED:g:i"))``,
    player ``g mod n`` first.
    """
    n = len(setup.players)
    if len(players) != n:
        raise PachisiError(f"--players: {n} names are needed for this set-up, not {len(players)}")
    out: list[Game] = []
    dropped = 0
    for g in range(games):
        rng = random.Random(derive_seed(f"pachisi-held-out:{seed}:{g}"))
        bots = [
            make_player(players[i], derive_seed(f"pachisi-held-out-bot:{seed}:{g}:{i}"))
            for i in range(n)
        ]
        seen, pos = game_positions(setup, g % n, rng, bots, max_throws)
        if pos.winner is None:
            dropped += 1
            continue
        out.append((seen, pos.winner))
    return out, dropped


@dataclass(frozen=True)
class Sampled:
    """A sampled position: game ``game`` (index in the held-out list), throw ``index``."""

    game: int
    index: int
    position: Position


def sample(games: Sequence[Game], every: int, limit: int | None = None) -> list[Sampled]:
    """Position ``i`` of game ``g`` where ``i + g`` is a multiple of ``every`` (undecided
    positions only), in game order, the first ``limit`` of them.

    >>> from pachisi import Position
    >>> p = Position.start("parcheesi", players=2)
    >>> [(s.game, s.index) for s in sample([([p] * 5, (0,)), ([p] * 5, (1,))], 2)]
    [(0, 0), (0, 2), (0, 4), (1, 1), (1, 3)]
    """
    if every < 1:
        raise PachisiError("--every must be at least 1")
    out: list[Sampled] = []
    for g, (positions, _) in enumerate(games):
        for i, pos in enumerate(positions):
            if (i + g) % every == 0 and not pos.is_over:
                out.append(Sampled(g, i, pos))
                if limit is not None and len(out) >= limit:
                    return out
    return out


# -- statistics ----------------------------------------------------------------------


def clustered_mean_se(values: Sequence[float], groups: Sequence[int]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error clustered by ``groups`` (games).

    The cluster-robust (sandwich) standard error of a mean: with ``G`` groups,
    group sums ``S_g`` and sizes ``n_g``, ``N`` values and mean ``m``,
    ``se^2 = G / (G - 1) * sum_g (S_g - m n_g)^2 / N^2``. With every value its
    own group it is the usual ``sd / sqrt(N)`` (population sd times
    ``sqrt(N / (N - 1))``, i.e. the sample sd). ``inf`` with fewer than two groups.

    >>> m, se = clustered_mean_se([1.0, 2.0, 3.0, 4.0], [0, 1, 2, 3])
    >>> m, round(se, 6)
    (2.5, 0.645497)
    """
    n = len(values)
    if n == 0:
        return (math.nan, math.inf)
    if len(groups) != n:
        raise ValueError("values and groups differ in length")
    mean = math.fsum(values) / n
    sums: dict[int, float] = {}
    sizes: dict[int, int] = {}
    for v, g in zip(values, groups, strict=True):
        sums[g] = sums.get(g, 0.0) + v
        sizes[g] = sizes.get(g, 0) + 1
    k = len(sums)
    if k < 2:
        return (mean, math.inf)
    ss = math.fsum((sums[g] - mean * sizes[g]) ** 2 for g in sums)
    return (mean, math.sqrt(k / (k - 1) * ss) / n)


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (``(nan, nan)`` for ``n = 0``).

    >>> lo, hi = wilson(5, 10)
    >>> round(lo, 4), round(hi, 4)
    (0.2366, 0.7634)
    """
    if n == 0:
        return (math.nan, math.nan)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class ErrorStats:
    """An evaluator's errors against the rollout chances.

    ``mae`` and ``mae_se``: the mean absolute error and its standard error
    (clustered by game); ``bias``: the mean signed error (prediction minus
    rollouts); ``rmse``: the root mean square error; ``rmse_denoised``: the
    same with the rollouts' noise variance (the mean squared standard error)
    taken away, an estimate of the error against the rollouts' exact chances
    (0 if the noise explains it all); ``diff`` and ``diff_se``: the paired
    difference of the MAE from a reference evaluator's (filled by
    :func:`error_stats` when one is given).
    """

    mae: float
    mae_se: float
    bias: float
    rmse: float
    rmse_denoised: float
    diff: float = math.nan
    diff_se: float = math.nan


def noise_floor(rollout_se: Sequence[float]) -> float:
    """The MAE of a perfect evaluator against rollouts with these standard errors.

    ``sqrt(2 / pi)`` times the mean standard error: the expected absolute
    value of a normal error. By the triangle inequality it is also the most
    the rollouts' noise can add to any evaluator's MAE.

    >>> round(noise_floor([0.01, 0.03]), 6)
    0.015958
    """
    if not rollout_se:
        return math.nan
    return math.sqrt(2 / math.pi) * math.fsum(rollout_se) / len(rollout_se)


def error_stats(
    predicted: Sequence[float],
    rollout: Sequence[float],
    rollout_se: Sequence[float],
    groups: Sequence[int],
    reference: Sequence[float] | None = None,
) -> ErrorStats:
    """:class:`ErrorStats` of ``predicted`` against ``rollout`` (chances of the same
    positions); ``reference``: another evaluator's predictions, for the paired difference.

    >>> s = error_stats([0.6, 0.2], [0.5, 0.4], [0.0, 0.0], [0, 1])
    >>> round(s.mae, 6), round(s.bias, 6), round(s.rmse, 6)
    (0.15, -0.05, 0.158114)
    """
    n = len(predicted)
    if not n == len(rollout) == len(rollout_se) == len(groups):
        raise ValueError("predictions, rollouts and groups differ in length")
    err = [p - r for p, r in zip(predicted, rollout, strict=True)]
    mae, mae_se = clustered_mean_se([abs(e) for e in err], groups)
    bias = math.fsum(err) / n
    mse = math.fsum(e * e for e in err) / n
    noise = math.fsum(s * s for s in rollout_se) / n
    diff, diff_se = math.nan, math.nan
    if reference is not None:
        paired = [abs(e) - abs(q - r) for e, q, r in zip(err, reference, rollout, strict=True)]
        diff, diff_se = clustered_mean_se(paired, groups)
    return ErrorStats(
        mae, mae_se, bias, math.sqrt(mse), math.sqrt(max(0.0, mse - noise)), diff, diff_se
    )


@dataclass(frozen=True)
class Bin:
    """One row of a calibration table: predictions in ``[lo, hi)`` (the last bin closed).

    ``n`` positions, their mean prediction ``predicted``, the share
    ``observed`` that the side won (``won`` of ``n``) and its Wilson 95%
    interval ``ci``.
    """

    lo: float
    hi: float
    n: int
    predicted: float
    won: int
    observed: float
    ci: tuple[float, float]


def calibration(predicted: Sequence[float], won: Sequence[bool], bins: int = 10) -> list[Bin]:
    """The calibration table of chances ``predicted`` against outcomes ``won``, in ``bins``
    equal bins of [0, 1] (a chance of exactly 1 goes in the last bin; empty bins are kept).

    >>> [(b.n, b.won) for b in calibration([0.05, 0.1, 0.15, 0.95, 1.0], [0, 1, 0, 1, 1], 2)]
    [(3, 1), (2, 2)]
    """
    if bins < 1:
        raise PachisiError("--bins must be at least 1")
    if len(predicted) != len(won):
        raise ValueError("predictions and outcomes differ in length")
    members: list[list[tuple[float, bool]]] = [[] for _ in range(bins)]
    for p, w in zip(predicted, won, strict=True):
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"a chance out of [0, 1]: {p}")
        members[min(int(p * bins), bins - 1)].append((p, bool(w)))
    out = []
    for b, rows in enumerate(members):
        n = len(rows)
        k = sum(1 for _, w in rows if w)
        mean = math.fsum(p for p, _ in rows) / n if n else math.nan
        out.append(
            Bin(b / bins, (b + 1) / bins, n, mean, k, k / n if n else math.nan, wilson(k, n))
        )
    return out


def log_losses(chance_of_winner: Sequence[float]) -> list[float]:
    """Per position: ``-ln`` of the chance given to the eventual winner (floored at 1e-12,
    as :func:`pachisi.training.train.outcome_log_loss`)."""
    return [-math.log(min(max(p, 1e-12), 1.0)) for p in chance_of_winner]


# -- evaluators -----------------------------------------------------------------------


def hand_chances(position: Position) -> tuple[float, ...]:
    """Every player's chance by the calibrated hand evaluation (:func:`win_chance`)."""
    return tuple(win_chance(position, i) for i in range(len(position.setup.players)))


#: The rollout policies: the playouts' (``greedy``, ``random``) and ``network``, the
#: network measured playing every seat (the playouts' ``"network"`` policy, once this
#: tree's kernel has it).
ROLLOUT_POLICIES = (*POLICIES, "network")


def rollout_chances(
    positions: Sequence[Position],
    rollouts: int,
    spec: RolloutSpec,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    network: ValueNet | None = None,
) -> list[Estimate]:
    """Every player's win chances in each position by ``rollouts`` rollouts of ``spec``, with
    their standard errors (:class:`pachisi.analysis.rollout.RolloutRunner`; the same for any
    ``jobs``). With ``network`` the rollouts are played by it instead, in every seat
    (:func:`network_estimate`; one process). ``progress(done, total)`` is called after each
    position."""
    out = []
    if network is not None:
        for k, pos in enumerate(positions):
            out.append(network_estimate(pos, rollouts, spec, network))
            if progress is not None:
                progress(k + 1, len(positions))
        return out
    with RolloutRunner(spec, jobs) as runner:
        for k, pos in enumerate(positions):
            out.append(runner.estimate(pos, rollouts))
            if progress is not None:
                progress(k + 1, len(positions))
    return out


def network_estimate(
    position: Position, rollouts: int, spec: RolloutSpec, net: ValueNet
) -> Estimate:
    """The win chances of ``position`` by ``rollouts`` playouts in which ``net`` plays every
    seat at 0 ply (the playouts' ``"network"`` policy: in the compiled kernel when it is
    active, else on the pure engine, the same games), played to the end (``spec.max_throws``);
    rollout ``k`` is playout ``k`` of :func:`~pachisi.analysis.rollout.playout_seed` with
    the stratified first throw, as the other policies' rollouts."""
    exact = exact_chances(position)
    if exact is not None:
        return exact
    if "network" not in fast.POLICIES:
        raise PachisiError("--policy network: not yet: this tree's playouts have no network policy")
    n = len(position.setup.players)
    firsts = [first_throw(position.ruleset, spec.seed, k) for k in range(rollouts)]
    play: Any = fast.playouts if fast.active() else fast.pure_playouts
    games = play(
        position,
        rollouts,
        playout_seed(spec.seed),
        spec.max_throws,
        policies=("network",) * n,
        first_throws=firsts,
        network=net,
    )
    masks = [sum(1 << j for j in g.winner) if g.winner is not None else 0 for g in games]
    return network_rollouts(position, masks, spec.seed)


def network_rollouts(position: Position, masks: list[int], seed: int) -> Estimate:
    """The estimate of ``position`` from the network's rollouts of rollout seed ``seed``,
    one winners' bit mask a rollout (0: cut off at the throw limit, a draw shared by every
    player)."""
    n = len(position.setup.players)
    stats = [mean_se(player_values(position.setup, masks, i)) for i in range(n)]
    return Estimate(
        tuple(m for m, _ in stats),
        tuple(e for _, e in stats),
        sides(position.setup),
        "rollout",
        rollouts=len(masks),
        policy="network",
        seed=seed,
        unfinished=masks.count(0),
    )


# -- the measurement --------------------------------------------------------------------


def load_net(ruleset: str, path: str | None) -> tuple[ValueNet, str]:
    """The network of ``path`` (default: the one shipped for ``ruleset``) and its name."""
    if path is None:
        return default_net(ruleset), f"pachisi/learn/weights/{ruleset}.json (shipped)"
    net = ValueNet.load(path)
    if net.ruleset != ruleset:
        raise PachisiError(f"{path} is a {net.ruleset} network, not {ruleset}")
    return net, path


def net_setup(net: ValueNet) -> Setup:
    """The set-up the network was trained on (its file's ``setup``)."""
    f = net.meta.get("setup")
    if not isinstance(f, dict):
        raise PachisiError("the weights file records no set-up: cannot tell which games to play")
    return Setup.from_fields(f["ruleset"], f["options"], f["players"], f["teams"])


def is_smoke(net: ValueNet) -> bool:
    """Whether the network is one of the shipped smoke-test networks (by its note)."""
    return "smoke-test" in str(net.meta.get("note", ""))


def measure(args: argparse.Namespace, log: Callable[[str], None] = print) -> dict[str, Any]:
    """Run the whole measurement of ``args`` (the parsed command line); the results as a
    JSON-ready dict (``"tables"``: the Markdown tables)."""
    t0 = time.process_time()
    net, source = load_net(args.ruleset, args.net)
    setup = net_setup(net)
    players = args.players.split(",")
    if len(players) == 1:
        players = players * len(setup.players)
    plies = sorted({int(p) for p in args.plies.split(",")})
    evaluator = NetEvaluator(net, 0, source)
    by_net = args.policy == "network"
    spec = RolloutSpec(args.rollout_seed, "greedy" if by_net else args.policy, args.max_throws)

    games, dropped = held_out(setup, args.games, args.seed, players)
    t_games = time.process_time() - t0
    picked = sample(games, args.every, args.positions)
    log(
        f"{len(games)} held-out games ({dropped} dropped undecided),"
        f" {sum(len(p) for p, _ in games)} positions; {len(picked)} sampled"
        f" [{t_games:.1f} s CPU]"
    )

    # -- game outcomes: every position, network at 0 ply and the hand evaluation
    all_pos = [(g, pos) for g, (ps, _) in enumerate(games) for pos in ps if not pos.is_over]
    net0 = evaluator.values([p for _, p in all_pos], 0)
    evaluator.forget()
    hand = [hand_chances(p) for _, p in all_pos]
    winners = [games[g][1] for g, _ in all_pos]
    groups = [g for g, _ in all_pos]
    mover_won = [p.to_move in w for (_, p), w in zip(all_pos, winners, strict=True)]
    outcome: dict[str, Any] = {"positions": len(all_pos), "games": len(games)}
    for name, vals in (("network, 0 ply", net0), ("hand evaluation", hand)):
        ll = log_losses([v[w[0]] for v, w in zip(vals, winners, strict=True)])
        m, se = clustered_mean_se(ll, groups)
        outcome[name] = {
            "log_loss": m,
            "log_loss_se": se,
            "calibration": calibration(
                [v[p.to_move] for v, (_, p) in zip(vals, all_pos, strict=True)],
                mover_won,
                args.bins,
            ),
        }
    diff = [
        a - b
        for a, b in zip(
            log_losses([v[w[0]] for v, w in zip(net0, winners, strict=True)]),
            log_losses([v[w[0]] for v, w in zip(hand, winners, strict=True)]),
            strict=True,
        )
    ]
    outcome["difference"] = clustered_mean_se(diff, groups)
    t_outcomes = time.process_time() - t0 - t_games
    log(f"game outcomes valued [{t_outcomes:.1f} s CPU]")

    # -- the sampled positions against rollouts
    positions = [s.position for s in picked]
    evals: dict[str, list[tuple[float, ...]]] = {}
    for ply in plies:
        evals[f"network, {ply} ply"] = evaluator.values(positions, ply)
        evaluator.forget()
    evals["hand evaluation"] = [hand_chances(p) for p in positions]
    t_evals = time.process_time() - t0 - t_games - t_outcomes

    def progress(done: int, total: int) -> None:
        if done % max(1, total // 10) == 0 or done == total:
            log(f"  rollouts: {done}/{total} positions [{time.process_time() - t0:.0f} s CPU]")

    rolled = rollout_chances(
        positions, args.rollouts, spec, args.jobs, progress, net if by_net else None
    )
    t_rollouts = time.process_time() - t0 - t_games - t_outcomes - t_evals
    movers = [p.to_move for p in positions]
    r_mean = [e.chances[m] for e, m in zip(rolled, movers, strict=True)]
    r_se = [e.se[m] for e, m in zip(rolled, movers, strict=True)]
    s_groups = [s.game for s in picked]
    mover_chance = {
        k: [v[m] for v, m in zip(vals, movers, strict=True)] for k, vals in evals.items()
    }
    ref = mover_chance["hand evaluation"]
    errors = {
        k: error_stats(v, r_mean, r_se, s_groups, None if k == "hand evaluation" else ref)
        for k, v in mover_chance.items()
    }
    s_winners = [games[s.game][1] for s in picked]
    sampled_ll = {}
    for k, vals in evals.items():
        ll = log_losses([v[w[0]] for v, w in zip(vals, s_winners, strict=True)])
        sampled_ll[k] = clustered_mean_se(ll, s_groups)
    ll_roll = log_losses([e.chances[w[0]] for e, w in zip(rolled, s_winners, strict=True)])
    sampled_ll["rollouts"] = clustered_mean_se(ll_roll, s_groups)

    cpu = time.process_time() - t0
    made = net.meta.get("made_by") or {}
    result: dict[str, Any] = {
        "ruleset": args.ruleset,
        "network": {
            "file": source,
            "summary": made_by_summary(net),
            "smoke_test": is_smoke(net),
            "note": net.meta.get("note", ""),
            "command": made.get("command") if isinstance(made, dict) else None,
            "training_seed": made.get("seed") if isinstance(made, dict) else None,
            "training_games": made.get("games") if isinstance(made, dict) else None,
        },
        "setup": setup.to_fields(),
        "held_out": {
            "games": args.games,
            "seed": args.seed,
            "players": players,
            "dropped": dropped,
            "dice": f"derive_seed('pachisi-held-out:{args.seed}:g')",
            "every": args.every,
            "positions": len(picked),
        },
        "rollouts": {
            "per_position": args.rollouts,
            "policy": args.policy,
            "seed": args.rollout_seed,
            "max_throws": args.max_throws,
            "mean_se": math.fsum(r_se) / max(1, len(r_se)),
            "noise_floor_mae": noise_floor(r_se),
        },
        "against_rollouts": {k: vars(e) for k, e in errors.items()},
        "log_loss_sampled": {k: {"mean": m, "se": se} for k, (m, se) in sampled_ll.items()},
        "outcomes": {
            "positions": outcome["positions"],
            "games": outcome["games"],
            "difference": {"mean": outcome["difference"][0], "se": outcome["difference"][1]},
            **{
                k: {
                    "log_loss": outcome[k]["log_loss"],
                    "log_loss_se": outcome[k]["log_loss_se"],
                    "calibration": [vars(b) for b in outcome[k]["calibration"]],
                }
                for k in ("network, 0 ply", "hand evaluation")
            },
        },
        "cpu_seconds": {
            "games": t_games,
            "outcomes": t_outcomes,
            "evaluations": t_evals,
            "rollouts": t_rollouts,
            "total": cpu,
        },
        "load_average": os.getloadavg()[0],
        "command": "benchmarks/net_accuracy.py " + " ".join(args.argv),
        "positions": [
            {
                "game": s.game,
                "index": s.index,
                "position": s.position.to_text(),
                "rollout": r,
                "rollout_se": se,
                **{k: v[i] for k, v in mover_chance.items()},
            }
            for i, (s, r, se) in enumerate(zip(picked, r_mean, r_se, strict=True))
        ],
    }
    result["tables"] = markdown(result)
    return result


# -- the tables ------------------------------------------------------------------------


def _f(x: float, digits: int = 4) -> str:
    return "—" if x is None or not math.isfinite(x) else f"{x:.{digits}f}"


def markdown(r: dict[str, Any]) -> str:
    """The results of :func:`measure` as Markdown tables, with what they were measured on."""
    netd = r["network"]
    ho = r["held_out"]
    ro = r["rollouts"]
    label = "SMOKE-TEST NETWORK (not a strong player)" if netd["smoke_test"] else "network"
    lines = [
        f"**{r['ruleset']}**, {label} `{netd['file']}` ({netd['summary']};"
        f" trained on self-play games dealt by seed {netd['training_seed']}).",
        f"Held out: {len(ho['players'])}-player games {', '.join(ho['players'])},"
        f" {ho['games']} games dealt by seed {ho['seed']} ({ho['dropped']} dropped undecided);"
        f" {r['outcomes']['positions']} positions before a throw; every {ho['every']}th"
        f" sampled: {ho['positions']} positions, each rolled out {ro['per_position']} times"
        f" by the `{ro['policy']}` policy (seed {ro['seed']}; mean standard error"
        f" {_f(ro['mean_se'])}).",
        "",
        "Against the rollouts (the mover's chance):",
        "",
        "| evaluation | MAE | ± se | MAE − hand's | ± se | bias | RMSE | RMSE, noise removed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for k, e in r["against_rollouts"].items():
        lines.append(
            f"| {k} | {_f(e['mae'])} | {_f(e['mae_se'])} | {_f(e['diff'])} | {_f(e['diff_se'])}"
            f" | {_f(e['bias'])} | {_f(e['rmse'])} | {_f(e['rmse_denoised'])} |"
        )
    lines.append(
        f"| a perfect evaluator (the rollouts' noise) | {_f(ro['noise_floor_mae'])} | | | | | | 0 |"
    )
    lines += [
        "",
        "Log-loss on game outcomes (the chance given to the eventual winner; 0.6931 a coin's):",
        "",
        "| evaluation | all positions | ± se | sampled positions | ± se |",
        "|---|---|---|---|---|",
    ]
    oc = r["outcomes"]
    for k, v in r["log_loss_sampled"].items():
        full = oc.get(k)
        a, a_se = (full["log_loss"], full["log_loss_se"]) if full else (math.nan, math.nan)
        lines.append(f"| {k} | {_f(a)} | {_f(a_se)} | {_f(v['mean'])} | {_f(v['se'])} |")
    d = oc["difference"]
    lines += [
        "",
        f"Network (0 ply) minus hand evaluation, all positions: {_f(d['mean'])}"
        f" ± {_f(d['se'])} (paired, se clustered by game).",
    ]
    for k in ("network, 0 ply", "hand evaluation"):
        lines += [
            "",
            f"Calibration on game outcomes, {k} (the mover's chance; all positions):",
            "",
            "| predicted | positions | mean predicted | mover won | 95% CI |",
            "|---|---|---|---|---|",
        ]
        for b in oc[k]["calibration"]:
            lo, hi = b["ci"]
            lines.append(
                f"| {b['lo']:.1f}–{b['hi']:.1f} | {b['n']} | {_f(b['predicted'], 3)}"
                f" | {_f(b['observed'], 3)} | {_f(lo, 3)}–{_f(hi, 3)} |"
            )
    c = r["cpu_seconds"]
    lines += [
        "",
        f"CPU {c['total']:.0f} s (games {c['games']:.0f}, outcomes {c['outcomes']:.0f},"
        f" plies {c['evaluations']:.0f}, rollouts {c['rollouts']:.0f}); load average"
        f" {r['load_average']:.2f}. `{r['command']}`",
    ]
    return "\n".join(lines)


def _finite(x: Any) -> Any:
    """``x`` with every NaN or infinity as ``None`` (strict JSON), tuples as lists."""
    if isinstance(x, float):
        return x if math.isfinite(x) else None
    if isinstance(x, dict):
        return {k: _finite(v) for k, v in x.items()}
    if isinstance(x, list | tuple):
        return [_finite(v) for v in x]
    return x


def parser() -> argparse.ArgumentParser:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("ruleset", choices=["parcheesi", "whitman", "pagade", "eight-man"])
    p.add_argument("--net", help="weights file (default: the network shipped for the ruleset)")
    p.add_argument("--games", type=int, default=300, help="held-out games (300)")
    p.add_argument("--seed", type=int, default=7, help="the held-out games' seed (7)")
    p.add_argument(
        "--players",
        default="greedy",
        help="the held-out games' players, one name per seat or one for all (greedy)",
    )
    p.add_argument("--every", type=int, default=16, help="sample every K-th position (16)")
    p.add_argument("--positions", type=int, default=None, help="at most M sampled positions")
    p.add_argument("--rollouts", type=int, default=1008, help="rollouts per position (1008)")
    p.add_argument(
        "--policy",
        choices=ROLLOUT_POLICIES,
        default="greedy",
        help="rollout policy (greedy; network: the network measured, in every seat)",
    )
    p.add_argument("--rollout-seed", type=int, default=1, help="the rollouts' seed (1)")
    p.add_argument("--max-throws", type=int, default=10_000, help="a rollout's throw limit")
    p.add_argument("--plies", default="0,1", help="the network's plies, e.g. 0,1,2 (0,1)")
    p.add_argument("--bins", type=int, default=10, help="calibration bins (10)")
    p.add_argument("--jobs", type=int, default=1, help="processes for the rollouts (1)")
    p.add_argument("--markdown", help="write the tables to this file")
    p.add_argument("--json", help="write everything (and each sampled position) to this file")
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; 0, or 2 with a one-line error."""
    argv = sys.argv[1:] if argv is None else argv
    args = parser().parse_args(argv)
    args.argv = argv
    try:
        if args.games < 1 or args.rollouts < 1 or args.jobs < 1:
            raise PachisiError("--games, --rollouts and --jobs must be at least 1")
        if args.positions is not None and args.positions < 1:
            raise PachisiError("--positions must be at least 1")
        try:
            plies = {int(p) for p in args.plies.split(",")}
        except ValueError:
            raise PachisiError(f"--plies: numbers 0 to 2, not {args.plies!r}") from None
        if not plies <= {0, 1, 2}:
            raise PachisiError(f"--plies: numbers 0 to 2, not {args.plies!r}")
        result = measure(args, lambda s: print(s, file=sys.stderr))
    except (PachisiError, ValueError, OSError) as e:
        print(f"net_accuracy: {e}", file=sys.stderr)
        return 2
    print(result["tables"])
    if args.markdown:
        Path(args.markdown).write_text(result["tables"] + "\n")
    if args.json:
        text = json.dumps(_finite(result), indent=1, allow_nan=False)
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
