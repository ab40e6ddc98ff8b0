"""Defending: which moves of the side to move stop the opponent's threatened win?

The side to move is the *defender*. The opponent (the *attacker*) threatens a win of the
goal's class within the move limit: the win he would have if the defender passed. For
every legal defender move, :func:`defend` says whether it holds (after it the attacker
has no such win) or fails, and then gives the attacker's winning reply, a line checked
by the independent proof checker (:func:`solver.search.checker.check_refutations`).

>>> from solver.rules.board import Board
>>> from solver.rules.notation import parse_point
>>> b = Board.from_stones("h8 i8 j8", "a1 a2", to_move="white")  # Black's open three
>>> answer = defend(b, "vcf")
>>> answer.threat.value, answer.complete, [point_name(p) for p in answer.defences]
('proven', True, ['g8', 'k8'])
>>> [point_name(p) for p in answer.refuted[parse_point("f8")]]
['k8']
>>> answer.to_dict()["refuted"]["a3"]
['g8']

What counts (RULES.md): a defender move that makes five holds; a counter-four is a
move like any other (the attacker must answer it, and the search does); a point
forbidden for Black is no move at all (listed in ``forbidden``, in neither list); a
block that gives Black a forbidden point the attacker then exploits loses like any
other move that fails.

How (the cost is the searches after each move, so they are saved where a proof
allows):

- ``vcf``: the engine core's ``defences`` splits every legal move in one compiled
  call: a move off the relevance zone of the threat's VCF is refuted by that VCF
  without a search, and the last VCFs that refuted a move are replayed before any
  search (a refuting line found once refutes many moves).
- ``vct``/``tsume``: the threat is solved first; after each move the attacker's VCF is
  tried, then the refutation trees found so far (the threat's own first), each
  re-checked by the proof checker in the new position (a tree it accepts is a
  refutation, and a checked one); only the moves that survive get a search of their own.

A budget that runs out leaves ``complete`` False: the moves not decided go to
``unknown``, never into either list.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from solver.errors import IllegalMoveError, PositionError, ProofRejected, RenjuError
from solver.rules.board import BLACK, Board, Color
from solver.rules.notation import NPOINTS, Point, point_name
from solver.search.api import UNBOUNDED, Goal, Limits, Verdict, position_text, solve
from solver.search.checker import ProofError, RefutationChecker, check_line, check_refutations
from solver.search.proof import ProofNode

__all__ = ["DefenceResult", "defend"]

# the refutation trees a vct/tsume split keeps to try on the next moves (latest first)
TREE_RING = 4
# a VCF search's node budget when the caller gave none
VCF_NODES = 2_000_000


@dataclass
class DefenceResult:
    """The answer of :func:`defend`: the threat and the split of the defender's moves.

    ``refuted`` maps each failing move to the attacker's winning line after it (attacker,
    defender, ..., attacker; the main line of ``trees[m]`` when the win is not a VCF);
    ``reasons`` says why each defence holds (``"makes five"``, ``"counter-four"``,
    ``"blocks"``: on the threat's line, ``"defends"``, ``"no threat"``)."""

    attacker: Color
    goal: Goal
    threat: Verdict
    defences: list[Point] = field(default_factory=list)
    refuted: dict[Point, tuple[Point, ...]] = field(default_factory=dict)
    complete: bool = True
    unknown: list[Point] = field(default_factory=list)
    forbidden: list[Point] = field(default_factory=list)
    threat_line: list[Point] = field(default_factory=list)
    reasons: dict[Point, str] = field(default_factory=dict)
    # the proof trees of the refutations that are not a VCF line (vct, tsume)
    trees: dict[Point, ProofNode] = field(default_factory=dict)
    max_moves: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    checked: bool = False
    check_seconds: float = 0.0
    reason: str = ""
    # the moves whose refutation the checker accepted during the split (a kept tree)
    _prechecked: set[Point] = field(default_factory=set, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object of ``renju defend`` (the issue's fields first)."""
        out: dict[str, Any] = {
            "attacker": self.attacker.label(),
            "goal": self.goal.value,
            "threat": self.threat.value,
            "defences": [point_name(p) for p in self.defences],
            "refuted": {
                point_name(m): [point_name(p) for p in line] for m, line in self.refuted.items()
            },
            "complete": self.complete,
            "unknown": [point_name(p) for p in self.unknown],
            "forbidden": [point_name(p) for p in self.forbidden],
            "threat_line": [point_name(p) for p in self.threat_line],
            "reasons": {point_name(m): why for m, why in self.reasons.items()},
            "max_moves": self.max_moves,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "checked": self.checked,
            "check_seconds": round(self.check_seconds, 4),
        }
        if self.reason:
            out["reason"] = self.reason
        return out

    def refutation(self, move: Point) -> ProofNode | None:
        """The attacker's winning proof after ``move`` (a tree; a VCF unfolded), or None."""
        if move in self.trees:
            return self.trees[move]
        line = self.refuted.get(move)
        return None if line is None else ProofNode.from_line(line)


class _Budget:
    """The time and node budget shared by every search of one call."""

    def __init__(self, limits: Limits, should_stop: Callable[[], bool] | None) -> None:
        self.start = time.monotonic()
        self.deadline = None if limits.time is None else self.start + limits.time
        self.nodes = 0
        self.node_limit = limits.nodes
        self.should_stop = should_stop

    def left(self) -> Limits | None:
        """The limits for the next search, or None once the budget is spent."""
        now = time.monotonic()
        if self.deadline is not None and now >= self.deadline:
            return None
        if self.node_limit is not None and self.nodes >= self.node_limit:
            return None
        if self.should_stop is not None and self.should_stop():
            return None
        return Limits(
            time=None if self.deadline is None else self.deadline - now,
            nodes=None if self.node_limit is None else self.node_limit - self.nodes,
        )

    def vcf_nodes(self) -> int:
        if self.node_limit is None:
            return VCF_NODES
        return max(1, min(VCF_NODES, self.node_limit - self.nodes))


def defend(
    board: Board,
    goal: Goal | str = Goal.VCF,
    limits: Limits | None = None,
    *,
    check: bool = True,
    should_stop: Callable[[], bool] | None = None,
    safe: bool = False,
    moves: Iterable[Point] | None = None,
) -> DefenceResult:
    """Split every legal move of the side to move (the defender) against the
    opponent's threat of a ``goal`` win within ``limits.max_moves`` attacker moves
    (see the module docstring). ``limits.time`` and ``limits.nodes`` bound the whole
    call; ``should_stop`` is polled. ``check`` (the default) re-checks the threat's
    proof and every refutation with the independent checker. ``safe`` searches without
    the pruning shortcuts (no relevance zones in the vcf split; ``solve(safe=True)``
    for vct/tsume): slower, a second look at the defences (each a disproof).
    ``moves``: split these moves only (a trainer judging one move, a stated defence);
    the answer's lists, ``forbidden`` too, then hold only them.

    Raises:
        IllegalMoveError: a point of ``moves`` is occupied or off the board.
        PositionError: the position already holds a five.
        RenjuError: ``limits.count`` is not ``plain``.
        ProofRejected: the checker rejected a refutation found (a solver fault).
    """
    goal = Goal.parse(goal)
    limits = limits or Limits()
    if limits.count != "plain":
        raise RenjuError(
            f"defend counts every attacker move: count {limits.count!r} is not supported"
        )
    five = board.five_on_board()
    if five is not None:
        raise PositionError(f"the position already has a five for {five.label()}")
    budget = _Budget(limits, should_stop)
    d = board.to_move
    a = d.opponent
    cap = limits.max_moves if limits.max_moves is not None else UNBOUNDED
    result = DefenceResult(a, goal, Verdict.UNKNOWN, max_moves=limits.max_moves)
    core = board.core
    result.forbidden = [
        m for m in range(NPOINTS) if not core.get(m) and d is BLACK and core.forbidden(m)
    ]
    only = None if moves is None else _asked(board, moves)
    if goal is Goal.VCF:
        _split_vcf(board, cap, budget, result, safe)
    else:
        _split_search(board, goal, limits, cap, budget, result, check, safe, only)
    if only is not None:
        _keep(result, only)
    if result.threat is Verdict.UNKNOWN and not result.reason:
        result.reason = "the threat could not be decided"
    result.complete = not result.unknown and result.threat is not Verdict.UNKNOWN
    result.nodes = budget.nodes
    result.seconds = time.monotonic() - budget.start
    if check:
        _check(board, goal, limits, result)
    return result


def _asked(board: Board, moves: Iterable[Point]) -> set[Point]:
    """The points of ``moves``, each empty.

    Raises:
        IllegalMoveError: quoting a point that is occupied or off the board.
    """
    out = set()
    for m in moves:
        if not 0 <= m < NPOINTS:
            raise IllegalMoveError(f"not a point index: {m!r}")
        if board.core.get(m):
            raise IllegalMoveError(f"{point_name(m)} is occupied")
        out.add(m)
    return out


def _keep(result: DefenceResult, only: set[Point]) -> None:
    """Cut the answer down to the moves asked."""
    result.defences = [m for m in result.defences if m in only]
    result.refuted = {m: v for m, v in result.refuted.items() if m in only}
    result.unknown = [m for m in result.unknown if m in only]
    result.forbidden = [m for m in result.forbidden if m in only]
    result.reasons = {m: v for m, v in result.reasons.items() if m in only}
    result.trees = {m: v for m, v in result.trees.items() if m in only}


def _reason(board: Board, m: Point, result: DefenceResult) -> str:
    """Why the defence ``m`` holds (see :class:`DefenceResult`)."""
    core, d = board.core, int(board.to_move)
    if core.is_five(m, d):
        return "makes five"
    if result.threat is Verdict.DISPROVEN:
        return "no threat"
    if core.is_four_move(m, d):
        return "counter-four"
    if any(_on_line_near(m, q) for q in result.threat_line[::2]):
        return "blocks"
    return "defends"


def _on_line_near(p: Point, q: Point) -> bool:
    """``p`` is ``q`` or on one of its four lines within five points."""
    dc, dr = abs(p % 15 - q % 15), abs(p // 15 - q // 15)
    return (dc == 0 or dr == 0 or dc == dr) and max(dc, dr) <= 5


def _split_vcf(board: Board, cap: int, budget: _Budget, result: DefenceResult, safe: bool) -> None:
    """The vcf split: the threat's VCF, then one call of the core's ``defences``."""
    core = board.core.copy()
    if safe and hasattr(core, "zones"):
        core.zones = False  # (the compiled core's relevance zones; the pure core has none)
    core.set_deadline(budget.deadline, budget.should_stop)
    a, d = int(result.attacker), 3 - int(result.attacker)
    status, line, nodes = core.vcf(a, cap, budget.vcf_nodes(), True)
    budget.nodes += nodes
    result.threat = {1: Verdict.PROVEN, 0: Verdict.DISPROVEN}.get(status, Verdict.UNKNOWN)
    result.threat_line = list(line)
    if budget.left() is None:
        result.unknown = _legal(board)
        result.reason = "out of budget"
        return
    status, defs, refs, nodes, _ = core.defences(a, cap, tuple(line), budget.vcf_nodes(), True)
    budget.nodes += nodes
    fives = set(core.five_points(d))
    refuted = {m: tuple(v) for m, v in refs.items() if m not in fives}
    holding = sorted({*defs, *(m for m in refs if m in fives)})
    if status != 0 or core.expired:
        # some search ran out: each defence it kept is asked again on its own
        kept, holding = holding, []
        for m in kept:
            if m in fives:
                holding.append(m)
                continue
            left = budget.left()
            if left is None:
                result.unknown.append(m)
                continue
            core.put(m, d)
            st, vline, n = core.vcf(a, cap, budget.vcf_nodes(), False)
            core.remove(m)
            budget.nodes += n
            if st == 1:
                refuted[m] = tuple(vline)
            elif st == 0:
                holding.append(m)
            else:
                result.unknown.append(m)
        if result.unknown:
            result.reason = "out of budget"
    result.defences = holding
    result.refuted = dict(sorted(refuted.items()))
    result.reasons = {m: _reason(board, m, result) for m in holding}


def _legal(board: Board) -> list[Point]:
    core, d = board.core, board.to_move
    return [m for m in range(NPOINTS) if not core.get(m) and not (d is BLACK and core.forbidden(m))]


def _split_search(
    board: Board,
    goal: Goal,
    limits: Limits,
    cap: int,
    budget: _Budget,
    result: DefenceResult,
    check: bool,
    safe: bool,
    only: set[Point] | None,
) -> None:
    """The vct/tsume split: solve the threat, then for each move the attacker's VCF,
    the refutation trees kept so far (each re-checked by the checker here), a search."""
    d = int(board.to_move)
    threat_board = board.copy()
    threat_board.to_move = result.attacker
    left = budget.left()
    ring: list[ProofNode] = []
    if left is not None:
        found = solve(
            threat_board,
            goal,
            Limits(
                max_moves=limits.max_moves, time=left.time, nodes=left.nodes, count=limits.count
            ),
            check=check,
            should_stop=budget.should_stop,
            safe=safe,
        )
        budget.nodes += found.nodes
        result.threat = found.result
        if found.tree is not None:
            result.threat_line = found.tree.main_line()
            ring.append(found.tree)
    work = board.copy()
    core = work.core
    fives = set(core.five_points(d))
    trial = RefutationChecker(board, goal.value, limits.max_moves)
    main_lines: dict[int, tuple[Point, ...]] = {}  # (a kept tree refutes many moves)
    for m in _legal(board):
        if only is not None and m not in only:
            continue
        if m in fives:
            result.defences.append(m)
            continue
        if budget.left() is None:
            result.unknown.append(m)
            continue
        work.push(m)
        try:
            outcome = _refute(work, goal, limits, cap, budget, ring, trial, safe)
        finally:
            work.pop()
        if outcome is None:
            result.unknown.append(m)
        elif outcome is False:
            result.defences.append(m)
        elif isinstance(outcome, tuple) and isinstance(outcome[0], ProofNode):
            result.trees[m] = outcome[0]
            result.refuted[m] = _main_line(outcome[0], main_lines)
            result._prechecked.add(m)
        elif isinstance(outcome, ProofNode):
            result.trees[m] = outcome
            result.refuted[m] = _main_line(outcome, main_lines)
        else:
            result.refuted[m] = outcome
    if result.unknown:
        result.reason = "out of budget"
    result.reasons = {m: _reason(board, m, result) for m in result.defences}


def _main_line(tree: ProofNode, known: dict[int, tuple[Point, ...]]) -> tuple[Point, ...]:
    """``tree``'s main line, made once per tree (``known``, by the tree's id)."""
    if id(tree) not in known:
        known[id(tree)] = tuple(tree.main_line())
    return known[id(tree)]


def _refute(
    work: Board,
    goal: Goal,
    limits: Limits,
    cap: int,
    budget: _Budget,
    ring: list[ProofNode],
    trial: RefutationChecker,
    safe: bool,
) -> ProofNode | tuple[Point, ...] | tuple[ProofNode] | Literal[False] | None:
    """The attacker's win after a defender move (``work``: attacker to move): a VCF
    line, a proof tree (alone in a tuple: a kept tree the checker, ``trial``, accepted
    after the move), False (none: the move holds) or None (out of budget)."""
    core, a = work.core, int(work.to_move)
    core.set_deadline(budget.deadline, budget.should_stop)
    status, line, nodes = core.vcf(a, cap, budget.vcf_nodes(), False)
    budget.nodes += nodes
    if status == 1:
        return tuple(line)
    m = work.moves[-1]
    assert m is not None
    for i, tree in enumerate(ring):
        if not trial.holds(m, tree):
            continue
        ring.insert(0, ring.pop(i))  # (the latest that worked first)
        return (tree,)
    left = budget.left()
    if left is None:
        return None
    found = solve(
        work,
        goal,
        Limits(max_moves=limits.max_moves, time=left.time, nodes=left.nodes, count=limits.count),
        check=False,  # (every refutation is checked at the end, with the others)
        should_stop=budget.should_stop,
        safe=safe,
    )
    budget.nodes += found.nodes
    if found.result is Verdict.PROVEN:
        assert found.tree is not None
        ring.insert(0, found.tree)
        del ring[TREE_RING:]
        return found.tree
    return False if found.result is Verdict.DISPROVEN else None


def _check(board: Board, goal: Goal, limits: Limits, result: DefenceResult) -> None:
    """Re-check the threat's VCF (vcf) and every refutation with the checker.

    Raises:
        ProofRejected: naming the position and the refutation that does not hold.
    """
    start = time.monotonic()
    refs: dict[Point, tuple[Point, ...] | ProofNode] = {
        m: result.trees.get(m, line)
        for m, line in result.refuted.items()
        if m not in result._prechecked
    }
    try:
        if goal is Goal.VCF and result.threat is Verdict.PROVEN:
            threat_board = board.copy()
            threat_board.to_move = result.attacker
            check_line(threat_board, result.threat_line)
        check_refutations(board, refs, goal.value, limits.max_moves)
    except ProofError as exc:
        raise ProofRejected(
            f"the checker rejected a refutation of a {goal.value} defence against "
            f"{result.attacker.label()} ({exc}) in the position {position_text(board)}"
        ) from None
    finally:
        result.check_seconds = time.monotonic() - start
    result.checked = True
