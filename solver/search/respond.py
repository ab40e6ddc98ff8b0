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

``limits.count`` counts the moves as :func:`~solver.search.api.solve` does (``books``: a
run of fours is one move, the final VCF one; ``app``: the same with the final VCF none;
``run``: the attacker's move before the one just played was a four, so a four now
continues that run). A proven answer's proof is
re-checked by the independent checker (``check``, the default;
:func:`solver.search.checker.check_proof`), a rejected one is ``ProofRejected``.

>>> from solver.rules.board import Board
>>> b = Board.from_moves("h8 a1 i8 a2 j8")  # Black has an open three; White to move
>>> answer = respond(b, "vct")
>>> answer.result.value, point_name(answer.defence), answer.reason
('disproven', 'k8', 'blocks the three')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from solver.errors import ProofRejected
from solver.records import Record
from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.search.counting import parse_count, proof_length, search_bound, search_count
from solver.search.dfpn import INF, DfPn, Stopped
from solver.search.dfpn_shared import BOOK_VCF_DEPTH
from solver.search.limits import UNBOUNDED, Goal, Limits, Verdict, max_entries, position_text
from solver.search.proof import ProofNode

__all__ = ["Response", "respond"]


class Response(Record):
    """What the defender does after an attacker move (see the module docstring).
    ``checked``: whether ``node`` was re-checked by the independent checker (``check``; a
    position given without the move just played cannot be)."""

    _fields = ("result", "defence", "reason", "node", "nodes", "checked")
    __slots__ = ("checked", "defence", "node", "nodes", "reason", "result")
    result: Verdict
    defence: Point | None
    reason: str
    node: ProofNode | None
    nodes: int
    checked: bool

    def __init__(
        self,
        result: Verdict,
        defence: Point | None = None,
        reason: str = "",
        node: ProofNode | None = None,
        nodes: int = 0,
        checked: bool = False,
    ) -> None:
        self.result, self.defence, self.reason = result, defence, reason
        self.node, self.nodes, self.checked = node, nodes, checked

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
    run: bool = False,
    check: bool = True,
    safe: bool = False,
) -> Response:
    """Answer the last attacker move; ``board.to_move`` is the defender.

    ``limits.max_moves`` counts the attacker moves still allowed *after* the one played
    (as ``limits.count`` counts them, the one played counted as one; under ``books`` and
    ``app`` a four that continues a run, ``run``, is free). ``safe``: search without the pruning
    shortcuts (as ``solve``'s: a second look at a "the move does not win").

    Raises:
        ProofRejected: the checker rejected the proof of a proven answer (``check``).
    """
    goal = Goal.parse(goal)
    limits = limits or Limits()
    count = parse_count(limits.count)
    core = board.core.copy()
    d = int(board.to_move)
    a = 3 - d
    # (``app`` is searched as ``books`` with one move more: ``search_bound``)
    r = UNBOUNDED if limits.max_moves is None else search_bound(count, limits.max_moves, run)
    deadline = None if limits.time is None else time.monotonic() + limits.time
    search = DfPn(
        core,
        a,
        goal.mode,
        node_limit=limits.nodes,
        deadline=deadline,
        max_entries=max_entries(limits.memory_mb),
        should_stop=should_stop,
        count=search_count(count),
        safe=safe,
    )
    last = board.moves[-1] if board.moves else None
    try:
        out = _respond(search, core, a, d, r, last, run)
    except Stopped as stop:
        out = Response(Verdict.UNKNOWN, reason=stop.reason)
    out.nodes = search.nodes
    if check and out.node is not None and last is not None:
        _check(board, goal, limits, run, out)
    return out


def _check(board: Board, goal: Goal, limits: Limits, run: bool, out: Response) -> None:
    """Re-check the proof of the move just played from the position before it.

    Raises:
        ProofRejected: naming the position and the node that does not hold.
    """
    from solver.search.checker import ProofError, check_proof

    assert out.node is not None
    before = board.copy()
    before.pop()
    allowed = None if limits.max_moves is None else limits.max_moves + 1
    try:
        plain = limits.count == "plain"
        length = check_proof(before, out.node, goal.value, allowed if plain else None)
        if not plain:
            core = before.core.copy()
            length = proof_length(out.node, core, int(before.to_move), limits.count, run)
            if allowed is not None and length > allowed:
                raise ProofError(
                    f"the proof needs {length} attacker moves ({limits.count}), more than {allowed}"
                )
    except ProofError as exc:
        raise ProofRejected(
            f"the checker rejected the proof that {point_name(out.node.move)} still wins "
            f"({exc}) in the position {position_text(before)}"
        ) from None
    out.checked = True


def _respond(
    search: DfPn, core: Any, a: int, d: int, r: int, last: Point | None, run: bool
) -> Response:
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
            r, after_four = _after_four(search, c, a, r, run)
            entry = search.solve_or(r, after_four)
            if entry.pn == 0:
                sub = search.proof(search.or_key(r, after_four))
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
    if search.books and r < 1:
        return Response(Verdict.DISPROVEN, None, "no threat")  # (no move left for a VCF)
    status, line, _ = c.vcf(a, search._depth(max(r, 0)), search._budget(), False)
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


def _after_four(search: DfPn, c: Any, a: int, r: int, run: bool) -> tuple[int, bool]:
    """The moves left after the attacker's four and its block, and whether a four now
    continues a run (books): ``r`` plainly; under ``books`` the four opens a run (or
    continues ``run``, free: one move more); under ``final-vcf`` a VCF from here is the
    final one, paid by the four that starts it. (Never below 0: a node's key holds 0 and
    up; a four with no move left loses unless it is free.)"""
    if not search.books:
        return max(r, 0), False
    if search.runs:
        r = r + 1 if run else r
        return (r, True) if r >= 0 else (0, False)
    if r < 1:
        status, _, _ = c.vcf(a, BOOK_VCF_DEPTH, search._budget(), False)
        search._note(status)
        if status == 1:
            return 1, False  # (at one move left an OR node's VCF wins, and only a VCF)
    return max(r, 0), False


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
