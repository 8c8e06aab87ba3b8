"""pgx's backgammon on one CPU core, for scale beside the batched environment (docs/benchmarks.md).

pgx (JAX) is not a dependency of pachisi; run this in an environment of its
own, pinned to one core with XLA on one thread:

    python -m venv /tmp/pgxenv && /tmp/pgxenv/bin/pip install pgx==2.6.0 'jax[cpu]'
    XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1" \\
        taskset -c 0 /tmp/pgxenv/bin/python benchmarks/pgx_speed.py --seconds 2

As pgx's own speed benchmark does: ``jax.lax.scan`` of 100 jitted,
``vmap``-ped steps with ``pgx.experimental.auto_reset``, a random legal
action per game (``jax.random.categorical`` over the mask); prints steps per
CPU second of the process after compilation (a backgammon step is one
checker's move, the dice inside the step).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from typing import Any

#: Steps per jitted call.
SCAN = 100


def _runner(env: Any, n: int) -> Callable[[Any, Any], tuple[Any, Any]]:
    import jax  # type: ignore[import-not-found]
    import jax.numpy as jnp  # type: ignore[import-not-found]
    from pgx.experimental import auto_reset  # type: ignore[import-not-found]

    step = jax.vmap(auto_reset(env.step, env.init))

    def body(carry: tuple[Any, Any], _: object) -> tuple[tuple[Any, Any], None]:
        state, key = carry
        key, k_act, k_step = jax.random.split(key, 3)
        logits = jnp.where(state.legal_action_mask, 0.0, -1e9)
        action = jax.random.categorical(k_act, logits, axis=-1)
        return (step(state, action, jax.random.split(k_step, n)), key), None

    def run(state: Any, key: Any) -> tuple[Any, Any]:
        (state, key), _ = jax.lax.scan(body, (state, key), None, length=SCAN)
        return state, key

    return jax.jit(run)  # type: ignore[no-any-return]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per batch size")
    ap.add_argument("--sizes", type=int, nargs="+", default=[1, 64, 1024], help="batch sizes")
    args = ap.parse_args(argv)
    import jax
    import pgx  # type: ignore[import-not-found]

    env = pgx.make("backgammon")
    init = jax.jit(jax.vmap(env.init))
    for n in args.sizes:
        key = jax.random.PRNGKey(0)
        state = init(jax.random.split(key, n))
        run = _runner(env, n)
        state, key = run(state, key)  # compiles
        jax.block_until_ready(state)
        start, steps = time.process_time(), 0
        while time.process_time() < start + args.seconds:
            state, key = run(state, key)
            jax.block_until_ready(state)
            steps += n * SCAN
        rate = steps / (time.process_time() - start)
        print(f"pgx {pgx.__version__} backgammon, {n} games: {rate:.0f} steps per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
