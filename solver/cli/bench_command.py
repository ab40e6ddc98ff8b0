"""``renju bench``: the engine's speed figures, the solver on the quintet cases, and the
bench signature (``--signature``: the total nodes over the development cases)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from solver.engine.backend import COMPILED
from solver.errors import CommandError

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju bench`` to the ``renju`` parser."""
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
    b.add_argument(
        "--signature",
        action="store_true",
        help="print only the bench signature: the total nodes over the development cases "
        "(tests/data/quintet-cases, or --cases DIR)",
    )
    b.set_defaults(run=_run_bench)


def _run_bench(args: argparse.Namespace) -> int:
    from solver.cli import bench

    if args.games < 1 or args.seconds <= 0:
        raise CommandError("--games must be at least 1 and --seconds positive")
    if args.repeat < 1:
        raise CommandError(f"--repeat must be at least 1, not {args.repeat}")
    if args.signature:
        folder = Path(args.cases) if args.cases else bench.DEVELOPMENT_CASES
        if not folder.is_dir():
            raise CommandError(f"no such folder: {str(folder)!r}")
        print(bench.signature([bench.load_case(p) for p in sorted(folder.glob("*.txt"))]))
        return 0
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
