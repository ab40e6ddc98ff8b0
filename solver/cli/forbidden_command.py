"""The core's subcommands: ``renju forbidden`` and ``renju bench``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from solver.backend import COMPILED
from solver.cli import CommandError, add_position_arguments, board_from_args
from solver.notation import parse_point, point_name
from solver.rules import Explanation, explain, forbidden_points

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the core's subcommands to the ``renju`` parser."""
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

    b = sub.add_parser("bench", help="measure the engine's speed (figures, not tests)")
    b.add_argument("--games", type=int, default=300, help="generated games to use (default 300)")
    b.add_argument("--seconds", type=float, default=1.0, help="minimum time per figure")
    b.add_argument("--json", action="store_true", help="machine-readable output")
    b.add_argument(
        "--cases",
        metavar="DIR",
        help="also time the solver on every quintet case file (*.txt) in DIR",
    )
    b.add_argument("--case-time", type=float, default=60.0, help="seconds per case (default 60)")
    b.add_argument(
        "--repeat",
        type=int,
        default=1,
        metavar="N",
        help="solve each case N times and report the fastest (default 1)",
    )
    b.set_defaults(run=_run_bench)

    from solver import solve_command

    solve_command.register(sub)


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


def _run_forbidden(args: argparse.Namespace) -> int:
    if args.batch:
        from solver.batch import run_batch

        if args.file or args.moves or args.black or args.white or args.explain:
            raise CommandError("--batch takes no position and no --explain")
        from solver.board import Rule

        rule = Rule.parse(args.rule).number
        if args.batch == "-":
            _, bad = run_batch(sys.stdin, sys.stdout, rule=rule)
        else:
            path = Path(args.batch)
            if not path.is_file():
                raise CommandError(f"no such file: {args.batch!r}")
            with path.open(encoding="utf-8-sig") as fh:
                _, bad = run_batch(fh, sys.stdout, rule=rule)
        return 1 if bad else 0
    board = board_from_args(args)
    if args.explain:
        e = explain(board, parse_point(args.explain))
        print(json.dumps(_explanation_json(e)) if args.json else e.text())
        return 0
    found = forbidden_points(board)
    if args.json:
        print(json.dumps({"forbidden": {point_name(p): k.value for p, k in found.items()}}))
        return 0
    print(board.diagram({p: k.digit for p, k in found.items()}))
    print(f"to move: {board.to_move.label()}")
    if found:
        listing = ", ".join(f"{point_name(p)} {k.value}" for p, k in found.items())
        print(f"Forbidden for Black ({len(found)}): {listing}")
    else:
        print("No forbidden points for Black.")
    return 0


def _run_bench(args: argparse.Namespace) -> int:
    from solver import bench

    if args.games < 1 or args.seconds <= 0:
        raise CommandError("--games must be at least 1 and --seconds positive")
    if args.repeat < 1:
        raise CommandError(f"--repeat must be at least 1, not {args.repeat}")
    games = bench.sample_games(args.games)
    figures = []
    if COMPILED:
        figures.append(bench.bench_forbidden(games, True, args.seconds))
    figures.append(bench.bench_forbidden(games, False, args.seconds))
    figures.append(bench.bench_batch(games, args.seconds))
    if COMPILED:
        figures.append(bench.bench_make_unmake(True, args.seconds))
    figures.append(bench.bench_make_unmake(False, args.seconds))
    solved = []
    if args.cases:
        folder = Path(args.cases)
        if not folder.is_dir():
            raise CommandError(f"no such folder: {args.cases!r}")
        cases = [bench.load_case(p) for p in sorted(folder.glob("*.txt"))]
        solved = bench.bench_solver(cases, args.case_time, args.repeat)
    if args.json:
        out = [{"name": f.name, "rate": round(f.rate), "unit": f.unit} for f in figures]
        rows = [
            {
                "case": c.name,
                "goal": c.goal,
                "expect": c.expect,
                "result": res,
                "moves": mv,
                "nodes": n,
                "seconds": round(s, 4),
                "repeat": args.repeat,
            }
            for c, res, mv, n, s in solved
        ]
        targets = [
            {
                "class": t.name,
                "limit_seconds": t.limit,
                "cases": t.cases,
                "over": [n for n, _ in t.over],
            }
            for t in bench.check_targets(solved)
        ]
        print(json.dumps({"compiled": COMPILED, "figures": out, "cases": rows, "targets": targets}))
    else:
        print(f"engine: {'compiled' if COMPILED else 'pure Python'}; {len(games)} generated games")
        for f in figures:
            print(f.text())
        for c, res, mv, n, s in solved:
            flag = "" if res == c.expect else f"  (expected {c.expect})"
            print(
                f"{c.name:32} {c.goal:5} {res:9} moves={mv!s:4} nodes={n:>10,} {s * 1000:10.1f} ms{flag}"
            )
        for t in bench.check_targets(solved):
            print(f"target: {t.text()}")
    return 0
