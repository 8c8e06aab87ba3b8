"""Squares named as the board shows them (RULES.md §2; issue 34: no per-colour numbers).

The board draws no numbers: a ring square is named by the marked square at or
before it on the way (a star, Pagade's X, a colour's entry) and how far past
it, and the arm it is on (:func:`pachisi.describe.place_facts`).
"""

from __future__ import annotations

import pytest

from pachisi.board import FAMILY_LAST_RING, N_RING, PAGADE_BELLY_OUT, PAGADE_LAST_RING, ROUTES
from pachisi.describe import LANGS, facts_text, place_facts
from pachisi.rules import Setup
from pachisi.web.views import board_geometry


def ring_places(ruleset: str) -> dict[int, dict[str, object]]:
    """The place facts of every ring square: the same whichever colour's pawn passes it."""
    setup = Setup.create(ruleset)
    pagade = ruleset == "pagade"
    first, last = (PAGADE_BELLY_OUT + 1, PAGADE_LAST_RING) if pagade else (1, FAMILY_LAST_RING)
    out: dict[int, dict[str, object]] = {}
    for colour in range(4):
        for p in range(first, last + 1):
            place = place_facts(setup, colour, p)
            name = {k: place[k] for k in ("ref", "arm", "after")}
            square = ROUTES[ruleset][colour][p]
            assert out.setdefault(square, name) == name, (square, colour, p)
    return out


@pytest.mark.parametrize("ruleset", ["parcheesi", "whitman", "eight-man", "pagade"])
def test_every_ring_square_has_one_name_from_a_mark_the_board_draws(ruleset: str) -> None:
    places = ring_places(ruleset)
    assert len(places) == N_RING  # red's way passes every ring square once
    geometry = {s["id"]: s for s in board_geometry(ruleset)["squares"]}
    colours = board_geometry(ruleset)["colours"]
    for square, place in places.items():
        after = int(place["after"])  # type: ignore[call-overload]
        # The marks are at most 7 squares apart (9 in Pagade: its X squares, §2.3).
        assert 0 <= after <= (8 if ruleset == "pagade" else 6), (square, place)
        mark = geometry[(square - after) % N_RING]
        # The square named is drawn marked: a star (safety space, entries too) or an X.
        assert mark["castle"] if ruleset == "pagade" else mark["safe"], (square, place)
        assert after == 0 or not (geometry[square]["castle"] or geometry[square]["safe"])
        # Named after the arm it lies on, as drawn (the arm of the square's cells).
        arm_of_mark = colours[mark["arm"]]
        if place["ref"] == "out":
            assert place["arm"] == colours[(mark["arm"] + 1) % 4]
        else:
            assert place["arm"] == arm_of_mark
    for lang in LANGS:
        names = set()
        for place in places.values():
            place = {"at": "square", "n": 1, "mark": None, **place}
            facts = {"kind": "move", "colour": "red", "from": place, "to": place, "numbers": [1]}
            facts["pagade"] = ruleset == "pagade"
            names.add(facts_text(facts, lang))
        assert len(names) == N_RING, lang  # no two squares share a name
        assert not any(str(s) in "".join(names) for s in (27, 32, 60, 64)), lang


def test_an_entry_and_the_end_of_an_arm_are_named_by_colour() -> None:
    setup = Setup.create("parcheesi")
    facts = {"kind": "enter", "colour": "yellow", "numbers": [5], "pagade": False,
             "from": place_facts(setup, 2, 0), "to": place_facts(setup, 2, 1)}  # fmt: skip
    assert facts_text(facts) == "Yellow pawn +5: enters at Yellow's entry"
    end = place_facts(setup, 2, FAMILY_LAST_RING)  # the square before Yellow's home path
    assert (end["ref"], end["arm"], end["after"]) == ("end", "yellow", 0)
