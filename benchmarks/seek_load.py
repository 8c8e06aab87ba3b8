"""Load test of finding a game: many seekers at once on two ``pachisi serve`` processes.

What it does (loopback only, bounded in time):

1. Starts a throwaway PostgreSQL cluster (``tests/web_db.py``) unless
   ``--db URL`` names a database, and two server processes on it
   (``python -m pachisi serve`` on free ports of 127.0.0.1, ``--seeks-per-minute 0``
   since every seeker comes from the same address).
2. Makes ``--seekers`` browsers (each its own cookies and CSRF token, from
   ``GET /api/account``), half on each server, and once every one is ready
   (a barrier) each posts one seek at the same moment (``--players``-player
   ``--ruleset``, casual, no timer).
3. Each seeker then asks for its seek's status every ``--poll`` seconds until
   it is paired (the lobby page is told the same by its WebSocket; polling
   keeps the client simple). The **pairing latency** of a seeker is the time
   from just before its ``POST /api/seeks`` to the answer that says it is
   paired (in the POST's own answer when its seek completed a game at once).
4. Checks that every seek was paired exactly once: each game has exactly
   ``--players`` seekers, with seats 0 to ``players - 1``.

It prints the latencies (median, 90th and 99th percentiles, largest), the
error answers by code, the seeks never paired within ``--deadline`` seconds,
and the games made. Exit status 0 if every seek was paired exactly once with
no error, 1 otherwise, 2 if a server does not start. No time is judged: the
numbers are printed.

Usage (from the repository root)::

    .venv/bin/python benchmarks/seek_load.py --seekers 200
    .venv/bin/python benchmarks/seek_load.py --seekers 200 --json seeks.json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seekers", type=int, default=200, help="seekers at once (200)")
    p.add_argument("--players", type=int, default=2, help="players a game (2)")
    p.add_argument("--ruleset", default="parcheesi", help="ruleset sought (parcheesi)")
    p.add_argument("--poll", type=float, default=0.5, help="seconds between status asks (0.5)")
    p.add_argument("--deadline", type=float, default=120.0, help="seconds the run may last (120)")
    p.add_argument("--db", default=None, help="a PostgreSQL URL (default: a throwaway cluster)")
    p.add_argument("--json", metavar="FILE", default=None, help="also write the results as JSON")
    args = p.parse_args(argv)
    if args.seekers < 2 or args.seekers % args.players:
        p.error("--seekers is a multiple of --players")
    return args


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """The database to use: the one given, or one on a throwaway cluster."""
    if url:
        yield url
        return
    from web_db import postgres_cluster  # type: ignore[import-not-found]

    with postgres_cluster() as server:
        yield server


def free_port() -> int:
    """A free TCP port of 127.0.0.1."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    """One server process on a free loopback port; its process and address."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "pachisi", "serve", "--port", str(port), "--db", db,
             "--computer-workers", "0", "--seeks-per-minute", "0", "--max-websockets", "0"],
            stdout=out, stderr=subprocess.STDOUT, env=env,
        )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise SystemExit(f"the server stopped: {log.read_text(errors='replace')[-2000:]}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(url + "/api/seeks", timeout=2).status_code == 200:
                return proc, url
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("the server did not answer within 60 s")


async def seeker(
    url: str, args: argparse.Namespace, ready: list[int], go: asyncio.Event, out: dict[str, Any]
) -> None:
    """One browser: prepare, wait for ``go`` (every seeker ready), post a seek, poll until
    paired."""
    # A new connection per request: a kept-alive one may be closed by the server just as
    # it is reused (an error of the client's, not the server's).
    fresh = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=fresh) as client:
        csrf = (await client.get("/api/account")).json()["csrf"]
        ready[0] += 1
        if ready[0] == args.seekers:
            go.set()
        await go.wait()
        spec = {"ruleset": args.ruleset, "players": args.players}
        started = time.perf_counter()
        answer = await client.post("/api/seeks", json=spec, headers={"x-csrf-token": csrf})
        if answer.status_code != 201:
            out["error"] = answer.json().get("error", {}).get("code", str(answer.status_code))
            return
        body = answer.json()
        out["id"] = body["id"]
        headers = {"x-seek-key": body["secret"]}
        end = started + args.deadline
        while body["status"] == "open" and time.perf_counter() < end:
            await asyncio.sleep(args.poll)
            polled = await client.get(f"/api/seeks/{out['id']}", headers=headers)
            if polled.status_code != 200:
                out["error"] = polled.json().get("error", {}).get("code", str(polled.status_code))
                return
            body = polled.json()
        out["status"] = body["status"]
        if body["status"] == "paired":
            out["latency"] = time.perf_counter() - started
            out["game"], out["seat"] = body["game"], body["seat"]


async def run(urls: list[str], args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every seeker at once; their outcomes."""
    go, ready = asyncio.Event(), [0]
    outs: list[dict[str, Any]] = [{"server": i % len(urls)} for i in range(args.seekers)]
    tasks = [
        asyncio.create_task(seeker(urls[i % len(urls)], args, ready, go, outs[i]))
        for i in range(args.seekers)
    ]
    done, pending = await asyncio.wait(tasks, timeout=2 * args.deadline)
    for task in pending:
        task.cancel()
    for task in done:
        if task.exception() is not None:
            outs[tasks.index(task)]["error"] = type(task.exception()).__name__
    return outs


def report(outs: list[dict[str, Any]], args: argparse.Namespace, wall: float) -> dict[str, Any]:
    """The figures, and whether every seek was paired exactly once."""
    latencies = sorted(o["latency"] for o in outs if "latency" in o)
    errors = Counter(o["error"] for o in outs if "error" in o)
    unpaired = sum(1 for o in outs if "latency" not in o and "error" not in o)
    games: dict[str, list[int]] = {}
    for o in outs:
        if "game" in o:
            games.setdefault(o["game"], []).append(o["seat"])
    bad_games = [g for g, seats in games.items() if sorted(seats) != list(range(args.players))]

    def pct(q: float) -> float | None:
        if not latencies:
            return None
        return float(latencies[min(len(latencies) - 1, round(q * (len(latencies) - 1)))])

    return {
        "seekers": args.seekers,
        "players": args.players,
        "servers": 2,
        "paired": len(latencies),
        "games": len(games),
        "games_not_one_seat_each": len(bad_games),
        "unpaired": unpaired,
        "errors": dict(errors),
        "latency_s": {
            "median": statistics.median(latencies) if latencies else None,
            "p90": pct(0.9),
            "p99": pct(0.99),
            "max": latencies[-1] if latencies else None,
        },
        "wall_s": wall,
        "ok": not errors
        and not unpaired
        and not bad_games
        and len(games) == args.seekers // args.players,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the load test; 0 if every seek was paired exactly once without error."""
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp, database(args.db) as db:
        procs = []
        try:
            for i in range(2):
                procs.append(start_server(db, Path(tmp) / f"server{i}.log"))
            started = time.perf_counter()
            outs = asyncio.run(run([url for _, url in procs], args))
            result = report(outs, args, time.perf_counter() - started)
        finally:
            for proc, _ in procs:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(30)
                if proc.poll() is None:
                    proc.kill()
    lat = result["latency_s"]

    def ms(x: float | None) -> str:
        return "-" if x is None else f"{1000 * x:.0f} ms"

    print(f"{result['seekers']} seekers on 2 servers, {result['players']}-player games")
    print(f"paired: {result['paired']}, games: {result['games']}, "
          f"unpaired: {result['unpaired']}, errors: {result['errors'] or 'none'}, "
          f"games not one seat each: {result['games_not_one_seat_each']}")  # fmt: skip
    print(f"pairing latency: median {ms(lat['median'])}, p90 {ms(lat['p90'])}, "
          f"p99 {ms(lat['p99'])}, max {ms(lat['max'])}")  # fmt: skip
    print(f"whole run {result['wall_s']:.1f} s")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
