"""Where the terminal draws a pawn of Ludo and MADN: ``terminal.ringboard.BoardLayout``
reads the core's cells (``_ludo_board.LUDO_RING_CELLS``, ...) by a pawn's progress;
checked against the ring order of RULES-LUDO.md §9.1 (L.1.2, L.1.3) and §10.1 (M.1.1,
M.1.3).

Every square its own cell, each ring square next to the one after it in the
direction of travel, each colour's entry beside its yard's corner, its home
column or goal fields leading from its last ring square to the centre (Ludo's
Home cell last), and the four corners in the direction of travel.
"""

from __future__ import annotations

import itertools
import math

import pytest

from pachisi._ludo_board import LUDO, MAEDN
from pachisi.terminal.ringboard import LAYOUTS, BoardLayout

LUDO_LAYOUT, MAEDN_LAYOUT = LAYOUTS["ludo"], LAYOUTS["maedn"]

LAYOUTS = [LUDO_LAYOUT, MAEDN_LAYOUT]
IDS = ["ludo", "maedn"]


def corner_cells(layout: BoardLayout, arm: int) -> set[tuple[int, int]]:
    """The cells of ``arm``'s corner (its yard, its player)."""
    x0, y0 = layout.corner(arm)
    n = layout.side
    return {(x, y) for x in range(x0, x0 + n) for y in range(y0, y0 + n)}


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan(a: tuple[int, int], b: tuple[int, int]) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def test_the_layouts_are_the_rulesets_rings() -> None:
    """L.1.2: 52 squares on 15 x 15; M.1.1: 40 fields on 11 x 11."""
    assert (LUDO_LAYOUT.board, LUDO_LAYOUT.size) == (LUDO, 15)
    assert (MAEDN_LAYOUT.board, MAEDN_LAYOUT.size) == (MAEDN, 11)
    for layout in LAYOUTS:
        assert len(layout.ring_cells) == layout.board.size
        for arm in range(4):
            home = 1 if layout.home else 0  # Ludo's Home is the centre, not a column cell
            assert len(layout.private[arm]) == layout.board.end - layout.board.last - home
            assert set(layout.yards[arm]) <= corner_cells(layout, arm)


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_every_square_has_its_own_cell_on_the_grid(layout: BoardLayout) -> None:
    ring = [layout.ring_cell(q) for q in range(layout.board.size)]
    private = [
        layout.cell(arm, p)
        for arm in range(4)
        for p in range(layout.board.last + 1, layout.board.last + 1 + len(layout.private[0]))
    ]
    cells = ring + private
    assert len(set(cells)) == len(cells)
    yards = [corner_cells(layout, arm) for arm in range(4)]
    centre = layout.size // 2
    for cell in cells:
        assert cell is not None
        x, y = cell
        assert 0 <= x < layout.size and 0 <= y < layout.size
        assert all(cell not in yard for yard in yards)
        assert cell != (centre, centre)
    # The four yards are the four corners, apart from each other.
    assert len(set().union(*yards)) == 4 * layout.side**2


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_each_ring_square_is_next_to_the_next_one(layout: BoardLayout) -> None:
    """Ring square q + 1 follows q (mod the ring): a neighbouring cell (Ludo turns each
    corner of the cross diagonally; MADN's fields go round the edge)."""
    n = layout.board.size
    for q in range(n):
        a, b = layout.ring_cell(q), layout.ring_cell((q + 1) % n)
        if layout is MAEDN_LAYOUT:
            assert manhattan(a, b) == 1, (q, a, b)
        else:
            assert chebyshev(a, b) == 1, (q, a, b)


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_the_travel_is_clockwise_and_arm_a_enters_at_step_times_a(layout: BoardLayout) -> None:
    """Arm a's progress 1 is ring square step * a (L.1.2, M.1.2), and going round the
    ring the angle about the centre always turns the same way (clockwise on screen)."""

    c = (layout.size - 1) / 2
    for arm in range(4):
        assert layout.cell(arm, 1) == layout.ring_cell(layout.board.step * arm)
    turned = 0.0
    n = layout.board.size
    for q in range(n):
        (x0, y0), (x1, y1) = layout.ring_cell(q), layout.ring_cell((q + 1) % n)
        a0 = math.atan2(y0 - c, x0 - c)  # y down: clockwise on screen is a growing angle
        a1 = math.atan2(y1 - c, x1 - c)
        d = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        assert d >= 0, q
        turned += d
    assert turned == pytest.approx(2 * math.pi)


@pytest.mark.parametrize("layout", LAYOUTS, ids=IDS)
def test_entry_beside_the_yard_and_the_home_column_leads_to_the_centre(layout: BoardLayout) -> None:
    ring = layout.board
    centre = (layout.size // 2, layout.size // 2)
    for arm in range(4):
        entry = layout.cell(arm, 1)
        assert entry is not None
        assert min(chebyshev(entry, y) for y in corner_cells(layout, arm)) == 1
        # The home column (goal fields): from next to the last ring square, a straight
        # line of neighbours toward the centre.
        path = [
            layout.cell(arm, p) for p in range(ring.last, ring.last + 1 + len(layout.private[0]))
        ]
        for a, b in itertools.pairwise(path):
            assert a is not None and b is not None
            assert manhattan(a, b) == 1, (arm, a, b)
        last = path[-1]
        assert last is not None
        toward = [chebyshev(p, centre) for p in path[1:] if p is not None]
        assert toward == sorted(toward, reverse=True)
        assert toward[-1] == (2 if layout.home else 1)  # Ludo's Home cell between
        if layout.home:  # Ludo's Home: the centre cell after the column
            home = layout.home_cell(arm)
            assert home is not None and layout.cell(arm, ring.end) == home
            assert manhattan(last, home) == 1 and chebyshev(home, centre) == 1
        # The square before the entry (never visited by this colour, L.1.3) is the
        # last ring square's neighbour in Ludo, the last ring square itself in MADN.
        before = layout.ring_cell((ring.step * arm - 1) % ring.size)
        assert path[0] is not None
        if layout is LUDO_LAYOUT:
            assert layout.cell(arm, ring.last) == layout.ring_cell((ring.step * arm - 2) % 52)
            assert chebyshev(before, path[1] or centre) == 1
        else:
            assert layout.cell(arm, ring.last) == before


def test_red_starts_bottom_left_and_the_others_follow_clockwise() -> None:
    """The colours' corners (L.1.1: red, green, yellow, blue; M.1.2: red, blue, green,
    yellow, by arm): red's yard bottom-left, then top-left, top-right, bottom-right."""
    for layout in LAYOUTS:
        n = layout.size - 1
        corners = []
        for arm in range(4):
            xs = {x for x, _ in corner_cells(layout, arm)}
            ys = {y for _, y in corner_cells(layout, arm)}
            corners.append(("left" if 0 in xs else "right", "top" if 0 in ys else "bottom"))
            assert n in xs or 0 in xs
        assert corners == [
            ("left", "bottom"),
            ("left", "top"),
            ("right", "top"),
            ("right", "bottom"),
        ]
