"""Ludo and Mensch ärgere Dich nicht: the rules of RULES-LUDO.md, section by section.

Positions are written in the one-line text form (``Position.to_text``); for
these rulesets it has two more fields at the end, ``opening`` (0/1) and
``tries``. Ludo arms: r(ed) 0, g(reen) 1, y(ellow) 2, b(lue) 3; MADN arms:
r(ed) 0, b(lue) 1, g(reen) 2, y(ellow) 3.
"""

from __future__ import annotations

import json

import pytest

from pachisi import Position
from pachisi._ludo_board import LUDO, LUDO_SAFE, MAEDN
from pachisi.errors import PositionError, ThrowError
from pachisi.moves import legal_plays

LUDOPY = (
    "{blocks=kill_mover,board=ludopy,bonus_throws=false,ludopy_quirks=true,"
    "overshoot=ludopy,start_tries=opening,three_sixes=false}"
)


def pos(text: str) -> Position:
    """A position from its text form."""
    return Position.from_text(text)


def outcomes(p: Position, die: int) -> list[Position]:
    """The resulting positions of ``die``."""
    return [play.position for play in legal_plays(p, (die,))]


def pawns_of(p: Position, die: int, colour: int) -> list[tuple[int, ...]]:
    """``colour``'s pawns in each outcome of ``die``."""
    return [o.pawns[colour] for o in outcomes(p, die)]


# ---------------------------------------------------------------------------
# L.1 board


def test_l1_2_arms_enter_13_squares_apart() -> None:
    assert [LUDO.square(a, 1) for a in range(4)] == [0, 13, 26, 39]
    assert [LUDO.square(a, 51) for a in range(4)] == [50, 11, 24, 37]
    assert [MAEDN.square(a, 1) for a in range(4)] == [0, 10, 20, 30]


def test_l1_4_safe_squares_by_board() -> None:
    assert sorted(LUDO_SAFE["ludoking"]) == [1, 8, 14, 21, 27, 34, 40, 47]
    assert sorted(LUDO_SAFE["printed"]) == [1, 9, 14, 22, 27, 35, 40, 48]
    assert not LUDO_SAFE["ludopy"]


def test_l1_4_l4_1_a_star_protects_and_is_shared() -> None:
    # Red 5 + 3 lands on its star p = 8 (q = 7) where green stands at its p = 47.
    p = pos("ludo r,g - r:0.0.0.5,g:0.0.0.47 0 0 - - - 0 0")
    (after,) = outcomes(p, 3)
    assert after.pawns == ((0, 0, 0, 8), (0, 0, 0, 47), (), ())
    assert after.to_move == 1  # no capture: no bonus
    # On the printed board q = 7 is a plain square: the same landing captures.
    p = pos("ludo{board=printed} r,g - r:0.0.0.5,g:0.0.0.47 0 0 - - - 0 0")
    (after,) = outcomes(p, 3)
    assert after.pawns == ((0, 0, 0, 8), (0, 0, 0, 0), (), ())
    assert after.to_move == 0  # L.6.4: a capture throws again


def test_l4_1_entering_never_captures_on_the_default_board() -> None:
    # Green at its p = 40 stands on red's entry square (q = 0).
    p = pos("ludo r,g - r:0.0.0.0,g:0.0.0.40 0 0 - - - 0 0")
    (after,) = outcomes(p, 6)
    assert after.pawns[:2] == ((0, 0, 0, 1), (0, 0, 0, 40))


# ---------------------------------------------------------------------------
# L.2 players and turns


def test_l2_2_players_in_any_order_take_turns_down_the_list() -> None:
    p = pos("ludo b,r,y - r:0.0.0.0,y:0.0.0.0,b:0.0.0.0 0 0 - - - 0 0")
    assert p.setup.players == ((3,), (0,), (2,))
    (after,) = outcomes(p, 3)
    assert after.to_move == 1
    (after,) = outcomes(Position.from_dict({**p.to_dict(), "to_move": 2}), 3)
    assert after.to_move == 0


def test_l2_1_two_to_four_players() -> None:
    with pytest.raises(PositionError, match="players"):
        Position.start("ludo", players=["red"])
    assert Position.start("ludo", players=2).setup.players == ((0,), (2,))


def test_l2_4_ludopy_quirk_home_column_square_seen_on_entry() -> None:
    # Red (arm 0) lands on green's entry square (its p = 14); green's pawn is on
    # its home-column square 1 (k = 52). With the quirk ludopy sees it there and
    # the mover dies (L.4.3 entry squares); without, the square is empty.
    text = "ludo{} g,r - r:0.0.0.10,g:0.0.0.52 1 0 - - - 0 0"
    (after,) = outcomes(pos(text.replace("{}", LUDOPY)), 4)
    assert after.pawns[0] == (0, 0, 0, 0)
    plain = LUDOPY.replace("ludopy_quirks=true", "ludopy_quirks=false")
    (after,) = outcomes(pos(text.replace("{}", plain)), 4)
    assert after.pawns[0] == (0, 0, 0, 14)


# ---------------------------------------------------------------------------
# L.3 where a pawn goes


def test_l3_2_a_yard_pawn_needs_a_6() -> None:
    p = Position.start("ludo", players=2)
    for die in range(1, 6):
        (after,) = outcomes(p, die)
        assert after.pawns == p.pawns and after.to_move == 1
    (after,) = outcomes(p, 6)
    assert after.pawns[0] == (0, 0, 0, 1) and after.to_move == 0


@pytest.mark.parametrize(
    ("overshoot", "expected"),
    [("exact", None), ("bounce", 55), ("ludopy", 52)],
)
def test_l3_3_overshooting_home(overshoot: str, expected: int | None) -> None:
    p = pos(f"ludo{{overshoot={overshoot}}} r,y - r:0.0.0.54,y:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 5)  # 54 + 5 = 59: two past Home (57)
    if expected is None:
        assert after.pawns[0] == (0, 0, 0, 54) and after.to_move == 1
    else:
        assert after.pawns[0] == (0, 0, 0, expected)
    (home,) = outcomes(p, 3)
    assert home.pawns[0] == (0, 0, 0, 57) and home.to_move == 0  # L.6.4: Home throws again


@pytest.mark.parametrize(("skip", "expected"), [("stop", 51), ("skip", 52)])
def test_l3_4_op_k1_last_ring_square(skip: str, expected: int) -> None:
    p = pos(f"ludo{{last_ring_square={skip}}} r,y - r:0.0.0.49,y:0.0.0.0 0 0 - - - 0 0")
    assert pawns_of(p, 2, 0) == [(0, 0, 0, expected)]
    assert pawns_of(p, 3, 0) == [(0, 0, 0, 52)]


def test_l3_4_the_home_column_is_private() -> None:
    # Red 50 + 3 = 53 is in its home column; yellow's pawn at p = 28 is on q = 1,
    # the ring square after red's 51 (q = 50, 51 ...): nothing is captured.
    p = pos("ludo r,y - r:0.0.0.50,y:0.0.0.28 0 0 - - - 0 0")
    (after,) = outcomes(p, 3)
    assert after.pawns == ((0, 0, 0, 53), (), (0, 0, 0, 28), ())


def test_l3_5_l4_2_blocks() -> None:
    # Yellow's pair at its p = 16 is red's p = 42 (q = 41).
    text = "ludo{blocks=B} r,y - r:0.0.0.40,y:0.0.16.16 0 0 - - - 0 0"
    landing = pos(text.replace("B", "no_landing"))
    assert pawns_of(landing, 2, 0) == [(0, 0, 0, 40)]  # may not land
    assert pawns_of(landing, 3, 0) == [(0, 0, 0, 43)]  # may pass
    wall = pos(text.replace("B", "impassable"))
    assert pawns_of(wall, 3, 0) == [(0, 0, 0, 40)]  # may not pass
    assert pawns_of(wall, 1, 0) == [(0, 0, 0, 41)]
    deadly = pos(text.replace("B", "kill_mover"))
    (after,) = outcomes(deadly, 2)
    assert after.pawns[0] == (0, 0, 0, 0) and after.pawns[2] == (0, 0, 16, 16)


def test_l4_2_capture_sends_to_the_yard() -> None:
    p = pos("ludo r,y - r:0.0.0.40,y:0.0.0.16 0 0 - - - 0 0")
    (after,) = outcomes(p, 2)
    assert after.pawns == ((0, 0, 0, 42), (), (0, 0, 0, 0), ())
    assert [a.capture for a in legal_plays(p, (2,))[0].actions] == [True]


def test_l4_4_own_pawns_stack_anywhere() -> None:
    p = pos("ludo r,y - r:0.0.10.12,y:0.0.0.0 0 0 - - - 0 0")
    assert (0, 0, 12, 12) in pawns_of(p, 2, 0)


# ---------------------------------------------------------------------------
# L.4.3 ludopy's board


def test_l4_3_jump_stars() -> None:
    p = pos(f"ludo{LUDOPY} g,r - r:2.57.57.57,g:0.0.0.0 1 0 - - - 0 0")
    assert pawns_of(p, 3, 0) == [(12, 57, 57, 57)]  # 5 is a star: on to 12
    assert pawns_of(p, 6, 0) == [(8, 57, 57, 57)]


def test_l4_3_from_star_44_to_51_and_from_51_home() -> None:
    p = pos(f"ludo{LUDOPY} g,r - r:0.0.0.40,g:0.0.0.0 1 0 - - - 0 0")
    assert pawns_of(p, 4, 0) == [(0, 0, 0, 51)]
    p = pos(f"ludo{LUDOPY} g,r - r:0.0.0.46,g:0.0.0.0 1 0 - - - 0 0")
    assert pawns_of(p, 5, 0) == [(0, 0, 0, 57)]


def test_l4_3_op_k1_the_star_on_44_stops_on_51_under_skip() -> None:
    # "skip" changes a count ending on 51 (L.3.4); the star's jump from 44 is no count and
    # stops on 51 (L.4.3), so the outcome has a pawn on 51, and it reads back (docs/ludo.md).
    board = "ludo{board=ludopy,last_ring_square=skip}"
    p = pos(f"{board} r,y - r:38.57.57.57,y:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 6)  # 38 + 6 = 44, a star: on to 51
    assert after.pawns[0] == (51, 57, 57, 57)
    assert Position.from_dict(after.to_dict()) == after
    assert Position.from_text(after.to_text()) == after
    # A count that ends on 51 still goes on to 52, and 51 stays refused off this board.
    assert pawns_of(pos(f"{board} r,y - r:0.0.0.46,y:0.0.0.0 0 0 - - - 0 0"), 5, 0) == [
        (0, 0, 0, 52)
    ]
    with pytest.raises(PositionError):
        pos("ludo{last_ring_square=skip} r,y - r:0.0.0.51,y:0.0.0.0 0 0 - - - 0 0")


def test_l4_3_op_l4_home_then_back_to_the_yard() -> None:
    # Green's pair at its p = 38 is red's 51 (quirk formula: k = 51 - 13).
    p = pos(f"ludo{LUDOPY} g,r - r:0.0.0.46,g:0.0.38.38 1 0 - - - 0 0")
    assert pawns_of(p, 5, 0) == [(0, 0, 0, 0)]
    plain = LUDOPY.replace("ludopy_quirks=true", "ludopy_quirks=false")
    p = pos(f"ludo{plain} g,r - r:0.0.0.46,g:0.0.38.38 1 0 - - - 0 0")
    assert pawns_of(p, 5, 0) == [(0, 0, 0, 57)]


def test_l4_3_op_l6_globes_kill_the_mover() -> None:
    # Red lands on the globe p = 9 (q = 8) where green (its p = 48) stands.
    p = pos(f"ludo{LUDOPY} g,r - r:0.0.0.6,g:0.0.0.48 1 0 - - - 0 0")
    (after,) = outcomes(p, 3)
    assert after.pawns[0] == (0, 0, 0, 0) and after.pawns[1] == (0, 0, 0, 48)


def test_l4_3_op_l6_an_entry_square_kills_only_for_its_owner() -> None:
    # Red lands on p = 14, green's entry; green there kills red; yellow there is captured.
    p = pos(f"ludo{LUDOPY} g,y,r - r:0.0.0.10,g:0.0.0.1,y:0.0.0.0 2 0 - - - 0 0")
    (after,) = outcomes(p, 4)
    assert after.pawns[0] == (0, 0, 0, 0)
    p = pos(f"ludo{LUDOPY} g,y,r - r:0.0.0.10,g:0.0.0.0,y:0.0.0.40 2 0 - - - 0 0")
    (after,) = outcomes(p, 4)
    assert after.pawns[0] == (0, 0, 0, 14) and after.pawns[2] == (0, 0, 0, 0)


# ---------------------------------------------------------------------------
# L.5, L.6, L.7


def test_l5_1_op_l10_entering_is_a_choice() -> None:
    p = pos("ludo r,y - r:0.0.0.10,y:0.0.0.0 0 0 - - - 0 0")
    assert sorted(pawns_of(p, 6, 0)) == [(0, 0, 0, 16), (0, 0, 1, 10)]


def test_l6_1_op_k4_the_third_6_is_forfeited() -> None:
    p = pos("ludo r,y - r:0.0.0.10,y:0.0.0.0 0 2 - - - 0 0")
    (after,) = outcomes(p, 6)
    assert after.pawns == p.pawns and after.to_move == 1 and after.doubles == 0
    second = outcomes(Position.from_dict({**p.to_dict(), "doubles": 1}), 6)
    assert len(second) == 2 and all(o.doubles == 2 and o.to_move == 0 for o in second)


def test_l6_4_a_6_that_cannot_be_used_still_throws_again() -> None:
    p = pos("ludo r,y - r:57.57.57.54,y:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 6)
    assert after.pawns == p.pawns and after.to_move == 0 and after.doubles == 1


def test_l6_4_op_l9_no_bonus_throws() -> None:
    p = pos("ludo{bonus_throws=false} r,y - r:0.0.0.40,y:0.0.0.16 0 0 - - - 0 0")
    (after,) = outcomes(p, 2)
    assert after.pawns[2] == (0, 0, 0, 0) and after.to_move == 1


def test_l6_6_a_bonus_throw_resets_the_count_of_6s() -> None:
    p = pos("ludo r,y - r:0.0.0.40,y:0.0.0.16 0 1 - - - 0 0")
    (after,) = outcomes(p, 2)  # a capture with a 2: another throw, no 6 in a row
    assert after.to_move == 0 and after.doubles == 0


def test_l6_3_three_tries_with_nobody_out() -> None:
    p = pos("ludo{start_tries=three} r,y - r:0.0.0.57,y:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 2)
    assert after.to_move == 0 and after.tries == 1
    (after,) = outcomes(Position.from_dict({**p.to_dict(), "tries": 2}), 2)
    assert after.to_move == 1 and after.tries == 0
    (after,) = outcomes(p, 6)
    assert after.pawns[0] == (0, 0, 1, 57) and after.tries == 0 and after.to_move == 0


def test_l6_3_l6_4_op_l7_ludopy_opening() -> None:
    start = Position.start("ludo", players=["green", "blue"], options=_ludopy_options())
    assert start.opening and start.tries == 0
    (after,) = outcomes(start, 3)
    assert after.to_move == 0 and after.tries == 1 and after.opening
    (entered,) = outcomes(start, 6)  # a 6 in the opening: no extra throw
    assert entered.pawns[1] == (0, 0, 0, 1) and entered.to_move == 1 and entered.opening
    last = Position.from_dict({**start.to_dict(), "to_move": 1})
    (after,) = outcomes(last, 6)
    assert after.to_move == 0 and not after.opening  # the opening ends with the round


def test_l7_the_first_to_finish_wins_and_the_game_is_over() -> None:
    p = pos("ludo r,g,y - r:57.57.57.54,g:0.0.0.0,y:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 3)
    assert after.winner == (0,) and after.finished == (0,)
    assert after.to_move == 1 and after.doubles == 0 and after.is_over
    with pytest.raises(ThrowError):
        legal_plays(after, (1,))


# ---------------------------------------------------------------------------
# M: Mensch ärgere Dich nicht


def test_m1_m2_start_and_setups() -> None:
    start = Position.start("maedn", players=2)
    assert start.setup.players == ((0,), (2,))  # red against green (opposite)
    assert start.to_text() == "maedn r,g - r:0.0.0.0,g:0.0.0.0 0 0 - - - 0 0"
    with pytest.raises(PositionError, match="maedn is played by"):
        Position.start("maedn", players=["green", "red"])


def test_m5_1_clear_the_start_field_first() -> None:
    p = pos("maedn r,g - r:0.0.1.20,g:0.0.0.0 0 0 - - - 0 0")
    assert pawns_of(p, 3, 0) == [(0, 0, 4, 20)]


def test_m5_1_op_m3_a_blocked_start_field_frees_the_others() -> None:
    p = pos("maedn r,g - r:0.0.1.4,g:0.0.0.0 0 0 - - - 0 0")
    assert sorted(pawns_of(p, 3, 0)) == [(0, 0, 1, 7)]
    assert pawns_of(p, 6, 0) == [(0, 0, 4, 7)]  # 1 + 6 is free: the start field clears
    q = pos("maedn r,g - r:0.0.1.7,g:0.0.0.0 0 0 - - - 0 0")
    assert pawns_of(q, 6, 0) == [(0, 0, 1, 13)]  # 1 + 6 is taken: no entry, 7 moves


def test_m5_2_a_6_must_enter() -> None:
    p = pos("maedn r,g - r:0.0.0.20,g:0.0.0.0 0 0 - - - 0 0")
    assert pawns_of(p, 6, 0) == [(0, 0, 1, 20)]


def test_m3_m4_capture_own_pawns_and_exact_end() -> None:
    # Green (arm 2) at its p = 15 is red's p = 35 (q = 34).
    p = pos("maedn r,g - r:30.33.42.44,g:0.0.0.15 0 0 - - - 0 0")
    after = outcomes(p, 5)
    assert {o.pawns[0] for o in after} == {(33, 35, 42, 44), (30, 38, 42, 44)}
    assert any(o.pawns[2] == (0, 0, 0, 0) for o in after)
    assert (30, 33, 42, 44) not in {o.pawns[0] for o in outcomes(p, 3)}  # 41 + 3 > 44
    assert all(o.pawns[0].count(44) == 1 for o in outcomes(p, 2))  # 42 + 2: own pawn


@pytest.mark.parametrize(("jump", "allowed"), [("true", True), ("false", False)])
def test_m3_2_op_m4_passing_in_the_goal(jump: str, allowed: bool) -> None:
    p = pos(f"maedn{{goal_jump={jump}}} r,g - r:0.0.39.42,g:0.0.0.0 0 0 - - - 0 0")
    assert ((0, 0, 42, 44) in pawns_of(p, 5, 0)) is allowed


def test_m3_2_op_m6_must_capture() -> None:
    text = "maedn{} r,g - r:0.0.10.30,g:0.0.0.15 0 0 - - - 0 0"
    assert len(outcomes(pos(text.replace("{}", "")), 5)) == 2
    (after,) = outcomes(pos(text.replace("{}", "{must_capture=true}")), 5)
    assert after.pawns[0] == (0, 0, 10, 35)


def test_m6_1_a_6_throws_again_even_unused() -> None:
    q = pos("maedn r,g - r:0.41.42.43,g:0.0.0.1 0 0 - - - 0 0")
    (after,) = outcomes(q, 5)
    assert after.pawns == q.pawns and after.to_move == 1
    (after,) = outcomes(pos("maedn r,g - r:0.0.1.7,g:0.0.0.0 0 0 - - - 0 0"), 6)
    assert after.to_move == 0 and after.doubles == 0  # no three-6 limit by default


def test_m6_op_m1_three_tries() -> None:
    p = pos("maedn{three_tries=true} r,g - r:0.0.0.0,g:0.0.0.0 0 0 - - - 0 0")
    (after,) = outcomes(p, 2)
    assert after.to_move == 0 and after.tries == 1
    (after,) = outcomes(Position.from_dict({**p.to_dict(), "tries": 2}), 2)
    assert after.to_move == 1 and after.tries == 0


def test_m7_winning() -> None:
    p = pos("maedn r,g - r:40.42.43.44,g:0.0.0.1 0 0 - - - 0 0")
    (after,) = outcomes(p, 1)
    assert after.winner == (0,) and after.to_move == 1 and after.pawns[0] == (41, 42, 43, 44)


# ---------------------------------------------------------------------------
# FORMAT.md: validity and the worked examples


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("ludo r,y - r:0.0.0.58,y:0.0.0.0 0 0 - - - 0 0", "pawns"),
        ("ludo r,y - r:0.0.0.10,y:0.0.0.36 0 0 - - - 0 0", "pawns"),  # q = 9: not safe
        ("ludo{last_ring_square=skip} r,y - r:0.0.0.51,y:0.0.0.0 0 0 - - - 0 0", "pawns"),
        ("maedn r,g - r:0.0.0.45,g:0.0.0.0 0 0 - - - 0 0", "pawns"),
        ("maedn r,g - r:0.0.42.42,g:0.0.0.0 0 0 - - - 0 0", "pawns"),
        ("maedn r,g - r:0.0.0.21,g:0.0.0.1 0 0 - - - 0 0", "pawns"),  # both on q = 20
        ("ludo r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - - 0 1", "tries"),
        ("ludo{start_tries=three} r,y - r:0.0.0.5,y:0.0.0.0 0 0 - - - 0 1", "tries"),
        ("ludo r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - - 1 0", "opening"),
        ("maedn r,g - r:0.0.0.0,g:0.0.0.0 0 1 - - - 0 0", "doubles"),
        ("ludo r,y - r:0.0.0.0,y:0.0.0.0 0 3 - - - 0 0", "doubles"),
    ],
)
def test_format_refuses_positions_that_cannot_occur(text: str, field: str) -> None:
    with pytest.raises(PositionError) as info:
        pos(text)
    assert info.value.field == field


def test_format_two_colours_share_a_ludopy_square() -> None:
    # OP-L11: allowed with board "ludopy".
    p = pos(f"ludo{LUDOPY} g,r - r:0.0.0.10,g:0.0.0.49 0 0 - - - 0 0")
    assert p.pawns[0] == (0, 0, 0, 10)


def test_format_the_new_fields_are_required_and_written() -> None:
    d = Position.start("ludo", players=2).to_dict()
    assert d["opening"] is False and d["tries"] == 0 and len(d) == 12
    del d["tries"]
    with pytest.raises(PositionError, match="tries"):
        Position.from_dict(d)


@pytest.mark.parametrize("throw", [(6, 6), (0,), (7,), ("6",), [True]])
def test_format_a_bad_throw_is_refused(throw: tuple[object, ...]) -> None:
    with pytest.raises(ThrowError):
        legal_plays(Position.start("maedn", players=2), throw)  # type: ignore[arg-type]


def _ludopy_options() -> dict[str, object]:
    return {
        "board": "ludopy",
        "overshoot": "ludopy",
        "blocks": "kill_mover",
        "start_tries": "opening",
        "three_sixes": False,
        "bonus_throws": False,
        "ludopy_quirks": True,
    }


KING_EXAMPLE = {
    "ruleset": "ludo",
    "options": {"last_ring_square": "skip"},
    "players": [{"colours": ["red"]}, {"colours": ["green"]}, {"colours": ["yellow"]}],
    "teams": None,
    "pawns": {"red": [20, 40, 45, 49], "green": [0, 0, 9, 34], "yellow": [0, 0, 16, 16]},
    "to_move": 0,
    "doubles": 0,
    "cut": None,
    "finished": [],
    "winner": None,
    "opening": False,
    "tries": 0,
}


def _summary(p: Position) -> tuple[dict[str, list[int]], int]:
    d = p.to_dict()
    return d["pawns"], d["to_move"]


def test_format_example_ludo_king_engine() -> None:
    p = Position.from_dict(KING_EXAMPLE)
    got = [_summary(o) for o in outcomes(p, 2)]
    assert got == [
        ({"red": [20, 40, 45, 52], "green": [0, 0, 9, 34], "yellow": [0, 0, 16, 16]}, 1),
        ({"red": [20, 40, 47, 49], "green": [0, 0, 9, 34], "yellow": [0, 0, 16, 16]}, 1),
        ({"red": [22, 40, 45, 49], "green": [0, 0, 0, 34], "yellow": [0, 0, 16, 16]}, 0),
    ]
    plain = Position.from_dict({**KING_EXAMPLE, "options": {}})
    assert outcomes(plain, 2)[0].pawns[0] == (20, 40, 45, 51)
    (forfeit,) = outcomes(Position.from_dict({**KING_EXAMPLE, "doubles": 2}), 6)
    assert forfeit.pawns == p.pawns and forfeit.to_move == 1 and forfeit.doubles == 0


def test_format_example_ludopy() -> None:
    d = {
        **KING_EXAMPLE,
        "options": _ludopy_options(),
        "players": [{"colours": ["green"]}, {"colours": ["blue"]}, {"colours": ["red"]}],
        "pawns": {"green": [0, 0, 4, 24], "blue": [0, 26, 34, 38], "red": [0, 1, 43, 57]},
        "to_move": 2,
    }
    got = outcomes(Position.from_dict(d), 6)
    assert sorted(o.to_dict()["pawns"]["red"] for o in got) == [
        [0, 1, 49, 57],
        [0, 7, 43, 57],
        [1, 1, 43, 57],
    ]
    assert all(o.to_move == 2 for o in got)
    opening = {
        **d,
        "pawns": {"green": [0] * 4, "blue": [0] * 4, "red": [0] * 4},
        "to_move": 1,
        "opening": True,
        "tries": 3,
    }
    (after,) = outcomes(Position.from_dict(opening), 1)
    assert after.pawns == Position.from_dict(opening).pawns
    assert (after.to_move, after.opening, after.tries) == (2, True, 0)


def test_format_example_openspiel_maedn() -> None:
    d = {
        **KING_EXAMPLE,
        "ruleset": "maedn",
        "options": {},
        "players": [{"colours": ["red"]}, {"colours": ["green"]}],
        "pawns": {"red": [1, 26, 35, 43], "green": [13, 14, 42, 44]},
        "to_move": 1,
    }
    got = outcomes(Position.from_dict(d), 6)
    assert sorted(o.to_dict()["pawns"]["green"] for o in got) == [
        [13, 20, 42, 44],
        [14, 19, 42, 44],
    ]
    assert all(o.to_move == 1 for o in got)


def test_format_outcomes_json_round_trip() -> None:
    p = Position.from_dict(KING_EXAMPLE)
    for o in outcomes(p, 2):
        assert Position.from_json(json.dumps(o.to_dict())) == o
        assert Position.from_text(o.to_text()) == o


# ---------------------------------------------------------------------------
# Words


def test_words_for_the_new_terms_in_hindi_and_kannada() -> None:
    from pachisi.describe import ONE_DIE_TERMS, colour_label, term

    assert set(ONE_DIE_TERMS["hi"]) == set(ONE_DIE_TERMS["kn"])
    for word in ("yard", "home column", "star", "safe square", "block", "goal", "start field"):
        for lang in ("hi", "kn"):
            assert term(word, lang, "ludo") == f"{word} {ONE_DIE_TERMS[lang][word]}"
    assert colour_label("blue", "maedn", "kn") == "Blue ನೀಲಿ"
    assert term("star", "en", "ludo") == "star"
