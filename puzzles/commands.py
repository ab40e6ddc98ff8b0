"""The puzzle tools' subcommands: ``renju info``, ``convert``, ``verify``, ``generate`` and
``annotate``.

Registered through the ``renju.commands`` entry point (``register``). The position
reader (``read_position``, re-exported here) is in :mod:`puzzles.position_reader`.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from puzzles.formats.base import GameRecord, RecordError
from puzzles.io import (
    FORMATS,
    POSITION_FORMATS,
    detect_format,
    output_format,
    read_games,
    read_puzzles,
    svg_paths,
    write_game,
    write_puzzles,
)
from puzzles.model import GOALS, Goal, PuzzleFormatError
from puzzles.position_reader import puzzle_number, read_position
from solver.errors import CommandError, SelectorError
from solver.search.limits import DEFAULT_MEMORY_MB

__all__ = ["read_position", "register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``info``, ``convert`` and ``verify`` to the ``renju`` parser."""
    p = sub.add_parser(
        "info",
        help="what a puzzle file holds (format, puzzles, positions, games, nodes, comments)",
        description=f"Describe a puzzle file of any supported format ({', '.join(FORMATS)}).",
    )
    p.add_argument("file", metavar="FILE", help="a puzzle, game or library file")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(run=_run_info)

    c = sub.add_parser(
        "convert",
        help="convert puzzles to the native .renju format, SGF, a RenLib .lib or SVG diagrams",
        description=(
            "Read every puzzle of IN (any supported format; IN#N or --puzzle ID: one of "
            "them) and write them to OUT, in the format its extension names (.renju, "
            ".sgf, .lib, .svg; another extension: native) or --to says. Positions (entries "
            "IN does not mark as puzzles: no stated task) are written too where the format "
            "holds them (SGF, .lib, SVG), never to .renju. SVG is one diagram "
            "an entry: OUT for one, else OUT-01.svg, OUT-02.svg, ... A file of one game "
            "(.pos, .psq, an SGF game record) is written as a game, its moves in order "
            "(numbered on a diagram). Files are written whole or not at all. Bad entries "
            "of IN are skipped and listed on stderr (exit 1)."
        ),
    )
    c.add_argument("input", metavar="IN[#N]", help="the file to read (#N: its N-th puzzle alone)")
    c.add_argument("output", metavar="OUT", help="the file to write")
    c.add_argument(
        "--to",
        "--format",
        dest="to",
        metavar="FORMAT",
        help="renju (native), sgf, lib or svg (default: by OUT's extension)",
    )
    c.add_argument("--puzzle", metavar="ID", help="convert the puzzle of IN with this id alone")
    c.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    c.add_argument(
        "--encoding",
        default="utf-8",
        metavar="CODEC",
        help="lib: the code page of the comments (default utf-8; RenLib on a Chinese "
        "Windows reads gbk, on a Japanese one cp932)",
    )
    c.add_argument(
        "--no-numbers",
        action="store_true",
        help="svg: the position alone, without the solution's numbered moves",
    )
    c.add_argument(
        "--no-forbidden", action="store_true", help="svg: do not mark Black's forbidden points"
    )
    c.set_defaults(run=_run_convert)

    from puzzles.annotate import register_annotate
    from puzzles.generate import register_generate

    register_generate(sub)
    register_annotate(sub)

    v = sub.add_parser(
        "verify",
        help="check puzzle collections: legal, solvable, no cook, stated solution right",
        description=(
            "Verify every puzzle of the files and folders given: a legal position, the "
            "shortest win, every winning key move (more than one: a cook), and the stated "
            "solution move by move. A file of positions only (a game, no stated task) is "
            "passed over with a note. Exit 0 if all are sound, 1 if problems were found, "
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
        "--memory",
        type=int,
        default=DEFAULT_MEMORY_MB,
        metavar="MB",
        help=f"table memory of each search (default {DEFAULT_MEMORY_MB}; each of --jobs "
        "has its own): a long --time on deep puzzles may need more",
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
    if not (info.puzzles or info.positions or info.games or info.nodes):
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
    """A file named on the command line must hold a puzzle or a position (a file of
    positions is passed over with a note; a folder's files are checked as they are
    verified: a bad one is a problem found, not bad input).

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
    if not result.puzzles and not result.positions:  # (positions: skipped with a note)
        first = f" ({result.errors[0][1]})" if result.errors else ""
        raise PuzzleFormatError(path, f"no readable puzzle in the file{first}")


def _split_number(text: str) -> tuple[str, int | None]:
    """``set.renju#3`` -> ``("set.renju", 3)``; a name whose ``#`` belongs to an
    existing file stays whole.

    Raises:
        SelectorError: what follows ``#`` is not a number from 1.
    """
    name, mark, number = text.rpartition("#")
    if not mark or os.path.exists(text):
        return text, None
    if not number.isdigit() or int(number) < 1:
        raise SelectorError(f"{text!r}: after '#' comes a puzzle number (1, 2, ...)")
    return name, int(number)


def _run_convert(args: argparse.Namespace) -> int:
    name, number = _split_number(args.input)
    if number is not None and args.puzzle is not None:
        raise CommandError(f"give IN#{number} or --puzzle {args.puzzle!r}, not both")
    fmt = output_format(args.output, args.to)
    try:
        "".encode(args.encoding)
    except LookupError:
        raise CommandError(f"unknown --encoding {args.encoding!r}") from None
    source = _existing(name)
    if fmt != "native" and number in (None, 1) and args.puzzle is None:
        games = read_games(source)
        if games is not None and len(games) == 1:
            return _convert_game(games[0], args, fmt)
    result = read_puzzles(source)
    puzzles, positions = result.puzzles, result.positions
    selector = number if number is not None else args.puzzle
    if selector is not None and result.entries:
        noun = "puzzle" if result.puzzles else "position"
        picked = result.entries[puzzle_number(Path(source), result.entries, selector, noun) - 1]
        puzzles, positions = ([picked], []) if result.puzzles else ([], [picked])
    kept = positions if fmt in POSITION_FORMATS else []
    if not puzzles and not kept:
        why = "no puzzle could be read"
        if positions:
            why = (
                f"no puzzle marked as one ({_count(len(positions), 'position')}; the {fmt} "
                "format holds puzzles only: write .sgf, .lib or .svg to keep them, or "
                "renju generate --from FILE keeps those with a proven win)"
            )
        raise PuzzleFormatError(source, f"{why}, nothing written")
    count = len(puzzles) + len(kept)
    targets = svg_paths(args.output, count) if fmt == "svg" else [args.output]
    for target in targets:
        if os.path.exists(target) and not args.force:
            raise CommandError(f"{target!r} exists (use --force to overwrite it)")
    try:
        written = write_puzzles(
            puzzles,
            args.output,
            fmt,
            encoding=args.encoding,
            numbers=not args.no_numbers,
            forbidden=not args.no_forbidden,
            positions=kept,
        )
    except OSError as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    except RecordError:
        raise
    except ValueError as exc:  # a field the native format cannot hold
        raise CommandError(f"cannot write {args.output!r}: {exc}") from None
    bad = len(result.errors)
    what = _count(len(puzzles), "puzzle") + (
        f" and {_count(len(kept), 'position')}" if kept else ""
    )
    dropped = len(positions) - len(kept)
    left = (
        f"; {_count(dropped, 'position')} not marked as puzzles, not written"
        f" (the {fmt} format holds puzzles only)"
        if dropped
        else ""
    )
    where = written[0] if len(written) == 1 else f"{written[0]} ... {written[-1]}"
    print(
        f"wrote {what} to {where}"
        f" ({result.format}{left}; {bad} entr{'y' if bad == 1 else 'ies'} skipped)"
        + ("" if fmt == "native" else f" as {fmt}"),
        file=sys.stderr,
    )
    for _, error in result.errors:
        print(f"  skipped {error}", file=sys.stderr)
    return 1 if bad else 0


def _count(n: int, noun: str) -> str:
    """``1 puzzle``, ``3 positions``."""
    return f"{n:,} {noun}{'s' if n != 1 else ''}"


def _convert_game(game: GameRecord, args: argparse.Namespace, fmt: str) -> int:
    """A file of one game (``.pos``, ``.psq``, an SGF game record) written as a game:
    its moves in order, numbered on a diagram."""
    if os.path.exists(args.output) and not args.force:
        raise CommandError(f"{args.output!r} exists (use --force to overwrite it)")
    try:
        write_game(
            game.moves,
            args.output,
            game.result,
            game.meta,
            format=fmt,
            encoding=args.encoding,
            numbers=not args.no_numbers,
            forbidden=not args.no_forbidden,
        )
    except OSError as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc.strerror or exc}") from None
    n = len(game.moves)
    print(
        f"wrote a game of {n} move{'s' if n != 1 else ''} to {args.output} as {fmt}",
        file=sys.stderr,
    )
    return 0


def _run_verify(args: argparse.Namespace) -> int:
    if args.time is not None and args.time <= 0:
        raise CommandError(f"--time must be positive, not {args.time}")
    if args.memory < 1:
        raise CommandError(f"--memory must be at least 1 MB, not {args.memory}")
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
        memory_mb=args.memory,
    )
    return run_verify(opts)
