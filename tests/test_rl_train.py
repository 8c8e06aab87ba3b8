"""The training example (benchmarks/rl_train.py) at a tiny scale, so that it cannot rot."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "rl_train.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_train", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_example_runs_at_a_tiny_scale(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sb3_contrib", reason="the example needs sb3-contrib (not in the extras)")
    module = _script()
    args = ["--timesteps", "128", "--n-steps", "64", "--eval-games", "2", "--seed", "3"]
    assert module.main(args) == 0
    out = capsys.readouterr().out
    assert "MaskablePPO, 128 steps" in out and "/2 against random" in out


def test_wilson_interval() -> None:
    lo, hi = _script().wilson(180, 200)
    assert 0.85 < lo < 0.9 < hi < 0.94
