"""SVG snapshots of the trainer's main screens (pytest-textual-snapshot).

Update after an intended change with ``pytest tests/test_tui_snapshots.py --snapshot-update``
and look at the report before committing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytest_textual_snapshot")

from textual.pilot import Pilot
from textual.widgets import Input

from puzzles.bundled import bundled_puzzles
from tui.app import make_app
from tui.screens.analysis import AnalysisScreen


async def _no_blink(pilot: Pilot[None]) -> None:
    for widget in pilot.app.screen.query(Input):
        widget.cursor_blink = False
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def _open_first(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press(*"e6", "enter")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_snapshot_library(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(data_dir=tmp_path), terminal_size=(80, 24), run_before=_no_blink)


def test_snapshot_puzzle_after_a_move(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(make_app(data_dir=tmp_path), terminal_size=(80, 24), run_before=_open_first)


def test_snapshot_puzzle_wide_with_hint(snap_compare: Any, tmp_path: Path) -> None:
    async def run(pilot: Pilot[None]) -> None:
        await _open_first(pilot)
        await pilot.press("t", "M")
        await pilot.pause()

    assert snap_compare(make_app(data_dir=tmp_path), terminal_size=(120, 40), run_before=run)


def test_snapshot_solution_after_a_quiet_key(snap_compare: Any, tmp_path: Path) -> None:
    """After the quiet key f10 every empty point defends: only the few that need another
    answer than the usual one are marked, and the grid stays readable."""

    async def run(pilot: Pilot[None]) -> None:
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("s", "right_square_bracket")
        await pilot.pause()

    app = make_app(data_dir=tmp_path, puzzle="tsume-3-001")
    assert snap_compare(app, terminal_size=(80, 24), run_before=run)


def test_snapshot_analysis(snap_compare: Any, tmp_path: Path) -> None:
    async def run(pilot: Pilot[None]) -> None:
        await pilot.pause()
        app = pilot.app
        app.open_analysis(bundled_puzzles()[0])  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("s")
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AnalysisScreen) and screen.result is not None
        screen.result.seconds = 0.0  # the one thing that varies between runs
        screen.refresh_view()
        await pilot.pause()

    assert snap_compare(make_app(data_dir=tmp_path), terminal_size=(80, 24), run_before=run)


def test_snapshot_help(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(
        make_app(data_dir=tmp_path),
        terminal_size=(80, 24),
        press=["question_mark"],
        run_before=_no_blink,
    )
