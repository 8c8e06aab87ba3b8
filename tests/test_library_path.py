"""The library path's fast values: kernel plays, trusted positions, lazily built actions.

:func:`pachisi._accel.legal_plays` builds its :class:`~pachisi.moves.Play`
values without the constructor (their actions are made when first read) and
its positions with :func:`pachisi.position._trusted`. These must be the same
values as the pure engine's in every way a caller can see: equality, hash,
repr, pickling, immutability and pattern matching. (tests/test_kernel.py
compares the play lists themselves on many positions.)
"""

from __future__ import annotations

import copy
import enum
import pickle
import random
import sys
import threading
from dataclasses import FrozenInstanceError
from pathlib import Path
from types import ModuleType

import pytest

from kernels import COMPILED, MODULES
from pachisi import Position, ThrowError, _accel, legal_plays
from pachisi.moves import Action, Play
from pachisi.position import _trusted

sys.path.insert(0, str(Path(__file__).parent / "reference"))
from differential import sample_positions


def _pure(pos: Position, throw: tuple[int, int]) -> list[Play]:
    with _accel.pure():
        return legal_plays(pos, throw)


def _cases(n: int, seed: int = 3) -> list[tuple[Position, tuple[int, int]]]:
    out = []
    for case in sample_positions(random.Random(seed)):
        out.append(case)
        if len(out) == n:
            break
    return out


@pytest.mark.parametrize("module", MODULES)
def test_kernel_plays_are_the_pure_values(module: ModuleType) -> None:
    """Equal, same hash and repr, in both directions of ``==``; the actions shared values."""
    for pos, throw in _cases(150 if module is COMPILED else 25):
        got = _accel.legal_plays(pos, throw, module)
        want = _pure(pos, throw)
        # hashed before the actions were read: the hash builds them
        assert [hash(p) for p in got] == [hash(p) for p in want]
        assert got == want and want == got
        assert [repr(p) for p in got] == [repr(p) for p in want]
        assert [type(p) for p in got] == [Play] * len(want)
        for g, w in zip(got, want, strict=True):
            assert g.actions == w.actions and g.throw == w.throw
            assert type(g.throw) is tuple and type(g.position) is Position
            assert vars(g.position) == vars(w.position)
            assert list(vars(g.position)) == list(vars(w.position))
            assert g != Play(w.actions, w.position, (0, 0))
        # a second read gives the very same tuple
        assert all(p.actions is p.actions for p in got)


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_kernel_plays_copy_pickle_and_stay_frozen() -> None:
    pos = Position.start("parcheesi", players=4)
    plays = _accel.legal_plays(pos, (5, 5))
    fresh = _accel.legal_plays(pos, (5, 5))[0]  # actions not read yet
    assert pickle.loads(pickle.dumps(fresh)) == plays[0]
    assert copy.deepcopy(fresh) == plays[0] and copy.copy(fresh) == plays[0]
    assert pickle.loads(pickle.dumps(plays)) == _pure(pos, (5, 5))
    with pytest.raises(FrozenInstanceError):
        plays[0].position = pos  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        plays[0].actions = ()  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError):
        del plays[0].throw  # type: ignore[misc]
    with pytest.raises(AttributeError):
        plays[0].other = 1  # type: ignore[attr-defined]
    match plays[0]:
        case Play(actions, position, throw):
            assert (actions, position, throw) == (plays[0].actions, plays[0].position, (5, 5))
        case _:
            pytest.fail("Play did not match its three fields")
    assert {plays[0]: 1}[_pure(pos, (5, 5))[0]] == 1
    assert plays[0] != object() and plays[0] != (plays[0].actions, plays[0].position)


@pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")
def test_actions_built_once_from_many_threads() -> None:
    """Threads reading the lazily built actions of the same plays all get the right ones."""
    cases = _cases(40, seed=11)
    want = [[p.actions for p in _pure(pos, throw)] for pos, throw in cases]
    for _ in range(3):
        shared = [_accel.legal_plays(pos, throw) for pos, throw in cases]
        got: dict[int, list[list[tuple[Action, ...]]]] = {}

        def work(
            k: int,
            shared: list[list[Play]] = shared,
            got: dict[int, list[list[tuple[Action, ...]]]] = got,
        ) -> None:
            got[k] = [[p.actions for p in plays] for plays in shared]

        threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
        interval = sys.getswitchinterval()
        sys.setswitchinterval(1e-6)
        try:
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        finally:
            sys.setswitchinterval(interval)
        assert all(got[k] == want for k in range(4))


def test_trusted_is_the_constructor() -> None:
    for pos, _ in _cases(60, seed=5):
        fields = (pos.setup, pos.pawns, pos.to_move, pos.doubles, pos.cut, pos.finished)
        made = _trusted(*fields, pos.winner)
        plain = Position(*fields, pos.winner)
        assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
        assert list(vars(made)) == list(vars(plain))
        assert made.is_dead_end == plain.is_dead_end  # its cached property works
        with pytest.raises(FrozenInstanceError):
            made.to_move = 1  # type: ignore[misc]


def test_is_over_is_decided_or_dead_end() -> None:
    """The Parcheesi family's shortcut agrees with the definition (§3.5)."""
    seen = {False: 0, True: 0}
    positions = [pos for pos, _ in _cases(400, seed=9)]
    positions += [
        Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0"),
        Position.from_text("whitman r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0"),
        Position.from_text(
            "pagade ry,bg - r:75.75.76.76,b:75.75.76.76,y:75.75.76.76,g:75.75.76.76 0 0 00 - -"
        ),
    ]
    for pos in positions:
        assert pos.is_over == (pos.is_decided or pos.is_dead_end)
        seen[pos.is_over] += 1
    assert seen[True] >= 3 and seen[False] > 300


class _Face(enum.IntEnum):
    ONE = 1
    TWO = 2


@pytest.mark.parametrize("module", MODULES)
def test_throws_in_other_forms_as_the_pure_engine(module: ModuleType) -> None:
    """A list or an int subclass takes the full check: the same plays or the same error."""
    pos = Position.start("parcheesi", players=2)
    for throw in ([5, 5], (_Face.ONE, 5), [5, _Face.TWO]):
        got = _accel.legal_plays(pos, throw, module)
        assert got == _pure(pos, throw)  # type: ignore[arg-type]
        assert all(type(p.throw) is tuple for p in got)
    for bad in ((True, 5), (5, False), (5, 5, 5), [7, 1], (5.0, 5)):
        with pytest.raises(ThrowError) as pure_error, _accel.pure():
            legal_plays(pos, bad)  # type: ignore[arg-type]
        with pytest.raises(ThrowError) as kernel_error:
            _accel.legal_plays(pos, bad, module)  # type: ignore[arg-type]
        assert str(kernel_error.value) == str(pure_error.value)
