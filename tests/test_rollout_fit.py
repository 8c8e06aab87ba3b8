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
from pachisi.dice import derive_seed

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


def test_the_shipped_two_player_network_says_it_was_fitted_to_rollouts() -> None:
    """M's fit was written before the fit kept a record: the summary reads the note."""
    from pachisi.analysis.net import NetEvaluator

    words = NetEvaluator.shipped("parcheesi", ply=1).words()
    assert "self-play games from an earlier network" in words
    assert "then fitted to rollouts of 24234 positions" in words
    # then widened (docs/experiments/parcheesi-2p-wide-33.md) and fitted again, in that order
    later = words.split("then fitted to rollouts of 24234 positions", 1)[1]
    assert later.startswith(
        ", then widened from 64 to 128 hidden units, then fitted to rollouts of 42831 positions"
        # and again on more labels (docs/experiments/parcheesi-more-labels-33.md)
        ", then fitted to rollouts of 84903 positions"
    )


def test_the_shipped_four_player_network_says_it_was_widened_and_fitted() -> None:
    """Its fits recorded the widening in the record's first form (``widened_from``)."""
    from pachisi.analysis.net import NetEvaluator, made_by_summary
    from pachisi.rules import Setup

    evaluator = NetEvaluator.shipped(Setup.create("parcheesi", players=4), ply=1)
    assert evaluator.words().count("then widened from 64 to 128 hidden units") == 1
    assert "then fitted to rollouts of 22467 positions" in evaluator.words()
    # then fitted again on more labels (docs/experiments/parcheesi-more-labels-33.md)
    later = evaluator.words().split("then fitted to rollouts of 22467 positions", 1)[1]
    assert later.startswith(", then fitted to rollouts of 49538 positions")
    # without the note, the record alone still names the widening (a copy: the shipped one
    # is cached)
    import pachisi.learn
    from pachisi.learn.network import ValueNet

    net = ValueNet.load(Path(pachisi.learn.__file__).parent / "weights" / "parcheesi.4p.json")
    net.meta = {**net.meta, "note": ""}
    assert "then widened from 64 hidden units, then fitted to rollouts of 22467" in (
        made_by_summary(net)
    )


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


def _tiny_data(tmp_path: Path) -> Path:
    """Eight rows of greedy games, two of them in held-out games."""
    games = [g for g in range(40) if fit.is_validation({"source": "greedy", "game": g})][:2]
    games += [g for g in range(40) if not fit.is_validation({"source": "greedy", "game": g})][:6]
    path = tmp_path / "data.jsonl"
    with path.open("w") as out:
        for i, g in enumerate(games):
            row = rows()[i % 2] | {"key": f"k{g}", "source": "greedy", "game": g, "index": 0}
            out.write(json.dumps(row) + "\n")
    return path


def test_widen_starts_from_the_same_values_and_says_so(tmp_path: Path) -> None:
    from pachisi.learn.network import ValueNet
    from pachisi.position import Position
    from pachisi.rules import Setup

    start = ValueNet.random(Setup.create("parcheesi", players=2), hidden=4, seed=0)
    start.meta = {"made_by": {"games": 32, "seed": 5}, "note": "a test network"}
    start.save(tmp_path / "start.json")
    data = _tiny_data(tmp_path)
    args = ["fit", "--net", str(tmp_path / "start.json"), "--data", str(data), "--widen", "6"]
    # no epoch: the widened network itself, which must value positions as the start did
    assert fit.main([*args, "--epochs", "0", "--out", str(tmp_path / "w.json")]) == 0
    wide = ValueNet.load(tmp_path / "w.json")
    assert wide.hidden == 6
    for text in (POS, rows()[1]["position"]):
        pos = Position.from_text(str(text))
        assert wide.win_chances(pos) == pytest.approx(start.win_chances(pos), abs=1e-12)
    (step,) = wide.meta["made_by"]["then"]
    # the added units' seed: --widen-seed, by default derived from the shuffles' --seed (1)
    seed = derive_seed("pachisi-rollout-fit-widen:1")
    assert step["widened"] == {"from": 4, "to": 6, "seed": seed}
    assert "then widened from 4 to 6 hidden units" in wide.meta["note"]
    assert (
        fit.main([*args, "--epochs", "0", "--widen-seed", "7", "--out", str(tmp_path / "s.json")])
        == 0
    )
    assert ValueNet.load(tmp_path / "s.json").meta["made_by"]["then"][0]["widened"]["seed"] == 7
    # one epoch moves the added units (their output weights start at zero)
    assert fit.main([*args, "--epochs", "1", "--out", str(tmp_path / "w1.json")]) == 0
    assert abs(ValueNet.load(tmp_path / "w1.json").arrays()["W2"][4:]).max() > 0
    # not narrower or as wide
    assert fit.main([*args[:-1], "4", "--out", str(tmp_path / "x.json")]) == 2


def test_proxy_json_holds_each_positions_prediction(tmp_path: Path) -> None:
    from pachisi.learn.network import ValueNet
    from pachisi.position import Position
    from pachisi.rules import Setup

    setup = Setup.create("parcheesi", players=2)
    net = ValueNet.random(setup, hidden=4, seed=3)
    net.meta = {"setup": setup.to_fields()}
    net.save(tmp_path / "n.json")
    labels = tmp_path / "labels.jsonl"
    with labels.open("w") as out:
        for i, r in enumerate(rows()):
            extra = {"source": "greedy", "game": i, "index": 0, "third": i, "se": [0.01, 0.01]}
            out.write(json.dumps(r | extra) + "\n")
    dump = tmp_path / "preds.json"
    code = proxy.main(
        ["--labels", str(labels), "--plies", "0", "--json", str(dump), str(tmp_path / "n.json")]
    )
    assert code == 0
    got = {r["key"]: r for r in json.loads(dump.read_text())}
    assert set(got) == {"a", "b"}
    for r in rows():
        pos = Position.from_text(str(r["position"]))
        row = got[str(r["key"])]
        assert row["file"] == str(tmp_path / "n.json")
        assert row["label"] == r["chances"][pos.to_move]  # type: ignore[index]
        assert row["pred"]["0"] == pytest.approx(net.win_chances(pos)[pos.to_move])
