"""The project's own checks: ruff and mypy --strict are part of the test suite.

They cover the package, the tests and ``benchmarks/`` (the maintained tools, several of
which the tests import); mypy's files are set in pyproject.toml.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_clean() -> None:
    proc = _run("ruff", "check", "src", "tests", "benchmarks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_clean() -> None:
    proc = _run("ruff", "format", "--check", "src", "tests", "benchmarks")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_clean() -> None:
    proc = _run("mypy")
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_core_uses_standard_library_only() -> None:
    """The core rules library imports nothing outside the standard library."""
    allowed = set(sys.stdlib_module_names) | {"pachisi"}
    for path in (ROOT / "src" / "pachisi").glob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] in ("import", "from") and not words[1].startswith("."):
                top = words[1].split(".")[0]
                # The kernel is Cython in pure-Python mode: compiling removes its
                # `import cython`, and the library never loads it uncompiled (_accel,
                # _ludo_accel for the engine of ludo and maedn, _kludo).
                if (
                    path.name in ("_kernel.py", "_kbatch.py", "_kludo.py", "_knet.py", "_kplay.py")
                    and top == "cython"
                ):
                    continue
                assert top in allowed, f"{path.name} imports {top}"
