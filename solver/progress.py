"""Progress bars for long commands (``verify``, ``generate``, ``forbidden --batch``,
``bench``): Rich's progress display on stderr, only when stderr is a terminal.

Results stay on stdout and are never mixed with the bar: :meth:`Bar.emit` (or a stream
from :meth:`Bar.wrap`) takes the bar off the screen, writes the line, and draws the bar
again below it. When stderr is not a terminal nothing is drawn and Rich is not even
imported; the bar is then a no-op and :meth:`Bar.emit` a plain write.

Both the command line (``solver.cli``) and the puzzle tools (``puzzles``, which may not
import ``solver.cli``) use this module.

>>> import io
>>> out = io.StringIO()
>>> with progress_bar(2, "verify", console=None) as bar:  # (stderr is no terminal here)
...     bar.emit("ok   a.renju #1", out)
...     bar.update(advance=1, status="0 with problems")
>>> out.getvalue()
'ok   a.renju #1\\n'
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any, cast

__all__ = ["Bar", "progress_bar"]


def _isatty(file: IO[str]) -> bool:
    try:
        return bool(file.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Bar:
    """One task's progress bar, or nothing (when off: every method but :meth:`emit` does
    nothing)."""

    def __init__(self, progress: Any = None, task: Any = None, console: Any = None) -> None:
        self._progress = progress
        self._task = task
        self._console = console

    @property
    def on(self) -> bool:
        """Whether a bar is drawn."""
        return self._progress is not None

    def update(
        self,
        *,
        advance: float = 0,
        completed: float | None = None,
        total: float | None = None,
        status: str | None = None,
    ) -> None:
        """Move the bar on (``advance``) or set it (``completed``, ``total``, ``status``:
        a short text after the counts)."""
        if self._progress is None:
            return
        fields: dict[str, Any] = {} if status is None else {"status": status}
        self._progress.update(
            self._task, advance=advance, completed=completed, total=total, **fields
        )

    def emit(self, line: str, file: IO[str]) -> None:
        """Write ``line`` and a newline to ``file``, never into the bar: when ``file``
        shows on the bar's terminal, the bar is taken down first and drawn again after."""
        progress = self._progress
        if progress is not None and (file is self._console.file or _isatty(file)):
            progress.stop()  # (transient: the bar's lines are erased)
            try:
                file.write(line + "\n")
                file.flush()
            finally:
                progress.start()
            return
        file.write(line + "\n")
        file.flush()

    def wrap(self, file: IO[str]) -> IO[str]:
        """A text stream that writes whole lines to ``file`` through :meth:`emit` (for code
        that prints: ``print(..., file=bar.wrap(sys.stdout))``)."""
        if self._progress is None:
            return file
        return cast(IO[str], _Lines(self, file))


class _Lines(io.TextIOBase):
    def __init__(self, bar: Bar, file: IO[str]) -> None:
        self._bar, self._file, self._pending = bar, file, ""

    def write(self, text: str) -> int:
        *lines, self._pending = (self._pending + text).split("\n")
        for line in lines:
            self._bar.emit(line, self._file)
        return len(text)

    def flush(self) -> None:
        if self._pending:
            line, self._pending = self._pending, ""
            self._bar.emit(line, self._file)

    def isatty(self) -> bool:
        return _isatty(self._file)


def _stderr_console() -> Any:
    """A Rich console on stderr, or ``None`` if stderr is not a terminal or Rich (which
    comes with Textual) is not installed."""
    if not _isatty(sys.stderr):
        return None
    try:
        from rich.console import Console
    except ImportError:
        return None
    return Console(stderr=True)


@contextmanager
def progress_bar(
    total: float | None, description: str, *, console: Any = None, counts: bool = True
) -> Iterator[Bar]:
    """A progress bar on stderr for the ``with`` block, shown from the start (counts,
    elapsed time, time left), erased at the end; a no-op bar when stderr is not a terminal.

    Args:
        total: the number of steps (``None``: not known yet; :meth:`Bar.update` can set it).
        description: the few words before the bar (``"verify"``).
        console: a ``rich.console.Console`` to draw on instead of stderr (tests: one with
            ``force_terminal=True`` writing into a string); nothing is drawn if it is not
            a terminal.
        counts: show ``done/total`` (False: a percentage, for a total that is not a
            count, such as the share of a file read).
    """
    if console is None:
        console = _stderr_console()
    if console is None or not console.is_terminal:
        yield Bar()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn() if counts else TextColumn("{task.percentage:>3.0f}%"),
        TextColumn("{task.fields[status]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
        refresh_per_second=4,
    )
    task = progress.add_task(description, total=total, status="")
    progress.start()
    try:
        yield Bar(progress, task, console)
    finally:
        progress.stop()
