"""Ludo and MADN analysis on the web server: hints, win chances, the review (docs/web.md).

Where no network has learned the set-up, :mod:`pachisi.web.insight` judges the
one-die rulesets by rollouts of a computer player (``ONE_DIE_POLICY``): each
answer is what :mod:`pachisi.analysis` computes for the same position (the
same seed, so the same numbers), says how it was obtained, and carries its
standard errors. The hint is for the seat to move only, computed once per
throw however often it is asked, and refused for a bad request as the cross's.
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from pachisi.analysis import review, win_chances
from pachisi.analysis.words import chance_text
from pachisi.position import Position
from pachisi.record import Record
from pachisi.web import insight
from pachisi.web.insight import (
    ONE_DIE_CHANCE_ROLLOUTS,
    ONE_DIE_HINT_ROLLOUTS,
    ONE_DIE_POLICY,
    REVIEW_ONE_DIE,
    REVIEW_ONE_DIE_MANY,
    one_die_hints,
    review_game,
)
from test_web_api import client, db, state

__all__ = ["client", "db"]  # the fixtures, used by name

#: Two positions late in a game (short rollouts), where a pawn may still be sent back, and
#: a throw with two plays.
LATE = {
    "ludo": ("ludo r,y - r:20.30.57.57,y:25.40.57.57 0 0 - - - 0 0", 4),
    "maedn": ("maedn r,b - r:10.30.43.44,b:28.34.43.44 0 0 - - - 0 0", 3),
}


def start(client: TestClient, ruleset: str) -> tuple[str, list[str], dict[str, Any]]:
    """A game from the late position, its seat keys and its state after the throw."""
    text, die = LATE[ruleset]
    game = client.post(
        "/api/games", json={"position": text, "seats": ["human", "human"], "dice": "manual"}
    ).json()
    gid = game["id"]
    keys = [k["key"] for k in sorted(game["keys"], key=lambda k: k["seat"])]
    s = state(client, gid)
    body = {"key": keys[0], "version": s["version"], "type": "throw", "dice": [die]}
    r = client.post(f"/api/games/{gid}/actions", json=body)
    assert r.status_code == 200, r.text
    return gid, keys, r.json()["state"]


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_a_hint_is_the_plays_rolled_out_with_their_noise(client: TestClient, ruleset: str) -> None:
    gid, keys, s = start(client, ruleset)
    r = client.post(f"/api/games/{gid}/hint", json={"key": keys[0]})
    assert r.status_code == 200, r.text
    got = r.json()
    position, die = Position.from_text(LATE[ruleset][0]), (LATE[ruleset][1],)
    want = one_die_hints(position, die)
    # How it was obtained: what the analysis says (pachisi.analysis.Ranking.method).
    assert (
        got["how"]
        == want["how"]
        == {
            "method": "rollout",
            "rollouts": ONE_DIE_HINT_ROLLOUTS,
            "policy": ONE_DIE_POLICY,
        }
    )
    assert got["compared"]["rollouts"] == ONE_DIE_HINT_ROLLOUTS and got["compared"]["k"] == 2
    assert got["unit"] == "points of win chance" and "rollouts" in got["method"]
    assert len(got["plays"]) == 2
    for shown, measured in zip(got["plays"], want["plays"], strict=True):
        assert {k: shown[k] for k in measured} == measured
        assert shown["facts"][0]["one_die"] is True  # the step in words, as the moves list
        assert shown["path"][0]["notation"] == shown["play"]  # where it goes on the board
        assert 0 < shown["se"] < 0.1  # rollouts: each chance with its standard error
    best, other = got["plays"]
    assert best["diff"] == 0 and other["diff"] <= 0
    assert other["clear"] == (abs(other["diff"]) >= 2 * other["diff_se"] > 0)
    # The hint changes nothing.
    after = state(client, gid)
    assert after["version"] == s["version"] and after["steps"] == s["steps"]


def test_a_hint_is_computed_once_per_throw(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def counted(position: Position, throw: Any) -> dict[str, Any]:
        calls.append(position.to_text())
        return one_die_hints(position, throw)

    monkeypatch.setattr(insight, "one_die_hints", counted)
    gid, keys, _ = start(client, "ludo")
    first = client.post(f"/api/games/{gid}/hint", json={"key": keys[0]}).json()
    second = client.post(f"/api/games/{gid}/hint", json={"key": keys[0]}).json()
    assert first == second and len(calls) == 1


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_a_hint_is_refused_as_the_crosss_is(client: TestClient, ruleset: str) -> None:
    text, die = LATE[ruleset]
    game = client.post(
        "/api/games", json={"position": text, "seats": ["human", "human"], "dice": "manual"}
    ).json()
    gid = game["id"]
    keys = [k["key"] for k in sorted(game["keys"], key=lambda k: k["seat"])]
    # Before the throw: nothing to hint.
    r = client.post(f"/api/games/{gid}/hint", json={"key": keys[0]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_your_turn"
    # A wrong throw is refused by the game, and a hint carries no throw of its own.
    s = state(client, gid)
    for dice in ([7], [0], [3, 4], ["6"]):
        body = {"key": keys[0], "version": s["version"], "type": "throw", "dice": dice}
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code in (400, 422), (dice, r.text)
        assert "error" in r.json()
    body = {"key": keys[0], "version": s["version"], "type": "throw", "dice": [die]}
    s = client.post(f"/api/games/{gid}/actions", json=body).json()["state"]
    for body, status, code in [
        ({"key": keys[1]}, 409, "not_your_turn"),  # the other seat
        ({"key": "0.forged-secret-000000"}, 403, "forbidden"),  # someone else
        ({}, 403, "forbidden"),  # a spectator
        ({"key": keys[0], "throw": [6]}, 400, "bad_request"),  # no throw of its own
        ([keys[0]], 400, "bad_request"),
    ]:
        r = client.post(f"/api/games/{gid}/hint", json=body)
        assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    assert state(client, gid)["version"] == s["version"]
    assert client.post("/api/games/nope/hint", json={"key": keys[0]}).status_code == 404


FINISHED_KEYS: dict[str, str] = {}


def finish(client: TestClient) -> tuple[str, Record]:
    """A Ludo game one throw from its end, played to it."""
    text = "ludo r,y - r:56.57.57.57,y:20.30.0.0 0 0 - - - 0 0"
    game = client.post(
        "/api/games", json={"position": text, "seats": ["human", "human"], "dice": "manual"}
    ).json()
    gid, key = game["id"], next(k["key"] for k in game["keys"] if k["seat"] == 0)
    FINISHED_KEYS[gid] = key
    s = state(client, gid)
    for body in (
        {"type": "throw", "dice": [1]},
        {"type": "step", "index": 0},
        {"type": "commit"},
    ):
        if s["status"] != "playing":
            break
        r = client.post(
            f"/api/games/{gid}/actions", json={"key": key, "version": s["version"], **body}
        )
        assert r.status_code == 200, r.text
        s = r.json()["state"]
    assert s["status"] == "finished"
    record = client.get(f"/api/games/{gid}/record").text
    return gid, Record.from_text(record)


def test_the_chances_are_rollouts_with_their_noise_and_exact_once_decided(
    client: TestClient,
) -> None:
    text, _ = LATE["ludo"]
    game = client.post("/api/games", json={"position": text, "seats": ["human", "human"]})
    got = client.get(f"/api/games/{game.json()['id']}/chances").json()
    want = win_chances(Position.from_text(text), ONE_DIE_CHANCE_ROLLOUTS, policy=ONE_DIE_POLICY)
    assert got["method"] == "rollout" and got["policy"] == ONE_DIE_POLICY
    assert got["rollouts"] == ONE_DIE_CHANCE_ROLLOUTS
    assert got["chances"] == list(want.chances) and got["se"] == list(want.se)
    # Never more digits than the standard error allows: "32% ± 6".
    assert got["text"] == [chance_text(c, se) for c, se in zip(want.chances, want.se, strict=True)]
    assert all("." not in t for t in got["text"])
    gid, _ = finish(client)
    r = client.post(f"/api/games/{gid}/hint", json={"key": FINISHED_KEYS[gid]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "game_over"
    done = client.get(f"/api/games/{gid}/chances").json()
    assert done["method"] == "exact" and done["chances"] == [1.0, 0.0]
    assert done["text"] == ["certain", "no chance"]


def test_the_review_of_a_finished_game_is_by_rollouts(client: TestClient) -> None:
    text, _ = LATE["maedn"]
    game = client.post(
        "/api/games", json={"position": text, "seats": ["human", "human"], "dice": "manual"}
    ).json()
    r = client.get(f"/api/games/{game['id']}/review")
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_finished"
    gid, record = finish(client)
    got = client.get(f"/api/games/{gid}/review").json()
    want = review(record, REVIEW_ONE_DIE).as_dict()
    assert got["settings"] == want["settings"]
    assert got["settings"]["policy"] == ONE_DIE_POLICY and got["settings"]["by"] == "rollouts"
    assert got["settings"]["luck_rollouts"] == 0  # the luck is not measured (said on the page)
    assert [p["total_loss"] for p in got["players"]] == [p["total_loss"] for p in want["players"]]
    assert got["summary"]["unit"] == "points of win chance"
    move = got["moves"][0]
    assert move["played_facts"][0]["one_die"] is True and move["played_facts"][0]["to"] == {
        "at": "home"
    }
    assert got["thresholds"] and got["clear"] == 2


def test_a_game_of_four_is_reviewed_with_fewer_rollouts() -> None:
    """Three or four players' games are three times as long: 6 rollouts of 2 plays."""
    start = Position.from_text(
        "ludo r,g,y,b - r:56.57.57.57,g:20.0.0.0,y:30.0.0.0,b:0.0.0.0 0 0 - - - 0 0"
    )
    record = Record(start=start, moves=[((1,), "R56-57")])
    got = review_game(record.to_text())
    assert got["settings"]["rollouts"] == REVIEW_ONE_DIE_MANY.rollouts == 6
    assert got["settings"]["candidates"] == REVIEW_ONE_DIE_MANY.candidates == 2
    assert got["moves"][0]["played_facts"][0]["to"] == {"at": "home"}
