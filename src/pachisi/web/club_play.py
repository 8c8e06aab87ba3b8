"""The club's finding-a-game and chat side of the server: routes, lobby WebSocket, pairing loop.

:class:`ClubPlay` holds what one server process knows of seeks and chat: the
lobby pages connected to it (``WS /api/lobby/ws``), the seeks they hold, and
the rate limits. Every ``tick`` seconds it pairs what can be paired
(:func:`pachisi.web.seeks.pair`, which makes games with computers for the
seekers who asked for them), renews the seeks its pages hold, and sends the
open seeks to its lobby pages when they change, and each seeker the game it
was paired into. The store decides everything that several processes share;
this class only keeps pages informed. :func:`add_routes` adds the HTTP and
WebSocket routes of docs/web.md ("Finding a game", "Chat").
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from fastapi import Depends, FastAPI, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from . import chat as chats
from . import seeks as seekstore
from .accounts import Account, Accounts, accounts, current_account, require_csrf
from .guard import TokenBucket
from .hub import Hub
from .requests import HUMAN, ApiError, flag, object_body, read_json
from .rooms import Room, Watcher
from .views import clean_text

__all__ = ["ANONYMOUS_NAME", "ClubLimits", "ClubPlay", "TooMany", "add_routes"]

log = logging.getLogger("pachisi.web")

#: The name of a seeker or spectator who is not signed in and gives none.
ANONYMOUS_NAME = "Guest"
#: The seconds between two renewals of the seeks a process's pages hold.
RENEW_EVERY = seekstore.SEEK_LEASE / 3


@dataclass(frozen=True)
class ClubLimits:
    """How often one client may post seeks, write in a chat and report (``None``: no limit).

    Seeks: ``seeks_per_minute`` per client address (bursts of
    ``seek_burst``); messages: ``chat_per_minute`` per author (an account,
    else a browser, else an address; bursts of ``chat_burst``) and
    ``chat_address_per_minute`` per address (bursts of ``chat_address_burst``:
    wider, because one address is often a household or a school sharing a
    router, whose members chat in the same game); mutes and reports together:
    ``reports_per_minute`` per address. Kept per server process.
    """

    seeks_per_minute: float | None = 20
    seek_burst: int = 6
    chat_per_minute: float | None = 12
    chat_burst: int = 5
    chat_address_per_minute: float | None = 48
    chat_address_burst: int = 20
    reports_per_minute: float | None = 10
    report_burst: int = 5

    @classmethod
    def off(cls) -> ClubLimits:
        """No limits (load tests)."""
        return cls(None, 1, None, 1, None, 1, None, 1)


def _bucket(per_minute: float | None, burst: int) -> TokenBucket | None:
    return TokenBucket(per_minute / 60, burst) if per_minute else None


class TooMany(ApiError):
    """``429 too_many``, with the seconds until a token (the answer's ``Retry-After``)."""

    def __init__(self, what: str, wait: float) -> None:
        super().__init__(429, "too_many", f"too many {what}; try again in {math.ceil(wait)} s")
        self.wait = wait


def _take(bucket: TokenBucket | None, key: str, what: str) -> None:
    if bucket is None:
        return
    wait = bucket.take(key)
    if wait > 0:
        raise TooMany(what, wait)


class ClubPlay:
    """Seeks and chat of one server process (see the module's description)."""

    def __init__(
        self,
        hub: Hub,
        *,
        anonymous_chat: bool = False,
        limits: ClubLimits | None = None,
        tick: float = 1.0,
    ) -> None:
        self.hub = hub
        self.store = hub.store
        self.anonymous_chat = anonymous_chat
        self.limits = limits if limits is not None else ClubLimits()
        lim = self.limits
        self._seek_bucket = _bucket(lim.seeks_per_minute, lim.seek_burst)
        self._chat_bucket = _bucket(lim.chat_per_minute, lim.chat_burst)
        self._chat_address_bucket = _bucket(lim.chat_address_per_minute, lim.chat_address_burst)
        self._report_bucket = _bucket(lim.reports_per_minute, lim.report_burst)
        self.tick = tick
        #: Lobby pages connected here.
        self.lobbies: set[Watcher] = set()
        #: Seeks held by the lobby pages here: id -> (secret, the pages holding it).
        self.held: dict[str, tuple[str, set[Watcher]]] = {}
        self._listing: str | None = None
        self._renewed = 0.0
        self._task: asyncio.Task[None] | None = None
        self._make_room = seekstore.new_room(hub.clock)

    def now(self) -> datetime:
        """The hub's clock as a date (a test's fake clock moves seeks' time too)."""
        return datetime.fromtimestamp(self.hub.clock(), UTC)

    async def start(self) -> None:
        """Start pairing and informing the lobby pages every ``tick`` seconds (0: never)."""
        if self.tick > 0:
            self._task = asyncio.get_running_loop().create_task(self._loop())

    async def close(self) -> None:
        """Stop the loop and the lobby connections."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for w in self.lobbies:
            w.close()

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.tick)
            try:
                await self.step()
            except Exception as exc:  # the database may be away: try again next tick
                log.warning("pairing seeks failed: %s", " ".join(str(exc).split())[:300])

    async def step(self) -> None:
        """One round: pair, renew the seeks held here, inform the lobby pages."""
        now = self.now()
        if await asyncio.to_thread(seekstore.any_open, self.store):
            await self.pair(now=now)
        if self.held and time.monotonic() - self._renewed >= RENEW_EVERY:
            await asyncio.to_thread(seekstore.renew, self.store, list(self.held), now=now)
            self._renewed = time.monotonic()
        if self.lobbies:
            listing = await asyncio.to_thread(seekstore.open_seeks, self.store, now=now)
            text = json.dumps({"type": "seeks", "seeks": listing})
            if text != self._listing:
                self._listing = text
                for w in list(self.lobbies):
                    w.offer_state(text)
        if self.held:
            found = await asyncio.to_thread(seekstore.statuses, self.store, list(self.held))
            for seek_id, (status, game, seat) in found.items():
                if status == "open":
                    continue
                secret, pages = self.held.pop(seek_id)
                message: dict[str, Any] = {"type": "seek", "id": seek_id, "status": status}
                if status == "paired":
                    key = f"{seat}.{secret}"
                    message.update(game=game, seat=seat, key=key, url=f"/g/{game}#k={key}")
                for w in pages:
                    w.reply(json.dumps(message))

    async def pair(
        self,
        *,
        now: datetime | None = None,
        first: list[str] | None = None,
        match: str | None = None,
        limit: int = 400,
    ) -> int:
        """Pair what can be paired now (one transaction; only the group ``match`` if
        given); the number of games made."""
        made = await asyncio.to_thread(
            seekstore.pair, self.store, self.hub.rng, self._make_room,
            now=now or self.now(), first=first or [], match=match, limit=limit,
        )  # fmt: skip
        for paired in made:
            self._adopt(paired.room)
        return len(made)

    def _adopt(self, room: Room) -> None:
        """Hold a game just made by pairing, and start its computers (if any)."""
        room.created = self.now().isoformat(timespec="seconds")
        self.hub._arm_clock(room)
        room.snapshot()
        self.hub._keep(room)
        self.hub._after_change(room)

    # -- the lobby's WebSocket ---------------------------------------------------------

    async def hold(self, watcher: Watcher, items: object) -> list[str]:
        """Hold seeks for a lobby page (``[{"id", "key"}]``): they live while it is here."""
        if not isinstance(items, list) or len(items) > seekstore.MAX_OPEN * 4:
            raise ApiError(400, "bad_request", '\'seeks\' lists at most 12 {"id", "key"}')
        held: list[str] = []
        for item in items:
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                raise ApiError(400, "bad_request", 'each held seek is {"id", "key"}')
            seek_id, secret = item["id"][:32], item.get("key")
            status = await asyncio.to_thread(
                seekstore.seek_status, self.store, seek_id, secret, now=self.now()
            )
            assert isinstance(secret, str)
            if status["status"] == "open":
                self.held.setdefault(seek_id, (secret, set()))[1].add(watcher)
                held.append(seek_id)
            else:
                watcher.reply(json.dumps({"type": "seek", **status}))
        if held:
            await asyncio.to_thread(seekstore.renew, self.store, held, now=self.now())
        return held

    async def let_go(self, watcher: Watcher) -> None:
        """A lobby page has gone: its seeks live :data:`SEEK_GRACE` seconds more, unless
        another page holds them (a reload holds them again)."""
        self.lobbies.discard(watcher)
        alone: list[str] = []
        for seek_id, (_, pages) in list(self.held.items()):
            if watcher in pages:
                pages.discard(watcher)
                if not pages:
                    del self.held[seek_id]
                    alone.append(seek_id)
        if alone:  # written even if the connection's task is being cancelled
            write = asyncio.to_thread(
                seekstore.renew, self.store, alone, seconds=seekstore.SEEK_GRACE, now=self.now()
            )
            with contextlib.suppress(Exception):
                await asyncio.shield(write)


async def _account(conn: HTTPConnection) -> Account | None:
    """The account signed in on a request, read away from the event loop."""
    return await asyncio.to_thread(current_account, conn)


def _client(request: HTTPConnection) -> str:
    return request.client.host if request.client else ""


def add_routes(
    app: FastAPI,
    club: ClubPlay,
    *,
    body: Callable[[Request], Awaitable[object]],
    owner_of: Callable[[Request, Response | None], str | None],
) -> None:
    """Add the routes of seeks, the lobby WebSocket, chat and moderation to ``app``.

    ``body`` reads a request's JSON body; ``owner_of(request, response)`` is
    the hash of the browser's token (a new token set on ``response`` if it
    has none, or ``None`` without a response).
    """
    hub, store = club.hub, club.store
    csrf = [Depends(require_csrf)]

    @app.exception_handler(TooMany)
    async def _too_many(request: Request, exc: TooMany) -> JSONResponse:
        headers = {"retry-after": str(max(1, math.ceil(exc.wait)))}
        return JSONResponse(exc.to_dict(), status_code=exc.status, headers=headers)

    # -- seeks ------------------------------------------------------------------------

    async def store_seek(
        request: Request, response: Response, name: object, spec: seekstore.SeekSpec
    ) -> tuple[str, str]:
        """This browser's seek of ``spec`` stored (its id and secret), under its account's
        name or the ``name`` it gave; refused to a suspended account, rate-limited."""
        account = await _account(request)
        if account is not None and account.suspended:
            raise ApiError(403, "forbidden", "this account is suspended")
        _take(club._seek_bucket, _client(request), "seeks")
        if account is not None:
            shown = account.name
        else:
            if name is not None and not (isinstance(name, str) and len(name) <= 40):
                raise ApiError(400, "bad_request", "'name' is at most 40 characters")
            shown = " ".join(clean_text(name or "").split()) or ANONYMOUS_NAME
        owner = owner_of(request, response)
        return await asyncio.to_thread(
            lambda: seekstore.create_seek(
                store, spec, name=shown, owner=owner,
                account_id=account.id if account else None, now=club.now(),
            )
        )  # fmt: skip

    async def answer(
        seek_id: str, secret: str, first: list[str], spec: seekstore.SeekSpec
    ) -> dict[str, Any]:
        # Only the new seek's group, and a few of it: concurrent posts lock few rows each.
        await club.pair(first=first, match=spec.match, limit=4 * spec.players)
        status = await asyncio.to_thread(seekstore.seek_status, store, seek_id, secret)
        return {"ok": True, **status, "secret": secret}

    def split_name(raw: object) -> tuple[object, object]:
        if isinstance(raw, dict) and "name" in raw:
            raw = dict(raw)
            return raw, raw.pop("name")
        return raw, None

    @app.post("/api/seeks", status_code=201, dependencies=csrf)
    async def post_seek(request: Request, response: Response) -> dict[str, Any]:
        """Post a seek; paired at once if a compatible seek is open."""
        raw, name = split_name(await body(request))
        account = await _account(request)
        spec = seekstore.parse_seek(raw, signed_in=account is not None)
        seek_id, secret = await store_seek(request, response, name, spec)
        return await answer(seek_id, secret, [seek_id], spec)

    @app.post("/api/seeks/{seek_id}/accept", status_code=201, dependencies=csrf)
    async def accept_seek(seek_id: str, request: Request, response: Response) -> dict[str, Any]:
        """Accept an open seek: a seek with the same wishes, paired with it first."""
        raw, name = split_name(await body(request))
        object_body(raw, set())
        spec = await asyncio.to_thread(seekstore.spec_of, store, seek_id[:32], now=club.now())
        if spec is None:
            raise ApiError(404, "not_found", "no such open seek (taken, cancelled or expired)")
        account = await _account(request)
        if spec.rated and account is None:
            raise ApiError(403, "forbidden", "rated games are between signed-in players: sign in")
        mine_id, secret = await store_seek(request, response, name, spec)
        return await answer(mine_id, secret, [seek_id, mine_id], spec)

    @app.get("/api/seeks")
    async def list_seeks() -> dict[str, Any]:
        """The open seeks, oldest first (nothing secret)."""
        return {"seeks": await asyncio.to_thread(seekstore.open_seeks, store, now=club.now())}

    @app.get("/api/seeks/{seek_id}")
    async def seek_state(seek_id: str, request: Request) -> dict[str, Any]:
        """A seek's status for its seeker (header ``X-Seek-Key``); once paired, its seat's key."""
        secret = request.headers.get("x-seek-key")
        return await asyncio.to_thread(
            seekstore.seek_status, store, seek_id[:32], secret, now=club.now()
        )

    @app.post("/api/seeks/{seek_id}/cancel", dependencies=csrf)
    async def cancel_seek(seek_id: str, request: Request) -> dict[str, Any]:
        """Cancel an open seek (``{"key"}``: its secret)."""
        raw = object_body(await body(request), {"key"})
        status = await asyncio.to_thread(seekstore.cancel, store, seek_id[:32], raw.get("key"))
        return {"ok": True, "id": seek_id, "status": status}

    @app.websocket("/api/lobby/ws")
    async def lobby_ws(ws: WebSocket) -> None:
        """The open seeks, live; a page's seeks held (they live while it is here)."""
        await ws.accept()
        watcher = Watcher(ws.send_text, timeout=hub.send_timeout)
        sender = asyncio.create_task(watcher.run())
        club.lobbies.add(watcher)
        listing = await asyncio.to_thread(seekstore.open_seeks, store, now=club.now())
        watcher.offer_state(json.dumps({"type": "seeks", "seeks": listing}))
        try:
            while True:
                try:
                    text = await ws.receive_text()
                except (WebSocketDisconnect, RuntimeError, KeyError):
                    return
                msg_id: object = None
                try:
                    msg = read_json(text[: 64 * 1024])
                    if not isinstance(msg, dict):
                        raise ApiError(400, "bad_request", "a message is a JSON object")
                    msg_id = msg.get("id") if isinstance(msg.get("id"), (str, int)) else None
                    if msg.get("type") == "ping":
                        watcher.reply(json.dumps({"type": "pong", "id": msg_id}))
                    elif msg.get("type") == "hold":
                        held = await club.hold(watcher, msg.get("seeks"))
                        watcher.reply(json.dumps({"type": "held", "id": msg_id, "seeks": held}))
                    else:
                        raise ApiError(400, "bad_request", "a message's 'type' is 'hold' or 'ping'")
                except ApiError as exc:
                    watcher.reply(json.dumps({"type": "result", "id": msg_id, **exc.to_dict()}))
        finally:
            await club.let_go(watcher)
            watcher.close()
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    # -- chat -------------------------------------------------------------------------

    async def game_of(game_id: str) -> Room:
        return await hub.room(game_id)

    async def seated(room: Room, account: Account | None) -> bool:
        """Whether ``account`` sits in the game (a seat of its account): a player, even
        on a page without the seat's key."""
        if account is None:
            return False
        seating = await asyncio.to_thread(request_club(app).seating, room.id, len(room.seats))
        return account.id in seating.seats

    def seat_by_key(room: Room, key: object, *, reading: bool = False) -> int | None:
        """The seat of a key given with a request, or ``None`` without one; ``forbidden`` if
        a key is given that is not a seat's of the game, or (unless ``reading``) of a seat
        a computer now plays (a turn ran out: its person still reads the players' chat)."""
        if key is None or key == "":
            return None
        seat = room.seat_of_key(key)
        if room.seats[seat].kind != HUMAN and not reading:
            raise ApiError(403, "forbidden", "a computer plays this seat")
        return seat

    @app.get("/api/games/{game_id}/chat")
    async def read_chat(
        game_id: str, request: Request, room: str = "spectators", after: int = 0
    ) -> dict[str, Any]:
        """The messages of a room after id ``after`` (players: header ``X-Seat-Key``)."""
        name = chats.parse_room(room)
        game = await game_of(game_id)
        seat = seat_by_key(game, request.headers.get("x-seat-key"), reading=True)
        account = await _account(request)
        if name == "players" and seat is None:
            raise ApiError(403, "forbidden", "the players' chat is read with a seat's key")
        if name == "spectators" and (seat is not None or await seated(game, account)):
            raise ApiError(403, "forbidden", "the players do not see the spectators' chat")
        muted: list[int] = []
        if seat is not None:
            muted = await asyncio.to_thread(chats.mutes, store, game.id, seat)
        messages = await asyncio.to_thread(
            lambda: chats.read(store, game.id, name, after=max(0, after), muted=muted)
        )
        why = None
        if account is None and not club.anonymous_chat:
            why = "sign in to write (anonymous visitors read only)"
        elif account is not None and account.suspended:
            why = "this account is suspended"
        return {"room": name, "messages": messages, "muted": muted, "can_write": why is None,
                "why": why, "phrases": list(chats.PHRASES), "max": chats.MAX_CHAT}  # fmt: skip

    @app.post("/api/games/{game_id}/chat", status_code=201, dependencies=csrf)
    async def write_chat(game_id: str, request: Request, response: Response) -> dict[str, Any]:
        """Write in a room of a game: ``{"room", "text" | "phrase", "key"}``."""
        message = chats.parse_post(await body(request))
        game = await game_of(game_id)
        account = await _account(request)
        if account is None and not club.anonymous_chat:
            raise ApiError(403, "forbidden", "sign in to write (anonymous visitors read only)")
        if account is not None and account.suspended:
            raise ApiError(403, "forbidden", "this account is suspended")
        seat = seat_by_key(game, message.key)
        if message.room == "players" and seat is None:
            raise ApiError(403, "forbidden", "the players' chat needs a seat's key")
        if message.room == "spectators" and (seat is not None or await seated(game, account)):
            raise ApiError(403, "forbidden", "the players write in the players' chat")
        owner = owner_of(request, response)
        author = f"a{account.id}" if account else (f"b{owner}" if owner else _client(request))
        _take(club._chat_bucket, author, "messages")
        _take(club._chat_address_bucket, _client(request), "messages")
        if seat is not None:
            name = game.seats[seat].name
        else:
            name = account.name if account else ANONYMOUS_NAME
        posted = await asyncio.to_thread(
            lambda: chats.post(
                store, game.id, message, name=name, seat=seat,
                account_id=account.id if account else None, owner=owner, now=club.now(),
            )
        )  # fmt: skip
        return {"ok": True, "message": posted}

    @app.post("/api/games/{game_id}/chat/mute", dependencies=csrf)
    async def mute(game_id: str, request: Request) -> dict[str, Any]:
        """A player mutes (``"muted": true``) or unmutes another seat: ``{"key", "seat"}``."""
        raw = object_body(await body(request), {"key", "seat", "muted"})
        game = await game_of(game_id)
        seat = seat_by_key(game, raw.get("key"))
        if seat is None:
            raise ApiError(403, "forbidden", "muting needs a seat's key")
        other = raw.get("seat")
        if not isinstance(other, int) or isinstance(other, bool):
            raise ApiError(400, "bad_request", "'seat' is the seat to mute")
        if not 0 <= other < len(game.seats) or other == seat:
            raise ApiError(400, "bad_request", f"'seat': {other} is not another seat of the game")
        on = flag(raw, "muted", True)
        _take(club._report_bucket, _client(request), "mutes and reports")
        muted = await asyncio.to_thread(chats.set_mute, store, game.id, seat, other, on)
        return {"ok": True, "muted": muted}

    @app.post("/api/chat/{message_id}/report", dependencies=csrf)
    async def report(message_id: int, request: Request, response: Response) -> dict[str, Any]:
        """Report a message to the moderators: ``{"reason"?, "key"?}`` (once per reporter)."""
        raw = object_body(await body(request), {"reason", "key"})
        reason = raw.get("reason", "")
        if not isinstance(reason, str) or len(reason) > chats.MAX_REASON:
            raise ApiError(400, "bad_request", f"'reason' is at most {chats.MAX_REASON} characters")
        where = await asyncio.to_thread(chats.message_game, store, message_id)
        if where is None:
            raise ApiError(404, "not_found", "no such message")
        game = await game_of(where[0])
        seat = seat_by_key(game, raw.get("key"))
        if where[1] == "players" and seat is None:  # only those who can read it
            raise ApiError(403, "forbidden", "the players' chat is reported with a seat's key")
        _take(club._report_bucket, _client(request), "mutes and reports")
        account = await _account(request)
        owner = owner_of(request, response)
        reporter = f"a{account.id}" if account else f"b{owner}"
        new = await asyncio.to_thread(chats.report, store, message_id, reporter, reason)
        return {"ok": True, "new": new}

    # -- moderation -------------------------------------------------------------------

    async def moderator(request: Request) -> Account:
        account = await _account(request)
        if account is None or not account.moderator or account.suspended:
            raise ApiError(403, "forbidden", "only a moderator may do this")
        return account

    @app.post("/api/chat/{message_id}/hide", dependencies=csrf)
    async def hide(message_id: int, request: Request) -> dict[str, Any]:
        """A moderator hides a message (``{"hidden": false}`` shows it again)."""
        mod = await moderator(request)
        raw = object_body(await body(request), {"hidden"})
        hidden = flag(raw, "hidden", True)
        if not await asyncio.to_thread(chats.hide, store, message_id, hidden, mod.id):
            raise ApiError(404, "not_found", "no such message")
        return {"ok": True, "id": message_id, "hidden": hidden}

    @app.get("/api/mod/reports")
    async def reported(request: Request) -> dict[str, Any]:
        """The reported messages, most reported first (moderators only)."""
        await moderator(request)
        return {"reports": await asyncio.to_thread(chats.reports, store)}

    @app.post("/api/mod/accounts/{account_id}/suspend", dependencies=csrf)
    async def suspend(account_id: int, request: Request) -> dict[str, Any]:
        """A moderator suspends an account (``{"suspended": false}`` lifts it)."""
        mod = await moderator(request)
        raw = object_body(await body(request), {"suspended"})
        on = flag(raw, "suspended", True)
        if account_id == mod.id:
            raise ApiError(400, "bad_request", "a moderator does not suspend their own account")
        if not await asyncio.to_thread(_suspend, request.app.state.accounts, account_id, on):
            raise ApiError(404, "not_found", "no such account")
        return {"ok": True, "account": account_id, "suspended": on}


def request_club(app: FastAPI) -> Any:
    """club-accounts' :class:`pachisi.web.club_routes.Club` of the application (who sits
    where)."""
    return app.state.club


def _suspend(service: Accounts, account_id: int, on: bool) -> bool:
    """Set an account's ``suspended`` flag; whether it exists.

    This process forgets the accounts it knew at once; the others within
    :attr:`pachisi.web.accounts.Accounts.CACHE_SECONDS`.
    """
    with service.engine.begin() as conn:
        done = conn.execute(
            accounts.update().where(accounts.c.id == account_id).values(suspended=on)
        )
    service._cache.clear()
    return bool(done.rowcount == 1)
