"""The API of reading the game: words in the state, catalogues, rules, win chances, the review."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web API needs the web extra")

from fastapi.testclient import TestClient

from pachisi.describe import facts_text, places_text, step_facts
from pachisi.moves import Turn
from pachisi.position import Position
from pachisi.web.app import create_app
from pachisi.web.insight import REVIEW, chances
from pachisi.web.views import RECENT_FACTS

NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'g.sqlite'}", bot_delay=0, rng=random.Random(3))
    with TestClient(app) as c:
        yield c


def create(client: TestClient, seats: list[str], names: list[str]) -> dict[str, Any]:
    r = client.post("/api/games", json={"position": NEAR_END, "seats": seats, "names": names})
    assert r.status_code == 201, r.text
    return dict(r.json())


def get(client: TestClient, path: str) -> Any:
    r = client.get(path)
    assert r.status_code == 200, r.text
    return r.json()


def play_one_throw(client: TestClient, game: dict[str, Any], s: dict[str, Any]) -> dict[str, Any]:
    key = next(k["key"] for k in game["keys"] if k["seat"] == s["to_move"])
    while not s["complete"]:
        body = {"key": key, "version": s["version"], "type": "step", "index": 0}
        s = client.post(f"/api/games/{game['id']}/actions", json=body).json()["state"]
    body = {"key": key, "version": s["version"], "type": "commit"}
    return dict(client.post(f"/api/games/{game['id']}/actions", json=body).json()["state"])


def test_the_state_describes_every_step_in_words(client: TestClient) -> None:
    game = create(client, ["human", "human"], ["Asha", "Ravi"])
    s = game["state"]
    pos = Position.from_dict(s["position"])
    turn = Turn(pos, tuple(s["throw"]))
    for shown, act in zip(s["legal"], turn.legal_steps(), strict=True):
        assert shown["description"] == facts_text(step_facts(pos, turn.current_pawns, act))
        assert shown["facts"]["colour"] == shown["colour"]
        assert shown["notation"] not in shown["description"]
    assert len(s["dice"]) in (2, 4) and not any(n["used"] for n in s["dice"])
    # A step made: its facts, and its numbers used.
    key = next(k["key"] for k in game["keys"] if k["seat"] == s["to_move"])
    step = s["legal"][0]
    body = {"key": key, "version": s["version"], "type": "step", "index": 0}
    after = client.post(f"/api/games/{game['id']}/actions", json=body).json()["state"]
    assert after["steps_facts"] == [step["facts"]]
    spent = len(step["facts"].get("numbers", []))
    assert sum(n["used"] for n in after["dice"]) == spent
    # A finished throw keeps its facts in the move list.
    s = play_one_throw(client, game, after)
    move = s["moves"][-1]
    assert move["facts"][0] == step["facts"]


def test_a_finished_game_is_told_by_name_and_place_with_exact_chances(client: TestClient) -> None:
    game = create(client, ["greedy", "greedy"], ["Asha", "Ravi"])
    gid = game["id"]
    for _ in range(400):
        s = get(client, f"/api/games/{gid}")
        if s["status"] == "finished":
            break
        client.get(f"/api/games/{gid}/chances")  # meanwhile: the network, never an error
    assert s["status"] == "finished"
    pos = Position.from_dict(s["position"])
    assert places_text(pos, ["Asha", "Ravi"]) in (
        "Asha wins; Ravi second",
        "Ravi wins; Asha second",
    )
    assert [e["kind"] for e in s["places_facts"]] == ["win", "place"]
    c = get(client, f"/api/games/{gid}/chances")
    assert c["method"] == "exact" and c["version"] == s["version"]
    assert sorted(c["chances"]) == [0.0, 1.0] and c["chances"][s["winner"][0]] == 1.0
    replay = get(client, f"/api/games/{gid}/replay")
    assert replay["places_facts"] == s["places_facts"]
    # The state carries the facts of its last moves; GET .../moves those of every move.
    every = get(client, f"/api/games/{gid}/moves")["moves"]
    assert [m["facts"] for m in every] == [m["facts"] for m in replay["moves"]]
    recent = [m for m in s["moves"] if "facts" in m]
    assert len(recent) == min(RECENT_FACTS, len(s["moves"]))
    assert recent == every[len(every) - len(recent) :]
    # The review: every throw against the best, with the words of both plays.
    review = get(client, f"/api/games/{gid}/review")
    assert len(review["moves"]) == len(s["moves"])
    assert review["settings"]["by"] == REVIEW.by == "network" and review["method"] == "network"
    for m in review["moves"]:
        assert m["verdict"] in ("fine", "inaccuracy", "mistake", "blunder")
        assert (m["played_facts"] == []) == (m["played"] == "-")
    assert {p["player"] for p in review["players"]} == {0, 1}
    assert get(client, f"/api/games/{gid}/review") == review  # kept, not made again
    # What the review page shows first: the unit, per-player totals, the series, turns.
    summary = review["summary"]
    assert summary["unit"] == "points of win chance" and summary["error_rate_per"] == 10
    assert [p["player"] for p in summary["players"]] == [0, 1]
    for p in summary["players"]:
        assert p["text"].startswith(p["colours"]) and "the dice gave" in p["text"]
    series = summary["series"]
    assert series["throws"] == [0, *range(1, len(s["moves"]) + 1)]
    assert [side["players"] for side in series["sides"]] == [[0], [1]]
    winner = s["winner"][0]
    assert series["sides"][winner]["chances"][-1] == 1.0  # the end is exact
    for t in summary["turning_points"]:
        assert t["kind"] in ("mistake", "luck") and 1 <= t["move"] <= len(s["moves"])


def test_chances_during_a_game_are_the_fitted_network_in_whole_points(client: TestClient) -> None:
    game = create(client, ["human", "human"], ["Asha", "Ravi"])
    gid = game["id"]
    c = get(client, f"/api/games/{gid}/chances")
    want = chances(Position.from_text(NEAR_END))
    assert c["chances"] == want["chances"] and c["se"] == [None, None]
    assert c["method"] == "network" and c["network"].endswith("parcheesi.json") and c["ply"] == 2
    assert abs(sum(c["chances"]) - 1) < 1e-9
    assert c["text"] == [f"{100 * x:.0f}%" for x in c["chances"]]  # whole points
    assert c["unit"] == "points of win chance"
    r = client.get(f"/api/games/{gid}/review")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
    assert client.get("/api/games/nope/chances").status_code == 404


def test_catalogues_and_rules_are_served(client: TestClient) -> None:
    hi = get(client, "/api/messages/hi")
    en = get(client, "/api/messages/en")
    assert set(hi) == set(en) and hi["word.Home"] == "होम / घर"
    assert client.get("/api/messages/xx").status_code == 404
    rules = get(client, "/api/rules/parcheesi")
    assert {sw["name"] for sw in rules["switches"]} >= {"capture_bonus", "larger_die"}
    for sw in rules["switches"]:
        assert sw["title"] in en and all(v["key"] in en for v in sw["values"])
        assert "§" not in "".join(en[v["key"]] for v in sw["values"])
    assert client.get("/api/rules/chess").status_code == 404
    assert client.get("/api/rules/ludo").status_code == 200  # Ludo and MADN have their pages
    for path in ("/rules/pagade", "/rules", "/review/abc"):
        r = client.get(path)
        assert r.status_code == 200 and "text/html" in r.headers["content-type"]


def test_a_hints_plays_say_where_their_steps_go_on_the_board(client: TestClient) -> None:
    """Each play of a hint has its ``path``: its steps from the throw's start with their
    board squares, as the state's legal steps have them (the board draws the best play)."""
    from pachisi.web.views import play_path

    near_end = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"
    body = {"position": Position.from_text(near_end).to_dict(), "seats": ["human", "human"]}
    game = client.post("/api/games", json=body).json()
    s = get(client, f"/api/games/{game['id']}")
    key = next(k["key"] for k in game["keys"] if k["seat"] == s["to_move"])
    hint = client.post(f"/api/games/{game['id']}/hint", json={"key": key}).json()
    legal = {step["notation"]: step for step in s["legal"]}
    position = Position.from_dict(s["position"])
    assert hint["plays"]
    for play in hint["plays"]:
        path = play["path"]
        assert " ".join(step["notation"] for step in path) == play["play"]
        first = legal[path[0]["notation"]]  # the first step is one of the state's legal steps
        assert {k: first[k] for k in path[0]} == path[0]
        assert path == play_path(position, tuple(s["throw"]), play["play"])
        # The last step ends where the play leaves the pawn: 'home' is no square.
        assert all(st["to_square"] is None or isinstance(st["to_square"], int) for st in path)
