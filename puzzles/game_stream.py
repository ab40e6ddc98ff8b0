"""Game lines to mine, read as a stream: a start position and the moves played from it.

``renju generate --games FILE`` mines the positions along each line. The games of a
``.pos``, ``.psq`` or RenjuNet ``.rif`` file come from
:func:`puzzles.game_lines.game_records` (the one reader of game move orders; a database
is streamed game by game, so a file of hundreds of thousands of games is read in bounded
memory); any other file gives each puzzle's or position's stones followed by its stated
solution. A record that cannot be read is yielded as a :class:`BadRecord` naming its
place, and the stream goes on.

Each line carries ``done``, the share of the input read when it was reached (for the
progress bar's estimate of the time left).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from puzzles.game_lines import GAME_FILES, game_records
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
    if fmt in GAME_FILES:
        yield from _game_file_lines(path, fmt)
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


def _game_file_lines(path: str, fmt: str) -> Iterator[GameLine | BadRecord]:
    """The games of a ``.pos``, ``.psq`` or ``.rif`` file (:func:`game_records`); XML
    that breaks after some games is a last :class:`BadRecord`."""
    n = 0
    try:
        for game in game_records(path, fmt):
            n += 1
            if isinstance(game.moves, RenjuError):
                yield BadRecord(game.name, str(game.moves), game.done)
            else:
                yield GameLine(game.name, tuple(game.moves), done=game.done)
    except PuzzleFormatError as exc:
        if n == 0:
            raise
        yield BadRecord(f"after game {n}", f"{exc.problem}: the rest is not read", 1.0)
