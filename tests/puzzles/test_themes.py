"""Themes and ratings read off the engine's proof trees, on positions whose themes are
known by hand."""

from __future__ import annotations

import dataclasses

from hypothesis import given
from hypothesis import strategies as st

from puzzles.model import Puzzle
from puzzles.themes import (
    THEMES,
    Facts,
    defence_themes,
    initial_rating,
    order_themes,
    points_themes,
    win_themes,
)
from puzzles.verify import verify_puzzle
from solver.rules.board import Board
from solver.rules.notation import parse_points, point_name
from solver.search.api import Limits, solve

# White g7 makes a four d4-g7 whose only completion h8 is a double three for Black
# (g8 h8 i8 and h7 h8 h9): White wins by forcing Black onto a forbidden point.
#    9 . . . . . . . X .
#    8 . . . . . . X . X      h8: Black's 3-3
#    7 . . . . . . * X .      * g7: White's four
#    6 . . . . . O . . .
#    5 . . . . O . . . .
#    4 . . . O . . . . .
#    3 . . X . . . . . .      c3 blocks the other end
#      a b c d e f g h i
FORBIDDEN_TRAP = Board.from_stones("c3 g8 i8 h7 h9", "d4 e5 f6 a15 o15", to_move="white")

# Black k8 is a four-three (h8-k8, i10-j9-k8); White's only block l8 makes a four
# (l8-l11, l12 Black's), Black's forced block l7 is a straight four i10-l7.
COUNTER_FOUR = Board.from_stones(
    "h8 i8 j8 l12 i10 j9 k7 m7", "g8 l9 l10 l11 a1 b1 c1 o1", to_move="black"
)

# No VCT wins within 4 moves, a tsume does (the bundled puzzle tsume-4-025): one of
# Black's moves on the way is neither a four nor a three (a mise).
HIDDEN_THREAT = Board.from_diagram(
    "\n".join(
        [". " * 15] * 3
        + [
            ". . . . X . . . . . . . . . .",
            ". " * 15,
            ". . O X O . X O . . . . . . .",
            ". . . . O X O . . . . . . . .",
            ". . . . . X . X . . . . . . .",
            ". . . . . O . . . . . . . . .",
        ]
        + [". " * 15] * 6
    )
)


def _themes(board: Board, goal: str, max_moves: int | None = None) -> tuple[list[str], Facts]:
    result = solve(board, goal, Limits(max_moves=max_moves), shortest=True)
    assert result.result.value == "proven"
    return win_themes(board, result.tree, result.nodes)


def test_forbidden_trap() -> None:
    before = FORBIDDEN_TRAP.copy()
    themes, facts = _themes(FORBIDDEN_TRAP, "vcf")
    assert themes == ["vcf", "forbidden-trap"]
    assert (facts.moves, facts.goal, facts.counter_fours) == (1, "vcf", 0)
    assert FORBIDDEN_TRAP.diagram() == before.diagram()  # the board is left as it was
    # colours swapped, White simply blocks at h8: the win was the forbidden point
    swapped = Board.from_stones("d4 e5 f6 a15 o15", "c3 g8 i8 h7 h9", to_move="black")
    assert solve(swapped, "vcf").result.value == "disproven"


def test_counter_four() -> None:
    result = solve(COUNTER_FOUR, "vct", shortest=True, all_keys=True)
    assert [point_name(p) for p in result.line] == ["k8", "l8", "l7"]
    themes, facts = win_themes(COUNTER_FOUR, result.tree, result.nodes)
    assert themes == ["vcf", "counter-four", "four-three"]
    assert facts.counter_fours == 1 and facts.moves == 2 and facts.hidden == 0


def test_hidden_threat() -> None:
    assert solve(HIDDEN_THREAT, "vct", Limits(max_moves=4)).result.value == "disproven"
    themes, facts = _themes(HIDDEN_THREAT, "tsume", 4)
    assert "hidden-threat" in themes and "vct" in themes and "vcf" not in themes
    assert facts.goal == "tsume" and facts.hidden >= 1 and facts.moves == 4


def test_long_and_four_four() -> None:
    # White i8 makes two fours: f8-i8 (e8 is Black's) and i5-i8 (i4 is Black's)
    board = Board.from_stones("e8 i4 a1", "f8 g8 h8 i5 i6 i7", to_move="white")
    themes, facts = _themes(board, "vcf")
    assert themes == ["vcf", "four-four"] and facts.moves == 1
    long = dataclasses.replace(facts, moves=7)
    assert initial_rating(long) > initial_rating(facts)


def test_task_themes() -> None:
    board = Board.from_stones("h8 i8 j8", "a1 a2 h9", to_move="white")
    themes, facts = defence_themes(board, "vcf", parse_points("g8 k8"), 2)
    assert themes == ["vcf", "defence"] and facts.answer_size == 2
    four = Board.from_stones("h8 i8 j8", "a1 a2 a3 h9", to_move="white")
    assert "counter-four" in defence_themes(four, "vct", parse_points("a4 g8"), 7)[0]
    assert "long" in defence_themes(four, "vct", parse_points("a4 g8"), 7)[0]
    assert points_themes("four-three", [1, 2])[0] == ["points:four-three"]


def test_order_is_canonical() -> None:
    assert order_themes(reversed(THEMES)) == list(THEMES)


def test_verify_reports_themes_and_a_wrong_stated_theme() -> None:
    p = Puzzle(
        black=FORBIDDEN_TRAP.stones(FORBIDDEN_TRAP.to_move.opponent),
        white=FORBIDDEN_TRAP.stones(FORBIDDEN_TRAP.to_move),
        to_move=FORBIDDEN_TRAP.to_move,
        goal="vcf",
        themes=["vcf", "forbidden-trap"],
    )
    report = verify_puzzle(p)
    assert report.sound and report.themes == ["vcf", "forbidden-trap"]
    assert report.rating == initial_rating(_themes(FORBIDDEN_TRAP, "vcf")[1])
    wrong = verify_puzzle(dataclasses.replace(p, themes=["vct", "four-three"]))
    assert wrong.problems == ["stated themes vct, four-three; the engine finds vcf, forbidden-trap"]


_facts = st.builds(
    Facts,
    kind=st.sampled_from(["win", "defend", "points:four", "points:keys"]),
    goal=st.sampled_from(["vcf", "vct", "tsume"]),
    moves=st.integers(1, 30),
    hidden=st.integers(0, 5),
    counter_fours=st.integers(0, 5),
    defences_per_move=st.floats(1, 40),
    nodes=st.integers(0, 10**8),
    answer_size=st.integers(0, 20),
)

_HARDER = {
    "moves": 1,
    "hidden": 1,
    "counter_fours": 1,
    "defences_per_move": 1.0,
    "nodes": 1000,
}


@given(_facts, st.sampled_from(sorted(_HARDER)))
def test_rating_is_monotone_in_difficulty(facts: Facts, what: str) -> None:
    harder = dataclasses.replace(facts, **{what: getattr(facts, what) + _HARDER[what]})
    assert 400 <= initial_rating(facts) <= initial_rating(harder) <= 2800
    if facts.kind == "defend" and facts.answer_size > 1:  # fewer holding moves: harder
        fewer = dataclasses.replace(facts, answer_size=facts.answer_size - 1)
        assert initial_rating(fewer) >= initial_rating(facts)
    if facts.kind.startswith("points:"):  # more points to find: harder
        more = dataclasses.replace(facts, answer_size=facts.answer_size + 1)
        assert initial_rating(more) >= initial_rating(facts)
    wider = {"vcf": "vct", "vct": "tsume", "tsume": "tsume"}[facts.goal]
    assert initial_rating(dataclasses.replace(facts, goal=wider)) >= initial_rating(facts)
