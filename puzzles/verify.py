"""Checking one puzzle: a legal position, a forced win, no cook, a correct stated solution.

:func:`verify_puzzle` runs every check on one puzzle and returns a :class:`VerifyReport`;
``renju verify`` (:mod:`puzzles.verify_run`) runs it over whole collections. The checks:

1. The position is legal (:meth:`~puzzles.model.Puzzle.validate`, and Black has no
   overline on the board). An illegal position is reported and not solved.
2. The solver's shortest win within the goal and ``max_moves``
   (``solve(..., shortest=True)``): ``proven``, ``disproven`` or ``unknown``.
3. Every winning first move within ``max_moves`` (``all_keys=True``; unbounded when the
   puzzle states no limit): a winning first move that is neither the stated first move
   nor a stated key is a cook (余詰).
   A proof (the main one, each key's) is reported only once the independent checker
   (:mod:`solver.checker`) has accepted it (``check``, the default). Every "no" the
   verdict rests on gets a second look (:mod:`solver.search.second_look`: the search
   again without its pruning shortcuts, ``safe``, in the time left): a "no win"
   (disproven; also audited, every OR node of the disproof given every move the
   search's primitives give there, :mod:`solver.search.disproof`), and the key list with
   the length of each key's shortest win (no cook, no shorter win). A rejected proof, a
   disproof the audit rejects, a second look that finds a win, or two searches that
   disagree on the shortest length, makes the puzzle's result ``error`` (a solver
   error, neither sound nor unsound) with the reason as its problem; a second look that
   does not finish leaves the answer standing, noted in ``unconfirmed``.
4. The stated solution, move by move: each attacker move must be legal and keep the win
   within the moves left against every defence (read off the solver's proof tree while
   the line follows it, else checked with :func:`solver.respond.respond`, which also
   names a defence that holds), each defender reply must be a legal move; the stated
   line ends at the first attacker move that wins at once (a five, or no defence left),
   and its length is compared with the shortest win. Moves are counted as the puzzle
   counts them (``books``: a run of fours one move, the final VCF one; such a line may
   stop where its final VCF starts, the VCF then checked by the checker).

5. The themes and the initial rating (:mod:`puzzles.themes`) are read off the shortest
   win's proof tree; themes the puzzle states that differ from the engine's are a problem.

A ``defend`` or ``points:KIND`` puzzle is checked by :mod:`puzzles.tasks` instead: the
engine's complete answer (every holding move; every point of the kind) must equal the
stated one, and each wrong or missing point is named.

Problems are short strings (``"cook: also wins with j10"``); a puzzle is sound when it
has none. ``time_limit`` bounds the whole verification of the puzzle.

>>> from solver.rules.notation import parse_points
>>> p = Puzzle(black=parse_points("f8 g8 h8"), white=parse_points("f9 g9 h9"),
...            goal="vcf", solution=parse_points("e8"))
>>> r = verify_puzzle(p)
>>> r.result, r.shortest, r.keys, r.problems
('proven', 1, ['e8', 'i8'], ['cook: also wins with i8'])
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from puzzles.model import Goal, Puzzle
from puzzles.themes import initial_rating, win_themes
from puzzles.verify_report import (
    RESULTS,
    Budget,
    VerifyReport,
    black_overline,
    position_problems,
    stated_themes,
    task_summary,
)
from solver.errors import ProofRejected, SecondLookDisagrees, SolverError
from solver.rules.board import Board, Color
from solver.rules.notation import Point, point_name
from solver.search.api import DEFAULT_MEMORY_MB, Verdict, position_text, solve
from solver.search.checker import ProofError, check_line
from solver.search.counting import MoveCount
from solver.search.dfpn_shared import BOOK_VCF_DEPTH
from solver.search.proof import ProofNode
from solver.search.respond import Response, describe, respond
from solver.search.second_look import confirm_keys, confirm_no_win, confirm_refutation

__all__ = [
    "RESULTS",
    "Budget",
    "VerifyReport",
    "black_overline",
    "position_problems",
    "stated_themes",
    "task_summary",
    "verify_puzzle",
]


def _names(points: list[Point]) -> list[str]:
    return [point_name(p) for p in points]


def verify_puzzle(
    puzzle: Puzzle,
    time_limit: float | None = None,
    *,
    goal: Goal | None = None,
    max_moves: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    check: bool = True,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> VerifyReport:
    """Run every check on ``puzzle`` (see the module docstring).

    Args:
        time_limit: seconds for the whole verification (``None``: no limit).
        goal, max_moves: override the puzzle's own.
        should_stop: polled during the searches; a stopped search counts as ``unknown``.
        check: re-check every proof with the independent checker (a rejected one makes
            the result ``error``); False reports the solver's proofs as they are.
        memory_mb: each search's table memory (``Limits.memory_mb``).
    """
    start = time.monotonic()
    if goal is not None or max_moves is not None:
        puzzle = dataclasses.replace(
            puzzle,
            goal=goal or puzzle.goal,
            max_moves=max_moves if max_moves is not None else puzzle.max_moves,
        )
    loc = puzzle.location
    report = VerifyReport(
        id=puzzle.id,
        source=loc.file if loc else "",
        entry=loc.index if loc else None,
        goal=str(puzzle.goal),
        attacker=puzzle.to_move.label() if isinstance(puzzle.to_move, Color) else "?",
        kind=puzzle.kind,
    )
    try:
        if puzzle.kind == "win":
            _verify(puzzle, report, Budget(time_limit, should_stop, check, memory_mb))
        else:
            from puzzles.tasks import verify_task  # (a task needs the defence search)

            verify_task(puzzle, report, Budget(time_limit, should_stop, check, memory_mb))
    except SolverError as exc:
        # the solver contradicted itself: no verdict on the puzzle, only the fault
        report.result = "error"
        report.problems = [f"solver error: {exc}"]
    finally:
        report.seconds = time.monotonic() - start
    return report


def _verify(puzzle: Puzzle, report: VerifyReport, budget: Budget) -> None:
    position, stated_problems = position_problems(puzzle)
    if position:
        report.result = "illegal"
        report.problems = [f"illegal position: {m}" for m in position]
        return
    board = puzzle.board()
    limit = puzzle.max_moves
    main = solve(
        board,
        puzzle.goal,
        budget.limits(limit, puzzle.count),
        shortest=True,
        should_stop=budget.should_stop,
        check=budget.check,
        audit=True,
    )
    report.result = main.result.value
    report.nodes = main.nodes
    if main.result is Verdict.PROVEN and main.shortest_shown is False:
        # a win, but not shown to be the shortest: the verification is not complete
        report.result = Verdict.UNKNOWN.value
    if report.result == Verdict.UNKNOWN.value:
        report.no_win_within = low = main.no_win_within
        shown = "" if low is None else f"; no win within {low} moves"
        if main.table_collections:
            shown += (
                f"; the table was full (--memory {budget.memory_mb}): "
                "a larger --memory may answer it sooner"
            )
        report.problems.append(f"unknown {budget.why(main.reason)}{shown}")
        return
    if main.result is Verdict.DISPROVEN:
        within = f" within {limit} moves" if limit is not None else ""
        unsure = _second_look(board, puzzle, budget, bool(main.audited))
        report.problems.append(f"no win found{within} (disproven{unsure})")
        return
    report.line = _names(main.line)
    report.shortest = main.moves
    _themes(board, puzzle, main.tree, main.nodes, report)
    lengths = _keys(board, puzzle, main.line[0], budget, report)
    if stated_problems:
        report.problems += stated_problems
        report.stated_ok = False
    elif puzzle.solution:
        _check_stated(puzzle, main.tree, budget, report)
    shortest, stated = report.shortest or 0, report.stated or 0
    if stated > shortest > 0:
        report.problems.append(
            f"stated solution is {report.stated} moves, shortest is {report.shortest}"
        )
    if lengths is not None:  # (last: the searches above first, in the time left)
        _confirm_keys(board, puzzle, budget, report, lengths)


def _themes(
    board: Board, puzzle: Puzzle, tree: ProofNode | None, nodes: int, report: VerifyReport
) -> None:
    """The engine's themes and rating; stated themes that differ are a problem."""
    report.themes, facts = win_themes(board, tree, nodes)
    report.rating = initial_rating(facts)
    stated_themes(puzzle, report)


def _second_look(board: Board, puzzle: Puzzle, budget: Budget, audited: bool) -> str:
    """Search a disproven puzzle again without the pruning shortcuts (``safe``: no
    relevance zones, no dependency-first phase, no hidden-threat staging) in the time
    left: "" if it finds no win either, a note if it could not finish (that the first
    search's disproof passed its audit, ``audited``, if it did).

    Raises:
        SecondLookDisagrees: it finds a win (the first search's disproof was wrong).
    """
    again = confirm_no_win(
        board,
        puzzle.goal,
        budget.limits(puzzle.max_moves, puzzle.count),
        what="no win",
        should_stop=budget.should_stop,
    )
    if not again.confirmed:
        audit = "audited; " if audited else ""
        return (
            f"; {audit}the second look without shortcuts did not finish {budget.why(again.reason)}"
        )
    return ""


def _keys(
    board: Board, puzzle: Puzzle, first: Point, budget: Budget, report: VerifyReport
) -> dict[Point, int] | None:
    """Find every winning first move; record cooks and stated keys that do not win.
    Returns the keys with the lengths of their shortest wins, for the second look
    (:func:`_confirm_keys`; None: the key list is not complete).

    The intended first moves are the stated keys and the stated solution's first move,
    or else the solver's own first move ``first``.

    Raises:
        SecondLookDisagrees: the shortest of the keys' wins is not the shortest win
            found (``report.shortest``): the two searches disagree.
    """
    limits = budget.limits(puzzle.max_moves, puzzle.count)
    found = solve(
        board,
        puzzle.goal,
        limits,
        all_keys=True,
        should_stop=budget.should_stop,
        check=budget.check,
    )
    if found.result is Verdict.UNKNOWN or found.keys is None:
        report.problems.append(f"cook check unknown {budget.why(found.reason)}")
        return None
    keys = found.keys
    report.keys = _names([k.move for k in keys])
    winning = {k.move for k in keys}
    intended = set(puzzle.keys) | set(puzzle.solution[:1]) or {first}
    cooks = [k.move for k in keys if k.move not in intended]
    if cooks:
        report.problems.append("cook: also wins with " + ", ".join(_names(cooks)))
    for k in puzzle.keys:
        if k not in winning:
            report.problems.append(f"stated key {point_name(k)} does not win")
    if found.reason:
        report.unconfirmed.append(f"the key list ({found.reason})")
        return None
    shortest = min((k.moves for k in keys), default=None)
    if shortest != report.shortest:
        raise SecondLookDisagrees(
            f"the shortest win's search found {report.shortest} moves, the search of every "
            f"first move {shortest} in the position {position_text(board)}"
        )
    return {k.move: k.moves for k in keys}


def _confirm_keys(
    board: Board, puzzle: Puzzle, budget: Budget, report: VerifyReport, lengths: dict[Point, int]
) -> None:
    """The second look at the key list and the lengths of the keys' wins
    (:func:`solver.search.second_look.confirm_keys`): no other first move wins (the
    cook check) and no win is shorter than ``report.shortest`` (the shortest length).
    Not finished in the time left: noted in ``report.unconfirmed``.

    Raises:
        SecondLookDisagrees: it finds other keys or other lengths.
    """
    again = confirm_keys(
        board,
        puzzle.goal,
        budget.limits(puzzle.max_moves, puzzle.count),
        lengths,
        what="the winning first moves",
        should_stop=budget.should_stop,
    )
    if not again.confirmed:
        report.unconfirmed.append(
            "the key list and the shortest length: the second look without shortcuts did "
            f"not finish {budget.why(again.reason)}"
        )


def _check_stated(
    puzzle: Puzzle, tree: ProofNode | None, budget: Budget, report: VerifyReport
) -> None:
    """Play the stated solution, checking each move; sets ``stated``/``stated_ok``.

    While the stated line follows a proof tree (the solver's, or one found for the
    position reached) a move is checked by the tree alone; a move that leaves the tree is
    checked by :func:`solver.respond.respond` (does the attack still win after it, against
    every defence?), and a new tree is searched for after the defender's reply.
    The moves are counted as the puzzle counts them (:class:`MoveCount`): under ``books`` a
    line may also stop where its final VCF starts (the attacker to move, a VCF his).
    """
    board = puzzle.board()
    sol = puzzle.solution
    count = MoveCount(puzzle.count, puzzle.max_moves)
    node = tree
    for i in range(0, len(sol), 2):
        n = i // 2 + 1
        move = sol[i]
        if not board.is_legal(move):
            report.problems.append(f"stated move {n} ({point_name(move)}) is not a legal move")
            report.stated_ok = False
            return
        four = board.core.is_four_move(move, int(board.to_move))
        if board.is_five(move):
            node = ProofNode(move=move, length=1, final="five")
        elif node is None or node.move != move:
            board.push(move)
            answer = _answer(board, puzzle, count, budget, report, (n, move))
            board.pop()
            if answer.result is Verdict.UNKNOWN or (
                answer.result is Verdict.PROVEN and answer.node is None
            ):
                why = budget.why(answer.reason)
                report.problems.append(f"stated solution check unknown at move {n} {why}")
                return
            if answer.result is Verdict.DISPROVEN:
                report.problems.append(
                    f"stated move {n} ({point_name(move)}) loses the win ({describe(answer)})"
                )
                report.stated_ok = False
                return
            node = answer.node
        assert node is not None
        count.attack(move, four)
        if node.length == 1:
            report.stated = count.length(puzzle.board())
            report.stated_ok = True
            return
        if i + 1 >= len(sol):
            break
        board.push(move)
        reply = sol[i + 1]
        if not board.is_legal(reply):
            report.problems.append(f"stated reply {n} ({point_name(reply)}) is not a legal move")
            report.stated_ok = False
            return
        board.push(reply)
        count.defend(reply)
        if board.five_on_board() is not None:
            report.problems.append(f"stated reply {n} ({point_name(reply)}) makes five")
            report.stated_ok = False
            return
        node = node.after(reply)
        if node is None and i + 2 < len(sol):
            node = _proof(board, puzzle, count, budget)
    if count.books and len(sol) % 2 == 0:
        # (the books' line may end where the final VCF starts: one move, or none after a four)
        final = _final_vcf(board, budget)
        if final:
            count.line.extend(final)
            report.stated = count.length(puzzle.board())
            report.stated_ok = True
            return
    report.problems.append(f"stated solution ends after move {(len(sol) + 1) // 2}, before the win")
    report.stated_ok = False


def _answer(
    board: Board,
    puzzle: Puzzle,
    count: MoveCount,
    budget: Budget,
    report: VerifyReport,
    stated: tuple[int, Point],
) -> Response:
    """The defender's answer to the stated attacker move just played (``stated``: its
    number and point; ``respond``, counted as ``count`` says). "It no longer wins" gets
    a second look: ``respond`` again without the search's shortcuts; if that cannot
    finish, the answer stands, noted in ``report.unconfirmed``.

    Raises:
        SecondLookDisagrees: the second look finds the move still wins.
    """
    limits = budget.limits(count.after(), puzzle.count)
    stop, run = budget.should_stop, count.run
    answer = respond(board, puzzle.goal, limits, should_stop=stop, run=run, check=budget.check)
    if answer.result is not Verdict.DISPROVEN:
        return answer
    n, move = stated
    again = confirm_refutation(
        board,
        puzzle.goal,
        limits.replace(time=budget.left()),
        answer,
        what=f"that the stated move {n} ({point_name(move)}) loses the win",
        run=run,
        should_stop=stop,
    )
    if not again.confirmed:
        report.unconfirmed.append(
            f"stated move {n} loses the win: the second look without shortcuts did not "
            f"finish {budget.why(again.reason)}"
        )
    return answer


def _final_vcf(board: Board, budget: Budget) -> list[Point]:
    """The attacker's VCF in ``board`` (attacker to move), checked by the independent
    checker when the budget says so; empty if none is found."""
    core = board.core.copy()
    core.set_deadline(budget.deadline, budget.should_stop)
    status, line, _ = core.vcf(int(board.to_move), BOOK_VCF_DEPTH, 2_000_000, False)
    if status != 1:
        return []
    if budget.check:
        try:
            check_line(board, line)
        except ProofError as exc:
            raise ProofRejected(
                f"the checker rejected the VCF {' '.join(_names(list(line)))} ({exc}) in the "
                f"position {position_text(board)}"
            ) from None
    return list(line)


def _proof(board: Board, puzzle: Puzzle, count: MoveCount, budget: Budget) -> ProofNode | None:
    """A proof tree for the position (attacker to move) within the moves the line has
    left (``count``: as the puzzle counts them, with the run of fours), if one is found
    within the budget."""
    if count.left is not None and count.left < 0:
        return None  # (only the final VCF may go on: ``respond`` judges its moves)
    found = solve(
        board,
        puzzle.goal,
        budget.limits(count.left, puzzle.count),
        should_stop=budget.should_stop,
        check=budget.check,
        run=count.run,
    )
    return found.tree
