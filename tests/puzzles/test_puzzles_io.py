"""Tests of puzzles.io: format detection, read_puzzles on every fixture, atomic writing,
and bad files of every format raising only PuzzleFormatError."""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from puzzles.io import detect_format, read_file, read_puzzles, write_native
from puzzles.model import Puzzle, PuzzleFormatError
from solver.rules.board import Color
from solver.rules.notation import format_points

DATA = Path(__file__).parent.parent / "data" / "formats"
FIXTURES = {
    "emilgardis-board/I7.lib": ("renlib", 262),
    "emilgardis-board/lib_4_left_right_up_down.lib": ("renlib", 4),
    "emilgardis-board/4th_is_a_pass.pos": ("pos", 1),
    "niren-xl-pos/pos/basic/fake 33.pos": ("pos", 1),
    "quintet/vcf_black.txt": ("quintet", 1),
    "handmade/puzzle.sgf": ("sgf", 2),
    "handmade/gbk_wrong_ca.sgf": ("sgf", 1),
    "handmade/game.psq": ("psq", 1),
    "handmade/games.rif": ("rif", 3),
    "handmade/puzzles_lfz.json": ("lfz", 6),
    "handmade/sample.renju": ("native", 4),
}


@pytest.mark.parametrize(("name", "expected"), FIXTURES.items())
def test_every_fixture_detects_and_reads(name: str, expected: tuple[str, int]) -> None:
    fmt, count = expected
    assert detect_format(DATA / name) == fmt
    result = read_puzzles(DATA / name)
    # puzzles and the positions a tree does not mark as puzzles (RenLib leaves)
    assert (result.format, len(result.puzzles) + len(result.positions)) == (fmt, count)
    items = result.puzzles + result.positions
    assert all(p.location is not None and p.location.file.endswith(name) for p in items)


def test_detection_by_content_not_extension(tmp_path: Path) -> None:
    renamed = tmp_path / "library.dat"
    renamed.write_bytes((DATA / "emilgardis-board/I7.lib").read_bytes())
    assert detect_format(renamed) == "renlib"
    sgf = tmp_path / "x.txt"
    sgf.write_text("\ufeff  (;GM[4]SZ[15];B[hh])", encoding="utf-8")
    assert detect_format(sgf) == "sgf"
    pos = tmp_path / "game.pos"
    pos.write_bytes(bytes([2, 112, 113]))
    assert detect_format(pos) == "pos"
    assert format_points(read_puzzles(pos).positions[0].black) == "h8"
    unknown = tmp_path / "x.bin"
    unknown.write_bytes(b"\x00\x01\x02")
    with pytest.raises(PuzzleFormatError, match=r"x\.bin: unrecognised file format$"):
        detect_format(unknown)


def test_native_fixture_is_what_the_writer_writes(tmp_path: Path) -> None:
    result = read_puzzles(DATA / "handmade/sample.renju")
    assert [p.id for p in result] == [
        "vct_white",
        "puzzles_lfz#2",
        "puzzles_lfz#3",
        "puzzles_lfz#4",
    ]
    assert result.puzzles[3].title == "三手胜" and result.puzzles[3].max_moves == 3
    write_native(result.puzzles, tmp_path / "again.renju")
    assert (tmp_path / "again.renju").read_bytes() == (DATA / "handmade/sample.renju").read_bytes()


def test_quintet_file_becomes_a_puzzle() -> None:
    (p,) = read_puzzles(DATA / "quintet/vcf_black.txt")
    assert (p.goal, p.max_moves, p.to_move, p.id) == ("vcf", 12, Color.BLACK, "vcf_black")


def test_read_file_gives_raw_data() -> None:
    tree = read_file(DATA / "emilgardis-board/I7.lib")
    assert tree.count_nodes() == 2076
    assert len(read_file(DATA / "handmade/games.rif")) == 4


def test_write_native_atomically_and_read_back(tmp_path: Path) -> None:
    puzzles = read_puzzles(DATA / "handmade/puzzles_lfz.json").puzzles
    puzzles += read_puzzles(DATA / "quintet/vcf_black.txt").puzzles
    out = tmp_path / "all.renju"
    write_native(puzzles, out)
    assert os.listdir(tmp_path) == ["all.renju"]  # no temporary file left behind
    back = read_puzzles(out)
    assert back.format == "native" and back.errors == [] and back.puzzles == puzzles
    text = out.read_text(encoding="utf-8")
    write_native(back.puzzles, out)
    assert out.read_text(encoding="utf-8") == text


def test_failed_write_keeps_old_file(tmp_path: Path) -> None:
    out = tmp_path / "keep.renju"
    write_native([Puzzle(black=[112], id="old")], out)
    before = out.read_bytes()
    with pytest.raises(ValueError, match="single line"):
        write_native([Puzzle(black=[112], title="two\nlines")], out)
    assert out.read_bytes() == before and os.listdir(tmp_path) == ["keep.renju"]


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFormatError, match=r"none\.lib: cannot read file"):
        read_puzzles(tmp_path / "none.lib")


def _bad_variants(data: bytes) -> list[bytes]:
    rng = random.Random(len(data))
    out = [data[: len(data) // 2], data[:1], b""]
    for _ in range(20):
        b = bytearray(data)
        for _ in range(4):
            b[rng.randrange(len(b))] = rng.randrange(256)
        out.append(bytes(b))
    out.append(bytes(rng.randrange(256) for _ in range(200)))
    return out


@pytest.mark.parametrize("name", FIXTURES)
def test_truncated_and_corrupted_files_raise_only_format_errors(name: str, tmp_path: Path) -> None:
    original = DATA / name
    for i, data in enumerate(_bad_variants(original.read_bytes())):
        path = tmp_path / f"bad{i}{original.suffix}"
        path.write_bytes(data)
        try:
            read_puzzles(path)
        except PuzzleFormatError as exc:
            assert str(exc).startswith(str(path) + ":") or str(path) in str(exc)
