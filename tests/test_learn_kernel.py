"""The value network inside the kernel against :class:`ValueNet`'s plain-Python path.

The kernel's encoding of a game state must be :meth:`Encoder.encode`'s (the
same units in the same order, the same values) and its side chances
:meth:`ValueNet.side_chances`' bit for bit (the same operations in the same
order), on random positions of every ruleset and set-up, compiled and
uncompiled (the kernel's source run as Python).
"""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from helpers import NET_SETUPS
from kernels import MODULES, UNCOMPILED
from pachisi import Position
from pachisi.dice import dice_for
from pachisi.learn import misfit, net_for
from pachisi.learn.encoding import Encoder
from pachisi.learn.kernel import kernel_encode, kernel_side_chances, tables
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.rules import Setup

SETUPS = NET_SETUPS


def game_positions(setup: Setup, n: int, seed: int) -> list[Position]:
    """``n`` positions of random games played to the end, each game's last (decided) one
    among them: every position until the first game ends, then every 5th and the last."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    out: list[Position] = []
    step = 1
    while len(out) < n:
        pos = Position.initial(setup, rng.randrange(len(setup.players)))
        k = 0
        while not pos.is_over:
            if k % step == 0 and len(out) < n - 1:
                out.append(pos)
            plays = legal_plays(pos, dice.roll(rng))
            pos = plays[rng.randrange(len(plays))].position
            k += 1
        out.append(pos)
        step = 5
    return out


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("name", sorted(SETUPS))
def test_the_kernel_encodes_and_values_as_the_plain_path(name: str, module: ModuleType) -> None:
    setup = SETUPS[name]
    enc = Encoder.of(setup)
    net = ValueNet.random(setup, hidden=5, seed=len(name))
    n = 300 if module is not UNCOMPILED else 40
    positions = game_positions(setup, n, seed=len(name) + 11)
    assert positions[-1].winner is not None
    for pos in positions:
        if pos.winner is None:
            assert kernel_encode(net, pos, module) == enc.encode(pos), pos.to_text()
        assert kernel_side_chances(net, pos, module) == net.side_chances(pos), pos.to_text()


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize(
    ("ruleset", "players"),
    [
        ("parcheesi", 2),
        ("parcheesi", 3),
        ("parcheesi", 4),
        ("whitman", 4),
        ("pagade", 4),
        ("parcheesi", "teams"),
        ("pagade", "teams"),
    ],
)
def test_the_shipped_network_in_the_kernel(
    module: ModuleType, ruleset: str, players: int | str
) -> None:
    """Larger weights than the random ones: trained networks, 32 hidden units, on games of
    the set-ups they were trained on (the side chances bit for bit)."""
    if players == "teams":
        setup = Setup.create(ruleset, players=4, teams=True)
    else:
        setup = Setup.create(ruleset, players=players)
    net = net_for(setup)
    assert misfit(net, setup) is None
    for pos in game_positions(setup, 60, seed=5):
        assert kernel_side_chances(net, pos, module) == net.side_chances(pos)


def test_tables_refuse_another_ruleset() -> None:
    net = ValueNet.random(SETUPS["whitman-3"], hidden=2)
    with pytest.raises(ValueError, match="for whitman, not pagade"):
        tables(net, SETUPS["pagade-2"])


@pytest.mark.parametrize("module", MODULES)
@pytest.mark.parametrize("hidden", [8, 13, 24])
def test_the_kernel_sums_the_hidden_layer_by_blocks_and_the_rest(
    module: ModuleType, hidden: int
) -> None:
    """The kernel sums the hidden layer eight units at a time, then the rest one by one
    (_knet.net_forward): both, and each alone, give ValueNet's side chances bit for bit."""
    setup = Setup.create("parcheesi", players=4)
    net = ValueNet.random(setup, hidden=hidden, seed=hidden)
    n = 60 if module is not UNCOMPILED else 10
    for pos in game_positions(setup, n, seed=hidden):
        assert kernel_side_chances(net, pos, module) == net.side_chances(pos), pos.to_text()
