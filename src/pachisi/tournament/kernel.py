"""The kernel engine of ``pachisi simulate``: whole games played inside the compiled kernel.

When every seat's player is one the kernel plays itself (``random``:
uniformly among the distinct outcomes of a throw; ``greedy``: the best
outcome by the hand-made evaluation, ties broken at random), a run's games
are played by :func:`pachisi.fast.simulate_games`, 15 to 35 times
faster than through the library. Game ``i`` of a run with seed ``S``:

* its seed ``g`` is :func:`~pachisi.tournament.game_seed` ``(S, i)``, and
  its first player comes from the preliminary throws of a
  ``random.Random(g)`` (RULES.md §3.7), both as on the library path;
* its throws are drawn with the splitmix64 stream
  :func:`~pachisi.fast.stream_seed` ``(g, 0)`` and its players' choices
  with the stream ``(g, 1)``, among the outcomes of each throw in canonical
  order (:func:`~pachisi.fast.canonical_plays`): one draw for a random
  player (even when there is one outcome), one draw among the best for a
  greedy player when several tie (within 1e-9).

So the games are not the library path's games (its throws come from the
``random.Random``, its players' choices from their own generators), but the
players are the same players: the same choice rule, ties and all.

Without the compiled kernel (or with ``PACHISI_PURE=1``) the same games are
played through the clear engine by :func:`pure_game`, which is also what
shows any game in full: :func:`replay` plays a kernel game's throws and
outcomes through :class:`~pachisi.game.Game` and checks every position.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from .. import fast
from ..bots.evaluation import evaluate
from ..dice import dice_for
from ..game import Game, first_player
from ..moves import Play
from ..plays import best_plays
from ..position import Position, game_over
from ..rules import Setup
from . import GameResult, SimConfig, game_seed, kernel_policy, seat_assignment

__all__ = [
    "ReplayError",
    "kernel_game_result",
    "kernel_games",
    "kernel_record",
    "pure_game",
    "replay",
]


@lru_cache(maxsize=64)
def _start(setup: Setup) -> Position:
    return Position.initial(setup, 0)


def _first(setup: Setup, seed: int) -> int:
    first, _ = first_player(setup, random.Random(seed))
    return first


def _greedy_mask(config: SimConfig, seats: Sequence[int]) -> int:
    mask = 0
    for s, p in enumerate(seats):
        if kernel_policy(config.bots[p]) == "greedy":
            mask |= 1 << s
    return mask


def kernel_games(config: SimConfig, indices: Sequence[int]) -> list[GameResult]:
    """The games ``indices`` of ``config`` (engine ``"kernel"``), in order.

    Played inside the compiled kernel when it runs (:func:`pachisi.fast.active`),
    else through the clear engine (:func:`pure_game`): the same games.
    """
    setup = config.setup
    n = len(config.bots)
    seeds = [game_seed(config.seed, i) for i in indices]
    firsts = [_first(setup, g) for g in seeds]
    seats = [seat_assignment(n, i, config.rotate) for i in indices]
    masks = [_greedy_mask(config, st) for st in seats]
    if fast.active_for(setup.ruleset):
        games = fast.simulate_games(_start(setup), seeds, firsts, masks, config.max_throws)
    else:
        games = [
            pure_game(Position.initial(setup, f), g, m, config.max_throws)[0]
            for g, f, m in zip(seeds, firsts, masks, strict=True)
        ]
    return [
        kernel_game_result(setup, i, g, st, f, game)
        for i, g, st, f, game in zip(indices, seeds, seats, firsts, games, strict=True)
    ]


def kernel_game_result(
    setup: Setup,
    index: int,
    seed: int,
    seats: tuple[int, ...],
    first: int,
    game: fast.SimulatedGame,
) -> GameResult:
    """The :class:`~pachisi.tournament.GameResult` of a simulated game."""
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        first=first,
        winner=game.winner,
        finished=game.dead_end or game_over(setup, game.finished, game.winner),
        throws=game.throws,
        captures=game.captures,
    )


def _captures(play: Play) -> int:
    return sum(1 for a in play.actions if a.capture)


def _greedy(position: Position, plays: Sequence[Play], rng: fast.SplitMix64) -> Play:
    """The greedy choice among ``plays`` (canonical order), as the kernel makes it."""
    best = best_plays(position, plays, evaluate)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def pure_game(
    start: Position, seed: int, greedy: int, max_throws: int
) -> tuple[fast.SimulatedGame, Game]:
    """The game of :func:`pachisi.fast.simulate_games` from ``start`` (its
    player to move throws first), played through :class:`~pachisi.game.Game`
    and the library's ``legal_plays`` (the clear engine under
    ``PACHISI_PURE=1`` or :func:`pachisi.fast.pure`).

    Captures are counted as the library path counts them: the actions of
    the play chosen that capture. Returns the game's result and the game.
    """
    setup = start.setup
    faces, count = dice_for(setup.ruleset).faces, dice_for(setup.ruleset).count
    mask = fast.MASK64
    dice = fast.SplitMix64(fast.stream_seed(seed & mask, 0))
    rng = fast.SplitMix64(fast.stream_seed(seed & mask, 1))
    game = Game(start)
    captures = [0] * len(setup.players)
    while not game.is_over and len(game.history) < max_throws:
        # One face per die (one die in ludo and maedn), drawn in order.
        game.set_throw([faces[dice.below(len(faces))] for _ in range(count)])
        pos = game.position
        plays = fast.canonical_plays(pos, game.legal_plays())
        if greedy >> pos.to_move & 1:
            play = _greedy(pos, plays, rng)
        else:
            play = plays[rng.below(len(plays))]
        captures[pos.to_move] += _captures(play)
        game.push(play)
    end = game.position
    result = fast.SimulatedGame(
        len(game.history), end.finished, end.winner, end.is_dead_end, tuple(captures)
    )
    return result, game


class ReplayError(RuntimeError):
    """A kernel game that the clear engine does not play the same way (a bug)."""


def replay(
    start: Position,
    throws: Sequence[tuple[tuple[int, int], fast.SimState]],
    final: fast.SimState,
) -> tuple[Game, tuple[int, ...]]:
    """A kernel game (:func:`pachisi.fast.simulate_trace`) played through :class:`Game`.

    Every throw is played with the one legal play that leads to the kernel's
    next state; :class:`ReplayError` if the state before a throw is not the
    game's position, or if no play (or more than one) leads to the next.
    Returns the game and each player's captures, counted from the plays'
    actions as the library path counts them.
    """
    game = Game(start)
    captures = [0] * len(start.setup.players)
    states = [state for _, state in throws] + [final]
    for k, (throw, before) in enumerate(throws):
        if fast.sim_state(game.position) != before:
            raise ReplayError(f"throw {k + 1}: the kernel's position is not the game's")
        game.set_throw(throw)
        after = states[k + 1]
        plays = [p for p in game.legal_plays() if fast.sim_state(p.position) == after]
        if len(plays) != 1:
            raise ReplayError(
                f"throw {k + 1} ({throw[0]}-{throw[1]}): {len(plays)} legal plays lead to"
                " the kernel's next position"
            )
        captures[game.position.to_move] += _captures(plays[0])
        game.push(plays[0])
    if fast.sim_state(game.position) != final:
        raise ReplayError("the kernel's final position is not the game's")
    return game, tuple(captures)


def kernel_record(config: SimConfig, index: int) -> tuple[Game, GameResult]:
    """Game ``index`` of ``config`` (engine ``"kernel"``) in full, and its result.

    With the compiled kernel, the kernel's game is replayed through
    :class:`Game` (:func:`replay`; the result is the kernel's, and must
    agree with the replay's: :class:`ReplayError` if not); without it, the
    same game is played by :func:`pure_game`.
    """
    setup = config.setup
    seed = game_seed(config.seed, index)
    first = _first(setup, seed)
    seats = seat_assignment(len(config.bots), index, config.rotate)
    mask = _greedy_mask(config, seats)
    start = Position.initial(setup, first)
    if fast.active_for(setup.ruleset):
        game_, throws, final = fast.simulate_trace(
            _start(setup), seed, first, mask, config.max_throws
        )
        game, captures = replay(start, throws, final)
        end = game.position
        if captures != game_.captures or end.finished != game_.finished:
            raise ReplayError("the kernel's captures or places are not the replay's")
    else:
        game_, game = pure_game(start, seed, mask, config.max_throws)
    return game, kernel_game_result(setup, index, seed, seats, first, game_)
