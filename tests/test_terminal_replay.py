"""``pachisi replay``: stepping through a record, exporting positions, bad records."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

import helpers
from pachisi import Game, Position
from pachisi.bots import make_player
from pachisi.record import Record
from pachisi.terminal.replay import Replay

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\r")
PROMPT = r"Move (\d+)/(\d+) \(Enter/n next"


def plain(text: str) -> str:
    return ANSI.sub("", text)


def make_record(tmp_path: Path, ruleset: str = "parcheesi", throws: int = 30) -> Path:
    players = 2 if ruleset != "pagade" else 4
    game = Game.new(ruleset, players=players, seed=9)
    bot = make_player("greedy", 1)
    for _ in range(throws):
        if game.is_over:
            break
        throw = game.roll()
        game.push(bot.choose(game.position, throw, game.legal_plays()))
    path = tmp_path / f"{ruleset}.pgame"
    rec = Record.from_game(game, names=["Asha", "Bo", "Cy", "Di"][:players])
    rec.save(path)
    return path


def run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """:func:`helpers.run_cli` 120 columns wide (the replay's board and tables)."""
    return helpers.run_cli(*args, cwd=cwd, columns=120)


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pachisi:"), proc.stderr
    return lines[0]


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade", "eight-man"])
def test_export_the_position_after_any_move(tmp_path: Path, ruleset: str) -> None:
    path = make_record(tmp_path, ruleset)
    positions = Record.load(path).positions()
    for move in (0, 7, len(positions) - 1):
        proc = run_cli("replay", str(path), "--move", str(move), "--export", cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        assert json.loads(proc.stdout) == positions[move].to_dict()
        assert Position.from_json(proc.stdout) == positions[move]
    proc = run_cli("replay", str(path), "--export", "--text", cwd=tmp_path)
    out = proc.stdout.splitlines()
    assert Position.from_json(out[0]) == positions[-1]
    assert Position.from_text(out[1]) == positions[-1]


def test_board_at_a_move(tmp_path: Path) -> None:
    path = make_record(tmp_path, "parcheesi")
    rec = Record.load(path)
    proc = run_cli("replay", str(path), "--move", "5", "--board", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    _, notation = rec.moves[4]
    assert f"Move 5/{len(rec.moves)}" in proc.stdout
    assert f"played {notation}" in proc.stdout
    assert "Asha" in proc.stdout


def test_an_exported_position_starts_a_new_game(tmp_path: Path) -> None:
    """Export at a move, then import it with ``pachisi play --from``."""
    path = make_record(tmp_path, "parcheesi")
    out = tmp_path / "pos.json"
    proc = run_cli("replay", str(path), "--move", "10", "--export", "--indent", "2", cwd=tmp_path)
    out.write_text(proc.stdout)
    child = pexpect.spawn(
        sys.executable,
        ["-m", "pachisi", "play", "--from", str(out), "--players", "bot,bot", "--delay", "0",
         "--save", "cont.pgame"],
        cwd=str(tmp_path), env=dict(os.environ, TERM="xterm", COLUMNS="120"),
        encoding="utf-8", timeout=30,
    )  # fmt: skip
    child.expect(r"Record: ")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    cont = Record.load(tmp_path / "cont.pgame")
    assert cont.start == Record.load(path).positions()[10]
    assert cont.positions()[-1].is_over


def test_bad_records_name_the_first_bad_move(tmp_path: Path) -> None:
    path = make_record(tmp_path, "parcheesi")
    lines = path.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("6. "))
    head, _, _ = lines[k].partition(": ")
    lines[k] = head + ": R1-2 R2-3 R3-4"
    bad = tmp_path / "bad.pgame"
    bad.write_text("\n".join(lines) + "\n")
    msg = one_line_error(run_cli("replay", str(bad), cwd=tmp_path))
    assert "bad.pgame" in msg and "move 6" in msg

    # A move out of turn, a broken header, not a record at all, a missing file.
    lines2 = path.read_text().splitlines()
    k = next(i for i, line in enumerate(lines2) if line.startswith("3. "))
    lines2[k] = re.sub(r"^3\. \S+", "3. green", lines2[k])
    (tmp_path / "turn.pgame").write_text("\n".join(lines2) + "\n")
    assert "move 3" in one_line_error(run_cli("replay", "turn.pgame", cwd=tmp_path))
    (tmp_path / "junk.pgame").write_text("hello\n")
    assert "a record starts with" in one_line_error(run_cli("replay", "junk.pgame", cwd=tmp_path))
    assert "cannot read" in one_line_error(run_cli("replay", "none.pgame", cwd=tmp_path))
    msg = one_line_error(run_cli("replay", str(path), "--move", "999", "--export", cwd=tmp_path))
    assert "no move 999" in msg


def test_step_through_interactively(tmp_path: Path) -> None:
    path = make_record(tmp_path, "pagade", throws=25)
    rec = Record.load(path)
    positions = rec.positions()
    child = pexpect.spawn(
        sys.executable,
        ["-m", "pachisi", "replay", str(path), "--lang", "kn"],
        cwd=str(tmp_path),
        env=dict(os.environ, TERM="xterm", COLUMNS="120"),
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 120),
    )

    def at() -> int:
        child.expect(PROMPT)
        return int(child.match.group(1))

    assert at() == 0
    assert "ಮನೆ" in plain(child.before)
    child.sendline("")
    assert at() == 1
    child.sendline("n")
    assert at() == 2
    screen = plain(child.before)
    assert f"played {rec.moves[1][1]}" in screen
    child.sendline("p")
    assert at() == 1
    child.sendline("20")
    assert at() == 20
    child.sendline("e at20.json")
    assert at() == 20
    assert Position.from_json((tmp_path / "at20.json").read_text()) == positions[20]
    child.sendline("e")
    child.expect(re.escape(positions[20].to_text()))
    assert at() == 20
    child.sendline("999")
    child.expect("There is no move 999")
    assert at() == 20
    child.sendline("zzz")
    child.expect("Not understood")
    assert at() == 20
    child.sendline("end")
    assert at() == len(rec.moves)
    child.sendline("n")
    child.expect("last move of the record")
    assert at() == len(rec.moves)
    child.sendline("s")
    assert at() == 0
    child.sendline("p")
    child.expect("start of the game")
    assert at() == 0
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_replay_object_views_every_move(tmp_path: Path) -> None:
    path = make_record(tmp_path, "eight-man", throws=40)
    replay = Replay.load(str(path))
    for move in range(replay.last + 1):
        view = replay.view(move)
        assert view.position == replay.positions[move]
        if move:
            assert view.caption == f"Move {move}/{replay.last}"
