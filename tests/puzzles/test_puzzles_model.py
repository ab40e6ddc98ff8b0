"""Tests of puzzles.model: Puzzle validation, board(), locations and errors."""

from __future__ import annotations

import pickle

import pytest

from puzzles.model import Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import PositionError, RenjuError
from solver.rules.board import Color, Rule
from solver.rules.notation import parse_point, parse_points


def test_board_has_stones_attacker_and_rule() -> None:
    p = Puzzle(parse_points("h8 i9"), parse_points("h9"), Color.WHITE, rule=Rule.STANDARD)
    b = p.board()
    assert b[parse_point("i9")] is Color.BLACK
    assert b[parse_point("h9")] is Color.WHITE
    assert b.to_move is Color.WHITE
    assert b.rule is Rule.STANDARD
    assert p.defender is Color.BLACK


def test_stones_are_sorted_so_order_does_not_matter() -> None:
    assert Puzzle(parse_points("i9 h8")) == Puzzle(parse_points("h8 i9"))
    assert Puzzle(parse_points("i9 h8")).black == [112, 128]


def test_location_is_not_part_of_equality() -> None:
    assert Puzzle(location=Location("a", 1)) == Puzzle(location=Location("b", 2))


def test_validate_reports_every_problem() -> None:
    p = Puzzle(
        black=parse_points("h8 h8 i9"),
        white=parse_points("i9"),
        goal="mate",  # type: ignore[arg-type]
        max_moves=0,
        solution=parse_points("h8 j10 j10"),
    )
    assert p.validate() == [
        "black stone at h8 is listed twice",
        "i9 holds both a black and a white stone",
        "unknown goal 'mate' (expected vcf, vct or tsume)",
        "max_moves must be at least 1, not 0",
        "solution move 1 (h8) is on a stone",
        "solution move 3 (j10) is played twice",
        "solution has 2 attacker moves, more than max_moves 0",
    ]
    with pytest.raises(PositionError):
        p.board()


def test_validate_finds_off_board_and_five() -> None:
    assert Puzzle(black=[225]).validate() == ["black stone 225 is off the board"]
    five = Puzzle(black=parse_points("a1 b1 c1 d1 e1"))
    assert five.validate() == ["black already has five in a row"]
    too_long = Puzzle(black=parse_points("h8"), max_moves=1, solution=parse_points("a1 a2 a3"))
    assert too_long.validate() == ["solution has 2 attacker moves, more than max_moves 1"]


def test_sound_puzzle_has_no_problems() -> None:
    p = Puzzle(
        parse_points("h8 i8 j8"),
        parse_points("h9 i9"),
        goal="vcf",
        max_moves=2,
        solution=parse_points("k8 l8 g8"),
    )
    assert p.validate() == []


def test_location_text() -> None:
    assert str(Location("set.renju", index=0, line=2)) == "set.renju:2 (entry 1)"
    assert str(Location("I7.lib", index=9)) == "I7.lib (entry 10)"


def test_format_error_names_file_and_pickles() -> None:
    err = PuzzleFormatError("dir/a.lib", "truncated header")
    assert isinstance(err, RenjuError) and isinstance(err, ValueError)
    assert str(err) == "dir/a.lib: truncated header"
    again = pickle.loads(pickle.dumps(err))
    assert (again.path, again.problem, str(again)) == (err.path, err.problem, str(err))


def test_read_result_iterates_puzzles() -> None:
    r = ReadResult([Puzzle(id="a"), Puzzle(id="b")], format="native")
    assert [p.id for p in r] == ["a", "b"] and len(r) == 2
