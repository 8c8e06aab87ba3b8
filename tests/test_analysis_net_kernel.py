"""The analysis by the value network in the compiled kernel against the plain-Python path.

:class:`NetEvaluator` looks ahead at 1 and 2 plies through
:func:`pachisi.learn.kernel.best_replies` when the kernel is active. The
figures must be the pure path's: the same replies (the first best in
canonical order, ties within 1e-9), the same values (the kernel's network is
the plain path's bit for bit, so without numpy exactly the same numbers;
numpy batches differ in the last bits), a decided game exact, a Pagade dead
end among the replies too (the kernel marks the throws where one might be,
:func:`pachisi.learn.kernel.dead_end_throws`, and the evaluator answers those
on the pure engine).
"""

from __future__ import annotations

import json
import random
import sys
from types import ModuleType

import pytest

from helpers import NET_SETUPS
from kernels import MODULES
from pachisi import Game, Position, _accel, dice_for
from pachisi.analysis import NetEvaluator, ReviewSettings, net_ranking, review
from pachisi.bots import make_player
from pachisi.learn.kernel import dead_end_throws
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.record import Record
from pachisi.rules import Setup

needs_kernel = pytest.mark.skipif(
    not _accel.active(), reason="the kernel is not compiled here, or PACHISI_PURE=1"
)

SETUPS = NET_SETUPS

#: Every colour but red jammed at Pagade's 75/76 (nobody has cut): red's 4-1 can jam too.
JAM = "pagade ry,bg - r:{}.75.76.76,b:75.75.76.76,y:75.75.76.76,g:75.75.76.76 0 0 00 - -"


def random_positions(setup: Setup, n: int, seed: int) -> list[Position]:
    """``n`` positions of one random game (every ``k``-th, so that they span it), its
    last (decided) one among them."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    game = [Position.initial(setup, rng.randrange(len(setup.players)))]
    while not game[-1].is_over:
        plays = legal_plays(game[-1], dice.roll(rng))
        game.append(plays[rng.randrange(len(plays))].position)
    step = max(1, len(game) // (n - 1))
    return game[:-1][::step][: n - 1] + game[-1:]


def plain(monkeypatch: pytest.MonkeyPatch) -> None:
    """No numpy from here on (the network's plain-Python path)."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError


def pure_values(net: ValueNet, positions: list[Position], ply: int) -> list[tuple[float, ...]]:
    with _accel.pure():
        return NetEvaluator(net, ply).values(positions)


@needs_kernel
@pytest.mark.parametrize("name", list(SETUPS))
def test_the_kernel_values_as_the_pure_path_at_every_ply(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup = SETUPS[name]
    net = ValueNet.random(setup, hidden=6, seed=3)
    positions = random_positions(setup, 6, seed=len(name))
    assert positions[-1].is_over
    at = {0: positions, 1: positions[1:], 2: positions[2:3] + positions[-1:]}
    kernel = {ply: NetEvaluator(net, ply).values(at[ply]) for ply in at}
    for ply in (0, 1):  # numpy's batches: the last bits may differ
        for a, b in zip(kernel[ply], pure_values(net, at[ply], ply), strict=True):
            assert a == pytest.approx(b, abs=1e-12, rel=0)
    plain(monkeypatch)
    for ply in at:
        assert kernel[ply] == pure_values(net, at[ply], ply)
    # the replies themselves: the same positions, values and tie-breaking
    throws = [t for t, _ in dice_for(setup.ruleset).distinct()]
    pairs = [(p, u) for p in positions[:3] for u in throws]
    ev = NetEvaluator(net, 1)
    replies = ev.replies(pairs)
    with _accel.pure():
        assert NetEvaluator(net, 1).replies(pairs) == replies
    assert [c for c, _ in ev.replies(pairs, positions=False)] == [c for c, _ in replies]


def test_a_reply_is_the_first_best_in_canonical_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """A network that values every position alike: every reply is the first result in
    canonical order (since 0.3.0.dev0 also the first of ``legal_plays``), on either engine."""
    setup = SETUPS["parcheesi-2"]
    net = ValueNet.random(setup, hidden=4, seed=1)
    net.W2 = [[0.0] * len(row) for row in net.W2]  # every position 50-50
    net.b2 = [0.0] * len(net.b2)
    pos = Position.from_text("parcheesi r,y - r:0.10.20.30,y:5.15.25.35 0 0 - - -")
    ((c, after),) = NetEvaluator(net, 1).replies([(pos, (3, 4))])
    plays = legal_plays(pos, (3, 4))
    first = _accel.canonical_plays(pos, plays)[0].position
    assert after == first == plays[0].position and c == (0.5, 0.5)
    assert len({p.position for p in plays}) > 1  # a choice to make
    with _accel.pure():
        assert NetEvaluator(net, 1).replies([(pos, (3, 4))]) == [(c, after)]


def jammed() -> list[Position]:
    """Pagade positions not over where some throw of red's can end in a dead end."""
    return [Position.from_text(JAM.format(p)) for p in (63, 66, 68, 70)]


@pytest.mark.parametrize("module", MODULES)
def test_the_kernel_marks_every_throw_that_can_end_in_a_dead_end(module: ModuleType) -> None:
    throws = [t for t, _ in dice_for("pagade").distinct()]
    marked_any = False
    for pos in jammed():
        assert not pos.is_over
        dead = [any(q.position.is_dead_end for q in legal_plays(pos, t)) for t in throws]
        marks = dead_end_throws(pos, throws, module)
        assert any(dead) and all(m for d, m in zip(dead, marks, strict=True) if d)
        marked_any = True
    assert marked_any
    start = Position.start("pagade")
    assert dead_end_throws(start, throws, module) == [False] * len(throws)
    with pytest.raises(ValueError, match="Pagade's, not parcheesi's"):
        dead_end_throws(Position.start("parcheesi"), throws, module)


@needs_kernel
def test_a_dead_end_among_the_replies_is_valued_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = jammed()
    net = ValueNet.random(positions[0].setup, hidden=6, seed=2)
    throws = [t for t, _ in dice_for("pagade").distinct()]
    ev = NetEvaluator(net, 1)
    replies = ev.replies([(p, u) for p in positions for u in throws])
    shared = [c for c, after in replies if after is not None and after.is_dead_end]
    assert shared and all(c == (0.5, 0.5) for c in shared)
    plain(monkeypatch)
    for ply in (1, 2):
        assert NetEvaluator(net, ply).values(positions) == pure_values(net, positions, ply)


def short_game(setup: Setup, throws: int, seed: int) -> Record:
    game = Game(Position.start(setup.ruleset, players=len(setup.players)), seed=seed)
    bots = [make_player("greedy", i) for i in range(len(setup.players))]
    for _ in range(throws):
        throw = game.roll()
        game.push(bots[game.position.to_move].choose(game.position, throw, game.legal_plays()))
    return Record.from_game(game)


@needs_kernel
def test_a_review_at_one_ply_is_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain(monkeypatch)
    for ruleset, throws in (("parcheesi", 10), ("pagade", 6)):
        rec = short_game(Setup.create(ruleset, players=2), throws, seed=3)
        settings = ReviewSettings(by="network", ply=1)
        kernel = json.dumps(review(rec, settings).as_dict())
        with _accel.pure():
            pure = json.dumps(review(rec, settings).as_dict())
        assert kernel == pure
        assert json.loads(kernel)["ply"] == 1 and json.loads(kernel)["method"] == "network"


@needs_kernel
def test_a_two_ply_ranking_is_the_same_with_and_without_the_kernel(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain(monkeypatch)
    pos = Position.from_text("parcheesi r,y - r:10.60.72.72,y:22.24.72.72 0 0 - - -")
    ev = NetEvaluator.shipped("parcheesi", 2)
    kernel = net_ranking(pos, (3, 2), ev).as_dict()
    with _accel.pure():
        assert net_ranking(pos, (3, 2), NetEvaluator.shipped("parcheesi", 2)).as_dict() == kernel
    assert kernel["ply"] == 2 and kernel["method"] == "network"
