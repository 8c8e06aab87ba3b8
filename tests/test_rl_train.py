"""The training example (benchmarks/rl_train.py) at a tiny scale, so that it cannot rot."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

import numpy as np

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "rl_train.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_train", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("mode", ["play", "step"])
def test_training_example_runs_at_a_tiny_scale(
    mode: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if os.environ.get("PACHISI_REQUIRE_SB3") == "1":  # .ci/run's second job: never skip
        import sb3_contrib  # noqa: F401
    else:
        pytest.importorskip("sb3_contrib", reason="the example needs the rl-train extra")
    module = _script()
    args = ["--mode", mode, "--timesteps", "128", "--n-steps", "64", "--eval-games", "2"]
    assert module.main([*args, "--seed", "3", "--rows", "32", "--hidden", "8"]) == 0
    out = capsys.readouterr().out
    assert f"MaskablePPO ({mode} mode), 128 steps" in out and "/2 against random" in out


def test_afterstate_table_rows_are_the_plays() -> None:
    """Play mode's observation: row 0 the position to play, then one row per legal play."""
    pytest.importorskip("gymnasium")
    module = _script()
    env = module.AfterstateEnv("random", rows=16)
    table, _ = env.reset(seed=5)
    m = env.env.match
    for _ in range(200):
        if m.done:
            table, _ = env.reset(seed=6)
        n = min(16, len(m.plays))
        assert table.shape == (17, len(module.columns(env.env)))
        want = m.afterstates()[:n][:, module.columns(env.env)]
        np.testing.assert_array_equal(table[1 : 1 + n], want)
        assert not table[1 + n :].any()
        np.testing.assert_array_equal(table[0], m.observe(0)[module.columns(env.env)])
        mask = env.action_masks()
        assert int(mask.sum()) == n and mask[:n].all()
        table, *_ = env.step(np.int64(len(m.plays) - 1 if len(m.plays) <= 16 else 0))


def test_wilson_interval() -> None:
    lo, hi = _script().wilson(180, 200)
    assert 0.85 < lo < 0.9 < hi < 0.94
