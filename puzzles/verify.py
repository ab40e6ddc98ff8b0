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
   A proof is reported only once the independent checker (:mod:`solver.checker`) has
   accepted it (``check``, the default); a "no win" (disproven) is searched again
   without the pruning shortcuts (``safe``, the second look) within the time left. A
   rejected proof, or a second look that finds a win, makes the puzzle's result
   ``error`` (a solver error, neither sound nor unsound) with the reason as its problem.
4. The stated solution, move by move: each attacker move must be legal and keep the win
   within the moves left against every defence (read off the solver's proof tree while
   the line follows it, else checked with :func:`solver.respond.respond`, which also
   names a defence that holds), each defender reply must be a legal move; the stated
   line ends at the first attacker move that wins at once (a five, or no defence left),
   and its length is compared with the shortest win.

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
from dataclasses import dataclass, field
from typing import Any

from puzzles.model import Goal, Puzzle
from puzzles.themes import initial_rating, order_themes, win_themes
from solver.errors import SecondLookDisagrees, SolverError
from solver.rules.board import Board, Color
from solver.rules.notation import SIZE, Point, point_name
from solver.search.api import Limits, Verdict, position_text, solve
from solver.search.proof import ProofNode
from solver.search.respond import describe, respond

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

RESULTS = ("proven", "disproven", "unknown", "illegal", "error")
"""The values of :attr:`VerifyReport.result`."""


@dataclass
class VerifyReport:
    """The outcome of :func:`verify_puzzle` (points as names like ``"h8"``).

    Attributes:
        id: the puzzle's id; source: the file it came from; entry: its index there.
        goal, attacker: what was checked (after any override).
        result: ``proven``, ``disproven``, ``unknown``, ``illegal`` or ``error`` (a
            solver error: a proof the checker rejected, or a disproof the second look
            contradicted; ``problems`` says which).
        line: the solver's main line; shortest: its attacker moves.
        keys: every winning first move (``None``: not known).
        stated: attacker moves of the stated solution up to its win (``None``: no
            complete stated solution); stated_ok: every stated move checked and right
            (``None``: no stated solution, or the check did not finish).
        nodes: search nodes of the shortest-win search (a difficulty figure).
        seconds: time spent on the whole verification.
        problems: what is wrong, as short strings; empty when the puzzle is sound.
        kind: the puzzle's task (``win``, ``defend``, ``points:KIND``).
        answer: a task's answer found by the engine (every holding move, every point of
            the kind; ``None``: a win puzzle, or not known).
        themes: the engine's themes; rating: the initial rating from its facts.
    """

    id: str = ""
    source: str = ""
    entry: int | None = None
    goal: str = "tsume"
    attacker: str = "black"
    result: str = "unknown"
    line: list[str] = field(default_factory=list)
    shortest: int | None = None
    keys: list[str] | None = None
    stated: int | None = None
    stated_ok: bool | None = None
    nodes: int = 0
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)
    kind: str = "win"
    answer: list[str] | None = None
    themes: list[str] = field(default_factory=list)
    rating: int | None = None

    @property
    def sound(self) -> bool:
        """No problem found."""
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (every field; ``seconds`` rounded)."""
        out = dataclasses.asdict(self)
        out["seconds"] = round(self.seconds, 4)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VerifyReport:
        """The inverse of :meth:`to_json` (unknown keys are ignored).

        Raises:
            TypeError, ValueError: a field has the wrong type.
        """
        names = {f.name for f in dataclasses.fields(cls)}
        report = cls(**{k: v for k, v in data.items() if k in names})
        if not isinstance(report.problems, list) or not isinstance(report.line, list):
            raise ValueError("problems and line must be lists")
        return report


_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def black_overline(black: list[Point]) -> str | None:
    """A message naming a run of six or more black stones, or ``None``.

    >>> from solver.rules.notation import parse_points
    >>> black_overline(parse_points("c3 d3 e3 f3 g3 h3"))
    'black already has an overline (c3-h3)'
    """
    stones = set(black)
    for p in sorted(stones):
        row, col = divmod(p, SIZE)
        for dr, dc in _DIRECTIONS:
            pr, pc = row - dr, col - dc
            if 0 <= pr < SIZE and 0 <= pc < SIZE and pr * SIZE + pc in stones:
                continue  # not the start of the run
            n = 1
            while True:
                r, c = row + dr * n, col + dc * n
                if not (0 <= r < SIZE and 0 <= c < SIZE and r * SIZE + c in stones):
                    break
                n += 1
            if n >= 6:
                end = (row + dr * (n - 1)) * SIZE + col + dc * (n - 1)
                return f"black already has an overline ({point_name(p)}-{point_name(end)})"
    return None


def _names(points: list[Point]) -> list[str]:
    return [point_name(p) for p in points]


def _seconds(t: float) -> str:
    return f"{t:g} s"


class Budget:
    """The time left for one puzzle, the stop callback shared by its searches, and
    whether their proofs are checked."""

    def __init__(
        self,
        time_limit: float | None,
        should_stop: Callable[[], bool] | None,
        check: bool = True,
    ) -> None:
        self.limit = time_limit
        self.deadline = None if time_limit is None else time.monotonic() + time_limit
        self.should_stop = should_stop
        self.check = check

    def left(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.001, self.deadline - time.monotonic())

    def why(self, reason: str) -> str:
        """Why a search gave no answer: ``within 10 s``, ``(stopped)``..."""
        if reason == "time limit" and self.limit is not None:
            return f"within {_seconds(self.limit)}"
        return f"({reason or 'search stopped'})"


def task_summary(report: VerifyReport) -> str:
    """A task's verdict in a few words: ``defend (threat in 3): 2 moves hold``.

    >>> task_summary(VerifyReport(kind="points:four", answer=["h8"]))
    'points:four: 1 point'
    """
    n = len(report.answer or [])
    if report.kind == "defend":
        threat = f" (threat in {report.shortest})" if report.shortest else ""
        return f"defend{threat}: {n} move{'s' if n != 1 else ''} hold{'s' if n == 1 else ''}"
    return f"{report.kind}: {n} point{'s' if n != 1 else ''}"


def position_problems(puzzle: Puzzle) -> tuple[list[str], list[str]]:
    """(problems of the position, problems of the stated solution and keys)."""
    bare = dataclasses.replace(puzzle, solution=[], keys=[], answer=None)
    position = bare.validate()
    if not position:
        over = black_overline(puzzle.black)
        if over:
            position.append(over)
    stated = [m for m in puzzle.validate() if m not in position]
    return position, stated


def verify_puzzle(
    puzzle: Puzzle,
    time_limit: float | None = None,
    *,
    goal: Goal | None = None,
    max_moves: int | None = None,
    should_stop: Callable[[], bool] | None = None,
    check: bool = True,
) -> VerifyReport:
    """Run every check on ``puzzle`` (see the module docstring).

    Args:
        time_limit: seconds for the whole verification (``None``: no limit).
        goal, max_moves: override the puzzle's own.
        should_stop: polled during the searches; a stopped search counts as ``unknown``.
        check: re-check every proof with the independent checker (a rejected one makes
            the result ``error``); False reports the solver's proofs as they are.
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
            _verify(puzzle, report, Budget(time_limit, should_stop, check))
        else:
            from puzzles.tasks import verify_task  # (a task needs the defence search)

            verify_task(puzzle, report, Budget(time_limit, should_stop, check))
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
        Limits(max_moves=limit, time=budget.left(), count=puzzle.count),
        shortest=True,
        should_stop=budget.should_stop,
        check=budget.check,
    )
    report.result = main.result.value
    report.nodes = main.nodes
    if main.result is Verdict.PROVEN and main.shortest_shown is False:
        # a win, but not shown to be the shortest: the verification is not complete
        report.result = Verdict.UNKNOWN.value
    if report.result == Verdict.UNKNOWN.value:
        report.problems.append(f"unknown {budget.why(main.reason)}")
        return
    if main.result is Verdict.DISPROVEN:
        within = f" within {limit} moves" if limit is not None else ""
        unsure = _second_look(board, puzzle, budget)
        report.problems.append(f"no win found{within} (disproven{unsure})")
        return
    report.line = _names(main.line)
    report.shortest = main.moves
    _themes(board, puzzle, main.tree, main.nodes, report)
    _keys(board, puzzle, main.line[0], budget, report)
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


def _themes(
    board: Board, puzzle: Puzzle, tree: ProofNode | None, nodes: int, report: VerifyReport
) -> None:
    """The engine's themes and rating; stated themes that differ are a problem."""
    report.themes, facts = win_themes(board, tree, nodes)
    report.rating = initial_rating(facts)
    stated_themes(puzzle, report)


def stated_themes(puzzle: Puzzle, report: VerifyReport) -> None:
    """Add a problem if the puzzle states themes other than the engine's."""
    if puzzle.themes and order_themes(puzzle.themes) != report.themes:
        report.problems.append(
            f"stated themes {', '.join(puzzle.themes)}; the engine finds"
            f" {', '.join(report.themes) or 'none'}"
        )


def _second_look(board: Board, puzzle: Puzzle, budget: Budget) -> str:
    """Search a disproven puzzle again without the pruning shortcuts (``safe``: no
    relevance zones, no dependency-first phase, no hidden-threat staging) in the time
    left: "" if it finds no win either, a note if it could not finish.

    Raises:
        SecondLookDisagrees: it finds a win (the first search's disproof was wrong).
    """
    again = solve(
        board,
        puzzle.goal,
        Limits(max_moves=puzzle.max_moves, time=budget.left()),
        should_stop=budget.should_stop,
        check=budget.check,
        safe=True,
    )
    if again.result is Verdict.PROVEN:
        line = " ".join(_names(again.line))
        raise SecondLookDisagrees(
            f"the search found no win, a search without its shortcuts found one ({line}) "
            f"in the position {position_text(board)}"
        )
    if again.result is Verdict.UNKNOWN:
        return f"; the second look without shortcuts did not finish {budget.why(again.reason)}"
    return ""


def _keys(board: Board, puzzle: Puzzle, first: Point, budget: Budget, report: VerifyReport) -> None:
    """Find every winning first move; record cooks and stated keys that do not win.

    The intended first moves are the stated keys and the stated solution's first move,
    or else the solver's own first move ``first``.
    """
    found = solve(
        board,
        puzzle.goal,
        Limits(max_moves=puzzle.max_moves, time=budget.left(), count=puzzle.count),
        all_keys=True,
        should_stop=budget.should_stop,
        check=budget.check,
    )
    if found.result is Verdict.UNKNOWN or found.keys is None:
        report.problems.append(f"cook check unknown {budget.why(found.reason)}")
        return
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


def _check_stated(
    puzzle: Puzzle, tree: ProofNode | None, budget: Budget, report: VerifyReport
) -> None:
    """Play the stated solution, checking each move; sets ``stated``/``stated_ok``.

    While the stated line follows a proof tree (the solver's, or one found for the
    position reached) a move is checked by the tree alone; a move that leaves the tree is
    checked by :func:`solver.respond.respond` (does the attack still win after it, against
    every defence?), and a new tree is searched for after the defender's reply.
    """
    board = puzzle.board()
    sol = puzzle.solution
    left = puzzle.max_moves  # attacker moves still allowed, this one included
    node = tree
    for i in range(0, len(sol), 2):
        n = i // 2 + 1
        move = sol[i]
        if not board.is_legal(move):
            report.problems.append(f"stated move {n} ({point_name(move)}) is not a legal move")
            report.stated_ok = False
            return
        if board.is_five(move):
            node = ProofNode(move=move, length=1, final="five")
        elif node is None or node.move != move:
            board.push(move)
            answer = respond(
                board,
                puzzle.goal,
                Limits(max_moves=None if left is None else left - 1, time=budget.left()),
                should_stop=budget.should_stop,
            )
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
        if node.length == 1:
            report.stated = n
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
        if board.five_on_board() is not None:
            report.problems.append(f"stated reply {n} ({point_name(reply)}) makes five")
            report.stated_ok = False
            return
        left = None if left is None else left - 1
        node = node.after(reply)
        if node is None and i + 2 < len(sol):
            node = _proof(board, puzzle, left, budget)
    report.problems.append(f"stated solution ends after move {(len(sol) + 1) // 2}, before the win")
    report.stated_ok = False


def _proof(board: Board, puzzle: Puzzle, left: int | None, budget: Budget) -> ProofNode | None:
    """A proof tree for the position, if one is found quickly within the budget."""
    found = solve(
        board,
        puzzle.goal,
        Limits(max_moves=left, time=budget.left()),
        should_stop=budget.should_stop,
        check=budget.check,
    )
    return found.tree
