"""The trainer at 80x24 and 120x40 (issue "A new user's first hour", item 9): the footer
keeps quit and help in view, the solution view marks only the defences worth exploring,
the last move and the first hint read without colour, wider cells when there is room, a
solve with help is told from a clean one, a damaged progress file is kept and reported,
``renju train`` without a terminal, and opening on ``FILE#N`` or ``--puzzle``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("textual")

from support.pilot import run_async, settle, visible_keys
from textual.pilot import Pilot
from textual.widgets import DataTable, Footer, Static
from textual.widgets._footer import FooterKey

from puzzles.bundled import bundled_puzzles
from puzzles.io import write_native
from puzzles.model import Puzzle
from solver.rules.notation import parse_point, point_name
from tui.app import make_app
from tui.commands import parse_file_arg
from tui.models.catalog import PuzzleNotFound
from tui.models.progress_store import ProgressStore
from tui.screens.analysis import AnalysisScreen
from tui.screens.library import HELPED, LibraryScreen
from tui.screens.puzzle import PuzzleScreen
from tui.widgets.board_view import BoardView

SMALL = (80, 24)
LARGE = (120, 40)
QUIET = "tsume-3-001"  # f10 is a quiet key: every empty point is a defence after it


def board_text(board: BoardView) -> list[str]:
    """The board's rows as text (what a terminal without colour shows)."""
    return [board.render_line(y).text for y in range(board.size.height)]


def status_text(screen: PuzzleScreen) -> str:
    return str(screen.query_one("#status", Static).render())


# -- the footer at 80 columns ------------------------------------------------------------
@run_async
async def test_footer_shows_quit_help_and_back_at_80x24_on_every_screen(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
        keys = visible_keys(app)
        assert keys.get("Quit") == "q" and keys.get("Help") == "question_mark"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, PuzzleScreen)
        keys = visible_keys(app)
        assert {"Quit", "Help", "Back", "Hint", "Solution", "Undo"} <= set(keys)
        await pilot.press("s")  # the solution view has its own keys
        await settle(pilot)
        keys = visible_keys(app)
        assert {"Quit", "Help", "Back", "Next", "Prev"} <= set(keys)
        await pilot.press("escape", "A")
        await settle(pilot)
        assert isinstance(app.screen, AnalysisScreen)
        keys = visible_keys(app)
        assert {"Quit", "Help", "Back", "Solve"} <= set(keys)
        footer = app.screen.query_one(Footer)
        assert footer.virtual_size.width <= SMALL[0]  # nothing scrolled off to the right
        assert not any("palette" in k.description for k in footer.query(FooterKey))


# -- the solution view after a quiet key ---------------------------------------------------
@run_async
async def test_solution_after_a_quiet_key_marks_few_defences(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle=QUIET)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.entry.label == QUIET
        await pilot.press("s", "right_square_bracket")
        await settle(pilot)
        review = screen.review
        assert review is not None and review.pos == 1
        assert len(review.defences()) > 100  # every empty point defends...
        labels = screen.query_one(BoardView).picture.labels
        marked = [p for p, s in labels.items() if s == "•"]
        assert 0 < len(marked) <= 5  # ...but only those needing another answer are marked
        usual, n = review.usual_answer()
        assert usual is not None and all(review.answer(d) != usual for d in marked)
        moves = str(screen.query_one("#moves", Static).render())
        assert f"{n} lose to {point_name(usual)}" in moves
        rows = board_text(screen.query_one(BoardView))
        assert sum(r.count("•") for r in rows) == len(marked)
        await pilot.click(BoardView)  # a marked defence is still chosen with Enter
        screen.query_one(BoardView).cursor = marked[0]
        await pilot.press("enter")
        await settle(pilot)
        assert review.line[1] == marked[0] and review.pos == 2


@run_async
async def test_solution_ends_showing_the_five(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-01")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await pilot.press("s", *["right_square_bracket"] * 7)
        await settle(pilot)
        review = screen.review
        assert review is not None and review.at_end()
        picture = screen.query_one(BoardView).picture
        fives = {p for p, s in picture.labels.items() if s == "5"}
        assert fives == {parse_point("d4"), parse_point("i9")}
        assert "five comes at d4 or i9" in str(screen.query_one("#moves", Static).render())


# -- without colour: the last move and the first hint ------------------------------------
@run_async
async def test_last_move_and_first_hint_read_without_colour(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-01")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await pilot.press(*"e6", "enter")
        await settle(pilot)
        board = screen.query_one(BoardView)
        rows = board_text(board)
        row6 = rows[15 - 6 + 1]
        assert row6.count("[") == 1 and "[○]" in row6  # White's answer c6, bracketed
        assert sum(r.count("[") for r in rows) == 1
        await pilot.press("t")
        await settle(pilot)
        region = screen.query_one(BoardView).picture.region
        empty = [p for p in region if screen.attempt.board[p].value == 0]
        assert sum(r.count("░") for r in board_text(board)) == len(empty) > 0


# -- wider cells when there is room ------------------------------------------------------
@run_async
async def test_board_uses_the_room_at_120x40(tmp_path: Path) -> None:
    for size, wide, width, height in ((SMALL, False, 37, 17), (LARGE, True, 65, 31)):
        app = make_app(data_dir=tmp_path, puzzle="starter-01")
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            board = app.screen.query_one(BoardView)
            assert board.wide is wide
            assert (board.size.width, board.size.height) == (width, height)
            assert "Quit" in visible_keys(app)
            # a click lands on the point drawn under it in either layout
            sx, sy = (4, 2) if wide else (2, 1)
            await pilot.click(BoardView, offset=(4 + sx * 4, 1 + sy * (15 - 6)))  # e6
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, PuzzleScreen)
            assert screen.attempt.board.moves[:1] == [parse_point("e6")]


# -- a solve with help is not a clean solve ----------------------------------------------
async def _play_solution(pilot: Pilot[None], screen: PuzzleScreen) -> None:
    line = screen.entry.puzzle.solution
    for i in range(0, len(line), 2):
        await pilot.press(*point_name(line[i]), "enter")
        await settle(pilot)


@run_async
async def test_solve_after_the_solution_is_marked_as_helped(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-02")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await pilot.press("s", "escape")
        await settle(pilot)
        await _play_solution(pilot, screen)
        assert screen.attempt.state == "solved"
        assert "Solved with help" in status_text(screen)
        assert screen.query_one("#status").has_class("status-helped")
        key = screen.entry.key
        await pilot.press("escape")
        await settle(pilot)
        library = app.screen
        assert isinstance(library, LibraryScreen)
        row = next(i for i, e in enumerate(library.shown) if e.key == key)
        table = library.query_one("#puzzles", DataTable)
        assert str(table.get_row_at(row)[0]) == HELPED
    assert ProgressStore(tmp_path).status(key) == "solved"
    assert not ProgressStore(tmp_path).solved_clean(key)


@run_async
async def test_clean_solve_is_marked_clean(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-02")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        await _play_solution(pilot, screen)
        assert "Solved" in status_text(screen) and "help" not in status_text(screen)
        assert not screen.query_one("#status").has_class("status-helped")
        labels = screen.query_one(BoardView).picture.labels  # solved by a straight four:
        assert len(labels) == 2 and set(labels.values()) == {"5"}  # where the five comes
        assert ProgressStore(tmp_path).solved_clean(screen.entry.key)


def test_store_clean_and_helped(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.note_hint("a")  # looked at the solution, came back later: not clean
    store.mark_solved("a")
    store.mark_solved("b", hints=1)
    store.mark_solved("c")
    again = ProgressStore(tmp_path)
    assert [again.solved_clean(k) for k in "abc"] == [False, False, True]
    again.mark_solved("a")  # solved again without help: now clean, and it stays so
    again.note_hint("a")
    assert ProgressStore(tmp_path).solved_clean("a")


# -- a damaged progress file -------------------------------------------------------------
def test_corrupt_progress_file_is_kept_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text('{"puzzles": {"k": ')
    store = ProgressStore(tmp_path)
    assert store.problem is not None
    assert "progress.json.bad" in store.problem and "damaged" in store.problem
    assert (tmp_path / "progress.json.bad").read_text() == '{"puzzles": {"k": '
    assert not path.exists()  # not reset in place
    store.record_moves("k", [112])
    path.write_bytes(b"\xff\xfe not text")  # a second damaged file keeps the first
    store2 = ProgressStore(tmp_path)
    assert store2.problem is not None and "progress.json.bad-2" in store2.problem
    assert (tmp_path / "progress.json.bad").read_text() == '{"puzzles": {"k": '
    assert (tmp_path / "progress.json.bad-2").read_bytes() == b"\xff\xfe not text"
    assert ProgressStore(tmp_path).problem is None  # nothing left to report


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions")
def test_unreadable_progress_file_is_reported_and_not_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text('{"puzzles": {}, "settings": {}}')
    path.chmod(0)
    try:
        store = ProgressStore(tmp_path)
        assert store.problem is not None and "cannot be read" in store.problem
        store.record_moves("k", [112])
    finally:
        path.chmod(0o600)
    assert path.read_text() == '{"puzzles": {}, "settings": {}}'


@run_async
async def test_trainer_reports_a_corrupt_progress_file(tmp_path: Path) -> None:
    (tmp_path / "progress.json").write_text("not json")
    app = make_app(data_dir=tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)
        summary = str(app.screen.query_one("#summary", Static).render())
        assert "damaged" in summary and "progress.json.bad" in summary
        assert any("damaged" in n.message for n in app._notifications)
    assert (tmp_path / "progress.json.bad").read_text() == "not json"


# -- renju train without a terminal ------------------------------------------------------
def test_train_without_a_terminal_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "RENJU_DATA_DIR": str(tmp_path)}
    proc = subprocess.run(
        [sys.executable, "-m", "tui"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and "needs a terminal" in lines[0]


# -- FILE#N and --puzzle -----------------------------------------------------------------
def _three(tmp_path: Path) -> Path:
    path = tmp_path / "three.renju"
    puzzles = [p for p in bundled_puzzles()[:3] if isinstance(p, Puzzle)]
    write_native(puzzles, path)
    return path


def test_parse_file_arg(tmp_path: Path) -> None:
    assert parse_file_arg("a.renju#3") == (Path("a.renju"), 3)
    assert parse_file_arg("a.renju") == (Path("a.renju"), None)
    odd = tmp_path / "odd#2"  # a file really named so is the file
    odd.write_text("")
    assert parse_file_arg(str(odd)) == (odd, None)


@run_async
async def test_file_number_opens_that_puzzle(tmp_path: Path) -> None:
    app = make_app([_three(tmp_path)], data_dir=tmp_path, number=2)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        assert screen.entry.index == 1 and screen.entry.puzzle.id == "starter-02"
        await pilot.press("escape")  # back to the library of that file
        await settle(pilot)
        assert isinstance(app.screen, LibraryScreen)


@run_async
async def test_puzzle_id_opens_that_puzzle(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="vct-3-002")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PuzzleScreen) and screen.entry.puzzle.id == "vct-3-002"


def test_bad_number_or_id_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(PuzzleNotFound, match=r"three\.renju#4: the file holds 3 puzzles"):
        make_app([_three(tmp_path)], data_dir=tmp_path, number=4)
    with pytest.raises(PuzzleNotFound, match="no puzzle 'nope'"):
        make_app(data_dir=tmp_path, puzzle="nope")


def test_cli_file_number_errors_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from solver.cli import main

    path = _three(tmp_path)
    assert main(["train", f"{path}#0"]) == 2
    assert main(["train", f"{path}#2", "--puzzle", "starter-01"]) == 2
    assert main(["train", f"{path}#2", str(path)]) == 2
    assert main(["train", str(tmp_path / "missing.renju#2")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 4 and all(line.startswith("renju: error:") for line in err)
    assert "missing.renju" in err[3]


def test_a_start_that_fails_leaves_a_damaged_progress_file_alone(tmp_path: Path) -> None:
    """Only a trainer that will report it moves the file aside (else the next start would
    find no progress and nothing to say why)."""
    (tmp_path / "progress.json").write_text("not json")
    with pytest.raises(PuzzleNotFound):
        make_app([_three(tmp_path)], data_dir=tmp_path, number=9)
    assert (tmp_path / "progress.json").read_text() == "not json"
    assert not (tmp_path / "progress.json.bad").exists()
