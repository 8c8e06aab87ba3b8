"""Which server process plays a game's computer seats, and until when (a lease).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``runner`` and ``runner_until`` to ``games``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("runner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("runner_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("games") as batch:
        batch.drop_column("runner_until")
        batch.drop_column("runner")
