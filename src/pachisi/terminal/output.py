"""Checks on the files a command will write, made before any work starts."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from ..errors import PachisiError

__all__ = ["PLOT_SUFFIXES", "check_matplotlib", "check_writable"]

#: The file types ``--plot`` can write.
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


def check_writable(path: str, what: str, suffixes: Sequence[str]) -> Path:
    """``path`` as a Path if a ``what`` file (``--out``, ``--plot``) can be written there.

    Raises a one-line :class:`PachisiError` for a wrong suffix, a directory,
    a missing directory or a permission problem.
    """
    p = Path(path)
    if p.suffix.lower() not in suffixes:
        raise PachisiError(f"{what} must end in {' or '.join(suffixes)}, not {path!r}")
    parent = p.parent if str(p.parent) else Path(".")
    if p.is_dir():
        raise PachisiError(f"cannot write {path}: it is a directory")
    if not parent.is_dir():
        raise PachisiError(f"cannot write {path}: no directory {str(parent)!r}")
    if not os.access(parent, os.W_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise PachisiError(f"cannot write {path}: permission denied")
    return p


def check_matplotlib() -> None:
    """Raise a one-line :class:`PachisiError` if the ``plot`` extra is missing."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PachisiError(
            "--plot needs matplotlib, not installed (the plot extra): pip install 'matplotlib>=3.8'"
        ) from None
