"""Accounts, their sign-in sessions, and ratings (migration 0004_accounts).

* ``accounts``: a name as chosen and its case-folded key (unique), the
  password's Argon2 hash, the moderator and suspended marks;
* ``sessions``: one row per signed-in browser, keyed by a hash of its
  cookie's token (never the token);
* ``signin_throttle``: the sign-in budgets, per account name and per client
  network, keyed by a hash (no name or address is stored);
* ``game_players``: which account sits in which seat of a game (set null
  when the account is deleted: the game stays, anonymised);
* ``game_claims``: the games an account created, or claimed from the
  browser it signed in with;
* ``rated_games``: the games created rated, their rating pool, and when
  they were rated (once);
* ``ratings``: an account's rating (OpenSkill ``mu``, ``sigma``) per pool;
* ``rating_history``: one row per rated game and account, unique, the guard
  that a game is rated exactly once.

Revision ID: 0004_accounts
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_accounts"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables of the module's description."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False),
        sa.Column("password", sa.String(255), nullable=False),
        sa.Column("moderator", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("suspended", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name_key", name="uq_accounts_name_key"),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_table(
        "signin_throttle",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("tokens", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "game_players",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
    )
    op.create_index("ix_game_players_account_id", "game_players", ["account_id"])
    op.create_table(
        "game_claims",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
    )
    op.create_index("ix_game_claims_account_id", "game_claims", ["account_id"])
    op.create_table(
        "rated_games",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "ratings",
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("pool", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_pool", "ratings", ["pool"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("pool", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("game_id", "account_id", name="uq_rating_history_game_account"),
    )
    op.create_index("ix_rating_history_account_id", "rating_history", ["account_id", "pool"])


def downgrade() -> None:
    """Drop them again (the games stay)."""
    op.drop_index("ix_rating_history_account_id", "rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_pool", "ratings")
    op.drop_table("ratings")
    op.drop_table("rated_games")
    op.drop_index("ix_game_claims_account_id", "game_claims")
    op.drop_table("game_claims")
    op.drop_index("ix_game_players_account_id", "game_players")
    op.drop_table("game_players")
    op.drop_table("signin_throttle")
    op.drop_index("ix_sessions_account_id", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
