"""The game store (pachisi.web.store) on both databases: SQLite and PostgreSQL, for real.

Every test takes ``db_url`` (tests/conftest.py): an empty SQLite file, then an
empty database on a throwaway PostgreSQL cluster (tests/web_db.py). The same
tests and the same Alembic migrations run on both. The last tests drive the
whole server through its API and restart it on the same database.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient

import pachisi.web.store as store_module
from pachisi.web.app import create_app
from pachisi.web.store import GameRow, Store, StoreError, ThrowRow, alembic_config

MIGRATIONS = Path(store_module.__file__).parent / "migrations"

#: The schema the migrations must make: table -> columns in order (name, nullable).
SCHEMA = {
    "games": [
        ("id", False),
        ("created_at", False),
        ("updated_at", False),
        ("ruleset", False),
        ("start", False),
        ("seats", False),
        ("first", False),
        ("status", False),
        ("result", True),
        ("version", False),
        ("rematch_of", True),
        ("rematch", True),
        ("runner", True),
        ("runner_until", True),
        ("owner", True),
        ("public", False),
        ("social", True),
    ],
    "throws": [
        ("game_id", False),
        ("n", False),
        ("seat", False),
        ("dice", False),
        ("steps", False),
        ("play", True),
        ("created_at", False),
    ],
    # Accounts and ratings (migration 0004_accounts, tests/test_web_accounts.py).
    "accounts": [
        ("id", False),
        ("name", False),
        ("name_key", False),
        ("password", False),
        ("moderator", False),
        ("suspended", False),
        ("created_at", False),
    ],
    "sessions": [
        ("id", False),
        ("account_id", False),
        ("created_at", False),
        ("expires_at", False),
    ],
    "signin_throttle": [("key", False), ("tokens", False), ("at", False)],
    "game_players": [("game_id", False), ("seat", False), ("account_id", True)],
    "game_claims": [("game_id", False), ("account_id", False)],
    "rated_games": [("game_id", False), ("pool", False), ("rated_at", True)],
    "ratings": [
        ("account_id", False),
        ("pool", False),
        ("mu", False),
        ("sigma", False),
        ("games", False),
        ("updated_at", False),
    ],
    "rating_history": [
        ("id", False),
        ("game_id", False),
        ("account_id", False),
        ("pool", False),
        ("place", False),
        ("mu_before", False),
        ("sigma_before", False),
        ("mu", False),
        ("sigma", False),
        ("at", False),
    ],
    # Seeks and chat (migration 0005_club_play, tests/test_web_club_play.py).
    "seeks": [
        ("id", False),
        ("created_at", False),
        ("alive_until", False),
        ("status", False),
        ("ruleset", False),
        ("players", False),
        ("teams", False),
        ("rated", False),
        ("clock", True),
        ("match", False),
        ("fill_after", True),
        ("fill_level", True),
        ("owner", True),
        ("account_id", True),
        ("name", False),
        ("key_hash", False),
        ("game_id", True),
        ("seat", True),
        ("paired_at", True),
    ],
    "chat_messages": [
        ("id", False),
        ("game_id", False),
        ("room", False),
        ("created_at", False),
        ("account_id", True),
        ("owner", True),
        ("seat", True),
        ("name", False),
        ("text", True),
        ("phrase", True),
        ("hidden", False),
        ("hidden_by", True),
    ],
    "chat_mutes": [("game_id", False), ("seat", False), ("muted", False)],
    "chat_reports": [
        ("id", False),
        ("message_id", False),
        ("reporter", False),
        ("reason", False),
        ("created_at", False),
    ],
    # Review figures (migration 0006_review_stats, tests/test_web_ratings.py).
    "review_stats": [
        ("game_id", False),
        ("seat", False),
        ("account_id", True),
        ("decisions", False),
        ("lost", False),
        ("reviewed_at", False),
    ],
}


# ---------------------------------------------------------------------------
# Helpers


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config(None)).get_current_head()
    assert head is not None
    return head


def current_revision(store: Store) -> str | None:
    with store.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def table_names(store: Store) -> set[str]:
    return set(sa.inspect(store.engine).get_table_names())


def check_schema(store: Store) -> None:
    """The tables, columns, keys and index of the newest migration, as the database has them."""
    insp = sa.inspect(store.engine)
    assert set(insp.get_table_names()) == {"alembic_version", *SCHEMA}
    for name, expected in SCHEMA.items():
        columns = insp.get_columns(name)
        assert [(c["name"], c["nullable"]) for c in columns] == expected, name
        # The types are those the store reads and writes (store.metadata).
        table = store_module.metadata.tables[name]
        for col in columns:
            declared = table.c[col["name"]].type
            assert col["type"].python_type is declared.python_type, (name, col["name"])
            if isinstance(declared, sa.String) and declared.length is not None:
                assert getattr(col["type"], "length", None) == declared.length
    assert insp.get_pk_constraint("games")["constrained_columns"] == ["id"]
    assert insp.get_pk_constraint("throws")["constrained_columns"] == ["game_id", "n"]
    [fk] = insp.get_foreign_keys("throws")
    assert fk["constrained_columns"] == ["game_id"]
    assert (fk["referred_table"], fk["referred_columns"]) == ("games", ["id"])
    assert fk["options"].get("ondelete", "").upper() == "CASCADE"
    indexes = {ix["name"]: ix["column_names"] for ix in insp.get_indexes("games")}
    assert indexes.get("ix_games_updated_at") == ["updated_at"]
    assert current_revision(store) == head_revision()


def game(game_id: str, **changes: Any) -> GameRow:
    """A game row with JSON values of every kind and names beyond ASCII."""
    row = GameRow(
        id=game_id,
        ruleset="parcheesi",
        start={
            "ruleset": "parcheesi",
            "players": [["red"], ["yellow"]],
            "pawns": [[0, 0, 0, 0], [0, 0, 0, 0]],
            "to_move": 1,
            "options": {"blockade": True, "bonus": None, "ratio": 0.5},
        },
        seats=[
            {"kind": "human", "name": "Zoë Ångström", "key_hash": "ab" * 32},
            {"kind": "greedy", "name": '李雷 🎲 "quoted" \\ back', "key_hash": None},
        ],
        first={"seat": 1, "rounds": [{"0": 4, "1": 4}, {"0": 2, "1": 6}]},
    )
    for name, value in changes.items():
        setattr(row, name, value)
    return row


def loaded(store: Store, game_id: str) -> tuple[GameRow, list[ThrowRow]]:
    found = store.load(game_id)
    assert found is not None, game_id
    return found


def aware(value: datetime | None) -> datetime:
    assert value is not None
    assert value.tzinfo is not None and value.utcoffset() is not None, value
    return value


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """A migrated store on an empty database."""
    s = Store(db_url)
    s.migrate()
    try:
        yield s
    finally:
        s.dispose()


# ---------------------------------------------------------------------------
# Migrations


def test_migrate_creates_the_schema_on_an_empty_database(db_url: str) -> None:
    store = Store(db_url)
    try:
        assert table_names(store) == set()
        assert current_revision(store) is None
        store.migrate()
        check_schema(store)
    finally:
        store.dispose()


def test_migrate_again_is_a_no_op(db_url: str) -> None:
    first = Store(db_url)
    first.migrate()
    first.create(game("g1"))
    first.add_throw("g1", ThrowRow(1, 1, (3, 5)), 1)
    before = loaded(first, "g1")
    first.dispose()

    # A second migrate, by a new store as a restarted server does: no statement changes
    # anything (no DDL, no write to alembic_version), and the data is still there.
    again = Store(db_url)
    statements: list[str] = []
    sa.event.listen(
        again.engine,
        "before_cursor_execute",
        lambda conn, cursor, statement, *args: statements.append(statement),
    )
    try:
        again.migrate()
        again.migrate()
        writes = ("CREATE", "ALTER", "DROP", "INSERT", "UPDATE", "DELETE")
        assert statements, "the migration did not even look at the database"
        changed = [s for s in statements if s.lstrip().upper().startswith(writes)]
        assert changed == []
        check_schema(again)
        with again.engine.connect() as conn:
            versions = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
        assert [v for (v,) in versions] == [head_revision()]
        assert loaded(again, "g1") == before
    finally:
        again.dispose()


def test_downgrade_to_base_and_upgrade_again(db_url: str) -> None:
    store = Store(db_url)
    try:
        store.migrate()
        store.create(game("g1"))
        with store.engine.begin() as conn:
            command.downgrade(alembic_config(conn), "base")
        # Alembic keeps its (now empty) version table; the games and throws are gone.
        assert table_names(store) == {"alembic_version"}
        assert current_revision(store) is None
        with pytest.raises(sa.exc.DBAPIError):
            store.load("g1")

        store.migrate()
        check_schema(store)
        assert store.load("g1") is None
        store.create(game("g1"))
        store.add_throw("g1", ThrowRow(1, 1, (6, 6)), 1)
        row, moves = loaded(store, "g1")
        assert (row.version, moves) == (1, [ThrowRow(1, 1, (6, 6))])
    finally:
        store.dispose()


def test_games_stored_before_migration_0003_are_private_with_no_social_state(
    db_url: str,
) -> None:
    store = Store(db_url)
    try:
        with store.engine.begin() as conn:
            command.upgrade(alembic_config(conn), "0002")
            conn.execute(
                sa.text(
                    "INSERT INTO games (id, created_at, updated_at, ruleset, start, seats, first,"
                    " status, version) VALUES ('old', :t, :t, 'parcheesi', '{}', '[]', '{}',"
                    " 'playing', 3)"
                ),
                {"t": datetime.now(UTC)},
            )
        store.migrate()
        check_schema(store)
        row, _ = loaded(store, "old")
        assert (row.owner, row.public, row.social, row.version) == (None, False, {}, 3)
        assert [g.id for g in store.recent(everyone=False, owner="someone")] == []
        # ... and back: 0003 down to 0002 keeps the game.
        with store.engine.begin() as conn:
            command.downgrade(alembic_config(conn), "0002")
            assert conn.execute(sa.text("SELECT version FROM games")).scalar_one() == 3
        assert "owner" not in {c["name"] for c in sa.inspect(store.engine).get_columns("games")}
    finally:
        store.dispose()


# ---------------------------------------------------------------------------
# Rows


def test_create_and_load_round_trip(store: Store) -> None:
    row = game("round-trip", result=None, rematch_of="earlier")
    store.create(row)
    created = aware(row.created_at)
    assert row.updated_at == created
    store.add_throw("round-trip", ThrowRow(1, 1, (1, 6)), 1)
    store.finish_throw("round-trip", 1, [0, 1], "Y0-1 Y1-7", 2)
    store.add_throw("round-trip", ThrowRow(2, 0, (5, 5), steps=[2]), 3)

    got, moves = loaded(store, "round-trip")
    assert got.id == "round-trip"
    assert got.ruleset == "parcheesi"
    assert got.start == row.start
    assert got.seats == row.seats
    assert got.seats[1]["name"] == '李雷 🎲 "quoted" \\ back'
    assert got.first == row.first
    assert (got.status, got.result, got.version) == ("playing", None, 3)
    assert (got.rematch_of, got.rematch) == ("earlier", None)
    # Datetimes come back timezone-aware, the same instants as written.
    assert aware(got.created_at) == created
    assert aware(got.updated_at) > created
    assert abs(aware(got.updated_at) - datetime.now(UTC)) < timedelta(minutes=1)
    assert moves == [
        ThrowRow(1, 1, (1, 6), steps=[0, 1], play="Y0-1 Y1-7"),
        ThrowRow(2, 0, (5, 5), steps=[2], play=None),
    ]
    assert isinstance(moves[0].dice, tuple)


def test_load_of_an_unknown_game_is_none(store: Store) -> None:
    assert store.load("no-such-game") is None
    store.create(game("known"))
    assert store.load("no-such-game") is None
    assert store.load("KNOWN") is None  # ids are case-sensitive
    assert store.load("known") is not None


def test_writes_to_an_unknown_game_are_refused(store: Store) -> None:
    with pytest.raises(StoreError):
        store.set_steps("ghost", 1, [0], 1)
    with pytest.raises(StoreError):
        store.finish_throw("ghost", 1, [0], "R0-1", 1)
    with pytest.raises(StoreError):
        store.finish_status("ghost", 1, "stopped")
    with pytest.raises((StoreError, sa.exc.IntegrityError)):
        store.add_throw("ghost", ThrowRow(1, 0, (1, 2)), 1)
    assert store.load("ghost") is None
    with store.engine.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM throws")).scalar_one() == 0


def test_a_game_played_through_the_store(store: Store) -> None:
    store.create(game("g"))
    store.add_throw("g", ThrowRow(1, 1, (5, 2)), 1)
    store.set_steps("g", 1, [0], 2)
    assert loaded(store, "g")[1] == [ThrowRow(1, 1, (5, 2), steps=[0])]
    store.set_steps("g", 1, [], 3)  # an undo
    assert loaded(store, "g")[1] == [ThrowRow(1, 1, (5, 2), steps=[])]
    store.set_steps("g", 1, [1, 0], 4)
    store.finish_throw("g", 1, [1, 0], "Y0-5 Y5-7", 5)
    store.add_throw("g", ThrowRow(2, 0, (3, 3)), 6)
    store.finish_throw("g", 2, [], "-", 7)
    store.add_throw("g", ThrowRow(3, 1, (6, 4)), 8)
    store.finish_throw(
        "g", 3, [0, 0], "Y7-13 Y13-HOME", 9, status="finished", result="won by player 1"
    )
    row, moves = loaded(store, "g")
    assert (row.status, row.result, row.version) == ("finished", "won by player 1", 9)
    assert moves == [
        ThrowRow(1, 1, (5, 2), steps=[1, 0], play="Y0-5 Y5-7"),
        ThrowRow(2, 0, (3, 3), steps=[], play="-"),
        ThrowRow(3, 1, (6, 4), steps=[0, 0], play="Y7-13 Y13-HOME"),
    ]


def test_a_winner_is_recorded_while_the_game_goes_on(store: Store) -> None:
    # Four players: the first one home has won, the others play on.
    store.create(game("g"))
    store.add_throw("g", ThrowRow(1, 0, (2, 1)), 1)
    store.finish_throw("g", 1, [0], "R0-3", 2, result="won by player 0")
    row, _ = loaded(store, "g")
    assert (row.status, row.result) == ("playing", "won by player 0")


def test_finish_status_ends_a_game_without_a_winner(store: Store) -> None:
    store.create(game("g", ruleset="pagade"))
    store.add_throw("g", ThrowRow(1, 0, (2, 1)), 1)
    store.finish_throw("g", 1, [], "-", 2)
    store.finish_status("g", 3, "stopped: a dead end")
    row, moves = loaded(store, "g")
    assert (row.status, row.result, row.version) == ("finished", "stopped: a dead end", 3)
    assert moves == [ThrowRow(1, 0, (2, 1), steps=[], play="-")]


def test_steps_to_a_finished_throw_are_refused_and_change_nothing(store: Store) -> None:
    store.create(game("g"))
    store.add_throw("g", ThrowRow(1, 1, (4, 1)), 1)
    store.finish_throw("g", 1, [1, 0], "Y0-4 Y4-5", 2)
    before = loaded(store, "g")

    with pytest.raises(StoreError):
        store.set_steps("g", 1, [0], 3)
    with pytest.raises(StoreError):
        store.finish_throw("g", 1, [0, 1], "Y0-1 Y1-5", 3, status="finished", result="x")
    with pytest.raises(StoreError):
        store.set_steps("g", 2, [0], 3)  # a throw never made
    assert loaded(store, "g") == before  # steps, play, version and updated_at alike


def test_every_write_moves_version_and_updated_at(store: Store) -> None:
    row = game("g")
    store.create(row)
    seen = [(0, aware(row.updated_at))]

    def check(version: int) -> None:
        got, _ = loaded(store, "g")
        assert got.version == version
        assert aware(got.updated_at) > seen[-1][1], "updated_at did not move"
        assert got.created_at == row.created_at
        seen.append((version, aware(got.updated_at)))

    store.add_throw("g", ThrowRow(1, 1, (2, 3)), 1)
    check(1)
    store.set_steps("g", 1, [0], 2)
    check(2)
    store.set_steps("g", 1, [0, 0], 3)
    check(3)
    store.finish_throw("g", 1, [0, 0], "Y0-2 Y2-5", 4)
    check(4)
    store.add_throw("g", ThrowRow(2, 0, (1, 1)), 5)
    check(5)
    store.finish_throw("g", 2, [], "-", 6)
    check(6)
    store.finish_status("g", 7, "stopped")
    check(7)


def test_rematch_links_the_games(store: Store) -> None:
    store.create(game("old"))
    store.add_throw("old", ThrowRow(1, 1, (6, 5)), 1)
    store.finish_throw("old", 1, [0], "Y0-11", 2, status="finished", result="won")
    store.create(game("new", rematch_of="old"))
    old_before, old_moves = loaded(store, "old")
    store.set_rematch("old", "new", 3)
    old, moves = loaded(store, "old")
    assert old.rematch == "new"
    assert (old.status, old.result, moves) == ("finished", "won", old_moves)
    assert old.start == old_before.start and old.seats == old_before.seats
    new, _ = loaded(store, "new")
    assert (new.rematch_of, new.rematch) == ("old", None)


def test_recent_is_newest_first(store: Store) -> None:
    for name in ("a", "b", "c", "d"):
        store.create(game(name))
    assert [g.id for g in store.recent()] == ["d", "c", "b", "a"]
    store.add_throw("b", ThrowRow(1, 1, (1, 2)), 1)
    assert [g.id for g in store.recent()] == ["b", "d", "c", "a"]
    store.add_throw("a", ThrowRow(1, 1, (3, 4)), 1)
    store.set_steps("b", 1, [0], 2)
    assert [g.id for g in store.recent()] == ["b", "a", "d", "c"]
    assert [g.id for g in store.recent(limit=2)] == ["b", "a"]
    top = store.recent(limit=1)[0]
    assert top == loaded(store, "b")[0]
    assert aware(top.updated_at) >= aware(store.recent()[1].updated_at)


def test_recent_for_a_browser_lists_its_own_named_and_public_games(store: Store) -> None:
    store.create(game("mine", owner="o1"))
    store.create(game("theirs", owner="o2"))
    store.create(game("public", owner="o2", public=True))
    store.create(game("nobodys"))
    assert {g.id for g in store.recent()} == {"mine", "theirs", "public", "nobodys"}

    def seen(**who: Any) -> set[str]:
        return {g.id for g in store.recent(everyone=False, **who)}

    assert seen() == {"public"}
    assert seen(owner="o1") == {"mine", "public"}
    assert seen(owner="o1", ids=["nobodys", "unknown"]) == {"mine", "public", "nobodys"}
    row = loaded(store, "public")[0]
    assert (row.owner, row.public, row.social) == ("o2", True, {})
    social = {"clock": {"seconds": 30, "then": "adjourn", "level": "greedy"}, "resigned": [1]}
    store.create(game("timed", social=social))
    assert loaded(store, "timed")[0].social == social
    assert store.playing_with_clock() == ["timed"]


def test_two_games_do_not_interfere(store: Store) -> None:
    store.create(game("one"))
    store.create(game("two", ruleset="pagade"))
    # The same throw numbers in both games.
    store.add_throw("one", ThrowRow(1, 1, (5, 6)), 1)
    store.add_throw("two", ThrowRow(1, 0, (2, 2)), 1)
    two_before = loaded(store, "two")

    store.set_steps("one", 1, [0], 2)
    store.finish_throw("one", 1, [0, 0], "Y0-5 Y5-11", 3, status="finished", result="won")
    assert loaded(store, "two") == two_before
    # Throw 1 of "two" is still open although throw 1 of "one" is finished.
    store.set_steps("two", 1, [1], 2)
    one, one_moves = loaded(store, "one")
    two, two_moves = loaded(store, "two")
    assert (one.version, one.status, one.ruleset) == (3, "finished", "parcheesi")
    assert (two.version, two.status, two.ruleset) == (2, "playing", "pagade")
    assert one_moves == [ThrowRow(1, 1, (5, 6), steps=[0, 0], play="Y0-5 Y5-11")]
    assert two_moves == [ThrowRow(1, 0, (2, 2), steps=[1])]


def test_concurrent_writes_to_different_games_all_land(store: Store) -> None:
    threads, throws = 8, 20
    for t in range(threads):
        store.create(game(f"game-{t}"))
    start = threading.Barrier(threads)

    def play(t: int) -> None:
        gid = f"game-{t}"
        start.wait(timeout=30)
        for n in range(1, throws + 1):
            dice = (n % 6 + 1, t % 6 + 1)
            store.add_throw(gid, ThrowRow(n, n % 2, dice), 3 * n - 2)
            store.set_steps(gid, n, [t % 3], 3 * n - 1)
            store.finish_throw(gid, n, [t % 3, 0], f"T{t}-{n}", 3 * n)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        for future in [pool.submit(play, t) for t in range(threads)]:
            future.result(timeout=120)

    for t in range(threads):
        row, moves = loaded(store, f"game-{t}")
        assert row.version == 3 * throws
        assert moves == [
            ThrowRow(n, n % 2, (n % 6 + 1, t % 6 + 1), steps=[t % 3, 0], play=f"T{t}-{n}")
            for n in range(1, throws + 1)
        ]
    with store.engine.connect() as conn:
        total = conn.execute(sa.text("SELECT count(*) FROM throws")).scalar_one()
    assert total == threads * throws


# ---------------------------------------------------------------------------
# The whole server on each database, restarted


SEED = 20261121


class Player:
    """Plays a two-human game by the API: step 0 until complete, then commit."""

    def __init__(self, client: TestClient, game_id: str, keys: dict[int, str]) -> None:
        self.client = client
        self.game_id = game_id
        self.keys = keys
        self.actions = 0

    def state(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/games/{self.game_id}")
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def act(self, state: dict[str, Any]) -> dict[str, Any]:
        body: dict[str, Any] = {"key": self.keys[state["to_move"]], "version": state["version"]}
        body.update({"type": "commit"} if state["complete"] else {"type": "step", "index": 0})
        answer = self.client.post(f"/api/games/{self.game_id}/actions", json=body)
        assert answer.status_code == 200, answer.text
        new: dict[str, Any] = answer.json()["state"]
        assert new["version"] > state["version"]
        self.actions += 1
        return new

    def play_until(self, state: dict[str, Any], done: Any) -> dict[str, Any]:
        while state["status"] == "playing" and not done(state):
            state = self.act(state)
            assert self.actions < 5000, "the game does not end"
        return state


def new_client(db_url: str) -> TestClient:
    return TestClient(create_app(db_url, bot_delay=0, rng=random.Random(SEED)))


def test_the_server_restarts_on_the_same_database(db_url: str) -> None:
    spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    with new_client(db_url) as client:
        answer = client.post("/api/games", json=spec)
        assert answer.status_code == 201, answer.text
        created = answer.json()
        game_id = created["id"]
        keys = {k["seat"]: k["key"] for k in created["keys"]}
        assert sorted(keys) == [0, 1]
        player = Player(client, game_id, keys)
        # A few dozen actions, stopping in the middle of a throw (steps made, not committed).
        state = player.play_until(
            created["state"], lambda s: player.actions >= 30 and s["steps"] and not s["complete"]
        )
        assert state["status"] == "playing"
        assert state["steps"] and state["moves"] and state["throw"]
        before = player.state()
        assert before == state

    # "Restart": a new application on the same database, nothing kept in memory.
    with new_client(db_url) as client:
        after = Player(client, game_id, keys).state()
        for field in ("version", "moves", "throw", "steps", "position", "pawns", "legal"):
            assert after[field] == before[field], field
        assert after == before
        # A replayed action from before the restart is refused as stale...
        old = {"key": keys[before["to_move"]], "version": before["version"] - 1, "type": "undo"}
        refused = client.post(f"/api/games/{game_id}/actions", json=old)
        assert refused.status_code == 409
        assert refused.json()["error"]["code"] == "stale"
        # ... and the game goes on: an undo of the stored step, then on to a fresh throw.
        player = Player(client, game_id, keys)
        undo = {"key": keys[before["to_move"]], "version": before["version"], "type": "undo"}
        answer = client.post(f"/api/games/{game_id}/actions", json=undo)
        assert answer.status_code == 200, answer.text
        state = answer.json()["state"]
        assert state["steps"] == before["steps"][:-1]
        n_moves = len(before["moves"])
        state = player.play_until(state, lambda s: len(s["moves"]) >= n_moves + 3)
        assert state["steps"] == [] and state["throw"] is not None
        before = player.state()

    # A second restart at the start of a throw, then the game is played to its end.
    with new_client(db_url) as client:
        player = Player(client, game_id, keys)
        assert player.state() == before
        state = player.play_until(before, lambda s: False)
        assert state["status"] == "finished"
        assert state["throw"] is None and state["to_move"] is None
        assert state["winner"] and state["result"]
        final = player.state()
        assert final == state
        # A new browser lists the game once it names it (it holds the game's links).
        assert client.get("/api/games").json()["games"] == []
        listed = {g["id"]: g for g in client.get(f"/api/games?ids={game_id}").json()["games"]}
        assert listed[game_id]["status"] == "finished"

    # The finished game, as stored: one throw per move, each with its play.
    with new_client(db_url) as client:
        assert Player(client, game_id, keys).state() == final
    store = Store(db_url)
    try:
        row, moves = loaded(store, game_id)
        assert (row.status, row.version) == ("finished", final["version"])
        assert [(m.n, m.seat, list(m.dice), m.play) for m in moves] == [
            (m["n"], m["seat"], m["throw"], m["play"]) for m in final["moves"]
        ]
    finally:
        store.dispose()


def test_games_of_one_database_stay_apart_across_a_restart(db_url: str) -> None:
    spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    games: dict[str, tuple[dict[str, Any], dict[int, str]]] = {}
    with new_client(db_url) as client:
        for target in (10, 25):
            created = client.post("/api/games", json=spec).json()
            keys = {k["seat"]: k["key"] for k in created["keys"]}
            player = Player(client, created["id"], keys)
            state = created["state"]
            while player.actions < target:
                state = player.act(state)
            games[created["id"]] = (state, keys)
    [(id_a, (state_a, keys_a)), (id_b, (state_b, keys_b))] = games.items()
    assert state_a["version"] != state_b["version"]
    with new_client(db_url) as client:
        assert Player(client, id_a, keys_a).state() == state_a
        assert Player(client, id_b, keys_b).state() == state_b
        # The key of a seat of one game is no key of the other.
        body = {"key": keys_b[state_a["to_move"]], "version": state_a["version"], "type": "undo"}
        answer = client.post(f"/api/games/{id_a}/actions", json=body)
        assert answer.status_code == 403, answer.text
        assert Player(client, id_a, keys_a).state() == state_a


def finished_game_with_rematch(client: TestClient) -> tuple[str, dict[int, str], str]:
    """A two-human game played to its end, and its rematch: (id, keys, rematch id)."""
    spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
    created = client.post("/api/games", json=spec).json()
    keys = {k["seat"]: k["key"] for k in created["keys"]}
    player = Player(client, created["id"], keys)
    assert player.play_until(created["state"], lambda s: False)["status"] == "finished"
    answer = client.post(f"/api/games/{created['id']}/rematch", json={"key": keys[1]})
    assert answer.status_code == 200, answer.text
    return created["id"], keys, answer.json()["id"]


def test_a_rematch_survives_a_restart(db_url: str) -> None:
    with new_client(db_url) as client:
        game_id, keys, rematch_id = finished_game_with_rematch(client)
        old = Player(client, game_id, keys).state()
        new = Player(client, rematch_id, keys).state()
        assert old["rematch"] == rematch_id and new["status"] == "playing"
    with new_client(db_url) as client:
        old_after = Player(client, game_id, keys).state()
        assert old_after["rematch"] == rematch_id
        assert {k: v for k, v in old_after.items() if k != "version"} == {
            k: v for k, v in old.items() if k != "version"
        }
        # The rematch keeps the seats' keys and goes on where it was.
        assert Player(client, rematch_id, keys).state() == new
        Player(client, rematch_id, keys).act(new)


def test_a_rematch_keeps_its_version_across_a_restart(db_url: str) -> None:
    with new_client(db_url) as client:
        game_id, keys, _ = finished_game_with_rematch(client)
        before = Player(client, game_id, keys).state()
    with new_client(db_url) as client:
        assert Player(client, game_id, keys).state()["version"] == before["version"]
