"""What the two df-pn loops share: node keys and child codes, the proof-number constants
(the compiled loop reads them from here: ``solver/search/dfpn_fast.pyx``), the table
entry, ``Stopped``, and the helpers on certificates. The reference loop is
``solver/search/dfpn_ref.py`` (``PureDfPn``), its compiled twin
``solver/search/dfpn_fast.pyx``; ``solver/search/dfpn.py`` chooses one (``DfPn``).
"""

from __future__ import annotations

import gc
from array import array
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from solver.engine.backend import Core
from solver.records import Record
from solver.search.proof import ProofNode

__all__ = [
    "AFTER_FOUR",
    "BOOK_MAX_R",
    "BOOK_VCF_DEPTH",
    "DEFENDER_VCF_DEPTH",
    "DEFENDER_VCF_NODES",
    "DEPENDENT_NEAR",
    "DEPENDENT_REACH",
    "EPSILON",
    "FIRST_PHASE_NODES",
    "HIDDEN_AFTER",
    "INF",
    "MAX_R",
    "THREAT_PN",
    "Stopped",
    "child_code",
    "final_kind",
    "forced_block_of_class",
    "longer_than",
    "node_key",
    "paused_gc",
    "replaced",
]

# Proof and disproof numbers: INF is a settled node's (proven: pn 0, dn INF). A node's sum
# of its children's numbers is capped at INF too, and in a DAG those sums count shared
# subtrees again and again: a lower cap can be reached by a sum and look like a settled
# node. Hence a cap no sum comes near, and a root left unsettled is reported as such
# (``_settled``), never as disproven. (2**55: the compiled loop sums up to 225 children's
# numbers in 64 bits before it caps them.)
INF = 2**55
DEFENDER_VCF_DEPTH = 112
# The defender's VCF at a generated OR node only spares threats that lose to it (threat
# generation skips them; searched, each would be disproven), so it gets this many nodes
# at most (see docs/performance.md).
DEFENDER_VCF_NODES = 1000
_OR, _AND = 0, 1
# the most attacker moves a node may still allow (``r`` has 8 bits in a node's key)
MAX_R = 255
# Book counting (``count="books"``, as Chinese "win in n" collections count): a VCF of any
# length counts as one move, and so does a run of consecutive fours. A node's ``r`` then
# holds the moves still allowed (at most ``BOOK_MAX_R``) and, in ``AFTER_FOUR``, whether
# the attacker's last move was a four (his next four is then free: the run is paid). Its
# VCF searches have no depth bound but ``BOOK_VCF_DEPTH``, more moves than a board holds.
# ``count="final-vcf"`` is the same without the free fours (``AFTER_FOUR`` never set).
AFTER_FOUR = 128
BOOK_MAX_R = AFTER_FOUR - 1
BOOK_VCF_DEPTH = 112


def node_key(h: int, r: int, kind: int) -> int:
    """A node's table key: the position's hash, the attacker moves still allowed ``r``
    and the kind (0 OR: attacker to move, 1 AND: defender to move after a threat), as
    one int ``hash << 9 | r << 1 | kind`` (no collision beyond the hash's own)."""
    return (h << 9) | (r << 1) | kind


def child_code(move: int, reply: int = -1) -> int:
    """A child as stored in its parent's ``children`` (an ``array('H')``): the move,
    and for a four its forced block (``reply``), as ``move | (reply + 1) << 8``."""
    return move | ((reply + 1) << 8)


# df-pn's threshold widening, 1 + EPSILON (see ``_widen``; chosen on the development
# cases: docs/performance.md)
EPSILON = 0.25
# The proof number a threat's AND node starts with, before it is expanded (df-pn+'s
# heuristic initial numbers): 2 when the threat's VCF if ignored is one move (a three, or
# a move making a double-four point), else 3. At 1, an OR node expanded every threat's AND
# node (each a split of every defender move) before it searched any deeper; from 2 it
# goes deeper into the threat with the fewest defences first.
THREAT_PN = (2, 3)
# a tsume OR node adds its hidden threats once its best four or three needs this many proofs
HIDDEN_AFTER = 16
# The first phase of a search (``PureDfPn._first_phase``): at most this many nodes of a
# search in which every attacker move below the root depends on the attack so far: on a
# line with one of his moves since the root, at most ``DEPENDENT_REACH`` points away, or
# at most ``DEPENDENT_NEAR`` points away in any direction (a square of 5x5 around it).
#
#     x . . . x . . . x      x: the points a move may take after the attacker's A
#     . x . . x . . x .      (reach 4 along the four lines, near 2 around it; the
#     . . x x x x x . .      rows below A are the same)
#     . . x x x x x . .
#     x x x x A x x x x
#
# A disproof pays the phase on top; see docs/performance.md.
FIRST_PHASE_NODES = 300_000
DEPENDENT_REACH = 4
DEPENDENT_NEAR = 2


def _widen(second: int) -> int:
    """The 1+epsilon trick (Pawlewicz and Lew): let the best child run until it is clearly
    worse than the second best, not merely worse, so the search switches less often."""
    if second >= INF:
        return INF - 1
    return min(INF - 1, int(second * (1 + EPSILON)) + 1)


@contextmanager
def paused_gc() -> Iterator[None]:
    """Pause Python's cyclic garbage collector for a search: its transposition table holds
    millions of entries without cycles, which the collector would rescan again and again.
    The previous state is restored afterwards."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


class Stopped(Exception):
    """Raised inside the search when a budget runs out or the caller asks to stop."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class _PhaseOver(Exception):
    """Raised inside the search when the first phase has spent its nodes."""


class Paused(Exception):
    """Raised inside the search when its slice of nodes (``slice_end``) is spent: the
    caller may take up the same search again later (``solve_or(..., resume=True)``),
    its table as the pause left it."""


class _Entry(Record):
    _fields = (
        "pn",
        "dn",
        "children",
        "how",
        "threat_line",
        "staged",
        "hidden",
        "hidden_cost",
        "work",
        "probed",
        "kids",
        "counter",
    )
    __slots__ = _fields
    pn: int
    dn: int
    # the moves to the children, as ``child_code``s: OR: the attacker's move and, for a
    # four, its block; AND: the defence. A child's key follows from its parent's
    # (``PureDfPn.child_key``), so an entry holds two bytes per child.
    children: array[int] | None
    # how a node was settled at expansion: ("five", p) | ("vcf", line) | ("refuted",)
    how: tuple[Any, ...]
    threat_line: tuple[int, ...]
    # tsume OR nodes expand in two stages: fours and threes first, hidden threats later
    # (0: no stage to come; 1: the hidden threats to come; 2: to come, and the node has
    # already returned once without them, see ``PureDfPn._mid``)
    staged: int
    # the index of the first hidden threat among the children, and the cost added to the
    # hidden threats' proof numbers (see the module docstring)
    hidden: int
    hidden_cost: int
    # df-pn expansions spent under this node (which settled entries to drop first)
    work: int
    # an OR node first only probed (five, VCF, a guess of its disproof number); its
    # children are generated when the search comes back to it
    probed: bool
    # the children's entries, looked up once (None: not in the table yet); dropped when
    # the memory bound collects the table
    kids: list[_Entry | None] | None
    # a generated OR node: the defender's VCF if the attacker passed (threats must stop it)
    counter: tuple[int, ...]

    def __init__(
        self,
        pn: int = 1,
        dn: int = 1,
        children: array[int] | None = None,
        how: tuple[Any, ...] = (),
        threat_line: tuple[int, ...] = (),
        staged: int = 0,
        hidden: int = 1 << 30,
        hidden_cost: int = 0,
        work: int = 0,
        probed: bool = False,
        kids: list[_Entry | None] | None = None,
        counter: tuple[int, ...] = (),
    ) -> None:
        self.pn = pn
        self.dn = dn
        self.children = children
        self.how = how
        self.threat_line = threat_line
        self.staged = staged
        self.hidden = hidden
        self.hidden_cost = hidden_cost
        self.work = work
        self.probed = probed
        self.kids = kids
        self.counter = counter


def _after_threat(node: ProofNode, move: int) -> ProofNode:
    """The proof ``node`` of an AND node (defender to move), as reached by the threat
    ``move``: the same node if it was built for that threat, else a copy sharing its
    replies and refutations (a transposition: another threat, the same position)."""
    if node.move == move:
        return node
    return ProofNode(move=move, length=node.length, replies=node.replies, refuted=node.refuted)


def longer_than(
    refs: Mapping[int, tuple[int, ...]], moves: int
) -> list[tuple[int, tuple[int, ...]]]:
    """The certificates of more than ``moves`` attacker moves, as ``(point, line)``, the
    longest first, ties in point order (the compiled core's mapping does it in C)."""
    if not isinstance(refs, dict):
        return refs.longer_than(moves)  # type: ignore[attr-defined, no-any-return]
    out = [(p, line) for p, line in sorted(refs.items()) if (len(line) + 1) // 2 > moves]
    out.sort(key=lambda item: -len(item[1]))
    return out


def replaced(
    refs: Mapping[int, tuple[int, ...]], changes: dict[int, tuple[int, ...]]
) -> Mapping[int, tuple[int, ...]]:
    """``refs`` with the refuted points in ``changes`` given those lines."""
    if not isinstance(refs, dict):
        return refs.replaced(changes)  # type: ignore[attr-defined, no-any-return]
    merged = dict(refs)
    merged.update(changes)  # (the points keep their places: point order)
    return merged


def forced_block_of_class(core: Core, p: int, attacker: int, mode: int) -> bool:
    """Whether the attacker's block ``p`` of the defender's five point (his only move)
    may be a threat of the goal's class (``mode``): not forbidden for Black and, for
    ``vct``, a three by shape or a move after which he threatens an open four (a
    three he made before still stands: the block is forced, and the defender must still
    answer that three, as the proof checker's vct rule has it)::

        White g5 makes two threes (e5 f5 g5, g5 g6 g7); Black's four a1-a4 is his only
        reply; White's block a5 is no three, but both threes still stand.

    The VCF search after the block is the caller's."""
    if attacker == 1 and core.forbidden(p):
        return False
    if mode != 1 or core.is_three_move(p, attacker):
        return True
    core.put(p, attacker)
    try:
        return any(len(core.completions(q, attacker)) >= 2 for q in core.four_moves(attacker))
    finally:
        core.remove(p)


def final_kind(core: Core, p: int, attacker: int) -> str:
    """What the attacker's last move ``p`` (not yet played) does: ``five``,
    ``straight-four``, ``double-four`` or ``forbidden-block``."""
    if core.is_five(p, attacker):
        return "five"
    comps = core.completions(p, attacker)
    if len(comps) >= 2:
        lines = sum(1 for d in range(4) if (core.entry(d, p, attacker) >> 2) & 3)
        return (
            "double-four"
            if lines >= 2 or len(comps) > 2
            else _straight_or_double(core, p, attacker)
        )
    return "forbidden-block"


def _straight_or_double(core: Core, p: int, attacker: int) -> str:
    for d in range(4):
        if core.entry(d, p, attacker) & 16:  # STRAIGHT
            return "straight-four"
    return "double-four"
