"""Racing searches: one solve on several cores, with the same answer on every machine.

``solve(board, ..., threads=2)`` runs its search as ever (the *first* search) and, once
that has spent ``RACE_AFTER`` nodes without an answer, starts the others, each in a
process of its own (``RACERS``). Without ``shortest``, the second counts up (bounds of
one, two, ... moves, every other one once they grow dear): where the search within the
cap wanders into long lines, a bounded search's lines end at its bound, and on deep
published VCTs one is often several times cheaper than the other, either way round (see
docs/performance.md). Its bounds count the moves before the final VCF (``final-vcf``),
which costs nothing however long: a bound then limits the threats, threes and blocks
that make a tree wide, not the fours that end it. The third, and under ``shortest``
(whose search takes turns with counting up already) the second, is the same search as
the first with another first-phase budget: where the first phase leaves the table
changes a hard search's course a great deal too. Searches that differ so can finish far
apart, and the race takes the earlier.

Earlier is counted in work, not seconds: the nodes, each df-pn expansion counted as
``EXPANSION_WORK`` VCF nodes (an expansion takes about that long), so that a search
whose nodes are mostly VCF nodes ranks by its time too; the others, which start later,
count ``LATE_START`` more, about what the first has done by then. The first search's
answer stands when it finishes within ``RACE_AFTER`` nodes (the others never start);
past that, the answer is the finished search with the least work (ties to the first
listed). Either way it is the same on every machine and every run, however fast each
core is (with the same core: the pure-Python one counts VCF nodes differently, so
another search can rank first without a compiler). The searches tell each other when
they finish; a search stops once another has finished with less work than it has already
done. A time limit makes any answer depend on the machine's speed, as it does without a
race.

"Finished" means a verdict (proven, disproven) from a search that was not stopped (under
``shortest``, one that also showed its win the shortest). Without one, the answer is that
of the first listed search the limits cut (the node limit is the same for all), a win
whose shortest was not shown before none.
Each search checks its own proof; a solver error (a rejected proof or disproof) in any
search is raised. Each has its own table of ``Limits.memory_mb``.

The others are ``python -m solver.search.race_child`` processes, told their search and each
other's results through pipes (POSIX only: elsewhere the first search runs alone).
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar, cast

from solver.errors import SecondLookDisagrees, SolverError
from solver.rules.board import Board, Color
from solver.search.dfpn_shared import FIRST_PHASE_NODES
from solver.search.limits import Goal, Limits, Verdict, position_text

if TYPE_CHECKING:
    # (at run time imported only once a second search starts: multiprocessing's
    # connections bring tempfile and shutil, subprocess threading and signal, which most
    # searches, never racing, do without)
    import subprocess
    from multiprocessing.connection import Connection

__all__ = ["RACERS", "RACE_AFTER", "READ_EVERY", "Racer", "ReadClock", "Runner", "race"]


class SolveResult(Protocol):
    """What the race reads of ``solve``'s answer (``solver.search.api.SolveResult``)."""

    result: Verdict
    shortest_shown: bool | None
    moves: int | None
    nodes: int
    expansions: int
    seconds: float
    no_win_within: int | None


class Progress(Protocol):
    """What the race reads of a progress report (``solver.search.api.Progress``)."""

    @property
    def nodes(self) -> int: ...

    @property
    def expansions(self) -> int: ...

    def racing(self, searches: int) -> Progress:
        """The report as the first of ``searches`` racing searches gives it."""
        ...


R = TypeVar("R", bound=SolveResult)


class Racer(NamedTuple):
    """A racing search: its first phase's budget (``solve``'s ``phase_nodes``), whether
    it only counts up (``solve``'s ``counting_up``), and the count of its bounds then
    (``solve``'s ``bound_count``)."""

    phase_nodes: int
    counting_up: bool = False
    bound_count: str | None = None

    def options(self) -> dict[str, Any]:
        """Its keyword options to ``solve``, over the race's own."""
        if self.counting_up:
            return {
                "phase_nodes": self.phase_nodes,
                "counting_up": True,
                "bound_count": self.bound_count,
            }
        return {"phase_nodes": self.phase_nodes}


# The racing searches, the first search first, by ``shortest`` (chosen on the published
# development VCTs: see docs/performance.md).
RACERS: dict[bool, tuple[Racer, ...]] = {
    False: (
        Racer(FIRST_PHASE_NODES),
        Racer(FIRST_PHASE_NODES, True, "final-vcf"),
        Racer(100_000),
    ),
    True: (Racer(FIRST_PHASE_NODES), Racer(100_000)),
}
# Nodes the first search spends alone before the others start (about a third of a
# second): easy problems never pay for a process.
RACE_AFTER = 1_000_000

_OPEN = -1  # (a ``done`` slot of a search that has not finished)

# A df-pn expansion takes about as long as this many VCF nodes (docs/performance.md):
# a search's work, which ranks the searches, counts each expansion so.
EXPANSION_WORK = 70


# Seconds between two reads of the other searches' pipes. A read (``Connection.poll``: a
# selector made, a system call) costs several microseconds, and a search is asked whether
# to stop at every poll (docs/performance.md). A finish heard a few milliseconds late
# only stops a beaten search later; the answer is the same.
READ_EVERY = 0.005


class ReadClock:
    """When a racing search next reads its pipes (at most every ``READ_EVERY`` s)."""

    def __init__(self) -> None:
        self.next = 0.0

    def due(self) -> bool:
        """Whether to read now (and not again for ``READ_EVERY`` s if so)."""
        now = time.monotonic()
        if now < self.next:
            return False
        self.next = now + READ_EVERY
        return True


# The work the first search has done when another starts, about (``RACE_AFTER`` nodes
# with their expansions, then a new process's start): the others' work counts from it,
# so that work ranks searches as their times would on cores of one speed. Without it a
# race that the first search won waited for the others to pass its work, however short
# the search (docs/performance.md).
LATE_START = 5_000_000


def _work(nodes: int, expansions: int) -> int:
    """The work of a search that has spent ``nodes``, ``expansions`` of them df-pn
    expansions (the others VCF nodes): about proportional to its time on any core."""
    return nodes + (EXPANSION_WORK - 1) * expansions


def _late(me: int) -> int:
    """The work search ``me`` counts before its own (``LATE_START`` but for the first)."""
    return 0 if me == 0 else LATE_START


def _rank(result: SolveResult) -> int:
    """0: finished (a verdict, the shortest shown if asked); 1: a win whose shortest the
    limits cut; 2: no answer."""
    if result.result is Verdict.UNKNOWN:
        return 2
    return 1 if result.shortest_shown is False else 0


def _done(me: int, result: SolveResult) -> int:
    """The work of search ``me``, finished."""
    return _late(me) + _work(result.nodes, result.expansions)


def _order(me: int, result: SolveResult) -> tuple[int, int, int]:
    """How search ``me``'s answer ranks (the least first): finished ones by work, the
    others, cut by the limits, by their order."""
    rank = _rank(result)
    return (rank, _done(me, result) if rank == 0 else 0, me)


def _beaten(me: int, spent: int, done: list[int]) -> bool:
    """Whether a finished search ranks before search ``me``, which has done ``spent``
    work and not finished: ``me`` would finish with more (an earlier-listed one wins
    ties)."""
    for other, theirs in enumerate(done):
        if other != me and theirs != _OPEN and (spent >= theirs if other < me else spent > theirs):
            return True
    return False


class Runner:
    """One search's view of the race: the work it has done (from ``late``, its
    ``LATE_START`` as the first search's process had it), the others' results (``done``,
    refreshed by ``pump``, which says whether to stop), whether it was beaten; ``tell``
    announces its own finish."""

    def __init__(
        self,
        me: int,
        done: list[int],
        pump: Callable[[], bool],
        tell: Callable[[int], None],
        progress: Callable[[Any], None] | None = None,
        late: int = 0,
    ) -> None:
        self.me = me
        self.late = late
        self.done = done
        self.pump = pump
        self.tell = tell
        self.user_progress = progress
        self.spent = 0
        self.beaten = False
        self.stopped = False

    def progress(self, p: Progress) -> None:
        self.spent = self.late + _work(p.nodes, p.expansions)
        if self.user_progress is not None:
            self.user_progress(p)

    def should_stop(self) -> bool:
        if self.pump():
            self.stopped = True
        elif _beaten(self.me, self.spent, self.done):
            self.beaten = True
        return self.stopped or self.beaten

    def searched(self, result: SolveResult) -> None:
        if not self.beaten and not self.stopped and _rank(result) == 0:
            spent = self.late + _work(result.nodes, result.expansions)
            self.done[self.me] = spent
            self.tell(spent)


class _Other:
    """A racing search's process, seen from the first: its pipes and its answer."""

    def __init__(
        self, me: int, proc: subprocess.Popen[bytes], inbox: Connection, outbox: Connection
    ) -> None:
        self.me = me
        self.proc = proc
        self.inbox = inbox  # (its messages: ("done", work), then ("ok", result) or ("error", e))
        self.outbox = outbox  # (to it: ("done", search, work) or ("stop",))
        self.answer: tuple[str, Any] | None = None

    def read(self, done: list[int], others: list[_Other]) -> None:
        """Take one message (one is waiting), passing a finish on to the others."""
        try:
            message = self.inbox.recv()
        except (EOFError, OSError):  # (the process died: it takes no part)
            message = ("ok", None)
        if message[0] == "done":
            done[self.me] = message[1]
            for other in others:
                if other is not self:
                    other.send(("done", self.me, message[1]))
        else:
            self.answer = message

    def send(self, message: tuple[Any, ...]) -> None:
        if self.answer is None:
            with contextlib.suppress(OSError):  # (it may have ended)
                self.outbox.send(message)

    def close(self) -> None:
        import subprocess

        self.send(("stop",))
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self.inbox.close()
        self.outbox.close()


class _Race:
    """The first search's side of the race: the other processes and their results."""

    def __init__(
        self,
        board: Board,
        goal: Goal,
        limits: Limits,
        racers: tuple[Racer, ...],
        options: Any,
    ) -> None:
        self.board = board
        self.goal = goal
        self.limits = limits
        self.n = len(racers)
        self.racers = racers
        self.options = options
        self.done = [_OPEN] * self.n
        self.others: list[_Other] = []
        self.started = False
        self.reads = ReadClock()

    def start(self, deadline: float | None) -> None:
        """Start searches 1 to n-1 (once); none if the time is up or on a system without
        fork and pipes (the first search then runs alone)."""
        if self.started:
            return
        self.started = True
        if os.name != "posix":
            return
        limits = self.limits
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            limits = limits.replace(time=left)
        board = self.board
        job = {
            "black": list(board.stones(Color.BLACK)),
            "white": list(board.stones(Color.WHITE)),
            "to_move": board.to_move,
            "rule": board.rule.value,
            "compiled": not type(board.core).__module__.endswith("_ref"),
            "goal": self.goal.value,
            "limits": limits,
            "options": self.options,
            "racers": self.racers,
            "late": LATE_START,
        }
        import subprocess
        from multiprocessing.connection import Connection

        env = dict(os.environ)
        # (the child imports this very package, wherever the parent found it)
        root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(p for p in (root, env.get("PYTHONPATH")) if p)
        for me in range(1, self.n):
            to_read, to_child = os.pipe()
            from_child, to_write = os.pipe()
            try:
                proc = subprocess.Popen(
                    [sys.executable, "-m", "solver.search.race_child", str(to_read), str(to_write)],
                    pass_fds=(to_read, to_write),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                    env=env,
                )
            except OSError:
                for fd in (to_read, to_child, from_child, to_write):
                    os.close(fd)
                break
            os.close(to_read)
            os.close(to_write)
            other = _Other(
                me,
                proc,
                Connection(from_child, writable=False),
                Connection(to_child, readable=False),
            )
            other.send(("job", me, self.done, job))
            self.others.append(other)

    def pump(self) -> bool:
        """Read what the others have said, if it is time to (never waits); never asks to
        stop."""
        if not self.others or not self.reads.due():
            return False
        for other in self.others:
            while other.answer is None and other.inbox.poll(0):
                other.read(self.done, self.others)
        return False

    def tell(self, spent: int) -> None:
        for other in self.others:
            other.send(("done", 0, spent))

    def answers(self) -> list[tuple[int, Any]]:
        """Wait for every other search's answer; the unbeaten ones with their numbers.

        Raises:
            SolverError: a search's proof or disproof was rejected.
        """
        if not self.others:
            return []
        from multiprocessing.connection import wait

        while True:
            waiting = [o for o in self.others if o.answer is None]
            if not waiting:
                break
            for conn in wait([o.inbox for o in waiting]):
                for other in waiting:
                    if other.inbox is conn:
                        other.read(self.done, self.others)
        out: list[tuple[int, Any]] = []
        for other in self.others:
            assert other.answer is not None
            kind, value = other.answer
            if kind == "error" and isinstance(value, SolverError):
                raise value
            if kind == "ok" and value is not None:
                out.append((other.me, value))
        return out

    def stop(self) -> None:
        """Ask the others to stop (each then answers)."""
        for other in self.others:
            other.send(("stop",))

    def close(self) -> None:
        for other in self.others:
            other.close()


def race(
    solve: Callable[..., R],
    board: Board,
    goal: Goal,
    limits: Limits,
    threads: int,
    *,
    progress: Callable[[Any], None] | None,
    should_stop: Callable[[], bool] | None,
    options: dict[str, bool],
) -> R:
    """``solve`` (:func:`solver.search.api.solve`, passed in: it calls this) with
    ``threads`` searches racing (at most as many as ``RACERS`` lists); ``options`` are
    its keyword options. The first search runs here and reports ``progress``;
    ``should_stop`` stops them all, and the answer is then the best of what each had
    found (with how far counting up got)."""
    start = time.monotonic()
    deadline = None if limits.time is None else start + limits.time
    racers = RACERS[bool(options.get("shortest"))][:threads]
    state = _Race(board, goal, limits, racers, options)

    def pump() -> bool:
        state.pump()
        return should_stop is not None and should_stop()

    runner = Runner(0, state.done, pump, state.tell, progress)

    def first_progress(p: Progress) -> None:
        if p.nodes > RACE_AFTER:
            state.start(deadline)
        runner.progress(p.racing(1 + len(state.others)) if state.others else p)

    try:
        result = solve(
            board,
            goal,
            limits,
            progress=first_progress,
            should_stop=runner.should_stop,
            on_searched=runner.searched,
            **{**options, **racers[0].options()},
        )
        if runner.stopped:
            # (each other search answers with what it has found: a finish that came in
            # meanwhile, or the bounds counting up showed to have no win)
            state.stop()
        elif result.nodes > RACE_AFTER and not state.started:
            # (a first search that went past RACE_AFTER between two progress reports)
            state.start(deadline)  # (its ``done`` slot goes with the job)
        entries = state.answers()
    finally:
        state.close()
    if not runner.beaten:
        entries.append((0, result))
    if not entries:  # (cannot happen: the search that beat the first one finished)
        return result
    _, best = min(entries, key=lambda e: _order(*e))
    best = cast(R, best)  # (the others' answers came through a pipe)
    _no_win_within(board, best, [r for _, r in entries])
    best.seconds = time.monotonic() - start
    return best


def _no_win_within(board: Board, best: SolveResult, results: list[Any]) -> None:
    """Give ``best`` the highest bound any search showed to have no win, where its answer
    leaves the length open (see ``SolveResult.no_win_within``): each holds for all.

    Raises:
        SecondLookDisagrees: a search showed no win within a bound that another's checked
            win fits in (a solver fault).
    """
    lows = [r.no_win_within for r in results if r.no_win_within is not None]
    if not lows or best.result is Verdict.DISPROVEN or best.shortest_shown:
        return
    low = max(lows)
    if best.moves is not None and best.moves <= low:
        raise SecondLookDisagrees(
            f"a search showed no win within {low} moves, another a win in {best.moves}, "
            f"in the position {position_text(board)}"
        )
    best.no_win_within = low
