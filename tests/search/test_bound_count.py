"""Counting up with bounds in another count (``solve(..., counting_up=True,
bound_count="final-vcf")``, the racing search of ``--any --threads 2``): its bounds
leave the final VCF free, yet the win is reported with its plain length and a bound
without a win still rules out plain wins within it."""

from __future__ import annotations

import pytest
from support.naive_cases import cores

from solver.cli.bench import DEVELOPMENT_CASES, load_case
from solver.rules.board import Board
from solver.search import race
from solver.search.api import Limits, Verdict, solve
from solver.search.counting import proof_length

# The README's example: White wins in 5 with the hidden threat h9 (tsume), no sooner;
# its final VCF is two moves, so the win counts 4 moves as final-vcf counts.
BLACK, WHITE = "j6 i7 j7 g8 h8 l9", "k8 f9 g9 g10 g12"
SHORTEST = 5


def board(compiled: bool = True) -> Board:
    return Board.from_stones(BLACK, WHITE, to_move="white", compiled=compiled)


@pytest.mark.parametrize("compiled", cores())
def test_the_win_is_counted_plain(compiled: bool) -> None:
    b = board(compiled)
    r = solve(b, "tsume", counting_up=True, bound_count="final-vcf")
    assert r.result is Verdict.PROVEN and r.checked and r.tree is not None
    assert r.count == "plain" and r.moves == r.tree.length == SHORTEST
    assert proof_length(r.tree, b.core.copy(), int(b.to_move), "final-vcf") == SHORTEST - 1
    # (its bounds were final-vcf's: the bound of 4 had its win, so none was shown there)
    assert r.no_win_within == SHORTEST - 2
    assert solve(b, "tsume", Limits(max_moves=SHORTEST - 2)).result is Verdict.DISPROVEN
    # a different search from plain counting up (which shows no win within 4)
    plain = solve(b, "tsume", counting_up=True)
    assert (plain.moves, plain.no_win_within) == (SHORTEST, SHORTEST - 1)
    assert r.nodes != plain.nodes


def test_a_longer_win_than_the_shortest_keeps_a_sound_bound() -> None:
    # vct_fukumi: final-vcf bounds meet a win of 9 plain moves first; the shortest is 7
    case = load_case(DEVELOPMENT_CASES / "vct_fukumi.txt")
    shortest = solve(case.board, case.goal, shortest=True)
    r = solve(case.board, case.goal, counting_up=True, bound_count="final-vcf")
    assert shortest.moves == 7 and shortest.shortest_shown
    assert r.result is Verdict.PROVEN and r.checked and r.moves == 9
    assert r.no_win_within is not None and r.no_win_within < shortest.moves


@pytest.mark.parametrize(
    ("max_moves", "shortest", "all_keys"),
    [(SHORTEST, False, False), (None, True, False), (None, False, True)],
)
def test_plain_lengths_are_searched_plain(
    max_moves: int | None, shortest: bool, all_keys: bool
) -> None:
    # a move limit, the shortest win and the key moves are plain moves: the bound count
    # is not used (the same search, node for node; which is decided before the core is)
    b, limits = board(), Limits(max_moves=max_moves)
    found = [
        solve(
            b,
            "tsume",
            limits,
            shortest=shortest,
            all_keys=all_keys,
            counting_up=True,
            bound_count=bound_count,
        )
        for bound_count in (None, "final-vcf")
    ]
    assert found[0].result is Verdict.PROVEN and found[0].moves == SHORTEST
    assert len({(r.nodes, r.moves, tuple(r.line)) for r in found}) == 1


def test_the_race_s_counting_up_bounds_leave_the_final_vcf_free() -> None:
    assert race.RACERS[False][1].options()["bound_count"] == "final-vcf"
    assert all("bound_count" not in r.options() for r in race.RACERS[True])


def test_expansions_are_the_df_pn_nodes() -> None:
    # (the rest of the nodes are VCF nodes, which the cores count each their own way;
    # both expand the same nodes to the same line)
    found = [solve(board(c), "tsume", counting_up=True, bound_count="final-vcf") for c in cores()]
    assert len({(r.expansions, tuple(r.line)) for r in found}) == 1
    assert 0 < found[0].expansions < found[0].nodes
