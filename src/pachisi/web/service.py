"""The games a server holds: rooms, the referee's rules, computer seats, watchers.

Everything that decides anything happens here, against the rules engine; the
HTTP and WebSocket layer (:mod:`pachisi.web.app`) only parses requests and
passes them on. The flow of one game (a :class:`Room`):

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
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import random
import secrets
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..analysis.hint import hints
from ..board import (
    N_RING,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
    private_square,
    square_cell,
)
from ..bots import PLAYERS, Player, make_player
from ..dice import dice_for
from ..errors import PachisiError
from ..game import Game, Ply, first_player
from ..moves import OPTION, PENALTY, Action, Play, Turn, legal_plays
from ..position import Position
from ..record import Record
from ..rules import RULESET_TITLES, RULESETS, SWITCHES, Setup
from .store import GameRow, Store, ThrowRow

__all__ = [
    "COMPUTER_LEVELS",
    "HUMAN",
    "MAX_POSITION_TEXT",
    "ApiError",
    "Hub",
    "Room",
    "Watcher",
    "board_geometry",
    "moves_list",
    "parse_position",
    "pawns_list",
    "position_info",
    "rulesets_info",
]

log = logging.getLogger("pachisi.web")

#: The seat kind of a person.
HUMAN = "human"
#: Plays a hint names, best first.
HINTS = 3
#: How a hint's chances are obtained (shown with them).
HINT_METHOD = (
    "one throw ahead, as the expectimax player looks: every next throw with its "
    "probability, answered greedily, scored by the logistic of the evaluation (an estimate)"
)

#: Computer levels offered by the server, weakest first (keys of ``bots.PLAYERS``).
COMPUTER_LEVELS: tuple[str, ...] = ("random", "greedy", "expectimax", "search")

#: The longest position text read, in characters (a position is a few hundred).
MAX_POSITION_TEXT = 20_000

T = TypeVar("T")


class ApiError(Exception):
    """A refused request: HTTP ``status``, a stable ``code`` and a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """The error body of docs/web.md."""
        return {"ok": False, "error": {"code": self.code, "message": self.message}}


# ---------------------------------------------------------------------------
# Static descriptions


def board_geometry(ruleset: str) -> dict[str, Any]:
    """The board of RULES.md §2 as cells of a 19 x 19 grid (docs/web.md ``board``)."""
    pagade = ruleset == "pagade"
    squares: list[dict[str, Any]] = []
    for s in range(N_RING):
        x, y = square_cell(s)
        squares.append(
            {
                "id": s,
                "x": x,
                "y": y,
                "kind": "ring",
                "safe": (not pagade) and s in SAFETY_SQUARES,
                "castle": pagade and s in X_SQUARES,
                "arm": s // 17,
            }
        )
    for arm in range(4):
        for row in range(1, 8):
            s = private_square(arm, row)
            x, y = square_cell(s)
            squares.append(
                {"id": s, "x": x, "y": y, "kind": "private", "safe": False, "castle": False,
                 "arm": arm}
            )  # fmt: skip
    setup = Setup.create(ruleset)
    return {
        "squares": squares,
        "colours": list(setup.colour_names),
        "home": setup.home,
        "centre": [0, 0],
    }


def rulesets_info() -> dict[str, Any]:
    """What the lobby needs to offer every set-up (``GET /api/rulesets``)."""
    out: dict[str, Any] = {}
    for ruleset in RULESETS:
        switches = []
        for sw in SWITCHES.values():
            if ruleset not in sw.defaults:
                continue
            kind = sw.kind if isinstance(sw.kind, str) else "choice"
            switches.append(
                {
                    "name": sw.name,
                    "kind": kind,
                    "choices": list(sw.kind) if kind == "choice" else None,
                    "default": sw.defaults[ruleset],
                    "doc": sw.doc,
                }
            )
        setup = Setup.create(ruleset)
        out[ruleset] = {
            "name": RULESET_TITLES[ruleset],
            "players": {"pagade": [4, 2], "eight-man": [2]}.get(ruleset, [4, 3, 2]),
            "teams": ruleset in ("pagade", "parcheesi"),
            "majors": ruleset == "eight-man",
            "colours": list(setup.colour_names),
            "switches": switches,
        }
    return {"rulesets": out, "levels": [HUMAN, *COMPUTER_LEVELS]}


def _seat_setup(setup: Setup, index: int) -> dict[str, Any]:
    """The colours, team and major colour of player ``index`` (docs/web.md ``seats``)."""
    names = setup.colour_names
    team = None
    if setup.teams is not None:
        team = next(t for t, members in enumerate(setup.teams) if index in members)
    major = None
    if setup.majors is not None and setup.majors[index] is not None:
        major = names[setup.majors[index]]  # type: ignore[index]
    return {
        "index": index,
        "colours": [names[c] for c in setup.players[index]],
        "team": team,
        "major": major,
    }


def position_info(body: object) -> dict[str, Any]:
    """What a position is, read from a request body (``POST /api/positions``).

    The body is ``{"position": ...}``, the position given as for ``POST
    /api/games`` (:func:`parse_position`). The answer describes it for the
    lobby: the FORMAT.md object, the one-line text, the ruleset, one entry per
    player, who is to move and whether the game is over. Nothing is created;
    a finished position is described (``over`` true), not refused.
    """
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", 'a position to read is given as {"position": ...}')
    _refuse_unknown(body, {"position"})
    if body.get("position") is None:
        raise ApiError(400, "bad_request", "'position' is missing: give the position to read")
    pos = parse_position(body["position"])
    setup = pos.setup
    over = pos.is_over
    seats = []
    for i in range(len(setup.players)):
        seat = _seat_setup(setup, i)
        seat["label"] = " + ".join(c.capitalize() for c in seat["colours"])
        seats.append(seat)
    return {
        "position": pos.to_dict(),
        "text": pos.to_text(),
        "ruleset": setup.ruleset,
        "ruleset_name": RULESET_TITLES[setup.ruleset],
        "options": dict(setup.explicit),
        "seats": seats,
        "to_move": None if over else pos.to_move,
        "over": over,
        "winner": list(pos.winner) if pos.winner is not None else None,
    }


# ---------------------------------------------------------------------------
# Keys


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_key(seat: int) -> tuple[str, str]:
    """A fresh key ``SEAT.SECRET`` and the hash that is stored."""
    secret = secrets.token_urlsafe(16)
    return f"{seat}.{secret}", _hash(secret)


def new_game_id() -> str:
    """An unguessable game id (16 URL-safe characters)."""
    return secrets.token_urlsafe(12)


# ---------------------------------------------------------------------------
# Watchers


class Watcher:
    """One listening connection: the latest state to send and replies waiting.

    :meth:`run` sends with ``send`` until the connection fails; only the
    newest state is kept, so a slow reader never makes the game wait.
    """

    def __init__(self, send: Callable[[str], Any], timeout: float = 10.0) -> None:
        self._send = send
        self._timeout = timeout
        self._latest: str | None = None
        self._outbox: deque[str] = deque(maxlen=64)
        self._wake = asyncio.Event()
        self.closed = False

    def offer_state(self, text: str) -> None:
        """Replace the state waiting to go out."""
        self._latest = text
        self._wake.set()

    def reply(self, text: str) -> None:
        """Queue a reply (answers go out before the next state)."""
        self._outbox.append(text)
        self._wake.set()

    async def run(self) -> None:
        """Send until the connection fails or is too slow (``timeout`` per message)."""
        try:
            while not self.closed:
                await self._wake.wait()
                self._wake.clear()
                while self._outbox:
                    await asyncio.wait_for(self._send(self._outbox.popleft()), self._timeout)
                if self._latest is not None:
                    text, self._latest = self._latest, None
                    await asyncio.wait_for(self._send(text), self._timeout)
        finally:
            self.closed = True

    def close(self) -> None:
        """Stop :meth:`run` after what it is sending now."""
        self.closed = True
        self._wake.set()


# ---------------------------------------------------------------------------
# Rooms


@dataclass
class Seat:
    """A player's chair: colours, a human or a computer level, a name, a key hash."""

    index: int
    kind: str
    name: str
    key_hash: str | None = None

    def to_store(self) -> dict[str, Any]:
        """The JSON kept in the ``seats`` column."""
        return {"kind": self.kind, "name": self.name, "key_hash": self.key_hash}


@dataclass
class Room:
    """One game in memory: the engine's :class:`Game`, the throw being played, watchers."""

    hub: Hub
    id: str
    game: Game
    seats: list[Seat]
    first: dict[str, Any]
    version: int
    status: str
    result: str | None
    rematch: str | None = None
    rematch_of: str | None = None
    created: str = ""
    turn: Turn | None = None
    steps: list[int] = field(default_factory=list)
    bots: dict[int, Player] = field(default_factory=dict)
    watchers: set[Watcher] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    _state: tuple[int, str] | None = None

    # -- reading ------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position before the current throw."""
        return self.game.position

    def state(self) -> dict[str, Any]:
        """The state of docs/web.md (the same for every viewer)."""
        state: dict[str, Any] = json.loads(self.state_text())
        return state

    def state_text(self) -> str:
        """The state as JSON text: the last :meth:`snapshot`, consistent as a whole."""
        snap = self._state
        if snap is None:
            snap = self.snapshot()
        return snap[1]

    def snapshot(self) -> tuple[int, str]:
        """Build the state of the current version and make it the one shown.

        Called by whoever changed the game (holding the room's lock), once
        the change is complete: readers on other threads only ever see a
        finished snapshot, never a game half-way through a change.
        """
        snap = (self.version, json.dumps(self._build_state(), separators=(",", ":")))
        self._state = snap
        return snap

    def _build_state(self) -> dict[str, Any]:
        pos = self.position
        setup = pos.setup
        names = setup.colour_names
        turn = self.turn
        pawns = turn.current_pawns if turn is not None else pos.pawns
        legal: list[dict[str, Any]] = []
        if turn is not None and not turn.is_complete:
            from ..terminal.board import step_description

            for i, act in enumerate(turn.legal_steps()):
                words = step_description(pos, pawns, act)
                if act.variant:  # looks like another step but moves another pawn
                    words += f" (another pawn of the same square, {act.variant + 1})"
                legal.append(_step_dict(pos, pawns, act, i, words))
        moves = moves_list(self.game.history)
        return {
            "id": self.id,
            "version": self.version,
            "status": self.status,
            "ruleset": setup.ruleset,
            "start": self.game.start.to_dict(),
            "seats": [self._seat_dict(s) for s in self.seats],
            "position": pos.to_dict(),
            "to_move": None if self.status == "finished" else pos.to_move,
            "throw": list(turn.throw) if turn is not None else None,
            "steps": [a.notation(names) for a in turn.steps] if turn is not None else [],
            "pending_bonuses": list(turn.pending_bonuses) if turn is not None else [],
            "pawns": pawns_list(pos, pawns),
            "legal": legal,
            "complete": bool(turn is not None and turn.is_complete),
            "moves": moves,
            "first": self.first,
            "result": self.result,
            "winner": list(pos.winner) if pos.winner is not None else None,
            "rematch": self.rematch,
            "board": self.hub.geometry(setup.ruleset),
        }

    def _seat_dict(self, seat: Seat) -> dict[str, Any]:
        info = _seat_setup(self.game.start.setup, seat.index)
        return {
            "index": seat.index,
            "colours": info["colours"],
            "kind": seat.kind,
            "name": seat.name,
            "team": info["team"],
            "major": info["major"],
        }

    def record(self) -> Record:
        """The game record so far (docs/records.md)."""
        rec = Record.from_game(self.game, names=[s.name for s in self.seats], dice="random")
        if self.created:
            rec.started = self.created
        rec.extra["Seats"] = ",".join(s.kind for s in self.seats)
        rec.extra["Server-Game"] = self.id
        return rec

    # -- checks -------------------------------------------------------------------

    def seat_of_key(self, key: object) -> int:
        """The seat a key belongs to; :class:`ApiError` ``forbidden`` otherwise."""
        if not isinstance(key, str) or not key:
            raise ApiError(403, "forbidden", "this action needs the key of a seat")
        head, _, secret = key.partition(".")
        if not head.isdecimal() or not secret or len(key) > 100:
            raise ApiError(403, "forbidden", "this key is not a seat's of this game")
        index = int(head)
        if not 0 <= index < len(self.seats):
            raise ApiError(403, "forbidden", "this key is not a seat's of this game")
        stored = self.seats[index].key_hash
        if stored is None or not hmac.compare_digest(stored, _hash(secret)):
            raise ApiError(403, "forbidden", "this key is not a seat's of this game")
        return index


def _who(pos: Position, seat: int) -> str:
    names = pos.setup.colour_names
    return "+".join(names[c].capitalize() for c in pos.setup.players[seat])


def moves_list(history: Sequence[Ply]) -> list[dict[str, Any]]:
    """Every completed throw, oldest first, as in the state's ``moves`` (docs/web.md)."""
    return [
        {
            "n": i,
            "seat": ply.before.to_move,
            "who": _who(ply.before, ply.before.to_move),
            "throw": list(ply.throw),
            "play": ply.notation,
        }
        for i, ply in enumerate(history, 1)
    ]


def _square(ruleset: str, colour: int, p: int) -> int | None:
    s = ROUTES[ruleset][colour][p]
    return None if s == OFF else s


def pawns_list(pos: Position, pawns: Sequence[Sequence[int]]) -> list[dict[str, Any]]:
    """Every pawn in play as ``{colour, p, square, where}`` (docs/web.md)."""
    setup = pos.setup
    names = setup.colour_names
    home = setup.home
    out: list[dict[str, Any]] = []
    for c in setup.colours_in_play:
        for p in pawns[c]:
            where = "out" if p == 0 else "home" if p == home else "track"
            out.append(
                {
                    "colour": names[c],
                    "p": p,
                    "square": _square(setup.ruleset, c, p),
                    "where": where,
                }
            )
    return out


def _step_dict(
    pos: Position, pawns: Sequence[Sequence[int]], act: Action, index: int, description: str
) -> dict[str, Any]:
    setup = pos.setup
    names = setup.colour_names
    if act.kind == OPTION:
        colour = None
        frm = to = from_sq = to_sq = None
    else:
        colour = names[act.colour]
        frm = act.frm
        to = 0 if act.kind == PENALTY else act.to
        from_sq = _square(setup.ruleset, act.colour, frm)
        to_sq = _square(setup.ruleset, act.colour, to)
    return {
        "index": index,
        "notation": act.notation(names),
        "kind": act.kind,
        "colour": colour,
        "from": frm,
        "to": to,
        "from_square": from_sq,
        "to_square": to_sq,
        "capture": act.capture,
        "option": act.option,
        "description": description,
    }


def _dead_end(pos: Position) -> bool:
    """No throw of any player still in the game can ever move a pawn (RULES.md is silent).

    Seen in Pagade only: every player still playing has no cut and every pawn
    jammed against square 8. Checked by passing once round the table with
    every distinct throw.
    """
    if pos.is_over:
        return False
    dice = dice_for(pos.ruleset)
    p = pos
    for _ in range(len(pos.setup.players)):
        passed: Position | None = None
        for throw, _ in dice.distinct():
            plays = legal_plays(p, throw)
            if any(pl.actions for pl in plays):
                return False
            passed = plays[0].position
        assert passed is not None
        p = passed
    return True


# ---------------------------------------------------------------------------
# The hub


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
        self._geometry: dict[str, dict[str, Any]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def geometry(self, ruleset: str) -> dict[str, Any]:
        """The board of a ruleset (computed once)."""
        if ruleset not in self._geometry:
            self._geometry[ruleset] = board_geometry(ruleset)
        return self._geometry[ruleset]

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
        setup, kinds, names, start = _parse_spec(spec)
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
            hub=self,
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
            self._begin_turn(room)
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
            hub=self,
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
            self._begin_turn(room)
        room.snapshot()
        return room

    # -- the referee ---------------------------------------------------------------------

    def _begin_turn(self, room: Room) -> None:
        """Throw for the player to move; pass throws that cannot be used (worker thread)."""
        game = room.game
        passes = 0
        while room.status == "playing":
            pos = game.position
            if pos.is_over:
                return
            throw = dice_for(pos.ruleset).roll(self.rng)
            n = len(game.history) + 1
            turn = Turn(pos, throw)
            self.store.add_throw(room.id, ThrowRow(n, pos.to_move, throw), room.version + 1)
            room.version += 1
            game.set_throw(throw)
            room.turn, room.steps = turn, []
            if not (turn.is_complete and not turn.steps):
                return
            if room.seats[pos.to_move].kind != HUMAN:
                return  # a computer passes the same way, after its pause
            # Nothing can move: the throw is shown in the move list and passes.
            self._commit(room, turn.play())
            passes += 1
            if passes >= len(pos.setup.players) and _dead_end(game.position):
                self._stop_dead_end(room)
                return

    def _commit(self, room: Room, play: Play) -> None:
        """Store the play of the open throw, then make it (worker thread)."""
        game = room.game
        n = len(game.history) + 1
        after = play.position
        status, result = "playing", None
        if after.is_over:
            status, result = "finished", Game(after).outcome()
        elif after.winner is not None:
            result = Game(after).outcome()
        self.store.finish_throw(
            room.id, n, list(room.steps), play.notation, room.version + 1,
            status=status, result=result,
        )  # fmt: skip
        room.version += 1
        game.push(play)
        room.turn, room.steps = None, []
        room.status, room.result = status, result

    def _stop_dead_end(self, room: Room) -> None:
        room.status = "finished"
        room.result = (
            "stopped: no throw of any player can move a pawn any more"
            " (a Pagade dead end that RULES.md does not settle)"
        )
        room.turn, room.steps = None, []
        # The last throw is already stored with its play; record the status.
        self.store.finish_status(room.id, room.version + 1, room.result)
        room.version += 1

    def _apply(self, room: Room, seat: int, kind: str, index: int | None) -> None:
        """One human action, checked and stored (worker thread, room locked)."""
        version = room.version
        try:
            self._apply_unsnapped(room, kind, index)
        finally:
            if room.version != version:
                room.snapshot()

    def _apply_unsnapped(self, room: Room, kind: str, index: int | None) -> None:
        turn = room.turn
        if turn is None:
            raise ApiError(409, "not_your_turn", "no throw is waiting to be played")
        if kind == "step":
            legal = turn.legal_steps()
            if index is None or not 0 <= index < len(legal):
                raise ApiError(422, "illegal", f"there is no step {index} ({len(legal)} legal)")
            turn.push(legal[index])
            try:
                self.store.set_steps(room.id, len(room.game.history) + 1,
                                     [*room.steps, index], room.version + 1)  # fmt: skip
            except Exception:
                turn.pop()
                raise
            room.steps.append(index)
            room.version += 1
        elif kind == "undo":
            if not turn.steps:
                raise ApiError(422, "illegal", "no step of this throw to undo")
            action = turn.pop()
            try:
                self.store.set_steps(room.id, len(room.game.history) + 1, room.steps[:-1],
                                     room.version + 1)  # fmt: skip
            except Exception:
                turn.push(action)
                raise
            room.steps.pop()
            room.version += 1
        elif kind == "commit":
            if not turn.is_complete:
                raise ApiError(422, "illegal", "the throw is not fully played yet")
            self._commit(room, turn.play())
            self._begin_turn(room)
        else:  # pragma: no cover - parse_action checked it
            raise ApiError(400, "bad_request", f"unknown action {kind!r}")

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
        _refuse_unknown(body, {"key"})
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
            self._commit(room, play)
            if passed and _dead_end(room.game.position):
                self._stop_dead_end(room)
                return
            self._begin_turn(room)
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
            "seats": [room._seat_dict(s) for s in room.seats],
            "status": room.status,
            "result": room.result,
            "moves": moves_list(history),
            "positions": [
                {"position": p.to_dict(), "pawns": pawns_list(p, p.pawns)} for p in positions
            ],
            "board": self.geometry(start.ruleset),
        }


def _iso(value: Any) -> str:
    return value.isoformat(timespec="seconds") if value is not None else ""


# ---------------------------------------------------------------------------
# Parsing requests


def _refuse_unknown(body: dict[str, Any], known: set[str]) -> None:
    """``bad_request`` naming the fields of ``body`` that are not ``known``."""
    unknown = set(body) - known
    if unknown:
        raise ApiError(400, "bad_request", f"unknown field(s): {', '.join(sorted(unknown))}")


def parse_action(body: object) -> tuple[object, int, str, int | None]:
    """``(key, version, type, index)`` of an action body; ``bad_request`` if malformed."""
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "an action is a JSON object")
    kind = body.get("type")
    if kind not in ("step", "undo", "commit"):
        raise ApiError(400, "bad_request", "'type' must be 'step', 'undo' or 'commit'")
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ApiError(400, "bad_request", "'version' must be the integer version of the state")
    index = body.get("index")
    if kind == "step":
        if not isinstance(index, int) or isinstance(index, bool):
            raise ApiError(400, "bad_request", "a step needs 'index', an integer")
    else:
        index = None
    _refuse_unknown(body, {"key", "version", "type", "index"})
    return body.get("key"), version, kind, index


def parse_position(value: object) -> Position:
    """The position of a request: a FORMAT.md object, or a string.

    A string is FORMAT.md JSON text when its first non-blank character is
    ``{``, and the one-line text form of :meth:`Position.to_text` otherwise;
    surrounding whitespace is ignored. ``bad_request`` if it cannot be read,
    with the reason (:class:`pachisi.errors.PositionError`'s message) after
    ``position: ``. Finished positions are read; callers decide about them.
    """
    if isinstance(value, dict):
        try:
            return Position.from_dict(value)
        except PachisiError as exc:
            raise ApiError(400, "bad_request", f"position: {exc}") from None
    if not isinstance(value, str):
        kinds = "a FORMAT.md object, its JSON text or the one-line text form"
        raise ApiError(400, "bad_request", f"position: must be {kinds}")
    if len(value) > MAX_POSITION_TEXT:
        too_long = f"position: the text is longer than {MAX_POSITION_TEXT} characters"
        raise ApiError(400, "bad_request", too_long)
    text = value.strip()
    if not text:
        empty = "position: the text is empty; give the one-line text form or FORMAT.md JSON"
        raise ApiError(400, "bad_request", empty)
    try:
        if text.startswith("{"):
            return Position.from_json(text)
        return Position.from_text(text)
    except PachisiError as exc:
        raise ApiError(400, "bad_request", f"position: {exc}") from None


def _parse_spec(spec: object) -> tuple[Setup, list[str], list[str], Position | None]:
    if not isinstance(spec, dict):
        raise ApiError(400, "bad_request", "a new game is described by a JSON object")
    known = {"ruleset", "players", "teams", "majors", "options", "seats", "names", "position"}
    _refuse_unknown(spec, known)
    start: Position | None = None
    if spec.get("position") is not None:
        if set(spec) & {"ruleset", "players", "teams", "majors", "options"}:
            raise ApiError(
                400, "bad_request", "give either 'position' or the set-up fields, not both"
            )
        start = parse_position(spec["position"])
        if start.is_over:
            raise ApiError(400, "bad_request", "position: the game is already over")
        return (start.setup, *_parse_seats(spec, start.setup), start)
    ruleset = spec.get("ruleset", "parcheesi")
    if ruleset not in RULESETS:
        raise ApiError(400, "bad_request", f"unknown ruleset {ruleset!r}")
    players = spec.get("players")
    count = isinstance(players, int) and not isinstance(players, bool)
    lists = isinstance(players, list) and all(isinstance(p, (str, list)) for p in players)
    if players is not None and not (count or lists):
        raise ApiError(400, "bad_request", "'players' is a count or lists of colours")
    teams = spec.get("teams")
    if teams is not None and not isinstance(teams, (bool, list)):
        raise ApiError(400, "bad_request", "'teams' is true, false or lists of seats")
    majors = spec.get("majors")
    if majors is not None and not (
        isinstance(majors, list) and all(isinstance(m, str) for m in majors)
    ):
        raise ApiError(400, "bad_request", "'majors' is a list of colours")
    options = spec.get("options") or {}
    if not isinstance(options, dict):
        raise ApiError(400, "bad_request", "'options' is an object of switches")
    try:
        setup = Setup.create(
            ruleset,
            players=players,
            teams=teams or None,
            majors=majors,
            options=options,
        )
    except PachisiError as exc:
        raise ApiError(400, "bad_request", str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise ApiError(400, "bad_request", f"bad set-up: {exc}") from None
    return (setup, *_parse_seats(spec, setup), None)


def _parse_seats(spec: dict[str, Any], setup: Setup) -> tuple[list[str], list[str]]:
    n = len(setup.players)
    kinds = spec.get("seats")
    if kinds is None:
        kinds = [HUMAN] + ["greedy"] * (n - 1)
    if not (isinstance(kinds, list) and len(kinds) == n and all(isinstance(k, str) for k in kinds)):
        raise ApiError(400, "bad_request", f"'seats' lists one kind per player ({n})")
    for k in kinds:
        if k != HUMAN and k not in PLAYERS:
            raise ApiError(400, "bad_request", f"unknown seat kind {k!r}")
    names = spec.get("names")
    if names is None:
        names = [""] * n
    if not (
        isinstance(names, list)
        and len(names) == n
        and all(isinstance(x, str) and len(x) <= 40 for x in names)
    ):
        raise ApiError(400, "bad_request", "'names' lists one name (at most 40 characters) a seat")
    out_names = []
    colour_names = setup.colour_names
    for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        name = " ".join(name.split())
        if not name:
            colours = "+".join(colour_names[c].capitalize() for c in setup.players[i])
            name = colours if kind == HUMAN else f"{colours} ({kind})"
        out_names.append(name)
    return list(kinds), out_names
