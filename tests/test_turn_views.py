"""Turn.current_pawns and Turn.pending_bonuses: the engine's view of a throw half played.

The terminal board (pachisi.terminal.board) draws exactly these; the tests
check them at every step of random throws of every ruleset against an
independent account kept here from the steps alone: each step moves its
pawn(s) from ``frm`` to ``to`` (a third-doublet penalty sends one to the nest),
a capture sends every other player's pawn on the landing square to its nest,
and each capture or pawn reaching HOME earns the ruleset's bonus, which a
bonus step then spends (RULES.md §5.7). Each test runs with the installed
engine (``Turn`` from the compiled kernel where it is built) and with the
clear one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pachisi import Position, Turn, _accel, dice_for
from pachisi.board import ROUTES
from pachisi.moves import BONUS, OPTION, PAIR, PENALTY, Action
from pachisi.terminal.board import pawns_after, pending_bonuses

SETUPS = [
    {"ruleset": "pagade"},
    {"ruleset": "pagade", "players": 2},
    {"ruleset": "whitman", "players": 2},
    {"ruleset": "parcheesi", "players": 4},
    {"ruleset": "parcheesi", "teams": True},
    {"ruleset": "eight-man"},
]


Pawns = list[list[int]]


def bonus(pos: Position, name: str) -> int:
    """The ruleset's ``capture_bonus`` or ``home_bonus`` (Pagade has neither)."""
    return 0 if pos.ruleset == "pagade" else int(pos.setup.option(name))


def apply_step(pos: Position, pawns: Pawns, bonuses: list[int], act: Action) -> None:
    """Play ``act`` on ``pawns`` and the ``bonuses`` earned and not yet spent (in place)."""
    setup = pos.setup
    if act.kind == OPTION:
        return
    mine = pawns[act.colour]
    if act.kind == PENALTY:
        mine[mine.index(act.frm)] = 0
        return
    for _ in range(2 if act.kind == PAIR else 1):
        mine[mine.index(act.frm)] = act.to
    if act.kind == BONUS:
        bonuses.remove(act.numbers[0])
    if act.capture:
        routes = ROUTES[setup.ruleset]
        square = routes[act.colour][act.to]
        friends = setup.players[pos.to_move]
        for c in setup.colours_in_play:
            if c not in friends:
                pawns[c] = [0 if routes[c][p] == square else p for p in pawns[c]]
        if bonus(pos, "capture_bonus"):
            bonuses.append(bonus(pos, "capture_bonus"))
    if act.to == setup.home and bonus(pos, "home_bonus"):
        bonuses.append(bonus(pos, "home_bonus"))


def as_tuples(pawns: Pawns) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(sorted(ps)) for ps in pawns)


@pytest.fixture(params=["installed", "pure"])
def engine(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test once with the installed engine (the kernel's Turn when compiled), once pure."""
    if request.param == "pure":
        with _accel.pure():
            yield "pure"
    else:
        yield _accel.engine()


@pytest.mark.parametrize("spec", SETUPS, ids=[str(s) for s in SETUPS])
def test_half_played_views_agree_with_the_engine(spec: dict[str, object], engine: str) -> None:
    rng = random.Random(7)
    pos = Position.start(**spec)  # type: ignore[arg-type]
    dice = dice_for(pos.ruleset)
    steps_checked = 0
    bonuses_seen = 0
    for _ in range(400):
        if pos.is_over:
            break
        turn = Turn(pos, dice.roll(rng))
        assert turn.current_pawns == pos.pawns
        pawns = [list(ps) for ps in pos.pawns]
        earned: list[int] = []
        while not turn.is_complete:
            legal = turn.legal_steps()
            step = rng.choice(legal)
            turn.push(step)
            steps_checked += 1
            now = turn.current_pawns
            # The independent account of the steps.
            apply_step(pos, pawns, earned, step)
            assert as_tuples(pawns) == as_tuples([list(ps) for ps in now])
            # Pending: earned and not spent, less the bonuses lost because no pawn can
            # take them; once only bonus steps are left, exactly the ones that can be taken.
            pending = sorted(turn.pending_bonuses)
            assert all(pending.count(b) <= earned.count(b) for b in pending)
            left = [] if turn.is_complete else turn.legal_steps()
            if left and all(s.kind == BONUS for s in left):
                bonuses_seen += 1
                assert set(pending) == {s.numbers[0] for s in left}
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
    if pos.ruleset != "pagade":
        assert bonuses_seen > 0


def test_pending_bonus_after_a_capture(engine: str) -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.46 0 0 - - -")
    turn = Turn(pos, (2, 4))
    capture = next(s for s in turn.legal_steps() if s.to == 12)  # ring 16: yellow's p 46
    assert capture.capture
    turn.push(capture)
    assert turn.pending_bonuses == (20,)
    assert turn.current_pawns[2] == (0, 0, 0, 0)
