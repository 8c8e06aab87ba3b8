"""The optional parts of pachisi (the extras of pyproject.toml) and how to install them.

pachisi is installed from its source or a wheel, not from a package index, so a
message for a missing optional package never says ``pip install 'pachisi[web]'``:
it names the extra and gives the ``pip install`` of that extra's own
requirements, read from the installed metadata (:func:`install_hint`).
Standard library only: the core and every front end may use it.
"""

from __future__ import annotations

import re
from importlib import metadata

__all__ = ["EXTRA_OF", "install_hint", "requirements"]

#: The extra (pyproject.toml) that brings a third-party package a command needs.
EXTRA_OF: dict[str, str] = {
    "rich": "terminal",
    "numpy": "learn",
    "fastapi": "web",
    "starlette": "web",
    "uvicorn": "web",
    "websockets": "web",
    "sqlalchemy": "web",
    "alembic": "web",
    "psycopg": "postgres",
    "ray": "ray",
    "matplotlib": "plot",
}


def requirements(extra: str) -> list[str]:
    """The requirements an extra brings, other extras of pachisi unfolded, from the
    installed metadata (empty where pachisi runs from a source tree without it)."""
    try:
        declared = metadata.requires("pachisi") or []
    except metadata.PackageNotFoundError:
        return []
    out: list[str] = []
    for line in declared:
        requirement, _, marker = line.partition(";")
        if f'extra == "{extra}"' not in marker.replace("'", '"'):
            continue
        requirement = requirement.strip()
        inner = re.fullmatch(r"pachisi\[([\w-]+)\]", requirement)
        for req in requirements(inner.group(1)) if inner else [requirement]:
            if req not in out:
                out.append(req)
    return out


def install_hint(extra: str) -> str:
    """``the EXTRA extra``, with the ``pip install`` of its requirements where known.

    >>> install_hint("no-such-extra")
    'the no-such-extra extra'
    """
    reqs = requirements(extra)
    line = f"the {extra} extra"
    if reqs:
        line += ": pip install " + " ".join(f"'{r}'" for r in reqs)
    return line
