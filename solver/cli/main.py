"""The ``renju`` command line: the parser, the commands registered, one-line errors.

Commands come from the registry (``solver.cli.registry``): the core's own, then those the
entry-point group ``renju.commands`` lists (the puzzle tools, the trainer), so this
package never imports them; position files are read by ``solver.cli.position``, with the
readers registered in the group ``renju.position_readers``. Nothing below the command
line imports it.

Exit codes: 0 success, 1 a check found problems (``verify``, bad batch lines), 2 bad input
(the message is one line on stderr, never a traceback), 3 a solver error (the independent
checker rejected a proof, or a second look contradicted a disproof: never a verdict),
130 interrupted.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any

from solver import __version__
from solver.cli.registry import CORE_NAMES, command_registrars
from solver.errors import EXIT_SOLVER_ERROR, PositionError, RenjuError, SolverError

__all__ = ["build_parser", "main"]


def _columns() -> int:
    """``shutil.get_terminal_size().columns``: ``COLUMNS``, else the terminal's width on
    stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns or 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, sized without ``shutil``: argparse makes one for every option
    added, and its own sizing imports ``shutil`` (with zlib, bz2 and lzma), some 7 M
    instructions of a quick command's start-up. The help reads the same."""

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        super().__init__(
            prog, indent_increment, max_help_position, _columns() - 2 if width is None else width
        )


class _Parser(argparse.ArgumentParser):
    """``ArgumentParser`` with ``_HelpFormatter`` unless told otherwise (the subcommands'
    parsers are made of this class too)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)


def build_parser(core_only: bool = False, only: str | None = None) -> argparse.ArgumentParser:
    """The full ``renju`` parser with every registered subcommand (``core_only``: the
    core's commands alone, without scanning the entry points; ``only``: of those, the
    command of that name alone)."""
    parser: argparse.ArgumentParser = _Parser(
        prog="renju",
        description="Renju tsume solver and trainer: exact RIF rules, VCF/VCT/tsume search.",
        epilog="renju COMMAND --help lists a command's options.",
    )
    parser.add_argument("--version", action="version", version=f"renju {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in command_registrars(core_only, only):
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    if words == ["--version"]:  # (without building the parser of every command)
        print(f"renju {__version__}")
        return 0
    command = next((w for w in words if not w.startswith("-")), None)
    core = command in CORE_NAMES
    parser = build_parser(core_only=core, only=command if core else None)
    args = parser.parse_args(words)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args.run(args)
        return code
    except KeyboardInterrupt:
        print("renju: interrupted", file=sys.stderr)
        return 130
    except SolverError as exc:
        print(f"renju: solver error: {exc}", file=sys.stderr)
        return EXIT_SOLVER_ERROR
    except (RenjuError, PositionError) as exc:
        print(f"renju: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    except OSError as exc:
        name = f" {exc.filename!r}" if exc.filename else ""
        print(f"renju: error: cannot read{name}: {exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
