"""``pachisi bench``: single-core speed of the rules engine on random games.

Each game starts from the ruleset's start position (player 0 first) and
every throw's play is chosen uniformly among the legal outcomes. Reported
per ruleset: random games per second, throws per second, legal-play
generations per second (time inside :func:`~pachisi.moves.legal_plays`
only) and the mean number of throws per finished game.
"""

from __future__ import annotations

import random
import time
from dataclasses import asdict, dataclass

from .dice import dice_for
from .moves import legal_plays
from .position import Position
from .rules import RULESETS

__all__ = ["DEFAULT_PLAYERS", "BenchResult", "bench", "random_game"]

#: Players used by default for each ruleset.
DEFAULT_PLAYERS = {"pagade": 4, "whitman": 4, "parcheesi": 4, "eight-man": 2}


@dataclass
class BenchResult:
    """The figures of one benchmark run (the fields of ``pachisi bench --json``)."""

    ruleset: str
    players: int
    games_per_s: float
    throws_per_s: float
    plays_per_s: float
    throws_per_game: float
    games: int
    seconds: float

    def as_dict(self) -> dict[str, object]:
        """The result as a JSON-ready dict."""
        return asdict(self)


def random_game(
    start: Position, rng: random.Random, max_throws: int = 100_000
) -> tuple[int, float]:
    """Play one uniformly random game; return (throws, seconds spent generating plays)."""
    dice = dice_for(start.ruleset)
    pos = start
    throws = 0
    gen = 0.0
    clock = time.perf_counter
    while not pos.is_over and throws < max_throws:
        throw = dice.roll(rng)
        t0 = clock()
        plays = legal_plays(pos, throw)
        gen += clock() - t0
        pos = plays[rng.randrange(len(plays))].position if len(plays) > 1 else plays[0].position
        throws += 1
    return throws, gen


def bench(
    ruleset: str, seconds: float = 5.0, players: int | None = None, seed: int = 1
) -> BenchResult:
    """Play random games of ``ruleset`` for about ``seconds`` (at least one game)."""
    n = players if players is not None else DEFAULT_PLAYERS[ruleset]
    start = Position.start(ruleset, players=n)
    rng = random.Random(seed)
    games = throws = 0
    gen = 0.0
    t0 = time.perf_counter()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        k, g = random_game(start, rng)
        games += 1
        throws += k
        gen += g
        elapsed = time.perf_counter() - t0
    return BenchResult(
        ruleset=ruleset,
        players=n,
        games_per_s=games / elapsed,
        throws_per_s=throws / elapsed,
        plays_per_s=throws / gen if gen else 0.0,
        throws_per_game=throws / games,
        games=games,
        seconds=elapsed,
    )


def bench_all(seconds: float, ruleset: str | None = None) -> list[BenchResult]:
    """Run :func:`bench` for one ruleset or all four."""
    names = [ruleset] if ruleset else list(RULESETS)
    return [bench(r, seconds) for r in names]
