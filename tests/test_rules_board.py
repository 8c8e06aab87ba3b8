"""RULES.md §1 (rule switches) and §2 (the board), section by section.

Every expected outcome is worked out by hand from RULES.md; the comment on
each test gives the reasoning.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from pachisi import Game, Position, PositionError, Setup, first_player
from pachisi.board import (
    COLOURS,
    HOME,
    N_RING,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
    cell,
    private_square,
    red_number,
    square_cell,
)
from rules_helpers import after, eight, expect, family, outs, pagade, unchanged, with_

RULESETS = ("pagade", "whitman", "parcheesi", "eight-man")

# ---------------------------------------------------------------------------
# §1 Rule switches: the table

DEFAULTS: dict[str, dict[str, Any]] = {
    "pagade": {
        "first_player": "highest",
        "sum_move": "jump",
        "pair_move": "die",
        "cut_to_enter_home": True,
        "safe_x_squares": False,
        "play_for_places": False,
    },
    "whitman": {
        "first_player": "lowest",
        "sum_move": "jump",
        "larger_die": False,
        "capture_bonus": 20,
        "home_bonus": 0,
        "blockade_may_advance": True,
        "partial_doubles": "forfeit_extra_throw",
        "no_split_doubles_home": False,
    },
    "parcheesi": {
        "first_player": "highest",
        "sum_move": "hops",
        "larger_die": True,
        "capture_bonus": 20,
        "home_bonus": 10,
        "blockade_may_advance": False,
        "partial_doubles": "nothing",
        "no_split_doubles_home": True,
    },
}
DEFAULTS["eight-man"] = dict(DEFAULTS["parcheesi"])

ALL_SWITCHES = sorted({n for d in DEFAULTS.values() for n in d})

#: The allowed values of each switch (§1 "values" column).
ALLOWED: dict[str, list[Any]] = {
    "first_player": ["highest", "lowest"],
    "sum_move": ["jump", "hops"],
    "pair_move": ["die", "double"],
    "cut_to_enter_home": [True, False],
    "safe_x_squares": [True, False],
    "play_for_places": [True, False],
    "larger_die": [True, False],
    "capture_bonus": [0, 1, 20, 35],
    "home_bonus": [0, 10, 99],
    "blockade_may_advance": [True, False],
    "partial_doubles": ["nothing", "forfeit_extra_throw"],
    "no_split_doubles_home": [True, False],
}

#: Values outside the allowed set, per switch (booleans are not integers and vice versa).
BAD: dict[str, list[Any]] = {
    "first_player": ["middle", "Highest", True, 1, None],
    "sum_move": ["sum", "JUMP", False, 0, None],
    "pair_move": ["triple", "Die", True, 2, None],
    "cut_to_enter_home": [1, 0, "true", None],
    "safe_x_squares": [1, "false", None],
    "play_for_places": [0, "yes", None],
    "larger_die": [1, "true", None],
    "capture_bonus": [-1, True, False, 1.5, "20", None],
    "home_bonus": [-10, True, 2.0, "10", None],
    "blockade_may_advance": [0, "false", None],
    "partial_doubles": ["forfeit", "NOTHING", True, None],
    "no_split_doubles_home": [1, "true", None],
}


def start_dict(ruleset: str, options: dict[str, Any] | None = None) -> dict[str, Any]:
    d = Position.start(ruleset).to_dict()
    d["options"] = dict(options or {})
    return d


@pytest.mark.parametrize("ruleset", RULESETS)
def test_s1_defaults_are_the_table(ruleset: str) -> None:
    # §1 table: a switch not given takes the ruleset's default; "–" switches do not exist.
    assert Setup.create(ruleset).options == DEFAULTS[ruleset]
    pos = Position.from_dict(start_dict(ruleset))
    for name, value in DEFAULTS[ruleset].items():
        assert pos.setup.option(name) == value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_s1_every_allowed_value_is_accepted(ruleset: str) -> None:
    # §1: a position's options may set any switch of its ruleset to any allowed value.
    for name in DEFAULTS[ruleset]:
        for value in ALLOWED[name]:
            pos = Position.from_dict(start_dict(ruleset, {name: value}))
            assert pos.setup.option(name) == value


@pytest.mark.parametrize("ruleset", RULESETS)
def test_s1_unknown_switch_for_the_ruleset_is_rejected(ruleset: str) -> None:
    # §1: a name marked "–" for a ruleset is an error there, as is a name of no switch.
    foreign = [n for n in ALL_SWITCHES if n not in DEFAULTS[ruleset]]
    assert foreign  # every ruleset lacks some switch of another
    for name in [*foreign, "no_such_switch", "Sum_move"]:
        value = ALLOWED[name][0] if name in ALLOWED else True
        with pytest.raises(PositionError) as err:
            Position.from_dict(start_dict(ruleset, {name: value}))
        assert err.value.field == "options", name
        with pytest.raises(PositionError):
            Setup.create(ruleset, options={name: value})


@pytest.mark.parametrize("ruleset", RULESETS)
def test_s1_bad_switch_values_are_rejected(ruleset: str) -> None:
    # §1: a value outside the allowed set is an error; booleans are JSON true/false and
    # integers are JSON integers (not booleans), integers ≥ 0.
    for name in DEFAULTS[ruleset]:
        for value in BAD[name]:
            with pytest.raises(PositionError) as err:
                Position.from_dict(start_dict(ruleset, {name: value}))
            assert err.value.field == "options", (name, value)


def test_s1_options_must_be_an_object() -> None:
    # §1/§3.6.1: options is a JSON object of switches.
    for bad in ([], None, "sum_move=hops", [["sum_move", "hops"]]):
        with pytest.raises(PositionError) as err:
            Position.from_dict(with_(start_dict("parcheesi"), options=bad))
        assert err.value.field == "options"


# -- §1 each switch changes the behaviour as stated ---------------------------


def _check_first_player_rounds(setup: Setup, seed: int) -> list[dict[int, int]]:
    # §3.7: all players throw; those tied for the best (highest or lowest) throw again
    # among themselves until one is left; that player starts.
    idx, rounds = first_player(setup, random.Random(seed))
    lowest = setup.option("first_player") == "lowest"
    best = min if lowest else max
    contenders = set(range(len(setup.players)))
    for r in rounds:
        assert set(r) == contenders
        b = best(r.values())
        contenders = {i for i, v in r.items() if v == b}
    assert contenders == {idx}
    assert (
        Game.new(
            setup.ruleset,
            players=[[setup.colour_names[c] for c in p] for p in setup.players],
            options=setup.options,
            seed=seed,
        ).position.to_move
        == idx
    )
    return rounds


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("value", ["highest", "lowest"])
def test_s1_first_player_highest_or_lowest_preliminary_throw_starts(
    ruleset: str, value: str
) -> None:
    # §1 first_player / §3.7: the highest or lowest result starts; ties throw again.
    # pagade and whitman throw both dice (a total), parcheesi and eight-man one die.
    setup = Setup.create(ruleset, options={"first_player": value})
    seen: set[int] = set()
    for seed in range(150):
        for r in _check_first_player_rounds(setup, seed):
            seen.update(r.values())
    if ruleset == "pagade":
        # totals of two stick dice (faces 1, 3, 4, 6)
        assert seen <= {2, 4, 5, 6, 7, 8, 9, 10, 12}
        assert max(seen) > 6
    elif ruleset == "whitman":
        assert seen <= set(range(2, 13))
        assert max(seen) > 6
    else:
        assert seen == set(range(1, 7))


def test_s1_sum_move_pagade_jump_skips_the_square_between_hops_stops_there() -> None:
    # §4.3: red's only movable pawn on 20; a single black pawn on red's 23 (black 74 = q15).
    # jump: both dice only as one jump of 7 to 27, square 23 not visited → no cut.
    # hops: 3 then 4 stops on 23 and cuts, or 4 then 3 passes → two outcomes.
    d = pagade({"red": [20, 84, 84, 84], "black": [74, 84, 84, 84]}, [True, True, False, False])
    assert outs(d, (3, 4)) == expect(after(d, red=[27, 84, 84, 84]))
    h = with_(d, options={"sum_move": "hops"})
    assert outs(h, (3, 4)) == expect(
        after(h, red=[27, 84, 84, 84]),
        after(h, red=[27, 84, 84, 84], black=[0, 84, 84, 84]),
    )


def test_s1_sum_move_parcheesi_hops_capture_on_the_way_jump_does_not() -> None:
    # §5.4: red 11, green single on red's 14 (green 31 = q18, not a safety space), throw 3-4.
    # jump: one jump of 7 to 18, no capture. (hops, the default, is example sp-09.)
    d = family(
        "parcheesi",
        {"red": [11, 72, 72, 72], "green": [31, 72, 72, 72]},
        options={"sum_move": "jump"},
    )
    assert outs(d, (3, 4)) == expect(after(d, red=[18, 72, 72, 72]))
    # whitman with hops: 3 stops on 14 and captures (+20 bonus: 18 → 38), or 4 then 3.
    w = family(
        "whitman",
        {"red": [11, 72, 72, 72], "green": [31, 72, 72, 72]},
        options={"sum_move": "hops"},
    )
    assert outs(w, (3, 4)) == expect(
        after(w, red=[18, 72, 72, 72]),
        after(w, red=[38, 72, 72, 72], green=[0, 72, 72, 72]),
    )


def test_s1_pair_move_die_or_double() -> None:
    # §4.3: red pair on 30, throw 3-3. "die": pair together to 33 (same as two single 3s),
    # or one pawn jumps 6 → {33,33}, {30,36}. "double": the pair together goes 2d = 36 too.
    d = pagade({"red": [30, 30, 84, 84]}, [True, False, False, False])
    assert outs(d, (3, 3)) == expect(after(d, red=[33, 33, 84, 84]), after(d, red=[30, 36, 84, 84]))
    dd = with_(d, options={"pair_move": "double"})
    assert outs(dd, (3, 3)) == expect(
        after(dd, red=[33, 33, 84, 84]),
        after(dd, red=[30, 36, 84, 84]),
        after(dd, red=[36, 36, 84, 84]),
    )


def test_s1_cut_to_enter_home_off_lets_pawns_into_the_belly_without_a_cut() -> None:
    # §4.5: red 74, 76 and a pair on 50, no cut, throw 3-4.
    # On (default): 74 and 76 cannot go to p ≥ 77; the 50s take 3 and 4, or one jumps 7.
    d = pagade({"red": [50, 50, 74, 76]}, [False, False, False, False])
    assert outs(d, (3, 4)) == expect(after(d, red=[53, 54, 74, 76]), after(d, red=[50, 57, 74, 76]))
    # Off: every pawn may turn in: each ordered pair of distinct pawns (3, 4), or a sum.
    off = with_(d, options={"cut_to_enter_home": False})
    assert outs(off, (3, 4)) == expect(
        after(off, red=[50, 50, 77, 80]),  # 74+3, 76+4
        after(off, red=[50, 50, 78, 79]),  # 76+3, 74+4
        after(off, red=[50, 54, 76, 77]),  # 74+3, 50+4
        after(off, red=[50, 53, 76, 78]),  # 50+3, 74+4
        after(off, red=[50, 54, 74, 79]),  # 76+3, 50+4
        after(off, red=[50, 53, 74, 80]),  # 50+3, 76+4
        after(off, red=[53, 54, 74, 76]),  # 50+3, 50+4
        after(off, red=[50, 50, 76, 81]),  # 74 jumps 7
        after(off, red=[50, 50, 74, 83]),  # 76 jumps 7
        after(off, red=[50, 57, 74, 76]),  # 50 jumps 7
    )


def test_s1_safe_x_squares_protects_occupants_of_x_squares() -> None:
    # §4.4 [OP-G14]: the position of example pg-16 (red 20, black single on R-25 = q17,
    # X-marked) with safe_x_squares on: the jump of 5 onto the black pawn is illegal, no
    # play uses both dice, so one die, player's choice: 24 or 21.
    d = pagade(
        {"red": [20, 84, 84, 84], "black": [8, 84, 84, 84]},
        [True, True, False, False],
        options={"safe_x_squares": True},
    )
    assert outs(d, (4, 1)) == expect(after(d, red=[24, 84, 84, 84]), after(d, red=[21, 84, 84, 84]))


def test_s1_safe_x_squares_also_stops_a_pair_moving_together() -> None:
    # §4.4: red pair on 21, black pair on its square 8 (R-25, X), throw 4-4.
    # Off: the pair moves together onto R-25 and cuts both; or one pawn jumps 8 to 29.
    d = pagade({"red": [21, 21, 84, 84], "black": [8, 8, 84, 84]}, [True, True, False, False])
    assert outs(d, (4, 4)) == expect(
        after(d, red=[25, 25, 84, 84], black=[0, 0, 84, 84]),
        after(d, red=[21, 29, 84, 84]),
    )
    # On: nobody may land on the occupied X square, not even a pair: only the jump to 29.
    on = with_(d, options={"safe_x_squares": True})
    assert outs(on, (4, 4)) == expect(after(on, red=[21, 29, 84, 84]))


def test_s1_play_for_places_game_over_when_one_player_is_left() -> None:
    # §3.5: with play_for_places red (0) and black (1) have finished; yellow's last pawn on
    # belly 4 (p 80), throw 4-1: no play uses both (85), so 4 (Home: third place, only green
    # is left → game over) or 1 (81). to_move is green either way (§3.3, [OP-X4]).
    d = pagade(
        {"red": [84] * 4, "black": [84] * 4, "yellow": [80, 84, 84, 84]},
        [True, True, True, False],
        options={"play_for_places": True},
        to_move=2,
        finished=[0, 1],
        winner=[0],
    )
    assert outs(d, (4, 1)) == expect(
        after(d, yellow=[84] * 4, finished=[0, 1, 2], winner=[0], to_move=3),
        after(d, yellow=[81, 84, 84, 84], winner=[0], to_move=3),
    )
    [done] = [
        p.position
        for p in Position.from_dict(d).legal_plays((4, 1))
        if p.position.finished == (0, 1, 2)
    ]
    assert done.is_over
    # Without the switch a second finisher cannot exist: the game ended with the first.
    with pytest.raises(PositionError):
        Position.from_dict(with_(d, options={}))


def test_s1_larger_die() -> None:
    # §5.6: red's last pawn on 66, throw 2-5: 68 or 71, not both (73 is past HOME).
    # larger_die on (parcheesi default): the 5 → 71. Off: either.
    for ruleset, default_on in (("parcheesi", True), ("whitman", False), ("eight-man", True)):
        if ruleset == "eight-man":
            d = eight({"red": [66, 72, 72, 72], "yellow": [72] * 4, "blue": [72] * 4})
            key = "red"
        else:
            d = family(ruleset, {"red": [66, 72, 72, 72]})
            key = "red"
        one = [after(d, **{key: [71, 72, 72, 72]})]
        both = [*one, after(d, **{key: [68, 72, 72, 72]})]
        on = with_(d, options={"larger_die": True})
        off = with_(d, options={"larger_die": False})
        assert outs(on, (2, 5)) == expect(*one)
        assert outs(off, (2, 5)) == expect(*both)
        assert outs(d, (2, 5)) == expect(*(one if default_on else both))


@pytest.mark.parametrize("bonus", [20, 0, 5])
def test_s1_capture_bonus_value(bonus: int) -> None:
    # §5.7: red 20, green single on red's 23 (green 40 = q27, not safe), throw 3-1.
    # 3 first captures on 23, then 1 → 24, then the bonus → 24 + bonus (0 = none);
    # 1 first then 3 passes the green pawn → 24, no capture.
    d = family(
        "parcheesi",
        {"red": [20, 72, 72, 72], "green": [40, 72, 72, 72]},
        options={"capture_bonus": bonus},
    )
    assert outs(d, (3, 1)) == expect(
        after(d, red=[24 + bonus, 72, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[24, 72, 72, 72]),
    )


@pytest.mark.parametrize(
    ("ruleset", "bonus"),
    [("parcheesi", None), ("parcheesi", 0), ("whitman", None), ("whitman", 10)],
)
def test_s1_home_bonus_value(ruleset: str, bonus: int | None) -> None:
    # §5.7: red 69 (home path 5) and 20, throw 3-1. 69+3 HOME, 20+1 = 21, then the HOME
    # bonus (parcheesi 10, whitman 0) goes to the 21; or 69+1 and 20+3; or 20 takes both.
    # 69 cannot take 4 (73). Nothing else.
    options = {} if bonus is None else {"home_bonus": bonus}
    value = bonus if bonus is not None else {"parcheesi": 10, "whitman": 0}[ruleset]
    d = family(ruleset, {"red": [20, 69, 72, 72]}, options=options)
    assert outs(d, (3, 1)) == expect(
        after(d, red=[21 + value, 72, 72, 72]),
        after(d, red=[23, 70, 72, 72]),
        after(d, red=[24, 69, 72, 72]),
    )


def test_s1_blockade_may_advance() -> None:
    # §5.5: red blockade on 20, green single on red's 23 (q27), capture_bonus 4, throw 3-1.
    # A+3 captures, B+1 → (23, 21), bonus 4 to either: (27, 21) or (23, 25).
    # A+3 captures, A+1 → (24, 20), bonus to A → (28, 20) or to B → (24, 24): the starting
    # blockade together on a new space after a bonus move: illegal unless the switch is on.
    # A+1, A+3 passes green → (24, 20), no capture, no bonus.
    d = family(
        "parcheesi",
        {"red": [20, 20, 72, 72], "green": [40, 72, 72, 72]},
        options={"capture_bonus": 4},
    )
    base = [
        after(d, red=[21, 27, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[23, 25, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[20, 28, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[20, 24, 72, 72]),
    ]
    assert outs(d, (3, 1)) == expect(*base)
    adv = with_(d, options={"capture_bonus": 4, "blockade_may_advance": True})
    assert outs(adv, (3, 1)) == expect(
        *[after(adv, **{c: s["pawns"][c] for c in ("red", "green")}) for s in base],
        after(adv, red=[24, 24, 72, 72], green=[0, 72, 72, 72]),
    )


def test_s1_partial_doubles() -> None:
    # §5.6/§5.8: red's last pawn on 61 (11 from HOME), 3-3 → 3, 3, 4, 4 (all entered).
    # parcheesi ("nothing"): no play uses all four → nothing moves, red throws again.
    d = family("parcheesi", {"red": [61, 72, 72, 72]})
    assert outs(d, (3, 3)) == expect(unchanged(d, to_move=0, doubles=1))
    # "forfeit_extra_throw": use as many as possible: three numbers. 3+3+4 → 71; 3+4+4 would
    # reach HOME with part of the doublet, which no_split_doubles_home (still on) forbids.
    # Not all used → no extra throw.
    f = with_(d, options={"partial_doubles": "forfeit_extra_throw"})
    assert outs(f, (3, 3)) == expect(after(f, red=[71, 72, 72, 72]))
    # whitman with "nothing": nothing moves, extra throw kept.
    w = family("whitman", {"red": [61, 72, 72, 72]}, options={"partial_doubles": "nothing"})
    assert outs(w, (3, 3)) == expect(unchanged(w, to_move=0, doubles=1))


def test_s1_no_split_doubles_home() -> None:
    # §5.5: red nest, 30, 71, HOME; throw 1-1 → tops 1, 1 (a pawn is in the nest).
    # On (parcheesi): 71+1 would reach HOME with one of the two tops → illegal; 30 takes both.
    d = family("parcheesi", {"red": [0, 30, 71, 72]})
    assert outs(d, (1, 1)) == expect(after(d, red=[0, 32, 71, 72], to_move=0, doubles=1))
    # Off: 71+1 HOME, 30+1 = 31, then the HOME bonus 10 → 41; or 30 takes both.
    off = with_(d, options={"no_split_doubles_home": False})
    assert outs(off, (1, 1)) == expect(
        after(off, red=[0, 41, 72, 72], to_move=0, doubles=1),
        after(off, red=[0, 32, 71, 72], to_move=0, doubles=1),
    )
    # whitman default off (and no HOME bonus): 71 HOME + 30→31, or 30 jumps 2.
    w = family("whitman", {"red": [0, 30, 71, 72]})
    assert outs(w, (1, 1)) == expect(
        after(w, red=[0, 31, 72, 72], to_move=0, doubles=1),
        after(w, red=[0, 32, 71, 72], to_move=0, doubles=1),
    )
    won = with_(w, options={"no_split_doubles_home": True})
    assert outs(won, (1, 1)) == expect(after(won, red=[0, 32, 71, 72], to_move=0, doubles=1))


# ---------------------------------------------------------------------------
# §2.1 Cells


def rot(xy: tuple[int, int]) -> tuple[int, int]:
    """Anticlockwise rotation by 90° about the centre."""
    return (-xy[1], xy[0])


def test_s2_1_cell_formula_per_arm() -> None:
    # §2.1 table: arm 0 (k, −(r+1)), arm 1 (r+1, k), arm 2 (−k, r+1), arm 3 (−(r+1), −k).
    for r in range(1, 9):
        for k in (-1, 0, 1):
            assert cell(0, k, r) == (k, -(r + 1))
            assert cell(1, k, r) == (r + 1, k)
            assert cell(2, k, r) == (-k, r + 1)
            assert cell(3, k, r) == (-(r + 1), -k)


def test_s2_1_arm_a_is_arm_0_rotated_anticlockwise() -> None:
    for a in range(4):
        for r in range(1, 9):
            for k in (-1, 0, 1):
                xy = cell(0, k, r)
                for _ in range(a):
                    xy = rot(xy)
                assert cell(a, k, r) == xy


def test_s2_1_board_has_96_cells_plus_centre_spanning_minus9_to_9() -> None:
    cells = {cell(a, k, r) for a in range(4) for k in (-1, 0, 1) for r in range(1, 9)}
    assert len(cells) == 96
    assert all(not (abs(x) <= 1 and abs(y) <= 1) for x, y in cells)  # outside the centre
    assert {x for x, _ in cells} | {y for _, y in cells} == set(range(-9, 10))
    # The ring squares and the private rows are exactly these 96 cells, each once.
    squares = list(range(N_RING)) + [private_square(a, r) for a in range(4) for r in range(1, 8)]
    placed = [square_cell(s) for s in squares]
    assert len(set(placed)) == 96 and set(placed) == cells


def test_s2_1_columns_as_seen_by_the_owner() -> None:
    # Red sits south facing north: his right is east (+x). Black/blue (east) faces west:
    # his right is north. Row 1 is next to the centre, row 8 the outer end.
    assert cell(0, 1, 1) == (1, -2) and cell(0, -1, 1) == (-1, -2)
    assert cell(1, 1, 8) == (9, 1) and cell(2, 1, 1) == (-1, 2) and cell(3, 1, 1) == (-2, -1)


# ---------------------------------------------------------------------------
# §2.2 The ring


def test_s2_2_ring_numbering_formula() -> None:
    # q = 17a + o: o = 0 middle row 8; 1..8 right column row 9 − o; 9..16 next arm's left
    # column row o − 8.
    for q in range(N_RING):
        a, o = divmod(q, 17)
        if o == 0:
            want = cell(a, 0, 8)
        elif o <= 8:
            want = cell(a, 1, 9 - o)
        else:
            want = cell((a + 1) % 4, -1, o - 8)
        assert square_cell(q) == want, q


def test_s2_2_ring_landmarks_from_the_text() -> None:
    # q = 0 is the end cell of the south arm; 1..8 run north up its east column; 9..16 run
    # east along the south column of the east arm; 17 is the east end; 60..67 run south down
    # the west column of the south arm to the cell beside q = 0.
    assert square_cell(0) == (0, -9)
    assert [square_cell(q) for q in range(1, 9)] == [(1, y) for y in range(-9, -1)]
    assert [square_cell(q) for q in range(9, 17)] == [(x, -1) for x in range(2, 10)]
    assert square_cell(17) == (9, 0)
    assert [square_cell(q) for q in range(60, 68)] == [(-1, y) for y in range(-2, -10, -1)]


def test_s2_2_ring_is_a_closed_track_travelled_anticlockwise() -> None:
    # [OP-X1]: consecutive squares are neighbouring cells, and going once round the ring
    # turns +360° about the centre (anticlockwise seen from above).
    pts = [square_cell(q) for q in range(N_RING)]
    assert len(set(pts)) == 68
    total = 0.0
    for q in range(N_RING):
        (x0, y0), (x1, y1) = pts[q], pts[(q + 1) % N_RING]
        assert max(abs(x1 - x0), abs(y1 - y0)) == 1
        d = math.atan2(y1, x1) - math.atan2(y0, x0)
        d = (d + math.pi) % (2 * math.pi) - math.pi
        total += d
    assert total == pytest.approx(2 * math.pi)


def test_s2_2_south_arm_figure() -> None:
    # The figure of the south arm: row → (left q / R, right q / R).
    rows = {
        1: (60, 68, 8, 16),
        2: (61, 69, 7, 15),
        3: (62, 70, 6, 14),
        4: (63, 71, 5, 13),
        5: (64, 72, 4, 12),
        6: (65, 73, 3, 11),
        7: (66, 74, 2, 10),
        8: (67, 75, 1, 9),
    }
    for r, (lq, lr, rq, rr) in rows.items():
        assert square_cell(lq) == cell(0, -1, r) and red_number(lq) == lr
        assert square_cell(rq) == cell(0, 1, r) and red_number(rq) == rr
    assert square_cell(0) == cell(0, 0, 8) and red_number(0) == 8
    # Marks in the figure: S on q63 and q5 (row 4), X on q64 and q4 (row 5), X S on q0.
    assert {63, 5, 0} <= SAFETY_SQUARES and {64, 4, 0} <= X_SQUARES
    assert not {63, 5} & X_SQUARES and not {64, 4} & SAFETY_SQUARES


def test_s2_2_red_numbering_and_own_squares_of_every_colour() -> None:
    # R-n = q + 8 (R-8..R-75); colour c's own square s is ring square (s − 8 + 17c) mod 68.
    assert [red_number(q) for q in range(N_RING)] == list(range(8, 76))
    for c in range(4):
        for s in range(8, 76):
            q = ROUTES["pagade"][c][s]
            assert q == (s - 8 + 17 * c) % 68
            assert red_number(q) == ((s - 8 + 17 * c) % 68) + 8
    # red's own numbering is Red numbering itself
    assert all(red_number(ROUTES["pagade"][0][s]) == s for s in range(8, 76))


# ---------------------------------------------------------------------------
# §2.3 Marked ring squares


def test_s2_3_x_marked_squares() -> None:
    # q mod 17 ∈ {0, 4, 13}; in Red numbering 8, 12, 72, 21, 25, 29, 38, 42, 46, 55, 59, 63.
    assert {q for q in range(68) if q % 17 in (0, 4, 13)} == X_SQUARES
    assert {red_number(q) for q in X_SQUARES} == {8, 12, 72, 21, 25, 29, 38, 42, 46, 55, 59, 63}
    # the end of every middle column and row 5 of every outer column
    cells = {cell(a, 0, 8) for a in range(4)} | {cell(a, k, 5) for a in range(4) for k in (-1, 1)}
    assert {square_cell(q) for q in X_SQUARES} == cells


def test_s2_3_safety_spaces() -> None:
    want = {0, 5, 12, 17, 22, 29, 34, 39, 46, 51, 56, 63}
    assert want == SAFETY_SQUARES
    cells = {cell(a, 0, 8) for a in range(4)} | {cell(a, k, 4) for a in range(4) for k in (-1, 1)}
    assert {square_cell(q) for q in SAFETY_SQUARES} == cells


@pytest.mark.parametrize("ruleset", ["parcheesi", "whitman", "eight-man"])
def test_s2_3_exit_and_entry_spaces(ruleset: str) -> None:
    # Colour on arm k: exit q = 17k (p 64), entry q = 17k + 5 (p 1), both safety spaces;
    # 17k + 1..17k + 4 are never visited by that colour.
    names = COLOURS[ruleset]
    expected = {"red": (0, 5), "blue": (17, 22), "yellow": (34, 39), "green": (51, 56)}
    for k in range(4):
        route = ROUTES[ruleset][k]
        assert (route[64], route[1]) == expected[names[k]]
        assert route[64] in SAFETY_SQUARES and route[1] in SAFETY_SQUARES
        assert square_cell(route[1]) == cell(k, 1, 4)  # right column, row 4
        assert not {17 * k + i for i in range(1, 5)} & set(route)


# ---------------------------------------------------------------------------
# §2.4 Private squares


def test_s2_4_pagade_belly_square_k_is_row_k() -> None:
    for a in range(4):
        route = ROUTES["pagade"][a]
        for k in range(1, 8):
            assert route[k] == private_square(a, k)  # outward
            assert route[84 - k] == private_square(a, k)  # homeward, p = 84 − k
            assert square_cell(private_square(a, k)) == cell(a, 0, k)


@pytest.mark.parametrize("ruleset", ["parcheesi", "whitman", "eight-man"])
def test_s2_4_home_path_space_j_is_row_8_minus_j(ruleset: str) -> None:
    for a in range(4):
        route = ROUTES[ruleset][a]
        for j in range(1, 8):
            assert route[64 + j] == private_square(a, 8 - j)
            assert square_cell(route[64 + j]) == cell(a, 0, 8 - j)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_s2_4_private_squares_belong_to_their_arm_alone(ruleset: str) -> None:
    # No colour's route ever reaches another arm's private squares.
    for a in range(4):
        others = {private_square(b, r) for b in range(4) if b != a for r in range(1, 8)}
        assert not others & set(ROUTES[ruleset][a])


# ---------------------------------------------------------------------------
# §2.5 From progress to square


def test_s2_5_pagade_table() -> None:
    for a in range(4):
        route = ROUTES["pagade"][a]
        assert len(route) == 85
        assert route[0] == OFF and route[84] == OFF  # cut; Home
        for p in range(1, 8):
            assert route[p] == private_square(a, p)
        for p in range(8, 76):
            assert route[p] == (p - 8 + 17 * a) % 68
        assert route[76] == 17 * a == route[8]
        for p in range(77, 84):
            assert route[p] == private_square(a, 84 - p)


@pytest.mark.parametrize("ruleset", ["parcheesi", "whitman", "eight-man"])
def test_s2_5_parcheesi_family_table(ruleset: str) -> None:
    for a in range(4):
        route = ROUTES[ruleset][a]
        assert len(route) == 73 and HOME[ruleset] == 72
        assert route[0] == OFF and route[72] == OFF  # nest; HOME
        for p in range(1, 65):
            assert route[p] == (17 * a + 4 + p) % 68
        for p in range(65, 72):
            assert route[p] == private_square(a, 72 - p)


def test_s2_5_worked_examples() -> None:
    # Green (arm 3) Pagade pawn at p 19: (11 + 51) mod 68 = 62 = R-70.
    assert ROUTES["pagade"][3][19] == 62 and red_number(62) == 70
    # The Pagade opening pairs (p 12) stand on q 4, 21, 38, 55 = R-12, 29, 46, 63.
    assert [ROUTES["pagade"][a][12] for a in range(4)] == [4, 21, 38, 55]
    assert [red_number(ROUTES["pagade"][a][12]) for a in range(4)] == [12, 29, 46, 63]
    # A blue Parcheesi pawn at p 52 stands on q 5, Red's entry space.
    assert ROUTES["parcheesi"][1][52] == 5 == ROUTES["parcheesi"][0][1]


def test_s2_5_route_lengths_and_single_lap() -> None:
    # Pagade: 83 steps from square 1 to Home; the ring once (square 8 visited twice).
    for a in range(4):
        route = ROUTES["pagade"][a]
        ring = route[8:77]
        assert len(ring) == 69 and len(set(ring)) == 68 and ring[0] == ring[-1]
        assert HOME["pagade"] - 1 == 83
    # Parcheesi family: 71 steps from the entry space to HOME; 64 distinct ring squares.
    for a in range(4):
        route = ROUTES["parcheesi"][a]
        assert len(set(route[1:65])) == 64 and HOME["parcheesi"] - 1 == 71


def test_s2_5_same_square_means_same_ring_or_private_square() -> None:
    # Pagade: an outward pawn at p 8 and a homeward one at p 76 share the colour's square 8:
    # a third pawn there overfills it (§3.6.5); belly squares outward/homeward coincide too
    # but are unlimited.
    base = pagade({"red": [8, 76, 30, 84]}, [True, False, False, False])
    Position.from_dict(base)
    with pytest.raises(PositionError) as err:
        Position.from_dict(pagade({"red": [8, 76, 76, 84]}, [True, False, False, False]))
    assert err.value.field == "pawns"
    Position.from_dict(pagade({"red": [3, 81, 81, 3]}, [True, False, False, False]))
    # Home, HOME, the nest and "cut" are not squares: any number may be there.
    Position.from_dict(family("parcheesi", {"red": [0, 0, 0, 72], "blue": [0, 72, 72, 72]}))
