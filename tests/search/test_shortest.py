"""The shortest win (``solve(..., shortest=True)``): bounds tried from both ends
(``solver.search.api._narrow``), the answer when the budget runs out on the way, and the
same lengths as counting up from one move."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.quintet import load

from solver.cli import main
from solver.rules.board import Board, Color
from solver.rules.notation import point_name
from solver.search import api
from solver.search.api import SLICE_NODES, Limits, _count_up, _narrow, _take_turns, solve
from solver.search.checker import check_proof
from solver.search.dfpn_shared import Paused


class Searches:
    """A made-up position: a win within ``bound`` exactly when ``bound >= shortest``;
    a search without a win costs ``base * 3 ** bound`` nodes, a proof ``proof``, and the
    search within the cap (``top`` nodes, ``proof`` if None) finds a win in ``first``
    moves. A search pauses (``Paused``) one node past the end ``pause`` set, and goes on
    from there when called again."""

    def __init__(
        self, shortest: int | None, first: int, base: int, proof: int, top: int | None = None
    ) -> None:
        self.shortest, self.first, self.base, self.proof = shortest, first, base, proof
        self.top_cost = proof if top is None else top
        self.nodes = 0
        self.end: int | None = None
        self.spent: dict[int, int] = {}  # each search's nodes so far (0: the cap's)
        self.tried: list[int] = []  # the searches finished, in order (0: the cap's)

    def cost(self, bound: int) -> int:
        if bound == 0:
            return self.top_cost
        won = self.shortest is not None and bound >= self.shortest
        return self.proof if won else self.base * 3**bound

    def run(self, bound: int) -> None:
        left = self.cost(bound) - self.spent.get(bound, 0)
        if self.end is not None and self.nodes + left > self.end:
            step = max(0, self.end - self.nodes) + 1
            self.nodes += step
            self.spent[bound] = self.spent.get(bound, 0) + step
            raise Paused()
        self.nodes += left
        self.spent[bound] = self.cost(bound)
        self.tried.append(bound)

    def win(self, bound: int) -> bool:
        self.run(bound)
        return self.shortest is not None and bound >= self.shortest

    def top(self) -> int | None:
        self.run(0)
        return None if self.shortest is None else self.first

    def pause(self, end: int | None) -> None:
        self.end = end

    def narrow(self, cap: int, top_first: bool) -> int | None:
        return _narrow(self.win, self.top, lambda: self.nodes, cap, top_first, 0, self.pause)

    def first_win(self) -> int | None:
        """The length of the first win found, the cap's search and counting up taking
        turns."""
        return _take_turns(self.win, self.top, lambda: self.nodes, 112, 0, self.pause, [0, 0])[0]


def _position_args(board: Board) -> list[str]:
    """``renju solve``'s options for ``board``'s stones and side to move."""
    return [
        *("--black", " ".join(point_name(p) for p in board.stones(Color.BLACK))),
        *("--white", " ".join(point_name(p) for p in board.stones(Color.WHITE))),
        *("--to-move", board.to_move.label()),
    ]


def searches(longest: int) -> st.SearchStrategy[Searches]:
    """Made-up positions (``Searches``) whose shortest win is 1 to ``longest`` moves."""
    return st.builds(
        lambda shortest, extra, base, proof, top: Searches(
            shortest, shortest + extra, base, proof, top
        ),
        st.integers(1, longest),
        st.integers(0, 8),
        st.integers(0, 5000),
        st.integers(1, 10**6),
        st.integers(1, 10**9),
    )


@given(s=searches(30), top_first=st.booleans())
def test_narrow_finds_the_shortest_from_both_ends(s: Searches, top_first: bool) -> None:
    shortest = s.shortest
    assert shortest is not None and s.narrow(112, top_first) == shortest
    assert s.tried[0] == 0 or not top_first  # a chosen cap is searched first
    bounds = [b for b in s.tried if b]
    assert len(bounds) == len(set(bounds))  # no bound searched twice
    assert shortest - 1 in bounds or shortest == 1  # the one that shows it is shortest
    assert shortest in bounds or s.first == shortest  # and the one that wins
    assert s.end is None  # (no pause left set)


@given(s=searches(20))
def test_without_a_bound_the_first_win_costs_at_most_thrice_the_cheaper_end(
    s: Searches,
) -> None:
    # counting up (every bound to the shortest) and the search within the cap take
    # turns: the first win found costs at most three times the cheaper of the two
    assert s.shortest is not None
    up = sum(s.cost(b) for b in range(1, s.shortest + 1))
    found = s.first_win()
    assert found == (s.shortest if s.tried[-1] else s.first)
    assert s.nodes <= 3 * min(up, s.top_cost) + 2 * SLICE_NODES + len(s.spent) + 4


def test_narrow_without_a_bound_takes_turns() -> None:
    # cheap searches counting up: the shortest is found while the cap's search pauses
    s = Searches(8, 12, 1, 50, top=10**9)
    assert SLICE_NODES > 3**8 and s.narrow(112, False) == 8
    assert s.tried == list(range(1, 9)) and s.spent[0] == SLICE_NODES + 1
    # dear ones: the cap's search finds a win first; then each end in turn
    s = Searches(9, 12, 100, 5000)
    assert s.narrow(112, False) == 9
    assert s.tried == [0, 1, 2, 3, 4, 11, 10, 5, 9, 8]
    # a cap's search dearer than counting up's first turn: it goes on in the next round
    s = Searches(12, 14, 20, 10**5, top=SLICE_NODES * 2)
    assert s.first_win() == 14
    assert s.tried[-1] == 0 and s.spent[9] == SLICE_NODES - sum(s.cost(b) for b in range(1, 9)) + 1


@given(s=searches(20), skip_after=st.integers(0, 10**8))
def test_counting_up_for_any_win_skips_every_other_bound_once_they_grow_dear(
    s: Searches, skip_after: int
) -> None:
    # (``solve(counting_up=True)`` without ``shortest``: a racing search's under --any)
    assert s.shortest is not None
    got = _count_up(s.win, lambda: s.nodes, 112, 0, skip_after)
    assert got is not None and s.shortest <= got <= s.shortest + 1
    assert s.tried[0] == 1 and s.tried[-1] == got and 0 not in s.tried
    dear = [b for b in s.tried[:-1] if s.cost(b) >= skip_after]
    for before, after in zip(s.tried, s.tried[1:], strict=False):
        # one move at a time until a search without a win costs ``skip_after``
        assert after - before == (2 if dear and before >= dear[0] else 1)
    assert s.nodes == sum(s.cost(b) for b in s.tried)


def test_counting_up_for_any_win_without_one_ends_at_the_cap() -> None:
    s = Searches(None, 0, 1, 1, top=10**9)
    assert _count_up(s.win, lambda: s.nodes, 6, 0, 9) is None
    assert s.tried == [1, 2, 4, 6]  # (bound 2 costs 9: from there, every other one)


@pytest.mark.parametrize("name", ["vct_game_white_l08_1", "vct_fukumi"])
def test_counting_up_for_any_win_finds_one_at_most_a_move_long(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    case = load(name)
    r = solve(case.board, "tsume", counting_up=True)
    assert (r.result.value, r.moves, r.shortest_shown, r.checked) == (
        "proven",
        case.limit,  # (no bound this cheap is skipped)
        None,
        True,
    )
    tried: list[int] = []
    count_up = api._count_up

    def spied(
        win: Callable[[int], bool], nodes: Callable[[], int], cap: int, lo: int, skip: int
    ) -> int | None:
        def tell(bound: int) -> bool:
            tried.append(bound)
            return win(bound)

        return count_up(tell, nodes, cap, lo, skip)

    monkeypatch.setattr(api, "_count_up", spied)
    monkeypatch.setattr(api, "SKIP_AFTER", 0)  # every other bound: 1, 3, 5, ...
    r = solve(case.board, "tsume", counting_up=True)
    assert r.result.value == "proven" and r.checked and r.moves is not None
    assert r.moves in (case.limit, case.limit + 1)
    assert tried == list(range(1, case.limit + 2, 2))


def test_narrow_without_a_win() -> None:
    s = Searches(None, 0, 1, 1)
    assert s.narrow(112, True) is None and s.tried == [0]
    s = Searches(None, 0, 0, 0, top=10**9)  # (free searches: only the cap stops the count)
    assert s.narrow(5, False) is None
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
    position = [*_position_args(board), "--max-moves", "12"]
    args = ["solve", *position, "--shortest", "--time", "0.5"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["result"], out["moves"], out["shortest_shown"]) == ("proven", 12, False)
    assert main(args) == 0
    assert "A shorter win may exist: the search stopped (time limit)" in capsys.readouterr().out
    assert main(["solve", *position, "--any", "--json"]) == 0
    assert "shortest_shown" not in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    "name",
    ["vct_game_black_l08_1", "vct_game_white_l06_1", "vct_game_white_l10_1", "vct_fukumi"],
)
def test_a_win_within_a_bound_is_a_win_within_any_larger(name: str) -> None:
    # (a search whose numbers ran over once called vct_unstable lost within 15 moves,
    # won within 14: see test_a_win_within_some_moves_is_a_win_within_more)
    case = load(name)
    for limit in range(case.limit, case.limit + 4):
        r = solve(case.board, "tsume", Limits(max_moves=limit))
        assert r.result.value == "proven" and r.moves is not None
        assert case.limit <= r.moves <= limit
    short = solve(case.board, "tsume", Limits(max_moves=case.limit - 1))
    assert short.result.value == "disproven"


def test_out_of_time_in_the_key_list_keeps_the_answer(capsys: pytest.CaptureFixture[str]) -> None:
    # the win in 12 takes a few hundredths of a second, every first move seconds
    board = load("vct_game_white_l12_1").board
    r = solve(board, "tsume", Limits(max_moves=12, time=0.5), all_keys=True)
    assert (r.result.value, r.moves, r.keys, r.reason) == ("proven", 12, None, "time limit")
    position = [*_position_args(board), "--max-moves", "12", "--time", "0.5"]
    assert main(["solve", *position, "--all-keys"]) == 0
    out = capsys.readouterr().out
    assert "wins (tsume) in 12" in out and "Winning first moves: not all tried (time limit)" in out
    assert main(["solve", *position, "--all-keys", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["result"], data["reason"]) == ("proven", "time limit") and "keys" not in data


def test_turns_pause_and_resume_alike_in_both_loops(monkeypatch: pytest.MonkeyPatch) -> None:
    # Short turns: the search within the cap and the bounds counting up pause and go on
    # many times. Both loops pause at the same polls, so they agree node for node, and
    # the answer is the shortest win, shown so.
    from support.fixtures import compiled_available

    import solver.search.api as search_module
    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        if compiled_available():
            pytest.fail("the compiled core is built but the compiled search loop is not")
        pytest.skip("compiled search loop not built")
    case = load("vct_game_white_l08_1")
    board = Board.from_stones(  # the compiled core, even under RENJU_PURE=1
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    monkeypatch.setattr(search_module, "SLICE_NODES", 500)
    pauses: list[int] = []
    poll = dfpn.PureDfPn._poll

    def counted(search: dfpn.PureDfPn) -> None:
        try:
            poll(search)
        except Paused:
            pauses.append(search.nodes)
            raise

    monkeypatch.setattr(dfpn.PureDfPn, "_poll", counted)
    results = []
    for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
        monkeypatch.setattr(search_module, "DfPn", cls)
        r = solve(board, "tsume", shortest=True, phase_nodes=200)  # (no pause inside one)
        results.append((r.result.value, r.moves, r.shortest_shown, r.line, r.nodes, pauses[:]))
        pauses.clear()
    assert results[0] == results[1]
    assert results[0][:3] == ("proven", case.limit, True) and len(results[0][5]) >= 3
