"""``renju generate`` at database scale: stream, dedupe, batch, run anywhere, write in order.

::

    game lines ──> plan (replay, canonical keys, first occurrence only) ──> batches
      ──> executor (this process | --jobs N processes | --scheduler Dask) ──> writer

:func:`plan` replays each line on this machine and keeps the positions (at least
``min_stones`` stones, no five) whose canonical form under the 8 symmetries has not been
met before in the run (:mod:`puzzles.dedupe`): a position that occurs in a thousand
games is searched once, at its first occurrence. The units go to
:func:`puzzles.dispatch.run_ordered`; on the worker :func:`mine_units` searches a
line's positions in order and stops at its first puzzle (at most one a game). The
:class:`Writer` takes the answers in input order, numbers the puzzles, and rewrites
OUTPUT atomically as they come, with ``OUTPUT.progress`` (how many lines are done, the
errors so far) beside it, so ``--resume`` goes on after a crash or Ctrl-C and the answer
is the one an uninterrupted run gives. Which positions are searched and which puzzle a
line gives depend only on the input, never on the batches or the workers: the output is
the same with one process or a hundred machines (as long as no search hits ``--time``,
which depends on the machine's speed and load).
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from puzzles.dedupe import Seen, SymmetricKeys
from puzzles.dispatch import Done, ExecutorLost, LocalPool, Serial, run_ordered
from puzzles.formats.native import format_native
from puzzles.game_stream import BadRecord, GameLine
from puzzles.io import _write_atomic, read_puzzles
from puzzles.model import Puzzle
from solver.errors import CommandError, IllegalMoveError, RenjuError, SolverError
from solver.progress import Bar
from solver.rules.board import Board

__all__ = [
    "Mined",
    "Unit",
    "Wants",
    "Work",
    "Writer",
    "load_progress",
    "mine_units",
    "numbered",
    "plan",
    "progress_path",
]


class Wants(Protocol):
    """What the pipeline itself needs of the wanted puzzles (``generate.Wanted``, ``mine_tasks.TaskWanted``)."""

    @property
    def min_stones(self) -> int: ...


Work = Callable[[Board, Any, str, str], "Puzzle | None"]
"""The per-position work, ``work(board, want, source, comment)``: the puzzle the position
makes (its id not numbered yet), or None; raises ``SolverError`` on a solver fault
(``generate.make_puzzle``). A top-level function: it is sent to the workers by name."""


def numbered(puzzle: Puzzle, n: int, prefix: str = "") -> Puzzle:
    """The ``n``-th puzzle of a run: its id gets the number and ``prefix`` (``--id-prefix``)
    in front (``s21-vcf-5-007``)."""
    return dataclasses.replace(puzzle, id=f"{prefix}{puzzle.id}-{n:03d}")


@dataclass(frozen=True)
class Unit:
    """A line and the moves after which its positions are searched (none: every one
    was met before, or the record is bad)."""

    line: GameLine | BadRecord
    picks: tuple[int, ...] = ()
    after: bool = True  # name positions "game 3, after move 12" (False: by the line's name)

    @property
    def weight(self) -> int:
        return len(self.picks)


@dataclass
class Mined:
    """A unit's answer: its puzzle (the first found along the line), solver errors."""

    puzzle: Puzzle | None = None
    errors: list[str] = field(default_factory=list)
    searched: int = 0


# -- plan: replay and dedupe (on the client) ------------------------------------------------


def _keys(line: GameLine, min_stones: int) -> list[tuple[int, int]]:
    """``(k, canonical key)`` of each position after ``k`` moves worth searching.

    Raises:
        RenjuError: the start is not a position, or a move is on an occupied point.
    """
    board = Board.from_stones(line.black, line.white, line.to_move)
    keys = SymmetricKeys()
    for p in line.black:
        keys.put(p, 1)
    for p in line.white:
        keys.put(p, 2)
    if (line.black or line.white) and board.five_on_board() is not None:
        raise RenjuError("the start position already has a five")
    out: list[tuple[int, int]] = []
    for k in range(len(line.moves) + 1):
        if board.stone_count >= min_stones:
            out.append((k, keys.key(white_to_move=board.to_move == 2)))
        if k == len(line.moves):
            break
        move = line.moves[k]
        if move is not None:
            if board.core.get(move):
                raise IllegalMoveError(f"move {k + 1} is on an occupied point")
            five = board.is_five(move)
            keys.put(move, int(board.to_move))
            board.push(move)
            if five:
                break
        else:
            board.push(None)
    return out


def plan(
    lines: Iterator[GameLine | BadRecord], seen: Seen, min_stones: int, *, after: bool = True
) -> Iterator[Unit]:
    """A unit per line: the positions met for the first time in the run (a bad line: a
    :class:`BadRecord` unit, nothing to search). ``after=False`` (``--from``): each line
    is one position, searched whatever its stone count, silently passed over when it is
    not a legal position."""
    for line in lines:
        if isinstance(line, BadRecord):
            yield Unit(line)
            continue
        try:
            keys = _keys(line, min_stones if after else 0)
        except RenjuError as exc:
            if after:
                yield Unit(BadRecord(line.name, str(exc), line.done))
            else:
                yield Unit(line, (), after)
            continue
        if not after:
            keys = keys[:1]
        yield Unit(line, tuple(k for k, key in keys if seen.add(key)), after)


# -- the work (on a worker) -----------------------------------------------------------------


def mine_units(units: list[Unit], work: Work, want: Any, source: str) -> list[Mined]:
    """A task: every unit's first puzzle along its line (see the module docstring), by
    ``work`` on each position."""
    return [_mine_unit(unit, work, want, source) for unit in units]


def _mine_unit(unit: Unit, work: Work, want: Any, source: str) -> Mined:
    line = unit.line
    out = Mined()
    if not unit.picks or isinstance(line, BadRecord):
        return out
    board = Board.from_stones(line.black, line.white, line.to_move)
    picks = set(unit.picks)
    for k in range(max(picks) + 1):
        if k in picks:
            where = f"{line.name}, after move {k}" if unit.after else line.name
            out.searched += 1
            try:
                found = work(board.copy(), want, f"{source}, {where}", line.comment)
            except SolverError as exc:
                out.errors.append(f"solver error ({where}): {exc}")
                found = None
            if found is not None:
                out.puzzle = found
                return out
        if k < len(line.moves):
            board.push(line.moves[k])
    return out


# -- the writer (on the client) ---------------------------------------------------------------


def progress_path(output: Path) -> Path:
    """The file beside OUTPUT that lets ``--resume`` go on: ``OUTPUT.progress``."""
    return output.with_name(output.name + ".progress")


@dataclass
class State:
    """How far a run has got: what ``OUTPUT.progress`` holds (the puzzles are OUTPUT's)."""

    settings: dict[str, Any]
    lines: int = 0  # input lines done, in order
    searched: int = 0
    puzzles: list[Puzzle] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # solver errors, failed tasks
    bad: list[str] = field(default_factory=list)  # bad records, skipped

    def to_json(self) -> dict[str, Any]:
        return {
            "renju_generate_progress": 1,
            "settings": self.settings,
            "lines": self.lines,
            "searched": self.searched,
            "puzzles": len(self.puzzles),
            "errors": self.errors,
            "bad": self.bad,
        }


def load_progress(output: Path, settings: dict[str, Any]) -> State:
    """The state of an interrupted run of OUTPUT, to go on with.

    Raises:
        CommandError: the progress file is not one, was written with other settings, or
            OUTPUT lacks puzzles it counts.
    """
    path = progress_path(output)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        old = data["settings"]
        lines, searched, count = int(data["lines"]), int(data["searched"]), int(data["puzzles"])
        errors, bad = [str(e) for e in data["errors"]], [str(b) for b in data["bad"]]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CommandError(
            f"cannot resume from {str(path)!r}: not a progress file ({exc})"
        ) from None
    for key, value in settings.items():
        if old.get(key) != value:
            raise CommandError(
                f"cannot resume {str(output)!r}: it was started with {key} {old.get(key)!r}, "
                f"not {value!r}"
            )
    puzzles: list[Puzzle] = []
    if count:
        try:
            puzzles = read_puzzles(output, "native").puzzles[:count]
        except RenjuError as exc:
            raise CommandError(f"cannot resume {str(output)!r}: {exc}") from None
        if len(puzzles) < count:
            raise CommandError(
                f"cannot resume {str(output)!r}: it holds {len(puzzles)} puzzles, "
                f"its progress file counts {count}"
            )
    return State(settings, lines, searched, puzzles, errors, bad)


class Writer:
    """Takes the units' answers in input order; keeps OUTPUT and its progress file up to
    date (atomically, at most about a tenth of the time spent writing)."""

    def __init__(
        self,
        output: Path,
        state: State,
        count: int | None,
        bar: Bar,
        verbose: bool,
        id_prefix: str = "",
    ):
        self.output = output
        self.id_prefix = id_prefix
        self.state = state
        self.count = count
        self.bar = bar
        self.verbose = verbose
        self.tasks = 0
        self.start = time.monotonic()
        self.searched_here = 0
        self.done = 0.0
        self._last_save = 0.0
        self._save_cost = 0.0

    @property
    def full(self) -> bool:
        return self.count is not None and len(self.state.puzzles) >= self.count

    def take(self, done: Done[Unit, Mined], err: TextIO) -> None:
        """One finished batch, in order."""
        self.tasks += 1
        results: list[Mined | None] = (
            list(done.results) if done.results is not None else [None] * len(done.units)
        )
        if done.error is not None:
            first, last = done.units[0].line.name, done.units[-1].line.name
            span = first if first == last else f"{first} .. {last}"
            message = f"task failed ({span}): {done.error}"
            self.bar.emit(f"renju: {message}", err)
            self.state.errors.append(message)
        for unit, mined in zip(done.units, results, strict=True):
            if self.full:
                break
            self.state.lines += 1
            self.done = unit.line.done
            if isinstance(unit.line, BadRecord):
                message = f"{unit.line.name}: {unit.line.problem}"
                self.bar.emit(f"renju: skipped {message}", err)
                self.state.bad.append(message)
                continue
            if mined is None:
                continue
            self.state.searched += mined.searched
            self.searched_here += mined.searched
            for message in mined.errors:
                self.bar.emit(f"renju: {message}", err)
                self.state.errors.append(message)
            if mined.puzzle is not None:
                puzzle = numbered(mined.puzzle, len(self.state.puzzles) + 1, self.id_prefix)
                self.state.puzzles.append(puzzle)
                if self.verbose:
                    of = f"/{self.count}" if self.count else ""
                    self.bar.emit(f"  found {puzzle.id} ({len(self.state.puzzles)}{of})", err)
        self.save(final=False)
        self._show()

    def _show(self) -> None:
        found = len(self.state.puzzles)
        share = max(self.done, found / self.count if self.count else 0.0)
        seconds = time.monotonic() - self.start
        rate = self.searched_here / seconds if seconds > 0 else 0.0
        of = f"/{self.count}" if self.count else ""
        self.bar.update(
            completed=min(1.0, share),
            status=f"{self.tasks} tasks, {found}{of} puzzles, {self.state.searched:,} "
            f"positions, {rate:.0f}/s",
        )

    def save(self, *, final: bool) -> None:
        """Write OUTPUT and the progress file (together, atomically: both temporary files are
        written before either is moved in place); not too often."""
        now = time.monotonic()
        if not final and now - self._last_save < max(2.0, 9 * self._save_cost):
            return
        text = json.dumps(self.state.to_json(), ensure_ascii=False, indent=1) + "\n"
        _write_atomic(
            {
                os.fspath(self.output): format_native(self.state.puzzles).encode("utf-8"),
                os.fspath(progress_path(self.output)): text.encode("utf-8"),
            }
        )
        self._last_save = time.monotonic()
        self._save_cost = self._last_save - now


@dataclass
class Run:
    """What to mine and how (the command line's choices)."""

    output: Path
    lines: Iterator[GameLine | BadRecord]
    source: str
    work: Work
    want: Wants
    count: int | None
    after: bool = True  # game lines (False: --from positions)
    jobs: int = 1
    scheduler: str | None = None
    state: State = field(default_factory=lambda: State({}))
    target: float = 1.0  # seconds a task
    id_prefix: str = ""  # put before each puzzle's id (--id-prefix)


def run(opts: Run, bar: Bar, err: TextIO | None = None, *, verbose: bool = False) -> Writer:
    """Mine, writing as the answers come; the writer holds the outcome.

    Raises:
        KeyboardInterrupt: interrupted (what was done is saved first).
        ExecutorLost: the workers are gone (what was done is saved first).
    """
    err = err or sys.stderr
    writer = Writer(opts.output, opts.state, opts.count, bar, verbose, opts.id_prefix)
    executor: Any = Serial()
    if opts.scheduler is not None:
        from puzzles.cluster import connect

        executor = connect(opts.scheduler, "generate", err)
    elif opts.jobs > 1:
        executor = LocalPool(opts.jobs)
    interrupted = False
    try:
        with Seen(str(opts.output.parent.resolve())) as seen:
            units = plan(opts.lines, seen, opts.want.min_stones, after=opts.after)
            skip = opts.state.lines
            for _ in range(skip):  # done before the resume: replayed, not searched
                if next(units, None) is None:
                    break
            if not writer.full:
                batches = run_ordered(
                    executor,
                    mine_units,
                    (opts.work, opts.want, opts.source),
                    units,
                    weight=lambda u: u.weight,
                    target=opts.target,
                )
                try:
                    for done in batches:
                        writer.take(done, err)
                        if writer.full:
                            break
                finally:
                    batches.close()
    except (KeyboardInterrupt, ExecutorLost):
        interrupted = True
        writer.save(final=True)
        raise
    finally:
        close = getattr(executor, "close", None)
        if close is not None:
            close(interrupted=interrupted)
    writer.save(final=True)
    return writer


def remove_progress(output: Path) -> None:
    """A finished run needs no progress file."""
    with contextlib.suppress(FileNotFoundError):
        os.unlink(progress_path(output))
