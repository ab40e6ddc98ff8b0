"""The engine's answer to a ``defend`` or ``points:KIND`` puzzle, and its verification.

A ``defend`` puzzle's answer is every move of the side to move that holds against the
opponent's threat of a ``goal`` win within ``max_moves`` (:func:`solver.search.defend.defend`,
``renju defend``); a ``points:KIND`` puzzle's is every point of the kind for the side to
move (:func:`solver.search.points.points`, ``renju points KIND``). :func:`engine_answer`
asks the engine; :func:`verify_task` (called by :func:`puzzles.verify.verify_puzzle`)
checks the stated answer against a complete engine answer and names each difference::

    stated defence h10 fails: i11 h12 i12      (the attacker's win after it)
    stated answer misses holding move j9
    stated point g7 is not a four-three point
    stated answer misses four-three point k10

A budget that runs out leaves the answer unknown (a problem: the puzzle is not shown
sound), never a guess.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from puzzles.model import Puzzle
from puzzles.themes import Facts, defence_themes, initial_rating, points_themes
from puzzles.verify_report import Budget, VerifyReport, position_problems, stated_themes
from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.rules.points import PointsKindError
from solver.search.api import DEFAULT_MEMORY_MB, Limits, Verdict

__all__ = ["TaskAnswer", "engine_answer", "verify_task"]


@dataclass
class TaskAnswer:
    """The engine's answer to a task.

    Attributes:
        points: every holding move (``defend``) or every point of the kind, in point order.
        complete: the answer is the whole set (False: the budget ran out first).
        result: ``proven`` (a real threat; for points: the set is complete),
            ``disproven`` (a ``defend`` puzzle whose opponent has no such win) or
            ``unknown``.
        refuted: a failing defence -> the attacker's winning line after it.
        forbidden: points the defender (Black) may not play.
        threat_line: the threat's main line (``defend``); its attacker moves, ``moves``.
        themes, facts: :mod:`puzzles.themes` for the puzzle.
        nodes: search nodes spent; reason: why the answer is incomplete.
    """

    points: list[Point] = field(default_factory=list)
    complete: bool = False
    result: str = "unknown"
    refuted: dict[Point, list[Point]] = field(default_factory=dict)
    forbidden: list[Point] = field(default_factory=list)
    threat_line: list[Point] = field(default_factory=list)
    moves: int | None = None
    themes: list[str] = field(default_factory=list)
    facts: Facts = field(default_factory=Facts)
    nodes: int = 0
    reason: str = ""


def engine_answer(
    puzzle: Puzzle,
    time: float | None = None,
    *,
    should_stop: Callable[[], bool] | None = None,
    check: bool = True,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> TaskAnswer:
    """The engine's answer to ``puzzle`` (a ``defend`` or ``points:KIND`` task).

    Raises:
        ValueError: a ``win`` puzzle (it has keys and a line, not an answer set).
        SolverError: a proof the independent checker rejected.
    """
    board = puzzle.board()
    limits = Limits(max_moves=puzzle.max_moves, time=time, count=puzzle.count, memory_mb=memory_mb)
    if puzzle.kind == "defend":
        return _defence(board, puzzle, limits, should_stop, check)
    kind = puzzle.point_kind
    if kind is None:
        raise ValueError(f"a {puzzle.kind} puzzle has no answer set (only defend and points)")
    return _points(board, kind, puzzle, limits, check)  # (bounded by the time limit only)


def _defence(
    board: Board,
    puzzle: Puzzle,
    limits: Limits,
    should_stop: Callable[[], bool] | None,
    check: bool,
) -> TaskAnswer:
    from solver.search.defend import defend

    found = defend(board, puzzle.goal, limits, check=check, should_stop=should_stop)
    line = list(found.threat_line)
    moves = (len(line) + 1) // 2 if line else None
    themes, facts = defence_themes(
        board, puzzle.goal, found.defences, moves or 0, found.refuted, found.nodes
    )
    return TaskAnswer(
        points=sorted(found.defences),
        complete=found.complete and found.threat is Verdict.PROVEN,
        result=found.threat.value,
        refuted={d: list(v) for d, v in found.refuted.items()},
        forbidden=sorted(found.forbidden),
        threat_line=line,
        moves=moves,
        themes=themes,
        facts=facts,
        nodes=found.nodes,
        reason=found.reason,
    )


def _points(board: Board, kind: str, puzzle: Puzzle, limits: Limits, check: bool) -> TaskAnswer:
    from solver.search.points import points

    found = points(board, kind, puzzle.goal, limits, check=check)
    themes, facts = points_themes(kind, found.points, puzzle.goal)
    reason = found.extra.get("reason", "")
    return TaskAnswer(
        points=sorted(found.points),
        complete=found.complete,
        result=Verdict.PROVEN.value if found.complete else Verdict.UNKNOWN.value,
        themes=themes,
        facts=facts,
        reason=reason if isinstance(reason, str) else "",
    )


def _names(points: list[Point]) -> str:
    return ", ".join(point_name(p) for p in points)


def verify_task(puzzle: Puzzle, report: VerifyReport, budget: Budget) -> None:
    """Check a ``defend`` / ``points:KIND`` puzzle into ``report`` (see the module
    docstring): a legal position, a complete engine answer, the stated answer equal to
    it, the stated themes equal to the engine's.

    Raises:
        SolverError: a proof the independent checker rejected.
    """
    position, stated_problems = position_problems(puzzle)
    if position:
        report.result = "illegal"
        report.problems = [f"illegal position: {m}" for m in position]
        return
    report.problems += stated_problems
    try:
        found = engine_answer(
            puzzle,
            budget.left(),
            should_stop=budget.should_stop,
            check=budget.check,
            memory_mb=budget.memory_mb,
        )
    except PointsKindError as exc:  # (double-four asked for Black, say)
        report.result = "illegal"
        report.problems.append(f"task {puzzle.kind} does not apply: {exc}")
        return
    report.nodes = found.nodes
    report.result = found.result
    report.line = [point_name(p) for p in found.threat_line]
    report.shortest = found.moves
    if found.result == Verdict.DISPROVEN.value:
        within = f" within {puzzle.max_moves} moves" if puzzle.max_moves is not None else ""
        report.problems.append(f"no threat: the opponent has no {puzzle.goal} win{within}")
        return
    if not found.complete:
        report.problems.append(f"answer unknown {budget.why(found.reason)}")
        return
    report.answer = [point_name(p) for p in found.points]
    report.themes = found.themes
    report.rating = initial_rating(found.facts)
    stated_themes(puzzle, report)
    if puzzle.answer is not None:
        report.problems += answer_problems(puzzle, found)


def answer_problems(puzzle: Puzzle, found: TaskAnswer) -> list[str]:
    """The differences between the stated answer and the engine's, one line each."""
    stated = set(puzzle.answer or [])
    engine = set(found.points)
    out: list[str] = []
    if puzzle.kind == "defend":
        for p in sorted(stated - engine):
            if p in found.forbidden:
                out.append(f"stated defence {point_name(p)} is forbidden to Black")
            elif p in found.refuted:
                line = " ".join(point_name(q) for q in found.refuted[p])
                out.append(f"stated defence {point_name(p)} fails: {line}")
            else:
                out.append(f"stated defence {point_name(p)} does not hold")
        missing = sorted(engine - stated)
        if missing:
            s = "s" if len(missing) > 1 else ""
            out.append(f"stated answer misses holding move{s} {_names(missing)}")
        return out
    kind = puzzle.point_kind
    wrong = sorted(stated - engine)
    if wrong:
        s, verb, a = ("s", "are", "") if len(wrong) > 1 else ("", "is", "a ")
        out.append(f"stated point{s} {_names(wrong)} {verb} not {a}{kind} point{s}")
    missing = sorted(engine - stated)
    if missing:
        s = "s" if len(missing) > 1 else ""
        out.append(f"stated answer misses {kind} point{s} {_names(missing)}")
    return out
