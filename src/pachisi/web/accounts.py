"""Accounts of the club: optional names with passwords, sessions, CSRF (docs/web.md, *Accounts*).

Anonymous play by link stays as it is; an account adds a name that lasts,
ratings and a profile. What this module gives the rest of the server:

* :class:`Account`: who is signed in (``id``, ``name``, ``moderator``,
  ``suspended``);
* :func:`current_account`: the account of a request or WebSocket, from its
  session cookie (:data:`SESSION_COOKIE`), or ``None``; it may read the
  database (at most once per session every :attr:`Accounts.CACHE_SECONDS`
  per process), so async code calls it through ``asyncio.to_thread``;
* :func:`require_csrf`: a FastAPI dependency for every state-changing route
  that acts for an account. The request must carry the header
  :data:`CSRF_HEADER` with the token ``GET /api/account`` answers
  (``csrf``): a value derived from the session cookie's token when signed in,
  else from the browser cookie (``pachisi_browser``). Another site's page
  can send the cookies but never read them nor that answer, so it cannot
  send the token. A request with neither cookie has no token and is
  refused. :func:`csrf_if_signed_in` is the same check for routes open to
  anonymous clients (scripts without cookies), enforced only when a
  session cookie comes with the request. A WebSocket carries no such
  header: what protects it is the same-origin check of
  :class:`pachisi.web.guard.Guard` (a browser always sends ``Origin`` when
  it opens one, and another site's page is refused).

Passwords are hashed with Argon2 (argon2-cffi). Signing in costs the same
work whether the name exists or not (a dummy hash is checked for an unknown
name) and fails with the same answer, and sign-in attempts are budgeted per
account name and per client network in the database (so that several
server processes share the budget): the only way to learn whether a name is
taken is to try to sign up with it.

Sessions are random tokens in an HttpOnly, SameSite=Lax cookie (Secure when
the public address is HTTPS); the database keeps only a hash of each.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from starlette.requests import HTTPConnection

from .guard import network_of
from .requests import ApiError
from .store import metadata

if TYPE_CHECKING:
    from argon2 import PasswordHasher

__all__ = [
    "BROWSER_COOKIE",
    "CSRF_HEADER",
    "MAX_PASSWORD",
    "MIN_PASSWORD",
    "SESSION_COOKIE",
    "SESSION_DAYS",
    "Account",
    "Accounts",
    "SigninLimits",
    "accounts",
    "check_name",
    "csrf_if_signed_in",
    "csrf_token",
    "current_account",
    "export",
    "game_claims",
    "game_players",
    "name_key",
    "require_csrf",
    "session_token",
    "sessions",
    "signin_throttle",
]

#: The cookie of a signed-in browser (a random token; the database keeps its hash).
SESSION_COOKIE = "pachisi_session"
#: The cookie that tells one browser from another (set by the lobby, :mod:`pachisi.web.app`).
BROWSER_COOKIE = "pachisi_browser"
#: The header that carries the CSRF token of a state-changing request.
CSRF_HEADER = "x-csrf-token"
#: How long a session lasts, in days.
SESSION_DAYS = 30
#: The shortest and longest password accepted, in characters.
MIN_PASSWORD = 8
MAX_PASSWORD = 256

#: One row per account.
accounts = sa.Table(
    "accounts",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(32), nullable=False),
    sa.Column("name_key", sa.String(32), nullable=False),
    sa.Column("password", sa.String(255), nullable=False),
    sa.Column("moderator", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("suspended", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("name_key", name="uq_accounts_name_key"),
)

#: One row per signed-in browser; ``id`` is the SHA-256 of the cookie's token.
sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_sessions_account_id", "account_id"),
)

#: Sign-in budgets (a token bucket per key; the key the SHA-256 of its kind and of a
#: name or network: ``account NAME_KEY``, ``network NET``, ``signup NET``).
signin_throttle = sa.Table(
    "signin_throttle",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("tokens", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

#: Which account sits in which seat of a game (null once the account is deleted).
game_players = sa.Table(
    "game_players",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Index("ix_game_players_account_id", "account_id"),
)

#: The games an account created, or claimed from the browser it signed in with.
game_claims = sa.Table(
    "game_claims",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Index("ix_game_claims_account_id", "account_id"),
)


@dataclass(frozen=True)
class Account:
    """A signed-in account: its id, name as chosen, and its roles."""

    id: int
    name: str
    moderator: bool
    suspended: bool


@dataclass(frozen=True)
class SigninLimits:
    """Failed sign-ins allowed: ``account_burst`` per account name, then one per
    ``account_every`` seconds; ``network_burst`` per client network (a /24 or /56),
    then one per ``network_every`` seconds. A wrong password given to change the
    password or delete the account spends the account's budget too. Sign-ups:
    ``signup_burst`` per client network, then one per ``signup_every`` seconds."""

    account_burst: int = 5
    account_every: float = 60.0
    network_burst: int = 30
    network_every: float = 10.0
    signup_burst: int = 10
    signup_every: float = 360.0


def name_key(name: str) -> str:
    """The key that makes two names the same (Unicode NFKC, case-folded)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(value: object) -> str:
    """A new account's name, normalized (NFKC); ``bad_request`` if it is not one.

    3 to 24 letters (with their combining marks), digits (any script: Devanagari
    and Kannada names too), ``_``, ``.`` and ``-``, beginning with a letter or
    digit and ending with one (or a mark).
    """
    if not isinstance(value, str):
        raise ApiError(400, "bad_request", "'name' is a string")
    name = unicodedata.normalize("NFKC", value)
    kinds = [unicodedata.category(c)[0] if c not in "_.-" else "_" for c in name]
    if (
        not 3 <= len(name) <= 24
        or any(k not in "LMN_" for k in kinds)
        or any(unicodedata.category(c) in ("Nl", "No") for c in name)
        or kinds[0] not in "LN"
        or kinds[-1] not in "LMN"
    ):
        raise ApiError(
            400,
            "bad_name",
            "a name is 3 to 24 letters, digits, '_', '.' or '-', "
            "beginning and ending with a letter or digit",
        )
    if len(name_key(name)) > 32:
        raise ApiError(400, "bad_name", "that name is too long once case-folded")
    return name


def _check_password(value: object, field: str = "password") -> str:
    if not isinstance(value, str):
        raise ApiError(400, "bad_request", f"'{field}' is a string")
    if not MIN_PASSWORD <= len(value) <= MAX_PASSWORD:
        raise ApiError(
            400,
            "bad_password",
            f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters",
        )
    return value


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def csrf_token(secret: str) -> str:
    """The CSRF token of a cookie's ``secret`` (its session or browser token)."""
    return hmac.new(secret.encode(), b"pachisi csrf", hashlib.sha256).hexdigest()


def _well_formed(token: str | None) -> str | None:
    if token and 16 <= len(token) <= 64 and token.replace("-", "").replace("_", "").isalnum():
        return token
    return None


def session_token(conn: HTTPConnection) -> str | None:
    """The session cookie's token of a request, if it has a well-formed one."""
    return _well_formed(conn.cookies.get(SESSION_COOKIE))


def _expected_csrf(conn: HTTPConnection) -> str | None:
    secret = session_token(conn) or _well_formed(conn.cookies.get(BROWSER_COOKIE))
    return csrf_token(secret) if secret else None


def _check_csrf(conn: HTTPConnection) -> None:
    expected = _expected_csrf(conn)
    sent = conn.headers.get(CSRF_HEADER, "")
    if expected is None:
        raise ApiError(
            403, "csrf", "no CSRF token: load the site (GET /api/account) and send its 'csrf'"
        )
    if not hmac.compare_digest(sent.encode(), expected.encode()):
        raise ApiError(403, "csrf", f"the {CSRF_HEADER} header is missing or wrong")


async def require_csrf(request: HTTPConnection) -> None:
    """FastAPI dependency: refuse (403 ``csrf``) a request without the right CSRF token.

    The token is ``csrf`` of ``GET /api/account``, sent in the
    ``X-CSRF-Token`` header; see the module's description.
    """
    _check_csrf(request)


async def csrf_if_signed_in(request: HTTPConnection) -> None:
    """FastAPI dependency: :func:`require_csrf`, when the request has a session cookie."""
    if request.cookies.get(SESSION_COOKIE) is not None:
        _check_csrf(request)


def current_account(request: HTTPConnection) -> Account | None:
    """The account signed in on a request or WebSocket (its session cookie), or ``None``.

    ``None`` too when the session has expired, was signed out, or its account
    deleted. The answer is kept for the request (``request.state``) and, per
    process, for at most :attr:`Accounts.CACHE_SECONDS` (so a suspension made
    by another server process shows within that time).
    """
    if hasattr(request.state, "pachisi_account"):
        kept: Account | None = request.state.pachisi_account
        return kept
    token = session_token(request)
    found: Account | None = None
    if token is not None:
        service: Accounts = request.app.state.accounts
        found = service.session_account(token)
    request.state.pachisi_account = found
    return found


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _account(row: Any) -> Account:
    return Account(
        id=int(row["id"]),
        name=str(row["name"]),
        moderator=bool(row["moderator"]),
        suspended=bool(row["suspended"]),
    )


class Accounts:
    """The accounts of one database (``engine``), with a password ``hasher``.

    Synchronous (the server calls it from worker threads), except the quick
    session look-up of :func:`current_account`, cached briefly per process.
    """

    #: How long a process keeps a session's account before asking the database again.
    CACHE_SECONDS = 2.0

    def __init__(
        self,
        engine: sa.Engine,
        hasher: PasswordHasher | None = None,
        limits: SigninLimits | None = None,
    ) -> None:
        from argon2 import PasswordHasher

        self.engine = engine
        self.hasher = hasher or PasswordHasher()
        self.limits = limits or SigninLimits()
        # Checked when a name is unknown, so that it costs what a wrong password costs.
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))
        self._cache: OrderedDict[str, tuple[float, Account | None]] = OrderedDict()

    # -- sessions ---------------------------------------------------------------------

    def session_account(self, token: str) -> Account | None:
        """The account of a session token, or ``None`` (expired, signed out, deleted)."""
        key = _hash(token)
        now = time.monotonic()
        hit = self._cache.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
        with self.engine.connect() as conn:
            row = (
                conn.execute(
                    sa.select(accounts, sessions.c.expires_at)
                    .join(sessions, sessions.c.account_id == accounts.c.id)
                    .where(sessions.c.id == key)
                )
                .mappings()
                .first()
            )
        found = None
        if row is not None and _aware(row["expires_at"]) > _now():
            found = _account(row)
        self._cache[key] = (now + self.CACHE_SECONDS, found)
        self._cache.move_to_end(key)
        while len(self._cache) > 10_000:
            self._cache.popitem(last=False)
        return found

    def _new_session(self, conn: sa.Connection, account_id: int) -> str:
        token = secrets.token_urlsafe(32)
        now = _now()
        conn.execute(
            sessions.insert().values(
                id=_hash(token),
                account_id=account_id,
                created_at=now,
                expires_at=now + timedelta(days=SESSION_DAYS),
            )
        )
        conn.execute(sessions.delete().where(sessions.c.expires_at < now))
        return token

    def sign_out(self, token: str) -> None:
        """End a session."""
        key = _hash(token)
        self._cache.pop(key, None)
        with self.engine.begin() as conn:
            conn.execute(sessions.delete().where(sessions.c.id == key))

    # -- signing up and in -----------------------------------------------------------

    def sign_up(
        self, name: object, password: object, address: str, browser: str | None
    ) -> tuple[Account, str]:
        """A new account and its first session's token; ``name_taken`` if the name is,
        ``too_many`` once the network's sign-up budget is spent."""
        good = check_name(name)
        secret = _check_password(password)
        budget = [
            (
                _hash("signup " + network_of(address)),
                self.limits.signup_burst,
                self.limits.signup_every,
            )
        ]
        wait = self._throttle(budget, spend=True)
        if wait > 0:
            raise ApiError(
                429, "too_many", f"too many accounts made; try again in {int(wait) + 1} s"
            )
        hashed = self.hasher.hash(secret)
        try:
            with self.engine.begin() as conn:
                new_id = conn.execute(
                    accounts.insert()
                    .values(
                        name=good,
                        name_key=name_key(good),
                        password=hashed,
                        moderator=False,
                        suspended=False,
                        created_at=_now(),
                    )
                    .returning(accounts.c.id)
                ).scalar_one()
                token = self._new_session(conn, new_id)
                self._claim(conn, new_id, browser)
        except sa.exc.IntegrityError:
            raise ApiError(409, "name_taken", "that name is taken: choose another") from None
        return Account(new_id, good, False, False), token

    def sign_in(
        self, name: object, password: object, address: str, browser: str | None
    ) -> tuple[Account, str]:
        """Check a name and password; a new session's token, or ``bad_credentials``.

        An unknown name and a wrong password get the same answer after the
        same work (an Argon2 check); both spend the budgets of
        :class:`SigninLimits` (``too_many`` once one is spent, whether the
        name exists or not).
        """
        if not isinstance(name, str) or not isinstance(password, str):
            raise ApiError(400, "bad_request", "'name' and 'password' are strings")
        if len(name) > 64 or len(password) > MAX_PASSWORD:
            raise ApiError(401, "bad_credentials", "wrong name or password")
        key = name_key(unicodedata.normalize("NFKC", name))
        budgets = [
            (_hash("account " + key), self.limits.account_burst, self.limits.account_every),
            (
                _hash("network " + network_of(address)),
                self.limits.network_burst,
                self.limits.network_every,
            ),
        ]
        wait = self._throttle(budgets, spend=False)
        if wait > 0:
            raise ApiError(
                429, "too_many", f"too many sign-in attempts; try again in {int(wait) + 1} s"
            )
        with self.engine.connect() as conn:
            row = (
                conn.execute(sa.select(accounts).where(accounts.c.name_key == key))
                .mappings()
                .first()
            )
        from argon2.exceptions import InvalidHashError, VerificationError

        ok = False
        try:
            ok = self.hasher.verify(row["password"] if row else self._dummy, password)
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok or row is None:
            self._throttle(budgets, spend=True)
            raise ApiError(401, "bad_credentials", "wrong name or password")
        with self.engine.begin() as conn:
            if self.hasher.check_needs_rehash(row["password"]):
                conn.execute(
                    accounts.update()
                    .where(accounts.c.id == row["id"])
                    .values(password=self.hasher.hash(password))
                )
            token = self._new_session(conn, row["id"])
            self._claim(conn, row["id"], browser)
        return _account(row), token

    def _throttle(self, budgets: list[tuple[str, int, float]], *, spend: bool) -> float:
        """Seconds until every budget has a token (0: now); ``spend`` takes one from each."""
        now = _now()
        longest = 0.0
        with self.engine.begin() as conn:
            for key, burst, every in budgets:
                insert = _upsert_ignore(conn, key, float(burst), now)
                conn.execute(insert)
                row = conn.execute(
                    sa.select(signin_throttle.c.tokens, signin_throttle.c.at)
                    .where(signin_throttle.c.key == key)
                    .with_for_update()
                ).first()
                assert row is not None
                tokens, at = float(row[0]), _aware(row[1])
                tokens = min(float(burst), tokens + max(0.0, (now - at).total_seconds()) / every)
                if tokens < 1:
                    longest = max(longest, (1 - tokens) * every)
                if spend:
                    tokens = max(0.0, tokens - 1)
                    conn.execute(
                        signin_throttle.update()
                        .where(signin_throttle.c.key == key)
                        .values(tokens=tokens, at=now)
                    )
        return longest

    def _claim(self, conn: sa.Connection, account_id: int, browser: str | None) -> None:
        """Claim for the account the games its browser created that nobody has claimed."""
        if browser is None:
            return
        from .store import games

        owned = sa.select(games.c.id).where(
            games.c.owner == _hash(browser),
            games.c.id.not_in(sa.select(game_claims.c.game_id)),
        )
        ids = [r[0] for r in conn.execute(owned.limit(1000))]
        if ids:
            conn.execute(
                game_claims.insert(), [{"game_id": i, "account_id": account_id} for i in ids]
            )

    # -- changing an account ------------------------------------------------------------

    def _verify(self, account_id: int, password: object) -> None:
        if not isinstance(password, str):
            raise ApiError(400, "bad_request", "'password' is a string")
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(accounts.c.password, accounts.c.name_key).where(
                    accounts.c.id == account_id
                )
            ).first()
        stored = row[0] if row else None
        budget = [
            (
                _hash("account " + (row[1] if row else "")),
                self.limits.account_burst,
                self.limits.account_every,
            )
        ]
        wait = self._throttle(budget, spend=False)
        if wait > 0:
            raise ApiError(
                429, "too_many", f"too many wrong passwords; try again in {int(wait) + 1} s"
            )
        from argon2.exceptions import InvalidHashError, VerificationError

        try:
            ok = stored is not None and self.hasher.verify(stored, password[:MAX_PASSWORD])
        except (VerificationError, InvalidHashError):
            ok = False
        if not ok:
            self._throttle(budget, spend=True)
            raise ApiError(401, "bad_credentials", "wrong password")

    def change_password(self, account_id: int, old: object, new: object, token: str) -> None:
        """Change an account's password (its other sessions end; this one stays)."""
        secret = _check_password(new, "new")
        self._verify(account_id, old)
        with self.engine.begin() as conn:
            conn.execute(
                accounts.update()
                .where(accounts.c.id == account_id)
                .values(password=self.hasher.hash(secret))
            )
            conn.execute(
                sessions.delete().where(
                    sessions.c.account_id == account_id, sessions.c.id != _hash(token)
                )
            )
        self._cache.clear()

    def delete(self, account_id: int, password: object) -> list[str]:
        """Delete an account and its personal data; its games stay, anonymised.

        Its sessions, ratings, rating history and claims go with it (foreign
        keys ``ON DELETE CASCADE``, and explicitly here, whatever the
        database enforces); its seats in games are kept with no account
        (``SET NULL``), and where such a seat was named with the account's
        name, the seat takes its colours' name instead (in the game's result
        line too); its sign-in budget goes too, and so do the chat reports it
        made; its games' review figures are kept with no account. Answers the
        ids of the games whose seats were renamed.
        """
        self._verify(account_id, password)
        with self.engine.begin() as conn:
            key = conn.execute(
                sa.select(accounts.c.name_key).where(accounts.c.id == account_id)
            ).scalar_one()
            name = conn.execute(
                sa.select(accounts.c.name).where(accounts.c.id == account_id)
            ).scalar_one()
            renamed = _anonymise_seats(conn, account_id, name)
            for table in _personal_tables():
                conn.execute(table.delete().where(table.c.account_id == account_id))
            conn.execute(
                game_players.update()
                .where(game_players.c.account_id == account_id)
                .values(account_id=None)
            )
            if "chat_reports" in metadata.tables:  # pachisi.web.chat: its reports of messages
                reports = metadata.tables["chat_reports"]
                conn.execute(reports.delete().where(reports.c.reporter == f"a{account_id}"))
            if "review_stats" in metadata.tables:  # its review figures stay, with no account
                stats = metadata.tables["review_stats"]
                conn.execute(
                    stats.update().where(stats.c.account_id == account_id).values(account_id=None)
                )
            conn.execute(
                signin_throttle.delete().where(signin_throttle.c.key == _hash("account " + key))
            )
            conn.execute(accounts.delete().where(accounts.c.id == account_id))
        self._cache.clear()
        return renamed

    def set_moderator(self, name: str, moderator: bool) -> Account:
        """Grant or revoke the moderator role (``pachisi club moderator``); ``LookupError``
        if there is no account of that name."""
        key = name_key(unicodedata.normalize("NFKC", name))
        with self.engine.begin() as conn:
            done = conn.execute(
                accounts.update().where(accounts.c.name_key == key).values(moderator=moderator)
            )
            if done.rowcount != 1:
                raise LookupError(f"no account is named {name!r}")
            row = (
                conn.execute(sa.select(accounts).where(accounts.c.name_key == key)).mappings().one()
            )
        self._cache.clear()
        return _account(row)

    def by_name(self, name: str) -> Account | None:
        """The account of a name (any case), or ``None``."""
        key = name_key(unicodedata.normalize("NFKC", name))
        if len(key) > 32:
            return None
        with self.engine.connect() as conn:
            row = (
                conn.execute(sa.select(accounts).where(accounts.c.name_key == key))
                .mappings()
                .first()
            )
        return _account(row) if row else None


def _anonymise_seats(conn: sa.Connection, account_id: int, name: str) -> list[str]:
    """Rename the seats of ``account_id`` that carry its ``name`` after their colours;
    the ids of the games changed."""
    import json

    from .store import games

    rows = conn.execute(
        sa.select(games.c.id, games.c.seats, games.c.start, games.c.result, game_players.c.seat)
        .join(game_players, game_players.c.game_id == games.c.id)
        .where(game_players.c.account_id == account_id)
    ).all()
    key = name_key(name)
    renamed: list[str] = []
    for game_id, seats_text, start_text, result, seat in rows:
        seats = json.loads(seats_text)
        if not (0 <= seat < len(seats)) or name_key(str(seats[seat].get("name", ""))) != key:
            continue
        old = str(seats[seat]["name"])
        try:
            colours = json.loads(start_text)["players"][seat]["colours"]
            new = "+".join(str(c).capitalize() for c in colours)
        except (KeyError, IndexError, TypeError, ValueError):
            new = f"{seat + 1}"
        seats[seat]["name"] = new
        values: dict[str, Any] = {"seats": json.dumps(seats)}
        if result:
            values["result"] = re.sub(rf"(?<!\w){re.escape(old)}(?!\w)", new, result)
        conn.execute(games.update().where(games.c.id == game_id).values(**values))
        renamed.append(str(game_id))
    return renamed


def _personal_tables() -> list[sa.Table]:
    """The tables whose rows are an account's own (deleted with it), besides ``accounts``."""
    out = [sessions, game_claims]
    # Chat messages and seeks (pachisi.web.chat, pachisi.web.seeks) are theirs too.
    for name in ("ratings", "rating_history", "chat_messages", "seeks"):
        if name in metadata.tables:
            out.append(metadata.tables[name])
    return out


def _upsert_ignore(conn: sa.Connection, key: str, tokens: float, now: datetime) -> Any:
    """An insert of a full budget for ``key`` that does nothing if it exists."""
    values = {"key": key, "tokens": tokens, "at": now}
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        return pg_insert(signin_throttle).values(**values).on_conflict_do_nothing()
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(signin_throttle).values(**values).on_conflict_do_nothing()


def export(service: Accounts, account_id: int) -> dict[str, Any]:
    """Everything kept about an account, JSON-ready (its data download): the account
    (never the password's hash), its seats in games, the games it created or claimed,
    its ratings and rating history, its chat messages, reports and seeks, and its
    review figures."""

    def rows(conn: sa.Connection, table: sa.Table, *columns: str) -> list[dict[str, Any]]:
        query = sa.select(*(table.c[c] for c in columns)).where(table.c.account_id == account_id)
        out = []
        for row in conn.execute(query).mappings():
            out.append(
                {
                    k: (_aware(v).isoformat() if isinstance(v, datetime) else v)
                    for k, v in row.items()
                }
            )
        return out

    with service.engine.connect() as conn:
        row = conn.execute(sa.select(accounts).where(accounts.c.id == account_id)).mappings().one()
        out: dict[str, Any] = {
            "account": {
                "id": row["id"],
                "name": row["name"],
                "created_at": _aware(row["created_at"]).isoformat(),
                "moderator": bool(row["moderator"]),
                "suspended": bool(row["suspended"]),
            },
            "seats": rows(conn, game_players, "game_id", "seat"),
            "games_created_or_claimed": [g["game_id"] for g in rows(conn, game_claims, "game_id")],
            "sessions": rows(conn, sessions, "created_at", "expires_at"),
        }
        if "ratings" in metadata.tables:
            out["ratings"] = rows(conn, metadata.tables["ratings"], "pool", "mu", "sigma", "games")
            out["rating_history"] = rows(
                conn,
                metadata.tables["rating_history"],
                "game_id", "pool", "place", "mu_before", "sigma_before", "mu", "sigma", "at",
            )  # fmt: skip
        if "chat_messages" in metadata.tables:  # pachisi.web.chat, pachisi.web.seeks
            out["chat_messages"] = rows(
                conn, metadata.tables["chat_messages"],
                "game_id", "room", "text", "phrase", "created_at",
            )  # fmt: skip
            out["seeks"] = rows(
                conn, metadata.tables["seeks"],
                "ruleset", "players", "teams", "rated", "status", "created_at", "game_id",
            )  # fmt: skip
            reports = metadata.tables["chat_reports"]
            out["chat_reports"] = [
                {
                    "message_id": r["message_id"],
                    "reason": r["reason"],
                    "created_at": _aware(r["created_at"]).isoformat(),
                }
                for r in conn.execute(
                    sa.select(reports.c.message_id, reports.c.reason, reports.c.created_at)
                    .where(reports.c.reporter == f"a{account_id}")
                    .order_by(reports.c.id)
                ).mappings()
            ]
        if "review_stats" in metadata.tables:  # pachisi.web.club_routes
            out["review_stats"] = rows(
                conn, metadata.tables["review_stats"], "game_id", "seat", "decisions", "lost"
            )
    return out
