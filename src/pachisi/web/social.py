"""The social rules of a game: resigning, ending by agreement, the turn timer, away players.

What a game's creator chooses besides the rules (``POST /api/games``):

* ``public``: whether the game is listed in every browser's lobby (by default
  only the browser that created it, and those that hold its links, list it);
* ``clock``: ``null`` (no turn timer, the default) or ``{"seconds": N,
  "then": "computer" | "adjourn", "level": LEVEL}``: a person has ``N``
  seconds for each throw; when they run out (or the player to move has been
  away for ``N`` seconds, see below) the seat passes to a computer player of
  ``LEVEL`` (``then: computer``), or the game is adjourned until the player
  comes back or someone resumes it (``then: adjourn``).

The rules decided here (docs/web.md, *Leaving a game*):

* **Resigning** ends the game. The side that resigns (a player, or a whole
  team: a partner resigns for both) is placed last; the others are placed by
  the standing at that moment: those who have finished in their order, then
  the other sides by how far their pawns have gone (the sum of their
  progress numbers; equal sums share a place). With two sides, the other
  side wins.
* **Ending by agreement**, between people only (every seat still playing is
  a person's): one seat offers, every other person's seat accepts, and the
  game ends *shared*: those who have finished keep their places, the others
  share the places left (as in a dead end); with nobody finished it is a
  draw. Any seat may decline (the offerer withdraws the same way).
* **Away**: a person's seat whose connections have all closed for
  ``away_after`` seconds is shown as away (``state.away``) until one of its
  connections says hello again. A seat never seen connected by this server
  process is not marked away.
* **Left**: a seat away for ``claim_after`` seconds (``state.claimable``)
  may be dealt with by the others, with or without a turn timer: ``claim``
  ends the game as if its side had resigned (``ended.how`` is ``left``),
  ``hand_over`` gives it to a computer (the timer's level, else greedy),
  which its player can take back.

The social state of a game is stored as JSON in ``games.social``
(:class:`Social`); what is shown is :func:`social_view`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..bots import LADDER, canonical_level
from .requests import COMPUTER_LEVELS, ApiError, flag

if TYPE_CHECKING:
    from ..position import Position
    from .rooms import Room

__all__ = [
    "AWAY_AFTER",
    "CLAIM_AFTER",
    "HAND_OVER_LEVEL",
    "MAX_SECONDS",
    "MIN_SECONDS",
    "POLICIES",
    "SEAT_ACTIONS",
    "SOCIAL_FIELDS",
    "TARGETED",
    "Clock",
    "Social",
    "agreed_end",
    "end_facts",
    "outcome",
    "parse_settings",
    "resign_end",
    "sides",
    "social_view",
    "standing",
]

#: The fields of ``POST /api/games`` read here (and removed before the set-up is read).
SOCIAL_FIELDS = frozenset({"public", "clock"})
#: Seconds without a connection after which a person's seat is shown as away.
AWAY_AFTER = 20.0
#: Seconds without a connection after which the others may end the game or hand the seat over.
CLAIM_AFTER = 120.0
#: The computer a seat that left is handed to when the game has no turn timer.
HAND_OVER_LEVEL = "greedy"
#: The shortest and longest turn timer offered, in seconds per throw.
MIN_SECONDS, MAX_SECONDS = 5, 86_400
#: What happens when a turn's time runs out.
POLICIES = ("computer", "adjourn")
#: The actions of ``POST /api/games/{id}/seat``.
SEAT_ACTIONS = (
    "resign", "offer", "accept", "decline", "resume", "take_back", "claim", "hand_over",
)  # fmt: skip
#: The seat actions that name another seat (``seat``): one that has left.
TARGETED = ("claim", "hand_over")


@dataclass(frozen=True)
class Clock:
    """The turn timer chosen at creation: ``seconds`` a throw, then the policy."""

    seconds: int
    then: str = "computer"
    level: str = "greedy"

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (as in ``POST /api/games``)."""
        return {"seconds": self.seconds, "then": self.then, "level": self.level}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Clock:
        """Read back what :meth:`to_dict` wrote."""
        return cls(int(data["seconds"]), str(data["then"]), str(data["level"]))


def _parse_clock(value: object) -> Clock | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ApiError(400, "bad_request", '\'clock\' is null or {"seconds", "then", "level"}')
    unknown = set(value) - {"seconds", "then", "level"}
    if unknown:
        raise ApiError(400, "bad_request", f"unknown clock field(s): {', '.join(sorted(unknown))}")
    seconds = value.get("seconds")
    if (
        not isinstance(seconds, int)
        or isinstance(seconds, bool)
        or not MIN_SECONDS <= seconds <= MAX_SECONDS
    ):
        raise ApiError(
            400, "bad_request",
            f"'clock.seconds' is a whole number of seconds from {MIN_SECONDS} to {MAX_SECONDS}",
        )  # fmt: skip
    then = value.get("then", "computer")
    if then not in POLICIES:
        raise ApiError(400, "bad_request", "'clock.then' is 'computer' or 'adjourn'")
    level = value.get("level", "greedy")
    # A strength name ("casual") or an algorithm; "search" was offered once, and stays.
    level = canonical_level(level) if isinstance(level, str) else level
    if level not in (*COMPUTER_LEVELS, "search"):
        names = ", ".join(rung.name for rung in LADDER)
        raise ApiError(
            400, "bad_request",
            f"'clock.level' is one of {names} (or {', '.join(COMPUTER_LEVELS)})",
        )  # fmt: skip
    return Clock(seconds, then, level)


def parse_settings(spec: object) -> tuple[object, bool, Clock | None]:
    """Split ``POST /api/games``'s body: ``(the rest, public, clock)``; ``bad_request`` if bad."""
    if not isinstance(spec, dict):
        return spec, False, None
    public = flag(spec, "public", False)
    clock = _parse_clock(spec.get("clock"))
    rest = {k: v for k, v in spec.items() if k not in SOCIAL_FIELDS}
    return rest, public, clock


@dataclass
class Social:
    """The social state of one game, stored as JSON in ``games.social``.

    ``resigned``: the seats that resigned; ``offer``: an offer to end the game
    (``{"by": seat, "agreed": [seats]}``) or ``None``; ``end``: how the game
    ended early (``{"how": "resigned" | "agreed", "by": [seats], "winner",
    "places"}``) or ``None``; ``handed``: seats given to a computer (seat ->
    ``{"why": "time" | "away", "level"}``); ``adjourned``: ``{"seat", "why"}``
    while the game is adjourned.
    """

    clock: Clock | None = None
    resigned: list[int] = field(default_factory=list)
    offer: dict[str, Any] | None = None
    end: dict[str, Any] | None = None
    handed: dict[int, dict[str, Any]] = field(default_factory=dict)
    adjourned: dict[str, Any] | None = None
    #: The players throw real dice and enter them (a referee for a real board).
    manual: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The JSON kept in ``games.social``."""
        return {
            **({"dice": "manual"} if self.manual else {}),
            "clock": self.clock.to_dict() if self.clock else None,
            "resigned": list(self.resigned),
            "offer": self.offer,
            "end": self.end,
            "handed": {str(k): v for k, v in self.handed.items()},
            "adjourned": self.adjourned,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> Social:
        """Read back what :meth:`to_dict` wrote (``{}`` or ``None``: nothing chosen)."""
        data = data or {}
        clock = data.get("clock")
        return cls(
            clock=Clock.from_dict(clock) if clock else None,
            resigned=[int(s) for s in data.get("resigned", [])],
            offer=data.get("offer"),
            end=data.get("end"),
            handed={int(k): dict(v) for k, v in (data.get("handed") or {}).items()},
            adjourned=data.get("adjourned"),
            manual=data.get("dice") == "manual",
        )


# ---------------------------------------------------------------------------
# The standing and the results of an early end


def sides(position: Position) -> list[tuple[int, ...]]:
    """The sides of a game: its teams, or each player alone."""
    setup = position.setup
    if setup.teams:
        return [tuple(t) for t in setup.teams]
    return [(i,) for i in range(len(setup.players))]


def _progress(position: Position, seats: tuple[int, ...]) -> int:
    players = position.setup.players
    return sum(sum(position.pawns[c]) for s in seats for c in players[s])


def standing(position: Position, last: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """The seats by place at this moment, one group per place (shared places grouped).

    Those who have finished come first, in their order; then the other sides
    (their seats not finished) by the sum of their pawns' progress, the
    furthest first, equal sums sharing a place; the seats of ``last`` (a side
    that resigned) come last.
    """
    finished = list(position.finished)
    out: list[tuple[int, ...]] = [(s,) for s in finished]
    rest: list[tuple[int, tuple[int, ...]]] = []
    for side in sides(position):
        open_seats = tuple(s for s in side if s not in finished and s not in last)
        if open_seats:
            rest.append((_progress(position, open_seats), open_seats))
    rest.sort(key=lambda item: -item[0])
    k = 0
    while k < len(rest):
        group = [s for p, seats in rest if p == rest[k][0] for s in seats]
        out.append(tuple(sorted(group)))
        k += sum(1 for p, _ in rest if p == rest[k][0])
    tail = tuple(s for s in last if s not in finished)
    if tail:
        out.append(tail)
    return out


def _names(room: Room, seats: tuple[int, ...] | list[int]) -> str:
    names = [room.seats[s].name for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


_PLACES = ("first", "second", "third", "fourth")


def _places_text(room: Room, places: list[tuple[int, ...]], skip: int) -> str:
    parts = []
    for k in range(skip, len(places)):
        group = places[k]
        word = _PLACES[k] if k < len(_PLACES) else f"place {k + 1}"
        parts.append(f"{_names(room, group)} {'share ' if len(group) > 1 else ''}{word}")
    return "; ".join(parts)


def resign_end(room: Room, seat: int, how: str = "resigned") -> tuple[str, dict[str, Any]]:
    """The result line and the ``end`` of the game when ``seat`` resigns (for its side).

    ``how`` is ``resigned``, or ``left`` when the others ended the game of a
    seat that had gone away (:data:`CLAIM_AFTER`).
    """
    pos = room.position
    side = next(s for s in sides(pos) if seat in s)
    places = standing(pos, last=side)
    winner = list(pos.winner) if pos.winner is not None else list(places[0])
    who = _names(room, list(side))
    wins = _names(room, winner)
    verb = "win" if len(winner) > 1 else "wins"
    text = f"{who} {'resigned' if how == 'resigned' else 'left'}: {wins} {verb}"
    more = _places_text(room, places, 1)
    if len(places) > 2 and more:
        text += f"; {more}"
    end = {
        "how": how,
        "by": list(side),
        "winner": winner,
        "places": [list(g) for g in places],
    }
    return text, end


def agreed_end(room: Room) -> tuple[str, dict[str, Any]]:
    """The result line and the ``end`` of a game its players agreed to end (shared)."""
    pos = room.position
    finished = list(pos.finished)
    places: list[tuple[int, ...]] = [(s,) for s in finished]
    rest = tuple(s for s in range(len(room.seats)) if s not in finished)
    if rest:
        places.append(rest)
    winner = list(pos.winner) if pos.winner is not None else None
    if winner is None:
        text = "drawn by agreement"
    else:
        text = (
            f"{_names(room, winner)} won; ended by agreement: "
            f"{_names(room, rest)} share the places left"
        )
    end = {"how": "agreed", "by": [], "winner": winner, "places": [list(g) for g in places]}
    return text, end


def outcome(room: Room) -> dict[str, Any]:
    """How a finished game came out, for ratings: ``places`` (groups of seats, best
    first, a group sharing its place), ``winner`` (seats, or ``None``), ``sides``
    (teams, or each seat alone), ``how`` (``played``, ``resigned``, ``left`` or
    ``agreed``) and the seats a computer played for their player at the end (``handed``)."""
    pos = room.position
    end = room.social.end
    every = list(range(len(room.seats)))
    if end is not None:
        places = [list(g) for g in end["places"]]
        winner = list(end["winner"]) if end["winner"] is not None else None
        how = str(end["how"])
    else:
        winner = list(pos.winner) if pos.winner is not None else None
        places = [list(g) for g in pos.places] if winner is not None else [every]
        how = "played"
    placed = {s for g in places for s in g}
    rest = [s for s in every if s not in placed]
    if rest:
        places.append(rest)
    return {
        "places": places,
        "winner": winner,
        "sides": [list(side) for side in sides(pos)],
        "how": how,
        "handed": sorted(room.social.handed),
    }


def end_facts(end: dict[str, Any]) -> list[dict[str, Any]]:
    """The result of an early end as entries like :func:`pachisi.describe.places_facts`.

    First how it ended (``resigned`` or ``left`` with the seats of that side,
    ``agreed``, or ``agreed_draw`` with nobody winning), then ``win`` and the
    places after the winners (``place`` or ``share``, counted from 2), or for
    an agreed end the seats that share the places left (``rest``). The pages
    put them into words in their language, as the result line
    (:func:`resign_end`, :func:`agreed_end`) says them in English.
    """
    how = end["how"]
    winner = end["winner"]
    places = [list(g) for g in end["places"]]
    if how == "agreed":
        if winner is None:
            return [{"kind": "agreed_draw", "seats": []}]
        rest = [s for g in places for s in g if s not in winner]
        agreed: list[dict[str, Any]] = [
            {"kind": "win", "seats": list(winner)},
            {"kind": "agreed", "seats": []},
        ]
        if rest:
            agreed.append({"kind": "rest", "seats": rest})
        return agreed
    out: list[dict[str, Any]] = [
        {"kind": how, "seats": list(end["by"])},
        {"kind": "win", "seats": list(winner)},
    ]
    if len(places) > 2:
        rank = 2
        for group in places[1:]:
            seats = [s for s in group if s not in winner]
            if seats:
                kind = "share" if len(seats) > 1 else "place"
                out.append({"kind": kind, "seats": seats, "place": rank})
                rank += 1
    return out


# ---------------------------------------------------------------------------
# What is shown


def social_view(room: Room, now: float) -> dict[str, Any]:
    """The social fields of a game's state (docs/web.md), as of the wall-clock time ``now``."""
    social = room.social
    clock = None
    if social.clock is not None:
        clock = social.clock.to_dict()
        deadline = room.deadline if room.status == "playing" else None
        clock["deadline_ms"] = round(deadline * 1000) if deadline is not None else None
        clock["left"] = round(max(0.0, deadline - now), 1) if deadline is not None else None
    out: dict[str, Any] = {
        "rev": room.rev,
        "public": room.public,
        "clock": clock,
        "away": sorted(room.away),
        "claimable": sorted(room.claimable),
        "resigned": list(social.resigned),
        "offer": None,
        "ended": None,
        "handed": [{"seat": s, **h} for s, h in sorted(social.handed.items())],
        "adjourned": social.adjourned,
    }
    if social.offer is not None:
        agreed = list(social.offer.get("agreed", []))
        humans = [s.index for s in room.seats if s.kind == "human"]
        out["offer"] = {
            "by": social.offer["by"],
            "agreed": agreed,
            "waiting": [s for s in humans if s not in agreed],
        }
    if social.end is not None:
        out["ended"] = {"how": social.end["how"], "by": social.end["by"]}
        out["winner"] = social.end["winner"]
        out["places"] = social.end["places"]
        out["places_facts"] = end_facts(social.end)
    return out
