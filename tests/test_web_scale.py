"""Several ``pachisi serve`` processes on one PostgreSQL database (issue 24, *Scale out*).

Real server processes on loopback, on a database of the session's throwaway
PostgreSQL cluster (tests/web_db.py): players act through different servers,
a spectator watches through a third, and one server is killed with SIGKILL
mid-game. Every wait has a deadline: a fault fails, it never hangs.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from helpers import free_port
from test_web_api import plain

DEADLINE = 120.0


def until(what: str, check: Callable[[], Any], timeout: float = DEADLINE) -> Any:
    end = time.monotonic() + timeout
    while True:
        got = check()
        if got:
            return got
        assert time.monotonic() < end, f"never happened: {what}"
        time.sleep(0.02)


class Server:
    """One ``pachisi serve`` process."""

    def __init__(self, db: str, log: Path, *args: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        with log.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "pachisi", "serve", "--port", str(self.port), "--db", db,
                 "--bot-delay", "0", "--computer-workers", "1", "--log-level", "warning", *args],
                stdout=out, stderr=subprocess.STDOUT,
            )  # fmt: skip

    def wait_ready(self) -> None:
        def ready() -> bool:
            assert self.proc.poll() is None, self.log.read_text(errors="replace")
            try:
                self.get("/api/rulesets")
                return True
            except OSError:
                return False

        until("the server to answer", ready, 60)

    def request(self, method: str, path: str, body: object = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data, method=method)
        req.add_header("content-type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as exc:
            return exc.code, json.load(exc)

    def get(self, path: str) -> Any:
        status, body = self.request("GET", path)
        assert status == 200, body
        return body

    def state(self, gid: str) -> dict[str, Any]:
        return dict(self.get(f"/api/games/{gid}"))

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


@pytest.fixture
def servers(pg_db_url: str, tmp_path: Path) -> Iterator[Callable[..., Server]]:
    started: list[Server] = []

    def start(*args: str) -> Server:
        s = Server(pg_db_url, tmp_path / f"server{len(started)}.log", *args)
        started.append(s)
        s.wait_ready()  # one at a time: the first migrates the database
        return s

    try:
        yield start
    finally:
        for s in started:
            s.stop()


class Spectator:
    """A WebSocket on a game that keeps the newest state it was sent (in a thread)."""

    def __init__(self, server: Server, gid: str) -> None:
        self.url = f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws"
        self.latest: dict[str, Any] | None = None
        self.versions: list[int] = []
        self.ws: Any = None
        self.connected = threading.Event()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()
        assert self.connected.wait(30), "the spectator could not connect"

    def _read(self) -> None:
        with connect(self.url) as ws:
            self.ws = ws
            self.connected.set()
            for text in ws:
                msg = json.loads(text)
                if msg["type"] == "state":
                    self.latest = msg["state"]
                    self.versions.append(msg["state"]["version"])

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
        self.thread.join(10)


def key_of(game: dict[str, Any], seat: int) -> str:
    return next(k["key"] for k in game["keys"] if k["seat"] == seat)


def play_turn(
    server: Server, game: dict[str, Any], rng: random.Random
) -> tuple[str, dict[str, Any] | None]:
    """One action of the seat to move through ``server``: its type, and the new state.

    The state is ``None`` if the action was refused as stale: the server had
    not yet heard of the last change, made through another server; look again.
    That change may have ended the game: the server then refuses the action as
    "game_over" (the end is checked before the version), also a stale view.
    """
    s = server.state(game["id"])
    if s["status"] != "playing":  # this server has seen the end already
        return "", None
    action = {"key": key_of(game, s["to_move"]), "version": s["version"]}
    if s["complete"]:
        action["type"] = "commit"
    else:
        action.update(type="step", index=rng.randrange(len(s["legal"])))
    status, body = server.request("POST", f"/api/games/{game['id']}/actions", action)
    if status == 409 and body["error"]["code"] in ("stale", "game_over"):
        return str(action["type"]), None
    assert status == 200, body
    return str(action["type"]), dict(body["state"])


def check_intact(final: dict[str, Any], steps: int) -> None:
    """Every throw stored once with its play; the version counts every write exactly once."""
    assert final["status"] == "finished" and final["winner"] is not None
    # Two writes a throw (thrown, then played) and one a step: nothing lost or doubled.
    assert final["version"] == 2 * len(final["moves"]) + steps


def test_two_servers_one_database_a_player_on_each_a_spectator_on_a_third(
    servers: Callable[..., Server],
) -> None:
    a, b, c = servers(), servers(), servers()
    status, game = a.request("POST", "/api/games", {"players": 2, "seats": ["human", "human"]})
    assert status == 201, game
    gid = game["id"]
    spectator = Spectator(c, gid)
    try:
        through = {0: a, 1: b}  # seat 0 plays through server A, seat 1 through B
        rng = random.Random(7)
        steps = 0
        for _ in range(5000):
            s = a.state(gid)
            if s["status"] == "finished":
                break
            kind, new = play_turn(through[s["to_move"]], game, rng)
            steps += kind == "step" and new is not None
        final = until("both servers to agree", lambda: (x := a.state(gid)) == b.state(gid) and x)
        check_intact(final, steps)
        # The third server followed the game and told its spectator every change, to the end.
        until("the spectator to see the end", lambda: spectator.latest == final)
        assert c.state(gid) == final
        assert spectator.versions == sorted(spectator.versions)
    finally:
        spectator.close()


def test_a_computer_seat_is_played_once_with_two_servers(servers: Callable[..., Server]) -> None:
    a, b = servers(), servers()
    status, game = a.request("POST", "/api/games", {"players": 2, "seats": ["human", "greedy"]})
    assert status == 201, game
    gid = game["id"]
    b.state(gid)  # both servers hold the game, and either could play its computer
    rng = random.Random(3)
    step_actions = 0
    for _ in range(5000):
        s = b.state(gid)
        if s["status"] == "finished":
            break
        if s["to_move"] != 0:  # the computer's turn: whichever server holds its lease plays
            time.sleep(0.01)
            continue
        kind, new = play_turn(b, game, rng)
        step_actions += kind == "step" and new is not None
    final = until("both servers to agree", lambda: (x := a.state(gid)) == b.state(gid) and x)
    check_intact(final, step_actions)


def test_kill_9_of_one_server_loses_nothing(servers: Callable[..., Server]) -> None:
    a = servers("--computer-lease", "2")
    b = servers("--computer-lease", "2")
    status, people = a.request("POST", "/api/games", {"players": 2, "seats": ["human", "human"]})
    assert status == 201
    status, computers = a.request("POST", "/api/games", {"players": 4, "seats": ["greedy"] * 4})
    assert status == 201
    rng = random.Random(11)
    acknowledged: list[dict[str, Any]] = []
    while len(acknowledged) < 40:
        _, new = play_turn(a, people, rng)
        if new is not None:
            acknowledged.append(new)
    played = until("the computers to be under way", lambda: (x := a.state(computers["id"]))
                   ["moves"] and x)  # fmt: skip
    os.kill(a.proc.pid, signal.SIGKILL)
    a.proc.wait(30)

    # Everything server A acknowledged is in the store: server B shows it and plays on.
    last = acknowledged[-1]
    assert b.state(people["id"]) == last
    for _ in range(5000):
        if b.state(people["id"])["status"] == "finished":
            break
        play_turn(b, people, rng)
    final = b.state(people["id"])
    assert final["status"] == "finished"
    # Only the state's last moves carry the facts of their steps: compared without them.
    assert plain(final["moves"][: len(last["moves"])]) == plain(last["moves"])
    # The computers' game, left by A mid-play, is taken over by B once A's lease runs out.
    done = until("server B to finish the computers' game",
                 lambda: (x := b.state(computers["id"]))["status"] == "finished" and x)  # fmt: skip
    assert plain(done["moves"][: len(played["moves"])]) == plain(played["moves"])
    check_intact(done, 0)
