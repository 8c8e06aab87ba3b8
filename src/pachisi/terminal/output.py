"""Checks on the files a command will write, made before any work starts, and the
progress bar of the long commands (rich is imported only when one is made)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import PachisiError

if TYPE_CHECKING:
    from rich.progress import Progress

__all__ = ["PLOT_SUFFIXES", "check_matplotlib", "check_writable", "progress_bar"]

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


def progress_bar(unit: str) -> Progress:
    """The progress bar of ``pachisi analyse`` and ``simulate`` on standard error, gone
    when done: the task's description, the bar, ``done/total unit``, the time taken
    and the time left."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    return Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
