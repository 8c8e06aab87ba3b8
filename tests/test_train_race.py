"""``pachisi train --race-targets``: the closing pure race's exact values as targets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from helpers import same_weights
from pachisi import Position, _accel, race
from pachisi.errors import PachisiError
from pachisi.learn.encoding import Encoder
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup
from pachisi.training import race_targets
from pachisi.training.train import (
    TrainSettings,
    _game_data,
    _play_pure,
    _settings_dict,
    lambda_returns,
    play_games,
    retarget,
    train,
)

LAM = 0.7


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An empty race cache, no tables in memory, and never a full table built (minutes):
    the Parcheesi races are solved on demand where small, else not valued."""
    monkeypatch.setenv("PACHISI_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(race, "_full_table", lambda key: None)
    race._TABLES.clear()
    race._ON_DEMAND.clear()
    yield
    race._TABLES.clear()
    race._ON_DEMAND.clear()


@pytest.fixture
def tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Parcheesi tables count as built (the analysis' rule then values races)."""
    monkeypatch.setattr(race, "tables_ready", lambda setup: True)


@pytest.fixture
def quick_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Stand-in race values (each player's share of the squares still to go, reversed):
    the full Parcheesi tables take minutes to build; these tests check the plumbing,
    :func:`test_a_closing_race_gives_its_exact_values_as_targets` the real values."""

    def value(pos: Position) -> race.RaceValue | None:
        if not race.is_race(pos):
            return None
        togo = [1 + sum(72 - p for c in cs for p in pos.pawns[c]) for cs in pos.setup.players]
        inv = [1 / x for x in togo]
        return race.RaceValue(tuple(x / sum(inv) for x in inv), 0.0, "race")

    monkeypatch.setattr(race, "by_default", value)


def game_positions_of(setup: Setup, games: int, seed: int) -> list[list[Position]]:
    """The positions before each throw of random-network self-play games (pure engine)."""
    net = ValueNet.random(setup, 4, seed)
    seen: list[list[Position]] = []
    real = race_targets.race_end

    def spy(positions: list[Position]) -> race_targets.RaceEnd:
        seen.append(list(positions))
        return real(positions)

    race_targets.race_end = spy  # type: ignore[assignment]
    try:
        _play_pure(net, setup, seed, range(games), LAM, 400, True)
    finally:
        race_targets.race_end = real
    return seen


@pytest.mark.parametrize(
    "setup",
    [
        Setup.create("parcheesi", players=2),
        Setup.create("parcheesi", players=4),
        Setup.create("whitman", players=3),
        Setup.create("pagade", players=4),
        Setup.create("pagade", teams=True),
    ],
    ids=lambda s: f"{s.ruleset}-{len(s.players)}{'-teams' if s.teams else ''}",
)
def test_decode_gives_back_every_position_of_a_game(setup: Setup, tables: None) -> None:
    enc = Encoder.of(setup)
    n = 0
    for positions in game_positions_of(setup, 2, 5):
        for pos in positions:
            idx, val = enc.encode(pos)
            back = race_targets.decode(enc, idx, val, pos.to_move)
            assert back.pawns == pos.pawns
            assert (back.to_move, back.doubles, back.cut) == (pos.to_move, pos.doubles, pos.cut)
            assert set(back.finished) == set(pos.finished)
            n += 1
    assert n > 100


def race_game() -> list[Position]:
    """Two positions that are not races, then three of one race (a one-pawn Parcheesi race)."""
    texts = [
        "parcheesi r,y - r:30.72.72.72,y:20.72.72.72 0 0 - - -",
        "parcheesi r,y - r:30.72.72.72,y:27.72.72.72 1 0 - - -",
        "parcheesi r,y - r:30.72.72.72,y:68.72.72.72 0 0 - - -",
        "parcheesi r,y - r:37.72.72.72,y:68.72.72.72 1 0 - - -",
        "parcheesi r,y - r:37.72.72.72,y:70.72.72.72 0 1 - - -",
    ]
    return [Position.from_text(t) for t in texts]


def test_a_closing_race_gives_its_exact_values_as_targets(tables: None) -> None:
    positions = race_game()
    assert [race.is_race(p) for p in positions] == [False, False, True, True, True]
    end = race_targets.race_end(positions)
    assert end.start == 2 and len(end) == 3
    exact = [race.race_value(p) for p in positions[2:]]
    assert all(v is not None and v.error <= race.BOUND_BY_DEFAULT for v in exact)
    assert end.values == [v.chances for v in exact if v is not None]
    values = [[0.3, 0.7], [0.45, 0.55], [0.6, 0.4], [0.2, 0.8], [0.9, 0.1]]
    final = [0.0, 1.0]  # the game's result: not used once a race closes it
    G = race_targets.race_lambda_returns(values, final, LAM, end, lambda_returns)
    r = np.asarray(end.values)
    assert np.array_equal(G[2:], r)  # exactly the race values, not the outcome
    assert np.allclose(G[1], r[0], rtol=0, atol=1e-15)  # G(s - 1) = (1 - lam) race(s) + lam race(s)
    assert np.allclose(G[0], (1 - LAM) * np.asarray(values[1]) + LAM * r[0])
    plain = lambda_returns(values, final, LAM)
    assert not np.allclose(G, plain)
    # through the examples: each side's target, the mover's first
    setup = positions[0].setup
    enc = Encoder.of(setup)
    rows = [enc.encode(p) for p in positions]
    offsets = np.cumsum([0] + [len(i) for i, _ in rows])
    cols = np.asarray([c for i, _ in rows for c in i])
    vals = np.asarray([v for _, vs in rows for v in vs])
    movers = [p.to_move for p in positions]
    data = _game_data(enc, LAM, (offsets, cols, vals, movers), values, final, 5, (1,), end)
    for t, m in enumerate(movers):
        assert data.targets[t, 0] == G[t, m] and data.targets[t, 1] == G[t, 1 - m]
    # a position that is not a race ends the run there (walking back)
    worse = race_targets.race_end([*positions[:3], positions[3], positions[0], positions[4]])
    assert worse.start == 5 and len(worse) == 1


def test_without_a_closing_race_the_targets_are_unchanged(tables: None) -> None:
    positions = race_game()[:2]
    end = race_targets.race_end(positions)
    assert end.start == 2 and len(end) == 0
    values = [[0.3, 0.7], [0.45, 0.55]]
    G = race_targets.race_lambda_returns(values, [1.0, 0.0], LAM, end, lambda_returns)
    assert np.array_equal(G, lambda_returns(values, [1.0, 0.0], LAM))


def played(setup: Setup, on: bool, games: int = 6) -> tuple[list, dict]:  # type: ignore[type-arg]
    settings = TrainSettings(
        setup=setup.to_fields(), games=games, seed=4, hidden=4, max_throws=400, race_targets=on
    )
    weights = ValueNet.random(setup, 4, 7).arrays()
    return play_games(weights, settings, list(range(games))), weights


def test_games_that_end_in_races_with_the_option_off_are_unchanged(quick_values: None) -> None:
    setup = Setup.create("parcheesi", players=2)
    on, weights = played(setup, True)
    off, _ = played(setup, False)
    closing = [g for g in on if g.race is not None and len(g.race)]
    assert len(closing) >= 2, "too few games ended in a race: choose other seeds"
    for a, b in zip(on, off, strict=True):
        assert b.race is None
        assert (a.throws, a.winner) == (b.throws, b.winner)
        assert np.array_equal(a.cols, b.cols)
    # off: the plain lambda-returns of the network's own values (retarget recomputes them)
    for b, again in zip(off, retarget(off, weights, setup, LAM), strict=True):
        assert np.allclose(b.targets, again.targets)
    # on: the closing races' targets are the race values, and differ from off's
    for a, b in zip(on, off, strict=True):
        if a.race is None or not len(a.race):
            assert np.array_equal(a.targets, b.targets)
            continue
        s = a.race.start
        for t in range(s, a.throws):
            mover = a.movers[t]
            assert a.targets[t, 0] == a.race.values[t - s][mover]
        assert not np.array_equal(a.targets, b.targets)
    # retarget keeps the race values (cross targets)
    for a, again in zip(on, retarget(on, weights, setup, LAM), strict=True):
        assert np.allclose(a.targets, again.targets)


@pytest.mark.skipif(not _accel.active(), reason="the compiled kernel is not built")
def test_race_targets_are_the_same_in_the_kernel_and_on_the_pure_engine(
    quick_values: None,
) -> None:
    setup = Setup.create("parcheesi", players=2)
    kernel, _ = played(setup, True)
    with _accel.pure():
        pure, _ = played(setup, True)
    assert any(k.race is not None and len(k.race) for k in kernel)
    for k, p in zip(kernel, pure, strict=True):
        assert k.race is not None and p.race is not None
        assert (k.race.start, k.race.values) == (p.race.start, p.race.values)
        assert np.array_equal(k.targets, p.targets)


def test_where_race_targets_can_be_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def settings(setup: Setup) -> TrainSettings:
        return TrainSettings(setup=setup.to_fields(), games=2, race_targets=True)

    with pytest.raises(PachisiError, match="not built"):
        settings(Setup.create("parcheesi", players=2)).check()
    monkeypatch.setattr(race, "tables_ready", lambda setup: True)
    settings(Setup.create("parcheesi", players=4)).check()
    settings(Setup.create("whitman", players=3)).check()
    settings(Setup.create("pagade", players=2)).check()
    for bad in (Setup.create("eight-man"), Setup.create("ludo", players=2)):
        with pytest.raises(PachisiError, match="race-targets"):
            settings(bad).check()
    with pytest.raises(PachisiError, match="play_for_places"):
        settings(Setup.create("pagade", options={"play_for_places": True})).check()


def test_the_option_is_recorded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(race, "tables_ready", lambda setup: True)
    on = TrainSettings(setup=Setup.create("parcheesi").to_fields(), games=2, race_targets=True)
    off = TrainSettings(setup=Setup.create("parcheesi").to_fields(), games=2)
    assert "--race-targets" in on.command("x.json")
    assert "--race-targets" not in off.command("x.json")
    assert _settings_dict(on)["race_targets"] is True
    assert "race_targets" not in _settings_dict(off)  # runs without it recorded as before


def test_a_network_says_it_was_trained_with_race_targets(
    tmp_path: Path, quick_values: None, tables: None
) -> None:
    setup = Setup.create("parcheesi", players=2)
    settings = TrainSettings(
        setup=setup.to_fields(), games=4, seed=4, hidden=4, round_games=2, race_targets=True
    )
    on = train(settings, tmp_path / "on.json")
    made_by = on.meta["made_by"]
    assert "--race-targets" in made_by["command"]
    assert made_by["settings"]["race_targets"] is True
    assert made_by["race_targets"]["bound"] == race.BOUND_BY_DEFAULT
    off = train(
        TrainSettings(**{**settings.__dict__, "race_targets": False}), tmp_path / "off.json"
    )
    assert "race_targets" not in off.meta["made_by"]
    assert not same_weights(on, off)  # the race targets changed what it learned
