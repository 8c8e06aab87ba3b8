"""A small terminal (80x24): the board, the throw and the legal steps fit on one screen.

The layout of the numbered steps is a pure function of the steps and the size
(:func:`pachisi.terminal.choices.choice_layout`); ``pachisi play`` is driven
without a terminal, its screen written to a string at 80x24 with a throw of 59
legal steps (an Eight-Man doublet with ``sum_move=jump``: eight pawns, eight
distances each).
"""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from helpers import default_sigint
from pachisi import Game, Position, Turn
from pachisi.terminal.board import BoardView, board_text
from pachisi.terminal.choices import choice_layout, choice_lines, densest_rows
from pachisi.terminal.play import _Session

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
MANY = (
    "eight-man{sum_move=jump} Ry,Bg - r:2.27.42.45,b:9.38.43.62,y:3.14.19.33,g:7.11.11.30 0 0 - - -"
)


def steps(n: int, words: str = "move 6") -> list[tuple[str, str]]:
    return [(f"R{k}-{k + 6}", words) for k in range(1, n + 1)]


# ---------------------------------------------------------------------------
# The layout, a pure function


def test_few_steps_keep_the_usual_columns_and_their_words() -> None:
    for n, columns in ((3, 1), (6, 1), (7, 2), (16, 2), (17, 3)):
        layout = choice_layout(steps(n), width=120, rows=40)
        assert (layout.columns, layout.notes, layout.pages) == (columns, True, 1)
        assert layout.rows == -(-n // columns)


def test_when_rows_are_short_more_columns_then_no_words_then_pages() -> None:
    # Six steps in three rows: two columns with their words.
    assert choice_layout(steps(6), width=80, rows=3).columns == 2
    # Twelve steps whose words are too long for more than one column: no words.
    wordy = steps(12, "enter with 5 and capture the pawn of blue on its entry")
    layout = choice_layout(wordy, width=80, rows=3)
    assert (layout.notes, layout.pages) == (False, 1) and layout.columns >= 4
    # Sixty in three rows at 80 columns: pages of the densest form.
    layout = choice_layout(steps(60), width=80, rows=3)
    assert (layout.notes, layout.columns, layout.rows) == (False, 7, 3)
    assert (layout.pages, layout.first, layout.stop) == (3, 0, 21)
    assert densest_rows(steps(60), 80) == 9


def test_the_pages_show_every_step_once_in_order_and_fit() -> None:
    choices = steps(59)
    for width, rows in ((80, 3), (80, 1), (40, 4), (20, 2), (200, 2)):
        first = choice_layout(choices, width, rows)
        shown: list[int] = []
        for page in range(first.pages):
            layout = choice_layout(choices, width, rows, page)
            assert layout.page == page and layout.rows <= rows
            lines = choice_lines(choices, layout)
            assert len(lines) == layout.rows
            assert max(len(line.plain) for line in lines) <= width
            numbers = [int(m) for line in lines for m in re.findall(r"(\d+) R", line.plain)]
            assert sorted(numbers) == list(range(layout.first + 1, layout.stop + 1))
            # Filled column by column: down the first column, then the next.
            column = [row[0] for row in layout.grid()]
            assert column == list(range(layout.first, layout.first + layout.rows))
            shown += numbers
        assert sorted(shown) == list(range(1, 60))
    # Paging past the last page starts again; before the first, the last.
    assert choice_layout(choices, 80, 3, page=3).page == 0
    assert choice_layout(choices, 80, 3, page=-1).page == 2


def test_no_steps_no_rows() -> None:
    layout = choice_layout([], width=80, rows=3)
    assert (layout.rows, layout.pages) == (0, 1) and choice_lines([], layout) == []


# ---------------------------------------------------------------------------
# pachisi play at 80x24


def small_session(
    answers: list[str], width: int = 80, height: int = 24, terminal: bool = True
) -> tuple[_Session, list[list[str]]]:
    """A session on a ``width`` x ``height`` terminal (or not a terminal); the screens
    shown at each prompt, the prompt line included."""
    console = Console(
        file=io.StringIO(),
        width=width,
        height=height,
        color_system=None,
        force_terminal=terminal,
    )
    args = argparse.Namespace(auto=False, confirm=True, lang="en", delay=0.0)
    game = Game(Position.from_text(MANY), seed=1)
    s = _Session(
        console,
        game,
        ["human", "human"],
        ["Asha", "Bo"],
        dice="random",
        path=Path("/home/someone/games/pachisi-2026-11-24-094112.pgame"),
        started="",
        extra={},
        args=args,
        log=["1. red 1-1: R7-8 R8-9"],
    )
    screens: list[list[str]] = []
    mark = 0

    def ask(prompt: str) -> str:
        nonlocal mark
        out = console.file.getvalue()  # type: ignore[attr-defined]
        screens.append([*ANSI.sub("", out[mark:]).splitlines(), prompt])
        mark = len(out)
        return answers.pop(0)

    s.ask = ask  # type: ignore[method-assign]
    return s, screens


def numbers_shown(screen: list[str]) -> list[int]:
    head = next(k for k, line in enumerate(screen) if line.startswith("Legal steps with"))
    return sorted(int(n) for line in screen[head + 1 : -1] for n in re.findall(r"(\d+) [RY]", line))


def test_a_throw_of_59_steps_fits_80x24_with_the_board_on_top() -> None:
    pos = Position.from_text(MANY)
    assert len(Turn(pos, (1, 1)).legal_steps()) == 59
    board = board_text(BoardView(pos, (1, 1), names=["Asha", "Bo"])).plain.splitlines()
    s, screens = small_session([">", ">", ">", ">", "<", "57", "1", "1", "1", ""])
    play = s.human_throw((1, 1))
    assert play is not None
    seen: list[int] = []
    for screen in screens:
        assert len(screen) <= 24
    for screen in screens[:4]:
        # The board's 19 rows at the top (the compact panel beside them), then the steps.
        top = [line[: len(row)].rstrip() for line, row in zip(screen[:19], board, strict=True)]
        assert top == [row.rstrip() for row in board]
        assert "Dice" in "\n".join(screen[:19])
        assert screen[-1].startswith("Your step (1-59, > more,")
        seen += numbers_shown(screen)
    # Four pages show each step once; the fifth screen is the first page again.
    assert sorted(seen) == list(range(1, 60))
    assert numbers_shown(screens[4]) == numbers_shown(screens[0])
    # "<" went back to the last page, whose step 57 was chosen by its number.
    assert numbers_shown(screens[5]) == [55, 56, 57, 58, 59]
    legal = Turn(pos, (1, 1)).legal_steps()
    assert play.actions[0] == legal[56]
    # After a step the list starts again at its first page.
    assert numbers_shown(screens[6])[0] == 1


def test_a_mistyped_answer_or_a_hint_keeps_the_page() -> None:
    """Only a step made (or undone) starts the list again at its first page."""
    s, screens = small_session([">", ">", "99", "hint", "u", "57", "1", "1", "1", ""])
    s.hint = lambda throw, made: None  # type: ignore[method-assign]
    assert s.human_throw((1, 1)) is not None

    def page(screen: list[str]) -> str:
        line = next(line for line in screen if line.startswith("Legal steps with"))
        return line.split("page ")[1].split("/")[0]

    assert [page(screen) for screen in screens[:3]] == ["1", "2", "3"]
    # "99" (no such step), "hint" and "u" (nothing to undo) leave the third page up (a
    # message above the steps may leave fewer rows a page, so its steps can differ).
    assert [page(screen) for screen in screens[3:6]] == ["3", "3", "3"]
    assert min(numbers_shown(screens[3])) > 1


@pytest.mark.parametrize("size", [(80, 50), (120, 50)])
def test_a_tall_terminal_shows_every_step_on_one_page(size: tuple[int, int]) -> None:
    width, height = size
    s, screens = small_session(["1", "1", "1", "1", ""], width, height)
    s.human_throw((1, 1))
    first = screens[0]
    assert numbers_shown(first) == list(range(1, 60)) and len(first) <= height
    assert "page" not in "\n".join(first) and "> more" not in first[-1]


def test_a_script_reading_the_output_gets_every_step() -> None:
    """Not a terminal (a pipe): no pages, whatever the height."""
    s, screens = small_session(["1", "1", "1", "1", ""], 80, 24, terminal=False)
    s.human_throw((1, 1))
    assert numbers_shown(screens[0]) == list(range(1, 60))
    assert "page" not in "\n".join(screens[0])


def test_at_a_real_80x24_terminal(tmp_path: Path) -> None:
    """``pachisi play`` in a pseudo-terminal of 80x24: each screen after the clear, with
    its prompt, fits in 24 rows, the board's top row first; > turns the page."""
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = dict(os.environ, TERM="xterm", COLUMNS="80", LINES="24")
    env.pop("NO_COLOR", None)
    save = tmp_path / "small.pgame"
    child = pexpect.spawn(
        sys.executable,
        ["-m", "pachisi", "play", "--from", MANY, "--dice", "manual", "--players",
         "human,bot", "--delay", "0", "--save", str(save)],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(24, 80),
        preexec_fn=default_sigint,
    )  # fmt: skip
    prompt = "Your step ("

    def screen() -> list[str]:
        before = child.before
        last = before.rfind("\x1b[2J")
        assert last >= 0  # the screen was cleared
        return ANSI.sub("", before[last:]).replace("\r", "").splitlines()

    child.expect(r"type the two faces that fell")
    child.sendline("1 1")
    child.expect_exact(prompt)
    first = screen()
    # The prompt takes one row at 80 columns, even with manual dice and pages.
    assert len(first) + 1 <= 24
    assert "·  ◆  ·" in first[0] and "Eight-Man" in first[0]
    assert numbers_shown([*first, prompt])[0] == 1
    child.sendline(">")
    child.expect_exact(prompt)
    second = screen()
    assert len(second) + 1 <= 24
    assert numbers_shown([*second, prompt])[0] == numbers_shown([*first, prompt])[-1] + 1
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert save.exists()


def test_throws_since_your_turn_that_do_not_fit_get_a_screen_of_their_own() -> None:
    """Six throws of three computer players since red's last turn (seed 175, greedy
    players, after 38 throws: the longest in 200 games) do not fit beside the board at
    80x24 with the steps: they are shown first on a screen of their own, all of them; the
    throw's screens then keep the captures and the latest throws, and fit."""
    from pachisi.bots import make_player
    from pachisi.rules import Setup
    from pachisi.terminal.board import moves_since

    game = Game(Position.initial(Setup.create("parcheesi"), 0), seed=175)
    bot = make_player("greedy", 175)
    for _ in range(38):
        throw = game.roll()
        game.push(bot.choose(game.position, throw, game.legal_plays()))
    throw = game.roll()
    notes = moves_since(game.history, 0)
    assert game.position.to_move == 0 and len(notes) == 6
    console = Console(
        file=io.StringIO(), width=80, height=24, color_system=None, force_terminal=True
    )
    args = argparse.Namespace(auto=False, confirm=True, lang="en", delay=0.0)
    s = _Session(
        console, game, ["human", "greedy", "greedy", "greedy"], ["You", "G1", "G2", "G3"],
        dice="random", path=Path("g.pgame"), started="", extra={}, args=args, log=[],
    )  # fmt: skip
    screens: list[list[str]] = []
    answers = ["", "1", "1", "1", "1", "", ""]

    def ask(prompt: str) -> str:
        out = console.file.getvalue()  # type: ignore[attr-defined]
        screens.append([*ANSI.sub("", out).splitlines(), prompt])
        console.file = io.StringIO()
        return answers.pop(0)

    s.ask = ask  # type: ignore[method-assign]
    s.human_throw(throw)
    first = screens[0]
    assert first[-1] == "Press Enter for your throw: "
    text = " ".join(" ".join(line[59:].split()) for line in first)
    for note in notes:
        assert f"{note.throw[0]}-{note.throw[1]}: {note.notation}" in text, (note, text)
    for screen in screens:
        assert len([line for line in screen if line or line is screen[-1]]) <= 24
    assert "Latest throws:" in "\n".join(screens[1])
    assert notes[-1].notation in " ".join(" ".join(line[59:].split()) for line in screens[1])
