"""Measure what the checks around a verdict cost ``renju verify``: the proof checker, the
checks of every key's win, and the second look at the key list (cook check and shortest
length), each against the searches.

Not a test: ``python tests/support/measure_second_look.py SOURCE [SECONDS] [MODE...]``,
or ``... cases [SECONDS]``: the checker's CPU time against the search's on each
development case (``tests/data/quintet-cases``) solved as ``renju solve`` does, or
``... generate GOAL N``: the CPU time of mining N puzzles from 400 generated games
with the second looks of a kept puzzle and without them (the same puzzles are kept).
SOURCE is a puzzle file or folder (as ``renju verify`` takes), or ``three`` for the
development set's "win in three" puzzles (``../shared/data/published-dev/``, outside the
repository: verified as ``tsume`` within 3 moves counted as the books count). SECONDS is
each puzzle's time limit (default 10). Each MODE verifies every puzzle once:

- ``full``: as ``renju verify`` does;
- ``no-second-look``: the key list's second look skipped (taken as confirmed);
- ``no-key-check``: that, and the keys' wins not checked either;
- ``no-check``: that, and no proof checked (``--no-check``).

Prints, for each mode, the results, the solver errors, the claims left unconfirmed, and
the seconds and CPU seconds of the whole run (CPU: less noisy on a shared machine).
"""

from __future__ import annotations

import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import puzzles.verify
import solver.search.api
from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from puzzles.verify import verify_puzzle
from solver.rules.board import Color
from solver.rules.notation import parse_points
from solver.search.second_look import SecondLook

DATA = Path(__file__).resolve().parents[3] / "shared/data/published-dev/puzzles.jsonl"
MODES = ("full", "no-second-look", "no-key-check", "no-check")


def load(source: str) -> list[Puzzle]:
    if source == "three":
        out = []
        for text in DATA.read_text(encoding="utf-8").splitlines():
            p = json.loads(text)
            if p["task"] == "three":
                out.append(
                    Puzzle(
                        black=parse_points(" ".join(p["black"])),
                        white=parse_points(" ".join(p["white"])),
                        to_move=Color.parse(p["to_move"]),
                        goal="tsume",
                        max_moves=3,
                        count="books",
                        id=p["id"],
                    )
                )
        return out
    path = Path(source)
    files = sorted(path.rglob("*.renju")) if path.is_dir() else [path]
    return [p for f in files for p in read_puzzles(f).puzzles]


def measure(items: list[Puzzle], seconds: float, mode: str) -> dict[str, Any]:
    real_confirm = getattr(puzzles.verify, "confirm_keys")  # noqa: B009
    real_keys = solver.search.api._check_keys
    if mode != "full":
        setattr(puzzles.verify, "confirm_keys", lambda *a, **k: SecondLook(True))  # noqa: B010
    if mode in ("no-key-check", "no-check"):
        setattr(solver.search.api, "_check_keys", lambda *a, **k: None)  # noqa: B010
    results: Counter[str] = Counter()
    unconfirmed = errors = 0
    start, cpu = time.monotonic(), time.process_time()
    try:
        for p in items:
            r = verify_puzzle(p, seconds, check=mode != "no-check")
            results[r.result] += 1
            unconfirmed += bool(r.unconfirmed)
            errors += r.result == "error"
            if r.result == "error":
                print(f"  {p.id}: {r.problems}", file=sys.stderr)
    finally:
        setattr(puzzles.verify, "confirm_keys", real_confirm)  # noqa: B010
        setattr(solver.search.api, "_check_keys", real_keys)  # noqa: B010
    return {
        "mode": mode,
        "puzzles": len(items),
        "results": dict(results),
        "errors": errors,
        "unconfirmed": unconfirmed,
        "seconds": round(time.monotonic() - start, 2),
        "cpu_seconds": round(time.process_time() - cpu, 2),
    }


def measure_cases(seconds: float) -> None:
    """One JSON line a proven development case (CPU seconds of the search and of the
    check), then the totals."""
    from solver.cli.bench import DEVELOPMENT_CASES, load_case
    from solver.search.api import Limits, _check, solve

    search = check = 0.0
    for path in sorted(DEVELOPMENT_CASES.glob("*.txt")):
        case = load_case(path)
        limits = Limits(max_moves=case.limit, time=seconds)
        cpu = time.process_time()
        r = solve(case.board, case.goal, limits, check=False)
        s = time.process_time() - cpu
        if r.tree is None:
            continue
        cpu = time.process_time()
        _check(case.board, limits, r)
        c = time.process_time() - cpu
        search, check = search + s, check + c
        row = {"case": case.name, "nodes": r.nodes, "search": round(s, 3), "check": round(c, 3)}
        print(json.dumps(row), flush=True)
    print(json.dumps({"search": round(search, 2), "check": round(check, 2)}))


def measure_generate(goal: str, count: int) -> None:
    """One JSON line with the second looks of ``generate``, one without."""
    import puzzles.generate as generate
    from solver.rules.games import sample_games

    games: list[list[int | None]] = [list(g) for g in sample_games(400, length=(14, 40))]
    real = getattr(generate, "_confirmed")  # noqa: B009
    for mode in ("second looks", "none"):
        if mode == "none":
            setattr(generate, "_confirmed", lambda *a, **k: True)  # noqa: B010
        try:
            cpu = time.process_time()
            found = generate.mine(games, generate.Wanted(goal, 3, 7, 2.0), count, "measure")
            spent = time.process_time() - cpu
        finally:
            setattr(generate, "_confirmed", real)  # noqa: B010
        row = {"goal": goal, "mode": mode, "kept": [p.max_moves for p in found]}
        print(json.dumps({**row, "cpu_seconds": round(spent, 2)}), flush=True)


def main() -> None:
    source = sys.argv[1]
    if source == "generate":
        measure_generate(sys.argv[2], int(sys.argv[3]))
        return
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 10.0
    if source == "cases":
        measure_cases(seconds)
        return
    modes = sys.argv[3:] or list(MODES)
    items = load(source)
    for mode in modes:
        print(json.dumps(measure(items, seconds, mode)), flush=True)


if __name__ == "__main__":
    main()
