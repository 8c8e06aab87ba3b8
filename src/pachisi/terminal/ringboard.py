"""The boards of Ludo and Mensch ärgere Dich nicht as grids of cells (RULES-LUDO.md §9.1, §10.1).

Where each square is drawn is the core's data (:mod:`pachisi._ludo_board`'s
``LUDO_RING_CELLS``, ``LUDO_HOME_COLUMN_CELLS``, ``MAEDN_RING_CELLS``, ...): Ludo's
cross of 15 x 15 cells with its 52-square ring, home columns, 3 x 3 Home and 6 x 6
yards; MADN's 11 x 11 cross with its 40 fields, goal fields and 4 x 4 corners.
:class:`BoardLayout` reads a square's cell from it by a pawn's progress; this module
puts the pawns and marks of a position into those cells, as
:class:`pachisi.diagram.Cell` s, and writes each yard corner's lines (the colour, its
player, the pawns in the yard and at the end); :mod:`pachisi.terminal.board` styles
them as it styles the cross.

>>> from pachisi import Position
>>> pos = Position.start("maedn", players=2)
>>> rows = ring_rows(pos)
>>> len(rows), sum(3 if isinstance(p, Cell) else p.width for p in rows[0])
(11, 33)
>>> for y in (7, 10):  # red's yard corner beside the south arm; its start field ○
...     print("".join(p.text for p in rows[y]).rstrip())
▶ RED        ·     ·
 goal 0/4    ○  ·  ·
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .._ludo_board import (
    LUDO,
    LUDO_GRID,
    LUDO_HOME_COLUMN_CELLS,
    LUDO_RING_CELLS,
    LUDO_SAFE,
    LUDO_YARD_CELLS,
    LUDOPY_GLOBES,
    LUDOPY_NEXT_STAR,
    MAEDN,
    MAEDN_GOAL_CELLS,
    MAEDN_GRID,
    MAEDN_RING_CELLS,
    MAEDN_YARD_CELLS,
    Ring,
)
from ..describe import LETTER
from ..diagram import CELL, Cell, Glyph, pawns_after
from ..dice import Throw
from ..moves import Action
from ..position import Position
from .words import say

__all__ = ["LAYOUTS", "BoardLayout", "YardLine", "board_cells", "layout_of", "ring_rows"]

XY = tuple[int, int]


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


@dataclass(frozen=True)
class BoardLayout:
    """A one-die board on its grid (:mod:`pachisi._ludo_board`'s cells): ``size`` x
    ``size`` cells, column x from the west, row y from the top.

    ``ring_cells`` are the ring squares' cells (q = 0, 1, ...), ``private`` each arm's
    home column or goal fields (progress ``last + 1``, ...), ``yards`` the places of each
    arm's yard pawns; ``home``: whether the route ends in a Home in the centre (Ludo).
    """

    size: int
    board: Ring
    ring_cells: tuple[XY, ...]
    private: tuple[tuple[XY, ...], ...]
    yards: tuple[tuple[XY, ...], ...]
    home: bool

    def ring_cell(self, q: int) -> XY:
        """The cell of ring square ``q``."""
        return self.ring_cells[q % self.board.size]

    def cell(self, arm: int, p: int) -> XY | None:
        """The cell of a pawn of ``arm`` at progress ``p``: None in the yard (0); Ludo's
        Home is :meth:`home_cell`."""
        if p <= 0:
            return None
        if p <= self.board.last:
            return self.ring_cell(self.board.square(arm, p))
        k = p - self.board.last - 1
        if k < len(self.private[arm]):
            return self.private[arm][k]
        return self.home_cell(arm)

    def home_cell(self, arm: int) -> XY | None:
        """Ludo: the centre cell that shows ``arm``'s pawns Home, next to the end of its
        home column (None in MADN)."""
        if not self.home:
            return None
        (x, y), mid = self.private[arm][-1], self.size // 2
        return x + _sign(mid - x), y + _sign(mid - y)

    @property
    def side(self) -> int:
        """The cells on a side of a corner between two arms (arms are three wide)."""
        return (self.size - 3) // 2

    def corner(self, arm: int) -> XY:
        """The top-left cell of ``arm``'s corner, the one that holds its yard."""
        x, y = self.yards[arm][0]
        far = self.size - self.side
        return (0 if x < self.side else far), (0 if y < self.side else far)


#: The boards of ``ludo`` and ``maedn``.
LAYOUTS: dict[str, BoardLayout] = {
    "ludo": BoardLayout(
        LUDO_GRID, LUDO, LUDO_RING_CELLS, LUDO_HOME_COLUMN_CELLS, LUDO_YARD_CELLS, True
    ),
    "maedn": BoardLayout(
        MAEDN_GRID, MAEDN, MAEDN_RING_CELLS, MAEDN_GOAL_CELLS, MAEDN_YARD_CELLS, False
    ),
}


@dataclass(frozen=True)
class YardLine:
    """One row of a yard corner: its glyphs, ``width`` characters wide (cut and padded by
    the styling)."""

    glyphs: tuple[Glyph, ...]
    width: int

    @property
    def text(self) -> str:
        """The line's text, cut to one character less than the corner and padded."""
        text = "".join(g.text for g in self.glyphs)[: self.width - 1]
        return text + " " * (self.width - len(text))


def layout_of(ruleset: str) -> BoardLayout:
    """The board layout of a one-die ruleset (``ludo`` or ``maedn``)."""
    return LAYOUTS[ruleset]


def _marks(position: Position) -> dict[int, str]:
    """The marked ring squares by their place in an arm's sector (1 = the entry square;
    the same in every sector: L.1.4) and their role: "safe", "star" or "globe"."""
    if position.ruleset != "ludo":
        return {}
    board = str(position.setup.option("board"))
    step = LUDO.step
    if board == "ludopy":
        stars = {*LUDOPY_NEXT_STAR, *LUDOPY_NEXT_STAR.values()}
        marks = {(p - 1) % step + 1: "star" for p in stars}
        marks.update({(p - 1) % step + 1: "globe" for p in LUDOPY_GLOBES})
        return marks
    return {(p - 1) % step + 1: "safe" for p in LUDO_SAFE[board] if (p - 1) % step}


def board_cells(
    position: Position,
    pawns: Sequence[Sequence[int]],
    marked: Sequence[tuple[int, int]] = (),
) -> dict[tuple[int, int], Cell]:
    """Every cell of the board (ring, private squares, centre) with the ``pawns`` on it;
    ``marked`` lists (colour, progress) squares to highlight."""
    setup = position.setup
    names = setup.colour_names
    layout = layout_of(position.ruleset)
    ring = layout.board
    here: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for c in setup.colours_in_play:
        for p in pawns[c]:
            cell = layout.cell(c, p)
            if cell is not None:
                here.setdefault(cell, []).append((c, p))
    lit = set()
    for c, p in marked:
        cell = layout.cell(c, p)
        if cell is not None:
            lit.add(cell)
    marks = _marks(position)
    out: dict[tuple[int, int], Cell] = {}

    def put(xy: tuple[int, int], ground: str, tint: str | None, empty: Glyph, square: int) -> None:
        on = tuple(sorted(here.get(xy, [])))
        glyphs = (empty,) if not on else _pawn_glyphs(on, names, ground, tint)
        out[xy] = Cell(xy[0], xy[1], square, ground, tint, on, xy in lit, glyphs)

    for q in range(ring.size):
        xy = layout.ring_cell(q)
        arm, k = divmod(q, ring.step)
        if k == 0:  # an entry square (start field): the colour's own
            name = names[arm]
            safe = "safe" in marks.values()
            put(xy, "path", name, Glyph(" ◆ " if safe else " ○ ", "entry", name), q)
            continue
        role = marks.get(k + 1)
        if role == "safe":
            put(xy, "safe", None, Glyph(" ◆ ", "safe"), q)
        elif role == "star":
            put(xy, "ring", None, Glyph(" ★ ", "safe"), q)
        elif role == "globe":
            put(xy, "ring", None, Glyph(" ◎ ", "safe"), q)
        else:
            put(xy, "ring", None, Glyph(" · ", "dot"), q)
    for arm in range(4):
        for k, xy in enumerate(layout.private[arm]):
            put(xy, "path", names[arm], Glyph("   ", "blank"), ring.last + 1 + k)
    # The centre: Ludo's Home (each colour's pawns Home on the side of its home column).
    if layout.home:
        for arm in setup.colours_in_play:
            home = layout.home_cell(arm)
            assert home is not None
            x, y = home
            name = names[arm]
            n = sum(1 for p in pawns[arm] if p == ring.end)
            glyph = Glyph(f"{LETTER[name]}{n}".center(CELL), "fill" if n else "single", name)
            out[(x, y)] = Cell(x, y, None, "centre", name, (), (x, y) in lit, (glyph,), home=n)
        mid = layout.size // 2
        out[(mid, mid)] = Cell(mid, mid, None, "centre", None, (), False, (Glyph(" ⌂ ", "home"),))
    return out


def _pawn_glyphs(
    on: Sequence[tuple[int, int]], names: Sequence[str], ground: str, tint: str | None
) -> tuple[Glyph, ...]:
    colours = sorted({c for c, _ in on})
    if len(colours) == 1:
        name = names[colours[0]]
        n = len(on)
        text = LETTER[name] + (str(n) if n > 1 else "")
        role = "fill" if n > 1 else ("own" if ground == "path" and tint == name else "single")
        return (Glyph(text.center(CELL), role, name),)
    if len(colours) == 2:
        a, b = names[colours[0]], names[colours[1]]
        return (Glyph(LETTER[a], "fill", a), Glyph("+", "plus"), Glyph(LETTER[b], "fill", b))
    return tuple(Glyph(LETTER[names[c]], "single", names[c]) for c in colours[:3])


def _corner_lines(
    position: Position,
    pawns: Sequence[Sequence[int]],
    arm: int,
    players: Sequence[str],
    show_turn: bool,
    lang: str,
) -> list[tuple[Glyph, ...]]:
    """The lines of ``arm``'s yard corner: its colour, player, yard and finished pawns."""
    setup = position.setup
    owner = setup.owner[arm]
    if owner is None:
        return []
    name = setup.colour_names[arm]
    ring = layout_of(position.ruleset).board
    ps = pawns[arm]
    yard = sum(1 for p in ps if p == 0)
    done = (
        sum(1 for p in ps if p > ring.last) if position.ruleset == "maedn" else ps.count(ring.end)
    )
    turn = show_turn and position.to_move == owner and not position.is_over
    lines: list[tuple[Glyph, ...]] = [
        (Glyph("▶ " if turn else "  ", "bold"), Glyph(name.upper(), "name", name)),
        (Glyph(" " + (players[owner] if owner < len(players) else f"player {owner}"), "text"),),
        (
            Glyph(" " + say(lang, "corner.yard"), "dim"),
            Glyph("●" * yard, "name", name) if yard else Glyph("–", "dim"),
        ),
    ]
    key = "corner.goal" if position.ruleset == "maedn" else "corner.Home"
    lines.append(
        (Glyph(" " + say(lang, key), "dim"), Glyph(f"{done}/4", "bold" if done else "dim"))
    )
    if position.winner is not None and owner in position.winner:
        lines.append((Glyph(" " + say(lang, "corner.winner"), "done"),))
    return lines


def ring_rows(
    position: Position,
    throw: Throw | None = None,
    steps: Sequence[Action] = (),
    highlight: Sequence[Action] | None = None,
    players: Sequence[str] | None = None,
    show_turn: bool = True,
    lang: str = "en",
) -> list[list[Cell | YardLine]]:
    """``position`` on its board with the mover's ``steps`` of ``throw`` made, row by row
    from the top: cells, and a yard corner's line where a row crosses a corner."""
    setup = position.setup
    layout = layout_of(position.ruleset)
    pawns = pawns_after(position, throw, steps)
    marked: list[tuple[int, int]] = []
    for act in steps if highlight is None else highlight:
        marked += [(act.colour, act.frm), (act.colour, act.to)]
    cells = board_cells(position, pawns, marked)
    names = list(players) if players is not None else []
    names += [f"player {i}" for i in range(len(names), len(setup.players))]
    side = layout.side
    # Each yard corner by its top-left cell: its lines, from the top.
    corners = {
        layout.corner(arm): _corner_lines(position, pawns, arm, names, show_turn, lang)
        for arm in range(4)
    }
    blank = (Glyph("   ", "blank"),)
    rows: list[list[Cell | YardLine]] = []
    for y in range(layout.size):
        row: list[Cell | YardLine] = []
        x = 0
        while x < layout.size:
            top = next((cy for (cx, cy) in corners if cx == x and cy <= y < cy + side), None)
            if top is not None:
                lines = corners[(x, top)]
                k = y - top
                row.append(YardLine(lines[k] if k < len(lines) else (), side * CELL))
                x += side
                continue
            cell = cells.get((x, y))
            row.append(cell or Cell(x, y, None, "centre", None, (), False, blank))
            x += 1
        rows.append(row)
    return rows
