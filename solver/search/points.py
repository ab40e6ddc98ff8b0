"""Point-finding with the kinds that search: ``keys`` and ``defences``, and one entry for
every kind (:func:`points`); the pattern kinds are :mod:`solver.rules.points`'.

>>> from solver.rules.board import Board
>>> b = Board.from_stones("h8 i8 j8", "a1 a2", to_move="white")
>>> points(b, "defences", "vcf").to_dict()["points"]
['g8', 'k8']
>>> r = points(b.copy(), "four")
>>> r.points
[]
"""

from __future__ import annotations

from collections.abc import Callable

from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.rules.points import KINDS, PointsKindError, PointsResult, pattern_points
from solver.search.api import Goal, Limits, Verdict, solve
from solver.search.defend import defend
from solver.search.respond import respond

__all__ = ["points"]


def points(
    board: Board,
    kind: str,
    goal: Goal | str = Goal.VCF,
    limits: Limits | None = None,
    *,
    check: bool = True,
    should_stop: Callable[[], bool] | None = None,
) -> PointsResult:
    """Every point of ``kind`` (``solver.rules.points.KINDS``) for the side to move.
    ``goal`` and ``limits`` are the search kinds' (``keys``: every winning first move,
    as ``renju solve --all-keys``; ``defences``: as ``renju defend``); their searches
    poll ``should_stop`` (stopped: ``complete`` is False).

    Raises:
        PointsKindError: an unknown kind, or one that does not apply to the side.
        PositionError: a search kind on a position that already holds a five.
        ProofRejected: the checker rejected a proof (a solver fault).
    """
    kind = kind.strip().lower()
    if kind not in KINDS:
        raise PointsKindError(f"unknown point kind: {kind!r} (expected one of {', '.join(KINDS)})")
    goal = Goal.parse(goal)
    if kind == "keys":
        return _keys(board, goal, limits or Limits(), check, should_stop)
    if kind == "defences":
        return _defences(board, goal, limits or Limits(), check, should_stop)
    return pattern_points(board, kind)


def _keys(
    board: Board, goal: Goal, limits: Limits, check: bool, should_stop: Callable[[], bool] | None
) -> PointsResult:
    """Every winning first move (``solve(all_keys=True)``), each with a winning line:
    the one ``solve`` checked with the key (``check``), else the proof's main line for
    the key it starts with, else the defender's answer to the key searched
    (``respond``)."""
    fives = sorted(board.core.five_points(int(board.to_move)))
    if fives:
        # a five on the spot is the answer: a move that "wins" only because the five is
        # still there afterwards is no key (and its proof would prove the five)
        result = PointsResult("keys", board.to_move)
        result.extra = {"goal": goal.value, "result": "proven", "key_lines": {}}
        for p in fives:
            result.points.append(p)
            result.details[p] = "makes five"
            result.explanations[p] = f"{point_name(p)}: makes five"
            result.extra["key_lines"][point_name(p)] = [point_name(p)]
        return result
    found = solve(board, goal, limits, all_keys=True, check=check, should_stop=should_stop)
    result = PointsResult("keys", board.to_move)
    result.extra = {"goal": goal.value, "result": found.result.value, "key_lines": {}}
    result.complete = found.keys is not None and not found.reason
    for key in found.keys or []:
        p = key.move
        result.points.append(p)
        result.details[p] = f"wins in {key.moves}"
        text = f"{point_name(p)}: wins ({goal.value}) in {key.moves} move{'s' if key.moves != 1 else ''}"
        line = list(key.line) or _key_line(
            board, goal, limits, key.move, key.moves, found.line, check, should_stop
        )
        if line:
            text += ": " + " ".join(point_name(q) for q in line)
            result.extra["key_lines"][point_name(p)] = [point_name(q) for q in line]
        result.explanations[p] = text
    if found.reason:
        result.extra["reason"] = found.reason
    return result


def _key_line(
    board: Board,
    goal: Goal,
    limits: Limits,
    key: Point,
    moves: int,
    main: list[Point],
    check: bool,
    should_stop: Callable[[], bool] | None,
) -> list[Point]:
    """A winning line starting with ``key`` (empty if the budget ran out first).

    Raises:
        ProofRejected: the checker rejected the proof searched.
    """
    if main and main[0] == key:
        return list(main)
    after = board.copy()
    after.push(key)
    if moves <= 1 or after.five_on_board() is not None:
        return [key]
    answer = respond(
        after,
        goal,
        Limits(max_moves=moves - 1, time=limits.time, nodes=limits.nodes, count=limits.count),
        check=check,
        should_stop=should_stop,
    )
    if answer.result is not Verdict.PROVEN or answer.node is None:
        return []
    return answer.node.main_line()


def _defences(
    board: Board, goal: Goal, limits: Limits, check: bool, should_stop: Callable[[], bool] | None
) -> PointsResult:
    found = defend(board, goal, limits, check=check, should_stop=should_stop)
    result = PointsResult("defences", board.to_move, complete=found.complete)
    data = found.to_dict()
    result.extra = {
        k: data[k] for k in ("goal", "attacker", "threat", "refuted", "unknown", "forbidden")
    }
    attacker = found.attacker.label()
    for p in found.defences:
        result.points.append(p)
        why = found.reasons.get(p, "holds")
        result.details[p] = why
        text = f"{point_name(p)}: holds ({why})"
        if why != "makes five" and found.threat is Verdict.PROVEN:
            text += f"; {attacker} no longer wins by {goal.value}"
        result.explanations[p] = text
    return result
