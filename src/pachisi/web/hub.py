"""The hub: every game a server holds, and the way requests reach them.

The flow of one game (a :class:`pachisi.web.rooms.Room`):

1. A turn begins: the server throws the dice (``random.SystemRandom``), the
   throw is **stored**, and only then does the state change (and go out to
   the watchers). A throw that cannot move anything is passed at once: it is
   stored with the play ``-``.
2. A human seat makes steps one at a time (:class:`pachisi.moves.Turn`), may
   undo them, and commits once the throw is fully used. Each step is stored
   before it is acknowledged.
3. A computer seat chooses a whole play (in a worker thread, so the server
   stays responsive), waits ``bot_delay`` seconds so people can see the dice,
   and commits.

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
import logging
import random
from typing import Any

from ..analysis.hint import hints
from ..bots import Player, make_player
from ..game import Game, first_player
from ..moves import Play, Turn
from ..position import Position
from ..rules import Setup
from . import referee
from .requests import HUMAN, ApiError, parse_action, parse_spec, refuse_unknown
from .rooms import Room, Seat, Watcher, new_game_id, new_key
from .store import GameRow, Store
from .views import geometry, moves_list, pawns_list, seat_dict

__all__ = ["HINTS", "HINT_METHOD", "Hub"]

log = logging.getLogger("pachisi.web")

#: Plays a hint names, best first.
HINTS = 3
#: How a hint's chances are obtained (shown with them).
HINT_METHOD = (
    "one throw ahead, as the expectimax player looks: every next throw with its "
    "probability, answered greedily, scored by the logistic of the evaluation (an estimate)"
)


class Hub:
    """All rooms of one server, over one :class:`Store`.

    ``bot_delay`` is the pause before a computer's play is made (so people
    see the dice); ``rng`` throws the dice (``SystemRandom`` unless a test
    gives a seeded one); at most about ``max_rooms`` games are kept in memory
    (idle ones are loaded again from the store when needed).
    """

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.8,
        rng: random.Random | None = None,
        send_timeout: float = 10.0,
        max_rooms: int = 2000,
    ) -> None:
        self.store = store
        self.max_rooms = max_rooms
        self.bot_delay = bot_delay
        self.rng = rng if rng is not None else random.SystemRandom()
        self.send_timeout = send_timeout
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def close(self) -> None:
        """Stop computer seats and watchers (the store keeps everything)."""
        for room in self.rooms.values():
            if room.bot_task is not None:
                room.bot_task.cancel()
            for w in room.watchers:
                w.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    # -- creating -------------------------------------------------------------------

    async def create(self, spec: object) -> tuple[Room, list[dict[str, Any]]]:
        """A new game from a request body (docs/web.md ``POST /api/games``).

        Returns the room and the keys of its human seats (shown only now).
        """
        setup, kinds, names, start = parse_spec(spec)
        seats: list[Seat] = []
        keys: list[dict[str, Any]] = []
        for i, kind in enumerate(kinds):
            key_hash = None
            if kind == HUMAN:
                key, key_hash = new_key(i)
                keys.append({"seat": i, "key": key})
            seats.append(Seat(i, kind, names[i], key_hash))
        room = await self._new_room(setup, seats, start=start)
        return room, keys

    async def rematch(self, game_id: str, body: object) -> Room:
        """The rematch of a finished game: same set-up, seats and keys (made once)."""
        room = await self.room(game_id)
        key = body.get("key") if isinstance(body, dict) else None
        room.seat_of_key(key)
        async with room.lock:
            if room.status != "finished":
                raise ApiError(409, "not_finished", "a rematch is made once the game is over")
            if room.rematch is not None:
                return await self.room(room.rematch)
            seats = [Seat(s.index, s.kind, s.name, s.key_hash) for s in room.seats]
            new = await self._new_room(room.game.start.setup, seats, rematch_of=room.id)
            await asyncio.to_thread(self.store.set_rematch, room.id, new.id, room.version + 1)
            room.rematch = new.id
            room.version += 1
            room.snapshot()
            self._publish(room)
        return new

    async def _new_room(
        self,
        setup: Setup,
        seats: list[Seat],
        rematch_of: str | None = None,
        start: Position | None = None,
    ) -> Room:
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
        )
        await asyncio.to_thread(self.store.create, row)
        room = Room(
            id=row.id,
            game=Game(start),
            seats=seats,
            first=first_info,
            version=0,
            status="playing",
            result=None,
            rematch_of=rematch_of,
            created=_iso(row.created_at),
        )
        self._setup_bots(room)
        self._keep(room)
        async with room.lock:
            await asyncio.to_thread(self._begin_turn_and_snapshot, room)
        self._after_change(room)
        return room

    def _begin_turn_and_snapshot(self, room: Room) -> None:
        try:
            referee.begin_turn(self.store, self.rng, room)
        finally:
            room.snapshot()

    def _keep(self, room: Room) -> None:
        """Hold a room in memory, letting go of idle ones beyond ``max_rooms``.

        A room let go is only a cache entry: the store has everything, and the
        game is loaded again when it is next asked for. Rooms with watchers,
        a computer at work or an action in progress are never let go.
        """
        self.rooms[room.id] = room
        if len(self.rooms) <= self.max_rooms:
            return
        for other in list(self.rooms.values()):
            if len(self.rooms) <= self.max_rooms // 2:
                break
            busy = other.bot_task is not None and not other.bot_task.done()
            if other is not room and not other.watchers and not other.lock.locked() and not busy:
                del self.rooms[other.id]

    def _setup_bots(self, room: Room) -> None:
        for seat in room.seats:
            if seat.kind != HUMAN:
                room.bots[seat.index] = make_player(seat.kind, seed=self.rng.randrange(2**32))

    # -- loading ---------------------------------------------------------------------

    async def room(self, game_id: str) -> Room:
        """The room of a game, loaded from the store if needed; ``not_found`` otherwise."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 32:
            raise ApiError(404, "not_found", "no such game")
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            room = self.rooms.get(game_id)
            if room is None:
                room = await asyncio.to_thread(self._load, game_id)
                self._keep(room)
                self._after_change(room)
        return room

    def _load(self, game_id: str) -> Room:
        found = self.store.load(game_id)
        if found is None:
            raise ApiError(404, "not_found", "no such game")
        row, throws = found
        start = Position.from_dict(row.start)
        game = Game(start)
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
        )
        for t in throws:
            game.set_throw(t.dice)
            if t.play is not None:
                game.push(t.play)  # the notation, read back through the step generator
                continue
            # The open throw: replay its steps.
            room.turn = Turn(game.position, t.dice)
            for index in t.steps:
                room.turn.push(room.turn.legal_steps()[index])
            room.steps = list(t.steps)
        self._setup_bots(room)
        if room.turn is None and room.status == "playing" and not game.is_over:
            # Stopped between storing a play and the next throw: throw now.
            referee.begin_turn(self.store, self.rng, room)
        room.snapshot()
        return room

    # -- the referee ---------------------------------------------------------------------

    def _apply(self, room: Room, seat: int, kind: str, index: int | None) -> None:
        """One human action, checked and stored (worker thread, room locked)."""
        version = room.version
        try:
            referee.apply_action(self.store, self.rng, room, kind, index)
        finally:
            if room.version != version:
                room.snapshot()

    async def act(self, game_id: str, body: object) -> Room:
        """Apply one action of docs/web.md to a game; :class:`ApiError` if refused."""
        key, version, kind, index = parse_action(body)
        room = await self.room(game_id)
        seat = room.seat_of_key(key)
        async with room.lock:
            if room.status != "playing":
                raise ApiError(409, "game_over", "the game is over")
            if version != room.version:
                raise ApiError(
                    409, "stale", f"this action was made at version {version}; "
                    f"the game is at version {room.version}"
                )  # fmt: skip
            if seat != room.position.to_move:
                raise ApiError(409, "not_your_turn", f"it is not seat {seat}'s turn")
            if room.seats[seat].kind != HUMAN:  # pragma: no cover - computers have no key
                raise ApiError(409, "not_your_turn", "a computer plays this seat")
            await asyncio.to_thread(self._apply, room, seat, kind, index)
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
            if room.status != "playing":
                raise ApiError(409, "game_over", "the game is over")
            if seat != room.position.to_move or room.turn is None:
                raise ApiError(409, "not_your_turn", f"it is not seat {seat}'s turn")
            position, throw, version = room.position, room.turn.throw, room.version
        # Positions are immutable: the look-ahead runs outside the lock.
        best = (await asyncio.to_thread(hints, position, throw))[:HINTS]
        return {
            "version": version,
            "throw": list(throw),
            "method": HINT_METHOD,
            "plays": [{"play": h.notation, "chance": h.chance} for h in best],
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
            room.bot_task = self._spawn(self._bot_turns(room))

    def _spawn(self, coro: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _publish(self, room: Room) -> None:
        if not room.watchers:
            return
        text = '{"type":"state","state":' + room.state_text() + "}"
        for w in list(room.watchers):
            if w.closed:
                room.watchers.discard(w)
            else:
                w.offer_state(text)

    async def _bot_turns(self, room: Room) -> None:
        """Computer seats play until a person is to move or the game ends."""
        try:
            while True:
                async with room.lock:
                    turn = room.turn
                    if room.status != "playing" or turn is None:
                        return
                    seat = room.position.to_move
                    bot = room.bots.get(seat)
                    if bot is None:
                        return
                    version = room.version
                    play = await asyncio.to_thread(self._bot_choice, room, bot)
                if self.bot_delay > 0:
                    await asyncio.sleep(self.bot_delay)
                async with room.lock:
                    if room.version != version:  # pragma: no cover - nothing else moves it
                        continue
                    await asyncio.to_thread(self._bot_commit, room, play)
                self._publish(room)
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - logged, the game stays as stored
            log.exception("computer seat of game %s failed", room.id)

    def _bot_choice(self, room: Room, bot: Player) -> Play:
        plays = room.game.legal_plays()
        if len(plays) == 1:
            return plays[0]
        return bot.choose(room.position, room.game.throw or (0, 0), plays)

    def _bot_commit(self, room: Room, play: Play) -> None:
        try:
            passed = not play.actions
            referee.commit(self.store, room, play)
            if passed and referee.dead_end(room.game.position):
                referee.stop_dead_end(self.store, room)
                return
            referee.begin_turn(self.store, self.rng, room)
        finally:
            room.snapshot()

    # -- watchers --------------------------------------------------------------------------

    async def watch(self, room: Room, watcher: Watcher) -> None:
        """Add a watcher; it gets the current state at once."""
        room.watchers.add(watcher)
        watcher.offer_state('{"type":"state","state":' + room.state_text() + "}")

    def unwatch(self, room: Room, watcher: Watcher) -> None:
        """Remove a watcher."""
        watcher.close()
        room.watchers.discard(watcher)

    # -- listing ----------------------------------------------------------------------------

    async def recent(self, limit: int = 30) -> list[dict[str, Any]]:
        """Recently changed games (no secrets)."""
        rows = await asyncio.to_thread(self.store.recent, limit)
        out = []
        for r in rows:
            start = r.start
            out.append(
                {
                    "id": r.id,
                    "ruleset": r.ruleset,
                    "seats": [
                        {"colours": p["colours"], "kind": s["kind"], "name": s["name"]}
                        for p, s in zip(start["players"], r.seats, strict=True)
                    ],
                    "status": r.status,
                    "result": r.result,
                    "updated": _iso(r.updated_at),
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
        positions = [p.before for p in history] + [final]
        return {
            "id": room.id,
            "ruleset": start.ruleset,
            "seats": [seat_dict(room, s) for s in room.seats],
            "status": room.status,
            "result": room.result,
            "moves": moves_list(history),
            "positions": [
                {"position": p.to_dict(), "pawns": pawns_list(p, p.pawns)} for p in positions
            ],
            "board": geometry(start.ruleset),
        }


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else ""
