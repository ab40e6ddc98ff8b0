"""``renju fifth``: whether two fifth-move proposals are equivalent (the opening rules
refuse such a pair)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from solver.cli.game_position import add_game_position, game_position_from_args
from solver.game.equivalence import equivalence_map
from solver.rules.board import BLACK, WHITE
from solver.rules.notation import Move, parse_point, point_name

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju fifth``."""
    p = sub.add_parser(
        "fifth",
        help="whether two fifth-move proposals are equivalent (a symmetry maps one onto the other)",
        description=(
            "P and Q, proposed for the move after POSITION (usually the first four moves), "
            "are equivalent when a rotation or reflection of the infinite board, with any "
            "translation, maps the position after P onto the position after Q and the "
            "stone at P onto the stone at Q. A game file gives its first four moves."
        ),
    )
    add_game_position(p)
    p.add_argument("p", metavar="P", help="a proposed point")
    p.add_argument("q", metavar="Q", help="another proposed point")
    p.add_argument(
        "--json", action="store_true", help='machine-readable: {"equivalent": true|false, ...}'
    )
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    p, q = parse_point(args.p), parse_point(args.q)
    game = game_position_from_args(args)
    black: Sequence[Move] = game.board.stones(BLACK)
    white: Sequence[Move] = game.board.stones(WHITE)
    if game.moves is not None and not game.board.moves and len(game.moves) > 4:
        moves = game.moves[:4]  # a game file: the position before move 5
        black, white = moves[0::2], moves[1::2]
    found = equivalence_map(black, white, p, q)
    if args.json:
        print(json.dumps({"equivalent": found is not None, "symmetry": found}))
    elif found is None:
        print(f"{point_name(p)} and {point_name(q)} are not equivalent: both may be proposed.")
    else:
        how = "the same point" if found == "identity" else f"equivalent by {found}"
        print(f"{point_name(p)} and {point_name(q)} are {how}: not both may be proposed.")
    return 0
