"""What a verification reports, and the checks win and task puzzles share.

:class:`VerifyReport` (the outcome of :func:`puzzles.verify.verify_puzzle`), the
:class:`Budget` of one puzzle's searches, and the checks of a position and of stated
themes that :mod:`puzzles.verify` (win puzzles) and :mod:`puzzles.tasks` (defence and
point tasks) both use: a room of its own, so that neither of those imports the other.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from puzzles.model import Puzzle
from puzzles.themes import order_themes
from solver.rules.notation import SIZE, Point, point_name
from solver.search.limits import DEFAULT_MEMORY_MB, Limits

__all__ = [
    "RESULTS",
    "Budget",
    "VerifyReport",
    "black_overline",
    "position_problems",
    "stated_themes",
    "task_summary",
]

RESULTS = ("proven", "disproven", "unknown", "illegal", "error")
"""The values of :attr:`VerifyReport.result`."""


@dataclass
class VerifyReport:
    """The outcome of :func:`verify_puzzle` (points as names like ``"h8"``).

    Attributes:
        id: the puzzle's id; source: the file it came from; entry: its index there.
        goal, attacker: what was checked (after any override).
        result: ``proven``, ``disproven``, ``unknown``, ``illegal`` or ``error`` (a
            solver error: a proof the checker rejected, or a disproof the second look
            contradicted; ``problems`` says which).
        line: the solver's main line; shortest: its attacker moves.
        keys: every winning first move (``None``: not known).
        stated: attacker moves of the stated solution up to its win (``None``: no
            complete stated solution); stated_ok: every stated move checked and right
            (``None``: no stated solution, or the check did not finish).
        nodes: search nodes of the shortest-win search (a difficulty figure).
        seconds: time spent on the whole verification.
        problems: what is wrong, as short strings; empty when the puzzle is sound.
        kind: the puzzle's task (``win``, ``defend``, ``points:KIND``).
        answer: a task's answer found by the engine (every holding move, every point of
            the kind; ``None``: a win puzzle, or not known).
        themes: the engine's themes; rating: the initial rating from its facts.
        unconfirmed: the claims of the verdict (no cook, the shortest length ...) that
            the second look without the search's shortcuts could not confirm within the
            budget, each with why (they stand as the first search made them).
        no_win_within: with an ``unknown`` result, the most attacker moves within which
            the search showed there is no win (``None``: none shown).
    """

    id: str = ""
    source: str = ""
    entry: int | None = None
    goal: str = "tsume"
    attacker: str = "black"
    result: str = "unknown"
    line: list[str] = field(default_factory=list)
    shortest: int | None = None
    keys: list[str] | None = None
    stated: int | None = None
    stated_ok: bool | None = None
    nodes: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    kind: str = "win"
    answer: list[str] | None = None
    themes: list[str] = field(default_factory=list)
    rating: int | None = None
    unconfirmed: list[str] = field(default_factory=list)
    no_win_within: int | None = None

    @property
    def sound(self) -> bool:
        """No problem found."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (every field; ``seconds`` rounded)."""
        out = dataclasses.asdict(self)
        out["seconds"] = round(self.seconds, 4)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VerifyReport:
        """The inverse of :meth:`to_json` (unknown keys are ignored).

        Raises:
            TypeError, ValueError: a field has the wrong type.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        report = cls(**{k: v for k, v in data.items() if k in names})
        if not isinstance(report.problems, list) or not isinstance(report.line, list):
            raise ValueError("problems and line must be lists")
        return report


_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def black_overline(black: list[Point]) -> str | None:
    """A message naming a run of six or more black stones, or ``None``.

    >>> from solver.rules.notation import parse_points
    >>> black_overline(parse_points("c3 d3 e3 f3 g3 h3"))
    'black already has an overline (c3-h3)'
    """
    stones = set(black)
    for p in sorted(stones):
        row, col = divmod(p, SIZE)
        for dr, dc in _DIRECTIONS:
            pr, pc = row - dr, col - dc
            if 0 <= pr < SIZE and 0 <= pc < SIZE and pr * SIZE + pc in stones:
                continue  # not the start of the run
            n = 1
            while True:
                r, c = row + dr * n, col + dc * n
                if not (0 <= r < SIZE and 0 <= c < SIZE and r * SIZE + c in stones):
                    break
                n += 1
            if n >= 6:
                end = (row + dr * (n - 1)) * SIZE + col + dc * (n - 1)
                return f"black already has an overline ({point_name(p)}-{point_name(end)})"
    return None


def _seconds(t: float) -> str:
    return f"{t:g} s"


class Budget:
    """The time left for one puzzle, the stop callback shared by its searches, whether
    their proofs are checked, and each search's table memory (``Limits.memory_mb``)."""

    def __init__(
        self,
        time_limit: float | None,
        should_stop: Callable[[], bool] | None,
        check: bool = True,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        self.limit = time_limit
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.should_stop = should_stop
        self.check = check
        self.memory_mb = memory_mb

    def left(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.001, self.deadline - time.monotonic())

    def limits(self, max_moves: int | None, count: str) -> Limits:
        """A search's limits now: ``max_moves`` counted as ``count``, the time left, the
        table memory."""
        return Limits(max_moves=max_moves, time=self.left(), count=count, memory_mb=self.memory_mb)

    def why(self, reason: str) -> str:
        """Why a search gave no answer: ``within 10 s``, ``(stopped)``..."""
        if reason == "time limit" and self.limit is not None:
            return f"within {_seconds(self.limit)}"
        return f"({reason or 'search stopped'})"


def task_summary(report: VerifyReport) -> str:
    """A task's verdict in a few words: ``defend (threat in 3): 2 moves hold``.

    >>> task_summary(VerifyReport(kind="points:four", answer=["h8"]))
    'points:four: 1 point'
    """
    n = len(report.answer or [])
    if report.kind == "defend":
        threat = f" (threat in {report.shortest})" if report.shortest else ""
        return f"defend{threat}: {n} move{'s' if n != 1 else ''} hold{'s' if n == 1 else ''}"
    return f"{report.kind}: {n} point{'s' if n != 1 else ''}"


def position_problems(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """(problems of the position, problems of the stated solution and keys)."""
    bare = dataclasses.replace(puzzle, solution=[], keys=[], answer=None)
    position = bare.validate()
    if not position:
        over = black_overline(puzzle.black)
        if over:
            position.append(over)
    stated = [m for m in puzzle.validate() if m not in position]
    return position, stated


def stated_themes(puzzle: Puzzle, report: VerifyReport) -> None:
    """Add a problem if the puzzle states themes other than the engine's."""
    if puzzle.themes and order_themes(puzzle.themes) != report.themes:
        report.problems.append(
            f"stated themes {', '.join(puzzle.themes)}; the engine finds"
            f" {', '.join(report.themes) or 'none'}"
        )
