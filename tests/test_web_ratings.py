"""Rated games, ratings, profiles and leaderboards (docs/web.md, *Ratings*, *Profiles*).

Two (or more) players are separate test clients (separate cookie jars) on one
database, as separate browsers are.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from fastapi.testclient import TestClient

from pachisi.web.accounts import CSRF_HEADER
from pachisi.web.ratings import PROVISIONAL_SIGMA, display, rate_game, side_ranks
from pachisi.web.store import Store, alembic_config
from test_web_accounts import FAST_HASHER, csrf, sign_up

SPEC = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}


def make_app(db: str) -> Any:
    from pachisi.web.app import create_app

    return create_app(db, bot_delay=0, rng=random.Random(7), password_hasher=FAST_HASHER)


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


def browsers(app: Any, n: int) -> Iterator[list[TestClient]]:
    """``n`` browsers (cookie jars) on one running server ``app``."""
    with TestClient(app) as first:
        yield [first, *(TestClient(app) for _ in range(n - 1))]


@pytest.fixture
def players(db: str) -> Iterator[list[TestClient]]:
    """Four browsers, signed in as Asha, Ravi, Meera and Kiran."""
    for clients in browsers(make_app(db), 4):
        for c, name in zip(clients, ["Asha", "Ravi", "Meera", "Kiran"], strict=True):
            sign_up(c, name)
        yield clients


@pytest.fixture
def players_any_db(db_url: str) -> Iterator[list[TestClient]]:
    """:func:`players` on each database: SQLite, then PostgreSQL."""
    for clients in browsers(make_app(db_url), 4):
        for c, name in zip(clients, ["Asha", "Ravi", "Meera", "Kiran"], strict=True):
            sign_up(c, name)
        yield clients


def engine(db: str) -> sa.Engine:
    return sa.create_engine(db)


def create_rated(c: TestClient, **spec: Any) -> dict[str, Any]:
    body = {**SPEC, **spec, "rated": True}
    r = c.post("/api/games", json=body, headers=csrf(c))
    assert r.status_code == 201, r.text
    game: dict[str, Any] = r.json()
    return game


def key(game: dict[str, Any], seat: int) -> str:
    return str(next(k["key"] for k in game["keys"] if k["seat"] == seat))


def sit(c: TestClient, game: dict[str, Any], seat: int) -> Any:
    return c.post(f"/api/games/{game['id']}/sit", json={"key": key(game, seat)}, headers=csrf(c))


def seated(clients: list[TestClient], **spec: Any) -> dict[str, Any]:
    """A rated game made by the first client, seat i taken by client i."""
    game = create_rated(clients[0], **spec)
    for i, c in enumerate(clients[: len(game["keys"])]):
        assert sit(c, game, i).status_code == 200
    return game


def resign(c: TestClient, game: dict[str, Any], seat: int) -> Any:
    return c.post(
        f"/api/games/{game['id']}/seat",
        json={"key": key(game, seat), "type": "resign"},
        headers=csrf(c),
    )


def profile(c: TestClient, name: str) -> dict[str, Any]:
    r = c.get(f"/api/players/{name}")
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def history_rows(db: str, game_id: str) -> list[Any]:
    e = engine(db)
    try:
        with e.connect() as conn:
            return list(
                conn.execute(
                    sa.text(
                        "SELECT account_id, place, mu_before, mu FROM rating_history"
                        " WHERE game_id = :g ORDER BY account_id"
                    ),
                    {"g": game_id},
                )
            )
    finally:
        e.dispose()


# ---------------------------------------------------------------------------
# Ranks and display (pure)


def test_two_sides_the_winner_ranks_first() -> None:
    out = {"places": [[1], [0]], "winner": [1], "sides": [[0], [1]]}
    assert side_ranks(out) == [([0], 2), ([1], 1)]


def test_shared_places_are_ties() -> None:
    # Three players: seat 2 wins, seats 0 and 1 share second (a dead end, an agreed end).
    out = {"places": [[2], [0, 1]], "winner": [2], "sides": [[0], [1], [2]]}
    assert side_ranks(out) == [([0], 2), ([1], 2), ([2], 1)]
    draw = {"places": [[0, 1, 2]], "winner": None, "sides": [[0], [1], [2]]}
    assert side_ranks(draw) == [([0], 1), ([1], 1), ([2], 1)]


def test_teams_rank_as_teams_the_winning_team_first() -> None:
    # Seat 1 (team 1-3) finished first, but team 0-2 won the game.
    out = {"places": [[1], [0], [2], [3]], "winner": [0, 2], "sides": [[0, 2], [1, 3]]}
    assert side_ranks(out) == [([0, 2], 1), ([1, 3], 2)]


def test_a_new_rating_is_provisional_and_shown_in_tens() -> None:
    new = display(25.0, 25.0 / 3)
    assert new == {"rating": 1500, "deviation": 1000, "provisional": True}
    settled = display(27.04, PROVISIONAL_SIGMA - 0.5)
    assert settled["provisional"] is False
    assert settled["rating"] % 10 == 0 and settled["deviation"] % 10 == 0


# ---------------------------------------------------------------------------
# Creating rated games


@pytest.mark.parametrize(
    ("extra", "code"),
    [
        ({"seats": ["human", "greedy"]}, "bad_request"),
        ({"rated": "yes"}, "bad_request"),
        ({"rated": 1}, "bad_request"),
        ({"dice": "manual"}, "bad_request"),
    ],
)
def test_games_that_cannot_be_rated_are_refused(
    players: list[TestClient], extra: dict[str, Any], code: str
) -> None:
    c = players[0]
    before = c.get("/api/games").json()["games"]
    r = c.post("/api/games", json={**SPEC, "rated": True, **extra}, headers=csrf(c))
    assert (r.status_code, r.json()["error"]["code"]) == (400, code), r.text
    assert c.get("/api/games").json()["games"] == before  # nothing was created


def test_a_rated_game_from_a_position_is_refused(players: list[TestClient]) -> None:
    c = players[0]
    body = {"position": "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -", "rated": True}
    r = c.post("/api/games", json=body, headers=csrf(c))
    assert (r.status_code, r.json()["error"]["code"]) == (400, "bad_request")


def test_only_a_signed_in_player_creates_a_rated_game(db: str) -> None:
    with TestClient(make_app(db)) as anonymous:
        r = anonymous.post("/api/games", json={**SPEC, "rated": True})
        assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")


def test_pools_by_ruleset_and_set_up(players: list[TestClient]) -> None:
    c = players[0]
    cases = [
        ({}, "parcheesi/2p"),
        ({"players": 3, "seats": ["human"] * 3}, "parcheesi/3p"),
        ({"players": 4, "seats": ["human"] * 4}, "parcheesi/4p"),
        ({"players": 4, "teams": [[0, 2], [1, 3]], "seats": ["human"] * 4}, "parcheesi/teams"),
        ({"ruleset": "pagade", "players": 2}, "pagade/2p"),
    ]
    for spec, pool in cases:
        game = create_rated(c, **spec)
        assert c.get(f"/api/games/{game['id']}/players").json()["pool"] == pool


# ---------------------------------------------------------------------------
# Seats and who may act


def test_seats_are_taken_one_per_account(players: list[TestClient]) -> None:
    asha, ravi, meera, _ = players
    game = create_rated(asha)
    assert sit(asha, game, 0).status_code == 200
    r = sit(asha, game, 1)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "not_allowed")
    assert sit(ravi, game, 1).status_code == 200
    r = sit(meera, game, 1)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "seat_taken")
    info = asha.get(f"/api/games/{game['id']}/players").json()
    assert info["ready"] is True
    assert [s["account"] for s in info["seats"]] == ["Asha", "Ravi"]


@pytest.mark.parametrize(
    "body", [None, [], {"key": 5}, {"key": "0.wrong"}, {"key": "9.x"}, {"k": "x"}]
)
def test_bad_sit_requests_are_refused(players: list[TestClient], body: object) -> None:
    game = create_rated(players[0])
    r = players[0].post(f"/api/games/{game['id']}/sit", json=body, headers=csrf(players[0]))
    assert r.status_code in (400, 403), r.text
    assert r.json()["ok"] is False
    seats = players[0].get(f"/api/games/{game['id']}/players").json()["seats"]
    assert all(s["account"] is None for s in seats)


def test_sitting_needs_an_account_and_the_csrf_token(db: str, players: list[TestClient]) -> None:
    game = create_rated(players[0])
    r = players[0].post(f"/api/games/{game['id']}/sit", json={"key": key(game, 0)})
    assert (r.status_code, r.json()["error"]["code"]) == (403, "csrf")
    with TestClient(make_app(db)) as anonymous:
        r = anonymous.post(
            f"/api/games/{game['id']}/sit", json={"key": key(game, 0)}, headers=csrf(anonymous)
        )
        assert (r.status_code, r.json()["error"]["code"]) == (401, "not_signed_in")


def test_nobody_acts_before_every_seat_is_taken(players: list[TestClient]) -> None:
    asha = players[0]
    game = create_rated(asha)
    sit(asha, game, 0)
    r = resign(asha, game, 0)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "waiting_for_players")


def test_a_session_of_another_account_cannot_act_for_a_seat(
    db: str, players: list[TestClient]
) -> None:
    asha, _ravi, meera, _ = players
    game = seated(players)
    state = asha.get(f"/api/games/{game['id']}").json()
    # Asha holds every key (she created the game), Meera has been given seat 1's key:
    # keys are not enough, the seat's account acts.
    for c in (asha, meera):
        r = resign(c, game, 1)
        assert (r.status_code, r.json()["error"]["code"]) == (403, "not_your_seat")
        body = {"key": key(game, 1), "version": state["version"], "type": "commit"}
        r = c.post(f"/api/games/{game['id']}/actions", json=body, headers=csrf(c))
        assert (r.status_code, r.json()["error"]["code"]) == (403, "not_your_seat")
    with TestClient(make_app(db)) as anonymous:
        r = anonymous.post(
            f"/api/games/{game['id']}/seat", json={"key": key(game, 1), "type": "resign"}
        )
        assert (r.status_code, r.json()["error"]["code"]) == (403, "not_your_seat")
        with anonymous.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
            ws.receive_json()
            ws.send_json(
                {"type": "seat", "id": 1, "action": {"key": key(game, 1), "type": "resign"}}
            )
            while (reply := ws.receive_json()).get("type") != "result":
                pass
            assert reply["error"]["code"] == "not_your_seat"
    assert asha.get(f"/api/games/{game['id']}").json()["status"] == "playing"


def test_the_seats_account_acts_over_the_websocket(players: list[TestClient]) -> None:
    asha, ravi, _, _ = players
    game = seated(players)
    with ravi.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        ws.receive_json()
        ws.send_json({"type": "seat", "id": 1, "action": {"key": key(game, 1), "type": "resign"}})
        while (reply := ws.receive_json()).get("type") != "result":
            pass
        assert reply["ok"] is True, reply
    assert asha.get(f"/api/games/{game['id']}").json()["status"] == "finished"


def test_no_hints_in_a_rated_game(players: list[TestClient]) -> None:
    game = seated(players)
    c = players[0]
    r = c.post(f"/api/games/{game['id']}/hint", json={"key": key(game, 0)}, headers=csrf(c))
    assert (r.status_code, r.json()["error"]["code"]) == (403, "rated")


# ---------------------------------------------------------------------------
# Rating


def test_a_resignation_rates_the_game_once(db: str, players: list[TestClient]) -> None:
    asha, ravi, _, _ = players
    game = seated(players)
    assert resign(ravi, game, 1).status_code == 200
    rows = history_rows(db, game["id"])
    assert [(r.place, r.mu_before) for r in rows] == [(1, 25.0), (2, 25.0)]
    assert rows[0].mu > 25.0 > rows[1].mu
    # Again: the game is over, nothing changes.
    r = resign(asha, game, 0)
    assert (r.status_code, r.json()["error"]["code"]) == (409, "game_over")
    assert history_rows(db, game["id"]) == rows
    a, b = profile(asha, "asha")["ratings"], profile(asha, "RAVI")["ratings"]
    assert [(x["pool"], x["games"]) for x in a + b] == [("parcheesi/2p", 1)] * 2
    assert a[0]["rating"] > 1500 > b[0]["rating"]
    assert a[0]["provisional"] and b[0]["provisional"]


def test_the_unique_guard_refuses_a_second_rating(db: str, players: list[TestClient]) -> None:
    game = seated(players)
    resign(players[1], game, 1)
    rows = history_rows(db, game["id"])
    e = engine(db)
    try:
        with e.begin() as conn:
            # Even with the rated mark cleared (a bug, a hand edit), the unique
            # (game, account) of the history refuses to rate the game again.
            conn.execute(sa.text("UPDATE rated_games SET rated_at = NULL"))
            outcome = {"places": [[0], [1]], "winner": [0], "sides": [[0], [1]]}
            assert rate_game(conn, game["id"], outcome) is False
        with e.connect() as conn:
            games = conn.execute(sa.text("SELECT games FROM ratings")).scalars().all()
    finally:
        e.dispose()
    assert history_rows(db, game["id"]) == rows
    assert games == [1, 1]


def test_an_agreed_draw_moves_ratings_toward_each_other(db: str, players: list[TestClient]) -> None:
    asha, ravi, _meera, _ = players
    first = seated(players)
    resign(ravi, first, 1)  # Asha ahead now
    game = seated(players)
    gid = game["id"]
    r = asha.post(f"/api/games/{gid}/seat", json={"key": key(game, 0), "type": "offer"},
                  headers=csrf(asha))  # fmt: skip
    assert r.status_code == 200, r.text
    r = ravi.post(f"/api/games/{gid}/seat", json={"key": key(game, 1), "type": "accept"},
                  headers=csrf(ravi))  # fmt: skip
    assert r.status_code == 200, r.text
    rows = history_rows(db, gid)
    assert [r.place for r in rows] == [1, 1]
    assert rows[0].mu < rows[0].mu_before and rows[1].mu > rows[1].mu_before


def test_three_players_each_for_themselves(db: str, players: list[TestClient]) -> None:
    game = seated(players, players=3, seats=["human"] * 3)
    resign(players[2], game, 2)
    rows = history_rows(db, game["id"])
    assert len(rows) == 3
    # Seat 2 resigned: last; the other two are placed by their progress.
    assert max(r.place for r in rows) == rows[2].place
    assert rows[2].mu < 25.0


def test_teams_are_rated_as_teams(db_url: str, players_any_db: list[TestClient]) -> None:
    game = seated(players_any_db, players=4, teams=[[0, 2], [1, 3]], seats=["human"] * 4)
    resign(players_any_db[1], game, 1)  # for the team 1-3
    rows = history_rows(db_url, game["id"])
    assert [r.place for r in rows] == [1, 2, 1, 2]
    assert rows[0].mu == pytest.approx(rows[2].mu) and rows[0].mu > 25.0
    assert profile(players_any_db[0], "Asha")["ratings"][0]["pool"] == "parcheesi/teams"


def play_seat(c: TestClient, game: dict[str, Any], s: dict[str, Any]) -> Any:
    seat = s["to_move"]
    body: dict[str, Any] = {"key": key(game, seat), "version": s["version"]}
    if s["complete"]:
        body["type"] = "commit"
    else:
        body.update(type="step", index=0)
    return c.post(f"/api/games/{game['id']}/actions", json=body, headers=csrf(c))


def test_a_game_played_to_its_end_is_rated(db: str, players: list[TestClient]) -> None:
    asha, ravi, _, _ = players
    game = seated(players)
    gid = game["id"]
    tokens = [csrf(asha), csrf(ravi)]
    started = time.monotonic()
    for _ in range(20_000):
        s = asha.get(f"/api/games/{gid}").json()
        if s["status"] != "playing":
            break
        if s["to_move"] is None:
            continue
        c = players[s["to_move"]]
        body: dict[str, Any] = {"key": key(game, s["to_move"]), "version": s["version"]}
        body.update({"type": "commit"} if s["complete"] else {"type": "step", "index": 0})
        r = c.post(f"/api/games/{gid}/actions", json=body, headers=tokens[s["to_move"]])
        assert r.status_code in (200, 409), r.text
    assert s["status"] == "finished", time.monotonic() - started
    rows = history_rows(db, gid)
    assert sorted(r.place for r in rows) == [1, 2]
    winner = next(r for r in rows if r.place == 1)
    assert winner.mu > 25.0
    recent = profile(asha, "Asha")["recent"][0]
    assert recent["id"] == gid and recent["review"] == f"/review/{gid}"
    assert recent["won"] == (rows[0].place == 1)


def test_abandoned_then_claimed_counts_as_a_resignation(db: str) -> None:
    # A fake clock: Ravi's seat goes away, and Asha ends the game ('claim').
    from pachisi.web.app import create_app

    now = [1000.0]
    apps = [
        create_app(db, bot_delay=0, password_hasher=FAST_HASHER, clock=lambda: now[0],
                   away_after=5, claim_after=10, tick=0.05)
    ]  # fmt: skip
    for asha, ravi in browsers(apps[0], 2):
        sign_up(asha, "Asha")
        sign_up(ravi, "Ravi")
        game = seated([asha, ravi])
        gid = game["id"]
        with ravi.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.receive_json()
            ws.send_json({"type": "hello", "id": 1, "keys": [key(game, 1)]})
            while ws.receive_json().get("type") != "hello":
                pass
        now[0] += 30
        deadline = time.monotonic() + 30
        while 1 not in asha.get(f"/api/games/{gid}").json().get("claimable", []):
            assert time.monotonic() < deadline, "the seat never became claimable"
            time.sleep(0.05)
        r = asha.post(
            f"/api/games/{gid}/seat",
            json={"key": key(game, 0), "type": "claim", "seat": 1},
            headers=csrf(asha),
        )
        assert r.status_code == 200, r.text
    rows = history_rows(db, gid)
    assert [r.place for r in rows] == [1, 2]


# ---------------------------------------------------------------------------
# Profiles, graphs and leaderboards


def test_profiles_graphs_and_the_leaderboard(players_any_db: list[TestClient]) -> None:
    asha, ravi, _, _ = players_any_db
    for _ in range(2):
        resign(ravi, seated(players_any_db), 1)
    p = profile(ravi, "asha")
    assert p["name"] == "Asha"
    assert p["ratings"][0]["games"] == 2
    assert p["stats"]["games"] == 2
    assert p["stats"]["by_ruleset"] == {"parcheesi": {"games": 2, "wins": 2}}
    assert [g["won"] for g in p["recent"][:2]] == [True, True]
    assert all(g["change"] > 0 for g in p["recent"][:2])
    svg = asha.get("/api/players/asha/history.svg?pool=parcheesi/2p")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert svg.text.count("<circle") == 3  # the start and after each game
    board = asha.get("/api/leaderboard?pool=parcheesi/2p").json()
    assert [(p["rank"], p["name"]) for p in board["players"]] == [(1, "Asha"), (2, "Ravi")]
    assert board["rated"] == ["parcheesi/2p"]
    assert board["pools"][0] == "parcheesi/2p"  # rated pools first, then the others
    assert {"parcheesi/4p", "parcheesi/teams", "pagade/2p"} <= set(board["pools"])


def test_unknown_players_and_bad_queries(players: list[TestClient]) -> None:
    c = players[0]
    assert c.get("/api/players/nobody").status_code == 404
    assert c.get("/api/players/" + "x" * 5000).status_code == 404
    assert c.get("/api/players/asha/history.svg").status_code == 400  # no pool
    assert c.get("/api/leaderboard?limit=x").status_code == 400
    empty = c.get("/api/leaderboard?pool=nothing/2p").json()
    assert empty["players"] == []


def test_a_new_servers_leaderboard_offers_every_pool_and_rates_nobody(
    players: list[TestClient],
) -> None:
    board = players[0].get("/api/leaderboard").json()
    assert board["rated"] == [] and board["players"] == []
    assert board["pool"] == "parcheesi/2p"  # the lobby's default game
    assert len(board["pools"]) == len(set(board["pools"]))
    assert {"parcheesi/2p", "parcheesi/3p", "parcheesi/4p", "parcheesi/teams"} <= set(
        board["pools"]
    )


def test_text_in_the_graph_is_escaped(players: list[TestClient]) -> None:
    payload = "<script>alert(1)</script>"
    svg = players[0].get("/api/players/asha/history.svg", params={"pool": payload}).text
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_deleting_an_account_removes_its_personal_data(
    db_url: str, players_any_db: list[TestClient]
) -> None:
    asha, ravi, _, _ = players_any_db
    # Asha named her seat after herself: the seat is renamed after its colours.
    game = seated(players_any_db, names=["Asha", "Ravi"])
    resign(ravi, game, 1)
    r = asha.post("/api/account/delete", json={"password": "wrong one!"}, headers=csrf(asha))
    assert (r.status_code, r.json()["error"]["code"]) == (401, "bad_credentials")
    r = asha.post("/api/account/delete", json={"password": "correct horse"}, headers=csrf(asha))
    assert r.status_code == 200, r.text
    assert asha.get("/api/account").json()["account"] is None
    e = engine(db_url)
    try:
        with e.connect() as conn:
            dump = []
            for table in sa.inspect(e).get_table_names():
                for row in conn.execute(sa.text(f"SELECT * FROM {table}")):
                    dump.append(repr(tuple(row)))
            ids = conn.execute(sa.text("SELECT id FROM accounts")).scalars().all()
            seats = conn.execute(
                sa.text(
                    "SELECT seat, account_id FROM game_players WHERE game_id = :g ORDER BY seat"
                ),
                {"g": game["id"]},
            ).all()
            status = conn.execute(
                sa.text("SELECT status FROM games WHERE id = :g"), {"g": game["id"]}
            ).scalar_one()
    finally:
        e.dispose()
    assert not any("Asha" in line or "asha" in line for line in dump), [
        line for line in dump if "Asha" in line or "asha" in line
    ]
    assert len(ids) == 3  # the others
    assert seats[0] == (0, None)  # the seat stays, with no account
    assert status == "finished"  # the game stays
    shown = ravi.get(f"/api/games/{game['id']}").json()
    assert "Asha" not in json.dumps(shown)  # the server's memory too
    # Ravi's history of that game stays his; the profile of the deleted name is gone.
    assert ravi.get("/api/players/asha").status_code == 404
    assert profile(ravi, "ravi")["stats"]["games"] == 1
    # The name is free again.
    with TestClient(make_app(db_url)) as c:
        sign_up(c, "Asha")


def test_the_data_download_holds_the_account_and_its_games(
    players_any_db: list[TestClient],
) -> None:
    asha, ravi, _, _ = players_any_db
    game = seated(players_any_db)
    resign(ravi, game, 1)
    r = asha.get("/api/account/data")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    data = r.json()
    assert data["account"]["name"] == "Asha"
    assert "password" not in r.text
    assert data["seats"] == [{"game_id": game["id"], "seat": 0}]
    assert game["id"] in data["games_created_or_claimed"]
    assert [h["game_id"] for h in data["rating_history"]] == [game["id"]]
    with TestClient(make_app(str(asha.app.state.store.url))) as anonymous:  # type: ignore[attr-defined]
        assert anonymous.get("/api/account/data").status_code == 401


def test_games_made_anonymously_are_claimed_on_sign_in(db: str) -> None:
    with TestClient(make_app(db)) as c:
        made = c.post("/api/games", json=SPEC).json()["id"]
        sign_up(c, "Asha")
        assert made in [g["id"] for g in profile(c, "asha")["recent"]]
    with TestClient(make_app(db)) as other:
        # Signing in on another browser claims that browser's games too.
        other.post("/api/games", json=SPEC)
        r = other.post(
            "/api/account/signin",
            json={"name": "Asha", "password": "correct horse"},
            headers={CSRF_HEADER: other.get("/api/account").json()["csrf"]},
        )
        assert r.status_code == 200
        assert len(profile(other, "asha")["recent"]) == 2


def test_the_error_rate_is_averaged_over_reviewed_games_by_decisions(
    db: str, players: list[TestClient]
) -> None:
    asha, ravi, _, _ = players
    games = [seated(players) for _ in range(3)]
    for game in games:
        resign(ravi, game, 1)
    club = asha.app.state.club  # type: ignore[attr-defined]
    account = asha.app.state.accounts.by_name("Asha")  # type: ignore[attr-defined]
    assert club.profile(account)["stats"]["error_rate"] is None
    club.record_review(games[0]["id"], {"players": [
        {"player": 0, "total_loss": 0.4, "decisions": 10},
        {"player": 1, "total_loss": 5.0, "decisions": 10}]})  # fmt: skip
    club.record_review(games[1]["id"], {"players": [{"player": 0, "total_loss": 0.3,
                                                     "decisions": 30}]})  # fmt: skip
    # A game with no decision of Asha's counts for nothing; a loss below 0 (noise) as 0.
    club.record_review(games[2]["id"], {"players": [{"player": 0, "total_loss": -0.1,
                                                     "decisions": 0}]})  # fmt: skip
    stats = club.profile(account)["stats"]
    assert stats["reviewed"] == 2
    assert stats["error_rate"] == pytest.approx((0.4 + 0.3) / 40)
    # Reviewed again (another process, other figures): the first figures stand, once.
    club.record_review(games[1]["id"], {"players": [{"player": 0, "total_loss": 3.0,
                                                     "decisions": 30}]})  # fmt: skip
    assert club.profile(account)["stats"] == stats
    ravi = asha.app.state.accounts.by_name("Ravi")  # type: ignore[attr-defined]
    assert club.profile(ravi)["stats"]["error_rate"] == pytest.approx(5.0 / 10)

    # The data download has Asha's figures; deleting her account keeps them with no account.
    data = asha.get("/api/account/data").json()
    assert sorted((r["game_id"], r["decisions"]) for r in data["review_stats"]) == sorted(
        [(games[0]["id"], 10), (games[1]["id"], 30), (games[2]["id"], 0)]
    )
    r = asha.post("/api/account/delete", json={"password": "correct horse"}, headers=csrf(asha))
    assert r.status_code == 200, r.text
    with engine(db).connect() as conn:
        kept = conn.execute(sa.text("SELECT seat, account_id FROM review_stats")).all()
    assert len(kept) == 4
    assert {a for s, a in kept if s == 0} == {None}
    assert {a for s, a in kept if s == 1} == {ravi.id}


def test_a_review_shows_on_the_profile_after_a_restart(db: str) -> None:
    # Issue 37: the profile's error rate is read from the database, not the memory of
    # the process that made the review.
    for clients in browsers(make_app(db), 2):
        asha, ravi = clients
        sign_up(asha, "Asha")
        sign_up(ravi, "Ravi")
        game = seated(clients)
        gid = game["id"]
        for _ in range(60):  # a few throws, then Ravi resigns
            s = asha.get(f"/api/games/{gid}").json()
            if s["to_move"] is not None:
                r = play_seat(clients[s["to_move"]], game, s)
                assert r.status_code in (200, 409), r.text
        assert resign(ravi, game, 1).status_code == 200
        r = asha.get(f"/api/games/{gid}/review")
        assert r.status_code == 200, r.text
        made = {p["player"]: p for p in r.json()["players"]}
        assert made[0]["decisions"] > 0
        before = profile(asha, "Asha")["stats"]
    with engine(db).connect() as conn:
        rows = conn.execute(sa.text("SELECT seat, decisions FROM review_stats")).all()
    assert sorted(rows) == [(s, made[s]["decisions"]) for s in (0, 1)]
    for clients in browsers(make_app(db), 1):  # a fresh server on the same database
        stats = profile(clients[0], "Asha")["stats"]
        assert stats == before
        assert stats["reviewed"] == 1
        lost = max(0.0, made[0]["total_loss"])
        assert stats["error_rate"] == pytest.approx(lost / made[0]["decisions"])
        # Reviewed again by this process: counted once still.
        assert clients[0].get(f"/api/games/{gid}/review").status_code == 200
        assert profile(clients[0], "Asha")["stats"] == before
    with engine(db).connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM review_stats")).scalar_one() == 2


def test_a_pairing_seats_accounts_at_once(players: list[TestClient]) -> None:
    asha, ravi, _, _ = players
    app = asha.app
    made = asha.post("/api/games", json=SPEC, headers=csrf(asha)).json()
    room = asha.portal.call(app.state.hub.room, made["id"])  # type: ignore[attr-defined]
    club = app.state.club  # type: ignore[attr-defined]
    ids = {n: app.state.accounts.by_name(n).id for n in ("Asha", "Ravi")}  # type: ignore[attr-defined]
    from pachisi.web.requests import ApiError

    with pytest.raises(ApiError):
        club.assign(room, {0: ids["Asha"], 1: ids["Asha"]}, rated=True)
    with pytest.raises(ApiError):
        club.assign(room, {0: ids["Asha"]}, rated=True)
    assert club.assign(room, {0: ids["Asha"], 1: ids["Ravi"]}, rated=True) == "parcheesi/2p"
    info = asha.get(f"/api/games/{made['id']}/players").json()
    assert (info["ready"], [s["account"] for s in info["seats"]]) == (True, ["Asha", "Ravi"])
    r = resign(ravi, made, 1)
    assert r.status_code == 200
    assert profile(asha, "asha")["ratings"][0]["games"] == 1


def test_a_timer_that_hands_a_seat_to_a_computer_first_leaves_the_game_unrated(
    db: str,
) -> None:
    from pachisi.web.app import create_app

    now = [1000.0]
    app = create_app(db, bot_delay=30, password_hasher=FAST_HASHER, clock=lambda: now[0],
                     tick=0.05)  # fmt: skip
    for asha, ravi in browsers(app, 2):
        sign_up(asha, "Asha")
        sign_up(ravi, "Ravi")
        clock = {"seconds": 15, "then": "computer", "level": "greedy"}
        game = create_rated(asha, clock=clock)
        assert sit(asha, game, 0).status_code == 200
        now[0] += 100  # nobody plays: the seat to move passes to a computer
        deadline = time.monotonic() + 30
        while all(
            s["kind"] == "human" for s in asha.get(f"/api/games/{game['id']}").json()["seats"]
        ):
            assert time.monotonic() < deadline, "the timer never ran out"
            time.sleep(0.05)
        r = sit(ravi, game, 1)
        assert (r.status_code, r.json()["error"]["code"]) == (409, "not_allowed")


def test_migration_0006_up_and_down_keeps_the_games(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        now = datetime.now(UTC)
        with store.engine.begin() as conn:
            conn.execute(
                sa.text(
                    "INSERT INTO games (id, created_at, updated_at, ruleset, start, seats, first,"
                    " status, version, public) VALUES ('g', :t, :t, 'parcheesi', '{}', '[]', '{}',"
                    " 'finished', 3, false)"
                ),
                {"t": now},
            )
            insert = sa.text(
                "INSERT INTO review_stats (game_id, seat, account_id, decisions, lost,"
                " reviewed_at) VALUES ('g', 0, NULL, 12, 0.25, :t)"
            )
            conn.execute(insert, {"t": now})
            # One row per game and seat.
            with pytest.raises(sa.exc.IntegrityError), conn.begin_nested():
                conn.execute(insert, {"t": now})
        with store.engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0005_club_play")
        assert "review_stats" not in sa.inspect(store.engine).get_table_names()
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT version FROM games")).scalar_one() == 3
        store.migrate()
        with store.engine.connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM review_stats")).scalar_one() == 0
            revision = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        assert revision == "0006_review_stats"
    finally:
        store.dispose()
