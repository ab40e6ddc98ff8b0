"""A racing search's process (``solver.search.race``): ``python -m
solver.search.race_child IN OUT`` reads its job from the pipe IN, searches, and writes
when it finished and its answer to the pipe OUT."""

from __future__ import annotations

import contextlib
import signal
import sys
from multiprocessing.connection import Connection

from solver.rules.board import Board
from solver.search.api import solve
from solver.search.race import ReadClock, Runner

__all__ = ["serve"]


def serve(read_fd: int, write_fd: int) -> None:
    """A racing search (``python -m solver.search.race_child IN OUT``): reads its job from the
    first search, says when it finishes, sends its answer (None when beaten)."""
    # (Ctrl-C reaches the whole process group: the first search handles it and stops this one)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    inbox = Connection(read_fd, writable=False)
    outbox = Connection(write_fd, readable=False)
    _, me, done, job = inbox.recv()
    cancel = False
    reads = ReadClock()

    def pump() -> bool:
        nonlocal cancel
        if cancel or not reads.due():
            return cancel
        try:
            while not cancel and inbox.poll(0):
                message = inbox.recv()
                if message[0] == "done":
                    done[message[1]] = message[2]
                else:
                    cancel = True
        except (EOFError, OSError):  # (the first search has gone)
            cancel = True
        return cancel

    runner = Runner(me, done, pump, lambda work: outbox.send(("done", work)), late=job["late"])
    try:
        board = Board.from_stones(
            job["black"], job["white"], job["to_move"], job["rule"], compiled=job["compiled"]
        )
        result = solve(
            board,
            job["goal"],
            job["limits"],
            progress=runner.progress,
            should_stop=runner.should_stop,
            on_searched=runner.searched,
            **{**job["options"], **job["racers"][me].options()},
        )
        # (stopped: its answer so far, which may say how far counting up got)
        outbox.send(("ok", None if runner.beaten else result))
    except Exception as error:  # (the first search decides what to do with it)
        try:
            outbox.send(("error", error))
        except Exception:  # (unpicklable, or the first search has gone: then say nothing)
            with contextlib.suppress(OSError):
                outbox.send(("error", None))


if __name__ == "__main__":
    serve(int(sys.argv[1]), int(sys.argv[2]))
