"""Exact race tables of Ludo and MADN (pachisi.race; RULES-LUDO.md §9, §10; issue 36).

Hand-solved small races, positions that are not races, and agreement with
long rollouts within their standard error.
"""

from __future__ import annotations

import pytest

from pachisi import Position
from pachisi.analysis import win_chances
from pachisi.analysis.rollout import RolloutSpec, mean_se, player_values, rollouts
from pachisi.race import is_race, race_value


def ludo(pawns: str, options: str = "") -> Position:
    pos = Position.from_text(f"ludo r,y - {pawns} 0 0 - - - 0 0")
    if not options:
        return pos
    d = pos.to_dict()
    d["options"] = dict(kv.split("=") for kv in options.split(","))
    for k, v in d["options"].items():
        d["options"][k] = {"true": True, "false": False}.get(v, v)
    return Position.from_dict(d)


def maedn(pawns: str) -> Position:
    return Position.from_text(f"maedn r,g - {pawns} 0 0 - - - 0 0")


def test_ludo_last_pawn_one_short_of_home_each() -> None:
    # L.3.3 exact finish (only a 1 brings the pawn Home), L.6.4 a 6 throws again, L.6.1 a
    # third 6 is forfeited: a turn finishes with 1/6 + 1/36 + 1/216 = 43/216. Red throws
    # first: he wins with p / (1 - (1 - p)^2) = 1 / (2 - p) = 216/389.
    v = race_value(ludo("r:56.57.57.57,y:56.57.57.57"))
    assert v is not None and v.exact and v.method == "race"
    assert v.chances[0] == pytest.approx(216 / 389, abs=1e-12)
    assert v.chances[1] == pytest.approx(173 / 389, abs=1e-12)


def test_ludo_without_the_three_sixes_rule() -> None:
    # L.6.1 switched off (three_sixes false): 6s throw again without limit, a turn finishes
    # with (1/6) / (1 - 1/6) = 1/5, and red wins 1 / (2 - 1/5) = 5/9.
    v = race_value(ludo("r:56.57.57.57,y:56.57.57.57", "three_sixes=false"))
    assert v is not None and v.chances[0] == pytest.approx(5 / 9, abs=1e-12)


def test_maedn_last_pawn_needs_a_one() -> None:
    # M.4 exact (44 is the end, goal fields 42..44 taken: only a 1, to 41), M.6.1 a 6 throws
    # again without limit (OP-M9): a turn finishes with 1/5; red, first, wins 5/9.
    v = race_value(maedn("r:40.42.43.44,g:40.42.43.44"))
    assert v is not None and v.exact
    assert v.chances[0] == pytest.approx(5 / 9, abs=1e-12)


def test_the_player_in_the_middle_of_his_turn() -> None:
    # L.6.6: red has thrown two 6s (doubles 2): a third is forfeited, so this turn finishes
    # only with a 1 (1/6); afterwards 43/216 a turn. Red wins
    # 1/6 + 5/6 * (1 - q) * P(red wins from a fresh turn of yellow's) with q = 43/216.
    pos = Position.from_text("ludo r,y - r:56.57.57.57,y:56.57.57.57 0 2 - - - 0 0")
    q = 43 / 216
    red_after_yellow = (1 - q) * (1 / (2 - q))  # yellow misses, then red throws first
    v = race_value(pos)
    assert v is not None
    assert v.chances[0] == pytest.approx(1 / 6 + 5 / 6 * red_after_yellow, abs=1e-12)


def test_decided_positions_read_one_and_zero() -> None:
    won = Position.from_text("ludo r,y - r:57.57.57.57,y:56.57.57.57 1 0 - 0 0 0 0")
    v = race_value(won)
    assert v is not None and v.chances == (1.0, 0.0) and v.method == "decided"


@pytest.mark.parametrize(
    "pos",
    [
        # RULES-LUDO L.4.2: red's pawn at 10 (ring square 9) can still be caught by yellow's
        # at 32 (square 5), and yellow's yard pawn covers the whole of its route.
        ludo("r:10.57.57.57,y:32.57.57.57"),
        ludo("r:50.57.57.57,y:0.57.57.57"),
        # M.3.2: green's pawn at 15 (field 34) is 5 behind red's at 40 (field 39).
        maedn("r:40.42.43.44,g:15.42.43.44"),
    ],
)
def test_not_a_race_while_a_capture_can_happen(pos: Position) -> None:
    assert not is_race(pos)
    assert race_value(pos) is None


def test_ludopy_switches_are_not_followed() -> None:
    # L.2.4 (ludopy_quirks: a home-column pawn seen on the ring) and L.3.3 overshoot
    # "ludopy" (back to the ring): the home column is not private, no tables.
    pawns = "r:53.57.57.57,y:55.57.57.57"
    assert not is_race(ludo(pawns, "ludopy_quirks=true"))
    assert not is_race(ludo(pawns, "overshoot=ludopy"))


@pytest.mark.parametrize(
    "pos",
    [
        ludo("r:48.57.57.57,y:45.57.57.57"),  # rings apart; one pawn each: no choice
        maedn("r:33.42.43.44,g:36.41.42.43"),
    ],
)
def test_agrees_with_long_rollouts(pos: Position) -> None:
    # One pawn a player: every player plays the same moves, so rollouts of any player
    # measure the same race. 2,400 rollouts: within 3 standard errors.
    assert is_race(pos)
    v = race_value(pos)
    assert v is not None and v.exact
    masks = rollouts(pos, 0, 2400, RolloutSpec(5, "random"))  # played, not the tables
    for player, exact in enumerate(v.chances):
        rolled, se = mean_se(player_values(pos.setup, masks, player))
        assert 0.005 < se < 0.011
        assert abs(exact - rolled) <= 3 * se


def test_the_analysis_gives_the_exact_race() -> None:
    pos = ludo("r:56.57.57.57,y:56.57.57.57")
    est = win_chances(pos, 36, seed=1, jobs=1)
    assert est.method == "race" and est.chances[0] == pytest.approx(216 / 389)


def test_four_players_in_turn_order() -> None:
    # L.2.2: turns go down the players' list. Every player's last pawn is one short of
    # Home (43/216 a turn, as above): the k-th to throw wins p (1 - p)^k / (1 - (1 - p)^4).
    pawns = ",".join(f"{c}:56.57.57.57" for c in "rgyb")
    pos = Position.from_text(f"ludo r,g,y,b - {pawns} 2 0 - - - 0 0")  # yellow to throw
    p = 43 / 216
    v = race_value(pos)
    assert v is not None and v.exact
    for k in range(4):
        player = (2 + k) % 4
        assert v.chances[player] == pytest.approx(p * (1 - p) ** k / (1 - (1 - p) ** 4))
