"""The hand evaluation's shared terms (``pachisi.hand_terms``) and the one greedy pick.

The players' evaluation, the encoding and the kernel's tables read the same
terms; the greedy player, the kernel engine's games and the playouts draw
among :func:`pachisi.plays.best_plays`. ``benchmarks/hand_terms_check.py``
fingerprints all of it to compare two versions; here its round trip.
"""

from __future__ import annotations

import json
import random
from array import array
from pathlib import Path

import pytest

from helpers import load_benchmark
from pachisi import Position, fast, legal_plays
from pachisi.board import N_RING
from pachisi.bots.evaluation import evaluate
from pachisi.hand_terms import hit_chance, hit_risk, player_signs, safe_squares, spare_colours
from pachisi.plays import best_plays
from pachisi.rules import Setup


def test_the_hit_table_counts_each_throw_once_per_distance() -> None:
    table = hit_chance("whitman")  # 36 equally likely ordered throws
    # 2: a 2 on either die (11), 1 + 1 (1): 12 of 36; a doublet of 1s counts 2 once.
    assert table[2] * 36 == pytest.approx(12)
    assert table[24] * 36 == pytest.approx(1)  # only 6-6 four times
    assert table[23] == 0.0 and table[0] == 0.0
    assert len(table) == N_RING


def test_the_risk_is_the_nearest_threats_chance_around_the_ring() -> None:
    table = hit_chance("parcheesi")
    assert hit_risk(table, 2, [66]) == table[4]  # from 66 to 2: 4 squares on, across 0
    assert hit_risk(table, 10, [40]) == 0.0


def test_safe_squares_follow_the_switch() -> None:
    assert safe_squares(Setup.create("pagade", options={"safe_x_squares": True}))
    assert not safe_squares(Setup.create("pagade"))


@pytest.mark.parametrize(
    "setup",
    [
        Setup.create("parcheesi", players=4, teams=True),
        Setup.create("whitman", players=3),
        Setup.create("eight-man", players=2, majors=["yellow", "green"]),
        Setup.create("pagade", players=2),
    ],
    ids=str,
)
def test_the_kernels_tables_are_the_shared_terms(setup: Setup) -> None:
    """The layout is pachisi._layout's; the numbers hand_terms'."""
    from pachisi._layout import D_CHANCE, D_SIGNS, E_SAFE, E_SPARE

    evd, evi = fast.eval_tables(setup)
    safe = safe_squares(setup)
    assert list(evd[D_CHANCE : D_CHANCE + N_RING]) == list(hit_chance(setup.ruleset))
    assert [bool(x) for x in evi[E_SAFE : E_SAFE + N_RING]] == [q in safe for q in range(N_RING)]
    assert tuple(bool(x) for x in evi[E_SPARE : E_SPARE + 4]) == spare_colours(setup)
    for p in range(len(setup.players)):
        assert tuple(evd[D_SIGNS + 4 * p : D_SIGNS + 4 * p + 4]) == player_signs(setup, p)
    assert isinstance(evd, array)


def test_best_plays_keeps_every_play_within_the_tolerance_in_order() -> None:
    pos = Position.start("parcheesi", players=2)
    game = random.Random(3)
    while True:  # a position and throw with at least four outcomes
        plays = legal_plays(pos, (game.randint(1, 6), game.randint(1, 6)))
        if len(plays) >= 4:
            break
        pos = game.choice(plays).position
    scores = [1.0, 3.0, 3.0 + 5e-10, 2.0] + [0.0] * (len(plays) - 4)
    table = {p.position: v for p, v in zip(plays, scores, strict=True)}
    asked: list[int] = []

    def by_table(position: Position, player: int) -> float:
        asked.append(player)
        return table[position]

    assert best_plays(pos, plays, by_table) == [plays[1], plays[2]]
    assert set(asked) == {pos.to_move}
    # A lone play is not evaluated.
    assert best_plays(pos, plays[:1], lambda p, me: 1 / 0) == [plays[0]]


def test_the_fingerprint_round_trip(tmp_path: Path) -> None:
    check = load_benchmark("hand_terms_check")
    out = tmp_path / "fp.json"
    assert check.main(["--positions", "3", "--out", str(out)], setups=4) == 0
    assert check.main(["--positions", "3", "--against", str(out)], setups=4) == 0
    found = json.loads(out.read_text())
    label = sorted(found)[0]
    found[label][0] = "0" * 64
    out.write_text(json.dumps(found))
    assert check.main(["--positions", "3", "--against", str(out)], setups=4) == 1


def test_the_fingerprint_sees_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    check = load_benchmark("hand_terms_check")
    start = Position.start("parcheesi", players=2)
    before = check.fingerprint(start, 5, 1)
    assert check.fingerprint(start, 5, 1) == before
    monkeypatch.setattr(check, "evaluate", lambda p, player: evaluate(p, player) + 1e-12)
    assert check.fingerprint(start, 5, 1) != before


@pytest.mark.skipif(not fast.active(), reason="the kernel is not compiled here")
def test_the_fingerprint_reads_the_kernels_evaluation_of_each_outcome() -> None:
    """``kernel_values`` (what the fingerprint records of ``evaluate_many``) is the players'
    evaluation of every outcome, not only the first."""
    check = load_benchmark("hand_terms_check")
    rng = random.Random(1)
    pos = Position.start("parcheesi", players=4)
    seen = 0
    for _ in range(40):
        plays = legal_plays(pos, (rng.randint(1, 6), rng.randint(1, 6)))
        results = [p.position for p in plays]
        if len(results) > 1:
            me = pos.to_move
            assert check.kernel_values(results, me) == [evaluate(r, me) for r in results]
            seen += 1
        pos = rng.choice(plays).position
    assert seen > 10
