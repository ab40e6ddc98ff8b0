"""Hand-made and mined solver positions for the rules that matter most in a tsume search.

Each proof is re-checked by the independent proof checker.
"""

from __future__ import annotations

import pytest

from solver import Board
from solver.rules.notation import parse_point, parse_points, point_name
from solver.search.api import Limits, solve
from solver.search.checker import ProofError, check_line, check_proof
from solver.search.respond import respond


def names(points: list[int]) -> list[str]:
    return [point_name(p) for p in points]


def test_white_forces_black_onto_a_forbidden_point(compiled: bool) -> None:
    # i8 is a double-three for Black (g8 h8 _ and j9 k10 diagonally). White's i4 makes
    # the four i4-i7 (i3 and i9 are black): its only completion i8 is forbidden.
    board = Board.from_stones(
        "g8 h8 j9 k10 i3 i9", "i5 i6 i7 a1 a2", to_move="white", compiled=compiled
    )
    result = solve(board, "vcf", shortest=True)
    assert result.result.value == "proven" and result.moves == 1
    assert result.tree is not None and result.tree.final == "forbidden-block"
    assert check_proof(board, result.tree, "vcf", 1) == 1
    # Under gomoku rules nothing is forbidden: the same four is simply blocked.
    std = Board.from_stones(
        "g8 h8 j9 k10 i3 i9", "i5 i6 i7 a1 a2", to_move="white", rule="standard"
    )
    assert solve(std, "vcf", Limits(max_moves=1)).result.value == "disproven"


def test_four_three_with_a_false_three_does_not_win(compiled: bool) -> None:
    # j8 makes a four (vertical j5x j6 j7 j8 j9) and a horizontal three g8 h8 _ j8 whose
    # only straight-four point i8 is a double-four: a false three, so no VCF in 2 (mined).
    board = Board.from_stones(
        "i6 j6 c7 e7 i7 j7 g8 h8 e9 i9 j9 d10",
        "e5 j5 b9 d9 b10 f10 a11 b11 c12 e12 b13 d14",
        compiled=compiled,
    )
    assert solve(board, "vcf", Limits(max_moves=2)).result.value == "disproven"
    from solver.rules.forbidden import explain

    e = explain(board, "j8")
    assert any("false three, straight four at i8 (double-four)" in line.text() for line in e.lines)


def test_hidden_threat_that_makes_a_forbidden_straight_four_legal(compiled: bool) -> None:
    # c10 is a double-four for Black: the straight four c8-c11 and the four c10 _ e8 f7
    # g6 on the diagonal. b11 is no three and no four, but it turns that diagonal's five
    # (b11 c10 d9 e8 f7 g6) into an overline: c10 is then a legal straight four. So b11
    # is a hidden threat that wins in one more move (mined from
    # vct_game_black_l17_1_short). The compiled core skips this search when Black has no
    # straight-four point at all (``Core._straight_point``), and must not here.
    board = Board.from_stones(
        "e6 g6 h6 f7 g7 c8 e8 f8 h8 c9 e9 f9 e10 f10 k10 c11 h11 f12 g12 k13",
        "h5 i5 f6 e7 h7 b8 g8 b9 g9 d10 g10 h10 i10 j10 d11 e11 f11 g11 i11 j12",
        compiled=compiled,
    )
    core = board.core
    c10, b11 = parse_point("c10"), parse_point("b11")
    assert core.forbidden(c10) and core.vcf(1, 2, 10**6, False)[0] == 0
    status, threats, _ = core.threats(1, 2, 3, 10**6, ())
    assert status == 0 and [(m, tuple(line)) for m, line in threats] == [(b11, (c10,))]
    # with no straight-four point anywhere (the c-column stones gone, d10 kept: else
    # e9-h6 has a five point and the position is won already), none at all
    bare = Board.from_stones(
        "e6 g6 h6 f7 g7 e8 f8 h8 e9 f9", "h5 i5 f6 e7 h7 g8 g9 a1 a2 a3 d10", compiled=compiled
    )
    assert not bare.core.five_points(1) and bare.core.vcf(1, 2, 10**6, False)[0] == 0
    assert bare.core.threats(1, 2, 3, 10**6, ())[1] == []


def test_counter_four_refutes_a_vcf(compiled: bool) -> None:
    # k8 is a four-three for Black (h8-k8, g8 white; k8 k9 k10). White's forced block l8
    # makes l8-l11 a straight four, so the VCF fails; without l9-l11 it wins in 2.
    black = "h8 i8 j8 k9 k10"
    with_counter = Board.from_stones(black, "g8 l9 l10 l11", compiled=compiled)
    assert solve(with_counter, "vcf", Limits(max_moves=4)).result.value == "disproven"
    plain = Board.from_stones(black, "g8 l12 a1 a2", compiled=compiled)
    result = solve(plain, "vcf", shortest=True)
    assert result.result.value == "proven" and result.moves == 2
    assert names(result.line)[:2] == ["k8", "l8"]
    assert check_line(plain, result.line) == 2


def test_defender_counter_four_answered_in_a_vcf() -> None:
    # quintet's vcf_counter: the attacker must answer a counter-four with a four.
    from support.quintet import load

    case = load("vcf_counter")
    result = solve(case.board, "vcf", shortest=True)
    assert result.moves == 3 and check_line(case.board, result.line) == 3


@pytest.mark.parametrize(
    ("black", "white", "vct"),
    [
        # White's four b7-e7 forces Black's block a7, which makes no three; but a three of
        # Black's stands, so the block is a vct move too, and vct wins as tsume does (vct
        # once required the block to make a three: "disproven")
        ("b5 c6 d6 f6 f7 j7 g8 h8 d9 e9 g9", "b4 e4 g5 i6 b7 c7 d7 e7 g7 j8 h9", "proven"),
        ("i2 e4 g4 j5 e6 i6 j6 k7 f8 h8 e12", "k2 c4 h4 j4 f5 k5 f6 h6 i7 l7 d10", "disproven"),
    ],
)
def test_mise_wins_where_plain_vct_does_not(black: str, white: str, vct: str) -> None:
    # Mined from generated games; the pure path gives the same answer (slowly), see
    # test_compiled_and_pure_solvers_agree for the equality on smaller cases.
    board = Board.from_stones(black, white)
    by_vct = solve(board, "vct", Limits(max_moves=3))
    assert by_vct.result.value == vct
    if by_vct.tree is not None:
        assert check_proof(board, by_vct.tree, "vct", 3) == by_vct.moves
    result = solve(board, "tsume", Limits(max_moves=3))
    assert result.result.value == "proven" and result.tree is not None
    key = result.tree.move
    # The key is a hidden threat: neither a four nor a three.
    assert not board.core.is_four_move(key, 1) and not board.core.is_three_move(key, 1)
    assert check_proof(board, result.tree, "tsume", 3) == result.moves


def test_checker_rejects_a_broken_proof() -> None:
    board = Board.from_stones("f8 g8 h8", "f9 g9 h9")
    result = solve(board, "vct", Limits(max_moves=2))
    assert result.tree is not None
    with pytest.raises(ProofError, match="a1 is not a four"):
        check_line(board, parse_points("a1"))
    with pytest.raises(ProofError, match="the line ends before a win"):
        check_line(board, parse_points("j8"))  # a four, but blocked at i8
    with pytest.raises(ProofError):
        check_proof(board, result.tree, "vct", max_moves=0)
    from solver.search.proof import ProofNode

    # A three with only one of its defences answered is not a proof.
    bad = ProofNode(move=parse_point("j8"), length=2, replies={})
    with pytest.raises(ProofError, match="is not answered"):
        check_proof(Board.from_stones("g8 h8", "a1"), bad, "vct")


@pytest.mark.parametrize("sym", range(8))
def test_verdict_and_length_invariant_under_symmetry(sym: int) -> None:
    from support.quintet import load

    case = load("vct_game_white_l05_1")
    board = case.board.transform(sym)
    result = solve(board, "tsume", Limits(max_moves=5))
    assert result.result.value == "proven" and result.moves == 5
    assert solve(board, "tsume", Limits(max_moves=4)).result.value == "disproven"


def test_pure_core_asks_should_stop_inside_its_calls() -> None:
    """One call of the pure core can take seconds (threat generation searches a VCF per
    candidate): it asks ``should_stop`` every 16 nodes, so a cancelled search stops soon
    after the request, not at the search loop's next poll (on ``vct_unstable`` the polls
    came 0.3-2.6 s apart: the trainer's Escape waited that long). Asked from 2,400 nodes
    on, the loop alone would notice at 3,269."""
    from support.quintet import load

    from solver.search.dfpn import PureDfPn, Stopped

    case = load("vct_unstable")
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=False
    )
    core = board.core.copy()
    asked_at = 2_400
    search = PureDfPn(core, int(case.board.to_move), 2, should_stop=lambda: core.nodes >= asked_at)
    with pytest.raises(Stopped) as stopped:
        search.solve_or(case.limit)
    assert stopped.value.reason == "stopped"
    # (every candidate left in the core's loop still counts one node on its way out)
    assert asked_at <= core.nodes <= asked_at + 16 + 225


def test_unknown_is_never_disproven() -> None:
    from support.quintet import load

    case = load("vct_game_black_l09_1")
    result = solve(case.board, "tsume", Limits(max_moves=9, nodes=2000))
    assert result.result.value == "unknown" and result.reason == "node limit"


def test_an_unsettled_root_is_never_disproven() -> None:
    # A root whose numbers reached INF without settling (sums that count shared subtrees
    # again and again) stops the search: never read as "no win".
    from solver.search.dfpn import INF, DfPn, Stopped

    board = Board.from_stones("h8", "", to_move="black")
    search = DfPn(board.core.copy(), 1, 2)
    for pn, dn in ((1, INF), (INF, 1), (5, 7)):
        e = search._entry_class(pn=pn, dn=dn)
        with pytest.raises(Stopped, match="overflowed"):
            search._settled(e)
    for pn, dn in ((0, INF), (INF, 0)):
        assert search._settled(search._entry_class(pn=pn, dn=dn)).pn == pn


@pytest.mark.slow
def test_a_win_within_some_moves_is_a_win_within_more() -> None:
    # vct_unstable: proven within 14; within 15 the root's disproof number once summed
    # past the old INF (10**9) and the search reported no win (about a minute)
    from support.quintet import load

    case = load("vct_unstable")
    for limit in (14, 15):
        result = solve(case.board, "tsume", Limits(max_moves=limit))
        assert (
            result.result.value == "proven" and result.moves is not None and result.moves <= limit
        )
        assert result.tree is not None and check_proof(case.board, result.tree, "tsume", limit)


def test_cancellation_is_prompt() -> None:
    import time

    from support.quintet import load

    case = load("vct_black_long")
    start = time.monotonic()
    stop_at = start + 0.3
    result = solve(
        case.board, "tsume", Limits(max_moves=14), should_stop=lambda: time.monotonic() > stop_at
    )
    assert result.result.value == "unknown" and result.reason == "stopped"
    assert time.monotonic() - stop_at < 0.5


def test_respond_refutes_and_continues() -> None:
    board = Board.from_moves("h8 a1 i8 a2 j8")  # White to move against an open three
    answer = respond(board, "vct")
    assert answer.result.value == "disproven"
    assert point_name(answer.defence or 0) in ("g8", "k8") and answer.reason == "blocks the three"
    four = Board.from_moves("h8 a1 i8 a2 j8 a3 k8")  # an open four: nothing helps
    win = respond(four, "vct")
    assert win.result.value == "proven" and win.node is not None and win.node.final == "double-four"


def test_position_with_a_five_is_rejected() -> None:
    from solver.errors import PositionError

    with pytest.raises(PositionError, match="already has a five for black"):
        solve(Board.from_stones("d8 e8 f8 g8 h8", ""), "vcf")


@pytest.mark.parametrize("name", ["vcf_black", "vcf_white", "vcf_counter", "vcf_long"])
def test_line_replay_agrees_with_the_checker(name: str) -> None:
    """The search's replay (compiled and pure) and the independent checker agree on
    quintet's own lines, whole (a win) and cut short (not a win)."""
    from support.quintet import load

    case = load(name)
    line = parse_points(case.expect)
    for cut in (len(line), len(line) - 2, 1):
        part = line[:cut]
        try:
            check_line(case.board, part)
            expected = True
        except ProofError:
            expected = False
        assert expected is (cut == len(line))
        for compiled in (True, False):
            board = Board.from_stones(
                case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=compiled
            )
            assert board.core.replay_vcf(int(board.to_move), part) is expected


def test_memory_bound_collects_and_keeps_the_answer() -> None:
    """With a tiny table the search drops unsettled entries and still finds the proof."""
    from support.quintet import load

    from solver.search.dfpn import DfPn

    case = load("vct_game_black_l05_1")
    free = solve(case.board, "tsume", Limits(max_moves=5))
    core = case.board.core.copy()
    search = DfPn(core, int(case.board.to_move), 2, max_entries=40)
    entry = search.solve_or(5)
    assert entry.pn == 0 and free.result.value == "proven"
    tree = search.proof(search.or_key(5))
    assert check_proof(case.board, tree, "tsume", 5) == tree.length <= 5


def test_proof_memo_of_either_kind_gives_the_same_tree() -> None:
    """The compiled loop builds a proof with a table of its own as memo; given a dict
    (as ``PureDfPn`` takes), it builds it the pure way: the same tree either way, from
    the root and from a proven AND node, and the checker passes it."""
    from support.quintet import load

    import solver.search.dfpn as dfpn
    from solver.search.api import _max_entries

    if dfpn.CompiledDfPn is None:
        pytest.skip("compiled search loop not built")
    case = load("vct_fukumi")
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    search = dfpn.CompiledDfPn(
        board.core.copy(), int(board.to_move), 2, max_entries=_max_entries(64)
    )
    assert case.limit is not None and search.solve_or(case.limit).pn == 0
    key = search.or_key(case.limit)
    tree = search.proof(key)
    memo: dict[int, object] = {}
    assert search.proof(key, memo) == tree and memo[key] == tree
    assert check_proof(board, tree, "tsume", case.limit) == tree.length == case.limit
    # the first threat's AND node, both ways
    move = tree.move
    and_key = search.child_key(key, move)
    assert and_key & 1 and search.tt[and_key].pn == 0
    search.core.put(move, int(board.to_move))
    threat = search._and_proof(move, and_key)
    assert threat == search._and_proof(move, and_key, {}) == tree
    search.core.remove(move)


@pytest.mark.slow
def test_dead_end_table_grows_and_keeps_the_answer() -> None:
    """A long search grows its dead-end table twice (the steps of ``DEAD_GROWTH``, the
    entries moved in each time); the proof found across the growths is still sound (a
    stale or misread entry would cut off a live line, or end one that is not won)."""
    from support.quintet import load

    from solver.search.api import _max_entries
    from solver.search.dfpn import DfPn

    case = load("vct_unstable")
    core = case.board.core.copy()
    assert core.dead_bits == 18 and case.limit is not None
    search = DfPn(core, int(case.board.to_move), 2, max_entries=_max_entries(512))
    entry = search.solve_or(case.limit)
    assert entry.pn == 0 and core.nodes > 1 << 24 and core.dead_bits == 22
    tree = search.proof(search.or_key(case.limit))
    # (the proof found, not the shortest: the checker re-checks every node of it)
    assert check_proof(case.board, tree, "tsume", case.limit) == tree.length


def test_memory_collection_keeps_proofs_and_the_biggest_searches() -> None:
    """A table full of settled entries is collected down to half: every proven entry stays
    (a proof needs them), then the entries whose search took the most work; an unsettled,
    unexpanded entry goes first."""
    from solver.search.dfpn import INF, PureDfPn, node_key

    search = PureDfPn(Board().core.copy(), 1, 2, max_entries=8)
    proven = {node_key(i, 1, 0): search._entry_class(pn=0, dn=INF, work=1) for i in range(3)}
    disproven = {
        node_key(i, 1, 1): search._entry_class(pn=INF, dn=0, work=i) for i in range(10, 16)
    }
    fresh = {node_key(99, 1, 0): search._entry_class(work=50)}
    search.tt = {**fresh, **disproven, **proven}
    search._collect()
    kept = set(search.tt)
    assert kept == set(proven) | {node_key(15, 1, 1)}  # half of 8: 3 proven and the biggest
    assert search.collect_at == 8

    # proven entries alone fill the table: kept, and the next collection waits for half
    # a table more (not at every node)
    search.tt = {node_key(i, 1, 0): search._entry_class(pn=0, dn=INF) for i in range(7)}
    search.tt[node_key(99, 1, 1)] = search._entry_class(pn=INF, dn=0, work=9)
    search._collect()
    kept = set(search.tt)
    assert kept == {node_key(i, 1, 0) for i in range(7)} and search.collect_at == 11


@pytest.mark.parametrize(
    "name", ["vct_game_black_l07_1", "vct_game_black_l08_1", "vct_game_black_l11_1", "vct_fukumi"]
)
def test_main_line_shows_the_longest_resistance_with_shortest_vcfs(name: str) -> None:
    """Along the main line, no refuted defence has a certificate longer than the reply
    shown (so none resists longer, as its shortest VCF is no longer than its certificate),
    and where the line ends on a refuted defence, its VCF is a shortest one. (Before the
    certificates were shortened, ``vct_game_black_l07_1``'s line ended at its second
    move on a defence answered by a 5-move VCF, where 2 moves win.)"""
    from support.quintet import load

    case = load(name)
    r = solve(case.board, "tsume", Limits(max_moves=case.limit))
    assert r.tree is not None and r.moves == case.limit
    core = case.board.core.copy()
    a, d = int(case.board.to_move), 3 - int(case.board.to_move)
    node, moves, final = r.tree, 0, None
    while node is not None:
        core.put(node.move, a)
        moves += 1
        reply = node.best_reply()
        if reply is None:
            break
        resist = (
            node.replies[reply].length
            if reply in node.replies
            else (len(node.refuted[reply]) + 1) // 2
        )
        assert resist == node.length - 1
        assert all((len(line) + 1) // 2 <= resist for line in node.refuted.values())
        core.put(reply, d)
        if reply in node.refuted:
            final = node.refuted[reply]
            break
        node = node.replies[reply]
    assert final is not None  # (each of these ends on a refuted defence)
    status, shortest, _ = core.vcf(a, 20, 1_000_000, True)
    assert status == 1 and len(shortest) == len(final)
    assert moves + (len(final) + 1) // 2 == r.moves


def test_certificate_helpers_agree_for_both_cores() -> None:
    """``longer_than`` and ``replaced`` give the same on the compiled core's compact
    mapping of refutations as on the pure core's dict."""
    from support.quintet import load

    from solver.search.dfpn_shared import longer_than, replaced

    case = load("vct_game_white_l12_1")
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    pure = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=False
    )
    a = int(board.to_move)
    # a hidden threat whose split has certificates of 3 and 5 attacker moves
    status, threats, _ = board.core.threats(a, 6, 3, 100_000)
    assert status == 0
    m, line = threats[1]
    splits = []
    for core in (board.core, pure.core):
        core.put(m, a)
        splits.append(core.defences(a, 6, line, 200_000)[2])
        core.remove(m)
    compact, plain = splits
    assert not isinstance(compact, dict) and isinstance(plain, dict) and compact == plain
    assert {(len(line) + 1) // 2 for line in plain.values()} == {3, 5}
    assert [p for p, _ in longer_than(plain, 3)] == [
        p for p, line in plain.items() if len(line) == 9
    ]
    for moves in range(6):
        assert longer_than(compact, moves) == longer_than(plain, moves)
    longest = longer_than(plain, 0)
    assert [len(line) for _, line in longest] == sorted(
        (len(line) for _, line in longest), reverse=True
    )
    p = longest[0][0]
    changes = {p: (1, 2, 3)}
    assert replaced(compact, changes) == replaced(plain, changes) == {**plain, p: (1, 2, 3)}
    assert list(replaced(compact, changes)) == list(plain)  # (point order kept)
    with pytest.raises(KeyError):
        replaced(compact, {next(q for q in range(225) if q not in plain): (1,)})
    # equal new lines are stored once; past 254 distinct lines, a plain dict
    points = list(plain)
    twice = replaced(compact, {points[0]: (7, 8, 9), points[1]: (7, 8, 9)})
    assert len(twice.lines) == len(compact.lines) + 1
    first = replaced(compact, {p: (p, p, p) for p in points})
    again = replaced(first, {p: (p, p, p, p, p) for p in points})
    assert len(points) + len(first.lines) > 254
    assert isinstance(again, dict) and again == {p: (p, p, p, p, p) for p in points}
