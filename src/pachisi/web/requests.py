"""Reading requests: the errors a request can get, and the parsers of bodies.

Every body is read as raw JSON by :func:`read_json` and checked here, so a
malformed request of any kind gets the same ``bad_request`` answer over HTTP
and over the WebSocket.
"""

from __future__ import annotations

import json
from typing import Any

from ..bots import LADDER, PLAYERS, canonical_level, unfit_reason
from ..errors import PachisiError
from ..position import Position
from ..rules import ALL_RULESETS, Setup

__all__ = [
    "COMPUTER_LEVELS",
    "HUMAN",
    "MAX_DEPTH",
    "MAX_OPTION",
    "MAX_POSITION_TEXT",
    "WEB_RULESETS",
    "ApiError",
    "check_options",
    "flag",
    "level_unfit",
    "object_body",
    "parse_action",
    "parse_dice",
    "parse_position",
    "parse_spec",
    "read_json",
    "refuse_unknown",
]

#: The seat kind of a person.
HUMAN = "human"

#: Computer levels offered by the server, weakest first: the algorithms (keys of
#: ``bots.PLAYERS``) of the ladder's rungs (:data:`pachisi.bots.LADDER`, shown by
#: their strength names: beginner ... master). A set-up no network has learned
#: refuses the learned levels (``unfit_levels``, :func:`pachisi.bots.unfit_among`).
#: A request may name a level by strength name or algorithm, and any other
#: registered player (``search``) stays accepted; seats store the algorithm.
COMPUTER_LEVELS: tuple[str, ...] = tuple(level.algorithm for level in LADDER)

#: The rulesets the site plays: the four on the cross, Ludo and MADN (RULES-LUDO.md).
WEB_RULESETS: tuple[str, ...] = ALL_RULESETS


def level_unfit(level: str, setup: Setup) -> str | None:
    """Why the computer player ``level`` cannot take a seat of ``setup``, or ``None``.

    :func:`pachisi.bots.unfit_reason` (a learned level whose network has not
    learned the set-up, or none ships for its ruleset; in Ludo and MADN every
    player but those :func:`pachisi.bots.fitting` lists).
    """
    try:
        why = unfit_reason(level, setup)
    except PachisiError as exc:  # no network ships for the ruleset
        return f"{level}: {exc}"
    if why is not None:
        return why
    return None


#: The longest position text read, in characters (a position is a few hundred).
MAX_POSITION_TEXT = 20_000

#: The longest error message answered, in characters (longer ones are cut).
MAX_MESSAGE = 500

#: How deeply a request's JSON may nest lists and objects (a position needs 4).
MAX_DEPTH = 32

#: The largest number a rule switch may be given (a bonus of more squares than a
#: track has is already meaningless; the compiled kernel counts in machine integers).
MAX_OPTION = 1000


class ApiError(Exception):
    """A refused request: HTTP ``status``, a stable ``code`` and a message for people."""

    def __init__(self, status: int, code: str, message: str) -> None:
        if len(message) > MAX_MESSAGE:  # it may quote what was sent: a 5,000-digit number
            message = message[: MAX_MESSAGE - 3] + "..."
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """The error body of docs/web.md."""
        return {"ok": False, "error": {"code": self.code, "message": self.message}}


def read_json(raw: bytes | str) -> object:
    """A request body or message as JSON; ``bad_request`` if it is not valid JSON.

    Lists and objects nested more than :data:`MAX_DEPTH` deep are refused
    too (before they are read: a deep message must never reach code that
    recurses), and so is a lone UTF-16 surrogate.
    """
    if _too_deep(raw):
        raise ApiError(
            400, "bad_request", f"the body nests lists or objects more than {MAX_DEPTH} deep"
        )
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        raise ApiError(400, "bad_request", "the body is not valid JSON") from None
    try:
        # JSON may escape half of a UTF-16 pair ("\ud800"), which is no text: it could
        # be stored but never sent again. Refused here, in keys and values alike.
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(
            400,
            "bad_request",
            "the body holds a lone surrogate (such as \\ud800), which is not text",
        ) from None
    return value


def _too_deep(raw: bytes | str) -> bool:
    """Whether JSON text opens more than :data:`MAX_DEPTH` brackets at once (strings skipped).

    A scan of the text, without recursion, so that it is safe on any input;
    malformed text is left to the parser.
    """
    text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def refuse_unknown(body: dict[str, Any], known: set[str]) -> None:
    """``bad_request`` naming the fields of ``body`` that are not ``known``."""
    unknown = set(body) - known
    if unknown:
        raise ApiError(400, "bad_request", f"unknown field(s): {', '.join(sorted(unknown))}")


def object_body(raw: object, known: set[str]) -> dict[str, Any]:
    """A request's decoded body as a JSON object of ``known`` fields at most;
    ``bad_request`` if it is not an object or has another field."""
    if not isinstance(raw, dict):
        raise ApiError(400, "bad_request", "a body is a JSON object")
    refuse_unknown(raw, known)
    return raw


def flag(body: dict[str, Any], name: str, default: bool) -> bool:
    """The true-or-false field ``name`` of ``body`` (``default`` when absent);
    ``bad_request`` if it is anything else."""
    on = body.get(name, default)
    if not isinstance(on, bool):
        raise ApiError(400, "bad_request", f"'{name}' is true or false")
    return on


def parse_dice(spec: object) -> tuple[object, bool, int | None]:
    """Split ``POST /api/games``'s ``dice`` and ``first`` off: ``(the rest, manual, first)``.

    ``"dice": "random"`` (the default: the server throws) or ``"manual"`` (the
    players throw real dice and enter each throw: a referee for a real board);
    with ``manual``, ``"first": N`` is the seat that starts (the players threw
    for it at the table; seat 0 if not given). ``bad_request`` if bad.
    """
    if not isinstance(spec, dict) or not {"dice", "first"} & set(spec):
        return spec, False, None
    dice = spec.get("dice", "random")
    if dice not in ("random", "manual"):
        raise ApiError(400, "bad_request", "'dice' is 'random' or 'manual'")
    first = spec.get("first")
    if first is not None:
        if dice != "manual":
            raise ApiError(400, "bad_request", "'first' is given with 'dice': 'manual' only")
        if not isinstance(first, int) or isinstance(first, bool) or first < 0:
            raise ApiError(400, "bad_request", "'first' is the index of the seat that starts")
    rest = {k: v for k, v in spec.items() if k not in ("dice", "first")}
    return rest, dice == "manual", first


def parse_action(body: object) -> tuple[object, int, str, int | list[int] | None]:
    """``(key, version, type, index)`` of an action body; ``bad_request`` if malformed.

    For a ``throw`` (dice entered by hand), ``index`` is the list of the dice's numbers.
    """
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "an action is a JSON object")
    kind = body.get("type")
    if kind == "throw":
        version = body.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise ApiError(400, "bad_request", "'version' must be the integer version of the state")
        dice = body.get("dice")
        if not (
            isinstance(dice, list)
            and len(dice) in (1, 2)
            and all(isinstance(d, int) and not isinstance(d, bool) for d in dice)
        ):
            raise ApiError(
                400, "bad_request", "a throw needs 'dice', the numbers thrown (two, or one die)"
            )
        refuse_unknown(body, {"key", "version", "type", "dice"})
        return body.get("key"), version, kind, list(dice)
    if kind not in ("step", "undo", "commit"):
        raise ApiError(400, "bad_request", "'type' must be 'step', 'undo', 'commit' or 'throw'")
    version = body.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ApiError(400, "bad_request", "'version' must be the integer version of the state")
    index = body.get("index")
    if kind == "step":
        if not isinstance(index, int) or isinstance(index, bool):
            raise ApiError(400, "bad_request", "a step needs 'index', an integer")
    else:
        index = None
    refuse_unknown(body, {"key", "version", "type", "index"})
    return body.get("key"), version, kind, index


def parse_position(value: object) -> Position:
    """The position of a request: a FORMAT.md object, or a string.

    A string is FORMAT.md JSON text when its first non-blank character is
    ``{``, and the one-line text form of :meth:`Position.to_text` otherwise;
    surrounding whitespace is ignored. ``bad_request`` if it cannot be read,
    with the reason (:class:`pachisi.errors.PositionError`'s message) after
    ``position: ``. Finished positions are read; callers decide about them.
    """
    if isinstance(value, dict):
        try:
            pos = Position.from_dict(value)
        except PachisiError as exc:
            raise ApiError(400, "bad_request", f"position: {exc}") from None
        except (ValueError, OverflowError, RecursionError):
            raise ApiError(400, "bad_request", "position: a number is too large") from None
        check_options(pos.setup.options, "position: options")
        return pos
    if not isinstance(value, str):
        kinds = "a FORMAT.md object, its JSON text or the one-line text form"
        raise ApiError(400, "bad_request", f"position: must be {kinds}")
    if len(value) > MAX_POSITION_TEXT:
        too_long = f"position: the text is longer than {MAX_POSITION_TEXT} characters"
        raise ApiError(400, "bad_request", too_long)
    text = value.strip()
    if not text:
        empty = "position: the text is empty; give the one-line text form or FORMAT.md JSON"
        raise ApiError(400, "bad_request", empty)
    try:
        pos = Position.from_json(text) if text.startswith("{") else Position.from_text(text)
    except PachisiError as exc:
        raise ApiError(400, "bad_request", f"position: {exc}") from None
    except (ValueError, OverflowError, RecursionError):
        # int() of a number of more than 4,300 digits, say: said plainly.
        raise ApiError(400, "bad_request", "position: text: a number is too large") from None
    check_options(pos.setup.options, "position: options")
    return pos


def check_options(options: dict[str, Any], where: str = "'options'") -> None:
    """``bad_request`` if a numeric rule switch is over :data:`MAX_OPTION`."""
    for name, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_OPTION:
            raise ApiError(400, "bad_request", f"{where}: {name} must be at most {MAX_OPTION}")


def parse_spec(spec: object) -> tuple[Setup, list[str], list[str], Position | None]:
    """The set-up, seat kinds, seat names and start position of ``POST /api/games``."""
    if not isinstance(spec, dict):
        raise ApiError(400, "bad_request", "a new game is described by a JSON object")
    known = {"ruleset", "players", "teams", "majors", "options", "seats", "names", "position"}
    refuse_unknown(spec, known)
    start: Position | None = None
    if spec.get("position") is not None:
        if set(spec) & {"ruleset", "players", "teams", "majors", "options"}:
            raise ApiError(
                400, "bad_request", "give either 'position' or the set-up fields, not both"
            )
        start = parse_position(spec["position"])
        if start.is_over:
            why = " (a dead end)" if start.is_dead_end else ""
            raise ApiError(400, "bad_request", f"position: the game is already over{why}")
        return (start.setup, *_parse_seats(spec, start.setup), start)
    ruleset = spec.get("ruleset", "parcheesi")
    if ruleset not in WEB_RULESETS:
        raise ApiError(400, "bad_request", f"unknown ruleset {ruleset!r}")
    players = spec.get("players")
    count = isinstance(players, int) and not isinstance(players, bool)
    lists = isinstance(players, list) and all(isinstance(p, (str, list)) for p in players)
    if players is not None and not (count or lists):
        raise ApiError(400, "bad_request", "'players' is a count or lists of colours")
    if lists and not all(players or ()):
        raise ApiError(400, "bad_request", "'players': every player needs at least one colour")
    teams = spec.get("teams")
    if teams is not None and not isinstance(teams, (bool, list)):
        raise ApiError(400, "bad_request", "'teams' is true, false or lists of seats")
    majors = spec.get("majors")
    if majors is not None and not (
        isinstance(majors, list) and all(isinstance(m, str) for m in majors)
    ):
        raise ApiError(400, "bad_request", "'majors' is a list of colours")
    options = spec.get("options") or {}
    if not isinstance(options, dict):
        raise ApiError(400, "bad_request", "'options' is an object of switches")
    try:
        setup = Setup.create(
            ruleset,
            players=players,
            teams=teams or None,
            majors=majors,
            options=options,
        )
    except PachisiError as exc:
        raise ApiError(400, "bad_request", str(exc)) from None
    except (TypeError, ValueError, IndexError, KeyError, OverflowError) as exc:
        raise ApiError(400, "bad_request", f"bad set-up: {exc}") from None
    check_options(setup.options)
    return (setup, *_parse_seats(spec, setup), None)


def _parse_seats(spec: dict[str, Any], setup: Setup) -> tuple[list[str], list[str]]:
    n = len(setup.players)
    kinds = spec.get("seats")
    if kinds is None:
        computer = "greedy" if level_unfit("greedy", setup) is None else "random"
        kinds = [HUMAN] + [computer] * (n - 1)
    if not (isinstance(kinds, list) and len(kinds) == n and all(isinstance(k, str) for k in kinds)):
        raise ApiError(400, "bad_request", f"'seats' lists one kind per player ({n})")
    for k in kinds:
        if k != HUMAN and canonical_level(k) not in PLAYERS:
            raise ApiError(400, "bad_request", f"unknown seat kind {k!r}")
    kinds = [k if k == HUMAN else canonical_level(k) for k in kinds]  # "master": learned2
    for kind in dict.fromkeys(k for k in kinds if k != HUMAN):
        why = level_unfit(kind, setup)
        if why is not None:  # a learned level whose network has not learned this set-up
            raise ApiError(400, "bad_request", why)
    names = spec.get("names")
    if names is None:
        names = [""] * n
    if not (
        isinstance(names, list)
        and len(names) == n
        and all(isinstance(x, str) and len(x) <= 40 for x in names)
    ):
        raise ApiError(400, "bad_request", "'names' lists one name (at most 40 characters) a seat")
    out_names = []
    colour_names = setup.colour_names
    computers = 0
    for i, (kind, name) in enumerate(zip(kinds, names, strict=True)):
        name = " ".join(name.split())
        computers += kind != HUMAN
        if not name:  # a person by the colours, a computer by its number and level
            colours = "+".join(colour_names[c].capitalize() for c in setup.players[i])
            name = colours if kind == HUMAN else f"Computer {computers} ({kind})"
        out_names.append(name)
    return list(kinds), out_names
