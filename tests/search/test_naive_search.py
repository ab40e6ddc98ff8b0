"""The naive reference search (tests/naive_search.py) and the solver, on both cores.

Part 1: positions where White's four changes whether Black's block is forbidden; the
solver once decided the block's status before the four's stone was on the board (the
naive search's answers are checked by hand, through the oracle). Part 2: hand-made lines for the naive search itself. Part 3: the
solver's compiled and pure cores against the naive search on random small positions.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from support.naive_cases import (
    FAST,
    FEW,
    MANY,
    SLOW,
    cores,
    describe,
    engine,
    names,
    positions,
    pt,
    pts,
)
from support.naive_positions import around_a_point, scattered
from support.naive_search import (
    BLACK,
    WHITE,
    FourReply,
    Position,
    four_reply,
    naive_tsume,
    naive_vcf,
)
from support.oracle import Stones, oracle_forbidden

from solver import Board
from solver.rules.notation import point_name
from solver.search.api import Limits, Verdict

# -- Part 1: the attacker's four stone decides the block's status ----------------------------

UNFORBIDS = (
    "i11 j11 i9 j9 k9 h8 l8 m8 j7 j6 k6 j4 i3",
    "j10 m9 n9 k8 l7 n7 i6 l6 m6 i5 k5 i4",
)
FORBIDS = (
    "f11 e10 h8 g7 i7 j7 g6 h6 j9 f7 g9 i6 f6 e5 e8",
    "e11 f10 f9 i9 g8 h7 g5 h9 e6 e9 j5 f5 j6 d4",
)
# Found by the differential tests: each time White's key four (the engine's answer) is
# blocked on a point that is a double three without the four's stone and has one three
# with it (the stone cuts off one of Black's threes), so the block is legal.
UNFORBIDS_FOUND = [
    pytest.param("h9 i5 i11 i12 j11 k9", "i6 i7 i8", "i9", "i10", id="i9-vertical"),
    pytest.param("b6 d7 e5 e8 h5 h6 i6", "c6 d6 e6", "f6", "g6", id="f6-horizontal"),
    pytest.param("e15 g7 h8 j7 j8 k9 m7", "f14 g13 h12 j9", "i11", "j10", id="i11-diagonal"),
    pytest.param("e5 h9 i10 i11 k6 k9 k11 l9 l12", "f6 g7 g8 h8", "i9", "j10", id="i9-diagonal"),
]


def test_naive_four_whose_stone_unforbids_its_block() -> None:
    # White i7 makes i4-i7 (i3 black), completion i8. Without i7, i8 is a double three
    # (i8 i9 _ i11 vertical, i8 j7 k6 diagonal); i7 takes the room the vertical three
    # needs, so with it i8 is legal and Black blocks there.
    black, white = pts(UNFORBIDS[0]), pts(UNFORBIDS[1])
    assert oracle_forbidden(black, white, pt("i8")) == "double-three"
    assert oracle_forbidden(black, white | {pt("i7")}, pt("i8")) is None
    assert four_reply(Position(black, white), WHITE, pt("i7")) == FourReply("block", pt("i8"))
    assert not naive_vcf(black, white, WHITE, 1).win


@pytest.mark.slow
def test_naive_four_whose_stone_unforbids_its_block_longest() -> None:
    # White still wins, in 8: the last four i7 comes when k10 and k11 make i8 a double
    # three that i7 no longer breaks.
    result = naive_vcf(pts(UNFORBIDS[0]), pts(UNFORBIDS[1]), WHITE, 8)
    assert result.moves == 8
    assert " ".join(names(result.line)) == "n5 o4 n8 n6 m7 o9 o7 k7 l10 k11 n10 n11 m10 k10 i7"


def test_engine_four_whose_stone_unforbids_its_block(compiled: bool) -> None:
    black, white = pts(UNFORBIDS[0]), pts(UNFORBIDS[1])
    result = engine(black, white, WHITE, "vcf", Limits(max_moves=1), compiled)
    assert result.result is Verdict.DISPROVEN


def test_naive_four_whose_stone_forbids_its_block() -> None:
    # White h5 makes f5 g5 h5 _ j5, completion i5; h5 itself makes i5 a double three.
    black, white = pts(FORBIDS[0]), pts(FORBIDS[1])
    assert oracle_forbidden(black, white, pt("i5")) is None
    assert oracle_forbidden(black, white | {pt("h5")}, pt("i5")) == "double-three"
    assert four_reply(Position(black, white), WHITE, pt("h5")) == FourReply("win")
    result = naive_vcf(black, white, WHITE, 1)
    assert result.win and names(result.line) == ["h5"]


def test_engine_four_whose_stone_forbids_its_block(compiled: bool) -> None:
    black, white = pts(FORBIDS[0]), pts(FORBIDS[1])
    result = engine(black, white, WHITE, "vcf", Limits(max_moves=1), compiled)
    assert result.result is Verdict.PROVEN
    assert [point_name(p) for p in result.line] == ["h5"]


@pytest.mark.parametrize(("black", "white", "key", "block"), UNFORBIDS_FOUND)
def test_naive_found_fours_whose_stone_unforbids_the_block(
    black: str, white: str, key: str, block: str
) -> None:
    b, w = pts(black), pts(white)
    assert oracle_forbidden(b, w, pt(block)) == "double-three"
    assert oracle_forbidden(b, w | {pt(key)}, pt(block)) is None
    assert four_reply(Position(b, w), WHITE, pt(key)) == FourReply("block", pt(block))
    assert not naive_vcf(b, w, WHITE, 3).win


@pytest.mark.parametrize(("black", "white", "key", "block"), UNFORBIDS_FOUND)
def test_engine_found_fours_whose_stone_unforbids_the_block(
    black: str, white: str, key: str, block: str, compiled: bool
) -> None:
    result = engine(pts(black), pts(white), WHITE, "vcf", Limits(max_moves=3), compiled)
    assert result.result is Verdict.DISPROVEN


# Found by the differential tests too: the same at the second four. White g9 (d6 the
# block), then h10 (e7-h10, d6 black) is blocked at i11: without h10 a double three
# (g13 h12 i11, and i11 j12 k13 whose straight four i11-l14 needs h10 empty), with it
# one three.
SECOND_FOUR = ("b4 g13 h9 h11 h12 j12 k10 k13", "c5 e7 f7 f8")


def test_naive_second_four_whose_stone_unforbids_its_block() -> None:
    black, white = pts(SECOND_FOUR[0]), pts(SECOND_FOUR[1])
    pos = Position(black, white)
    assert four_reply(pos, WHITE, pt("g9")) == FourReply("block", pt("d6"))
    after = pos.put(pt("g9"), WHITE).put(pt("d6"), BLACK)
    assert oracle_forbidden(after.black, after.white, pt("i11")) == "double-three"
    assert oracle_forbidden(after.black, after.white | {pt("h10")}, pt("i11")) is None
    assert four_reply(after, WHITE, pt("h10")) == FourReply("block", pt("i11"))
    assert not naive_vcf(black, white, WHITE, 4).win


def test_engine_second_four_whose_stone_unforbids_its_block(compiled: bool) -> None:
    black, white = pts(SECOND_FOUR[0]), pts(SECOND_FOUR[1])
    result = engine(black, white, WHITE, "vcf", Limits(max_moves=4), compiled)
    assert result.result is Verdict.DISPROVEN


# -- Part 2: the naive search on hand-made lines -------------------------------------------


def test_naive_straight_four() -> None:
    result = naive_vcf(pts("f8 g8 h8"), pts("f9 g9 h9 a1"), BLACK, 3)
    assert result.moves == 1 and names(result.line) == ["e8"]
    # with j8 black, i8 would make j8's side an overline: only e8 completes
    assert four_reply(Position(pts("f8 g8 h8 j8"), pts("f9 g9 h9 a1")), BLACK, pt("e8")) == (
        FourReply("block", pt("d8"))
    )


def test_naive_five_already_available_counts_one_move() -> None:
    result = naive_vcf(pts("e9 a1 b1"), pts("f9 g9 h9 i9"), WHITE, 1)
    assert result.moves == 1 and names(result.line) == ["j9"]


def test_naive_four_three() -> None:
    result = naive_vcf(pts("h8 i8 j8 k9 k10"), pts("g8 l12 a1 a2"), BLACK, 4)
    assert result.moves == 2 and names(result.line) == ["k8", "l8", "k7"]
    assert not naive_vcf(pts("h8 i8 j8 k9 k10"), pts("g8 l12 a1 a2"), BLACK, 1).win


def test_naive_white_four_onto_a_forbidden_point() -> None:
    black, white = pts("g8 h8 j9 k10 i3 i9"), pts("i5 i6 i7 a1 a2")
    assert oracle_forbidden(black, white | {pt("i4")}, pt("i8")) == "double-three"
    result = naive_vcf(black, white, WHITE, 1)
    assert result.moves == 1 and names(result.line) == ["i4"]
    # the same four against White (colours swapped): White simply blocks
    assert not naive_vcf(white, black, BLACK, 1).win


def test_naive_counter_four() -> None:
    # k8 is a four-three, but the block l8 makes White's straight four l8-l11
    black = pts("h8 i8 j8 k9 k10")
    assert not naive_vcf(black, pts("g8 l9 l10 l11"), BLACK, 4).win
    # quintet's vcf_counter: the counter-four is answered by a four, a win in 3
    result = naive_vcf(pts("i6 i7 l7 h8 j8 k8"), pts("i5 l5 k6 j7 l8 h9"), BLACK, 4)
    assert result.moves == 3


def test_naive_defender_four_on_the_board() -> None:
    # White has f9-i9 (e9 black): Black must block j9, a four-three there (j6-j9 with
    # j5 white, and j9 k10 l11), so he still wins in 2
    black, white = pts("e9 j6 j7 j8 k10 l11"), pts("f9 g9 h9 i9 j5")
    result = naive_vcf(black, white, BLACK, 3)
    assert result.moves == 2 and names(result.line) == ["j9", "j10", "i8"]
    # without the black stones on j, the block is no four: no VCF
    assert not naive_vcf(pts("e9 k10 l11 a1"), white, BLACK, 3).win
    assert not naive_tsume(pts("e9 k10 l11 a1"), white, BLACK, 2, "tsume")


def test_naive_double_three() -> None:
    # i8 makes two threes (g8 h8 i8, i8 i9 i10): White wins with it in 2, by threes only
    two_twos, far = pts("g8 h8 i9 i10"), pts("a1 o15")
    assert naive_tsume(far, two_twos, WHITE, 2, "vct")
    assert not naive_tsume(far, two_twos, WHITE, 1, "vct")
    assert not naive_vcf(far, two_twos, WHITE, 2).win
    # for Black i8 is forbidden, and a single three is blocked
    assert oracle_forbidden(two_twos, far, pt("i8")) == "double-three"
    assert not naive_tsume(two_twos, far, BLACK, 2, "tsume")


# White g5 makes two threes (e5 f5 g5, g5 g6 g7); Black's one counter is the four
# a1-a4, whose block a5 is White's only move and no three; both threes still stand, so
# Black must answer them and cannot: White wins in 3 by fours and threes. The search's
# vct class once required the block to make a three of its own (the checker's does not):
# "no forced win (vct)", a false disproof.
COUNTER_FOUR_BLOCK = (pts("a1 a2 a3"), pts("e5 f5 g6 g7"))


def test_naive_block_of_a_counter_four_needs_no_three() -> None:
    black, white = COUNTER_FOUR_BLOCK
    assert naive_tsume(black, white, WHITE, 3, "vct")
    assert not naive_tsume(black, white, WHITE, 2, "vct")
    # without Black's four, the double three wins in 2
    assert naive_tsume(pts("a1 a3"), white, WHITE, 2, "vct")


@pytest.mark.parametrize("goal", ["vct", "tsume"])
def test_engine_block_of_a_counter_four_needs_no_three(compiled: bool, goal: str) -> None:
    from solver.search.checker import check_proof

    black, white = COUNTER_FOUR_BLOCK
    r = engine(black, white, WHITE, goal, Limits(), compiled, shortest=True)
    assert r.result is Verdict.PROVEN and r.moves == 3 and r.tree is not None
    assert [point_name(p) for p in r.line[:3]] == ["g5", "a4", "a5"]
    board = Board.from_stones("a1 a2 a3", "e5 f5 g6 g7", to_move="white", compiled=compiled)
    assert check_proof(board, r.tree, "vct", 3) == 3
    assert engine(black, white, WHITE, goal, Limits(max_moves=2), compiled).result is (
        Verdict.DISPROVEN
    )


# -- Part 3: differential tests -----------------------------------------------------------


def check_vcf(black: Stones, white: Stones, attacker: int, max_moves: int) -> None:
    """Both cores' shortest VCF within ``max_moves`` equals the naive search's."""
    truth = naive_vcf(black, white, attacker, max_moves)
    for compiled in cores():
        limits = Limits(max_moves=max_moves, nodes=50_000)
        result = engine(black, white, attacker, "vcf", limits, compiled, shortest=True)
        where = f"{describe(black, white, attacker)}, compiled={compiled}"
        if result.result is Verdict.UNKNOWN:
            continue
        assert (result.result is Verdict.PROVEN) == truth.win, (
            f"{where}: engine {result.result.value} "
            f"{[point_name(p) for p in result.line]}, naive {names(truth.line)}"
        )
        if truth.win and result.shortest_shown:
            assert result.moves == truth.moves, f"{where}: {result.moves} != {truth.moves}"


def check_threats(black: Stones, white: Stones, attacker: int, goal: str, max_moves: int) -> None:
    """Both cores' verdict within ``max_moves`` of ``goal`` equals the naive search's."""
    truth = naive_tsume(black, white, attacker, max_moves, goal)
    for compiled in cores():
        limits = Limits(max_moves=max_moves, nodes=20_000)
        result = engine(black, white, attacker, goal, limits, compiled)
        if result.result is not Verdict.UNKNOWN:
            assert (result.result is Verdict.PROVEN) == truth, (
                f"{describe(black, white, attacker)} {goal} {max_moves}, compiled={compiled}:"
                f" engine {result.result.value}, naive {truth}"
            )


@FAST
@given(positions(scattered))
def test_vcf_agrees_with_naive_scattered(position: tuple[Stones, Stones, int]) -> None:
    check_vcf(*position, max_moves=4)


@MANY
@given(positions(around_a_point))
@example((pts(UNFORBIDS[0]), pts(UNFORBIDS[1]), WHITE))
@example((pts(FORBIDS[0]), pts(FORBIDS[1]), WHITE))
def test_vcf_agrees_with_naive_around_a_foul(position: tuple[Stones, Stones, int]) -> None:
    check_vcf(*position, max_moves=3)


@FEW
@given(positions(around_a_point), st.sampled_from(["vct", "tsume"]))
def test_threats_agree_with_naive_in_2(position: tuple[Stones, Stones, int], goal: str) -> None:
    check_threats(*position, goal=goal, max_moves=2)


@FEW
@given(positions(scattered), st.sampled_from(["vct", "tsume"]))
def test_threats_agree_with_naive_in_2_scattered(
    position: tuple[Stones, Stones, int], goal: str
) -> None:
    check_threats(*position, goal=goal, max_moves=2)


@pytest.mark.slow
@SLOW
@given(positions(around_a_point), st.sampled_from(["vct", "tsume"]))
def test_threats_agree_with_naive_in_3(position: tuple[Stones, Stones, int], goal: str) -> None:
    check_threats(*position, goal=goal, max_moves=3)


@pytest.mark.slow
@SLOW
@given(positions(scattered), st.sampled_from(["vct", "tsume"]))
def test_threats_agree_with_naive_in_3_scattered(
    position: tuple[Stones, Stones, int], goal: str
) -> None:
    check_threats(*position, goal=goal, max_moves=3)
