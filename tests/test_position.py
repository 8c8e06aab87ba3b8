"""Position reading and validation: every check of RULES.md §3.6, and the text form.

Each rejected position must raise :class:`PositionError` naming the field at
fault (FORMAT.md: "a clear message naming the field"); positions that can
occur must be accepted. Malformed input of any kind gives a PositionError,
never another exception.
"""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pachisi import PachisiError, Position, PositionError
from strategies import CONFIG_IDS, CONFIGS, Config, options_for, setups

FIELDS = (
    "ruleset",
    "options",
    "players",
    "teams",
    "pawns",
    "to_move",
    "doubles",
    "cut",
    "finished",
    "winner",
)


def start(ruleset: str, **kw: Any) -> dict[str, Any]:
    """A start position's dict (a fresh copy)."""
    return copy.deepcopy(Position.start(ruleset, **kw).to_dict())


def with_(d: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(d)
    for k, v in changes.items():
        out[k] = v
    return out


def with_pawns(d: dict[str, Any], **pawns: list[int]) -> dict[str, Any]:
    out = copy.deepcopy(d)
    out["pawns"].update(pawns)
    return out


# Base positions.
PAR2 = start("parcheesi", players=2)  # players: red (0), yellow (1)
PAR3 = start("parcheesi", players=3)  # red, green, yellow
PAR4 = start("parcheesi", players=4)  # red, green, yellow, blue
PART = start("parcheesi", players=4, teams=True)  # teams [[0, 2], [1, 3]]: red+yellow, green+blue
WHIT4 = start("whitman", players=4)
EIGHT = start("eight-man", players=2)  # red+yellow (major red), blue+green (major blue)
PAG4 = start("pagade", players=4)  # red, black, yellow, green
PAGT = start("pagade", players=4, teams=True)
PAG2 = start("pagade", players=2)  # red+yellow, black+green
PAG_PLACES = start("pagade", players=4, options={"play_for_places": True})
PAGT_PLACES = start("pagade", players=4, teams=True, options={"play_for_places": True})

H = 72  # HOME in the Parcheesi family
HOME4 = [H, H, H, H]


def rejected(d: object, field: str) -> PositionError:
    """``d`` is rejected by from_dict and from_json, naming ``field``."""
    with pytest.raises(PositionError) as info:
        Position.from_dict(d)
    exc = info.value
    assert exc.field == field, f"rejected as {exc.field!r}, expected {field!r}: {exc}"
    assert field in str(exc)
    assert "\n" not in str(exc)
    assert isinstance(exc, ValueError) and isinstance(exc, PachisiError)
    with pytest.raises(PositionError) as info2:
        Position.from_json(json.dumps(d))
    assert info2.value.field == field
    return exc


def accepted(d: dict[str, Any]) -> Position:
    pos = Position.from_dict(d)
    assert Position.from_json(json.dumps(d)) == pos
    again = pos.to_dict()
    assert Position.from_dict(again) == pos
    return pos


# ---------------------------------------------------------------------------
# §3.6.1 fields and JSON types


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("base", [PAR2, PAG4, EIGHT], ids=["parcheesi", "pagade", "eight-man"])
def test_missing_field(base: dict[str, Any], field: str) -> None:
    d = copy.deepcopy(base)
    del d[field]
    rejected(d, field)


@pytest.mark.parametrize("doc", ["[]", "3", '"text"', "null", "true", "[{}]"])
def test_not_an_object(doc: str) -> None:
    with pytest.raises(PositionError):
        Position.from_json(doc)
    with pytest.raises(PositionError):
        Position.from_dict(json.loads(doc))


WRONG_TYPES: list[tuple[str, dict[str, Any], str]] = [
    ("ruleset-int", with_(PAR2, ruleset=5), "ruleset"),
    ("ruleset-null", with_(PAR2, ruleset=None), "ruleset"),
    ("ruleset-list", with_(PAR2, ruleset=["parcheesi"]), "ruleset"),
    ("options-list", with_(PAR2, options=[]), "options"),
    ("options-null", with_(PAR2, options=None), "options"),
    ("options-string", with_(PAR2, options="sum_move=hops"), "options"),
    ("players-object", with_(PAR2, players={"colours": ["red"]}), "players"),
    ("players-empty", with_(PAR2, players=[]), "players"),
    ("players-null", with_(PAR2, players=None), "players"),
    ("players-strings", with_(PAR2, players=["red", "yellow"]), "players"),
    ("colours-string", with_(PAR2, players=[{"colours": "red"}, {"colours": "yellow"}]), "players"),
    (
        "colours-missing",
        with_(PAR2, players=[{"colour": ["red"]}, {"colours": ["yellow"]}]),
        "players",
    ),
    ("colours-empty", with_(PAR2, players=[{"colours": []}, {"colours": ["yellow"]}]), "players"),
    ("colours-int", with_(PAR2, players=[{"colours": [0]}, {"colours": ["yellow"]}]), "players"),
    ("teams-string", with_(PART, teams="02/13"), "teams"),
    ("teams-true", with_(PART, teams=True), "teams"),
    ("teams-flat", with_(PART, teams=[0, 2, 1, 3]), "teams"),
    ("teams-bool-index", with_(PART, teams=[[0, 2], [True, 3]]), "teams"),
    ("teams-float-index", with_(PART, teams=[[0, 2], [1, 3.0]]), "teams"),
    ("teams-string-index", with_(PART, teams=[[0, 2], [1, "3"]]), "teams"),
    ("pawns-list", with_(PAR2, pawns=[[0, 0, 0, 0], [0, 0, 0, 0]]), "pawns"),
    ("pawns-null", with_(PAR2, pawns=None), "pawns"),
    ("pawn-bool", with_pawns(PAR2, red=[0, 0, 0, True]), "pawns"),
    ("pawn-false", with_pawns(PAR2, red=[False, 0, 0, 0]), "pawns"),
    ("pawn-string", with_pawns(PAR2, red=[0, 0, 0, "0"]), "pawns"),
    ("pawn-float", with_pawns(PAR2, red=[0, 0, 0, 0.0]), "pawns"),
    ("pawn-null", with_pawns(PAR2, red=[0, 0, 0, None]), "pawns"),
    ("pawn-list", with_pawns(PAR2, red=[0, 0, 0, [0]]), "pawns"),
    ("pawns-not-list", with_pawns(PAR2, red="0000"), "pawns"),
    ("pawns-object", with_pawns(PAR2, red={"a": 0}), "pawns"),
    ("to_move-bool", with_(PAR2, to_move=True), "to_move"),
    ("to_move-false", with_(PAR2, to_move=False), "to_move"),
    ("to_move-string", with_(PAR2, to_move="0"), "to_move"),
    ("to_move-float", with_(PAR2, to_move=0.0), "to_move"),
    ("to_move-null", with_(PAR2, to_move=None), "to_move"),
    ("doubles-bool", with_(PAR2, doubles=False), "doubles"),
    ("doubles-string", with_(PAR2, doubles="0"), "doubles"),
    ("doubles-float", with_(PAR2, doubles=0.0), "doubles"),
    ("doubles-null", with_(PAR2, doubles=None), "doubles"),
    ("cut-ints", with_(PAG4, cut=[0, 0, 0, 0]), "cut"),
    ("cut-one-int", with_(PAG4, cut=[False, False, 1, False]), "cut"),
    ("cut-string", with_(PAG4, cut="false"), "cut"),
    ("cut-bool", with_(PAG4, cut=False), "cut"),
    ("cut-null-in-list", with_(PAG4, cut=[False, False, False, None]), "cut"),
    ("finished-string", with_(PAR2, finished="0"), "finished"),
    ("finished-null", with_(PAR2, finished=None), "finished"),
    ("finished-bool", with_(PAR2, finished=[True]), "finished"),
    ("finished-object", with_(PAR2, finished={}), "finished"),
    ("winner-int", with_(PAR2, winner=0), "winner"),
    ("winner-bool-list", with_(PAR2, winner=[True]), "winner"),
    ("winner-empty", with_(PAR2, winner=[]), "winner"),
    ("winner-string", with_(PAR2, winner="0"), "winner"),
]


@pytest.mark.parametrize(
    ("d", "field"), [c[1:] for c in WRONG_TYPES], ids=[c[0] for c in WRONG_TYPES]
)
def test_wrong_json_types(d: dict[str, Any], field: str) -> None:
    rejected(d, field)


# ---------------------------------------------------------------------------
# §3.6.2 ruleset and options

BAD_OPTIONS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown-ruleset", with_(PAR2, ruleset="chaupar"), "ruleset"),
    ("ruleset-case", with_(PAR2, ruleset="Parcheesi"), "ruleset"),
    ("ruleset-space", with_(PAR2, ruleset="parcheesi "), "ruleset"),
    ("unknown-switch", with_(PAR2, options={"foo": 1}), "options"),
    ("pagade-switch-in-parcheesi", with_(PAR2, options={"pair_move": "die"}), "options"),
    ("parcheesi-switch-in-pagade", with_(PAG4, options={"larger_die": True}), "options"),
    ("bonus-switch-in-pagade", with_(PAG4, options={"capture_bonus": 20}), "options"),
    ("sum_move-value", with_(PAR2, options={"sum_move": "fly"}), "options"),
    ("sum_move-case", with_(PAR2, options={"sum_move": "Hops"}), "options"),
    ("first_player-value", with_(PAR2, options={"first_player": "middle"}), "options"),
    ("bool-as-int", with_(PAR2, options={"larger_die": 1}), "options"),
    ("bool-as-string", with_(PAR2, options={"larger_die": "true"}), "options"),
    ("bool-null", with_(PAR2, options={"blockade_may_advance": None}), "options"),
    ("int-as-bool", with_(PAR2, options={"capture_bonus": True}), "options"),
    ("int-as-false", with_(PAR2, options={"home_bonus": False}), "options"),
    ("int-negative", with_(PAR2, options={"capture_bonus": -1}), "options"),
    ("int-float", with_(PAR2, options={"capture_bonus": 2.5}), "options"),
    ("int-float-whole", with_(PAR2, options={"capture_bonus": 20.0}), "options"),
    ("int-string", with_(PAR2, options={"home_bonus": "10"}), "options"),
    ("partial_doubles-value", with_(PAR2, options={"partial_doubles": "all"}), "options"),
    ("pagade-bool-as-int", with_(PAG4, options={"cut_to_enter_home": 0}), "options"),
    ("pagade-pair_move", with_(PAG4, options={"pair_move": "triple"}), "options"),
    ("whitman-pair_move", with_(WHIT4, options={"pair_move": "die"}), "options"),
    ("eight-man-places", with_(EIGHT, options={"play_for_places": True}), "options"),
]


@pytest.mark.parametrize(
    ("d", "field"), [c[1:] for c in BAD_OPTIONS], ids=[c[0] for c in BAD_OPTIONS]
)
def test_bad_ruleset_or_options(d: dict[str, Any], field: str) -> None:
    rejected(d, field)


@pytest.mark.parametrize("config", CONFIGS, ids=CONFIG_IDS)
@settings(max_examples=10, deadline=None)
@given(data=st.data())
def test_every_allowed_switch_value_accepted(config: Config, data: st.DataObject) -> None:
    kw = data.draw(setups(config))
    options = data.draw(options_for(config.ruleset))
    d = start(config.ruleset, **kw)
    d["options"] = options
    pos = accepted(d)
    assert pos.to_dict()["options"] == options
    for name, value in options.items():
        assert pos.setup.option(name) == value


def test_default_switch_values_accepted_explicitly() -> None:
    from pachisi.rules import default_options

    for base in (PAR2, WHIT4, EIGHT, PAG4):
        opts = default_options(base["ruleset"])
        pos = accepted(with_(base, options=opts))
        assert pos.to_dict()["options"] == opts


# ---------------------------------------------------------------------------
# §3.6.3 players and teams


def players(*lists: list[str], majors: list[str] | None = None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"colours": list(c)} for c in lists]
    if majors:
        for obj, m in zip(out, majors, strict=True):
            obj["major"] = m
    return out


def with_players(base: dict[str, Any], pl: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """``base`` with other players; pawns given for exactly their colours (start pawns)."""
    d = copy.deepcopy(base)
    d["players"] = pl
    start_p = [6, 7, 12, 12] if base["ruleset"] == "pagade" else [0, 0, 0, 0]
    colours = [
        c for p in pl if isinstance(p, dict) for c in p.get("colours", []) if isinstance(c, str)
    ]
    d["pawns"] = {c: list(start_p) for c in colours}
    if base["ruleset"] == "pagade":
        d["cut"] = [False] * len(pl)
    d.update(extra)
    return d


BAD_PLAYERS: list[tuple[str, dict[str, Any], str]] = [
    ("unknown-colour", with_players(PAR2, players(["red"], ["purple"])), "players"),
    ("pagade-colour-in-parcheesi", with_players(PAR2, players(["red"], ["black"])), "players"),
    (
        "parcheesi-colour-in-pagade",
        with_players(PAG4, players(["red"], ["blue"], ["yellow"], ["green"])),
        "players",
    ),
    ("colour-twice", with_players(PAR2, players(["red"], ["red"])), "players"),
    (
        "colour-twice-one-player",
        with_players(EIGHT, players(["red", "red"], ["blue", "green"], majors=["red", "blue"])),
        "players",
    ),
    ("one-player", with_players(PAR2, players(["red"])), "players"),
    (
        "parcheesi-4-wrong-order",
        with_players(PAR4, players(["red"], ["blue"], ["yellow"], ["green"])),
        "players",
    ),
    (
        "parcheesi-3-wrong-order",
        with_players(PAR3, players(["red"], ["yellow"], ["green"])),
        "players",
    ),
    (
        "whitman-3-wrong-order",
        with_players(WHIT4, players(["red"], ["blue"], ["green"])),
        "players",
    ),
    (
        "pagade-4-wrong-order",
        with_players(PAG4, players(["red"], ["yellow"], ["black"], ["green"])),
        "players",
    ),
    (
        "pagade-4-parcheesi-order",
        with_players(PAG4, players(["red"], ["green"], ["yellow"], ["black"])),
        "players",
    ),
    ("pagade-3-players", with_players(PAG4, players(["red"], ["black"], ["yellow"])), "players"),
    (
        "pagade-2-wrong-pairs",
        with_players(PAG2, players(["red", "black"], ["yellow", "green"])),
        "players",
    ),
    ("pagade-2-one-colour", with_players(PAG2, players(["red"], ["yellow"])), "players"),
    (
        "pagade-1-player-4-colours",
        with_players(PAG4, players(["red", "black", "yellow", "green"])),
        "players",
    ),
    (
        "parcheesi-two-colours",
        with_players(PAR2, players(["red", "yellow"], ["blue", "green"])),
        "players",
    ),
    (
        "whitman-two-colours",
        with_players(WHIT4, players(["red", "yellow"], ["blue", "green"])),
        "players",
    ),
    (
        "eight-man-4-players",
        with_players(
            EIGHT,
            players(
                ["red"], ["green"], ["yellow"], ["blue"], majors=["red", "green", "yellow", "blue"]
            ),
        ),
        "players",
    ),
    (
        "eight-man-wrong-pairs",
        with_players(
            EIGHT, players(["red", "blue"], ["yellow", "green"], majors=["red", "yellow"])
        ),
        "players",
    ),
    (
        "eight-man-no-major",
        with_players(EIGHT, players(["red", "yellow"], ["blue", "green"])),
        "players",
    ),
    (
        "eight-man-major-not-own",
        with_players(EIGHT, players(["red", "yellow"], ["blue", "green"], majors=["blue", "blue"])),
        "players",
    ),
    (
        "eight-man-major-unknown",
        with_players(
            EIGHT, players(["red", "yellow"], ["blue", "green"], majors=["black", "blue"])
        ),
        "players",
    ),
    (
        "eight-man-major-int",
        with_players(EIGHT, players(["red", "yellow"], ["blue", "green"], majors=[0, "blue"])),  # type: ignore[list-item]
        "players",
    ),
    (
        "eight-man-major-list",
        with_players(
            EIGHT, players(["red", "yellow"], ["blue", "green"], majors=[["red"], "blue"])
        ),  # type: ignore[list-item]
        "players",
    ),
    # teams
    ("whitman-teams", with_(WHIT4, teams=[[0, 2], [1, 3]]), "teams"),
    ("parcheesi-3-teams", with_(PAR3, teams=[[0, 2], [1]]), "teams"),
    ("parcheesi-2-teams", with_(PAR2, teams=[[0], [1]]), "teams"),
    ("eight-man-teams", with_(EIGHT, teams=[[0], [1]]), "teams"),
    ("pagade-2-teams", with_(PAG2, teams=[[0], [1]]), "teams"),
    ("teams-neighbours", with_(PART, teams=[[0, 1], [2, 3]]), "teams"),
    ("teams-one-list", with_(PART, teams=[[0, 2]]), "teams"),
    ("teams-three-lists", with_(PART, teams=[[0, 2], [1, 3], []]), "teams"),
    ("teams-three-in-one", with_(PART, teams=[[0, 2, 1], [3]]), "teams"),
    ("teams-bad-index", with_(PART, teams=[[0, 2], [1, 5]]), "teams"),
    ("teams-repeat", with_(PART, teams=[[0, 0], [1, 3]]), "teams"),
    ("teams-negative", with_(PART, teams=[[0, 2], [1, -1]]), "teams"),
    ("pagade-teams-neighbours", with_(PAGT, teams=[[0, 3], [1, 2]]), "teams"),
]


@pytest.mark.parametrize(
    ("d", "field"), [c[1:] for c in BAD_PLAYERS], ids=[c[0] for c in BAD_PLAYERS]
)
def test_bad_players_or_teams(d: dict[str, Any], field: str) -> None:
    rejected(d, field)


GOOD_PLAYERS: list[tuple[str, dict[str, Any]]] = [
    ("parcheesi-2-any-colours", with_players(PAR2, players(["blue"], ["green"]))),
    ("parcheesi-2-neighbours-reversed", with_players(PAR2, players(["green"], ["red"]))),
    ("parcheesi-3-rotated", with_players(PAR3, players(["yellow"], ["blue"], ["red"]))),
    ("parcheesi-3-skip-red", with_players(PAR3, players(["green"], ["yellow"], ["blue"]))),
    ("parcheesi-4-rotated", with_players(PAR4, players(["blue"], ["red"], ["green"], ["yellow"]))),
    ("whitman-3", with_players(WHIT4, players(["green"], ["blue"], ["red"]))),
    ("pagade-4-rotated", with_players(PAG4, players(["yellow"], ["green"], ["red"], ["black"]))),
    ("pagade-2-reversed", with_players(PAG2, players(["green", "black"], ["yellow", "red"]))),
    (
        "eight-man-reversed",
        with_players(EIGHT, players(["green", "blue"], ["yellow", "red"], majors=["green", "red"])),
    ),
    (
        "eight-man-minor-majors",
        with_players(
            EIGHT, players(["red", "yellow"], ["blue", "green"], majors=["yellow", "green"])
        ),
    ),
    ("teams-reordered", with_(PART, teams=[[3, 1], [2, 0]])),
    ("pagade-teams-reordered", with_(PAGT, teams=[[1, 3], [0, 2]])),
    ("unknown-member-ignored", with_(PAR2, comment="hello", history=[1, 2, 3])),
]


@pytest.mark.parametrize("d", [c[1] for c in GOOD_PLAYERS], ids=[c[0] for c in GOOD_PLAYERS])
def test_good_players_accepted(d: dict[str, Any]) -> None:
    pos = accepted(d)
    assert [p["colours"] for p in pos.to_dict()["players"]] == [p["colours"] for p in d["players"]]
    assert pos.to_dict()["teams"] == d["teams"]


# ---------------------------------------------------------------------------
# §3.6.4 pawns

BAD_PAWNS: list[tuple[str, dict[str, Any]]] = [
    ("colour-missing", with_(PAR2, pawns={"red": [0, 0, 0, 0]})),
    ("colour-not-in-play", with_pawns(PAR2, blue=[0, 0, 0, 0])),
    ("colour-unknown", with_pawns(PAR2, purple=[0, 0, 0, 0])),
    ("pagade-colour-in-parcheesi", with_pawns(PAR2, black=[0, 0, 0, 0])),
    ("three-pawns", with_pawns(PAR2, red=[0, 0, 0])),
    ("five-pawns", with_pawns(PAR2, red=[0, 0, 0, 0, 0])),
    ("no-pawns", with_pawns(PAR2, red=[])),
    ("progress-73", with_pawns(PAR2, red=[0, 0, 0, 73])),
    ("progress-negative", with_pawns(PAR2, red=[-1, 0, 0, 0])),
    ("progress-huge", with_pawns(PAR2, red=[0, 0, 0, 10**20])),
    ("pagade-85", with_pawns(PAG4, red=[6, 7, 12, 85])),
    ("pagade-negative", with_pawns(PAG4, red=[-1, 7, 12, 12])),
    ("eight-man-73", with_pawns(EIGHT, yellow=[0, 0, 0, 73])),
    (
        "eight-man-colour-missing",
        with_(EIGHT, pawns={"red": [0] * 4, "blue": [0] * 4, "yellow": [0] * 4}),
    ),
]


@pytest.mark.parametrize("d", [c[1] for c in BAD_PAWNS], ids=[c[0] for c in BAD_PAWNS])
def test_bad_pawns(d: dict[str, Any]) -> None:
    rejected(d, "pawns")


def test_pawn_ranges_accepted() -> None:
    accepted(with_pawns(PAR2, red=[0, 1, 64, 71]))
    accepted(with_pawns(PAG4, red=[1, 7, 8, 75]))
    accepted(with_pawns(PAG4, red=[6, 7, 12, 76]))


def test_pawn_order_carries_no_meaning() -> None:
    a = accepted(with_pawns(PAR2, red=[21, 0, 72, 3]))
    b = accepted(with_pawns(PAR2, red=[72, 21, 3, 0]))
    assert a == b
    assert a.to_dict()["pawns"]["red"] == [0, 3, 21, 72]
    assert a.to_text() == b.to_text()


# ---------------------------------------------------------------------------
# §3.6.5 capacity and sharing
#
# Parcheesi family: colour on arm a at p (1..64) stands on ring square
# (17a + 4 + p) mod 68. Red 30 -> 34, yellow 64 -> 34, blue 13 -> 34,
# green 47 -> 34. Pagade: own square p is ring square (p - 8 + 17a) mod 68.
# Red 20 -> 12, black 71 -> 12, yellow 54 -> 12.

BAD_SQUARES: list[tuple[str, dict[str, Any]]] = [
    ("three-one-colour-ring", with_pawns(PAR2, red=[10, 10, 10, 0])),
    ("three-one-colour-home-path", with_pawns(PAR2, red=[66, 66, 66, 0])),
    ("opponents-share-ring", with_pawns(PAR2, red=[30, 0, 0, 0], yellow=[64, 0, 0, 0])),
    ("opponents-share-entry", with_pawns(PAR2, red=[1, 0, 0, 0], yellow=[35, 0, 0, 0])),
    ("three-two-colours", with_pawns(PART, red=[30, 30, 0, 0], yellow=[64, 0, 0, 0])),
    ("teams-opponents-share", with_pawns(PART, red=[30, 0, 0, 0], green=[47, 0, 0, 0])),
    ("four-partners", with_pawns(PART, red=[30, 30, 0, 0], yellow=[64, 64, 0, 0])),
    (
        "whitman-opponents-share",
        with_players(
            WHIT4, players(["red"], ["blue"]), pawns={"red": [30, 0, 0, 0], "blue": [13, 0, 0, 0]}
        ),
    ),
    ("eight-man-opponents-share", with_pawns(EIGHT, red=[30, 0, 0, 0], blue=[13, 0, 0, 0])),
    ("eight-man-three-mixed", with_pawns(EIGHT, red=[30, 30, 0, 0], yellow=[64, 0, 0, 0])),
    ("pagade-opponents-share", with_pawns(PAG4, red=[6, 7, 12, 20], black=[6, 7, 12, 71])),
    ("pagade-partners-share", with_pawns(PAGT, red=[6, 7, 12, 20], yellow=[6, 7, 12, 54])),
    ("pagade-own-colours-share", with_pawns(PAG2, red=[6, 7, 12, 20], yellow=[6, 7, 12, 54])),
    ("pagade-three-on-ring", with_pawns(PAG4, red=[6, 20, 20, 20])),
    ("pagade-three-on-square-8", with_pawns(PAG4, red=[6, 8, 8, 76])),
    ("pagade-three-start-pair", with_pawns(PAG4, red=[6, 12, 12, 12])),
]


@pytest.mark.parametrize("d", [c[1] for c in BAD_SQUARES], ids=[c[0] for c in BAD_SQUARES])
def test_bad_squares(d: dict[str, Any]) -> None:
    rejected(d, "pawns")


GOOD_SQUARES: list[tuple[str, dict[str, Any]]] = [
    ("blockade-one-colour", with_pawns(PAR2, red=[30, 30, 0, 0])),
    ("blockade-home-path", with_pawns(PAR2, red=[66, 66, 0, 0])),
    ("home-holds-four", with_pawns(PAR2, red=[72, 72, 72, 0])),
    ("partners-share", with_pawns(PART, red=[30, 0, 0, 0], yellow=[64, 0, 0, 0])),
    ("partners-share-green-blue", with_pawns(PART, green=[47, 0, 0, 0], blue=[13, 0, 0, 0])),
    ("eight-man-mixed-blockade", with_pawns(EIGHT, red=[30, 0, 0, 0], yellow=[64, 0, 0, 0])),
    (
        "eight-man-mixed-blockade-blue-green",
        with_pawns(EIGHT, blue=[13, 0, 0, 0], green=[47, 0, 0, 0]),
    ),
    ("same-p-other-colours-differ", with_pawns(PAR2, red=[30, 0, 0, 0], yellow=[30, 0, 0, 0])),
    ("home-paths-are-private", with_pawns(PAR2, red=[66, 0, 0, 0], yellow=[66, 0, 0, 0])),
    ("pagade-belly-three", with_pawns(PAG4, red=[6, 6, 6, 12])),
    ("pagade-belly-four", with_pawns(PAG4, red=[5, 5, 5, 5])),
    ("pagade-pair-8-and-76", with_pawns(PAG4, red=[6, 7, 8, 76])),
    ("pagade-pair-any-p", with_pawns(PAG4, red=[6, 7, 20, 20])),
    ("pagade-opponents-apart", with_pawns(PAG4, red=[6, 7, 12, 20], black=[6, 7, 12, 70])),
    ("pagade-bellies-private", with_pawns(PAG4, red=[3, 7, 12, 12], black=[3, 7, 12, 12])),
]


@pytest.mark.parametrize("d", [c[1] for c in GOOD_SQUARES], ids=[c[0] for c in GOOD_SQUARES])
def test_good_squares(d: dict[str, Any]) -> None:
    accepted(d)


def test_pagade_belly_way_in_holds_any_number() -> None:
    # p = 78 is belly square 6 on the way in, the same square as p = 6.
    d = with_pawns(PAG4, red=[6, 78, 78, 78])
    d["cut"] = [True, False, False, False]
    accepted(d)


# ---------------------------------------------------------------------------
# §3.6.6 to_move, §3.6.7 doubles


def won_by_red_parcheesi_teams() -> dict[str, Any]:
    """Parcheesi teams: red (player 0) has finished, its partner yellow has not."""
    d = with_pawns(PART, red=HOME4)
    d["finished"] = [0]
    d["to_move"] = 1
    return d


BAD_TO_MOVE: list[tuple[str, dict[str, Any], str]] = [
    ("to_move-too-big", with_(PAR2, to_move=2), "to_move"),
    ("to_move-negative", with_(PAR2, to_move=-1), "to_move"),
    ("to_move-4-of-4", with_(PAR4, to_move=4), "to_move"),
    ("to_move-finished", with_(won_by_red_parcheesi_teams(), to_move=0), "to_move"),
    ("doubles-3", with_(PAR2, doubles=3), "doubles"),
    ("doubles-negative", with_(PAR2, doubles=-1), "doubles"),
    ("pagade-doubles-1", with_(PAG4, doubles=1), "doubles"),
    ("pagade-doubles-2", with_(PAG4, doubles=2), "doubles"),
]


@pytest.mark.parametrize(
    ("d", "field"), [c[1:] for c in BAD_TO_MOVE], ids=[c[0] for c in BAD_TO_MOVE]
)
def test_bad_to_move_or_doubles(d: dict[str, Any], field: str) -> None:
    rejected(d, field)


def test_good_to_move_and_doubles() -> None:
    for i in range(4):
        accepted(with_(PAR4, to_move=i))
    for k in (0, 1, 2):
        accepted(with_(PAR2, doubles=k))
        accepted(with_(EIGHT, doubles=k))
    accepted(won_by_red_parcheesi_teams())


def test_to_move_finished_in_pagade_places() -> None:
    d = with_pawns(PAG_PLACES, red=[84] * 4)
    d["cut"] = [True, False, False, False]
    d["finished"] = [0]
    d["winner"] = [0]
    d["to_move"] = 1
    pos = accepted(d)
    assert not pos.is_over
    rejected(with_(d, to_move=0), "to_move")


# ---------------------------------------------------------------------------
# §3.6.8 cut flags

BAD_CUT: list[tuple[str, dict[str, Any]]] = [
    ("parcheesi-list", with_(PAR2, cut=[False, False])),
    ("parcheesi-false", with_(PAR2, cut=False)),
    ("whitman-list", with_(WHIT4, cut=[False] * 4)),
    ("eight-man-list", with_(EIGHT, cut=[False, False])),
    ("pagade-null", with_(PAG4, cut=None)),
    ("pagade-too-short", with_(PAG4, cut=[False] * 3)),
    ("pagade-too-long", with_(PAG4, cut=[False] * 5)),
    ("pagade-2-four-flags", with_(PAG2, cut=[False] * 4)),
    ("pagade-empty", with_(PAG4, cut=[])),
    # (a) a pawn past its square 8 (p >= 77) or Home needs its player's flag.
    ("belly-without-cut", with_pawns(PAG4, red=[6, 7, 12, 80])),
    ("p77-without-cut", with_pawns(PAG4, black=[6, 7, 12, 77])),
    ("home-without-cut", with_pawns(PAG4, green=[6, 7, 12, 84])),
    (
        "belly-without-cut-other-flag",
        with_(with_pawns(PAG4, red=[6, 7, 12, 80]), cut=[False, True, False, False]),
    ),
    (
        "pagade-2-belly-without-cut",
        with_(with_pawns(PAG2, yellow=[6, 7, 12, 80]), cut=[False, True]),
    ),
    # (b) a cut pawn needs an opponent who has cut.
    ("cut-pawn-nobody-cut", with_pawns(PAG4, red=[0, 7, 12, 12])),
    (
        "cut-pawn-only-own-flag",
        with_(with_pawns(PAG4, red=[0, 7, 12, 12]), cut=[True, False, False, False]),
    ),
    (
        "cut-pawn-only-partner-flag",
        with_(with_pawns(PAGT, red=[0, 7, 12, 12]), cut=[False, False, True, False]),
    ),
    (
        "pagade-2-cut-pawn-own-flag",
        with_(with_pawns(PAG2, yellow=[0, 7, 12, 12]), cut=[True, False]),
    ),
]


@pytest.mark.parametrize("d", [c[1] for c in BAD_CUT], ids=[c[0] for c in BAD_CUT])
def test_bad_cut(d: dict[str, Any]) -> None:
    rejected(d, "cut")


GOOD_CUT: list[tuple[str, dict[str, Any]]] = [
    (
        "belly-with-cut",
        with_(with_pawns(PAG4, red=[6, 7, 12, 80]), cut=[True, False, False, False]),
    ),
    ("home-with-cut", with_(with_pawns(PAG4, red=[6, 7, 12, 84]), cut=[True, False, False, False])),
    (
        "belly-no-cut-needed",
        with_(with_pawns(PAG4, red=[6, 7, 12, 80]), options={"cut_to_enter_home": False}),
    ),
    (
        "cut-pawn-opponent-flag",
        with_(with_pawns(PAG4, red=[0, 7, 12, 12]), cut=[False, False, False, True]),
    ),
    (
        "cut-pawn-teams-opponent-flag",
        with_(with_pawns(PAGT, red=[0, 7, 12, 12]), cut=[False, True, False, False]),
    ),
    ("pagade-2-cut-pawn", with_(with_pawns(PAG2, yellow=[0, 0, 12, 12]), cut=[False, True])),
    ("flags-without-reason", with_(PAG4, cut=[True, True, True, True])),
]


@pytest.mark.parametrize("d", [c[1] for c in GOOD_CUT], ids=[c[0] for c in GOOD_CUT])
def test_good_cut(d: dict[str, Any]) -> None:
    pos = accepted(d)
    assert pos.cut == tuple(d["cut"])


# ---------------------------------------------------------------------------
# §3.6.9 finished, §3.6.10 winner and the end of the game


def fin(
    base: dict[str, Any],
    finished: list[int],
    winner: list[int] | None,
    to_move: int,
    **pawns: list[int],
) -> dict[str, Any]:
    d = with_pawns(base, **pawns)
    d["finished"] = finished
    d["winner"] = winner
    d["to_move"] = to_move
    return d


BAD_FINISHED: list[tuple[str, dict[str, Any], str]] = [
    ("finished-missing-player", fin(PAR2, [], None, 0, red=HOME4), "finished"),
    ("finished-not-done", fin(PAR2, [1], [1], 0), "finished"),
    ("finished-one-not-done", fin(PAR3, [0, 1], [0], 2, red=HOME4), "finished"),
    ("finished-twice", fin(PAR2, [0, 0], [0], 1, red=HOME4), "finished"),
    ("finished-out-of-range", fin(PAR2, [5], None, 0), "finished"),
    ("finished-negative", fin(PAR2, [-1], None, 0), "finished"),
    ("three-home-not-finished", fin(PAR2, [0], [0], 1, red=[0, H, H, H]), "finished"),
    (
        "eight-man-7-home-not-listed",
        fin(EIGHT, [], None, 0, red=HOME4, yellow=[H, H, H, 0]),
        "finished",
    ),
    (
        "eight-man-minor-4-major-3",
        fin(EIGHT, [0], [0], 1, red=[H, H, H, 0], yellow=HOME4),
        "finished",
    ),
    ("eight-man-6-home", fin(EIGHT, [0], [0], 1, red=HOME4, yellow=[H, H, 0, 0]), "finished"),
    (
        "pagade-finished-missing",
        with_(fin(PAG4, [], None, 1, red=[84] * 4), cut=[True, False, False, False]),
        "finished",
    ),
    (
        "pagade-2-one-colour-home",
        with_(fin(PAG2, [0], [0], 1, red=[84] * 4), cut=[True, False]),
        "finished",
    ),
    # winner
    ("winner-missing", fin(PAR2, [0], None, 1, red=HOME4), "winner"),
    ("winner-wrong-player", fin(PAR2, [0], [1], 1, red=HOME4), "winner"),
    ("winner-two-players", fin(PAR2, [0], [0, 1], 1, red=HOME4), "winner"),
    ("winner-repeated", fin(PAR2, [0], [0, 0], 1, red=HOME4), "winner"),
    ("winner-nobody-finished", fin(PAR2, [], [0], 1), "winner"),
    (
        "winner-second-finisher",
        fin(PAG_PLACES, [0, 1], [1], 2, red=[84] * 4, black=[84] * 4)
        | {"cut": [True, True, False, False]},
        "winner",
    ),
    ("teams-winner-half-team", fin(PART, [0, 2], [0], 1, red=HOME4, yellow=HOME4), "winner"),
    ("teams-winner-other-team", fin(PART, [0, 2], [1, 3], 1, red=HOME4, yellow=HOME4), "winner"),
    ("teams-winner-too-early", fin(PART, [0], [0], 1, red=HOME4), "winner"),
    ("teams-winner-too-early-pair", fin(PART, [0], [0, 2], 1, red=HOME4), "winner"),
    ("teams-no-winner", fin(PART, [0, 2], None, 1, red=HOME4, yellow=HOME4), "winner"),
    # §3.5: "winner becomes that team's player indices in ascending order".
    ("teams-winner-not-ascending", fin(PART, [0, 2], [2, 0], 1, red=HOME4, yellow=HOME4), "winner"),
]


@pytest.mark.parametrize(
    ("d", "field"), [c[1:] for c in BAD_FINISHED], ids=[c[0] for c in BAD_FINISHED]
)
def test_bad_finished_or_winner(d: dict[str, Any], field: str) -> None:
    rejected(d, field)


PAST_END: list[tuple[str, dict[str, Any]]] = [
    ("individual-two-finished", fin(PAR3, [0, 1], [0], 2, red=HOME4, green=HOME4)),
    ("whitman-two-finished", fin(WHIT4, [1, 0], [1], 2, red=HOME4, green=HOME4)),
    (
        "pagade-two-finished",
        with_(
            fin(PAG4, [0, 1], [0], 2, red=[84] * 4, black=[84] * 4), cut=[True, True, False, False]
        ),
    ),
    ("teams-went-on", fin(PART, [0, 2, 1], [0, 2], 3, red=HOME4, yellow=HOME4, green=HOME4)),
    (
        "pagade-places-all-but-none",
        with_(
            fin(
                PAG_PLACES,
                [0, 1, 2, 3],
                [0],
                0,
                red=[84] * 4,
                black=[84] * 4,
                yellow=[84] * 4,
                green=[84] * 4,
            ),
            cut=[True] * 4,
        ),
    ),
    (
        "pagade-teams-places-went-on",
        with_(
            fin(PAGT_PLACES, [0, 2, 1], [0, 2], 3, red=[84] * 4, yellow=[84] * 4, black=[84] * 4),
            cut=[True, True, True, False],
        ),
    ),
]


@pytest.mark.parametrize("d", [c[1] for c in PAST_END], ids=[c[0] for c in PAST_END])
def test_game_gone_past_its_end(d: dict[str, Any]) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_dict(d)
    # §3.6.10 is a check of `finished` against `winner`; either name is clear.
    assert info.value.field in ("finished", "winner", "to_move"), info.value
    if len(d["finished"]) < len(d["players"]):
        assert info.value.field in ("finished", "winner"), info.value


GOOD_ENDS: list[tuple[str, dict[str, Any], bool]] = [
    ("parcheesi-won", fin(PAR2, [0], [0], 1, red=HOME4), True),
    ("parcheesi-4-won-by-3", fin(PAR4, [3], [3], 0, blue=HOME4), True),
    ("eight-man-won", fin(EIGHT, [0], [0], 1, red=HOME4, yellow=[H, H, H, 30]), True),
    (
        "eight-man-won-minor-major",
        fin(
            with_(
                EIGHT,
                players=players(["red", "yellow"], ["blue", "green"], majors=["red", "green"]),
            ),
            [1],
            [1],
            0,
            green=HOME4,
            blue=[0, H, H, H],
        ),
        True,
    ),
    ("eight-man-all-eight", fin(EIGHT, [1], [1], 0, blue=HOME4, green=HOME4), True),
    ("teams-half", fin(PART, [2], None, 0, yellow=HOME4), False),
    ("teams-both-partners", fin(PART, [0, 2], [0, 2], 1, red=HOME4, yellow=HOME4), True),
    (
        "teams-won-after-opponent",
        fin(PART, [1, 0, 2], [0, 2], 3, red=HOME4, yellow=HOME4, green=HOME4),
        True,
    ),
    (
        "pagade-won",
        with_(fin(PAG4, [2], [2], 3, yellow=[84] * 4), cut=[False, False, True, False]),
        True,
    ),
    (
        "pagade-2-won",
        with_(fin(PAG2, [1], [1], 0, black=[84] * 4, green=[84] * 4), cut=[False, True]),
        True,
    ),
    (
        "pagade-places-one-finished",
        with_(fin(PAG_PLACES, [0], [0], 1, red=[84] * 4), cut=[True, False, False, False]),
        False,
    ),
    (
        "pagade-places-three-finished",
        with_(
            fin(PAG_PLACES, [0, 2, 1], [0], 3, red=[84] * 4, black=[84] * 4, yellow=[84] * 4),
            cut=[True, True, True, False],
        ),
        True,
    ),
    (
        "pagade-teams-places-done",
        with_(
            fin(PAGT_PLACES, [1, 0, 2], [0, 2], 3, red=[84] * 4, yellow=[84] * 4, black=[84] * 4),
            cut=[True, True, True, False],
        ),
        True,
    ),
]


@pytest.mark.parametrize(("d", "over"), [c[1:] for c in GOOD_ENDS], ids=[c[0] for c in GOOD_ENDS])
def test_good_finished_and_winner(d: dict[str, Any], over: bool) -> None:
    pos = accepted(d)
    assert pos.is_over == over
    assert pos.finished == tuple(d["finished"])
    assert pos.winner == (tuple(d["winner"]) if d["winner"] is not None else None)


# ---------------------------------------------------------------------------
# Robustness: any JSON value in any field gives a Position or a PositionError

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 100)
    | st.floats(allow_nan=False)
    | st.sampled_from(["red", "blue", "black", "yellow", "green", "hops", "", "pagade"]),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.sampled_from(
                ["colours", "major", "red", "yellow", "blue", "green", "black", "sum_move", "x"]
            ),
            inner,
            max_size=4,
        )
    ),
    max_leaves=12,
)

BASES = [PAR2, PART, EIGHT, PAG4, PAG2, WHIT4]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(BASES), field=st.sampled_from(FIELDS), value=json_values)
def test_any_field_value_never_crashes(base: dict[str, Any], field: str, value: Any) -> None:
    d = with_(base, **{field: value})
    try:
        pos = Position.from_dict(d)
    except PositionError as exc:
        assert exc.field and "\n" not in str(exc)
        return
    assert Position.from_dict(pos.to_dict()) == pos


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(BASES),
    colour=st.sampled_from(["red", "blue", "black", "yellow", "green", "white"]),
    value=json_values,
)
def test_any_pawns_value_never_crashes(base: dict[str, Any], colour: str, value: Any) -> None:
    d = with_pawns(base, **{colour: value})
    try:
        Position.from_dict(d)
    except PositionError as exc:
        assert exc.field == "pawns"


@settings(max_examples=200, deadline=None)
@given(
    base=st.sampled_from(BASES),
    colour=st.sampled_from(["red", "blue", "black", "yellow", "green"]),
    pawns=st.lists(st.integers(-3, 90), min_size=4, max_size=4),
)
def test_random_pawn_numbers_never_crash(
    base: dict[str, Any], colour: str, pawns: list[int]
) -> None:
    d = with_pawns(base, **{colour: pawns})
    try:
        pos = Position.from_dict(d)
    except PositionError as exc:
        assert exc.field in ("pawns", "cut", "finished", "winner", "to_move")
        return
    assert Position.from_text(pos.to_text()) == pos


@pytest.mark.parametrize(
    "text",
    [
        "",
        "{",
        '{"ruleset": "parcheesi"',
        "nan",
        "{'ruleset': 'parcheesi'}",
        '{"ruleset": "parcheesi",}',
        "\ufeff{}",
        "[" * 50_000 + "]" * 50_000,
        '{"a":' * 50_000 + "1" + "}" * 50_000,
    ],
    ids=[
        "empty",
        "open-brace",
        "truncated",
        "nan",
        "single-quotes",
        "trailing-comma",
        "bom",
        "deeply-nested-list",
        "deeply-nested-object",
    ],
)
def test_malformed_json(text: str) -> None:
    """Malformed JSON, however malformed, is a PositionError (readers never crash)."""
    with pytest.raises(PositionError):
        Position.from_json(text)


def test_from_json_bytes() -> None:
    pos = Position.start("parcheesi", players=2)
    assert Position.from_json(pos.to_json().encode()) == pos
    with pytest.raises(PositionError):
        Position.from_json(b"\xff\xfe\x00")


# ---------------------------------------------------------------------------
# The text form


def sample_texts() -> list[str]:
    out = []
    for d in (PAR2, PART, EIGHT, PAG4, PAG2, WHIT4):
        out.append(Position.from_dict(d).to_text())
    d = with_(
        with_pawns(PAG4, red=[0, 7, 80, 84]),
        cut=[True, True, False, False],
        options={"sum_move": "hops", "safe_x_squares": True},
    )
    out.append(Position.from_dict(d).to_text())
    out.append(Position.from_dict(fin(PART, [0, 2], [0, 2], 1, red=HOME4, yellow=HOME4)).to_text())
    return out


TEXTS = sample_texts()


@pytest.mark.parametrize("text", TEXTS)
def test_text_round_trip(text: str) -> None:
    pos = Position.from_text(text)
    assert pos.to_text() == text
    assert Position.from_dict(pos.to_dict()) == pos
    assert eval(repr(pos), {"Position": Position}) == pos


MALFORMED_TEXT = [
    "",
    "   ",
    "parcheesi",
    "ludo r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - - -",
    "parcheesi{sum_move=hops r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi{foo=1} r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi{sum_move} r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi{sum_move=fly} r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi{=1} r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi{} r,z - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,z - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,y 02/13 r:0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,g,y,b 0x/13 r:0.0.0.0,g:0.0.0.0,y:0.0.0.0,b:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r:0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r0.0.0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.a 0 0 - - -",
    "parcheesi r,y - r:0..0.0,y:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0,b:0.0.0.0 0 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 -1 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 a 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 x - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 2 - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 10 - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - a -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - x",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - 0",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 ² 0 - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 ² - - -",
    "parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - ² -",
    "parcheesi r,y - r:0.0.0.²,y:0.0.0.0 0 0 - - -",
    "pagade r,b,y,g - r:6.7.12.12,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 000 - -",
    "pagade r,b,y,g - r:6.7.12.12,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 0020 - -",
    "pagade r,b,y,g - r:6.7.12.12,b:6.7.12.12,y:6.7.12.12,g:6.7.12.12 0 0 - - -",
    "eight-man ry,bg - r:0.0.0.0,y:0.0.0.0,b:0.0.0.0,g:0.0.0.0 0 0 - - -",
    "eight-man RY,Bg - r:0.0.0.0,y:0.0.0.0,b:0.0.0.0,g:0.0.0.0 0 0 - - -",
]


@pytest.mark.parametrize("text", MALFORMED_TEXT)
def test_malformed_text(text: str) -> None:
    with pytest.raises(PositionError) as info:
        Position.from_text(text)
    assert info.value.field
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("value", [None, 5, b"parcheesi", ["parcheesi"]])
def test_text_of_wrong_type(value: Any) -> None:
    with pytest.raises(PositionError):
        Position.from_text(value)


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    text = draw(st.sampled_from(TEXTS))
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "swap-fields", "dup-field"]))
        if not text:
            break
        i = draw(st.integers(0, len(text) - 1))
        ch = draw(st.sampled_from([*list("0123456789.,:-/{}=ryYbBgGxX ²٣"), "\t", "\n", "é"]))
        if kind == "delete":
            text = text[:i] + text[i + 1 :]
        elif kind == "insert":
            text = text[:i] + ch + text[i:]
        elif kind == "replace":
            text = text[:i] + ch + text[i + 1 :]
        else:
            parts = text.split(" ")
            j = draw(st.integers(0, len(parts) - 1))
            k = draw(st.integers(0, len(parts) - 1))
            if kind == "swap-fields":
                parts[j], parts[k] = parts[k], parts[j]
            else:
                parts[j] = parts[k]
            text = " ".join(parts)
    return text


@settings(max_examples=500, deadline=None)
@given(text=mutated_texts())
def test_mutated_text_never_crashes(text: str) -> None:
    """A corrupted text form is read or rejected with a PositionError, nothing else."""
    try:
        pos = Position.from_text(text)
    except PositionError:
        return
    assert Position.from_text(pos.to_text()) == pos


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=80))
def test_random_text_never_crashes(text: str) -> None:
    with contextlib.suppress(PositionError):
        Position.from_text(text)
