"""Learning to play (pachisi.web.learn): the rules taught in order, and the first game.

Without a browser: every rule of every ruleset's page names its sections of
RULES.md and has a diagram whose steps the engine accepts; every word is in
the three languages; each lesson's solution does what the lesson asks, and a
move no legal step makes is answered with the rule that forbids it; the API
refuses bad input. The pages themselves: tests/test_web_browser_learn.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pachisi.moves import Turn, legal_plays
from pachisi.position import Position
from pachisi.web.learn import (
    LESSONS,
    RULES,
    TOPICS,
    goal_met,
    lesson_state,
    refusal,
    rules_lessons,
)
from pachisi.web.learn_words import LEARN_WORDS
from pachisi.web.one_die_tutorial import FIRST_GAMES

fastapi = pytest.importorskip("fastapi", reason="the web tests need the web extra")
from fastapi.testclient import TestClient  # noqa: E402

from pachisi.web.app import create_app  # noqa: E402

RULES_MD = Path("/work/shared/RULES.md")
#: The numbered sections of RULES.md (its headings "## n." and "### n.m").
SECTIONS = {
    "1", "2", "2.1", "2.2", "2.3", "2.4", "2.5", "3", "3.1", "3.2", "3.3", "3.4", "3.5", "3.6",
    "3.7", "4", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6", "4.7", "4.8", "5", "5.1", "5.2", "5.3",
    "5.4", "5.5", "5.6", "5.7", "5.8", "5.9", "5.10", "6", "7", "8",
}  # fmt: skip


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "g.sqlite"), rng=random.Random(1))) as c:
        yield c


@pytest.mark.parametrize("ruleset", sorted(RULES))
def test_every_rule_has_a_legal_diagram_and_its_sections(ruleset: str) -> None:
    """§2-§7: each diagram's steps are legal by the engine (rules_lessons raises otherwise),
    and the rules come in the teaching order of TOPICS."""
    data = rules_lessons(ruleset)
    topics = [t["id"] for t in data["topics"]]
    assert topics == [t for t in TOPICS if t in topics]
    assert [r["topic"] for r in data["rules"]] == sorted(
        (r["topic"] for r in data["rules"]), key=TOPICS.index
    )
    for rule in data["rules"]:
        assert rule["sections"], rule["id"]
        for section in rule["sections"]:
            assert re.fullmatch(r"\d+(\.\d+)?", section), section
        diagram = rule["diagram"]
        assert diagram["ruleset"] == ruleset, rule["id"]  # played by the page's own rules
        if diagram["throw"] is not None:
            assert diagram["steps"] or rule["id"] == "doublet.all_or_nothing"


def test_eight_mans_page_plays_its_diagrams_by_eight_mans_rules() -> None:
    """§7: red and yellow are one player's there, so the opponent of a Parcheesi diagram's
    red is green, on the same squares; red still captures it."""
    parcheesi = {r["id"]: r["diagram"] for r in rules_lessons("parcheesi")["rules"]}
    eight = {r["id"]: r["diagram"] for r in rules_lessons("eight-man")["rules"]}
    capture = eight["capture.land"]
    assert [s["notation"] for s in capture["steps"]] == ["R10-14x"]
    assert capture["steps"][0]["facts"]["captured"] == ["green"]

    def squares(diagram: dict[str, Any], colours: set[str]) -> list[int]:
        return sorted(
            p["square"] for p in diagram["pawns"] if p["colour"] in colours and p["square"]
        )

    for rule_id in ("capture.land", "capture.safety", "blockade.block", "move.larger"):
        assert squares(eight[rule_id], {"green"}) == squares(parcheesi[rule_id], {"yellow"})


def test_whitmans_page_plays_its_diagrams_by_whitmans_rules() -> None:
    """§6: a Parcheesi diagram on Whitman's page is a Whitman position (one jump, no hops)."""
    data = rules_lessons("whitman")
    assert {r["diagram"]["ruleset"] for r in data["rules"]} == {"whitman"}
    capture = next(r for r in data["rules"] if r["id"] == "capture.land")
    assert [s["notation"] for s in capture["diagram"]["steps"]] == ["R10-14x", "R30-32"]


def test_the_sections_named_exist_in_the_rule_book() -> None:
    if RULES_MD.exists():  # the list above is the rule book's (where it can be read)
        headings = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", RULES_MD.read_text(), re.M))
        assert headings == SECTIONS
    for rules in RULES.values():
        for rule in rules:
            for section in rule.sections:
                assert section in SECTIONS, (rule.id, section)


def test_every_word_is_in_three_languages() -> None:
    en = LEARN_WORDS["en"]
    for lang in ("hi", "kn"):
        table = LEARN_WORDS[lang]
        assert set(table) == set(en), lang
        for key, text in table.items():
            latin = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"\{\w+\}", "", text)))
            assert not latin, (lang, key, latin)
            english = re.sub(r"\{\w+\}", "", en[key])
            assert text != en[key] or not re.search(r"[A-Za-z]", english), (lang, key)
    needed = {
        f"learn.rule.{r.id}.{part}"
        for rs in RULES.values()
        for r in rs
        for part in ("title", "text")
    }
    needed |= {
        f"learn.lesson.{lesson.name}.{part}"
        for lesson in LESSONS
        for part in ("title", "task", "done", "again")
    }
    # Ludo's and MADN's first games (pachisi.web.one_die_tutorial), their lessons and titles.
    needed |= {
        f"learn.lesson.{ruleset}.{lesson.name}.{part}"
        for ruleset, lessons in FIRST_GAMES.items()
        for lesson in lessons
        for part in ("title", "task", "done", "again")
    }
    needed |= {f"learn.title.{ruleset}" for ruleset in FIRST_GAMES}
    assert needed <= set(en)


def _play(lesson_name: str, notation: str) -> Turn:
    lesson = next(x for x in LESSONS if x.name == lesson_name)
    pos = Position.from_text(lesson.position)
    turn = Turn(pos, lesson.throw)
    names = pos.setup.colour_names
    for token in notation.split():
        act = next(
            a for a in turn.legal_steps() if a.notation(names).rstrip("x") == token.rstrip("x")
        )
        turn.push(act)
    assert turn.is_complete
    return turn


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.name)
def test_each_lessons_solution_meets_its_goal(lesson: Any) -> None:
    assert goal_met(lesson, _play(lesson.name, lesson.solution))


@pytest.mark.parametrize(
    ("name", "wrong"),
    [
        ("capture", "R10-12 R12-16"),  # moved past the yellow pawn: no capture
        ("safety", "R4-10 R20-24"),  # the threatened pawn ends off the star
        ("blockade", "R10-13 R13-17"),  # one pawn took both numbers
    ],
)
def test_a_legal_play_that_misses_the_goal_is_told_apart(name: str, wrong: str) -> None:
    lesson = next(x for x in LESSONS if x.name == name)
    assert not goal_met(lesson, _play(name, wrong))


@pytest.mark.parametrize("name", ["enter", "doublet", "finish"])
def test_lessons_whose_every_play_does_the_thing(name: str) -> None:
    """§5.3 entering is compulsory, §5.6 a doublet with bottoms is all or nothing, and the
    last pawn has one way HOME: every legal play of these lessons meets the goal."""
    lesson = next(x for x in LESSONS if x.name == name)
    pos = Position.from_text(lesson.position)
    for play in legal_plays(pos, lesson.throw):
        assert goal_met(lesson, _play(name, play.notation)), play.notation


def _why(position: str, throw: tuple[int, int], p: int, v: int, steps: str = "") -> tuple[str, str]:
    pos = Position.from_text(position)
    turn = Turn(pos, throw)
    names = pos.setup.colour_names
    for token in steps.split():
        turn.push(next(a for a in turn.legal_steps() if a.notation(names) == token))
    assert not any(a.colour == 0 and a.frm == p and v in a.numbers for a in turn.legal_steps())
    return refusal(pos, turn, 0, p, v)


def test_refusals_name_the_rule() -> None:
    """Each reason is the rule of RULES.md that forbids the move (and the move is illegal)."""
    two = "parcheesi r,y - r:{},y:{} 0 0 - - -"
    assert _why(two.format("0.0.0.0", "0.0.0.0"), (5, 2), 0, 2) == ("enter_five", "5.3")
    # Red's entry (red p 1, square 5) holds a yellow blockade (yellow p 35).
    assert _why(two.format("0.0.0.20", "0.0.35.35"), (5, 2), 0, 5) == ("entry_blocked", "5.3")
    assert _why(two.format("0.0.0.69", "0.0.0.0"), (5, 3), 69, 5) == ("exact_home", "5.4")
    # A yellow blockade at red's 16 (yellow 50): red at 12 may neither pass nor land on it.
    assert _why(two.format("0.0.0.12", "0.0.50.50"), (6, 1), 12, 6) == ("pass_blockade", "5.4")
    assert _why(two.format("0.0.0.12", "0.0.50.50"), (4, 1), 12, 4) == ("land_blockade", "5.4")
    # A yellow pawn on the safety space at red's 13 (square 17).
    assert _why(two.format("0.0.0.10", "0.0.0.47"), (3, 1), 10, 3) == ("safe_square", "5.4")
    assert _why(two.format("0.0.0.20", "0.0.0.0"), (5, 2), 20, 5) == ("must_enter", "5.6")
    assert _why(two.format("0.0.0.20", "0.0.60.60"), (2, 4), 20, 2) == ("larger_die", "5.6")
    assert _why(
        two.format("0.0.72.72", "0.0.0.0").replace("0.0.72.72", "10.20.72.72"), (3, 2), 72, 3
    ) == (
        "at_home",
        "5.4",
    )


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda x: x.name)
def test_every_pawn_and_number_is_legal_or_refused_with_words(lesson: Any) -> None:
    """Along the solution, each of red's pawns with each number left is either some legal
    step or a refusal whose words exist in every language."""
    pos = Position.from_text(lesson.position)
    indices: list[int] = []
    turn = Turn(pos, lesson.throw)
    names = pos.setup.colour_names
    for token in [*lesson.solution.split(), None]:
        state = lesson_state(lesson.name, ",".join(map(str, indices)))
        for why in state["refusals"]:
            for lang in LEARN_WORDS:
                assert why["reason"] in LEARN_WORDS[lang]
        if token is None:
            assert state["complete"] and state["goal_met"]
            break
        legal = turn.legal_steps()
        i = next(
            k for k, a in enumerate(legal) if a.notation(names).rstrip("x") == token.rstrip("x")
        )
        assert state["legal"][i]["notation"] == legal[i].notation(names)
        turn.push(legal[i])
        indices.append(i)


def test_the_learning_api(client: TestClient) -> None:
    rules = client.get("/api/learn/rules/parcheesi").json()
    assert [t["id"] for t in rules["topics"]] == list(TOPICS)
    assert client.get("/api/learn/rules/pagade").json()["topics"][4]["title"] == "learn.topic.pairs"
    lessons = client.get("/api/learn/lessons").json()["lessons"]
    assert [x["name"] for x in lessons] == [x.name for x in LESSONS]
    state = client.get("/api/learn/lessons/enter").json()
    assert [s["notation"] for s in state["legal"]] == ["R0-1"]
    assert state["refusals"][0]["reason"] == "learn.why.enter_five"
    done = client.get("/api/learn/lessons/enter?steps=0,0").json()
    assert done["complete"] and done["goal_met"] and done["steps"] == ["R0-1", "R1-3"]
    assert client.get("/learn").status_code == 200
    words = client.get("/api/messages/kn").json()
    assert words["learn.rule.enter.five.title"] == LEARN_WORDS["kn"]["learn.rule.enter.five.title"]


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/learn/rules/chess", 404),
        ("/api/learn/lessons/nope", 404),
        ("/api/learn/lessons/enter?steps=abc", 400),
        ("/api/learn/lessons/enter?steps=-1", 400),
        ("/api/learn/lessons/enter?steps=5", 400),
        ("/api/learn/lessons/enter?steps=0,0,0", 400),
        ("/api/learn/lessons/enter?steps=" + ",".join(["0"] * 13), 400),
        ("/api/learn/lessons/enter?steps=1e3", 400),
        ("/api/learn/lessons/enter?steps=%D9%A1", 400),
    ],
)
def test_bad_requests_get_a_clear_error(client: TestClient, path: str, status: int) -> None:
    answer = client.get(path)
    assert answer.status_code == status
    body = answer.json()
    assert body["ok"] is False and body["error"]["message"]


def test_the_learning_api_only_reads(client: TestClient) -> None:
    """Nothing here changes anything: no method but GET is answered (so no cross-site
    request can do anything with it), and the answers are the same for everyone."""
    assert client.post("/api/learn/lessons/enter", json={}).status_code == 405
    assert client.post("/api/learn/rules/parcheesi", json={}).status_code == 405
    first = client.get("/api/learn/lessons/capture?steps=0").json()
    assert client.get("/api/learn/lessons/capture?steps=0").json() == first
