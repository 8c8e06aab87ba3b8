"""benchmarks/mover_bias.py: the mover's bias on known inputs and on a tiny network's games."""

from __future__ import annotations

import pytest

from helpers import load_benchmark
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup

mb = load_benchmark("mover_bias")

SETUP = Setup.create("parcheesi", players=2)


def test_figures_on_known_inputs() -> None:
    f = mb.figures([0.6, 0.4, 0.7], [1.0, 0.0, 1.0], [0.6, 0.6, 0.7], [0, 0, 1])
    assert f["bias"] == pytest.approx((-0.4 + 0.4 - 0.3) / 3)
    assert f["predicted"] == pytest.approx(1.7 / 3) and f["won"] == pytest.approx(2 / 3)
    assert f["games"] == 2 and f["positions"] == 3
    assert f["log_loss"] == pytest.approx((2 * 0.5108256237659907 + 0.35667494393873245) / 3)


def _net(lam: float) -> ValueNet:
    net = ValueNet.random(SETUP, 3, 5)
    meta = {"setup": SETUP.to_fields(), "made_by": {"seed": 2, "settings": {"lam": lam}}}
    return ValueNet.from_arrays("parcheesi", net.arrays(), meta)


def test_selfplay_figures_of_a_tiny_network() -> None:
    f = mb.selfplay(_net(1.0), 3, 10**6)
    assert f["games"] == 3 and f["positions"] > 30
    assert f["bias"] == pytest.approx(f["predicted"] - f["won"])
    # lambda 1: the targets are the outcomes, so their bias is exactly 0.
    assert f["lam"] == 1.0 and f["target_bias"] == 0.0
    g = mb.selfplay(_net(0.0), 3, 10**6)  # the same games, TD(0) targets
    assert g["positions"] == f["positions"] and g["target_bias"] != 0.0


def test_greedy_positions_and_their_bias() -> None:
    net = _net(0.7)
    rows = mb.greedy_positions(net, 2, 7)
    assert {g for g, _, _ in rows} == {0, 1}
    chances = [[float(j in w) for j in range(2)] for _, _, w in rows]  # knows the winner
    f = mb.on_positions(chances, rows)
    assert f["bias"] == 0.0 and f["log_loss"] == pytest.approx(0.0)
