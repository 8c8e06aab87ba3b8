"""``pachisi simulate --log``: games written as they finish, a stopped run resumed; --chunk;
``--ray`` without Ray. (The Ray cluster itself is tested in tests/test_ray.py.)"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from helpers import simulate
from pachisi.chunks import InProcess, chunked
from pachisi.cli import main
from pachisi.extras import install_hint
from pachisi.rules import Setup
from pachisi.tournament import SimConfig, log_header, log_line, read_log, run_games, run_indices

CONFIG = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), seed=11)
COMMON = ["parcheesi", "--players", "greedy,random", "--seed", "11"]


def document(path: Path) -> dict[str, object]:
    """An --out JSON file without its timing (the one part that changes)."""
    doc = json.loads(path.read_text())
    doc.pop("timing")
    return doc


def test_chunks_in_process_give_the_same_games() -> None:
    games = list(run_games(CONFIG, 9))
    assert list(run_games(CONFIG, 9, backend=InProcess(), chunk=4)) == games
    assert list(run_indices(CONFIG, [7, 2, 5])) == [games[7], games[2], games[5]]
    assert list(chunked([], 3)) == []
    with pytest.raises(ValueError, match="chunk size"):
        list(run_games(CONFIG, 2, chunk=0))


def test_read_log_round_trip_and_refusals(tmp_path: Path) -> None:
    games = list(run_games(CONFIG, 3))
    log = tmp_path / "run.jsonl"
    lines = [json.dumps(log_header(CONFIG)) + "\n", *(log_line(g, CONFIG) for g in games)]
    log.write_text("".join(lines) + '{"game": 3, "se')  # the last line cut short
    header, done = read_log(log, CONFIG)
    assert header["seed"] == 11 and done == {g.index: g for g in games}
    other = SimConfig(CONFIG.setup, CONFIG.bots, seed=12)
    with pytest.raises(ValueError, match=r"log of another run \(seed 11, not 12\)"):
        read_log(log, other)
    log.write_text(lines[0] + "not json\n" + lines[1])
    with pytest.raises(ValueError, match=r"run\.jsonl:2: not a game of the log"):
        read_log(log, CONFIG)
    log.write_text('{"kind": "something else"}\n')
    with pytest.raises(ValueError, match="not a pachisi simulate log"):
        read_log(log)


def test_a_stopped_run_resumes_from_its_log(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    assert simulate(*COMMON, "--games", "10", "--out", str(whole)).returncode == 0
    log = tmp_path / "run.jsonl"
    first = simulate(*COMMON, "--games", "6", "--log", str(log), "--jobs", "2", "--chunk", "2")
    assert first.returncode == 0, first.stderr
    lines = log.read_text().splitlines(keepends=True)
    assert len(lines) == 1 + 6
    # As if killed while writing the sixth game's line: five whole games and a part.
    log.write_text("".join(lines[:6]) + lines[6][:20])
    out = tmp_path / "resumed.json"
    # No --seed: the log's seed is used.
    second = simulate(*COMMON[:3], "--games", "10", "--log", str(log), "--out", str(out))
    assert second.returncode == 0, second.stderr
    assert "5 from --log" in " ".join(second.stdout.split())
    assert document(out) == document(whole)
    assert len(log.read_text().splitlines()) == 1 + 10
    assert log.read_text().endswith("\n")


def test_a_log_of_another_run_is_refused(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    assert simulate(*COMMON, "--games", "2", "--log", str(log)).returncode == 0
    proc = simulate("parcheesi", "--players", "greedy,greedy", "--games", "2", "--log", str(log))
    assert proc.returncode == 1
    assert proc.stderr.startswith("pachisi: --log: ") and len(proc.stderr.splitlines()) == 1
    assert "log of another run (bots" in proc.stderr
    bad = simulate(*COMMON, "--log", str(tmp_path / "run.txt"))
    assert bad.returncode == 1 and "--log must end in .jsonl" in bad.stderr


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--chunk", "0"], "--chunk must be at least 1, not 0"),
        (["--ray"], f"--ray needs Ray: {install_hint('ray')}"),
    ],
)
def test_bad_options_are_one_line(
    extra: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    assert main(["simulate", *COMMON, "--games", "2", *extra]) == 1
    assert capsys.readouterr().err == f"pachisi: {message}\n"


def test_analyse_ray_without_ray_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    pos = "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -"
    assert main(["analyse", pos, "--ray"]) == 1
    assert capsys.readouterr().err == f"pachisi: --ray needs Ray: {install_hint('ray')}\n"
