"""Computer players and analysis for Ludo and MADN (issue 36; RULES-LUDO.md §9, §10).

The hand evaluation of :mod:`pachisi.bots.one_die` (each feature against the
rule that makes it matter), greedy and expectimax playing both rulesets,
the learned levels refusing three players (no network has learned them) and the
search player refusing these games, and the analysis by rollouts where no network
has learned the set-up (no percentage from an evaluation).
"""

from __future__ import annotations

import random

import pytest

from pachisi import Position
from pachisi.analysis import hints, win_chances
from pachisi.analysis.words import hint_lines
from pachisi.bots import (
    ExpectimaxPlayer,
    GreedyPlayer,
    RandomPlayer,
    game_positions,
    make_player,
    unfit_reason,
)
from pachisi.bots import greedy as greedy_module
from pachisi.bots.evaluation import evaluate
from pachisi.bots.one_die import HOME, OUT, hit_chance, weighted
from pachisi.bots.one_die import evaluate as one_die_evaluate
from pachisi.errors import PachisiError
from pachisi.learn.encoding import encoder_for
from pachisi.moves import legal_plays
from pachisi.rules import Setup


def ludo(text: str) -> Position:
    return Position.from_text(f"ludo r,y - {text} 0 0 - - - 0 0")


def maedn(text: str) -> Position:
    return Position.from_text(f"maedn r,g - {text} 0 0 - - - 0 0")


def no_risk(pos: Position, player: int) -> float:
    return weighted(pos, player, OUT, HOME, 0.0)


# -- the evaluation ---------------------------------------------------------------


def test_one_die_positions_go_to_their_own_evaluation() -> None:
    rng = random.Random(4)
    for ruleset in ("ludo", "maedn"):
        setup = Setup.create(ruleset, players=4)
        seen, _ = game_positions(setup, 0, rng, [RandomPlayer(i) for i in range(4)], 120)
        for pos in seen[::10]:
            for player in range(4):
                v = one_die_evaluate(pos, player)
                assert evaluate(pos, player) == v == greedy_module.evaluate(pos, player)


@pytest.mark.parametrize(
    ("ruleset", "players", "board"),
    [("ludo", 2, None), ("ludo", 4, None), ("ludo", 4, "ludopy"), ("maedn", 4, None)],
)
def test_the_risk_of_a_pawn_is_the_encodings_danger(
    ruleset: str, players: int, board: str | None
) -> None:
    """The hand evaluation discounts each pawn on the ring by the chance that the
    learned encoding gives it as DANGER (one rule, RULES-LUDO.md L.4.2, L.6.4, M.5.2,
    written once): the value is rebuilt here from the encoding's units."""
    setup = Setup.create(ruleset, players=players, options={"board": board} if board else {})
    enc = encoder_for(setup)
    home_from = 57 if ruleset == "ludo" else 41
    rng = random.Random(players)
    seen, _ = game_positions(setup, 0, rng, [RandomPlayer(i) for i in range(players)], 400)
    assert len(seen) > 100
    exposed = 0
    for pos in seen[::3]:
        idx, val = enc.encode(pos)
        units = dict(zip(idx, val, strict=True))
        slots = enc.slots[pos.to_move]
        for player in range(players):
            want = 0.0
            for c in setup.colours_in_play:
                value = 0.0
                for p in pos.pawns[c]:
                    if p >= home_from:
                        value += p + OUT + HOME
                    elif p > 0:
                        danger = units.get(enc.index_of(slots.index(c), "danger", p), 0.0)
                        exposed += danger > 0
                        value += (p + OUT) * (1 - danger)
                sign = 1.0 if setup.owner[c] == player else -1.0
                want += sign * value
            assert one_die_evaluate(pos, player) == pytest.approx(want, abs=1e-9)
    assert exposed > 50


def test_start_is_even_and_progress_counts() -> None:
    # L.1.3: progress numbers; L.3.2: a pawn in the yard counts nothing.
    assert evaluate(Position.start("ludo", players=2), 0) == 0.0
    ahead = ludo("r:0.0.0.52,y:0.0.0.0")  # a red pawn in its home column: private, safe
    assert evaluate(ahead, 0) == 52 + OUT == -evaluate(ahead, 1)


def test_home_counts_more_than_the_last_home_column_square() -> None:
    # L.7.1 / M.7: a pawn at Home (ludo) or on a goal field (maedn) can never be lost.
    assert evaluate(ludo("r:0.0.0.57,y:0.0.0.0"), 0) == 57 + OUT + HOME
    assert evaluate(maedn("r:0.0.0.41,g:0.0.0.0"), 0) == 41 + OUT + HOME


def test_a_pawn_within_a_throw_of_an_opponent_is_at_risk() -> None:
    # L.4.2: ending on a lone opponent pawn captures it; one die (1/6 a distance).
    lone = ludo("r:0.0.0.10,y:0.0.0.0")
    chased = ludo("r:0.0.0.10,y:0.0.0.32")  # yellow at p 32 is ring square 6: 4 behind
    assert evaluate(chased, 0) == pytest.approx(evaluate(lone, 0) - 32 - OUT - (10 + OUT) / 6)
    assert no_risk(chased, 0) == pytest.approx(no_risk(lone, 0) - 32 - OUT)


def test_distances_after_a_six_count_a_sixth_as_much() -> None:
    # L.6.4 / M.6.1: a 6 throws again, so 7..12 squares behind is a 6 and the rest.
    assert hit_chance({4}) == pytest.approx(1 / 6)
    assert hit_chance({10}) == pytest.approx(1 / 36)
    assert hit_chance({1, 2, 3, 4, 5, 6}) == pytest.approx(1.0)


def test_a_pawn_on_a_safe_square_is_not_at_risk() -> None:
    # L.1.4 board "ludoking": p 8 is a star (safe), p 9 is not.
    star = ludo("r:0.0.0.8,y:0.0.0.31")  # yellow 31 is ring square 5, 2 behind red's 7
    plain = ludo("r:0.0.0.9,y:0.0.0.32")  # the same distance, off the star
    assert evaluate(star, 0) == no_risk(star, 0)
    assert evaluate(plain, 0) < no_risk(plain, 0)


def test_a_block_is_not_at_risk() -> None:
    # L.4.2: two pawns of one colour on a ring square cannot be landed on.
    block = ludo("r:0.0.10.10,y:0.0.0.32")
    assert evaluate(block, 0) == no_risk(block, 0)
    single = ludo("r:0.0.10.11,y:0.0.0.32")
    assert evaluate(single, 0) < no_risk(single, 0)


def test_maedn_pawn_on_an_occupied_start_field_of_an_opponent_is_at_risk() -> None:
    # M.5.2: green entering on a 6 captures on its start field (red's p 21, ring field 20).
    waiting = maedn("r:0.0.0.21,g:0.0.0.35")  # green has yard pawns; its pawn at 35 is ahead
    assert evaluate(waiting, 0) < no_risk(waiting, 0)
    gone = maedn("r:0.0.0.21,g:41.42.43.35")  # no green pawn in the yard
    assert evaluate(gone, 0) == no_risk(gone, 0)


def test_the_home_column_is_private() -> None:
    # L.3.3: nothing happens in the home column: no risk there.
    pos = ludo("r:0.0.0.53,y:0.0.0.45")
    assert evaluate(pos, 0) == no_risk(pos, 0)


# -- the players -----------------------------------------------------------------


def test_greedy_and_expectimax_capture_when_it_is_safe() -> None:
    # L.4.2: red at 20 throws 4 onto yellow's lone pawn (red's p 24); or moves 30 to 34 (safe).
    pos = ludo("r:0.0.20.30,y:0.0.0.50")
    plays = legal_plays(pos, (4,))
    assert {p.notation for p in plays} >= {"R20-24x"}
    for player in (GreedyPlayer(1), ExpectimaxPlayer(1)):
        assert player.choose(pos, plays[0].throw, plays).notation == "R20-24x"


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
@pytest.mark.parametrize("n", [2, 4])
def test_greedy_and_expectimax_play_legal_games(ruleset: str, n: int) -> None:
    setup = Setup.create(ruleset, players=n)
    bots = [make_player("strong", 1)] + [make_player("casual", i) for i in range(2, n + 1)]
    seen, last = game_positions(setup, 0, random.Random(n), bots, max_throws=150)
    assert len(seen) == 150 or last.is_over


def test_greedy_beats_random_in_a_small_match() -> None:
    # Not a measurement (docs/players.md has the declared runs): a gross check that the
    # evaluation points the right way. 40 games, seats alternating.
    setup = Setup.create("maedn", players=2)
    wins = 0
    for g in range(40):
        seat = g % 2
        players: list[GreedyPlayer | RandomPlayer] = [RandomPlayer(g), RandomPlayer(g)]
        players[seat] = GreedyPlayer(g)
        _, last = game_positions(setup, 0, random.Random(g), players)
        wins += last.winner is not None and seat in last.winner
    assert wins >= 28  # random's chance of this is far below one in a thousand


@pytest.mark.parametrize("level", ["learned", "expert", "master"])
def test_the_learned_levels_refuse_three_players(level: str) -> None:
    # Networks ship for two and four players (tests/test_learn_one_die.py), not three.
    for ruleset in ("ludo", "maedn"):
        why = unfit_reason(level, Setup.create(ruleset, players=3))
        assert why is not None and f"no network has learned {ruleset}, 3 players" in why
        assert "expectimax" in why
    pos = Position.start("ludo", players=3)
    with pytest.raises(PachisiError, match="no network has learned ludo, 3 players"):
        plays = legal_plays(pos, (6,))
        make_player(level, 1).choose(pos, plays[0].throw, plays)


def test_the_search_player_refuses_them() -> None:
    why = unfit_reason("search84", Setup.create("maedn", players=2))
    assert why is not None and "not fitted to maedn" in why


# -- analysis -------------------------------------------------------------------------


def test_four_player_start_chances_are_the_fair_share() -> None:
    # No evaluation shown as a chance: rollouts at the start of a four-player game give each
    # player 25% within 5 points, and 5 points are at least 2 standard errors. (Random
    # rollouts, to keep the test short: the analysis's own, expectimax, are dearer.)
    pos = Position.start("maedn", players=4)
    est = win_chances(pos, 432, seed=3, policy="random")
    assert est.method == "rollout" and sum(est.chances) == pytest.approx(1.0)
    for chance, se in zip(est.chances, est.se, strict=True):
        assert se <= 0.025
        assert abs(chance - 0.25) <= 0.05


def test_a_one_die_hint_is_by_rollouts_with_its_noise() -> None:
    # Three players: no network has learned them, so the hint is by rollouts. Near the
    # end: short rollouts.
    pos = Position.from_text("ludo r,g,y - r:30.45.50.57,g:57.57.57.40,y:35.44.52.57 0 0 - - - 0 0")
    found = hints(pos, (6,), rollouts=6)
    assert [h.notation for h in found][:1] and {h.notation for h in found} == {
        p.notation for p in legal_plays(pos, (6,))
    }
    for h in found:
        assert h.how is not None and h.how["method"] == "rollouts"
        assert h.how["policy"] == "expectimax" and h.se is not None
    chances = [h.chance for h in found]
    assert chances == sorted(chances, reverse=True)  # type: ignore[type-var]
    # 6 rollouts cannot tell these plays apart: every other play is too close to tell.
    assert all(h.close for h in found[1:])
    lines = hint_lines(pos, found)
    assert "6 rollouts of each play by expectimax" in lines[0]
    assert all("too close to tell" in line for line in lines[2:])


def test_a_decided_hint_is_exact() -> None:
    # L.7: red's last pawn reaches Home with the 2: the game is won, chance 1 exactly.
    pos = ludo("r:55.57.57.57,y:0.0.0.0")
    best = hints(pos, (2,), rollouts=6)[0]
    assert best.exact and best.chance == 1.0
    assert "a certain win" in hint_lines(pos, [best])[1]
