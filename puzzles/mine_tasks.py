"""``renju generate --kind defend|points:KIND``: mine defence and point-finding tasks.

The candidates are those of a ``win`` run (every position along each game once it holds
10 stones, searched at its first occurrence only up to the 8 symmetries, at most one
puzzle a game; or the positions of ``--from FILE``), the
side to move being the defender or the side whose points are asked. A candidate is
kept when the engine's answer is complete and instructive:

- ``defend``: the opponent threatens a ``--goal`` win (if the side to move passed) whose
  shortest length lies in ``[--min-moves, --max-moves]`` (a holding move stops every VCF
  of any length, or, for ``vct``/``tsume``, every win within ``--max-moves``: the limit
  the puzzle states), the side to move has no five
  of his own to play, and between ``--min-answer`` and ``--max-answer`` moves hold
  (default 1-3: a defence to find, not a position where anything or nothing works);
- ``points:KIND``: between ``--min-answer`` and ``--max-answer`` points of the kind
  (default 1-6), the side to move having no five to play (but for ``points:five``).

Each puzzle states the engine's answer (``answer``), its themes and rating
(:mod:`puzzles.themes`), a level from the rating, and where it came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from puzzles.model import Goal, Puzzle
from puzzles.tasks import TaskAnswer, engine_answer
from puzzles.themes import initial_rating
from solver.rules.board import Board, Color
from solver.rules.points import PointsKindError

__all__ = ["DEFAULT_ANSWER", "TaskWanted", "level_of_rating", "make_task"]

DEFAULT_ANSWER = {"defend": (1, 3), "points": (1, 6)}
"""The default ``(--min-answer, --max-answer)`` of a task kind."""


@dataclass(frozen=True)
class TaskWanted:
    """What kind of task to keep (``kind``: ``defend`` or ``points:KIND``)."""

    kind: str
    goal: Goal = "vcf"
    min_moves: int = 2
    max_moves: int = 7
    min_answer: int = 1
    max_answer: int = 3
    time: float = 2.0
    check: bool = True
    min_stones: int = 10  # a game's positions are candidates from this many stones on


def level_of_rating(rating: int) -> int:
    """1 (easy) .. 5 (hard) from a rating: below 1000, 1300, 1600, 1900, and above.

    >>> [level_of_rating(r) for r in (800, 1200, 1500, 1800, 2400)]
    [1, 2, 3, 4, 5]
    """
    return 1 + sum(rating >= bound for bound in (1000, 1300, 1600, 1900))


def _title(want: TaskWanted, found: TaskAnswer) -> str:
    if want.kind == "defend":
        return f"Defend against {want.goal.upper()} in {found.moves}"
    return f"Find every {want.kind.removeprefix('points:')} point"


def _limit(want: TaskWanted) -> int | None:
    """The move limit a task states: ``--max-moves`` for a search wider than VCF (a
    defence, or the points ``keys`` and ``defences``); none otherwise."""
    searched = want.kind in ("defend", "points:keys", "points:defences")
    return want.max_moves if searched and want.goal != "vcf" else None


def _task(board: Board, want: TaskWanted, **fields: Any) -> Puzzle:
    """The task ``board`` poses, with ``fields`` (answer, id, title...)."""
    return Puzzle(
        black=board.stones(Color.BLACK),
        white=board.stones(Color.WHITE),
        to_move=board.to_move,
        goal=want.goal,
        max_moves=_limit(want),
        kind=want.kind,
        **fields,
    )


def _keep(board: Board, want: TaskWanted) -> TaskAnswer | None:
    """The engine's answer if the position makes a task, else None.

    Raises:
        SolverError: a proof the checker rejected.
    """
    probe = _task(board, want)
    if want.kind != "points:five" and board.core.five_points(int(board.to_move)):
        return None  # the side to move makes five at once: nothing else matters
    if want.kind == "defend":
        board.push(None)
        threat = board.core.five_points(int(board.to_move))
        board.pop()
        if threat:
            return None  # a four on the board: the block is forced, not found
    try:
        found = engine_answer(probe, want.time, check=want.check)
    except PointsKindError:
        return None  # a kind that does not apply to the side to move (Black's 4-4)
    if not found.complete or not want.min_answer <= len(found.points) <= want.max_answer:
        return None
    if want.kind == "defend":
        moves = found.moves or 0
        if not want.min_moves <= moves <= want.max_moves:
            return None
    return found


def make_task(board: Board, want: TaskWanted, source: str, comment: str = "") -> Puzzle | None:
    """The per-position work of ``--kind defend|points:KIND``: the task ``board`` makes
    (its id not numbered yet, see :func:`puzzles.generate_run.numbered`), or None. A
    top-level function, as :data:`puzzles.generate_run.Work` asks (sent to the workers).

    Raises:
        SolverError: a proof the checker rejected.
    """
    found = _keep(board, want)
    if found is None:
        return None
    tag = "defend" if want.kind == "defend" else want.kind.removeprefix("points:")
    rating = initial_rating(found.facts)
    size = len(found.points)
    s = "s" if size != 1 else ""
    return _task(
        board,
        want,
        answer=found.points,
        id=f"{tag}-{size}",
        title=_title(want, found),
        source=source,
        comment=comment,
        level=level_of_rating(rating),
        tags=[tag, f"{size}-{'defence' if want.kind == 'defend' else 'point'}{s}"],
        themes=found.themes,
        rating=rating,
    )
