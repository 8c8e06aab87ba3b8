"""Insight in the browser: win chances, hints compared honestly, the post-game review.

Everything here is measured with :mod:`pachisi.analysis` away from the event
loop, in worker processes, or on a thread when the server has none
(``--computer-workers 0``: tests, tiny servers). Hints (well under a second)
go to the computer seats' workers, in turn with their plays; win chances and
reviews each have one worker process of their own and run one at a time, so
that a minute of review never holds up a hint or a computer's play, and
insight never takes more than two cores. Results are kept per game and
version, so many spectators of one game cost one computation.

* :func:`chances` (``GET /api/games/{id}/chances``): every seat's win chance
  before the throw, by rollouts with the greedy player (``ROLLOUTS``), with
  standard errors and how it was obtained; exact once the game is decided.
  Only for spectators and after the game: a player sees no chances while he
  plays (the page asks only when it holds no seat, or the game is over).
* :func:`compare_hints`: the three plays of a hint rolled out with common
  random numbers, so that the difference between two plays is measured with
  its standard error: "too close to tell" when it is under two of them.
* :func:`review_game` (``GET /api/games/{id}/review``, finished games only):
  :func:`pachisi.analysis.review` with light settings (:data:`REVIEW`,
  :data:`REVIEW_PAGADE`).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..analysis import ReviewSettings, RolloutRunner, RolloutSpec, exact_chances, review
from ..analysis.rank import ranking_from
from ..analysis.review import CLEAR, LUCK_MARKS, THRESHOLDS
from ..describe import play_facts
from ..dice import Throw
from ..moves import parse_play
from ..position import Position
from ..record import Record
from .computers import Computers
from .requests import ApiError
from .views import lean, play_path

if TYPE_CHECKING:
    from .hub import Hub

__all__ = [
    "HINT_ROLLOUTS",
    "REVIEW",
    "REVIEW_PAGADE",
    "ROLLOUTS",
    "Insight",
    "chances",
    "compare_hints",
    "review_game",
]

#: Rollouts for the win-chance bar, per ruleset (Pagade's games are longer).
ROLLOUTS = {"pagade": 24, "whitman": 64, "parcheesi": 64, "eight-man": 64}
#: Rollouts per play when hints are compared.
HINT_ROLLOUTS = {"pagade": 16, "whitman": 48, "parcheesi": 48, "eight-man": 48}
#: The review of the browser: far lighter than ``pachisi analyse`` (36 rollouts
#: per play, 12 per throw for the luck), so that it takes seconds, not minutes
#: (an 88-throw Parcheesi game: 27 s of CPU).
REVIEW = ReviewSettings(rollouts=12, luck_rollouts=4, candidates=4)
#: Pagade's games are some 600 throws of slow rollouts: random rollouts, fewer
#: of them and no luck (a 656-throw game: at most about 3 minutes of CPU).
REVIEW_PAGADE = ReviewSettings(rollouts=8, luck_rollouts=0, candidates=2, policy="random")
#: Rollouts stop after this many throws (a drawn-out rollout counts as shared).
MAX_THROWS = 3000


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def chances(position: Position, seed: int = 0) -> dict[str, Any]:
    """Every player's win chance before the throw, with standard errors and the method."""
    exact = exact_chances(position)
    if exact is not None:
        est = exact
    else:
        rollouts = ROLLOUTS.get(position.setup.ruleset, 64)
        with RolloutRunner(RolloutSpec(seed, "greedy", MAX_THROWS), 1) as runner:
            est = runner.estimate(position, rollouts)
    return {
        "chances": list(est.chances),
        "se": [_finite(s) for s in est.se],
        "method": est.method,
        "rollouts": est.rollouts,
        "policy": est.policy,
    }


def compare_hints(
    position: Position, throw: Throw, notations: list[str], seed: int = 0
) -> dict[str, Any]:
    """The plays ``notations`` of ``throw`` rolled out with common random numbers.

    Answers each play's win chance for the mover with its standard error, and
    its difference from the best with the standard error of that paired
    difference; ``clear`` says whether the difference is at least
    :data:`~pachisi.analysis.review.CLEAR` standard errors.
    """
    plays = [parse_play(position, throw, n) for n in notations]
    rollouts = HINT_ROLLOUTS.get(position.setup.ruleset, 48)
    with RolloutRunner(RolloutSpec(seed, "greedy", MAX_THROWS), 1) as runner:
        ranking = ranking_from(runner, position, plays[0].throw, plays, rollouts)
    out = []
    for rp in ranking.plays:
        clear = (rp.diff_se == 0 and rp.diff != 0) or abs(rp.diff) >= CLEAR * rp.diff_se > 0
        out.append(
            {
                "play": rp.notation,
                "chance": rp.chance,
                "se": _finite(rp.se),
                "diff": rp.diff,
                "diff_se": _finite(rp.diff_se),
                "clear": bool(clear),
            }
        )
    return {"rollouts": rollouts, "policy": "greedy", "plays": out}


def review_game(record_text: str) -> dict[str, Any]:
    """The review of a finished game (:func:`pachisi.analysis.review`, :data:`REVIEW`)."""
    rec = Record.from_text(record_text)
    settings = REVIEW_PAGADE if rec.start.setup.ruleset == "pagade" else REVIEW
    out = review(rec, settings).as_dict()
    for move in out["moves"]:
        pos = Position.from_text(move["position"])
        throw = tuple(move["throw"])
        for key, play in (("played_facts", move["played"]), ("best_facts", move["best"])):
            move[key] = [lean(f) for f in play_facts(pos, throw, play)]
        move.pop("throws", None)  # every throw's value: more than the page shows
    out["thresholds"] = dict(THRESHOLDS)
    out["luck_marks"] = dict(LUCK_MARKS)
    out["clear"] = CLEAR
    return out


class Insight:
    """The insight of one server: results kept per game and version, one computation at a time."""

    def __init__(self, hub: Hub, keep: int = 500) -> None:
        self.hub = hub
        self.keep = keep
        # Pools of their own: a minute of review must not hold up a computer seat's play,
        # nor the win chances of the games being watched.
        workers = 1 if hub.computers.workers > 0 else 0
        self.workers = Computers(workers)
        self.reviewer = Computers(workers)
        self._gate = asyncio.Semaphore(1)
        self._review_gate = asyncio.Semaphore(1)
        self._chances: dict[str, tuple[int, dict[str, Any]]] = {}
        self._reviews: dict[str, dict[str, Any]] = {}
        self._running: dict[tuple[str, str], asyncio.Task[dict[str, Any]]] = {}

    async def _run(self, fn: Callable[..., dict[str, Any]], *args: Any) -> dict[str, Any]:
        async with self._gate:
            return await self.workers.run(fn, *args)

    async def _review(self, record_text: str) -> dict[str, Any]:
        async with self._review_gate:
            return await self.reviewer.run(review_game, record_text)

    async def _once(self, key: tuple[str, str], make: Callable[[], Any]) -> dict[str, Any]:
        """Run ``make()`` once for ``key`` however many ask meanwhile."""
        task = self._running.get(key)
        if task is None:
            task = asyncio.ensure_future(make())
            self._running[key] = task
            task.add_done_callback(lambda _: self._running.pop(key, None))
        return await asyncio.shield(task)

    def _trim(self, table: dict[str, Any]) -> None:
        while len(table) > self.keep:
            table.pop(next(iter(table)))

    async def chances(self, game_id: str) -> dict[str, Any]:
        """The win chances of a game as it stands (``GET .../chances``)."""
        room = await self.hub.room(game_id)
        async with room.lock:
            position, version, status = room.position, room.version, room.status
        kept = self._chances.get(room.id)
        if kept is not None and kept[0] == version:
            return kept[1]

        async def make() -> dict[str, Any]:
            result = await self._run(chances, position)
            answer = {"version": version, "status": status, **result}
            self._chances[room.id] = (version, answer)
            self._trim(self._chances)
            return answer

        return await self._once((room.id, f"chances:{version}"), make)

    async def hint(self, game_id: str, answer: dict[str, Any]) -> dict[str, Any]:
        """A hint (``Hub.hint``) with its plays compared by rollouts and put into words.

        The plays are rolled out with common random numbers (:func:`compare_hints`)
        and listed best first by that measure; each gets its ``facts`` for the
        words. If the game moved on meanwhile the hint is answered as it was.
        """
        room = await self.hub.room(game_id)
        async with room.lock:
            if room.version != answer["version"] or room.turn is None:
                return answer
            position, throw = room.position, room.turn.throw
        notations = [p["play"] for p in answer["plays"]]
        look = {p["play"]: p["chance"] for p in answer["plays"]}
        compared = await self.hub.computers.run(compare_hints, position, throw, notations)
        plays = []
        for p in compared["plays"]:
            facts = play_facts(position, throw, p["play"])
            plays.append({**p, "estimate": look[p["play"]], "facts": [lean(f) for f in facts]})
            plays[-1]["path"] = play_path(position, throw, p["play"])  # for the board
        return {
            **answer,
            "plays": plays,
            "compared": {"rollouts": compared["rollouts"], "policy": compared["policy"]},
        }

    def close(self) -> None:
        """Stop the insight's workers."""
        self.workers.close()
        self.reviewer.close()

    async def review(self, game_id: str) -> dict[str, Any]:
        """The review of a finished game (``GET .../review``), computed once."""
        room = await self.hub.room(game_id)
        async with room.lock:
            if room.status != "finished":
                raise ApiError(409, "not_finished", "a game is reviewed once it is over")
            text = room.record().to_text()
        kept = self._reviews.get(room.id)
        if kept is not None:
            return kept

        async def make() -> dict[str, Any]:
            result = await self._review(text)
            self._reviews[room.id] = result
            self._trim(self._reviews)
            return result

        return await self._once((room.id, "review"), make)
