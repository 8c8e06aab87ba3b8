"""Seeks for Ludo and Mensch ärgere Dich nicht (docs/web.md, "Finding a game"): the API.

A Ludo or MADN seek is posted with one of the seek form's set-ups, accepted
by another person, and becomes a game of that ruleset with one die
(RULES-LUDO.md §9, §10); a rated one is rated in its own pool, which the
leaderboard offers. Bad input (a set-up the ruleset does not have, a rule
switch, which seeks do not take), a missing CSRF token, a guest's rated seek
and too many seeks are refused. The browser: tests/test_web_browser_seeks.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra")
from fastapi.testclient import TestClient

from pachisi.web.club_play import ClubLimits
from pachisi.web.club_routes import possible_pools
from test_web_club_play import (
    Browser,
    FakeClock,
    browser,
    make_client,
    rows,
    seek,
    status,
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db: str, clock: FakeClock) -> Iterator[TestClient]:
    with make_client(db, clock) as c:
        yield c


def keys_of(ann: Browser, mine: dict[str, Any], theirs: dict[str, Any]) -> dict[int, str]:
    """Each paired seeker's seat and key."""
    a = status(ann, mine)
    return {a["seat"]: a["key"], theirs["seat"]: theirs["key"]}


@pytest.mark.parametrize(
    ("ruleset", "players", "colours"),
    [
        ("ludo", 2, [["red"], ["yellow"]]),  # L.2.1: the lobby's default colours for two
        ("ludo", 4, [["red"], ["green"], ["yellow"], ["blue"]]),
        ("maedn", 2, [["red"], ["green"]]),  # M.2.1: two players sit opposite
        ("maedn", 3, [["red"], ["blue"], ["green"]]),
    ],
)
def test_a_ludo_or_maedn_seek_pairs_into_a_one_die_game(
    client: TestClient, ruleset: str, players: int, colours: list[list[str]]
) -> None:
    """§9.2/§10.2: the seekers' game is of the seek's ruleset and set-up, one die a throw,
    every seat a seeker's, and the seat to move acts with its seeker's key."""
    people = [browser(client) for _ in range(players)]
    made = [seek(p, ruleset=ruleset, players=players, name=f"P{k}") for k, p in enumerate(people)]
    assert [s["status"] for s in made[:-1]] == ["open"] * (players - 1)
    assert made[-1]["status"] == "paired"
    seats = {made[-1]["seat"]: made[-1]["key"]}
    for p, s in zip(people[:-1], made[:-1], strict=True):
        now = status(p, s)
        assert now["status"] == "paired" and now["game"] == made[-1]["game"]
        seats[now["seat"]] = now["key"]
    assert sorted(seats) == list(range(players))
    game = client.get(f"/api/games/{made[-1]['game']}").json()
    assert game["ruleset"] == ruleset and game["status"] == "playing"
    assert [s["colours"] for s in game["seats"]] == colours
    assert all(s["kind"] == "human" for s in game["seats"])
    assert len(game["throw"]) == 1 and 1 <= game["throw"][0] <= 6  # one die (§9, §10)
    # Throws nothing can use pass by themselves; the first that can is played with the key of
    # the seat to move (its seeker's), and not with another seeker's.
    assert game["legal"] and game["throw"] is not None, game["moves"]
    body = {"key": seats[game["to_move"]], "version": game["version"], "type": "step", "index": 0}
    wrong = dict(body, key=seats[(game["to_move"] + 1) % players])
    assert client.post(f"/api/games/{game['id']}/actions", json=wrong).status_code == 409
    answer = client.post(f"/api/games/{game['id']}/actions", json=body)
    assert answer.status_code == 200, answer.text
    after = answer.json()["state"]
    assert after["version"] > game["version"] and after["steps"] == [game["legal"][0]["notation"]]


def test_ludo_and_maedn_seeks_pair_only_with_their_own_kind(client: TestClient) -> None:
    ann, bo, cy = browser(client), browser(client), browser(client)
    ludo = seek(ann, ruleset="ludo", players=2)
    assert seek(bo, ruleset="maedn", players=2)["status"] == "open"
    assert seek(bo, ruleset="parcheesi", players=2)["status"] == "open"
    assert seek(bo, ruleset="ludo", players=3)["status"] == "open"
    assert status(ann, ludo)["status"] == "open"
    theirs = seek(cy, ruleset="ludo", players=2)
    assert theirs["status"] == "paired" and status(ann, ludo)["game"] == theirs["game"]


def test_a_rated_ludo_seek_is_rated_in_its_pool_and_on_its_leaderboard(
    client: TestClient, db: str
) -> None:
    """A rated MADN or Ludo game is rated in RULESET/Np; when it ends (here by a
    resignation), both accounts are on that pool's leaderboard, the winner first."""
    for pool in ("ludo/2p", "ludo/3p", "ludo/4p", "maedn/2p", "maedn/3p", "maedn/4p"):
        assert pool in possible_pools()
    assert not any(p.startswith(("ludo/teams", "maedn/teams")) for p in possible_pools())
    board = client.get("/api/leaderboard?pool=ludo/2p").json()
    assert board["pool"] == "ludo/2p" and board["players"] == []
    assert {"ludo/2p", "maedn/4p"} <= set(board["pools"])

    ann, bo = browser(client, "ann"), browser(client, "bob")
    mine = seek(ann, ruleset="ludo", players=2, rated=True)
    theirs = bo.post(f"/api/seeks/{mine['id']}/accept", {}).json()
    assert theirs["status"] == "paired"
    assert [(r["game_id"], r["pool"]) for r in rows(db, "rated_games")] == [
        (theirs["game"], "ludo/2p")
    ]
    keys = keys_of(ann, mine, theirs)
    bo_seat = theirs["seat"]
    answer = bo.post(f"/api/games/{theirs['game']}/seat", {"key": keys[bo_seat], "type": "resign"})
    assert answer.status_code == 200, answer.text
    game = client.get(f"/api/games/{theirs['game']}").json()
    assert game["status"] == "finished"
    board = client.get("/api/leaderboard?pool=ludo/2p").json()
    assert board["rated"] == ["ludo/2p"]
    assert [p["name"] for p in board["players"]] == ["ann", "bob"]
    assert all(p["games"] == 1 for p in board["players"])
    assert client.get("/api/leaderboard?pool=maedn/2p").json()["players"] == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        ({"ruleset": "ludo", "players": 4, "teams": True}, "no team play in ludo"),
        ({"ruleset": "maedn", "players": 4, "teams": True}, "no team play in maedn"),
        ({"ruleset": "ludo", "players": 5}, "'players' is 2, 3 or 4"),
        ({"ruleset": "maedn", "players": ["red", "green"]}, "'players' is 2, 3 or 4"),
        ({"ruleset": "ludo", "options": {"board": "ludopy"}}, "options"),
        ({"ruleset": "maedn", "options": {"must_capture": True}}, "options"),
        ({"ruleset": "ludo", "board": "printed"}, "board"),
        ({"ruleset": "Ludo"}, "unknown ruleset"),
        ({"ruleset": "ludo", "players": 2, "fill_after": 30, "fill_level": "grandmaster"},
         "'fill_level'"),
    ],
)  # fmt: skip
def test_a_bad_ludo_or_maedn_seek_is_refused_with_its_reason(
    client: TestClient, body: object, says: str
) -> None:
    """A set-up the ruleset does not have (RULES-LUDO.md §9.2, §10.2: no teams) or a rule
    switch (seeks are for the default rules) is refused with a clear reason, and nothing
    is posted."""
    answer = browser(client).post("/api/seeks", body)
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"]["code"] == "bad_request"
    assert says in answer.json()["error"]["message"]
    assert client.get("/api/seeks").json()["seeks"] == []


def test_ludo_seeks_need_the_csrf_token_and_rated_ones_an_account(client: TestClient) -> None:
    guest = browser(client)
    assert guest.post("/api/seeks", {"ruleset": "ludo"}, csrf=False).status_code == 403
    answer = guest.post("/api/seeks", {"ruleset": "maedn", "rated": True})
    assert answer.status_code == 403 and "sign in" in answer.json()["error"]["message"]
    assert client.get("/api/seeks").json()["seeks"] == []
    ann = browser(client, "ann")
    rated = seek(ann, ruleset="maedn", players=2, rated=True)
    assert guest.post(f"/api/seeks/{rated['id']}/accept", {}).status_code == 403
    bo = browser(client, "bob")
    assert bo.post(f"/api/seeks/{rated['id']}/accept", {}, csrf=False).status_code == 403
    theirs = bo.post(f"/api/seeks/{rated['id']}/accept", {})
    assert theirs.status_code == 201 and theirs.json()["status"] == "paired"
    # A guest cannot act in the rated game, not even with a seat number of their own making.
    game = client.get(f"/api/games/{theirs.json()['game']}").json()
    forged = {"key": f"{game['to_move']}.not-the-secret", "version": game["version"],
              "type": "step", "index": 0}  # fmt: skip
    assert guest.post(f"/api/games/{game['id']}/actions", forged).status_code == 403


def test_ludo_seeks_are_rate_limited(db: str, clock: FakeClock) -> None:
    with make_client(db, clock, club_limits=ClubLimits(seeks_per_minute=6, seek_burst=4)) as c:
        ann = browser(c)
        for players in (2, 3, 4):
            seek(ann, ruleset="ludo", players=players)
        answer = ann.post("/api/seeks", {"ruleset": "maedn"})
        assert answer.status_code == 429 and "open seeks" in answer.json()["error"]["message"]
        answer = browser(c).post("/api/seeks", {"ruleset": "maedn"})
        assert answer.status_code == 429 and int(answer.headers["retry-after"]) >= 1
        assert len(c.get("/api/seeks").json()["seeks"]) == 3
