"""df-pn: the compiled loop and the reference visit the same nodes (the same answers,
node counts and proof trees), AND nodes' children in order, the first phase, and a
deterministic node count."""

from __future__ import annotations

import pytest

from solver import Board
from solver.rules.notation import parse_point, point_name
from solver.search.api import Goal, Limits, solve
from solver.search.checker import check_proof


def test_compiled_and_pure_solvers_agree() -> None:
    """The same answers, proof trees and df-pn nodes on both cores. (VCF node counts
    differ: the compiled core skips threat candidates off a failed VCF's relevance zone,
    see ``test_search_primitives``; VCF searches alone give equal counts.)"""
    from support.quintet import load

    from solver.search.dfpn import PureDfPn

    for name, goal, limit in [
        ("vcf_white", "vcf", 5),
        ("vct_counter", "tsume", 4),
        ("vct_white", "tsume", 4),
        ("vct_game_white_l04_1", "tsume", 4),
    ]:
        case = load(name)
        results = []
        for compiled in (True, False):
            board = Board.from_stones(
                case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=compiled
            )
            r = solve(board, goal, Limits(max_moves=limit))
            search = PureDfPn(board.core.copy(), int(board.to_move), Goal.parse(goal).mode)
            entry = search.solve_or(limit)
            results.append((r.result, r.moves, r.line, r.tree, entry.pn, search.expansions))
        assert results[0] == results[1], name
        assert results[0][0].value == "proven", name
        status, line, nodes = board.core.vcf(int(board.to_move), limit, 100_000, True)
        compiled_core = Board.from_stones(
            case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
        ).core
        assert compiled_core.vcf(int(board.to_move), limit, 100_000, True) == (status, line, nodes)


def test_compiled_and_pure_search_loops_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The compiled df-pn loop chooses the same children as the pure one: the same node
    counts, lines and proof trees (with the memory bound collecting the table, too, as
    many times: ``table_collections``)."""
    from support.fixtures import compiled_available
    from support.quintet import load

    import solver.search.api as search_module
    import solver.search.dfpn as dfpn
    import solver.search.dfpn_ref as dfpn_ref

    if dfpn.CompiledDfPn is None:
        if compiled_available():
            pytest.fail("the compiled core is built but the compiled search loop is not")
        pytest.skip("compiled search loop not built")
    first = dfpn_ref.FIRST_PHASE_NODES
    for name, memory, first_phase in [
        ("vct_game_black_l05_1", 1200, first),
        ("vct_game_white_l07_1_short", 1200, first),
        ("vct_fukumi", 1200, first),
        # 10,000 entries: the table is collected, down to its proven entries and the
        # ones that took the most work (again and again in this disproof)
        ("vct_game_black_l11_1_short", 1, first),
        # first phases cut short: the full search goes on from what they leave
        ("vct_game_black_l10_1", 1200, 20_000),
        ("vct_game_black_l11_1_short", 1200, 5_000),
        # and both: a collection forgets every entry's ``kids``, a dropped one's too,
        # though the search may be at it still (when the pure loop kept a dropped
        # entry's, the loops parted here)
        ("vct_game_black_l14_1", 1, 20_000),
    ]:
        case = load(name)
        board = Board.from_stones(  # the compiled core, even under RENJU_PURE=1
            case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
        )
        results = []
        monkeypatch.setattr(dfpn_ref, "FIRST_PHASE_NODES", first_phase)
        for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
            monkeypatch.setattr(search_module, "DfPn", cls)
            r = solve(board, "tsume", Limits(max_moves=case.limit, memory_mb=memory))
            results.append((r.result, r.moves, r.line, r.nodes, r.tree, r.table_collections))
        assert results[0] == results[1], name
        # (1 MB holds 10,000 entries: those searches outgrow it; 1,200 MB none does)
        assert (results[0][5] > 0) == (memory == 1), name
        assert (results[0][0].value == "proven") == case.proven, name


@pytest.mark.parametrize(("name", "limit"), [("vct_game_black_l05_1", 5), ("vct_fukumi", 3)])
def test_both_loops_poll_at_the_same_calls(name: str, limit: int) -> None:
    """A first phase and the budgets end at a poll (every 16th ``_mid`` call), so both
    loops must poll at the same calls: the compiled loop settles a new OR child with one
    move left without calling ``_cmid`` (after a four with two moves, or a defence with
    one), and counts the poll the pure loop's ``_mid`` makes for it. (Without that count,
    ``--shortest`` under books on vct_fukumi ended its first phase at another node and
    spent 1,760 nodes more than the pure loop.)"""
    from support.quintet import load

    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        pytest.skip("compiled search loop not built")
    case = load(name)
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    seen = []
    for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
        for count in ("plain", "books"):
            search = cls(board.core.copy(), int(board.to_move), 2, count=count)
            entry = search.solve_or(limit)
            seen.append((count, entry.pn == 0, search.nodes, search._polls))
    assert seen[:2] == seen[2:]
    assert all(polls > 16 for _, _, _, polls in seen)


def test_a_block_whose_threat_is_known_is_not_searched_again() -> None:
    """After a defender's four, the attacker's block is his only move; it is a threat
    when he has a VCF after it. Where the block's AND node is in the table already (the
    defender's fours and the attacker's blocks commute, so most are), that VCF was found
    there before: the block is taken without a search. It happens, it spends no VCF
    node, and the proof still passes the checker."""
    from support.quintet import load

    from solver.rules.zobrist import ZOBRIST
    from solver.search.dfpn import PureDfPn, node_key
    from solver.search.dfpn_shared import _AND

    case = load("vct_game_white_l07_1")
    taken = searched = 0

    class Counting(PureDfPn):
        def _add_forced(self, children, r, p):  # type: ignore[no-untyped-def]
            nonlocal taken, searched
            core = self.core
            if core.is_four_move(p, self.a):
                return super()._add_forced(children, r, p)
            known = node_key(core.hash ^ ZOBRIST[self.a][p], r - 1, _AND) in self.tt
            before, count = core.nodes, len(children)
            super()._add_forced(children, r, p)
            if known:
                taken += 1
                assert core.nodes == before and list(children[count:]) == [p]
            else:
                searched += 1

    board = case.board
    search = Counting(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(case.limit).pn == 0
    tree = search.proof(search.or_key(case.limit))
    assert check_proof(board, tree, case.goal, case.limit) == tree.length == case.limit
    assert taken > searched > 0


def test_an_and_nodes_children_are_the_defenders_fours_first() -> None:
    """A threat's AND node lists the defender's fours first, then the points of the
    threat's line, then his other defences, each group in point order (a child not yet
    visited counts one, so the first of equals is tried first), in both search loops.
    vct_game_black_l09_1's first move (H5, a threat whose line is J5): five defences,
    two of them White's fours (K10 and L10)."""
    from support.quintet import load

    from solver.search.dfpn import DfPn, PureDfPn, node_key
    from solver.search.dfpn_shared import _AND

    case = load("vct_game_black_l09_1")
    a, r = int(case.board.to_move), case.limit - 1
    threat = parse_point("h5")
    for search_class in (PureDfPn, DfPn):
        core = case.board.core.copy()
        core.put(threat, a)
        status, line, _ = core.vcf(a, r, 100_000, False)
        assert status == 1 and [point_name(m) for m in line] == ["j5"]
        search = search_class(core, a, 2)
        entry = search._entry_class(threat_line=line)
        search._expand_and(node_key(core.hash, r, _AND), r, entry)
        children = [point_name(m) for m in entry.children]
        assert children == ["k10", "l10", "j5", "g5", "l5"], search_class
        assert [core.is_four_move(parse_point(m), 3 - a) for m in children] == [
            True,
            True,
            False,
            False,
            False,
        ]


@pytest.mark.parametrize(
    "name",
    [
        "vct_game_black_l11_1",
        "vct_game_black_l11_1_short",
        "vct_game_black_l14_1",
        "vct_game_white_l09_1",
        "vct_game_white_l10_1_short",
        "vct_fukumi",
        "vct_counter",
        "vct_dual_forbiddens",
    ],
)
def test_first_phase_changes_no_answer(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The first phase (attacker moves that depend on the attack so far) only finds
    proofs sooner: with it, without it, or cut short, the same verdict and the same
    number of moves, and every proof passes the checker."""
    from support.quintet import load

    import solver.search.dfpn_ref as dfpn_ref

    case = load(name)
    answers = set()
    for first_phase in (dfpn_ref.FIRST_PHASE_NODES, 0, 2_000):
        monkeypatch.setattr(dfpn_ref, "FIRST_PHASE_NODES", first_phase)
        r = solve(case.board, case.goal, Limits(max_moves=case.limit))
        if r.tree is not None:
            assert check_proof(case.board, r.tree, case.goal, case.limit) == r.moves
        answers.add((r.result.value, r.moves))
    assert answers == {
        ("proven" if case.proven else "disproven", case.limit if case.proven else None)
    }


def test_first_phase_proves_where_delaying_fours_held_the_search_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """vct_game_black_l11_1's search spent most of its nodes on two far fours and their
    subsets (df-pn tries fours first); the first phase leaves them out below the root
    and proves it within its budget, in under a third of the full search's nodes."""
    from support.quintet import load

    import solver.search.dfpn_ref as dfpn_ref

    case = load("vct_game_black_l11_1")
    budget = dfpn_ref.FIRST_PHASE_NODES
    first = solve(case.board, case.goal, Limits(max_moves=case.limit))
    monkeypatch.setattr(dfpn_ref, "FIRST_PHASE_NODES", 0)
    full = solve(case.board, case.goal, Limits(max_moves=case.limit))
    assert first.moves == full.moves == case.limit
    assert first.nodes < budget  # (so the first phase did not run out: it proved it)
    assert 3 * first.nodes < full.nodes


def test_first_phase_keeps_the_tables_keys_findable() -> None:
    """The first phase runs in a table of its own, while the table grows from a few
    thousand entries to twenty thousand; the entries of the table set aside (an earlier
    bound's search) are all still found after it, in the order they were stored."""
    from support.quintet import load

    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        pytest.skip("compiled search loop not built")
    case = load("vct_game_black_l11_1")
    search = dfpn.CompiledDfPn(case.board.core.copy(), int(case.board.to_move), 2)
    assert search.solve_or(3).dn == 0
    earlier = list(search.tt)
    assert 0 < len(earlier) < 4_000
    assert search.solve_or(11).pn == 0  # (proven by the first phase, about 20 k entries)
    keys = list(search.tt)
    assert len(keys) > 4 * len(earlier)
    assert keys[: len(earlier)] == earlier
    assert all(k in search.tt and search.tt[k] is not None for k in earlier)


def test_first_phase_tries_only_dependent_moves() -> None:
    """Below the root of a first phase, an attacker move must lie on a line with one of
    his moves since the root at most 4 points away, or at most 2 points away from one
    (a 5x5 square); at the root, and outside a first phase, every move may be tried."""
    from solver.search.dfpn import PureDfPn

    search = PureDfPn(Board().core.copy(), 1, 2)
    h8 = parse_point("h8")
    allowed = {"h12", "l8", "d4", "l12", "h4", "j10", "f6", "j9", "g10", "i8"}
    refused = {"h13", "m8", "e2", "j11", "k9", "f11", "o15"}
    search.restricted = True
    assert all(search._depends(parse_point(p)) for p in allowed | refused)  # at the root
    search.path = [parse_point("a1"), h8]
    assert {p for p in allowed | refused if search._depends(parse_point(p))} == allowed
    search.restricted = False
    assert all(search._depends(parse_point(p)) for p in refused)


def test_deterministic_node_count() -> None:
    from support.quintet import load

    case = load("vct_game_black_l05_1")
    a = solve(case.board, "tsume", Limits(max_moves=5))
    b = solve(case.board, "tsume", Limits(max_moves=5))
    assert (a.line, a.nodes) == (b.line, b.nodes)


def test_progress_reports_count_the_table_s_collections() -> None:
    """Progress reports carry how many times the table was full so far: never more than
    the answer's count, never falling, and some past zero in a search at 1 MB that fills
    its table dozens of times (the command line shows them while it searches)."""
    from support.fixtures import compiled_available
    from support.quintet import load

    from solver.search.api import Progress

    if not compiled_available():
        pytest.skip("compiled core not built (this search is far too slow in pure Python)")
    case = load("vct_black_long")
    board = Board.from_stones(  # the compiled core, even under RENJU_PURE=1
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    seen: list[Progress] = []
    r = solve(board, "tsume", Limits(nodes=3_000_000, memory_mb=1), progress=seen.append)
    counts = [p.table_collections for p in seen]
    assert r.table_collections > 20
    assert counts == sorted(counts) and 0 < counts[-1] <= r.table_collections
