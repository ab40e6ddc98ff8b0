"""``points`` and ``renju points``: each kind on hand-made positions checked by hand, the
8 symmetries, compiled == pure core, bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.fixtures import LONG_SEARCH_CASE, main_interrupted
from support.strategies import games

from solver.cli import main
from solver.cli.bench import DEVELOPMENT_CASES
from solver.engine.backend import COMPILED
from solver.rules.board import Board
from solver.rules.geometry import transform_point
from solver.rules.notation import parse_point, parse_points, point_name
from solver.rules.points import PATTERN_KINDS, PointsKindError, pattern_points
from solver.search.points import points


def names(points: list[int]) -> list[str]:
    return [point_name(p) for p in points]


def test_four_three_whose_three_is_false() -> None:
    # j10 makes the four j7 j8 j9 j10 (j11 White: five at j6) and the split three
    # g7 h8 _ j10 on the diagonal; its only straight-four point is i9, and there Black
    # would make two fours (g9 _ i9 j9 k9 and g7 h8 i9 j10): forbidden, so the three is
    # false. j10 is a four, not a four-three, and makes no three.
    b = Board.from_stones("g7 j9 j8 k9 h8 j7 g9", "j11 i6 g6", to_move="black")
    j10 = parse_point("j10")
    assert j10 in pattern_points(b, "four").points
    assert j10 not in pattern_points(b, "four-three").points
    assert j10 not in pattern_points(b, "three").points
    shapes = {s.direction: s.shape for s in pattern_points(b, "four").lines[j10]}
    assert shapes == {"vertical": "four", "diagonal /": "false-three"}
    assert pattern_points(b, "four").explanations[j10] == (
        "j10: four (vertical, five at j6); false three (diagonal /: no legal straight four at i9)"
    )


def test_a_true_four_three() -> None:
    # j8: the four g8 h8 i8 j8 (f8 White: five at k8) and the three j6 j7 j8.
    b = Board.from_stones("g8 h8 i8 j6 j7", "f8 a1", to_move="black")
    r = pattern_points(b, "four-three")
    assert names(r.points) == ["j8"]
    assert r.details[parse_point("j8")] == "four-three"
    assert r.explanations[parse_point("j8")] == (
        "j8: four (horizontal, five at k8); three (vertical, straight four at j5, j9)"
    )


def test_forbidden_with_kinds() -> None:
    b = Board.from_stones("g8 h8 i9 i10", "", to_move="white")  # (Black's, whoever moves)
    r = pattern_points(b, "forbidden")
    assert names(r.points) == ["i8"]
    assert r.to_dict()["details"] == {"i8": "double-three"}
    assert r.to_dict()["side"] == "black"
    assert "double-three" in r.explanations[parse_point("i8")]


def test_five_four_straight_four_three() -> None:
    b = Board.from_stones("h8 i8 h9 h10", "a1", to_move="black")
    assert names(pattern_points(b, "five").points) == []
    assert names(pattern_points(b, "four").points) == ["h6", "h7", "h11", "h12"]
    assert names(pattern_points(b, "straight-four").points) == ["h7", "h11"]
    # i8 h8 make the row's threes at f8 g8 j8 k8; the diagonal h10 i9? (i9 empty) no:
    # the diagonal \ g10 h9 i8 j7 gives f11 g10 j7 k6
    assert names(pattern_points(b, "three").points) == [
        "k6",
        "j7",
        "f8",
        "g8",
        "j8",
        "k8",
        "g10",
        "f11",
    ]
    five = Board.from_stones("h8 i8 j8 k8", "g8", to_move="black")
    assert names(pattern_points(five, "five").points) == ["l8"]


def test_white_double_four_and_double_three() -> None:
    # White's h8: row f8 g8 h8 i8 and column h6 h7 h8 h9, both fours: a double four.
    b = Board.from_stones("a1", "f8 g8 i8 h6 h7 h9", to_move="white")
    assert names(pattern_points(b, "double-four").points) == ["h8"]
    assert "h8" in names(pattern_points(b, "double-threat").points)
    # White's i9 after g9 h9 and i7 i8: two threes
    c = Board.from_stones("a1", "g9 h9 i7 i8", to_move="white")
    assert "i9" in names(pattern_points(c, "double-three").points)
    assert "i9" in names(pattern_points(c, "double-threat").points)


def test_black_double_kinds_are_an_error() -> None:
    b = Board.from_stones("h8", "a1", to_move="black")
    with pytest.raises(PointsKindError, match="double-four"):
        pattern_points(b, "double-four")
    with pytest.raises(PointsKindError, match="'nine'"):
        points(b, "nine")


def test_black_double_threat_is_a_four_three() -> None:
    b = Board.from_stones("g8 h8 i8 j6 j7", "f8 a1", to_move="black")
    assert names(pattern_points(b, "double-threat").points) == ["j8"]
    # with k8 taken by White the four is dead: j8 makes a three only
    c = Board.from_stones("g8 h8 i8 j6 j7", "f8 k8 a1", to_move="black")
    assert pattern_points(c, "double-threat").points == []


def test_keys_and_defences() -> None:
    b = Board.from_stones("f8 g8 h8", "f9 g9 h9", to_move="black")
    keys = points(b, "keys", "vct")
    assert names(keys.points) == ["e8", "i8"]
    assert keys.details[parse_point("e8")] == "wins in 1"
    d = Board.from_stones("h8 i8 j8", "a1 a2", to_move="white")
    r = points(d, "defences", "vcf")
    assert names(r.points) == ["g8", "k8"]
    assert r.to_dict()["refuted"]["f8"] == ["k8"]


def test_every_key_gets_a_checked_winning_line() -> None:
    from solver.search.api import Limits
    from solver.search.checker import check_line

    b = Board.from_stones("j5 j7 g5 h8 h5 g7 k7", "f6 f11 h11 e6 j11 k5 k8", to_move="black")
    r = points(b, "keys", "vcf", Limits(max_moves=3))
    assert names(r.points) == ["f5", "i5", "h7"]
    assert [r.details[p] for p in r.points] == ["wins in 3", "wins in 3", "wins in 2"]
    for p in r.points:
        line = [parse_point(n) for n in r.extra["key_lines"][point_name(p)]]
        assert line[0] == p
        assert check_line(b, line) == int(r.details[p].split()[-1])


def test_keys_with_a_five_on_the_spot_are_the_five() -> None:
    # Black can make five at f8: h5, h6, h10 and h11 (a second four beside it) also "win",
    # but only through the five still standing; the answer is the five
    board = Board.from_stones(
        parse_points("e7 h7 i7 e8 g8 h8 i8 h9"), parse_points("i6 k6 f7 j7 k8 g9 i9 g10")
    )
    found = points(board, "keys", "vcf")
    assert [point_name(p) for p in found.points] == ["f8"]
    assert found.to_dict()["key_lines"] == {"f8": ["f8"]}


@settings(max_examples=25, deadline=None)
@given(games(max_moves=40), st.integers(min_value=1, max_value=7), st.sampled_from(PATTERN_KINDS))
def test_symmetries_map_points_onto_points(moves: list[int], sym: int, kind: str) -> None:
    b = Board.from_moves(moves)
    try:
        r = pattern_points(b, kind)
    except PointsKindError:
        return
    t = pattern_points(b.transform(sym), kind)
    assert sorted(t.points) == sorted(transform_point(p, sym) for p in r.points)
    assert {transform_point(p, sym): v for p, v in r.details.items()} == t.details


@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
@settings(max_examples=25, deadline=None)
@given(games(max_moves=50), st.sampled_from(PATTERN_KINDS), st.booleans())
def test_compiled_equals_pure(moves: list[int], kind: str, white: bool) -> None:
    fast = Board.from_moves(moves, compiled=True)
    pure = Board.from_moves(moves, compiled=False)
    if white:
        fast.to_move = pure.to_move = fast.to_move.opponent
    try:
        a = pattern_points(fast, kind).to_dict()
    except PointsKindError:
        with pytest.raises(PointsKindError):
            pattern_points(pure, kind)
        return
    assert a == pattern_points(pure, kind).to_dict()


def test_points_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["points", "forbidden", "--black", "g8 h8 i9 i10", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert out["kind"] == "forbidden" and out["side"] == "black" and out["points"] == ["i8"]
    assert out["details"] == {"i8": "double-three"}


@pytest.mark.parametrize(
    "argv",
    [
        ["points", "nine", "--black", "h8"],
        ["points", "double-four", "--black", "h8"],
        ["points", "four", "--black", "h8 q3"],
        ["points", "keys", "--black", "h8", "--goal", "x"],
    ],
)
def test_bad_input_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("renju: error:")


def _naive_black_kinds(board: Board) -> dict[str, set[int]]:
    """Black's four, three and four-three points by the naive rules oracle."""
    from support.oracle import (
        DIRECTIONS,
        fours_in_direction,
        has_three_in_direction,
        oracle_five,
        oracle_forbidden,
    )

    def xy(p: int) -> tuple[int, int]:
        return (p % 15, p // 15)

    black = frozenset(xy(p) for p in board.stones(board.to_move.BLACK))
    white = frozenset(xy(p) for p in board.stones(board.to_move.WHITE))
    out: dict[str, set[int]] = {"four": set(), "three": set(), "four-three": set()}
    for p in board.empty_points():
        q = xy(p)
        if oracle_five(black, q, exact=True) or oracle_forbidden(black, white, q):
            continue
        fours = [fours_in_direction(black, white, q, d) for d in DIRECTIONS]
        threes = [
            not f and has_three_in_direction(black, white, q, d)
            for d, f in zip(DIRECTIONS, fours, strict=True)
        ]
        if any(fours):
            out["four"].add(p)
        if any(threes):
            out["three"].add(p)
        if any(fours) and any(threes):
            out["four-three"].add(p)
    return out


@settings(max_examples=8, deadline=None)
@given(games(max_moves=40))
def test_black_kinds_match_the_naive_oracle(moves: list[int]) -> None:
    b = Board.from_moves(moves)
    b.to_move = b.to_move.BLACK
    naive = _naive_black_kinds(b)
    for kind, expected in naive.items():
        assert set(pattern_points(b, kind).points) == expected, kind


def test_ctrl_c_stops_the_keys_search_with_the_answer_so_far(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first Ctrl-C stops ``points keys``' search (a disproof that takes seconds
    more): the points so far (none), incomplete and marked interrupted, exit 130."""
    case = DEVELOPMENT_CASES / LONG_SEARCH_CASE
    assert main_interrupted(["points", "keys", str(case), "--json"]) == 130
    out = json.loads(capsys.readouterr().out)
    assert (out["points"], out["complete"], out["reason"]) == ([], False, "interrupted")
