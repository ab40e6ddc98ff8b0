"""Tests for the naive Renju oracle (tests/oracle.py).

Part 1 replays the AlphaGomoku forbidden-move test boards (tests/data/forbidden-alphagomoku,
GPL-3.0 test data, see tests/data/README.md); every expectation is one pytest item.
Part 2 checks hand-made corner cases of docs/rules.md.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from support.oracle import (
    fours_in_direction,
    oracle_five,
    oracle_forbidden,
    oracle_forbidden_points,
)

Point = tuple[int, int]
Stones = frozenset[Point]

DATA = Path(__file__).parent.parent / "data" / "forbidden-alphagomoku" / "test_renju_cases.json"


def pt(name: str) -> Point:
    """Standard notation ('h8', case-insensitive) to (col, row), a1 = (0, 0)."""
    name = name.strip().lower()
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def pts(names: str) -> Stones:
    """Space-separated standard-notation points to a set."""
    return frozenset(pt(n) for n in names.split())


def parse_rows(rows: list[str]) -> tuple[Stones, Stones]:
    """JSON board rows (listed TOP to bottom) to (black, white) sets."""
    assert len(rows) == 15
    black: set[Point] = set()
    white: set[Point] = set()
    for i, line in enumerate(rows):
        cells = line.split()
        assert len(cells) == 15
        for col, cell in enumerate(cells):
            p = (col, 14 - i)
            if cell == "X":
                black.add(p)
            elif cell == "O":
                white.add(p)
            else:
                assert cell in "_!"
    return frozenset(black), frozenset(white)


def source_point(move: str) -> Point:
    """The source's own move notation ('Xk0': row counted from the top) to (col, row)."""
    return (ord(move[1]) - ord("a"), 14 - int(move[2:]))


def outcome_if_played(black: Stones, white: Stones, p: Point) -> str:
    """CROSS_WIN if Black's move makes an exact five; CIRCLE_WIN if it is forbidden."""
    if oracle_five(black, p, exact=True):
        return "CROSS_WIN"
    if oracle_forbidden(black, white, p) is not None:
        return "CIRCLE_WIN"
    return "NO_RESULT"


def data_checks() -> list[Any]:
    """One pytest param per expectation, with the board as it stands at that step."""
    cases = json.loads(DATA.read_text())["cases"]
    params: list[Any] = []
    for case in cases:
        black, white = parse_rows(case["board_rows_top_to_bottom"])
        for i, s in enumerate(case["steps"]):
            p = pt(s["std"])
            assert p == source_point(s["move"]), s
            colour = s["move"][0]
            if s["op"] == "add_move":
                if colour == "X":
                    black = black | {p}
                else:
                    white = white | {p}
            elif s["op"] == "undo_move":
                assert p in (black if colour == "X" else white)
                black, white = black - {p}, white - {p}
            else:
                check_id = f"{case['test']}-{i}-{s['op']}-{s['move'][0]}{s['std']}"
                params.append(
                    pytest.param(s["op"], colour, black, white, p, s["expected"], id=check_id)
                )
    return params


@pytest.mark.parametrize(("op", "colour", "black", "white", "p", "expected"), data_checks())
def test_alphagomoku_case(
    op: str, colour: str, black: Stones, white: Stones, p: Point, expected: Any
) -> None:
    assert p not in black and p not in white
    if op == "expect_forbidden":
        # White has no forbidden moves.
        got = oracle_forbidden(black, white, p) is not None if colour == "X" else False
        assert got is expected
    else:
        assert op == "expect_outcome_if_played" and colour == "X"
        assert outcome_if_played(black, white, p) == expected


def test_data_has_59_forbidden_checks() -> None:
    cases = json.loads(DATA.read_text())["cases"]
    steps = [s for c in cases for s in c["steps"]]
    assert len(cases) == 19
    assert sum(s["op"] == "expect_forbidden" for s in steps) == 59


# ---------------------------------------------------------------- hand-made cases


def test_four_three_is_legal() -> None:
    # h5 makes a closed four e5-h5 (d5 white) and an open three h5-h7.
    black, white = pts("e5 f5 g5 h6 h7"), pts("d5")
    assert oracle_forbidden(black, white, pt("h5")) is None


def test_straight_four_counts_once() -> None:
    # Open _BBBB_ (two completion points) plus an open three: 4-3, legal.
    black, white = pts("e8 f8 g8 h9 h10"), pts("")
    assert fours_in_direction(black, white, pt("h8"), (1, 0)) == 1
    assert oracle_forbidden(black, white, pt("h8")) is None


def test_double_four_in_two_directions() -> None:
    black, white = pts("e8 f8 g8 h9 h10 h11"), pts("d8 h12")
    assert oracle_forbidden(black, white, pt("h8")) == "double-four"


def test_double_four_one_line_b_bbb_b() -> None:
    # c3 _ e3 [f3] g3 _ i3: filling d3 or h3 each gives a different exact five.
    black = pts("c3 e3 g3 i3")
    assert fours_in_direction(black, frozenset(), pt("f3"), (1, 0)) == 2
    assert oracle_forbidden(black, frozenset(), pt("f3")) == "double-four"


def test_double_four_one_line_bb_bb_bb() -> None:
    black = pts("c2 d2 g2 i2 j2")
    assert oracle_forbidden(black, frozenset(), pt("f2")) == "double-four"


def test_overline() -> None:
    black = pts("h3 h4 h5 h7 h8")
    assert oracle_forbidden(black, frozenset(), pt("h6")) == "overline"


def test_overline_takes_precedence_over_double_four() -> None:
    black, white = pts("h3 h4 h5 h6 h7 e8 f8 g8 i9 j10 k11"), pts("d8 l12")
    assert oracle_forbidden(black, white, pt("h8")) == "overline"


def test_five_wins_despite_overline_in_another_line() -> None:
    black = pts("h3 h4 h5 h7 h8 e6 f6 g6 i6")
    assert oracle_five(black, pt("h6"), exact=True)
    assert oracle_forbidden(black, frozenset(), pt("h6")) is None


def test_double_three() -> None:
    assert oracle_forbidden(pts("g8 i8 h7 h9"), frozenset(), pt("h8")) == "double-three"


def test_four_three_three_is_forbidden() -> None:
    black, white = pts("e8 f8 g8 h9 h10 i9 j10"), pts("d8")
    assert oracle_forbidden(black, white, pt("h8")) == "double-three"


def test_false_double_three_when_straight_four_point_is_double_four() -> None:
    # f8 makes the split three e8 f8 _ h8 (only straight-four point g8) and the open
    # three f8 f9 f10. With f8 placed, g8 would also make the four g5-g8 (g4 white) and
    # the four g8 h9 i10 j11 (k12 white): a double four, so the split three is false.
    control = pts("e8 h8 f9 f10")
    assert oracle_forbidden(control, frozenset(), pt("f8")) == "double-three"
    black, white = control | pts("g5 g6 g7 h9 i10 j11"), pts("g4 k12")
    assert oracle_forbidden(black | pts("f8"), white, pt("g8")) == "double-four"
    assert oracle_forbidden(black, white, pt("f8")) is None


def test_three_whose_straight_four_point_makes_five_is_no_three() -> None:
    # RIF: e8 f8 _ h8 becomes a straight four only at g8, which also completes the
    # five g4-g8 (g3 white): not a three, so f8 (with the three f8-f10) is legal.
    black, white = pts("e8 h8 f9 f10 g4 g5 g6 g7"), pts("g3")
    assert oracle_five(black | pts("f8"), pt("g8"), exact=True)
    assert oracle_forbidden(black, white, pt("f8")) is None


def test_edge_three_is_no_three() -> None:
    # |B[B]B__ on row 8 is no three (the straight four would touch the edge).
    assert oracle_forbidden(pts("a8 c8 b7 b9"), frozenset(), pt("b8")) is None
    # One column further in, the same shape is a three: double three.
    assert oracle_forbidden(pts("b8 d8 c7 c9"), frozenset(), pt("c8")) == "double-three"


def test_corner_diagonal_three_has_no_room() -> None:
    # a5-e1 diagonal has five points: |_B[B]B_| is no three; the row 3 three is real.
    black = pts("b4 d2 b3 d3")
    assert oracle_forbidden(black, frozenset(), pt("c3")) is None
    # The same diagonal shape one step further from the corner is a three.
    assert oracle_forbidden(pts("b5 d3 b4 d4"), frozenset(), pt("c4")) == "double-three"


def test_white_overline_is_five_for_white() -> None:
    white = pts("h3 h4 h5 h7 h8")
    assert oracle_five(white, pt("h6"), exact=False)
    assert not oracle_five(white, pt("h6"), exact=True)


def test_forbidden_points_small_board() -> None:
    # e5 f5 g5 _ i5 j5: only h5 (overline) is forbidden; d5 is a plain four.
    black = pts("e5 f5 g5 i5 j5")
    assert oracle_forbidden_points(black, frozenset()) == {pt("h5"): "overline"}


def test_occupied_point_rejected() -> None:
    with pytest.raises(ValueError):
        oracle_forbidden(pts("h8"), frozenset(), pt("h8"))


def _transform(p: Point, k: int) -> Point:
    """One of the 8 symmetries of the board (k = 0..7)."""
    c, r = p
    for _ in range(k % 4):
        c, r = r, 14 - c
    return (14 - c, r) if k >= 4 else (c, r)


def test_forbidden_points_invariant_under_symmetries() -> None:
    rng = random.Random(20240601)
    found = 0
    for _ in range(3):
        cells = [(c, r) for c in range(2, 11) for r in range(9)]
        rng.shuffle(cells)
        black, white = frozenset(cells[:22]), frozenset(cells[22:32])
        base = oracle_forbidden_points(black, white)
        found += len(base)
        for k in range(1, 8):
            tb = frozenset(_transform(p, k) for p in black)
            tw = frozenset(_transform(p, k) for p in white)
            expected = {_transform(p, k): kind for p, kind in base.items()}
            assert oracle_forbidden_points(tb, tw) == expected
    assert found > 0
