"""The kernel's table layouts: written once, in pachisi._layout, for Python and for C.

The compiled kernel needs its layout numbers as C constants (folded into its
code): ``setup.py`` writes :func:`pachisi._layout.pxd_source` into
``_layout.pxd``, whose enum constants ``_kernel.py``, ``_knet.py``,
``_kplay.py`` and ``_kbatch.py`` cimport; uncompiled, they import
:mod:`pachisi._layout` itself, as every other reader does. These tests check
that the C declarations are the Python numbers, that no module keeps a copy
of its own, and what each kernel module takes compiled and uncompiled.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from pachisi import _accel, _layout, _uncompiled
from pachisi.learn import kernel as learn_kernel

#: The prefixes of the layouts that the kernel shares with its callers.
SHARED = re.compile(r"(C|P|S|G|E|D|NI|ND|T)_[A-Z0-9_]+|A|TN|R_SIZE|SIM_SIZE|NN_UNITS")
#: The kernel's modules that read the layouts.
READERS = ("_kernel", "_knet", "_kplay", "_kbatch")
FOLDER = Path(_layout.__file__).parent


def _numbers(module: object) -> dict[str, int]:
    """The layout numbers a kernel module's source holds."""
    return {
        name: value
        for name, value in vars(module).items()
        if SHARED.fullmatch(name) and isinstance(value, int) and not isinstance(value, bool)
    }


def _declared(pxd: str) -> dict[str, int]:
    """The enum constants ``name = number`` that a .pxd's text declares."""
    return {
        name: int(value)
        for name, value in re.findall(r"^    ([A-Z][A-Z0-9_]*) = (-?\d+)$", pxd, re.MULTILINE)
    }


def test_the_c_constants_are_the_python_numbers() -> None:
    """``_layout.pxd`` (what setup.py writes) declares every name, with its number, in one
    anonymous enum, and nothing else."""
    text = _layout.pxd_source()
    assert len(_layout.NAMES) >= 76
    assert _declared(text) == {name: getattr(_layout, name) for name in _layout.NAMES}
    assert text.count("cdef enum:") == 1
    code = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert len(code) == 1 + len(_layout.NAMES)


def test_the_built_kernel_was_compiled_from_this_layout() -> None:
    """Where the kernel was built here, the .pxd it was compiled with is this layout's
    (setup.py writes it on every build: a stale one means a stale kernel)."""
    written = FOLDER / "_layout.pxd"
    if written.exists():
        assert written.read_text(encoding="utf-8") == _layout.pxd_source()


def test_no_kernel_module_keeps_a_copy_of_a_layout_number() -> None:
    """No kernel source assigns a name of the layouts (a second place to keep in step):
    each imports it, and its uncompiled run holds the very number of pachisi._layout."""
    for reader in READERS:
        source = (FOLDER / f"{reader}.py").read_text(encoding="utf-8")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                assert not SHARED.fullmatch(node.id), (reader, node.id)
        module = _uncompiled.load(reader)
        numbers = _numbers(module)
        assert numbers, reader
        assert set(numbers) <= set(_layout.NAMES), reader
        for name, value in numbers.items():
            assert value is getattr(_layout, name), (reader, name)


def test_the_pxds_declare_no_layout_number() -> None:
    """The kernel's and the network's C interfaces export no layout constant of their own
    (the other modules cimport _layout.pxd's)."""
    for name in ("_kernel.pxd", "_knet.pxd"):
        text = (FOLDER / name).read_text(encoding="utf-8")
        assert not re.search(r"cdef const int", text), name
        assert not set(_declared(text)) & set(_layout.NAMES), name


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
    ``if cython.compiled:`` blocks' cimports and imports)."""
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
        ("_kbatch", "_knet", "_NET_NAMES"),
    ):
        source = (folder / f"{reader}.py").read_text(encoding="utf-8")
        names = getattr(_uncompiled.load(reader), listed)
        assert len(set(names)) == len(names), (reader, listed)
        assert _compiled_imports(source, module) == set(names), (reader, module)
        sibling = _uncompiled.load(module)
        assert all(hasattr(sibling, name) for name in names), (reader, module)


def test_the_uncompiled_kernels_hold_every_layout_they_cimport() -> None:
    """Each kernel module cimports, compiled, the layout names it uses (one list, each a
    name of the layouts); uncompiled, it holds every name of pachisi._layout, the very
    numbers (no list of its own to keep in step with the cimports)."""
    for reader in READERS:
        source = (FOLDER / f"{reader}.py").read_text(encoding="utf-8")
        cimported = _compiled_imports(source, "_layout")
        assert cimported, reader
        assert cimported <= set(_layout.NAMES), reader
        module = _uncompiled.load(reader)
        for name in _layout.NAMES:
            assert vars(module)[name] is getattr(_layout, name), (reader, name)


def test_the_finishers_mask_is_made_in_one_place() -> None:
    """A game state's finishers as a bit mask: ``_knet.finishers``, which the other kernel
    modules cimport, and no loop of their own over ``S_FIN`` that makes one."""
    pattern = re.compile(r"\|= 1 << \w+\[[^\]]*S_FIN")
    for reader in READERS:
        source = (FOLDER / f"{reader}.py").read_text(encoding="utf-8")
        assert len(pattern.findall(source)) == (1 if reader == "_knet" else 0), reader
    net = _uncompiled.load("_knet")
    state = [0] * _layout.S_SIZE
    state[_layout.S_NFIN] = 2
    state[_layout.S_FIN : _layout.S_FIN + 2] = [3, 1]
    assert net.finishers(state, 0) == 0b1010
    assert net.finishers([7] * 5 + state, 5) == 0b1010
