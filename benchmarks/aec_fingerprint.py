"""A sha256 fingerprint of seeded AEC episodes, to show that a speed change changed no game.

Plays seeded games of ``pachisi_v0.env()`` and ``pachisi_v1.env()`` (PettingZoo's
wrappers) in both modes, for two- and four-player Parcheesi and four-player
Pagade, picking uniformly among the legal actions with ``random.Random(seed)``,
and hashes everything a training loop reads at every step: the agent, the
``env.last()`` observation (dtype, shape, bytes) and mask, reward, termination,
truncation, the info's keys and number of plays (and the plays themselves every
tenth step), every other agent's ``env.observe``, the raw environment's rewards
and cumulative rewards. Prints one line per set-up and mode, then the digest of
all of them::

    python benchmarks/aec_fingerprint.py
    python benchmarks/aec_fingerprint.py --games 5
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from pachisi.rl import pachisi_v0, pachisi_v1

CASES: list[tuple[str, dict[str, Any]]] = [
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4}),
    ("pagade", {"players": 4}),
]


def _array(h: Any, a: Any) -> None:
    h.update(f"{type(a).__name__}{a.dtype}{a.shape}".encode())
    h.update(np.ascontiguousarray(a).tobytes())


def episode_hash(version: Any, ruleset: str, kw: dict[str, Any], mode: str, games: int) -> str:
    """The sha256 of ``games`` seeded episodes (module docstring)."""
    h = hashlib.sha256()
    env = version.env(ruleset=ruleset, mode=mode, **kw)
    for seed in range(games):
        rng = random.Random(seed)
        env.reset(seed=seed)
        n = 0
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            h.update(f"{agent}|{reward!r}|{term}|{trunc}|{sorted(info)}".encode())
            raw = env.unwrapped
            h.update(repr(sorted(raw.rewards.items())).encode())
            h.update(repr(sorted(raw._cumulative_rewards.items())).encode())
            if obs is not None:
                _array(h, obs["observation"])
                _array(h, obs["action_mask"])
            if "plays" in info:
                plays = info["plays"]
                h.update(str(len(plays)).encode())
                if n % 10 == 0:
                    h.update(repr(list(plays)).encode())
            if n % 7 == 0:
                for other in env.agents:
                    if other != agent:
                        o = env.observe(other)
                        _array(h, o["observation"])
                        _array(h, o["action_mask"])
            n += 1
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        h.update(f"end{n}".encode())
        h.update(repr(sorted(env.unwrapped._cumulative_rewards.items())).encode())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=4, help="seeded games per set-up and mode")
    args = ap.parse_args(argv)
    total = hashlib.sha256()
    for version in (pachisi_v1, pachisi_v0):
        for ruleset, kw in CASES:
            for mode in ("play", "step"):
                d = episode_hash(version, ruleset, kw, mode, args.games)
                total.update(d.encode())
                name = version.__name__.rsplit(".", 1)[1]
                print(f"{name} {ruleset}-{kw['players']} {mode}: {d}", flush=True)
    print(f"all: {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
