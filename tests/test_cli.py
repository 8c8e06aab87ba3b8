"""The command line against the FORMAT.md contract.

``pachisi moves`` prints one JSON object and exits 0, or exits non-zero with
one line on standard error (starting ``pachisi:``) and nothing on standard
output; ``--batch`` answers every line, bad ones with ``{"error": ...}``;
``new`` prints valid §3.7 start positions; ``bench --json`` prints one list.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pachisi import Position, legal_plays

START_PAWNS = {"pagade": [6, 7, 12, 12]}


def run(*args: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[str]:
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", "pachisi", *args],
        input=data,
        capture_output=True,
        check=False,
        timeout=120,
    )
    return subprocess.CompletedProcess(
        proc.args,
        proc.returncode,
        proc.stdout.decode("utf-8", "replace"),
        proc.stderr.decode("utf-8", "replace"),
    )


def ok_json(proc: subprocess.CompletedProcess[str]) -> Any:
    """Exit 0, nothing on stderr, exactly one JSON document on stdout."""
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr == ""
    return json.loads(proc.stdout)


def refused(proc: subprocess.CompletedProcess[str]) -> str:
    """Non-zero exit, ONE line on stderr starting 'pachisi:', nothing on stdout."""
    assert proc.returncode != 0, proc.stdout
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("pachisi:"), proc.stderr
    assert proc.stderr.endswith("\n")
    return lines[0]


def write(tmp_path: Path, content: str | bytes, name: str = "pos.json") -> str:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    return str(path)


PAR2 = Position.start("parcheesi", players=2)
PAG4 = Position.start("pagade", players=4)
EIGHT = Position.start("eight-man", players=2)
WON = Position.from_dict(
    {
        **PAR2.to_dict(),
        "pawns": {"red": [72, 72, 72, 72], "yellow": [0, 0, 0, 0]},
        "finished": [0],
        "winner": [0],
        "to_move": 1,
    }
)
MID = Position.from_dict(
    {**PAR2.to_dict(), "pawns": {"red": [0, 5, 20, 66], "yellow": [3, 3, 40, 72]}}
)


def outcome_set(out: dict[str, Any]) -> set[Position]:
    return {Position.from_dict(o["position"]) for o in out["outcomes"]}


# ---------------------------------------------------------------------------
# moves: the single form


@pytest.mark.parametrize(
    ("pos", "throw"),
    [
        (PAR2, (5, 2)),
        (MID, (3, 4)),
        (MID, (6, 6)),
        (PAG4, (1, 3)),
        (PAG4, (4, 4)),
        (EIGHT, (5, 5)),
        (PAR2, (1, 2)),
    ],
    ids=[
        "parcheesi-start",
        "parcheesi-mid",
        "parcheesi-doublet",
        "pagade",
        "pagade-doublet",
        "eight-man",
        "no-move",
    ],
)
def test_moves_file(tmp_path: Path, pos: Position, throw: tuple[int, int]) -> None:
    path = write(tmp_path, pos.to_json())
    out = ok_json(run("moves", path, "--throw", f"{throw[0]},{throw[1]}"))
    assert isinstance(out, dict) and "outcomes" in out
    assert out["outcomes"], "a throw always has an outcome"
    positions = [json.dumps(o["position"], sort_keys=True) for o in out["outcomes"]]
    assert len(set(positions)) == len(positions), "one entry per distinct position"
    for o in out["outcomes"]:
        assert isinstance(o["play"], str) and o["play"]
        assert Position.from_dict(o["position"]).to_dict() == o["position"]
        for lst in o["position"]["pawns"].values():
            assert lst == sorted(lst)
    assert outcome_set(out) == {p.position for p in legal_plays(pos, throw)}


def test_moves_stdin() -> None:
    out = ok_json(run("moves", "-", "--throw", "3,4", stdin=MID.to_json()))
    assert outcome_set(out) == {p.position for p in legal_plays(MID, (3, 4))}


def test_moves_one_line_of_output(tmp_path: Path) -> None:
    path = write(tmp_path, MID.to_json(indent=2))
    proc = run("moves", path, "--throw", "6,6")
    ok_json(proc)
    assert proc.stdout.count("\n") == 1 and proc.stdout.endswith("\n")


def test_moves_unusable_throw_has_one_outcome(tmp_path: Path) -> None:
    out = ok_json(run("moves", write(tmp_path, PAR2.to_json()), "--throw", "1,2"))
    assert len(out["outcomes"]) == 1
    res = out["outcomes"][0]["position"]
    assert res["pawns"] == PAR2.to_dict()["pawns"]
    assert res["to_move"] == 1 and res["doubles"] == 0


def test_moves_winning_throw_sets_winner(tmp_path: Path) -> None:
    near = Position.from_dict(
        {**PAR2.to_dict(), "pawns": {"red": [71, 72, 72, 72], "yellow": [0, 0, 0, 0]}}
    )
    out = ok_json(run("moves", write(tmp_path, near.to_json()), "--throw", "1,2"))
    assert any(o["position"]["winner"] == [0] for o in out["outcomes"])
    for o in out["outcomes"]:
        if o["position"]["winner"] is not None:
            assert o["position"]["finished"] == [0]


def test_moves_options_echoed(tmp_path: Path) -> None:
    opts = {"sum_move": "jump", "capture_bonus": 0}
    pos = Position.from_dict({**MID.to_dict(), "options": opts})
    out = ok_json(run("moves", write(tmp_path, pos.to_json()), "--throw", "2,3"))
    for o in out["outcomes"]:
        assert o["position"]["options"] == opts


def doc(pos: Position, **changes: Any) -> str:
    return json.dumps({**pos.to_dict(), **changes})


BAD_POSITIONS = [
    ("too-many-pawns", doc(PAR2, pawns={"red": [0, 0, 0, 0, 0], "yellow": [0, 0, 0, 0]})),
    ("progress-out-of-range", doc(PAR2, pawns={"red": [0, 0, 0, 99], "yellow": [0, 0, 0, 0]})),
    ("opponents-share", doc(PAR2, pawns={"red": [30, 0, 0, 0], "yellow": [64, 0, 0, 0]})),
    ("unknown-colour", doc(PAR2, pawns={"red": [0, 0, 0, 0], "purple": [0, 0, 0, 0]})),
    ("bad-index", doc(PAR2, to_move=7)),
    ("bool-index", doc(PAR2, to_move=True)),
    ("unknown-ruleset", doc(PAR2, ruleset="chaupar")),
    ("unknown-switch", doc(PAR2, options={"frobnicate": True})),
    ("bad-switch-value", doc(PAR2, options={"capture_bonus": -5})),
    ("missing-field", json.dumps({k: v for k, v in PAR2.to_dict().items() if k != "cut"})),
    ("cut-in-parcheesi", doc(PAR2, cut=[False, False])),
    ("malformed-json", '{"ruleset": "parcheesi", '),
    ("json-list", "[1, 2, 3]"),
    ("empty", ""),
    ("deeply-nested", '{"a":' * 100_000 + "1" + "}" * 100_000),
]


@pytest.mark.parametrize(
    "content", [c[1] for c in BAD_POSITIONS], ids=[c[0] for c in BAD_POSITIONS]
)
def test_moves_bad_position(tmp_path: Path, content: str) -> None:
    refused(run("moves", write(tmp_path, content), "--throw", "5,2"))


@pytest.mark.parametrize(
    "content", [c[1] for c in BAD_POSITIONS[:4]], ids=[c[0] for c in BAD_POSITIONS[:4]]
)
def test_moves_bad_position_stdin(content: str) -> None:
    refused(run("moves", "-", "--throw", "5,2", stdin=content))


@pytest.mark.parametrize(
    ("pos", "throw"),
    [
        (PAR2, "7,1"),
        (PAR2, "0,5"),
        (PAR2, "5"),
        (PAR2, "1,2,3"),
        (PAR2, "a,b"),
        (PAR2, ""),
        (PAR2, "-1,2"),
        (PAR2, "1.5,2"),
        (PAG4, "2,2"),
        (PAG4, "5,1"),
        (PAG4, "6,7"),
        (PAR2, "²,1"),
    ],
    ids=[
        "seven",
        "zero",
        "one-die",
        "three-dice",
        "letters",
        "empty",
        "negative",
        "float",
        "pagade-two",
        "pagade-five",
        "pagade-seven",
        "superscript",
    ],
)
def test_moves_bad_throw(tmp_path: Path, pos: Position, throw: str) -> None:
    refused(run("moves", write(tmp_path, pos.to_json()), "--throw", throw))


def test_moves_after_game_over(tmp_path: Path) -> None:
    assert WON.is_over
    line = refused(run("moves", write(tmp_path, WON.to_json()), "--throw", "5,2"))
    assert "over" in line


@pytest.mark.parametrize(
    "args",
    [
        ["moves", "/nonexistent/dir/pos.json", "--throw", "5,2"],
        ["moves", "{DIR}", "--throw", "5,2"],
        ["moves", "{FILE}"],
        ["moves", "--throw", "5,2"],
        ["moves", "{FILE}", "--throw", "5,2", "--frobnicate"],
        ["moves", "{FILE}", "--throw", "5,2", "extra"],
        ["moves", "{FILE}", "--batch"],
        ["frobnicate"],
        ["new", "chaupar"],
        ["new", "parcheesi", "--option", "frobnicate=1"],
        ["new", "parcheesi", "--option", "sum_move=fly"],
        ["new", "parcheesi", "--option", "nonsense"],
        ["new", "pagade", "--players", "3"],
        ["new", "whitman", "--teams"],
        ["new", "parcheesi", "--players", "5"],
        ["new", "parcheesi", "--players", "two"],
        ["new", "parcheesi", "--major", "red,blue"],
        ["new", "eight-man", "--major", "red,yellow"],
        ["new", "parcheesi", "--colours", "red,red"],
        ["new", "parcheesi", "--colours", "red,blue,yellow,green"],
        ["new", "parcheesi", "--colours", "red,purple"],
        ["new", "parcheesi", "--players", "2", "--first", "2"],
        ["new", "parcheesi", "--first", "-1"],
        ["new", "parcheesi", "--first", "x"],
        ["bench", "--seconds", "0"],
        ["bench", "--ruleset", "ludoking"],
    ],
)
def test_usage_errors(tmp_path: Path, args: list[str]) -> None:
    path = write(tmp_path, PAR2.to_json())
    args = [a.replace("{FILE}", path).replace("{DIR}", str(tmp_path)) for a in args]
    refused(run(*args))


def test_missing_file_message(tmp_path: Path) -> None:
    missing = str(tmp_path / "nope.json")
    line = refused(run("moves", missing, "--throw", "5,2"))
    assert "nope.json" in line


# ---------------------------------------------------------------------------
# moves --batch


def batch_line(pos: Position | dict[str, Any], throw: Any) -> str:
    d = pos.to_dict() if isinstance(pos, Position) else pos
    return json.dumps({"position": d, "throw": throw})


def test_batch_good_and_bad_lines() -> None:
    lines = [
        batch_line(PAR2, [5, 2]),
        "not json",
        batch_line(MID, [6, 6]),
        batch_line(PAR2, [7, 1]),
        batch_line(WON, [5, 2]),
        json.dumps({"position": PAR2.to_dict()}),
        json.dumps({"throw": [5, 2]}),
        "[1, 2]",
        batch_line({**PAR2.to_dict(), "to_move": 9}, [5, 2]),
        batch_line(PAG4, [2, 2]),
        batch_line(PAG4, [3, 4]),
        batch_line(PAR2, "5,2"),
        batch_line(PAR2, [5]),
        batch_line(PAR2, [True, 5]),
        batch_line(PAR2, [5.0, 2]),
        batch_line(EIGHT, [5, 5]),
        "",
        "   ",
        "null",
        batch_line(MID, [3, 4]),
    ]
    good = {
        0: (PAR2, (5, 2)),
        2: (MID, (6, 6)),
        10: (PAG4, (3, 4)),
        15: (EIGHT, (5, 5)),
        19: (MID, (3, 4)),
    }
    proc = run("moves", "--batch", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == len(lines), "one output line per input line"
    for i, text in enumerate(out):
        obj = json.loads(text)
        assert isinstance(obj, dict)
        if i in good:
            pos, throw = good[i]
            assert "error" not in obj, (i, obj)
            assert outcome_set(obj) == {p.position for p in legal_plays(pos, throw)}
        else:
            assert set(obj) == {"error"}, (i, obj)
            assert isinstance(obj["error"], str) and obj["error"]
            assert "\n" not in obj["error"]
            assert "Traceback" not in obj["error"]
    assert "over" in json.loads(out[4])["error"]


@pytest.mark.parametrize(
    "bad",
    [
        '{"position": ' + '{"a":' * 100_000 + "1" + "}" * 100_000 + ', "throw": [5, 2]}',
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["nested-position", "nested-list"],
)
def test_batch_deeply_nested_line_does_not_stop_the_others(bad: str) -> None:
    """FORMAT.md: "A bad line never stops the others. It exits 0 when its input ends.\""""
    lines = [batch_line(PAR2, [5, 2]), bad, batch_line(MID, [3, 4])]
    proc = run("moves", "--batch", stdin="\n".join(lines) + "\n")
    assert "Traceback" not in proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3, f"{len(out)} answers to 3 lines; stderr: {proc.stderr.strip()}"
    assert "outcomes" in out[0] and set(out[1]) == {"error"} and "outcomes" in out[2]
    assert proc.returncode == 0


def test_batch_empty_input() -> None:
    proc = run("moves", "--batch", stdin="")
    assert proc.returncode == 0
    assert proc.stdout == ""


def test_batch_last_line_without_newline() -> None:
    proc = run("moves", "--batch", stdin=batch_line(PAR2, [5, 2]) + "\n" + batch_line(MID, [1, 1]))
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 2
    assert all("outcomes" in o for o in out)


def test_batch_invalid_utf8_line() -> None:
    data = (
        (batch_line(PAR2, [5, 2]) + "\n").encode()
        + b"\xff\xfe{\n"
        + (batch_line(MID, [3, 4]) + "\n").encode()
    )
    proc = run("moves", "--batch", stdin=data)
    assert proc.returncode == 0, proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 3
    assert "outcomes" in out[0] and "error" in out[1] and "outcomes" in out[2]


def test_batch_matches_single_form(tmp_path: Path) -> None:
    pairs = [(PAR2, (5, 2)), (MID, (6, 6)), (PAG4, (4, 4)), (EIGHT, (5, 5))]
    proc = run("moves", "--batch", stdin="".join(batch_line(p, list(t)) + "\n" for p, t in pairs))
    batch = [json.loads(line) for line in proc.stdout.splitlines()]
    for (pos, throw), got in zip(pairs, batch, strict=True):
        single = ok_json(
            run("moves", write(tmp_path, pos.to_json()), "--throw", f"{throw[0]},{throw[1]}")
        )
        assert outcome_set(single) == outcome_set(got)


# ---------------------------------------------------------------------------
# new

NEW_SETUPS = [
    (["pagade"], 4),
    (["pagade", "--players", "4"], 4),
    (["pagade", "--teams"], 4),
    (["pagade", "--players", "2"], 2),
    (["pagade", "--colours", "red+yellow,black+green"], 2),
    (["pagade", "--colours", "yellow,green,red,black"], 4),
    (["whitman", "--players", "2"], 2),
    (["whitman", "--players", "3"], 3),
    (["whitman", "--players", "4"], 4),
    (["whitman", "--colours", "blue,green"], 2),
    (["parcheesi"], 4),
    (["parcheesi", "--players", "2"], 2),
    (["parcheesi", "--players", "3"], 3),
    (["parcheesi", "--players", "4", "--teams"], 4),
    (["parcheesi", "--colours", "green,yellow,blue"], 3),
    (["eight-man"], 2),
    (["eight-man", "--major", "red,blue"], 2),
    (["eight-man", "--major", "yellow,green"], 2),
    (["eight-man", "--colours", "blue+green,red+yellow", "--major", "green,red"], 2),
    (
        [
            "parcheesi",
            "--option",
            "sum_move=jump",
            "--option",
            "capture_bonus=0",
            "--option",
            "larger_die=false",
        ],
        4,
    ),
    (["whitman", "--option", "home_bonus=10", "--option", "partial_doubles=nothing"], 4),
    (
        [
            "pagade",
            "--option",
            "pair_move=double",
            "--option",
            "cut_to_enter_home=false",
            "--option",
            "play_for_places=true",
            "--option",
            "safe_x_squares=true",
        ],
        4,
    ),
    (
        [
            "eight-man",
            "--option",
            "blockade_may_advance=true",
            "--option",
            "no_split_doubles_home=false",
        ],
        2,
    ),
]


@pytest.mark.parametrize(("args", "n"), NEW_SETUPS, ids=[" ".join(a) for a, _ in NEW_SETUPS])
def test_new(args: list[str], n: int) -> None:
    d = ok_json(run("new", *args))
    pos = Position.from_dict(d)
    assert pos.to_dict() == d
    ruleset = args[0]
    assert d["ruleset"] == ruleset
    assert len(d["players"]) == n
    start = START_PAWNS.get(ruleset, [0, 0, 0, 0])
    colours = [c for p in d["players"] for c in p["colours"]]
    assert sorted(d["pawns"]) == sorted(colours)
    assert all(v == start for v in d["pawns"].values())
    assert d["doubles"] == 0 and d["finished"] == [] and d["winner"] is None
    assert d["to_move"] == 0
    assert d["cut"] == ([False] * n if ruleset == "pagade" else None)
    if "--teams" in args:
        assert sorted(sorted(t) for t in d["teams"]) == [[0, 2], [1, 3]]
    else:
        assert d["teams"] is None
    if "--colours" in args:
        spec = args[args.index("--colours") + 1]
        assert [p["colours"] for p in d["players"]] == [c.split("+") for c in spec.split(",")]
    if "--major" in args:
        assert [p["major"] for p in d["players"]] == args[args.index("--major") + 1].split(",")
    for i, a in enumerate(args):
        if a == "--option":
            name, value = args[i + 1].split("=")
            assert str(d["options"][name]).lower() == value


def test_new_text_form() -> None:
    proc = run("new", "parcheesi", "--players", "2", "--text")
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.strip()
    assert proc.stdout.count("\n") == 1
    assert Position.from_text(text) == Position.start("parcheesi", players=2)


def test_new_first_player() -> None:
    d = ok_json(run("new", "parcheesi", "--first", "2"))
    assert d["to_move"] == 2
    seen = set()
    for seed in range(6):
        a = ok_json(run("new", "whitman", "--first", "roll", "--seed", str(seed)))
        b = ok_json(run("new", "whitman", "--first", "roll", "--seed", str(seed)))
        assert a == b, "the same seed chooses the same first player"
        assert Position.from_dict(a).to_move == a["to_move"]
        seen.add(a["to_move"])
    assert seen <= {0, 1, 2, 3}


def test_new_output_feeds_moves() -> None:
    d = ok_json(run("new", "eight-man", "--major", "yellow,green"))
    out = ok_json(run("moves", "-", "--throw", "5,5", stdin=json.dumps(d)))
    assert outcome_set(out) == {p.position for p in legal_plays(Position.from_dict(d), (5, 5))}


# ---------------------------------------------------------------------------
# bench


def test_bench_json() -> None:
    data = ok_json(run("bench", "--json", "--seconds", "0.2", "--ruleset", "parcheesi"))
    assert isinstance(data, list) and data
    for row in data:
        assert isinstance(row, dict)
        assert set(row) == {
            "ruleset",
            "players",
            "games_per_s",
            "throws_per_s",
            "plays_per_s",
            "throws_per_game",
            "path",
        }
        assert row["ruleset"] == "parcheesi"
        assert row["path"] in ("library", "kernel")
        assert isinstance(row["players"], int)
        for k in ("games_per_s", "throws_per_s", "plays_per_s", "throws_per_game"):
            assert isinstance(row[k], (int, float)) and not isinstance(row[k], bool)
