"""Tests of the RenLib .lib reader on the real fixtures (Emilgardis/board, MIT)."""

from __future__ import annotations

import json
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
from puzzles.io import read_puzzles
from puzzles.model import PuzzleFormatError
from solver.cli import main
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
    # an opening library: a puzzle only where a comment states the winner
    assert len(result.puzzles) == 2 and len(result.positions) == 260 and result.errors == []
    sure, loss = result.puzzles
    assert sure.comment == "Welcome to RenLib\nSure win for black"
    assert format_points(sure.black) == "i7 h8" and format_points(sure.white) == "i9"
    assert sure.to_move is Color.BLACK and sure.solution == []  # White moves next there
    assert loss.id == "I7#8" and loss.to_move is Color.WHITE and loss.goal == "tsume"
    assert loss.comment.endswith("? Loss\nWhite wins")
    first = result.positions[0]  # (line 1 ends the puzzle's first variation)
    assert first.id == "I7#2"
    assert first.comment == "Welcome to RenLib\nSure win for black\nSEE 4-6,6-4"
    assert format_points(first.black) == "i7 h8 j8" and format_points(first.white) == "g9 i9 g10"
    assert first.to_move is Color.BLACK


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
    (p,) = renlib_puzzles(tree).positions  # no comment states a task: a position
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


def _record(point: str, flags: int, comment: str = "") -> bytes:
    """One record: ``point`` as RenLib's byte, ``flags``, and a COMMENT if given."""
    col, row = ord(point[0]) - ord("a") + 1, int(point[1:])
    out = bytes([16 * (15 - row) + col, flags | (0x08 if comment else 0)])
    if comment:
        text = comment.encode("utf-8") + b"\0"
        out += text + b"\0" * (len(text) % 2)
    return out


def library_with_tasks() -> bytes:
    """h8 a1 i8 a2 j8 g8 k8, then three leaves: a3 (no comment), b1 "黑先胜 VCF"
    (Black to play and win by VCF), c1 "White wins" (the winner, though Black moves
    next); and a second branch from h8 whose node h9 states "Black wins", with the
    solution i9 j10 below it and another variation g7."""
    down, right = 0x80, 0x40
    records = [
        _record("h8", 0),
        _record("a1", down),
        _record("i8", 0),
        _record("a2", 0),
        _record("j8", 0),
        _record("g8", 0),
        _record("k8", 0),
        _record("a3", down | right),
        _record("b1", down | right, "黑先胜 VCF"),
        _record("c1", right, "White wins"),
        _record("h9", 0, "Black wins"),
        _record("i9", down),
        _record("j10", right),
        _record("g7", right),
    ]
    return HEADER_30 + b"".join(records)


def test_a_leaf_is_a_puzzle_only_where_a_comment_states_the_task() -> None:
    result = renlib_puzzles(parse_renlib(library_with_tasks()), "tasks.lib")
    assert result.errors == []
    vcf, white, black = result.puzzles
    assert vcf.id == "tasks#2" and (vcf.to_move, vcf.goal) == (Color.BLACK, "vcf")
    assert format_points(vcf.black) == "h8 i8 j8 k8" and format_points(vcf.white) == "a1 b1 a2 g8"
    assert vcf.comment == "黑先胜 VCF"
    # the stated winner is the attacker, whoever moves next
    assert white.id == "tasks#3" and (white.to_move, white.goal) == (Color.WHITE, "tsume")
    # a statement above the leaves: the puzzle is that node, its first line the solution
    assert black.id == "tasks#4" and black.to_move is Color.BLACK and black.comment == "Black wins"
    assert format_points(black.black) == "h8" and format_points(black.white) == "h9"
    assert format_moves(black.solution) == "i9 j10"
    # the leaves with no stated task, and the other variation below "Black wins"
    assert [p.id for p in result.positions] == ["tasks#1", "tasks#5"]
    first = result.positions[0]
    assert first.to_move is Color.BLACK and format_points(first.white) == "a1 a2 a3 g8"
    assert format_points(result.positions[1].black) == "g7 h8"
    assert result.positions[1].to_move is Color.WHITE


def test_info_convert_and_generate_from_a_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lib = tmp_path / "tasks.lib"
    lib.write_bytes(library_with_tasks())
    assert main(["info", str(lib), "--json"]) == 0
    info = json.loads(capsys.readouterr().out)
    assert (info["puzzles"], info["positions"], info["goals"]) == (3, 2, {"vcf": 1, "tsume": 2})
    assert main(["convert", str(lib), str(tmp_path / "out.renju")]) == 0
    err = capsys.readouterr().err
    assert "wrote 3 puzzles" in err and "2 positions not marked as puzzles, not written" in err
    assert [p.id for p in read_puzzles(tmp_path / "out.renju")] == ["tasks#2", "tasks#3", "tasks#4"]
    # generate --from proves every item as it stands: the two positions with Black's
    # four (l8 makes five) are kept, the others have no win
    out = tmp_path / "gen.renju"
    argv = ["generate", str(out), "--from", str(lib), "--goal", "vcf", "--min-moves", "1"]
    assert main([*argv, "--max-moves", "3", "--count", "5", "--time", "5"]) == 0
    kept = read_puzzles(out).puzzles
    assert [(p.source, format_moves(p.keys), p.max_moves) for p in kept] == [
        ("tasks.lib, tasks#2", "l8", 1),
        ("tasks.lib, tasks#1", "l8", 1),
    ]
    assert kept[0].comment == "黑先胜 VCF" and kept[0].to_move is Color.BLACK
    assert main(["generate", str(out), "--force", "--from", str(tmp_path / "no.lib")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
