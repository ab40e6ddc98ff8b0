"""Piskvork's ``.psq`` game files.

A header ``Piskvorky 15x15, 11:11, 0``, then one move per line ``x,y,t``: 1-based column
``x`` and row ``y`` counted from the TOP, ``t`` milliseconds. The move list ends at the
first line that is not ``x,y[,t]`` (engine names and a result code may follow). Black
moves first.

>>> from solver.rules.notation import format_moves
>>> format_moves(parse_psq("Piskvorky 15x15, 11:11, 0\\n8,8,0\\n9,7,3\\n-1\\n").moves)
'h8 i9'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from puzzles.formats.base import PathLike, decode_text, line_puzzle, position_after, read_bytes
from puzzles.formats.sniff import looks_like_psq
from puzzles.model import Puzzle, PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.notation import SIZE, Move

__all__ = ["PsqGame", "looks_like_psq", "parse_psq", "psq_puzzle", "read_psq"]

_HEADER_RE = re.compile(r"Piskvorky\s+(\d+)x(\d+),\s*(-?\d+):(-?\d+),\s*(-?\d+)")
_MOVE_RE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?")


@dataclass
class PsqGame:
    """A game: moves (Black first), milliseconds per move, and the lines after the moves."""

    moves: list[Move]
    times: list[int] = field(default_factory=list)
    trailer: list[str] = field(default_factory=list)


def parse_psq(text: str, file: PathLike = "<string>") -> PsqGame:
    """Parse a ``.psq`` text.

    Raises:
        PuzzleFormatError: no header, a board other than 15x15, a move off the board or
        on an occupied point.
    """
    lines = text.removeprefix("\ufeff").splitlines()
    m = _HEADER_RE.match(lines[0].strip()) if lines else None
    if m is None:
        raise PuzzleFormatError(file, "no 'Piskvorky WxH, ...' header line")
    if (int(m.group(1)), int(m.group(2))) != (SIZE, SIZE):
        raise PuzzleFormatError(file, f"board {m.group(1)}x{m.group(2)} is not 15x15")
    game = PsqGame(moves=[])
    rest = lines[1:]
    for n, line in enumerate(rest):
        mv = _MOVE_RE.fullmatch(line)
        if mv is None:
            game.trailer = [s for s in rest[n:] if s.strip()]
            break
        x, y = int(mv.group(1)), int(mv.group(2))
        if not (1 <= x <= SIZE and 1 <= y <= SIZE):
            raise PuzzleFormatError(file, f"line {n + 2}: move {x},{y} is off the board")
        game.moves.append((SIZE - y) * SIZE + x - 1)
        game.times.append(int(mv.group(3) or 0))
    try:
        position_after(game.moves)
    except RenjuError as exc:
        raise PuzzleFormatError(file, str(exc)) from None
    return game


def read_psq(path: PathLike) -> PsqGame:
    """Read a ``.psq`` file; raises :class:`PuzzleFormatError` as :func:`parse_psq`."""
    return parse_psq(decode_text(read_bytes(path)), path)


def psq_puzzle(game: PsqGame, file: PathLike = "<string>") -> Puzzle:
    """The position after the game, the side to move next as the attacker (goal tsume)."""
    return line_puzzle(game.moves, file)
