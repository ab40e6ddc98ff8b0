"""Tests of the binary .pos reader on the real fixtures (Emilgardis/board, niren xl)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.formats.pos import format_pos, parse_pos, pos_puzzle, read_pos
from puzzles.model import PuzzleFormatError
from solver.rules.board import Color
from solver.rules.notation import format_moves, format_points

DATA = Path(__file__).parent.parent / "data" / "formats"
XL = sorted((DATA / "niren-xl-pos" / "pos").rglob("*.pos"))


def test_pass_is_read_as_none() -> None:
    moves = read_pos(DATA / "emilgardis-board" / "4th_is_a_pass.pos")
    assert format_moves(moves) == "h8 i8 g8 pass j8"
    p = pos_puzzle(moves, "4th_is_a_pass.pos")
    assert format_points(p.black) == "g8 h8 j8" and format_points(p.white) == "i8"
    assert p.to_move is Color.WHITE  # the pass (move 4) was White's turn
    assert p.id == "4th_is_a_pass"


def test_orientation_top_rows_and_bottom_row() -> None:
    two_top = read_pos(DATA / "emilgardis-board" / "pos_two_top_rows.pos")
    assert len(two_top) == 30
    assert format_moves(two_top[:2] + two_top[14:16] + two_top[-1:]) == "a15 b15 o15 a14 o14"
    example = read_pos(DATA / "emilgardis-board" / "example.pos")
    assert format_moves(example[14:17] + example[-1:]) == "o15 a1 b1 o1"


def test_all_59_xl_files_read() -> None:
    assert len(XL) == 59
    lines = {str(f.relative_to(DATA / "niren-xl-pos" / "pos")): read_pos(f) for f in XL}
    assert sum(len(m) for m in lines.values()) == 1478
    assert format_moves(lines["basic/fake 33.pos"][:5]) == "h8 k6 j6 k4 l5"
    assert len(lines["1/full.pos"]) == 225  # the whole board; the 226-byte file
    full = pos_puzzle(lines["1/full.pos"])
    assert (len(full.black), len(full.white), full.to_move) == (113, 112, Color.WHITE)
    black_to_move = [k for k in lines if k.startswith("black to move/")]
    assert len(black_to_move) == 7
    assert all(pos_puzzle(lines[k]).to_move is Color.BLACK for k in black_to_move)


def test_round_trip() -> None:
    data = (DATA / "emilgardis-board" / "4th_is_a_pass.pos").read_bytes()
    assert format_pos(parse_pos(data)) == data


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "empty file (a .pos file starts with its move count)"),
        (b"\x00", "bad move count 0 (expected 1..225)"),
        (b"\xe2" + bytes(226), "bad move count 226 (expected 1..225)"),
        (b"\x05\x70\x71", "truncated: 5 moves announced but only 2 bytes follow"),
        (b"\x02\x70\x70", "move 2 (h8) is on an occupied point"),
    ],
)
def test_bad_files(data: bytes, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_pos(data, "bad.pos")
    assert str(info.value) == f"bad.pos: {problem}"


def test_missing_file_is_a_format_error(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match=r"nothere\.pos: cannot read file"):
        read_pos(tmp_path / "nothere.pos")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_only_format_error(data: bytes) -> None:
    try:
        moves = parse_pos(data)
    except PuzzleFormatError:
        return
    assert 1 <= len(moves) == data[0]
