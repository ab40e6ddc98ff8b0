"""Import boundaries: the core and the puzzle tools never pull in Textual, and neither
does the trainer's command registration (so ``renju`` stays fast)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent


def _fresh(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_solver_and_puzzles_import_without_textual() -> None:
    proc = _fresh(
        "import sys, solver, solver.search.api, solver.search.respond, puzzles, puzzles.io, puzzles.bundled; "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    assert proc.returncode == 0, proc.stderr


def test_train_command_registration_does_not_import_textual() -> None:
    proc = _fresh(
        "import sys, tui.commands, tui.models.attempt, tui.models.review, tui.models.progress_store, tui.models.catalog; "
        "from solver.cli import build_parser; build_parser(); "
        "assert 'textual' not in sys.modules, 'textual imported'"
    )
    assert proc.returncode == 0, proc.stderr
