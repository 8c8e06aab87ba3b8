"""The terminal for Ludo and Mensch ärgere Dich nicht (RULES-LUDO.md; issue 36).

The boards drawn from the core's layout data (each pawn in the cell of its
square, Home and the goal fields, the yards in their corners), every screen at
80x24 for two, three and four players in English, Hindi and Kannada, and
``pachisi play`` driven in a real pseudo-terminal of 80x24 (a terminal
emulator shows what a person sees): scripted games of both rulesets, a
capture, a finish, the third 6, the referee mode for a real die with bad
input, bad steps, bad options, and ``pachisi replay`` of a record.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from helpers import run_cli
from pachisi import Position
from pachisi.describe import step_description
from pachisi.errors import PachisiError
from pachisi.moves import Turn
from pachisi.record import Record
from pachisi.rules import RULESET_TITLES
from pachisi.terminal.board import (
    BoardView,
    board_size,
    board_text,
    cells,
    moves_since,
    render,
    throw_text,
)
from pachisi.terminal.play import one_die_players, seat_kinds
from pachisi.terminal.ringboard import LAYOUTS
from pachisi.terminal.words import MESSAGES, say
from terminal_screen import Terminal
from test_terminal_fit import ENGLISH, tail, words

LAYOUT = LAYOUTS
LUDO_LAYOUT, MAEDN_LAYOUT = LAYOUTS["ludo"], LAYOUTS["maedn"]


def cell_text(board: str, xy: tuple[int, int]) -> str:
    """The three characters of cell (x, y) in the board's plain text."""
    x, y = xy
    return board.splitlines()[y][3 * x : 3 * x + 3]


# -- the boards -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "pawns"),
    [
        (
            "ludo r,g,y,b - r:0.1.8.53,g:0.0.14.57,y:0.0.0.0,b:0.2.2.56 0 0 - - - 0 0",
            {(0, 1): " R ", (0, 8): " R ", (0, 53): " R ", (1, 14): " G ", (3, 2): " B2"},
        ),
        (
            "maedn r,b,g - r:0.1.8.43,b:0.0.14.42,g:0.0.0.38 0 0 - - - 0 0",
            {
                (0, 1): " R ",
                (0, 8): " R ",
                (0, 43): " R ",
                (1, 14): " B ",
                (1, 42): " B ",
                (2, 38): " G ",
            },
        ),
    ],
    ids=["ludo", "maedn"],
)
def test_each_pawn_is_drawn_in_the_cell_of_its_square(
    text: str, pawns: dict[tuple[int, int], str]
) -> None:
    """L.1.3, M.1.3: a pawn of arm a at progress p is on ring square (step * a + p - 1)
    mod size, or on its own home column / goal field; the layout data says which cell."""
    pos = Position.from_text(text)
    layout = LAYOUT[pos.ruleset]
    board = board_text(BoardView(pos)).plain
    width, rows = board_size(pos)
    assert len(board.splitlines()) == rows == layout.size
    assert all(cells(line) == width for line in board.splitlines())
    for (arm, p), want in pawns.items():
        xy = layout.cell(arm, p)
        assert xy is not None
        assert cell_text(board, xy) == want, (arm, p, xy)
    # Every other ring square is empty (or a mark), never a stray pawn.
    occupied = {layout.cell(a, p) for (a, p) in pawns}
    for q in range(layout.board.size):
        xy = layout.ring_cell(q)
        if xy not in occupied:
            assert cell_text(board, xy) in (" · ", " ◆ ", " ○ ", " ★ ", " ◎ "), (q, xy)


def test_ludo_home_yards_and_marks() -> None:
    """Ludo's Home in the centre (each colour's count beside its home column), the yards
    with their pawns in the colour's corner, the safe squares (L.1.4) as ◆, or ludopy's
    jump stars and globes."""
    pos = Position.from_text(
        "ludo r,g,y,b - r:0.1.8.53,g:0.0.14.57,y:0.0.0.0,b:0.2.2.56 0 0 - - - 0 0"
    )
    board = board_text(BoardView(pos, names=["Asha", "Ravi", "Bo", "Jo"])).plain
    lines = board.splitlines()
    assert cell_text(board, LUDO_LAYOUT.home_cell(1)) == " G1"  # green's pawn Home
    assert cell_text(board, (7, 8)) == " R0" and cell_text(board, (7, 7)) == " ⌂ "
    # Red's yard: the bottom-left 6 x 6 corner, its player and its one pawn in the yard.
    corner = "\n".join(line[:18].rstrip() for line in lines[9:15])
    assert "RED" in corner and "Asha" in corner and "yard ●\n" in corner + "\n"
    assert "Home 0/4" in corner
    green = "\n".join(line[:18].rstrip() for line in lines[0:6])
    assert "GREEN" in green and "Ravi" in green and "yard ●●" in green and "Home 1/4" in green
    # Safe squares: ◆ where no pawn stands, on the stars (p = 8 + 13k) and the entries.
    for q in range(52):
        xy = LUDO_LAYOUT.ring_cell(q)
        here = cell_text(board, xy)
        if here.strip() in ("·", "◆"):
            assert (here == " ◆ ") == (q % 13 in (0, 7)), q
    ludopy = Position.start("ludo", players=4, options={"board": "ludopy"})
    plain = board_text(BoardView(ludopy)).plain
    stars = {q for q in range(52) if cell_text(plain, LUDO_LAYOUT.ring_cell(q)) == " ★ "}
    globes = {q for q in range(52) if cell_text(plain, LUDO_LAYOUT.ring_cell(q)) == " ◎ "}
    assert stars == {q for q in range(52) if q % 13 in (4, 11)}  # L.1.4: p = 5, 12, ...
    assert globes == {q for q in range(52) if q % 13 == 8}  # p = 9, 22, 35, 48


def test_maedn_goal_fields_and_start_fields() -> None:
    """M.1: the goal fields hold the pawns there; the start fields (A) are marked ○; no
    Home cell (the goal fields are the end)."""
    pos = Position.from_text("maedn r,g - r:0.41.42.44,g:0.0.0.1 0 0 - - - 0 0")
    board = board_text(BoardView(pos)).plain
    for p in (41, 42, 44):
        xy = MAEDN_LAYOUT.cell(0, p)
        assert xy is not None and cell_text(board, xy) == " R "
    xy43 = MAEDN_LAYOUT.cell(0, 43)
    assert xy43 is not None and cell_text(board, xy43) == "   "
    assert cell_text(board, MAEDN_LAYOUT.ring_cell(20)) == " G "  # green's start field
    starts = [cell_text(board, MAEDN_LAYOUT.ring_cell(10 * a)) for a in (0, 1, 3)]
    assert starts == [" ○ "] * 3
    corner = "\n".join(line[:12] for line in board.splitlines()[7:11])
    assert "goal 3/4" in corner and "yard ●" in corner
    assert "⌂" not in board


def test_the_steps_shown_are_marked_and_made() -> None:
    """A step of the throw being played: the pawn drawn where it went, both squares
    highlighted (the from square empty now)."""
    pos = Position.from_text("ludo r,g - r:0.0.0.17,g:0.0.0.7 0 0 - - - 0 0")
    turn = Turn(pos, (3,))
    step = turn.legal_steps()[0]
    assert step.notation(pos.setup.colour_names) == "R17-20x"
    view = BoardView(pos, throw=(3,), steps=[step])
    con = Console(width=120, color_system="truecolor", file=io.StringIO(), record=True)
    con.print(board_text(view))
    board = con.export_text()
    to, frm = LUDO_LAYOUT.cell(0, 20), LUDO_LAYOUT.cell(0, 17)
    assert to is not None and frm is not None
    assert cell_text(board, to) == " R " and cell_text(board, frm) == " · "
    green = board.splitlines()[0:6]
    assert "yard ●●●●" in "\n".join(green)  # green's pawn captured: back in its yard
    text = board_text(view)
    marked = {span.style for span in text.spans if "on #6a3d7a" in str(span.style)}
    assert len(marked) >= 1  # the highlight's background


def test_the_steps_words_for_one_die() -> None:
    pos = Position.from_text("ludo r,g - r:0.0.48.53,g:0.0.0.7 0 0 - - - 0 0")
    got = {
        a.notation(pos.setup.colour_names): step_description(pos, pos.pawns, a)
        for d in (4, 6)
        for a in Turn(pos, (d,)).legal_steps()
    }
    assert got["R53-57"] == "move 4, Home"
    assert got["R48-52"] == "move 4, into the home column"
    assert got["R0-1"] == "enter with 6"
    cap = Position.from_text("maedn r,g - r:0.0.0.5,g:0.0.0.28 0 0 - - - 0 0")
    act = Turn(cap, (3,)).legal_steps()[0]
    assert [step_description(cap, cap.pawns, act, lang) for lang in ("en", "hi", "kn")] == [
        "move 3, capture green",
        "3 चलिए, ग्रीन को पकड़ना",
        "3 ನಡೆ, ಹಸಿರು ಅನ್ನು ಹಿಡಿ",
    ]
    goal = Position.from_text("maedn r,g - r:0.0.0.38,g:0.0.0.28 0 0 - - - 0 0")
    act = next(a for a in Turn(goal, (4,)).legal_steps() if a.to == 42)
    assert step_description(goal, goal.pawns, act) == "move 4, into the goal"


def test_a_pawn_sent_to_its_own_yard_says_so() -> None:
    """ludopy's ``blocks`` "kill_mover" (L.4.2, OP-L5): landing on a block sends the
    mover to its yard, written ``R17-0``."""
    pos = Position.from_text("ludo{blocks=kill_mover} r,g - r:0.0.0.17,g:0.0.7.7 0 0 - - - 0 0")
    (act,) = Turn(pos, (3,)).legal_steps()
    assert act.notation(pos.setup.colour_names) == "R17-0"
    assert [step_description(pos, pos.pawns, act, lang) for lang in ("en", "hi", "kn")] == [
        "move 3, back to the yard",
        "3 चलिए, वापस यार्ड में",
        "3 ನಡೆ, ಅಂಗಳ ಗೆ ಹಿಂದಕ್ಕೆ",
    ]


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
def test_the_steps_words_in_hindi_and_kannada_have_no_english(ruleset: str) -> None:
    """Every step of random games, in Hindi and Kannada: words, and no Latin letters."""
    rng = random.Random(ruleset)
    seen = set()
    for game in range(6):
        pos = Position.start(ruleset, players=2 + game % 3)
        for _ in range(400):
            if pos.is_over:
                break
            throw = (rng.randint(1, 6),)
            for act in Turn(pos, throw).legal_steps():
                for lang in ("hi", "kn"):
                    words = step_description(pos, pos.pawns, act, lang)
                    assert words and not re.search(r"[A-Za-z]{2,}", words), (lang, words)
                seen.add(step_description(pos, pos.pawns, act).split(", ", 1)[-1])
            pos = rng.choice(list(pos.legal_plays(throw))).position
    # The games went through every kind of step: entering, captures, the end.
    assert "enter with 6" in seen
    assert any(w.startswith("capture") for w in seen)
    assert ("Home" if ruleset == "ludo" else "into the goal") in seen


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_screen_fits_80x24_beside_the_prompt(ruleset: str, players: int, lang: str) -> None:
    """The board and its panel in 80 columns, with 5 rows kept under it (the steps and
    the prompt), for each number of players, with a throw being played and the pawns
    spread over the board."""
    rng = random.Random(f"{ruleset}{players}{lang}")
    pos = Position.start(ruleset, players=players)
    seen = 0
    for _ in range(300):
        if pos.is_over:
            break
        throw = (rng.randint(1, 6),)
        plays = pos.legal_plays(throw)
        if rng.random() < 0.05:
            names = ["Asha", "Ravi Shankar", "Computer player 3", "Bo"][:players]
            turn = Turn(pos, throw)
            steps = turn.legal_steps()[:1]
            log = [f"{i}. red 6: R0-1" for i in range(12)]
            view = BoardView(pos, throw, steps, names=names, log=log, lang=lang, footer="f")
            con = Console(width=80, height=24, file=io.StringIO(), color_system="256")
            lines = con.render_lines(render(view, 80, 5), con.options, pad=False)
            assert len(lines) + 5 <= 24
            for line in lines:
                assert sum(cells(seg.text) for seg in line if not seg.control) <= 80
            text = "\n".join("".join(seg.text for seg in line) for line in lines)
            assert RULESET_TITLES[ruleset] in text
            seen += 1
        pos = rng.choice(list(plays)).position
    assert seen >= 3


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
def test_ludopy_switches_fit_80x24(lang: str) -> None:
    """With every switch of ludopy's rules set (RULES-LUDO.md §9.9), the panel names them
    and the board shows the jump stars and globes: still 80x24 with 5 rows kept."""
    options = {
        "board": "ludopy", "overshoot": "ludopy", "blocks": "kill_mover",
        "start_tries": "opening", "three_sixes": False, "bonus_throws": False,
        "ludopy_quirks": True,
    }  # fmt: skip
    pos = Position.start("ludo", players=4, options=options)
    view = BoardView(pos, (6,), names=["Asha", "Bo", "Cy", "Di"], lang=lang, footer="g.pgame")
    con = Console(width=80, height=24, file=io.StringIO(), color_system="256")
    lines = con.render_lines(render(view, 80, 5), con.options, pad=False)
    assert len(lines) + 5 <= 24
    assert all(sum(cells(seg.text) for seg in line if not seg.control) <= 80 for line in lines)
    text = "\n".join("".join(seg.text for seg in line) for line in lines)
    assert "★" in text and "◎" in text and "Ludo" in text


def test_seats_for_one_die() -> None:
    """Computer seats: the players that play these rulesets (``bot`` is one of them:
    greedy where it plays them); another is refused with the list."""
    assert one_die_players("ludo", 3) == ("random", "greedy", "expectimax")
    # Two and four players: the learned levels too (networks ship for them)
    assert {"learned1", "learned2"} <= set(one_die_players("maedn", 2))
    bot = "greedy"
    assert seat_kinds(None, 3, "ludo") == ["human", bot, bot]
    assert seat_kinds("human,bot", 2, "maedn") == ["human", bot]
    assert seat_kinds("random,human", 2, "ludo") == ["random", "human"]
    assert seat_kinds("human,beginner", 2, "ludo") == ["human", "beginner"]  # random
    with pytest.raises(PachisiError, match="search does not play ludo yet; the computer players"):
        seat_kinds("human,search", 2, "ludo")
    for kind in ("greedy", "expectimax"):
        assert seat_kinds(f"human,{kind}", 2, "ludo") == ["human", kind]


# -- pachisi play at 80x24 -----------------------------------------------------------------


def die_prompt(lang: str) -> str:
    """The end of the one-die prompt in ``lang``, as a regular expression."""
    end = MESSAGES[lang]["prompt.die"].rsplit("{faces}", 1)[-1]
    pattern = re.escape(end).replace(re.escape("{example}"), r"\d")
    return pattern.replace(re.escape(" "), r"\s+")


def asked(lang: str) -> list[str]:
    keys = ("prompt.catch_up", "prompt.step", "prompt.confirm", "prompt.pass")
    return [*(tail(lang, k) for k in keys), die_prompt(lang), pexpect.EOF]


CATCH_UP, STEP, CONFIRM, PASS, DIE, EOF = range(6)


def since_expected(save: Path, lang: str) -> tuple[list[str], list[str]]:
    """From the game file: each throw since the person's (seat 0) last throw as the panel
    writes it (one die: ``Green 6: G0-1``), and the captures of the person's pawns."""
    game = Record.load(save).to_game()
    if game.position.to_move != 0:
        return [], []
    throws, captures = [], []
    for note in moves_since(game.history, 0):
        who = "+".join(c.capitalize() for c in note.colours)
        play = note.notation if note.notation != "-" else say(lang, "panel.no_move")
        throws.append(f"{who} {throw_text(note.throw)}: {play}")
        if note.captured:
            captures.append(say(lang, "panel.captured", pawns=" ".join(note.captured)))
    return throws, captures


def check_screen(term: Terminal, ruleset: str, lang: str, save: Path | None = None) -> list[str]:
    """Nothing lost off the top (the board's first row, beside it the title, is the
    screen's first); in Hindi and Kannada no English sentence under the board; with the
    game file ``save``, the throws since the person's last turn and the captures of the
    person's pawns beside the board."""
    rows = term.screen.rows()
    shown = "\n".join(rows)
    assert term.screen.scrolled == 0, shown
    assert RULESET_TITLES[ruleset] in rows[0], shown
    if save is not None and save.exists():
        throws, captures = since_expected(save, lang)
        panel = words(" ".join(row[3 * LAYOUT[ruleset].size + 2 :] for row in rows))
        latest = say(lang, "panel.latest") in panel
        for line in captures:
            assert line in panel, (line, shown)
        for line in throws if not latest else throws[-1:]:
            assert words(line) in panel, (line, shown)
    if lang != "en":
        size = LAYOUT[ruleset].size  # under the board, not the panel beside (or below) it
        under = [row for row in rows[size:] if not row.startswith(" " * (3 * size))]
        assert not ENGLISH.search("\n".join(under)), (ENGLISH.search("\n".join(under)), shown)
    return rows


@pytest.mark.parametrize(
    ("ruleset", "players", "lang", "manual"),
    [
        ("ludo", 2, "en", False),
        ("ludo", 3, "hi", True),
        ("ludo", 4, "kn", False),
        ("maedn", 2, "kn", True),
        ("maedn", 3, "en", False),
        ("maedn", 4, "hi", False),
    ],
)
def test_a_scripted_game_at_80x24(
    tmp_path: Path, ruleset: str, players: int, lang: str, manual: bool
) -> None:
    """A person against computer players (random), from a position with pawns out so
    that steps come soon: every screen fits 80x24, the steps are taken by number, the
    record holds the throws as one number each (``3. red 6: R0-1``)."""
    save = tmp_path / "g.pgame"
    colours = ["r", "g", "y", "b"] if ruleset == "ludo" else ["r", "b", "g", "y"]
    if players == 2:
        colours = [colours[0], colours[2]]
    colours = colours[:players]
    spread = ["0.0.5.20", "0.0.3.30", "0.0.0.10", "0.0.8.9"]
    pawns = ",".join(f"{c}:{spread[i]}" for i, c in enumerate(colours))
    start = f"{ruleset} {','.join(colours)} - {pawns} 0 0 - - - 0 0"
    seats = ",".join(["human"] + ["random"] * (players - 1))
    args = ["play", "--from", start, "--players", seats, "--lang", lang, "--seed", "5"]
    args += ["--delay", "0", "--save", str(save)]
    if manual:
        args += ["--dice", "manual"]
    term = Terminal(*args, cwd=tmp_path)
    rng = random.Random(ruleset + lang)
    prompts = asked(lang)
    steps = dies = since = 0
    try:
        for _ in range(80):
            k = term.expect(prompts)
            if k == EOF:
                break
            rows = check_screen(term, ruleset, lang, save if k != CATCH_UP else None)
            if k != CATCH_UP and save.exists():
                since += len(since_expected(save, lang)[0])
            if k == STEP:
                steps += 1
                if steps > 4:
                    break
                assert any(re.match(r"\s*1\s+R\d+-\d+", row) for row in rows), rows
                term.send("1")
            elif k == DIE:
                dies += 1
                term.send(str(rng.randint(1, 6)))
            else:
                term.send("")
        assert steps > 4 and since > 0  # the throws since the person's last turn were seen
        assert (dies > 0) == manual
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()
    rec = Record.load(save)
    assert rec.start.ruleset == ruleset and len(rec.moves) > 4
    assert all(len(throw) == 1 for throw, _ in rec.moves)
    assert re.search(r"^\d+\. red \d: R\d+-\d+", save.read_text(), re.MULTILINE)


def test_a_capture_and_its_extra_throw(tmp_path: Path) -> None:
    """L.4.2: red's 3 from 17 lands on green's pawn on a plain square and captures it;
    the step says so, and (L.6.4, ``bonus_throws``) red throws again."""
    save = tmp_path / "c.pgame"
    term = Terminal(
        "play", "--from", "ludo r,g - r:0.0.0.17,g:0.0.0.7 0 0 - - - 0 0", "--players",
        "human,random", "--dice", "manual", "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    prompts = asked("en")
    try:
        assert term.expect(prompts) == DIE
        term.send("3")
        assert term.expect(prompts) == STEP
        text = words(" ".join(term.screen.rows()))
        assert "1 R17-20x move 3, capture green" in text
        term.send("1")
        assert term.expect(prompts) == CONFIRM
        assert "Play R17-20x?" in words(" ".join(term.screen.rows()))
        term.send("")
        assert term.expect(prompts) == DIE
        assert "Die for Red (You)" in words(" ".join(term.screen.rows()))  # again
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()
    rec = Record.load(save)
    assert rec.moves == [((3,), "R17-20x")]
    assert rec.positions()[-1].pawns[1] == (0, 0, 0, 0)


def test_a_capture_of_your_pawn_is_shown(tmp_path: Path) -> None:
    """Green, a computer, captures red's pawn on red's square 20 (its only play) and
    throws again (L.6.4); red's screen lists both throws and the capture."""
    save = tmp_path / "y.pgame"
    term = Terminal(
        "play", "--from", "ludo r,g - r:0.0.0.20,g:0.0.0.4 1 0 - - - 0 0", "--players",
        "human,random", "--dice", "manual", "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    prompts = asked("en")
    try:
        assert term.expect(prompts) == DIE
        term.send("3")  # G4-7x takes R20
        assert term.expect(prompts) == DIE
        term.send("1")  # green again: G7-8
        assert term.expect(prompts) == DIE
        rows = check_screen(term, "ludo", "en", save)
        panel = words(" ".join(row[47:] for row in rows))
        assert "Green 3: G4-7x" in panel and "Green 1: G7-8" in panel
        assert "✖ captured your R20" in panel
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()


@pytest.mark.parametrize(
    ("start", "die", "step"),
    [
        ("ludo r,g - r:53.57.57.57,g:0.0.0.7 0 0 - - - 0 0", "4", "R53-57"),
        ("maedn r,g - r:38.41.42.43,g:0.0.0.5 0 0 - - - 0 0", "6", "R38-44"),
    ],
    ids=["ludo", "maedn"],
)
def test_a_finish_ends_the_game(tmp_path: Path, start: str, die: str, step: str) -> None:
    """L.7, M.7: the first player with four pawns Home (in the goal) wins at once."""
    save = tmp_path / "f.pgame"
    term = Terminal(
        "play", "--from", start, "--players", "human,random", "--dice", "manual",
        "--names", "Asha,Ravi", "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    prompts = asked("en")
    try:
        assert term.expect(prompts) == DIE
        term.send(die)
        assert term.expect(prompts) == STEP
        term.send(step)
        k = term.expect(prompts)
        if k == CONFIRM:
            term.send("")
            k = term.expect(prompts)
        assert k == EOF
        text = words(" ".join(term.screen.rows()))
        assert "Asha (Red) wins" in text
    finally:
        term.close()
    rec = Record.load(save)
    assert rec.moves[-1] == ((int(die),), step)
    assert rec.positions()[-1].winner == (0,)


def test_the_third_six_is_forfeited(tmp_path: Path) -> None:
    """L.6.1: with two 6s thrown this turn, a third is forfeited and the turn passes."""
    term = Terminal(
        "play", "--from", "ludo r,g - r:0.0.0.17,g:0.0.0.7 0 2 - - - 0 0", "--players",
        "human,human", "--dice", "manual", "--delay", "0", "--save", str(tmp_path / "s.pgame"),
        cwd=tmp_path,
    )  # fmt: skip
    prompts = asked("en")
    try:
        assert term.expect(prompts) == DIE
        assert "6s in a row this turn: 2" in words(" ".join(term.screen.rows()))
        term.send("6")
        assert term.expect(prompts) == PASS
        text = words(" ".join(term.screen.rows()))
        assert "Third 6 in a row: the throw is forfeited and the turn passes." in text
        term.send("")
        assert term.expect(prompts) in (DIE, CATCH_UP)
        assert "Green" in words(" ".join(term.screen.rows()))
        term.send("q")
    finally:
        term.close()


def test_the_referee_for_a_real_die_and_bad_input(tmp_path: Path) -> None:
    """``--dice manual``: a face the die does not have, two numbers, a word, each gets a
    clear message and the prompt again; then a bad step number and a step that is not
    legal, each with its message; a 6 that cannot be used throws again (L.6.4)."""
    save = tmp_path / "r.pgame"
    term = Terminal(
        "play", "maedn", "--players", "human,human", "--dice", "manual", "--delay", "0",
        "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    prompts = asked("en")

    def screen() -> str:
        return words(" ".join(term.screen.rows()))

    try:
        assert term.expect(prompts) == DIE
        assert "Die for Red (Player 1): type the face that fell (1, 2, 3, 4, 5, 6)" in screen()
        for bad, said in [
            ("7", "'7': six-sided dice have no face 7 (faces: 1, 2, 3, 4, 5, 6)."),
            ("5 2", "'5 2': a throw is written D (one die, a number), not '5 2'."),
            ("six", "'six': a throw is written D (one die, a number), not 'six'."),
        ]:
            term.send(bad)
            assert term.expect(prompts) == DIE
            assert said + " Throw again and type the face." in screen(), screen()
        term.send("?")
        assert term.expect(prompts) == DIE
        assert "Throw the die and type the face on top, e.g. 5." in screen()
        term.send("3")  # M.5: nothing can move
        assert term.expect(prompts) == PASS
        assert "No legal play with 3: nothing moves." in screen()
        term.send("")
        assert term.expect(prompts) == DIE and "Die for Green" in screen()
        term.send("6")  # green enters
        assert term.expect(prompts) == STEP
        assert "Legal steps with 6:" in screen() and "1 G0-1 enter with 6" in screen()
        term.send("4")
        assert term.expect(prompts) == STEP
        assert "There is only one step, G0-1" in screen()
        term.send("G0-7")
        assert term.expect(prompts) == STEP
        assert "G0-7 is not a legal step now. Legal: G0-1." in screen()
        term.send("hint")  # the plays rolled out (tests/test_terminal_ludo_hint.py)
        assert term.expect(prompts) == STEP
        assert "Hint, in points of win chance" in screen() and "[G0-1]" in screen()
        term.send("1")
        k = term.expect(prompts)
        if k == CONFIRM:
            term.send("")
            k = term.expect(prompts)
        assert k == DIE and "Die for Green" in screen()  # M.6.1: a 6 throws again
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()
    assert Record.load(save).moves == [((3,), "-"), ((6,), "G0-1")]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["ludo", "--players", "human,search"], "search does not play ludo yet"),
        (["maedn", "--players", "human,learned1,greedy"], "learned1 does not play maedn yet"),
        (["ludo", "--first", "1"], "the first player in turn order throws first"),
        (["maedn", "--players", "5"], "maedn cannot be played by 5 players"),
    ],
)
def test_bad_options_get_one_line(tmp_path: Path, args: list[str], message: str) -> None:
    proc = run_cli("play", *args, "--save", str(tmp_path / "x.pgame"), cwd=tmp_path)
    assert proc.returncode != 0
    assert message in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "x.pgame").exists()


def test_replay_of_a_ludo_record(tmp_path: Path) -> None:
    """Computer players play a whole game to a record; ``pachisi replay`` shows any move
    on the board and exports its position."""
    save = tmp_path / "r.pgame"
    proc = run_cli(
        "play", "ludo", "--players", "random,random,random", "--seed", "11", "--delay", "0",
        "--save", str(save), cwd=tmp_path, columns=100,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    rec = Record.load(save)
    assert rec.positions()[-1].is_over and len(rec.moves) > 50
    k = 40
    shown = run_cli("replay", str(save), "--move", str(k), "--board", cwd=tmp_path, columns=100)
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    _, notation = rec.moves[k - 1]
    assert f"Move {k}/{len(rec.moves)}" in out and f"{k}. " in out
    assert f": {notation}" in out and "Ludo · 3 players" in out
    text = run_cli("replay", str(save), "--move", str(k), "--text", cwd=tmp_path)
    assert text.stdout.strip() == rec.positions()[k].to_text()
    # Each pawn of the position is on the board where the layout puts it.
    pos = rec.positions()[k]
    board = out.splitlines()[: LUDO_LAYOUT.size]
    for c in pos.setup.colours_in_play:
        for p in pos.pawns[c]:
            xy = LUDO_LAYOUT.cell(c, p)
            if xy is not None:
                got = board[xy[1]][3 * xy[0] : 3 * xy[0] + 3]
                assert "RGYB"[c] in got, (c, p, got)
    assert say("en", "corner.yard").strip() in out
    # Interactively, at 80x24: a move by its number, the next, the previous.
    term = Terminal("replay", str(save), cwd=tmp_path)
    prompt = r"q quit\): "
    try:
        term.expect([prompt])
        for key, move in (("12", 12), ("n", 13), ("p", 12), ("s", 0)):
            term.send(key)
            term.expect([prompt])
            rows = check_screen(term, "ludo", "en")
            asked = [row for row in rows if row.startswith("Move ")]  # the prompt
            assert asked and asked[-1].startswith(f"Move {move}/{len(rec.moves)} ("), rows
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()


def test_resume_a_ludo_game_to_its_end(tmp_path: Path) -> None:
    """The input ends (the game is saved); ``--resume`` with computer players at every
    seat plays it to the end from where it stopped, the record's moves kept."""
    save = tmp_path / "m.pgame"
    first = run_cli(
        "play", "maedn", "--players", "human,random", "--seed", "2", "--delay", "0", "--auto",
        "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    assert first.returncode == 0, first.stderr
    before = Record.load(save).moves
    assert before and not Record.load(save).positions()[-1].is_over
    done = run_cli(
        "play", "--resume", str(save), "--players", "random,random", "--delay", "0",
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    rec = Record.load(save)
    assert rec.moves[: len(before)] == before and rec.positions()[-1].is_over
    assert "wins. Record:" in done.stdout
