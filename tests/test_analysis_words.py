"""Numbers a player can trust and read (issue 33): the fitted network by default, fair
starts, one unit (points of win chance), no more digits than the precision, no verdict
inside its own noise, and the 80-column review that opens with a graph and the turning
points.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pachisi import Game, Position, cli
from pachisi.analysis import hints
from pachisi.analysis.net import check_rollouts, evaluator_for
from pachisi.analysis.words import (
    UNIT_NOTE,
    chance_text,
    decimals,
    hint_lines,
    points_text,
    text_graph,
)
from pachisi.bots import make_player
from pachisi.record import Record
from pachisi.rules import Setup

#: Set-ups of three or four players, and of teams, with their fair share of a win.
MANY = [
    ("parcheesi", {"players": 3}, 1 / 3),
    ("parcheesi", {"players": 4}, 1 / 4),
    ("parcheesi", {"players": 4, "teams": True}, 1 / 2),
    ("whitman", {"players": 3}, 1 / 3),
    ("whitman", {"players": 4}, 1 / 4),
    ("pagade", {}, 1 / 4),
    ("pagade", {"teams": True}, 1 / 2),
]
#: The symmetric set-ups, where a fair start is the fair share within 3 points. (Three
#: players on a board of four arms are not placed alike: rollouts of the network's player
#: from the three-player Parcheesi start give the first player 38.0% ± 1.3.)
SYMMETRIC = [
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("whitman", {"players": 2}),
    ("whitman", {"players": 4}),
    ("pagade", {}),
    ("pagade", {"teams": True}),
    ("eight-man", {}),
]

PERCENT = re.compile(r"(\d+(?:\.\d+)?)%")


def start(ruleset: str, kw: dict[str, Any]) -> Position:
    return Position.start(ruleset, **kw)


def percentages(text: str) -> list[float]:
    """Every percentage in ``text``, as a fraction."""
    return [float(x) / 100 for x in PERCENT.findall(text)]


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = cli.main(["analyse", *args])
    out, err = capsys.readouterr()
    return status, out, err


def a_record(players: int, throws: int, seed: int) -> Record:
    game = Game(Position.start("parcheesi", players=players), seed=seed)
    bots = [make_player("greedy", seed=i) for i in range(players)]
    for _ in range(throws):
        if game.is_over:
            break
        throw = game.roll()
        game.push(bots[game.position.to_move].choose(game.position, throw, game.legal_plays()))
    return Record.from_game(game)


# ---------------------------------------------------------------------------
# Precision and the unit


def test_figures_never_show_more_digits_than_their_precision() -> None:
    assert [decimals(s) for s in (None, 0.05, 0.01, 0.0098, 0.009, 0.0009)] == [0, 0, 0, 0, 1, 2]
    assert chance_text(0.2512, None) == "25%"  # the network: whole points
    assert chance_text(0.618, 0.041) == "62% ± 4"  # 144 rollouts
    assert chance_text(0.6183, 0.0041) == "61.8% ± 0.4"
    assert chance_text(1.0, 0.0, exact=True) == "certain"
    assert chance_text(0.0, 0.0, exact=True) == "no chance"
    assert chance_text(0.997, None) == "over 99%"  # never "100%" unless it is certain
    assert chance_text(0.003, None) == "under 1%"
    assert points_text(-0.194, 0.096) == "-19 ± 10"
    assert points_text(0.0812, None, signed=False) == "8"


# ---------------------------------------------------------------------------
# Fair starts: the fitted network, never the two-player hand evaluation


@pytest.mark.parametrize(("ruleset", "kw", "fair"), MANY, ids=[f"{r}-{k}" for r, k, _ in MANY])
def test_no_percentage_at_a_start_of_many_players_is_off_the_fair_share(
    ruleset: str, kw: dict[str, Any], fair: float, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the start of a three- or four-player or team game every percentage a player sees
    (the terminal hint, the API's chances, the command) is the fair share within 5 points:
    the hand evaluation, fitted to two players, said 48-50% at a four-player start."""
    pos = start(ruleset, kw)
    ev, why = evaluator_for(pos.setup)
    assert ev is not None, why
    throw = (5, 2) if ruleset != "pagade" else (6, 3)
    got = hints(pos, throw)[:3]
    assert got[0].how is not None and got[0].how["method"] == "network"
    lines = hint_lines(pos, got)
    shown = percentages("\n".join(lines))
    assert shown and all(abs(x - fair) <= 0.05 for x in shown), lines
    from pachisi.web.insight import chances

    api = chances(pos)
    assert api["method"] == "network"
    assert all(abs(x - fair) <= 0.05 for x in api["chances"])
    assert all(abs(x - fair) <= 0.05 for t in api["text"] for x in percentages(t))
    status, out, err = run_cli(capsys, pos.to_text())
    assert status == 0, err
    table = out[out.index("Win chances") :]
    assert all(abs(x - fair) <= 0.05 for x in percentages(table)), out


@pytest.mark.parametrize(("ruleset", "kw"), SYMMETRIC, ids=[f"{r}-{k}" for r, k in SYMMETRIC])
def test_the_command_at_its_defaults_gives_fair_starts(
    ruleset: str, kw: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    pos = start(ruleset, kw)
    status, out, err = run_cli(capsys, pos.to_text(), "--json")
    assert status == 0, err
    doc = json.loads(out)
    assert doc["method"] == "network" and doc["ply"] == 2  # one position: 2 plies
    fair = 1 / len(doc["estimate"]["sides"])
    for side in doc["estimate"]["side_chances"]:
        assert abs(side - fair) <= 0.03, doc["estimate"]


def test_without_a_fitted_network_no_number_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    """Two players on neighbouring arms: no network has learned it; the hint, the API and
    the command say so instead of a number."""
    pos = Position.start("parcheesi", players=["red", "green"])
    got = hints(pos, (5, 2))
    assert got and all(h.chance is None for h in got)
    lines = hint_lines(pos, got)
    assert "no win chance" in lines[0] and not percentages("\n".join(lines))
    from pachisi.web.insight import chances

    api = chances(pos)
    assert api["method"] == "none" and api["chances"] is None and "not learned" in api["why"]
    status, out, err = run_cli(capsys, pos.to_text())
    assert status != 0 and out == "" and "no network has learned this set-up" in err
    assert "--by rollouts" in err


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    pytest.importorskip("fastapi", reason="the web API needs the web extra")
    from fastapi.testclient import TestClient

    from pachisi.web.app import create_app

    db = tmp_path_factory.mktemp("db") / "g.sqlite"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0, rng=random.Random(2))) as c:
        yield c


@pytest.mark.parametrize(
    ("spec", "fair"),
    [
        ({"ruleset": "parcheesi", "players": 4}, 1 / 4),
        ({"ruleset": "parcheesi", "players": 4, "teams": True}, 1 / 2),
        ({"ruleset": "parcheesi", "players": 3}, 1 / 3),
    ],
)
def test_the_api_hint_at_a_start_is_the_fair_share(
    client: Any, spec: dict[str, Any], fair: float
) -> None:
    seats = ["human"] * spec["players"]
    r = client.post("/api/games", json={**spec, "seats": seats})
    assert r.status_code == 201, r.text
    game = r.json()
    s = game["state"]
    key = next(k["key"] for k in game["keys"] if k["seat"] == s["to_move"])
    r = client.post(f"/api/games/{game['id']}/hint", json={"key": key})
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["unit"] == "points of win chance" and hint["how"]["method"] == "network"
    for p in hint["plays"]:
        assert abs(p["estimate"] - fair) <= 0.05, hint
        if "chance" in p and p.get("se") is not None:
            assert abs(p["chance"] - fair) <= 0.05 + 2 * p["se"], hint


# ---------------------------------------------------------------------------
# Reviews and hints: the unit at the top, totals, the graph, no verdict in the noise


@pytest.fixture(scope="module")
def game_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rec") / "game.pgame"
    a_record(2, 40, seed=4).save(path)
    return path


def test_the_80_column_review_opens_with_the_unit_totals_graph_and_turning_points(
    game_file: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    status, out, err = run_cli(capsys, str(game_file), "--quiet")
    assert status == 0, err
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 80
    text = "\n".join(lines)
    first = UNIT_NOTE.split(":")[0]
    # The order: the unit, each player's totals, the graph, the turning points, the rest.
    marks = (first, "\nred (", "Win chance after each throw", "Turning points")
    at = [text.index(s) for s in marks]
    assert at == sorted(at) and at[-1] < text.index("Every throw")
    for colour in ("red", "yellow"):
        line = next(x for x in lines if x.startswith(colour))
        assert re.search(r"lost \d+ points? in \d+ decisions?", line), line
    assert "per 10 decisions" in text and "the dice gave" in text
    # The graph: 10 rows between its axis labels, each side drawn with its letter.
    graph = [x for x in lines if re.match(r"^ {0,2}\d*%? *\|", x)]
    assert len(graph) == 10 and any("R" in x for x in graph) and any("Y" in x for x in graph)
    # The network's figures are whole points: no decimals on a percentage.
    assert not re.search(r"\d\.\d+%", text)


def test_the_text_graph_fits_any_width_and_marks_the_end(game_file: Path) -> None:
    from pachisi.analysis import review

    rev = review(Record.load(game_file))
    for width in (40, 80, 120):
        graph = text_graph(rev, width)
        assert max(len(line) for line in graph) <= width
    # The last column is the chance after the last throw; a side near 100% tops the graph.
    won = Record.load(game_file)
    assert rev.moves[-1].number == len(won.moves)


def test_a_review_by_rollouts_gives_no_verdict_inside_its_noise(
    game_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--rollouts", "36", "--luck-rollouts", "4", "--moves", "10-25", "--jobs", "1",
            "--quiet", "--json")  # fmt: skip
    status, out, err = run_cli(capsys, str(game_file), *args)
    assert status == 0, err
    doc = json.loads(out)
    assert doc["method"] == "rollout"
    for m in doc["moves"]:
        if m["verdict"] != "fine":
            assert m["loss"] >= 2 * m["loss_se"], m
        if m["luck_mark"]:
            assert abs(m["luck"]) >= 2 * m["luck_se"], m
    assert doc["summary"]["players"][0]["text"].startswith("red")
    assert doc["summary"]["digits"] == 0  # 36 rollouts: every single figure in whole points


def test_a_rollout_check_says_too_close_to_tell_inside_its_noise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pos = Position.start("parcheesi", players=2)
    ev, _ = evaluator_for(pos.setup)
    assert ev is not None
    check = check_rollouts(pos, (5, 2), 72, ev, truncate=4)
    status, out, err = run_cli(capsys, pos.to_text(), "--throw", "5,2", "--check-rollouts", "72",
                               "--truncate", "4", "--notation")  # fmt: skip
    assert status == 0, err
    rows = {}
    for line in out.splitlines():
        for rp in check.plays[1:]:
            if f" {rp.notation} " in line and "±" in line:
                rows[rp.notation] = line
    assert set(rows) == {rp.notation for rp in check.plays[1:]}
    for rp in check.plays[1:]:
        close = abs(rp.diff) < 2 * rp.diff_se
        assert ("too close to tell" in rows[rp.notation]) == close, rows[rp.notation]


def test_a_hint_says_its_unit_at_the_top_and_gives_plays_in_words() -> None:
    pos = Position.start("parcheesi", players=4)
    got = hints(pos, (5, 5))[:3]
    lines = hint_lines(pos, got)
    assert "points of win chance" in lines[0] and "parcheesi.4p.json" in lines[0]
    assert lines[1].startswith("  h1. Red pawn +5: enters") and "your win chance" in lines[1]
    assert all(h.notation not in "\n".join(lines) for h in got)
    with_notation = hint_lines(pos, got, notation=True)
    assert got[0].notation in with_notation[1]


def test_the_library_review_summary_has_totals_series_and_turning_points() -> None:
    from pachisi.analysis import review

    rec = a_record(4, 24, seed=80)
    doc = review(rec).as_dict()
    summary = doc["summary"]
    assert summary["unit"] == "points of win chance" and summary["digits"] == 0
    assert len(summary["players"]) == 4
    for p in summary["players"]:
        assert p["lost"] >= 0 and p["decisions"] >= p["marked"]
        rate = p["error_rate"]
        assert rate is None or rate == pytest.approx(10 * p["lost"] / p["decisions"])
    assert len(summary["series"]["throws"]) == len(rec.moves) + 1
    for side in summary["series"]["sides"]:
        assert abs(side["chances"][0] - 0.25) <= 0.03  # the start, fair
        assert len(side["chances"]) == len(rec.moves) + 1
    assert Setup.create("parcheesi", players=4) == rec.start.setup


def test_rollout_options_imply_rollouts_and_mixing_kinds_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pos = "parcheesi r,y - r:10.60.72.72,y:22.24.72.72 0 0 - - -"
    status, out, err = run_cli(capsys, pos, "--rollouts", "36", "--jobs", "1", "--json")
    assert status == 0 and json.loads(out)["estimate"]["method"] == "rollout", err
    status, out, err = run_cli(capsys, pos, "--json")  # the default: the network
    assert status == 0 and json.loads(out)["method"] == "network", err
    status, out, err = run_cli(capsys, pos, "--rollouts", "36", "--ply", "1")
    assert status != 0 and out == ""
    assert err.strip() == (
        "pachisi: --rollouts works with --by rollouts, --ply with --by network"
    ), err


def test_the_api_says_so_where_no_network_has_learned_the_set_up(client: Any) -> None:
    """Two players on neighbouring arms: the hint's plays come without a number, the
    chances endpoint gives none, each with the reason."""
    spec = {"ruleset": "parcheesi", "players": ["red", "green"], "seats": ["human", "human"]}
    r = client.post("/api/games", json=spec)
    assert r.status_code == 201, r.text
    game = r.json()
    s = game["state"]
    key = next(k["key"] for k in game["keys"] if k["seat"] == s["to_move"])
    r = client.post(f"/api/games/{game['id']}/hint", json={"key": key})
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["how"]["method"] == "none" and "has not learned" in hint["how"]["why"]
    assert "no win chance" in hint["method"] and "compared" not in hint
    assert hint["plays"] and all(
        p["chance"] is None and p["estimate"] is None for p in hint["plays"]
    )
    assert all(isinstance(p["facts"], list) for p in hint["plays"])  # the words
    r = client.get(f"/api/games/{game['id']}/chances")
    assert r.status_code == 200, r.text
    c = r.json()
    assert c["method"] == "none" and c["chances"] is None and "has not learned" in c["why"]


def test_a_hint_at_two_plies_names_three_plays_when_there_are_three() -> None:
    pos = Position.from_text("parcheesi r,y - r:10.20.0.0,y:30.0.0.0 0 0 - - -")
    got = hints(pos, (6, 4))
    assert got[0].how is not None and got[0].how["ply"] == 2
    assert len(got) >= 3
    chances = [h.chance for h in got if h.chance is not None]
    assert len(chances) == len(got) and chances == sorted(chances, reverse=True)
