"""Disproofs audited: the default search's shortcuts (relevance zones, hidden threats
staged, the VCF taken as ruled out below the root) drop no attacker move from a
disproof. Every OR node of the disproof tree gets, from the compiled core with its zones
off, the same fours and threats as the search gave it, and no VCF
(``solver.search.disproof``)."""

from __future__ import annotations

from array import array

import pytest
from support.fixtures import compiled_available

from solver import Board
from solver.errors import DisproofRejected
from solver.search.api import Limits, solve
from solver.search.dfpn import CompiledDfPn, PureDfPn
from solver.search.disproof import audit_disproof

# (the audit turns the compiled core's relevance zones off: it needs that core)
pytestmark = pytest.mark.skipif(not compiled_available(), reason="compiled core not built")
DfPn = CompiledDfPn


def _board(name: str) -> tuple[Board, int]:
    from support.quintet import load

    case = load(name)
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    assert case.limit is not None
    return board, case.limit


def _audited(name: str) -> tuple[int, int]:
    board, limit = _board(name)
    search = DfPn(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(limit).dn == 0
    audit = audit_disproof(search, search.or_key(limit), board.core)
    assert audit.problems == [] and audit.complete
    return audit.or_nodes, audit.and_nodes


@pytest.mark.parametrize(
    "name",
    [
        "vct_black_short",
        "vct_white_short",
        "vct_game_black_l07_1_short",
        "vct_game_white_l09_1_short",
        "vct_game_white_l10_1_short",
    ],
)
def test_disproofs_drop_no_attacker_move(name: str) -> None:
    or_nodes, and_nodes = _audited(name)
    assert or_nodes > 5 and and_nodes > 4


@pytest.mark.slow
@pytest.mark.parametrize(
    "name",
    ["vct_game_black_l09_1_short", "vct_game_black_l10_1_short", "vct_game_white_l11_1_short"],
)
def test_deep_disproofs_drop_no_attacker_move(name: str) -> None:
    or_nodes, _ = _audited(name)
    assert or_nodes > 1_000


def _faulty(limit: int) -> type[PureDfPn]:
    """A search that gives the root (``limit`` moves) no threat: its fours only."""

    class Faulty(PureDfPn):
        def _add_threats(
            self, children: array[int], r: int, mode: int, counter: tuple[int, ...]
        ) -> None:
            if r < limit:
                super()._add_threats(children, r, mode, counter)

    return Faulty


def test_the_audit_finds_a_threat_the_search_dropped() -> None:
    """A search that gives the root no threat (a fault injected: its fours only)
    disproves vct_game_black_l04_1, which is a win in 4; the audit names the moves the
    root never tried."""
    board, limit = _board("vct_game_black_l04_1")
    search = _faulty(limit)(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(limit).dn == 0
    assert DfPn(board.core.copy(), int(board.to_move), 2).solve_or(limit).pn == 0
    audit = audit_disproof(search, search.or_key(limit), board.core)
    assert audit.problems and audit.problems[0].startswith("root: moves never tried: [")


def test_solve_audits_a_disproof_and_rejects_a_faulty_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``solve(..., audit=True)``: a true disproof is ``audited``; the faulty search's
    disproof of a win is a ``DisproofRejected`` naming the position, never a verdict."""
    import solver.search.api as api

    board, limit = _board("vct_game_white_l10_1_short")
    r = solve(board, "tsume", Limits(max_moves=limit), audit=True)
    assert (r.result.value, r.audited) == ("disproven", True)
    assert r.to_json()["audited"] is True
    assert solve(board, "tsume", Limits(max_moves=limit)).audited is None
    # past its deadline the audit stops, incomplete (never a failure)
    search = DfPn(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(limit).dn == 0
    late = audit_disproof(search, search.or_key(limit), board.core, deadline=0.0)
    assert (late.complete, late.problems, late.or_nodes) == (False, [], 0)
    board, limit = _board("vct_game_black_l04_1")
    monkeypatch.setattr(api, "DfPn", _faulty(limit))
    assert solve(board, "tsume", Limits(max_moves=limit)).result.value == "disproven"
    with pytest.raises(DisproofRejected, match="root: moves never tried: "):
        solve(board, "tsume", Limits(max_moves=limit), audit=True)


def test_cli_audit_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """``renju solve --audit``: a disproof under vct whose forced blocks (after the
    defender's counter-fours) need the vct rule for blocks passes its audit."""
    from solver.cli import main

    args = ["solve", "--black", "a1 a2 a3", "--white", "e5 f5 g6 g7", "--to-move", "white"]
    assert main([*args, "--goal", "vct", "--max-moves", "2", "--audit", "-q"]) == 0
    out = capsys.readouterr().out
    assert "White has no forced win (vct)" in out and "The disproof passed its audit." in out
    assert main([*args, "--goal", "vct", "--max-moves", "2", "--audit", "--json"]) == 0
    assert '"audited": true' in capsys.readouterr().out


def test_audit_knows_the_vct_rule_for_forced_blocks() -> None:
    """h5 closes White's row: g5 is one three now, and no win within 4 moves. The
    disproof holds nodes where Black's four a4 forces White's block a5, which makes no
    three: under vct a move of the class all the same (White's three still stands), in
    the search and in the audit alike."""
    board = Board.from_stones("a1 a2 a3 h5", "e5 f5 g6 g7", to_move="white")
    for moves in (3, 4):
        r = solve(board, "vct", Limits(max_moves=moves), audit=True)
        assert (r.result.value, r.audited) == ("disproven", True)
    assert solve(board, "vct", Limits(max_moves=5)).result.value == "proven"
