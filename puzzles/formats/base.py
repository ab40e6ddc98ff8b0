"""Helpers shared by the format readers and writers: reading files, decoding text,
replaying lines, checking what a writer is given.

>>> from solver.rules.notation import parse_moves, point_name
>>> black, white, to_move = position_after(parse_moves("h8 h9 pass i8"))
>>> [point_name(p) for p in black], [point_name(p) for p in white], to_move.name
(['h8'], ['h9', 'i8'], 'BLACK')
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import Literal, get_args

from puzzles.model import Location, Puzzle, PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.board import Board, Color
from solver.rules.notation import Move, Point, point_name

__all__ = [
    "GAME_FIELDS",
    "RESULTS",
    "GameRecord",
    "GameResult",
    "PathLike",
    "RecordError",
    "check_game",
    "decided",
    "decode_text",
    "position_after",
    "puzzle_lines",
    "read_bytes",
]

PathLike = str | os.PathLike[str]

GameResult = Literal["black-won", "white-won", "draw", "ongoing"]
"""How a game ended, as ``renju status`` names it (``ongoing``: not ended)."""
RESULTS: tuple[GameResult, ...] = get_args(GameResult)

GAME_FIELDS = (
    "title",
    "black",
    "white",
    "event",
    "round",
    "date",
    "place",
    "opening",
    "rule",
    "source",
    "author",
    "comment",
)
"""The keys of a game's ``meta`` the writers know: players' names (``black``,
``white``), where and when, the opening and opening rule (``"I7"``, ``"RIF"``), and text."""


@dataclass
class GameRecord:
    """A game as a game file holds it: the moves (Black first, ``None`` a pass), how it
    ended (``None``: not said) and its text fields (:data:`GAME_FIELDS`)."""

    moves: list[Move]
    result: GameResult | None = None
    meta: dict[str, str] = field(default_factory=dict)


class RecordError(RenjuError):
    """A puzzle or game cannot be written in the format asked (a text the format cannot
    hold, a game that plays on a stone, an unknown field); the message quotes it."""


def read_bytes(path: PathLike) -> bytes:
    """The whole file.

    Raises:
        PuzzleFormatError: the file cannot be opened or read (naming the OS error).
    """
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as exc:
        raise PuzzleFormatError(path, f"cannot read file: {exc.strerror or exc}") from None


def decode_text(data: bytes, fallbacks: Sequence[str] = ("gb18030", "cp932")) -> str:
    """Decode bytes as UTF-8 (a BOM is dropped), else with the first fallback that works.

    Chinese and Japanese programs write text in their ANSI code page whatever they
    declare, so the declared charset is not trusted. Never raises: the last resort is
    Latin-1, which decodes any byte string.
    """
    for encoding in ("utf-8-sig", *fallbacks):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def position_after(moves: Sequence[Move]) -> tuple[list[Point], list[Point], Color]:
    """Replay a game line (Black first, ``None`` = pass): black stones, white stones, and
    the side to move next.

    Raises:
        RenjuError: a move lands on an occupied point (quoting the move number).
    """
    black: list[Point] = []
    white: list[Point] = []
    seen: set[Point] = set()
    colour = Color.BLACK
    for i, m in enumerate(moves):
        if m is not None:
            if m in seen:
                raise RenjuError(f"move {i + 1} ({point_name(m)}) is on an occupied point")
            seen.add(m)
            (black if colour is Color.BLACK else white).append(m)
        colour = colour.opponent
    return black, white, colour


def decided(black: Sequence[Point], white: Sequence[Point]) -> bool:
    """Whether a side already has five in a row: a comment naming the winner there says
    how the line ended, not a task (the position is not a puzzle).

    >>> from solver.rules.notation import parse_points
    >>> decided(parse_points("d4 e4 f4 g4 h4"), parse_points("a1 a2 a3 a4")), decided([], [])
    (True, False)
    """
    try:
        return Board.from_stones(black, white, Color.BLACK).five_on_board() is not None
    except RenjuError:  # (overlapping stones: not a position at all)
        return False


def line_puzzle(moves: Sequence[Move], file: object) -> Puzzle:
    """The position after a game line, the side to move next as the attacker (goal
    ``tsume``: a game file states nothing more), named after the file.

    Raises:
        RenjuError: a move lands on an occupied point.
    """
    black, white, to_move = position_after(moves)
    return Puzzle(
        black=black,
        white=white,
        to_move=to_move,
        id=PurePath(str(file)).stem,
        location=Location(str(file)),
    )


def check_game(
    moves: Sequence[Move], result: str | None, meta: Mapping[str, str] | None
) -> tuple[GameResult, dict[str, str]]:
    """Check a game before writing it: the moves replay (passes allowed), the result is
    one of :data:`RESULTS` (``None``: ``ongoing``), the meta keys are :data:`GAME_FIELDS`.

    >>> check_game([112, None, 113], "black-won", {"black": "Ann"})
    ('black-won', {'black': 'Ann'})

    Raises:
        RecordError: quoting the bad move, result or key.
    """
    try:
        position_after(moves)
    except RenjuError as exc:
        raise RecordError(f"cannot write the game: {exc}") from None
    if result is None:
        result = "ongoing"
    found = next((r for r in RESULTS if r == result), None)
    if found is None:
        raise RecordError(f"unknown game result {result!r} (expected {', '.join(RESULTS)})")
    fields = dict(meta or {})
    for key, value in fields.items():
        if key not in GAME_FIELDS:
            raise RecordError(f"unknown game field {key!r} (known: {', '.join(GAME_FIELDS)})")
        if not isinstance(value, str):
            raise RecordError(f"game field {key!r} must be text, not {value!r}")
    return found, {k: v for k, v in fields.items() if v}


def puzzle_lines(p: Puzzle) -> list[list[Point]]:
    """The lines a record of the puzzle shows, attacker first: the stated solution (the
    main line), then each other key move alone (only beside a stated solution: without
    one, a first variation would read back as the solution).

    >>> from solver.rules.notation import parse_points
    >>> q = Puzzle(solution=parse_points("h8 h9 i8"), keys=parse_points("h8 g7"))
    >>> [[point_name(m) for m in line] for line in puzzle_lines(q)]
    [['h8', 'h9', 'i8'], ['g7']]
    """
    if not p.solution:
        return []
    lines = [list(p.solution)]
    lines += [[k] for k in dict.fromkeys(p.keys) if k != p.solution[0]]
    return lines
