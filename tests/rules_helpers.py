"""Helpers of the RULES.md section tests (test_rules_*.py).

Positions are built as FORMAT.md dicts with the colours that play no part kept
out of the way (Pagade: own belly squares 1-4; Parcheesi family: the nest), and
a throw's outcomes are compared as sorted lists of small dicts of the outcome
fields, so that a failing test shows a readable diff.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from typing import Any

from pachisi import Position, Turn, legal_plays

PAGADE = ("red", "black", "yellow", "green")
FAMILY = ("red", "blue", "yellow", "green")
#: Parcheesi-family seats in turn order (clockwise): red, green, yellow, blue.
FAMILY_ORDER = ("red", "green", "yellow", "blue")

KEYS = ("pawns", "to_move", "doubles", "cut", "finished", "winner")

Pawns = dict[str, Sequence[int]]


def pagade(
    pawns: Pawns,
    cut: Sequence[bool],
    *,
    to_move: int = 0,
    options: dict[str, Any] | None = None,
    players: Sequence[Sequence[str]] | None = None,
    teams: Any = None,
    finished: Sequence[int] = (),
    winner: Sequence[int] | None = None,
) -> dict[str, Any]:
    """A Pagade position dict; colours not named sit on their belly squares 1-4."""
    if players is None:
        players = [[c] for c in PAGADE]
    full = {c: sorted(pawns.get(c, [1, 2, 3, 4])) for c in PAGADE}
    return {
        "ruleset": "pagade",
        "options": dict(options or {}),
        "players": [{"colours": list(p)} for p in players],
        "teams": teams,
        "pawns": full,
        "to_move": to_move,
        "doubles": 0,
        "cut": list(cut),
        "finished": list(finished),
        "winner": None if winner is None else list(winner),
    }


def family(
    ruleset: str,
    pawns: Pawns,
    *,
    to_move: int = 0,
    doubles: int = 0,
    options: dict[str, Any] | None = None,
    players: Sequence[str] | None = None,
    teams: Any = None,
    finished: Sequence[int] = (),
    winner: Sequence[int] | None = None,
) -> dict[str, Any]:
    """A Parcheesi/Whitman position dict; one colour per player, default four players
    red, green, yellow, blue (turn order); colours not named are all in the nest."""
    if players is None:
        players = FAMILY_ORDER
    return {
        "ruleset": ruleset,
        "options": dict(options or {}),
        "players": [{"colours": [c]} for c in players],
        "teams": teams,
        "pawns": {c: sorted(pawns.get(c, [0, 0, 0, 0])) for c in players},
        "to_move": to_move,
        "doubles": doubles,
        "cut": None,
        "finished": list(finished),
        "winner": None if winner is None else list(winner),
    }


def eight(
    pawns: Pawns,
    *,
    to_move: int = 0,
    doubles: int = 0,
    majors: tuple[str, str] = ("red", "blue"),
    options: dict[str, Any] | None = None,
    finished: Sequence[int] = (),
    winner: Sequence[int] | None = None,
) -> dict[str, Any]:
    """An Eight-Man position: player 0 red + yellow, player 1 blue + green."""
    return {
        "ruleset": "eight-man",
        "options": dict(options or {}),
        "players": [
            {"colours": ["red", "yellow"], "major": majors[0]},
            {"colours": ["blue", "green"], "major": majors[1]},
        ],
        "teams": None,
        "pawns": {c: sorted(pawns.get(c, [0, 0, 0, 0])) for c in FAMILY},
        "to_move": to_move,
        "doubles": doubles,
        "cut": None,
        "finished": list(finished),
        "winner": None if winner is None else list(winner),
    }


def summary(d: dict[str, Any]) -> dict[str, Any]:
    """The outcome fields of a position dict."""
    return {k: d[k] for k in KEYS}


def _key(s: dict[str, Any]) -> str:
    return json.dumps(s, sort_keys=True)


def outs(d: dict[str, Any] | Position, throw: Sequence[int]) -> list[dict[str, Any]]:
    """Every outcome of ``throw`` as a sorted list of outcome-field dicts.

    Also checks that the plays are distinct and that stepping through the
    throw with :class:`Turn` reaches exactly the same positions.
    """
    pos = d if isinstance(d, Position) else Position.from_dict(d)
    t = (throw[0], throw[1])
    plays = legal_plays(pos, t)
    results = [p.position for p in plays]
    if len(set(results)) != len(results):
        raise AssertionError("legal_plays returned one position twice")
    stepped = _step_results(pos, t)
    if stepped != set(results):
        raise AssertionError(
            "Turn steps and legal_plays disagree: "
            f"{sorted(_key(summary(p.to_dict())) for p in stepped ^ set(results))}"
        )
    return sorted((summary(p.to_dict()) for p in results), key=_key)


def _step_results(pos: Position, throw: tuple[int, int]) -> set[Position]:
    turn = Turn(pos, throw)
    out: set[Position] = set()

    def walk() -> None:
        if turn.is_complete:
            out.add(turn.result())
            return
        steps = turn.legal_steps()
        if not steps:
            raise AssertionError("an incomplete turn offers no step")
        for step in steps:
            turn.push(step)
            walk()
            turn.pop()

    walk()
    return out


def after(
    d: dict[str, Any],
    *,
    to_move: int | None = None,
    doubles: int = 0,
    cut: Sequence[bool] | None = None,
    finished: Sequence[int] | None = None,
    winner: Sequence[int] | None = None,
    **pawns: Sequence[int],
) -> dict[str, Any]:
    """The expected outcome: ``d`` with the colours given changed.

    ``to_move`` defaults to the next player in list order, ``doubles`` to 0,
    ``cut``/``finished`` to those of ``d``, ``winner`` to None.
    """
    s = copy.deepcopy(summary(d))
    for colour, ps in pawns.items():
        if colour not in s["pawns"]:
            raise KeyError(colour)
        s["pawns"][colour] = sorted(ps)
    s["to_move"] = (d["to_move"] + 1) % len(d["players"]) if to_move is None else to_move
    s["doubles"] = doubles
    if cut is not None:
        s["cut"] = list(cut)
    if finished is not None:
        s["finished"] = list(finished)
    s["winner"] = None if winner is None else list(winner)
    return s


def expect(*items: dict[str, Any]) -> list[dict[str, Any]]:
    """Sorted expected outcomes, for comparison with :func:`outs`."""
    return sorted(items, key=_key)


def unchanged(d: dict[str, Any], **kw: Any) -> dict[str, Any]:
    """The outcome in which nothing moved (see :func:`after` for the keywords)."""
    return after(d, **kw)


def with_(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A deep copy of a position dict with some top-level fields replaced."""
    out = copy.deepcopy(d)
    out.update(changes)
    return out


def illegal(d: dict[str, Any], throw: Sequence[int], notation: str) -> bool:
    """Whether playing ``notation`` for ``throw`` is refused with IllegalMoveError."""
    from pachisi import IllegalMoveError

    pos = Position.from_dict(d)
    try:
        pos.play((throw[0], throw[1]), notation)
    except IllegalMoveError:
        return True
    return False
