"""A referee for a real board: the players throw real dice and enter each throw (docs/web.md).

``POST /api/games`` with ``"dice": "manual"`` (and ``"first"``, the seat that
starts): the server throws nothing for a person; the player to move sends a
``throw`` action with the two numbers (one for Ludo and MADN: tests/test_web_ludo.py); the
throw is checked against the ruleset's dice (RULES.md §4.1: faces 1 to 6, or Pagade's
sticks), then played, checked and stored as any throw (a throw that cannot be used passes
at once).
Every refused request leaves the game exactly as it was.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pachisi.dice import dice_for
from pachisi.record import Record
from pachisi.web.app import create_app
from test_web_api import client, db, state

__all__ = ["client", "db"]  # the fixtures, used by name


def manual_game(client: TestClient, **spec: Any) -> dict[str, Any]:
    body = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"], "dice": "manual"}
    body.update(spec)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def act(client: TestClient, gid: str, body: dict[str, Any], **headers: str) -> Any:
    return client.post(f"/api/games/{gid}/actions", json=body, headers=headers)


def throw(client: TestClient, gid: str, key: str, dice: list[int]) -> dict[str, Any]:
    s = state(client, gid)
    r = act(client, gid, {"key": key, "version": s["version"], "type": "throw", "dice": dice})
    assert r.status_code == 200, r.text
    return dict(r.json()["state"])


def test_the_players_throw_and_the_server_checks_the_moves(client: TestClient) -> None:
    game = manual_game(client, first=1)
    gid = game["id"]
    keys = {k["seat"]: k["key"] for k in game["keys"]}
    s = state(client, gid)
    assert s["manual_dice"] is True and s["dice_faces"] == [1, 2, 3, 4, 5, 6]
    # The seat chosen at the table starts; nothing is thrown until it enters its throw.
    assert s["to_move"] == 1 and s["throw"] is None and s["legal"] == []
    assert s["first"] == {"seat": 1, "rounds": []}

    # 6 and 4 cannot enter a pawn (RULES.md: a 5 enters): the throw passes at once.
    s = throw(client, gid, keys[1], [6, 4])
    assert s["moves"][-1]["throw"] == [6, 4] and s["moves"][-1]["play"] == "-"
    assert s["to_move"] == 0 and s["throw"] is None

    # 5 and 2: the steps are the rules engine's, played and committed as any throw.
    s = throw(client, gid, keys[0], [5, 2])
    assert s["throw"] == [5, 2] and s["legal"]
    assert s["legal"][0]["kind"] == "enter"
    while not s["complete"]:
        r = act(client, gid, {"key": keys[0], "version": s["version"], "type": "step", "index": 0})
        assert r.status_code == 200, r.text
        s = r.json()["state"]
    r = act(client, gid, {"key": keys[0], "version": s["version"], "type": "commit"})
    s = r.json()["state"]
    assert s["to_move"] == 1 and s["throw"] is None
    assert [m["throw"] for m in s["moves"]] == [[6, 4], [5, 2]]

    # The record says the dice were thrown by hand, and replays the same game.
    text = client.get(f"/api/games/{gid}/record").text
    assert "Dice: manual" in text
    rec = Record.from_text(text)
    assert rec.dice == "manual" and [t for t, _ in rec.moves] == [(6, 4), (5, 2)]
    assert len(rec.to_game().history) == 2


def _same(before: dict[str, Any], after: dict[str, Any]) -> None:
    for name in ("version", "throw", "steps", "moves", "to_move", "pawns"):
        assert after[name] == before[name], name


@pytest.mark.parametrize(
    ("dice", "status", "code"),
    [
        ([7, 1], 422, "illegal"),
        ([0, 3], 422, "illegal"),
        ([-1, 3], 422, "illegal"),
        ([1], 400, "bad_request"),
        ([1, 2, 3], 400, "bad_request"),
        ("56", 400, "bad_request"),
        ([True, 1], 400, "bad_request"),
        ([1.0, 2], 400, "bad_request"),
        (None, 400, "bad_request"),
    ],
)
def test_a_bad_throw_is_refused_and_changes_nothing(
    client: TestClient, dice: object, status: int, code: str
) -> None:
    game = manual_game(client)
    gid, key = game["id"], game["keys"][0]["key"]
    before = state(client, gid)
    body = {"key": key, "version": before["version"], "type": "throw", "dice": dice}
    r = act(client, gid, body)
    assert r.status_code == status and r.json()["error"]["code"] == code, r.text
    _same(before, state(client, gid))


def test_a_throw_is_the_seat_to_moves_and_only_when_awaited(client: TestClient) -> None:
    game = manual_game(client)
    gid = game["id"]
    keys = {k["seat"]: k["key"] for k in game["keys"]}
    before = state(client, gid)
    assert before["to_move"] == 0
    cases = [
        ({"key": keys[1]}, 409, "not_your_turn"),  # the other seat's key
        ({}, 403, "forbidden"),  # no key
        ({"key": "0.forged"}, 403, "forbidden"),
        ({"key": keys[0], "version": before["version"] - 1}, 409, "stale"),
        ({"key": keys[0], "unknown": 1}, 400, "bad_request"),
    ]
    for extra, status, code in cases:
        body = {"version": before["version"], "type": "throw", "dice": [5, 5], **extra}
        r = act(client, gid, body)
        assert r.status_code == status and r.json()["error"]["code"] == code, (extra, r.text)
        _same(before, state(client, gid))
    # A page of another website cannot enter a throw (same origin, docs/web.md Limits).
    body = {"key": keys[0], "version": before["version"], "type": "throw", "dice": [5, 5]}
    r = act(client, gid, body, origin="http://evil.example")
    assert r.status_code == 403
    _same(before, state(client, gid))
    # Once a throw is open, another is not awaited until it is played.
    s = throw(client, gid, keys[0], [5, 3])
    r = act(client, gid, {**body, "version": s["version"]})
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_allowed"
    _same(s, state(client, gid))
    # Nor in a game whose dice the server throws.
    r = client.post(
        "/api/games", json={"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    )
    other = r.json()
    os_ = state(client, other["id"])
    key = next(k["key"] for k in other["keys"] if k["seat"] == os_["to_move"])
    body = {"key": key, "version": os_["version"], "type": "throw", "dice": [5, 5]}
    r = act(client, other["id"], body)
    assert r.status_code == 409 and r.json()["error"]["code"] == "not_allowed"
    _same(os_, state(client, other["id"]))


@pytest.mark.parametrize(
    "extra",
    [
        {"dice": "loaded"},
        {"dice": True},
        {"dice": "random", "first": 1},  # 'first' goes with real dice only
        {"dice": "manual", "first": 2},  # no such seat in a two-player game
        {"dice": "manual", "first": -1},
        {"dice": "manual", "first": True},
        {"dice": "manual", "first": "1"},
    ],
)
def test_a_bad_dice_setting_is_refused(client: TestClient, extra: dict[str, Any]) -> None:
    body = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"], **extra}
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_request", r.text


def test_a_computer_seat_throws_the_servers_dice(client: TestClient) -> None:
    game = manual_game(client, seats=["human", "random"], first=1)
    gid, key = game["id"], game["keys"][0]["key"]
    # The computer throws and plays; then the game waits for the person's real dice.
    deadline = time.monotonic() + 60
    while (s := state(client, gid))["to_move"] != 0 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert s["to_move"] == 0 and s["throw"] is None and s["moves"]
    assert s["moves"][0]["seat"] == 1
    s = throw(client, gid, key, [3, 3])
    assert s["throw"] == [3, 3] or s["moves"][-1]["throw"] == [3, 3]


def test_pagade_sticks_are_entered_with_their_faces(client: TestClient) -> None:
    game = manual_game(client, ruleset="pagade", players=4, seats=["human"] * 4)
    gid, key = game["id"], game["keys"][0]["key"]
    s = state(client, gid)
    faces = list(dice_for("pagade").faces)
    assert s["dice_faces"] == faces
    missing = next(n for n in range(1, 13) if n not in faces)
    r = act(
        client,
        gid,
        {"key": key, "version": s["version"], "type": "throw", "dice": [missing, faces[0]]},
    )
    assert r.status_code == 422 and "no face" in r.json()["error"]["message"]
    s = throw(client, gid, key, [faces[0], faces[-1]])
    assert [faces[0], faces[-1]] in ([*m["throw"]] for m in [*s["moves"], {"throw": s["throw"]}])


def test_a_restart_keeps_the_game_waiting_for_its_throw(db: str) -> None:
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(1))) as c:
        game = manual_game(c)
        gid = game["id"]
        before = state(c, gid)
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(2))) as c:
        after = state(c, gid)
        _same(before, after)
        assert after["throw"] is None and after["manual_dice"] is True
        s = throw(c, gid, game["keys"][0]["key"], [5, 1])
        assert s["throw"] == [5, 1]
