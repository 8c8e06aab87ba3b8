"""Measure the computer players' strength: head-to-head tournaments.

Plays two-player matches with the tournament machinery of ``pachisi
simulate`` (:mod:`pachisi.tournament`: seeded games, seats rotated
every game, results independent of ``--jobs``) and prints, per match, the
games, the first player's wins, win rate and 95% Wilson interval, and the
seconds per game. The players are registered under names that carry their
budgets, in :data:`pachisi.bots.PLAYERS` of this process only (worker
processes are forked from it)::

    random, greedy                  the library's players
    learned, learned1, learned2     the library's players by the shipped network (0, 1, 2 plies)
    learned[P]@FILE.json            the same by the network in FILE (a learning curve's snapshots)
    expectimax                      ExpectimaxPlayer(depth=1) (defaults)
    deep<K>                         DeepExpectimax(finalists=K): an experiment, below
    search<N>                       SearchPlayer(simulations=N) (defaults otherwise)
    search<N>d<D>                   SearchPlayer(simulations=N, depth=D): rollouts of D throws
    search<N>[d<D>]c                the same, calibrated=True (leaves: calibrated win chance)
    vet<S>[z<Z>][c]                 VettedExpectimax(sweeps=S, z=Z): an experiment, below

Usage (from the repository root)::

    .venv/bin/python benchmarks/strength.py parcheesi expectimax,greedy --games 200 --seed 1
    .venv/bin/python benchmarks/strength.py pagade search32,greedy --games 40 --jobs 2 \
        --out results.json

Rulesets: ``parcheesi`` (2 players), ``whitman`` (2 players), ``pagade`` (2
players with two colours each), ``eight-man`` (2 players, majors red and blue).

``--luck`` also prints the **luck-adjusted** win rate of the first player,
an estimate of the same win rate with less variance (the idea of gnubg's
luck-adjusted results, and of AIVAT in poker): the same games are played
(:func:`luck_game` replays :func:`pachisi.tournament.play_game`
exactly), and from each game's result (1 or 0) the luck of every throw is
taken away. The luck of a throw is ``V(t) - sum over throws u of P(u) V(u)``,
where ``V(u)`` is the first player's win chance (:func:`pachisi.bots.search.win_chance`,
the logistic of the evaluation) after the greedy answer to throw ``u`` of
the position. Two ``V`` are used on the same games, and both adjusted
rates are printed: the logistic at the search player's constant scale
(:data:`pachisi.bots.search.LOGISTIC_SCALE`, the first figure, as measured
in docs/players.md before the second existed) and at the calibrated scale,
smaller as the race shortens (``win_chance``'s default, which the quick
hints use too). Whatever ``V`` is, the throw is drawn independently of the
position, so every luck term has mean zero and the adjusted result has the
same expectation as the result: the estimate is unbiased, and its interval
(mean +- 1.96 standard errors) is narrower when ``V`` follows the game.
Costs one greedy answer to every distinct throw at every throw of the game.
With ``--log FILE`` every game's three figures are appended to FILE as it
ends, ``--start K`` finishes a stopped run, and ``--luck --summarise-log
FILE`` judges the whole run from the file, as for the plain matches.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi.bots import PLAYERS, Player, make_player
from pachisi.bots.expectimax import ExpectimaxPlayer, greedy_replies
from pachisi.bots.search import LOGISTIC_SCALE, win_chance
from pachisi.dice import Throw, dice_for
from pachisi.game import first_player
from pachisi.moves import Play, legal_plays
from pachisi.position import Position
from pachisi.rules import Setup
from pachisi.tournament import (
    Z95,
    GameResult,
    SimConfig,
    bot_seed,
    game_seed,
    run_games,
    seat_assignment,
    summarise,
    wilson,
)

SETUPS: dict[str, Callable[[], Setup]] = {
    "parcheesi": lambda: Setup.create("parcheesi", players=2),
    "whitman": lambda: Setup.create("whitman", players=2),
    "pagade": lambda: Setup.create("pagade", players=2),
    "eight-man": lambda: Setup.create("eight-man", players=2, majors=["red", "blue"]),
}


def one_throw_ranking(
    player: ExpectimaxPlayer, plays: Sequence[Play], me: int
) -> list[tuple[float, float, int, Play]]:
    """``player``'s shortlist valued one throw ahead: ``(value, static, rank, play)``, best
    first (ties by the static evaluation, then by rank)."""
    return sorted(
        (
            (player.value(p.position, me, 1), static, i, p)
            for i, (static, p) in enumerate(player.shortlist(plays, me))
        ),
        key=lambda t: (-t[0], -t[1], t[2]),
    )


class DeepExpectimax(ExpectimaxPlayer):
    """An experiment: expectimax one throw ahead, then two throws ahead for the finalists.

    The shortlist of :class:`ExpectimaxPlayer` is valued one throw ahead;
    the ``finalists`` best are valued again two throws ahead (the answer to
    the play, then the chooser's greedy answer to each of his next throws),
    and the best of them by that value (then by the one-throw value) is
    chosen. Registered as ``deep<K>``.
    """

    def __init__(self, seed: int | None = None, finalists: int = 2) -> None:
        super().__init__(seed)
        self.finalists = finalists

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """The finalist with the best two-throw value."""
        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        with self._decision():
            one = one_throw_ranking(self, plays, me)
            two = [
                (self.value(p.position, me, 2), v1, -i, p) for v1, _, i, p in one[: self.finalists]
            ]
        return max(two, key=lambda t: (t[0], t[1], t[2]))[3]


class VettedExpectimax(ExpectimaxPlayer):
    """An experiment: expectimax's choice, changed by greedy rollouts only on evidence.

    The expectimax shortlist is valued one throw ahead, exactly, as
    :class:`ExpectimaxPlayer` does; the best (ties by static evaluation,
    then by rank) is expectimax's choice ``E``. The ``finalists`` best
    (``E`` among them) are then rolled out as the search player rolls out
    (:class:`pachisi.bots.search.SearchPlayer`: ``depth`` throws of greedy
    play, the first throw swept exactly, the same random throws for every
    finalist), ``sweeps`` sweeps of the first throw each. For each other
    finalist the difference of its rollouts from ``E``'s is estimated
    stratum by stratum (a stratum is a first throw, weighted by its
    probability, its variance taken across the sweeps), and the finalist
    with the largest difference replaces ``E`` only if that difference is
    more than ``z`` standard errors above zero. Where the rollouts cannot
    tell, the player is expectimax. Registered as ``vet<S>[z<Z>][c]``
    (``c``: calibrated leaves).
    """

    def __init__(
        self,
        seed: int | None = None,
        sweeps: int = 2,
        finalists: int = 3,
        z: float = 2.0,
        depth: int = 4,
        calibrated: bool = False,
    ) -> None:
        from pachisi.bots.search import SearchPlayer

        super().__init__(seed)
        if sweeps < 2:
            raise ValueError("sweeps must be at least 2 (the variance is taken across them)")
        self.sweeps = sweeps
        self.finalists = finalists
        self.z = z
        self._rollout_config = SearchPlayer(seed, depth=depth, calibrated=calibrated)
        #: Decisions with a choice, and those in which the rollouts changed E.
        self.decisions = 0
        self.changed = 0

    def choose(self, position: Position, throw: Throw, plays: Sequence[Play]) -> Play:
        """Expectimax's choice, or a finalist the rollouts show better (see the class)."""
        from pachisi.bots.search import _Rollouts

        if len(plays) == 1:
            return plays[0]
        me = position.to_move
        with self._decision():
            one = one_throw_ranking(self, plays, me)
        best = one[0][3]
        final = [t[3] for t in one[: self.finalists]]
        if len(final) == 1 or best.position.winner is not None:
            return best
        self.decisions += 1
        ctx = _Rollouts(self._rollout_config, me, self.rng.getrandbits(48), position.ruleset)
        n = len(ctx.first)
        # values[k][s][j]: finalist k, sweep s, first throw j (the rollout's value, unweighted)
        values = [
            [
                [ctx.rollout(k, p.position, s * n + j) / ctx.first[j][1] for j in range(n)]
                for s in range(self.sweeps)
            ]
            for k, p in enumerate(final)
        ]
        chosen, chosen_diff = best, 0.0
        for k in range(1, len(final)):
            diff = var = 0.0
            for j in range(n):
                w = ctx.first[j][1]
                d = [values[k][s][j] - values[0][s][j] for s in range(self.sweeps)]
                m = sum(d) / self.sweeps
                diff += w * m
                var += w * w * sum((x - m) ** 2 for x in d) / (self.sweeps - 1) / self.sweeps
            if diff > self.z * math.sqrt(var) and diff > chosen_diff:
                chosen, chosen_diff = final[k], diff
        if chosen is not best:
            self.changed += 1
        return chosen


def factory(name: str) -> Callable[[int | None], Player]:
    """The factory of a player name with its budget (see the module docstring)."""
    if name in ("random", "greedy", "learned", "learned1", "learned2"):
        return PLAYERS[name]  # the learned players use the network shipped for the ruleset
    if name == "expectimax":
        return lambda seed: ExpectimaxPlayer(seed)
    m = re.fullmatch(r"learned([012]?)@(.+\.json)", name)
    if m:
        from pachisi.bots.learned import LearnedPlayer
        from pachisi.learn.network import ValueNet

        plies = int(m.group(1) or 0)
        net = ValueNet.load(m.group(2))
        return lambda seed: LearnedPlayer(seed, plies=plies, net=net)
    m = re.fullmatch(r"deep(\d+)", name)
    if m:
        k = int(m.group(1))
        return lambda seed: DeepExpectimax(seed, finalists=k)
    m = re.fullmatch(r"vet(\d+)(?:z([\d.]+))?(c?)", name)
    if m:
        sw = int(m.group(1))
        zz = float(m.group(2)) if m.group(2) else 2.0
        vc = bool(m.group(3))
        return lambda seed: VettedExpectimax(seed, sweeps=sw, z=zz, calibrated=vc)
    m = re.fullmatch(r"search(\d+)(?:d(\d+))?(c?)", name)
    if m:
        from pachisi.bots.search import SearchPlayer

        n = int(m.group(1))
        d = int(m.group(2)) if m.group(2) else 4
        cal = bool(m.group(3))
        return lambda seed: SearchPlayer(seed, simulations=n, depth=d, calibrated=cal)
    raise SystemExit(f"strength.py: unknown player {name!r}")


def register(
    names: Sequence[str], factory_of: Callable[[str], Callable[[int | None], Player]]
) -> None:
    """Register each name's player in :data:`pachisi.bots.PLAYERS` (for the worker processes)."""
    for n in names:
        PLAYERS[n] = factory_of(n)


def write_row(row: dict[str, Any], out: str | None) -> None:
    """Append ``row`` as one JSON line to ``out`` (nothing if ``None``)."""
    if out:
        with open(out, "a", encoding="utf-8") as f:
            f.write(json.dumps(row) + "\n")


def read_log(path: str) -> Iterator[dict[str, Any]]:
    """The JSON lines of a ``--log`` file, in order; ``ValueError`` names a bad line."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not a JSON line ({exc})") from None


def match(
    ruleset: str,
    names: tuple[str, str],
    games: int,
    seed: int,
    jobs: int,
    factory_of: Callable[[str], Callable[[int | None], Player]] = factory,
    log: str | None = None,
    start: int = 0,
) -> dict[str, Any]:
    """Play one match (players by ``factory_of``); the summary of the first player's results.

    With ``log``, every game's result is appended to that file as one JSON line as soon
    as it is known (:meth:`GameResult.as_dict`: seats, winner by seat, throws), so a
    long run that is stopped keeps its games; ``start`` plays games
    ``start .. start+games-1`` instead of ``0 .. games-1``, to finish such a run
    (:func:`log_summary` then counts the games of the whole run).
    """
    register(names, factory_of)
    config = SimConfig(SETUPS[ruleset](), names, seed=seed)

    def record(result: GameResult) -> None:
        write_row({"ruleset": ruleset, "match_seed": seed, **result.as_dict(names)}, log)

    began = time.perf_counter()
    results = list(run_games(config, games, jobs=jobs, on_result=record, start=start))
    seconds = time.perf_counter() - began
    summary = summarise(config, results)
    first = summary["players"][0]
    return {
        "ruleset": ruleset,
        "players": list(names),
        "games": summary["games"],
        "decided": summary["decided"],
        "wins": first["wins"],
        "win_rate": first["win_rate"],
        "ci95": first["ci95"],
        "seed": seed,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "seconds_per_game": round(seconds * jobs / max(games, 1), 2),
        "mean_throws": summary["throws"]["mean"],
        **({"first_game": start} if start else {}),
    }


def log_summary(path: str, ruleset: str, names: tuple[str, str], seed: int) -> dict[str, Any]:
    """The first player's results over the games of one match in a ``--log`` file.

    Counts the lines of ``ruleset``, ``names`` (in either seat) and match ``seed``,
    each game index once (a game played twice by an overlapping restart is the
    same game); ``indices`` tells which games are there.
    """
    games: dict[int, dict[str, Any]] = {}
    for row in read_log(path):
        if (
            row.get("ruleset") == ruleset
            and row.get("match_seed") == seed
            and sorted(row.get("bots", [])) == sorted(names)
        ):
            games[row["game"]] = row
    decided = [g for g in games.values() if g["winner"] is not None]
    wins = sum(1 for g in decided if any(g["bots"][s] == names[0] for s in g["winner"]))
    return {
        "ruleset": ruleset,
        "players": list(names),
        "seed": seed,
        "games": len(games),
        "indices": [min(games), max(games)] if games else None,
        "missing": sorted(set(range(max(games, default=-1) + 1)) - set(games)),
        "decided": len(decided),
        "wins": wins,
        "win_rate": wins / len(decided) if decided else None,
        "ci95": list(wilson(wins, len(decided))),
    }


def play_pairs(
    ruleset: str,
    pairs: Sequence[str],
    games: int,
    seed: int,
    jobs: int,
    out: str | None,
    factory_of: Callable[[str], Callable[[int | None], Player]],
    extra: dict[str, Any] | None = None,
) -> None:
    """One :func:`match` per ``"A,B"`` of ``pairs``: a line each, and its row (with ``extra``)
    appended to ``out``. The experiments' command lines (``tune.py``, ``td.py``) use it."""
    for pair in pairs:
        x, y = pair.split(",")
        r = match(ruleset, (x, y), games, seed, jobs, factory_of=factory_of)
        r.update(extra or {})
        lo, hi = r["ci95"]
        print(
            f"{ruleset} {x} vs {y}: {r['wins']}/{r['games']} = {r['win_rate']:.1%} "
            f"({lo:.1%}-{hi:.1%}) {r['seconds_per_game']} s/game",
            flush=True,
        )
        write_row(r, out)


def throw_values(
    pos: Position, me: int, distinct: Sequence[tuple[Throw, float]]
) -> dict[Throw, tuple[float, float]]:
    """For each throw of ``distinct``, ``me``'s win chance after the mover's greedy
    replies (their mean), at the ruleset's constant scale and at the calibrated one."""
    constant = LOGISTIC_SCALE[pos.ruleset]
    values: dict[Throw, tuple[float, float]] = {}
    for t, _ in distinct:
        replies = greedy_replies(pos, t)
        values[t] = (
            sum(win_chance(r, me, constant) for r in replies) / len(replies),
            sum(win_chance(r, me) for r in replies) / len(replies),
        )
    return values


def throw_luck(
    values: dict[Throw, tuple[float, float]],
    distinct: Sequence[tuple[Throw, float]],
    throw: Throw,
) -> tuple[float, float]:
    """The luck of ``throw`` at both scales: its value (:func:`throw_values`) less the
    value expected over the throw's exact distribution ``distinct`` (the dice's
    ``distinct()``: each unordered throw with its probability)."""
    fell = values[(min(throw), max(throw))]
    expected = [sum(p * values[t][k] for t, p in distinct) for k in (0, 1)]
    return fell[0] - expected[0], fell[1] - expected[1]


def luck_game(config: SimConfig, index: int) -> tuple[float, float, float]:
    """Game ``index`` of ``config`` as ``play_game`` plays it: the first player's
    (1 or 0, luck-adjusted result, luck-adjusted result with the calibrated win chance).

    The two adjusted results differ only in ``V``: the logistic of the evaluation at
    the ruleset's constant scale (:data:`pachisi.bots.search.LOGISTIC_SCALE`), or at
    the calibrated scale that shrinks with the squares still to go
    (:func:`~pachisi.bots.search.calibrated_scale`); both are unbiased.
    """
    import random

    setup = config.setup
    seed = game_seed(config.seed, index)
    seats = seat_assignment(len(config.bots), index, config.rotate)
    bots: list[Player] = [
        make_player(config.bots[p], bot_seed(seed, s)) for s, p in enumerate(seats)
    ]
    me = seats.index(0)
    rng = random.Random(seed)
    first, _ = first_player(setup, rng)
    pos = Position.initial(setup, first)
    dice = dice_for(setup.ruleset)
    distinct = [(t, float(p)) for t, p in dice.distinct()]

    luck = [0.0, 0.0]
    throws = 0
    while not pos.is_over and throws < config.max_throws:
        throw = dice.roll(rng)
        for k, term in enumerate(throw_luck(throw_values(pos, me, distinct), distinct, throw)):
            luck[k] += term
        plays = legal_plays(pos, throw)
        pos = bots[pos.to_move].choose(pos, throw, plays).position
        throws += 1
    won = 1.0 if pos.winner is not None and me in pos.winner else 0.0
    return won, won - luck[0], won - luck[1]


_LUCK_CONFIG: SimConfig | None = None


def _luck_worker(index: int) -> tuple[int, tuple[float, float, float]]:
    assert _LUCK_CONFIG is not None
    return index, luck_game(_LUCK_CONFIG, index)


def luck_stats(rows: Sequence[tuple[float, float, float]]) -> dict[str, Any]:
    """Raw and luck-adjusted figures of the first player over ``rows`` (:func:`luck_game`'s)."""
    import statistics

    raw = [r[0] for r in rows]
    adj = [r[1] for r in rows]
    cal = [r[2] for r in rows]

    def mean_ci(xs: list[float]) -> tuple[float, list[float]]:
        mean = statistics.fmean(xs)
        se = statistics.stdev(xs) / math.sqrt(len(xs))
        return round(mean, 4), [round(mean - Z95 * se, 4), round(mean + Z95 * se, 4)]

    mean, ci = mean_ci(adj)
    mean_c, ci_c = mean_ci(cal)
    return {
        "games": len(rows),
        "wins": int(sum(raw)),
        "win_rate": statistics.fmean(raw),
        "luck_adjusted": mean,
        "luck_adjusted_ci95": ci,
        "luck_adjusted_calibrated": mean_c,
        "luck_adjusted_calibrated_ci95": ci_c,
        "sd_raw": round(statistics.stdev(raw), 4),
        "sd_adjusted": round(statistics.stdev(adj), 4),
        "sd_adjusted_calibrated": round(statistics.stdev(cal), 4),
    }


def luck_match(
    ruleset: str,
    names: tuple[str, str],
    games: int,
    seed: int,
    jobs: int,
    log: str | None = None,
    start: int = 0,
) -> dict[str, Any]:
    """Play one match with the luck adjustment; raw and adjusted figures.

    With ``log``, every game's three figures are appended to that file as one
    JSON line (``"kind": "luck"``) as soon as the game ends, and ``start``
    plays games ``start .. start+games-1``: as :func:`match` does, so that a
    long run can be stopped and finished (:func:`luck_log_summary` then
    judges the whole run).
    """
    global _LUCK_CONFIG

    register(names, factory)
    config = _LUCK_CONFIG = SimConfig(SETUPS[ruleset](), names, seed=seed)
    indices = range(start, start + games)
    rows: list[tuple[float, float, float]] = []

    def record(index: int, row: tuple[float, float, float]) -> None:
        rows.append(row)
        line = {
            "kind": "luck",
            "ruleset": ruleset,
            "match_seed": seed,
            "players": list(names),
            "game": index,
            "won": row[0],
            "adjusted": row[1],
            "calibrated": row[2],
        }
        write_row(line, log)

    began = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for index, row in pool.imap_unordered(_luck_worker, indices, chunksize=1):
                record(index, row)
    else:
        for index in indices:
            record(index, luck_game(config, index))
    seconds = time.perf_counter() - began
    return {
        "ruleset": ruleset,
        "players": list(names),
        **luck_stats(rows),
        "seed": seed,
        "jobs": jobs,
        "seconds": round(seconds, 1),
        "seconds_per_game": round(seconds * jobs / max(games, 1), 2),
        **({"first_game": start} if start else {}),
    }


def luck_log_summary(path: str, ruleset: str, names: tuple[str, str], seed: int) -> dict[str, Any]:
    """:func:`luck_stats` over the games of one match in a ``--luck --log`` file.

    Counts the ``"kind": "luck"`` lines of ``ruleset``, ``names`` in this order
    (the figures are the first player's) and match ``seed``, each game index
    once, as :func:`log_summary` does.
    """
    games: dict[int, tuple[float, float, float]] = {}
    for row in read_log(path):
        if (
            row.get("kind") == "luck"
            and row.get("ruleset") == ruleset
            and row.get("match_seed") == seed
            and row.get("players") == list(names)
        ):
            games[row["game"]] = (row["won"], row["adjusted"], row["calibrated"])
    if len(games) < 2:
        raise ValueError(f"{path}: {len(games)} luck-adjusted games of this match (2 needed)")
    return {
        "ruleset": ruleset,
        "players": list(names),
        "seed": seed,
        **luck_stats(list(games.values())),
        "indices": [min(games), max(games)],
        "missing": sorted(set(range(max(games) + 1)) - set(games)),
    }


def print_luck(row: dict[str, Any]) -> None:
    """The two lines of a luck-adjusted result."""
    a, b = row["players"]
    lo, hi = row["luck_adjusted_ci95"]
    timing = f", {row['seconds_per_game']} s/game" if "seconds_per_game" in row else ""
    print(
        f"{row['ruleset']:10} {a} vs {b}: {row['wins']}/{row['games']}"
        f" = {row['win_rate']:.1%}; luck-adjusted {row['luck_adjusted']:.1%}"
        f" (95% CI {lo:.1%}-{hi:.1%}; sd {row['sd_adjusted']:.3f} against"
        f" {row['sd_raw']:.3f}){timing}, seed {row['seed']}"
    )
    lo, hi = row["luck_adjusted_calibrated_ci95"]
    print(
        f"{'':10} with the calibrated win chance: luck-adjusted"
        f" {row['luck_adjusted_calibrated']:.1%} (95% CI {lo:.1%}-{hi:.1%};"
        f" sd {row['sd_adjusted_calibrated']:.3f})"
    )
    if "missing" in row:
        print(f"{'':10} indices {row['indices']}, {len(row['missing'])} missing")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ruleset", choices=sorted(SETUPS))
    parser.add_argument("players", help="two players, e.g. expectimax,greedy")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="append the result as one JSON line to this file")
    parser.add_argument("--luck", action="store_true", help="also the luck-adjusted win rate")
    parser.add_argument("--log", help="append every game's result to this file as it finishes")
    parser.add_argument(
        "--start", type=int, default=0, help="play games START..START+GAMES-1 (finish a run)"
    )
    parser.add_argument(
        "--summarise-log",
        metavar="FILE",
        help="play nothing: the first player's results over this match's games in a --log FILE",
    )
    args = parser.parse_args(argv)
    names = tuple(args.players.split(","))
    if len(names) != 2:
        parser.error("two players, e.g. expectimax,greedy")
    if args.summarise_log and args.luck:
        try:
            row = luck_log_summary(
                args.summarise_log, args.ruleset, (names[0], names[1]), args.seed
            )
        except (OSError, ValueError) as exc:
            parser.error(str(exc))
        print_luck(row)
        write_row(row, args.out)
        return 0
    if args.summarise_log:
        row = log_summary(args.summarise_log, args.ruleset, (names[0], names[1]), args.seed)
        lo, hi = row["ci95"]
        rate = f"{row['win_rate']:.1%}" if row["win_rate"] is not None else "-"
        print(
            f"{row['ruleset']:10} {names[0]} vs {names[1]}: {row['wins']}/{row['decided']}"
            f" = {rate} (95% CI {lo:.1%}-{hi:.1%}), {row['games']} games logged"
            f" (indices {row['indices']}, {len(row['missing'])} missing), seed {row['seed']}"
        )
        write_row(row, args.out)
        return 0
    multiprocessing.set_start_method("fork", force=True)
    if args.luck:
        row = luck_match(
            args.ruleset,
            (names[0], names[1]),
            args.games,
            args.seed,
            args.jobs,
            log=args.log,
            start=args.start,
        )
        print_luck(row)
        write_row(row, args.out)
        return 0
    pair = (names[0], names[1])
    row = match(
        args.ruleset, pair, args.games, args.seed, args.jobs, log=args.log, start=args.start
    )
    lo, hi = row["ci95"]
    print(
        f"{row['ruleset']:10} {names[0]} vs {names[1]}: {row['wins']}/{row['decided']}"
        f" = {row['win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}),"
        f" {row['seconds_per_game']} s/game (wall x jobs), seed {row['seed']}"
    )
    write_row(row, args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
