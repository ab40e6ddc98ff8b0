"""``renju forbidden``: Black's forbidden points, explained, or enumerated in batch."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, cast

from solver.cli.position import (
    add_position_arguments,
    entry_json,
    position_from_args,
    puzzle_header,
)
from solver.errors import CommandError
from solver.progress import Bar, progress_bar
from solver.rules.notation import parse_point, point_name

if TYPE_CHECKING:
    from solver.rules.forbidden import Explanation

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju forbidden`` to the ``renju`` parser."""
    p = sub.add_parser(
        "forbidden",
        help="Black's forbidden points of a position (or of every ply of many games)",
        description=(
            "Show Black's forbidden points (3 double-three, 4 double-four, 6 overline). "
            "With --batch, read JSON lines and answer each with one JSON line."
        ),
    )
    add_position_arguments(p)
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--explain", metavar="POINT", help="explain why POINT is or is not forbidden")
    p.add_argument(
        "--batch",
        metavar="FILE",
        help='JSON lines {"black": [...], "white": [...]} or {"moves": [...]}; - for stdin',
    )
    p.set_defaults(run=_run_forbidden)


def _explanation_json(e: Explanation) -> dict[str, Any]:
    return {
        "point": point_name(e.point),
        "kind": e.kind.value if e.kind else None,
        "five": e.five,
        "note": e.note or None,
        "lines": [
            {
                "direction": line.direction,
                "five": line.five,
                "overline": line.overline,
                "fours": line.fours,
                "straight_four": line.straight,
                "completions": [point_name(q) for q in line.completions],
                "three": line.three,
                "straight_four_points": {point_name(t.point): t.reason for t in line.three_points},
            }
            for line in e.lines
        ],
    }


def _counted(lines: IO[bytes], bar: Bar) -> Iterator[bytes]:
    """The lines, moving the bar on by their bytes (every 1024 lines: cheap)."""
    done = 0
    for n, line in enumerate(lines, 1):
        done += len(line)
        if n % 1024 == 0:
            bar.update(completed=done)
        yield line
    bar.update(completed=done)


def _run_forbidden(args: argparse.Namespace) -> int:
    if args.batch:
        from solver.rules.batch import run_batch

        if args.file or args.puzzle or args.moves or args.black or args.white or args.explain:
            raise CommandError("--batch takes no position and no --explain")
        from solver.rules.board import Rule

        rule = Rule.parse(args.rule).number
        # bytes in: a line that is not UTF-8 is answered like any other bad line
        if args.batch == "-":
            _, bad = run_batch(sys.stdin.buffer, sys.stdout, rule=rule, name="stdin")
        else:
            path = Path(args.batch)
            if not path.is_file():
                raise CommandError(f"no such file: {args.batch!r}")
            # a bar on stderr while the answers go to a file or a pipe (not the screen)
            size = path.stat().st_size if not sys.stdout.isatty() else 0
            with path.open("rb") as fh, progress_bar(size, "forbidden") as bar:
                lines = cast(IO[bytes], _counted(fh, bar)) if bar.on and size else fh
                _, bad = run_batch(
                    lines, sys.stdout, errors=bar.wrap(sys.stderr), rule=rule, name=args.batch
                )
        return 1 if bad else 0
    from solver.rules.forbidden import explain, forbidden_points  # (not imported by `solve`)

    board, hints = position_from_args(args)
    entry = entry_json(hints)
    if args.explain:
        e = explain(board, parse_point(args.explain))
        print(json.dumps(_explanation_json(e)) if args.json else e.text())
        return 0
    found = forbidden_points(board)
    if args.json:
        out: dict[str, Any] = {"forbidden": {point_name(p): k.value for p, k in found.items()}}
        if entry is not None:
            out[entry[0]] = entry[1]
            out["puzzle"] = entry[1]  # (kept for a position too: scripts read it)
        print(json.dumps(out))
        return 0
    if entry is not None:
        print(puzzle_header(args.file, hints))
    print(board.diagram({p: k.digit for p, k in found.items()}))
    print(f"to move: {board.to_move.label()}")
    if found:
        listing = ", ".join(f"{point_name(p)} {k.value}" for p, k in found.items())
        print(f"Forbidden for Black ({len(found)}): {listing}")
    else:
        print("No forbidden points for Black.")
    return 0
