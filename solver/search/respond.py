"""The defender's answer to an attacker move, for the trainer and for checking solutions.

:func:`respond` takes a position with the *defender* to move, right after an attacker
move, and says whether the attacker still wins (within the goal and limits) and how the
defender should answer:

- the attacker still wins: ``proven``, with the proof node of the move just played (every
  defence answered) and the longest-resisting reply;
- the attacker no longer wins: ``disproven``, with a defence that holds and why
  (``"makes five"``, ``"blocks the four"``, ``"counter-four"``, ``"blocks the threat"``,
  ``"defends"``, or ``"no threat"`` when the move threatened nothing);
- ``unknown`` when the budget ran out.

>>> from solver.rules.board import Board
>>> b = Board.from_moves("h8 a1 i8 a2 j8")  # Black has an open three; White to move
>>> answer = respond(b, "vct")
>>> answer.result.value, point_name(answer.defence), answer.reason
('disproven', 'k8', 'blocks the three')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.search.api import UNBOUNDED, Goal, Limits, Verdict, _max_entries
from solver.search.dfpn import INF, DfPn, Stopped
from solver.search.proof import ProofNode

__all__ = ["Response", "respond"]


@dataclass
class Response:
    """What the defender does after an attacker move (see the module docstring)."""

    result: Verdict
    defence: Point | None = None
    reason: str = ""
    node: ProofNode | None = None
    nodes: int = 0

    @property
    def best_reply(self) -> Point | None:
        """The longest-resisting reply when the attacker still wins."""
        return self.node.best_reply() if self.node is not None else None


def respond(
    board: Board,
    goal: Goal | str = Goal.TSUME,
    limits: Limits | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
) -> Response:
    """Answer the last attacker move; ``board.to_move`` is the defender.

    ``limits.max_moves`` counts the attacker moves still allowed *after* the one played.
    """
    goal = Goal.parse(goal)
    limits = limits or Limits()
    core = board.core.copy()
    d = int(board.to_move)
    a = 3 - d
    r = limits.max_moves if limits.max_moves is not None else UNBOUNDED
    deadline = None if limits.time is None else time.monotonic() + limits.time
    search = DfPn(
        core,
        a,
        goal.mode,
        node_limit=limits.nodes,
        deadline=deadline,
        max_entries=_max_entries(limits.memory_mb),
        should_stop=should_stop,
    )
    last = board.moves[-1] if board.moves else None
    try:
        out = _respond(search, core, a, d, r, last)
    except Stopped as stop:
        out = Response(Verdict.UNKNOWN, reason=stop.reason)
    out.nodes = search.nodes
    return out


def _respond(search: DfPn, core: Any, a: int, d: int, r: int, last: Point | None) -> Response:
    c = search.core
    theirs = c.five_points(d)
    if theirs:
        return Response(Verdict.DISPROVEN, theirs[0], "makes five")
    mine = c.five_points(a)
    if len(mine) >= 2 or (mine and d == 1 and c.forbidden(mine[0])):
        final = "forbidden-block" if len(mine) == 1 else "double-four"
        node = ProofNode(move=last if last is not None else mine[0], length=1, final=final)
        return Response(Verdict.PROVEN, node=node)
    if mine:
        f = mine[0]
        c.put(f, d)
        try:
            entry = search.solve_or(r)
            if entry.pn == 0:
                sub = search.proof(search.or_key(r))
                node = ProofNode(
                    move=last if last is not None else f, length=sub.length + 1, replies={f: sub}
                )
                return Response(Verdict.PROVEN, node=node)
            if search.incomplete:
                return Response(Verdict.UNKNOWN, f, "blocks the four")
            return Response(Verdict.DISPROVEN, f, "blocks the four")
        finally:
            c.remove(f)
    if search.mode == 0:
        # VCF: a move that is not a four gives the defender a free move.
        return Response(Verdict.DISPROVEN, None, "no threat")
    status, dline, _ = c.vcf(d, 112, search._budget(), False)
    search._note(status)
    if status == 1:
        return Response(Verdict.DISPROVEN, dline[0], "counter-four")
    status, line, _ = c.vcf(a, max(r, 0), search._budget(), False)
    search._note(status)
    if status != 1:
        return Response(Verdict.DISPROVEN, None, "no threat")
    entry = search.solve_and(r, line)
    key = search.and_key(r)
    if entry.pn == 0:
        node = search._and_proof(last if last is not None else -1, key, {})
        return Response(Verdict.PROVEN, node=node)
    assert entry.children is not None
    for m, _, ckey in search.children_of(key, entry):
        ce = search.tt.get(ckey)
        if ce is not None and ce.dn == 0 and ce.pn >= INF:
            return Response(Verdict.DISPROVEN, m, _reason(c, m, d, line, last))
    if search.incomplete or entry.dn != 0:
        return Response(Verdict.UNKNOWN, reason="search incomplete")
    m = entry.children[0]
    return Response(Verdict.DISPROVEN, m, _reason(c, m, d, line, last))


def _reason(c: Any, m: Point, d: int, line: tuple[int, ...], last: Point | None) -> str:
    """Why ``m`` holds: a counter-four, a block of the three just made, of the threat's
    VCF line, or another defence."""
    if c.is_four_move(m, d):
        return "counter-four"
    if last is not None and _same_line_within(last, m, 5):
        a = 3 - d
        c.remove(last)
        three = c.is_three_move(last, a)
        c.put(last, a)
        if three:
            return "blocks the three"
    if m in line:
        return "blocks the threat"
    return "defends"


def _same_line_within(p: Point, q: Point, k: int) -> bool:
    dc, dr = q % 15 - p % 15, q // 15 - p // 15
    if (dc, dr) == (0, 0):
        return False
    return (dc == 0 or dr == 0 or abs(dc) == abs(dr)) and max(abs(dc), abs(dr)) <= k


def describe(resp: Response) -> str:
    """One line for people: ``"g8: blocks the threat"``."""
    if resp.result is Verdict.PROVEN:
        best = resp.best_reply
        return "the attack still wins" + (
            f"; best defence {point_name(best)}" if best is not None else ""
        )
    if resp.defence is None:
        return resp.reason
    return f"{point_name(resp.defence)}: {resp.reason}"
