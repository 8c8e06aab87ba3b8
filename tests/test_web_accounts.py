"""Accounts of the club (docs/web.md, *Accounts*): migration 0004_accounts up and down on
both databases, sessions, CSRF, sign-in throttling, deletion, the data download and
``pachisi club moderator``."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.script import ScriptDirectory
from argon2 import PasswordHasher
from fastapi import FastAPI, Request, WebSocket
from fastapi.testclient import TestClient

from pachisi.cli import main
from pachisi.web.accounts import (
    CSRF_HEADER,
    SESSION_COOKIE,
    Account,
    SigninLimits,
    current_account,
)
from pachisi.web.app import create_app
from pachisi.web.store import Store, alembic_config

#: Argon2 made cheap for tests (the server uses argon2-cffi's defaults).
FAST_HASHER = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)

ACCOUNT_TABLES = {
    "accounts",
    "sessions",
    "signin_throttle",
    "game_players",
    "game_claims",
    "rated_games",
    "ratings",
    "rating_history",
}


def make_app(db: str, **kwargs: Any) -> FastAPI:
    kwargs.setdefault("password_hasher", FAST_HASHER)
    return create_app(db, bot_delay=0, rng=random.Random(5), **kwargs)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(make_app(db)) as c:
        yield c


def csrf(client: TestClient) -> dict[str, str]:
    """The CSRF header of the client's browser (as the pages fetch it)."""
    return {CSRF_HEADER: client.get("/api/account").json()["csrf"]}


def sign_up(client: TestClient, name: str, password: str = "correct horse") -> dict[str, Any]:
    r = client.post(
        "/api/account/signup", json={"name": name, "password": password}, headers=csrf(client)
    )
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def sign_in(client: TestClient, name: str, password: str = "correct horse") -> Any:
    return client.post(
        "/api/account/signin", json={"name": name, "password": password}, headers=csrf(client)
    )


def tables(url: str) -> set[str]:
    engine = sa.create_engine(url)
    try:
        return set(sa.inspect(engine).get_table_names())
    finally:
        engine.dispose()


# ---------------------------------------------------------------------------
# Migration


def test_migration_0004_up_and_down_keeps_the_games(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        assert tables(db_url) >= ACCOUNT_TABLES
        with store.engine.begin() as conn:
            now = datetime.now(UTC)
            conn.execute(
                sa.text(
                    "INSERT INTO games (id, created_at, updated_at, ruleset, start, seats, first,"
                    " status, version, public) VALUES ('g', :t, :t, 'parcheesi', '{}', '[]', '{}',"
                    " 'playing', 2, false)"
                ),
                {"t": now},
            )
            conn.execute(
                sa.text(
                    "INSERT INTO accounts (name, name_key, password, created_at)"
                    " VALUES ('Asha', 'asha', 'x', :t)"
                ),
                {"t": now},
            )
            # The name key is unique: 'ASHA' is the same name.
            with pytest.raises(sa.exc.IntegrityError), conn.begin_nested():
                conn.execute(
                    sa.text(
                        "INSERT INTO accounts (name, name_key, password, created_at)"
                        " VALUES ('ASHA', 'asha', 'y', :t)"
                    ),
                    {"t": now},
                )
        with store.engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0003")
        assert not ACCOUNT_TABLES & tables(db_url)
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT version FROM games")).scalar_one() == 2
        store.migrate()
        assert tables(db_url) >= ACCOUNT_TABLES
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM accounts")).scalar_one() == 0
            revision = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        head = ScriptDirectory.from_config(alembic_config(None)).get_current_head()
        assert revision == head
    finally:
        store.dispose()


# ---------------------------------------------------------------------------
# Sessions and the current account


def test_sign_up_signs_in_and_the_session_cookie_is_http_only(client: TestClient) -> None:
    assert client.get("/api/account").json()["account"] is None
    r = client.post(
        "/api/account/signup",
        json={"name": "Asha", "password": "correct horse"},
        headers=csrf(client),
    )
    assert r.status_code == 201
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(SESSION_COOKIE + "=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Secure" not in cookie
    me = client.get("/api/account").json()["account"]
    assert me == {"id": me["id"], "name": "Asha", "moderator": False, "suspended": False}


def test_the_session_cookie_is_secure_when_the_public_address_is_https(db: str) -> None:
    app = make_app(db, base_url="https://club.example.test")
    with TestClient(app, base_url="https://club.example.test") as c:
        r = c.post(
            "/api/account/signup",
            json={"name": "Asha", "password": "correct horse"},
            headers=csrf(c),
        )
        assert r.status_code == 201
        assert "Secure" in r.headers["set-cookie"]


def test_current_account_works_for_http_and_websockets(db: str) -> None:
    app = make_app(db)

    @app.get("/test/who")
    async def who(request: Request) -> dict[str, Any]:
        account = current_account(request)
        return {"name": account.name if account else None}

    @app.websocket("/test/ws")
    async def ws(socket: WebSocket) -> None:
        await socket.accept()
        account = current_account(socket)
        await socket.send_json({"name": account.name if account else None})
        await socket.close()

    with TestClient(app) as c:
        assert c.get("/test/who").json() == {"name": None}
        sign_up(c, "Bhima")
        assert c.get("/test/who").json() == {"name": "Bhima"}
        with c.websocket_connect("/test/ws") as socket:
            assert socket.receive_json() == {"name": "Bhima"}
        c.post("/api/account/signout", headers=csrf(c))
        assert c.get("/test/who").json() == {"name": None}
        with c.websocket_connect("/test/ws") as socket:
            assert socket.receive_json() == {"name": None}


def test_sign_out_ends_the_session_for_good(client: TestClient) -> None:
    sign_up(client, "Asha")
    token = client.cookies[SESSION_COOKIE]
    r = client.post("/api/account/signout", headers=csrf(client))
    assert r.json()["account"] is None
    # The old cookie sent again (a copy kept by someone) is worth nothing now.
    client.cookies.set(SESSION_COOKIE, token)
    assert client.get("/api/account").json()["account"] is None


def test_names_are_unique_whatever_the_case(client: TestClient) -> None:
    sign_up(client, "Asha")
    client.post("/api/account/signout", headers=csrf(client))
    r = client.post(
        "/api/account/signup", json={"name": "aSHA", "password": "x" * 10}, headers=csrf(client)
    )
    assert (r.status_code, r.json()["error"]["code"]) == (409, "name_taken")


@pytest.mark.parametrize(
    "name",
    [
        "<script>alert(1)</script>",
        "a&amp;b",
        "wow!",
        "a",
        "ab",
        "a\u200bb",
        "x" * 25,
        "two words",
        "-dash",
        "a\u0000b",
        7,
        None,
    ],
)
def test_a_bad_name_is_refused_with_a_clear_error(client: TestClient, name: object) -> None:
    r = client.post(
        "/api/account/signup",
        json={"name": name, "password": "correct horse"},
        headers=csrf(client),
    )
    assert r.status_code == 400
    assert r.json()["error"]["code"] in ("bad_name", "bad_request")
    assert r.json()["error"]["message"]


@pytest.mark.parametrize("name", ["आशा", "ಆಶಾ_2", "Ravi.K"])
def test_names_in_every_script_of_the_site(client: TestClient, name: str) -> None:
    assert sign_up(client, name)["account"]["name"] == name


@pytest.mark.parametrize(
    "body",
    [
        None,
        [],
        "text",
        {"name": "Asha"},
        {"password": "correct horse"},
        {"name": "Asha", "password": "short"},
        {"name": "Asha", "password": 12345678},
        {"name": "Asha", "password": "x" * 257},
        {"name": "Asha", "password": "correct horse", "admin": True},
    ],
)
def test_bad_sign_up_bodies_are_refused(client: TestClient, body: object) -> None:
    r = client.post("/api/account/signup", json=body, headers=csrf(client))
    assert r.status_code == 400, r.text
    assert r.json()["ok"] is False
    assert client.get("/api/account").json()["account"] is None


# ---------------------------------------------------------------------------
# CSRF


def test_state_changing_account_requests_without_the_token_are_refused(
    client: TestClient,
) -> None:
    sign_up(client, "Asha")
    for path, body in [
        ("/api/account/signout", None),
        ("/api/account/password", {"old": "correct horse", "new": "battery staple"}),
        ("/api/account/delete", {"password": "correct horse"}),
        ("/api/account/signin", {"name": "Asha", "password": "correct horse"}),
    ]:
        for headers in ({}, {CSRF_HEADER: "0" * 64}):
            r = client.post(path, json=body, headers=headers)
            assert (r.status_code, r.json()["error"]["code"]) == (403, "csrf"), path
    # Nothing happened: still signed in, the password unchanged.
    assert client.get("/api/account").json()["account"]["name"] == "Asha"
    client.post("/api/account/signout", headers=csrf(client))
    assert sign_in(client, "Asha").status_code == 200


def test_a_request_with_no_cookie_at_all_has_no_token(db: str) -> None:
    with TestClient(make_app(db)) as c:
        r = c.post("/api/account/signup", json={"name": "Asha", "password": "correct horse"})
        assert (r.status_code, r.json()["error"]["code"]) == (403, "csrf")


def test_signed_in_game_requests_need_the_token_too(client: TestClient) -> None:
    spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    # Anonymous (no session): as before, no token needed.
    assert client.post("/api/games", json=spec).status_code == 201
    sign_up(client, "Asha")
    r = client.post("/api/games", json=spec)
    assert (r.status_code, r.json()["error"]["code"]) == (403, "csrf")
    assert client.post("/api/games", json=spec, headers=csrf(client)).status_code == 201


def test_the_token_of_one_account_does_not_work_for_another(db: str) -> None:
    with TestClient(make_app(db)) as asha, TestClient(make_app(db)) as ravi:
        sign_up(asha, "Asha")
        sign_up(ravi, "Ravi")
        stolen = csrf(asha)
        r = ravi.post("/api/account/delete", json={"password": "correct horse"}, headers=stolen)
        assert r.status_code == 403
        assert ravi.get("/api/account").json()["account"]["name"] == "Ravi"


# ---------------------------------------------------------------------------
# The moderator command


def test_club_moderator_grants_and_revokes(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = db.removeprefix("sqlite:///")
    with TestClient(make_app(db)) as c:
        sign_up(c, "Asha")
    assert main(["club", "moderator", "ASHA", "--db", path]) == 0
    assert "Asha is a moderator" in capsys.readouterr().out
    with TestClient(make_app(db)) as c:
        assert sign_in(c, "asha").json()["account"]["moderator"] is True
    assert main(["club", "moderator", "asha", "--revoke", "--db", path]) == 0
    assert "no longer" in capsys.readouterr().out
    with TestClient(make_app(db)) as c:
        assert sign_in(c, "asha").json()["account"]["moderator"] is False
    assert main(["club", "moderator", "nobody", "--db", path]) == 1
    assert "no account is named 'nobody'" in capsys.readouterr().err


def test_account_is_a_frozen_dataclass() -> None:
    a = Account(1, "Asha", False, False)
    with pytest.raises(AttributeError):
        a.name = "Ravi"  # type: ignore[misc]


def test_signin_limits_have_defaults() -> None:
    limits = SigninLimits()
    assert limits.account_burst >= 1 and limits.network_burst >= limits.account_burst


# ---------------------------------------------------------------------------
# Signing in: the same answer for unknown names, throttling


class CountingHasher(PasswordHasher):
    """Counts the Argon2 checks made."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=1024, parallelism=1)
        self.checks = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> bool:
        self.checks += 1
        return super().verify(hash, password)


def test_unknown_names_and_wrong_passwords_get_the_same_answer_after_the_same_work(
    db_url: str,
) -> None:
    hasher = CountingHasher()
    with TestClient(make_app(db_url, password_hasher=hasher)) as c:
        sign_up(c, "Asha")
        c.post("/api/account/signout", headers=csrf(c))
        answers = []
        for name, password in [("Asha", "wrong password"), ("Nobody", "wrong password")]:
            before = hasher.checks
            r = sign_in(c, name, password)
            answers.append((r.status_code, r.json(), hasher.checks - before))
        assert answers[0] == answers[1]
        assert answers[0][0] == 401 and answers[0][2] == 1
        assert answers[0][1]["error"] == {
            "code": "bad_credentials",
            "message": "wrong name or password",
        }


def test_brute_force_on_one_account_is_throttled(db_url: str) -> None:
    limits = SigninLimits(account_burst=3, account_every=3600, network_burst=100)
    with TestClient(make_app(db_url, signin_limits=limits)) as c:
        sign_up(c, "Asha")
        sign_up_other = TestClient(c.app)
        sign_up(sign_up_other, "Ravi")
        c.post("/api/account/signout", headers=csrf(c))
        codes = [sign_in(c, "asha", f"guess number {i}").status_code for i in range(3)]
        assert codes == [401, 401, 401]
        # Spent: even the right password waits now; so does any case of the name.
        for name in ("Asha", "ASHA"):
            r = sign_in(c, name)
            assert (r.status_code, r.json()["error"]["code"]) == (429, "too_many")
            assert "try again in" in r.json()["error"]["message"]
        # Another account is not locked by it.
        assert sign_in(c, "Ravi").status_code == 200
        # An unknown name is throttled the same way (nothing told by the answer).
        c.post("/api/account/signout", headers=csrf(c))
        codes = [sign_in(c, "nobody", f"guess {i}").status_code for i in range(4)]
        assert codes == [401, 401, 401, 429]


def test_brute_force_from_one_network_is_throttled_across_names(db_url: str) -> None:
    limits = SigninLimits(account_burst=100, network_burst=4, network_every=3600)
    with TestClient(make_app(db_url, signin_limits=limits)) as c:
        sign_up(c, "Asha")
        c.post("/api/account/signout", headers=csrf(c))
        codes = [sign_in(c, f"name{i}", "wrong password").status_code for i in range(5)]
        assert codes == [401, 401, 401, 401, 429]
        assert sign_in(c, "Asha").status_code == 429


def test_the_budget_is_shared_by_every_server_process(db_url: str) -> None:
    limits = SigninLimits(account_burst=2, account_every=3600, network_burst=100)
    with TestClient(make_app(db_url, signin_limits=limits)) as one:
        sign_up(one, "Asha")
        one.post("/api/account/signout", headers=csrf(one))
        assert sign_in(one, "Asha", "wrong password").status_code == 401
    with TestClient(make_app(db_url, signin_limits=limits)) as two:
        assert sign_in(two, "Asha", "wrong password").status_code == 401
        assert sign_in(two, "Asha").status_code == 429


# ---------------------------------------------------------------------------
# Changing the password


def test_changing_the_password_ends_the_other_sessions(db: str) -> None:
    app = make_app(db)
    with TestClient(app) as here:
        there = TestClient(app)
        sign_up(here, "Asha")
        assert sign_in(there, "Asha").status_code == 200
        r = here.post(
            "/api/account/password",
            json={"old": "not it at all", "new": "battery staple"},
            headers=csrf(here),
        )
        assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_credentials")
        r = here.post(
            "/api/account/password", json={"old": "correct horse", "new": "short"},
            headers=csrf(here),
        )  # fmt: skip
        assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_password")
        r = here.post(
            "/api/account/password",
            json={"old": "correct horse", "new": "battery staple"},
            headers=csrf(here),
        )
        assert r.status_code == 200, r.text
        assert here.get("/api/account").json()["account"]["name"] == "Asha"
        assert there.get("/api/account").json()["account"] is None
        assert sign_in(there, "Asha").status_code == 401
        assert sign_in(there, "Asha", "battery staple").status_code == 200


def test_account_requests_need_a_session(client: TestClient) -> None:
    for path, body in [
        ("/api/account/password", {"old": "a" * 8, "new": "b" * 8}),
        ("/api/account/delete", {"password": "a" * 8}),
    ]:
        r = client.post(path, json=body, headers=csrf(client))
        assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")
    assert client.get("/api/account/data").status_code == 401


def test_a_forged_or_malformed_session_cookie_is_nobody(client: TestClient) -> None:
    sign_up(client, "Asha")
    for forged in ["x" * 43, "<script>", "a" * 500, ""]:
        client.cookies.clear()
        client.cookies.set(SESSION_COOKIE, forged)
        assert client.get("/api/account").json()["account"] is None


def test_sign_ups_are_limited_per_network(db_url: str) -> None:
    limits = SigninLimits(signup_burst=2, signup_every=3600)
    with TestClient(make_app(db_url, signin_limits=limits)) as c:
        sign_up(c, "Asha")
        sign_up(c, "Ravi")
        r = c.post(
            "/api/account/signup", json={"name": "Meera", "password": "x" * 10}, headers=csrf(c)
        )
        assert (r.status_code, r.json()["error"]["code"]) == (429, "too_many")
        assert c.get("/api/account").json()["account"]["name"] == "Ravi"


def test_wrong_passwords_to_change_or_delete_spend_the_account_budget(db_url: str) -> None:
    limits = SigninLimits(account_burst=2, account_every=3600, network_burst=100)
    with TestClient(make_app(db_url, signin_limits=limits)) as c:
        sign_up(c, "Asha")
        wrong = [
            ("/api/account/password", {"old": "guess one!", "new": "battery staple"}),
            ("/api/account/delete", {"password": "guess two!"}),
        ]
        for path, body in wrong:
            assert c.post(path, json=body, headers=csrf(c)).status_code == 401
        r = c.post("/api/account/delete", json={"password": "correct horse"}, headers=csrf(c))
        assert (r.status_code, r.json()["error"]["code"]) == (429, "too_many")
        assert c.get("/api/account").json()["account"]["name"] == "Asha"
