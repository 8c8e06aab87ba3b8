"""The learned evaluation of Ludo and MADN (issue 36; RULES-LUDO.md §9, §10).

The one-die encoding field by field (:mod:`pachisi.learn.one_die`), the shipped
networks and the set-ups they refuse, the learned players on these boards (a
legal play; 1 ply with the 6-again rule, L.6.4 and M.6.1), self-play training, and
the analysis judging by the network by default where one ships.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from pachisi import Position
from pachisi.analysis import hints, review
from pachisi.analysis.net import ONE_DIE_NOT_JUDGE, NetEvaluator, check_rollouts, evaluator_for
from pachisi.analysis.words import hint_lines
from pachisi.bots import LearnedPlayer, fitting, game_positions, make_player, unfit_reason
from pachisi.dice import dice_for
from pachisi.errors import PachisiError
from pachisi.learn import misfit, net_for, shipped_for
from pachisi.learn.encoding import encoder_for, encoding_name
from pachisi.learn.network import ValueNet, WeightsError
from pachisi.learn.one_die import GLOBALS, OneDieEncoder, reach_chance
from pachisi.moves import legal_plays
from pachisi.record import Record
from pachisi.rules import Setup


def ludo(text: str, to_move: int = 0, tail: str = "0 0") -> Position:
    return Position.from_text(f"ludo r,y - {text} {to_move} 0 - - - {tail}")


def maedn(text: str, to_move: int = 0) -> Position:
    return Position.from_text(f"maedn r,g - {text} {to_move} 0 - - - 0 0")


def units(pos: Position) -> dict[int, float]:
    idx, val = encoder_for(pos.setup).encode(pos)
    assert len(set(idx)) == len(idx)  # distinct indices
    return dict(zip(idx, val, strict=True))


# -- the encoding ---------------------------------------------------------------------


def test_the_encoders_and_their_sizes() -> None:
    enc = encoder_for(Setup.create("ludo", players=2))
    assert isinstance(enc, OneDieEncoder) and enc.home == 57
    assert enc.slot_size == 3 * 58 + 12 and enc.n_inputs == 4 * enc.slot_size + len(GLOBALS)
    m = encoder_for(Setup.create("maedn", players=4))
    assert isinstance(m, OneDieEncoder) and m.n_inputs == 4 * (3 * 45 + 12) + len(GLOBALS)
    assert encoding_name("ludo") == "pachisi-one-die-encoding/1"
    assert encoding_name("parcheesi") == "pachisi-encoding/1"


def test_pawns_and_more_count_from_the_movers_arm() -> None:
    # Slot 0 is the mover's colour, slot 2 the opposite arm (the two-player opponent).
    pos = ludo("r:0.0.10.10,y:0.5.57.57")
    enc = encoder_for(pos.setup)
    u = units(pos)
    assert u[enc.index_of(0, "pawns", 0)] == 1.0 and u[enc.index_of(0, "more", 0)] == 1.0
    assert u[enc.index_of(0, "pawns", 10)] == 1.0 and u[enc.index_of(0, "more", 10)] == 1.0
    assert u[enc.index_of(2, "pawns", 57)] == 1.0 and u[enc.index_of(2, "more", 57)] == 1.0
    assert enc.index_of(1, "present") not in u and enc.index_of(3, "present") not in u
    # Yellow to move: yellow's pawns in slot 0, red's in slot 2.
    v = units(dataclasses.replace(pos, to_move=1))
    assert v[enc.index_of(0, "pawns", 5)] == 1.0 and v[enc.index_of(2, "pawns", 10)] == 1.0
    assert v[enc.index_of(0, "side0")] == 1.0 and v[enc.index_of(2, "side1")] == 1.0


def test_scalars_yard_home_to_go() -> None:
    pos = ludo("r:0.20.53.57,y:0.0.0.0")
    enc = encoder_for(pos.setup)
    u = units(pos)
    assert u[enc.index_of(0, "yard")] == 0.25
    assert u[enc.index_of(0, "home")] == 0.5  # 53 (home column) and 57 (Home)
    assert u[enc.index_of(0, "to_go")] == pytest.approx((57 + 37 + 4 + 0) / (4 * 57))
    assert u[enc.index_of(2, "yard")] == 1.0 and enc.index_of(2, "home") not in u


def test_danger_is_the_chance_an_opponent_behind_reaches_the_pawn() -> None:
    # L.4: red at 20 (square 19), yellow at 46 (square 26 + 45 = 19 - 3): 3 behind red.
    pos = ludo("r:0.0.0.20,y:0.0.0.42")
    enc = encoder_for(pos.setup)
    u = units(pos)
    square_red = (20 - 1) % 52
    square_yellow = (26 + 42 - 1) % 52
    assert (square_red - square_yellow) % 52 == 4
    assert u[enc.index_of(0, "danger", 20)] == pytest.approx(reach_chance({4}))
    # Yellow's pawn reaches red's with a 4: an attack for yellow, none for red.
    assert u[enc.index_of(2, "attacks")] == 0.25 and enc.index_of(0, "attacks") not in u


def test_no_danger_on_a_safe_square_or_in_a_block() -> None:
    # L.1.4: progress 8 is a star (board "ludoking"); L.4.2: two red pawns on 20 are a block.
    safe = ludo("r:0.0.0.8,y:0.0.0.30")  # yellow at 30: square 3, red's 8: square 7
    enc = encoder_for(safe.setup)
    u = units(safe)
    assert enc.index_of(0, "danger", 8) not in u and u[enc.index_of(0, "safe")] == 0.25
    block = ludo("r:0.0.20.20,y:0.0.0.42")
    b = units(block)
    assert enc.index_of(0, "danger", 20) not in b and b[enc.index_of(0, "blocks")] == 0.5
    assert b[enc.index_of(0, "safe")] == 0.5


def test_maedn_start_field_danger_from_an_entering_six() -> None:
    # M.5.2: green (arm 2, start field 20) with a pawn in the yard hits red on field 20
    # (red's progress 21) with its entering 6; nobody is behind red.
    pos = maedn("r:0.0.0.21,g:0.0.0.41")
    enc = encoder_for(pos.setup)
    assert units(pos)[enc.index_of(0, "danger", 21)] == pytest.approx(1 / 6)
    out = maedn("r:0.0.0.21,g:5.41.42.43")  # green at 5: field 24, ahead of red
    assert enc.index_of(0, "danger", 21) not in units(out)


def test_globals_say_a_throw_after_a_six_and_the_players() -> None:
    pos = ludo("r:0.0.0.20,y:0.0.0.0")
    enc = encoder_for(pos.setup)
    u = units(pos)
    assert enc.index_of(0, "six1") not in u and u[enc.index_of(0, "players2")] == 1.0
    again = units(dataclasses.replace(pos, doubles=2))
    assert again[enc.index_of(0, "six1")] == 1.0 and again[enc.index_of(0, "six2")] == 1.0
    four = Position.start("maedn", players=4)
    assert units(four)[encoder_for(four.setup).index_of(0, "players4")] == 1.0


def test_the_encoder_refuses_other_rulesets() -> None:
    with pytest.raises(ValueError, match="ludo and maedn"):
        OneDieEncoder(Setup.create("parcheesi", players=2))


# -- the shipped networks -------------------------------------------------------------


@pytest.mark.parametrize(
    ("ruleset", "players", "name"),
    [
        ("ludo", 2, "ludo.json"),
        ("ludo", 4, "ludo.4p.json"),
        ("maedn", 2, "maedn.json"),
        ("maedn", 4, "maedn.4p.json"),
    ],
)
def test_each_shipped_network_loads_and_fits_its_set_up(
    ruleset: str, players: int, name: str
) -> None:
    setup = Setup.create(ruleset, players=players)
    got, net = shipped_for(setup)
    assert got == name and net.ruleset == ruleset and misfit(net, setup) is None
    assert net.meta["made_by"]["encoding"] == "pachisi-one-die-encoding/1"
    start = Position.start(ruleset, players=players)
    chances = net.win_chances(start)
    assert sum(chances) == pytest.approx(1.0) and all(0 < c < 1 for c in chances)


def test_misfit_refuses_other_set_ups() -> None:
    two = net_for(Setup.create("ludo", players=2))
    four = Setup.create("ludo", players=4)
    assert "has not learned this arrangement" in (misfit(two, four) or "")
    assert "is for ludo" in (misfit(two, Setup.create("maedn", players=2)) or "")
    three = Setup.create("maedn", players=3)
    assert misfit(net_for(three), three) is not None  # no three-player network ships


def test_a_weights_file_of_the_other_encoding_is_refused(tmp_path: Path) -> None:
    net = net_for(Setup.create("maedn", players=2))
    data = net.to_dict()
    assert data["encoding"] == "pachisi-one-die-encoding/1"
    data["encoding"] = "pachisi-encoding/1"
    with pytest.raises(WeightsError, match="encodes maedn with pachisi-one-die-encoding/1"):
        ValueNet.from_dict(data)
    net.save(tmp_path / "m.json")
    assert ValueNet.load(tmp_path / "m.json").to_dict()["arrays"] == net.to_dict()["arrays"]


# -- the learned players --------------------------------------------------------------


@pytest.mark.parametrize("ruleset", ["ludo", "maedn"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_learned_levels_play_ludo_and_maedn(ruleset: str, players: int) -> None:
    setup = Setup.create(ruleset, players=players)
    assert {"learned", "learned1", "learned2"} <= set(fitting(setup))
    rng = random.Random(3)
    seen, _ = game_positions(
        setup, 0, rng, [make_player("greedy", i) for i in range(players)], max_throws=40
    )
    for level in ("learned", "learned1", "learned2"):
        bot = make_player(level, 1)
        for pos in seen[10::10]:
            for die in (2, 6):
                plays = legal_plays(pos, (die,))
                assert bot.choose(pos, (die,), plays) in plays


def test_three_players_are_refused_with_the_reason() -> None:
    setup = Setup.create("ludo", players=3)
    assert fitting(setup) == ("random", "greedy", "expectimax")
    why = unfit_reason("learned1", setup)
    assert why is not None and "no network has learned ludo, 3 players" in why
    assert "expectimax (strong)" in why
    pos = Position.start("ludo", players=3)
    plays = legal_plays(pos, (6,))
    with pytest.raises(PachisiError, match="no network has learned ludo, 3 players"):
        make_player("learned1", 1).choose(pos, (6,), plays)


def _by_hand(net: ValueNet, pos: Position, me: int) -> float:
    """``me``'s expectation over the next throw, the player to move in ``pos`` taking
    each throw's best result for himself (whoever he is)."""
    total = 0.0
    for (die,), prob in dice_for(pos.ruleset).distinct():
        mover = pos.to_move
        results = [p.position for p in legal_plays(pos, (die,))]
        best = max(results, key=lambda r: net.win_chances(r)[mover])
        total += float(prob) * net.win_chances(best)[me]
    return total


def test_one_ply_after_a_six_lets_the_same_player_throw_again() -> None:
    # L.6.4: red throws a 6 and moves: red throws again, so the expectation one throw
    # ahead takes red's best answer to each die (not yellow's). A network that prefers
    # different plays for red and yellow tells the two apart.
    net = net_for(Setup.create("ludo", players=2))
    pos = ludo("r:0.10.20.30,y:0.14.33.40")
    player = LearnedPlayer(1, plies=1, net=net)
    for play in legal_plays(pos, (6,)):
        after = play.position
        assert after.to_move == 0  # the same player throws again
        got = player.expectation(net, after, 0, 1)
        assert got == pytest.approx(_by_hand(net, after, 0), abs=1e-12)
        # The wrong reading (yellow answering the next throw) differs.
        wrong = _by_hand(net, dataclasses.replace(after, to_move=1, doubles=0), 0)
        assert abs(got - wrong) > 1e-4
    # After a 5 the turn passes: yellow answers.
    five = legal_plays(pos, (5,))[0].position
    assert five.to_move == 1
    got = player.expectation(net, five, 0, 1)
    assert got == pytest.approx(_by_hand(net, five, 0), abs=1e-12)


def test_self_play_training_on_ludo_is_reproducible(tmp_path: Path) -> None:
    from pachisi.training.train import TrainSettings, train

    setup = Setup.create("maedn", players=2)
    s = TrainSettings(setup.to_fields(), games=4, seed=2, hidden=4, round_games=2, max_throws=60)
    a = train(s, tmp_path / "a.json")
    b = train(s, tmp_path / "b.json")
    assert a.to_dict()["arrays"] == b.to_dict()["arrays"]
    assert a.meta["made_by"]["encoding"] == "pachisi-one-die-encoding/1"
    assert misfit(ValueNet.load(tmp_path / "a.json"), setup) is None


# -- analysis ---------------------------------------------------------------------------


def test_analysis_judges_by_rollouts_by_default_and_by_the_network_when_asked() -> None:
    pos = ludo("r:0.10.20.30,y:0.14.33.40")
    default, why = evaluator_for(pos.setup)
    assert default is None and why == ONE_DIE_NOT_JUDGE  # not accurate enough yet
    by_default = hints(pos, (6,), rollouts=2)
    assert by_default and all(h.how and h.how["method"] == "rollouts" for h in by_default)
    ev = NetEvaluator.shipped(pos.setup, ply=2)
    assert ev.source.endswith("ludo.json")
    found = hints(pos, (6,), evaluator=ev)
    assert found and all(h.how is not None and h.how["method"] == "network" for h in found)
    assert {h.notation for h in found} <= {p.notation for p in legal_plays(pos, (6,))}
    lines = hint_lines(pos, found)  # the plays in the move notation (no words for this board)
    assert "the network ludo.json at 2 ply" in lines[0] and found[0].notation in lines[1]
    est = ev.estimate(pos)
    assert est.method == "network" and sum(est.chances) == pytest.approx(1.0)
    start = Position.start("maedn", players=4)
    ev4 = NetEvaluator.shipped(start.setup, ply=2)
    for c in ev4.estimate(start).chances:
        assert abs(c - 0.25) <= 0.05  # the fair share


def test_analysis_without_a_network_stays_rollouts() -> None:
    pos = Position.from_text("ludo r,g,y - r:30.45.50.57,g:57.57.57.40,y:35.44.52.57 0 0 - - - 0 0")
    ev, why = evaluator_for(pos.setup)
    assert ev is None and why is not None
    found = hints(pos, (6,), rollouts=2)
    assert all(h.how is not None and h.how["method"] == "rollouts" for h in found)


def test_a_review_of_a_ludo_game_by_the_network_when_asked() -> None:
    setup = Setup.create("maedn", players=2)
    rng = random.Random(4)
    pos = start = Position.initial(setup, 0)
    moves = []
    bots = [make_player("greedy", 1), make_player("greedy", 2)]
    for _ in range(30):
        die = dice_for("maedn").roll(rng)
        play = bots[pos.to_move].choose(pos, die, legal_plays(pos, die))
        moves.append((die, play.notation))
        pos = play.position
    r = review(Record(start, moves), evaluator=NetEvaluator.shipped(setup))
    assert len(r.moves) == 30
    judged = [m for m in r.moves if not m.forced and not m.decided]
    assert judged and all(m.how is not None and m.how["method"] == "network" for m in judged)


def test_the_rollout_check_plays_the_network_on_one_die() -> None:
    pos = maedn("r:0.5.12.30,g:0.8.22.33")
    ev = NetEvaluator.shipped(pos.setup, ply=1)
    ranking = check_rollouts(pos, (6,), 8, ev, truncate=4)
    assert ranking.how["policy"] == "network" and ranking.rollouts == 8
    assert {rp.notation for rp in ranking.plays} <= {p.notation for p in legal_plays(pos, (6,))}
    # One throw of truncation with the control variate gives the 1-ply values exactly.
    exact = check_rollouts(pos, (6,), 4, ev, truncate=1)
    one = {rp.notation: rp.chance for rp in exact.plays}
    for rp in exact.plays:
        assert rp.se == pytest.approx(0.0, abs=1e-12)
        assert one[rp.notation] == pytest.approx(ev.values([rp.play.position], 1)[0][0])
