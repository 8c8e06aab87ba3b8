"""benchmarks/net_accuracy.py: the statistics on known inputs, the held-out games, a tiny run.

The accuracy tables of docs/learning.md are only worth something if the
games are the held-out ones named, the figures are the ones defined (MAE,
its clustered standard error, the noise floor, the calibration bins) and
the tool runs end to end; the numbers themselves live in the docs.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from helpers import load_benchmark
from pachisi import _accel, fast
from pachisi.learn import default_net
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.training.train import held_out_games, outcome_log_loss

#: A smoke-test network (128 self-play games, 8 hidden units): Whitman's shipped one until
#: 2026-11-24, kept for the tests of how a smoke network is labelled.
SMOKE = Path(__file__).parent / "data" / "whitman-smoke.json"

acc = load_benchmark("net_accuracy")


def test_clustered_se_of_singletons_is_the_usual_one() -> None:
    values = [0.1, 0.4, 0.35, 0.8, 0.2]
    mean, se = acc.clustered_mean_se(values, range(5))
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 4)
    assert mean == pytest.approx(0.37)
    assert se == pytest.approx(sd / math.sqrt(5))


def test_clustered_se_counts_games_not_positions() -> None:
    # Two games of two equal values each: the clusters' sums 2 and 6, the mean 2;
    # se^2 = 2/1 * ((2 - 4)^2 + (6 - 4)^2) / 16 = 1.
    assert acc.clustered_mean_se([1.0, 1.0, 3.0, 3.0], [0, 0, 1, 1]) == (2.0, 1.0)
    assert acc.clustered_mean_se([1.0, 3.0], [0, 0])[1] == math.inf


def test_error_stats_on_known_inputs() -> None:
    pred = [0.6, 0.2, 0.5, 0.9]
    roll = [0.5, 0.4, 0.5, 0.7]
    se = [0.1, 0.1, 0.1, 0.1]
    hand = [0.5, 0.1, 0.7, 0.7]
    s = acc.error_stats(pred, roll, se, [0, 1, 2, 3], hand)
    assert s.mae == pytest.approx(0.125)  # (0.1 + 0.2 + 0 + 0.2) / 4
    assert s.bias == pytest.approx(0.025)
    assert s.rmse == pytest.approx(math.sqrt(0.09 / 4))
    assert s.rmse_denoised == pytest.approx(math.sqrt(0.09 / 4 - 0.01))
    assert s.diff == pytest.approx(0.125 - 0.125)  # the hand's errors: 0, 0.3, 0.2, 0
    assert s.mae_se == pytest.approx(acc.clustered_mean_se([0.1, 0.2, 0.0, 0.2], range(4))[1])
    # Noise larger than the error: the denoised RMSE is 0, not an imaginary number.
    assert acc.error_stats([0.5], [0.5], [0.2], [0]).rmse_denoised == 0.0


def test_noise_floor_is_the_mean_absolute_normal_error() -> None:
    assert acc.noise_floor([0.02, 0.04]) == pytest.approx(0.03 * math.sqrt(2 / math.pi))


def test_calibration_bins_on_known_inputs() -> None:
    pred = [0.0, 0.05, 0.1, 0.49, 0.5, 0.95, 1.0]
    won = [False, True, False, True, True, True, False]
    rows = acc.calibration(pred, won, 4)
    assert [(r.lo, r.hi) for r in rows] == [(0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0)]
    assert [r.n for r in rows] == [3, 1, 1, 2]  # 1.0 falls in the last bin
    assert [r.won for r in rows] == [1, 1, 1, 1]
    assert rows[0].predicted == pytest.approx(0.05)
    assert rows[3].observed == 0.5
    assert rows[3].ci == pytest.approx(acc.wilson(1, 2))
    empty = acc.calibration([0.1], [True], 2)[1]
    assert empty.n == 0 and math.isnan(empty.observed)


def test_wilson_interval() -> None:
    lo, hi = acc.wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    lo, hi = acc.wilson(8, 10)
    assert (lo, hi) == pytest.approx((0.4902, 0.9433), abs=1e-4)


def test_held_out_games_are_train_held_out_games_and_the_log_loss_is_its() -> None:
    setup = Setup.create("parcheesi", players=2)
    games, dropped = acc.held_out(setup, 2, 7, ["greedy", "greedy"])
    theirs = held_out_games(setup, 2, 7)
    assert dropped == 0
    assert games == theirs
    net = default_net("parcheesi")
    mine = acc.log_losses([net.value(p, w[0]) for ps, w in games for p in ps])
    assert sum(mine) / len(mine) == pytest.approx(outcome_log_loss(net.value, theirs))


def test_sample_takes_every_kth_position_staggered_by_game() -> None:
    setup = Setup.create("parcheesi", players=2)
    games, _ = acc.held_out(setup, 2, 7, ["greedy"] * 2)
    picked = acc.sample(games, 5)
    assert all((s.index + s.game) % 5 == 0 for s in picked)
    assert [s.position for s in picked if s.game == 1] == games[1][0][4::5]
    assert len(acc.sample(games, 5, 3)) == 3


def test_runs_end_to_end_on_two_positions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "acc.json"
    md = tmp_path / "acc.md"
    argv = ["whitman", "--games", "1", "--every", "9", "--positions", "2", "--rollouts", "4"]
    argv += ["--net", str(SMOKE)]  # the 128-game network shipped for Whitman until 2026-11-24
    assert acc.main([*argv, "--json", str(out), "--markdown", str(md)]) == 0
    r = json.loads(out.read_text())
    assert len(r["positions"]) == 2
    for row in r["positions"]:
        assert row["rollout"] in (0.0, 0.25, 0.5, 0.75, 1.0)
        assert 0.0 <= row["network, 1 ply"] <= 1.0
    assert set(r["against_rollouts"]) == {"network, 0 ply", "network, 1 ply", "hand evaluation"}
    assert r["network"]["smoke_test"] is True
    assert r["against_rollouts"]["hand evaluation"]["diff"] is None  # strict JSON: no NaN
    printed = capsys.readouterr().out
    assert "SMOKE-TEST NETWORK" in printed
    assert md.read_text().strip() == printed.strip()
    calib = r["outcomes"]["network, 0 ply"]["calibration"]
    assert sum(b["n"] for b in calib) == r["outcomes"]["positions"]


@pytest.mark.skipif("network" not in fast.POLICIES, reason="the playouts' network policy")
def test_network_rollouts_are_the_networks_playouts(tmp_path: Path) -> None:
    """--policy network: each rollout is the playout of the network in every seat."""
    out = tmp_path / "acc.json"
    argv = ["parcheesi", "--games", "1", "--every", "9", "--positions", "2", "--rollouts", "4"]
    assert acc.main([*argv, "--policy", "network", "--plies", "0", "--json", str(out)]) == 0
    r = json.loads(out.read_text())
    assert r["rollouts"]["policy"] == "network"
    net = default_net("parcheesi")
    for row in r["positions"]:
        pos = acc.Position.from_text(row["position"])
        play = _accel.playouts if _accel.active() else _accel.pure_playouts
        firsts = [acc.first_throw("parcheesi", 1, k) for k in range(4)]
        games = play(
            pos, 4, acc.playout_seed(1), 10_000, policies=("network",) * 2,
            first_throws=firsts, network=net,
        )  # fmt: skip
        won = [g.winner is not None and pos.to_move in g.winner for g in games]
        assert row["rollout"] == sum(won) / 4


def test_network_policy_without_the_kernels_policy_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(fast, "POLICIES", ("random", "greedy"))
    argv = ["whitman", "--games", "1", "--positions", "1", "--rollouts", "2", "--plies", "0"]
    assert acc.main([*argv, "--policy", "network"]) == 2
    assert "not yet" in capsys.readouterr().err


def test_the_trained_networks_are_not_labelled_smoke() -> None:
    for ruleset in ("parcheesi", "pagade", "eight-man", "whitman"):
        assert not acc.is_smoke(default_net(ruleset))
    assert acc.is_smoke(ValueNet.load(SMOKE))


@pytest.mark.parametrize(
    "bad", [["--every", "0"], ["--plies", "3"], ["--plies", "x"], ["--rollouts", "0"]]
)
def test_bad_input_is_one_line(bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert acc.main(["whitman", "--games", "1", *bad]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("net_accuracy: ") and "\n" not in err
