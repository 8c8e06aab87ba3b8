"""The numbered list of legal steps under the board, laid out to fit the terminal.

:func:`choice_layout` is a pure function of the choices (each a notation and
a few words), the width and the rows left under the board: it picks the
columns and whether the words fit, and pages the list when even the densest
form (numbers and notations only, as many columns as the width allows) needs
more rows than there are. ``pachisi play`` keeps the board, the throw and the
prompt on an 80x24 screen this way: ``>`` (or Enter) shows the next page,
``<`` the previous one; the numbers are those of the whole list, so a step
is chosen by its number on any page.

>>> steps = [(f"R{k}-{k + 6}", "move 6") for k in range(1, 41)]
>>> one = choice_layout(steps, width=80, rows=30)
>>> one.pages, one.columns, one.notes
(1, 3, True)
>>> small = choice_layout(steps, width=80, rows=3)
>>> small.pages, small.columns, small.notes, (small.first, small.stop)
(2, 7, False, (0, 21))
>>> choice_lines(steps, small)[0].plain
' 1 R1-7     4 R4-10    7 R7-13   10 R10-16  13 R13-19  16 R16-22  19 R19-25'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from .board import cells as cell_len  # as a terminal counts cells, Indic text too

__all__ = ["GAP", "ChoiceLayout", "choice_layout", "choice_lines", "densest_rows"]

#: Spaces between two columns of choices.
GAP = 2


@dataclass(frozen=True)
class ChoiceLayout:
    """Where the choices go: a page of ``rows`` x ``columns``, filled column by column.

    ``first`` and ``stop`` bound the indices shown on this page (0-based,
    ``stop`` excluded); ``notes`` says whether each choice's words are shown
    after its notation; ``page`` counts from 0 of ``pages``; ``width`` is the
    width of one column (number, notation and words, padded).
    """

    columns: int
    rows: int
    notes: bool
    page: int
    pages: int
    first: int
    stop: int
    width: int

    def grid(self) -> list[list[int | None]]:
        """The index of the choice in each cell, row by row (None for an empty cell)."""
        out: list[list[int | None]] = []
        for r in range(self.rows):
            row: list[int | None] = []
            for k in range(self.columns):
                i = self.first + r + k * self.rows
                row.append(i if i < self.stop else None)
            out.append(row)
        return out


def _widths(choices: Sequence[tuple[str, str]], notes: bool) -> tuple[int, int, int]:
    """The widths of the number, the notation and the words (0 without words)."""
    number = len(str(len(choices)))
    notation = max(cell_len(n) for n, _ in choices)
    words = max(cell_len(w) for _, w in choices) if notes else 0
    return number, notation, words


def _column_width(choices: Sequence[tuple[str, str]], notes: bool) -> int:
    number, notation, words = _widths(choices, notes)
    return number + 1 + notation + (1 + words if words else 0)


def _fit(column: int, width: int) -> int:
    """How many columns of ``column`` cells fit in ``width`` (at least one)."""
    return max(1, (width + GAP) // (column + GAP))


def choice_layout(
    choices: Sequence[tuple[str, str]], width: int, rows: int, page: int = 0
) -> ChoiceLayout:
    """The layout of ``choices`` (notation, words) in ``width`` cells and ``rows`` rows.

    All on one page when possible: with the words, in the fewest columns
    from the usual number (one up to 6 choices, two up to 16, else three) that
    fit; else without the words, in as many columns as fit. When even that
    needs more than ``rows`` rows, the choices are paged (``page`` is taken
    modulo the number of pages, so paging past the end starts again).
    """
    n = len(choices)
    width = max(1, width)
    rows = max(1, rows)
    if not n:
        return ChoiceLayout(1, 0, True, 0, 1, 0, 0, 0)
    usual = 1 if n <= 6 else 2 if n <= 16 else 3
    for notes in (True, False):
        column = _column_width(choices, notes)
        most = _fit(column, width)
        for columns in range(min(usual, most), most + 1):
            need = -(-n // columns)
            if need <= rows:
                return ChoiceLayout(columns, need, notes, 0, 1, 0, n, column)
    column = _column_width(choices, False)
    columns = _fit(column, width)
    per_page = columns * rows
    pages = -(-n // per_page)
    page %= pages
    first = page * per_page
    stop = min(n, first + per_page)
    shown = min(rows, -(-(stop - first) // columns))
    return ChoiceLayout(columns, shown, False, page, pages, first, stop, column)


def densest_rows(choices: Sequence[tuple[str, str]], width: int) -> int:
    """The rows all of ``choices`` need in their densest form (no words, most columns)."""
    if not choices:
        return 0
    return -(-len(choices) // _fit(_column_width(choices, False), max(1, width)))


def choice_lines(choices: Sequence[tuple[str, str]], layout: ChoiceLayout) -> list[Text]:
    """The page of ``layout``, a line per row: each choice's number (cyan), notation
    (bold) and words (grey), the columns padded to one width, no trailing spaces."""
    if not layout.rows:
        return []
    number, notation, words = _widths(choices, layout.notes)
    lines = []
    for row in layout.grid():
        line = Text()
        for k, i in enumerate(row):
            if i is None:
                break
            nota, note = choices[i]
            if k:
                line.append(" " * GAP)
            line.append(f"{i + 1:>{number}}", "bold cyan")
            line.append(" ")
            line.append(nota, "bold")
            line.append(" " * (notation - cell_len(nota)))
            if layout.notes and words:
                line.append(" ")
                line.append(note, "grey70")
                line.append(" " * (words - cell_len(note)))
        line.rstrip()
        lines.append(line)
    return lines
