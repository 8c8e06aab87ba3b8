"""The cross-shaped board laid out as a grid of cells, in plain text (RULES.md §2).

What every picture of a position needs, with no colours and no dependency:
which pawn or mark is in which cell, and what the corners and the centre
say. The terminal (``pachisi.terminal.board``) styles these cells with rich;
the environments' text render and their pictures (``pachisi.rl``) draw them
as they are.

The grid is 19 x 19 cells in the coordinates of RULES.md §2.1, ``x`` to the
east and ``y`` to the north, both from -9 to 9, Red's arm at the bottom. The
ring and the private paths are the arms' cells (:func:`pachisi.board.square_cell`);
the 3 x 3 centre shows the pawns Home/HOME on the side of each arm; each of
the four 8 x 8 corners between the arms belongs to the colour whose entry it
touches and holds that colour's player, nest (or cut pawns) and Home count.
In text each cell is three characters (:data:`CELL`).

Each cell and corner line is a tuple of :class:`Glyph` s: text with a *role*
(``"dot"``, ``"fill"``, ``"name"``, ...) and the colour it is about, so that a
front end can style it without knowing the rules of what goes where.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> d = diagram(pos, (5, 5), pos.turn((5, 5)).legal_steps()[:1])
>>> d.pawns[0]
(0, 0, 0, 1)
>>> cell = d.cells[(1, -5)]
>>> cell.square, cell.ground, cell.entry, cell.text, cell.pawns, cell.marked
(5, 'safe', 'red', ' R ', ((0, 1),), True)
>>> print(d.text().splitlines()[14].rstrip())
                         ◆  ·  R   nest ● ● ●
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .board import (
    N_RING,
    OFF,
    ROUTES,
    SAFETY_SQUARES,
    X_SQUARES,
    is_ring,
    private_square,
    square_cell,
)
from .describe import LETTER
from .dice import Throw
from .moves import OPTION, PENALTY, Action, Turn
from .position import Position

__all__ = [
    "CELL",
    "CENTRE_OF",
    "CORNER_CELLS",
    "CORNER_OF",
    "SIZE",
    "Cell",
    "Corner",
    "Diagram",
    "Glyph",
    "cell_of",
    "diagram",
    "pawns_after",
    "pending_bonuses",
    "text_width",
]

#: Characters per cell in text.
CELL = 3
#: Cells on a side of the board; x and y run from -(SIZE // 2) to SIZE // 2.
SIZE = 19
#: Cells on a side of a corner (between two arms).
CORNER_CELLS = 8
#: Each corner quadrant (sign of x, sign of y) holds the colour of the arm whose
#: entry it touches: Red's south arm enters on its east column.
CORNER_OF = {(1, -1): 0, (1, 1): 1, (-1, 1): 2, (-1, -1): 3}
#: The centre cell facing each arm shows that colour's pawns Home.
CENTRE_OF = {(0, -1): 0, (1, 0): 1, (0, 1): 2, (-1, 0): 3}


@dataclass(frozen=True)
class Glyph:
    """A piece of text and what it shows.

    Roles in cells: ``"dot"`` (an empty square), ``"safe"`` (a safety space's
    diamond), ``"entry"`` (the diamond of ``colour``'s entry), ``"xmark"`` and
    ``"xmark_safe"`` (Pagade's X-squares, protecting or not), ``"single"`` (one
    pawn of ``colour``), ``"own"`` (one pawn on its own colour's tinted path),
    ``"fill"`` (two or more pawns of ``colour``), ``"plus"`` (between the two
    colours of a mixed blockade), ``"home"`` (the centre's sign), ``"blank"``.
    In corners: ``"bold"``, ``"name"`` (in ``colour``), ``"dim"``, ``"text"``,
    ``"done"`` (finished or won), ``"plain"``.
    """

    text: str
    role: str
    colour: str | None = None


@dataclass(frozen=True)
class Cell:
    """One cell of the arms or the centre.

    ``square`` is the board square (None in the centre); ``ground`` is
    ``"ring"``, ``"safe"`` (a safety space), ``"path"`` (a private square:
    home path or belly, of colour ``tint``) or ``"centre"`` (``tint``: the
    colour whose pawns Home it shows, or None); ``pawns`` lists (colour
    index, progress) of the pawns on it; ``marked``: a square of the steps
    shown; ``xmark``: a Pagade X-square; ``entry``: the colour whose entry
    this safety space is; ``home``: the centre cell's count of pawns Home.
    """

    x: int
    y: int
    square: int | None
    ground: str
    tint: str | None
    pawns: tuple[tuple[int, int], ...]
    marked: bool
    glyphs: tuple[Glyph, ...]
    xmark: bool = False
    entry: str | None = None
    home: int = 0

    @property
    def text(self) -> str:
        """The cell's :data:`CELL` characters."""
        return "".join(g.text for g in self.glyphs)


@dataclass(frozen=True)
class Corner:
    """The corner of colour ``colour`` (index; ``name`` its name), played by ``player``.

    ``nest``: pawns in the nest (cut pawns in Pagade); ``home`` of ``need``
    pawns Home/HOME; ``to_move``: its player is to move; ``lines``: the text
    of the corner, a tuple of glyphs per line from the top.
    """

    colour: int
    name: str
    player: int
    nest: int
    home: int
    need: int
    to_move: bool
    lines: tuple[tuple[Glyph, ...], ...]


@dataclass(frozen=True)
class CornerLine:
    """Line ``index`` of a corner (``glyphs`` empty past its last line or with no
    player), :data:`CORNER_CELLS` cells wide."""

    quadrant: tuple[int, int]
    index: int
    glyphs: tuple[Glyph, ...]

    @property
    def text(self) -> str:
        """The line, cut to one character less than the corner and padded to it."""
        return _fit("".join(g.text for g in self.glyphs), CORNER_CELLS * CELL)


@dataclass(frozen=True)
class Diagram:
    """A position drawn on the grid (see the module docstring and :func:`diagram`)."""

    position: Position
    pawns: tuple[tuple[int, ...], ...]
    cells: dict[tuple[int, int], Cell]
    corners: dict[tuple[int, int], Corner | None]
    cut: tuple[bool, ...] | None = field(default=None)

    def rows(self) -> list[list[Cell | CornerLine]]:
        """The grid from the top (y = 9) row by row, west to east: cells, and a corner's
        line where a row crosses a corner."""
        half = SIZE // 2
        out: list[list[Cell | CornerLine]] = []
        for y in range(half, -half - 1, -1):
            row: list[Cell | CornerLine] = []
            x = -half
            while x <= half:
                if abs(x) >= 2 and abs(y) >= 2:
                    quad = (1 if x > 0 else -1, 1 if y > 0 else -1)
                    corner = self.corners[quad]
                    k = (half - y) - 1 if y > 0 else (-2 - y) - 1
                    lines = corner.lines if corner is not None else ()
                    row.append(CornerLine(quad, k, lines[k] if 0 <= k < len(lines) else ()))
                    x += CORNER_CELLS
                    continue
                row.append(self.cells[(x, y)])
                x += 1
            out.append(row)
        return out

    def text(self) -> str:
        """The board in plain text: 19 lines of 57 characters."""
        return "\n".join("".join(piece.text for piece in row) for row in self.rows())


def text_width(text: str) -> int:
    """The cells ``text`` takes in a terminal (wide East Asian characters two, combining
    marks none)."""
    width = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def _fit(text: str, width: int) -> str:
    """``text`` cut to ``width - 1`` cells and padded with spaces to ``width``."""
    out = ""
    used = 0
    for ch in text:
        w = text_width(ch)
        if used + w > width - 1:
            break
        out += ch
        used += w
    return out + " " * (width - used)


@lru_cache(maxsize=16)
def _after(
    position: Position, throw: Throw | None, steps: tuple[Action, ...]
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]] | None:
    """The pawns and the pending bonuses after ``steps`` of ``throw`` (the engine's Turn),
    or None when nothing was played. Cached: a screen asks several times, and a Turn of a
    doublet with many pawns out costs a noticeable fraction of a second."""
    if throw is None or not steps or position.is_over:
        return None
    turn = Turn(position, throw)
    for step in steps:
        turn.push(step)
    return turn.current_pawns, turn.pending_bonuses


def pawns_after(
    position: Position, throw: Throw | None, steps: Sequence[Action]
) -> tuple[tuple[int, ...], ...]:
    """The pawns (by colour) after the mover's ``steps`` of ``throw``: the engine's
    :attr:`pachisi.Turn.current_pawns`. Used to draw a throw half played."""
    after = _after(position, throw, tuple(steps))
    return position.pawns if after is None else after[0]


def pending_bonuses(position: Position, throw: Throw | None, steps: Sequence[Action]) -> list[int]:
    """The bonuses earned and not yet taken (RULES.md §5.7), largest first: the
    engine's :attr:`pachisi.Turn.pending_bonuses` (a bonus no pawn could take is
    lost, not pending)."""
    after = _after(position, throw, tuple(steps))
    return [] if after is None else list(after[1])


def cell_of(position: Position, square: int, here: Sequence[tuple[int, int]], marked: bool) -> Cell:
    """The cell of ``square`` with the pawns ``here`` ((colour, progress) pairs) on it."""
    setup = position.setup
    names = setup.colour_names
    pagade = setup.ruleset == "pagade"
    x, y = square_cell(square)
    tint: str | None = None
    if is_ring(square):
        safe = not pagade and square in SAFETY_SQUARES
        ground = "safe" if safe else "ring"
    else:
        tint = names[(square - N_RING) // 8]
        safe = False
        ground = "path"
    xmark = pagade and square in X_SQUARES
    entry = names[square // 17] if safe and square % 17 == 5 else None
    pawns = tuple(sorted(here))

    def make(*glyphs: Glyph) -> Cell:
        return Cell(x, y, square, ground, tint, pawns, marked, glyphs, xmark, entry)

    if not here:
        if xmark:
            xsafe = bool(setup.option("safe_x_squares"))
            return make(Glyph(" ╳ ", "xmark_safe" if xsafe else "xmark"))
        if safe:
            return make(Glyph(" ◆ ", "entry", entry) if entry else Glyph(" ◆ ", "safe"))
        return make(Glyph(" · ", "dot"))
    colours = sorted({c for c, _ in here})
    if len(colours) == 1:
        c = colours[0]
        letter = LETTER[names[c]]
        outward = sum(1 for _, p in here if not (pagade and p >= 77))
        homeward = len(here) - outward
        text = ""
        if outward:
            text += letter + (str(outward) if outward > 1 else "")
        if homeward:
            text += letter.lower() + (str(homeward) if homeward > 1 else "")
        if len(text) > CELL:
            text = f"{letter}{len(here)}"
        if len(here) > 1:
            role = "fill"
        elif not is_ring(square) and (square - N_RING) // 8 == c and not marked:
            role = "own"  # on its own tinted path
        else:
            role = "single"
        return make(Glyph(text.center(CELL), role, names[c]))
    # Two friendly colours on one space (a mixed blockade).
    a, b = names[colours[0]], names[colours[1]]
    return make(Glyph(LETTER[a], "fill", a), Glyph("+", "plus"), Glyph(LETTER[b], "fill", b))


def _centre_cell(position: Position, pawns: Sequence[Sequence[int]], x: int, y: int) -> Cell:
    setup = position.setup
    if (x, y) == (0, 0):
        return Cell(x, y, None, "centre", None, (), False, (Glyph(" ⌂ ", "home"),))
    colour = CENTRE_OF.get((x, y))
    if colour is None or colour not in setup.colours_in_play:
        return Cell(x, y, None, "centre", None, (), False, (Glyph("   ", "blank"),))
    name = setup.colour_names[colour]
    n = sum(1 for p in pawns[colour] if p == setup.home)
    glyph = Glyph(f"{LETTER[name]}{n}".center(CELL), "fill" if n else "single", name)
    return Cell(x, y, None, "centre", name, (), False, (glyph,), home=n)


def _corner(
    position: Position,
    pawns: Sequence[Sequence[int]],
    cut: Sequence[bool] | None,
    colour: int,
    players: Sequence[str],
    show_turn: bool,
) -> Corner | None:
    setup = position.setup
    names = setup.colour_names
    name = names[colour]
    owner = setup.owner[colour]
    if owner is None:
        return None
    pagade = setup.ruleset == "pagade"
    ps = pawns[colour]
    at_home = sum(1 for p in ps if p == setup.home)
    off = sum(1 for p in ps if p == 0)
    turn = show_turn and position.to_move == owner and not position.is_over
    head = [Glyph("▶ " if turn else "  ", "bold"), Glyph(name.upper(), "name", name)]
    if setup.majors is not None:
        head.append(Glyph(" major" if setup.majors[owner] == colour else " minor", "dim"))
    need = 4
    if setup.majors is not None:
        need = 4 if setup.majors[owner] == colour else 3
    nest = (
        Glyph("  ", "plain"),
        Glyph("cut " if pagade else "nest ", "dim"),
        Glyph("● " * off, "name", name) if off else Glyph("–", "dim"),
    )
    done = (
        Glyph("  ", "plain"),
        Glyph("Home " if pagade else "HOME ", "dim"),
        Glyph(f"{at_home}/{need}", "bold" if at_home else "dim"),
    )
    status = [Glyph("  ", "plain")]
    if owner in position.finished:
        place = position.finished.index(owner) + 1
        won = position.winner is not None and owner in position.winner
        status.append(Glyph("★ winner" if won else f"✓ finished ({place})", "done"))
    elif pagade and cut is not None:
        status.append(Glyph("has cut ✓" if cut[owner] else "has not cut", "dim"))
    player = players[owner] if owner < len(players) else f"player {owner}"
    lines = (tuple(head), (Glyph("  " + player, "text"),), nest, done, tuple(status))
    return Corner(colour, name, owner, off, at_home, need, turn, lines)


def diagram(
    position: Position,
    throw: Throw | None = None,
    steps: Sequence[Action] = (),
    highlight: Sequence[Action] | None = None,
    players: Sequence[str] | None = None,
    show_turn: bool = True,
) -> Diagram:
    """``position`` on the grid with the mover's ``steps`` of ``throw`` made.

    The squares of ``highlight`` (by default ``steps``) are marked; ``players``
    names the players in the corners (``player 0``, ... by default); with
    ``show_turn`` the corner of the player to move is marked ``▶``.
    """
    setup = position.setup
    routes = ROUTES[setup.ruleset]
    pawns = pawns_after(position, throw, steps)
    cut: tuple[bool, ...] | None = position.cut
    if cut is not None and any(a.capture for a in steps):
        cut = tuple(True if i == position.to_move else f for i, f in enumerate(cut))
    names = list(players) if players is not None else []
    names += [f"player {i}" for i in range(len(names), len(setup.players))]

    occupants: dict[int, list[tuple[int, int]]] = {}
    for c in setup.colours_in_play:
        for p in pawns[c]:
            s = routes[c][p]
            if s != OFF:
                occupants.setdefault(s, []).append((c, p))
    marked: set[int] = set()
    for act in steps if highlight is None else highlight:
        if act.kind in (OPTION, PENALTY):
            continue
        for p in (act.frm, act.to):
            s = routes[act.colour][p]
            if s != OFF:
                marked.add(s)
    squares = list(range(N_RING))
    squares += [private_square(arm, row) for arm in range(4) for row in range(1, 8)]
    cells: dict[tuple[int, int], Cell] = {}
    for s in squares:
        made = cell_of(position, s, occupants.get(s, []), s in marked)
        cells[(made.x, made.y)] = made
    for x in (-1, 0, 1):
        for y in (-1, 0, 1):
            cells[(x, y)] = _centre_cell(position, pawns, x, y)
    corners = {
        quad: _corner(position, pawns, cut, colour, names, show_turn)
        for quad, colour in CORNER_OF.items()
    }
    return Diagram(position, pawns, cells, corners, cut)
