"""Exact race values as training targets (``pachisi train --race-targets``; issue 33, part 3).

Near the end of most games the pawns can no longer meet: the position is a
pure race (:func:`pachisi.race.is_race`), whose win chances the race tables
give with a proven error bound. With the option on, the trainer walks back
from a self-play game's last position while the position is a race valued by
:func:`pachisi.race.by_default` (the analysis' rule: the tables are in use
for the set-up and the value's bound is at most
:data:`pachisi.race.BOUND_BY_DEFAULT`); from the first position ``s`` of that
run to the end, the target is the race value, and the lambda-returns of the
positions before it end on that value instead of the game's result::

    G(t) = race(t)                               for t >= s
    G(s - 1) = race(s)
    G(t) = (1 - lam) V(t + 1) + lam G(t + 1)     for t < s - 1

(the race value stands for ``V(s)`` and for the rest of the game). A game with
no race at its end keeps its lambda-returns unchanged.

The compiled kernel's self-play hands back each position's encoding, not the
position: :func:`decode` rebuilds the position from it (the pawns from the
PAWNS and MORE units of each colour slot, the doubles count, CUT and FINISHED),
which is all a race needs; tests check it against the pure engine's positions.

Where: Parcheesi and Whitman with one colour a player once the race tables are
built (``python -m pachisi.race``), and Pagade without ``play_for_places``
(:func:`check_setup`). Not Eight-Man, Ludo or MADN (races solved on demand,
seconds a position).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from .. import race
from ..errors import PachisiError
from ..learn.encoding import Encoder
from ..position import Position
from ..rules import Setup

__all__ = ["RaceEnd", "check_setup", "decode", "race_end", "race_lambda_returns"]

#: The version of the procedure, recorded in the weights' ``made_by`` when it is on.
RACE_TARGETS = "pachisi-race-targets/1"


def check_setup(setup: Setup) -> None:
    """Raise :class:`PachisiError` (one line) where ``--race-targets`` cannot be used."""
    rs = setup.ruleset
    if rs in ("parcheesi", "whitman"):
        if any(len(c) != 1 for c in setup.players):
            raise PachisiError("--race-targets: only with one colour a player")
        if not race.tables_ready(setup):
            raise PachisiError(
                f"--race-targets: the race tables of {rs} are not built "
                "(python -m pachisi.race builds them, a few minutes once)"
            )
        return
    if rs == "pagade":
        if setup.option("play_for_places"):
            raise PachisiError("--race-targets: not with play_for_places")
        return
    raise PachisiError(
        f"--race-targets: Parcheesi, Whitman and Pagade only (race values of {rs} are "
        "solved on demand, too slow for training)"
    )


def decode(enc: Encoder, idx: Sequence[int], val: Sequence[float], mover: int) -> Position:
    """The position (before a throw, game not decided) whose encoding by ``enc`` is
    ``idx``/``val`` with ``mover`` to move: the pawns, doubles, cut and finished players.

    The encoding does not keep the order in which players finished; ``finished``
    lists them by number (in a game still running at most one player has finished
    in the Parcheesi family; Pagade's order matters only with ``play_for_places``).
    """
    setup = enc.setup
    h1 = enc.home + 1
    size = enc.slot_size
    units = dict(zip((int(i) for i in idx), (float(v) for v in val), strict=True))
    pawns: list[tuple[int, ...]] = [() for _ in range(4)]
    cut_of: dict[int, bool] = {}
    finished: set[int] = set()
    for slot, c in enumerate(enc.slots[mover]):
        base = slot * size
        sc = base + 3 * h1
        if units.get(sc, 0.0) != 1.0:
            continue
        ps: list[int] = []
        for p in range(h1):
            if units.get(base + p, 0.0) == 1.0:
                ps.extend([p] * (1 + round(units.get(base + h1 + p, 0.0))))
        pawns[c] = tuple(ps)
        owner = enc.owner[c]
        if units.get(sc + 6, 0.0) == 1.0:
            cut_of[owner] = True
        if units.get(sc + 7, 0.0) == 1.0:
            finished.add(owner)
    g = enc.global_offset
    doubles = int(units.get(g, 0.0) == 1.0) + int(units.get(g + 1, 0.0) == 1.0)
    n = len(setup.players)
    cut = tuple(cut_of.get(i, False) for i in range(n)) if setup.ruleset == "pagade" else None
    return Position(setup, tuple(pawns), mover, doubles, cut, tuple(sorted(finished)), None)


class RaceEnd:
    """The race run at a game's end: ``start`` (its first position's index; the game's
    length where there is none), ``values`` (each position's race chances per player,
    from ``start`` on) and ``bounds`` (their proven error bounds)."""

    def __init__(self, start: int, values: list[tuple[float, ...]], bounds: list[float]) -> None:
        self.start = start
        self.values = values
        self.bounds = bounds

    def __len__(self) -> int:
        return len(self.values)


def race_end(positions: Sequence[Position]) -> RaceEnd:
    """The race run at the end of a game's ``positions`` (those before a throw, in
    order): walking back from the last, while :func:`pachisi.race.by_default` values
    the position."""
    values: list[tuple[float, ...]] = []
    bounds: list[float] = []
    t = len(positions)
    while t > 0:
        pos = positions[t - 1]
        if not race.is_race(pos):
            break
        v = race.by_default(pos)
        if v is None:
            break
        values.append(v.chances)
        bounds.append(v.error)
        t -= 1
    values.reverse()
    bounds.reverse()
    return RaceEnd(t, values, bounds)


def race_lambda_returns(
    values: Sequence[Sequence[float]],
    final: Sequence[float],
    lam: float,
    end: RaceEnd,
    lambda_returns: Callable[[Sequence[Sequence[float]], Sequence[float], float], Any],
) -> Any:
    """The lambda-returns of a game (``lambda_returns``:
    :func:`pachisi.training.train.lambda_returns`) with the race run ``end``'s values as
    targets and as the values before them (module docstring); with no race run, the
    plain lambda-returns."""
    if not len(end):
        return lambda_returns(values, final, lam)
    s = end.start
    race_rows = np.asarray(end.values, dtype=np.float64)
    if s == 0:
        return race_rows
    before = lambda_returns(values[:s], race_rows[0], lam)
    return np.concatenate([before, race_rows])
