"""benchmarks/net_tables.py: the held-out positions, the resumable labels, the figures.

The accuracy tables of docs/learning.md ("Accuracy tables") are only worth
something if each position comes from the game and third named, the labels
on file are the ones reused, the figures are the ones defined and the plot
is a well-formed SVG; the numbers themselves live in the docs.
"""

from __future__ import annotations

import json
import math
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from helpers import load_benchmark
from pachisi import _accel

tables = load_benchmark("net_tables")


def test_thirds_partition_a_game() -> None:
    for throws in range(1, 40):
        got = [i for k in range(3) for i in tables.third_range(k, throws)]
        assert got == list(range(throws))
        for k in range(3):
            for i in tables.third_range(k, throws):
                assert k / 3 <= i / throws < (k + 1) / 3


def test_picks_are_seeded_and_in_their_third() -> None:
    net = tables.shipped(["parcheesi.json"])[0]
    a = tables.picks(net.setup, net.net, ["greedy", "self"], 2, 5, 3000)
    b = tables.picks(net.setup, net.net, ["greedy", "self"], 2, 5, 3000)
    assert [(p.source, p.game, p.index) for p in a] == [(p.source, p.game, p.index) for p in b]
    assert len(a) == 2 * 2 * 3
    # round-robin: each block of six has one position of each source and third
    assert {(p.source, p.third) for p in a[:6]} == {
        (s, k) for s in ("greedy", "self") for k in range(3)
    }
    for p in a:
        assert p.game % 3 == p.third
        assert p.index in tables.third_range(p.third, p.throws)
        assert not p.position.is_over
    # one position per game: no game twice within a source
    seen = [(p.source, p.game) for p in a]
    assert len(seen) == len(set(seen))
    # another seed, other games
    c = tables.picks(net.setup, net.net, ["greedy"], 2, 6, 3000)
    assert [p.position for p in c] != [p.position for p in a if p.source == "greedy"]
    # --thirds 3: the last third's positions of the whole run, and no other
    last = tables.picks(net.setup, net.net, ["greedy", "self"], 2, 5, 3000, (2,))
    assert [(p.source, p.game, p.index) for p in last] == [
        (p.source, p.game, p.index) for p in a if p.third == 2
    ]


def test_thirds_argument() -> None:
    assert tables.parser().parse_args(["--thirds", "3,1"]).thirds == (0, 2)
    assert tables.parser().parse_args([]).thirds == (0, 1, 2)
    for bad in ("0", "4", "x", ""):
        with pytest.raises(SystemExit):
            tables.parser().parse_args(["--thirds", bad])


def test_unknown_names_are_clear_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert tables.main(["--nets", "nonesuch.json", "--report-only"]) == 2
    assert "no shipped network 'nonesuch.json'" in capsys.readouterr().err
    assert tables.main(["--sources", "greedy,bogus", "--report-only"]) == 2
    assert "--sources: 'bogus'" in capsys.readouterr().err


def test_figures_by_definition() -> None:
    rows = [
        {"label": 0.5, "label_se": 0.01, "pred": {0: 0.6}, "third": 0, "source": "greedy"},
        {"label": 0.4, "label_se": 0.03, "pred": {0: 0.2}, "third": 2, "source": "greedy"},
    ]
    c = tables.cell(rows, [0])
    assert c.n == 2
    assert c.mae[0][0] == pytest.approx(0.15)
    assert c.bias[0][0] == pytest.approx(-0.05)
    # the standard error of a mean of two values: |a - b| / 2
    assert c.mae[0][1] == pytest.approx(0.05)
    assert c.floor == pytest.approx(math.sqrt(2 / math.pi) * 0.02)
    names = [name for name, _ in tables.groups(rows)]
    assert names == ["all", "third 1", "third 2", "third 3", "from greedy games"]


@pytest.mark.skipif(not _accel.active(), reason="the network's playouts need the kernel")
def test_a_tiny_run_writes_labels_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.jsonl"
    svg = tmp_path / "cal.svg"
    md = tmp_path / "t.md"
    args = [
        "--nets",
        "parcheesi.json",
        "--sources",
        "greedy",
        "--per-third",
        "1",
        "--rollouts",
        "24",
        "--plies",
        "0",
        "--labels",
        str(labels),
    ]
    assert tables.main([*args, "--svg", str(svg), "--markdown", str(md)]) == 0
    first = capsys.readouterr()
    rows = [json.loads(line) for line in labels.read_text().splitlines()]
    assert len(rows) == 3
    assert sorted(r["third"] for r in rows) == [0, 1, 2]
    for r in rows:
        assert r["rollouts"] == 24 and len(r["chances"]) == 2
        assert sum(r["chances"]) == pytest.approx(1.0)
    assert "| third 3 | 1 |" in md.read_text()
    ET.fromstring(svg.read_text())  # well-formed
    assert "label 3/3" in first.err
    # a second run reads them back and computes none; a torn line is ignored
    with labels.open("a") as f:
        f.write('{"key": "torn')
    assert tables.main(args) == 0
    again = capsys.readouterr()
    assert "label 1/" not in again.err
    assert again.out.split("`benchmarks")[0] == first.out.split("`benchmarks")[0]


def test_labels_are_the_same_in_several_processes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--nets", "parcheesi.json", "--sources", "greedy", "--per-third", "1"]
    args += ["--rollouts", "16", "--plies", "0"]
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert tables.main([*args, "--labels", str(one)]) == 0
    assert tables.main([*args, "--labels", str(two), "--jobs", "2"]) == 0
    assert "label 3/3" in capsys.readouterr().err

    def rows(path: Path) -> dict[str, Any]:
        return {r["key"]: r for r in map(json.loads, path.read_text().splitlines())}

    assert rows(one) == rows(two) and len(rows(one)) == 3
    assert tables.main([*args, "--labels", str(two), "--jobs", "0"]) == 2


@pytest.mark.skipif(not _accel.active(), reason="the network's playouts need the kernel")
def test_a_race_is_labelled_by_rollouts_not_by_the_tables() -> None:
    # Even where the analysis values a pure race by the race tables, a label is the
    # network's own play (the tables follow another policy).
    from pachisi import race
    from pachisi.analysis.rollout import RolloutSpec, exact_chances
    from pachisi.position import Position

    pos = Position.from_text("parcheesi r,y - r:71.72.72.72,y:70.72.72.72 0 0 - - -")
    table = race.SideTable("parcheesi", 1, Position.start("parcheesi").setup.options)
    todo = table.closure([table.sid(((71, 72, 72, 72),))])
    assert todo is not None
    table.solve(todo)
    table.build_series()
    key = race._model_key(pos.setup, 1)
    saved = race._TABLES.get(key)
    race._TABLES[key] = table
    try:
        got = exact_chances(pos)
        assert got is not None and got.method == "race"
        net = tables.shipped(["parcheesi.json"])[0]
        est = tables.rollouts_only(pos, 36, RolloutSpec(1, "greedy", 3000), net.net)
        assert est.method == "rollout" and est.rollouts == 36
    finally:
        if saved is None:
            race._TABLES.pop(key, None)
        else:
            race._TABLES[key] = saved


@pytest.mark.skipif(not _accel.active(), reason="the network's playouts need the kernel")
def test_per_position_seeds_are_keyed_apart_and_independent(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    labels = tmp_path / "labels.jsonl"
    args = ["--nets", "parcheesi.json", "--sources", "greedy", "--per-third", "1"]
    args += ["--rollouts", "16", "--plies", "0", "--labels", str(labels)]
    assert tables.main(args) == 0
    assert tables.main([*args, "--rollout-seed", "per-position"]) == 0
    capsys.readouterr()
    rows = [json.loads(line) for line in labels.read_text().splitlines()]
    assert len(rows) == 6  # the seed-1 labels never stand in for per-position ones
    common = [r for r in rows if r["seed"] == 1]
    own = [r for r in rows if r["seed"] == "per-position"]
    assert len(common) == len(own) == 3
    assert {r["rollout_seed"] for r in common} == {1}
    # each label's own seed, derived from its key
    for r in own:
        assert r["key"].endswith(":16:per-position")
        assert r["rollout_seed"] == tables.derive_seed(f"pachisi-net-tables-roll:{r['key']}")
    assert len({r["rollout_seed"] for r in own}) == 3
    # the same positions, other dice: other labels
    assert [r["position"] for r in common] == [r["position"] for r in own]
    assert [r["chances"] for r in common] != [r["chances"] for r in own]
    # resumable, and the report reads only the per-position labels
    assert tables.main([*args, "--rollout-seed", "per-position"]) == 0
    assert "label 1/" not in capsys.readouterr().err
    assert tables.main([*args, "--rollout-seed", "per-position", "--report-only"]) == 0
    assert "| all | 3 |" in capsys.readouterr().out
    # the two seeds' labels of the same positions, paired: the mover's mean difference
    paired = [*args, "--rollout-seed", "per-position", "--report-only", "--paired-with", "1"]
    assert tables.main(paired) == 0
    out = capsys.readouterr().out
    assert "labels (rollout seed 1), the mover's" in out
    diffs = []
    for a, b in zip(own, common, strict=True):
        m = tables.Position.from_text(a["position"]).to_move
        diffs.append(100 * (a["chances"][m] - b["chances"][m]))
    mean, se = tables.mean_se(diffs)
    assert f"| all | 3 | {mean:+.1f} ± {se:.1f} |" in out
    # a seed with no labels on file: nothing, unless another seed's labels stand in, named
    none = [*args, "--rollout-seed", "7", "--report-only"]
    assert tables.main(none) == 0
    out = capsys.readouterr().out
    assert "| `parcheesi.json` | 0 |" in out and "Labels of rollout seed" not in out
    assert tables.main([*none, "--or-rollout-seed", "per-position"]) == 0
    out = capsys.readouterr().out
    assert "| all | 3 |" in out
    assert "Labels of rollout seed per-position (none of rollout seed 7 on file):" in out
    # seed 1's own labels are used where they are on file, whatever the fallback
    assert tables.main([*args, "--report-only", "--or-rollout-seed", "per-position"]) == 0
    out = capsys.readouterr().out
    assert "| all | 3 |" in out and "Labels of rollout seed" not in out
    assert tables.main([*args, "--or-rollout-seed", "per-position"]) == 2
    assert "use it with --report-only" in capsys.readouterr().err


def test_a_bad_rollout_seed_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tables.main(["--rollout-seed", "per-game", "--report-only"])
    assert "neither a whole number nor 'per-position'" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["ludo.json", "maedn.4p.json"])
def test_ludo_and_madn_networks_get_the_same_protocol(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The one-die networks (no network in the kernel's playouts): held-out positions of
    # the same sources and thirds, labelled by their own player's rollouts on the library's
    # engine, filed and resumed as the cross's.
    labels = tmp_path / "labels.jsonl"
    args = ["--nets", name, "--sources", "greedy,self", "--per-third", "1"]
    args += ["--rollouts", "6", "--plies", "0,1", "--labels", str(labels)]
    assert tables.main(args) == 0
    out = capsys.readouterr()
    rows = [json.loads(line) for line in labels.read_text().splitlines()]
    assert len(rows) == 6 and "label 6/6" in out.err
    n = 4 if ".4p" in name else 2
    for r in rows:
        assert r["net"] == name and r["position"].startswith(name.split(".")[0] + " ")
        assert r["rollouts"] == 6 and len(r["chances"]) == n
        assert sum(r["chances"]) == pytest.approx(1.0)
        assert r["index"] in tables.third_range(r["third"], r["throws"])
    assert f"| `{name}` | 6 |" in out.out and "| third 3 | 2 |" in out.out
    assert tables.main(args) == 0
    assert "label 1/" not in capsys.readouterr().err


def test_a_ludo_rollout_is_the_learned_players_game() -> None:
    # One rollout of the labels is a game of the network's own player at 0 ply in every
    # seat, with the dice named: replayed move by move by LearnedPlayer, the same game.
    import random

    from pachisi.analysis.net import NetEvaluator
    from pachisi.bots.learned import LearnedPlayer
    from pachisi.dice import dice_for
    from pachisi.moves import legal_plays

    entry = tables.shipped(["ludo.json"])[0]
    start = tables.picks(entry.setup, entry.net, ["greedy"], 1, 33, 3000)[1].position
    first = (4,)  # a throw of the one die
    last = tables.one_die_play(NetEvaluator(entry.net, 0, "t"), start, first, 99, 3000)
    assert last.winner is not None
    me = LearnedPlayer(0, plies=0, net=entry.net)
    rng = random.Random(99)
    pos, throw = start, first
    while pos.winner is None and not pos.is_over:
        pos = me.choose(pos, throw, legal_plays(pos, throw)).position
        throw = dice_for("ludo").roll(rng)
    assert pos == last
    # a limit cuts the rollout short: unfinished
    cut = tables.one_die_play(NetEvaluator(entry.net, 0, "t"), start, first, 99, 2)
    assert cut.winner is None


def test_the_noise_corrected_rmse_takes_the_labels_noise_out() -> None:
    # by definition: mean squared error 0.25, mean label variance (0.09 + 0.16) / 2 = 0.125
    rows = [
        {"label": 0.5, "label_se": 0.3, "pred": {0: 1.0}, "third": 0, "source": "greedy"},
        {"label": 0.5, "label_se": 0.4, "pred": {0: 0.0}, "third": 1, "source": "self"},
    ]
    m, se = tables.corrected_rmse(rows, 0)
    assert m == pytest.approx(math.sqrt(0.125))
    # the squared errors less the variances, 0.16 and 0.09: their mean's se 0.035, by the
    # delta method over 2 sqrt(0.125)
    assert se == pytest.approx(0.035 / (2 * math.sqrt(0.125)))
    # labels noisier than the error: no RMSE below nothing
    assert tables.corrected_rmse([{**rows[0], "label_se": 0.9}], 0) == (0.0, math.inf)
    # simulated: a network off by N(0, 0.03), labels of 100 coin flips each
    rng = random.Random(7)
    sim = []
    for _ in range(3000):
        q = rng.uniform(0.1, 0.9)
        wins = sum(rng.random() < q for _ in range(100))
        p = wins / 100
        var = p * (1 - p) * 100 / 99
        sim.append(
            {"label": p, "label_se": math.sqrt(var / 100), "pred": {0: q + rng.gauss(0, 0.03)}}
        )
    m, se = tables.corrected_rmse(sim, 0)
    raw = math.sqrt(sum((r["pred"][0] - r["label"]) ** 2 for r in sim) / len(sim))
    assert raw > 0.05  # the labels' noise (about 0.045) dominates the raw figure
    assert abs(m - 0.03) < 4 * se and se < 0.005
    text = tables.noise_table(rows, [0])
    assert "| all | 2 | 35.4 ± 4.9 | 35.4 |" in text
    assert "| from self games | 1 |" in text
