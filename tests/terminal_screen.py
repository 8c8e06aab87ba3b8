"""``pachisi`` in a real pseudo-terminal, its output read by a terminal emulator (pyte).

pexpect gives the bytes a program writes; :class:`Screen` is what a person
sees of them on an 80x24 terminal: the rows after each clear, the lines
that scrolled off the top since (:attr:`Screen.scrolled`), long lines wrapped
by the terminal as a terminal wraps them. Characters are as wide as a
terminal draws them: Indic spacing vowel signs (Unicode category Mc) take a
cell, as in xterm and VTE (rich counts them as none), combining marks none.
"""

from __future__ import annotations

import os
import sys
import unicodedata
from pathlib import Path
from typing import Any

import pexpect
import pyte
import pyte.screens

from helpers import default_sigint


def cell_width(ch: str) -> int:
    """The cells a terminal gives one character."""
    if unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


class Screen(pyte.Screen):  # type: ignore[misc]
    """A pyte screen that counts the rows scrolled off its top since the last clear."""

    def __init__(self, columns: int, lines: int) -> None:
        super().__init__(columns, lines)
        self.scrolled = 0

    def draw(self, data: str) -> None:
        for ch in data:
            if cell_width(ch) == 0:  # a combining mark: onto the cell before
                x, y = self.cursor.x, self.cursor.y
                if x:
                    cell = self.buffer[y][x - 1]
                    self.buffer[y][x - 1] = cell._replace(data=cell.data + ch)
                continue
            width = pyte.screens.wcwidth
            pyte.screens.wcwidth = cell_width
            try:
                super().draw(ch)
            finally:
                pyte.screens.wcwidth = width

    def index(self) -> None:
        _top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if self.cursor.y == bottom:
            self.scrolled += 1
        super().index()

    def erase_in_display(self, how: int = 0, *args: Any, **kwargs: Any) -> None:
        if how == 2:  # the whole screen cleared: a new screen
            self.scrolled = 0
        super().erase_in_display(how, *args, **kwargs)

    def rows(self) -> list[str]:
        """The text of each row, trailing spaces left out."""
        return [line.rstrip() for line in self.display]


class Terminal:
    """``pachisi ARGS`` in a pseudo-terminal of ``columns`` x ``lines``, shown on a
    :class:`Screen`."""

    def __init__(self, *args: str, cwd: Path, columns: int = 80, lines: int = 24) -> None:
        env = dict(os.environ, TERM="xterm-256color", COLUMNS=str(columns), LINES=str(lines))
        env.pop("NO_COLOR", None)
        self.child = pexpect.spawn(
            sys.executable,
            ["-m", "pachisi", *args],
            cwd=str(cwd),
            env=env,
            encoding="utf-8",
            timeout=30,
            dimensions=(lines, columns),
            preexec_fn=default_sigint,
        )
        self.screen = Screen(columns, lines)
        self.stream = pyte.Stream(self.screen)

    def expect(self, patterns: list[str]) -> int:
        """Wait for one of ``patterns`` (regular expressions; the last may be EOF) and show
        everything written until then on the screen; the index of the one found."""
        k: int = self.child.expect(patterns)
        self.stream.feed(self.child.before)
        if isinstance(self.child.after, str):
            self.stream.feed(self.child.after)
        return k

    def send(self, line: str) -> None:
        """Type ``line`` and Enter (the terminal echoes it, as it would)."""
        self.child.sendline(line)

    def close(self) -> None:
        self.child.close(force=True)
