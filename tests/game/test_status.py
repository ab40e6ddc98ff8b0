"""The end of a game: fives, overlines, Black's forbidden last move, and the three
draws (passes, a full board, no five possible), against a naive fill oracle."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.errors import PositionError
from solver.game.status import Reason, Result, Status, status
from solver.rules.board import BLACK, WHITE, Board, Color
from solver.rules.geometry import transform_point
from solver.rules.notation import NPOINTS, SIZE, format_points, parse_points


def _status(moves: str) -> Status:
    return status(Board.from_moves(moves))


def test_fives() -> None:
    st = _status("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert (st.value, st.reason, format_points(st.points)) == (
        "black-won",
        Reason.FIVE,
        "h8 i8 j8 k8 l8",
    )
    st = _status("a15 h8 b14 h9 c13 h10 d12 h11 o1 h12")
    assert (st.value, st.reason, format_points(st.points)) == (
        "white-won",
        Reason.FIVE,
        "h8 h9 h10 h11 h12",
    )
    # a diagonal five to the corner (the window touches the edge)
    st = status(Board.from_stones("a1 b2 c3 d4 e5", "o15", WHITE))
    assert st.result is Result.BLACK_WON and format_points(st.points) == "a1 b2 c3 d4 e5"
    assert _status("h8 a1 i8 a2 j8 a3 k8").result is Result.ONGOING  # a four is not a five


def test_overlines() -> None:
    # White's six wins; Black's six loses (a forbidden move), whichever made it
    st = status(Board.from_stones("a1 a3 a5", "c8 d8 e8 f8 g8 h8", BLACK))
    assert (st.value, st.reason, len(st.points)) == ("white-won", Reason.OVERLINE, 6)
    st = _status("c8 a1 d8 a2 e8 a3 f8 a4 h8 o15 g8")
    assert (st.value, st.reason, format_points(st.points)) == (
        "white-won",
        Reason.OVERLINE,
        "c8 d8 e8 f8 g8 h8",
    )
    # under the freestyle rule a black six wins; under the standard rule nobody wins by it
    six = Board.from_stones("c8 d8 e8 f8 g8 h8", "a1 a2", WHITE, rule="freestyle")
    assert status(six).result is Result.BLACK_WON
    six = Board.from_stones("c8 d8 e8 f8 g8 h8", "a1 a2", WHITE, rule="standard")
    assert status(six).result is Result.ONGOING


def test_five_first() -> None:
    """A Black move that makes an exact five and an overline (or a double four) wins."""
    #  row 8: c8 d8 e8 _ g8 h8 i8 -> f8 makes a seven; column f: f4..f7 -> f8 makes five
    board = Board.from_stones("c8 d8 e8 g8 h8 i8 f4 f5 f6 f7", "a1 a3 a5 a7 a9 a11 a13")
    board.push(parse_points("f8")[0])
    st = status(board)
    assert st.result is Result.BLACK_WON and st.reason is Reason.FIVE
    assert format_points(st.points) == "f4 f5 f6 f7 f8"


def test_the_first_end_counts() -> None:
    """A five the last move did not make came before it: that one ended the game."""
    st = _status("h8 h9 i8 i9 j8 j9 l8 k9 a1 l9 k8")  # White's five at move 10
    assert (st.value, format_points(st.points)) == ("white-won", "h9 i9 j9 k9 l9")
    both = Board.from_stones("h8 i8 j8 k8 l8", "h9 i9 j9 k9 l9")  # no history: unknown
    with pytest.raises(PositionError, match="which came first"):
        status(both)


def test_forbidden_last_move() -> None:
    """Black's last move a double three (or four) loses; the same stones set up without
    their order do not say so."""
    moves = "h8 a1 g8 a3 i9 a5 i10 a7 i8"  # i8: g8-h8-i8 and i8-i9-i10, both open
    st = _status(moves)
    assert (st.value, st.reason, format_points(st.points)) == (
        "white-won",
        Reason.FORBIDDEN,
        "i8",
    )
    same = Board.from_stones("g8 h8 i8 i9 i10", "a1 a3 a5 a7", WHITE)
    assert status(same).result is Result.ONGOING
    # a double four: four in a row and four in a column through h8
    st = _status("d8 a1 e8 a3 f8 a5 h5 a7 h6 a9 h7 a11 h8")
    assert (st.value, st.reason) == ("white-won", Reason.FORBIDDEN)
    # a forbidden move is judged as the last move only (a record that goes on past it
    # is not judged again)
    later = Board.from_moves(moves)
    later.push(parse_points("o15")[0])
    assert status(later).result is Result.ONGOING


def test_draw_by_passes() -> None:
    assert _status("h8 pass pass") == Status(Result.DRAW, Reason.PASSES)
    assert _status("h8 h9 pass pass").reason is Reason.PASSES
    assert _status("h8 pass h9 pass").result is Result.ONGOING  # not in succession
    assert _status("h8 pass").result is Result.ONGOING


def _pattern(c: int, r: int) -> Color:
    """A full-board colouring in which every five cells in a row hold two of each colour
    at least (so no five, and no five after any one stone is taken away)."""
    return BLACK if ((c + 2 * r) // 2) % 2 else WHITE


def _patterned(skip: set[int] = frozenset()) -> Board:  # type: ignore[assignment]
    black = [p for p in range(NPOINTS) if p not in skip and _pattern(p % SIZE, p // SIZE) is BLACK]
    white = [p for p in range(NPOINTS) if p not in skip and _pattern(p % SIZE, p // SIZE) is WHITE]
    return Board.from_stones(black, white, BLACK)


def test_draw_by_a_full_board() -> None:
    board = _patterned()
    assert board.stone_count == NPOINTS
    assert status(board) == Status(Result.DRAW, Reason.FULL_BOARD)


def test_draw_by_the_fill_rule() -> None:
    board = _patterned({112, 0, 224, 50})
    assert status(board) == Status(Result.DRAW, Reason.NO_FIVE)
    # a single line left open (five empty cells in a row) keeps the game going
    open_row = _patterned({112, 113, 114, 115, 116})
    assert status(open_row).result is Result.ONGOING
    assert _naive_draw(open_row) is False


def _naive_draw(board: Board) -> bool:
    """Fill every empty point with Black, then with White: a draw when neither makes a
    row of five or more (straight from the definition, one cell at a time)."""
    cells = board.core.cell_bytes()
    for colour in (BLACK, WHITE):
        filled = [colour if not cells[p] else cells[p] for p in range(NPOINTS)]
        for p in range(NPOINTS):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                c, r, n = p % SIZE, p // SIZE, 0
                while 0 <= c < SIZE and 0 <= r < SIZE and filled[r * SIZE + c] == colour:
                    n, c, r = n + 1, c + dc, r + dr
                if n >= 5:
                    return False
    return True


@st.composite
def crowded(draw: st.DrawFn) -> Board:
    """Dense random boards with no five: a patterned board with holes, and stones
    changed at random (many are draws, many not)."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    holes = set(rng.sample(range(NPOINTS), draw(st.integers(0, 40))))
    flips = set(rng.sample(range(NPOINTS), draw(st.integers(0, 6))))
    black, white = [], []
    for p in range(NPOINTS):
        if p in holes:
            continue
        colour = _pattern(p % SIZE, p // SIZE)
        if p in flips:
            colour = colour.opponent
        (black if colour is BLACK else white).append(p)
    return Board.from_stones(black, white, BLACK)


@settings(max_examples=60)
@given(crowded())
def test_the_fill_rule_against_the_naive_fill(board: Board) -> None:
    st = status(board)
    if st.result in (Result.BLACK_WON, Result.WHITE_WON):
        return  # a flip made a five: the fill rule is not asked
    full = board.stone_count == NPOINTS
    assert (st.result is Result.DRAW) is (_naive_draw(board) or full)
    if st.result is Result.DRAW and not full:
        assert st.reason is Reason.NO_FIVE


def test_json_and_text() -> None:
    st = _status("h8 a1 i8 a2 j8 a3 k8 a4 l8")
    assert st.to_json() == {
        "status": "black-won",
        "reason": "five",
        "points": ["h8", "i8", "j8", "k8", "l8"],
    }
    assert st.text() == "Black won: five in a row (h8 i8 j8 k8 l8)."
    assert _status("h8").to_json() == {"status": "ongoing", "reason": None, "points": []}
    assert not _status("h8").over and st.over


@settings(max_examples=40)
@given(crowded(), st.integers(0, 7))
def test_the_8_symmetries_keep_the_status(board: Board, sym: int) -> None:
    try:
        before = status(board)
    except PositionError:
        return  # both sides have a five: no order to tell
    after = status(board.transform(sym))
    assert (after.result, after.reason) == (before.result, before.reason)
    assert set(after.points) == {transform_point(p, sym) for p in before.points}


def test_both_cores_alike(compiled: bool) -> None:
    """The compiled and the pure-Python core give the same judgements."""
    for moves, value, reason in (
        ("h8 a1 g8 a3 i9 a5 i10 a7 i8", "white-won", Reason.FORBIDDEN),
        ("h8 a1 i8 a2 j8 a3 k8 a4 l8", "black-won", Reason.FIVE),
        ("h8 pass pass", "draw", Reason.PASSES),
    ):
        st = status(Board.from_moves(moves, compiled=compiled))
        assert (st.value, st.reason) == (value, reason)
    board = _patterned({112, 0, 224, 50})
    again = Board.from_stones(board.stones(BLACK), board.stones(WHITE), BLACK, compiled=compiled)
    assert status(again).reason is Reason.NO_FIVE
