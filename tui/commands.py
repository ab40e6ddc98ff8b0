"""``renju train [FILE]``: the entry point the ``renju`` command discovers.

Importing this module does not import Textual (so other commands stay fast); the run
function does.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from solver.errors import CommandError

__all__ = ["register", "run_train"]


def register(sub: Any) -> None:
    """Add ``train`` to the ``renju`` subcommands."""
    p = sub.add_parser(
        "train",
        help="the terminal trainer (puzzles, hints, solutions, analysis)",
        description=(
            "Open the trainer on a puzzle collection or a single puzzle in any supported "
            "format, or on the bundled collections when no file is given. Progress is kept "
            "in $RENJU_DATA_DIR (default: $XDG_DATA_HOME/renju-tsume)."
        ),
    )
    p.add_argument("file", nargs="*", help="puzzle files (.renju, .lib, .pos, .sgf, ...)")
    p.add_argument("--analysis", action="store_true", help="open the analysis board")
    p.set_defaults(run=run_train)


def run_train(args: argparse.Namespace) -> int:
    """Run the trainer until the player quits; return the exit code.

    Raises:
        CommandError: a file does not exist, or there is no terminal to run in.
        RenjuError: a file cannot be read or holds no puzzle.
    """
    paths = [Path(f) for f in args.file or []]
    for path in paths:
        if not path.is_file():
            raise CommandError(f"no such file: {os.fspath(path)!r}")
    try:
        from tui.app import make_app
    except ModuleNotFoundError as exc:  # textual missing
        raise CommandError(
            f"the trainer needs Textual ({exc.name} is not installed): reinstall renju-tsume"
        ) from None
    app = make_app(paths or None, analysis=bool(getattr(args, "analysis", False)))
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Textual would wait forever for keys that never come
        which = "input" if not sys.stdin.isatty() else "output"
        raise CommandError(f"renju train needs a terminal: the standard {which} is not one")
    app.run()
    return 0
