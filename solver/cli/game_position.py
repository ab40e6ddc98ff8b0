"""The position argument of the game commands (``opening``, ``fifth``, ``status``): a
move list or a position file, with the shared position options.

``renju opening "h8 h9 j10"`` and ``renju opening game.psq`` both work: the positional
argument is a file when one exists by that name (``FILE#N`` picks a game), else a move
list (Black first, ``pass`` allowed). A game file keeps its moves in order (its reader
says so with the ``moves`` hint); a diagram or a puzzle keeps only stones.
"""

from __future__ import annotations

import argparse
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solver.cli.position import add_position_arguments, position_from_args, split_selector
from solver.errors import CommandError, PointError
from solver.rules.board import Board
from solver.rules.notation import Move, parse_moves

__all__ = ["GamePosition", "add_game_position", "game_position_from_args"]

_PATHLIKE = re.compile(r"[./\\#]")


@dataclass
class GamePosition:
    """A position and, when known, the moves that made it (in order)."""

    board: Board
    moves: list[Move] | None
    hints: dict[str, Any]


def add_game_position(parser: argparse.ArgumentParser) -> None:
    """The positional ``POSITION`` (a move list or a file), ``--puzzle`` and the shared
    position options (``--moves``, ``--black``/``--white``, ``--to-move``, ``--rule``)."""
    parser.add_argument(
        "position",
        nargs="?",
        metavar="POSITION",
        help='a move list, Black first ("h8 h9 j10"), or a position file (a game record '
        "keeps its move order; FILE#N: its N-th game or puzzle)",
    )
    parser.add_argument(
        "--puzzle", metavar="ID", help="the game or puzzle of the file with this id"
    )
    add_position_arguments(parser, file_arg=False)


def game_position_from_args(args: argparse.Namespace) -> GamePosition:
    """The position ``POSITION`` and the options describe, with its moves when known.

    Raises:
        PointError: a move list with a bad point (quoting it).
        CommandError: no such file, or conflicting options.
        RenjuError: an unreadable file (quoting it).
    """
    text: str | None = args.position
    args.file = None
    if text is not None:
        if Path(split_selector(text)[0] if "#" in text else text).is_file():
            args.file = text
        else:
            try:
                parse_moves(text)
            except PointError:
                if _PATHLIKE.search(text):
                    raise CommandError(f"no such file: {split_selector(text)[0]!r}") from None
                raise
            if args.moves or args.black or args.white:
                raise CommandError(f"give one of: {text!r}, --moves, or --black/--white")
            args.moves = text
    board, hints = position_from_args(args)
    moves: list[Move] | None = None
    if args.moves:
        moves = parse_moves(args.moves)
    elif hints.get("moves") is not None:
        moves = list(hints["moves"])
    return GamePosition(board, moves, hints)
