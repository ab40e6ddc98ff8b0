"""Defence and point-finding exercises: the board, the task, the solver's judgement.

The screens orchestrate: a :class:`~tui.models.exercise.DefenceExercise` or
:class:`~tui.models.exercise.PointsExercise` holds the task, the solver's answer comes
from a thread worker (``defend`` / ``points``), and the attempt is kept like a puzzle's
(:func:`~tui.models.training.record_attempt`: ratings, the review queue).
"""

from __future__ import annotations

import time
from typing import ClassVar

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static
from textual.worker import get_current_worker

from solver.errors import SolverError
from solver.rules.board import Board
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import Point, point_name
from solver.rules.points import PointsResult
from solver.search.api import Limits
from solver.search.defend import DefenceResult, defend
from solver.search.points import points
from tui.models.catalog import Entry
from tui.models.exercise import DefenceExercise, PointsExercise, PointsReport
from tui.models.progress_store import Result
from tui.models.training import record_attempt
from tui.screens.base import TrainerScreen, board_layout
from tui.widgets.board_view import BoardView, Picture

__all__ = ["DefenceScreen", "ExerciseScreen", "PointsScreen"]

SEARCH_SECONDS = 60.0
POINT_KINDS = (
    "four",
    "straight-four",
    "three",
    "four-three",
    "five",
    "forbidden",
    "double-threat",
    "keys",
)


class ExerciseScreen(TrainerScreen):
    """What both exercises share: the layout, the drawing, keeping the attempt."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="exercise.back"),
    ]

    def __init__(self, entry: Entry, board: Board, *, stated: bool = False) -> None:
        super().__init__()
        self.entry = entry
        self.stated = stated  # the puzzle states this task (else a drill on its position)
        self.start = board.copy()
        self.board = board.copy()
        self.settled: Result | None = None
        self.labels: dict[Point, str] = {}
        self.targets: set[Point] = set()
        self._opened = time.monotonic()

    def compose(self) -> ComposeResult:
        yield from board_layout("title", "task", "moves", "outcome", "info")

    def on_mount(self) -> None:
        self.query_one("#title", Static).update(
            f"[b]{escape(self.entry.collection)} · {escape(self.entry.label)}[/b]"
        )
        self.query_one(BoardView).focus()

    def draw(self) -> None:
        """Push the position and the marks down to the board."""
        moves = self.board.moves
        self.query_one(BoardView).picture = Picture(
            cells=self.board.core.cell_bytes(),
            last=moves[-1] if moves else None,
            numbers={m: i + 1 for i, m in enumerate(moves) if m is not None},
            forbidden={p: k.digit for p, k in forbidden_points(self.board).items()},
            labels=dict(self.labels),
            targets=frozenset(self.targets),
            show_numbers=True,
        )

    def say(self, text: str, state: str = "playing") -> None:
        """The status line (``state``: its colour class)."""
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_classes(f"status-{state}")

    def settle(self, result: Result) -> None:
        """Keep the attempt once (its first end), with what it moves."""
        if self.settled is not None:
            return
        self.settled = result
        seconds = time.monotonic() - self._opened
        out = record_attempt(
            self.trainer.store, self.entry, result, seconds, "exercise", review=self.stated
        )
        if out.rated:
            a, b = round(out.before.rating), round(out.after.rating)
            self.query_one("#outcome", Static).update(f"Rating {a} → {b} ({b - a:+d})")

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        typed = f"  typed: {message.typed}" if message.typed else ""
        self.query_one("#info", Static).update(f"cursor {point_name(message.point)}{typed}")

    def action_back(self) -> None:
        """Back to the library."""
        self.app.pop_screen()


class DefenceScreen(ExerciseScreen):
    """Play the defender: a holding move is accepted, a failing one refuted on the board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="defence.undo"),
        Binding("t", "threat", "Threat", id="defence.threat"),
        Binding("s", "solution", "Solution", id="defence.solution"),
    ]

    def __init__(self, entry: Entry, board: Board, *, stated: bool = False) -> None:
        super().__init__(entry, board, stated=stated)
        find_all = stated  # a stated defence puzzle asks for every holding move
        self.exercise = DefenceExercise(board, entry.puzzle.goal, find_all=find_all)
        self.threat_shown = False  # the attacker's line shown (a hint)

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = f"defend · {self.entry.label}"
        self.show_task()
        self.draw()
        self.say("the solver is reading the threat…", "thinking")
        self.run_defend(self.start.copy())

    def show_task(self) -> None:
        ex = self.exercise
        side = ex.defender.label().capitalize()
        ask = "every move that holds" if ex.find_all else "a move that holds"
        self.query_one("#task", Static).update(
            f"[b]Defend[/b]: {side} to move; find {ask}.\n"
            + escape(ex.threat_text(line=self.threat_shown))
        )
        found = ", ".join(point_name(p) for p in ex.found) or "—"
        self.query_one("#moves", Static).update(f"[b]Holding moves found[/b]\n{found}")

    @work(thread=True, exclusive=True, group="defend")
    def run_defend(self, board: Board) -> None:
        """Split every defender move (thread worker)."""
        worker = get_current_worker()
        pz = self.entry.puzzle
        try:
            result = defend(
                board,
                pz.goal,
                Limits(max_moves=pz.max_moves, time=SEARCH_SECONDS),
                should_stop=lambda: worker.is_cancelled,
            )
        except SolverError as exc:
            if not worker.is_cancelled:
                self.app.call_from_thread(self.say, f"solver error: {exc}", "refuted")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_result, result)

    def _on_result(self, result: DefenceResult) -> None:
        self.exercise.attach(result)
        self.show_task()
        self.draw()
        note = "" if result.complete else " (the solver's budget ran out on some moves)"
        self.say(f"your move as the defender: arrows and Enter, or type e.g. h8{note}")

    def on_board_view_point_selected(self, message: BoardView.PointSelected) -> None:
        if self.board.moves:
            self.say("take the refutation back first (u)", "refuted")
            return
        j = self.exercise.judge(message.point)
        if j.verdict == "holds":
            self.labels[message.point] = "✓"
            if self.exercise.done:
                self.settle("hints" if self.threat_shown else "clean")
                self.say(f"{j.text}. Solved!", "solved")
            else:
                self.say(j.text, "playing")
        elif j.verdict == "fails":
            self.settle("failed")
            self.board.push(message.point)
            for p in j.line:
                self.board.push(p)
            self.say(f"{j.text}. Take it back with u", "refuted")
        else:
            self.say(j.text, "undecided" if j.verdict == "unknown" else "playing")
        self.show_task()
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "undo":
            return bool(self.board.moves) or None
        return True

    def action_undo(self) -> None:
        """Take the refuted move and the attacker's line back."""
        while self.board.moves:
            self.board.pop()
        self.say("taken back: try another defence")
        self.draw()
        self.refresh_bindings()

    def action_threat(self) -> None:
        """Show the attacker's winning line if the defender passed (a hint)."""
        if self.exercise.result is None:
            self.notify("the solver is still reading the threat", timeout=2)
            return
        self.threat_shown = True
        self.targets = set(self.exercise.result.threat_line[:1])
        self.show_task()
        self.draw()

    def action_solution(self) -> None:
        """Mark every holding move (the attempt counts as seen the solution)."""
        r = self.exercise.result
        if r is None:
            self.notify("the solver is still reading the threat", timeout=2)
            return
        self.settle("solution")
        self.labels.update({p: "✓" for p in r.defences})
        names = ", ".join(point_name(p) for p in r.defences) or "none: every move loses"
        self.say(f"The moves that hold: {names}", "review")
        self.draw()


class PointsScreen(ExerciseScreen):
    """Mark every point of a kind, then check: found, missed and wrong points."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # (letters a to o type a point on the board: the keys here are others)
        Binding("s", "check", "Check", id="points.check"),
        Binding("t", "next_kind", "Kind", id="points.kind"),
        Binding("x", "clear", "Clear", id="points.clear", show=False),
    ]

    def __init__(self, entry: Entry, board: Board, kind: str, *, stated: bool = False) -> None:
        super().__init__(entry, board, stated=stated)
        self.exercise = PointsExercise(board, kind)
        self.report: PointsReport | None = None

    def on_mount(self) -> None:
        super().on_mount()
        self.new_kind(self.exercise.kind)

    def new_kind(self, kind: str) -> None:
        """Start over on ``kind``: no marks, the solver asked anew."""
        self.exercise = PointsExercise(self.start, kind)
        self.report = None
        self.labels = {}
        self.targets = set()
        self.sub_title = f"points · {kind} · {self.entry.label}"
        side = self.start.to_move.label().capitalize()
        self.query_one("#task", Static).update(
            f"[b]Find every {kind.replace('-', ' ')} point[/b] for {side} (the side to "
            "move): Enter marks or unmarks, s checks."
        )
        self.query_one("#moves", Static).update("")
        self.draw()
        self.say("mark the points, then s", "playing")
        self.run_points(self.start.copy(), kind)

    @work(thread=True, exclusive=True, group="points")
    def run_points(self, board: Board, kind: str) -> None:
        """Every point of the kind (thread worker; a search for keys and defences)."""
        worker = get_current_worker()
        pz = self.entry.puzzle
        try:
            result = points(
                board, kind, pz.goal, Limits(max_moves=pz.max_moves, time=SEARCH_SECONDS)
            )
        except (SolverError, ValueError) as exc:
            if not worker.is_cancelled:
                self.app.call_from_thread(self.say, f"{exc}", "refuted")
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_result, result, kind)

    def _on_result(self, result: PointsResult, kind: str) -> None:
        if kind == self.exercise.kind:
            self.exercise.attach(result)

    def on_board_view_point_selected(self, message: BoardView.PointSelected) -> None:
        if self.report is not None:
            self.say("checked already: t for another kind, Escape to leave", "review")
            return
        if not self.exercise.toggle(message.point):
            self.say(f"{point_name(message.point)} is occupied", "playing")
            return
        self.labels = {p: "×" for p in self.exercise.marked}
        marked = ", ".join(point_name(p) for p in sorted(self.exercise.marked)) or "—"
        self.query_one("#moves", Static).update(f"[b]Marked[/b] {marked}")
        self.draw()

    def action_check(self) -> None:
        """Compare the marks with the solver's points."""
        if self.exercise.result is None:
            self.notify("the solver is still finding the points", timeout=2)
            return
        report = self.report = self.exercise.submit()
        self.settle("clean" if report.perfect else "failed")
        self.labels = {p: "✓" for p in report.found}
        self.labels.update({p: "?" for p in report.missed})
        self.labels.update({p: "✗" for p in report.wrong})
        self.query_one("#moves", Static).update(escape("\n".join(report.lines[:12])))
        n = len(report.found) + len(report.missed)
        text = (
            f"{len(report.found)} of {n} found, {len(report.missed)} missed (?), "
            f"{len(report.wrong)} wrong (✗)"
        )
        self.say(
            ("All found! " if report.perfect else "") + text,
            "solved" if report.perfect else "refuted",
        )
        self.draw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "next_kind":
            return not self.stated  # a stated kind is the task
        return True

    def action_next_kind(self) -> None:
        """Another kind of point on the same position."""
        i = POINT_KINDS.index(self.exercise.kind) if self.exercise.kind in POINT_KINDS else -1
        self.new_kind(POINT_KINDS[(i + 1) % len(POINT_KINDS)])

    def action_clear(self) -> None:
        """Remove every mark."""
        self.new_kind(self.exercise.kind)
