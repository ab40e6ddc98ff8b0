"""``renju verify`` over collections: files, parallel workers, progress, a JSON report.

:func:`collect_jobs` reads every puzzle of the given files and folders (folders are
searched recursively for the known extensions), :func:`run_verify` verifies them with
:func:`puzzles.verify.verify_puzzle`, in this process, in ``jobs`` worker processes or on a
Dask cluster (``scheduler``; :mod:`puzzles.dispatch`, batches of about a second), and
prints one line per puzzle in file order, then a summary table. With a report path the
JSON report (:func:`save_report`) is rewritten atomically as puzzles finish (at most
about a tenth of the run is spent writing it), and always at the end or on Ctrl-C; a
report given as ``resume`` is read back and the puzzles it holds are skipped.

A puzzle is identified by its file (as given on the command line, or found under a
folder) and its id; a puzzle without an id gets ``#N`` (its place in the file), and a
repeated id is told apart by the order of its occurrences.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, cast

from puzzles.dispatch import ExecutorLost, LocalPool, Serial, run_ordered, should_stop
from puzzles.io import read_puzzles
from puzzles.model import Goal, Location, Puzzle, PuzzleFormatError
from puzzles.verify import RESULTS, VerifyReport, task_summary, verify_puzzle
from solver.errors import EXIT_SOLVER_ERROR, RenjuError
from solver.progress import Bar, progress_bar
from solver.search.limits import DEFAULT_MEMORY_MB

__all__ = [
    "EXTENSIONS",
    "Job",
    "Options",
    "collect_jobs",
    "is_report",
    "load_report",
    "run_verify",
    "save_report",
    "summarize",
]

EXTENSIONS = (".renju", ".lib", ".pos", ".sgf", ".psq", ".rif", ".xml", ".json", ".txt")
"""File name endings searched for in folders (``.txt``: quintet cases; other text files
are passed over)."""

Key = tuple[str, str, int]


@dataclass
class Job:
    """One puzzle to verify: its place in the run, where it came from, and its key."""

    order: int
    puzzle: Puzzle
    source: str
    ident: str
    occurrence: int = 0

    @property
    def key(self) -> Key:
        """``(source, id, occurrence)``: how a report entry is matched on resume."""
        return (self.source, self.ident, self.occurrence)


@dataclass
class Options:
    """What ``renju verify`` was asked to do."""

    paths: list[str]
    time: float | None = 10.0
    jobs: int = 1
    report: str | None = None
    resume: str | None = None
    goal: Goal | None = None
    max_moves: int | None = None
    quiet: bool = False
    check: bool = True  # re-check proofs with the independent checker (``--no-check``)
    memory_mb: int = DEFAULT_MEMORY_MB  # each search's table (``--memory``)
    scheduler: str | None = None  # a Dask scheduler's address (``--scheduler``)
    target: float = 1.0  # seconds a task (puzzles are batched up to it)


@dataclass
class _Collected:
    jobs: list[Job] = field(default_factory=list)
    skipped: list[tuple[Location, RenjuError]] = field(default_factory=list)
    files: int = 0
    # files found in a folder that cannot be read: a problem each, the rest is verified
    unreadable: list[PuzzleFormatError] = field(default_factory=list)
    # files found in a folder that are not puzzle files (a verify report): passed over
    notes: list[str] = field(default_factory=list)


def _walk(path: Path) -> Iterator[tuple[Path, bool]]:
    """Files under ``path`` (itself if a file), with whether they were named directly."""
    if path.is_dir():
        for root, dirs, files in os.walk(path):
            dirs.sort()
            for name in sorted(files):
                if name.lower().endswith(EXTENSIONS) and not name.startswith("."):
                    yield Path(root) / name, False
    elif path.exists():
        yield path, True
    else:
        raise PuzzleFormatError(path, "no such file or directory")


def is_report(path: Path) -> bool:
    """Whether ``path`` is a JSON report of ``renju verify`` (not a puzzle file)."""
    if path.suffix.lower() != ".json":
        return False
    try:
        with open(path, encoding="utf-8-sig") as f:
            data = json.load(f)
    except (OSError, ValueError, RecursionError):
        return False
    return (
        isinstance(data, dict)
        and isinstance(data.get("puzzles"), list)
        and isinstance(data.get("summary"), dict)
        and "defaultSettings" not in data
    )


def collect_jobs(paths: list[str]) -> _Collected:
    """Every puzzle of every file, in order.

    A file found in a folder that cannot be read is recorded in ``unreadable`` (a
    problem of the run; the other files are verified), a verify report found there is
    passed over with a note, and so is a ``.txt`` file of unknown format.

    Raises:
        PuzzleFormatError: a path does not exist, or a file named on the command line
        cannot be read at all or is a verify report.
    """
    out = _Collected()
    for given in paths:
        for path, named in _walk(Path(given)):
            if is_report(path):
                if named:
                    raise PuzzleFormatError(path, "a renju verify report, not a puzzle file")
                out.notes.append(f"{path}: a verify report, not a puzzle file: skipped")
                continue
            try:
                result = read_puzzles(path)
            except PuzzleFormatError as exc:
                if not named and path.suffix.lower() == ".txt":
                    continue
                if not named:
                    out.unreadable.append(PuzzleFormatError(path, exc.problem))
                    continue
                raise PuzzleFormatError(path, exc.problem) from None
            out.files += 1
            out.skipped += result.errors
            if result.positions:
                n = len(result.positions)
                many = (
                    f"{n} positions not marked as puzzles"
                    if n != 1
                    else ("1 position not marked as a puzzle")
                )
                out.notes.append(
                    f"{path}: {many} (no stated task): not verified"
                    f" (renju generate --from proves {'them' if n != 1 else 'it'})"
                )
            seen: Counter[str] = Counter()
            for n, puzzle in enumerate(result.puzzles):
                ident = puzzle.id or f"#{n + 1}"
                job = Job(len(out.jobs), puzzle, str(path), ident, seen[ident])
                seen[ident] += 1
                out.jobs.append(job)
    return out


# -- the report file ---------------------------------------------------------------------


def load_report(path: str) -> list[VerifyReport]:
    """The puzzle entries of a JSON report written by :func:`save_report`.

    Raises:
        PuzzleFormatError: the file cannot be read or is not such a report.
    """
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except OSError as exc:
        raise PuzzleFormatError(path, f"cannot read report: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise PuzzleFormatError(path, f"not a JSON report ({exc})") from None
    entries = data.get("puzzles") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise PuzzleFormatError(path, 'not a verify report (no "puzzles" list)')
    try:
        return [VerifyReport.from_json(e) for e in entries]
    except (TypeError, ValueError, AttributeError) as exc:
        raise PuzzleFormatError(path, f"bad report entry: {exc}") from None


def save_report(path: str, reports: list[VerifyReport], summary: dict[str, Any]) -> None:
    """Write the report atomically (a temporary file in the same folder, then a rename)."""
    entries = ",\n".join(json.dumps(r.to_json(), ensure_ascii=False) for r in reports)
    text = (
        '{"puzzles": [\n'
        + entries
        + '\n],\n"summary": '
        + json.dumps(summary, ensure_ascii=False)
        + "}"
    )
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text + "\n")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _category(problem: str) -> str:
    if "unknown" in problem.split("(")[0]:
        return "unknown"
    for prefix, name in (
        ("solver error", "solver error"),
        ("illegal", "illegal position"),
        ("no win", "no win"),
        ("unknown", "unknown"),
        ("cook:", "cook"),
        ("stated solution is", "longer than shortest"),
        ("stated key", "wrong key"),
        ("stated answer misses", "answer incomplete"),
        ("stated defence", "wrong stated answer"),
        ("stated point", "wrong stated answer"),
        ("stated themes", "wrong themes"),
        ("no threat", "no threat"),
        ("task ", "illegal position"),
        ("stated", "wrong stated line"),
    ):
        if problem.startswith(prefix):
            return name
    return "other"


def _problem(exc: RenjuError) -> str:
    return exc.problem if isinstance(exc, PuzzleFormatError) else str(exc)


def summarize(
    reports: list[VerifyReport],
    skipped: list[tuple[Location, RenjuError]],
    seconds: float,
    jobs: int,
    *,
    complete: bool = True,
    unreadable: list[PuzzleFormatError] | None = None,
) -> dict[str, Any]:
    """The report's ``summary``: counts by result, problems by kind, time."""
    results = Counter(r.result for r in reports)
    kinds = Counter(_category(p) for r in reports for p in r.problems)
    return {
        "puzzles": len(reports),
        "results": {k: results.get(k, 0) for k in RESULTS},
        "sound": sum(r.sound for r in reports),
        "with_problems": sum(not r.sound for r in reports),
        "problems": dict(sorted(kinds.items())),
        # puzzles with a claim the second look could not confirm in time
        "unconfirmed": sum(bool(r.unconfirmed) for r in reports),
        "skipped_entries": [{"location": str(loc), "error": _problem(exc)} for loc, exc in skipped],
        "unreadable_files": [{"file": e.path, "error": e.problem} for e in unreadable or []],
        "seconds": round(seconds, 3),
        "puzzle_seconds": round(sum(r.seconds for r in reports), 3),
        "nodes": sum(r.nodes for r in reports),
        "jobs": jobs,
        "complete": complete,
    }


# -- workers -----------------------------------------------------------------------------


def _verify_job(
    job: Job,
    time_limit: float | None,
    goal: Goal | None,
    max_moves: int | None,
    check: bool = True,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> tuple[int, VerifyReport]:
    try:
        report = verify_puzzle(
            job.puzzle,
            time_limit,
            goal=goal,
            max_moves=max_moves,
            should_stop=should_stop(),
            check=check,
            memory_mb=memory_mb,
        )
    except RenjuError as exc:  # pragma: no cover - the checks catch bad positions first
        report = VerifyReport(result="unknown", problems=[f"error: {exc}"])
    report.id, report.source = job.ident, job.source
    return job.order, report


def verify_jobs(
    jobs: list[Job],
    time_limit: float | None,
    goal: Goal | None,
    max_moves: int | None,
    check: bool = True,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> list[tuple[int, VerifyReport]]:
    """A task: every puzzle of a batch (see :func:`puzzles.dispatch.run_ordered`)."""
    return [_verify_job(job, time_limit, goal, max_moves, check, memory_mb) for job in jobs]


# -- the run -----------------------------------------------------------------------------


def _line(r: VerifyReport) -> str:
    what = {
        "proven": f"proven in {r.shortest}" if r.kind == "win" else task_summary(r),
        "disproven": "disproven",
        "unknown": "unknown",
        "illegal": "illegal position",
        "error": "solver error",
    }.get(r.result, r.result)
    mark = "ERR" if r.result == "error" else "ok" if r.sound else "FAIL"
    head = f"{mark:4} {r.source} {r.id}: {what}"
    figures = f" ({r.nodes:,} nodes, {r.seconds:.2f} s)" if r.result != "illegal" else ""
    tail = "; ".join(r.problems)
    unsure = "; ".join(r.unconfirmed)
    return (
        head
        + figures
        + (f" -- {tail}" if tail else "")
        + (f" [not confirmed: {unsure}]" if unsure else "")
    )


def _table(summary: dict[str, Any], files: int, resumed: int) -> str:
    n = summary["puzzles"]
    secs = summary["seconds"]
    rate = (n - resumed) / secs if secs > 0 else 0.0
    lines = [
        f"Verified {n} puzzle{'s' if n != 1 else ''} from {files} file{'s' if files != 1 else ''}"
        + (f" ({resumed} from the resumed report)" if resumed else ""),
        f"  {'result':<22}{'puzzles':>8}",
    ]
    lines += [f"  {k:<22}{v:>8}" for k, v in summary["results"].items()]
    lines.append(f"  {'sound':<22}{summary['sound']:>8}")
    lines.append(f"  {'with problems':<22}{summary['with_problems']:>8}")
    for kind, count in summary["problems"].items():
        lines.append(f"    {kind:<20}{count:>8}")
    if summary.get("unconfirmed"):
        lines.append(f"  {'not confirmed':<22}{summary['unconfirmed']:>8}")
    if summary["skipped_entries"]:
        lines.append(f"  {'bad entries skipped':<22}{len(summary['skipped_entries']):>8}")
    if summary["unreadable_files"]:
        lines.append(f"  {'files not readable':<22}{len(summary['unreadable_files']):>8}")
    # every puzzle taken from a resumed report: no rate to speak of
    pace = f"{rate:.1f} puzzles/s" if n > resumed else "nothing left to verify"
    lines.append(
        f"  time {secs:.2f} s, {pace}, {summary['jobs']} job"
        f"{'s' if summary['jobs'] != 1 else ''}, {summary['nodes']:,} nodes"
    )
    return "\n".join(lines)


class _Run:
    """The state of one run: results in file order, printing, report saving."""

    def __init__(self, opts: Options, jobs: list[Job], old: list[VerifyReport]) -> None:
        self.opts = opts
        self.slots: list[VerifyReport | None] = [None] * len(jobs)
        by_key = {j.key: j.order for j in jobs}
        seen: Counter[tuple[str, str]] = Counter()
        self.extra: list[VerifyReport] = []  # old entries matching no puzzle of this run
        for r in old:
            key = (r.source, r.id, seen[(r.source, r.id)])
            seen[(r.source, r.id)] += 1
            if key in by_key:
                self.slots[by_key[key]] = r
            else:
                self.extra.append(r)
        self.resumed = sum(s is not None for s in self.slots)
        self.todo = [j for j in jobs if self.slots[j.order] is None]
        self.fresh = {j.order for j in self.todo}
        self.printed = 0
        self.done = 0
        self.problems = 0
        self.start = time.monotonic()
        self.save_cost = 0.0
        self.last_save = 0.0

    def reports(self) -> list[VerifyReport]:
        return [r for r in self.slots if r is not None] + self.extra

    def finish_one(self, order: int, report: VerifyReport, out: TextIO) -> None:
        self.slots[order] = report
        self.done += 1
        self.problems += not report.sound
        while self.printed < len(self.slots):
            r = self.slots[self.printed]
            if r is None:
                break
            if self.printed in self.fresh and (not self.opts.quiet or not r.sound):
                print(_line(r), file=out, flush=True)
            self.printed += 1

    def save(self, collected: _Collected, *, final: bool, done: bool) -> None:
        path = self.opts.report or self.opts.resume
        if path is None:
            return
        now = time.monotonic()
        if not final and now - self.last_save < 9 * self.save_cost:
            return
        summary = summarize(
            self.reports(),
            collected.skipped,
            now - self.start,
            self.opts.jobs,
            complete=done,
            unreadable=collected.unreadable,
        )
        save_report(path, self.reports(), summary)
        self.last_save = time.monotonic()
        self.save_cost = self.last_save - now


def _executor(opts: Options, err: TextIO) -> Any:
    if opts.scheduler is not None:
        from puzzles.cluster import connect

        return connect(opts.scheduler, "verify", err)
    return LocalPool(opts.jobs) if opts.jobs > 1 else Serial()


def _run_jobs(run: _Run, collected: _Collected, out: TextIO, err: TextIO, bar: Bar) -> None:
    opts = run.opts
    args = (opts.time, opts.goal, opts.max_moves, opts.check, opts.memory_mb)
    executor = _executor(opts, err)
    if opts.scheduler is not None:  # (the report's "jobs": the cluster's worker threads)
        opts.jobs = max(1, executor.slots())
    interrupted = False
    try:
        for done in run_ordered(executor, verify_jobs, args, iter(run.todo), target=opts.target):
            if done.error is not None:
                for job in done.units:  # (the task failed as a whole: say so for each)
                    report = VerifyReport(
                        id=job.ident,
                        source=job.source,
                        result="error",
                        problems=[f"task failed: {done.error}"],
                    )
                    run.finish_one(job.order, report, out)
            else:
                for order, report in done.results or []:
                    run.finish_one(order, report, out)
            run.save(collected, final=False, done=False)
            rate = run.done / max(1e-9, time.monotonic() - run.start)
            bar.update(
                completed=run.done,
                status=f"{run.problems} with problems, {rate:.1f}/s",
            )
    except BaseException:
        interrupted = True
        raise
    finally:
        close = getattr(executor, "close", None)
        if close is not None:
            close(interrupted=interrupted)


def run_verify(
    opts: Options, out: TextIO | None = None, err: TextIO | None = None, *, console: Any = None
) -> int:
    """Verify every puzzle of ``opts.paths``; return the exit code.

    A progress bar is drawn on stderr when it is a terminal (or on ``console``, a Rich
    console: see :func:`solver.progress.progress_bar`); the result lines go to ``out``
    whole, above the bar.

    0: every puzzle is sound; 1: problems found (or bad entries skipped); 3: a solver
    error on some puzzle (result ``error``: a proof the checker rejected, or a disproof
    the second look contradicted; the other puzzles are verified all the same); 130:
    interrupted (the report is saved first).

    Raises:
        PuzzleFormatError: an input or the resumed report cannot be read (exit 2).
        RenjuError: a worker process died (the report is saved first).
    """
    out = out or sys.stdout
    err = err or sys.stderr
    collected = collect_jobs(opts.paths)
    old = load_report(opts.resume) if opts.resume and os.path.exists(opts.resume) else []
    run = _Run(opts, collected.jobs, old)
    for note in collected.notes:
        print(f"renju: note: {note}", file=err)
    for bad in collected.unreadable:
        print(f"renju: cannot read {bad} (not verified)", file=err)
    for _, exc in collected.skipped:
        print(f"renju: skipped {exc}", file=err)
    try:
        with progress_bar(len(run.todo), "verify", console=console) as bar:
            _run_jobs(run, collected, cast(TextIO, bar.wrap(out)), err, bar)
    except KeyboardInterrupt:
        run.save(collected, final=True, done=False)
        path = opts.report or opts.resume
        saved = f"; report saved to {path}" if path else ""
        print(
            f"renju: interrupted after {run.done} of {len(run.todo)} puzzles{saved}",
            file=err,
            flush=True,
        )
        return 130
    except ExecutorLost as exc:
        run.save(collected, final=True, done=False)
        raise RenjuError(f"{exc}: stopped after {run.done} of {len(run.todo)} puzzles") from None
    run.save(collected, final=True, done=True)
    reports = run.reports()
    summary = summarize(
        reports,
        collected.skipped,
        time.monotonic() - run.start,
        opts.jobs,
        complete=True,
        unreadable=collected.unreadable,
    )
    if collected.jobs or collected.skipped or collected.unreadable or old:
        print(_table(summary, collected.files, run.resumed), file=out)
    # else: files of positions only, each said so in its note: nothing was verified
    if any(r.result == "error" for r in reports):
        return EXIT_SOLVER_ERROR
    sound = all(r.sound for r in reports) and not collected.skipped and not collected.unreadable
    return 0 if sound else 1
