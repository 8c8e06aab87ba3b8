"""Example: train sb3-contrib's MaskablePPO on two-player Parcheesi against ``random``.

The learner holds seat 0 of ``pachisi/Parcheesi-v0``; the other seat plays
uniformly random legal plays (``--opponents`` names another player). Two
ways to train (``--mode``), both with the win/loss reward of the
environment (+1/-1 at the end, nothing before: no shaping):

* ``play`` (the default): whole-play mode, TD-Gammon's afterstates with PPO.
  The observation is a table of rows: row 0 the position to play (with the
  throw), rows 1..``--rows`` one per legal play, encoding the position it
  leads to (:meth:`pachisi.rl.match.Match.afterstates`), zero rows after
  them. The policy scores each row with one small network (the same weights
  for every row) and takes the scores as the logits of the legal plays; the
  value network reads row 0. So the policy compares outcomes, as the
  hand-made players do, instead of learning what each index means. A throw
  with more than ``--rows`` outcomes (about 1% of the decisions) offers the
  first ``--rows`` of them in the engine's order.
* ``step``: step mode with sb3's ``MlpPolicy`` over the 147 step actions (the
  first version of this example: about 80% after 600,000 steps).

After training, the policy plays ``--eval-games`` seeded games greedily (the
most probable legal action; game ``g`` has seed ``eval_seed * 1_000_003 + g``)
and the win rate is printed with its 95% Wilson interval.

Needs ``pip install sb3-contrib`` (Stable-Baselines3 and PyTorch) besides the
``rl`` extra; the tests run it at a tiny scale when sb3-contrib is installed.

    python benchmarks/rl_train.py --timesteps 100000 --eval-games 1000 --seed 1
"""

from __future__ import annotations

import argparse
import importlib
import math
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

import gymnasium
import numpy as np
from gymnasium import spaces

from pachisi.rl.encoding import observation_size
from pachisi.rl.gym import PachisiEnv


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def columns(env: PachisiEnv) -> np.ndarray[Any, np.dtype[np.intp]]:
    """The observation columns a play-mode row keeps (two-player games: one colour each).

    The pawn counts of the learner's colour and the opponent's (2 x (home + 1)),
    the seat to move (2), the lower and higher die (12) and the doublets
    thrown this turn (3); see docs/rl.md for the full vector's layout.
    """
    setup = env.setup
    h = setup.home + 1
    colours = sum(len(c) for c in setup.players)
    base = 4 * h + 24  # after the pawn block and the colour features
    keep = [*range(colours * h), base, base + 1, *range(base + 4, base + 19)]
    assert base + 19 <= observation_size(setup)
    return np.array(keep, dtype=np.intp)


class AfterstateEnv(gymnasium.Env[Any, np.int64]):
    """Play mode as a table of afterstates (see the module docstring)."""

    def __init__(self, opponents: str, rows: int) -> None:
        self.env = PachisiEnv(
            "parcheesi", players=2, opponents=opponents, mode="play", illegal_action="raise"
        )
        self.rows = rows
        self.cols = columns(self.env)
        shape = (rows + 1, len(self.cols))
        self.observation_space = spaces.Box(0.0, 1.0, shape, np.float32)
        self.action_space = spaces.Discrete(rows)

    def _table(self, obs: np.ndarray[Any, np.dtype[np.float32]]) -> Any:
        table = np.zeros((self.rows + 1, len(self.cols)), dtype=np.float32)
        table[0] = obs[self.cols]
        m = self.env.match
        if not m.done:
            after = m.afterstates()[: self.rows]
            table[1 : 1 + len(after)] = after[:, self.cols]
        return table

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal plays among the first ``rows`` (all zero at the end)."""
        mask = np.zeros(self.rows, dtype=np.int8)
        m = self.env.match
        if not m.done:
            mask[: min(self.rows, len(m.plays))] = 1
        return mask

    def reset(self, *, seed: int | None = None, options: Any = None) -> tuple[Any, dict[str, Any]]:
        """Start a game (as :meth:`PachisiEnv.reset`)."""
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(2**48))
        obs, info = self.env.reset(seed=seed)
        return self._table(obs), info

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """Play the legal play ``action`` (an index below ``rows``)."""
        obs, reward, terminated, truncated, info = self.env.step(np.int64(action))
        return self._table(obs), float(reward), terminated, truncated, info


def afterstate_policy() -> Any:
    """MaskablePPO's policy class scoring each afterstate row with one network."""
    # Imported as untyped modules, so that mypy reads this file the same way with and
    # without the rl-train extra (PyTorch's and sb3's own annotations do not fit subclasses).
    nn: Any = importlib.import_module("torch.nn")
    policies: Any = importlib.import_module("sb3_contrib.common.maskable.policies")

    class AfterstateNet(nn.Module):  # type: ignore[misc]
        """Row 0 -> value features; rows 1.. -> one logit each (shared weights)."""

        def __init__(self, rows: int, width: int, hidden: int) -> None:
            super().__init__()
            self.rows, self.width = rows, width
            self.latent_dim_pi = rows
            self.latent_dim_vf = hidden
            self.score = nn.Sequential(
                nn.Linear(width, hidden),
                nn.Tanh(),
                nn.Linear(hidden, hidden),
                nn.Tanh(),
                nn.Linear(hidden, 1),
            )
            self.value = nn.Sequential(
                nn.Linear(width, hidden), nn.Tanh(), nn.Linear(hidden, hidden), nn.Tanh()
            )

        def forward_actor(self, features: Any) -> Any:
            x = features.view(-1, self.rows + 1, self.width)
            return self.score(x[:, 1:]).squeeze(-1)

        def forward_critic(self, features: Any) -> Any:
            return self.value(features.view(-1, self.rows + 1, self.width)[:, 0])

        def forward(self, features: Any) -> tuple[Any, Any]:
            return self.forward_actor(features), self.forward_critic(features)

    class AfterstatePolicy(policies.MaskableActorCriticPolicy):  # type: ignore[misc]
        """The logits of the legal plays are the scores of their afterstates."""

        def _build_mlp_extractor(self) -> None:
            rows_plus_one, width = self.observation_space.shape
            hidden = int(self.net_arch[0]) if self.net_arch else 64
            self.mlp_extractor = AfterstateNet(rows_plus_one - 1, width, hidden)

        def _build(self, lr_schedule: Any) -> None:
            super()._build(lr_schedule)
            self.action_net = nn.Identity()  # the scores are the logits
            last = self.mlp_extractor.score[-1]
            nn.init.orthogonal_(last.weight, gain=0.01)
            nn.init.zeros_(last.bias)
            self.optimizer = self.optimizer_class(
                self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs
            )

    return AfterstatePolicy


def make_env(opponents: str, mode: str = "play", rows: int = 128) -> Any:
    """The training environment, wrapped so that MaskablePPO finds the masks."""
    wrappers: Any = importlib.import_module("sb3_contrib.common.wrappers")

    if mode == "play":
        return AfterstateEnv(opponents, rows)
    env = PachisiEnv("parcheesi", players=2, opponents=opponents, illegal_action="raise")
    return wrappers.ActionMasker(env, lambda e: e.unwrapped.action_masks())


def evaluate(model: Any, env: Any, games: int, seed: int) -> int:
    """Games won by ``model`` (seat 0, greedy in its policy) out of ``games``."""
    wins = 0
    for g in range(games):
        obs, _ = env.reset(seed=seed * 1_000_003 + g)
        while True:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            obs, reward, terminated, truncated, _ = env.step(np.int64(action))
            if terminated or truncated:
                wins += int(float(reward) > 0)
                break
    return wins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode", choices=("play", "step"), default="play", help="see the docstring")
    ap.add_argument("--timesteps", type=int, default=100_000, help="learner decisions to train")
    ap.add_argument("--eval-games", type=int, default=200, help="games to evaluate")
    ap.add_argument("--eval-seed", type=int, help="seed of the evaluation games (default --seed)")
    ap.add_argument("--opponents", default="random", help="the other seat's player")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--n-steps", type=int, default=2048, help="PPO rollout length")
    ap.add_argument("--rows", type=int, default=128, help="play mode: afterstate rows")
    ap.add_argument("--hidden", type=int, default=64, help="play mode: hidden units")
    ap.add_argument("--save", help="write the trained model here (.zip)")
    ap.add_argument("--load", help="evaluate (and go on training) a model saved with --save")
    args = ap.parse_args(argv)
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        print("this example needs sb3-contrib: pip install sb3-contrib", file=sys.stderr)
        return 2
    torch.set_num_threads(1)
    env = make_env(args.opponents, args.mode, args.rows)
    start = time.process_time()
    if args.load:
        model = MaskablePPO.load(args.load, env=env, seed=args.seed)
    elif args.mode == "play":
        model = MaskablePPO(
            afterstate_policy(),
            env,
            n_steps=args.n_steps,
            batch_size=min(256, args.n_steps),
            n_epochs=4,
            gamma=1.0,
            gae_lambda=0.95,
            ent_coef=0.001,
            learning_rate=3e-4,
            policy_kwargs={"net_arch": [args.hidden]},
            seed=args.seed,
            verbose=0,
        )
    else:
        model = MaskablePPO(
            "MlpPolicy",
            env,
            n_steps=args.n_steps,
            batch_size=min(256, args.n_steps),
            gamma=0.999,
            ent_coef=0.01,
            seed=args.seed,
            verbose=0,
        )
    if args.timesteps:
        model.learn(total_timesteps=args.timesteps, reset_num_timesteps=not args.load)
    trained = time.process_time() - start
    if args.save:
        model.save(args.save)
    eval_seed = args.seed if args.eval_seed is None else args.eval_seed
    start = time.process_time()
    wins = evaluate(
        model, make_env(args.opponents, args.mode, args.rows), args.eval_games, eval_seed
    )
    judged = time.process_time() - start
    lo, hi = wilson(wins, args.eval_games)
    print(
        f"MaskablePPO ({args.mode} mode), {args.timesteps} steps ({trained:.0f} CPU s), "
        f"seed {args.seed}: won {wins}/{args.eval_games} against {args.opponents} "
        f"({100 * wins / max(1, args.eval_games):.1f}%, 95% CI {100 * lo:.1f}-{100 * hi:.1f}%; "
        f"evaluation seed {eval_seed}, {judged:.0f} CPU s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
