"""The disproof audit: a "no win" checked step by step, as the proof checker checks a win.

A disproof is only as good as the moves the search gave the attacker, and its shortcuts
(relevance zones, hidden threats staged, OR nodes below the root taking a VCF as ruled
out) must never drop one. The second look (``solve(..., safe=True)``) searches again
without them, but on deep positions it does not finish. The audit checks the disproof
the default search found instead, walking its tree in the search's table:

- at every OR node (attacker to move): no five point of his, no VCF (a complete search),
  and its children the same as the core's primitives give with the relevance zones off:
  the fours (with their blocks), the threes and, for tsume, the hidden threats (a quiet
  move after which the defender's own VCF still wins excepted, as
  ``SearchCore.threats`` skips it), or the block of the defender's five point; each of
  them disproven and audited in turn;
- at every AND node (defender to move after a threat): one legal defence whose OR node
  is disproven and audited.

A move the search never tried is a problem, named by its path: the disproof does not
stand (``solve`` then raises ``DisproofRejected``). An entry the table no longer holds
(the memory bound collected it), or a deadline passed, leaves the audit incomplete,
never failed.

The audit shares the core's primitives with the search (zones off, as the second look
runs them): it checks the search's pruning, not the rules engine.
"""

from __future__ import annotations

import time
from typing import Any

from solver.engine.backend import Core
from solver.records import Record
from solver.rules.notation import point_name
from solver.rules.patterns import FIVE, FOURS_SHIFT
from solver.search.dfpn_shared import BOOK_MAX_R, MAX_R, forced_block_of_class

__all__ = ["DisproofAudit", "audit_disproof"]

# the nodes a VCF search may spend at one OR node of the audit (one that runs out makes
# the audit incomplete)
VCF_NODES = 10_000_000


class DisproofAudit(Record):
    """What an audit saw: OR and AND nodes checked, the problems found (a disproof that
    does not stand) and whether it could check everything (``complete``)."""

    _fields = ("or_nodes", "and_nodes", "problems", "complete")

    def __init__(
        self,
        or_nodes: int = 0,
        and_nodes: int = 0,
        problems: list[str] | None = None,
        complete: bool = True,
    ) -> None:
        self.or_nodes = or_nodes
        self.and_nodes = and_nodes
        self.problems: list[str] = [] if problems is None else problems
        self.complete = complete


class _Walk:
    """One audit: the search, a core of its own (zones off), the path walked."""

    def __init__(self, search: Any, core: Core, deadline: float | None) -> None:
        self.search = search
        self.deadline = deadline
        self.core = core.copy()
        if hasattr(self.core, "zones"):
            self.core.zones = False
        self.out = DisproofAudit()
        self.seen: set[int] = set()
        self.path: list[str] = []

    def audit(self, key: int) -> DisproofAudit:
        self.walk(key)
        return self.out

    def problem(self, text: str) -> None:
        self.out.problems.append(f"{' '.join(self.path) or 'root'}: {text}")

    def entry(self, key: int) -> Any:
        """The table's entry of ``key`` if it is disproven; None (and the audit
        incomplete) if the table holds none; a problem if it is not disproven."""
        e = self.search.tt.get(key)
        if e is None:
            self.out.complete = False
        elif e.dn != 0:
            self.problem("not disproven")
            return None
        return e

    def walk(self, key: int) -> None:
        if key in self.seen:
            return
        if self.deadline is not None and time.monotonic() > self.deadline:
            self.out.complete = False  # (out of time: the rest is not checked)
            return
        self.seen.add(key)
        e = self.entry(key)
        if e is None:
            return
        s = self.search
        if key & 1:
            self.out.and_nodes += 1
            for m, _, ck in s.children_of(key, e):
                ce = s.tt.get(ck)
                if ce is not None and ce.dn == 0:
                    if self.core.get(m) or (s.d == 1 and self.core.forbidden(m)):
                        self.problem(f"the defence {point_name(m)} is not legal")
                        return
                    self.step(m, -1, ck, s.d)
                    return
            self.out.complete = False  # (no disproven defence left in the table)
            return
        self.out.or_nodes += 1
        for m, q, ck in self.or_children(key, e):
            self.step(m, q, ck, s.a)

    def step(self, m: int, q: int, key: int, colour: int) -> None:
        """Walk the child ``key`` reached by ``colour``'s ``m`` (and the defender's
        block ``q`` of a four, if ``q`` >= 0)."""
        s, core = self.search, self.core
        core.put(m, colour)
        name = point_name(m) if colour == s.a else f"({point_name(m)})"
        if q >= 0:
            core.put(q, s.d)
            name += "/" + point_name(q)
        self.path.append(name)
        try:
            self.walk(key)
        finally:
            self.path.pop()
            if q >= 0:
                core.remove(q)
            core.remove(m)

    def or_children(self, key: int, e: Any) -> list[tuple[int, int, int]]:
        """The OR node's children, once checked against the primitives' moves."""
        s, core = self.search, self.core
        a, d = s.a, s.d
        r = (key >> 1) & MAX_R
        b = r & BOOK_MAX_R if s.books else r
        depth = s._depth(r)
        if core.five_points(a):
            self.problem("the attacker has a five point")
            return []
        status, line, _ = core.vcf(a, depth, VCF_NODES, False)
        if status == 1:
            self.problem(f"a VCF: {' '.join(point_name(p) for p in line)}")
        elif status != 0:
            self.out.complete = False
        theirs = core.five_points(d)
        if len(theirs) >= 2 or b < 2 or s.mode == 0:
            return []
        have: list[tuple[int, int, int]] = s.children_of(key, e) if e.children is not None else []
        moves = {(m, q) for m, q, _ in have}
        want = self.forced(theirs[0], depth) if theirs else self.moves(depth, e.counter)
        if want - moves:
            names = sorted(point_name(m) for m, _ in want - moves)
            self.problem(f"moves never tried: {names}")
        if moves - want:
            names = sorted(point_name(m) for m, _ in moves - want)
            self.problem(f"moves the primitives do not give: {names}")
        return have

    def moves(self, depth: int, counter: tuple[int, ...]) -> set[tuple[int, int]]:
        """The attacker's fours (with their blocks) and threats here."""
        s, core = self.search, self.core
        want = {(c & 255, (c >> 8) - 1) for c in core.four_codes(s.a)}
        for mode in (1, 3) if s.mode == 2 else (1,):
            status, threats, _ = core.threats(s.a, depth, mode, VCF_NODES, counter)
            if status != 0:
                self.out.complete = False
            want |= {(m, -1) for m, _ in threats if not self.counter_wins(m, counter)}
        return want

    def forced(self, p: int, depth: int) -> set[tuple[int, int]]:
        """The child of an OR node whose only move is ``p``, the block of a five point:
        a four with its block, or a threat of the class (``PureDfPn._add_forced``)."""
        s, core = self.search, self.core
        a = s.a
        if core.is_four_move(p, a):
            comps = core.completions(p, a)
            q = comps[0]
            if (
                len(comps) >= 2
                or core.is_five(q, s.d)
                or (s.d == 1 and core.forbidden_after(q, p, a))
            ):
                return set()
            return {(p, q)}
        if not forced_block_of_class(core, p, a, s.mode):
            return set()
        core.put(p, a)
        status, _, _ = core.vcf(a, depth - 1, VCF_NODES, False)
        core.remove(p)
        if status == -1:
            self.out.complete = False
        return {(p, -1)} if status == 1 else set()

    def counter_wins(self, m: int, counter: tuple[int, ...]) -> bool:
        """Whether the defender's VCF ``counter`` still wins after the attacker's quiet
        ``m`` (no four or five shape of his there)."""
        core, a = self.core, self.search.a
        if not counter or core.five_points(a) or not core.replay_vcf(3 - a, counter):
            return False
        if any(core.entry(d, m, a) & (FIVE | 3 << FOURS_SHIFT) for d in range(4)):
            return False
        core.put(m, a)
        wins = bool(core.replay_vcf(3 - a, counter))
        core.remove(m)
        return wins


def audit_disproof(
    search: Any, key: int, core: Core, deadline: float | None = None
) -> DisproofAudit:
    """Audit the disproof of the OR node ``key`` of the finished df-pn ``search`` (a
    ``DfPn``), whose position ``core`` holds (it is copied, not changed). Past
    ``deadline`` (``time.monotonic()``) the audit stops, incomplete."""
    return _Walk(search, core, deadline).audit(key)
