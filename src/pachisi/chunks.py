"""Seeded work cut into chunks, and what runs the chunks somewhere else.

Everything that runs many games (``pachisi simulate``, the rollouts of
``pachisi analyse``) is a list of *items*, each a pure function of a shared
configuration and the item: a chunk of game indices, a position and a range
of rollout numbers. A :class:`ChunkRunner` applies ``fn(shared, item)`` to
every item, wherever it likes (worker processes, a Ray cluster:
:class:`pachisi.distributed.RayRunner`), and yields the results in the order
of the items, so the results do not depend on where, or how many times, a
chunk ran.

This module is part of the core: standard library only.

>>> list(chunked(range(3, 10), 3))
[(3, 4, 5), (6, 7, 8), (9,)]
>>> runner = InProcess()
>>> list(runner.map(pow, 2, [1, 2, 3]))
[2, 4, 8]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import Protocol, TypeVar

__all__ = ["ChunkRunner", "InProcess", "chunked"]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")


class ChunkRunner(Protocol):
    """Runs ``fn(shared, item)`` for every item and yields the results in item order."""

    @property
    def workers(self) -> int:
        """How many items it runs at once (to size the chunks)."""
        ...

    def map(self, fn: Callable[[S, T], R], shared: S, items: Iterable[T]) -> Iterator[R]:
        """``fn(shared, item)`` for each of ``items``, yielded in the order of ``items``.

        ``fn`` must be a module-level function (it may be sent to another
        machine by reference) and a pure function of its arguments: a chunk
        may be run again after a failure.
        """
        ...


class InProcess:
    """The :class:`ChunkRunner` that runs every chunk here, one after another."""

    @property
    def workers(self) -> int:
        """One."""
        return 1

    def map(self, fn: Callable[[S, T], R], shared: S, items: Iterable[T]) -> Iterator[R]:
        """``fn(shared, item)`` for each item, in order."""
        for item in items:
            yield fn(shared, item)


def chunked(indices: Iterable[int], size: int) -> Iterator[tuple[int, ...]]:
    """``indices`` cut into tuples of ``size`` (the last one shorter)."""
    if size < 1:
        raise ValueError(f"the chunk size must be at least 1, not {size}")
    chunk: list[int] = []
    for i in indices:
        chunk.append(i)
        if len(chunk) == size:
            yield tuple(chunk)
            chunk = []
    if chunk:
        yield tuple(chunk)
