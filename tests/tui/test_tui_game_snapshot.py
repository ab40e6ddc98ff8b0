"""An SVG snapshot of the game screen at 80 x 24 (pytest-textual-snapshot): a RIF game
from D3 Sosei, the player second, at the choice between the engine's two fifth moves
(the proposals are decided by evaluation alone, so the picture does not depend on time).

Update after an intended change with ``--snapshot-update`` and look at the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pytest_textual_snapshot")

from textual.pilot import Pilot

from tui.app import make_app


async def _to_the_choice(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.press("g")
    await pilot.pause()
    await pilot.press("s", "down", "down", "enter")  # second player, D3
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.press(*"i9", "enter")  # move 4; the engine proposes two fifth moves
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_snapshot_game_choice(snap_compare: Any, tmp_path: Path) -> None:
    assert snap_compare(
        make_app(data_dir=tmp_path), terminal_size=(80, 24), run_before=_to_the_choice
    )
