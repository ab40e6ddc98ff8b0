"""The puzzle tools' subcommands: ``renju info``, ``renju convert`` and ``renju verify``.

Registered through the ``renju.commands`` entry point (``register``); ``read_position``
is registered as a position reader (the ``renju.position_readers`` entry point): any
command that takes a position file (``renju forbidden FILE``, ``renju solve FILE``)
accepts every puzzle format, and uses the file's first puzzle, its N-th (``FILE#N``) or
the one with an id (``--puzzle ID``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from puzzles.formats import rif
from puzzles.formats.base import position_after
from puzzles.io import FORMATS, detect_format, read_puzzles, write_native
from puzzles.model import GOALS, Goal, PuzzleFormatError
from solver.errors import CommandError, RenjuError, SelectorError
from solver.rules.board import Board

__all__ = ["read_position", "register"]


def read_position(
    path: Path, selector: int | str | None = None
) -> tuple[Board, dict[str, Any]] | None:
    """One puzzle of a puzzle file as a board (the attacker to move) with hints for the
    command line (see ``solver.cli.registry``): its goal, move limit and count, its id,
    title, place in the file, stated solution and keys; or ``None`` when the file is not
    in a puzzle format (a plain text diagram, say).

    ``selector`` picks the puzzle: ``None`` the first, an int the N-th (from 1), a string
    the one with that id.

    Raises:
        PuzzleFormatError: the file is in a puzzle format but cannot be read, or holds
        no puzzle.
        SelectorError: no puzzle at that place or with that id (naming the file and the
        selector).
    """
    try:
        fmt = detect_format(path)
    except PuzzleFormatError:
        return None
    if fmt == "rif":  # stream: read only as far as the puzzle wanted
        return _rif_position(path, selector)
    result = read_puzzles(path, fmt)
    if not result.puzzles and result.positions:  # a library of positions: its first
        return result.positions[0].board(), {}
    if not result.puzzles:
        first = f" ({result.errors[0][1]})" if result.errors else ""
        raise PuzzleFormatError(path, f"no readable puzzle in the file{first}")
    puzzles = result.puzzles
    if selector is None:
        number = 1
    elif isinstance(selector, int):
        number = selector
        if not 1 <= number <= len(puzzles):
            held = f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}"
            raise SelectorError(f"{_named(path, selector)}: the file holds {held}")
    else:
        found = [i for i, p in enumerate(puzzles, 1) if p.id == selector]
        if not found:
            ids = ", ".join(p.id for p in puzzles[:5] if p.id)
            more = ", ..." if len(puzzles) > 5 else ""
            known = f" (its ids: {ids}{more})" if ids else " (its puzzles have no ids)"
            raise SelectorError(f"{_named(path, selector)}: no puzzle with that id{known}")
        number = found[0]
    top = puzzles[number - 1]
    return top.board(), {
        "goal": top.goal,
        "max_moves": top.max_moves,
        "count": top.count,
        "id": top.id,
        "title": top.title,
        "number": number,
        "of": len(puzzles),
        "solution": list(top.solution),
        "keys": list(top.keys),
    }


def _named(path: Path, selector: int | str) -> str:
    if isinstance(selector, int):
        return f"{path}#{selector}"
    return f"{path} --puzzle {selector!r}"


def _rif_position(path: Path, selector: int | str | None) -> tuple[Board, dict[str, Any]]:
    """A game of a RenjuNet database (streamed) as the position after its moves; games
    that cannot be read are skipped and not counted, as ``read_puzzles`` does."""
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
            hints: dict[str, Any] = {"id": game.id, "number": number}
            return Board.from_stones(black, white, to_move), hints
    if selector is None:
        raise PuzzleFormatError(path, "no readable game in the file")
    if isinstance(selector, int):
        raise SelectorError(f"{_named(path, selector)}: the file holds {number} readable games")
    raise SelectorError(f"{_named(path, selector)}: no game with that id")


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``info``, ``convert`` and ``verify`` to the ``renju`` parser."""
    p = sub.add_parser(
        "info",
        help="what a puzzle file holds (format, puzzles, games, nodes, comments)",
        description=f"Describe a puzzle file of any supported format ({', '.join(FORMATS)}).",
    )
    p.add_argument("file", metavar="FILE", help="a puzzle, game or library file")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=_run_info)

    c = sub.add_parser(
        "convert",
        help="convert a puzzle, game or library file to the native .renju format",
        description=(
            "Read every puzzle of IN (any supported format) and write them to OUT in the "
            "native format. Bad entries are skipped and listed on stderr (exit 1)."
        ),
    )
    c.add_argument("input", metavar="IN", help="the file to read")
    c.add_argument("output", metavar="OUT", help="the .renju file to write")
    c.add_argument("--format", default="native", choices=["native"], help="output format")
    c.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    c.set_defaults(run=_run_convert)

    from puzzles.generate import register_generate

    register_generate(sub)

    v = sub.add_parser(
        "verify",
        help="check puzzle collections: legal, solvable, no cook, stated solution right",
        description=(
            "Verify every puzzle of the files and folders given: a legal position, the "
            "shortest win, every winning key move (more than one: a cook), and the stated "
            "solution move by move. Exit 0 if all are sound, 1 if problems were found, "
            "2 if an input cannot be read, 3 if the solver failed its own checks on some "
            "puzzle (a proof the checker rejected, or a disproof that a search without "
            "shortcuts contradicted), 130 if interrupted (the report is saved)."
        ),
    )
    v.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files or folders")
    v.add_argument(
        "--time",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="seconds per puzzle (default 10)",
    )
    v.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="worker processes (default 1)"
    )
    v.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run on a Dask cluster: the scheduler's address (tcp://host:8786); needs "
        'pip install "renju-tsume[cluster]"',
    )
    v.add_argument("--json", metavar="REPORT", help="write a JSON report (kept up to date)")
    v.add_argument(
        "--resume",
        metavar="REPORT",
        help="skip the puzzles already in REPORT and keep it up to date (it may not exist yet)",
    )
    v.add_argument(
        "--goal", choices=GOALS, help="check every puzzle for this goal instead of its own"
    )
    v.add_argument(
        "--max-moves", type=int, metavar="N", help="check every puzzle with this move limit"
    )
    v.add_argument("--quiet", "-q", action="store_true", help="print only puzzles with problems")
    v.add_argument(
        "--no-check",
        action="store_true",
        help="do not re-check proofs with the independent checker (faster; by default a "
        "rejected proof is a solver error, exit 3)",
    )
    v.set_defaults(run=_run_verify)


def _run_info(args: argparse.Namespace) -> int:
    from puzzles.info import file_info  # (the position reader does without it)

    info = file_info(_existing(args.file))
    if not (info.puzzles or info.games or info.nodes):
        first = f" ({info.first_errors[0]})" if info.first_errors else ""
        raise PuzzleFormatError(args.file, f"no puzzle, game or position in the file{first}")
    print(json.dumps(info.to_json()) if args.json else info.text())
    return 0


def _existing(name: str) -> str:
    if not os.path.exists(name):
        raise CommandError(f"no such file: {name!r}")
    if os.path.isdir(name):
        raise CommandError(f"{name!r} is a folder, not a file")
    return name


def _readable(path: str) -> None:
    """A file named on the command line must hold a puzzle (a folder's files are checked
    as they are verified: a bad one is a problem found, not bad input).

    Raises:
        CommandError: no such file or folder.
        PuzzleFormatError: the file holds no readable puzzle.
    """
    if os.path.isdir(path):
        return
    if not os.path.exists(path):
        raise PuzzleFormatError(path, "no such file or directory")
    from puzzles.verify_run import is_report

    if is_report(Path(path)):
        raise PuzzleFormatError(path, "a renju verify report, not a puzzle file")
    if detect_format(path) == "rif":
        return  # streamed as it is verified (a database can be large)
    result = read_puzzles(path)
    if not result.puzzles:
        first = f" ({result.errors[0][1]})" if result.errors else ""
        raise PuzzleFormatError(path, f"no readable puzzle in the file{first}")


def _run_convert(args: argparse.Namespace) -> int:
    source = _existing(args.input)
    if os.path.exists(args.output) and not args.force:
        raise CommandError(f"{args.output!r} exists (use --force to overwrite it)")
    result = read_puzzles(source)
    if not result.puzzles:
        why = "no puzzle could be read"
        if result.positions:
            why = (
                f"no puzzle marked as one ({len(result.positions)} positions: "
                "renju generate --from FILE keeps those with a proven win)"
            )
        raise PuzzleFormatError(source, f"{why}, nothing written")
    try:
        write_native(result.puzzles, args.output)
    except OSError as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a field the native format cannot hold
        raise CommandError(f"cannot write {args.output!r}: {exc}") from None
    n, bad = len(result.puzzles), len(result.errors)
    npos = len(result.positions)
    positions = (
        f"; {npos} position{'s' if npos != 1 else ''} not marked as puzzles, not written"
        if npos
        else ""
    )
    print(
        f"wrote {n} puzzle{'s' if n != 1 else ''} to {args.output}"
        f" ({result.format}{positions}; {bad} entr{'y' if bad == 1 else 'ies'} skipped)",
        file=sys.stderr,
    )
    for _, error in result.errors:
        print(f"  skipped {error}", file=sys.stderr)
    return 1 if bad else 0


def _run_verify(args: argparse.Namespace) -> int:
    if args.time is not None and args.time <= 0:
        raise CommandError(f"--time must be positive, not {args.time}")
    if args.jobs < 1:
        raise CommandError(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs != 1 and args.scheduler:
        raise CommandError("--jobs is for this machine, --scheduler for a Dask cluster: not both")
    if args.max_moves is not None and args.max_moves < 1:
        raise CommandError(f"--max-moves must be at least 1, not {args.max_moves}")
    for report in (args.json, args.resume):
        folder = os.path.dirname(os.path.abspath(report)) if report else ""
        if report and not os.path.isdir(folder):
            raise CommandError(f"cannot write the report {report!r}: no folder {folder!r}")
    for path in args.paths:
        _readable(path)
    from puzzles.verify_run import Options, run_verify  # (the position reader does without)

    goal: Goal | None = next((g for g in GOALS if g == args.goal), None)
    opts = Options(
        paths=args.paths,
        time=args.time,
        jobs=args.jobs,
        report=args.json,
        resume=args.resume,
        goal=goal,
        max_moves=args.max_moves,
        quiet=args.quiet,
        check=not args.no_check,
        scheduler=args.scheduler,
    )
    return run_verify(opts)
