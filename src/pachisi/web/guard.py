"""The server's gate: what every request passes before the API sees it.

:class:`Guard` is a pure ASGI middleware, outermost, so that it holds for
every answer, errors included:

* **security headers** on every HTTP answer, a 500 too (an unexpected error
  is answered here, with the headers and the usual JSON error body, and
  logged once); the content security policy names the WebSocket address of
  the page's own host, never a wildcard;
* **allowed hosts**: a request whose ``Host`` header names a host the server
  was not told it is reached by (``allowed_hosts``; IP addresses are always
  allowed) is refused, so that a page of another site whose name was made
  to point at this server (DNS rebinding) cannot use it;
* **same origin**: a request that changes something (``POST``) or opens a
  WebSocket, sent by a page of another site (an ``Origin`` header naming
  another scheme, host or port than the request's own, or than the public
  base URL), is refused, so other websites cannot create games or listen
  in through a visitor's browser; requests without ``Origin`` (scripts,
  ``curl``) are let through;
* **rate limits** (:class:`Limits`), per client address and per network (a
  ``/24`` of IPv4, a ``/56`` of IPv6), never for everyone together, so
  that nobody can spend everyone's budget: games created, and WebSockets
  open. WebSockets that send nothing for ``websocket_idle`` seconds are
  closed (4408); when the server holds its most, a newcomer is let in by
  closing the longest-silent WebSocket of the network holding the most
  (1013), unless that network would then hold fewer than the newcomer's, so that there is
  always room for new visitors;
* a refused WebSocket is accepted and closed at once with its code (1013:
  try again later; 4403: forbidden), so that the client sees the code and
  not an HTTP 403;
* a client that goes away while its request is read ends quietly (one
  debug line), not with a traceback.

Limits on the connection itself (a request head sent slowly, WebSocket
messages too large, idle HTTP connections) belong to the HTTP server:
:mod:`pachisi.web.server`; which proxies' ``X-Forwarded-For`` is believed
too.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import math
import re
import time
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "CLOSE_FORBIDDEN",
    "CLOSE_IDLE",
    "CLOSE_TRY_LATER",
    "SECURITY_HEADERS",
    "Guard",
    "Limits",
    "TokenBucket",
    "network_of",
]

log = logging.getLogger("pachisi.web")

#: A WebSocket refused or closed because the server is full: try again later.
CLOSE_TRY_LATER = 1013
#: A WebSocket refused: opened by another site's page, or for a host not allowed.
CLOSE_FORBIDDEN = 4403
#: A WebSocket closed because its client sent nothing for too long.
CLOSE_IDLE = 4408

_CSP = (
    "default-src 'self'; connect-src 'self'{ws}; img-src 'self' data:; "
    "style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)

#: Sent with every HTTP answer (the policy's WebSocket addresses are added per request).
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]

#: What a ``Host`` header may hold to be named in the policy (a name or address, a port).
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$")


@dataclass(frozen=True)
class Limits:
    """How much one client, and one network of clients, may ask of a server.

    ``creates_per_minute`` games a client address may create (with bursts of
    ``create_burst``), ``network_creates_per_minute`` (bursts of
    ``network_create_burst``) all the addresses of one network together;
    ``websockets_per_client`` WebSockets open at once per address and
    ``websockets`` in all (over it, the longest-silent WebSocket of the
    network holding the most is closed to make room); ``websocket_idle``
    seconds a WebSocket may send nothing before it is closed. ``None`` turns
    a limit off. There is deliberately no limit for everyone together that
    a few clients could use up.
    """

    creates_per_minute: float | None = 30
    create_burst: int = 10
    network_creates_per_minute: float | None = 120
    network_create_burst: int = 40
    websockets_per_client: int | None = 64
    websockets: int | None = 2000
    websocket_idle: float | None = 180.0

    @classmethod
    def off(cls) -> Limits:
        """No limits at all (load tests)."""
        return cls(None, 1, None, 1, None, None, None)


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up, per key (least recent forgotten)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds until ``key`` has a token (0 if it has one now); takes nothing."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

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


def network_of(address: str) -> str:
    """The network a client address counts in: its ``/24`` (IPv4) or ``/56`` (IPv6).

    Anything else (a test client's name) is its own network.
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 56
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _origin_of(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` of an address, default ports made explicit; ``None`` if odd."""
    scheme = {"ws": "http", "wss": "https"}.get(scheme, scheme)
    if scheme not in ("http", "https"):
        return None
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port
    except ValueError:
        return None
    if not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or (443 if scheme == "https" else 80)


def _host_name(host: str) -> str | None:
    """The name or address of a ``Host`` header, without its port; ``None`` if malformed."""
    if not _HOST.match(host):
        return None
    name = host.rsplit(":", 1)[0] if not host.endswith("]") and ":" in host else host
    return name.strip("[]").lower().rstrip(".")


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class _Socket:
    """One WebSocket the guard counts: its client, network, and when it last spoke."""

    __slots__ = ("client", "closing", "kill", "last", "network")

    def __init__(self, client: str, network: str, now: float) -> None:
        self.client = client
        self.network = network
        self.last = now
        self.kill: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.closing = False


class Guard:
    """The gate of the module's description, around the application ``app``.

    ``allowed_hosts``: the host names the server is reached by (``None``: any;
    IP addresses are always allowed); ``base_url``: its public address, whose
    origin is the site's own (a page served over HTTPS by a proxy).
    """

    def __init__(
        self,
        app: ASGIApp,
        limits: Limits | None = None,
        *,
        allowed_hosts: Iterable[str] | None = None,
        base_url: str | None = None,
    ) -> None:
        self.app = app
        self.limits = limits if limits is not None else Limits()
        lim = self.limits
        self._creates = (
            TokenBucket(lim.creates_per_minute / 60, lim.create_burst)
            if lim.creates_per_minute
            else None
        )
        self._network_creates = (
            TokenBucket(lim.network_creates_per_minute / 60, lim.network_create_burst)
            if lim.network_creates_per_minute
            else None
        )
        hosts = None if allowed_hosts is None else {h.strip().lower() for h in allowed_hosts}
        self.allowed_hosts = None if hosts is None or "*" in hosts else hosts - {""}
        self._public: tuple[str, str, int] | None = None
        if base_url:
            parts = urlsplit(base_url)
            self._public = _origin_of(parts.scheme, parts.netloc)
            if self.allowed_hosts is not None and parts.hostname:
                self.allowed_hosts.add(parts.hostname.lower())
        #: Open WebSockets per client address.
        self.sockets: dict[str, int] = {}
        #: Open WebSockets per network, oldest first.
        self._networks: dict[str, dict[_Socket, None]] = {}
        self._total = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    # -- hosts and origins ------------------------------------------------------------

    def _host_refused(self, scope: Scope) -> bool:
        """Whether the ``Host`` header names a host this server is not reached by."""
        if self.allowed_hosts is None:
            return False
        host = _header(scope, b"host")
        name = _host_name(host) if host is not None else None
        return name is None or not (name in self.allowed_hosts or _is_ip(name))

    def _cross_origin(self, scope: Scope) -> bool:
        """Whether the request comes from a page of another site than this server."""
        origin = _header(scope, b"origin")
        if origin is None:
            return False
        host = _header(scope, b"host")
        if origin == "null" or host is None:
            return True
        parts = urlsplit(origin)
        theirs = _origin_of(parts.scheme, parts.netloc)
        if theirs is None:
            return True
        if self._public is not None and theirs == self._public:
            return False
        return theirs != _origin_of(str(scope.get("scheme", "http")), host)

    def _csp(self, scope: Scope) -> bytes:
        """The content security policy: WebSockets to the page's own host only."""
        hosts: list[str] = []
        host = _header(scope, b"host")
        if host is not None and _HOST.match(host):
            hosts.append(host.lower())
        if self._public is not None:
            _, name, port = self._public
            default = 443 if self._public[0] == "https" else 80
            public = name if port == default else f"{name}:{port}"
            if ":" in name:
                public = f"[{name}]" if port == default else f"[{name}]:{port}"
            if public not in hosts:
                hosts.append(public)
        ws = "".join(f" ws://{h} wss://{h}" for h in hosts)
        return _CSP.format(ws=ws).encode()

    # -- HTTP ------------------------------------------------------------------------

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False
        headers = [*SECURITY_HEADERS, (b"content-security-policy", self._csp(scope))]

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                message["headers"] = list(message.get("headers", [])) + headers
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
        if self._host_refused(scope):
            return (
                400, "bad_host",
                "this server is not reached by that host name (its --allowed-hosts)", None,
            )  # fmt: skip
        if scope.get("method") != "POST":
            return None
        if self._cross_origin(scope):
            return 403, "forbidden", "requests from another website are refused", None
        if scope.get("path") == "/api/games":
            wait = self._take_create(_client(scope))
            if wait > 0:
                return 429, "too_many", "too many games created; try again later", wait
        return None

    def _take_create(self, client: str) -> float:
        """Take a creation from the client's and its network's budgets (both, or neither)."""
        network = network_of(client)
        wait = 0.0
        if self._creates is not None:
            wait = self._creates.wait(client)
        if self._network_creates is not None:
            wait = max(wait, self._network_creates.wait(network))
        if wait > 0:
            return wait
        if self._creates is not None:
            self._creates.take(client)
        if self._network_creates is not None:
            self._network_creates.take(network)
        return 0.0

    # -- WebSockets ------------------------------------------------------------------

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self._host_refused(scope) or self._cross_origin(scope):
            await _refuse_websocket(receive, send, CLOSE_FORBIDDEN)
            return
        client = _client(scope)
        sock = self._admit(client)
        if sock is None:
            await _refuse_websocket(receive, send, CLOSE_TRY_LATER)
            return
        try:
            await self.app(scope, self._receiver(sock, receive, send), self._sender(sock, send))
        finally:
            self._forget(sock)

    def _admit(self, client: str) -> _Socket | None:
        """Count a new WebSocket of ``client`` in, making room if need be; ``None``: refused."""
        lim = self.limits
        mine = self.sockets.get(client, 0)
        if lim.websockets_per_client is not None and mine >= lim.websockets_per_client:
            return None
        network = network_of(client)
        if lim.websockets is not None and self._total >= lim.websockets:
            mine = len(self._networks.get(network, ()))
            fullest = max(self._networks.values(), key=len, default=None)
            # Room is made only at the expense of a network holding more than the
            # newcomer's would after it, so that nobody is pushed out by an equal.
            if not fullest or len(fullest) <= mine + 1:
                return None
            victim = min(fullest, key=lambda s: s.last)
            log.info("server full: closing a silent WebSocket of %s", victim.network)
            self._close(victim, CLOSE_TRY_LATER)
        sock = _Socket(client, network, time.monotonic())
        self.sockets[client] = self.sockets.get(client, 0) + 1
        self._networks.setdefault(network, {})[sock] = None
        self._total += 1
        return sock

    def _close(self, sock: _Socket, code: int) -> None:
        """Close a WebSocket from here (it stops counting at once)."""
        self._forget(sock)
        if not sock.kill.done():
            sock.kill.set_result(code)

    def _forget(self, sock: _Socket) -> None:
        held = self._networks.get(sock.network)
        if held is None or sock not in held:
            return
        del held[sock]
        if not held:
            del self._networks[sock.network]
        left = self.sockets[sock.client] - 1
        if left:
            self.sockets[sock.client] = left
        else:
            del self.sockets[sock.client]
        self._total -= 1

    def _receiver(self, sock: _Socket, receive: Receive, send: Send) -> Receive:
        """``receive`` that notes when the client spoke, and ends the socket when told to
        (room made for a newcomer) or when the client has been silent too long."""
        idle = self.limits.websocket_idle

        async def guarded() -> Message:
            if sock.closing:
                return {"type": "websocket.disconnect", "code": 1000}
            reading = asyncio.ensure_future(receive())
            timeout = None if idle is None else max(0.0, sock.last + idle - time.monotonic())
            done, _ = await asyncio.wait(
                (reading, sock.kill), timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            if reading in done:
                message: Message = reading.result()
                if message["type"] == "websocket.receive":
                    sock.last = time.monotonic()
                    held = self._networks.get(sock.network)
                    if held is not None and sock in held:  # most recently heard: last
                        del held[sock]
                        held[sock] = None
                return message
            reading.cancel()
            with contextlib.suppress(BaseException):
                await reading
            code = sock.kill.result() if sock.kill.done() else CLOSE_IDLE
            if code == CLOSE_IDLE:
                log.debug("closing a WebSocket of %s silent for %s s", sock.client, idle)
            sock.closing = True
            self._forget(sock)
            with contextlib.suppress(Exception):
                await send({"type": "websocket.close", "code": code})
            return {"type": "websocket.disconnect", "code": code}

        return guarded

    @staticmethod
    def _sender(sock: _Socket, send: Send) -> Send:
        """``send`` that drops what the application sends once the guard has closed it."""

        async def guarded(message: Message) -> None:
            if sock.closing:
                return
            await send(message)

        return guarded


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
    """Accept and close at once with ``code``: a refusal the client can read.

    (Closing before accepting makes the HTTP server answer the handshake with
    a bare 403, which says nothing of why.)
    """
    message: Any = await receive()
    if message["type"] == "websocket.connect":
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": code})
