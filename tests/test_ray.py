"""``--ray``: the same results on a real Ray cluster as in one process, a killed worker included.

One local cluster for the module (``ray.cluster_utils.Cluster``, as Ray's own
tests start one): a head node with no CPUs, so that every task runs on a
separate worker node (one CPU; a second is added half-way), all on this
machine. The test process connects to it as a driver; one test also runs
``pachisi simulate --ray ADDRESS`` in a subprocess, a driver of its own, and
interrupts it. The cluster is stopped at the end (only its own processes).

Every node, driver and connection is on 127.0.0.1 only
(``pachisi.distributed.local.loopback_cluster``; one test checks the
sockets): tests of a server we run here may talk to loopback addresses
only. Where Ray cannot be made to use loopback, the tests are skipped with
that reason rather than run on another address.

Skipped, with the reason, where Ray is not installed (``pip install
'pachisi[ray]'``; the ``test`` extra installs it).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from ipaddress import ip_address
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip(
    "ray", reason="Ray is not installed here (pip install 'pachisi[ray]'): --ray not tested"
)
pytest.importorskip("ray.cluster_utils", reason="Ray without cluster_utils")

from helpers import default_sigint  # noqa: E402
from pachisi import Game, Position  # noqa: E402
from pachisi.analysis import RolloutRunner, RolloutSpec  # noqa: E402
from pachisi.bots import make_player  # noqa: E402
from pachisi.cli import main  # noqa: E402
from pachisi.distributed import RayRunner, connect  # noqa: E402
from pachisi.distributed.bench import nothing  # noqa: E402
from pachisi.distributed.local import add_node, loopback_cluster  # noqa: E402
from pachisi.errors import PachisiError  # noqa: E402
from pachisi.learn.network import ValueNet  # noqa: E402
from pachisi.record import Record  # noqa: E402
from pachisi.rules import Setup  # noqa: E402
from pachisi.tournament import SimConfig, run_games  # noqa: E402
from pachisi.training.train import TrainSettings, train  # noqa: E402

CONFIG = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), seed=5)
GAMES = 24


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    """A head (no CPUs) and one worker node (one CPU) on 127.0.0.1, the test process
    connected."""
    with ExitStack() as stack:
        try:
            c = stack.enter_context(loopback_cluster())
        except PachisiError as exc:
            pytest.skip(f"not run: {exc}")
        yield c


@pytest.fixture(scope="module")
def local_games() -> list[Any]:
    """The games of CONFIG played in this process."""
    return list(run_games(CONFIG, GAMES))


def _task_pids(c: Any) -> list[int]:
    """The worker processes of ``c``'s worker nodes that are running a chunk now."""
    raylets = {
        info.process.pid for node in c.worker_nodes for info in node.all_processes.get("raylet", [])
    }
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            title = (entry / "cmdline").read_bytes().split(b"\0")[0]
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if title == b"ray::_apply" and ppid in raylets:
            pids.append(int(entry.name))
    return pids


def _address(field: str) -> Any:
    """An address of /proc/net/tcp{,6} (hex, in host order by 32-bit words)."""
    raw = bytes.fromhex(field.split(":")[0])
    ip = ip_address(b"".join(raw[i : i + 4][::-1] for i in range(0, len(raw), 4)))
    return getattr(ip, "ipv4_mapped", None) or ip


def _tcp_of_this_process_tree() -> list[tuple[Any, int, Any, str]]:
    """(local address, local port, remote address, state) of every TCP socket of this
    process and its descendants (the cluster's processes, its workers)."""
    parent: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent[int(entry.name)] = int(
                    (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
                )
            except OSError:
                continue
    me, inodes = os.getpid(), set()
    for pid in parent:
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p != me:
            continue
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes:
                local, remote, state = fields[1], fields[2], fields[3]
                found.append(
                    (_address(local), int(local.split(":")[1], 16), _address(remote), state)
                )
    return found


def test_simulate_on_ray_gives_the_local_results(cluster: Any, local_games: list[Any]) -> None:
    with connect() as runner:
        assert isinstance(runner, RayRunner) and runner.workers == 1
        assert list(run_games(CONFIG, GAMES, backend=runner, chunk=5)) == local_games
    assert ray.is_initialized()  # connect() kept the test's own connection open


def test_more_nodes_and_other_chunks_give_the_same_results(
    cluster: Any, local_games: list[Any]
) -> None:
    add_node(cluster)
    cluster.wait_for_nodes()
    deadline = time.monotonic() + 60
    while ray.cluster_resources().get("CPU", 0) < 2:
        assert time.monotonic() < deadline, "the second worker node never joined"
        time.sleep(0.2)
    with connect() as runner:
        assert runner.workers == 2
        for chunk in (1, 7, GAMES):
            assert list(run_games(CONFIG, GAMES, backend=runner, chunk=chunk)) == local_games


class _FirstAttemptBlocks:
    """A :class:`~pachisi.chunks.ChunkRunner` that runs ``runner``'s chunks, with the
    first attempt of the chunk that starts with game 0 blocked until it is killed.

    That attempt writes its process id to ``marker`` and then waits (at most two
    minutes, then fails); a later attempt finds ``marker``, writes its own id to
    ``retried`` and plays the chunk. The chunk function is a closure, so Ray's
    cloudpickle sends it by value (the test module is not importable on the workers).
    """

    def __init__(self, runner: RayRunner, marker: Path, retried: Path) -> None:
        self.runner, self.marker, self.retried = runner, str(marker), str(retried)

    @property
    def workers(self) -> int:
        """The cluster's."""
        return self.runner.workers

    def map(self, fn: Any, shared: Any, items: Any) -> Iterator[Any]:
        """``runner.map`` of ``fn`` with the first attempt at game 0 blocked."""
        marker, retried = self.marker, self.retried

        def chunk(shared: Any, item: Any) -> Any:
            if item[0] == 0:
                if not os.path.exists(marker):
                    with open(marker + ".tmp", "w") as f:
                        f.write(str(os.getpid()))
                    os.rename(marker + ".tmp", marker)
                    time.sleep(120)
                    raise RuntimeError("the blocked chunk was never killed")
                with open(retried, "w") as f:
                    f.write(str(os.getpid()))
            return fn(shared, item)

        return self.runner.map(chunk, shared, items)


def test_a_killed_worker_has_its_chunk_run_again(
    cluster: Any, local_games: list[Any], tmp_path: Path
) -> None:
    """The chunk of games 0-2 cannot finish on its first attempt: its worker process is
    killed while it waits, and the run's results are still the local ones."""
    marker, retried = tmp_path / "blocked.pid", tmp_path / "retried.pid"
    killed: list[int] = []
    running: list[list[int]] = []
    done = threading.Event()

    def kill_the_blocked_chunk() -> None:
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline and not done.wait(0.01):
            pass
        if marker.exists():
            pid = int(marker.read_text())
            running.append(_task_pids(cluster))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)

    killer = threading.Thread(target=kill_the_blocked_chunk)
    killer.start()
    try:
        with connect() as runner:
            backend = _FirstAttemptBlocks(runner, marker, retried)
            results = list(run_games(CONFIG, GAMES, backend=backend, chunk=3))
    finally:
        done.set()
        killer.join()
    assert killed, "the chunk of game 0 never started"
    assert killed[0] in running[0]  # a Ray task process of a worker node, running the chunk
    assert retried.exists()  # the chunk ran again ...
    assert int(retried.read_text()) != killed[0]  # ... in another process
    assert results == local_games


def test_the_cluster_talks_on_loopback_only(cluster: Any) -> None:
    with connect() as runner:  # both worker nodes (one added by a test above) running
        assert list(runner.map(nothing, None, range(4))) == [0, 1, 2, 3]
    sockets = _tcp_of_this_process_tree()
    port = int(cluster.address.rsplit(":", 1)[1])
    listening = {(str(a), p) for a, p, _, state in sockets if state == "0A"}
    assert ("127.0.0.1", port) in listening  # the GCS: the check sees the cluster's sockets
    assert len(listening) >= 5  # and its raylets' and workers' too
    assert all(local.is_loopback for local, _, _, _ in sockets), sockets
    assert all(remote.is_loopback for _, _, remote, state in sockets if state != "0A"), sockets
    assert {n["NodeManagerAddress"] for n in ray.nodes()} == {"127.0.0.1"}


def test_analyse_rollouts_on_ray_give_the_local_numbers(
    cluster: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    pos = Position.start("parcheesi", players=2).to_text()
    args = ["analyse", pos, "--throw", "5,2", "--rollouts", "18", "--policy", "random", "--json"]
    assert main([*args, "--jobs", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local
    assert ray.is_initialized()
    # The library call, with a chunk size that cuts the positions' rollouts differently.
    start = Position.start("parcheesi", players=2)
    spec = RolloutSpec(seed=3, policy="random")
    with RolloutRunner(spec, 1) as here, connect() as runner:
        there = RolloutRunner(spec, backend=runner)
        assert there.masks(start, 20) == here.masks(start, 20)


def test_analyse_review_of_a_record_on_ray_gives_the_local_numbers(
    cluster: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    start = Position.from_text(
        "pagade ry,bg - r:84.84.80.81,b:84.84.78.82,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
    )
    game = Game(start, seed=12)
    bots = [make_player("greedy", 1), make_player("random", 2)]
    while not game.is_over:
        throw = game.roll()
        game.push(bots[game.position.to_move].choose(game.position, throw, game.legal_plays()))
    path = tmp_path / "game.pgame"
    Record.from_game(game, names=["greedy", "random"]).save(path)
    args = ["analyse", str(path), "--rollouts", "8", "--luck-rollouts", "4", "--json"]
    assert main([*args, "--jobs", "1"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert local["moves"]  # a review with its throws
    assert main([*args, "--ray"]) == 0
    assert json.loads(capsys.readouterr().out) == local


def test_an_address_where_no_cluster_listens_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with socket.socket() as s:  # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    args = ["simulate", "parcheesi", "--players", "random,random", "--games", "2"]
    assert main([*args, "--ray", f"127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"pachisi: cannot connect to the Ray cluster at 127.0.0.1:{port}: ")
    assert len(err.splitlines()) == 1
    assert main([*args, "--ray", "head-without-port"]) == 1
    assert capsys.readouterr().err == (
        "pachisi: --ray takes HOST:PORT or ray://HOST:PORT, not 'head-without-port'\n"
    )


def _simulate(*args: str) -> subprocess.Popen[str]:
    # Started as from a terminal (helpers.default_sigint): without it, in background runs
    # of the suite the interrupted run below played on (30,835 games in three minutes)
    # until the guard's timeout.
    return subprocess.Popen(
        [sys.executable, "-m", "pachisi", "simulate", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )


def test_cli_on_a_cluster_address_interrupted_and_resumed(cluster: Any, tmp_path: Path) -> None:
    """``pachisi simulate --ray ADDRESS --log``: Ctrl-C after some games; the same command
    again finishes the run, and its results are those of a local run.

    The interrupted run asks for far more games than it can play before the
    interrupt lands, however fast the machine (a run of 30 once finished all of
    them between the fourth logged game and the signal's delivery). The resumed
    run asks for a few more games than the log holds, so it always plays some.
    """
    common = ["parcheesi", "--players", "greedy,random", "--seed", "9", "--engine", "library"]
    log = tmp_path / "run.jsonl"
    ray = ["--ray", cluster.address, "--chunk", "2", "--log", str(log)]
    first = _simulate(*common, "--games", "100000", *ray)
    deadline = time.monotonic() + 120
    while not log.exists() or log.read_text().count("\n") < 1 + 4:
        assert first.poll() is None, first.communicate()
        assert time.monotonic() < deadline, "no game was logged"
        time.sleep(0.05)
    first.send_signal(signal.SIGINT)
    # A guard against a hang, not a speed limit (alone, the client winds down in seconds).
    _, err = first.communicate(timeout=240)
    assert first.returncode == 130, err
    assert "interrupted" in err
    whole = log.read_text().split("\n")[1:-1]  # a last line cut short is not a game
    logged = sorted(json.loads(line)["game"] for line in whole)
    assert logged == list(range(len(logged)))  # one worker: the games come in order
    assert 4 <= len(logged) < 100000
    games = len(logged) + 6

    out = tmp_path / "ray.json"
    second = _simulate(*common, "--games", str(games), *ray, "--out", str(out))
    stdout, err = second.communicate(timeout=120)
    assert second.returncode == 0, err
    assert f"{len(logged)} from --log" in stdout
    here = tmp_path / "here.json"
    local = _simulate(*common, "--games", str(games), "--out", str(here))
    _, err = local.communicate(timeout=120)
    assert local.returncode == 0, err
    resumed, expected = json.loads(out.read_text()), json.loads(here.read_text())
    resumed.pop("timing"), expected.pop("timing")
    assert resumed == expected
    assert log.read_text().count("\n") == 1 + games


#: A tiny training run: 12 games in rounds of 4, 4 hidden units.
TRAIN = TrainSettings(
    setup=Setup.create("parcheesi", players=2).to_fields(),
    games=12,
    seed=4,
    hidden=4,
    round_games=4,
    batch=16,
)


def _weights(net: ValueNet) -> tuple[Any, ...]:
    return (net.W1, net.b1, net.W2, net.b2)


def test_training_on_ray_gives_the_local_weights(
    cluster: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    local = train(TRAIN, tmp_path / "local.json", jobs=1)
    with connect() as runner:
        for chunk in (None, 1, 3):  # two chunks a worker, one game a chunk, uneven chunks
            there = train(TRAIN, tmp_path / f"ray{chunk}.json", backend=runner, chunk=chunk)
            assert _weights(there) == _weights(local)
        # Stopped after a round on Ray, resumed on Ray from the checkpoint.
        out = tmp_path / "resumed.json"
        train(TRAIN, out, backend=runner, stop_after_rounds=1)
        assert (tmp_path / "resumed.json.ckpt").exists()
        assert _weights(train(TRAIN, out, backend=runner, resume=True)) == _weights(local)
    # The command, with the cluster's address.
    out = tmp_path / "cli.json"
    args = ["train", "parcheesi", "--games", "12", "--seed", "4", "--hidden", "4"]
    args += ["--round-games", "4", "--batch", "16", "--out", str(out), "--ray", cluster.address]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert ", on Ray (" in captured.out
    rounds = [line.split(":")[0] for line in captured.err.splitlines() if line.startswith("round")]
    assert rounds == [
        "round 1/3",
        "round 2/3",
        "round 3/3",
    ]  # progress as in a local run (standard error is not a terminal here)
    assert _weights(ValueNet.load(out)) == _weights(local)
    assert ValueNet.load(out).meta["made_by"]["runner"] == "RayRunner"


def test_training_at_an_address_where_no_cluster_listens_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as s:  # a port that was free a moment ago
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    out = tmp_path / "n.json"
    args = ["train", "parcheesi", "--games", "2", "--out", str(out), "--quiet"]
    assert main([*args, "--ray", f"127.0.0.1:{port}"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"pachisi: cannot connect to the Ray cluster at 127.0.0.1:{port}: ")
    assert len(err.splitlines()) == 1
    assert not out.exists()
