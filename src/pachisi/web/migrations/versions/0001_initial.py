"""The first schema: games and their throws.

Revision ID: 0001
Revises:
Create Date: 2026-11-21
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``games`` and ``throws``."""
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ruleset", sa.String(16), nullable=False),
        sa.Column("start", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("first", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("result", sa.Text, nullable=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch", sa.String(32), nullable=True),
    )
    op.create_index("ix_games_updated_at", "games", ["updated_at"])
    op.create_table(
        "throws",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("dice", sa.String(8), nullable=False),
        sa.Column("steps", sa.Text, nullable=False),
        sa.Column("play", sa.Text, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("throws")
    op.drop_index("ix_games_updated_at", "games")
    op.drop_table("games")
