"""RULES.md §5 (Parcheesi), §6 (Whitman) and §7 (Eight-Man), section by section.

Colours that play no part are in their nests (or HOME). Ring squares (§2.5):
a colour on arm a at progress p stands on q = (17a + 4 + p) mod 68, so red p is
q = p + 4, blue p is q = p + 21, yellow q = p + 38, green q = p + 55 (mod 68).
Safety spaces: q mod 17 ∈ {0, 5, 12}, i.e. red p ∈ {1, 8, 13, 18, 25, 30, 35,
42, 47, 52, 59, 64}. Expected outcomes are worked out by hand; each test says why.
"""

from __future__ import annotations

from pachisi import Position
from pachisi.board import ROUTES, SAFETY_SQUARES
from rules_helpers import after, eight, expect, family, illegal, outs, unchanged, with_

TEAMS = [[0, 2], [1, 3]]  # players red, green, yellow, blue: red + yellow vs green + blue
R = ROUTES["parcheesi"]
RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3


def q(colour: int, p: int) -> int:
    return R[colour][p]


def test_helper_squares() -> None:
    # The coincidences of squares used below (§2.5).
    assert q(GREEN, 31) == q(RED, 14) == 18
    assert q(GREEN, 41) == q(RED, 24) == 28
    assert q(GREEN, 40) == q(RED, 23) == 27
    assert q(GREEN, 42) == q(RED, 25) == 29 and 29 in SAFETY_SQUARES
    assert q(GREEN, 11) == q(RED, 62) == 66
    assert q(GREEN, 39) == q(RED, 22) == 26
    assert q(BLUE, 25) == q(RED, 42) == 46 and 46 in SAFETY_SQUARES
    assert q(BLUE, 52) == q(GREEN, 18) == q(YELLOW, 35) == q(RED, 1) == 5
    assert q(BLUE, 55) == q(RED, 4) == 8
    assert q(BLUE, 6) == q(RED, 23) == q(YELLOW, 57) == 27
    assert q(BLUE, 49) == 2 == (4 + 66) % 68
    assert q(BLUE, 19) == q(RED, 36) == 40
    assert q(BLUE, 7) == q(RED, 24) == 28


# ---------------------------------------------------------------------------
# §5.2 Numbers of a throw


def test_s5_2_pawns_at_home_count_as_entered() -> None:
    # Red: one pawn on 30, three HOME, none in the nest: 2-2 gives 2, 2, 5, 5 → 44.
    d = family("parcheesi", {"red": [30, 72, 72, 72]})
    assert outs(d, (2, 2)) == expect(after(d, red=[44, 72, 72, 72], to_move=0, doubles=1))


def test_s5_2_a_pawn_in_the_nest_means_tops_only() -> None:
    # Red: one pawn in the nest, one on 30: 2-2 gives 2, 2 only → 30 + 4 = 34 (no entry).
    d = family("parcheesi", {"red": [0, 30, 72, 72]})
    assert outs(d, (2, 2)) == expect(after(d, red=[0, 34, 72, 72], to_move=0, doubles=1))


# ---------------------------------------------------------------------------
# §5.3 Entering


def test_s5_3_entering_is_impossible_while_the_entry_space_holds_two_pawns() -> None:
    # A blue blockade on red's entry (q5). 5-3: no entry; the 3 has no pawn to move.
    d = family("parcheesi", {"red": [0, 0, 0, 72], "blue": [52, 52, 72, 72]})
    assert outs(d, (5, 3)) == expect(unchanged(d))
    assert illegal(d, (5, 3), "R0-1")


def test_s5_3_a_mixed_partner_blockade_closes_the_entry() -> None:
    # Team game: green (18) and blue (52), partners, both on red's entry: closed [OP-P15].
    d = family(
        "parcheesi",
        {"red": [0, 0, 0, 72], "green": [18, 0, 0, 0], "blue": [52, 0, 0, 0]},
        teams=TEAMS,
    )
    assert outs(d, (5, 1)) == expect(unchanged(d))
    # With only the green pawn there, entering captures it: enter, 1 → p 2, +20 → p 22.
    g = family("parcheesi", {"red": [0, 0, 0, 72], "green": [18, 0, 0, 0]}, teams=TEAMS)
    assert outs(g, (5, 1)) == expect(after(g, red=[0, 0, 22, 72], green=[0, 0, 0, 0]))


def test_s5_3_entering_onto_a_partner_forms_a_blockade() -> None:
    # Team game: yellow (red's partner) on red's entry. 5-5 with red pawns in the nest
    # (tops only): one 5 enters (blockade with yellow, no capture), which closes the entry to
    # the second pawn; the other 5 moves the new pawn (1 → 6) or the pawn on 30 (→ 35).
    d = family("parcheesi", {"red": [0, 0, 30, 72], "yellow": [35, 0, 0, 0]}, teams=TEAMS)
    assert outs(d, (5, 5)) == expect(
        after(d, red=[0, 6, 30, 72], to_move=0, doubles=1),
        after(d, red=[0, 1, 35, 72], to_move=0, doubles=1),
    )
    # Without the yellow pawn both enter (most entries).
    e = family("parcheesi", {"red": [0, 0, 30, 72]}, teams=TEAMS)
    assert outs(e, (5, 5)) == expect(after(e, red=[1, 1, 30, 72], to_move=0, doubles=1))


def test_s5_3_double_five_with_one_pawn_left_second_five_moves_any_pawn() -> None:
    # [OP-W11] under parcheesi: one 5 must enter; the other moves any pawn.
    d = family("parcheesi", {"red": [0, 41, 51, 72]})
    assert outs(d, (5, 5)) == expect(
        after(d, red=[1, 41, 56, 72], to_move=0, doubles=1),
        after(d, red=[1, 46, 51, 72], to_move=0, doubles=1),
        after(d, red=[6, 41, 51, 72], to_move=0, doubles=1),
    )


def test_s5_3_own_blockade_on_the_entry_and_a_1_4_throw() -> None:
    # [OP-W18]: red blockade on its own entry, 1-4. The entry needs both dice, so no number
    # is left to make room: no entry. Both numbers on the blockade pawns: 1 and 4 to the two
    # (2, 5), or one pawn 1 + 4 = 6. They never end together elsewhere.
    d = family("parcheesi", {"red": [0, 0, 1, 1]})
    assert outs(d, (1, 4)) == expect(after(d, red=[0, 0, 2, 5]), after(d, red=[0, 0, 1, 6]))


# ---------------------------------------------------------------------------
# §5.4 Moving, blockades, captures


def test_s5_4_no_pawn_passes_its_own_blockade() -> None:
    # Red 10 and a red blockade on 12. 4-1 (hops):
    # 12→16 & 12→13: (10, 13, 16); one 12 takes both → 17; 10+1 & 12+4: (11, 12, 16);
    # one 12 moves 1 first (the blockade is gone), then 10+4 = 14 passes singles: (12, 13, 14).
    # 10+4 while the blockade stands, or 10+1+4, would pass it: illegal.
    d = family("parcheesi", {"red": [10, 12, 12, 72]})
    assert outs(d, (4, 1)) == expect(
        after(d, red=[10, 13, 16, 72]),
        after(d, red=[10, 12, 17, 72]),
        after(d, red=[11, 12, 16, 72]),
        after(d, red=[12, 13, 14, 72]),
    )


def test_s5_4_landing_on_an_opponent_on_a_safety_space_is_illegal() -> None:
    # [OP-P7]: green on red's 25 (q29, safety). Red 20, 5-6: 20+5 lands there → illegal;
    # 6 then 5 passes it: 31. Nothing else uses both.
    d = family("parcheesi", {"red": [20, 72, 72, 72], "green": [42, 72, 72, 72]})
    assert outs(d, (5, 6)) == expect(after(d, red=[31, 72, 72, 72]))
    assert illegal(d, (5, 6), "R20-25x R25-31")
    assert not illegal(d, (5, 6), "R20-26 R26-31")


def test_s5_4_no_second_circuit() -> None:
    # [OP-P14]: red 62, 4-3: 62 → 65/66 → 69 on its home path. A second circuit would take it
    # on to ring q2 (p 66 + 4), where a blue pawn stands: it is not touched.
    d = family("parcheesi", {"red": [62, 72, 72, 72], "blue": [49, 72, 72, 72]})
    assert outs(d, (4, 3)) == expect(after(d, red=[69, 72, 72, 72]))


def test_s5_4_home_only_by_exact_count() -> None:
    # Red's last pawn on 70 (2 from HOME), 3-4: 73, 74, 77 all overshoot: nothing moves.
    d = family("parcheesi", {"red": [70, 72, 72, 72]})
    assert outs(d, (3, 4)) == expect(unchanged(d))


def test_s5_4_blockade_of_two_colours_blocks_everyone() -> None:
    # Team game: red 23 and yellow (partner) on the same space (q27) form a blockade.
    # Red 20, 1-6: 20+6 would pass it → illegal while it stands; 23 may leave.
    # 20+1 & 23+6 → (21, 29); 23+1 first, then 20+6 passes two singles → (24, 26);
    # 23 takes both → 30. 20+1+6 passes the blockade: illegal.
    d = family("parcheesi", {"red": [20, 23, 72, 72], "yellow": [57, 0, 0, 0]}, teams=TEAMS)
    assert outs(d, (1, 6)) == expect(
        after(d, red=[21, 29, 72, 72]),
        after(d, red=[24, 26, 72, 72]),
        after(d, red=[20, 30, 72, 72]),
    )


# ---------------------------------------------------------------------------
# §5.5 Rules on whole plays


def test_s5_5_a_blockade_may_separate_and_form_a_new_one() -> None:
    # Red blockade on 20 and a pawn on 24. 4-1: (4 → one of the 20s: a new blockade on 24 with
    # the third pawn; 1 → the other) → (21, 24, 24); 4 → a 20 and 1 → 24 → (20, 24, 25);
    # 1 → a 20 and 4 → 24 → (20, 21, 28); 24 takes both → (20, 20, 29); one 20 takes both →
    # (20, 24, 25). The starting pair never ends together elsewhere.
    d = family("parcheesi", {"red": [20, 20, 24, 72]})
    assert outs(d, (4, 1)) == expect(
        after(d, red=[21, 24, 24, 72]),
        after(d, red=[20, 24, 25, 72]),
        after(d, red=[20, 21, 28, 72]),
        after(d, red=[20, 20, 29, 72]),
    )


def test_s5_5_blockade_together_after_the_dice_is_illegal_even_if_a_bonus_separates() -> None:
    # [OP-P8] Red nest pawn + blockade on 20; green single on red's 23. 3-3 → tops 3, 3.
    # One 20 → 23 captures, the other 20 → 23 joins it: the blockade stands together on a new
    # space after the last dice action → illegal, although the 20 bonus would split them.
    # Left: one pawn 3 + 3 (capturing on 23) → 26, then the 20 to 26 → 46 or to 20 → 40.
    d = family("parcheesi", {"red": [0, 20, 20, 72], "green": [40, 0, 0, 0]})
    g0 = [0, 0, 0, 0]
    assert outs(d, (3, 3)) == expect(
        after(d, red=[0, 20, 46, 72], green=g0, to_move=0, doubles=1),
        after(d, red=[0, 26, 40, 72], green=g0, to_move=0, doubles=1),
    )
    # With blockade_may_advance the joined pair is fine: then 20 to one of them → 43.
    adv = with_(d, options={"blockade_may_advance": True})
    assert outs(adv, (3, 3)) == expect(
        after(adv, red=[0, 20, 46, 72], green=g0, to_move=0, doubles=1),
        after(adv, red=[0, 26, 40, 72], green=g0, to_move=0, doubles=1),
        after(adv, red=[0, 23, 43, 72], green=g0, to_move=0, doubles=1),
    )


def test_s5_5_bonus_moves_are_not_affected_by_no_split_doubles_home() -> None:
    # Red 10 and 52; green single on red's 24. 1-1 → 1, 1, 6, 6 (14). The 10 takes all 14
    # and captures on 24 (its last stop); the 20 then may take 52 exactly HOME (a bonus move:
    # not bound by §5.5's doublet rule), and that HOME's 10 takes 24 → 34; or the 20 goes to
    # 24 → 44. Otherwise the 14 is split: 52 takes s ∈ {1, 2, 6, 7, 8, 12, 13, 14} and 10 the
    # rest (no capture, nothing reaches HOME). All numbers used → red throws again.
    d = family("parcheesi", {"red": [10, 52, 72, 72], "green": [41, 0, 0, 0]})
    g0 = [0, 0, 0, 0]
    splits = [(53, 23), (54, 22), (58, 18), (59, 17), (60, 16), (64, 12), (65, 11), (66, 10)]
    assert outs(d, (1, 1)) == expect(
        after(d, red=[34, 72, 72, 72], green=g0, to_move=0, doubles=1),
        after(d, red=[44, 52, 72, 72], green=g0, to_move=0, doubles=1),
        *[after(d, red=[a, b, 72, 72], to_move=0, doubles=1) for a, b in splits],
    )


def test_s5_5_home_with_both_tops_is_allowed() -> None:
    # Red nest, 70, HOME ×2; 1-1 → tops 1, 1. The 70 uses both → HOME (it used every number
    # of the throw itself). The HOME bonus has no pawn on the board: lost. Throw again.
    d = family("parcheesi", {"red": [0, 70, 72, 72]})
    assert outs(d, (1, 1)) == expect(after(d, red=[0, 72, 72, 72], to_move=0, doubles=1))


def test_s5_5_home_on_a_doublet_follows_the_pawn_not_the_squares() -> None:
    # [OP-P10] Red 58, a starting blockade on 64, one HOME; 1-1 → 1, 1, 6, 6, all to be used.
    # The 58 cannot pass the blockade, so no pawn can use all four numbers itself: nothing
    # reaches HOME by the dice. One play ends on the squares of "the 58 took all 14" (64, 64
    # and two HOME): 64 → 70 → 71, 58 → 64, 71 → 72. But the pawn that reached HOME used
    # three numbers (6, 1, 1), so it is illegal. Left: the pair splits (never together again,
    # §5.5) and the 58 moves up behind it.
    d = family(
        "parcheesi", {"red": [58, 64, 64, 72], "green": [0, 8, 36, 69]}, players=("red", "green")
    )
    assert outs(d, (1, 1)) == expect(
        after(d, red=[64, 65, 71, 72], to_move=0, doubles=1),
        after(d, red=[64, 66, 70, 72], to_move=0, doubles=1),
        after(d, red=[65, 65, 70, 72], to_move=0, doubles=1),
    )
    # With the switch off that play is legal (its HOME bonus of 10 cannot be moved: lost).
    off = with_(d, options={"no_split_doubles_home": False})
    assert after(off, red=[64, 64, 72, 72], to_move=0, doubles=1) in outs(off, (1, 1))


def test_s5_5_home_on_a_doublet_eight_man_mixed_blockade() -> None:
    # [OP-P10] The position of issue 18 (found by an independent check): Blue (major) and
    # Green to move, 2-2 → 2, 2, 5, 5 (14). Blue 58 cannot make the 14 itself: Blue 60 and
    # Green 26 share one space (a mixed blockade) in front of it. Playing 60 → 65 → 70,
    # 58 → 60, 70 → 72 leaves the squares of "58 took everything", but the pawn that
    # reached HOME used three numbers. 1,934 outcomes, none with a Blue pawn HOME.
    d = eight(
        {
            "red": [0, 0, 4, 5],
            "blue": [35, 58, 60, 65],
            "yellow": [1, 11, 17, 72],
            "green": [1, 26, 39, 57],
        },
        to_move=1,
        majors=("yellow", "blue"),
        options={"first_player": "lowest", "no_split_doubles_home": True},
    )
    got = outs(d, (2, 2))
    assert len(got) == 1934
    assert all(72 not in o["pawns"]["blue"] for o in got)


# ---------------------------------------------------------------------------
# §5.6 Using the throw (selection)


def test_s5_6_entering_beats_using_more_numbers() -> None:
    # Red nest + 67; blue blockade on red's 4 (q8). 5-6: entering (5) leaves the 6 useless
    # (1 → 7 passes the blockade, 67 + 6 overshoots); not entering, 67 + 5 = HOME uses one
    # number too. Most entries first [OP-P6]: the pawn enters (even with the smaller die).
    d = family("parcheesi", {"red": [0, 67, 72, 72], "blue": [55, 55, 72, 72]})
    assert outs(d, (5, 6)) == expect(after(d, red=[1, 67, 72, 72]))


def test_s5_6_larger_die_when_only_one_number_usable() -> None:
    # Red 30; blue blockade on red's 36. 5-2: 35 or 32, but 37 passes the blockade.
    # Only one number can be used: the larger, 5.
    d = family("parcheesi", {"red": [30, 72, 72, 72], "blue": [19, 19, 72, 72]})
    assert outs(d, (5, 2)) == expect(after(d, red=[35, 72, 72, 72]))


def test_s5_6_smaller_die_when_the_larger_cannot_be_used() -> None:
    # Red's last pawn on 70: the 4 overshoots; 70 + 1 = 71 (then the 4 still overshoots).
    d = family("parcheesi", {"red": [70, 72, 72, 72]})
    assert outs(d, (1, 4)) == expect(after(d, red=[71, 72, 72, 72]))


def test_s5_6_doublet_without_bottoms_is_used_as_far_as_possible() -> None:
    # [OP-P9] Red nest + 69: 2-2 gives tops 2, 2. 69 + 2 = 71 (one top); 69 + 4 overshoots;
    # 71 + 2 too. One number is used; the extra throw is kept.
    d = family("parcheesi", {"red": [0, 69, 72, 72]})
    assert outs(d, (2, 2)) == expect(after(d, red=[0, 71, 72, 72], to_move=0, doubles=1))


# ---------------------------------------------------------------------------
# §5.7 Bonuses


def test_s5_7_capture_bonus_lost_when_no_pawn_can_move_it() -> None:
    # Red 60; green single on red's 62 (q66). 2-1: 2 first captures, 1 → 63, and 63 + 20 is
    # past HOME: the 20 is lost. 1 first, then 2 passes the green pawn: 63, no capture.
    d = family("parcheesi", {"red": [60, 72, 72, 72], "green": [11, 72, 72, 72]})
    assert outs(d, (2, 1)) == expect(
        after(d, red=[63, 72, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[63, 72, 72, 72]),
    )


def test_s5_7_several_bonuses_the_player_orders_them() -> None:
    # Red 10 and 69; green singles on red's 14 and 24. 3-4:
    # 69+3 HOME (+10) and 10+4 = 14 captures (+20). Pending 10 and 20, any order:
    #   10 first: 14 → 24 captures again (+20): 24 → 44 → 64;
    #   20 first: 14 → 34 (passes 24), then 10: → 44.
    # Or the 10 takes both: 3 then 4 (passes 14) → 17; 4 then 3 (captures) → 17, +20 → 37.
    d = family("parcheesi", {"red": [10, 69, 72, 72], "green": [31, 41, 0, 0]})
    assert outs(d, (3, 4)) == expect(
        after(d, red=[64, 72, 72, 72], green=[0, 0, 0, 0]),
        after(d, red=[44, 72, 72, 72], green=[0, 0, 0, 41]),
        after(d, red=[17, 69, 72, 72]),
        after(d, red=[37, 69, 72, 72], green=[0, 0, 0, 41]),
    )


def test_s5_7_bonus_may_not_land_on_an_opponent_on_a_safety_space() -> None:
    # Red 19 and 30; green single on red's 22 (q26), blue single on red's 42 (q46, safety).
    # 3-1:
    #  19+3 captures, 19+1 → 23; 20 to 23 → 43 or to 30 → 50;
    #  19+3 captures, 30+1 → 31; 20 to 22 → 42 is illegal (blue on a safety space), so 31 → 51;
    #  19+1, +3 → 23 passing green; 19+1 & 30+3; 30 takes both → 34.
    d = family(
        "parcheesi", {"red": [19, 30, 72, 72], "green": [39, 0, 0, 0], "blue": [25, 0, 0, 0]}
    )
    g0 = [0, 0, 0, 0]
    assert outs(d, (3, 1)) == expect(
        after(d, red=[30, 43, 72, 72], green=g0),
        after(d, red=[23, 50, 72, 72], green=g0),
        after(d, red=[22, 51, 72, 72], green=g0),
        after(d, red=[23, 30, 72, 72]),
        after(d, red=[20, 33, 72, 72]),
        after(d, red=[19, 34, 72, 72]),
    )


def test_s5_7_doublet_bonus_is_taken_before_the_next_throw() -> None:
    # [OP-P12] Red's only pawn on 20; green single on red's 24. 2-2 → 2, 2, 5, 5.
    # Taking 2, 2 first stops on 24 and captures; on to 34; +20 → 54, then the extra throw.
    # Other orders pass it: 34.
    d = family("parcheesi", {"red": [20, 72, 72, 72], "green": [41, 72, 72, 72]})
    assert outs(d, (2, 2)) == expect(
        after(d, red=[54, 72, 72, 72], green=[0, 72, 72, 72], to_move=0, doubles=1),
        after(d, red=[34, 72, 72, 72], to_move=0, doubles=1),
    )


# ---------------------------------------------------------------------------
# §5.8 Doublets: extra throws, third doublet


def test_s5_8_no_extra_throw_for_a_player_who_finished() -> None:
    # Team game: red's last pawn on 58 takes 3, 3, 4, 4 = 14 → HOME. Red has finished (his
    # partner has not: no winner); a finished player gets no extra throw → green (1).
    d = family("parcheesi", {"red": [58, 72, 72, 72]}, teams=TEAMS)
    assert outs(d, (3, 3)) == expect(after(d, red=[72] * 4, finished=[0], to_move=1))


def test_s5_8_third_doublet_with_no_pawn_on_the_board() -> None:
    # doubles 2 and 5-5: not played (it would enter two pawns); no pawn on the board to send
    # back; the turn passes.
    d = family("parcheesi", {"red": [0, 0, 72, 72]}, doubles=2)
    assert outs(d, (5, 5)) == expect(unchanged(d, to_move=1, doubles=0))


def test_s5_8_third_doublet_sends_back_the_highest_pawn() -> None:
    # Two red pawns share the highest p (40): one goes back, one outcome (interchangeable).
    d = family("parcheesi", {"red": [10, 40, 40, 72]}, doubles=2)
    assert outs(d, (6, 6)) == expect(after(d, red=[0, 10, 40, 72], to_move=1))
    pos = Position.from_dict(d)
    assert pos.play((6, 6), "R40-0!") == pos.legal_plays((6, 6))[0].position


def test_s5_8_third_doublet_whitman() -> None:
    # [OP-W15] as parcheesi: the home-path pawn (66) goes back, HOME pawns are safe.
    d = family("whitman", {"red": [10, 66, 72, 72]}, doubles=2)
    assert outs(d, (1, 1)) == expect(after(d, red=[0, 10, 72, 72], to_move=1))


def test_s5_8_whitman_unusable_doublet_loses_the_extra_throw() -> None:
    # "forfeit_extra_throw": the extra throw only if every number was used; here none.
    d = family("whitman", {})
    assert outs(d, (2, 2)) == expect(unchanged(d, to_move=1, doubles=0))


# ---------------------------------------------------------------------------
# §5.9 Team play


def test_s5_9_bonus_only_with_own_pawns() -> None:
    # Team game: the capture of §5.7's lost-bonus case with a yellow partner pawn on 30 that
    # could move 20: it may not take red's bonus; the 20 is lost.
    d = family(
        "parcheesi",
        {"red": [60, 72, 72, 72], "green": [11, 72, 72, 72], "yellow": [30, 0, 0, 0]},
        teams=TEAMS,
    )
    assert outs(d, (2, 1)) == expect(
        after(d, red=[63, 72, 72, 72], green=[0, 72, 72, 72]),
        after(d, red=[63, 72, 72, 72]),
    )


def test_s5_9_third_doublet_only_own_pawn() -> None:
    # Team game: partner yellow's pawn (60) is further on, but red loses his own (30).
    d = family("parcheesi", {"red": [30, 0, 0, 0], "yellow": [60, 0, 0, 0]}, teams=TEAMS, doubles=2)
    assert outs(d, (4, 4)) == expect(after(d, red=[0, 0, 0, 0], to_move=1))


# ---------------------------------------------------------------------------
# §6 Whitman


def test_s6_a_blockade_may_advance_as_a_unit() -> None:
    # [OP-W16] The position of example sp-07 under whitman: red blockade on 31, nest pawns,
    # 2-2 → tops 2, 2: both move 2 (together on 33: allowed) or one jumps 4 → 35.
    d = family("whitman", {"red": [0, 0, 31, 31]})
    assert outs(d, (2, 2)) == expect(
        after(d, red=[0, 0, 33, 33], to_move=0, doubles=1),
        after(d, red=[0, 0, 31, 35], to_move=0, doubles=1),
    )


def test_s6_a_jump_cannot_pass_a_blockade() -> None:
    # [OP-W9] Red 20 and 40; blue blockade on red's 24 (q28). 3-4: 20+4 lands on it and the
    # jump 20+7 would pass it; 20+3 (23) & 40+4, or 40 jumps 7.
    d = family("whitman", {"red": [20, 40, 72, 72], "blue": [7, 7, 72, 72]})
    assert outs(d, (3, 4)) == expect(after(d, red=[23, 44, 72, 72]), after(d, red=[20, 47, 72, 72]))


def test_s6_a_jump_does_not_capture_in_between() -> None:
    # The position of sp-09 under whitman: red 11 jumps 7 → 18 over the green pawn on 14.
    d = family("whitman", {"red": [11, 72, 72, 72], "green": [31, 72, 72, 72]})
    assert outs(d, (3, 4)) == expect(after(d, red=[18, 72, 72, 72]))


def test_s6_a_pawn_that_made_its_jump_may_still_take_the_bonus() -> None:
    # Red 20 jumps 7 onto green (red's 27, q31, not safe): capture; the 20 bonus is not a dice
    # move, so the same man takes it: 47.
    assert q(GREEN, 44) == q(RED, 27) == 31
    d = family("whitman", {"red": [20, 72, 72, 72], "green": [44, 72, 72, 72]})
    assert outs(d, (3, 4)) == expect(after(d, red=[47, 72, 72, 72], green=[0, 72, 72, 72]))


def test_s6_no_home_reward() -> None:
    # [OP-W20] Red 20 and 69, 3-1 in whitman: 69+3 HOME and 20+1 (no 10 after it);
    # 69+1 & 20+3; 20 jumps 4.
    d = family("whitman", {"red": [20, 69, 72, 72]})
    assert outs(d, (3, 1)) == expect(
        after(d, red=[21, 72, 72, 72]),
        after(d, red=[23, 70, 72, 72]),
        after(d, red=[24, 69, 72, 72]),
    )


def test_s6_home_men_count_as_in_the_game_op_w14() -> None:
    # Red 30 and three men HOME, none in the circle: 2-2 gives 2, 2, 5, 5; the one man takes
    # all four numbers as one jump of 14 → 44; everything used → throw again.
    d = family("whitman", {"red": [30, 72, 72, 72]})
    assert outs(d, (2, 2)) == expect(after(d, red=[44, 72, 72, 72], to_move=0, doubles=1))


def test_s6_one_throw_per_turn_without_a_doublet_op_w19() -> None:
    # All men in the circle, 1-2: nothing can move and play passes to the left.
    d = family("whitman", {})
    assert outs(d, (1, 2)) == expect(unchanged(d, to_move=1))


def test_s6_landing_on_an_opponent_on_a_safety_space_is_illegal_op_w3() -> None:
    # Green on red's 25 (q29, safety). Red 20, 5-6: 20+5 lands there → illegal; the one man
    # jumps 11 over it → 31 (a single 6 would leave the 5 unused).
    d = family("whitman", {"red": [20, 72, 72, 72], "green": [42, 72, 72, 72]})
    assert outs(d, (5, 6)) == expect(after(d, red=[31, 72, 72, 72]))


def test_s6_no_team_play() -> None:
    import pytest

    from pachisi import PositionError

    with pytest.raises(PositionError):
        Position.from_dict(family("whitman", {}, teams=TEAMS))


# ---------------------------------------------------------------------------
# §7 Eight-Man


def test_s7_own_colours_form_a_blockade_and_never_capture_each_other() -> None:
    # Red 20; yellow 57 on red's 23; a blue blockade on red's 24 (q28) right behind it, so
    # yellow cannot move. 3-1: red 20+3 joins yellow (no capture); 20+1 → 21; both numbers
    # would reach 24 (the blue blockade). One number: the larger, 3.
    d = eight({"red": [20, 72, 72, 72], "yellow": [57, 72, 72, 72], "blue": [7, 7, 72, 72]})
    assert outs(d, (3, 1)) == expect(after(d, red=[23, 72, 72, 72]))


def test_s7_bonus_may_go_to_either_colour() -> None:
    # [OP-E5] Red 20, yellow 30; blue single on red's 23 (q27). 3-1:
    # red+3 captures, yellow+1 → 31, 20 to red (43) or yellow (51);
    # red+3 captures, red+1 → 24, 20 to red (44) or yellow (50);
    # red+1, +3 passes → 24; red+1 & yellow+3; yellow takes both → 34.
    d = eight({"red": [20, 72, 72, 72], "yellow": [30, 72, 72, 72], "blue": [6, 72, 72, 72]})
    b0 = [0, 72, 72, 72]
    y = [72, 72, 72]
    assert outs(d, (3, 1)) == expect(
        after(d, red=[43, *y], yellow=[31, *y], blue=b0),
        after(d, red=[23, *y], yellow=[51, *y], blue=b0),
        after(d, red=[44, *y], yellow=[30, *y], blue=b0),
        after(d, red=[24, *y], yellow=[50, *y], blue=b0),
        after(d, red=[24, *y]),
        after(d, red=[21, *y], yellow=[33, *y]),
        after(d, yellow=[34, *y]),
    )


def test_s7_each_colour_enters_from_its_own_nest() -> None:
    # Red and yellow each have a nest pawn; 5-6: either enters (on its own entry, p 1) and
    # the 6 moves it on to 7.
    d = eight({"red": [0, 72, 72, 72], "yellow": [0, 72, 72, 72]})
    assert outs(d, (5, 6)) == expect(
        after(d, red=[7, 72, 72, 72]), after(d, yellow=[7, 72, 72, 72])
    )


def test_s7_option_b_is_used_as_far_as_possible() -> None:
    # F = red (no nest pawn), N = yellow. Red 60; yellow nest + 30; blue blockade on yellow's
    # 32 (q2). 1-1:
    #  A (1, 1, 6, 6 for red, all or nothing): 60 + 14 overshoots → void;
    #  B (1, 1 for yellow, as far as possible): 30 → 31, the second 1 is blocked → one number;
    #  C (1 + 6 for red, all or nothing; 1 for yellow): red 67, yellow 31.
    # "nothing" keeps the extra throw in both.
    d = eight({"red": [60, 72, 72, 72], "yellow": [0, 30, 72, 72], "blue": [49, 49, 72, 72]})
    assert outs(d, (1, 1)) == expect(
        after(d, yellow=[0, 31, 72, 72], to_move=0, doubles=1),
        after(d, red=[67, 72, 72, 72], yellow=[0, 31, 72, 72], to_move=0, doubles=1),
    )


def test_s7_a_die_top_and_bottom_never_split_across_colours() -> None:
    # Red 30 (F), yellow nest ×2 (N); blue blockade on red's 36. 5-5:
    #  A: red must use 5, 5, 2, 2 = 14 → passes the blockade → void;
    #  C: red must use 5 + 2 = 7 → passes it → void;
    #  B: both tops to yellow: two pawns enter.
    # Tops to yellow and bottoms (2 + 2 → 34) to red is not one of the options.
    d = eight({"red": [30, 72, 72, 72], "yellow": [0, 0, 72, 72], "blue": [19, 19, 72, 72]})
    assert outs(d, (5, 5)) == expect(after(d, yellow=[1, 1, 72, 72], to_move=0, doubles=1))


def test_s7_option_c_never_takes_a_pawn_home_by_the_dice() -> None:
    # §5.5 under C: red 65 (F) needs 7 = 1 + 6, all of C's red numbers but not all of C.
    # Red 65, yellow nest + 30. 1-1: A (14 for red) overshoots; C would need red HOME → void;
    # B: yellow 30 + 1 + 1 = 32.
    d = eight({"red": [65, 72, 72, 72], "yellow": [0, 30, 72, 72]})
    assert outs(d, (1, 1)) == expect(after(d, yellow=[0, 32, 72, 72], to_move=0, doubles=1))
    # With no_split_doubles_home off, C is allowed: red HOME, yellow 31, then the HOME bonus
    # 10 to the only pawn on the board, yellow → 41. (Red 4 HOME + yellow 2: no win.)
    off = with_(d, options={"no_split_doubles_home": False})
    assert outs(off, (1, 1)) == expect(
        after(off, yellow=[0, 32, 72, 72], to_move=0, doubles=1),
        after(off, red=[72] * 4, yellow=[0, 41, 72, 72], to_move=0, doubles=1),
    )


def test_s7_option_a_takes_a_pawn_home_with_every_number() -> None:
    # F = red 58, N = yellow nest + 30. 3-3:
    #  A: 3, 3, 4, 4 all to red: 58 + 14 = 72 HOME using every number of A (allowed); the HOME
    #     bonus 10 goes to yellow's 30 → 40 (either colour); red 4 HOME + yellow 2: no win;
    #  B: 3, 3 to yellow: 30 → 36 (no 5: nobody enters);
    #  C: 3 + 4 to red (65), 3 to yellow (33).
    d = eight({"red": [58, 72, 72, 72], "yellow": [0, 30, 72, 72]})
    assert outs(d, (3, 3)) == expect(
        after(d, red=[72] * 4, yellow=[0, 40, 72, 72], to_move=0, doubles=1),
        after(d, yellow=[0, 36, 72, 72], to_move=0, doubles=1),
        after(d, red=[65, 72, 72, 72], yellow=[0, 33, 72, 72], to_move=0, doubles=1),
    )


def test_s7_no_option_moves_anything() -> None:
    # F = red (66), N = yellow (nest ×2). 2-2: A (2, 2, 5, 5 for red: 80) and C (2 + 5 for
    # red: 73) overshoot and are all or nothing; B (2, 2 for yellow) cannot enter anyone.
    # Nothing moves; with "nothing" the extra throw is kept.
    d = eight({"red": [66, 72, 72, 72], "yellow": [0, 0, 72, 72]})
    assert outs(d, (2, 2)) == expect(unchanged(d, to_move=0, doubles=1))


def test_s7_four_minor_and_three_major_is_not_a_win() -> None:
    # Player 0: red major with 3 HOME + 30; yellow minor with 3 HOME + 69. 3-1:
    # yellow 69+3 HOME, red 30+1, HOME bonus → 41: yellow 4 HOME, red 3 → no win;
    # yellow+1 & red+3; red takes both.
    d = eight({"red": [30, 72, 72, 72], "yellow": [69, 72, 72, 72]})
    y = [72, 72, 72]
    assert outs(d, (3, 1)) == expect(
        after(d, red=[41, *y], yellow=[72, *y]),
        after(d, red=[33, *y], yellow=[70, *y]),
        after(d, red=[34, *y]),
    )
    # The same with yellow as major: 4 major + 3 minor HOME → player 0 wins.
    m = eight({"red": [30, 72, 72, 72], "yellow": [69, 72, 72, 72]}, majors=("yellow", "blue"))
    assert outs(m, (3, 1)) == expect(
        after(m, red=[41, *y], yellow=[72, *y], finished=[0], winner=[0]),
        after(m, red=[33, *y], yellow=[70, *y]),
        after(m, red=[34, *y]),
    )


def test_s7_four_minor_and_three_major_position_is_not_finished() -> None:
    import pytest

    from pachisi import PositionError

    d = eight({"red": [30, 72, 72, 72], "yellow": [72] * 4})
    Position.from_dict(d)
    with pytest.raises(PositionError):
        Position.from_dict(with_(d, finished=[0], winner=[0], to_move=1))


def test_s7_the_throw_is_finished_after_the_seventh_pawn_op_x3() -> None:
    # Red (major) all HOME; yellow 20, 69, HOME ×2. 3-4: yellow 69+3 HOME is the seventh pawn,
    # but the throw goes on: the 4 moves 20 → 24 and the HOME bonus 10 → 34; then the win.
    # Or 20 takes both (27). 69+4 overshoots.
    d = eight({"red": [72] * 4, "yellow": [20, 69, 72, 72]})
    assert outs(d, (3, 4)) == expect(
        after(d, yellow=[34, 72, 72, 72], finished=[0], winner=[0]),
        after(d, yellow=[27, 69, 72, 72]),
    )


def test_s7_turns_alternate() -> None:
    # Player 1 (blue + green) throws 1-2 with a blue pawn on 10 → 13; then player 0.
    d = eight({"blue": [10, 72, 72, 72]}, to_move=1)
    assert outs(d, (1, 2)) == expect(after(d, blue=[13, 72, 72, 72], to_move=0))


def test_s7_third_doublet_highest_over_both_colours() -> None:
    # [OP-E6] Red 50, yellow 60: the yellow pawn (highest p) goes back.
    d = eight({"red": [50, 72, 72, 72], "yellow": [60, 72, 72, 72]}, doubles=2)
    assert outs(d, (6, 6)) == expect(after(d, yellow=[0, 72, 72, 72], to_move=1))
