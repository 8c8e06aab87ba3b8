"""The learned player: 0, 1 and 2 plies over the exact dice, registered by name."""

from __future__ import annotations

import random
from functools import cache

import pytest

from pachisi import Position, _accel
from pachisi.bots import PLAYERS, LearnedPlayer, make_player
from pachisi.dice import dice_for
from pachisi.learn.kernel import best_replies
from pachisi.learn.network import ValueNet
from pachisi.moves import Play, legal_plays
from pachisi.rules import Setup

SETUP = Setup.create("parcheesi", players=2)
NET = ValueNet.random(SETUP, hidden=6, seed=4)


def test_registered_by_name() -> None:
    for name, plies in (("learned", 0), ("learned1", 1), ("learned2", 2)):
        assert name in PLAYERS
        player = make_player(name, seed=1)
        assert isinstance(player, LearnedPlayer)
        assert player.plies == plies and player.name == name
    with pytest.raises(ValueError, match="plies must be 0, 1 or 2"):
        LearnedPlayer(plies=3)


def test_zero_ply_is_the_networks_best() -> None:
    rng = random.Random(2)
    pos = Position.initial(SETUP)
    player = LearnedPlayer(seed=0, net=NET)
    checked = 0
    while not pos.is_over and checked < 30:
        plays = legal_plays(pos, dice_for("parcheesi").roll(rng))
        choice = player.choose(pos, (0, 0), plays)
        values = [NET.value(p.position, pos.to_move) for p in plays]
        assert NET.value(choice.position, pos.to_move) == pytest.approx(max(values))
        checked += len(plays) > 1
        pos = plays[rng.randrange(len(plays))].position


def test_one_ply_is_the_expectation_over_the_next_throw() -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.10.30,y:0.0.5.40 0 0 - - -")
    plays = legal_plays(pos, (3, 4))
    player = LearnedPlayer(seed=0, plies=1, net=NET, candidates=len(plays))
    # By hand: the next mover answers each throw with his best play by the network.
    expected = []
    for play in plays:
        total = 0.0
        after = play.position
        for throw, prob in dice_for("parcheesi").distinct():
            answers = [q.position for q in legal_plays(after, throw)]
            best = max(answers, key=lambda q: NET.value(q, after.to_move))
            total += float(prob) * NET.value(best, 0)
        expected.append(total)
    choice = player.choose(pos, (3, 4), plays)
    assert expected[plays.index(choice)] == pytest.approx(max(expected))
    got = player.expectation(NET, plays[0].position, 0, 1)
    assert got == pytest.approx(expected[0])


@cache
def winning_choices(
    setup: Setup, seed: int, wanted: int
) -> tuple[tuple[Position, list[Play]], ...]:
    """Decisions from random games where some plays end the game with the mover winning
    and others do not."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    found: list[tuple[Position, list[Play]]] = []
    while len(found) < wanted:
        pos = Position.initial(setup, rng.randrange(2))
        while not pos.is_over:
            plays = legal_plays(pos, dice.roll(rng))
            wins = [p.position.winner is not None for p in plays]
            if any(wins) and not all(wins):
                found.append((pos, plays))
            pos = plays[rng.randrange(len(plays))].position
    return tuple(found)


@pytest.mark.parametrize("plies", [0, 1, 2])
def test_a_winning_play_is_chosen_at_every_ply(plies: int) -> None:
    # The network values a finished game exactly: a play that wins at once is best.
    player = LearnedPlayer(seed=0, plies=plies, net=NET)
    for pos, plays in winning_choices(SETUP, 3, 2):
        choice = player.choose(pos, plays[0].throw, plays)
        assert choice.position.winner == (pos.to_move,)


def test_plays_legal_games_with_the_shipped_networks() -> None:
    from pachisi.learn import shipped_rulesets

    for ruleset in shipped_rulesets():
        setup = Setup.create(ruleset, players=2)
        rng = random.Random(1)
        pos = Position.initial(setup)
        bots = [make_player("learned", 1), make_player("learned1", 2)]
        for _ in range(12):
            if pos.is_over:
                break
            throw = dice_for(ruleset).roll(rng)
            plays = legal_plays(pos, throw)
            choice = bots[pos.to_move].choose(pos, throw, plays)
            assert choice in plays
            pos = choice.position


def test_a_ruleset_without_a_network_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from pachisi import learn
    from pachisi.learn.network import WeightsError

    def missing(setup: Setup) -> ValueNet:
        raise WeightsError(f"no learned network ships for {setup.ruleset}")

    monkeypatch.setattr("pachisi.bots.learned.net_for", missing)
    pos = Position.from_text("whitman r,y - r:0.0.10.20,y:0.0.0.0 0 0 - - -")
    plays = legal_plays(pos, (3, 4))
    assert len(plays) > 1
    with pytest.raises(WeightsError, match="no learned network ships for whitman"):
        LearnedPlayer().choose(pos, (3, 4), plays)
    assert learn.net_for is not missing


needs_kernel = pytest.mark.skipif(
    not _accel.active(), reason="the kernel is not compiled here, or PACHISI_PURE=1"
)


def _decisions(
    setup: Setup, n: int, seed: int
) -> list[tuple[Position, tuple[int, int], list[Play]]]:
    """Decisions with two plays or more from a random game."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    pos = Position.initial(setup)
    out = []
    while len(out) < n and not pos.is_over:
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) > 1:
            out.append((pos, throw, plays))
        pos = plays[rng.randrange(len(plays))].position
    return out


@needs_kernel
@pytest.mark.parametrize(
    "setup",
    [SETUP, Setup.create("pagade", teams=True), Setup.create("whitman", players=3)],
    ids=lambda s: s.ruleset,
)
def test_the_kernel_and_the_pure_engine_decide_alike(setup: Setup) -> None:
    net = NET if setup is SETUP else ValueNet.random(setup, hidden=5, seed=1)
    decisions = _decisions(setup, 12, seed=3)
    throws = [t for t, _ in dice_for(setup.ruleset).distinct()]
    for plies in (0, 1):
        for pos, throw, plays in decisions:
            kernel = LearnedPlayer(seed=5, plies=plies, net=net).choose(pos, throw, plays)
            with _accel.pure():
                pure = LearnedPlayer(seed=5, plies=plies, net=net).choose(pos, throw, plays)
            assert kernel == pure
    for pos, _, _ in decisions[:4]:
        kernel_replies = best_replies(net, pos, throws)
        with _accel.pure():
            assert best_replies(net, pos, throws) == kernel_replies
        assert [c for c, _ in kernel_replies] == [net.win_chances(q) for _, q in kernel_replies]
