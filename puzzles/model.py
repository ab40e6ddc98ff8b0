"""The puzzle model: a position, who attacks, what must be shown, and the stated answer.

Every reader in :mod:`puzzles.formats` turns its file into :class:`Puzzle` values, and
every collection reader returns a :class:`ReadResult`: the puzzles it could read plus a
``(location, error)`` pair for each entry it skipped. A file that cannot be read at all
raises :class:`PuzzleFormatError`, whose message names the file and the problem.

>>> from solver.rules.notation import parse_points
>>> p = Puzzle(black=parse_points("h8 i9"), white=parse_points("h9"), goal="vcf")
>>> p.validate()
[]
>>> p.board().to_move.name
'BLACK'
>>> Puzzle(black=parse_points("h8"), white=parse_points("h8")).validate()
['h8 holds both a black and a white stone']
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal, get_args

from solver.errors import RenjuError
from solver.rules.board import Board, Color, Rule
from solver.rules.notation import NPOINTS, Point, point_name
from solver.rules.points import KINDS as POINTS_KINDS

__all__ = [
    "GOALS",
    "KINDS",
    "POINT_KINDS",
    "Goal",
    "Location",
    "Puzzle",
    "PuzzleFormatError",
    "ReadResult",
    "parse_kind",
]

Goal = Literal["vcf", "vct", "tsume"]
"""``vcf``: win by continuous fours; ``vct``: by continuous threats (fours and threes);
``tsume``: any forced win."""

GOALS: tuple[Goal, ...] = get_args(Goal)

POINT_KINDS: tuple[str, ...] = tuple(POINTS_KINDS)
"""The point kinds of ``renju points KIND`` that a ``points:KIND`` puzzle may ask for."""

KINDS: tuple[str, ...] = ("win", "defend", *(f"points:{k}" for k in POINT_KINDS))
"""What a puzzle asks (:attr:`Puzzle.kind`): ``win`` (the side to move wins: find the
line), ``defend`` (the side to move holds against the opponent's threat of a win of the
goal class: find every holding move) or ``points:KIND`` (find every point of the kind
for the side to move)."""


def parse_kind(text: str) -> str:
    """A puzzle kind from its written form (case and spaces forgiven).

    >>> parse_kind(" Points: Four-Three ")
    'points:four-three'
    >>> parse_kind("points:sevens")
    Traceback (most recent call last):
    ...
    solver.errors.RenjuError: unknown task 'points:sevens' (expected win, defend or points:KIND with KIND one of forbidden, five, four, straight-four, three, four-three, double-four, double-three, double-threat, keys, defences)
    """
    kind = re.sub(r"\s+", "", text.lower())
    if kind not in KINDS:
        raise RenjuError(
            f"unknown task {text.strip()!r} (expected win, defend or points:KIND with KIND"
            f" one of {', '.join(POINT_KINDS)})"
        )
    return kind


class PuzzleFormatError(RenjuError):
    """A file (or one entry of it) cannot be read; the message names the file and problem.

    >>> str(PuzzleFormatError("a.pos", "empty file"))
    'a.pos: empty file'
    """

    def __init__(self, path: str | os.PathLike[str], problem: str) -> None:
        self.path = os.fspath(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")

    def __reduce__(self) -> tuple[type[PuzzleFormatError], tuple[str, str]]:
        return (type(self), (self.path, self.problem))


@dataclass(frozen=True)
class Location:
    """Where a puzzle (or a bad entry) came from: a file and an index and/or a line.

    ``index`` counts entries from 0; ``line`` counts lines from 1.

    >>> str(Location("set.renju", index=2, line=40))
    'set.renju:40 (entry 3)'
    >>> str(Location("game.pos"))
    'game.pos'
    """

    file: str
    index: int | None = None
    line: int | None = None

    def __str__(self) -> str:
        text = self.file if self.line is None else f"{self.file}:{self.line}"
        return text if self.index is None else f"{text} (entry {self.index + 1})"


@dataclass
class Puzzle:
    """One puzzle: stones, the attacker (the side to move), the goal and the stated answer.

    Stones are kept in point order (``__post_init__`` sorts them), so two puzzles with the
    same stones compare equal whatever order a file listed them in. ``location`` is not
    part of equality.

    Attributes:
        black, white: the stones.
        to_move: the attacker, who moves first.
        goal: ``"vcf"``, ``"vct"`` or ``"tsume"``.
        max_moves: the most attacker moves allowed (the winning move included), if stated.
        solution: a stated winning line, attacker and defender alternating (may be empty).
        keys: stated key moves (e.g. every correct first move).
        rule: the rule set the puzzle is meant for.
        kind: the task (:data:`KINDS`): ``win``; ``defend`` (``to_move`` is then the
            defender, the side to move, and ``goal``/``max_moves`` bound the opponent's
            threat); ``points:KIND`` (the points of ``KIND`` for ``to_move``).
        answer: the stated answer of a ``defend`` or ``points`` puzzle: every holding
            move, or every point of the kind (kept in point order; ``[]``: none;
            ``None``: not stated).
        themes: what the engine found the puzzle to be about (:mod:`puzzles.themes`).
        rating: the puzzle's initial rating from the solver's facts
            (:func:`puzzles.themes.initial_rating`), if computed.
    """

    black: list[Point] = field(default_factory=list)
    white: list[Point] = field(default_factory=list)
    to_move: Color = Color.BLACK
    goal: Goal = "tsume"
    max_moves: int | None = None
    # how ``max_moves`` counts attacker moves (``solver.search.counting.COUNTS``): ``books`` for
    # Chinese "win in n" collections (the final VCF and a run of fours one move each)
    count: str = "plain"
    solution: list[Point] = field(default_factory=list)
    keys: list[Point] = field(default_factory=list)
    title: str = ""
    source: str = ""
    author: str = ""
    comment: str = ""
    level: int | None = None
    tags: list[str] = field(default_factory=list)
    id: str = ""
    rule: Rule = Rule.RENJU
    kind: str = "win"
    answer: list[Point] | None = None
    themes: list[str] = field(default_factory=list)
    rating: int | None = None
    location: Location | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        self.black = sorted(self.black)
        self.white = sorted(self.white)
        self.solution = list(self.solution)
        self.keys = list(self.keys)
        self.tags = list(self.tags)
        self.answer = None if self.answer is None else sorted(self.answer)
        self.themes = list(self.themes)

    @property
    def defender(self) -> Color:
        """The side that defends: the opponent of :attr:`to_move`, or :attr:`to_move`
        itself in a ``defend`` puzzle."""
        return self.to_move if self.kind == "defend" else self.to_move.opponent

    @property
    def point_kind(self) -> str | None:
        """``KIND`` of a ``points:KIND`` puzzle, else ``None``.

        >>> Puzzle(kind="points:four").point_kind, Puzzle().point_kind
        ('four', None)
        """
        return self.kind.removeprefix("points:") if self.kind.startswith("points:") else None

    def board(self) -> Board:
        """A solver board with the stones, the attacker to move and the puzzle's rule.

        Raises:
            PositionError: the stones overlap or are off the board (see :meth:`validate`).
        """
        return Board.from_stones(self.black, self.white, self.to_move, self.rule)

    def validate(self) -> list[str]:
        """Every problem found, as a list of messages; empty if the puzzle is sound.

        Checks: stones on the board, no duplicates, no point with both colours, a side to
        move, a known goal, a positive ``max_moves``, no five already on the board, and a
        stated solution/keys that play on empty, distinct points and fit ``max_moves``.
        """
        problems: list[str] = []
        seen: dict[Point, str] = {}
        for colour, stones in (("black", self.black), ("white", self.white)):
            for p in stones:
                if not (isinstance(p, int) and 0 <= p < NPOINTS):
                    problems.append(f"{colour} stone {p!r} is off the board")
                elif p not in seen:
                    seen[p] = colour
                elif seen[p] == colour:
                    problems.append(f"{colour} stone at {point_name(p)} is listed twice")
                else:
                    problems.append(f"{point_name(p)} holds both a black and a white stone")
        if self.to_move not in (Color.BLACK, Color.WHITE):
            problems.append(f"side to move must be black or white, not {self.to_move!r}")
        if self.goal not in GOALS:
            problems.append(f"unknown goal {self.goal!r} (expected vcf, vct or tsume)")
        if self.kind not in KINDS:
            problems.append(f"unknown task {self.kind!r}")
        if self.max_moves is not None and self.max_moves < 1:
            problems.append(f"max_moves must be at least 1, not {self.max_moves}")
        problems += self._line_problems("solution", self.solution, seen)
        problems += self._line_problems("key", self.keys, seen, distinct=False)
        problems += self._line_problems("answer", self.answer or [], seen)
        if self.answer is not None and self.kind == "win":
            problems.append("a win puzzle states its answer as keys and solution, not answer")
        if (
            self.max_moves is not None
            and self.count == "plain"
            and (len(self.solution) + 1) // 2 > self.max_moves
        ):
            problems.append(
                f"solution has {(len(self.solution) + 1) // 2} attacker moves,"
                f" more than max_moves {self.max_moves}"
            )
        if not problems:
            five = self.board().five_on_board()
            if five is not None:
                problems.append(f"{five.label()} already has five in a row")
        return problems

    @staticmethod
    def _line_problems(
        what: str, line: list[Point], stones: dict[Point, str], *, distinct: bool = True
    ) -> list[str]:
        out: list[str] = []
        played: set[Point] = set()
        for i, p in enumerate(line):
            if not (isinstance(p, int) and 0 <= p < NPOINTS):
                out.append(f"{what} move {i + 1} ({p!r}) is off the board")
            elif p in stones:
                out.append(f"{what} move {i + 1} ({point_name(p)}) is on a stone")
            elif distinct and p in played:
                out.append(f"{what} move {i + 1} ({point_name(p)}) is played twice")
            if isinstance(p, int):
                played.add(p)
        return out


@dataclass
class ReadResult:
    """What a collection reader returns: the puzzles, and the entries it had to skip.

    Iterating a result iterates its puzzles; ``len()`` counts them.

    Attributes:
        puzzles: the puzzles read, in file order.
        errors: ``(location, error)`` for each skipped entry, in file order.
        format: the name of the format that was read (``"native"``, ``"sgf"``, ...).
        positions: positions that the file does not mark as puzzles (a ``.pos`` or
            ``.psq`` game, a RenjuNet game, an SGF game record or RenLib leaf without a
            stated task), the side to move next as ``to_move``, ``goal`` ``tsume``: they
            can be solved for the side to move, and ``renju generate --from`` turns them
            into proven puzzles; they are never verified as puzzles.
    """

    puzzles: list[Puzzle] = field(default_factory=list)
    errors: list[tuple[Location, RenjuError]] = field(default_factory=list)
    format: str = ""
    positions: list[Puzzle] = field(default_factory=list)

    def skip(self, loc: Location, problem: str) -> None:
        """Record that the entry at ``loc`` was skipped because of ``problem``."""
        self.errors.append((loc, PuzzleFormatError(str(loc), problem)))

    @property
    def entries(self) -> list[Puzzle]:
        """What ``FILE#N`` numbers: the puzzles, or the positions of a file without any."""
        return self.puzzles or self.positions

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def __len__(self) -> int:
        return len(self.puzzles)
