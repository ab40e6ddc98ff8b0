"""The move counts of puzzle books (``Limits.count``) against the naive counted search.

``support.naive_search.naive_counted`` decides a win within n moves as ``books``,
``final-vcf`` or ``app`` count them, from the counts' definitions: a VCF of any length,
a run of consecutive fours, every legal defence, every forbidden status from the oracle.
Part 1 checks it on hand-made lines (its answers worked out by hand); part 2 compares
both cores with it on random small positions, where a wrong count, a VCF cut short or a
run charged twice would show.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from support.naive_cases import FEW, FOUR_FIRST, SLOW, cores, describe, engine, positions, pts
from support.naive_positions import around_a_point, scattered
from support.naive_search import BLACK, WHITE, naive_counted
from support.oracle import Stones

from solver.search.api import Limits, Verdict

# White f2 (Black g2), then i5: a straight four. A VCF of two moves (plain).
VCF2 = (pts("b2"), pts("c2 d2 e2 g3 h4"))
# As VCF2 with e1 Black: i5 is a four only (j6). k5 makes two threes (i5 _ k5 l5, k3 k4
# k5): k5 and the VCF win, or the run f2 i5 first; no VCF at all.
RUN = (pts("b2 e1"), pts("c2 d2 e2 g3 h4 l5 k3 k4"))
# Black's only VCF is eight moves long (h8 j8 f8 e8 f9 f10 f6 f5 i10 h9 j10 k10 i9 g7 i7,
# found by a scan of random positions): one move as books count it, none for app.
LONG_VCF = (pts("c9 f11 f7 g10 g8 h10 i8 j11 k8"), pts("d9 e9 g9 k9"))


def fewest(
    position: tuple[Stones, Stones],
    attacker: int,
    goal: str,
    count: str,
    within: int,
    cores_too: bool = False,
) -> None:
    """The naive search (and with ``cores_too`` both cores) finds a win within
    ``within`` moves as ``count`` counts them, and none within one move fewer."""
    if within:
        assert not naive_counted(*position, attacker, within - 1, goal, count)
    assert naive_counted(*position, attacker, within, goal, count)
    for compiled in cores() if cores_too else []:
        for moves, verdict in ((within - 1, Verdict.DISPROVEN), (within, Verdict.PROVEN)):
            if moves >= 0:
                limits = Limits(max_moves=moves, count=count)
                assert engine(*position, attacker, goal, limits, compiled).result is verdict


# a VCF of any length: one move as books and final-vcf count it, none for app
VCF_ANY = [("books", 1), ("final-vcf", 1), ("app", 0)]


@pytest.mark.parametrize(("count", "within"), VCF_ANY)
def test_naive_a_vcf_of_any_length(count: str, within: int) -> None:
    for goal in ("vcf", "vct"):
        fewest(VCF2, WHITE, goal, count, within)


@pytest.mark.parametrize(("count", "within"), VCF_ANY)
def test_a_long_vcf_is_one_move(count: str, within: int) -> None:
    fewest(LONG_VCF, BLACK, "vcf", count, within, cores_too=True)
    for compiled in cores():
        plain = engine(*LONG_VCF, BLACK, "vcf", Limits(max_moves=7), compiled)
        assert plain.result is Verdict.DISPROVEN


@pytest.mark.parametrize(
    ("count", "within"),
    # k5 and the VCF: books 2 (k5 one, the VCF one), final-vcf 2, app 1 (the VCF none)
    [("books", 2), ("final-vcf", 2), ("app", 1)],
)
def test_naive_a_three_then_a_vcf(count: str, within: int) -> None:
    fewest(RUN, WHITE, "vct", count, within)
    assert not naive_counted(*RUN, WHITE, 3, "vcf", count)  # (no VCF of any length)


@pytest.mark.parametrize(
    ("count", "within"),
    # the four, a threat, the VCF: app 2 (the run ended by the threat), books 3 (the run,
    # the threat, the VCF), final-vcf 3
    [("app", 2), ("books", 3), ("final-vcf", 3)],
)
def test_a_four_before_the_threat(count: str, within: int) -> None:
    fewest(FOUR_FIRST, BLACK, "vct", count, within, cores_too=True)


def test_naive_counts_unknown() -> None:
    with pytest.raises(ValueError, match="'chinese'"):
        naive_counted(*VCF2, WHITE, 1, "vct", "chinese")


# -- Part 2: differential tests ---------------------------------------------------------


def check_counted(
    black: Stones, white: Stones, attacker: int, goal: str, count: str, max_moves: int
) -> None:
    """Both cores' verdict within ``max_moves`` as ``count`` counts equals the naive
    search's (``unknown`` aside: a budget, not an answer)."""
    truth = naive_counted(black, white, attacker, max_moves, goal, count)
    for compiled in cores():
        limits = Limits(max_moves=max_moves, nodes=20_000, count=count)
        result = engine(black, white, attacker, goal, limits, compiled)
        if result.result is not Verdict.UNKNOWN:
            assert (result.result is Verdict.PROVEN) == truth, (
                f"{describe(black, white, attacker)} {goal} {max_moves} as {count},"
                f" compiled={compiled}: engine {result.result.value}, naive {truth}"
            )


# (count, moves): one AND level below the root at most (a threat, then the VCF)
SHALLOW = [("books", 1), ("books", 2), ("final-vcf", 2), ("app", 0), ("app", 1)]
# two AND levels (slow)
DEEP = [("books", 3), ("final-vcf", 3), ("app", 2)]


@FEW
@given(positions(around_a_point), st.sampled_from(SHALLOW))
@example((*LONG_VCF, BLACK), ("books", 1))
def test_vcf_of_any_length_agrees_with_naive(
    position: tuple[Stones, Stones, int], limit: tuple[str, int]
) -> None:
    check_counted(*position, "vcf", *limit)


@FEW
@given(positions(around_a_point), st.sampled_from(["vct", "tsume"]), st.sampled_from(SHALLOW))
@example((*FOUR_FIRST, BLACK), "vct", ("app", 1))
def test_counted_threats_agree_with_naive(
    position: tuple[Stones, Stones, int], goal: str, limit: tuple[str, int]
) -> None:
    check_counted(*position, goal, *limit)


@FEW
@given(positions(scattered), st.sampled_from(["vct", "tsume"]), st.sampled_from(SHALLOW))
def test_counted_threats_agree_with_naive_scattered(
    position: tuple[Stones, Stones, int], goal: str, limit: tuple[str, int]
) -> None:
    check_counted(*position, goal, *limit)


@pytest.mark.slow
@SLOW
@given(positions(around_a_point), st.sampled_from(["vct", "tsume"]), st.sampled_from(DEEP))
def test_counted_threats_agree_with_naive_deeper(
    position: tuple[Stones, Stones, int], goal: str, limit: tuple[str, int]
) -> None:
    check_counted(*position, goal, *limit)
