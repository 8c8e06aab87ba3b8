"""``pachisi club``: running a club from the command line (needs the ``web`` extra).

``pachisi club moderator NAME [--revoke] [--db DB]`` grants (or revokes) the
moderator role of the account ``NAME`` in the database ``pachisi serve``
uses. The database is migrated first, as the server does when it starts.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from ..extras import install_hint

__all__ = ["register", "run_moderator"]


def register(subparsers: Any) -> None:
    """Add ``club`` (and its own commands) to the command line."""
    p = subparsers.add_parser(
        "club",
        help="run a club: grant the moderator role",
        description="Commands for the people who run a club (docs/web.md, 'Running a club').",
    )
    sub = p.add_subparsers(dest="club_command", metavar="COMMAND", required=True)
    m = sub.add_parser(
        "moderator",
        help="grant (or revoke) an account's moderator role",
        description="Grant the moderator role to the account NAME (or revoke it).",
    )
    m.add_argument("name", metavar="NAME", help="the account's name (any case)")
    m.add_argument("--revoke", action="store_true", help="take the role away instead")
    m.add_argument(
        "--db",
        default="pachisi-games.sqlite",
        help="the server's database: a SQLite file, or a URL such as "
        "postgresql://user:password@host/name (pachisi-games.sqlite)",
    )
    m.set_defaults(func=run_moderator)


def run_moderator(args: argparse.Namespace) -> int:
    """Grant or revoke the role; 1 (and a line on stderr) if there is no such account."""
    try:
        import sqlalchemy  # noqa: F401
    except ImportError as exc:
        print(f"pachisi club needs {install_hint('web')} ({exc})", file=sys.stderr)
        return 1
    from .accounts import Accounts
    from .store import Store, database_url

    store = Store(database_url(args.db))
    try:
        store.migrate()
        try:
            account = Accounts(store.engine, _light_hasher()).set_moderator(
                args.name, not args.revoke
            )
        except LookupError as exc:
            print(f"pachisi: {exc}", file=sys.stderr)
            return 1
    finally:
        store.dispose()
    role = "is a moderator" if account.moderator else "is no longer a moderator"
    print(f"{account.name} {role}")
    return 0


def _light_hasher() -> Any:
    # This command checks no password: a cheap hasher for the service's dummy hash.
    from argon2 import PasswordHasher

    return PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
