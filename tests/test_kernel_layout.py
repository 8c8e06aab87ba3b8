"""The kernel's table layouts: one copy for Python (pachisi._layout), mirrored by the kernel.

The compiled kernel needs its layout numbers as C constants (folded into its
code), so ``_kernel.py`` declares them itself, and ``_knet.py`` (its value
network, a module of its own) those of the network's tables and the game
state's fields it reads, ``_kplay.py`` (its games) the results' widths and
the fields it reads; every other reader takes them from
:mod:`pachisi._layout`. These tests compare them, name by name and both
ways, on the kernel's sources run as Python, and check that no Python
module keeps a copy of its own.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pachisi import _accel, _layout, _uncompiled
from pachisi.learn import kernel as learn_kernel

#: The prefixes of the layouts that the kernel shares with its callers.
SHARED = re.compile(r"(C|P|S|G|E|D|NI|ND|T)_[A-Z0-9_]+|A|TN|R_SIZE|SIM_SIZE|NN_UNITS")


def _numbers(module: object) -> dict[str, int]:
    """The layout numbers a kernel module's source declares."""
    return {
        name: value
        for name, value in vars(module).items()
        if SHARED.fullmatch(name) and isinstance(value, int) and not isinstance(value, bool)
    }


def test_every_layout_number_is_the_kernels() -> None:
    source = _accel.kernel_module(False)
    assert source is not None
    net = _uncompiled.load("_knet")
    play = _uncompiled.load("_kplay")
    assert len(_layout.NAMES) >= 76
    for name in _layout.NAMES:
        # the network's tables are the network's module's alone, the results' the games'
        owner = net if name.startswith(("NI_", "ND_", "NN_")) else source
        owner = play if name in ("R_SIZE", "SIM_SIZE") else owner
        assert getattr(owner, name) == getattr(_layout, name), name


def test_the_kernel_shares_no_layout_number_that_pachisi_layout_lacks() -> None:
    source = _accel.kernel_module(False)
    assert source is not None
    for module in (source, _uncompiled.load("_knet"), _uncompiled.load("_kplay")):
        numbers = _numbers(module)
        assert set(numbers) - set(_layout.NAMES) == set(), module.__name__
        for name, value in numbers.items():  # the network's copy of the state's fields too
            assert value == getattr(_layout, name), (module.__name__, name)


def test_the_network_tables_live_in_the_network_module_only() -> None:
    """``_kernel.py`` keeps no second copy of the network's layout (issue 35: the value
    network is its own compiled module)."""
    source = _accel.kernel_module(False)
    assert source is not None
    assert not [n for n in _numbers(source) if n.startswith(("NI_", "ND_", "NN_"))]


def test_the_callers_read_pachisi_layout() -> None:
    """``_accel`` and ``learn.kernel`` hold the very numbers of ``_layout``, no copy of their own
    (a number written again in either module would be a second place to keep in step)."""
    compared = 0
    for side in (_accel, learn_kernel):
        assert side.__file__ is not None
        text = Path(side.__file__).read_text(encoding="utf-8")
        for name in _layout.NAMES:
            assert not re.search(rf"^{name}\b.*=", text, re.MULTILINE), (side.__name__, name)
            if name in vars(side):
                assert vars(side)[name] == getattr(_layout, name)
                compared += 1
    assert compared >= 70


def test_every_field_the_kernel_reads_is_declared() -> None:
    """A field of the kernel's classes used but not declared compiles to a Python attribute
    look-up that fails at run time, and the kernel's C functions (``exceptval(check=False)``)
    swallow the error: the source is read here instead (the uncompiled kernel would not
    notice either, since plain Python creates the attribute)."""
    source = (Path(_layout.__file__).parent / "_kernel.py").read_text(encoding="utf-8")
    declared = set(re.findall(r"^    ([a-z_][a-z_0-9]*): ", source, re.MULTILINE))
    methods = set(re.findall(r"def ([a-z_0-9]+)\(", source))
    used = set(re.findall(r"\bself\.([a-z_][a-z_0-9]*)\b(?!\()", source))
    used |= set(re.findall(r"\bk\.([a-z_][a-z_0-9]*)\b(?!\()", source))
    assert used - declared - methods == set()


def test_every_field_the_network_reads_is_declared() -> None:
    """The same for the value network: its fields are declared in ``_knet.pxd`` (where the
    kernel sees them), and its code reaches them as ``net.X`` or ``self.X``."""
    folder = Path(_layout.__file__).parent
    source = (folder / "_knet.py").read_text(encoding="utf-8")
    pxd = (folder / "_knet.pxd").read_text(encoding="utf-8")
    declared = set(
        re.findall(r"^    cdef [a-z]+(?:\[::1\])? ([a-z_][a-z_0-9]*)$", pxd, re.MULTILINE)
    )
    assert {"nni", "nnd", "idx", "val", "z"} <= declared
    used = set(re.findall(r"\b(?:net|self)\.([a-z_][a-z_0-9]*)\b(?!\()", source))
    assert used - declared == set()


def test_every_field_the_games_read_is_declared() -> None:
    """The same for the games (``_kplay.py``, issue 35): its class's fields, reached as
    ``self.X``, are declared in its body."""
    source = (Path(_layout.__file__).parent / "_kplay.py").read_text(encoding="utf-8")
    declared = set(re.findall(r"^    ([a-z_][a-z_0-9]*): ", source, re.MULTILINE))
    assert {"kern", "net", "game", "gs", "rng", "drng"} <= declared
    methods = set(re.findall(r"def ([a-z_0-9]+)\(", source))
    used = set(re.findall(r"\bself\.([a-z_][a-z_0-9]*)\b(?!\()", source))
    assert used - declared - methods == set()


def test_the_games_live_in_their_own_module() -> None:
    """``_kernel.py`` keeps no game loop (issue 35: the games are their own compiled module,
    and reach the enumerator through the kp_*/kb_* entry points of ``_kernel.pxd``)."""
    folder = Path(_layout.__file__).parent
    kernel = (folder / "_kernel.py").read_text(encoding="utf-8")
    for name in ("playouts", "_fplayout", "simulate", "nn_selfplay", "_below", "_dbelow"):
        assert not re.search(rf"def {name}\(", kernel), name
    pxd = (folder / "_kernel.pxd").read_text(encoding="utf-8")
    play = _uncompiled.load("_kplay")
    for name in re.findall(r"^cdef [^(]*? (k[bp]_[a-z_]+)\(", pxd, re.MULTILINE):
        if name.startswith("kp_"):
            assert name in play._KERNEL_NAMES, name


def _compiled_imports(source: str, module: str) -> set[str]:
    """The names a kernel source takes from ``pachisi.<module>`` when compiled (its
    ``if cython.compiled:`` block's cimports and imports)."""
    names: set[str] = set()
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "cython.compiled":
            for stmt in node.body:
                if isinstance(stmt, ast.ImportFrom) and stmt.module in (
                    f"cython.cimports.pachisi.{module}",
                    f"pachisi.{module}",
                ):
                    names |= {alias.asname or alias.name for alias in stmt.names}
    return names


def test_the_uncompiled_kernels_take_what_the_compiled_ones_cimport() -> None:
    """Each kernel module lists once more, for its uncompiled run
    (``_uncompiled.provide``), the names it cimports from a sibling: the two lists agree
    (issue 35), and every name is the sibling's."""
    folder = Path(_layout.__file__).parent
    for reader, module, listed in (
        ("_kernel", "_knet", "_NET_NAMES"),
        ("_kplay", "_kernel", "_KERNEL_NAMES"),
        ("_kplay", "_knet", "_NET_NAMES"),
        ("_kbatch", "_kernel", "_KERNEL_NAMES"),
    ):
        source = (folder / f"{reader}.py").read_text(encoding="utf-8")
        names = getattr(_uncompiled.load(reader), listed)
        assert len(set(names)) == len(names), (reader, listed)
        assert _compiled_imports(source, module) == set(names), (reader, module)
        sibling = _uncompiled.load(module)
        assert all(hasattr(sibling, name) for name in names), (reader, module)
