"""Streak mode: a timed run of puzzles in rising rating (3 or 5 minutes, three mistakes
end it), the choice of its length, and its result with the best score kept.

A run's puzzle is a :class:`~tui.screens.puzzle.PuzzleScreen` without hints, solution or
other puzzles; a solve or a mistake moves on to the next puzzle of the
:class:`~tui.models.streak.StreakRun` after a short pause.
"""

from __future__ import annotations

from typing import ClassVar

from rich.markup import escape
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Static

from tui.models.catalog import Entry
from tui.models.progress_store import Result
from tui.models.streak import LENGTHS, MAX_MISTAKES, StreakRun
from tui.screens.base import TrainerScreen
from tui.screens.puzzle import PuzzleScreen

__all__ = ["StreakChoice", "StreakOverScreen", "StreakPuzzleScreen"]


class StreakChoice(ModalScreen[int | None]):
    """Ask for the run's length: 3 or 5 minutes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("3", "choose(3)", "3 minutes", id="streak.three"),
        Binding("5", "choose(5)", "5 minutes", id="streak.five"),
        Binding("escape", "choose(0)", "Cancel", id="streak.cancel"),
    ]

    def __init__(self, pool_text: str, bests: dict[int, int]) -> None:
        super().__init__()
        self.pool_text = pool_text
        self.bests = bests

    def compose(self) -> ComposeResult:
        best = " · ".join(f"best {m} min: {self.bests.get(m, 0)}" for m in LENGTHS)
        with Vertical(id="streak-box"):
            yield Static(
                "[b]Streak[/b]: solve as many puzzles as you can, rising in rating; "
                f"{MAX_MISTAKES} mistakes end the run.\n"
                f"Puzzles: {escape(self.pool_text)}\n{best}\n\n"
                "Press [b]3[/b] or [b]5[/b] for the minutes, Escape to cancel."
            )
        yield Footer(compact=True)

    def action_choose(self, minutes: int) -> None:
        """Start a run of ``minutes`` (0: cancel)."""
        self.dismiss(minutes or None)


class StreakPuzzleScreen(PuzzleScreen):
    """One puzzle of a streak run: the clock, the score and the mistakes above it."""

    PAUSE = 1.0  # seconds the solved or refuted position stays before the next puzzle
    TICK = 0.25
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "stop", "Stop", id="streak.stop"),
    ]
    # the puzzle screen's keys a run does without (no help, no going elsewhere)
    BARRED = frozenset({"hint", "solution", "step", "restart", "other_puzzle", "analyse", "back"})

    def __init__(self, entry: Entry, run: StreakRun[Entry], pool_name: str = "") -> None:
        super().__init__(entry, run.queue, mode="streak")
        self.run = run
        self.pool_name = pool_name
        self._moving_on = False

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#side").mount(Static(id="streak"), before=0)
        self.set_interval(self.TICK, self._tick)
        self._tick()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.BARRED:
            return False
        return super().check_action(action, parameters)

    def streak_text(self) -> str:
        """``"Streak 2:41 · 3 solved · mistakes 1/3"``."""
        run = self.run
        return (
            f"[b]Streak[/b] {run.clock_text()} · [b]{run.score}[/b] solved · "
            f"mistakes {run.mistakes}/{MAX_MISTAKES}"
        )

    def _tick(self) -> None:
        for label in self.query("#streak").results(Static):
            label.update(self.streak_text())
        if self.run.over() and not self._moving_on:
            self._moving_on = True
            self._finish()

    def settle(self, result: Result) -> None:
        """Count the puzzle for the run, then move on after a short pause."""
        first = self.settled is None
        super().settle(result)
        if not first or self._moving_on:
            return
        if result == "clean":
            self.run.solved()
        else:
            self.run.failed()
        self._moving_on = True
        self._tick()
        self.set_timer(self.PAUSE, self._next)

    def _next(self) -> None:
        nxt = self.run.current()
        if nxt is None:
            self._finish()
            return
        self.app.switch_screen(StreakPuzzleScreen(nxt, self.run, self.pool_name))

    def _finish(self) -> None:
        run = self.run
        best = self.trainer.store.best_streak(run.minutes)
        if not run.finished:
            reason = run.reason()
            run.stop()
            self.trainer.store.add_streak(run.minutes, run.score, run.mistakes, self.pool_name)
            self.app.switch_screen(StreakOverScreen(run, reason, best))

    def action_stop(self) -> None:
        """End the run now."""
        self._moving_on = True
        self._finish()


class StreakOverScreen(TrainerScreen):
    """A run's result: the score, the best before it, and each puzzle played."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "leave", "Library", id="streak_over.leave"),
    ]

    def __init__(self, run: StreakRun[Entry], reason: str, best_before: int) -> None:
        super().__init__()
        self.run = run
        self.reason = reason
        self.best_before = best_before

    def compose(self) -> ComposeResult:
        run = self.run
        record = run.score > self.best_before
        head = (
            f"[b]Streak over[/b] ({self.reason}): [b]{run.score}[/b] solved in "
            f"{run.minutes} minutes, {run.mistakes} mistake{'s' if run.mistakes != 1 else ''}.\n"
            + (
                "[b]A new best![/b]"
                if record
                else f"Your best for {run.minutes} minutes: {self.best_before}"
            )
        )
        lines = [
            f"{'✓' if ok else '✗'} {escape(e.collection)} · {escape(e.label)}"
            for e, ok in run.results
        ]
        yield Header()
        yield Static(head, id="streak-head")
        yield Static("\n".join(lines) or "no puzzle played", id="streak-list")
        yield Footer(compact=True)

    def action_leave(self) -> None:
        """Back to the library."""
        self.app.pop_screen()
