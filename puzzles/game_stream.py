"""Game lines to mine, read as a stream: a start position and the moves played from it.

``renju generate --games FILE`` mines the positions along each line. A RenjuNet ``.rif``
database is streamed game by game with its moves (:func:`puzzles.formats.rif.iter_rif`),
so a file of hundreds of thousands of games is read in bounded memory; a ``.pos`` or
``.psq`` file is one game; any other puzzle file gives each puzzle's position followed by
its stated solution. A record that cannot be read is yielded as a :class:`BadRecord`
naming its place, and the stream goes on.

Each line carries ``done``, the share of the input read when it was reached (for the
progress bar's estimate of the time left).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from puzzles.formats import pos, psq, rif
from puzzles.io import detect_format, read_puzzles
from puzzles.model import PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.board import Color
from solver.rules.games import iter_sample_games
from solver.rules.notation import Move, Point

__all__ = ["BadRecord", "GameLine", "file_lines", "generated_lines"]


@dataclass(frozen=True)
class GameLine:
    """One line to mine: where it is (``"game 3"``), its start and its moves."""

    name: str
    moves: tuple[Move, ...]
    black: tuple[Point, ...] = ()
    white: tuple[Point, ...] = ()
    to_move: Color = Color.BLACK
    comment: str = ""
    done: float = 0.0


@dataclass(frozen=True)
class BadRecord:
    """A record that cannot be mined: where it is and why (one line each)."""

    name: str
    problem: str
    done: float = 0.0


def generated_lines(count: int, seed: int) -> Iterator[GameLine]:
    """``count`` generated games (:func:`solver.rules.games.sample_games`), made lazily."""
    for i, moves in enumerate(iter_sample_games(count, seed=seed, length=(16, 70))):
        yield GameLine(f"game {i + 1}", tuple(moves), done=(i + 1) / count)


def file_lines(path: str) -> Iterator[GameLine | BadRecord]:
    """The lines of a game or puzzle file, in file order (see the module docstring).

    Raises:
        PuzzleFormatError: the file cannot be read at all, or (but for a ``.rif``,
            which is streamed) holds no line (a ``.rif`` whose XML breaks before its
            first game; XML that breaks later is a last :class:`BadRecord`).
    """
    fmt = detect_format(path)
    if fmt == "rif":
        yield from _rif_lines(path)
        return
    if fmt in ("pos", "psq"):
        moves = pos.read_pos(path) if fmt == "pos" else psq.read_psq(path).moves
        yield GameLine("game 1", tuple(moves), done=1.0)
        return
    result = read_puzzles(path, fmt)
    items = result.puzzles + result.positions
    if not items:
        first = f" ({_problem(result.errors[0][1])})" if result.errors else ""
        raise PuzzleFormatError(path, f"no game lines to mine{first}")
    total = len(items)
    for i, p in enumerate(items):
        name = p.id or f"entry {i + 1}"
        yield GameLine(
            name,
            tuple(p.solution),
            tuple(p.black),
            tuple(p.white),
            p.to_move,
            p.comment,
            done=(i + 1) / total,
        )
    for loc, exc in result.errors:
        yield BadRecord(str(loc), _problem(exc), done=1.0)


def _problem(exc: RenjuError) -> str:
    return exc.problem if isinstance(exc, PuzzleFormatError) else str(exc)


def _rif_lines(path: str) -> Iterator[GameLine | BadRecord]:
    size = max(1, os.path.getsize(path))
    with open(path, "rb") as f:
        games = rif.iter_rif(f, file=path)
        n = 0
        while True:
            try:
                game = next(games)
            except StopIteration:
                return
            except PuzzleFormatError as exc:
                if n == 0:
                    raise
                yield BadRecord(f"after game {n}", f"{exc.problem}: the rest is not read", 1.0)
                return
            n += 1
            name = f"game {n} (id {game.id})" if game.id else f"game {n}"
            done = min(1.0, f.tell() / size)
            try:
                moves = game.moves()
            except RenjuError as exc:
                yield BadRecord(name, str(exc), done)
                continue
            yield GameLine(name, tuple(moves), done=done)
