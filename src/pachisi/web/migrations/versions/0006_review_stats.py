"""The figures of each finished game's review, per seat (migration 0006_review_stats).

``review_stats``: one row per reviewed game and seat (the key ``(game_id,
seat)``: a game reviewed again, by this process or another, counts once),
with the seat's account if it had one, its decisions and the points it lost
(``lost``, as :func:`pachisi.analysis.words.summary` has it: a fraction, never
below 0). A profile's average error rate is read from it
(:class:`pachisi.web.club_routes.Club`). The rows go with their game; the
account is forgotten (``SET NULL``) when it is deleted.

Revision ID: 0006_review_stats
Revises: 0005_club_play
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_review_stats"
down_revision = "0005_club_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``review_stats``."""
    op.create_table(
        "review_stats",
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
        sa.Column("decisions", sa.Integer, nullable=False),
        sa.Column("lost", sa.Float, nullable=False),
        sa.Column("reviewed_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_review_stats_account", "review_stats", ["account_id"])


def downgrade() -> None:
    """Drop it again."""
    op.drop_index("ix_review_stats_account", table_name="review_stats")
    op.drop_table("review_stats")
