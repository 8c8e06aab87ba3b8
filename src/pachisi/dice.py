"""Throw models: the exact chance outcomes of each ruleset's dice (RULES.md §3.2).

A throw is an ordered pair ``(a, b)`` of top faces. Search code enumerates
:meth:`Dice.outcomes` (every ordered throw with its exact probability, as
OpenSpiel's chance nodes do); play code draws with :meth:`Dice.roll` from a
seeded :class:`random.Random`.

>>> d = dice_for("pagade")
>>> len(d.outcomes()), d.outcomes()[0]
(16, ((1, 1), Fraction(1, 16)))
>>> sum(p for _, p in dice_for("parcheesi").outcomes())
Fraction(1, 1)
>>> dice_for("parcheesi").distinct()[:2]
[((1, 1), Fraction(1, 36)), ((1, 2), Fraction(1, 18))]
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from .errors import ThrowError

__all__ = ["STICK_FACES", "Dice", "Throw", "derive_seed", "dice_for", "parse_throw"]

Throw = tuple[int, int]

#: The faces of a Pagade stick die (RULES.md §4.1).
STICK_FACES = (1, 3, 4, 6)


@dataclass(frozen=True)
class Dice:
    """Two identical fair dice with the given ``faces`` (every face equally likely)."""

    faces: tuple[int, ...]
    name: str

    def outcomes(self) -> list[tuple[Throw, Fraction]]:
        """Every ordered throw with its exact probability (16 or 36 of them)."""
        return _ordered(self.faces)

    def distinct(self) -> list[tuple[Throw, Fraction]]:
        """Unordered throws ``(a <= b)`` with their summed probabilities.

        The rules never depend on which die is which, so this is the
        smaller chance node for search (10 or 21 outcomes).
        """
        return _unordered(self.faces)

    def roll(self, rng: random.Random) -> Throw:
        """Draw one throw with ``rng``."""
        return (rng.choice(self.faces), rng.choice(self.faces))

    def check(self, throw: object) -> Throw:
        """Return ``throw`` as a tuple if both faces exist on these dice, else raise."""
        if (
            not isinstance(throw, (tuple, list))
            or len(throw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in throw)
        ):
            raise ThrowError(f"a throw is two integers, not {throw!r}")
        a, b = throw
        for v in (a, b):
            if v not in self.faces:
                faces = ", ".join(map(str, self.faces))
                raise ThrowError(f"{self.name} have no face {v} (faces: {faces})")
        return (a, b)


@cache
def _ordered(faces: tuple[int, ...]) -> list[tuple[Throw, Fraction]]:
    p = Fraction(1, len(faces) ** 2)
    return [((a, b), p) for a in faces for b in faces]


@cache
def _unordered(faces: tuple[int, ...]) -> list[tuple[Throw, Fraction]]:
    n = len(faces) ** 2
    return [((a, b), Fraction(1 if a == b else 2, n)) for a in faces for b in faces if a <= b]


_STICKS = Dice(STICK_FACES, "stick dice")
_D6 = Dice((1, 2, 3, 4, 5, 6), "six-sided dice")


def dice_for(ruleset: str) -> Dice:
    """The dice of ``ruleset``: stick dice for ``pagade``, two d6 otherwise."""
    return _STICKS if ruleset == "pagade" else _D6


_THROW = re.compile(r"\s*([0-9]+)\s*(?:,|-|\s)\s*([0-9]+)\s*")


def parse_throw(text: str) -> tuple[int, int]:
    """Parse ``"A,B"`` (or ``"A B"``, ``"A-B"``) into a pair of integers; no face check.

    >>> parse_throw("5,2"), parse_throw("6 6"), parse_throw("3-4")
    ((5, 2), (6, 6), (3, 4))
    """
    m = _THROW.fullmatch(text)
    if m is None:
        raise ThrowError(f"a throw is written A,B (two numbers), not {text!r}")
    return (int(m.group(1)), int(m.group(2)))


def derive_seed(text: str) -> int:
    """A 48-bit seed derived from ``text`` (e.g. ``"pachisi-simulate:7:12"``).

    Runs that play many games or rollouts give each its own seed this way,
    so results do not depend on the order or the process they run in. 48 bits
    stay exact in JSON readers that use doubles.

    >>> derive_seed("a") == derive_seed("a") != derive_seed("b")
    True
    """
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")
