"""The compiled kernel's modules: whether compiled, loaded from their source, per thread.

Compiled, ``pachisi._kernel`` and its siblings are extension modules. The
tests also run their source uncompiled (slowly: Cython's ``cython`` shadow
module, or :mod:`pachisi._cython_shim` where Cython is absent), to check the
algorithm where no compiler is at hand. :func:`load` gives that source
module, under the name ``pachisi.<name>_py``, once per process, so that the
uncompiled modules that use one another (``_kbatch`` uses ``_kernel``'s
``Kernel``, ``_kernel`` uses ``_knet``'s network, ``_kplay`` both) share it;
:func:`provide` puts a sibling's names into an uncompiled module and
:func:`layouts` the layouts' numbers (what each cimports when compiled). :func:`compiled`
says whether a module would load compiled; :func:`per_thread` keeps one
kernel object per thread and module (their buffers are per call). Standard
library only.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import threading
from types import ModuleType
from typing import Any


def load(name: str) -> ModuleType:
    """The kernel module ``name`` (``"_kernel"``, ``"_knet"``, ``"_kplay"``, ``"_kbatch"``,
    ``"_kludo"``) run from its ``.py`` source, whether or not it is compiled here."""
    full = f"pachisi.{name}_py"
    found = sys.modules.get(full)
    if found is not None:
        return found
    path = os.path.join(os.path.dirname(__file__), f"{name}.py")
    spec = importlib.util.spec_from_file_location(full, path)
    if spec is None or spec.loader is None:  # pragma: no cover - the file ships with the package
        raise ImportError(f"no source for pachisi.{name}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[full] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[full]
        raise
    return module


def provide(namespace: dict[str, Any], name: str, names: tuple[str, ...]) -> None:
    """Put ``names`` of the uncompiled kernel module ``name`` (:func:`load`) into
    ``namespace``, an uncompiled sibling's ``globals()``: the names that module cimports
    when compiled (tests/test_kernel_layout.py checks that both lists agree)."""
    module = load(name)
    namespace.update({n: getattr(module, n) for n in names})


def layouts(namespace: dict[str, Any]) -> None:
    """Put every name of :mod:`pachisi._layout` (:data:`~pachisi._layout.NAMES`) into
    ``namespace``, an uncompiled kernel module's ``globals()``: the numbers that module
    cimports from ``_layout.pxd`` when compiled, as the very ints of ``pachisi._layout``."""
    from . import _layout

    namespace.update({n: getattr(_layout, n) for n in _layout.NAMES})


def compiled(name: str) -> bool:
    """Whether the kernel module ``name`` (``"_kernel"``, ``"_kludo"``) would load as an
    extension module (compiled beside the package), without loading it."""
    spec = importlib.util.find_spec(f"pachisi.{name}")
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


_LOCAL = threading.local()


def per_thread(module: ModuleType, cls: str) -> Any:
    """This thread's instance of ``module``'s class ``cls`` (made on first use; a kernel's
    buffers are per call, so one is never shared between threads)."""
    made: dict[tuple[int, str], Any] | None = getattr(_LOCAL, "made", None)
    if made is None:
        made = _LOCAL.made = {}
    key = (id(module), cls)
    found = made.get(key)
    if found is None:
        found = made[key] = getattr(module, cls)()
    return found
