"""Game records: round trips over random games, resumption, and bad records."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pachisi import Game
from pachisi.bots import make_player
from pachisi.record import Record, RecordError

SETUPS = [
    {"ruleset": "pagade"},
    {"ruleset": "pagade", "players": 2},
    {"ruleset": "pagade", "teams": True, "options": {"play_for_places": True}},
    {"ruleset": "whitman", "players": 3},
    {"ruleset": "parcheesi", "players": 4},
    {"ruleset": "parcheesi", "teams": True, "options": {"sum_move": "jump"}},
    {"ruleset": "eight-man", "majors": ["yellow", "green"]},
]


def play_random(game: Game, throws: int, seed: int) -> None:
    bot = make_player("random", seed)
    for _ in range(throws):
        if game.is_over:
            return
        throw = game.roll()
        game.push(bot.choose(game.position, throw, game.legal_plays()))


@pytest.mark.parametrize("spec", SETUPS, ids=[str(s) for s in SETUPS])
@pytest.mark.parametrize("seed", [1, 2])
def test_round_trip_of_whole_random_game(spec: dict[str, object], seed: int) -> None:
    game = Game.new(seed=seed, **spec)  # type: ignore[arg-type]
    play_random(game, 5000, seed)
    rec = Record.from_game(game, names=[f"p{i}" for i in range(len(game.start.setup.players))])
    text = rec.to_text()
    again = Record.from_text(text)
    assert again.to_text() == text
    positions = again.positions()
    assert positions[0] == game.start
    assert positions[-1] == game.position
    assert [p.before for p in game.history] == positions[:-1]
    if game.is_over:
        assert "won by" in text


@pytest.mark.parametrize("spec", SETUPS[:5], ids=[str(s) for s in SETUPS[:5]])
def test_resume_continues_the_seeded_dice(spec: dict[str, object]) -> None:
    """A game saved after k throws and resumed throws what the uninterrupted game throws."""
    full = Game.new(seed=99, **spec)  # type: ignore[arg-type]
    play_random(full, 60, 5)
    part = Game.new(seed=99, **spec)  # type: ignore[arg-type]
    play_random(part, 25, 5)
    resumed = Record.from_text(Record.from_game(part).to_text()).to_game()
    assert resumed.position == part.position
    # The first 25 throws and plays are the same in both games (same seeds);
    # from there the resumed game must throw what the uninterrupted one threw.
    assert [p.throw for p in part.history] == [p.throw for p in full.history[:25]]
    expected = [p.throw for p in full.history[len(part.history) :]]
    got = []
    for ply in full.history[len(part.history) :]:
        got.append(resumed.roll())
        resumed.push(ply.play.notation)
    assert got == expected
    assert resumed.position == full.position


def test_save_and_load(tmp_path: Path) -> None:
    game = Game.new("parcheesi", players=2, seed=3)
    play_random(game, 30, 3)
    path = tmp_path / "g.pgame"
    Record.from_game(game, names=["Asha", "Bo"]).save(path)
    rec = Record.load(path)
    assert rec.names == ["Asha", "Bo"]
    assert rec.seed == 3
    assert rec.positions()[-1] == game.position
    assert not list(tmp_path.glob(".pachisi-*")), "no temporary file left behind"


def _record_text() -> str:
    game = Game.new("parcheesi", players=2, seed=4)
    play_random(game, 12, 4)
    return Record.from_game(game, names=["A", "B"]).to_text()


def test_bad_move_is_named() -> None:
    lines = _record_text().splitlines()
    idx = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    head, _, _ = lines[idx].partition(":")
    lines[idx] = head + ": R9-99"
    with pytest.raises(RecordError, match=r"move 5 \("):
        Record.from_text("\n".join(lines))


def test_wrong_player_is_named() -> None:
    lines = _record_text().splitlines()
    idx = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    who = lines[idx].split()[1]
    other = "yellow" if who == "red" else "red"
    lines[idx] = lines[idx].replace(f" {who} ", f" {other} ", 1)
    with pytest.raises(RecordError, match=r"move 3: .* was to throw"):
        Record.from_text("\n".join(lines))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "starts with"),
        ("hello\n", "starts with"),
        ("# pachisi game record\nPlayers: []\n", "no 'Start:'"),
        ("# pachisi game record\nStart: parcheesi nonsense\n", "Start:"),
        (
            "# pachisi game record\nStart: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -\n"
            'Players: ["only one"]\n',
            "1 names for 2 players",
        ),
        (
            "# pachisi game record\nStart: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -\n"
            "Seed: abc\n",
            "Seed",
        ),
        (
            "# pachisi game record\nStart: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -\n"
            "\n1. red 7-1: -\n",
            "no face 7",
        ),
        (
            "# pachisi game record\nStart: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -\n"
            "\n2. red 6-1: -\n",
            "move 2 where 1 was due",
        ),
        (
            "# pachisi game record\nStart: parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -\n"
            "\nred throws 6-1\n",
            "not a move line",
        ),
    ],
)
def test_bad_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Record.from_text(text)


def test_unknown_header_lines_are_kept() -> None:
    text = _record_text().replace("Dice: random\n", "Dice: random\nEvent: club night\n")
    rec = Record.from_text(text)
    assert rec.extra == {"Event": "club night"}
    assert "Event: club night" in rec.to_text()


def test_position_at() -> None:
    rec = Record.from_text(_record_text())
    assert rec.position_at(0) == rec.start
    assert rec.position_at(len(rec.moves)) == rec.positions()[-1]
    with pytest.raises(RecordError, match="no move"):
        rec.position_at(len(rec.moves) + 1)


def test_load_missing_file(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "nope.pgame")


def test_random_seed_variety() -> None:
    """Different seeds give different games (the seed is really used)."""
    texts = set()
    for seed in range(3):
        g = Game.new("parcheesi", players=2, seed=seed)
        play_random(g, 20, random.Random(seed).randrange(100))
        texts.add(tuple(p.throw for p in g.history))
    assert len(texts) == 3


def test_example_in_docs_is_a_valid_record() -> None:
    doc = (Path(__file__).parent.parent / "docs" / "records.md").read_text()
    example = doc.split("```\n")[1]
    rec = Record.from_text(example)
    assert len(rec.moves) == 4
    assert rec.names == ["Asha", "greedy"]
