"""Analysis: set up any position, run the solver with live progress, save it as a puzzle."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static
from textual.worker import Worker, get_current_worker

from puzzles.model import GOALS, Goal, Puzzle
from solver.errors import RenjuError, SolverError
from solver.rules.board import Board, Color
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import point_name
from solver.search.api import Limits, Progress, SolveResult, Verdict, solve
from tui.models.attempt import format_moves
from tui.screens.base import TrainerScreen
from tui.widgets.board_view import BoardView, Picture

if TYPE_CHECKING:
    pass

__all__ = ["AnalysisScreen"]


class AnalysisScreen(TrainerScreen):
    """A free position, the solver on demand."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "solve", "Solve", id="analysis.solve"),
        Binding("escape", "cancel_or_back", "Back", id="analysis.cancel"),
        Binding("t", "toggle_side", "Side", id="analysis.side"),
        Binding("v", "cycle_goal", "Goal", id="analysis.goal"),
        Binding("plus,equals_sign", "limit(1)", "+moves", id="analysis.more", show=False),
        Binding("minus", "limit(-1)", "-moves", id="analysis.fewer", show=False),
        Binding("w", "save", "Save", id="analysis.save"),
        Binding("p", "play_out", "Play out", id="analysis.play_out"),
        Binding("x", "clear", "Clear", id="analysis.clear", show=False),
        Binding("F", "toggle_forbidden", "Forbidden", id="analysis.forbidden", show=False),
    ]

    def __init__(self, puzzle: Puzzle | None = None, moves: list[int] | None = None) -> None:
        super().__init__()
        if puzzle is not None:
            board = puzzle.board()
            for m in moves or []:
                board.push(m)
            self.board = Board.from_stones(
                board.stones(Color.BLACK), board.stones(Color.WHITE), board.to_move, board.rule
            )
            self.goal: Goal = puzzle.goal
            left = (
                None if puzzle.max_moves is None else puzzle.max_moves - (len(moves or []) + 1) // 2
            )
            self.max_moves: int | None = left if left is None or left > 0 else None
        else:
            self.board = Board()
            self.goal = "vcf"
            self.max_moves = None
        self.result: SolveResult | None = None
        self.search: Worker[None] | None = None
        self.status = "set up a position: Enter cycles empty → black → white; s solves"

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            yield BoardView(id="board")
            with Vertical(id="side"):
                yield Static("[b]Analysis[/b]", id="title")
                yield Static(id="task")
                yield Static(id="progress")
                yield Static(id="moves")
                yield Static(id="info")
        yield Static(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "analysis"
        self.query_one(BoardView).focus()
        self.refresh_view()

    @property
    def searching(self) -> bool:
        """Whether a search is running."""
        return self.search is not None and self.search.is_running

    def refresh_view(self) -> None:
        """Push the state down to the widgets."""
        b = self.board
        line = self.result.line if self.result is not None else []
        labels = {p: str(i + 1) for i, p in enumerate(line) if b[p] is Color.EMPTY}
        self.query_one(BoardView).picture = Picture(
            cells=b.core.cell_bytes(),
            forbidden=(
                {p: k.digit for p, k in forbidden_points(b).items()}
                if self.trainer.store.setting("show_forbidden", True)
                else {}
            ),
            labels=labels,
        )
        limit = "no limit" if self.max_moves is None else f"at most {self.max_moves} attacker moves"
        self.query_one("#task", Static).update(
            f"[b]{b.to_move.label().capitalize()}[/b] attacks (t)\ngoal [b]{self.goal}[/b] (v), {limit} (+/-)"
        )
        text = ""
        if self.result is not None:
            r = self.result
            text = f"[b]{r.result.value}[/b]"
            if r.result is Verdict.PROVEN:
                text += (
                    f" in {r.moves} attacker move{'s' if r.moves != 1 else ''}\n"
                    + format_moves(list(line))
                )
            elif r.reason:
                text += f" ({r.reason})"
            text += f"\n{r.nodes:,} nodes, {r.seconds:.2f} s"
        self.query_one("#moves", Static).update(text)
        self.query_one("#status", Static).update(self.status)
        self.refresh_bindings()

    # -- board --------------------------------------------------------------------------
    def on_board_view_point_selected(self, message: BoardView.PointSelected) -> None:
        if self.searching:
            self.notify("searching: Escape cancels", timeout=2)
            return
        p = message.point
        stone = self.board[p]
        black = self.board.stones(Color.BLACK)
        white = self.board.stones(Color.WHITE)
        if stone is Color.EMPTY:
            black.append(p)
        elif stone is Color.BLACK:
            black.remove(p)
            white.append(p)
        else:
            white.remove(p)
        self.board = Board.from_stones(black, white, self.board.to_move, self.board.rule)
        self.result = None
        self.status = f"{point_name(p)}: {self.board[p].name.lower()}"
        self.refresh_view()

    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        typed = f"  typed: {message.typed}" if message.typed else ""
        self.query_one("#info", Static).update(f"cursor {point_name(message.point)}{typed}")

    # -- search -------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if (
            action in ("solve", "toggle_side", "cycle_goal", "limit", "save", "clear", "play_out")
            and self.searching
        ):
            return None
        return True

    def action_solve(self) -> None:
        """Run the solver on the position (a thread worker; Escape cancels)."""
        if self.searching:
            return
        if self.board.five_on_board() is not None:
            self.notify("the position already has a five", severity="warning")
            return
        self.result = None
        self.status = f"searching {self.goal}… (Escape cancels)"
        self.query_one("#progress", Static).update("0 nodes, 0.0 s")
        self.search = self.run_search(self.board.copy(), self.goal, self.max_moves)
        self.refresh_view()

    @work(thread=True, exclusive=True, group="analysis")
    def run_search(self, board: Board, goal: str, max_moves: int | None) -> None:
        """The search itself (thread worker): progress and the result go back to the UI."""
        worker = get_current_worker()

        def progress(p: Progress) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._on_progress, p)

        try:
            result = solve(
                board,
                goal,
                Limits(max_moves=max_moves),
                shortest=max_moves is not None,
                progress=progress,
                should_stop=lambda: worker.is_cancelled,
            )
        except SolverError as exc:
            # (a proof the checker rejected: an error, never a line)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._on_solver_error, str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_result, result)

    def _on_solver_error(self, message: str) -> None:
        self.result = None
        self.query_one("#progress", Static).update("")
        self.status = f"solver error: {message}"
        self.refresh_view()

    def _on_progress(self, p: Progress) -> None:
        bound = f", bound {p.bound}" if p.bound is not None and self.max_moves is not None else ""
        full = f", table full {p.table_collections}x" if p.table_collections else ""
        self.query_one("#progress", Static).update(
            f"{p.nodes:,} nodes, {p.seconds:.1f} s{bound}{full}"
        )

    def _on_result(self, result: SolveResult) -> None:
        self.result = result
        self.query_one("#progress", Static).update("")
        self.status = f"{result.result.value}: " + (
            " ".join(point_name(p) for p in result.line)
            if result.line
            else result.reason or "no win"
        )
        self.refresh_view()

    def action_cancel_or_back(self) -> None:
        """Cancel the search, or leave when none runs."""
        if self.searching and self.search is not None:
            self.search.cancel()
            self.status = "search cancelled"
            self.refresh_view()
            return
        self.app.pop_screen()

    def action_play_out(self) -> None:
        """Play the position out against the engine, from the side to move."""
        from tui.screens.game import play_it_out

        play_it_out(self, self.board)

    # -- setup --------------------------------------------------------------------------
    def action_toggle_side(self) -> None:
        """Switch the side to move (the attacker)."""
        self.board.to_move = self.board.to_move.opponent
        self.result = None
        self.refresh_view()

    def action_cycle_goal(self) -> None:
        """vcf → vct → tsume."""
        self.goal = GOALS[(GOALS.index(self.goal) + 1) % len(GOALS)]
        self.result = None
        self.refresh_view()

    def action_limit(self, delta: int) -> None:
        """Change the attacker-move limit (down to none)."""
        cur = self.max_moves or 0
        new = max(0, cur + delta)
        self.max_moves = new or None
        self.result = None
        self.refresh_view()

    def action_clear(self) -> None:
        """An empty board."""
        self.board = Board(self.board.rule)
        self.result = None
        self.refresh_view()

    def action_toggle_forbidden(self) -> None:
        """Show or hide Black's forbidden points."""
        store = self.trainer.store
        store.set_setting("show_forbidden", not store.setting("show_forbidden", True))
        self.refresh_view()

    def action_save(self) -> None:
        """Save the position (and a proven line) to my-puzzles.renju."""
        b = self.board
        r = self.result
        proven = r is not None and r.result is Verdict.PROVEN
        puzzle = Puzzle(
            black=b.stones(Color.BLACK),
            white=b.stones(Color.WHITE),
            to_move=b.to_move,
            goal=self.goal,
            max_moves=(r.moves if proven and r is not None else self.max_moves),
            solution=list(r.line) if proven and r is not None else [],
            keys=[r.line[0]] if proven and r is not None and r.line else [],
            title=f"{self.goal.upper()} position" if self.goal != "tsume" else "tsume position",
            source="renju-tsume analysis",
        )
        problems = puzzle.validate()
        if problems:
            self.notify(problems[0], title="Not saved", severity="error")
            return
        try:
            path = self.trainer.add_my_puzzle(puzzle)
        except (OSError, RenjuError) as exc:
            self.notify(str(exc), title="Not saved", severity="error")
            return
        self.status = f"saved as {puzzle.id} in {path}"
        self.refresh_view()
