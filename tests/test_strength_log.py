"""benchmarks/strength.py --log / --start / --summarise-log: a stopped run can be finished.

A long tournament is played in pieces (``--start K``), every game logged as it
ends; ``--summarise-log`` counts the whole run from the log. That is only
sound if game *i* is the same game whichever piece plays it, and if each
index is counted once. Both are checked here on cheap players.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import load_strength

NAMES = ("greedy", "random")


def test_pieces_make_the_whole_run(tmp_path: Path) -> None:
    strength = load_strength()
    whole_log = str(tmp_path / "whole.jsonl")
    whole = strength.match("parcheesi", NAMES, 8, 5, 1, log=whole_log)
    log = str(tmp_path / "games.jsonl")
    strength.match("parcheesi", NAMES, 5, 5, 1, log=log)
    # A restart that overlaps the games already played (indices 3 and 4 again).
    strength.match("parcheesi", NAMES, 5, 5, 1, log=log, start=3)
    lines = Path(log).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 10
    summary = strength.log_summary(log, "parcheesi", NAMES, 5)
    assert summary["games"] == 8 and summary["missing"] == []
    assert summary["indices"] == [0, 7]
    assert (summary["decided"], summary["wins"]) == (whole["decided"], whole["wins"])
    assert summary["ci95"] == whole["ci95"]

    # Game by game: the same dice seed, seats, winner and length, whichever piece played it.
    def by_index(path: str) -> dict[int, dict[str, object]]:
        rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()]
        return {row["game"]: row for row in rows}

    assert by_index(log) == by_index(whole_log)
    # Other matches in the same file are not counted.
    assert strength.log_summary(log, "parcheesi", NAMES, 6)["games"] == 0
    assert strength.log_summary(log, "pagade", NAMES, 5)["games"] == 0


def test_a_gap_is_reported(tmp_path: Path) -> None:
    strength = load_strength()
    log = str(tmp_path / "games.jsonl")
    strength.match("parcheesi", NAMES, 2, 7, 1, log=log)
    strength.match("parcheesi", NAMES, 2, 7, 1, log=log, start=4)
    summary = strength.log_summary(log, "parcheesi", NAMES, 7)
    assert summary["games"] == 4
    assert summary["missing"] == [2, 3]


def test_summarise_log_plays_nothing_and_can_record_the_row(tmp_path: Path) -> None:
    strength = load_strength()
    log = tmp_path / "games.jsonl"
    strength.match("parcheesi", NAMES, 3, 9, 1, log=str(log))
    before = log.read_text(encoding="utf-8")
    out = tmp_path / "rows.jsonl"
    args = ["parcheesi", ",".join(NAMES), "--seed", "9"]
    assert strength.main([*args, "--summarise-log", str(log), "--out", str(out)]) == 0
    assert log.read_text(encoding="utf-8") == before
    (row,) = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert row == json.loads(json.dumps(strength.log_summary(str(log), "parcheesi", NAMES, 9)))
    assert row["games"] == 3


def test_a_broken_log_line_is_named(tmp_path: Path) -> None:
    strength = load_strength()
    log = tmp_path / "games.jsonl"
    log.write_text('{"ruleset": "parcheesi"}\nnot json\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r":2: not a JSON line"):
        strength.log_summary(str(log), "parcheesi", NAMES, 1)
