"""Where the server keeps its games: SQLite by default, PostgreSQL on request.

The store is deliberately small and synchronous (the server calls it from
worker threads). A game is one row of ``games`` (its start position, seats,
how the first player was chosen, status) plus one row of ``throws`` per throw:
the dice, the steps made with them so far and, once the turn is over, the
play. A throw's row is written *before* the throw is shown to anyone, and
every step is written before it is acknowledged, so a server that stops at
any moment loses nothing: :meth:`Store.load` gives back the game exactly as
it stood.

The schema is created and upgraded by the Alembic migrations in
``pachisi/web/migrations`` (:meth:`Store.migrate`); the same migrations run
on both databases.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ..errors import PachisiError
from ..extras import install_hint

__all__ = [
    "CHANNEL",
    "Change",
    "GameRow",
    "Store",
    "StoreError",
    "ThrowRow",
    "alembic_config",
    "database_url",
    "metadata",
]

_log = logging.getLogger("pachisi.web")

#: The PostgreSQL channel on which every stored change is announced: "GAME_ID VERSION".
CHANNEL = "pachisi_games"

metadata = sa.MetaData()

#: One row per game.
games = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("ruleset", sa.String(16), nullable=False),
    sa.Column("start", sa.Text, nullable=False),
    sa.Column("seats", sa.Text, nullable=False),
    sa.Column("first", sa.Text, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("result", sa.Text, nullable=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Column("rematch", sa.String(32), nullable=True),
    # The server process playing the computer seats, and until when (migration 0002).
    sa.Column("runner", sa.String(64), nullable=True),
    sa.Column("runner_until", sa.DateTime(timezone=True), nullable=True),
    # Who may see it in the lobby, and its social state (migration 0003).
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("social", sa.Text, nullable=True),
    sa.Index("ix_games_updated_at", "updated_at"),
    sa.Index("ix_games_owner", "owner"),
)

#: One row per throw, in order (``n`` from 1).
throws = sa.Table(
    "throws",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("dice", sa.String(8), nullable=False),
    sa.Column("steps", sa.Text, nullable=False),
    sa.Column("play", sa.Text, nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


class StoreError(Exception):
    """The store could not do what was asked (unknown game, conflicting write)."""


@dataclass
class ThrowRow:
    """One throw: its number, seat, dice, steps so far and play once made."""

    n: int
    seat: int
    dice: tuple[int, int]
    steps: list[int] = field(default_factory=list)
    play: str | None = None


@dataclass
class GameRow:
    """One game as stored (``start`` and ``first`` are JSON-ready values)."""

    id: str
    ruleset: str
    start: dict[str, Any]
    seats: list[dict[str, Any]]
    first: dict[str, Any]
    status: str = "playing"
    result: str | None = None
    version: int = 0
    rematch_of: str | None = None
    rematch: str | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None
    #: A hash of the creating browser's token (or ``None``), and whether it is listed for all.
    owner: str | None = None
    public: bool = False
    #: The social state (:mod:`pachisi.web.social`), JSON-ready.
    social: dict[str, Any] = field(default_factory=dict)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime | None) -> datetime | None:
    # SQLite gives naive datetimes back (written in UTC); PostgreSQL gives them
    # in its own time zone. Both are shown in UTC.
    if value is None:
        return None
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def alembic_config(connection: sa.Connection | None) -> Any:
    """The Alembic configuration of our migrations, running on ``connection``."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.attributes["connection"] = connection
    return cfg


def database_url(db: str | None) -> str:
    """A SQLAlchemy URL from ``--db``: a URL as it is, a file path as SQLite."""
    if not db:
        db = "pachisi-games.sqlite"
    if "://" in db:
        if db.startswith("postgresql://"):
            # The psycopg 3 driver is the one the ``web`` extra installs.
            return "postgresql+psycopg://" + db[len("postgresql://") :]
        return db
    return "sqlite:///" + str(Path(db).expanduser().resolve())


class Store:
    """The games of one database (``url`` a SQLAlchemy URL)."""

    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("postgresql"):
            try:
                import psycopg  # noqa: F401
            except ImportError:
                raise PachisiError(
                    f"a PostgreSQL database needs psycopg: {install_hint('postgres')}"
                ) from None
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
            kwargs["pool_size"] = 10
            kwargs["max_overflow"] = 20
        self.engine: Engine = sa.create_engine(url, **kwargs)
        #: Called inside the transaction of the change that ends a game (its status
        #: becomes ``finished``), after the game row is written:
        #: ``hook(conn, game_id, outcome)`` with :attr:`Change.outcome` (ratings).
        self.on_finish: list[Callable[[sa.Connection, str, dict[str, Any]], object]] = []
        if url.startswith("sqlite"):

            @sa.event.listens_for(self.engine, "connect")
            def _pragmas(conn: Any, _record: Any) -> None:
                cur = conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                cur.execute("PRAGMA synchronous=NORMAL")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.close()

    # -- schema -----------------------------------------------------------------

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest migration (Alembic)."""
        from alembic import command

        with self.engine.begin() as conn:
            command.upgrade(alembic_config(conn), "head")

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    # -- games ------------------------------------------------------------------

    def create(self, row: GameRow) -> None:
        """Store a new game (its first throw comes separately)."""
        with self.engine.begin() as conn:
            self._insert_game(conn, row, _now())

    def _insert_game(self, conn: sa.Connection, row: GameRow, now: datetime) -> None:
        row.created_at = row.updated_at = now
        conn.execute(
            games.insert().values(
                id=row.id,
                created_at=now,
                updated_at=now,
                ruleset=row.ruleset,
                start=json.dumps(row.start),
                seats=json.dumps(row.seats),
                first=json.dumps(row.first),
                status=row.status,
                result=row.result,
                version=row.version,
                rematch_of=row.rematch_of,
                rematch=row.rematch,
                owner=row.owner,
                public=row.public,
                social=json.dumps(row.social) if row.social else None,
            )
        )

    def load(self, game_id: str) -> tuple[GameRow, list[ThrowRow]] | None:
        """The game and its throws in order, or ``None`` if there is no such game."""
        with self.engine.connect() as conn:
            g = conn.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
            if g is None:
                return None
            rows = conn.execute(
                sa.select(throws).where(throws.c.game_id == game_id).order_by(throws.c.n)
            ).mappings()
            moves = [
                ThrowRow(
                    n=r["n"],
                    seat=r["seat"],
                    dice=_dice(r["dice"]),
                    steps=list(json.loads(r["steps"])),
                    play=r["play"],
                )
                for r in rows
            ]
        return _game_row(g), moves

    def recent(
        self,
        limit: int = 50,
        *,
        owner: str | None = None,
        ids: list[str] | None = None,
        everyone: bool = True,
    ) -> list[GameRow]:
        """The most recently changed games, newest first.

        With ``everyone`` false, only the games a browser may see listed: the
        public ones, those created by ``owner`` (the hash of its token) and
        those of ``ids`` (games whose links it holds).
        """
        query = sa.select(games).order_by(games.c.updated_at.desc(), games.c.id).limit(limit)
        if not everyone:
            seen: list[sa.ColumnElement[bool]] = [games.c.public.is_(True)]
            if owner:
                seen.append(games.c.owner == owner)
            if ids:
                seen.append(games.c.id.in_(ids[:200]))
            query = query.where(sa.or_(*seen))
        with self.engine.connect() as conn:
            rows = conn.execute(query).mappings()
            return [_game_row(g) for g in rows]

    def playing_with_clock(self, limit: int = 1000) -> list[str]:
        """The ids of games still playing whose creator chose a turn timer, most recent first."""
        out: list[str] = []
        query = (
            sa.select(games.c.id, games.c.social)
            .where(games.c.status == "playing", games.c.social.is_not(None))
            .order_by(games.c.updated_at.desc(), games.c.id)
        )
        with self.engine.connect() as conn:
            for game_id, social in conn.execute(query):
                if json.loads(social).get("clock"):
                    out.append(game_id)
                    if len(out) >= limit:
                        break
        return out

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """The stored version of each of ``game_ids`` that exists."""
        out: dict[str, int] = {}
        with self.engine.connect() as conn:
            for i in range(0, len(game_ids), 500):
                chunk = game_ids[i : i + 500]
                rows = conn.execute(
                    sa.select(games.c.id, games.c.version).where(games.c.id.in_(chunk))
                )
                out.update({game_id: version for game_id, version in rows})
        return out

    @property
    def notifies(self) -> bool:
        """Whether every change is announced to other servers (PostgreSQL NOTIFY)."""
        return self.engine.dialect.name == "postgresql"

    def listen(self, stop: threading.Event, heard: Callable[[str, int], None]) -> None:
        """Call ``heard(game_id, version)`` for each change any server stores, until ``stop``.

        PostgreSQL only (LISTEN on :data:`CHANNEL`); runs in a thread of its
        own, on a connection of its own, and reconnects after a failure.
        """
        import psycopg

        url = sa.make_url(self.url).set(drivername="postgresql")
        dsn = url.render_as_string(hide_password=False)
        while not stop.is_set():
            try:
                with psycopg.connect(dsn, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    while not stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            game_id, _, version = note.payload.rpartition(" ")
                            heard(game_id, int(version))
            except Exception as exc:  # the database restarted: listen again
                if stop.wait(1.0):
                    return
                _log.warning("listening for changes failed (%s); listening again", exc)

    def claim(self, game_id: str, runner: str, seconds: float, dead: Sequence[str] = ()) -> bool:
        """Take (or keep) the lease on a game's computer seats for ``seconds``; whether held.

        Only the holder of a lease plays the computer seats of a game, so that
        several server processes on one database play each computer turn once;
        a lease not renewed (its server stopped, or was killed) runs out, and
        another server takes the game over. A lease held by one of the
        ``dead`` runners (processes known to be gone) is taken at once.
        """
        now = _now()
        with self.engine.begin() as conn:
            done = conn.execute(
                games.update()
                .where(
                    games.c.id == game_id,
                    sa.or_(
                        games.c.runner.is_(None),
                        games.c.runner == runner,
                        games.c.runner_until < now,
                        games.c.runner.in_(list(dead)),
                    ),
                )
                .values(runner=runner, runner_until=now + timedelta(seconds=seconds))
            )
            return bool(done.rowcount == 1)

    def release(self, game_id: str, runner: str) -> None:
        """Give up the lease on a game's computer seats, if ``runner`` holds it."""
        with self.engine.begin() as conn:
            conn.execute(
                games.update()
                .where(games.c.id == game_id, games.c.runner == runner)
                .values(runner=None, runner_until=None)
            )

    def release_all(self, runner: str) -> None:
        """Give up every lease ``runner`` holds (a server stopping)."""
        with self.engine.begin() as conn:
            conn.execute(
                games.update()
                .where(games.c.runner == runner)
                .values(runner=None, runner_until=None)
            )

    def lease_of(self, game_id: str) -> tuple[str | None, datetime | None, datetime | None]:
        """Who holds the lease on a game's computer seats, until when, and when the game
        last changed (``None``s where there is no such game or lease)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(games.c.runner, games.c.runner_until, games.c.updated_at).where(
                    games.c.id == game_id
                )
            ).first()
        if row is None:
            return None, None, None
        return row[0], _aware(row[1]), _aware(row[2])

    def lease_holders(self) -> list[str]:
        """The runners holding a lease that has not run out on a game still playing."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(games.c.runner)
                .where(
                    games.c.status == "playing",
                    games.c.runner.is_not(None),
                    games.c.runner_until >= _now(),
                )
                .distinct()
            )
            return [str(r[0]) for r in rows]

    def playing_with_computers(
        self, limit: int = 1000, *, unclaimed: bool = False, dead: Sequence[str] = ()
    ) -> list[str]:
        """The ids of games still playing that have a computer seat, most recent first.

        ``unclaimed``: only those whose lease (:meth:`claim`) is free, has run
        out, or is held by one of the ``dead`` runners.
        """
        out: list[str] = []
        query = (
            sa.select(games.c.id, games.c.seats)
            .where(games.c.status == "playing")
            .order_by(games.c.updated_at.desc(), games.c.id)
        )
        if unclaimed:
            query = query.where(
                sa.or_(
                    games.c.runner.is_(None),
                    games.c.runner_until < _now(),
                    games.c.runner.in_(list(dead)),
                )
            )
        with self.engine.connect() as conn:
            rows = conn.execute(query)
            for game_id, seats in rows:
                if any(s.get("kind") != "human" for s in json.loads(seats)):
                    out.append(game_id)
                    if len(out) >= limit:
                        break
        return out

    # -- writes -------------------------------------------------------------------

    @contextlib.contextmanager
    def change(
        self, game_id: str, version: int, *, create: GameRow | None = None
    ) -> Iterator[Change]:
        """One change of a game, stored atomically: every write of it, or none.

        ``version`` is the game's version before the change; each write of the
        :class:`Change` moves it on by one, and the game row is updated once, at
        the end, only if it is still at ``version`` (:class:`StoreError` if
        another writer moved it on). ``create`` inserts the game first (a new
        game and its first throw are stored together). Whatever raises inside
        the ``with`` block rolls the whole change back.
        """
        now = _now()
        with self.engine.begin() as conn:
            if create is not None:
                self._insert_game(conn, create, now)
            ch = Change(conn, game_id, version, now, self.on_finish)
            yield ch
            ch._close(created=create is not None)

    def add_throw(self, game_id: str, row: ThrowRow, version: int) -> None:
        """Store a new throw (before anyone sees it) and the game's new ``version``."""
        with self.change(game_id, version - 1) as ch:
            ch.add_throw(row)

    def set_steps(self, game_id: str, n: int, steps: list[int], version: int) -> None:
        """Store the steps made so far with throw ``n``."""
        with self.change(game_id, version - 1) as ch:
            ch.set_steps(n, steps)

    def finish_throw(
        self,
        game_id: str,
        n: int,
        steps: list[int],
        play: str,
        version: int,
        *,
        status: str = "playing",
        result: str | None = None,
    ) -> None:
        """Store the play that ended throw ``n`` (and the game's status after it)."""
        with self.change(game_id, version - 1) as ch:
            ch.finish_throw(n, steps, play, status=status, result=result)

    def finish_status(self, game_id: str, version: int, result: str) -> None:
        """Mark a game finished without a winner (a dead end)."""
        with self.change(game_id, version - 1) as ch:
            ch.finish_status(result)

    def set_rematch(self, game_id: str, rematch: str, version: int) -> None:
        """Link a finished game to its rematch (the game's version moves on)."""
        with self.change(game_id, version - 1) as ch:
            ch.set_rematch(rematch)


class Change:
    """The writes of one change of a game, in one transaction (:meth:`Store.change`).

    ``version`` is the game's version once the writes made so far are stored.
    """

    def __init__(
        self,
        conn: sa.Connection,
        game_id: str,
        version: int,
        now: datetime,
        on_finish: Sequence[Callable[[sa.Connection, str, dict[str, Any]], object]] = (),
    ) -> None:
        self._conn = conn
        self._on_finish = on_finish
        #: How a game this change ends came out (``places``, ``winner``, ``sides``), for
        #: the store's ``on_finish`` hooks; set by whoever ends it (the hub).
        self.outcome: dict[str, Any] | None = None
        self.game_id = game_id
        self.start = version
        self.version = version
        self._now = now
        self._values: dict[str, Any] = {}
        #: Set by a change that leaves the throw being played as it was (an offer to end
        #: the game, say): an action made before it still means the same.
        self.keeps_turn = False

    def add_throw(self, row: ThrowRow) -> None:
        """A new throw (stored before anyone sees it)."""
        try:
            with self._conn.begin_nested():
                self._conn.execute(
                    throws.insert().values(
                        game_id=self.game_id,
                        n=row.n,
                        seat=row.seat,
                        dice=",".join(str(d) for d in row.dice),  # one die: one number
                        steps=json.dumps(row.steps),
                        play=row.play,
                        created_at=self._now,
                    )
                )
        except sa.exc.IntegrityError:
            raise StoreError(f"game {self.game_id}: throw {row.n} exists already") from None
        self.version += 1

    def set_steps(self, n: int, steps: list[int]) -> None:
        """The steps made so far with the open throw ``n``."""
        self._update_open(n, steps=json.dumps(steps))

    def finish_throw(
        self,
        n: int,
        steps: list[int],
        play: str,
        *,
        status: str = "playing",
        result: str | None = None,
    ) -> None:
        """The play that ends throw ``n``, and the game's status and result after it."""
        self._update_open(n, steps=json.dumps(steps), play=play)
        self._values.update(status=status, result=result)

    def finish_status(self, result: str) -> None:
        """The game is over without a play ending it (a dead end)."""
        self._values.update(status="finished", result=result)
        self.version += 1

    def set_seats(self, seats: list[dict[str, Any]]) -> None:
        """The seats as they are now (a computer seat handed to a simpler level)."""
        self._values["seats"] = json.dumps(seats)
        self.version += 1

    def set_rematch(self, rematch: str) -> None:
        """Link the game to its rematch."""
        self._values["rematch"] = rematch
        self.version += 1

    def set_social(
        self,
        social: dict[str, Any],
        *,
        status: str | None = None,
        result: str | None = None,
    ) -> None:
        """The game's social state (:mod:`pachisi.web.social`), and its status and result
        when these change with it (a resignation, an agreed end, an adjournment)."""
        self._values["social"] = json.dumps(social)
        if status is not None:
            self._values["status"] = status
            self._values["result"] = result
        self.version += 1

    def _update_open(self, n: int, **values: Any) -> None:
        done = self._conn.execute(
            throws.update()
            .where(throws.c.game_id == self.game_id, throws.c.n == n, throws.c.play.is_(None))
            .values(**values)
        )
        if done.rowcount != 1:
            raise StoreError(f"game {self.game_id}: throw {n} is not open")
        self.version += 1

    def _close(self, *, created: bool) -> None:
        if self.version == self.start and not created:
            return
        # The game row moves from the version the change began at to the new
        # one: a writer that did not see the latest version (another server
        # process on the same database) is refused instead of overwriting.
        done = self._conn.execute(
            games.update()
            .where(games.c.id == self.game_id, games.c.version == self.start)
            .values(version=self.version, updated_at=self._now, **self._values)
        )
        if done.rowcount != 1:
            raise StoreError(f"game {self.game_id} is not at version {self.start}")
        if self._values.get("status") == "finished":
            # In the same transaction as the end mark: both are stored, or neither.
            for hook in self._on_finish:
                hook(self._conn, self.game_id, self.outcome or {})
        if self._conn.dialect.name == "postgresql":  # delivered when the change commits
            self._conn.execute(
                sa.select(sa.func.pg_notify(CHANNEL, f"{self.game_id} {self.version}"))
            )


def _dice(text: str) -> tuple[int, int]:
    """The dice of a stored throw: ``"a,b"``, or one number for the one-die rulesets."""
    return cast(tuple[int, int], tuple(int(d) for d in text.split(",")))


def _game_row(g: Any) -> GameRow:
    return GameRow(
        id=g["id"],
        ruleset=g["ruleset"],
        start=json.loads(g["start"]),
        seats=json.loads(g["seats"]),
        first=json.loads(g["first"]),
        status=g["status"],
        result=g["result"],
        version=g["version"],
        rematch_of=g["rematch_of"],
        rematch=g["rematch"],
        created_at=_aware(g["created_at"]),
        updated_at=_aware(g["updated_at"]),
        owner=g["owner"],
        public=bool(g["public"]),
        social=json.loads(g["social"]) if g["social"] else {},
    )
