"""Which set-ups a network may judge (pachisi.learn.misfit), which shipped network a
set-up gets (net_for), and what refuses the others.

Each shipped network is trained on one set-up: two players for every
ruleset, three and four for Parcheesi and Whitman, four for Pagade, and
the teams of Parcheesi and Pagade. The encoding sees the board from the
mover's arm, so the same arrangement turned round the board looks the same
to a network; another number of players, teams, or two players on
neighbouring arms does not, and there the
learned player played badly (docs/players.md: the two-player network won 7
of 400 four-player Parcheesi games against three expectimax players). So
the player, the registry, simulate, play and the analysis refuse such
set-ups with the reason.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pachisi import Position, legal_plays
from pachisi.analysis.net import NetEvaluator, check_rollouts, net_ranking
from pachisi.bots import LearnedPlayer, make_player, unfit_reason
from pachisi.cli import main
from pachisi.dice import dice_for
from pachisi.errors import PachisiError
from pachisi.learn import _words as words
from pachisi.learn import (
    default_net,
    misfit,
    net_for,
    set_up_frames,
    shipped_for,
    trained_setup,
)
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.tournament import SimConfig

#: Set-ups a shipped network has learned: its own, and the same turned round the board.
FIT = [
    Setup.create("parcheesi", players=2),
    Setup.create("parcheesi", players=4),
    Setup.create("parcheesi", players=3),
    Setup.create("parcheesi", players=["green", "yellow", "blue"]),
    Setup.create("parcheesi", players=["red", "green", "blue"]),  # any three arms: a turn
    Setup.create("whitman", players=3),
    Setup.create("whitman", players=4),
    Setup.create("pagade", players=4),
    Setup.create("parcheesi", players=["green", "blue"]),
    Setup.create("parcheesi", players=["yellow", "red"]),
    Setup.create("whitman", players=["blue", "green"]),
    Setup.create("pagade", players=2),
    Setup.create("eight-man", players=2, majors=["red", "blue"]),
]
#: Set-ups no shipped network has learned.
UNFIT = [
    Setup.create("parcheesi", players=["red", "green"]),  # neighbouring arms
    Setup.create("whitman", players=["red", "blue"]),
    Setup.create("eight-man", players=2, majors=["yellow", "green"]),  # the other majors
]


@pytest.mark.parametrize("setup", FIT, ids=lambda s: s.describe())
def test_a_network_judges_the_set_ups_it_has_learned(setup: Setup) -> None:
    net = net_for(setup)
    assert set_up_frames(setup) <= set_up_frames(trained_setup(net) or setup)
    assert misfit(net, setup) is None
    assert LearnedPlayer().unfit(setup) is None
    assert unfit_reason("learned1", setup) is None


@pytest.mark.parametrize("setup", UNFIT, ids=lambda s: s.describe())
def test_a_network_refuses_the_set_ups_it_has_not_learned(setup: Setup) -> None:
    net = net_for(setup)
    assert net is default_net(setup.ruleset)  # none fits: the ruleset's first, which says why
    trained = trained_setup(net)
    assert trained is not None and trained.ruleset == setup.ruleset
    why = misfit(net, setup)
    assert why == (
        f"the {setup.ruleset} network was trained on {words(trained)}, and this game is"
        f" {words(setup)}: it has not learned this arrangement of players"
    )
    for name in ("learned", "learned1", "learned2"):
        assert unfit_reason(name, setup) == f"{name}: {why}"


def test_each_set_up_gets_the_network_that_has_learned_it() -> None:
    two, four = Setup.create("parcheesi", players=2), Setup.create("parcheesi", players=4)
    assert shipped_for(two) == ("parcheesi.json", default_net("parcheesi"))
    name, net = shipped_for(four)
    assert name == "parcheesi.4p.json" and net is not default_net("parcheesi")
    assert trained_setup(net) == four
    assert misfit(default_net("parcheesi"), four) is not None  # the two-player one refuses it
    assert misfit(net, two) is not None  # and the four-player one two players
    for ruleset in ("whitman", "pagade", "eight-man"):
        assert shipped_for(Setup.create(ruleset, players=2))[0] == f"{ruleset}.json"
    for ruleset, n in (("parcheesi", 3), ("whitman", 3), ("whitman", 4), ("pagade", 4)):
        assert shipped_for(Setup.create(ruleset, players=n))[0] == f"{ruleset}.{n}p.json"
    for ruleset in ("parcheesi", "pagade"):
        teams = Setup.create(ruleset, players=4, teams=True)
        assert shipped_for(teams)[0] == f"{ruleset}.4t.json"
    # The player and the analysis take the set-up's network.
    assert LearnedPlayer().network(four) is net
    assert NetEvaluator.shipped(four).net is net
    assert NetEvaluator.shipped(four).source == "pachisi/learn/weights/parcheesi.4p.json"
    assert NetEvaluator.shipped("parcheesi").net is default_net("parcheesi")


def test_what_the_frames_see() -> None:
    two = set_up_frames(Setup.create("parcheesi", players=2))
    assert len(two) == 1  # both players see the same board: the other on the opposite arm
    assert len(set_up_frames(Setup.create("parcheesi", players=["red", "green"]))) == 2
    assert len(set_up_frames(Setup.create("parcheesi", players=4))) == 1
    # House-rule switches are not part of the frames.
    switched = Setup.create("parcheesi", players=2, options={"no_split_doubles_home": False})
    assert set_up_frames(switched) == two


def test_a_network_that_does_not_name_its_set_up_is_taken_at_its_word() -> None:
    four = Setup.create("parcheesi", players=4)
    net = ValueNet.random(four, hidden=3, seed=1)
    assert trained_setup(net) is None
    assert misfit(net, four) is None
    assert misfit(net, Setup.create("parcheesi", players=2)) is None
    # A network trained on four players fits four, not two.
    named = ValueNet(net.ruleset, net.W1, net.b1, net.W2, net.b2, {"setup": four.to_fields()})
    assert misfit(named, four) is None
    assert "it has not learned" in (misfit(named, Setup.create("parcheesi", players=2)) or "")
    whitman = Setup.create("whitman", players=2)
    assert misfit(net, whitman) == "the network is for parcheesi, and this game is whitman"


def test_the_learned_player_refuses_before_choosing() -> None:
    pos = Position.start("parcheesi", players=["red", "green"])
    plays = legal_plays(pos, (5, 2))
    with pytest.raises(PachisiError, match=r"^learned1: the parcheesi network was trained on"):
        make_player("learned1", 1).choose(pos, (5, 2), plays)
    # Also with a single play: a game that cannot be played well is not begun.
    one = legal_plays(pos, (1, 3))
    assert len(one) == 1
    with pytest.raises(PachisiError, match=r"^learned: "):
        make_player("learned", 1).choose(pos, (1, 2), one)
    # Where its network has learned the set-up it plays.
    rng = random.Random(4)
    player = make_player("learned1", 2)
    for players in (["green", "blue"], 3, 4):
        pos = Position.start("parcheesi", players=players)
        for _ in range(8):
            throw = dice_for("parcheesi").roll(rng)
            plays = legal_plays(pos, throw)
            pos = player.choose(pos, throw, plays).position


def test_a_run_with_a_player_that_cannot_play_its_set_up_is_refused() -> None:
    odd = Setup.create("parcheesi", players=["red", "green"])
    with pytest.raises(ValueError, match=r"^learned1: the parcheesi network was trained on"):
        SimConfig(odd, ("greedy", "learned1"), seed=1)
    SimConfig(odd, ("greedy", "expectimax"), seed=1)
    SimConfig(Setup.create("parcheesi", players=2), ("learned1", "greedy"), seed=1)
    four = Setup.create("parcheesi", players=4)
    SimConfig(four, ("learned1", "greedy", "greedy", "greedy"), seed=1)


def test_simulate_and_play_say_why_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["simulate", "parcheesi", "--players", "learned1,greedy", "--colours", "red,green"]
    args += ["--games", "1"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert err.startswith("pachisi: learned1: the parcheesi network was trained on parcheesi,")
    assert err.count("\n") == 1
    monkeypatch.chdir(tmp_path)
    play = ["play", "whitman", "--colours", "red,blue", "--players", "human,learned2"]
    assert main([*play, "--auto"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("pachisi: learned2: the whitman network was trained on whitman,")
    assert list(tmp_path.iterdir()) == []  # no game file begun


def test_the_network_analysis_refuses_and_says_what_does_judge() -> None:
    pos = Position.start("parcheesi", players=["red", "green"])
    ev = NetEvaluator.shipped("parcheesi", ply=1)
    message = "^no analysis by the network here: the parcheesi network was trained on"
    with pytest.raises(PachisiError, match=message):
        ev.estimate(pos)
    with pytest.raises(PachisiError, match="analysis by rollouts, --by rollouts, measures every"):
        net_ranking(pos, (5, 2), ev)
    with pytest.raises(PachisiError, match=message):
        check_rollouts(pos, (5, 2), 4, ev)
    with pytest.raises(PachisiError, match=message):
        ev.variant(ply=0).static([pos])
    two = Position.start("parcheesi", players=["blue", "green"])
    how = net_ranking(two, (5, 2), ev).how
    assert how is not None and how["ply"] == 1
