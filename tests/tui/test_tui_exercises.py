"""Defence and point-finding exercises (issue 30, items 1 and 2, the trainer's side),
through Textual's pilot, judged by ``solver.search.defend`` and ``points``."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("textual")

from support.pilot import run_async, settle, visible_keys
from textual.pilot import Pilot
from textual.widgets import Static

from puzzles.model import Puzzle
from solver.rules.board import Board, Color
from solver.rules.notation import parse_point, parse_points, point_name
from tui.app import TrainerApp, make_app
from tui.models.catalog import Collection, make_entries
from tui.models.exercise import DefenceExercise
from tui.models.progress_store import ProgressStore
from tui.screens.exercise import DefenceScreen, PointsScreen

SMALL = (80, 24)


def status(app: TrainerApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


async def play(pilot: Pilot[None], name: str) -> None:
    await pilot.press(*name, "enter")
    await settle(pilot)


def test_a_defence_on_a_forbidden_point_is_refused() -> None:
    b = Board.from_stones(parse_points("g8 h8 i9 i10"), parse_points("a1 a3 o15 o13"), Color.BLACK)
    j = DefenceExercise(b, "vcf").judge(parse_point("i8"))
    assert j.verdict == "refused" and "double-three" in j.text and "not a legal" in j.text


@run_async
async def test_a_stated_defence_puzzle_wants_every_holding_move(tmp_path: Path) -> None:
    # Black's open three h8 i8 j8, White to move: only g8 and k8 stop the VCF
    pz = Puzzle(
        black=parse_points("h8 i8 j8"),
        white=parse_points("a1 a2"),
        to_move=Color.WHITE,
        goal="vcf",
        id="open-three",
    )
    pz.kind = "defend"  # type: ignore[attr-defined]  # (the model's field, as read by getattr)
    coll = Collection("defence", None, make_entries("defence", [pz]))
    app = TrainerApp([coll], ProgressStore(tmp_path))
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        app.open_puzzle(coll.entries[0])
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DefenceScreen) and screen.exercise.find_all
        task = str(screen.query_one("#task", Static).render())
        assert "every move that holds" in task and "Black threatens a VCF in 1 move" in task
        assert "g8" not in task and "k8" not in task  # the line only on request (t)
        await play(pilot, "f8")  # fails: the refutation is played on the board
        assert "f8 fails: Black wins by" in status(app)
        assert screen.board.moves[0] == parse_point("f8") and len(screen.board.moves) >= 2
        assert screen.board[screen.board.moves[1]] is Color.BLACK
        assert {"Undo", "Solution", "Back", "Quit", "Help"} <= set(visible_keys(app))
        await pilot.press("u")
        await play(pilot, "g8")
        assert "g8 holds" in status(app) and "1 more to find" in status(app)
        await play(pilot, "k8")
        assert "Solved" in status(app) and screen.exercise.done
        assert screen.labels == {parse_point("g8"): "✓", parse_point("k8"): "✓"}
    store = ProgressStore(tmp_path)
    (attempt,) = store.attempts()
    assert attempt.result == "failed" and attempt.rated  # the first end counts
    assert store.review_count() == 1  # a stated puzzle failed: back for review


@run_async
async def test_defending_a_win_puzzle_from_the_library(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-01")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("escape")  # the library, starter-01 selected
        await settle(pilot)
        await pilot.press("D")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, DefenceScreen) and not screen.exercise.find_all
        assert screen.exercise.defender is Color.WHITE  # the puzzle turned round
        await play(pilot, "a1")
        assert "a1 fails: Black wins by e6" in status(app)
        await pilot.press("u", "t")  # the threat's line, as a hint
        await settle(pilot)
        assert screen.board.moves == [] and screen.threat_shown
        task = str(screen.query_one("#task", Static).render())
        assert "Black threatens a VCF in 4 moves: e6 c6 e5" in task
        await play(pilot, "e6")  # the key point of Black's VCF
        assert "e6 holds" in status(app) and "Solved" in status(app)
        assert screen.settled == "failed"  # the first end counts
    store = ProgressStore(tmp_path)
    (attempt,) = store.attempts()
    assert attempt.key.endswith("/defend") and attempt.result == "failed"
    assert store.review_count() == 0  # a drill is not put in the review queue


@run_async
async def test_a_point_finding_exercise(tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path, puzzle="starter-01")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press("escape", "p")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, PointsScreen) and screen.exercise.kind == "four"
        result = screen.exercise.result
        assert result is not None
        answer = sorted(point_name(p) for p in result.points)
        assert answer == ["c6", "d12", "d13", "e6"]  # Black's fours (checked by hand)
        for name in answer[:3]:
            await play(pilot, name)
        await play(pilot, "a1")  # not a four point
        await play(pilot, "a1")  # unmarked again
        await play(pilot, "o15")  # wrong
        assert {"Check", "Kind", "Back", "Quit", "Help"} <= set(visible_keys(app))
        await pilot.press("s")
        await settle(pilot)
        assert "3 of 4 found, 1 missed (?), 1 wrong (✗)" in status(app)
        lines = str(screen.query_one("#moves", Static).render())
        assert "missed e6: four (horizontal, five at c6)" in lines
        assert "✗ o15: not a four point" in lines
        assert screen.labels[parse_point("e6")] == "?" and screen.labels[parse_point("o15")] == "✗"
        await pilot.press("t")  # another kind on the same position
        await settle(pilot)
        assert screen.exercise.kind == "straight-four" and not screen.labels
    (attempt,) = ProgressStore(tmp_path).attempts()
    assert attempt.key.endswith("/points:four") and attempt.result == "failed"
