"""Ratings of the club: OpenSkill per ruleset and set-up (docs/web.md, *Ratings*).

Filled in below the tables.
"""

from __future__ import annotations

import sqlalchemy as sa

from .store import metadata

__all__ = ["rated_games", "rating_history", "ratings"]

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
