"""Tests of the RenLib .lib reader on the real fixtures (Emilgardis/board, MIT)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.formats.renlib import (
    HEADER_30,
    MAGIC,
    RenLibNode,
    parse_renlib,
    read_renlib,
    renlib_puzzles,
)
from puzzles.model import PuzzleFormatError
from solver.rules.board import Color
from solver.rules.notation import format_moves, format_points

DATA = Path(__file__).parent.parent / "data" / "formats" / "emilgardis-board"


def shape(node: RenLibNode) -> list[object]:
    """The tree as nested lists: [move name, [children...]]."""
    return [[format_moves([c.move]), shape(c)] for c in node.children]


def test_i7_sample_library() -> None:
    tree = read_renlib(DATA / "I7.lib")
    assert tree.version == (3, 0)
    assert tree.count_nodes() == 2076
    commented = [n for n in tree.root.walk() if n.texts()]
    assert len(commented) == 93
    assert commented[0].comment == "Welcome to RenLib"
    assert commented[1].comment == "Sure win for black"
    assert format_moves([c.move for c in tree.root.children]) == "h8"
    assert sum(1 for _ in tree.lines()) == 262
    result = renlib_puzzles(tree, "I7.lib")
    assert len(result.puzzles) == 262 and result.errors == []
    first = result.puzzles[0]
    assert first.id == "I7#1"
    assert first.comment == "Welcome to RenLib\nSure win for black\nSEE 3-5,4-4,5-3"
    assert format_points(first.black) == "i7 h8 g9" and format_points(first.white) == "i9 g10"
    assert first.to_move is Color.WHITE


def test_four_children_tree_from_formats_md() -> None:
    tree = read_renlib(DATA / "lib_4_left_right_up_down.lib")
    assert shape(tree.root) == [
        ["h8", [["h9", []], ["g8", []], ["i8", [["j8", [["k8", []]]]]], ["h7", []]]]
    ]


def test_two_top_rows_orientation() -> None:
    tree = read_renlib(DATA / "lib_two_top_rows.lib")
    assert tree.version == (3, 4)
    first, second = tree.lines()
    assert format_moves([n.move for n in first[:3] + first[14:16] + first[-1:]]) == (
        "a15 b15 c15 o15 a14 o14"
    )
    assert len(first) == 30
    assert format_moves([n.move for n in second]) == "h8"


def test_corners() -> None:
    tree = read_renlib(DATA / "lib_4_in_corner.lib")
    line = next(tree.lines())
    assert format_moves([n.move for n in line]) == (
        "a15 b15 c15 d15 l15 m15 n15 o15 a1 b1 c1 d1 l1 m1 n1 o1"
    )


def test_pass_and_comments() -> None:
    tree = read_renlib(DATA / "lib_3_is_pass.lib")
    (line,) = tree.lines()
    assert format_moves([n.move for n in line]) == "h8 i9 pass k8"
    assert (line[2].comment, line[2].long_comment) == ("", "Pass")
    (p,) = renlib_puzzles(tree).puzzles
    assert format_points(p.black) == "h8" and format_points(p.white) == "k8 i9"
    assert p.to_move is Color.BLACK and p.comment == "Pass"
    two = read_renlib(DATA / "null_move2.lib")
    assert two.count_nodes() == 17
    assert format_moves([c.move for c in two.root.children[0].children]) == "h9 i9 j9"


def test_odd_trailing_byte_and_multiline_comment() -> None:
    tree = read_renlib(DATA / "lib_comment.lib")
    (line,) = tree.lines()
    assert [(format_moves([n.move]), n.long_comment) for n in line] == [
        ("h8", "This comment on 78"),
        ("g7", "Im from 87"),
    ]


def test_siblings_after_a_pop_and_one_line_comments() -> None:
    tree = read_renlib(DATA / "example_for_science_with_variant_maybe.lib")
    assert tree.count_nodes() == 14
    assert format_moves([c.move for c in tree.root.children]) == "h8 o8"
    h8 = tree.root.children[0]
    assert [c.comment for c in h8.children] == ["one away", "two away"]


def test_gbk_comment_and_board_text() -> None:
    # A hand-made 3.4 record: h8 with a GBK comment (作者：) and a board text.
    text = "作者：".encode("gbk")
    data = MAGIC + bytes([3, 4]) + b"\xff" * 10 + b"\x00\x00"
    data += bytes([0x78, 0x08 | 0x01, 0x00, 0x01]) + text + b"\x00\x00" + b"AB\x00\x00"
    tree = parse_renlib(data)
    (h8,) = tree.root.children
    assert (h8.comment, h8.board_text) == ("作者：", "AB")
    with pytest.raises(PuzzleFormatError, match=r"past the end of the file \(at byte 34\)$"):
        parse_renlib(data[:-4])


def test_headerless_file() -> None:
    tree = parse_renlib(bytes([0x78, 0x00, 0x79, 0x40]))
    assert tree.version is None
    assert format_moves([n.move for n in next(tree.lines())]) == "h8 i8"


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        (b"", "empty file"),
        (b"PK\x03\x04", "not a RenLib library (no \\xffRenLib\\xff header)"),
        (MAGIC + b"\x03", "truncated header"),
        (MAGIC + bytes([4, 0]) + b"\xff" * 10, "unsupported RenLib version 4.0"),
        (HEADER_30 + b"\x78\x00\x10\x00", "bad position byte 0x10 (at byte 22)"),
        (
            HEADER_30 + b"\x78\x08abc",
            "truncated: a text runs past the end of the file (at byte 22)",
        ),
        (HEADER_30 + b"\x78\x01\x00", "truncated: extension bytes missing (at byte 22)"),
    ],
)
def test_bad_files(data: bytes, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_renlib(data, "x.lib")
    assert str(info.value) == f"x.lib: {problem}"


def test_empty_fixture_file() -> None:
    with pytest.raises(PuzzleFormatError, match=r"null_move\.lib: empty file"):
        read_renlib(DATA / "null_move.lib")


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200), st.booleans())
def test_random_bytes_raise_only_format_error(body: bytes, header: bool) -> None:
    data = HEADER_30 + body if header else body
    try:
        tree = parse_renlib(data)
    except PuzzleFormatError:
        return
    renlib_puzzles(tree)  # bad lines are reported, never raised


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 6017), st.integers(0, 255))
def test_corrupted_i7_raises_only_format_error(at: int, value: int) -> None:
    data = bytearray((DATA / "I7.lib").read_bytes())
    data[at] = value
    try:
        tree = parse_renlib(bytes(data))
    except PuzzleFormatError:
        return
    assert tree.count_nodes() > 0
