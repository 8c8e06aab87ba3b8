"""Perft: counts of distinct outcomes from each start position, pinned.

``perft(pos, d)`` counts the leaves of the tree of every ordered throw
(16 or 36 a level) and every distinct outcome, ``d`` throws deep. The pinned
numbers were computed by the engine and, independently, by the reference
implementation of tests/reference (which agreed on every one); a change in
any of them means the rules engine changed behaviour.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from pachisi import Position, dice_for

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import refimpl

PINNED: list[tuple[dict[str, Any], int, int]] = [
    ({"ruleset": "pagade"}, 124, 15376),
    ({"ruleset": "pagade", "players": 2}, 459, 210681),
    ({"ruleset": "whitman", "players": 2}, 36, 1321),
    ({"ruleset": "parcheesi"}, 36, 1316),
    ({"ruleset": "eight-man"}, 52, 2820),
]


def perft(pos: Position, depth: int) -> int:
    if depth == 0 or pos.is_over:
        return 1
    return sum(
        perft(play.position, depth - 1)
        for throw, _ in dice_for(pos.ruleset).outcomes()
        for play in pos.legal_plays(throw)
    )


@pytest.mark.parametrize(("spec", "depth1", "depth2"), PINNED, ids=lambda v: str(v))
def test_perft(spec: dict[str, Any], depth1: int, depth2: int) -> None:
    pos = Position.start(**spec)
    assert perft(pos, 1) == depth1
    assert perft(pos, 2) == depth2


@pytest.mark.parametrize(("spec", "depth1", "depth2"), PINNED, ids=lambda v: str(v))
def test_perft_depth1_matches_reference(spec: dict[str, Any], depth1: int, depth2: int) -> None:
    pos = Position.start(**spec)
    total = sum(
        len(refimpl.outcomes(pos.to_dict(), throw)) for throw, _ in dice_for(pos.ruleset).outcomes()
    )
    assert total == depth1


@pytest.mark.parametrize(("spec", "depth1", "depth2"), PINNED, ids=lambda v: str(v))
def test_perft_depth2_matches_reference(spec: dict[str, Any], depth1: int, depth2: int) -> None:
    """Depth 2 counted by the reference alone, from its own depth-1 outcomes."""
    pos = Position.start(**spec)
    throws = [t for t, _ in dice_for(pos.ruleset).outcomes()]
    total = 0
    for throw in throws:
        for outcome in refimpl.outcomes(pos.to_dict(), throw):
            if outcome["winner"] is not None:  # none of these set-ups plays on for places
                total += 1
                continue
            total += sum(len(refimpl.outcomes(outcome, t2)) for t2 in throws)
    assert total == depth2
