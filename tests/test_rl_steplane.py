"""``pachisi_v1``'s step mode on the kernel's step graph (:mod:`pachisi.rl.steplane`, issue 35).

A :class:`KernelStepMatch` is checked step by step against the clear engine
(``fast.pure()``) playing ``Match(..., "step", draws="splitmix")``: the same
legal indices and steps, masks, observations from every side, turns, plays
and ends.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from pachisi import Position, Setup, fast
from pachisi.errors import IllegalMoveError
from pachisi.rl import pachisi_v1
from pachisi.rl.match import Match
from pachisi.rl.steplane import KernelStepMatch, fits_steps

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("pagade", {"players": 4}),
    ("pagade", {"players": 2, "options": {"play_for_places": True}}),
    ("whitman", {"players": 3}),
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("parcheesi", {"players": 4, "options": {"sum_move": "jump", "capture_bonus": 10}}),
    ("eight-man", {"players": 2}),
]
IDS = [f"{r}-{i}" for i, (r, _) in enumerate(SETUPS)]

kernel_only = pytest.mark.skipif(not fast.active(), reason="needs the compiled kernel")


def _pure_match(setup: Setup, seed: int, max_throws: int | None) -> Match:
    with fast.pure():
        return Match(setup, "step", seed=seed, max_throws=max_throws, draws="splitmix")


@kernel_only
@pytest.mark.parametrize(("ruleset", "kw"), SETUPS, ids=IDS)
def test_the_step_lane_plays_the_clear_engines_games(ruleset: str, kw: dict[str, Any]) -> None:
    """Step for step, a KernelStepMatch and the clear engine's Match agree on everything."""
    setup = Setup.create(ruleset, **kw)
    n = len(setup.players)
    kinds: set[str] = set()
    for seed in range(2):
        max_throws = 60 if seed == 1 else 150
        km = KernelStepMatch(setup, seed=seed, max_throws=max_throws)
        m = _pure_match(setup, seed, max_throws)
        rng = random.Random(seed)
        while True:
            assert km.done == m.done and km.position == m.position
            if m.done:
                break
            assert km.throw == m.throw and km.to_move == m.to_move
            assert km.legal_actions() == m.legal_actions()
            assert km.legal == m.legal  # the same Action at each index
            assert np.array_equal(km.mask(), m.mask())
            turn, pure_turn = km.turn, m.turn
            assert turn is not None and pure_turn is not None
            assert turn.steps == pure_turn.steps
            assert turn.current_pawns == pure_turn.current_pawns
            assert turn.pending_bonuses == pure_turn.pending_bonuses
            for v in range(n):
                with fast.pure():
                    want = m.observe(v)
                got = km.observe(v)
                assert got.dtype == want.dtype and np.array_equal(got, want)
                seen = km.observation(v)
                assert np.array_equal(seen["observation"], want)
                mask = seen["action_mask"]
                assert np.array_equal(mask, m.mask() if v == m.to_move else mask * 0)
            kinds.update(a.kind for a in m.legal.values())
            a = rng.choice(m.legal_actions())
            km.apply(a)
            with fast.pure():
                m.apply(a)
        assert km.truncated == m.truncated and km.returns() == m.returns()
        assert km.throws == m.throws
        assert km.history == m.history
        assert km.legal_actions() == [] and not km.mask().any() and km.turn is None
        assert np.array_equal(km.observe(0), m.observe(0))
    # the games reach the step kinds the ruleset has
    assert "move" in kinds
    if ruleset == "eight-man":
        assert "option" in kinds
    if ruleset == "parcheesi":
        assert "bonus" in kinds


#: Red's blockade on 5 and a third pawn on 8; after R5-8 with 4-4, R8-12 exists twice
#: (variants 0 and 1: tests/test_look_alike_steps.py).
LOOK_ALIKE = "parcheesi r,y - r:5.5.8.72,y:0.0.0.0 0 0 - - -"


def _walk(km: KernelStepMatch, m: Match, found: list[int]) -> None:
    """Every path through the open throw, both matches compared at every point."""
    if m.turn is None:
        assert km.turn is None and km.position == m.position and km.history == m.history
        return
    assert km.legal == m.legal
    assert np.array_equal(km.observe(), m.observe())
    found[0] += sum(1 for a in m.legal.values() if a.variant)
    for a in m.legal_actions():
        k2, m2 = km.copy(), m.copy()
        k2.apply(a)
        with fast.pure():
            m2.apply(a)
        _walk(k2, m2, found)


@kernel_only
def test_look_alike_steps_get_the_librarys_indices() -> None:
    """Look-alike steps (``variant`` 1) get decode_steps' indices, on every path of a throw."""
    position = Position.from_text(LOOK_ALIKE)
    km = KernelStepMatch(position.setup, auto_throw=False)
    km.reset(position=position)
    km.set_throw((4, 4))
    with fast.pure():
        m = Match(position.setup, "step", auto_throw=False, draws="splitmix")
        m.reset(position=position)
        m.set_throw((4, 4))
    found = [0]
    _walk(km, m, found)
    assert found[0] > 0


@kernel_only
def test_illegal_actions_and_copies() -> None:
    setup = Setup.create("parcheesi", players=2)
    km = KernelStepMatch(setup, seed=4)
    bad = next(i for i in range(km.n_actions) if not km.is_legal(i))
    with pytest.raises(ValueError, match="is not legal now"):
        km.apply(bad)
    with pytest.raises(ValueError, match="is not legal now"):
        km.apply(True)
    good = km.legal_actions()[0]
    twin = km.copy()
    before = (km.position, km.throw, km.legal_actions(), km.observe(0).tobytes())
    twin.apply(good)
    assert (km.position, km.throw, km.legal_actions(), km.observe(0).tobytes()) == before
    km.apply(np.int64(good))  # type: ignore[arg-type]
    assert km.position == twin.position and km.history == twin.history
    with pytest.raises(AttributeError):
        km.turn = km.turn
    with pytest.raises(ValueError, match="does not play ludo"):
        KernelStepMatch(Setup.create("ludo", players=2))


@kernel_only
def test_a_whole_play_before_the_first_step() -> None:
    setup = Setup.create("parcheesi", players=2)
    km = KernelStepMatch(setup, seed=11)
    m = _pure_match(setup, 11, None)
    plays = km.current_plays()
    km.apply_play(plays[-1])
    with fast.pure():
        m.apply_play(plays[-1])
    assert km.position == m.position and km.history == m.history
    km.apply(km.legal_actions()[0])
    if km.turn is not None and km.turn.steps:
        with pytest.raises(ValueError, match="no step made yet"):
            km.apply_play(km.current_plays()[0])
    with pytest.raises(IllegalMoveError):
        turn = km.turn
        assert turn is not None
        turn.result()


@kernel_only
@pytest.mark.parametrize("writer", ["uncompiled", "python"])
@pytest.mark.parametrize(
    ("ruleset", "kw"),
    [SETUPS[1], SETUPS[5], SETUPS[6]],
    ids=[IDS[1], IDS[5], IDS[6]],
)
def test_the_c_writers_and_their_fallbacks_agree(
    ruleset: str, kw: dict[str, Any], writer: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The compiled ``_kbatch.StepRows``/``StepIndex`` (the default), the same source run
    uncompiled, and the lane's own Python (a module without them) give the same indices,
    masks and observations step by step."""
    setup = Setup.create(ruleset, **kw)
    n = len(setup.players)
    other = fast.batch_module(False) if writer == "uncompiled" else None
    for seed in range(2):
        km = KernelStepMatch(setup, seed=seed, max_throws=120)
        assert km._step_rows is not None and km._indexer is not None
        with monkeypatch.context() as patch:
            patch.setattr(fast, "batch_module", lambda compiled=True: other)
            alt = KernelStepMatch(setup, seed=seed, max_throws=120)
        assert (alt._step_rows is None) == (other is None)
        rng = random.Random(seed)
        while not km.done:
            assert alt.legal_actions() == km.legal_actions() and alt.position == km.position
            assert alt.throw == km.throw
            for v in range(n):
                got, want = alt.observation(v), km.observation(v)
                assert np.array_equal(got["observation"], want["observation"])
                assert np.array_equal(got["action_mask"], want["action_mask"])
            a = rng.choice(km.legal_actions())
            km.apply(a)
            alt.apply(a)
        assert alt.done and alt.history == km.history


@kernel_only
def test_a_match_in_a_throw_pickles() -> None:
    """A match with its C writers made (observations from both sides, a step taken)
    pickles and plays on as the original."""
    km = KernelStepMatch(Setup.create("eight-man", players=2), seed=3, max_throws=80)
    rng = random.Random(3)
    while km.turn is None or not km.turn.steps:
        km.observation(0), km.observation(1)
        km.apply(rng.choice(km.legal_actions()))
    twin = pickle.loads(pickle.dumps(km))
    while not km.done:
        for v in range(2):
            assert np.array_equal(twin.observe(v), km.observe(v))
        assert twin.legal_actions() == km.legal_actions()
        a = rng.choice(km.legal_actions())
        km.apply(a)
        twin.apply(a)
    assert twin.done and twin.history == km.history


def test_the_environment_picks_its_step_match() -> None:
    env = pachisi_v1.raw_env(ruleset="parcheesi", players=2, mode="step")
    assert isinstance(env.match, KernelStepMatch) == fits_steps(env.setup) == fast.active()
    with fast.pure():
        pure = pachisi_v1.raw_env(ruleset="parcheesi", players=2, mode="step")
    assert type(pure.match) is Match
    ludo = pachisi_v1.raw_env(ruleset="ludo", players=2, mode="step")
    assert type(ludo.match) is Match
