"""Pure races (src/pachisi/race.py): detection, exact one-sided tables, combining the sides,
decided positions, the cache (issue 33, part 2).

Small cases are solved by hand here, with the rules of RULES.md written out; the
tables use the engine's own plays. Heavy checks (full tables, long rollouts, the
policy against the exact two-sided optimum) are in benchmarks/race_*.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import play_out
from pachisi import Position, race


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test with its own empty cache directory and no tables in memory."""
    monkeypatch.setenv("PACHISI_CACHE", str(tmp_path / "cache"))
    race._TABLES.clear()
    race._ON_DEMAND.clear()
    yield
    race._TABLES.clear()
    race._ON_DEMAND.clear()


def pos(text: str) -> Position:
    return Position.from_text(text)


# -- §4.5 exact count to Home, §4.7 using the throw: one-sided Pagade by hand ------------


def pagade_chain(turns: int) -> tuple[list[float], list[float]]:
    """Turns to finish for one Pagade pawn at 83 and at 82 with stick dice (faces 1, 3, 4,
    6; RULES.md §4.1, §4.5: Home only by exact count, by one die or the sum; §4.7: the
    most dice possible). From 83: a 1 on either die (7/16). From 82: 1-1 as a sum move
    (1/16); exactly one 1 moves it to 83 (6/16: the 1 must be used); else it stays."""
    p83 = 7 / 16
    f83 = [0.0] + [p83 * (1 - p83) ** (t - 1) for t in range(1, turns + 1)]
    at82, at83 = 1.0, 0.0
    f82 = [0.0]
    for _ in range(turns):
        f82.append(at82 / 16 + at83 * p83)
        at82, at83 = at82 * 9 / 16, at82 * 6 / 16 + at83 * (1 - p83)
    return f83, f82


def test_pagade_one_pawn_exact_finish_by_hand() -> None:
    # §4.5: exact count; the pawn at 83 needs a 1, the one at 82 needs 1-1 or two turns.
    p = pos("pagade ry,bg - r:83.84.84.84,b:82.84.84.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -")
    f83, f82 = pagade_chain(60)
    d0 = race.finish_distribution(p, 0)
    d1 = race.finish_distribution(p, 1)
    assert d0 is not None and d1 is not None
    assert d0.f[1:6] == pytest.approx(f83[1:6], abs=1e-15)
    assert d1.f[1:6] == pytest.approx(f82[1:6], abs=1e-15)
    table = race.side_table(p.setup, 1, ((82, 84, 84, 84), (84, 84, 84, 84)))
    assert table is not None
    sid = table.index[((82, 84, 84, 84), (84, 84, 84, 84))]
    assert table.expect[sid] == pytest.approx(208 / 49, abs=1e-12)  # (1 + 6/7) / (7/16)
    # Red throws first: he wins in his turn t if black has not finished in t - 1 turns.
    want = 0.0
    left = 1.0
    for t in range(1, 60):
        want += f83[t] * left
        left -= f82[t]
    v = race.race_value(p)
    assert v is not None and v.exact
    assert v.chances[0] == pytest.approx(want, abs=1e-12)
    assert sum(v.chances) == pytest.approx(1.0, abs=1e-12)


def test_pagade_turn_order_matters() -> None:
    # §3.1 turn order: the same race is better for the player to throw.
    a = race.race_chances(
        pos("pagade ry,bg - r:83.84.84.84,b:83.84.84.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -")
    )
    b = race.race_chances(
        pos("pagade ry,bg - r:83.84.84.84,b:83.84.84.84,y:84.84.84.84,g:84.84.84.84 1 0 11 - -")
    )
    assert a is not None and b is not None
    p = 7 / 16
    first = p / (1 - (1 - p) ** 2)  # geometric: the first to throw a 1
    assert a[0] == pytest.approx(first, abs=1e-12)
    assert b[1] == pytest.approx(first, abs=1e-12)


def test_pagade_pair_move_on_a_doublet() -> None:
    # §4.3 pair move: two pawns at 80 go Home together on 4-4; one turn, probability 1/16
    # plus the doublets that move the pair or a single further (no 4-4: not at once).
    p = pos("pagade ry,bg - r:80.80.84.84,b:77.84.84.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -")
    d = race.finish_distribution(p, 0)
    assert d is not None
    assert d.f[1] == pytest.approx(1 / 16, abs=1e-15)  # only 4-4 takes both Home at once


# -- §5.4 exact count to HOME, §5.5 no split doublets, §5.8 extra throws, third doublet ---


def test_parcheesi_pawn_one_from_home_by_hand() -> None:
    # One pawn at 71 (home path space 7), three HOME, all pawns entered: a doublet gives
    # d, d, 7-d, 7-d; 1-1 cannot take it HOME (§5.5: every number by that pawn, and 6-6
    # would overshoot), nothing moves and Red throws again (§5.6 "nothing", §5.8). A
    # non-doublet with a 1 finishes (10/36). The third doublet sends it to the nest (§5.8).
    p = pos("parcheesi r,y - r:71.72.72.72,y:65.65.66.66 0 0 - - -")
    d = race.finish_distribution(p, 0)
    assert d is not None
    fin = 10 / 36
    assert d.f[1] == pytest.approx(fin * (1 + 1 / 6 + 1 / 36), abs=1e-15)
    assert d.u[1] == 0.0  # the pawn sent back is followed round again (one pawn outside)
    assert d.leak[1] == pytest.approx(1 / 216, abs=1e-15)
    assert d.out[1] == pytest.approx(1 / 216, abs=1e-15)
    # From the second doublet already thrown: only two more throws in this turn.
    p2 = pos("parcheesi r,y - r:71.72.72.72,y:65.65.66.66 0 1 - - -")
    d2 = race.finish_distribution(p2, 0)
    assert d2 is not None
    assert d2.f[1] == pytest.approx(fin * (1 + 1 / 6), abs=1e-15)
    assert d2.leak[1] == pytest.approx(1 / 36, abs=1e-15)


def test_parcheesi_home_bonus_moves_own_pawn() -> None:
    # §5.7: each pawn reaching HOME earns 10 for one of the player's pawns. With pawns at
    # 62, 66 and 71, the throw 1-6 takes 71 and 66 HOME and one bonus of 10 takes 62 HOME:
    # the player finishes in one throw, which only the bonus allows.
    table = race.SideTable("parcheesi", 1, Position.start("parcheesi").setup.options)
    sid = table.sid(((62, 66, 71, 72),))
    rows = dict(zip([t for t, _ in table.throws], table._explore(sid, 0), strict=True))
    assert (race._FIN, -1) in rows[(1, 6)][1]
    # without a 1 nothing reaches HOME by the dice, so no bonus: 2-3 cannot finish
    assert (race._FIN, -1) not in rows[(2, 3)][1]


# -- race detection (the module docstring's conditions) -----------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Pagade: every pawn of every player in the belly on the way Home, or Home.
        (
            "pagade r,b,y,g - r:77.78.80.84,b:79.81.84.84,y:77.77.77.77,g:83.84.84.84 0 0 1111 - -",
            True,
        ),
        # a pawn on its square 8 (76) is on the ring: others could land there (§4.4)
        (
            "pagade r,b,y,g - r:76.78.80.84,b:79.81.84.84,y:77.77.77.77,g:83.84.84.84 0 0 1111 - -",
            False,
        ),
        # a pawn at p = 20 could be cut (§4.4)
        (
            "pagade ry,bg - r:20.84.84.84,b:80.84.84.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -",
            False,
        ),
        ("pagade ry,bg - r:77.84.84.84,b:80.84.84.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -", True),
        # Parcheesi: home paths (private, §2.4) and HOME
        ("parcheesi r,y - r:65.66.70.72,y:68.69.71.72 0 0 - - -", True),
        # one lone pawn on the ring: nothing can meet it
        ("parcheesi r,y - r:30.66.70.72,y:68.69.71.72 0 0 - - -", True),
        # one pawn in the nest, the rest on home paths: it will enter and run alone
        ("parcheesi r,y - r:0.66.70.72,y:68.69.71.72 0 0 - - -", True),
        # two players on the ring: a capture is possible (§5.4)
        ("parcheesi r,y - r:30.66.70.72,y:40.69.71.72 0 0 - - -", False),
        # a blockade on the ring (§5.4) with another pawn behind it: not a race
        ("parcheesi r,y - r:30.30.70.72,y:68.69.71.72 0 0 - - -", False),
        (
            "parcheesi r,g,y,b 02/13 r:65.72.72.72,g:66.72.72.72,y:70.71.72.72,b:67.67.72.72"
            " 0 0 - - -",
            True,
        ),
        (
            "eight-man Ry,Bg - r:70.72.72.72,y:69.71.72.72,b:72.72.72.72,g:66.68.72.72 0 0 - - -",
            True,
        ),
        (
            "eight-man Ry,Bg - r:70.72.72.72,y:9.71.72.72,b:72.72.72.72,g:6.68.72.72 0 0 - - -",
            False,
        ),
        ("whitman r,g,y - r:65.66.70.72,g:68.69.71.72,y:72.72.72.71 0 0 - - -", True),
        ("whitman r,g,y - r:65.66.70.72,g:68.69.71.72,y:72.72.72.3 0 0 - - -", True),
        ("whitman r,g,y - r:65.66.70.72,g:68.69.71.72,y:72.72.3.3 0 0 - - -", False),
    ],
)
def test_is_race(text: str, expected: bool) -> None:
    assert race.is_race(pos(text)) is expected
    if not expected:
        assert race.race_value(pos(text)) is None


def test_start_and_middle_game_positions_are_not_races() -> None:
    for ruleset in ("pagade", "parcheesi", "whitman", "eight-man"):
        assert not race.is_race(Position.start(ruleset))
        assert race.race_chances(Position.start(ruleset)) is None


# -- decided and near-decided positions (§3.5) ---------------------------------------------


def test_decided_positions_read_exactly_one_and_zero() -> None:
    v = race.race_value(pos("parcheesi r,y - r:72.72.72.72,y:0.0.0.9 1 0 - 0 0"))
    assert v is not None and v.chances == (1.0, 0.0) and v.error == 0.0 and v.exact
    # a team game won by 0 and 2 (§5.9): both partners read 1, the others 0
    team = pos(
        "parcheesi r,g,y,b 02/13 r:72.72.72.72,g:66.72.72.72,y:72.72.72.72,b:67.67.72.72"
        " 1 0 - 0.2 0.2"
    )
    assert race.race_chances(team) == (1.0, 0.0, 1.0, 0.0)


def test_finished_partner_is_skipped_and_team_waits_for_both() -> None:
    # §5.9: red (0) has finished; his team wins when yellow (2) finishes, before both of
    # green (1) and blue (3) have: yellow needs one 1, and the other team needs two.
    t = pos(
        "parcheesi r,g,y,b 02/13 r:72.72.72.72,g:71.72.72.72,y:71.72.72.72,b:71.72.72.72 2 0 - 0 -"
    )
    v = race.race_value(t)
    assert v is not None
    assert v.chances[0] == v.chances[2]
    assert v.chances[1] == v.chances[3] == pytest.approx(1 - v.chances[0], abs=1e-12)
    # yellow throws first and needs one success; blue and green need one each
    single = race.race_value(pos("parcheesi r,y - r:71.72.72.72,y:71.72.72.72 0 0 - - -"))
    assert single is not None
    assert v.chances[2] > single.chances[0] > 0.5


def test_near_decided_race() -> None:
    # Pagade for two: red needs one 1 (7/16 a throw); black needs 28 steps, at most 12 a
    # throw (§4.3), so at least three throws: red wins at least when he throws a 1 in his
    # first three turns, 1 - (9/16)^3; and he is not sure.
    v = race.race_value(
        pos("pagade ry,bg - r:83.84.84.84,b:77.77.77.77,y:84.84.84.84,g:84.84.84.84 0 0 11 - -")
    )
    assert v is not None and v.exact
    assert 1 - (9 / 16) ** 3 < v.chances[0] < 1.0
    assert sum(v.chances) == pytest.approx(1.0, abs=1e-12)
    # Parcheesi: red needs one 1 on a non-doublet, yellow the same but throws second
    w = race.race_value(pos("parcheesi r,y - r:71.72.72.72,y:71.72.72.72 0 0 - - -"))
    assert w is not None
    assert 0.5 < w.chances[0] < 0.7
    assert 0.0 < w.error < 0.002  # third doublets (§5.8) could bring two pawns back out


# -- combining the sides against the joint solution ----------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "pagade ry,bg - r:82.83.84.84,b:81.84.84.84,y:84.84.84.84,g:84.84.84.83 1 0 11 - -",
        "pagade ry,bg - r:83.84.84.84,b:78.84.84.84,y:84.84.84.84,g:84.84.84.82 0 0 11 - -",
    ],
)
def test_combination_equals_joint_solution_under_the_same_policy(text: str) -> None:
    # Closed Pagade races: the one-sided distributions combined in turn order give the
    # value of the joint game in which both follow the same one-sided policy.
    p = pos(text)
    v = race.race_value(p)
    joint = race.two_sided_value(p, "table")
    best = race.two_sided_value(p, "optimal")
    assert v is not None and joint is not None and best is not None
    assert v.chances == pytest.approx(joint, abs=1e-12)
    # maximising the chance of winning instead moves it little (benchmarks/race_policy.py)
    assert abs(best[0] - joint[0]) < 0.01


# -- the tables against games played by the engine ----------------------------------------


def test_pagade_table_against_games() -> None:
    start = pos(
        "pagade r,b,y,g - r:81.83.84.84,b:80.84.84.84,y:82.82.84.84,g:79.84.84.84 0 0 1111 - -"
    )
    v = race.race_value(start)
    assert v is not None and v.exact
    n = 3000
    wins = play_out(start, n, seed=33)
    for i, w in enumerate(wins):
        p = v.chances[i]
        se = (p * (1 - p) / n) ** 0.5
        assert abs(w / n - p) < 3.5 * se, (i, w / n, p, se)


def test_parcheesi_table_against_games() -> None:
    start = pos("parcheesi r,y - r:71.72.72.72,y:70.72.72.72 0 0 - - -")
    v = race.race_value(start)
    assert v is not None
    n = 2000
    wins = play_out(start, n, seed=34)
    p = v.chances[0]
    se = (p * (1 - p) / n) ** 0.5
    assert abs(wins[0] / n - p) < 3.5 * se + v.error


# -- the cache --------------------------------------------------------------------------------


def test_table_cached_on_disk_and_rebuilt_when_corrupt(tmp_path: Path) -> None:
    table = race.build_table("pagade")
    assert len(table.states) == 330  # 4 pawns over 77..84: C(11, 4)
    files = list((tmp_path / "cache").glob("race-pagade-*"))
    assert len(files) == 1
    path = files[0]
    race._TABLES.clear()
    again = race._read_cache(path, race._model_key(Position.start("pagade").setup, 1))
    assert again is not None and again.expect == table.expect
    for damage in (b"", b"not a table", path.read_bytes()[:-50]):
        path.write_bytes(damage)
        race._TABLES.clear()
        rebuilt = race.build_table("pagade")
        assert rebuilt.expect == pytest.approx(table.expect, abs=1e-12)
        assert race._read_cache(path, race._model_key(Position.start("pagade").setup, 1))


def test_stale_cache_version_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    race.build_table("pagade")
    key = race._model_key(Position.start("pagade").setup, 1)
    path = next((tmp_path / "cache").glob("race-pagade-*"))
    monkeypatch.setattr(race, "CACHE_VERSION", race.CACHE_VERSION + 1)
    assert race._read_cache(path, key) is None  # another format version: not trusted


def test_unwritable_cache_still_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("PACHISI_CACHE", str(blocker / "sub"))  # a directory under a file
    v = race.race_chances(
        pos("pagade r,b,y,g - r:81.83.84.84,b:80.84.84.84,y:82.82.84.84,g:79.84.84.84 0 0 1111 - -")
    )
    assert v is not None and sum(v) == pytest.approx(1.0, abs=1e-12)
