"""RULES.md §3.5 dead end [OP-X5] everywhere: one core predicate, used by every front end.

The rule itself (the predicate against the rule read literally, places, the
draw) is tested in test_rules_common.py; here the programs that play, replay,
simulate, analyse and record games stop there and say so, while `pachisi
moves` still answers a throw with its one passing outcome.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from helpers import run_cli
from pachisi import Game, Position, fast
from pachisi.analysis.rollout import RolloutSpec, estimate_from, exact_chances, rollout
from pachisi.record import Record
from pachisi.tournament import GameResult, SimConfig, summarise

JAM = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
#: Two players, every pawn jammed against its square 8, nobody has cut: a dead end.
DEAD = f"pagade ry,bg - {JAM} 0 0 00 - -"
#: One throw away: red's 74 needs a 1 (to 75); every other throw of everyone passes.
NEARLY = "pagade ry,bg - r:74.75.76.76,y:75.75.76.76,b:75.75.76.76,g:75.75.76.76 0 0 00 - -"


def words(text: str) -> str:
    """Terminal output as plain lower-case words (the console wraps and capitalises)."""
    return " ".join(text.split()).lower()


def test_the_nearly_dead_position_is_not_yet_dead() -> None:
    pos = Position.from_text(NEARLY)
    assert not pos.is_dead_end and not pos.is_over
    [play] = pos.legal_plays((1, 3))
    assert play.notation == "R74-75"
    assert play.position.is_dead_end


def test_moves_still_answers_a_dead_end(tmp_path: Path) -> None:
    path = tmp_path / "dead.json"
    path.write_text(Position.from_text(DEAD).to_json())
    proc = run_cli("moves", str(path), "--throw", "1,1", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    [outcome] = json.loads(proc.stdout)["outcomes"]
    assert outcome["play"] == "-"
    assert outcome["position"]["to_move"] == 1


def test_play_stops_at_the_dead_end_and_records_the_draw(tmp_path: Path) -> None:
    # Before: computer seats passed for ever (1,338 passing throws in 15 s).
    save = tmp_path / "g.pgame"
    proc = run_cli(
        "play",
        "--from",
        NEARLY,
        "--players",
        "greedy,greedy",
        "--seed",
        "3",
        "--save",
        str(save),
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stderr
    assert "drawn: a dead end" in words(proc.stdout)
    rec = Record.load(save)
    positions = rec.positions()
    assert positions[-1].is_dead_end
    assert not any(p.is_dead_end for p in positions[:-1])
    assert rec.moves[-1][1] == "R74-75"
    text = save.read_text()
    assert "Result: drawn: a dead end" in text
    assert rec.finished != ""


def test_play_from_a_dead_end_is_refused(tmp_path: Path) -> None:
    proc = run_cli("play", "--from", DEAD, "--players", "greedy,greedy", cwd=tmp_path)
    assert proc.returncode != 0
    assert "over" in proc.stderr and "Traceback" not in proc.stderr


def test_replay_shows_the_dead_end(tmp_path: Path) -> None:
    game = Game(Position.from_text(NEARLY))
    game.set_throw((1, 1))
    game.push("R74-75")
    assert game.is_over
    path = tmp_path / "g.pgame"
    Record.from_game(game, names=["Asha", "Bo"]).save(path)
    proc = run_cli("replay", str(path), "--move", "1", "--board", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    # The side panel wraps its lines between the board's columns: "drawn" is the dead end's.
    assert "game over: drawn" in words(proc.stdout)


def test_analyse_a_dead_end_is_exact_and_says_so(tmp_path: Path, monkeypatch: Any) -> None:
    pos = Position.from_text(DEAD)
    est = exact_chances(pos)
    assert est is not None and est.exact and est.chances == (0.5, 0.5)

    # Rollouts from a dead end stop at once (the shared result) without playing a throw.
    def no_throws(*args: object) -> None:
        raise AssertionError("a rollout played a throw in a dead end")

    monkeypatch.setattr(fast, "playouts", no_throws)
    monkeypatch.setattr(fast, "pure_playouts", no_throws)
    spec = RolloutSpec(seed=1)
    assert rollout(pos, 0, spec) == 0
    monkeypatch.undo()
    assert estimate_from(pos, [0, 0], spec).exact
    proc = run_cli("analyse", DEAD, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "dead end" in words(proc.stdout) and "exact" in proc.stdout


def test_simulate_counts_a_dead_end_as_a_drawn_finished_game() -> None:
    config = SimConfig(setup=Position.from_text(DEAD).setup, bots=("random", "random"), seed=1)
    drawn = GameResult(
        index=0,
        seed=1,
        seats=(0, 1),
        first=0,
        winner=None,
        finished=True,
        throws=300,
        captures=(0, 0),
    )
    won = GameResult(
        index=1,
        seed=2,
        seats=(1, 0),
        first=1,
        winner=(0,),
        finished=True,
        throws=200,
        captures=(1, 0),
    )
    summary = summarise(config, [drawn, won])
    assert summary["drawn"] == 1
    assert summary["decided"] == 1 and summary["finished"] == 2 and summary["unfinished"] == 0
