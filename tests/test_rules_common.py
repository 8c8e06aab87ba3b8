"""RULES.md §3 (rules common to all rulesets), section by section.

Expected outcomes are worked out by hand from RULES.md; each test says why.
"""

from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any

import pytest

from pachisi import (
    Game,
    Position,
    PositionError,
    Setup,
    ThrowError,
    Turn,
    dice_for,
    first_player,
    legal_plays,
)
from rules_helpers import after, eight, expect, family, outs, pagade, unchanged, with_


def players_dict(
    ruleset: str, players: list[list[str]], teams: Any = None, majors: list[str] | None = None
) -> dict[str, Any]:
    """A start-like position for an explicit configuration (validation tests)."""
    home0 = 0 if ruleset != "pagade" else None
    pl: list[dict[str, Any]] = []
    for i, cs in enumerate(players):
        obj: dict[str, Any] = {"colours": list(cs)}
        if majors is not None:
            obj["major"] = majors[i]
        pl.append(obj)
    colours = [c for cs in players for c in cs]
    start = [6, 7, 12, 12] if ruleset == "pagade" else [home0] * 4
    return {
        "ruleset": ruleset,
        "options": {},
        "players": pl,
        "teams": teams,
        "pawns": {c: list(start) for c in colours},
        "to_move": 0,
        "doubles": 0,
        "cut": [False] * len(players) if ruleset == "pagade" else None,
        "finished": [],
        "winner": None,
    }


def rejected(d: dict[str, Any], field: str | set[str]) -> None:
    with pytest.raises(PositionError) as err:
        Position.from_dict(d)
    fields = {field} if isinstance(field, str) else field
    assert err.value.field in fields, str(err.value)


# ---------------------------------------------------------------------------
# §3.1 Players, seats, partners


@pytest.mark.parametrize(
    ("ruleset", "players", "teams"),
    [
        ("pagade", [["red"], ["black"], ["yellow"], ["green"]], None),
        ("pagade", [["yellow"], ["green"], ["red"], ["black"]], None),  # start anywhere
        ("pagade", [["red"], ["black"], ["yellow"], ["green"]], [[0, 2], [1, 3]]),
        ("pagade", [["red"], ["black"], ["yellow"], ["green"]], [[3, 1], [2, 0]]),  # order free
        ("pagade", [["red", "yellow"], ["black", "green"]], None),
        ("pagade", [["green", "black"], ["yellow", "red"]], None),
        ("parcheesi", [["red"], ["blue"]], None),
        ("parcheesi", [["blue"], ["red"]], None),
        ("parcheesi", [["green"], ["yellow"]], None),  # neighbours: any distinct colours
        ("parcheesi", [["red"], ["yellow"], ["blue"]], None),
        ("parcheesi", [["green"], ["yellow"], ["red"]], None),
        ("parcheesi", [["red"], ["green"], ["yellow"], ["blue"]], None),
        ("parcheesi", [["yellow"], ["blue"], ["red"], ["green"]], [[0, 2], [1, 3]]),
        ("parcheesi", [["red"], ["green"], ["yellow"], ["blue"]], [[1, 3], [2, 0]]),
        ("whitman", [["red"], ["blue"]], None),
        ("whitman", [["blue"], ["green"], ["yellow"]], None),
        ("whitman", [["red"], ["green"], ["yellow"], ["blue"]], None),
    ],
)
def test_s3_1_allowed_configurations(ruleset: str, players: list[list[str]], teams: Any) -> None:
    # §3.1 table; one-colour players in the cyclic turn order (pagade red → black → yellow
    # → green; the Parcheesi family clockwise red → green → yellow → blue), starting anywhere
    # and leaving out seats not in play.
    pos = Position.from_dict(players_dict(ruleset, players, teams))
    assert len(pos.setup.players) == len(players)


def test_s3_1_eight_man_configuration() -> None:
    for majors in (["red", "blue"], ["yellow", "green"], ["red", "green"]):
        Position.from_dict(
            players_dict("eight-man", [["red", "yellow"], ["blue", "green"]], majors=majors)
        )
    Position.from_dict(
        players_dict("eight-man", [["blue", "green"], ["yellow", "red"]], majors=["green", "red"])
    )


@pytest.mark.parametrize(
    ("ruleset", "players", "teams", "majors", "field"),
    [
        ("pagade", [["red"], ["black"], ["yellow"]], None, None, "players"),
        ("pagade", [["red"], ["yellow"], ["black"], ["green"]], None, None, "players"),
        ("pagade", [["red"], ["green"], ["yellow"], ["black"]], None, None, "players"),  # reversed
        ("pagade", [["red", "black"], ["yellow", "green"]], None, None, "players"),
        ("pagade", [["red", "yellow"], ["black", "green"]], [[0], [1]], None, "teams"),
        ("pagade", [["red", "yellow"], ["black", "green"]], [[0, 1]], None, "teams"),
        ("pagade", [["red"], ["black"], ["yellow"], ["green"]], [[0, 1], [2, 3]], None, "teams"),
        ("pagade", [["red"], ["black"], ["yellow"], ["green"]], [[0, 2]], None, "teams"),
        ("pagade", [["red"], ["red"], ["yellow"], ["green"]], None, None, "players"),
        ("pagade", [["red"], ["blue"], ["yellow"], ["green"]], None, None, "players"),
        ("parcheesi", [["red"]], None, None, "players"),
        ("parcheesi", [["red"], ["blue"], ["yellow"]], None, None, "players"),  # not clockwise
        ("whitman", [["blue"], ["yellow"], ["green"]], None, None, "players"),
        ("parcheesi", [["red"], ["blue"], ["yellow"], ["green"]], None, None, "players"),
        ("parcheesi", [["red"], ["red"]], None, None, "players"),
        ("parcheesi", [["red"], ["black"]], None, None, "players"),
        ("parcheesi", [["red", "yellow"], ["blue", "green"]], None, None, "players"),
        ("parcheesi", [["red"], ["yellow"]], [[0, 1]], None, "teams"),
        ("parcheesi", [["red"], ["green"], ["yellow"]], [[0, 2], [1]], None, "teams"),
        ("parcheesi", [["red"], ["green"], ["yellow"], ["blue"]], [[0, 1], [2, 3]], None, "teams"),
        ("whitman", [["red"], ["green"], ["yellow"], ["blue"]], [[0, 2], [1, 3]], None, "teams"),
        ("whitman", [["red", "yellow"], ["blue", "green"]], None, None, "players"),
        ("eight-man", [["red", "yellow"], ["blue", "green"]], None, ["red", "yellow"], "players"),
        ("eight-man", [["red", "blue"], ["yellow", "green"]], None, ["red", "yellow"], "players"),
        ("eight-man", [["red"], ["blue"]], None, ["red", "blue"], "players"),
        ("eight-man", [["red", "yellow"], ["blue", "green"]], [[0, 1]], ["red", "blue"], "teams"),
        ("eight-man", [["red", "yellow"], ["blue", "green"]], None, ["black", "blue"], "players"),
    ],
)
def test_s3_1_rejected_configurations(
    ruleset: str, players: list[list[str]], teams: Any, majors: list[str] | None, field: str
) -> None:
    d = players_dict(ruleset, players, teams, majors)
    rejected(d, field)


def test_s3_1_eight_man_needs_a_major_for_each_player() -> None:
    d = players_dict("eight-man", [["red", "yellow"], ["blue", "green"]], majors=["red", "blue"])
    del d["players"][1]["major"]
    rejected(d, "players")


def test_s3_1_friendly_colours() -> None:
    # Friendly: played by the same player, or by partners; all others are opponents.
    two = Setup.create("pagade", players=[["red", "yellow"], ["black", "green"]])
    f = two.friendly  # pagade arms: red 0, black 1, yellow 2, green 3
    assert f[0][2] and f[2][0] and f[1][3] and not f[0][1] and not f[2][3]
    team = Setup.create(
        "parcheesi", players=[["red"], ["green"], ["yellow"], ["blue"]], teams=[[0, 2], [1, 3]]
    )
    f = team.friendly  # arms: red 0, blue 1, yellow 2, green 3
    assert f[0][2] and f[1][3] and not f[0][3] and not f[0][1] and not f[2][1]
    solo = Setup.create("parcheesi", players=[["red"], ["green"], ["yellow"], ["blue"]])
    assert not any(solo.friendly[a][b] for a in range(4) for b in range(4) if a != b)
    em = Setup.create("eight-man")
    assert em.friendly[0][2] and em.friendly[1][3] and not em.friendly[0][1]


def test_s3_1_only_the_colours_of_the_players_are_in_play() -> None:
    d = family("parcheesi", {"red": [0, 0, 0, 0]}, players=["red", "blue"])
    Position.from_dict(d)
    extra = copy.deepcopy(d)
    extra["pawns"]["green"] = [0, 0, 0, 0]
    rejected(extra, "pawns")
    missing = copy.deepcopy(d)
    del missing["pawns"]["blue"]
    rejected(missing, "pawns")


def test_s3_1_a_player_moves_only_his_own_colour() -> None:
    # Green (player 1) throws 1-2 with one pawn on 10: it takes both (13); red's pawn,
    # which could move, stays. (No 5, so nothing enters.)
    d = family("parcheesi", {"red": [20, 72, 72, 72], "green": [10, 72, 72, 72]}, to_move=1)
    assert outs(d, (1, 2)) == expect(after(d, green=[13, 72, 72, 72], to_move=2))


def test_s3_1_a_player_does_not_move_his_partners_pawns() -> None:
    # Team game, red + yellow partners. Red has nothing that can use 1-2 (all in the nest or
    # HOME); yellow's pawn on 20 could, but it is not red's: nothing moves.
    d = family("parcheesi", {"red": [0, 0, 0, 72], "yellow": [20, 0, 0, 0]}, teams=[[0, 2], [1, 3]])
    assert outs(d, (1, 2)) == expect(unchanged(d))


def test_s3_1_pagade_turns_follow_the_seats() -> None:
    # Pagade: red → black → yellow → green → red. Green (player 3) throws: red is next.
    d = pagade({"green": [30, 84, 84, 84]}, [False, False, False, True], to_move=3)
    assert outs(d, (1, 1)) == expect(after(d, green=[32, 84, 84, 84], to_move=0))
    # listed starting at yellow: the list order is the turn order
    d2 = pagade(
        {"yellow": [30, 84, 84, 84]},
        [False, True, False, False],
        to_move=0,
        players=[["yellow"], ["green"], ["red"], ["black"]],
    )
    d2["cut"] = [True, False, False, False]
    assert outs(d2, (1, 1)) == expect(after(d2, yellow=[32, 84, 84, 84], to_move=1))


def test_s3_1_two_players_alternate() -> None:
    # Parcheesi with blue (player 0) and red (player 1): after blue's throw red throws.
    d = family("parcheesi", {"blue": [10, 72, 72, 72]}, players=["blue", "red"])
    assert outs(d, (1, 2)) == expect(after(d, blue=[13, 72, 72, 72], to_move=1))
    d1 = with_(d, to_move=1)
    assert outs(d1, (1, 2)) == expect(unchanged(d1, to_move=0))


# ---------------------------------------------------------------------------
# §3.2 Throws and plays


def test_s3_2_stick_dice_and_six_sided_dice() -> None:
    # Pagade: two four-sided stick dice 1, 3, 4, 6; others two d6; every face equally likely.
    sticks = dice_for("pagade")
    assert sorted(t for t, _ in sticks.outcomes()) == [
        (a, b) for a in (1, 3, 4, 6) for b in (1, 3, 4, 6)
    ]
    assert all(p == Fraction(1, 16) for _, p in sticks.outcomes())
    for ruleset in ("whitman", "parcheesi", "eight-man"):
        d6 = dice_for(ruleset)
        assert sorted(t for t, _ in d6.outcomes()) == [
            (a, b) for a in range(1, 7) for b in range(1, 7)
        ]
        assert all(p == Fraction(1, 36) for _, p in d6.outcomes())
        dist = dict(d6.distinct())
        assert sum(dist.values()) == 1 and dist[(3, 3)] == Fraction(1, 36)
        assert dist[(2, 5)] == Fraction(1, 18)
    dist = dict(sticks.distinct())
    assert dist[(4, 4)] == Fraction(1, 16) and dist[(1, 6)] == Fraction(1, 8)


def test_s3_2_faces_the_dice_do_not_have_are_rejected() -> None:
    pg = Position.start("pagade")
    for bad in [(2, 1), (1, 5), (0, 3), (6, 7)]:
        with pytest.raises(ThrowError):
            legal_plays(pg, bad)
        with pytest.raises(ThrowError):
            Turn(pg, bad)
    pc = Position.start("parcheesi")
    for bad in [(0, 1), (7, 2), (True, 1), (1,), (1, 2, 3), (1.0, 2)]:
        with pytest.raises(ThrowError):
            legal_plays(pc, bad)  # type: ignore[arg-type]
    for ok in [(1, 6), (6, 6)]:
        legal_plays(pc, ok)
    for ok in [(3, 6), (4, 4), (1, 1)]:
        legal_plays(pg, ok)


@pytest.mark.parametrize("d", [1, 2, 3, 4, 5, 6])
def test_s3_2_bottom_face_is_seven_minus_top(d: int) -> None:
    # §3.2/§5.2: with every pawn entered a doublet d-d gives d, d, 7−d, 7−d = 14 in all;
    # red's only pawn on the board (10) takes everything → 24. Extra throw.
    s = family("parcheesi", {"red": [10, 72, 72, 72]})
    assert outs(s, (d, d)) == expect(after(s, red=[24, 72, 72, 72], to_move=0, doubles=1))


def test_s3_2_interchangeable_pawns_give_one_outcome() -> None:
    # Red pawns on 20, 20 (a pair), throw 1-3 in Pagade: moving "either" pawn of the pair is
    # the same outcome. Plays: 1 and 3 to the two pawns (21, 23); one pawn jumps 4 (20, 24).
    d = pagade({"red": [20, 20, 84, 84]}, [True, False, False, False])
    assert outs(d, (1, 3)) == expect(after(d, red=[21, 23, 84, 84]), after(d, red=[20, 24, 84, 84]))


# ---------------------------------------------------------------------------
# §3.3 After the throw: who throws next


def test_s3_3_doublet_same_player_doubles_plus_one() -> None:
    # Parcheesi, doubles 1, red's only pawn on 30 throws 2-2 → 2, 2, 5, 5 → 44; doubles 2.
    d = family("parcheesi", {"red": [30, 72, 72, 72]}, doubles=1)
    assert outs(d, (2, 2)) == expect(after(d, red=[44, 72, 72, 72], to_move=0, doubles=2))


def test_s3_3_non_doublet_resets_doubles() -> None:
    d = family("parcheesi", {"red": [30, 72, 72, 72]}, doubles=2)
    assert outs(d, (2, 1)) == expect(after(d, red=[33, 72, 72, 72], to_move=1, doubles=0))


def test_s3_3_finished_players_are_skipped() -> None:
    # Team game (red + yellow vs green + blue); green (player 1) has finished without his
    # partner. Red's pawn on 20 takes 1-2 → 23; next is yellow (2): green is skipped.
    d = family(
        "parcheesi",
        {"red": [20, 72, 72, 72], "green": [72] * 4},
        teams=[[0, 2], [1, 3]],
        finished=[1],
    )
    assert outs(d, (1, 2)) == expect(after(d, red=[23, 72, 72, 72], to_move=2))
    # Blue (3) throws next after yellow; wrapping round, red (0) follows blue.
    d3 = family(
        "parcheesi",
        {"blue": [20, 72, 72, 72], "green": [72] * 4},
        teams=[[0, 2], [1, 3]],
        finished=[1],
        to_move=3,
    )
    assert outs(d3, (1, 2)) == expect(after(d3, blue=[23, 72, 72, 72], to_move=0))
    # Red (0) has finished: blue's throw passes to green (1).
    d4 = family(
        "parcheesi",
        {"blue": [20, 72, 72, 72], "red": [72] * 4},
        teams=[[0, 2], [1, 3]],
        finished=[0],
        to_move=3,
    )
    assert outs(d4, (1, 2)) == expect(after(d4, blue=[23, 72, 72, 72], to_move=1))


def test_s3_3_to_move_after_the_end_of_the_game_op_x4() -> None:
    # 3 players red, green, yellow. Yellow (player 2) has one pawn on 69, throws 3-1: only
    # one die is usable (69+1 leaves the 3 useless, 73 past HOME) → the larger, 3, HOME: yellow
    # wins; to_move is the next unfinished player by the ordinary rule: red (0).
    d = family(
        "parcheesi", {"yellow": [69, 72, 72, 72]}, players=["red", "green", "yellow"], to_move=2
    )
    assert outs(d, (3, 1)) == expect(after(d, yellow=[72] * 4, finished=[2], winner=[2], to_move=0))


# ---------------------------------------------------------------------------
# §3.4 A throw that cannot be used


def test_s3_4_nothing_moves_and_the_turn_passes() -> None:
    # Parcheesi, every red pawn in the nest, 1-2 (total 3, not 5): nothing can move.
    d = family("parcheesi", {})
    assert outs(d, (1, 2)) == expect(unchanged(d))
    pos = Position.from_dict(d)
    [play] = pos.legal_plays((1, 2))
    assert play.actions == () and play.notation == "-"
    assert pos.play((1, 2), "-") == play.position


def test_s3_4_pagade_pass() -> None:
    # Pagade, red has not cut: 73 and 75 cannot turn into the belly, the 76s cannot move;
    # 4-6: 77, 79, 79, 81, 80, 82 … all p ≥ 77 → nothing moves, black throws.
    d = pagade({"red": [73, 75, 76, 76]}, [False, False, False, False])
    assert outs(d, (4, 6)) == expect(unchanged(d))


def test_s3_4_unusable_doublet_in_parcheesi_keeps_the_extra_throw() -> None:
    # All red pawns in the nest, 2-2 (tops only): nothing moves; "nothing" → throw again.
    d = family("parcheesi", {})
    assert outs(d, (2, 2)) == expect(unchanged(d, to_move=0, doubles=1))


# ---------------------------------------------------------------------------
# §3.5 Finishing, winner, end of the game


def test_s3_5_individual_winner() -> None:
    # Red's last pawn on 70; 2-1: two numbers cannot both be used (73); the larger, 2 → HOME.
    d = family("parcheesi", {"red": [70, 72, 72, 72], "green": [30, 72, 72, 72]})
    assert outs(d, (2, 1)) == expect(after(d, red=[72] * 4, finished=[0], winner=[0]))


def test_s3_5_team_wins_when_both_partners_finish() -> None:
    # Team game: yellow (2) finished earlier; red's last pawn goes HOME (larger die 3):
    # finished [2, 0]; winner the team in ascending order [0, 2]; next player green (1).
    d = family(
        "parcheesi",
        {"red": [69, 72, 72, 72], "yellow": [72] * 4},
        teams=[[0, 2], [1, 3]],
        finished=[2],
    )
    assert outs(d, (3, 1)) == expect(
        after(d, red=[72] * 4, finished=[2, 0], winner=[0, 2], to_move=1)
    )


def test_s3_5_one_partner_finishing_is_no_win() -> None:
    # Team game: red finishes, yellow has not: finished [0], no winner; the game goes on.
    d = family(
        "parcheesi", {"red": [69, 72, 72, 72], "yellow": [0, 72, 72, 72]}, teams=[[0, 2], [1, 3]]
    )
    [res] = outs(d, (3, 1))
    assert res == after(d, red=[72] * 4, finished=[0], to_move=1)
    pos = Position.from_dict(d).legal_plays((3, 1))[0].position
    assert not pos.is_over


def test_s3_5_pagade_partnership_win_and_skip() -> None:
    # Pagade partners red (0) + yellow (2). Red has finished. Yellow's last pawn on belly 1
    # homeward (p 83) goes Home with the 1 (the 3 cannot be used at all; 84 needs exactly 1).
    # The team is complete → winner [0, 2]; next unfinished player is green (3).
    d = pagade(
        {"red": [84] * 4, "yellow": [83, 84, 84, 84]},
        [True, False, True, False],
        teams=[[0, 2], [1, 3]],
        finished=[0],
        to_move=2,
    )
    assert outs(d, (1, 3)) == expect(
        after(d, yellow=[84] * 4, finished=[0, 2], winner=[0, 2], to_move=3)
    )


def test_s3_5_pagade_two_player_finishes_only_with_both_colours_home() -> None:
    # Player 0 plays red + yellow. Red all Home, yellow one pawn on 83: not finished yet.
    d = pagade(
        {"red": [84] * 4, "yellow": [83, 84, 84, 84]},
        [True, False],
        players=[["red", "yellow"], ["black", "green"]],
    )
    Position.from_dict(d)
    rejected(with_(d, finished=[0], winner=[0]), "finished")
    # The 1 takes yellow's last pawn Home: now player 0 finishes and wins.
    assert outs(d, (1, 3)) == expect(after(d, yellow=[84] * 4, finished=[0], winner=[0]))


def test_s3_5_a_throw_after_the_game_is_over_is_an_error() -> None:
    d = family(
        "parcheesi", {"red": [72] * 4, "green": [30, 0, 0, 0]}, finished=[0], winner=[0], to_move=1
    )
    pos = Position.from_dict(d)
    assert pos.is_over
    with pytest.raises(ThrowError):
        legal_plays(pos, (1, 2))
    with pytest.raises(ThrowError):
        Turn(pos, (1, 2))
    game = Game(pos)
    with pytest.raises(ThrowError):
        game.set_throw((1, 2))
    with pytest.raises(ThrowError):
        game.roll()


def test_s3_5_play_for_places_later_finishers_are_appended() -> None:
    # pagade, play_for_places: red (0) won; black (1) finishes second; the game goes on.
    d = pagade(
        {"red": [84] * 4, "black": [83, 84, 84, 84]},
        [True, True, False, False],
        options={"play_for_places": True},
        finished=[0],
        winner=[0],
        to_move=1,
    )
    pos = Position.from_dict(d)
    assert not pos.is_over
    # 1-1: black's 83 + 1 → Home (the other 1 has no use; a pair move needs two pawns on 83).
    [res] = outs(d, (1, 1))
    assert res == after(d, black=[84] * 4, finished=[0, 1], winner=[0], to_move=2)


# §3.5 dead end [OP-X5]: written from the rule, throw by throw, to check the engine's predicate.
JAM = [75, 75, 76, 76]  # every pawn against its square 8, before the belly


def spec_dead_end(pos: Position) -> bool:
    """RULES.md §3.5 read literally: every player still in the game, every throw (all 16
    ordered throws), has one outcome only, and it leaves every pawn where it stands."""
    if pos.is_decided:
        return False
    for i in range(len(pos.setup.players)):
        if i in pos.finished:
            continue
        seat = Position.from_dict({**pos.to_dict(), "to_move": i})
        for throw, _ in dice_for(pos.ruleset).outcomes():
            plays = legal_plays(seat, throw)
            if len(plays) != 1 or plays[0].position.pawns != pos.pawns:
                return False
    return True


def test_s3_5_dead_end_two_players_nobody_finished_is_a_draw() -> None:
    d = pagade(
        {c: JAM for c in ("red", "black", "yellow", "green")},
        [False, False],
        players=[["red", "yellow"], ["black", "green"]],
    )
    pos = Position.from_dict(d)
    assert spec_dead_end(pos)
    assert pos.is_dead_end and pos.is_over and not pos.is_decided
    assert pos.winner is None and pos.places == ((0, 1),)
    # `pachisi moves` (legal_plays) still answers with the one passing outcome ...
    [play] = legal_plays(pos, (3, 1))
    assert play.actions == () and play.position.pawns == pos.pawns
    assert play.position.to_move == 1
    # ... but a game ends there.
    game = Game(pos)
    assert game.is_over
    with pytest.raises(ThrowError, match="dead end"):
        game.roll()
    with pytest.raises(ThrowError, match="dead end"):
        game.set_throw((1, 1))
    assert game.outcome().startswith("drawn")


def test_s3_5_dead_end_after_a_winner_the_others_share_the_places_left() -> None:
    # play_for_places: red (0) home and won; black, yellow, green jammed, none has cut.
    d = pagade(
        {"red": [84] * 4, "black": JAM, "yellow": JAM, "green": JAM},
        [True, False, False, False],
        options={"play_for_places": True},
        finished=[0],
        winner=[0],
        to_move=1,
    )
    pos = Position.from_dict(d)
    assert spec_dead_end(pos)
    assert pos.is_dead_end and pos.is_over
    assert pos.places == ((0,), (1, 2, 3))
    assert "share the places left" in Game(pos).outcome()


def test_s3_5_one_player_able_to_move_is_no_dead_end() -> None:
    # The same jam, but black has cut: its pawns may go into the belly, so it can move.
    d = pagade({c: JAM for c in ("red", "black", "yellow", "green")}, [False, True, False, False])
    pos = Position.from_dict(d)
    assert not spec_dead_end(pos)
    assert not pos.is_dead_end and not pos.is_over
    assert pos.places == ()
    # Only the player to move being stuck is not enough either (red passes, black moves).
    assert len(legal_plays(pos, (1, 1))) == 1 and legal_plays(pos, (1, 1))[0].actions == ()


def test_s3_5_no_dead_end_in_the_parcheesi_family() -> None:
    # Every pawn in the nest, every entry space closed by nobody: a 5 enters, never stuck.
    pos = Position.start("parcheesi", players=2)
    assert not pos.is_dead_end and not pos.is_over


@pytest.mark.parametrize("seed", range(4))
def test_s3_5_dead_end_predicate_agrees_with_the_rule_on_near_jams(seed: int) -> None:
    # A colour is stuck for good only as 75, 75, 76, 76 without a cut (a 1 from 75 needs room
    # on 76, a 3 from 73 too; 77 and beyond need a cut). Random Pagade positions where most
    # colours are jammed and some are one pawn off, some players have cut, either sum_move:
    # about half are dead ends. The engine's predicate must match the rule read literally.
    rng = random.Random(seed)
    seen = {True: 0, False: 0}
    tried = 0
    while tried < 30:
        two = rng.random() < 0.5
        players = [["red", "yellow"], ["black", "green"]] if two else None
        cut = [rng.random() < 0.1 for _ in range(2 if two else 4)]
        pawns: dict[str, list[int]] = {}
        for c in ("red", "black", "yellow", "green"):
            jam = list(JAM)
            if rng.random() < 0.2:
                jam[rng.randrange(4)] = rng.randint(60, 84)
            pawns[c] = sorted(jam)
        d = pagade(pawns, cut, players=players, options={"sum_move": rng.choice(["jump", "hops"])})
        try:
            pos = Position.from_dict(d)
        except PositionError:
            continue
        tried += 1
        expected = spec_dead_end(pos)
        assert pos.is_dead_end == expected, pos.to_text()
        assert pos.is_over == expected
        seen[expected] += 1
    assert seen[True] > 0 and seen[False] > 0


# ---------------------------------------------------------------------------
# §3.6 Valid positions

PG_BASE = pagade({"red": [20, 30, 84, 84]}, [True, False, False, False])
PC_BASE = family("parcheesi", {"red": [20, 30, 72, 72]})
FIELDS = (
    "ruleset",
    "options",
    "players",
    "teams",
    "pawns",
    "to_move",
    "doubles",
    "cut",
    "finished",
    "winner",
)


def test_s3_6_bases_are_valid() -> None:
    Position.from_dict(PG_BASE)
    Position.from_dict(PC_BASE)


@pytest.mark.parametrize("field", FIELDS)
def test_s3_6_1_every_field_is_required(field: str) -> None:
    for base in (PG_BASE, PC_BASE):
        d = copy.deepcopy(base)
        del d[field]
        rejected(d, field)


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ruleset", 5),
        ("ruleset", None),
        ("options", []),
        ("players", {}),
        ("players", "red"),
        ("players", [["red"]]),
        ("teams", "none"),
        ("teams", {}),
        ("pawns", []),
        ("pawns", None),
        ("to_move", "0"),
        ("to_move", True),
        ("to_move", 0.0),
        ("to_move", None),
        ("doubles", "0"),
        ("doubles", False),
        ("doubles", None),
        ("cut", "none"),
        ("cut", False),
        ("finished", None),
        ("finished", {}),
        ("finished", [False]),
        ("winner", 0),
        ("winner", "0"),
        ("winner", {}),
    ],
)
def test_s3_6_1_fields_must_have_the_right_json_types(field: str, value: Any) -> None:
    rejected(with_(PC_BASE, **{field: value}), field)


def test_s3_6_1_pagade_cut_must_be_a_list_of_booleans() -> None:
    for bad in (None, "yes", [True, False, False], [1, 0, 0, 0], [True, False, False, None]):
        rejected(with_(PG_BASE, cut=bad), "cut")


def test_s3_6_unknown_members_are_ignored() -> None:
    d = with_(PC_BASE, comment="hello", history=[1, 2, 3])
    assert Position.from_dict(d) == Position.from_dict(PC_BASE)


def test_s3_6_2_ruleset_must_be_one_of_the_known() -> None:
    for bad in ("chaupar", "Ludo", "Parcheesi", "eight_man", ""):
        rejected(with_(PC_BASE, ruleset=bad), "ruleset")


@pytest.mark.parametrize(
    ("pawns", "ok"),
    [
        ({"red": [20, 30, 72, 72]}, True),
        ({"red": [0, 0, 0, 72]}, True),
        ({"red": [20, 30, 72]}, False),
        ({"red": [20, 30, 72, 72, 72]}, False),
        ({"red": [20, 30, 72, 73]}, False),
        ({"red": [-1, 30, 72, 72]}, False),
        ({"red": ["20", 30, 72, 72]}, False),
        ({"red": [20.0, 30, 72, 72]}, False),
        ({"red": [True, 30, 72, 72]}, False),
        ({"red": "20,30,72,72"}, False),
    ],
)
def test_s3_6_4_parcheesi_pawns(pawns: dict[str, Any], ok: bool) -> None:
    d = copy.deepcopy(PC_BASE)
    d["pawns"].update(pawns)
    if ok:
        Position.from_dict(d)
    else:
        rejected(d, "pawns")


def test_s3_6_4_pagade_pawns_0_to_84() -> None:
    ok = copy.deepcopy(PG_BASE)
    ok["pawns"]["red"] = [1, 75, 84, 84]
    Position.from_dict(ok)
    bad = copy.deepcopy(PG_BASE)
    bad["pawns"]["red"] = [20, 30, 84, 85]
    rejected(bad, "pawns")
    missing = copy.deepcopy(PG_BASE)
    del missing["pawns"]["green"]
    rejected(missing, "pawns")  # all four colours are in play in pagade
    unknown = copy.deepcopy(PG_BASE)
    unknown["pawns"]["blue"] = [1, 2, 3, 4]
    rejected(unknown, "pawns")


def test_s3_6_5_rejects_three_pawns_on_a_ring_square() -> None:
    # Pagade: red 20 ×3 (one ring square). Parcheesi: red 20 ×3; home path space (66 ×3).
    pg = copy.deepcopy(PG_BASE)
    pg["pawns"]["red"] = [20, 20, 20, 84]
    rejected(pg, "pawns")
    pc = copy.deepcopy(PC_BASE)
    pc["pawns"]["red"] = [20, 20, 20, 72]
    rejected(pc, "pawns")
    hp = copy.deepcopy(PC_BASE)
    hp["pawns"]["red"] = [66, 66, 66, 72]
    rejected(hp, "pawns")
    two = copy.deepcopy(PC_BASE)
    two["pawns"]["red"] = [66, 66, 20, 20]
    Position.from_dict(two)


def test_s3_6_5_pagade_never_two_colours_on_a_ring_square() -> None:
    # Red 20 is q12; black 71 is (71 − 8 + 17) mod 68 = 12 too: two colours → invalid.
    d = pagade({"red": [20, 30, 84, 84], "black": [71, 1, 2, 3]}, [True, False, False, False])
    rejected(d, "pawns")
    # Partners (red + yellow) may not share either: yellow 54 is (54 − 8 + 34) mod 68 = 12.
    t = pagade(
        {"red": [20, 30, 84, 84], "yellow": [54, 1, 2, 3]},
        [True, False, False, False],
        teams=[[0, 2], [1, 3]],
    )
    rejected(t, "pawns")
    two = pagade(
        {"red": [20, 30, 84, 84], "yellow": [54, 1, 2, 3]},
        [True, False],
        players=[["red", "yellow"], ["black", "green"]],
    )
    rejected(two, "pawns")
    # The same pawns on different squares are fine.
    Position.from_dict(
        pagade(
            {"red": [20, 30, 84, 84], "yellow": [55, 1, 2, 3]},
            [True, False],
            players=[["red", "yellow"], ["black", "green"]],
        )
    )


def test_s3_6_5_pagade_belly_squares_are_unlimited() -> None:
    # Four red pawns on belly square 3 (outward 3 and homeward 81 are the same square).
    Position.from_dict(pagade({"red": [3, 3, 81, 81]}, [True, False, False, False]))
    Position.from_dict(pagade({"red": [5, 5, 5, 5]}, [False, False, False, False]))


def test_s3_6_5_parcheesi_two_colours_only_if_friendly() -> None:
    # Red 1 and blue 52 are both on q5 (red's entry, a safety space): opponents → invalid.
    d = family("parcheesi", {"red": [1, 30, 72, 72], "blue": [52, 0, 0, 0]})
    rejected(d, "pawns")
    # Team game: red 21 (q25) and yellow 55 (q25) are partners: a valid blockade.
    t = family(
        "parcheesi", {"red": [21, 30, 72, 72], "yellow": [55, 0, 0, 0]}, teams=[[0, 2], [1, 3]]
    )
    Position.from_dict(t)
    # ... but red and green (opponents in that team game) may not share: green 38 is q25.
    g = family(
        "parcheesi", {"red": [21, 30, 72, 72], "green": [38, 0, 0, 0]}, teams=[[0, 2], [1, 3]]
    )
    rejected(g, "pawns")
    # Three on one space even if friendly: red 21 ×2 + yellow 55.
    t3 = family(
        "parcheesi", {"red": [21, 21, 72, 72], "yellow": [55, 0, 0, 0]}, teams=[[0, 2], [1, 3]]
    )
    rejected(t3, "pawns")
    # Eight-Man: a player's own two colours may share (red 21 + yellow 55).
    Position.from_dict(eight({"red": [21, 30, 72, 72], "yellow": [55, 0, 0, 0]}))
    rejected(eight({"red": [21, 30, 72, 72], "blue": [4, 0, 0, 0]}), "pawns")
    # whitman never shares colours
    rejected(family("whitman", {"red": [1, 30, 72, 72], "blue": [52, 0, 0, 0]}), "pawns")


def test_s3_6_6_to_move() -> None:
    for bad in (4, -1):
        rejected(with_(PC_BASE, to_move=bad), "to_move")
    rejected(with_(family("parcheesi", {}, players=["red", "blue"]), to_move=2), "to_move")
    # A finished player cannot be to move (play_for_places keeps the game going).
    d = pagade(
        {"red": [84] * 4},
        [True, False, False, False],
        options={"play_for_places": True},
        finished=[0],
        winner=[0],
        to_move=0,
    )
    rejected(d, "to_move")
    Position.from_dict(with_(d, to_move=1))


def test_s3_6_7_doubles() -> None:
    rejected(with_(PG_BASE, doubles=1), "doubles")
    for ok in (0, 1, 2):
        Position.from_dict(with_(PC_BASE, doubles=ok))
    for bad in (3, -1):
        rejected(with_(PC_BASE, doubles=bad), "doubles")


def test_s3_6_8_cut_null_outside_pagade() -> None:
    rejected(with_(PC_BASE, cut=[False] * 4), "cut")
    rejected(with_(PC_BASE, cut=[]), "cut")


def test_s3_6_8a_pawn_past_square_8_needs_the_cut_flag() -> None:
    # cut_to_enter_home on: a pawn at p ≥ 77 (or Home) needs its player's flag.
    for red in ([77, 30, 20, 20], [84, 30, 20, 20]):
        d = pagade({"red": red}, [False, True, False, False])
        rejected(d, "cut")
        Position.from_dict(with_(d, cut=[True, False, False, False]))
        Position.from_dict(with_(d, options={"cut_to_enter_home": False}))
    # p = 76 (square 8 homeward) does not need it.
    Position.from_dict(pagade({"red": [76, 30, 20, 20]}, [False] * 4))


def test_s3_6_8b_cut_pawn_needs_an_opponent_who_has_cut() -> None:
    d = pagade({"red": [0, 30, 20, 20]}, [False, False, False, False])
    rejected(d, "cut")
    rejected(with_(d, cut=[True, False, False, False]), "cut")  # his own flag does not count
    Position.from_dict(with_(d, cut=[False, False, False, True]))
    # Partnership: a partner's flag (yellow, 2) does not count; an opponent's does.
    t = with_(d, teams=[[0, 2], [1, 3]])
    rejected(with_(t, cut=[False, False, True, False]), "cut")
    Position.from_dict(with_(t, cut=[False, True, False, False]))
    # Two players: player 0's own flag does not count for his yellow cut pawn.
    two = pagade(
        {"yellow": [0, 30, 20, 20]}, [True, False], players=[["red", "yellow"], ["black", "green"]]
    )
    rejected(two, "cut")
    Position.from_dict(with_(two, cut=[False, True]))


def test_s3_6_9_finished_lists_exactly_the_finished_players() -> None:
    done = family("parcheesi", {"red": [72] * 4}, finished=[0], winner=[0], to_move=1)
    Position.from_dict(done)
    rejected(with_(done, finished=[], winner=None), "finished")
    rejected(with_(PC_BASE, finished=[0], winner=[0], to_move=1), "finished")
    rejected(with_(done, finished=[0, 0]), "finished")
    rejected(with_(done, finished=[0, 7]), "finished")


def test_s3_6_10_winner_is_what_finished_makes() -> None:
    done = family("parcheesi", {"red": [72] * 4}, finished=[0], winner=[0], to_move=1)
    rejected(with_(done, winner=None), "winner")
    rejected(with_(done, winner=[1]), "winner")
    rejected(with_(done, winner=[0, 2]), "winner")
    rejected(with_(PC_BASE, winner=[0]), "winner")


def test_s3_6_10_individual_game_ends_with_the_first_finisher() -> None:
    two = family(
        "parcheesi", {"red": [72] * 4, "green": [72] * 4}, finished=[0, 1], winner=[0], to_move=2
    )
    rejected(two, {"finished", "winner"})
    # with play_for_places (pagade) at most all but one
    pg = pagade(
        {"red": [84] * 4, "black": [84] * 4, "yellow": [84] * 4},
        [True, True, True, False],
        options={"play_for_places": True},
        finished=[0, 1, 2],
        winner=[0],
        to_move=3,
    )
    Position.from_dict(pg)
    pg4 = pagade(
        {c: [84] * 4 for c in ("red", "black", "yellow", "green")},
        [True, True, True, True],
        options={"play_for_places": True},
        finished=[0, 1, 2, 3],
        winner=[0],
        to_move=3,
    )
    rejected(pg4, {"finished", "winner", "to_move"})


def test_s3_6_10_team_game_at_most_one_team_complete_and_last() -> None:
    teams = [[0, 2], [1, 3]]
    ry = {"red": [72] * 4, "yellow": [72] * 4}
    ok = family("parcheesi", ry, teams=teams, finished=[0, 2], winner=[0, 2], to_move=1)
    Position.from_dict(ok)
    Position.from_dict(with_(ok, finished=[2, 0]))
    # green (1) finished first, then red and yellow: the last entry is the winning team's.
    g = family(
        "parcheesi",
        {**ry, "green": [72] * 4},
        teams=teams,
        finished=[1, 0, 2],
        winner=[0, 2],
        to_move=3,
    )
    Position.from_dict(g)
    # ... but green finishing after the team was complete means the game went on.
    rejected(with_(g, finished=[0, 2, 1]), {"finished", "winner"})
    both = family(
        "parcheesi",
        {c: [72] * 4 for c in ("red", "green", "yellow", "blue")},
        teams=teams,
        finished=[0, 2, 1, 3],
        winner=[0, 2],
        to_move=1,
    )
    rejected(both, {"finished", "winner", "to_move"})


def test_s3_6_10_team_winner_must_be_in_ascending_order() -> None:
    # §3.5: "winner becomes that team's player indices in ascending order"; §3.6.10: winner
    # is what §3.5 makes of finished, so [2, 0] is not a valid winner field.
    ok = family(
        "parcheesi",
        {"red": [72] * 4, "yellow": [72] * 4},
        teams=[[0, 2], [1, 3]],
        finished=[0, 2],
        winner=[0, 2],
        to_move=1,
    )
    rejected(with_(ok, winner=[2, 0]), "winner")


def test_s3_6_readers_check_nothing_else() -> None:
    # An odd but well-formed position (no history check): doubles 2 with every pawn in the nest.
    Position.from_dict(family("parcheesi", {}, doubles=2, to_move=3))


# ---------------------------------------------------------------------------
# §3.7 Starting a game


@pytest.mark.parametrize("ruleset", ["pagade", "whitman", "parcheesi", "eight-man"])
def test_s3_7_start_position(ruleset: str) -> None:
    pos = Position.start(ruleset)
    d = pos.to_dict()
    want = [6, 7, 12, 12] if ruleset == "pagade" else [0, 0, 0, 0]
    assert all(v == want for v in d["pawns"].values())
    assert len(d["pawns"]) == 4
    assert d["doubles"] == 0 and d["finished"] == [] and d["winner"] is None
    assert d["cut"] == ([False] * len(d["players"]) if ruleset == "pagade" else None)
    assert Position.from_dict(d) == pos
    assert Position.start(ruleset, first=1).to_move == 1


def test_s3_7_pagade_start_pawns_stand_where_the_text_says() -> None:
    # Belly squares 6 and 7 and a pair on own square 12 (R-12, 29, 46, 63).
    pos = Position.start("pagade")
    for c in ("red", "black", "yellow", "green"):
        assert pos.colour_pawns(c) == (6, 7, 12, 12)


def test_s3_7_ties_throw_again_and_play_goes_on_in_turn_order() -> None:
    # whitman, 4 players, lowest total starts: find seeds with a tie and check the re-throws.
    setup = Setup.create("whitman", players=4)
    ties = 0
    for seed in range(300):
        idx, rounds = first_player(setup, random.Random(seed))
        if len(rounds) > 1:
            ties += 1
            low = min(rounds[0].values())
            assert set(rounds[1]) == {i for i, v in rounds[0].items() if v == low}
            assert len(set(rounds[1])) >= 2
        final = rounds[-1]
        assert [i for i, v in final.items() if v == min(final.values())] == [idx]
        game = Game.new("whitman", players=4, seed=seed)
        assert game.position.to_move == idx
    assert ties > 0
    # Play passes to the starter's left (the next in turn order) after a non-doublet.
    pos = Position.start("whitman", players=4, first=2)
    [play] = pos.legal_plays((1, 2))
    assert play.position.to_move == 3
    pos = Position.start("whitman", players=4, first=3)
    assert pos.legal_plays((1, 2))[0].position.to_move == 0
