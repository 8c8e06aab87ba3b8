"""The import contract (README, DESIGN.md) and the command line's lazy loading.

* The core, the modules directly in ``src/pachisi/``, imports only the standard
  library and other core modules: never a subpackage (the players, analysis,
  the front ends) and never a third-party package.
* The front ends, ``terminal/``, ``web/`` and the environments of ``rl/``, never
  import each other, and no library subpackage imports a front end: what two of
  them draw alike (the board as a grid of cells) is the core's ``pachisi.diagram``.
* ``pachisi COMMAND`` imports only the module of COMMAND; ``--help`` lists every
  command from the table without importing any of them.

Imports are read from the source (every ``import``, also inside functions and
under ``TYPE_CHECKING``), so a lazy import does not hide a broken seam.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pachisi import _layout, cli

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "pachisi"
FRONT_ENDS = ("terminal", "web", "rl")

#: Imports that break the contract knowingly, with the reason. An entry that no longer
#: matches an import fails too (test_every_exception_is_still_needed), so the list only
#: shrinks.
EXCEPTIONS = {
    # Cython's pure-Python mode: the compiled kernel resolves ``cython`` at build time; the
    # .py is imported only where it was compiled (pachisi._accel), never needing Cython.
    ("pachisi._kernel", "cython"): "compiled kernel",
    # The value network, its own compiled module (the same pure-Python mode): compiled, its
    # tanh and exp are C's (uncompiled: the math module's), and the kernel cimports its C
    # interface (_knet.pxd: the Net class, the net_* functions).
    ("pachisi._knet", "cython"): "compiled kernel",
    ("pachisi._knet", "cython.cimports.libc.math"): "compiled kernel",
    ("pachisi._knet", "cython.cimports.libc.math.exp"): "compiled kernel",
    ("pachisi._knet", "cython.cimports.libc.math.tanh"): "compiled kernel",
    ("pachisi._kernel", "cython.cimports.pachisi._knet"): "compiled kernel",
    **{
        ("pachisi._kernel", f"cython.cimports.pachisi._knet.{name}"): "compiled kernel"
        for name in (
            *("Net", "finishers", "net_absolute", "net_new", "net_state", "net_use"),
            "net_value",
        )
    },
    # The compiled engine of ludo and maedn: the same pure-Python mode (pachisi._ludo_accel).
    ("pachisi._kludo", "cython"): "compiled kernel",
    # Compiled, both kernels inline splitmix64 from pachisi/_splitmix.pxd (uncompiled, they
    # import pachisi._splitmix, the same functions in Python).
    **{
        ("pachisi._kludo", f"cython.cimports.pachisi._splitmix{name}"): "compiled kernel"
        for name in ("", ".below", ".next_state")
    },
    # (the kernel only seeds streams for its tests; its games, in pachisi._kplay, draw)
    ("pachisi._kernel", "cython.cimports.pachisi._splitmix"): "compiled kernel",
    ("pachisi._kernel", "cython.cimports.pachisi._splitmix.stream_seed"): "compiled kernel",
    # Compiled, the kernel sorts a colour's four pawn lanes with pachisi/_kbits.h's C
    # functions (declared in _kbits.pxd; uncompiled, its own Python helpers do).
    ("pachisi._kernel", "cython.cimports.pachisi._kbits"): "compiled kernel",
    **{
        ("pachisi._kernel", f"cython.cimports.pachisi._kbits.{name}"): "compiled kernel"
        for name in (
            "kbits_canon4",
            "kbits_field4",
            "kbits_less2",
            "kbits_lowest_bit",
            "kbits_sort4",
        )
    },
    # The batched environments: the same pure-Python mode; compiled, they cimport the
    # kernel's C interface (_kernel.pxd: kb_* entry points), the network module's
    # finishers (_knet.pxd) and splitmix64.
    ("pachisi._kbatch", "cython"): "compiled kernel",
    **{
        ("pachisi._kbatch", f"cython.cimports.pachisi._splitmix{name}"): "compiled kernel"
        for name in ("", ".below", ".next_state", ".stream_seed")
    },
    ("pachisi._kbatch", "cython.cimports.pachisi._kernel"): "compiled kernel",
    ("pachisi._kbatch", "cython.cimports.pachisi._knet"): "compiled kernel",
    ("pachisi._kbatch", "cython.cimports.pachisi._knet.finishers"): "compiled kernel",
    **{
        ("pachisi._kbatch", f"cython.cimports.pachisi._kernel.{name}"): "compiled kernel"
        for name in (
            *("kb_apply", "kb_changes", "kb_dead_end", "kb_decided", "kb_enumerate", "kb_new"),
            *("kb_order", "kb_outcomes", "kb_select"),
        )
    },
    # The games (playouts, simulate, self-play): the same pure-Python mode; compiled, they
    # cimport the kernel's C interface (_kernel.pxd: kb_*/kp_* entry points), the
    # network's (_knet.pxd) and splitmix64.
    ("pachisi._kplay", "cython"): "compiled kernel",
    **{
        ("pachisi._kplay", f"cython.cimports.pachisi._splitmix{name}"): "compiled kernel"
        for name in ("", ".below", ".next_state", ".stream_seed")
    },
    ("pachisi._kplay", "cython.cimports.pachisi._kernel"): "compiled kernel",
    **{
        ("pachisi._kplay", f"cython.cimports.pachisi._kernel.{name}"): "compiled kernel"
        for name in (
            *("kb_dead_end", "kb_decided", "kb_select", "kp_best", "kp_best_row"),
            *("kp_enumerate", "kp_evaluate", "kp_play", "kp_row", "kp_setup", "kp_state"),
        )
    },
    ("pachisi._kplay", "cython.cimports.pachisi._knet"): "compiled kernel",
    **{
        ("pachisi._kplay", f"cython.cimports.pachisi._knet.{name}"): "compiled kernel"
        for name in (
            *("Net", "finishers", "net_absolute", "net_record", "net_recorded"),
            "net_recording",
            *("net_state", "net_use"),
        )
    },
}


def test_the_kernels_c_entry_points_say_who_calls_them() -> None:
    """Every function of ``_kernel.pxd`` (the kernel's C interface, issue 35: the seam
    between the compiled modules, since the Kernel class is not declared there) is
    documented as such in ``_kernel.py``, naming the modules that cimport it: those
    :data:`EXCEPTIONS` lets cimport it, and no other."""
    declared = re.findall(r"^cdef .*?(k[bp]_\w+)\(", (PACKAGE / "_kernel.pxd").read_text(), re.M)
    assert len(declared) >= 17
    tree = ast.parse((PACKAGE / "_kernel.py").read_text(encoding="utf-8"))
    docs = {
        node.name: ast.get_docstring(node) or ""
        for node in tree.body
        if isinstance(node, ast.FunctionDef)
    }
    for name in declared:
        users = {
            module.removeprefix("pachisi.")
            for module, target in EXCEPTIONS
            if target == f"cython.cimports.pachisi._kernel.{name}"
        }
        assert users, name
        said = re.search(r"C entry point \(``_kernel.pxd``\) of (.*)\.$", docs[name])
        assert said, name
        assert set(re.findall(r"``(\w+)``", said.group(1))) == users, name


#: The Parcheesi family's compiled modules, which cimport their layouts' C constants from
#: pachisi/_layout.pxd (setup.py writes it from pachisi._layout; uncompiled, they import
#: pachisi._layout itself): any name of pachisi._layout, and no other, may be cimported so.
LAYOUT_READERS = ("pachisi._kernel", "pachisi._knet", "pachisi._kplay", "pachisi._kbatch")


def cimports_a_layout(module: str, target: str) -> bool:
    """Whether ``module`` imports ``target`` as a kernel module cimporting its layouts."""
    prefix = "cython.cimports.pachisi._layout"
    if module not in LAYOUT_READERS or not target.startswith(prefix):
        return False
    return target == prefix or target.removeprefix(prefix + ".") in _layout.NAMES


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> set[str]:
    """The absolute names of the modules ``path`` imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            out.add(target)
            # ``from . import x`` names a module too.
            out.update(f"{target}.{alias.name}" for alias in node.names)
    return out


def sources() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if "migrations" not in p.parts)


def area(name: str) -> str:
    """``core`` for pachisi.X modules, else the subpackage: pachisi.web.app -> web."""
    parts = name.split(".")
    if len(parts) == 2 and (PACKAGE / f"{parts[1]}.py").exists():
        return "core"
    return parts[1] if len(parts) > 1 else "core"


def pachisi_imports(path: Path) -> set[str]:
    """The pachisi modules (not names inside them) that ``path`` imports."""
    found = set()
    for target in imports_of(path):
        if target.split(".")[0] != "pachisi":
            continue
        # "pachisi.moves.Turn" -> "pachisi.moves": keep the longest prefix that is a module.
        parts = target.split(".")
        while len(parts) > 1:
            rel = Path(*parts[1:])
            if (PACKAGE / rel).with_suffix(".py").exists() or (PACKAGE / rel).is_dir():
                break
            parts.pop()
        found.add(".".join(parts))
    return found


CORE = [p for p in sources() if p.parent == PACKAGE]


@pytest.mark.parametrize("path", CORE, ids=lambda p: p.name)
def test_the_core_imports_only_the_standard_library_and_the_core(path: Path) -> None:
    for target in imports_of(path):
        top = target.split(".")[0]
        if top == "pachisi":
            continue
        name = module_name(path)
        if (name, target) in EXCEPTIONS or cimports_a_layout(name, target):
            continue
        assert top in sys.stdlib_module_names or top == "__future__", f"{path.name}: {target}"
    outside = {t for t in pachisi_imports(path) if t != "pachisi" and area(t) != "core"}
    assert not outside, f"{path.name} imports {sorted(outside)}"


@pytest.mark.parametrize(
    "path", [p for p in sources() if p.parent != PACKAGE], ids=lambda p: module_name(p)
)
def test_no_front_end_is_imported_by_another_or_by_a_library(path: Path) -> None:
    mine = area(module_name(path))
    for target in pachisi_imports(path):
        theirs = area(target)
        if (module_name(path), target) in EXCEPTIONS:
            continue
        if theirs in FRONT_ENDS and theirs != mine:
            raise AssertionError(f"{module_name(path)} ({mine}) imports {target}")


def test_every_exception_is_still_needed() -> None:
    for module, target in EXCEPTIONS:
        path = PACKAGE.parent / (module.replace(".", "/") + ".py")
        assert target in imports_of(path), f"{module} no longer imports {target}: drop it"


def test_the_contract_checker_sees_imports() -> None:
    """The checker finds relative, function-level and TYPE_CHECKING imports."""
    board = imports_of(PACKAGE / "terminal" / "board.py")
    assert "pachisi.describe" in board  # relative, at the top
    assert "rich.console" in board  # under TYPE_CHECKING
    assert "pachisi.analysis.hint" in imports_of(PACKAGE / "terminal" / "play.py")  # in a function
    assert area("pachisi.moves") == "core" and area("pachisi.web.app") == "web"


FRONT_END_MODULES = ("rich", "pachisi.terminal", "pachisi.web", "fastapi", "matplotlib")


def loaded_after(*args: str) -> list[str]:
    """The front-end modules imported by running ``pachisi ARGS`` in a fresh interpreter."""
    code = (
        "import sys, contextlib, io\n"
        "from pachisi.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    try:\n"
        f"        main({list(args)!r})\n"
        "    except SystemExit:\n"
        "        pass\n"
        f"print(sorted(m for m in sys.modules if m.startswith({FRONT_END_MODULES!r})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return list(ast.literal_eval(done.stdout.strip().splitlines()[-1]))


def test_core_commands_and_help_import_no_front_end() -> None:
    assert loaded_after("new", "parcheesi", "--text") == []
    assert loaded_after("--help") == []
    assert loaded_after("moves", "--help") == []
    # The command named is loaded (and only its front end).
    replay = loaded_after("replay", "--help")
    assert "pachisi.terminal.replay" in replay
    assert not any(m.startswith("pachisi.web") for m in replay)


@pytest.mark.parametrize("name", sorted(cli.COMMANDS))
def test_the_table_says_what_each_command_registers(name: str) -> None:
    module_name_, summary = cli.COMMANDS[name]
    try:
        module = importlib.import_module(module_name_)
    except ModuleNotFoundError as exc:  # an optional part not installed here
        pytest.skip(f"{module_name_} needs {exc.name}")
    sub = argparse.ArgumentParser().add_subparsers()
    module.register(sub)
    assert list(sub.choices) == [name]
    helps = {a.dest: a.help for a in sub._choices_actions}
    assert helps == {name: summary}


# ---------------------------------------------------------------------------
# No import circles (issue 35)


def runtime_imports_of(path: Path) -> set[str]:
    """The pachisi modules ``path`` imports when it runs: at the top AND inside functions.

    Imports under ``if TYPE_CHECKING:`` are left out: they never run, so they
    cannot make an import circle (an annotation may name a class of a module
    above). Everything else counts, however deep in a function it sits.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in (
            "TYPE_CHECKING",
            "typing.TYPE_CHECKING",
        ):
            for inner in node.body:
                skipped.update(id(n) for n in ast.walk(inner))
    kept = ast.Module(
        body=[
            n
            for n in ast.walk(tree)
            if isinstance(n, (ast.Import, ast.ImportFrom)) and id(n) not in skipped
        ],
        type_ignores=[],
    )
    return _pachisi_modules(path, kept)


def _pachisi_modules(path: Path, tree: ast.Module) -> set[str]:
    """:func:`pachisi_imports` of the import statements in ``tree`` (read from ``path``)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            targets.add(target)
            targets.update(f"{target}.{alias.name}" for alias in node.names)
    found = set()
    for target in targets:
        parts = target.split(".")
        if parts[0] != "pachisi":
            continue
        while len(parts) > 1:
            rel = Path(*parts[1:])
            if (PACKAGE / rel).with_suffix(".py").exists() or (PACKAGE / rel).is_dir():
                break
            parts.pop()
        found.add(".".join(parts))
    return found


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one node (Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(out)


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_runtime_import_reader_sees_function_imports_and_skips_type_checking() -> None:
    seen = runtime_imports_of(PACKAGE / "terminal" / "play.py")
    assert "pachisi.analysis.hint" in seen  # inside a function
    position = runtime_imports_of(PACKAGE / "position.py")
    assert "pachisi.board" in position
    assert "pachisi.moves" in imports_of(PACKAGE / "position.py")  # under TYPE_CHECKING...
    assert "pachisi.moves" not in position  # ...which never runs


def test_no_import_circle_among_the_core_modules() -> None:
    """The core's modules import each other in one direction only (every runtime import)."""
    core = {module_name(p): p for p in CORE}
    graph = {
        name: {t for t in runtime_imports_of(path) if t in core and t != name}
        for name, path in core.items()
    }
    # The package's __init__ imports everything it re-exports; no core module imports it.
    graph.pop("pachisi", None)
    assert cycles(graph) == []


def test_no_import_circle_among_the_packages() -> None:
    """No package imports one that imports it back (the core counts as one package).

    ``pachisi.learn`` and ``pachisi.bots``, say: one may use the other, not both.
    """
    graph: dict[str, set[str]] = {}
    for path in sources():
        mine = area(module_name(path))
        theirs = {area(t) for t in runtime_imports_of(path) if t != "pachisi"}
        graph.setdefault(mine, set()).update(theirs - {mine})
    assert cycles(graph) == []


def test_front_ends_take_argument_helpers_from_pachisi_arguments() -> None:
    """``pachisi.cli`` registers every command; a command's module never imports it back."""
    for path in sources():
        if path.name in ("cli.py", "__main__.py") and path.parent == PACKAGE:
            continue
        assert "pachisi.cli" not in pachisi_imports(path), module_name(path)


# The fast engine's private/public line (issue 35): outside the core, the compiled kernel and
# its bridge are reached through pachisi.fast only.
PRIVATE_ENGINE = (
    "pachisi._accel",
    "pachisi._kbatch",
    "pachisi._kernel",
    "pachisi._kludo",
    "pachisi._knet",
    "pachisi._kplay",
    "pachisi._ludo_accel",
    "pachisi._uncompiled",
)
#: Benchmarks that measure the private parts themselves, with the reason.
PRIVATE_ENGINE_BENCHMARKS = {
    "kernel_costs.py": "times the kernel's enumerators against the bridge's own entry points",
    "turn_steps.py": "times Turn's step graphs through the bridge's own entry point",
    "independent_throws.py": "counts the kernel enumerator's instructions by kind of throw",
    "enumeration_times.py": "times the kernel enumerator by kind of throw",
    "kernel_fingerprint.py": "hashes the kernel enumerator's outcomes and raw order",
}
BENCHMARKS = PACKAGE.parent.parent / "benchmarks"


@pytest.mark.parametrize(
    "path", [p for p in sources() if p.parent != PACKAGE], ids=lambda p: module_name(p)
)
def test_nothing_outside_the_core_reaches_past_pachisi_fast(path: Path) -> None:
    reached = pachisi_imports(path) & set(PRIVATE_ENGINE)
    # "from pachisi import _accel" names the module as a name of the package.
    reached |= {t for t in imports_of(path) if t in PRIVATE_ENGINE}
    assert not reached, f"{module_name(path)} imports {sorted(reached)}: use pachisi.fast"


def test_the_benchmarks_reach_past_pachisi_fast_only_where_listed() -> None:
    for path in sorted(BENCHMARKS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{a.name}" for a in node.names)
        private = names & set(PRIVATE_ENGINE)
        if path.name in PRIVATE_ENGINE_BENCHMARKS:
            assert private, f"{path.name} no longer imports the private engine: drop it"
        else:
            assert not private, f"benchmarks/{path.name} imports {sorted(private)}"
