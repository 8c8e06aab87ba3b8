"""Example: train sb3-contrib's MaskablePPO on two-player Parcheesi against ``random``.

The learner holds seat 0 of ``pachisi/Parcheesi-v0`` (step mode: one
elementary step per action, the legal steps as the action mask); the other
seat plays uniformly random legal plays. After training, the policy plays
``--eval-games`` seeded games greedily (the most probable legal action) and
the win rate is printed with its 95% Wilson interval.

Needs ``pip install sb3-contrib`` (Stable-Baselines3 and PyTorch) besides the
``rl`` extra; the tests run it at a tiny scale when sb3-contrib is installed.

    python benchmarks/rl_train.py --timesteps 300000 --eval-games 200 --seed 1
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import numpy as np

from pachisi.rl.gym import PachisiEnv


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def make_env(opponents: str) -> Any:
    """The training environment, wrapped so that MaskablePPO finds the masks."""
    from sb3_contrib.common.wrappers import ActionMasker

    env = PachisiEnv("parcheesi", players=2, opponents=opponents, illegal_action="raise")
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(model: Any, games: int, opponents: str, seed: int) -> int:
    """Games won by ``model`` (seat 0, greedy in its policy) out of ``games``."""
    env = PachisiEnv("parcheesi", players=2, opponents=opponents, illegal_action="raise")
    wins = 0
    for g in range(games):
        obs, info = env.reset(seed=seed * 1_000_003 + g)
        while True:
            action, _ = model.predict(obs, action_masks=info["action_mask"], deterministic=True)
            obs, reward, terminated, truncated, info = env.step(np.int64(action))
            if terminated or truncated:
                wins += int(float(reward) > 0)
                break
    return wins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--timesteps", type=int, default=300_000, help="learner steps to train")
    ap.add_argument("--eval-games", type=int, default=200, help="games to evaluate")
    ap.add_argument("--opponents", default="random", help="the other seat's player")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n-steps", type=int, default=2048, help="PPO rollout length")
    ap.add_argument("--save", help="write the trained model here (.zip)")
    ap.add_argument("--load", help="go on training a model saved with --save")
    args = ap.parse_args(argv)
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        print("this example needs sb3-contrib: pip install sb3-contrib", file=sys.stderr)
        return 2
    start = time.perf_counter()
    if args.load:
        model = MaskablePPO.load(args.load, env=make_env(args.opponents), seed=args.seed)
    else:
        model = MaskablePPO(
            "MlpPolicy",
            make_env(args.opponents),
            n_steps=args.n_steps,
            batch_size=min(256, args.n_steps),
            gamma=0.999,
            ent_coef=0.01,
            seed=args.seed,
            verbose=0,
        )
    model.learn(total_timesteps=args.timesteps, reset_num_timesteps=not args.load)
    trained = time.perf_counter() - start
    if args.save:
        model.save(args.save)
    wins = evaluate(model, args.eval_games, args.opponents, args.seed)
    lo, hi = wilson(wins, args.eval_games)
    print(
        f"MaskablePPO, {args.timesteps} steps ({trained:.0f} s), seed {args.seed}: "
        f"won {wins}/{args.eval_games} against {args.opponents} "
        f"({100 * wins / max(1, args.eval_games):.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
