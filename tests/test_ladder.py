"""The ladder of computer levels as players meet it (issue 33, part 4).

The levels are offered by strength names (beginner ... master) in English,
Hindi and Kannada, the strongest by declared run last, the algorithms named
on hover and in the docs; the algorithms' names stay accepted everywhere a
level is named (the library, ``play``, ``simulate``, the API).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from pachisi.bots import (
    LADDER,
    PLAYERS,
    canonical_level,
    ladder_level,
    level_about,
    level_label,
    make_player,
)
from pachisi.cli import main
from pachisi.describe import LANGS, PHRASES
from pachisi.terminal.play import seat_kinds
from pachisi.web.app import create_app
from pachisi.web.messages import catalogue
from pachisi.web.requests import COMPUTER_LEVELS

NAMES = ["beginner", "casual", "strong", "expert", "master"]
ALGORITHMS = ["random", "greedy", "expectimax", "learned1", "learned2"]


def test_the_ladder_is_in_order_of_measured_strength() -> None:
    """Weakest first, numbered 1 to 5, learned2 (which beat learned1 in the declared
    run of docs/experiments/parcheesi-ladder-declared-runs.md) on top."""
    assert [(r.number, r.name, r.algorithm) for r in LADDER] == list(
        zip(range(1, 6), NAMES, ALGORITHMS, strict=True)
    )
    assert all(r.algorithm in PLAYERS for r in LADDER)
    # The server offers the ladder, in the same order, its top last.
    assert tuple(ALGORITHMS) == COMPUTER_LEVELS
    assert COMPUTER_LEVELS[-1] == "learned2"


@pytest.mark.parametrize("lang", LANGS)
def test_every_level_has_a_strength_name_in_every_language(lang: str) -> None:
    names = [level_label(r.algorithm, lang=lang) for r in LADDER]
    assert len(set(names)) == len(LADDER) and all(names)
    assert [level_label(r.name, lang=lang) for r in LADDER] == names  # by either name
    for rung, name in zip(LADDER, names, strict=True):
        assert PHRASES[lang][f"level.{rung.name}"] == name
        if lang != "en":  # translated, not the English word
            assert name != PHRASES["en"][f"level.{rung.name}"]
        assert level_label(rung.algorithm, 3, lang) == f"{name} 3"
        # The hover text names the algorithm (in the language's words for it).
        about = level_about(rung.name, lang)
        assert about.startswith(PHRASES[lang][f"algorithm.{rung.algorithm}"] + ": ")


def test_labels_in_english() -> None:
    assert [level_label(n) for n in NAMES] == ["Beginner", "Casual", "Strong", "Expert", "Master"]
    assert level_label("expectimax", 1) == "Strong 1"
    assert level_label("bot", 2) == "Casual 2"  # the terminal's 'bot' is greedy
    assert level_label("search84", 1) == "search84 1"  # no rung: its own name
    assert level_about("learned2") == "learned2: a trained network, two throws ahead"


def test_unknown_levels_and_languages_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer player 'grandmaster'"):
        level_label("grandmaster")
    with pytest.raises(ValueError, match="no language 'fr'"):
        level_label("casual", lang="fr")
    with pytest.raises(ValueError, match=r"known: beginner, casual, strong, expert, master, "):
        make_player("grandmaster")


def test_old_and_new_names_make_the_same_players() -> None:
    for rung in LADDER:
        for name in (rung.name, rung.name.upper(), rung.algorithm):
            assert canonical_level(name) == rung.algorithm
            assert ladder_level(name) == rung
            assert make_player(name, 1).name == make_player(rung.algorithm, 1).name
    assert ladder_level("search") is None and canonical_level("search") == "search"


def test_play_accepts_strength_names_and_algorithms() -> None:
    assert seat_kinds("human,master,greedy", 3) == ["human", "master", "greedy"]
    assert seat_kinds("human,Expert", 2) == ["human", "expert"]


def test_simulate_takes_strength_names(capsys: pytest.CaptureFixture[str]) -> None:
    """A measurement names its players by algorithm, whichever name it was given."""
    args = ["simulate", "parcheesi", "--games", "2", "--seed", "3", "--players"]
    assert main([*args, "casual,beginner"]) == 0
    by_strength = capsys.readouterr().out
    assert main([*args, "greedy,random"]) == 0
    by_algorithm = capsys.readouterr().out
    assert "kernel engine" in by_strength and "│ greedy │" in by_strength
    keep = [line for line in by_strength.splitlines() if "games/s" not in line]
    assert keep == [line for line in by_algorithm.splitlines() if "games/s" not in line]


def test_the_help_names_the_ladder(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "beginner (random), casual (greedy), strong (expectimax)" in help_text
    assert "master (learned2), the strongest last" in help_text


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    db = f"sqlite:///{tmp_path / 'games.sqlite'}"
    with TestClient(create_app(db, bot_delay=0, rng=random.Random(5))) as c:
        yield c


def test_the_api_takes_strength_names_and_stores_the_algorithm(client: TestClient) -> None:
    body = {"players": 3, "seats": ["human", "Master", "casual"]}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    state = client.get(f"/api/games/{r.json()['id']}").json()
    assert [s["kind"] for s in state["seats"]] == ["human", "learned2", "greedy"]
    # The old names stay accepted.
    old = client.post("/api/games", json={"players": 2, "seats": ["human", "expectimax"]})
    assert old.status_code == 201, old.text
    bad = client.post("/api/games", json={"players": 2, "seats": ["human", "grandmaster"]})
    assert bad.status_code == 400 and "unknown seat kind 'grandmaster'" in bad.text


def test_a_clock_takes_a_strength_name(client: TestClient) -> None:
    clock = {"seconds": 60, "then": "computer", "level": "strong"}
    r = client.post("/api/games", json={"players": 2, "seats": ["human"] * 2, "clock": clock})
    assert r.status_code == 201, r.text
    state = client.get(f"/api/games/{r.json()['id']}").json()
    assert state["clock"]["level"] == "expectimax"
    for level, ok in (("search", True), ("learned2", True), ("grandmaster", False)):
        clock["level"] = level
        r = client.post("/api/games", json={"players": 2, "seats": ["human"] * 2, "clock": clock})
        assert (r.status_code == 201) is ok, (level, r.text)
    assert "'clock.level' is one of beginner, casual, strong, expert, master" in r.text


def test_the_api_lists_the_ladder_and_the_pages_words(client: TestClient) -> None:
    info = client.get("/api/rulesets").json()
    assert [x["name"] for x in info["ladder"]] == NAMES
    assert info["levels"] == ["human", *ALGORITHMS]
    for lang in LANGS:
        words = client.get(f"/api/messages/{lang}").json()
        assert words == catalogue(lang)
        for rung in LADDER:
            name = level_label(rung.algorithm, lang=lang)
            assert words[f"level.{rung.algorithm}"] == name  # a seat's kind in words
            assert name in words[f"levelname.{rung.algorithm}"]  # the lobby's choice
            assert words[f"levelabout.{rung.algorithm}"] == level_about(rung.algorithm, lang)
