"""Analysis by the value network: positions and plays judged at a chosen ply, checked by rollouts.

The value network of :mod:`pachisi.learn` estimates every player's chance
of winning a position before a throw in microseconds. :class:`NetEvaluator`
looks ahead with it over the exact dice, as GNU Backgammon's plies do:

* **0 ply**: the network's value of the position;
* **1 ply**: the exact expectation over the next throw: every distinct
  throw of the ruleset's dice with its probability
  (``dice_for(ruleset).distinct()``, summed in that order), answered by the
  player who throws it with his best play by 0 ply, and the result valued
  by the network;
* **2 plies**: the same expectation over two throws (each answered at 0
  ply), the second valued by the network.

A reply is the learned player's (:func:`pachisi.learn.kernel.best_replies`):
among the distinct results in canonical order
(:func:`pachisi.fast.canonical_plays`), the first best for the mover,
values within 1e-9 counting as equal. A decided game (a winner, or a dead
end shared by every side) is valued exactly at every ply, a reply's result
too. The look-ahead runs in the compiled kernel when it is active (the
network evaluated there, the plain-Python path's numbers bit for bit), else
on the pure engine: the same figures either way. :func:`net_ranking` ranks the plays of a throw: all
of them at 0 ply, the ``candidates`` best of those at 1 ply, the
``finalists`` best of those at 2 plies (a move filter, as gnubg's; the
plays not looked at as deep are listed as pruned). The figures are
deterministic: their standard errors are 0, and every result says how it
was obtained (:meth:`NetEvaluator.describe`: ``"method": "network"``, the
ply, the weights file and the ``made_by`` summary of its training).

:func:`check_rollouts` checks a ranking on demand: rollouts played by the
network's 0-ply player (the playouts' ``"network"`` policy, inside the
compiled kernel when it is active), truncated after ``truncate`` throws and
finished by the network's estimate (0 ply), with standard errors and common
random numbers (rollout ``k`` of every play is playout ``k`` of
:func:`pachisi.analysis.rollout.playout_seed`: the same dice, the first
throw stratified by :func:`~pachisi.analysis.rollout.first_throw`).

>>> from pachisi import Position
>>> pos = Position.from_text("parcheesi r,y - r:45.72.72.72,y:14.72.72.72 0 0 - - -")
>>> ranking = net_ranking(pos, (3, 4), NetEvaluator.shipped("parcheesi", ply=1))
>>> ranking.best.notation, ranking.best.chance, ranking.how["ply"]
('R45-48x R48-52 +20:R52-72', 1.0, 1)

Without the kernel, numpy (the ``learn`` extra) values many positions at
once (the same numbers but for the last bits); without either the network
runs in plain Python, with the kernel's numbers, more slowly.
"""

from __future__ import annotations

import random
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from statistics import NormalDist
from typing import Any

from .. import fast
from ..dice import Throw, dice_for
from ..errors import PachisiError
from ..learn import default_net, misfit, shipped_for
from ..learn.encoding import encoder_for
from ..learn.kernel import best_replies, chances, dead_end_throws
from ..learn.network import ValueNet, WeightsError
from ..moves import Play, legal_plays
from ..position import Position
from ..rules import ONE_DIE_RULESETS, Setup
from .rank import CLEAR, RankedPlay, Ranking, clear_difference
from .rollout import (
    Estimate,
    exact_chances,
    first_throw,
    mean_se,
    playout_seed,
    rollout_seed,
    sides,
)

__all__ = [
    "CHECK_ALPHA",
    "CHECK_FIRST_BLOCKS",
    "DEFAULT_CANDIDATES",
    "DEFAULT_CHECK_ROLLOUTS",
    "DEFAULT_FINALISTS",
    "DEFAULT_PLY",
    "DEFAULT_TRUNCATE",
    "HINT_PLY",
    "LUCK_PLY",
    "MAX_PLY",
    "ONE_DIE_NOT_JUDGE",
    "NetEvaluator",
    "check_k",
    "check_looks",
    "check_rollouts",
    "evaluator_for",
    "first_look",
    "made_by_summary",
    "net_ranking",
    "position_chances",
]

#: The deepest ply offered.
MAX_PLY = 2
#: Plays of a throw looked at beyond 0 ply (gnubg's move filter keeps up to 8).
DEFAULT_CANDIDATES = 8
#: Plays of a throw looked at 2 plies deep (the best of the candidates at 1 ply).
DEFAULT_FINALISTS = 2
#: Throws a check rollout plays before the network's estimate finishes it.
DEFAULT_TRUNCATE = 12
#: The ply of a whole game's plays in a review by default: 2 plies, the most accurate, fit
#: in the 3 s of a review once the luck is valued at :data:`LUCK_PLY` (docs/analysis.md,
#: "Which ply").
DEFAULT_PLY = 2
#: The deepest ply of a review's luck by default: the luck values every throw that could
#: have fallen (21 of two dice), ten times the plays of the throw that fell; at 2 plies that
#: alone took 14 s of an 80-throw review, at 1 ply about 1 s (gnubg's analysis values the
#: luck at 0 ply by default, its plays at 2).
LUCK_PLY = 1
#: The ply of one position or one throw (a hint, the win-chance bar, ``pachisi analyse
#: POSITION``): 2 plies, the most accurate, fit in the 0.3 s of a hint.
HINT_PLY = 2
#: The budget of a (sequential) rollout check by default: at most so many rollouts per play
#: (64 blocks of 36 ordered throws; :func:`check_rollouts` stops sooner when it can).
DEFAULT_CHECK_ROLLOUTS = 2304


def made_by_summary(net: ValueNet) -> str:
    """A few words on how ``net`` was made: self-play games, seed, later fits, hidden units.

    >>> from pachisi.rules import Setup
    >>> net = ValueNet.random(Setup.create("parcheesi", players=2), hidden=4, seed=0)
    >>> net.meta = {"made_by": {"games": 128, "seed": 1}}
    >>> made_by_summary(net)
    '128 self-play games, seed 1, 4 hidden units'

    Games that fine-tuned an earlier network say so, and a fit to rollouts after the
    self-play (``benchmarks/rollout_fit.py``, recorded in ``made_by["then"]``) is named:

    >>> net.meta = {"made_by": {"games": 64, "seed": 2, "settings": {"init": "a.json"},
    ...     "then": [{"fit": "rollouts", "positions": 500}]}}
    >>> for part in made_by_summary(net).split(", "):
    ...     print(part)
    64 self-play games from an earlier network
    seed 2
    then fitted to rollouts of 500 positions
    4 hidden units

    ``rollout_fit.py`` also appends each step to the file's note, the fits made before it
    kept a record included, so the note's steps (a widening, ``fit --widen``, among them)
    are the whole history where it names any:

    >>> net.meta["note"] = ("self-play; then fitted to rollouts (300 positions, ...); then"
    ...     " widened from 2 to 4 hidden units (...); then fitted to rollouts (500 positions")
    >>> made_by_summary(net).split(", seed 2, ")[1]
    'then fitted to rollouts of 300 positions, then widened from 2 to 4 hidden units, \
then fitted to rollouts of 500 positions, 4 hidden units'
    """
    made = net.meta.get("made_by") or {}
    parts = []
    steps: list[str] = []
    if isinstance(made, dict):
        if "games" in made:
            settings = made.get("settings")
            earlier = isinstance(settings, dict) and bool(settings.get("init"))
            parts.append(
                f"{made['games']} self-play games" + (" from an earlier network" if earlier else "")
            )
        if "seed" in made:
            parts.append(f"seed {made['seed']}")
        for step in made.get("then") or ():
            if isinstance(step, dict) and step.get("fit") == "rollouts":
                wide = step.get("widened")
                if isinstance(wide, dict):
                    steps.append(f"then widened from {wide['from']} to {wide['to']} hidden units")
                elif "widened_from" in step:  # the record's first form (parcheesi.4p.json)
                    steps.append(f"then widened from {int(step['widened_from'])} hidden units")
                steps.append(
                    f"then fitted to rollouts of {int(step.get('positions', 0))} positions"
                )
    note = net.meta.get("note")
    if isinstance(note, str):
        # The note holds every fit, those written before the record was kept too.
        noted = [
            f"then widened from {m[1]} to {m[2]} hidden units"
            if m[1]
            else f"then fitted to rollouts of {m[3]} positions"
            for m in re.finditer(
                r"then (?:widened from (\d+) to (\d+) hidden units"
                r"|fitted to rollouts \((\d+) positions)",
                note,
            )
        ]
        if noted:
            steps = noted
    parts.extend(steps)
    parts.append(f"{net.hidden} hidden units")
    return ", ".join(parts)


#: Why Ludo's and MADN's networks do not judge by default (:func:`evaluator_for`): their
#: accuracy against their own rollouts (docs/learning.md) is 4.5 to 4.8 points of mean
#: error for two players and 10.7 to 16.5 for four, and no declared run shows them
#: stronger than expectimax; rollouts, each figure with its standard error, judge
#: instead. A network is still used when asked for (``evaluator=``,
#: :meth:`NetEvaluator.shipped`).
ONE_DIE_NOT_JUDGE = (
    "the Ludo and MADN networks are not yet accurate enough to judge by default: judged by rollouts"
)


def evaluator_for(
    setup: Setup, ply: int = DEFAULT_PLY, **kw: Any
) -> tuple[NetEvaluator | None, str | None]:
    """The evaluator of the shipped network fitted to ``setup`` at ``ply``, or ``None`` and
    the reason no network may judge it (none ships for the ruleset, or none has learned
    this arrangement of players: :func:`pachisi.learn.misfit`; Ludo and MADN, whose
    networks are not accurate enough yet: :data:`ONE_DIE_NOT_JUDGE`).

    Whatever shows a player a win chance asks here first: without a fitted network
    it says so instead of a number (the hand evaluation is calibrated on two-player
    games and is never shown as a win chance).

    >>> ev, why = evaluator_for(Setup.create("parcheesi", players=4))
    >>> ev.source, why
    ('pachisi/learn/weights/parcheesi.4p.json', None)
    >>> ev, why = evaluator_for(Setup.create("parcheesi", players=["red", "green"]))
    >>> ev is None, why.endswith("it has not learned this arrangement of players")
    (True, True)
    """
    if setup.ruleset in ONE_DIE_RULESETS:
        return None, ONE_DIE_NOT_JUDGE
    try:
        name, net = shipped_for(setup)
    except WeightsError as exc:
        return None, str(exc)
    why = misfit(net, setup)
    if why is not None:
        return None, why
    return NetEvaluator(net, ply, f"pachisi/learn/weights/{name}", **kw), None


_Cache = dict[tuple[Position, int], tuple[float, ...]]


@dataclass
class NetEvaluator:
    """Every player's win chances by a value network looked at ``ply`` throws ahead.

    ``net``: the :class:`~pachisi.learn.network.ValueNet`; ``source``: the
    name of its weights file (shown with every result); ``candidates`` and
    ``finalists``: the move filter of :func:`net_ranking`. Results are cached
    by position, so a review values each position once.
    """

    net: ValueNet
    ply: int = 1
    source: str = ""
    candidates: int = DEFAULT_CANDIDATES
    finalists: int = DEFAULT_FINALISTS
    _values: _Cache = field(default_factory=dict, repr=False, compare=False)
    _static: dict[Position, tuple[float, ...]] = field(
        default_factory=dict, repr=False, compare=False
    )
    _older: _Cache = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.ply <= MAX_PLY:
            raise ValueError(f"the ply must be 0 to {MAX_PLY}, not {self.ply}")
        if self.candidates < 1 or self.finalists < 1:
            raise ValueError("candidates and finalists must be at least 1")

    @classmethod
    def shipped(cls, ruleset: str | Setup, ply: int = 1, **kw: Any) -> NetEvaluator:
        """The evaluator of the network shipped for a set-up (:func:`pachisi.learn.net_for`),
        or for a ruleset's name (its first network, a two-player one); ``WeightsError``
        if none ships."""
        if isinstance(ruleset, Setup):
            name, net = shipped_for(ruleset)
        else:
            name, net = f"{ruleset}.json", default_net(ruleset)
        return cls(net, ply, f"pachisi/learn/weights/{name}", **kw)

    @classmethod
    def from_file(cls, path: str | Path, ply: int = 1, **kw: Any) -> NetEvaluator:
        """The evaluator of the network in the weights file ``path`` (``WeightsError``)."""
        return cls(ValueNet.load(path), ply, Path(path).name, **kw)

    def variant(
        self, ply: int | None = None, candidates: int | None = None, finalists: int | None = None
    ) -> NetEvaluator:
        """The same network at another ply or with another move filter (caches shared)."""
        other = NetEvaluator(
            self.net,
            self.ply if ply is None else ply,
            self.source,
            self.candidates if candidates is None else candidates,
            self.finalists if finalists is None else finalists,
        )
        other._values, other._static, other._older = self._values, self._static, self._older
        return other

    def forget(self) -> None:
        """Empty the caches (shared with every :meth:`variant`)."""
        self._values.clear()
        self._static.clear()
        self._older.clear()

    def age(self) -> None:
        """Start another throw (the caches are shared with every :meth:`variant`): the values
        of the throw before are kept for one more, older ones dropped, so that a review's
        memory stays that of two throws.

        A review asks again for many values of the throw before: the 2-ply value of the play
        made answered every throw that could fall next by its best play at 0 ply, and
        valued that answer at 1 ply; the next throw's luck (at 1 ply) and its plays ask
        for those same answers' 1-ply values.
        """
        self._older.clear()
        self._older.update(self._values)
        self._values.clear()
        self._static.clear()

    def describe(self, ply: int | None = None) -> dict[str, Any]:
        """How the figures were obtained: ``{"method": "network", "ply", "network"}``."""
        return {
            "method": "network",
            "ply": self.ply if ply is None else ply,
            "network": {
                "file": self.source,
                "ruleset": self.net.ruleset,
                "hidden": self.net.hidden,
                "made_by": made_by_summary(self.net),
                "command": (self.net.meta.get("made_by") or {}).get("command"),
            },
        }

    def words(self, ply: int | None = None) -> str:
        """:meth:`describe` in words, for a note under a table."""
        p = self.ply if ply is None else ply
        name = Path(self.source).name or self.net.ruleset
        return f"network {name} at {p} ply ({made_by_summary(self.net)})"

    # -- values ---------------------------------------------------------------

    def check(self, setup: Setup) -> None:
        """:class:`~pachisi.errors.PachisiError` if the network has not learned ``setup``
        (:func:`pachisi.learn.misfit`): its figures there would look precise and mean
        little. :meth:`static` and :meth:`values` check every set-up they are given."""
        why = misfit(self.net, setup)
        if why is not None:
            raise PachisiError(
                f"no analysis by the network here: {why} (analysis by rollouts, --by"
                " rollouts, measures every set-up)"
            )

    def static(self, positions: Sequence[Position]) -> list[tuple[float, ...]]:
        """Every player's chances in each position by the network alone (0 ply)."""
        for setup in {pos.setup for pos in positions}:
            self.check(setup)
        known = self._static
        out: list[tuple[float, ...] | None] = []
        todo: dict[Position, list[int]] = {}
        for k, pos in enumerate(positions):
            got = known.get(pos)
            out.append(got)
            if got is None:
                wait = todo.get(pos)
                if wait is None:
                    todo[pos] = [k]
                else:
                    wait.append(k)
        if todo:
            fresh = list(todo)
            for pos, row in zip(fresh, position_chances(self.net, fresh), strict=True):
                known[pos] = row
                for k in todo[pos]:
                    out[k] = row
        return [r for r in out if r is not None]

    def values(
        self, positions: Sequence[Position], ply: int | None = None
    ) -> list[tuple[float, ...]]:
        """Every player's chances in each position (before its throw) at ``ply`` (default:
        the evaluator's), many positions at once."""
        ply = self.ply if ply is None else ply
        for setup in {pos.setup for pos in positions}:
            self.check(setup)
        out: list[tuple[float, ...] | None] = [None] * len(positions)
        todo: dict[Position, list[int]] = {}
        for k, pos in enumerate(positions):
            got = self._values.get((pos, ply))
            if got is None:
                got = self._older.get((pos, ply))
                if got is not None:
                    self._values[(pos, ply)] = got
            if got is not None:
                out[k] = got
            else:
                todo.setdefault(pos, []).append(k)
        if todo:
            fresh = list(todo)
            vals = self.static(fresh) if ply == 0 else self._expect(fresh, ply)
            for pos, v in zip(fresh, vals, strict=True):
                self._values[(pos, ply)] = v
                for k in todo[pos]:
                    out[k] = v
        return [r for r in out if r is not None]

    def _expect(self, positions: Sequence[Position], ply: int) -> list[tuple[float, ...]]:
        """The expectation over the next throw, each answered at 0 ply, valued at ``ply - 1``."""
        out, live = _exact_first(positions)
        if not live:
            return [r for r in out if r is not None]
        throws = dice_for(positions[live[0]].ruleset).distinct()
        pairs = [(positions[k], u) for k in live for u, _ in throws]
        replies = self.replies(pairs, positions=ply > 1)
        if ply == 1:  # the answers' own values
            deeper = [c for c, _ in replies]
        else:
            deeper = self.values([r for _, r in replies if r is not None], ply - 1)
        n = len(positions[live[0]].setup.players)
        t = len(throws)
        probs = [float(prob) for _, prob in throws]
        for j, k in enumerate(live):
            acc = [0.0] * n
            for i, p in enumerate(probs):
                v = deeper[j * t + i]
                for q in range(n):
                    acc[q] += p * v[q]
            out[k] = tuple(acc)
        return [r for r in out if r is not None]

    def replies(
        self, pairs: Sequence[tuple[Position, Throw]], positions: bool = True
    ) -> list[tuple[tuple[float, ...], Position | None]]:
        """For each ``(position, throw)`` (a game not over): the mover's best play by 0 ply,
        as every player's chances after it and (with ``positions``) its resulting position.

        The learned player's reply (:func:`pachisi.learn.kernel.best_replies`):
        among the distinct results in canonical order
        (:func:`pachisi.fast.canonical_plays`) the first best for the mover,
        ties within 1e-9 going to the first; a decided result valued exactly
        (a Pagade dead end as a draw shared by every side). In the compiled
        kernel when it is active (the throws of a Pagade position where a dead
        end might be among the results on the pure engine), else on the pure
        engine with :meth:`static`'s values: the same numbers either way. Ludo and
        MADN (no network in the kernel): on the library's engine, with
        :meth:`static`'s values; a result after a 6 is the same player's to move
        (L.6.4, M.6.1), and the expectation above it is his."""
        if not fast.active() or (pairs and pairs[0][0].ruleset in ONE_DIE_RULESETS):
            return self._pure_replies(pairs, positions)
        out: list[tuple[tuple[float, ...], Position | None]] = []
        at = 0
        while at < len(pairs):
            pos = pairs[at][0]
            end = at + 1
            while end < len(pairs) and pairs[end][0] is pos:
                end += 1
            out.extend(self._kernel_replies(pos, [u for _, u in pairs[at:end]], positions))
            at = end
        return out

    def _kernel_replies(
        self, pos: Position, throws: Sequence[Throw], positions: bool
    ) -> list[tuple[tuple[float, ...], Position | None]]:
        """:meth:`replies` to the ``throws`` of one position, in the kernel."""
        doubtful = [False] * len(throws)
        if pos.ruleset == "pagade" and pos.winner is None:
            doubtful = dead_end_throws(pos, throws)
        sure = [u for u, d in zip(throws, doubtful, strict=True) if not d]
        got = iter(best_replies(self.net, pos, sure, positions) if sure else [])
        out: list[tuple[tuple[float, ...], Position | None]] = []
        for u, d in zip(throws, doubtful, strict=True):
            if d:
                out.extend(self._pure_replies([(pos, u)], positions))
            else:
                values, after = next(got)
                out.append((tuple(values), after))
        return out

    def _pure_replies(
        self, pairs: Sequence[tuple[Position, Throw]], positions: bool
    ) -> list[tuple[tuple[float, ...], Position | None]]:
        """:meth:`replies` on the pure engine: every result valued by :meth:`static`."""
        results = [
            [p.position for p in fast.canonical_plays(pos, legal_plays(pos, u))] for pos, u in pairs
        ]
        vals = self.static([r for rs in results for r in rs])
        out: list[tuple[tuple[float, ...], Position | None]] = []
        at = 0
        for (pos, _), rs in zip(pairs, results, strict=True):
            mover = pos.to_move
            best = at
            top = vals[at][mover]
            for i in range(at + 1, at + len(rs)):
                if vals[i][mover] > top + _TIE:
                    best, top = i, vals[i][mover]
            out.append((vals[best], rs[best - at] if positions else None))
            at += len(rs)
        return out

    def estimate(self, position: Position, ply: int | None = None) -> Estimate:
        """The :class:`~pachisi.analysis.rollout.Estimate` of ``position`` at ``ply``
        (method ``"network"``, standard errors 0; exact when decided)."""
        exact = exact_chances(position)
        if exact is not None:
            return exact
        chances = self.values([position], ply)[0]
        n = len(chances)
        return Estimate(tuple(chances), (0.0,) * n, sides(position.setup), "network")

    # -- plays ------------------------------------------------------------------

    def judge_plays(
        self,
        position: Position,
        plays: Sequence[Play],
        always: Sequence[Play] = (),
        ply: int | None = None,
    ) -> tuple[list[tuple[Play, tuple[float, ...]]], list[Play]]:
        """The plays valued at ``ply`` through the move filter, best first for the mover,
        and the plays left out (not looked at that deep). ``always``: plays kept
        whatever the filter (the play made, in a review)."""
        ply = self.ply if ply is None else ply
        mover = position.to_move
        results = [p.position for p in plays]
        static = self.static(results)
        order = sorted(range(len(plays)), key=lambda i: (-static[i][mover], i))
        wanted = {p.position for p in always}
        vals: dict[int, tuple[float, ...]] = {i: static[i] for i in order}
        looked = order
        for depth, keep in ((1, self.candidates), (2, self.finalists)):
            if ply < depth:
                break
            looked = looked[:keep] + [i for i in looked[keep:] if results[i] in wanted]
            deep = self.values([results[i] for i in looked], depth)
            for i, v in zip(looked, deep, strict=True):
                vals[i] = v
            looked = sorted(looked, key=lambda i: (-vals[i][mover], i))
        kept = set(looked)
        return (
            [(plays[i], vals[i]) for i in looked],
            [plays[i] for i in range(len(plays)) if i not in kept],
        )


def position_chances(net: ValueNet, positions: Sequence[Position]) -> list[tuple[float, ...]]:
    """Every player's win chances in each position (before its throw): **the one place
    where the analysis values a position** (every ply's leaves, a review's, a hint's
    and the win-chance bar's figures come through here), nothing kept.

    In order: exact when the game is decided (:func:`exact_chances`); pure races by the race
    tables (:mod:`pachisi.race`, through :func:`exact_chances`);
    else the network, in the compiled kernel when it is active (the plain-Python
    path's numbers, bit for bit), else by :func:`_batch`. (The replies inside a
    look-ahead are chosen, and at 1 ply valued, in the kernel by
    :func:`pachisi.learn.kernel.best_replies`: exact values that should also steer
    those choices go there too.)"""
    out, live = _exact_first(positions)
    if live:
        todo = [positions[k] for k in live]
        one_die = todo[0].ruleset in ONE_DIE_RULESETS
        if fast.active() and todo[0].ruleset == net.ruleset and not one_die:
            rows = [tuple(c) for c in chances(net, todo)]
        else:
            rows = _batch(net, todo)
        for k, row in zip(live, rows, strict=True):
            out[k] = row
    return [r for r in out if r is not None]


def _exact_first(
    positions: Sequence[Position],
) -> tuple[list[tuple[float, ...] | None], list[int]]:
    """Each position's chances where they are exact (:func:`exact_chances`: decided, or
    a pure race), else ``None``; and the indices of the others, to be estimated."""
    out: list[tuple[float, ...] | None] = [None] * len(positions)
    live: list[int] = []
    for k, pos in enumerate(positions):
        exact = exact_chances(pos)
        if exact is not None:
            out[k] = exact.chances
        else:
            live.append(k)
    return out, live


def _batch(net: ValueNet, positions: Sequence[Position]) -> list[tuple[float, ...]]:
    """Every player's chances of undecided positions of one set-up, by the network
    (numpy, in chunks of :data:`_CHUNK` positions; plain Python without numpy)."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - depends on the environment
        return [tuple(c) for c in net.chances(positions)]
    if len(positions) < 2 or any(p.ruleset != net.ruleset for p in positions):
        return [tuple(c) for c in net.chances(positions)]  # (a wrong ruleset: its error)
    enc = encoder_for(positions[0].setup)
    a = net.arrays()
    W2, b2 = a["W2"][:, : enc.n_sides], a["b2"][: enc.n_sides]
    side_of = np.asarray(enc.side_of)
    out: list[tuple[float, ...]] = []
    for at in range(0, len(positions), _CHUNK):
        part = positions[at : at + _CHUNK]
        col_buf = array("q")
        val_buf = array("d")
        lens = []
        for p in part:
            i, v = enc.encode(p)
            col_buf.extend(i)
            val_buf.extend(v)
            lens.append(len(i))
        cols = np.frombuffer(col_buf, dtype=np.int64)
        vals = np.frombuffer(val_buf, dtype=np.float64)
        H = net.sparse_hidden(cols, vals, lens)  # W2 cut to the sides: not sparse_chances
        Z = H @ W2 + b2
        E = np.exp(Z - Z.max(axis=1, keepdims=True))
        P = E / E.sum(axis=1, keepdims=True)
        movers = np.fromiter((p.to_move for p in part), np.intp, len(part))
        rows = np.take_along_axis(P, side_of[movers], axis=1)  # each player's side's chance
        out.extend(map(tuple, rows.tolist()))
    return out


#: Positions valued at once by :func:`_batch` (bounds its memory).
_CHUNK = 2048
#: Replies whose values for the mover are this close are equal (the first is taken),
#: as in :func:`pachisi.learn.kernel.best_replies`.
_TIE = 1e-9


# -- ranking the plays of a throw ----------------------------------------------


def net_ranking(
    position: Position,
    throw: Sequence[int],
    evaluator: NetEvaluator,
    always: Sequence[Play] = (),
) -> Ranking:
    """Every legal play of ``throw`` ranked by the mover's win chance at the evaluator's ply.

    The plays beyond the move filter (see :class:`NetEvaluator`) are the
    ranking's ``pruned``; ``always`` are kept whatever the filter. Standard
    errors are 0 (the network's figures are deterministic). Raises
    :class:`~pachisi.errors.ThrowError` for a bad throw or a game that is over.
    """
    plays = legal_plays(position, throw)
    mover = position.to_move
    judged, left = evaluator.judge_plays(position, plays, always)
    best = judged[0][1][mover]
    n = len(position.setup.players)
    ranked = []
    for play, v in judged:
        exact = exact_chances(play.position)
        est = exact or Estimate(tuple(v), (0.0,) * n, sides(position.setup), "network")
        ranked.append(RankedPlay(play, v[mover], 0.0, v[mover] - best, 0.0, est))
    return Ranking(
        position,
        plays[0].throw,
        mover,
        tuple(ranked),
        0,
        "network",
        0,
        tuple(left),
        how=evaluator.describe(),
    )


# -- the rollout check ------------------------------------------------------------


#: The share of false verdicts a sequential check allows over all its looks (per play
#: compared with the best): the level of :func:`check_k`.
CHECK_ALPHA = 0.05
#: A sequential check's first look, in blocks of the dice's ordered outcomes (72
#: rollouts per play with two dice, 32 with the stick dice).
CHECK_FIRST_BLOCKS = 2


def first_look(ruleset: str) -> int:
    """The rollouts per play of a sequential check's first look for ``ruleset``:
    :data:`CHECK_FIRST_BLOCKS` whole blocks of its dice's ordered outcomes.

    >>> first_look("parcheesi"), first_look("pagade")
    (72, 32)
    """
    return CHECK_FIRST_BLOCKS * len(dice_for(ruleset).outcomes())


def check_looks(first: int | None, budget: int) -> tuple[int, ...]:
    """The rollouts per play at which a check looks: ``first``, doubled at each look, and the
    ``budget`` last; only the ``budget`` when ``first`` is ``None`` (a fixed-size check).

    >>> check_looks(72, 1152), check_looks(72, 1000), check_looks(None, 576), check_looks(72, 50)
    ((72, 144, 288, 576, 1152), (72, 144, 288, 576, 1000), (576,), (50,))
    """
    if budget < 1:
        raise ValueError(f"rollouts must be at least 1, not {budget}")
    if first is None:
        return (budget,)
    if first < 1:
        raise ValueError(f"the first look must be at least 1 rollout, not {first}")
    looks = []
    n = first
    while n < budget:
        looks.append(n)
        n *= 2
    looks.append(budget)
    return tuple(looks)


def check_k(looks: int, alpha: float = CHECK_ALPHA) -> float:
    """The standard errors a difference must reach to be a verdict in a check that looks
    ``looks`` times: the two-sided normal quantile of ``alpha`` shared equally by the looks
    (Bonferroni), never under :data:`~pachisi.analysis.rank.CLEAR`.

    Looking again each time more rollouts are in gives a difference more chances to
    cross a fixed line by luck; sharing ``alpha`` among the looks keeps the chance of
    a false verdict under ``alpha`` however many there are.

    >>> round(check_k(1), 3), round(check_k(5), 3), round(check_k(6), 3)
    (2.0, 2.576, 2.638)
    """
    if looks < 1:
        raise ValueError("a check looks at least once")
    return max(CLEAR, NormalDist().inv_cdf(1 - alpha / (2 * looks)))


class _Rollouts:
    """The rollouts of one play so far: per-rollout values for the mover, every player's."""

    def __init__(
        self, ev: NetEvaluator, play: Play, me: int, truncate: int, seed: int, control: bool
    ) -> None:
        self.ev, self.play, self.me = ev, play, me
        self.truncate, self.seed, self.control = truncate, seed, control
        self.values: list[float] = []
        self.chances: list[tuple[float, ...]] = []
        self._after: dict[tuple[int, ...], tuple[float, ...]] | None = None

    def extend(self, n: int) -> None:
        """Play on to ``n`` rollouts (rollouts ``len(values) .. n-1``)."""
        k0 = len(self.values)
        if n <= k0:
            return
        finals = self._roll(k0, n)
        self.values.extend(f[self.me] for f in finals)
        self.chances.extend(finals)

    def _roll(self, k0: int, k1: int) -> list[tuple[float, ...]]:
        """Rollouts ``k0 .. k1-1`` of the play: the playouts' ``"network"`` policy for every
        player, in the compiled kernel when it is active, else on the pure engine (the same
        games); with ``control``, each corrected by the network's control variate on its first
        throw (see :func:`check_rollouts`)."""
        start = self.play.position
        exact = exact_chances(start)
        if exact is not None:
            return [exact.chances] * (k1 - k0)
        n = len(start.setup.players)
        firsts = [first_throw(start.ruleset, self.seed, k) for k in range(k0, k1)]
        if start.ruleset in ONE_DIE_RULESETS:
            finals = [
                _one_die_rollout(self.ev, start, k, first, self.seed, self.truncate)
                for k, first in enumerate(firsts, k0)
            ]
            return self._controlled(finals, firsts) if self.control else finals
        play = fast.playouts if fast.active() else fast.pure_playouts
        games = play(
            start,
            k1 - k0,
            playout_seed(self.seed),
            self.truncate,
            policies=("network",) * n,
            start=k0,
            first_throws=firsts,
            evaluate_cutoff=True,
            network=self.ev.net,
            network_cutoff=True,
        )
        finals = [
            g.values
            if g.values is not None
            else tuple(float(j in (g.winner or ())) for j in range(n))
            for g in games
        ]
        if not self.control:
            return finals
        return self._controlled(finals, firsts)

    def _controlled(
        self, finals: list[tuple[float, ...]], firsts: Sequence[Throw]
    ) -> list[tuple[float, ...]]:
        """The rollouts' results corrected by the network's control variate."""
        start = self.play.position
        n = len(start.setup.players)
        after = self._control()
        mean = self.ev.values([start], 1)[0]
        return [
            tuple(f[q] - c[q] + mean[q] for q in range(n))
            for f, c in ((f, after[tuple(sorted(u))]) for f, u in zip(finals, firsts, strict=True))
        ]

    def _control(self) -> dict[tuple[int, ...], tuple[float, ...]]:
        """The network's 0-ply values after each throw's best reply (the control variate)."""
        if self._after is None:
            start = self.play.position
            keys = [u for u, _ in dice_for(start.ruleset).distinct()]
            answers = self.ev.replies([(start, u) for u in keys], False)
            self._after = {tuple(u): v for u, (v, _) in zip(keys, answers, strict=True)}
        return self._after


def _one_die_rollout(
    ev: NetEvaluator, start: Position, k: int, first: Throw, seed: int, truncate: int
) -> tuple[float, ...]:
    """Rollout ``k`` of a Ludo or MADN position by the network's player (the playouts do not
    play these games): the first throw ``first``, the later ones drawn from
    ``random.Random(rollout_seed(seed, k))`` (common random numbers, as
    :func:`pachisi.analysis.rollout._played_rollout`); each throw answered by the mover's
    best result at 0 ply (the first of the best in canonical order, as a reply), for at
    most ``truncate`` throws, then the network's 0-ply estimate (exact when decided)."""
    dice = dice_for(start.ruleset)
    rng = random.Random(rollout_seed(seed, k))
    pos = start
    throw = first
    for _ in range(truncate):
        if exact_chances(pos) is not None:
            break
        ((_, after),) = ev.replies([(pos, throw)], True)
        assert after is not None
        pos = after
        throw = dice.roll(rng)
    exact = exact_chances(pos)
    return exact.chances if exact is not None else ev.static([pos])[0]


def _paired(r: _Rollouts, best: _Rollouts) -> tuple[float, float]:
    """``r``'s difference from ``best`` and its standard error, over the rollouts both have
    (rollout ``k`` of each throws the same dice)."""
    n = min(len(r.values), len(best.values))
    return mean_se([v - b for v, b in zip(r.values[:n], best.values[:n], strict=True)])


def _standing(results: Sequence[_Rollouts], k: float) -> tuple[list[int], list[int]]:
    """The plays best first (by each one's mean), and those not clearly worse than the best
    (the best first): a difference under ``k`` standard errors is still contested."""
    stats = [mean_se(r.values) for r in results]
    order = sorted(range(len(results)), key=lambda i: (-stats[i][0], i))
    best = results[order[0]]
    contested = [order[0]]
    for i in order[1:]:
        diff, se = _paired(results[i], best)
        if not clear_difference(diff, se, k):
            contested.append(i)
    return order, contested


def check_rollouts(
    position: Position,
    throw: Sequence[int],
    rollouts: int,
    evaluator: NetEvaluator,
    *,
    truncate: int = DEFAULT_TRUNCATE,
    seed: int = 0,
    plays: Sequence[Play] | None = None,
    control: bool = True,
    first: int | None = None,
    alpha: float = CHECK_ALPHA,
    even: bool = False,
) -> Ranking:
    """The plays of ``throw`` ranked by truncated rollouts of the network's player.

    The plays checked are ``plays``, or by default those the evaluator's
    :func:`net_ranking` keeps (its move filter: at most ``candidates`` plays
    when its ply is 1 or more, every play at 0 ply).

    **How many rollouts.** With ``first`` ``None``, ``rollouts`` of each play (a
    fixed-size check; a difference is a verdict from :data:`~pachisi.analysis.rank.CLEAR`
    standard errors). With ``first``, the check is *sequential* and ``rollouts`` is
    its budget per play: every play gets ``first`` rollouts; then, at each look
    (:func:`check_looks`: the count doubled, the budget last), the plays not yet
    clearly worse than the best, the best among them, are played on to the next
    look's count, until the best is clearly ahead of every other play or the budget
    is spent. "Clearly": the paired difference (over the rollouts both plays have)
    is at least ``k`` standard errors, ``k`` = :func:`check_k` of the number of
    looks at level ``alpha``, so that looking many times does not make a verdict
    out of noise. A play the best left behind early keeps its few rollouts; at
    the budget, the plays still within ``k`` standard errors of the best are too
    close to tell. Two identical plays are never told apart (their difference is
    0 on every rollout) and use the whole budget. With ``even``, every play is then
    played on to the count the check stopped at and ranked again with the same
    ``k`` (so that "each play was played out N times" is true: the web's hints).

    Three ways to make the rollouts precise (variance reduction, as gnubg's):

    * **common random numbers**: rollout ``k`` of each play throws the same dice,
      the first throw stratified over the dice's outcomes, so the difference
      between two plays is measured rollout by rollout;
    * **truncation**: every choice is made by the network at 0 ply (equal plays:
      one drawn, the playouts' ``"network"`` policy, in the compiled kernel when
      it is active) for at most ``truncate`` throws; then the network's 0-ply
      estimate of the position reached (exact when the game is decided) is the
      rollout's result;
    * **the network as a control variate** (``control``, with ``truncate`` of 1
      or more): from each rollout's result is taken the network's own verdict on
      its first throw, the 0-ply value after that throw's best reply less the
      1-ply value of the play's position (the mean of those values over the
      dice's throws, so the correction is zero on average and the estimate stays
      unbiased). What is left is what the dice did after the first throw, which
      is all the noise a rollout should carry: with one throw of truncation the
      check gives the 1-ply values exactly, with no standard error.

    Each play gets its mean and standard error over its own rollouts, and the
    paired difference from the best play with its standard error. The ranking's
    ``how`` says how: ``k`` (the standard errors a verdict needs), ``looks``,
    ``rollouts_used`` (per play, in the ranking's order), ``stopped``
    (``"clear"``: the best is clearly ahead of every other play; ``"budget"``).
    The ranking's ``rollouts`` is the most any play got.
    """
    looks = check_looks(first, rollouts)
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha}")
    evaluator.check(position.setup)
    if truncate < 0:
        raise ValueError(f"the truncation must be at least 0 throws, not {truncate}")
    if plays is None:
        plays = [rp.play for rp in net_ranking(position, throw, evaluator).plays]
    mover = position.to_move
    t = plays[0].throw
    zero = evaluator.variant(ply=0)
    use_control = control and truncate > 0
    k = check_k(len(looks), alpha)
    results = [_Rollouts(zero, p, mover, truncate, seed, use_control) for p in plays]
    todo = list(range(len(results)))
    stopped = "budget"
    for n in looks:
        for i in todo:
            results[i].extend(n)
        order, todo = _standing(results, k)
        if len(todo) == 1:
            stopped = "clear"
            break
    if even:
        top = max(len(r.values) for r in results)
        for r in results:
            r.extend(top)
        order, _ = _standing(results, k)
    best = results[order[0]]
    n_players = len(position.setup.players)
    ranked = []
    for i in order:
        r = results[i]
        chance, se = mean_se(r.values)
        diff, diff_se = (0.0, 0.0) if r is best else _paired(r, best)
        est = exact_chances(r.play.position)
        if est is None:
            cs = [mean_se([c[q] for c in r.chances]) for q in range(n_players)]
            est = Estimate(
                tuple(m for m, _ in cs),
                tuple(s for _, s in cs),
                sides(position.setup),
                "rollout",
                rollouts=len(r.values),
                policy="network",
                seed=seed,
            )
        ranked.append(RankedPlay(r.play, chance, se, diff, diff_se, est))
    used = [len(results[i].values) for i in order]
    how = {
        "method": "rollout",
        "policy": "network",
        "ply": 0,
        "truncate": truncate,
        "finish": "network",
        "control": "first throw" if use_control else None,
        "network": evaluator.describe(0)["network"],
        "sequential": first is not None,
        "k": k,
        "looks": list(looks),
        "rollouts_used": used,
        "stopped": stopped,
    }
    return Ranking(position, t, mover, tuple(ranked), max(used), "network", seed, (), how=how)
