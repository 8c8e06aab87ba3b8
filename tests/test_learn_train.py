"""Self-play training: lambda-returns, reproducibility across processes and resumes, the command."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from helpers import same_weights
from pachisi import _accel
from pachisi.chunks import InProcess
from pachisi.cli import main
from pachisi.errors import PachisiError
from pachisi.extras import install_hint
from pachisi.learn.network import ValueNet
from pachisi.position import Position
from pachisi.rules import Setup
from pachisi.training.train import (
    TrainSettings,
    init_sha256,
    lambda_returns,
    play_games,
    snapshot_path,
    train,
    widened,
)

#: A tiny run: 6 games in rounds of 2, 4 hidden units.
TINY = TrainSettings(
    setup=Setup.create("parcheesi", players=2).to_fields(),
    games=6,
    seed=11,
    hidden=4,
    round_games=2,
    batch=16,
)


def test_lambda_returns() -> None:
    values = [[0.5, 0.5], [0.6, 0.4], [0.8, 0.2]]
    final = [0.0, 1.0]
    # lambda 1: every target is the result (fitting the playout's outcome).
    assert lambda_returns(values, final, 1.0).tolist() == [final] * 3
    # lambda 0: each target is the next position's value, the last one the result.
    assert lambda_returns(values, final, 0.0).tolist() == [[0.6, 0.4], [0.8, 0.2], final]
    g = lambda_returns(values, final, 0.5)
    assert g[2].tolist() == final
    assert g[1].tolist() == pytest.approx([0.5 * 0.8 + 0.5 * 0.0, 0.5 * 0.2 + 0.5 * 1.0])
    assert g[0].tolist() == pytest.approx([0.5 * 0.6 + 0.5 * g[1][0], 0.5 * 0.4 + 0.5 * g[1][1]])


needs_kernel = pytest.mark.skipif(
    not _accel.active(), reason="the kernel is not compiled here, or PACHISI_PURE=1"
)


@needs_kernel
@pytest.mark.parametrize(
    "setup",
    [
        Setup.create("parcheesi", players=2),
        Setup.create("whitman", players=3),
        Setup.create("pagade", teams=True),
        Setup.create("eight-man"),
    ],
    ids=lambda s: s.ruleset,
)
def test_self_play_is_the_same_in_the_kernel_and_on_the_pure_engine(setup: Setup) -> None:
    """The kernel's games and examples are the pure engine's, to the last bit."""
    settings = TrainSettings(setup=setup.to_fields(), games=3, seed=3, hidden=5, max_throws=90)
    weights = ValueNet.random(setup, 5, 2).arrays()
    kernel = play_games(weights, settings, [0, 1, 2])
    with _accel.pure():
        pure = play_games(weights, settings, [0, 1, 2])
    for k, p in zip(kernel, pure, strict=True):
        assert (k.throws, k.winner) == (p.throws, p.winner)
        for name in ("offsets", "cols", "vals", "targets"):
            assert np.array_equal(getattr(k, name), getattr(p, name)), name
    assert sum(k.throws for k in kernel) > 100


@needs_kernel
def test_same_weights_whatever_the_engine(tmp_path: Path) -> None:
    kernel = train(TINY, tmp_path / "kernel.json")
    with _accel.pure():
        pure = train(TINY, tmp_path / "pure.json")
    assert same_weights(kernel, pure)
    assert kernel.meta["made_by"]["engine"] == "kernel"
    assert pure.meta["made_by"]["engine"] == "pure"


def test_same_weights_for_any_number_of_processes(tmp_path: Path) -> None:
    one = train(TINY, tmp_path / "one.json", jobs=1)
    two = train(TINY, tmp_path / "two.json", jobs=2)
    assert same_weights(one, two)
    assert not same_weights(one, ValueNet.random(TINY.the_setup(), 4, 11))
    other = train(TrainSettings(**{**TINY.__dict__, "seed": 12}), tmp_path / "three.json", jobs=1)
    assert not same_weights(one, other)


def test_same_weights_with_a_chunk_runner(tmp_path: Path) -> None:
    # The shape --ray uses (tests/test_ray.py runs it on a Ray cluster).
    local = train(TINY, tmp_path / "local.json", jobs=1)
    for chunk in (None, 1):
        there = train(TINY, tmp_path / f"c{chunk}.json", backend=InProcess(), chunk=chunk)
        assert same_weights(local, there)
        assert there.meta["made_by"]["runner"] == "InProcess"


def test_a_stopped_run_resumes_to_the_same_weights(tmp_path: Path) -> None:
    whole = train(TINY, tmp_path / "whole.json")
    out = tmp_path / "part.json"
    train(TINY, out, stop_after_rounds=1)  # as if killed after the first round
    ckpt = tmp_path / "part.json.ckpt"
    assert ckpt.exists() and not out.exists()
    state = ValueNet.load(ckpt).meta["state"]
    assert state["rounds_done"] == 1
    with pytest.raises(PachisiError, match="--resume continues it"):
        train(TINY, out)
    with pytest.raises(PachisiError, match="other settings"):
        train(TrainSettings(**{**TINY.__dict__, "seed": 3}), out, resume=True)
    train(TINY, out, resume=True, stop_after_rounds=1)  # killed again
    resumed = train(TINY, out, resume=True, jobs=2)
    assert same_weights(whole, resumed)
    assert not ckpt.exists()
    assert same_weights(ValueNet.load(out), whole)


def test_train_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.json"
    args = ["train", "parcheesi", "--games", "2", "--seed", "5", "--out", str(out)]
    args += ["--hidden", "3", "--round-games", "1", "--jobs", "1", "--quiet"]
    assert main(args) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    data = json.loads(out.read_text())
    made = data["made_by"]
    assert made["seed"] == 5 and made["games"] == 2
    assert made["command"].startswith("pachisi train parcheesi --games 2 --seed 5 ")
    assert "--colours red,yellow" in made["command"]
    assert data["setup"]["players"] == [{"colours": ["red"]}, {"colours": ["yellow"]}]
    # The recorded command makes the same weights.
    again = tmp_path / "again.json"
    cmd = made["command"].split()[1:]
    cmd[cmd.index("--out") + 1] = str(again)
    assert main([*cmd, "--jobs", "1", "--quiet"]) == 0
    assert same_weights(ValueNet.load(out), ValueNet.load(again))


def test_a_snapshot_is_the_shorter_run(tmp_path: Path) -> None:
    # Nothing in a run depends on its total: its weights after 4 games are a 4-game run's,
    # recorded with that run's command (which makes them again).
    out = tmp_path / "net.json"
    whole = train(TINY, out, snapshots=[2, 4])
    short = train(TrainSettings(**{**TINY.__dict__, "games": 4}), tmp_path / "short.json")
    snap = ValueNet.load(snapshot_path(out, 4))
    assert snapshot_path(out, 4) == tmp_path / "net-4.json"
    assert same_weights(snap, short) and not same_weights(snap, whole)
    assert not same_weights(ValueNet.load(snapshot_path(out, 2)), snap)
    made = snap.meta["made_by"]
    assert made["games"] == 4 and "--games 4 " in made["command"]
    assert made["command"].endswith(f"--out {tmp_path / 'net-4.json'}")
    assert made["snapshot_of"] == whole.meta["made_by"]["command"]


def test_init_starts_from_a_network_and_names_it(tmp_path: Path) -> None:
    # --init: the run starts from the given weights (not random ones), is recorded with
    # the file's SHA-256 and remade by its command; a changed file is refused.
    first = tmp_path / "first.json"
    train(TINY, first)
    sha = init_sha256(first)
    tuned = TrainSettings(**{**TINY.__dict__, "lr": 0.001, "init": str(first), "init_sha": sha})
    a = train(tuned, tmp_path / "a.json")
    scratch = train(TrainSettings(**{**TINY.__dict__, "lr": 0.001}), tmp_path / "s.json")
    assert not same_weights(a, scratch) and not same_weights(a, ValueNet.load(first))
    # Zero games' worth of learning would leave the start: one game moves it only a little.
    one = train(
        TrainSettings(**{**tuned.__dict__, "games": 1, "round_games": 1}), tmp_path / "1.json"
    )
    start = ValueNet.load(first).arrays()
    moved = one.arrays()
    w1 = np.abs(moved["W1"] - start["W1"]).max()
    assert 0 < w1 < 0.01 < np.abs(scratch.arrays()["W1"] - start["W1"]).max()
    made = a.meta["made_by"]
    assert made["settings"]["init_sha"] == sha and f"--init {first}" in made["command"]
    assert same_weights(a, train(tuned, tmp_path / "again.json"))
    # A smaller network is widened first (the same function), then trained at the new size.
    wide = train(TrainSettings(**{**tuned.__dict__, "hidden": 6}), tmp_path / "w.json")
    assert wide.hidden == 6 and not same_weights(wide, a)
    pos = Position.initial(TINY.the_setup(), 0)
    start_net = ValueNet.load(first)
    assert widened(start_net, 6, 11).win_chances(pos) == start_net.win_chances(pos)
    assert widened(start_net, 6, 11).arrays()["W2"][4:].tolist() == [[0.0] * 4] * 2
    first.write_text(first.read_text().replace('"note": ""', '"note": "x"'))
    with pytest.raises(PachisiError, match="not the file this run started from"):
        train(tuned, tmp_path / "b.json")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--hidden", "3"], "with 4 hidden units; this run is parcheesi with 3 (--hidden)"),
        (["--hidden", "4", "--players", "4"], "trained for another set-up"),
        (["--hidden", "4", "--distil", "2"], "--init and --distil both choose the start"),
    ],
)
def test_init_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    start = tmp_path / "start.json"
    train(TINY, start)
    args = ["train", "parcheesi", "--games", "2", "--out", str(tmp_path / "n.json"), "--quiet"]
    assert main([*args, "--init", str(start), *extra]) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert main([*args, "--init", str(tmp_path / "none.json")]) == 1
    assert "--init: cannot read" in capsys.readouterr().err


def test_train_command_snapshots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.json"
    args = ["train", "parcheesi", "--games", "3", "--seed", "5", "--out", str(out)]
    args += ["--hidden", "3", "--round-games", "1", "--jobs", "1", "--quiet", "--snapshots", "1,2"]
    assert main(args) == 0
    assert (tmp_path / "net-1.json").exists() and (tmp_path / "net-2.json").exists()
    assert not (tmp_path / "net-3.json").exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--games", "4", "--round-games", "2", "--snapshots", "3"], "not 3"),
        (["--games", "4", "--snapshots", "4"], "below --games (4), not 4"),
        (["--games", "4", "--snapshots", "1,x"], "--snapshots takes game counts"),
        (["--games", "0"], "--games must be at least 1"),
        (["--games", "2", "--lambda", "1.5"], "--lambda must be between 0 and 1"),
        (["--games", "2", "--out", "x.txt"], "--out must name a .json file"),
        (["--games", "2", "--players", "5"], "cannot be played by 5 players"),
        (["--games", "2", "--ray", "--chunk", "0"], "--chunk must be at least 1, not 0"),
        (["--games", "2", "--chunk", "2"], "--chunk is for --ray"),
    ],
)
def test_train_command_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    args = ["train", "parcheesi", "--out", str(tmp_path / "n.json"), "--quiet", *extra]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_train_command_without_numpy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy now fails
    args = ["train", "parcheesi", "--games", "1", "--out", str(tmp_path / "n.json")]
    assert main(args) == 1
    assert f"pachisi train needs numpy: {install_hint('learn')}" in capsys.readouterr().err


def test_train_ray_without_ray_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    args = ["train", "parcheesi", "--games", "1", "--out", str(tmp_path / "n.json"), "--ray"]
    assert main(args) == 1
    assert capsys.readouterr().err == f"pachisi: --ray needs Ray: {install_hint('ray')}\n"
    assert not (tmp_path / "n.json").exists()


def test_a_killed_run_resumes_to_the_same_weights(tmp_path: Path) -> None:
    # A real SIGKILL, sent by the run to itself just after its third checkpoint (a kill
    # from outside, timed by watching for the file, raced the run's end on a fast
    # machine), then --resume's library call.
    settings = TrainSettings(**{**TINY.__dict__, "games": 40, "round_games": 1, "hidden": 2})
    whole = train(settings, tmp_path / "whole.json")
    out = tmp_path / "killed.json"
    ckpt = tmp_path / "killed.json.ckpt"
    script = (
        "import os, signal, sys\n"
        "from pachisi.training import train as t\n"
        "written = t._checkpoint\n"
        "def checkpoint_then_die(*args, **kwargs):\n"
        "    written(*args, **kwargs)\n"
        "    if args[4] == 3:\n"
        "        os.kill(os.getpid(), signal.SIGKILL)\n"
        "t._checkpoint = checkpoint_then_die\n"
        f"t.train(t.TrainSettings(**{settings.__dict__!r}), sys.argv[1])\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(out)], timeout=120)
    assert proc.returncode == -signal.SIGKILL
    assert ckpt.exists() and not out.exists()
    assert ValueNet.load(ckpt).meta["state"]["rounds_done"] == 3
    resumed = train(settings, out, resume=True)
    assert same_weights(whole, resumed)


def test_targets_follow_the_player_to_move_through_extra_throws() -> None:
    """Each target row is the mover's side first, also when the same player throws again.

    Two-player Parcheesi, one self-play game with a doublet (RULES.md §5.8: the
    mover throws again): at λ = 1 every position's first target is 1 exactly when
    its mover won; at λ = 0 it is the next position's chance for *this* mover,
    by the network itself (the position decoded from its recorded units), which
    is the opponent's chance of his own position after a plain throw and the
    same player's after a doublet."""
    from pachisi.learn.encoding import Encoder
    from pachisi.training import race_targets

    setup = Setup.create("parcheesi", players=2)
    net = ValueNet.random(setup, 5, 7)
    enc = Encoder.of(setup)
    for lam in (1.0, 0.0):
        settings = TrainSettings(setup=setup.to_fields(), games=1, seed=5, hidden=5, lam=lam)
        (game,) = play_games(net.arrays(), settings, [0])
        movers = game.movers
        repeats = [t for t in range(len(movers) - 1) if movers[t] == movers[t + 1]]
        assert repeats and len(game.winner) == 1
        assert np.allclose(game.targets[:, :2].sum(axis=1), 1.0)
        if lam == 1.0:
            won = [float(m in game.winner) for m in movers]
            assert game.targets[:, 0].tolist() == won
            continue
        for t in range(len(movers) - 1):
            a, b = int(game.offsets[t + 1]), int(game.offsets[t + 2])
            after = race_targets.decode(
                enc, game.cols[a:b].tolist(), game.vals[a:b].tolist(), movers[t + 1]
            )
            chance = net.win_chances(after)[movers[t]]
            assert game.targets[t, 0] == pytest.approx(chance, abs=1e-9), t
        assert game.targets[-1, 0] == float(movers[-1] in game.winner)
