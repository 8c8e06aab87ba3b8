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

from collections.abc import Sequence

from .board import ROUTES
from .moves import BONUS, ENTER, MOVE, OPTION, PAIR, PENALTY, Action
from .position import Position

__all__ = [
    "D6_FACES",
    "LANGS",
    "LETTER",
    "TERMS",
    "colour_label",
    "dice_text",
    "result_text",
    "step_description",
    "term",
]

#: Languages for Pagade's terms (``--lang``).
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


def term(word: str, lang: str = "en") -> str:
    """``word`` with its Pagade term in ``lang`` beside it (just ``word`` for English).

    >>> term("Home", "kn"), term("belly", "en")
    ('Home ಮನೆ', 'belly')
    """
    local = TERMS.get(lang, {}).get(word)
    return f"{word} {local}" if local else word


def colour_label(colour: str, ruleset: str, lang: str = "en") -> str:
    """A colour's name, capitalised, with its Pagade name in ``lang``.

    >>> colour_label("red", "pagade", "hi"), colour_label("red", "parcheesi", "hi")
    ('Red रेड', 'Red')
    """
    name = colour.capitalize()
    if ruleset != "pagade":
        return name
    local = TERMS.get(lang, {}).get(colour)
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


def _occupant(position: Position, pawns: Sequence[Sequence[int]], square: int) -> str:
    setup = position.setup
    routes = ROUTES[setup.ruleset]
    names = setup.colour_names
    found = [names[c] for c in setup.colours_in_play for p in pawns[c] if routes[c][p] == square]
    return " and ".join(sorted(set(found)))


def step_description(
    position: Position, pawns: Sequence[Sequence[int]], act: Action, lang: str = "en"
) -> str:
    """A few words on what a step does (for the numbered list of steps)."""
    setup = position.setup
    pagade = setup.ruleset == "pagade"
    home = setup.home
    nums = "+".join(str(n) for n in act.numbers)
    if act.kind == OPTION:
        return _option_description(position, act.option)
    if act.kind == PENALTY:
        return "third doublet: back to the nest"
    words: list[str] = []
    if act.kind == ENTER:
        words.append(("re-enter" if pagade else "enter") + (f" with {nums}" if nums else ""))
    elif act.kind == PAIR:
        words.append(f"{term('pair', lang)} moves together, {nums}")
    elif act.kind == BONUS:
        words.append(f"bonus {act.numbers[0]}")
    elif act.kind == MOVE:
        words.append(f"move {nums}" if nums else "move")
    if act.capture:
        victim = _occupant(position, pawns, ROUTES[setup.ruleset][act.colour][act.to])
        verb = term("cut", lang) if pagade else "capture"
        words.append(f"{verb} {victim}".rstrip())
    if act.to == home:
        words.append(term("Home", lang) if pagade else "HOME")
    elif pagade and act.frm <= 76 < act.to:
        words.append(f"into the {term('belly', lang)}")
    return ", ".join(words)


def _option_description(position: Position, option: str) -> str:
    """Eight-Man number sets A, B, C (RULES.md §7) in words."""
    setup = position.setup
    names = setup.colour_names
    cols = setup.players[position.to_move]
    nest = [c for c in cols if 0 in position.pawns[c]]
    free = [c for c in cols if c not in nest]
    n = names[nest[0]] if nest else "?"
    f = names[free[0]] if free else "?"
    return {
        "A": f"tops and bottoms, {f} only",
        "B": f"the two tops, {n} only",
        "C": f"top and bottom for {f}, a top for {n}",
    }.get(option, "")
