"""Ctrl-C that stops a search and keeps its answer (``renju solve``, ``renju defend``)."""

from __future__ import annotations

from typing import Any

__all__ = ["Interrupt"]


class Interrupt:
    """Ctrl-C during a search, as a ``should_stop``: the first one makes it true (the
    search stops and the command prints what it found, exit 130); a second one
    interrupts at once, as without it. Only the main thread can take signals: elsewhere
    Ctrl-C interrupts as usual."""

    def __init__(self) -> None:
        self.fired = False
        self._old: Any = None

    def __enter__(self) -> Interrupt:
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._old = signal.signal(signal.SIGINT, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._old is not None:
            import signal

            signal.signal(signal.SIGINT, self._old)

    def _handle(self, signum: int, frame: object) -> None:
        if self.fired:
            raise KeyboardInterrupt
        self.fired = True

    def __call__(self) -> bool:
        return self.fired
