"""The ``rl_speed.py --aec`` loop on seeded games, once, for callgrind.

Plays ``GAMES`` seeded games of ``pachisi_v1.env(ruleset="parcheesi",
players=PLAYERS, mode=MODE)`` as ``rl_speed.py --aec`` does (``env.last()``,
``np.flatnonzero`` of the mask, a uniform pick, ``env.step``), inside one
``operator.call`` so that callgrind can count that call alone; ``nosearch``
picks from ``len(info["plays"])`` instead (the same actions in play mode: the
loop less its mask search). Prints the steps made::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call \\
        python benchmarks/aec_loop.py 2 play 20 search
"""

from __future__ import annotations

import operator
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from pachisi.rl import pachisi_v1


def main(argv: list[str]) -> int:
    players, mode, games, search = int(argv[0]), argv[1], int(argv[2]), argv[3] == "search"
    env = pachisi_v1.env(ruleset="parcheesi", mode=mode, players=players)
    rng = random.Random(1)
    env.reset(seed=999)  # made and warmed outside the counted call

    def loop() -> int:
        steps = 0
        for game in range(games):
            env.reset(seed=game)
            for _ in env.agent_iter():
                obs, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if search or mode != "play":
                    legal = np.flatnonzero(obs["action_mask"])
                    env.step(int(legal[rng.randrange(len(legal))]))
                else:
                    env.step(rng.randrange(len(info["plays"])))
                steps += 1
        return steps

    print("steps", operator.call(loop))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
