"""The immutable :class:`Position`: FORMAT.md's JSON, a one-line text form, validation.

>>> pos = Position.start("parcheesi", players=2)
>>> pos.to_text()
'parcheesi r,y - r:0.0.0.0,y:0.0.0.0 0 0 - - -'
>>> Position.from_text(pos.to_text()) == pos
True
>>> Position.from_json(pos.to_json()) == pos
True
>>> sorted(p.notation for p in pos.legal_plays((5, 5)))
['R0-1 R0-1']
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from ._ludo_board import check_one_die_pawns
from .board import COLOURS, HOME, OFF, ROUTES, is_ring
from .dice import dice_for
from .errors import PositionError
from .rules import ALL_RULESETS, ONE_DIE_RULESETS, Setup, parse_options

if TYPE_CHECKING:  # annotations only: pachisi.moves imports this module
    from .moves import Turn
    from .plays import LegalPlays, Play

__all__ = ["FIELDS", "ONE_DIE_FIELDS", "Position", "advance", "game_over", "winner_of"]

#: The ten fields of a FORMAT.md position, in their usual order.
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
#: The two more fields of a ``ludo`` or ``maedn`` position (FORMAT.md, last section).
ONE_DIE_FIELDS = ("opening", "tries")

_START_PAGADE = (6, 7, 12, 12)


@dataclass(frozen=True)
class Position:
    """A position at a throw boundary: player ``to_move`` is about to throw.

    ``pawns[c]`` is the sorted tuple of progress numbers of colour ``c``
    (an arm, 0..3), empty for colours not in play. The other fields are those
    of FORMAT.md. Construct positions with :meth:`start`, :meth:`from_json`,
    :meth:`from_dict` or :meth:`from_text`, which validate; the plain
    constructor trusts its arguments.
    """

    setup: Setup
    pawns: tuple[tuple[int, ...], ...]
    to_move: int = 0
    doubles: int = 0
    cut: tuple[bool, ...] | None = None
    finished: tuple[int, ...] = ()
    winner: tuple[int, ...] | None = None
    #: ``ludo`` with ``start_tries`` "opening": the first round lasts (FORMAT.md); else False.
    opening: bool = False
    #: ``ludo``/``maedn``: extra throws already taken by ``to_move`` for having nobody out.
    tries: int = 0

    # -- construction -------------------------------------------------------

    @classmethod
    def start(
        cls,
        ruleset: str = "parcheesi",
        *,
        players: int | Sequence[Sequence[str] | str] | None = None,
        teams: bool | Sequence[Sequence[int]] | None = None,
        majors: Sequence[str] | None = None,
        options: Mapping[str, object] | None = None,
        first: int = 0,
    ) -> Position:
        """The start position of RULES.md §3.7 with player ``first`` to throw.

        See :meth:`pachisi.rules.Setup.create` for the set-up arguments and
        :func:`pachisi.game.first_player` for choosing ``first`` by the
        preliminary throws.
        """
        setup = Setup.create(ruleset, players=players, teams=teams, majors=majors, options=options)
        return cls.initial(setup, first)

    @classmethod
    def initial(cls, setup: Setup, first: int = 0) -> Position:
        """The start position of ``setup`` (RULES.md §3.7)."""
        if not 0 <= first < len(setup.players):
            raise PositionError("to_move", f"no player {first}")
        start = _START_PAGADE if setup.ruleset == "pagade" else (0, 0, 0, 0)
        pawns = tuple(start if c in setup.colours_in_play else () for c in range(4))
        cut = tuple(False for _ in setup.players) if setup.ruleset == "pagade" else None
        opening = setup.ruleset == "ludo" and setup.option("start_tries") == "opening"
        return cls(setup, pawns, first, 0, cut, (), None, opening, 0)

    @classmethod
    def from_json(cls, text: str | bytes) -> Position:
        """Read a FORMAT.md JSON position; :class:`PositionError` says what is wrong."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise PositionError("json", f"not valid JSON ({exc})") from None
        except RecursionError:
            raise PositionError("json", "not valid JSON (nested too deeply)") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> Position:
        """Validate a decoded JSON position (RULES.md §3.6) and build it."""
        return _from_dict(data)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read the one-line text form written by :meth:`to_text`."""
        return _from_text(text)

    # -- writing --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The FORMAT.md object (``pawns`` lists ascending)."""
        names = COLOURS[self.setup.ruleset]
        out: dict[str, Any] = self.setup.to_fields()
        out["pawns"] = {names[c]: list(self.pawns[c]) for c in self.setup.colours_in_play}
        out["to_move"] = self.to_move
        out["doubles"] = self.doubles
        out["cut"] = list(self.cut) if self.cut is not None else None
        out["finished"] = list(self.finished)
        out["winner"] = list(self.winner) if self.winner is not None else None
        if self.setup.ruleset in ONE_DIE_RULESETS:
            out["opening"] = self.opening
            out["tries"] = self.tries
        return out

    def to_json(self, indent: int | None = None) -> str:
        """The FORMAT.md JSON text."""
        return json.dumps(self.to_dict(), indent=indent)

    def to_text(self) -> str:
        """A compact one-line form (like chess's FEN) that :meth:`from_text` reads back.

        Fields, separated by spaces: ruleset with non-default switches in
        braces; players (colour letters, the major colour in capitals);
        teams (``-`` or ``02/13``); pawns (``r:0.0.21.72,...``); to_move;
        doubles; cut flags (``-`` or ``1001``); finished; winner; and for
        ``ludo``/``maedn`` two more: opening (``0``/``1``) and tries.
        """
        setup = self.setup
        names = COLOURS[setup.ruleset]
        head = setup.ruleset
        if setup.explicit:
            head += "{" + ",".join(f"{k}={_opt_text(v)}" for k, v in setup.explicit) + "}"
        players = []
        for i, cs in enumerate(setup.players):
            letters = ""
            for c in cs:
                ch = names[c][0]
                if setup.majors is not None and setup.majors[i] == c:
                    ch = ch.upper()
                letters += ch
            players.append(letters)
        teams = "/".join("".join(map(str, t)) for t in setup.teams) if setup.teams else "-"
        pawns = ",".join(
            f"{names[c][0]}:" + ".".join(map(str, self.pawns[c])) for c in setup.colours_in_play
        )
        cut = "".join("1" if f else "0" for f in self.cut) if self.cut is not None else "-"
        fin = ".".join(map(str, self.finished)) or "-"
        win = ".".join(map(str, self.winner)) if self.winner is not None else "-"
        fields = [
            head,
            ",".join(players),
            teams,
            pawns,
            str(self.to_move),
            str(self.doubles),
            cut,
            fin,
            win,
        ]
        if setup.ruleset in ONE_DIE_RULESETS:
            fields += [str(int(self.opening)), str(self.tries)]
        return " ".join(fields)

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        return self.to_text()

    # -- queries ---------------------------------------------------------------

    @property
    def ruleset(self) -> str:
        """The ruleset's name."""
        return self.setup.ruleset

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (RULES.md §3.5): by its finishers, or in a dead end.

        Games, play, simulation, analysis and the server stop here. A dead
        end (:attr:`is_dead_end`) still answers a throw with its one passing
        outcome in :func:`~pachisi.moves.legal_plays` (FORMAT.md's ``moves``);
        a throw after a game won out (:attr:`is_decided`) is an error.
        """
        if self.setup.ruleset != "pagade":
            # No dead ends there, and any winner ends the game (game_over).
            return self.winner is not None
        return self.is_decided or self.is_dead_end

    @property
    def is_decided(self) -> bool:
        """Whether the finishers alone have ended the game (§3.5): winner set, places played."""
        return game_over(self.setup, self.finished, self.winner)

    @cached_property
    def is_dead_end(self) -> bool:
        """Whether the position can never change (RULES.md §3.5, dead end, [OP-X5]).

        True when the game is not already decided and, for every player who
        has not finished, every distinct throw's only outcome leaves every
        pawn where it stands. Only Pagade can get there (pawns held at or
        before square 8 for want of a cut); in the Parcheesi family a third
        doublet always sends a pawn on the board back and a 5 enters a pawn
        unless its entry space is full, so the check is made for Pagade only.

        Exact and usually cheap: a player with a pawn that can surely move
        with a 1 (onto a belly square, Home or an empty ring square) ends the
        check at once; otherwise every throw of every player is tried once.

        >>> Position.start("pagade").is_dead_end
        False
        >>> jam = ",".join(f"{c}:75.75.76.76" for c in "rbyg")
        >>> pos = Position.from_text(f"pagade ry,bg - {jam} 0 0 00 - -")
        >>> pos.is_dead_end, pos.is_over, pos.places
        (True, True, ((0, 1),))
        """
        return _dead_end(self)

    @property
    def places(self) -> tuple[tuple[int, ...], ...]:
        """The players by place so far: one group per place, shared places grouped.

        The finishers in their order (one each), then, once the game is over,
        the players who have not finished as one group sharing the places
        left (RULES.md §3.5: a dead end, or the last player when places are
        played for). While the game goes on, only the finishers are listed.
        With no finisher at all a dead end is a draw: one group of everyone.
        """
        out: list[tuple[int, ...]] = [(i,) for i in self.finished]
        if self.is_over:
            rest = tuple(i for i in range(len(self.setup.players)) if i not in self.finished)
            if rest:
                out.append(rest)
        return tuple(out)

    def colour_pawns(self, colour: str) -> tuple[int, ...]:
        """The progress numbers of ``colour``'s pawns (by name)."""
        return self.pawns[COLOURS[self.setup.ruleset].index(colour)]

    def legal_plays(self, throw: Sequence[int]) -> LegalPlays:
        """Every legal play of ``throw``, one per distinct resulting position."""
        return _engine().legal_plays(self, throw)

    def turn(self, throw: Sequence[int]) -> Turn:
        """A :class:`~pachisi.moves.Turn` to play ``throw`` one step at a time."""
        return _engine().turn(self, throw)

    def play(self, throw: Sequence[int], notation: str) -> Position:
        """The position after the play written ``notation`` (checked for legality)."""
        return _engine().parse_play(self, throw, notation).position


class _Engine(NamedTuple):
    """The rules engine's entry points that a :class:`Position` answers with."""

    legal_plays: Callable[[Position, Sequence[int]], LegalPlays]
    turn: Callable[[Position, Sequence[int]], Turn]
    parse_play: Callable[[Position, Sequence[int], str], Play]


_ENGINE: list[_Engine] = []


def _use_engine(
    legal_plays: Callable[[Position, Sequence[int]], LegalPlays],
    turn: Callable[[Position, Sequence[int]], Turn],
    parse_play: Callable[[Position, Sequence[int], str], Play],
) -> None:
    """Answer :meth:`Position.legal_plays`, ``turn``, ``play`` and ``is_dead_end`` with these.

    Called once, by :mod:`pachisi.moves` as it is imported (``import pachisi``
    imports it before anything else can run). The engine imports this module,
    so this module does not import the engine: it is handed in, and the core's
    imports have no circle (tests/test_seams.py).
    """
    _ENGINE[:] = [_Engine(legal_plays, turn, parse_play)]


def _engine() -> _Engine:
    if not _ENGINE:  # pachisi/__init__ imports pachisi.moves: only a broken install gets here
        raise RuntimeError("the rules engine (pachisi.moves) is not loaded")
    return _ENGINE[0]


def _opt_text(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)


# ---------------------------------------------------------------------------
# Finishing and the next player (§3.3, §3.5)


def player_finished(setup: Setup, pawns: Sequence[Sequence[int]], player: int) -> bool:
    """Whether ``player`` meets the finishing condition of RULES.md §3.5."""
    home = setup.home
    cols = setup.players[player]
    if setup.ruleset == "maedn":
        # All four pawns on the goal fields (RULES-LUDO.md M.7).
        return all(p > 40 for c in cols for p in pawns[c])
    if setup.majors is not None:
        major = setup.majors[player]
        return all(pawns[c].count(home) >= (4 if c == major else 3) for c in cols)
    for c in cols:
        ps = pawns[c]
        if ps.count(home) != len(ps):
            return False
    return True


def winner_of(setup: Setup, finished: Sequence[int]) -> tuple[int, ...] | None:
    """The winner that §3.5 makes of the finishing order ``finished``."""
    if not setup.teams:
        return (finished[0],) if finished else None
    done: set[int] = set()
    for i in finished:
        done.add(i)
        team = setup.team_of(i)
        if all(j in done for j in team):
            return team
    return None


def game_over(setup: Setup, finished: Sequence[int], winner: Sequence[int] | None) -> bool:
    """Whether a game with this finishing order has ended (§3.5)."""
    if winner is None:
        return False
    if setup.ruleset != "pagade" or not setup.option("play_for_places"):
        return True
    done = set(finished)
    if setup.teams:
        open_teams = {
            setup.team_of(i)
            for i in range(len(setup.players))
            if not all(j in done for j in setup.team_of(i))
        }
        return len(open_teams) <= 1
    return len(setup.players) - len(done) <= 1


#: Pagade: the first progress number in the belly (RULES.md §2.5, §4.5); before a cut a pawn
#: goes no further than ``_PAGADE_BELLY - 1`` (its square 8).
_PAGADE_BELLY = 77


def _surely_moves(pos: Position, player: int) -> bool:
    """Whether ``player`` has a pawn that a 1 moves where it may always land (Pagade).

    A cheap sufficient test for :func:`_dead_end`: such a pawn makes the
    throw 1-1 move something. Belly squares and Home are unlimited; an empty
    ring square takes anyone; the cut rule (§4.5) is respected.
    """
    setup = pos.setup
    routes = ROUTES["pagade"]
    cut_rule = bool(setup.option("cut_to_enter_home"))
    may_enter = pos.cut is not None and pos.cut[player]
    occupied = {
        routes[c][q] for c in setup.colours_in_play for q in pos.pawns[c] if is_ring(routes[c][q])
    }
    for c in setup.players[player]:
        for p in pos.pawns[c]:
            t = p + 1
            if t > HOME["pagade"]:
                continue
            if cut_rule and not may_enter and p < _PAGADE_BELLY <= t:
                continue
            s = routes[c][t]
            if not is_ring(s) or s not in occupied:
                return True
    return False


def _dead_end(pos: Position) -> bool:
    """RULES.md §3.5 dead end; see :attr:`Position.is_dead_end`."""
    if pos.setup.ruleset != "pagade" or pos.is_decided:
        return False
    open_players = [i for i in range(len(pos.setup.players)) if i not in pos.finished]
    if any(_surely_moves(pos, i) for i in open_players):
        return False
    legal_plays = _engine().legal_plays
    throws = [t for t, _ in dice_for("pagade").distinct()]
    for i in open_players:
        seat = pos if i == pos.to_move else replace(pos, to_move=i, doubles=0)
        for throw in throws:
            plays = legal_plays(seat, throw)
            if len(plays) != 1 or plays[0].position.pawns != pos.pawns:
                return False
    return True


_new = object.__new__


def _trusted(
    setup: Setup,
    pawns: tuple[tuple[int, ...], ...],
    to_move: int,
    doubles: int,
    cut: tuple[bool, ...] | None,
    finished: tuple[int, ...],
    winner: tuple[int, ...] | None,
) -> Position:
    """``Position(setup, pawns, ...)`` built faster, for engines that make many positions.

    The same value as the constructor's (equal, same hash and repr); like the
    constructor it checks nothing, so the arguments must already be a valid
    position's fields of the right types.
    """
    pos: Position = _new(Position)
    d = pos.__dict__
    d["setup"] = setup
    d["pawns"] = pawns
    d["to_move"] = to_move
    d["doubles"] = doubles
    d["cut"] = cut
    d["finished"] = finished
    d["winner"] = winner
    d["opening"] = False  # the one-die fields (ludo, maedn): their defaults, as the
    d["tries"] = 0  # constructor's, so that the two give the same object
    return pos


def advance(
    pos: Position,
    pawns: tuple[tuple[int, ...], ...],
    cut: tuple[bool, ...] | None,
    extra: bool,
) -> Position:
    """The position after the mover's throw left ``pawns``: §3.3 and §3.5 applied.

    ``extra`` says whether the throw itself grants another throw (a doublet,
    §5.8); it is withheld when the mover finishes or the game ends.
    """
    setup = pos.setup
    mover = pos.to_move
    finished = pos.finished
    winner = pos.winner
    if mover not in finished and player_finished(setup, pawns, mover):
        finished = (*finished, mover)
        if winner is None:
            winner = winner_of(setup, finished)
    if extra and mover not in finished and not game_over(setup, finished, winner):
        return _trusted(setup, pawns, mover, pos.doubles + 1, cut, finished, winner)
    n = len(setup.players)
    nxt = mover
    for k in range(1, n + 1):
        cand = (mover + k) % n
        if cand not in finished:
            nxt = cand
            break
    return _trusted(setup, pawns, nxt, 0, cut, finished, winner)


# ---------------------------------------------------------------------------
# Reading and validating (§3.6)


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _from_dict(data: object) -> Position:
    if not isinstance(data, dict):
        raise PositionError("position", "must be a JSON object")
    for name in FIELDS:
        if name not in data:
            raise PositionError(name, "missing")
    setup = Setup.from_fields(data["ruleset"], data["options"], data["players"], data["teams"])
    ruleset = setup.ruleset
    names = COLOURS[ruleset]
    home = setup.home
    n = len(setup.players)

    # 4. pawns
    raw = data["pawns"]
    if not isinstance(raw, dict):
        raise PositionError("pawns", "must be an object of colour: list")
    in_play = {names[c] for c in setup.colours_in_play}
    for key in raw:
        if key not in in_play:
            raise PositionError("pawns", f"colour {key!r} is not in play")
    pawns: list[tuple[int, ...]] = [() for _ in range(4)]
    for c in setup.colours_in_play:
        lst = raw.get(names[c])
        if lst is None:
            raise PositionError("pawns", f"missing colour {names[c]!r}")
        if not isinstance(lst, list) or len(lst) != 4 or not all(_is_int(p) for p in lst):
            raise PositionError("pawns", f"{names[c]}: must be a list of 4 integers")
        for p in lst:
            if not 0 <= p <= home:
                raise PositionError("pawns", f"{names[c]}: progress {p} is outside 0..{home}")
        pawns[c] = tuple(sorted(lst))
    pawns_t = tuple(pawns)

    # 5. capacity and sharing
    _check_squares(setup, pawns_t)

    # 6. to_move, 7. doubles
    to_move = data["to_move"]
    if not _is_int(to_move) or not 0 <= to_move < n:
        raise PositionError("to_move", f"must be a player index 0..{n - 1}")
    doubles = data["doubles"]
    if not _is_int(doubles):
        raise PositionError("doubles", "must be an integer")
    if ruleset == "pagade" and doubles != 0:
        raise PositionError("doubles", "is always 0 in pagade")
    if ruleset in ONE_DIE_RULESETS and doubles != 0 and not setup.option("three_sixes"):
        raise PositionError("doubles", f"is always 0 in {ruleset} without three_sixes")
    if not 0 <= doubles <= 2:
        raise PositionError("doubles", "must be 0, 1 or 2")

    # 9. finished, 10. winner
    fin = data["finished"]
    if not isinstance(fin, list) or not all(_is_int(i) for i in fin):
        raise PositionError("finished", "must be a list of player indices")
    if len(set(fin)) != len(fin) or not all(0 <= i < n for i in fin):
        raise PositionError("finished", "must list distinct player indices")
    meets = {i for i in range(n) if player_finished(setup, pawns_t, i)}
    if set(fin) != meets:
        raise PositionError(
            "finished",
            f"must list exactly the players who have finished ({sorted(meets)}), not {fin}",
        )
    finished = tuple(fin)
    if to_move in finished:
        raise PositionError("to_move", f"player {to_move} has finished")
    _check_not_past_end(setup, finished)
    win = data["winner"]
    expect = winner_of(setup, finished)
    if win is None:
        if expect is not None:
            raise PositionError("winner", f"must be {list(expect)}")
        winner = None
    else:
        if not isinstance(win, list) or not all(_is_int(i) for i in win):
            raise PositionError("winner", "must be null or a list of player indices")
        if expect is None or win != list(expect):
            raise PositionError(
                "winner", f"must be {list(expect) if expect is not None else None}, not {win}"
            )
        winner = expect

    # 8. cut
    cut_raw = data["cut"]
    cut: tuple[bool, ...] | None
    if ruleset != "pagade":
        if cut_raw is not None:
            raise PositionError("cut", f"must be null in {ruleset}")
        cut = None
    else:
        if (
            not isinstance(cut_raw, list)
            or len(cut_raw) != n
            or not all(isinstance(f, bool) for f in cut_raw)
        ):
            raise PositionError("cut", f"must be a list of {n} booleans (one per player)")
        cut = tuple(cut_raw)
        need_cut = bool(setup.option("cut_to_enter_home"))
        for i, cs in enumerate(setup.players):
            ps = [p for c in cs for p in pawns_t[c]]
            if need_cut and any(p >= 77 for p in ps) and not cut[i]:
                raise PositionError(
                    "cut", f"player {i} has a pawn past its square 8 but has not cut"
                )
            if 0 in ps and not any(cut[j] for j in range(n) if j not in setup.partners[i]):
                raise PositionError("cut", f"player {i} has a cut pawn but no opponent has cut")
    opening, tries = False, 0
    if ruleset in ONE_DIE_RULESETS:
        opening, tries = _one_die_fields(data, setup, pawns_t[setup.players[to_move][0]])
    return Position(setup, pawns_t, to_move, doubles, cut, finished, winner, opening, tries)


def _one_die_fields(data: dict[str, Any], setup: Setup, mine: tuple[int, ...]) -> tuple[bool, int]:
    """FORMAT.md's ``opening`` and ``tries`` of a ``ludo``/``maedn`` position, checked."""
    for name in ONE_DIE_FIELDS:
        if name not in data:
            raise PositionError(name, "missing")
    opening = data["opening"]
    tries = data["tries"]
    if not isinstance(opening, bool):
        raise PositionError("opening", "must be true or false")
    if not _is_int(tries):
        raise PositionError("tries", "must be an integer")
    rule = setup.option("start_tries") if setup.ruleset == "ludo" else None
    if opening and rule != "opening":
        raise PositionError("opening", "is true only in ludo with start_tries 'opening'")
    if setup.ruleset == "maedn":
        most = 2 if setup.option("three_tries") else 0
        nobody_out = all(p == 0 or p > 40 for p in mine)
    elif rule == "opening":
        most = 3
        nobody_out = opening and all(p == 0 for p in mine)
    else:
        most = 2 if rule == "three" else 0
        nobody_out = all(p == 0 or p == 57 for p in mine)
    if not 0 <= tries <= most:
        raise PositionError("tries", f"must be 0..{most} here")
    if tries and not nobody_out:
        raise PositionError("tries", "must be 0 while the player to move has a pawn out")
    return opening, tries


def _check_squares(setup: Setup, pawns: tuple[tuple[int, ...], ...]) -> None:
    names = COLOURS[setup.ruleset]
    if setup.ruleset in ONE_DIE_RULESETS:
        check_one_die_pawns(setup.ruleset, setup.options, setup.colours_in_play, pawns, names)
        return
    routes = ROUTES[setup.ruleset]
    friendly = setup.friendly
    pagade = setup.ruleset == "pagade"
    occupants: dict[int, list[int]] = {}
    for c in setup.colours_in_play:
        for p in pawns[c]:
            s = routes[c][p]
            if s != OFF:
                occupants.setdefault(s, []).append(c)
    for s, cols in occupants.items():
        if pagade and not is_ring(s):
            continue  # belly squares are unlimited
        where = f"ring square {s}" if is_ring(s) else "a home path space"
        if len(cols) > 2:
            raise PositionError("pawns", f"{len(cols)} pawns on {where} (at most 2)")
        if len(cols) == 2 and cols[0] != cols[1]:
            a, b = cols
            if pagade or not friendly[a][b]:
                raise PositionError("pawns", f"{names[a]} and {names[b]} may not share {where}")


def _check_not_past_end(setup: Setup, finished: tuple[int, ...]) -> None:
    n = len(setup.players)
    pff = setup.ruleset == "pagade" and bool(setup.option("play_for_places"))
    if setup.teams:
        done: set[int] = set()
        complete = []
        for k, i in enumerate(finished):
            done.add(i)
            team = setup.team_of(i)
            if all(j in done for j in team) and team not in complete:
                complete.append(team)
                if k != len(finished) - 1:
                    raise PositionError("finished", "the game went on past its end")
        if len(complete) > 1:
            raise PositionError("finished", "the game went on past its end")
        return
    limit = n - 1 if pff else 1
    if len(finished) > limit:
        raise PositionError("finished", "the game went on past its end")


def _from_text(text: str) -> Position:
    if not isinstance(text, str):
        raise PositionError("text", "must be a string")
    parts = text.split()
    ruleset, brace, rest = (parts[0] if parts else "").partition("{")
    want = 11 if ruleset in ONE_DIE_RULESETS else 9
    if len(parts) != want:
        raise PositionError("text", f"needs {want} space-separated fields, found {len(parts)}")
    _, players_s, teams_s, pawns_s, to_move_s, doubles_s, cut_s, fin_s, win_s = parts[:9]
    if ruleset not in ALL_RULESETS:
        raise PositionError("ruleset", f"unknown ruleset {ruleset!r}")
    options: dict[str, object] = {}
    if brace:
        if not rest.endswith("}"):
            raise PositionError("options", "missing '}'")
        body = rest[:-1]
        try:
            options = parse_options(body.split(",")) if body else {}
        except ValueError as exc:
            raise PositionError("options", str(exc)) from None
    names = COLOURS[ruleset]
    by_letter = {name[0]: name for name in names}
    players: list[dict[str, object]] = []
    for chunk in players_s.split(","):
        cols = []
        major: str | None = None
        for ch in chunk:
            name = by_letter.get(ch.lower())
            if name is None:
                raise PositionError("players", f"unknown colour letter {ch!r}")
            cols.append(name)
            if ch.isupper():
                if major is not None:
                    raise PositionError("players", f"{chunk!r}: one major colour per player")
                major = name
        obj: dict[str, object] = {"colours": cols}
        if ruleset == "eight-man":
            obj["major"] = major
        players.append(obj)
    teams: object = None
    if teams_s != "-":
        try:
            teams = [[int(ch) for ch in t] for t in teams_s.split("/")]
        except ValueError:
            raise PositionError("teams", f"bad teams {teams_s!r}") from None
    pawns: dict[str, object] = {}
    for chunk in pawns_s.split(","):
        letter, sep, nums = chunk.partition(":")
        name = by_letter.get(letter)
        if not sep or name is None:
            raise PositionError("pawns", f"bad pawns entry {chunk!r}")
        try:
            pawns[name] = [int(v) for v in nums.split(".")]
        except ValueError:
            raise PositionError("pawns", f"bad pawns entry {chunk!r}") from None

    def ints(s: str, name: str) -> list[int]:
        if s == "-":
            return []
        try:
            return [int(v) for v in s.split(".")]
        except ValueError:
            raise PositionError(name, f"bad value {s!r}") from None

    def one_int(s: str, name: str) -> int:
        if not (s.isascii() and s.isdigit()):
            raise PositionError(name, f"bad value {s!r}")
        return int(s)

    if cut_s == "-":
        cut: object = None
    elif set(cut_s) <= {"0", "1"}:
        cut = [ch == "1" for ch in cut_s]
    else:
        raise PositionError("cut", f"bad value {cut_s!r}")
    data = {
        "ruleset": ruleset,
        "options": options,
        "players": players,
        "teams": teams,
        "pawns": pawns,
        "to_move": one_int(to_move_s, "to_move"),
        "doubles": one_int(doubles_s, "doubles"),
        "cut": cut,
        "finished": ints(fin_s, "finished"),
        "winner": None if win_s == "-" else ints(win_s, "winner"),
    }
    if want == 11:
        if parts[9] not in ("0", "1"):
            raise PositionError("opening", f"bad value {parts[9]!r}")
        data["opening"] = parts[9] == "1"
        data["tries"] = one_int(parts[10], "tries")
    return _from_dict(data)
