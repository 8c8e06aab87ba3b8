"""Same-game speed: our ludo and maedn against the programs people use (issue 36).

CPU time per random game (:func:`time.process_time`, one core), four
players each. Every contestant is measured in each of the same rounds, one
after the other (so that a busy machine slows them alike), for at least
``--seconds`` CPU seconds and ``--games`` games a round; the games are
numbered on from round to round (each round plays new games), and each
game's randomness is seeded by its number, so that a run can be repeated:
ours through its seeds, the Python loops through :class:`random.Random`,
ludopy by seeding numpy's global generator (its dice come from
``numpy.random.randint``) before each game, OpenSpiel's bots by their
``evaluate_bots`` seed. Each round gives each contestant's time per game
and its ratio to ours in that round; the summary is the median of the
rounds (a round disturbed by the machine's other work moves it least).

* ``maedn``: ours in the compiled engine (:func:`pachisi.fast.simulate_games`,
  random players), ours through the library (``legal_plays`` and a random
  choice, in Python), OpenSpiel's C++ ``maedn`` with random bots
  (``pyspiel.evaluate_bots``) and OpenSpiel's game driven from a Python loop;
* ``ludo`` with ludopy's switches (docs/ludo.md): ours in the compiled
  engine, and ludopy (``Game.get_observation``/``answer_observation``);
* ``ludo`` with the defaults: ours in the compiled engine, and
  ludo-king-engine (``roll_dice``, ``get_valid_moves``, ``play_turn``).

A contestant whose package is not installed is left out (said so)::

    python benchmarks/ludo_speed.py --rounds 3 --seconds 2 --games 200 [--only ludopy]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from pachisi import Position, fast
from pachisi.moves import legal_plays

LUDOPY = {
    "board": "ludopy",
    "overshoot": "ludopy",
    "blocks": "kill_mover",
    "start_tries": "opening",
    "three_sixes": False,
    "bonus_throws": False,
    "ludopy_quirks": True,
}

#: A contestant: plays ``n`` games from game number ``k`` on; returns the games played.
Runner = Callable[[int, int], int]


def ours_kernel(ruleset: str, options: dict[str, object]) -> Runner:
    """Random games in the compiled engine (fast.simulate_games)."""
    start = Position.start(ruleset, players=4, options=options)

    def run(n: int, k: int) -> int:
        fast.simulate_games(start, list(range(k, k + n)), [0] * n, [0] * n)
        return n

    return run


def ours_library(ruleset: str) -> Runner:
    """Random games through legal_plays (the engine's plays, Python choices)."""
    start = Position.start(ruleset, players=4)

    def run(n: int, k: int) -> int:
        rng = random.Random(k)
        for _ in range(n):
            pos = start
            while not pos.is_over:
                plays = legal_plays(pos, (rng.randint(1, 6),))
                pos = plays.position_at(rng.randrange(len(plays)))
        return n

    return run


def openspiel_cpp() -> Runner | None:
    """OpenSpiel's maedn with uniform random bots, played in C++ (evaluate_bots)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("maedn", {"players": 4})
    bots = [pyspiel.make_uniform_random_bot(i, 1 + i) for i in range(4)]

    def run(n: int, k: int) -> int:
        for i in range(n):
            pyspiel.evaluate_bots(game.new_initial_state(), bots, k + i)
        return n

    return run


def openspiel_python() -> Runner | None:
    """OpenSpiel's maedn driven from a Python loop (chance and choices in Python)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("maedn", {"players": 4})

    def run(n: int, k: int) -> int:
        rng = random.Random(k)
        for _ in range(n):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.randrange(6))
                else:
                    acts = state.legal_actions()
                    state.apply_action(acts[rng.randrange(len(acts))])
        return n

    return run


def ludopy_games() -> Runner | None:
    """ludopy's Game, four players, random pieces."""
    try:
        import ludopy  # type: ignore[import-untyped]
    except ImportError:
        return None

    import numpy as np

    def run(n: int, k: int) -> int:
        rng = random.Random(k)
        for i in range(n):
            np.random.seed(k + i)  # ludopy throws its dice with numpy's global generator
            g = ludopy.Game()
            over = False
            while not over:
                (_, pieces, _, _, _, over), _ = g.get_observation()
                piece = pieces[rng.randrange(len(pieces))] if len(pieces) else -1
                *_, over = g.answer_observation(piece)
        return n

    return run


def king_games() -> Runner | None:
    """ludo-king-engine's LudoGame, four colours, random tokens."""
    try:
        from ludo_engine.core.game import LudoGame  # type: ignore[import-untyped]
        from ludo_engine.models import PlayerColor  # type: ignore[import-untyped]
    except ImportError:
        return None

    def run(n: int, k: int) -> int:
        rng = random.Random(k)
        for _ in range(n):
            game = LudoGame(list(PlayerColor))
            while not game.game_over:
                die = game.roll_dice()
                valid = game.get_valid_moves(game.get_current_player(), die)
                game.play_turn(valid[rng.randrange(len(valid))].token_id if valid else None, die)
        return n

    return run


def measure(
    runners: dict[str, Runner | None], rounds: int, seconds: float, games: int
) -> list[dict[str, float]]:
    """CPU seconds per game of each contestant, round by round.

    In each round every contestant plays, one after the other, until it has
    spent ``seconds`` CPU seconds and played ``games`` games; game numbers run
    on from one round to the next.
    """
    played = dict.fromkeys(runners, 0)
    out: list[dict[str, float]] = []
    for _ in range(rounds):
        per_game: dict[str, float] = {}
        for name, run in runners.items():
            if run is None:
                continue
            n = 1
            done = 0
            t0 = time.process_time()
            while (spent := time.process_time() - t0) < seconds or done < games:
                done += run(n, played[name])
                played[name] += n
                n = min(2 * n, 1000)
            per_game[name] = spent / done
        out.append(per_game)
    return out


def main() -> None:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="per contestant and round")
    ap.add_argument("--games", type=int, default=200, help="at least, per contestant and round")
    ap.add_argument("--only", choices=("maedn", "ludopy", "ludo"), help="one group only")
    args = ap.parse_args()
    if not fast.active_for("ludo"):
        print("note: the compiled engine of ludo and maedn is not built: ours is the clear engine")
    groups: list[tuple[str, str, dict[str, Runner | None]]] = [
        (
            "maedn",
            "maedn (4 players)",
            {
                "pachisi maedn, compiled engine": ours_kernel("maedn", {}),
                "pachisi maedn, library loop": ours_library("maedn"),
                "OpenSpiel maedn, C++ evaluate_bots": openspiel_cpp(),
                "OpenSpiel maedn, Python loop": openspiel_python(),
            },
        ),
        (
            "ludopy",
            "ludo, ludopy's rules (4 players)",
            {
                "pachisi ludo (ludopy switches), compiled": ours_kernel("ludo", LUDOPY),
                "ludopy": ludopy_games(),
            },
        ),
        (
            "ludo",
            "ludo, the defaults (4 players)",
            {
                "pachisi ludo (defaults), compiled": ours_kernel("ludo", {}),
                "ludo-king-engine": king_games(),
            },
        ),
    ]
    for key, title, runners in groups:
        if args.only and key != args.only:
            continue
        per_round = measure(runners, args.rounds, args.seconds, args.games)
        print(f"\n{title}: CPU time per game in each of {args.rounds} rounds, then the median")
        ours = next(iter(runners))
        for name in runners:
            if name not in per_round[0]:
                print(f"  {name:<44} not installed")
                continue
            times = [r[name] for r in per_round]
            ratios = [r[name] / r[ours] for r in per_round]
            cells = "".join(
                f"{1e6 * t:>10,.0f} us ({x:>5.1f}x)" for t, x in zip(times, ratios, strict=True)
            )
            mid_t, mid_x = statistics.median(times), statistics.median(ratios)
            median = f"{1e6 * mid_t:>10,.0f} us ({mid_x:>5.1f}x)"
            print(f"  {name:<44}{cells}   median{median}")
        print("  (x: the contestant's time per game over ours, in the same round)")


if __name__ == "__main__":
    main()
