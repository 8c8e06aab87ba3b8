"""Talking in a game: the players' chat, the spectators' chat, mutes, reports, moderation.

Each game has two rooms: ``players`` (written and read only with the key of
one of its seats) and ``spectators`` (everyone else). The two are kept apart
as lichess keeps them: a spectator's message is never shown to the players,
whatever they ask for (the server refuses the spectators' room to a request
carrying a seat's key). Messages are short (:data:`MAX_CHAT` characters, on
one line) and are plain text: the pages put them in the page as text, never
as HTML. A quick phrase (:data:`PHRASES`) is stored as its name, and every
reader sees it in their own language (``chat.phrase.NAME`` in the
catalogue).

A player can mute another seat of the game (its messages are then left out
of what that player reads); anyone may report a message once; a moderator
can hide a message (it is left out for everyone) and suspend an account (a
suspended account cannot write). Who may write, and how often, is decided by
the routes (:mod:`pachisi.web.club_play`); this module keeps the rules and the
rows.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from .requests import ApiError, refuse_unknown
from .store import Store, metadata
from .views import clean_text

__all__ = [
    "MAX_CHAT",
    "MAX_REASON",
    "PHRASES",
    "ROOMS",
    "ChatPost",
    "chat_messages",
    "chat_mutes",
    "chat_reports",
    "hide",
    "message_game",
    "mutes",
    "parse_post",
    "post",
    "read",
    "report",
    "reports",
    "set_mute",
]

#: The longest message, in characters.
MAX_CHAT = 200
#: The longest reason given with a report.
MAX_REASON = 200
#: The two rooms of a game.
ROOMS = ("players", "spectators")
#: The quick phrases, by name (their words: ``chat.phrase.NAME``, in three languages).
PHRASES = (
    "hello",
    "good_luck",
    "your_turn",
    "well_played",
    "oops",
    "thanks",
    "one_moment",
    "good_game",
    "bye",
)

chat_messages = sa.Table(
    "chat_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game_id", sa.String(32), nullable=False),
    sa.Column("room", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("account_id", sa.Integer, nullable=True),
    sa.Column("owner", sa.String(64), nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.String(MAX_CHAT), nullable=True),
    sa.Column("phrase", sa.String(32), nullable=True),
    sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("hidden_by", sa.Integer, nullable=True),
    sa.Index("ix_chat_game_room", "game_id", "room", "id"),
)

chat_mutes = sa.Table(
    "chat_mutes",
    metadata,
    sa.Column("game_id", sa.String(32), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("muted", sa.Integer, primary_key=True, autoincrement=False),
)

chat_reports = sa.Table(
    "chat_reports",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("message_id", sa.Integer, nullable=False),
    sa.Column("reporter", sa.String(80), nullable=False),
    sa.Column("reason", sa.String(MAX_REASON), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("message_id", "reporter", name="uq_chat_reports_once"),
)


@dataclass(frozen=True)
class ChatPost:
    """A message as asked for: its room, and its text or quick phrase (one of them)."""

    room: str
    text: str | None
    phrase: str | None
    key: str | None


def _one_line(text: str) -> str:
    """``text`` on one line: control and format characters out, spaces collapsed."""
    text = clean_text(text)
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    return " ".join(kept.split())


def parse_room(value: object) -> str:
    """A room's name, or ``bad_request``."""
    if value not in ROOMS:
        raise ApiError(400, "bad_request", "'room' is 'players' or 'spectators'")
    return str(value)


def parse_post(body: object) -> ChatPost:
    """The message of ``POST /api/games/{id}/chat``: ``{"room", "text" | "phrase", "key"}``."""
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "a message is a JSON object")
    refuse_unknown(body, {"room", "text", "phrase", "key"})
    room = parse_room(body.get("room"))
    text, phrase, key = body.get("text"), body.get("phrase"), body.get("key")
    if key is not None and not isinstance(key, str):
        raise ApiError(400, "bad_request", "'key' is a seat's key")
    if (text is None) == (phrase is None):
        raise ApiError(400, "bad_request", "a message has a 'text' or a 'phrase' (one of them)")
    if phrase is not None:
        if phrase not in PHRASES:
            raise ApiError(400, "bad_request", f"'phrase' is one of {', '.join(PHRASES)}")
        return ChatPost(room, None, str(phrase), key)
    if not isinstance(text, str):
        raise ApiError(400, "bad_request", "'text' is a string")
    if len(text) > 4 * MAX_CHAT:
        raise ApiError(400, "bad_request", f"a message has at most {MAX_CHAT} characters")
    text = _one_line(text)
    if not text:
        raise ApiError(400, "bad_request", "the message is empty")
    if len(text) > MAX_CHAT:
        raise ApiError(400, "bad_request", f"a message has at most {MAX_CHAT} characters")
    return ChatPost(room, text, None, key)


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _message(r: Any) -> dict[str, Any]:
    return {
        "id": r.id,
        "room": r.room,
        "seat": r.seat,
        "name": r.name,
        "text": r.text,
        "phrase": r.phrase,
        "at": _aware(r.created_at).isoformat(timespec="seconds"),
    }


def post(
    store: Store,
    game_id: str,
    message: ChatPost,
    *,
    name: str,
    seat: int | None,
    account_id: int | None,
    owner: str | None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """Store a message; it as readers get it."""
    now = now or _now()
    with store.engine.begin() as conn:
        inserted = conn.execute(
            chat_messages.insert().values(
                game_id=game_id,
                room=message.room,
                created_at=now,
                account_id=account_id,
                owner=owner,
                seat=seat,
                name=clean_text(name)[:40],
                text=message.text,
                phrase=message.phrase,
            )
        ).inserted_primary_key
        assert inserted is not None
        new_id = inserted[0]
        r = conn.execute(sa.select(chat_messages).where(chat_messages.c.id == new_id)).one()
    return _message(r)


def read(
    store: Store,
    game_id: str,
    room: str,
    *,
    after: int = 0,
    muted: Iterable[int] = (),
    limit: int = 100,
) -> list[dict[str, Any]]:
    """The visible messages of a room after id ``after``, oldest first (the last ``limit``).

    Hidden messages are left out, and those of the ``muted`` seats.
    """
    query = (
        sa.select(chat_messages)
        .where(
            chat_messages.c.game_id == game_id,
            chat_messages.c.room == room,
            chat_messages.c.id > after,
            chat_messages.c.hidden.is_(False),
        )
        .order_by(chat_messages.c.id.desc())
        .limit(limit)
    )
    muted = list(muted)
    if muted:
        query = query.where(
            sa.or_(chat_messages.c.seat.is_(None), chat_messages.c.seat.not_in(muted))
        )
    with store.engine.connect() as conn:
        rows = list(conn.execute(query))
    return [_message(r) for r in reversed(rows)]


def mutes(store: Store, game_id: str, seat: int) -> list[int]:
    """The seats that ``seat`` has muted in a game."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.select(chat_mutes.c.muted)
            .where(chat_mutes.c.game_id == game_id, chat_mutes.c.seat == seat)
            .order_by(chat_mutes.c.muted)
        )
        return [int(r[0]) for r in rows]


def set_mute(store: Store, game_id: str, seat: int, muted: int, on: bool) -> list[int]:
    """Mute (``on``) or unmute seat ``muted`` for ``seat``; the seats muted after."""
    with store.engine.begin() as conn:
        conn.execute(
            chat_mutes.delete().where(
                chat_mutes.c.game_id == game_id,
                chat_mutes.c.seat == seat,
                chat_mutes.c.muted == muted,
            )
        )
        if on:
            conn.execute(chat_mutes.insert().values(game_id=game_id, seat=seat, muted=muted))
    return mutes(store, game_id, seat)


def message_game(store: Store, message_id: int) -> tuple[str, str, int | None] | None:
    """``(game, room, seat)`` of a message, or ``None`` if there is none."""
    with store.engine.connect() as conn:
        r = conn.execute(
            sa.select(chat_messages.c.game_id, chat_messages.c.room, chat_messages.c.seat).where(
                chat_messages.c.id == message_id
            )
        ).first()
    return None if r is None else (r[0], r[1], r[2])


def report(
    store: Store, message_id: int, reporter: str, reason: str, *, now: datetime | None = None
) -> bool:
    """Report a message (once per reporter); whether this report is new."""
    now = now or _now()
    reason = _one_line(reason)[:MAX_REASON]
    try:
        with store.engine.begin() as conn:
            conn.execute(
                chat_reports.insert().values(
                    message_id=message_id, reporter=reporter, reason=reason, created_at=now
                )
            )
    except sa.exc.IntegrityError:
        return False
    return True


def hide(store: Store, message_id: int, hidden: bool, by: int) -> bool:
    """Hide (or show again) a message, by moderator ``by``; whether there was such a message."""
    with store.engine.begin() as conn:
        done = conn.execute(
            chat_messages.update()
            .where(chat_messages.c.id == message_id)
            .values(hidden=hidden, hidden_by=by if hidden else None)
        )
        return bool(done.rowcount == 1)


def reports(store: Store, limit: int = 100) -> list[dict[str, Any]]:
    """The reported messages, most reported first: each with its game, author and reasons."""
    with store.engine.connect() as conn:
        counted = (
            sa.select(
                chat_reports.c.message_id,
                sa.func.count().label("n"),
                sa.func.max(chat_reports.c.created_at).label("last"),
            )
            .group_by(chat_reports.c.message_id)
            .subquery()
        )
        rows = list(
            conn.execute(
                sa.select(chat_messages, counted.c.n, counted.c.last)
                .join(counted, counted.c.message_id == chat_messages.c.id)
                .order_by(counted.c.n.desc(), counted.c.last.desc())
                .limit(limit)
            )
        )
        reasons: dict[int, list[str]] = {}
        if rows:
            for message_id, reason in conn.execute(
                sa.select(chat_reports.c.message_id, chat_reports.c.reason).where(
                    chat_reports.c.message_id.in_([r.id for r in rows])
                )
            ):
                if reason:
                    reasons.setdefault(message_id, []).append(reason)
    return [
        {
            **_message(r),
            "game": r.game_id,
            "account": r.account_id,
            "hidden": bool(r.hidden),
            "reports": int(r.n),
            "reasons": reasons.get(r.id, [])[:10],
        }
        for r in rows
    ]
