"""A fingerprint of the hand evaluation's numbers and the greedy picks, to compare versions.

Issue 35: the hit table, the safe squares, the players' signs and the greedy
tie-break were written in :mod:`pachisi._accel` beside the players' versions;
they are now written once (:mod:`pachisi.hand_terms`,
:func:`pachisi.plays.best_plays`). This script checks that such a change
moves nothing, bit for bit: run it on the code before (``--out before.json``)
and after (``--against before.json``); it exits 1 and names the set-ups whose
fingerprint differs.

On seeded random games of every ruleset and set-up (two, three and four
players, teams, Eight-Man's majors; each cross set-up also with two draws of
random switches), ``--positions`` (position, throw) pairs per set-up, it
records per set-up a SHA-256 of:

* the kernel bridge's evaluation tables (``fast.eval_tables``, the bytes);
* for every outcome of the throw (canonical order): the players' evaluation
  (``bots.evaluation.evaluate``, the float's hex), its readable definition
  (``bots.greedy.evaluate``), the compiled kernel's (``evaluate_many``, where
  the kernel evaluates the ruleset) and the learned encoding's input;
* the greedy candidates (``best_plays``), a seeded ``GreedyPlayer``'s
  choice and ``fast.greedy_position``'s pick (the playouts' greedy);
* every tenth pair: four greedy playouts of 40 throws on the pure engine
  and, where the kernel plays the ruleset, in the kernel (with the
  evaluation of a game cut off).

    PYTHONPATH=src python benchmarks/hand_terms_check.py --out before.json
    PYTHONPATH=src python benchmarks/hand_terms_check.py --against before.json
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import random
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from pachisi import Position, dice_for, fast, legal_plays
from pachisi.bots import expectimax
from pachisi.bots.evaluation import evaluate
from pachisi.bots.greedy import GreedyPlayer, best_plays
from pachisi.bots.greedy import evaluate as readable_evaluate
from pachisi.learn.encoding import encoder_for
from pachisi.rules import ONE_DIE_RULESETS, Setup


def _differential() -> Any:
    """tests/reference/differential.py: the differential check's set-ups and switch values."""
    path = Path(__file__).resolve().parent.parent / "tests" / "reference" / "differential.py"
    spec = importlib.util.spec_from_file_location("differential", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_REFERENCE = _differential()
#: Every set-up: the cross's (the differential check's list) and the one-die rulesets'.
SETUPS: list[dict[str, Any]] = [
    *_REFERENCE.SETUPS,
    *({"ruleset": r, "players": n} for r in ONE_DIE_RULESETS for n in (2, 3, 4)),
]
#: The values a switch of the cross may take (the differential check's).
SWITCH_VALUES: dict[str, list[Any]] = _REFERENCE.SWITCH_VALUES


def variants(rng: random.Random) -> Iterator[tuple[str, Position]]:
    """Each set-up's start position: with the default switches, and for the cross twice more
    with each switch set to a random value with probability 1/2."""
    for spec in SETUPS:
        spec = dict(spec)
        ruleset = spec.pop("ruleset")
        draws = 1 if ruleset in ONE_DIE_RULESETS else 3
        for k in range(draws):
            options: dict[str, Any] = {}
            if k:
                names = Setup.create(ruleset, **spec).options
                options = {
                    n: rng.choice(SWITCH_VALUES[n])
                    for n in names
                    if n in SWITCH_VALUES and rng.random() < 0.5
                }
            pos = Position.start(ruleset, options=options, **spec)
            label = json.dumps({"ruleset": ruleset, **spec, "options": options}, sort_keys=True)
            yield label, pos


def pairs(
    start: Position, n: int, rng: random.Random
) -> Iterator[tuple[Position, tuple[int, int]]]:
    """``n`` (position, throw) pairs from random games from ``start`` (a new game when one ends
    or after 300 throws)."""
    dice = dice_for(start.setup.ruleset)
    pos, throws = start, 0
    for _ in range(n):
        if pos.is_over or throws >= 300:
            pos, throws = start, 0
        throw = dice.roll(rng)
        yield pos, throw
        pos = rng.choice(legal_plays(pos, throw)).position
        throws += 1


def kernel_values(positions: list[Position], player: int) -> list[float]:
    """The compiled kernel's hand evaluation of ``positions`` for ``player``
    (``Kernel.evaluate_many``, its records packed as the players pack them)."""
    return expectimax._kernel_evaluations(positions, player)


def fingerprint(start: Position, n: int, seed: int) -> tuple[str, int]:
    """The SHA-256 of the set-up's numbers and picks, and the outcomes evaluated."""
    rng = random.Random(seed)
    setup = start.setup
    cross = setup.ruleset not in ONE_DIE_RULESETS
    in_kernel = fast.active() and fast.evaluates_for(setup.ruleset)
    h = hashlib.sha256()

    def put(*values: object) -> None:
        h.update(repr(values).encode())

    if cross:
        evd, evi = fast.eval_tables(setup)
        put("tables", evd.tobytes().hex(), evi.tobytes().hex())
    encoder = encoder_for(setup)
    outcomes = 0
    for i, (pos, throw) in enumerate(pairs(start, n, rng)):
        plays = fast.canonical_plays(pos, legal_plays(pos, throw))
        me = pos.to_move
        outcomes += len(plays)
        put("pair", i, throw, [evaluate(p.position, me).hex() for p in plays])
        put([readable_evaluate(p.position, me).hex() for p in plays])
        if in_kernel:
            put([v.hex() for v in kernel_values([p.position for p in plays], me)])
        put(encoder.encode(pos))
        best = best_plays(pos, plays, evaluate)
        put([plays.index(p) for p in best])
        put(plays.index(GreedyPlayer(seed=i).choose(pos, throw, plays)))
        picked = fast.greedy_position(pos, plays, evaluate, fast.SplitMix64(i))
        put([p.position for p in plays].index(picked))
        if cross and i % 10 == 0:
            kw: dict[str, Any] = {"greedy": True, "max_throws": 40, "evaluate_cutoff": True}
            put(fast.pure_playouts(pos, 4, seed=i, evaluation=evaluate, **kw))
            if in_kernel:
                put(fast.playouts(pos, 4, seed=i, **kw))
    return h.hexdigest(), outcomes


def main(argv: list[str] | None = None, setups: int | None = None) -> int:
    """Fingerprint every set-up (the first ``setups`` of them: for the tests); write them
    (``--out``) or compare them (``--against``)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=150, help="pairs per set-up (150)")
    ap.add_argument("--seed", type=int, default=35)
    ap.add_argument("--out", type=Path, help="write the fingerprints (JSON) here")
    ap.add_argument("--against", type=Path, help="compare with the fingerprints written before")
    args = ap.parse_args(argv)
    if args.positions < 1:
        ap.error("--positions must be at least 1")
    before = json.loads(args.against.read_text()) if args.against else None
    rng = random.Random(args.seed)
    found: dict[str, list[Any]] = {}
    t0 = time.process_time()
    pairs_n = outcomes = 0
    for k, (label, start) in enumerate(variants(rng)):
        if setups is not None and k >= setups:
            break
        digest, n_out = fingerprint(start, args.positions, args.seed * 1000 + k)
        found[label] = [digest, n_out]
        pairs_n += args.positions
        outcomes += n_out
        print(f"{digest[:16]} {n_out:7d} outcomes  {label}", flush=True)
    engine = "kernel" if fast.active() else "pure"
    print(
        f"{len(found)} set-ups, {pairs_n} positions, {outcomes} outcomes, engine {engine}, "
        f"{time.process_time() - t0:.0f} s CPU"
    )
    if args.out:
        args.out.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    if before is not None:
        differ = sorted(k for k in set(found) | set(before) if found.get(k) != before.get(k))
        for label in differ:
            print("DIFFERS:", label)
        print("identical" if not differ else f"{len(differ)} set-ups differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
