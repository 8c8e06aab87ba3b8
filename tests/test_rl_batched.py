"""The batched environment's play mode inside the kernel is the engine's (issue 21).

The kernel backend (compiled, and its source run as Python) is stepped side
by side with the pure-engine backend (``legal_plays`` in canonical order)
on the same seed and the same random actions, and every output is compared
at every step; the pure backend's games are replayed in ``Game``.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from tests.kernels import COMPILED, MODULES, UNCOMPILED

from pachisi import Game, Position
from pachisi._accel import canonical_plays
from pachisi.moves import legal_plays
from pachisi.rl.encoding import observe
from pachisi.rl.match import returns_of
from pachisi.rl.vector import BatchedEnv, kernel_batch

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 3}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("parcheesi", {"players": 4, "options": {"capture_bonus": 10, "home_bonus": 0}}),
    ("parcheesi", {"players": 2, "options": {"sum_move": "jump"}}),
    ("whitman", {"players": 4}),
    ("whitman", {"players": 2}),
    ("pagade", {"players": 4}),
    ("pagade", {"players": 4, "teams": True}),
    ("pagade", {"players": 4, "options": {"play_for_places": True}}),
    ("pagade", {"players": 4, "options": {"pair_move": "double", "safe_x_squares": True}}),
    ("pagade", {"players": 2, "options": {"cut_to_enter_home": False}}),
    ("pagade", {"players": 2}),
    ("eight-man", {"players": 2}),
    (
        "parcheesi",
        {
            "players": 3,
            "options": {
                "larger_die": False,
                "blockade_may_advance": True,
                "partial_doubles": "forfeit_extra_throw",
            },
        },
    ),
]
IDS = [f"{r}-{kw['players']}-{i}" for i, (r, kw) in enumerate(SETUPS)]


def _side_by_side(
    ruleset: str, kw: dict[str, Any], backend: str, n: int, steps: int, seed: int, **env_kw: Any
) -> tuple[BatchedEnv, BatchedEnv, int]:
    """Step a kernel batch and an engine batch together; assert every output equal."""
    fast = BatchedEnv(n, ruleset, mode="play", backend=backend, **kw, **env_kw)
    ref = BatchedEnv(n, ruleset, mode="play", backend="python", **kw, **env_kw)
    assert fast.backend == backend and ref.backend == "python"
    out_f: tuple[Any, ...] = fast.reset(seed=seed)
    out_r: tuple[Any, ...] = ref.reset(seed=seed)
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps + 1):
        for a, b in zip(out_f, out_r, strict=True):
            assert np.array_equal(a, b), f"step {step}"
        assert np.array_equal(fast.legal_counts, ref.legal_counts)
        for i in range(n):
            pos = ref.position(i)
            assert fast.position(i) == pos and fast.throw(i) == ref.throw(i)
            # the observation is the encoding's, from the mover's side
            assert np.array_equal(out_f[0][i], observe(pos, pos.to_move, ref.throw(i)))
            assert out_f[2][i] == pos.to_move
        if step == steps:
            break
        actions = (rng.random(n) * ref.legal_counts).astype(np.int64)
        out_f, out_r = fast.step(actions), ref.step(actions)
        ended += int(out_r[4].sum())
    assert fast.games_finished == ref.games_finished == ended
    return fast, ref, ended


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_compiled_batch_is_the_engine(ruleset: str, kw: dict[str, Any]) -> None:
    steps = 60 if ruleset == "eight-man" else 250
    _, _, ended = _side_by_side(ruleset, kw, "kernel", 6, steps, seed=len(ruleset) + len(kw))
    if ruleset in ("parcheesi", "whitman") and kw["players"] == 2:
        assert ended >= 1  # whole games, restarts included


@pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load")
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS[::3], ids=IDS[::3])
def test_kernel_source_batch_is_the_engine(ruleset: str, kw: dict[str, Any]) -> None:
    _side_by_side(ruleset, kw, "kernel-source", 2, 15, seed=5)


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_truncated_games_restart_with_zero_rewards() -> None:
    _, _, ended = _side_by_side("parcheesi", {"players": 2}, "kernel", 3, 60, 8, max_throws=12)
    assert ended >= 6


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade", "whitman"])
def test_engine_batch_games_are_game_games(ruleset: str) -> None:
    """The pure backend's throws and plays, replayed in ``Game``, give the same positions."""
    env = BatchedEnv(3, ruleset, players=4, mode="play", backend="python")
    env.reset(seed=3)
    py = env._py
    assert py is not None
    rng = np.random.default_rng(3)
    games: list[tuple[int, list[Any], Any]] = []  # first player, (throw, play)s, rewards
    for _ in range(400):
        actions = (rng.random(3) * env.legal_counts).astype(np.int64)
        ending = [
            (py.first[i], [*py.history[i], (env.throw(i), env.plays(i)[actions[i]])])
            for i in range(3)
        ]
        _, _, _, rewards, done = env.step(actions)
        games.extend((*ending[i], rewards[i].copy()) for i in np.flatnonzero(done))
    assert games  # some ended
    for i in range(3):  # the games going on: Game reaches their positions
        game = Game(Position.initial(env.setup, py.first[i]))
        for throw, play in py.history[i]:
            game.set_throw(throw)
            game.push(play)
        assert game.position == env.position(i)
    for first, history, rewards in games:
        game = Game(Position.initial(env.setup, first))
        for throw, play in history:
            game.set_throw(throw)
            assert play in game.legal_plays()
            game.push(play)
        assert game.position.is_over
        assert np.array_equal(rewards, np.array(returns_of(game.position), dtype=np.float32))


def test_action_order_is_canonical() -> None:
    env = BatchedEnv(4, "parcheesi", players=4, mode="play")
    env.reset(seed=12)
    for _ in range(30):
        for i in range(4):
            pos = env.position(i)
            plays = env.plays(i)
            assert len(plays) == env.legal_counts[i]
            assert plays == canonical_plays(pos, legal_plays(pos, env.throw(i)))
        env.step(np.zeros(4, dtype=np.int64))


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_bad_actions_apply_nothing(backend: str) -> None:
    env = BatchedEnv(2, "parcheesi", players=2, mode="play", backend=backend)
    env.reset(seed=2)
    before = [env.position(i) for i in range(2)]
    bad = np.array([0, env.legal_counts[1]])
    with pytest.raises(ValueError, match=r"action \d+ of game 1 is not legal now \(legal: 0\.\."):
        env.step(bad)
    assert [env.position(i) for i in range(2)] == before
    with pytest.raises(ValueError, match="actions must be integers"):
        env.step(np.array([0.0, 0.0]))
    with pytest.raises(ValueError, match="backend must be one of"):
        BatchedEnv(2, mode="play", backend="gpu")
    with pytest.raises(ValueError, match="step mode runs on the Python engine only"):
        BatchedEnv(2, mode="step", backend="kernel")


@pytest.mark.parametrize("backend", ["python", "auto"])
def test_too_many_plays_is_a_clear_error(backend: str) -> None:
    env = BatchedEnv(8, "parcheesi", players=2, mode="play", max_plays=2, backend=backend)
    rng = np.random.default_rng(0)
    with pytest.raises(ValueError, match=r"distinct plays of .* exceed max_plays=2"):
        env.reset(seed=1)
        for _ in range(50):
            env.step((rng.random(8) * env.legal_counts).astype(np.int64))


@pytest.mark.parametrize("module", MODULES)
def test_dead_ends_are_the_engines(module: Any) -> None:
    """The kernel's dead-end check (a game that passes a whole round) agrees with the engine's."""
    from pachisi._accel import game_state

    jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
    texts = [
        f"pagade ry,bg - {jam} 0 0 00 - -",  # the doctest's dead end
        f"pagade ry,bg - {jam} 0 0 10 - -",  # red has cut: it may turn into the belly
        "pagade ry,bg - r:75.75.76.76,b:75.75.76.76,y:75.75.76.76,g:75.75.76.74 0 0 00 - -",
        "pagade r,b,y,g - r:75.75.76.76,b:75.75.76.76,y:75.75.76.76,g:75.75.76.76 2 0 0000 - -",
    ]
    positions = [Position.from_text(t) for t in texts]
    env = BatchedEnv(2, "pagade", players=4, mode="play", backend="python")
    env.reset(seed=4)
    for _ in range(40):  # and positions of random games
        positions.append(env.position(0))
        env.step(np.zeros(2, dtype=np.int64))
    found = []
    for pos in positions:
        batch = kernel_batch(pos.setup, 1, 16, 0, module is COMPILED)
        found.append(batch.dead_end(game_state(pos)))
        assert found[-1] == pos.is_dead_end, pos.to_text()
    assert found[0] and not all(found)


def test_the_pure_engine_is_the_fallback() -> None:
    from pachisi import _accel

    with _accel.pure():
        env = BatchedEnv(2, "whitman", players=2, mode="play")
    assert env.backend == "python"
    expected = "kernel" if _accel.active() else "python"
    assert BatchedEnv(2, "whitman", players=2, mode="play").backend == expected
    assert BatchedEnv(2, "whitman", players=2).backend == "match"


@pytest.mark.parametrize("module", MODULES)
def test_a_game_in_a_dead_end_ends(module: Any) -> None:
    """Every player passes a throw in a row, then the kernel finds the dead end and ends it."""
    from pachisi._accel import game_state

    jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
    dead = Position.from_text(f"pagade ry,bg - {jam} 0 0 00 - -")
    live = Position.from_text(f"pagade ry,bg - {jam} 0 0 10 - -")
    assert dead.is_over and not live.is_over
    batch = kernel_batch(dead.setup, 2, 256, 0, module is COMPILED)
    assert batch.restart_from(0, game_state(dead), 7) == 1
    assert batch.restart_from(1, game_state(live), 7) == 0
    state = batch.state(0)  # S_SIZE (26) ints of the game, then a, b, outcomes, throws, passes
    assert state[29] == state[30] == 2  # one passed throw each, then the check
    assert state[:16] == list(game_state(dead))[:16]


def test_the_batch_module_drives_the_kernel_module_of_its_kind() -> None:
    """``_kbatch`` (its own compiled module since issue 35) uses the kernel it is paired
    with: uncompiled, the one uncompiled ``_kernel`` that ``fast.kernel_module`` gives."""
    from pachisi import fast

    uncompiled = fast.batch_module(False)
    assert uncompiled is not None
    kernel = fast.kernel_module(False)
    assert kernel is not None
    assert uncompiled.kb_new is kernel.kb_new
    assert (fast.batch_module(True) is None) == (fast.kernel_module(True) is None)
