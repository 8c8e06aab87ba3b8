"""Packaging: one source for the version, the extras, and a missing optional driver.

The version is written once, in ``pachisi.__version__`` (pyproject.toml reads it);
psycopg is the ``postgres`` extra's, so a SQLite user need not install it, and a
PostgreSQL URL without it is a one-line error that names the extra.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import pachisi
from pachisi.cli import main
from pachisi.extras import install_hint

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "pachisi.__version__"
    # a release X.Y.Z, or the development version X.Y.Z.devN before it
    assert re.fullmatch(r"\d+\.\d+\.\d+(\.dev\d+)?", pachisi.__version__)


def test_version_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"pachisi {pachisi.__version__} (")
    assert "engine" in out


def test_extras() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert not any(d.startswith("psycopg") for d in extras["web"])
    assert any(d.startswith("psycopg") for d in extras["postgres"])
    test = extras["test"]
    assert {"pachisi[web]", "pachisi[postgres]", "pachisi[plot]"} <= set(test)
    # The lint tools decide whether test_lint passes: pinned exactly.
    pinned = {d.split("==")[0]: d for d in test if "==" in d}
    assert set(pinned) >= {"ruff", "mypy"}


def test_postgresql_without_psycopg_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("sqlalchemy")
    from pachisi.errors import PachisiError
    from pachisi.web.store import Store

    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if not installed
    with pytest.raises(
        PachisiError, match=r"psycopg: the postgres extra: pip install .*'psycopg\[binary\]"
    ):
        Store("postgresql+psycopg://user@localhost/games")
    # a free port, so that a server left running on the default one cannot answer first
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    status = main(["serve", "--port", str(port), "--db", "postgresql://user@localhost/games"])
    err = capsys.readouterr().err
    assert status == 1
    assert err == f"pachisi: a PostgreSQL database needs psycopg: {install_hint('postgres')}\n"


# --- the release (issue 38) ------------------------------------------------------------------


def test_the_changelogs_latest_version_is_the_packages() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    versions = re.findall(r"^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$", text, re.MULTILINE)
    assert versions, "no released version in CHANGELOG.md"
    version = re.fullmatch(r"(\d+\.\d+\.\d+)(\.dev\d+)?", pachisi.__version__)
    assert version is not None
    release, dev = version.groups()
    if dev is None:
        assert versions[0][0] == release
    else:  # a development version: after the latest release, its changes under Unreleased
        assert tuple(map(int, release.split("."))) > tuple(map(int, versions[0][0].split(".")))
        unreleased = text[text.index("## [Unreleased]") : text.index(f"## [{versions[0][0]}]")]
        assert unreleased.count("\n- ") >= 1, "a development version lists its changes"
    # Keep a Changelog: an Unreleased section above, newest first, each version once
    assert text.index("## [Unreleased]") < text.index(f"## [{versions[0][0]}]")
    numbers = [tuple(int(n) for n in v.split(".")) for v, _ in versions]
    assert numbers == sorted(set(numbers), reverse=True)


def test_version_names_the_networks_file_versions(capsys: pytest.CaptureFixture[str]) -> None:
    from pachisi.learn.encoding import ENCODING
    from pachisi.learn.network import FORMAT_VERSION
    from pachisi.learn.one_die import ONE_DIE_ENCODING

    with pytest.raises(SystemExit):
        main(["--version"])
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    shipped = sorted(
        p.name.removesuffix(".json")
        for p in (ROOT / "src" / "pachisi" / "learn" / "weights").glob("*.json")
    )
    assert shipped
    # grouped by encoding: the cross's rulesets, then Ludo's and MADN's
    one_die = [n for n in shipped if n.split(".")[0] in ("ludo", "maedn")]
    cross = [n for n in shipped if n not in one_die]
    groups = [(ENCODING, cross), (ONE_DIE_ENCODING, one_die)]
    assert lines[1] == "; ".join(
        f"networks: pachisi-value-net {FORMAT_VERSION}, encoding {enc} ({', '.join(names)})"
        for enc, names in groups
        if names
    )


def test_the_core_has_no_third_party_dependency() -> None:
    project = PYPROJECT["project"]
    assert project["dependencies"] == []
    extras = project["optional-dependencies"]
    assert [d for d in extras["terminal"] if d.startswith("rich")]
    # the README's quick start (pip install '.[web]') gives the whole command; the tests too
    for extra in ("web", "learn", "test"):
        assert "pachisi[terminal]" in extras[extra], extra
    assert {d.split(">=")[0] for d in extras["docs"]} == {
        "mkdocs",
        "mkdocs-material",
        "mkdocstrings[python]",
    }
    assert all(">=" in d for d in extras["docs"] + extras["release"])


#: Run in a fresh interpreter: every import of a module outside the standard library and
#: pachisi fails from here on, as in an environment where only pachisi is installed.
_NO_THIRD_PARTY = """
import sys
from importlib.abc import MetaPathFinder

class NoThirdParty(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in sys.stdlib_module_names or top == "pachisi" or top.startswith("_"):
            return None
        raise ModuleNotFoundError(f"No module named {name!r} (blocked)", name=name)

sys.meta_path.insert(0, NoThirdParty())
for name in list(sys.modules):  # nothing third-party already loaded by site hooks
    if name.partition(".")[0] not in sys.stdlib_module_names and name != "__main__":
        if not name.startswith(("_", "pachisi")):
            del sys.modules[name]
from pachisi.cli import main
sys.exit(main(sys.argv[1:]))
"""


def _core(*argv: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(Path(pachisi.__file__).parent.parent)}
    return subprocess.run(
        [sys.executable, "-c", _NO_THIRD_PARTY, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_the_core_commands_run_with_no_third_party_package() -> None:
    # a seeded start, its legal plays, and the benchmark: standard library only
    new = _core("new", "parcheesi", "--players", "4", "--first", "roll", "--seed", "38")
    assert new.returncode == 0, new.stderr
    position = json.loads(new.stdout)
    moves = _core("moves", "-", "--throw", "5,2", stdin=new.stdout)
    assert moves.returncode == 0, moves.stderr
    outcomes = json.loads(moves.stdout)["outcomes"]
    expected = pachisi.legal_plays(pachisi.Position.from_dict(position), (5, 2))
    assert [o["play"] for o in outcomes] == [p.notation for p in expected]
    bench = _core("bench", "--ruleset", "whitman", "--seconds", "0.05")
    assert bench.returncode == 0, bench.stderr
    assert bench.stdout.startswith("engine: ")
    version = _core("--version")
    assert version.stdout.startswith(f"pachisi {pachisi.__version__} (")
    assert "blocked" not in version.stderr + bench.stderr + moves.stderr + new.stderr


@pytest.mark.parametrize("command", ["play", "replay", "simulate", "analyse"])
def test_a_terminal_command_without_rich_is_one_line(command: str) -> None:
    done = _core(command, "--help")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"pachisi: the {command} command needs rich, not installed")
    assert "(the terminal extra)" in done.stderr


def test_the_docs_read_docstrings_as_markdown() -> None:
    # docs_src/griffe_docstrings.py: doctests fenced (their output is not a Markdown link),
    # Sphinx roles as code spans, fenced blocks left alone.
    pytest.importorskip("griffe")  # the docs extra
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "griffe_docstrings", ROOT / "docs_src" / "griffe_docstrings.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    text = (
        "Plays, see :func:`~pachisi.legal_plays` and ``Turn``.\n"
        ">>> [p.notation for p in plays]\n"
        "['R0-1 R1-3']\n"
        "\n"
        "```sh\n"
        "pachisi new parcheesi  # ``kept``\n"
        "```\n"
        "    >>> 1 + 1\n"
        "    2"
    )
    assert module.markdown(text).splitlines() == [
        "Plays, see `pachisi.legal_plays` and `Turn`.",
        "",
        "```pycon",
        ">>> [p.notation for p in plays]",
        "['R0-1 R1-3']",
        "```",
        "",
        "```sh",
        "pachisi new parcheesi  # ``kept``",
        "```",
        "",
        "    ```pycon",
        "    >>> 1 + 1",
        "    2",
        "    ```",
    ]
