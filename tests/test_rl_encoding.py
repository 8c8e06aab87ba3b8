"""The fast observation encoder against its plain definition (issue 21's speed work).

``observe`` fills its vector from per-set-up templates and
``observe_positions`` builds many rows at once; here both are checked,
value for value, against the loop that defines the layout (docs/rl.md), at
every decision of random games of every ruleset, in both modes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np

from pachisi import Position, Setup, Turn
from pachisi.moves import BONUS, OPTION, PENALTY, Action
from pachisi.rl.encoding import (
    Array,
    observation_size,
    observe,
    observe_positions,
    seat_colours,
)
from pachisi.rl.match import Match

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("pagade", {"players": 4}),
    ("pagade", {"players": 4, "teams": True}),
    ("pagade", {"players": 2}),
    ("whitman", {"players": 3}),
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("parcheesi", {"players": 4, "options": {"capture_bonus": 10}}),
    ("eight-man", {"players": 2}),
]


def reference(
    position: Position,
    viewer: int,
    throw: Sequence[int] | None = None,
    turn: Turn | None = None,
    legal: Sequence[Action] = (),
) -> Array:
    """The layout of docs/rl.md written as a plain loop (the encoder's first version)."""
    setup = position.setup
    out = np.zeros(observation_size(setup), dtype=np.float32)
    h = setup.home + 1
    pawns = turn.current_pawns if turn is not None else position.pawns
    partners = setup.partners[viewer]
    finished = set(position.finished)
    base = 4 * h
    for j, c in enumerate(seat_colours(setup, viewer)):
        for p in pawns[c]:
            out[j * h + p] += 0.25
        f = base + j * 6
        o = setup.owner[c]
        assert o is not None
        out[f] = 1.0
        out[f + 1] = float(o == viewer)
        out[f + 2] = float(o in partners)
        if setup.majors is not None:
            out[f + 3] = float(setup.majors[o] == c)
        out[f + 4] = float(o in finished)
        if position.cut is not None:
            out[f + 5] = float(position.cut[o])
    i = base + 24
    out[i + (position.to_move - viewer) % len(setup.players)] = 1.0
    i += 4
    if throw is not None:
        lo, hi = sorted(throw)
        out[i + lo - 1] = 1.0
        out[i + 6 + hi - 1] = 1.0
    out[i + 12 + min(position.doubles, 2)] = 1.0
    i += 15
    if turn is not None:
        capture = int(setup.option("capture_bonus")) if setup.ruleset != "pagade" else -1
        for a in turn.steps:
            if a.kind == OPTION:
                out[i + 12 + "ABC".index(a.option)] = 1.0
            elif a.kind not in (BONUS, PENALTY):
                for v in a.numbers:
                    if 1 <= v <= 6:
                        out[i + v - 1] += 0.25
        for b in turn.pending_bonuses:
            out[i + (6 if b == capture else 7)] += 0.25
    for a in legal:
        kind = {BONUS: 9, PENALTY: 10, OPTION: 11}.get(a.kind, 8)
        out[i + kind] = 1.0
    return np.minimum(out, 1.0)


@pytest.mark.parametrize(
    ("ruleset", "kw"), SETUPS, ids=[f"{r}-{i}" for i, (r, _) in enumerate(SETUPS)]
)
def test_observe_equals_its_definition(ruleset: str, kw: dict[str, Any]) -> None:
    setup = Setup.create(ruleset, **kw)
    n = len(setup.players)
    rng = random.Random(11)
    checked = {"step": 0, "play": 0, "rows": 0}
    for mode in ("step", "play"):
        m = Match(setup, mode, max_throws=150 if ruleset != "eight-man" else 40, seed=5)
        while not m.done:
            legal = list(m.legal.values())
            for viewer in range(n):
                want = reference(m.position, viewer, m.throw, m.turn, legal)
                got = m.observe(viewer)
                np.testing.assert_array_equal(got, want)
                np.testing.assert_array_equal(m.observe(viewer), want)  # the cached copy
                checked[mode] += 1
            if mode == "play":
                positions = [p.position for p in m.plays]
                rows = observe_positions(positions, m.to_move)
                want_rows = np.stack([reference(p, m.to_move) for p in positions])
                np.testing.assert_array_equal(rows, want_rows)
                np.testing.assert_array_equal(m.afterstates(), want_rows)
                checked["rows"] += len(positions)
            m.apply(rng.choice(m.legal_actions()))
    assert checked["step"] > 50 and checked["play"] > 50 and checked["rows"] > 100, checked


def test_observe_into_a_buffer_and_copies_are_independent() -> None:
    m = Match(Setup.create("parcheesi", players=2), seed=3)
    buf = np.full(observation_size(m.setup), 7.0, dtype=np.float32)
    assert m.observe(0, out=buf) is buf
    np.testing.assert_array_equal(
        buf, observe(m.position, 0, m.throw, m.turn, list(m.legal.values()))
    )
    first = m.observe(0)
    first[:] = 9.0  # the caller's array: the match's cache is untouched
    np.testing.assert_array_equal(m.observe(0), buf)
    mask = m.mask()
    mask[:] = 1
    assert int(m.mask().sum()) == len(m.legal_actions())
    assert observe_positions([], 0).shape == (0, 0)


def test_a_copy_mid_throw_is_independent() -> None:
    """Match.copy shares the throw's graph but not the steps made (OpenSpiel's clones)."""
    setup = Setup.create("parcheesi", players=4)
    m = Match(setup, seed=8)
    rng = random.Random(2)
    seen = 0
    for _ in range(400):
        if m.done:
            break
        if m.turn is not None and len(m.legal) >= 2:
            c = m.copy()
            assert c.turn is not m.turn and c.turn is not None and m.turn is not None
            before = (m.turn.steps, m.turn.current_pawns, sorted(m.legal))
            a, b = sorted(m.legal)[:2]
            c.apply(b)
            assert (m.turn.steps, m.turn.current_pawns, sorted(m.legal)) == before
            m.apply(a)
            if m.turn is not None and m.throw is not None:
                fresh = Turn(m.position, m.throw)
                for step in m.turn.steps:
                    fresh.push(step)
                assert fresh.legal_steps() == m.turn.legal_steps()
            seen += 1
            continue
        m.apply(rng.choice(m.legal_actions()))
    assert seen > 20


def test_pettingzoo_wrappers_still_guard_the_order() -> None:
    """env()'s wrappers read the hot attributes directly, with PettingZoo's checks kept."""
    from pettingzoo.utils import wrappers

    from pachisi.rl import pachisi_v0

    env = pachisi_v0.env(ruleset="parcheesi", players=2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert str(env) == "pachisi_v0"
    for name in ("agent_selection", "rewards", "terminations", "infos", "agents"):
        with pytest.raises(AttributeError, match="cannot be accessed before reset"):
            getattr(env, name)
    env.reset(seed=3)
    raw = env.unwrapped
    assert env.agent_selection == raw.agent_selection == "player_1"
    assert (
        env.terminations is raw.terminations and env._cumulative_rewards is raw._cumulative_rewards
    )
    env.step(140)  # not legal: the wrapper ends the game with -1 for the offender
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env._cumulative_rewards["player_1"] == -1.0
