"""The compiled kernel's modules loaded from their source, as plain Python.

Compiled, ``pachisi._kernel`` and its siblings are extension modules. The
tests also run their source uncompiled (slowly: Cython's ``cython`` shadow
module, or :mod:`pachisi._cython_shim` where Cython is absent), to check the
algorithm where no compiler is at hand. :func:`load` gives that source
module, under the name ``pachisi.<name>_py``, once per process, so that the
uncompiled modules that use one another (``_kbatch`` uses ``_kernel``'s
``Kernel``, ``_kernel`` uses ``_knet``'s network) share it. Standard library only.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from types import ModuleType


def load(name: str) -> ModuleType:
    """The kernel module ``name`` (``"_kernel"``, ``"_knet"``, ``"_kbatch"``, ``"_kludo"``)
    run from its ``.py`` source, whether or not it is compiled here."""
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
