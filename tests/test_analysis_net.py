"""Analysis by the value network: plies, rankings, reviews, the rollout check, the command.

Nothing here asserts the shipped networks'
strength. The figures are checked against independent computations (the
expectation over the dice written out by hand, with the network's own
values), the certain-best plays are ones that end the game or that the
shipped Parcheesi network must see at every ply, and the review's luck
against its definition.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

import pytest

from pachisi import Game, Position, cli, dice_for
from pachisi.analysis import (
    THRESHOLDS,
    NetEvaluator,
    ReviewSettings,
    check_rollouts,
    classify,
    exact_chances,
    hints,
    luck_mark,
    net_ranking,
    review,
)
from pachisi.analysis.net import (
    DEFAULT_TRUNCATE,
    MAX_PLY,
    check_k,
    check_looks,
    first_look,
)
from pachisi.analysis.rank import CLEAR, clear_difference
from pachisi.analysis.rollout import mean_se
from pachisi.bots import make_player
from pachisi.learn import default_net
from pachisi.moves import legal_plays
from pachisi.race import is_race, used_by_default
from pachisi.record import Record

CAPTURE_WINS = "parcheesi r,y - r:45.72.72.72,y:14.72.72.72 0 0 - - -"
INTO_SAFETY = "parcheesi r,y - r:10.60.72.72,y:22.24.72.72 0 0 - - -"
THIRD_DOUBLET = "parcheesi r,y - r:0.10.64.72,y:0.60.72.72 0 1 - - -"
#: Pagade, two players: each has one pawn left on 83 and needs a 1 (7 of 16 throws).
RACE = "pagade ry,bg - r:84.84.84.83,b:84.84.84.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
#: Pagade: red's last pawn on 80 throws 4-1: R80-84 wins, R80-81 does not.
PAGADE_WIN = "pagade ry,bg - r:84.84.84.80,b:84.84.84.83,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
#: Pagade: red's pawns on 40 and 74, black's on 53, 54 and 56: not a race (cuts possible).
INTO_BELLY = "pagade ry,bg - r:40.74.84.84,b:53.54.56.84,y:84.84.84.84,g:84.84.84.84 0 0 11 - -"
PLIES = range(MAX_PLY + 1)


def ev_for(ruleset: str, ply: int) -> NetEvaluator:
    return NetEvaluator.shipped(ruleset, ply)


# ---------------------------------------------------------------------------
# Certain best plays, at every ply


@pytest.mark.parametrize("ply", PLIES)
def test_a_play_that_wins_is_ranked_first_at_every_ply(ply: int) -> None:
    for text, throw, best in (
        (CAPTURE_WINS, (3, 4), "R45-48x R48-52 +20:R52-72"),
        (PAGADE_WIN, (4, 1), "R80-84"),
    ):
        pos = Position.from_text(text)
        ranking = net_ranking(pos, throw, ev_for(pos.ruleset, ply))
        assert ranking.best.notation == best and ranking.best.chance == 1.0
        assert ranking.best.estimate.exact and ranking.plays[1].chance < 1.0
        assert ranking.plays[1].diff == ranking.plays[1].chance - 1.0
        assert ranking.how == ranking.method and ranking.how["ply"] == ply


@pytest.mark.parametrize("ply", PLIES)
def test_parcheesi_certain_best_plays_are_ranked_first_at_every_ply(ply: int) -> None:
    ev = ev_for("parcheesi", ply)
    safety = net_ranking(Position.from_text(INTO_SAFETY), (3, 2), ev)
    assert safety.best.play.position.colour_pawns("red") == (10, 65, 72, 72)
    doublet = net_ranking(Position.from_text(THIRD_DOUBLET), (4, 4), ev)
    assert doublet.best.notation == "R64-68 R68-72 +10:R10-20"


def test_the_move_filter_keeps_the_candidates_and_the_play_made() -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.0.41,y:2.25.27.39 1 0 - - -")
    plays = legal_plays(pos, (4, 5))
    ev = ev_for("parcheesi", 1).variant(candidates=2)
    ranking = net_ranking(pos, (4, 5), ev)
    assert len(ranking.plays) == 2 and len(ranking.pruned) == len(plays) - 2
    worst = ranking.pruned[-1]
    kept = net_ranking(pos, (4, 5), ev, always=[worst])
    assert len(kept.plays) == 3 and kept.find(worst) is not None
    two = net_ranking(pos, (4, 5), ev_for("parcheesi", 2).variant(candidates=3, finalists=1))
    assert len(two.plays) == 1 and len(two.pruned) == len(plays) - 1


# ---------------------------------------------------------------------------
# The plies against hand-written expectations


def one_ply_by_hand(after: Position, player: int) -> float:
    """``player``'s chance in ``after`` at 1 ply, written out: every distinct throw,
    the mover's best answer by the network (the first of equals), valued by it."""
    net = default_net(after.ruleset)
    exact = exact_chances(after)  # decided, or a pure race valued by the race tables
    if exact is not None:
        return exact.chances[player]
    total = 0.0
    for throw, prob in dice_for(after.ruleset).distinct():
        answers = [q.position for q in legal_plays(after, throw)]
        values = [net.value(q, after.to_move) for q in answers]
        best = answers[values.index(max(values))]
        total += float(prob) * net.value(best, player)
    return total


def test_one_ply_equals_the_expectation_by_hand() -> None:
    for text, throw in ((PAGADE_WIN, (4, 1)), (INTO_SAFETY, (3, 2))):
        pos = Position.from_text(text)
        ev = ev_for(pos.ruleset, 1).variant(candidates=99)
        ranking = net_ranking(pos, throw, ev)
        for rp in ranking.plays:
            assert rp.chance == pytest.approx(one_ply_by_hand(rp.play.position, pos.to_move))
        est = ev.estimate(pos)
        assert est.method == ("race" if is_race(pos) and used_by_default(pos) else "network")
        assert set(est.se) == {0.0}
        assert est.chances[pos.to_move] == pytest.approx(one_ply_by_hand(pos, pos.to_move))
        assert math.fsum(est.side_chances) == pytest.approx(1.0)


def test_two_plies_equal_the_expectation_by_hand() -> None:
    # A pure race is valued by the race tables at every ply: the dice's exact 0.64.
    race = Position.from_text(RACE)
    for ply in PLIES:
        assert ev_for("pagade", ply).estimate(race).chances[0] == pytest.approx(0.64, abs=1e-12)
    pos = Position.from_text(INTO_BELLY)
    net = default_net("pagade")
    total = 0.0
    for throw, prob in dice_for("pagade").distinct():
        answers = [q.position for q in legal_plays(pos, throw)]
        values = [net.value(q, pos.to_move) for q in answers]
        total += float(prob) * one_ply_by_hand(answers[values.index(max(values))], 0)
    assert ev_for("pagade", 2).estimate(pos).chances[0] == pytest.approx(total)
    assert ev_for("pagade", 0).estimate(pos).chances[0] == pytest.approx(net.value(pos, 0))


# ---------------------------------------------------------------------------
# Reviews


def race_record() -> Record:
    """Red throws 3-4 (no 1: forced to pass); black throws 1-3 and wins."""
    game = Game(Position.from_text(RACE), seed=None)
    game.set_throw((3, 4))
    game.push("-")
    game.set_throw((1, 3))
    game.push("B83-84")
    return Record.from_game(game, names=["Asha", "Bo"])


@pytest.mark.parametrize("ply", [0, 1, 2])
def test_review_luck_sums_and_marks_on_a_tiny_game(ply: int) -> None:
    rec = race_record()
    rev = review(rec, ReviewSettings(by="network", ply=ply))
    first, second = rev.moves
    luck_ply = min(ply, 1)  # by default the luck is valued at 1 ply at most (LUCK_PLY)
    ev = ev_for("pagade", luck_ply)
    for m in rev.moves:
        assert m.how is not None and m.how["ply"] == ply and m.how["luck_ply"] == luck_ply
        assert m.luck is not None and m.throw_value is not None and m.mean_value is not None
        assert {t.throw for t in m.throws} == {t for t, _ in dice_for("pagade").distinct()}
        assert math.fsum(t.probability for t in m.throws) == pytest.approx(1.0)
        assert m.mean_value == pytest.approx(math.fsum(t.probability * t.value for t in m.throws))
        assert m.luck == pytest.approx(m.throw_value - m.mean_value)
        assert m.luck_se == 0.0 and m.luck_mark == luck_mark(m.luck)
        # the value before the throw, at the same ply: the mean is zero-luck
        assert math.fsum(t.probability * (t.value - m.mean_value) for t in m.throws) == (
            pytest.approx(0.0, abs=1e-12)
        )
        for t in m.throws:  # every throw valued by its best play at the evaluator's ply
            after = [q for q in legal_plays(m.position, t.throw) if q.notation == t.best]
            assert ev.estimate(after[0].position).chances[m.player] == pytest.approx(t.value)
    # Red's 3-4 is forced; black's 1-3 wins: his throw is worth 1, the others the network's.
    assert first.forced and first.verdict == "fine" and first.loss == 0.0
    assert second.throw_value == 1.0 and second.chance == 1.0 and second.after.exact
    fails = [t.value for t in second.throws if 1 not in t.throw]
    assert {t.value for t in second.throws if 1 in t.throw} == {1.0} and len(set(fails)) == 1
    assert first.luck is not None and second.luck is not None
    assert second.luck == pytest.approx((9 / 16) * (1.0 - fails[0]))
    assert rev.players[0].luck == pytest.approx(first.luck)
    assert rev.players[1].luck == pytest.approx(second.luck)
    assert rev.players[0].decisions == 0 and rev.players[0].error_rate is None
    assert rev.rollouts_played == 0 and rev.start.method == "race"  # a pure race: exact


def test_review_marks_a_blunder_and_a_good_play() -> None:
    game = Game(Position.from_text(CAPTURE_WINS))
    game.set_throw((3, 4))
    game.push("R45-49 R49-52")
    for ply in PLIES:
        rev = review(Record.from_game(game), ReviewSettings(by="network", ply=ply))
        (m,) = rev.moves
        assert m.best == "R45-48x R48-52 +20:R52-72" and m.best_chance == 1.0
        # Missing the sure win costs what the network says the other play is short of
        # certainty; how much that is depends on the network, its verdict does not.
        assert m.loss == pytest.approx(1.0 - m.chance) and m.verdict == classify(m.loss)
        assert m.loss >= THRESHOLDS["inaccuracy"]  # at least a mistake
        assert rev.players[0].counts[m.verdict] == 1 and rev.players[0].total_loss_se == 0.0
    game = Game(Position.from_text(INTO_SAFETY))
    game.set_throw((3, 2))
    game.push("R60-63 R63-65")
    (m,) = review(Record.from_game(game), ReviewSettings(by="network", ply=1)).moves
    assert m.best == m.played and m.loss == 0.0 and m.verdict == "fine"


def test_review_json_says_how_every_figure_was_obtained() -> None:
    rec = race_record()
    doc = json.loads(json.dumps(review(rec, ReviewSettings(by="network", ply=1)).as_dict()))
    assert doc["method"] == "network" and doc["ply"] == 1
    assert doc["network"]["file"].endswith("pagade.json")
    assert "self-play games" in doc["network"]["made_by"]
    assert doc["settings"]["by"] == "network" and doc["settings"]["ply"] == 1
    for m in doc["moves"]:
        assert m["method"] == "network" and m["ply"] == 1 and m["network"] == doc["network"]
        assert {"luck", "luck_mark", "throw_value", "mean_value", "throws", "plays"} <= set(m)
    assert doc["start_chances"]["method"] == "race"  # the start is a pure race
    rolled = review(rec, ReviewSettings(rollouts=2, luck_rollouts=0, by="rollouts")).as_dict()
    assert rolled["method"] == "rollout" and rolled["moves"][0]["method"] == "rollout"
    no_luck = review(rec, ReviewSettings(by="network", ply=0, luck_rollouts=0))
    assert no_luck.moves[0].luck is None and no_luck.players[0].luck is None


def test_review_defaults_plays_at_two_plies_luck_at_one() -> None:
    s = ReviewSettings()
    assert (s.ply, s.luck_depth, s.as_dict()["luck_ply"]) == (2, 1, 1)
    assert ReviewSettings(ply=0).luck_depth == 0 and ReviewSettings(luck_ply=2).luck_depth == 2
    rev = review(race_record(), ReviewSettings(luck_ply=2))
    assert rev.how is not None and (rev.how["ply"], rev.how["luck_ply"]) == (2, 2)


def test_a_review_remembers_nothing_that_changes_a_figure() -> None:
    """The evaluator keeps the values of the throw before (NetEvaluator.age): a whole review
    gives every throw the figures that a review of that throw alone, with nothing
    remembered, gives it."""
    game = Game(Position.start("parcheesi", players=2), seed=4)
    bots = [make_player("greedy", seed=i) for i in range(2)]
    for _ in range(14):
        throw = game.roll()
        game.push(bots[game.position.to_move].choose(game.position, throw, game.legal_plays()))
    rec = Record.from_game(game)
    whole = review(rec).moves
    assert len(whole) == 14 and sum(1 for m in whole if not m.forced) >= 5
    for m in whole:
        (alone,) = review(rec, moves=[m.number]).moves
        assert (m.best, m.best_chance, m.chance, m.loss) == (
            alone.best,
            alone.best_chance,
            alone.chance,
            alone.loss,
        )
        assert (m.luck, m.throw_value, m.mean_value) == (
            alone.luck,
            alone.throw_value,
            alone.mean_value,
        )
        assert [(t.throw, t.value) for t in m.throws] == [(t.throw, t.value) for t in alone.throws]


def test_settings_check_by_and_ply() -> None:
    with pytest.raises(ValueError, match="by must be"):
        ReviewSettings(by="oracle")
    with pytest.raises(ValueError, match="ply must be 0 to 2"):
        ReviewSettings(by="network", ply=3)
    with pytest.raises(ValueError, match="luck's ply must be 0 to 2"):
        ReviewSettings(luck_ply=3)
    with pytest.raises(ValueError, match="ply must be 0 to 2"):
        NetEvaluator(default_net("parcheesi"), ply=-1)


def test_hints_by_the_network() -> None:
    pos = Position.from_text(CAPTURE_WINS)
    got = hints(pos, (3, 4), evaluator=ev_for("parcheesi", 1))
    assert got[0].notation == "R45-48x R48-52 +20:R52-72" and got[0].chance == 1.0
    assert got[0].how is not None and got[0].how["method"] == "network"
    default = hints(pos, (3, 4))[0]  # by default: the network fitted to the set-up, 2 plies
    assert default.how is not None and default.how["ply"] == 2 and default.exact
    neighbours = Position.from_text(CAPTURE_WINS.replace("r,y", "r,g").replace(",y:", ",g:"))
    plain = hints(neighbours, (3, 4))  # no network has learned it: plays, but no number
    assert plain[0].chance is None and plain[0].how is not None
    assert plain[0].how["method"] == "none" and "has not learned" in plain[0].how["why"]


# ---------------------------------------------------------------------------
# The rollout check


def test_check_rollouts_truncated_at_once_is_zero_ply_and_after_one_throw_one_ply() -> None:
    pos = Position.from_text(INTO_SAFETY)
    ev = ev_for("parcheesi", 1).variant(candidates=99)
    zero = {rp.notation: rp.chance for rp in net_ranking(pos, (3, 2), ev.variant(ply=0)).plays}
    now = check_rollouts(pos, (3, 2), 3, ev, truncate=0)
    assert {rp.notation: rp.chance for rp in now.plays} == pytest.approx(zero)
    assert max(rp.se for rp in now.plays) < 1e-12
    # One throw, 36 rollouts: each ordered first throw once (stratified), so the mean is
    # exactly the expectation over the next throw: the 1-ply value.
    one = {rp.notation: rp.chance for rp in net_ranking(pos, (3, 2), ev).plays}
    check = check_rollouts(pos, (3, 2), 36, ev, truncate=1)
    assert {rp.notation: rp.chance for rp in check.plays} == pytest.approx(one)
    assert check.how is not None and check.how["truncate"] == 1


def test_check_rollouts_standard_errors_and_common_random_numbers() -> None:
    pos = Position.from_text(CAPTURE_WINS)
    ev = ev_for("parcheesi", 0)
    check = check_rollouts(pos, (3, 4), 40, ev, truncate=6, seed=2)
    best, other = check.plays
    assert best.chance == 1.0 and best.se == 0.0 and best.estimate.exact
    assert other.se > 0 and other.diff == pytest.approx(other.chance - 1.0)
    assert other.diff_se == pytest.approx(other.se)  # paired with an exact win
    assert check.as_dict() == check_rollouts(pos, (3, 4), 40, ev, truncate=6, seed=2).as_dict()
    assert other.estimate.method == "rollout" and other.estimate.policy == "network"
    # The same play twice: common random numbers make the difference exactly zero.
    twice = check_rollouts(pos, (3, 4), 12, ev, plays=[other.play, other.play], seed=2)
    assert twice.plays[1].diff == 0.0 and twice.plays[1].diff_se == 0.0
    with pytest.raises(ValueError, match="rollouts must be at least 1"):
        check_rollouts(pos, (3, 4), 0, ev)


# ---------------------------------------------------------------------------
# The sequential check: rollouts until the best play is outside its own noise


CLOSE_PLAYS = "parcheesi r,y - r:1.5.59.71,y:0.23.51.55 0 2 - - -"


def test_sequential_check_stops_at_the_first_look_when_the_best_play_is_clear() -> None:
    pos = Position.from_text(CAPTURE_WINS)
    ev = ev_for("parcheesi", 0)
    check = check_rollouts(pos, (3, 4), 2304, ev, first=72, seed=2)
    how = check.how
    assert how is not None and how["sequential"] and how["stopped"] == "clear"
    assert how["looks"] == [72, 144, 288, 576, 1152, 2304]
    assert how["k"] == pytest.approx(check_k(6)) and how["k"] > 2.5
    assert how["rollouts_used"] == [72, 72] and check.rollouts == 72
    best, other = check.plays
    assert best.estimate.exact and other.estimate.rollouts == 72
    # The standard error it reports is that of the 72 paired differences from an exact
    # win, and the margin is outside k of them.
    values = [v - 1.0 for v in _play_values(pos, other.play, 72, ev, seed=2)]
    assert (other.diff, other.diff_se) == pytest.approx(mean_se(values))
    assert abs(other.diff) >= how["k"] * other.diff_se > 0


def test_sequential_check_of_two_identical_plays_is_too_close_at_the_budget() -> None:
    pos = Position.from_text(CAPTURE_WINS)
    ev = ev_for("parcheesi", 0)
    play = legal_plays(pos, (3, 4))[-1]
    check = check_rollouts(pos, (3, 4), 288, ev, first=72, plays=[play, play], truncate=4)
    how = check.how
    assert how is not None and how["stopped"] == "budget" and how["rollouts_used"] == [288, 288]
    assert check.plays[1].diff == 0.0 and check.plays[1].diff_se == 0.0
    assert not clear_difference(check.plays[1].diff, check.plays[1].diff_se, how["k"])


def _play_values(
    pos: Position, play: object, n: int, ev: NetEvaluator, seed: int = 0
) -> list[float]:
    """The per-rollout values of ``play`` by a fixed-size check of it alone."""
    from pachisi.analysis.net import _Rollouts

    assert isinstance(play, type(legal_plays(pos, (3, 4))[0]))
    r = _Rollouts(ev.variant(ply=0), play, pos.to_move, DEFAULT_TRUNCATE, seed, True)
    r.extend(n)
    return r.values


def test_sequential_check_plays_on_only_while_the_plays_are_contested() -> None:
    """The stopping rule, look by look: a play stops when it is clearly worse than the best;
    the close ones go on; each figure is the fixed-size check's at the count it got."""
    pos = Position.from_text(CLOSE_PLAYS)
    ev = ev_for("parcheesi", 1)
    check = check_rollouts(pos, (6, 1), 1152, ev, first=72, seed=0)
    how = check.how
    assert how is not None
    k, used = how["k"], how["rollouts_used"]
    assert k == pytest.approx(check_k(5))
    assert max(used) > 72  # some plays were too close at the first look ...
    assert min(used) == 72  # ... and some were clearly worse at once
    best = check.plays[0]
    for rp, n in zip(check.plays, used, strict=True):
        assert n in how["looks"]
        fixed = check_rollouts(pos, (6, 1), n, ev, plays=[rp.play], seed=0).plays[0]
        assert (rp.chance, rp.se) == pytest.approx((fixed.chance, fixed.se))
        if rp is best:
            continue
        if how["stopped"] == "clear":
            assert abs(rp.diff) >= k * rp.diff_se
        if n > 72:  # it was played on: at the look before it was not yet clear
            pair = check_rollouts(pos, (6, 1), n // 2, ev, plays=[best.play, rp.play], seed=0)
            earlier = {p.notation: p for p in pair.plays}
            worse = min(earlier.values(), key=lambda p: p.diff)
            assert not clear_difference(worse.diff, worse.diff_se, k)
    assert used[0] == max(used)  # the best is played as long as anything is contested


def test_sequential_check_evened_gives_every_play_the_same_rollouts() -> None:
    """The web's check: every play played on to the count the check stopped at, and the
    figures those of a fixed-size check of that many rollouts, ranked again."""
    pos = Position.from_text(CLOSE_PLAYS)
    ev = ev_for("parcheesi", 1)
    plays = [rp.play for rp in net_ranking(pos, (6, 1), ev).plays[:3]]
    check = check_rollouts(pos, (6, 1), 1152, ev, first=72, plays=plays, even=True)
    how = check.how
    assert how is not None
    n = check.rollouts
    assert how["rollouts_used"] == [n] * 3 and n in how["looks"]
    fixed = check_rollouts(pos, (6, 1), n, ev, plays=plays)
    assert [(p.notation, p.chance, p.diff_se) for p in check.plays] == [
        (p.notation, p.chance, p.diff_se) for p in fixed.plays
    ]


def test_sequential_check_sizes_and_levels() -> None:
    assert check_looks(None, 100) == (100,) and check_k(1) == CLEAR
    assert check_looks(32, 1152) == (32, 64, 128, 256, 512, 1024, 1152)
    assert check_k(6) > check_k(5) > check_k(1)  # more looks, a stricter line
    assert first_look("parcheesi") == 72 and first_look("pagade") == 32
    pos = Position.from_text(CAPTURE_WINS)
    with pytest.raises(ValueError, match="first look"):
        check_rollouts(pos, (3, 4), 100, ev_for("parcheesi", 0), first=0)
    with pytest.raises(ValueError, match="alpha"):
        check_rollouts(pos, (3, 4), 100, ev_for("parcheesi", 0), first=36, alpha=1.5)


# ---------------------------------------------------------------------------
# The command


Runner = Callable[..., tuple[int, str, str]]


@pytest.fixture
def pachisi(capsys: pytest.CaptureFixture[str]) -> Runner:
    def run(*args: str) -> tuple[int, str, str]:
        status = cli.main(["analyse", *args])
        out, err = capsys.readouterr()
        return status, out, err

    return run


def test_command_reviews_a_record_by_the_network(pachisi: Runner, tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "race.pgame"
    race_record().save(path)
    status, out, err = pachisi(str(path), "--by", "network", "--ply", "0", "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert doc["kind"] == "review" and doc["method"] == "network" and doc["ply"] == 0
    status, out, err = pachisi(str(path), "--ply", "1")  # --ply implies --by network
    assert status == 0 and "at 1 ply" in out and "gnubg's luck" in out
    status, out, err = pachisi(str(path), "--json")  # the defaults: plays 2 plies, luck 1
    doc = json.loads(out)
    assert status == 0 and (doc["ply"], doc["luck_ply"]) == (2, 1)
    status, out, err = pachisi(str(path), "--luck-ply", "2", "--json")
    assert status == 0 and json.loads(out)["luck_ply"] == 2
    status, out, err = pachisi(str(path), "--luck-ply", "0")
    assert status == 0 and "valued at 0 ply, less their mean" in " ".join(out.split())


def test_command_ranks_and_checks_a_throw(pachisi: Runner) -> None:
    args = (
        INTO_SAFETY,
        "--throw",
        "3,2",
        "--ply",
        "1",
        "--check-rollouts",
        "36",
        "--truncate",
        "1",
    )
    status, out, err = pachisi(*args, "--json")
    assert status == 0 and err == ""
    doc = json.loads(out)
    assert doc["kind"] == "ranking" and doc["method"] == "network" and doc["ply"] == 1
    assert doc["check"]["method"] == "rollout" and doc["check"]["policy"] == "network"
    assert doc["check"]["rollouts"] == 36 and doc["check"]["truncate"] == 1
    chances = {p["play"]: p["chance"] for p in doc["plays"]}
    assert {p["play"]: p["chance"] for p in doc["check"]["plays"]} == pytest.approx(chances)
    status, out, err = pachisi(*args)
    assert status == 0 and "Rollout check" in out
    status, out, err = pachisi(INTO_SAFETY, "--by", "network", "--json")
    assert status == 0 and json.loads(out)["method"] == "network"


def test_command_checks_sequentially_and_says_so(pachisi: Runner) -> None:
    status, out, err = pachisi(CAPTURE_WINS, "--throw", "3,4", "--check-rollouts", "--json")
    assert status == 0 and err == ""
    check = json.loads(out)["check"]
    assert check["sequential"] and check["stopped"] == "clear" and check["rollouts"] == 72
    assert check["looks"][-1] == 2304  # the default budget
    status, out, err = pachisi(CAPTURE_WINS, "--throw", "3,4", "--check-rollouts", "--notation")
    assert status == 0 and "72 rollouts per play (sequential, stopped with the best" in out
    assert f"at least {check['k']:.2g} standard errors" in " ".join(out.split())


BAD = [
    (["--ply", "3"], "--ply must be 0 to 2"),
    (["--by", "rollouts", "--ply", "1"], "--ply works with --by network"),
    (["--by", "network", "--rollouts", "5"], "--rollouts works with --by rollouts"),
    (["--by", "network", "--policy", "random"], "--policy works with --by rollouts"),
    (["--by", "network", "--luck-rollouts", "4"], "--luck-rollouts counts rollouts"),
    (["--check-rollouts", "5"], "--check-rollouts checks the plays of a --throw"),
    (["--throw", "3,2", "--check-rollouts", "0"], "--check-rollouts must be at least 1"),
    (["--throw", "3,2", "--check-rollouts", "2", "--truncate", "-1"], "--truncate must be"),
    (["--ply", "1", "--truncate", "2"], "--truncate works with --check-rollouts"),
    (["--luck-ply", "3"], "--luck-ply must be 0 to 2"),
    (["--luck-ply", "1"], "--luck-ply is a record's"),
    (["--by", "rollouts", "--luck-ply", "1"], "--luck-ply works with --by network"),
    (["--network", "no-such.json"], "cannot read no-such.json"),
    (["--by", "network", "--throw", "7,1"], "no face 7"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[m for _, m in BAD])
def test_command_errors_are_one_line(pachisi: Runner, args: list[str], message: str) -> None:
    status, out, err = pachisi(INTO_SAFETY, *args)
    assert status != 0 and out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("pachisi: ") and message in lines[0], err


def test_command_refuses_a_network_of_another_ruleset(pachisi: Runner, tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "pagade.json"
    default_net("pagade").save(path)
    status, out, err = pachisi(INTO_SAFETY, "--network", str(path))
    assert status != 0 and out == "" and len(err.splitlines()) == 1
    assert "a network for pagade, not parcheesi" in err


def test_without_numpy_the_figures_are_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    pos = Position.from_text(INTO_SAFETY)
    with_numpy = net_ranking(pos, (3, 2), ev_for("parcheesi", 1)).as_dict()
    monkeypatch.setitem(sys.modules, "numpy", None)  # import numpy raises ImportError
    plain = net_ranking(pos, (3, 2), ev_for("parcheesi", 1)).as_dict()
    assert [p["play"] for p in plain["plays"]] == [p["play"] for p in with_numpy["plays"]]
    for a, b in zip(plain["plays"], with_numpy["plays"], strict=True):
        assert a["chance"] == pytest.approx(b["chance"], abs=1e-12)


def test_check_rollouts_with_the_network_as_control_variate() -> None:
    """The control (the network's value after the first throw, less its 1-ply mean) is zero
    on average: after one throw of truncation it leaves the 1-ply values exactly, whatever
    the number of rollouts; over whole blocks of first throws it keeps the mean and can
    only take noise away."""
    pos = Position.from_text(INTO_SAFETY)
    ev = ev_for("parcheesi", 1).variant(candidates=99)
    one = {rp.notation: rp.chance for rp in net_ranking(pos, (3, 2), ev).plays}
    check = check_rollouts(pos, (3, 2), 5, ev, truncate=1)
    assert check.how is not None and check.how["control"] == "first throw"
    assert {rp.notation: rp.chance for rp in check.plays} == pytest.approx(one)
    assert max(rp.se for rp in check.plays) < 1e-12
    plain = check_rollouts(pos, (3, 2), 144, ev, truncate=12, control=False)
    ctl = check_rollouts(pos, (3, 2), 144, ev, truncate=12)
    means = {rp.notation: rp.chance for rp in plain.plays}
    assert {rp.notation: rp.chance for rp in ctl.plays} == pytest.approx(means)
    assert plain.how is not None and plain.how["control"] is None
    assert sum(rp.se for rp in ctl.plays) < sum(rp.se for rp in plain.plays)
