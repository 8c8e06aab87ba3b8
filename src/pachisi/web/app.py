"""The FastAPI application of ``pachisi serve`` (API of docs/web.md).

This layer parses and answers requests; every decision is made by
:class:`pachisi.web.hub.Hub`. Bodies are read as raw JSON (at most
64 KiB) and checked by the service, so that a malformed request of any kind
gets the same ``bad_request`` answer over HTTP and over the WebSocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import random
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import Depends, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from .account_routes import account_routes
from .accounts import Accounts, SigninLimits, csrf_if_signed_in, current_account, export
from .club_play import ClubLimits, ClubPlay
from .club_play import add_routes as add_play_routes
from .club_routes import Club, club_routes
from .computers import Computers
from .guard import Guard, Limits
from .hub import LEASE, Hub
from .insight import Insight
from .learn import lesson_state, lessons_info, rules_lessons
from .messages import catalogue, rules_info
from .ratings import rate_game
from .requests import ApiError, parse_dice, parse_spec, read_json
from .rooms import Room, Watcher
from .social import AWAY_AFTER, CLAIM_AFTER, parse_settings
from .store import Store, StoreError, database_url
from .views import moves_list, position_info, rulesets_info

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = ["BODY_TIMEOUT", "BROWSER_COOKIE", "MAX_BODY", "create_app"]

log = logging.getLogger("pachisi.web")

#: The largest request body or WebSocket message read, in bytes.
MAX_BODY = 64 * 1024

STATIC = Path(__file__).parent / "static"

#: Seconds a client has to send a request body.
BODY_TIMEOUT = 10.0

#: The cookie that tells one browser from another (its lobby lists its own games).
BROWSER_COOKIE = "pachisi_browser"
#: How long the browser cookie lasts, in seconds (two years).
_BROWSER_MAX_AGE = 2 * 365 * 24 * 3600


def _browser_token(request: Request) -> str | None:
    """The browser token of a request's cookie, if it has a well-formed one."""
    token = request.cookies.get(BROWSER_COOKIE)
    if token and 16 <= len(token) <= 64 and token.replace("-", "").replace("_", "").isalnum():
        return token
    return None


def _owner(token: str | None) -> str | None:
    """What is stored of a browser token: its hash, never the token."""
    return hashlib.sha256(token.encode()).hexdigest() if token else None


def _give_token(request: Request, response: Response, secure: bool) -> str:
    """The request's browser token, or a new one set as a cookie on ``response``."""
    token = _browser_token(request)
    if token is None:
        token = secrets.token_urlsafe(24)
        response.set_cookie(
            BROWSER_COOKIE, token, max_age=_BROWSER_MAX_AGE, path="/", httponly=True,
            samesite="lax", secure=secure or request.url.scheme == "https",
        )  # fmt: skip
    return token


async def _body(request: Request) -> object:
    """The JSON body of a request, or ``bad_request``."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdecimal() or int(size) > MAX_BODY):
        raise ApiError(400, "bad_request", f"the body is larger than {MAX_BODY} bytes")
    raw = bytearray()
    try:
        async with asyncio.timeout(BODY_TIMEOUT):
            async for chunk in request.stream():
                raw += chunk
                if len(raw) > MAX_BODY:
                    raise ApiError(400, "bad_request", f"the body is larger than {MAX_BODY} bytes")
    except TimeoutError:
        raise ApiError(408, "timeout", f"the body took more than {BODY_TIMEOUT:g} s") from None
    return read_json(bytes(raw))


def create_app(
    db: str | None = None,
    *,
    bot_delay: float = 0.8,
    rng: random.Random | None = None,
    send_timeout: float = 10.0,
    computer_workers: int = 0,
    limits: Limits | None = None,
    lease: float = LEASE,
    base_url: str | None = None,
    clock: Callable[[], float] = time.time,
    away_after: float = AWAY_AFTER,
    tick: float = 0.5,
    claim_after: float = CLAIM_AFTER,
    allowed_hosts: Iterable[str] | None = None,
    password_hasher: PasswordHasher | None = None,
    signin_limits: SigninLimits | None = None,
    anonymous_chat: bool = False,
    club_limits: ClubLimits | None = None,
    seek_tick: float = 1.0,
) -> FastAPI:
    """The application, storing games in ``db`` (a SQLAlchemy URL or a SQLite file path).

    The schema is migrated (Alembic) when the application starts, and the
    computer seats of stored games still playing are resumed. Computer seats
    choose in ``computer_workers`` processes (0: on a thread of the server).
    Every request passes :class:`pachisi.web.guard.Guard` first (security
    headers, allowed hosts, same origin, ``limits``): ``allowed_hosts`` are the
    host names the server is reached by (``None``: any; ``pachisi serve``
    always gives some). ``base_url`` is the public address of
    the server for share links (``GET /api/server``); ``clock``,
    ``away_after``, ``claim_after`` and ``tick`` are the hub's (:class:`pachisi.web.hub.Hub`).
    ``password_hasher`` (Argon2, argon2-cffi's defaults if ``None``) and
    ``signin_limits`` are the accounts' (:class:`pachisi.web.accounts.Accounts`).
    Seeks and chat (:mod:`pachisi.web.club_play`): ``anonymous_chat`` lets visitors who are not
    signed in write, ``club_limits`` are their rate limits, and every ``seek_tick`` seconds
    seeks are paired and the lobby pages told.
    """
    url = database_url(db)
    store = Store(url)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        rng=rng,
        send_timeout=send_timeout,
        computers=Computers(computer_workers),
        lease=lease,
        clock=clock,
        tick=tick,
        away_after=away_after,
        claim_after=claim_after,
    )
    insight = Insight(hub)
    play = ClubPlay(hub, anonymous_chat=anonymous_chat, limits=club_limits, tick=seek_tick)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await asyncio.to_thread(store.migrate)
        await hub.start()
        await play.start()
        try:
            yield
        finally:
            await play.close()
            insight.close()
            await hub.close()
            store.dispose()

    app = FastAPI(
        title="pachisi",
        summary="Play the Pachisi family of games in the browser",
        lifespan=lifespan,
        # FastAPI's docs page loads its scripts from a CDN, which the CSP blocks and a
        # self-hosted server should not depend on: off. The schema stays.
        docs_url=None,
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.hub = hub
    app.state.store = store
    accounts = Accounts(store.engine, password_hasher, signin_limits)
    app.state.accounts = accounts
    app.state.play = play
    club = Club(store)
    app.state.club = club
    insight.on_review = club.record_review  # each review's figures, for the profiles
    store.on_finish.append(rate_game)  # in the transaction that ends a game
    # The guard wraps everything, Starlette's own error handling included, so
    # that its headers and limits hold for every answer.
    build = app.build_middleware_stack
    app.build_middleware_stack = lambda: Guard(  # type: ignore[method-assign]
        build(), limits, allowed_hosts=allowed_hosts, base_url=base_url
    )

    @app.exception_handler(Exception)
    async def _internal(request: Request, exc: Exception) -> JSONResponse:
        err = ApiError(500, "internal", "internal error")
        return JSONResponse(err.to_dict(), status_code=err.status)

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_dict(), status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (no such route, a method a route does not take)
        # in the site's error shape, not FastAPI's {"detail": ...}.
        err = {
            404: ApiError(404, "not_found", f"no such page: {request.url.path[:200]}"),
            405: ApiError(405, "bad_method", f"{request.method} is not allowed here"),
        }.get(exc.status_code, ApiError(exc.status_code, "bad_request", str(exc.detail)))
        return JSONResponse(err.to_dict(), status_code=err.status, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # A query parameter of the wrong type (``?limit=x``): which one, and what it takes.
        problems = []
        for error in exc.errors()[:5]:
            where = ".".join(str(part) for part in error.get("loc", ())[1:]) or "request"
            problems.append(f"'{where}': {error.get('msg', 'not valid')}")
        err = ApiError(400, "bad_request", "; ".join(problems) or "the request is not valid")
        return JSONResponse(err.to_dict(), status_code=err.status)

    @app.exception_handler(StoreError)
    @app.exception_handler(SQLAlchemyError)
    async def _db_error(request: Request, exc: Exception) -> JSONResponse:
        err = _store_failure(exc)
        return JSONResponse(err.to_dict(), status_code=err.status)

    # -- pages -----------------------------------------------------------------------

    # The browser cookie is sent over HTTPS only when the public address is HTTPS.
    secure = bool(base_url and base_url.startswith("https:"))

    def page(name: str, request: Request | None = None) -> FileResponse:
        answer = FileResponse(STATIC / name, media_type="text/html")
        if request is not None:  # the lobby: this browser's token, for its own games
            _give_token(request, answer, secure)
        return answer

    @app.get("/", include_in_schema=False)
    async def lobby(request: Request) -> FileResponse:
        return page("index.html", request)

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return page("game.html")

    @app.get("/r/{game_id}", include_in_schema=False)
    async def replay_page(game_id: str) -> FileResponse:
        return page("replay.html")

    @app.get("/account", include_in_schema=False)
    async def account_page() -> FileResponse:
        return page("account.html")

    @app.get("/u/{name}", include_in_schema=False)
    async def profile_page(name: str) -> FileResponse:
        return page("profile.html")

    @app.get("/players", include_in_schema=False)
    async def leaderboard_page() -> FileResponse:
        return page("leaderboard.html")

    @app.get("/manifest.webmanifest", include_in_schema=False)
    async def manifest() -> FileResponse:  # at the root: the installed app's scope is the site
        return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- API -------------------------------------------------------------------------

    @app.get("/api/rulesets")
    async def rulesets() -> dict[str, Any]:
        """Rulesets, switches, seat counts and computer levels."""
        return rulesets_info()

    @app.post("/api/positions")
    async def read_position(request: Request) -> dict[str, Any]:
        """Read a position (object, JSON text or one-line text) and describe it; creates nothing."""
        return position_info(await _body(request))

    app.include_router(
        account_routes(
            accounts,
            _body,
            lambda request, response: _give_token(request, response, secure),
            secure,
            lambda account_id: export(accounts, account_id),
            hub.reread,
        )
    )

    app.include_router(club_routes(club, accounts, hub.room, _body))

    async def gate(conn: Request | WebSocket, game_id: str, body: object, what: str) -> None:
        """Refuse a seat's request in a rated game that its account does not make."""
        if not isinstance(body, dict):
            return  # the hub refuses it
        room = await hub.room(game_id)
        try:
            seat = room.seat_of_key(body.get("key"))
        except ApiError:
            return  # the hub refuses it
        account = await asyncio.to_thread(current_account, conn)
        await asyncio.to_thread(club.gate, room, seat, account, what)

    @app.post("/api/games", status_code=201, dependencies=[Depends(csrf_if_signed_in)])
    async def create_game(request: Request, response: Response) -> dict[str, Any]:
        """Start a game; the answer carries the seat keys, shown only this once."""
        body = await _body(request)
        rated = False
        if isinstance(body, dict) and "rated" in body:
            body = dict(body)
            rated = body.pop("rated")
            if not isinstance(rated, bool):
                raise ApiError(400, "bad_request", "'rated' is true or false")
        account = await asyncio.to_thread(current_account, request)
        if rated:
            _check_rated(body, account)
        owner = _owner(_give_token(request, response, secure))
        room, keys = await hub.create(body, owner=owner)
        if rated and account is not None:
            await asyncio.to_thread(club.make_rated, room, account)
        elif account is not None:
            await asyncio.to_thread(club.claim_created, room.id, account)
        human = ",".join(k["key"] for k in keys)
        return {
            "id": room.id,
            "keys": keys,
            "links": {
                "seats": [{"seat": k["seat"], "url": f"/g/{room.id}#k={k['key']}"} for k in keys],
                "hotseat": f"/g/{room.id}#k={human}" if keys else f"/g/{room.id}",
                "spectator": f"/g/{room.id}",
                "replay": f"/r/{room.id}",
            },
            "state": room.state(),
        }

    @app.get("/api/games")
    async def list_games(request: Request, limit: int = 30, ids: str = "") -> dict[str, Any]:
        """Recently changed games this browser may see: its own, those of ``ids``
        (comma-separated, games whose links it holds) and public ones."""
        wanted = [i for i in ids.split(",") if 0 < len(i) <= 32][:200]
        owner = _owner(_browser_token(request))
        return {"games": await hub.recent(max(1, min(limit, 200)), owner=owner, ids=wanted)}

    @app.get("/api/server")
    async def server_info() -> dict[str, Any]:
        """What pages need to know of the server: its public address for share links."""
        return {"base_url": base_url}

    @app.post("/api/games/{game_id}/seat", dependencies=[Depends(csrf_if_signed_in)])
    async def seat_action(game_id: str, request: Request) -> Response:
        """A seat's social action: resign, offer/accept/decline an end, resume, take back."""
        body = await _body(request)
        await gate(request, game_id, body, "act")
        room = await hub.seat_action(game_id, body)
        return Response(
            '{"ok":true,"state":' + room.state_text() + "}", media_type="application/json"
        )

    @app.get("/api/games/{game_id}")
    async def get_state(game_id: str) -> Response:
        """The state of a game (docs/web.md)."""
        room = await hub.room(game_id)
        return Response(room.state_text(), media_type="application/json")

    @app.post("/api/games/{game_id}/actions", dependencies=[Depends(csrf_if_signed_in)])
    async def act(game_id: str, request: Request) -> Response:
        """A step, an undo or a commit by the seat to move."""
        body = await _body(request)
        await gate(request, game_id, body, "act")
        room = await hub.act(game_id, body)
        return Response(
            '{"ok":true,"state":' + room.state_text() + "}", media_type="application/json"
        )

    @app.post("/api/games/{game_id}/hint")
    async def hint(game_id: str, request: Request) -> dict[str, Any]:
        """The best plays of the current throw, for the seat to move (its key)."""
        body = await _body(request)
        await gate(request, game_id, body, "hint")
        return await insight.hint(game_id, await hub.hint(game_id, body))

    @app.get("/api/games/{game_id}/replay")
    async def replay(game_id: str) -> dict[str, Any]:
        """Every position of the game with the moves between them."""
        return await hub.replay(game_id)

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> PlainTextResponse:
        """The game record (docs/records.md) as a download."""
        room = await hub.room(game_id)
        async with room.lock:
            text = await asyncio.to_thread(lambda: room.record().to_text())
        return PlainTextResponse(
            text,
            headers={"content-disposition": f'attachment; filename="pachisi-{room.id}.txt"'},
        )

    @app.post("/api/games/{game_id}/rematch", dependencies=[Depends(csrf_if_signed_in)])
    async def rematch(game_id: str, request: Request) -> dict[str, Any]:
        """A new game with the same set-up, seats and keys."""
        new = await hub.rematch(game_id, await _body(request))
        return {"id": new.id}

    # -- words, rules and insight (docs/web.md, "Reading the game") ------------------

    @app.get("/rules", include_in_schema=False)
    @app.get("/rules/{ruleset}", include_in_schema=False)
    async def rules_page(ruleset: str = "") -> FileResponse:
        return page("rules.html")

    @app.get("/learn", include_in_schema=False)
    async def learn_page() -> FileResponse:
        return page("tutorial.html")

    @app.get("/api/learn/rules/{ruleset}")
    async def learn_rules(ruleset: str) -> dict[str, Any]:
        """A ruleset's rules in teaching order, each with its section and diagram."""
        return rules_lessons(ruleset)

    @app.get("/learn/{ruleset}", include_in_schema=False)
    async def learn_one_die_page(ruleset: str) -> FileResponse:
        if ruleset not in ("ludo", "maedn"):
            raise ApiError(404, "not_found", f"no first game of {ruleset[:40]!r}")
        return page("tutorial.html")

    @app.get("/api/learn/lessons")
    async def learn_lessons(ruleset: str = "parcheesi") -> dict[str, Any]:
        """The lessons of the first game (Parcheesi, Ludo or MADN: ``ruleset``), in order."""
        return lessons_info(ruleset[:40])

    @app.get("/api/learn/lessons/{name}")
    async def learn_lesson(
        name: str, steps: str = "", ruleset: str = "parcheesi"
    ) -> dict[str, Any]:
        """A lesson after some steps: legal steps, and the rule that forbids each other move."""
        return await asyncio.to_thread(lesson_state, name, steps[:100], ruleset[:40])

    @app.get("/review/{game_id}", include_in_schema=False)
    async def review_page(game_id: str) -> FileResponse:
        return page("review.html")

    @app.get("/api/messages/{lang}")
    async def messages(lang: str) -> dict[str, str]:
        """The site's words in a language (``en``, ``hi``, ``kn``): page messages and move words."""
        return catalogue(lang)

    @app.get("/api/games/{game_id}/moves")
    async def moves(game_id: str) -> dict[str, Any]:
        """Every completed throw with the facts of its steps (the state has the last ones)."""
        room = await hub.room(game_id)
        async with room.lock:
            history, version = list(room.game.history), room.version
        return {"version": version, "moves": await asyncio.to_thread(moves_list, history)}

    @app.get("/api/rules/{ruleset}")
    async def rules(ruleset: str) -> dict[str, Any]:
        """A ruleset's rules as data, each switch with the catalogue keys of its words."""
        return rules_info(ruleset)

    @app.get("/api/games/{game_id}/chances")
    async def win_chances(game_id: str) -> dict[str, Any]:
        """Every seat's win chance before the throw, with standard errors and the method."""
        return await insight.chances(game_id)

    @app.get("/api/games/{game_id}/review")
    async def review(game_id: str) -> dict[str, Any]:
        """The review of a finished game: each throw's play against the best, and the luck."""
        return await insight.review(game_id)

    @app.websocket("/api/games/{game_id}/ws")
    async def websocket(ws: WebSocket, game_id: str) -> None:
        """States out, actions in (docs/web.md)."""
        await ws.accept()
        try:
            room = await hub.room(game_id)
        except ApiError as exc:
            await ws.send_text(json.dumps({"type": "error", **exc.to_dict()}))
            await ws.close(code=4404)
            return
        watcher = Watcher(ws.send_text, timeout=hub.send_timeout)
        sender = asyncio.create_task(watcher.run())
        # A connection too slow to take its messages is closed (which also ends
        # the reading below); the game never waits for it.
        sender.add_done_callback(lambda _: _spawn_close(ws))
        await hub.watch(room, watcher)
        try:
            await _receive(ws, hub, game_id, watcher, room, gate)
        finally:
            hub.unwatch(room, watcher)
            sender.cancel()
            await asyncio.gather(sender, return_exceptions=True)

    def owner_of(request: Request, response: Response | None) -> str | None:
        if response is None:
            return _owner(_browser_token(request))
        return _owner(_give_token(request, response, secure))

    add_play_routes(app, play, body=_body, owner_of=owner_of)
    return app


_closing: set[asyncio.Task[None]] = set()


def _spawn_close(ws: WebSocket) -> None:
    async def close() -> None:
        with contextlib.suppress(Exception):
            await ws.close(code=1011)

    task = asyncio.ensure_future(close())
    _closing.add(task)
    task.add_done_callback(_closing.discard)


#: The close code of a WebSocket that sent a binary frame (the API speaks JSON text).
BINARY_CLOSE = 1003


#: The rated-game check of a seat's request: ``gate(connection, game_id, body, what)``.
Gate = Callable[[Any, str, object, str], Awaitable[None]]


def _check_rated(body: object, account: Any) -> None:
    """Refuse a rated game that cannot be one, before it is created."""
    if account is None:
        raise ApiError(401, "not_signed_in", "'rated': sign in to play rated games")
    spec, manual, _ = parse_dice(body)
    rest, _, _ = parse_settings(spec)
    _, kinds, _, start = parse_spec(rest)
    if start is not None or manual:
        raise ApiError(
            400, "bad_request", "'rated': a rated game starts at the start, with the server's dice"
        )
    if any(kind != "human" for kind in kinds):
        raise ApiError(400, "bad_request", "'rated': every seat of a rated game is a person's")


async def _receive(
    ws: WebSocket, hub: Hub, game_id: str, watcher: Watcher, room: Room, gate: Gate
) -> None:
    """Read client messages until the connection ends (a binary frame closes it, 1003)."""
    while True:
        try:
            message = await ws.receive()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:  # a binary frame: not this API's language
            with contextlib.suppress(Exception):
                await ws.close(code=BINARY_CLOSE, reason="messages are JSON text")
            return
        watcher.reply(json.dumps(await _answer(ws, text, hub, game_id, watcher, room, gate)))


async def _answer(
    ws: WebSocket, text: str, hub: Hub, game_id: str, watcher: Watcher, room: Room, gate: Gate
) -> dict[str, Any]:
    """The reply to one client message (every kind; refusals in the site's error shape)."""
    msg_id: object = None
    try:
        if len(text) > MAX_BODY:
            raise ApiError(400, "bad_request", f"the message is larger than {MAX_BODY} bytes")
        msg = read_json(text)
        if not isinstance(msg, dict):
            raise ApiError(400, "bad_request", "a message is a JSON object")
        msg_id = msg.get("id")
        if not (msg_id is None or isinstance(msg_id, (str, int))) or isinstance(msg_id, bool):
            msg_id = None
        kind = msg.get("type")
        if kind == "ping":
            return {"type": "pong", "id": msg_id}
        if kind == "hello":
            seats = await hub.hello(room, watcher, msg.get("keys"))
            return {"type": "hello", "id": msg_id, "ok": True, "seats": seats}
        if kind == "seat":
            await gate(ws, room.id, msg.get("action"), "act")
            done = await hub.seat_action(room.id, msg.get("action"))
            return {"type": "result", "id": msg_id, "ok": True, "version": done.version}
        if kind != "action":
            raise ApiError(
                400, "bad_request", "a message's 'type' is 'action', 'hello', 'seat' or 'ping'"
            )
        await gate(ws, game_id, msg.get("action"), "act")
        acted = await hub.act(game_id, msg.get("action"))
        return {"type": "result", "id": msg_id, "ok": True, "version": acted.version}
    except ApiError as exc:
        return {"type": "result", "id": msg_id, **exc.to_dict()}
    except (StoreError, SQLAlchemyError) as exc:
        return {"type": "result", "id": msg_id, **_store_failure(exc).to_dict()}


def _store_failure(exc: Exception) -> ApiError:
    """The answer to a failed write, over HTTP and the WebSocket alike."""
    if isinstance(exc, StoreError):  # another writer moved the game on
        log.error("store: %s", exc)
        return ApiError(409, "stale", f"the game changed meanwhile: {exc}")
    log.error("database error: %s", " ".join(str(exc).split())[:300])
    return ApiError(503, "unavailable", "the game store is unavailable; nothing was changed")
