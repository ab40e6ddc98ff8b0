"""Proofs from a solved df-pn table: the walk that builds a proof tree (``ProofNode``),
with the shortest line at every OR node and every refuted defence's certificate.

Part of the reference search (``PureDfPn`` inherits it, ``solver/search/dfpn_ref.py``);
its compiled twin is ``solver/search/dfpn_fast.pyx``'s ``Loop.proof`` and
``Loop._and_proof`` (the same trees, tested), which call back into the rest of it.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from solver.engine.backend import Core
from solver.engine.contract import UNKNOWN, WIN
from solver.search.dfpn_shared import (
    MAX_R,
    Stopped,
    _after_threat,
    _Entry,
    final_kind,
    longer_than,
    replaced,
)
from solver.search.proof import ProofNode

__all__ = ["ProofWalk"]


class ProofWalk:
    """The proof-building half of a df-pn search (a mixin of ``PureDfPn``)."""

    # (the search's, set by ``PureDfPn.__init__``)
    core: Core
    a: int
    d: int
    tt: MutableMapping[int, _Entry]
    vcf_budget: int
    _base_nodes: int
    _lengths: dict[int, int]
    _refuted: dict[int, tuple[Mapping[int, tuple[int, ...]], int]]

    if TYPE_CHECKING:

        def _expired(self) -> Stopped: ...
        def _depth(self, r: int) -> int: ...
        def children_of(self, key: int, e: _Entry) -> list[tuple[int, int, int]]: ...
        def proven_children(self, key: int, e: _Entry) -> list[tuple[int, int, int]]: ...

    # -- proofs ------------------------------------------------------------------------
    def proof(self, key: int, memo: MutableMapping[Any, ProofNode] | None = None) -> ProofNode:
        """The proof tree of a proven OR node (attacker to move) at the current position.

        Where several moves win, the one with the shortest proof (the first such) is
        kept. The lengths are worked out first (``_proof_length``, no nodes built), and
        only the chosen moves' proofs are built: building every winning move's proof to
        compare them took longer than the search on some cases."""
        memo = {} if memo is None else memo
        node = memo.get(key)
        if node is not None:
            return node
        core, a, d = self.core, self.a, self.d
        e = self.tt[key]
        assert e.pn == 0, "not proven"
        if e.how and e.how[0] == "five":
            node = ProofNode(move=e.how[1], length=1, final="five")
        elif e.how and e.how[0] == "vcf":
            node = self.line_proof(e.how[1])
        else:
            move, reply, ckey = self._shortest_child(key, e)
            # (a proof built already is taken without playing its stones: in a DAG most
            # are, and each stone put and taken off updates the core's shape masks)
            sub = memo.get(ckey)
            if sub is None:
                core.enter(move, a, reply, d)
                sub = self.proof(ckey, memo) if reply >= 0 else self._and_proof(move, ckey, memo)
                core.leave(move, reply)
            if reply >= 0:
                node = ProofNode(move=move, length=sub.length + 1, replies={reply: sub})
            else:
                node = _after_threat(sub, move)
        memo[key] = node
        return node

    def _shortest_child(self, key: int, e: _Entry) -> tuple[int, int, int]:
        """The proven child of the proven OR node ``key`` with the shortest proof (the
        first of them): ``(move, reply or -1, child key)``."""
        core, a, d = self.core, self.a, self.d
        proven = self.proven_children(key, e)
        if len(proven) == 1:
            return proven[0]  # (no lengths to compare)
        best: tuple[int, int, int] | None = None
        best_length = 0
        for move, reply, ckey in proven:
            core.enter(move, a, reply, d)
            length = self._proof_length(ckey) + (reply >= 0)
            core.leave(move, reply)
            if best is None or length < best_length:
                best, best_length = (move, reply, ckey), length
        assert best is not None
        return best

    def _proven(self, key: int) -> bool:
        e = self.tt.get(key)
        return e is not None and e.pn == 0

    def _proof_length(self, key: int) -> int:
        """The length of the proof ``proof`` (OR) or ``_and_proof`` (AND, the threat
        counted) would build for the proven node ``key`` here, without building it."""
        lengths = self._lengths
        if key in lengths:
            return lengths[key]
        e = self.tt[key]
        if key & 1:
            floor = 0
            for m, _, ckey in self.children_of(key, e):
                self.core.enter(m, self.d)
                floor = max(floor, self._proof_length(ckey))
                self.core.leave(m)
            length = max(floor, self._refutations(key, e, floor)[1]) + 1
        elif e.how and e.how[0] == "five":
            length = 1
        elif e.how and e.how[0] == "vcf":
            length = (len(e.how[1]) + 1) // 2
        else:
            move, reply, ckey = self._shortest_child(key, e)
            self.core.enter(move, self.a, reply, self.d)
            length = self._proof_length(ckey) + (reply >= 0)
            self.core.leave(move, reply)
        lengths[key] = length
        return length

    def _refutations(
        self, key: int, e: _Entry, floor: int
    ) -> tuple[Mapping[int, tuple[int, ...]], int]:
        """The refuted defences of the proven AND node ``key`` here, each with a VCF that
        refutes it, and the attacker moves of the longest of those VCFs (of those longer
        than ``floor``, where some were shortened); ``floor``: the longest proof among
        the node's children (the node's length is the longer of the two, plus one).

        The same deterministic split as at expansion, now with certificates (and the
        whole VCF budget: the search's node limit may be spent). The node's defences
        (its children) are passed as known: each failed a complete VCF search in that
        split, and is not searched again. The core gives the longest length as it goes
        (cheaper than taking it here from the refutations).

        The certificates are kept short, as a main line shows the longest resistance:
        a refuted defence that seems to resist longest only because its VCF is a long
        one would be shown instead of a real defence. So the split replays the
        attacker's shortest VCF here (found from the threat's line, which is the first
        VCF found, not the shortest), not that line; and the certificates longer than
        ``floor`` and than every one shortened so far are shortened in turn, the
        longest first, each to the shortest VCF after its defence (``_shortened``).
        Without this, main lines could end on a refuted defence whose VCF was longer
        than needed."""
        found = self._refuted.get(key)
        if found is None:
            assert e.children is not None
            r = (key >> 1) & MAX_R
            line = e.threat_line
            if len(line) > 1:
                status, short, spent = self.core.vcf(
                    self.a, (len(line) + 1) // 2 - 1, self.vcf_budget, True
                )
                self._base_nodes += spent
                if status == WIN:
                    line = short
            status, _, split, spent, longest = self.core.defences(
                self.a, self._depth(r), line, self.vcf_budget, True, e.children
            )
            refs: Mapping[int, tuple[int, ...]] = split
            self._base_nodes += spent  # proof building is not search: keep the node count
            if status == UNKNOWN:
                # (a refuted move would be missing: no proof rather than a wrong one)
                if self.core.expired:
                    raise self._expired()
                raise Stopped("a refutation search ran out of nodes")
            if longest > floor:
                refs, longest = self._shortened(refs, floor)
            found = self._refuted[key] = (refs, longest)
        return found

    def _shortened(
        self, refs: Mapping[int, tuple[int, ...]], floor: int
    ) -> tuple[Mapping[int, tuple[int, ...]], int]:
        """``refs`` with each certificate longer than ``floor`` moves, and than every
        one shortened before it (the longest first, ties in point order), replaced by
        the shortest VCF after its defence; and the moves of the longest certificate
        still longer than ``floor`` (0 if none is: the node's length is then its longest
        child's)."""
        core, a, d = self.core, self.a, self.d
        best, changes = 0, {}
        for p, line in longer_than(refs, floor):
            moves = (len(line) + 1) // 2
            if moves <= max(best, floor):
                best = max(best, moves)
                break
            core.put(p, d)
            status, short, spent = core.vcf(a, moves - 1, self.vcf_budget, True)
            core.remove(p)
            self._base_nodes += spent
            if status == WIN:
                changes[p] = short
                moves = (len(short) + 1) // 2
            elif status == UNKNOWN and core.expired:
                raise self._expired()
            best = max(best, moves)
        return (replaced(refs, changes) if changes else refs), best

    def _and_proof(
        self, move: int, key: int, memo: MutableMapping[Any, ProofNode] | None = None
    ) -> ProofNode:
        """The proof of the proven AND node ``key`` after the threat ``move`` (shared
        with the other threats that lead to the same position: transpositions)."""
        memo = {} if memo is None else memo
        seen = memo.get(key)
        if seen is not None:
            return _after_threat(seen, move)
        node = self._new_and_proof(move, key, memo)
        memo[key] = node
        return node

    def _new_and_proof(
        self, move: int, key: int, memo: MutableMapping[Any, ProofNode]
    ) -> ProofNode:
        core, d = self.core, self.d
        e = self.tt[key]
        assert e.children is not None
        replies: dict[int, ProofNode] = {}
        for m, _, ckey in self.children_of(key, e):
            sub = memo.get(ckey)
            if sub is None:
                core.enter(m, d)
                sub = self.proof(ckey, memo)
                core.leave(m)
            replies[m] = sub
        floor = max([n.length for n in replies.values()], default=0)
        refuted, longest = self._refutations(key, e, floor)
        longest = max(longest, floor)
        return ProofNode(move=move, length=longest + 1, replies=replies, refuted=refuted)

    def line_proof(self, line: tuple[int, ...]) -> ProofNode:
        """A linear proof node for a VCF ``line`` from the current position."""
        core, a, d = self.core, self.a, self.d
        for i in range(0, len(line) - 1, 2):
            core.put(line[i], a)
            core.put(line[i + 1], d)
        kind = final_kind(core, line[-1], a)
        for i in range(len(line) - 2, -1, -1):
            core.remove(line[i])
        return ProofNode.from_line(line, kind)
