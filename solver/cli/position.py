"""Position input shared by the commands that take a position: the options, a text
diagram, and the position readers other packages register (``solver.cli.registry``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from solver.cli.registry import position_readers
from solver.errors import CommandError, RenjuError
from solver.rules.board import BLACK, Board, Color, Rule
from solver.rules.notation import parse_moves, parse_points

__all__ = ["add_position_arguments", "board_from_args", "position_from_args"]


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
        for reader in position_readers():
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
