"""``legal_plays`` answers a lazy, read-only sequence (issue 35): pachisi.plays.LegalPlays.

It must behave as the list it replaced for every caller (``len``, ``in``,
iteration, indexing, slices, ``==`` with a list), on both engines, and build
a play's position only when that play is read.
"""

from __future__ import annotations

import random

import pytest

from pachisi import Position, _accel, dice_for, legal_plays
from pachisi.moves import LegalPlays, Play

ENGINES = ["default", "pure"]


def positions(
    ruleset: str, players: int, seed: int, throws: int = 60
) -> list[tuple[Position, tuple[int, int]]]:
    """Positions and throws of a seeded random game."""
    rng = random.Random(seed)
    faces = dice_for(ruleset).faces
    pos = Position.start(ruleset, players=players)
    out = []
    for _ in range(throws):
        if pos.is_over:
            break
        throw = (rng.choice(faces), rng.choice(faces))
        out.append((pos, throw))
        plays = legal_plays(pos, throw)
        pos = plays[rng.randrange(len(plays))].position
    return out


def answer(engine: str, pos: Position, throw: tuple[int, int]) -> LegalPlays:
    if engine == "pure":
        with _accel.pure():
            return legal_plays(pos, throw)
    return legal_plays(pos, throw)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("ruleset", "players"), [("parcheesi", 4), ("pagade", 4), ("eight-man", 2)]
)
def test_the_view_behaves_as_the_list_of_its_plays(engine: str, ruleset: str, players: int) -> None:
    for pos, throw in positions(ruleset, players, seed=35):
        plays = answer(engine, pos, throw)
        assert isinstance(plays, LegalPlays)
        assert plays.position is pos and plays.throw == throw
        made = list(plays)
        assert len(plays) == len(made) >= 1
        assert all(isinstance(p, Play) for p in made)
        assert plays == made and made == plays and plays == tuple(made)
        assert plays != made[:-1] and plays != [*made, made[0]]
        assert [plays[i] for i in range(len(plays))] == made
        assert plays[-1] is made[-1] and plays[0] is made[0]  # read twice: the same play
        assert plays[1:] == made[1:] and plays[::-1] == made[::-1]
        assert all(p in plays for p in made)
        assert [plays.position_at(i) for i in range(len(plays))] == [p.position for p in made]
        assert len({p.position for p in made}) == len(made)  # one play per resulting position
        with pytest.raises(IndexError):
            plays[len(plays)]
        with pytest.raises(IndexError):
            plays[-len(plays) - 1]


def test_a_play_of_another_throw_or_a_non_play_is_not_in_the_view() -> None:
    pos = Position.start("parcheesi", players=2)
    plays = legal_plays(pos, (5, 2))
    other = legal_plays(pos, (5, 5))
    assert other[0] not in plays
    assert "R0-1 R1-3" not in plays  # a notation is not a play
    assert plays.index(plays[0]) == 0 and plays.count(plays[0]) == 1


def test_the_view_is_read_only_and_unhashable() -> None:
    plays = legal_plays(Position.start("parcheesi", players=2), (5, 2))
    with pytest.raises(TypeError):
        hash(plays)
    with pytest.raises(TypeError):
        plays[0] = plays[0]  # type: ignore[index]
    assert not hasattr(plays, "append") and not hasattr(plays, "sort")


@pytest.mark.skipif(not _accel.active(), reason="the compiled kernel is not active")
def test_the_kernel_builds_a_position_only_for_the_plays_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[Position] = []
    real = _accel._trusted

    def counting(*args: object) -> Position:
        pos = real(*args)  # type: ignore[arg-type]
        built.append(pos)
        return pos

    monkeypatch.setattr(_accel, "_trusted", counting)
    pos = Position.from_text("parcheesi r,y - r:5.9.20.30,y:3.14.40.50 0 0 - - -")
    plays = legal_plays(pos, (3, 4))
    assert len(plays) > 5 and built == []
    after = plays.position_at(2)
    assert built == [after]
    assert plays[2].position is after  # made once
    assert len(built) == 1
    list(plays)
    assert len(built) == len(plays)


def test_game_answers_one_view_per_throw() -> None:
    from pachisi import Game

    game = Game.new("parcheesi", players=2, seed=3)
    assert game.legal_plays() is game.legal_plays()


@pytest.mark.parametrize("engine", ENGINES)
def test_the_view_pickles_and_copies_as_its_plays(engine: str) -> None:
    import copy
    import pickle

    pos = Position.start("parcheesi", players=4)
    plays = answer(engine, pos, (5, 5))
    back = pickle.loads(pickle.dumps(answer(engine, pos, (5, 5))))
    assert isinstance(back, LegalPlays) and back == plays and back.throw == (5, 5)
    assert copy.deepcopy(plays) == plays and copy.copy(plays) == plays
