"""The referee: how a game moves on, checked against the rules engine and stored.

Functions of a :class:`pachisi.web.rooms.Room` (whose lock the caller holds,
in a worker thread) and the :class:`pachisi.web.store.Store`: a turn begins
with a throw that is stored before anyone sees it; a throw that cannot move
anything passes; a human's step, undo and commit; the end of the game.
"""

from __future__ import annotations

import random

from ..dice import dice_for
from ..game import Game
from ..moves import Play, Turn, legal_plays
from ..position import Position
from .requests import HUMAN, ApiError
from .rooms import Room
from .store import Store, ThrowRow

__all__ = ["apply_action", "begin_turn", "commit", "dead_end", "stop_dead_end"]


def dead_end(pos: Position) -> bool:
    """No throw of any player still in the game can ever move a pawn (RULES.md is silent).

    Seen in Pagade only: every player still playing has no cut and every pawn
    jammed against square 8. Checked by passing once round the table with
    every distinct throw.
    """
    if pos.is_over:
        return False
    dice = dice_for(pos.ruleset)
    p = pos
    for _ in range(len(pos.setup.players)):
        passed: Position | None = None
        for throw, _ in dice.distinct():
            plays = legal_plays(p, throw)
            if any(pl.actions for pl in plays):
                return False
            passed = plays[0].position
        assert passed is not None
        p = passed
    return True


def begin_turn(store: Store, rng: random.Random, room: Room) -> None:
    """Throw for the player to move; pass throws that cannot be used (worker thread)."""
    game = room.game
    passes = 0
    while room.status == "playing":
        pos = game.position
        if pos.is_over:
            return
        throw = dice_for(pos.ruleset).roll(rng)
        n = len(game.history) + 1
        turn = Turn(pos, throw)
        store.add_throw(room.id, ThrowRow(n, pos.to_move, throw), room.version + 1)
        room.version += 1
        game.set_throw(throw)
        room.turn, room.steps = turn, []
        if not (turn.is_complete and not turn.steps):
            return
        if room.seats[pos.to_move].kind != HUMAN:
            return  # a computer passes the same way, after its pause
        # Nothing can move: the throw is shown in the move list and passes.
        commit(store, room, turn.play())
        passes += 1
        if passes >= len(pos.setup.players) and dead_end(game.position):
            stop_dead_end(store, room)
            return


def commit(store: Store, room: Room, play: Play) -> None:
    """Store the play of the open throw, then make it (worker thread)."""
    game = room.game
    n = len(game.history) + 1
    after = play.position
    status, result = "playing", None
    if after.is_over:
        status, result = "finished", Game(after).outcome()
    elif after.winner is not None:
        result = Game(after).outcome()
    store.finish_throw(
        room.id, n, list(room.steps), play.notation, room.version + 1,
        status=status, result=result,
    )  # fmt: skip
    room.version += 1
    game.push(play)
    room.turn, room.steps = None, []
    room.status, room.result = status, result


def stop_dead_end(store: Store, room: Room) -> None:
    """End a game that has come to a dead end (stored)."""
    room.status = "finished"
    room.result = (
        "stopped: no throw of any player can move a pawn any more"
        " (a Pagade dead end that RULES.md does not settle)"
    )
    room.turn, room.steps = None, []
    # The last throw is already stored with its play; record the status.
    store.finish_status(room.id, room.version + 1, room.result)
    room.version += 1


def apply_action(
    store: Store, rng: random.Random, room: Room, kind: str, index: int | None
) -> None:
    """One human action (``step``, ``undo`` or ``commit``), checked and stored."""
    turn = room.turn
    if turn is None:
        raise ApiError(409, "not_your_turn", "no throw is waiting to be played")
    if kind == "step":
        legal = turn.legal_steps()
        if index is None or not 0 <= index < len(legal):
            raise ApiError(422, "illegal", f"there is no step {index} ({len(legal)} legal)")
        turn.push(legal[index])
        try:
            store.set_steps(room.id, len(room.game.history) + 1,
                                 [*room.steps, index], room.version + 1)  # fmt: skip
        except Exception:
            turn.pop()
            raise
        room.steps.append(index)
        room.version += 1
    elif kind == "undo":
        if not turn.steps:
            raise ApiError(422, "illegal", "no step of this throw to undo")
        action = turn.pop()
        try:
            store.set_steps(room.id, len(room.game.history) + 1, room.steps[:-1],
                                 room.version + 1)  # fmt: skip
        except Exception:
            turn.push(action)
            raise
        room.steps.pop()
        room.version += 1
    elif kind == "commit":
        if not turn.is_complete:
            raise ApiError(422, "illegal", "the throw is not fully played yet")
        commit(store, room, turn.play())
        begin_turn(store, rng, room)
    else:  # pragma: no cover - parse_action checked it
        raise ApiError(400, "bad_request", f"unknown action {kind!r}")
