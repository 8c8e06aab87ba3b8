"""Measure ``simulate`` on Ray: games per second with 1, 2, ... workers, and the
scheduling overhead of a chunk (the figures of docs/ray.md)::

    python -m pachisi.distributed.bench --workers 1,2 --games 200 --seed 1

It starts its own local cluster (``ray.cluster_utils.Cluster``: a head with
no CPUs and one worker node of one CPU per worker), on 127.0.0.1 only
(:func:`pachisi.distributed.local.loopback_cluster`; it refuses to start one
elsewhere), and stops it at the end, then prints one JSON object per line:

* ``"kind": "local"``: the same games in this process, one core: games/s,
  and CPU seconds per game;
* ``"kind": "ray"``: per number of workers and chunk size, games/s (wall
  clock) and the CPU seconds per game of this process and every process of
  the cluster together (its head, its nodes' raylets, its workers);
* ``"kind": "overhead"``: per number of workers, the wall time and the CPU
  seconds (all processes) per chunk of chunks that do nothing: the cost of
  a task (scheduling, the round trip, gathering in order), over ``--empty``
  chunks; and the CPUs the cluster's processes use while it does nothing
  (``idle_cluster_cpus``: a cost per second, not per chunk);
* ``"kind": "chunk_for_5pct"``: the smallest chunk (in games of this
  match-up) whose overhead is under 5% of its work, by CPU time:
  ``overhead CPU / (0.05 * CPU per game)``.

CPU seconds are counted because they do not depend on what else the
machine runs; wall-clock games/s do (print ``uptime`` beside them).
"""

from __future__ import annotations

import argparse
import functools
import importlib
import json
import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..errors import PachisiError
from ..rules import Setup
from ..tournament import SimConfig, run_games
from . import connect
from .local import add_node, loopback_cluster

__all__ = ["main", "nothing"]


def nothing(shared: None, item: int) -> int:
    """A chunk that does no work (to time the overhead of a task)."""
    return item


def _cpu_seconds() -> float:
    """CPU seconds (user and system) of this process and all its descendants alive now."""
    tick = os.sysconf("SC_CLK_TCK")
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / tick
    me = os.getpid()
    total = 0.0
    for pid, cpu in used.items():
        p = pid
        while p > 1 and p != me:
            p = parent.get(p, 0)
        if p == me:
            total += cpu
    return total


def _measure(config: SimConfig, games: int, **kw: Any) -> tuple[float, float]:
    """Games per second (wall clock) and CPU seconds per game (all processes)."""
    c0, t0 = _cpu_seconds(), time.perf_counter()
    n = sum(1 for _ in run_games(config, games, **kw))
    return n / (time.perf_counter() - t0), (_cpu_seconds() - c0) / n


def main(argv: Sequence[str] | None = None) -> int:
    """Run the measurements; JSON lines on standard output."""
    parser = argparse.ArgumentParser(prog="python -m pachisi.distributed.bench")
    parser.add_argument("--workers", default="1,2", help="worker counts, e.g. 1,2")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--chunks", default="1,8,32", help="games per chunk to time")
    parser.add_argument("--players", default="greedy,random")
    parser.add_argument("--ruleset", default="parcheesi")
    parser.add_argument("--empty", type=int, default=400, help="empty chunks for the overhead")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    emit = functools.partial(print, flush=True)
    ray: Any = importlib.import_module("ray")

    bots = tuple(args.players.split(","))
    config = SimConfig(Setup.create(args.ruleset, players=len(bots)), bots, seed=args.seed)
    local, local_cpu = _measure(config, args.games)
    emit(
        json.dumps(
            {
                "kind": "local",
                "games": args.games,
                "games_per_s": round(local, 2),
                "cpu_s_per_game": round(local_cpu, 5),
            }
        )
    )
    try:
        with loopback_cluster(worker_nodes=0) as cluster:
            nodes = 0
            for workers in (int(w) for w in args.workers.split(",")):
                while nodes < workers:
                    add_node(cluster)
                    nodes += 1
                cluster.wait_for_nodes()
                while ray.cluster_resources().get("CPU", 0) < workers:
                    time.sleep(0.2)
                with connect() as runner:
                    list(runner.map(nothing, None, range(4 * workers)))  # start the workers
                    c0, t0 = _cpu_seconds(), time.perf_counter()
                    time.sleep(3)
                    idle = (_cpu_seconds() - c0) / (time.perf_counter() - t0)
                    c0, t0 = _cpu_seconds(), time.perf_counter()
                    list(runner.map(nothing, None, range(args.empty)))
                    wall = (time.perf_counter() - t0) / args.empty
                    overhead = (_cpu_seconds() - c0) / args.empty
                    emit(
                        json.dumps(
                            {
                                "kind": "overhead",
                                "workers": workers,
                                "wall_ms_per_chunk": round(1000 * wall, 3),
                                "cpu_ms_per_chunk": round(1000 * overhead, 3),
                                "idle_cluster_cpus": round(idle, 3),
                            }
                        )
                    )
                    for chunk in (int(c) for c in args.chunks.split(",")):
                        rate, cpu = _measure(config, args.games, backend=runner, chunk=chunk)
                        emit(
                            json.dumps(
                                {
                                    "kind": "ray",
                                    "workers": workers,
                                    "chunk": chunk,
                                    "games": args.games,
                                    "games_per_s": round(rate, 2),
                                    "speed_up": round(rate / local, 2),
                                    "cpu_s_per_game": round(cpu, 5),
                                }
                            )
                        )
                    emit(
                        json.dumps(
                            {
                                "kind": "chunk_for_5pct",
                                "workers": workers,
                                "cpu_s_per_game": round(local_cpu, 5),
                                "games": math.ceil(overhead / (0.05 * local_cpu)),
                            }
                        )
                    )
    except PachisiError as exc:
        print(f"pachisi: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
