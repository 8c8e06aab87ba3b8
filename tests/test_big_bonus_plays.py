"""RULES.md §5.7 (bonuses; the `home_bonus` switch, an integer ≥ 0): a
play with a bonus larger than a die's five bits is shown, and read back, whole on both
engines. The kernel once kept a play's steps in their ranks' 5-bit number fields and
showed a bonus of 40 as "+8".
"""

from __future__ import annotations

import pytest

from pachisi import Position
from pachisi.fast import active, pure
from pachisi.moves import legal_plays, parse_play

POSITION = "whitman{home_bonus=40} r,g - r:1.26.30.62,g:24.28.66.70 1 1 - - -"


def plays_of(engine: str) -> list[tuple[str, Position]]:
    pos = Position.from_text(POSITION)
    if engine == "pure":
        with pure():
            return [(p.notation, p.position) for p in legal_plays(pos, (6, 3))]
    return [(p.notation, p.position) for p in legal_plays(pos, (6, 3))]


@pytest.mark.parametrize("engine", ["kernel", "pure"])
def test_a_bonus_of_40_reads_back(engine: str) -> None:
    if engine == "kernel" and not active():
        pytest.skip("the compiled kernel is not built")
    pos = Position.from_text(POSITION)
    plays = plays_of(engine)
    bonus = [n for n, _ in plays if "+40:" in n]
    assert bonus, plays  # reaching home earns the 40 squares
    assert not any("+8:" in n for n, _ in plays)
    for notation, after in plays:
        assert parse_play(pos, (6, 3), notation).position == after, notation


def test_both_engines_show_the_same_plays() -> None:
    if not active():
        pytest.skip("the compiled kernel is not built")
    assert plays_of("kernel") == plays_of("pure")
