"""Ludo and Mensch ärgere Dich nicht on the site (RULES-LUDO.md §9, §10).

What the pages need of the one-die rulesets that the cross's code does not
give: the board drawn from the cells of :mod:`pachisi._ludo_board` (never a
second copy of the geometry), the square each pawn stands on, and the facts
of a step in the shape :func:`pachisi.describe.step_facts` gives for the
other rulesets (so that ``static/words.js`` writes them out in every language).

Square ids (``state.board.squares``, a pawn's ``square``, a step's
``from_square``/``to_square``): ring square q (Ludo 0..51, MADN 0..39), then
the private squares by arm: Ludo's home column squares p = 52..56 of arm a are
``52 + 5a + (p - 52)``; MADN's goal fields p = 41..44 are ``40 + 4a + (p - 41)``.
A pawn in its yard (p = 0) or at Ludo's Home (p = 57) has no square.

>>> one_die_square("ludo", 1, 1), one_die_square("ludo", 0, 52), one_die_square("maedn", 3, 44)
(13, 52, 55)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .._ludo_board import (
    LUDO,
    LUDO_GRID,
    LUDO_HOME_CELLS,
    LUDO_HOME_COLUMN_CELLS,
    LUDO_RING_CELLS,
    LUDO_SAFE,
    LUDO_YARD_CELLS,
    LUDOPY_ENTRIES,
    LUDOPY_GLOBES,
    LUDOPY_NEXT_STAR,
    MAEDN,
    MAEDN_GOAL_CELLS,
    MAEDN_GRID,
    MAEDN_RING_CELLS,
    MAEDN_YARD_CELLS,
    Ring,
)
from ..describe import PHRASES
from ..moves import Action, Turn
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .ludo_words import LUDO_WORDS

__all__ = [
    "one_die_dice",
    "one_die_geometry",
    "one_die_place",
    "one_die_square",
    "one_die_step_facts",
    "one_die_words",
]


def _ring(ruleset: str) -> Ring:
    return LUDO if ruleset == "ludo" else MAEDN


def one_die_square(ruleset: str, colour: int, p: int) -> int | None:
    """The square id of a pawn of ``colour`` (its arm) at progress ``p``; ``None`` off the board."""
    ring = _ring(ruleset)
    if p == 0 or (ruleset == "ludo" and p == LUDO.end):
        return None
    if p <= ring.last:
        return ring.square(colour, p)
    column = ring.end - ring.last - (ruleset == "ludo")  # Ludo 5, MADN 4
    return ring.size + column * colour + (p - ring.last - 1)


def _marks(ruleset: str, board: str) -> dict[int, str]:
    """The marked progress numbers of every colour (L.1.4), by what they are."""
    if ruleset == "maedn":
        return {1: "entry"}
    if board == "ludopy":
        marks = {p: "jump" for p in LUDOPY_NEXT_STAR} | {LUDO.last: "jump"}
        marks |= {p: "globe" for p in LUDOPY_GLOBES}
        return marks | {1: "entry"}
    return {p: "safe" for p in LUDO_SAFE[board]} | {1: "entry"}


@functools.cache
def one_die_geometry(ruleset: str, board: str = "ludoking") -> dict[str, Any]:
    """The board of ``ruleset`` (``board``: Ludo's switch of that name) for the pages.

    As the cross's (:func:`pachisi.web.views.board_geometry`): ``squares`` with
    ``id``, ``x``, ``y`` (cells, the middle (0, 0), y up), ``kind`` (``ring`` or
    ``private``), ``safe``, ``arm``; and more: ``grid`` (cells a side), each
    square's ``mark`` (``safe``, ``entry``, ``jump``, ``globe`` or none) and
    ``entry`` (the arm entering there), ``yards`` (by arm, where its yard pawns
    stand), ``centre`` (Ludo's Home: ``[x, y, size]`` of its top-left cell, or
    ``None``) and ``home_sides`` (by arm, the side of Home its column reaches).
    """
    if ruleset not in ONE_DIE_RULESETS:
        raise ValueError(f"{ruleset!r} is not a one-die ruleset")
    ludo = ruleset == "ludo"
    ring = _ring(ruleset)
    grid = LUDO_GRID if ludo else MAEDN_GRID
    half = (grid - 1) // 2
    cells = LUDO_RING_CELLS if ludo else MAEDN_RING_CELLS
    private = LUDO_HOME_COLUMN_CELLS if ludo else MAEDN_GOAL_CELLS
    yards = LUDO_YARD_CELLS if ludo else MAEDN_YARD_CELLS

    def at(cell: tuple[int, int]) -> tuple[int, int]:
        return cell[0] - half, half - cell[1]

    marks = _marks(ruleset, board)
    squares: list[dict[str, Any]] = []
    for q, cell in enumerate(cells):
        arm, offset = divmod(q, ring.step)
        mark = marks.get(offset + 1)  # the same for every colour in its own progress
        x, y = at(cell)
        squares.append(
            {
                "id": q,
                "x": x,
                "y": y,
                "kind": "ring",
                # Ludo's start squares are safe too (L.1.4); MADN has no safe field (M.1.4).
                "safe": mark == "safe" or (mark == "entry" and ludo and board != "ludopy"),
                "castle": False,
                "mark": mark,
                "entry": arm if offset == 0 else None,
                "arm": arm,
            }
        )
    for arm in range(4):
        for k, cell in enumerate(private[arm]):
            x, y = at(cell)
            sid = one_die_square(ruleset, arm, ring.last + 1 + k)
            squares.append(
                {"id": sid, "x": x, "y": y, "kind": "private", "safe": False, "castle": False,
                 "mark": None, "entry": None, "arm": arm}
            )  # fmt: skip
    sides = []
    for arm in range(4):
        x, y = at(private[arm][-1])
        sides.append([(x > 0) - (x < 0), (y > 0) - (y < 0)])
    centre = None
    if ludo:
        x, y = at(LUDO_HOME_CELLS[0])
        centre = [x, y, LUDO_HOME_CELLS[1][0] - LUDO_HOME_CELLS[0][0] + 1]
    setup = Setup.create(ruleset)
    return {
        "grid": grid,
        "squares": squares,
        "colours": list(setup.colour_names),
        "home": setup.home,
        "centre": centre,
        "yards": [[list(at(c)) for c in yards[arm]] for arm in range(4)],
        "home_sides": sides,
    }


def one_die_place(setup: Setup, colour: int, p: int) -> dict[str, Any]:
    """Where a pawn stands in words' terms (as :func:`pachisi.describe.place_facts`).

    ``at``: ``yard``, ``square`` (``n`` its progress, as the notation counts),
    ``column`` (Ludo's home column, ``n`` 1..5), ``goal`` (MADN, ``n`` 1..4) or
    ``home`` (Ludo); ``mark``: ``safe``, ``entry``, ``jump``, ``globe`` or ``None``.

    >>> one_die_place(Setup.create("ludo"), 0, 8)
    {'at': 'square', 'n': 8, 'mark': 'safe'}
    >>> one_die_place(Setup.create("maedn"), 2, 42)
    {'at': 'goal', 'n': 2, 'mark': None}
    """
    ruleset = setup.ruleset
    ring = _ring(ruleset)
    if p == 0:
        return {"at": "yard", "n": None, "mark": None}
    if ruleset == "ludo" and p == LUDO.end:
        return {"at": "home", "n": None, "mark": None}
    if p > ring.last:
        return {"at": "column" if ruleset == "ludo" else "goal", "n": p - ring.last, "mark": None}
    board = str(setup.option("board")) if ruleset == "ludo" else ""
    mark = _marks(ruleset, board).get(p)
    if ruleset == "ludo" and board == "ludopy" and p in LUDOPY_ENTRIES:
        mark = "entry_other"
    return {"at": "square", "n": p, "mark": mark}


def one_die_step_facts(
    position: Position, pawns: Sequence[Sequence[int]], act: Action
) -> dict[str, Any]:
    """What a step of a one-die throw does (the keys of :func:`pachisi.describe.step_facts`).

    ``captured``: the colours sent to their yards by it, seen in the pawns
    after it; ``reached``: ``home`` (Ludo) or ``goal`` (MADN) when it gets there.
    """
    setup = position.setup
    names = setup.colour_names
    before = [list(ps) for ps in pawns]
    after = _after(position, pawns, act)
    captured = sorted(
        {
            names[c]
            for c in setup.colours_in_play
            if c != act.colour and after[c].count(0) > before[c].count(0)
        }
    )
    ring = _ring(setup.ruleset)
    reached = None
    if setup.ruleset == "ludo" and act.to == LUDO.end:
        reached = "home"
    elif act.to > ring.last >= act.frm:
        reached = "column" if setup.ruleset == "ludo" else "goal"
    return {
        "kind": act.kind,
        "pagade": False,
        "one_die": True,
        "colour": names[act.colour],
        "from": one_die_place(setup, act.colour, act.frm),
        "to": one_die_place(setup, act.colour, act.to),
        "numbers": list(act.numbers),
        "bonus": None,
        "captured": captured,
        "reached": reached,
        "option": None,
        "free": None,
        "nest": None,
    }


def _throw_of(act: Action) -> tuple[int, ...]:
    return tuple(act.numbers) or (6,)


def _after(position: Position, pawns: Sequence[Sequence[int]], act: Action) -> list[list[int]]:
    """The pawns after ``act``, played from ``pawns`` (one die: one step is the whole play)."""
    turn = Turn(position, _throw_of(act))
    for step in turn.legal_steps():
        if step == act:
            turn.push(step)
            return [list(ps) for ps in turn.current_pawns]
    return [list(ps) for ps in pawns]


def one_die_dice(throw: Sequence[int], used: bool) -> list[dict[str, Any]]:
    """The state's ``dice`` of a one-die throw: its one number, used or not."""
    return [{"value": int(throw[0]), "bottom": False, "used": used}] if throw else []


def _place_words(place: dict[str, Any], table: dict[str, str]) -> str:
    text = fill(table[f"ludo.place.{place['at']}"], {"n": place.get("n")})
    if place.get("mark"):
        text = fill(table[f"ludo.mark.{place['mark']}"], {"place": text})
    return text


def one_die_words(facts: dict[str, Any], lang: str = "en") -> str:
    """A one-die step's facts in words (``static/words.js`` writes them the same way).

    >>> pos = Position.start("ludo", players=2)
    >>> one_die_words(one_die_step_facts(pos, pos.pawns, pos.turn((6,)).legal_steps()[0]))
    'Red pawn 6: the yard → square 1 (its start)'
    """
    table = {**PHRASES["en"], **LUDO_WORDS["en"], **PHRASES[lang], **LUDO_WORDS[lang]}
    who = fill(table["pawn"], {"colour": table[f"colour.{facts['colour']}"]})
    values = {
        "who": who,
        "numbers": "+".join(str(n) for n in facts.get("numbers") or []),
        "from": _place_words(facts["from"], table),
        "to": _place_words(facts["to"], table),
    }
    text = fill(table["ludo.step"], values)
    if facts.get("captured"):
        victims = table["and"].join(table[f"colour.{c}"] for c in facts["captured"])
        text += table["sep"] + fill(table["ludo.step.capture"], {"victims": victims})
    return text


def fill(template: str, values: dict[str, Any]) -> str:
    """``template`` with each ``{name}`` replaced (as ``static/i18n.js`` fills it)."""
    for name, value in values.items():
        template = template.replace("{" + name + "}", str(value))
    return template
