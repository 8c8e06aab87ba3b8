"""benchmarks/rollout_fit.py's mixed targets and net_proxy.py's paired ΔMSE (issue 33).

The second rollout-fit note (docs/experiments/parcheesi-2p-rollout-fit-33b.md)
fits to a mix of rollout fractions and the network's own values and judges
by the paired change of squared error; both are only worth something if the
target is the mix asked for and the change is the one defined.
"""

from __future__ import annotations

import pytest

from helpers import load_benchmark

fit = load_benchmark("rollout_fit")
proxy = load_benchmark("net_proxy")

POS = "parcheesi r,y - r:1.1.6.6,y:0.0.0.34 0 0 - - -"


def rows() -> list[dict[str, object]]:
    return [
        {"key": "a", "position": POS, "chances": [0.8, 0.2]},
        {"key": "b", "position": POS.replace(" 0 0 - - -", " 1 0 - - -"), "chances": [0.3, 0.7]},
    ]


def test_mix_one_is_the_rollouts_and_mix_half_the_average() -> None:
    values = {"a": [0.4, 0.6], "b": [0.5, 0.5]}
    only = fit.examples(rows())
    same = fit.examples(rows(), values, 1.0)
    half = fit.examples(rows(), values, 0.5)
    alone = fit.examples(rows(), values, 0.0)
    # mover first: red moves in "a", yellow in "b"
    assert list(only.targets[0, :2]) == pytest.approx([0.8, 0.2])
    assert list(only.targets[1, :2]) == pytest.approx([0.7, 0.3])
    assert (same.targets == only.targets).all()
    assert list(half.targets[0, :2]) == pytest.approx([0.6, 0.4])
    assert list(half.targets[1, :2]) == pytest.approx([0.6, 0.4])
    assert list(alone.targets[0, :2]) == pytest.approx([0.4, 0.6])
    assert list(alone.targets[1, :2]) == pytest.approx([0.5, 0.5])


def test_bias_verdict_follows_the_large_n_rule() -> None:
    # inside (-0.5, +0.5) only when the whole 95% interval is
    assert proxy.bias_verdict(0.36, 0.08) == "not decided"  # 0.36 + 0.157 > 0.5
    assert proxy.bias_verdict(0.30, 0.08) == "shown under 0.5"
    assert proxy.bias_verdict(-0.30, 0.08) == "shown under 0.5"
    assert proxy.bias_verdict(0.70, 0.08) == "shown over"
    assert proxy.bias_verdict(-0.70, 0.08) == "shown over"


def test_paired_mse_is_the_mean_change_of_squared_error() -> None:
    base = [
        {"third": 0, "label": 0.5, "pred": {0: 0.6}},
        {"third": 1, "label": 0.5, "pred": {0: 0.5}},
    ]
    new = [
        {"third": 0, "label": 0.5, "pred": {0: 0.5}},
        {"third": 1, "label": 0.5, "pred": {0: 0.7}},
    ]
    text = proxy.paired(["old.json", "new.json"], [base, new], [0], mse=True)
    line = next(s for s in text.splitlines() if "| all |" in s)
    # squared errors (points²): 100 → 0 and 0 → 400, a mean change of +150 ± 250
    assert line.endswith("| +150.00 ± 250.00 |")
    assert "ΔMSE" not in proxy.paired(["old.json", "new.json"], [base, new], [0])
