"""Two ``pachisi serve`` processes pairing the same seeks on one PostgreSQL database.

Each seek must be paired exactly once, into exactly one game with one seat
of its own, however the two processes' pairing transactions interleave
(``FOR UPDATE SKIP LOCKED``, docs/web.md "Finding a game"). Real server
processes on loopback; every wait has a deadline.
"""

from __future__ import annotations

import http.cookiejar
import json
import secrets
import threading
import urllib.error
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import sqlalchemy as sa

from pachisi.web import seeks as seekstore
from pachisi.web.store import Store, games, throws
from test_web_scale import Server, servers, until

__all__ = ["servers"]  # the fixture, used by name


class Seeker:
    """One browser: its own cookies and CSRF token, on one server."""

    def __init__(self, server: Server) -> None:
        self.url = server.url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.csrf = self.call("GET", "/api/account")[1]["csrf"]

    def call(self, method: str, path: str, body: object = None, **headers: str) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.url + path, data, method=method)
        req.add_header("content-type", "application/json")
        if method != "GET" and hasattr(self, "csrf"):
            req.add_header("x-csrf-token", self.csrf)
        for name, value in headers.items():
            req.add_header(name, value)
        try:
            with self.opener.open(req, timeout=60) as r:
                return r.status, json.load(r)
        except urllib.error.HTTPError as exc:
            return exc.code, json.load(exc)


def check_pairing(url: str, expected_games: int) -> None:
    """Every seek paired once, each game with one seek a seat, the seats' keys the seeks'."""
    store = Store(url)
    try:
        with store.engine.connect() as conn:
            rows = list(conn.execute(sa.select(seekstore.seeks)))
            stored = {g.id: g for g in conn.execute(sa.select(games))}
            thrown = Counter(r.game_id for r in conn.execute(sa.select(throws.c.game_id)))
    finally:
        store.dispose()
    assert Counter(r.status for r in rows) == {"paired": len(rows)}
    by_game: dict[str, list[Any]] = defaultdict(list)
    for r in rows:
        by_game[r.game_id].append(r)
    assert len(by_game) == expected_games
    assert set(by_game) <= set(stored)
    for game_id, members in by_game.items():
        players = members[0].players
        assert sorted(r.seat for r in members) == list(range(players)), game_id
        assert len({r.match for r in members}) == 1
        seats = json.loads(stored[game_id].seats)
        assert len(seats) == players
        for r in members:
            assert seats[r.seat]["key_hash"] == r.key_hash
        assert thrown[game_id] >= 1  # the first throw was stored with the game


def test_two_servers_pair_the_same_open_seeks_each_once(
    servers: Callable[..., Server], pg_db_url: str
) -> None:
    a, b = servers(), servers()
    # 200 seeks appear at once (one transaction) for both servers' pairing loops.
    now = datetime.now(UTC)
    kinds = [("parcheesi", 2, False)] * 100 + [("whitman", 3, False)] * 60
    kinds += [("parcheesi", 4, True)] * 40
    store = Store(pg_db_url)
    try:
        with store.engine.begin() as conn:
            for i, (ruleset, players, teams) in enumerate(kinds):
                spec = seekstore.SeekSpec(ruleset, players, teams, False, None, None, "greedy")
                conn.execute(
                    seekstore.seeks.insert().values(
                        id=f"s{i:04d}", created_at=now + timedelta(microseconds=i),
                        alive_until=now + timedelta(minutes=10), status="open",
                        ruleset=ruleset, players=players, teams=teams, rated=False,
                        clock=None, match=spec.match, fill_after=None, fill_level="greedy",
                        owner=f"owner{i}", account_id=None, name=f"P{i}",
                        key_hash=seekstore.seek_hash(secrets.token_urlsafe(16)),
                    )
                )  # fmt: skip
    finally:
        store.dispose()

    def none_open() -> bool:
        return a.get("/api/seeks")["seeks"] == [] and b.get("/api/seeks")["seeks"] == []

    until("every seek to be paired", none_open)
    check_pairing(pg_db_url, 50 + 20 + 10)
    for s in (a, b):
        assert s.proc.poll() is None
        assert "Traceback" not in s.log.read_text(errors="replace")


def test_seekers_posting_at_once_to_two_servers_are_each_paired_once(
    servers: Callable[..., Server], pg_db_url: str
) -> None:
    both = [servers("--seeks-per-minute", "0"), servers("--seeks-per-minute", "0")]
    seekers = [Seeker(both[i % 2]) for i in range(80)]
    answers: list[tuple[int, Any]] = [(0, None)] * len(seekers)
    go = threading.Barrier(len(seekers))

    def post(i: int) -> None:
        go.wait()
        answers[i] = seekers[i].call("POST", "/api/seeks", {"ruleset": "pagade", "players": 2})

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(seekers))]
    for th in threads:
        th.start()
    for th in threads:
        th.join(120)
    assert all(code == 201 for code, _ in answers), [a for a in answers if a[0] != 201][:3]

    def learned() -> list[dict[str, Any]] | None:
        got = []
        for s, (_, answer) in zip(seekers, answers, strict=True):
            code, now = s.call(
                "GET", f"/api/seeks/{answer['id']}", **{"x-seek-key": answer["secret"]}
            )
            assert code == 200, now
            if now["status"] != "paired":
                return None
            got.append(now)
        return got

    final = until("every seeker to learn its game", learned)
    games_of = Counter(s["game"] for s in final)
    assert len(games_of) == 40 and set(games_of.values()) == {2}
    for game, _ in games_of.items():
        seats = sorted(s["seat"] for s in final if s["game"] == game)
        assert seats == [0, 1]
    check_pairing(pg_db_url, 40)
    # Each seeker's key plays its seat: the state of every game names both seekers' seats.
    state = both[0].state(final[0]["game"])
    assert [s["kind"] for s in state["seats"]] == ["human", "human"]
