"""Where Ludo's and MADN's squares are drawn (``pachisi._ludo_board``'s cells) against the
ring order of RULES-LUDO.md L.1.2-3 and M.1: every step of a pawn's route is a step to
a neighbouring cell, arms are quarter turns of each other, and no two places share a cell.
"""

from __future__ import annotations

import itertools

import pytest

from pachisi._ludo_board import (
    LUDO,
    LUDO_GRID,
    LUDO_HOME_CELLS,
    LUDO_HOME_COLUMN_CELLS,
    LUDO_RING_CELLS,
    LUDO_YARD_CELLS,
    MAEDN,
    MAEDN_GOAL_CELLS,
    MAEDN_GRID,
    MAEDN_RING_CELLS,
    MAEDN_YARD_CELLS,
    Ring,
)

Cell = tuple[int, int]


def neighbours(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def touching(a: Cell, b: Cell) -> bool:
    """Neighbours, or corner to corner: Ludo's track turns its four inner corners
    diagonally (the cross's arms meet at Home's corners)."""
    return a != b and max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def route(ring: Ring, cells: tuple[Cell, ...], private: tuple[Cell, ...], arm: int) -> list[Cell]:
    """The cells a pawn of ``arm`` stands on, progress 1 to the end (L.1.3, M.1.3)."""
    return [cells[ring.square(arm, p)] for p in range(1, ring.last + 1)] + list(private)


BOARDS = [
    ("ludo", LUDO, LUDO_GRID, LUDO_RING_CELLS, LUDO_HOME_COLUMN_CELLS, LUDO_YARD_CELLS),
    ("maedn", MAEDN, MAEDN_GRID, MAEDN_RING_CELLS, MAEDN_GOAL_CELLS, MAEDN_YARD_CELLS),
]


@pytest.mark.parametrize(("name", "ring", "grid", "cells", "private", "yards"), BOARDS)
def test_each_route_steps_from_cell_to_neighbouring_cell(
    name: str,
    ring: Ring,
    grid: int,
    cells: tuple[Cell, ...],
    private: tuple[tuple[Cell, ...], ...],
    yards: tuple[tuple[Cell, ...], ...],
) -> None:
    """L.1.2 / M.1.1: the ring is a closed loop of neighbours (Ludo's turning its inner
    corners diagonally, four times); L.1.3 / M.1.3: each colour's route goes on from its
    last ring square into its own home column or goal."""
    assert len(cells) == ring.size
    diagonal = 0
    for q in range(ring.size):
        a, b = cells[q], cells[(q + 1) % ring.size]
        assert touching(a, b), (name, q)
        diagonal += not neighbours(a, b)
    assert diagonal == (4 if name == "ludo" else 0)
    for arm in range(4):
        path = route(ring, cells, private[arm], arm)
        assert len(path) == ring.end - (name == "ludo")  # Ludo's Home (57) is the middle
        for a, b in itertools.pairwise(path):
            assert touching(a, b), (name, arm, a, b)
        for a, b in zip(path[ring.last - 1 :], path[ring.last :], strict=False):
            assert neighbours(a, b), (name, arm, a, b)  # straight into the home column


@pytest.mark.parametrize(("name", "ring", "grid", "cells", "private", "yards"), BOARDS)
def test_no_two_places_share_a_cell_and_all_are_on_the_grid(
    name: str,
    ring: Ring,
    grid: int,
    cells: tuple[Cell, ...],
    private: tuple[tuple[Cell, ...], ...],
    yards: tuple[tuple[Cell, ...], ...],
) -> None:
    everything = list(cells) + [c for arm in private for c in arm] + [c for y in yards for c in y]
    assert len(set(everything)) == len(everything)
    assert all(0 <= x < grid and 0 <= y < grid for x, y in everything)
    assert all(len(y) == 4 for y in yards)  # four pawns a colour (L.1.1, M.1.2)


@pytest.mark.parametrize(("name", "ring", "grid", "cells", "private", "yards"), BOARDS)
def test_the_arms_are_quarter_turns_of_each_other(
    name: str,
    ring: Ring,
    grid: int,
    cells: tuple[Cell, ...],
    private: tuple[tuple[Cell, ...], ...],
    yards: tuple[tuple[Cell, ...], ...],
) -> None:
    """Every colour's route is the same, turned about the middle (the boards are symmetric:
    L.1.4's marks are the same for every colour in its own progress)."""

    def turn(c: Cell) -> Cell:
        return (grid - 1 - c[1], c[0])

    for arm in range(3):
        here = route(ring, cells, private[arm], arm)
        there = route(ring, cells, private[arm + 1], arm + 1)
        assert [turn(c) for c in here] == there
        assert [turn(c) for c in yards[arm]] == list(yards[arm + 1])


def test_ludo_home_is_the_middle_and_every_home_column_ends_beside_it() -> None:
    """L.1.3: p = 56 is the last home column square before Home (p = 57)."""
    (x0, y0), (x1, y1) = LUDO_HOME_CELLS
    assert (x0 + x1, y0 + y1) == (LUDO_GRID - 1, LUDO_GRID - 1) and x1 - x0 == 2
    for arm in range(4):
        x, y = LUDO_HOME_COLUMN_CELLS[arm][-1]
        inside = [(a, b) for a in range(x0, x1 + 1) for b in range(y0, y1 + 1)]
        assert any(neighbours((x, y), c) for c in inside)
        assert (x, y) not in inside


def test_each_yard_lies_beside_its_own_entry() -> None:
    """A pawn entering goes from its yard to its entry square (L.3.2, M.4): the yard is in
    the corner that the colour's entry square touches."""
    for cells, yards, ring in (
        (LUDO_RING_CELLS, LUDO_YARD_CELLS, LUDO),
        (MAEDN_RING_CELLS, MAEDN_YARD_CELLS, MAEDN),
    ):
        for arm in range(4):
            entry = cells[ring.square(arm, 1)]

            def distance(yard: tuple[Cell, ...], e: Cell = entry) -> int:
                return min(abs(e[0] - c[0]) + abs(e[1] - c[1]) for c in yard)

            assert min(yards, key=distance) == yards[arm]
