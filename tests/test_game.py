"""Game (history, seeded throws, push/pop), Turn (step by step) and parse_play."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pachisi import (
    Game,
    IllegalMoveError,
    Position,
    Setup,
    ThrowError,
    Turn,
    dice_for,
    first_player,
    legal_plays,
    parse_play,
)
from strategies import CONFIG_IDS, CONFIGS, Config


def new_game(config: Config, seed: int) -> Game:
    return Game.new(config.ruleset, seed=seed, **config.kwargs())


def play_random(g: Game, rng: random.Random, throws: int) -> None:
    for _ in range(throws):
        if g.is_over:
            return
        plays = g.legal_plays()
        g.push(plays[rng.randrange(len(plays))])


def finished_game(config: Config, seed: int = 3) -> Game:
    g = new_game(config, seed)
    play_random(g, random.Random(seed), 5000)
    assert g.is_over
    return g


# ---------------------------------------------------------------------------
# Seeded throws and reproducibility


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_new_game_is_a_start_position(config: Config) -> None:
    g = new_game(config, 11)
    start = Position.start(config.ruleset, first=g.position.to_move, **config.kwargs())
    assert g.position == start
    assert g.history == [] and g.throw is None
    assert not g.is_over and g.winner is None
    assert g.outcome() == "game in progress"


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_same_seed_same_throws_and_first_player(config: Config) -> None:
    a, b = new_game(config, 99), new_game(config, 99)
    assert a.position == b.position
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(40):
        if a.is_over:
            break
        assert a.roll() == b.roll()
        pa, pb = a.legal_plays(), b.legal_plays()
        assert [p.notation for p in pa] == [p.notation for p in pb]
        k = rng_a.randrange(len(pa))
        assert k == rng_b.randrange(len(pb))
        a.push(pa[k])
        b.push(pb[k])
        assert a.position == b.position
    assert a.moves() == b.moves()


def test_different_seeds_differ() -> None:
    games = set()
    for seed in range(8):
        g = Game.new("parcheesi", players=4, seed=seed)
        games.add((g.position.to_move, g.roll()))
    assert len(games) > 1


def test_roll_is_kept_until_played() -> None:
    g = Game.new("parcheesi", players=2, seed=5)
    t = g.roll()
    assert g.roll() == t and g.throw == t
    assert g.legal_plays() == legal_plays(g.position, t)
    g.push(g.legal_plays()[0])
    assert g.throw is None


# ---------------------------------------------------------------------------
# push / pop


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(1, 40), back=st.integers(1, 10))
def test_pop_restores_position_and_throw(config: Config, seed: int, n: int, back: int) -> None:
    g = new_game(config, seed)
    choose = random.Random(seed)
    positions = [g.position]
    throws = []
    choices = []
    for _ in range(n):
        if g.is_over:
            break
        throws.append(g.roll())
        plays = g.legal_plays()
        k = choose.randrange(len(plays))
        choices.append(plays[k].notation)
        g.push(plays[k])
        positions.append(g.position)
    assert len(g.history) == len(choices)
    back = min(back, len(choices))
    for i in range(back):
        j = len(choices) - 1 - i
        popped = g.pop()
        assert popped.notation == choices[j]
        assert g.position == positions[j]
        assert g.throw == throws[j]
        assert g.roll() == throws[j], "the throw taken back must be played again"
        assert len(g.history) == j
    # Pushing the same plays again gives the same positions and the same later throws.
    for j in range(len(choices) - back, len(choices)):
        assert g.roll() == throws[j]
        g.push(choices[j])  # by notation
        assert g.position == positions[j + 1]
    assert [ply.before for ply in g.history] == positions[:-1]
    if not g.is_over:
        # The dice go on as they would have without the take-back.
        ref = new_game(config, seed)
        for j, c in enumerate(choices):
            assert ref.roll() == throws[j]
            ref.push(c)
        assert g.roll() == ref.roll()


def test_pop_without_history() -> None:
    g = Game.new("parcheesi", players=2, seed=1)
    with pytest.raises(IndexError):
        g.pop()


def test_push_play_or_notation_alike() -> None:
    a = Game.new("parcheesi", players=2, seed=8)
    b = Game.new("parcheesi", players=2, seed=8)
    for _ in range(30):
        plays = a.legal_plays()
        b.roll()
        a.push(plays[-1])
        b.push(plays[-1].notation)
        assert a.position == b.position


# ---------------------------------------------------------------------------
# Throws that cannot be played


@pytest.mark.parametrize(
    ("ruleset", "throw"),
    [
        ("parcheesi", (7, 1)),
        ("parcheesi", (0, 3)),
        ("parcheesi", (1, -1)),
        ("whitman", (6, 7)),
        ("eight-man", (0, 0)),
        ("pagade", (2, 2)),
        ("pagade", (5, 1)),
        ("pagade", (6, 2)),
        ("parcheesi", (1,)),
        ("parcheesi", (1, 2, 3)),
        ("parcheesi", (True, 1)),
        ("parcheesi", (1.0, 2)),
        ("parcheesi", "12"),
        ("parcheesi", None),
        ("parcheesi", ("1", "2")),
    ],
)
def test_set_throw_with_bad_faces(ruleset: str, throw: object) -> None:
    g = Game.new(ruleset, seed=1)
    before = g.position
    with pytest.raises(ThrowError):
        g.set_throw(throw)  # type: ignore[arg-type]
    assert g.position == before and g.throw is None
    with pytest.raises(ThrowError):
        legal_plays(before, throw)  # type: ignore[arg-type]
    with pytest.raises(ThrowError):
        Turn(before, throw)  # type: ignore[arg-type]


def test_set_throw_is_used() -> None:
    g = Game.new("parcheesi", players=2, seed=1)
    assert g.set_throw([5, 2]) == (5, 2)
    assert g.roll() == (5, 2)
    assert g.position.to_move == 0  # seed 1: Red throws first
    assert [p.notation for p in g.legal_plays()] == ["R0-1 R1-3"]
    g.push(g.legal_plays()[0])
    assert g.history[-1].throw == (5, 2)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
def test_no_throw_after_the_end(config: Config) -> None:
    g = finished_game(config)
    assert g.winner is not None
    assert g.outcome().startswith("won by")
    with pytest.raises(ThrowError):
        g.roll()
    good = dice_for(config.ruleset).outcomes()[0][0]
    with pytest.raises(ThrowError):
        g.set_throw(good)
    with pytest.raises(ThrowError):
        g.legal_plays()
    with pytest.raises(ThrowError):
        g.push("-")
    with pytest.raises(ThrowError):
        legal_plays(g.position, good)
    with pytest.raises(ThrowError):
        parse_play(g.position, good, "-")
    # Taking back the last play reopens the game.
    g.pop()
    assert not g.is_over
    assert g.throw is not None


def test_play_for_places_goes_on_after_the_winner() -> None:
    g = Game.new("pagade", players=4, options={"play_for_places": True}, seed=4)
    play_random(g, random.Random(4), 20000)
    assert g.is_over
    assert len(g.position.finished) == 3
    assert g.winner == (g.position.finished[0],)
    assert "finishing order" in g.outcome()
    # Somewhere the winner was known while play went on.
    assert any(p.before.winner is not None for p in g.history)


# ---------------------------------------------------------------------------
# Illegal plays


def test_push_illegal_notation() -> None:
    g = Game(Position.start("parcheesi", players=2), seed=1)
    g.set_throw((5, 2))
    legal = [p.notation for p in g.legal_plays()]
    assert legal == ["R0-1 R1-3"]
    before = g.position
    cases = {
        "R3-9": "R0-1",
        "Y0-1 Y1-3": "R0-1",
        "G0-1": "R0-1",
        "+20:R1-21": "R0-1",
        "hello": "R0-1",
        "R0-1 R1-4": "R1-3",
        "R0-1 R1-3 R3-5": "R3-5",
    }
    for bad, hint in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            g.push(bad)
        msg = str(info.value)
        assert "\n" not in msg
        assert "legal" in msg, msg
        assert hint in msg, msg  # names the bad step or a legal one
        assert g.position == before and g.throw == (5, 2) and g.history == []
    with pytest.raises(IllegalMoveError) as info:
        g.push("R0-1")
    assert "incomplete" in str(info.value) and "R1-3" in str(info.value)
    g.push(legal[0])
    assert g.position != before


def test_push_play_of_another_position() -> None:
    g = Game(Position.start("parcheesi", players=2), seed=1)
    g.set_throw((5, 2))
    other = Position.from_dict(
        {**g.position.to_dict(), "pawns": {"red": [0, 0, 0, 10], "yellow": [0, 0, 0, 0]}}
    )
    foreign = legal_plays(other, (5, 2))
    stranger = [p for p in foreign if p.position not in {q.position for q in g.legal_plays()}]
    assert stranger
    with pytest.raises(IllegalMoveError):
        g.push(stranger[0])
    assert g.history == []


def test_empty_play_only_when_nothing_moves() -> None:
    pos = Position.start("parcheesi", players=2)
    assert parse_play(pos, (1, 2), "-").position.to_move == 1
    with pytest.raises(IllegalMoveError):
        parse_play(pos, (5, 2), "-")
    with pytest.raises(IllegalMoveError):
        parse_play(pos, (5, 2), "")


def test_capture_mark_is_optional_when_reading() -> None:
    pos = Position.from_dict(
        {
            **Position.start("parcheesi", players=2).to_dict(),
            "pawns": {"red": [10, 0, 0, 0], "yellow": [45, 0, 0, 0]},
        }  # yellow 45 is q15, red 10 q14
    )
    plays = [p for p in legal_plays(pos, (1, 3)) if "x" in p.notation]
    assert plays
    for play in plays:
        plain = play.notation.replace("x", "")
        assert parse_play(pos, (1, 3), plain).position == play.position
        assert parse_play(pos, (3, 1), play.notation).position == play.position


# ---------------------------------------------------------------------------
# Turn


def test_turn_push_pop() -> None:
    pos = Position.from_dict(
        {
            **Position.start("parcheesi", players=2).to_dict(),
            "pawns": {"red": [1, 10, 20, 0], "yellow": [0, 0, 0, 0]},
        }
    )
    turn = Turn(pos, (3, 4))
    first = turn.legal_steps()
    assert first and not turn.is_complete
    with pytest.raises(IllegalMoveError):
        turn.result()
    with pytest.raises(IllegalMoveError):
        turn.play()
    step = first[0]
    turn.push(step)
    assert turn.steps == (step,)
    assert turn.pop() == step
    assert turn.steps == ()
    assert turn.legal_steps() == first
    with pytest.raises(IndexError):
        turn.pop()
    # Play every step through; the result is one of legal_plays'.
    while not turn.is_complete:
        turn.push(turn.legal_steps()[-1])
    assert turn.legal_steps() == []
    res = turn.result()
    assert res in {p.position for p in legal_plays(pos, (3, 4))}
    assert turn.play().position == res
    assert parse_play(pos, (3, 4), turn.play().notation).position == res


def test_turn_rejects_illegal_step() -> None:
    pos = Position.start("parcheesi", players=2)
    turn = Turn(pos, (5, 2))
    legal = turn.legal_steps()
    other = Turn(
        Position.from_dict(
            {**pos.to_dict(), "pawns": {"red": [1, 0, 0, 0], "yellow": [0, 0, 0, 0]}}
        ),
        (5, 2),
    )
    foreign = [a for a in other.legal_steps() if a not in legal]
    assert foreign
    with pytest.raises(IllegalMoveError) as info:
        turn.push(foreign[0])
    assert "legal" in str(info.value)
    assert turn.steps == () and turn.legal_steps() == legal


def test_turn_of_unusable_throw_is_complete_at_once() -> None:
    pos = Position.start("parcheesi", players=2)
    turn = Turn(pos, (1, 2))
    assert turn.is_complete and turn.legal_steps() == []
    assert turn.result() == legal_plays(pos, (1, 2))[0].position
    assert turn.play().notation == "-"


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(0, 120))
def test_random_step_walk_gives_a_legal_play(config: Config, seed: int, n: int) -> None:
    """Random steps (with random take-backs) always end in one of legal_plays' results."""
    g = new_game(config, seed)
    rng = random.Random(seed)
    play_random(g, rng, n)
    if g.is_over:
        return
    throw = g.roll()
    turn = Turn(g.position, throw)
    while not turn.is_complete:
        steps = turn.legal_steps()
        assert steps
        turn.push(rng.choice(steps))
        if turn.steps and rng.random() < 0.3:
            turn.pop()
    results = {p.position for p in legal_plays(g.position, throw)}
    assert turn.result() in results
    g.push(turn.play())
    assert g.position == turn.result()


# ---------------------------------------------------------------------------
# First player (§3.7)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@pytest.mark.parametrize("rule", ["highest", "lowest"])
def test_first_player(config: Config, rule: str) -> None:
    setup = Setup.create(config.ruleset, options={"first_player": rule}, **config.kwargs())
    both = config.ruleset in ("pagade", "whitman")
    pick = max if rule == "highest" else min
    faces = {a for (a, _), _ in dice_for(config.ruleset).outcomes()}
    for seed in range(30):
        first, rounds = first_player(setup, random.Random(seed))
        assert 0 <= first < config.n_players
        assert rounds
        assert set(rounds[0]) == set(range(config.n_players))
        for k, results in enumerate(rounds):
            best = pick(results.values())
            leaders = {i for i, v in results.items() if v == best}
            for v in results.values():
                assert v in ({a + b for a in faces for b in faces} if both else faces)
            if k + 1 < len(rounds):
                assert len(leaders) > 1 and set(rounds[k + 1]) == leaders
            else:
                assert leaders == {first}


@pytest.mark.parametrize("text", ["-1,2", "1,-2", "1,2,3", "1", "", "a,b", "1,,2", "²,1", "1.5,2"])
def test_parse_throw_refuses_what_is_not_two_numbers(text: str) -> None:
    from pachisi.dice import parse_throw

    with pytest.raises(ThrowError):
        parse_throw(text)
