"""The playout API (:func:`pachisi._accel.playouts`) against its pure twin.

``playouts`` (inside the kernel) and ``pure_playouts`` (over the pure
engine's ``legal_plays``) take the same arguments and must give the same
games: playout numbers (``start``), given first throws, per-player policies,
evaluations of cut-off games, the canonical order of outcomes and the common
random numbers (the k-th playouts from two positions throw the same dice).
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import pytest

from kernels import COMPILED, UNCOMPILED
from pachisi import Position, _accel, dice_for, fast, legal_plays
from pachisi._layout import SIM_SIZE
from pachisi.bots.evaluation import evaluate
from pachisi.learn.kernel import tables
from pachisi.learn.network import ValueNet

needs_kernel = pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")


def _mid_game(ruleset: str, players: int, throws: int, seed: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start(ruleset, players=players)
    dice = dice_for(ruleset)
    for _ in range(throws):
        with _accel.pure():
            plays = legal_plays(pos, dice.roll(rng))
        pos = rng.choice(plays).position
    return pos


def _both(pos: Position, n: int, seed: int, **kw: Any) -> list[Any]:
    """The kernel's games, checked equal to the pure twin's."""
    got = _accel.playouts(pos, n, seed, module=COMPILED, **kw)
    want = _accel.pure_playouts(pos, n, seed, evaluation=evaluate, **kw)
    assert got == want, (pos.to_text(), kw)
    return got


def test_stream_seeds_are_splitmix64_outputs() -> None:
    rng = _accel.SplitMix64(99)
    outputs = []
    for _ in range(5):
        rng.below(2)
        z = rng.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        outputs.append(z ^ (z >> 31))
    assert [_accel.stream_seed(99, j) for j in range(5)] == outputs
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert [module.stream_seed(99, j) for j in range(5)] == outputs


def test_the_c_splitmix64_wraps_as_the_python_one() -> None:
    """The kernels' C copy (``_splitmix.pxd``) and ``_splitmix.py`` agree where 64 bits wrap."""
    from pachisi import _splitmix

    seeds = [0, 1, 2**63, 2**64 - 1, 0x9E3779B97F4A7C15, 0xDEADBEEFCAFEF00D]
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            for seed in seeds:
                want = [_splitmix.stream_seed(seed, j) for j in (0, 1, 2**40, 2**64 - 2)]
                assert [module.stream_seed(seed, j) for j in (0, 1, 2**40, 2**64 - 2)] == want
            state, want = 2**64 - 3, []
            for _ in range(20):
                state = _splitmix.next_state(state)
                want.append(_splitmix.below(state, 7))
            assert _accel._games(module).draws(2**64 - 3, 20, 7) == want


@needs_kernel
def test_playout_k_is_the_same_whatever_the_call() -> None:
    """Playout i of a call is playout start + i of the seed."""
    pos = Position.start("parcheesi")
    kw: dict[str, Any] = dict(max_throws=60, evaluate_cutoff=True)
    whole = _accel.playouts(pos, 6, 3, module=COMPILED, **kw)
    assert _accel.playouts(pos, 2, 3, module=COMPILED, start=4, **kw) == whole[4:]
    assert _both(pos, 3, 3, start=1, **kw) == whole[1:4]
    assert len(set(whole)) == 6  # the playouts differ from each other


def test_kth_playouts_of_two_positions_throw_the_same_dice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Common random numbers: the dice of playout k depend on (seed, k) only."""
    import pachisi._clear  # the pure playouts' engine

    thrown: list[tuple[int, int]] = []
    real = pachisi._clear.legal_plays

    def spy(pos: Position, throw: tuple[int, int]) -> Any:
        thrown.append(tuple(throw))  # type: ignore[arg-type]
        return real(pos, throw)

    monkeypatch.setattr(pachisi._clear, "legal_plays", spy)
    a = _mid_game("whitman", 4, 30, 1)
    b = _mid_game("whitman", 4, 50, 2)
    assert a != b
    seqs = []
    for pos in (a, b):
        runs = []
        for k in (0, 5):
            thrown.clear()
            _accel.pure_playouts(pos, 1, 11, max_throws=40, start=k)
            runs.append(list(thrown))
        seqs.append(runs)
    assert seqs[0][0] == seqs[1][0] and len(seqs[0][0]) == 40
    assert seqs[0][1] == seqs[1][1]
    assert seqs[0][0] != seqs[0][1]  # another playout number, other dice
    monkeypatch.undo()
    if COMPILED is not None:
        for pos in (a, b):
            _both(pos, 1, 11, max_throws=40, start=5)


@needs_kernel
def test_first_throws_replace_the_first_draw() -> None:
    pos = Position.start("parcheesi")
    start_value = evaluate(pos, 0)
    # (1, 2) moves nothing from the start; (5, 5) enters pawns
    games = _both(pos, 2, 4, max_throws=1, first_throws=[(1, 2), (5, 5)], evaluate_cutoff=True)
    assert games[0].values is not None and games[1].values is not None
    assert games[0].values[0] == start_value
    assert games[1].values[0] > start_value
    # whole games with given first throws
    whole = _both(pos, 3, 8, first_throws=[(1, 2), (3, 4), (6, 6)])
    assert all(g.winner for g in whole)


@needs_kernel
def test_policies_per_player() -> None:
    for ruleset, players in (("parcheesi", 4), ("pagade", 4), ("eight-man", 2), ("whitman", 2)):
        pos = _mid_game(ruleset, players, 20, 7)
        policies = ["greedy" if i % 2 else "random" for i in range(players)]
        _both(pos, 2, 21, policies=policies)
    pos = Position.start("parcheesi")
    all_greedy = _both(pos, 2, 5, policies=["greedy"] * 4)
    assert all_greedy == _accel.playouts(pos, 2, 5, greedy=True, module=COMPILED)
    with pytest.raises(ValueError, match="unknown policy 'smart'"):
        _accel.playouts(pos, 1, 1, policies=["random", "smart", "random", "random"])
    with pytest.raises(ValueError, match="for each of the 4 players"):
        _accel.pure_playouts(pos, 1, 1, policies=["random"])


@needs_kernel
def test_evaluate_cutoff_values_are_the_evaluation() -> None:
    for ruleset, players in (("pagade", 4), ("eight-man", 2), ("parcheesi", 3)):
        pos = _mid_game(ruleset, players, 10, 3)
        games = _both(pos, 3, 6, max_throws=25, evaluate_cutoff=True)
        for g in games:
            assert g.throws == 25 and g.winner is None and g.values is not None
            assert len(g.values) == players
    # a finished game has no values
    done = _both(Position.start("whitman", players=2), 1, 2, evaluate_cutoff=True)
    assert done[0].winner is not None and done[0].values is None
    # the value is the evaluation of the last position (max_throws=0: the position itself)
    pos = _mid_game("parcheesi", 4, 30, 9)
    (g,) = _accel.playouts(pos, 1, 1, max_throws=0, evaluate_cutoff=True, module=COMPILED)
    assert g.values == tuple(evaluate(pos, p) for p in range(4))
    # callers that unpack three fields still can (without evaluate_cutoff)
    throws, finished, winner = _accel.playouts(pos, 1, 1, max_throws=3, module=COMPILED)[0]
    assert (throws, finished, winner) == (3, (), None)


def test_canonical_order_sorts_by_result() -> None:
    pos = _mid_game("eight-man", 2, 12, 4)
    with _accel.pure():
        plays = legal_plays(pos, (2, 2))
    ordered = _accel.canonical_plays(pos, plays)
    assert sorted(map(id, ordered)) == sorted(map(id, plays))
    keys = [
        ([x for ps in p.position.pawns for x in (ps or (0, 0, 0, 0))], p.position.doubles > 0)
        for p in ordered
    ]
    assert keys == sorted(keys) and len(set(map(str, keys))) == len(keys)


def test_uncompiled_kernel_runs_the_api() -> None:
    if UNCOMPILED is None:
        pytest.skip("the kernel's source did not load")
    pos = _mid_game("pagade", 2, 30, 5)
    kw: dict[str, Any] = dict(
        max_throws=12,
        start=3,
        first_throws=[(6, 6)],
        policies=["greedy", "random"],
        evaluate_cutoff=True,
    )
    got = _accel.playouts(pos, 1, 9, module=UNCOMPILED, **kw)
    assert got == _accel.pure_playouts(pos, 1, 9, evaluation=evaluate, **kw)


def test_bad_arguments_are_one_line_errors() -> None:
    pos = Position.start("parcheesi")
    with pytest.raises(ValueError, match="one throw for each of the 2 playouts"):
        _accel.pure_playouts(pos, 2, 1, first_throws=[(1, 2)])
    with pytest.raises(ValueError, match="need an evaluation"):
        _accel.pure_playouts(pos, 1, 1, greedy=True)
    with pytest.raises(ValueError, match="must not be negative"):
        _accel.pure_playouts(pos, -1, 1)


@needs_kernel
def test_fast_games_plays_the_playouts_of_fast_playouts() -> None:
    """``pachisi.fast.games()`` (issue 35: the games are the kernel's own module, typed by
    ``fast.Games``) is this thread's one object, and its ``playouts`` are the games that
    ``fast.playouts`` returns."""
    pos = Position.start("parcheesi", players=4)
    games = fast.games()
    assert games is fast.games()
    res = array("i", bytes(4 * fast.R_SIZE * 3))
    total = games.playouts(
        fast.game_table(pos.setup), fast.game_state(pos), 3, 11, res, max_throws=50
    )
    want = fast.playouts(pos, 3, 11, max_throws=50)
    assert [res[fast.R_SIZE * i] for i in range(3)] == [g.throws for g in want]
    assert total == sum(g.throws for g in want) > 0


@needs_kernel
def test_the_games_policies_are_the_seats_of_fast_playouts() -> None:
    """``Games.policies`` (issue 35: the seats' policies as one value, made once) plays the
    greedy seats of ``fast.playouts``; it refuses greedy seats without the evaluation."""
    pos = Position.start("parcheesi", players=4)
    games = fast.games()
    table, state = fast.game_table(pos.setup), fast.game_state(pos)
    res = array("i", bytes(4 * fast.R_SIZE * 3))
    mixed = games.policies(0b0101, evaluation=fast.eval_tables(pos.setup))
    games.playouts(table, state, 3, 11, res, max_throws=100_000, policies=mixed)
    want = fast.playouts(pos, 3, 11, policies=["greedy", "random"] * 2)
    got = [res[fast.R_SIZE * i : fast.R_SIZE * i + 2 + res[fast.R_SIZE * i + 1]] for i in range(3)]
    assert [list(r) for r in got] == [[g.throws, len(g.finished), *g.finished] for g in want]
    assert want != fast.playouts(pos, 3, 11)
    with pytest.raises(ValueError, match="evaluation's tables"):
        games.policies(0b0001)
    with pytest.raises(ValueError, match="network's tables"):
        games.policies(network=0b0010)


@needs_kernel
def test_the_games_simulate_takes_the_evaluation_as_one_value() -> None:
    """``Games.simulate`` takes the hand evaluation's tables as one ``evaluation``, as
    ``Games.policies`` does (issue 35): its greedy seats are ``fast.simulate_games``'; it
    refuses greedy seats without the evaluation."""
    pos = Position.start("parcheesi", players=4)
    games = fast.games()
    table, state = fast.game_table(pos.setup), fast.game_state(pos)
    res = array("i", bytes(4 * SIM_SIZE * 2))
    seeds, spec = array("Q", [5, 6]), array("i", [0, 0b0101, 1, 0b0101])
    evaluation = fast.eval_tables(pos.setup)
    games.simulate(table, state, 2, seeds, spec, res, max_throws=100_000, evaluation=evaluation)
    want = fast.simulate_games(pos, [5, 6], [0, 1], [0b0101] * 2)
    got = [res[SIM_SIZE * i : SIM_SIZE * i + 2 + res[SIM_SIZE * i + 1]] for i in range(2)]
    assert [list(r) for r in got] == [[g.throws, len(g.finished), *g.finished] for g in want]
    assert want != fast.simulate_games(pos, [5, 6], [0, 1], [0, 0])
    with pytest.raises(ValueError, match="evaluation's tables"):
        games.simulate(table, state, 2, seeds, spec, res, max_throws=100)


@needs_kernel
def test_the_games_selfplay_takes_the_network_as_one_value() -> None:
    """``Games.nn_selfplay`` takes the network's tables as one ``net``, as ``Games.policies``
    does (issue 35): its game is the playout of ``Games.playouts`` with every seat on the
    network."""
    pos = Position.start("parcheesi", players=4)
    games = fast.games()
    table, state = fast.game_table(pos.setup), fast.game_state(pos)
    net = tables(ValueNet.random(pos.setup, hidden=6, seed=1), pos.setup)
    record = games.recording(60)
    throws = games.nn_selfplay(table, state, 11, 2, net, record)
    res = array("i", bytes(4 * fast.R_SIZE))
    everyone = games.policies(network=0b1111, net=net)
    games.playouts(table, state, 1, 11, res, max_throws=60, first_playout=2, policies=everyone)
    assert list(record.arrays()[5][: fast.R_SIZE]) == list(res)
    assert throws == res[0] > 0
