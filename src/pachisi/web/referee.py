"""The referee: how a game moves on, checked against the rules engine and stored.

Functions of a :class:`pachisi.web.rooms.Room` (whose lock the caller holds,
in a worker thread) and one :class:`pachisi.web.store.Change`: everything a
function writes is stored in one transaction, or nothing is. A turn begins
with a throw that is written before anyone sees it; a throw that cannot move
anything passes; a human's step, undo and commit; a computer's play; the end
of the game, by its finishers or in a dead end (RULES.md §3.5,
:attr:`pachisi.position.Position.is_dead_end`: the places left are shared);
and the social rules of :mod:`pachisi.web.social`: a resignation, an offer
to end the game and its answers, a seat whose time ran out (handed to a
computer, or the game adjourned), a game resumed, a seat taken back.

The room is changed in memory as the writes are made; if the change cannot
be stored, the caller throws the room's memory away and reads the game back
from the store (:meth:`pachisi.web.hub.Hub.change`).
"""

from __future__ import annotations

import random

from ..describe import places_text
from ..dice import dice_for
from ..errors import ThrowError
from ..moves import Play, Turn
from .requests import HUMAN, ApiError
from .rooms import Room
from .social import HAND_OVER_LEVEL, agreed_end, resign_end
from .store import Change, ThrowRow

__all__ = [
    "apply_action",
    "awaits_throw",
    "begin_turn",
    "commit",
    "computer_play",
    "enter_throw",
    "seat_action",
    "time_out",
]


def begin_turn(ch: Change, rng: random.Random, room: Room) -> None:
    """Throw for the player to move; pass at once a throw a person cannot use.

    A computer passes the same way, after its pause (:func:`computer_play`).
    Does nothing once the game is over.
    """
    game = room.game
    while room.status == "playing" and not game.position.is_over:
        pos = game.position
        if awaits_throw(room):  # real dice: the player enters the throw (a ``throw`` action)
            room.turn, room.steps = None, []
            return
        throw = dice_for(pos.ruleset).roll(rng)
        if not _start_throw(ch, room, throw):
            return


def awaits_throw(room: Room) -> bool:
    """Whether the game waits for a person to enter the real dice's throw (``dice: manual``).

    A computer seat of such a game throws the server's dice, as in any game.
    """
    return (
        room.social.manual
        and room.status == "playing"
        and not room.game.position.is_over
        and room.seats[room.game.position.to_move].kind == HUMAN
    )


def enter_throw(ch: Change, rng: random.Random, room: Room, dice: list[int]) -> None:
    """A throw of real dice entered by the player to move; refused if not awaited or bad."""
    if not awaits_throw(room) or room.turn is not None:
        raise ApiError(409, "not_allowed", "no throw of real dice is awaited now")
    model = dice_for(room.position.ruleset)
    if len(dice) != model.count:
        count = "one number (one die)" if model.count == 1 else "two numbers"
        raise ApiError(400, "bad_request", f"a throw of this game is {count}")
    try:
        throw = model.check(tuple(dice))
    except ThrowError as exc:
        raise ApiError(422, "illegal", str(exc)) from None
    if _start_throw(ch, room, throw):
        begin_turn(ch, rng, room)  # it passed at once: on to the next player


def _start_throw(ch: Change, room: Room, throw: tuple[int, int]) -> bool:
    """Make ``throw`` the open throw; pass it at once when a person cannot use it.

    Returns whether it passed (so the next player's turn begins).
    """
    game = room.game
    pos = game.position
    turn = Turn(pos, throw)
    ch.add_throw(ThrowRow(len(game.history) + 1, pos.to_move, throw))
    game.set_throw(throw)
    room.turn, room.steps = turn, []
    if not (turn.is_complete and not turn.steps):
        return False
    if room.seats[pos.to_move].kind != HUMAN:
        return False
    # Nothing can move: the throw is shown in the move list and passes.
    commit(ch, room, turn.play())
    return True


def commit(ch: Change, room: Room, play: Play) -> None:
    """Store the play of the open throw and make it; the game ends if it is over."""
    game = room.game
    after = play.position
    status, result = "playing", None
    names = [seat.name for seat in room.seats]
    if after.is_over:  # by its finishers, or a dead end (the places left shared)
        status, result = "finished", places_text(after, names)
    elif after.winner is not None:
        result = places_text(after, names)
    ch.finish_throw(
        len(game.history) + 1, list(room.steps), play.notation, status=status, result=result
    )
    game.push(play)
    room.turn, room.steps = None, []
    room.status, room.result = status, result


def computer_play(ch: Change, rng: random.Random, room: Room, play: Play) -> None:
    """A computer seat's whole play, and the next turn."""
    commit(ch, room, play)
    begin_turn(ch, rng, room)


def apply_action(
    ch: Change, rng: random.Random, room: Room, kind: str, index: int | list[int] | None
) -> None:
    """One human action (``step``, ``undo``, ``commit``, or ``throw``: real dice entered).

    A refused action raises :class:`ApiError` before anything is changed.
    """
    if kind == "throw":
        enter_throw(ch, rng, room, index if isinstance(index, list) else [])
        return
    if isinstance(index, list):  # parse_action gives a list to a throw only
        raise ApiError(400, "bad_request", "a step needs 'index', an integer")
    turn = room.turn
    if turn is None:
        raise ApiError(409, "not_your_turn", "no throw is waiting to be played")
    n = len(room.game.history) + 1
    if kind == "step":
        legal = turn.legal_steps()
        if index is None or not 0 <= index < len(legal):
            raise ApiError(422, "illegal", f"there is no step {index} ({len(legal)} legal)")
        ch.set_steps(n, [*room.steps, index])
        turn.push(legal[index])
        room.steps.append(index)
    elif kind == "undo":
        if not turn.steps:
            raise ApiError(422, "illegal", "no step of this throw to undo")
        ch.set_steps(n, room.steps[:-1])
        turn.pop()
        room.steps.pop()
    elif kind == "commit":
        if not turn.is_complete:
            raise ApiError(422, "illegal", "the throw is not fully played yet")
        commit(ch, room, turn.play())
        begin_turn(ch, rng, room)
    else:  # parse_action checked it
        raise ApiError(400, "bad_request", f"unknown action {kind!r}")


# ---------------------------------------------------------------------------
# The social rules (pachisi.web.social)


def _not_allowed(message: str) -> ApiError:
    return ApiError(409, "not_allowed", message)


def _store_social(ch: Change, room: Room, status: str | None = None) -> None:
    if status is not None:
        room.status = status
    ch.set_social(room.social.to_dict(), status=status, result=room.result)


def _restart_throw(ch: Change, room: Room) -> None:
    """Take back the steps made with the open throw (a computer plays it from its start)."""
    if room.turn is not None and room.steps:
        ch.set_steps(len(room.game.history) + 1, [])
        room.turn = Turn(room.position, room.turn.throw)
        room.steps = []


def seat_action(ch: Change, room: Room, seat: int, kind: str, target: int | None = None) -> None:
    """A seat's social action (``resign``, ``offer``, ``accept``, ``decline``, ``resume``,
    ``take_back``, and ``claim`` or ``hand_over`` of the seat ``target`` that left;
    docs/web.md), checked and stored; :class:`ApiError` before any change."""
    social = room.social
    if kind == "resume":
        if room.status != "adjourned":
            raise _not_allowed("the game is not adjourned")
        social.adjourned = None
        room.deadline_throw = None  # a full turn again
        _store_social(ch, room, status="playing")
        return
    if room.status != "playing":
        raise (
            _not_allowed("the game is adjourned: resume it first")
            if room.status == "adjourned"
            else ApiError(409, "game_over", "the game is over")
        )
    if kind == "resign":
        room.result, social.end = resign_end(room, seat)
        social.resigned = sorted(set(social.resigned) | set(social.end["by"]))
        social.offer = None
        room.turn, room.steps = None, []
        _store_social(ch, room, status="finished")
    elif kind == "offer":
        if social.offer is not None:
            raise _not_allowed("an offer to end the game is waiting already: accept or decline it")
        if any(s.kind != HUMAN for s in room.seats):
            raise _not_allowed("a game is ended by agreement only when people play every seat")
        social.offer = {"by": seat, "agreed": [seat]}
        ch.keeps_turn = True
        _store_social(ch, room)
    elif kind == "accept":
        if social.offer is None:
            raise _not_allowed("nobody has offered to end the game")
        if seat in social.offer["agreed"]:
            raise _not_allowed(f"seat {seat} has agreed already")
        social.offer["agreed"] = sorted([*social.offer["agreed"], seat])
        if all(s.index in social.offer["agreed"] for s in room.seats):
            room.result, social.end = agreed_end(room)
            social.offer = None
            room.turn, room.steps = None, []
            _store_social(ch, room, status="finished")
        else:
            ch.keeps_turn = True
            _store_social(ch, room)
    elif kind == "decline":
        if social.offer is None:
            raise _not_allowed("nobody has offered to end the game")
        social.offer = None
        ch.keeps_turn = True
        _store_social(ch, room)
    elif kind in ("claim", "hand_over"):
        if target is None or target not in room.claimable or room.seats[target].kind != HUMAN:
            raise _not_allowed(f"seat {target} has not been away long enough")
        if target == seat:
            raise _not_allowed("a seat cannot act on its own absence")
        room.claimable.discard(target)
        if kind == "claim":
            room.result, social.end = resign_end(room, target, how="left")
            social.offer = None
            room.turn, room.steps = None, []
            _store_social(ch, room, status="finished")
        else:
            level = social.clock.level if social.clock is not None else HAND_OVER_LEVEL
            _hand_to_computer(ch, room, target, "away", level)
    elif kind == "take_back":
        if seat not in social.handed or room.seats[seat].kind == HUMAN:
            raise _not_allowed(f"seat {seat} is not played by a computer for its player")
        room.seats[seat].kind = HUMAN
        del social.handed[seat]
        room.deadline_throw = None
        ch.set_seats([s.to_store() for s in room.seats])
        _store_social(ch, room)
    else:  # the hub checked it
        raise ApiError(400, "bad_request", f"unknown seat action {kind!r}")


def time_out(ch: Change, room: Room, seat: int, why: str) -> None:
    """The turn of ``seat`` ran out (``why``: ``time``, or ``away`` past the timer): the
    creator's policy applies, a computer takes the seat or the game is adjourned."""
    social = room.social
    clock = social.clock
    if clock is None:  # the hub checked it
        raise ApiError(409, "not_allowed", "this game has no turn timer")
    if clock.then == "adjourn":
        social.adjourned = {"seat": seat, "why": why}
        room.deadline = None
        _store_social(ch, room, status="adjourned")
        return
    _hand_to_computer(ch, room, seat, why, clock.level)


def _hand_to_computer(ch: Change, room: Room, seat: int, why: str, level: str) -> None:
    """A computer of ``level`` plays ``seat`` from now on (its player may take it back)."""
    if room.position.to_move == seat:
        _restart_throw(ch, room)
    room.seats[seat].kind = level
    room.social.handed[seat] = {"why": why, "level": level}
    room.social.offer = None
    room.deadline = None
    ch.set_seats([s.to_store() for s in room.seats])
    _store_social(ch, room)
