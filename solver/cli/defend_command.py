"""``renju defend``: every move of the side to move that stops the opponent's threat."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from solver.cli.interrupt import Interrupt
from solver.cli.position import add_position_arguments, position_from_args, puzzle_header
from solver.cli.solve_command import add_budget_arguments, add_check_argument, limits_from_args
from solver.rules.board import Board
from solver.rules.notation import Point, parse_points, point_name
from solver.search.api import DEFAULT_MEMORY_MB, Goal, Limits, Verdict

if TYPE_CHECKING:
    from solver.search.defend import DefenceResult

__all__ = ["add_search_arguments", "describe", "goal_and_limits", "register", "run_answer"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju defend``."""
    p = sub.add_parser(
        "defend",
        help="every move of the side to move that stops the opponent's threatened win",
        description=(
            "The side to move defends: the opponent threatens a win of the goal's class "
            "(the win he would have if the defender passed). List every legal move that "
            "holds, and for every other move the attacker's winning line (each checked "
            "by the independent proof checker)."
        ),
    )
    add_position_arguments(p)
    add_search_arguments(p, "vcf")
    p.add_argument(
        "--only",
        metavar="LIST",
        help='judge these moves only, e.g. "h9 h10" (the answer lists only them)',
    )
    p.add_argument(
        "--safe",
        action="store_true",
        help="search without the pruning shortcuts (slower: a second look at the defences)",
    )
    add_check_argument(p)
    p.set_defaults(run=_run)


def add_search_arguments(parser: argparse.ArgumentParser, default_goal: str) -> None:
    """``--goal``, ``--max-moves``, ``--time``, ``--nodes``, ``--json`` (``defend``, ``points``)."""
    parser.add_argument(
        "--goal",
        help=f"the threat's class: vcf, vct or tsume (default: a puzzle file's, else {default_goal})",
    )
    parser.add_argument(
        "--max-moves",
        type=int,
        metavar="N",
        help="the threat wins within N attacker moves (default: a puzzle file's, else no bound)",
    )
    add_budget_arguments(parser)
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.set_defaults(memory=DEFAULT_MEMORY_MB, count=None, default_goal=default_goal)


def goal_and_limits(args: argparse.Namespace, hints: dict[str, Any]) -> tuple[Goal, Limits]:
    """The goal and limits the options (else the puzzle file's hints) give."""
    goal = Goal.parse(args.goal or hints.get("goal") or args.default_goal)
    if args.max_moves is None and hints.get("max_moves") is not None:
        args.max_moves = int(hints["max_moves"])
    return goal, limits_from_args(args)


def _run(args: argparse.Namespace) -> int:
    from solver.search.defend import defend  # (not imported by the other commands)

    only = parse_points(args.only) if args.only is not None else None

    def compute(
        board: Board, goal: Goal, limits: Limits, check: bool, stop: Interrupt
    ) -> DefenceResult:
        result = defend(
            board, goal, limits, check=check, safe=args.safe, moves=only, should_stop=stop
        )
        if stop.fired and not result.complete:
            result.reason = "interrupted"
        return result

    return run_answer(args, compute, describe)


def run_answer(
    args: argparse.Namespace,
    compute: Callable[[Board, Goal, Limits, bool, Interrupt], Any],
    describe: Callable[[Board, Any], str],
) -> int:
    """Run a command that answers a position (``defend``, ``points``): the position, the
    goal and limits from the options, ``compute``'s answer as JSON (its ``to_dict``) or
    as ``describe`` tells it. ``compute`` polls the ``Interrupt`` it is given: the first
    Ctrl-C stops its search, and the answer so far is printed, exit 130."""
    board, hints = position_from_args(args)
    goal, limits = goal_and_limits(args, hints)
    with Interrupt() as stop:
        result = compute(board, goal, limits, not args.no_check, stop)
    code = 130 if stop.fired else 0  # (main's code for an interruption)
    if args.json:
        print(json.dumps(result.to_dict()))
        return code
    if hints.get("id") or hints.get("number"):
        print(puzzle_header(args.file, hints))
    print(describe(board, result))
    return code


def _some(moves: Sequence[Point], most: int = 12) -> str:
    """The first ``most`` of ``moves`` by name, and how many more (``--json`` has all)."""
    listed = ", ".join(point_name(m) for m in moves[:most])
    return listed + (f" and {len(moves) - most} more" if len(moves) > most else "")


def describe(board: Board, result: DefenceResult) -> str:
    """The answer for people: the threat, the defences with their reasons, the refuted
    moves grouped by the line that refutes them, the board with the defences marked."""
    side, attacker = board.to_move.label().capitalize(), result.attacker.label()
    limit = "" if result.max_moves is None else f" within {result.max_moves} moves"
    goal = result.goal.value
    lines = []
    if result.threat is Verdict.PROVEN:
        threat = " ".join(point_name(p) for p in result.threat_line)
        lines.append(
            f"{side} to move. {attacker.capitalize()} threatens a {goal} win{limit}: {threat}"
        )
    elif result.threat is Verdict.DISPROVEN:
        lines.append(f"{side} to move. {attacker.capitalize()} threatens no {goal} win{limit}.")
    else:
        lines.append(f"{side} to move. Whether {attacker} threatens a {goal} win is unknown.")
    named = ", ".join(
        f"{point_name(m)} ({result.reasons.get(m, 'holds')})" for m in result.defences
    )
    lines.append(f"Defences ({len(result.defences)}): {named or 'none'}")
    groups: dict[tuple[Point, ...], list[Point]] = {}
    for m, line in result.refuted.items():
        groups.setdefault(line, []).append(m)
    lines.append(f"Refuted ({len(result.refuted)}):")
    for line, moves in sorted(groups.items(), key=lambda g: (-len(g[1]), g[1][0])):
        win = " ".join(point_name(p) for p in line)
        lines.append(f"  {_some(moves)}: {attacker} wins by {win}")
    if result.forbidden:
        refused = ", ".join(point_name(p) for p in result.forbidden)
        lines.append(f"Forbidden for Black (no defence): {refused}")
    if not result.complete:
        undecided = f"undecided ({len(result.unknown)}): {_some(result.unknown) or '-'}"
        lines.append(f"Incomplete ({result.reason}); {undecided}")
    lines.append(board.diagram({m: "*" for m in result.defences}))
    checked = f", checked in {result.check_seconds:.3f} s" if result.checked else ""
    lines.append(f"{result.nodes:,} nodes, {result.seconds:.3f} s{checked}")
    return "\n".join(lines)
