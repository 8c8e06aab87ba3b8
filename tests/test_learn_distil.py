"""``pachisi train --distil N``: self-play starts from a network fitted to the hand evaluation."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from helpers import same_weights
from pachisi import Position, _accel, dice_for
from pachisi.bots import GreedyPlayer, game_positions
from pachisi.bots.search import win_chance
from pachisi.cli import main
from pachisi.dice import derive_seed
from pachisi.errors import PachisiError
from pachisi.learn.encoding import MAX_SIDES, Encoder
from pachisi.learn.network import ValueNet
from pachisi.moves import legal_plays
from pachisi.rules import Setup
from pachisi.training.train import (
    DISTIL_STEPS,
    GameData,
    TrainSettings,
    distil,
    distil_data,
    train,
)

PARCHEESI = Setup.create("parcheesi", players=2)

#: A tiny distilled run: 2 greedy games fitted, then 4 self-play games in rounds of 2.
TINY = TrainSettings(
    setup=PARCHEESI.to_fields(),
    games=4,
    seed=11,
    hidden=4,
    round_games=2,
    batch=16,
    distil=2,
)


def test_the_examples_are_greedy_games_with_the_hand_chances_as_targets() -> None:
    """Game 0 replayed by hand: its positions, their encodings and the hand's chances."""
    enc = Encoder.of(PARCHEESI)
    (game,) = distil_data(PARCHEESI, 1, seed=4)
    rng = random_for(4, 0)
    bots = [GreedyPlayer(derive_seed(f"pachisi-distil-bot:4:0:{i}")) for i in range(2)]
    pos = Position.initial(PARCHEESI, 0)
    dice = dice_for("parcheesi")
    t = 0
    while not pos.is_over:
        idx, val = enc.encode(pos)
        a, b = game.offsets[t], game.offsets[t + 1]
        assert game.cols[a:b].tolist() == idx and game.vals[a:b].tolist() == val
        me = win_chance(pos, pos.to_move)
        # two sides: the mover's chance and the other's, adding up to 1 (to rounding)
        assert game.targets[t, 0] == pytest.approx(me, abs=1e-12)
        assert game.targets[t, 1] == pytest.approx(1.0 - me, abs=1e-12)
        assert game.targets[t, 2:].tolist() == [0.0] * (MAX_SIDES - 2)
        assert game.movers[t] == pos.to_move
        throw = dice.roll(rng)
        pos = bots[pos.to_move].choose(pos, throw, legal_plays(pos, throw)).position
        t += 1
    assert t == game.throws == len(game.targets) > 50
    assert game.winner == pos.winner


def random_for(seed: int, game: int) -> random.Random:
    """The dice of distil_data's game ``game``."""
    return random.Random(derive_seed(f"pachisi-distil:{seed}:{game}"))


@pytest.mark.parametrize(
    "setup",
    [Setup.create("whitman", players=4), Setup.create("pagade", teams=True)],
    ids=lambda s: s.ruleset,
)
def test_targets_are_chances_over_the_sides(setup: Setup) -> None:
    """Four players or two teams: each row is a distribution over the sides, the
    mover's side first, in proportion to the hand's chance of each side's first player."""
    enc = Encoder.of(setup)
    (game,) = distil_data(setup, 1, seed=2, max_throws=60)
    assert game.throws == 60 and game.winner == ()
    n_sides = enc.n_sides
    rows = game.targets
    assert np.allclose(rows[:, :n_sides].sum(axis=1), 1.0, rtol=0, atol=1e-12)
    assert (rows[:, n_sides:] == 0.0).all()
    assert (rows[:, :n_sides] > 0.0).all()
    # not a constant: the chances move as the game goes
    assert rows[:, 0].max() - rows[:, 0].min() > 0.05


@pytest.mark.skipif(not _accel.active(), reason="the kernel is not compiled here")
def test_the_same_examples_with_and_without_the_kernel() -> None:
    setup = Setup.create("pagade", players=2)
    kernel = distil_data(setup, 2, seed=3, max_throws=150)
    with _accel.pure():
        pure = distil_data(setup, 2, seed=3, max_throws=150)
    for k, p in zip(kernel, pure, strict=True):
        assert (k.throws, k.winner) == (p.throws, p.winner)
        for name in ("offsets", "cols", "vals", "targets"):
            assert np.array_equal(getattr(k, name), getattr(p, name)), name


def test_distil_brings_the_network_close_to_the_hand_evaluation() -> None:
    """On positions of games it did not see, the fitted network's chance for the
    mover is much closer to the hand's than the random start's."""
    settings = TrainSettings(**{**TINY.__dict__, "hidden": 16, "distil": 12})
    params = {k: v.copy() for k, v in ValueNet.random(PARCHEESI, 16, 11).arrays().items()}
    start = ValueNet.from_arrays("parcheesi", params)
    loss = distil(params, settings, 2)
    fitted = ValueNet.from_arrays("parcheesi", params)
    held_out = distil_data(PARCHEESI, 3, seed=99)  # other seeds: other games
    positions = sample_positions(held_out, every=3)
    assert len(positions) > 60
    hand = np.array([t for _, t in positions])

    def mae(net: ValueNet) -> float:
        got = np.array([net.side_chances(p)[0] for p, _ in positions])
        return float(np.abs(got - hand).mean())

    assert mae(fitted) < 0.045 < 0.5 * mae(start)
    assert 0.0 < loss < 0.7


def sample_positions(games: list[GameData], every: int) -> list[tuple[Position, float]]:
    """Every ``every``-th position of the replayed held-out games (seed 99), with the
    hand's chance for the mover (its target)."""
    out = []
    for g, game in enumerate(games):
        bots = [GreedyPlayer(derive_seed(f"pachisi-distil-bot:99:{g}:{i}")) for i in range(2)]
        seen, _ = game_positions(PARCHEESI, g % 2, random_for(99, g), bots)
        out += [(pos, float(game.targets[t, 0])) for t, pos in enumerate(seen) if t % every == 0]
    return out


def test_a_distilled_run_starts_from_the_fitted_weights(tmp_path: Path) -> None:
    """Its first round's self-play is played by the distilled network, and the
    run is recorded with its option."""
    run = train(TINY, tmp_path / "d.json")
    plain = train(TrainSettings(**{**TINY.__dict__, "distil": 0}), tmp_path / "p.json")
    assert not same_weights(run, plain)
    # The same as fitting by hand and then training from the fitted weights: one
    # round of the distilled run, from its checkpoint, equals distil() + that round.
    params = {k: v.copy() for k, v in ValueNet.random(PARCHEESI, 4, 11).arrays().items()}
    distil(params, TINY, 2)
    started = train(TINY, tmp_path / "one.json", stop_after_rounds=0)
    assert same_weights(started, ValueNet.from_arrays("parcheesi", params))
    made = run.meta["made_by"]
    assert " --distil 2 --out " in made["command"] and made["settings"]["distil"] == 2
    assert "distil" not in plain.meta["made_by"]["settings"]
    assert len(DISTIL_STEPS) == 12


def test_a_distilled_run_resumes_to_the_same_weights(tmp_path: Path) -> None:
    whole = train(TINY, tmp_path / "whole.json")
    out = tmp_path / "part.json"
    train(TINY, out, stop_after_rounds=1)
    resumed = train(TINY, out, resume=True)
    assert same_weights(whole, resumed)


def test_settings_errors() -> None:
    with pytest.raises(PachisiError, match="--distil must be 0"):
        TrainSettings(**{**TINY.__dict__, "distil": -1}).check()
    with pytest.raises(PachisiError, match="--targets self only"):
        TrainSettings(**{**TINY.__dict__, "targets": "cross"}).check()


def test_train_command_distil(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "net.json"
    args = ["train", "parcheesi", "--games", "2", "--distil", "1", "--out", str(out)]
    assert main([*args, "--jobs", "1"]) == 0
    captured = capsys.readouterr()
    assert "hand evaluation on 1 greedy games first" in captured.err
    assert ValueNet.load(out).meta["made_by"]["settings"]["distil"] == 1
    # --resume with no checkpoint starts afresh, so it fits first and says so
    again = [*args[:-1], str(tmp_path / "b.json"), "--jobs", "1", "--resume"]
    assert main(again) == 0
    assert "hand evaluation on 1 greedy games first" in capsys.readouterr().err
    assert main(["train", "parcheesi", "--games", "2", "--distil", "-1", "--out", "x.json"]) == 1
    err = capsys.readouterr().err
    assert "--distil must be 0" in err and err.count("\n") == 1
