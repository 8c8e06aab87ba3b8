"""What the server shows: the board, the rulesets, positions and a game's state.

Pure functions of the rules engine's objects, the same for every viewer (no
secret is ever part of a view). The state of docs/web.md is built by
:func:`state_dict` from a :class:`pachisi.web.rooms.Room`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..board import (
    N_RING,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
    private_square,
    square_cell,
)
from ..bots import LADDER, PLAYERS, ladder_for
from ..describe import dice_numbers, facts_text, places_facts, play_facts, step_facts
from ..dice import dice_for
from ..errors import IllegalMoveError
from ..game import Ply
from ..moves import OPTION, PENALTY, Action, Turn, turn_of_notation
from ..position import Position
from ..rules import ONE_DIE_RULESETS, RULESET_TITLES, SWITCHES, Setup
from .one_die import (
    one_die_dice,
    one_die_geometry,
    one_die_square,
    one_die_step_facts,
    one_die_words,
)
from .requests import (
    COMPUTER_LEVELS,
    HUMAN,
    WEB_RULESETS,
    ApiError,
    level_unfit,
    parse_position,
    refuse_unknown,
)

if TYPE_CHECKING:
    from .rooms import Room, Seat

__all__ = [
    "MOVE_FACTS_CACHED",
    "RECENT_FACTS",
    "board_geometry",
    "clean_text",
    "geometry",
    "geometry_of",
    "lean",
    "moves_list",
    "pawns_list",
    "play_facts_lean",
    "play_path",
    "position_info",
    "rulesets_info",
    "seat_dict",
    "state_dict",
    "words_fields",
]


def board_geometry(ruleset: str) -> dict[str, Any]:
    """The board of RULES.md §2 as cells of a 19 x 19 grid (docs/web.md ``board``)."""
    pagade = ruleset == "pagade"
    squares: list[dict[str, Any]] = []
    for s in range(N_RING):
        x, y = square_cell(s)
        squares.append(
            {
                "id": s,
                "x": x,
                "y": y,
                "kind": "ring",
                "safe": (not pagade) and s in SAFETY_SQUARES,
                "castle": pagade and s in X_SQUARES,
                "arm": s // 17,
            }
        )
    for arm in range(4):
        for row in range(1, 8):
            s = private_square(arm, row)
            x, y = square_cell(s)
            squares.append(
                {"id": s, "x": x, "y": y, "kind": "private", "safe": False, "castle": False,
                 "arm": arm}
            )  # fmt: skip
    setup = Setup.create(ruleset)
    return {
        "squares": squares,
        "colours": list(setup.colour_names),
        "home": setup.home,
        "centre": [0, 0],
        "grid": 19,
    }


def clean_text(text: str) -> str:
    """``text`` with any lone surrogate replaced by U+FFFD (games stored by older servers)."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


@functools.cache
def geometry(ruleset: str) -> dict[str, Any]:
    """The board of a ruleset, computed once (shared: never change it); Ludo's with its
    default ``board`` (:func:`geometry_of` draws a set-up's)."""
    if ruleset in ONE_DIE_RULESETS:
        return one_die_geometry(ruleset)
    return board_geometry(ruleset)


def geometry_of(setup: Setup) -> dict[str, Any]:
    """The board of a set-up: Ludo's marks follow its ``board`` switch (L.1.4)."""
    if setup.ruleset == "ludo":
        return one_die_geometry("ludo", str(setup.option("board")))
    return geometry(setup.ruleset)


def step_facts_of(
    position: Position, pawns: Sequence[Sequence[int]], act: Action
) -> dict[str, Any]:
    """The facts of a step (:func:`pachisi.describe.step_facts`, or the one-die rulesets')."""
    if position.setup.ruleset in ONE_DIE_RULESETS:
        return one_die_step_facts(position, pawns, act)
    return step_facts(position, pawns, act)


def facts_words(facts: dict[str, Any]) -> str:
    """A step's facts in English words (:func:`pachisi.describe.facts_text`, or Ludo's)."""
    return one_die_words(facts) if facts.get("one_die") else facts_text(facts)


def rulesets_info() -> dict[str, Any]:
    """What the lobby needs to offer every set-up (``GET /api/rulesets``)."""
    out: dict[str, Any] = {}
    for ruleset in WEB_RULESETS:
        switches = []
        for sw in SWITCHES.values():
            if ruleset not in sw.defaults:
                continue
            kind = sw.kind if isinstance(sw.kind, str) else "choice"
            switches.append(
                {
                    "name": sw.name,
                    "kind": kind,
                    "choices": list(sw.kind) if kind == "choice" else None,
                    "default": sw.defaults[ruleset],
                    "doc": sw.doc,
                }
            )
        setup = Setup.create(ruleset)
        counts = {"pagade": [4, 2], "eight-man": [2]}.get(ruleset, [4, 3, 2])
        teams = ruleset in ("pagade", "parcheesi")
        names = setup.colour_names
        out[ruleset] = {
            "name": RULESET_TITLES[ruleset],
            "players": counts,
            "teams": teams,
            "majors": ruleset == "eight-man",
            "colours": list(names),
            # The colours of each seat by player count, as the server seats them by default;
            # "colour_choice": any colours in any order (Ludo, L.2.1-2); "setups": the
            # set-ups there are (MADN, M.2.1), the default first.
            "default_colours": {
                str(n): [
                    [names[c] for c in cols] for cols in Setup.create(ruleset, players=n).players
                ]
                for n in counts
            },
            "colour_choice": ruleset == "ludo",
            "setups": _maedn_setups() if ruleset == "maedn" else None,
            "switches": switches,
            "unfit_levels": {
                f"{n}{'t' if team else ''}": unfit_levels(
                    Setup.create(ruleset, players=n, teams=True if team else None)
                )
                for n in counts
                for team in ((False, True) if teams and n == 4 else (False,))
            },
        }
    ladder = [
        {"level": rung.number, "name": rung.name, "algorithm": rung.algorithm} for rung in LADDER
    ]
    # Every registered player is accepted for a seat; the lobby offers ``levels``.
    more = [name for name in PLAYERS if name not in COMPUTER_LEVELS]
    return {
        "rulesets": out,
        "levels": [HUMAN, *COMPUTER_LEVELS],
        "ladder": ladder,
        "more_levels": more,
    }


@functools.cache
def unfit_levels(setup: Setup) -> list[str]:
    """The computer levels that cannot play ``setup`` (a learned level whose network has
    not learned it: :func:`pachisi.bots.unfit_reason`; a level not written for Ludo or
    MADN: :func:`pachisi.web.requests.level_unfit`), and the levels above the top of
    ``setup``'s ladder (:func:`pachisi.bots.ladder_for`: in Ludo and MADN the learned
    levels play, but no declared run shows them stronger than strong); the lobby leaves
    them out."""
    rungs = {rung.algorithm for rung in ladder_for(setup)}
    return [
        level
        for level in COMPUTER_LEVELS
        if level not in rungs or level_unfit(level, setup) is not None
    ]


def _maedn_setups() -> dict[str, list[list[str]]]:
    """MADN's set-ups by player count (RULES-LUDO.md M.2.1), the default first."""
    names = Setup.create("maedn").colour_names
    out: dict[str, list[list[str]]] = {}
    for order in ([0, 2], [0, 1], [0, 1, 2], [0, 1, 2, 3]):
        out.setdefault(str(len(order)), []).append([names[c] for c in order])
    return out


def _seat_setup(setup: Setup, index: int) -> dict[str, Any]:
    """The colours, team and major colour of player ``index`` (docs/web.md ``seats``)."""
    names = setup.colour_names
    team = None
    if setup.teams is not None:
        team = next(t for t, members in enumerate(setup.teams) if index in members)
    major = None
    if setup.majors is not None and setup.majors[index] is not None:
        major = names[setup.majors[index]]  # type: ignore[index]
    return {
        "index": index,
        "colours": [names[c] for c in setup.players[index]],
        "team": team,
        "major": major,
    }


def position_info(body: object) -> dict[str, Any]:
    """What a position is, read from a request body (``POST /api/positions``).

    The body is ``{"position": ...}``, the position given as for ``POST
    /api/games`` (:func:`parse_position`). The answer describes it for the
    lobby: the FORMAT.md object, the one-line text, the ruleset, one entry per
    player, who is to move and whether the game is over. Nothing is created;
    a finished position is described (``over`` true), not refused.
    """
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", 'a position to read is given as {"position": ...}')
    refuse_unknown(body, {"position"})
    if body.get("position") is None:
        raise ApiError(400, "bad_request", "'position' is missing: give the position to read")
    pos = parse_position(body["position"])
    setup = pos.setup
    over = pos.is_over
    seats = []
    for i in range(len(setup.players)):
        seat = _seat_setup(setup, i)
        seat["label"] = " + ".join(c.capitalize() for c in seat["colours"])
        seats.append(seat)
    return {
        "position": pos.to_dict(),
        "text": pos.to_text(),
        "ruleset": setup.ruleset,
        "ruleset_name": RULESET_TITLES[setup.ruleset],
        "options": dict(setup.explicit),
        "seats": seats,
        "to_move": None if over else pos.to_move,
        "over": over,
        "winner": list(pos.winner) if pos.winner is not None else None,
        "unfit_levels": unfit_levels(setup),
    }


def _who(pos: Position, seat: int) -> str:
    names = pos.setup.colour_names
    return "+".join(names[c].capitalize() for c in pos.setup.players[seat])


#: The state's last moves that carry their facts (the others: ``GET .../moves``).
RECENT_FACTS = 8


def moves_list(history: Sequence[Ply], recent: int | None = None) -> list[dict[str, Any]]:
    """Every completed throw, oldest first, as in the state's ``moves`` (docs/web.md).

    Each carries the facts of its steps (:func:`pachisi.describe.play_facts`), or
    only the last ``recent`` ones do: the state is sent at every change, and a
    page reads the older ones once (``GET /api/games/{id}/moves``).
    """
    first = 1 if recent is None else len(history) - recent + 1
    out: list[dict[str, Any]] = []
    for i, ply in enumerate(history, 1):
        move: dict[str, Any] = {
            "n": i,
            "seat": ply.before.to_move,
            "who": _who(ply.before, ply.before.to_move),
            "throw": list(ply.throw),
            "play": ply.notation,
        }
        if i >= first:
            move["facts"] = list(_move_facts(ply.before, ply.throw, ply.notation))
        out.append(move)
    return out


#: Completed throws whose facts are kept (each holds its position: about 4 kB with the
#: facts, measured with tracemalloc; 50,000 made about 200 MB, which showed as memory
#: per finished game until the cache was full). The states of the games in play need
#: the facts of their last 8 throws.
MOVE_FACTS_CACHED = 10_000


@functools.lru_cache(maxsize=MOVE_FACTS_CACHED)
def _move_facts(before: Position, throw: tuple[int, ...], notation: str) -> tuple[Any, ...]:
    """The lean facts of a completed throw, made once (shared between states: read only)."""
    if before.setup.ruleset in ONE_DIE_RULESETS:
        if notation.strip() in ("", "-"):
            return ()
        act = turn_of_notation(before, throw, notation).steps[0]
        return (lean(one_die_step_facts(before, before.pawns, act)),)
    return tuple(lean(f) for f in play_facts(before, throw, notation))


def play_facts_lean(before: Position, throw: Sequence[int], notation: str) -> list[Any]:
    """The lean facts of each step of the play ``notation`` of ``throw`` from ``before``
    (:func:`pachisi.describe.play_facts`, or the one-die rulesets' one step): what the
    pages write in words for a hint's or a review's play."""
    return list(_move_facts(before, tuple(throw), notation))


def lean(value: Any) -> Any:
    """``value`` without the entries that say nothing (``None``, ``False``, empty lists).

    The facts of steps (:func:`pachisi.describe.step_facts`) travel in every
    state; a missing entry reads as "none" on the client.
    """
    if isinstance(value, dict):
        return {k: lean(v) for k, v in value.items() if v not in (None, False, [])}
    if isinstance(value, list):
        return [lean(v) for v in value]
    return value


def words_fields(room: Room) -> dict[str, Any]:
    """The state's fields for reading the game in words (docs/web.md, *Words*).

    ``dice``: the numbers of the throw being played, each used or not;
    ``steps_facts``: the facts of the steps already made with it; ``places_facts``:
    the result by places (:func:`pachisi.describe.places_facts`).
    """
    pos = room.position
    turn = room.turn
    steps_facts: list[dict[str, Any]] = []
    dice: list[dict[str, Any]] = []
    if turn is not None:
        replay = Turn(pos, turn.throw)
        for act in turn.steps:
            steps_facts.append(lean(step_facts_of(pos, replay.current_pawns, act)))
            replay.push(act)
        if pos.setup.ruleset in ONE_DIE_RULESETS:
            dice = one_die_dice(turn.throw, bool(turn.steps) or turn.is_complete)
        else:
            dice = dice_numbers(pos, turn.throw, turn.steps)
    return {"dice": dice, "steps_facts": steps_facts, "places_facts": places_facts(pos)}


def _square(ruleset: str, colour: int, p: int) -> int | None:
    if ruleset in ONE_DIE_RULESETS:
        return one_die_square(ruleset, colour, p)
    s = ROUTES[ruleset][colour][p]
    return None if s == OFF else s


def pawns_list(pos: Position, pawns: Sequence[Sequence[int]]) -> list[dict[str, Any]]:
    """Every pawn in play as ``{colour, p, square, where}`` (docs/web.md)."""
    setup = pos.setup
    names = setup.colour_names
    # MADN's goal fields are four squares, its last one no Home (M.1.3).
    home = -1 if setup.ruleset == "maedn" else setup.home
    out: list[dict[str, Any]] = []
    for c in setup.colours_in_play:
        for p in pawns[c]:
            where = "out" if p == 0 else "home" if p == home else "track"
            out.append(
                {
                    "colour": names[c],
                    "p": p,
                    "square": _square(setup.ruleset, c, p),
                    "where": where,
                }
            )
    return out


def _step_dict(
    pos: Position, pawns: Sequence[Sequence[int]], act: Action, index: int, description: str
) -> dict[str, Any]:
    setup = pos.setup
    names = setup.colour_names
    if act.kind == OPTION:
        colour = None
        frm = to = from_sq = to_sq = None
    else:
        colour = names[act.colour]
        frm = act.frm
        to = 0 if act.kind == PENALTY else act.to
        from_sq = _square(setup.ruleset, act.colour, frm)
        to_sq = _square(setup.ruleset, act.colour, to)
    return {
        "index": index,
        "notation": act.notation(names),
        "kind": act.kind,
        "colour": colour,
        "from": frm,
        "to": to,
        "from_square": from_sq,
        "to_square": to_sq,
        "capture": act.capture,
        "option": act.option,
        "description": description,
    }


def play_path(pos: Position, throw: Sequence[int], notation: str) -> list[dict[str, Any]]:
    """The steps of the play ``notation`` of ``throw`` from the throw's start, each as the
    board draws a legal step (``notation``, ``kind``, ``colour``, ``from_square``,
    ``to_square``): where a hint's play goes. A play of no steps (``-``) has none; a
    step that does not match any legal one ends the list.

    >>> pos = Position.start("parcheesi", players=2)
    >>> path = play_path(pos, (5, 2), "R0-1 R1-3")
    >>> [(s["notation"], s["from_square"], s["to_square"]) for s in path]
    [('R0-1', None, 5), ('R1-3', 5, 7)]
    """
    names = pos.setup.colour_names
    try:  # look-alike steps (RULES.md §5.5) are told apart by the steps after them
        steps: Sequence[Action] = turn_of_notation(pos, throw, notation).steps
    except IllegalMoveError:  # not a legal play: its steps up to the first that is not legal
        made: list[Action] = []
        probe = pos.turn(throw)
        for token in notation.split():
            acts = [a for a in probe.legal_steps() if a.notation(names) == token]
            if not acts:
                break
            made.append(acts[0])
            probe.push(acts[0])
        steps = made
    turn = pos.turn(throw)
    out: list[dict[str, Any]] = []
    for act in steps:
        step = _step_dict(pos, turn.current_pawns, act, len(out), "")
        out.append({k: step[k] for k in ("notation", "kind", "colour", "from_square", "to_square")})
        turn.push(act)
    return out


def state_dict(room: Room) -> dict[str, Any]:
    """The state of docs/web.md of a room as it stands (the same for every viewer)."""
    pos = room.position
    setup = pos.setup
    names = setup.colour_names
    turn = room.turn
    pawns = turn.current_pawns if turn is not None else pos.pawns
    legal: list[dict[str, Any]] = []
    if turn is not None and not turn.is_complete:
        for i, act in enumerate(turn.legal_steps()):
            facts = step_facts_of(pos, pawns, act)
            words = facts_words(facts)
            if act.variant:  # looks like another step but moves another pawn
                words += f" (another pawn of the same square, {act.variant + 1})"
                facts["variant"] = act.variant + 1
            legal.append({**_step_dict(pos, pawns, act, i, words), "facts": lean(facts)})
    moves = moves_list(room.game.history, RECENT_FACTS)
    return {
        "id": room.id,
        "version": room.version,
        "status": room.status,
        "ruleset": setup.ruleset,
        "start": room.game.start.to_dict(),
        "seats": [seat_dict(room, s) for s in room.seats],
        "position": pos.to_dict(),
        "to_move": None if room.status == "finished" else pos.to_move,
        "throw": list(turn.throw) if turn is not None else None,
        "steps": [a.notation(names) for a in turn.steps] if turn is not None else [],
        "pending_bonuses": list(turn.pending_bonuses) if turn is not None else [],
        "pawns": pawns_list(pos, pawns),
        "legal": legal,
        "complete": bool(turn is not None and turn.is_complete),
        "moves": moves,
        "first": room.first,
        "result": room.result,
        "winner": list(pos.winner) if pos.winner is not None else None,
        "places": [list(group) for group in pos.places],
        "notice": room.notice,
        "rematch": room.rematch,
        "board": geometry_of(setup),
        # Real dice (a referee for a real board): the throw is entered by the player.
        "manual_dice": room.social.manual,
        "dice_faces": list(dice_for(setup.ruleset).faces),
        "dice_count": dice_for(setup.ruleset).count,  # 1 for Ludo and MADN
        **words_fields(room),
    }


def seat_dict(room: Room, seat: Seat) -> dict[str, Any]:
    """One seat of a state: colours, kind, name, team and major colour."""
    info = _seat_setup(room.game.start.setup, seat.index)
    return {
        "index": seat.index,
        "colours": info["colours"],
        "kind": seat.kind,
        "name": clean_text(seat.name),
        "team": info["team"],
        "major": info["major"],
    }
