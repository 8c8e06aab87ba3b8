"""Alembic environment: run with the connection :meth:`Store.migrate` hands over.

Offline use (``alembic upgrade --sql``) is not supported: the server always
migrates the live database it is given.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:  # only through Store.migrate
    raise RuntimeError("run the migrations through pachisi.web.store.Store.migrate")

context.configure(
    connection=connection,
    target_metadata=None,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
