"""Pictures of a position for the environments: an SVG document and an RGB array.

Both are drawn from the geometry of :mod:`pachisi.diagram` as one list of
shapes (:func:`shapes`: filled rectangles and discs), which :func:`svg`
writes as SVG elements and :func:`rgb_array` paints into a numpy
``uint8`` array of shape ``(height, width, 3)``, so the two are the same
picture. It shows the 19 x 19 cells of the board (``unit`` pixels each):
ring squares, safety spaces (grey; an entry in its colour's shade), the
home paths or bellies tinted in their colour, Pagade's X-squares (a dark
dot), the squares of the steps made (violet), the pawns as discs in their
colours (several on a square side by side; a Pagade pawn on its way Home
with a white centre), the pawns Home as discs in the centre on their arm's
side, each colour's corner with the pawns in its nest (a dark frame around
the corners of the player to move), and under the board the mover's
colours and the throw as two dice with pips. The SVG is written with the
standard library alone, the array painted with numpy. Ludo's and MADN's
boards are other shapes (:mod:`pachisi.rl.ring`) painted and written the same
way: :func:`rgb_array` and :func:`svg` choose by the position's ruleset.

>>> from pachisi import Position
>>> pos = Position.start("parcheesi", players=2)
>>> rgb_array(pos, (5, 2)).shape, rgb_array(pos, None, unit=8).shape
((352, 304, 3), (176, 152, 3))
>>> svg(pos, (5, 2)).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape

from ..diagram import CORNER_CELLS, CORNER_OF, SIZE, Cell, diagram
from ..moves import Action
from ..position import Position
from ..rules import ONE_DIE_RULESETS, RULESET_TITLES

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "COLOURS",
    "Disc",
    "Rect",
    "die",
    "discs",
    "mix",
    "paint",
    "rgb_array",
    "shapes",
    "size",
    "svg",
    "tint",
]

RGB = tuple[int, int, int]

#: The colours of the pawns, by colour name.
COLOURS: dict[str, RGB] = {
    "red": (205, 35, 35),
    "blue": (30, 90, 210),
    "yellow": (235, 190, 20),
    "green": (30, 145, 60),
    "black": (25, 25, 25),
}
_BACKGROUND: RGB = (238, 228, 205)
_GRID: RGB = (120, 110, 95)
_RING: RGB = (250, 246, 235)
_SAFE: RGB = (185, 185, 185)
_CENTRE: RGB = (70, 60, 55)
_MARKED: RGB = (190, 150, 225)
_DARK: RGB = (30, 30, 30)
_WHITE: RGB = (255, 255, 255)
_NEST: RGB = (225, 215, 190)
#: Rows of cells under the board for the mover and the throw.
_STRIP = 3
#: The grounds by name, for the one-die boards (:mod:`pachisi.rl.ring`).
BACKGROUND, GRID, RING, SAFE, CENTRE, MARKED, DARK = (
    _BACKGROUND,
    _GRID,
    _RING,
    _SAFE,
    _CENTRE,
    _MARKED,
    _DARK,
)


@dataclass(frozen=True)
class Rect:
    """A filled rectangle: left, top, width and height in pixels."""

    x: int
    y: int
    w: int
    h: int
    fill: RGB


@dataclass(frozen=True)
class Disc:
    """A filled disc: centre and radius in pixels."""

    cx: float
    cy: float
    r: float
    fill: RGB


def _mix(colour: RGB, other: RGB, share: float) -> RGB:
    """``colour`` with ``share`` of ``other`` mixed in."""
    return (
        round(colour[0] * (1 - share) + other[0] * share),
        round(colour[1] * (1 - share) + other[1] * share),
        round(colour[2] * (1 - share) + other[2] * share),
    )


def _tint(name: str) -> RGB:
    """A colour's path: its colour, lightened."""
    return _mix(COLOURS[name], _WHITE, 0.55)


def mix(colour: RGB, other: RGB, share: float) -> RGB:
    """``colour`` with ``share`` of ``other`` mixed in."""
    return _mix(colour, other, share)


def tint(name: str) -> RGB:
    """The colour ``name``'s path: its colour, lightened."""
    return _tint(name)


def discs(cx: float, cy: float, unit: int, colours: Sequence[RGB]) -> list[Disc]:
    """Discs of ``colours`` around (cx, cy) in one cell of ``unit`` pixels, dark-edged."""
    return _discs(cx, cy, unit, colours)


def die(left: int, top: int, side: int, value: int) -> list[Rect | Disc]:
    """A die showing ``value`` (1..6) as a white square of ``side`` pixels with pips."""
    out: list[Rect | Disc] = [
        Rect(left, top, side, side, _DARK),
        Rect(left + 1, top + 1, side - 2, side - 2, _WHITE),
    ]
    for col, row in _PIPS.get(value, []):
        out.append(Disc(left + side * (col + 1) / 4, top + side * (row + 1) / 4, side / 10, _DARK))
    return out


def size(unit: int = 16) -> tuple[int, int]:
    """The picture's (width, height) in pixels for ``unit`` pixels a cell."""
    return SIZE * unit, (SIZE + _STRIP) * unit


def _discs(
    cx: float, cy: float, unit: int, colours: Sequence[RGB], rings: Sequence[bool] = ()
) -> list[Disc]:
    """Discs of ``colours`` around (cx, cy) in one cell: one large, two side by side, up
    to four in a square, more in a 3 x 3 grid; dark-edged; ``rings``: a white centre."""
    n = len(colours)
    if not n:
        return []
    if n == 1:
        spots, r = [(0.0, 0.0)], 0.36
    elif n == 2:
        spots, r = [(-0.22, 0.0), (0.22, 0.0)], 0.2
    elif n <= 4:
        spots, r = [(-0.22, -0.22), (0.22, -0.22), (-0.22, 0.22), (0.22, 0.22)], 0.19
    else:
        spots, r = [(dx * 0.3, dy * 0.3) for dy in (-1, 0, 1) for dx in (-1, 0, 1)], 0.14
    out: list[Disc] = []
    for k, colour in enumerate(colours[: len(spots)]):
        x, y = cx + spots[k][0] * unit, cy + spots[k][1] * unit
        out.append(Disc(x, y, r * unit, _DARK))
        out.append(Disc(x, y, r * unit - max(1.0, unit / 16), colour))
        if k < len(rings) and rings[k]:
            out.append(Disc(x, y, r * unit / 3, _WHITE))
    return out


def _cell_shapes(cell: Cell, unit: int, pagade: bool, names: Sequence[str]) -> list[Rect | Disc]:
    left, top = (cell.x + SIZE // 2) * unit, (SIZE // 2 - cell.y) * unit
    if cell.ground == "centre":
        out: list[Rect | Disc] = [Rect(left, top, unit, unit, _CENTRE)]
        if cell.tint is not None and cell.home:
            colours = [COLOURS[cell.tint]] * cell.home
            out += _discs(left + unit / 2, top + unit / 2, unit, colours)
        return out
    if cell.marked:
        fill = _MARKED
    elif cell.ground == "path" and cell.tint is not None:
        fill = _tint(cell.tint)
    elif cell.entry is not None:
        fill = _mix(_tint(cell.entry), _SAFE, 0.4)
    elif cell.ground == "safe":
        fill = _SAFE
    else:
        fill = _RING
    out = [Rect(left, top, unit, unit, _GRID), Rect(left + 1, top + 1, unit - 1, unit - 1, fill)]
    if cell.xmark and not cell.pawns:
        out.append(Disc(left + unit / 2, top + unit / 2, unit / 7, _DARK))
    colours = [COLOURS[names[c]] for c, _ in cell.pawns]
    homeward = [pagade and p >= 77 for _, p in cell.pawns]
    out += _discs(left + unit / 2, top + unit / 2, unit, colours, homeward)
    return out


#: Pips of a die's faces 1..6 on a 3 x 3 grid (column, row).
_PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def shapes(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = (), unit: int = 16
) -> list[Rect | Disc]:
    """The picture as shapes in painting order (see the module docstring)."""
    if unit < 4:
        raise ValueError(f"unit must be at least 4 pixels, not {unit}")
    setup = position.setup
    names = setup.colour_names
    th = (throw[0], throw[1]) if throw is not None else None
    d = diagram(position, th, tuple(steps))
    width, height = size(unit)
    out: list[Rect | Disc] = [Rect(0, 0, width, height, _BACKGROUND)]
    half = SIZE // 2
    for (qx, qy), colour in CORNER_OF.items():
        corner = d.corners[(qx, qy)]
        left = 0 if qx < 0 else (half + 2) * unit
        top = 0 if qy > 0 else (half + 2) * unit
        side = CORNER_CELLS * unit
        if corner is None:
            continue
        if corner.to_move:
            out.append(Rect(left, top, side, side, _DARK))
            out.append(Rect(left + 3, top + 3, side - 6, side - 6, _NEST))
        else:
            out.append(Rect(left + 1, top + 1, side - 2, side - 2, _NEST))
        # The nest: a tinted square in the middle of the corner, its pawns in it.
        out.append(Rect(left + 2 * unit, top + 2 * unit, 4 * unit, 4 * unit, _tint(names[colour])))
        spots = [(3, 3), (5, 3), (3, 5), (5, 5)]
        for sx, sy in spots[: min(corner.nest, 4)]:
            out += _discs(left + sx * unit, top + sy * unit, unit * 2, [COLOURS[names[colour]]])
    pagade = setup.ruleset == "pagade"
    for cell in d.cells.values():
        out += _cell_shapes(cell, unit, pagade, names)
    # Under the board: the mover's colours, then the throw.
    top = SIZE * unit + unit // 2
    mover = [] if position.is_over else list(setup.players[position.to_move])
    for k, c in enumerate(mover):
        out += _discs((k + 1) * unit * 1.5, top + unit, unit * 2, [COLOURS[names[c]]])
    if th is not None:
        side = 2 * unit
        for k, value in enumerate(th):
            out += die(4 * unit + k * (side + unit), top, side, value)
    return out


def paint(
    picture: Sequence[Rect | Disc], width: int, height: int
) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """Shapes painted in order into a black ``(height, width, 3)`` ``uint8`` array; a pixel
    is in a disc when its centre is."""
    import numpy as np

    image = np.zeros((height, width, 3), dtype=np.uint8)
    for shape in picture:
        if isinstance(shape, Rect):
            image[shape.y : shape.y + shape.h, shape.x : shape.x + shape.w] = shape.fill
            continue
        x0, x1 = max(0, int(shape.cx - shape.r)), min(width, int(shape.cx + shape.r) + 1)
        y0, y1 = max(0, int(shape.cy - shape.r)), min(height, int(shape.cy + shape.r) + 1)
        if x0 >= x1 or y0 >= y1:
            continue
        ys, xs = np.ogrid[y0:y1, x0:x1]
        inside = (xs + 0.5 - shape.cx) ** 2 + (ys + 0.5 - shape.cy) ** 2 <= shape.r**2
        image[y0:y1, x0:x1][inside] = shape.fill
    return image


def rgb_array(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = (), unit: int = 16
) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """The picture as a ``(height, width, 3)`` ``uint8`` array (:func:`size`; the one-die
    boards: :func:`pachisi.rl.ring.picture_size`)."""
    width, height, picture = _picture(position, throw, steps, unit)
    return paint(picture, width, height)


def _picture(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action], unit: int
) -> tuple[int, int, list[Rect | Disc]]:
    """The picture's width, height and shapes: the cross, or a one-die board."""
    if position.setup.ruleset in ONE_DIE_RULESETS:
        from . import ring  # it draws with this module's shapes

        width, height = ring.picture_size(position.setup, unit)
        return width, height, ring.shapes(position, throw, steps, unit)
    width, height = size(unit)
    return width, height, shapes(position, throw, steps, unit)


def _hex(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def svg(
    position: Position, throw: Sequence[int] | None, steps: Sequence[Action] = (), unit: int = 16
) -> str:
    """The picture as an SVG document (its title: the ruleset and whose throw it is)."""
    width, height, picture = _picture(position, throw, steps, unit)
    setup = position.setup
    title = RULESET_TITLES[setup.ruleset]
    if not position.is_over:
        mover = "+".join(setup.colour_names[c] for c in setup.players[position.to_move])
        title += f", player {position.to_move} ({mover}) to move"
    if throw is not None:
        title += ", throw " + "-".join(str(v) for v in throw)
    lines = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">',
        f"<title>{escape(title).replace(' ', '&#160;')}</title>",
    ]
    for shape in picture:
        if isinstance(shape, Rect):
            lines.append(
                f'<rect x="{shape.x}" y="{shape.y}" width="{shape.w}" height="{shape.h}" '
                f'fill="{_hex(shape.fill)}"/>'
            )
        else:
            lines.append(
                f'<circle cx="{float(shape.cx)!r}" cy="{float(shape.cy)!r}" r="{float(shape.r)!r}" '
                f'fill="{_hex(shape.fill)}"/>'
            )
    lines.append("</svg>")
    return "\n".join(lines) + "\n"
