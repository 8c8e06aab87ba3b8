"""The Parcheesi family's race values from precomputed finishing series (issue 33).

A full Parcheesi-family table keeps, for every race state, its whole
distribution of turns to finish (:meth:`pachisi.race.SideTable.build_series`),
so that a race value costs milliseconds instead of a forward propagation of
about half a second. These tests check the series against that forward
propagation (RULES.md §5.4 exact count to HOME, §5.8 extra throws and the third
doublet, whose journeys round the board again the series follow), the values
against games played by the engine, the cache file, and when the analysis uses
the tables by default.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import play_out
from pachisi import race
from pachisi.analysis.rollout import exact_chances
from pachisi.position import Position


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test with its own empty cache directory and no tables in memory."""
    monkeypatch.setenv("PACHISI_CACHE", str(tmp_path / "cache"))
    race._TABLES.clear()
    race._ON_DEMAND.clear()
    yield
    race._TABLES.clear()
    race._ON_DEMAND.clear()


#: Races of one pawn a player (its 72 states, third-doublet journeys included, are solved
#: on demand in well under a second).
ONE_PAWN = (
    "parcheesi r,y - r:71.72.72.72,y:70.72.72.72 0 0 - - -",
    "parcheesi r,y - r:68.72.72.72,y:66.72.72.72 1 1 - - -",
    "parcheesi r,y - r:30.72.72.72,y:70.72.72.72 0 2 - - -",
    "parcheesi r,g,y,b - r:71.72.72.72,g:66.72.72.72,y:70.72.72.72,b:7.72.72.72 3 0 - - -",
    "parcheesi r,g,y,b 02/13 r:65.72.72.72,g:69.72.72.72,y:72.72.72.72,b:0.72.72.72 1 0 - 2 -",
)


def small_table() -> race.SideTable:
    """The one-pawn states of a two-player Parcheesi player, solved."""
    table = race.SideTable("parcheesi", 1, Position.start("parcheesi").setup.options)
    sid = table.sid(((71, 72, 72, 72),))
    todo = table.closure([sid])
    assert todo is not None
    table.solve(todo)
    return table


def cumulative(values: list[float], length: int) -> list[float]:
    out = list(itertools.accumulate(values))
    return out + [out[-1]] * (length - len(out))


def padded(values: list[float], length: int) -> list[float]:
    return values + [values[-1]] * (length - len(values))


def test_series_equal_the_forward_propagation() -> None:
    # §5.8: a third doublet sends the pawn from its home path to the nest and the model
    # follows it round again; the series (backward, by turns) and the forward
    # propagation are two computations of the same distribution.
    table = small_table()
    keys = [(s, d) for s in range(len(table.states)) for d in (0, 1, 2)]
    forward = {k: table.distribution(*k) for k in keys}
    assert any(forward[k].leak[1] > 0 for k in keys)  # third doublets are in the model
    table._dist.clear()
    table.build_series()
    assert table.series is not None
    for k in keys:
        a, b = forward[k], table.distribution(*k)
        n = max(len(a.f), len(b.f))
        tol = a.lost + 1e-6  # the forward propagation's cut-offs (1e-10 a state, 1e-6 tail)
        for x, y in ((a.f, b.f), (a.u, b.u), (a.leak, b.leak)):
            assert cumulative(x, n) == pytest.approx(cumulative(y, n), abs=tol), k
        assert padded(a.out, n) == pytest.approx(padded(b.out, n), abs=tol), k
        assert sum(b.f) + sum(b.u) > 1 - 2 * race.SERIES_TAIL


def test_series_by_hand_one_pawn_from_home() -> None:
    # §5.4, §5.8: one pawn at 71, three HOME: a non-doublet with a 1 finishes (10/36), a
    # doublet throws again (1-1 moves nothing, others overshoot), the third doublet sends
    # the pawn to the nest (1/216 of the turns).
    table = small_table()
    table.build_series()
    d = table.distribution(table.index[((71, 72, 72, 72),)], 0)
    fin = 10 / 36
    assert d.f[1] == pytest.approx(fin * (1 + 1 / 6 + 1 / 36), abs=1e-15)
    assert d.leak[1] == pytest.approx(1 / 216, abs=1e-15)
    assert d.out[1] == pytest.approx(1 / 216, abs=1e-15)
    # after two doublets already thrown: one more throw, the third doublet sends it back
    d2 = table.distribution(table.index[((71, 72, 72, 72),)], 2)
    assert d2.f[1] == pytest.approx(fin, abs=1e-15)
    assert d2.leak[1] == pytest.approx(1 / 6, abs=1e-15)


@pytest.mark.parametrize("text", ONE_PAWN)
def test_race_values_by_series_equal_the_forward_ones(text: str) -> None:
    pos = Position.from_text(text)
    before = race.race_value(pos)
    assert before is not None
    table = race._ON_DEMAND[race._model_key(pos.setup, 1)]
    table._dist.clear()
    table.build_series()
    after = race.race_value(pos)
    assert after is not None
    assert after.chances == pytest.approx(before.chances, abs=1e-5)
    assert after.error == pytest.approx(before.error, abs=1e-5)
    # every player's chance; partners share their team's (§5.9): two teams of two sum to 2
    assert sum(after.chances) == pytest.approx(2.0 if pos.setup.teams else 1.0, abs=1e-12)


def test_series_values_against_games() -> None:
    # Red's lone pawn still has to run round from square 30 while yellow waits at 70 for
    # an exact 2 (§5.4): the race value by the series against 2,000 games of the engine.
    start = Position.from_text("parcheesi r,y - r:30.72.72.72,y:70.72.72.72 0 0 - - -")
    race.race_value(start)
    race._ON_DEMAND[race._model_key(start.setup, 1)].build_series()
    v = race.race_value(start)
    assert v is not None
    n = 2000
    wins = play_out(start, n, seed=35)
    p = v.chances[0]
    se = (p * (1 - p) / n) ** 0.5
    assert abs(wins[0] / n - p) < 3.5 * se + v.error


def test_series_cache_round_trip_and_damage(tmp_path: Path) -> None:
    table = small_table()
    table.build_series()
    key = race._model_key(Position.start("parcheesi").setup, 1)
    path = tmp_path / "series.z"
    assert race._write_series(path, key, table)
    fresh = race._read_series(path, key)
    assert fresh is not None
    assert fresh.series == table.series
    assert fresh.states == table.states and fresh.expect == table.expect
    assert all(fresh.solved)
    # the kernels after doublets, not on file, are worked out again, the same
    for s in range(len(table.states)):
        for d in (1, 2):
            assert dict(fresh.kernel(s, d)) == pytest.approx(dict(table.kernel(s, d)), abs=1e-15)
    pos = Position.from_text(ONE_PAWN[1])  # red to move after a doublet
    race._TABLES[key] = fresh
    v = race.race_value(pos)
    race._TABLES[key] = table
    w = race.race_value(pos)
    assert v is not None and w is not None and v.chances == pytest.approx(w.chances, abs=1e-15)
    # damaged, missing or of another key: not read
    raw = bytearray(path.read_bytes())
    raw[len(raw) // 2] ^= 0xFF
    path.write_bytes(bytes(raw))
    assert race._read_series(path, key) is None
    other = race._model_key(Position.start("whitman").setup, 1)
    assert race._read_series(tmp_path / "missing.z", key) is None
    assert race._write_series(path, key, table)
    assert race._read_series(path, other) is None


def test_analysis_uses_parcheesi_races_once_the_tables_are_ready() -> None:
    pos = Position.from_text(ONE_PAWN[0])
    assert race.is_race(pos)
    # an empty cache: never built on the analysis' behalf (minutes), the network judges
    assert not race.tables_ready(pos.setup)
    assert not race.used_by_default(pos)
    # nor do the learned players
    assert not race.played_by_default(pos)
    # a table with its series in memory: the race is valued by it
    table = small_table()
    table.build_series()
    race._TABLES[race._model_key(pos.setup, 1)] = table
    assert race.tables_ready(pos.setup)
    assert race.used_by_default(pos) and race.played_by_default(pos)
    est = exact_chances(pos)
    assert est is not None and est.method == "race"
    v = race.race_value(pos)
    assert v is not None and est.chances == pytest.approx(v.chances)
    # Eight-Man's two-colour races are not used by default
    eight = Position.from_text(
        "eight-man Ry,Bg - r:70.72.72.72,y:69.71.72.72,b:72.72.72.72,g:66.68.72.72 0 0 - - -"
    )
    assert race.is_race(eight) and not race.used_by_default(eight)


def test_loose_bounds_are_left_to_the_network() -> None:
    # A four-player race with a lone pawn on the ring: the others' third doublets while it
    # runs (§5.8) leave a bound of a few points; such a value is not shown by default.
    table = small_table()
    table.build_series()
    loose = 0
    for text in ONE_PAWN:
        pos = Position.from_text(text)
        race._TABLES[race._model_key(pos.setup, 1)] = table
        v = race.race_value(pos)
        assert v is not None and race.used_by_default(pos)
        got = race.by_default(pos)
        if v.error > race.BOUND_BY_DEFAULT:
            loose += 1
            assert got is None
            assert exact_chances(pos) is None
        else:
            assert got is not None and got.chances == v.chances
    assert loose >= 1


def test_analyse_shows_a_parcheesi_race_with_its_bound(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # `pachisi analyse POSITION` on a pure race once the tables are ready: the race tables'
    # value, said to be one, with its bound (not "the standard error of the rollouts").
    from pachisi import cli

    text = ONE_PAWN[0]
    pos = Position.from_text(text)
    table = small_table()
    table.build_series()
    race._TABLES[race._model_key(pos.setup, 1)] = table
    v = race.race_value(pos)
    assert v is not None and 0 < v.error <= race.BOUND_BY_DEFAULT
    assert cli.main(["analyse", text]) == 0
    out = capsys.readouterr().out
    assert "race tables: a pure race" in out
    assert f"{100 * v.chances[0]:.2f}%" in out
    assert "proven error bound" in out
    assert "standard error of the rollouts" not in out


TWO_PAWNS = "parcheesi r,y - r:66.69.72.72,y:67.70.72.72 0 0 - - -"


@pytest.mark.parametrize("plies", [0, 1])
def test_learned_players_choose_parcheesi_races_by_the_tables(
    plies: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the tables ready, a learned player's play in a race is the best by race value,
    whatever the network thinks; a value outside the 2-point bound leaves it to the network.
    (The values are stand-ins: solving two-pawn races on demand takes minutes.)"""
    from pachisi.bots.learned import LearnedPlayer
    from pachisi.learn.network import ValueNet

    pos = Position.from_text(TWO_PAWNS)
    throw = (3, 1)
    plays = pos.legal_plays(throw)
    assert race.is_race(pos) and len({p.position for p in plays}) == 2
    net = ValueNet.random(pos.setup, hidden=4, seed=3)
    by_net = LearnedPlayer(seed=1, plies=plies, net=net).choose(pos, throw, plays)
    other = next(p for p in plays if p.position != by_net.position)
    error = {"bound": 0.0}

    def value(position: Position) -> race.RaceValue:
        mine = 0.9 if position == other.position else 0.2
        return race.RaceValue((mine, 1 - mine), error["bound"], "race")

    monkeypatch.setattr(race, "race_value", value)
    # tables not ready: the network chooses
    assert LearnedPlayer(seed=1, plies=plies, net=net).choose(pos, throw, plays) == by_net
    monkeypatch.setattr(race, "tables_ready", lambda setup: True)
    assert race.played_by_default(pos)
    assert LearnedPlayer(seed=1, plies=plies, net=net).choose(pos, throw, plays) == other
    error["bound"] = race.BOUND_BY_DEFAULT * 1.5  # too loose to trust: the network again
    assert LearnedPlayer(seed=1, plies=plies, net=net).choose(pos, throw, plays) == by_net
    # Eight-Man's two-colour races stay with the network
    eight = Position.from_text(
        "eight-man Ry,Bg - r:70.72.72.72,y:69.71.72.72,b:72.72.72.72,g:66.68.72.72 0 0 - - -"
    )
    assert not race.played_by_default(eight)


def test_tables_ready_looks_at_the_disk_at_most_once_a_second(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The analysis asks ``tables_ready`` at every position it values: the answer from the
    disk is kept for a second (per cache directory), then looked at again, so tables built
    or removed by another process are seen without a restart."""
    clock = [1000.0]
    monkeypatch.setattr(race, "time", type("Clock", (), {"monotonic": lambda: clock[0]}))
    setup = Position.start("parcheesi").setup
    key = race._model_key(setup, 1)
    assert key not in race._TABLES
    assert not race.tables_ready(setup)
    cache = race.cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    (cache / race._file_name(key)).write_bytes(b"")
    race._series_path(key).write_bytes(b"")
    clock[0] += 0.5
    assert not race.tables_ready(setup)  # the last look is still trusted
    clock[0] += 0.6
    assert race.tables_ready(setup)  # looked again: built meanwhile
    # another cache directory is another answer at once
    monkeypatch.setenv("PACHISI_CACHE", str(tmp_path / "other"))
    assert not race.tables_ready(setup)
    monkeypatch.setenv("PACHISI_CACHE", str(cache))
    race._series_path(key).unlink()
    assert race.tables_ready(setup)
    clock[0] += 1.0
    assert not race.tables_ready(setup)  # removed: seen at the next look
