"""Depth-first proof-number search (Nagai's df-pn) for VCT and tsume.

OR nodes (attacker to move) try, in order: a five; the block of the defender's five point
(the only move then); a VCF within the remaining moves (proven at once, with the VCF as
certificate); then the attacker's fours (each followed by its forced block) and threats
(moves after which the attacker has a VCF if the defender passes: threes for ``vct``,
also hidden threats — mise/fukumi — for ``tsume``, generated in a second stage, see
below). A new OR node is first only probed (five, VCF, and the number of
its four and three shapes as the initial disproof number, as in df-pn+); its children
are generated when the search comes back to it. A slow move that leaves the defender's
own VCF standing is not a threat (it would lose to that VCF): the defender's VCF is
computed once per OR node and threat generation skips such moves.

Hidden threats are costly to generate (a VCF search per candidate) and usually not needed,
so a tsume OR node adds them only once its fours and threes have failed or look hard: when
the best of them needs ``HIDDEN_AFTER`` proofs or more. They then enter at that price: each
hidden threat's proof number is raised by the node's ``hidden_cost`` (the best proof number
at that moment, less one), as df-pn+ charges a cost to a move, so the node's proof number
does not drop and the search does not rush into them. Waiting for every four and three
to fail, or no cost at all, did worse.

AND nodes (defender to move, after a threat): every legal defender move is considered:
a move after which the attacker still has a VCF is refuted (its VCF is the certificate,
rebuilt when a proof is asked for); the rest are the node's children. No defence is
dropped without such a proof. A slow attack that leaves the defender a VCF of his own
loses to it: threat generation skips such moves, and the VCF's first four is one of the
children of the rest (see ``_expand_and``).

A search runs in two phases (``solve_or``). The first allows below the root only attacker
moves that depend on his moves so far (on a line with one of them, a few points away: the
dependency of Allis's threat-space search), for a bounded number of nodes; a proof it
finds is a proof, as every defence is still answered. Otherwise the full search follows,
with the first phase's proofs, OR nodes (all their children: the dependency is applied
when a child is chosen) and AND splits, which hold for it too.

The search loop (``_mid``, ``_select``: thresholds, child choice) and the expansions of
new nodes (``_expand_or``, ``_generate_or``, ``_expand_and``, the threats' children) are
compiled when the extension is built (``solver/search/dfpn_fast.pyx``, ``CompiledDfPn``);
``PureDfPn`` is the whole search in Python and the reference: both visit the same nodes
(tested). ``DfPn`` is the one in use.

``r``, the attacker moves still allowed, is part of every node's key, so a proof found
under a bound is valid under that bound. The search is deterministic: children are
generated in point order and ties are broken by that order.
"""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Mapping, MutableMapping

from solver.engine.backend import Core
from solver.engine.contract import UNKNOWN, WIN
from solver.rules.zobrist import ZOBRIST
from solver.search.counting import COUNTS
from solver.search.dfpn_proof import ProofWalk
from solver.search.dfpn_shared import (
    _AND,
    _OR,
    AFTER_FOUR,
    BOOK_MAX_R,
    BOOK_VCF_DEPTH,
    DEFENDER_VCF_DEPTH,
    DEFENDER_VCF_NODES,
    DEPENDENT_NEAR,
    DEPENDENT_REACH,
    FIRST_PHASE_NODES,
    HIDDEN_AFTER,
    INF,
    MAX_R,
    THREAT_PN,
    Paused,
    Stopped,
    _Entry,
    _PhaseOver,
    _widen,
    child_code,
    forced_block_of_class,
    node_key,
)
from solver.search.dfpn_table import TableUpkeep

__all__ = ["PureDfPn"]


class PureDfPn(ProofWalk, TableUpkeep):
    """One df-pn search over a core position with a fixed attacker and goal.

    The whole search in Python: the reference. ``CompiledDfPn`` replaces its loop
    (``_mid``, ``_select``) and node expansions with compiled code and keeps the rest
    (stage two of threat generation, the memory bound, proofs).
    """

    _entry_class: type[_Entry] = _Entry

    def __init__(
        self,
        core: Core,
        attacker: int,
        mode: int,
        *,
        node_limit: int | None = None,
        deadline: float | None = None,
        max_entries: int = 2_000_000,
        should_stop: Callable[[], bool] | None = None,
        on_progress: Callable[[int, int], None] | None = None,
        vcf_budget: int = 2_000_000,
        count: str = "plain",
        safe: bool = False,
        phase_nodes: int | None = None,
    ) -> None:
        self.core = core
        self.a = attacker
        self.d = 3 - attacker
        self.mode = mode  # 0 vcf, 1 vct, 2 tsume
        # book counting (see ``AFTER_FOUR``): a VCF of any length is one move; ``runs``:
        # a run of fours is one move too (``books``; not under ``final-vcf``)
        self.books = COUNTS.index(count) > 0
        self.runs = count == "books"
        # (a dict here; the compiled loop's ``tt`` turns it into its own table)
        self.tt: MutableMapping[int, _Entry] = {}
        self.expansions = 0
        self.node_limit = node_limit
        self.deadline = deadline
        self.max_entries = max_entries
        # the table size that triggers a collection: the bound, or more when the proven
        # entries alone (which are never dropped) fill half of it
        self.collect_at = max_entries
        # the table's collections so far (each time it was full and entries were dropped)
        self.collections = 0
        self.should_stop = should_stop
        self.on_progress = on_progress
        self.vcf_budget = vcf_budget
        self.incomplete = False
        # proof building's caches (``_proof_length``, ``_refutations``), emptied by every
        # search: more children may be proven after it
        self._lengths: dict[int, int] = {}
        # a proven AND node's refuted defences with their certificates, and the
        # attacker moves of the longest certificate (see ``_refutations``)
        self._refuted: dict[int, tuple[Mapping[int, tuple[int, ...]], int]] = {}
        core.set_deadline(deadline, should_stop)
        self._polls = 0
        self._base_nodes = int(core.nodes)
        # the first phase (``_first_phase``): whether attacker moves must depend on the
        # attack so far, his moves since the root (``path``), the node count that ends it
        self.restricted = False
        self.path: list[int] = []
        self.phase_end: int | None = None
        # the node count at which the search pauses (``Paused``), if any: searches
        # within several bounds take turns (``solver.search.api._narrow``)
        self.slice_end: int | None = None
        # its budget (``None``: ``FIRST_PHASE_NODES``; racing searches differ in it)
        self.phase_nodes = FIRST_PHASE_NODES if phase_nodes is None else phase_nodes
        self._make_safe(safe)

    def _make_safe(self, safe: bool) -> None:
        """``safe``: search without the pruning shortcuts, for a second look at a
        disproof: no first phase (``_first_phase``), a tsume OR node's hidden threats
        generated with its threes and at no cost (no staging, ``HIDDEN_AFTER``), the
        VCF searched at every OR node (none taken as ruled out by its parent's), and
        the compiled core's relevance zones off (``zones``: every defence replayed or
        searched, every threat candidate searched; the pure core has none). Slower,
        the same answers if the shortcuts are right; the default (False) changes
        nothing."""
        self.safe = safe
        if safe and hasattr(self.core, "zones"):
            self.core.zones = False

    # -- budget ------------------------------------------------------------------------
    @property
    def nodes(self) -> int:
        """Search nodes so far: df-pn expansions plus VCF nodes."""
        return self.expansions + int(self.core.nodes) - self._base_nodes

    def _poll(self) -> None:
        self._polls += 1
        if self.phase_end is not None and self.nodes > self.phase_end:
            raise _PhaseOver()
        if self.slice_end is not None and not self.restricted and self.nodes > self.slice_end:
            raise Paused()  # (never inside a first phase: a resumed search skips it)
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise Stopped("node limit")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Stopped("time limit")
        if self.should_stop is not None and self.should_stop():
            raise Stopped("stopped")
        if self.on_progress is not None:
            self.on_progress(self.nodes, self.expansions)

    def _budget(self) -> int:
        if self.node_limit is None:
            return self.vcf_budget
        return max(1, min(self.vcf_budget, self.node_limit - self.nodes + 1))

    def _note(self, status: int) -> None:
        if status == UNKNOWN:
            if self.core.expired:
                raise self._expired()
            self.incomplete = True

    def _expired(self) -> Stopped:
        """Why the core stopped a search (``expired``): the caller asked, or time ran out."""
        if self.should_stop is not None and self.should_stop():
            return Stopped("stopped")
        return Stopped("time limit")

    # -- move counting -----------------------------------------------------------------
    def _depth(self, r: int) -> int:
        """The VCF depth that wins at a node with ``r``: ``r`` moves, any under books."""
        return BOOK_VCF_DEPTH if self.books else r

    def _threat_r(self, r: int) -> int:
        """The ``r`` of the AND node after a threat (a move that is not a four)."""
        return (r & BOOK_MAX_R) - 1 if self.books else r - 1

    def _four_r(self, r: int) -> int:
        """The ``r`` of the OR node after a four and its block: one move less, but under
        books a four after a four is free (the run of fours counts once)."""
        if not self.runs:
            return r - 1
        return r if r & AFTER_FOUR else (r - 1) | AFTER_FOUR

    # -- expansion ---------------------------------------------------------------------
    def _expand_or(self, key: int, r: int, no_vcf: bool = False) -> _Entry:
        """A new OR node: settled by a five, the defender's double five, or a VCF, else
        probed. ``no_vcf``: the attacker is known to have no VCF within ``r`` here (every
        OR node below the root: its parent's VCF search, or the defences computed at its
        AND parent, ruled one out), so the search for one is skipped, unless a search
        ran out of budget (then nothing is taken as known)."""
        core, a, d = self.core, self.a, self.d
        self.expansions += 1
        e = self._entry_class()
        self.tt[key] = e
        mine = core.five_points(a)
        if mine:
            e.pn, e.dn, e.how = 0, INF, ("five", mine[0])
            return e
        theirs = core.five_points(d)
        # (under books, moves left: ``b``; a VCF that continues a run of fours is free)
        b = r & BOOK_MAX_R if self.books else r
        if len(theirs) >= 2 or (b <= 0 and b == r):
            e.pn, e.dn = INF, 0
            return e
        if not (no_vcf and not self.incomplete and not self.safe):
            status, line, _ = core.vcf(a, self._depth(r), self._budget(), False)
            self._note(status)
            if status == WIN:
                e.pn, e.dn, e.how = 0, INF, ("vcf", line)
                return e
        if self.mode == 0 or b < 2:
            e.pn, e.dn = INF, 0
            return e
        if theirs:
            # The defender has a five point: blocking it is the attacker's only move.
            children = array("H")
            self._add_forced(children, r, theirs[0])
            e.children = children
            if not children:
                e.pn, e.dn = INF, 0
            return e
        # df-pn+ style initial numbers: the more fours and threes, the harder to disprove.
        # Half the points that make one by shape: many shapes are no threat (no VCF
        # behind the three, or the defender's VCF still wins).
        e.probed = True
        e.dn = max(1, (core.threat_shapes(a) + 1) // 2)
        return e

    def _generate_or(self, e: _Entry, r: int) -> None:
        """The children of a probed OR node: fours with their blocks, then threats."""
        core, a = self.core, self.a
        children = array("H", core.four_codes(a))
        # A slow move that leaves the defender's own VCF standing loses to it: threat
        # generation skips such moves (their AND nodes would be disproven at once).
        status, dline, _ = core.vcf(
            self.d, DEFENDER_VCF_DEPTH, min(DEFENDER_VCF_NODES, self._budget()), False
        )
        if status == UNKNOWN and core.expired:
            raise self._expired()
        e.counter = dline if status == WIN else ()
        # Stage one: threes (tsume adds hidden threats in stage two, see _more_threats).
        self._add_threats(children, r, 1, e.counter)
        e.staged = 1 if self.mode == 2 else 0
        e.children = children
        if self.safe:
            self._more_threats(e, r)  # (no staging: the hidden threats at once, no cost)
        if not children and not self._more_threats(e, r):
            e.pn, e.dn = INF, 0

    def _add_forced(self, children: array[int], r: int, p: int) -> None:
        """The child of an OR node whose only move is ``p``, the block of the defender's
        five point: a four (with its forced reply) or a threat of the goal's class."""
        core, a = self.core, self.a
        if core.is_four_move(p, a):
            self._add_four(children, r, p)
            return
        if not forced_block_of_class(core, p, a, self.mode):
            return
        if node_key(core.hash ^ ZOBRIST[a][p], self._threat_r(r), _AND) in self.tt:
            # A threat: an AND node is made only after a VCF found there, and this one's
            # would be found again. Most blocks are reached again: the defender's fours
            # and the attacker's blocks commute.
            children.append(p)
            return
        core.enter(p, a)  # (enter and leave: the masks are put back, not updated)
        status, tline, _ = core.vcf(a, self._depth(r) - 1, self._budget(), False)
        core.leave(p)
        self._note(status)
        if status == WIN:
            self._add_threat(children, r, p, tline)

    def _add_four(self, children: array[int], r: int, p: int) -> None:
        """Add the attacker's four ``p`` with its forced block as an OR child."""
        core, a, d = self.core, self.a, self.d
        comps = core.completions(p, a)
        q = comps[0]
        if len(comps) >= 2 or core.is_five(q, d) or (d == 1 and core.forbidden_after(q, p, a)):
            return  # a win would have been a VCF; a block that makes five loses
        children.append(child_code(p, q))

    def _add_threats(
        self,
        children: array[int],
        r: int,
        mode: int,
        counter: tuple[int, ...],
    ) -> None:
        core, a = self.core, self.a
        status, threats, _ = core.threats(a, self._depth(r), mode, self._budget(), counter)
        self._note(status)
        # The most forcing threats (shortest VCF if ignored) first; ties by point.
        for m, tline in sorted(threats, key=lambda t: (len(t[1]), t[0])):
            self._add_threat(children, r, m, tline)

    def _depends(self, p: int) -> bool:
        """Whether the attacker move ``p`` may be tried here: always, but in the first
        phase only if it depends on a move of his since the root (see
        ``FIRST_PHASE_NODES``). (A generated OR node keeps all its children: the first
        phase's choice is made when one is chosen, ``_select``, so its nodes serve the
        full search too.)"""
        if not self.restricted or not self.path:
            return True
        pc, pr = p % 15, p // 15
        for q in self.path:
            dc, dr = q % 15 - pc, q // 15 - pr
            k = max(abs(dc), abs(dr))
            if k <= DEPENDENT_NEAR or (
                k <= DEPENDENT_REACH and (dc == 0 or dr == 0 or abs(dc) == abs(dr))
            ):
                return True
        return False

    def _add_threat(
        self,
        children: array[int],
        r: int,
        m: int,
        tline: tuple[int, ...],
    ) -> None:
        """Add the threat ``m`` whose VCF if ignored is ``tline``. A new AND child starts
        with the proof number of ``THREAT_PN`` (see there)."""
        child = node_key(self.core.hash ^ ZOBRIST[self.a][m], self._threat_r(r), _AND)
        children.append(m)
        if child not in self.tt:
            pn = THREAT_PN[0] if len(tline) <= 1 else THREAT_PN[1]
            self.tt[child] = self._entry_class(pn=pn, threat_line=tline)
        else:
            self.tt[child].threat_line = tline

    def _more_threats(self, e: _Entry, r: int) -> bool:
        """Stage two of a tsume OR node: add the hidden threats; whether any were added."""
        if not e.staged:
            return False
        e.staged = False
        assert e.children is not None
        before = e.hidden = len(e.children)
        self._add_threats(e.children, r, 3, e.counter)
        return len(e.children) > before

    def _expand_and(self, key: int, r: int, e: _Entry) -> None:
        """A new AND node: its children are the defences, the defender moves after which
        the attacker has no VCF within ``r``; with none, it is proven.

        The defender's own VCF is not searched here. A slow attack that leaves him one
        loses, but the search finds that anyway, and cheaply: that VCF's first four
        leaves the attacker no VCF (he must block it, and a four his block makes is
        answered by a block that is a four), so it is among the defences; below it, his
        block is the attacker's only move, and unless it is a four or a threat the
        attack stops there (searched at every AND node, that VCF was rarely found and
        cost much). Threat generation still skips
        the slow moves after which the defender's VCF found at their OR node still
        wins (``_generate_or``)."""
        core, a = self.core, self.a
        self.expansions += 1
        # Every defence is split here (searched for a refutation) when the node is
        # expanded: lazier splits did worse. The order: the defender's fours (the
        # attacker's one move, his block, settles their subtree soonest), then the threat
        # line's points (they break its VCF), then the rest, each group in point order.
        # An unvisited child counts 1 to both numbers (``_select``), so the first of
        # equals goes first. Certificates are not kept here: ``_and_proof`` asks again.
        status, defs, _, _, _ = core.defences(
            a, self._depth(r), e.threat_line, self._budget(), False
        )
        self._note(status)
        line = set(e.threat_line)
        fours = {m for m in defs if core.is_four_move(m, self.d)}
        children = array("H", [m for m in defs if m in fours])
        children.extend([m for m in defs if m not in fours and m in line])
        children.extend([m for m in defs if m not in fours and m not in line])
        e.children = children
        if not children:
            e.pn, e.dn, e.how = 0, INF, ("refuted",)

    # -- the search --------------------------------------------------------------------
    def solve_or(self, r: int, after_four: bool = False, resume: bool = False) -> _Entry:
        """Search the current position (attacker to move) with ``r`` moves allowed: the
        root's entry, proven (pn 0) or disproven (dn 0). ``after_four``: under books,
        the attacker's last move was a four (see ``or_key``). ``resume``: the same
        search, paused (``Paused``), goes on: its first phase is not searched again."""
        key = self.or_key(r, after_four)
        self._lengths, self._refuted = {}, {}
        first = self.mode and self.phase_nodes and not self.safe and not resume
        if not (first and self._first_phase(key)):
            self._mid(key, INF - 1, INF - 1)
        return self._settled(self.tt[key])

    def _first_phase(self, key: int) -> bool:
        """Search the OR node ``key`` (the current position) with every attacker move
        below it depending on the attack so far (``_depends``), in a table of its own,
        until it is settled or ``phase_nodes`` nodes are spent; whether it was
        proven. Threat-space search (Allis) plays only such moves: a win is mostly a
        chain of them, and the moves it leaves out are the fours and threats that only
        delay (df-pn tries fours first, at a proof number of one: far fours and their
        subsets can take most of a search).
        A proof found so is a proof (every defence is still answered); a disproof is
        not, so the full search follows, given what stands (``_keep_first_phase``)."""
        main, self.tt = self.tt, {}
        self.restricted = True
        self.phase_end = self.nodes + self.phase_nodes
        try:
            self._mid(key, INF - 1, INF - 1)
        except _PhaseOver:
            pass
        finally:
            self.restricted = False
            self.phase_end = None
            first, self.tt = self.tt, main
            self._keep_first_phase(first)
        e = self.tt.get(key)
        return e is not None and e.pn == 0

    @staticmethod
    def _unsearched(key: int, e: _Entry) -> None:
        """Give the expanded entry ``e`` of the node ``key`` the numbers of a node not
        searched yet: a threat's (``THREAT_PN``) for an AND node, 1 and 1 for an OR node."""
        if key & 1:
            e.pn = THREAT_PN[0] if len(e.threat_line) <= 1 else THREAT_PN[1]
            e.dn = 1
        else:
            e.pn = e.dn = 1

    @staticmethod
    def _settled(e: _Entry) -> _Entry:
        """The root's entry ``e``, if the search settled it (else ``Stopped``: its
        numbers reached INF unsettled, see ``INF``)."""
        if e.pn != 0 and e.dn != 0:
            raise Stopped("the search's proof numbers overflowed")
        return e

    def or_key(self, r: int, after_four: bool = False) -> int:
        """The key of the current position, attacker to move, ``r`` moves allowed (more
        than ``MAX_R`` allow no more than it: the board cannot hold them; under books,
        more than ``BOOK_MAX_R``). ``after_four``: under books, the attacker's last move
        was a four, so a four or a VCF now continues its run (no move more)."""
        if self.books:
            flag = AFTER_FOUR if after_four and self.runs else 0
            return node_key(self.core.hash, min(r, BOOK_MAX_R) | flag, _OR)
        return node_key(self.core.hash, min(r, MAX_R), _OR)

    def and_key(self, r: int) -> int:
        """The key of the current position, defender to move after a threat."""
        return node_key(self.core.hash, min(r, BOOK_MAX_R if self.books else MAX_R), _AND)

    def child_key(self, key: int, code: int) -> int:
        """The key of the child ``code`` (a ``child_code``) of the node ``key``: after an
        OR node's four and its block, an OR node with one move less; after its threat, an
        AND node with one move less; after an AND node's defence, an OR node."""
        h, r = key >> 9, (key >> 1) & MAX_R
        if key & 1:
            return ((h ^ ZOBRIST[self.d][code]) << 9) | (r << 1)
        m, q = code & 255, (code >> 8) - 1
        if q >= 0:
            return ((h ^ ZOBRIST[self.a][m] ^ ZOBRIST[self.d][q]) << 9) | (self._four_r(r) << 1)
        return ((h ^ ZOBRIST[self.a][m]) << 9) | (self._threat_r(r) << 1) | _AND

    def solve_and(self, r: int, threat_line: tuple[int, ...]) -> _Entry:
        """Search the current position (defender to move after a threat)."""
        key = self.and_key(r)
        self._lengths, self._refuted = {}, {}
        if key not in self.tt:
            self.tt[key] = self._entry_class(threat_line=threat_line)
        self._mid(key, INF - 1, INF - 1)
        return self._settled(self.tt[key])

    def _mid(self, key: int, th_pn: int, th_dn: int, below: bool = False) -> None:
        """Search ``key`` until its numbers reach a threshold; ``below``: a node under the
        root of this search (its attacker has no VCF there, see ``_expand_or``). The
        node's entry is made and expanded, a settled node returned; then, until a
        threshold is reached, the best child is chosen (``_select``, the hidden threats
        added when it needs many proofs) and searched (``_mid_child``)."""
        start = self.expansions
        if self._polls % 16 == 0:
            self._poll()
        else:
            self._polls += 1
        is_or = not key & 1
        r = (key >> 1) & MAX_R
        e = self.tt.get(key)
        if is_or:
            if e is None or (e.children is None and e.pn and e.dn and not e.probed):
                e = self._expand_or(key, r, below)
            if e.children is None and e.pn and e.dn and e.pn < th_pn and e.dn < th_dn:
                self._generate_or(e, r)
        else:
            if e is None:
                e = self._entry_for_and(key)
            if e.children is None:
                self._expand_and(key, r, e)
        if e.pn == 0 or e.dn == 0 or not e.children:
            if e.children is not None and not e.children and e.pn and e.dn:
                e.pn, e.dn = (INF, 0) if is_or else (0, INF)
            e.work += self.expansions - start
            self.tt[key] = e
            return
        if len(self.tt) > self.collect_at:
            self._collect()
            self.collections += 1
        again = False
        while True:
            best_i, pn, dn, second = self._select(key, e, is_or, again)
            again = True
            if is_or and pn >= HIDDEN_AFTER and e.staged:
                # The hidden threats not generated yet count as a child of proof number
                # HIDDEN_AFTER and disproof number 1: they are generated only if the
                # search goes on at this node within its thresholds, or once it has
                # waited there already (``staged`` 2). (Generated at once, most were
                # generated where the fours and threes had just failed, at nodes the
                # search then left; waiting every time, a disproof paid for it: see
                # docs/performance.md.)
                if e.staged == 2 or (th_pn > HIDDEN_AFTER and max(dn, 1) < th_dn):
                    e.hidden_cost = pn - 1 if pn < INF else 0
                    if self._more_threats(e, r):
                        continue
                else:
                    e.staged = 2
                    pn, dn = HIDDEN_AFTER, max(dn, 1)
            e.pn, e.dn = pn, dn
            if e.pn >= th_pn or e.dn >= th_dn:
                e.work += self.expansions - start
                self.tt[key] = e  # (re)insert: a memory collection may have dropped it
                return
            self._mid_child(key, e, is_or, best_i, th_pn, th_dn, pn, dn, second)

    def _mid_child(
        self,
        key: int,
        e: _Entry,
        is_or: bool,
        best_i: int,
        th_pn: int,
        th_dn: int,
        pn: int,
        dn: int,
        second: int,
    ) -> None:
        """Search the child ``best_i`` of the node ``key`` (``pn``, ``dn``: its numbers,
        ``second``: the second-best child's) within the thresholds df-pn gives it, its
        stones put and removed."""
        core = self.core
        assert e.children is not None
        code = e.children[best_i]
        ckey = self.child_key(key, code)
        move, reply = code & 255, (code >> 8) - 1
        assert e.kids is not None
        ce = e.kids[best_i]
        cpn, cdn = (ce.pn, ce.dn) if ce else (1, 1)
        if is_or:
            c_th_pn = min(th_pn, _widen(second))
            if best_i >= e.hidden:
                c_th_pn -= e.hidden_cost  # (still above the child's proof number)
            c_th_dn = min(INF - 1, th_dn - dn + cdn)
        else:
            c_th_dn = min(th_dn, _widen(second))
            c_th_pn = min(INF - 1, th_pn - pn + cpn)
        if is_or:
            core.put(move, self.a)
            if reply >= 0:
                core.put(reply, self.d)
            self.path.append(move)
        else:
            core.put(move, self.d)
        try:
            self._mid(ckey, c_th_pn, c_th_dn, True)
            if e.kids is not None:  # (None if the table was collected meanwhile)
                e.kids[best_i] = self.tt[ckey]
        finally:
            if is_or:
                self.path.pop()
                if reply >= 0:
                    core.remove(reply)
                core.remove(move)
            else:
                core.remove(move)

    def children_of(self, key: int, e: _Entry) -> list[tuple[int, int, int]]:
        """The children of the expanded node ``key`` (entry ``e``), in order, as
        ``(move, reply or -1, child key)``."""
        assert e.children is not None
        return [(code & 255, (code >> 8) - 1, self.child_key(key, code)) for code in e.children]

    def proven_children(self, key: int, e: _Entry) -> list[tuple[int, int, int]]:
        """The children of ``children_of`` whose entries are proven, in order. (Proofs
        ask it at every OR node; the compiled loop's is in C.)"""
        return [c for c in self.children_of(key, e) if self._proven(c[2])]

    def _entry_for_and(self, key: int) -> _Entry:
        e = self._entry_class()
        self.tt[key] = e
        return e

    def _select(
        self, key: int, e: _Entry, is_or: bool, again: bool = False
    ) -> tuple[int, int, int, int]:
        """Best child index, the node's pn and dn, and the second-best child number.
        ``again``: not the first call of this ``_mid``; children absent from the table
        are then not looked up again, as none can have been stored since the last call
        (only the search below one child ran, and every position it stores holds that
        child's stones, which a sibling's lacks; see the compiled ``Loop._select``)."""
        children = e.children
        assert children is not None
        tt = self.tt
        kids = e.kids
        if kids is None or len(kids) != len(children):
            kids = e.kids = [tt.get(self.child_key(key, c)) for c in children]
            again = True  # (every child was just looked up)
        best_i, best, second = 0, INF + 1, INF
        total = 0
        hidden = e.hidden if is_or else len(kids)
        # the first phase: a generated OR node's children that do not depend on the
        # attack so far count as disproven (not its forced block, nor the root's moves)
        restricted = is_or and e.probed and self.restricted and self.path
        for i, ce in enumerate(kids):
            if ce is None and not again:
                ce = kids[i] = tt.get(self.child_key(key, children[i]))
            if restricted and not self._depends(children[i] & 255):
                own, other = INF, 0
            elif ce is None:
                own = other = 1
            elif is_or:
                own, other = ce.pn, ce.dn
            else:
                own, other = ce.dn, ce.pn
            if i >= hidden and 0 < own < INF:
                own = min(INF - 1, own + e.hidden_cost)
            total += other
            if own < best:
                best_i, second, best = i, best, own
            elif own < second:
                second = own
        if total > INF:
            total = INF
        if is_or:
            return best_i, best, total, second
        return best_i, total, best, second
