"""Ludo and MADN through the command line, the engine choice and seeded games.

FORMAT.md (last section): ``pachisi moves POSITION --throw D`` and
``--batch`` lines ``{"position": ..., "throw": [D]}``; bad input gets a
one-line error. :func:`pachisi._accel.active_for` sends them to their own
compiled engine (:mod:`pachisi._kludo`) when it is built, else to the clear
engine: the same answers (tests/test_kludo.py).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pachisi import Position, _accel, _ludo_accel
from pachisi.game import Game
from pachisi.moves import Turn, legal_plays
from pachisi.rules import ONE_DIE_RULESETS, RULESETS
from test_cli import ok_json, refused, run

MAEDN = Position.from_text("maedn r,g - r:1.26.35.43,g:13.14.42.44 1 0 - - - 0 0")
LUDO = Position.from_text("ludo r,g,y - r:20.40.45.49,g:0.0.9.34,y:0.0.16.16 0 0 - - - 0 0")


def test_moves_one_die() -> None:
    out = ok_json(run("moves", "-", "--throw", "6", stdin=MAEDN.to_json()))
    greens = sorted(o["position"]["pawns"]["green"] for o in out["outcomes"])
    assert greens == [[13, 20, 42, 44], [14, 19, 42, 44]]
    assert all(o["position"]["tries"] == 0 for o in out["outcomes"])
    assert [o["play"] for o in out["outcomes"]] == ["G14-20", "G13-19"]


@pytest.mark.parametrize(
    ("throw", "words"),
    [("6,6", "one die"), ("7", "no face 7"), ("x", "one die"), ("0", "no face 0")],
)
def test_moves_bad_one_die_throw(throw: str, words: str) -> None:
    line = refused(run("moves", "-", "--throw", throw, stdin=LUDO.to_json()))
    assert words in line


def test_moves_batch_both_rulesets() -> None:
    lines = [
        {"position": LUDO.to_dict(), "throw": [2]},
        {"position": MAEDN.to_dict(), "throw": [6]},
        {"position": MAEDN.to_dict(), "throw": [6, 6]},
        {"position": {**LUDO.to_dict(), "tries": 5}, "throw": [2]},
        {"position": {**MAEDN.to_dict(), "pawns": {"red": [0, 0, 0, 45]}}, "throw": [1]},
    ]
    proc = run("moves", "--batch", stdin="".join(json.dumps(x) + "\n" for x in lines))
    assert proc.returncode == 0 and proc.stderr == ""
    answers = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(answers) == 5
    assert len(answers[0]["outcomes"]) == 3 and len(answers[1]["outcomes"]) == 2
    assert "one die" in answers[2]["error"]
    assert "tries" in answers[3]["error"]
    assert "pawns" in answers[4]["error"]


def test_the_kernel_answers_only_for_the_rulesets_it_knows() -> None:
    """The engine choice is explicit: ludo and maedn go to their own engine, when built."""
    assert set(_accel.KERNEL_RULESETS) == set(RULESETS)
    assert set(_accel.LUDO_RULESETS) == set(ONE_DIE_RULESETS)
    for ruleset in ONE_DIE_RULESETS:
        assert _accel.active_for(ruleset) == (_accel.active() and _ludo_accel.compiled())
    for ruleset in RULESETS:
        assert _accel.active_for(ruleset) == _accel.active()
    # Whatever engine is active, these rulesets answer (and the same as the clear engine).
    with _accel.pure():
        clear = legal_plays(LUDO, (2,))
    assert legal_plays(LUDO, (2,)) == clear
    assert Turn(LUDO, (2,)).legal_steps() == Turn(LUDO, (2,)).legal_steps()


@pytest.mark.parametrize("ruleset", ONE_DIE_RULESETS)
def test_turn_steps_agree_with_plays(ruleset: str) -> None:
    rng = random.Random(3)
    pos = Position.start(ruleset, players=4)
    for _ in range(300):
        if pos.is_over:
            break
        die = rng.randint(1, 6)
        plays = legal_plays(pos, (die,))
        turn = pos.turn((die,))
        steps = turn.legal_steps()
        if plays[0].actions:
            assert len(steps) == len(plays)
            for play, step in zip(plays, steps, strict=True):
                t = turn.copy()
                t.push(step)
                assert t.is_complete and t.result() == play.position
                assert pos.play((die,), play.notation) == play.position
        else:
            assert len(plays) == 1 and turn.is_complete and not steps
        pos = rng.choice(plays).position


@pytest.mark.parametrize("ruleset", ONE_DIE_RULESETS)
def test_seeded_games_repeat(ruleset: str) -> None:
    def play(seed: int) -> list[str]:
        game = Game.new(ruleset, players=2, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(game.history) < 2000:
            game.roll()
            game.push(rng.choice(game.legal_plays()))
        return [ply.notation for ply in game.history]

    first = play(11)
    assert first == play(11) and first != play(12)
    assert all(len(ply.split()) <= 1 for ply in first)


@pytest.mark.parametrize("ruleset", ONE_DIE_RULESETS)
def test_simulate_random_players(ruleset: str) -> None:
    proc = run("simulate", ruleset, "--players", "random,random", "--games", "4", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    assert "4 games, seed 5" in proc.stdout
    again = run("simulate", ruleset, "--players", "random,random", "--games", "4", "--seed", "5")
    assert again.stdout.split("Game length")[0] == proc.stdout.split("Game length")[0]


@pytest.mark.parametrize("ruleset", ONE_DIE_RULESETS)
def test_records_write_one_die_throws_and_read_back(ruleset: str) -> None:
    from pachisi.record import Record, RecordError

    game = Game.new(ruleset, players=3, seed=4)
    rng = random.Random(4)
    while not game.is_over and len(game.history) < 3000:
        game.roll()
        game.push(rng.choice(game.legal_plays()))
    text = Record.from_game(game).to_text()
    assert "\n1. red 2: -\n" in text  # one die: the throw is one number
    back = Record.from_text(text)
    assert back.positions()[-1] == game.position and back.to_game().position == game.position
    with pytest.raises(RecordError, match="move 1"):
        Record.from_text(text.replace("\n1. red 2: -\n", "\n1. red 2-2: -\n"))


def test_new_start_positions() -> None:
    out = ok_json(run("new", "ludo", "--colours", "blue,red", "--option", "start_tries=opening"))
    assert out["players"] == [{"colours": ["blue"]}, {"colours": ["red"]}]
    assert out["opening"] is True and out["tries"] == 0 and out["to_move"] == 0
    text = run("new", "maedn", "--players", "3", "--text").stdout.strip()
    assert text == "maedn r,b,g - r:0.0.0.0,b:0.0.0.0,g:0.0.0.0 0 0 - - - 0 0"
    refused(run("new", "maedn", "--colours", "red,yellow"))


def test_analyse_ranks_a_throw_by_rollouts_and_refuses_the_network() -> None:
    # No network has learned ludo: the analysis is by rollouts (docs/analysis.md).
    line = refused(run("analyse", "-", "--throw", "3", "--by", "network", stdin=LUDO.to_text()))
    assert "no network has learned ludo" in line and "--by rollouts" in line
    args = ("--throw", "3", "--rollouts", "6", "--jobs", "1", "--policy", "greedy", "--json")
    out = ok_json(run("analyse", "-", *args, stdin=LUDO.to_text()))
    assert out["kind"] == "ranking" and out["policy"] == "greedy"
    plays = {p["play"] for p in out["plays"]}
    assert plays == {p.notation for p in legal_plays(LUDO, (3,))}


def test_simulate_records_a_game_and_refuses_the_learned_levels(tmp_path: Path) -> None:
    from pachisi.record import Record

    target = tmp_path / "g.pgame"
    args = ("--games", "2", "--seed", "1", "--record-game", "1", str(target))
    proc = run("simulate", "maedn", "--players", "random,random", *args)
    assert proc.returncode == 0, proc.stderr
    rec = Record.load(target)
    assert rec.start.ruleset == "maedn" and rec.positions()[-1].winner is not None
    shown = run("replay", str(target), "--move", "5", "--board")  # the terminal draws it
    assert shown.returncode == 0 and "Mensch ärgere Dich nicht" in shown.stdout
    # No network has learned three players of these rulesets (docs/players.md): the
    # learned levels refuse them.
    three = ("simulate", "ludo", "--players", "expert,random,random", "--games", "2")
    line = refused(run(*three))
    assert "no network has learned" in line and "expectimax" in line


def test_analyse_reviews_a_maedn_record_by_rollouts(tmp_path: Path) -> None:
    # A review of a one-die game (RULES-LUDO.md M.6: the throws are one number each).
    target = tmp_path / "g.pgame"
    args = ("--games", "1", "--seed", "3", "--record-game", "0", str(target))
    assert run("simulate", "maedn", "--players", "greedy,random", *args).returncode == 0
    flags = ("--moves", "1-6", "--rollouts", "2", "--luck-rollouts", "0", "--jobs", "1")
    out = ok_json(run("analyse", str(target), *flags, "--json"))
    assert out["settings"]["policy"] == "greedy" and len(out["moves"]) == 6
    assert all(len(m["throw"]) == 1 for m in out["moves"])


def test_simulate_plays_the_ladder_up_to_expectimax() -> None:
    # Greedy and expectimax play these rulesets through the library engine (their own
    # evaluation, pachisi.bots.one_die), by strength name too.
    proc = run("simulate", "maedn", "--players", "strong,casual", "--games", "2", "--seed", "1")
    assert proc.returncode == 0, proc.stderr
    assert "library engine" in proc.stdout and "expectimax" in proc.stdout


@pytest.mark.parametrize("ruleset", ONE_DIE_RULESETS)
def test_bench_one_die(ruleset: str) -> None:
    """pachisi bench knows ludo and maedn (the compiled engine's path when it is built)."""
    proc = run("bench", "--ruleset", ruleset, "--seconds", "0.05")
    assert proc.returncode == 0, proc.stderr
    rows = [line.split() for line in proc.stdout.splitlines() if line.startswith(ruleset)]
    paths = {r[1] for r in rows}
    assert "library" in paths and ("kernel" in paths) == _accel.active_for(ruleset)
