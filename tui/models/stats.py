"""The statistics screen's numbers, from the attempts kept. No Textual here.

The rating over time (after each rated attempt), and by theme: attempts, accuracy (the
share solved, with or without a hint; a look at the solution or a failure is not), the
share solved cleanly, and the median time of a solve.

>>> from tui.models.progress_store import AttemptRecord
>>> a = [AttemptRecord("k", "c", "p1", "clean", 20.0, "t1", themes=("vcf",), rated=True,
...      rating=1600.0),
...      AttemptRecord("j", "c", "p2", "failed", 50.0, "t2", themes=("vcf", "vct"))]
>>> s = statistics(a)
>>> s.history, [(t.theme, t.attempts, t.accuracy, t.median_seconds) for t in s.themes]
([('t1', 1600.0)], [('vcf', 2, 0.5, 20.0), ('vct', 1, 0.0, None)])
>>> s.results["clean"], s.results["failed"], s.results["hints"]
(1, 1, 0)
"""

from __future__ import annotations

import statistics as pystats
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from tui.models.progress_store import AttemptRecord, Result

__all__ = ["Statistics", "ThemeStats", "statistics"]


@dataclass
class ThemeStats:
    """One theme's figures."""

    theme: str
    attempts: int = 0
    solved: int = 0
    clean: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def accuracy(self) -> float:
        """The share of attempts solved (with or without a hint)."""
        return self.solved / self.attempts if self.attempts else 0.0

    @property
    def median_seconds(self) -> float | None:
        """The median time of a solve, ``None`` before any timed one."""
        return pystats.median(self.times) if self.times else None


@dataclass
class Statistics:
    """Everything the statistics screen shows."""

    history: list[tuple[str, float]]
    themes: list[ThemeStats]
    results: Counter[Result]

    @property
    def attempts(self) -> int:
        """Attempts counted."""
        return sum(self.results.values())


def statistics(attempts: Sequence[AttemptRecord]) -> Statistics:
    """The figures of ``attempts`` (oldest first)."""
    history = [(a.at, a.rating) for a in attempts if a.rated and a.rating is not None]
    results: Counter[Result] = Counter({r: 0 for r in ("clean", "hints", "solution", "failed")})
    themes: dict[str, ThemeStats] = {}
    for a in attempts:
        results[a.result] += 1
        for theme in a.themes:
            t = themes.setdefault(theme, ThemeStats(theme))
            t.attempts += 1
            if a.result in ("clean", "hints"):
                t.solved += 1
                if a.seconds is not None:
                    t.times.append(a.seconds)
            t.clean += a.result == "clean"
    return Statistics(history, sorted(themes.values(), key=lambda t: t.theme), results)
