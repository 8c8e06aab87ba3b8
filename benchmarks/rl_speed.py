"""Steps per second of the reinforcement-learning environments (docs/rl.md).

Every environment is driven by uniformly random legal actions from seeded
games, on one core, for ``--seconds`` of this process's CPU time each (CPU
time, so that other work on the machine changes the figures less than it
would change wall-clock rates); a *step* is one agent action
(an elementary step in step mode, a whole play in play mode). Printed per
set-up:

* ``aec``: ``pachisi_v1.env()`` (with PettingZoo's wrappers), ``env.last()``
  (observation and mask) before every ``env.step``, as a training loop does
  (``np.flatnonzero`` of the mask, a uniform pick among the legal actions);
* ``aec-raw``: ``pachisi_v1.raw_env`` stepped without observations;
* ``gym``: ``PachisiEnv`` against the ``random`` player (learner steps only;
  the opponents' plays run inside them);
* ``openspiel``: ``python_pachisi_*`` states, ``apply_action`` (chance
  nodes sampled, not counted);
* ``batched``: ``BatchedEnv`` of 64 games, steps summed over the batch
  (play mode: inside the compiled kernel where it is installed);
* ``openspiel-backgammon``: OpenSpiel's C++ backgammon in the same Python
  loop, for scale (and OpenSpiel's C++ ``maedn`` beside the ``maedn`` set-ups);
* ``--batched``: only ``BatchedEnv``: play mode (the kernel) with 1, 64
  and 1,024 games, beside play mode on the pure engine and step mode (64);
* ``--aec``: only ``aec`` and ``aec-raw`` of ``pachisi_v1`` and of
  ``pachisi_v0`` (whose play mode builds the plays' positions) in both modes,
  beside OpenSpiel's C++ backgammon, in ``--rounds`` alternating rounds; the
  median of the rounds and each one's ratio to backgammon's figure of the
  same round (and, once more, backgammon reading ``state.observation_tensor()``
  before each decision, as ``aec`` reads ``env.last()``'s observation: the ratio of
  ``pachisi_v1``'s play mode to it); and ``aec`` of ``pachisi_v1``'s play mode
  once more with the loop's ``np.flatnonzero`` on ``mask.view(np.bool_)``: numpy's ``nonzero``
  has a fast path for ``bool`` arrays only and visits an ``int8`` array's
  cells one by one through the dtype's ``nonzero`` function (about 3 ns a
  cell: 10 to 15 us for a 4,096-long play-mode mask, a third of a step), and once
  with PettingZoo's documented random-agent idiom,
  ``env.action_space(agent).sample(mask)`` (Gymnasium's ``Discrete.sample``,
  whose own checks and ``Generator.choice`` cost more than a step of the environment);
  ``--columns`` keeps only the columns named (``v1 play`` always), so that a round
  is short and more rounds fit where the machine's load moves between them;
* ``--engine``: what the core costs per throw on the positions of random
  games: building a :class:`pachisi.Turn` (every step-mode throw builds
  one; its step graph from the compiled kernel when installed) and the same
  on the clear engine (``PACHISI_PURE``'s), against
  :func:`pachisi.legal_plays` (the kernel when installed; play mode calls
  it once per throw), and the elementary steps per throw, so that the share
  of ``Turn`` in a step can be read off.

    .venv/bin/python benchmarks/rl_speed.py --seconds 5
    .venv/bin/python benchmarks/rl_speed.py --only parcheesi-2 --seconds 2
    .venv/bin/python benchmarks/rl_speed.py --only parcheesi-2 --engine --seconds 2
    .venv/bin/python benchmarks/rl_speed.py --batched --seconds 2
    .venv/bin/python benchmarks/rl_speed.py --aec --only parcheesi-4 --rounds 3 --seconds 2
    .venv/bin/python benchmarks/rl_speed.py --aec --only parcheesi-2 --rounds 7 --seconds 2 \\
        --columns "v1 play,v1 step"
    .venv/bin/python benchmarks/rl_speed.py --only ludo-2 --only ludo-4 \\
        --only maedn-2 --only maedn-4 --seconds 2

``ludo`` and ``maedn`` run on their compiled engine (:mod:`pachisi._kludo`,
through ``legal_plays`` and ``Turn``) where it is built, else on the clear
engine; their ``--batched`` "play" columns are the Python loop over
``legal_plays`` (the kernel's batch does not play them).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from pachisi import Turn, fast, legal_plays
from pachisi.rl import pachisi_v0, pachisi_v1
from pachisi.rl.gym import PachisiEnv
from pachisi.rl.match import Match
from pachisi.rl.vector import BatchedEnv

SETUPS: dict[str, tuple[str, dict[str, Any]]] = {
    "parcheesi-2": ("parcheesi", {"players": 2}),
    "parcheesi-4": ("parcheesi", {"players": 4}),
    "pagade-4": ("pagade", {"players": 4}),
    "whitman-4": ("whitman", {"players": 4}),
    "eight-man-2": ("eight-man", {"players": 2}),
    "ludo-2": ("ludo", {"players": 2}),
    "ludo-4": ("ludo", {"players": 4}),
    "maedn-2": ("maedn", {"players": 2}),
    "maedn-4": ("maedn", {"players": 4}),
}


def timed(run: Callable[[float], int], seconds: float) -> float:
    """Steps per CPU second of ``run(deadline) -> steps`` (deadline in CPU time)."""
    start = time.process_time()
    steps = run(start + seconds)
    return steps / (time.process_time() - start)


def aec(
    ruleset: str,
    kw: dict[str, Any],
    mode: str,
    seconds: float,
    version: Any = pachisi_v1,
    as_bool: bool = False,
    sample: bool = False,
) -> float:
    """Steps per CPU second of ``version.env(...)``: ``env.last()``, then a uniform pick among
    ``np.flatnonzero(mask)`` (``as_bool``: of ``mask.view(np.bool_)``, the same 0/1 bytes,
    which numpy searches several times faster than ``int8``; ``sample``: PettingZoo's
    documented ``env.action_space(agent).sample(mask)`` instead)."""
    env = version.env(ruleset=ruleset, mode=mode, **kw)
    rng = random.Random(1)

    def run(deadline: float) -> int:
        steps, game = 0, 0
        while time.process_time() < deadline:
            env.reset(seed=game)
            game += 1
            if sample:
                for a in env.possible_agents:
                    env.action_space(a).seed(game)
            for agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                if sample:
                    env.step(int(env.action_space(agent).sample(mask)))
                    steps += 1
                    continue
                legal = np.flatnonzero(mask.view(np.bool_) if as_bool else mask)
                env.step(int(legal[rng.randrange(len(legal))]))
                steps += 1
        return steps

    return timed(run, seconds)


def aec_raw(
    ruleset: str, kw: dict[str, Any], mode: str, seconds: float, version: Any = pachisi_v1
) -> float:
    env = version.raw_env(ruleset=ruleset, mode=mode, **kw)
    rng = random.Random(1)

    def run(deadline: float) -> int:
        steps, game = 0, 0
        while time.process_time() < deadline:
            env.reset(seed=game)
            game += 1
            while not env.match.done:
                legal = env.match.legal_actions()
                env.step(legal[rng.randrange(len(legal))])
                steps += 1
        return steps

    return timed(run, seconds)


def gym(ruleset: str, kw: dict[str, Any], mode: str, seconds: float) -> float:
    env = PachisiEnv(ruleset, mode=mode, **kw)
    rng = random.Random(1)

    def run(deadline: float) -> int:
        steps, game = 0, 0
        while time.process_time() < deadline:
            _, info = env.reset(seed=game)
            game += 1
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, term, trunc, info = env.step(np.int64(legal[rng.randrange(len(legal))]))
                done = term or trunc
                steps += 1
        return steps

    return timed(run, seconds)


def openspiel(name: str, params: dict[str, Any], seconds: float) -> float:
    import pyspiel

    import pachisi.rl.openspiel  # noqa: F401 - registers the games

    game = pyspiel.load_game(name, params)
    rng = random.Random(1)

    def run(deadline: float) -> int:
        steps = 0
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
        return steps

    return timed(run, seconds)


def batched(
    ruleset: str,
    kw: dict[str, Any],
    mode: str,
    seconds: float,
    n: int = 64,
    backend: str = "auto",
    max_plays: int | None = None,
) -> float:
    """Steps per CPU second of ``BatchedEnv(n, ...)`` (steps summed over the batch).

    The actions are drawn in numpy: in play mode the legal actions are
    ``0 .. legal_counts - 1`` (one uniform draw each); in step mode the
    legal index with the largest random key.
    """
    env = BatchedEnv(n, ruleset, mode=mode, max_plays=max_plays, backend=backend, **kw)
    rng = np.random.default_rng(1)

    def run(deadline: float) -> int:
        _, mask, _ = env.reset(seed=1)
        steps = 0
        while time.process_time() < deadline:
            if mode == "play":
                actions = (rng.random(n) * env.legal_counts).astype(np.int64)
            else:
                actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            _, mask, _, _, _ = env.step(actions)
            steps += n
        return steps

    return timed(run, seconds)


#: Batch sizes of ``--batched``.
BATCH_SIZES = (1, 64, 1024)
#: ``--batched``'s bound on a throw's outcomes (above the defaults of the Parcheesi
#: family: long random runs of four-player Parcheesi meet throws with more than 1,024).
BENCH_MAX_PLAYS = {
    "pagade": 256,
    "whitman": 2048,
    "parcheesi": 2048,
    "eight-man": 65536,
    "ludo": 4,
    "maedn": 4,
}


def batched_table(names: list[str], seconds: float) -> None:
    """``--batched``: play mode in the kernel by batch size, beside the Python paths."""
    head = "".join(f"{f'play n={n}':>13}" for n in BATCH_SIZES)
    print(f"{'set-up':<13}{head}{'python n=64':>13}{'step n=64':>11}")
    for name in names:
        ruleset, kw = SETUPS[name]
        mp = BENCH_MAX_PLAYS[ruleset]
        row = [batched(ruleset, kw, "play", seconds, n, max_plays=mp) for n in BATCH_SIZES]
        row.append(batched(ruleset, kw, "play", seconds, 64, "python", mp))
        cells = "".join(f"{v:>13.0f}" for v in row)
        step = batched(ruleset, kw, "step", seconds, 64)
        print(f"{name:<13}{cells}{step:>11.0f}", flush=True)
    print("(steps per CPU second of one process; random legal actions drawn in numpy)")


def engine(ruleset: str, kw: dict[str, Any], seconds: float) -> tuple[float, float, float, float]:
    """Microseconds per throw of ``Turn(...)`` (as installed, and on the clear engine) and of
    ``legal_plays``; steps per throw.

    Over the decisions of random step-mode games (seeded), each measured
    for ``seconds`` of CPU time.
    """
    from pachisi import Setup

    m = Match(Setup.create(ruleset, **kw), "step")
    rng = random.Random(1)
    throws: list[tuple[Any, Any]] = []
    steps, game = 0, 0
    while len(throws) < 400:
        m.reset(seed=game)
        game += 1
        while not m.done and len(throws) < 400:
            if m.turn is not None and not m.turn.steps:
                throws.append((m.position, m.throw))
            legal = m.legal_actions()
            m.apply(legal[rng.randrange(len(legal))])
            steps += 1

    def per_throw(fn: Callable[[Any, Any], object]) -> float:
        start, n = time.process_time(), 0
        while time.process_time() < start + seconds:
            for pos, throw in throws:
                fn(pos, throw)
            n += len(throws)
        return 1e6 * (time.process_time() - start) / n

    with fast.pure():
        pure_turn = per_throw(Turn)
    return per_throw(Turn), pure_turn, per_throw(legal_plays), steps / len(throws)


#: ``--aec``'s column of ``pachisi_v1``'s play mode whose loop searches the mask as ``bool``.
BOOL_LABEL = "v1 play, mask as bool"
#: ``--aec``'s column of ``pachisi_v1``'s play mode whose loop draws with PettingZoo's documented
#: ``env.action_space(agent).sample(mask)`` (Gymnasium's ``Discrete.sample``).
SAMPLE_LABEL = "v1 play, space.sample(mask)"


def aec_rounds(
    names: list[str], seconds: float, rounds: int, only: list[str] | None = None
) -> None:
    """``--aec``: the AEC environments against OpenSpiel's C++ backgammon, round by round
    (``only``: just those columns, by label; ``v1 play`` always)."""
    import statistics

    cols = [
        (f"{v}{'-raw' if raw else ''} {mode}", v, raw, mode)
        for v in ("v1", "v0")
        for raw in (False, True)
        for mode in ("play", "step")
    ]
    if only is not None:
        cols = [c for c in cols if c[0] in only or c[0] == "v1 play"]
    extra = [k for k in (BOOL_LABEL, SAMPLE_LABEL) if only is None or k in only]
    for name in names:
        ruleset, kw = SETUPS[name]
        got: dict[str, list[float]] = {c[0]: [] for c in cols}
        bg: list[float] = []
        bg_obs: list[float] = []
        for k in extra:
            got[k] = []
        for r in range(rounds):
            bg.append(openspiel_backgammon(seconds))
            bg_obs.append(openspiel_cpp("backgammon", {}, seconds, observe=True))
            for label, v, raw, mode in cols:
                version = pachisi_v1 if v == "v1" else pachisi_v0
                run = aec_raw if raw else aec
                got[label].append(run(ruleset, kw, mode, seconds, version))
            if BOOL_LABEL in got:
                got[BOOL_LABEL].append(aec(ruleset, kw, "play", seconds, pachisi_v1, as_bool=True))
            if SAMPLE_LABEL in got:
                got[SAMPLE_LABEL].append(aec(ruleset, kw, "play", seconds, pachisi_v1, sample=True))
            cells = "  ".join(f"{k} {got[k][-1]:.0f} ({got[k][-1] / bg[-1]:.2f}x)" for k in got)
            obs_ratio = got["v1 play"][-1] / bg_obs[-1]
            print(
                f"{name} round {r + 1}: backgammon {bg[-1]:.0f}; {cells};"
                f" backgammon with observation_tensor() {bg_obs[-1]:.0f}"
                f" (v1 play {obs_ratio:.2f}x)",
                flush=True,
            )
        print(f"{name}, median of {rounds} rounds (ratio: median of the rounds' ratios):")
        print(f"  {'openspiel C++ backgammon':<30}{statistics.median(bg):>9.0f}")
        for k, rates in got.items():
            ratio = statistics.median(x / b for x, b in zip(rates, bg, strict=True))
            print(f"  {k:<30}{statistics.median(rates):>9.0f}  {ratio:.2f}x backgammon")
        ratio = statistics.median(x / b for x, b in zip(got["v1 play"], bg_obs, strict=True))
        print(
            f"  backgammon reading observation_tensor() too {statistics.median(bg_obs):.0f};"
            f" v1 play {ratio:.2f}x that"
        )
    print("(steps per CPU second of one process; random legal actions)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per measurement")
    ap.add_argument("--only", choices=sorted(SETUPS), action="append", help="set-ups to run")
    ap.add_argument("--engine", action="store_true", help="only the core's cost per throw")
    ap.add_argument("--batched", action="store_true", help="only BatchedEnv, by batch size")
    ap.add_argument("--aec", action="store_true", help="only the AEC environments and backgammon")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --aec")
    ap.add_argument(
        "--columns",
        help="--aec: only these columns, comma-separated labels (e.g. 'v1 play,v1 step')",
    )
    args = ap.parse_args(argv)
    names = args.only or list(SETUPS)
    if args.aec:
        only = args.columns.split(",") if args.columns else None
        aec_rounds(names, args.seconds, args.rounds, only)
        return 0
    if args.batched:
        batched_table(names, args.seconds)
        return 0
    if args.engine:
        print(f"engine: {fast.engine()}")
        print(
            f"{'set-up':<13}{'Turn us':>9}{'pure Turn us':>14}{'plays us':>10}{'steps/throw':>13}"
        )
        for name in names:
            turn_us, pure_us, plays_us, per = engine(*SETUPS[name], args.seconds)
            print(
                f"{name:<13}{turn_us:>9.0f}{pure_us:>14.0f}{plays_us:>10.0f}{per:>13.2f}",
                flush=True,
            )
        print("(CPU microseconds per throw on random games' decisions)")
        return 0
    print(
        f"{'set-up':<13}{'mode':<6}{'aec':>9}{'aec-raw':>9}{'gym':>9}{'openspiel':>11}{'batched':>9}"
    )
    for name in names:
        ruleset, kw = SETUPS[name]
        game = "python_pachisi_" + ruleset.replace("-", "_")
        for mode in ("step", "play"):
            s = args.seconds
            row = [
                aec(ruleset, kw, mode, s),
                aec_raw(ruleset, kw, mode, s),
                gym(ruleset, {**kw, "players": 2} if ruleset != "pagade" else kw, mode, s),
                openspiel(game, {**kw, "mode": mode}, s),
                batched(ruleset, kw, mode, s),
            ]
            cells = "".join(f"{v:>9.0f}" if i != 3 else f"{v:>11.0f}" for i, v in enumerate(row))
            print(f"{name:<13}{mode:<6}{cells}", flush=True)
    bg = openspiel_backgammon(args.seconds)
    print(f"openspiel C++ backgammon, same loop: {bg:.0f} player actions/s")
    for n in sorted({kw["players"] for name in names for r, kw in [SETUPS[name]] if r == "maedn"}):
        cpp = openspiel_cpp("maedn", {"players": n}, args.seconds)
        print(f"openspiel C++ maedn, {n} players, same loop: {cpp:.0f} player actions/s")
    print("(steps per CPU second of one process; random legal actions)")
    return 0


def openspiel_backgammon(seconds: float) -> float:
    """OpenSpiel's C++ backgammon in the same loop as ``openspiel`` (for scale)."""
    return openspiel_cpp("backgammon", {}, seconds)


def openspiel_cpp(
    name: str, params: dict[str, Any], seconds: float, observe: bool = False
) -> float:
    """An OpenSpiel C++ game (``backgammon``, ``maedn``) in the same loop as ``openspiel``
    (``observe``: reading ``state.observation_tensor()`` before each decision, as the
    ``aec`` loop reads ``env.last()``'s observation)."""
    import pyspiel

    game = pyspiel.load_game(name, params)
    rng = random.Random(1)

    def run(deadline: float) -> int:
        steps = 0
        while time.process_time() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    actions, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(actions, probs)[0])
                else:
                    if observe:
                        state.observation_tensor()
                    legal = state.legal_actions()
                    state.apply_action(legal[rng.randrange(len(legal))])
                    steps += 1
        return steps

    return timed(run, seconds)


if __name__ == "__main__":
    sys.exit(main())
