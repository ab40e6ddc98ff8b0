"""One puzzle of a file as a position for the command line: the position reader,
registered in the ``renju.position_readers`` entry point and named first in
``solver.cli.registry.KNOWN_READERS``. Any command that takes a position file (``renju
forbidden FILE``, ``renju solve FILE``) accepts every puzzle format, and uses the file's
first puzzle, its N-th (``FILE#N``) or the one with an id (``--puzzle ID``).

It lives apart from the puzzle tools' commands (:mod:`puzzles.commands`) and imports the
game-record and RenjuNet readers only for those formats, so that a command reading one
puzzle of a native file starts quickly (``docs/performance.md``, start-up).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from puzzles.formats.base import position_after
from puzzles.formats.native import pick_native
from puzzles.io import detect_format, read_puzzles
from puzzles.model import Puzzle, PuzzleFormatError
from solver.errors import RenjuError, SelectorError
from solver.rules.board import Board
from solver.rules.notation import Move, Point

__all__ = ["puzzle_number", "read_position"]


def read_position(
    path: Path, selector: int | str | None = None
) -> tuple[Board, dict[str, Any]] | None:
    """One puzzle of a puzzle file as a board (the attacker to move) with hints for the
    command line (see ``solver.cli.registry``): its goal, move limit and count, its id,
    title, place in the file, stated solution and keys, its task (``kind``: ``win``,
    ``defend``, ``points:KIND``) with its stated ``answer``, ``themes`` and ``rating``;
    or ``None`` when the file is not in a puzzle format (a plain text diagram, say).

    A file that marks no puzzle (a ``.pos`` or ``.psq`` game, a RenjuNet database, an
    SGF game record, a RenLib library without a stated task) gives one of its positions,
    the side to move next to move, with the hints ``position`` (true), ``id``,
    ``title``, ``number``, ``of`` and ``comment``: no task, no stated answer.

    ``selector`` picks the puzzle (or position): ``None`` the first, an int the N-th
    (from 1; the puzzles are numbered, or the positions of a file without any), a string
    the one with that id (a position beside puzzles is named by its id). Entries that
    cannot be read are skipped and not counted. In a native file, the entries after the
    one picked are counted (``of``), not read.

    Raises:
        PuzzleFormatError: the file is in a puzzle format but cannot be read, or holds
        no puzzle or position.
        SelectorError: no puzzle at that place or with that id (naming the file and the
        selector).
    """
    try:
        fmt = detect_format(path)
    except PuzzleFormatError:
        return None
    if fmt == "rif":  # stream: read only as far as the game wanted
        return _rif_position(path, selector)
    if fmt == "native":
        found = _native_position(path, selector)
        if found is not None:
            return found
    result = read_puzzles(path, fmt)
    entries = result.entries
    if not entries:
        first = f" ({result.errors[0][1]})" if result.errors else ""
        raise PuzzleFormatError(path, f"no readable puzzle or position in the file{first}")
    ids, position_ids = {p.id for p in entries}, {p.id for p in result.positions}
    if isinstance(selector, str) and selector not in ids and selector in position_ids:
        entries = result.positions  # --puzzle ID names a position beside the puzzles
    marked = entries is result.puzzles
    noun = "puzzle" if marked else "position"
    number = 1 if selector is None else puzzle_number(path, entries, selector, noun)
    top = entries[number - 1]
    if marked:
        hints = _hints(top, number, len(entries))
    else:
        hints = {
            "id": top.id,
            "title": top.title,
            "number": number,
            "of": len(entries),
            "position": True,
            "comment": top.comment,
        }
    if fmt in ("psq", "pos", "sgf", "renlib"):  # a game record: its moves in order too
        index = top.location.index if top.location and top.location.index is not None else 0
        moves = _game_moves(path, index + 1, fmt, (top.black, top.white))
        if moves is not None:
            hints["moves"] = moves
    return top.board(), hints


def _native_position(path: Path, selector: int | str | None) -> tuple[Board, dict[str, Any]] | None:
    """The puzzle of a native file ``selector`` names, its entries read only as far as
    that puzzle (a bundled file's 35 diagrams cost more than a quick solve); ``None``
    when there is none, or the file is not UTF-8 text: the whole file is read then, and
    the error names what it holds."""
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    picked = pick_native(text, os.fspath(path), selector)
    if picked is None:
        return None
    puzzle, number, of = picked
    return puzzle.board(), _hints(puzzle, number, of)


def _hints(top: Puzzle, number: int, of: int) -> dict[str, Any]:
    """The command line's hints of puzzle ``number`` of ``of`` (see ``read_position``)."""
    return {
        "goal": top.goal,
        "max_moves": top.max_moves,
        "count": top.count,
        "id": top.id,
        "title": top.title,
        "number": number,
        "of": of,
        "solution": list(top.solution),
        "keys": list(top.keys),
        "kind": top.kind,
        "answer": None if top.answer is None else list(top.answer),
        "themes": list(top.themes),
        "rating": top.rating,
    }


def puzzle_number(
    path: Path, puzzles: list[Puzzle], selector: int | str, noun: str = "puzzle"
) -> int:
    """The number (from 1) of the puzzle (or position: ``noun``) ``selector`` names: the
    N-th, or the one with that id.

    Raises:
        SelectorError: no puzzle at that place or with that id.
    """
    if isinstance(selector, int):
        if not 1 <= selector <= len(puzzles):
            held = f"{len(puzzles)} {noun}{'s' if len(puzzles) != 1 else ''}"
            raise SelectorError(f"{_named(path, selector)}: the file holds {held}")
        return selector
    found = [i for i, p in enumerate(puzzles, 1) if p.id == selector]
    if not found:
        ids = ", ".join(p.id for p in puzzles[:5] if p.id)
        more = ", ..." if len(puzzles) > 5 else ""
        known = f" (its ids: {ids}{more})" if ids else f" (its {noun}s have no ids)"
        raise SelectorError(f"{_named(path, selector)}: no {noun} with that id{known}")
    return found[0]


def _named(path: Path, selector: int | str) -> str:
    if isinstance(selector, int):
        return f"{path}#{selector}"
    return f"{path} --puzzle {selector!r}"


def _game_moves(
    path: Path, number: int, fmt: str, stones: tuple[list[Point], list[Point]]
) -> list[Move] | None:
    """``puzzles.game_lines.game_moves``, imported for a game record only (it brings the
    game rules: the openings, the fifth-move rules)."""
    from puzzles.game_lines import game_moves

    return game_moves(path, number, fmt, stones)


def _rif_position(path: Path, selector: int | str | None) -> tuple[Board, dict[str, Any]]:
    """A game of a RenjuNet database (streamed) as the position after its moves; games
    that cannot be read are skipped and not counted, as ``read_puzzles`` does."""
    from puzzles.formats import rif

    number = 0
    for game in rif.iter_rif(path):
        try:
            black, white, to_move = position_after(game.moves())
        except RenjuError as exc:
            if selector == game.id:
                raise PuzzleFormatError(path, f"game {game.id}: {exc}") from None
            continue
        number += 1
        if selector is None or selector == number or selector == game.id:
            names = " - ".join(n for n in (game.black_name, game.white_name) if n)
            hints: dict[str, Any] = {
                "position": True,
                "id": game.id,
                "title": names,
                "number": number,
                "comment": game.info,
                "moves": game.moves(),
            }
            return Board.from_stones(black, white, to_move), hints
    if selector is None:
        raise PuzzleFormatError(path, "no readable game in the file")
    if isinstance(selector, int):
        raise SelectorError(f"{_named(path, selector)}: the file holds {number} readable games")
    raise SelectorError(f"{_named(path, selector)}: no game with that id")
