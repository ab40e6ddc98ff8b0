"""``renju opening``: the opening (one of the 26) of a game by its first three moves."""

from __future__ import annotations

import argparse
import json

from solver.cli.game_position import add_game_position, game_position_from_args
from solver.errors import CommandError
from solver.game.openings import Opening, opening_of
from solver.rules.board import BLACK, WHITE, Board
from solver.rules.notation import CENTER, Move, format_moves

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju opening``."""
    p = sub.add_parser(
        "opening",
        help="the opening of a game (D1-D13, I1-I13) by its first three moves",
        description=(
            "Name the opening of a game: its first three moves, under the 8 symmetries of "
            "the board, as one of the 26 (code, romanised and Japanese name), or say that "
            "they are none of them. A position without its move order (a diagram, a "
            "puzzle) is read when it holds just the three stones."
        ),
    )
    add_game_position(p)
    p.add_argument(
        "--json", action="store_true", help='machine-readable: {"code", "name", "japanese"}'
    )
    p.set_defaults(run=_run)


def _three_moves(board: Board) -> list[Move] | None:
    """The first three moves of a position of two black stones and one white: h8 (the
    first move of every opening, when it is there), the white stone, the other black
    stone; ``None`` for any other position."""
    black, white = board.stones(BLACK), board.stones(WHITE)
    if len(black) != 2 or len(white) != 1:
        return None
    first = CENTER if CENTER in black else black[0]
    (third,) = (p for p in black if p != first)
    return [first, white[0], third]


def _run(args: argparse.Namespace) -> int:
    game = game_position_from_args(args)
    moves = game.moves if game.moves is not None else _three_moves(game.board)
    if moves is None:
        raise CommandError(
            f"a position of {game.board.stone_count} stones without its move order: give "
            'the moves ("h8 h9 j10") or a game file'
        )
    if len(moves) < 3:
        given = f"{format_moves(moves)!r} has {len(moves)}" if moves else "the game has none"
        raise CommandError(f"an opening is three moves; {given}")
    opening: Opening | None = opening_of(moves)
    if args.json:
        out = opening.to_json() if opening else {"code": None, "name": None, "japanese": None}
        print(json.dumps(out, ensure_ascii=False))
    elif opening:
        kind = "direct" if opening.direct else "indirect"
        print(f"{opening} ({kind})")
    else:
        print(f"{format_moves(moves[:3])}: not one of the 26 openings")
    return 0
