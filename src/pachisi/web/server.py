"""The HTTP server of ``pachisi serve``: uvicorn, with limits on connections.

What the application cannot see, the server limits (docs/web.md, *Limits*):

* a request head (request line and headers) must arrive within
  ``header_timeout`` seconds of the connection, or of the previous answer
  on it; a connection that dawdles (slowloris) or sends nothing is closed;
* an idle keep-alive connection is closed after 5 s (uvicorn's default);
* a WebSocket message larger than :data:`pachisi.web.app.MAX_BODY` closes
  the connection (code 1009) before it is read whole; peers that stop
  answering pings for 20 s are dropped;
* at most ``max_connections`` connections and requests at once (new
  requests beyond are answered 503), well under the file-descriptor limit,
  which is raised to its hard maximum when the server starts;
* ``X-Forwarded-For`` and ``X-Forwarded-Proto`` are believed only from the
  ``proxies`` named (none by default: uvicorn's own default would believe
  any client of this machine, which could then pose as any address).
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
from collections.abc import Sequence
from typing import Any

import uvicorn

from .app import MAX_BODY

__all__ = ["HEADER_TIMEOUT", "config", "raise_file_limit"]

#: Seconds a client has to send a request's head.
HEADER_TIMEOUT = 10.0


def _guarded(base: type[Any], timeout: float) -> type[asyncio.Protocol]:
    """``base`` (a uvicorn HTTP protocol) that closes connections slow to send a request head."""

    class HeadTimeout(base):  # type: ignore[misc]
        _head_timer: asyncio.TimerHandle | None = None
        _cycle_seen: object = None

        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._arm()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._arm()

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            super().handle_websocket_upgrade(*args)

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._cycle_seen = self.cycle
            self._head_timer = self.loop.call_later(timeout, self._expire)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _expire(self) -> None:
            self._head_timer = None
            # A request begun since the timer was armed means its head arrived in time.
            if self.cycle is self._cycle_seen and not self.transport.is_closing():
                self.transport.close()

    HeadTimeout.__name__ = f"HeadTimeout{base.__name__}"
    return HeadTimeout


def raise_file_limit() -> int:
    """Raise this process's open-file limit to its hard maximum; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        target = 65536 if hard == resource.RLIM_INFINITY else hard
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def config(
    app: Any,
    *,
    host: str,
    port: int,
    log_level: str = "warning",
    header_timeout: float = HEADER_TIMEOUT,
    max_connections: int | None = None,
    proxies: Sequence[str] = (),
) -> uvicorn.Config:
    """The uvicorn configuration with the limits of this module's description.

    ``proxies``: the addresses (or networks) of the reverse proxies whose
    forwarded headers are believed; ``"*"`` for any.
    """
    files = raise_file_limit()
    if max_connections is None:
        max_connections = max(64, min(4096, files - 128))
    base: type[Any]
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        base = HttpToolsProtocol
    except ImportError:  # pragma: no cover - uvicorn[standard] brings httptools
        from uvicorn.protocols.http.h11_impl import H11Protocol

        base = H11Protocol
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        http=_guarded(base, header_timeout),
        ws_max_size=MAX_BODY,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        timeout_keep_alive=5,
        limit_concurrency=max_connections,
        h11_max_incomplete_event_size=16 * 1024,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=list(proxies) if proxies else [],
    )
