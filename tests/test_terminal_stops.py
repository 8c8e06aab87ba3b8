"""``pachisi.terminal.stops``: a stop signal is acted on even when it lands just before a wait.

The race it closes: the signal's Python handler runs only when the main thread
is back in the interpreter, and a blocking read that began after the signal
arrived is not interrupted by it. Here the signal is delivered to another
thread while the main thread sits in libc's ``read()`` (called through
ctypes, as ``input()`` sits in readline's ``select()``): the handler's flag is
set, the read is never interrupted. Without the guard the stop comes only
after the next line is typed (the first test shows it); with it, at once.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

PROGRAM = textwrap.dedent(
    """
    import contextlib, ctypes, os, signal, sys, threading

    from pachisi.terminal.stops import StopSignals


    class Stop(Exception):
        pass


    def plain_handler(signum, frame):
        raise Stop


    libc = ctypes.CDLL(None, use_errno=True)
    read_end, write_end = os.pipe()
    buf = ctypes.create_string_buffer(1)
    waiting = threading.Event()
    typed_after = float(sys.argv[2])


    def other_thread():
        waiting.wait()
        # Delivered to this thread: Python notes the signal, the main thread's read() goes on.
        signal.pthread_kill(threading.get_ident(), signal.SIGHUP)
        threading.Event().wait(typed_after)
        os.write(write_end, b"\\n")  # the next Enter


    threading.Thread(target=other_thread, daemon=True).start()
    if sys.argv[1] == "guarded":
        guard = StopSignals({signal.SIGHUP: Stop})
    else:
        signal.signal(signal.SIGHUP, plain_handler)
        guard = contextlib.nullcontext()
    try:
        with guard:
            waiting.set()
            libc.read(read_end, buf, 1)
        print("not stopped")
    except Stop:
        print("stopped after the Enter" if buf.raw == b"\\n" else "stopped while waiting")
    """
)


def run(mode: str, typed_after: float) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM, mode, str(typed_after)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stderr == ""
    return done.stdout


def test_without_the_guard_the_signal_waits_for_the_next_enter() -> None:
    """The race reproduced: the handler runs only once the read has its line."""
    assert run("plain", typed_after=0.5) == "stopped after the Enter\n"


def test_the_guard_raises_in_the_waiting_main_thread() -> None:
    """The Enter never comes in time (60 s): the guard alone ends the wait."""
    assert run("guarded", typed_after=60) == "stopped while waiting\n"


def test_the_guard_restores_the_handlers_and_the_wakeup_fd() -> None:
    from pachisi.terminal.stops import StopSignals

    before = signal.getsignal(signal.SIGTERM)
    with StopSignals({signal.SIGTERM: RuntimeError}) as guard:
        assert signal.getsignal(signal.SIGTERM) != before
        assert guard.fired is None
    assert signal.getsignal(signal.SIGTERM) == before
    assert signal.set_wakeup_fd(-1) == -1


def test_only_the_first_signal_raises() -> None:
    from pachisi.terminal.stops import StopSignals

    with StopSignals({signal.SIGUSR1: RuntimeError}) as guard:
        with pytest.raises(RuntimeError):
            signal.raise_signal(signal.SIGUSR1)
        assert guard.fired == signal.SIGUSR1
        signal.raise_signal(signal.SIGUSR1)  # ignored: the program is already stopping
    assert guard.fired == signal.SIGUSR1
