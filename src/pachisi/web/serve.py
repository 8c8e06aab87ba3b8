"""``pachisi serve``: the web server (needs the ``web`` extra).

This module only declares the command; FastAPI, uvicorn and SQLAlchemy are
imported when it runs, so the rest of the command line works without them.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

__all__ = ["register", "run"]

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
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
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
    p.add_argument("--log-level", default="warning", help="uvicorn log level (warning)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    if not 0 < args.port < 65536:
        print(f"pachisi: bad port {args.port}", file=sys.stderr)
        return 2
    if args.bot_delay < 0:
        print("pachisi: --bot-delay cannot be negative", file=sys.stderr)
        return 2
    try:
        import uvicorn

        from .app import create_app
    except ModuleNotFoundError as exc:
        print(f"pachisi: {_MISSING.format(name=exc.name)}", file=sys.stderr)
        return 1
    app = create_app(args.db, bot_delay=args.bot_delay)
    where = f"http://{args.host}:{args.port}/"
    from sqlalchemy.engine import make_url

    shown = make_url(app.state.store.url).render_as_string(hide_password=True)
    print(f"pachisi: serving on {where} (games in {shown}); Ctrl-C stops", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level)
    return 0
