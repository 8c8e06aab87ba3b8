"""The splitmix64 generator in Python: the kernels' draws, bit for bit.

The compiled kernels (:mod:`pachisi._kernel`, :mod:`pachisi._kludo`) cimport
the C copy, ``_splitmix.pxd`` beside this file (inline functions, one copy
for both); this module is the same four functions for the kernels run
uncompiled and for the Python engine (:class:`pachisi._accel.SplitMix64`,
:func:`pachisi._accel.stream_seed`). A stream's state is a 64-bit word; a
draw advances it by the golden gamma (:func:`next_state`), then reads a
number off the new state (:func:`below`). Standard library only (it is a
leaf of the core).
"""

from __future__ import annotations

#: 2**64 - 1: the states are 64-bit words.
MASK = 0xFFFFFFFFFFFFFFFF
#: The golden gamma that each draw adds to the state.
GAMMA = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """splitmix64's output function of the 64-bit word ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_state(state: int) -> int:
    """The state after one draw."""
    return (state + GAMMA) & MASK


def below(state: int, n: int) -> int:
    """The number in ``0..n-1`` that the (advanced) state ``state`` draws: the top 31
    bits of its output modulo ``n``."""
    return (mix(state) >> 33) % n


def stream_seed(seed: int, j: int) -> int:
    """The seed of stream ``j`` of ``seed``: output ``j + 1`` of splitmix64 seeded with it.

    >>> stream_seed(0, 0) == mix(GAMMA)
    True
    """
    return mix((seed + (j + 1) * GAMMA) & MASK)
