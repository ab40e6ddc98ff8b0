"""Running work in batches, results in input order: in this process, in local worker
processes, or on a Dask cluster (:mod:`puzzles.cluster`, imported only for it).

``renju generate`` and ``renju verify`` are one pipeline::

    stream -> (dedupe) -> batch -> executor -> ordered results -> writer

:func:`run_ordered` takes units of work (a game, a puzzle) from an iterator, packs them
into batches sized so that one takes about ``target`` seconds (from the cost per unit
measured so far), keeps two batches per worker in flight, and yields every batch with its
results in input order, whatever order they finish in. The work function is a plain
top-level function ``fn(units, *args) -> results`` (one result per unit), so each batch's
answer does not depend on where or with what it ran. A batch whose task fails as a whole
(an exception in the worker, a worker lost too often) comes back with the error instead
of results and the run goes on; an executor that cannot go on (a local pool whose
process died, a lost scheduler) raises :class:`ExecutorLost`.

>>> done = list(run_ordered(Serial(), _double, (), iter([1, 2, 3])))
>>> [(d.number, d.units, d.results) for d in done]
[(0, [1], [2]), (1, [2], [4]), (2, [3], [6])]
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import re
import signal
import time
import traceback
from collections.abc import Callable, Collection, Generator, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from solver.errors import RenjuError

__all__ = [
    "Done",
    "Executor",
    "ExecutorLost",
    "LocalPool",
    "Serial",
    "run_ordered",
    "run_task",
    "should_stop",
]

T = TypeVar("T")
R = TypeVar("R")


class ExecutorLost(RenjuError):
    """The executor cannot run any more tasks (a local worker process died, the Dask
    scheduler went away); what was done so far is saved by the caller."""


@dataclass
class Done(Generic[T, R]):
    """A batch and its outcome: ``results`` (one per unit), or ``error`` (why its task
    failed as a whole) and no results."""

    number: int
    units: list[T]
    results: list[R] | None = None
    error: str | None = None
    seconds: float = 0.0


def run_task(
    fn: Callable[..., list[R]], units: list[T], args: tuple[Any, ...]
) -> tuple[list[R], float]:
    """The body of every task: ``fn(units, *args)`` and the seconds it took."""
    start = time.perf_counter()
    results = fn(units, *args)
    return results, time.perf_counter() - start


def _double(units: list[int]) -> list[int]:
    return [2 * u for u in units]


class Executor(Protocol):
    """Where batches run (a handle is whatever ``submit`` returns)."""

    batching: bool  # False: one unit a task (no gain from batching in this process)

    def slots(self) -> int:
        """How many tasks can run at once now."""
        ...

    def submit(
        self, number: int, fn: Callable[..., Any], units: list[Any], args: tuple[Any, ...]
    ) -> Any:
        """Start a task: :func:`run_task` of ``fn`` on ``units``."""
        ...

    def wait(self, handles: Collection[Any], timeout: float) -> Collection[Any]:
        """Those of ``handles`` that are finished (waiting at most ``timeout`` s for one)."""
        ...

    def result(self, handle: Any) -> tuple[list[Any], float]:
        """A finished task's answer; raises what the task raised, or
        :class:`ExecutorLost`."""
        ...

    def cancel(self, handles: Collection[Any]) -> None:
        """Drop tasks not wanted any more."""
        ...


class _Cost:
    """Seconds per unit of weight, from the batches finished so far."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.weight = 0
        self.largest = 0  # the heaviest batch finished

    def add(self, weight: int, seconds: float) -> None:
        self.seconds += seconds
        self.weight += weight
        self.largest = max(self.largest, weight)

    def budget(self, target: float, cap: int) -> int:
        """The weight of the next batch: what takes ``target`` seconds at the cost seen,
        but at most twice the heaviest batch finished (a slow start: the first answers
        may be cheap ones), and 1 until something has been measured."""
        if self.weight == 0 or self.seconds <= 0:
            return 1
        rate = self.weight / self.seconds
        return max(1, min(cap, 2 * self.largest, int(target * rate)))


def run_ordered(
    executor: Executor,
    fn: Callable[..., list[R]],
    args: tuple[Any, ...],
    units: Iterator[T],
    *,
    weight: Callable[[T], int] = lambda _: 1,
    target: float = 1.0,
    max_units: int = 2000,
) -> Generator[Done[T, R], None, None]:
    """Run ``fn`` over ``units`` in batches on ``executor``; yield the batches in input
    order with their results (see the module docstring).

    ``weight`` is a unit's expected share of the work (a game: the positions it has to
    search; 0: nothing to search); a batch is filled up to the weight that takes about
    ``target`` seconds at the cost measured so far, and at most ``max_units`` units.
    Closing the iterator early (the caller has what it needs) cancels what is in flight.

    Raises:
        ExecutorLost: the executor cannot go on.
    """
    pending: dict[Any, tuple[int, list[T], int]] = {}
    finished: dict[int, Done[T, R]] = {}
    cost = _Cost()
    source = _Units(units, weight)
    number = 0
    out = 0
    try:
        while True:
            slots = max(1, executor.slots())
            while len(pending) < 2 * slots and len(finished) < 16 * slots + 16:
                if executor.batching:
                    batch, total = source.take(cost.budget(target, 100_000), max_units)
                else:
                    batch, total = source.take(1, 1)
                if not batch:
                    break
                pending[executor.submit(number, fn, batch, args)] = (number, batch, total)
                number += 1
            if out in finished:
                yield finished.pop(out)
                out += 1
                continue
            if not pending:
                return
            for handle in executor.wait(list(pending), 0.5):
                n, batch, total = pending.pop(handle)
                try:
                    results, seconds = executor.result(handle)
                except ExecutorLost:
                    raise
                except Exception as exc:
                    finished[n] = Done(n, batch, error=_why(exc))
                    continue
                cost.add(total, seconds)
                finished[n] = Done(n, batch, results, seconds=seconds)
    finally:
        if pending:
            executor.cancel(list(pending))


class _Units(Generic[T]):
    """The units still to send, taken a batch at a time."""

    def __init__(self, units: Iterator[T], weight: Callable[[T], int]) -> None:
        self._units = units
        self._weight = weight
        self._next: list[T] = []  # a unit read but left for the next batch

    def take(self, budget: int, most: int) -> tuple[list[T], int]:
        """Units up to the weight ``budget`` (at least one) and ``most`` units; their
        weight. Empty when there are no more."""
        batch: list[T] = []
        total = 0
        while len(batch) < most:
            unit = self._next.pop() if self._next else next(self._units, None)
            if unit is None:
                break
            w = self._weight(unit)
            if batch and total + w > budget:
                self._next.append(unit)
                break
            batch.append(unit)
            total += w
        return batch, total


def _why(exc: BaseException) -> str:
    """One line: the exception's type and message, and where it was raised (a worker
    process's traceback comes back as text: its last frame)."""
    where = ""
    remote = re.findall(r'File "(.+)", line (\d+), in (\S+)', str(exc.__cause__ or ""))
    frames = traceback.extract_tb(exc.__traceback__)
    if remote:
        file, line, name = remote[-1]
        where = f" (at {name}, {file}:{line})"
    elif frames:
        where = f" (at {frames[-1].name}, {frames[-1].filename}:{frames[-1].lineno})"
    return f"{type(exc).__name__}: {exc}{where}"


# -- in this process ---------------------------------------------------------------------


@dataclass(eq=False)
class _Call:
    fn: Callable[..., Any]
    units: list[Any]
    args: tuple[Any, ...]
    answer: tuple[list[Any], float] | None = None
    error: BaseException | None = None


class Serial:
    """Runs each task in this process when it is waited for (``--jobs 1``)."""

    batching = False

    def slots(self) -> int:
        return 1

    def submit(
        self, number: int, fn: Callable[..., Any], units: list[Any], args: tuple[Any, ...]
    ) -> _Call:
        return _Call(fn, units, args)

    def wait(self, handles: Collection[_Call], timeout: float) -> Collection[_Call]:
        call = next(iter(handles))
        try:
            call.answer = run_task(call.fn, call.units, call.args)
        except Exception as exc:
            call.error = exc
        return [call]

    def result(self, handle: _Call) -> tuple[list[Any], float]:
        if handle.error is not None:
            raise handle.error
        assert handle.answer is not None
        return handle.answer

    def cancel(self, handles: Collection[_Call]) -> None:
        pass


# -- local worker processes ----------------------------------------------------------------

_STOP: Any = None


def _init_worker(stop: Any) -> None:
    """Worker start: leave Ctrl-C to the parent, which stops workers through ``stop``."""
    global _STOP
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _STOP = stop


def _stopped() -> bool:
    return _STOP is not None and bool(_STOP.is_set())


def should_stop() -> Callable[[], bool] | None:
    """For a search in a local worker process: a callback telling it the run was
    interrupted; ``None`` elsewhere."""
    return _stopped if _STOP is not None else None


@dataclass
class LocalPool:
    """``jobs`` worker processes on this machine (``--jobs N``). On Ctrl-C of the run the
    workers' searches are told to stop (see :func:`should_stop`)."""

    jobs: int
    batching: bool = True
    _pool: cf.ProcessPoolExecutor = field(init=False)
    _stop: Any = field(init=False)

    def __post_init__(self) -> None:
        ctx = multiprocessing.get_context()
        self._stop = ctx.Event()
        self._pool = cf.ProcessPoolExecutor(
            max_workers=self.jobs, mp_context=ctx, initializer=_init_worker, initargs=(self._stop,)
        )

    def slots(self) -> int:
        return self.jobs

    def submit(
        self, number: int, fn: Callable[..., Any], units: list[Any], args: tuple[Any, ...]
    ) -> cf.Future[tuple[list[Any], float]]:
        try:
            return self._pool.submit(run_task, fn, units, args)
        except cf.BrokenExecutor:
            raise ExecutorLost(_LOST) from None

    def wait(self, handles: Collection[Any], timeout: float) -> Collection[Any]:
        done, _ = cf.wait(handles, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return done

    def result(self, handle: cf.Future[tuple[list[Any], float]]) -> tuple[list[Any], float]:
        try:
            return handle.result()
        except cf.BrokenExecutor:
            raise ExecutorLost(_LOST) from None

    def cancel(self, handles: Collection[Any]) -> None:
        for handle in handles:
            handle.cancel()

    def close(self, *, interrupted: bool = False) -> None:
        """Stop the workers (``interrupted``: tell running searches to stop first)."""
        if interrupted:
            self._stop.set()
        self._pool.shutdown(wait=True, cancel_futures=True)


_LOST = "a worker process died (out of memory?)"
