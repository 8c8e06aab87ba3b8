"""Optional build of the compiled kernel (``src/pachisi/_kernel.py``, Cython in pure-Python mode).

The kernel is five extension modules, compiled side by side: ``_kernel``
(the Parcheesi family's enumerator), ``_knet`` (its value network, whose C
functions ``_kernel`` calls through ``_knet.pxd``), ``_kplay`` (its games:
playouts, ``simulate``, self-play) and ``_kbatch`` (its batched RL
environments), which call ``_kernel``'s C entry points declared in
``_kernel.pxd``, and ``_kludo`` (Ludo and Mensch ärgere
Dich nicht), with a sixth, ``_cyutility``: Cython's support code for typed
memoryviews, which the five share (Cython 3.1's shared utility module)
instead of each compiling a copy; all are built, or none counts
(``PACHISI_REQUIRE_KERNEL=1`` fails if one fails). Both kernels inline
splitmix64 from ``_splitmix.pxd``; the Parcheesi family's four cimport their
table layouts from ``_layout.pxd``, which this script writes from
``_layout.py`` (:func:`pachisi._layout.pxd_source`: the one place they are
written) before it compiles them; ``_kernel`` sorts its pawn lanes with
``_kbits.h``'s C functions (SSE2 where the compiler targets it, as every
x86-64 compiler does without a ``-march`` flag; scalar C elsewhere), which
the sdist and the wheels ship beside the ``.pxd`` files. The C compiler runs without debugging
information (``-g0``) and without Python's ``-fwrapv`` (``-fno-wrapv``).
Both steps run in parallel, one job per core: Cython's translation to C
(``cythonize``'s ``nthreads``) and the C compiler (``build_ext``'s
``parallel``; ``--parallel N`` or ``-j N`` overrides it).

Everything else about the package is in pyproject.toml. Where Cython (a build
requirement only) and a C compiler are present, ``pip install .`` compiles
the kernel; otherwise it installs the pure-Python engine and prints one line
saying why (with ``PACHISI_REQUIRE_KERNEL=1`` the install fails instead, with
that line). ``PACHISI_PURE=1`` at build time skips the compilation (so that
``python -m build --wheel`` makes the pure-Python ``py3-none-any`` wheel);
``PACHISI_CHECKED=1`` compiles it with index checks (for debugging).
"""

from __future__ import annotations

import os
import runpy
import sys
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTE = "pachisi: the compiled kernel was not built ({}); installing the pure-Python engine"
#: PACHISI_REQUIRE_KERNEL=1 (as in .ci/run): a kernel that cannot be built fails the install.
REQUIRED = os.environ.get("PACHISI_REQUIRE_KERNEL") == "1"
FAILED = "pachisi: the compiled kernel was not built ({}) and PACHISI_REQUIRE_KERNEL=1 requires it"
#: The module of Cython's utility code that the kernel's modules share (Cython 3.1 and later).
SHARED = "pachisi._cyutility"


def _give_up(why: str) -> None:
    """Say in one line why the kernel was not built: a failure if it is required, else a note."""
    if REQUIRED:
        raise SystemExit(FAILED.format(why))
    print(NOTE.format(why), file=sys.stderr)


def _why(exc: BaseException) -> str:
    """One line: the exception's kind and its message (a compiler's own output is above it)."""
    message = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {message}" if message else type(exc).__name__


class OptionalBuildExt(build_ext):
    """A build_ext that falls back to the pure engine when the kernel cannot be compiled.

    The reason is printed in one line (``pip install -v`` and ``python -m build`` show
    it); ``pachisi --version`` then says ``pure engine``.
    """

    failed = False

    def finalize_options(self) -> None:
        """Compile the extensions side by side, one per core (``--parallel`` overrides)."""
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, or a failed compilation
            if not self.failed or REQUIRED:  # said once: what follows a failed build fails too
                _give_up(_why(exc))

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as exc:
            self.failed = True
            _give_up(_why(exc))


#: The kernel's layouts: the Python module that holds them, and the C declarations made from it.
LAYOUT = "src/pachisi/_layout.py"
LAYOUT_PXD = "src/pachisi/_layout.pxd"


def _write_layout_pxd() -> None:
    """Write ``_layout.pxd`` from ``_layout.py`` (only if it changed, so that Cython's
    dependency check does not recompile every module on each build)."""
    text = runpy.run_path(LAYOUT)["pxd_source"]()
    try:
        with open(LAYOUT_PXD, encoding="utf-8") as old:
            if old.read() == text:
                return
    except FileNotFoundError:
        pass
    with open(LAYOUT_PXD, "w", encoding="utf-8") as new:
        new.write(text)


def _cythonized(cythonize: Any, checked: bool) -> list[Any]:
    """The kernel's modules translated to C (in parallel, one job per core)."""
    _write_layout_pxd()
    return list(
        cythonize(
            # the Parcheesi family's kernel, Cython's shared utility code, its value network,
            # its games, its batched environments, and the engine of ludo and maedn
            # (RULES-LUDO.md); the largest first, so that the parallel jobs finish together
            [
                "src/pachisi/_kernel.py",
                Extension(SHARED, sources=["src/pachisi/_cyutility.c"]),
                "src/pachisi/_kludo.py",
                "src/pachisi/_kbatch.py",
                "src/pachisi/_knet.py",
                "src/pachisi/_kplay.py",
            ],
            nthreads=os.cpu_count() or 1,  # Cython's translations side by side
            compiler_directives={
                "language_level": 3,
                # PACHISI_CHECKED=1: index checks on (a debugging build)
                "boundscheck": checked,
                "wraparound": False,
                "initializedcheck": checked,
                "cdivision": True,
            },
            quiet=True,
            build_dir="build",  # the generated C stays out of the package
            # Cython's support code (typed memoryviews) compiled once, in its own module,
            # not once in each of the five (each small module's C was two thirds of it)
            shared_utility_qualified_name=SHARED,
        )
    )


def extensions() -> list[object]:
    """The kernel's extensions, or none (with the one line) if they cannot be built here."""
    if os.environ.get("PACHISI_PURE") == "1":
        _give_up("PACHISI_PURE=1")
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        _give_up("Cython is not installed")
        return []
    checked = os.environ.get("PACHISI_CHECKED") == "1"
    try:
        exts = _cythonized(cythonize, checked)
    except Exception as exc:  # Cython refused a module (its own messages are above)
        _give_up(_why(exc))
        return []
    if os.name != "nt":
        # The evaluation must give the Python floats bit for bit: no fused multiply-add.
        # The kernel's inline helpers are always inlined, so that its speed does not
        # depend on the C compiler's inlining budget (docs/benchmarks.md, issue 19).
        # No debugging information (-g0 after Python's -g): it changes no instruction
        # and cost a quarter of the compile time (docs/benchmarks.md, issue 35).
        # -fno-wrapv after Python's -fwrapv: the kernel has no signed overflow (checked with
        # -fsanitize=signed-integer-overflow on its tests), so the compiler may assume none;
        # 1.2% fewer instructions (docs/benchmarks.md, issue 35).
        for ext in exts:
            ext.extra_compile_args = [
                "-ffp-contract=off",
                "-DCYTHON_INLINE=__inline__ __attribute__((always_inline))",
                "-g0",
                "-fno-wrapv",
            ]
    return list(exts)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
