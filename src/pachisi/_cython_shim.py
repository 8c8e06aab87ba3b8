"""A stand-in for Cython's ``cython`` module, for running ``_kernel.py`` uncompiled.

Compiled, ``_kernel.py`` never imports this (Cython resolves ``cython``
itself). Uncompiled and without Cython installed (the pure engine's
installs: Cython is a build requirement only), the kernel's source still
imports and runs as plain Python, slowly: every type is a placeholder and
every decorator leaves its function as it is. Only the names the kernel uses
are here.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = [
    "Py_ssize_t",
    "bint",
    "cast",
    "cclass",
    "cfunc",
    "compiled",
    "const",
    "declare",
    "double",
    "exceptval",
    "final",
    "float",
    "fused_type",
    "inline",
    "int",
    "longlong",
    "schar",
    "short",
    "typedef",
    "uint",
    "ulonglong",
    "void",
]

#: Never compiled: this module stands in for Cython only when nothing is.
compiled = False

_F = TypeVar("_F")


class _Type:
    """A C type's placeholder; ``T[::1]`` (a typed memoryview) is a placeholder too, and
    ``T[n]`` (a C array of ``n``) one that :func:`declare` makes a list of."""

    def __getitem__(self, item: object) -> _Type:
        if isinstance(item, builtins.int):
            return _ArrayType(item)
        return self


class _ArrayType(_Type):
    """``T[n]``: :func:`declare` without a value makes it ``n`` zeros (a list)."""

    def __init__(self, n: builtins.int) -> None:
        self.n = n


int = _Type()
uint = _Type()
longlong = _Type()
ulonglong = _Type()
double = _Type()
float = _Type()
schar = _Type()
short = _Type()
bint = _Type()
void = _Type()
Py_ssize_t = _Type()
const = _Type()


def typedef(kind: object) -> _Type:
    """``cython.typedef(type)``: a placeholder type."""
    return _Type()


def fused_type(*kinds: object) -> _Type:
    """``cython.fused_type(type, ...)``: a placeholder type (no placeholder is it, so a
    test ``FusedType is cython.schar`` is false, as it is uncompiled with Cython)."""
    return _Type()


def declare(kind: object, value: Any = None) -> Any:
    """``cython.declare(type, value)``: the value; for a C array type without a value, a
    list of its length (compiled, its items are not set: the kernel writes each item it
    reads first; zeros here, where Cython's own stand-in has ``None``)."""
    if value is None and isinstance(kind, _ArrayType):
        return [0] * kind.n
    return value


def cast(kind: object, value: Any) -> Any:
    """``cython.cast(type, value)``: the value."""
    return value


def cfunc(f: _F) -> _F:
    """``@cython.cfunc``: the function as it is."""
    return f


def cclass(c: _F) -> _F:
    """``@cython.cclass``: the class as it is."""
    return c


def final(c: _F) -> _F:
    """``@cython.final``: the class (or method) as it is."""
    return c


def inline(f: _F) -> _F:
    """``@cython.inline``: the function as it is."""
    return f


def exceptval(*args: object, **kwargs: object) -> Callable[[_F], _F]:
    """``@cython.exceptval(...)``: the function as it is."""

    def keep(f: _F) -> _F:
        return f

    return keep
