"""The engine against the independent reference implementation (tests/reference).

tests/reference/refimpl.py was written from RULES.md alone, without reading
the engine: a brute-force enumeration of action sequences. Here both answer
the same positions, sampled from seeded random games of every ruleset and
set-up with random rule switches; the outcome sets must be identical.
Random games almost never reach the rarest rules, so a share of the
comparisons comes from positions built on purpose for them
(tests/reference/built.py). A longer run:
``python tests/reference/differential.py SECONDS SEED --built 0.5``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent / "reference"))

import differential


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_engine_agrees_with_reference(seed: int) -> None:
    checked, failures = differential.run(seconds=600, seed=seed, every=5, limit=500)
    assert checked == 500
    assert not failures, "\n".join(failures[:5])


@pytest.mark.parametrize("seed", [21, 22])
def test_engine_agrees_with_reference_on_built_positions(seed: int) -> None:
    stats: dict[str, int] = {}
    checked, failures = differential.run(seconds=600, seed=seed, limit=360, built=1.0, stats=stats)
    assert checked == 360
    assert not failures, "\n".join(failures[:5])
    # Every scenario had its share, and the rare rules were really reached.
    from built import SCENARIOS

    assert all(stats[f"built:{name}"] == 60 for name in SCENARIOS)
    assert all(stats.get(rare, 0) > 0 for rare in differential.RARE), stats


def test_reference_passes_examples() -> None:
    """The reference itself reproduces every worked example."""
    import refimpl

    from helpers import example_cases, outcome_key

    for case in example_cases():
        got = sorted(outcome_key(o) for o in refimpl.outcomes(case["position"], case["throw"]))
        want = sorted(outcome_key(o) for o in case["outcomes"])
        assert got == want, case["id"]
