"""Disproofs audited: the default search's shortcuts (relevance zones, hidden threats
staged, the VCF taken as ruled out below the root) drop no attacker move from a
disproof. Every OR node of the disproof tree gets, from the compiled core with its zones
off, the same fours and threats as the search gave it, and no VCF
(``support.disproof_audit``)."""

from __future__ import annotations

from array import array

import pytest
from support.fixtures import compiled_available

from solver import Board
from solver.search.dfpn import CompiledDfPn, PureDfPn

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
    from support.disproof_audit import audit_disproof

    board, limit = _board(name)
    search = DfPn(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(limit).dn == 0
    audit = audit_disproof(search, search.or_key(limit), board)
    assert audit.problems == []
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


def test_the_audit_finds_a_threat_the_search_dropped() -> None:
    """A search that gives the root no threat (a fault injected: its fours only)
    disproves vct_game_black_l04_1, which is a win in 4; the audit names the moves the
    root never tried."""
    from support.disproof_audit import audit_disproof

    board, limit = _board("vct_game_black_l04_1")

    class Faulty(PureDfPn):
        def _add_threats(
            self, children: array[int], r: int, mode: int, counter: tuple[int, ...]
        ) -> None:
            if r < limit:
                super()._add_threats(children, r, mode, counter)

    search = Faulty(board.core.copy(), int(board.to_move), 2)
    assert search.solve_or(limit).dn == 0
    assert DfPn(board.core.copy(), int(board.to_move), 2).solve_or(limit).pn == 0
    audit = audit_disproof(search, search.or_key(limit), board)
    assert audit.problems and audit.problems[0].startswith("root: moves never tried: [")
