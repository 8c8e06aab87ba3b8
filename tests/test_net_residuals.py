"""benchmarks/net_residuals.py: the summary arithmetic and the position features.

The residual analysis of docs/experiments/net-residuals-33.md is only worth
something if its shares, slopes and splits are the ones defined; these checks
use synthetic records whose figures are worked out by hand.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from helpers import load_benchmark
from pachisi.position import Position

res = load_benchmark("net_residuals")


def _row(label: float, pred: float, third: int = 0, source: str = "greedy") -> dict[str, Any]:
    feats = {
        "race": False,
        "mover_nest": 1 if pred > label else 0,
        "opp_nest": 0,
        "mover_home": 0,
        "mover_path": 0,
        "blockades": 0,
        "blocked": False,
        "capturable": 0,
        "exposed": 0,
        "lead": 0,
        "doubles": 0,
    }
    return {
        "net": "x.json",
        "label": label,
        "label_se": 0.01,
        "pred": {"1": pred},
        "third": third,
        "source": source,
        "features": feats,
    }


def test_worst_share_is_the_top_tenth_of_the_absolute_error() -> None:
    # 20 positions: two errors of 10, eighteen of 1 -> the worst tenth (2) carries 20/38
    r = [10.0, -10.0] + [1.0, -1.0] * 9
    assert res.worst_share(r) == pytest.approx(20 / 38)
    assert res.worst_share([2.0] * 10) == pytest.approx(0.1)
    assert math.isnan(res.worst_share([0.0, 0.0]))


def test_summary_figures() -> None:
    rows = [
        _row(0.20, 0.22),
        _row(0.40, 0.37),
        _row(0.60, 0.61),
        _row(0.80, 0.84),
    ]
    s = res.summary(rows, 1)
    errs = [0.02, -0.03, 0.01, 0.04]
    assert s["n"] == 4
    assert s["mae"][0] == pytest.approx(sum(abs(e) for e in errs) / 4)
    assert s["bias"][0] == pytest.approx(sum(errs) / 4)
    assert s["worst10"][0] == pytest.approx(0.04 / 0.10)
    assert s["floor"] == pytest.approx(math.sqrt(2 / math.pi) * 0.01)
    # a network that squeezes every chance halfway to 0.5: the label's slope on it is 2
    squeezed = [_row(x, 0.5 + (x - 0.5) / 2) for x in (0.1, 0.3, 0.5, 0.7, 0.9)]
    b, se, a = res.summary(squeezed, 1)["slope"]
    assert b == pytest.approx(2.0) and a == pytest.approx(-0.5) and se == pytest.approx(0.0)


def test_by_label_bins_and_report() -> None:
    rows = [_row(0.05, 0.08), _row(0.5, 0.45), _row(0.95, 0.93), _row(1.0, 0.96)]
    bins = res.by_label(rows, 1)
    assert [b[1] for b in bins] == [1, 0, 1, 0, 2]
    assert bins[4][3][0] == pytest.approx((-0.02 - 0.04) / 2)
    # relative error: 0.03 / sqrt(0.05 * 0.95), 0.05 / 0.5, 0.02 / sqrt(0.95 * 0.05); the
    # label 1.0 left out
    want = [0.03 / math.sqrt(0.0475), 0.1, 0.02 / math.sqrt(0.0475)]
    assert res.relative(rows, 1)[0] == pytest.approx(sum(want) / 3)
    text = res.report("x.json", rows, [1])
    assert "| all | 1 | 4 | 3.5 ± 0.6 | -2.0 ± 1.8 |" in text
    # the split "mover has a pawn in the nest" holds for the one over-rated position
    assert "| mover has a pawn in the nest | 1 | 3.0 | +3.0 | 3 |" in text
    # the residual against the lead: residuals +3, -5, -2, -4 points at leads 0, 1, 2, 3
    # hundred pips: slope -9/5 points a hundred pips, intercept +0.7 (by hand)
    for k, r in enumerate(rows):
        r["features"]["lead"] = 100 * k
    text = res.report("x.json", rows, [1])
    assert "| all | 4 | -1.8 ± 1.5 | +0.7 |" in text


def test_features_of_a_position() -> None:
    # Red (to move) at progress 10 (ring square 14), one home, two in the nest; yellow at
    # 48 (square 18, not a safety space) and a blockade at 50 (square 20).
    pos = Position.from_text("parcheesi r,y - r:0.0.10.72,y:0.48.50.50 0 0 - - -")
    f = res.features(pos)
    assert (f["mover_nest"], f["mover_home"], f["opp_nest"]) == (2, 1, 1)
    assert (f["mover_pips"], f["opp_pips"], f["lead"]) == (206, 140, -66)
    assert (f["blockades"], f["mover_blockades"], f["blocked"]) == (1, 0, True)
    assert f["capturable"] == 1 and 0 < f["capture_chance"] <= 15 / 36
    # yellow's pawns are 62 or more squares behind red's: none can hit it
    assert (f["exposed"], f["exposed_chance"]) == (0, 0.0)
    assert not f["race"]
    # yellow to move: red is 62 squares ahead of yellow's pawns, out of reach
    g = res.features(Position.from_text("parcheesi r,y - r:0.0.10.72,y:0.48.50.50 1 0 - - -"))
    assert (g["lead"], g["capturable"], g["capture_chance"], g["blocked"]) == (66, 0, 0.0, False)
    # ... and red's pawn at 10 has yellow's at 48 in reach: the mirror of f's capture
    assert g["exposed"] == 1 and g["exposed_chance"] == pytest.approx(f["capture_chance"])
