"""A quick command's start-up: what ``renju solve`` imports, and help that reads the same
with the command line's own formatter (the figures are in ``docs/performance.md``)."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli.main import build_parser

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data"

# modules a solve does without: each costs millions of instructions at import (inspect
# comes with dataclasses, shutil with argparse's own sizing of help)
NOT_FOR_A_SOLVE = {
    "dataclasses",
    "inspect",
    "shutil",
    "json",
    "tempfile",
    "solver.game",
    "solver.engine.core_ref",
    "solver.cli.forbidden_command",
    "puzzles",
    "textual",
}
# and a solve of one puzzle of a native file does without these (detecting the format
# runs the other formats' sniffers: puzzles.formats.sniff)
NOT_FOR_A_NATIVE_FILE = {
    "shutil",
    "json",
    "tempfile",
    "xml.etree.ElementTree",
    "solver.game",
    "puzzles.commands",
    "puzzles.game_lines",
    "puzzles.formats.svg",
    "puzzles.formats.lfz",
    "puzzles.formats.quintet",
    "puzzles.formats.renlib",
    "puzzles.formats.rif",
    "puzzles.formats.sgf",
    "puzzles.formats.psq",
    "textual",
}


def _imported(*argv: str) -> tuple[set[str], str]:
    """The modules a whole ``renju ARGV`` process imported, and its output. Modules the
    interpreter had loaded before the command's first import (its ``site``, a
    ``sitecustomize`` or ``.pth`` hooks of the machine) are not the command's."""
    code = (
        "import sys\n"
        "before = set(sys.modules)\n"
        "from solver.cli import main\n"
        f"main({list(argv)!r})\n"
        "print(' '.join(sorted(set(sys.modules) - before)), file=sys.stderr)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "RENJU_PURE"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return set(done.stderr.strip().splitlines()[-1].split()), done.stdout


def _who_imported(unwanted: set[str], *argv: str) -> str:
    """For a failure's message: ``-X importtime``'s line of each unwanted module and the
    three after it (the first less indented line below it names its importer)."""
    code = f"from solver.cli import main\nmain({list(argv)!r})\n"
    done = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True
    )
    lines = done.stderr.splitlines()
    shown = [
        "\n".join(lines[i : i + 4])
        for i, line in enumerate(lines)
        if line.rsplit("|", 1)[-1].strip() in unwanted
    ]
    return "\n---\n".join(shown)


def test_a_solve_from_stones_imports_no_heavy_module() -> None:
    argv = (
        "solve", "--black", "f10 g10 e11 h8 i8 g7 e14 h12 i12 f9",
        "--white", "d12 f12 g12 f11 h11 i10 j10 k9 m7 i13", "--any",
    )  # fmt: skip
    modules, out = _imported(*argv)
    assert "wins (tsume) in 2" in out
    assert "solver.search.api" in modules  # (the import list is the solve's)
    unwanted = modules & NOT_FOR_A_SOLVE
    assert not unwanted, _who_imported(unwanted, *argv)


def test_one_puzzle_of_a_native_file_imports_no_other_reader() -> None:
    argv = ("solve", f"{DATA / 'vcf-easy.renju'}#2", "--any")
    modules, out = _imported(*argv)
    assert "#2 of 35" in out and "Stated: " in out
    assert "puzzles.formats.native" in modules
    unwanted = modules & NOT_FOR_A_NATIVE_FILE
    assert not unwanted, _who_imported(unwanted, *argv)


@pytest.mark.parametrize("columns", ["50", "100", "160"])
def test_help_reads_as_with_argparse_own_formatter(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    parser = build_parser(core_only=True, only="solve")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    solve = sub.choices["solve"]
    assert parser.formatter_class is solve.formatter_class is not argparse.HelpFormatter
    ours = parser.format_help(), solve.format_help()
    parser.formatter_class = solve.formatter_class = argparse.HelpFormatter
    theirs = parser.format_help(), solve.format_help()
    assert ours == theirs
