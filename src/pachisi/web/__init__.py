"""Play in the browser: ``pachisi serve`` (the ``web`` extra).

:mod:`pachisi.web.store` keeps games (SQLAlchemy, Alembic migrations),
:mod:`pachisi.web.service` referees them against the rules engine, and
:mod:`pachisi.web.app` is the FastAPI application with its WebSocket and the
static pages. docs/web.md describes the API.
"""
