"""The rules pages of Ludo and Mensch ärgere Dich nicht: what they teach, in order.

Each lesson is a rule of RULES-LUDO.md with a small board: a position (the
one-line text form), a throw and the play shown, checked by the rules engine
when the page is made (:func:`pachisi.web.learn.rules_lessons`). Its words are
``learn.<ruleset>.<id>.title`` and ``learn.<ruleset>.<id>`` of
:mod:`pachisi.web.ludo_words`. ``marks`` are square ids to point at
(:mod:`pachisi.web.one_die`'s numbering).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["ONE_DIE_LESSONS", "OneDieLesson"]


class OneDieLesson(NamedTuple):
    """One lesson: its id, the topic of the page it is under, its sections, its board."""

    id: str
    topic: str
    sections: tuple[str, ...]
    position: str
    throw: tuple[int, ...] | None = None
    play: str = ""
    marks: tuple[int, ...] = ()
    full: bool = False


def _ludo(red: str, yellow: str = "0.0.0.0", doubles: int = 0) -> str:
    """Red (arm 0) against yellow (arm 2), red to throw: yellow's p is red's p + 26."""
    return f"ludo r,y - r:{red},y:{yellow} 0 {doubles} - - - 0 0"


def _maedn(red: str, green: str = "0.0.0.0") -> str:
    """Red (arm 0) against green (arm 2), red to throw: green's p is red's p + 20."""
    return f"maedn r,g - r:{red},g:{green} 0 0 - - - 0 0"


_LUDO4 = "ludo r,g,y,b - r:0.0.0.0,g:0.0.0.0,y:0.0.0.0,b:0.0.0.0 0 0 - - - 0 0"
_MAEDN4 = "maedn r,b,g,y - r:0.0.0.0,b:0.0.0.0,g:0.0.0.0,y:0.0.0.0 0 0 - - - 0 0"

#: The lessons of each one-die ruleset's page, in teaching order.
ONE_DIE_LESSONS: dict[str, tuple[OneDieLesson, ...]] = {
    "ludo": (
        OneDieLesson("board", "board", ("L.1", "L.2"), _LUDO4, full=True),
        OneDieLesson("enter", "entering", ("L.3.2", "L.5.1"), _ludo("0.0.0.0"), (6,), "R0-1"),
        OneDieLesson(
            "move", "moving", ("L.3.4", "L.3.5", "L.5.1"), _ludo("0.0.5.20"), (4,), "R5-9"
        ),
        OneDieLesson(
            "capture", "captures", ("L.4.2",), _ludo("0.0.0.12", "0.0.0.42"), (4,), "R12-16x"
        ),
        # Red lands on the star (p = 8, square 7) where a yellow pawn stands: nobody is hit.
        OneDieLesson(
            "safe", "captures", ("L.1.4", "L.4.1"), _ludo("0.0.0.4", "0.0.0.34"), (4,), "R4-8"
        ),
        # Two yellow pawns on red's p = 18 (square 17): red's 3 from 15 may not end there.
        OneDieLesson(
            "blocks", "blockades", ("L.4.2",), _ludo("0.0.0.15", "0.0.44.44"), (3,), "-", (17,)
        ),
        OneDieLesson("exact", "finishing", ("L.3.3",), _ludo("0.0.0.54"), (5,), "-"),
        OneDieLesson("extra", "bonuses", ("L.6.4",), _ludo("0.0.20.30"), (6,), "R20-26"),
        # Red has thrown two 6s this turn (doubles 2): the third is lost.
        OneDieLesson("sixes", "bonuses", ("L.6.1",), _ludo("0.0.13.20", doubles=2), (6,), "-"),
        OneDieLesson("win", "finishing", ("L.7",), _ludo("56.57.57.57"), (1,), "R56-57"),
    ),
    "maedn": (
        OneDieLesson("board", "board", ("M.1", "M.2"), _MAEDN4, full=True),
        OneDieLesson("enter", "entering", ("M.5.2",), _maedn("0.0.0.0"), (6,), "R0-1"),
        OneDieLesson("clear", "entering", ("M.5.1",), _maedn("0.0.1.15"), (3,), "R1-4"),
        OneDieLesson("move", "moving", ("M.3", "M.4", "M.5.3"), _maedn("0.0.7.15"), (3,), "R7-10"),
        OneDieLesson(
            "capture", "captures", ("M.3",), _maedn("0.0.0.12", "0.0.0.35"), (3,), "R12-15x"
        ),
        OneDieLesson("goal", "finishing", ("M.4",), _maedn("0.0.0.39"), (4,), "R39-43"),
        # Nobody in the yard (M.5.2 would make the 6 enter): a 6 moves on, then throws again.
        OneDieLesson("extra", "bonuses", ("M.6",), _maedn("11.22.30.41"), (6,), "R22-28"),
        OneDieLesson("win", "finishing", ("M.7",), _maedn("40.42.43.44"), (1,), "R40-41"),
    ),
}
