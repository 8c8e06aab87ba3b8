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

__all__ = ["BASE_URL_ENV", "base_url", "register", "run"]

#: The environment variable that gives the public address when ``--base-url`` does not.
BASE_URL_ENV = "PACHISI_BASE_URL"

_MISSING = (
    "pachisi serve needs the web extra, which is not installed: "
    "pip install 'pachisi[web]' (missing module: {name})"
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
        help="WebSockets open at once, 64 at most per client address (2000; 0: no limit)",
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


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    if not 0 < args.port < 65536:
        print(f"pachisi: bad port {args.port}", file=sys.stderr)
        return 2
    if args.bot_delay < 0:
        print("pachisi: --bot-delay cannot be negative", file=sys.stderr)
        return 2
    for name in ("computer_workers", "creates_per_minute", "max_websockets"):
        value = getattr(args, name)
        if value is not None and value < 0:
            print(f"pachisi: --{name.replace('_', '-')} cannot be negative", file=sys.stderr)
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
        all_creates_per_second=20 if args.creates_per_minute else None,
        websockets=args.max_websockets or None,
        websockets_per_client=64 if args.max_websockets else None,
    )
    app = create_app(
        args.db,
        bot_delay=args.bot_delay,
        computer_workers=workers,
        limits=limits,
        base_url=public,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    where = f"http://{host}:{args.port}/"
    from sqlalchemy.engine import make_url

    shown = make_url(app.state.store.url).render_as_string(hide_password=True)
    print(f"pachisi: serving on {where} (games in {shown}); Ctrl-C stops", flush=True)
    if public:
        print(f"pachisi: share links start with {public}/", flush=True)
    cfg = config(
        app,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        header_timeout=args.header_timeout,
    )
    server = uvicorn.Server(cfg)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped cleanly
        server.run()
    if not server.started:
        return 1
    return 0
