"""A rated game is rated exactly once with two server processes on PostgreSQL, whatever
happens: ``kill -9`` of the process writing the game's end in the middle of its
transaction, both processes ending the game at the same moment, a restart.

Real ``pachisi serve`` processes on loopback, on a database of the session's
throwaway cluster (tests/web_db.py). To stop a process *inside* the transaction
that ends a game, the test holds a lock on the ``ratings`` table: the server's
rating write waits on it (PostgreSQL shows the wait in ``pg_stat_activity``),
the process is killed, and only then is the lock let go. No timing guesses.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa

from test_web_scale import Server, until


@pytest.fixture
def servers(pg_db_url: str, tmp_path: Path) -> Iterator[Callable[[], Server]]:
    started: list[Server] = []

    def start() -> Server:
        s = Server(pg_db_url, tmp_path / f"server{len(started)}.log")
        started.append(s)
        s.wait_ready()
        return s

    try:
        yield start
    finally:
        for s in started:
            if s.proc.poll() is None:
                s.stop()


class Player:
    """A browser: one cookie jar, used with any server (cookies ignore the port)."""

    def __init__(self) -> None:
        self.http = httpx.Client(timeout=60)

    def csrf(self, server: Server) -> dict[str, str]:
        return {"x-csrf-token": self.http.get(server.url + "/api/account").json()["csrf"]}

    def post(self, server: Server, path: str, body: object = None) -> httpx.Response:
        return self.http.post(server.url + path, json=body, headers=self.csrf(server))

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def pair() -> Iterator[tuple[Player, Player]]:
    a, b = Player(), Player()
    try:
        yield a, b
    finally:
        a.close()
        b.close()


def rated_game(server: Server, asha: Player, ravi: Player) -> tuple[str, list[str]]:
    spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"], "rated": True}
    r = asha.post(server, "/api/games", spec)
    assert r.status_code == 201, r.text
    game = r.json()
    keys = [k["key"] for k in sorted(game["keys"], key=lambda k: k["seat"])]
    for player, k in ((asha, keys[0]), (ravi, keys[1])):
        r = player.post(server, f"/api/games/{game['id']}/sit", {"key": k})
        assert r.status_code == 200, r.text
    return game["id"], keys


def facts(url: str, gid: str) -> dict[str, Any]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            status = conn.execute(
                sa.text("SELECT status FROM games WHERE id = :g"), {"g": gid}
            ).scalar_one()
            rows = conn.execute(
                sa.text("SELECT count(*) FROM rating_history WHERE game_id = :g"), {"g": gid}
            ).scalar_one()
            rated_at = conn.execute(
                sa.text("SELECT rated_at FROM rated_games WHERE game_id = :g"), {"g": gid}
            ).scalar_one()
            games = conn.execute(sa.text("SELECT games FROM ratings ORDER BY account_id")).all()
    finally:
        engine.dispose()
    return {
        "status": status,
        "history": rows,
        "rated": rated_at is not None,
        "games": [g for (g,) in games],
    }


def test_kill_9_inside_the_ending_transaction_then_the_other_process_rates_once(
    servers: Callable[[], Server], pair: tuple[Player, Player], pg_db_url: str
) -> None:
    a, b = servers(), servers()
    asha, ravi = pair
    asha.post(a, "/api/account/signup", {"name": "Asha", "password": "correct horse"})
    ravi.post(b, "/api/account/signup", {"name": "Ravi", "password": "correct horse"})
    gid, keys = rated_game(a, asha, ravi)

    blocker = sa.create_engine(pg_db_url)
    conn = blocker.connect()
    outcome: dict[str, Any] = {}
    try:
        tx = conn.begin()
        conn.execute(sa.text("LOCK TABLE ratings IN EXCLUSIVE MODE"))

        def resign_on_a() -> None:
            try:
                outcome["answer"] = ravi.post(
                    a, f"/api/games/{gid}/seat", {"key": keys[1], "type": "resign"}
                ).status_code
            except httpx.HTTPError as exc:
                outcome["error"] = exc

        thread = threading.Thread(target=resign_on_a)
        thread.start()
        # Server A is inside the transaction that ends the game: the game row is
        # written, the rating write waits for our lock.
        waiting = sa.text(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND query ILIKE '%ratings%' AND pid <> pg_backend_pid()"
        )
        with blocker.connect() as look:

            def blocked() -> int:
                n = int(look.execute(waiting).scalar_one())
                look.commit()  # pg_stat_activity is read once per transaction
                return n

            until("server A to wait on the ratings lock", blocked)
        a.proc.kill()  # SIGKILL
        a.proc.wait(30)
        thread.join(60)
        assert "error" in outcome and "answer" not in outcome
        tx.rollback()
    finally:
        conn.close()
        blocker.dispose()

    # Nothing of that change was stored: still playing, not rated.
    before = until(
        "A's transaction to be rolled back",
        lambda: (f := facts(pg_db_url, gid))["status"] == "playing" and f["history"] == 0 and f,
    )
    assert before["rated"] is False and before["games"] in ([], [0, 0])

    # The game goes on through B: Ravi resigns there, and it is rated once.
    r = ravi.post(b, f"/api/games/{gid}/seat", {"key": keys[1], "type": "resign"})
    assert r.status_code == 200, r.text
    after = facts(pg_db_url, gid)
    assert after == {"status": "finished", "history": 2, "rated": True, "games": [1, 1]}

    # A restarted server (and B again) cannot end or rate it a second time.
    a2 = servers()
    for server in (a2, b):
        r = asha.post(server, f"/api/games/{gid}/seat", {"key": keys[0], "type": "resign"})
        assert r.status_code == 409, r.text
    assert facts(pg_db_url, gid) == after


def test_kill_9_after_the_end_is_stored_rates_once(
    servers: Callable[[], Server], pair: tuple[Player, Player], pg_db_url: str
) -> None:
    a, b = servers(), servers()
    asha, ravi = pair
    asha.post(a, "/api/account/signup", {"name": "Asha", "password": "correct horse"})
    ravi.post(b, "/api/account/signup", {"name": "Ravi", "password": "correct horse"})
    gid, keys = rated_game(a, asha, ravi)
    r = ravi.post(b, f"/api/games/{gid}/seat", {"key": keys[1], "type": "resign"})
    assert r.status_code == 200
    b.proc.kill()
    b.proc.wait(30)
    b2 = servers()
    for server in (a, b2):
        r = ravi.post(server, f"/api/games/{gid}/seat", {"key": keys[1], "type": "resign"})
        assert r.status_code == 409
    assert facts(pg_db_url, gid) == {
        "status": "finished",
        "history": 2,
        "rated": True,
        "games": [1, 1],
    }


def test_both_processes_ending_the_game_at_once_rate_it_once(
    servers: Callable[[], Server], pair: tuple[Player, Player], pg_db_url: str
) -> None:
    a, b = servers(), servers()
    asha, ravi = pair
    asha.post(a, "/api/account/signup", {"name": "Asha", "password": "correct horse"})
    ravi.post(b, "/api/account/signup", {"name": "Ravi", "password": "correct horse"})
    answers: list[int] = []
    for n in range(4):
        gid, keys = rated_game(a, asha, ravi)
        # Both players resign at the same moment, through different servers.
        go = threading.Barrier(2)

        def resign(player: Player, server: Server, k: str, gid: str = gid, go: Any = go) -> None:
            go.wait()
            answers.append(
                player.post(server, f"/api/games/{gid}/seat", {"key": k, "type": "resign"})
                .status_code
            )  # fmt: skip

        threads = [
            threading.Thread(target=resign, args=(asha, a, keys[0])),
            threading.Thread(target=resign, args=(ravi, b, keys[1])),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        f = facts(pg_db_url, gid)
        assert (f["status"], f["history"], f["rated"]) == ("finished", 2, True)
        assert f["games"] == [n + 1, n + 1]
    # One resignation of each game won; the other was refused (over, or stale).
    assert sorted(answers).count(200) == 4
    assert all(code in (200, 409) for code in answers)
