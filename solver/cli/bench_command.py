"""``renju bench``: the engine's speed figures, the solver on the quintet cases, and the
bench signature (``--signature``: the total nodes over the development cases)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from solver.engine.backend import COMPILED
from solver.errors import EXIT_SOLVER_ERROR, CommandError
from solver.progress import progress_bar

__all__ = ["register"]


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``renju bench`` to the ``renju`` parser."""
    b = sub.add_parser(
        "bench",
        help="measure the engine's speed (figures, not tests)",
        description=(
            "Print the rules engine's speed figures (forbidden points along generated "
            "games, the batch, make/unmake); with --cases, also solve every case of a "
            "folder and say which speed targets were met."
        ),
    )
    b.add_argument(
        "--games",
        type=int,
        default=300,
        metavar="N",
        help="generated games to use (default 300)",
    )
    b.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        metavar="SECONDS",
        help="minimum time per figure (default 1)",
    )
    b.add_argument("--json", action="store_true", help="machine-readable output")
    b.add_argument(
        "--cases",
        metavar="DIR",
        help="also time the solver on every quintet case file (*.txt) in DIR",
    )
    b.add_argument(
        "--case-time",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="seconds per case (default 60)",
    )
    b.add_argument(
        "--no-check",
        action="store_true",
        help="do not time the proof checker on each case's proof (it runs by default)",
    )
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
    cases = []  # read first: a bad case file is reported before minutes of figures
    if args.cases:
        folder = Path(args.cases)
        if not folder.is_dir():
            raise CommandError(f"no such folder: {args.cases!r}")
        cases = [bench.load_case(p) for p in sorted(folder.glob("*.txt"))]
    games = bench.sample_games(args.games)
    runs: list[Callable[[], Any]] = []
    if COMPILED:
        runs.append(lambda: bench.bench_forbidden(games, True, args.seconds))
    runs.append(lambda: bench.bench_forbidden(games, False, args.seconds))
    runs.append(lambda: bench.bench_batch(games, args.seconds))
    if COMPILED:
        runs.append(lambda: bench.bench_make_unmake(True, args.seconds))
    runs.append(lambda: bench.bench_make_unmake(False, args.seconds))
    figures = []
    solved = []
    checks: dict[str, float] | None = None if args.no_check else {}
    rejected: dict[str, str] = {}
    with progress_bar(len(runs) + len(cases), "bench") as bar:
        for run in runs:
            figures.append(run())
            bar.update(advance=1)
        for case in cases:  # (one at a time, for the bar)
            bar.update(status=case.name)
            solved += bench.bench_solver([case], args.case_time, args.repeat, checks, rejected)
            bar.update(advance=1)
    checked = checks or {}
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
                # the proof checker's seconds on the case's proof (None: no proof checked)
                "check_seconds": (round(checked[c.name], 4) if c.name in checked else None),
                **({"check_rejected": rejected[c.name]} if c.name in rejected else {}),
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
        print(
            json.dumps(
                {
                    "compiled": COMPILED,
                    "figures": out,
                    "cases": rows,
                    "targets": targets,
                    "checks": _check_totals(solved, checked),
                }
            )
        )
    else:
        print(f"engine: {'compiled' if COMPILED else 'pure Python'}; {len(games)} generated games")
        for f in figures:
            print(f.text())
        for c, res, mv, n, s in solved:
            flag = "" if res == c.expect else f"  (expected {c.expect})"
            check = f"  check {checked[c.name] * 1000:9.1f} ms" if c.name in checked else ""
            if c.name in rejected:
                check = "  check REJECTED (a solver error)"
            print(
                f"{c.name:32} {c.goal:5} {res:9} moves={mv!s:4} nodes={n:>10,} "
                f"{s * 1000:10.1f} ms{check}{flag}"
            )
        for t in bench.check_targets(solved):
            print(f"target: {t.text()}")
        if checked:
            tot = _check_totals(solved, checked)
            print(
                f"checks: {tot['proofs']} proofs checked in {tot['check_seconds']:.2f} s, their "
                f"searches {tot['search_seconds']:.2f} s (all cases "
                f"{tot['all_search_seconds']:.2f} s)"
            )
    for name, message in rejected.items():
        print(f"renju: solver error in {name}: {message}", file=sys.stderr)
    # (a proof the checker rejects is a solver error: the figures stand, the exit says so)
    return EXIT_SOLVER_ERROR if rejected else 0


def _check_totals(
    solved: list[tuple[Any, str, int | None, int, float]], checked: dict[str, float]
) -> dict[str, Any]:
    """The proof checker's cost against the search over the bench's cases."""
    return {
        "proofs": len(checked),
        "check_seconds": round(sum(checked.values()), 4),
        "search_seconds": round(sum(row[4] for row in solved if row[0].name in checked), 4),
        "all_search_seconds": round(sum(row[4] for row in solved), 4),
    }
