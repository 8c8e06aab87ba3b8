"""The social rules of a web game (pachisi.web.social, docs/web.md *Leaving a game*).

Resigning, ending by agreement, seats going away, the turn timer and its
policies, and the lobby that lists only a browser's own games. Time is a
fake clock the tests move on; the hub's periodic check is off (``tick=0``)
and the tests run it themselves (:meth:`Hub.check_clocks`), so nothing waits
on real time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pachisi.position import Position
from pachisi.web.app import BROWSER_COOKIE, create_app
from pachisi.web.hub import Hub
from pachisi.web.rooms import Room
from pachisi.web.social import end_facts
from test_web_api import key_of, one_action, receive, state, wait_for_human, wait_until

AWAY_AFTER = 20.0
CLAIM_AFTER = 120.0


class FakeClock:
    """A wall clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def client(tmp_path: Path, clock: FakeClock) -> Iterator[TestClient]:
    app = create_app(
        f"sqlite:///{tmp_path / 'games.sqlite'}",
        bot_delay=0,
        rng=random.Random(7),
        clock=clock,
        away_after=AWAY_AFTER,
        claim_after=CLAIM_AFTER,
        tick=0,
    )
    with TestClient(app) as c:
        yield c


def hub(client: TestClient) -> Hub:
    found: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return found


def check(client: TestClient) -> None:
    """One round of the hub's clock check, as its periodic task makes it."""
    client.portal.call(hub(client).check_clocks)  # type: ignore[union-attr]


def create(client: TestClient, **spec: Any) -> dict[str, Any]:
    if "position" not in spec:
        spec.setdefault("ruleset", "parcheesi")
        spec.setdefault("players", 2)
    spec.setdefault("seats", ["human", "human"])
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    return dict(r.json())


def seat(client: TestClient, gid: str, key: str, kind: str) -> Any:
    return client.post(f"/api/games/{gid}/seat", json={"key": key, "type": kind})


def ok(answer: Any) -> dict[str, Any]:
    assert answer.status_code == 200, answer.text
    new: dict[str, Any] = answer.json()["state"]
    return new


def refused(answer: Any, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code


# ---------------------------------------------------------------------------
# Resigning


def test_a_resignation_ends_a_two_player_game_for_the_other(client: TestClient) -> None:
    game = create(client, names=["Asha", "Ravi"])
    gid = game["id"]
    before = state(client, gid)
    after = ok(seat(client, gid, key_of(game, 1), "resign"))
    assert after["version"] == before["version"] + 1
    assert after["status"] == "finished" and after["to_move"] is None
    assert after["throw"] is None and after["legal"] == []
    assert after["winner"] == [0] and after["places"] == [[0], [1]]
    assert after["result"] == "Ravi resigned: Asha wins"
    assert after["ended"] == {"how": "resigned", "by": [1]}
    # The pages' words for the result (in any language) come from the same end.
    facts = [{"kind": "resigned", "seats": [1]}, {"kind": "win", "seats": [0]}]
    assert after["places_facts"] == facts
    assert client.get(f"/api/games/{gid}/replay").json()["places_facts"] == facts
    assert after["resigned"] == [1]
    # Nothing more can happen: no step, no second resignation, no offer.
    refused(seat(client, gid, key_of(game, 0), "resign"), 409, "game_over")
    act = one_action(before, key_of(game, before["to_move"]), random.Random(0))
    refused(client.post(f"/api/games/{gid}/actions", json=act), 409, "game_over")
    assert state(client, gid) == after
    # The record and the lobby agree.
    record = client.get(f"/api/games/{gid}/record")
    assert record.status_code == 200 and "Ended: Ravi resigned: Asha wins" in record.text
    [listed] = client.get("/api/games").json()["games"]
    assert (listed["status"], listed["result"]) == ("finished", "Ravi resigned: Asha wins")


def test_a_resignation_survives_a_restart(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(3))) as c:
        game = create(c)
        s = state(c, game["id"])
        # Resign in the middle of a throw (a step made, the throw not used up).
        rng = random.Random(1)
        for _ in range(200):
            if s["steps"] and not s["complete"]:
                break
            action = one_action(s, key_of(game, s["to_move"]), rng)
            s = ok(c.post(f"/api/games/{game['id']}/actions", json=action))
        assert s["steps"] and not s["complete"]
        final = ok(seat(c, game["id"], key_of(game, s["to_move"]), "resign"))
        assert final["throw"] is None and final["steps"] == []
    with TestClient(create_app(db, bot_delay=0)) as c:
        assert state(c, game["id"]) == final


def test_a_partner_resigns_for_the_team(client: TestClient) -> None:
    game = create(client, players=4, teams=True, seats=["human"] * 4)
    gid = game["id"]
    s = state(client, gid)
    team = next(t for t in s["position"]["teams"] if 1 in t)
    other = next(t for t in s["position"]["teams"] if 1 not in t)
    after = ok(seat(client, gid, key_of(game, 1), "resign"))
    assert after["resigned"] == sorted(team)
    assert after["winner"] == sorted(other)
    assert after["places"] == [sorted(other), sorted(team)]


def test_with_three_players_the_others_are_placed_by_the_standing(client: TestClient) -> None:
    # Red is furthest along, then green; yellow (to move) resigns and comes last.
    text = "parcheesi r,g,y - r:30.31.32.33,g:20.21.22.23,y:50.51.52.53 2 0 - - -"
    game = create(
        client, position=Position.from_text(text).to_dict(), seats=["human"] * 3,
        names=["Asha", "Ravi", "Meera"],
    )  # fmt: skip
    after = ok(seat(client, game["id"], key_of(game, 2), "resign"))
    assert after["places"] == [[0], [1], [2]] and after["winner"] == [0]
    assert after["result"] == "Meera resigned: Asha wins; Ravi second; Meera third"
    assert after["places_facts"] == [
        {"kind": "resigned", "seats": [2]},
        {"kind": "win", "seats": [0]},
        {"kind": "place", "seats": [1], "place": 2},
        {"kind": "place", "seats": [2], "place": 3},
    ]


def test_a_seat_action_needs_a_seats_key_and_a_known_type(client: TestClient) -> None:
    game = create(client)
    gid = game["id"]
    before = state(client, gid)
    refused(seat(client, gid, "0.forged", "resign"), 403, "forbidden")
    refused(client.post(f"/api/games/{gid}/seat", json={"type": "resign"}), 403, "forbidden")
    refused(seat(client, gid, key_of(game, 0), "surrender"), 400, "bad_request")
    bad = {"key": key_of(game, 0), "type": "resign", "extra": 1}
    refused(client.post(f"/api/games/{gid}/seat", json=bad), 400, "bad_request")
    refused(seat(client, "nope", key_of(game, 0), "resign"), 404, "not_found")
    assert state(client, gid) == before


# ---------------------------------------------------------------------------
# Ending by agreement


def test_an_offer_accepted_by_everyone_ends_the_game_drawn(client: TestClient) -> None:
    game = create(client, players=3, seats=["human"] * 3)
    gid = game["id"]
    s = ok(seat(client, gid, key_of(game, 0), "offer"))
    assert s["offer"] == {"by": 0, "agreed": [0], "waiting": [1, 2]}
    assert s["status"] == "playing"
    refused(seat(client, gid, key_of(game, 1), "offer"), 409, "not_allowed")
    refused(seat(client, gid, key_of(game, 0), "accept"), 409, "not_allowed")
    s = ok(seat(client, gid, key_of(game, 2), "accept"))
    assert s["offer"]["waiting"] == [1] and s["status"] == "playing"
    s = ok(seat(client, gid, key_of(game, 1), "accept"))
    assert s["status"] == "finished" and s["result"] == "drawn by agreement"
    assert s["winner"] is None and s["places"] == [[0, 1, 2]]
    assert s["places_facts"] == [{"kind": "agreed_draw", "seats": []}]
    assert s["ended"] == {"how": "agreed", "by": []} and s["offer"] is None


def test_an_offer_can_be_declined_or_withdrawn_and_play_goes_on(client: TestClient) -> None:
    game = create(client)
    gid = game["id"]
    ok(seat(client, gid, key_of(game, 0), "offer"))
    s = ok(seat(client, gid, key_of(game, 1), "decline"))
    assert s["offer"] is None and s["status"] == "playing"
    refused(seat(client, gid, key_of(game, 1), "accept"), 409, "not_allowed")
    refused(seat(client, gid, key_of(game, 1), "decline"), 409, "not_allowed")
    ok(seat(client, gid, key_of(game, 1), "offer"))
    s = ok(seat(client, gid, key_of(game, 1), "decline"))  # withdrawn
    assert s["offer"] is None
    # Play goes on meanwhile: the offer does not stop the game.
    ok(seat(client, gid, key_of(game, 0), "offer"))
    mover = key_of(game, s["to_move"])
    s = state(client, gid)
    s = ok(client.post(f"/api/games/{gid}/actions", json=one_action(s, mover, random.Random(2))))
    assert s["offer"] is not None


def test_an_offer_does_not_make_a_step_made_meanwhile_stale(client: TestClient) -> None:
    game = create(client)
    gid = game["id"]
    s = state(client, gid)
    step = one_action(s, key_of(game, s["to_move"]), random.Random(4))
    assert step["type"] == "step"
    # The other player offers and withdraws while the step is on its way: it still counts.
    ok(seat(client, gid, key_of(game, 1 - s["to_move"]), "offer"))
    ok(seat(client, gid, key_of(game, 1 - s["to_move"]), "decline"))
    after = ok(client.post(f"/api/games/{gid}/actions", json=step))
    assert after["version"] == s["version"] + 3
    assert len(after["steps"]) == 1
    # A replay of it is stale: the step changed the throw.
    refused(client.post(f"/api/games/{gid}/actions", json=step), 409, "stale")
    # So is an action older than a change of the throw, even with an offer since.
    ok(seat(client, gid, key_of(game, 0), "offer"))
    refused(client.post(f"/api/games/{gid}/actions", json=step), 409, "stale")


def test_no_offer_to_end_a_game_against_the_computer(client: TestClient) -> None:
    game = create(client, seats=["human", "greedy"])
    s = wait_for_human(client, game["id"])
    refused(seat(client, game["id"], key_of(game, 0), "offer"), 409, "not_allowed")
    assert state(client, game["id"])["version"] == s["version"]


# ---------------------------------------------------------------------------
# The turn timer


def test_a_bad_clock_is_refused(client: TestClient) -> None:
    for clock in (
        {"seconds": 2},
        {"seconds": 10**6},
        {"seconds": "30"},
        {"seconds": 30, "then": "pause"},
        {"seconds": 30, "level": "genius"},
        {"seconds": 30, "extra": True},
        [30],
    ):
        r = client.post("/api/games", json={"players": 2, "seats": ["human"] * 2, "clock": clock})
        refused(r, 400, "bad_request")
    r = client.post("/api/games", json={"players": 2, "public": "yes"})
    refused(r, 400, "bad_request")
    assert client.get("/api/games").json()["games"] == []


def test_a_turn_that_runs_out_passes_to_a_computer_and_can_be_taken_back(
    client: TestClient, clock: FakeClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every state made (and so perhaps shown) is kept, to check each one's timer below.
    made: list[dict[str, Any]] = []
    snapshot = Room.snapshot

    def keep(room: Room) -> tuple[int, str]:
        snap = snapshot(room)
        made.append(json.loads(snap[1]))
        return snap

    monkeypatch.setattr(Room, "snapshot", keep)
    game = create(client, clock={"seconds": 30, "then": "computer", "level": "random"})
    gid = game["id"]
    s = before = state(client, gid)
    mover = s["to_move"]
    assert s["clock"]["seconds"] == 30 and s["clock"]["left"] == 30
    assert s["clock"]["deadline_ms"] == round((clock.now + 30) * 1000)
    clock.advance(29)
    check(client)
    assert state(client, gid) == s  # not yet
    clock.advance(1)
    check(client)
    after = state(client, gid)
    assert after["version"] > s["version"]
    assert after["handed"] == [{"seat": mover, "why": "time", "level": "random"}]
    # The computer plays the seat's throw, then a person is to move again.
    s = wait_for_human(client, gid)
    assert s["to_move"] == 1 - mover and s["seats"][mover]["kind"] == "random"
    assert any(m["seat"] == mover for m in s["moves"][len(before["moves"]) :])
    # The other player has a full turn of their own.
    assert s["clock"]["left"] == 30
    # The player comes back and takes the seat again.
    s = ok(seat(client, gid, key_of(game, mover), "take_back"))
    assert s["seats"][mover]["kind"] == "human" and s["handed"] == []
    refused(seat(client, gid, key_of(game, mover), "take_back"), 409, "not_allowed")
    # No state ever showed a person's turn without its timer running.
    people = [m for m in made if m["status"] == "playing" and m["throw"] is not None]
    people = [m for m in people if m["seats"][m["to_move"]]["kind"] == "human"]
    assert people and all(m["clock"]["left"] is not None for m in people)


def test_a_turn_that_runs_out_adjourns_the_game_until_resumed(
    client: TestClient, clock: FakeClock
) -> None:
    game = create(client, clock={"seconds": 10, "then": "adjourn"})
    gid = game["id"]
    s = state(client, gid)
    mover = s["to_move"]
    clock.advance(10)
    check(client)
    adjourned = state(client, gid)
    assert adjourned["status"] == "adjourned"
    assert adjourned["adjourned"] == {"seat": mover, "why": "time"}
    assert adjourned["clock"]["left"] is None
    # Nothing is played while adjourned; the lobby says so.
    act = one_action(adjourned, key_of(game, mover), random.Random(0))
    refused(client.post(f"/api/games/{gid}/actions", json=act), 409, "not_allowed")
    [listed] = client.get("/api/games").json()["games"]
    assert listed["status"] == "adjourned"
    clock.advance(1000)
    check(client)
    assert state(client, gid) == adjourned
    # Either player resumes it: a full turn again.
    s = ok(seat(client, gid, key_of(game, 1 - mover), "resume"))
    assert s["status"] == "playing" and s["adjourned"] is None
    assert s["clock"]["left"] == 10 and s["throw"] == adjourned["throw"]
    refused(seat(client, gid, key_of(game, mover), "resume"), 409, "not_allowed")
    ok(client.post(f"/api/games/{gid}/actions", json={**act, "version": s["version"]}))


# ---------------------------------------------------------------------------
# Away


def hello(ws: Any, keys: list[str]) -> dict[str, Any]:
    """Say which seats the connection plays; the answer (states may come first)."""
    ws.send_json({"type": "hello", "id": "h", "keys": keys})
    while True:
        message: dict[str, Any] = receive(ws)
        if message["type"] != "state":
            return message


def test_a_seat_without_connections_is_shown_away_until_it_comes_back(
    client: TestClient, clock: FakeClock
) -> None:
    game = create(client, clock={"seconds": 60, "then": "adjourn"})
    gid = game["id"]
    room = client.portal.call(hub(client).room, gid)  # type: ignore[union-attr]
    s = state(client, gid)
    waiting = 1 - s["to_move"]  # the seat not to move goes away
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        assert hello(ws, [key_of(game, waiting)]) == {
            "type": "hello", "id": "h", "ok": True, "seats": [waiting]
        }  # fmt: skip
        reply = hello(ws, ["9.forged"])
        assert reply["ok"] is False and reply["error"]["code"] == "forbidden"
    wait_until(lambda: not room.conns, "the connection was not closed")
    check(client)
    assert state(client, gid)["away"] == []  # a short absence is not shown
    clock.advance(AWAY_AFTER)
    check(client)
    away = state(client, gid)
    assert away["away"] == [waiting]
    assert away["version"] == s["version"] and away["rev"] > s["rev"]  # shown, not stored
    [listed] = client.get("/api/games").json()["games"]
    assert listed["away"] == [waiting]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        hello(ws, [key_of(game, waiting)])
        back = state(client, gid)
        assert back["away"] == [] and back["rev"] > away["rev"]


def test_seat_actions_and_hellos_over_the_websocket(client: TestClient) -> None:
    game = create(client)
    gid = game["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        first = receive(ws)["state"]
        ws.send_json({"type": "seat", "id": 5, "action": {"key": key_of(game, 0), "type": "offer"}})
        reply = receive(ws)
        assert reply == {"type": "result", "id": 5, "ok": True, "version": first["version"] + 1}
        assert receive(ws)["state"]["offer"]["by"] == 0
        ws.send_json({"type": "seat", "id": 6, "action": {"key": key_of(game, 0), "type": "nap"}})
        assert receive(ws)["error"]["code"] == "bad_request"
        for keys in ("0.x", [1, 2], [key_of(game, 0)] * 9):
            ws.send_json({"type": "hello", "id": 7, "keys": keys})
            reply = receive(ws)
            assert reply["ok"] is False and reply["id"] == 7, keys
        assert state(client, gid)["version"] == first["version"] + 1


def test_a_player_away_past_the_timer_is_timed_out_at_once_and_resumes_on_return(
    client: TestClient, clock: FakeClock
) -> None:
    game = create(client, clock={"seconds": 60, "then": "adjourn"})
    gid = game["id"]
    room = client.portal.call(hub(client).room, gid)  # type: ignore[union-attr]
    mover = state(client, gid)["to_move"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        hello(ws, [key_of(game, mover)])
    wait_until(lambda: not room.conns, "the connection was not closed")
    clock.advance(AWAY_AFTER)
    check(client)
    assert state(client, gid)["status"] == "playing"  # away, the timer not yet run out
    clock.advance(40)  # away for 60 s: as long as the timer
    check(client)
    s = state(client, gid)
    assert s["status"] == "adjourned" and s["adjourned"] == {"seat": mover, "why": "away"}
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        hello(ws, [key_of(game, mover)])
        s = state(client, gid)
        assert s["status"] == "playing" and s["adjourned"] is None and s["away"] == []


def leave(client: TestClient, game: dict[str, Any], seat: int) -> None:
    """Seat ``seat`` connects, says hello and goes (its connection closed)."""
    room = client.portal.call(hub(client).room, game["id"])  # type: ignore[union-attr]
    with client.websocket_connect(f"/api/games/{game['id']}/ws") as ws:
        receive(ws)
        hello(ws, [key_of(game, seat)])
    wait_until(lambda: not room.conns, "the connection was not closed")


def test_without_a_timer_the_others_may_end_the_game_of_a_player_who_left(
    client: TestClient, clock: FakeClock
) -> None:
    game = create(client, names=["Asha", "Ravi"])
    gid = game["id"]
    leave(client, game, 1)
    clock.advance(CLAIM_AFTER - 1)
    check(client)
    s = state(client, gid)
    assert s["away"] == [1] and s["claimable"] == []
    claim = {"key": key_of(game, 0), "type": "claim", "seat": 1}
    refused(client.post(f"/api/games/{gid}/seat", json=claim), 409, "not_allowed")
    refused(seat(client, gid, key_of(game, 0), "claim"), 400, "bad_request")  # which seat?
    clock.advance(1)
    check(client)
    assert state(client, gid)["claimable"] == [1]
    # A seat cannot claim its own absence; the one still here can.
    mine = {"key": key_of(game, 1), "type": "claim", "seat": 1}
    refused(client.post(f"/api/games/{gid}/seat", json=mine), 409, "not_allowed")
    s = ok(client.post(f"/api/games/{gid}/seat", json=claim))
    assert s["status"] == "finished" and s["result"] == "Ravi left: Asha wins"
    assert s["ended"] == {"how": "left", "by": [1]} and s["winner"] == [0]
    assert s["places_facts"] == [{"kind": "left", "seats": [1]}, {"kind": "win", "seats": [0]}]


def test_a_player_who_left_can_be_handed_to_a_computer_and_take_the_seat_back(
    client: TestClient, clock: FakeClock
) -> None:
    game = create(client, players=3, seats=["human"] * 3)
    gid = game["id"]
    leave(client, game, 2)
    clock.advance(CLAIM_AFTER)
    check(client)
    body = {"key": key_of(game, 0), "type": "hand_over", "seat": 2}
    s = ok(client.post(f"/api/games/{gid}/seat", json=body))
    assert s["seats"][2]["kind"] == "greedy" and s["claimable"] == []
    assert s["handed"] == [{"seat": 2, "why": "away", "level": "greedy"}]
    assert s["status"] == "playing"
    refused(client.post(f"/api/games/{gid}/seat", json=body), 409, "not_allowed")
    # Ravi comes back: no longer away, and plays his seat again.
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        receive(ws)
        hello(ws, [key_of(game, 2)])
        s = ok(seat(client, gid, key_of(game, 2), "take_back"))
    assert s["seats"][2]["kind"] == "human" and s["away"] == [] and s["handed"] == []


# ---------------------------------------------------------------------------
# Private by default


def test_the_lobby_lists_a_browsers_own_games_named_ones_and_public_ones(
    client: TestClient,
) -> None:
    mine = create(client)
    assert BROWSER_COOKIE in client.cookies
    public = create(client, public=True)
    assert {g["id"] for g in client.get("/api/games").json()["games"]} == {
        mine["id"], public["id"]
    }  # fmt: skip
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[mine["id"]]["mine"] and not listed[mine["id"]]["public"]
    # Another browser (no cookie, then its own) sees only the public game...
    own = dict(client.cookies)
    client.cookies.clear()
    assert [g["id"] for g in client.get("/api/games").json()["games"]] == [public["id"]]
    theirs = create(client)
    ids = {g["id"] for g in client.get("/api/games").json()["games"]}
    assert ids == {public["id"], theirs["id"]}
    assert client.cookies[BROWSER_COOKIE] != own[BROWSER_COOKIE]
    # ... and a private game whose link it holds, once it names it.
    named = client.get(f"/api/games?ids={mine['id']},nope").json()["games"]
    assert {g["id"] for g in named} == {public["id"], theirs["id"], mine["id"]}
    # A game's page and state are reached by its link, listed or not.
    assert client.get(f"/api/games/{mine['id']}").status_code == 200
    assert client.get(f"/g/{mine['id']}").status_code == 200


def test_the_lobby_page_gives_a_browser_its_token_once(client: TestClient) -> None:
    first = client.get("/")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(f"{BROWSER_COOKIE}=") and "HttpOnly" in cookie
    assert "SameSite=lax" in cookie and "Max-Age=" in cookie
    assert "set-cookie" not in client.get("/").headers


def test_the_server_tells_pages_its_public_address(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'g.sqlite'}", base_url="https://play.example.org")
    with TestClient(app) as c:
        assert c.get("/api/server").json() == {"base_url": "https://play.example.org"}
        cookie = c.get("/").headers["set-cookie"]
        assert "Secure" in cookie


def test_an_agreed_end_after_a_winner_keeps_the_winner_and_shares_the_rest() -> None:
    end = {"how": "agreed", "by": [], "winner": [1], "places": [[1], [0, 2]]}
    assert end_facts(end) == [
        {"kind": "win", "seats": [1]},
        {"kind": "agreed", "seats": []},
        {"kind": "rest", "seats": [0, 2]},
    ]
