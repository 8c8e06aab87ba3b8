"""``pachisi simulate``: reproducible results whatever --jobs, the statistics, the outputs.

The computation is tested directly (:mod:`pachisi.tournament`), the
command through ``python -m pachisi`` in a subprocess, like a user runs it.
"""

from __future__ import annotations

import csv
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import SIM_SETUPS, simulate
from pachisi import Game, Position
from pachisi.bots import make_player
from pachisi.game import first_player
from pachisi.rules import Setup
from pachisi.terminal.simulate import CSV_FIELDS
from pachisi.tournament import (
    GameResult,
    SimConfig,
    bot_seed,
    game_seed,
    play_game,
    player_labels,
    run_games,
    seat_assignment,
    summarise,
    wilson,
)


def sim(command: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """``pachisi simulate`` with the words of ``command`` and then ``extra`` (paths)."""
    return simulate(*command.split(), *extra)


def ok(proc: subprocess.CompletedProcess[str]) -> str:
    """Exit 0, nothing on standard error (no progress bar when it is not a terminal)."""
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def refused(proc: subprocess.CompletedProcess[str]) -> str:
    """Non-zero exit, one line on standard error starting 'pachisi:', nothing on stdout."""
    assert proc.returncode != 0
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pachisi: ")
    return lines[0]


def without_timing(doc: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in doc.items() if k != "timing"}


# ---------------------------------------------------------------------------
# Statistics


@pytest.mark.parametrize(
    ("k", "n", "lo", "hi"),
    [
        (50, 100, 0.4038, 0.5962),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (1, 2, 0.0945, 0.9055),
        (81, 263, 0.2553, 0.3662),
    ],
)
def test_wilson_interval_known_values(k: int, n: int, lo: float, hi: float) -> None:
    got = wilson(k, n)
    assert got[0] == pytest.approx(lo, abs=5e-5)
    assert got[1] == pytest.approx(hi, abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson(3, 2)


def test_rotation_puts_every_player_in_every_seat() -> None:
    assert [seat_assignment(3, i) for i in range(4)] == [
        (0, 1, 2),
        (1, 2, 0),
        (2, 0, 1),
        (0, 1, 2),
    ]
    assert seat_assignment(3, 5, rotate=False) == (0, 1, 2)
    # Partners (seats 0+2 and 1+3) stay partners under rotation.
    for i in range(4):
        seats = seat_assignment(4, i)
        assert {seats[0], seats[2]} in ({0, 2}, {1, 3})


def test_player_labels_number_repeated_bots() -> None:
    assert player_labels(["greedy", "random"]) == ["greedy", "random"]
    assert player_labels(["random", "greedy", "random"]) == ["random#1", "greedy", "random#2"]


def test_seeds_are_fixed_functions_of_the_run_seed() -> None:
    # Pinned to their values: a change here changes every published simulation result.
    assert [game_seed(1, 0), game_seed(1, 1), game_seed(7, 3)] == [
        220945722103661,
        217435152139802,
        174406214588727,
    ]
    assert [bot_seed(220945722103661, 0), bot_seed(220945722103661, 1)] == [
        187577556397051,
        184177703129875,
    ]
    assert len({game_seed(s, i) for s in range(5) for i in range(50)}) == 250
    assert bot_seed(game_seed(1, 0), 0) != bot_seed(game_seed(1, 0), 1)


# ---------------------------------------------------------------------------
# Games


def test_greedy_beats_random() -> None:
    config = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), seed=2026)
    summary = summarise(config, list(run_games(config, 60)))
    greedy, rnd = summary["players"]
    assert summary["decided"] == summary["finished"] == 60
    assert greedy["ci95"][0] > 0.5, greedy
    assert rnd["ci95"][1] < 0.5, rnd
    assert greedy["wins"] + rnd["wins"] == 60
    assert greedy["seats_played"] == [30, 30]


def test_same_results_in_process_with_one_and_two_jobs() -> None:
    config = SimConfig(Setup.create("pagade", players=4), ("greedy", "random") * 2, seed=9)
    assert list(run_games(config, 6, jobs=1)) == list(run_games(config, 6, jobs=2))


def test_run_games_from_a_later_start_gives_the_same_games() -> None:
    """A stopped run finished later (``start``) gives the games the whole run would have."""
    config = SimConfig(Setup.create("parcheesi", players=2), ("greedy", "random"), seed=5)
    whole = list(run_games(config, 6))
    assert list(run_games(config, 2, start=4)) == whole[4:]
    assert list(run_games(config, 2, jobs=2, start=4)) == whole[4:]
    assert [r.index for r in run_games(config, 3, start=2)] == [2, 3, 4]
    with pytest.raises(ValueError):
        list(run_games(config, 1, start=-1))


def test_a_simulated_game_replays_with_its_seeds() -> None:
    """The documented recipe: the game's seed gives the first player and every throw."""
    setup = Setup.create("whitman", players=3)
    config = SimConfig(setup, ("greedy", "random", "random"), seed=4)
    result = play_game(config, 2)
    rng = random.Random(result.seed)
    first, _ = first_player(setup, rng)
    assert first == result.first
    game = Game(Position.initial(setup, first), rng=rng)
    bots = [
        make_player(config.bots[p], bot_seed(result.seed, s)) for s, p in enumerate(result.seats)
    ]
    captures = [0, 0, 0]
    while not game.is_over:
        throw = game.roll()
        mover = game.position.to_move
        play = game.push(bots[mover].choose(game.position, throw, game.legal_plays()))
        captures[mover] += sum(a.capture for a in play.actions)
    assert len(game.history) == result.throws
    assert game.winner == result.winner
    assert tuple(captures) == result.captures


@pytest.mark.parametrize(("spec", "bots"), SIM_SETUPS, ids=[str(s[0]) for s in SIM_SETUPS])
def test_every_ruleset_and_set_up(spec: dict[str, Any], bots: tuple[str, ...]) -> None:
    setup = Setup.create(**spec)
    config = SimConfig(setup, bots, seed=11)
    results = list(run_games(config, 2))
    summary = summarise(config, results)
    team = 2 if setup.teams else 1
    assert summary["games"] == summary["finished"] == summary["decided"] == 2
    for r in results:
        assert r.finished and r.winner is not None
        assert len(r.winner) == team
        assert r.throws > 0
    # A team win counts for both partners.
    assert sum(p["wins"] for p in summary["players"]) == 2 * team
    assert sum(s["wins"] for s in summary["seats"]) == 2 * team
    assert summary["players"][0]["fair_share"] == pytest.approx(team / len(bots))


def test_game_over_the_throw_limit_is_unfinished_not_a_crash() -> None:
    config = SimConfig(Setup.create("pagade", players=2), ("random", "random"), 1, max_throws=5)
    results = list(run_games(config, 3))
    assert all(not r.finished and r.winner is None and r.throws == 5 for r in results)
    summary = summarise(config, results)
    assert summary["unfinished"] == 3 and summary["decided"] == 0
    assert summary["throws"]["mean"] is None
    assert summary["players"][0]["win_rate"] is None


# ---------------------------------------------------------------------------
# The command


def test_same_seed_same_json_with_one_and_two_jobs(tmp_path: Path) -> None:
    docs = []
    for i, jobs in enumerate(("1", "2", "2")):
        out = tmp_path / f"r{i}.json"
        ok(sim(f"{PAGADE_4} --seed 42 --jobs {jobs} --out", str(out)))
        docs.append(json.loads(out.read_text()))
    assert docs[0]["timing"]["jobs"] == 1 and docs[1]["timing"]["jobs"] == 2
    assert without_timing(docs[0]) == without_timing(docs[1]) == without_timing(docs[2])
    other = tmp_path / "other.json"
    ok(sim(f"{PAGADE_4} --seed 43 --out", str(other)))
    assert json.loads(other.read_text())["results"] != docs[0]["results"]


PAGADE_4 = "pagade --players greedy,random,random,random --games 8"
JSON_FIELDS = {
    *("ruleset", "setup", "bots", "games", "seed", "rotate", "max_throws", "engine"),
    *("summary", "timing", "results"),
}
GAME_FIELDS = {
    *("game", "seed", "seats", "bots", "first", "winner", "finished", "throws", "captures"),
}


def test_json_output_fields(tmp_path: Path) -> None:
    out = tmp_path / "r.json"
    cmd = "parcheesi --players bot-greedy,random --games 6 --seed 3 --quiet --out"
    stdout = ok(sim(cmd, str(out)))
    assert "greedy" in stdout and "95% CI" in stdout and "Game length" in stdout
    doc = json.loads(out.read_text())
    assert set(doc) == JSON_FIELDS
    assert doc["bots"] == ["greedy", "random"] and doc["seed"] == 3 and doc["rotate"] is True
    setup = Setup.create("parcheesi", players=2)
    assert doc["setup"] == setup.to_fields()
    s = doc["summary"]
    assert s["games"] == 6 and len(s["players"]) == len(s["seats"]) == 2
    for p in s["players"]:
        assert {"player", "bot", "label", "wins", "win_rate", "ci95", "fair_share"} <= set(p)
        lo, hi = p["ci95"]
        assert lo <= p["win_rate"] <= hi
    assert {"mean", "median", "min", "max"} == set(s["throws"])
    assert isinstance(s["captures_per_game"], float)
    assert [g["game"] for g in doc["results"]] == list(range(6))
    for g in doc["results"]:
        assert set(g) == GAME_FIELDS
        assert g["bots"] == [doc["bots"][p] for p in g["seats"]]
    # The file holds exactly what the library computes (random and greedy players:
    # inside the kernel).
    assert doc["engine"] == "kernel"
    config = SimConfig(setup, ("greedy", "random"), seed=3, engine="kernel")
    assert doc["results"] == [r.as_dict(config.bots) for r in run_games(config, 6)]


def test_csv_output_fields(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    ok(
        sim(
            "parcheesi --players greedy,random,random --games 5 --seed 3 --no-rotate --out",
            str(out),
        )
    )
    with out.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert tuple(rows[0]) == CSV_FIELDS
    assert [int(r["game"]) for r in rows] == list(range(5))
    for r in rows:
        assert r["bots"] == "greedy;random;random" and r["players"] == "0;1;2"
        assert r["finished"] == "1" and r["winner"] in ("0", "1", "2")
        assert int(r["throws"]) > 0
        assert sum(map(int, r["captures_by_seat"].split(";"))) == int(r["captures"])
        assert int(r["seed"]) == game_seed(3, int(r["game"]))


def test_set_up_flags(tmp_path: Path) -> None:
    out = tmp_path / "e.json"
    ok(sim("eight-man --players greedy,random --major yellow,green --games 2 --out", str(out)))
    players = json.loads(out.read_text())["setup"]["players"]
    assert [p["major"] for p in players] == ["yellow", "green"]
    cmd = "parcheesi --players random,greedy --colours red,green --option sum_move=jump --games 2"
    stdout = ok(sim(f"{cmd} --out", str(out)))
    assert "red, green" in stdout and "[sum_move=jump]" in stdout
    setup = json.loads(out.read_text())["setup"]
    assert setup["options"] == {"sum_move": "jump"}
    assert [p["colours"] for p in setup["players"]] == [["red"], ["green"]]


def test_plot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "chart.png"
    ok(sim("parcheesi --players greedy,random --games 4 --plot", str(out)))
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from pachisi.cli import main

    monkeypatch.setitem(sys.modules, "matplotlib", None)
    args = ["simulate", "parcheesi", "--players", "random,random", "--games", "1", "--plot"]
    status = main([*args, str(tmp_path / "x.png")])
    captured = capsys.readouterr()
    assert status != 0 and captured.out == ""
    assert captured.err.count("\n") == 1 and "pip install 'matplotlib" in captured.err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--players", "random,random"], "invalid choice"),
        (["parcheesi"], "--players"),
        (["parcheesi", "--players", "random,robot"], "unknown computer player 'robot'"),
        (["parcheesi", "--players", "random,,greedy"], "--players"),
        (["parcheesi", "--players", ",".join(["random"] * 5)], "5 players"),
        (["eight-man", "--players", "random,random,random"], "played by 2 players"),
        (["parcheesi", "--players", "random,random", "--games", "0"], "--games"),
        (["parcheesi", "--players", "random,random", "--games", "many"], "--games"),
        (["parcheesi", "--players", "random,random", "--jobs", "-2"], "--jobs"),
        (["parcheesi", "--players", "random,random", "--teams"], "team"),
        (["parcheesi", "--players", "random,random", "--option", "nope=1"], "nope"),
        (["parcheesi", "--players", "random,random", "--colours", "red"], "--colours"),
        (["parcheesi", "--players", "random,random", "--out", "r.txt"], ".json or .csv"),
        (["parcheesi", "--players", "random,random", "--out", "/no/such/dir/r.json"], "/no/such"),
        (["parcheesi", "--players", "random,random", "--plot", "chart.gif"], ".png"),
    ],
)
def test_bad_arguments_are_one_line(args: list[str], message: str) -> None:
    assert message in refused(simulate(*args))


def test_unwritable_out_file(tmp_path: Path) -> None:
    target = tmp_path / "r.json"
    target.mkdir()
    args = ["parcheesi", "--players", "random,random", "--out", str(target)]
    assert "directory" in refused(simulate(*args))


def test_result_of_a_game_is_plain_data() -> None:
    config = SimConfig(Setup.create("parcheesi", players=2), ("random", "greedy"), seed=0)
    r = play_game(config, 0)
    assert isinstance(r, GameResult)
    d = r.as_dict(config.bots)
    assert json.loads(json.dumps(d)) == d


def test_the_progress_bar_counts_in_the_commands_unit() -> None:
    """``simulate`` and ``analyse`` share one progress bar (terminal/output.py): done/total,
    the unit named, drawn on standard error and gone when done."""
    from rich.console import Console

    from pachisi.terminal.output import progress_bar

    bar = progress_bar("games")
    assert bar.console.stderr and bar.live.transient
    task = bar.add_task("simulating", total=40, completed=12)
    drawn = Console(width=120, record=True, force_terminal=False)
    drawn.print(bar.make_tasks_table(bar.tasks))
    line = drawn.export_text()
    assert "simulating" in line and "12/40" in line and "games" in line and "left" in line
    assert bar.tasks[task].completed == 12
