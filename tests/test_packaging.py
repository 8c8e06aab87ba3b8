"""Packaging: one source for the version, the extras, and a missing optional driver.

The version is written once, in ``pachisi.__version__`` (pyproject.toml reads it);
psycopg is the ``postgres`` extra's, so a SQLite user need not install it, and a
PostgreSQL URL without it is a one-line error that names the extra.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

import pachisi
from pachisi.cli import main

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_version_is_written_once() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    attr = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]["attr"]
    assert attr == "pachisi.__version__"
    assert pachisi.__version__.count(".") == 2


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
    with pytest.raises(PachisiError, match=r"pip install 'pachisi\[postgres\]'"):
        Store("postgresql+psycopg://user@localhost/games")
    status = main(["serve", "--db", "postgresql://user@localhost/games"])
    err = capsys.readouterr().err
    assert status == 1
    assert err == "pachisi: a PostgreSQL database needs psycopg: pip install 'pachisi[postgres]'\n"
