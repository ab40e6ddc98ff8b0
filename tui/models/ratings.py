"""Puzzle ratings before any attempt, and choosing puzzles by rating. No Textual here.

A puzzle's rating starts from what the solver knows: :attr:`Puzzle.rating` when the
engine computed it (read with ``getattr``: files written before the field existed keep
working), else an estimate from the goal class and the length; attempts then move it
(:mod:`tui.models.glicko`). The next puzzle offered is the one nearest the player's
rating among those not tried yet; a streak takes puzzles in rising rating.

>>> from puzzles.model import Puzzle
>>> estimated_rating(Puzzle(goal="vcf", max_moves=2)), estimated_rating(Puzzle(goal="vct", max_moves=5))
(1050.0, 1550.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from puzzles.model import Puzzle
from tui.models.glicko import Glicko
from tui.models.progress_store import Result

__all__ = [
    "ESTIMATE_RD",
    "SCORES",
    "estimated_rating",
    "nearest",
    "rising",
    "starting_rating",
]

T = TypeVar("T")

SCORES: dict[Result, float] = {"clean": 1.0, "hints": 0.5, "solution": 0.0, "failed": 0.0}
"""The player's score against the puzzle: a solve after a hint is half a win."""
ESTIMATE_RD = 250.0  # how unsure a rating is before any attempt
_BASE = {"vcf": 1000.0, "vct": 1350.0, "tsume": 1450.0}
_PER_MOVE = 50.0  # each attacker move beyond the first


def estimated_rating(puzzle: Puzzle) -> float:
    """The puzzle's starting rating: the engine's, else goal class and length."""
    stated = getattr(puzzle, "rating", None)
    if isinstance(stated, int | float) and not isinstance(stated, bool):
        return float(stated)
    moves = puzzle.max_moves or max(1, (len(puzzle.solution) + 1) // 2)
    return _BASE.get(puzzle.goal, 1450.0) + _PER_MOVE * (moves - 1)


def starting_rating(puzzle: Puzzle) -> Glicko:
    """The Glicko rating of a puzzle no attempt has moved yet."""
    return Glicko(estimated_rating(puzzle), ESTIMATE_RD)


def nearest(items: Sequence[T], target: float, rating: Callable[[T], float]) -> T | None:
    """The item whose rating is nearest ``target`` (the first of equals), ``None`` if none.

    >>> nearest([1000, 1400, 1800], 1500, float)
    1400
    """
    best: T | None = None
    gap = float("inf")
    for item in items:
        d = abs(rating(item) - target)
        if d < gap:
            best, gap = item, d
    return best


def rising(
    items: Sequence[T], start: float, rating: Callable[[T], float], *, at_least: int = 30
) -> list[T]:
    """The items in rising rating from the first at or above ``start``, begun earlier
    when fewer than ``at_least`` would be left (a short run is no run): a streak's order.

    >>> rising([1500, 900, 1200, 1000], 1100, float, at_least=1)
    [1200, 1500]
    >>> rising([1500, 900, 1200, 1000], 1100, float, at_least=3)
    [1000, 1200, 1500]
    >>> rising([900, 1000], 1900, float, at_least=1)
    [1000]
    """
    ordered = sorted(items, key=rating)
    first = next((i for i, x in enumerate(ordered) if rating(x) >= start), len(ordered))
    return ordered[max(0, min(first, len(ordered) - at_least)) :]
