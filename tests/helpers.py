"""Shared helpers of the test suite."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import socket
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from pachisi import Position, Turn, legal_plays, race
from pachisi.dice import dice_for
from pachisi.learn.network import ValueNet
from pachisi.rules import Setup

HERE = Path(__file__).parent
SHARED_EXAMPLES = HERE.parent.parent / "shared" / "examples.json"
VENDORED_EXAMPLES = HERE / "data" / "examples.json"

#: The outcome fields that examples.json gives for each outcome.
OUTCOME_KEYS = ("pawns", "to_move", "doubles", "cut", "winner", "finished")


def example_cases() -> list[dict[str, Any]]:
    """The cases of shared/examples.json when it is beside the repo, else the vendored copy."""
    path = SHARED_EXAMPLES if SHARED_EXAMPLES.exists() else VENDORED_EXAMPLES
    cases: list[dict[str, Any]] = json.loads(path.read_text())["cases"]
    return cases


def outcome_key(obj: dict[str, Any]) -> str:
    """A canonical text of the outcome fields of a position dict (for set comparison)."""
    return json.dumps({k: obj[k] for k in OUTCOME_KEYS}, sort_keys=True)


def step_results(pos: Position, throw: tuple[int, int]) -> set[Position]:
    """Every result reachable by playing ``throw`` step by step (depth-first over Turn)."""
    turn = Turn(pos, throw)
    out: set[Position] = set()

    def walk() -> None:
        if turn.is_complete:
            out.add(turn.result())
            return
        steps = turn.legal_steps()
        assert steps, "an incomplete turn must offer a step"
        for step in steps:
            turn.push(step)
            walk()
            turn.pop()

    walk()
    return out


def play_results(pos: Position, throw: tuple[int, int]) -> set[Position]:
    """The results of :func:`legal_plays`, checking they are distinct."""
    plays = legal_plays(pos, throw)
    results = [p.position for p in plays]
    assert len(set(results)) == len(results), "legal_plays returned a result twice"
    return set(results)


def default_sigint() -> None:
    """A child's ``preexec_fn``: SIGINT at its default, as in a program started from a
    terminal, so that Python turns it into KeyboardInterrupt. A suite run in the background
    of a script (``cmd &``) inherits SIGINT ignored, and a Python started with it ignored
    keeps ignoring it (an interrupted child then runs on until the test's timeout)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (for servers the tests start)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def run_cli(*args: str, cwd: Path, columns: int | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pachisi ARGS`` in ``cwd`` with no input (and ``COLUMNS`` if given)."""
    env = None if columns is None else dict(os.environ, COLUMNS=str(columns))
    return subprocess.run(
        [sys.executable, "-m", "pachisi", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
        check=False,
        env=env,
    )


def simulate(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m pachisi simulate ARGS`` (with ``env`` added to the environment, if given)."""
    return subprocess.run(
        [sys.executable, "-m", "pachisi", "simulate", *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


#: Set-ups and players for ``pachisi simulate`` runs: every ruleset, teams, a rule switch.
SIM_SETUPS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    ({"ruleset": "pagade"}, ("greedy", "random", "random", "random")),
    ({"ruleset": "pagade", "players": 2}, ("random", "greedy")),
    ({"ruleset": "whitman", "players": 3}, ("greedy", "random", "random")),
    ({"ruleset": "parcheesi", "players": 4}, ("random",) * 4),
    ({"ruleset": "eight-man", "majors": ["yellow", "green"]}, ("greedy", "random")),
    ({"ruleset": "parcheesi", "players": 4, "teams": True}, ("greedy", "random") * 2),
    (
        {"ruleset": "pagade", "players": 4, "teams": True, "options": {"play_for_places": True}},
        ("random", "greedy") * 2,
    ),
]


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` (outside the package) as a module named ``name``; the one
    already loaded if there is one (a benchmark that imports another, as rollout_fit.py
    imports net_tables, must see the same module as the tests: pickling a function for a
    worker process finds it by its module's name)."""
    path = HERE.parent / "benchmarks" / f"{name}.py"
    loaded = sys.modules.get(name)
    loaded_from = getattr(loaded, "__file__", None)
    if loaded is not None and loaded_from and Path(loaded_from).resolve() == path.resolve():
        return loaded
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def load_strength() -> ModuleType:
    """benchmarks/strength.py (outside the package) as a module."""
    return load_benchmark("strength")


#: Nine set-ups of the four rulesets, with teams and a switch: the value network's tests.
NET_SETUPS = {
    "pagade-4": Setup.create("pagade"),
    "pagade-2": Setup.create("pagade", players=2),
    "pagade-teams": Setup.create("pagade", teams=True),
    "pagade-places": Setup.create("pagade", options={"play_for_places": True}),
    "whitman-3": Setup.create("whitman", players=3),
    "parcheesi-2": Setup.create("parcheesi", players=2),
    "parcheesi-4": Setup.create("parcheesi"),
    "parcheesi-teams": Setup.create("parcheesi", players=4, teams=True),
    "eight-man": Setup.create("eight-man"),
}


def same_weights(a: ValueNet, b: ValueNet) -> bool:
    """Whether two networks have the same weights, bit for bit."""
    return a.W1 == b.W1 and a.b1 == b.b1 and a.W2 == b.W2 and a.b2 == b.b2


def play_out(start: Position, games: int, seed: int) -> list[int]:
    """Wins per player in ``games`` games from ``start``, every player following the
    tables' one-sided policy (:func:`race.policy_play`), the engine making the plays."""
    rng = random.Random(seed)
    dice = dice_for(start.ruleset)
    wins = [0] * len(start.setup.players)
    for _ in range(games):
        p = start
        while p.winner is None:
            throw = dice.roll(rng)
            plays = p.legal_plays(throw)
            pick = race.policy_play(p, throw, plays) if len(plays) > 1 else plays[0]
            p = (pick or plays[0]).position
        for i in p.winner:
            wins[i] += 1
    return wins
