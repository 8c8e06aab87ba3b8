"""RayRunner.map's clean-up when a run stops early, with a stand-in for Ray (no cluster).

A stopped run (an error, Ctrl-C) leaves queued chunks. Where the runner owns
the connection, close() shuts Ray down next, and ``ray.cancel`` is not called:
it races the replies of chunks finishing at that moment, and Ray then stops
the process (ray-project/ray#54738). Where the caller owns the connection,
the queued chunks are cancelled.
"""

from __future__ import annotations

from typing import Any

import pytest

from pachisi.distributed import RayRunner


class _Ref:
    def __init__(self, value: object) -> None:
        self.value = value


class _FakeRay:
    """What RayRunner uses of the ray module: tasks run at once, refs hold results."""

    class exceptions:  # the ray module's name
        class RayTaskError(Exception):
            cause: object = None

        class WorkerCrashedError(Exception):
            pass

        class NodeDiedError(Exception):
            pass

        class RaySystemError(Exception):
            pass

    def __init__(self) -> None:
        self.cancelled: list[_Ref] = []
        self.shut_down = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1.0}

    def remote(self, **_options: Any) -> Any:
        def wrap(fn: Any) -> Any:
            class Task:
                @staticmethod
                def remote(*args: Any) -> _Ref:
                    return _Ref(fn(*args))

            return Task

        return wrap

    def put(self, value: object) -> _Ref:
        return _Ref(value)

    def get(self, ref: _Ref) -> object:
        return ref.value

    def cancel(self, ref: _Ref) -> None:
        self.cancelled.append(ref)

    def is_initialized(self) -> bool:
        return not self.shut_down

    def shutdown(self) -> None:
        self.shut_down = True


def _add(shared: object, item: int) -> int:
    return item + 1


def _stop_after_two(runner: RayRunner) -> list[int]:
    got: list[int] = []
    results = runner.map(_add, None, range(100))
    for value in results:
        got.append(value)
        if len(got) == 2:
            results.close()  # as a KeyboardInterrupt in the loop would: the generator ends
            break
    return got


@pytest.mark.parametrize("owns", [True, False])
def test_a_run_stopped_early_cancels_only_on_a_callers_connection(owns: bool) -> None:
    ray = _FakeRay()
    runner = RayRunner(ray, owns_connection=owns, window=4)
    assert _stop_after_two(runner) == [1, 2]
    if owns:
        assert ray.cancelled == []  # close() ends them: no cancel to race the replies
    else:
        assert [ref.value for ref in ray.cancelled] == [3, 4, 5, 6]  # the queued chunks
    runner.close()
    assert ray.shut_down is owns
