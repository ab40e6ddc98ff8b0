"""``SolveResult.no_win_within``: where an answer leaves the length open (unknown, a win
not shown to be the shortest, ``--any``'s win counting up), the most attacker moves a
search showed have no win. Each figure is checked against a search bounded there, which
must find no win, and against the win known to exist, which must not fit within it."""

from __future__ import annotations

import json

import pytest
from support.naive_cases import FOUR_FIRST, cores, engine
from support.naive_search import BLACK as B

from solver.cli import main
from solver.cli.solve_command import _comparison
from solver.errors import SecondLookDisagrees
from solver.rules.board import Board, Color
from solver.search import race
from solver.search.api import Goal, Limits, SolveResult, Verdict, _set_no_win_within, solve

# The README's example: White wins in 5 with the hidden threat h9 (tsume), no sooner.
BLACK, WHITE = "j6 i7 j7 g8 h8 l9", "k8 f9 g9 g10 g12"
SHORTEST = 5


def board(compiled: bool = True) -> Board:
    return Board.from_stones(BLACK, WHITE, to_move="white", compiled=compiled)


def assert_no_win_within(b: Board, within: int, count: str = "plain") -> None:
    """A search bounded at ``within`` (as ``count`` counts) finds no win."""
    bounded = solve(b, "tsume", Limits(max_moves=within, count=count))
    assert bounded.result is Verdict.DISPROVEN


@pytest.mark.parametrize("compiled", cores())
def test_unknown_counting_up_says_how_far_it_got(compiled: bool) -> None:
    r = solve(board(compiled), "tsume", Limits(nodes=2_000), counting_up=True)
    assert r.result is Verdict.UNKNOWN
    assert r.no_win_within is not None and 1 <= r.no_win_within < SHORTEST
    assert_no_win_within(board(), r.no_win_within)
    assert r.to_json()["no_win_within"] == r.no_win_within


@pytest.mark.parametrize("compiled", cores())
def test_a_win_counting_up_rules_out_the_bounds_below(compiled: bool) -> None:
    r = solve(board(compiled), "tsume", Limits(), counting_up=True)
    assert (r.result, r.moves, r.shortest_shown) == (Verdict.PROVEN, SHORTEST, None)
    # (counting up one bound at a time while they are cheap: every bound below searched)
    assert r.no_win_within == SHORTEST - 1
    assert_no_win_within(board(), SHORTEST - 1)


def test_a_win_not_shown_shortest_says_what_was_ruled_out() -> None:
    r = solve(board(), "tsume", Limits(nodes=5_000), shortest=True)
    assert (r.result, r.shortest_shown) == (Verdict.PROVEN, False)
    assert r.moves is not None and r.moves > SHORTEST
    assert r.no_win_within is not None and 1 <= r.no_win_within < SHORTEST
    assert_no_win_within(board(), r.no_win_within)


def test_settled_answers_carry_no_bound() -> None:
    shortest = solve(board(), "tsume", Limits(), shortest=True)
    assert (shortest.moves, shortest.shortest_shown, shortest.no_win_within) == (5, True, None)
    assert "no_win_within" not in shortest.to_json()
    none = solve(board(), "tsume", Limits(max_moves=3), counting_up=True)
    assert (none.result, none.no_win_within) == (Verdict.DISPROVEN, None)


@pytest.mark.parametrize(("count", "fewest"), [("books", 3), ("final-vcf", 3), ("app", 2)])
def test_the_bound_is_counted_as_the_count_counts(count: str, fewest: int) -> None:
    """A four that must come before the threat (``FOUR_FIRST``; the naive counted search's
    figures). The search's bounds are in its own units (``app``'s one more than its
    moves): the figure given is the count's."""
    r = engine(*FOUR_FIRST, B, "tsume", Limits(count=count), True, counting_up=True)
    assert (r.result, r.moves) == (Verdict.PROVEN, fewest)
    assert r.no_win_within == fewest - 1
    bounded = engine(*FOUR_FIRST, B, "tsume", Limits(max_moves=fewest - 1, count=count), True)
    assert bounded.result is Verdict.DISPROVEN


def result(verdict: Verdict, moves: int | None = None, within: int | None = None) -> SolveResult:
    r = SolveResult(verdict, Color.WHITE, Goal.TSUME, moves=moves, no_win_within=within)
    r.shortest_shown = False if verdict is Verdict.PROVEN else None
    return r


def test_a_win_within_a_bound_shown_without_one_is_a_solver_error() -> None:
    # (a fault injected: the searches' figures made up)
    with pytest.raises(SecondLookDisagrees, match="a win in 3 moves but showed none within 3"):
        _set_no_win_within(board(), result(Verdict.PROVEN, 3), [3], "plain", False)
    ok = result(Verdict.PROVEN, 4)
    _set_no_win_within(board(), ok, [3, 1], "plain", False)
    assert ok.no_win_within == 3
    # (app's bounds are one more than its moves)
    app = result(Verdict.PROVEN, 4)
    _set_no_win_within(board(), app, [4], "app", False)
    assert app.no_win_within == 3


def test_racing_searches_give_the_highest_bound_shown() -> None:
    best = result(Verdict.UNKNOWN, within=4)
    race._no_win_within(board(), best, [best, result(Verdict.UNKNOWN, within=6)])
    assert best.no_win_within == 6
    won = result(Verdict.PROVEN, 7, within=2)
    race._no_win_within(board(), won, [won, result(Verdict.UNKNOWN, within=5)])
    assert won.no_win_within == 5
    with pytest.raises(SecondLookDisagrees, match="no win within 7 moves, another a win in 7"):
        race._no_win_within(board(), won, [won, result(Verdict.UNKNOWN, within=7)])


def test_cli_says_how_far_an_unknown_search_got(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["solve", "--black", BLACK, "--white", WHITE, "--to-move", "white"]
    assert main([*args, "--nodes", "5000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    within = data["no_win_within"]
    assert data["result"] == "proven" and data["shortest_shown"] is False
    assert 1 <= within < SHORTEST < data["moves"]
    assert main([*args, "--nodes", "5000"]) == 0
    out = capsys.readouterr().out
    assert f"\nIt showed there is no win within {within} attacker move" in out


def test_a_stated_length_within_the_bound_shown_is_named() -> None:
    hints = {"solution": [1, 2, 3, 4, 5]}  # (three attacker moves)
    said = _comparison(hints, result(Verdict.UNKNOWN, within=3))
    assert said == ["Stated: 3 moves, but the search showed no win within them."]
    assert _comparison(hints, result(Verdict.UNKNOWN, within=2)) == []
