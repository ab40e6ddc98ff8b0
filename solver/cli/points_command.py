"""``renju points KIND``: every point of a kind for the side to move, explained."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from solver.cli.defend_command import add_search_arguments, run_answer
from solver.cli.position import add_position_arguments
from solver.cli.solve_command import add_check_argument
from solver.rules.board import Board
from solver.rules.notation import point_name
from solver.rules.points import KINDS, PointsResult

if TYPE_CHECKING:
    from solver.cli.interrupt import Interrupt
    from solver.search.api import Goal, Limits

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju points``."""
    p = sub.add_parser(
        "points",
        help="every point of a kind for the side to move (forbidden, four, three, keys, ...)",
        description=(
            "List every point of KIND for the side to move, each explained: "
            + ", ".join(KINDS)
            + ". keys: every winning first move of the goal's class; defences: every "
            "move that stops the opponent's threat (as renju defend)."
        ),
    )
    p.add_argument("kind", metavar="KIND", help="one of: " + ", ".join(KINDS))
    add_position_arguments(p)
    add_search_arguments(p, "vcf")
    add_check_argument(p)
    p.set_defaults(run=_run)


def _run(args: argparse.Namespace) -> int:
    from solver.search.points import points  # (not imported by the other commands)

    def compute(
        board: Board, goal: Goal, limits: Limits, check: bool, stop: Interrupt
    ) -> PointsResult:
        result = points(board, args.kind, goal, limits, check=check, should_stop=stop)
        if stop.fired and not result.complete:
            result.extra["reason"] = "interrupted"
        return result

    return run_answer(args, compute, describe)


def describe(board: Board, result: PointsResult) -> str:
    """The points for people: a count, one explained line each, the board marked ``*``."""
    side = result.side.label()
    lines = [f"{result.kind} points for {side} ({len(result.points)}):"]
    lines += [f"  {result.explanations.get(p, point_name(p))}" for p in result.points]
    if not result.complete:
        lines.append(f"Incomplete: {result.extra.get('reason', 'out of budget')}")
    lines.append(board.diagram({p: "*" for p in result.points}))
    lines.append(f"to move: {board.to_move.label()}")
    return "\n".join(lines)
