"""The hub: every game a server holds, and the way requests reach them.

The flow of one game (a :class:`pachisi.web.rooms.Room`):

1. A turn begins: the server throws the dice (``random.SystemRandom``), the
   throw is **stored**, and only then does the state change (and go out to
   the watchers). A throw that cannot move anything is passed at once: it is
   stored with the play ``-``.
2. A human seat makes steps one at a time (:class:`pachisi.moves.Turn`), may
   undo them, and commits once the throw is fully used. Each step is stored
   before it is acknowledged.
3. A computer seat chooses a whole play (in a worker process,
   :mod:`pachisi.web.computers`, so the server stays responsive), waits
   ``bot_delay`` seconds so people can see the dice, and commits. A seat that
   cannot play (its choice fails, or the database does not answer) says so
   in the state's ``notice`` and tries again, after 0.5, 1, 2, ... 30 s; a
   seat whose choice fails three times in a row is handed to a simpler level.

Every change is stored in one transaction (:meth:`Hub.change`): a play and
the throw that follows it are stored together or not at all. If a change
cannot be stored, the room's memory is thrown away and the game is read back
from the store, so the server never shows anything the store does not hold.

Every change raises the game's ``version``; an action must name the version
it was made against, so a replayed or late message is refused (``stale``).
Each room has one lock: the actions of one game are applied one at a time,
while different games go on in parallel. The watchers of a game (WebSocket
connections) each have their own sender task that sends only the latest
state, so a slow connection skips states instead of holding anyone up.

How a game moves on is :mod:`pachisi.web.referee`; requests are read by
:mod:`pachisi.web.requests`; what is shown is :mod:`pachisi.web.views`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import random
import secrets
import socket
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from ..analysis.hint import hints
from ..analysis.net import HINT_PLY, evaluator_for
from ..analysis.words import UNIT, UNIT_NOTE
from ..bots import unfit_reason
from ..describe import places_facts
from ..game import first_player
from ..moves import Play, Turn, legal_plays, parse_play
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from . import referee
from .computers import SIMPLER, Computers
from .requests import HUMAN, ApiError, parse_action, parse_dice, parse_spec, refuse_unknown
from .rooms import Room, Seat, Watcher, new_game, new_game_id, new_key
from .social import (
    AWAY_AFTER,
    CLAIM_AFTER,
    SEAT_ACTIONS,
    TARGETED,
    Clock,
    Social,
    end_facts,
    outcome,
    parse_settings,
)
from .store import Change, GameRow, Store
from .views import clean_text, geometry_of, moves_list, pawns_list, seat_dict

__all__ = [
    "HAND_OVER_AFTER",
    "HINTS",
    "HINT_METHOD",
    "HINT_NO_NETWORK",
    "HINT_ROLLOUTS",
    "LEASE",
    "RETRY_DELAYS",
    "WAITING",
    "WAIT_NOTICE_AFTER",
    "Hub",
    "runner_is_dead",
]

log = logging.getLogger("pachisi.web")

#: Pauses before a computer seat that failed tries again, in seconds (the last repeats).
RETRY_DELAYS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
#: Seconds a server's lease on a game's computer seats lasts (renewed at every play).
LEASE = 30.0
#: Failed choices in a row after which a computer seat is handed to a simpler level.
HAND_OVER_AFTER = 3
#: Seconds a game waiting for another server's computer players stays unchanged before
#: its players are told (a server at work renews its lease at every play).
WAIT_NOTICE_AFTER = 5.0
#: How that notice begins.
WAITING = "the computer players wait for another server process"

#: Plays a hint names, best first.
HINTS = 3
#: How a hint's chances are obtained (shown with them; ``how`` says which network).
HINT_METHOD = (
    "by the value network fitted to this set-up, two throws ahead: every next throw and every "
    "throw after it with its probability, each answered by the network's best play (in points "
    "of win chance)"
)
#: How a hint of Ludo or MADN is obtained where no network has learned it (its ``how``
#: says by which player and how many rollouts: :func:`pachisi.web.insight.one_die_hints`).
HINT_ROLLOUTS = (
    "by rollouts: each play played out to the end by a computer player on the same dice, with"
    " standard errors (in points of win chance)"
)
#: What a hint says where no network has learned the set-up (``why`` says more).
HINT_NO_NETWORK = (
    "no win chance: no network has learned this set-up; the plays the hand evaluation likes "
    "best, one throw ahead"
)


class Hub:
    """All rooms of one server, over one :class:`Store`.

    ``bot_delay`` is the pause before a computer's play is made (so people
    see the dice); ``rng`` throws the dice (``SystemRandom`` unless a test
    gives a seeded one); at most about ``max_rooms`` games are kept in memory
    (idle ones are loaded again from the store when needed), of them at most
    ``max_finished`` finished games nobody watches; ``computers``
    chooses the plays of computer seats (a thread unless given a pool);
    ``retry_delays`` are the pauses of a computer seat that failed;
    ``sync_interval`` is how often the games held are compared with the
    store, for changes made by other server processes (:meth:`start`);
    ``lease`` is how long a claim on a game's computer seats lasts.

    The social rules (:mod:`pachisi.web.social`): ``clock`` is the wall
    clock (``time.time``; a test gives a fake one), ``away_after`` the
    seconds without a connection after which a person's seat is shown as
    away (and ``claim_after`` those after which the others may end the game
    or hand the seat to a computer), and every ``tick`` seconds the games held are checked for seats
    going away and turns running out (:meth:`check_clocks`; 0: only when
    called).
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.8,
        rng: random.Random | None = None,
        send_timeout: float = 10.0,
        max_rooms: int = 2000,
        max_finished: int = 200,
        computers: Computers | None = None,
        retry_delays: tuple[float, ...] = RETRY_DELAYS,
        sync_interval: float | None = None,
        lease: float = LEASE,
        clock: Callable[[], float] = time.time,
        away_after: float = AWAY_AFTER,
        tick: float = 0.5,
        claim_after: float = CLAIM_AFTER,
    ) -> None:
        self.store = store
        self.clock = clock
        self.away_after = away_after
        self.claim_after = claim_after
        self.tick = tick
        self.max_rooms = max_rooms
        self.max_finished = max_finished
        self.bot_delay = bot_delay
        self.rng = rng if rng is not None else random.SystemRandom()
        self.send_timeout = send_timeout
        self.computers = computers if computers is not None else Computers(0)
        self.retry_delays = retry_delays
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        if sync_interval is None:
            sync_interval = 5.0 if store.notifies else 1.0
        self.sync_interval = sync_interval
        self._stop_listening = threading.Event()
        self._listener: threading.Thread | None = None
        self._refreshing: set[str] = set()
        self.lease = lease
        #: This server process, as named in the leases it takes on computer seats.
        self.runner = f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(4)}"

    async def start(self, limit: int = 1000) -> None:
        """Follow other servers' changes and resume computer seats (in the background).

        Run once the server starts, so that a game of computers, or a
        computer's turn left when the server stopped, goes on without
        anybody having to open it (up to ``limit`` games; the server answers
        meanwhile). Games whose computers another server is playing (its
        lease, :meth:`Store.claim`) are left to it; if that server goes away,
        its games are taken over once their leases run out.
        """
        self._start_sync()
        if self.tick > 0:
            self._spawn(self._clock_loop())
        self._spawn(self._resume(limit))

    async def _dead_runners(self) -> list[str]:
        """The lease holders known to be gone: processes of this machine that have ended."""
        holders = await asyncio.to_thread(self.store.lease_holders)
        return [r for r in holders if r != self.runner and runner_is_dead(r)]

    async def _resume(self, limit: int) -> None:
        try:
            dead = await self._dead_runners()
            ids = await asyncio.to_thread(
                lambda: self.store.playing_with_computers(limit, unclaimed=True, dead=dead)
            )
            # Games with a turn timer are held, so that their clocks run.
            ids += await asyncio.to_thread(self.store.playing_with_clock, limit)
        except Exception as exc:
            log.error("could not look for games to resume: %s", _one_line(exc))
            return
        for game_id in dict.fromkeys(ids):
            try:
                await self.room(game_id)
            except Exception as exc:  # one bad game must not stop the others
                log.error("game %s could not be resumed: %s", game_id, _one_line(exc))

    # -- other servers on the same database -------------------------------------------

    def _start_sync(self) -> None:
        """Follow the changes other server processes store (see :meth:`refresh`).

        On PostgreSQL every change is announced (NOTIFY) and heard at once by
        a listening thread; on any database, the versions of the games held
        in memory are compared with the store's every ``sync_interval``
        seconds (1 s, or 5 s as a safety net where changes are announced).
        """
        if self.store.notifies and self._listener is None:
            loop = asyncio.get_running_loop()

            def heard(game_id: str, version: int) -> None:
                loop.call_soon_threadsafe(self._heard, game_id, version)

            self._listener = threading.Thread(
                target=self.store.listen, args=(self._stop_listening, heard),
                name="pachisi-listen", daemon=True,
            )  # fmt: skip
            self._listener.start()
        if self.sync_interval > 0:
            self._spawn(self._sync_loop())

    def _heard(self, game_id: str, version: int) -> None:
        room = self.rooms.get(game_id)
        if room is not None and room.version < version:
            self._spawn(self.refresh(room))

    async def _sync_loop(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(self.sync_interval)
            rounds += 1
            if rounds * self.sync_interval >= min(10.0, self.lease / 2):
                rounds = 0
                await self._adopt_orphans()
            try:
                stored = await asyncio.to_thread(self.store.versions, list(self.rooms))
            except Exception as exc:
                log.warning("could not compare versions with the store: %s", _one_line(exc))
                continue
            for game_id, version in stored.items():
                room = self.rooms.get(game_id)
                if room is not None and room.version != version:
                    self._spawn(self.refresh(room))

    async def _adopt_orphans(self) -> None:
        """Take over computer games whose lease ran out (their server stopped or died)."""
        try:
            dead = await self._dead_runners()
            ids = await asyncio.to_thread(
                lambda: self.store.playing_with_computers(100, unclaimed=True, dead=dead)
            )
        except Exception as exc:
            log.warning("could not look for computer games to take over: %s", _one_line(exc))
            return
        for game_id in ids:
            room = self.rooms.get(game_id)
            try:
                if room is None:
                    await self.room(game_id)  # loading starts its computers
                else:
                    await self.refresh(room)
                    self._after_change(room)
            except Exception as exc:
                log.warning("could not take over game %s: %s", game_id, _one_line(exc))

    async def refresh(self, room: Room) -> None:
        """Read a room again if another server has moved its game on; tell its watchers."""
        if room.id in self._refreshing:
            return
        self._refreshing.add(room.id)
        try:
            async with room.lock:
                before = room.version
                await asyncio.to_thread(self._reread, room)
            if room.version != before:
                self._after_change(room)
        finally:
            self._refreshing.discard(room.id)

    async def close(self) -> None:
        """Stop computer seats and watchers (the store keeps everything)."""
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            for w in room.watchers:
                w.close()
        self._stop_listening.set()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.to_thread(self.computers.close)
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
        # Another server may take these games over at once.
        with contextlib.suppress(Exception):
            await asyncio.to_thread(self.store.release_all, self.runner)

    # -- changing a game -------------------------------------------------------------

    def change(self, room: Room, write: Callable[[Change], None]) -> None:
        """Make one change of a room, stored atomically (worker thread, room locked).

        ``write`` changes the room in memory while it writes the change; if
        it raises :class:`ApiError` before writing anything, nothing happened.
        Once stored, the room takes the new version and its new state is
        shown. If the change cannot be stored (the database fails, or another
        server moved the game on), the room is read back from the store, so
        that memory never holds what the store does not; the error goes on up.
        """
        ch: Change | None = None
        try:
            with self.store.change(room.id, room.version) as ch:
                write(ch)
                if room.status == "finished":  # the store's on_finish hooks (ratings)
                    ch.outcome = outcome(room)
        except ApiError:
            if ch is not None and ch.version != ch.start:  # refused first
                self._reread(room)
            raise
        except BaseException:
            self._reread(room)
            raise
        if not ch.keeps_turn:
            room.turn_version = None
        elif room.turn_version is None:
            room.turn_version = room.version
        room.version = ch.version
        self._arm_clock(room)  # the state shown has its turn timer at once
        room.snapshot()

    def _reread(self, room: Room) -> None:
        """Read the game of ``room`` back from the store; marked broken if that fails."""
        room.broken = True
        try:
            fresh = self._read(room.id)
        except Exception as exc:
            log.warning("game %s could not be read back: %s", room.id, _one_line(exc))
            return
        room.adopt(fresh)
        self._arm_clock(room)
        room.snapshot()

    async def reread(self, game_ids: list[str]) -> None:
        """Read again from the store the games of ``game_ids`` this process holds (their
        rows were changed outside a change: a deleted account's seat renamed)."""
        for game_id in game_ids:
            room = self.rooms.get(game_id)
            if room is None:
                continue
            async with room.lock:
                await asyncio.to_thread(self._reread, room)

    async def _mend(self, room: Room) -> None:
        """Read a broken room back (room locked); ``unavailable`` if it still cannot be."""
        if room.broken:
            await asyncio.to_thread(self._reread, room)
        if room.broken:
            raise ApiError(503, "unavailable", "the game store is unavailable; nothing was changed")

    # -- creating -------------------------------------------------------------------

    async def create(
        self, spec: object, owner: str | None = None
    ) -> tuple[Room, list[dict[str, Any]]]:
        """A new game from a request body (docs/web.md ``POST /api/games``).

        Returns the room and the keys of its human seats (shown only now).
        ``owner`` is the hash of the creating browser's token (its lobby lists the game).
        """
        spec, manual, first = parse_dice(spec)
        rest, public, clock = parse_settings(spec)
        setup, kinds, names, start = parse_spec(rest)
        if first is not None and start is not None:
            raise ApiError(400, "bad_request", "'first': a position says who is to move")
        if first is not None and not first < len(setup.players):
            raise ApiError(400, "bad_request", f"'first': there is no seat {first}")
        if first and setup.ruleset in ONE_DIE_RULESETS:  # L.2.2, M.8: players[0] throws first
            raise ApiError(
                400,
                "bad_request",
                "'first': the first player listed throws first in "
                f"{setup.ruleset} (RULES-LUDO.md); list the players in the order they throw",
            )
        if manual and start is None:  # the players threw for the start at the table
            start = Position.initial(setup, first or 0)
        if clock is not None and clock.then == "computer":
            why = unfit_reason(clock.level, setup)
            if why is not None:
                raise ApiError(400, "bad_request", f"'clock.level': {why}")
        seats: list[Seat] = []
        keys: list[dict[str, Any]] = []
        for i, kind in enumerate(kinds):
            key_hash = None
            if kind == HUMAN:
                key, key_hash = new_key(i)
                keys.append({"seat": i, "key": key})
            seats.append(Seat(i, kind, names[i], key_hash))
        room = await self._new_room(
            setup, seats, start=start, clock=clock, public=public, owner=owner, manual=manual
        )
        return room, keys

    async def rematch(self, game_id: str, body: object) -> Room:
        """The rematch of a finished game: same set-up, seats and keys (made once)."""
        room = await self.room(game_id)
        key = body.get("key") if isinstance(body, dict) else None
        room.seat_of_key(key)
        async with room.lock:
            await self._mend(room)
            if room.status != "finished":
                raise ApiError(409, "not_finished", "a rematch is made once the game is over")
            if room.rematch is not None:
                return await self.room(room.rematch)
            seats = [Seat(s.index, s.kind, s.name, s.key_hash) for s in room.seats]
            new = await self._new_room(
                room.game.start.setup, seats, rematch_of=room.id,
                clock=room.social.clock, public=room.public, owner=room.owner,
                manual=room.social.manual,
                start=(
                    Position.initial(room.game.start.setup, 0) if room.social.manual else None
                ),
            )  # fmt: skip

            def link(ch: Change) -> None:
                ch.set_rematch(new.id)
                room.rematch = new.id

            await asyncio.to_thread(self.change, room, link)
        self._publish(room)
        return new

    async def _new_room(
        self,
        setup: Setup,
        seats: list[Seat],
        rematch_of: str | None = None,
        start: Position | None = None,
        *,
        clock: Clock | None = None,
        public: bool = False,
        owner: str | None = None,
        manual: bool = False,
    ) -> Room:
        social = Social(clock=clock, manual=manual)
        if start is None:
            first, rounds = first_player(setup, self.rng)
            start = Position.initial(setup, first)
            first_info: dict[str, Any] = {
                "seat": first,
                "rounds": [{str(k): v for k, v in r.items()} for r in rounds],
            }
        else:  # set up from a given position: no preliminary throws
            first_info = {"seat": start.to_move, "rounds": []}
        row = GameRow(
            id=new_game_id(),
            ruleset=setup.ruleset,
            start=start.to_dict(),
            seats=[s.to_store() for s in seats],
            first=first_info,
            version=0,
            rematch_of=rematch_of,
            owner=owner,
            public=public,
            social=social.to_dict() if clock is not None or manual else {},
        )
        room = Room(
            id=row.id,
            game=new_game(start),
            seats=seats,
            first=first_info,
            version=0,
            status="playing",
            result=None,
            rematch_of=rematch_of,
            social=social,
            public=public,
            owner=owner,
            clock=self.clock,
        )
        # The game and its first throw are stored together.
        await asyncio.to_thread(self._create, row, room)
        self._keep(room)
        self._after_change(room)
        return room

    def _create(self, row: GameRow, room: Room) -> None:
        with self.store.change(row.id, 0, create=row) as ch:
            referee.begin_turn(ch, self.rng, room)
        room.version = ch.version
        room.created = _iso(row.created_at)
        self._arm_clock(room)
        room.snapshot()

    def _keep(self, room: Room) -> None:
        """Hold a room in memory, letting go of idle ones beyond ``max_rooms``.

        A room let go is only a cache entry: the store has everything, and the
        game is loaded again when it is next asked for. Rooms with watchers,
        a computer at work or an action in progress are never let go; finished
        games go first.
        """
        self.rooms[room.id] = room
        if len(self.rooms) <= self.max_rooms:
            return
        by_age = sorted(self.rooms.values(), key=lambda r: r.status != "finished")
        for other in by_age:
            if len(self.rooms) <= self.max_rooms // 2:
                break
            busy = other.bot_task is not None and not other.bot_task.done()
            if other is not room and not other.watchers and not other.lock.locked() and not busy:
                del self.rooms[other.id]

    def _trim_finished(self, keep: Room) -> None:
        """Let go of the finished games nobody watches beyond ``max_finished``, oldest first
        (``keep``, the game that has just ended, stays).

        A finished game is only read (its page, replay, record, review): the
        store has it, and it is loaded again when asked for.
        """
        idle = [
            r
            for r in self.rooms.values()
            if r.status == "finished" and not r.watchers and not r.lock.locked() and r is not keep
        ]
        for other in idle[: max(0, len(idle) - self.max_finished)]:
            if other.bot_task is None or other.bot_task.done():
                del self.rooms[other.id]

    # -- loading ---------------------------------------------------------------------

    async def room(self, game_id: str) -> Room:
        """The room of a game, loaded from the store if needed; ``not_found`` otherwise."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 32:
            raise ApiError(404, "not_found", "no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    room = await asyncio.to_thread(self._load, game_id)
                    self._keep(room)
                    self._after_change(room)
        finally:
            if not lock.locked() and self._loading.get(game_id) is lock:
                del self._loading[game_id]
        return room

    def _load(self, game_id: str) -> Room:
        room = self._read(game_id)
        if room.turn is None and room.status == "playing" and not referee.awaits_throw(room):
            # Stored before every change was atomic, between a play and the next
            # throw: throw now.
            self.change(room, lambda ch: referee.begin_turn(ch, self.rng, room))
        self._arm_clock(room)
        room.snapshot()
        return room

    def _read(self, game_id: str) -> Room:
        """The game as stored (worker thread); ``not_found`` if there is none."""
        found = self.store.load(game_id)
        if found is None:
            raise ApiError(404, "not_found", "no such game")
        row, throws = found
        start = Position.from_dict(row.start)
        game = new_game(start)
        seats = [Seat(i, s["kind"], s["name"], s.get("key_hash")) for i, s in enumerate(row.seats)]
        room = Room(
            id=row.id,
            game=game,
            seats=seats,
            first=row.first,
            version=row.version,
            status=row.status,
            result=row.result,
            rematch=row.rematch,
            rematch_of=row.rematch_of,
            created=_iso(row.created_at),
            social=Social.from_dict(row.social),
            public=row.public,
            owner=row.owner,
            clock=self.clock,
        )
        for t in throws:
            if game.is_over:  # passes stored after a dead end by older servers
                break
            game.set_throw(t.dice)
            if t.play is not None:
                game.push(t.play)  # the notation, read back through the step generator
                continue
            # The open throw: replay its steps.
            room.turn = Turn(game.position, t.dice)
            for index in t.steps:
                room.turn.push(room.turn.legal_steps()[index])
            room.steps = list(t.steps)
        if room.status == "finished":  # ended early (a resignation): no throw is open
            room.turn, room.steps = None, []
        return room

    # -- actions ----------------------------------------------------------------------

    async def act(self, game_id: str, body: object) -> Room:
        """Apply one action of docs/web.md to a game; :class:`ApiError` if refused."""
        key, version, kind, index = parse_action(body)
        room = await self.room(game_id)
        seat = room.seat_of_key(key)
        async with room.lock:
            if version > room.version:  # another server may have moved the game on
                await asyncio.to_thread(self._reread, room)
            await self._mend(room)
            if room.status == "adjourned":
                raise ApiError(409, "not_allowed", "the game is adjourned: resume it first")
            if room.status != "playing":
                raise ApiError(409, "game_over", "the game is over")
            # A change since that left the throw as it was (an offer to end the game, say)
            # does not make the action stale: it means the same now.
            kept = room.turn_version is not None and room.turn_version <= version < room.version
            if version != room.version and not kept:
                raise ApiError(
                    409, "stale", f"this action was made at version {version}; "
                    f"the game is at version {room.version}"
                )  # fmt: skip
            if seat != room.position.to_move:
                raise ApiError(409, "not_your_turn", f"it is not seat {seat}'s turn")
            if room.seats[seat].kind != HUMAN:  # computers have no key
                raise ApiError(409, "not_your_turn", "a computer plays this seat")

            def write(ch: Change) -> None:
                referee.apply_action(ch, self.rng, room, kind, index)

            try:
                await asyncio.to_thread(self.change, room, write)
            finally:
                self._after_change(room)
        return room

    async def hint(self, game_id: str, body: object) -> dict[str, Any]:
        """The best plays of the throw being played, for the person to move (docs/web.md).

        Only the seat to move may ask (its key), so that a hint is help for a
        player, never for an onlooker. The plays are written from the start of
        the throw, as :func:`pachisi.analysis.hints` ranks them.
        """
        if not isinstance(body, dict):
            raise ApiError(400, "bad_request", "a hint request is a JSON object")
        refuse_unknown(body, {"key"})
        room = await self.room(game_id)
        seat = room.seat_of_key(body.get("key"))
        async with room.lock:
            await self._mend(room)
            if room.status != "playing":
                raise ApiError(409, "game_over", "the game is over")
            if seat != room.position.to_move or room.turn is None:
                raise ApiError(409, "not_your_turn", f"it is not seat {seat}'s turn")
            position, throw, version = room.position, room.turn.throw, room.version
        if position.setup.ruleset in ONE_DIE_RULESETS and not _has_network(position.setup):
            # Ludo, MADN without a network: the plays are rolled out in a worker by
            # Insight.hint (pachisi.web.insight.one_die_hints); here only the plays.
            return {
                "version": version,
                "throw": list(throw),
                "unit": UNIT,
                "note": UNIT_NOTE,
                "method": HINT_ROLLOUTS,
                "how": {"method": "rollout"},
                "plays": [
                    {"play": p.notation, "chance": None, "exact": False}
                    for p in legal_plays(position, throw)
                ],
            }
        # Positions are immutable: the look-ahead runs outside the lock.
        best = (await asyncio.to_thread(hints, position, throw))[:HINTS]
        how = dict(best[0].how or {}) if best else {}
        return {
            "version": version,
            "throw": list(throw),
            "unit": UNIT,
            "note": UNIT_NOTE,
            "method": HINT_METHOD if how.get("method") == "network" else HINT_NO_NETWORK,
            "how": how,
            "plays": [{"play": h.notation, "chance": h.chance, "exact": h.exact} for h in best],
        }

    # -- after every change -----------------------------------------------------------------

    def _after_change(self, room: Room) -> None:
        self._publish(room)
        if (
            room.status == "playing"
            and room.turn is not None
            and room.seats[room.position.to_move].kind != HUMAN
            and (room.bot_task is None or room.bot_task.done())
        ):
            room.bot_task = task = self._spawn(self._computer_turns(room))
            task.add_done_callback(lambda _task: self._after_computers(room))

    def _after_computers(self, room: Room) -> None:
        """A game's computer task has ended: if the game is over, let go of the finished
        games beyond ``max_finished`` now. The trim at the game's end skips the games whose
        computer task is still at work (writing, releasing the game's lease), so games that
        end together would otherwise stay in memory until some later game ended."""
        if room.status == "finished":
            self._trim_finished(room)

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _publish(self, room: Room) -> None:
        if room.status == "finished":
            self._trim_finished(room)
        if not room.watchers:
            return
        text = '{"type":"state","state":' + room.state_text() + "}"
        for w in list(room.watchers):
            if w.closed:
                room.watchers.discard(w)
            else:
                w.offer_state(text)

    # -- computer seats ---------------------------------------------------------------

    async def _computer_turns(self, room: Room) -> None:
        """Computer seats play until a person is to move or the game ends.

        Nothing stops this loop but the end of the computers' turns: a failed
        choice or a failed write is shown in the state's ``notice`` and tried
        again after a pause (:data:`RETRY_DELAYS`); a level whose choice fails
        :data:`HAND_OVER_AFTER` times in a row is replaced by a simpler one
        (:data:`pachisi.web.computers.SIMPLER`).
        """
        try:
            await self._computer_loop(room)
        finally:
            if not asyncio.current_task().cancelling():  # type: ignore[union-attr]
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self.store.release, room.id, self.runner)

    async def _computer_loop(self, room: Room) -> None:
        failures = 0  # in a row, of any kind
        choice_failures = 0  # in a row, of the computer's choice
        while True:
            try:
                async with room.lock:
                    await self._mend(room)
                    if room.status != "playing" or room.turn is None:
                        self._stop_waiting(room)
                        return
                    seat = room.position.to_move
                    kind = room.seats[seat].kind
                    if kind == HUMAN:
                        self._stop_waiting(room)
                        return
                    version, position, throw = room.version, room.position, room.turn.throw
                    seed = self.rng.randrange(2**32)
                # One server plays a game's computers: the one holding its lease.
                held = await asyncio.to_thread(self._claim, room.id)
                if held is not True:
                    async with room.lock:  # the players are told why nothing moves, or no more
                        if held and (room.notice is None or room.notice_retrying):
                            room.notice, room.notice_retrying = held, True
                            room.snapshot()
                            self._publish(room)
                        elif held is None:  # the other server is at work
                            self._stop_waiting(room)
                    await asyncio.sleep(min(5.0, self.lease / 3))
                    continue
                try:
                    notation = await self.computers.choose(kind, seed, position, throw)
                except Exception as exc:
                    choice_failures += 1
                    if choice_failures >= HAND_OVER_AFTER and kind in SIMPLER:
                        await self._hand_over(room, seat, kind, exc)
                        choice_failures = 0
                        continue
                    raise
                choice_failures = 0
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                async with room.lock:
                    await self._mend(room)
                    if room.version != version:  # another server played it meanwhile
                        continue
                    play = parse_play(position, throw, notation)

                    def write(ch: Change, play: Play = play) -> None:
                        referee.computer_play(ch, self.rng, room, play)
                        if room.notice_retrying:
                            room.notice, room.notice_retrying = None, False

                    await asyncio.to_thread(self.change, room, write)
                failures = 0
                self._publish(room)
                if room.status != "playing":
                    return
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                delay = self.retry_delays[min(failures, len(self.retry_delays) - 1)]
                failures += 1
                log.warning(
                    "computer seat of game %s failed (%s); trying again in %s s",
                    room.id, _one_line(exc), delay,
                )  # fmt: skip
                if not room.broken:
                    room.notice = (
                        f"the computer could not play ({_one_line(exc)}); "
                        f"trying again in {delay:g} s"
                    )
                    room.notice_retrying = True
                    room.snapshot()
                    self._publish(room)
                await asyncio.sleep(delay)

    def _stop_waiting(self, room: Room) -> None:
        """Take back the notice of a wait for another server's lease (room locked)."""
        if room.notice is not None and room.notice.startswith(WAITING):
            room.notice, room.notice_retrying = None, False
            room.snapshot()
            self._publish(room)

    def _claim(self, game_id: str) -> bool | str | None:
        """Take the lease on a game's computer seats (worker thread): ``True`` if held.

        A lease held by a process of this machine that has ended (killed, say)
        is taken at once. Otherwise, while another server holds it and the game
        has not moved for :data:`WAIT_NOTICE_AFTER` seconds, the notice to show
        the players (else ``None``).
        """
        if self.store.claim(game_id, self.runner, self.lease):
            return True
        holder, until, updated = self.store.lease_of(game_id)
        if holder is not None and runner_is_dead(holder):
            log.warning("game %s: taking over the lease of %s, which has ended", game_id, holder)
            if self.store.claim(game_id, self.runner, self.lease, dead=[holder]):
                return True
        now = datetime.now(UTC)
        if until is None or updated is None or (now - updated).total_seconds() < WAIT_NOTICE_AFTER:
            return None
        left = max(1, math.ceil((until - now).total_seconds()))
        return (
            f"{WAITING}, which holds this game for {left} s more; they play as soon as it lets go"
        )

    async def _hand_over(self, room: Room, seat: int, kind: str, exc: Exception) -> None:
        """Give a computer seat whose level keeps failing to a simpler level (stored)."""
        simpler = SIMPLER[kind]
        async with room.lock:
            await self._mend(room)

            def write(ch: Change) -> None:
                room.seats[seat].kind = simpler
                ch.set_seats([s.to_store() for s in room.seats])
                room.notice = (
                    f"the {kind} computer of seat {seat} failed ({_one_line(exc)}); "
                    f"a {simpler} computer plays for it now"
                )
                room.notice_retrying = False

            await asyncio.to_thread(self.change, room, write)
        log.warning("game %s: seat %s handed from %s to %s", room.id, seat, kind, simpler)
        self._publish(room)

    # -- watchers --------------------------------------------------------------------------

    async def watch(self, room: Room, watcher: Watcher) -> None:
        """Add a watcher; it gets the current state at once."""
        room.watchers.add(watcher)
        watcher.offer_state('{"type":"state","state":' + room.state_text() + "}")

    def unwatch(self, room: Room, watcher: Watcher) -> None:
        """Remove a watcher (its seats lose a connection; see :meth:`hello`)."""
        watcher.close()
        room.watchers.discard(watcher)
        now = self.clock()
        for seat in watcher.seats:
            left = room.conns.get(seat, 0) - 1
            if left > 0:
                room.conns[seat] = left
            else:
                room.conns.pop(seat, None)
                room.gone[seat] = now
        watcher.seats = set()

    # -- the social rules (pachisi.web.social) ----------------------------------------------

    async def seat_action(self, game_id: str, body: object) -> Room:
        """A seat's social action (``POST .../seat``, docs/web.md); :class:`ApiError` if refused."""
        if not isinstance(body, dict):
            raise ApiError(400, "bad_request", "a seat action is a JSON object")
        refuse_unknown(body, {"key", "type", "seat"})
        kind = body.get("type")
        if kind not in SEAT_ACTIONS:
            raise ApiError(400, "bad_request", f"'type' is one of {', '.join(SEAT_ACTIONS)}")
        target = body.get("seat")
        if kind in TARGETED and (not isinstance(target, int) or isinstance(target, bool)):
            raise ApiError(400, "bad_request", f"'{kind}' needs 'seat', the seat that left")
        if kind not in TARGETED and target is not None:
            raise ApiError(400, "bad_request", f"'{kind}' takes no 'seat'")
        room = await self.room(game_id)
        seat = room.seat_of_key(body.get("key"))
        async with room.lock:
            await self._mend(room)

            def write(ch: Change) -> None:
                referee.seat_action(ch, room, seat, str(kind), target)

            try:
                await asyncio.to_thread(self.change, room, write)
            finally:
                self._after_change(room)
        return room

    async def hello(self, room: Room, watcher: Watcher, keys: object) -> list[int]:
        """A connection says which seats it plays (their keys): they are present.

        A seat counts as away once its last such connection has been closed
        for ``away_after`` seconds; a connection saying hello brings it back,
        and a game adjourned for that seat resumes. Answers the seats.
        """
        if not isinstance(keys, list) or len(keys) > 8:
            raise ApiError(400, "bad_request", "'keys' lists the keys of the seats played here")
        seats = {room.seat_of_key(key) for key in keys}
        new = seats - watcher.seats
        watcher.seats |= new
        for seat in new:
            room.conns[seat] = room.conns.get(seat, 0) + 1
            room.gone.pop(seat, None)
        back = new & (room.away | room.claimable)
        if back:
            room.away -= back
            room.claimable -= back
            await self._touch(room)
        adjourned = room.social.adjourned
        if room.status == "adjourned" and adjourned and adjourned.get("seat") in new:
            async with room.lock:
                if room.status == "adjourned":

                    def write(ch: Change) -> None:
                        referee.seat_action(ch, room, adjourned["seat"], "resume")

                    try:
                        await asyncio.to_thread(self.change, room, write)
                    finally:
                        self._after_change(room)
        return sorted(seats)

    async def _touch(self, room: Room) -> None:
        """Show a change that is not stored (presence): a new ``rev`` of the same version.

        Made holding the room's lock, so that the state is never made from a
        game half-way through a change.
        """
        async with room.lock:
            room.rev = max(room.rev + 1, int(self.clock() * 1000))
            room.snapshot()
        self._publish(room)

    def _arm_clock(self, room: Room) -> None:
        """Start the turn timer of a person's throw once (a new throw gets a full turn).

        Called by whoever changed the room, before it makes the state
        (:meth:`Room.snapshot`), so that no state shows a turn without its timer.
        """
        clock = room.social.clock
        if (
            clock is None
            or room.status != "playing"
            or room.turn is None
            or room.seats[room.position.to_move].kind != HUMAN
        ):
            room.deadline = room.deadline_throw = None
            return
        throw = len(room.game.history)
        if room.deadline_throw != throw:
            room.deadline_throw = throw
            room.deadline = self.clock() + clock.seconds

    async def _clock_loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.check_clocks()
            except Exception as exc:
                log.warning("checking the turn timers failed: %s", _one_line(exc))

    def _due(self, room: Room, now: float) -> tuple[int, str] | None:
        """The seat whose turn has run out and why (``time`` or ``away``), or ``None``."""
        clock = room.social.clock
        if clock is None or room.status != "playing" or room.turn is None:
            return None
        seat = room.position.to_move
        if room.seats[seat].kind != HUMAN:
            return None
        if seat in room.away and now - room.gone.get(seat, now) >= clock.seconds:
            return seat, "away"
        if room.deadline is not None and now >= room.deadline:
            return seat, "time"
        return None

    async def check_clocks(self) -> None:
        """Mark seats away, and apply the creator's policy to turns that ran out (every tick)."""
        now = self.clock()
        for room in list(self.rooms.values()):
            human = [s.kind == HUMAN for s in room.seats]
            gone = {seat: now - since for seat, since in room.gone.items() if human[seat]}
            away = {seat for seat, t in gone.items() if t >= self.away_after} - room.away
            left = {seat for seat, t in gone.items() if t >= self.claim_after} - room.claimable
            if room.status != "playing":
                left = set()
            if away or left:
                room.away |= away
                room.claimable |= left
                await self._touch(room)
            if self._due(room, now) is None:
                continue
            async with room.lock:
                due = self._due(room, self.clock())
                if due is None:
                    continue
                seat, why = due
                log.info("game %s: the turn of seat %s ran out (%s)", room.id, seat, why)

                def write(ch: Change, room: Room = room, seat: int = seat, why: str = why) -> None:
                    referee.time_out(ch, room, seat, why)

                try:
                    await asyncio.to_thread(self.change, room, write)
                except Exception as exc:
                    log.warning("game %s: a timeout could not be stored: %s", room.id, exc)
                    continue
                finally:
                    self._after_change(room)

    # -- listing ----------------------------------------------------------------------------

    async def recent(
        self, limit: int = 30, *, owner: str | None = None, ids: list[str] | None = None
    ) -> list[dict[str, Any]]:
        """Recently changed games a browser may see listed (no secrets).

        Public games, those created by the browser whose token hashes to
        ``owner`` and those of ``ids`` (whose links it holds); ``away`` lists
        the seats shown as away now, ``to_move`` the seat to throw.
        """
        rows = await asyncio.to_thread(
            self.store.recent, limit, owner=owner, ids=ids, everyone=False
        )
        out = []
        for r in rows:
            start = r.start
            room = self.rooms.get(r.id)
            out.append(
                {
                    "id": r.id,
                    "ruleset": r.ruleset,
                    "seats": [
                        {"colours": p["colours"], "kind": s["kind"], "name": clean_text(s["name"])}
                        for p, s in zip(start["players"], r.seats, strict=True)
                    ],
                    "status": r.status,
                    "result": r.result,
                    "updated": _iso(r.updated_at),
                    "public": r.public,
                    "mine": owner is not None and r.owner == owner,
                    "away": sorted(room.away) if room is not None else [],
                    "to_move": (
                        room.position.to_move
                        if room is not None and room.status != "finished"
                        else None
                    ),
                }
            )
        return out

    async def replay(self, game_id: str) -> dict[str, Any]:
        """Every position of a game with the moves between them (``GET .../replay``)."""
        room = await self.room(game_id)
        async with room.lock:
            history = list(room.game.history)
            final = room.game.position
            start = room.game.start
            end = room.social.end
        positions = [p.before for p in history] + [final]
        return {
            "id": room.id,
            "ruleset": start.ruleset,
            "seats": [seat_dict(room, s) for s in room.seats],
            "status": room.status,
            "result": room.result,
            # An early end (resigned, left, agreed) has its places from the social code.
            "places_facts": end_facts(end) if end is not None else places_facts(final),
            "moves": moves_list(history),
            "positions": [
                {"position": p.to_dict(), "pawns": pawns_list(p, p.pawns)} for p in positions
            ],
            "board": geometry_of(start.setup),
        }


def _has_network(setup: Setup) -> bool:
    """Whether a network fitted to ``setup`` judges its hints (:func:`evaluator_for`)."""
    return evaluator_for(setup, HINT_PLY)[0] is not None


def runner_is_dead(runner: str) -> bool:
    """Whether a lease holder (``HOST:PID:TOKEN``) is a process of this machine that has ended.

    Only this machine's processes can be known dead; a process id taken again
    by another program counts as alive (the lease then simply runs out).
    """
    host, _, rest = runner.partition(":")
    pid, _, _ = rest.partition(":")
    if host != socket.gethostname()[:40] or not pid.isdecimal() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # another user's process: alive
        return False
    return False


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else ""


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."
