"""The network policy of the playouts: the kernel's games against the pure engine's.

``playouts(..., policies=(..., "network", ...), network=net)`` plays the
seats of the ``"network"`` policy greedily on the value network inside the
kernel; ``pure_playouts`` with the same arguments plays them on the pure
engine with the network's plain-Python path. The games must be the same
(throws, finishers, winners, and with ``network_cutoff`` the network's values
of a cut-off game, bit for bit), compiled and uncompiled.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from kernels import MODULES, UNCOMPILED
from pachisi import Position, _accel
from pachisi.bots.evaluation import evaluate
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup

CASES = [
    (Setup.create("parcheesi", players=2), ("network", "network")),
    (Setup.create("parcheesi", players=4, teams=True), ("network", "greedy", "random", "network")),
    (Setup.create("whitman", players=3), ("random", "network", "network")),
    (Setup.create("pagade", players=2), ("network", "greedy")),
    (Setup.create("pagade", options={"play_for_places": True}), ("network",) * 4),
    (Setup.create("eight-man"), ("network", "network")),
]


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize(
    ("setup", "policies"), CASES, ids=[f"{s.ruleset}-{len(p)}" for s, p in CASES]
)
def test_network_playouts_are_the_pure_ones(
    setup: Setup, policies: tuple[str, ...], module: ModuleType
) -> None:
    net = ValueNet.random(setup, hidden=6, seed=len(policies))
    pos = Position.initial(setup, 1)
    # (Eight-Man's pure engine is slow: few games there.)
    n = 3 if module is UNCOMPILED or setup.ruleset == "eight-man" else 10
    max_throws = 40 if module is UNCOMPILED else 70
    kw = {
        "policies": policies,
        "network": net,
        "evaluate_cutoff": True,
        "network_cutoff": True,
        "start": 5,
    }
    got = _accel.playouts(pos, n, 77, max_throws, module=module, **kw)
    want = _accel.pure_playouts(pos, n, 77, max_throws, evaluation=evaluate, **kw)
    assert got == want
    assert any(g.values is not None for g in got)
    # The values of a cut-off game are the network's, each player's side's chance.
    assert all(sum(g.values) > 0.99 for g in got if g.values is not None and len(policies) == 2)


def test_the_network_policy_differs_from_random_and_greedy() -> None:
    setup = Setup.create("parcheesi", players=2)
    net = ValueNet.random(setup, hidden=6, seed=3)
    pos = Position.initial(setup, 0)
    games = {
        name: _accel.pure_playouts(
            pos,
            4,
            1,
            60,
            policies=(name, name),
            network=net,
            evaluation=evaluate,
            evaluate_cutoff=True,
            network_cutoff=True,
        )
        for name in ("network", "greedy", "random")
    }
    assert games["network"] != games["greedy"] and games["network"] != games["random"]


def test_network_players_need_a_network() -> None:
    pos = Position.start("parcheesi", players=2)
    with pytest.raises(ValueError, match="need a network"):
        _accel.pure_playouts(pos, 1, 1, policies=("network", "random"))
    with pytest.raises(ValueError, match="unknown policy 'nets'"):
        _accel.pure_playouts(pos, 1, 1, policies=("nets", "random"))


@pytest.mark.skipif(not _accel.active(), reason="no compiled kernel, or PACHISI_PURE=1")
def test_the_networks_rollout_check_is_the_same_on_both_engines() -> None:
    from pachisi.analysis.net import NetEvaluator, check_rollouts

    setup = Setup.create("parcheesi", players=2)
    ev = NetEvaluator(ValueNet.random(setup, hidden=6, seed=8), ply=0, source="random")
    pos = Position.from_text("parcheesi r,y - r:0.10.20.30,y:5.9.40.40 1 0 - - -")
    kernel = check_rollouts(pos, (3, 5), 10, ev, truncate=8, seed=4).as_dict()
    with _accel.pure():
        pure = check_rollouts(pos, (3, 5), 10, ev, truncate=8, seed=4).as_dict()
    # The same games and chances; the standard errors and differences may differ in the
    # last bits (their sums are taken in another order on each engine).
    assert _same(kernel, pure)
    assert all(p["se"] > 0 for p in kernel["plays"])


def _same(a: object, b: object) -> bool:
    """Equal, floats to 12 significant digits, through nested dicts and lists."""
    if isinstance(a, float) and isinstance(b, float):
        return a == pytest.approx(b, rel=1e-12, abs=1e-15)
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return a == b
