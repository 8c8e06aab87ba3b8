"""The server's gate: what every request passes before the API sees it.

:class:`Guard` is a pure ASGI middleware, outermost, so that it holds for
every answer, errors included:

* **security headers** on every HTTP answer, a 500 too (an unexpected error
  is answered here, with the headers and the usual JSON error body, and
  logged once);
* **same origin**: a request that changes something (``POST``) or opens a
  WebSocket, sent by a page of another site (an ``Origin`` header naming
  another host than the request's own ``Host``), is refused, so other
  websites cannot create games or listen in through a visitor's browser;
  requests without ``Origin`` (scripts, ``curl``) are let through;
* **rate limits** (:class:`Limits`): games created per client address and
  in all, and WebSockets open per client address and in all; over a limit
  the answer is ``429 too_many`` (with ``Retry-After``), or a WebSocket
  closed with code 1013 (try again later) before it is accepted;
* a client that goes away while its request is read ends quietly (one
  debug line), not with a traceback.

Limits on the connection itself (a request head sent slowly, WebSocket
messages too large, idle connections) belong to the HTTP server:
:mod:`pachisi.web.server`.
"""

from __future__ import annotations

import json
import logging
import math
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["SECURITY_HEADERS", "Guard", "Limits", "TokenBucket"]

log = logging.getLogger("pachisi.web")

#: Sent with every HTTP answer.
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        b"style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
        b"frame-ancestors 'none'",
    ),
]


@dataclass(frozen=True)
class Limits:
    """How much one client, and everyone together, may ask of a server.

    ``creates_per_minute`` games a client address may create (with bursts of
    ``create_burst``), ``all_creates_per_second`` for all clients together;
    ``websockets_per_client`` and ``websockets`` open at once. ``None``
    turns a limit off.
    """

    creates_per_minute: float | None = 30
    create_burst: int = 10
    all_creates_per_second: float | None = 20
    websockets_per_client: int | None = 64
    websockets: int | None = 2000

    @classmethod
    def off(cls) -> Limits:
        """No limits at all (load tests)."""
        return cls(None, 1, None, None, None)


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up, per key (least recent forgotten)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str, now: float | None = None) -> float:
        """Take a token for ``key``: 0 if there was one, else the seconds until there is."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.keys:
            self._buckets.popitem(last=False)
        return wait


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cross_origin(scope: Scope) -> bool:
    """Whether the request comes from a page of another site than this server."""
    origin = _header(scope, b"origin")
    if origin is None:
        return False
    host = _header(scope, b"host")
    parts = urlsplit(origin)
    return origin == "null" or host is None or parts.netloc.lower() != host.lower()


class Guard:
    """The gate of the module's description, around the application ``app``."""

    def __init__(self, app: ASGIApp, limits: Limits | None = None) -> None:
        self.app = app
        self.limits = limits if limits is not None else Limits()
        lim = self.limits
        self._creates = (
            TokenBucket(lim.creates_per_minute / 60, lim.create_burst)
            if lim.creates_per_minute
            else None
        )
        self._all_creates = (
            TokenBucket(lim.all_creates_per_second, max(1.0, lim.all_creates_per_second))
            if lim.all_creates_per_second
            else None
        )
        self.sockets: dict[str, int] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # -- HTTP ------------------------------------------------------------------------

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            status, code, text, retry = refusal
            await _answer(send_with_headers, status, code, text, retry)
            return
        try:
            await self.app(scope, receive, send_with_headers)
        except ClientDisconnect:
            log.debug("client went away during %s %s", scope.get("method"), scope.get("path"))
        except Exception:
            log.exception("internal error answering %s %s", scope.get("method"), scope.get("path"))
            if not started:
                await _answer(send_with_headers, 500, "internal", "internal error", None)

    def _refusal(self, scope: Scope) -> tuple[int, str, str, float | None] | None:
        if scope.get("method") != "POST":
            return None
        if _cross_origin(scope):
            return 403, "forbidden", "requests from another website are refused", None
        if scope.get("path") == "/api/games":
            wait = self._take_create(_client(scope))
            if wait > 0:
                return 429, "too_many", "too many games created; try again later", wait
        return None

    def _take_create(self, client: str) -> float:
        wait = 0.0
        if self._creates is not None:
            wait = self._creates.take(client)
        if wait == 0 and self._all_creates is not None:
            wait = self._all_creates.take("")
        return wait

    # -- WebSockets ------------------------------------------------------------------

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        if _cross_origin(scope):
            await _refuse_websocket(receive, send, 4403)
            return
        client = _client(scope)
        lim = self.limits
        mine = self.sockets.get(client, 0)
        total = sum(self.sockets.values())
        if (lim.websockets_per_client is not None and mine >= lim.websockets_per_client) or (
            lim.websockets is not None and total >= lim.websockets
        ):
            await _refuse_websocket(receive, send, 1013)
            return
        self.sockets[client] = mine + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.sockets[client] - 1
            if left:
                self.sockets[client] = left
            else:
                del self.sockets[client]


def _client(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else ""


async def _answer(
    send: Send, status: int, code: str, message: str, retry_after: float | None
) -> None:
    body = json.dumps({"ok": False, "error": {"code": code, "message": message}}).encode()
    headers: list[tuple[bytes, bytes]] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
    ]
    if retry_after is not None:
        headers.append((b"retry-after", str(max(1, math.ceil(retry_after))).encode()))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _refuse_websocket(receive: Receive, send: Send, code: int) -> None:
    message: Any = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": code})
