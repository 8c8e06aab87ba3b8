"""``pachisi serve``: the command starts a working server and refuses bad options."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from helpers import free_port
from pachisi.cli import main


def test_serve_starts_answers_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    port = free_port()
    db = tmp_path / "games.sqlite"
    cmd = [sys.executable, "-m", "pachisi", "serve", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--db", str(db), "--base-url", "https://play.example.test/pachisi/"]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/rulesets") as r:
                    info = json.load(r)
                break
            except OSError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)
        assert "parcheesi" in info["rulesets"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as r:
            assert r.status == 200 and b"<html" in r.read().lower()
        assert db.exists()  # the SQLite file is made and migrated at start
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/server") as r:
            assert json.load(r) == {"base_url": "https://play.example.test/pachisi"}
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    assert f"http://127.0.0.1:{port}/" in out
    assert "share links start with https://play.example.test/pachisi/" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "0"], "bad port"),
        (["--port", "70000"], "bad port"),
        (["--bot-delay", "-1"], "negative"),
        (["--computer-workers", "-1"], "--computer-workers cannot be negative"),
        (["--creates-per-minute", "-5"], "--creates-per-minute cannot be negative"),
        (["--header-timeout", "0"], "--header-timeout must be positive"),
        (["--computer-lease", "0"], "--computer-lease must be positive"),
        (["--seeks-per-minute", "-1"], "--seeks-per-minute cannot be negative"),
        (["--base-url", "play.example.org"], "--base-url: 'play.example.org' is not an http"),
        (["--base-url", "ftp://example.org"], "is not an http:// or https:// address"),
        (["--base-url", "https://example.org/?a=1"], "no user, query or fragment"),
    ],
)
def test_serve_refuses_bad_options(
    args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *args]) == 2
    assert words in capsys.readouterr().err


def test_serve_without_the_web_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if it were not installed
    assert main(["serve"]) == 1
    err = capsys.readouterr().err
    assert "needs the web extra: pip install " in err
    assert "'fastapi>=" in err and "no module named uvicorn" in err
    assert "pachisi[" not in err  # pachisi is on no package index


def test_serve_reads_a_bad_base_url_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PACHISI_BASE_URL", "example.org")
    assert main(["serve"]) == 2
    assert "PACHISI_BASE_URL: 'example.org' is not an http" in capsys.readouterr().err
