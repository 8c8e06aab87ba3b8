"""benchmarks/rollout_fit.py's mixed targets and net_proxy.py's paired ΔMSE (issue 33).

The second rollout-fit note (docs/experiments/parcheesi-2p-rollout-fit-33b.md)
fits to a mix of rollout fractions and the network's own values and judges
by the paired change of squared error; both are only worth something if the
target is the mix asked for and the change is the one defined.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import load_benchmark

fit = load_benchmark("rollout_fit")
proxy = load_benchmark("net_proxy")

POS = "parcheesi r,y - r:1.1.6.6,y:0.0.0.34 0 0 - - -"


def rows() -> list[dict[str, object]]:
    return [
        {"key": "a", "position": POS, "chances": [0.8, 0.2]},
        {"key": "b", "position": POS.replace(" 0 0 - - -", " 1 0 - - -"), "chances": [0.3, 0.7]},
    ]


def test_mix_one_is_the_rollouts_and_mix_half_the_average() -> None:
    values = {"a": [0.4, 0.6], "b": [0.5, 0.5]}
    only = fit.examples(rows())
    same = fit.examples(rows(), values, 1.0)
    half = fit.examples(rows(), values, 0.5)
    alone = fit.examples(rows(), values, 0.0)
    # mover first: red moves in "a", yellow in "b"
    assert list(only.targets[0, :2]) == pytest.approx([0.8, 0.2])
    assert list(only.targets[1, :2]) == pytest.approx([0.7, 0.3])
    assert (same.targets == only.targets).all()
    assert list(half.targets[0, :2]) == pytest.approx([0.6, 0.4])
    assert list(half.targets[1, :2]) == pytest.approx([0.6, 0.4])
    assert list(alone.targets[0, :2]) == pytest.approx([0.4, 0.6])
    assert list(alone.targets[1, :2]) == pytest.approx([0.5, 0.5])


def test_bias_verdict_follows_the_large_n_rule() -> None:
    # inside (-0.5, +0.5) only when the whole 95% interval is
    assert proxy.bias_verdict(0.36, 0.08) == "not decided"  # 0.36 + 0.157 > 0.5
    assert proxy.bias_verdict(0.30, 0.08) == "shown under 0.5"
    assert proxy.bias_verdict(-0.30, 0.08) == "shown under 0.5"
    assert proxy.bias_verdict(0.70, 0.08) == "shown over"
    assert proxy.bias_verdict(-0.70, 0.08) == "shown over"


def test_paired_mse_is_the_mean_change_of_squared_error() -> None:
    base = [
        {"third": 0, "label": 0.5, "pred": {0: 0.6}},
        {"third": 1, "label": 0.5, "pred": {0: 0.5}},
    ]
    new = [
        {"third": 0, "label": 0.5, "pred": {0: 0.5}},
        {"third": 1, "label": 0.5, "pred": {0: 0.7}},
    ]
    text = proxy.paired(["old.json", "new.json"], [base, new], [0], mse=True)
    line = next(s for s in text.splitlines() if "| all |" in s)
    # squared errors (points²): 100 → 0 and 0 → 400, a mean change of +150 ± 250
    assert line.endswith("| +150.00 ± 250.00 |")
    assert "ΔMSE" not in proxy.paired(["old.json", "new.json"], [base, new], [0])


def test_a_fit_is_recorded_where_the_analysis_reads_how_a_network_was_made(
    tmp_path: Path,
) -> None:
    from pachisi.analysis.net import made_by_summary
    from pachisi.learn.network import ValueNet
    from pachisi.rules import Setup

    start = ValueNet.random(Setup.create("parcheesi", players=2), hidden=4, seed=0)
    start.meta = {"made_by": {"games": 32, "seed": 5}, "note": "a test network"}
    start.save(tmp_path / "start.json")
    games = [g for g in range(40) if fit.is_validation({"source": "greedy", "game": g})][:2]
    games += [g for g in range(40) if not fit.is_validation({"source": "greedy", "game": g})][:6]
    with (tmp_path / "data.jsonl").open("w") as out:
        for i, g in enumerate(games):
            row = rows()[i % 2] | {"key": f"k{g}", "source": "greedy", "game": g, "index": 0}
            out.write(json.dumps(row) + "\n")
    code = fit.main(
        ["fit", "--net", str(tmp_path / "start.json"), "--data", str(tmp_path / "data.jsonl"),
         "--epochs", "1", "--out", str(tmp_path / "fitted.json")]
    )  # fmt: skip
    assert code == 0
    fitted = ValueNet.load(tmp_path / "fitted.json")
    (step,) = fitted.meta["made_by"]["then"]
    assert step["fit"] == "rollouts" and step["positions"] == 6 and step["mix"] == 1.0
    assert fitted.meta["made_by"]["games"] == 32  # the self-play record is kept
    assert made_by_summary(fitted) == (
        "32 self-play games, seed 5, then fitted to rollouts of 6 positions, 4 hidden units"
    )


def test_widen_starts_the_fit_from_the_same_values_with_more_units(tmp_path: Path) -> None:
    from pachisi.analysis.net import made_by_summary
    from pachisi.learn.network import ValueNet
    from pachisi.position import Position
    from pachisi.rules import Setup

    start = ValueNet.random(Setup.create("parcheesi", players=2), hidden=4, seed=0)
    start.meta = {"made_by": {"games": 32, "seed": 5}, "note": "a test network"}
    start.save(tmp_path / "start.json")
    with (tmp_path / "data.jsonl").open("w") as out:
        for g in range(8):
            row = rows()[g % 2] | {"key": f"k{g}", "source": "greedy", "game": g, "index": 0}
            out.write(json.dumps(row) + "\n")
    args = ["fit", "--net", str(tmp_path / "start.json"), "--data", str(tmp_path / "data.jsonl")]
    # no epoch: the widened network itself, which must value every position as the start did
    out = ["--out", str(tmp_path / "w.json")]
    assert fit.main([*args, "--widen", "6", "--epochs", "0", *out]) == 0
    wide = ValueNet.load(tmp_path / "w.json")
    assert (wide.hidden, start.hidden) == (6, 4)
    for text in (POS, rows()[1]["position"]):
        pos = Position.from_text(str(text))
        assert wide.win_chances(pos) == pytest.approx(start.win_chances(pos), abs=1e-12)
    (step,) = wide.meta["made_by"]["then"]
    assert step["widened_from"] == 4
    assert "then widened from 4 to 6 hidden units" in wide.meta["note"]
    trained = sum(not fit.is_validation({"source": "greedy", "game": g}) for g in range(8))
    assert made_by_summary(wide) == (
        "32 self-play games, seed 5, then widened from 4 hidden units,"
        f" then fitted to rollouts of {trained} positions, 6 hidden units"
    )
    # narrower than the network: refused
    assert fit.main([*args, "--widen", "3", "--out", str(tmp_path / "n.json")]) == 2
    assert not (tmp_path / "n.json").exists()


def test_the_shipped_two_player_network_says_it_was_fitted_to_rollouts() -> None:
    """Written before the fit kept a record: the summary reads the fit's note."""
    from pachisi.analysis.net import NetEvaluator

    words = NetEvaluator.shipped("parcheesi", ply=1).words()
    assert "self-play games from an earlier network" in words
    assert "then fitted to rollouts of 24234 positions" in words


def test_thirds_draws_distinct_positions_from_the_thirds_asked() -> None:
    tables = load_benchmark("net_tables")
    entry = tables.from_file("src/pachisi/learn/weights/parcheesi.4p.json")
    default = fit.game_picks(entry, "greedy", 9405, 0, 3, 3000)
    assert [p.third for p in default] == [0, 1, 2]
    late = fit.game_picks(entry, "greedy", 9405, 0, 5, 3000, [2])
    assert len(late) == 5
    assert {p.third for p in late} == {2}
    assert len({p.index for p in late}) == 5
    assert all(p.index in tables.third_range(2, p.throws) for p in late)
    # draw k is seeded by k alone: one position a game is the first of five
    assert fit.game_picks(entry, "greedy", 9405, 0, 1, 3000, [2])[0].index == late[0].index
