"""The one driver of the throw graph, for whole plays and for steps alike.

A throw is played on a graph (states and steps: :mod:`pachisi._throw`) in up
to four layers, each given by the family's rules (:class:`ThrowRules`:
:class:`pachisi._pagade.Pagade` or :class:`pachisi._family.Family`):

1. the **penalty** of a third doublet, which replaces everything else;
2. the **option**: Eight-Man's choice of number set A, B or C (a single
   unnamed set elsewhere);
3. the **dice part** of each number set, explored from its start state; the
   family's selection rule picks the terminal states a play may stop at;
4. the **bonus part** from a selected terminal with bonuses pending.

:meth:`ThrowGraph.plays` lists the distinct results, each with the greatest
path that reaches it by its steps' ranks (:func:`pachisi.plays.step_rank`);
:meth:`ThrowGraph.root` and :meth:`ThrowGraph.steps` walk the same graph one
step at a time, offering only the steps from which a
selected terminal can still be reached. Plays and steps therefore cannot
disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ._family import Family
from ._ludo import Ludo, Maedn, OneDie
from ._pagade import Pagade
from ._throw import (
    OPTION,
    PROGRESS_MASK,
    BonusState,
    DiceState,
    Edge,
    State,
    Step,
    ThrowRules,
    make_step,
)
from .plays import step_rank
from .position import Position

__all__ = ["DiceGraph", "Node", "ThrowGraph", "explore", "rules_for"]

#: The one-die rulesets' throw rules (their whole throw is the first layer, see _ludo).
ONE_DIE_RULES: dict[str, type[OneDie]] = {"ludo": Ludo, "maedn": Maedn}


def rules_for(position: Position, throw: tuple[int, int]) -> ThrowRules:
    """The family's rules for one throw: the one place the ruleset is looked at."""
    ruleset = position.setup.ruleset
    if ruleset in ONE_DIE_RULES:  # RULES-LUDO.md: every outcome at once (pachisi._ludo)
        return ONE_DIE_RULES[ruleset](position, throw)
    if ruleset == "pagade":
        return Pagade(position, throw)
    return Family(position, throw)


def explore(
    expand: Callable[[State], list[Edge[State]]], starts: Sequence[State], keep_edges: bool
) -> tuple[dict[State, tuple[State, Step] | None], dict[State, list[Edge[State]]] | None]:
    """Every state reachable from ``starts`` (depth first), with the first edge that reached it.

    Returns ``parent`` (in discovery order) and, if ``keep_edges``, every
    state's edges (in expansion order).
    """
    parent: dict[State, tuple[State, Step] | None] = dict.fromkeys(starts)
    edges: dict[State, list[Edge[State]]] | None = {} if keep_edges else None
    stack = list(parent)
    while stack:
        s = stack.pop()
        es = expand(s)
        if edges is not None:
            edges[s] = es
        for step, nxt in es:
            if nxt not in parent:
                parent[nxt] = (s, step)
                stack.append(nxt)
    return parent, edges


#: A path as the ranks of its steps (:func:`pachisi.plays.step_rank`) and the steps.
_Path = tuple[tuple[int, ...], tuple[Step, ...]]
#: The ranks of the steps met so far (steps are small immutable tuples).
_RANKS: dict[Step, int] = {}


def _progress(state: DiceState | BonusState) -> int:
    """The sum of the mover's pawns' progress: every step raises it (a topological order)."""
    return sum([code & PROGRESS_MASK for code in state.pawns])


def best_paths(
    edges: dict[State, list[Edge[State]]], starts: dict[State, _Path]
) -> dict[State, _Path]:
    """The greatest path (by its steps' ranks) from ``starts`` to every state of ``edges``.

    ``starts``: the path each start state is reached by. Every step moves a
    pawn forward, so the states taken by their pawns' total progress are in
    an order where each comes after every state that leads to it.
    """
    best: dict[State, _Path] = dict(starts)
    ranks = _RANKS
    if len(ranks) > 100_000:
        ranks.clear()
    for s in sorted(edges, key=_progress):
        here = best.get(s)
        if here is None:
            continue
        r0: tuple[int, ...] = here[0]
        p0: tuple[Step, ...] = here[1]
        for step, nxt in edges[s]:
            rank = ranks.get(step)
            if rank is None:
                rank = ranks[step] = step_rank(step)
            cand = (*r0, rank)
            found = best.get(nxt)
            if found is None or cand > found[0]:
                best[nxt] = (cand, (*p0, step))
    return best


_K = TypeVar("_K")


def _offer(found: dict[_K, _Path], key: _K, path_found: _Path) -> None:
    """Keep ``path_found`` for ``key`` if it is the greatest so far."""
    old = found.get(key)
    if old is None or path_found[0] > old[0]:
        found[key] = path_found


@dataclass
class DiceGraph:
    """The explored dice part of one number set: states, edges and the selected terminals."""

    name: str
    start: DiceState
    parent: dict[DiceState, tuple[DiceState, Step] | None]
    edges: dict[DiceState, list[Edge[DiceState]]] | None
    selected: list[DiceState]
    moves_something: bool
    #: The selected terminals as a set, and the states from which one can be
    #: reached: made on first use (by steps only).
    stops: set[DiceState] | None = None
    good: set[DiceState] | None = None


def dice_graph(
    rules: ThrowRules, name: str, numbers: tuple[int, ...], keep_edges: bool
) -> DiceGraph:
    """Explore the dice part of one number set and select its terminals."""
    start = rules.dice_start(numbers)
    parent, edges = explore(rules.dice_edges, [start], keep_edges)
    selected = rules.select(start, list(parent))
    return DiceGraph(name, start, parent, edges, selected, selected != [start])


def good_states(g: DiceGraph) -> set[DiceState]:
    """The states from which a selected terminal can be reached."""
    assert g.edges is not None
    rev: dict[DiceState, list[DiceState]] = {}
    for s, es in g.edges.items():
        for _, nxt in es:
            rev.setdefault(nxt, []).append(s)
    good = set(g.selected)
    stack = list(g.selected)
    while stack:
        s = stack.pop()
        for prev in rev.get(s, ()):
            if prev not in good:
                good.add(prev)
                stack.append(prev)
    return good


#: A play's end: pawns, captured squares, the cut flag, the extra throw.
_EndKey = tuple[tuple[int, ...], tuple[int, ...], bool, bool]


@dataclass(frozen=True)
class Node:
    """Where a throw played step by step stands.

    ``kind``: "penalty" (third doublet, a pawn to choose), "option"
    (Eight-Man set to choose), "dice" (inside the dice part of number set
    ``name`` at ``state``), "bonus" (bonus part at ``state``), "done" (the
    throw is played; ``state`` is the last state, or ``result`` is given).
    ``extra``: whether the throw grants another throw (once the dice are played).
    """

    kind: str
    name: str = ""
    state: DiceState | BonusState | None = None
    extra: bool = False
    result: Position | None = None


class ThrowGraph:
    """The throw graph of one position and throw.

    ``keep_edges``: keep every state's edges (needed to walk step by step).
    """

    def __init__(self, position: Position, throw: tuple[int, int], keep_edges: bool) -> None:
        self.position = position
        self.throw = throw
        self.rules = rules = rules_for(position, throw)
        #: The outcomes of a third doublet (then there is nothing else), else None.
        self.penalty = rules.penalty()
        #: The dice part of every number set, in order.
        self.sets: list[DiceGraph] = []
        if self.penalty is None:
            self.sets = [
                dice_graph(rules, name, numbers, keep_edges)
                for name, numbers in rules.number_sets()
            ]
        #: The number sets under which something moves.
        self.moving = [g for g in self.sets if g.moves_something]
        self._by_name = {g.name: g for g in self.sets}

    # -- whole plays ---------------------------------------------------------

    def plays(self) -> list[tuple[list[Step], Position]]:
        """Every distinct result with the steps of the play shown for it.

        Of the plays that reach one result, the one whose steps' ranks
        (:func:`pachisi.plays.step_rank`) are the greatest sequence: the
        compiled kernel shows the same one.
        """
        if self.penalty is not None:
            results: dict[Position, list[Step]] = {}
            for penalty_steps, res in self.penalty:
                results.setdefault(res, list(penalty_steps))
            return [(steps, res) for res, steps in results.items()]
        rules = self.rules
        if not self.moving:
            return [([], rules.end_position(self.sets[0].start, rules.extra(False)))]
        # End states (pawns, captured, cut flag, extra), each with the greatest path
        # found to it; positions are built only for the distinct ones.
        ends: dict[_EndKey, _Path] = {}
        flag_is_cut = rules.flag_is_cut
        bonus_root = rules.bonus_root
        for g in self.moving:
            assert g.edges is not None, "plays() needs the graph's edges"
            start: _Path = ((), ())
            if g.name:
                option = make_step(OPTION, option=g.name)
                start = ((step_rank(option),), (option,))
            best = best_paths(g.edges, {g.start: start})
            # every selected terminal uses as many numbers as the others (selection)
            extra = rules.extra(not g.selected[0].numbers)
            # The bonus part from every selected terminal with a bonus pending,
            # all at once; the others end with their dice part.
            roots: dict[BonusState, _Path] = {}
            for s in g.selected:
                root = bonus_root(g.start, s)
                if root is None:
                    _offer(
                        ends, (s.pawns, s.captured, bool(s.flag) and flag_is_cut, extra), best[s]
                    )
                else:
                    found = roots.get(root)
                    if found is None or best[s][0] > found[0]:
                        roots[root] = best[s]
            if not roots:
                continue
            _, edges = explore(rules.bonus_edges, list(roots), True)
            assert edges is not None
            bonus_best = best_paths(edges, roots)
            for b, es in edges.items():
                if not es:  # no pending bonus can be taken: an end
                    _offer(ends, (b.pawns, b.captured, False, extra), bonus_best[b])
        plays: dict[Position, _Path] = {}
        for (pawns, captured, cut_made, extra), path_found in ends.items():
            _offer(plays, rules.result(pawns, captured, cut_made, extra), path_found)
        return [(list(steps), res) for res, (_, steps) in plays.items()]

    # -- step by step --------------------------------------------------------

    def root(self) -> Node:
        """Where a throw starts."""
        if self.penalty is not None:
            steps, res = self.penalty[0]
            return Node("penalty") if steps else Node("done", result=res)
        if not self.moving:
            return Node("done", state=self.sets[0].start, extra=self.rules.extra(False))
        if len(self.sets) > 1:
            return Node("option")
        return self._at_dice(self.sets[0], self.sets[0].start)

    def _at_dice(self, g: DiceGraph, s: DiceState) -> Node:
        if g.stops is None:
            g.stops = set(g.selected)
            g.good = good_states(g)
        if s not in g.stops:
            return Node("dice", g.name, s)
        extra = self.rules.extra(not s.numbers)
        root = self.rules.bonus_root(g.start, s)
        if root is None:
            return Node("done", state=s, extra=extra)
        return self._at_bonus(root, extra)

    def _at_bonus(self, b: BonusState, extra: bool) -> Node:
        if self.rules.bonus_edges(b):
            return Node("bonus", state=b, extra=extra)
        return Node("done", state=b, extra=extra)

    def steps(self, node: Node) -> list[tuple[Step, Node]]:
        """The steps from ``node`` that extend to some legal play, with where each leads."""
        out: list[tuple[Step, Node]] = []
        if node.kind == "penalty":
            assert self.penalty is not None
            for penalty_steps, res in self.penalty:
                out.append((penalty_steps[0], Node("done", result=res)))
        elif node.kind == "option":
            for g in self.moving:
                out.append((make_step(OPTION, option=g.name), self._at_dice(g, g.start)))
        elif node.kind == "dice":
            assert isinstance(node.state, DiceState)
            g = self._by_name[node.name]
            assert g.edges is not None and g.good is not None
            good = g.good
            for step, after in g.edges[node.state]:
                if after in good:
                    out.append((step, self._at_dice(g, after)))
        elif node.kind == "bonus":
            assert isinstance(node.state, BonusState)
            for step, bonus_after in self.rules.bonus_edges(node.state):
                out.append((step, self._at_bonus(bonus_after, node.extra)))
        return out

    def pending(self, node: Node) -> tuple[int, ...]:
        """The bonuses pending at ``node`` (in the dice part: once the dice are played)."""
        if node.kind == "dice":
            assert isinstance(node.state, DiceState)
            return self.rules.pending(self._by_name[node.name].start, node.state)
        if node.kind == "bonus":
            assert isinstance(node.state, BonusState)
            return node.state.pending
        return ()

    def pawns(self, node: Node) -> tuple[tuple[int, ...], ...]:
        """Every colour's pawns at ``node`` (captured pawns already off)."""
        if node.result is not None:
            return node.result.pawns
        if node.state is None:
            return self.position.pawns
        return self.rules.pawns_after(node.state.pawns, node.state.captured)

    def result(self, node: Node) -> Position:
        """The position at the next throw boundary once ``node`` is "done"."""
        if node.result is not None:
            return node.result
        assert node.state is not None
        return self.rules.end_position(node.state, node.extra)
