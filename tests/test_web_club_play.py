"""Finding a game (seeks) and chat (docs/web.md, "Finding a game", "Chat"): the API.

Each "browser" is a :class:`Browser`: its own cookies (browser token,
session) and CSRF token over one test client of one server. Pairing across
server processes is in ``tests/test_web_club_scale.py`` (PostgreSQL).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pachisi.web import seeks as seekstore
from pachisi.web.app import create_app
from pachisi.web.club_play import ClubLimits
from test_web_api import wait_until

PASSWORD = "correct horse battery"


class FakeClock:
    """The server's wall clock, moved by hand."""

    def __init__(self) -> None:
        self.t = 1_900_000_000.0

    def __call__(self) -> float:
        return self.t


class Browser:
    """One browser: its cookies and CSRF token, over the shared test client."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jar: dict[str, str] = {}
        self.csrf = ""
        self.account: dict[str, Any] | None = None
        self.refresh_csrf()

    def request(
        self, method: str, path: str, body: object = None, *, csrf: bool = True, **headers: str
    ) -> Any:
        self.client.cookies.clear()
        for name, value in self.jar.items():
            self.client.cookies.set(name, value)
        if method != "GET" and csrf:
            headers.setdefault("x-csrf-token", self.csrf)
        kwargs: dict[str, Any] = {"headers": headers}
        if body is not None:
            kwargs["content"] = json.dumps(body)
            headers["content-type"] = "application/json"
        answer = self.client.request(method, path, **kwargs)
        self.jar.update(dict(self.client.cookies.items()))
        return answer

    def get(self, path: str, **headers: str) -> Any:
        return self.request("GET", path, **headers)

    def post(self, path: str, body: object = None, **kw: Any) -> Any:
        return self.request("POST", path, {} if body is None else body, **kw)

    def refresh_csrf(self) -> None:
        answer = self.get("/api/account")
        assert answer.status_code == 200, answer.text
        self.csrf = answer.json()["csrf"]

    def sign_up(self, name: str) -> dict[str, Any]:
        answer = self.post("/api/account/signup", {"name": name, "password": PASSWORD})
        assert answer.status_code == 201, answer.text
        self.account = answer.json()["account"]
        self.csrf = answer.json()["csrf"]
        return self.account


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


def make_client(db: str, clock: FakeClock, **kw: Any) -> TestClient:
    kw.setdefault("club_limits", ClubLimits.off())
    return TestClient(
        create_app(db, bot_delay=0, rng=random.Random(7), clock=clock, tick=0, seek_tick=0, **kw)
    )


@pytest.fixture
def client(db: str, clock: FakeClock) -> Iterator[TestClient]:
    with make_client(db, clock) as c:
        yield c


def browser(client: TestClient, name: str | None = None) -> Browser:
    b = Browser(client)
    if name is not None:
        b.sign_up(name)
    return b


def seek(b: Browser, **spec: Any) -> dict[str, Any]:
    answer = b.post("/api/seeks", spec)
    assert answer.status_code == 201, answer.text
    return dict(answer.json())


def status(b: Browser, s: dict[str, Any]) -> dict[str, Any]:
    answer = b.get(f"/api/seeks/{s['id']}", **{"x-seek-key": s["secret"]})
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def step(client: TestClient) -> None:
    """One round of the pairing loop (the tests run it by hand)."""
    client.portal.call(client.app.state.play.step)  # type: ignore[attr-defined]


def make_moderator(client: TestClient, name: str) -> None:
    client.app.state.accounts.set_moderator(name, True)  # type: ignore[attr-defined]


def rows(db: str, table: str) -> list[dict[str, Any]]:
    engine = sa.create_engine(db)
    try:
        with engine.connect() as conn:
            return [dict(r) for r in conn.execute(sa.text(f"SELECT * FROM {table}")).mappings()]
    finally:
        engine.dispose()


# -- seeks -----------------------------------------------------------------------------


def test_a_seek_and_its_acceptance_make_one_game_each_seeker_with_a_seat(
    client: TestClient, db: str
) -> None:
    ann, bo = browser(client), browser(client)
    mine = seek(ann, ruleset="parcheesi", players=2, name="Ann")
    assert mine["status"] == "open" and mine["game"] is None
    listed = client.get("/api/seeks").json()["seeks"]
    assert [s["id"] for s in listed] == [mine["id"]]
    assert listed[0]["name"] == "Ann" and "secret" not in listed[0] and "key_hash" not in listed[0]

    answer = bo.post(f"/api/seeks/{mine['id']}/accept", {"name": "Bo"})
    assert answer.status_code == 201, answer.text
    theirs = answer.json()
    assert theirs["status"] == "paired"
    ann_now = status(ann, mine)
    assert ann_now["status"] == "paired" and ann_now["game"] == theirs["game"]
    assert {ann_now["seat"], theirs["seat"]} == {0, 1}
    game = client.get(f"/api/games/{theirs['game']}").json()
    names = {s["index"]: s["name"] for s in game["seats"]}
    assert names[ann_now["seat"]] == "Ann" and names[theirs["seat"]] == "Bo"
    assert all(s["kind"] == "human" for s in game["seats"])
    assert game["status"] == "playing" and game["throw"] is not None
    # Each seeker's key is its seat's: the seat to move can act with it.
    keys = {ann_now["seat"]: ann_now["key"], theirs["seat"]: theirs["key"]}
    hint = client.post(f"/api/games/{game['id']}/hint", json={"key": keys[game["to_move"]]})
    assert hint.status_code == 200, hint.text
    # Nothing secret is stored: neither the secret nor the seat key.
    stored = json.dumps(rows(db, "seeks")) + json.dumps(rows(db, "games"), default=str)
    assert mine["secret"] not in stored and theirs["secret"] not in stored
    assert client.get("/api/seeks").json()["seeks"] == []


def test_only_compatible_seeks_of_different_people_pair(
    client: TestClient, clock: FakeClock
) -> None:
    ann, bo = browser(client), browser(client)
    a1 = seek(ann, ruleset="parcheesi", players=2)
    clock.t += 1
    a2 = seek(ann, ruleset="parcheesi", players=2)  # the same browser: never paired with itself
    assert status(ann, a1)["status"] == status(ann, a2)["status"] == "open"
    ann.sign_up("annie")  # the same browser signed in: still the same person
    a3 = seek(ann, ruleset="parcheesi", players=2)
    assert status(ann, a3)["status"] == "open"
    ann.post(f"/api/seeks/{a3['id']}/cancel", {"key": a3["secret"]})
    for spec in (
        {"ruleset": "pagade", "players": 2},
        {"ruleset": "parcheesi", "players": 3},
        {"ruleset": "parcheesi", "players": 2, "clock": {"seconds": 30}},
    ):
        assert seek(bo, **spec)["status"] == "open"
    assert len(client.get("/api/seeks").json()["seeks"]) == 5
    assert seek(browser(client), ruleset="parcheesi", players=2)["status"] == "paired"
    assert status(ann, a1)["status"] == "paired"  # the oldest first
    assert status(ann, a2)["status"] == "open"


def test_four_seekers_make_a_four_player_game_and_teams_only_with_teams(
    client: TestClient,
) -> None:
    people = [browser(client) for _ in range(5)]
    made = [seek(p, ruleset="parcheesi", players=4, teams=True) for p in people[:3]]
    lone = seek(people[3], ruleset="parcheesi", players=4)  # each for themselves: not teams
    assert all(s["status"] == "open" for s in [*made, lone])
    last = seek(people[4], ruleset="parcheesi", players=4, teams=True)
    assert last["status"] == "paired"
    seen = [status(p, s) for p, s in zip(people, made, strict=False)]
    assert {s["game"] for s in seen} == {last["game"]}
    assert sorted([s["seat"] for s in seen] + [last["seat"]]) == [0, 1, 2, 3]
    assert status(people[3], lone)["status"] == "open"
    game = client.get(f"/api/games/{last['game']}").json()
    assert [s["team"] for s in game["seats"]] == [0, 1, 0, 1]


def test_computers_fill_the_seats_after_the_wait_asked_for(
    client: TestClient, clock: FakeClock
) -> None:
    ann = browser(client)
    mine = seek(ann, ruleset="parcheesi", players=3, fill_after=20, fill_level="casual")
    bo = browser(client)
    theirs = seek(bo, ruleset="parcheesi", players=3)
    clock.t += 19
    step(client)
    assert status(ann, mine)["status"] == "open"
    clock.t += 2
    step(client)
    a, b = status(ann, mine), status(bo, theirs)
    assert a["status"] == b["status"] == "paired" and a["game"] == b["game"]
    game = client.get(f"/api/games/{a['game']}").json()
    kinds = sorted(s["kind"] for s in game["seats"])
    assert kinds == ["greedy", "human", "human"]


def test_an_unrenewed_seek_expires_and_a_cancelled_one_is_never_paired(
    client: TestClient, clock: FakeClock
) -> None:
    ann, bo, cy = browser(client), browser(client), browser(client)
    old = seek(ann, ruleset="whitman", players=2)
    clock.t += seekstore.SEEK_LEASE + 1
    assert client.get("/api/seeks").json()["seeks"] == []
    assert status(ann, old)["status"] == "expired"
    gone = seek(bo, ruleset="whitman", players=2)
    wrong = bo.post(f"/api/seeks/{gone['id']}/cancel", {"key": "x" * 22})
    assert wrong.status_code == 403
    done = bo.post(f"/api/seeks/{gone['id']}/cancel", {"key": gone["secret"]})
    assert done.status_code == 200 and done.json()["status"] == "cancelled"
    assert seek(cy, ruleset="whitman", players=2)["status"] == "open"
    assert status(ann, old)["status"] == "expired"


def test_a_polled_seek_stays_open_past_its_lease(client: TestClient, clock: FakeClock) -> None:
    ann = browser(client)
    mine = seek(ann, ruleset="whitman", players=2)
    for _ in range(5):
        clock.t += seekstore.SEEK_LEASE * 0.6
        assert status(ann, mine)["status"] == "open"
    clock.t += seekstore.SEEK_LEASE + 1
    assert status(ann, mine)["status"] == "expired"


def test_the_lobby_websocket_lists_seeks_live_and_tells_the_seeker_its_game(
    client: TestClient, clock: FakeClock
) -> None:
    ann, bo = browser(client), browser(client)
    with client.websocket_connect("/api/lobby/ws") as ws:
        assert ws.receive_json() == {"type": "seeks", "seeks": []}
        mine = seek(ann, ruleset="parcheesi", players=2, name="Ann")
        ws.send_json(
            {"type": "hold", "id": 1, "seeks": [{"id": mine["id"], "key": mine["secret"]}]}
        )
        assert ws.receive_json() == {"type": "held", "id": 1, "seeks": [mine["id"]]}
        step(client)
        listed = ws.receive_json()
        assert listed["type"] == "seeks" and [s["id"] for s in listed["seeks"]] == [mine["id"]]
        # Held by the page, the seek outlives its lease.
        for _ in range(3):
            clock.t += seekstore.SEEK_LEASE * 0.6
            client.app.state.play._renewed = 0.0  # type: ignore[attr-defined]
            step(client)
        theirs = bo.post(f"/api/seeks/{mine['id']}/accept", {}).json()
        assert theirs["status"] == "paired"
        step(client)
        got = [ws.receive_json() for _ in range(2)]
        paired = next(m for m in got if m["type"] == "seek")
        assert paired["status"] == "paired" and paired["game"] == theirs["game"]
        assert paired["url"] == f"/g/{theirs['game']}#k={paired['key']}"
        assert paired["key"] == f"{paired['seat']}.{mine['secret']}"
        assert next(m for m in got if m["type"] == "seeks")["seeks"] == []
        ws.send_json({"type": "hold", "id": 2, "seeks": "no"})
        assert ws.receive_json()["error"]["code"] == "bad_request"
        ws.send_json({"type": "what"})
        assert ws.receive_json()["error"]["code"] == "bad_request"


def test_a_seek_lives_a_short_grace_once_its_page_has_gone(
    client: TestClient, clock: FakeClock, db: str
) -> None:
    ann = browser(client)
    mine = seek(ann, ruleset="pagade", players=2)
    with client.websocket_connect("/api/lobby/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "hold", "seeks": [{"id": mine["id"], "key": mine["secret"]}]})
        assert ws.receive_json()["type"] == "held"
    graced = datetime.fromtimestamp(clock.t + seekstore.SEEK_GRACE, UTC).replace(tzinfo=None)

    def shortened() -> bool:
        return str(rows(db, "seeks")[0]["alive_until"]).startswith(str(graced)[:19])

    wait_until(shortened, "the server to see the page go")
    clock.t += seekstore.SEEK_GRACE - 1
    assert len(client.get("/api/seeks").json()["seeks"]) == 1
    clock.t += 2
    assert client.get("/api/seeks").json()["seeks"] == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ([], "JSON object"),
        ({"ruleset": "chess"}, "unknown ruleset"),
        ({"players": 5}, "'players' is 2, 3 or 4"),
        ({"players": True}, "'players' is 2, 3 or 4"),
        ({"teams": True}, "'teams' needs 4 players"),
        ({"teams": "yes", "players": 4}, "'teams' is true or false"),
        ({"rated": "yes"}, "'rated' is true or false"),
        ({"clock": {"seconds": 1}}, "'clock.seconds'"),
        ({"clock": 30}, "'clock' is null"),
        ({"fill_after": 1}, "'fill_after'"),
        ({"fill_after": 30.5}, "'fill_after'"),
        ({"fill_after": 30, "fill_level": "grandmaster"}, "'fill_level'"),
        ({"colour": "red"}, "colour"),
        ({"name": "x" * 41}, "'name'"),
        ({"name": 7}, "'name'"),
    ],
)
def test_a_bad_seek_is_refused_with_its_reason(client: TestClient, body: object, says: str) -> None:
    answer = browser(client).post("/api/seeks", body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "bad_request"
    assert says in answer.json()["error"]["message"]
    assert client.get("/api/seeks").json()["seeks"] == []


def test_bad_seek_requests_elsewhere_are_refused(client: TestClient) -> None:
    ann = browser(client)
    raw = ann.request("POST", "/api/seeks", csrf=True)  # no body at all
    assert raw.status_code == 400
    assert ann.post("/api/seeks/nope/accept", {}).status_code == 404
    assert ann.get("/api/seeks/nope", **{"x-seek-key": "abc"}).status_code == 403
    mine = seek(ann, players=2)
    assert ann.get(f"/api/seeks/{mine['id']}").status_code == 403  # no key
    assert ann.post(f"/api/seeks/{mine['id']}/cancel", {"key": 5}).status_code == 403
    assert ann.post(f"/api/seeks/{mine['id']}/cancel", {"key": "k", "x": 1}).status_code == 400
    assert ann.post(f"/api/seeks/{mine['id']}/accept", {"rated": True}).status_code == 400


def test_rated_seeks_need_signed_in_seekers_and_take_no_computers(
    client: TestClient, db: str
) -> None:
    guest = browser(client)
    answer = guest.post("/api/seeks", {"players": 2, "rated": True})
    assert answer.status_code == 403 and "sign in" in answer.json()["error"]["message"]
    ann = browser(client, "ann")
    answer = ann.post("/api/seeks", {"players": 2, "rated": True, "fill_after": 30})
    assert answer.status_code == 400
    mine = seek(ann, players=2, rated=True)
    assert guest.post(f"/api/seeks/{mine['id']}/accept", {}).status_code == 403
    # A casual seek of the same set-up does not pair with a rated one.
    assert seek(guest, players=2)["status"] == "open"
    bo = browser(client, "bob")
    theirs = bo.post(f"/api/seeks/{mine['id']}/accept", {}).json()
    assert theirs["status"] == "paired"
    listed = {s["name"] for s in client.get("/api/seeks").json()["seeks"]}
    assert listed == {"Guest"}
    game = client.get(f"/api/games/{theirs['game']}").json()
    assert {s["name"] for s in game["seats"]} == {"ann", "bob"}
    # Rated in its set-up's pool, each seat its account's (so only that account acts).
    assert [(r["game_id"], r["pool"]) for r in rows(db, "rated_games")] == [
        (theirs["game"], "parcheesi/2p")
    ]
    seated = {r["seat"]: r["account_id"] for r in rows(db, "game_players")}
    assert seated[theirs["seat"]] == bo.account["id"]  # type: ignore[index]
    assert seated[1 - theirs["seat"]] == ann.account["id"]  # type: ignore[index]
    to_move = game["to_move"]
    key = theirs["key"] if to_move == theirs["seat"] else status(ann, mine)["key"]
    step_body = {"key": key, "version": game["version"], "type": "step", "index": 0}
    by_guest = guest.post(f"/api/games/{game['id']}/actions", step_body)
    assert by_guest.status_code == 403


def test_seeks_need_the_csrf_token(client: TestClient) -> None:
    ann = browser(client)
    answer = ann.post("/api/seeks", {"players": 2}, csrf=False)
    assert answer.status_code == 403
    assert client.get("/api/seeks").json()["seeks"] == []
    mine = seek(ann, players=2)
    bo = browser(client)
    assert bo.post(f"/api/seeks/{mine['id']}/accept", {}, csrf=False).status_code == 403
    assert (
        ann.post(f"/api/seeks/{mine['id']}/cancel", {"key": mine["secret"]}, csrf=False).status_code
        == 403
    )
    assert status(ann, mine)["status"] == "open"


def test_open_seeks_are_limited_per_browser_and_posting_is_rate_limited(
    db: str, clock: FakeClock
) -> None:
    with make_client(db, clock, club_limits=ClubLimits(seeks_per_minute=6, seek_burst=4)) as c:
        ann = browser(c)
        for ruleset in ("parcheesi", "pagade", "whitman"):
            seek(ann, ruleset=ruleset)
        answer = ann.post("/api/seeks", {"ruleset": "eight-man"})
        assert answer.status_code == 429 and "open seeks" in answer.json()["error"]["message"]
        answer = browser(c).post("/api/seeks", {"ruleset": "eight-man"})
        assert answer.status_code == 429
        assert int(answer.headers["retry-after"]) >= 1
        assert len(c.get("/api/seeks").json()["seeks"]) == 3


# -- chat ------------------------------------------------------------------------------


def paired_game(client: TestClient, ann: Browser, bo: Browser) -> tuple[str, str, str]:
    """A game of Ann and Bo made by a seek: ``(game, Ann's key, Bo's key)``."""
    mine = seek(ann, players=2)
    theirs = bo.post(f"/api/seeks/{mine['id']}/accept", {}).json()
    return theirs["game"], status(ann, mine)["key"], theirs["key"]


def say(b: Browser, game: str, key: str | None, room: str = "players", **what: Any) -> Any:
    body: dict[str, Any] = {"room": room, **what}
    if key is not None:
        body["key"] = key
    return b.post(f"/api/games/{game}/chat", body)


def heard(b: Browser, game: str, key: str | None, room: str = "players") -> list[dict[str, Any]]:
    headers = {"x-seat-key": key} if key else {}
    answer = b.get(f"/api/games/{game}/chat?room={room}", **headers)
    assert answer.status_code == 200, answer.text
    return list(answer.json()["messages"])


def test_players_and_spectators_chat_apart(client: TestClient) -> None:
    ann, bo, cy = browser(client, "ann"), browser(client, "bob"), browser(client, "cyd")
    game, ka, kb = paired_game(client, ann, bo)
    assert say(ann, game, ka, text="hello Bo").status_code == 201
    assert say(cy, game, None, room="spectators", text="Bo will win").status_code == 201
    assert [m["text"] for m in heard(bo, game, kb)] == ["hello Bo"]
    assert [m["text"] for m in heard(cy, game, None, "spectators")] == ["Bo will win"]
    # The players never get the spectators' chat, and spectators not the players'.
    refused = bo.get(f"/api/games/{game}/chat?room=spectators", **{"x-seat-key": kb})
    assert refused.status_code == 403
    assert cy.get(f"/api/games/{game}/chat?room=players").status_code == 403
    # A player signed in is a player on any page of the game, with its key or not.
    assert bo.get(f"/api/games/{game}/chat?room=spectators").status_code == 403
    assert say(bo, game, None, room="spectators", text="from my phone").status_code == 403
    assert say(cy, game, None, text="let me in").status_code == 403
    assert say(ann, game, ka, room="spectators", text="hi all").status_code == 403
    bad_key = kb[:-2] + ("AA" if not kb.endswith("AA") else "BB")
    assert say(cy, game, bad_key, text="posing").status_code == 403
    assert [m["text"] for m in heard(ann, game, ka)] == ["hello Bo"]


def test_anonymous_visitors_read_but_write_only_when_the_server_allows(
    db: str, clock: FakeClock
) -> None:
    with make_client(db, clock) as c:
        ann, bo, guest = browser(c), browser(c), browser(c)
        game, ka, _ = paired_game(c, ann, bo)
        answer = say(guest, game, None, room="spectators", text="hi")
        assert answer.status_code == 403 and "sign in" in answer.json()["error"]["message"]
        assert say(ann, game, ka, text="hi").status_code == 403
        info = guest.get(f"/api/games/{game}/chat?room=spectators").json()
        assert info["can_write"] is False and info["messages"] == []
    with make_client(db, clock, anonymous_chat=True) as c:
        guest = browser(c)
        answer = say(guest, game, None, room="spectators", text="hi")
        assert answer.status_code == 201 and answer.json()["message"]["name"] == "Guest"
        assert say(browser(c), game, ka, text="I am Ann").status_code == 201


@pytest.mark.parametrize(
    ("what", "says"),
    [
        ({}, "'text' or a 'phrase'"),
        ({"text": "a", "phrase": "hello"}, "'text' or a 'phrase'"),
        ({"text": ""}, "empty"),
        ({"text": " \n\t\u200b "}, "empty"),
        ({"text": "x" * 201}, "at most 200"),
        ({"text": 5}, "'text' is a string"),
        ({"phrase": "insult"}, "'phrase' is one of"),
        ({"text": "hi", "colour": "red"}, "colour"),
    ],
)
def test_a_bad_message_is_refused_with_its_reason(
    client: TestClient, what: dict[str, Any], says: str
) -> None:
    ann, bo = browser(client, "ann"), browser(client, "bob")
    game, ka, _ = paired_game(client, ann, bo)
    answer = say(ann, game, ka, **what)
    assert answer.status_code == 400, answer.text
    assert says in answer.json()["error"]["message"]
    assert heard(ann, game, ka) == []


def test_messages_are_plain_text_on_one_line_and_phrases_by_name(client: TestClient) -> None:
    ann, bo = browser(client, "ann"), browser(client, "bob")
    game, ka, kb = paired_game(client, ann, bo)
    payload = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    assert say(ann, game, ka, text=payload).status_code == 201
    assert say(ann, game, ka, text="two\nlines\x00 and\u202e more").status_code == 201
    assert say(ann, game, ka, phrase="good_game").status_code == 201
    assert say(bo, game, kb, room="players", text="x" * 200).status_code == 201
    got = heard(bo, game, kb)
    assert got[0]["text"] == payload  # stored and sent as the text it is, never as HTML
    assert got[1]["text"] == "two lines and more"
    assert got[2]["text"] is None and got[2]["phrase"] == "good_game"
    assert [m["seat"] for m in got[:3]] == [got[0]["seat"]] * 3
    assert bo.get(f"/api/games/{game}/chat?room=players&after={got[1]['id']}",
                  **{"x-seat-key": kb}).json()["messages"][0]["phrase"] == "good_game"  # fmt: skip
    assert client.get(f"/api/games/{game}/chat?room=lounge").status_code == 400
    assert client.get(f"/api/games/{game}/chat?after=x").status_code == 400
    assert client.get("/api/games/nope/chat").status_code == 404


def test_a_player_mutes_another(client: TestClient) -> None:
    ann, bo = browser(client, "ann"), browser(client, "bob")
    game, ka, kb = paired_game(client, ann, bo)
    seat_b = int(kb.split(".")[0])
    say(bo, game, kb, text="blah")
    answer = ann.post(f"/api/games/{game}/chat/mute", {"key": ka, "seat": seat_b})
    assert answer.status_code == 200 and answer.json()["muted"] == [seat_b]
    say(bo, game, kb, text="blah blah")
    assert heard(ann, game, ka) == []
    assert [m["text"] for m in heard(bo, game, kb)] == ["blah", "blah blah"]
    ann.post(f"/api/games/{game}/chat/mute", {"key": ka, "seat": seat_b, "muted": False})
    assert [m["text"] for m in heard(ann, game, ka)] == ["blah", "blah blah"]
    seat_a = 1 - seat_b
    for body, code in (
        ({"key": ka, "seat": seat_a}, 400),
        ({"key": ka, "seat": 9}, 400),
        ({"key": ka, "seat": "1"}, 400),
        ({"key": ka, "seat": seat_b, "muted": "yes"}, 400),
        ({"seat": seat_b}, 403),
        ({"key": "0.wrong", "seat": seat_b}, 403),
    ):
        assert ann.post(f"/api/games/{game}/chat/mute", body).status_code == code, body
    assert ann.post(f"/api/games/{game}/chat/mute", {"key": ka, "seat": seat_b},
                    csrf=False).status_code == 403  # fmt: skip


def test_reports_hiding_and_suspension_by_a_moderator(client: TestClient, db: str) -> None:
    ann, bo, cy = browser(client, "ann"), browser(client, "bob"), browser(client, "cyd")
    mod = browser(client, "mod")
    make_moderator(client, "mod")
    game, ka, kb = paired_game(client, ann, bo)
    say(cy, game, None, room="spectators", text="rude words")
    message = heard(cy, game, None, "spectators")[0]
    assert cy.post(f"/api/chat/{message['id']}/report", {"reason": "rude"}).json()["new"] is True
    assert cy.post(f"/api/chat/{message['id']}/report", {"reason": "rude"}).json()["new"] is False
    assert browser(client).post(f"/api/chat/{message['id']}/report", {}).json()["new"] is True
    assert cy.post("/api/chat/999999/report", {}).status_code == 404
    assert cy.post(f"/api/chat/{message['id']}/report", {"reason": 3}).status_code == 400
    say(bo, game, kb, text="psst")
    private = heard(ann, game, ka)[0]
    assert cy.post(f"/api/chat/{private['id']}/report", {}).status_code == 403
    assert ann.post(f"/api/chat/{private['id']}/report", {"key": ka}).status_code == 200

    # Only a moderator sees the reports, hides, suspends.
    for who in (cy, ann, browser(client)):
        assert who.get("/api/mod/reports").status_code == 403
        assert who.post(f"/api/chat/{message['id']}/hide", {}).status_code == 403
        assert who.post(f"/api/mod/accounts/{cy.account['id']}/suspend", {}).status_code == 403  # type: ignore[index]
    listed = mod.get("/api/mod/reports").json()["reports"]
    assert listed[0]["id"] == message["id"] and listed[0]["reports"] == 2
    assert listed[0]["reasons"] == ["rude"]
    assert mod.post(f"/api/chat/{message['id']}/hide", {}, csrf=False).status_code == 403
    assert mod.post(f"/api/chat/{message['id']}/hide", {}).json()["hidden"] is True
    assert heard(cy, game, None, "spectators") == []
    assert mod.post("/api/chat/999999/hide", {}).status_code == 404
    assert mod.post(f"/api/chat/{message['id']}/hide", {"hidden": 1}).status_code == 400

    cy_id = cy.account["id"]  # type: ignore[index]
    assert mod.post(f"/api/mod/accounts/{cy_id}/suspend", {}, csrf=False).status_code == 403
    assert mod.post(f"/api/mod/accounts/{cy_id}/suspend", {}).json()["suspended"] is True
    assert mod.post("/api/mod/accounts/999999/suspend", {}).status_code == 404
    assert mod.post(f"/api/mod/accounts/{cy_id}/suspend", {"suspended": "no"}).status_code == 400
    answer = say(cy, game, None, room="spectators", text="again")
    assert answer.status_code == 403 and "suspended" in answer.json()["error"]["message"]
    mod.post(f"/api/mod/accounts/{cy_id}/suspend", {"suspended": False})
    assert say(cy, game, None, room="spectators", text="sorry").status_code == 201


def test_chat_is_rate_limited_per_author(db: str, clock: FakeClock) -> None:
    with make_client(db, clock, club_limits=ClubLimits(chat_per_minute=6, chat_burst=3)) as c:
        ann, bo = browser(c, "ann"), browser(c, "bob")
        game, ka, _ = paired_game(c, ann, bo)
        codes = [say(ann, game, ka, text=f"m{i}").status_code for i in range(5)]
        assert codes == [201, 201, 201, 429, 429]
        answer = say(ann, game, ka, text="more")
        assert int(answer.headers["retry-after"]) >= 1
        assert len(heard(ann, game, ka)) == 3


def test_chat_per_address_is_wider_than_per_author_and_shared_by_its_authors(
    db: str, clock: FakeClock
) -> None:
    # One address (every test client is "testclient") for two authors: each
    # author's own limit (burst 3) is reached first, the address's (burst 4)
    # counts both of them together.
    limits = ClubLimits(chat_per_minute=6, chat_burst=3, chat_address_per_minute=6,
                        chat_address_burst=4)  # fmt: skip
    with make_client(db, clock, club_limits=limits) as c:
        ann, bo = browser(c, "ann"), browser(c, "bob")
        game, ka, kb = paired_game(c, ann, bo)
        codes = [say(ann, game, ka, text=f"a{i}").status_code for i in range(3)]
        codes += [say(bo, game, kb, text=f"b{i}").status_code for i in range(2)]
        assert codes == [201, 201, 201, 201, 429]
    assert ClubLimits().chat_address_burst > ClubLimits().chat_burst


def test_chat_writes_need_the_csrf_token(client: TestClient) -> None:
    ann, bo = browser(client, "ann"), browser(client, "bob")
    game, ka, _ = paired_game(client, ann, bo)
    assert ann.post(f"/api/games/{game}/chat", {"room": "players", "key": ka, "text": "x"},
                    csrf=False).status_code == 403  # fmt: skip
    # Bo's token is not Ann's: a cookie of one browser with the token of another is refused.
    answer = ann.request("POST", f"/api/games/{game}/chat", {"room": "players", "key": ka,
                         "text": "x"}, **{"x-csrf-token": bo.csrf})  # fmt: skip
    assert answer.status_code == 403
    assert heard(ann, game, ka) == []


def test_the_lobby_websocket_of_another_site_is_refused(client: TestClient) -> None:
    with (
        client.websocket_connect(
            "/api/lobby/ws", headers={"origin": "https://evil.example", "host": "testserver"}
        ) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    assert closed.value.code == 4403


def test_the_anonymous_chat_option_of_serve() -> None:
    from pachisi.cli import build_parser

    argv = ["serve", "--anonymous-chat", "--seeks-per-minute", "0"]
    args = build_parser(argv).parse_args(argv)
    assert args.anonymous_chat is True and args.seeks_per_minute == 0
    assert build_parser(["serve"]).parse_args(["serve"]).anonymous_chat is False


def test_an_account_deleted_takes_its_messages_and_seeks_and_its_data_has_them(
    client: TestClient, db: str
) -> None:
    ann, bob = browser(client, "ann"), browser(client, "bob")
    game, ka, kb = paired_game(client, ann, bob)
    say(ann, game, ka, text="my words")
    say(bob, game, kb, text="his words")
    seek(ann, ruleset="whitman")
    data = ann.get("/api/account/data").json()
    assert [m["text"] for m in data["chat_messages"]] == ["my words"]
    assert sorted(s["status"] for s in data["seeks"]) == ["open", "paired"]
    answer = ann.post("/api/account/delete", {"password": PASSWORD})
    assert answer.status_code == 200, answer.text
    texts = [m["text"] for m in rows(db, "chat_messages")]
    assert texts == ["his words"]
    assert all(r["account_id"] != ann.account["id"] for r in rows(db, "seeks"))  # type: ignore[index]
    assert "ann" not in {r["name"] for r in rows(db, "seeks")}


def test_an_account_deleted_takes_its_chat_reports_and_its_data_has_them(
    client: TestClient, db: str
) -> None:
    ann, bob, cy, dee = (browser(client, n) for n in ("ann", "bob", "cyd", "dee"))
    game, _, _ = paired_game(client, ann, bob)
    say(cy, game, None, room="spectators", text="rude words")
    message = heard(cy, game, None, "spectators")[0]
    report = f"/api/chat/{message['id']}/report"
    assert dee.post(report, {"reason": "rude"}).json()["new"] is True
    assert cy.post(report, {"reason": "mine"}).json()["new"] is True
    assert browser(client).post(report, {"reason": "also rude"}).json()["new"] is True
    data = dee.get("/api/account/data").json()
    assert [(r["message_id"], r["reason"]) for r in data["chat_reports"]] == [
        (message["id"], "rude")
    ]
    dee_id = dee.account["id"]  # type: ignore[index]
    assert f"a{dee_id}" in {r["reporter"] for r in rows(db, "chat_reports")}
    answer = dee.post("/api/account/delete", {"password": PASSWORD})
    assert answer.status_code == 200, answer.text
    left = rows(db, "chat_reports")
    assert sorted(r["reason"] for r in left) == ["also rude", "mine"]
    assert f"a{dee_id}" not in {r["reporter"] for r in left}
    assert [m["text"] for m in rows(db, "chat_messages")] == ["rude words"]


def test_accepting_reporting_and_muting_are_rate_limited_and_need_the_csrf_token(
    db: str, clock: FakeClock
) -> None:
    limits = ClubLimits(seeks_per_minute=6, seek_burst=2, reports_per_minute=6, report_burst=3)
    with make_client(db, clock, club_limits=limits) as c:
        ann, bob = browser(c, "ann"), browser(c, "bob")
        game, ka, kb = paired_game(c, ann, bob)  # two seeks from one address: its burst
        answer = browser(c).post("/api/seeks", {"ruleset": "whitman"})
        assert answer.status_code == 429
        say(bob, game, kb, text="hi")
        message = heard(ann, game, ka)[0]
        report = f"/api/chat/{message['id']}/report"
        assert ann.post(report, {"key": ka}, csrf=False).status_code == 403
        seat_b = int(kb.split(".")[0])
        mute = f"/api/games/{game}/chat/mute"
        codes = [
            ann.post(report, {"key": ka}).status_code,
            ann.post(mute, {"key": ka, "seat": seat_b}).status_code,
            ann.post(mute, {"key": ka, "seat": seat_b, "muted": False}).status_code,
            ann.post(report, {"key": ka}).status_code,
        ]
        assert codes == [200, 200, 200, 429]
        assert "retry-after" in ann.post(mute, {"key": ka, "seat": seat_b}).headers
        assert heard(ann, game, ka)[0]["text"] == "hi"  # the refused mute changed nothing


def test_the_seek_and_chat_bodies_are_objects_of_known_fields(client: TestClient) -> None:
    """One reading of a body (web/requests.py ``object_body``, ``flag``) on the seek,
    chat and moderation endpoints: a body that is not an object, an unknown field, and a
    switch that is not true or false are each a ``bad_request`` that says so."""
    mod = browser(client, "mod")
    make_moderator(client, "mod")
    hide = "/api/chat/999999/hide"
    suspend = f"/api/mod/accounts/{mod.account['id']}/suspend"  # type: ignore[index]
    paths = [
        "/api/seeks/nope/accept",
        "/api/seeks/nope/cancel",
        "/api/games/nope/chat/mute",
        "/api/chat/999999/report",
        hide,
        suspend,
    ]
    for path in paths:
        for body, says in (([1], "a body is a JSON object"), ({"zzz": 1}, "field(s): zzz")):
            answer = mod.post(path, body)
            assert answer.status_code == 400, (path, body)
            error = answer.json()["error"]
            assert error["code"] == "bad_request" and says in error["message"], (path, error)
    for path, name in ((hide, "hidden"), (suspend, "suspended")):
        answer = mod.post(path, {name: "yes"})
        assert answer.status_code == 400
        assert answer.json()["error"]["message"] == f"'{name}' is true or false"
    answer = mod.post("/api/games", {"ruleset": "parcheesi", "public": 1})
    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == "'public' is true or false"
