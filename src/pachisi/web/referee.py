"""The referee: how a game moves on, checked against the rules engine and stored.

Functions of a :class:`pachisi.web.rooms.Room` (whose lock the caller holds,
in a worker thread) and one :class:`pachisi.web.store.Change`: everything a
function writes is stored in one transaction, or nothing is. A turn begins
with a throw that is written before anyone sees it; a throw that cannot move
anything passes; a human's step, undo and commit; a computer's play; the end
of the game, by its finishers or in a dead end (RULES.md §3.5,
:attr:`pachisi.position.Position.is_dead_end`: the places left are shared).

The room is changed in memory as the writes are made; if the change cannot
be stored, the caller throws the room's memory away and reads the game back
from the store (:meth:`pachisi.web.hub.Hub.change`).
"""

from __future__ import annotations

import random

from ..describe import places_text
from ..dice import dice_for
from ..moves import Play, Turn
from .requests import HUMAN, ApiError
from .rooms import Room
from .store import Change, ThrowRow

__all__ = ["apply_action", "begin_turn", "commit", "computer_play"]


def begin_turn(ch: Change, rng: random.Random, room: Room) -> None:
    """Throw for the player to move; pass at once a throw a person cannot use.

    A computer passes the same way, after its pause (:func:`computer_play`).
    Does nothing once the game is over.
    """
    game = room.game
    while room.status == "playing" and not game.position.is_over:
        pos = game.position
        throw = dice_for(pos.ruleset).roll(rng)
        turn = Turn(pos, throw)
        ch.add_throw(ThrowRow(len(game.history) + 1, pos.to_move, throw))
        game.set_throw(throw)
        room.turn, room.steps = turn, []
        if not (turn.is_complete and not turn.steps):
            return
        if room.seats[pos.to_move].kind != HUMAN:
            return
        # Nothing can move: the throw is shown in the move list and passes.
        commit(ch, room, turn.play())


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


def apply_action(ch: Change, rng: random.Random, room: Room, kind: str, index: int | None) -> None:
    """One human action (``step``, ``undo`` or ``commit``), checked and stored.

    A refused action raises :class:`ApiError` before anything is changed.
    """
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
