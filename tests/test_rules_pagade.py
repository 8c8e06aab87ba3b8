"""RULES.md §4 (Pagade), section by section.

Colours that play no part sit on their own belly squares 1-4 (out of reach).
Pagade red numbering: red's own square s is ring square s − 8; another colour's
p is on ring square (p − 8 + 17c) mod 68 (black c = 1, yellow 2, green 3).
Expected outcomes are worked out by hand; each test says why.
"""

from __future__ import annotations

import pytest

from pachisi import Position, ThrowError, Turn, legal_plays
from pachisi.board import ROUTES
from rules_helpers import after, expect, illegal, outs, pagade, unchanged, with_

TEAMS = [[0, 2], [1, 3]]
TWO = [["red", "yellow"], ["black", "green"]]


def test_helper_squares() -> None:
    # The ring squares used below (§2.5), checked once.
    pg = ROUTES["pagade"]
    assert pg[0][23] == pg[1][74] == 15  # red 23 = black 74
    assert pg[0][22] == pg[1][73] == 14
    assert pg[0][33] == pg[1][16] == 25
    assert pg[0][11] == pg[1][62] == 3
    assert pg[0][12] == pg[1][63] == 4
    assert pg[0][25] == pg[1][8] == pg[1][76] == 17
    assert pg[0][23] == pg[2][57] == 15  # red 23 = yellow 57


# ---------------------------------------------------------------------------
# §4.1 Equipment, §4.2 Numbers


def test_s4_1_all_four_colours_always_in_play() -> None:
    for players in (4, 2):
        pos = Position.start("pagade", players=players)
        assert all(len(pos.pawns[c]) == 4 for c in range(4))


def test_s4_1_stick_dice_have_no_2_or_5() -> None:
    pos = Position.start("pagade")
    for bad in ((2, 3), (5, 1), (6, 2)):
        with pytest.raises(ThrowError):
            legal_plays(pos, bad)


def test_s4_2_doublet_gives_no_extra_throw() -> None:
    # Red's only pawn on 30, 6-6: one pawn uses both dice only by the sum (jump) → 42.
    # Every throw ends the turn: black throws next, doubles stays 0.
    d = pagade({"red": [30, 84, 84, 84]}, [True, False, False, False])
    assert outs(d, (6, 6)) == expect(after(d, red=[42, 84, 84, 84], to_move=1, doubles=0))


# ---------------------------------------------------------------------------
# §4.3 Moves


def test_s4_3_single_die_passes_over_an_opponent_pair() -> None:
    # Red 20 and 40; black pair on red's 22 (q14). 3-1: nothing blocks passage.
    # 20+3 (over the pair) & 40+1; 20+1 & 40+3; 20 jumps 4; 40 jumps 4.
    d = pagade({"red": [20, 40, 84, 84], "black": [73, 73, 84, 84]}, [True, True, False, False])
    assert outs(d, (3, 1)) == expect(
        after(d, red=[23, 41, 84, 84]),
        after(d, red=[21, 43, 84, 84]),
        after(d, red=[24, 40, 84, 84]),
        after(d, red=[20, 44, 84, 84]),
    )


def test_s4_3_pair_move_spends_both_dice_and_a_pair_may_split() -> None:
    # Red pair on 30 and a pawn on 50, 3-3. Pair together → 33, 33 (no die left for 50);
    # split: 3 to each of the pair (same), or 3 to one of the pair and 3 to 50;
    # sums: 30 → 36 or 50 → 56. Not [33, 33, 53]: the pair move spends both dice.
    d = pagade({"red": [30, 30, 50, 84]}, [True, False, False, False])
    assert outs(d, (3, 3)) == expect(
        after(d, red=[33, 33, 50, 84]),
        after(d, red=[30, 33, 53, 84]),
        after(d, red=[30, 36, 50, 84]),
        after(d, red=[30, 30, 56, 84]),
    )


def test_s4_3_only_pawns_with_equal_p_move_together() -> None:
    # Red 8 (outward) and 76 (homeward) share red's square 8 but are not a moving pair.
    # Black pair on red's 11 (q3). 3-3: a single 8+3 may not land on the pair, and 8/76
    # cannot move together; 76+3 alone leaves the other 3 unusable. Both dice: 8 jumps 6 → 14,
    # or 76 jumps 6 → 82.
    d = pagade({"red": [8, 76, 84, 84], "black": [62, 62, 84, 84]}, [True, True, False, False])
    assert outs(d, (3, 3)) == expect(after(d, red=[14, 76, 84, 84]), after(d, red=[8, 82, 84, 84]))


def test_s4_3_hops_first_stop_obeys_landing_and_a_pair_move_is_one_move() -> None:
    # Red pair on 30, black pair on red's 33 (q25), 3-3.
    # jump: the pair together cuts both; or one pawn jumps 6 over the pair to 36.
    d = pagade({"red": [30, 30, 84, 84], "black": [16, 16, 84, 84]}, [True, True, False, False])
    assert outs(d, (3, 3)) == expect(
        after(d, red=[33, 33, 84, 84], black=[0, 0, 84, 84]),
        after(d, red=[30, 36, 84, 84]),
    )
    # hops: no sum move; one pawn 3 then 3 stops on 33 (a single on a pair: illegal), so only
    # the pair move [OP-G15] is left.
    h = with_(d, options={"sum_move": "hops"})
    assert outs(h, (3, 3)) == expect(after(h, red=[33, 33, 84, 84], black=[0, 0, 84, 84]))


def test_s4_3_pair_move_double_cuts_at_2d() -> None:
    # pair_move "double": red pair on 30, black pair on red's 36 (black 19 = q28), 3-3.
    # The pair together goes 6 → 36 and cuts both; single 3s → 33, 33; one jumps 6 onto the
    # pair: illegal. So {36, 36 + cut, 33, 33}.
    assert ROUTES["pagade"][1][19] == ROUTES["pagade"][0][36]
    d = pagade(
        {"red": [30, 30, 84, 84], "black": [19, 19, 84, 84]},
        [True, True, False, False],
        options={"pair_move": "double"},
    )
    assert outs(d, (3, 3)) == expect(
        after(d, red=[36, 36, 84, 84], black=[0, 0, 84, 84]),
        after(d, red=[33, 33, 84, 84]),
    )


# ---------------------------------------------------------------------------
# §4.4 Landing, capacity, cutting


def test_s4_4_moves_past_home_are_illegal() -> None:
    # Red 80 and 82. 4-3: 82+3 = 85, 82+4 = 86 and both sums overshoot; 80+4 = 84 or
    # 80+3 = 83 can use one die only: player's choice.
    d = pagade({"red": [80, 82, 84, 84]}, [True, False, False, False])
    assert outs(d, (4, 3)) == expect(after(d, red=[82, 84, 84, 84]), after(d, red=[82, 83, 84, 84]))
    assert illegal(d, (4, 3), "R82-85")
    assert illegal(d, (4, 3), "R80-84 R82-85")
    assert not illegal(d, (4, 3), "R80-84")


def test_s4_4_no_third_own_pawn_on_a_ring_square() -> None:
    # Red 30, 73 and two on 76 (square 8, stuck without a cut). 3-1: 73+3 = 76 would make
    # three → illegal; p ≥ 77 needs a cut. Both dice: 73+1 & 30+3, or 30 jumps 4.
    d = pagade({"red": [30, 73, 76, 76]}, [False, False, False, False])
    assert outs(d, (3, 1)) == expect(after(d, red=[33, 74, 76, 76]), after(d, red=[34, 73, 76, 76]))


def test_s4_4_single_pawn_never_cuts_a_pair() -> None:
    # Red 20 and 40, black pair on red's 23 (q15). 3-1: 20+3 lands on the pair → illegal.
    # Left: 20+1 & 40+3; 20 jumps 4; 40 jumps 4. (40+1 & 20+3 is illegal.)
    d = pagade({"red": [20, 40, 84, 84], "black": [74, 74, 84, 84]}, [True, True, False, False])
    assert outs(d, (3, 1)) == expect(
        after(d, red=[21, 43, 84, 84]),
        after(d, red=[24, 40, 84, 84]),
        after(d, red=[20, 44, 84, 84]),
    )
    assert illegal(d, (3, 1), "R20-23x R40-41")
    assert illegal(d, (3, 1), "R40-41 R20-23")


def test_s4_4_a_pair_may_not_make_three_on_a_square() -> None:
    # Red pair on 30 and a red pawn on 33. 3-3: the pair together onto 33 would make three;
    # a 30 → 33 and the 33 → 36 (either order) or the jump 30 → 36 give (30, 33, 36);
    # 33 jumps 6 → 39. Two single 3s from the 30s would also make three on 33.
    d = pagade({"red": [30, 30, 33, 84]}, [True, False, False, False])
    assert outs(d, (3, 3)) == expect(after(d, red=[30, 33, 36, 84]), after(d, red=[30, 30, 39, 84]))
    assert illegal(d, (3, 3), "RR30-33")


def test_s4_4_a_single_pawn_cuts_a_single_opponent() -> None:
    # The same with one black pawn on red's 23: 20+3 cuts it, 40+1.
    d = pagade({"red": [20, 40, 84, 84], "black": [74, 1, 2, 3]}, [True, False, False, False])
    assert outs(d, (3, 1)) == expect(
        after(d, red=[23, 41, 84, 84], black=[0, 1, 2, 3]),
        after(d, red=[21, 43, 84, 84]),
        after(d, red=[24, 40, 84, 84]),
        after(d, red=[20, 44, 84, 84]),
    )


def test_s4_4_partners_never_cut_or_share_a_square() -> None:
    # Partnership (red + yellow). Red 20 and 40, yellow single on red's 23 (yellow 57).
    # 20+3 onto the partner is illegal [OP-G10]; the rest as with a pair there.
    d = pagade(
        {"red": [20, 40, 84, 84], "yellow": [57, 1, 2, 3]}, [True, False, False, False], teams=TEAMS
    )
    want = [[21, 43, 84, 84], [24, 40, 84, 84], [20, 44, 84, 84]]
    assert outs(d, (3, 1)) == expect(*[after(d, red=r) for r in want])
    # Two-player game: yellow is the player's own other colour. Red may not land on it, but
    # yellow's pawn is the player's too and may move first and make room.
    two = pagade({"red": [20, 40, 84, 84], "yellow": [57, 84, 84, 84]}, [True, False], players=TWO)
    y = [84, 84, 84]
    assert outs(two, (3, 1)) == expect(
        after(two, red=[23, 40, 84, 84], yellow=[58, *y]),  # yellow +1 first, then 20+3
        after(two, red=[21, 43, 84, 84]),
        after(two, red=[20, 43, 84, 84], yellow=[58, *y]),
        after(two, red=[21, 40, 84, 84], yellow=[60, *y]),
        after(two, red=[20, 41, 84, 84], yellow=[60, *y]),
        after(two, red=[24, 40, 84, 84]),
        after(two, red=[20, 44, 84, 84]),
        after(two, yellow=[61, *y]),
    )
    # Individual game: yellow is an opponent and is cut.
    solo = with_(d, teams=None)
    assert outs(solo, (3, 1)) == expect(
        *[after(solo, red=r) for r in want],
        after(solo, red=[23, 41, 84, 84], yellow=[0, 1, 2, 3]),
    )


def test_s4_4_pawns_at_8_and_76_protect_each_other() -> None:
    # Black 8 (outward) and 76 (homeward) share black's square 8 = R-25: a pair for
    # protection. Red 20 (only movable pawn), 4-1: the jump of 5 onto them is a single pawn
    # landing on a pair → illegal; one die only, either: 24 or 21.
    d = pagade({"red": [20, 84, 84, 84], "black": [8, 76, 84, 84]}, [True, True, False, False])
    assert outs(d, (4, 1)) == expect(after(d, red=[24, 84, 84, 84]), after(d, red=[21, 84, 84, 84]))


def test_s4_4_cut_sets_the_flag_at_once_and_opens_the_belly_in_the_same_throw() -> None:
    # Red pair on 30, red pair on 76 (stuck: no cut yet); black single on red's 33. 3-3:
    # - the 30 pair together → 33, cutting black (both dice spent) → flag true;
    # - one 30 → 33 cuts (flag true at once), then the other 3: the second 30 → 33 (same
    #   position as the pair move) or a 76 → 79, allowed now (§4.5);
    # - one 30 jumps 6 → 36 (over black); 76 moves before a cut are illegal.
    d = pagade({"red": [30, 30, 76, 76], "black": [16, 1, 2, 3]}, [False, False, False, False])
    cut = [True, False, False, False]
    assert outs(d, (3, 3)) == expect(
        after(d, red=[33, 33, 76, 76], black=[0, 1, 2, 3], cut=cut),
        after(d, red=[30, 33, 76, 79], black=[0, 1, 2, 3], cut=cut),
        after(d, red=[30, 36, 76, 76]),
    )


# ---------------------------------------------------------------------------
# §4.5 Belly and Home


def test_s4_5_no_second_lap() -> None:
    # Red 74 with the cut flag; 3-4: one pawn, both dice only as the sum: 81 (belly 3
    # homeward). A second lap would put 74+3 on ring q1, where black 60 stands: no cut.
    d = pagade({"red": [74, 84, 84, 84], "black": [60, 1, 2, 3]}, [True, False, False, False])
    assert ROUTES["pagade"][1][60] == 1
    assert outs(d, (3, 4)) == expect(after(d, red=[81, 84, 84, 84]))


def test_s4_5_without_a_cut_a_pawn_stops_at_76() -> None:
    # No cut: red 72 may reach 73 or 76 but not 77 (72+5). Red's other pawns: belly 1 and 2
    # outward (free to move) and 76 (stuck). 4-1, both dice always usable:
    d = pagade({"red": [1, 2, 72, 76]}, [False, False, False, False])
    assert outs(d, (4, 1)) == expect(
        after(d, red=[2, 2, 76, 76]),  # 72+4 (joins the 76), 1+1
        after(d, red=[1, 3, 76, 76]),  # 72+4, 2+1
        after(d, red=[2, 5, 73, 76]),  # 72+1, 1+4
        after(d, red=[1, 6, 73, 76]),  # 72+1, 2+4
        after(d, red=[3, 5, 72, 76]),  # 1+4, 2+1
        after(d, red=[2, 6, 72, 76]),  # 1+1 & 2+4, or 1 jumps 5
        after(d, red=[1, 7, 72, 76]),  # 2 jumps 5
    )


def test_s4_5_home_by_a_sum_move() -> None:
    # Red's last pawn on 77 (belly 7 homeward), 3-4: 80 or 81 use one die; the sum, 84,
    # uses both: Home, red wins.
    d = pagade({"red": [77, 84, 84, 84]}, [True, False, False, False])
    assert outs(d, (3, 4)) == expect(after(d, red=[84] * 4, finished=[0], winner=[0]))


# ---------------------------------------------------------------------------
# §4.6 Re-entering cut pawns


def test_s4_6_sum_reentry_onto_a_ring_square_cuts_a_single() -> None:
    # One cut red pawn, nothing else movable; black single on red's 12 (q4). 6-6: the sum
    # re-enters on p 12 and cuts it [OP-G13]; a one-die re-entry uses only one die.
    d = pagade({"red": [0, 84, 84, 84], "black": [63, 1, 2, 3]}, [True, True, False, False])
    assert outs(d, (6, 6)) == expect(after(d, red=[12, 84, 84, 84], black=[0, 1, 2, 3]))
    # Red's 12 (q4) is X-marked: with safe_x_squares the sum may not land there; one die.
    x = with_(d, options={"safe_x_squares": True})
    assert outs(x, (6, 6)) == expect(after(x, red=[6, 84, 84, 84]))


def test_s4_6_sum_reentry_cannot_cut_a_pair() -> None:
    # As before with a black pair on red's 12: the sum may not land there; one die: 6.
    d = pagade({"red": [0, 84, 84, 84], "black": [63, 63, 84, 84]}, [True, True, False, False])
    assert outs(d, (6, 6)) == expect(after(d, red=[6, 84, 84, 84]))


def test_s4_6_sum_reentry_not_onto_a_partner() -> None:
    # [OP-G13] Partnership: yellow (partner) single on red's 12 (yellow 46 = q4). Red's one
    # cut pawn may not re-enter onto it with the sum 12; one die: belly 6.
    assert ROUTES["pagade"][2][46] == ROUTES["pagade"][0][12]
    d = pagade(
        {"red": [0, 84, 84, 84], "yellow": [46, 1, 2, 3]}, [True, True, False, False], teams=TEAMS
    )
    assert outs(d, (6, 6)) == expect(after(d, red=[6, 84, 84, 84]))
    assert illegal(d, (6, 6), "R0-12")


def test_s4_6_sum_reentry_not_onto_two_own_pawns() -> None:
    # Red: one cut pawn and a pair on 12. 6-6: the sum onto 12 would make three → illegal;
    # the pair may not move before the cut pawn is back; so re-enter with a 6 (belly 6),
    # then the other 6 moves one pawn of the pair (12 → 18). (A pair move needs both dice.)
    d = pagade({"red": [0, 12, 12, 84]}, [True, True, False, False])
    assert outs(d, (6, 6)) == expect(after(d, red=[6, 12, 18, 84]))


def test_s4_6_reentry_with_one_die_goes_to_belly_square_v() -> None:
    # One cut pawn and pawns already on belly 6: the 6 re-enters on belly square 6 (always
    # legal; belly squares are unlimited). Check the first steps offered.
    d = pagade({"red": [0, 6, 6, 6]}, [False, True, False, False])
    turn = Turn(Position.from_dict(d), (6, 1))
    firsts = {(a.kind, a.frm, a.to) for a in turn.legal_steps()}
    # re-entry with 6 → 6, with 1 → 1, with the sum → 7 (belly 7); nothing else first.
    assert firsts == {("enter", 0, 6), ("enter", 0, 1), ("enter", 0, 7)}
    # Outcomes: re-enter 6 then a 6 → 7, or the sum (same); re-enter 1 then a 6 → 12.
    assert outs(d, (6, 1)) == expect(after(d, red=[6, 6, 6, 7]), after(d, red=[1, 6, 6, 12]))


def test_s4_6_three_cut_pawns_two_reenter_one_waits() -> None:
    d = pagade({"red": [0, 0, 0, 84]}, [True, True, False, False])
    assert outs(d, (1, 3)) == expect(after(d, red=[0, 1, 3, 84]))
    assert outs(d, (6, 6)) == expect(after(d, red=[0, 6, 6, 84]))


def test_s4_6_a_cut_pawn_of_one_colour_holds_back_the_other_colour() -> None:
    # Two-player game: red has a cut pawn, yellow a pawn on 20. 1-3: re-enter with 1 and
    # yellow 20+3, or with 3 and yellow 20+1, or with the sum on belly 4. Yellow may not move
    # first.
    d = pagade({"red": [0, 84, 84, 84], "yellow": [20, 84, 84, 84]}, [True, True], players=TWO)
    assert outs(d, (1, 3)) == expect(
        after(d, red=[1, 84, 84, 84], yellow=[23, 84, 84, 84]),
        after(d, red=[3, 84, 84, 84], yellow=[21, 84, 84, 84]),
        after(d, red=[4, 84, 84, 84]),
    )


def test_s4_6_hops_reenter_then_move_on() -> None:
    # sum_move "hops": one cut pawn and a pawn on 20, 3-6: re-enter with 3 then 20+6 or the
    # new pawn 3+6 = 9; re-enter with 6 then 20+3 or 6+3 = 9. No sum re-entry as such.
    d = pagade({"red": [0, 20, 84, 84]}, [True, True, False, False], options={"sum_move": "hops"})
    assert outs(d, (3, 6)) == expect(
        after(d, red=[3, 26, 84, 84]),
        after(d, red=[6, 23, 84, 84]),
        after(d, red=[9, 20, 84, 84]),
    )


def test_s4_6_two_cut_pawns_under_hops_one_per_die() -> None:
    # With two cut pawns each die re-enters one of them, under "hops" too; the pawn on 20
    # waits. 4-6 → belly 4 and belly 6.
    d = pagade({"red": [0, 0, 20, 84]}, [True, True, False, False], options={"sum_move": "hops"})
    assert outs(d, (4, 6)) == expect(after(d, red=[4, 6, 20, 84]))


# ---------------------------------------------------------------------------
# §4.7 Using the throw


def test_s4_7_one_die_players_choice_no_larger_die_rule() -> None:
    # Red's last pawn on 78: 81 or 82, the sum 85 overshoots. Either die [OP-G7].
    d = pagade({"red": [78, 84, 84, 84]}, [True, False, False, False])
    assert outs(d, (3, 4)) == expect(after(d, red=[81, 84, 84, 84]), after(d, red=[82, 84, 84, 84]))


def test_s4_7_both_dice_when_possible() -> None:
    # Red 79 and 83, 4-1: 79+4 = 83 and 83+1 = 84 use both; so does 79 jumping 5 to Home,
    # with the same result. 79+1 = 80 alone would leave the 4 useless (83+4 overshoots) and
    # is not allowed when both dice can be used.
    d = pagade({"red": [79, 83, 84, 84]}, [True, False, False, False])
    assert outs(d, (4, 1)) == expect(after(d, red=[83, 84, 84, 84]))


def test_s4_7_nothing_usable_passes() -> None:
    d = pagade({"red": [75, 75, 76, 76]}, [False, False, False, False])
    assert outs(d, (3, 3)) == expect(unchanged(d))


# ---------------------------------------------------------------------------
# §4.8 After the throw


def test_s4_8_partners_cut_flag_does_not_count() -> None:
    # Partnership; yellow (partner) has cut, red has not [OP-G16]. Red 73, 75, 76, 76; 1-3:
    # 73+3 and 75+1 would put a third pawn on square 8; 75+3, 76+x and every sum need
    # red's own flag. Only 73+1 is left (one die).
    d = pagade({"red": [73, 75, 76, 76]}, [False, False, True, False], teams=TEAMS)
    assert outs(d, (1, 3)) == expect(after(d, red=[74, 75, 76, 76]))
    # An opponent's flag does not count either.
    o = pagade({"red": [73, 75, 76, 76]}, [False, True, False, False])
    assert outs(o, (1, 3)) == expect(after(o, red=[74, 75, 76, 76]))


def test_s4_8_two_player_flag_covers_both_colours() -> None:
    # Two-player game: player 0 has cut (red's doing, say); yellow 75 may turn in: 3-1 → the
    # sum 79 (one pawn). Without the flag it could only reach 76 with the 1.
    d = pagade({"red": [84] * 4, "yellow": [75, 84, 84, 84]}, [True, False], players=TWO)
    assert outs(d, (3, 1)) == expect(after(d, yellow=[79, 84, 84, 84]))


def test_s4_8_finished_partner_is_skipped() -> None:
    # Partnership: red (0) has finished, yellow not. Green (3) throws: next is black (1).
    d = pagade(
        {"red": [84] * 4, "green": [30, 84, 84, 84]},
        [True, False, False, True],
        teams=TEAMS,
        finished=[0],
        to_move=3,
    )
    assert outs(d, (1, 1)) == expect(after(d, green=[32, 84, 84, 84], to_move=1))
    # Black (1) throws: next is yellow (2), then … ; yellow throws: next green (3).
    d1 = pagade(
        {"red": [84] * 4, "black": [30, 84, 84, 84]},
        [True, True, False, False],
        teams=TEAMS,
        finished=[0],
        to_move=1,
    )
    assert outs(d1, (1, 1)) == expect(after(d1, black=[32, 84, 84, 84], to_move=2))
