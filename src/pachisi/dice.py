"""Throw models: the exact chance outcomes of each ruleset's dice (RULES.md §3.2).

A throw is an ordered pair ``(a, b)`` of top faces; in the one-die rulesets
(``ludo``, ``maedn``: RULES-LUDO.md) it is a one-element tuple ``(d,)``. Search code enumerates
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
from typing import cast

from .errors import ThrowError

__all__ = ["STICK_FACES", "Dice", "Throw", "derive_seed", "dice_for", "parse_throw"]

#: A throw: two faces, or one for the one-die rulesets (typed as the pair most code handles).
Throw = tuple[int, int]

#: The faces of a Pagade stick die (RULES.md §4.1).
STICK_FACES = (1, 3, 4, 6)


@dataclass(frozen=True)
class Dice:
    """``count`` identical fair dice (two, or one) with the given ``faces``, equally likely."""

    faces: tuple[int, ...]
    name: str
    count: int = 2

    def outcomes(self) -> list[tuple[Throw, Fraction]]:
        """Every ordered throw with its exact probability (16 or 36 of them; 6 for one die)."""
        if self.count == 1:
            return _single(self.faces)
        return _ordered(self.faces)

    def distinct(self) -> list[tuple[Throw, Fraction]]:
        """Unordered throws ``(a <= b)`` with their summed probabilities.

        The rules never depend on which die is which, so this is the
        smaller chance node for search (10 or 21 outcomes; 6 for one die).
        """
        if self.count == 1:
            return _single(self.faces)
        return _unordered(self.faces)

    def roll(self, rng: random.Random) -> Throw:
        """Draw one throw with ``rng``."""
        if self.count == 1:
            return cast(Throw, (rng.choice(self.faces),))
        return (rng.choice(self.faces), rng.choice(self.faces))

    def check(self, throw: object) -> Throw:
        """Return ``throw`` as a tuple if every face exists on these dice, else raise."""
        if self.count == 1:
            if (
                not isinstance(throw, (tuple, list))
                or len(throw) != 1
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in throw)
            ):
                raise ThrowError(f"a throw here is one die (one integer), not {throw!r}")
        elif (
            not isinstance(throw, (tuple, list))
            or len(throw) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in throw)
        ):
            raise ThrowError(f"a throw is two integers, not {throw!r}")
        for v in throw:
            if v not in self.faces:
                faces = ", ".join(map(str, self.faces))
                raise ThrowError(f"{self.name} have no face {v} (faces: {faces})")
        return cast(Throw, tuple(throw))


@cache
def _ordered(faces: tuple[int, ...]) -> list[tuple[Throw, Fraction]]:
    p = Fraction(1, len(faces) ** 2)
    return [((a, b), p) for a in faces for b in faces]


@cache
def _single(faces: tuple[int, ...]) -> list[tuple[Throw, Fraction]]:
    p = Fraction(1, len(faces))
    return [(cast(Throw, (a,)), p) for a in faces]


@cache
def _unordered(faces: tuple[int, ...]) -> list[tuple[Throw, Fraction]]:
    n = len(faces) ** 2
    return [((a, b), Fraction(1 if a == b else 2, n)) for a in faces for b in faces if a <= b]


_STICKS = Dice(STICK_FACES, "stick dice")
_D6 = Dice((1, 2, 3, 4, 5, 6), "six-sided dice")
_ONE_D6 = Dice((1, 2, 3, 4, 5, 6), "six-sided dice", 1)


def dice_for(ruleset: str) -> Dice:
    """The dice of ``ruleset``: stick dice for ``pagade``, one d6 for ``ludo`` and ``maedn``
    (RULES-LUDO.md), two d6 otherwise."""
    if ruleset in ("ludo", "maedn"):
        return _ONE_D6
    return _STICKS if ruleset == "pagade" else _D6


_THROW = re.compile(r"\s*([0-9]+)\s*(?:,|-|\s)\s*([0-9]+)\s*")
_ONE = re.compile(r"\s*([0-9]+)\s*")


def parse_throw(text: str, count: int = 2) -> tuple[int, int]:
    """Parse ``"A,B"`` (or ``"A B"``, ``"A-B"``) into a pair of integers; no face check.

    With ``count`` 1 (the one-die rulesets ``ludo``, ``maedn``) the text is one
    number ``"D"`` and the throw ``(D,)``.

    >>> parse_throw("5,2"), parse_throw("6 6"), parse_throw("3-4"), parse_throw("6", 1)
    ((5, 2), (6, 6), (3, 4), (6,))
    """
    if count == 1:
        one = _ONE.fullmatch(text)
        if one is None:
            raise ThrowError(f"a throw is written D (one die, a number), not {text!r}")
        return cast(Throw, (int(one.group(1)),))
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
