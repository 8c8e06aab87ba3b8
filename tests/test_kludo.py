"""The compiled engine of ludo and maedn (pachisi._kludo) against the clear engine (issue 36).

Each rule of RULES-LUDO.md is written twice: in the clear engine
(:mod:`pachisi._ludo`) and in the compiled engine (:mod:`pachisi._kludo`,
bridged by :mod:`pachisi._ludo_accel`). These tests hold the two to the same
answers: the same plays in the same order for every throw (the CI share of
tests/kludo_differential.py, whose long run is documented in docs/ludo.md),
the same steps for :class:`~pachisi.moves.Turn`, and the same whole games
for ``simulate``. They run on the uncompiled module everywhere, and on the
compiled one where it is built.
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

import kludo_differential
from pachisi import _accel, _clear, _ludo_accel, fast
from pachisi.moves import Turn, legal_plays
from pachisi.position import Position
from pachisi.rules import Setup
from pachisi.tournament.kernel import pure_game, replay

UNCOMPILED = _ludo_accel.module(compiled=False)
assert UNCOMPILED is not None
COMPILED = _ludo_accel.module()
MODULES = [
    pytest.param(UNCOMPILED, id="uncompiled"),
    pytest.param(
        COMPILED,
        id="compiled",
        marks=pytest.mark.skipif(COMPILED is None, reason="the compiled engine is not built"),
    ),
]
LUDOPY = {
    "board": "ludopy",
    "overshoot": "ludopy",
    "blocks": "kill_mover",
    "start_tries": "opening",
    "three_sixes": False,
    "bonus_throws": False,
    "ludopy_quirks": True,
}


def test_the_layouts_agree() -> None:
    assert UNCOMPILED is not None
    ours = (UNCOMPILED.ST, UNCOMPILED.OW, UNCOMPILED.G_SIZE, UNCOMPILED.T_SIZE_ALL)
    table = _ludo_accel.table(Position.start("ludo", players=2).setup)
    assert ours == (_ludo_accel.ST, _ludo_accel.OW, _ludo_accel.G_SIZE, len(table))


@pytest.mark.parametrize("mod", MODULES)
def test_random_and_built_throws_of_every_switch_value(mod: ModuleType) -> None:
    """The CI share of the differential: every switch value of both rulesets met."""
    lines: list[str] = []
    n = 40 if mod is UNCOMPILED else 200
    counts = kludo_differential.run(n, 36, mod, lines.append, max_moves=200)
    assert counts.differences == 0, [x for x in lines if x.startswith("DIFFERENCE")][:3]
    assert counts.least() >= n and counts.least("random") and counts.least("built")


@pytest.mark.parametrize("mod", MODULES)
def test_worked_cases(mod: ModuleType) -> None:
    """A few set positions of RULES-LUDO.md: both engines, every die."""
    cases = [
        # M.5.1: a pawn on the start field with pawns in the yard must move on.
        Position.from_text("maedn r,g - r:0.0.1.43,g:13.14.42.44 0 0 - - - 0 0"),
        # L.4.2: blocks, a capture and a pawn on a safe square.
        Position.from_text("ludo r,g,y - r:20.40.45.49,g:0.0.9.34,y:0.0.16.16 0 0 - - - 0 0"),
        Position.start("ludo", players=4, options=LUDOPY),
        Position.start("maedn", players=3, options={"three_tries": True}),
    ]
    for pos in cases:
        for d in range(1, 7):
            assert list(_ludo_accel.legal_plays(pos, (d,), mod)) == list(
                _clear.legal_plays(pos, (d,))
            )


def test_the_library_answers_from_the_engine_the_same() -> None:
    """legal_plays and Turn route here when the engine is built: the same answers."""
    rng = random.Random(5)
    for ruleset, opts in (("ludo", {}), ("ludo", LUDOPY), ("maedn", {"goal_jump": False})):
        pos = Position.start(ruleset, players=4, options=opts)
        for _ in range(400):
            if pos.is_over:
                break
            d = rng.randint(1, 6)
            with _accel.pure():
                clear_plays = list(legal_plays(pos, (d,)))
                clear_turn = Turn(pos, (d,))
                clear_steps = clear_turn.legal_steps()
                clear_done = clear_turn.is_complete
            turn = Turn(pos, (d,))
            assert list(legal_plays(pos, (d,))) == clear_plays
            assert turn.legal_steps() == clear_steps
            assert turn.is_complete == clear_done
            if clear_steps:
                turn.push(clear_steps[-1])
                assert turn.is_complete and turn.result() == clear_plays[-1].position
            pos = clear_plays[rng.randrange(len(clear_plays))].position


def test_one_die_steps_answer_as_the_clear_graph() -> None:
    rng = random.Random(8)
    pos = Position.start("maedn", players=4)
    for _ in range(300):
        if pos.is_over:
            break
        d = rng.randint(1, 6)
        graph = _ludo_accel.OneDieSteps(pos, (d,))
        with _accel.pure():
            turn = Turn(pos, (d,))
        clear = turn._graph
        assert [a for a, _ in graph.steps(graph.root)] == [a for a, _ in clear.steps(clear.root)]
        assert graph.is_done(graph.root) == clear.is_done(clear.root)
        assert graph.pawns(graph.root) == clear.pawns(clear.root)
        for (_, a), (_, b) in zip(graph.steps(0), clear.steps(clear.root), strict=True):
            assert graph.pawns(a) == clear.pawns(b) and graph.result(a) == clear.result(b)
            assert graph.pending(a) == clear.pending(b) == ()
        if graph.is_done(0):
            assert graph.result(0) == clear.result(clear.root)
        plays = _clear.legal_plays(pos, (d,))
        pos = plays[rng.randrange(len(plays))].position


@pytest.mark.parametrize("mod", MODULES)
@pytest.mark.parametrize(
    ("ruleset", "players", "options"),
    [("ludo", 4, {}), ("ludo", 2, LUDOPY), ("maedn", 3, {}), ("maedn", 4, {"three_tries": True})],
)
def test_simulated_games_are_the_clear_engines(
    mod: ModuleType, ruleset: str, players: int, options: dict[str, object]
) -> None:
    """simulate's games (random players): the ones pure_game plays through the clear engine."""
    setup = Position.start(ruleset, players=players, options=options).setup
    start = Position.initial(setup, 0)
    seeds = [11, 12, 13] if mod is UNCOMPILED else list(range(20))
    firsts = [s % players for s in seeds]
    games = _accel.simulate_games(start, seeds, firsts, [0] * len(seeds), 100_000, mod)
    with _accel.pure():
        for g, f, game in zip(seeds, firsts, games, strict=True):
            clear, _ = pure_game(Position.initial(setup, f), g, 0, 100_000)
            assert game == clear
            assert game.winner is not None and game.throws > 20


def test_a_traced_game_replays_through_the_clear_engine() -> None:
    setup: Setup = Position.start("ludo", players=3).setup
    start = Position.initial(setup, 0)
    game, throws, final = _accel.simulate_trace(start, 7, 1, 0, 100_000, UNCOMPILED)
    assert all(len(t) == 1 for t, _ in throws)
    with _accel.pure():
        played, captures = replay(Position.initial(setup, 1), throws, final)
    assert captures == game.captures and played.position.winner == game.winner
    assert len(played.history) == game.throws


def test_a_cut_off_game_and_bad_requests() -> None:
    start = Position.start("maedn", players=2)
    (game,) = _accel.simulate_games(start, [3], [0], [0], 10, UNCOMPILED)
    assert game.throws == 10 and game.winner is None and game.finished == ()
    with pytest.raises(ValueError, match="greedy"):
        _accel.simulate_games(start, [3], [0], [1], 10, UNCOMPILED)
    with pytest.raises(ValueError, match="firsts"):
        _accel.simulate_games(start, [3], [2], [0], 10, UNCOMPILED)
    assert fast.sim_state(start) == tuple(_ludo_accel.state(start))


def test_a_positions_row_is_its_fields_in_order() -> None:
    """``state`` lays a position out as pachisi._kludo reads it (its module docstring):
    each colour's pawns at 4 * colour (0s for a colour not in play), then to_move,
    doubles, tries, opening and the winner; a position of any other shape the same way."""

    def plain(pos: Position) -> list[int]:
        row = [0] * _ludo_accel.ST
        for c, ps in enumerate(pos.pawns):
            for j, p in enumerate(ps):
                row[4 * c + j] = p
        won = pos.winner[0] if pos.winner else -1
        return [*row[:16], pos.to_move, pos.doubles, pos.tries, int(pos.opening), won]

    rng = random.Random(5)
    for ruleset, players in (("ludo", 2), ("ludo", 4), ("maedn", 3)):
        pos = Position.start(ruleset, players=players)
        while not pos.is_over:
            assert list(_ludo_accel.state(pos)) == plain(pos)
            plays = legal_plays(pos, (rng.randint(1, 6),))
            pos = plays[rng.randrange(len(plays))].position
        assert list(_ludo_accel.state(pos)) == plain(pos) and pos.winner
    start = Position.start("ludo", players=2)
    odd = Position(start.setup, ((0, 0, 3), (), (0, 0, 0, 5), ()), 1)  # not a valid one
    assert list(_ludo_accel.state(odd)) == plain(odd)
