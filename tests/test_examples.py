"""Every case of shared/examples.json, through the library and through `pachisi moves`."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from helpers import (
    SHARED_EXAMPLES,
    VENDORED_EXAMPLES,
    example_cases,
    outcome_key,
    play_results,
    step_results,
)
from pachisi import Position, legal_plays, parse_play

CASES = example_cases()
IDS = [c["id"] for c in CASES]


def expected(case: dict[str, Any]) -> list[str]:
    return sorted(outcome_key(o) for o in case["outcomes"])


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pachisi.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_library(case: dict[str, Any]) -> None:
    pos = Position.from_dict(case["position"])
    got = sorted(outcome_key(p.position.to_dict()) for p in legal_plays(pos, case["throw"]))
    assert got == expected(case)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_steps_agree_with_plays(case: dict[str, Any]) -> None:
    pos = Position.from_dict(case["position"])
    throw = tuple(case["throw"])
    assert step_results(pos, throw) == play_results(pos, throw)


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_notation_round_trip(case: dict[str, Any]) -> None:
    pos = Position.from_dict(case["position"])
    for play in legal_plays(pos, case["throw"]):
        again = parse_play(pos, case["throw"], play.notation)
        assert again.position == play.position


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_cli_single(case: dict[str, Any], tmp_path: Any) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(case["position"]))
    a, b = case["throw"]
    proc = run_cli("moves", str(path), "--throw", f"{a},{b}")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert set(out) >= {"outcomes"}
    got = sorted(outcome_key(o["position"]) for o in out["outcomes"])
    assert got == expected(case)
    for o in out["outcomes"]:
        assert isinstance(o["play"], str) and o["play"]
        # Every printed position is itself a valid position, options echoed.
        again = Position.from_dict(o["position"])
        assert again.to_dict() == o["position"]
        assert o["position"]["options"] == case["position"]["options"]


def test_cli_batch_all_cases() -> None:
    lines = [json.dumps({"position": c["position"], "throw": c["throw"]}) for c in CASES]
    lines.insert(3, "not json")
    lines.insert(5, json.dumps({"position": CASES[0]["position"], "throw": [2, 2]}))
    proc = run_cli("moves", "--batch", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == len(lines)
    assert "error" in out[3] and "JSON" in out[3]["error"]
    assert "error" in out[5] and "face 2" in out[5]["error"]
    rest = out[:3] + out[4:5] + out[6:]
    for case, res in zip(CASES, rest, strict=True):
        got = sorted(outcome_key(o["position"]) for o in res["outcomes"])
        assert got == expected(case), case["id"]


def test_vendored_copy_is_current() -> None:
    """The copy in tests/data serves a checkout without shared/; keep it equal."""
    if not SHARED_EXAMPLES.exists():
        pytest.skip("shared/ is not beside this checkout")
    assert json.loads(SHARED_EXAMPLES.read_text()) == json.loads(VENDORED_EXAMPLES.read_text())


#: RULES.md §5.5: an Eight-Man 2-2 where a blockade breaks and re-forms (issue 18). The
#: rules give 1,934 outcomes; an engine that told pawns apart by their squares gave 1,940.
S5_5_EIGHT_MAN = {
    "ruleset": "eight-man",
    "options": {"first_player": "lowest", "no_split_doubles_home": True},
    "players": [
        {"colours": ["red", "yellow"], "major": "yellow"},
        {"colours": ["blue", "green"], "major": "blue"},
    ],
    "teams": None,
    "pawns": {
        "red": [0, 0, 4, 5],
        "blue": [35, 58, 60, 65],
        "yellow": [1, 11, 17, 72],
        "green": [1, 26, 39, 57],
    },
    "to_move": 1,
    "doubles": 0,
    "cut": None,
    "finished": [],
    "winner": None,
}


def test_s5_5_eight_man_doublet_home_through_moves_and_batch(tmp_path: Any) -> None:
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(S5_5_EIGHT_MAN))
    single = run_cli("moves", str(path), "--throw", "2,2")
    assert single.returncode == 0, single.stderr
    line = json.dumps({"position": S5_5_EIGHT_MAN, "throw": [2, 2]})
    batch = run_cli("moves", "--batch", stdin=line + "\n")
    assert batch.returncode == 0, batch.stderr
    lib = {
        outcome_key(p.position.to_dict())
        for p in legal_plays(Position.from_dict(S5_5_EIGHT_MAN), (2, 2))
    }
    assert len(lib) == 1934
    for out in (json.loads(single.stdout), json.loads(batch.stdout.splitlines()[0])):
        got = [outcome_key(o["position"]) for o in out["outcomes"]]
        assert len(got) == 1934
        assert set(got) == lib
