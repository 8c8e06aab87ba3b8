"""Seeded chunks of work on a Ray cluster (the optional extra ``ray``).

``pachisi simulate ... --ray [ADDRESS]`` and ``pachisi analyse ... --ray
[ADDRESS]`` cut their work into chunks (game indices; a position and a range
of rollout numbers), run each chunk as a Ray task and gather the results in
order. Every chunk is a pure function of the run's configuration and the
chunk, built on the per-game and per-rollout seeds the project already
derives, so the results for a seed are the same as a local run's whatever
the number of nodes, workers or retries:

* a worker process or node that dies has its chunks run again (Ray's task
  retries, ``retries`` times), with the same results;
* a run stopped on the driver (Ctrl-C) cancels what is still queued;
  ``pachisi simulate --log`` keeps the finished games and resumes from them.

:class:`RayRunner` is a :class:`pachisi.chunks.ChunkRunner`: anything written
for one (``pachisi.tournament.run_games(..., backend=)``,
``pachisi.analysis.RolloutRunner(..., backend=)``, a training command's
self-play games) runs on the cluster unchanged. See ``docs/ray.md``.

Ray is imported only by :func:`connect`; nothing else in the project needs it.
"""

from __future__ import annotations

import logging
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from ..errors import PachisiError
from ..extras import install_hint

__all__ = ["DEFAULT_RETRIES", "RayRunner", "connect"]

S = TypeVar("S")
T = TypeVar("T")
R = TypeVar("R")

#: How many times a chunk is run again after its worker process or node died.
DEFAULT_RETRIES = 5


def _apply(fn: Callable[[S, T], R], shared: S, item: T) -> R:
    """The Ray task: one chunk."""
    return fn(shared, item)


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise PachisiError(f"--ray needs Ray: {install_hint('ray')}") from None
    return ray


class RayRunner:
    """Runs chunks as Ray tasks on a cluster this process is connected to.

    Use :func:`connect` to make one, and :meth:`close` (or ``with``) when
    done. At most ``window`` chunks are queued at once (default: four per
    CPU of the cluster), so a stopped run leaves little queued work behind.
    """

    def __init__(
        self, ray: Any, owns_connection: bool, retries: int = DEFAULT_RETRIES, window: int = 0
    ) -> None:
        if retries < 0:
            raise ValueError("retries must not be negative")
        self._ray = ray
        self._owns = owns_connection
        self.retries = retries
        cpus = int(ray.cluster_resources().get("CPU", 0))
        self._workers = max(1, cpus)
        self.window = window or 4 * self._workers
        self._task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=False)(_apply)

    def __enter__(self) -> RayRunner:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def workers(self) -> int:
        """The CPUs of the cluster when connected (chunks run one per CPU)."""
        return self._workers

    def close(self) -> None:
        """Disconnect from the cluster, if :func:`connect` connected this process."""
        if self._owns and self._ray.is_initialized():
            self._ray.shutdown()
        self._owns = False

    def map(self, fn: Callable[[S, T], R], shared: S, items: Iterable[T]) -> Iterator[R]:
        """Run ``fn(shared, item)`` for every item as a Ray task; results in item order.

        ``shared`` is put in the object store once. Exceptions raised by
        ``fn`` come back as they are (never retried: a chunk is a pure
        function, so it would fail again); a chunk whose worker died more
        than ``retries`` times, or a worker that cannot import ``pachisi``,
        is a one-line :class:`~pachisi.errors.PachisiError`.
        """
        ray = self._ray
        shared_ref = ray.put(shared)
        pending: deque[Any] = deque()
        items = iter(items)
        try:
            for item in items:
                pending.append(self._task.remote(fn, shared_ref, item))
                if len(pending) >= self.window:
                    break
            while pending:
                result = self._get(pending.popleft())
                for item in items:
                    pending.append(self._task.remote(fn, shared_ref, item))
                    break
                yield result
        finally:
            # A stopped run (an error, Ctrl-C) leaves its queued chunks. On a connection
            # this runner owns, close() shuts Ray down next, which ends the job's tasks;
            # ray.cancel would race the replies of chunks finishing at that moment, and
            # Ray (2.60 still) then stops the whole process on a failed internal check in
            # its task manager (ray-project/ray#54738; seen once in our CI as exit 1
            # after Ctrl-C). So only a connection the caller owns gets its chunks
            # cancelled here.
            if not self._owns:
                for ref in pending:
                    ray.cancel(ref)

    def _get(self, ref: Any) -> Any:
        ray = self._ray
        exceptions = ray.exceptions
        try:
            return ray.get(ref)
        except exceptions.RayTaskError as exc:
            cause = exc.cause if isinstance(exc.cause, BaseException) else None
            if isinstance(cause, ModuleNotFoundError) and (cause.name or "").startswith("pachisi"):
                raise PachisiError(
                    "a Ray worker cannot import pachisi: install the same pachisi on every node"
                ) from None
            if cause is not None:
                raise cause from None
            raise
        except (exceptions.WorkerCrashedError, exceptions.NodeDiedError) as exc:
            raise PachisiError(
                f"a chunk's Ray worker died {self.retries + 1} times: {_one_line(exc)}"
            ) from None
        except exceptions.RaySystemError as exc:
            raise PachisiError(f"Ray failed: {_one_line(exc)}") from None


def add_ray_option(parser: Any, what: str, after: str, same: str) -> None:
    """Add the ``--ray [ADDRESS]`` option of ``simulate``, ``analyse`` and ``train``.

    ``what`` is the work sent to the cluster ("the games"), ``after`` the
    positional argument it must follow ("RULESET"), ``same`` what stays as in
    a local run ("the results are the same").
    """
    parser.add_argument(
        "--ray",
        nargs="?",
        const="",
        default=None,
        metavar="ADDRESS",
        help=f"play {what} on a Ray cluster (needs the ray extra; put it after {after}):"
        " ADDRESS as `ray start --head` printed it, or none for $RAY_ADDRESS, a cluster"
        f" started on this machine, or a new Ray on this machine; {same}",
    )


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split())
    return text[:200] or exc.__class__.__name__


def _probe(address: str, timeout: float = 10.0) -> None:
    """A one-line error now if nothing listens at ``address`` (``ray.init`` would
    wait for minutes, retrying).

    >>> _probe("no-port-here")
    Traceback (most recent call last):
    ...
    pachisi.errors.PachisiError: --ray takes HOST:PORT or ray://HOST:PORT, not 'no-port-here'
    """
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise PachisiError(f"--ray takes HOST:PORT or ray://HOST:PORT, not {address!r}")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        reason = exc.strerror or exc.__class__.__name__
        raise PachisiError(f"cannot connect to the Ray cluster at {address}: {reason}") from None


def connect(address: str | None = None, retries: int = DEFAULT_RETRIES) -> RayRunner:
    """A :class:`RayRunner` on the cluster at ``address``.

    ``address`` is what ``ray start --head`` printed (``HOST:6379``), a Ray
    Client address (``ray://HOST:10001``), or ``None``/``""``: Ray's own
    choice (``$RAY_ADDRESS``, else a cluster started with ``ray start`` on
    this machine, else a new single-machine Ray with every core). A process
    already connected (``ray.init`` called) keeps its connection and
    :meth:`RayRunner.close` leaves it open.
    """
    ray = _import_ray()
    if address and address not in ("auto", "local"):
        _probe(address)
    if ray.is_initialized():
        return RayRunner(ray, owns_connection=False, retries=retries)
    try:
        ray.init(
            address=address or None,
            logging_level=logging.WARNING,
            log_to_driver=False,
            configure_logging=True,
        )
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = f"at {address}" if address else "(no address given)"
        raise PachisiError(f"cannot connect to the Ray cluster {where}: {_one_line(exc)}") from None
    return RayRunner(ray, owns_connection=True, retries=retries)
