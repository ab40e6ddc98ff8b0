"""The trainer, driven through Textual's pilot: library, playing, refutations, forbidden
moves, hints, the solution, analysis with cancel, and progress kept across runs."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

pytest.importorskip("textual")

from support.pilot import run_async, settle
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from puzzles.bundled import bundled_puzzles
from puzzles.io import write_native
from puzzles.model import Puzzle
from solver.rules.board import Color
from solver.rules.notation import parse_point, parse_points, point_name
from tui.app import TrainerApp, make_app
from tui.models.progress_store import ProgressStore
from tui.screens.analysis import AnalysisScreen
from tui.screens.help import HelpScreen
from tui.screens.library import LibraryScreen
from tui.screens.puzzle import PuzzleScreen
from tui.widgets.board_view import BoardView

SIZE = (100, 32)


async def type_move(pilot: Pilot[None], name: str) -> None:
    """Type a coordinate and play it."""
    await pilot.press(*name, "enter")
    await settle(pilot)


async def open_first(pilot: Pilot[None]) -> PuzzleScreen:
    await pilot.pause()
    await pilot.press("enter")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, PuzzleScreen)
    return screen


def status_text(screen: PuzzleScreen | AnalysisScreen) -> str:
    return str(screen.query_one("#status", Static).render())


@run_async
async def test_library_shows_bundled_puzzles(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        table = screen.query_one("#puzzles", DataTable)
        assert table.row_count == len(bundled_puzzles()) >= 12
        assert [e.label for e in screen.shown][:2] == ["starter-01", "starter-02"]
        await pilot.press("slash", *"starter-03", "enter")
        await pilot.pause()
        assert [e.label for e in screen.shown] == ["starter-03"]


@run_async
async def test_play_winning_line_to_solved(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        pz = screen.entry.puzzle
        assert screen.attempt.root is not None
        line = pz.solution
        for i in range(0, len(line), 2):
            await type_move(pilot, point_name(line[i]))
            if i + 1 < len(line):
                assert screen.attempt.board.moves[-1] == line[i + 1]  # the defender's best reply
        assert screen.attempt.state == "solved"
        assert "Solved" in status_text(screen)
        assert ProgressStore(tmp_path).status(screen.entry.key) == "solved"


@run_async
async def test_wrong_move_is_refuted_and_taken_back(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        await type_move(pilot, "c6")  # a four, but White makes five at e6
        att = screen.attempt
        assert att.state == "refuted"
        assert att.refutation == parse_point("e6")
        assert att.board[parse_point("e6")] is Color.WHITE
        assert "does not win" in status_text(screen) and "makes five" in status_text(screen)
        assert parse_point("e6") in screen.query_one(BoardView).picture.targets
        await pilot.press("u")
        await pilot.pause()
        assert att.state == "playing" and att.board.moves == []


def _forbidden_puzzle(path: Path) -> Path:
    pz = Puzzle(
        black=parse_points("g8 h8 i9 i10"),
        white=parse_points("a1 a3 o15 o13"),
        goal="vcf",
        max_moves=2,
        id="ff",
        title="double-three trap",
    )
    write_native([pz], path)
    return path


@run_async
async def test_forbidden_move_is_refused(tmp_path: Path) -> None:
    app = make_app([_forbidden_puzzle(tmp_path / "one.renju")], data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)  # a one-puzzle file opens straight on it
        assert screen.query_one(BoardView).picture.forbidden == {parse_point("i8"): "3"}
        await type_move(pilot, "i8")
        assert screen.attempt.board.moves == []
        assert "forbidden for Black: double-three" in screen.attempt.message


@run_async
async def test_hint_region_then_move(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        key = parse_point("e6")
        await pilot.press("t")
        await pilot.pause()
        pic = screen.query_one(BoardView).picture
        assert key in pic.region and len(pic.region) == 9 and not pic.targets
        await pilot.press("t")
        await pilot.pause()
        assert screen.query_one(BoardView).picture.targets == frozenset({key})
        assert "Hint: e6" in status_text(screen)


@run_async
async def test_solution_stepping_and_other_defence(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        await pilot.press("s")
        await pilot.pause()
        review = screen.review
        assert review is not None and review.line == screen.entry.puzzle.solution
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert review.pos == 2
        assert screen.query_one(BoardView).picture.last == parse_point("c6")
        await pilot.press("left_square_bracket")  # defender to move: the tree's defences
        await pilot.pause()
        assert parse_point("c6") in review.defences()
        await pilot.press("escape")
        await pilot.pause()
        assert screen.review is None and screen.attempt.board.moves == []


async def _analysis(app: TrainerApp, pilot: Pilot[None], pz: Puzzle) -> AnalysisScreen:
    """The analysis screen of ``pz``, opened from the library."""
    await pilot.pause()
    app.open_analysis(pz)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, AnalysisScreen)
    return screen


@run_async
async def test_analysis_search_cancels_with_escape(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        # quintet's vct_unstable: a search of most of a minute, so it is surely still
        # running when Escape is pressed (a 4 v 4 position took only 2 s)
        pz = Puzzle(
            black=parse_points("i5 i6 j6 k6 i7 h8 j8 f9 j9 g10 i10 j10"),
            white=parse_points("k5 h6 h7 j7 l7 i8 k8 g9 h9 i9 f10 i11"),
            goal="tsume",
        )
        screen = await _analysis(app, pilot, pz)
        await pilot.press("s")
        for _ in range(50):
            await pilot.pause(0.02)
            if "nodes" in str(screen.query_one("#progress", Static).render()) and screen.searching:
                break
        assert screen.searching
        started = time.monotonic()
        await pilot.press("escape")
        assert "cancelled" in status_text(screen)
        await app.workers.wait_for_complete()
        assert time.monotonic() - started < 1.0
        assert not screen.searching and screen.result is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


@run_async
async def test_analysis_progress_says_when_the_table_was_full(tmp_path: Path) -> None:
    from solver.search.api import Progress

    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _analysis(app, pilot, bundled_puzzles()[0])
        progress = screen.query_one("#progress", Static)
        screen._on_progress(Progress(1_234_567, 2.04, None, "search"))
        assert str(progress.render()) == "1,234,567 nodes, 2.0 s"
        screen._on_progress(Progress(2_000_000, 3.0, None, "search", 10, 3))
        assert str(progress.render()) == "2,000,000 nodes, 3.0 s, table full 3x"


@run_async
async def test_analysis_solves_and_saves(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await _analysis(app, pilot, bundled_puzzles()[0])
        await pilot.press("s")
        await settle(pilot)
        assert screen.result is not None and screen.result.result.value == "proven"
        await pilot.press("w")
        await pilot.pause()
        assert (tmp_path / "my-puzzles.renju").is_file()
        assert any(c.name == "my-puzzles" for c in app.collections)


@run_async
async def test_progress_kept_across_restarts(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        await type_move(pilot, "e6")
        key = screen.entry.key
    store = ProgressStore(tmp_path)
    assert store.status(key) == "attempted" and store.last == key
    app2 = make_app(data_dir=tmp_path)
    async with app2.run_test(size=SIZE) as pilot:
        await pilot.pause()
        library = app2.screen
        assert isinstance(library, LibraryScreen)
        table = library.query_one("#puzzles", DataTable)
        assert str(table.get_row_at(0)[0]) == "…"
        await pilot.press("c")
        await settle(pilot)
        screen = app2.screen
        assert isinstance(screen, PuzzleScreen)
        assert screen.attempt.board.moves == parse_points("e6 c6")
        await type_move(pilot, "e5")  # the tree follows the restored moves
        assert screen.attempt.board.moves == parse_points("e6 c6 e5 e7")


@run_async
async def test_help_and_quit(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


@run_async
async def test_board_click_and_cursor_keys(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_first(pilot)
        board = screen.query_one(BoardView)
        assert board.cursor == parse_point("h8")
        await pilot.press("up", "right", "l", "k", "j", "h")
        assert board.cursor == parse_point("i9")
        await pilot.press("m", "1", "2")
        assert board.cursor == parse_point("m12")
        x, y = 4 + 2 * 4, 15 - 6 + 1  # e6
        await pilot.click(BoardView, offset=(x, y))
        await settle(pilot)
        assert screen.attempt.board.moves[:1] == [parse_point("e6")]


def test_attempt_answers_off_tree_with_respond() -> None:
    from solver.search.respond import respond
    from tui.models.attempt import Attempt

    att = Attempt(bundled_puzzles()[0])  # no tree attached: the answer must be searched
    assert att.play(parse_point("e6")) == "search"
    board, limits = att.respond_board()
    assert att.apply_response(respond(board, "vcf", limits)) == "answered"
    assert att.board.moves == parse_points("e6 c6") and att.node is not None


def test_cli_bad_file_is_one_line_error(tmp_path: Path) -> None:
    from solver.cli import main

    assert main(["train", str(tmp_path / "missing.renju")]) == 2
    empty = tmp_path / "empty.renju"
    empty.write_text("# Renju puzzles (native format)\n")
    assert main(["train", str(empty)]) == 2


def test_make_app_is_a_trainer(tmp_path: Path) -> None:
    assert isinstance(make_app(data_dir=tmp_path), TrainerApp)


@run_async
async def test_the_files_comment_is_shown_with_the_puzzle(tmp_path: Path) -> None:
    """A puzzle's comment from its file (a RenLib node's text, say) shows in the side
    panel, markup-safe, and a long one is cut."""
    pz = Puzzle(
        black=parse_points("h8 i8 j8"),
        white=parse_points("h9 i9"),
        goal="vcf",
        id="commented",
        comment="Sure win for [b]black[/b]\n黑先胜\nthird\nfourth line, not shown",
    )
    path = tmp_path / "one.renju"
    write_native([pz], path)
    app = make_app([path], data_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, PuzzleScreen)  # a one-puzzle file opens on it
        task = str(screen.query_one("#task", Static).render())
        assert "Sure win for [b]black[/b]" in task and "黑先胜" in task and "third …" in task
        assert "fourth" not in task
