"""Equivalent fifth moves, against a brute force that follows the definition: normalise
each position (the proposed stone marked) by translation and compare under the 8
rotations and reflections."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solver.errors import IllegalMoveError
from solver.game.equivalence import equivalence_map, fifth_equivalent
from solver.rules.geometry import transform_point
from solver.rules.notation import Point, parse_moves, parse_point, parse_points

Stone = tuple[int, int, int, bool]  # col, row, colour, the proposed stone
_TURNS = (
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
)


def _normal(stones: set[Stone]) -> frozenset[Stone]:
    left, bottom = min(s[0] for s in stones), min(s[1] for s in stones)
    return frozenset((x - left, y - bottom, c, m) for x, y, c, m in stones)


def _after(black: list[Point], white: list[Point], p: Point, mark: bool = True) -> set[Stone]:
    stones = {(q % 15, q // 15, 1, False) for q in black}
    stones |= {(q % 15, q // 15, 2, False) for q in white}
    stones.add((p % 15, p // 15, 1, mark))  # a black proposal (move 5)
    return stones


def brute(black: list[Point], white: list[Point], p: Point, q: Point, mark: bool = True) -> bool:
    """Some rotation or reflection, then a translation, maps the position after ``p``
    onto the position after ``q`` (with ``mark``: the stone at ``p`` onto ``q``)."""
    target = _normal(_after(black, white, q, mark))
    after_p = _after(black, white, p, mark)
    return any(_normal({(*t(x, y), c, m) for x, y, c, m in after_p}) == target for t in _TURNS)


def _stones(moves: str) -> tuple[list[Point], list[Point]]:
    seq = parse_moves(moves)
    return [m for m in seq[0::2] if m is not None], [m for m in seq[1::2] if m is not None]


# (moves, P, Q, equivalent, how): named cases, each checked against the brute force
CASES = [
    # D1 Kansei + h11: every stone on column h: a reflection in that column
    ("h8 h9 h10 h11", "g8", "i8", True, "mirror-vertical"),
    ("h8 h9 h10 h11", "g12", "i12", True, "mirror-vertical"),
    ("h8 h9 h10 h11", "g8", "g10", False, None),
    # a symmetric shape does not make every pair equivalent: both on its axis
    ("h8 h9 h10 h11", "h6", "h12", False, None),
    ("h8 h9 h10 h11", "h7", "h12", False, None),
    # I1 Chosei + a white stone that keeps the diagonal symmetries: a reflection in the
    # diagonal through the stones, and one across it
    ("h8 i9 j10 k11", "h9", "i8", True, "mirror-diagonal"),
    ("h8 i9 j10 g7", "g8", "h7", True, "mirror-diagonal"),
    # a half turn about i9 and nothing else (h11 and j7 rule the reflections out)
    ("h8 i9 j10 h11 pass j7", "j9", "h9", True, "rotate-180"),
    ("h8 i9 j10 h11 pass j7", "j9", "i10", False, None),
    # an even side: the shape h8 i8 / h9 i9 has its axis between columns h and i (no
    # central line: a virtual one must not make j8 and g8 a pair with the wrong partner)
    ("h8 h9 i8 i9", "g8", "j8", True, "mirror-vertical"),
    ("h8 h9 i8 i9", "g8", "k8", False, None),
    ("h8 h9 i8 i9", "g9", "j8", False, None),
    # a rectangle that is not square: transposing would be wrong
    ("h8 h9 j8 j9", "i10", "g8", False, None),
    ("h8 h9 j8 j9", "i10", "i7", False, None),
]


@pytest.mark.parametrize(("moves", "p", "q", "equivalent", "how"), CASES)
def test_named_pairs(moves: str, p: str, q: str, equivalent: bool, how: str | None) -> None:
    black, white = _stones(moves)
    pp, qq = parse_point(p), parse_point(q)
    assert fifth_equivalent(moves, p, q) is equivalent
    assert fifth_equivalent(moves, q, p) is equivalent  # a symmetric relation
    assert brute(black, white, pp, qq) is equivalent  # the case is what it says
    assert equivalence_map(black, white, pp, qq) == how


def test_a_quarter_turn() -> None:
    """A pinwheel of four white stones is symmetric under quarter turns only (no
    reflection): a proposal and its image a quarter turn about the centre are
    equivalent, its mirror image is not."""
    white = parse_points("i10 f9 g6 j7")  # (1,2), (-2,1), (-1,-2), (2,-1) around h8
    black = parse_points("h8")
    p, turned, mirrored = parse_point("k9"), parse_point("g11"), parse_point("e9")
    assert equivalence_map(black, white, p, turned) == "rotate-90"
    assert brute(black, white, p, turned)
    assert equivalence_map(black, white, p, mirrored) is None
    assert not brute(black, white, p, mirrored)


def test_the_whole_position_alike_is_not_enough() -> None:
    """The positions after P and after Q are congruent (a quarter turn maps one onto
    the other) but no map sends P to Q: not equivalent (OPENINGS.md's rule)."""
    black, white = parse_points("e11 e5"), parse_points("i10 f9 g6 j7")
    p, q = parse_point("k11"), parse_point("k5")
    assert brute(black, white, p, q, mark=False)  # alike as wholes
    assert not brute(black, white, p, q)
    assert equivalence_map(black, white, p, q) is None


def test_edges_are_ignored() -> None:
    """The same shape by the corner and at the centre: proposals that mirror each other
    are equivalent even where the mirror image of the board's edge is not the edge."""
    assert fifth_equivalent("b2 b3 b4 b5", "a2", "c2")
    assert fifth_equivalent("a1 a2 a3 a4", "b6", "b5") is brute(
        *_stones("a1 a2 a3 a4"), parse_point("b6"), parse_point("b5")
    )


def test_bad_proposals() -> None:
    with pytest.raises(IllegalMoveError, match="h8"):
        fifth_equivalent("h8 h9 h10 h11", "h8", "g8")
    with pytest.raises(IllegalMoveError, match="move 2"):
        fifth_equivalent("h8 h8", "a1", "b1")
    assert fifth_equivalent("h8 h9 h10 h11", "a1", "a1")
    assert fifth_equivalent("", "a1", "o15")  # an empty board: one stone is one stone


@st.composite
def positions(draw: st.DrawFn) -> tuple[list[Point], list[Point], Point, Point]:
    """A few stones near the centre and two free points. Half the time the stones are
    closed under a rotation or reflection about some centre (a symmetric shape) and Q
    is P's image under it: the pairs that are equivalent, and their near misses."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    near = [(7 + dx, 7 + dy) for dx in range(-3, 4) for dy in range(-3, 4)]
    stones: dict[tuple[int, int], int] = {}
    for cell in rng.sample(near, draw(st.integers(1, 5))):
        stones[cell] = rng.choice((1, 2))
    turn = None
    if draw(st.booleans()):
        turn = _TURNS[draw(st.integers(1, 7))]
        cx, cy = draw(st.integers(12, 16)), draw(st.integers(12, 16))  # doubled

        def image(c: int, r: int) -> tuple[int, int]:
            x, y = turn(2 * c - cx, 2 * r - cy)
            return (x + cx) // 2, (y + cy) // 2

        for _ in range(3):  # the orbit of a quarter turn has four cells
            stones |= {image(c, r): k for (c, r), k in stones.items()}
        if (cx % 2 or cy % 2) and turn is not _TURNS[3]:
            turn = None  # a quarter turn or a diagonal about a half-cell centre: no image
    stones = {(c, r): k for (c, r), k in stones.items() if 0 <= c < 15 and 0 <= r < 15}
    free = [(c, r) for c in range(2, 13) for r in range(2, 13) if (c, r) not in stones]
    pc, pr = rng.choice(free)
    q = rng.choice(free)
    if turn is not None:
        image_p = image(pc, pr)
        if image_p in free:
            q = image_p
    black = [r * 15 + c for (c, r), k in stones.items() if k == 1]
    white = [r * 15 + c for (c, r), k in stones.items() if k == 2]
    return black, white, pr * 15 + pc, q[1] * 15 + q[0]


@given(positions())
def test_against_the_brute_force(case: tuple[list[Point], list[Point], Point, Point]) -> None:
    black, white, p, q = case
    assert (equivalence_map(black, white, p, q) is not None) is brute(black, white, p, q)


@given(positions(), st.integers(0, 7))
def test_board_symmetries_keep_the_answer(
    case: tuple[list[Point], list[Point], Point, Point], sym: int
) -> None:
    black, white, p, q = case

    def t(points: list[Point]) -> list[Point]:
        return [transform_point(x, sym) for x in points]

    before = equivalence_map(black, white, p, q) is not None
    after = equivalence_map(t(black), t(white), transform_point(p, sym), transform_point(q, sym))
    assert (after is not None) is before
