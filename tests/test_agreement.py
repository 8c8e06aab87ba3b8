"""benchmarks/agreement.py: the decisions it collects and the agreement it counts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import load_benchmark
from pachisi.bots import GreedyPlayer, RandomPlayer


def test_decisions_are_seeded_choices() -> None:
    agreement = load_benchmark("agreement")
    first = agreement.decisions("parcheesi", 1, 7, seed=3)
    again = agreement.decisions("parcheesi", 1, 7, seed=3)
    assert first, "a whole game has decisions with a choice"
    assert [(p, t) for p, t, _ in first] == [(p, t) for p, t, _ in again]
    for pos, throw, plays in first:
        assert len(plays) > 1
        assert [p.position for p in plays] == [p.position for p in pos.legal_plays(throw)]


def test_agreement_counts_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    agreement = load_benchmark("agreement")
    out = tmp_path / "agree.jsonl"
    args = ["parcheesi", "greedy,greedy,random", "--games", "1", "--every", "5", "--out", str(out)]
    assert agreement.main(args) == 0
    row = json.loads(out.read_text(encoding="utf-8"))
    found = agreement.decisions("parcheesi", 1, 5, seed=7)
    assert row["decisions"] == len(found)
    # Recount every pair from the players' own choices, with the seeds the tool gives them.
    makers = [GreedyPlayer, GreedyPlayer, RandomPlayer]
    chosen = [
        [
            make(agreement.player_seed(7, i, j)).choose(pos, throw, plays).position
            for i, (pos, throw, plays) in enumerate(found)
        ]
        for j, make in enumerate(makers)
    ]
    names = ["greedy", "greedy", "random"]
    expected = {
        f"{names[a]}#{a} = {names[b]}#{b}": sum(
            x == y for x, y in zip(chosen[a], chosen[b], strict=True)
        )
        for a, b in [(0, 1), (0, 2), (1, 2)]
    }
    assert row["agree"] == expected
    assert f"{len(found)} decisions" in capsys.readouterr().out


def test_agreement_needs_two_players() -> None:
    agreement = load_benchmark("agreement")
    with pytest.raises(SystemExit):
        agreement.main(["parcheesi", "greedy"])
