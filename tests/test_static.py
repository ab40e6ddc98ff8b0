"""Static checks as tests, so the README's one test command runs them: ruff over the
tree, ``mypy --strict`` over ``solver`` and ``puzzles``, and the import boundaries."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> list[str]:
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed")
    return [sys.executable, "-m", name]


def test_ruff_clean() -> None:
    targets = [t for t in ("solver", "puzzles", "tui", "tests") if (ROOT / t).is_dir()]
    proc = subprocess.run(
        [*_tool("ruff"), "check", *targets],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_clean() -> None:
    targets = [t for t in ("solver", "puzzles", "tui") if (ROOT / t).is_dir()]
    proc = subprocess.run(
        [*_tool("mypy"), "--strict", *targets],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_core_imports_without_textual_tui_or_puzzles() -> None:
    code = (
        "import sys, solver, solver.rules.forbidden, solver.rules.batch, solver.search, "
        "solver.search.api, solver.cli, solver.cli.forbidden_command, solver.cli.bench_command, "
        "solver.cli.solve_command, solver.cli.registry; "
        "bad = [m for m in ('textual', 'tui', 'puzzles') if m in sys.modules]; "
        "assert not bad, bad"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr
