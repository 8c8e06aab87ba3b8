"""``pachisi simulate`` inside the kernel: the same games as the clear engine's, compiled
or not, whatever the jobs or chunks; captures and dead ends as the library counts them;
any game shown in full (``--record-game``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import SIM_SETUPS, simulate
from kernels import COMPILED, UNCOMPILED
from pachisi import Position, _accel, dice_for
from pachisi.chunks import InProcess
from pachisi.record import Record
from pachisi.rules import Setup
from pachisi.tournament import (
    SimConfig,
    default_engine,
    game_seed,
    play_game,
    read_log,
    record_game,
    run_games,
    run_indices,
)
from pachisi.tournament.kernel import pure_game, replay
from simulate_differential import run as differential

needs_kernel = pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here")


def kernel_config(spec: dict[str, Any], bots: tuple[str, ...], seed: int = 3) -> SimConfig:
    return SimConfig(Setup.create(**spec), bots, seed, engine="kernel")


# ---------------------------------------------------------------------------
# The kernel's games are the clear engine's


@needs_kernel
def test_kernel_games_are_the_clear_engines_games() -> None:
    """A seeded share of tests/simulate_differential.py: every ruleset, set-up and switch,
    from the start, random and built positions; every position, the places, throws,
    winner, dead end and captures compared."""
    stats: dict[str, int] = {}
    checked, failures = differential(600, seed=20261124, limit=40, stats=stats)
    assert failures == []
    assert checked == 40
    # The share reaches what it is there to check.
    assert stats["start"] and stats["random position"] and stats["built: near a dead end"]
    assert stats["dead ends"] >= 2 and stats["cut off"] >= 2 and stats["captures"] > 100


def test_the_kernels_source_as_python_plays_the_same_games() -> None:
    near = Position.from_text(NEARLY)
    start = Position.initial(Setup.create("eight-man", players=2), 1)
    for pos, seed, mask in ((near, 5, 0b01), (start, 8, 0b10)):
        assert UNCOMPILED is not None
        got = _accel.simulate_trace(pos, seed, pos.to_move, mask, 100_000, UNCOMPILED)
        with _accel.pure():
            want, game = pure_game(pos, seed, mask, 100_000)
            replayed, captures = replay(pos, got[1], got[2])
        assert captures == want.captures and replayed.position == game.position
        assert got[0] == want
        if COMPILED is not None:
            assert _accel.simulate_trace(pos, seed, pos.to_move, mask, 100_000, COMPILED) == got


@needs_kernel
@pytest.mark.parametrize(("spec", "bots"), SIM_SETUPS, ids=[str(s[0]) for s in SIM_SETUPS])
def test_a_run_is_the_same_compiled_and_pure(spec: dict[str, Any], bots: tuple[str, ...]) -> None:
    config = kernel_config(spec, bots, seed=11)
    compiled = list(run_games(config, 3))
    with _accel.pure():  # as under PACHISI_PURE=1: pure_game plays them
        assert list(run_games(config, 3)) == compiled
    for r in compiled:
        assert r.finished and r.winner is not None and r.throws > 0
        assert r.seed == game_seed(11, r.index)


def test_the_same_results_whatever_the_jobs_and_chunks() -> None:
    config = kernel_config({"ruleset": "parcheesi", "players": 3}, ("greedy", "random", "random"))
    whole = list(run_games(config, 24))
    assert [r.index for r in whole] == list(range(24))
    assert list(run_games(config, 24, jobs=2)) == whole
    assert list(run_games(config, 24, jobs=2, chunk=5)) == whole
    assert list(run_games(config, 24, chunk=7)) == whole
    assert list(run_games(config, 24, backend=InProcess(), chunk=4)) == whole
    assert list(run_games(config, 4, start=20)) == whole[20:]
    assert list(run_indices(config, [7, 2, 5])) == [whole[7], whole[2], whole[5]]
    assert play_game(config, 9) == whole[9]
    # The first player is the library path's (the same preliminary throws).
    library = SimConfig(config.setup, config.bots, config.seed)
    assert [r.first for r in run_games(library, 6)] == [r.first for r in whole[:6]]


def test_engine_choice() -> None:
    assert default_engine(("greedy", "bot-random")) == "kernel"
    assert default_engine(("greedy", "expectimax")) == "library"
    setup = Setup.create("parcheesi", players=2)
    with pytest.raises(ValueError, match="plays only random and greedy players, not 'search'"):
        SimConfig(setup, ("greedy", "search"), 1, engine="kernel")
    with pytest.raises(ValueError, match="unknown engine 'gpu'"):
        SimConfig(setup, ("greedy", "random"), 1, engine="gpu")
    # Kernel games are other games than the library's (their own dice), by the same players.
    kernel = list(run_games(SimConfig(setup, ("greedy", "random"), 1, engine="kernel"), 4))
    assert kernel != list(run_games(SimConfig(setup, ("greedy", "random"), 1), 4))


# ---------------------------------------------------------------------------
# Captures and dead ends, as the library path counts them

NEARLY = "pagade ry,bg - r:74.75.76.76,y:75.75.76.76,b:75.75.76.76,g:75.75.76.76 0 0 00 - -"
DEAD = "pagade ry,bg - " + ",".join(f"{c}:75.75.76.76" for c in "rbyg") + " 0 0 00 - -"


def seed_throwing(pos: Position, throw: tuple[int, int], skip: int = 0) -> int:
    """A seed whose first throw (the dice stream of ``simulate_games``) is ``throw``."""
    faces = dice_for(pos.setup.ruleset).faces
    for seed in range(10_000):
        dice = _accel.SplitMix64(_accel.stream_seed(seed, 0))
        if (faces[dice.below(len(faces))], faces[dice.below(len(faces))]) == throw:
            if skip == 0:
                return seed
            skip -= 1
    raise AssertionError("no such seed")


def one_throw(pos: Position, seed: int, greedy: int) -> tuple[_accel.SimulatedGame, Any]:
    """The kernel's game of one throw from ``pos``, and the play the clear engine replays."""
    game, throws, final = _accel.simulate_trace(pos, seed, pos.to_move, greedy, 1)
    with _accel.pure():
        replayed, captures = replay(pos, throws, final)
    assert captures == game.captures
    return game, replayed.history[0].play


def test_a_pagade_pair_cutting_a_pair_is_one_capture() -> None:
    # Red's pair at 30 lands with 3-3 on square 25, where black's pair (at 16) stands.
    pos = Position.from_text(
        "pagade r,b,y,g - r:6.7.30.30,b:6.7.16.16,y:6.7.12.12,g:6.7.12.12 0 0 0000 - -"
    )
    seed = seed_throwing(pos, (3, 3))
    game, play = one_throw(pos, seed, greedy=0b0001)  # greedy red takes the pair
    assert [(a.kind, a.capture) for a in play.actions if a.capture] == [("pair", True)]
    assert play.position.pawns[1] == (0, 0, 6, 7)
    assert game.captures == (1, 0, 0, 0)


def test_a_third_doublet_is_not_a_capture() -> None:
    pos = Position.from_text("parcheesi r,y - r:0.0.10.20,y:0.0.0.5 0 2 - - -")
    seed = seed_throwing(pos, (4, 4))
    game, play = one_throw(pos, seed, greedy=0)
    assert [a.kind for a in play.actions] == ["penalty"]
    assert play.position.pawns[0] == (0, 0, 0, 10)
    assert game.captures == (0, 0) and game.throws == 1


def test_a_parcheesi_capture_counts_one_for_the_mover() -> None:
    # Red's only pawn on the board must use 2 and 4: 10 to 16, where yellow's pawn stands
    # (yellow's 50); the capture's bonus of 20 then takes it on to 36.
    pos = Position.from_text("parcheesi r,y - r:0.0.0.10,y:0.0.0.50 0 0 - - -")
    seed = seed_throwing(pos, (2, 4))
    game, play = one_throw(pos, seed, greedy=0)
    assert [a.kind for a in play.actions if a.capture] == ["move"]
    assert play.position.pawns == ((0, 0, 0, 36), (), (0, 0, 0, 0), ())
    assert game.captures == (1, 0)


def test_a_dead_end_ends_the_game_drawn() -> None:
    dead = Position.from_text(DEAD)
    [game] = _accel.simulate_games(dead, [1], [0], [0], 1000)
    assert game == _accel.SimulatedGame(0, (), None, True, (0, 0))
    near = Position.from_text(NEARLY)
    [game] = _accel.simulate_games(near, [4], [0], [0b11], 1000)
    # Red moves 74 to 75 with the first 1 it throws, and nothing can ever move again.
    assert game.dead_end and game.winner is None and 1 <= game.throws < 1000
    with _accel.pure():
        assert pure_game(near, 4, 0b11, 1000)[0] == game
    # Reached on the last throw allowed, it is still a dead end (finished, drawn) ...
    [last] = _accel.simulate_games(near, [4], [0], [0b11], game.throws)
    assert last == game
    # ... and one throw before, the game is only cut off.
    if game.throws > 1:
        [cut] = _accel.simulate_games(near, [4], [0], [0b11], game.throws - 1)
        assert not cut.dead_end and cut.throws == game.throws - 1


# ---------------------------------------------------------------------------
# A game in full


@pytest.mark.parametrize("engine", ["kernel", "library"])
def test_record_game_is_the_runs_game(engine: str) -> None:
    config = SimConfig(
        Setup.create("whitman", players=3), ("greedy", "random", "random"), 4, engine=engine
    )
    results = list(run_games(config, 3))
    game, result = record_game(config, 2)
    assert result == results[2]
    end = game.position
    assert len(game.history) == result.throws and end.winner == result.winner
    assert game.start.to_move == result.first
    captures = [0, 0, 0]
    for ply in game.history:
        captures[ply.before.to_move] += sum(a.capture for a in ply.play.actions)
    assert tuple(captures) == result.captures
    record = Record.from_game(game)
    assert Record.from_text(record.to_text()).positions()[-1] == end


def test_record_game_writes_a_record_that_replay_reads(tmp_path: Path) -> None:
    path = tmp_path / "g.pgame"
    cmd = ["pagade", "--players", "greedy,random,random,random", "--seed", "7"]
    proc = simulate(*cmd, "--record-game", "5", str(path))
    assert proc.returncode == 0, proc.stderr
    out = " ".join(proc.stdout.split())
    assert "game 5 of seed 7 (kernel engine)" in out and "pachisi replay" in out
    record = Record.load(path)
    assert record.dice == "manual" and record.extra["Simulated"].endswith("kernel engine")
    config = SimConfig(Setup.create("pagade"), ("greedy", "random", "random", "random"), 7)
    kernel = SimConfig(config.setup, config.bots, 7, engine="kernel")
    result = list(run_games(kernel, 6))[5]
    assert len(record.moves) == result.throws
    assert record.positions()[-1].winner == result.winner
    assert record.names == [["greedy", "random#1", "random#2", "random#3"][p] for p in result.seats]
    shown = subprocess.run(
        [sys.executable, "-m", "pachisi", "replay", str(path), "--move", "3", "--text"],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    assert Position.from_text(shown.stdout.strip()) == record.positions()[3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--record-game", "x", "g.pgame"], "K is a game index"),
        (["--record-game", "1", "g.txt"], "--record-game must end in .pgame"),
        (["--record-game", "1", "g.pgame", "--out", "r.json"], "does not take --out"),
        (["--engine", "kernel", "--players", "random,expectimax"], "not 'expectimax'"),
    ],
)
def test_bad_arguments_are_one_line(args: list[str], message: str, tmp_path: Path) -> None:
    base = ["parcheesi", "--seed", "1"]
    if "--players" not in args:
        base += ["--players", "random,greedy"]
    proc = subprocess.run(
        [sys.executable, "-m", "pachisi", "simulate", *base, *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        cwd=tmp_path,
    )
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr.startswith("pachisi: ") and len(proc.stderr.splitlines()) == 1
    assert message in proc.stderr


def document(path: Path) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(path.read_text())
    doc.pop("timing")
    return doc


def test_the_command_gives_the_same_results_compiled_and_pure(tmp_path: Path) -> None:
    cmd = ["eight-man", "--players", "greedy,random", "--games", "4", "--seed", "5", "--out"]
    outs = [tmp_path / "k.json", tmp_path / "p.json", tmp_path / "l.json"]
    assert simulate(*cmd, str(outs[0])).returncode == 0
    pure = simulate(*cmd, str(outs[1]), env={"PACHISI_PURE": "1"})
    assert pure.returncode == 0, pure.stderr
    assert "kernel engine" in " ".join(pure.stdout.split())
    assert document(outs[0]) == document(outs[1])
    assert document(outs[0])["engine"] == "kernel"
    # --engine library: the library path's games, as before.
    assert simulate(*cmd, str(outs[2]), "--engine", "library").returncode == 0
    doc = document(outs[2])
    assert doc["engine"] == "library"
    config = SimConfig(Setup.create("eight-man"), ("greedy", "random"), 5)
    assert doc["results"] == [r.as_dict(config.bots) for r in run_games(config, 4)]


def test_a_log_from_before_the_kernel_engine_is_the_librarys(tmp_path: Path) -> None:
    config = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), 2)
    log = tmp_path / "old.jsonl"
    header = {
        "kind": "pachisi-simulate-log",
        "version": 1,
        "setup": config.setup.to_fields(),
        "bots": ["greedy", "random"],
        "seed": 2,
        "rotate": True,
        "max_throws": config.max_throws,
    }
    log.write_text(json.dumps(header) + "\n")
    assert read_log(log, config)[1] == {}
    kernel = SimConfig(config.setup, config.bots, 2, engine="kernel")
    with pytest.raises(ValueError, match="log of another run \\(engine library, not kernel\\)"):
        read_log(log, kernel)
