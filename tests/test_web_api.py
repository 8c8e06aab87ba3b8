"""The web server's API and WebSocket (docs/web.md), and its security.

Every refused request must leave the game exactly as it was: the tests take
the state before, send the bad request, and compare the state after.
"""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pachisi.game import Game
from pachisi.moves import Turn
from pachisi.position import Position
from pachisi.record import Record
from pachisi.web.app import create_app

# A Pagade position where nobody can ever move again: no player has cut, and
# every pawn is jammed against square 8 (docs/decisions.md).
DEAD_END = {
    "ruleset": "pagade",
    "options": {},
    "players": [{"colours": ["red", "yellow"]}, {"colours": ["black", "green"]}],
    "teams": None,
    "pawns": {c: [75, 75, 76, 76] for c in ("red", "black", "yellow", "green")},
    "to_move": 0,
    "doubles": 0,
    "cut": [False, False],
    "finished": [],
    "winner": None,
}


#: Parcheesi, red and yellow both close to the end (red to throw).
NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@pytest.fixture
def client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(5))) as c:
        yield c


def new_game(client: TestClient, **spec: Any) -> dict[str, Any]:
    spec.setdefault("ruleset", "parcheesi")
    spec.setdefault("players", 2)
    spec.setdefault("seats", ["human", "human"])
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    return dict(r.json())


def state(client: TestClient, gid: str) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return dict(r.json())


def wait_for_human(client: TestClient, gid: str, timeout: float = 60) -> dict[str, Any]:
    """The state once a person is to move or the game has ended (computers play meanwhile)."""
    end = time.monotonic() + timeout
    while True:
        s = state(client, gid)
        if s["status"] != "playing" or s["seats"][s["to_move"]]["kind"] == "human":
            return s
        assert time.monotonic() < end, "the computer seat never finished its turn"
        time.sleep(0.01)


def wait_until(ready: Callable[[], bool], what: str, timeout: float = 60) -> None:
    """Poll ``ready`` until it holds; a failure naming ``what`` after ``timeout`` s, not a hang."""
    end = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < end, what
        time.sleep(0.01)


def receive(ws: Any, timeout: float = 60) -> Any:
    """The next JSON message of the WebSocket ``ws``; a failure after ``timeout`` s, not a
    hang (the test client's receive waits for ever)."""
    got: list[Any] = []
    failed: list[BaseException] = []

    def take() -> None:
        try:
            got.append(ws.receive_json())
        except BaseException as exc:  # re-raised below, in the test's thread
            failed.append(exc)

    reader = threading.Thread(target=take, daemon=True)
    reader.start()
    reader.join(timeout)
    if failed:
        raise failed[0]
    assert got, f"no WebSocket message within {timeout} s"
    return got[0]


def key_of(game: dict[str, Any], seat: int) -> str:
    return next(k["key"] for k in game["keys"] if k["seat"] == seat)


def act(client: TestClient, gid: str, body: object) -> Any:
    return client.post(f"/api/games/{gid}/actions", json=body)


def one_action(s: dict[str, Any], key: str, rng: random.Random) -> dict[str, Any]:
    if s["complete"]:
        return {"key": key, "version": s["version"], "type": "commit"}
    return {
        "key": key,
        "version": s["version"],
        "type": "step",
        "index": rng.randrange(len(s["legal"])),
    }


def play_out(client: TestClient, game: dict[str, Any], seed: int = 0, limit: int = 5000) -> dict:
    """Play every human seat at random until the game ends."""
    gid = game["id"]
    rng = random.Random(seed)
    for _ in range(limit):
        s = wait_for_human(client, gid)
        if s["status"] != "playing":
            return s
        r = act(client, gid, one_action(s, key_of(game, s["to_move"]), rng))
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------
# Creating games


def test_rulesets_lists_every_ruleset_switch_and_level(client: TestClient) -> None:
    info = client.get("/api/rulesets").json()
    assert set(info["rulesets"]) == {"pagade", "whitman", "parcheesi", "eight-man", "ludo", "maedn"}
    assert info["rulesets"]["whitman"]["name"] == "Whitman's Pachisi"
    assert info["rulesets"]["eight-man"]["name"] == "Eight-Man Parcheesi"
    # The ladder, weakest first, the strongest by declared run last (issue 33).
    assert info["levels"] == ["human", "random", "greedy", "expectimax", "learned1", "learned2"]
    assert [(x["level"], x["name"], x["algorithm"]) for x in info["ladder"]] == [
        (1, "beginner", "random"),
        (2, "casual", "greedy"),
        (3, "strong", "expectimax"),
        (4, "expert", "learned1"),
        (5, "master", "learned2"),
    ]
    names = {s["name"] for s in info["rulesets"]["parcheesi"]["switches"]}
    assert {"capture_bonus", "home_bonus", "first_player"} <= names
    assert "cut_to_enter_home" in {s["name"] for s in info["rulesets"]["pagade"]["switches"]}


def test_the_pages_name_the_rulesets_as_the_api_does(client: TestClient) -> None:
    """The game, replay and lobby pages name rulesets from ui.js's own map (they
    need the names before any request answers); it must be RULESET_TITLES of the
    rulesets the web plays (all of them, Ludo and MADN too)."""
    import re

    import pachisi.web
    from pachisi.rules import ALL_RULESETS as RULESETS
    from pachisi.rules import RULESET_TITLES

    ui = (Path(pachisi.web.__file__).parent / "static" / "ui.js").read_text("utf-8")
    block = re.search(r"export const RULESET_NAMES = \{(.*?)\};", ui, re.S)
    assert block is not None
    pairs = re.findall(r'^\s*"?([a-z-]+)"?: "([^"]*)",$', block.group(1), re.M)
    assert dict(pairs) == {r: RULESET_TITLES[r] for r in RULESETS}
    info = client.get("/api/rulesets").json()
    assert {k: v["name"] for k, v in info["rulesets"].items()} == dict(pairs)


@pytest.mark.parametrize(
    ("spec", "players"),
    [
        ({"ruleset": "parcheesi", "players": 4, "teams": True}, 4),
        ({"ruleset": "pagade", "players": 2}, 2),
        ({"ruleset": "pagade", "players": 4, "options": {"play_for_places": True}}, 4),
        ({"ruleset": "whitman", "players": 3}, 3),
        ({"ruleset": "eight-man", "players": 2, "majors": ["yellow", "blue"]}, 2),
    ],
)
def test_every_kind_of_set_up_can_be_started(
    client: TestClient, spec: dict[str, Any], players: int
) -> None:
    game = new_game(client, **spec, seats=["human"] * players)
    s = game["state"]
    assert len(s["seats"]) == players
    assert len(game["keys"]) == players
    assert s["status"] == "playing"
    assert s["position"]["ruleset"] == spec["ruleset"]
    for k, v in spec.get("options", {}).items():
        assert s["position"]["options"][k] == v
    # §3.7: the first player comes from preliminary throws, and the rounds are shown.
    assert s["first"]["rounds"]
    assert s["first"]["seat"] == s["start"]["to_move"]


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"ruleset": "chess"}, "unknown ruleset"),
        ({"ruleset": "parcheesi", "players": 5}, "players"),
        ({"ruleset": "parcheesi", "players": 2, "seats": ["human"]}, "seats"),
        ({"ruleset": "parcheesi", "players": 2, "seats": ["human", "wizard"]}, "wizard"),
        ({"ruleset": "parcheesi", "options": {"capture_bonus": "lots"}}, "capture_bonus"),
        ({"ruleset": "parcheesi", "options": {"no_such_switch": True}}, "no_such_switch"),
        ({"ruleset": "parcheesi", "players": "two"}, "players"),
        ({"ruleset": "parcheesi", "names": ["x" * 41, "y"], "players": 2}, "names"),
        ({"ruleset": "parcheesi", "colour": "red"}, "unknown field"),
        ({"position": {"ruleset": "parcheesi"}}, "position"),
        ({"position": DEAD_END, "ruleset": "pagade"}, "either"),
    ],
)
def test_a_bad_set_up_is_refused_with_a_clear_message(
    client: TestClient, spec: dict[str, Any], words: str
) -> None:
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/games", json=spec)
    assert r.status_code == 400
    body = r.json()
    assert body["ok"] is False and body["error"]["code"] == "bad_request"
    assert words in body["error"]["message"]
    assert client.get("/api/games").json()["games"] == before


# ---------------------------------------------------------------------------
# Starting from a position (POST /api/games with "position", POST /api/positions)

#: Parcheesi for two in the middle of a game, yellow to throw.
MID_GAME = "parcheesi r,y - r:0.0.21.30,y:0.0.0.44 1 0 - - -"
#: Eight-Man Parcheesi: red + yellow (major red) against blue + green (major green).
EIGHT_MAN = "eight-man Ry,bG - r:0.0.0.9,b:0.0.0.0,y:0.0.0.0,g:0.0.15.20 1 0 - - -"
#: Pagade for four in teams; red has cut, a green pawn waits to re-enter; yellow to throw.
PAGADE = "pagade r,b,y,g 02/13 r:6.7.12.30,b:6.7.12.12,y:6.7.12.12,g:0.7.12.12 2 0 1000 - -"
#: Parcheesi for two, over: red has every pawn HOME.
FINISHED = "parcheesi r,y - r:72.72.72.72,y:0.0.0.10 1 0 - 0 0"


@pytest.mark.parametrize(
    "given",
    [
        MID_GAME,
        f"\n  {MID_GAME}\t \n",
        Position.from_text(MID_GAME).to_json(),
        "\n " + Position.from_text(MID_GAME).to_json(indent=2) + "\n",
        Position.from_text(MID_GAME).to_dict(),
    ],
    ids=["text", "text-with-spaces", "json", "json-indented", "object"],
)
def test_a_game_starts_from_a_position_in_any_form(client: TestClient, given: object) -> None:
    r = client.post(
        "/api/games", json={"position": given, "seats": ["human", "greedy"], "names": ["Ann", ""]}
    )
    assert r.status_code == 201, r.text
    game = r.json()
    s = game["state"]
    assert Position.from_dict(s["start"]).to_text() == MID_GAME
    assert s["start"] == Position.from_text(MID_GAME).to_dict()
    assert s["first"] == {"seat": 1, "rounds": []}  # no preliminary throws
    assert [(x["kind"], x["name"]) for x in s["seats"]] == [
        ("human", "Ann"),
        ("greedy", "Computer 1 (greedy)"),
    ]
    assert [k["seat"] for k in game["keys"]] == [0]
    assert state(client, game["id"])["start"] == s["start"]


@pytest.mark.parametrize("text", [EIGHT_MAN, PAGADE], ids=["eight-man", "pagade"])
def test_every_ruleset_starts_from_its_text_form(client: TestClient, text: str) -> None:
    pos = Position.from_text(text)
    n = len(pos.setup.players)
    r = client.post("/api/games", json={"position": text, "seats": ["human"] * n})
    assert r.status_code == 201, r.text
    s = r.json()["state"]
    assert Position.from_dict(s["start"]).to_text() == text
    assert s["ruleset"] == pos.ruleset and len(s["seats"]) == n


def read(client: TestClient, body: object) -> Any:
    return client.post("/api/positions", json=body)


def test_reading_a_parcheesi_position_describes_it_and_creates_nothing(client: TestClient) -> None:
    before = client.get("/api/games").json()["games"]
    pos = Position.from_text(MID_GAME)
    for given in (MID_GAME, f"  {pos.to_json(indent=1)} ", pos.to_dict()):
        r = read(client, {"position": given})
        assert r.status_code == 200, r.text
        assert r.json() == {
            "position": pos.to_dict(),
            "text": MID_GAME,
            "ruleset": "parcheesi",
            "ruleset_name": "Parcheesi",
            "options": {},
            "seats": [
                {"index": 0, "colours": ["red"], "label": "Red", "team": None, "major": None},
                {"index": 1, "colours": ["yellow"], "label": "Yellow", "team": None, "major": None},
            ],
            "to_move": 1,
            "over": False,
            "winner": None,
            "unfit_levels": [],
        }
    # Switches are named, and the text comes back in its usual form.
    switched = read(
        client, {"position": MID_GAME.replace("parcheesi ", "parcheesi{capture_bonus=10} ")}
    )
    assert switched.json()["options"] == {"capture_bonus": 10}
    assert switched.json()["text"].startswith("parcheesi{capture_bonus=10} ")
    assert client.get("/api/games").json()["games"] == before == []


def test_reading_eight_man_and_pagade_positions_gives_their_seats(client: TestClient) -> None:
    info = read(client, {"position": EIGHT_MAN}).json()
    assert info["ruleset"] == "eight-man" and info["ruleset_name"] == "Eight-Man Parcheesi"
    assert [(x["colours"], x["label"], x["major"], x["team"]) for x in info["seats"]] == [
        (["red", "yellow"], "Red + Yellow", "red", None),
        (["blue", "green"], "Blue + Green", "green", None),
    ]
    assert info["to_move"] == 1 and info["text"] == EIGHT_MAN
    info = read(client, {"position": PAGADE}).json()
    assert info["ruleset"] == "pagade" and info["ruleset_name"] == "Pagade"
    assert [(x["label"], x["team"]) for x in info["seats"]] == [
        ("Red", 0),
        ("Black", 1),
        ("Yellow", 0),
        ("Green", 1),
    ]
    assert info["position"]["cut"] == [True, False, False, False]
    assert info["to_move"] == 2 and info["over"] is False
    assert client.get("/api/games").json()["games"] == []


def test_reading_a_finished_position_says_it_is_over(client: TestClient) -> None:
    info = read(client, {"position": FINISHED}).json()
    assert info["over"] is True and info["to_move"] is None and info["winner"] == [0]
    # ... but no game starts from it.
    r = client.post("/api/games", json={"position": FINISHED, "seats": ["human", "human"]})
    assert r.status_code == 400
    assert r.json()["error"]["message"] == "position: the game is already over"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ("hello", "position: text: needs 9 space-separated fields, found 1"),
        (MID_GAME.rsplit(" ", 1)[0], "position: text: needs 9 space-separated fields, found 8"),
        ("chess r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -", "position: ruleset: unknown ruleset"),
        (MID_GAME.replace("21.30", "21.99"), "position: pawns: red: progress 99 is outside 0..72"),
        ('{"ruleset": "parcheesi",', "position: json: not valid JSON"),
        ('  {"ruleset": "parcheesi"}', "position: options: missing"),
        ("", "position: the text is empty"),
        (" \n\t ", "position: the text is empty"),
        (MID_GAME + " " * 20_000, "position: the text is longer than 20000 characters"),
        (7, "position: must be a FORMAT.md object, its JSON text or the one-line text form"),
        ({"ruleset": "parcheesi"}, "position: options: missing"),
    ],
    ids=[
        "garbage",
        "field-count",
        "ruleset",
        "pawns",
        "bad-json",
        "json-fields",
        "empty",
        "blank",
        "too-long",
        "number",
        "object",
    ],
)
def test_a_bad_position_is_refused_with_its_reason(
    client: TestClient, given: object, message: str
) -> None:
    for path, body in [
        ("/api/positions", {"position": given}),
        ("/api/games", {"position": given, "seats": ["human", "human"]}),
    ]:
        r = client.post(path, json=body)
        assert r.status_code == 400, (path, r.text)
        error = r.json()["error"]
        assert error["code"] == "bad_request"
        assert error["message"].startswith(message), (path, error["message"])
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ([MID_GAME], 'a position to read is given as {"position": ...}'),
        ({}, "'position' is missing"),
        ({"position": None}, "'position' is missing"),
        ({"position": MID_GAME, "seats": ["human", "human"]}, "unknown field(s): seats"),
    ],
)
def test_a_malformed_position_request_is_refused(
    client: TestClient, body: object, message: str
) -> None:
    r = read(client, body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request"
    assert r.json()["error"]["message"].startswith(message)


def test_a_position_and_set_up_fields_together_are_refused(client: TestClient) -> None:
    for extra in ({"ruleset": "parcheesi"}, {"players": 2}, {"options": {}}):
        r = client.post("/api/games", json={"position": MID_GAME, **extra})
        assert r.status_code == 400
        assert r.json()["error"]["message"] == (
            "give either 'position' or the set-up fields, not both"
        )
    # Seats and names are checked against the position's players.
    r = client.post("/api/games", json={"position": PAGADE, "seats": ["human", "human"]})
    assert r.status_code == 400
    assert r.json()["error"]["message"] == "'seats' lists one kind per player (4)"
    assert client.get("/api/games").json()["games"] == []


def test_keys_are_shown_once_and_never_stored_or_sent_again(client: TestClient, db: str) -> None:
    game = new_game(client, seats=["human", "greedy"])
    assert [k["seat"] for k in game["keys"]] == [0]  # computers have no key
    key = key_of(game, 0)
    secret = key.split(".", 1)[1]
    assert len(secret) >= 22
    gid = game["id"]
    assert game["links"]["seats"] == [{"seat": 0, "url": f"/g/{gid}#k={key}"}]
    assert game["links"]["spectator"] == f"/g/{gid}"
    for text in (
        client.get(f"/api/games/{gid}").text,
        client.get("/api/games").text,
        client.get(f"/api/games/{gid}/record").text,
        client.get(f"/api/games/{gid}/replay").text,
    ):
        assert secret not in text
        assert "key_hash" not in text
    raw = Path(db.removeprefix("sqlite:///")).read_bytes()
    assert secret.encode() not in raw


# ---------------------------------------------------------------------------
# The state


def test_state_agrees_with_the_rules_engine(client: TestClient) -> None:
    game = new_game(client, seats=["human", "human"])
    gid = game["id"]
    rng = random.Random(2)
    for _ in range(60):
        s = state(client, gid)
        pos = Position.from_dict(s["position"])
        turn = Turn(pos, s["throw"])
        for n in s["steps"]:
            step = next(a for a in turn.legal_steps() if a.notation(pos.setup.colour_names) == n)
            turn.push(step)
        assert s["complete"] == turn.is_complete
        expected = [] if turn.is_complete else turn.legal_steps()
        assert [x["notation"] for x in s["legal"]] == [
            a.notation(pos.setup.colour_names) for a in expected
        ]
        assert [x["index"] for x in s["legal"]] == list(range(len(expected)))
        # Pawns conserved: four per colour in play, drawn where the engine has them.
        by_colour: dict[str, list[int]] = {}
        for p in s["pawns"]:
            by_colour.setdefault(p["colour"], []).append(p["p"])
            assert (p["square"] is None) == (p["where"] != "track")
        names = pos.setup.colour_names
        assert {c: sorted(v) for c, v in by_colour.items()} == {
            names[c]: sorted(turn.current_pawns[c]) for c in pos.setup.colours_in_play
        }
        r = act(client, gid, one_action(s, key_of(game, s["to_move"]), rng))
        assert r.status_code == 200, r.text
        assert r.json()["state"]["version"] > s["version"]


def test_board_is_the_cross_of_rules_section_2(client: TestClient) -> None:
    board = new_game(client)["state"]["board"]
    squares = board["squares"]
    assert len(squares) == 68 + 28
    cells = {(q["x"], q["y"]) for q in squares}
    assert len(cells) == len(squares)  # one cell per square
    assert all(max(abs(q["x"]), abs(q["y"])) <= 9 for q in squares)
    # Every square lies on an arm: 3 cells wide, outside the centre.
    assert all(min(abs(q["x"]), abs(q["y"])) <= 1 < max(abs(q["x"]), abs(q["y"])) for q in squares)
    assert sum(q["safe"] for q in squares) == 12  # §2.3: the Parcheesi safety spaces
    pagade = new_game(client, ruleset="pagade", players=2)["state"]["board"]
    assert sum(q["castle"] for q in pagade["squares"]) == 12
    assert not any(q["safe"] for q in pagade["squares"])


def test_a_throw_that_cannot_move_passes_and_is_listed(client: TestClient) -> None:
    # At the start of Parcheesi most throws cannot enter a pawn (§5.2: enter on 5).
    game = new_game(client)
    s = game["state"]
    passes = [m for m in s["moves"] if m["play"] == "-"]
    for _ in range(30):
        if passes:
            break
        game = new_game(client)
        s = game["state"]
        passes = [m for m in s["moves"] if m["play"] == "-"]
    assert passes, "thirty new games without a single pass at the start"
    for m in passes:
        assert 5 not in m["throw"] and sum(m["throw"]) != 5
    # The player to move is never shown a throw without a step to make.
    assert s["legal"] or s["complete"]


# ---------------------------------------------------------------------------
# Playing whole games


def test_a_whole_game_against_the_computer(client: TestClient) -> None:
    game = new_game(client, seats=["human", "greedy"])
    final = play_out(client, game, seed=1)
    assert final["status"] == "finished"
    assert final["winner"] in ([0], [1])
    assert final["to_move"] is None and final["throw"] is None and final["legal"] == []
    # The result by name and place (pachisi.describe.places_text), never "player 0".
    winner = ["Red", "Computer 1 (greedy)"][final["winner"][0]]
    assert final["result"].startswith(f"{winner} wins; ")
    gid = game["id"]
    # The record downloads and replays to the same end.
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    rec = Record.from_text(r.text)
    assert len(rec.moves) == len(final["moves"])
    assert rec.positions()[-1].to_dict() == final["position"]
    assert rec.extra["Seats"] == "human,greedy"
    # The replay has the position before every move and after the last.
    replay = client.get(f"/api/games/{gid}/replay").json()
    assert len(replay["positions"]) == len(final["moves"]) + 1
    assert replay["positions"][-1]["position"] == final["position"]
    assert [m["play"] for m in replay["moves"]] == [m["play"] for m in final["moves"]]
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert listed[gid]["status"] == "finished"


@pytest.mark.parametrize(
    "spec",
    [
        {"ruleset": "whitman", "players": 2},
        {"ruleset": "pagade", "players": 2},
        {"ruleset": "eight-man", "players": 2},
    ],
    ids=["whitman", "pagade", "eight-man"],
)
def test_computers_play_each_other_to_the_end(client: TestClient, spec: dict[str, Any]) -> None:
    game = new_game(client, **spec, seats=["greedy", "random"])
    assert game["keys"] == []
    s = wait_for_human(client, game["id"], timeout=300)
    assert s["status"] == "finished", s["result"]
    rec = Record.from_text(client.get(f"/api/games/{game['id']}/record").text)
    assert rec.positions()[-1].to_dict() == s["position"]


def test_undo_takes_back_a_step_and_commit_ends_the_turn(client: TestClient) -> None:
    game = new_game(client)
    gid = game["id"]
    for _ in range(200):
        s = state(client, gid)
        key = key_of(game, s["to_move"])
        if not s["complete"] and s["legal"]:
            r = act(client, gid, {"key": key, "version": s["version"], "type": "step", "index": 0})
            after = r.json()["state"]
            assert after["steps"] == [*s["steps"], s["legal"][0]["notation"]]
            r = act(client, gid, {"key": key, "version": after["version"], "type": "undo"})
            undone = r.json()["state"]
            assert undone["steps"] == s["steps"]
            assert undone["pawns"] == s["pawns"]
            assert undone["legal"] == s["legal"]
            assert undone["version"] == after["version"] + 1
            return
        act(client, gid, one_action(s, key, random.Random(0)))
    raise AssertionError("no turn with a step to undo")


# ---------------------------------------------------------------------------
# Security: refused, and nothing changed


def unchanged(client: TestClient, gid: str, before: dict[str, Any]) -> None:
    assert state(client, gid) == before


def mover(client: TestClient, game: dict[str, Any]) -> tuple[dict[str, Any], str, str]:
    s = wait_for_human(client, game["id"])
    return s, key_of(game, s["to_move"]), key_of(game, 1 - s["to_move"])


def test_another_seats_key_cannot_move(client: TestClient) -> None:
    game = new_game(client)
    s, _, other = mover(client, game)
    r = act(client, game["id"], {"key": other, "version": s["version"], "type": "step", "index": 0})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    unchanged(client, game["id"], s)


@pytest.mark.parametrize(
    "key",
    [None, "", "0", "0.", "x.abc", "7.abcdefghijklmnopqrstuv", "-1.abc", "0.forged-secret-000000",
     "0." + "a" * 200, 12, ["0.x"]],
)  # fmt: skip
def test_forged_or_missing_keys_are_refused(client: TestClient, key: object) -> None:
    game = new_game(client)
    s = state(client, game["id"])
    r = act(client, game["id"], {"key": key, "version": s["version"], "type": "step", "index": 0})
    assert r.status_code == 403 and r.json()["error"]["code"] == "forbidden"
    unchanged(client, game["id"], s)


def test_a_key_of_another_game_is_refused(client: TestClient) -> None:
    a, b = new_game(client), new_game(client)
    s = state(client, a["id"])
    r = act(client, a["id"], {"key": key_of(b, s["to_move"]), "version": s["version"],
                              "type": "step", "index": 0})  # fmt: skip
    assert r.status_code == 403
    unchanged(client, a["id"], s)


def test_replayed_and_stale_actions_are_refused(client: TestClient) -> None:
    game = new_game(client)
    s, key, _ = mover(client, game)
    body = one_action(s, key, random.Random(0))
    assert act(client, game["id"], body).status_code == 200
    after = state(client, game["id"])
    r = act(client, game["id"], body)  # the same message again
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    unchanged(client, game["id"], after)
    r = act(client, game["id"], {**body, "version": after["version"] + 5})  # from the future
    assert r.status_code == 409 and r.json()["error"]["code"] == "stale"
    unchanged(client, game["id"], after)


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"{",
        b"null",
        b"[]",
        b'"step"',
        b"[" * 100_000 + b"]" * 100_000,
        b'{"type": "step"}',
        b'{"type": "jump", "version": 0}',
        b'{"type": "step", "version": "1", "index": 0}',
        b'{"type": "step", "version": true, "index": 0}',
        b'{"type": "step", "version": 0, "index": "0"}',
        b'{"type": "step", "version": 0, "index": 1.5}',
        b'{"type": "commit", "version": 0, "extra": 1}',
        b"\xff\xfe",
    ],
)
def test_malformed_actions_are_refused(client: TestClient, raw: bytes) -> None:
    game = new_game(client)
    s = state(client, game["id"])
    r = client.post(f"/api/games/{game['id']}/actions", content=raw)
    assert r.status_code == 400, r.text
    assert r.json()["error"]["code"] == "bad_request"
    unchanged(client, game["id"], s)


def test_a_huge_body_is_refused(client: TestClient) -> None:
    game = new_game(client)
    s = state(client, game["id"])
    body = json.dumps({"type": "commit", "version": 0, "key": "x" * 100_000})
    r = client.post(f"/api/games/{game['id']}/actions", content=body)
    assert r.status_code == 400 and "larger" in r.json()["error"]["message"]
    unchanged(client, game["id"], s)


@pytest.mark.parametrize("index", [-1, 10_000])
def test_an_illegal_step_is_refused(client: TestClient, index: int) -> None:
    game = new_game(client)
    s, key, _ = mover(client, game)
    r = act(client, game["id"], {"key": key, "version": s["version"], "type": "step",
                                 "index": index})  # fmt: skip
    assert r.status_code == 422 and r.json()["error"]["code"] == "illegal"
    unchanged(client, game["id"], s)


def test_undo_without_steps_and_early_commit_are_refused(client: TestClient) -> None:
    game = new_game(client)
    s, key, _ = mover(client, game)
    assert not s["steps"] and not s["complete"]
    for kind in ("undo", "commit"):
        r = act(client, game["id"], {"key": key, "version": s["version"], "type": kind})
        assert r.status_code == 422, kind
        unchanged(client, game["id"], s)


def test_nothing_can_be_done_after_the_end(client: TestClient) -> None:
    game = new_game(client, seats=["human", "random"])
    final = play_out(client, game)
    key = key_of(game, 0)
    r = act(client, game["id"], {"key": key, "version": final["version"], "type": "commit"})
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_over"
    unchanged(client, game["id"], final)


def test_a_hint_is_for_the_seat_to_move_and_changes_nothing(client: TestClient) -> None:
    """POST .../hint: the best plays of the throw being played (pachisi.analysis.hints)."""
    from pachisi.analysis.hint import hints

    r = client.post("/api/games", json={"position": Position.from_text(NEAR_END).to_dict(),
                                         "seats": ["human", "human"]})  # fmt: skip
    assert r.status_code == 201, r.text
    game = r.json()
    gid = game["id"]
    s, key, other = mover(client, game)
    r = client.post(f"/api/games/{gid}/hint", json={"key": key})
    assert r.status_code == 200, r.text
    got = r.json()
    position = Position.from_dict(s["position"])
    want = hints(position, tuple(s["throw"]))[:3]
    assert got["version"] == s["version"] and got["throw"] == s["throw"]
    # The three plays the look-ahead likes best, with its estimate ...
    assert {p["play"]: p["estimate"] for p in got["plays"]} == {h.notation: h.chance for h in want}
    assert "two throws ahead" in got["method"] and got["how"]["method"] == "network"
    assert got["unit"] == "points of win chance"
    # ... checked by rollouts of the network's player with common dice, best first, each
    # difference with its standard error and whether it is clear (k standard errors: the
    # check is sequential, k allows for its looks).
    from pachisi.web.insight import compare_hints

    compared = compare_hints(position, tuple(s["throw"]), [h.notation for h in want])
    assert compared is not None
    assert got["compared"] == {k: v for k, v in compared.items() if k != "plays"}
    assert got["compared"]["policy"] == "network"
    for shown, measured in zip(got["plays"], compared["plays"], strict=True):
        assert {k: shown[k] for k in measured} == measured
        assert shown["facts"] and shown["facts"][0]["kind"] in ("move", "enter", "bonus")
    assert got["plays"][0]["diff"] == 0 and all(p["diff"] <= 0 for p in got["plays"])
    for p in got["plays"][1:]:
        assert p["clear"] == (abs(p["diff"]) >= compared["k"] * p["diff_se"] > 0)
    assert compared["k"] > 2 and compared["stopped"] in ("clear", "budget")
    assert compared["rollouts"] <= compared["budget"]
    unchanged(client, gid, s)
    # Not for the other seat, a forged key, a spectator, or a malformed body.
    for body, status, code in [
        ({"key": other}, 409, "not_your_turn"),
        ({"key": "0.forged-secret-000000"}, 403, "forbidden"),
        ({}, 403, "forbidden"),
        ({"key": key, "extra": 1}, 400, "bad_request"),
        ([key], 400, "bad_request"),
    ]:
        r = client.post(f"/api/games/{gid}/hint", json=body)
        assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    unchanged(client, gid, s)
    assert client.post("/api/games/nope/hint", json={"key": key}).status_code == 404
    # Nor once the game is over.
    done = new_game(client, seats=["human", "random"])
    play_out(client, done)
    r = client.post(f"/api/games/{done['id']}/hint", json={"key": key_of(done, 0)})
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_over"


def test_unknown_games_are_not_found(client: TestClient) -> None:
    for path in ("/api/games/nope", "/api/games/nope/replay", "/api/games/nope/record"):
        r = client.get(path)
        assert r.status_code == 404 and r.json()["error"]["code"] == "not_found"
    r = client.post("/api/games/nope/actions", json={"type": "commit", "version": 0, "key": "0.a"})
    assert r.status_code == 404


def test_pages_are_served_with_security_headers(client: TestClient) -> None:
    for path in ("/", "/g/abc", "/r/abc"):
        r = client.get(path)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "no-referrer"


# ---------------------------------------------------------------------------
# WebSocket


def test_websocket_sends_state_takes_actions_and_answers_errors(client: TestClient) -> None:
    game = new_game(client)
    gid = game["id"]
    s, key, other = mover(client, game)
    with (
        client.websocket_connect(f"/api/games/{gid}/ws") as ws,
        client.websocket_connect(f"/api/games/{gid}/ws") as watcher,
    ):
        first = receive(ws)
        assert first["type"] == "state" and first["state"] == s
        assert receive(watcher)["state"] == s
        ws.send_json({"type": "ping", "id": 1})
        assert receive(ws) == {"type": "pong", "id": 1}
        action = one_action(s, key, random.Random(0))
        ws.send_json({"type": "action", "id": "a1", "action": action})
        reply = receive(ws)
        assert reply["type"] == "result" and reply["id"] == "a1" and reply["ok"] is True
        new = receive(ws)
        assert new["type"] == "state" and new["state"]["version"] > s["version"]
        # The other watcher sees the change too (the latest state, perhaps fewer).
        seen = receive(watcher)
        assert seen["state"]["version"] > s["version"]
        # Errors come back as results and change nothing.
        current = state(client, gid)
        bad = {**one_action(current, other, random.Random(0))}
        ws.send_json({"type": "action", "id": 2, "action": bad})
        reply = receive(ws)
        assert reply["ok"] is False and reply["error"]["code"] in ("not_your_turn", "forbidden")
        ws.send_text("{not json")
        assert receive(ws)["error"]["code"] == "bad_request"
        ws.send_json({"type": "dance"})
        assert receive(ws)["error"]["code"] == "bad_request"
        ws.send_json({"type": "action", "id": 3, "action": "commit"})
        assert receive(ws)["error"]["code"] == "bad_request"
        assert state(client, gid)["version"] == current["version"]


def test_websocket_of_an_unknown_game_says_so(client: TestClient) -> None:
    with client.websocket_connect("/api/games/nope/ws") as ws:
        msg = receive(ws)
        assert msg["type"] == "error" and msg["error"]["code"] == "not_found"


def test_a_spectator_sees_every_move_live(client: TestClient) -> None:
    game = new_game(client)
    gid = game["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws") as spectator:
        version = receive(spectator)["state"]["version"]
        rng = random.Random(4)
        for _ in range(10):
            s = state(client, gid)
            assert act(client, gid, one_action(s, key_of(game, s["to_move"]), rng)).is_success
            # The spectator gets the newest state (it may skip ones it was too slow for).
            while version < state(client, gid)["version"]:
                msg = receive(spectator)
                assert msg["type"] == "state"
                assert msg["state"]["version"] > version
                version = msg["state"]["version"]
        assert version == state(client, gid)["version"]


# ---------------------------------------------------------------------------
# Rematch, restart, dead ends


def test_rematch_keeps_set_up_seats_and_keys(client: TestClient) -> None:
    game = new_game(client, seats=["human", "random"], names=["Ann", ""])
    key = key_of(game, 0)
    r = client.post(f"/api/games/{game['id']}/rematch", json={"key": key})
    assert r.status_code == 409  # not before the end
    play_out(client, game)
    r = client.post(f"/api/games/{game['id']}/rematch", json={"key": "0.wrong"})
    assert r.status_code == 403
    r = client.post(f"/api/games/{game['id']}/rematch", json={"key": key})
    assert r.status_code == 200
    new_id = r.json()["id"]
    again = client.post(f"/api/games/{game['id']}/rematch", json={"key": key})
    assert again.json()["id"] == new_id  # made once
    assert state(client, game["id"])["rematch"] == new_id
    new = state(client, new_id)
    assert new["status"] == "playing"
    assert new["start"]["pawns"] == Position.start("parcheesi", players=2).to_dict()["pawns"]
    assert [s["kind"] for s in new["seats"]] == ["human", "random"]
    assert new["seats"][0]["name"] == "Ann"
    final = play_out(client, {"id": new_id, "keys": game["keys"]})  # the same key plays on
    assert final["status"] == "finished"


def test_a_restart_loses_nothing(db: str) -> None:
    rng = random.Random(9)
    with TestClient(create_app(db, bot_delay=0, rng=rng)) as c:
        game = new_game(c)
        gid = game["id"]
        for _ in range(25):
            s = state(c, gid)
            act(c, gid, one_action(s, key_of(game, s["to_move"]), rng))
        # Leave a step half-way through a throw if there is one to make.
        s = state(c, gid)
        if not s["complete"]:
            act(c, gid, {"key": key_of(game, s["to_move"]), "version": s["version"],
                         "type": "step", "index": 0})  # fmt: skip
        before = state(c, gid)
    with TestClient(create_app(db, bot_delay=0)) as c:
        assert state(c, gid) == before
        final = play_out(c, game, seed=3)
        assert final["status"] == "finished"
        assert plain(final["moves"][: len(before["moves"])]) == plain(before["moves"])


def plain(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Moves without the facts of their steps (only the state's last moves carry them)."""
    return [{k: v for k, v in m.items() if k != "facts"} for m in moves]


def test_a_restart_resumes_a_computer_seat(db: str) -> None:
    with TestClient(create_app(db, bot_delay=30, rng=random.Random(1))) as c:
        game = new_game(c, seats=["greedy", "greedy"])
        time.sleep(0.2)
        before = state(c, game["id"])
        assert before["moves"] == [] and before["throw"] is not None
    # The first server stopped while a computer waited; the next one plays on.
    with TestClient(create_app(db, bot_delay=0)) as c:
        s = wait_for_human(c, game["id"], timeout=120)
        assert s["status"] == "finished"
        assert plain(s["moves"][: len(before["moves"])]) == plain(before["moves"])


#: Pagade, two players: every colour jammed at 75, 75, 76, 76 but red, one pawn short.
NEAR_DEAD_END = "pagade ry,bg - r:74.75.76.76,b:75.75.76.76,y:75.75.76.76,g:75.75.76.76 0 0 00 - -"


def check_dead_end(final: dict[str, Any]) -> None:
    """A game that ended in a dead end: at once, nobody won, the places shared (§3.5)."""
    assert final["status"] == "finished"
    assert final["winner"] is None
    assert final["result"].startswith("drawn: a dead end")
    assert final["places"] == [[0, 1]]
    assert final["to_move"] is None and final["throw"] is None
    end = Position.from_dict(final["position"])
    assert end.is_dead_end
    # No throw was made once it was a dead end: every move began in a live position.
    replayed = Position.from_dict(final["start"])
    for m in final["moves"]:
        assert not replayed.is_over
        replayed = _after(replayed, m)
    assert replayed == end


def _after(pos: Position, move: dict[str, Any]) -> Position:
    game = Game(pos)
    game.set_throw(move["throw"])
    game.push(move["play"])
    return game.position


@pytest.mark.parametrize("seats", [["human", "human"], ["greedy", "greedy"]])
def test_a_game_that_reaches_a_dead_end_ends_at_once_as_a_draw(db: str, seats: list[str]) -> None:
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(2))) as c:
        r = c.post("/api/games", json={"position": NEAR_DEAD_END, "seats": seats})
        assert r.status_code == 201, r.text
        game = r.json()
        final = play_out(c, game, seed=1)
        check_dead_end(final)
    with TestClient(create_app(db, bot_delay=0)) as c:  # stored as it ended
        assert state(c, game["id"]) == final


def test_a_game_cannot_start_from_a_dead_end(client: TestClient) -> None:
    assert Position.from_dict(DEAD_END).is_dead_end
    r = client.post("/api/games", json={"position": DEAD_END, "seats": ["human", "human"]})
    assert r.status_code == 400
    assert r.json()["error"]["message"] == "position: the game is already over (a dead end)"


def test_a_computer_waits_visibly_before_playing(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0.3, rng=random.Random(3))) as c:
        # Whatever made the computer's throw (creating the game, or the person's
        # last action) began before ``start``: the play comes 0.3 s after it.
        start = time.monotonic()
        game = new_game(c, seats=["greedy", "human"])
        s = state(c, game["id"])
        while s["seats"][s["to_move"]]["kind"] != "greedy":
            start = time.monotonic()
            s = play_one(c, game, s)
        assert s["throw"] is not None  # the computer's throw is shown while it waits
        wait_until(
            lambda: state(c, game["id"])["version"] != s["version"], "the computer never played"
        )
        assert time.monotonic() - start >= 0.3


def play_one(c: TestClient, game: dict[str, Any], s: dict[str, Any]) -> dict[str, Any]:
    r = act(c, game["id"], one_action(s, key_of(game, s["to_move"]), random.Random(0)))
    assert r.status_code == 200, r.text
    return dict(r.json()["state"])


def test_idle_games_leave_memory_and_come_back_intact(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.max_rooms = 2
    games = [new_game(client) for _ in range(6)]
    states = {}
    for g in games:
        s = state(client, g["id"])
        r = act(client, g["id"], one_action(s, key_of(g, s["to_move"]), random.Random(1)))
        assert r.status_code == 200
        states[g["id"]] = r.json()["state"]
    assert len(hub.rooms) <= 3
    for g in games:
        assert state(client, g["id"]) == states[g["id"]]
