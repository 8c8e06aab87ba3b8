"""The first games of Ludo and of MADN (pachisi.web.one_die_tutorial), without a browser.

Every lesson is played by the engine: each throw of its solution is a legal
step there, each throw after the first is red's because the engine gives red
another (a 6, L.6.4 and M.6.1; a capture or a pawn reaching Home, L.6.4),
and the solution does what the lesson asks; a legal play that misses it is
told apart; every move of red's that no legal step makes is refused with a
rule of RULES-LUDO.md whose words exist in every language; the API refuses
bad input. The pages: tests/test_web_browser_learn_ludo.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from pachisi.moves import Turn
from pachisi.position import Position
from pachisi.web.learn_words import LEARN_WORDS
from pachisi.web.one_die_tutorial import (
    FIRST_GAMES,
    FirstLesson,
    first_goal_met,
    first_lesson_state,
    one_die_refusal,
)

pytest.importorskip("fastapi", reason="the web tests need the web extra")
from fastapi.testclient import TestClient

from pachisi.web.app import create_app

RULES_LUDO = Path("/work/shared/RULES-LUDO.md")
LESSONS = [(ruleset, lesson) for ruleset, ls in FIRST_GAMES.items() for lesson in ls]
IDS = [f"{ruleset}-{lesson.name}" for ruleset, lesson in LESSONS]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "g.sqlite"), rng=random.Random(1))) as c:
        yield c


def play(lesson: FirstLesson, notation: str) -> tuple[Position, list[Turn]]:
    """``notation`` (one step a throw) played from the lesson's position by the engine, each
    throw only while the engine gives red the move."""
    start = Position.from_text(lesson.position)
    pos, turns = start, []
    names = start.setup.colour_names
    for throw, token in zip(lesson.throws, notation.split(), strict=False):
        assert pos.to_move == 0 and not pos.is_over, (lesson.name, token)
        turn = Turn(pos, (throw,))
        act = next(a for a in turn.legal_steps() if a.notation(names) == token)
        turn.push(act)
        assert turn.is_complete  # one die: one step is the whole play
        turns.append(turn)
        pos = turn.result()
    return start, turns


@pytest.mark.parametrize(("ruleset", "lesson"), LESSONS, ids=IDS)
def test_each_solution_is_legal_throw_by_throw_and_meets_its_goal(
    ruleset: str, lesson: FirstLesson
) -> None:
    """L.6.4, M.6.1: every throw after the first is red's by the engine's rules."""
    assert Position.from_text(lesson.position).setup.ruleset == ruleset
    assert len(lesson.solution.split()) == len(lesson.throws)
    start, turns = play(lesson, lesson.solution)
    assert len(turns) == len(lesson.throws)
    assert first_goal_met(lesson, start, turns)
    for square in lesson.focus:  # the board is cropped to squares that exist
        assert isinstance(square, int) and 0 <= square < (72 if ruleset == "ludo" else 56)


@pytest.mark.parametrize(
    ("ruleset", "name", "wrong"),
    [
        ("ludo", "six", "R20-26 R26-31"),  # the 6 moved the pawn that the 5 was to capture with
        ("ludo", "safe", "R3-7"),  # the threatened pawn stays off the star (L.1.4)
        ("ludo", "block", "R30-33"),  # no block made (L.4.2)
        ("maedn", "capture", "R25-28"),  # no capture (M.3)
        ("maedn", "goal", "R20-25"),  # no pawn into the goal (M.4)
    ],
)
def test_a_legal_play_that_misses_the_goal_is_told_apart(
    ruleset: str, name: str, wrong: str
) -> None:
    lesson = next(x for x in FIRST_GAMES[ruleset] if x.name == name)
    start, turns = play(lesson, wrong)
    assert not first_goal_met(lesson, start, turns)


@pytest.mark.parametrize(
    ("ruleset", "name"), [("ludo", "enter"), ("ludo", "finish"), ("maedn", "enter"),
                          ("maedn", "six"), ("maedn", "win")],
)  # fmt: skip
def test_lessons_whose_every_play_does_the_thing(ruleset: str, name: str) -> None:
    """L.3.2, L.3.3, M.5.1, M.5.2, M.4: the rules leave one step a throw in these lessons."""
    lesson = next(x for x in FIRST_GAMES[ruleset] if x.name == name)
    pos = Position.from_text(lesson.position)
    for throw in lesson.throws:
        legal = Turn(pos, (throw,)).legal_steps()
        assert len(legal) == 1, (name, throw)
        turn = Turn(pos, (throw,))
        turn.push(legal[0])
        pos = turn.result()


@pytest.mark.parametrize(("ruleset", "lesson"), LESSONS, ids=IDS)
def test_every_pawn_is_legal_or_refused_with_words_along_the_solution(
    ruleset: str, lesson: FirstLesson
) -> None:
    """Along the solution, each of red's places with the throw is a legal step's or refused
    with a rule of RULES-LUDO.md and words in every language; the page is told when a throw
    gave another."""
    indices: list[int] = []
    for k, token in enumerate([*lesson.solution.split(), None]):
        state = first_lesson_state(ruleset, lesson.name, ",".join(map(str, indices)))
        assert state["throw_index"] == k and state["again"] == (0 < k < len(lesson.throws))
        if token is None:
            assert state["complete"] and state["goal_met"] and state["throw"] is None
            break
        assert state["throw"] == [lesson.throws[k]] and not state["complete"]
        red = {p["p"] for p in state["pawns"] if p["colour"] == "red"}
        moved = {step["from"] for step in state["legal"]}
        refused = {why["from"] for why in state["refusals"]}
        assert moved | refused == red and not moved & refused
        for why in state["refusals"]:
            assert re.fullmatch(r"[LM](\.\d+)+", why["section"]), why
            for lang in LEARN_WORDS:
                assert why["reason"] in LEARN_WORDS[lang]
        indices.append(next(s["index"] for s in state["legal"] if s["notation"] == token))


def _why(position: str, throw: int, p: int) -> tuple[str, str]:
    pos = Position.from_text(position)
    turn = Turn(pos, (throw,))
    assert not any(a.colour == 0 and a.frm == p for a in turn.legal_steps())  # truly illegal
    return one_die_refusal(pos, turn, 0, p)


def test_refusals_name_the_rule() -> None:
    """Each reason is the rule of RULES-LUDO.md that forbids the move (and it is illegal)."""
    ludo = "ludo r,y - r:{},y:{} 0 0 - - - 0 0"
    assert _why(ludo.format("0.0.0.20", "0.0.0.0"), 5, 0) == ("one.six", "L.3.2")
    assert _why(ludo.format("0.0.54.57", "0.0.0.0"), 4, 54) == ("one.exact_home", "L.3.3")
    assert _why(ludo.format("0.0.54.57", "0.0.0.0"), 3, 57) == ("one.at_home", "L.3.1")
    # Two yellow pawns on red's 18 (yellow 44): a block red may not end on, but may pass.
    assert _why(ludo.format("0.0.12.15", "0.0.44.44"), 3, 15) == ("one.block", "L.4.2")
    assert any(a.frm == 15 for a in Turn(Position.from_text(
        ludo.format("0.0.12.15", "0.0.44.44")), (4,)).legal_steps())  # fmt: skip
    maedn = "maedn r,g - r:{},g:{} 0 0 - - - 0 0"
    assert _why(maedn.format("0.0.0.20", "0.0.0.0"), 6, 20) == ("one.must_enter", "M.5.2")
    assert _why(maedn.format("0.0.1.20", "0.0.0.0"), 4, 20) == ("one.clear_start", "M.5.1")
    assert _why(maedn.format("0.0.12.15", "0.0.0.0"), 3, 12) == ("one.own_pawn", "M.3")
    assert _why(maedn.format("0.0.0.42", "0.0.0.0"), 3, 42) == ("one.exact_goal", "M.4")
    assert _why(maedn.format("0.0.0.20", "0.0.0.0"), 2, 0) == ("one.six", "M.5.2")


def test_the_rules_named_exist_in_the_rule_book() -> None:
    """Every rule a refusal names (L.3.2: RULES-LUDO.md's heading "(L.3)", its item 2)."""
    if not RULES_LUDO.exists():
        pytest.skip("RULES-LUDO.md is not at hand")
    text = RULES_LUDO.read_text()
    source = Path(one_die_refusal.__code__.co_filename).read_text()
    named = set(re.findall(r'"([LM](?:\.\d+)+)"', source))
    assert {"L.3.2", "L.4.2", "M.5.1", "M.5.2", "M.4"} <= named
    for rule in named:
        chapter = ".".join(rule.split(".")[:2])
        heading = re.search(rf"^### .*\({re.escape(chapter)}\)$", text, re.M)
        assert heading is not None, rule
        if rule.count(".") == 2:  # a numbered item under that heading
            part = text[heading.end() :].split("\n### ", 1)[0]
            assert re.search(rf"^{rule.rsplit('.', 1)[1]}\. ", part, re.M), rule


def test_every_word_of_the_first_games_is_in_three_languages() -> None:
    en = LEARN_WORDS["en"]
    needed = {
        f"learn.lesson.{ruleset}.{lesson.name}.{part}"
        for ruleset, lesson in LESSONS
        for part in ("title", "task", "done", "again")
    }
    needed |= {
        f"{key}.{ruleset}"
        for ruleset in FIRST_GAMES
        for key in ("learn.title", "learn.rules_link", "learn.try_it")
    }
    needed |= {"learn.another_throw", "learn.how_to_one", "learn.banner_ludo", "learn.banner_maedn"}
    for lang in ("en", "hi", "kn"):
        assert needed <= set(LEARN_WORDS[lang]), (lang, needed - set(LEARN_WORDS[lang]))
    for lang in ("hi", "kn"):
        for key in needed:
            text = LEARN_WORDS[lang][key]
            assert not re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text)), (lang, key)
            assert text != en[key], (lang, key)


def test_the_first_games_api(client: TestClient) -> None:
    for ruleset in ("ludo", "maedn"):
        info = client.get(f"/api/learn/lessons?ruleset={ruleset}").json()
        assert info["ruleset"] == ruleset
        assert [x["name"] for x in info["lessons"]] == [x.name for x in FIRST_GAMES[ruleset]]
        assert info["board"]["grid"] == (15 if ruleset == "ludo" else 11)
        assert client.get(f"/learn/{ruleset}").status_code == 200
    state = client.get("/api/learn/lessons/enter?ruleset=ludo").json()
    assert [s["notation"] for s in state["legal"]] == ["R0-1"] and state["throw"] == [6]
    after = client.get("/api/learn/lessons/enter?ruleset=ludo&steps=0").json()
    assert after["again"] and after["throw"] == [3]
    assert after["refusals"][0]["reason"] == "learn.why.one.six"
    done = client.get("/api/learn/lessons/enter?ruleset=ludo&steps=0,0").json()
    assert done["complete"] and done["goal_met"] and done["steps"] == ["R0-1", "R1-4"]
    # Parcheesi's first game is unchanged without ``ruleset``.
    assert client.get("/api/learn/lessons").json()["lessons"][0]["name"] == "enter"
    assert client.get("/api/learn/lessons/enter").json()["ruleset"] == "parcheesi"


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/learn/lessons?ruleset=chess", 404),
        ("/api/learn/lessons?ruleset=whitman", 404),  # no first game of its own
        ("/api/learn/lessons/nope?ruleset=ludo", 404),
        ("/api/learn/lessons/capture?ruleset=ludo", 404),  # MADN's lesson, not Ludo's
        ("/api/learn/lessons/enter?ruleset=ludo&steps=abc", 400),
        ("/api/learn/lessons/enter?ruleset=ludo&steps=-1", 400),
        ("/api/learn/lessons/enter?ruleset=ludo&steps=1", 400),
        ("/api/learn/lessons/enter?ruleset=ludo&steps=0,0,0", 400),
        ("/api/learn/lessons/safe?ruleset=ludo&steps=0,0", 400),
        ("/api/learn/lessons/enter?ruleset=maedn&steps=" + ",".join(["0"] * 9), 400),
        ("/api/learn/lessons/enter?ruleset=maedn&steps=%D9%A1", 400),
        ("/learn/chess", 404),
        ("/learn/pagade", 404),
    ],
)
def test_bad_requests_get_a_clear_error(client: TestClient, path: str, status: int) -> None:
    answer = client.get(path)
    assert answer.status_code == status
    body = answer.json()
    assert body["ok"] is False and body["error"]["message"]


def test_the_first_games_api_only_reads(client: TestClient) -> None:
    """No method but GET (no cross-site request can do anything), the same for everyone."""
    assert client.post("/api/learn/lessons/enter?ruleset=ludo", json={}).status_code == 405
    assert client.post("/api/learn/lessons?ruleset=maedn", json={}).status_code == 405
    first = client.get("/api/learn/lessons/six?ruleset=ludo&steps=1").json()
    assert client.get("/api/learn/lessons/six?ruleset=ludo&steps=1").json() == first
