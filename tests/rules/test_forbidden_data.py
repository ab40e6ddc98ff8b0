"""Every check of the AlphaGomoku renju test boards (tests/data/forbidden-alphagomoku,
GPL-3.0 test data, see tests/data/README.md), run on both cores."""

from __future__ import annotations

from typing import Any

import pytest
from test_oracle import data_checks

from solver import Board
from solver.rules.forbidden import forbidden_kind, forbidden_points


def _board(black: Any, white: Any, compiled: bool) -> Board:
    return Board.from_stones(
        [r * 15 + c for c, r in black], [r * 15 + c for c, r in white], compiled=compiled
    )


@pytest.mark.parametrize(("op", "colour", "black", "white", "p", "expected"), data_checks())
def test_alphagomoku_case(
    op: str, colour: str, black: Any, white: Any, p: Any, expected: Any, compiled: bool
) -> None:
    board = _board(black, white, compiled)
    point = p[1] * 15 + p[0]
    kind = forbidden_kind(board, point) if colour == "X" else None
    if op == "expect_forbidden":
        assert (kind is not None) is expected
        assert (point in forbidden_points(board)) is (expected and colour == "X")
    else:
        outcome = "CROSS_WIN" if board.is_five(point) else ("CIRCLE_WIN" if kind else "NO_RESULT")
        assert outcome == expected
