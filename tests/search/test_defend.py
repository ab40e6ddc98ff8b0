"""``defend`` and ``renju defend``: hand-made positions checked by hand, every refutation
accepted by the independent checker, the 8 symmetries, bad input."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.fixtures import LONG_SEARCH_CASE, main_interrupted
from support.strategies import games

from solver.cli import main
from solver.errors import IllegalMoveError
from solver.rules.board import BLACK, Board
from solver.rules.geometry import transform_point
from solver.rules.notation import parse_point, point_name
from solver.search.api import Limits, Verdict
from solver.search.checker import check_line, check_refutations
from solver.search.defend import defend


def names(points: list[int]) -> list[str]:
    return [point_name(p) for p in points]


def test_open_three_has_two_blocks_and_a_counter_four() -> None:
    # Black's open three h8 i8 j8 threatens g8/k8 (a straight four). White's c3 d3 e3,
    # closed by Black's b3, gives him a four at f3 (five at g3) or g3 (five at f3):
    # Black must answer it, and his answer is no four, so his VCF is gone.
    # The far ends f8, l8 do not hold: Black's k8 (or g8) still makes a straight four.
    b = Board.from_stones("h8 i8 j8 b3", "c3 d3 e3 a1", to_move="white")
    r = defend(b, "vcf")
    assert r.threat is Verdict.PROVEN and r.complete and r.checked
    assert names(r.defences) == ["f3", "g3", "g8", "k8"]
    assert r.reasons[parse_point("f3")] == "counter-four"
    assert r.reasons[parse_point("g8")] == "blocks"
    assert names(list(r.refuted[parse_point("f8")])) == ["k8"]
    assert len(r.defences) + len(r.refuted) == len(b.empty_points())
    assert r.to_dict()["attacker"] == "black" and r.to_dict()["threat"] == "proven"


def test_a_defence_on_a_forbidden_point_is_refused() -> None:
    # White's four e4 f5 g6 h7 (d3 closed by Black) makes five at i8, and i8 is a
    # double three for Black (g8 h8 i8 and i8 i9 i10): Black cannot block, and has no
    # four of his own. i8 is no move: in neither list; every other move loses to i8.
    b = Board.from_stones("g8 h8 i9 i10 d3", "e4 f5 g6 h7", to_move="black")
    r = defend(b, "vcf")
    i8 = parse_point("i8")
    assert r.forbidden == [i8]
    assert r.defences == []
    assert i8 not in r.refuted
    assert set(r.refuted) == set(b.empty_points()) - {i8}
    assert all(line == (i8,) for line in r.refuted.values())
    assert r.complete


def test_a_block_that_makes_a_forbidden_shape_loses() -> None:
    # White's open three i7 j6 k5 is blocked at h8 (or l4); but Black's h8 makes i8 a
    # double three (g8 h8 i8 and g10 h9 i8), and White's j9 makes the four f5 g6 h7 _ j9
    # (e4 closed) whose only five point is i8: Black cannot block it.
    b = Board.from_stones("g8 g10 h9 e4", "i7 j6 k5 f5 g6 h7", to_move="black")
    h8, i8, j9 = parse_point("h8"), parse_point("i8"), parse_point("j9")
    assert not b.core.forbidden(i8)
    r = defend(b, "vcf")
    assert r.refuted[h8] == (j9,)
    after = b.copy()
    after.push(h8)
    assert after.core.forbidden(i8) == 3
    assert check_line(after, r.refuted[h8]) == 1


def test_every_refutation_is_accepted_by_the_checker() -> None:
    b = Board.from_moves("h8 h9 i8 g8 j9 i10 j8 k8 j7 j10 i7")  # a middle game
    r = defend(b, "vcf")
    assert r.checked and r.refuted
    lengths = check_refutations(b, r.refuted, "vcf")
    assert set(lengths) == set(r.refuted)
    # a defence is not refuted: after it, the attacker's VCF search finds nothing
    for m in r.defences:
        after = b.copy()
        after.push(m)
        assert after.core.vcf(int(after.to_move), 112, 10**6, False)[0] == 0


def test_a_wrong_refutation_is_rejected() -> None:
    from solver.search.checker import ProofError

    b = Board.from_stones("h8 i8 j8", "a1 a2", to_move="white")
    with pytest.raises(ProofError):
        check_refutations(b, {parse_point("g8"): (parse_point("k8"),)}, "vcf")


def test_vct_defences_of_a_three() -> None:
    # Black's split three g8 _ i8 j8 (h8 empty): f8, h8, k8 hold, nothing else.
    b = Board.from_stones("g8 i8 j8", "a1 a2", to_move="white")
    r = defend(b, "vct", Limits(max_moves=2))
    assert names(r.defences) == ["f8", "h8", "k8"]
    assert r.complete and r.checked


def test_vct_double_three_threat_and_its_tree_refutations() -> None:
    # White's i8 would make two threes: g8 h8 i8 and i8 _ i10 i11. Black holds by taking
    # i8, by spoiling the row (f8, j8: then no straight four is left on it) or the
    # column (i9, and i7 or i12: its straight four needs both ends); e8 and k8 do not
    # (the row still makes a straight four at j8 or f8). Any other move loses to i8, a
    # tree of the attack (no VCF: White has no four), each re-checked by the checker.
    b = Board.from_stones("a15 o15", "g8 h8 i10 i11", to_move="black")
    r = defend(b, "vct", Limits(max_moves=2))
    assert r.threat is Verdict.PROVEN and r.complete and r.checked
    assert names(r.defences) == ["i7", "f8", "i8", "j8", "i9", "i12"]
    a1 = parse_point("a1")
    assert r.refuted[a1][0] == parse_point("i8")
    assert a1 in r.trees
    assert check_refutations(b, {a1: r.trees[a1]}, "vct", 2) == {a1: 2}


def test_a_defender_four_on_the_board_counts() -> None:
    # White's a1 a2 a3 a4 makes five at a5: Black, to move after a pass, must block it,
    # and a5 is no four of his, so his open three threatens no VCF. a5 makes five.
    b = Board.from_stones("h8 i8 j8 o15", "a1 a2 a3 a4", to_move="white")
    r = defend(b, "vcf")
    assert r.threat is Verdict.DISPROVEN
    assert not r.refuted and len(r.defences) == len(b.empty_points())
    assert r.reasons[parse_point("a5")] == "makes five"


def test_a_move_can_lose_where_no_threat_stands() -> None:
    # White has no VCT in 2 here (Black's counter-fours l8 and m8, from j8 k8 _ _ n8,
    # answer his threes; in 3 he wins: k6 l8 m8 l7 l5, the block m8 a VCT move while his
    # three stands). Black's o8 turns both into overline shapes (j8 k8 l8 _ n8 o8: m8
    # makes six), no fours any more, and White's three k6 then wins in 2. A split that
    # took "no threat" for "every move holds" would list o8 as a defence.
    b = Board.from_stones(
        "h6 h8 j8 k8 n8 j10 h11 i12", "j6 m6 g7 j7 i8 h10 i10 h13", to_move="black"
    )
    r = defend(b, "vct", Limits(max_moves=2))
    o8 = parse_point("o8")
    assert r.threat is Verdict.DISPROVEN
    assert list(r.refuted) == [o8] and r.refuted[o8][0] == parse_point("k6")
    assert names(b.core.four_moves(1)) == ["l8", "m8"]
    after = b.copy()
    after.push(o8)
    assert after.core.four_moves(1) == []


def test_without_a_threat_every_move_holds() -> None:
    b = Board.from_stones("h8", "a1", to_move="white")
    r = defend(b, "vcf")
    assert r.threat is Verdict.DISPROVEN
    assert len(r.defences) == len(b.empty_points()) and not r.refuted
    assert set(r.reasons.values()) == {"no threat"}


def test_a_spent_budget_guesses_nothing() -> None:
    b = Board.from_moves("h8 h9 i8 g8 j9 i10 j8 k8 j7 j10 i7")
    r = defend(b, "vct", Limits(max_moves=3, nodes=1))
    assert not r.complete
    assert r.unknown
    assert not set(r.unknown) & (set(r.defences) | set(r.refuted))


@settings(max_examples=12, deadline=None)
@given(games(max_moves=24), st.integers(min_value=1, max_value=7))
def test_symmetries_map_answers_onto_answers(moves: list[int], sym: int) -> None:
    b = Board.from_moves(moves)
    if b.five_on_board() is not None:
        return
    r = defend(b, "vcf")
    t = defend(b.transform(sym), "vcf")
    assert t.threat is r.threat
    assert sorted(t.defences) == sorted(transform_point(p, sym) for p in r.defences)
    assert set(t.refuted) == {transform_point(p, sym) for p in r.refuted}
    assert sorted(t.forbidden) == sorted(transform_point(p, sym) for p in r.forbidden)


def test_defend_json(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["defend", "--black", "h8 i8 j8", "--white", "a1 a2", "--to-move", "white", "--json"]
    )
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    assert list(out)[:6] == ["attacker", "goal", "threat", "defences", "refuted", "complete"]
    assert out["defences"] == ["g8", "k8"] and out["refuted"]["f8"] == ["k8"]
    assert out["complete"] is True and out["goal"] == "vcf"


def test_defend_only_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["defend", "--black", "h8 i8 j8", "--white", "a1 a2", "--to-move", "white"]
    assert main([*argv, "--only", "g8 f8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["defences"] == ["g8"] and list(out["refuted"]) == ["f8"]


def test_defend_human(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["defend", "--black", "g8 h8 i9 i10 d3", "--white", "e4 f5 g6 h7"])
    out = capsys.readouterr().out
    assert code == 0
    assert "Defences (0): none" in out
    assert "Forbidden for Black (no defence): i8" in out


def test_defend_human_names_a_dozen_undecided_moves(capsys: pytest.CaptureFixture[str]) -> None:
    """Out of budget before the threat is known, every move is undecided: the answer
    names the first twelve and counts the rest (``--json`` lists them all)."""
    argv = ["defend", "--moves", "h8 h9 i8 g8 j9 i10 j8 k8 j7 j10 i7", "--goal", "vct"]
    assert main([*argv, "--nodes", "1"]) == 0
    line = next(t for t in capsys.readouterr().out.splitlines() if t.startswith("Incomplete"))
    assert line == (
        "Incomplete (out of budget); undecided (214): "
        "a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1, l1 and 202 more"
    )
    assert main([*argv, "--nodes", "1", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["unknown"]) == 214


def test_ctrl_c_stops_defend_with_the_moves_decided_so_far(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first Ctrl-C stops the split (here still at the threat, a disproof that takes
    seconds more): the answer so far, incomplete and marked interrupted, exit 130."""
    from solver.cli.bench import DEVELOPMENT_CASES

    case = DEVELOPMENT_CASES / LONG_SEARCH_CASE
    code = main_interrupted(["defend", str(case), "--to-move", "white", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 130
    assert (out["complete"], out["reason"], out["threat"]) == (False, "interrupted", "unknown")


@pytest.mark.parametrize(
    "argv",
    [
        ["defend", "--black", "h8 z9"],
        ["defend", "--black", "h8", "--goal", "vcx"],
        ["defend", "--black", "h8", "--max-moves", "0"],
        ["defend", "--black", "h8 i8 j8 k8 l8"],  # a five on the board
        ["defend", "no-such-file.renju"],
        ["defend", "--black", "h8 i8 j8", "--to-move", "white", "--only", "h8"],
        ["defend", "--black", "h8 i8 j8", "--to-move", "white", "--only", "h99"],
    ],
)
def test_bad_input_one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("renju: error:")


def test_defender_is_black_side() -> None:
    b = Board.from_stones("g8 h8 i9 i10 d3", "e4 f5 g6 h7", to_move="black")
    assert defend(b, "vcf").attacker is BLACK.opponent


def _naive_split(board: Board) -> tuple[set[int], set[int]]:
    """Every legal move searched on its own: a five holds; else a VCF after it refutes."""
    d = int(board.to_move)
    holds, fails = set(), set()
    for m in board.empty_points():
        if d == 1 and board.core.forbidden(m):
            continue
        if board.core.is_five(m, d):
            holds.add(m)
            continue
        after = board.copy()
        after.push(m)
        status = after.core.vcf(3 - d, 112, 10**7, False)[0]
        (fails if status == 1 else holds).add(m)
    return holds, fails


@settings(max_examples=10, deadline=None)
@given(games(max_moves=30))
def test_vcf_split_equals_a_search_after_every_move(moves: list[int]) -> None:
    b = Board.from_moves(moves)
    if b.five_on_board() is not None:
        return
    r = defend(b, "vcf")
    holds, fails = _naive_split(b)
    assert set(r.defences) == holds
    assert set(r.refuted) == fails


@settings(max_examples=6, deadline=None)
@given(games(max_moves=30))
def test_pure_core_gives_the_same_split(moves: list[int]) -> None:
    fast = Board.from_moves(moves, compiled=None)
    pure = Board.from_moves(moves, compiled=False)
    if fast.five_on_board() is not None:
        return
    a, b = defend(fast, "vcf"), defend(pure, "vcf")
    assert (a.threat, a.defences, set(a.refuted)) == (b.threat, b.defences, set(b.refuted))


@pytest.mark.slow
@pytest.mark.parametrize("sym", range(8))
def test_vct_answers_under_the_symmetries(sym: int) -> None:
    b = Board.from_stones("a15 o15", "g8 h8 i10 i11", to_move="black")
    r = defend(b, "vct", Limits(max_moves=2))
    t = defend(b.transform(sym), "vct", Limits(max_moves=2))
    assert sorted(t.defences) == sorted(transform_point(p, sym) for p in r.defences)
    assert set(t.refuted) == {transform_point(p, sym) for p in r.refuted}


def test_safe_gives_the_same_split() -> None:
    b = Board.from_moves("h8 h9 i8 g8 j9 i10 j8 k8 j7 j10 i7")
    a, s = defend(b, "vcf"), defend(b, "vcf", safe=True)
    assert (a.defences, set(a.refuted)) == (s.defences, set(s.refuted))
    c = Board.from_stones("a15 o15", "g8 h8 i10 i11", to_move="black")
    assert (
        defend(c, "vct", Limits(max_moves=2), safe=True).defences
        == defend(c, "vct", Limits(max_moves=2)).defences
    )


def test_some_moves_only() -> None:
    b = Board.from_stones("a15 o15", "g8 h8 i10 i11", to_move="black")
    asked = [parse_point(n) for n in ("i9", "e8", "a1")]
    r = defend(b, "vct", Limits(max_moves=2), moves=asked)
    assert names(r.defences) == ["i9"]
    assert set(r.refuted) == {parse_point("e8"), parse_point("a1")}
    assert r.complete and not r.unknown
    v = defend(
        Board.from_stones("h8 i8 j8", "a1 a2", to_move="white"), "vcf", moves=[parse_point("f8")]
    )
    assert v.defences == [] and list(v.refuted) == [parse_point("f8")]
    with pytest.raises(IllegalMoveError):
        defend(b, "vct", moves=[parse_point("g8")])
