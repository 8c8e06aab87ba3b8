"""Memory a finished game costs the server while it is held (docs/web.md, *Computer seats*).

Plays ``--games`` games of ``random`` computers to the end on one
:class:`pachisi.web.hub.Hub` (a fresh SQLite file, computers on a thread,
no pause), with every game still held in memory, and prints what they cost:

* the server's resident memory (``VmRSS``) after the games, less before
  them (one game played first, so that imports and caches are counted
  before), per game: what the operating system sees, allocator slack
  included;
* the same after ``malloc_trim`` (glibc gives its free memory back): how
  much of the growth is the allocator's slack rather than held memory;
* with ``--trace``, ``tracemalloc``: the Python memory the held rooms take
  (traced memory with the rooms held, less the same after they are let
  go), per game (tracing makes the run several times slower);
* what the largest parts of one room are (its positions and plays, its
  cached state text).

Numbers are printed, never asserted::

    python benchmarks/memory_per_game.py --games 200 --players 2
    python benchmarks/memory_per_game.py --games 100 --players 4
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import pickle
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    """The options (see the module docstring)."""
    p = argparse.ArgumentParser(description="Memory a finished game costs the web server.")
    p.add_argument("--games", type=int, default=200, help="games played and held (200)")
    p.add_argument("--players", type=int, default=2, help="players per Parcheesi game (2)")
    p.add_argument("--seed", type=int, default=1, help="seed of the dice (1)")
    p.add_argument("--trace", action="store_true", help="also measure with tracemalloc")
    return p.parse_args(argv)


def rss_mb() -> float:
    """This process's resident memory, in MB (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def malloc_trim() -> float | None:
    """Give glibc's free memory back to the system; the resident memory after (MB)."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        ctypes.CDLL(name).malloc_trim(0)
    except (OSError, AttributeError):
        return None
    return rss_mb()


async def play(games: int, players: int, seed: int, db: str, trace: bool) -> None:
    """Play the games, then measure."""
    from pachisi.web.computers import Computers
    from pachisi.web.hub import Hub
    from pachisi.web.store import Store

    store = Store(db)
    store.migrate()
    hub = Hub(store, bot_delay=0, rng=random.Random(seed), computers=Computers(0),
              max_rooms=games + 10, max_finished=games + 10, tick=0,
              sync_interval=0)  # fmt: skip
    await hub.start()
    spec = {"ruleset": "parcheesi", "players": players, "seats": ["random"] * players}
    first, _keys = await hub.create(dict(spec))  # imports and caches, before measuring
    while first.status != "finished":
        await asyncio.sleep(0.05)
    del hub.rooms[first.id]
    del first
    gc.collect()
    if trace:
        tracemalloc.start()
    before = rss_mb()
    began = time.monotonic()
    rooms = []
    for _ in range(games):
        room, _keys = await hub.create(dict(spec))
        rooms.append(room)
        while len([r for r in rooms if r.status != "finished"]) >= 8:
            await asyncio.sleep(0.01)
    while any(r.status != "finished" for r in rooms):
        await asyncio.sleep(0.05)
    throws = sum(len(r.game.history) for r in rooms)
    print(f"{games} games of {players} players played in {time.monotonic() - began:.0f} s "
          f"({throws:,} throws, {throws / games:.0f} a game)")  # fmt: skip
    ids = [r.id for r in rooms]
    del rooms, room
    await asyncio.sleep(0.2)  # the computer tasks end
    gc.collect()
    after = rss_mb()
    print(f"resident memory {before:.0f} MB -> {after:.0f} MB: "
          f"{(after - before) / games:.3f} MB a finished game")  # fmt: skip
    trimmed = malloc_trim()
    if trimmed is not None:
        print(f"after malloc_trim (free memory given back to the system): {trimmed:.0f} MB: "
              f"{(trimmed - before) / games:.3f} MB a finished game")  # fmt: skip
    held = tracemalloc.get_traced_memory()[0]
    one = hub.rooms[ids[0]]
    history = len(pickle.dumps(one.game.history))
    state = len(one.state_text())
    for game_id in ids:
        del hub.rooms[game_id]
    del one
    gc.collect()
    freed = held - tracemalloc.get_traced_memory()[0]
    if trace:
        print(f"held rooms (tracemalloc): {freed / games / 1e6:.3f} MB a finished game")
    print(f"one room: positions and plays {history / 1e3:.1f} kB pickled, state text "
          f"{state / 1e3:.1f} kB")  # fmt: skip
    await hub.close()
    store.dispose()


def main(argv: list[str] | None = None) -> int:
    """Run (see the module docstring)."""
    args = parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'm.db'}"
        asyncio.run(play(args.games, args.players, args.seed, db, args.trace))
    return 0


if __name__ == "__main__":
    sys.exit(main())
