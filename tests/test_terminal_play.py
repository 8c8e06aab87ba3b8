"""``pachisi play`` driven through a real pseudo-terminal, as a person would.

A human seat plays against computer players: steps by number and by
notation, bad input (a message and a second chance), undo, Ctrl-C, end of
input and a closed terminal (the game is saved every time), ``--resume`` to
the end of the game, physical dice with bad faces, ``--from`` a position.
The board itself is rendered to text for every ruleset and checked.
"""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest

from helpers import run_cli
from pachisi import Game, Position
from pachisi.moves import Turn
from pachisi.record import Record
from pachisi.terminal.board import (
    BoardView,
    pawns_after,
    pending_bonuses,
    render,
    step_description,
)
from pachisi.terminal.play import seat_kinds

ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-B]|\r")
STEP = "Your step ("
STEP_RE = re.escape(STEP)
CONFIRM = r"Enter to confirm, u to undo: "
PASS = "Press Enter to go on: "
DICE = r"type the two faces that fell \(.*\), e\.g\. \d \d: "
END = r"Record: ([^\s\x1b]+)"

#: A two-player Parcheesi game close to its end (red to throw), in the text form.
NEAR_END = "parcheesi r,y - r:60.62.66.70,y:58.61.66.72 0 0 - - -"


def default_sigint() -> None:
    """In the child before exec: Ctrl-C as at a terminal. A test run started in the
    background of a script (``cmd &``) inherits SIGINT ignored, and so would every
    program it starts, which then never sees the ^C these tests send."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def spawn(*args: str, cwd: Path) -> pexpect.spawn:
    env = dict(os.environ, TERM="xterm", COLUMNS="120", LINES="50")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "pachisi", *args],
        cwd=str(cwd),
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 120),
        preexec_fn=default_sigint,
    )


def plain(text: str) -> str:
    return ANSI.sub("", text)


def legal_steps_on_screen(child: pexpect.spawn) -> list[str]:
    """The notations of the numbered legal steps shown above the prompt."""
    screen = plain(child.before)
    tail = screen.rsplit("Legal steps with", 1)[-1]
    return re.findall(r"^\s*\d+\s+(\S+)", tail, re.MULTILINE)


def play_to_the_end(child: pexpect.spawn, limit: int = 2000) -> str:
    """Answer every prompt like a person in a hurry (always step 1); the record path."""
    for _ in range(limit):
        k = child.expect([STEP_RE, CONFIRM, PASS, END])
        if k == 0:
            child.sendline("1")
        elif k in (1, 2):
            child.sendline("")
        else:
            path = child.match.group(1)
            child.expect(pexpect.EOF)
            child.close()
            assert child.exitstatus == 0
            return str(path)
    raise AssertionError("the game did not end")


def load(path: Path) -> Record:
    rec = Record.load(path)
    rec.positions()  # every move legal
    return rec


# ---------------------------------------------------------------------------
# A whole session: moves, bad input, undo, Ctrl-C, resume to the end


def test_play_undo_interrupt_and_resume_to_the_end(tmp_path: Path) -> None:
    save = tmp_path / "game.pgame"
    child = spawn(
        "play",
        "--from",
        NEAR_END,
        "--players",
        "human,bot",
        "--seed",
        "11",
        "--delay",
        "0",
        "--save",
        str(save),
        cwd=tmp_path,
    )
    child.expect("Game file: ")
    assert save.exists()  # saved before the first throw
    child.expect_exact(STEP)
    steps = legal_steps_on_screen(child)
    assert steps, child.before

    # Bad input first: a message and a second chance.
    child.sendline("zzz")
    child.expect("Not understood: 'zzz'")
    child.expect_exact(STEP)
    child.sendline("99")
    child.expect("There is no step 99")
    child.expect_exact(STEP)
    child.sendline("R1-2")
    child.expect("R1-2 is not a legal step now")
    child.expect_exact(STEP)

    # A step by its notation, then undo it.
    child.sendline(steps[-1])
    k = child.expect([STEP_RE, CONFIRM])
    child.sendline("u")
    child.expect("Undone: " + re.escape(steps[-1]))
    child.expect_exact(STEP)
    child.sendline("u")
    child.expect("Nothing to undo")
    child.expect_exact(STEP)

    # Now by number, to the end of the throw, and confirm.
    while True:
        child.sendline("1")
        k = child.expect([STEP_RE, CONFIRM])
        if k == 1:
            child.sendline("")
            break
    # The bot answers; our next throw comes: interrupt there.
    child.expect([STEP_RE, PASS])
    child.sendintr()
    child.expect("Interrupted. Game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in plain(child.before or "")

    rec = load(save)
    assert len(rec.moves) >= 2
    assert rec.moves[0][1] != "-"
    assert rec.extra["Seats"] == "human,greedy"
    assert rec.start == Position.from_text(NEAR_END)

    # Resume: the same throw comes back (seeded dice); play to the end.
    child = spawn("play", "--resume", str(save), "--auto", "--delay", "0", cwd=tmp_path)
    path = play_to_the_end(child)
    assert Path(tmp_path / path).resolve() == save.resolve()
    rec = load(save)
    final = rec.positions()[-1]
    assert final.is_over
    assert rec.finished
    assert "won by" in rec.to_text()

    # A finished game resumed again just shows the result.
    child = spawn("play", "--resume", str(save), cwd=tmp_path)
    child.expect("This game is over")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_new_game_help_quit_and_default_file_name(tmp_path: Path) -> None:
    child = spawn("play", "--seed", "5", "--delay", "0", cwd=tmp_path)
    child.expect(r"Game file: (pachisi-\d{8}-\d{6}\S*\.pgame)")
    name = child.match.group(1)
    prompts = [STEP_RE, PASS]
    child.expect(prompts)
    screen = plain(child.before)
    assert "Parcheesi · 4 players" in screen
    assert "throws first" in screen
    child.sendline("?")
    child.expect("undo the last step of this throw")
    child.expect(prompts)
    child.sendline("e")
    child.expect(r"text form \(the next line\):\S*\r?\n\S*parcheesi r,g,y,b")
    child.expect(prompts)
    child.sendline("e start.json")
    child.expect("written to start.json")
    child.expect(prompts)
    child.sendline("q")
    child.expect("Game saved to " + re.escape(name))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    rec = load(tmp_path / name)
    assert rec.start.ruleset == "parcheesi"
    exported = Position.from_json((tmp_path / "start.json").read_text())
    assert exported == rec.positions()[-1]


def test_end_of_input_and_closed_terminal_save_the_game(tmp_path: Path) -> None:
    save = tmp_path / "eof.pgame"
    prompts = [STEP_RE, PASS]
    child = spawn(
        "play", "whitman", "--seed", "3", "--delay", "0", "--save", str(save), cwd=tmp_path
    )
    child.expect(prompts)
    child.sendeof()
    child.expect("Input ended. Game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert load(save).start.ruleset == "whitman"

    save2 = tmp_path / "hup.pgame"
    child = spawn(
        "play", "pagade", "--seed", "3", "--delay", "0", "--save", str(save2), cwd=tmp_path
    )
    child.expect(prompts)
    child.kill(signal.SIGHUP)
    child.expect("Stopped. Game saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 129
    assert load(save2).start.ruleset == "pagade"


def test_auto_plays_forced_steps_and_bots_play_alone(tmp_path: Path) -> None:
    save = tmp_path / "bots.pgame"
    child = spawn(
        "play",
        "whitman",
        "--players-count",
        "2",
        "--players",
        "random,greedy",
        "--seed",
        "2",
        "--delay",
        "0",
        "--save",
        str(save),
        cwd=tmp_path,
    )
    child.expect(END, timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    rec = load(save)
    assert rec.positions()[-1].is_over
    assert rec.extra["Seats"] == "random,greedy"


# ---------------------------------------------------------------------------
# Physical dice


def test_manual_dice_bad_faces_get_a_second_chance(tmp_path: Path) -> None:
    save = tmp_path / "manual.pgame"
    child = spawn(
        "play",
        "pagade",
        "--dice",
        "manual",
        "--first",
        "0",
        "--players",
        "human,bot,bot,bot",
        "--delay",
        "0",
        "--save",
        str(save),
        cwd=tmp_path,
    )
    child.expect(DICE)
    child.sendline("2 5")
    child.expect(r"stick dice have no face 2 \(faces: 1, 3, 4, 6\)")
    child.expect(DICE)
    child.sendline("seven")
    child.expect("a throw is written A,B")
    child.expect(DICE)
    child.sendline("3,6")
    child.expect_exact(STEP)
    screen = plain(child.before)
    assert "Legal steps with 3-6" in screen
    child.sendline("t")  # typed the wrong throw: type it again
    child.expect(DICE)
    child.sendline("6 6")
    child.expect_exact(STEP)
    while True:
        child.sendline("1")
        if child.expect([STEP_RE, CONFIRM]) == 1:
            child.sendline("")
            break
    # The computer players' throws are typed too; the program referees.
    for throw in ("1 3", "4 4", "6 1"):
        child.expect(DICE)
        child.sendline(throw)
    child.expect(DICE)
    child.sendline("q")
    child.expect("Game saved")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    rec = load(save)
    assert rec.dice == "manual"
    assert [t for t, _ in rec.moves] == [(6, 6), (1, 3), (4, 4), (6, 1)]


def test_manual_preliminary_throws_choose_the_first_player(tmp_path: Path) -> None:
    save = tmp_path / "first.pgame"
    child = spawn(
        "play",
        "whitman",
        "--players-count",
        "2",
        "--dice",
        "manual",
        "--players",
        "human,human",
        "--save",
        str(save),
        cwd=tmp_path,
    )
    child.expect(r"Preliminary throw for Red .*both dice")
    child.sendline("7 1")
    child.expect("six-sided dice have no face 7")
    child.expect(r"Preliminary throw for Red")
    child.sendline("6 5")
    child.expect(r"Preliminary throw for Yellow")
    child.sendline("6 5")
    child.expect("throw again")
    child.expect(r"Preliminary throw for Red")
    child.sendline("2 1")
    child.expect(r"Preliminary throw for Yellow")
    child.sendline("4 4")
    child.expect(DICE)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    rec = load(save)
    assert rec.start.to_move == 0  # the lowest total starts in Whitman


# ---------------------------------------------------------------------------
# Bad options and records: one line, no traceback


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "--players", "human,alien"], "unknown computer player 'alien'"),
        (["play", "--players-count", "4", "--players", "human,bot"], "2 seat kinds for 4 players"),
        (["play", "--save", "gone/x.pgame"], "cannot save to gone/x.pgame: No such file"),
        (["play", "--from", "parcheesi r,y - r:0.0.0.99,y:0.0.0.0 0 0 - - -"], "outside 0..72"),
        (["play", "--from", "nofile.json"], "cannot read nofile.json"),
        (["play", "pagade", "--players-count", "3"], "cannot be played by 3 players (only by 2"),
        (["play", "--resume", "nofile.pgame"], "cannot read nofile.pgame"),
        (["play", "--option", "sum_move=sideways"], "sum_move"),
        (["play", "--names", "Asha"], "give 4 names"),
    ],
)
def test_bad_options_get_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    proc = run_cli(*args, cwd=tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pachisi:"), proc.stderr
    assert message in lines[0]


def test_resume_of_a_bad_record_names_the_first_bad_move(tmp_path: Path) -> None:
    game = Game.new("parcheesi", players=2, seed=7)
    for _ in range(6):
        game.push(game.legal_plays()[0])
    path = tmp_path / "bad.pgame"
    text = Record.from_game(game).to_text()
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("4. "))
    head, _, _ = lines[k].partition(": ")
    lines[k] = head + ": R0-9"
    path.write_text("\n".join(lines) + "\n")
    proc = run_cli("play", "--resume", str(path), cwd=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert "move 4" in proc.stderr and "R0-9" in proc.stderr


def test_from_a_pagade_position_with_a_cut_pawn(tmp_path: Path) -> None:
    text = "pagade r,b,y,g - r:0.7.12.12,b:6.7.20.12,y:6.7.12.12,g:6.7.12.12 0 0 0100 - -"
    save = tmp_path / "cut.pgame"
    child = spawn(
        "play", "--from", text, "--players", "human,bot,bot,bot", "--delay", "0",
        "--save", str(save), "--lang", "hi", cwd=tmp_path,
    )  # fmt: skip
    child.expect_exact("आपकी चाल (")  # "Your step (" in Hindi
    screen = plain(child.before)
    assert "फिर प्रवेश" in screen  # "re-enter": a cut pawn must come back first
    assert "पगडे" in screen
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert load(save).start == Position.from_text(text)


def test_hint_names_the_best_plays_and_its_steps_can_be_typed(tmp_path: Path) -> None:
    """``hint`` shows pachisi.analysis.hint's best plays; the first one's notation plays it."""
    from pachisi.analysis.hint import hints

    start = Position.from_text(NEAR_END)
    best = hints(start, (2, 6))[:3]
    save = tmp_path / "hint.pgame"
    child = spawn(
        "play", "--from", NEAR_END, "--dice", "manual", "--players", "human,bot",
        "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    child.expect(DICE)
    child.sendline("2 6")
    child.expect_exact(STEP)
    child.sendline("hint")
    child.expect_exact(STEP)
    screen = plain(child.before)
    # The unit at the top, the plays in words, the best with the mover's win chance.
    assert "Hint, in points of win chance" in screen
    flat = " ".join(screen.split())  # the plays' lines are broken at the terminal's width
    assert "h1." in flat and "your win chance" in flat
    assert f"h{len(best)}." in flat
    child.sendline(best[0].notation)
    child.expect(CONFIRM)
    child.sendline("")
    child.expect(DICE)  # the bot's throw, typed by hand too
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    rec = load(save)
    assert rec.moves[0] == ((2, 6), best[0].notation)
    assert rec.positions()[1] == best[0].play.position


def test_seat_kinds() -> None:
    assert seat_kinds("Human, BOT ,random", 3) == ["human", "greedy", "random"]
    assert seat_kinds(None, 4) == ["human", "greedy", "greedy", "greedy"]


# ---------------------------------------------------------------------------
# The board, rendered to text


def screen_text(view: BoardView, width: int = 130) -> str:
    from rich.console import Console

    console = Console(record=True, width=width, file=io.StringIO())
    console.print(render(view, width))
    return console.export_text()


@pytest.mark.parametrize(
    ("ruleset", "kwargs", "expect"),
    [
        ("parcheesi", {}, ["Parcheesi · 4 players", "nest ● ● ● ●", "HOME 0/4", "◆", "⌂"]),
        ("whitman", {"players": 3}, ["Whitman's Pachisi · 3 players", "GREEN", "◆"]),
        ("eight-man", {}, ["Eight-Man Parcheesi", "RED major", "YELLOW minor", "HOME 0/3"]),
        ("pagade", {}, ["Pagade · 4 players", "╳", "Home 0/4", "has not cut", "cut: R–"]),
        ("pagade", {"players": 2}, ["Pagade · 2 players", "Red+Yellow"]),
        ("parcheesi", {"teams": True}, ["in teams", "Teams: red+yellow vs green+blue"]),
    ],
)
def test_board_for_every_ruleset(
    ruleset: str, kwargs: dict[str, object], expect: list[str]
) -> None:
    pos = Position.start(ruleset, **kwargs)  # type: ignore[arg-type]
    throw = (3, 6) if ruleset == "pagade" else (5, 2)
    text = screen_text(
        BoardView(pos, throw=throw, names=["Asha", "Bo", "Cy", "Di"][: len(pos.setup.players)])
    )
    for item in expect:
        assert item in text, (item, text)
    lines = text.splitlines()
    assert len(lines) >= 19
    if ruleset == "pagade":
        assert re.search(r"Dice +3 +6 ", text)  # stick dice as numbers
        # The opening pairs are drawn as pairs (R2 on the colour's square 12).
        assert "R2" in text and "B2" in text
    else:
        assert re.search(r"Dice +⚄ 5 +⚁ 2 ", text)


def test_board_after_steps_shows_captures_bonuses_and_homeward_pawns() -> None:
    # Red captures a yellow pawn: it goes back to its nest, a bonus of 20 is pending.
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.50 0 0 - - -")
    play = next(p for p in pos.legal_plays((2, 4)) if any(a.capture for a in p.actions))
    turn = Turn(pos, (2, 4))
    for act in play.actions:
        if act.kind == "bonus":
            break
        if act.capture:
            before = pawns_after(pos, turn.throw, turn.steps)
            assert "capture yellow" in step_description(pos, before, act)
        turn.push(act)
    assert pawns_after(pos, turn.throw, turn.steps)[2] == (0, 0, 0, 0)
    assert pending_bonuses(pos, turn.throw, turn.steps) == [20]
    text = screen_text(BoardView(pos, throw=(2, 4), steps=turn.steps))
    assert "Bonus pending  20" in text
    assert (
        "Steps so far  " + " ".join(a.notation(pos.setup.colour_names) for a in turn.steps) in text
    )

    # Pagade: homeward pawns in the belly are lower-case; Hindi and Kannada terms.
    pag = Position.from_text(
        "pagade r,b,y,g - r:6.7.80.80,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 1000 - -"
    )
    hi = screen_text(BoardView(pag, throw=(1, 1), lang="hi"))
    assert "r2" in hi
    for word in ("होम", "बेली", "प्यादा-पेयर", "कट", "रेड", "डबलट"):
        assert word in hi, word
    kn = screen_text(BoardView(pag, lang="kn"))
    for word in ("ಮನೆ", "ಹೊಟ್ಟೆ", "ಜೋಡಿ", "ಕತ್ತರಿಸು", "ಕೆಂಪು"):
        assert word in kn, word
    # Narrow terminals get the panel under the board.
    narrow = screen_text(BoardView(pag), width=70)
    assert narrow.index("Pagade ·") > narrow.index("⌂")


@pytest.mark.parametrize(
    ("start", "throw", "shown"),
    [
        # Third doublet: the leading pawn goes back to its nest.
        ("parcheesi r,y - r:0.5.30.40,y:0.0.0.0 0 2 - - -", "3 3", ["R40-0!", "Third doublet"]),
        # Eight-Man: red has no pawn in its nest, yellow has: number sets A, B, C.
        (
            "eight-man Ry,Bg - r:5.10.20.30,b:0.0.0.0,y:0.0.0.4,g:0.0.0.0 0 0 - - -",
            "2 2",
            ["A: tops and bottoms, red only", "B: the two tops, yellow only", "RED major"],
        ),
    ],
)
def test_special_steps_are_offered(
    tmp_path: Path, start: str, throw: str, shown: list[str]
) -> None:
    child = spawn(
        "play", "--from", start, "--players", "human,bot", "--dice", "manual", "--delay", "0",
        "--save", "special.pgame", cwd=tmp_path,
    )  # fmt: skip
    child.expect(DICE)
    child.sendline(throw)
    child.expect_exact(STEP)
    screen = plain(child.before)
    for item in shown:
        assert item in screen, (item, screen)
    child.sendline("1")
    child.expect([STEP_RE, CONFIRM])
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_board_after_the_winner_when_play_goes_on_for_places() -> None:
    pos = Position.from_text(
        "pagade{play_for_places=true} r,b,y,g - r:84.84.84.84,b:6.7.12.12,y:6.7.12.12,"
        "g:6.7.12.12 1 0 1000 0 0"
    )
    text = screen_text(BoardView(pos, names=["Asha", "Bo", "Cy", "Di"]))
    assert "★ Asha (Red) wins (play goes on for the places)" in text
    assert "★ winner" in text and "Home 4/4" in text and "R4" in text
