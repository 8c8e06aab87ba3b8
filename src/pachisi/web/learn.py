"""Learning to play: the rules pages' lessons and the interactive first game.

Two things are served from here (docs/web.md, *Learning to play*):

* **The rules of a ruleset, taught in order** (``GET /api/learn/rules/{ruleset}``):
  the board, entering, moving, captures and safety, blockades or pairs,
  doublets and extra throws, bonuses, finishing and winning. Each rule names
  its section of RULES.md and comes with a small diagram: a position, and
  the steps it shows, checked by the rules engine (a step that is not legal
  there is an error, so a diagram cannot teach something the engine does not
  do). Its words are ``learn.<id>.title`` and ``learn.<id>.text`` in the
  site's catalogues (:data:`pachisi.web.learn_words.LEARN_WORDS`).
* **A first game of Parcheesi in six lessons** (``GET /api/learn/lessons`` and
  ``GET /api/learn/lessons/{name}?steps=...``; Ludo's and MADN's with
  ``ruleset=``, :mod:`pachisi.web.one_die_tutorial`): set positions and throws in
  which the learner makes the move the lesson asks for. The state of a
  lesson after some steps lists the legal steps (the engine's), and, for
  every pawn and every number left that no legal step uses, the rule that
  forbids it (:func:`refusal`), so the page can name the rule at once.

Everything here is a pure function of fixed positions: nothing is stored,
nothing depends on who asks, and each answer is one throw's steps.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, cast

from ..board import FAMILY_HOME, ROUTES, SAFETY_SQUARES
from ..describe import dice_numbers, step_facts
from ..errors import IllegalMoveError
from ..moves import BONUS, ENTER, Action, Turn, turn_of_notation
from ..position import Position
from ..rules import ONE_DIE_RULESETS, RULESETS
from .one_die import one_die_square
from .one_die_rules import ONE_DIE_LESSONS
from .one_die_tutorial import first_lesson_state, first_lessons_info
from .requests import ApiError
from .views import _seat_setup, geometry, lean, pawns_list, step_facts_of

__all__ = [
    "LESSONS",
    "RULES",
    "TOPICS",
    "Diagram",
    "Lesson",
    "Rule",
    "lesson_state",
    "lessons_info",
    "refusal",
    "rules_lessons",
]

#: The order in which a rules page teaches (the sections a ruleset lacks are left out).
TOPICS: tuple[str, ...] = (
    "board",
    "entering",
    "moving",
    "captures",
    "blockades",
    "doublets",
    "bonuses",
    "finishing",
)


@dataclass(frozen=True)
class Diagram:
    """A small board: a position (one-line text), a throw and the steps shown.

    ``play`` is a prefix of a legal play of ``throw`` in the move notation
    (``-`` for a throw under which nothing moves); ``marks`` are squares to
    point at (a square the rule forbids, say); ``full`` shows the whole board.
    A Parcheesi diagram on Whitman's page is played by Whitman's rules, or
    replaced by ``whitman`` where they play it otherwise (one jump, not hops);
    likewise on Eight-Man's page (``eight``, :func:`page_diagram`).
    """

    position: str
    throw: tuple[int, int] | None = None
    play: str = ""
    marks: tuple[int, ...] = ()
    full: bool = False
    whitman: Diagram | None = None
    eight: Diagram | None = None


@dataclass(frozen=True)
class Rule:
    """One rule taught: its words' key, its topic, its sections of RULES.md, a diagram."""

    id: str
    topic: str
    sections: tuple[str, ...]
    diagram: Diagram


# -- positions -----------------------------------------------------------------------------

_P4 = "parcheesi r,g,y,b - r:0.0.0.0,g:0.0.0.0,y:0.0.0.0,b:0.0.0.0 0 0 - - -"
_W4 = _P4.replace("parcheesi", "whitman")
_E0 = "eight-man Ry,Bg - r:0.0.0.0,b:0.0.0.0,y:0.0.0.0,g:0.0.0.0 0 0 - - -"
_G0 = "pagade r,b,y,g - r:6.7.12.12,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 0000 - -"


def _two(red: str, yellow: str, doubles: int = 0) -> str:
    """A two-player Parcheesi position, red to move."""
    return f"parcheesi r,y - r:{red},y:{yellow} 0 {doubles} - - -"


def _W2(red: str, yellow: str = "0.0.0.0") -> str:
    """A two-player Whitman position, red to move."""
    return _two(red, yellow).replace("parcheesi", "whitman", 1)


def _E2(red: str, yellow: str) -> str:
    """An Eight-Man position: red and yellow (one player's) to move, the others in their nests."""
    return f"eight-man Ry,Bg - r:{red},b:0.0.0.0,y:{yellow},g:0.0.0.0 0 0 - - -"


def _pagade(red: str, black: str = "6.7.12.12", cut: str = "0000") -> str:
    """A Pagade position, red to move, the others at their start."""
    rest = "y:6.7.12.12,g:6.7.12.12"
    return f"pagade r,b,y,g - r:{red},b:{black},{rest} 0 0 {cut} - -"


# Red's progress p stands on ring square p + 4 (p <= 63); a yellow pawn at red's p
# has yellow progress p + 34 (mod 68). RULES.md §2.5.
_FAMILY: list[Rule] = [
    Rule("board.cross", "board", ("2.1", "2.2", "2.4", "5.1"), Diagram(_P4, full=True)),
    Rule("board.safety", "board", ("2.3",), Diagram(_P4, full=True, marks=(0, 5, 12, 63))),
    Rule("turns.highest", "board", ("3.1", "3.7"), Diagram(_P4, full=True)),
    Rule("turns.lowest", "board", ("3.1", "3.7", "6"), Diagram(_W4, full=True)),
    Rule("turns.eight", "board", ("3.1", "3.7", "7"), Diagram(_E0, full=True)),
    Rule("enter.five", "entering", ("5.3",), Diagram(_two("0.0.0.0", "0.0.0.0"), (5, 2), "R0-1")),
    Rule(
        "enter.compulsory",
        "entering",
        ("5.3", "5.6"),
        Diagram(_two("0.0.0.20", "0.0.0.0"), (1, 4), "R0-1"),
    ),
    Rule(
        "enter.capture", "entering", ("5.3",), Diagram(_two("0.0.0.0", "0.0.0.35"), (5, 3), "R0-1x")
    ),
    Rule(
        "move.hops",
        "moving",
        ("5.4",),
        Diagram(_two("0.0.0.10", "0.0.0.0"), (3, 4), "R10-13 R13-17"),
    ),
    Rule(
        "move.jump",
        "moving",
        ("5.4", "6"),
        Diagram(_two("0.0.0.10", "0.0.0.0").replace("parcheesi", "whitman"), (3, 4), "R10-17"),
    ),
    Rule(
        "move.larger",
        "moving",
        ("5.6",),
        Diagram(_two("0.0.0.20", "0.0.60.60"), (2, 4), "R20-24", marks=(30,)),
    ),
    Rule(
        "move.choose",
        "moving",
        ("5.6", "6"),
        Diagram(
            _two("0.0.0.20", "0.0.60.60").replace("parcheesi", "whitman"),
            (2, 4),
            "R20-22",
            marks=(30,),
        ),
    ),
    Rule(
        "move.home_path",
        "moving",
        ("2.4", "5.4"),
        Diagram(
            _two("0.0.0.62", "0.0.0.0"),
            (6, 3),
            "R62-68",
            whitman=Diagram(_W2("0.0.0.62"), (6, 3), "R62-71"),
        ),
    ),
    Rule(
        "capture.land",
        "captures",
        ("5.4",),
        Diagram(
            _two("0.0.10.30", "0.0.0.48"),
            (4, 2),
            "R10-14x",
            whitman=Diagram(_W2("0.0.10.30", "0.0.0.48"), (4, 2), "R10-14x R30-32"),
        ),
    ),
    Rule(
        "capture.safety",
        "captures",
        ("2.3", "5.4"),
        Diagram(
            _two("0.0.0.10", "0.0.0.47"),
            (3, 1),
            "R10-11 R11-14",
            marks=(17,),
            whitman=Diagram(_W2("0.0.0.10", "0.0.0.47"), (3, 1), "R10-14", marks=(17,)),
        ),
    ),
    Rule(
        "blockade.block",
        "blockades",
        ("5.4",),
        Diagram(_two("0.0.0.12", "0.0.50.50"), (6, 1), "R12-13", marks=(20,)),
    ),
    Rule(
        "blockade.still",
        "blockades",
        ("5.5",),
        Diagram(_two("0.0.20.20", "0.0.0.0"), (4, 4), "R20-24 R24-28"),
    ),
    Rule(
        "blockade.walk",
        "blockades",
        ("5.5", "6"),
        Diagram(
            _two("0.0.20.20", "0.0.0.0").replace("parcheesi", "whitman"), (4, 4), "R20-24 R20-24"
        ),
    ),
    Rule(
        "doublet.extra",
        "doublets",
        ("5.8",),
        Diagram(_two("0.0.0.20", "0.0.0.0"), (5, 5), "R0-1 R0-1"),
    ),
    Rule(
        "doublet.bottoms",
        "doublets",
        ("5.2",),
        Diagram(
            _two("10.20.30.40", "0.0.0.0"),
            (2, 2),
            "R40-42 R42-44 R44-49 R49-54",
            whitman=Diagram(_W2("10.20.30.40"), (2, 2), "R10-17 R20-27"),
            eight=Diagram(_E2("10.20.30.40", "1.2.3.8"), (2, 2), "R40-42 R42-44 R44-49 R49-54"),
        ),
    ),
    Rule(
        "doublet.all_or_nothing",
        "doublets",
        ("5.6", "5.8"),
        Diagram(_two("66.67.72.72", "0.0.0.0"), (6, 6), "-"),
    ),
    Rule(
        "doublet.forfeit",
        "doublets",
        ("5.6", "5.8", "6"),
        Diagram(
            _two("66.67.72.72", "0.0.0.0").replace("parcheesi", "whitman"), (6, 6), "R66-72 R67-69"
        ),
    ),
    Rule(
        "doublet.third",
        "doublets",
        ("5.8",),
        Diagram(_two("0.0.30.50", "0.0.0.0", doubles=2), (3, 3), "R50-0!"),
    ),
    Rule(
        "bonus.capture",
        "bonuses",
        ("5.7",),
        Diagram(
            _two("0.0.10.30", "0.0.0.48"),
            (4, 2),
            "R10-14x R14-16 +20:R30-50",
            whitman=Diagram(_W2("0.0.10.30", "0.0.0.48"), (4, 2), "R10-14x R30-32 +20:R32-52"),
        ),
    ),
    Rule(
        "bonus.home",
        "bonuses",
        ("5.7",),
        Diagram(_two("0.40.68.72", "0.0.0.0"), (4, 3), "R68-72 R40-43 +10:R43-53"),
    ),
    Rule(
        "bonus.home_none",
        "bonuses",
        ("5.7", "6"),
        Diagram(_two("0.40.68.72", "0.0.0.0").replace("parcheesi", "whitman"), (4, 3), "R68-72"),
    ),
    Rule(
        "finish.exact",
        "finishing",
        ("5.4",),
        Diagram(_two("69.72.72.72", "0.0.0.0"), (5, 3), "R69-72"),
    ),
    Rule(
        "finish.doublet_whole",
        "finishing",
        ("5.5",),
        Diagram(
            _two("58.65.72.72", "0.0.0.0"),
            (3, 3),
            "R58-61 R61-64 R64-68 R68-72",
            eight=Diagram(_E2("58.65.72.72", "72.72.72.72"), (3, 3), "R58-61 R61-64 R64-68 R68-72"),
        ),
    ),
    Rule(
        "finish.doublet_part",
        "finishing",
        ("5.5", "6"),
        Diagram(_two("58.65.72.72", "0.0.0.0").replace("parcheesi", "whitman"), (3, 3), "R65-72"),
    ),
    Rule(
        "finish.win",
        "finishing",
        ("3.5", "5.9", "5.10"),
        Diagram(_two("70.72.72.72", "0.0.0.0"), (2, 5), "R70-72"),
    ),
    Rule(
        "finish.win_alone",
        "finishing",
        ("3.5", "5.10", "6"),
        Diagram(_W2("70.72.72.72"), (2, 5), "R70-72"),
    ),
    Rule(
        "eight.colours",
        "board",
        ("3.1", "7"),
        Diagram("eight-man Ry,Bg - r:0.0.0.20,b:0.0.0.0,y:0.0.0.54,g:0.0.0.0 0 0 - - -", full=True),
    ),
    Rule(
        "eight.options",
        "doublets",
        ("7",),
        Diagram(
            "eight-man Ry,Bg - r:10.20.30.40,b:0.0.0.0,y:0.0.0.0,g:0.0.0.0 0 0 - - -",
            (2, 2),
            "A:",
        ),
    ),
    Rule(
        "eight.third",
        "doublets",
        ("7",),
        Diagram(
            "eight-man Ry,Bg - r:0.0.30.50,b:0.0.0.0,y:0.0.0.60,g:0.0.0.0 0 2 - - -",
            (3, 3),
            "Y60-0!",
        ),
    ),
    Rule(
        "eight.win",
        "finishing",
        ("3.5", "7"),
        Diagram(
            "eight-man Ry,Bg - r:70.72.72.72,b:0.0.0.0,y:0.72.72.72,g:0.0.0.0 0 0 - - -",
            (2, 5),
            "R70-72",
        ),
    ),
]

_PAGADE: list[Rule] = [
    Rule("pagade.board", "board", ("2.1", "2.2", "2.3", "2.4"), Diagram(_G0, full=True)),
    Rule("pagade.start", "board", ("3.7",), Diagram(_G0)),
    Rule("pagade.turns", "board", ("3.1", "3.7", "4.8"), Diagram(_G0, full=True)),
    Rule("pagade.sticks", "doublets", ("4.1", "4.2"), Diagram(_G0, (3, 4), "R12-19")),
    Rule(
        "pagade.reenter",
        "entering",
        ("4.6",),
        Diagram(_pagade("0.7.12.12", cut="0100"), (3, 4), "R0-3"),
    ),
    Rule("pagade.move", "moving", ("4.3",), Diagram(_G0, (1, 6), "R12-19")),
    Rule("pagade.use", "moving", ("3.4", "4.7"), Diagram(_G0, (1, 6), "R6-7 R12-18")),
    Rule(
        "pagade.cut",
        "captures",
        ("4.4",),
        Diagram(_pagade("6.7.12.12", "6.7.12.66"), (3, 1), "R12-15x"),
    ),
    Rule("pagade.x", "captures", ("2.3", "4.4"), Diagram(_G0, marks=(4, 13, 0))),
    Rule("pagade.pair", "blockades", ("4.3", "4.4"), Diagram(_G0, (4, 4), "RR12-16")),
    Rule(
        "pagade.belly",
        "finishing",
        ("4.5",),
        Diagram(_pagade("7.12.12.74", cut="1000"), (4, 3), "R74-78"),
    ),
    Rule(
        "pagade.home",
        "finishing",
        ("4.5",),
        Diagram(_pagade("7.12.12.80", cut="1000"), (4, 6), "R80-84"),
    ),
    Rule("pagade.win", "finishing", ("3.5", "4.8"), Diagram(_G0)),
]

_BY_ID = {rule.id: rule for rule in [*_FAMILY, *_PAGADE]}


def _ids(*names: str) -> list[Rule]:
    return [_BY_ID[name] for name in names]


#: The rules each ruleset's page teaches, in the order of :data:`TOPICS`.
RULES: dict[str, list[Rule]] = {
    "parcheesi": _ids(
        "board.cross",
        "board.safety",
        "turns.highest",
        "enter.five",
        "enter.compulsory",
        "enter.capture",
        "move.hops",
        "move.larger",
        "move.home_path",
        "capture.land",
        "capture.safety",
        "blockade.block",
        "blockade.still",
        "doublet.extra",
        "doublet.bottoms",
        "doublet.all_or_nothing",
        "doublet.third",
        "bonus.capture",
        "bonus.home",
        "finish.exact",
        "finish.doublet_whole",
        "finish.win",
    ),
    "whitman": _ids(
        "board.cross",
        "board.safety",
        "turns.lowest",
        "enter.five",
        "enter.compulsory",
        "enter.capture",
        "move.jump",
        "move.choose",
        "move.home_path",
        "capture.land",
        "capture.safety",
        "blockade.block",
        "blockade.walk",
        "doublet.extra",
        "doublet.bottoms",
        "doublet.forfeit",
        "doublet.third",
        "bonus.capture",
        "bonus.home_none",
        "finish.exact",
        "finish.doublet_part",
        "finish.win_alone",
    ),
    "eight-man": _ids(
        "board.cross",
        "board.safety",
        "turns.eight",
        "eight.colours",
        "enter.five",
        "enter.compulsory",
        "enter.capture",
        "move.hops",
        "move.larger",
        "move.home_path",
        "capture.land",
        "capture.safety",
        "blockade.block",
        "blockade.still",
        "doublet.extra",
        "doublet.bottoms",
        "eight.options",
        "doublet.all_or_nothing",
        "eight.third",
        "bonus.capture",
        "bonus.home",
        "finish.exact",
        "finish.doublet_whole",
        "eight.win",
    ),
    "pagade": _ids(
        "pagade.board",
        "pagade.start",
        "pagade.turns",
        "pagade.reenter",
        "pagade.move",
        "pagade.use",
        "pagade.cut",
        "pagade.x",
        "pagade.pair",
        "pagade.sticks",
        "pagade.belly",
        "pagade.home",
        "pagade.win",
    ),
}


# -- drawing a position ---------------------------------------------------------------------


def _seats(pos: Position) -> list[dict[str, Any]]:
    """The seats of a diagram: colours, team and major colour (as a game's), no names."""
    return [
        {**_seat_setup(pos.setup, i), "name": "", "kind": "human"}
        for i in range(len(pos.setup.players))
    ]


def _square(pos: Position, colour: int, p: int) -> int | str | None:
    """The square of progress ``p`` (``home`` for HOME/Home, None off the board)."""
    if pos.setup.ruleset in ONE_DIE_RULESETS:
        square = one_die_square(pos.setup.ruleset, colour, p)
        return "home" if square is None and p > 0 else square
    if p == pos.setup.home:
        return "home"
    s = ROUTES[pos.setup.ruleset][colour][p]
    return None if s < 0 else s


def _steps_of(pos: Position, throw: tuple[int, int], play: str) -> Turn:
    """``play`` (a prefix of a legal play) pushed on a turn; ``ValueError`` if illegal."""
    try:  # every look-alike step tried (RULES.md §5.5: moves.turn_of_notation)
        turn = turn_of_notation(pos, throw, "" if play.strip() == "-" else play, whole=False)
    except IllegalMoveError as e:
        raise ValueError(f"{pos.to_text()} {throw}: {e}") from None
    if play.strip() == "-" and not turn.is_complete:
        raise ValueError(f"{pos.to_text()} {throw}: something can move")
    return turn


def _eight(text: str) -> str:
    """A two-player Parcheesi position (red against yellow) as Eight-Man's: red and yellow
    (friendly there) with yellow's pawns given to green, an opponent, on the same squares."""
    head, _, rest = text.partition(" - ")
    assert head == "parcheesi r,y", text
    fields = rest.split()
    pawns = dict(part.split(":") for part in fields[0].split(","))
    green = []
    for p in map(int, pawns["y"].split(".")):
        if p == 0:
            green.append(0)
            continue
        square = (38 + p) % 68  # RULES.md §2.5: yellow on arm 2, green on arm 3
        green.append((square - 55) % 68)
    g = ".".join(str(p) for p in sorted(green))
    fields[0] = f"r:{pawns['r']},b:0.0.0.0,y:0.0.0.0,g:{g}"
    return "eight-man Ry,Bg - " + " ".join(fields)


def page_diagram(ruleset: str, diagram: Diagram) -> Diagram:
    """The diagram as ``ruleset``'s page shows it, played by that ruleset's rules.

    A two-player Parcheesi diagram is played on Whitman's page as a Whitman
    position (or is its ``whitman`` diagram: one jump, not hops), and on
    Eight-Man's as an Eight-Man position with the opponent's pawns green (or
    is its ``eight`` diagram)."""
    if diagram.position == _P4 and ruleset in ("whitman", "eight-man"):  # the whole board
        start = _W4 if ruleset == "whitman" else _E0
        return Diagram(start, diagram.throw, diagram.play, diagram.marks, diagram.full)
    if not diagram.position.startswith("parcheesi r,y "):
        return diagram
    if ruleset == "whitman":
        if diagram.whitman is not None:
            return diagram.whitman
        text = diagram.position.replace("parcheesi ", "whitman ", 1)
    elif ruleset == "eight-man":
        if diagram.eight is not None:
            return diagram.eight
        text = _eight(diagram.position)
    else:
        return diagram
    return Diagram(text, diagram.throw, diagram.play, diagram.marks, diagram.full)


def diagram_info(diagram: Diagram) -> dict[str, Any]:
    """What a page draws for a diagram: pawns, seats, the steps shown and the places to show."""
    pos = Position.from_text(diagram.position)
    steps: list[dict[str, Any]] = []
    if diagram.throw is not None:
        turn = _steps_of(pos, diagram.throw, diagram.play)
        replay = Turn(pos, diagram.throw)
        for act in turn.steps:
            facts = lean(step_facts_of(pos, replay.current_pawns, act))
            from_sq = _square(pos, act.colour, act.frm) if act.colour >= 0 else None
            to_p = 0 if act.kind == "penalty" else act.to
            to_sq = _square(pos, act.colour, to_p) if act.colour >= 0 else None
            names = pos.setup.colour_names
            steps.append(
                {"notation": act.notation(names), "kind": act.kind,
                 "colour": names[act.colour] if act.colour >= 0 else None,
                 "from_square": from_sq, "to_square": to_sq, "facts": facts}
            )  # fmt: skip
            replay.push(act)
    focus: list[int | str] = list(diagram.marks)
    for step in steps:
        focus += [s for s in (step["from_square"], step["to_square"]) if s is not None]
    if not focus:
        focus = [
            pawn["square"] for pawn in pawns_list(pos, pos.pawns) if pawn["square"] is not None
        ]
    return {
        "position": diagram.position,
        "ruleset": pos.setup.ruleset,
        "pawns": pawns_list(pos, pos.pawns),
        "seats": _seats(pos),
        "to_move": pos.to_move,
        "cut": list(pos.cut) if pos.cut is not None else None,
        "throw": list(diagram.throw) if diagram.throw is not None else None,
        "steps": steps,
        "marks": list(diagram.marks),
        "focus": [] if diagram.full else focus,
    }


@functools.cache
def rules_lessons(ruleset: str) -> dict[str, Any]:
    """A ruleset's rules in teaching order (``GET /api/learn/rules/{ruleset}``); ``not_found``."""
    if ruleset in ONE_DIE_RULESETS:
        return _one_die_lessons(ruleset)
    if ruleset not in RULESETS:
        raise ApiError(404, "not_found", f"no ruleset {ruleset!r}")
    rules = RULES[ruleset]
    topics = [topic for topic in TOPICS if any(rule.topic == topic for rule in rules)]
    out = []
    for topic in topics:
        for rule in rules:
            if rule.topic == topic:
                out.append(
                    {"id": rule.id, "topic": topic, "sections": list(rule.sections),
                     "title": f"learn.rule.{rule.id}.title", "text": f"learn.rule.{rule.id}.text",
                     "diagram": diagram_info(page_diagram(ruleset, rule.diagram))}
                )  # fmt: skip
    return {
        "ruleset": ruleset,
        "topics": [
            {
                "id": t,
                "title": "learn.topic.pairs"
                if (t, ruleset) == ("blockades", "pagade")
                else f"learn.topic.{t}",
            }
            for t in topics
        ],
        "rules": out,
        "board": geometry(ruleset),
    }


def _one_die_lessons(ruleset: str) -> dict[str, Any]:
    """Ludo's or MADN's rules page (:data:`pachisi.web.one_die_rules.ONE_DIE_LESSONS`)."""
    lessons = ONE_DIE_LESSONS[ruleset]
    topics = [t for t in TOPICS if any(lesson.topic == t for lesson in lessons)]
    out = []
    for topic in topics:
        for lesson in lessons:
            if lesson.topic != topic:
                continue
            throw = cast(tuple[int, int] | None, lesson.throw)  # one die: one number
            diagram = Diagram(lesson.position, throw, lesson.play, lesson.marks, lesson.full)
            out.append(
                {"id": lesson.id, "topic": topic, "sections": list(lesson.sections),
                 "title": f"learn.{ruleset}.{lesson.id}.title",
                 "text": f"learn.{ruleset}.{lesson.id}",
                 "diagram": diagram_info(diagram)}
            )  # fmt: skip
    return {
        "ruleset": ruleset,
        "topics": [{"id": t, "title": f"learn.topic.{t}"} for t in topics],
        "rules": out,
        "board": geometry(ruleset),
    }


# -- the first game -------------------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    """One lesson of the first game: a position, a throw and what the learner must do.

    ``goal`` names the check of :func:`goal_met`; ``solution`` is a play that
    meets it (the tests play it); ``focus`` the squares the board shows.
    """

    name: str
    position: str
    throw: tuple[int, int]
    goal: str
    solution: str
    focus: tuple[int | str, ...]


#: The lessons of "learn Parcheesi in five minutes", in order (red plays; RULES.md §5).
LESSONS: tuple[Lesson, ...] = (
    Lesson("enter", _two("0.0.0.0", "0.0.0.0"), (5, 2), "enter", "R0-1 R1-3", (5, 7)),
    Lesson(
        "capture",
        _two("0.0.10.30", "0.0.0.48"),
        (4, 2),
        "capture",
        "R10-14x R30-32 +20:R32-52",
        (14, 18, 20, 34),
    ),
    Lesson(
        "safety", _two("0.0.4.20", "0.0.0.33"), (4, 6), "safety", "R4-8 R20-26", (3, 8, 12, 24, 30)
    ),
    Lesson(
        "blockade",
        _two("0.10.14.30", "0.0.0.0"),
        (4, 3),
        "blockade",
        "R10-14 R30-33",
        (14, 18, 34, 37),
    ),
    Lesson(
        "doublet",
        _two("10.20.30.40", "0.0.0.0"),
        (3, 3),
        "doublet",
        "R10-13 R13-16 R20-24 R24-28",
        (14, 20, 24, 32),
    ),
    Lesson("finish", _two("66.72.72.72", "0.0.0.0"), (6, 3), "finish", "R66-72", (0, "home")),
)

_LESSONS = {lesson.name: lesson for lesson in LESSONS}

#: The most steps a lesson's throw takes (longer ``steps`` are refused).
MAX_STEPS = 12


def goal_met(lesson: Lesson, turn: Turn) -> bool:
    """Whether a completed throw does what ``lesson`` asks (RULES.md §5)."""
    pos = turn.position
    steps = turn.steps
    after = turn.result()
    red = after.pawns[0]
    if lesson.goal == "enter":
        return any(a.kind == ENTER for a in steps)
    if lesson.goal == "capture":
        return any(a.capture for a in steps)
    if lesson.goal == "safety":  # the threatened pawn ends on a safety space
        return any(1 <= p <= 64 and (p + 4) % 68 in SAFETY_SQUARES for p in red)
    if lesson.goal == "blockade":
        on_ring = [p for p in red if 1 <= p <= 64]
        return len(set(on_ring)) < len(on_ring)
    if lesson.goal == "doublet":  # all four numbers of the doublet, and another throw
        return all(n["used"] for n in dice_numbers(pos, turn.throw, steps)) and after.to_move == 0
    if lesson.goal == "finish":
        return after.winner is not None and 0 in after.winner
    raise ValueError(f"unknown goal {lesson.goal!r}")


def lessons_info(ruleset: str = "parcheesi") -> dict[str, Any]:
    """The lessons in order, each with its words' keys (``GET /api/learn/lessons``); Ludo's
    and MADN's are :mod:`pachisi.web.one_die_tutorial`'s."""
    if ruleset != "parcheesi":
        return first_lessons_info(ruleset)
    return {
        "lessons": [
            {"name": lesson.name, "title": f"learn.lesson.{lesson.name}.title",
             "task": f"learn.lesson.{lesson.name}.task", "done": f"learn.lesson.{lesson.name}.done",
             "again": f"learn.lesson.{lesson.name}.again"}
            for lesson in LESSONS
        ],
        "board": geometry("parcheesi"),
    }  # fmt: skip


def _parse_steps(text: str) -> list[int]:
    if not text:
        return []
    parts = text.split(",")
    if len(parts) > MAX_STEPS:
        raise ApiError(400, "bad_request", f"'steps' lists at most {MAX_STEPS} steps")
    out = []
    for part in parts:
        if not (part.isascii() and part.isdecimal() and len(part) <= 3):
            raise ApiError(400, "bad_request", "'steps' is a comma-separated list of step numbers")
        out.append(int(part))
    return out


def lesson_state(name: str, steps: str = "", ruleset: str = "parcheesi") -> dict[str, Any]:
    """A lesson after the steps ``steps`` (indices into each point's legal steps).

    Ludo's and MADN's lessons are :func:`pachisi.web.one_die_tutorial.first_lesson_state`'s.

    The answer (docs/web.md) has the pawns, the dice with the numbers used,
    the bonuses to take, the legal steps (as in a game's state), the rule
    that forbids each other pawn-and-number (``refusals``), and once the
    throw is played, whether it did what the lesson asks (``goal_met``).
    """
    if ruleset != "parcheesi":
        return first_lesson_state(ruleset, name, steps)
    lesson = _LESSONS.get(name)
    if lesson is None:
        raise ApiError(404, "not_found", f"no lesson {name!r}")
    indices = _parse_steps(steps)
    pos = Position.from_text(lesson.position)
    turn = Turn(pos, lesson.throw)
    for i in indices:
        legal = turn.legal_steps()
        if i >= len(legal):
            raise ApiError(400, "bad_request", f"there is no step {i} here ({len(legal)} legal)")
        turn.push(legal[i])
    names = pos.setup.colour_names
    pawns = turn.current_pawns
    replay = Turn(pos, lesson.throw)
    steps_facts = []
    for act in turn.steps:
        steps_facts.append(lean(step_facts(pos, replay.current_pawns, act)))
        replay.push(act)
    legal_out = []
    for i, act in enumerate(turn.legal_steps() if not turn.is_complete else []):
        legal_out.append(
            {"index": i, "notation": act.notation(names), "kind": act.kind,
             "colour": names[act.colour], "from": act.frm, "to": act.to,
             "from_square": _square(pos, act.colour, act.frm),
             "to_square": _square(pos, act.colour, act.to),
             "numbers": list(act.numbers), "capture": act.capture,
             "facts": lean(step_facts(pos, pawns, act))}
        )  # fmt: skip
    dice = dice_numbers(pos, lesson.throw, turn.steps)
    bonuses = list(turn.pending_bonuses)
    done = turn.is_complete
    return {
        "name": lesson.name,
        "ruleset": pos.setup.ruleset,
        "throw": list(lesson.throw),
        "steps": [a.notation(names) for a in turn.steps],
        "steps_facts": steps_facts,
        "pawns": pawns_list(pos, pawns),
        "seats": _seats(pos),
        "dice": dice,
        "pending_bonuses": bonuses,
        "legal": legal_out,
        "refusals": [] if done else _refusals(pos, turn),
        "complete": done,
        "goal_met": goal_met(lesson, turn) if done else None,
        "focus": list(lesson.focus),
    }


def _refusals(pos: Position, turn: Turn) -> list[dict[str, Any]]:
    """For every pawn place of the mover and every number left that no legal step uses:
    the rule that forbids it."""
    pawns = turn.current_pawns
    legal = turn.legal_steps()
    names = pos.setup.colour_names
    dice = dice_numbers(pos, turn.throw, turn.steps)
    # The bonus part: a bonus was taken, or every step left takes one (the dice are
    # played, some numbers perhaps unusable).
    in_bonus = any(a.kind == BONUS for a in turn.steps) or (
        bool(legal) and all(a.kind == BONUS for a in legal)
    )
    numbers = sorted({b for b in turn.pending_bonuses}) if in_bonus else []
    if not in_bonus:
        numbers = sorted({n["value"] for n in dice if not n["used"]})
    out = []
    for c in pos.setup.players[pos.to_move]:
        for p in sorted(set(pawns[c])):
            for v in numbers:
                if any(_uses(a, c, p, v, in_bonus) for a in legal):
                    continue
                key, section = refusal(pos, turn, c, p, v, bonus=in_bonus)
                out.append(
                    {"colour": names[c], "from": p, "from_square": _square(pos, c, p),
                     "number": v, "bonus": in_bonus, "reason": f"learn.why.{key}",
                     "section": section}
                )  # fmt: skip
    return out


def _uses(act: Action, colour: int, p: int, v: int, bonus: bool) -> bool:
    """Whether a legal step moves a pawn of ``colour`` from ``p`` with the number ``v``."""
    if act.colour != colour or act.frm != p:
        return False
    if bonus:
        return act.kind == BONUS and act.numbers[0] == v
    return act.kind != BONUS and v in act.numbers


def refusal(
    pos: Position, turn: Turn, colour: int, p: int, v: int, *, bonus: bool = False
) -> tuple[str, str]:
    """Why no legal step moves the pawn of ``colour`` at ``p`` by ``v``: a reason and its
    section of RULES.md (Parcheesi family, the lessons' rules).

    The engine decides what is legal; this only names the first rule, in the
    order a player meets them, that stands in the way: a pawn at HOME, entering
    only with a 5, a full entry space, the exact count to HOME, blockades, a
    safety space, then the rules of whole plays (entering first, the larger
    die, using as many numbers as possible).
    """
    setup = pos.setup
    ruleset = setup.ruleset
    pawns = turn.current_pawns
    routes = ROUTES[ruleset]
    friendly = setup.friendly

    def occupants(square: int) -> list[int]:
        return [
            c for c in setup.colours_in_play for q in pawns[c] if 0 < q < FAMILY_HOME
            and routes[c][q] == square
        ]  # fmt: skip

    if p == FAMILY_HOME:
        return "at_home", "5.4"
    if p == 0:
        if bonus:
            return "bonus_nest", "5.7"
        entry = routes[colour][1]
        if len(occupants(entry)) >= 2:
            return "entry_blocked", "5.3"
        if v != 5:
            return "enter_five", "5.3"
        return _selection(pos, turn, colour, v, bonus)
    t = p + v
    if t > FAMILY_HOME:
        return "exact_home", "5.4"
    for q in range(p + 1, t + 1):
        if q == FAMILY_HOME:
            break
        here = occupants(routes[colour][q])
        if len(here) >= 2:
            return ("land_blockade" if q == t else "pass_blockade"), "5.4"
        opponent = bool(here) and not friendly[colour][here[0]]
        if q == t and opponent and routes[colour][q] in SAFETY_SQUARES:
            return "safe_square", "5.4"
    return _selection(pos, turn, colour, v, bonus)


def _selection(pos: Position, turn: Turn, colour: int, v: int, bonus: bool) -> tuple[str, str]:
    """The rules of whole plays that leave a possible move out (RULES.md §5.5, §5.6)."""
    legal = turn.legal_steps()
    if bonus:
        return "use_most", "5.7"
    if any(a.kind == ENTER for a in legal):
        return "must_enter", "5.6"
    a, b = turn.throw
    larger = pos.setup.option("larger_die") and a != b and v == min(a, b) and not turn.steps
    if larger and any(max(a, b) in act.numbers for act in legal):
        return "larger_die", "5.6"
    return "use_most", "5.6"
