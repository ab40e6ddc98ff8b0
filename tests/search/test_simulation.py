"""Proof simulation (``solver/search/dfpn_sim.py``): a new OR node under an AND node with
a proven sibling is first tried with the sibling's proof replayed. Both loops simulate
at the same nodes, and every node proven so has a proof the independent checker
accepts."""

from __future__ import annotations

import pytest

from solver import Board
from solver.search.checker import check_proof
from solver.search.dfpn_shared import MAX_R


def _recording(cls: type, proved: list[tuple[int, list[int], list[int]]]) -> type:
    """``cls`` recording each node a simulation proved: its key and its stones."""

    class Recording(cls):  # type: ignore[valid-type, misc]
        def _simulate(self, key: int, e: object, i: int, ckey: int) -> bool:
            won: bool = super()._simulate(key, e, i, ckey)
            if won:
                stones = [self.core.get(p) for p in range(225)]
                proved.append(
                    (
                        ckey,
                        [p for p in range(225) if stones[p] == 1],
                        [p for p in range(225) if stones[p] == 2],
                    )
                )
            return won

    return Recording


def test_simulated_proofs_are_checked_and_both_loops_agree() -> None:
    """On a case where simulation proves nodes (32 of them): the same nodes, proofs
    and simulations on both loops; the root's proof and the proof of every node a
    simulation proved pass the checker. (With no simulation, the case takes other
    nodes: the count below would differ.)"""
    from support.quintet import load

    import solver.search.dfpn as dfpn

    if dfpn.CompiledDfPn is None:
        pytest.skip("compiled search loop not built")
    case = load("vct_game_white_l09_1")
    board = Board.from_stones(
        case.board.stones(1), case.board.stones(2), case.board.to_move, compiled=True
    )
    seen = []
    for cls in (dfpn.PureDfPn, dfpn.CompiledDfPn):
        proved: list[tuple[int, list[int], list[int]]] = []
        search = _recording(cls, proved)(board.core.copy(), int(board.to_move), 2)
        entry = search.solve_or(case.limit)
        assert entry.pn == 0
        tree = search.proof(search.or_key(case.limit))
        assert check_proof(board, tree, "tsume", case.limit) <= case.limit
        assert proved and len(proved) == search.simulated
        root = set(board.stones(1)) | set(board.stones(2))
        for key, black, white in proved:
            # the node's position on the search's core, its proof built there and checked
            extra = [(p, 1) for p in black if p not in root] + [
                (p, 2) for p in white if p not in root
            ]
            for p, colour in extra:
                search.core.put(p, colour)
            try:
                sub = search.proof(key)
            finally:
                for p, _ in extra:
                    search.core.remove(p)
            there = Board.from_stones(black, white, board.to_move, compiled=True)
            check_proof(there, sub, "tsume", (key >> 1) & MAX_R)
        seen.append((search.nodes, search.simulated, [k for k, _, _ in proved], tree))
    assert seen[0] == seen[1]
    assert seen[0][:2] == (223_205, 32)
