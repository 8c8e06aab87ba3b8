"""The quick share of the differential against ludo-king-engine, ludopy and OpenSpiel's maedn.

Each test plays one short random game with the outside program and compares
our outcome set with the program's for every die of every position
(tests/ludo_differential.py; its docstring has the long run's command).
A program that cannot be imported is skipped with the reason.
"""

from __future__ import annotations

import importlib

import pytest

import ludo_differential as diff


def _need(module: str) -> None:
    try:
        importlib.import_module(module)
    except Exception as exc:  # an absent package, or one that fails to load
        pytest.skip(f"{module} cannot be imported ({exc!s:.80}): pip install pachisi[test]")


@pytest.mark.parametrize(
    ("program", "module", "throws"),
    [
        ("king", "ludo_engine.core.game", 60),
        ("ludopy", "ludopy", 200),
        ("maedn", "pyspiel", 200),
    ],
)
def test_outcome_sets_match_the_outside_program(program: str, module: str, throws: int) -> None:
    """RULES-LUDO.md §9.9 (both references' switch sets) and §10: the same outcomes."""
    _need(module)
    tally = diff.Tally(program)
    play = diff.PROGRAMS[program]
    play(1, 36, tally, throws)
    assert tally.throws >= 6 * min(throws, 50)
    assert tally.disagreements == []


def test_the_comparison_can_fail() -> None:
    """A switch set that is not ludopy's disagrees with ludopy (OP-L2, L.2.4 show within a game)."""
    _need("ludopy")
    saved = dict(diff.LUDOPY_OPTIONS)
    try:
        diff.LUDOPY_OPTIONS["ludopy_quirks"] = False
        tally = diff.Tally("ludopy")
        diff.ludopy_games(1, 5, tally, 3000)
    finally:
        diff.LUDOPY_OPTIONS.clear()
        diff.LUDOPY_OPTIONS.update(saved)
    assert tally.disagreements
