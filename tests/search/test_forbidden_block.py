"""A block is judged forbidden with the four that calls for it on the board.

White's four stone can make or unmake Black's forbidden point at a distance (through
the recursive three rule), so "Black cannot block at q" is decided after White's stone,
in the search (both cores), the VCF replay, the key list and the proof checker.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.fixtures import compiled_available
from support.oracle import oracle_five, oracle_forbidden
from support.strategies import games

from solver import Board
from solver.rules.notation import parse_point, point_name
from solver.search.api import Limits, solve
from solver.search.checker import ProofError, check_line, check_proof
from solver.search.respond import respond

# i8 is a double three for Black until White's i7 takes the room of its vertical three.
FALSE_PROOF = (
    "i11 j11 i9 j9 k9 h8 l8 m8 j7 j6 k6 j4 i3",
    "j10 m9 n9 k8 l7 n7 i6 l6 m6 i5 k5 i4",
)
# White's h5 blocks Black's e8-f7-g6 line: i4 stops being a double four, so the vertical
# three through i5 becomes real and i5, h5's only completion, a double three.
FALSE_DISPROOF = (
    "f11 e10 h8 g7 i7 j7 g6 h6 j9 f7 g9 i6 f6 e5 e8",
    "e11 f10 f9 i9 g8 h7 g5 h9 e6 e9 j5 f5 j6 d4",
)


# Found by the twins' hunt: White's d7 makes a four whose only block, e7, is a double
# three for Black with d7 on the board (not before it). Black has a five point at g9.
FOUR_CODES_BLOCK = (
    "h8 h9 f9 i9 e6 f8 f4 d6 b5 c6 e9",
    "g8 i7 g7 f6 h6 c7 b8 a5 h5 f7",
)


def _board(stones: tuple[str, str], compiled: bool) -> Board:
    return Board.from_stones(*stones, to_move="white", compiled=compiled)


def test_a_four_whose_block_becomes_legal_is_no_win(compiled: bool) -> None:
    board = _board(FALSE_PROOF, compiled)
    i7, i8 = parse_point("i7"), parse_point("i8")
    assert board.core.forbidden(i8) == 3  # a double three before i7
    assert board.core.forbidden_after(i8, i7, 2) == 0  # and legal after it
    assert solve(board, "vcf", Limits(max_moves=1)).result.value == "disproven"
    with pytest.raises(ProofError):
        check_line(board, [i7])
    # Black answers i7 at i8, and holds: the engine's own reply says so
    board.push(i7)
    reply = respond(board, "vcf")
    assert reply.result.value == "disproven" and reply.defence == i8


def test_a_four_whose_block_becomes_forbidden_wins(compiled: bool) -> None:
    board = _board(FALSE_DISPROOF, compiled)
    h5, i5 = parse_point("h5"), parse_point("i5")
    assert board.core.forbidden(i5) == 0  # legal before h5
    assert board.core.forbidden_after(i5, h5, 2) == 3  # a double three after it
    result = solve(board, "vcf", shortest=True)
    assert result.result.value == "proven" and result.moves == 1
    assert [point_name(p) for p in result.line] == ["h5"]
    assert result.tree is not None and result.tree.final == "forbidden-block"
    assert check_proof(board, result.tree, "vcf", 1) == 1
    assert check_line(board, [h5]) == 1
    for goal in ("vct", "tsume"):
        assert solve(board, goal, Limits(max_moves=1)).result.value == "proven"


def test_the_fours_an_or_node_tries_judge_the_block_after_the_four(compiled: bool) -> None:
    # d7's block e7 becomes forbidden with d7 on the board: d7 is not a four to search
    # below (it wins at once where Black has no five point), and a test that judged e7
    # before d7 had listed it. j7, blocked at h7, stays.
    board = _board(FOUR_CODES_BLOCK, compiled)
    d7, e7, h7, j7 = (parse_point(n) for n in ("d7", "e7", "h7", "j7"))
    assert board.core.forbidden(e7) == 0
    assert board.core.forbidden_after(e7, d7, 2) == 3
    assert board.core.four_codes(2) == [j7 | (h7 + 1) << 8]


def test_the_false_proof_position_has_a_longer_checked_win(compiled: bool) -> None:
    board = _board(FALSE_PROOF, compiled)
    result = solve(board, "vcf", shortest=True)
    assert result.result.value == "proven" and result.moves is not None and result.moves > 1
    assert result.tree is not None
    assert check_proof(board, result.tree, "vcf") == result.moves
    assert check_line(board, result.line) == result.moves


def test_the_key_list_judges_the_block_after_the_four(compiled: bool) -> None:
    keys = solve(_board(FALSE_DISPROOF, compiled), "vcf", Limits(max_moves=1), all_keys=True)
    assert keys.keys is not None and [point_name(k.move) for k in keys.keys] == ["h5"]
    keys = solve(_board(FALSE_PROOF, compiled), "vcf", Limits(max_moves=1), all_keys=True)
    assert keys.result.value == "disproven"


def _xy(p: int) -> tuple[int, int]:
    return p % 15, p // 15


def _near(moves: list[int], k: int, dc: int, dr: int) -> int:
    base = moves[k % len(moves)]
    c, r = base % 15 + dc, base // 15 + dr
    return r * 15 + c if 0 <= c < 15 and 0 <= r < 15 else -1


_OFFSET = st.integers(-3, 3)


@given(
    games(max_moves=60),
    st.integers(0, 99),
    _OFFSET,
    _OFFSET,
    st.integers(0, 99),
    _OFFSET,
    _OFFSET,
    st.sampled_from([1, 2]),
)
def test_forbidden_after_matches_the_oracle(
    moves: list[int], k: int, qc: int, qr: int, j: int, pc: int, pr: int, colour: int
) -> None:
    """Both cores' ``forbidden_after`` equal the naive oracle on the position with the
    stone put (points drawn near the stones, where shapes are)."""
    black = {m for i, m in enumerate(moves) if i % 2 == 0}
    white = {m for i, m in enumerate(moves) if i % 2 == 1}
    q, p = _near(moves, k, qc, qr), _near(moves, j, pc, pr)
    if q < 0 or p < 0 or q in black | white or p in black | white or p == q:
        return
    after_b = black | {p} if colour == 1 else black
    after_w = white | {p} if colour == 2 else white
    bs, ws = frozenset(map(_xy, after_b)), frozenset(map(_xy, after_w))
    want = None if oracle_five(bs, _xy(q), exact=True) else oracle_forbidden(bs, ws, _xy(q))
    for compiled in [True, False] if compiled_available() else [False]:
        core = Board.from_stones(sorted(black), sorted(white), compiled=compiled).core
        got = core.forbidden_after(q, p, colour)
        assert (got != 0) == (want is not None), (compiled, point_name(q), point_name(p))
