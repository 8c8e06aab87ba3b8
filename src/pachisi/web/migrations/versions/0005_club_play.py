"""Finding a game and talking in it: seeks and chat (migration 0005_club_play).

``seeks``: one row per seek ("Play someone now", :mod:`pachisi.web.seeks`),
open until paired, cancelled or expired; ``chat_messages``: the players' and
spectators' messages of each game; ``chat_mutes``: the seats a player has
muted; ``chat_reports``: reports of messages, once per reporter
(:mod:`pachisi.web.chat`). A seek's or message's account is forgotten
(``SET NULL``) when the account is deleted; a game's messages and mutes go
with the game.

Revision ID: 0005_club_play
Revises: 0004_accounts
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_club_play"
down_revision = "0004_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``seeks``, ``chat_messages``, ``chat_mutes`` and ``chat_reports``."""
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("alive_until", sa.DateTime(timezone=True), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("ruleset", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("teams", sa.Boolean, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("clock", sa.Text, nullable=True),
        sa.Column("match", sa.String(200), nullable=False),
        sa.Column("fill_after", sa.Integer, nullable=True),
        sa.Column("fill_level", sa.String(16), nullable=True),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("key_hash", sa.String(64), nullable=False),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="SET NULL"), nullable=True
        ),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("paired_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_seeks_open", "seeks", ["status", "match", "created_at"])
    op.create_index("ix_seeks_owner", "seeks", ["owner"])
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("owner", sa.String(64), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("text", sa.String(200), nullable=True),
        sa.Column("phrase", sa.String(32), nullable=True),
        sa.Column("hidden", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("hidden_by", sa.Integer, nullable=True),
    )
    op.create_index("ix_chat_game_room", "chat_messages", ["game_id", "room", "id"])
    op.create_table(
        "chat_mutes",
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("muted", sa.Integer, primary_key=True, autoincrement=False),
    )
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "message_id",
            sa.Integer,
            sa.ForeignKey("chat_messages.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("reporter", sa.String(80), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("message_id", "reporter", name="uq_chat_reports_once"),
    )


def downgrade() -> None:
    """Drop them again."""
    op.drop_table("chat_reports")
    op.drop_table("chat_mutes")
    op.drop_index("ix_chat_game_room", table_name="chat_messages")
    op.drop_table("chat_messages")
    op.drop_index("ix_seeks_owner", table_name="seeks")
    op.drop_index("ix_seeks_open", table_name="seeks")
    op.drop_table("seeks")
