"""Training that grows a player (issue 30), through Textual's pilot: puzzles near the
player's rating, the review queue, a streak run, the statistics screen; every new
screen's keys in its footer at 80 columns."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

pytest.importorskip("textual")

from support.pilot import run_async, settle, visible_keys
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Sparkline, Static

from puzzles.bundled import bundled_puzzles
from puzzles.model import Puzzle
from solver.rules.notation import point_name
from tui.app import TrainerApp, make_app
from tui.models.catalog import Entry, make_entries
from tui.models.progress_store import ProgressStore
from tui.models.training import rating_lookup, record_attempt
from tui.screens.library import LibraryScreen
from tui.screens.puzzle import PuzzleScreen
from tui.screens.stats import StatsScreen
from tui.screens.streak import StreakChoice, StreakOverScreen, StreakPuzzleScreen

SMALL = (80, 24)


def starter() -> list[Entry]:
    puzzles = [p for p in bundled_puzzles() if isinstance(p, Puzzle)]
    return make_entries("starter", [p for p in puzzles if p.id.startswith("starter-")])


async def play_solution(pilot: Pilot[None], screen: PuzzleScreen) -> None:
    """Type the attacker's moves of the stated solution."""
    await settle(pilot)
    line = screen.entry.puzzle.solution
    for i in range(0, len(line), 2):
        await pilot.press(*point_name(line[i]), "enter")
        await settle(pilot)


async def wrong_move(pilot: Pilot[None]) -> None:
    """A move that threatens nothing (a corner): refuted at once."""
    await pilot.press("a", "1", "enter")
    await settle(pilot)


def review_label(app: TrainerApp) -> str:
    options = app.screen.query_one("#collections", OptionList)
    return str(options.get_option_at_index(options.option_count - 1).prompt)


async def the_library(pilot: Pilot[None]) -> LibraryScreen:
    await settle(pilot)
    library = pilot.app.screen
    assert isinstance(library, LibraryScreen)
    return library


# -- puzzles near the rating ------------------------------------------------------------
@run_async
async def test_train_offers_the_puzzle_nearest_the_rating_and_rates_it(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        library = await the_library(pilot)
        pool = list(library.shown)
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.mode == "train"
        rating = rating_lookup(app.store)
        gaps = [abs(rating(e) - 1500) for e in pool]
        assert abs(rating(screen.entry) - 1500) == min(gaps)
        first = screen.entry
        await wrong_move(pilot)
        assert screen.settled == "failed"
        outcome = str(screen.query_one("#outcome", Static).render())
        now = round(app.store.player_rating().rating)
        assert now < 1500 and f"Rating 1500 → {now}" in outcome
        assert "back for review" in outcome
        await pilot.press("u", "N")  # the next one: near the new rating, not tried yet
        await settle(pilot)
        nxt = app.screen
        assert isinstance(nxt, PuzzleScreen) and nxt.mode == "train"
        assert nxt.entry.key != first.key
        untried = [e for e in pool if e.key != first.key]
        assert abs(rating(nxt.entry) - now) == min(abs(rating(e) - now) for e in untried)
    store = ProgressStore(tmp_path)
    (attempt,) = store.attempts()
    assert attempt.key == first.key and attempt.result == "failed" and attempt.rated
    assert attempt.mode == "train" and attempt.seconds is not None
    assert store.puzzle_rating(first.key) is not None  # the puzzle won: its rating rose
    assert store.puzzle_rating(first.key).rating > rating(first)  # type: ignore[union-attr]


@run_async
async def test_theme_filter_and_training_within_it(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        library = await the_library(pilot)
        themes = []
        while not themes or themes[-1] != "all":  # one turn of the cycle, back to all
            await pilot.press("T")
            await pilot.pause()
            themes.append(library.theme)
            assert len(themes) < 40
        # the engine's tags of the bundled collection, sorted, then all
        assert {"vcf", "vct", "hidden-threat", "defence"} <= set(themes)
        assert themes[:-1] == sorted(themes[:-1])
        while library.theme != "vct":
            await pilot.press("T")
            await pilot.pause()
        await pilot.pause()
        assert library.shown and all("vct" in e.puzzle.themes for e in library.shown)
        assert "theme: vct" in str(library.query_one("#filter-label", Static).render())
        await pilot.press("n")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and "vct" in screen.entry.puzzle.themes


# -- the review queue --------------------------------------------------------------------
@run_async
async def test_a_failed_puzzle_comes_back_in_the_review_queue(tmp_path: Path) -> None:
    entry = starter()[1]
    store = ProgressStore(tmp_path)
    two_days_ago = datetime.now(UTC) - timedelta(days=2)
    record_attempt(store, entry, "failed", 30.0, "puzzle", now=two_days_ago)
    store.close()
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert review_label(app) == "Review (1 due)"
        await pilot.press("v")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.mode == "review"
        assert screen.entry.key == entry.key
        await play_solution(pilot, screen)
        assert screen.attempt.state == "solved" and screen.settled == "clean"
        assert screen.outcome is not None and not screen.outcome.rated  # rated once only
        assert screen.outcome.due is not None
        assert screen.outcome.due > (datetime.now(UTC) + timedelta(days=1)).isoformat()
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
        assert review_label(app) == "Review (0 due)"
        await pilot.press("v")  # nothing due: said so, nothing opened
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
        assert any("no review due (1 in the queue" in n.message for n in app._notifications)
    assert ProgressStore(tmp_path).review_count() == 1


@run_async
async def test_the_review_queue_lists_what_is_due(tmp_path: Path) -> None:
    entries = starter()
    store = ProgressStore(tmp_path)
    past = datetime.now(UTC) - timedelta(days=3)
    for e in entries[2:5]:
        record_attempt(store, e, "solution", 10.0, "puzzle", now=past)
    record_attempt(store, entries[6], "failed", 10.0, "puzzle")  # due tomorrow only
    store.close()
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        library = await the_library(pilot)
        options = library.query_one("#collections", OptionList)
        options.highlighted = options.option_count - 1
        await settle(pilot)
        assert sorted(e.key for e in library.shown) == sorted(e.key for e in entries[2:5])
        assert library.query_one("#puzzles", DataTable).row_count == 3


# -- streaks -----------------------------------------------------------------------------
async def start_streak(pilot: Pilot[None], minutes: str) -> StreakPuzzleScreen:
    await settle(pilot)
    await pilot.press("slash", *"starter", "enter")
    await pilot.press("S")
    await settle(pilot)
    assert isinstance(pilot.app.screen, StreakChoice)
    assert {"3 minutes", "5 minutes", "Cancel"} <= set(visible_keys(pilot.app))
    await pilot.press(minutes)
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, StreakPuzzleScreen)
    return screen


@run_async
async def test_a_streak_run_to_three_mistakes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(StreakPuzzleScreen, "PAUSE", 0.01)
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await start_streak(pilot, "3")
        run = screen.run
        assert run.minutes == 3 and {e.collection for e in run.queue} == {"starter"}
        rating = rating_lookup(app.store)
        ratings = [rating(e) for e in run.queue]
        assert ratings == sorted(ratings) and len(run.queue) == 12  # rising; the small
        # pool is taken whole (a run starts 300 below the rating when there are enough)
        keys = visible_keys(app)
        assert {"Stop", "Undo", "Quit", "Help"} <= set(keys)
        assert not {"Hint", "Solution", "Next puzzle"} & set(keys)  # no help in a run
        assert "Streak 3:00" in str(screen.query_one("#streak", Static).render()) or (
            "Streak 2:5" in str(screen.query_one("#streak", Static).render())
        )
        await play_solution(pilot, screen)
        await settle(pilot)
        assert run.score == 1
        second = app.screen
        assert isinstance(second, StreakPuzzleScreen) and second.entry is run.queue[1]
        for k in range(3):
            await wrong_move(pilot)
            await settle(pilot)
            assert run.mistakes == k + 1
        over = app.screen
        assert isinstance(over, StreakOverScreen)
        text = str(over.query_one("#streak-head", Static).render())
        assert "three mistakes" in text and "1 solved" in text and "new best" in text
        assert {"Library", "Quit", "Help"} <= set(visible_keys(app))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
    store = ProgressStore(tmp_path)
    assert store.best_streak(3) == 1 and store.best_streak(5) == 0
    streak = [a for a in store.attempts() if a.mode == "streak"]
    assert [a.result for a in streak] == ["clean", "failed", "failed", "failed"]
    assert not any(a.rated for a in streak)  # a run is not rated
    assert store.player_rating().rating == 1500


@run_async
async def test_a_streak_run_ends_with_the_clock(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        screen = await start_streak(pilot, "5")
        run = screen.run
        start = run.started
        run.clock = lambda: start + 5 * 60 + 1
        await pilot.pause(2 * StreakPuzzleScreen.TICK)
        await settle(pilot)
        over = app.screen
        assert isinstance(over, StreakOverScreen)
        assert "time is up" in str(over.query_one("#streak-head", Static).render())
    assert ProgressStore(tmp_path).best_streak(5) == 0
    assert ProgressStore(tmp_path).dump()["streaks"][0][2:5] == [5, 0, 0]


# -- statistics --------------------------------------------------------------------------
@run_async
async def test_the_statistics_screen(tmp_path: Path) -> None:
    entries = starter()
    store = ProgressStore(tmp_path)
    t = datetime(2026, 3, 1, tzinfo=UTC)
    for e, result in zip(entries, ["clean", "clean", "hints", "failed", "solution"], strict=False):
        record_attempt(store, e, result, 40.0, "train", now=t)
        t += timedelta(minutes=5)
    history = [a.rating for a in store.attempts()]
    store.add_streak(3, 7, 3)
    store.close()
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert list(screen.query_one(Sparkline).data or []) == [1500.0, *history]
        head = str(screen.query_one("#stats-rating", Static).render())
        assert f"Rating {round(history[-1])}" in head and "5 rated attempts" in head
        results = str(screen.query_one("#stats-results", Static).render())
        assert "2 solved without help, 1 with a hint, 1 after the solution, 1 failed" in results
        assert "2 in the review queue" in results and "3 min: 7" in results
        table = screen.query_one("#stats-themes", DataTable)
        rows = [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]
        # every starter puzzle is a VCF: its row counts all five (other themes: some)
        assert ["vcf", "5", "60%", "40%", "40 s"] in rows
        assert all(int(row[1]) <= 5 for row in rows)
        assert {"Back", "Quit", "Help"} <= set(visible_keys(app))
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)


@run_async
async def test_library_footer_at_80_columns(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        keys = visible_keys(app)
        assert {"Train", "Review", "Streak", "Stats", "Theme", "Quit", "Help"} <= set(keys)
