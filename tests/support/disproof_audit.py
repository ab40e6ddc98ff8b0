"""Audit a disproof: walk the default search's disproof tree, checking every step with
the compiled core's primitives with its relevance zones off.

A disproof is only as good as the moves the search gave the attacker. Its shortcuts
(relevance zones, hidden threats staged, OR nodes below the root taking a VCF as ruled
out) must never drop one. The second look (``safe=True``) searches again without them,
but on deep positions it does not finish (published VCT #82: 600 M nodes on one
subtree). The audit checks the disproof the default search found instead: at every OR
node of it, no VCF (a complete search) and the children equal to the ones the
primitives give without zones (fours, threes and, for tsume, hidden threats; a move
after which the defender's own VCF still wins is no threat, as in
``SearchCore.threats``), each of them disproven; at every AND node, a legal defence
whose OR node is disproven. A threat the search never generated is a problem named by
its path. The positions are walked on a core of their own.

Also a script: ``python tests/support/disproof_audit.py BLACK WHITE [black|white]
[GOAL] [LIMIT]`` searches the position and audits its disproof.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from solver.rules.board import Board
from solver.rules.notation import point_name
from solver.rules.patterns import FIVE, FOURS_SHIFT
from solver.search.dfpn import DfPn, paused_gc
from solver.search.dfpn_shared import BOOK_MAX_R, MAX_R

__all__ = ["Audit", "audit_disproof"]

VCF_NODES = 10_000_000


@dataclass
class Audit:
    """What an audit saw: OR and AND nodes checked, and the problems found."""

    or_nodes: int = 0
    and_nodes: int = 0
    problems: list[str] = field(default_factory=list)


def audit_disproof(search: Any, key: int, board: Board) -> Audit:
    """Audit the disproof of the node ``key`` of ``search`` (a finished df-pn search of
    ``board``'s position, attacker to move at ``key``)."""
    oracle = board.core.copy()
    oracle.zones = False
    audit = Audit()
    seen: set[int] = set()
    path: list[str] = []

    def problem(text: str) -> None:
        audit.problems.append(f"{' '.join(path) or 'root'}: {text}")

    def walk(k: int) -> None:
        if k in seen:
            return
        seen.add(k)
        e = search.tt.get(k)
        if e is None or e.dn != 0:
            problem("not disproven in the table")
            return
        if k & 1:
            audit.and_nodes += 1
            kids = [c for c in search.children_of(k, e) if _disproven(search, c[2])]
            if not kids:
                problem("no defence holds")
                return
            m, _, ck = kids[0]
            if oracle.get(m) or (search.d == 1 and oracle.forbidden(m)):
                problem(f"defence {point_name(m)} is not legal")
                return
            _enter(oracle, path, m, search.d, -1, 0, f"({point_name(m)})")
            walk(ck)
            _leave(oracle, path, m, -1)
            return
        audit.or_nodes += 1
        children = _or_children(search, k, oracle, e, problem)
        for m, q, ck in children:
            _enter(oracle, path, m, search.a, q, search.d, point_name(m))
            walk(ck)
            _leave(oracle, path, m, q)

    with paused_gc():
        walk(key)
    return audit


def _disproven(search: Any, key: int) -> bool:
    e = search.tt.get(key)
    return e is not None and e.dn == 0


def _enter(core: Any, path: list[str], m: int, colour: int, q: int, qc: int, name: str) -> None:
    core.put(m, colour)
    if q >= 0:
        core.put(q, qc)
        name += "/" + point_name(q)
    path.append(name)


def _leave(core: Any, path: list[str], m: int, q: int) -> None:
    path.pop()
    if q >= 0:
        core.remove(q)
    core.remove(m)


def _or_children(
    search: Any, key: int, oracle: Any, e: Any, problem: Any
) -> list[tuple[int, int, int]]:
    """The OR node's children, after checking them against the oracle's moves."""
    a, d = search.a, search.d
    r = (key >> 1) & MAX_R
    b = r & BOOK_MAX_R if search.books else r
    depth = search._depth(r)
    if oracle.five_points(a):
        problem("the attacker has a five point")
        return []
    status, line, _ = oracle.vcf(a, depth, VCF_NODES, False)
    if status != 0:
        problem(f"a VCF: {[point_name(p) for p in line]} (status {status})")
    theirs = oracle.five_points(d)
    if len(theirs) >= 2 or b < 2 or search.mode == 0:
        return []
    have = search.children_of(key, e) if e.children is not None else []
    moves = {(m, q) for m, q, _ in have}
    if theirs:
        want = _forced(search, oracle, theirs[0], depth)
    else:
        want = {(c & 255, (c >> 8) - 1) for c in oracle.four_codes(a)}
        modes = (1, 3) if search.mode == 2 else (1,)
        for mode in modes:
            _, threats, _ = oracle.threats(a, depth, mode, VCF_NODES, e.counter)
            want |= {(m, -1) for m, _ in threats if not _counter_wins(oracle, a, m, e.counter)}
    if want - moves:
        problem(f"moves never tried: {sorted(point_name(m) for m, _ in want - moves)}")
    if moves - want:
        problem(
            f"moves the primitives do not give: {sorted(point_name(m) for m, _ in moves - want)}"
        )
    return have


def _forced(search: Any, oracle: Any, p: int, depth: int) -> set[tuple[int, int]]:
    """The child of an OR node whose only move is ``p``, the block of a five point."""
    a = search.a
    if oracle.is_four_move(p, a):
        comps = oracle.completions(p, a)
        q = comps[0]
        if (
            len(comps) >= 2
            or oracle.is_five(q, 3 - a)
            or (a == 2 and oracle.forbidden_after(q, p, a))
        ):
            return set()
        return {(p, q)}
    if (search.mode == 1 and not oracle.is_three_move(p, a)) or (a == 1 and oracle.forbidden(p)):
        return set()
    oracle.put(p, a)
    status, _, _ = oracle.vcf(a, depth - 1, VCF_NODES, False)
    oracle.remove(p)
    return {(p, -1)} if status == 1 else set()


def _counter_wins(oracle: Any, a: int, m: int, counter: tuple[int, ...]) -> bool:
    """Whether the defender's VCF ``counter`` still wins after the attacker's quiet
    ``m`` (no four shape of his), as ``SearchCore.threats`` skips such moves."""
    if not counter or oracle.five_points(a) or not oracle.replay_vcf(3 - a, counter):
        return False
    if any(oracle.entry(d, m, a) & (FIVE | 3 << FOURS_SHIFT) for d in range(4)):
        return False
    oracle.put(m, a)
    wins = bool(oracle.replay_vcf(3 - a, counter))
    oracle.remove(m)
    return wins


def main(argv: list[str]) -> None:
    black, white = argv[0], argv[1]
    to_move = argv[2] if len(argv) > 2 else "black"
    goal = argv[3] if len(argv) > 3 else "tsume"
    limit = int(argv[4]) if len(argv) > 4 else 112
    board = Board.from_stones(black, white, to_move=to_move, compiled=True)
    search = DfPn(board.core.copy(), int(board.to_move), ("vcf", "vct", "tsume").index(goal))
    start = time.monotonic()
    with paused_gc():
        entry = search.solve_or(limit)
    print(f"search: pn {entry.pn} dn {entry.dn}, {search.nodes:,} nodes", flush=True)
    if entry.dn != 0:
        return
    audit = audit_disproof(search, search.or_key(limit), board)
    print(f"audit: {audit.or_nodes:,} OR and {audit.and_nodes:,} AND nodes checked", end="")
    print(f" in {time.monotonic() - start:.1f} s; {len(audit.problems)} problems")
    for text in audit.problems[:50]:
        print(" ", text)


if __name__ == "__main__":
    main(sys.argv[1:])
