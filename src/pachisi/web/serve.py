"""``pachisi serve``: the web server (needs the ``web`` extra).

This module only declares the command; FastAPI, uvicorn and SQLAlchemy are
imported when it runs, so the rest of the command line works without them.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import Any
from urllib.parse import urlsplit

from ..extras import install_hint

__all__ = ["ALLOWED_HOSTS_ENV", "BASE_URL_ENV", "allowed_hosts", "base_url", "register", "run"]

#: The environment variable that gives the public address when ``--base-url`` does not.
BASE_URL_ENV = "PACHISI_BASE_URL"
#: The environment variable that gives the allowed host names when ``--allowed-hosts`` does not.
ALLOWED_HOSTS_ENV = "PACHISI_ALLOWED_HOSTS"

_MISSING = (
    "pachisi serve needs "
    + install_hint("web").replace("{", "{{").replace("}", "}}")
    + " (it is not installed: no module named {name})"
)


def register(subparsers: Any) -> None:
    """Add ``serve`` to the command line."""
    p = subparsers.add_parser(
        "serve",
        help="play in the browser: start the web server",
        description=(
            "Start the web server: play against the computer or with friends by link, "
            "watch and replay games (docs/web.md)."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (127.0.0.1: this machine only; 0.0.0.0: every interface)",
    )
    p.add_argument(
        "--base-url",
        default=None,
        metavar="URL",
        help="the public address of the server that share links start with, such as "
        f"https://pachisi.example.org (default: ${BASE_URL_ENV}, else the address in "
        "the browser)",
    )
    p.add_argument("--port", type=int, default=8000, help="port (8000)")
    p.add_argument(
        "--db",
        default="pachisi-games.sqlite",
        help="a SQLite file, or a database URL such as "
        "postgresql://user:password@host/name (pachisi-games.sqlite)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.8,
        help="seconds a computer seat waits before playing, so the dice can be seen (0.8)",
    )
    p.add_argument(
        "--computer-workers",
        type=int,
        default=None,
        metavar="N",
        help="processes choosing computer seats' plays (one less than the CPUs, at least 1)",
    )
    p.add_argument(
        "--creates-per-minute",
        type=float,
        default=30,
        metavar="N",
        help="games one client address may create a minute, in bursts of 10 (30; 0: no limit)",
    )
    p.add_argument(
        "--max-websockets",
        type=int,
        default=2000,
        metavar="N",
        help="WebSockets open at once, 64 at most per client address; when full, the most "
        "silent of the network holding the most makes room for a newcomer (2000; 0: no limit)",
    )
    p.add_argument(
        "--websocket-idle",
        type=float,
        default=180.0,
        metavar="S",
        help="seconds a WebSocket may send nothing before it is closed; the pages ping "
        "every 20 s (180; 0: never)",
    )
    p.add_argument(
        "--allowed-hosts",
        default=None,
        metavar="NAMES",
        help="comma-separated host names the server is reached by; requests naming another "
        "host (DNS rebinding) are refused; IP addresses are always allowed "
        f"(default: ${ALLOWED_HOSTS_ENV}, else localhost and the host of --base-url; "
        "'*': any)",
    )
    p.add_argument(
        "--proxies",
        default="",
        metavar="ADDRESSES",
        help="comma-separated addresses of reverse proxies whose X-Forwarded-For and "
        "X-Forwarded-Proto are believed, such as 127.0.0.1 (default: none)",
    )
    p.add_argument(
        "--header-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds a client has to send a request's head before it is cut off (10)",
    )
    p.add_argument(
        "--computer-lease",
        type=float,
        default=30.0,
        metavar="S",
        help="seconds a server's claim on a game's computer seats lasts unless renewed; "
        "another server on the database takes the game over after that (30)",
    )
    p.add_argument(
        "--anonymous-chat",
        action="store_true",
        help="let visitors who are not signed in write in the games' chats "
        "(default: they read only)",
    )
    p.add_argument(
        "--seeks-per-minute",
        type=float,
        default=20.0,
        metavar="N",
        help="seeks one client address may post a minute, in bursts of 6 (20; 0: no limit)",
    )
    p.add_argument("--log-level", default="warning", help="uvicorn log level (warning)")
    p.set_defaults(func=run)


def base_url(value: str | None) -> str | None:
    """A public base URL, checked and without a trailing slash; ``ValueError`` if malformed."""
    if value is None or not value.strip():
        return None
    value = value.strip()
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise ValueError(f"{value!r} is not an http:// or https:// address")
    if parts.query or parts.fragment or "@" in parts.netloc:
        raise ValueError(f"{value!r} must be a plain address (no user, query or fragment)")
    return value.rstrip("/")


def allowed_hosts(value: str | None, public: str | None, host: str) -> list[str]:
    """The host names a server is reached by: ``value`` (comma-separated), else the defaults.

    The defaults are ``localhost``, the host of the public address ``public`` and
    the listening ``host`` when it is a name; IP addresses are allowed anyway.
    """
    if value is not None and value.strip():
        return [h.strip().lower() for h in value.split(",") if h.strip()]
    names = ["localhost"]
    if public:
        name = urlsplit(public).hostname
        if name:
            names.append(name.lower())
    if host and not _is_address(host):
        names.append(host.lower())
    return names


def _is_address(host: str) -> bool:
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return False
    return True


def _listen(host: str, port: int) -> Any:
    """A socket bound to ``host:port`` (the server listens on it); ``OSError`` if it cannot be.

    Bound as uvicorn binds (IPv6 for an address with a colon, else IPv4), so
    that a busy port is found before anything else is done.
    """
    import socket

    name = host.strip("[]")
    family = socket.AF_INET6 if ":" in name else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((name, port))
    except OSError:
        sock.close()
        raise
    except Exception as exc:  # a host name that does not resolve, say
        sock.close()
        raise OSError(str(exc)) from exc
    return sock


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    if not 0 < args.port < 65536:
        print(f"pachisi: bad port {args.port}", file=sys.stderr)
        return 2
    if args.bot_delay < 0:
        print("pachisi: --bot-delay cannot be negative", file=sys.stderr)
        return 2
    for name in ("computer_workers", "creates_per_minute", "max_websockets", "seeks_per_minute"):
        value = getattr(args, name)
        if value is not None and value < 0:
            print(f"pachisi: --{name.replace('_', '-')} cannot be negative", file=sys.stderr)
            return 2
    if args.websocket_idle < 0:
        print("pachisi: --websocket-idle cannot be negative", file=sys.stderr)
        return 2
    for name in ("header_timeout", "computer_lease"):
        if not getattr(args, name) > 0:
            print(f"pachisi: --{name.replace('_', '-')} must be positive", file=sys.stderr)
            return 2
    given = args.base_url if args.base_url is not None else os.environ.get(BASE_URL_ENV)
    try:
        public = base_url(given)
    except ValueError as exc:
        source = "--base-url" if args.base_url is not None else BASE_URL_ENV
        print(f"pachisi: {source}: {exc}", file=sys.stderr)
        return 2
    try:
        import uvicorn

        from .app import create_app
        from .club_play import ClubLimits
        from .guard import Limits
        from .server import config
    except ModuleNotFoundError as exc:
        print(f"pachisi: {_MISSING.format(name=exc.name)}", file=sys.stderr)
        return 1
    workers = args.computer_workers
    if workers is None:
        workers = max(1, (os.cpu_count() or 2) - 1)
    limits = Limits(
        creates_per_minute=args.creates_per_minute or None,
        network_creates_per_minute=4 * args.creates_per_minute or None,
        websockets=args.max_websockets or None,
        websockets_per_client=64 if args.max_websockets else None,
        websocket_idle=args.websocket_idle or None,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    # Nothing is created before the port is ours: a busy port is said in one line.
    try:
        listening = _listen(args.host, args.port)
    except OSError as exc:
        why = exc.strerror or str(exc)
        print(f"pachisi: cannot listen on {host}:{args.port}: {why}", file=sys.stderr)
        return 1
    proxies = [a.strip() for a in args.proxies.split(",") if a.strip()]
    hosts = (
        args.allowed_hosts if args.allowed_hosts is not None else os.environ.get(ALLOWED_HOSTS_ENV)
    )
    app = create_app(
        args.db,
        bot_delay=args.bot_delay,
        computer_workers=workers,
        limits=limits,
        base_url=public,
        lease=args.computer_lease,
        allowed_hosts=allowed_hosts(hosts, public, args.host),
        anonymous_chat=args.anonymous_chat,
        club_limits=ClubLimits(seeks_per_minute=args.seeks_per_minute or None),
    )
    where = f"http://{host}:{args.port}/"
    from sqlalchemy.engine import make_url

    store = app.state.store
    shown = make_url(store.url).render_as_string(hide_password=True)
    try:  # the store is opened (and migrated) before anyone is told to come
        store.migrate()
    except Exception as exc:
        listening.close()
        store.dispose()
        why = " ".join(str(getattr(exc, "orig", None) or exc).split())[:300]
        print(f"pachisi: cannot open the game store {shown}: {why}", file=sys.stderr)
        return 1
    print(f"pachisi: serving on {where} (games in {shown}); Ctrl-C stops", flush=True)
    if public:
        print(f"pachisi: share links start with {public}/", flush=True)
    cfg = config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        header_timeout=args.header_timeout,
        proxies=proxies,
    )
    server = uvicorn.Server(cfg)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped cleanly
        server.run(sockets=[listening])
    if not server.started:
        return 1
    return 0
