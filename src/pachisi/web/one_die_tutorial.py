"""The first game of Ludo and of Mensch ärgere Dich nicht (``/learn/ludo``, ``/learn/maedn``).

As the first game of Parcheesi (:mod:`pachisi.web.learn`): lessons of set
positions in which the learner, red, makes the move the lesson asks for, and
a move no legal step makes is answered with the rule of RULES-LUDO.md that
forbids it (:func:`one_die_refusal`). A one-die lesson may take several
throws, all red's: a 6 (and in Ludo a capture or a pawn reaching Home) gives
another throw (L.6.4, M.6.1), and a lesson uses that. The engine decides
everything: each throw's legal steps are :meth:`pachisi.moves.Turn.legal_steps`,
and a lesson's next throw is played only while the engine gives red the move
again (a lesson whose throws do not follow is an error, which the tests
check for every lesson's solution).

``steps`` are indices into each throw's legal steps, one per throw played.
The lessons play with the rulesets' default switches (RULES-LUDO.md §1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .._ludo_board import LUDO, LUDO_SAFE, MAEDN
from ..moves import ENTER, Turn
from ..position import Position
from .one_die import one_die_dice, one_die_square, one_die_step_facts
from .requests import ApiError
from .views import _seat_setup, geometry, lean, pawns_list

__all__ = [
    "FIRST_GAMES",
    "FirstLesson",
    "first_goal_met",
    "first_lesson_state",
    "first_lessons_info",
    "one_die_refusal",
]


@dataclass(frozen=True)
class FirstLesson:
    """One lesson: a position, red's throws in order, the goal, a solution and the focus.

    ``solution`` is one step a throw in the move notation; ``focus`` the square
    ids (:mod:`pachisi.web.one_die`'s numbering) the board is cropped to.
    """

    name: str
    position: str
    throws: tuple[int, ...]
    goal: str
    solution: str
    focus: tuple[int, ...]


def _ludo(red: str, yellow: str = "0.0.0.0") -> str:
    """Red (arm 0) against yellow (arm 2), red to throw: yellow's p is red's p + 26."""
    return f"ludo r,y - r:{red},y:{yellow} 0 0 - - - 0 0"


def _maedn(red: str, green: str = "0.0.0.0") -> str:
    """Red (arm 0) against green (arm 2), red to throw: green's p is red's p + 20."""
    return f"maedn r,g - r:{red},g:{green} 0 0 - - - 0 0"


#: The lessons of each ruleset's first game, in order (red plays; RULES-LUDO.md §9, §10).
FIRST_GAMES: dict[str, tuple[FirstLesson, ...]] = {
    "ludo": (
        # L.3.2: a 6 brings a pawn out; L.6.4: the 6 gives another throw, a 3.
        FirstLesson("enter", _ludo("0.0.0.0"), (6, 3), "enter", "R0-1 R1-4", (0, 3)),
        # L.5.1: coming out is a choice; the 5 of the extra throw captures on red's 25 (L.4.2).
        FirstLesson(
            "six", _ludo("0.0.0.20", "0.0.0.51"), (6, 5), "capture", "R0-1 R20-25x", (0, 19, 24)
        ),
        # L.1.4, L.4.1: the star at red's 21 is safe; yellow's pawn on red's 12 threatens 17,
        # and the yellow pawn on the star is not captured there.
        FirstLesson(
            "safe", _ludo("0.0.3.17", "0.0.38.47"), (4,), "safe", "R17-21", (2, 6, 11, 16, 20)
        ),
        # L.4.2: yellow's block on red's 18 may not be landed on; red makes its own on 15.
        FirstLesson(
            "block", _ludo("0.12.15.30", "0.0.44.44"), (3,), "block", "R12-15", (11, 14, 17, 29)
        ),
        # L.3.3: Home needs the exact number; L.6.4: reaching Home throws again; L.7: the win.
        FirstLesson("finish", _ludo("54.55.57.57"), (3, 2), "win", "R54-57 R55-57", (50, 54, 55)),
    ),
    "maedn": (
        # M.5.2: a 6 brings a pawn out; M.6.1: another throw; M.5.1: the start field cleared.
        FirstLesson("enter", _maedn("0.0.0.0"), (6, 4), "enter", "R0-1 R1-5", (0, 4)),
        # M.3: one pawn a field; landing on an opponent captures it.
        FirstLesson(
            "capture",
            _maedn("0.12.15.25", "0.0.0.38"),
            (3,),
            "capture",
            "R15-18x",
            (11, 14, 17, 24, 27),
        ),
        # M.5.2 then M.5.1: with pawns in the yard a 6 must enter, and the start is cleared first.
        FirstLesson(
            "six", _maedn("0.0.0.20", "0.0.0.6"), (6, 5), "enter", "R0-1 R1-6", (0, 5, 19, 25)
        ),
        # M.4: into the goal by the exact count.
        FirstLesson(
            "goal", _maedn("0.20.36.43", "0.0.0.0"), (5,), "goal", "R36-41", (19, 35, 39, 40, 42)
        ),
        # M.7: all four pawns on their goal fields.
        FirstLesson("win", _maedn("38.42.43.44"), (3,), "win", "R38-41", (37, 39, 40, 41, 42, 43)),
    ),
}

_BY_NAME = {ruleset: {x.name: x for x in lessons} for ruleset, lessons in FIRST_GAMES.items()}

#: The most steps ``steps`` may list (more than any lesson has throws).
MAX_THROWS = 8


def _ring_end(ruleset: str) -> tuple[int, int]:
    """The last ring progress and the end of the route of ``ruleset``."""
    ring = LUDO if ruleset == "ludo" else MAEDN
    return ring.last, ring.end


def first_goal_met(lesson: FirstLesson, start: Position, turns: list[Turn]) -> bool:
    """Whether the throws played (``turns``, from ``start``) do what ``lesson`` asks."""
    steps = [a for turn in turns for a in turn.steps]
    after = turns[-1].result() if turns else start
    red = after.pawns[0]
    ruleset = start.setup.ruleset
    last, _ = _ring_end(ruleset)
    if lesson.goal == "enter":
        return any(a.kind == ENTER for a in steps)
    if lesson.goal == "capture":
        return any(a.capture for a in steps)
    if lesson.goal == "safe":  # a pawn that moved ends on a safe square (L.1.4)
        safe = LUDO_SAFE[str(start.setup.option("board"))]
        return any(a.to in safe and a.to <= last for a in steps)
    if lesson.goal == "block":  # two red pawns on one ring square that is not safe (L.4.2)
        on_ring = [p for p in red if 1 <= p <= last]
        return len(set(on_ring)) < len(on_ring)
    if lesson.goal == "goal":  # one more pawn on its goal fields (M.4)
        return sum(p > last for p in red) > sum(p > last for p in start.pawns[0])
    if lesson.goal == "win":
        return after.winner is not None and 0 in after.winner
    raise ValueError(f"unknown goal {lesson.goal!r}")


def _lesson(ruleset: str, name: str) -> FirstLesson:
    if ruleset not in FIRST_GAMES:
        raise ApiError(404, "not_found", f"no first game of {ruleset!r}")
    lesson = _BY_NAME[ruleset].get(name)
    if lesson is None:
        raise ApiError(404, "not_found", f"no lesson {name!r} of {ruleset}")
    return lesson


def first_lessons_info(ruleset: str) -> dict[str, Any]:
    """The lessons of ``ruleset``'s first game in order, with their words' keys."""
    if ruleset not in FIRST_GAMES:
        raise ApiError(404, "not_found", f"no first game of {ruleset!r}")
    base = f"learn.lesson.{ruleset}"
    return {
        "ruleset": ruleset,
        "lessons": [
            {"name": x.name, "title": f"{base}.{x.name}.title", "task": f"{base}.{x.name}.task",
             "done": f"{base}.{x.name}.done", "again": f"{base}.{x.name}.again",
             "throws": list(x.throws)}
            for x in FIRST_GAMES[ruleset]
        ],
        "board": geometry(ruleset),
    }  # fmt: skip


def _parse(text: str) -> list[int]:
    if not text:
        return []
    parts = text.split(",")
    if len(parts) > MAX_THROWS:
        raise ApiError(400, "bad_request", f"'steps' lists at most {MAX_THROWS} steps")
    if not all(p.isascii() and p.isdecimal() and len(p) <= 3 for p in parts):
        raise ApiError(400, "bad_request", "'steps' is a comma-separated list of step numbers")
    return [int(p) for p in parts]


def play_lesson(
    lesson: FirstLesson, indices: list[int]
) -> tuple[Position, list[Turn], Turn | None]:
    """The lesson after the steps ``indices``: the start, the throws played and the throw to
    play now (``None`` once the lesson is over: its throws played, or red's turn ended).

    ``ValueError`` if a throw of the lesson has no legal step (the lessons never pass)."""
    start = Position.from_text(lesson.position)
    pos = start
    played: list[Turn] = []
    for k, throw in enumerate(lesson.throws):
        if pos.is_over or pos.to_move != 0:
            break  # the engine gave red no other throw: the lesson ends here
        turn = Turn(pos, (throw,))
        legal = turn.legal_steps()
        if not legal:
            raise ValueError(f"{lesson.name}: the throw {throw} cannot move ({pos.to_text()})")
        if k == len(indices):
            return start, played, turn
        i = indices[k]
        if i >= len(legal):
            raise ApiError(400, "bad_request", f"there is no step {i} here ({len(legal)} legal)")
        turn.push(legal[i])
        played.append(turn)
        pos = turn.result()
    if len(indices) > len(played):
        raise ApiError(400, "bad_request", f"this lesson takes {len(played)} steps here")
    return start, played, None


def first_lesson_state(ruleset: str, name: str, steps: str = "") -> dict[str, Any]:
    """A lesson of ``ruleset``'s first game after ``steps`` (docs/web.md, *Learning to play*).

    The shape of :func:`pachisi.web.learn.lesson_state`'s answer, and:
    ``throw_index`` (the throw being played, from 0), ``throws`` (the lesson's),
    ``again`` (whether the last throw played gave red another one).
    """
    lesson = _lesson(ruleset, name)
    indices = _parse(steps)
    try:
        start, played, now = play_lesson(lesson, indices)
    except ValueError as e:  # a lesson that cannot be played: our error, said plainly
        raise ApiError(500, "internal", str(e)) from None
    names = start.setup.colour_names
    pos = played[-1].result() if played else start
    facts = [
        lean(one_die_step_facts(t.position, t.position.pawns, a)) for t in played for a in t.steps
    ]
    legal_out: list[dict[str, Any]] = []
    refusals: list[dict[str, Any]] = []
    dice: list[dict[str, Any]] = []
    if now is not None:
        for i, act in enumerate(now.legal_steps()):
            legal_out.append(
                {"index": i, "notation": act.notation(names), "kind": act.kind,
                 "colour": names[act.colour], "from": act.frm, "to": act.to,
                 "from_square": _square(ruleset, act.colour, act.frm),
                 "to_square": _square(ruleset, act.colour, act.to),
                 "numbers": list(act.numbers), "capture": act.capture,
                 "facts": lean(one_die_step_facts(pos, pos.pawns, act))}
            )  # fmt: skip
        refusals = _refusals(now)
        dice = one_die_dice(now.throw, False)
    elif played:
        dice = one_die_dice(played[-1].throw, True)
    done = now is None
    return {
        "name": lesson.name,
        "ruleset": ruleset,
        "throw": list(now.throw) if now is not None else None,
        "throws": list(lesson.throws),
        "throw_index": len(played),
        "again": bool(played) and now is not None,
        "steps": [a.notation(names) for t in played for a in t.steps],
        "steps_facts": facts,
        "pawns": pawns_list(pos, pos.pawns),
        "seats": [
            {**_seat_setup(pos.setup, i), "name": "", "kind": "human"}
            for i in range(len(pos.setup.players))
        ],
        "dice": dice,
        "pending_bonuses": [],
        "legal": legal_out,
        "refusals": refusals,
        "complete": done,
        "goal_met": first_goal_met(lesson, start, played) if done else None,
        "focus": list(lesson.focus),
    }


def _square(ruleset: str, colour: int, p: int) -> int | str | None:
    square = one_die_square(ruleset, colour, p)
    return "home" if square is None and p > 0 else square


def _refusals(turn: Turn) -> list[dict[str, Any]]:
    """For every place of red's pawns that no legal step moves with the throw: the rule
    that forbids it."""
    pos = turn.position
    ruleset = pos.setup.ruleset
    names = pos.setup.colour_names
    v = turn.throw[0]
    legal = turn.legal_steps()
    out = []
    for p in sorted(set(pos.pawns[0])):
        if any(a.colour == 0 and a.frm == p for a in legal):
            continue
        key, section = one_die_refusal(pos, turn, 0, p)
        out.append(
            {"colour": names[0], "from": p, "from_square": _square(ruleset, 0, p), "number": v,
             "bonus": False, "reason": f"learn.why.{key}", "section": section}
        )  # fmt: skip
    return out


def one_die_refusal(pos: Position, turn: Turn, colour: int, p: int) -> tuple[str, str]:
    """Why no legal step of ``turn`` moves the pawn of ``colour`` at ``p``: a reason and its
    rule of RULES-LUDO.md (the default switches).

    The engine decides what is legal; this only names the first rule, in the
    order a player meets them, that stands in the way.
    """
    ruleset = pos.setup.ruleset
    v = turn.throw[0]
    last, end = _ring_end(ruleset)
    legal = turn.legal_steps()
    mine = pos.pawns[colour]
    ludo = ruleset == "ludo"
    if ludo and p == end:
        return "one.at_home", "L.3.1"
    if p == 0:
        if v != 6:
            return "one.six", "L.3.2" if ludo else "M.5.2"
        if not ludo and 1 in mine:
            return "one.own_pawn", "M.3"
        return "one.other", "L.5.1" if ludo else "M.5"
    t = p + v
    if t > end:
        return ("one.exact_home", "L.3.3") if ludo else ("one.exact_goal", "M.4")
    if not ludo:
        if 0 in mine and any(a.frm == 1 for a in legal) and p != 1:
            return "one.clear_start", "M.5.1"
        if v == 6 and 0 in mine and all(a.kind == ENTER for a in legal):
            return "one.must_enter", "M.5.2"
        if t in mine:
            return "one.own_pawn", "M.3"
        return "one.other", "M.5"
    if t <= last and t not in LUDO_SAFE[str(pos.setup.option("board"))]:
        ring = LUDO
        square = ring.square(colour, t)
        for c in pos.setup.colours_in_play:
            if c == colour:
                continue
            here = [q for q in pos.pawns[c] if 1 <= q <= last and ring.square(c, q) == square]
            if len(here) >= 2:
                return "one.block", "L.4.2"
    return "one.other", "L.5.1"
