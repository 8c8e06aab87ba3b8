"""Ratings of the club: OpenSkill per ruleset and set-up (docs/web.md, *Ratings*).

A rated game is chosen at creation (``"rated": true``) by a signed-in
player; every seat is a person's, from the standard start, with the
server's dice. Each seat is then taken by a signed-in account
(``POST /api/games/{id}/sit`` with the seat's key; one seat per account);
nobody can act in a rated game until every seat is taken, and then only the
account of a seat acts for it (its key alone is not enough). Hints are
refused in rated games.

Ratings are kept per *pool*: a ruleset and a set-up, ``RULESET/2p``,
``/3p``, ``/4p`` (each for themselves) or ``/teams``. They are OpenSkill's
Weng-Lin Plackett-Luce model (the ``openskill`` package): a rating is a
mean ``mu`` (25 at first) and an uncertainty ``sigma`` (25/3 at first);
every game updates everybody's from the places of its sides (a team is
rated as a team; shared places are ties). A rating is *provisional* while
``sigma`` is above :data:`PROVISIONAL_SIGMA`. Pages show
``1500 + 60 (mu - 25)`` rounded to tens, with ``± 120 sigma`` (two
standard deviations), and the leaderboard orders by the cautious estimate
``mu - 3 sigma``.

**Exactly once.** :func:`rate_game` runs as the store's ``on_finish`` hook:
in the transaction that marks the game finished (the game row moves from
its version only once, whatever the number of server processes), inside a
savepoint, guarded by ``rated_games.rated_at`` and the unique
``(game_id, account_id)`` of ``rating_history``. A process killed at any
moment leaves both the end and the rating stored, or neither.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa

from ..rules import Setup
from .store import metadata

__all__ = [
    "BASE",
    "MU",
    "PROVISIONAL_SIGMA",
    "SCALE",
    "SIGMA",
    "display",
    "pool_of",
    "rate_game",
    "rated_games",
    "rating_history",
    "ratings",
    "side_ranks",
]

log = logging.getLogger("pachisi.web")

#: A rating's uncertainty above which it is provisional (it starts at 25/3, about 8.3;
#: between two new players it falls below 6 after about ten games).
PROVISIONAL_SIGMA = 6.0
#: A new rating: OpenSkill's defaults.
MU = 25.0
SIGMA = 25.0 / 3
#: The shown rating is ``BASE + SCALE * (mu - 25)``.
BASE = 1500
SCALE = 60

#: The games created rated: their pool, and when they were rated (once).
rated_games = sa.Table(
    "rated_games",
    metadata,
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("pool", sa.String(32), nullable=False),
    sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True),
)

#: An account's rating in a pool.
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("pool", sa.String(32), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_ratings_pool", "pool"),
)

#: One row per rated game and account: unique, the guard that a game is rated once.
rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column(
        "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column(
        "account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("pool", sa.String(32), nullable=False),
    sa.Column("place", sa.Integer, nullable=False),
    sa.Column("mu_before", sa.Float, nullable=False),
    sa.Column("sigma_before", sa.Float, nullable=False),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.UniqueConstraint("game_id", "account_id", name="uq_rating_history_game_account"),
    sa.Index("ix_rating_history_account_id", "account_id", "pool"),
)


def pool_of(setup: Setup) -> str:
    """The rating pool of a set-up: ``RULESET/teams``, or ``RULESET/Np`` for N players."""
    if setup.teams:
        return f"{setup.ruleset}/teams"
    return f"{setup.ruleset}/{len(setup.players)}p"


def _tens(value: float) -> int:
    return round(value / 10.0) * 10


def display(mu: float, sigma: float) -> dict[str, Any]:
    """A rating as pages show it: ``rating`` and ``deviation`` (two sigmas) in tens,
    and whether it is ``provisional``."""
    return {
        "rating": _tens(BASE + SCALE * (mu - 25.0)),
        "deviation": _tens(2 * SCALE * sigma),
        "provisional": sigma > PROVISIONAL_SIGMA,
    }


def side_ranks(outcome: dict[str, Any]) -> list[tuple[list[int], int]]:
    """Each side (its seats) with its rank, 1 the best, equal ranks for shared places.

    The winning side is first; every other side takes the place of its best
    placed seat (a resigned side was placed last by the hub).
    """
    places: list[list[int]] = outcome["places"]
    winner = set(outcome.get("winner") or ())
    place_of = {s: k for k, group in enumerate(places) for s in group}
    out: list[tuple[list[int], int]] = []
    for side in outcome["sides"]:
        if winner and set(side) & winner:
            rank = 0
        else:
            rank = 1 + min(place_of.get(s, len(places)) for s in side)
        out.append((list(side), rank))
    # Dense ranks from 1.
    order = sorted({r for _, r in out})
    return [(side, order.index(r) + 1) for side, r in out]


def _rating(model: Any, row: Any) -> Any:
    return model.rating(mu=row["mu"], sigma=row["sigma"])


def _model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def _ensure_rows(conn: sa.Connection, pool: str, account_ids: Sequence[int], now: datetime) -> None:
    values = [
        {"account_id": a, "pool": pool, "mu": MU, "sigma": SIGMA, "games": 0, "updated_at": now}
        for a in account_ids
    ]
    if conn.dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert

        conn.execute(pg_insert(ratings).on_conflict_do_nothing(), values)
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        conn.execute(sqlite_insert(ratings).on_conflict_do_nothing(), values)


def rate_game(conn: sa.Connection, game_id: str, outcome: dict[str, Any]) -> bool:
    """Rate a game that has just finished (the store's ``on_finish`` hook); whether rated.

    Nothing happens for a game not created rated, one already rated, one
    whose seats were not all taken by distinct accounts, or without an
    ``outcome``. Runs in the caller's transaction, in a savepoint.
    """
    pool = conn.execute(
        sa.select(rated_games.c.pool).where(
            rated_games.c.game_id == game_id, rated_games.c.rated_at.is_(None)
        )
    ).scalar_one_or_none()
    if pool is None or not outcome.get("sides"):
        return False
    from .accounts import game_players

    seated = dict(
        conn.execute(
            sa.select(game_players.c.seat, game_players.c.account_id).where(
                game_players.c.game_id == game_id
            )
        ).all()
    )
    sides = side_ranks(outcome)
    seats = [s for side, _ in sides for s in side]
    accounts = [seated.get(s) for s in seats]
    if any(a is None for a in accounts) or len(set(accounts)) != len(accounts):
        log.info("game %s: not rated, its seats were not all taken by accounts", game_id)
        return False
    ids = sorted(int(a) for a in accounts if a is not None)
    now = datetime.now(UTC)
    try:
        with conn.begin_nested():
            done = conn.execute(
                rated_games.update()
                .where(rated_games.c.game_id == game_id, rated_games.c.rated_at.is_(None))
                .values(rated_at=now)
            )
            if done.rowcount != 1:
                return False
            _ensure_rows(conn, pool, ids, now)
            rows = {
                r["account_id"]: r
                for r in conn.execute(
                    sa.select(ratings)
                    .where(ratings.c.pool == pool, ratings.c.account_id.in_(ids))
                    .order_by(ratings.c.account_id)
                    .with_for_update()
                ).mappings()
            }
            model = _model()
            teams = [[_rating(model, rows[seated[s]]) for s in side] for side, _ in sides]
            new = model.rate(teams, ranks=[rank for _, rank in sides])
            for (side, rank), after in zip(sides, new, strict=True):
                for seat, rating in zip(side, after, strict=True):
                    account = seated[seat]
                    before = rows[account]
                    conn.execute(
                        rating_history.insert().values(
                            game_id=game_id,
                            account_id=account,
                            pool=pool,
                            place=rank,
                            mu_before=before["mu"],
                            sigma_before=before["sigma"],
                            mu=rating.mu,
                            sigma=rating.sigma,
                            at=now,
                        )
                    )
                    conn.execute(
                        ratings.update()
                        .where(ratings.c.account_id == account, ratings.c.pool == pool)
                        .values(
                            mu=rating.mu,
                            sigma=rating.sigma,
                            games=before["games"] + 1,
                            updated_at=now,
                        )
                    )
    except sa.exc.IntegrityError:  # rated already (the unique guard): nothing more
        log.warning("game %s: rated already", game_id)
        return False
    return True
