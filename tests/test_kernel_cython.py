"""The kernel against a Cython bug: a memoryview slice assigned straight to a class field.

Cython 3.3.0 (and its pre-releases) compiled ``self.cfg = game[a:b]`` (a field typed
``cython.int[::1]``) into code that released the field's old view but never acquired
the new one (Cython issue 8016, fixed in 3.3.1). A kernel built with it aborted the
interpreter on the second such assignment, "Fatal Python error: __pyx_fatalerror:
Acquisition count is -1" (in ``Kernel._throw_outcomes``, under the expectimax player's
``reply_sums``), or crashed later. The kernel now takes such a slice in a typed local
first (``Kernel._use_cfg``), which every Cython 3.x compiles right, and the build
requirement leaves 3.3.0 out. The kernel's behaviour on those paths is checked by
tests/test_expectimax_kernel.py and the other kernel tests; those crash with a kernel
built by Cython 3.3.0 from the old source, but CI builds with a fixed Cython, so these
two tests check the source and the requirement instead.
"""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent
KERNELS = [
    ROOT / "src" / "pachisi" / f"{name}.py"
    for name in ("_kernel", "_kludo", "_kbatch", "_knet", "_kplay")
]


def _memoryview_fields(tree: ast.Module) -> set[str]:
    """The fields declared in a class body with a memoryview type (``cython.int[::1]``...)."""
    fields: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if (
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and isinstance(item.annotation, ast.Subscript)
                and any(isinstance(n, ast.Slice) for n in ast.walk(item.annotation.slice))
            ):
                fields.add(item.target.id)
    return fields


def _slice_assignments(source: str) -> tuple[set[str], list[str]]:
    """A kernel source's memoryview fields, and its statements that assign a slice
    expression (``x[a:b]``) straight to one of them (``obj.field = x[a:b]``)."""
    tree = ast.parse(source)
    fields = _memoryview_fields(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Assign | ast.AnnAssign):
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        value = node.value
        if not (isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice)):
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr in fields:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return fields, found


def test_no_memoryview_slice_is_assigned_straight_to_a_field() -> None:
    """Cython 3.3.0 never acquired such a slice (issue 8016): it goes through a local."""
    kernel_fields, found = _slice_assignments(KERNELS[0].read_text(encoding="utf-8"))
    assert {"cfg_view", "game", "gst"} <= kernel_fields  # the fields are found at all
    assert found == []
    for other in KERNELS[1:]:
        assert _slice_assignments(other.read_text(encoding="utf-8"))[1] == [], other.name


def test_the_check_finds_the_construct() -> None:
    """The check above sees the statement that crashed (so its silence means something)."""
    source = (
        "class K:\n"
        "    cfg: cython.int[::1]\n"
        "    def f(self, game):\n"
        "        self.cfg = game[2:4]\n"
        "        cfg: cython.int[::1] = game[2:4]\n"
        "        self.cfg = cfg\n"
    )
    fields, found = _slice_assignments(source)
    assert fields == {"cfg"}
    assert found == ["line 4: self.cfg = game[2:4]"]


def test_the_build_leaves_out_cython_3_3_0() -> None:
    """The build requirement takes any Cython from 3.1 on (the shared utility module) but
    3.3.0 and its pre-releases."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    requirements = [Requirement(r) for r in pyproject["build-system"]["requires"]]
    (cython,) = [r for r in requirements if r.name.lower() == "cython"]
    for bad in ("3.0.12", "3.3.0", "3.3.0a1", "3.3.0b1"):
        assert not cython.specifier.contains(bad, prereleases=True), bad
    for good in ("3.1.0", "3.2.9", "3.3.1", "3.4.0"):
        assert cython.specifier.contains(good), good
