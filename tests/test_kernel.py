"""The compiled kernel against the reference engine: the same plays, in the same order.

Each check runs on the compiled kernel (skipped where it was not built) and,
on a smaller share, on the kernel's source run as plain Python (with
Cython's shadow module or, without Cython, pachisi/_cython_shim.py), which
checks the algorithm itself wherever the tests run. The
reference is :func:`pachisi.legal_plays` with the pure engine forced
(:func:`pachisi._accel.pure`). A longer run of the random check:
``python tests/kernel_differential.py SECONDS SEED`` (docs/benchmarks.md).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from helpers import example_cases
from kernel_differential import kernel, reference, run
from kernels import COMPILED, MODULES, UNCOMPILED
from pachisi import Position, __version__, _accel, dice_for, legal_plays

HERE = Path(__file__).parent

CASES = example_cases()


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_examples_same_plays_in_order(module: ModuleType, case: dict[str, Any]) -> None:
    pos = Position.from_dict(case["position"])
    throw = tuple(case["throw"])
    want = reference(pos, throw)
    assert kernel(pos, throw, module) == want
    assert len(want) == len(case["outcomes"])


def _perft(pos: Position, depth: int, module: ModuleType) -> int:
    if depth == 0 or pos.is_over:
        return 1
    return sum(
        _perft(play.position, depth - 1, module)
        for throw, _ in dice_for(pos.ruleset).outcomes()
        for play in _accel.legal_plays(pos, throw, module)
    )


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_perft_counts() -> None:
    from test_perft import PINNED

    assert COMPILED is not None
    for spec, depth1, depth2 in PINNED:
        pos = Position.start(**spec)
        assert _perft(pos, 1, COMPILED) == depth1, spec
        assert _perft(pos, 2, COMPILED) == depth2, spec
        # and the lists themselves, in order, for every throw of the start position
        for throw, _ in dice_for(pos.ruleset).outcomes():
            assert kernel(pos, throw, COMPILED) == reference(pos, throw)


@pytest.mark.parametrize(
    ("module", "limit"),
    [
        pytest.param(COMPILED, 2500, id="compiled", marks=MODULES[0].marks),
        pytest.param(UNCOMPILED, 200, id="uncompiled", marks=MODULES[1].marks),
    ],
)
def test_random_games_same_plays_in_order(module: ModuleType, limit: int) -> None:
    checked, failures, kinds = run(600.0, 19, module, limit=limit)
    assert failures == []
    assert checked == limit
    if limit >= 2500:
        # the share covers every ruleset and the special throws
        for name in ("pagade", "whitman", "parcheesi", "eight-man"):
            assert kinds[name] > 0
        for name in ("whitman", "parcheesi", "eight-man"):
            assert kinds[f"{name} bonus"] > 0
        assert kinds["eight-man number sets A/B/C"] > 0
        assert sum(v for k, v in kinds.items() if k.endswith("third doublet")) > 0


def _engine_in_subprocess(env: dict[str, str]) -> str:
    proc = subprocess.run(
        [sys.executable, "-c", "from pachisi import _accel; print(_accel.engine())"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return proc.stdout.strip()


def test_pachisi_pure_forces_the_pure_engine() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PACHISI_PURE"}
    assert _engine_in_subprocess(env) == ("kernel" if COMPILED is not None else "pure")
    assert _engine_in_subprocess({**env, "PACHISI_PURE": "1"}) == "pure"


def test_pure_block_switches_the_kernel_off() -> None:
    before = _accel.active()
    with _accel.pure():
        assert not _accel.active()
        assert _accel.engine() == "pure"
    assert _accel.active() == before


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled: one run is pure already")
def test_rules_tests_pass_with_the_pure_engine_forced() -> None:
    """The rules tests a second time, in a subprocess with PACHISI_PURE=1."""
    files = sorted(str(p) for p in HERE.glob("test_rules_*.py"))
    assert files
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *files],
        capture_output=True,
        text=True,
        # PACHISI_REQUIRE_KERNEL (CI) would refuse a pure run: this one is pure on purpose.
        env={
            **{k: v for k, v in os.environ.items() if k != "PACHISI_REQUIRE_KERNEL"},
            "PACHISI_PURE": "1",
        },
        cwd=HERE.parent,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]


# ---------------------------------------------------------------------------
# Playouts


def test_generator_is_splitmix64() -> None:
    """The published first output of splitmix64 from seed 0 is 0xE220A8397B1DCDAF."""
    first = 0xE220A8397B1DCDAF
    assert _accel.SplitMix64(0).below(1 << 31) == first >> 33
    rng = _accel.SplitMix64(12345)
    want = [rng.below(36) for _ in range(200)]
    for module in (COMPILED, UNCOMPILED):
        if module is not None:
            assert _accel._games(module).draws(12345, 200, 36) == want


def _playout_starts() -> list[Position]:
    """Start and mid-game positions of every set-up, with random switches (seeded)."""
    import random

    from differential import SETUPS, random_options

    rng = random.Random(5)
    out = []
    for spec in SETUPS:
        spec = dict(spec)
        ruleset = spec.pop("ruleset")
        options = random_options(ruleset, rng)
        if ruleset == "pagade" and rng.random() < 0.5:
            options["play_for_places"] = True
        pos = Position.start(ruleset, options=options, **spec)
        out.append(pos)
        # a position some 40 throws into a pure random game
        dice = dice_for(ruleset)
        for _ in range(40):
            if pos.is_over:
                break
            with _accel.pure():
                plays = legal_plays(pos, dice.roll(rng))
            pos = rng.choice(plays).position
        out.append(pos)
    return out


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_kernel_playouts_are_the_pure_twins_games() -> None:
    """Same seeds, same games: throws, finishers and winners, on every set-up."""
    for i, pos in enumerate(_playout_starts()):
        n = 1 if pos.ruleset == "eight-man" else 2
        seed = 1000 + i
        want = _accel.pure_playouts(pos, n, seed)
        assert _accel.playouts(pos, n, seed, module=COMPILED) == want, pos.to_text()
        assert all(throws > 0 for throws, _, _ in want) or pos.is_over


@pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load")
def test_uncompiled_kernel_playout() -> None:
    pos = Position.start("parcheesi", players=2)
    assert _accel.playouts(pos, 1, 7, module=UNCOMPILED) == _accel.pure_playouts(pos, 1, 7)


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_playouts_cut_off() -> None:
    pos = Position.start("parcheesi")
    games = _accel.playouts(pos, 3, 9, max_throws=5, module=COMPILED)
    assert games == _accel.pure_playouts(pos, 3, 9, max_throws=5)
    assert [g[0] for g in games] == [5, 5, 5]
    assert all(g[2] is None for g in games)


def test_version_and_bench_name_the_engine() -> None:
    env = {**os.environ, "PACHISI_PURE": "1"}
    version = subprocess.run(
        [sys.executable, "-m", "pachisi", "--version"], capture_output=True, text=True, env=env
    )
    assert version.stdout.splitlines()[0] == f"pachisi {__version__} (pure engine)"
    bench = subprocess.run(
        [sys.executable, "-m", "pachisi", "bench", "--seconds", "0.05", "--ruleset", "whitman"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert bench.stdout.splitlines()[0] == "engine: pure"
    # with the pure engine forced there is no kernel row
    assert [line.split()[1] for line in bench.stdout.splitlines()[2:-1]] == ["library"]


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_kernel_evaluation_is_bit_for_bit_the_same() -> None:
    """The kernel's evaluation equals pachisi.bots.evaluation.evaluate exactly (==, not close)."""
    import random

    from differential import sample_positions

    from pachisi.bots.evaluation import evaluate

    rng = random.Random(31)
    checked = 0
    for i, (pos, _throw) in enumerate(sample_positions(rng)):
        if i % 3:
            continue
        for player in range(len(pos.setup.players)):
            assert _accel.kernel_evaluate(pos, player, COMPILED) == evaluate(pos, player)
            checked += 1
        if checked >= 2000:
            break
    assert checked >= 2000


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_kernel_greedy_playouts_are_the_pure_twins_games() -> None:
    from pachisi.bots.evaluation import evaluate

    for i, pos in enumerate(_playout_starts()[::3]):
        seed = 2000 + i
        want = _accel.pure_playouts(pos, 1, seed, greedy=True, evaluation=evaluate)
        got = _accel.playouts(pos, 1, seed, module=COMPILED, greedy=True)
        assert got == want, pos.to_text()


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_threads_have_their_own_kernel() -> None:
    """Concurrent calls from threads give what calls one after the other give."""
    import random
    import threading

    from differential import sample_positions

    rng = random.Random(8)
    cases = []
    for pos, throw in sample_positions(rng):
        cases.append((pos, throw))
        if len(cases) == 300:
            break
    want = [kernel(pos, throw, COMPILED) for pos, throw in cases]
    got: dict[int, list[list[tuple[object, ...]]]] = {}

    def work(k: int) -> None:
        got[k] = [kernel(pos, throw, COMPILED) for pos, throw in cases]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(interval)
    assert all(got[k] == want for k in range(4))


@pytest.mark.parametrize("module", MODULES)
def test_bad_throws_and_finished_games_as_the_pure_engine(module: ModuleType) -> None:
    from pachisi import ThrowError

    pos = Position.start("parcheesi")
    for bad in ((0, 3), (7, 1), (1,), "12"):
        with pytest.raises(ThrowError) as pure_error, _accel.pure():
            legal_plays(pos, bad)  # type: ignore[arg-type]
        with pytest.raises(ThrowError) as kernel_error:
            _accel.legal_plays(pos, bad, module)  # type: ignore[arg-type]
        assert str(kernel_error.value) == str(pure_error.value)
    won = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0")
    assert won.is_decided
    with pytest.raises(ThrowError, match="the game is over"):
        _accel.legal_plays(won, (1, 2), module)
    # a dead end still answers a throw with its one passing outcome
    jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
    dead = Position.from_text(f"pagade ry,bg - {jam} 0 0 00 - -")
    assert kernel(dead, (1, 3), module) == reference(dead, (1, 3))
