"""Rulesets, rule switches and player set-ups (RULES.md §1, §3.1).

A :class:`Setup` is what stays fixed for a whole game: the ruleset, the
switches, the players with their colours and the teams. It is the "game" of
OpenSpiel's game/state split; :class:`pachisi.Position` is the state.

>>> s = Setup.create("parcheesi", players=4, teams=True)
>>> s.players
((0,), (3,), (2,), (1,))
>>> s.option("home_bonus")
10
>>> Setup.create("pagade", options={"sum_move": "hops"}).option("sum_move")
'hops'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Final, Literal

from .board import COLOURS, HOME
from .errors import PositionError

__all__ = [
    "ALL_RULESETS",
    "ONE_DIE_RULESETS",
    "RULESETS",
    "RULESET_TITLES",
    "SWITCHES",
    "OptionValue",
    "Setup",
    "Switch",
    "check_option",
    "default_options",
]

#: The four rulesets on the Pachisi cross, by their FORMAT.md names: the rulesets that every
#: part of the project (kernel, players, web, RL) knows.
RULESETS: Final = ("pagade", "whitman", "parcheesi", "eight-man")
#: The one-die rulesets of RULES-LUDO.md (Ludo, Mensch ärgere Dich nicht): known to the clear
#: engine (:mod:`pachisi._ludo`), positions, ``moves`` and ``simulate`` so far.
ONE_DIE_RULESETS: Final = ("ludo", "maedn")
#: Every ruleset a position may name.
ALL_RULESETS: Final = RULESETS + ONE_DIE_RULESETS

#: Each ruleset's name for people (the terminal board's title, the web lobby).
RULESET_TITLES: Final[Mapping[str, str]] = {
    "pagade": "Pagade",
    "whitman": "Whitman's Pachisi",
    "parcheesi": "Parcheesi",
    "eight-man": "Eight-Man Parcheesi",
    "ludo": "Ludo",
    "maedn": "Mensch ärgere Dich nicht",
}

OptionValue = bool | int | str


@dataclass(frozen=True)
class Switch:
    """One rule switch of RULES.md §1.

    ``kind`` is ``"bool"``, ``"int"`` (an integer >= 0) or a tuple of the
    allowed strings; ``defaults`` maps each ruleset that knows the switch to
    its default value.
    """

    name: str
    kind: Literal["bool", "int"] | tuple[str, ...]
    defaults: Mapping[str, OptionValue]
    doc: str

    def check(self, value: object) -> OptionValue:
        """Return ``value`` if it is allowed for this switch, else raise ``ValueError``."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise ValueError(f"{self.name} must be true or false, not {value!r}")
        if self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                return value
            raise ValueError(f"{self.name} must be an integer >= 0, not {value!r}")
        if isinstance(value, str) and value in self.kind:
            return value
        allowed = ", ".join(repr(v) for v in self.kind)
        raise ValueError(f"{self.name} must be one of {allowed}, not {value!r}")


_P = "pagade"
_W = "whitman"
_S = "parcheesi"
_E = "eight-man"
_L = "ludo"
_M = "maedn"

#: The switch table of RULES.md §1, by name.
SWITCHES: Final[dict[str, Switch]] = {
    s.name: s
    for s in (
        Switch(
            "first_player",
            ("highest", "lowest"),
            {_P: "highest", _W: "lowest", _S: "highest", _E: "highest"},
            "whether the highest or the lowest preliminary throw starts (§3.7)",
        ),
        Switch(
            "sum_move",
            ("jump", "hops"),
            {_P: "jump", _W: "jump", _S: "hops", _E: "hops"},
            "one pawn using several numbers: one jump of their sum, or one number after another",
        ),
        Switch("pair_move", ("die", "double"), {_P: "die"}, "a pair on d-d goes d or 2d (§4.3)"),
        Switch(
            "cut_to_enter_home",
            "bool",
            {_P: True},
            "a player must have cut an opponent before turning into the belly (§4.5)",
        ),
        Switch("safe_x_squares", "bool", {_P: False}, "the X-marked squares protect (§4.4)"),
        Switch("play_for_places", "bool", {_P: False}, "the others play on for places (§3.5)"),
        Switch(
            "larger_die",
            "bool",
            {_W: False, _S: True, _E: True},
            "when only one die of a non-doublet can be used, it must be the larger (§5.6)",
        ),
        Switch("capture_bonus", "int", {_W: 20, _S: 20, _E: 20}, "bonus move per capture (§5.7)"),
        Switch("home_bonus", "int", {_W: 0, _S: 10, _E: 10}, "bonus move per pawn HOME (§5.7)"),
        Switch(
            "blockade_may_advance",
            "bool",
            {_W: True, _S: False, _E: False},
            "the two pawns of a blockade may end a throw together elsewhere (§5.5)",
        ),
        Switch(
            "partial_doubles",
            ("nothing", "forfeit_extra_throw"),
            {_W: "forfeit_extra_throw", _S: "nothing", _E: "nothing"},
            "a doublet that cannot all be used: nothing moves, or use what can and lose the"
            " extra throw (§5.6, §5.8)",
        ),
        Switch(
            "no_split_doubles_home",
            "bool",
            {_W: False, _S: True, _E: True},
            "on a doublet a pawn reaches HOME only using every number itself (§5.5)",
        ),
        # RULES-LUDO.md §1 (additions): Ludo and Mensch ärgere Dich nicht.
        Switch(
            "board",
            ("ludoking", "printed", "ludopy"),
            {_L: "ludoking"},
            "which ring squares are marked: stars 7 or 8 past each entry, or ludopy's (L.1.4)",
        ),
        Switch(
            "last_ring_square",
            ("stop", "skip"),
            {_L: "stop"},
            "a count ending on the last ring square stops there, or goes on a square [OP-K1]",
        ),
        Switch(
            "overshoot",
            ("exact", "bounce", "ludopy"),
            {_L: "exact"},
            "a throw past Home: no move, bounce back, or to 57 - d (L.3.3)",
        ),
        Switch(
            "blocks",
            ("no_landing", "impassable", "kill_mover"),
            {_L: "no_landing"},
            "two pawns of a colour on a square: not landed on, not passed, or deadly (L.4.2)",
        ),
        Switch(
            "start_tries",
            ("one", "three", "opening"),
            {_L: "one"},
            "extra throws with nobody out: none, three tries, or ludopy's opening (L.6.3)",
        ),
        Switch(
            "three_sixes",
            "bool",
            {_L: True, _M: False},
            "a third 6 in a row is forfeited and ends the turn (L.6.1)",
        ),
        Switch(
            "bonus_throws",
            "bool",
            {_L: True},
            "a capture or a pawn reaching Home gives another throw (L.6.4)",
        ),
        Switch(
            "ludopy_quirks",
            "bool",
            {_L: False},
            "ludopy's board bugs (L.2.4, L.2.5, L.4.3)",
        ),
        Switch(
            "three_tries",
            "bool",
            {_M: False},
            "a player with no pawn on the ring throws up to three times [OP-M1]",
        ),
        Switch("goal_jump", "bool", {_M: True}, "pawns may pass each other in the goal [OP-M4]"),
        Switch(
            "must_capture", "bool", {_M: False}, "a capture, when possible, must be made [OP-M6]"
        ),
    )
}


def default_options(ruleset: str) -> dict[str, OptionValue]:
    """All switches of ``ruleset`` with their default values."""
    return {n: s.defaults[ruleset] for n, s in SWITCHES.items() if ruleset in s.defaults}


def check_option(ruleset: str, name: str, value: object) -> OptionValue:
    """Validate one switch for ``ruleset``; ``ValueError`` names what is wrong."""
    sw = SWITCHES.get(name)
    if sw is None or ruleset not in sw.defaults:
        known = ", ".join(sorted(default_options(ruleset)))
        raise ValueError(f"unknown switch {name!r} for {ruleset} (known: {known})")
    return sw.check(value)


# Turn order of the colours (RULES.md §3.1): Pagade goes with the pawns
# (arm 0, 1, 2, 3), the Parcheesi family to the left (red, green, yellow, blue).
_TURN_CYCLE: Final[dict[str, tuple[int, ...]]] = {
    _P: (0, 1, 2, 3),
    _W: (0, 3, 2, 1),
    _S: (0, 3, 2, 1),
    _E: (0, 3, 2, 1),
    _L: (0, 1, 2, 3),
    _M: (0, 1, 2, 3),
}


@dataclass(frozen=True)
class Setup:
    """Ruleset, switches, players and teams: everything fixed for a game.

    ``players[i]`` is the tuple of colour indices (arms) of player ``i`` in
    turn order; ``majors[i]`` is player ``i``'s major colour in ``eight-man``
    (``None`` elsewhere); ``teams`` is ``None`` or a tuple of player-index
    tuples; ``explicit`` holds the switches that were given by name (kept so
    that a position is written back as it was read). Use :meth:`create` or
    :meth:`from_fields` rather than the constructor: they validate.
    """

    ruleset: str
    players: tuple[tuple[int, ...], ...]
    teams: tuple[tuple[int, ...], ...] | None = None
    majors: tuple[int | None, ...] | None = None
    explicit: tuple[tuple[str, OptionValue], ...] = ()
    _options: dict[str, OptionValue] = field(
        default_factory=dict, compare=False, hash=False, repr=False
    )

    # -- construction -------------------------------------------------------

    def __post_init__(self) -> None:
        opts = default_options(self.ruleset)
        opts.update(dict(self.explicit))
        object.__setattr__(self, "_options", opts)

    def __hash__(self) -> int:
        # Positions are hashed often (deduplicating outcomes): cache the set-up's hash.
        h: int | None = self.__dict__.get("_hash")
        if h is None:
            h = hash((self.ruleset, self.players, self.teams, self.majors, self.explicit))
            self.__dict__["_hash"] = h
        return h

    @classmethod
    def create(
        cls,
        ruleset: str = "parcheesi",
        *,
        players: int | Sequence[Sequence[str] | str] | None = None,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
    ) -> Setup:
        """Build a set-up from friendly arguments.

        ``players`` is a count (``pagade``: 4 or 2; ``whitman``/``parcheesi``:
        2, 3 or 4; ``eight-man``: 2) or explicit colour lists in turn order.
        ``teams=True`` asks for partners opposite (``[[0, 2], [1, 3]]``);
        ``majors`` names each player's major colour in ``eight-man``
        (default red and blue). Raises :class:`PositionError` on a bad set-up.
        """
        if ruleset not in ALL_RULESETS:
            raise PositionError("ruleset", f"unknown ruleset {ruleset!r}")
        names = COLOURS[ruleset]
        cycle = _TURN_CYCLE[ruleset]
        colour_lists: list[list[str]]
        if players is None:
            players = 2 if ruleset == "eight-man" else 4
        if isinstance(players, int):
            if ruleset == "eight-man" or (ruleset == "pagade" and players == 2):
                if players != 2:
                    raise PositionError("players", f"{ruleset} is played by 2 players")
                colour_lists = [[names[0], names[2]], [names[1], names[3]]]
                if ruleset == "eight-man":
                    colour_lists = [[names[0], names[2]], [names[1], names[3]]]
            elif players in (2, 3, 4) and (ruleset != "pagade" or players == 4):
                # Two players sit opposite; three leave out the last seat.
                seats = {2: (cycle[0], cycle[2]), 3: cycle[:3], 4: cycle}[players]
                colour_lists = [[names[c]] for c in seats]
            else:
                allowed = "2 or 4" if ruleset == "pagade" else "2, 3 or 4"
                raise PositionError(
                    "players",
                    f"{ruleset} cannot be played by {players} players (only by {allowed})",
                )
        else:
            colour_lists = [[p] if isinstance(p, str) else list(p) for p in players]
        team_lists: list[list[int]] | None
        if teams is True:
            team_lists = [[0, 2], [1, 3]]
        elif teams is False or teams is None:
            team_lists = None
        else:
            team_lists = [list(t) for t in teams]
        player_objs: list[dict[str, object]] = [{"colours": c} for c in colour_lists]
        if ruleset == "eight-man":
            chosen = list(majors) if majors is not None else [c[0] for c in colour_lists]
            if len(chosen) != len(player_objs):
                raise PositionError("players", "give one major colour per player")
            for obj, major in zip(player_objs, chosen, strict=True):
                obj["major"] = major
        elif majors is not None:
            raise PositionError("players", "major colours exist only in eight-man")
        return cls.from_fields(ruleset, dict(options or {}), player_objs, team_lists)

    @classmethod
    def from_fields(cls, ruleset: object, options: object, players: object, teams: object) -> Setup:
        """Validate the FORMAT.md fields ``ruleset``, ``options``, ``players``, ``teams``.

        Checks RULES.md §3.6 items 2 and 3 and raises :class:`PositionError`
        naming the field at fault.
        """
        if not isinstance(ruleset, str) or ruleset not in ALL_RULESETS:
            raise PositionError("ruleset", f"unknown ruleset {ruleset!r}")
        if not isinstance(options, dict):
            raise PositionError("options", "must be an object")
        explicit: list[tuple[str, OptionValue]] = []
        for name in sorted(options):
            try:
                explicit.append((name, check_option(ruleset, name, options[name])))
            except ValueError as exc:
                raise PositionError("options", str(exc)) from None
        if not isinstance(players, list) or not players:
            raise PositionError("players", "must be a non-empty list")
        names = COLOURS[ruleset]
        cols: list[tuple[int, ...]] = []
        majors: list[int | None] = []
        seen: set[int] = set()
        for i, pl in enumerate(players):
            if not isinstance(pl, dict):
                raise PositionError("players", f"player {i} must be an object")
            cl = pl.get("colours")
            if not isinstance(cl, list) or not cl or not all(isinstance(c, str) for c in cl):
                raise PositionError("players", f"player {i}: colours must be a list of names")
            idx: list[int] = []
            for c in cl:
                if c not in names:
                    raise PositionError("players", f"player {i}: unknown colour {c!r}")
                ci = names.index(c)
                if ci in seen:
                    raise PositionError("players", f"colour {c!r} appears twice")
                seen.add(ci)
                idx.append(ci)
            cols.append(tuple(idx))
            if ruleset == "eight-man":
                major = pl.get("major")
                if not isinstance(major, str) or major not in cl:
                    raise PositionError(
                        "players", f"player {i}: major must be one of the player's colours"
                    )
                majors.append(names.index(major))
        _check_configuration(ruleset, cols)
        team_t = _check_teams(ruleset, teams, len(cols))
        return cls(
            ruleset,
            tuple(cols),
            team_t,
            tuple(majors) if ruleset == "eight-man" else None,
            tuple(explicit),
        )

    # -- queries ------------------------------------------------------------

    def option(self, name: str) -> OptionValue:
        """The value of switch ``name`` (explicit or default); ``KeyError`` if unknown."""
        return self._options[name]

    @property
    def options(self) -> dict[str, OptionValue]:
        """Every switch of the ruleset with its value in force (a fresh dict)."""
        return dict(self._options)

    @property
    def home(self) -> int:
        """Progress number of Home/HOME: 84 in Pagade, 72 elsewhere."""
        return HOME[self.ruleset]

    @property
    def colour_names(self) -> tuple[str, str, str, str]:
        """The four colour names of the ruleset, by arm."""
        return COLOURS[self.ruleset]

    @cached_property
    def colours_in_play(self) -> tuple[int, ...]:
        """Colour indices in play, ascending."""
        return tuple(sorted(c for cs in self.players for c in cs))

    @cached_property
    def owner(self) -> tuple[int | None, ...]:
        """``owner[c]`` is the player who plays colour ``c`` (``None`` if not in play)."""
        out: list[int | None] = [None] * 4
        for i, cs in enumerate(self.players):
            for c in cs:
                out[c] = i
        return tuple(out)

    @cached_property
    def partners(self) -> tuple[frozenset[int], ...]:
        """``partners[i]``: the players friendly to player ``i`` (himself included)."""
        out = [frozenset({i}) for i in range(len(self.players))]
        if self.teams:
            for team in self.teams:
                for i in team:
                    out[i] = frozenset(team)
        return tuple(out)

    @cached_property
    def friendly(self) -> tuple[tuple[bool, ...], ...]:
        """``friendly[c][d]``: colours ``c`` and ``d`` are friendly (RULES.md §3.1)."""
        own = self.owner
        rows = []
        for c in range(4):
            row = []
            for d in range(4):
                oc, od = own[c], own[d]
                row.append(oc is not None and od is not None and od in self.partners[oc])
            rows.append(tuple(row))
        return tuple(rows)

    def team_of(self, player: int) -> tuple[int, ...]:
        """The sorted player indices of ``player``'s team (just him when no teams)."""
        return tuple(sorted(self.partners[player]))

    def describe(self) -> str:
        """A short human description, e.g. ``parcheesi, 4 players (red, green, ...)``."""
        names = self.colour_names
        who = ", ".join("+".join(names[c] for c in cs) for cs in self.players)
        extra = " in teams" if self.teams else ""
        opts = ", ".join(f"{k}={v}" for k, v in self.explicit)
        return f"{self.ruleset}, {len(self.players)} players ({who}){extra}" + (
            f" [{opts}]" if opts else ""
        )

    def to_fields(self) -> dict[str, object]:
        """The FORMAT.md fields ``ruleset``, ``options``, ``players``, ``teams``."""
        names = self.colour_names
        players: list[dict[str, object]] = []
        for i, cs in enumerate(self.players):
            obj: dict[str, object] = {"colours": [names[c] for c in cs]}
            if self.majors is not None:
                major = self.majors[i]
                assert major is not None
                obj["major"] = names[major]
            players.append(obj)
        return {
            "ruleset": self.ruleset,
            "options": dict(self.explicit),
            "players": players,
            "teams": [list(t) for t in self.teams] if self.teams is not None else None,
        }


def _check_configuration(ruleset: str, cols: list[tuple[int, ...]]) -> None:
    n = len(cols)
    if ruleset == "eight-man":
        if n != 2 or sorted(sorted(c) for c in cols) != [[0, 2], [1, 3]]:
            raise PositionError(
                "players", "eight-man needs 2 players: red + yellow and blue + green"
            )
        return
    if ruleset == "pagade" and n == 2:
        if sorted(sorted(c) for c in cols) != [[0, 2], [1, 3]]:
            raise PositionError("players", "two-player pagade needs red + yellow and black + green")
        return
    if any(len(c) != 1 for c in cols):
        raise PositionError("players", f"{ruleset} with {n} players: one colour each")
    if ruleset in ONE_DIE_RULESETS:
        _check_one_die_players(ruleset, [c[0] for c in cols])
        return
    allowed = (4,) if ruleset == "pagade" else (2, 3, 4)
    if n not in allowed:
        counts = "2 or 4" if ruleset == "pagade" else "2, 3 or 4"
        raise PositionError(
            "players", f"{ruleset} cannot be played by {n} players (only by {counts})"
        )
    cycle = _TURN_CYCLE[ruleset]
    order = [c[0] for c in cols]
    # The colours must follow the seats' cyclic turn order (§3.1).
    start = cycle.index(order[0])
    expected = [c for c in cycle[start:] + cycle[:start] if c in order]
    if order != expected:
        raise PositionError("players", "players are not listed in turn order (RULES.md §3.1)")


#: MADN's set-ups (RULES-LUDO.md M.2.1): arms in turn order.
_MAEDN_SETUPS: Final = ([0, 2], [0, 1], [0, 1, 2], [0, 1, 2, 3])


def _check_one_die_players(ruleset: str, order: list[int]) -> None:
    """RULES-LUDO.md L.2.1-2 (any 2 to 4 colours, any order) and M.2.1 (four set-ups)."""
    n = len(order)
    if n not in (2, 3, 4):
        raise PositionError(
            "players", f"{ruleset} cannot be played by {n} players (only by 2, 3 or 4)"
        )
    if ruleset == "maedn" and order not in _MAEDN_SETUPS:
        raise PositionError(
            "players",
            "maedn is played by [red, green], [red, blue], [red, blue, green] or"
            " [red, blue, green, yellow], in that order (RULES-LUDO.md M.2.1)",
        )


def _check_teams(ruleset: str, teams: object, n: int) -> tuple[tuple[int, ...], ...] | None:
    if teams is None:
        return None
    if ruleset not in ("pagade", "parcheesi") or n != 4:
        raise PositionError("teams", f"no team play in {ruleset} with {n} players")
    ok = (
        isinstance(teams, list)
        and len(teams) == 2
        and all(
            isinstance(t, list)
            and len(t) == 2
            and all(isinstance(i, int) and not isinstance(i, bool) for i in t)
            for t in teams
        )
    )
    if not ok:
        raise PositionError("teams", "must be null or two lists of two player indices")
    assert isinstance(teams, list)
    if sorted(sorted(t) for t in teams) != [[0, 2], [1, 3]]:
        raise PositionError("teams", "partners sit opposite: [[0, 2], [1, 3]]")
    return tuple(tuple(t) for t in teams)


def parse_option_value(raw: str) -> object:
    """Turn a command-line ``value`` of ``name=value`` into a JSON-like value."""
    low = raw.lower()
    if low in ("true", "false"):
        return low == "true"
    if raw.isascii() and raw.isdigit():
        return int(raw)
    return raw


def parse_options(pairs: Iterable[str]) -> dict[str, object]:
    """Parse ``name=value`` strings into an options dict (values not yet checked)."""
    out: dict[str, object] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"option {pair!r} is not name=value")
        out[name.strip()] = parse_option_value(raw.strip())
    return out
