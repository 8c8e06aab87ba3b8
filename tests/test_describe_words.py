"""Moves and results in words (pachisi.describe): facts of steps, their words in each language."""

from __future__ import annotations

import random
import re

import pytest

from pachisi import Position
from pachisi.describe import (
    LANGS,
    PHRASES,
    TERMS,
    dice_numbers,
    facts_text,
    place_facts,
    places_text,
    play_facts,
    step_facts,
)
from pachisi.dice import dice_for
from pachisi.moves import Turn
from pachisi.rules import Setup

SETUPS = [("parcheesi", 4), ("whitman", 2), ("pagade", 4), ("eight-man", 2)]


def walk(ruleset: str, players: int, throws: int, seed: int):
    """Every step of a random game: (position before the throw, pawns before the step, action)."""
    rng = random.Random(seed)
    pos = Position.start(ruleset, players=players)
    dice = dice_for(ruleset)
    for _ in range(throws):
        if pos.is_over:
            return
        turn = Turn(pos, dice.roll(rng))
        while not turn.is_complete:
            act = rng.choice(turn.legal_steps())
            yield pos, turn.current_pawns, act
            turn.push(act)
        pos = turn.result()


@pytest.mark.parametrize(("ruleset", "players"), SETUPS)
def test_every_step_of_a_random_game_reads_in_each_language(ruleset: str, players: int) -> None:
    kinds: set[str] = set()
    for pos, pawns, act in walk(ruleset, players, 300, seed=7):
        facts = step_facts(pos, pawns, act)
        kinds.add(facts["kind"])
        for lang in LANGS:
            text = facts_text(facts, lang)
            assert "{" not in text and "None" not in text and "?" not in text, (lang, text)
        en = facts_text(facts)
        if facts["kind"] != "option":
            assert facts["colour"].capitalize() in en
            assert "notation" not in en and not re.search(r"\b[RBYG]\d+-\d+", en)
        if act.capture:
            assert facts["captured"], (pos.to_text(), act)
            assert ("cuts " if ruleset == "pagade" else "captures ") in en
    assert {"move"} <= kinds


def test_the_phrase_catalogues_have_the_same_keys_and_no_english_left() -> None:
    keys = set(PHRASES["en"])
    for lang in LANGS:
        assert set(PHRASES[lang]) == keys, lang
    for lang in ("hi", "kn"):
        for key, text in PHRASES[lang].items():
            words = re.sub(r"\{\w+\}", "", text)
            # Only the Eight-Man set letters and the X of the X squares stay in Latin letters.
            assert not re.search(r"[a-zA-WYZ]{2,}", words), (lang, key, text)
            assert set(re.findall(r"\{\w+\}", text)) == set(
                re.findall(r"\{\w+\}", PHRASES["en"][key])
            ), (lang, key)


def test_pagade_words_are_the_terminal_terms() -> None:
    for lang in ("hi", "kn"):
        assert PHRASES[lang]["word.Home"] == TERMS[lang]["Home"]
        assert PHRASES[lang]["word.belly"] == TERMS[lang]["belly"]
        for colour in ("red", "black", "yellow", "green"):
            assert PHRASES[lang][f"colour.{colour}"] == TERMS[lang][colour]


def test_a_capture_home_and_the_belly_in_words() -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.60.66,y:0.0.0.30 0 0 - - -")
    turn = Turn(pos, (6, 2))
    words = [facts_text(step_facts(pos, turn.current_pawns, a)) for a in turn.legal_steps()]
    # Reaching HOME or the home path is said by the destination, once.
    assert "Red pawn +6: home path 2 → HOME" in words
    # Red's 60 is ring square 64: one past the star on its way out of Red's arm (RULES.md §2).
    assert "Red pawn +6: 1 past the star leaving Red's arm → home path 2" in words
    # Yellow at its 44 stands on Red's 10 (ring square 14): Red's 8 + 2 captures it.
    cap = Position.from_text("parcheesi r,y - r:0.0.0.8,y:0.0.0.44 0 0 - - -")
    turn = Turn(cap, (2, 1))
    texts = [facts_text(step_facts(cap, turn.current_pawns, a)) for a in turn.legal_steps()]
    assert "Red pawn +2: the star leaving Blue's arm → 2 past it, captures Yellow" in texts
    assert place_facts(Setup.create("pagade"), 1, 0) == {"at": "cut", "n": None, "mark": None}


#: A step in each language (issue: descriptions too long on a phone): the numbers first,
#: the destination counted from the start's mark as "it" when they share it.
SHORT = {
    "en": [
        "Red pawn +3: 1 past the star leaving Red's arm → 4 past it",
        "Red pawn +4: 1 past the star leaving Red's arm → the star ending Red's arm",
        "Red pawn +5: enters at Red's entry",
    ],
    "hi": [
        "रेड प्यादा +3: रेड भुजा से निकलते सितारे से 1 आगे → उससे 4 आगे",
        "रेड प्यादा +4: रेड भुजा से निकलते सितारे से 1 आगे → रेड भुजा के सिरे का सितारा",
        "रेड प्यादा +5: घोंसले से प्रवेश → रेड का प्रवेश खाना",
    ],
    "kn": [
        "ಕೆಂಪು ಕಾಯಿ +3: ಕೆಂಪು ತೋಳಿನಿಂದ ಹೊರಡುವ ನಕ್ಷತ್ರದಿಂದ 1 ಮುಂದೆ → ಅದರಿಂದ 4 ಮುಂದೆ",
        "ಕೆಂಪು ಕಾಯಿ +4: ಕೆಂಪು ತೋಳಿನಿಂದ ಹೊರಡುವ ನಕ್ಷತ್ರದಿಂದ 1 ಮುಂದೆ → ಕೆಂಪು ತೋಳಿನ ತುದಿಯ ನಕ್ಷತ್ರ",
        "ಕೆಂಪು ಕಾಯಿ +5: ಗೂಡಿನಿಂದ ಪ್ರವೇಶ → ಕೆಂಪು ಪ್ರವೇಶ ಚೌಕ",
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_steps_read_short_with_the_numbers_first(lang: str) -> None:
    # Red's 60 is one past the star leaving Red's arm; 64 is the star ending it (§2).
    pos = Position.from_text("parcheesi r,y - r:0.0.0.60,y:0.0.0.2 0 0 - - -")
    turn = Turn(pos, (4, 3))
    texts = [facts_text(step_facts(pos, turn.current_pawns, a), lang) for a in turn.legal_steps()]
    enter = Position.start("parcheesi", players=2)
    act = enter.turn((5, 2)).legal_steps()[0]
    texts.append(facts_text(step_facts(enter, enter.pawns, act), lang))
    for want in SHORT[lang]:
        assert want in texts, (want, texts)


def test_pagade_names_ring_squares_by_its_x_squares() -> None:
    # Red's 42 is the X square ending Yellow's arm (ring square 17 x 2), 46 the X on the
    # way into it (RULES.md §2.3): red's 43 + 3 goes from one to the other.
    setup = Setup.create("pagade")
    facts = {"kind": "move", "colour": "red", "numbers": [3], "pagade": True,
             "from": place_facts(setup, 0, 43), "to": place_facts(setup, 0, 46)}  # fmt: skip
    assert facts_text(facts) == (
        "Red pawn +3: 1 past the X ending Yellow's arm → the X entering Yellow's arm"
    )
    facts["to"] = place_facts(setup, 0, 45)
    assert facts_text(facts, "hi") == "रेड प्यादा +3: येलो भुजा के सिरे के X खाने से 1 आगे → उससे 3 आगे"
    assert facts_text(facts, "kn") == ("ಕೆಂಪು ಕಾಯಿ +3: ಹಳದಿ ತೋಳಿನ ತುದಿಯ X ಚೌಕದಿಂದ 1 ಮುಂದೆ → ಅದರಿಂದ 3 ಮುಂದೆ")


def _key(facts: dict[str, object]) -> tuple[object, ...]:
    """What tells two steps apart for a player (not the place's notation number)."""

    def place(f: object) -> object:
        return None if not isinstance(f, dict) else tuple(sorted(f.items()))

    return tuple(place(facts[k]) if k in ("from", "to") else str(facts[k]) for k in
                 ("kind", "colour", "from", "to", "numbers", "bonus", "captured"))  # fmt: skip


@pytest.mark.parametrize(("ruleset", "players"), SETUPS)
def test_different_steps_never_read_alike(ruleset: str, players: int) -> None:
    """Shorter words stay unambiguous: two steps that differ in pawn, kind, numbers, start,
    destination or capture never have the same words, in any language."""
    seen: dict[tuple[str, str], tuple[object, ...]] = {}
    rng = random.Random(11)
    pos = Position.start(ruleset, players=players)
    dice = dice_for(ruleset)
    for _ in range(200):
        if pos.is_over:
            break
        turn = Turn(pos, dice.roll(rng))
        while not turn.is_complete:
            for act in turn.legal_steps():  # every choice offered, not only the one made
                facts = step_facts(pos, turn.current_pawns, act)
                if facts["kind"] == "option":
                    continue
                for lang in LANGS:
                    text = facts_text(facts, lang)
                    assert seen.setdefault((lang, text), _key(facts)) == _key(facts), text
            turn.push(rng.choice(turn.legal_steps()))
        pos = turn.result()
    assert len(seen) > 300


def test_a_played_throw_and_the_result_by_name_and_place() -> None:
    pos = Position.start("parcheesi", players=2)
    facts = play_facts(pos, (5, 5), "R0-1 R0-1")
    assert [f["kind"] for f in facts] == ["enter", "enter"]
    done = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0")
    assert places_text(done, ["Asha", "Ravi"]) == "Asha wins; Ravi second"
    assert "player" not in places_text(done)
    assert places_text(done, ["Asha", "Ravi"], "kn") == "Asha ಗೆದ್ದರು; Ravi ಎರಡನೇ"


def test_dice_numbers_used_and_left() -> None:
    pos = Position.from_text("parcheesi r,y - r:1.2.3.4,y:0.0.0.2 0 0 - - -")
    turn = Turn(pos, (5, 5))
    turn.push(turn.legal_steps()[0])
    numbers = dice_numbers(pos, (5, 5), turn.steps)
    assert sorted((n["value"], n["bottom"]) for n in numbers) == [
        (2, True),
        (2, True),
        (5, False),
        (5, False),
    ]
    assert sum(n["used"] for n in numbers) == len(turn.steps[0].numbers)
    nest = Position.start("parcheesi", players=2)
    assert [n["value"] for n in dice_numbers(nest, (5, 5))] == [5, 5]


def test_the_parcheesi_familys_terms_are_the_words_of_the_phrases() -> None:
    """FAMILY_TERMS (the terminal's --lang on Parcheesi, Whitman, Eight-Man) uses the words
    the site's phrases use, so that both front ends name things alike."""
    from pachisi.describe import FAMILY_TERMS, RULE_PHRASES, term

    for lang in ("hi", "kn"):
        words, phrases = FAMILY_TERMS[lang], PHRASES[lang]
        assert words["HOME"] == phrases["word.HOME"]
        for colour in ("red", "blue", "yellow", "green"):
            assert words[colour] == phrases[f"colour.{colour}"]
        for word in ("pawn", "dice", "doublet"):
            assert words[word] == TERMS[lang][word]
        assert words["blockade"] == RULE_PHRASES[lang]["rule.blockade_may_advance.title"]
        assert words["nest"] == phrases["place.nest"]
        assert phrases["place.path"].startswith(words["home path"])
        assert words["safety space"] in phrases["mark.safe"]
        assert words["capture"].removesuffix("ना") in phrases["step.capture"]
        assert term("blockade", lang, "whitman") == f"blockade {words['blockade']}"
    assert term("blockade", "en", "parcheesi") == "blockade"
