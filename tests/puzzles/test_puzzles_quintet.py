"""Tests of the quintet case reader (renju-note/quintet, MIT)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.formats.quintet import parse_quintet, quintet_puzzle, read_quintet
from puzzles.model import PuzzleFormatError
from solver.rules.board import Color
from solver.rules.notation import format_points

DATA = Path(__file__).parent.parent / "data" / "formats" / "quintet"


def test_vcf_black() -> None:
    case = read_quintet(DATA / "vcf_black.txt")
    assert (case.mode, case.attacker, case.limit) == ("vcf", Color.BLACK, 12)
    assert case.threat_limit is None
    p = quintet_puzzle(case, DATA / "vcf_black.txt")
    assert p.goal == "vcf" and p.max_moves == 12 and p.to_move is Color.BLACK
    assert p.id == "vcf_black" and p.source == "https://renjuportal.com/puzzle/3040/"
    assert p.tags == ["vcf", "proven", "quick"]
    # 'o' is Black: the o on the second line of the board is l14, the x is i14
    assert "l14" in format_points(p.black) and "i14" in format_points(p.white)
    assert (len(p.black), len(p.white)) == (11, 11)
    assert format_points(p.solution[:3]) == "j12 k13 g9" and len(p.solution) == 23
    assert p.validate() == []


def test_short_case_is_disproven_with_limit_one_lower() -> None:
    names = ("vcf_black.txt", "vcf_black_short.txt")
    long, short = (quintet_puzzle(read_quintet(DATA / f)) for f in names)
    assert short.solution == [] and "disproven" in short.tags
    assert short.max_moves == 11 and short.black == long.black and short.white == long.white
    assert short.comment == "One move short of vcf_black."


def test_white_vct() -> None:
    p = quintet_puzzle(read_quintet(DATA / "vct_white.txt"))
    assert p.goal == "tsume" and p.to_move is Color.WHITE and p.max_moves == 4
    assert format_points(p.black) == "h8 g9 g10 j10"
    assert format_points(p.white) == "i7 h9 i9"
    assert format_points(p.solution) == "i10 i6 i11 i8 j11 j8 g8"
    assert read_quintet(DATA / "vct_white.txt").threat_limit == 1


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("mode: vcf\n", "no 'board:' line"),
        ("mode: vcf\nattacker: o\nboard:\n. . .\n", "not a board row of 15 cells: '. . .'"),
        ("attacker: o\nboard:\n" + ".\n" * 0, "a diagram needs 15 rows, found 0"),
        ("mode vcf\nboard:\n", "line 1: expected 'key: value': 'mode vcf'"),
        ("attacker: q\nmode: vcf\nboard:\n", "attacker must be o or x, not 'q'"),
        ("attacker: o\nboard:\n" + ("." * 15 + "\n") * 15, "missing key 'mode'"),
    ],
)
def test_bad_cases(text: str, problem: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        parse_quintet(text, "c.txt")
    assert str(info.value) == f"c.txt: {problem}"
