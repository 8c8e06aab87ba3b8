"""The terminal as a new user found it (issue 25): each finding, checked.

Help that lists every player and describes every command; one vocabulary for
the number of players; error messages that say what to do; a record's
comments and byte-order mark; a save that fails mid-game keeps the game.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from helpers import run_cli
from pachisi import Game
from pachisi.bots import PLAYERS
from pachisi.record import Record
from pachisi.terminal.analyse import MANY_PLAYS, many_plays_note
from test_terminal_play import ANSI, STEP_RE, spawn


def test_every_command_has_a_description_and_play_lists_every_player(tmp_path: Path) -> None:
    for command in ("moves", "new", "bench"):
        out = run_cli(command, "--help", cwd=tmp_path).stdout
        _usage, _, rest = out.partition("\n\n")
        assert rest.split("\n\n")[0].strip() and not rest.startswith(("positional", "options"))
    for command in ("play", "simulate"):
        out = " ".join(run_cli(command, "--help", cwd=tmp_path, columns=400).stdout.split())
        for name in PLAYERS:
            assert name in out, (command, name)


def test_play_counts_players_from_the_seats(tmp_path: Path) -> None:
    proc = run_cli(
        "play", "parcheesi", "--players", "random,greedy", "--seed", "2", "--delay", "0",
        "--save", "g.pgame", cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rec = Record.load(tmp_path / "g.pgame")
    assert len(rec.start.setup.players) == 2 and rec.extra["Seats"] == "random,greedy"
    assert rec.positions()[-1].is_over


START = "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "whitman", "--players", "5"], "cannot be played by 5 players (only by 2, 3 or 4)"),
        (["moves", START, "--throw", "-1,2"], "a throw is written A,B (two numbers), not '-1,2'"),
    ],
)
def test_sharper_errors(tmp_path: Path, args: list[str], message: str) -> None:
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.count("\n") == 1 and message in proc.stderr, proc.stderr


def game_file(tmp_path: Path) -> Path:
    game = Game.new("parcheesi", players=2, seed=3)
    for _ in range(4):
        game.roll()
        game.push(game.legal_plays()[0])
    path = tmp_path / "game.pgame"
    Record.from_game(game, names=["Asha", "Bo"]).save(path)
    return path


def test_reversed_moves_and_a_bad_record_name_the_problem_and_the_file(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    proc = run_cli("analyse", str(path), "--moves", "4-2", cwd=tmp_path)
    assert proc.returncode == 1
    assert "--moves 4-2: the first throw comes after the last (2-4?)" in proc.stderr
    bad = tmp_path / "bad.pgame"
    bad.write_text(path.read_text().replace("Players:", "Players [", 1))
    proc = run_cli("replay", str(bad), cwd=tmp_path)
    assert proc.returncode == 1 and str(bad) in proc.stderr, proc.stderr


def test_a_byte_order_mark_and_comments_survive(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    lines = path.read_text().splitlines()
    first_move = next(i for i, line in enumerate(lines) if line.startswith("1. "))
    lines.insert(first_move, "# opening: both enter")
    lines.append("# to be continued")
    path.write_text("\ufeff" + "\n".join(lines) + "\n", encoding="utf-8")
    rec = Record.load(path)
    assert rec.comments == {0: ["# opening: both enter"], 4: ["# to be continued"]}
    again = Record.from_text(rec.to_text())
    assert again.comments == rec.comments and again.moves == rec.moves


def test_resume_keeps_the_comments(tmp_path: Path) -> None:
    path = game_file(tmp_path)
    text = path.read_text().replace("\n3. ", "\n# a comment before throw 3\n3. ", 1)
    path.write_text(text)
    child = spawn("play", "--resume", str(path), "--delay", "0", cwd=tmp_path)
    child.expect([STEP_RE, "Press Enter to go on: "])
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "\n# a comment before throw 3\n3. " in path.read_text()


def test_a_save_that_fails_mid_game_keeps_the_game_and_saves_elsewhere(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    child = spawn(
        "play", "parcheesi", "--players", "human,greedy", "--seed", "4", "--delay", "0",
        "--save", str(folder / "g.pgame"), cwd=tmp_path,
    )  # fmt: skip
    prompts = [STEP_RE, "Press Enter to go on: ", "Enter to confirm"]
    child.expect(prompts)
    (folder / "g.pgame").unlink()
    folder.rmdir()  # the folder disappears mid-game
    moved = 0
    while moved < 3:  # play on until a save has failed
        child.sendline("")
        if child.expect([*prompts, "Not saved: cannot save to"]) == 3:
            break
        moved += 1
    child.expect(prompts)
    assert "type save FILE to save it elsewhere" in ANSI.sub("", child.before + child.after)
    child.sendline("save elsewhere.pgame")
    child.expect("Game saved to elsewhere.pgame")
    child.expect(prompts)
    child.sendline("q")
    child.expect(re.escape("Game saved to elsewhere.pgame"))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert Record.load(tmp_path / "elsewhere.pgame").start.ruleset == "parcheesi"


def test_analyse_into_a_pipe_does_not_cut_the_table(tmp_path: Path) -> None:
    """No terminal and no COLUMNS (a script, cron): the review's rows are whole."""
    path = game_file(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    args = ["--rollouts", "2", "--luck-rollouts", "0", "--jobs", "1", "--quiet", "--notation"]
    proc = subprocess.run(
        [sys.executable, "-m", "pachisi", "analyse", str(path), *args],
        cwd=tmp_path, capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "…" not in proc.stdout
    assert max(len(line) for line in proc.stdout.splitlines()) > 80
    for _throw, play in Record.load(path).moves:
        assert play in proc.stdout


def test_a_long_ranking_names_candidates() -> None:
    assert "1278 plays of 3-3 to roll out, 144 times each; --candidates K" in many_plays_note(
        1278, (3, 3), 144, None
    )
    assert many_plays_note(1278, (3, 3), 144, 8) == ""
    assert many_plays_note(MANY_PLAYS, (3, 3), 144, None) == ""
