"""benchmarks/strength.py --luck: the luck-adjusted win rate replays the same games.

The adjusted estimate is only worth something if (1) the games it adjusts are
exactly the games ``pachisi simulate`` plays, and (2) every luck term has
mean zero over the throw's exact distribution. Both are checked here; the
variance it saves is measured in docs/players.md, not asserted.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import load_strength
from pachisi import Position
from pachisi.bots.expectimax import greedy_replies
from pachisi.dice import dice_for
from pachisi.tournament import SimConfig, play_game


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade"])
def test_luck_game_replays_play_game(ruleset: str) -> None:
    strength = load_strength()
    config = SimConfig(strength.SETUPS[ruleset](), ("greedy", "random"), seed=5)
    for index in range(3):
        won, adjusted, calibrated = strength.luck_game(config, index)
        result = play_game(config, index)
        me = result.seats.index(0)
        assert won == (1.0 if result.winner is not None and me in result.winner else 0.0)
        assert adjusted != won and calibrated != won  # some luck was taken away


@pytest.mark.parametrize("ruleset", ["parcheesi", "pagade"])
def test_luck_terms_have_mean_zero(ruleset: str) -> None:
    """Over the exact throw distribution the expected luck of a throw is zero:
    strength.throw_luck, the term luck_game subtracts, averaged over every throw."""
    strength = load_strength()
    pos = Position.start(ruleset, players=2)
    # Move on a few throws so that the values differ between throws.
    for throw in (
        [(5, 5), (6, 3), (5, 1), (4, 2)] if ruleset == "parcheesi" else [(1, 6), (6, 6), (3, 4)]
    ):
        pos = greedy_replies(pos, throw)[0]
    dice = dice_for(ruleset)
    distinct = [(t, float(p)) for t, p in dice.distinct()]
    for me in (0, 1):
        values = strength.throw_values(pos, me, distinct)
        lucks = {t: strength.throw_luck(values, distinct, t) for t, _ in distinct}
        for k in (0, 1):  # the constant and the calibrated scale
            assert len({round(luck[k], 9) for luck in lucks.values()}) > 1  # not all zero
            assert sum(p * lucks[t][k] for t, p in distinct) == pytest.approx(0.0, abs=1e-12)
    # The ordered throws, each equally likely (the faces of both dice are), give the same
    # mean: a throw's luck does not depend on the order its dice are read in.
    faces = dice.faces
    ordered = [strength.throw_luck(values, distinct, (a, b)) for a in faces for b in faces]
    for k in (0, 1):
        assert sum(luck[k] for luck in ordered) / len(ordered) == pytest.approx(0.0, abs=1e-12)


def test_luck_run_in_pieces_is_the_run_played_whole(tmp_path: Path) -> None:
    """--luck --log / --start: a stopped run finished later gives the same figures, game by game."""
    strength = load_strength()
    names = ("greedy", "random")
    whole = str(tmp_path / "whole.jsonl")
    pieces = str(tmp_path / "pieces.jsonl")
    row = strength.luck_match("parcheesi", names, 5, 3, 1, log=whole)
    strength.luck_match("parcheesi", names, 3, 3, 1, log=pieces)
    strength.luck_match("parcheesi", names, 3, 3, 1, log=pieces, start=2)  # game 2 twice
    a = strength.luck_log_summary(whole, "parcheesi", names, 3)
    b = strength.luck_log_summary(pieces, "parcheesi", names, 3)
    assert a == b
    assert a["games"] == 5 and a["missing"] == [] and a["indices"] == [0, 4]
    for key in ("wins", "luck_adjusted", "luck_adjusted_ci95", "sd_adjusted_calibrated"):
        assert a[key] == row[key]
    # Another seed, or the players the other way round, is another match.
    with pytest.raises(ValueError, match="0 luck-adjusted games"):
        strength.luck_log_summary(whole, "parcheesi", names, 4)
    with pytest.raises(ValueError, match="0 luck-adjusted games"):
        strength.luck_log_summary(whole, "parcheesi", names[::-1], 3)


def test_luck_summarise_log_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    strength = load_strength()
    log = tmp_path / "games.jsonl"
    args = ["parcheesi", "greedy,random", "--seed", "2", "--luck"]
    assert strength.main([*args, "--games", "3", "--log", str(log)]) == 0
    capsys.readouterr()
    assert strength.main([*args, "--summarise-log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "luck-adjusted" in out and "indices [0, 2], 0 missing" in out
    with pytest.raises(SystemExit):
        strength.main([*args, "--summarise-log", str(tmp_path / "none.jsonl")])
