"""Databases for the web store tests: a throwaway PostgreSQL cluster on loopback.

:func:`postgres_cluster` makes a cluster in a temporary directory with
``initdb`` (trust authentication, loopback only), starts it with ``pg_ctl`` on
a free port, creates one database and gives its SQLAlchemy URL; on leaving it
stops the server (``pg_ctl stop -m fast``) and deletes the directory. Nothing
depends on a system cluster (Debian's package may start one on port 5432: it
is left alone).

``initdb`` refuses to run as root, so as root every server command runs as the
``postgres`` system user (``runuser -u postgres --``) in a directory it owns;
otherwise the commands run as the current user. ``tests/conftest.py`` turns
this into the fixtures ``pg_url``, ``pg_db_url`` and ``db_url``.
"""

from __future__ import annotations

import contextlib
import os
import pwd
import re
import secrets
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from helpers import free_port

if TYPE_CHECKING:
    from sqlalchemy import Engine

__all__ = [
    "PostgresStartError",
    "create_database",
    "drop_database",
    "find_pg_tools",
    "missing_reason",
    "postgres_cluster",
]

#: The programs needed to make and run a cluster.
PG_TOOLS = ("initdb", "pg_ctl")
#: The superuser of the throwaway cluster (``initdb -U``), whoever runs it.
PG_USER = "postgres"
#: Where Debian installs the server programs (one directory per major version).
PG_LIB = Path("/usr/lib/postgresql")

_STARTUP_SECONDS = 60


class PostgresStartError(RuntimeError):
    """The throwaway cluster could not be made or started (the message holds the logs)."""


def find_pg_tools() -> dict[str, Path] | None:
    """``initdb`` and ``pg_ctl``: from PATH, else the newest ``/usr/lib/postgresql/*/bin``."""
    found = {tool: shutil.which(tool) for tool in PG_TOOLS}
    if all(found.values()):
        return {tool: Path(path) for tool, path in found.items() if path}

    def version(bindir: Path) -> tuple[int, ...]:
        return tuple(int(part) for part in re.findall(r"\d+", bindir.parent.name))

    bindirs = [d for d in PG_LIB.glob("*/bin") if all((d / t).is_file() for t in PG_TOOLS)]
    if not bindirs:
        return None
    newest = max(bindirs, key=version)
    return {tool: newest / tool for tool in PG_TOOLS}


def missing_reason() -> str:
    """Why there is no PostgreSQL to test against (for a skip or a failure)."""
    return (
        "PostgreSQL server programs (initdb, pg_ctl) not found on PATH or in "
        f"{PG_LIB}/*/bin; install Debian's 'postgresql' package (.ci/run does)"
    )


def _read(path: Path) -> str:
    try:
        return path.read_text(errors="replace")
    except OSError:
        return ""


class _Runner:
    """Runs the server programs as the right user, in the cluster's directory."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise PostgresStartError(
                    "running as root, where initdb refuses to run, and there is no 'postgres' "
                    "system user to run it as (Debian's 'postgresql' package creates one)"
                ) from None
            search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
            runuser = shutil.which("runuser", path=search)
            if runuser is None:
                raise PostgresStartError("running as root and 'runuser' is not installed")
            os.chown(base, owner.pw_uid, owner.pw_gid)
            self.prefix = [runuser, "-u", "postgres", "--"]

    def run(self, what: str, *args: str | Path) -> subprocess.CompletedProcess[str]:
        """Run a program (output to a log file: ``pg_ctl`` leaves a server behind)."""
        log = self.base / f"{what}.out"
        with log.open("w") as out:
            proc = subprocess.run(
                [*self.prefix, *map(str, args)],
                cwd=self.base,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
                text=True,
                timeout=_STARTUP_SECONDS + 30,
                check=False,
            )
        proc.stdout = _read(log)
        return proc


def _failure(what: str, proc: subprocess.CompletedProcess[str], *logs: Path) -> str:
    parts = [f"{what} failed (exit {proc.returncode}): {shlex.join(map(str, proc.args))}"]
    parts.append(proc.stdout.strip() or "(no output)")
    for log in logs:
        text = _read(log).strip()
        if text:
            parts.append(f"--- {log.name} ---\n{text}")
    return "\n".join(parts)


def _wait_until_ready(url: str, server_log: Path) -> None:
    import sqlalchemy as sa

    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    deadline = time.monotonic() + _STARTUP_SECONDS
    try:
        while True:
            try:
                with engine.connect() as conn:
                    conn.execute(sa.text("SELECT 1"))
                return
            except sa.exc.OperationalError as exc:
                if time.monotonic() > deadline:
                    raise PostgresStartError(
                        f"the server did not accept connections at {url} within "
                        f"{_STARTUP_SECONDS} s: {exc}\n--- server log ---\n{_read(server_log)}"
                    ) from None
                time.sleep(0.1)
    finally:
        engine.dispose()


def _admin_engine(url: str) -> Engine:
    """An autocommit engine on the cluster's ``postgres`` database (CREATE/DROP DATABASE)."""
    import sqlalchemy as sa

    admin = sa.make_url(url).set(database="postgres")
    return sa.create_engine(admin, isolation_level="AUTOCOMMIT", poolclass=sa.pool.NullPool)


def create_database(url: str, name: str | None = None) -> str:
    """Create an empty database (``test_<random>`` by default) on the cluster of ``url``."""
    import sqlalchemy as sa

    name = name or f"test_{secrets.token_hex(6)}"
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        raise ValueError(f"not a plain database name: {name!r}")
    engine = _admin_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    finally:
        engine.dispose()
    return sa.make_url(url).set(database=name).render_as_string(hide_password=False)


def drop_database(url: str) -> None:
    """Drop the database of ``url``, closing whatever connections are left to it."""
    import sqlalchemy as sa

    name = sa.make_url(url).database
    engine = _admin_engine(url)
    try:
        with engine.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()


@contextlib.contextmanager
def postgres_cluster(database: str = "pachisi") -> Iterator[str]:
    """A fresh PostgreSQL server on 127.0.0.1 with one empty database: its SQLAlchemy URL.

    Raises :class:`PostgresStartError` (with initdb's, pg_ctl's and the
    server's output) if it cannot be made or started, and
    :class:`FileNotFoundError` if the programs are not installed.
    """
    tools = find_pg_tools()
    if tools is None:
        raise FileNotFoundError(missing_reason())
    # Not under pytest's basetemp: as root the 'postgres' user must reach the directory.
    base = Path(tempfile.mkdtemp(prefix="pachisi-pg-"))
    data = base / "data"
    server_log = base / "server.log"
    started = False
    try:
        runner = _Runner(base)
        proc = runner.run(
            "initdb",
            tools["initdb"], "-D", data, "-U", PG_USER, "--auth=trust",
            "-E", "UTF8", "--no-locale", "--no-sync",
        )  # fmt: skip
        if proc.returncode != 0:
            raise PostgresStartError(_failure("initdb", proc))
        for attempt in range(3):
            port = free_port()
            options = (
                f"-c listen_addresses=127.0.0.1 -p {port} -k {shlex.quote(str(base))} -c fsync=off"
            )
            proc = runner.run(
                "pg_ctl-start",
                tools["pg_ctl"], "-D", data, "-l", server_log, "-w", "-t", str(_STARTUP_SECONDS),
                "-o", options, "start",
            )  # fmt: skip
            if proc.returncode == 0:
                started = True
                break
            # Another process may have taken the port between the check and the start.
            if attempt < 2 and "Address already in use" in _read(server_log):
                continue
            raise PostgresStartError(_failure("pg_ctl start", proc, server_log))
        admin_url = f"postgresql+psycopg://{PG_USER}@127.0.0.1:{port}/postgres"
        _wait_until_ready(admin_url, server_log)
        yield create_database(admin_url, database)
    finally:
        if started:
            proc = runner.run(
                "pg_ctl-stop", tools["pg_ctl"], "-D", data, "-m", "fast", "-w", "stop"
            )
            if proc.returncode != 0:  # reported, the directory still goes
                print(_failure("pg_ctl stop", proc, server_log))
        shutil.rmtree(base, ignore_errors=True)
