"""The review queue: failed puzzles come back by spaced repetition (FSRS, the ``fsrs``
package). No Textual here.

A puzzle enters the queue when an attempt at it fails or needs the solution; from then
on every attempt at it is a review, graded by how it went (failed or solution: *Again*,
solved after a hint: *Hard*, solved cleanly: *Good*), and FSRS sets when it is due
next. A failed puzzle comes back the next day, not within the session (no learning
steps: a solution seen minutes ago tests short-term memory, not reading), then at
growing intervals as it is solved. No fuzz, so that the same history gives the same
dates.

>>> from datetime import datetime, UTC
>>> t = datetime(2026, 1, 1, 12, tzinfo=UTC)
>>> schedule(None, "clean", t) is None  # a clean first solve does not enter the queue
True
>>> due, card = schedule(None, "failed", t)
>>> due
'2026-01-02T12:00:00+00:00'
>>> due2, _ = schedule(card, "clean", datetime(2026, 1, 2, 12, tzinfo=UTC))
>>> due2 > '2026-01-04'
True
"""

from __future__ import annotations

from datetime import datetime
from functools import cache

from fsrs import Card, Rating, Scheduler

from tui.models.progress_store import Result

__all__ = ["GRADES", "schedule"]

GRADES: dict[Result, Rating] = {
    "failed": Rating.Again,
    "solution": Rating.Again,
    "hints": Rating.Hard,
    "clean": Rating.Good,
}


@cache
def _scheduler() -> Scheduler:
    return Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def schedule(card_json: str | None, result: Result, now: datetime) -> tuple[str, str] | None:
    """The puzzle's next review after an attempt: ``(due, card JSON)``, or ``None`` when
    it is not in the queue and this attempt does not put it there (a solve)."""
    if card_json is None:
        if result in ("clean", "hints"):
            return None
        card = Card()
    else:
        card = Card.from_json(card_json)
    card, _log = _scheduler().review_card(card, GRADES[result], review_datetime=now)
    return card.due.isoformat(timespec="seconds"), card.to_json()
