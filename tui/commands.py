"""``renju train [FILE[#N]] [--puzzle ID]``: the entry point the ``renju`` command discovers.

Importing this module does not import Textual (so other commands stay fast); the run
function does.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any, TextIO

from solver.errors import CommandError

__all__ = ["parse_file_arg", "register", "run_train"]

_NUMBERED = re.compile(r"^(?P<path>.+)#(?P<n>\d+)$")


def register(sub: Any) -> None:
    """Add ``train`` to the ``renju`` subcommands."""
    p = sub.add_parser(
        "train",
        help="the terminal trainer (puzzles, hints, solutions, analysis)",
        description=(
            "Open the trainer on a puzzle collection or a single puzzle in any supported "
            "format, or on the bundled collections when no file is given. FILE#N opens on "
            "the N-th puzzle of FILE (1-based); --puzzle ID on the puzzle with that id. "
            "Positions a file does not mark as puzzles (a game, no stated task) are not "
            "trained on: renju generate proves them (see its help). "
            "Progress is kept in $RENJU_DATA_DIR (default: $XDG_DATA_HOME/renju-tsume). "
            "Needs a terminal."
        ),
    )
    p.add_argument(
        "file", nargs="*", help="puzzle files (.renju, .lib, .pos, .sgf, ...); FILE#N: puzzle N"
    )
    p.add_argument("--puzzle", metavar="ID", help="open on the puzzle with this id")
    p.add_argument("--analysis", action="store_true", help="open the analysis board")
    p.set_defaults(run=run_train)


def parse_file_arg(text: str) -> tuple[Path, int | None]:
    """``"a.renju#3"`` -> ``(Path("a.renju"), 3)``; a plain name (or a file whose name
    really ends in ``#3``) -> ``(path, None)``.

    Raises:
        CommandError: ``#0``, or the file does not exist.

    >>> parse_file_arg("a.renju#3")
    (PosixPath('a.renju'), 3)
    """
    m = _NUMBERED.match(text)
    if m and not Path(text).is_file():
        n = int(m["n"])
        if n < 1:
            raise CommandError(f"{text!r}: puzzles are numbered from 1")
        return Path(m["path"]), n
    return Path(text), None


def _is_terminal(*streams: TextIO | None) -> bool:
    return all(s is not None and s.isatty() for s in streams)


def run_train(args: argparse.Namespace) -> int:
    """Run the trainer until the player quits; return the exit code.

    Raises:
        CommandError: a file does not exist, ``FILE#N`` is not the first file or is
            given with ``--puzzle``, or stdin/stdout is not a terminal.
        RenjuError: a file cannot be read, holds no puzzle, or has no such puzzle.
    """
    paths: list[Path] = []
    number: int | None = None
    for i, text in enumerate(args.file or []):
        path, n = parse_file_arg(text)
        if n is not None:
            if i != 0 or len(args.file) > 1:
                raise CommandError(f"{text!r}: FILE#N works with a single file")
            number = n
        if not path.is_file():
            raise CommandError(f"no such file: {os.fspath(path)!r}")
        paths.append(path)
    ident = getattr(args, "puzzle", None)
    if number is not None and ident is not None:
        raise CommandError("give FILE#N or --puzzle, not both")
    try:
        from tui.app import make_app
    except ModuleNotFoundError as exc:  # textual missing
        raise CommandError(
            f"the trainer needs Textual ({exc.name} is not installed): reinstall renju-tsume"
        ) from None
    app = make_app(
        paths or None,
        analysis=bool(getattr(args, "analysis", False)),
        puzzle=ident,
        number=number,
    )
    # Without a terminal Textual would wait for input that never comes (checked once the
    # files are read, so that a bad file is reported as such).
    if not _is_terminal(sys.stdin, sys.stdout):
        raise CommandError("train needs a terminal: stdin or stdout is not one")
    app.run()
    return 0
