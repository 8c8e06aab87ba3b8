"""Measure ``simulate`` on Ray: games per second with 1, 2, ... workers, and the
scheduling overhead of a chunk (the figures of docs/ray.md)::

    python -m pachisi.distributed.bench --workers 1,2 --games 200 --seed 1

It starts its own local cluster (``ray.cluster_utils.Cluster``: a head with
no CPUs and one worker node of one CPU per worker) and stops it at the end,
then prints one JSON object per line:

* ``"kind": "local"``: the same games in this process, one core (games/s);
* ``"kind": "ray"``: per number of workers and chunk size, games/s;
* ``"kind": "overhead"``: per number of workers, the time per chunk of
  chunks that do nothing (the cost of a task: scheduling, the round trip,
  gathering in order), over ``--empty`` chunks;
* ``"kind": "chunk_for_5pct"``: the smallest chunk (in games of this
  match-up) whose overhead is under 5% of its work: ``overhead / (0.05 *
  seconds per game)``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import logging
import math
import time
from collections.abc import Sequence
from typing import Any

from ..rules import Setup
from ..tournament import SimConfig, run_games
from . import connect

__all__ = ["main", "nothing"]


def nothing(shared: None, item: int) -> int:
    """A chunk that does no work (to time the overhead of a task)."""
    return item


def _games_per_second(config: SimConfig, games: int, **kw: Any) -> float:
    t0 = time.perf_counter()
    n = sum(1 for _ in run_games(config, games, **kw))
    return n / (time.perf_counter() - t0)


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
    ray: Any = importlib.import_module("ray")
    cluster_utils: Any = importlib.import_module("ray.cluster_utils")

    bots = tuple(args.players.split(","))
    config = SimConfig(Setup.create(args.ruleset, players=len(bots)), bots, seed=args.seed)
    local = _games_per_second(config, args.games)
    print(json.dumps({"kind": "local", "games": args.games, "games_per_s": round(local, 2)}))
    cluster = cluster_utils.Cluster(
        initialize_head=True,
        connect=False,
        head_node_args={"num_cpus": 0, "include_dashboard": False},
    )
    try:
        nodes = 0
        for workers in (int(w) for w in args.workers.split(",")):
            while nodes < workers:
                cluster.add_node(num_cpus=1)
                nodes += 1
            cluster.wait_for_nodes()
            if not ray.is_initialized():
                ray.init(
                    address=cluster.address, logging_level=logging.WARNING, log_to_driver=False
                )
            while ray.cluster_resources().get("CPU", 0) < workers:
                time.sleep(0.2)
            with connect() as runner:
                list(runner.map(nothing, None, range(4 * workers)))  # start the workers
                t0 = time.perf_counter()
                list(runner.map(nothing, None, range(args.empty)))
                overhead = (time.perf_counter() - t0) / args.empty * workers
                print(
                    json.dumps(
                        {
                            "kind": "overhead",
                            "workers": workers,
                            "ms_per_chunk": round(1000 * overhead, 3),
                        }
                    )
                )
                for chunk in (int(c) for c in args.chunks.split(",")):
                    rate = _games_per_second(config, args.games, backend=runner, chunk=chunk)
                    print(
                        json.dumps(
                            {
                                "kind": "ray",
                                "workers": workers,
                                "chunk": chunk,
                                "games": args.games,
                                "games_per_s": round(rate, 2),
                                "speed_up": round(rate / local, 2),
                            }
                        )
                    )
                print(
                    json.dumps(
                        {
                            "kind": "chunk_for_5pct",
                            "workers": workers,
                            "seconds_per_game": round(1 / local, 5),
                            "games": math.ceil(overhead / (0.05 / local)),
                        }
                    )
                )
    finally:
        ray.shutdown()
        cluster.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
