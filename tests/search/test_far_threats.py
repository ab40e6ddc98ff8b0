"""A hidden threat may stand far from every stone.

A move with no stone within five points along any of its lines can still be a fukumi:
the VCF after it plays fours whose stones land on one of its lines, and the move then
completes a three with them. Here White's h8 is such a move:

    row 8:  . d8 e8 f8 g8 [h8] i8 .      g8 is a four on the g file (g4 g5 g6, g7 the
                                         block), f8 one on the f file (f9 f11 f12, f10
                                         the block) and, with g8 and h8, an open three:
                                         a four-three, then e8 or i8 a straight four.

Threat generation once skipped every move with no stone near it, so the search never
tried h8: it reported a key list without a winning key. Both cores now consider every
empty point (the compiled one drops most far ones by the failed VCF's zone).
"""

from __future__ import annotations

import pytest

from solver import EMPTY, WHITE, Board
from solver.rules.notation import parse_point, point_name
from solver.search.api import Limits, solve

# White's g and f files, with Black's caps; Black's other stones stay far from h8.
ONE_THREAT = ("g3 f13 a1 o1 a15 o15 a8", "g4 g5 g6 f9 f11 f12")
# The same two files, White's row 9 and 10 fours for the h file (d9 e9 f9, i10 k10 l10)
# and Black stones that keep those files from making a win of their own near h8.
FAR_KEY = (
    "g3 f13 c9 m10 j11 e6 d10 i5 d6 i11 g12 b7 e12 j7 e10",
    "g4 g5 g6 f9 f11 f12 d9 e9 i10 k10 l10",
)


def _far(board: Board, p: int) -> bool:
    """Whether no stone lies within five points of ``p`` along any of its lines."""
    x, y = p % 15, p // 15
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(-5, 6):
            cx, cy = x + k * dx, y + k * dy
            if k and 0 <= cx < 15 and 0 <= cy < 15 and board[cy * 15 + cx] != EMPTY:
                return False
    return True


def test_a_move_far_from_every_stone_is_a_hidden_threat(compiled: bool) -> None:
    black, white = ONE_THREAT
    board = Board.from_stones(black, white, to_move="white", compiled=compiled)
    h8 = parse_point("h8")
    assert _far(board, h8)
    assert solve(board, "vcf").result.value == "disproven"
    # after h8, were Black to pass (a far stone of his instead), White wins by fours
    after = Board.from_stones(black + " o8", white + " h8", to_move="white", compiled=compiled)
    assert solve(after, "vcf").result.value == "proven"
    _, threats, _ = board.core.threats(int(WHITE), 10, 3, 10**7, ())
    found = {point_name(m) for m, _ in threats}
    assert "h8" in found
    assert {"e8", "i8"} <= found  # (the near ones on the same row were found before too)


@pytest.mark.parametrize(
    "compiled", [True, pytest.param(False, marks=pytest.mark.slow)], indirect=True
)
def test_a_far_fukumi_is_a_winning_key(compiled: bool) -> None:
    board = Board.from_stones(*FAR_KEY, to_move="white", compiled=compiled)
    h8 = parse_point("h8")
    assert _far(board, h8)
    result = solve(board, "tsume", Limits(max_moves=4), shortest=True, all_keys=True)
    assert result.result.value == "proven" and result.moves == 3
    keys = {point_name(k.move): k.moves for k in result.keys or []}
    # a far key, each of Black's answers lost within three more moves
    assert keys["h8"] == 4
    assert keys == {
        "e8": 4, "f10": 4, "f7": 4, "g11": 3, "g7": 4, "g8": 4, "g9": 4, "h12": 4,
        "h8": 4, "h9": 4,
    }  # fmt: skip
