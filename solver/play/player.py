"""The engine that plays: a move for the side to move, and why.

The design of a classic Japanese Renju program: the threat search decides whenever it
can, the evaluation only when it cannot.

1. A five, if there is one.
2. Our own forced win: a VCF, then a VCT, then (level 5) a tsume win with hidden threats,
   each within its share of the time (``solve`` with ``Limits``); else a block of the
   opponent's five, if he has one.
3. Else, if the opponent would win by force were we to pass (his VCF, then his VCT, then
   at level 5 his tsume win), a defence that holds: against a VCF every move after which
   he has none (the engine's ``defences``), against the others the likeliest moves; each
   candidate is verified by searching his VCF and VCT (and his tsume win, if that was the
   threat) again after it, best-valued first, so a defence that also attacks wins.
4. Else the best move by the weighted evaluation of shapes (:mod:`solver.play.shapes`),
   with a shallow search over the best few: a move after which the opponent has a VCF
   (a VCT, at levels 4 and 5) is rejected, one that leaves us a VCF threat (a VCT, at
   level 5) gets a bonus, and the opponent's best reply is subtracted.

Black never plays a forbidden point (every candidate is a legal move). Lower levels
search less and pick among the good moves with a choice seeded by the position and the
level, so a level always answers a position the same way (given the time to use its
node budgets: ``--time`` stops every search on a slow machine).

>>> from solver.rules.board import Board
>>> choice = choose_move(Board.from_moves("h8 a1 i8 a2 j8 a3"), level=5, seconds=1)
>>> point_name(choice.move), choice.why, [point_name(p) for p in choice.line]
('g8', 'vcf', ['g8'])
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.errors import PositionError, ProofRejected, SolverError
from solver.play.shapes import FIVE_VALUE, candidates, move_values, point_value
from solver.rules.board import Board
from solver.rules.notation import NPOINTS, Move, Point, point_name
from solver.search.api import (
    DEFAULT_MEMORY_MB,
    Goal,
    Limits,
    SolveResult,
    Verdict,
    position_text,
    solve,
)

__all__ = ["LEVELS", "Choice", "Level", "choose_move"]


@dataclass(frozen=True)
class Level:
    """What one level does: the searches it runs (``goals`` for its own win, ``guard``
    against the opponent's), how many moves its shallow search looks at (``width``), how
    many good moves it picks among (``pick``, within ``spread`` of the best value), and
    the share of the node budget it spends (``effort``)."""

    goals: tuple[Goal, ...]
    guard: tuple[Goal, ...]
    width: int
    pick: int
    spread: float
    effort: float


LEVELS: dict[int, Level] = {
    1: Level((Goal.VCF,), (), 0, 5, 0.4, 0.05),
    2: Level((Goal.VCF,), (Goal.VCF,), 3, 3, 0.7, 0.2),
    3: Level((Goal.VCF, Goal.VCT), (Goal.VCF,), 5, 2, 0.85, 0.5),
    4: Level((Goal.VCF, Goal.VCT), (Goal.VCF, Goal.VCT), 8, 1, 1.0, 1.0),
    5: Level((Goal.VCF, Goal.VCT, Goal.TSUME), (Goal.VCF, Goal.VCT, Goal.TSUME), 10, 1, 1.0, 1.0),
}
"""The levels, 1 (weakest) to 5 (strongest, the default)."""

# Nodes a second the budgets assume (the compiled search does about a million on one
# core of the development machine): node budgets make a level's answer the same from run to run, the deadline only
# guards against a slow machine.
NODES_PER_SECOND = 1_000_000
# the shares of the time: own VCF, VCT, tsume; the opponent's (0.55 in all, so that at
# least a fifth is left for a defence's verification or the evaluation's shallow search)
_SHARE = {Goal.VCF: 0.08, Goal.VCT: 0.15, Goal.TSUME: 0.1}
_GUARD_SHARE = {Goal.VCF: 0.06, Goal.VCT: 0.1, Goal.TSUME: 0.06}
_SAFETY = 0.7  # of the time given, the part the searches may use (the rest: overhead)
_HARD = 0.85  # of the time given, the end of the last quick checks
_QUICK_NODES = 2_000  # the opponent's VCF after a candidate, once the searches' time is up
_THREAT_BONUS = 20_000  # a move that leaves us a VCF threat
_REPLY_WEIGHT = 0.5  # of the opponent's best reply value, subtracted
_VERIFY_MAX = 12  # defences against a VCT tried at most


@dataclass
class Choice:
    """The engine's move (``None``: a pass, only when no legal move is left) and why:
    ``vcf``, ``vct``, ``tsume`` (its own forced win, ``line`` the winning line),
    ``defence`` (the opponent threatens a win, ``threat`` his line were we to pass) or
    ``eval`` (the evaluation's choice)."""

    move: Move
    why: str
    line: list[Point] = field(default_factory=list)
    threat: list[Point] = field(default_factory=list)
    level: int = 5
    nodes: int = 0
    seconds: float = 0.0
    # the checker's rejection of the win this move was first chosen for (the move is then
    # played unclaimed, as ``eval``: see ``choose_move``'s ``unclaim_rejected``)
    rejected: str = ""

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``renju move``."""
        return {
            "move": "pass" if self.move is None else point_name(self.move),
            "why": self.why,
            "line": [point_name(p) for p in self.line],
            "threat": [point_name(p) for p in self.threat],
            "level": self.level,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


class _Clock:
    """The time and node budget of one move, shared out among the searches."""

    def __init__(
        self,
        seconds: float,
        effort: float,
        should_stop: Callable[[], bool] | None,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ):
        self.start = time.monotonic()
        self.memory_mb = memory_mb
        self.seconds = seconds
        self.end = self.start + seconds * _SAFETY
        self.nodes_total = max(2_000, int(seconds * effort * NODES_PER_SECOND))
        self.should_stop = should_stop
        self.nodes = 0

    def left(self) -> float:
        return self.end - time.monotonic()

    def out(self) -> bool:
        return self.left() <= 0 or (self.should_stop is not None and self.should_stop())

    def limits(self, share: float) -> Limits:
        """Limits for a search allowed ``share`` of the budget (less if time is short)."""
        return Limits(
            time=max(0.001, min(self.seconds * share, self.left())),
            nodes=max(500, int(self.nodes_total * share)),
            memory_mb=self.memory_mb,
        )

    def solve(self, board: Board, goal: Goal, share: float) -> SolveResult:
        if self.out():
            return SolveResult(Verdict.UNKNOWN, board.to_move, goal, reason="time")
        result = solve(board, goal, self.limits(share), check=False, should_stop=self.should_stop)
        self.nodes += result.nodes
        return result

    def shorten(self, board: Board, found: SolveResult, share: float) -> SolveResult:
        """A shorter win than ``found`` if one is found within ``share`` (the first win
        a search meets can be long; with its length as the bound, the shortest is cheap
        to look for), else ``found``."""
        if found.moves is None or found.moves <= 2 or self.out():
            return found
        limits = self.limits(share)
        bounded = limits.replace(max_moves=found.moves)
        shorter = solve(
            board,
            found.goal,
            bounded,
            shortest=True,
            check=False,
            should_stop=self.should_stop,
        )
        self.nodes += shorter.nodes
        proven = shorter.result is Verdict.PROVEN and bool(shorter.line)
        if proven and shorter.moves is not None and shorter.moves < found.moves:
            return shorter
        return found


def choose_move(
    board: Board,
    level: int = 5,
    seconds: float = 1.0,
    *,
    should_stop: Callable[[], bool] | None = None,
    check: bool = True,
    unclaim_rejected: bool = False,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> Choice:
    """The engine's move for the side to move of ``board`` (left unchanged), within
    ``seconds`` (polling ``should_stop``, if given, to stop early with the best so far).
    ``check``: a move chosen as a forced win (``why`` a goal) has its proof re-checked
    by the independent checker first (off: for a caller that shows no claim).
    ``unclaim_rejected``: a win the checker rejects is not an error; its first move is
    played without the claim (``why`` ``eval``, the rejection in ``rejected``), for a
    game that must go on. ``memory_mb``: each search's table memory (``Limits.memory_mb``).

    Raises:
        PositionError: the position already holds a five, or the level is not 1-5.
        SolverError: the move chosen is not legal (a fault of the engine, never expected).
        ProofRejected: the checker rejected the win the move was chosen for (unless
            ``unclaim_rejected``).
    """
    if level not in LEVELS:
        raise PositionError(f"no engine level {level!r} (expected 1 to 5)")
    five = board.five_on_board()
    if five is not None:
        raise PositionError(f"the game is over: {five.label()} has a five")
    spec = LEVELS[level]
    clock = _Clock(seconds, spec.effort, should_stop, memory_mb)
    board = board.copy()
    try:
        choice = _choose(board, level, spec, clock, check)
    except _Rejected as exc:
        if not unclaim_rejected:
            raise exc.error from None
        choice = Choice(exc.move, "eval", [exc.move], rejected=str(exc.error))
    choice.level = level
    choice.nodes = clock.nodes
    choice.seconds = time.monotonic() - clock.start
    if choice.move is not None and not board.is_legal(choice.move):  # (a fault, never input)
        raise SolverError(
            f"the engine chose {point_name(choice.move)}, not a legal move, in the position "
            f"{position_text(board)}"
        )
    return choice


def _choose(board: Board, level: int, spec: Level, clock: _Clock, check: bool = True) -> Choice:
    core = board.core
    me = int(board.to_move)
    them = 3 - me
    legal = _legal(board)
    if not legal:
        return Choice(None, "eval")
    mine = [p for p in core.five_points(me) if board.is_legal(p)]
    if mine:
        return Choice(mine[0], "vcf", [mine[0]])
    # 2. our own forced win (against a four of his, it starts with the block)
    for goal in spec.goals:
        result = clock.solve(board, goal, _SHARE[goal])
        if result.result is Verdict.PROVEN and result.line:
            result = clock.shorten(board, result, _SHARE[goal])
            if check:
                try:
                    _check_win(board, result)
                except ProofRejected as error:
                    raise _Rejected(result.line[0], error) from None
            return Choice(result.line[0], goal.value, list(result.line))
    theirs = core.five_points(them)
    if theirs:
        blocks = [p for p in theirs if board.is_legal(p)]
        move = blocks[0] if blocks else _best(board, legal)
        return Choice(move, "defence", [move], [theirs[0]])
    # 3. the opponent's threat, were we to pass
    passed = board.copy()
    passed.to_move = passed.to_move.opponent
    for goal in spec.guard:
        result = clock.solve(passed, goal, _GUARD_SHARE[goal])
        if result.result is Verdict.PROVEN and result.line:
            move = _defend(board, goal, result.line, spec, clock)
            return Choice(move, "defence", [move], list(result.line))
    # 4. the evaluation and a shallow search
    move = _evaluate(board, level, spec, clock)
    return Choice(move, "eval", [move])


class _Rejected(Exception):
    """The checker rejected the win ``move`` was chosen for (``error`` says why)."""

    def __init__(self, move: Point, error: ProofRejected) -> None:
        super().__init__(str(error))
        self.move = move
        self.error = error


def _check_win(board: Board, result: SolveResult) -> None:
    """Re-check the proof of the win a move is chosen for (as ``renju solve`` does).

    Raises:
        ProofRejected: naming the position and the node that does not hold.
    """
    from solver.search.checker import ProofError, check_proof

    assert result.tree is not None
    try:
        check_proof(board, result.tree, result.goal.value)
    except ProofError as exc:
        raise ProofRejected(
            f"the checker rejected the engine's {result.goal.value} win for "
            f"{result.attacker.label()} ({exc}) in the position {position_text(board)}"
        ) from None


def _legal(board: Board) -> list[Point]:
    """The legal moves of the side to move, in point order."""
    return [p for p in range(NPOINTS) if board.is_legal(p)]


def _best(board: Board, points: list[Point]) -> Point:
    """The best-valued of ``points`` (legal moves), the first if none is near a stone."""
    values = move_values(board, points)
    return min(points, key=lambda p: (-values.get(p, 0.0), p))


def _defend(board: Board, goal: Goal, threat: list[Point], spec: Level, clock: _Clock) -> Point:
    """A move that stops the opponent's ``threat`` (his ``goal`` win were we to pass):
    the best-valued candidate after which he has neither a VCF nor a VCT (nor a tsume
    win, when that is the threat) as far as the level guards, else the best-valued
    candidate (against a VCF, one that at least stops it)."""
    core = board.core
    me = int(board.to_move)
    them = 3 - me
    if goal is Goal.VCF:
        core.set_deadline(clock.end, clock.should_stop)
        try:
            _, defs, _, nodes, _ = core.defences(
                them, 112, tuple(threat), clock.limits(0.1).nodes or 0, False
            )
        finally:
            core.set_deadline(None)
        clock.nodes += nodes
        pool = candidates(board, defs) if defs else []
    else:
        near = candidates(board)[:_VERIFY_MAX]
        extra = [p for p in threat if board.is_legal(p)] + [
            p for p in core.four_moves(me) if board.is_legal(p)
        ]
        pool = candidates(board, sorted(set(near) | set(extra)))
    if not pool:
        # no defence holds: the move most likely to trouble him (his line's first point)
        first = threat[0]
        return first if board.is_legal(first) else _best(board, _legal(board))
    # the best-valued, and the first points of his line (where a defence most often is)
    opening = set(threat[:4])
    tried = [p for i, p in enumerate(pool) if i < _VERIFY_MAX or p in opening]
    # his wins searched again after each candidate: the VCF and VCT; his tsume win only
    # when that is the threat (dear to search after every candidate)
    checks = [g for g in spec.guard if g is not Goal.TSUME or goal is Goal.TSUME]
    for p in tried:
        if clock.out():
            break
        board.push(p)
        try:
            holds = all(
                clock.solve(board, g, 0.25 / len(tried)).result is Verdict.DISPROVEN for g in checks
            )
        finally:
            board.pop()
        if holds:
            return p
    return pool[0]


def _evaluate(board: Board, level: int, spec: Level, clock: _Clock) -> Point:
    """The evaluation's move: the best few by value, each looked at one ply deeper (the
    opponent's VCF after it rejects it; our VCF threat after it adds a bonus; his best
    reply's value is subtracted), then a seeded pick among the good ones."""
    values = move_values(board)
    ranked = sorted(values, key=lambda p: (-values[p], p))
    if not ranked:
        return _best(board, _legal(board))
    core = board.core
    scored: dict[Point, float] = {}
    width = spec.width
    budget = clock.limits(0.02).nodes or 0
    share = 0.3 / max(width, 1)  # of the time, for each slow search after a candidate
    # Past the searches' time, the opponent's VCF is still looked for after each move
    # (a small budget, up to the move's own deadline): a move that loses to a VCF is the
    # one blunder an engine must not make.
    core.set_deadline(clock.start + clock.seconds * _HARD, clock.should_stop)
    try:
        for i, p in enumerate(ranked[: max(width, spec.pick)]):
            if i >= width:
                scored[p] = values[p]
                continue
            board.push(p)
            try:
                if clock.out():
                    scored[p] = _vcf_check(board, values[p], clock, min(budget, _QUICK_NODES))
                else:
                    scored[p] = _look_deeper(
                        board, values[p], ranked[:width], spec, clock, budget, share
                    )
            finally:
                board.pop()
    finally:
        core.set_deadline(None)
    order = sorted(scored, key=lambda p: (-scored[p], p))
    best = scored[order[0]]
    good = [order[0]] + [
        p for p in order[1 : spec.pick] if best > 0 and scored[p] >= best * spec.spread
    ]
    if len(good) == 1:
        return good[0]
    rng = random.Random(f"{level}:{board.hash}")
    return rng.choice(good)


def _look_deeper(
    board: Board,
    value: float,
    replies: list[Point],
    spec: Level,
    clock: _Clock,
    budget: int,
    share: float,
) -> float:
    """The score of the move just played (worth ``value`` by shape), the opponent to
    move: minus ``FIVE_VALUE`` if he then wins by force (a VCF, or a VCT for a level
    that guards against one), plus a bonus if we threaten a VCF (a VCT too, at level
    5), minus part of his best reply's value among ``replies``."""
    core = board.core
    them = int(board.to_move)
    me = 3 - them
    if _vcf_check(board, value, clock, budget) < value:
        return value - FIVE_VALUE
    if Goal.VCT in spec.guard and clock.solve(board, Goal.VCT, share).result is Verdict.PROVEN:
        return value - FIVE_VALUE
    status, _, nodes = core.vcf(me, 112, budget, False)
    clock.nodes += nodes
    if status == 1:
        value += _THREAT_BONUS
    elif Goal.TSUME in spec.goals:
        board.to_move = board.to_move.opponent
        try:
            if clock.solve(board, Goal.VCT, share).result is Verdict.PROVEN:
                value += _THREAT_BONUS
        finally:
            board.to_move = board.to_move.opponent
    cells = core.cell_bytes()
    reply = max((point_value(core, cells, q, them) for q in replies if not cells[q]), default=0)
    return value - _REPLY_WEIGHT * reply


def _vcf_check(board: Board, value: float, clock: _Clock, budget: int) -> float:
    """``value``, less ``FIVE_VALUE`` if the side to move has a VCF (within ``budget``)."""
    status, _, nodes = board.core.vcf(int(board.to_move), 112, budget, False)
    clock.nodes += nodes
    return value - FIVE_VALUE if status == 1 else value
