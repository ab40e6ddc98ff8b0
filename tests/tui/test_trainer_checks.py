"""The trainer counts a puzzle as it counts (books: a run of fours one move, the final VCF
one), and shows a proof the checker rejects as an error, never as an answer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.books import run_puzzle
from support.faults import fault_respond
from support.pilot import run_async, settle
from textual.pilot import Pilot

from puzzles.io import write_native
from solver.rules.notation import parse_point
from solver.search.respond import respond
from tui.app import make_app
from tui.models.attempt import Attempt
from tui.screens.puzzle import PuzzleScreen

# White wins in 2 as the books count (k5, two threes, then the VCF f2 g2 i5 j6 j5); in 3
# counting every move.
BOOKS = run_puzzle(id="books-2")


def _answer(att: Attempt) -> str:
    board, limits = att.respond_board()
    return att.apply_response(respond(board, att.puzzle.goal, limits, run=att.run))


def test_attempt_counts_as_the_books_count() -> None:
    att = Attempt(BOOKS)
    assert att.remaining == 2
    assert att.play(parse_point("k5")) == "search"  # (no tree attached: searched)
    assert att.remaining == 1  # after k5, counted one
    assert _answer(att) == "answered"
    assert att.remaining == 1 and not att.run
    att.node = None  # (off the tree from here: every answer searched, with the run)
    assert att.play(parse_point("f2")) == "search"
    assert _answer(att) == "answered"  # Black g2
    assert att.board.moves[-1] == parse_point("g2")
    assert (att.remaining, att.run) == (0, True)  # the run of fours goes on, free
    assert att.refusal(parse_point("i5")) is None  # a four: it continues the run
    assert att.refusal(parse_point("a15")) == "no attacker moves left: take back (u)"
    att.node = None
    assert att.play(parse_point("i5")) == "search"
    assert _answer(att) == "answered"  # Black j6; j5 then makes a straight four
    assert att.play(parse_point("j5")) in ("search", "solved")
    if att.state == "thinking":
        assert _answer(att) == "solved"
    assert att.state == "solved"
    # counting every move, k5 does not win within 2
    plain = Attempt(run_puzzle(count="plain"))
    assert plain.play(parse_point("k5")) == "search"
    assert _answer(plain) == "refuted"


def test_attempt_counts_as_the_app_counts() -> None:
    """Under ``app`` (the final VCF none) the same puzzle is a win in 1: k5, then the VCF;
    the run of fours inside the VCF is never counted."""
    att = Attempt(run_puzzle(id="app-1", count="app", max_moves=1))
    assert att.remaining == 1
    assert att.play(parse_point("k5")) == "search"
    assert att.remaining == 0
    assert _answer(att) == "answered"
    assert (att.remaining, att.run) == (0, False)
    att.node = None
    assert att.refusal(parse_point("a15")) == "no attacker moves left: take back (u)"
    assert att.refusal(parse_point("f2")) is None  # a four: the final VCF may start
    assert att.play(parse_point("f2")) == "search"
    assert _answer(att) == "answered"  # Black g2
    assert (att.remaining, att.run) == (0, True)  # the run is not counted: it is the VCF
    att.node = None
    assert att.play(parse_point("i5")) == "search"
    assert _answer(att) == "answered"
    assert att.play(parse_point("j5")) in ("search", "solved")
    if att.state == "thinking":
        assert _answer(att) == "solved"
    assert att.state == "solved"
    # books, within 1: k5 does not win (the VCF after it is a move)
    books = Attempt(run_puzzle(count="books", max_moves=1))
    assert books.play(parse_point("k5")) == "search"
    assert _answer(books) == "refuted"


@pytest.fixture
def faulty_respond(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``respond`` leaves a defence unanswered in every proof it returns."""
    fault_respond(monkeypatch)
    yield


async def _opened(pilot: Pilot[None]) -> PuzzleScreen:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # (the tree's worker, then its message)
        await settle(pilot)
        screen = pilot.app.screen
        if isinstance(screen, PuzzleScreen) and screen.tree_state != "solving":
            return screen
    raise AssertionError("the puzzle's tree was not solved")


def _app(tmp_path: Path) -> Any:
    path = tmp_path / "books.renju"
    write_native([BOOKS], path)
    return make_app([path], data_dir=tmp_path)


async def _play_off_tree(pilot: Pilot[None]) -> tuple[PuzzleScreen, str]:
    """Open the puzzle, play a key off the solver's tree; the screen and the move."""
    screen = await _opened(pilot)
    root = screen.attempt.root
    move = "k5" if root is None or root.move != parse_point("k5") else "j4"
    await pilot.press(*move, "enter")
    await settle(pilot)
    await settle(pilot)
    return screen, move


@run_async
async def test_trainer_solves_a_books_puzzle_as_it_counts(tmp_path: Path) -> None:
    path = tmp_path / "books.renju"
    write_native([BOOKS], path)
    app = make_app([path], data_dir=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await _opened(pilot)
        assert screen.tree_state == "proven" and screen.attempt.root is not None


@run_async
async def test_trainer_shows_a_rejected_answer_as_an_error(
    faulty_respond: None, tmp_path: Path
) -> None:
    app = _app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen, _ = await _play_off_tree(pilot)
        att = screen.attempt
        assert att.state == "undecided"  # neither "still wins" nor "refuted"
        assert att.message.endswith(
            "the solver could not decide (solver error). Take it back with u"
        )
        assert any(
            "solver error: the checker rejected" in str(n.message) for n in app._notifications
        )


@run_async
async def test_trainer_second_look_at_a_move_said_not_to_win(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The first answer says the player's k5 (a key, off the solver's tree) does not
    win; the second look finds it does: a solver error, not a failed puzzle."""
    import tui.screens.puzzle as puzzle_screen
    from solver.search.api import Verdict
    from solver.search.respond import Response

    def says_no(*args: Any, **kw: Any) -> Response:
        return Response(Verdict.DISPROVEN, parse_point("k6"), "defends")

    monkeypatch.setattr(puzzle_screen, "respond", says_no)
    app = _app(tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        screen, move = await _play_off_tree(pilot)
        att = screen.attempt
        assert att.state == "undecided" and screen.settled is None  # not "failed"
        texts = [str(n.message) for n in app._notifications]
        assert any(
            "solver error: the search found that " + move + " does not win (k6: defends)" in t
            for t in texts
        )
