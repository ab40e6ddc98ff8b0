"""The ``renju`` command line: subcommands, shared position input, one-line errors.

Subcommands come from the entry-point group ``renju.commands``: each entry is a function
``register(subparsers)``. The core registers its own (``solver.commands``); the puzzle
tools and the trainer register theirs from their packages, so this package never imports
them. Other packages may also add readers for position files to :data:`POSITION_READERS`.

Exit codes: 0 success, 1 a check found problems (``verify``, bad batch lines), 2 bad input
(the message is one line on stderr, never a traceback), 130 interrupted.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from solver import __version__
from solver.board import BLACK, Board, Color, Rule
from solver.errors import PositionError, RenjuError
from solver.notation import parse_moves, parse_points

__all__ = [
    "POSITION_READERS",
    "CommandError",
    "add_position_arguments",
    "board_from_args",
    "build_parser",
    "main",
    "position_from_args",
]

PositionReader = Callable[[Path], "Board | tuple[Board, dict[str, Any]] | None"]
POSITION_READERS: list[PositionReader] = []
"""Readers tried in order for a position file; each returns a board (or a board and hints
such as ``{"goal": "vct", "max_moves": 3}`` from a puzzle file), or ``None`` if the file is
not its format. The built-in reader (a text diagram) is tried last."""


class CommandError(RenjuError):
    """A command-line usage problem found after parsing (conflicting options etc.)."""


def add_position_arguments(parser: argparse.ArgumentParser, *, file_arg: bool = True) -> None:
    """Add the position options every position-taking command shares."""
    g = parser.add_argument_group("position")
    if file_arg:
        g.add_argument("file", nargs="?", help="a position file (text diagram, or a puzzle file)")
    g.add_argument("--black", "-b", metavar="LIST", help='black stones, e.g. "h8,i9" or "h8 i9"')
    g.add_argument("--white", "-w", metavar="LIST", help="white stones")
    g.add_argument(
        "--moves", "-m", metavar="SEQ", help='a move sequence, Black first ("pass" allowed)'
    )
    g.add_argument(
        "--to-move", metavar="SIDE", help="black or white (default: from --moves, else black)"
    )
    g.add_argument("--rule", default="renju", help="renju (default), standard or freestyle")


def _read_diagram(path: Path) -> Board:
    text = path.read_text(encoding="utf-8-sig")
    to_move: Color = BLACK
    rows = []
    for line in text.splitlines():
        low = line.strip().lower()
        if low.startswith(("to move:", "to_move:", "side:")):
            to_move = Color.parse(low.split(":", 1)[1])
        elif low and not low.startswith("#"):
            rows.append(line)
    return Board.from_diagram("\n".join(rows), to_move)


def board_from_args(args: argparse.Namespace) -> Board:
    """Build the position the options describe.

    Raises:
        RenjuError: a bad point, overlapping stones, an unreadable file (quoting it).
    """
    return position_from_args(args)[0]


def position_from_args(args: argparse.Namespace) -> tuple[Board, dict[str, Any]]:
    """The position the options describe, and hints from a puzzle file (its goal and move
    limit) that a command may use when the user gave none.

    Raises:
        RenjuError: a bad point, overlapping stones, an unreadable file (quoting it).
    """
    hints: dict[str, Any] = {}
    rule = Rule.parse(args.rule)
    file = getattr(args, "file", None)
    given = [x for x in (file, args.moves, args.black or args.white) if x]
    if len(given) > 1:
        raise CommandError("give one of: a position file, --moves, or --black/--white")
    if file:
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"no such file: {file!r}")
        board = None
        for reader in POSITION_READERS:
            found = reader(path)
            if isinstance(found, tuple):
                board, hints = found
            else:
                board = found
            if board is not None:
                break
        if board is None:
            try:
                board = _read_diagram(path)
            except UnicodeDecodeError:
                raise CommandError(f"{file}: not a text diagram (binary data)") from None
            except RenjuError as exc:
                raise CommandError(f"{file}: {exc}") from None
        if rule is not board.rule:
            board = Board.from_stones(
                board.stones(Color.BLACK), board.stones(Color.WHITE), board.to_move, rule
            )
    elif args.moves:
        board = Board.from_moves(parse_moves(args.moves), rule)
    else:
        board = Board.from_stones(
            parse_points(args.black or ""), parse_points(args.white or ""), BLACK, rule
        )
    if args.to_move:
        board.to_move = Color.parse(args.to_move)
    return board, hints


def _registrars() -> list[Callable[[argparse._SubParsersAction], None]]:  # type: ignore[type-arg]
    from solver import commands

    found: list[Callable[[argparse._SubParsersAction], None]] = [commands.register]  # type: ignore[type-arg]
    try:
        eps = metadata.entry_points(group="renju.commands")
    except Exception:  # pragma: no cover - broken metadata
        eps = metadata.EntryPoints(())
    for ep in sorted(eps, key=lambda e: e.name):
        if ep.value.startswith("solver."):
            continue
        try:
            found.append(ep.load())
        except ModuleNotFoundError as exc:
            if exc.name and ep.value.startswith(exc.name.split(".")[0] + "."):
                continue  # that part of the tool is not installed in this build
            print(f"renju: warning: commands {ep.name!r} unavailable: {exc}", file=sys.stderr)
        except ImportError as exc:  # a package registered but not importable
            print(f"renju: warning: commands {ep.name!r} unavailable: {exc}", file=sys.stderr)
    return found


def build_parser() -> argparse.ArgumentParser:
    """The full ``renju`` parser with every registered subcommand."""
    parser = argparse.ArgumentParser(
        prog="renju",
        description="Renju tsume solver and trainer: exact RIF rules, VCF/VCT/tsume search.",
    )
    parser.add_argument("--version", action="version", version=f"renju {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for register in _registrars():
        register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args.run(args)
        return code
    except KeyboardInterrupt:
        print("renju: interrupted", file=sys.stderr)
        return 130
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
