"""What an attempt changes, and which puzzle comes next. No Textual here.

:func:`record_attempt` keeps an attempt with everything it moves, in one transaction of
the store: the player's and the puzzle's Glicko-2 ratings (the first attempt at a puzzle
is rated, as on lichess; replays, reviews and streak runs are not) and the puzzle's
review card (a failure puts it in the review queue). :func:`next_near` offers the puzzle
nearest the player's rating; :func:`due_entries` lists the reviews due.

>>> import tempfile
>>> from pathlib import Path
>>> from puzzles.bundled import bundled_puzzles
>>> from tui.models.catalog import make_entries
>>> store = ProgressStore(Path(tempfile.mkdtemp()))
>>> entries = make_entries("starter", bundled_puzzles()[:6])
>>> out = record_attempt(store, entries[0], "failed", 42.0, "train")
>>> out.rated, out.after.rating < out.before.rating, out.due is not None
(True, True, True)
>>> record_attempt(store, entries[0], "clean", 10.0, "train").rated  # a replay
False
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from tui.models.catalog import Collection, Entry
from tui.models.glicko import Glicko, idle, play
from tui.models.progress_store import AttemptRecord, ProgressStore, Result
from tui.models.ratings import SCORES, nearest, starting_rating
from tui.models.spaced import schedule
from tui.models.themes import puzzle_themes

__all__ = [
    "Outcome",
    "due_entries",
    "due_text",
    "next_near",
    "puzzle_glicko",
    "rating_lookup",
    "record_attempt",
]


@dataclass(frozen=True)
class Outcome:
    """What one attempt did: its result, whether it was rated, the player's rating
    before and after it, and the puzzle's next review (``None``: not in the queue)."""

    result: Result
    rated: bool
    before: Glicko
    after: Glicko
    due: str | None


def puzzle_glicko(store: ProgressStore, entry: Entry) -> Glicko:
    """The puzzle's rating: moved by attempts, else its starting estimate."""
    return store.puzzle_rating(entry.key) or starting_rating(entry.puzzle)


def rating_lookup(store: ProgressStore) -> Callable[[Entry], float]:
    """A function giving each entry's rating (one query for a whole list)."""
    moved = store.puzzle_ratings()

    def rating(entry: Entry) -> float:
        known = moved.get(entry.key)
        return known.rating if known is not None else starting_rating(entry.puzzle).rating

    return rating


def record_attempt(
    store: ProgressStore,
    entry: Entry,
    result: Result,
    seconds: float | None,
    mode: str,
    now: datetime | None = None,
    *,
    review: bool = True,
) -> Outcome:
    """Keep the attempt and what it moves (see the module docstring); ``review=False``:
    not for the review queue (a drill on a puzzle's position that no file states)."""
    now = now or datetime.now(UTC)
    before = store.player_rating()
    rated = mode != "streak" and not store.was_rated(entry.key)
    player: Glicko | None = None
    puzzle: Glicko | None = None
    if rated:
        # the player's deviation grows with the days since their last rated attempt
        last = store.last_rated_at()
        days = (now - datetime.fromisoformat(last)).total_seconds() / 86400 if last else 0.0
        player, puzzle = play(idle(before, days), puzzle_glicko(store, entry), SCORES[result])
    card = schedule(store.review_card(entry.key), result, now) if review else None
    record = AttemptRecord(
        key=entry.key,
        collection=entry.collection,
        puzzle_id=entry.label,
        result=result,
        seconds=None if seconds is None else round(seconds, 1),
        at=now.isoformat(timespec="seconds"),
        mode=mode,
        themes=puzzle_themes(entry.puzzle),
        rated=rated,
        rating=player.rating if player is not None else None,
    )
    store.add_attempt(record, player=player, puzzle=puzzle, card=card)
    return Outcome(result, rated, before, player or before, card[0] if card else None)


def next_near(
    store: ProgressStore, entries: Sequence[Entry], *, skip: str | None = None
) -> Entry | None:
    """The puzzle to train on next: nearest the player's rating among those never
    attempted (all of them once every one was), never ``skip`` (the one just played)."""
    pool = [e for e in entries if e.key != skip]
    tried = store.attempted_keys()
    fresh = [e for e in pool if e.key not in tried]
    return nearest(fresh or pool, store.player_rating().rating, rating_lookup(store))


def due_entries(
    store: ProgressStore, collections: Sequence[Collection], now: datetime | None = None
) -> list[Entry]:
    """The puzzles due for review (most overdue first) that the loaded collections hold."""
    when = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    by_key: dict[str, Entry] = {}
    for coll in collections:
        for e in coll.entries:
            by_key.setdefault(e.key, e)
    return [by_key[k] for k in store.due_reviews(when) if k in by_key]


def due_text(due: str, now: datetime | None = None) -> str:
    """When a review is due, said relative to ``now``: ``"tomorrow"``, ``"in 6 days"``.

    >>> due_text("2026-01-02T12:00:00+00:00", datetime(2026, 1, 1, 12, tzinfo=UTC))
    'tomorrow'
    >>> due_text("2026-01-08T12:00:00+00:00", datetime(2026, 1, 1, 13, tzinfo=UTC))
    'in 7 days'
    """
    days = math.ceil(
        (datetime.fromisoformat(due) - (now or datetime.now(UTC))).total_seconds() / 86400
    )
    if days <= 0:
        return "now"
    return "tomorrow" if days == 1 else f"in {days} days"
