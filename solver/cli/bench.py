"""Benchmarks behind ``renju bench``: figures, never assertions.

Games are generated deterministically (each move near the last few, Black never on a
forbidden point, a game ends at a five), so the figures are reproducible.
"""

from __future__ import annotations

import io
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from solver.engine.backend import COMPILED, core_class
from solver.errors import CommandError
from solver.rules.batch import run_batch
from solver.rules.board import Board
from solver.rules.games import sample_games
from solver.rules.notation import NPOINTS, point_name

__all__ = ["Figure", "bench_batch", "bench_forbidden", "bench_make_unmake", "sample_games"]


@dataclass(frozen=True)
class Figure:
    """One measured rate."""

    name: str
    count: int
    seconds: float
    unit: str

    @property
    def rate(self) -> float:
        """Units per second."""
        return self.count / self.seconds if self.seconds > 0 else float("inf")

    def text(self) -> str:
        """``name: 712,424 positions/s (17,871 in 0.025 s)``."""
        return (
            f"{self.name}: {self.rate:,.0f} {self.unit}/s ({self.count:,} in {self.seconds:.3f} s)"
        )


def _timed(fn: Callable[[], int], min_seconds: float) -> tuple[int, float]:
    count, start = 0, time.perf_counter()
    while True:
        count += fn()
        elapsed = time.perf_counter() - start
        if elapsed >= min_seconds:
            return count, elapsed


def bench_forbidden(games: list[list[int]], compiled: bool, min_seconds: float = 1.0) -> Figure:
    """Incremental full-board enumeration after every move of every game."""
    core = core_class(compiled)(0)

    def run() -> int:
        n = 0
        for g in games:
            n += len(core.forbidden_along(g))
        return n

    count, secs = _timed(run, min_seconds)
    path = "compiled" if compiled else "pure"
    return Figure(f"forbidden enumeration along games ({path})", count, secs, "positions")


def bench_batch(games: list[list[int]], min_seconds: float = 1.0) -> Figure:
    """``renju forbidden --batch`` in-process, JSON lines in and out."""
    text = "".join(json.dumps({"moves": [point_name(p) for p in g]}) + "\n" for g in games)
    positions = sum(len(g) for g in games)

    def run() -> int:
        run_batch(io.StringIO(text), io.StringIO(), rule=0)
        return positions

    count, secs = _timed(run, min_seconds)
    path = "compiled" if COMPILED else "pure"
    return Figure(f"forbidden --batch end to end ({path})", count, secs, "positions")


def bench_make_unmake(compiled: bool, min_seconds: float = 1.0) -> Figure:
    """Core put/remove pairs with incremental hash and line codes."""
    core = core_class(compiled)(0)
    pts = [p for p in range(NPOINTS) if p % 3]

    def run() -> int:
        for p in pts:
            core.put(p, 1)
        for p in pts:
            core.remove(p)
        return len(pts)

    count, secs = _timed(run, min_seconds)
    path = "compiled" if compiled else "pure"
    return Figure(f"make/unmake from Python ({path})", count, secs, "pairs")


@dataclass(frozen=True)
class SolverCase:
    """A solver benchmark case: a quintet case file (``key: value`` lines, ``board:`` and
    15 rows of ``.``/``o`` black/``x`` white, row 15 first)."""

    name: str
    board: Board
    goal: str
    limit: int | None
    expect: str
    tags: tuple[str, ...]


def load_case(path: Path) -> SolverCase:
    """Read one quintet case file (the full reader lives in ``puzzles.formats.quintet``).

    Raises:
        CommandError: the file is not a case file (naming it).
    """
    try:
        return _load_case(path)
    except UnicodeDecodeError:
        raise CommandError(f"{path}: not a quintet case file (binary data)") from None
    except ValueError as exc:  # a bad board or limit
        raise CommandError(f"{path}: not a quintet case file ({exc})") from None


def _load_case(path: Path) -> SolverCase:
    header: dict[str, str] = {}
    rows: list[str] = []
    in_board = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if in_board:
            if line.strip():
                rows.append(line)
        elif line.startswith("board:"):
            in_board = True
        elif line.strip() and not line.startswith("#") and ":" in line:
            key, value = line.split(":", 1)
            header[key.strip()] = value.strip()
    attacker = "black" if header.get("attacker") == "o" else "white"
    limit = int(header.get("limit", "255"))
    return SolverCase(
        name=path.stem,
        board=Board.from_diagram("\n".join(rows), attacker, black="o", white="x"),
        goal="vcf" if header.get("mode") == "vcf" else "tsume",
        limit=None if limit >= 255 else limit,
        expect="disproven" if header.get("expect") == "disproven" else "proven",
        tags=tuple(header.get("tags", "").split()),
    )


# The speed targets of the solver issue, by case class: every VCF under 10 ms, every
# quick case (tag ``quick``) under 100 ms, every slow one (tag ``slow``) under 10 s, and
# the two longest searches of the set under 60 s each.
LONG_CASES = ("vct_small_but_long", "vct_unstable")
TARGETS: tuple[tuple[str, float], ...] = (
    ("vcf", 0.010),
    ("quick", 0.100),
    ("slow", 10.0),
    ("long", 60.0),
)


def target_class(case: SolverCase) -> str | None:
    """The class of ``TARGETS`` a case's time is held to (None: no target)."""
    if case.name in LONG_CASES:
        return "long"
    if case.goal == "vcf":
        return "vcf"
    for tag in ("quick", "slow"):
        if tag in case.tags:
            return tag
    return None


@dataclass(frozen=True)
class TargetCheck:
    """How the cases of one target class did: ``over`` the names (with seconds) of those
    over the limit or not finished (``None``)."""

    name: str
    limit: float
    cases: int
    over: tuple[tuple[str, float | None], ...]

    def text(self) -> str:
        """``quick under 100 ms: 37 of 38 (over: vct_x 129.0 ms)``."""
        limit = f"{self.limit * 1000:g} ms" if self.limit < 1 else f"{self.limit:g} s"
        line = f"{self.name} under {limit}: {self.cases - len(self.over)} of {self.cases}"
        if self.over:
            items = ", ".join(f"{n} {_seconds_text(t)}" for n, t in self.over)
            line += f" (over: {items})"
        return line


def _seconds_text(t: float | None) -> str:
    """``129.0 ms``, ``10.95 s`` or ``unfinished``."""
    if t is None:
        return "unfinished"
    return f"{t * 1000:.1f} ms" if t < 1 else f"{t:.2f} s"


def check_targets(
    solved: list[tuple[SolverCase, str, int | None, int, float]],
) -> list[TargetCheck]:
    """Each target class with cases among ``solved`` (``bench_solver``'s rows), in
    ``TARGETS`` order: how many, and which are over the limit. A case that did not
    finish (``unknown``) is over."""
    out = []
    for name, limit in TARGETS:
        rows = [row for row in solved if target_class(row[0]) == name]
        if not rows:
            continue
        over = tuple(
            (c.name, None if res == "unknown" else s)
            for c, res, _, _, s in rows
            if res == "unknown" or s >= limit
        )
        out.append(TargetCheck(name, limit, len(rows), over))
    return out


def bench_solver(
    cases: list[SolverCase],
    time_limit: float,
    repeat: int = 1,
    checks: dict[str, float] | None = None,
    rejected: dict[str, str] | None = None,
) -> list[tuple[SolverCase, str, int | None, int, float]]:
    """Solve every case within ``time_limit`` seconds, ``repeat`` times: (case, result,
    moves, nodes, fastest seconds). The search is deterministic (the same nodes each
    time); repeating only takes the machine's noise out of the time. A case that ran
    out of time is not repeated.

    The seconds are the search's alone: with ``checks`` (a dict filled by case name),
    each proof found is then checked by ``solver.checker.check_proof`` (as ``renju
    solve`` does by default), timed apart, the fastest of the repeats; a proof it
    rejects is put in ``rejected`` (the message, by case name) instead, and the cases
    go on.
    """
    from solver.errors import ProofRejected
    from solver.search.api import Limits, _check, solve

    out = []
    for case in cases:
        best = check = float("inf")
        for _ in range(repeat):
            r = None  # (the last run's proof tree is freed here, not inside the next timing)
            limits = Limits(max_moves=case.limit, time=time_limit)
            start = time.perf_counter()
            r = solve(case.board, case.goal, limits, check=False)
            best = min(best, time.perf_counter() - start)
            if checks is not None and r.tree is not None:
                try:
                    _check(case.board, limits, r)
                except ProofRejected as exc:
                    if rejected is not None:
                        rejected[case.name] = str(exc)
                    break
                check = min(check, r.check_seconds)
                checks[case.name] = check
            if r.result.value == "unknown":
                break
        assert r is not None
        out.append((case, r.result.value, r.moves, r.nodes, best))
    return out


DEVELOPMENT_CASES = Path(__file__).resolve().parents[2] / "tests" / "data" / "quintet-cases"
"""The development cases (a source checkout's ``tests/data/quintet-cases``)."""


def signature(cases: list[SolverCase]) -> int:
    """The bench signature: the solver's total nodes over ``cases``, each solved in full
    (no time limit, so the number is the machine's no more than the search's).

    Raises:
        RuntimeError: if a case is not settled (then there is no signature).
    """
    from solver.search.api import Limits, solve

    total = 0
    for case in cases:
        r = solve(case.board, case.goal, Limits(max_moves=case.limit))
        if r.result.value == "unknown":
            raise RuntimeError(f"{case.name}: not settled")
        total += r.nodes
    return total
