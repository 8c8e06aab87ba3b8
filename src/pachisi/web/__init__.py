"""Play in the browser: ``pachisi serve`` (the ``web`` extra).

:mod:`pachisi.web.store` keeps games (SQLAlchemy, Alembic migrations);
:mod:`pachisi.web.requests` reads requests; :mod:`pachisi.web.views` builds
what is shown (board, state); :mod:`pachisi.web.rooms` holds a game in memory
with its seats, keys and watchers; :mod:`pachisi.web.referee` moves a game
on against the rules engine; :mod:`pachisi.web.hub` holds every room and
runs computer seats; :mod:`pachisi.web.app` is the FastAPI application with
its WebSocket and the static pages. docs/web.md describes the API.
"""
