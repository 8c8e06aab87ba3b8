"""The differential scripts' command lines (tests/*_differential.py): ``SECONDS [SEED]``,
``--help``, and a one-line error, not a traceback, on a bad number."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import expectimax_differential
import kernel_differential
import kernel_fast_differential
import kernel_turn_differential
import simulate_differential

MAINS: dict[str, Callable[[list[str]], int]] = {
    "expectimax_differential": expectimax_differential.main,
    "kernel_differential": kernel_differential.main,
    "kernel_fast_differential": kernel_fast_differential.main,
    "kernel_turn_differential": kernel_turn_differential.main,
    "simulate_differential": simulate_differential.main,
}


@pytest.mark.parametrize("name", list(MAINS))
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["ten"], "argument SECONDS: a positive number of seconds, not 'ten'"),
        (["0"], "argument SECONDS: a positive number of seconds, not '0'"),
        (["-5"], "argument SECONDS: a positive number of seconds, not '-5'"),
        (["nan"], "argument SECONDS: a positive number of seconds, not 'nan'"),
        (["5", "1.5"], "argument SEED: a whole number, not '1.5'"),
        (["5", "1", "uncompiled", "3"], "unrecognized arguments"),
    ],
)
def test_a_bad_argument_is_one_line(
    name: str, argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        MAINS[name](argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"{Path(sys.argv[0]).name}: error: ") and words in err


@pytest.mark.parametrize("name", list(MAINS))
def test_help_shows_the_usage_and_the_docstring(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        MAINS[name](["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert "[SECONDS] [SEED]" in out and f"python tests/{name}.py SECONDS [SEED]" in out


def test_a_script_run_from_the_shell_says_one_line() -> None:
    script = Path(__file__).parent / "kernel_fast_differential.py"
    proc = subprocess.run(
        [sys.executable, str(script), "soon"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (
        "kernel_fast_differential.py: error: argument SECONDS: "
        "a positive number of seconds, not 'soon' (see --help)\n"
    )
