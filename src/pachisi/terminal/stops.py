"""Signals that stop a session, turned into exceptions that cannot be missed.

Python runs a signal handler only when the main thread is back in the
interpreter. ``input()`` (readline's ``select`` loop, or ``fgets``) goes
back to it only when its wait is interrupted. A signal that lands after the
prompt is written but before the wait begins interrupts nothing: the
handler then runs only after the next Enter, so a ``kill -HUP`` (or
``-TERM``, or a Ctrl-C) at that moment was acted on one line late.

:class:`StopSignals` closes that window. While it is active, the C-level
handler also writes the signal number to a pipe (:func:`signal.set_wakeup_fd`);
a watcher thread reading the pipe sends the same signal to the main thread
again every 50 ms until the handler has run there. A wait that began after
the first delivery is interrupted by the next one.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
from collections.abc import Callable, Mapping
from types import FrameType, TracebackType
from typing import Any

__all__ = ["RESEND_SECONDS", "StopSignals"]

#: How often the watcher repeats a signal the main thread has not acted on yet.
RESEND_SECONDS = 0.05


class StopSignals:
    """A context manager: each signal of ``raises`` raises its exception in the main thread.

    ``raises`` maps a signal to a callable that makes the exception (a class
    will do). Only the first such signal raises; later ones are ignored, so
    the code that saves and says goodbye is not itself interrupted. Must be
    entered in the main thread; signals that cannot be set here (a platform
    without SIGHUP) are skipped.
    """

    def __init__(self, raises: Mapping[signal.Signals, Callable[[], BaseException]]) -> None:
        self._raises = dict(raises)
        self._previous: dict[signal.Signals, Any] = {}
        self._previous_fd = -1
        self._pipe: tuple[int, int] | None = None
        self._watcher: threading.Thread | None = None
        self._main = threading.main_thread().ident or 0
        self._closing = threading.Event()
        #: The signal acted on, once the main thread has raised for it.
        self.fired: signal.Signals | None = None

    def _handler(self, signum: int, frame: FrameType | None) -> None:
        if self.fired is not None:
            return
        sig = signal.Signals(signum)
        self.fired = sig
        raise self._raises[sig]()

    def __enter__(self) -> StopSignals:
        for sig in self._raises:
            with contextlib.suppress(ValueError, OSError):
                self._previous[sig] = signal.signal(sig, self._handler)
        read_end, write_end = os.pipe()
        os.set_blocking(write_end, False)
        try:
            self._previous_fd = signal.set_wakeup_fd(write_end, warn_on_full_buffer=False)
        except ValueError:  # not the main thread: handlers still work, without the watcher
            os.close(read_end)
            os.close(write_end)
            return self
        self._pipe = (read_end, write_end)
        self._watcher = threading.Thread(target=self._watch, name="stop-signals", daemon=True)
        self._watcher.start()
        return self

    def _watch(self) -> None:
        assert self._pipe is not None
        # Signals meant for the process go to the main thread, not to this one.
        signal.pthread_sigmask(signal.SIG_BLOCK, set(self._previous))
        while not self._closing.is_set():
            try:
                data = os.read(self._pipe[0], 64)
            except OSError:
                return
            pending = [signal.Signals(b) for b in data if b in self._previous]
            if not pending:
                continue
            while self.fired is None and not self._closing.is_set():
                with contextlib.suppress(OSError, ValueError):
                    signal.pthread_kill(self._main, pending[0])
                self._closing.wait(RESEND_SECONDS)

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._closing.set()
        if self._pipe is not None:
            signal.set_wakeup_fd(self._previous_fd)
            with contextlib.suppress(OSError):
                os.write(self._pipe[1], b"\0")  # wake the watcher
            if self._watcher is not None:
                self._watcher.join(timeout=1.0)
            for fd in self._pipe:
                os.close(fd)
            self._pipe = None
        for sig, handler in self._previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, handler)
