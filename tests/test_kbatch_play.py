"""The kernel batch's one-game ``Batch.play``, uncompiled, is the compiled ``Batch.step``.

``Batch.play`` (``pachisi._kbatch``: what ``pachisi.rl.lane.KernelMatch``
steps with) is run here as plain Python, the kernel's source: seeded games
of one game each, the same seeded random actions, are stepped side by side
with the compiled batch's ``Batch.step`` and its ``Batch.play``; every
answer, buffer and game state is compared at every step. The short
``max_throws`` makes games end (cut off) and restart within the test, so
the code 2 of a game that ended is exercised too.
"""

from __future__ import annotations

import inspect
import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from tests.kernels import COMPILED, UNCOMPILED

from pachisi import Position
from pachisi.rl.encoding import observation_size
from pachisi.rl.vector import kernel_batch, kernel_buffers

pytestmark = [
    pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here"),
    pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load"),
]

MAX_PLAYS = 256


class _Side:
    """One batch of one game with its buffers (those of ``KernelMatch``)."""

    def __init__(self, start: Position, compiled: bool, max_throws: int, play: bool) -> None:
        setup = start.setup
        self.batch: Any = kernel_batch(setup, 1, MAX_PLAYS, max_throws, compiled)
        # uncompiled: the module's source run as Python (its play a Python function)
        kind = type(self.batch)
        assert kind.__module__ == ("pachisi._kbatch" if compiled else "pachisi._kbatch_py")
        assert inspect.isfunction(kind.play) != compiled
        arrays = self.batch.buffers().arrays()
        self.obs, self.masks, self.movers, self.counts, self.rewards, self.done = arrays
        assert self.obs.shape == (1, observation_size(setup))
        assert self.masks.shape == (1, MAX_PLAYS)
        assert self.rewards.shape == (1, len(setup.players))
        self.acts = np.zeros(1, dtype=np.longlong)
        self.use_play = play

    def reset(self, seed: int) -> int:
        err: int = self.batch.reset(seed)
        return err

    def act(self, action: int) -> int:
        """``play(action)``, or ``step`` answered as ``play`` answers (2: the game ended)."""
        if self.use_play:
            code: int = self.batch.play(action)
            return code
        self.acts[0] = action
        err: int = self.batch.step(self.acts)
        return 2 if err == 0 and self.done[0] else err

    def seen(self) -> tuple[Any, ...]:
        """Everything a caller can read after a step."""
        return (
            self.obs.tolist(),
            self.masks.tolist(),
            self.movers.tolist(),
            self.counts.tolist(),
            self.rewards.tolist(),
            self.done.tolist(),
            self.batch.state(0),
        )


GAMES = [
    ("parcheesi", 4, 11),
    ("parcheesi", 2, 12),
    ("pagade", 4, 13),
    ("whitman", 2, 14),
]


@pytest.mark.parametrize(("ruleset", "players", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_uncompiled_play_is_the_compiled_step(ruleset: str, players: int, seed: int) -> None:
    start = Position.start(ruleset, players=players)
    sides = [
        _Side(start, compiled=False, max_throws=10, play=True),  # the code under test
        _Side(start, compiled=True, max_throws=10, play=False),
        _Side(start, compiled=True, max_throws=10, play=True),
    ]
    assert [s.reset(seed) for s in sides] == [0, 0, 0]
    rng = random.Random(seed)
    ended = 0
    for step in range(40):
        first = sides[0].seen()
        for other in sides[1:]:
            assert other.seen() == first, f"step {step}"
        count = int(sides[1].counts[0])
        assert count >= 1
        action = rng.randrange(count)
        codes = [s.act(action) for s in sides]
        assert codes[0] == codes[1] == codes[2], f"step {step}"
        assert codes[0] in (0, 2)
        ended += codes[0] == 2
    assert ended >= 1  # a game ended (cut off after 10 throws) and the next one began


@pytest.mark.parametrize("compiled", [False, True])
def test_the_kept_outcomes_and_the_kernels_rows_play_alike(compiled: bool) -> None:
    """A decision is played from its kept outcome keys, from the kernel's rows still
    holding its enumeration (a lone game's decision of more than ``keep`` outcomes:
    ``Batch.live``), or enumerated again (another game's enumeration came between):
    batches that differ only in ``keep`` play the engine's games (``BatchedEnv``'s
    pure backend), decision for decision; ``snapshot`` is ``state``."""
    from pachisi.rl.vector import BatchedEnv

    setup = Position.start("parcheesi", players=2).setup
    steps = 150 if compiled else 25
    for games in (1, 3):
        ref = BatchedEnv(
            games, "parcheesi", players=2, mode="play", backend="python", max_plays=4096
        )
        batches = [
            kernel_batch(setup, games, 4096, 0, compiled, keep=keep) for keep in (0, 4, 4096)
        ]
        want: tuple[Any, ...] = ref.reset(seed=5)
        assert [b.reset(5) for b in batches] == [0, 0, 0]
        rng = random.Random(games)
        many = 0
        for step in range(steps):
            for b in batches:
                obs, masks, movers, counts, _, _ = b.buffers().arrays()
                assert np.array_equal(obs, want[0]), f"step {step}"
                assert np.array_equal(masks, want[1]), f"step {step}"
                assert movers.tolist() == want[2].tolist(), f"step {step}"
                assert counts.tolist() == ref.legal_counts.tolist(), f"step {step}"
                for i in range(games):
                    snap = b.snapshot(i)
                    assert snap.typecode == "i" and list(snap) == b.state(i)
            counts = ref.legal_counts.tolist()
            many += sum(c > 4 for c in counts)
            acts = np.array([rng.randrange(c) for c in counts], dtype=np.longlong)
            assert [b.step(acts) for b in batches] == [0, 0, 0]
            want = ref.step(acts.astype(np.int64))
        assert many >= (20 if compiled else 2)  # decisions beyond keep=4 were played


def test_uncompiled_play_refuses_what_the_compiled_refuses() -> None:
    start = Position.start("parcheesi", players=2)
    for compiled in (False, True):
        side = _Side(start, compiled=compiled, max_throws=0, play=True)
        assert side.reset(3) == 0
        before = side.seen()
        count = int(side.counts[0])
        # an action out of range: -1 (game 0), nothing played
        assert side.batch.play(count) == -1
        assert side.batch.play(-1) == -1
        assert side.seen() == before
        two = kernel_batch(start.setup, 2, MAX_PLAYS, 0, compiled)
        with pytest.raises(ValueError, match="one game"):
            two.play(0)


@pytest.mark.parametrize("compiled", [False, True])
def test_a_batch_refuses_buffers_that_do_not_fit(compiled: bool) -> None:
    """The buffers are checked once, when the batch is made: one row per game, the
    observation's width, ``max_plays`` mask columns, one reward per player."""
    setup = Position.start("parcheesi", players=2).setup
    fits = kernel_buffers(setup, 2, MAX_PLAYS, compiled)
    assert kernel_batch(setup, 2, MAX_PLAYS, 0, compiled, out=fits).buffers() is fits
    with pytest.raises(ValueError, match="max_plays columns"):
        kernel_batch(setup, 2, MAX_PLAYS + 1, 0, compiled, out=fits)
    four = Position.start("parcheesi", players=4).setup
    with pytest.raises(ValueError, match="one per player"):
        kernel_batch(four, 2, MAX_PLAYS, 0, compiled, out=fits)
    pagade = Position.start("pagade", players=2).setup  # 398 cells, not 350
    with pytest.raises(ValueError, match="the encoding's"):
        kernel_batch(pagade, 2, MAX_PLAYS, 0, compiled, out=fits)
    obs, masks, movers, counts, rewards, done = fits.arrays()
    with pytest.raises(ValueError, match="one row per game"):
        type(fits)(obs, masks, movers[:1], counts, rewards, done)
