"""Operations (docs/operations.md): the service files' command lines, backups and restores.

* The systemd unit's ``ExecStart`` and the container recipe's ``CMD`` are parsed by
  the real ``pachisi`` command line (a renamed option would fail here, not on a server).
* The backup and restore commands are read from docs/operations.md itself and run as
  written: a SQLite store with a game in it is backed up while the server has it open
  (sqlite3's online backup API), the game goes on, and the restore brings back the game
  as it was at the backup; the same with ``pg_dump``/``pg_restore`` on the test suite's
  throwaway PostgreSQL cluster.
"""

from __future__ import annotations

import json
import os
import random
import re
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from pachisi import cli

ROOT = Path(__file__).resolve().parent.parent
UNIT = ROOT / "contrib" / "pachisi-web.service"
CONTAINERFILE = ROOT / "contrib" / "Containerfile"
OPERATIONS = ROOT / "docs" / "operations.md"


def _serve_args(argv: list[str]) -> Any:
    assert Path(argv[0]).name == "pachisi", argv
    args = cli.build_parser(argv[1:]).parse_args(argv[1:])
    assert args.command == "serve"
    return args


def test_the_units_command_line_parses() -> None:
    pytest.importorskip("fastapi")  # only to be sure the serve command is the real one
    lines = [line for line in UNIT.read_text(encoding="utf-8").splitlines() if "=" in line]
    settings = dict(line.split("=", 1) for line in lines if not line.startswith("#"))
    argv = shlex.split(settings["ExecStart"])
    assert Path(argv[0]).is_absolute()  # systemd runs no shell: the full path
    args = _serve_args(argv)
    # loopback behind the reverse proxy; the store in the service's state directory
    assert (args.host, args.port) == ("127.0.0.1", 8000)
    assert args.db.startswith(settings["WorkingDirectory"] + "/")
    assert settings["StateDirectory"] == Path(settings["WorkingDirectory"]).name
    # the environment's public address is one serve accepts
    from pachisi.web.serve import BASE_URL_ENV, base_url

    name, _, value = settings["Environment"].partition("=")
    assert name == BASE_URL_ENV and base_url(value) == value


def test_the_containers_command_line_parses() -> None:
    pytest.importorskip("fastapi")
    text = CONTAINERFILE.read_text(encoding="utf-8")
    cmd = re.search(r"^CMD (\[.*\])$", text, re.MULTILINE)
    assert cmd is not None
    args = _serve_args(json.loads(cmd.group(1)))
    assert args.host == "0.0.0.0" and f"EXPOSE {args.port}" in text
    volume = re.search(r"^VOLUME (\S+)$", text, re.MULTILINE)
    assert volume is not None and args.db.startswith(volume.group(1) + "/")


def doc_command(marker: str) -> str:
    """The one command line of docs/operations.md's shell blocks that contains ``marker``."""
    text = OPERATIONS.read_text(encoding="utf-8")
    blocks = re.findall(r"```sh\n(.*?)```", text, re.DOTALL)
    found = [line for b in blocks for line in b.splitlines() if marker in line]
    assert len(found) == 1, (marker, found)
    return found[0]


def run_doc_command(marker: str, env: dict[str, str]) -> None:
    proc = subprocess.run(
        ["bash", "-c", doc_command(marker)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr


class Seats:
    """Two people at one game through the API (every step the first legal one)."""

    def __init__(self, url: str) -> None:
        from fastapi.testclient import TestClient

        from pachisi.web.app import create_app

        self.client = TestClient(create_app(url, bot_delay=0, rng=random.Random(38)))
        self.client.__enter__()
        self.game_id = ""
        self.keys: dict[int, str] = {}

    def new_game(self) -> None:
        spec = {"ruleset": "parcheesi", "players": 2, "seats": ["human", "human"]}
        created = self.client.post("/api/games", json=spec).json()
        self.game_id = created["id"]
        self.keys = {k["seat"]: k["key"] for k in created["keys"]}

    def state(self) -> dict[str, Any]:
        answer = self.client.get(f"/api/games/{self.game_id}")
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def play(self, n_moves: int) -> dict[str, Any]:
        """Play until ``n_moves`` more moves are made (at the start of a throw)."""
        state = self.state()
        goal = len(state["moves"]) + n_moves
        while state["status"] == "playing" and len(state["moves"]) < goal:
            body: dict[str, Any] = {
                "key": self.keys[state["to_move"]],
                "version": state["version"],
            }
            body.update({"type": "commit"} if state["complete"] else {"type": "step", "index": 0})
            answer = self.client.post(f"/api/games/{self.game_id}/actions", json=body)
            assert answer.status_code == 200, answer.text
            state = answer.json()["state"]
        return state

    def close(self) -> None:
        self.client.__exit__(None, None, None)


def _backup_and_restore(url: str, env: dict[str, str], backup: str, restore: str) -> None:
    """A game is played, backed up by the line of the docs with ``backup`` (the server
    running), played on, then restored by the line with ``restore`` (the server stopped);
    a new server on the restored store has the game as it was at the backup."""
    seats = Seats(url)
    try:
        seats.new_game()
        at_backup = seats.play(6)
        assert len(at_backup["moves"]) >= 6
        run_doc_command(backup, env)
        later = seats.play(6)
        assert later["version"] > at_backup["version"]
        game_id, keys = seats.game_id, seats.keys
    finally:
        seats.close()
    run_doc_command(restore, env)
    restored = Seats(url)
    try:
        restored.game_id, restored.keys = game_id, keys
        assert restored.state() == at_backup
        # and the restored game goes on
        assert len(restored.play(2)["moves"]) >= len(at_backup["moves"]) + 2
    finally:
        restored.close()


def test_a_sqlite_store_is_backed_up_and_restored(tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    db = tmp_path / "games.sqlite"
    (tmp_path / "backups").mkdir()
    env = {"DB": str(db), "BACKUP": str(tmp_path / "backups" / "games.sqlite")}
    _backup_and_restore(f"sqlite:///{db}", env, '"$DB" "$BACKUP"', '"$BACKUP" "$DB"')


@pytest.mark.skipif(
    shutil.which("pg_dump") is None or shutil.which("pg_restore") is None,
    reason="PostgreSQL client programs (pg_dump, pg_restore) not installed",
)
def test_a_postgresql_store_is_backed_up_and_restored(pg_db_url: str, tmp_path: Path) -> None:
    pytest.importorskip("fastapi")
    libpq_url = pg_db_url.replace("postgresql+psycopg://", "postgresql://", 1)
    env = {"DATABASE_URL": libpq_url, "BACKUP": str(tmp_path / "games.dump")}
    _backup_and_restore(pg_db_url, env, "pg_dump ", "pg_restore ")
