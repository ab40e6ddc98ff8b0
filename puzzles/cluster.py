"""Running ``renju generate`` and ``renju verify`` on a Dask cluster (``--scheduler``).

The one-machine path never imports this module, nor Dask. :func:`connect` opens a
client to a running scheduler (``dask scheduler``; workers started with ``dask worker
ADDRESS --nworkers N --nthreads 1``, each with this package installed) and checks that
the workers run the same version of it; :class:`DaskExecutor` is the executor of
:func:`puzzles.dispatch.run_ordered` on it. Tasks are futures: a task whose worker dies is
run again on another worker by the scheduler (up to its ``allowed-failures``, then it
fails with ``KilledWorker`` and is reported like any failed task).
"""

from __future__ import annotations

import contextlib
import time
import uuid
from collections.abc import Callable, Collection
from typing import Any, TextIO

from puzzles.dispatch import ExecutorLost, run_task
from solver.errors import CommandError

__all__ = ["INSTALL", "DaskExecutor", "connect"]

INSTALL = 'pip install "renju-tsume[cluster]"'
"""How to install the cluster support (Dask's distributed scheduler)."""


def _version() -> str:
    import solver

    return str(solver.__version__)


def connect(address: str, what: str, err: TextIO) -> DaskExecutor:
    """A client to the scheduler at ``address`` for a run of ``what`` (``"generate"``);
    says on ``err`` how many worker threads it has and where its dashboard is.

    Raises:
        CommandError: Dask's distributed is not installed (the message says how to
            install it), the scheduler cannot be reached, or a worker cannot run this
            package's code or runs another version of it.
    """
    try:
        import distributed as _distributed
    except ImportError:
        raise CommandError(
            f"--scheduler needs Dask's distributed scheduler, which is not installed: {INSTALL}"
        ) from None
    distributed: Any = _distributed
    scheme = address.split("://")[0] if "://" in address else "tcp"
    if scheme not in distributed.comm.registry.backends:
        known = ", ".join(sorted(distributed.comm.registry.backends))
        raise CommandError(
            f"not a Dask scheduler address: {address!r} (tcp://HOST:PORT; schemes: {known})"
        )
    try:
        client = distributed.Client(address, timeout="10s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise CommandError(f"cannot reach the Dask scheduler at {address!r}: {exc}") from None
    try:
        versions = client.run(_version)
    except Exception as exc:
        client.close()
        raise CommandError(
            f"a Dask worker cannot run renju ({type(exc).__name__}: {exc}); install this "
            f"package on every worker: {INSTALL}"
        ) from None
    mine = _version()
    other = {w: v for w, v in versions.items() if v != mine}
    if other:
        client.close()
        worker, version = sorted(other.items())[0]
        raise CommandError(
            f"the Dask worker {worker} runs renju-tsume {version}, this command {mine}: "
            "install the same version everywhere (answers could differ)"
        )
    executor = DaskExecutor(client, what)
    workers = executor.slots()
    link = executor.dashboard
    print(
        f"renju: Dask scheduler {executor.address}, {workers} worker thread"
        f"{'s' if workers != 1 else ''}" + (f"; dashboard {link}" if link else ""),
        file=err,
        flush=True,
    )
    return executor


class DaskExecutor:
    """Batches as Dask futures (earlier batches first: a batch's priority is its place)."""

    batching = True

    def __init__(self, client: Any, what: str) -> None:
        self.client = client
        self.address: str = client.scheduler.address
        self._run = f"renju-{what}-{uuid.uuid4().hex[:8]}"
        self._slots = 0
        self._checked = 0.0
        import distributed

        finished: Any = distributed.as_completed
        self._finished: Any = finished(loop=client.loop)

    @property
    def dashboard(self) -> str | None:
        """The dashboard's address, or ``None`` when the scheduler serves none."""
        try:
            link = self.client.dashboard_link
        except (KeyError, AttributeError, OSError):
            return None
        return str(link) if link else None

    def slots(self) -> int:
        """The worker threads now connected (asked at most every 2 s)."""
        now = time.monotonic()
        if now - self._checked > 2.0:
            self._checked = now
            try:
                self._slots = sum(self.client.nthreads().values())
            except Exception as exc:
                raise ExecutorLost(f"lost the Dask scheduler at {self.address} ({exc})") from None
        return self._slots

    def submit(
        self, number: int, fn: Callable[..., Any], units: list[Any], args: tuple[Any, ...]
    ) -> Any:
        future = self.client.submit(
            run_task, fn, units, args, key=f"{self._run}-{number}", priority=-number, pure=False
        )
        self._finished.add(future)
        return future

    def wait(self, handles: Collection[Any], timeout: float) -> Collection[Any]:
        wanted = set(handles)
        return [f for f in self._finished.next_batch(block=True) if f in wanted]

    def result(self, handle: Any) -> tuple[list[Any], float]:
        # "lost": a worker died holding the answer; the scheduler computes it again, and
        # ``result`` waits for that. "cancelled": the client lost the scheduler.
        if handle.status == "cancelled":
            raise ExecutorLost(f"lost the Dask scheduler at {self.address} (a task was cancelled)")
        try:
            answer: tuple[list[Any], float] = handle.result()
        except Exception as exc:  # (a task's own error leaves it "error": raised as it is)
            if handle.status in ("cancelled", "lost"):
                raise ExecutorLost(f"lost the Dask scheduler at {self.address} ({exc})") from None
            raise
        return answer

    def cancel(self, handles: Collection[Any]) -> None:
        with contextlib.suppress(Exception):  # (the scheduler may be gone already)
            self.client.cancel(list(handles))

    def close(self, *, interrupted: bool = False) -> None:
        """Close the client (the cluster keeps running)."""
        with contextlib.suppress(Exception):  # (the scheduler may be gone already)
            self.client.close()
