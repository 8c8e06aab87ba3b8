"""Hypothesis strategies and spec-side helpers shared by the property tests.

Everything here is written from RULES.md / FORMAT.md, not from the engine:
the set-ups of §3.1, the switch values of §1, the squares of §2.5 and the
finishing/winner rules of §3.5, so that tests can build positions on their
own and compare the engine's answers with the rule book.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

from pachisi import SWITCHES
from pachisi.board import COLOURS, HOME
from pachisi.rules import default_options

RULESET_NAMES = ("pagade", "whitman", "parcheesi", "eight-man")

#: Turn order of the colours by name (RULES.md §3.1).
TURN_CYCLE = {
    "pagade": ("red", "black", "yellow", "green"),
    "whitman": ("red", "green", "yellow", "blue"),
    "parcheesi": ("red", "green", "yellow", "blue"),
    "eight-man": ("red", "green", "yellow", "blue"),
}


@dataclass(frozen=True)
class Config:
    """A set-up of RULES.md §3.1 as keyword arguments of ``Position.start``."""

    name: str
    ruleset: str
    players: Any
    teams: Any = None
    majors: Any = None

    def kwargs(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": self.players}
        if self.teams is not None:
            out["teams"] = self.teams
        if self.majors is not None:
            out["majors"] = self.majors
        return out

    @property
    def n_players(self) -> int:
        return self.players if isinstance(self.players, int) else len(self.players)


#: Every ruleset and set-up the rule book allows (one representative each).
CONFIGS: tuple[Config, ...] = (
    Config("pagade-4", "pagade", 4),
    Config("pagade-teams", "pagade", 4, teams=True),
    Config("pagade-2", "pagade", 2),
    Config("whitman-2", "whitman", 2),
    Config("whitman-3", "whitman", 3),
    Config("whitman-4", "whitman", 4),
    Config("parcheesi-2", "parcheesi", 2),
    Config("parcheesi-3", "parcheesi", 3),
    Config("parcheesi-4", "parcheesi", 4),
    Config("parcheesi-teams", "parcheesi", 4, teams=True),
    Config("eight-man-red-blue", "eight-man", 2, majors=("red", "blue")),
    Config("eight-man-yellow-green", "eight-man", 2, majors=("yellow", "green")),
)
CONFIG_IDS = [c.name for c in CONFIGS]

_INT_VALUES = (0, 1, 5, 10, 20, 40)


def switch_values(name: str) -> tuple[object, ...]:
    """The values of a switch that the tests try (all of them, or a few integers)."""
    kind = SWITCHES[name].kind
    if kind == "bool":
        return (True, False)
    if kind == "int":
        return _INT_VALUES
    return tuple(kind)


@st.composite
def options_for(draw: st.DrawFn, ruleset: str) -> dict[str, object]:
    """A random subset of the ruleset's switches with random allowed values."""
    out: dict[str, object] = {}
    for name in sorted(default_options(ruleset)):
        if name == "first_player":
            continue  # irrelevant once the game runs
        if draw(st.booleans()):
            out[name] = draw(st.sampled_from(switch_values(name)))
    return out


def _rotate(seq: list[Any], k: int) -> list[Any]:
    k %= len(seq)
    return seq[k:] + seq[:k]


@st.composite
def setups(draw: st.DrawFn, config: Config) -> dict[str, Any]:
    """Keyword arguments for ``Position.start`` of a random variant of ``config``.

    Varies what §3.1 leaves free: which colours play (any distinct colours for
    2-3 players), where the turn order starts, the order inside ``teams`` and
    the choice of major colours.
    """
    r = config.ruleset
    cycle = list(TURN_CYCLE[r])
    kw: dict[str, Any] = {}
    if r == "eight-man" or (r == "pagade" and config.n_players == 2):
        names = COLOURS[r]
        pairs = [[names[0], names[2]], [names[1], names[3]]]
        pairs = [draw(st.permutations(p)) for p in pairs]
        if draw(st.booleans()):
            pairs.reverse()
        kw["players"] = [list(p) for p in pairs]
        if r == "eight-man":
            kw["majors"] = [draw(st.sampled_from(p)) for p in kw["players"]]
        return kw
    n = config.n_players
    if n == 4:
        chosen = cycle
    else:
        subset = draw(st.sets(st.sampled_from(cycle), min_size=n, max_size=n))
        chosen = [c for c in cycle if c in subset]
    kw["players"] = [[c] for c in _rotate(chosen, draw(st.integers(0, n - 1)))]
    if config.teams:
        teams = [[0, 2], [1, 3]]
        teams = [draw(st.permutations(t)) for t in teams]
        if draw(st.booleans()):
            teams.reverse()
        kw["teams"] = [list(t) for t in teams]
    return kw


# ---------------------------------------------------------------------------
# Spec-side helpers (RULES.md §2.5, §3.1, §3.5)


def square_of(ruleset: str, arm: int, p: int) -> tuple[str, int] | None:
    """The square of a pawn as ``("ring", q)`` or ``("private", row)``, or None (off/Home)."""
    if ruleset == "pagade":
        if p == 0 or p == 84:
            return None
        if 1 <= p <= 7:
            return ("private", arm * 10 + p)
        if 8 <= p <= 75:
            return ("ring", (p - 8 + 17 * arm) % 68)
        if p == 76:
            return ("ring", 17 * arm)
        return ("private", arm * 10 + 84 - p)
    if p == 0 or p == 72:
        return None
    if p <= 64:
        return ("ring", (17 * arm + 4 + p) % 68)
    return ("private", arm * 10 + 72 - p)


def player_done(ruleset: str, pawns: dict[str, list[int]], player: dict[str, Any]) -> bool:
    """§3.5: has this player (a FORMAT.md player object) finished?"""
    home = HOME[ruleset]
    if ruleset == "eight-man":
        return all(
            sum(1 for p in pawns[c] if p == home) >= (4 if c == player["major"] else 3)
            for c in player["colours"]
        )
    return all(p == home for c in player["colours"] for p in pawns[c])


def winner_from(finished: list[int], teams: list[list[int]] | None) -> list[int] | None:
    """§3.5: the winner that the finishing order makes."""
    if not teams:
        return [finished[0]] if finished else None
    done: set[int] = set()
    for i in finished:
        done.add(i)
        for t in teams:
            if i in t and all(j in done for j in t):
                return sorted(t)
    return None


def friendly_players(n: int, teams: list[list[int]] | None) -> list[set[int]]:
    """For each player, the set of friendly players (himself included)."""
    out = [{i} for i in range(n)]
    for t in teams or ():
        for i in t:
            out[i] = set(t)
    return out
