"""``hint`` in ``pachisi play`` for Ludo and MADN, in a pseudo-terminal of 80x24 (issue 36).

Where no network has learned the set-up the plays are ranked by rollouts
(:mod:`pachisi.terminal.one_die_hint`): the screen says how, in the session's
language, gives the best play's win chance with its standard error and each
other play's loss or "too close to tell", exactly as
:func:`~pachisi.terminal.one_die_hint.one_die_hint` computes them; ``h1``
then makes the best play. Exact figures (a pure race) are said to be exact.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pachisi import Position
from pachisi.analysis.hint import Hint
from pachisi.moves import legal_plays
from pachisi.record import Record
from pachisi.terminal.one_die_hint import (
    ONE_DIE_HINT_ROLLOUTS,
    network_hint_lines,
    one_die_hint,
)
from pachisi.terminal.words import say
from terminal_screen import Terminal
from test_terminal_fit import words
from test_terminal_ludo import CONFIRM, DIE, STEP, asked

#: Late positions (short rollouts) where a pawn may still be sent back, and a die with
#: two plays.
LATE = {
    "ludo": ("ludo r,y - r:20.30.57.57,y:25.40.57.57 0 0 - - - 0 0", 4),
    "maedn": ("maedn r,b - r:10.30.43.44,b:28.34.43.44 0 0 - - - 0 0", 3),
}
#: A pure race: every figure exact.
RACE = ("ludo r,y - r:30.52.57.57,y:40.50.57.57 0 0 - - - 0 0", 4)


def test_the_hint_lines_say_how_and_round_to_the_noise() -> None:
    text, die = LATE["ludo"]
    plays, lines = one_die_hint(Position.from_text(text), (die,))
    assert [p.notation for p in plays] and len(plays) == 2
    assert lines[0] == say("en", "hint.rollouts", n=ONE_DIE_HINT_ROLLOUTS, policy="greedy")
    assert lines[1].startswith(f"  h1. move {die}  [{plays[0].notation}] — your win chance ")
    assert "±" in lines[1] and "." not in lines[1].split("chance")[1]  # whole points: ± 5
    assert f"[{plays[1].notation}]" in lines[2]
    assert "too close to tell" in lines[2] or "points worse" in lines[2]
    plays, lines = one_die_hint(Position.from_text(RACE[0]), (RACE[1],))
    assert lines[0] == say("en", "hint.exact") and "±" not in "".join(lines)


@pytest.mark.parametrize(("ruleset", "lang"), [("ludo", "en"), ("maedn", "hi"), ("ludo", "kn")])
def test_hint_in_a_pseudo_terminal(tmp_path: Path, ruleset: str, lang: str) -> None:
    text, die = LATE[ruleset]
    save = tmp_path / "h.pgame"
    term = Terminal(
        "play", "--from", text, "--players", "human,human", "--dice", "manual", "--lang", lang,
        "--delay", "0", "--save", str(save), cwd=tmp_path,
    )  # fmt: skip
    prompts = asked(lang)
    plays, lines = one_die_hint(Position.from_text(text), (die,), lang)

    def screen() -> str:
        return words(" ".join(term.screen.rows()))

    try:
        assert term.expect(prompts) == DIE
        term.send(str(die))
        assert term.expect(prompts) == STEP
        term.send("hint")
        assert term.expect(prompts) == STEP
        shown = screen()
        for line in lines:  # what the hint computes, on the screen (wrapped at 80 columns)
            assert words(line) in shown, (line, shown)
        term.send("h1")
        k = term.expect(prompts)
        if k == CONFIRM:
            term.send("")
            k = term.expect(prompts)
        assert k == DIE
        term.send("q")
        term.expect(prompts[-1:])
    finally:
        term.close()
    assert Record.load(save).moves == [((die,), plays[0].notation)]


def test_a_networks_hint_is_written_in_whole_points() -> None:
    """Once a network judges Ludo (:func:`pachisi.analysis.hints` with a ``network``
    ``how``), its hint is written the same way: which network, whole points."""
    text, die = LATE["ludo"]
    pos = Position.from_text(text)
    plays = legal_plays(pos, (die,))
    how = {"method": "network", "ply": 2, "network": {"file": "pachisi/learn/weights/ludo.2p.json"}}
    hints = [Hint(plays[0], 0.5312, how), Hint(plays[1], 0.4871, how)]
    lines = network_hint_lines(pos, hints)
    assert lines[0] == say("en", "hint.network", network="ludo.2p.json", ply=2)
    assert lines[1].endswith(f"[{plays[0].notation}] — your win chance 53%")
    assert lines[2].endswith(f"[{plays[1].notation}] — 4 points worse")
    hi = network_hint_lines(pos, hints, "hi")
    assert hi[1].endswith(say("hi", "hint.best", chance="53%"))
