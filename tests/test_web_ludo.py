"""Ludo and Mensch ärgere Dich nicht on the web server (RULES-LUDO.md §9, §10; docs/web.md).

The two one-die rulesets go through the same API as the others: the lobby's
``/api/rulesets`` offers their set-ups (L.2.1-2, M.2.1), a game is created,
played step by step and committed, and ends; a throw of real dice is one
number; the board is the data of :mod:`pachisi._ludo_board`; the steps are in
words in three languages (hints, win chances and the review:
``tests/test_web_ludo_insight.py``). Every refused request leaves the game as it was.
"""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pachisi import bots
from pachisi._ludo_board import LUDO, LUDO_SAFE, MAEDN
from pachisi.describe import LANGS
from pachisi.moves import Turn
from pachisi.position import Position
from pachisi.record import Record
from pachisi.rules import Setup
from pachisi.web.learn import rules_lessons
from pachisi.web.ludo_words import LUDO_WORDS
from pachisi.web.messages import catalogue
from pachisi.web.one_die import (
    one_die_geometry,
    one_die_square,
    one_die_step_facts,
    one_die_words,
)
from pachisi.web.requests import COMPUTER_LEVELS
from test_web_api import client, db, state

__all__ = ["client", "db"]  # the fixtures, used by name

RULESETS = ("ludo", "maedn")


def create(client: TestClient, **spec: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"players": 2, "seats": ["human", "human"]}
    body.update(spec)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return dict(r.json())


def act(client: TestClient, gid: str, body: dict[str, Any]) -> Any:
    return client.post(f"/api/games/{gid}/actions", json=body)


def unchanged(client: TestClient, gid: str, before: dict[str, Any]) -> None:
    after = state(client, gid)
    for name in ("version", "throw", "steps", "moves", "to_move", "pawns"):
        assert after[name] == before[name], name


# -- the lobby's offer -----------------------------------------------------------------------


def test_the_lobby_offers_both_with_their_set_ups_and_levels(client: TestClient) -> None:
    info = client.get("/api/rulesets").json()
    ludo, maedn = info["rulesets"]["ludo"], info["rulesets"]["maedn"]
    assert ludo["name"] == "Ludo" and maedn["name"] == "Mensch ärgere Dich nicht"
    for about in (ludo, maedn):
        assert about["players"] == [4, 3, 2] and about["teams"] is False  # L.2.1, M.2.1
    # L.2.1-2: any colours, in any order; the server's default set-ups.
    assert ludo["colour_choice"] is True and ludo["setups"] is None
    assert ludo["colours"] == ["red", "green", "yellow", "blue"]  # L.1.1, by arm
    assert ludo["default_colours"]["2"] == [["red"], ["yellow"]]
    # M.2.1: four set-ups, red first; two players opposite (the default) or side by side.
    assert maedn["setups"] == {
        "2": [["red", "green"], ["red", "blue"]],
        "3": [["red", "blue", "green"]],
        "4": [["red", "blue", "green", "yellow"]],
    }
    assert maedn["default_colours"]["2"] == [["red"], ["green"]]
    names = {s["name"] for s in ludo["switches"]}
    assert {"board", "overshoot", "blocks", "three_sixes", "bonus_throws"} <= names
    assert {s["name"] for s in maedn["switches"]} == {
        "three_sixes",
        "three_tries",
        "goal_jump",
        "must_capture",
    }
    # Only the rungs of the set-up's ladder are offered (pachisi.bots.ladder_for: up to
    # strong: no learned level is shown stronger in these games), and of
    # those only the players that play the set-up (pachisi.bots lists them).
    for ruleset, about in (("ludo", ludo), ("maedn", maedn)):
        for n, unfit in about["unfit_levels"].items():
            setup = Setup.create(ruleset, players=int(n))
            fit = playing(setup) & {rung.algorithm for rung in bots.ladder_for(setup)}
            assert set(unfit) == set(COMPUTER_LEVELS) - fit
            assert "random" not in unfit and "expectimax" not in unfit
            assert {"learned1", "learned2"} <= set(unfit)


def playing(setup: Setup) -> set[str]:
    """The computer players that play ``setup``, as pachisi.bots says (``fitting``)."""
    fitting = getattr(bots, "fitting", None)
    return set(fitting(setup)) if fitting is not None else {"random"}


def test_a_level_that_does_not_play_ludo_is_refused_in_words(client: TestClient) -> None:
    r = client.post(
        "/api/games",
        json={"ruleset": "ludo", "players": 3, "seats": ["human", "learned1", "greedy"]},
    )
    assert r.status_code == 400 and "learned1" in r.json()["error"]["message"]
    # Without seats named, the computer seats are greedy where it plays them, else random.
    game = client.post("/api/games", json={"ruleset": "maedn", "players": 3}).json()
    kinds = [s["kind"] for s in game["state"]["seats"]]
    fit = playing(Setup.create("maedn", players=3))
    assert kinds == ["human"] + ["greedy" if "greedy" in fit else "random"] * 2


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ({"ruleset": "maedn", "players": ["red", "yellow"]}, "RULES-LUDO.md M.2.1"),
        ({"ruleset": "ludo", "players": ["red", "red"]}, "red"),
        ({"ruleset": "ludo", "players": 5}, "ludo"),
        ({"ruleset": "ludo", "players": 2, "options": {"board": "round"}}, "board"),
        ({"ruleset": "maedn", "players": 2, "options": {"blocks": "impassable"}}, "blocks"),
    ],
)
def test_a_bad_set_up_is_refused_with_its_reason(
    client: TestClient, spec: dict[str, Any], words: str
) -> None:
    r = client.post("/api/games", json={**spec, "seats": None})
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]["message"]


def test_any_colours_in_any_order_and_the_first_listed_throws_first(client: TestClient) -> None:
    """L.2.2: ``players`` is the turn order; players[0] throws first."""
    game = create(
        client, ruleset="ludo", players=[["blue"], ["red"], ["green"]], seats=["human"] * 3
    )
    s = game["state"]
    assert [seat["colours"] for seat in s["seats"]] == [["blue"], ["red"], ["green"]]
    # The first throw is blue's (a throw nobody can use passes at once: look at the moves).
    first = s["moves"][0]["seat"] if s["moves"] else s["to_move"]
    assert first == 0 and game["state"]["start"]["players"][0]["colours"] == ["blue"]


# -- the board -------------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_board_is_the_ring_of_the_rules_drawn_from_its_cells(
    client: TestClient, ruleset: str
) -> None:
    s = create(client, ruleset=ruleset)["state"]
    board = s["board"]
    ring = LUDO if ruleset == "ludo" else MAEDN
    private = (ring.end - ring.last - (ruleset == "ludo")) * 4  # Ludo 5 x 4, MADN 4 x 4
    assert board["grid"] == (15 if ruleset == "ludo" else 11)
    assert len(board["squares"]) == ring.size + private
    assert [sq["id"] for sq in board["squares"]] == list(range(ring.size + private))
    by_id = {sq["id"]: sq for sq in board["squares"]}
    half = (board["grid"] - 1) // 2
    for arm in range(4):
        # Each colour's route, yard to goal, steps from cell to touching cell.
        cells = [
            (
                by_id[one_die_square(ruleset, arm, p)]["x"],
                by_id[one_die_square(ruleset, arm, p)]["y"],
            )
            for p in range(1, ring.end + 1 - (ruleset == "ludo"))
        ]
        for (x0, y0), (x1, y1) in itertools.pairwise(cells):
            assert max(abs(x0 - x1), abs(y0 - y1)) == 1
        assert all(-half <= x <= half and -half <= y <= half for x, y in cells)
        assert by_id[ring.square(arm, 1)]["entry"] == arm
        assert len(board["yards"][arm]) == 4
    safe = {sq["id"] for sq in board["squares"] if sq["safe"]}
    if ruleset == "ludo":  # L.1.4 "ludoking": start squares and the stars 7 past them
        assert safe == {LUDO.square(0, p) for p in LUDO_SAFE["ludoking"]}
        assert board["centre"] == [-1, 1, 3]
    else:  # M.1.4: no field is safe; no Home place
        assert safe == set() and board["centre"] is None


def test_the_board_follows_ludos_board_switch(client: TestClient) -> None:
    """L.1.4: "printed" moves the stars to 8 past the start; "ludopy" has jump stars and
    globes, and no safe square."""
    printed = create(client, ruleset="ludo", options={"board": "printed"})["state"]["board"]
    safe = {sq["id"] for sq in printed["squares"] if sq["safe"]}
    assert safe == {LUDO.square(0, p) for p in LUDO_SAFE["printed"]}
    ludopy = one_die_geometry("ludo", "ludopy")
    marks = {sq["id"]: sq["mark"] for sq in ludopy["squares"] if sq["mark"]}
    assert not any(sq["safe"] for sq in ludopy["squares"])
    assert marks[LUDO.square(0, 5)] == "jump" and marks[LUDO.square(0, 9)] == "globe"


def test_every_pawn_stands_on_its_square() -> None:
    """A pawn's ``square`` is its ring square (L.1.3, M.1.3), its home column or goal field,
    or none in the yard and at Ludo's Home."""
    # Blue enters at 39; its last ring square is 37 (38, just before its entry, it never visits).
    assert one_die_square("ludo", 2, 1) == 26 and one_die_square("ludo", 3, 51) == 37
    assert one_die_square("ludo", 0, 0) is None and one_die_square("ludo", 0, 57) is None
    assert [one_die_square("ludo", 1, p) for p in (52, 56)] == [57, 61]
    assert one_die_square("maedn", 1, 40) == 9 and one_die_square("maedn", 2, 41) == 48


# -- playing ---------------------------------------------------------------------------------


def play_to_the_end(client: TestClient, game: dict[str, Any], seed: int) -> dict[str, Any]:
    """Every seat played through the API by a seeded choice; each state checked against the
    rules engine (the steps offered are exactly the legal ones of the throw)."""
    gid = game["id"]
    keys = {k["seat"]: k["key"] for k in game["keys"]}
    rng = random.Random(seed)
    s = state(client, gid)
    for _ in range(20_000):
        if s["status"] != "playing":
            return s
        assert len(s["throw"]) == 1 and 1 <= s["throw"][0] <= 6  # one die
        assert [d["value"] for d in s["dice"]] == s["throw"]
        pos = Position.from_dict(s["position"])
        engine = [
            a.notation(pos.setup.colour_names) for a in Turn(pos, tuple(s["throw"])).legal_steps()
        ]
        key = keys[s["to_move"]]
        if s["complete"]:
            body = {"key": key, "version": s["version"], "type": "commit"}
        else:
            assert [step["notation"] for step in s["legal"]] == engine
            step = rng.choice(s["legal"])
            assert step["description"] and step["facts"]["one_die"]
            body = {"key": key, "version": s["version"], "type": "step", "index": step["index"]}
        r = act(client, gid, body)
        assert r.status_code == 200, r.text
        s = r.json()["state"]
    raise AssertionError("the game never ended")


@pytest.mark.parametrize(("ruleset", "players"), [("ludo", 2), ("ludo", 3), ("maedn", 2)])
def test_a_whole_game_is_played_to_its_end(client: TestClient, ruleset: str, players: int) -> None:
    game = create(client, ruleset=ruleset, players=players, seats=["human"] * players)
    final = play_to_the_end(client, game, seed=7)
    assert final["status"] == "finished" and final["winner"] is not None
    winner = final["winner"][0]
    ring = LUDO if ruleset == "ludo" else MAEDN
    mine = [
        pawn for pawn in final["pawns"] if pawn["colour"] == final["seats"][winner]["colours"][0]
    ]
    # L.7.1, M.7: all four at Home (57), or on the four goal fields (41..44).
    assert sorted(pawn["p"] for pawn in mine) == (
        [57] * 4 if ruleset == "ludo" else [41, 42, 43, 44]
    )
    assert all(pawn["where"] == ("home" if ruleset == "ludo" else "track") for pawn in mine)
    assert ring.end in [pawn["p"] for pawn in mine]
    # The record says the same game: one number a throw, replayed to the same end.
    text = client.get(f"/api/games/{game['id']}/record").text
    rec = Record.from_text(text)
    assert all(len(throw) == 1 for throw, _ in rec.moves)
    assert len(rec.to_game().history) == len(final["moves"])
    assert rec.to_game().position.to_dict() == final["position"]


def test_a_game_against_the_random_player(client: TestClient) -> None:
    game = create(client, ruleset="ludo", seats=["human", "random"])
    gid, key = game["id"], game["keys"][0]["key"]
    rng = random.Random(3)
    for _ in range(20_000):
        s = state(client, gid)
        if s["status"] != "playing":
            break
        if s["to_move"] != 0 or s["throw"] is None:
            continue
        if s["complete"]:
            act(client, gid, {"key": key, "version": s["version"], "type": "commit"})
        elif s["legal"]:
            i = rng.choice(s["legal"])["index"]
            act(client, gid, {"key": key, "version": s["version"], "type": "step", "index": i})
    assert s["status"] == "finished"
    assert any(m["seat"] == 1 and m["play"] != "-" for m in s["moves"])


def test_a_step_in_words_says_what_it_does() -> None:
    pos = Position.from_text("ludo r,y - r:0.0.0.12,y:0.0.0.42 0 0 - - - 0 0")
    step = next(iter(Turn(pos, (4,)).legal_steps()))
    facts = one_die_step_facts(pos, pos.pawns, step)
    assert facts["captured"] == ["yellow"]  # L.4.2: a lone opponent pawn is captured
    assert (
        one_die_words(facts) == "Red pawn 4: square 12 → square 16, sends Yellow back to the yard"
    )
    home = Position.from_text("ludo r,y - r:0.0.0.55,y:0.0.0.0 0 0 - - - 0 0")
    facts_home = one_die_step_facts(home, home.pawns, next(iter(Turn(home, (2,)).legal_steps())))
    assert facts_home["reached"] == "home" and facts_home["to"] == {
        "at": "home",
        "n": None,
        "mark": None,
    }
    hindi, kannada = one_die_words(facts, "hi"), one_die_words(facts, "kn")
    assert "यार्ड" in hindi and "ಅಂಗಳ" in kannada
    assert not re.search(r"[A-Za-z]", hindi + kannada)


# -- real dice -------------------------------------------------------------------------------


def test_real_dice_are_entered_one_number_at_a_time(client: TestClient) -> None:
    game = create(client, ruleset="maedn", dice="manual")
    gid, key = game["id"], game["keys"][0]["key"]
    s = state(client, gid)
    assert s["manual_dice"] and s["dice_count"] == 1 and s["throw"] is None
    # Two numbers, a number off the die, or no number: refused, nothing changes.
    for dice, status in (([6, 5], 400), ([7], 422), ([0], 422), ([], 400), (["6"], 400)):
        r = act(client, gid, {"key": key, "version": s["version"], "type": "throw", "dice": dice})
        assert r.status_code == status, (dice, r.text)
        unchanged(client, gid, s)
    # A 3 with every pawn in the yard cannot move (M.5): it passes at once.
    r = act(client, gid, {"key": key, "version": s["version"], "type": "throw", "dice": [3]})
    assert r.status_code == 200, r.text
    s = r.json()["state"]
    assert s["moves"][-1]["throw"] == [3] and s["moves"][-1]["play"] == "-"
    assert s["to_move"] == 1
    # A 6 enters (M.5.2) and throws again (M.6.1).
    key1 = game["keys"][1]["key"]
    s = act(
        client, gid, {"key": key1, "version": s["version"], "type": "throw", "dice": [6]}
    ).json()["state"]
    assert [step["notation"] for step in s["legal"]] == ["G0-1"]
    s = act(client, gid, {"key": key1, "version": s["version"], "type": "step", "index": 0}).json()[
        "state"
    ]
    s = act(client, gid, {"key": key1, "version": s["version"], "type": "commit"}).json()["state"]
    assert s["to_move"] == 1 and s["throw"] is None


def test_the_first_player_is_the_first_listed(client: TestClient) -> None:
    """L.2.2, M.8: no preliminary throw, so 'first' is refused (0 is the first anyway)."""
    body = {"ruleset": "ludo", "players": 2, "seats": ["human", "human"], "dice": "manual"}
    r = client.post("/api/games", json={**body, "first": 1})
    assert r.status_code == 400 and "first player listed" in r.json()["error"]["message"]
    assert client.post("/api/games", json={**body, "first": 0}).status_code == 201


# -- the rules pages -------------------------------------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_rules_page_teaches_each_rule_with_a_board(client: TestClient, ruleset: str) -> None:
    data = client.get(f"/api/learn/rules/{ruleset}").json()
    ids = [rule["id"] for rule in data["rules"]]
    wanted = {"board", "enter", "move", "capture", "extra", "win"}
    wanted |= {"safe", "blocks", "exact", "sixes"} if ruleset == "ludo" else {"clear", "goal"}
    assert wanted <= set(ids)
    assert data["board"]["grid"] == (15 if ruleset == "ludo" else 11)
    prefix = "L." if ruleset == "ludo" else "M."
    for rule in data["rules"]:
        assert rule["sections"] and all(s.startswith(prefix) for s in rule["sections"])
        for lang in LANGS:
            words = catalogue(lang)
            assert rule["title"] in words and rule["text"] in words
    steps = {rule["id"]: rule["diagram"]["steps"] for rule in data["rules"]}
    assert steps["enter"][0]["notation"] == "R0-1"  # L.3.2, M.5.2: a 6 enters
    assert steps["capture"][0]["facts"]["captured"]
    if ruleset == "ludo":
        assert steps["blocks"] == [] and steps["exact"] == [] and steps["sixes"] == []
        assert not steps["safe"][0]["facts"].get("captured")  # L.4.1
    info = client.get(f"/api/rules/{ruleset}").json()
    for sw in info["switches"]:
        for lang in LANGS:
            assert sw["title"] in catalogue(lang)
            assert all(v["key"] in catalogue(lang) for v in sw["values"])
    assert rules_lessons(ruleset) is rules_lessons(ruleset)  # made once


# -- words -----------------------------------------------------------------------------------


def test_every_word_is_in_english_hindi_and_kannada() -> None:
    fields = re.compile(r"\{\w+\}")
    for lang in LANGS:
        assert set(LUDO_WORDS[lang]) == set(LUDO_WORDS["en"]), lang
        for key, text in LUDO_WORDS[lang].items():
            assert sorted(fields.findall(text)) == sorted(fields.findall(LUDO_WORDS["en"][key]))
            assert catalogue(lang)[key] == text
    assert catalogue("hi")["ruleset.ludo"] == "लूडो" and catalogue("kn")["ruleset.maedn"]


def test_the_set_up_of_a_game_is_read_from_a_position(client: TestClient) -> None:
    r = client.post(
        "/api/positions",
        json={"position": "maedn r,b - r:0.0.1.15,b:0.0.0.0 0 0 - - - 0 0"},
    )
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["ruleset"] == "maedn" and [s["colours"] for s in info["seats"]] == [
        ["red"],
        ["blue"],
    ]
    assert "learned1" in info["unfit_levels"] and "random" not in info["unfit_levels"]
    assert Setup.create("maedn", players=["red", "blue"]).players == ((0,), (1,))
