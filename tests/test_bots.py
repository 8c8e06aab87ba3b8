"""The computer players above random: greedy, expectimax, search.

Positions whose best play is certain (checked by hand, see each test) must
be played right by every level above random; the players keep the Player
interface, are deterministic for a seed (search with a simulation budget),
and play legal games in every ruleset.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pytest

from pachisi import Position, dice_for
from pachisi.board import ROUTES, SAFETY_SQUARES
from pachisi.bots import PLAYERS, GreedyPlayer, Player
from pachisi.bots import greedy as greedy_module
from pachisi.bots import search as search_module
from pachisi.bots.evaluation import SPARE_WEIGHT, Evaluation
from pachisi.bots.expectimax import ExpectimaxPlayer, evaluate, greedy_replies
from pachisi.bots.search import (
    CALIBRATION,
    LOGISTIC_SCALE,
    SearchPlayer,
    _Rollouts,
    calibrated_scale,
    remaining,
    win_chance,
)
from pachisi.errors import PachisiError
from pachisi.moves import Play, legal_plays
from pachisi.rules import Setup
from pachisi.tournament import SimConfig, run_games, summarise

#: Every level above random, each a factory taking a seed.
LEVELS: dict[str, Callable[[int | None], Player]] = {
    "greedy": GreedyPlayer,
    "expectimax": lambda seed: ExpectimaxPlayer(seed),
    "search": lambda seed: SearchPlayer(seed, simulations=42),
}


def choose(level: str, text: str, throw: tuple[int, int], seed: int = 1) -> Play:
    pos = Position.from_text(text)
    plays = legal_plays(pos, throw)
    assert len(plays) > 1, "a position with a choice"
    play = LEVELS[level](seed).choose(pos, throw, plays)
    assert play in plays
    return play


def ring_square(pos: Position, colour: int, p: int) -> int:
    return ROUTES[pos.ruleset][colour][p]


# -- positions whose best play is certain ---------------------------------------

# Parcheesi, red against yellow. Red has two pawns HOME, A at 66 (home path)
# and B at 58 (ring square 62); a lone yellow pawn stands at its 28 = ring
# square 66 (not a safety space), 4 in front of B. With 4-6 the only play that
# wins is A 66-72 (HOME, bonus 10) and B 58-62 capturing (bonus 20), then the
# 10 takes B HOME: all four pawns HOME. Every other play leaves red unfinished.
CAPTURE_WINS = ("parcheesi r,y - r:58.66.72.72,y:28.0.0.0 0 0 - - -", (4, 6))

# Parcheesi, red against yellow. Red X at 10 (ring 14), Y at 65 (home path,
# never in danger), two pawns HOME. Yellow pawns stand on ring 15 and 16.
# With 3-6 X can go to 13 (ring 17, a safety space: Y then 65-71), to 16
# (ring 20) or to 19 (ring 23). The total progress is the same (9) in every
# play and no play captures; only 10-13 leaves X out of reach, while at
# ring 20 or 23 it is 4-8 squares in front of two yellow pawns (hit by most
# throws), and a capture costs red the pawn's progress and gives yellow 20.
INTO_SAFETY = ("parcheesi r,y - r:10.65.72.72,y:45.46.0.0 0 0 - - -", (3, 6))

# Parcheesi, red against yellow, red has thrown one doublet (doubles 1) and
# throws 3-3 now: no pawn in the nest, so the numbers are 3, 3, 4, 4. B at 58
# is far advanced, C at 2; yellow is all in the nest (nothing to capture,
# nothing in danger but red's own throws). After this doublet red throws
# again, and a third doublet (1 chance in 6) sends his most advanced pawn on
# the board back to the nest. The only play that takes B out of that danger
# is B 58-72 with all four numbers (no split doublets into HOME), which also
# earns the home bonus 10 (C 2-12): more progress than any other play, and
# then only C (at 12) could be lost.
THIRD_DOUBLET = ("parcheesi r,y - r:2.58.72.72,y:0.0.0.0 0 1 - - -", (3, 3))

# Pagade, two players (red + yellow against black + green), red and yellow
# all Home but red's pawn at 80 (belly square 4); red has cut (flag 1). With
# 4-1 only one die can be used (one pawn, and 85 is past Home): 80-84 wins,
# 80-81 does not. (In Pagade a capture can never win at once: a player
# without a cut has no pawn past 76, RULES.md §3.6.)
PAGADE_WINS = (
    "pagade ry,bg - r:80.84.84.84,b:21.22.6.7,y:84.84.84.84,g:6.7.12.12 0 0 10 - -",
    (4, 1),
)

# Pagade, two players. Red X at 40 (ring 32) and Z at 43 (ring 35), each alone
# on the ring; black pawns at 21 and 22 stand on ring 30 and 31, just behind
# both (distances 1 to 5: most throws hit). Yellow's last pawn is at 3 (belly,
# private). With 3-1 only X 40-43 with Y 3-4 makes a pair of X and Z (a
# single pawn never cuts a pair, and black has no pair to move together):
# both red pawns become safe, for the same total progress (4) as every other
# play; every other play leaves a red pawn alone within a black pawn's reach.
PAGADE_PAIR = (
    "pagade ry,bg - r:40.43.84.84,b:21.22.6.7,y:3.84.84.84,g:6.7.12.12 0 0 10 - -",
    (3, 1),
)


def test_certain_positions_are_as_described() -> None:
    """Check by the rules engine the hand analysis of the positions above."""
    pos, throw = Position.from_text(CAPTURE_WINS[0]), CAPTURE_WINS[1]
    winners = [p for p in legal_plays(pos, throw) if p.position.winner == (0,)]
    assert [p.notation for p in winners] == ["R66-72 R58-62x +10:R62-72"]

    pos, throw = Position.from_text(INTO_SAFETY[0]), INTO_SAFETY[1]
    plays = legal_plays(pos, throw)
    assert len(plays) == 3
    for play in plays:
        after = play.position
        x = min(after.pawns[0])
        q = ring_square(after, 0, x)
        yellow = [ring_square(after, 2, p) for p in after.pawns[2] if p]
        assert sum(after.pawns[0]) == sum(pos.pawns[0]) + 9
        assert not any(a.capture for a in play.actions)
        if q in SAFETY_SQUARES:
            assert play.notation == "R65-71 R10-13"
        else:
            assert all(4 <= (q - y) % 68 <= 8 for y in yellow)

    pos, throw = Position.from_text(THIRD_DOUBLET[0]), THIRD_DOUBLET[1]
    plays = legal_plays(pos, throw)
    home = [p for p in plays if p.position.pawns[0].count(72) == 3]
    assert len(home) == 1 and home[0].position.pawns[0] == (12, 72, 72, 72)
    assert all(p.position.to_move == 0 and p.position.doubles == 2 for p in plays)
    for p in plays:
        if p is not home[0]:
            assert max(q for q in p.position.pawns[0] if q < 72) >= 58
            # The third doublet would send that pawn back.
            again = legal_plays(p.position, (1, 1))
            assert all(max(q for q in a.position.pawns[0] if q < 72) < 58 for a in again)

    pos, throw = Position.from_text(PAGADE_WINS[0]), PAGADE_WINS[1]
    plays = legal_plays(pos, throw)
    assert sorted(p.notation for p in plays) == ["R80-81", "R80-84"]
    assert [p.position.winner for p in plays if p.notation == "R80-84"] == [(0,)]

    pos, throw = Position.from_text(PAGADE_PAIR[0]), PAGADE_PAIR[1]
    plays = legal_plays(pos, throw)
    paired = [p for p in plays if p.position.pawns[0][:2] == (43, 43)]
    assert [p.notation for p in paired] == ["Y3-4 R40-43"]
    for p in plays:
        assert sum(p.position.pawns[0]) + sum(p.position.pawns[2]) == (40 + 43 + 3 + 4 + 84 * 5)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_capture_that_wins(level: str) -> None:
    assert choose(level, *CAPTURE_WINS).position.winner == (0,)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_a_move_into_safety(level: str) -> None:
    assert choose(level, *INTO_SAFETY).notation == "R65-71 R10-13"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_the_only_play_that_avoids_the_third_doublet_loss(level: str) -> None:
    assert choose(level, *THIRD_DOUBLET).position.pawns[0] == (12, 72, 72, 72)


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_pagade_the_play_that_wins(level: str) -> None:
    assert choose(level, *PAGADE_WINS).notation == "R80-84"


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_pagade_a_move_into_safety_a_pair(level: str) -> None:
    assert choose(level, *PAGADE_PAIR).notation == "Y3-4 R40-43"


def test_the_quick_hint_ranks_the_certain_plays_first() -> None:
    """pachisi.analysis.hint (``hint`` in ``pachisi play``) puts every certain play first."""
    from pachisi.analysis.hint import hints

    def ranking(case: tuple[str, tuple[int, int]]) -> list[tuple[Play, float]]:
        got = hints(Position.from_text(case[0]), case[1])
        chances = [h.chance for h in got]
        assert chances == sorted(chances, reverse=True)
        assert all(0.0 <= c <= 1.0 for c in chances)
        return [(h.play, h.chance) for h in got]

    (win, chance), *rest = ranking(CAPTURE_WINS)
    assert win.position.winner == (0,) and chance == 1.0
    assert all(c < 1.0 for _, c in rest)
    # Into safety: the rollout check (2,304 rollouts a play of the network's own player,
    # `pachisi analyse ... --throw 3,6 --check-rollouts 2304`, 2026-11-29) cannot tell
    # R65-71 R10-13 (74.7% ± 0.5) from R10-16 R16-19 (75.0% ± 0.4), and 2,000 greedy
    # rollouts cannot either (84.0 against 83.2); R65-68 R10-16 is clearly worse by the
    # check (-3 ± 1). So the hint may name either of the two first, never the worse one.
    safety = [play.notation for play, _ in ranking(INTO_SAFETY)]
    assert safety[0] in {"R65-71 R10-13", "R10-16 R16-19"}
    assert safety[-1] == "R65-68 R10-16"
    assert ranking(THIRD_DOUBLET)[0][0].position.pawns[0] == (12, 72, 72, 72)
    (play, chance), *_ = ranking(PAGADE_WINS)
    assert play.notation == "R80-84" and chance == 1.0
    assert ranking(PAGADE_PAIR)[0][0].notation == "Y3-4 R40-43"
    # Only the candidates the evaluation likes best are looked at.
    assert len(hints(Position.from_text(INTO_SAFETY[0]), INTO_SAFETY[1], candidates=2)) == 2
    with pytest.raises(ValueError):
        hints(Position.from_text(INTO_SAFETY[0]), INTO_SAFETY[1], candidates=0)
    with pytest.raises(PachisiError):
        hints(Position.from_text(INTO_SAFETY[0]), (7, 1))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_certain_plays_whatever_the_seed(level: str, seed: int) -> None:
    assert choose(level, *INTO_SAFETY, seed=seed).notation == "R65-71 R10-13"
    assert choose(level, *PAGADE_PAIR, seed=seed).notation == "Y3-4 R40-43"


# -- the evaluation ----------------------------------------------------------------

SETUPS = [
    Setup.create("parcheesi", players=2),
    Setup.create("parcheesi", players=4, teams=True),
    Setup.create("whitman", players=3),
    Setup.create("pagade", players=2),
    Setup.create("pagade", players=4),
    Setup.create("pagade", players=4, teams=True),
    Setup.create("eight-man", players=2, majors=["red", "blue"]),
]


def random_positions(setup: Setup, count: int, seed: int) -> list[Position]:
    """Positions of a random game (restarted when it ends)."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    pos = Position.initial(setup, 0)
    out = []
    while len(out) < count:
        if pos.is_over:
            pos = Position.initial(setup, 0)
        plays = legal_plays(pos, dice.roll(rng))
        out.extend(p.position for p in plays)
        pos = rng.choice(plays).position
    return out[:count]


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: s.describe())
def test_fast_evaluation_is_the_greedy_evaluation(setup: Setup) -> None:
    """The players' evaluation is the definition in greedy.py, bit for bit (not just close:
    the greedy player uses the fast one, and equal values keep its ties and choices)."""
    for pos in random_positions(setup, 600, seed=5):
        for player in range(len(setup.players)):
            assert evaluate(pos, player) == greedy_module.evaluate(pos, player)


def test_the_players_use_the_fast_evaluation() -> None:
    from pachisi.bots import evaluate as exported
    from pachisi.bots.evaluation import evaluate as fast

    assert evaluate is fast and exported is fast
    assert GreedyPlayer(1).evaluation is fast
    assert ExpectimaxPlayer(1).evaluation is fast
    assert SearchPlayer(1).evaluation is fast


def test_eight_man_spare_pawn_counts_a_quarter() -> None:
    """RULES.md §7: an Eight-Man player wins with four pawns of his major colour and
    three of his minor colour HOME, so the least advanced minor pawn is spare and
    the evaluation counts its value at SPARE_WEIGHT (no opponent pawn on the ring
    here, so no pawn is in danger and values are plain progress)."""

    def value(red: str, yellow: str, player: int = 0) -> float:
        text = f"eight-man Ry,Bg - r:{red},b:0.0.0.0,y:{yellow},g:0.0.0.0 0 0 - - -"
        pos = Position.from_text(text)
        assert evaluate(pos, player) == greedy_module.evaluate(pos, player)
        return evaluate(pos, player)

    base = value("5.20.30.40", "5.20.30.40")
    assert value("10.20.30.40", "5.20.30.40") - base == 5.0  # the major colour: no spare
    assert value("5.25.30.40", "5.20.30.40") - base == 5.0
    assert value("5.20.30.40", "10.20.30.40") - base == 5.0 * SPARE_WEIGHT  # the spare
    assert value("5.20.30.40", "5.25.30.40") - base == 5.0  # a needed minor pawn
    assert value("5.20.30.40", "10.20.30.40", 1) - value("5.20.30.40", "5.20.30.40", 1) == (
        -5.0 * SPARE_WEIGHT
    )
    # The spare is whichever minor pawn is least advanced: passing it swaps the roles.
    assert value("5.20.30.40", "25.30.40.45") - value("5.20.30.40", "20.30.40.45") == (
        5.0 * SPARE_WEIGHT
    )
    # With all four minor pawns HOME one of them is spare (only three are needed).
    home_value = Setup.create("eight-man", players=2, majors=["red", "blue"]).home + 10
    all_home = value("5.20.30.40", "72.72.72.72")
    assert all_home - value("5.20.30.40", "0.72.72.72") == home_value * SPARE_WEIGHT
    # Parcheesi has no spare pawn: every pawn counts in full.
    pos = Position.from_text("parcheesi r,y - r:5.20.30.40,y:0.0.0.0 0 0 - - -")
    moved = Position.from_text("parcheesi r,y - r:10.20.30.40,y:0.0.0.0 0 0 - - -")
    assert evaluate(moved, 0) - evaluate(pos, 0) == 5.0


def test_greedy_replies_are_the_greedy_choices() -> None:
    setup = Setup.create("parcheesi", players=2)
    for pos in random_positions(setup, 40, seed=2):
        if pos.is_over:
            continue
        for throw, _ in dice_for("parcheesi").distinct()[:5]:
            best = greedy_replies(pos, throw)
            score = max(evaluate(p.position, pos.to_move) for p in legal_plays(pos, throw))
            assert all(evaluate(b, pos.to_move) == score for b in best)


def test_win_chance() -> None:
    start = Position.start("parcheesi", players=2)
    assert win_chance(start, 0) == 0.5
    won = Position.from_text("parcheesi r,y - r:72.72.72.72,y:0.0.0.0 1 0 - 0 0")
    assert win_chance(won, 0) == 1.0 and win_chance(won, 1) == 0.0
    ahead = Position.from_text("parcheesi r,y - r:40.0.0.0,y:0.0.0.0 0 0 - - -")
    assert 0.5 < win_chance(ahead, 0) < 0.9
    assert win_chance(ahead, 1) == pytest.approx(1 - win_chance(ahead, 0))
    assert set(LOGISTIC_SCALE) == {"pagade", "whitman", "parcheesi", "eight-man"}
    assert set(CALIBRATION) == set(LOGISTIC_SCALE)
    # A number is used as the scale; by default the calibrated one.
    e = evaluate(ahead, 0)
    assert win_chance(ahead, 0, 80.0) == pytest.approx(1 / (1 + math.exp(-e / 80.0)))
    s = calibrated_scale(ahead)
    assert win_chance(ahead, 0) == pytest.approx(1 / (1 + math.exp(-e / s)))


def test_remaining_counts_the_squares_every_needed_pawn_has_to_go() -> None:
    """``remaining``: nest pawns the whole way, HOME pawns nothing, the spare pawn not at all."""
    assert remaining(Position.start("parcheesi", players=2)) == 8 * 72
    # Pagade's pawns start on the board, at 6, 7, 12 and 12 (RULES.md); HOME is 84.
    assert remaining(Position.start("pagade", players=4)) == 16 * 84 - 4 * (6 + 7 + 12 + 12)
    pos = Position.from_text("parcheesi r,y - r:40.72.0.0,y:3.0.0.0 0 0 - - -")
    assert remaining(pos) == (72 - 40) + 0 + 72 + 72 + (72 - 3) + 3 * 72
    # RULES.md §7: an Eight-Man player wins with 4 major and 3 minor pawns HOME,
    # so the least advanced minor pawn (yellow's 5, green's 0) does not count.
    text = "eight-man Ry,Bg - r:10.0.0.0,b:0.0.0.0,y:5.20.30.72,g:0.0.0.0 0 0 - - -"
    pos = Position.from_text(text)
    red = (72 - 10) + 3 * 72
    yellow = (72 - 20) + (72 - 30) + 0
    assert remaining(pos) == red + 4 * 72 + yellow + 3 * 72


def test_the_calibrated_scale_shrinks_as_the_race_shortens() -> None:
    """The same lead is worth more near the end: the scale grows with the squares to go.

    (How well the fitted scale predicts results is measured, not asserted:
    benchmarks/calibrate.py and docs/players.md.)
    """
    for ruleset in ("parcheesi", "eight-man", "pagade"):
        a, k = CALIBRATION[ruleset]
        assert a > 0 and k > 0
    early = Position.from_text("parcheesi r,y - r:40.10.0.0,y:10.0.0.0 0 0 - - -")
    late = Position.from_text("parcheesi r,y - r:72.72.72.60,y:72.72.72.20 0 0 - - -")
    assert calibrated_scale(late) < calibrated_scale(early) / 4
    scales = [calibrated_scale(Position.start(r, players=2)) for r in ("parcheesi", "pagade")]
    assert all(s > calibrated_scale(late) for s in scales)


def test_the_search_players_leaves_use_the_constant_scale_unless_calibrated() -> None:
    """The measured search player keeps :data:`LOGISTIC_SCALE`; ``calibrated=True`` is an option."""
    pos = Position.start("eight-man", players=2)
    assert _Rollouts(SearchPlayer(seed=1), 0, 7, "eight-man").scale == 640.0
    assert _Rollouts(SearchPlayer(seed=1, scale=50.0), 0, 7, "eight-man").scale == 50.0
    assert _Rollouts(SearchPlayer(seed=1, calibrated=True), 0, 7, "eight-man").scale is None
    with pytest.raises(ValueError, match="not both"):
        SearchPlayer(seed=1, scale=50.0, calibrated=True)
    throw = (5, 2)
    plays = pos.legal_plays(throw)
    assert SearchPlayer(seed=3, simulations=42, calibrated=True).choose(pos, throw, plays) in plays


# -- the interface, determinism, budgets ---------------------------------------------


def decisions(setup: Setup, count: int, seed: int) -> list[tuple[Position, tuple[int, int]]]:
    """Positions with a throw that has several plays, from greedy games."""
    rng = random.Random(seed)
    dice = dice_for(setup.ruleset)
    bot = GreedyPlayer(seed)
    pos = Position.initial(setup, 0)
    out = []
    while len(out) < count:
        if pos.is_over:
            pos = Position.initial(setup, 0)
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        if len(plays) > 1:
            out.append((pos, throw))
        pos = bot.choose(pos, throw, plays).position
    return out


@pytest.mark.parametrize("level", ["expectimax", "search"])
def test_same_seed_same_choices(level: str) -> None:
    for setup in (SETUPS[0], SETUPS[3]):
        cases = decisions(setup, 3, seed=11)
        a, b = LEVELS[level](7), LEVELS[level](7)
        for pos, throw in cases:
            plays = legal_plays(pos, throw)
            assert a.choose(pos, throw, plays).position == b.choose(pos, throw, plays).position


@pytest.mark.parametrize("level", ["expectimax", "search"])
def test_choose_returns_one_of_the_plays(level: str) -> None:
    player = LEVELS[level](3)
    assert player.name == level
    pos = Position.start("parcheesi", players=2)
    only = legal_plays(pos, (5, 2))
    assert player.choose(pos, (5, 2), only) is only[0]
    for pos, throw in decisions(SETUPS[6], 4, seed=4):
        plays = legal_plays(pos, throw)
        choice = player.choose(pos, throw, plays)  # once: each call may choose anew
        assert any(choice is p for p in plays)


def test_search_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The time budget ends the search: on a clock that is past the deadline at every
    reading, each round gives each live candidate one more step of simulations and
    stops: one simulation through legal_plays, a whole sweep of playouts."""
    pos, throw = next(
        (p, t) for p, t in decisions(SETUPS[0], 20, seed=9) if len(legal_plays(p, t)) >= 4
    )
    plays = legal_plays(pos, throw)
    readings = iter(range(0, 10**6, 1000))  # 1,000 s later at every reading
    monkeypatch.setattr(search_module.time, "perf_counter", lambda: float(next(readings)))
    simulations: list[int] = []
    rollout = _Rollouts.rollout

    def counted(self: _Rollouts, key: int, position: Position, i: int) -> float:
        simulations.append(i)
        return rollout(self, key, position, i)

    monkeypatch.setattr(_Rollouts, "rollout", counted)
    # The calibrated scale needs the last positions: simulations through legal_plays.
    player = SearchPlayer(1, seconds=0.05, margin=math.inf, calibrated=True)
    assert player.choose(pos, throw, plays) in plays
    # 4 candidates: two rounds, 4 then 2 live ones, one simulation each (numbers 0, 1).
    assert simulations == [0, 0, 0, 0, 1, 1]
    assert player.last_rollouts == 6
    # The defaults: playouts, a sweep of the 21 first throws at a time.
    batches: list[tuple[int, int]] = []
    batch = _Rollouts.batch

    def counted_batch(
        self: _Rollouts, key: int, position: Position, i0: int, i1: int
    ) -> list[float]:
        batches.append((i0, i1))
        return batch(self, key, position, i0, i1)

    monkeypatch.setattr(_Rollouts, "batch", counted_batch)
    simulations.clear()
    player = SearchPlayer(1, seconds=0.05, margin=math.inf)
    assert player.choose(pos, throw, plays) in plays
    assert batches == [(0, 21)] * 4 + [(21, 42)] * 2 and simulations == []
    assert player.last_rollouts == 6 * 21


def test_search_simulation_budget() -> None:
    # A shortlist of several plays: rollouts in whole sweeps of the 21 throws.
    checked = 0
    for pos, throw in decisions(SETUPS[0], 5, seed=12):
        plays = legal_plays(pos, throw)
        if len(plays) == 1:
            continue
        player = SearchPlayer(1, simulations=84, margin=math.inf)
        player.choose(pos, throw, plays)
        assert player.last_rollouts > 0
        assert player.last_rollouts % 21 == 0
        assert player.last_rollouts <= 3 * 84
        checked += 1
    assert checked >= 3


def test_bad_budgets() -> None:
    with pytest.raises(ValueError):
        SearchPlayer(simulations=0)
    with pytest.raises(ValueError):
        SearchPlayer(seconds=0)
    with pytest.raises(ValueError):
        ExpectimaxPlayer(depth=-1)
    with pytest.raises(ValueError):
        ExpectimaxPlayer(candidates=0)


def test_expectimax_depth_two_and_zero() -> None:
    pos, throw = Position.from_text(INTO_SAFETY[0]), INTO_SAFETY[1]
    plays = legal_plays(pos, throw)
    choice = ExpectimaxPlayer(1, depth=2, candidates=3).choose(pos, throw, plays)
    assert choice.notation == "R65-71 R10-13"
    # Depth 0 is the greedy player.
    assert ExpectimaxPlayer(1, depth=0).choose(pos, throw, plays).notation == "R65-71 R10-13"


def test_another_evaluation() -> None:
    """Greedy, expectimax and search on a given evaluation: every value comes from it."""
    pos, throw = Position.from_text(INTO_SAFETY[0]), INTO_SAFETY[1]
    plays = legal_plays(pos, throw)
    calls: list[int] = []

    def counted(position: Position, player: int) -> float:
        calls.append(player)
        return evaluate(position, player)

    def reverse(position: Position, player: int) -> float:
        return -evaluate(position, player)

    def search(seed: int, evaluation: Evaluation = evaluate) -> SearchPlayer:
        return SearchPlayer(seed, simulations=42, evaluation=evaluation)

    # The default evaluation, passed explicitly, makes the same choices, through it.
    for make in (GreedyPlayer, ExpectimaxPlayer, search):
        assert make(1, evaluation=counted).choose(pos, throw, plays) is make(1).choose(
            pos, throw, plays
        )
        assert calls
        calls.clear()
    # The search player's rollouts and leaves use it too, not just its shortlist.
    searcher = search(1, evaluation=counted)
    searcher.choose(pos, throw, plays)
    assert searcher.last_rollouts > 0
    assert len(calls) > searcher.last_rollouts
    calls.clear()
    # A reversed evaluation makes greedy choose a play the evaluation ranks last.
    lowest = min(evaluate(p.position, pos.to_move) for p in plays)
    for player in (
        GreedyPlayer(1, evaluation=reverse),
        ExpectimaxPlayer(1, depth=0, evaluation=reverse),
    ):
        assert evaluate(player.choose(pos, throw, plays).position, pos.to_move) == lowest
    best = ExpectimaxPlayer(1).choose(pos, throw, plays)
    assert ExpectimaxPlayer(1, evaluation=reverse).choose(pos, throw, plays) is not best
    assert search(1, evaluation=reverse).choose(pos, throw, plays) is not search(1).choose(
        pos, throw, plays
    )


# -- smoke games ---------------------------------------------------------------------------

SMOKE = [
    Setup.create("parcheesi", players=2),
    Setup.create("parcheesi", players=4, teams=True),
    Setup.create("whitman", players=3),
    Setup.create("pagade", players=2),
    Setup.create("pagade", players=4),
    Setup.create("eight-man", players=2, majors=["red", "blue"]),
]


@pytest.mark.parametrize("setup", SMOKE, ids=lambda s: s.describe())
def test_smoke_game(setup: Setup) -> None:
    """Twenty throws with an expectimax and a (small) search player in the seats: legal plays."""
    rng = random.Random(1)
    dice = dice_for(setup.ruleset)
    seats: list[Player] = [
        ExpectimaxPlayer(1) if i % 2 == 0 else SearchPlayer(2, simulations=1, candidates=3, depth=2)
        for i in range(len(setup.players))
    ]
    pos = Position.initial(setup, 0)
    for _ in range(20):
        if pos.is_over:
            break
        throw = dice.roll(rng)
        plays = legal_plays(pos, throw)
        play = seats[pos.to_move].choose(pos, throw, plays)
        assert play in plays
        pos = play.position


def test_a_short_tournament(monkeypatch: pytest.MonkeyPatch) -> None:
    """The players work in ``pachisi simulate``'s machinery once registered."""
    monkeypatch.setitem(PLAYERS, "expectimax", LEVELS["expectimax"])
    monkeypatch.setitem(
        PLAYERS, "search", lambda seed: SearchPlayer(seed, simulations=1, candidates=2, depth=2)
    )
    config = SimConfig(
        Setup.create("parcheesi", players=2), ("search", "expectimax"), seed=3, max_throws=12
    )
    results = list(run_games(config, 2))
    assert summarise(config, results)["games"] == 2
    assert results == list(run_games(config, 2))
