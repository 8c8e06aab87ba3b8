"""The analysis a player sees, timed: reviews at the defaults, hints, and the plies.

Prints, in CPU seconds of this process (``time.process_time``, one core):

* the review of an 80-throw game at the defaults (``pachisi.analysis.review``:
  the network fitted to the set-up, the plays at 2 plies, the luck at 1) for
  two and four players of Parcheesi, and the same at 0 and 1 ply (``--plies``;
  ``--luck-ply N``: the luck at ``N`` plies, never deeper than the plays' by
  default);
* a hint (``pachisi.analysis.hints``, the plays ranked by the network at 1
  and at 2 plies, the default) on the first positions of those games: the
  median and the largest;
* the check of a hint's plays on the web (``pachisi.web.insight.compare_hints``:
  288 rollouts per play by the network's player, truncated after 12 throws);
* loading the shipped networks once (the first hint or review of a process).

The games are the first 80 throws of seeded greedy players:
``Game(Position.start("parcheesi", players=2), seed=4)`` and ``players=4,
seed=80``, player ``i`` ``make_player("greedy", seed=i)``.

Usage (from the repository root)::

    nice -n 19 .venv/bin/python benchmarks/analysis_speed.py [--plies 0,1,2] [--hints 80]
        [--players 2,4] [--weights FILE ...] [--reviews-only] [--luck-ply N]

``--weights`` times other networks instead of the shipped ones (each file
judges the set-up it has learned, :func:`pachisi.learn.misfit`: a widened
network, for instance); ``--reviews-only`` times the reviews alone.

(figures in docs/benchmarks.md, "Analysis a player sees").
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from pachisi import Game, Position
from pachisi.analysis import ReviewSettings, hints, review
from pachisi.analysis.net import HINT_PLY, evaluator_for
from pachisi.bots import make_player
from pachisi.learn import misfit, shipped_for
from pachisi.learn.network import ValueNet
from pachisi.record import Record
from pachisi.rules import Setup


def game_record(players: int, seed: int, throws: int = 80) -> Record:
    """The first ``throws`` throws of seeded greedy players."""
    game = Game(Position.start("parcheesi", players=players), seed=seed)
    bots = [make_player("greedy", seed=i) for i in range(players)]
    for _ in range(throws):
        if game.is_over:
            break
        throw = game.roll()
        game.push(bots[game.position.to_move].choose(game.position, throw, game.legal_plays()))
    return Record.from_game(game)


def cpu(fn: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    """CPU seconds of ``fn(*args)`` and its result."""
    t = time.process_time()
    out = fn(*args)
    return time.process_time() - t, out


def use_weights(files: list[str]) -> None:
    """Judge by the networks in ``files`` instead of the shipped ones, each the set-ups it
    has learned (the others keep the shipped network)."""
    import pachisi.analysis.net as analysis_net

    nets = [(f, ValueNet.load(f)) for f in files]

    def chosen(setup: Setup) -> tuple[str, ValueNet]:
        for name, net in nets:
            if misfit(net, setup) is None:
                return name, net
        return shipped_for(setup)

    setattr(analysis_net, "shipped_for", chosen)  # noqa: B010 (a stand-in, for the timing)


def main() -> int:
    """Run the timings and print them."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--plies", default="0,1,2", help="plies of the reviews (0,1,2)")
    p.add_argument("--hints", type=int, default=80, help="hints timed per game (80)")
    p.add_argument("--weights", nargs="*", default=[], help="networks to time (the shipped)")
    p.add_argument("--players", default="2,4", help="the games timed (2,4)")
    p.add_argument("--reviews-only", action="store_true", help="time the reviews alone")
    p.add_argument(
        "--luck-ply", type=int, default=None, help="the reviews' luck ply (the default's)"
    )
    args = p.parse_args()
    if args.weights:
        use_weights(args.weights)
    plies = [int(x) for x in args.plies.split(",")]
    seeds = {2: 4, 4: 80}
    games = {n: game_record(n, seeds[n]) for n in map(int, args.players.split(","))}
    load = sum(cpu(evaluator_for, g.start.setup)[0] for g in games.values())
    print(f"loading the two networks: {load:.2f} s")
    for n, rec in games.items():
        ev, _ = evaluator_for(rec.start.setup)
        assert ev is not None
        print(f"{n} players: {ev.source.rsplit('/', 1)[-1]}, {ev.net.hidden} hidden units")
    print("| what | CPU seconds |")
    print("| --- | --- |")
    for n, rec in games.items():
        for ply in plies:
            ev, why = evaluator_for(rec.start.setup, ply)
            assert ev is not None, why
            settings = ReviewSettings(ply=ply, luck_ply=args.luck_ply)
            seconds, _ = cpu(review, rec, settings)
            default = " (the default)" if settings == ReviewSettings() else ""
            print(
                f"| review, {n} players, {len(rec.moves)} throws, {ply} ply, the luck at"
                f" {settings.luck_depth}{default} | {seconds:.2f} |"
            )
    if args.reviews_only:
        return 0
    for n, rec in games.items():
        positions = rec.positions()
        for ply in (1, 2):
            ev, _ = evaluator_for(rec.start.setup, ply)
            times = []
            for k, (throw, _) in enumerate(rec.moves[: args.hints]):
                seconds, _ = cpu(hints, positions[k], throw, 8, ev)
                times.append(seconds)
            default = " (the default)" if ply == HINT_PLY else ""
            print(
                f"| hint, {n} players, {ply} ply{default}, {len(times)} positions:"
                f" median / largest | {statistics.median(times):.3f} / {max(times):.3f} |"
            )
    try:
        from pachisi.web.insight import compare_hints
    except ImportError:  # pragma: no cover - without the web extra
        return 0
    for n, rec in games.items():
        positions = rec.positions()
        times = []
        for k, (throw, _) in enumerate(rec.moves[:20]):
            best = hints(positions[k], throw)[:3]
            if len(best) < 2:
                continue
            seconds, _ = cpu(compare_hints, positions[k], throw, [h.notation for h in best])
            times.append(seconds)
        print(
            f"| web hint check, {n} players, 3 plays x 288 rollouts, {len(times)} throws:"
            f" median / largest | {statistics.median(times):.3f} / {max(times):.3f} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
