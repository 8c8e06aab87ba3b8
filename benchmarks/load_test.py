"""Load test of ``pachisi serve`` on loopback: many games played at once over WebSockets.

What it does:

1. Starts the real server as a subprocess (``python -m pachisi serve`` on a
   free port of 127.0.0.1, games in a fresh SQLite file, ``--bot-delay 0``),
   or uses one already running (``--url``).
2. Creates ``--games`` games with ``POST /api/games`` (by default two-player
   Parcheesi with both seats human, so that the scripted clients make every
   move; ``--computer LEVEL`` makes seat 1 a computer).
3. Runs one scripted client per game, all at once in this one asyncio
   process. Each connects to its game's WebSocket and, on every ``state``
   where a seat it holds is to move, sends one action message: a ``step``
   with a random legal index (``random.Random`` seeded per game from
   ``--seed``), or ``commit`` once the throw is ``complete``. It never has
   more than one action in flight and never acts twice on the same version,
   so a ``stale`` reply would be a server fault, not a race of the client.
   It stops when the game's status is ``finished``. By default it acts as
   soon as it can, which makes the run a saturation test (most of a move's
   latency is then waiting behind the other games); ``--think S`` pauses
   ``S`` seconds before each action, as a person would. The server throws
   the dice, so games differ from run to run whatever the seed.
4. Checks that every game ended intact (see :func:`verify_game`): the state
   over HTTP is finished with a winner and a result; its move list has one
   entry per throw, and every throw the client played is there, in order,
   with exactly the steps it made; the version is two per throw (thrown,
   then played or passed) plus one per step, so nothing was lost or
   doubled; the record (``GET /api/games/{id}/record``) loads with
   :meth:`Record.from_text`, has the same moves and replays to a finished
   position with the same winner and result.

What it measures. A *move* here is one action message (a step or a commit).
Two latencies are taken per move, from just before the message is written to
the socket:

* **result**: until the ``result`` reply to it is read;
* **state**: until the ``state`` message with a newer version is read (the
  server sends the reply first, then the new state).

Both include the client's own event-loop delays: the 50 clients, the server
and anything else on the machine share its cores, so the numbers describe
the whole loopback system, not the server alone. It also reports moves per
second, the error replies by code (there should be none), and anything odd
the clients saw (a reply to an unknown message, a version going backwards,
a client waiting more than ``--idle-timeout`` seconds for anything).

``--slow-client`` adds one more WebSocket connection, to the first game,
that completes the handshake and then reads nothing until every game is
over (a raw socket with a small receive buffer, announcing a small TCP
segment size, ``--slow-client-mss``, so that the kernels do not buffer
megabytes for it on loopback): the server's sends to it soon block. It
shows whether one stuck connection holds up the players of its own game or
of the others (the report gives that game's latencies apart); it also says
what the slow client found on its socket afterwards and whether the server
had closed the connection.

Exit status: 0 if every game ended intact with no error reply and nothing
odd seen, 1 otherwise, 2 for a bad command line or a server that does not
start. No time is ever checked: the numbers are printed, not judged.

Usage (from the repository root)::

    .venv/bin/python benchmarks/load_test.py --games 50
    .venv/bin/python benchmarks/load_test.py --games 50 --slow-client --json load.json
    .venv/bin/python benchmarks/load_test.py --games 20 --computer greedy
    .venv/bin/python benchmarks/load_test.py --url http://127.0.0.1:8000 --games 10
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import math
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi.describe import places_text
from pachisi.record import Record

# ---------------------------------------------------------------------------
# Command line


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The options (see the module docstring)."""
    p = argparse.ArgumentParser(
        description="Load test of pachisi serve: many games at once over WebSockets, "
        "move latency and an integrity check of every game.",
    )
    p.add_argument("--games", type=int, default=50, help="games played at once (50)")
    p.add_argument("--ruleset", default="parcheesi", help="ruleset of every game (parcheesi)")
    p.add_argument("--players", type=int, default=2, help="players (seats) per game (2)")
    p.add_argument(
        "--computer",
        metavar="LEVEL",
        default=None,
        help="make seat 1 a computer of this level (random, greedy, ...); "
        "by default every seat is human and played by the scripted client",
    )
    p.add_argument("--seed", type=int, default=1, help="seed of the clients' choices (1)")
    p.add_argument(
        "--think",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="pause of a client before each action, as a person would (0: act at once, "
        "which makes the test a saturation test and the latency mostly queueing)",
    )
    p.add_argument(
        "--url",
        default=None,
        help="use the server at this URL (e.g. http://127.0.0.1:8000) instead of starting one",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.0,
        help="--bot-delay of the server started here (0)",
    )
    p.add_argument(
        "--slow-client",
        action="store_true",
        help="add one WebSocket connection to the first game that never reads",
    )
    p.add_argument(
        "--slow-client-mss",
        type=int,
        default=536,
        metavar="BYTES",
        help="TCP maximum segment size the slow client announces, so that the kernels "
        "do not buffer megabytes for it on loopback (536; 0: the system's)",
    )
    p.add_argument(
        "--idle-timeout",
        type=float,
        default=60.0,
        help="seconds a client waits for any message before it reports the game hung (60)",
    )
    p.add_argument(
        "--servers",
        type=int,
        default=1,
        help="server processes started on one database; game i is played through server "
        "i mod N, and created there (1)",
    )
    p.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="database of the servers started here (default: a fresh SQLite file; "
        "give a PostgreSQL URL for --servers 2 or more)",
    )
    p.add_argument(
        "--computer-workers",
        type=int,
        default=1,
        metavar="N",
        help="--computer-workers of each server started here (1)",
    )
    p.add_argument(
        "--background",
        type=int,
        default=0,
        metavar="K",
        help="also start K games of computers only (--background-level), which play by "
        "themselves while the measured games are played (0)",
    )
    p.add_argument(
        "--background-level",
        default="search",
        metavar="LEVEL",
        help="computer level of the background games (search)",
    )
    p.add_argument(
        "--background-timeout",
        type=float,
        default=1800.0,
        metavar="S",
        help="seconds to wait, after the measured games, for the background games to end (1800)",
    )
    p.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        metavar="S",
        help="stop playing after S seconds: each client ends once its action in flight is "
        "answered, and games not finished are counted as cut, not checked (default: play "
        "every game to its end)",
    )
    p.add_argument("--json", metavar="FILE", default=None, help="also write the results as JSON")
    p.add_argument(
        "--keep-db",
        metavar="DIR",
        default=None,
        help="put the server's database and log in DIR and keep them (default: a temporary dir)",
    )
    args = p.parse_args(argv)
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.idle_timeout <= 0:
        p.error("--idle-timeout must be positive")
    if args.think < 0:
        p.error("--think cannot be negative")
    if args.computer and args.players < 2:
        p.error("--computer needs at least 2 players")
    if args.servers < 1:
        p.error("--servers must be at least 1")
    if args.servers > 1 and args.url is not None:
        p.error("--servers starts servers; it cannot be used with --url")
    return args


# ---------------------------------------------------------------------------
# The server


def free_port() -> int:
    """A TCP port of 127.0.0.1 that is free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(
    workdir: Path, bot_delay: float, db: str | None = None, index: int = 0, workers: int = 1
) -> tuple[subprocess.Popen[bytes], str, Path]:
    """Start ``pachisi serve`` on a free port; the process, its URL and its log file.

    Its limits on game creation and WebSockets are off (the closing of silent
    WebSockets too: the slow client says nothing): the clients all come from
    one address, and a load test is what those limits are there to stop.
    """
    port = free_port()
    db = db or f"sqlite:///{workdir / 'load.sqlite'}"
    log = workdir / f"server{index}.log"
    cmd = [
        sys.executable,
        "-m",
        "pachisi",
        "serve",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--db",
        db,
        "--bot-delay",
        str(bot_delay),
        "--creates-per-minute",
        "0",
        "--max-websockets",
        "0",
        "--websocket-idle",
        "0",
        "--computer-workers",
        str(workers),
    ]
    env = dict(os.environ)
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = src + os.pathsep + env.get("PYTHONPATH", "")
    with log.open("wb") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
    return proc, f"http://127.0.0.1:{port}", log


async def wait_ready(url: str, proc: subprocess.Popen[bytes] | None, timeout: float = 60) -> None:
    """Wait until ``GET /api/rulesets`` answers (or the server process dies)."""
    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(base_url=url, timeout=5) as client:
        while True:
            if proc is not None and proc.poll() is not None:
                raise RuntimeError(f"the server exited with status {proc.returncode}")
            try:
                r = await client.get("/api/rulesets")
                if r.status_code == 200:
                    return
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server at {url} did not answer within {timeout:.0f} s")
            await asyncio.sleep(0.1)


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server politely (SIGINT, as Ctrl-C), then firmly."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# ---------------------------------------------------------------------------
# One game's client


@dataclass
class GameRun:
    """One game and what its scripted client did and saw."""

    index: int
    id: str
    keys: dict[int, str]
    rng: random.Random
    #: The server this game's client plays through.
    base: str = ""
    steps: int = 0
    commits: int = 0
    #: Each throw the client played: (seat, throw, step notations), in order.
    played: list[tuple[int, list[int], list[str]]] = field(default_factory=list)
    result_ms: list[float] = field(default_factory=list)
    #: For each ``result_ms``: when the action was sent and its type.
    result_at: list[tuple[float, str]] = field(default_factory=list)
    state_ms: list[float] = field(default_factory=list)
    errors: Counter[str] = field(default_factory=Counter)
    error_details: list[str] = field(default_factory=list)
    anomalies: list[str] = field(default_factory=list)
    final: dict[str, Any] | None = None
    started: float = 0.0
    ended: float = 0.0
    problems: list[str] = field(default_factory=list)
    #: Stopped at ``--max-seconds`` before the game ended (not checked).
    cut: bool = False

    @property
    def actions(self) -> int:
        return self.steps + self.commits


def ws_url(base: str, game_id: str) -> str:
    """The WebSocket URL of a game."""
    parts = urlsplit(base)
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}/api/games/{game_id}/ws"


async def play_game(
    run: GameRun,
    base: str,
    ready: asyncio.Queue[int],
    go: asyncio.Event,
    idle: float,
    think: float = 0.0,
    max_seconds: float | None = None,
) -> None:
    """Play one game to its end over its WebSocket (see the module docstring).

    Connects, says so on ``ready``, and starts reading once ``go`` is set;
    stops after ``max_seconds`` (the game marked cut) if it has not ended.
    """
    # A saturated machine may take more than websockets' default 10 s for 200 handshakes.
    async with websockets.connect(ws_url(base, run.id), max_size=2**24, open_timeout=120) as ws:
        ready.put_nowait(run.index)
        await go.wait()
        run.started = time.perf_counter()
        stop_at = run.started + max_seconds if max_seconds is not None else math.inf
        state: dict[str, Any] | None = None
        last_version = -1
        acted_version = -1  # the version of the state the last action was made against
        pending: tuple[int, float, str] | None = None  # (message id, time sent, type)
        awaiting: tuple[int, float] | None = None  # (version sent at, time sent): new state due
        msg_id = 0
        mine: list[str] = []  # the notations of the steps made with the open throw
        while True:
            try:
                raw = await asyncio.wait_for(ws.recv(), idle)
            except TimeoutError:
                where = f"at version {last_version}" if state is not None else "before any state"
                run.anomalies.append(
                    f"hung: no message for {idle:.0f} s {where}"
                    + (f" with action {pending[0]} unanswered" if pending else "")
                )
                return
            now = time.perf_counter()
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind == "state":
                st = msg["state"]
                version = st["version"]
                if version < last_version:
                    run.anomalies.append(
                        f"state version went back from {last_version} to {version}"
                    )
                last_version = max(last_version, version)
                if awaiting is not None and version > awaiting[0]:
                    run.state_ms.append((now - awaiting[1]) * 1000)
                    awaiting = None
                state = st
            elif kind == "result":
                if pending is None or msg.get("id") != pending[0]:
                    run.anomalies.append(f"a result for message {msg.get('id')!r} not awaited")
                    continue
                if msg.get("ok"):
                    run.result_ms.append((now - pending[1]) * 1000)
                    run.result_at.append((pending[1], pending[2]))
                else:
                    err = msg.get("error") or {}
                    code = str(err.get("code"))
                    run.errors[code] += 1
                    run.error_details.append(
                        f"action {pending[0]} at version {acted_version}: "
                        f"{code}: {err.get('message')}"
                    )
                    awaiting = None
                pending = None
            elif kind == "error":
                err = msg.get("error") or {}
                run.errors[str(err.get("code"))] += 1
                run.error_details.append(f"connection error: {err}")
                return
            else:
                run.anomalies.append(f"unexpected message type {kind!r}")
                continue

            if state is None:
                continue
            if state["status"] == "finished":
                if pending is None:
                    run.final = state
                    run.ended = time.perf_counter()
                    return
                continue
            if pending is None and time.perf_counter() >= stop_at:
                run.cut = True
                run.ended = time.perf_counter()
                return
            seat = state["to_move"]
            if pending is not None or state["version"] <= acted_version or seat not in run.keys:
                continue
            action: dict[str, Any] = {"key": run.keys[seat], "version": state["version"]}
            if state["complete"]:
                if state["steps"] != mine:
                    run.anomalies.append(
                        f"version {state['version']}: steps shown {state['steps']}, made {mine}"
                    )
                action["type"] = "commit"
                run.commits += 1
                run.played.append((seat, list(state["throw"]), mine))
                mine = []
            else:
                legal = state["legal"]
                if not legal:
                    run.anomalies.append(
                        f"version {state['version']}: seat {seat} to move, "
                        "throw not complete, but no legal step"
                    )
                    continue
                choice = legal[run.rng.randrange(len(legal))]
                action["type"] = "step"
                action["index"] = choice["index"]
                run.steps += 1
                mine.append(choice["notation"])
            msg_id += 1
            acted_version = state["version"]
            if think > 0:
                await asyncio.sleep(think)
            text = json.dumps({"type": "action", "id": msg_id, "action": action})
            sent = time.perf_counter()
            pending = (msg_id, sent, action["type"])
            awaiting = (acted_version, sent)
            await ws.send(text)


# ---------------------------------------------------------------------------
# The slow client


@dataclass
class SlowClient:
    """A WebSocket connection that never reads until the games are over."""

    game: str
    connected: bool = False
    upgrade: str = ""
    bytes_after: int = 0
    frames: Counter[str] = field(default_factory=Counter)
    closed_by_server: bool = False
    close_code: int | None = None
    last_state: tuple[int, str] | None = None
    error: str = ""


async def slow_client(
    sc: SlowClient, base: str, stop: asyncio.Event, mss: int = 536, rcvbuf: int = 4096
) -> None:
    """Handshake, then read nothing until ``stop``; then drain what the server sent.

    A small receive buffer and TCP maximum segment size (``mss``, 0: the
    system's) keep the kernels from buffering megabytes for the connection on
    loopback, so that the server's own sends to it soon block, as they would
    for a client on a link that has stopped.
    """
    parts = urlsplit(base)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    loop = asyncio.get_running_loop()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
    if mss:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_MAXSEG, mss)
    sock.setblocking(False)
    try:
        await loop.sock_connect(sock, (host, port))
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET /api/games/{sc.game}/ws HTTP/1.1\r\nHost: {host}:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        await loop.sock_sendall(sock, request.encode())
        sc.connected = True
        await stop.wait()
        # Now read everything the server left for us, until it closes or goes quiet.
        data = bytearray()
        while True:
            try:
                chunk = await asyncio.wait_for(loop.sock_recv(sock, 1 << 16), 2.0)
            except TimeoutError:
                break
            if not chunk:
                sc.closed_by_server = True
                break
            data += chunk
        head, sep, rest = bytes(data).partition(b"\r\n\r\n")
        sc.upgrade = head.split(b"\r\n", 1)[0].decode(errors="replace")
        sc.bytes_after = len(data)
        _count_frames(rest if sep else b"", sc)
    except OSError as exc:
        sc.error = f"{type(exc).__name__}: {exc}"
    finally:
        sock.close()


def _count_frames(data: bytes, sc: SlowClient) -> None:
    """Count the server's (unmasked) frames by kind; note a close frame's code."""
    names = {1: "text", 2: "binary", 8: "close", 9: "ping", 10: "pong"}
    i = 0
    while i + 2 <= len(data):
        op, n = data[i] & 0x0F, data[i + 1] & 0x7F
        i += 2
        if n == 126:
            if i + 2 > len(data):
                break
            (n,) = struct.unpack(">H", data[i : i + 2])
            i += 2
        elif n == 127:
            if i + 8 > len(data):
                break
            (n,) = struct.unpack(">Q", data[i : i + 8])
            i += 8
        if i + n > len(data):
            sc.frames["partial"] += 1
            break
        sc.frames[names.get(op, f"op{op}")] += 1
        if op == 1:
            with contextlib.suppress(ValueError, KeyError, TypeError):
                st = json.loads(data[i : i + n])["state"]
                sc.last_state = (st["version"], st["status"])
        if op == 8 and n >= 2:
            (sc.close_code,) = struct.unpack(">H", data[i : i + 2])
        i += n


# ---------------------------------------------------------------------------
# Checking a game


async def verify_game(client: httpx.AsyncClient, run: GameRun) -> None:
    """Append to ``run.problems`` everything that is not as it should be."""
    bad = run.problems
    if run.final is None:
        bad.append("the client did not see the game finish")
    r = await client.get(f"/api/games/{run.id}")
    if r.status_code != 200:
        bad.append(f"GET state: HTTP {r.status_code}")
        return
    st = r.json()
    if st["status"] != "finished":
        bad.append(f"status {st['status']!r}")
    if not st.get("winner"):
        bad.append("no winner")
    if not st.get("result"):
        bad.append("no result")
    if st.get("to_move") is not None or st.get("throw") is not None or st.get("legal"):
        bad.append("a finished game still shows a player to move, a throw or legal steps")
    moves = st["moves"]
    if [m["n"] for m in moves] != list(range(1, len(moves) + 1)):
        bad.append("moves are not numbered 1..N")
    # Every throw the client played is in the move list, in order, with its steps.
    ours = [m for m in moves if m["seat"] in run.keys and m["play"] != "-"]
    if len(ours) != run.commits:
        bad.append(f"{len(ours)} played throws of the client's seats, {run.commits} committed")
    for k, (m, (seat, throw, steps)) in enumerate(zip(ours, run.played, strict=False), 1):
        want = " ".join(steps) or "-"
        if (m["seat"], m["throw"], m["play"]) != (seat, throw, want):
            bad.append(
                f"throw {k} of the client: stored seat {m['seat']} {m['throw']} {m['play']!r}, "
                f"played seat {seat} {throw} {want!r}"
            )
            break
    # Every change is one version: a throw, each step, each commit or pass.
    want_version = 2 * len(moves) + run.steps
    if st["version"] != want_version:
        bad.append(
            f"version {st['version']}, but {len(moves)} throws and {run.steps} steps make "
            f"{want_version}"
        )
    if run.final is not None and run.final["version"] != st["version"]:
        bad.append(f"last state seen at version {run.final['version']}, stored {st['version']}")
    # The record replays to the same end.
    r = await client.get(f"/api/games/{run.id}/record")
    if r.status_code != 200:
        bad.append(f"GET record: HTTP {r.status_code}")
        return
    try:
        rec = await asyncio.to_thread(Record.from_text, r.text)
        positions = await asyncio.to_thread(rec.positions)
    except Exception as exc:
        bad.append(f"record does not load: {type(exc).__name__}: {exc}")
        return
    if len(rec.moves) != len(moves):
        bad.append(f"record has {len(rec.moves)} moves, state {len(moves)}")
    rec_moves = [(list(t), n) for t, n in rec.moves]
    if rec_moves != [(m["throw"], m["play"]) for m in moves]:
        bad.append("record moves differ from the state's")
    last = positions[-1]
    if not last.is_over:
        bad.append("record does not replay to a finished position")
    winner = list(last.winner) if last.winner is not None else None
    if winner != st.get("winner"):
        bad.append(f"record winner {winner}, state winner {st.get('winner')}")
    # The state's result is by name and place (pachisi.describe.places_text).
    said = places_text(last, [seat["name"] for seat in st["seats"]])
    if st.get("result") and said != st["result"]:
        bad.append(f"record result {said!r}, state result {st['result']!r}")
    if rec.extra.get("Server-Game") not in (None, run.id):
        bad.append(f"record names game {rec.extra.get('Server-Game')!r}")


# ---------------------------------------------------------------------------
# Numbers


def percentile(xs: list[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile of ``xs`` (``nan`` if empty)."""
    if not xs:
        return math.nan
    s = sorted(xs)
    k = max(1, math.ceil(p / 100 * len(s)))
    return s[k - 1]


def latency(xs: list[float]) -> dict[str, float]:
    """Median, 90th and 99th percentile and maximum, in ms."""
    return {
        "n": len(xs),
        "median": percentile(xs, 50),
        "p90": percentile(xs, 90),
        "p99": percentile(xs, 99),
        "max": max(xs) if xs else math.nan,
    }


def max_overlap(spans: list[tuple[float, float]]) -> int:
    """The largest number of the intervals ``(start, end)`` open at one time."""
    events = sorted([(a, 1) for a, _ in spans] + [(b, -1) for _, b in spans])
    best = now = 0
    for _, d in events:
        now += d
        best = max(best, now)
    return best


# ---------------------------------------------------------------------------
# The run


class SetupError(Exception):
    """The games could not be created (a set-up the server refuses)."""


async def run_load(
    args: argparse.Namespace,
    bases: list[str],
    server_cpu: Callable[[], float | None] = lambda: None,
) -> dict[str, Any]:
    """Create the games, play them all at once, check them; the results.

    Game ``i`` is created and played through server ``bases[i % len(bases)]``.
    ``server_cpu`` gives the CPU seconds the server processes have used so
    far, when it is known (servers started here).
    """
    base = bases[0]
    n_players = args.players
    seats = ["human"] * n_players
    if args.computer:
        seats[1] = args.computer
    spec = {"ruleset": args.ruleset, "players": n_players, "seats": seats}
    runs: list[GameRun] = []
    create_ms: list[float] = []
    async with contextlib.AsyncExitStack() as clients:
        by_base = {
            b: await clients.enter_async_context(httpx.AsyncClient(base_url=b, timeout=60))
            for b in bases
        }
        for i in range(args.games):
            here = bases[i % len(bases)]
            t = time.perf_counter()
            r = await by_base[here].post("/api/games", json=spec)
            create_ms.append((time.perf_counter() - t) * 1000)
            if r.status_code != 201:
                raise SetupError(f"POST /api/games: HTTP {r.status_code}: {r.text}")
            body = r.json()
            keys = {int(k["seat"]): k["key"] for k in body["keys"]}
            rng = random.Random(f"{args.seed}:{i}")
            runs.append(GameRun(index=i, id=body["id"], keys=keys, rng=rng, base=here))

        background = []
        for i in range(args.background):
            here = bases[i % len(bases)]
            r = await by_base[here].post(
                "/api/games",
                json={"ruleset": args.ruleset, "players": 2, "seats": [args.background_level] * 2},
            )
            if r.status_code != 201:
                raise SetupError(f"POST /api/games (background): HTTP {r.status_code}: {r.text}")
            background.append((here, r.json()["id"]))

        go = asyncio.Event()
        stop = asyncio.Event()
        slow = SlowClient(runs[0].id) if args.slow_client else None
        slow_task = (
            asyncio.create_task(slow_client(slow, base, stop, args.slow_client_mss))
            if slow is not None
            else None
        )
        ready: asyncio.Queue[int] = asyncio.Queue()
        tasks = [
            asyncio.create_task(
                play_game(run, run.base, ready, go, args.idle_timeout, args.think, args.max_seconds)
            )
            for run in runs
        ]
        # Every client connected (or failed to) before any starts to play.
        for _ in runs:
            waiting = asyncio.create_task(ready.get())
            await asyncio.wait([waiting, *tasks], return_when=asyncio.FIRST_COMPLETED)
            if not waiting.done():
                waiting.cancel()
                break
        if slow is not None and slow_task is not None:
            while not slow.connected and not slow_task.done():
                await asyncio.sleep(0.01)
        cpu0 = time.process_time(), server_cpu()
        t0 = time.perf_counter()
        go.set()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        wall = time.perf_counter() - t0
        cpu1 = time.process_time(), server_cpu()
        for run, outcome in zip(runs, outcomes, strict=True):
            if isinstance(outcome, BaseException):
                run.anomalies.append(f"client failed: {type(outcome).__name__}: {outcome}")
        stop.set()
        if slow_task is not None:
            await slow_task

        # The background games are left to end by themselves (the servers' memory is
        # measured after them); a game not finished in time is counted as such.
        background_done = 0
        deadline = time.monotonic() + args.background_timeout
        for here, gid in background:
            while True:
                st = (await by_base[here].get(f"/api/games/{gid}")).json()
                if st["status"] == "finished" or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.5)
            background_done += st["status"] == "finished"

        sem = asyncio.Semaphore(8)

        async def check(run: GameRun) -> None:
            if run.cut:
                return
            async with sem:
                try:
                    await verify_game(by_base[run.base], run)
                except Exception as exc:
                    run.problems.append(f"check failed: {type(exc).__name__}: {exc}")

        await asyncio.gather(*(check(run) for run in runs))

    result_ms = [x for run in runs for x in run.result_ms]
    by_kind: dict[str, list[float]] = {"step": [], "commit": []}
    slowest: list[tuple[float, float, int, str]] = []
    for run in runs:
        for ms, (at, kind) in zip(run.result_ms, run.result_at, strict=True):
            by_kind[kind].append(ms)
            slowest.append((ms, at - t0, run.index, kind))
    slowest.sort(reverse=True)
    state_ms = [x for run in runs for x in run.state_ms]
    errors: Counter[str] = Counter()
    for run in runs:
        errors.update(run.errors)
    actions = sum(run.actions for run in runs)
    throws = sum(run.commits for run in runs)
    intact = [not run.problems and not run.anomalies and not run.errors for run in runs]
    spans = [(run.started, run.ended) for run in runs if run.ended]
    watched = runs[0]
    out: dict[str, Any] = {
        "config": {
            "games": args.games,
            "ruleset": args.ruleset,
            "players": n_players,
            "seats": seats,
            "seed": args.seed,
            "think_s": args.think,
            "slow_client": bool(args.slow_client),
            "background": [args.background, args.background_level],
            "server": base,
            "servers": bases,
        },
        "games": len(runs),
        "finished_intact": sum(ok and not run.cut for ok, run in zip(intact, runs, strict=True)),
        "cut": sum(run.cut for run in runs),
        "max_concurrent": max_overlap(spans),
        "moves": actions,
        "steps": sum(run.steps for run in runs),
        "commits": throws,
        "throws_stored": None,
        "errors": dict(errors),
        "wall_s": wall,
        "cpu_s": {
            "clients": cpu1[0] - cpu0[0],
            "server": (cpu1[1] - cpu0[1]) if cpu0[1] is not None and cpu1[1] is not None else None,
        },
        "moves_per_s": actions / wall if wall > 0 else math.nan,
        "create_ms": latency(create_ms),
        "result_ms": latency(result_ms),
        "state_ms": latency(state_ms),
        "result_ms_by_type": {k: latency(v) for k, v in by_kind.items()},
        "slowest": [
            {"ms": ms, "sent_at_s": at, "game": g, "type": kind} for ms, at, g, kind in slowest[:20]
        ],
        "watched_game": {
            "id": watched.id,
            "moves": watched.actions,
            "result_ms": latency(watched.result_ms),
            "state_ms": latency(watched.state_ms),
        },
        "slow_client": None,
        "per_game": [
            {
                "id": run.id,
                "moves": run.actions,
                "throws": len(run.final["moves"]) if run.final else None,
                "winner": run.final["winner"] if run.final else None,
                "seconds": (run.ended - run.started) if run.ended else None,
                "errors": dict(run.errors),
                "error_details": run.error_details,
                "anomalies": run.anomalies,
                "problems": run.problems,
            }
            for run in runs
        ],
    }
    out["background_finished"] = background_done
    out["throws_stored"] = sum(g["throws"] or 0 for g in out["per_game"])
    if slow is not None:
        out["slow_client"] = {
            "game": slow.game,
            "connected": slow.connected,
            "handshake": slow.upgrade,
            "bytes_read_after_games": slow.bytes_after,
            "frames": dict(slow.frames),
            "closed_by_server": slow.closed_by_server,
            "close_code": slow.close_code,
            "last_state": slow.last_state,
            "game_final_version": runs[0].final["version"] if runs[0].final else None,
            "error": slow.error,
        }
    out["ok"] = all(intact)
    return out


def _ms(d: dict[str, float]) -> str:
    return f"{d['median']:8.1f} {d['p90']:8.1f} {d['p99']:8.1f} {d['max']:8.1f}   (n={d['n']})"


def report(res: dict[str, Any]) -> str:
    """The results as a short plain-text table."""
    c = res["config"]
    lines = [
        f"pachisi serve load test: {len(c.get('servers', [1]))} server process(es), "
        f"{res['games']} games of {c['ruleset']}, "
        f"seats {','.join(c['seats'])}, seed {c['seed']}"
        + (f", think {c['think_s']:g} s" if c["think_s"] else "")
        + (", with a slow client" if c["slow_client"] else "")
        + (
            f", {c['background'][0]} background games of {c['background'][1]} computers"
            if c.get("background", [0])[0]
            else ""
        ),
        f"games finished intact   {res['finished_intact']} / {res['games']}"
        f" ({res.get('cut', 0)} cut at --max-seconds)"
        f"   (at most {res['max_concurrent']} in play at once)",
        f"moves (actions) made    {res['moves']}   ({res['steps']} steps, "
        f"{res['commits']} commits; {res['throws_stored']} throws stored)",
        "error replies           "
        + (", ".join(f"{k}: {v}" for k, v in sorted(res["errors"].items())) or "none"),
        f"wall time               {res['wall_s']:.1f} s",
        *(
            [f"background games ended  {res['background_finished']} / {c['background'][0]}"]
            if c.get("background", [0])[0]
            else []
        ),
        f"moves/s                 {res['moves_per_s']:.0f}",
        f"CPU while playing       clients {res['cpu_s']['clients']:.1f} s"
        + (
            f", server {res['cpu_s']['server']:.1f} s" if res["cpu_s"]["server"] is not None else ""
        ),
        "",
        "latency (ms)               median      p90      p99      max",
        f"  move -> result        {_ms(res['result_ms'])}",
        f"  move -> new state     {_ms(res['state_ms'])}",
        f"    steps -> result     {_ms(res['result_ms_by_type']['step'])}",
        f"    commits -> result   {_ms(res['result_ms_by_type']['commit'])}",
        f"  create game (POST)    {_ms(res['create_ms'])}",
    ]
    rss = res.get("server_rss_mb")
    if rss and rss["after"]:
        shown = ", ".join(
            f"{b:.0f} -> {a:.0f}"
            for b, a in zip(rss["before"], rss["after"], strict=True)
            if a is not None and b is not None
        )
        lines.append(f"server memory (RSS, MB) {shown}   (before -> after the games)")
    w = res["watched_game"]
    if c["slow_client"]:
        lines += [
            f"  game with the slow    {_ms(w['result_ms'])}   (result)",
            f"   client watching      {_ms(w['state_ms'])}   (state)",
        ]
    sc = res.get("slow_client")
    if sc is not None:
        frames = ", ".join(f"{k} {v}" for k, v in sorted(sc["frames"].items())) or "none"
        lines += [
            "",
            f"slow client: connected {sc['connected']}; read nothing while "
            f"{res['games']} games were played; afterwards found {sc['bytes_read_after_games']} "
            f"bytes ({frames}); closed by the server: {sc['closed_by_server']}"
            + (f" (code {sc['close_code']})" if sc["close_code"] is not None else "")
            + f"; last state it got: {sc['last_state']}, game ended at version "
            f"{sc['game_final_version']}" + (f"; error {sc['error']}" if sc["error"] else ""),
        ]
    bad = [g for g in res["per_game"] if g["problems"] or g["anomalies"] or g["errors"]]
    if bad:
        lines += ["", "games not intact:"]
        for g in bad:
            what = g["problems"] + g["anomalies"] + g["error_details"]
            lines.append(f"  {g['id']}: " + "; ".join(what))
    return "\n".join(lines)


def server_log_issues(log: Path) -> list[str]:
    """Lines of the server's log that say something went wrong."""
    if not log.exists():
        return []
    words = ("error", "exception", "traceback", "warning", "critical")
    noise = ("DeprecationWarning", "warnings.warn(")  # uvicorn's note on --ws websockets
    return [
        line
        for line in log.read_text(errors="replace").splitlines()
        if any(w in line.lower() for w in words) and not any(x in line for x in noise)
    ]


def process_cpu(pid: int) -> float | None:
    """CPU seconds (user and system) process ``pid`` has used, from /proc; ``None`` elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def process_rss_mb(pid: int) -> float | None:
    """The resident memory of process ``pid`` in MB, from /proc; ``None`` elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the load test; the exit status of the module docstring."""
    args = parse_args(argv)
    with contextlib.ExitStack() as stack:
        procs: list[subprocess.Popen[bytes]] = []
        logs: list[Path] = []
        if args.url is None:
            if args.keep_db:
                workdir = Path(args.keep_db)
                workdir.mkdir(parents=True, exist_ok=True)
            else:
                tmp = tempfile.TemporaryDirectory(prefix="pachisi-load-")
                workdir = Path(stack.enter_context(tmp))
            db = args.db or f"sqlite:///{workdir / 'load.sqlite'}"
            bases = []
            for i in range(args.servers):
                proc, base, log = start_server(
                    workdir, args.bot_delay, db, i, args.computer_workers
                )
                stack.callback(stop_server, proc)
                procs.append(proc)
                logs.append(log)
                bases.append(base)
                if i == 0:  # the first one migrates the database before the others start
                    with contextlib.suppress(RuntimeError):  # reported just below
                        asyncio.run(wait_ready(base, proc))
        else:
            bases = [args.url.rstrip("/")]
        try:
            for i, base in enumerate(bases):
                asyncio.run(wait_ready(base, procs[i] if procs else None))
        except RuntimeError as exc:
            print(f"load_test: {exc}", file=sys.stderr)
            for log in logs:
                if log.exists():
                    print(log.read_text(errors="replace")[-4000:], file=sys.stderr)
            return 2

        def cpu() -> float | None:
            used = [process_cpu(p.pid) for p in procs]
            return sum(u for u in used if u is not None) if procs and None not in used else None

        rss0 = [process_rss_mb(p.pid) for p in procs]
        try:
            res = asyncio.run(run_load(args, bases, cpu))
        except SetupError as exc:
            print(f"load_test: {exc}", file=sys.stderr)
            return 2
        res["server_rss_mb"] = {
            "before": rss0,
            "after": [process_rss_mb(p.pid) for p in procs],
        }
        for proc in procs:
            stop_server(proc)
        res["server_exit"] = [p.returncode for p in procs] if procs else None
        res["server_log_issues"] = [line for log in logs for line in server_log_issues(log)]
    print(report(res))
    if res["server_log_issues"]:
        print("\nserver log:")
        for line in res["server_log_issues"][:40]:
            print("  " + line)
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1, default=str) + "\n")
    return 0 if res["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
