"""Insight in the browser: win chances, hints compared honestly, the post-game review.

Everything here is measured with :mod:`pachisi.analysis` away from the event
loop, in worker processes, or on a thread when the server has none
(``--computer-workers 0``: tests, tiny servers). Hints go to the computer
seats' workers, in turn with their plays; win chances and reviews each have
one worker process of their own and run one at a time, so that a review
never holds up a hint or a computer's play, and insight never takes more
than two cores. Results are kept per game and version, so many spectators
of one game cost one computation.

Every figure is judged by the value network fitted to the game's set-up
(:func:`pachisi.analysis.net.evaluator_for`), at the analysis's default plies
(2 for a position or a hint, 1 for a review);
where no network has learned the set-up there is no win chance to show, and
the answers say so (``"method": "none"`` and ``"why"``) instead of a number.

* :func:`chances` (``GET /api/games/{id}/chances``): every seat's win chance
  before the throw by the network at 2 plies (as a hint), in whole points;
  exact once the game is decided. Only for spectators and after the game: a player sees no chances
  while he plays (the page asks only when it holds no seat, or the game is over).
* :func:`compare_hints`: the plays of a hint checked by rollouts of the
  network's player (common random numbers, truncation, the network as a
  control variate: :func:`pachisi.analysis.net.check_rollouts`), so that the
  difference between two plays is measured with its standard error: "too
  close to tell" when it is under two of them.
* :func:`review_game` (``GET /api/games/{id}/review``, finished games only):
  :func:`pachisi.analysis.review` by the network (:data:`REVIEW`), with its
  ``summary`` (per-player totals, the win-chance series, the turning points:
  docs/analysis.md); by rollouts (:data:`REVIEW_ROLLOUTS`,
  :data:`REVIEW_PAGADE`, :data:`REVIEW_ONE_DIE`, :data:`REVIEW_ONE_DIE_MANY`) where no
  network has learned the set-up.

Ludo and MADN (RULES-LUDO.md), where no network has learned the set-up, are
judged by rollouts of a computer player (:data:`ONE_DIE_POLICY`), which are
fitted to every set-up: the win chances by :func:`pachisi.analysis.win_chances`
(:data:`ONE_DIE_CHANCE_ROLLOUTS`, shown with their standard errors), a hint's
plays by :func:`pachisi.analysis.rank_plays` (:func:`one_die_hints`, on the
same dice for every play: "too close to tell" inside two standard errors of the
paired difference), the review by :func:`pachisi.analysis.review` with
``by="rollouts"``. Where a network has learned the set-up
(:func:`~pachisi.analysis.net.evaluator_for`), it judges them as it judges the
cross. The counts are sized to the time a request may take (docs/web.md).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..analysis import ReviewSettings, exact_chances, rank_plays, review, win_chances
from ..analysis.hint import HINT_PLAYS
from ..analysis.net import HINT_PLY, check_rollouts, evaluator_for, first_look
from ..analysis.rank import CLEAR, clear_difference
from ..analysis.review import LUCK_MARKS, THRESHOLDS
from ..analysis.words import UNIT, UNIT_NOTE, chance_text
from ..dice import Throw
from ..moves import parse_play
from ..position import Position
from ..record import Record
from ..rules import ONE_DIE_RULESETS
from .computers import Computers
from .requests import ApiError
from .views import play_facts_lean, play_path

if TYPE_CHECKING:
    from .hub import Hub

__all__ = [
    "HINT_ROLLOUTS",
    "HINT_TRUNCATE",
    "ONE_DIE_CHANCE_ROLLOUTS",
    "ONE_DIE_HINT_ROLLOUTS",
    "ONE_DIE_POLICY",
    "REVIEW",
    "REVIEW_ONE_DIE",
    "REVIEW_ONE_DIE_MANY",
    "REVIEW_PAGADE",
    "REVIEW_ROLLOUTS",
    "Insight",
    "chances",
    "compare_hints",
    "one_die_hints",
    "review_game",
]

#: The budget of the check of a hint's plays, in rollouts per play (32 blocks of 36 throws;
#: the stick dice's 16 outcomes fit 72 times): sequential (:func:`check_rollouts` with
#: ``first``), it stops at 72 (32 with the stick dice) rollouts per play when the best play
#: is clearly ahead, and spends the budget (about 0.3 s a play) only on close plays; and
#: the throws each is played before the network finishes it.
HINT_ROLLOUTS = {"pagade": 1152, "whitman": 1152, "parcheesi": 1152, "eight-man": 1152}
HINT_TRUNCATE = 12
#: The review of the browser: by the network, as ``pachisi analyse`` reviews.
REVIEW = ReviewSettings()
#: Where no network has learned the set-up: rollouts of the greedy player, lighter than
#: ``pachisi analyse --by rollouts`` so that it takes seconds, not minutes.
REVIEW_ROLLOUTS = ReviewSettings(rollouts=12, luck_rollouts=4, candidates=4, by="rollouts")
#: Pagade's games are some 600 throws of slow rollouts: random rollouts, fewer of them and
#: no luck (where no network has learned the set-up).
REVIEW_PAGADE = ReviewSettings(
    rollouts=8, luck_rollouts=0, candidates=2, policy="random", by="rollouts"
)

#: Ludo and MADN where no network has learned the set-up: the computer player whose
#: rollouts judge them. Greedy, not expectimax (the analysis's own choice for a hint,
#: :data:`pachisi.analysis.hint.ONE_DIE_HINT_POLICY`): some fifteen times cheaper a
#: rollout, so that a hint takes seconds and its standard errors are four times smaller
#: for the same time (docs/web.md has the timings).
ONE_DIE_POLICY = "greedy"
#: Rollouts of each of a hint's plays (:data:`~pachisi.analysis.hint.HINT_PLAYS` of them):
#: about 6 s of one core at the middle of a four-player Ludo game.
ONE_DIE_HINT_ROLLOUTS = 72
#: Rollouts of a position's win chances (the bar): about 2 s of one core.
ONE_DIE_CHANCE_ROLLOUTS = 72
#: The review of a two-player game of Ludo or MADN: the play made and the best 3 by
#: rollouts, 12 each (28 s of one core for a two-player Ludo game of 183 throws); the luck
#: is not measured (every possible throw rolled out would double that, for a figure far
#: inside its own noise at these counts).
REVIEW_ONE_DIE = ReviewSettings(
    rollouts=12, luck_rollouts=0, candidates=3, policy=ONE_DIE_POLICY, by="rollouts"
)
#: Three or four players: games three times as long, so 6 rollouts of 2 plays (87 s of
#: one core for a four-player Ludo game of 580 throws).
REVIEW_ONE_DIE_MANY = ReviewSettings(
    rollouts=6, luck_rollouts=0, candidates=2, policy=ONE_DIE_POLICY, by="rollouts"
)


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def chances(position: Position, seed: int = 0) -> dict[str, Any]:
    """Every player's win chance before the throw, by the network fitted to the set-up.

    ``{"chances", "se", "method", "text", "unit", ...}``: ``method`` ``"exact"``
    (the game is decided; ``se`` 0), ``"network"`` (``ply`` and ``network``
    say which; ``se`` ``None``: the figures are deterministic, shown in whole
    points, ``text``) or ``"none"`` (no network has learned the set-up:
    ``chances`` ``None`` and ``why``). ``seed`` is unused (kept for callers).
    """
    del seed
    n = len(position.setup.players)
    base: dict[str, Any] = {"unit": UNIT, "note": UNIT_NOTE, "rollouts": None, "policy": None}
    exact = exact_chances(position)
    # Only a decided game is exact: a pure race's table value (method "race") has an
    # error bound in the Parcheesi family and is never shown as "decided".
    if exact is not None and exact.method == "exact":
        texts = [chance_text(c, 0.0, True) for c in exact.chances]
        return {**base, "chances": list(exact.chances), "se": [0.0] * n, "method": "exact",
                "text": texts}  # fmt: skip
    ev, why = evaluator_for(position.setup, HINT_PLY)
    if ev is None and position.setup.ruleset in ONE_DIE_RULESETS:
        return {**base, **_one_die_chances(position)}
    if ev is None:
        return {**base, "chances": None, "se": None, "method": "none", "why": why, "text": None}
    est = ev.estimate(position)
    return {
        **base,
        "chances": list(est.chances),
        "se": [None] * n,
        "method": "network",
        "ply": ev.ply,
        "network": ev.describe()["network"]["file"],
        "text": [chance_text(c, None) for c in est.chances],
    }


def _one_die_chances(position: Position) -> dict[str, Any]:
    """Ludo, MADN without a network: every seat's chance by :data:`ONE_DIE_CHANCE_ROLLOUTS`
    rollouts of :data:`ONE_DIE_POLICY`, each with its standard error and in words rounded
    to it (:func:`~pachisi.analysis.words.chance_text`); exact in a pure race (``method``
    ``"race"``: :func:`pachisi.analysis.exact_chances`) or a decided game."""
    est = win_chances(position, ONE_DIE_CHANCE_ROLLOUTS, policy=ONE_DIE_POLICY)
    exact = est.exact  # a pure race, valued exactly by the race tables (method "race")
    return {
        "chances": list(est.chances),
        "se": [_finite(x) for x in est.se],
        "method": est.method,
        "rollouts": est.rollouts or None,
        "policy": est.policy,
        "text": [chance_text(c, se, exact) for c, se in zip(est.chances, est.se, strict=True)],
    }


def one_die_hints(position: Position, throw: Throw) -> dict[str, Any]:
    """Ludo, MADN without a network: the best :data:`~pachisi.analysis.hint.HINT_PLAYS`
    plays of ``throw`` (by the greedy evaluation) ranked by :data:`ONE_DIE_HINT_ROLLOUTS`
    rollouts of :data:`ONE_DIE_POLICY` each (:func:`pachisi.analysis.rank_plays`), on the
    same dice, in the form of :func:`compare_hints`: each play's chance with its standard
    error, its difference from the best with that of the paired difference, and ``clear``
    when it is at least :data:`~pachisi.analysis.rank.CLEAR` of them (otherwise too close
    to tell); ``how``: how they were obtained (:attr:`~pachisi.analysis.Ranking.method`).
    Raises :class:`~pachisi.errors.ThrowError` for a bad throw or a game that is over.
    """
    ranking = rank_plays(
        position, throw, ONE_DIE_HINT_ROLLOUTS, policy=ONE_DIE_POLICY, candidates=HINT_PLAYS
    )
    out = []
    best_exact = ranking.plays[0].estimate.exact
    for i, rp in enumerate(ranking.plays):
        exact = rp.estimate.exact
        # Two exact chances (a decided game, a pure race): their difference is exact too.
        diff_se = 0.0 if exact and best_exact else rp.diff_se
        out.append(
            {
                "play": rp.notation,
                "chance": rp.chance,
                "se": 0.0 if exact else _finite(rp.se),
                "diff": rp.diff,
                "diff_se": _finite(diff_se),
                "clear": i > 0 and clear_difference(rp.diff, diff_se),
                "exact": exact,
            }
        )
    return {
        "rollouts": ranking.rollouts,
        "budget": ranking.rollouts,
        "stopped": None,
        "k": CLEAR,
        "policy": ranking.policy,
        "how": ranking.method,
        "plays": out,
    }


def compare_hints(
    position: Position, throw: Throw, notations: list[str], seed: int = 0
) -> dict[str, Any] | None:
    """The plays ``notations`` of ``throw`` checked by rollouts of the network's player.

    Answers each play's win chance for the mover with its standard error, and
    its difference from the best with the standard error of that paired
    difference; ``clear`` says whether the difference is at least ``k``
    standard errors (otherwise it is too close to tell). The check is
    sequential (:func:`~pachisi.analysis.net.check_rollouts` with ``first``):
    the plays are played out until the best is clearly ahead or the budget
    (:data:`HINT_ROLLOUTS`) is spent, then every play to the same count
    (``rollouts``; ``stopped``: ``"clear"`` or ``"budget"``); ``k``
    (:func:`~pachisi.analysis.net.check_k`) allows for the looks taken on the
    way. ``None`` where no network has learned the set-up.
    """
    ev, _ = evaluator_for(position.setup)
    if ev is None:
        return None
    plays = [parse_play(position, throw, n) for n in notations]
    rollouts = HINT_ROLLOUTS.get(position.setup.ruleset, 288)
    ranking = check_rollouts(
        position,
        throw,
        rollouts,
        ev,
        truncate=HINT_TRUNCATE,
        seed=seed,
        plays=plays,
        first=first_look(position.setup.ruleset),
        even=True,
    )
    how = ranking.how or {}
    k = float(how.get("k", CLEAR))
    out = []
    for rp in ranking.plays:
        out.append(
            {
                "play": rp.notation,
                "chance": rp.chance,
                "se": _finite(rp.se),
                "diff": rp.diff,
                "diff_se": _finite(rp.diff_se),
                "clear": rp.diff != 0 and clear_difference(rp.diff, rp.diff_se, k),
            }
        )
    return {
        "rollouts": ranking.rollouts,
        "budget": rollouts,
        "stopped": how.get("stopped"),
        "k": k,
        "policy": "network",
        "truncate": HINT_TRUNCATE,
        "control": "first throw",
        "plays": out,
    }


def review_game(record_text: str) -> dict[str, Any]:
    """The review of a finished game (:func:`pachisi.analysis.review`): by the network
    (:data:`REVIEW`), or by rollouts where no network has learned the set-up."""
    rec = Record.from_text(record_text)
    ruleset = rec.start.setup.ruleset
    ev, _ = evaluator_for(rec.start.setup, REVIEW.ply)
    if ev is not None:
        settings = REVIEW
    elif ruleset in ONE_DIE_RULESETS:
        many = len(rec.start.setup.players) > 2
        settings = REVIEW_ONE_DIE_MANY if many else REVIEW_ONE_DIE
    else:
        settings = REVIEW_PAGADE if ruleset == "pagade" else REVIEW_ROLLOUTS
    out = review(rec, settings, evaluator=ev).as_dict()
    for move in out["moves"]:
        pos = Position.from_text(move["position"])
        throw = tuple(move["throw"])
        for key, play in (("played_facts", move["played"]), ("best_facts", move["best"])):
            move[key] = play_facts_lean(pos, throw, play)
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
        self._hints: dict[str, tuple[int, dict[str, Any]]] = {}
        self._running: dict[tuple[str, str], asyncio.Task[dict[str, Any]]] = {}
        #: Called (in a worker thread) with each review made: ``(game_id, review)``;
        #: the server keeps its figures for the profiles (``Club.record_review``).
        self.on_review: Callable[[str, dict[str, Any]], None] | None = None

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
        """A hint (``Hub.hint``) with its plays checked by rollouts and put into words.

        The plays are rolled out by the network's player with common random numbers
        (:func:`compare_hints`) and listed best first by that measure, each with its
        network ``estimate``; each gets its ``facts`` for the words. Without a network
        (no numbers) or with one play, the plays only get their facts. If the game
        moved on meanwhile the hint is answered as it was.
        """
        room = await self.hub.room(game_id)
        async with room.lock:
            if room.version != answer["version"] or room.turn is None:
                return answer
            position, throw = room.position, room.turn.throw
        if answer.get("how", {}).get("method") == "rollout":  # Ludo, MADN: no network
            return {
                **answer,
                **(await self._one_die_hint(room.id, answer["version"], position, throw)),
            }
        notations = [p["play"] for p in answer["plays"]]
        look = {p["play"]: p["chance"] for p in answer["plays"]}
        compared = None
        if answer.get("how", {}).get("method") == "network" and len(notations) > 1:
            compared = await self.hub.computers.run(compare_hints, position, throw, notations)
        if compared is None:  # no network (no numbers), or a single play: nothing to compare
            plays = [
                {**p, "estimate": p["chance"],
                 "facts": play_facts_lean(position, throw, p["play"]),  # any ruleset
                 "path": play_path(position, throw, p["play"])}  # for the board
                for p in answer["plays"]
            ]  # fmt: skip
            return {**answer, "plays": plays}
        plays = []
        for p in compared["plays"]:
            facts = play_facts_lean(position, throw, p["play"])  # any ruleset (Ludo's too)
            plays.append({**p, "estimate": look[p["play"]], "facts": facts})
            plays[-1]["path"] = play_path(position, throw, p["play"])  # for the board
        return {
            **answer,
            "plays": plays,
            "compared": {k: v for k, v in compared.items() if k != "plays"},
        }

    async def _one_die_hint(
        self, game_id: str, version: int, position: Position, throw: Throw
    ) -> dict[str, Any]:
        """The rolled-out plays of a Ludo or MADN hint (:func:`one_die_hints`), computed once
        per game and version however often the seat asks (seconds of a worker each)."""
        kept = self._hints.get(game_id)
        if kept is not None and kept[0] == version:
            return kept[1]

        async def make() -> dict[str, Any]:
            ranked = await self.hub.computers.run(one_die_hints, position, throw)
            rolled = []
            for p in ranked["plays"]:
                facts = play_facts_lean(position, throw, p["play"])
                path = play_path(position, throw, p["play"])  # for the board
                rolled.append({**p, "estimate": None, "facts": facts, "path": path})
            compared = {k: v for k, v in ranked.items() if k not in ("plays", "how")}
            result = {"how": ranked["how"], "plays": rolled, "compared": compared}
            self._hints[game_id] = (version, result)
            self._trim(self._hints)
            return result

        return await self._once((game_id, f"hint:{version}"), make)

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
            if self.on_review is not None:
                await asyncio.to_thread(self.on_review, room.id, result)
            self._reviews[room.id] = result
            self._trim(self._reviews)
            return result

        return await self._once((room.id, "review"), make)
