"""A tournament run whose players a factory makes (``SimConfig.factory``).

``benchmarks/net_match.py`` plays learned players with networks from files
this way: the games must be dealt exactly as a run of named players deals
them (the same seeds, seating and loop), and bad input is a clear error.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pytest

from pachisi.bots import Player, RandomPlayer, make_player
from pachisi.rules import Setup
from pachisi.tournament import (
    SimConfig,
    bot_seed,
    game_seed,
    play_game,
    run_games,
    seat_assignment,
    summarise,
)


def by_name(names: Sequence[str], player: int, seed: int) -> Player:
    """The factory that makes what the names make (a module function: it crosses a fork)."""
    return make_player(names[player], seed)


@pytest.mark.parametrize(
    ("ruleset", "names"),
    [
        ("parcheesi", ("greedy", "random")),
        ("whitman", ("greedy", "random", "greedy")),
        ("pagade", ("random", "greedy", "random", "greedy")),
    ],
)
def test_a_factory_of_the_named_players_plays_the_named_runs_games(
    ruleset: str, names: tuple[str, ...]
) -> None:
    setup = Setup.create(ruleset, players=len(names))
    named = SimConfig(setup, names, seed=35)
    labels = tuple(f"p{i}" for i in range(len(names)))
    made = SimConfig(setup, labels, seed=35, factory=functools.partial(by_name, names))
    games = list(run_games(named, 6))
    assert list(run_games(made, 6)) == games
    assert list(run_games(made, 6, jobs=2)) == games
    summary = summarise(made, games)
    assert [p["bot"] for p in summary["players"]] == list(labels)


def test_the_factory_gets_the_player_index_and_the_seats_seed() -> None:
    calls: list[tuple[int, int]] = []

    def factory(player: int, seed: int) -> Player:
        calls.append((player, seed))
        return RandomPlayer(seed)

    setup = Setup.create("parcheesi", players=3)
    config = SimConfig(setup, ("a", "b", "c"), seed=7, max_throws=3, factory=factory)
    play_game(config, 4)
    seed = game_seed(7, 4)
    seats = seat_assignment(3, 4)
    assert calls == [(seats[s], bot_seed(seed, s)) for s in range(3)]
    # Player indices, not seats: game 4 of three rotates them.
    assert [p for p, _ in calls] == [1, 2, 0]


def test_a_factory_player_need_not_have_a_name_make_player_knows() -> None:
    setup = Setup.create("parcheesi", players=2)
    config = SimConfig(setup, ("new network", "old network"), seed=1, factory=by_name_random)
    assert play_game(config, 0).finished


def by_name_random(player: int, seed: int) -> Player:
    return RandomPlayer(seed)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"factory": "greedy"}, "the player factory must be callable (player, seed) -> player"),
        ({"factory": by_name_random, "engine": "kernel"}, "on the library engine only"),
        ({"factory": by_name_random, "bots": ("a", "")}, "a player's label must be a non-empty"),
        ({"factory": by_name_random, "bots": ("a",)}, "1 computer players for 2 seats"),
    ],
)
def test_bad_factory_runs_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"setup": Setup.create("parcheesi", players=2), "seed": 1}
    args["bots"] = ("a", "b")
    args.update(kwargs)
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        SimConfig(**args)  # type: ignore[arg-type]


def test_without_a_factory_names_are_still_checked() -> None:
    with pytest.raises(ValueError, match="unknown"):
        SimConfig(Setup.create("parcheesi", players=2), ("a", "b"), seed=1)
