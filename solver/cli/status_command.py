"""``renju status``: where a game stands: ongoing, black-won, white-won or draw."""

from __future__ import annotations

import argparse
import json

from solver.cli.game_position import add_game_position, game_position_from_args
from solver.game.status import status
from solver.rules.board import Board

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju status``."""
    p = sub.add_parser(
        "status",
        help="whether a game is over: ongoing, black-won, white-won or draw",
        description=(
            "Judge a game: black-won (an exact five), white-won (five or more, a Black "
            "overline, or Black's last move forbidden: only a move list or a game file "
            "knows the last move), draw (two passes in succession, a full board, or no "
            "line that can still become five for either side) or ongoing."
        ),
    )
    add_game_position(p)
    p.add_argument(
        "--json", action="store_true", help='machine-readable: {"status", "reason", "points"}'
    )
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    game = game_position_from_args(args)
    board = game.board
    if game.moves is not None and not board.moves:  # a game file: replay it, last move known
        board = Board.from_moves(game.moves, board.rule)
        if args.to_move:
            board.to_move = game.board.to_move
    st = status(board)
    if args.json:
        print(json.dumps(st.to_json()))
    else:
        print(f"{st.value}: {st.why()}" if st.over else st.value)
    return 0
