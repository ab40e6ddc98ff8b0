"""Book counting (``Limits(count="books")``): the final VCF counts as one move, and so does
a run of consecutive fours before it; ``final-vcf`` counts only the final VCF as one;
``app`` counts the moves up to a position where the attacker has a VCF (a run of fours
one) and the VCF none."""

from __future__ import annotations

import json

import pytest

from solver.errors import PositionError
from solver.rules.board import Board
from solver.rules.notation import parse_point, point_name
from solver.search.api import Limits, solve
from solver.search.counting import MoveCount, book_length, parse_count, proof_length
from solver.search.proof import ProofNode

# White: f2 is a four (c2 d2 e2 f2, b2 Black: Black must block g2), then i5 makes
# f2 g3 h4 i5 with e1 and j6 empty: a straight four. A VCF of two moves, one as the
# books count. (Nothing wins at once: no four-three, no straight four on the board.)
VCF2 = Board.from_stones("b2", "c2 d2 e2 g3 h4", to_move="white")

# As VCF2, but with e1 Black i5 is only a four (Black blocks j6), and White has more:
# l5 (row 5: i5 _ k5 l5) and k3 k4 (column k). After f2 g2 i5 j6, k5 makes two threes
# (i5 _ k5 l5 and k3 k4 k5): whatever Black does, a straight four follows.
RUN = Board.from_stones("b2 e1", "c2 d2 e2 g3 h4 l5 k3 k4", to_move="white")


def _p(names: str) -> list[int]:
    return [parse_point(n) for n in names.split()]


def test_parse_count() -> None:
    assert parse_count(" Books ") == "books"
    assert parse_count("APP") == "app"
    with pytest.raises(PositionError, match="'chinese'"):
        parse_count("chinese")


@pytest.mark.parametrize(("count", "moves"), [("plain", 2), ("books", 1), ("final-vcf", 1)])
def test_a_vcf_counts_as_one_move(count: str, moves: int) -> None:
    r = solve(VCF2, "vcf", Limits(count=count), shortest=True)
    assert r.result.value == "proven"
    assert (r.moves, r.count) == (moves, count)
    assert [point_name(p) for p in r.line] == ["f2", "g2", "i5"]
    # within one move: only the books (and final-vcf) count has it
    one = solve(VCF2, "vct", Limits(max_moves=1, count=count))
    assert one.result.value == ("disproven" if count == "plain" else "proven")


def test_book_length_of_a_hand_made_line() -> None:
    """The line f2 g2 i5 j6 k5 (a double three) k6 j5 (a straight four): plain, 4
    attacker moves; as the books count, the fours f2 and i5 are one move, k5 one, the
    VCF j5 one: 3; final-vcf: f2, i5, k5 one each and the VCF one: 4."""
    f2, g2, i5, j6, k5, k6, j5 = _p("f2 g2 i5 j6 k5 k6 j5")
    end = ProofNode(move=j5, length=1, final="straight-four")
    # (one refuted defence stands for the rest: a far move, answered by the VCF j5)
    three = ProofNode(move=k5, length=2, replies={k6: end}, refuted={parse_point("a15"): (j5,)})
    line = ProofNode(
        move=f2,
        length=4,
        replies={g2: ProofNode(move=i5, length=3, replies={j6: three})},
    )
    core = RUN.core.copy()
    start = core.hash
    assert book_length(line, core, 2) == 3
    assert book_length(line, core, 2, runs=False) == 4
    # after a four, the run goes on: f2 and i5 are free, k5 and the VCF count
    assert book_length(line, core, 2, after_four=True) == 2
    # the VCF alone: one move (none if it continues a run)
    vcf = ProofNode.from_line(_p("f2 g2 i5"), "straight-four")
    assert book_length(vcf, VCF2.core.copy(), 2) == 1
    assert book_length(vcf, VCF2.core.copy(), 2, after_four=True) == 0
    assert core.hash == start  # (the replay leaves the core as it was)


def test_a_run_of_fours_counts_once_in_the_search() -> None:
    """From RUN, f2 (then i5, k5 as in the hand-made line) wins in 4 plain moves and in
    3 as the books count; the search's key-move lengths say so."""
    lengths = {}
    for count in ("plain", "books"):
        r = solve(RUN, "vct", Limits(count=count), all_keys=True)
        assert r.keys is not None
        lengths[count] = {point_name(k.move): k.moves for k in r.keys}
    assert lengths["plain"]["f2"] == 4
    assert lengths["books"]["f2"] == 3
    # never more under books than under plain counting, and the shortest win is shorter
    assert all(lengths["books"][p] <= m for p, m in lengths["plain"].items())
    plain = solve(RUN, "vct", shortest=True)
    books = solve(RUN, "vct", Limits(count="books"), shortest=True)
    assert (plain.moves, books.moves) == (3, 2)
    assert solve(RUN, "vct", Limits(max_moves=2)).result.value == "disproven"
    assert solve(RUN, "vct", Limits(max_moves=2, count="books")).result.value == "proven"


# -- the app's count: the moves before the final VCF, a run of fours one, the VCF none ----


def test_app_length_of_a_hand_made_line() -> None:
    """The line f2 g2 i5 j6 k5 k6 j5: under ``app`` the run f2 i5 is one move, k5 one and
    the VCF j5 none: 2 (books 3, final-vcf 4, plain 4). A VCF alone is 0 (books 1),
    however it starts; inside a run the run is counted with the k5 that ends it."""
    f2, g2, i5, j6, k5, k6, j5 = _p("f2 g2 i5 j6 k5 k6 j5")
    end = ProofNode(move=j5, length=1, final="straight-four")
    three = ProofNode(move=k5, length=2, replies={k6: end}, refuted={parse_point("a15"): (j5,)})
    line = ProofNode(
        move=f2, length=4, replies={g2: ProofNode(move=i5, length=3, replies={j6: three})}
    )
    core = RUN.core.copy()
    lengths = {c: proof_length(line, core, 2, c) for c in ("plain", "books", "final-vcf", "app")}
    assert lengths == {"plain": 4, "books": 3, "final-vcf": 4, "app": 2}
    # inside a run (the attacker's last move a four): that run, f2, i5 are one move with
    # k5 (counted when k5 ends it), so 2 again; books 2 (the run already paid)
    assert proof_length(line, core, 2, "app", after_four=True) == 2
    vcf = ProofNode.from_line(_p("f2 g2 i5"), "straight-four")
    assert proof_length(vcf, VCF2.core.copy(), 2, "app") == 0
    assert proof_length(vcf, VCF2.core.copy(), 2, "app", after_four=True) == 0
    assert proof_length(vcf, VCF2.core.copy(), 2, "books") == 1
    assert proof_length(vcf, VCF2.core.copy(), 2, "final-vcf") == 1


def test_app_move_count_of_a_line_being_played() -> None:
    """The moves left as a line is played under ``app``: the run f2 i5 is not counted
    until k5 ends it (then two, the run and k5), the VCF j5 not at all."""
    c = MoveCount("app", 2)
    c.play(RUN, _p("f2 g2 i5 j6"))
    assert (c.left, c.run, c.after()) == (2, True, 1)
    c.play(RUN, _p("k5 k6"))
    assert (c.left, c.run) == (0, False)
    c.play(RUN, _p("j5"))
    assert c.length(RUN) == 2
    # books: the run is paid when it starts, and the VCF counts one
    b = MoveCount("books", 3).played(RUN, _p("f2 g2 i5 j6"))
    assert (b.left, b.run) == (2, True)
    assert b.played(RUN, _p("k5 k6 j5")).length(RUN) == 3


def test_app_counts_in_the_search() -> None:
    """RUN: k5 (two threes) then the VCF: a win in 1 under ``app``, which no other count
    has within 1; VCF2 is a VCF: a win in 0 (there is a VCF at the start)."""
    for count, within_one in (("plain", "disproven"), ("books", "disproven"), ("app", "proven")):
        assert solve(RUN, "vct", Limits(max_moves=1, count=count)).result.value == within_one
    assert solve(RUN, "vct", Limits(max_moves=1, count="final-vcf")).result.value == "disproven"
    assert solve(RUN, "vct", Limits(max_moves=0, count="app")).result.value == "disproven"
    short = solve(RUN, "vct", Limits(count="app"), shortest=True, all_keys=True)
    assert (short.moves, short.count, short.checked) == (1, "app", True)
    assert short.keys is not None
    keys = {point_name(k.move): k.moves for k in short.keys}
    books = solve(RUN, "vct", Limits(count="books"), all_keys=True).keys
    assert books is not None
    # one less than the books' length for every key: the final VCF counts none
    assert keys == {point_name(k.move): k.moves - 1 for k in books}
    assert (keys["k5"], keys["f2"]) == (1, 2)
    vcf = solve(VCF2, "vcf", Limits(max_moves=0, count="app"), shortest=True)
    assert (vcf.result.value, vcf.moves) == ("proven", 0)


@pytest.mark.parametrize("count", ["books", "app"])
def test_shortest_inside_a_run_where_the_vcf_continues_it(count: str) -> None:
    """After the four f2 (Black g2), i5 is a straight four: inside the run it costs no
    move, so the shortest win from there is 0 moves. (The shortest search used to loop
    for ever on a win 0 long: the trainer's hint in the middle of a run.)"""
    board = Board.from_stones("b2 g2", "c2 d2 e2 g3 h4 f2", to_move="white")
    for limit in (1, None):
        r = solve(board, "vct", Limits(max_moves=limit, count=count), shortest=True, run=True)
        assert (r.result.value, r.moves, r.shortest_shown, r.checked) == ("proven", 0, True, True)
        assert [point_name(p) for p in r.line] == ["i5"]
    # outside a run the VCF is one move as the books count, none under app
    r = solve(board, "vct", Limits(count=count), shortest=True)
    assert r.moves == (1 if count == "books" else 0)


def test_compiled_and_pure_agree_under_books(monkeypatch: pytest.MonkeyPatch) -> None:
    from support.fixtures import compiled_available
    from support.quintet import load

    import solver.search.api as search_module
    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        if compiled_available():
            pytest.fail("the compiled core is built but the compiled search loop is not")
        pytest.skip("compiled search loop not built")
    cases = [(RUN, "vct", None), (VCF2, "vct", 2)]
    for name in ("vct_game_black_l05_1", "vct_game_white_l07_1_short"):
        case = load(name)
        cases.append((case.board, "tsume", case.limit))
    for board, goal, limit in cases:
        board = Board.from_stones(  # the compiled core, even under RENJU_PURE=1
            board.stones(1), board.stones(2), board.to_move, compiled=True
        )
        for count in ("books", "final-vcf", "app"):
            results = []
            for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
                monkeypatch.setattr(search_module, "DfPn", cls)
                r = solve(board, goal, Limits(max_moves=limit, count=count), shortest=True)
                keys = solve(board, goal, Limits(max_moves=limit, count=count), all_keys=True)
                results.append((r.result, r.moves, r.line, r.nodes, keys.keys, keys.nodes))
            assert results[0] == results[1], (board, count)
            assert results[0][0].value == "proven"


def test_cli_count_flag_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    from solver.cli import main

    args = ["solve", "--black", "b2", "--white", "c2 d2 e2 g3 h4", "--to-move", "white"]
    assert main([*args, "--goal", "vcf", "--count", "books", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["moves"], out["count"]) == (1, "books")
    assert main([*args, "--goal", "vcf", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["moves"], out["count"]) == (2, "plain")
    assert main([*args, "--goal", "vcf", "--count", "app", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["moves"], out["count"]) == (0, "app")


@pytest.mark.slow
def test_compiled_and_pure_agree_on_vct_fukumi_shortest_under_books(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``--shortest`` under books on vct_fukumi: the same answer (5 moves) in the same
    884,947 nodes (874,325 before hidden threats far from every stone were searched,
    1,923,791 before hidden threats waited at nodes at their thresholds, 942,394 with
    them added past 32 proofs, not 16).
    (The compiled loop once spent 1,925,551: it settled a new OR child with one move left
    without the poll the pure loop's ``_mid`` makes, so its first phase ended at another
    node.)"""
    from support.quintet import load

    import solver.search.api as search_module
    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        pytest.skip("compiled search loop not built")
    case = load("vct_fukumi")
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    nodes = []
    for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
        monkeypatch.setattr(search_module, "DfPn", cls)
        r = solve(board, "tsume", Limits(max_moves=case.limit, count="books"), shortest=True)
        nodes.append((r.moves, r.nodes))
    assert nodes[0] == nodes[1] == (5, 884_947)
