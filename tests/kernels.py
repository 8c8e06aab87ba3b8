"""The kernel modules the kernel's tests run on: compiled, and its source run as Python."""

from __future__ import annotations

import pytest

from pachisi import _accel

#: The kernel compiled, and its source run as Python (None where either is missing).
COMPILED = _accel.kernel_module(True)
UNCOMPILED = _accel.kernel_module(False)
#: The two as test parameters, each skipped where it is missing.
MODULES = [
    pytest.param(
        COMPILED,
        id="compiled",
        marks=pytest.mark.skipif(COMPILED is None, reason="the kernel is not compiled here"),
    ),
    pytest.param(
        UNCOMPILED,
        id="uncompiled",
        marks=pytest.mark.skipif(UNCOMPILED is None, reason="the kernel's source did not load"),
    ),
]
