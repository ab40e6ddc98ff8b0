"""Notation and board: parse/format round trips, orientation, diagrams, errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver import Board, Color, DiagramError, IllegalMoveError, PointError, PositionError
from solver.rules.board import diagram_stones
from solver.rules.notation import (
    format_moves,
    format_points,
    parse_moves,
    parse_point,
    parse_points,
    point_name,
)

points = st.integers(min_value=0, max_value=224)


@given(points)
def test_point_round_trip(p: int) -> None:
    assert parse_point(point_name(p)) == p
    assert parse_point(point_name(p).upper()) == p


@given(st.lists(points, unique=True))
def test_points_round_trip_in_every_style(ps: list[int]) -> None:
    for sep in (" ", ",", ", ", ""):
        assert parse_points(format_points(ps, sep)) == ps


@given(st.lists(st.one_of(points, st.none())))
def test_moves_round_trip(ms: list[int | None]) -> None:
    assert parse_moves(format_moves(ms)) == ms


def test_orientation() -> None:
    assert parse_point("a1") == 0  # bottom-left
    assert parse_point("o1") == 14
    assert parse_point("a15") == 210  # top-left
    assert parse_point("h8") == 112
    assert parse_point("i9") == 8 * 15 + 8  # the letter i is used


@pytest.mark.parametrize("bad", ["h16", "p3", "h0", "z", "8h", "h 8", "h8x", ""])
def test_bad_points_raise_point_error_quoting_input(bad: str) -> None:
    with pytest.raises(PointError) as info:
        parse_point(bad)
    assert repr(bad) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_run_together_points_do_not_silently_split_wrong() -> None:
    assert parse_points("H8I9I7") == [112, 128, 98]
    with pytest.raises(PointError):
        parse_points("h16")  # must not become h1 + "6"


@given(st.lists(points, unique=True, max_size=60), st.sampled_from([Color.BLACK, Color.WHITE]))
def test_diagram_round_trip(ps: list[int], to_move: Color) -> None:
    k = len(ps) // 2
    board = Board.from_stones(ps[:k], ps[k:], to_move)
    again = Board.from_diagram(board.diagram(), to_move)
    assert again == board
    assert Board.from_diagram(board.diagram(coordinates=False), to_move) == board


@given(st.lists(points, unique=True, max_size=60), st.booleans())
def test_diagram_stones_are_the_boards_without_building_one(ps: list[int], coords: bool) -> None:
    k = len(ps) // 2
    board = Board.from_stones(ps[:k], ps[k:])
    text = board.diagram(coordinates=coords)
    assert diagram_stones(text) == (board.stones(Color.BLACK), board.stones(Color.WHITE))
    # another side's symbols: the stones swap colours; a stray symbol is refused as before
    assert diagram_stones(text, black="O", white="X") == (sorted(ps[k:]), sorted(ps[:k]))
    with pytest.raises(DiagramError, match="not a board row"):
        diagram_stones(text.replace(".", "?", 1))


def test_diagram_is_oriented_with_row_15_on_top() -> None:
    board = Board.from_stones("a15 o1", "a1")
    lines = board.diagram().splitlines()
    assert lines[0].startswith("15 X")
    assert lines[14] == " 1 O . . . . . . . . . . . . . X"
    assert lines[15].split() == list("abcdefghijklmno")


def test_diagram_with_other_symbols() -> None:
    rows = ["." * 15] * 14 + ["o" + "." * 13 + "x"]
    board = Board.from_diagram("\n".join(rows), black="o", white="x")
    assert board.stones(Color.BLACK) == [parse_point("a1")]
    assert board.stones(Color.WHITE) == [parse_point("o1")]


@pytest.mark.parametrize(
    ("text", "message"),
    [("X . .", "not a board row"), ("\n".join(["." * 15] * 14), "15 rows, found 14")],
)
def test_bad_diagrams(text: str, message: str) -> None:
    with pytest.raises(DiagramError, match=message):
        Board.from_diagram(text)


def test_from_moves_and_side_to_move() -> None:
    board = Board.from_moves("h8 h9 pass i9")
    assert board.to_move is Color.BLACK  # black, white, black passes, white
    assert board.stones(Color.BLACK) == [parse_point("h8")]
    assert board.stones(Color.WHITE) == parse_points("h9 i9")
    assert board.moves == [112, 127, None, 128]
    with pytest.raises(IllegalMoveError, match=r"move 3 \(h8\)"):
        Board.from_moves("h8 h9 h8")


def test_overlapping_and_duplicate_stones() -> None:
    with pytest.raises(PositionError, match="h8 is both black and white"):
        Board.from_stones("h8", "h8")
    with pytest.raises(PositionError, match="h8 is listed twice"):
        Board.from_stones("h8 h8", "")


def test_push_onto_occupied_point() -> None:
    board = Board.from_stones("h8", "")
    with pytest.raises(IllegalMoveError, match="h8 is occupied"):
        board.push(112)
    with pytest.raises(IndexError):
        Board().pop()


def test_five_on_board() -> None:
    assert Board.from_stones("d8 e8 f8 g8 h8", "").five_on_board() is Color.BLACK
    assert Board.from_stones("c8 d8 e8 f8 g8 h8", "").five_on_board() is None  # overline
    assert Board.from_stones("", "c8 d8 e8 f8 g8 h8").five_on_board() is Color.WHITE
    assert Board.from_stones("d8 e8 f8 g8", "").five_on_board() is None


def test_transform_moves_stones() -> None:
    board = Board.from_stones("a1", "b1")
    assert board.transform(1).stones(Color.BLACK) == [parse_point("o1")]  # rot90 anticlockwise
    assert board.transform(4).stones(Color.WHITE) == [parse_point("n1")]  # mirror left-right
