"""A sha256 fingerprint of the kernel's seeded games and fast outcome sets.

To show that a speed change of the fast enumerator or the game loop changed
no game and no outcome set. Hashes the ``repr`` of:

* ``_accel.playouts``: ``--games`` random games x seeds 1, 7, 12345 of a list
  of set-ups and rule switches (four- and two-player Parcheesi, teams,
  Eight-Man, Whitman, Pagade, bonuses, ``no_split_doubles_home`` off,
  ``partial_doubles``, ``blockade_may_advance``, ``sum_move``), and greedy
  games of three of them;
* ``_accel.fast_outcomes`` (canonical order, the order the random pick uses)
  of ``--positions`` throws along seeded random games of random set-ups and
  switches (tests/reference/differential.py's ``sample_positions``);
* separately, ``_accel.fast_records`` in the enumerator's raw order (a change
  of this one alone changes no game).

Prints one line per part and the digest of the games and outcome sets::

    PYTHONPATH=$PWD/src python benchmarks/kernel_fingerprint.py
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import random
from pathlib import Path
from typing import Any

from pachisi import Position, _accel


def _differential() -> Any:
    """tests/reference/differential.py (its random games of random set-ups)."""
    path = Path(__file__).resolve().parent.parent / "tests" / "reference" / "differential.py"
    spec = importlib.util.spec_from_file_location("differential", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("parcheesi", {"players": 4}),
    ("parcheesi", {"players": 2}),
    ("parcheesi", {"players": 4, "teams": True}),
    ("eight-man", {"players": 2}),
    ("whitman", {"players": 4}),
    ("pagade", {"players": 4}),
    ("parcheesi", {"players": 4, "options": {"home_bonus": 4, "capture_bonus": 3}}),
    (
        "parcheesi",
        {
            "players": 4,
            "options": {
                "no_split_doubles_home": False,
                "partial_doubles": "forfeit_extra_throw",
            },
        },
    ),
    ("parcheesi", {"players": 4, "options": {"blockade_may_advance": True, "sum_move": "jump"}}),
    (
        "whitman",
        {"players": 4, "options": {"partial_doubles": "nothing", "no_split_doubles_home": True}},
    ),
]
GREEDY = [SETUPS[0], SETUPS[1], SETUPS[4]]


def main() -> None:
    """Print the fingerprints (module docstring)."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--greedy", type=int, default=15)
    p.add_argument("--positions", type=int, default=6000)
    args = p.parse_args()
    total = hashlib.sha256()
    h = hashlib.sha256()
    for ruleset, kw in SETUPS:
        pos = Position.start(ruleset, **kw)
        for seed in (1, 7, 12345):
            h.update(repr(_accel.playouts(pos, args.games, seed)).encode())
    print("playouts", h.hexdigest()[:16])
    total.update(h.digest())
    h = hashlib.sha256()
    for ruleset, kw in GREEDY:
        pos = Position.start(ruleset, **kw)
        h.update(repr(_accel.playouts(pos, args.greedy, 3, greedy=True)).encode())
    print("greedy  ", h.hexdigest()[:16])
    total.update(h.digest())
    h = hashlib.sha256()
    raw = hashlib.sha256()
    games = _differential().sample_positions(random.Random(2024))
    n = 0
    while n < args.positions:
        pos, throw = next(games)
        if pos.is_decided or pos.ruleset not in ("parcheesi", "whitman", "eight-man", "pagade"):
            continue
        n += 1
        h.update(repr([o.to_text() for o in _accel.fast_outcomes(pos, throw)]).encode())
        recs = _accel.fast_records(pos, throw)
        raw.update(repr([(o.to_text(), w) for o, w in recs]).encode())
    print("outcomes", h.hexdigest()[:16], f"({n} throws)")
    total.update(h.digest())
    print("raw order", raw.hexdigest()[:16])
    print("digest", total.hexdigest())


if __name__ == "__main__":
    main()
