"""``renju solve``: prove a win for the side to move, print the line and the board."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from solver.cli.interrupt import Interrupt
from solver.cli.position import (
    add_position_arguments,
    entry_json,
    position_from_args,
    puzzle_header,
)
from solver.errors import CommandError
from solver.rules.board import Board, Color
from solver.rules.notation import SIZE, point_name
from solver.search.api import (
    DEFAULT_MEMORY_MB,
    Goal,
    Limits,
    Progress,
    SolveResult,
    Verdict,
    solve,
    solve_both,
)
from solver.search.counting import COUNTS
from solver.search.limits import UNBOUNDED

__all__ = [
    "add_budget_arguments",
    "add_check_argument",
    "default_threads",
    "limits_from_args",
    "register",
]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju solve``."""
    p = sub.add_parser(
        "solve",
        help="prove that the side to move wins by VCF, VCT or tsume (with hidden threats)",
        description=(
            "Prove or disprove a forced win for the side to move, and show the shortest "
            "(--any: the first win found). Attacker moves are counted up to the move after "
            "which no defence exists (or a five)."
        ),
    )
    add_position_arguments(p)
    p.add_argument("--goal", help="vcf, vct or tsume (default: a puzzle file's goal, else tsume)")
    p.add_argument(
        "--max-moves",
        type=int,
        metavar="N",
        help="at most N attacker moves (default: a puzzle file's limit, else none)",
    )
    p.add_argument(
        "--count",
        choices=COUNTS,
        help=(
            "how attacker moves are counted for --max-moves, --shortest and the lengths: "
            "plain (every move), books (as Chinese 'win in n' books: the final VCF is one "
            "move, a run of consecutive fours is one move), final-vcf (the final VCF is "
            "one move) or app (the moves up to the position where the attacker has a VCF "
            "count, a run of consecutive fours as one; that VCF counts none: lfz084 'win in "
            "three'); default: a puzzle file's, else plain"
        ),
    )
    length = p.add_mutually_exclusive_group()
    length.add_argument(
        "--shortest",
        action="store_true",
        help="find the fewest attacker moves (the default; kept for old command lines)",
    )
    length.add_argument(
        "--any",
        action="store_true",
        help="report the first win the search meets, not the shortest (faster)",
    )
    p.add_argument("--all-keys", action="store_true", help="list every winning first move")
    p.add_argument("--both", action="store_true", help="analyse with Black and with White to move")
    add_budget_arguments(p)
    p.add_argument(
        "--memory",
        type=int,
        default=DEFAULT_MEMORY_MB,
        metavar="MB",
        help=f"table memory (default {DEFAULT_MEMORY_MB})",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="race N differently run searches on N cores once the first has spent a "
        "million nodes (at most 3, 2 with the shortest win; with --any the second counts "
        "up, its bounds counting the final VCF as one move; the one finishing with the "
        "least work, nodes with df-pn expansions weighted, answers: the same answer on "
        "every machine with the compiled core; --memory is per search; default 2 with "
        "--any on a machine with two cores or more, else 1)",
    )
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    add_check_argument(p)
    p.add_argument(
        "--audit",
        action="store_true",
        help="audit a 'no forced win': every attacker node of the disproof given every "
        "move the search's primitives give without its shortcuts (a move never tried is "
        "a solver error, exit 3)",
    )
    p.set_defaults(run=_run)


def default_threads(any_win: bool, all_keys: bool = False) -> int:
    """``--threads`` when not given: 2 with ``--any`` (not ``--all-keys``) where this
    process may run on two cores or more, else 1. Racing for any win pays even on two
    cores that slow each other; racing for the shortest win does not there (its one
    search takes turns with counting up already, and the second slows the first): the
    figures are in docs/performance.md."""
    if not any_win or all_keys:
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (not Linux)
        cores = os.cpu_count() or 1
    return 2 if cores >= 2 else 1


def add_budget_arguments(parser: argparse.ArgumentParser) -> None:
    """``--time`` and ``--nodes``, shared by the commands that search (solve, defend,
    points)."""
    parser.add_argument(
        "--time",
        type=float,
        metavar="SECONDS",
        help="time budget (default: none: until answered; Ctrl-C stops)",
    )
    parser.add_argument("--nodes", type=int, metavar="N", help="node budget (default: none)")


def add_check_argument(parser: argparse.ArgumentParser) -> None:
    """``--no-check``, shared by the commands that report proofs (solve, verify, generate)."""
    parser.add_argument(
        "--no-check",
        action="store_true",
        help="do not re-check proofs with the independent checker (faster; by default a "
        "rejected proof is a solver error, exit 3)",
    )


def _limits(args: argparse.Namespace) -> Limits:
    # (under ``app`` a win in 0 is a VCF at the start: the VCF counts none)
    least = 0 if getattr(args, "count", None) == "app" else 1
    if args.max_moves is not None and args.max_moves < least:
        raise CommandError(f"--max-moves must be at least {least}, not {args.max_moves}")
    if args.time is not None and args.time <= 0:
        raise CommandError(f"--time must be positive, not {args.time}")
    if args.nodes is not None and args.nodes < 1:
        raise CommandError(f"--nodes must be at least 1, not {args.nodes}")
    if args.memory < 1:
        raise CommandError(f"--memory must be at least 1 MB, not {args.memory}")
    return Limits(
        max_moves=args.max_moves,
        time=args.time,
        nodes=args.nodes,
        memory_mb=args.memory,
        count=args.count or "plain",
    )


limits_from_args = _limits  # (the other commands that search take the same options)


def _progress(args: argparse.Namespace) -> Any:
    if args.quiet or args.json or not sys.stderr.isatty():
        return None

    widest = [0]

    def show(p: Progress | None) -> None:
        """Overwrite the line with ``p``; ``None``: clear it (as wide as it ever was, and
        the ``^C`` a terminal echoes after it when Ctrl-C stops the search)."""
        if p is None:
            print("\r" + " " * (widest[0] + 2) + "\r", end="", file=sys.stderr)
            return
        # (the search within the cap has no bound of its own: the cap is more moves
        # than the board holds)
        bound = "" if p.bound is None else f", bound {p.bound}"
        if p.bound is not None and p.bound >= UNBOUNDED:
            bound = ", no move bound"
        full = f", table full {p.table_collections}x" if p.table_collections else ""
        text = f"  {p.phase}: {p.nodes:,} nodes, {p.seconds:.1f} s{bound}{full}   "
        widest[0] = max(widest[0], len(text))
        print("\r" + text, end="", file=sys.stderr)

    return show


def _numbered_line(result: SolveResult) -> str:
    parts = []
    for i, p in enumerate(result.line):
        parts.append(f"{i + 1}.{point_name(p)}")
    return " ".join(parts)


def _board_with_line(board: Board, result: SolveResult) -> str:
    """The diagram with the line's moves numbered from 1 (attacker and defender). A line
    of ten moves or more gets cells three characters wide, so that 10, 11, ... read as
    numbers and not as column letters."""
    marks = {p: str(i + 1) for i, p in enumerate(result.line)}
    if len(result.line) < 10:
        return board.diagram(marks)
    black, white = set(board.stones(Color.BLACK)), set(board.stones(Color.WHITE))
    rows = []
    for row in range(SIZE - 1, -1, -1):
        cells = []
        for col in range(SIZE):
            p = row * SIZE + col
            cells.append("X" if p in black else "O" if p in white else marks.get(p, "."))
        rows.append(f"{row + 1:>2}" + "".join(f"{c:>3}" for c in cells))
    rows.append("  " + "".join(f"{c:>3}" for c in "abcdefghijklmno"))
    return "\n".join(rows)


def _human(
    board: Board,
    result: SolveResult,
    want_keys: bool = False,
    threads: int = 1,
    any_win: bool = False,
    memory: int = DEFAULT_MEMORY_MB,
) -> str:
    side = result.attacker.label().capitalize()
    lines = []
    if result.result is Verdict.PROVEN:
        counted = "" if result.count == "plain" else f", counted {result.count}"
        lines.append(
            f"{side} wins ({result.goal.value}) in {result.moves} attacker move"
            f"{'s' if result.moves != 1 else ''}{counted}."
        )
        if result.shortest_shown is False:
            lines.append(
                f"A shorter win may exist: the search stopped ({result.reason}) "
                "before ruling it out."
            )
        if result.no_win_within is not None:
            lines.append(_none_within(result.no_win_within))
        lines.append(f"Line: {_numbered_line(result)}")
        lines.append(_board_with_line(board, result))
    elif result.result is Verdict.DISPROVEN:
        lines.append(f"{side} has no forced win ({result.goal.value}) within the limits.")
        if result.audited is not None:
            lines.append(
                "The disproof passed its audit."
                if result.audited
                else "The disproof's audit could not finish (no move found missing)."
            )
    else:
        lines.append(f"Unknown: the search stopped ({result.reason or 'budget'}) before an answer.")
        if result.no_win_within is not None:
            lines.append(_none_within(result.no_win_within))
        if result.reason in ("time limit", "node limit"):
            budget = "--time" if result.reason == "time limit" else "--nodes"
            from solver.search.race import RACE_AFTER  # (multiprocessing: not at start-up)

            # (a race pays past RACE_AFTER nodes; under the shortest win, whose search
            # counts up already, mostly with --any: its second search counts up)
            race = ""
            if result.nodes > RACE_AFTER and not any_win:
                race = "; so may --any --threads 2 (a win, not always the shortest)"
            elif result.nodes > RACE_AFTER and threads == 1:
                race = "; so may --threads 2"
            lines.append(f"A larger {budget} may answer it{race}.")
        if result.table_collections:
            # (dropped entries are searched again: a deep search can thrash so)
            times = "once" if result.table_collections == 1 else f"{result.table_collections} times"
            lines.append(
                f"The table was full {times} (--memory {memory}): "
                "a larger --memory may answer it sooner."
            )
    if result.keys is not None:
        keys = ", ".join(f"{point_name(k.move)} ({k.moves})" for k in result.keys) or "none"
        lines.append(f"Winning first moves: {keys}")
    elif want_keys and result.result is not Verdict.UNKNOWN:
        lines.append(f"Winning first moves: not all tried ({result.reason}).")
    checked = f", proof checked in {result.check_seconds:.3f} s" if result.checked else ""
    lines.append(f"{result.nodes:,} nodes, {result.seconds:.3f} s{checked}")
    return "\n".join(lines)


def _none_within(n: int) -> str:
    """What a search left open still showed: no win within ``n`` moves."""
    return f"It showed there is no win within {n} attacker move{'s' if n != 1 else ''}."


def _stated_moves(hints: dict[str, Any]) -> int | None:
    """The puzzle's stated length: its move limit, else its stated solution's (plain)."""
    if hints.get("max_moves") is not None:
        return int(hints["max_moves"])
    solution = hints.get("solution") or []
    if solution and (hints.get("count") or "plain") == "plain":
        return (len(solution) + 1) // 2
    return None


def _stated_keys(hints: dict[str, Any]) -> list[int]:
    keys = list(hints.get("keys") or [])
    solution = hints.get("solution") or []
    return keys or ([solution[0]] if solution and solution[0] is not None else [])


def _puzzle_json(hints: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": hints.get("id") or None,
        "title": hints.get("title") or None,
        "number": hints.get("number"),
        "stated_moves": _stated_moves(hints),
        "stated_keys": [point_name(k) for k in _stated_keys(hints)],
    }


def _comparison(hints: dict[str, Any], result: SolveResult) -> list[str]:
    """The answer against the puzzle's stated length and key moves, one line each."""
    lines = []
    stated = _stated_moves(hints)
    if stated is not None and result.result is Verdict.PROVEN:
        found = {True: "shortest found", False: "shortest found so far", None: "found (--any)"}
        line = f"Stated: {stated} moves, {found[result.shortest_shown]}: {result.moves}."
        if result.moves is not None and result.moves < stated and result.shortest_shown:
            line += " The stated length is not the shortest."
        lines.append(line)
    elif stated is not None and result.result is Verdict.DISPROVEN:
        lines.append(f"Stated: {stated} moves, but no win was found within the limits.")
    elif stated is not None and (result.no_win_within or 0) >= stated:
        lines.append(f"Stated: {stated} moves, but the search showed no win within them.")
    keys = _stated_keys(hints)
    if not keys or result.result is not Verdict.PROVEN:
        return lines
    named = ", ".join(point_name(k) for k in keys)
    plural = len(keys) > 1
    said = f"The stated key{'s' if plural else ''} {named} {'are' if plural else 'is'}"
    if result.keys is not None:
        winning = [k.move for k in result.keys]
        wrong = [point_name(k) for k in keys if k not in winning]
        extra = [point_name(k) for k in winning if k not in keys]
        if wrong:
            lines.append(f"The stated key {', '.join(wrong)} does not win.")
        if extra:
            lines.append(f"{said} not the only winning move: also {', '.join(extra)}.")
        elif not wrong:
            lines.append(f"{said} the only winning first move{'s' if plural else ''}.")
    elif result.line and result.line[0] not in keys:
        first = point_name(result.line[0])
        lines.append(f"{said} not the only winning move: {first} wins too.")
    return lines


def _run(args: argparse.Namespace) -> int:
    board, hints = position_from_args(args)
    entry = entry_json(hints)
    puzzle = entry is not None and entry[0] == "puzzle"  # (a position states no answer)
    goal = Goal.parse(args.goal or hints.get("goal") or "tsume")
    if args.max_moves is None and hints.get("max_moves") is not None:
        args.max_moves = int(hints["max_moves"])
    if args.count is None and hints.get("count") is not None:
        args.count = str(hints["count"])
    limits = _limits(args)
    progress = _progress(args)
    options: dict[str, Any] = {
        "shortest": not args.any,
        "all_keys": args.all_keys,
        "progress": progress,
        "check": not args.no_check,
        "audit": args.audit,
        "threads": args.threads,
    }
    if args.threads is None:
        args.threads = options["threads"] = default_threads(args.any, args.all_keys)
    if args.threads < 1:
        raise CommandError(f"--threads must be at least 1, not {args.threads}")
    with Interrupt() as interrupt:
        options["should_stop"] = interrupt
        if args.both:
            results = solve_both(board, goal, limits, **options)
        else:
            results = {board.to_move: solve(board, goal, limits, **options)}
    if progress:
        progress(None)  # (the progress line cleared)
    code = 130 if interrupt.fired else 0  # (main's code for an interruption)
    for r in results.values():
        if interrupt.fired and r.reason == "stopped":
            r.reason = "interrupted"
    if args.json:
        data: dict[str, Any] = (
            {side.label(): r.to_json() for side, r in results.items()}
            if args.both
            else results[board.to_move].to_json()
        )
        if puzzle:
            data["puzzle"] = _puzzle_json(hints)
        elif entry is not None:
            data[entry[0]] = entry[1]
            data["puzzle"] = entry[1]  # (the key scripts read before positions had their own)
        import json  # (here: a plain solve's start-up does without it)

        print(json.dumps(data))
        return code
    if entry is not None:
        print(puzzle_header(args.file, hints))
    if args.both:
        for side in (Color.BLACK, Color.WHITE):
            print(f"== {side.label()} to move")
            print(_human(board, results[side], args.all_keys, args.threads, args.any, args.memory))
        return code
    result = results[board.to_move]
    print(_human(board, result, args.all_keys, args.threads, args.any, args.memory))
    if puzzle:
        for line in _comparison(hints, result):
            print(line)
    return code
