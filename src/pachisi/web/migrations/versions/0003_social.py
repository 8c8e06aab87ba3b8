"""Who may see a game in the lobby, and its social state (migration 0003).

``owner`` is a hash of the browser token of whoever created the game,
``public`` whether its creator listed it for everyone, and ``social`` a JSON
object: the turn timer chosen at creation, resignations, an offer to end
the game, how it ended early, seats handed to a computer, an adjournment
(:mod:`pachisi.web.social`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``owner``, ``public`` and ``social`` to ``games``, and an index on ``owner``."""
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("social", sa.Text, nullable=True))
        batch.create_index("ix_games_owner", ["owner"])


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("games") as batch:
        batch.drop_index("ix_games_owner")
        batch.drop_column("social")
        batch.drop_column("public")
        batch.drop_column("owner")
