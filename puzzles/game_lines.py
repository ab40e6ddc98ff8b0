"""The move order of game files: what ``renju opening`` and ``renju status`` need from a
game record, and the openings ``renju info`` counts.

A puzzle keeps stones, not the order they came in; a game record keeps the order. This
module reads it back: the one game of a ``.psq`` or ``.pos`` file, each game of a RenjuNet
database, the main line of each SGF game record (a tree with a set-up position is a
puzzle, not a game, and has none), and the first three moves of every line of a RenLib
library.

>>> lines = list(game_lines("tests/data/formats/handmade/game.psq"))
>>> len(lines), len(lines[0])
(1, 6)
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import Any

from puzzles.formats import pos, psq, renlib, rif, sgf
from puzzles.formats.base import PathLike, position_after
from puzzles.io import detect_format, read_file
from solver.errors import RenjuError
from solver.game.openings import opening_of
from solver.rules.notation import Move, Point

__all__ = [
    "GAME_FILES",
    "GAME_FORMATS",
    "GameMoves",
    "game_lines",
    "game_moves",
    "game_records",
    "lines_of",
    "opening_counts",
]

GAME_FORMATS = ("psq", "pos", "rif", "sgf", "renlib")
"""The formats that keep a game's move order."""


def _sgf_line(root: sgf.SgfNode) -> list[Move] | None:
    """The main line of an SGF game record; ``None`` for a set-up position or another
    board size."""
    if "AB" in root.props or "AW" in root.props or (root.get("SZ").strip() or "15") != "15":
        return None
    line: list[Move] = []
    for node in root.main_line():
        for key in ("B", "W"):
            if key in node.props:
                line.append(sgf.sgf_point(node.get(key)))
    return line


def _renlib_openings(tree: renlib.RenLibTree) -> Iterator[list[Move]]:
    """Each distinct path of three moves from the root of a library."""
    stack: list[tuple[renlib.RenLibNode, list[Move]]] = [(tree.root, [])]
    while stack:
        node, path = stack.pop()
        if len(path) == 3:
            yield path
            continue
        for child in reversed(node.children):
            if child.is_move:
                stack.append((child, [*path, child.move]))


@dataclass(frozen=True)
class GameMoves:
    """One game of a game file: its name (``game 3 (id 171548)``), its moves or the
    error that stops them replaying, and the share of the file read when it was reached."""

    name: str
    moves: list[Move] | RenjuError
    done: float = 1.0


GAME_FILES = ("pos", "psq", "rif")
"""The formats that are games and nothing else (read by :func:`game_records`)."""


def game_records(path: PathLike, format: str) -> Iterator[GameMoves]:
    """The games of a ``.pos``, ``.psq`` or RenjuNet file with their move orders, one by
    one in file order: the one reader of game move orders behind ``renju opening`` /
    ``status`` (:func:`game_lines`) and the mining stream
    (:func:`puzzles.game_stream.file_lines`). A database is streamed (bounded memory);
    a game whose moves do not replay comes with its error, and the stream goes on.

    Raises:
        PuzzleFormatError: the file cannot be read, or (a database) its XML breaks:
            raised when the bad part is reached, the games before it yielded.
    """
    if format == "pos":
        yield GameMoves("game 1", pos.read_pos(path))
    elif format == "psq":
        yield GameMoves("game 1", psq.read_psq(path).moves)
    elif format == "rif":
        size = max(1, os.path.getsize(path))
        with open(path, "rb") as f:
            for n, game in enumerate(rif.iter_rif(f, file=path), 1):
                name = f"game {n} (id {game.id})" if game.id else f"game {n}"
                done = min(1.0, f.tell() / size)
                moves: list[Move] | RenjuError
                try:
                    moves = game.moves()
                except RenjuError as exc:
                    moves = exc
                yield GameMoves(name, moves, done)


def game_lines(path: PathLike, format: str | None = None) -> Iterator[list[Move]]:
    """The move lists of the games in ``path``, in file order (a RenLib library: its
    distinct three-move beginnings). Games that cannot be read are skipped; a file in a
    format without games yields nothing.

    Raises:
        PuzzleFormatError: the file cannot be read at all.
    """
    fmt = format or detect_format(path)
    if fmt in GAME_FILES:  # (a database streamed)
        for game in game_records(path, fmt):
            if not isinstance(game.moves, RenjuError):
                yield game.moves
    elif fmt in GAME_FORMATS:
        yield from lines_of(fmt, read_file(path, fmt))


def lines_of(format: str, raw: Any) -> Iterator[list[Move]]:
    """The move lists of a game file already read (``puzzles.io.read_file``'s data)."""
    if format == "psq":
        yield raw.moves
    elif format == "pos":
        yield raw
    elif format == "rif":
        for game in raw:
            try:
                yield game.moves()
            except RenjuError:
                continue
    elif format == "sgf":
        for root in raw:
            try:
                line = _sgf_line(root)
            except RenjuError:
                continue
            if line is not None:
                yield line
    elif format == "renlib":
        yield from _renlib_openings(raw)


def game_moves(
    path: PathLike,
    number: int,
    format: str | None = None,
    stones: tuple[Iterable[Point], Iterable[Point]] | None = None,
) -> list[Move] | None:
    """The moves of the ``number``-th game of ``path`` (from 1; an SGF file counts its
    trees, set-up positions included; a RenLib library its lines from the root), or
    ``None`` when the file keeps no move order for it (a puzzle format, a set-up
    position). A RenLib line or SGF main line is cut where its position has the given
    ``stones`` (black, white: a puzzle's, which may lie inside the line).

    Raises:
        PuzzleFormatError: the file cannot be read at all.
    """
    fmt = format or detect_format(path)
    if fmt in ("psq", "pos") and number == 1:
        return next(game_lines(path, fmt))
    moves: list[Move] | None = None
    if fmt == "sgf":
        trees = sgf.read_sgf(path)
        if 1 <= number <= len(trees):
            try:
                moves = _sgf_line(trees[number - 1])
            except RenjuError:
                return None
    if fmt == "renlib":
        line = next(islice(renlib.read_renlib(path).lines(), number - 1, None), None)
        moves = None if line is None else [n.move for n in line if n.is_move]
    if moves is None or stones is None:
        return moves
    return _cut(moves, stones)


def _cut(moves: list[Move], stones: tuple[Iterable[Point], Iterable[Point]]) -> list[Move] | None:
    """The beginning of ``moves`` after which the board holds ``stones`` (black, white),
    or ``None`` if none does."""
    black, white = set(stones[0]), set(stones[1])
    for k in range(len(moves) + 1):
        try:
            after = position_after(moves[:k])
        except RenjuError:
            return None
        if set(after[0]) == black and set(after[1]) == white:
            return moves[:k]
    return None


def opening_counts(lines: Iterable[Sequence[Move]]) -> Counter[str]:
    """How many of the games begin with each opening (by code; ``"other"`` for a game
    whose first three moves are none of the 26, or fewer than three)."""
    counts: Counter[str] = Counter()
    for line in lines:
        opening = opening_of(line)
        counts[opening.code if opening else "other"] += 1
    return counts
