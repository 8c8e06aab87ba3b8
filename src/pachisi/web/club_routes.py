"""Rated games, profiles and leaderboards (docs/web.md, *Ratings* and *Profiles*).

:class:`Club` keeps, per game, who sits where and whether it is rated, and
says whether a request may act in a rated game (:meth:`Club.gate`);
:func:`club_routes` are its routes. The rules of rated games are
:mod:`pachisi.web.ratings`'s.
"""

from __future__ import annotations

import asyncio
import html
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from fastapi import APIRouter, Depends, Request
from fastapi.responses import Response
from starlette.requests import HTTPConnection

from .account_routes import signed_in
from .accounts import Account, Accounts, accounts, game_claims, game_players
from .accounts import require_csrf as _require_csrf
from .ratings import display, pool_of, rated_games, rating_history, ratings
from .requests import HUMAN, WEB_RULESETS, ApiError, parse_spec, refuse_unknown
from .rooms import Room
from .store import Store, games, metadata

__all__ = ["Club", "Seating", "club_routes", "history_svg", "review_stats"]

#: The figures of each finished game's review, per seat (migration 0006_review_stats):
#: the seat's account (``None``: none, or deleted), its decisions and the points it
#: lost (``lost``: :func:`pachisi.analysis.words.summary`'s, a fraction, never below 0).
review_stats = sa.Table(
    "review_stats",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True
    ),
    sa.Column("decisions", sa.Integer, nullable=False),
    sa.Column("lost", sa.Float, nullable=False),
    sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_review_stats_account", "account_id"),
)


@dataclass(frozen=True)
class Seating:
    """A game's rated pool (``None``: casual) and its seats' accounts (id or ``None``)."""

    pool: str | None
    seats: tuple[int | None, ...]

    @property
    def ready(self) -> bool:
        """Whether every seat is taken (a rated game may begin)."""
        return all(a is not None for a in self.seats)


class Club:
    """Rated games and seats of one store (synchronous: called from worker threads)."""

    #: How long a process takes a game for casual before asking the database again.
    CASUAL_SECONDS = 10.0

    def __init__(self, store: Store) -> None:
        self.store = store
        #: Seatings kept: until when (``inf`` for a rated game with every seat taken,
        #: final; :attr:`CASUAL_SECONDS` for a casual game, which a pairing made in
        #: another process may still seat).
        self._final: OrderedDict[str, tuple[float, Seating]] = OrderedDict()

    def seating(self, game_id: str, n_seats: int) -> Seating:
        """Who sits where in a game, and whether it is rated."""
        hit = self._final.get(game_id)
        now = time.monotonic()
        if hit is not None and hit[0] > now:
            return hit[1]
        with self.store.engine.connect() as conn:
            pool = conn.execute(
                sa.select(rated_games.c.pool).where(rated_games.c.game_id == game_id)
            ).scalar_one_or_none()
            seated = dict(
                conn.execute(
                    sa.select(game_players.c.seat, game_players.c.account_id).where(
                        game_players.c.game_id == game_id
                    )
                ).all()
            )
        found = Seating(pool, tuple(seated.get(i) for i in range(n_seats)))
        if pool is None or found.ready:
            until = now + self.CASUAL_SECONDS if pool is None else math.inf
            self._final[game_id] = (until, found)
            while len(self._final) > 20_000:
                self._final.popitem(last=False)
        return found

    def make_rated(self, room: Room, account: Account) -> str:
        """Mark a new game rated (its creator ``account``); the pool. ``bad_request`` if the
        game cannot be rated."""
        if account.suspended:
            raise ApiError(403, "suspended", "a suspended account plays no rated games")
        if any(seat.kind != HUMAN for seat in room.seats):
            raise ApiError(400, "bad_request", "'rated': every seat of a rated game is a person's")
        if room.social.manual:
            raise ApiError(400, "bad_request", "'rated': a rated game uses the server's dice")
        pool = pool_of(room.position.setup)
        with self.store.engine.begin() as conn:
            conn.execute(rated_games.insert().values(game_id=room.id, pool=pool, rated_at=None))
            conn.execute(game_claims.insert().values(game_id=room.id, account_id=account.id))
        self._final.pop(room.id, None)
        return pool

    def assign(self, room: Room, seats: dict[int, int], *, rated: bool) -> str | None:
        """Seat accounts in a new game at once (``seats``: seat -> account id, one seat
        per account; a pairing of seeks made them), rated or not; the pool if rated.

        The same rules as :meth:`make_rated` for a rated game (people in every
        seat, the server's dice); every seat must then be given.
        """
        if len(set(seats.values())) != len(seats) or not all(
            0 <= s < len(room.seats) for s in seats
        ):
            raise ApiError(400, "bad_request", "one seat per account, of this game")
        pool = None
        if rated:
            if any(seat.kind != HUMAN for seat in room.seats) or room.social.manual:
                raise ApiError(400, "bad_request", "a rated game is people's, with server dice")
            if set(seats) != set(range(len(room.seats))):
                raise ApiError(400, "bad_request", "every seat of a rated game is given")
            pool = pool_of(room.position.setup)
        with self.store.engine.begin() as conn:
            if pool is not None:
                conn.execute(rated_games.insert().values(game_id=room.id, pool=pool))
            conn.execute(
                game_players.insert(),
                [{"game_id": room.id, "seat": s, "account_id": a} for s, a in seats.items()],
            )
        self._final.pop(room.id, None)
        return pool

    def claim_created(self, game_id: str, account: Account) -> None:
        """A game created by a signed-in account (its profile lists it)."""
        with self.store.engine.begin() as conn:
            conn.execute(game_claims.insert().values(game_id=game_id, account_id=account.id))

    def sit(self, room: Room, seat: int, account: Account) -> None:
        """Take ``seat`` of a rated game for ``account`` (one seat per account and game)."""
        seating = self.seating(room.id, len(room.seats))
        if seating.pool is None:
            raise ApiError(409, "not_rated", "only the seats of a rated game are taken")
        if account.suspended:
            raise ApiError(403, "suspended", "a suspended account plays no rated games")
        if room.status != "playing":
            raise ApiError(409, "game_over", "the game is over")
        if not seating.ready and any(s.kind != HUMAN for s in room.seats):
            # A turn timer gave a seat to a computer before every seat was taken: the
            # game went on without its players, and stays unrated.
            raise ApiError(409, "not_allowed", "the game went on before every seat was taken")
        if seating.seats[seat] == account.id:
            return
        if seating.seats[seat] is not None:
            raise ApiError(409, "seat_taken", f"seat {seat} is taken by another player")
        if account.id in seating.seats:
            raise ApiError(409, "not_allowed", "an account takes one seat of a game")
        try:
            with self.store.engine.begin() as conn:
                conn.execute(
                    game_players.insert().values(game_id=room.id, seat=seat, account_id=account.id)
                )
                # Two seats taken at once by one account in two processes: undo the second.
                mine = conn.execute(
                    sa.select(sa.func.count()).where(
                        game_players.c.game_id == room.id, game_players.c.account_id == account.id
                    )
                ).scalar_one()
                if mine != 1:
                    raise ApiError(409, "not_allowed", "an account takes one seat of a game")
        except sa.exc.IntegrityError:
            raise ApiError(409, "seat_taken", f"seat {seat} is taken by another player") from None

    def gate(self, room: Room, seat: int, account: Account | None, what: str = "act") -> None:
        """Refuse a seat's request in a rated game unless its account makes it, every seat
        taken (``what``: ``act`` for moves and seat actions, ``hint`` for a hint)."""
        seating = self.seating(room.id, len(room.seats))
        if seating.pool is None:
            return
        if what == "hint":
            raise ApiError(403, "rated", "no hints in a rated game")
        if not seating.ready:
            raise ApiError(
                409, "waiting_for_players", "a rated game begins once every seat is taken"
            )
        if account is None or seating.seats[seat] != account.id:
            raise ApiError(403, "not_your_seat", "in a rated game only the seat's account acts")

    # -- reading ------------------------------------------------------------------------

    def names(self, ids: list[int | None]) -> dict[int, str]:
        """The names of the accounts ``ids``."""
        wanted = sorted({i for i in ids if i is not None})
        if not wanted:
            return {}
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(accounts.c.id, accounts.c.name).where(accounts.c.id.in_(wanted))
            )
            return {int(i): str(n) for i, n in rows}

    def record_review(self, game_id: str, review: dict[str, Any]) -> None:
        """Keep a finished game's review figures per seat (:data:`review_stats`), once:
        the seats a game already has rows for are left as they are."""
        rows = []
        for p in review.get("players", []):
            seat, decisions = int(p["player"]), int(p["decisions"])
            lost = max(0.0, float(p["total_loss"]))  # as analysis.words.summary has it
            rows.append({"game_id": game_id, "seat": seat, "decisions": decisions, "lost": lost})
        if not rows:
            return
        now = datetime.now(UTC)
        try:
            with self.store.engine.begin() as conn:
                owners = dict(
                    conn.execute(
                        sa.select(game_players.c.seat, game_players.c.account_id).where(
                            game_players.c.game_id == game_id
                        )
                    ).all()
                )
                have = set(
                    conn.execute(
                        sa.select(review_stats.c.seat).where(review_stats.c.game_id == game_id)
                    ).scalars()
                )
                new = [
                    {**r, "account_id": owners.get(r["seat"]), "reviewed_at": now}
                    for r in rows
                    if r["seat"] not in have
                ]
                if new:
                    conn.execute(review_stats.insert(), new)
        except sa.exc.IntegrityError:
            pass  # another process kept the same game's figures meanwhile

    def profile(self, account: Account) -> dict[str, Any]:
        """The profile of an account (``GET /api/players/NAME``)."""
        with self.store.engine.connect() as conn:
            reviewed_seats = {
                g: (s, d, lost)
                for g, s, d, lost in conn.execute(
                    sa.select(
                        review_stats.c.game_id, review_stats.c.seat,
                        review_stats.c.decisions, review_stats.c.lost,
                    ).where(review_stats.c.account_id == account.id)
                )
            }  # fmt: skip
            own = [
                dict(r)
                for r in conn.execute(
                    sa.select(ratings).where(ratings.c.account_id == account.id)
                ).mappings()
            ]
            seats = sa.select(game_players.c.game_id, game_players.c.seat).where(
                game_players.c.account_id == account.id
            )
            seat_of = {g: s for g, s in conn.execute(seats)}
            claimed = {
                g
                for (g,) in conn.execute(
                    sa.select(game_claims.c.game_id).where(game_claims.c.account_id == account.id)
                )
            }
            ids = set(seat_of) | claimed
            rows = list(
                conn.execute(
                    sa.select(
                        games.c.id, games.c.ruleset, games.c.status, games.c.result,
                        games.c.updated_at,
                    )
                    .where(games.c.id.in_(sorted(ids)))
                    .order_by(games.c.updated_at.desc(), games.c.id)
                ).mappings()
            ) if ids else []  # fmt: skip
            pools = dict(
                conn.execute(
                    sa.select(rated_games.c.game_id, rated_games.c.pool).where(
                        rated_games.c.game_id.in_(sorted(ids))
                    )
                ).all()
            ) if ids else {}  # fmt: skip
            places = {
                g: (p, before, after, sb, sa_)
                for g, p, before, after, sb, sa_ in conn.execute(
                    sa.select(
                        rating_history.c.game_id, rating_history.c.place,
                        rating_history.c.mu_before, rating_history.c.mu,
                        rating_history.c.sigma_before, rating_history.c.sigma,
                    ).where(rating_history.c.account_id == account.id)
                )
            }  # fmt: skip
        stats: dict[str, dict[str, int]] = {}
        recent: list[dict[str, Any]] = []
        loss = 0.0
        decisions = 0
        reviewed = 0
        for g in rows:
            seat = seat_of.get(g["id"])
            finished = g["status"] == "finished"
            won: bool | None = None
            if finished and seat is not None and g["id"] in places:
                won = places[g["id"]][0] == 1
                entry = stats.setdefault(g["ruleset"], {"games": 0, "wins": 0})
                entry["games"] += 1
                entry["wins"] += int(bool(won))
                figures = reviewed_seats.get(g["id"])
                if figures is not None and figures[0] == seat and figures[1] > 0:
                    loss += figures[2]
                    decisions += figures[1]
                    reviewed += 1
            if len(recent) < 30:
                rated = places.get(g["id"])
                recent.append(
                    {
                        "id": g["id"],
                        "ruleset": g["ruleset"],
                        "status": g["status"],
                        "result": g["result"],
                        "seat": seat,
                        "pool": pools.get(g["id"]),
                        "won": won,
                        "change": None
                        if rated is None
                        else display(rated[2], rated[4])["rating"]
                        - display(rated[1], rated[3])["rating"],
                        "updated": _iso(g["updated_at"]),
                        "review": f"/review/{g['id']}" if finished else None,
                    }
                )
        return {
            "name": account.name,
            "moderator": account.moderator,
            "ratings": [
                {"pool": r["pool"], "games": r["games"], **display(r["mu"], r["sigma"])}
                for r in sorted(own, key=lambda r: str(r["pool"]))
            ],
            "stats": {
                "games": sum(e["games"] for e in stats.values()),
                "by_ruleset": stats,
                "reviewed": reviewed,
                "error_rate": loss / decisions if decisions else None,
            },
            "recent": recent,
        }

    def history(self, account_id: int, pool: str) -> list[tuple[datetime, float, float]]:
        """An account's rating before its first rated game of a pool and after each:
        ``(when, mu, sigma)``."""
        h = rating_history.c
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(h.at, h.mu_before, h.sigma_before, h.mu, h.sigma)
                .where(h.account_id == account_id, h.pool == pool)
                .order_by(h.at, h.id)
            ).all()
        if not rows:
            return []
        first = rows[0]
        return [(_aware(first[0]), float(first[1]), float(first[2]))] + [
            (_aware(at), float(mu), float(sigma)) for at, _, _, mu, sigma in rows
        ]

    def leaderboard(self, pool: str, limit: int = 50) -> list[dict[str, Any]]:
        """The accounts of a pool by the cautious estimate ``mu - 3 sigma``, best first."""
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(accounts.c.name, ratings.c.mu, ratings.c.sigma, ratings.c.games)
                .join(accounts, accounts.c.id == ratings.c.account_id)
                .where(ratings.c.pool == pool, ratings.c.games > 0)
                .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts.c.name_key)
                .limit(limit)
            ).all()
        return [
            {"rank": k + 1, "name": name, "games": n, **display(mu, sigma)}
            for k, (name, mu, sigma, n) in enumerate(rows)
        ]

    def pools(self) -> list[str]:
        """The pools anybody is rated in."""
        with self.store.engine.connect() as conn:
            return [str(p) for (p,) in conn.execute(sa.select(ratings.c.pool).distinct())]


def possible_pools() -> list[str]:
    """Every rating pool a game could be in: each ruleset the server plays, for two,
    three and four players each for themselves and for teams, where the ruleset
    allows that set-up (``POST /api/games``'s own check decides)."""
    found: list[str] = []
    for ruleset in WEB_RULESETS:
        for players, teams in ((2, False), (3, False), (4, False), (4, True)):
            spec = {"ruleset": ruleset, "players": players, "teams": teams or None,
                    "seats": [HUMAN] * players}  # fmt: skip
            try:
                setup = parse_spec(spec)[0]
            except ApiError:
                continue
            pool = pool_of(setup)
            if pool not in found:
                found.append(pool)
    return found


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def _iso(value: Any) -> str | None:
    return _aware(value).isoformat() if isinstance(value, datetime) else None


def history_svg(points: list[tuple[datetime, float, float]], title: str) -> str:
    """The rating history as an SVG line with its two-sigma band (server-rendered, text
    escaped); one point per rated game, in order."""
    width, height, pad = 480, 200, 36
    shown = [(float(display(mu, s)["rating"]), 2 * 60 * s) for _, mu, s in points]
    if not shown:
        shown = [(float(display(25.0, 25.0 / 3)["rating"]), 2 * 60 * 25.0 / 3)]
    lows = [r - d for r, d in shown]
    highs = [r + d for r, d in shown]
    lo, hi = min(lows), max(highs)
    if hi - lo < 100:
        lo, hi = lo - 50, hi + 50
    n = len(shown)

    def x(i: int) -> float:
        return pad + (width - 2 * pad) * (i / (n - 1) if n > 1 else 0.5)

    def y(v: float) -> float:
        return height - pad - (height - 2 * pad) * (v - lo) / (hi - lo)

    line = " ".join(f"{x(i):.1f},{y(r):.1f}" for i, (r, _) in enumerate(shown))
    band = (
        " ".join(f"{x(i):.1f},{y(h):.1f}" for i, h in enumerate(highs))
        + " "
        + " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in reversed(list(enumerate(lows))))
    )
    dots = "".join(
        f'<circle cx="{x(i):.1f}" cy="{y(r):.1f}" r="3"><title>{r:.0f}</title></circle>'
        for i, (r, _) in enumerate(shown)
    )
    label = html.escape(title)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{label}">'
        f"<title>{label}</title>"
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f'<polygon points="{band}" fill="#cfe3f7" stroke="none"/>'
        f'<polyline points="{line}" fill="none" stroke="#1f5f99" stroke-width="2"/>'
        f'<g fill="#1f5f99">{dots}</g>'
        f'<text x="4" y="{y(hi) + 4:.0f}" font-size="11">{round(hi)}</text>'
        f'<text x="4" y="{y(lo):.0f}" font-size="11">{round(lo)}</text>'
        "</svg>"
    )


def club_routes(
    club: Club,
    service: Accounts,
    room_of: Callable[[str], Awaitable[Room]],
    body: Callable[[Request], Awaitable[object]],
) -> APIRouter:
    """The routes of rated games, profiles and leaderboards."""
    router = APIRouter()

    @router.post("/api/games/{game_id}/sit", dependencies=[Depends(_require_csrf)])
    async def sit(game_id: str, request: Request) -> dict[str, Any]:
        """Take a seat of a rated game for the signed-in account (``{"key": SEAT_KEY}``)."""
        account = signed_in(request)
        data = await body(request)
        if not isinstance(data, dict):
            raise ApiError(400, "bad_request", "the body is a JSON object")
        refuse_unknown(data, {"key"})
        room = await room_of(game_id)
        seat = room.seat_of_key(data.get("key"))
        async with room.lock:
            await asyncio.to_thread(club.sit, room, seat, account)
        return await players(game_id, request)

    @router.get("/api/games/{game_id}/players")
    async def players(game_id: str, request: HTTPConnection) -> dict[str, Any]:
        """Whether a game is rated, and the account of each seat (names, or null)."""
        room = await room_of(game_id)
        seating = await asyncio.to_thread(club.seating, room.id, len(room.seats))
        names = await asyncio.to_thread(club.names, list(seating.seats))
        return {
            "rated": seating.pool is not None,
            "pool": seating.pool,
            "ready": seating.ready,
            "seats": [
                {"seat": i, "account": names.get(a) if a is not None else None}
                for i, a in enumerate(seating.seats)
            ],
        }

    async def account_named(name: str) -> Account:
        found = await asyncio.to_thread(service.by_name, name[:64])
        if found is None:
            raise ApiError(404, "not_found", "no such player")
        return found

    @router.get("/api/players/{name}")
    async def profile(name: str) -> dict[str, Any]:
        """A player's profile: ratings, statistics and recent games."""
        account = await account_named(name)
        return await asyncio.to_thread(club.profile, account)

    @router.get("/api/players/{name}/history.svg")
    async def history(name: str, pool: str) -> Response:
        """A player's rating history in a pool, as an SVG graph."""
        account = await account_named(name)
        points = await asyncio.to_thread(club.history, account.id, pool[:32])
        svg = history_svg(points, f"{account.name}: {pool[:32]}")
        return Response(svg, media_type="image/svg+xml")

    @router.get("/api/leaderboard")
    async def leaderboard(pool: str = "", limit: int = 50) -> dict[str, Any]:
        """The best rated players of a pool (``RULESET/2p`` ...).

        ``rated``: the pools anybody is rated in; ``pools``: those first, then
        every other pool a rated game could be in (so the page's menu is never
        empty on a new server)."""
        rated = sorted(await asyncio.to_thread(club.pools))
        pools = rated + [p for p in possible_pools() if p not in rated]
        default = "parcheesi/2p" if "parcheesi/2p" in pools else pools[0]  # the lobby's own
        chosen = pool[:32] or (rated[0] if rated else default)
        rows = await asyncio.to_thread(club.leaderboard, chosen, max(1, min(limit, 200)))
        return {"pool": chosen, "pools": pools, "rated": rated, "players": rows}

    return router
