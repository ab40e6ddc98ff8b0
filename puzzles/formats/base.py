"""Helpers shared by the format readers: reading files, decoding text, replaying lines.

>>> from solver.rules.notation import parse_moves, point_name
>>> black, white, to_move = position_after(parse_moves("h8 h9 pass i8"))
>>> [point_name(p) for p in black], [point_name(p) for p in white], to_move.name
(['h8'], ['h9', 'i8'], 'BLACK')
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import PurePath

from puzzles.model import Location, Puzzle, PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.board import Color
from solver.rules.notation import Move, Point, point_name

__all__ = ["PathLike", "decode_text", "position_after", "read_bytes"]

PathLike = str | os.PathLike[str]


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
