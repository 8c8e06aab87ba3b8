"""Computer seats: their plays are chosen away from the referee.

A computer's choice can take seconds of CPU (``search``); made on the
server's own threads it would hold Python's interpreter lock and stall every
other game. :class:`Computers` chooses in a pool of worker processes
instead (``workers`` of them; 0 chooses on a thread of the server, for tests
and tiny servers). Each game asks for at most one play at a time (its seats
take turns), and the pool serves requests in the order they come, so every
game gets its turn in the queue: a game with many slow seats cannot keep the
others waiting longer than one choice each.

A worker gets only the computer level, a seed, the position and the throw,
and answers the play's notation: nothing of the server's state crosses.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from ..bots import make_player
from ..dice import Throw
from ..moves import legal_plays
from ..position import Position

__all__ = ["SIMPLER", "Computers", "choose_play"]

T = TypeVar("T")

#: The level a computer seat is handed to when its own keeps failing.
SIMPLER: dict[str, str] = {
    "learned2": "learned1",
    "learned1": "expectimax",
    "learned": "greedy",
    "search": "expectimax",
    "search84": "expectimax",
    "expectimax": "greedy",
    "greedy": "random",
}


def choose_play(kind: str, seed: int, position: Position, throw: Throw) -> str:
    """The notation of the play a computer of level ``kind`` chooses (in a worker)."""
    plays = legal_plays(position, throw)
    if len(plays) == 1:
        return plays[0].notation
    return make_player(kind, seed=seed).choose(position, throw, plays).notation


def _leave_interrupts() -> None:
    """In a worker: leave Ctrl-C to the server, which stops the workers itself.

    (A terminal's Ctrl-C reaches every process of its group; a worker that took
    it would end its choice with a ``KeyboardInterrupt`` traceback.)
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Computers:
    """Where computer seats choose their plays: ``workers`` processes, or a thread if 0."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = workers
        self._pool: Executor | None = None

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            # Not fork: the server has threads, which a forked child would inherit
            # in whatever state they were.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers, mp_context=context, initializer=_leave_interrupts
            )
        return self._pool

    async def choose(self, kind: str, seed: int, position: Position, throw: Throw) -> str:
        """The notation of the play chosen; a failed worker pool is replaced for next time."""
        pool = self._executor()
        if pool is None:
            return await asyncio.to_thread(choose_play, kind, seed, position, throw)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, choose_play, kind, seed, position, throw)
        except BrokenProcessPool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker (or on a thread without workers): analysis for the pages."""
        pool = self._executor()
        if pool is None:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(pool, fn, *args)
        except BrokenProcessPool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers (a choice under way is abandoned) and wait until they are gone.

        Waiting, rather than leaving the pool to wind down on its own, lets the
        pool's queues be closed before the server exits (no "leaked semaphore"
        warning from the resource tracker).
        """
        pool, self._pool = self._pool, None
        if pool is None:
            return
        workers = list(getattr(pool, "_processes", {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(10)
        pool.shutdown(wait=True)
