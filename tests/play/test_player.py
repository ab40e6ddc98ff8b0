"""The engine that plays (``solver.play.player``): it never misses a VCF it has, never
leaves a VCF threat unanswered when a defence exists, never plays a forbidden point as
Black, and answers a position the same way each time at a level."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from support.strategies import games

from puzzles.io import read_puzzles
from solver.errors import PositionError
from solver.play.player import LEVELS, choose_move
from solver.play.shapes import candidates
from solver.rules.board import BLACK, WHITE, Board
from solver.rules.games import sample_games
from solver.rules.notation import parse_point, point_name
from solver.search.api import Verdict, solve

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data"


def _vcf_boards() -> list[Board]:
    boards = []
    for name in ("vcf-easy.renju", "vcf-hard.renju"):
        boards += [p.board() for p in read_puzzles(DATA / name)]
    return boards


VCF_BOARDS = _vcf_boards()


def _passed(board: Board) -> Board:
    """The position with the other side to move (as if the side to move passed)."""
    other = board.copy()
    other.to_move = board.to_move.opponent
    return other


@pytest.mark.parametrize("index", range(0, len(VCF_BOARDS), 3))
def test_a_vcf_it_has_is_played(index: int) -> None:
    board = VCF_BOARDS[index]
    keys = {k.move for k in solve(board, "vcf", all_keys=True).keys or []}
    assert keys, "a VCF puzzle has a winning first move"
    choice = choose_move(board, level=5, seconds=2)
    assert choice.why == "vcf"
    assert choice.move in keys, point_name(choice.move or 0)
    # the line it gives is a VCF from the position
    assert board.core.copy().replay_vcf(int(board.to_move), choice.line)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_plays_a_vcf(level: int) -> None:
    board = VCF_BOARDS[0]
    choice = choose_move(board, level=level, seconds=1)
    assert choice.why == "vcf" and board.core.copy().replay_vcf(int(board.to_move), choice.line)


@cache
def _threatened() -> list[Board]:
    """Positions where the side to move has no VCF, the opponent has one were it to pass,
    and a defence exists: VCF puzzles with the defender to move, and game positions."""
    found = []
    pool = [_passed(b) for b in VCF_BOARDS]
    for moves in sample_games(30, seed=31, length=(14, 40)):
        pool.append(Board.from_moves(moves[:-1]))
    for board in pool:
        if board.five_on_board() is not None or board.core.five_points(int(board.to_move)):
            continue
        theirs = solve(_passed(board), "vcf")
        if theirs.result is not Verdict.PROVEN:
            continue
        if solve(board, "vcf").result is not Verdict.DISPROVEN:
            continue
        status, defences, _, _, _ = board.core.copy().defences(
            int(board.to_move.opponent), 112, tuple(theirs.line), 10**7, False
        )
        if status != -1 and defences:
            found.append(board)
    return found


def test_there_are_threatened_positions_to_test() -> None:
    assert len(_threatened()) >= 20


@pytest.mark.parametrize("index", range(20))
def test_a_vcf_threat_is_answered(index: int) -> None:
    board = _threatened()[index]
    choice = choose_move(board, level=5, seconds=2)
    assert choice.move is not None and board.is_legal(choice.move)
    after = board.copy()
    after.push(choice.move)
    if choice.why in ("vct", "tsume"):
        # its own win, by threats the opponent must answer: he has no time for his VCF
        assert solve(board, choice.why).result is Verdict.PROVEN
        return
    assert choice.why == "defence"
    assert solve(after, "vcf").result is Verdict.DISPROVEN, point_name(choice.move)


@pytest.mark.parametrize("level", [2, 3, 4])
def test_lower_levels_answer_a_vcf_threat_too(level: int) -> None:
    for board in _threatened()[:5]:
        choice = choose_move(board, level=level, seconds=1)
        assert choice.move is not None
        after = board.copy()
        after.push(choice.move)
        assert solve(after, "vcf").result is Verdict.DISPROVEN, point_name(choice.move)


def test_black_does_not_take_the_double_three() -> None:
    # i8 makes two open threes (g8 h8 _ and i9 i10): the best point by shape where nothing
    # is forbidden (standard rules), forbidden under renju
    stones = ("g8 h8 i9 i10", "a1 o15 a15")
    assert point_name(candidates(Board.from_stones(*stones, BLACK, "standard"))[0]) == "i8"
    board = Board.from_stones(*stones, BLACK)
    for level in LEVELS:
        choice = choose_move(board, level=level, seconds=0.5)
        assert choice.move is not None and point_name(choice.move) != "i8"
        assert board.is_legal(choice.move)


def test_black_does_not_block_a_five_on_a_forbidden_point() -> None:
    # White's five point h8 would give Black e8..j8, an overline: Black must not play it
    board = Board.from_stones("e8 f8 g8 i8 j8 h3", "h4 h5 h6 h7 a1", BLACK)
    assert board.core.five_points(int(WHITE)) == [parse_point("h8")]
    for level in LEVELS:
        choice = choose_move(board, level=level, seconds=0.5)
        assert choice.move is not None and choice.move != parse_point("h8")
        assert board.is_legal(choice.move)


def test_white_plays_on_blacks_forbidden_point() -> None:
    # i8 is a double-three for Black, and White's five (e4 f5 g6 h7 i8)
    board = Board.from_stones("g8 h8 i9 i10 d3", "e4 f5 g6 h7 o15", WHITE)
    assert board.core.forbidden(parse_point("i8"))
    choice = choose_move(board, level=5, seconds=0.5)
    assert choice.move == parse_point("i8") and choice.why == "vcf"


def test_no_black_move_is_forbidden_in_game_positions() -> None:
    for moves in sample_games(30, seed=5, length=(10, 50)):
        board = Board.from_moves(moves[: len(moves) // 2 * 2])  # Black to move
        if board.five_on_board() is not None:
            continue
        forbidden = {p for p in range(225) if not board.core.get(p) and board.core.forbidden(p)}
        choice = choose_move(board, level=3, seconds=0.2)
        assert choice.move is not None and choice.move not in forbidden


@given(games(70), st.integers(min_value=1, max_value=5))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_the_move_is_legal_and_a_five_is_never_missed(moves: list[int], level: int) -> None:
    board = Board.from_moves(moves)
    assume(board.five_on_board() is None)
    choice = choose_move(board, level=level, seconds=0.05)
    assert choice.move is not None and board.is_legal(choice.move)  # Black: never forbidden
    me = int(board.to_move)
    if any(board.is_legal(p) for p in board.core.five_points(me)):
        assert board.core.is_five(choice.move, me)


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_a_level_answers_the_same_way(level: int) -> None:
    for moves in ("h8 h9 i9 g7 j10 k11", "h8 i9 j8 i7 i8 g8", "h8 h9 j10 g9 i9"):
        board = Board.from_moves(moves)
        first = choose_move(board, level=level, seconds=1).move
        assert all(choose_move(board, level=level, seconds=1).move == first for _ in range(2))


def test_low_levels_pick_among_good_moves() -> None:
    picks = set()
    for moves in ("h8 h9 i9 g7 j10 k11", "h8 i9 j8 i7 i8 g8", "h8 h9 j10 g9 i9", "h8 i8 g9"):
        board = Board.from_moves(moves)
        top = candidates(board)[:5]
        choice = choose_move(board, level=1, seconds=0.5)
        assert choice.why == "eval" and choice.move in top
        picks.add(choice.move == top[0])
    assert picks == {True, False}  # not always the best, not always another


def test_the_board_is_left_unchanged() -> None:
    board = Board.from_moves("h8 h9 i9 g7 j10")
    before = (board.hash, board.moves)
    choose_move(board, level=5, seconds=0.5)
    assert (board.hash, board.moves) == before


def test_a_finished_game_and_a_bad_level_are_refused() -> None:
    with pytest.raises(PositionError, match="five"):
        choose_move(Board.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8"))
    with pytest.raises(PositionError, match="level 7"):
        choose_move(Board.from_moves("h8"), level=7)


def test_the_empty_board_opens_in_the_centre() -> None:
    assert choose_move(Board(), level=5, seconds=0.2).move == parse_point("h8")


VCT_BOARDS = [p.board() for p in read_puzzles(DATA / "vct.renju")]


@pytest.mark.parametrize("index", range(len(VCT_BOARDS)))
def test_a_vct_threat_is_stopped(index: int) -> None:
    # a VCT puzzle with the defender to move: after the engine's move (its own win, or a
    # defence), the attacker of the puzzle has no VCT
    board = _passed(VCT_BOARDS[index])
    choice = choose_move(board, level=5, seconds=1)
    assert choice.move is not None and board.is_legal(choice.move)
    after = board.copy()
    after.push(choice.move)
    assert solve(after, "vct").result is Verdict.DISPROVEN, point_name(choice.move)
