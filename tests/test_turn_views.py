"""Turn.current_pawns and Turn.pending_bonuses: the engine's view of a throw half played.

The terminal board (pachisi.terminal.board) draws exactly these; the tests
check them at every step of random throws of every ruleset.
"""

from __future__ import annotations

import random

import pytest

from pachisi import Position, Turn, dice_for
from pachisi.terminal.board import pawns_after, pending_bonuses

SETUPS = [
    {"ruleset": "pagade"},
    {"ruleset": "pagade", "players": 2},
    {"ruleset": "whitman", "players": 2},
    {"ruleset": "parcheesi", "players": 4},
    {"ruleset": "parcheesi", "teams": True},
    {"ruleset": "eight-man"},
]


@pytest.mark.parametrize("spec", SETUPS, ids=[str(s) for s in SETUPS])
def test_half_played_views_agree_with_the_engine(spec: dict[str, object]) -> None:
    rng = random.Random(7)
    pos = Position.start(**spec)  # type: ignore[arg-type]
    dice = dice_for(pos.ruleset)
    steps_checked = 0
    for _ in range(400):
        if pos.is_over:
            break
        turn = Turn(pos, dice.roll(rng))
        assert turn.current_pawns == pos.pawns
        while not turn.is_complete:
            turn.push(rng.choice(turn.legal_steps()))
            steps_checked += 1
            now = turn.current_pawns
            # Pawns are conserved; the mover's only advance (but for the
            # third-doublet penalty, RULES.md §5.8).
            assert [len(ps) for ps in now] == [len(ps) for ps in pos.pawns]
            if turn.steps[0].kind != "penalty":
                for c in pos.setup.players[pos.to_move]:
                    assert sum(now[c]) >= sum(pos.pawns[c])
            # The board draws exactly the engine's view.
            assert pawns_after(pos, turn.throw, turn.steps) == now
            assert pending_bonuses(pos, turn.throw, turn.steps) == list(turn.pending_bonuses)
            if turn.is_complete:
                assert turn.pending_bonuses == ()
        result = turn.result()
        assert turn.current_pawns == result.pawns
        assert turn.pending_bonuses == ()
        pos = result
    assert steps_checked > 100


def test_pending_bonus_after_a_capture() -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.46 0 0 - - -")
    turn = Turn(pos, (2, 4))
    capture = next(s for s in turn.legal_steps() if s.to == 12)  # ring 16: yellow's p 46
    assert capture.capture
    turn.push(capture)
    assert turn.pending_bonuses == (20,)
    assert turn.current_pawns[2] == (0, 0, 0, 0)
