"""Every screen of ``pachisi play`` at 80x24, as a terminal shows it (issue 34, item 9).

Each ruleset in each language (``--lang en``, ``hi``, ``kn``) plays a short
seeded game in a real pseudo-terminal of 80x24 whose output a terminal
emulator (pyte, :mod:`terminal_screen`) draws: at every prompt no line has
scrolled off the top since the screen was cleared (the board's first row is
the screen's first row), and the throws played since the person's last turn
are on the screen in full, with the captures of the person's pawns.
``--dice manual`` (the referee for a real board) is played in Hindi. Then:
messages broken at word boundaries, forgiving answers, the help screen,
the words of a language on every ruleset.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pexpect
import pytest

from pachisi.dice import dice_for
from pachisi.record import Record
from pachisi.terminal.board import BOARD_WIDTH, moves_since
from pachisi.terminal.words import MESSAGES, say
from terminal_screen import Terminal


def tail(lang: str, key: str) -> str:
    """The end of a prompt in ``lang`` (after its last field), as a regular expression
    (a line may break at any of its spaces)."""
    end = MESSAGES[lang][key].rsplit("}", 1)[-1][-14:]
    return r"\s+".join(re.escape(w) for w in end.split()) + " "


def prompts(lang: str) -> list[str]:
    """The end of each prompt (a long one is broken over two lines): catch-up, step,
    confirm, pass, dice; then EOF."""
    keys = ("prompt.catch_up", "prompt.step", "prompt.confirm", "prompt.pass")
    return [*(tail(lang, k) for k in keys), DICE, pexpect.EOF]  # type: ignore[list-item]


DICE = r"\d \d: "
PROMPTS = prompts("en")
CATCH_UP, STEP, CONFIRM, PASS = PROMPTS[:4]
BOARD_TOP = re.compile(r"^ {25}\S")
#: Three English words on a line with no other language between them: a sentence left
#: untranslated (the commands a person types are single words: u, hint, q, save FILE).
ENGLISH = re.compile(r"[A-Za-z]{2,}(?:[^A-Za-z\n\u0900-\u0DFF]+[A-Za-z]{2,}){2,}")


def words(text: str) -> str:
    return " ".join(text.split())


def panel_text(rows: list[str]) -> str:
    """The text beside the board (or the whole screen when the board is not on it), its
    lines joined: what the panel says, whatever its wrapping."""
    if rows and BOARD_TOP.match(rows[0]):
        return words(" ".join(row[BOARD_WIDTH + 2 :] for row in rows))
    return words(" ".join(rows))


def since_expected(save: Path, lang: str = "en") -> tuple[list[str], list[str]]:
    """From the game file: each throw since the person's (seat 0) last throw as the panel
    writes it, and the captures of the person's pawns."""
    game = Record.load(save).to_game()
    if game.position.to_move != 0:
        return [], []
    notes = moves_since(game.history, 0)
    throws = []
    captures = []
    for note in notes:
        who = "+".join(c.capitalize() for c in note.colours)
        play = note.notation if note.notation != "-" else say(lang, "panel.no_move")
        throws.append(f"{who} {note.throw[0]}-{note.throw[1]}: {play}")
        if note.captured:
            key = "panel.cut" if game.position.ruleset == "pagade" else "panel.captured"
            captures.append(say(lang, key, pawns=" ".join(note.captured)))
    return throws, captures


def check_screen(term: Terminal, save: Path, k: int, lang: str = "en") -> None:
    """What every prompt's screen must be: nothing lost off the top, the throws since the
    person's last turn complete (on the catch-up screen, or beside the board); in Hindi
    and Kannada, no English sentence under the board (the steps, a message, the prompt)."""
    rows = term.screen.rows()
    shown = "\n".join(rows)
    assert term.screen.scrolled == 0, shown
    assert BOARD_TOP.match(rows[0]), shown  # the board's first row is the screen's first
    if lang != "en":
        under = [row for row in rows[19:] if not row.startswith(" " * 25)]  # not the board
        assert not ENGLISH.search("\n".join(under)), (ENGLISH.search("\n".join(under)), shown)
    if k < 5 and save.exists():
        throws, captures = since_expected(save, lang)
        text = panel_text(rows)
        latest = say(lang, "panel.latest") in text
        for line in captures:
            assert line in text, (line, shown)
        for line in throws if not latest else throws[-1:]:
            assert words(line) in text, (line, shown)


@pytest.mark.parametrize("lang", ["en", "hi", "kn"])
@pytest.mark.parametrize("ruleset", ["parcheesi", "eight-man", "whitman", "pagade"])
def test_every_screen_fits_80x24(tmp_path: Path, ruleset: str, lang: str) -> None:
    save = tmp_path / "g.pgame"
    manual = lang == "hi"
    args = ["play", ruleset, "--lang", lang, "--seed", "5", "--delay", "0", "--save", str(save)]
    if manual:
        args += ["--dice", "manual", "--first", "1"]
    term = Terminal(*args, cwd=tmp_path)
    faces = dice_for("pagade" if ruleset == "pagade" else "parcheesi").faces
    rng = random.Random(ruleset + lang)
    steps = 0
    asked = prompts(lang)
    try:
        for _ in range(40):
            k = term.expect(asked)
            if asked[k] is pexpect.EOF:
                break
            check_screen(term, save, k, lang)
            if k == 1:  # a step
                steps += 1
                if steps > 4:
                    break
                term.send("1")
            elif asked[k] == DICE:
                term.send(f"{rng.choice(faces)} {rng.choice(faces)}")
            else:
                term.send("")
        assert steps > 4
    finally:
        term.close()


def test_a_capture_of_your_pawn_is_shown(tmp_path: Path) -> None:
    """Yellow, a computer, captures red's pawn on its square 20; red's screen says so."""
    save = tmp_path / "c.pgame"
    start = "parcheesi r,y - r:0.0.12.20,y:0.0.0.50 1 0 - - -"
    term = Terminal(
        "play", "--from", start, "--players", "human,greedy", "--dice", "manual",
        "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    try:
        assert PROMPTS[term.expect(PROMPTS)] == DICE
        term.send("4 3")  # Yellow's throw: Y50-54x takes R20
        assert PROMPTS[term.expect(PROMPTS)] == DICE
        check_screen(term, save, PROMPTS.index(DICE))
        text = panel_text(term.screen.rows())
        assert "Yellow 4-3: Y50-54x" in text and "✖ captured your R20" in text
        term.send("q")
        term.expect([pexpect.EOF])
    finally:
        term.close()


def test_a_message_breaks_at_word_boundaries(tmp_path: Path) -> None:
    """A message longer than a line (bad dice typed) is broken between words."""
    term = Terminal(
        "play", "whitman", "--players", "human,greedy", "--dice", "manual", "--first", "0",
        "--delay", "0", "--save", str(tmp_path / "w.pgame"), cwd=tmp_path,
    )  # fmt: skip
    try:
        term.expect([DICE])
        term.send("9 9")
        term.expect([DICE])
        rows = term.screen.rows()
        assert term.screen.scrolled == 0
        first = next(i for i, row in enumerate(rows) if row.startswith("'9 9'"))
        lines = []
        for row in rows[first:]:
            lines.append(row)
            if row.endswith("faces."):
                break
        assert len(lines) > 1  # long enough to wrap at 80 columns
        for line in lines:
            assert len(line) <= 80
        assert " ".join(lines).endswith("Throw again and type both faces.")
        message = " ".join(lines)
        assert all(word in message.split() for word in ("Throw", "again", "and", "type"))
        term.send("q")
    finally:
        term.close()


def test_forgiving_answers_and_the_help_screen(tmp_path: Path) -> None:
    """``hint please`` is a hint, ``step 1`` the first step; ``?`` shows the help with the
    steps and the prompt, nothing lost off the top (the board makes room)."""
    term = Terminal(
        "play", "--from", "parcheesi r,y - r:0.0.5.20,y:0.0.0.50 0 0 - - -", "--players",
        "human,greedy", "--dice", "manual", "--delay", "0", "--save", str(tmp_path / "f.pgame"),
        cwd=tmp_path,
    )  # fmt: skip
    try:
        term.expect([DICE])
        term.send("6 2")
        term.expect([STEP])
        term.send("?")
        term.expect([STEP])
        help_rows = term.screen.rows()
        assert term.screen.scrolled == 0
        assert "Keys while you play a throw:" in "\n".join(help_rows)
        assert any(row.startswith("Legal steps with 6-2") for row in help_rows)
        term.send("hint please")
        term.expect([STEP])
        assert term.screen.scrolled == 0
        assert "Hint, in points of win chance" in panel_text(term.screen.rows())
        term.send("step 1")
        k = term.expect([STEP, CONFIRM])
        assert "Steps so far" in panel_text(term.screen.rows())
        if k == 0:
            term.send("7")
            term.expect([STEP, CONFIRM])
            text = words(" ".join(term.screen.rows()))
            assert "There is no step 7" in text or "There is only one step" in text
            assert "choose 1 to 1" not in text
        term.send("q")
    finally:
        term.close()


def test_a_language_on_the_parcheesi_family(tmp_path: Path) -> None:
    """``--lang kn`` with Parcheesi shows its Kannada terms, and says what it changes, in
    Kannada."""
    term = Terminal(
        "play", "parcheesi", "--lang", "kn", "--players", "human,greedy", "--seed", "2",
        "--delay", "0", "--save", str(tmp_path / "k.pgame"), cwd=tmp_path,
    )  # fmt: skip
    try:
        term.expect(prompts("kn")[1:4])
        text = "\n".join(term.screen.rows())
        assert "ಕೆಂಪು" in text and "ದಾಳ" in text  # red, dice
        assert words(say("kn", "lang.note")) in words(text)
        assert "ನಿಮ್ಮ ನಡೆ (" in text  # "Your step (": the prompt in Kannada
        term.send("q")
    finally:
        term.close()
