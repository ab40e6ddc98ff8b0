"""Position input shared by the commands that take a position: the options, a text
diagram, and the position readers other packages register (``solver.cli.registry``).

A position file may name one puzzle of a collection: ``FILE#N`` (the N-th, from 1) or
``--puzzle ID``; without either, the file's first puzzle is used.
"""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING, Any

from solver.cli.registry import Selector, position_readers
from solver.errors import CommandError, RenjuError, SelectorError
from solver.rules.board import BLACK, Board, Color, Rule
from solver.rules.notation import parse_moves, parse_points

if TYPE_CHECKING:
    from pathlib import Path  # (imported where a file is read: not for --black/--white)

__all__ = [
    "add_position_arguments",
    "board_from_args",
    "describe_selector",
    "entry_json",
    "position_from_args",
    "puzzle_header",
    "split_selector",
]


def add_position_arguments(parser: argparse.ArgumentParser, *, file_arg: bool = True) -> None:
    """Add the position options every position-taking command shares."""
    g = parser.add_argument_group("position")
    if file_arg:
        g.add_argument(
            "file",
            nargs="?",
            metavar="FILE[#N]",
            help="a position file (text diagram, or a puzzle file: its first puzzle, or "
            "with #N its N-th, counted from 1)",
        )
        g.add_argument(
            "--puzzle", metavar="ID", help="the puzzle of FILE with this id (its id: line)"
        )
    g.add_argument("--black", "-b", metavar="LIST", help='black stones, e.g. "h8,i9" or "h8 i9"')
    g.add_argument("--white", "-w", metavar="LIST", help="white stones")
    g.add_argument(
        "--moves", "-m", metavar="SEQ", help='a move sequence, Black first ("pass" allowed)'
    )
    g.add_argument(
        "--to-move", metavar="SIDE", help="black or white (default: from --moves, else black)"
    )
    g.add_argument("--rule", default="renju", help="renju (default), standard or freestyle")


def split_selector(text: str) -> tuple[str, int | None]:
    """Split ``FILE#N`` into the file name and the puzzle number (1-based); a name whose
    ``#`` is part of an existing file's name is kept whole.

    >>> split_selector("set.renju#3"), split_selector("set.renju")
    (('set.renju', 3), ('set.renju', None))

    Raises:
        SelectorError: what follows ``#`` is not a number from 1 (quoting the argument).
    """
    if "#" not in text or os.path.exists(text):
        return text, None
    name, _, number = text.rpartition("#")
    if not number.isdigit():
        raise SelectorError(f"{text!r}: after '#' comes a puzzle number (1, 2, ...)")
    if int(number) < 1:
        raise SelectorError(f"{text!r}: puzzles are numbered from 1")
    return name, int(number)


def describe_selector(file: str, selector: Selector) -> str:
    """How error messages name a file and its selector: ``set.renju#3``,
    ``set.renju --puzzle 'vcf-01'`` or the file alone."""
    if selector is None:
        return file
    if isinstance(selector, int):
        return f"{file}#{selector}"
    return f"{file} --puzzle {selector!r}"


def puzzle_header(file: str, hints: dict[str, Any]) -> str:
    """``Puzzle tsume-3-001, "TSUME in 3" (#1 of 20 in tsume.renju)``: the puzzle a
    position file's hints name; ``Position game (#1 of 1 in game.pos): no stated task``
    for an entry the file does not mark as a puzzle (the ``position`` hint)."""
    file = split_selector(file)[0]
    name = hints.get("id") or "without an id"
    title = f', "{hints["title"]}"' if hints.get("title") else ""
    of = f" of {hints['of']}" if hints.get("of") else ""
    where = f"(#{hints.get('number', 1)}{of} in {file})"
    if hints.get("position"):
        return f"Position {name}{title} {where}: no stated task, answered for the side to move"
    return f"Puzzle {name}{title} {where}"


def entry_json(hints: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The ``--json`` key and object naming the file's entry the hints describe:
    ``("puzzle", {"id", "title", "number"})``, ``("position", {...})`` for an entry the
    file does not mark as a puzzle, or ``None`` (no file entry: ``--moves``, a diagram).

    >>> entry_json({"id": "g", "number": 1, "position": True})
    ('position', {'id': 'g', 'title': None, 'number': 1})
    """
    if not (hints.get("id") or hints.get("number")):
        return None
    named = {
        "id": hints.get("id") or None,
        "title": hints.get("title") or None,
        "number": hints.get("number"),
    }
    return ("position" if hints.get("position") else "puzzle"), named


def _read_diagram(path: Path) -> Board:
    text = path.read_text(encoding="utf-8-sig")
    to_move: Color = BLACK
    rows = []
    for line in text.splitlines():
        low = line.strip().lower()
        if low.startswith(("to move:", "to_move:", "side:")):
            to_move = Color.parse(low.split(":", 1)[1])
        elif low and not low.startswith("#"):
            rows.append(line)
    return Board.from_diagram("\n".join(rows), to_move)


def board_from_args(args: argparse.Namespace) -> Board:
    """Build the position the options describe.

    Raises:
        RenjuError: a bad point, overlapping stones, an unreadable file (quoting it).
    """
    return position_from_args(args)[0]


def position_from_args(args: argparse.Namespace) -> tuple[Board, dict[str, Any]]:
    """The position the options describe, and hints from a puzzle file (see
    ``solver.cli.registry``: its goal and move limit, which a command uses when the user
    gave none, and the puzzle's id, title and stated answer).

    Raises:
        RenjuError: a bad point, overlapping stones, an unreadable file (quoting it).
        SelectorError: ``FILE#N`` or ``--puzzle ID`` names no puzzle of the file.
    """
    hints: dict[str, Any] = {}
    rule = Rule.parse(args.rule)
    file = getattr(args, "file", None)
    given = [x for x in (file, args.moves, args.black or args.white) if x]
    if len(given) > 1:
        raise CommandError("give one of: a position file, --moves, or --black/--white")
    puzzle_id = getattr(args, "puzzle", None)
    if puzzle_id is not None and not file:
        raise CommandError(f"--puzzle {puzzle_id!r} needs a puzzle file")
    if file:
        file, number = split_selector(file)
        if number is not None and puzzle_id is not None:
            raise CommandError(f"give FILE#{number} or --puzzle {puzzle_id!r}, not both")
        selector: Selector = number if number is not None else puzzle_id
        from pathlib import Path

        path = Path(file)
        if not path.is_file():
            raise CommandError(f"no such file: {file!r}")
        board = None
        for reader in position_readers():
            found = reader(path, selector)
            if isinstance(found, tuple):
                board, hints = found
            else:
                board = found
            if board is not None:
                break
        if board is None:
            if selector is not None and selector != 1:
                raise SelectorError(
                    f"{describe_selector(file, selector)}: a text diagram holds one position"
                )
            try:
                board = _read_diagram(path)
            except UnicodeDecodeError:
                raise CommandError(f"{file}: not a text diagram (binary data)") from None
            except RenjuError as exc:
                raise CommandError(f"{file}: {exc}") from None
        if rule is not board.rule:
            board = Board.from_stones(
                board.stones(Color.BLACK), board.stones(Color.WHITE), board.to_move, rule
            )
    elif args.moves:
        board = Board.from_moves(parse_moves(args.moves), rule)
    else:
        board = Board.from_stones(
            parse_points(args.black or ""), parse_points(args.white or ""), BLACK, rule
        )
    if args.to_move:
        board.to_move = Color.parse(args.to_move)
    return board, hints
