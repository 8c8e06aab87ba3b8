"""``Turn`` from the kernel's step graph against the clear engine's (issue 19, section 2).

A fixed, seeded share of tests/kernel_turn_differential.py: random positions
of every ruleset, set-up and random switches, and built positions aimed at
the rarest rules, with every point of small step trees and random paths
(pushes and pops) down large ones compared: legal steps in order, pending
bonuses, current pawns, results. Compiled, and a small share uncompiled. The
long run: ``python tests/kernel_turn_differential.py SECONDS SEED``
(docs/benchmarks.md).
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from kernel_turn_differential import compare, run
from kernels import COMPILED, MODULES, UNCOMPILED
from pachisi import Position, Turn, _accel
from pachisi.errors import IllegalMoveError, ThrowError
from pachisi.moves import _clear_turn, _ClearSteps, _kernel_turn


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_kernel_turns_are_the_clear_engines() -> None:
    assert COMPILED is not None
    counts, failures = run(COMPILED, 60.0, 11, limit=600, built=0.4, every=8)
    assert failures == []
    assert counts["total"] == 600
    for name in ("pagade", "whitman", "parcheesi", "eight-man", "third doublets"):
        assert counts[name] >= 10, name
    assert sum(1 for k in counts if k.startswith("built:")) == 6


@pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load")
def test_kernel_turns_uncompiled() -> None:
    assert UNCOMPILED is not None
    counts, failures = run(UNCOMPILED, 60.0, 12, limit=40, built=0.5, every=8)
    assert failures == [] and counts["total"] == 40


# Built points of each kind of node: option, penalty, bonus part, nothing to move.
BUILT = [
    # Eight-Man, red with pawns in its nest and blue without: options A, B, C first
    ("eight-man Ry,Bg - r:0.0.5.9,y:3.6.12.20,b:0.0.0.0,g:0.0.0.0 0 0 - - -", (3, 3)),
    # third doublet: the most advanced pawn goes back (a penalty step)
    ("parcheesi r,y - r:0.10.20.30,y:0.0.0.0 0 2 - - -", (4, 4)),
    # third doublet with no pawn out: done at once
    ("parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 2 - - -", (4, 4)),
    # a capture and its bonus of 20
    ("parcheesi r,y - r:0.0.0.10,y:0.0.0.46 0 0 - - -", (2, 4)),
    # nothing can move
    ("parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -", (6, 6)),
    # two starting blockades whose squares come in the other order than their progress
    # (§5.5 tags, numbered by square: R64 on square 0 steps before R10 on square 14)
    ("parcheesi r,y - r:10.10.64.64,y:0.0.0.0 0 0 - - -", (3, 4)),
    ("parcheesi r,y - r:10.10.64.64,y:0.0.0.0 0 0 - - -", (4, 4)),
    # Pagade pairs on a doublet
    ("pagade r,b,y,g - r:10.10.30.40,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 0000 - -", (3, 3)),
]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("text,throw", BUILT, ids=[t for t, _ in BUILT])
def test_built_points(module: ModuleType, text: str, throw: tuple[int, int]) -> None:
    pos = Position.from_text(text)
    assert compare(pos, throw, module, random.Random(1)) >= 1


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_turn_answers_from_the_kernel_when_active() -> None:
    pos = Position.start("parcheesi", players=2)
    turn = Turn(pos, (5, 2))
    if _accel.active():
        assert isinstance(turn._graph, _accel.TurnGraph)
    with _accel.pure():
        assert isinstance(Turn(pos, (5, 2))._graph, _ClearSteps)


@pytest.mark.parametrize("module", MODULES)
def test_errors_and_copies(module: ModuleType) -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.46 0 0 - - -")
    with pytest.raises(ThrowError):
        _kernel_turn(pos, (7, 1), module)
    turn = _kernel_turn(pos, (2, 4), module)
    with pytest.raises(IllegalMoveError, match="not fully played"):
        turn.result()
    clear = _clear_turn(pos, (2, 4))
    wrong = next(a for a in clear.legal_steps() if a.to != 12)
    other = turn.copy()
    other.push(next(a for a in other.legal_steps() if a.to == 12))
    assert other.pending_bonuses == (20,) and turn.pending_bonuses == ()
    with pytest.raises(IllegalMoveError, match="illegal step"):
        other.push(wrong)
    assert turn.steps == () and len(other.steps) == 1
    with pytest.raises(IndexError):
        turn.pop()
