"""A game held in memory (:class:`Room`), its seats, its keys and its watchers.

A room is changed only by whoever holds its ``lock`` (the hub and the
referee); once a change is complete, :meth:`Room.snapshot` makes its state
the one every reader sees, so readers never see a game half-way through a
change.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import random
import secrets
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..game import Game
from ..moves import Turn
from ..position import Position
from ..record import Record
from .requests import ApiError
from .social import Social, social_view
from .views import state_dict

__all__ = ["Room", "Seat", "Watcher", "new_game", "new_game_id", "new_key"]


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
        #: The seats this connection plays (it said hello with their keys).
        self.seats: set[int] = set()

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


class _Unrecorded(random.Random):
    """A generator whose state is never saved (:func:`new_game`)."""

    def getstate(self) -> Any:
        """Nothing: the server's games never take a throw back."""
        return None


def new_game(start: Position) -> Game:
    """A :class:`Game` for the server, which throws the dice itself.

    :class:`Game` saves its generator's state with every throw so that
    :meth:`Game.pop` can throw the same again; a ``random.Random`` state is
    about 20 kB in memory, which made a finished game of 100 to 200 throws
    weigh 2 MB. The server never takes a throw back, so nothing is saved.
    """
    return Game(start, rng=_Unrecorded(0))


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
    #: What went wrong with a computer seat, shown to everyone until it recovers.
    notice: str | None = None
    #: The notice is of a failure being retried: the next play clears it.
    notice_retrying: bool = False
    #: The memory of this room could not be trusted or read back (see Hub.change).
    broken: bool = False
    watchers: set[Watcher] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    #: Resignations, offers, the turn timer and the like (pachisi.web.social), as stored.
    social: Social = field(default_factory=Social)
    #: Whether every lobby lists the game; a hash of its creator's browser token.
    public: bool = False
    owner: str | None = None
    #: The wall-clock time (``clock()``) the throw being played runs out, with a turn timer.
    deadline: float | None = None
    #: The throw (its number) ``deadline`` was set for.
    deadline_throw: int | None = None
    #: Raised by changes that are shown but not stored (presence, the timer): with
    #: ``version`` it orders the states a client receives.
    rev: int = 0
    #: Open connections that said hello with each seat's key; when each seat lost its
    #: last one; the seats shown as away.
    conns: dict[int, int] = field(default_factory=dict)
    gone: dict[int, float] = field(default_factory=dict)
    away: set[int] = field(default_factory=set)
    #: The seats away long enough for the others to end the game or hand them over.
    claimable: set[int] = field(default_factory=set)
    #: The version since which every change kept the throw being played as it was
    #: (offers to end the game): an action made at it or later is not stale. ``None``
    #: when the last change was not one of those (or the room was read again).
    turn_version: int | None = None
    #: The wall clock of the server (a test's fake clock).
    clock: Callable[[], float] = time.time
    _state: tuple[int, str] | None = None

    def adopt(self, other: Room) -> None:
        """Take the game of ``other`` (read again from the store); watchers and lock stay."""
        for name in (
            "game", "seats", "first", "version", "status", "result", "rematch",
            "rematch_of", "created", "turn", "steps", "social", "public", "owner",
        ):  # fmt: skip
            setattr(self, name, getattr(other, name))
        self.turn_version = None
        self.broken = False

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
        state = state_dict(self)
        state.update(social_view(self, self.clock()))
        snap = (self.version, json.dumps(state, separators=(",", ":")))
        self._state = snap
        return snap

    def record(self) -> Record:
        """The game record so far (docs/records.md)."""
        dice = "manual" if self.social.manual else "random"
        rec = Record.from_game(self.game, names=[s.name for s in self.seats], dice=dice)
        if self.created:
            rec.started = self.created
        rec.extra["Seats"] = ",".join(s.kind for s in self.seats)
        rec.extra["Server-Game"] = self.id
        if self.social.end is not None and self.result:  # ended early: how, in words
            rec.extra["Ended"] = self.result
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
