"""The shortest win (``solve(..., shortest=True)``): bounds tried from both ends
(``solver.search._narrow``), the answer when the budget runs out on the way, and the
same lengths as counting up from one move."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from quintet import load

from solver.board import Color
from solver.checker import check_proof
from solver.cli import main
from solver.notation import point_name
from solver.search import GROWTH, TOP_AFTER, Limits, _narrow, solve


class Searches:
    """A made-up position: a win within ``bound`` exactly when ``bound >= shortest``;
    a search without a win costs ``base * 3 ** bound`` nodes, a proof ``proof``, and the
    search within the cap finds a win in ``first`` moves."""

    def __init__(self, shortest: int | None, first: int, base: int, proof: int) -> None:
        self.shortest, self.first, self.base, self.proof = shortest, first, base, proof
        self.nodes = 0
        self.tried: list[int] = []

    def win(self, bound: int) -> bool:
        self.tried.append(bound)
        won = self.shortest is not None and bound >= self.shortest
        self.nodes += self.proof if won else self.base * 3**bound
        return won

    def top(self) -> int | None:
        self.tried.append(0)  # (0: the cap)
        self.nodes += self.proof
        return None if self.shortest is None else self.first


@given(
    shortest=st.integers(1, 30),
    extra=st.integers(0, 8),
    base=st.integers(1, 5000),
    proof=st.integers(1, 10**6),
    below=st.booleans(),
)
def test_narrow_finds_the_shortest_and_tries_each_bound_once(
    shortest: int, extra: int, base: int, proof: int, below: bool
) -> None:
    s = Searches(shortest, shortest + extra, base, proof)
    assert _narrow(s.win, s.top, lambda: s.nodes, 112, below) == shortest
    bounds = [b for b in s.tried if b]
    assert len(bounds) == len(set(bounds))  # no bound searched twice
    assert shortest - 1 in bounds or shortest == 1  # the one that shows it is shortest
    # nothing above the first win (from below: up to the shortest), none above a known one
    assert all(b <= shortest or b < shortest + extra for b in bounds)
    if 0 in s.tried:
        assert all(b < shortest + extra for b in s.tried[s.tried.index(0) + 1 :])
    if not below:  # from a chosen cap: from the top down, one move at a time
        assert s.tried == [0, *range(shortest + extra - 1, shortest - 2, -1)][: len(s.tried)]
        assert bounds == sorted(bounds, reverse=True)


def test_narrow_without_a_bound_counts_up_while_that_is_cheap() -> None:
    # searches without a win cost 3 ** bound: all of them up to 7 stay under TOP_AFTER
    s = Searches(8, 12, 1, 50)
    assert TOP_AFTER > 3**8 and _narrow(s.win, s.top, lambda: s.nodes, 112, True) == 8
    assert s.tried == list(range(1, 9))
    # dear ones: the cap is searched once they reach TOP_AFTER, then proofs come down
    # (each cheaper than the next search up, foreseen at GROWTH times the last)
    s = Searches(9, 12, 100, 5000)
    assert _narrow(s.win, s.top, lambda: s.nodes, 112, True) == 9
    assert s.tried == [1, 2, 3, 4, 5, 6, 7, 0, 11, 10, 9, 8]
    assert 100 * 3**7 * GROWTH > 5000


def test_narrow_without_a_win() -> None:
    s = Searches(None, 0, 1, 1)
    assert _narrow(s.win, s.top, lambda: s.nodes, 112, False) is None and s.tried == [0]
    # counting up, the cap's search comes once they cost TOP_AFTER nodes, or at the cap
    s = Searches(None, 0, 1, 1)
    assert _narrow(s.win, s.top, lambda: s.nodes, 112, True) is None
    assert s.tried[-1] == 0 and 3 ** (len(s.tried) - 2) < TOP_AFTER * 3
    s = Searches(None, 0, 0, 0)  # (free searches: only the cap stops the count)
    assert _narrow(s.win, s.top, lambda: s.nodes, 5, True) is None
    assert s.tried == [1, 2, 3, 4, 0]


@pytest.mark.parametrize("name", ["vct_game_white_l08_1", "vct_fukumi"])
def test_shortest_within_the_limit_and_without_one(name: str) -> None:
    case = load(name)
    plain = solve(case.board, "tsume")  # no bound: a longer win first
    assert plain.moves is not None and plain.moves > case.limit
    for limits in (Limits(max_moves=case.limit), Limits(max_moves=plain.moves), Limits()):
        r = solve(case.board, "tsume", limits, shortest=True)
        assert (r.result.value, r.moves, r.shortest_shown) == ("proven", case.limit, True)
        assert r.tree is not None and check_proof(case.board, r.tree, "tsume", r.moves) >= 1
    assert solve(case.board, "tsume", Limits(max_moves=case.limit - 1)).result.value == (
        "disproven"
    )


def test_out_of_time_after_a_win_keeps_it() -> None:
    # the win in 12 is found in a few hundredths of a second; ruling out 11 takes seconds
    case = load("vct_game_white_l12_1")
    r = solve(case.board, "tsume", Limits(max_moves=13, time=0.5), shortest=True)
    assert (r.result.value, r.shortest_shown, r.reason) == ("proven", False, "time limit")
    assert r.moves is not None and 12 <= r.moves <= 13 and r.seconds < 3
    assert r.tree is not None and check_proof(case.board, r.tree, "tsume", 13) == r.moves
    # the same, asked to stop: the win found so far
    r = solve(case.board, "tsume", Limits(max_moves=12), shortest=True, should_stop=lambda: True)
    assert r.result.value == "unknown" and r.shortest_shown is None  # (stopped at once)


def test_cli_says_when_the_shortest_is_not_shown(capsys: pytest.CaptureFixture[str]) -> None:
    board = load("vct_game_white_l12_1").board
    position = [
        *("--black", " ".join(point_name(p) for p in board.stones(Color.BLACK))),
        *("--white", " ".join(point_name(p) for p in board.stones(Color.WHITE))),
        *("--to-move", board.to_move.label(), "--max-moves", "12"),
    ]
    args = ["solve", *position, "--shortest", "--time", "0.5"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["moves"], out["shortest_shown"]) == ("proven", 12, False)
    assert main(args) == 0
    assert "Not shown to be the shortest: time limit" in capsys.readouterr().out
    assert main(["solve", *position, "--json"]) == 0
    assert "shortest_shown" not in json.loads(capsys.readouterr().out)
