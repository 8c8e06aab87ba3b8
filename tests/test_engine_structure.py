"""The clear engine's structure (issue 19): its RULES.md table and its pinned play order.

The engine is one driver of the throw graph (``pachisi._graph``) over two
families (``pachisi._pagade``, ``pachisi._family``). Its docstring maps every
RULES.md section to the functions that implement it: the table must cover
every section and name only things that exist. The order of
:func:`~pachisi.moves.legal_plays` is part of the engine's contract with
seeded games; it is pinned here on positions with options, bonuses, the
third doublet, pairs, cuts, jumps and the §5.5 rules, as the engine before
the split (c3eba45) listed them.
"""

from __future__ import annotations

import importlib
import itertools
import re

import pytest

import pachisi.moves
from helpers import play_results, step_results
from pachisi import Position, legal_plays
from pachisi._family import Family, StartingBlockades
from pachisi._graph import rules_for
from pachisi._pagade import Pagade
from pachisi._throw import PROGRESS, PROGRESS_MASK, ThrowRules, pawn_code

#: Every section of RULES.md that says how the game is played.
SECTIONS = (
    ["§1", "§2.1-4", "§2.5"]
    + [f"§3.{i}" for i in range(1, 8)]
    + [f"§4.{i}" for i in range(1, 9)]
    + [f"§5.{i}" for i in range(1, 11)]
    + ["§6", "§7"]
)


def _table() -> dict[str, str]:
    """The rows of the RULES.md table in :mod:`pachisi.moves`' docstring: section -> text."""
    doc = pachisi.moves.__doc__ or ""
    rows: dict[str, str] = {}
    current = ""
    for line in doc.splitlines():
        m = re.match(r"(§[0-9.\-]+)\s+(.*)", line)
        if m:
            current = m.group(1)
            rows[current] = m.group(2)
        elif current and line.startswith("        ") and line.strip():
            rows[current] += " " + line.strip()
        elif line.startswith("===") and current:
            current = ""
    return rows


def _resolve(dotted: str) -> object:
    """The object a reference like ``_family.Family.select`` names inside :mod:`pachisi`."""
    parts = dotted.split(".")
    obj: object = importlib.import_module(f"pachisi.{parts[0]}")
    for part in parts[1:]:
        obj = getattr(obj, part)
    return obj


def test_table_covers_every_section() -> None:
    assert list(_table()) == SECTIONS


@pytest.mark.parametrize("section", SECTIONS)
def test_table_names_existing_functions(section: str) -> None:
    refs = [r for r in re.findall(r"``([A-Za-z_][A-Za-z_0-9.]*)``", _table()[section]) if "." in r]
    assert refs, f"{section} names no function"
    for ref in refs:
        assert _resolve(ref) is not None, ref


#: (position, throw, the notations of legal_plays) from the engine before the split; since
#: issue 35 they come in the canonical order (pachisi.plays.play_order), checked below by
#: its definition, so the lists here are in the old reference order, and each play is the
#: greatest path to its outcome (pachisi.plays.step_rank; 9 plays changed with that rule).
PINNED = [
    (
        "parcheesi{blockade_may_advance=false} r,g,y,b - r:0.0.0.10,b:0.0.0.0,y:0.1.1.2,g:0.0.0.0 2 1 - - -",  # noqa: E501
        (2, 2),
        ["Y2-4 Y1-3", "Y1-3 Y3-5", "Y2-4 Y4-6"],
    ),  # blockade
    (
        "eight-man{sum_move=jump} Ry,Bg - r:0.0.0.0,b:0.0.0.0,y:0.0.0.7,g:0.0.0.18 1 0 - - -",
        (5, 6),
        ["G18-24 B0-1", "G18-24 G0-1", "G0-1 G1-7", "B0-1 B1-7"],
    ),  # jump
    (
        "whitman{capture_bonus=20,home_bonus=10} r,g,y,b - r:0.5.7.72,b:14.14.25.29,y:0.0.11.34,g:0.0.0.12 2 0 - - -",  # noqa: E501
        (2, 1),
        [
            "Y11-14",
            "Y34-37",
            "Y34-35 Y11-13",
            "Y34-36 Y11-12x +20:Y36-56",
            "Y34-36 Y11-12x +20:Y12-32",
        ],
    ),  # bonus
    (
        "eight-man{blockade_may_advance=false} rY,bG - r:0.0.0.7,b:0.0.0.0,y:0.0.0.7,g:0.0.0.0 0 0 - - -",  # noqa: E501
        (2, 2),
        ["Y7-9 R7-9", "Y7-9 Y9-11", "R7-9 R9-11"],
    ),  # blockade
    (
        "parcheesi{sum_move=jump} r,y - r:0.1.1.2,y:0.0.0.0 0 1 - - -",
        (4, 4),
        ["R2-10", "R1-9", "R2-6 R1-5"],
    ),  # jump
    (
        "eight-man{capture_bonus=20,home_bonus=10} rY,bG - r:0.2.12.15,b:0.0.0.9,y:0.0.3.14,g:0.0.0.13 1 2 - - -",  # noqa: E501
        (4, 6),
        [
            "G13-17 B9-15",
            "G13-17 G17-23",
            "B9-15 B15-19",
            "G13-19x G19-23 +20:G23-43",
            "G13-19x G19-23 +20:B9-29",
            "G13-19x B9-13 +20:G19-39",
            "G13-19x B9-13 +20:B13-33",
        ],
    ),  # bonus
    (
        "eight-man{capture_bonus=20,home_bonus=10} Ry,Bg - r:0.0.1.1,b:0.0.17.22,y:0.0.0.64,g:0.3.9.35 0 1 - - -",  # noqa: E501
        (4, 4),
        ["Y64-68 R1-5", "R1-5 R5-9", "Y64-68 Y68-72 +10:R1-11"],
    ),  # bonus
    (
        "pagade r,b,y,g 02/13 r:0.10.22.25,b:9.17.18.19,y:11.14.20.21,g:9.18.18.25 0 0 0001 - -",
        (1, 6),
        [
            "R0-7",
            "R0-6 R10-11",
            "R0-6 R22-23",
            "R0-6 R25-26x",
            "R0-1 R10-16",
            "R0-1 R22-28",
            "R0-1 R25-31",
        ],
    ),  # cut
    (
        "eight-man Ry,Bg - r:0.3.47.72,b:0.6.16.22,y:1.72.72.72,g:3.21.25.33 0 0 - - -",
        (6, 6),
        [
            "A: Y1-7 Y7-13 Y13-14 Y14-15",
            "B: R47-53 R3-9",
            "B: R47-53 R53-59",
            "B: R3-9 R9-15",
            "C: Y1-7 Y7-8 R3-9",
            "C: Y1-7 Y7-8 R47-53",
        ],
    ),  # option
    (
        "whitman{no_split_doubles_home=true} r,g,y,b - r:0.0.0.68,b:0.16.52.52,y:2.4.9.13,g:0.9.21.31 3 0 - - -",  # noqa: E501
        (3, 3),
        [
            "B16-22",
            "B52-58",
            "B52-55x B52-55 +20:B16-36",
            "B52-55x B16-19x +20:B52-72 +20:B19-39",
            "B52-55x B16-19x +20:B19-39 +20:B39-59",
        ],
    ),  # nosplit
    (
        "whitman{no_split_doubles_home=true} r,y - r:23.31.43.70,y:0.1.17.70 1 1 - - -",
        (1, 1),
        ["Y1-3", "Y17-19", "Y70-72", "Y70-71 Y1-2", "Y70-71 Y17-18", "Y17-18 Y1-2"],
    ),  # nosplit
    (
        "pagade r,b,y,g - r:6.7.14.16,b:6.12.12.13,y:8.9.12.12,g:7.12.12.14 1 0 0000 - -",
        (6, 6),
        ["B12-18 B6-12", "B12-24", "B13-25x", "BB12-18", "B13-19 B12-18"],
    ),  # cut
    (
        "eight-man Ry,Bg - r:8.70.71.71,b:0.0.0.0,y:0.0.53.72,g:0.0.8.12 0 1 - - -",
        (6, 6),
        ["A: R8-14 R14-20 R20-21 R21-22", "B: Y53-59 Y59-65", "C: Y53-59 R8-14 R14-15"],
    ),  # option
    (
        "eight-man Ry,Bg - r:0.3.47.50,b:0.6.16.22,y:1.50.72.72,g:3.21.25.30 0 2 - - -",
        (6, 6),
        ["R50-0!", "Y50-0!"],
    ),  # penalty
    (
        "pagade r,b,y,g - r:6.7.12.12,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 0000 - -",
        (3, 3),
        ["R7-13", "R12-18", "RR12-15", "R12-15 R6-9", "R12-15 R7-10", "R7-10 R6-9"],
    ),  # pair
    (
        "pagade{pair_move=double} r,b,y,g - r:72.75.80.80,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 1000 - -",  # noqa: E501
        (1, 1),
        [
            "R72-74",
            "R75-77",
            "R80-82",
            "RR80-82",
            "R80-81 R72-73",
            "R80-81 R75-76",
            "R80-81 R80-81",
            "R75-76 R72-73",
        ],
    ),  # pair
]


@pytest.mark.parametrize(("text", "throw", "notations"), PINNED)
def test_play_order_is_pinned(text: str, throw: tuple[int, int], notations: list[str]) -> None:
    """The same plays, each shown by its greatest path (plays.step_rank), in the canonical
    order: by the pawns after the play, then the mover's cut flag, then whether the mover
    throws again."""
    pos = Position.from_text(text)
    plays = list(legal_plays(pos, throw))
    assert sorted(p.notation for p in plays) == sorted(notations)
    mover = pos.to_move
    keys = [
        (
            p.position.pawns,
            p.position.cut is not None and p.position.cut[mover],
            p.position.doubles > 0,
        )
        for p in plays
    ]
    assert all(a < b for a, b in itertools.pairwise(keys)), keys


@pytest.mark.parametrize(("text", "throw", "notations"), PINNED)
def test_steps_reach_exactly_the_plays(
    text: str, throw: tuple[int, int], notations: list[str]
) -> None:
    """Turn and legal_plays come from one graph: walking every step gives the plays' results."""
    pos = Position.from_text(text)
    assert step_results(pos, throw) == play_results(pos, throw)
    assert len(notations) == len(play_results(pos, throw))


def test_each_ruleset_gets_its_family() -> None:
    for ruleset, family in [
        ("pagade", Pagade),
        ("whitman", Family),
        ("parcheesi", Family),
        ("eight-man", Family),
    ]:
        pos = Position.start(ruleset, players=2)
        rules = rules_for(pos, (1, 3))
        assert type(rules) is family
        assert isinstance(rules, ThrowRules)


def test_starting_blockades_may_separate_but_not_stand_together_elsewhere() -> None:
    """§5.5 blockade_may_advance false: the tagged pair may not re-form on another space."""
    pos = Position.from_text(
        "parcheesi{blockade_may_advance=false} r,y - r:0.0.10.10,y:0.0.0.0 0 0 - - -"
    )
    rules = rules_for(pos, (3, 3))
    assert isinstance(rules, Family)
    blockades = rules.blockades
    assert isinstance(blockades, StartingBlockades)
    start = rules.dice_start((3, 3))
    tagged = [code for code in start.pawns if PROGRESS[code] == 10]
    assert len(tagged) == 2
    untagged = [code for code in start.pawns if PROGRESS[code] == 0]
    at = [(code & ~PROGRESS_MASK) | 13 for code in tagged]  # both tagged pawns moved on by 3
    assert blockades.kept(start.pawns)
    assert not blockades.kept(tuple(sorted(untagged + at)))
    assert blockades.kept(tuple(sorted([*untagged, at[0], tagged[1]])))
    # A new blockade of one tagged pawn with an untagged one is allowed.
    other = pawn_code(13, 0)
    assert blockades.kept(tuple(sorted([untagged[0], other, at[0], tagged[1]])))
