"""Named positions for every corner case in docs/rules.md, each with its expected kind.

Each case is checked on both cores and against the naive oracle (tests/oracle.py), so a
wrong expectation here would show up as an oracle disagreement too.
"""

from __future__ import annotations

import pytest
from support.oracle import oracle_forbidden

from solver import Board, Color
from solver.rules.forbidden import explain, forbidden_kind, forbidden_points
from solver.rules.notation import parse_point, parse_points, point_name

# name: (black, white, point, expected kind or None)
CASES: dict[str, tuple[str, str, str, str | None]] = {
    # --- plain shapes
    "double-three open": ("g8 h8 i9 i10", "", "i8", "double-three"),
    "double-three split": ("f8 h8 i9 i11", "", "i8", "double-three"),
    "double-four two lines": ("e8 f8 g8 h9 h10 h11", "d8 h12", "h8", "double-four"),
    "overline": ("a8 b8 d8 e8 f8", "", "c8", "overline"),
    "overline seven": ("b8 c8 d8 f8 g8 h8", "", "e8", "overline"),
    "five with a gap filled": ("d8 e8 g8 h8", "", "f8", None),
    # --- four-three and friends
    "4-3 legal": ("e5 f5 g5 h6 h7", "d5", "h5", None),
    "4-3 with straight four legal": ("e8 f8 g8 h9 h10", "", "h8", None),
    "4-3-3 forbidden": ("e5 f5 g5 h6 h7 g4 f3", "d5", "h5", "double-three"),
    "4-4-3 forbidden": ("e5 f5 g5 h6 h7 h8 g6 f7", "d5 h9", "h5", "double-four"),
    # --- double four on one line
    "one line B_BBB_B": ("d8 f8 g8 j8", "c8 k8", "h8", "double-four"),
    "one line BB_BB_BB": ("d8 e8 g8 j8 k8", "c8 l8", "h8", "double-four"),
    "one line BBB_B_BBB": ("c8 d8 e8 i8 j8 k8", "b8 l8", "g8", "double-four"),
    # --- a five always wins
    "five beats overline elsewhere": ("d8 e8 f8 g8 h2 h3 h4 h5 h6", "", "h8", None),
    "five beats double four elsewhere": (
        "d8 e8 f8 g8 h9 h10 h11 i9 j10 k11",
        "h12 l12",
        "h8",
        None,
    ),
    "five beats double three elsewhere": ("d8 e8 f8 g8 h9 h10 i9 j10", "", "h8", None),
    # --- edges
    "edge |BBB__ is no three": ("a8 b8 c9 c10", "", "c8", None),
    "edge |_BBB__ is a three": ("b8 c8 d9 d10", "", "d8", "double-three"),
    "corner diagonal |_BBB_| is no three": ("b4 c3 e7 e8", "", "d2", None),
    # --- RIF's five clause: the only straight-four point of the split three g8 h8 _ j8
    # is i8, which also completes black's five i8-i12, so that three does not count.
    "five clause": ("g8 j8 i9 i10 i11 i12 h9 h10", "i13", "h8", None),
    "five clause control": ("g8 j8 h9 h10", "i13", "h8", "double-three"),
    # --- a three whose straight four would only complete an overline: W_BBB__B
    "three limited by overline point": ("f8 g8 k8 h9 h10", "d8", "h8", None),
    "three not limited control": ("f8 g8 l8 h9 h10", "d8", "h8", "double-three"),
    # --- false threes, mined from random positions and confirmed by the oracle
    "false 3-3 depth 1 (a straight-four point is forbidden)": (
        "f5 g5 h5 j5 e6 i6 k6 k7 f9 g9 i9 h10 e11 h11 j11 k11",
        "i5 g6 f7 j8 f10 g10",
        "h8",
        None,
    ),
    "false 3-3 depth 1, second": (
        "e5 g5 j5 h6 i6 j6 k6 k7 f8 g8 h8 j8 k8 h9 i9 f10 k10 i11 j11",
        "i5 g7 h7 i7 e9 h10 h11",
        "j7",
        None,
    ),
    "3-3 depth 2 (the forbidding straight-four point is itself false)": (
        "h5 g6 i6 h7 e8 f8 g8 j8 k8 e9 i9 k9 g10 i10 j10 f11",
        "f5 j5 j7 f9 k10 j11",
        "h8",
        "double-three",
    ),
    "3-3 depth 2, second": (
        "e5 h5 i5 h6 e8 g8 i8 j9 k9 g10 j10 e11 f11 i11 j11 k11",
        "f5 g5 f6 k7 j8 k8",
        "h9",
        "double-three",
    ),
}


def _oracle(black: str, white: str, point: str) -> str | None:
    def pts(s: str) -> frozenset[tuple[int, int]]:
        return frozenset((p % 15, p // 15) for p in parse_points(s))

    p = parse_point(point)
    return oracle_forbidden(pts(black), pts(white), (p % 15, p // 15))


@pytest.mark.parametrize("name", list(CASES))
def test_named_case(name: str, compiled: bool) -> None:
    black, white, point, expected = CASES[name]
    board = Board.from_stones(black, white, compiled=compiled)
    p = parse_point(point)
    kind = forbidden_kind(board, p)
    assert (kind.value if kind else None) == expected
    assert _oracle(black, white, point) == expected
    # The full enumeration agrees with the single-point check.
    listed = forbidden_points(board).get(p)
    assert (listed.value if listed else None) == expected
    # And so does the explanation's verdict.
    assert explain(board, p).kind == kind


def test_white_overline_wins(compiled: bool) -> None:
    board = Board.from_stones("", "c8 d8 e8 g8 h8", to_move="white", compiled=compiled)
    assert board.is_five(parse_point("f8"), Color.WHITE)
    assert not board.is_five(parse_point("f8"), Color.BLACK)
    black = Board.from_stones("c8 d8 e8 g8 h8", "", compiled=compiled)
    assert not black.is_five(parse_point("f8"), Color.BLACK)
    assert forbidden_kind(black, parse_point("f8")) is not None


def test_standard_and_freestyle_rules(compiled: bool) -> None:
    stones = "c8 d8 e8 g8 h8"
    std = Board.from_stones("", stones, rule="standard", compiled=compiled)
    assert not std.is_five(parse_point("f8"), Color.WHITE)  # exact five for both
    free = Board.from_stones(stones, "", rule="freestyle", compiled=compiled)
    assert free.is_five(parse_point("f8"), Color.BLACK)  # five or more for both
    assert forbidden_points(Board.from_stones("g8 h8 i9 i10", "", rule="standard")) == {}


def test_explanation_names_the_rejected_point(compiled: bool) -> None:
    black, white, point, _ = CASES["five clause"]
    e = explain(Board.from_stones(black, white, compiled=compiled), point)
    horizontal = e.lines[0]
    assert [(point_name(t.point), t.reason) for t in horizontal.three_points] == [
        ("i8", "makes a five")
    ]
    assert not horizontal.three
    assert e.lines[1].three  # the vertical three h8-h10 is real
    assert "false three" in e.text()


def test_explanation_of_depth_one_false_three(compiled: bool) -> None:
    black, white, point, _ = CASES["false 3-3 depth 1 (a straight-four point is forbidden)"]
    e = explain(Board.from_stones(black, white, compiled=compiled), point)
    rejected = [t for line in e.lines for t in line.three_points if not t.ok]
    assert rejected and all(
        t.reason in ("double-three", "double-four", "overline") for t in rejected
    )
    assert e.kind is None
