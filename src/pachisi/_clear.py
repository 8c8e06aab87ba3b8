"""The clear engine's plays: :func:`legal_plays` on the throw graph, in plain Python.

The engine :func:`pachisi.moves.legal_plays` falls back on without the
compiled kernel (or under ``PACHISI_PURE=1``), and the one that
:func:`pachisi._accel.pure_playouts` plays its games with. Below both
:mod:`pachisi.moves` and :mod:`pachisi._accel` in the import order.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._graph import ThrowGraph
from ._throw import Step
from .plays import Action, LegalPlays, Play, check_throw, play_order
from .position import Position

__all__ = ["legal_plays"]


def legal_plays(position: Position, throw: Sequence[int]) -> LegalPlays:
    """Every legal play of ``throw`` in ``position`` on the clear engine, one per result.

    As :func:`pachisi.moves.legal_plays` answers without the kernel
    (:class:`~pachisi.errors.ThrowError` for a bad throw or a decided game);
    every play is made at once (the graph's search finds them together), in
    the canonical order (:func:`pachisi.plays.play_order`).
    """
    t = check_throw(position, throw)
    made: dict[Step, Action] = {}  # paths share their steps; an Action is immutable
    plays: list[Play] = []
    for steps, res in ThrowGraph(position, t, keep_edges=True).plays():
        actions: list[Action] = []
        for step in steps:
            action = made.get(step)
            if action is None:
                action = made[step] = Action(*step)
            actions.append(action)
        plays.append(Play(tuple(actions), res, t))
    plays.sort(key=play_order(position))  # the canonical order, as the kernel's
    return LegalPlays.of(position, t, plays)
