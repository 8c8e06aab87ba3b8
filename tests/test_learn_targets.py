"""Training options of the mover-bias study: ``--targets cross`` (two networks taking turns,
each learning from the other's games) and ``--average K`` (a moving average of the weights)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from helpers import same_weights
from pachisi.cli import main
from pachisi.errors import PachisiError
from pachisi.learn.encoding import Encoder
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.training.train import (
    TrainSettings,
    _Adam,
    _second_seed,
    _update,
    play_games,
    retarget,
    train,
)

SETUP = Setup.create("parcheesi", players=2)

#: A tiny cross run: 6 games in rounds of 2, 4 hidden units.
CROSS = TrainSettings(
    setup=SETUP.to_fields(),
    games=6,
    seed=11,
    hidden=4,
    round_games=2,
    batch=16,
    targets="cross",
)


def test_retarget_with_the_players_own_weights_gives_the_same_targets() -> None:
    weights = ValueNet.random(SETUP, 5, 2).arrays()
    settings = TrainSettings(setup=SETUP.to_fields(), games=2, seed=3, hidden=5, lam=0.7)
    data = play_games(weights, settings, [0, 1])
    again = retarget(data, weights, SETUP, 0.7)
    for d, e in zip(data, again, strict=True):
        assert np.allclose(d.targets, e.targets, rtol=0, atol=1e-12)
        assert (d.throws, d.winner, list(d.movers)) == (e.throws, e.winner, list(e.movers))
    other = ValueNet.random(SETUP, 5, 9).arrays()
    moved = retarget(data, other, SETUP, 0.7)
    assert not np.allclose(data[0].targets, moved[0].targets, rtol=0, atol=1e-3)
    # lambda 1: the targets are the results whichever network values the positions.
    ones = retarget(data, other, SETUP, 1.0)
    outcome = play_games(weights, TrainSettings(**{**settings.__dict__, "lam": 1.0}), [0, 1])
    for d, e in zip(outcome, ones, strict=True):
        assert d.winner and np.array_equal(d.targets, e.targets)


def test_retarget_at_lambda_0_is_the_other_networks_next_value() -> None:
    weights = ValueNet.random(SETUP, 5, 2).arrays()
    other = ValueNet.random(SETUP, 5, 9)
    settings = TrainSettings(setup=SETUP.to_fields(), games=1, seed=3, hidden=5, lam=0.0)
    (d,) = play_games(weights, settings, [0])
    (e,) = retarget([d], other.arrays(), SETUP, 0.0)
    enc = Encoder.of(SETUP)
    T = len(d.movers)
    for t in (0, 5, T - 2):
        a, b = int(d.offsets[t + 1]), int(d.offsets[t + 2])
        p = other.forward(np.zeros(b - a, dtype=int), d.cols[a:b], d.vals[a:b], 1, [2])[0]
        # the mover at t, seen from the mover at t + 1's sides
        same = d.movers[t] == d.movers[t + 1]
        want = p[0] if same else p[1]
        assert e.targets[t, 0] == pytest.approx(want, abs=1e-12)
        assert e.targets[t, 1] == pytest.approx(1 - want, abs=1e-12)
    assert e.targets[T - 1, 0] == float(d.movers[T - 1] in d.winner)
    assert enc.n_sides == 2


def test_the_first_cross_round_trains_the_first_network_on_the_seconds_games(
    tmp_path: Path,
) -> None:
    one = TrainSettings(**{**CROSS.__dict__, "games": 2})
    net = train(one, tmp_path / "one.json")
    a = {k: v.copy() for k, v in ValueNet.random(SETUP, 4, 11).arrays().items()}
    b = ValueNet.random(SETUP, 4, _second_seed(11)).arrays()
    data = retarget(play_games(b, one, [0, 1]), a, SETUP, one.lam)
    _update(a, _Adam({k: v.shape for k, v in a.items()}), data, one, 2, 0)
    assert same_weights(net, ValueNet.from_arrays("parcheesi", a))
    # The first network does not learn in the second round (the second one does).
    two = train(TrainSettings(**{**CROSS.__dict__, "games": 4}), tmp_path / "two.json")
    assert same_weights(net, two)
    # ... and the default procedure is another one.
    self_ = train(TrainSettings(**{**one.__dict__, "targets": "self"}), tmp_path / "self.json")
    assert not same_weights(net, self_)


def test_a_cross_run_is_reproducible_and_resumes(tmp_path: Path) -> None:
    whole = train(CROSS, tmp_path / "whole.json", jobs=1)
    assert same_weights(whole, train(CROSS, tmp_path / "two.json", jobs=2))
    out = tmp_path / "part.json"
    train(CROSS, out, stop_after_rounds=1)
    state = ValueNet.load(tmp_path / "part.json.ckpt").meta["state"]
    assert state["settings"]["targets"] == "cross" and "second" in state
    train(CROSS, out, resume=True, stop_after_rounds=1)
    resumed = train(CROSS, out, resume=True)
    assert same_weights(whole, resumed)
    train(CROSS, out, stop_after_rounds=1)
    with pytest.raises(PachisiError, match="other settings"):
        train(TrainSettings(**{**CROSS.__dict__, "targets": "self"}), out, resume=True)


def test_the_default_records_what_it_recorded_before(tmp_path: Path) -> None:
    net = train(TrainSettings(**{**CROSS.__dict__, "targets": "self"}), tmp_path / "n.json")
    made = net.meta["made_by"]
    assert "--targets" not in made["command"] and "targets" not in made["settings"]


def test_train_command_targets_cross(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.json"
    args = ["train", "parcheesi", "--games", "2", "--seed", "5", "--out", str(out)]
    args += ["--hidden", "3", "--round-games", "1", "--jobs", "1", "--quiet"]
    assert main([*args, "--targets", "cross"]) == 0
    made = json.loads(out.read_text())["made_by"]
    assert " --targets cross --out " in made["command"]
    assert made["settings"]["targets"] == "cross"
    again = tmp_path / "again.json"
    cmd = made["command"].split()[1:]
    cmd[cmd.index("--out") + 1] = str(again)
    assert main([*cmd, "--jobs", "1", "--quiet"]) == 0
    assert same_weights(ValueNet.load(out), ValueNet.load(again))
    capsys.readouterr()


def test_an_unknown_procedure_is_refused() -> None:
    with pytest.raises(PachisiError, match="--targets: one of self, cross, not 'max'"):
        TrainSettings(**{**CROSS.__dict__, "targets": "max"}).check()


#: A tiny default run (3 rounds of 2 games).
PLAIN = TrainSettings(**{**CROSS.__dict__, "targets": "self"})


def test_average_writes_the_corrected_moving_average_of_the_rounds(tmp_path: Path) -> None:
    raw = tmp_path / "raw.json"
    last = train(PLAIN, raw, snapshots=[2, 4])
    w = [ValueNet.load(tmp_path / f"raw-{k}.json").arrays() for k in (2, 4)] + [last.arrays()]
    avg = train(TrainSettings(**{**PLAIN.__dict__, "average": 2}), tmp_path / "avg.json")
    # d = 1/2: (w1 / 8 + w2 / 4 + w3 / 2) / (1 - 1/8) = (w1 + 2 w2 + 4 w3) / 7
    for k, a in avg.arrays().items():
        want = (w[0][k] + 2 * w[1][k] + 4 * w[2][k]) / 7
        assert np.allclose(a, want, rtol=0, atol=1e-12)
        assert not np.allclose(a, w[2][k], rtol=0, atol=1e-6)
    # K = 1 is the last round's weights, bit for bit; and self-play played the raw weights.
    one = train(TrainSettings(**{**PLAIN.__dict__, "average": 1}), tmp_path / "one.json")
    assert same_weights(one, last)
    made = avg.meta["made_by"]
    assert " --average 2 --out " in made["command"] and made["settings"]["average"] == 2
    assert "average" not in last.meta["made_by"]["settings"]


def test_an_averaged_run_resumes_to_the_same_weights(tmp_path: Path) -> None:
    settings = TrainSettings(**{**PLAIN.__dict__, "average": 3})
    whole = train(settings, tmp_path / "whole.json", snapshots=[4])
    out = tmp_path / "part.json"
    train(settings, out, stop_after_rounds=1)
    assert "average" in ValueNet.load(tmp_path / "part.json.ckpt").meta["state"]
    train(settings, out, resume=True, stop_after_rounds=1)
    resumed = train(settings, out, resume=True, snapshots=[4])
    assert same_weights(whole, resumed)
    # the snapshot is the averaged 4-game run's weights
    short = train(TrainSettings(**{**settings.__dict__, "games": 4}), tmp_path / "short.json")
    assert same_weights(ValueNet.load(tmp_path / "whole-4.json"), short)


def test_train_command_average(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.json"
    args = ["train", "parcheesi", "--games", "3", "--seed", "5", "--out", str(out)]
    args += ["--hidden", "3", "--round-games", "1", "--jobs", "1", "--quiet", "--average", "2"]
    assert main(args) == 0
    cmd = json.loads(out.read_text())["made_by"]["command"].split()[1:]
    again = tmp_path / "again.json"
    cmd[cmd.index("--out") + 1] = str(again)
    assert main([*cmd, "--jobs", "1", "--quiet"]) == 0
    assert same_weights(ValueNet.load(out), ValueNet.load(again))
    assert main([*args[:-1], "-1"]) == 1
    assert "--average must be 0 (off) or a number of rounds" in capsys.readouterr().err
