"""The binary ``.pos`` format (RenLib, the "xl" program): one game line.

Byte 0 is the number of moves N (1..225); bytes 1..N are the moves in play order, Black
first, each ``row * 15 + col`` with ``row`` counted from the TOP (0 = row 15) and ``col``
0 = a. A byte of 225 or more is a pass (RenLib writes ``0xF0``). Bytes after the N moves
are ignored.

>>> from solver.rules.notation import format_moves
>>> format_moves(parse_pos(bytes([3, 112, 0xF0, 210])))
'h8 pass a1'
>>> format_moves(parse_pos(bytes([1, 0])))
'a15'
"""

from __future__ import annotations

from puzzles.formats.base import PathLike, line_puzzle, position_after, read_bytes
from puzzles.formats.sniff import looks_like_pos
from puzzles.model import Puzzle, PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.notation import NPOINTS, SIZE, Move

__all__ = ["format_pos", "looks_like_pos", "parse_pos", "pos_puzzle", "read_pos"]


def _move(b: int) -> Move:
    if b >= NPOINTS:
        return None
    return (SIZE - 1 - b // SIZE) * SIZE + b % SIZE


def parse_pos(data: bytes, file: PathLike = "<bytes>") -> list[Move]:
    """The moves of a ``.pos`` file (``None`` for a pass).

    Raises:
        PuzzleFormatError: the file is empty, the count is 0 or above 225, the file is
        shorter than the count says, or a move repeats a point.
    """
    if not data:
        raise PuzzleFormatError(file, "empty file (a .pos file starts with its move count)")
    n = data[0]
    if not 1 <= n <= NPOINTS:
        raise PuzzleFormatError(file, f"bad move count {n} (expected 1..225)")
    if len(data) < n + 1:
        raise PuzzleFormatError(
            file, f"truncated: {n} moves announced but only {len(data) - 1} bytes follow"
        )
    moves = [_move(b) for b in data[1 : n + 1]]
    try:
        position_after(moves)
    except RenjuError as exc:
        raise PuzzleFormatError(file, str(exc)) from None
    return moves


def read_pos(path: PathLike) -> list[Move]:
    """Read a ``.pos`` file; raises :class:`PuzzleFormatError` as :func:`parse_pos`."""
    return parse_pos(read_bytes(path), path)


def pos_puzzle(moves: list[Move], file: PathLike = "<bytes>") -> Puzzle:
    """The position after the line, with the side to move next as the attacker.

    The goal is ``tsume`` (the file says nothing more); ``id`` is the file name's stem.
    """
    return line_puzzle(moves, file)


def format_pos(moves: list[Move]) -> bytes:
    """Encode a line as ``.pos`` bytes (a pass as ``0xF0``); inverse of :func:`parse_pos`.

    Raises:
        ValueError: the line is empty or longer than 225 moves.
    """
    if not 1 <= len(moves) <= NPOINTS:
        raise ValueError(f"a .pos line holds 1..225 moves, not {len(moves)}")
    out = [len(moves)]
    for m in moves:
        out.append(0xF0 if m is None else (SIZE - 1 - m // SIZE) * SIZE + m % SIZE)
    return bytes(out)
