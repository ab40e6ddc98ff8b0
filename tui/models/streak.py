"""A streak run: puzzles of rising rating against the clock. No Textual here.

A run lasts 3 or 5 minutes; every solved puzzle scores one, a puzzle failed (a move that
does not win) counts a mistake and the run moves on; three mistakes, the clock or the
end of the puzzles end it. The clock is injectable for tests.

>>> t = [0.0]
>>> run = StreakRun(3, ["a", "b", "c", "d"], clock=lambda: t[0])
>>> run.current(), run.solved(), run.failed(), run.score, run.mistakes
('a', 'b', 'c', 1, 1)
>>> t[0] = 100.0; run.clock_text()
'1:20'
>>> t[0] = 180.0; run.over(), run.reason()
(True, 'time is up')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

__all__ = ["LENGTHS", "MAX_MISTAKES", "StreakRun"]

T = TypeVar("T")
LENGTHS = (3, 5)  # minutes
MAX_MISTAKES = 3


class StreakRun(Generic[T]):
    """The state of one run over ``queue`` (puzzles in the order they come)."""

    def __init__(
        self, minutes: int, queue: Sequence[T], clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.minutes = minutes
        self.queue = list(queue)
        self.clock = clock
        self.started = clock()
        self.score = 0
        self.mistakes = 0
        self.index = 0
        self.results: list[tuple[T, bool]] = []
        self.finished = False

    def time_left(self) -> float:
        """Seconds left on the clock (never below 0)."""
        return max(0.0, self.minutes * 60.0 - (self.clock() - self.started))

    def clock_text(self) -> str:
        """``"2:07"``."""
        left = int(self.time_left() + 0.999)
        return f"{left // 60}:{left % 60:02d}"

    def over(self) -> bool:
        """Whether the run has ended (time, mistakes, no puzzle left, or stopped)."""
        return (
            self.finished
            or self.time_left() <= 0
            or self.mistakes >= MAX_MISTAKES
            or self.index >= len(self.queue)
        )

    def reason(self) -> str:
        """Why the run ended, in a few words."""
        if self.mistakes >= MAX_MISTAKES:
            return "three mistakes"
        if self.time_left() <= 0:
            return "time is up"
        if self.index >= len(self.queue):
            return "no puzzles left"
        return "stopped"

    def current(self) -> T | None:
        """The puzzle being played, ``None`` once the run is over."""
        return None if self.over() else self.queue[self.index]

    def _advance(self, ok: bool) -> T | None:
        if self.index < len(self.queue):
            self.results.append((self.queue[self.index], ok))
            self.index += 1
        return self.current()

    def solved(self) -> T | None:
        """Score the puzzle being played; the next one (``None``: the run is over)."""
        if self.over():
            return None
        self.score += 1
        return self._advance(True)

    def failed(self) -> T | None:
        """Count a mistake on the puzzle being played; the next one, if the run goes on."""
        if self.over():
            return None
        self.mistakes += 1
        return self._advance(False)

    def stop(self) -> None:
        """End the run now (the player left it)."""
        self.finished = True
