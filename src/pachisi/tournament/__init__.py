"""Tournaments: many seeded games between computer players, and their statistics.

This is the library behind ``pachisi simulate`` (whose presentation lives in
:mod:`pachisi.terminal.simulate`): :func:`play_game` plays one game,
:func:`run_games` many (here, in worker processes, or on a Ray cluster
through a :class:`~pachisi.chunks.ChunkRunner`), :func:`summarise` turns the
results into statistics with 95% Wilson score intervals (:func:`wilson`),
and :func:`read_log`/:func:`log_line` keep a run's games in a file as they
finish, so that a stopped run can be resumed.

It makes the players by name (:func:`pachisi.bots.make_player`), or with a
player factory of the caller's (:attr:`SimConfig.factory`: a learned player
with a weights file of its own, say), so it is not part of the core (which
must not import the players): it sits beside ``bots/`` and ``analysis/``,
built on the core.

Every game is a pure function of the configuration and its index: the game's
seed is :func:`game_seed` of the run's seed and the index, so the results
are the same whatever the number of processes or machines, the chunking, or
how many times a chunk was run again.

Two engines play the games (:attr:`SimConfig.engine`): ``"library"`` (the
default here) plays each through :func:`~pachisi.moves.legal_plays` and the
players' ``choose``, for any computer player; ``"kernel"`` plays random and
greedy players' games inside the compiled kernel
(:mod:`pachisi.tournament.kernel`, 15 to 35 times faster; ``pachisi
simulate`` chooses it whenever it can: :func:`default_engine`). The same seed
gives other games on the two engines. :func:`record_game` gives any game in
full, as a :class:`~pachisi.game.Game`.

>>> from pachisi.rules import Setup
>>> config = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), seed=1)
>>> results = list(run_games(config, 4))
>>> [r.seats for r in results]   # rotation: who sits where, by player index
[(0, 1), (1, 0), (0, 1), (1, 0)]
>>> results == list(run_games(config, 4, jobs=2))
True
>>> [round(x, 4) for x in wilson(50, 100)]
[0.4038, 0.5962]
"""

from __future__ import annotations

import json
import math
import random
import signal
import statistics
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import Player, canonical_level, make_player, unfit_among
from ..chunks import ChunkRunner, chunked
from ..dice import derive_seed, dice_for
from ..game import Game, first_player
from ..moves import legal_plays
from ..position import Position
from ..rules import Setup

__all__ = [
    "DEFAULT_MAX_THROWS",
    "ENGINES",
    "KERNEL_PLAYERS",
    "LOG_KIND",
    "Z95",
    "GameResult",
    "PlayerFactory",
    "SimConfig",
    "bot_seed",
    "canonical_bot",
    "default_chunk",
    "default_engine",
    "game_seed",
    "kernel_policy",
    "log_header",
    "log_line",
    "play_chunk",
    "play_game",
    "player_labels",
    "read_log",
    "record_game",
    "run_games",
    "run_indices",
    "seat_assignment",
    "summarise",
    "wilson",
]

#: Two-sided 95% normal quantile.
Z95 = 1.959963984540054

#: A game still running after this many throws counts as unfinished. Random
#: and greedy games take a few hundred throws; Pagade can, rarely, reach a
#: position where no remaining player can ever move again.
DEFAULT_MAX_THROWS = 20_000

#: How a run plays its games: ``"library"`` (a :class:`~pachisi.game.Game` per game,
#: any computer player) or ``"kernel"`` (inside the compiled kernel,
#: :mod:`pachisi.tournament.kernel`; random and greedy players only).
ENGINES = ("library", "kernel")

#: The computer players the kernel plays itself.
KERNEL_PLAYERS = ("random", "greedy")

#: Makes a run's players when their names are not enough (:attr:`SimConfig.factory`):
#: ``factory(player, seed)`` is player ``player`` of the run (an index into
#: :attr:`SimConfig.bots`), seeded with ``seed`` (the seat's :func:`bot_seed`).
PlayerFactory = Callable[[int, int], Player]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95% by default).

    ``(0.0, 1.0)`` when there are no trials.

    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, not {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with ``seed`` (a 48-bit integer).

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    """
    return derive_seed(f"pachisi-simulate:{seed}:{index}")


def bot_seed(seed_of_game: int, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game with ``seed_of_game``."""
    return derive_seed(f"pachisi-simulate-bot:{seed_of_game}:{seat}")


def seat_assignment(players: int, index: int, rotate: bool = True) -> tuple[int, ...]:
    """Which player (index into the player list) sits in each seat in game ``index``.

    With ``rotate``, game ``i`` puts player ``(s + i) mod n`` in seat ``s``,
    so over every ``n`` games each player has sat in each seat once.

    >>> seat_assignment(3, 1), seat_assignment(3, 1, rotate=False)
    ((1, 2, 0), (0, 1, 2))
    """
    shift = index % players if rotate else 0
    return tuple((s + shift) % players for s in range(players))


def canonical_bot(name: str) -> str:
    """The computer player's own name (``bot-greedy`` -> ``greedy``); ``ValueError`` if unknown."""
    return make_player(name, 0).name


def kernel_policy(name: str) -> str | None:
    """The kernel's policy for the computer player ``name`` (one of :data:`KERNEL_PLAYERS`),
    or ``None`` if the kernel cannot play it. Names as :func:`~pachisi.bots.make_player`
    takes them.

    >>> kernel_policy("bot-greedy"), kernel_policy("beginner"), kernel_policy("expectimax")
    ('greedy', 'random', None)
    """
    key = canonical_level(name)  # "casual" is greedy
    return key if key in KERNEL_PLAYERS else None


def default_engine(bots: Sequence[str]) -> str:
    """``"kernel"`` when the kernel plays every one of ``bots``, else ``"library"``.

    >>> default_engine(["greedy", "random"]), default_engine(["greedy", "expectimax"])
    ('kernel', 'library')
    """
    return "kernel" if all(kernel_policy(b) is not None for b in bots) else "library"


def player_labels(bots: Sequence[str]) -> list[str]:
    """Labels telling the players apart: the bot's name, numbered if it plays more than once.

    >>> player_labels(["greedy", "random", "random"])
    ['greedy', 'random#1', 'random#2']
    """
    counts: dict[str, int] = {}
    for b in bots:
        counts[b] = counts.get(b, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for b in bots:
        if counts[b] == 1:
            out.append(b)
        else:
            seen[b] = seen.get(b, 0) + 1
            out.append(f"{b}#{seen[b]}")
    return out


@dataclass(frozen=True)
class SimConfig:
    """What a run plays: the set-up, one computer player per seat, the seed, rotation,
    the throw limit and the engine (one of :data:`ENGINES`; the games of one seed
    differ between the engines, see :mod:`pachisi.tournament.kernel`).

    ``factory`` (a :data:`PlayerFactory`) makes the players instead of
    :func:`~pachisi.bots.make_player`: then ``bots`` only label them (in the
    results, the log and the summary; any non-empty names), and the
    games are dealt as any run's (the same seeds, seating and loop), on the
    library engine only. A worker process gets it by ``fork`` (or, on a
    :class:`~pachisi.chunks.ChunkRunner`, pickled), so it should be a function
    or class of a module, or a :func:`functools.partial` of one.
    """

    setup: Setup
    bots: tuple[str, ...]
    seed: int
    rotate: bool = True
    max_throws: int = DEFAULT_MAX_THROWS
    engine: str = "library"
    factory: PlayerFactory | None = None

    def __post_init__(self) -> None:
        if len(self.bots) != len(self.setup.players):
            raise ValueError(
                f"{len(self.bots)} computer players for {len(self.setup.players)} seats"
            )
        if self.max_throws < 1:
            raise ValueError("the throw limit must be at least 1")
        if self.engine not in ENGINES:
            raise ValueError(f"unknown engine {self.engine!r} (one of {', '.join(ENGINES)})")
        if self.factory is not None:
            self._check_factory()
            return
        why = unfit_among(self.bots, self.setup)
        if why is not None:
            raise ValueError(why)
        if self.engine == "kernel":
            for b in self.bots:
                if kernel_policy(b) is None:
                    raise ValueError(
                        f"the kernel engine plays only {' and '.join(KERNEL_PLAYERS)} players,"
                        f" not {b!r}: use the library engine"
                    )

    def _check_factory(self) -> None:
        if not callable(self.factory):
            raise ValueError(
                f"the player factory must be callable (player, seed) -> player,"
                f" not {type(self.factory).__name__}"
            )
        if self.engine != "library":
            raise ValueError("a player factory's games are played on the library engine only")
        for label in self.bots:
            if not isinstance(label, str) or not label:
                raise ValueError(f"a player's label must be a non-empty name, not {label!r}")

    def make(self, player: int, seed: int) -> Player:
        """Player ``player`` of the run (an index into :attr:`bots`), seeded with ``seed``:
        by the factory, or by name."""
        if self.factory is not None:
            return self.factory(player, seed)
        return make_player(self.bots[player], seed)


@dataclass(frozen=True)
class GameResult:
    """The result of one game. Everything per seat is indexed by seat (player index
    of the position); ``seats[s]`` is the index of the player (in the run's list)
    who sat there."""

    index: int
    seed: int
    seats: tuple[int, ...]
    first: int
    winner: tuple[int, ...] | None
    finished: bool
    throws: int
    captures: tuple[int, ...]

    def as_dict(self, bots: Sequence[str]) -> dict[str, Any]:
        """A JSON-ready dict; ``bots`` names the run's players."""
        return {
            "game": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "bots": [bots[p] for p in self.seats],
            "first": self.first,
            "winner": list(self.winner) if self.winner is not None else None,
            "finished": self.finished,
            "throws": self.throws,
            "captures": list(self.captures),
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> GameResult:
        """The result that :meth:`as_dict` wrote; ``KeyError``/``TypeError`` if malformed."""
        winner = d["winner"]
        return cls(
            index=int(d["game"]),
            seed=int(d["seed"]),
            seats=tuple(int(x) for x in d["seats"]),
            first=int(d["first"]),
            winner=tuple(int(x) for x in winner) if winner is not None else None,
            finished=bool(d["finished"]),
            throws=int(d["throws"]),
            captures=tuple(int(x) for x in d["captures"]),
        )


def play_game(config: SimConfig, index: int) -> GameResult:
    """Play game ``index`` of ``config``.

    The library engine: the game's :class:`random.Random` is seeded with
    :func:`game_seed`; it makes the preliminary throws (RULES.md §3.7,
    :func:`~pachisi.game.first_player`) and then every throw, exactly as
    ``Game(Position.initial(setup, first), rng=rng)`` would. The player in
    seat ``s`` is seeded with :func:`bot_seed`. The kernel engine: see
    :mod:`pachisi.tournament.kernel`.
    """
    if config.engine == "kernel":
        return play_chunk(config, [index])[0]
    return _library_game(config, index)[0]


def _library_game(config: SimConfig, index: int, record: bool = False) -> tuple[GameResult, Any]:
    """Game ``index`` on the library engine, and (with ``record``) its :class:`Game`."""
    setup = config.setup
    seed = game_seed(config.seed, index)
    seats = seat_assignment(len(config.bots), index, config.rotate)
    bots: list[Player] = [config.make(p, bot_seed(seed, s)) for s, p in enumerate(seats)]
    rng = random.Random(seed)
    first, _ = first_player(setup, rng)
    pos = Position.initial(setup, first)
    game = Game(pos, seed=seed, rng=rng) if record else None
    dice = dice_for(setup.ruleset)
    captures = [0] * len(seats)
    throws = 0
    while not pos.is_over and throws < config.max_throws:
        # game.roll() makes the same draw as dice.roll(rng)
        throw = game.roll() if game is not None else dice.roll(rng)
        plays = legal_plays(pos, throw)
        mover = pos.to_move
        play = bots[mover].choose(pos, throw, plays)
        captures[mover] += sum(1 for a in play.actions if a.capture)
        if game is not None:
            game.push(play)
        pos = play.position
        throws += 1
    result = GameResult(
        index=index,
        seed=seed,
        seats=seats,
        first=first,
        winner=pos.winner,
        finished=pos.is_over,
        throws=throws,
        captures=tuple(captures),
    )
    return result, game


def record_game(config: SimConfig, index: int) -> tuple[Game, GameResult]:
    """Game ``index`` of ``config`` in full: a :class:`~pachisi.game.Game` holding
    every throw and play (for :class:`~pachisi.record.Record`), and its result
    (the one :func:`play_game` gives).

    The library engine plays it again through the ``Game`` (its dice the seeded
    ``random.Random``, so ``Record.from_game`` keeps its seed); the kernel
    engine replays the kernel's game through it, checking every position
    (:func:`pachisi.tournament.kernel.kernel_record`).
    """
    if index < 0:
        raise ValueError("a game's index must not be negative")
    if config.engine == "kernel":
        from .kernel import kernel_record

        return kernel_record(config, index)
    result, game = _library_game(config, index, record=True)
    assert game is not None
    return game, result


# The configuration of a worker process (set once by the pool's initializer).
_WORKER_CONFIG: SimConfig | None = None


def _init_worker(config: SimConfig) -> None:
    global _WORKER_CONFIG
    _WORKER_CONFIG = config
    # Ctrl-C is the parent's business: it stops the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _worker_game(index: int) -> GameResult:
    assert _WORKER_CONFIG is not None
    return play_game(_WORKER_CONFIG, index)


def _worker_chunk(indices: Sequence[int]) -> list[GameResult]:
    assert _WORKER_CONFIG is not None
    return play_chunk(_WORKER_CONFIG, indices)


def play_chunk(config: SimConfig, indices: Sequence[int]) -> list[GameResult]:
    """The games ``indices`` of ``config``, in order (one chunk of a run)."""
    if config.engine == "kernel":
        from .kernel import kernel_games

        return kernel_games(config, indices)
    return [_library_game(config, i)[0] for i in indices]


def default_chunk(games: int, workers: int, engine: str = "library") -> int:
    """Games per chunk for a :class:`~pachisi.chunks.ChunkRunner` with ``workers``.

    About eight chunks per worker, and between 8 and 64 games each: a
    chunk of 8 games of greedy against random is about 0.13 s of CPU, and a
    Ray task costs 1.5 to 3 ms of CPU, under 2.5% (docs/ray.md has the
    figures; a chunk must do 20 times a task's cost to keep it under 5%).
    The kernel engine's games are some fifty times cheaper (0.3 to 3 ms):
    between 256 and 4096 games each.

    >>> default_chunk(100, 2), default_chunk(100_000, 2), default_chunk(100_000, 1000)
    (8, 64, 12)
    >>> default_chunk(100, 2, "kernel"), default_chunk(10**6, 2, "kernel")
    (256, 4096)
    """
    if engine == "kernel":
        return max(256, min(4096, games // (8 * max(1, workers))))
    return max(8, min(64, games // (8 * max(1, workers))))


def run_games(
    config: SimConfig,
    games: int,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    start: int = 0,
    backend: ChunkRunner | None = None,
    chunk: int | None = None,
) -> Iterator[GameResult]:
    """Play games ``start .. start+games-1`` and yield their results in order.

    A game depends only on the configuration and its index, so a long run
    that was stopped can be finished later with ``start`` set past the games
    it played, and the results are the ones the whole run would have given.

    ``jobs > 1`` plays them in that many worker processes, started by this
    call (before any thread of the caller's is needed, and stopped when the
    iteration ends); the results are the same. ``backend`` (a
    :class:`~pachisi.chunks.ChunkRunner`, e.g. a Ray cluster's) plays them in
    chunks of ``chunk`` games instead (default :func:`default_chunk`), and
    ``jobs`` is not used. ``on_result`` is called with each result as it is
    yielded.
    """
    if games < 0:
        raise ValueError("the number of games must not be negative")
    if start < 0:
        raise ValueError("the first game's index must not be negative")
    return run_indices(config, range(start, start + games), jobs, on_result, backend, chunk)


def run_indices(
    config: SimConfig,
    indices: Sequence[int],
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    backend: ChunkRunner | None = None,
    chunk: int | None = None,
) -> Iterator[GameResult]:
    """Play the games ``indices`` (any game numbers, e.g. those a log lacks) and
    yield their results in that order; otherwise as :func:`run_games`."""
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    if chunk is not None and chunk < 1:
        raise ValueError(f"the chunk size must be at least 1, not {chunk}")
    if any(i < 0 for i in indices):
        raise ValueError("a game's index must not be negative")
    games = len(indices)
    if backend is not None:
        size = chunk or default_chunk(games, backend.workers, config.engine)
        return _chunked(backend, config, indices, size, on_result)
    jobs = min(jobs, max(games, 1))
    kernel = config.engine == "kernel"
    if jobs == 1:
        return _serial(config, indices, on_result, chunk or (64 if kernel else 1))
    import multiprocessing

    pool = multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(config,))
    if kernel:
        size = chunk or max(1, min(256, games // (jobs * 16)))
        return _pooled_chunks(pool, indices, size, on_result)
    size = chunk or max(1, min(8, games // (jobs * 16)))
    return _pooled(pool, indices, size, on_result)


def _serial(
    config: SimConfig,
    indices: Sequence[int],
    on_result: Callable[[GameResult], None] | None,
    size: int = 1,
) -> Iterator[GameResult]:
    for part in chunked(indices, size):
        for result in play_chunk(config, part):
            if on_result is not None:
                on_result(result)
            yield result


def _pooled_chunks(
    pool: Any,
    indices: Sequence[int],
    size: int,
    on_result: Callable[[GameResult], None] | None,
) -> Iterator[GameResult]:
    with pool:
        for results in pool.imap(_worker_chunk, chunked(indices, size)):
            for result in results:
                if on_result is not None:
                    on_result(result)
                yield result


def _pooled(
    pool: Any, indices: Iterable[int], chunk: int, on_result: Callable[[GameResult], None] | None
) -> Iterator[GameResult]:
    with pool:
        for result in pool.imap(_worker_game, indices, chunksize=chunk):
            if on_result is not None:
                on_result(result)
            yield result


def _chunked(
    runner: ChunkRunner,
    config: SimConfig,
    indices: Sequence[int],
    size: int,
    on_result: Callable[[GameResult], None] | None,
) -> Iterator[GameResult]:
    for results in runner.map(play_chunk, config, chunked(indices, size)):
        for result in results:
            if on_result is not None:
                on_result(result)
            yield result


# -- logs: a run's games written as they finish, read back to resume -----------

#: The ``kind`` of a log's first line.
LOG_KIND = "pachisi-simulate-log"


def log_header(config: SimConfig) -> dict[str, Any]:
    """The first line of a run's log: everything the games depend on."""
    return {
        "kind": LOG_KIND,
        "version": 1,
        "setup": config.setup.to_fields(),
        "bots": list(config.bots),
        "seed": config.seed,
        "rotate": config.rotate,
        "max_throws": config.max_throws,
        "engine": config.engine,
    }


def log_line(result: GameResult, config: SimConfig) -> str:
    """One game's line of a log (JSON and a newline)."""
    return json.dumps(result.as_dict(config.bots)) + "\n"


def read_log(
    path: Path, config: SimConfig | None = None
) -> tuple[dict[str, Any], dict[int, GameResult]]:
    """The header and the games (by index) of a log that :func:`log_header` and
    :func:`log_line` wrote.

    With ``config``, the log must be of that run (``ValueError`` saying what
    differs). A last line cut short (the run was killed while writing it) is
    left out; any other bad line is a ``ValueError`` naming it.
    """
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    elif lines:
        lines.pop()  # cut short: written in part when the run stopped
    if not lines:
        raise ValueError(f"{path} is not a pachisi simulate log (it is empty)")
    try:
        header = json.loads(lines[0])
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("kind") != LOG_KIND:
        raise ValueError(f"{path} is not a pachisi simulate log")
    if config is not None:
        want = log_header(config)
        # A log written before the kernel engine came is the library engine's.
        logged = {**header, "engine": header.get("engine", "library")}
        for key in ("setup", "bots", "seed", "rotate", "max_throws", "engine"):
            if logged.get(key) != want[key]:
                raise ValueError(
                    f"{path} is the log of another run ({key} {_show(logged.get(key))},"
                    f" not {_show(want[key])})"
                )
    games: dict[int, GameResult] = {}
    for number, line in enumerate(lines[1:], 2):
        try:
            result = GameResult.from_dict(json.loads(line))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            raise ValueError(f"{path}:{number}: not a game of the log") from None
        games[result.index] = result
    return header, games


def _show(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _rate(wins: int, trials: int) -> dict[str, Any]:
    lo, hi = wilson(wins, trials)
    return {
        "wins": wins,
        "win_rate": wins / trials if trials else None,
        "ci95": [lo, hi],
    }


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def summarise(config: SimConfig, results: Sequence[GameResult]) -> dict[str, Any]:
    """The statistics of a run (the ``summary`` of ``pachisi simulate --out x.json``).

    * ``games``: games played; ``decided``: games with a winner (the
      denominator of every win rate); ``finished``: games that ended (the
      games over which lengths and captures are averaged); ``drawn``: games
      that ended in a dead end with nobody finished (RULES.md §3.5: a draw,
      in no win rate); ``unfinished``: the games stopped at the throw limit;
    * ``players``: per player of the list (``player``, ``bot``, ``label``),
      ``wins``, ``win_rate`` with its 95% Wilson ``ci95``, ``fair_share``
      (the win rate if every player were equally good: 1/players, or
      partners/players in team games), ``seats_played``, ``captures_per_game``;
    * ``seats``: per seat, ``colours``, ``wins``, ``win_rate``, ``ci95``,
      ``captures_per_game``;
    * ``throws``: ``mean``, ``median``, ``min``, ``max`` throws per finished game;
    * ``captures_per_game``: mean captures per finished game, all seats together.

    A team win counts as a win for both partners.
    """
    setup = config.setup
    n = len(config.bots)
    decided = [r for r in results if r.winner is not None]
    finished = [r for r in results if r.finished]
    labels = player_labels(config.bots)
    names = setup.colour_names

    seat_wins = [0] * n
    player_wins = [0] * n
    for r in decided:
        assert r.winner is not None
        for s in r.winner:
            seat_wins[s] += 1
            player_wins[r.seats[s]] += 1
    seat_caps = [0] * n
    player_caps = [0] * n
    seats_played = [[0] * n for _ in range(n)]
    for r in results:
        for s, p in enumerate(r.seats):
            seats_played[p][s] += 1
    for r in finished:
        for s, c in enumerate(r.captures):
            seat_caps[s] += c
            player_caps[r.seats[s]] += c
    nf = len(finished)
    team = len(setup.team_of(0))
    players = [
        {
            "player": p,
            "bot": config.bots[p],
            "label": labels[p],
            **_rate(player_wins[p], len(decided)),
            "fair_share": team / n,
            "seats_played": seats_played[p],
            "captures_per_game": player_caps[p] / nf if nf else None,
        }
        for p in range(n)
    ]
    seats = [
        {
            "seat": s,
            "colours": [names[c] for c in setup.players[s]],
            **_rate(seat_wins[s], len(decided)),
            "captures_per_game": seat_caps[s] / nf if nf else None,
        }
        for s in range(n)
    ]
    lengths = [r.throws for r in finished]
    return {
        "games": len(results),
        "decided": len(decided),
        "finished": nf,
        "drawn": sum(1 for r in finished if r.winner is None),
        "unfinished": len(results) - nf,
        "players": players,
        "seats": seats,
        "throws": {
            "mean": _mean(lengths),
            "median": statistics.median(lengths) if lengths else None,
            "min": min(lengths) if lengths else None,
            "max": max(lengths) if lengths else None,
        },
        "captures_per_game": _mean([sum(r.captures) for r in finished]),
    }
