"""The trainer's models without Textual: choosing by rating, the review queue's dates,
a streak's order and end, statistics by theme."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from puzzles.bundled import bundled_puzzles
from puzzles.model import Puzzle
from tui.models.catalog import Collection, Entry, make_entries
from tui.models.progress_store import ProgressStore
from tui.models.ratings import estimated_rating, rising
from tui.models.spaced import schedule
from tui.models.streak import StreakRun
from tui.models.training import due_entries, next_near, rating_lookup, record_attempt

T0 = datetime(2026, 5, 1, 9, tzinfo=UTC)


def entries() -> list[Entry]:
    return make_entries("all", [p for p in bundled_puzzles() if isinstance(p, Puzzle)])


def test_the_engines_rating_is_taken_when_the_puzzle_has_one() -> None:
    pz = Puzzle(goal="vcf", max_moves=2)
    pz.rating = 1875  # type: ignore[attr-defined]  # the field puzzles.model is gaining
    assert estimated_rating(pz) == 1875.0
    assert (
        estimated_rating(Puzzle(goal="vcf", max_moves=2))
        < estimated_rating(Puzzle(goal="vcf", max_moves=5))
        < estimated_rating(Puzzle(goal="tsume", max_moves=5))
    )


def test_next_near_skips_tried_puzzles_and_follows_the_rating(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    pool = entries()
    rating = rating_lookup(store)
    first = next_near(store, pool)
    assert first is not None
    assert abs(rating(first) - 1500) == min(abs(rating(e) - 1500) for e in pool)
    for _ in range(3):  # three clean solves: the rating rises, and so do the offers
        e = next_near(store, pool)
        assert e is not None
        record_attempt(store, e, "clean", 20.0, "train", now=T0)
    player = store.player_rating().rating
    assert player > 1500
    nxt = next_near(store, pool)
    assert nxt is not None and nxt.key not in store.attempted_keys()
    rating = rating_lookup(store)
    untried = [e for e in pool if e.key not in store.attempted_keys()]
    assert abs(rating(nxt) - player) == min(abs(rating(e) - player) for e in untried)


def test_every_tried_pool_still_offers_one_but_not_the_same(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    pool = entries()[:2]
    for e in pool:
        record_attempt(store, e, "clean", 5.0, "train", now=T0)
    assert next_near(store, pool, skip=pool[0].key) is pool[1]
    assert next_near(store, pool[:1], skip=pool[0].key) is None


def test_due_reviews_in_order_and_only_from_loaded_collections(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    es = entries()
    record_attempt(store, es[3], "failed", 5.0, "puzzle", now=T0 - timedelta(days=5))
    record_attempt(store, es[1], "solution", 5.0, "puzzle", now=T0 - timedelta(days=9))
    record_attempt(store, es[2], "failed", 5.0, "puzzle", now=T0)  # due tomorrow
    record_attempt(store, es[4], "clean", 5.0, "puzzle", now=T0)  # never queued
    colls = [Collection("all", None, es)]
    assert due_entries(store, colls, now=T0) == [es[1], es[3]]  # most overdue first
    assert due_entries(store, colls, now=T0 + timedelta(days=1, hours=1)) == [es[1], es[3], es[2]]
    assert due_entries(store, [Collection("x", None, es[3:4])], now=T0) == [es[3]]
    assert store.review_count() == 3


@given(st.lists(st.sampled_from(["clean", "hints", "failed", "solution"]), min_size=1, max_size=8))
def test_reviews_come_back_later_after_a_solve_than_after_a_failure(results: list[str]) -> None:
    _, card = schedule(None, "failed", T0) or ("", "")
    when = T0
    for r in results:
        when += timedelta(days=30)
        solved = schedule(card, "clean", when)
        failed = schedule(card, "failed", when)
        assert solved is not None and failed is not None
        assert solved[0] >= failed[0] > when.isoformat()  # never sooner, never now
        nxt = schedule(card, r, when)  # type: ignore[arg-type]
        assert nxt is not None
        card = nxt[1]


def test_a_streak_rises_from_below_the_rating() -> None:
    ratings = list(range(800, 2400, 10))
    queue = rising(ratings, 1200.0, float)
    assert queue[0] == 1200 and queue == sorted(queue)
    run = StreakRun(3, queue, clock=lambda: 0.0)
    assert run.failed() == 1210 and run.failed() == 1220 and run.failed() is None
    assert run.over() and run.reason() == "three mistakes" and run.score == 0


def test_a_player_back_after_a_break_moves_faster(tmp_path: Path) -> None:
    def second_change(gap: timedelta, directory: Path) -> float:
        store = ProgressStore(directory)
        es = entries()
        for i in range(6):  # settle the rating a little
            record_attempt(store, es[i], "clean", 5.0, "train", now=T0 + timedelta(minutes=i))
        before = store.player_rating().rating
        record_attempt(store, es[10], "failed", 5.0, "train", now=T0 + gap)
        return before - store.player_rating().rating

    soon = second_change(timedelta(minutes=10), tmp_path / "a")
    later = second_change(timedelta(days=200), tmp_path / "b")
    assert later > soon > 0
