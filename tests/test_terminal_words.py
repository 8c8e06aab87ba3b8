"""The terminal's words in every language (``pachisi play --lang``): the catalogue
(:mod:`pachisi.terminal.words`) and the steps' words (:data:`pachisi.describe.STEP_WORDS`)
have every key in English, Hindi and Kannada, and the translations are translations.
The screens themselves are checked in tests/test_terminal_fit.py (a scripted game in
each language at 80x24: no English sentence under the board)."""

from __future__ import annotations

import random
import re

import pytest

from pachisi import Position
from pachisi.describe import LANGS, STEP_WORDS, step_description
from pachisi.dice import dice_for
from pachisi.moves import Turn
from pachisi.terminal.board import cells
from pachisi.terminal.play import _step_prompt
from pachisi.terminal.words import MESSAGES, say
from test_terminal_fit import ENGLISH

FIELD = re.compile(r"\{\w+\}")
#: Names that stay as they are in every language: keys, commands, files and formats.
NAMES = re.compile(r"FORMAT\.md JSON|pachisi play --resume FILE|save FILE|e FILE|Ctrl-C|Enter")


@pytest.mark.parametrize("table", [MESSAGES, STEP_WORDS], ids=["terminal", "steps"])
def test_every_key_in_every_language(table: dict[str, dict[str, str]]) -> None:
    assert set(table) == set(LANGS)
    for lang in LANGS:
        assert set(table[lang]) == set(table["en"]), lang
    for lang in ("hi", "kn"):
        for key, text in table[lang].items():
            english = table["en"][key]
            # A translation may leave out a detail only English has, never add a field.
            assert set(FIELD.findall(text)) <= set(FIELD.findall(english)), (lang, key)
            if english.strip():
                assert text.strip() and text != english, (lang, key)
            words = NAMES.sub("", FIELD.sub("·", text))
            assert not ENGLISH.search(words), (lang, key, ENGLISH.search(words))


def test_the_english_check_finds_english() -> None:
    """The check of the screens would see an English prompt or step (it could fail)."""
    assert ENGLISH.search(_step_prompt(12, "random"))
    assert ENGLISH.search("Legal steps with 6-2:")
    assert ENGLISH.search(" 1 R8-10x  move 2, capture yellow")
    assert not ENGLISH.search(_step_prompt(12, "random", lang="hi"))


@pytest.mark.parametrize("lang", LANGS)
def test_each_step_prompt_is_one_line_of_80_columns(lang: str) -> None:
    for n, dice, pages in [(1, "random", False), (40, "random", True), (40, "manual", True),
                           (12, "manual", False)]:  # fmt: skip
        prompt = _step_prompt(n, dice, pages, lang)
        assert cells(prompt) <= 79, prompt


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade", "eight-man"])
def test_the_steps_words_in_hindi_and_kannada_have_no_english(ruleset: str) -> None:
    rng = random.Random(3)
    pos = Position.start(ruleset, players=2 if ruleset == "eight-man" else 4)
    dice = dice_for(ruleset)
    seen = 0
    for _ in range(150):
        if pos.is_over:
            break
        turn = Turn(pos, dice.roll(rng))
        while not turn.is_complete:
            for act in turn.legal_steps():
                for lang in ("hi", "kn"):
                    words = step_description(pos, turn.current_pawns, act, lang)
                    assert words and not re.search(r"[A-Za-z]{2,}", words), (lang, words)
                    seen += 1
            turn.push(rng.choice(turn.legal_steps()))
        pos = turn.result()
    assert seen > 100


def test_say_fills_fields_and_falls_back_to_english() -> None:
    assert say("hi", "steps.head", throw="6-2") == "6-2 से संभव चालें:"
    assert say("en", "steps.head", throw="6-2") == "Legal steps with 6-2:"
    assert say("fr", "steps.head", throw="6-2") == "Legal steps with 6-2:"
