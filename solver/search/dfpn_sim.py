"""Proof simulation (Kawano's "simulation" in tsume-shogi df-pn solvers): a new OR node
under an AND node, one of whose other defences is proven already, is first tried with
that sibling's proof replayed, the same attacker move at every OR node::

    AND (after the threat)        d1 proven: the attacker's m, then at each defence
     |-- d1 -> OR: m -> AND ...   x of that AND node his proven answer there, ...
     `-- d2 -> OR: m? -> AND ...  d2 new: the same m (if it is still a four or a
                                  threat here), every defence x of its AND node split
                                  afresh, and below each the proof of the d1 subtree's
                                  node after x, step by step.

Most defences of a threat do not touch the winning line, and the same answer beats
them: proven so, the node is proven without generating its children (fours, threes,
hidden threats: the costly part of a node). Nothing is taken on trust: each replayed
move is tested where it is played (a four with the same forced block, or a threat of
the goal's class whose line still wins after it), each AND node on the way is split by
the core's ``defences`` like any AND node (no defence dropped without a certificate),
and a node counts as proven only when every defence below it is answered by a proven
node. The first step that does not carry over ends the try (``SIM_NODES`` bounds it);
the splits it made and the nodes it proved stay in the table, and the search goes on
as before. A node proven so keeps only its proving move as child: the proof builder
takes it from there (``dfpn_proof``), and the checker checks it like any other.

Part of the reference search (``PureDfPn`` inherits it, ``solver/search/dfpn_ref.py``);
the compiled loop calls the same code (``dfpn_fast.Loop._cmid_child``), so both count
the same nodes.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableMapping
from typing import TYPE_CHECKING

from solver.engine.backend import Core
from solver.search.dfpn_shared import INF, MAX_R, SIM_NODES, THREAT_PN, _Entry

__all__ = ["ProofSimulation"]


class ProofSimulation:
    """The proof-simulation half of a df-pn search (a mixin of ``PureDfPn``)."""

    # (the search's, set by ``PureDfPn.__init__``)
    core: Core
    a: int
    d: int
    mode: int
    tt: MutableMapping[int, _Entry]
    expansions: int
    _entry_class: type[_Entry]
    # the node count at which the current try stops, and the tries that proved a node
    _sim_end: int
    simulated: int

    if TYPE_CHECKING:

        def child_key(self, key: int, code: int) -> int: ...
        def _expand_and(
            self, key: int, r: int, e: _Entry, budget: int = 0, known: tuple[int, ...] = ()
        ) -> bool: ...
        def _expired(self) -> Exception: ...
        @property
        def nodes(self) -> int: ...
        def _depth(self, r: int) -> int: ...

    def _simulate(self, key: int, e: _Entry, i: int, ckey: int) -> bool:
        """At the AND node ``key`` (entry ``e``), its child ``i``, the OR node ``ckey``
        not in the table yet (its defence is on the board): whether replaying the proof
        of a proven sibling (each tried in order, ``SIM_NODES`` nodes in all) proved it."""
        assert e.children is not None
        tt = self.tt
        self._sim_end = self.nodes + SIM_NODES
        for j, code in enumerate(e.children):
            if j == i:
                continue
            skey = self.child_key(key, code)
            se = tt.get(skey)
            if se is not None and se.pn == 0 and self._sim_or(ckey, skey):
                self.simulated += 1
                return True
            if self.nodes >= self._sim_end:
                break
        return False

    def _sim_or(self, key: int, skey: int) -> bool:
        """Whether the OR node ``key`` (the current position) is proven by the proving
        move of the proven OR node ``skey`` (a sibling's subtree), replayed."""
        tt = self.tt
        e = tt.get(key)
        if e is not None and (e.pn == 0 or e.dn == 0):
            return e.pn == 0
        se = tt.get(skey)
        if se is None or se.pn != 0 or se.how or not se.children:
            return False
        if self.nodes >= self._sim_end:
            return False
        self.expansions += 1
        code = scode = -1
        for c in se.children:
            sc = tt.get(self.child_key(skey, c))
            if sc is not None and sc.pn == 0:
                code, scode = c, self.child_key(skey, c)
                break
        if code < 0 or (e is not None and e.children is not None and code not in e.children):
            return False
        if not self._sim_move(key, code, scode):
            return False
        if e is None:
            e = tt[key] = self._entry_class()
        if e.children is None:
            e.children = array("H", [code])
        e.pn, e.dn, e.kids = 0, INF, None
        return True

    def _sim_move(self, key: int, code: int, scode: int) -> bool:
        """Whether the attacker's move ``code`` (a child code) is one of his moves here
        as the OR node ``key`` generates them, and its child is proven by the replay of
        ``scode``'s proof (the sibling's child after the same move)."""
        core, a, d = self.core, self.a, self.d
        m, q = code & 255, (code >> 8) - 1
        if core.get(m):
            return False
        theirs = core.five_points(d)
        if len(theirs) >= 2 or (theirs and theirs[0] != m):
            return False  # (his five point must be blocked: the only move)
        ckey = self.child_key(key, code)
        if q >= 0:
            # a four whose only completion is q, as the fours generated (``_add_four``)
            comps = core.completions(m, a) if core.is_four_move(m, a) else []
            if comps != [q] or core.is_five(q, d) or (d == 1 and core.forbidden_after(q, m, a)):
                return False
            core.enter(m, a, q, d)
            try:
                return self._sim_or(ckey, scode)
            finally:
                core.leave(m, q)
        # a threat: no four, not forbidden, a three under vct (as ``threats`` generates
        # them), and a VCF if the defender passes: the known line of its AND node, else
        # the sibling's, replayed (a line the defence broke: the threat is another
        # one, and a VCF searched for it made dear splits that failed)
        if core.is_four_move(m, a) or (a == 1 and core.forbidden(m)):
            return False
        if self.mode == 1 and not core.is_three_move(m, a):
            return False
        ce, se = self.tt.get(ckey), self.tt[scode]
        line = ce.threat_line if ce is not None and ce.threat_line else se.threat_line
        core.enter(m, a)
        try:
            return bool(line) and core.replay_vcf(a, line) and self._sim_and(ckey, scode, line)
        finally:
            core.leave(m)

    def _sim_and(self, key: int, skey: int, line: tuple[int, ...]) -> bool:
        """Whether the AND node ``key`` (the current position, ``line`` its threat's VCF)
        is proven: split (if not yet), each defence's OR node proven by the replay of
        the proven AND node ``skey``'s child after the same defence."""
        tt = self.tt
        e = tt.get(key)
        if e is not None and (e.pn == 0 or e.dn == 0):
            return e.pn == 0
        if self.nodes >= self._sim_end:
            return False
        if e is None:
            pn = THREAT_PN[0] if len(line) <= 1 else THREAT_PN[1]
            e = tt[key] = self._entry_class(pn=pn, threat_line=line)
        split = e.children is None
        if split:
            # The sibling's defences here are taken as defences without a search (they
            # are answered below, refuted or not): the split searches only the other
            # moves, and a try fails where one of them is a defence. Such a split (with
            # moves a full split refutes among its children) is kept only if the node
            # is proven; nor is one that ran out of the try's nodes.
            ske = tt.get(skey)
            known = tuple(ske.children) if ske is not None and ske.children else ()
            if not self._expand_and(key, (key >> 1) & MAX_R, e, self._left(), known):
                return False
            if e.pn == 0:
                return True
        if self._sim_defences(key, skey, e):
            e.pn, e.dn, e.kids = 0, INF, None
            return True
        if split:
            e.children = None  # (the node unsplit again, see above)
        return False

    def _sim_defences(self, key: int, skey: int, e: _Entry) -> bool:
        """Whether every defence of the split AND node ``key`` (entry ``e``) is answered
        by a node proven by the replay of ``skey``'s child after the same defence."""
        tt = self.tt
        assert e.children is not None
        # every defence's counterpart proven in the sibling's subtree (or its own node
        # proven already) before any is replayed: most tries that fail, fail here
        for x in e.children:
            se = tt.get(self.child_key(skey, x))
            if se is None or se.pn != 0:
                ce = tt.get(self.child_key(key, x))
                if ce is None or ce.pn != 0:
                    return False
        core, d = self.core, self.d
        for x in e.children:
            core.enter(x, d)
            try:
                if not self._sim_or(self.child_key(key, x), self.child_key(skey, x)):
                    return False
            finally:
                core.leave(x)
        return True

    def _left(self) -> int:
        """The nodes left to the current try (at least one)."""
        return max(1, self._sim_end - self.nodes)
