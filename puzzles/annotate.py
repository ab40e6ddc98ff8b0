"""``renju annotate``: verify a collection and write it back with the engine's themes and
ratings (and the answer of a task that states none).

Each puzzle is verified as ``renju verify`` does (its stated themes left out, since
they are replaced). A sound puzzle gets the engine's ``themes`` and initial ``rating``;
a ``defend`` or ``points`` task that states no answer also gets the engine's answer. A
puzzle with problems is written unchanged and its problems are listed on stderr (exit
1). The output is a native ``.renju`` file.

See :func:`puzzles.verify.verify_puzzle` and :mod:`puzzles.themes`.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from puzzles.io import read_puzzles, write_native
from puzzles.model import Puzzle
from puzzles.verify import VerifyReport, verify_puzzle
from solver.errors import CommandError
from solver.progress import progress_bar
from solver.rules.notation import parse_points

__all__ = ["annotate", "register_annotate"]


def annotate(
    puzzle: Puzzle, time_limit: float | None = None, *, check: bool = True
) -> tuple[Puzzle, VerifyReport]:
    """``puzzle`` with the engine's themes and rating if it is sound (else unchanged),
    and the verification's report.

    >>> from solver.rules.notation import parse_points
    >>> from solver.rules.board import Color
    >>> p = Puzzle(black=parse_points("c3 g8 i8 h7 h9"), white=parse_points("d4 e5 f6"),
    ...            to_move=Color.WHITE, goal="vcf", themes=["long"])
    >>> done, report = annotate(p)
    >>> done.themes, done.rating is not None, report.sound
    (['vcf', 'forbidden-trap'], True, True)
    """
    report = verify_puzzle(dataclasses.replace(puzzle, themes=[]), time_limit, check=check)
    if not report.sound:
        return puzzle, report
    answer = puzzle.answer
    if answer is None and report.answer is not None:
        answer = parse_points(" ".join(report.answer))
    return dataclasses.replace(
        puzzle, themes=report.themes, rating=report.rating, answer=answer
    ), report


def register_annotate(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju annotate``."""
    a = sub.add_parser(
        "annotate",
        help="verify a collection and write it with the engine's themes and ratings",
        description=__doc__.split("\n\n")[1].replace("``", "") if __doc__ else None,
    )
    a.add_argument("input", metavar="IN", help="the puzzle file to read (any supported format)")
    a.add_argument("output", metavar="OUT", help="the .renju file to write (may be IN)")
    a.add_argument("--time", type=float, default=10.0, metavar="SECONDS", help="seconds per puzzle")
    a.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    a.add_argument(
        "--no-check",
        action="store_true",
        help="do not re-check proofs with the independent checker (faster)",
    )
    a.set_defaults(run=_run_annotate)


def _run_annotate(args: argparse.Namespace) -> int:
    source, out = Path(args.input), Path(args.output)
    if not source.is_file():
        raise CommandError(f"no such file: {args.input!r}")
    if args.time <= 0:
        raise CommandError(f"--time must be positive, not {args.time}")
    if out.exists() and not args.force:
        raise CommandError(f"{args.output!r} exists (use --force to overwrite it)")
    read = read_puzzles(source)
    npos = len(read.positions)
    if not read.puzzles:
        why = "no puzzle could be read"
        if npos:
            why = (
                f"no puzzle marked as one ({npos} position{'s' if npos != 1 else ''} with no"
                " stated task: renju generate --from FILE keeps those with a proven win)"
            )
        raise CommandError(f"{args.input!r}: {why}")
    done: list[Puzzle] = []
    bad = 0
    with progress_bar(len(read.puzzles), "annotate") as bar:
        for i, puzzle in enumerate(read.puzzles, 1):
            new, report = annotate(puzzle, args.time, check=not args.no_check)
            done.append(new)
            if not report.sound:
                bad += 1
                name = puzzle.id or f"#{i}"
                bar.emit(f"renju: {name}: {'; '.join(report.problems)}", sys.stderr)
            bar.update(advance=1)
    try:
        write_native(done, out)
    except (OSError, ValueError) as exc:
        raise CommandError(f"cannot write {args.output!r}: {exc}") from None
    left = (
        f"; {npos} position{'s' if npos != 1 else ''} with no stated task left out" if npos else ""
    )
    print(
        f"wrote {len(done)} puzzles to {out} ({len(done) - bad} annotated, {bad} with problems"
        f"{left})"
    )
    return 1 if bad else 0
