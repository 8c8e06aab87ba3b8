"""Words for positions and steps that every front end shows (standard library only).

What the terminal and the web both need, owned by neither: a step described
in a few words, the result of a game, the letter of each colour, dice as
text, and Pagade's terms in Hindi and Kannada (``--lang``).

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> [dice_text((5, 2), "parcheesi"), dice_text((3, 6), "pagade")]
['⚄ ⚁', '3 6']
>>> step = pos.turn((5, 5)).legal_steps()[0]
>>> step_description(pos, pos.pawns, step)
'enter with 5'
>>> term("Home", "kn"), LETTER["yellow"]
('Home ಮನೆ', 'Y')
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ._graph import rules_for
from ._throw import IS_BOTTOM
from .board import (
    ARM_SQUARES,
    FAMILY_ENTRY,
    FAMILY_LAST_RING,
    N_RING,
    PAGADE_BELLY_OUT,
    PAGADE_LAST_RING,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
)
from .moves import BONUS, ENTER, MOVE, OPTION, PAIR, PENALTY, Action, Turn, parse_play
from .position import Position
from .rules import SWITCHES, Setup

__all__ = [
    "D6_FACES",
    "FAMILY_TERMS",
    "LANGS",
    "LETTER",
    "ONE_DIE_TERMS",
    "PHRASES",
    "RULE_PHRASES",
    "STEP_WORDS",
    "TERMS",
    "colour_label",
    "dice_numbers",
    "dice_text",
    "facts_text",
    "name_list",
    "place_facts",
    "places_facts",
    "places_text",
    "play_facts",
    "result_text",
    "rules_facts",
    "rules_text",
    "step_description",
    "step_facts",
    "step_words",
    "term",
]

#: Languages for the board's terms (``--lang``): Pagade's, or the Parcheesi family's.
LANGS = ("en", "hi", "kn")

#: Pagade's terms in the seeds' languages. Hindi: the words of the Hindi
#: instructions (seed 003), which borrow the English ones, with the
#: traditional word after a slash; Kannada: the ordinary words.
TERMS: dict[str, dict[str, str]] = {
    "hi": {
        "Pagade": "पगडे",
        "Home": "होम / घर",
        "belly": "बेली / पेट",
        "pair": "प्यादा-पेयर / जोड़ी",
        "cut": "कट / काटना",
        "pawn": "प्यादा",
        "dice": "डाइस",
        "doublet": "डबलट",
        "winner": "विजेता",
        "red": "रेड",
        "black": "ब्लैक",
        "yellow": "येलो",
        "green": "ग्रीन",
    },
    "kn": {
        "Pagade": "ಪಗಡೆ",
        "Home": "ಮನೆ",
        "belly": "ಹೊಟ್ಟೆ",
        "pair": "ಜೋಡಿ",
        "cut": "ಕತ್ತರಿಸು",
        "pawn": "ಕಾಯಿ",
        "dice": "ದಾಳ",
        "doublet": "ಜೋಡಿ ದಾಳ",
        "winner": "ಗೆದ್ದವರು",
        "red": "ಕೆಂಪು",
        "black": "ಕಪ್ಪು",
        "yellow": "ಹಳದಿ",
        "green": "ಹಸಿರು",
    },
}

#: The one-letter mark of each colour on the board (both front ends draw pawns with it).
LETTER: dict[str, str] = {"red": "R", "black": "B", "blue": "B", "yellow": "Y", "green": "G"}

#: The faces of a six-sided die, 1 to 6.
D6_FACES = "⚀⚁⚂⚃⚄⚅"


#: The Parcheesi family's terms (Parcheesi, Whitman, Eight-Man) in Hindi and
#: Kannada: the words of :data:`PHRASES` and of the site's catalogues.
FAMILY_TERMS: dict[str, dict[str, str]] = {
    "hi": {
        "HOME": "होम",
        "pawn": "प्यादा",
        "dice": "डाइस",
        "doublet": "डबलट",
        "blockade": "नाकाबंदी",
        "safety space": "सुरक्षित खाना",
        "home path": "घर का रास्ता",
        "nest": "घोंसला",
        "capture": "पकड़ना",
        "red": "रेड",
        "blue": "ब्लू",
        "yellow": "येलो",
        "green": "ग्रीन",
    },
    "kn": {
        "HOME": "ಮನೆ",
        "pawn": "ಕಾಯಿ",
        "dice": "ದಾಳ",
        "doublet": "ಜೋಡಿ ದಾಳ",
        "blockade": "ತಡೆಗೋಡೆ",
        "safety space": "ಸುರಕ್ಷಿತ ಚೌಕ",
        "home path": "ಮನೆಯ ದಾರಿ",
        "nest": "ಗೂಡು",
        "capture": "ಹಿಡಿ",
        "red": "ಕೆಂಪು",
        "blue": "ನೀಲಿ",
        "yellow": "ಹಳದಿ",
        "green": "ಹಸಿರು",
    },
}


#: The terms of Ludo and Mensch ärgere Dich nicht (RULES-LUDO.md) in Hindi and Kannada.
ONE_DIE_TERMS: dict[str, dict[str, str]] = {
    "hi": {
        "Ludo": "लूडो",
        "Home": "होम",
        "yard": "यार्ड",
        "home column": "घर का रास्ता",
        "star": "सितारा",
        "safe square": "सुरक्षित खाना",
        "block": "नाकाबंदी",
        "capture": "पकड़ना",
        "start field": "शुरुआती खाना",
        "goal": "लक्ष्य",
        "pawn": "प्यादा",
        "die": "पासा",
        "red": "रेड",
        "green": "ग्रीन",
        "yellow": "येलो",
        "blue": "ब्लू",
    },
    "kn": {
        "Ludo": "ಲೂಡೋ",
        "Home": "ಮನೆ",
        "yard": "ಅಂಗಳ",
        "home column": "ಮನೆಯ ದಾರಿ",
        "star": "ನಕ್ಷತ್ರ",
        "safe square": "ಸುರಕ್ಷಿತ ಚೌಕ",
        "block": "ತಡೆಗೋಡೆ",
        "capture": "ಹಿಡಿ",
        "start field": "ಆರಂಭದ ಚೌಕ",
        "goal": "ಗುರಿ",
        "pawn": "ಕಾಯಿ",
        "die": "ದಾಳ",
        "red": "ಕೆಂಪು",
        "green": "ಹಸಿರು",
        "yellow": "ಹಳದಿ",
        "blue": "ನೀಲಿ",
    },
}


def _terms(ruleset: str) -> dict[str, dict[str, str]]:
    if ruleset == "pagade":
        return TERMS
    return ONE_DIE_TERMS if ruleset in ("ludo", "maedn") else FAMILY_TERMS


def term(word: str, lang: str = "en", ruleset: str = "pagade") -> str:
    """``word`` with its term in ``lang`` beside it (just ``word`` for English): Pagade's
    (:data:`TERMS`), the Parcheesi family's (:data:`FAMILY_TERMS`) for its rulesets,
    or Ludo's and MADN's (:data:`ONE_DIE_TERMS`).

    >>> term("Home", "kn"), term("belly", "en"), term("blockade", "hi", "parcheesi")
    ('Home ಮನೆ', 'belly', 'blockade नाकाबंदी')
    >>> term("star", "kn", "ludo")
    'star ನಕ್ಷತ್ರ'
    """
    table = _terms(ruleset)
    local = table.get(lang, {}).get(word)
    return f"{word} {local}" if local else word


def colour_label(colour: str, ruleset: str, lang: str = "en") -> str:
    """A colour's name, capitalised, with its name in ``lang`` (:func:`term`).

    >>> colour_label("red", "pagade", "hi"), colour_label("blue", "parcheesi", "kn")
    ('Red रेड', 'Blue ನೀಲಿ')
    """
    name = colour.capitalize()
    table = _terms(ruleset)
    local = table.get(lang, {}).get(colour)
    return f"{name} {local}" if local else name


def dice_text(throw: Sequence[int], ruleset: str) -> str:
    """The throw as plain text: die faces for six-sided dice, numbers for stick dice."""
    if ruleset == "pagade":
        return " ".join(str(v) for v in throw)
    return " ".join(D6_FACES[v - 1] for v in throw)


def result_text(position: Position, names: Sequence[str] | None = None) -> str:
    """The result in words with the players' names, e.g. ``Asha (Red) wins``.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0")
    >>> result_text(pos, ["Asha", "Bo"])
    'Asha (Red) wins'
    >>> result_text(Position.start("pagade"))
    'game in progress'
    >>> jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
    >>> result_text(Position.from_text(f"pagade ry,bg - {jam} 0 0 00 - -"))
    'drawn: a dead end, no pawn can ever move again'
    """
    setup = position.setup
    colours = setup.colour_names

    def who(i: int) -> str:
        name = names[i] if names is not None and i < len(names) else f"player {i}"
        return f"{name} ({'+'.join(colours[c].capitalize() for c in setup.players[i])})"

    if position.winner is None:
        if position.is_dead_end:
            return "drawn: a dead end, no pawn can ever move again"
        return "game in progress"
    winners = " and ".join(who(i) for i in position.winner)
    text = winners + (" win" if len(position.winner) > 1 else " wins")
    rest = [i for i in position.finished if i not in position.winner]
    if rest:
        text += "; then " + ", ".join(who(i) for i in rest)
    if position.is_dead_end:
        shared = " and ".join(who(i) for i in position.places[-1])
        text += f"; a dead end: {shared} share the places left"
    elif not position.is_over:
        text += " (play goes on for the places)"
    return text


def _occupant(position: Position, pawns: Sequence[Sequence[int]], square: int) -> list[str]:
    setup = position.setup
    routes = ROUTES[setup.ruleset]
    names = setup.colour_names
    found = [names[c] for c in setup.colours_in_play for p in pawns[c] if routes[c][p] == square]
    return sorted(set(found))


#: The few words of :func:`step_description` (the terminal's numbered list of steps), per
#: language; the game terms in them are those of :data:`TERMS` and :data:`FAMILY_TERMS`.
STEP_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "enter": "enter with {n}",
        "enter.bare": "enter",
        "reenter": "re-enter with {n}",
        "reenter.bare": "re-enter",
        "pair": "{pair} moves together, {n}",
        "bonus": "bonus {n}",
        "move": "move {n}",
        "move.bare": "move",
        "capture": "{verb} {victims}",
        "belly": "into the {belly}",
        "yard": "back to the {yard}",
        "penalty": "third doublet: back to the nest",
        "and": " and ",
        "option.A": "tops and bottoms, {free} only",
        "option.B": "the two tops, {nest} only",
        "option.C": "top and bottom for {free}, a top for {nest}",
    },
    "hi": {
        "enter": "{n} से प्रवेश",
        "enter.bare": "प्रवेश",
        "reenter": "{n} से फिर प्रवेश",
        "reenter.bare": "फिर प्रवेश",
        "pair": "{pair} साथ चलती है, {n}",
        "bonus": "बोनस {n}",
        "move": "{n} चलिए",
        "move.bare": "चलिए",
        "capture": "{victims} को {verb}",
        "belly": "{belly} में",
        "yard": "वापस {yard} में",
        "penalty": "तीसरा डबलट: वापस घोंसले में",
        "and": " और ",
        "option.A": "ऊपर और नीचे के अंक, केवल {free}",
        "option.B": "दोनों ऊपर के अंक, केवल {nest}",
        "option.C": "{free} के लिए ऊपर और नीचे का, {nest} के लिए ऊपर का",
    },
    "kn": {
        "enter": "{n} ಬಳಸಿ ಪ್ರವೇಶ",
        "enter.bare": "ಪ್ರವೇಶ",
        "reenter": "{n} ಬಳಸಿ ಮರುಪ್ರವೇಶ",
        "reenter.bare": "ಮರುಪ್ರವೇಶ",
        "pair": "{pair} ಒಟ್ಟಿಗೆ ನಡೆಯುತ್ತದೆ, {n}",
        "bonus": "ಬೋನಸ್ {n}",
        "move": "{n} ನಡೆ",
        "move.bare": "ನಡೆ",
        "capture": "{victims} ಅನ್ನು {verb}",
        "belly": "{belly} ಒಳಗೆ",
        "yard": "{yard} ಗೆ ಹಿಂದಕ್ಕೆ",
        "penalty": "ಮೂರನೇ ಜೋಡಿ ದಾಳ: ಗೂಡಿಗೆ ಹಿಂದಕ್ಕೆ",
        "and": " ಮತ್ತು ",
        "option.A": "ಮೇಲಿನ ಮತ್ತು ಕೆಳಗಿನ ಮುಖಗಳು, {free} ಮಾತ್ರ",
        "option.B": "ಎರಡು ಮೇಲಿನ ಮುಖಗಳು, {nest} ಮಾತ್ರ",
        "option.C": "{free} ಗೆ ಮೇಲಿನ ಮತ್ತು ಕೆಳಗಿನ, {nest} ಗೆ ಒಂದು ಮೇಲಿನ",
    },
}


def _step_word(lang: str, key: str, **values: object) -> str:
    table = STEP_WORDS.get(lang, STEP_WORDS["en"])
    return _fill(table.get(key, STEP_WORDS["en"][key]), values)


def _local(word: str, lang: str, ruleset: str) -> str:
    """A game term in ``lang`` alone (the English word in English): :func:`term` without
    the English beside it, for a sentence written wholly in ``lang``."""
    return _terms(ruleset).get(lang, {}).get(word, word)


def step_description(
    position: Position, pawns: Sequence[Sequence[int]], act: Action, lang: str = "en"
) -> str:
    """A few words on what a step does (for the numbered list of steps), in ``lang``.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:0.0.0.8,y:0.0.0.44 0 0 - - -")
    >>> act = [a for a in pos.turn((2, 1)).legal_steps() if a.capture][0]
    >>> [step_description(pos, pos.pawns, act, lang) for lang in LANGS]
    ['move 2, capture yellow', '2 चलिए, येलो को पकड़ना', '2 ನಡೆ, ಹಳದಿ ಅನ್ನು ಹಿಡಿ']
    """
    setup = position.setup
    pagade = setup.ruleset == "pagade"
    home = setup.home
    nums = "+".join(str(n) for n in act.numbers)
    if act.kind == OPTION:
        return _option_description(position, act.option, lang)
    if act.kind == PENALTY:
        return _step_word(lang, "penalty")
    if setup.ruleset in ("ludo", "maedn"):
        return _one_die_description(position, act, lang)
    words: list[str] = []
    if act.kind == ENTER:
        key = "reenter" if pagade else "enter"
        words.append(_step_word(lang, key if nums else f"{key}.bare", n=nums))
    elif act.kind == PAIR:
        words.append(_step_word(lang, "pair", pair=_local("pair", lang, "pagade"), n=nums))
    elif act.kind == BONUS:
        words.append(_step_word(lang, "bonus", n=act.numbers[0]))
    elif act.kind == MOVE:
        words.append(_step_word(lang, "move" if nums else "move.bare", n=nums))
    if act.capture:
        found = _occupant(position, pawns, ROUTES[setup.ruleset][act.colour][act.to])
        victims = _step_word(lang, "and").join(
            _phrase(lang, f"colour.{c}") if lang != "en" else c for c in found
        )
        verb = _local("cut" if pagade else "capture", lang, setup.ruleset)
        words.append(_step_word(lang, "capture", verb=verb, victims=victims).strip())
    if act.to == home:
        words.append(_local("Home" if pagade else "HOME", lang, setup.ruleset))
    elif pagade and act.frm <= 76 < act.to:
        words.append(_step_word(lang, "belly", belly=_local("belly", lang, "pagade")))
    return ", ".join(words)


def _one_die_description(position: Position, act: Action, lang: str) -> str:
    """:func:`step_description` for Ludo and MADN (RULES-LUDO.md): one die moves one pawn;
    the victims of a capture are the pawns the engine sends to their yard."""
    from .moves import legal_plays  # the throw's outcomes: one step each

    setup = position.setup
    ludo = setup.ruleset == "ludo"
    last = 51 if ludo else 40
    nums = "+".join(str(n) for n in act.numbers)
    words = [_step_word(lang, "enter" if act.kind == ENTER else "move", n=nums)]
    if act.capture:
        found: list[str] = []
        for play in legal_plays(position, act.numbers):
            if play.actions and play.actions[0] == act:
                after = play.position.pawns
                found = [
                    setup.colour_names[c]
                    for c in setup.colours_in_play
                    if c != act.colour and after[c].count(0) > position.pawns[c].count(0)
                ]
                break
        victims = _step_word(lang, "and").join(
            _phrase(lang, f"colour.{c}") if lang != "en" else c for c in found
        )
        verb = _local("capture", lang, setup.ruleset)
        words.append(_step_word(lang, "capture", verb=verb, victims=victims).strip())
    if act.frm > 0 and act.to == 0:  # sent to its own yard (ludopy's rules)
        words.append(_step_word(lang, "yard", yard=_local("yard", lang, setup.ruleset)))
    elif ludo and act.to == setup.home:
        words.append(_local("Home", lang, setup.ruleset))
    elif act.frm <= last < act.to:
        into = _local("home column" if ludo else "goal", lang, setup.ruleset)
        words.append(_step_word(lang, "belly", belly=into))
    return ", ".join(words)


def _option_description(position: Position, option: str, lang: str = "en") -> str:
    """Eight-Man number sets A, B, C (RULES.md §7) in words."""
    setup = position.setup
    names = setup.colour_names
    cols = setup.players[position.to_move]
    nest = [c for c in cols if 0 in position.pawns[c]]
    free = [c for c in cols if c not in nest]

    def name(found: list[int]) -> str:
        if not found:
            return "?"
        return names[found[0]] if lang == "en" else _phrase(lang, f"colour.{names[found[0]]}")

    if option not in ("A", "B", "C"):
        return ""
    return _step_word(lang, f"option.{option}", free=name(free), nest=name(nest))


# -- moves and results in words, in every language of the site ----------------------------
#
# A step is first reduced to its *facts* (a JSON-ready dict: which pawn, from
# where to where, with which numbers, what it captured or reached), then
# written in a language by :func:`facts_text` from the templates of
# :data:`PHRASES`. The web client receives the facts and the same templates,
# so that every viewer reads the game in his own language.

#: Templates of the words for steps, places and results, per language
#: (``{name}`` is filled in). Pagade's terms are those of :data:`TERMS`.
PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "pawn": "{colour} pawn",
        "pair": "{colour} pair",
        "step.enter": "{who} +{numbers}: enters at {to}",
        "step.reenter": "{who} +{numbers}: re-enters at {to}",
        "step.move": "{who} +{numbers}: {from} → {to}",
        "step.bonus": "{who} +{bonus} (bonus): {from} → {to}",
        "step.penalty": "third doublet, {who}: {from} → {to}",
        "step.option.A": "number set A: tops and bottoms, {free} only",
        "step.option.B": "number set B: the two tops, {nest} only",
        "step.option.C": "number set C: a top and a bottom for {free}, a top for {nest}",
        "step.capture": "captures {victims}",
        "step.cut": "cuts {victims}",
        "sep": ", ",
        "and": " and ",
        "comma": ", ",
        "place.nest": "the nest",
        "place.cut": "off the board",
        "place.square": "square {n}",
        "place.path": "home path {n}",
        "place.belly": "{belly} {n}",
        "place.home": "{home}",
        "mark.safe": "{place} (safety space)",
        "mark.castle": "{place} (X square)",
        "mark.entry": "{place} (its entry)",
        "ref.end": "the {mark} ending {colour}'s arm",
        "ref.out": "the {mark} leaving {colour}'s arm",
        "ref.in": "the {mark} entering {colour}'s arm",
        "ref.entry": "{colour}'s entry",
        "past.end": "{n} past the {mark} ending {colour}'s arm",
        "past.out": "{n} past the {mark} leaving {colour}'s arm",
        "past.in": "{n} past the {mark} entering {colour}'s arm",
        "past.entry": "{n} past {colour}'s entry",
        "past.same": "{n} past it",
        "word.star": "star",
        "word.x": "X",
        "word.star.past": "star",
        "word.x.past": "X",
        "word.HOME": "HOME",
        "word.Home": "Home",
        "word.belly": "belly",
        "colour.red": "Red",
        "colour.black": "Black",
        "colour.blue": "Blue",
        "colour.yellow": "Yellow",
        "colour.green": "Green",
        "result.wins": "{who} wins",
        "result.win": "{who} win",
        "result.place": "{who} {ordinal}",
        "result.share": "{who} share {ordinal} place",
        "result.draw": "drawn: a dead end, no pawn can ever move again",
        "result.playing": "game in progress",
        "ordinal.1": "first",
        "ordinal.2": "second",
        "ordinal.3": "third",
        "ordinal.4": "fourth",
        # The ladder of computer levels (pachisi.bots.LADDER) and what each does.
        "level.beginner": "Beginner",
        "level.casual": "Casual",
        "level.strong": "Strong",
        "level.expert": "Expert",
        "level.master": "Master",
        "algorithm.random": "random",
        "algorithm.greedy": "greedy",
        "algorithm.expectimax": "expectimax",
        "algorithm.learned1": "learned1",
        "algorithm.learned2": "learned2",
        "level.label": "{level} {n}",
        "level.about.random": "a random legal play",
        "level.about.greedy": "the best position after its move by a hand-made evaluation",
        "level.about.expectimax": "looks one throw ahead over every throw of the dice",
        "level.about.learned1": "a trained network, one throw ahead",
        "level.about.learned2": "a trained network, two throws ahead",
    },
    "hi": {
        "pawn": "{colour} प्यादा",
        "pair": "{colour} प्यादा-पेयर / जोड़ी",
        "step.enter": "{who} +{numbers}: घोंसले से प्रवेश → {to}",
        "step.reenter": "{who} +{numbers}: फिर प्रवेश → {to}",
        "step.move": "{who} +{numbers}: {from} → {to}",
        "step.bonus": "{who} +{bonus} (बोनस): {from} → {to}",
        "step.penalty": "तीसरा डबलट, {who}: {from} → {to}",
        "step.option.A": "अंक-समूह A: ऊपर और नीचे के अंक, केवल {free}",
        "step.option.B": "अंक-समूह B: दोनों ऊपर के अंक, केवल {nest}",
        "step.option.C": "अंक-समूह C: {free} के लिए ऊपर और नीचे का एक-एक, {nest} के लिए ऊपर का एक",
        "step.capture": "{victims} को पकड़ता है",
        "step.cut": "{victims} को कट करता है",
        "sep": ", ",
        "and": " और ",
        "comma": ", ",
        "place.nest": "घोंसला",
        "place.cut": "बोर्ड से बाहर",
        "place.square": "खाना {n}",
        "place.path": "घर का रास्ता {n}",
        "place.belly": "{belly} {n}",
        "place.home": "{home}",
        "mark.safe": "{place} (सुरक्षित खाना)",
        "mark.castle": "{place} (X खाना)",
        "mark.entry": "{place} (प्रवेश का खाना)",
        "ref.end": "{colour} भुजा के सिरे का {mark}",
        "ref.out": "{colour} भुजा से निकलता {mark}",
        "ref.in": "{colour} भुजा में आता {mark}",
        "ref.entry": "{colour} का प्रवेश खाना",
        "past.end": "{colour} भुजा के सिरे के {mark} से {n} आगे",
        "past.out": "{colour} भुजा से निकलते {mark} से {n} आगे",
        "past.in": "{colour} भुजा में आते {mark} से {n} आगे",
        "past.entry": "{colour} के प्रवेश खाने से {n} आगे",
        "past.same": "उससे {n} आगे",
        "word.star": "सितारा",
        "word.x": "X खाना",
        "word.star.past": "सितारे",
        "word.x.past": "X खाने",
        "word.HOME": "होम",
        "word.Home": "होम / घर",
        "word.belly": "बेली / पेट",
        "colour.red": "रेड",
        "colour.black": "ब्लैक",
        "colour.blue": "ब्लू",
        "colour.yellow": "येलो",
        "colour.green": "ग्रीन",
        "result.wins": "विजेता: {who}",
        "result.win": "विजेता: {who}",
        "result.place": "{ordinal}: {who}",
        "result.share": "{ordinal} स्थान साझा: {who}",
        "result.draw": "बराबरी: गतिरोध, अब कोई प्यादा कभी नहीं चल सकता",
        "result.playing": "खेल जारी है",
        "ordinal.1": "पहला",
        "ordinal.2": "दूसरा",
        "ordinal.3": "तीसरा",
        "ordinal.4": "चौथा",
        # The ladder of computer levels (pachisi.bots.LADDER) and what each does.
        "level.beginner": "नौसिखिया",
        "level.casual": "शौक़िया",
        "level.strong": "मज़बूत",
        "level.expert": "विशेषज्ञ",
        "level.master": "उस्ताद",
        "algorithm.random": "यादृच्छिक",
        "algorithm.greedy": "लालची",
        "algorithm.expectimax": "एक्सपेक्टिमैक्स",
        "algorithm.learned1": "सीखा हुआ-1",
        "algorithm.learned2": "सीखा हुआ-2",
        "level.label": "{level} {n}",
        "level.about.random": "नियम से चलने योग्य चालों में से कोई भी एक, यादृच्छिक",
        "level.about.greedy": "हाथ से बने मूल्यांकन के अनुसार चाल के बाद की सबसे अच्छी स्थिति",
        "level.about.expectimax": "पासों की हर फेंक पर एक फेंक आगे देखता है",
        "level.about.learned1": "प्रशिक्षित नेटवर्क, एक फेंक आगे",
        "level.about.learned2": "प्रशिक्षित नेटवर्क, दो फेंक आगे",
    },
    "kn": {
        "pawn": "{colour} ಕಾಯಿ",
        "pair": "{colour} ಜೋಡಿ",
        "step.enter": "{who} +{numbers}: ಗೂಡಿನಿಂದ ಪ್ರವೇಶ → {to}",
        "step.reenter": "{who} +{numbers}: ಮರುಪ್ರವೇಶ → {to}",
        "step.move": "{who} +{numbers}: {from} → {to}",
        "step.bonus": "{who} +{bonus} (ಬೋನಸ್): {from} → {to}",
        "step.penalty": "ಮೂರನೇ ಜೋಡಿ ದಾಳ, {who}: {from} → {to}",
        "step.option.A": "ಸಂಖ್ಯೆ ಗುಂಪು A: ಮೇಲಿನ ಮತ್ತು ಕೆಳಗಿನ ಮುಖಗಳು, {free} ಮಾತ್ರ",
        "step.option.B": "ಸಂಖ್ಯೆ ಗುಂಪು B: ಎರಡು ಮೇಲಿನ ಮುಖಗಳು, {nest} ಮಾತ್ರ",
        "step.option.C": ("ಸಂಖ್ಯೆ ಗುಂಪು C: {free} ಗೆ ಒಂದು ಮೇಲಿನ ಮತ್ತು ಒಂದು ಕೆಳಗಿನ, {nest} ಗೆ ಒಂದು ಮೇಲಿನ"),
        "step.capture": "{victims} ಅನ್ನು ಹಿಡಿಯುತ್ತದೆ",
        "step.cut": "{victims} ಅನ್ನು ಕತ್ತರಿಸುತ್ತದೆ",
        "sep": ", ",
        "and": " ಮತ್ತು ",
        "comma": ", ",
        "place.nest": "ಗೂಡು",
        "place.cut": "ಹಾಸಿನ ಹೊರಗೆ",
        "place.square": "ಚೌಕ {n}",
        "place.path": "ಮನೆಯ ದಾರಿ {n}",
        "place.belly": "{belly} {n}",
        "place.home": "{home}",
        "mark.safe": "{place} (ಸುರಕ್ಷಿತ ಚೌಕ)",
        "mark.castle": "{place} (X ಚೌಕ)",
        "mark.entry": "{place} (ಪ್ರವೇಶದ ಚೌಕ)",
        "ref.end": "{colour} ತೋಳಿನ ತುದಿಯ {mark}",
        "ref.out": "{colour} ತೋಳಿನಿಂದ ಹೊರಡುವ {mark}",
        "ref.in": "{colour} ತೋಳಿನೊಳಗೆ ಬರುವ {mark}",
        "ref.entry": "{colour} ಪ್ರವೇಶ ಚೌಕ",
        "past.end": "{colour} ತೋಳಿನ ತುದಿಯ {mark} {n} ಮುಂದೆ",
        "past.out": "{colour} ತೋಳಿನಿಂದ ಹೊರಡುವ {mark} {n} ಮುಂದೆ",
        "past.in": "{colour} ತೋಳಿನೊಳಗೆ ಬರುವ {mark} {n} ಮುಂದೆ",
        "past.entry": "{colour} ಪ್ರವೇಶ ಚೌಕದಿಂದ {n} ಮುಂದೆ",
        "past.same": "ಅದರಿಂದ {n} ಮುಂದೆ",
        "word.star": "ನಕ್ಷತ್ರ",
        "word.x": "X ಚೌಕ",
        "word.star.past": "ನಕ್ಷತ್ರದಿಂದ",
        "word.x.past": "X ಚೌಕದಿಂದ",
        "word.HOME": "ಮನೆ",
        "word.Home": "ಮನೆ",
        "word.belly": "ಹೊಟ್ಟೆ",
        "colour.red": "ಕೆಂಪು",
        "colour.black": "ಕಪ್ಪು",
        "colour.blue": "ನೀಲಿ",
        "colour.yellow": "ಹಳದಿ",
        "colour.green": "ಹಸಿರು",
        "result.wins": "{who} ಗೆದ್ದರು",
        "result.win": "{who} ಗೆದ್ದರು",
        "result.place": "{who} {ordinal}",
        "result.share": "{who} {ordinal} ಸ್ಥಾನ ಹಂಚಿಕೊಂಡರು",
        "result.draw": "ಸಮಬಲ: ಯಾವ ಕಾಯಿಯೂ ಇನ್ನು ಚಲಿಸಲಾರದು",
        "result.playing": "ಆಟ ನಡೆಯುತ್ತಿದೆ",
        "ordinal.1": "ಮೊದಲನೇ",
        "ordinal.2": "ಎರಡನೇ",
        "ordinal.3": "ಮೂರನೇ",
        "ordinal.4": "ನಾಲ್ಕನೇ",
        # The ladder of computer levels (pachisi.bots.LADDER) and what each does.
        "level.beginner": "ಆರಂಭಿಕ",
        "level.casual": "ಹವ್ಯಾಸಿ",
        "level.strong": "ಬಲಿಷ್ಠ",
        "level.expert": "ಪರಿಣತ",
        "level.master": "ನಿಪುಣ",
        "algorithm.random": "ಯಾದೃಚ್ಛಿಕ",
        "algorithm.greedy": "ದುರಾಸೆಯ",
        "algorithm.expectimax": "ಎಕ್ಸ್‌ಪೆಕ್ಟಿಮ್ಯಾಕ್ಸ್",
        "algorithm.learned1": "ಕಲಿತ-1",
        "algorithm.learned2": "ಕಲಿತ-2",
        "level.label": "{level} {n}",
        "level.about.random": "ನಿಯಮಬದ್ಧ ನಡೆಗಳಲ್ಲಿ ಯಾದೃಚ್ಛಿಕವಾಗಿ ಒಂದು",
        "level.about.greedy": "ಕೈಯಿಂದ ಮಾಡಿದ ಮೌಲ್ಯಮಾಪನದಂತೆ ನಡೆಯ ನಂತರದ ಅತ್ಯುತ್ತಮ ಸ್ಥಿತಿ",
        "level.about.expectimax": "ದಾಳಗಳ ಪ್ರತಿ ಎಸೆತದ ಮೇಲೆ ಒಂದು ಎಸೆತ ಮುಂದೆ ನೋಡುತ್ತದೆ",
        "level.about.learned1": "ತರಬೇತಿ ಪಡೆದ ನೆಟ್‌ವರ್ಕ್, ಒಂದು ಎಸೆತ ಮುಂದೆ",
        "level.about.learned2": "ತರಬೇತಿ ಪಡೆದ ನೆಟ್‌ವರ್ಕ್, ಎರಡು ಎಸೆತ ಮುಂದೆ",
    },
}

_FIELD = re.compile(r"\{(\w+)\}")


def _fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``{name}`` replaced by ``values[name]`` (as the web client does)."""
    return _FIELD.sub(lambda m: str(values.get(m.group(1), m.group(0))), template)


def _phrase(lang: str, key: str, **values: object) -> str:
    table = PHRASES.get(lang, PHRASES["en"])
    return _fill(table.get(key, PHRASES["en"][key]), values)


def name_list(names: Sequence[str], lang: str = "en") -> str:
    """Names as a list in ``lang``: ``A``, ``A and B``, ``A, B and C``.

    >>> name_list(["Asha", "Ravi", "Bo"]), name_list(["Asha", "Ravi"], "hi")
    ('Asha, Ravi and Bo', 'Asha और Ravi')
    """
    if len(names) < 2:
        return "".join(names)
    return _phrase(lang, "comma").join(names[:-1]) + _phrase(lang, "and") + names[-1]


#: The marked squares of each arm of the ring, by their place in the arm's 17
#: (RULES.md §2): what they are, and the arm whose colour names them (0: this
#: arm, 1: the next one, where the square lies on the board). The ring squares
#: ``17a`` to ``17a + 16`` run from the end of arm ``a`` (the square in front of
#: its home path or belly) up the arm's incoming column and out along the next
#: arm's outgoing column.
_MARKS: dict[str, dict[int, tuple[str, int]]] = {
    "family": {0: ("end", 0), FAMILY_ENTRY + 4: ("entry", 0), 12: ("out", 1)},
    "pagade": {0: ("end", 0), 4: ("in", 0), 13: ("out", 1)},
}


def _board_ref(setup: Setup, square: int) -> dict[str, Any]:
    """A ring square named as the board shows it: the last marked square at or before it.

    ``ref`` is ``end`` (the star, or X, at the end of an arm), ``entry`` (a
    colour's entry), ``out`` or ``in`` (the star or X on an arm's outgoing or
    incoming column); ``arm`` the colour of the arm it is on; ``after`` how many
    squares past it (0: the marked square itself).
    """
    marks = _MARKS["pagade" if setup.ruleset == "pagade" else "family"]
    names = setup.colour_names
    for after in range(ARM_SQUARES):
        s = (square - after) % N_RING
        if s % ARM_SQUARES in marks:
            ref, shift = marks[s % ARM_SQUARES]
            arm = names[(s // ARM_SQUARES + shift) % len(names)]
            return {"ref": ref, "arm": arm, "after": after}
    raise AssertionError(f"no marked square before ring square {square}")  # pragma: no cover


def place_facts(setup: Setup, colour: int, p: int) -> dict[str, Any]:
    """Where a pawn of ``colour`` at progress ``p`` stands, in the board's terms.

    ``at`` is ``nest`` (off the board before entering), ``cut`` (Pagade: cut,
    waiting to re-enter), ``square`` (``n``: its progress, as the notation
    counts), ``path`` (the Parcheesi home path, ``n`` 1..7), ``belly`` (Pagade,
    ``n`` 1..7 from the centre on the way out, or from the ring on the way
    Home) or ``home``; ``mark`` is ``safe``, ``castle``, ``entry`` or ``None``.
    A square of the ring is also named as the board shows it (it draws no
    numbers), by the marked square at or before it (:func:`_board_ref`):
    ``ref``, ``arm`` and ``after``.

    >>> from pachisi.rules import Setup
    >>> place_facts(Setup.create("parcheesi"), 0, 1)
    {'at': 'square', 'n': 1, 'mark': 'entry', 'ref': 'entry', 'arm': 'red', 'after': 0}
    >>> f = place_facts(Setup.create("parcheesi"), 0, 10)  # ring square 14, on Blue's arm
    >>> f["ref"], f["arm"], f["after"]
    ('out', 'blue', 2)
    >>> place_facts(Setup.create("pagade"), 0, 80)
    {'at': 'belly', 'n': 4, 'mark': None}
    """
    ruleset = setup.ruleset
    home = setup.home
    if p == home:
        return {"at": "home", "n": None, "mark": None}
    if ruleset == "pagade":
        if p == 0:
            return {"at": "cut", "n": None, "mark": None}
        if p <= PAGADE_BELLY_OUT:
            return {"at": "belly", "n": p, "mark": None}
        if p > PAGADE_LAST_RING:
            return {"at": "belly", "n": p - PAGADE_LAST_RING, "mark": None}
        square = ROUTES[ruleset][colour][p]
        mark = "castle" if square in X_SQUARES else None
        return {"at": "square", "n": p, "mark": mark, **_board_ref(setup, square)}
    if p == 0:
        return {"at": "nest", "n": None, "mark": None}
    if p > FAMILY_LAST_RING:
        return {"at": "path", "n": p - FAMILY_LAST_RING, "mark": None}
    square = ROUTES[ruleset][colour][p]
    mark = "entry" if p == FAMILY_ENTRY else "safe" if square in SAFETY_SQUARES else None
    return {"at": "square", "n": p, "mark": mark, **_board_ref(setup, square)}


def step_facts(position: Position, pawns: Sequence[Sequence[int]], act: Action) -> dict[str, Any]:
    """What a step does, as a JSON-ready dict (written out by :func:`facts_text`).

    ``pawns`` are the pawns before the step (the throw's earlier steps made).

    >>> from pachisi import Position
    >>> pos = Position.start("parcheesi", players=2)
    >>> act = pos.turn((5, 2)).legal_steps()[0]
    >>> f = step_facts(pos, pos.pawns, act)
    >>> f["kind"], f["colour"], f["from"]["at"], f["to"]["ref"], f["numbers"]
    ('enter', 'red', 'nest', 'entry', [5])
    """
    setup = position.setup
    names = setup.colour_names
    pagade = setup.ruleset == "pagade"
    facts: dict[str, Any] = {
        "kind": act.kind,
        "pagade": pagade,
        "colour": None,
        "from": None,
        "to": None,
        "numbers": [],
        "bonus": None,
        "captured": [],
        "reached": None,
        "option": act.option or None,
        "free": None,
        "nest": None,
    }
    if act.kind == OPTION:
        cols = setup.players[position.to_move]
        nest = [c for c in cols if 0 in position.pawns[c]]
        free = [c for c in cols if c not in nest]
        facts["nest"] = names[nest[0]] if nest else None
        facts["free"] = names[free[0]] if free else None
        return facts
    facts["colour"] = names[act.colour]
    facts["from"] = place_facts(setup, act.colour, act.frm)
    if act.kind == PENALTY:
        facts["to"] = place_facts(setup, act.colour, 0)
        return facts
    facts["to"] = place_facts(setup, act.colour, act.to)
    if act.kind == BONUS:
        facts["bonus"] = act.numbers[0]
    else:
        facts["numbers"] = list(act.numbers)
    if act.capture:
        square = ROUTES[setup.ruleset][act.colour][act.to]
        mine = set(setup.players[position.to_move])
        routes = ROUTES[setup.ruleset]
        facts["captured"] = sorted(
            {
                names[c]
                for c in setup.colours_in_play
                if c not in mine
                for p in pawns[c]
                if routes[c][p] == square
            }
        )
    home = setup.home
    if act.to == home:
        facts["reached"] = "home"
    elif pagade and act.frm <= PAGADE_LAST_RING < act.to:
        facts["reached"] = "belly"
    elif not pagade and act.frm <= FAMILY_LAST_RING < act.to:
        facts["reached"] = "path"
    return facts


def _same_ref(place: Mapping[str, Any] | None, since: Mapping[str, Any] | None) -> bool:
    """Whether ``place`` is named from the same marked square as ``since`` and lies past it."""
    if not place or not since or not place.get("ref") or not place.get("after"):
        return False
    return bool(place["ref"] == since.get("ref") and place.get("arm") == since.get("arm"))


def _place_text(
    place: Mapping[str, Any], pagade: bool, lang: str, since: Mapping[str, Any] | None = None
) -> str:
    """A place in words; named from the mark of ``since`` (the step's start) as "it" when
    both are counted from the same marked square ("1 past the star leaving Red's arm → 4
    past it")."""
    if place.get("ref"):  # a ring square, as the board shows it
        after = place.get("after") or 0
        if _same_ref(place, since):
            return _phrase(lang, "past.same", n=after)
        colour = _phrase(lang, f"colour.{place['arm']}")
        word = "word.x" if pagade else "word.star"
        if not after:
            return _phrase(lang, f"ref.{place['ref']}", colour=colour, mark=_phrase(lang, word))
        mark = _phrase(lang, f"{word}.past")
        return _phrase(lang, f"past.{place['ref']}", colour=colour, mark=mark, n=after)
    home = _phrase(lang, "word.Home" if pagade else "word.HOME")
    belly = _phrase(lang, "word.belly")
    text = _phrase(lang, f"place.{place['at']}", n=place.get("n"), home=home, belly=belly)
    if place.get("mark"):
        text = _phrase(lang, f"mark.{place['mark']}", place=text)
    return text


def facts_text(facts: Mapping[str, Any], lang: str = "en") -> str:
    """A step's facts (:func:`step_facts`) in words in ``lang`` (``en``, ``hi`` or ``kn``).

    >>> from pachisi import Position
    >>> pos = Position.start("parcheesi", players=2)
    >>> f = step_facts(pos, pos.pawns, pos.turn((5, 2)).legal_steps()[0])
    >>> facts_text(f)
    "Red pawn +5: enters at Red's entry"
    >>> facts_text(f, "kn")
    'ಕೆಂಪು ಕಾಯಿ +5: ಗೂಡಿನಿಂದ ಪ್ರವೇಶ → ಕೆಂಪು ಪ್ರವೇಶ ಚೌಕ'
    """
    keys = ("free", "nest")
    kind = facts["kind"]
    pagade = bool(facts.get("pagade"))
    if kind == OPTION:
        sets = {k: _phrase(lang, f"colour.{facts[k]}") if facts.get(k) else "?" for k in keys}
        return _phrase(lang, f"step.option.{facts['option']}", **sets)
    colour = _phrase(lang, f"colour.{facts['colour']}")
    who = _phrase(lang, "pair" if kind == PAIR else "pawn", colour=colour)
    and_ = _phrase(lang, "and")
    values = {
        "who": who,
        "from": _place_text(facts["from"], pagade, lang),
        "to": _place_text(facts["to"], pagade, lang, since=facts["from"]),
        "numbers": "+".join(str(n) for n in facts.get("numbers") or []),
        "bonus": facts.get("bonus"),
    }
    key = {ENTER: "step.reenter" if pagade else "step.enter", PAIR: "step.move"}.get(
        kind, f"step.{kind}"
    )
    words = [_phrase(lang, key, **values)]
    if facts.get("captured"):
        victims = and_.join(_phrase(lang, f"colour.{c}") for c in facts["captured"])
        words.append(_phrase(lang, "step.cut" if pagade else "step.capture", victims=victims))
    # Reaching HOME, the home path or the belly needs no words of its own: the step's
    # destination says it ("home path 2 → HOME").
    return _phrase(lang, "sep").join(words)


def step_words(
    position: Position, pawns: Sequence[Sequence[int]], act: Action, lang: str = "en"
) -> str:
    """A step in words: which pawn, from where to where, with which numbers, what it did.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:0.0.0.60,y:0.0.0.2 0 0 - - -")
    >>> [step_words(pos, pos.pawns, a) for a in pos.turn((4, 3)).legal_steps()][-1]
    "Red pawn +4: 1 past the star leaving Red's arm → the star ending Red's arm"
    >>> step_words(pos, pos.pawns, pos.turn((4, 3)).legal_steps()[-2], "hi")
    'रेड प्यादा +3: रेड भुजा से निकलते सितारे से 1 आगे → उससे 4 आगे'
    """
    return facts_text(step_facts(position, pawns, act), lang)


@functools.lru_cache(maxsize=8192)
def _play_facts(position: Position, throw: tuple[int, ...], notation: str) -> tuple[str, ...]:
    """The facts of each step of a play, as JSON texts (cached: plays never change)."""
    if notation.strip() in ("", "-"):
        return ()
    play = parse_play(position, throw, notation)
    turn = Turn(position, throw)
    out: list[str] = []
    for act in play.actions:
        facts = step_facts(position, turn.current_pawns, act)
        out.append(json.dumps(facts, ensure_ascii=False))
        turn.push(act)
    return tuple(out)


def play_facts(position: Position, throw: Sequence[int], notation: str) -> list[dict[str, Any]]:
    """The facts of every step of a play written in the notation (``-``: none).

    >>> from pachisi import Position
    >>> pos = Position.start("parcheesi", players=2)
    >>> [facts_text(f) for f in play_facts(pos, (5, 5), "R0-1 R0-1")][1]
    "Red pawn +5: enters at Red's entry"
    >>> play_facts(pos, (6, 4), "-")
    []
    """
    return [json.loads(t) for t in _play_facts(position, tuple(throw), notation)]


def places_facts(position: Position) -> list[dict[str, Any]]:
    """The result by places: ``win``, ``place`` and ``share`` entries with their seats.

    Empty while nobody has finished; one ``draw`` entry for a dead end with no
    winner. ``place`` counts from 2 (second).

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0")
    >>> places_facts(pos)
    [{'kind': 'win', 'seats': [0]}, {'kind': 'place', 'seats': [1], 'place': 2}]
    """
    if position.winner is None:
        if position.is_dead_end:
            return [{"kind": "draw", "seats": list(range(len(position.setup.players)))}]
        return []
    winners = list(position.winner)
    out: list[dict[str, Any]] = [{"kind": "win", "seats": winners}]
    rank = 2
    for group in position.places:
        seats = [i for i in group if i not in winners]
        if not seats:
            continue
        last = len(seats) > 1 or (position.is_over and group is position.places[-1])
        if len(seats) == 1 and not (position.is_dead_end and last):
            out.append({"kind": "place", "seats": seats, "place": rank})
        else:
            out.append({"kind": "share", "seats": seats, "place": rank})
        rank += 1
    return out


def places_text(position: Position, names: Sequence[str] | None = None, lang: str = "en") -> str:
    """The result by name and place, e.g. ``Asha wins; Ravi second``.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0")
    >>> places_text(pos, ["Asha", "Ravi"]), places_text(pos, None, "hi")
    ('Asha wins; Ravi second', 'विजेता: रेड; दूसरा: येलो')
    >>> text = "parcheesi r,y,b - r:72.72.72.72,y:0.0.0.9,b:0.0.0.0 1 0 - 0 0"
    >>> places_text(Position.from_text(text), ["Asha", "Ravi", "Bo"])
    'Asha wins; Ravi and Bo share second place'
    """
    colours = position.setup.colour_names

    def name(i: int) -> str:
        if names is not None and i < len(names) and names[i]:
            return names[i]
        return "+".join(_phrase(lang, f"colour.{colours[c]}") for c in position.setup.players[i])

    entries = places_facts(position)
    if not entries:
        return _phrase(lang, "result.playing")
    parts: list[str] = []
    for e in entries:
        who = name_list([name(i) for i in e["seats"]], lang)
        if e["kind"] == "draw":
            parts.append(_phrase(lang, "result.draw"))
        elif e["kind"] == "win":
            key = "result.win" if len(e["seats"]) > 1 else "result.wins"
            parts.append(_phrase(lang, key, who=who))
        else:
            ordinal = _phrase(lang, f"ordinal.{e['place']}")
            parts.append(_phrase(lang, f"result.{e['kind']}", who=who, ordinal=ordinal))
    return "; ".join(parts)


def dice_numbers(
    position: Position, throw: Sequence[int], steps: Sequence[Action] = ()
) -> list[dict[str, Any]]:
    """The numbers a throw gives, each marked used or not after ``steps``.

    Each entry is ``{"value", "bottom", "used"}``: a Parcheesi-family doublet
    gives the bottom faces too (7 minus the top) once none of the mover's
    colours has a pawn in its nest (RULES.md, numbers of a throw); an
    Eight-Man doublet with one colour still in its nest offers number sets,
    and until one is chosen only the two tops are listed.

    >>> from pachisi import Position
    >>> pos = Position.from_text("parcheesi r,y - r:1.2.3.4,y:0.0.0.2 0 0 - - -")
    >>> [(n["value"], n["bottom"]) for n in dice_numbers(pos, (5, 5))]
    [(5, False), (5, False), (2, True), (2, True)]
    """
    t = (int(throw[0]), int(throw[1]))
    sets = rules_for(position, t).number_sets()
    chosen = sets[0][1]
    option = next((a.option for a in steps if a.kind == OPTION), None)
    if option is not None:
        chosen = next((nums for name, nums in sets if name == option), chosen)
    elif len(sets) > 1:
        chosen = (t[0], t[1])
    pagade = position.setup.ruleset == "pagade"
    numbers = [
        {"value": n if pagade else n & 7, "bottom": (not pagade) and IS_BOTTOM[n], "used": False}
        for n in chosen
    ]
    numbers.sort(key=lambda e: (e["bottom"], -e["value"]))
    for act in steps:
        if act.kind in (BONUS, OPTION, PENALTY):
            continue
        for value in act.numbers:
            for e in numbers:
                if not e["used"] and e["value"] == value:
                    e["used"] = True
                    break
    if any(a.kind == PENALTY for a in steps):
        for e in numbers:
            e["used"] = True
    return numbers


# -- the rules in words ----------------------------------------------------------------------

#: Each rule switch (``rule.NAME.title``) and each of its values in words, per
#: language (``rule.NAME.VALUE``; an integer switch has ``rule.NAME`` with ``{n}``
#: and ``rule.NAME.0``). Added to :data:`PHRASES` below, so that the site's
#: catalogues hold them.
RULE_PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "rule.first_player.title": "Who starts",
        "rule.first_player.highest": "Everyone throws; the highest throw starts.",
        "rule.first_player.lowest": "Everyone throws; the lowest throw starts.",
        "rule.sum_move.title": "One pawn using several numbers",
        "rule.sum_move.jump": "It makes one jump of their sum: only the square it lands on counts.",
        "rule.sum_move.hops": "It moves by one number, then the next: every stop must be allowed.",
        "rule.pair_move.title": "A pair on a doublet",
        "rule.pair_move.die": "Two pawns moving together as a pair go the number of one die.",
        "rule.pair_move.double": (
            "Two pawns moving together as a pair go twice the number of one die."
        ),
        "rule.cut_to_enter_home.title": "Cutting before going Home",
        "rule.cut_to_enter_home.true": (
            "A player must first cut a pawn of an opponent before his pawns may turn into the "
            "belly towards Home."
        ),
        "rule.cut_to_enter_home.false": (
            "Pawns may turn into the belly towards Home without having cut anyone."
        ),
        "rule.safe_x_squares.title": "The X squares",
        "rule.safe_x_squares.true": "A pawn on an X-marked square cannot be cut.",
        "rule.safe_x_squares.false": (
            "The X-marked squares protect nobody: a pawn on one can be cut."
        ),
        "rule.play_for_places.title": "After the winner",
        "rule.play_for_places.true": (
            "When a player or team wins, the others play on for the places."
        ),
        "rule.play_for_places.false": "The game ends as soon as a player or team wins.",
        "rule.larger_die.title": "Only one die usable",
        "rule.larger_die.true": (
            "When only one die of a throw that is not a doublet can be used, it must be the larger"
            " one whenever that one can be used."
        ),
        "rule.larger_die.false": (
            "When only one die of a throw that is not a doublet can be used, the player chooses "
            "which."
        ),
        "rule.capture_bonus": "Each capture earns a bonus move of {n} squares.",
        "rule.capture_bonus.0": "A capture earns no bonus move.",
        "rule.home_bonus": "Each pawn reaching HOME earns a bonus move of {n} squares.",
        "rule.home_bonus.0": "A pawn reaching HOME earns no bonus move.",
        "rule.blockade_may_advance.title": "Blockades",
        "rule.blockade_may_advance.true": (
            "The two pawns of a blockade may move on and stand together again on another square at"
            " the end of the throw."
        ),
        "rule.blockade_may_advance.false": (
            "The two pawns of a blockade may not stand together on another square at the end of "
            "the throw: a blockade cannot walk forward."
        ),
        "rule.partial_doubles.title": "A doublet that cannot all be used",
        "rule.partial_doubles.nothing": (
            "If not every number of a doublet can be used, nothing moves (the extra throw is kept)."
        ),
        "rule.partial_doubles.forfeit_extra_throw": (
            "If not every number of a doublet can be used, use what can be used and lose the extra"
            " throw."
        ),
        "rule.no_split_doubles_home.title": "Reaching HOME on a doublet",
        "rule.no_split_doubles_home.true": (
            "On a doublet a pawn reaches HOME by the dice only if it used every number of the "
            "throw itself."
        ),
        "rule.no_split_doubles_home.false": (
            "On a doublet a pawn may reach HOME with some of the numbers while other pawns use the"
            " rest."
        ),
        "rule.capture_bonus.title": "Bonus for a capture",
        "rule.home_bonus.title": "Bonus for a pawn reaching HOME",
        "rules.dice.d6": "Two six-sided dice, faces 1 to 6.",
        "rules.dice.sticks": "Two stick dice, with the faces 1, 3, 4 and 6.",
        "rules.pawns": "Each colour has {n} pawns; a pawn must go all round the board to {home}.",
        "rules.default": "as played by default",
        "rules.other": "may be chosen instead",
    },
    "hi": {
        "rule.first_player.title": "कौन शुरू करता है",
        "rule.first_player.highest": "सब फेंकते हैं; सबसे बड़ी फेंक वाला शुरू करता है।",
        "rule.first_player.lowest": "सब फेंकते हैं; सबसे छोटी फेंक वाला शुरू करता है।",
        "rule.sum_move.title": "एक प्यादा कई अंकों से",
        "rule.sum_move.jump": (
            "वह उनके जोड़ की एक छलांग लगाता है: केवल जिस खाने पर उतरे वही गिना जाता है।"
        ),
        "rule.sum_move.hops": "वह एक अंक, फिर अगला चलता है: हर पड़ाव नियम से होना चाहिए।",
        "rule.pair_move.title": "डबलट पर जोड़ी",
        "rule.pair_move.die": "जोड़ी में साथ चलते दो प्यादे एक डाइस का अंक चलते हैं।",
        "rule.pair_move.double": "जोड़ी में साथ चलते दो प्यादे एक डाइस का दुगना चलते हैं।",
        "rule.cut_to_enter_home.title": "होम जाने से पहले कट",
        "rule.cut_to_enter_home.true": (
            "खिलाड़ी को पहले किसी विरोधी का प्यादा कट करना होगा, तभी उसके प्यादे होम की ओर बेली / "
            "पेट में मुड़ सकते हैं।"
        ),
        "rule.cut_to_enter_home.false": ("प्यादे बिना किसी को कट किए होम की ओर बेली / पेट में मुड़ सकते हैं।"),
        "rule.safe_x_squares.title": "X वाले खाने",
        "rule.safe_x_squares.true": "X वाले खाने पर खड़ा प्यादा कट नहीं हो सकता।",
        "rule.safe_x_squares.false": ("X वाले खाने किसी को नहीं बचाते: उन पर खड़ा प्यादा कट हो सकता है।"),
        "rule.play_for_places.title": "विजेता के बाद",
        "rule.play_for_places.true": ("जब कोई खिलाड़ी या टीम जीतती है, बाकी स्थानों के लिए खेलते रहते हैं।"),
        "rule.play_for_places.false": "कोई खिलाड़ी या टीम जीतते ही खेल खत्म हो जाता है।",
        "rule.larger_die.title": "केवल एक डाइस काम का",
        "rule.larger_die.true": (
            "जब डबलट न हो और केवल एक डाइस चल सके, तो बड़ा डाइस चलना होगा, यदि वह चल सकता हो।"
        ),
        "rule.larger_die.false": "जब डबलट न हो और केवल एक डाइस चल सके, तो खिलाड़ी चुनता है कौन सा।",
        "rule.capture_bonus": "हर बार पकड़ने पर {n} खानों की बोनस चाल मिलती है।",
        "rule.capture_bonus.0": "पकड़ने पर कोई बोनस चाल नहीं मिलती।",
        "rule.home_bonus": "होम पहुँचने वाले हर प्यादे पर {n} खानों की बोनस चाल मिलती है।",
        "rule.home_bonus.0": "होम पहुँचने पर कोई बोनस चाल नहीं मिलती।",
        "rule.blockade_may_advance.title": "नाकाबंदी",
        "rule.blockade_may_advance.true": (
            "नाकाबंदी के दोनों प्यादे आगे बढ़कर फेंक के अंत में किसी दूसरे खाने पर फिर साथ खड़े हो सकते हैं।"
        ),
        "rule.blockade_may_advance.false": (
            "नाकाबंदी के दोनों प्यादे फेंक के अंत में किसी दूसरे खाने पर साथ नहीं खड़े हो सकते: "
            "नाकाबंदी आगे नहीं चल सकती।"
        ),
        "rule.partial_doubles.title": "डबलट जिसके सब अंक न चल सकें",
        "rule.partial_doubles.nothing": (
            "यदि डबलट का हर अंक न चल सके, तो कुछ नहीं चलता (अतिरिक्त फेंक बनी रहती है)।"
        ),
        "rule.partial_doubles.forfeit_extra_throw": (
            "यदि डबलट का हर अंक न चल सके, तो जो चल सके चलिए और अतिरिक्त फेंक खो दीजिए।"
        ),
        "rule.no_split_doubles_home.title": "डबलट पर होम पहुँचना",
        "rule.no_split_doubles_home.true": (
            "डबलट पर कोई प्यादा डाइस से होम तभी पहुँचता है जब उसने फेंक का हर अंक खुद चला हो।"
        ),
        "rule.no_split_doubles_home.false": (
            "डबलट पर कोई प्यादा कुछ अंकों से होम पहुँच सकता है, बाकी अंक दूसरे प्यादे चलें।"
        ),
        "rule.capture_bonus.title": "पकड़ने का बोनस",
        "rule.home_bonus.title": "होम पहुँचने का बोनस",
        "rules.dice.d6": "दो छह-मुखी डाइस, अंक 1 से 6।",
        "rules.dice.sticks": "दो लंबे डाइस, जिनके अंक 1, 3, 4 और 6 हैं।",
        "rules.pawns": ("हर रंग के {n} प्यादे हैं; प्यादे को पूरे बोर्ड का चक्कर लगाकर {home} पहुँचना है।"),
        "rules.default": "सामान्य नियम",
        "rules.other": "इसके बदले चुना जा सकता है",
    },
    "kn": {
        "rule.first_player.title": "ಯಾರು ಮೊದಲು ಆಡುತ್ತಾರೆ",
        "rule.first_player.highest": "ಎಲ್ಲರೂ ದಾಳ ಹಾಕುತ್ತಾರೆ; ಅತಿ ದೊಡ್ಡ ಎಸೆತದವರು ಮೊದಲು ಆಡುತ್ತಾರೆ.",
        "rule.first_player.lowest": "ಎಲ್ಲರೂ ದಾಳ ಹಾಕುತ್ತಾರೆ; ಅತಿ ಸಣ್ಣ ಎಸೆತದವರು ಮೊದಲು ಆಡುತ್ತಾರೆ.",
        "rule.sum_move.title": "ಒಂದು ಕಾಯಿ ಹಲವು ಸಂಖ್ಯೆಗಳಿಂದ",
        "rule.sum_move.jump": "ಅದು ಅವುಗಳ ಮೊತ್ತದ ಒಂದೇ ನೆಗೆತ ಮಾಡುತ್ತದೆ: ಇಳಿಯುವ ಚೌಕ ಮಾತ್ರ ಲೆಕ್ಕಕ್ಕೆ.",
        "rule.sum_move.hops": ("ಅದು ಒಂದು ಸಂಖ್ಯೆ, ನಂತರ ಮುಂದಿನದು ನಡೆಯುತ್ತದೆ: ಪ್ರತಿ ನಿಲುಗಡೆಯೂ ನಿಯಮಕ್ಕೆ ಸರಿಯಾಗಿರಬೇಕು."),
        "rule.pair_move.title": "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಜೋಡಿ",
        "rule.pair_move.die": "ಜೋಡಿಯಾಗಿ ಒಟ್ಟಿಗೆ ನಡೆಯುವ ಎರಡು ಕಾಯಿಗಳು ಒಂದು ದಾಳದ ಸಂಖ್ಯೆ ನಡೆಯುತ್ತವೆ.",
        "rule.pair_move.double": ("ಜೋಡಿಯಾಗಿ ಒಟ್ಟಿಗೆ ನಡೆಯುವ ಎರಡು ಕಾಯಿಗಳು ಒಂದು ದಾಳದ ಎರಡರಷ್ಟು ನಡೆಯುತ್ತವೆ."),
        "rule.cut_to_enter_home.title": "ಮನೆಗೆ ಹೋಗುವ ಮೊದಲು ಕತ್ತರಿಸುವುದು",
        "rule.cut_to_enter_home.true": (
            "ಆಟಗಾರನು ಮೊದಲು ಎದುರಾಳಿಯ ಕಾಯಿಯನ್ನು ಕತ್ತರಿಸಬೇಕು; ಆಮೇಲೆ ಮಾತ್ರ ಅವನ ಕಾಯಿಗಳು ಮನೆಯ ಕಡೆ ಹೊಟ್ಟೆಗೆ ತಿರುಗಬಹುದು."
        ),
        "rule.cut_to_enter_home.false": "ಯಾರನ್ನೂ ಕತ್ತರಿಸದೆಯೇ ಕಾಯಿಗಳು ಮನೆಯ ಕಡೆ ಹೊಟ್ಟೆಗೆ ತಿರುಗಬಹುದು.",
        "rule.safe_x_squares.title": "X ಚೌಕಗಳು",
        "rule.safe_x_squares.true": "X ಗುರುತಿನ ಚೌಕದಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ಕತ್ತರಿಸಲಾಗದು.",
        "rule.safe_x_squares.false": (
            "X ಗುರುತಿನ ಚೌಕಗಳು ಯಾರನ್ನೂ ಕಾಪಾಡುವುದಿಲ್ಲ: ಅಲ್ಲಿರುವ ಕಾಯಿಯನ್ನು ಕತ್ತರಿಸಬಹುದು."
        ),
        "rule.play_for_places.title": "ಗೆದ್ದವರ ನಂತರ",
        "rule.play_for_places.true": "ಒಬ್ಬ ಆಟಗಾರ ಅಥವಾ ತಂಡ ಗೆದ್ದಾಗ, ಉಳಿದವರು ಸ್ಥಾನಗಳಿಗಾಗಿ ಆಡುತ್ತಾರೆ.",
        "rule.play_for_places.false": "ಒಬ್ಬ ಆಟಗಾರ ಅಥವಾ ತಂಡ ಗೆದ್ದ ಕೂಡಲೇ ಆಟ ಮುಗಿಯುತ್ತದೆ.",
        "rule.larger_die.title": "ಒಂದೇ ದಾಳ ಬಳಸಬಹುದಾದಾಗ",
        "rule.larger_die.true": ("ಜೋಡಿ ಅಲ್ಲದ ಎಸೆತದಲ್ಲಿ ಒಂದೇ ದಾಳ ಬಳಸಬಹುದಾದರೆ, ಸಾಧ್ಯವಾದಾಗ ದೊಡ್ಡ ದಾಳವನ್ನೇ ಬಳಸಬೇಕು."),
        "rule.larger_die.false": (
            "ಜೋಡಿ ಅಲ್ಲದ ಎಸೆತದಲ್ಲಿ ಒಂದೇ ದಾಳ ಬಳಸಬಹುದಾದರೆ, ಯಾವುದನ್ನು ಎಂದು ಆಟಗಾರನೇ ಆರಿಸುತ್ತಾನೆ."
        ),
        "rule.capture_bonus": "ಪ್ರತಿ ಹಿಡಿತಕ್ಕೆ {n} ಚೌಕಗಳ ಬೋನಸ್ ನಡೆ ಸಿಗುತ್ತದೆ.",
        "rule.capture_bonus.0": "ಹಿಡಿತಕ್ಕೆ ಬೋನಸ್ ನಡೆ ಇಲ್ಲ.",
        "rule.home_bonus": "ಮನೆ ತಲುಪುವ ಪ್ರತಿ ಕಾಯಿಗೆ {n} ಚೌಕಗಳ ಬೋನಸ್ ನಡೆ ಸಿಗುತ್ತದೆ.",
        "rule.home_bonus.0": "ಮನೆ ತಲುಪಿದರೆ ಬೋನಸ್ ನಡೆ ಇಲ್ಲ.",
        "rule.blockade_may_advance.title": "ತಡೆಗೋಡೆ",
        "rule.blockade_may_advance.true": (
            "ತಡೆಗೋಡೆಯ ಎರಡು ಕಾಯಿಗಳು ಮುಂದೆ ಸಾಗಿ ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ಬೇರೆ ಚೌಕದಲ್ಲಿ ಮತ್ತೆ ಒಟ್ಟಿಗೆ ನಿಲ್ಲಬಹುದು."
        ),
        "rule.blockade_may_advance.false": (
            "ತಡೆಗೋಡೆಯ ಎರಡು ಕಾಯಿಗಳು ಎಸೆತದ ಕೊನೆಯಲ್ಲಿ ಬೇರೆ ಚೌಕದಲ್ಲಿ ಒಟ್ಟಿಗೆ ನಿಲ್ಲಲಾಗದು: ತಡೆಗೋಡೆ ಮುಂದೆ ನಡೆಯಲಾರದು."
        ),
        "rule.partial_doubles.title": "ಎಲ್ಲ ಸಂಖ್ಯೆ ಬಳಸಲಾಗದ ಜೋಡಿ ದಾಳ",
        "rule.partial_doubles.nothing": (
            "ಜೋಡಿ ದಾಳದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲಾಗದಿದ್ದರೆ ಏನೂ ನಡೆಯುವುದಿಲ್ಲ (ಹೆಚ್ಚುವರಿ ಎಸೆತ ಉಳಿಯುತ್ತದೆ)."
        ),
        "rule.partial_doubles.forfeit_extra_throw": (
            "ಜೋಡಿ ದಾಳದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ಬಳಸಲಾಗದಿದ್ದರೆ, ಬಳಸಬಹುದಾದ್ದನ್ನು ಬಳಸಿ, ಹೆಚ್ಚುವರಿ ಎಸೆತ ಕಳೆದುಕೊಳ್ಳಿ."
        ),
        "rule.no_split_doubles_home.title": "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಮನೆ ತಲುಪುವುದು",
        "rule.no_split_doubles_home.true": (
            "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಒಂದು ಕಾಯಿ ಎಸೆತದ ಎಲ್ಲ ಸಂಖ್ಯೆಗಳನ್ನು ತಾನೇ ಬಳಸಿದರೆ ಮಾತ್ರ ದಾಳದಿಂದ ಮನೆ ತಲುಪುತ್ತದೆ."
        ),
        "rule.no_split_doubles_home.false": (
            "ಜೋಡಿ ದಾಳದಲ್ಲಿ ಒಂದು ಕಾಯಿ ಕೆಲವು ಸಂಖ್ಯೆಗಳಿಂದ ಮನೆ ತಲುಪಬಹುದು, ಉಳಿದವನ್ನು ಬೇರೆ ಕಾಯಿಗಳು ಬಳಸುತ್ತವೆ."
        ),
        "rule.capture_bonus.title": "ಹಿಡಿತದ ಬೋನಸ್",
        "rule.home_bonus.title": "ಮನೆ ತಲುಪಿದ ಬೋನಸ್",
        "rules.dice.d6": "ಆರು ಮುಖದ ಎರಡು ದಾಳಗಳು, ಮುಖಗಳು 1 ರಿಂದ 6.",
        "rules.dice.sticks": "ಎರಡು ಉದ್ದ ದಾಳಗಳು, ಮುಖಗಳು 1, 3, 4 ಮತ್ತು 6.",
        "rules.pawns": "ಪ್ರತಿ ಬಣ್ಣಕ್ಕೆ {n} ಕಾಯಿಗಳು; ಕಾಯಿ ಹಾಸಿನ ಸುತ್ತ ಸಾಗಿ {home} ತಲುಪಬೇಕು.",
        "rules.default": "ಸಾಮಾನ್ಯ ನಿಯಮ",
        "rules.other": "ಇದರ ಬದಲು ಆರಿಸಬಹುದು",
    },
}
for _lang, _table in RULE_PHRASES.items():
    PHRASES[_lang].update(_table)


def rules_facts(ruleset: str) -> dict[str, Any]:
    """A ruleset's rules as data for a rules page: dice, pawns, every switch with its values.

    Each switch has the key of its ``title`` and lists its ``values`` (the default
    first) with the key of its words in :data:`PHRASES` (``rule.NAME.VALUE``, or
    ``rule.NAME`` with ``n`` for a number, ``rule.NAME.0`` for none).

    >>> facts = rules_facts("pagade")
    >>> facts["dice"], facts["pawns"], [s["name"] for s in facts["switches"]][:2]
    ('sticks', 4, ['first_player', 'sum_move'])
    >>> rules_text("parcheesi")[5]
    'Each capture earns a bonus move of 20 squares.'
    """
    switches: list[dict[str, Any]] = []
    for sw in SWITCHES.values():
        if ruleset not in sw.defaults:
            continue
        default = sw.defaults[ruleset]
        values: list[dict[str, Any]]
        if sw.kind == "int":
            key = f"rule.{sw.name}.0" if default == 0 else f"rule.{sw.name}"
            values = [{"value": default, "key": key, "n": default}]
        else:
            choices: list[Any] = [True, False] if sw.kind == "bool" else list(sw.kind)
            choices.sort(key=lambda v: v != default)
            values = [
                {"value": v, "key": f"rule.{sw.name}.{str(v).lower()}", "n": None} for v in choices
            ]
        title = f"rule.{sw.name}.title"
        switches.append({"name": sw.name, "title": title, "default": default, "values": values})
    return {
        "ruleset": ruleset,
        "dice": "sticks" if ruleset == "pagade" else "d6",
        "pawns": len(Position.start(ruleset).pawns[0]),
        "home": "word.Home" if ruleset == "pagade" else "word.HOME",
        "switches": switches,
    }


def rules_text(ruleset: str, lang: str = "en") -> list[str]:
    """The rules of :func:`rules_facts` as sentences (the default of every switch)."""
    facts = rules_facts(ruleset)
    home = _phrase(lang, facts["home"])
    out = [
        _phrase(lang, f"rules.dice.{facts['dice']}"),
        _phrase(lang, "rules.pawns", n=facts["pawns"], home=home),
    ]
    for sw in facts["switches"]:
        first = sw["values"][0]
        out.append(_phrase(lang, first["key"], n=first["n"]))
    return out
