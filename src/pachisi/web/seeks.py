"""Finding a game: seeks ("Play someone now") and how they are paired.

A **seek** is one person's wish to play now: a ruleset, a set-up (two
players, three or four each for themselves, four in teams), rated or
casual, and a turn timer (:class:`pachisi.web.social.Clock`, or none). Seeks
with the same wishes are *compatible* (their ``match`` key is equal); as
soon as enough compatible seeks of different people are open, they are
paired into a new game, one seat each.

Pairing is one database transaction (:func:`pair`) that takes the open
seeks, creates the game with its first throw, and marks the seeks paired,
all or nothing. Several server processes may pair at once: on PostgreSQL
the open seeks are read ``FOR UPDATE SKIP LOCKED``, so two transactions
never hold the same seek, and the seek's row is updated only while still
``open``; on SQLite the transaction's first statement is a write, which
takes the database's single write lock before anything is read. Either way
each seek is paired once.

A seek's **secret** is the secret of the seat it is paired into: the seat's
key is ``SEAT.SECRET`` and only its hash is stored (as for every seat key),
so the seeker, who holds the secret, learns the seat's key from the seat
number alone, and nothing secret is ever stored.

A seek lives while its browser is there: ``alive_until`` is renewed by the
lobby page holding it (its WebSocket) or by asking for its status; a seek
not renewed for :data:`SEEK_LEASE` seconds is expired and never paired. A
seeker may ask for computers to fill the seats left after ``fill_after``
seconds of waiting (not in a rated game: ratings are between people).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from ..bots import canonical_level
from ..game import first_player
from ..position import Position
from ..rules import Setup
from . import referee
from .accounts import game_players
from .ratings import pool_of, rated_games
from .requests import HUMAN, ApiError, flag, parse_spec, refuse_unknown
from .rooms import Room, Seat, new_game, new_game_id
from .social import Clock, Social, parse_settings
from .store import Change, GameRow, Store, metadata

__all__ = [
    "FILL_MAX",
    "FILL_MIN",
    "MAX_OPEN",
    "SEEK_GRACE",
    "SEEK_LEASE",
    "Paired",
    "SeekSpec",
    "any_open",
    "cancel",
    "create_seek",
    "open_seeks",
    "pair",
    "parse_seek",
    "renew",
    "seek_hash",
    "seek_status",
    "seeks",
]

#: Seconds a seek lives without being renewed by its browser.
SEEK_LEASE = 30.0
#: Seconds a seek still lives once the last page holding it has gone (a reload keeps it).
SEEK_GRACE = 10.0
#: The open seeks one browser (or account) may have at once.
MAX_OPEN = 3
#: The range of ``fill_after``, in seconds.
FILL_MIN, FILL_MAX = 5, 600

#: One row per seek.
seeks = sa.Table(
    "seeks",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("alive_until", sa.DateTime(timezone=True), nullable=False),
    # open, paired, cancelled, expired
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("ruleset", sa.String(16), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("teams", sa.Boolean, nullable=False),
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("clock", sa.Text, nullable=True),
    sa.Column("match", sa.String(200), nullable=False),
    sa.Column("fill_after", sa.Integer, nullable=True),
    sa.Column("fill_level", sa.String(16), nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("key_hash", sa.String(64), nullable=False),
    sa.Column("game_id", sa.String(32), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("paired_at", sa.DateTime(timezone=True), nullable=True),
    sa.Index("ix_seeks_open", "status", "match", "created_at"),
    sa.Index("ix_seeks_owner", "owner"),
)


def seek_hash(secret: str) -> str:
    """What is stored of a seek's secret (the same hash as a seat key's)."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


@dataclass(frozen=True)
class SeekSpec:
    """What a seeker wants: checked, with its compatibility key ``match``."""

    ruleset: str
    players: int
    teams: bool
    rated: bool
    clock: Clock | None
    fill_after: int | None
    fill_level: str

    @property
    def match(self) -> str:
        """Seeks with equal keys are paired together."""
        clock = json.dumps(self.clock.to_dict(), sort_keys=True) if self.clock else "-"
        setup = f"{self.players}{'t' if self.teams else ''}"
        return f"{self.ruleset}|{setup}|{'rated' if self.rated else 'casual'}|{clock}"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form, as in ``POST /api/seeks``."""
        return {
            "ruleset": self.ruleset,
            "players": self.players,
            "teams": self.teams,
            "rated": self.rated,
            "clock": self.clock.to_dict() if self.clock else None,
            "fill_after": self.fill_after,
            "fill_level": self.fill_level,
        }


_SEEK_FIELDS = {"ruleset", "players", "teams", "rated", "clock", "fill_after", "fill_level"}


def parse_seek(body: object, *, signed_in: bool) -> SeekSpec:
    """The seek of ``POST /api/seeks``'s body; ``bad_request`` (or ``forbidden``) if wrong.

    Rated seeks need a signed-in seeker (``forbidden`` otherwise) and take no
    computers; the set-up is checked as ``POST /api/games`` checks it.
    """
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "a seek is a JSON object")
    refuse_unknown(body, _SEEK_FIELDS)
    ruleset = body.get("ruleset", "parcheesi")
    players = body.get("players", 2)
    if not isinstance(players, int) or isinstance(players, bool) or players not in (2, 3, 4):
        raise ApiError(400, "bad_request", "'players' is 2, 3 or 4")
    teams = flag(body, "teams", False)
    if teams and players != 4:
        raise ApiError(400, "bad_request", "'teams' needs 4 players")
    rated = flag(body, "rated", False)
    # The set-up as a game would be made: the same checks and messages.
    parse_spec({"ruleset": ruleset, "players": players, "teams": teams or None,
                "seats": [HUMAN] * players})  # fmt: skip
    _, _, clock = parse_settings({"clock": body.get("clock")})
    fill_after = body.get("fill_after")
    if fill_after is not None and (
        not isinstance(fill_after, int)
        or isinstance(fill_after, bool)
        or not FILL_MIN <= fill_after <= FILL_MAX
    ):
        raise ApiError(
            400, "bad_request",
            f"'fill_after' is null or a whole number of seconds from {FILL_MIN} to {FILL_MAX}",
        )  # fmt: skip
    level = body.get("fill_level", "greedy")
    level = canonical_level(level) if isinstance(level, str) else None
    try:
        parse_spec({"ruleset": ruleset, "players": players, "teams": teams or None,
                    "seats": [HUMAN] * (players - 1) + [level or "?"]})  # fmt: skip
    except ApiError as exc:
        raise ApiError(400, "bad_request", f"'fill_level': {exc.message}") from None
    assert level is not None  # parse_spec refused anything else
    if rated and not signed_in:
        raise ApiError(403, "forbidden", "rated games are between signed-in players: sign in")
    if rated and fill_after is not None:
        raise ApiError(400, "bad_request", "a rated seek takes no computers ('fill_after')")
    return SeekSpec(str(ruleset), players, teams, rated, clock, fill_after, level)


@dataclass(frozen=True)
class Paired:
    """A game made by :func:`pair`: its room (stored), and each seek's id with its seat."""

    room: Room
    seats: dict[str, int]
    rated: bool


def create_seek(
    store: Store,
    spec: SeekSpec,
    *,
    name: str,
    owner: str | None,
    account_id: int | None,
    now: datetime | None = None,
) -> tuple[str, str]:
    """Store a new open seek; its ``(id, secret)`` (the secret is shown only now).

    ``too_many`` (429) if the seeker already has :data:`MAX_OPEN` open seeks.
    """
    now = now or _now()
    seek_id, secret = secrets.token_urlsafe(12), secrets.token_urlsafe(16)
    mine = sa.or_(
        seeks.c.owner == owner if owner else sa.false(),
        seeks.c.account_id == account_id if account_id is not None else sa.false(),
    )
    with store.engine.begin() as conn:
        # A write first: on SQLite it takes the write lock before the count is read.
        conn.execute(
            seeks.update()
            .where(seeks.c.status == "open", seeks.c.alive_until < now)
            .values(status="expired")
        )
        count = conn.execute(
            sa.select(sa.func.count())
            .select_from(seeks)
            .where(seeks.c.status == "open", seeks.c.alive_until >= now, mine)
        ).scalar_one()
        if count >= MAX_OPEN:
            raise ApiError(429, "too_many", f"at most {MAX_OPEN} open seeks at once")
        conn.execute(
            seeks.insert().values(
                id=seek_id,
                created_at=now,
                alive_until=now + timedelta(seconds=SEEK_LEASE),
                status="open",
                ruleset=spec.ruleset,
                players=spec.players,
                teams=spec.teams,
                rated=spec.rated,
                clock=json.dumps(spec.clock.to_dict()) if spec.clock else None,
                match=spec.match,
                fill_after=spec.fill_after,
                fill_level=spec.fill_level,
                owner=owner,
                account_id=account_id,
                name=name[:40],
                key_hash=seek_hash(secret),
            )
        )
    return seek_id, secret


def _who(row: Any) -> str:
    """The person behind a seek (an account, else a browser), as the lobby tells seeks apart."""
    if row.account_id is not None:
        return f"a{row.account_id}"
    return f"b{row.owner}" if row.owner else f"s{row.id}"


def _identities(row: Any) -> set[str]:
    """Everything that names a seek's person (its account and its browser): two seeks
    sharing any of them are one person's, never paired together."""
    out = {f"s{row.id}"}
    if row.account_id is not None:
        out.add(f"a{row.account_id}")
    if row.owner:
        out.add(f"b{row.owner}")
    return out


def pair(
    store: Store,
    rng: random.Random,
    make_room: Callable[..., Room],
    *,
    now: datetime | None = None,
    first: Sequence[str] = (),
    match: str | None = None,
    limit: int = 400,
) -> list[Paired]:
    """Pair every group of compatible open seeks that can make a game; the games made.

    One transaction: the open seeks are taken (PostgreSQL: ``FOR UPDATE SKIP
    LOCKED``; SQLite: under its write lock), grouped by ``match`` oldest
    first, and each group of enough seeks of different people becomes a game
    (its game row and first throw written in the same transaction). A group
    with a seek that asked for computers and has waited its ``fill_after``
    seconds becomes a game with computers (of that seek's ``fill_level``) in
    the seats left. The seeks of
    ``first`` (a seek and the one it accepts) go first in their group; with
    ``match``, only that group is looked at (a seek just posted), and only
    ``limit`` seeks are taken (the ``first`` ones, then the oldest), so that
    seeks posted at once on PostgreSQL lock few rows each and pair in parallel.
    ``make_room(setup, seats, start, first_info, social)`` builds the room.
    """
    now = now or _now()
    made: list[Paired] = []
    with store.engine.begin() as conn:
        # Expire the seeks nobody renewed; on SQLite this write also takes the write lock
        # before anything is read, so no other process pairs meanwhile.
        conn.execute(
            seeks.update()
            .where(seeks.c.status == "open", seeks.c.alive_until < now)
            .values(status="expired")
        )
        query = (
            sa.select(seeks)
            .where(seeks.c.status == "open", seeks.c.alive_until >= now)
            .order_by(
                sa.case((seeks.c.id.in_(list(first)), 0), else_=1) if first else sa.literal(1),
                seeks.c.created_at,
                seeks.c.id,
            )
            .limit(limit)
        )
        if match is not None:
            query = query.where(seeks.c.match == match)
        if conn.dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        rows = list(conn.execute(query))
        groups: dict[str, list[Any]] = {}
        for row in rows:
            groups.setdefault(row.match, []).append(row)
        order = {seek_id: i for i, seek_id in enumerate(first)}
        for group in groups.values():
            group.sort(key=lambda r: order.get(r.id, len(order)))  # stable: oldest first
            while group:
                need = group[0].players
                chosen: list[Any] = []
                people: set[str] = set()
                for row in group:
                    if not _identities(row) & people:
                        chosen.append(row)
                        people |= _identities(row)
                        if len(chosen) == need:
                            break
                fill = next((r for r in chosen if _tired(r, now)), None)
                if len(chosen) < need and fill is None:
                    break
                level = (fill.fill_level if fill is not None else None) or "greedy"
                made.append(_make_game(store, conn, rng, make_room, chosen, level, now))
                taken = {r.id for r in chosen}
                group[:] = [r for r in group if r.id not in taken]
    return made


def _tired(row: Any, now: datetime) -> bool:
    """Whether a seek asked for computers and has waited as long as it said."""
    waited = (now - _aware(row.created_at)).total_seconds()
    return row.fill_after is not None and waited >= row.fill_after


def _make_game(
    store: Store,
    conn: sa.Connection,
    rng: random.Random,
    make_room: Callable[..., Room],
    chosen: list[Any],
    level: str,
    now: datetime,
) -> Paired:
    """The game of the seeks ``chosen`` (computers in the seats left), stored on ``conn``."""
    head = chosen[0]
    setup = Setup.create(head.ruleset, players=head.players, teams=head.teams or None)
    people = list(chosen)
    rng.shuffle(people)  # who sits where: by lot (who starts is thrown for, RULES.md §3.7)
    seats: list[Seat] = []
    computers = 0
    for i in range(len(setup.players)):
        if i < len(people):
            seats.append(Seat(i, HUMAN, people[i].name, people[i].key_hash))
        else:
            computers += 1
            seats.append(Seat(i, level, f"Computer {computers} ({level})", None))
    clock = Clock.from_dict(json.loads(head.clock)) if head.clock else None
    social = Social(clock=clock)
    first_seat, rounds = first_player(setup, rng)
    start = Position.initial(setup, first_seat)
    first_info: dict[str, Any] = {
        "seat": first_seat,
        "rounds": [{str(k): v for k, v in r.items()} for r in rounds],
    }
    rated = bool(head.rated) and computers == 0
    accounts = {i: people[i].account_id for i in range(len(people))}
    room = make_room(setup, seats, start, first_info, social, rated, accounts)
    store_row = GameRow(
        id=room.id,
        ruleset=setup.ruleset,
        start=start.to_dict(),
        seats=[s.to_store() for s in seats],
        first=first_info,
        version=0,
        social=social.to_dict() if clock is not None else {},
    )
    _insert(store, conn, store_row, room, rng, now)
    # Who sits where, for the profiles; a rated game is rated in its set-up's pool.
    for i, row in enumerate(people):
        if row.account_id is not None:
            conn.execute(
                game_players.insert().values(game_id=room.id, seat=i, account_id=row.account_id)
            )
    if rated:
        conn.execute(
            rated_games.insert().values(game_id=room.id, pool=pool_of(setup), rated_at=None)
        )
    for i, row in enumerate(people):
        done = conn.execute(
            seeks.update()
            .where(seeks.c.id == row.id, seeks.c.status == "open")
            .values(status="paired", game_id=room.id, seat=i, paired_at=now)
        )
        if done.rowcount != 1:  # never: the row is held by this transaction
            raise RuntimeError(f"seek {row.id} was taken by another transaction")
    return Paired(room, {row.id: i for i, row in enumerate(people)}, rated)


def _insert(
    store: Store, conn: sa.Connection, row: GameRow, room: Room, rng: random.Random, now: datetime
) -> None:
    """Write a new game and its first throw on ``conn`` (as :meth:`Store.change` does)."""
    store._insert_game(conn, row, now)
    ch = Change(conn, row.id, 0, now)
    referee.begin_turn(ch, rng, room)
    ch._close(created=True)
    room.version = ch.version


def new_room(
    clock: Callable[[], float],
) -> Callable[..., Room]:
    """A ``make_room`` for :func:`pair`: a fresh room of the hub's kind."""

    def make(
        setup: Setup,
        seats: list[Seat],
        start: Position,
        first_info: dict[str, Any],
        social: Social,
        rated: bool,
        accounts: dict[int, int | None],
    ) -> Room:
        return Room(
            id=new_game_id(),
            game=new_game(start),
            seats=seats,
            first=first_info,
            version=0,
            status="playing",
            result=None,
            social=social,
            clock=clock,
        )

    return make


def _check(row: Any, secret: object) -> None:
    if not isinstance(secret, str) or not 1 <= len(secret) <= 100:
        raise ApiError(403, "forbidden", "this needs the seek's key")
    if row is None or not hmac.compare_digest(row.key_hash, seek_hash(secret)):
        raise ApiError(403, "forbidden", "this key is not the seek's")


def seek_status(
    store: Store, seek_id: str, secret: object, *, now: datetime | None = None
) -> dict[str, Any]:
    """A seek's status for its seeker (its secret), renewing an open seek's life.

    ``{"id", "status", "game", "seat", "key", "url"}``: once paired, the game
    and the seat's key (``SEAT.SECRET``) and link; ``forbidden`` without the
    right secret (or for no such seek: its existence is not told).
    """
    now = now or _now()
    with store.engine.connect() as conn:
        row = conn.execute(sa.select(seeks).where(seeks.c.id == seek_id)).first()
    _check(row, secret)
    assert row is not None and isinstance(secret, str)
    status = row.status
    if status == "open" and _aware(row.alive_until) < now:
        status = "expired"
    elif status == "open" and (_aware(row.alive_until) - now).total_seconds() < SEEK_LEASE / 2:
        renew(store, [seek_id], now=now)
    out: dict[str, Any] = {"id": row.id, "status": status, "game": None, "seat": None,
                           "key": None, "url": None}  # fmt: skip
    if status == "paired":
        key = f"{row.seat}.{secret}"
        out.update(game=row.game_id, seat=row.seat, key=key, url=f"/g/{row.game_id}#k={key}")
    return out


def any_open(store: Store) -> bool:
    """Whether any seek is open (a pairing round has something to do)."""
    with store.engine.connect() as conn:
        found = conn.execute(sa.select(seeks.c.id).where(seeks.c.status == "open").limit(1)).first()
    return found is not None


def renew(
    store: Store,
    seek_ids: Sequence[str],
    *,
    seconds: float = SEEK_LEASE,
    now: datetime | None = None,
) -> None:
    """Make the open seeks of ``seek_ids`` live ``seconds`` from now (their pages are here)."""
    if not seek_ids:
        return
    now = now or _now()
    with store.engine.begin() as conn:
        conn.execute(
            seeks.update()
            .where(seeks.c.id.in_(list(seek_ids)), seeks.c.status == "open")
            .values(alive_until=now + timedelta(seconds=seconds))
        )


def cancel(store: Store, seek_id: str, secret: object) -> str:
    """Cancel an open seek (its secret); its status after (``paired`` if too late)."""
    with store.engine.begin() as conn:
        row = conn.execute(sa.select(seeks).where(seeks.c.id == seek_id)).first()
        _check(row, secret)
        assert row is not None
        done = conn.execute(
            seeks.update()
            .where(seeks.c.id == seek_id, seeks.c.status == "open")
            .values(status="cancelled")
        )
        if done.rowcount == 1:
            return "cancelled"
        return str(row.status)


def statuses(
    store: Store, seek_ids: Sequence[str]
) -> dict[str, tuple[str, str | None, int | None]]:
    """``id: (status, game, seat)`` of each seek of ``seek_ids`` that exists."""
    if not seek_ids:
        return {}
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(seeks.c.id, seeks.c.status, seeks.c.game_id, seeks.c.seat).where(
                seeks.c.id.in_(list(seek_ids))
            )
        )
        return {r.id: (r.status, r.game_id, r.seat) for r in rows}


def open_seeks(
    store: Store, *, now: datetime | None = None, limit: int = 100
) -> list[dict[str, Any]]:
    """The open seeks, oldest first, as the lobby lists them (nothing secret).

    ``{"id", "ruleset", "players", "teams", "rated", "clock", "name", "since",
    "fill_after", "who"}``; ``who`` tells two seeks of one person apart from
    two people's without naming them (a hash of the account or browser).
    """
    now = now or _now()
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(seeks)
            .where(seeks.c.status == "open", seeks.c.alive_until >= now)
            .order_by(seeks.c.created_at, seeks.c.id)
            .limit(limit)
        )
        return [
            {
                "id": r.id,
                "ruleset": r.ruleset,
                "players": r.players,
                "teams": bool(r.teams),
                "rated": bool(r.rated),
                "clock": json.loads(r.clock) if r.clock else None,
                "name": r.name,
                "since": _aware(r.created_at).isoformat(timespec="seconds"),
                "fill_after": r.fill_after,
                "who": hashlib.sha256(_who(r).encode()).hexdigest()[:12],
            }
            for r in rows
        ]


def spec_of(store: Store, seek_id: str, *, now: datetime | None = None) -> SeekSpec | None:
    """The wishes of an open seek (to accept it with the same), or ``None``."""
    with store.engine.connect() as conn:
        r = conn.execute(
            sa.select(seeks).where(
                seeks.c.id == seek_id,
                seeks.c.status == "open",
                seeks.c.alive_until >= (now or _now()),
            )
        ).first()
    if r is None:
        return None
    clock = Clock.from_dict(json.loads(r.clock)) if r.clock else None
    return SeekSpec(r.ruleset, r.players, bool(r.teams), bool(r.rated), clock, None, "greedy")
