"""The puzzle screen: play the attacker's moves, get answers, hints, the solution.

The screen orchestrates: the :class:`~tui.models.attempt.Attempt` holds the game, the
:class:`~tui.widgets.board_view.BoardView` shows it and posts the points chosen, searches run in
thread workers (``respond`` for a move off the tree, ``solve`` for the tree and hints).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static
from textual.worker import get_current_worker

from solver.errors import SolverError
from solver.rules.board import Board, Color
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import point_name
from solver.search.api import Limits, Verdict, solve
from solver.search.proof import ProofNode
from solver.search.respond import Response, respond
from solver.search.second_look import confirm_refutation
from tui.models.attempt import Attempt, format_moves, region_around
from tui.models.catalog import Entry, puzzle_label
from tui.models.progress_store import Result
from tui.models.review import Review
from tui.models.training import Outcome, due_entries, due_text, next_near, record_attempt
from tui.screens.base import TrainerScreen, board_layout
from tui.widgets.board_view import BoardView, Picture

if TYPE_CHECKING:
    pass

__all__ = ["PuzzleScreen"]

SOLVE_SECONDS = 60.0
# at most this long for the second look at a "your move does not win"
SECOND_LOOK_SECONDS = 10.0


def _searched(resp: Response, goal: str) -> bool:
    """Whether a "does not win" rests on a search (not on the rules alone: a five of
    the defender's, or under VCF a move that is not a four)."""
    return resp.reason != "makes five" and not (goal == "vcf" and resp.reason == "no threat")


class PuzzleScreen(TrainerScreen):
    """One puzzle: the board, what is asked, the moves, and a status line."""

    # The footer shows the keys a player needs at 80 columns; ``?`` lists the rest.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="puzzle.undo"),
        Binding("t", "hint", "Hint", id="puzzle.hint"),
        Binding("s", "solution", "Solution", id="puzzle.solution"),
        Binding("right_square_bracket,period", "step(1)", "Next", id="puzzle.next"),
        Binding("left_square_bracket,comma", "step(-1)", "Prev", id="puzzle.prev"),
        Binding("r", "restart", "Restart", id="puzzle.restart", show=False),
        Binding("F", "toggle_forbidden", "Forbidden", id="puzzle.forbidden", show=False),
        Binding("M", "toggle_numbers", "Numbers", id="puzzle.numbers", show=False),
        Binding("N", "other_puzzle(1)", "Next puzzle", id="puzzle.next_puzzle"),
        Binding("P", "other_puzzle(-1)", "Prev puzzle", id="puzzle.prev_puzzle", show=False),
        Binding("A", "analyse", "Analyse", id="puzzle.analyse", show=False),
        Binding("p", "play_out", "Play out", id="puzzle.play_out"),
        Binding("escape", "back", "Back", id="puzzle.back"),
    ]

    def __init__(self, entry: Entry, entries: list[Entry], *, mode: str = "puzzle") -> None:
        super().__init__()
        self.entry = entry
        self.entries = entries
        # ``puzzle`` (from the library), ``train`` (near the player's rating: N offers the
        # next such puzzle of ``entries``), ``review`` (N: the next one due), ``streak``
        self.mode = mode
        self.settled: Result | None = None  # how this attempt ended, once it has
        self.outcome: Outcome | None = None
        self._opened = time.monotonic()
        self.attempt = Attempt(entry.puzzle)
        self.review: Review | None = None
        self._want_review = False
        self._want_hint = False
        self.tree_state = "solving"
        self.solver_error = ""  # a solver error (a rejected proof): shown for the solution

    # -- layout -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from board_layout("title", "task", "moves", "outcome", "info")

    def on_mount(self) -> None:
        store = self.trainer.store
        pz = self.entry.puzzle
        saved = store.moves(self.entry.key) if store.status(self.entry.key) != "solved" else []
        if saved:
            self.attempt.replay(saved)
            self.attempt.message = (
                f"resumed after {len(self.attempt.board.moves)} moves (r restarts)"
            )
        else:
            self.attempt.message = "your move: arrows/hjkl and Enter, a click, or type e.g. h8"
        self.query_one("#title", Static).update(
            f"[b]{escape(self.entry.collection)} · {escape(self.entry.label)}[/b]"
            + (f"  {escape(pz.title)}" if pz.title else "")
        )
        self.sub_title = f"{self.entry.collection} {self.entry.label}"
        self.query_one(BoardView).focus()
        self.refresh_view()
        self.solve_tree()

    # -- drawing ------------------------------------------------------------------------
    def _board(self) -> Board:
        return self.review.board() if self.review is not None else self.attempt.board

    def refresh_view(self) -> None:
        """Push the state down to the widgets."""
        att = self.attempt
        store = self.trainer.store
        board = self._board()
        show_forbidden = store.setting("show_forbidden", True)
        region: frozenset[int] = frozenset()
        targets: set[int] = set()
        labels: dict[int, str] = {}
        if self.review is None:
            if att.hint_level and att.node is not None:
                if att.hint_level == 1:
                    region = region_around(att.node.move)
                else:
                    targets.add(att.node.move)
            if att.refutation is not None:
                targets.add(att.refutation)
            labels = {p: "5" for p in att.five_points()}  # where the five comes
        else:
            # only the defences that need another answer: after a quiet move every empty
            # point defends, and a board full of marks hides the position
            review = self.review
            labels = {d: "•" for d in review.different_defences() if board[d] is Color.EMPTY}
            labels.update({p: "5" for p in review.five_points()})
            targets.update(review.five_stones())
        moves = board.moves
        self.query_one(BoardView).picture = Picture(
            cells=board.core.cell_bytes(),
            last=moves[-1] if moves else None,
            numbers={m: i + 1 for i, m in enumerate(moves) if m is not None},
            forbidden=(
                {p: k.digit for p, k in forbidden_points(board).items()} if show_forbidden else {}
            ),
            labels=labels,
            region=region,
            targets=frozenset(targets),
            show_numbers=store.setting("show_numbers", False),
        )
        pz = self.entry.puzzle
        to_move = board.to_move.label().capitalize()
        left = att.remaining
        task = f"Goal: {puzzle_label(pz)}\n[b]{to_move}[/b] to move"
        if self.review is None and left is not None and att.state != "solved":
            task += f" · {left} attacker move{'s' if left != 1 else ''} left"
        if pz.comment:
            task += "\n[i]" + escape(_comment_lines(pz.comment)) + "[/i]"
        self.query_one("#task", Static).update(task)
        if self.review is not None:
            text = (
                "[b]Solution[/b] "
                + self.review.position_text()
                + "\n"
                + self.review.line_text("[reverse]{}[/reverse]")
            )
            text += self._review_note(self.review)
        else:
            text = "[b]Moves[/b]\n" + (format_moves(moves) or "—")
        self.query_one("#moves", Static).update(text)
        status = self.query_one("#status", Static)
        state = "review" if self.review is not None else att.state
        status.update(self._status_text(state))
        helped = state == "solved" and (
            att.hints > 0 or not self.trainer.store.solved_clean(self.entry.key)
        )
        status.set_classes(f"status-{state}" + (" status-helped" if helped else ""))
        self.refresh_bindings()

    @staticmethod
    def _review_note(review: Review) -> str:
        """What the solution view adds under the line: other defences, or the five."""
        others = review.other_defences()
        if others:
            marked = review.different_defences()
            usual, n = review.usual_answer()
            text = f"\n{len(others)} other defence{'s' if len(others) != 1 else ''}"
            if len(marked) < len(others) and usual is not None:
                text += f": {n} lose{'s' if n == 1 else ''} to {point_name(usual)}"
                if marked:
                    k = len(marked)
                    text += f"; {k} need{'s' if k == 1 else ''} another answer"
            if marked:
                text += " (•): Enter on one"
            return text
        stones = review.five_stones()
        if stones:
            return "\nFive: " + " ".join(point_name(p) for p in stones)
        points = review.five_points()
        if points:
            names = " or ".join(point_name(p) for p in points)
            return f"\nThe five comes at {names} (5)"
        return ""

    def _status_text(self, state: str) -> str:
        if state == "solved":
            if self.trainer.store.solved_clean(self.entry.key) and not self.attempt.hints:
                return f"[b]Solved[/b] — {self.attempt.message}  (N: next puzzle)"
            return f"[b]Solved with help[/b] (✓*) — {self.attempt.message}  (N: next puzzle)"
        if state == "review":
            return "Solution: ] next, [ back, Enter on • another defence, Escape leaves"
        return self.attempt.message

    def _info(self, text: str) -> None:
        self.query_one("#info", Static).update(text)

    def _save(self) -> None:
        att = self.attempt
        if att.state == "playing":
            self.trainer.store.record_moves(
                self.entry.key, [m for m in att.board.moves if m is not None]
            )

    # -- board messages -----------------------------------------------------------------
    def on_board_view_cursor_moved(self, message: BoardView.CursorMoved) -> None:
        typed = f"  typed: {message.typed}" if message.typed else ""
        self._info(f"cursor {point_name(message.point)}{typed}")

    def on_board_view_point_selected(self, message: BoardView.PointSelected) -> None:
        self._info(f"cursor {point_name(message.point)}")
        if self.review is not None:
            if self.review.choose(message.point):
                self.refresh_view()
            else:
                self.notify("not a defence the tree answers here", severity="warning", timeout=2)
            return
        outcome = self.attempt.play(message.point)
        if outcome == "refused":
            self.notify(self.attempt.message, title="Move refused", severity="warning", timeout=3)
        elif outcome == "search":
            board, limits = self.attempt.respond_board()
            self.run_respond(board, limits, len(self.attempt.board.moves), self.attempt.run)
        self._after_move(outcome)

    def _after_move(self, outcome: str) -> None:
        if outcome == "solved":
            self.trainer.store.mark_solved(self.entry.key, hints=self.attempt.hints)
            self.settle("hints" if self.attempt.hints else "clean")
        else:
            self._save()
            if outcome == "refuted":
                self.settle("failed")
        self.refresh_view()

    def settle(self, result: Result) -> None:
        """Keep how this attempt ended (its first end only: a solve after a refutation
        and a take-back is not another attempt) with the ratings and review it moves."""
        if self.settled is not None:
            return
        self.settled = result
        seconds = time.monotonic() - self._opened
        self.outcome = record_attempt(self.trainer.store, self.entry, result, seconds, self.mode)
        self.query_one("#outcome", Static).update(self._outcome_text(self.outcome))

    @staticmethod
    def _outcome_text(out: Outcome) -> str:
        """``"Rating 1500 → 1538 (+38) · back for review tomorrow"``."""
        text = ""
        if out.rated:
            before, after = round(out.before.rating), round(out.after.rating)
            text = f"Rating {before} → {after} ({after - before:+d})"
        if out.due is not None:
            text += (" · " if text else "") + f"back for review {due_text(out.due)}"
        return text

    # -- workers ------------------------------------------------------------------------
    @work(thread=True, exclusive=True, group="respond")
    def run_respond(self, board: Board, limits: Limits, token: int, run: bool = False) -> None:
        """Answer the player's move off the tree (thread worker; ``run``: as
        ``respond``'s, the attempt's :attr:`~tui.models.attempt.Attempt.run`)."""
        worker = get_current_worker()
        goal = self.entry.puzzle.goal

        def stop() -> bool:
            return bool(worker.is_cancelled)

        try:
            resp = respond(board, goal, limits, should_stop=stop, run=run)
            if resp.result is Verdict.DISPROVEN and _searched(resp, goal):
                # "it does not win" costs the player the puzzle: a second look first
                # (without the search's shortcuts; if it cannot finish, the answer stands)
                move = point_name(board.moves[-1]) if board.moves[-1] is not None else "pass"
                again = Limits(
                    max_moves=limits.max_moves, time=SECOND_LOOK_SECONDS, count=limits.count
                )
                confirm_refutation(
                    board,
                    goal,
                    again,
                    resp,
                    what=f"that {move} does not win",
                    run=run,
                    should_stop=stop,
                )
        except SolverError as exc:
            # (a proof the checker rejected: the move is left undecided, the error shown)
            if not worker.is_cancelled:
                self.app.call_from_thread(
                    self.notify, f"solver error: {exc}", severity="error", timeout=8
                )
                failed = Response(Verdict.UNKNOWN, reason="solver error")
                self.app.call_from_thread(self._on_response, failed, token)
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_response, resp, token)

    def _on_response(self, resp: object, token: int) -> None:
        att = self.attempt
        if att.state != "thinking" or len(att.board.moves) != token:
            return
        assert isinstance(resp, Response)
        self._after_move(att.apply_response(resp))

    @work(thread=True, exclusive=True, group="tree")
    def solve_tree(self) -> None:
        """Solve the puzzle's position for its proof tree (thread worker)."""
        worker = get_current_worker()
        pz = self.entry.puzzle
        try:
            result = solve(
                pz.board(),
                pz.goal,
                Limits(max_moves=pz.max_moves, time=SOLVE_SECONDS, count=pz.count),
                shortest=True,
                should_stop=lambda: worker.is_cancelled,
            )
        except SolverError as exc:
            # (a proof the checker rejected: shown as an error, never as the solution)
            if not worker.is_cancelled:
                self.app.call_from_thread(self._on_tree, None, "error", str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_tree, result.tree, result.result.value)

    def _on_tree(self, tree: ProofNode | None, verdict: str, error: str = "") -> None:
        self.tree_state = verdict
        self.solver_error = error
        if error:
            self.notify(f"solver error: {error}", severity="error", timeout=8)
        if tree is not None:
            self.attempt.attach_tree(tree)
        elif verdict == Verdict.DISPROVEN.value:
            self.notify("the solver finds no forced win in this puzzle", severity="warning")
        if self._want_review:
            self._want_review = False
            self.action_solution()
        if self._want_hint:
            self._want_hint = False
            self.action_hint()
        self.refresh_view()

    @work(thread=True, exclusive=True, group="hint")
    def solve_here(self, board: Board, limits: Limits, token: int, run: bool = False) -> None:
        """Solve the current position for a hint when the tree does not cover it
        (``run``: as ``solve``'s, the attempt's)."""
        worker = get_current_worker()
        try:
            result = solve(
                board,
                self.entry.puzzle.goal,
                limits,
                shortest=True,
                should_stop=lambda: worker.is_cancelled,
                run=run,
            )
        except SolverError as exc:
            if not worker.is_cancelled:
                self.app.call_from_thread(
                    self.notify, f"solver error: {exc}", severity="error", timeout=8
                )
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_hint_tree, result.tree, token)

    def _on_hint_tree(self, tree: ProofNode | None, token: int) -> None:
        att = self.attempt
        if len(att.board.moves) != token or att.state != "playing":
            return
        if tree is None:
            self.notify("no forced win from here: take back (u)", severity="warning")
            return
        att.set_node(tree)
        self.action_hint()

    # -- actions ------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        reviewing = self.review is not None
        if action == "step":
            return reviewing
        if action in ("undo", "restart", "hint"):
            if reviewing:
                return False
            if action == "hint" and self.attempt.state != "playing":
                return None
        return True

    def action_undo(self) -> None:
        """Take back the last attacker move and its answer."""
        self.workers.cancel_group(self, "respond")
        if not self.attempt.undo():
            self.notify("nothing to take back", timeout=2)
        self._save()
        self.refresh_view()

    def action_restart(self) -> None:
        """Back to the puzzle's position."""
        self.workers.cancel_group(self, "respond")
        self.attempt.restart()
        self._save()
        self.refresh_view()

    def action_hint(self) -> None:
        """First the region of the next winning move, then the move."""
        att = self.attempt
        if att.state != "playing":
            self.notify("a hint needs the attacker to move", timeout=2)
            return
        if att.node is None:
            if att.board.moves or self.tree_state != "solving":
                board = att.board.copy()
                limits = Limits(
                    max_moves=att.remaining, time=SOLVE_SECONDS, count=self.entry.puzzle.count
                )
                self.solve_here(board, limits, len(att.board.moves), att.run)
            else:
                self._want_hint = True
            att.message = "looking for a hint…"
            self.refresh_view()
            return
        got = att.hint()
        assert got is not None
        level, move = got
        self.trainer.store.note_hint(self.entry.key)
        att.message = (
            "Hint: the next winning move is in the marked square (░; t again shows it)"
            if level == 1
            else f"Hint: {point_name(move)}"
        )
        self.refresh_view()

    def action_solution(self) -> None:
        """Step through the winning line; in it, choose other defences (explore the tree)."""
        if self.review is not None:
            self.review = None
            self.refresh_view()
            return
        root = self.attempt.root
        if root is None:
            pz = self.entry.puzzle
            if self.tree_state == "solving":
                self._want_review = True
                self.attempt.message = (
                    "the solver is still working; the solution opens when it is done"
                )
                self.refresh_view()
                return
            if self.solver_error:
                # no line from a proof that failed its check, nor the stated one unchecked
                self.attempt.message = f"solver error: {self.solver_error}"
                self.notify("no solution: the solver's proof failed its check", severity="error")
                self.refresh_view()
                return
            if not pz.solution:
                self.notify("no solution known for this puzzle", severity="warning")
                return
            root = ProofNode.from_line(pz.solution)
        self.trainer.store.note_hint(self.entry.key)
        self.attempt.hints += 1  # a solve after seeing the solution is not clean
        if self.attempt.state != "solved":
            self.settle("solution")
        self.review = Review(self.attempt.start, root)
        self.refresh_view()

    def action_step(self, delta: int) -> None:
        """Forward or back one move of the solution."""
        if self.review is None:
            return
        if delta > 0:
            self.review.forward()
        else:
            self.review.back()
        self.refresh_view()

    def action_toggle_forbidden(self) -> None:
        """Show or hide Black's forbidden points."""
        store = self.trainer.store
        store.set_setting("show_forbidden", not store.setting("show_forbidden", True))
        self.refresh_view()

    def action_toggle_numbers(self) -> None:
        """Show or hide move numbers on the stones played."""
        store = self.trainer.store
        store.set_setting("show_numbers", not store.setting("show_numbers", False))
        self.refresh_view()

    def action_other_puzzle(self, delta: int) -> None:
        """Open the next (or previous) puzzle of the collection; in training, the next
        one near the player's rating; in review, the next one due."""
        if self.mode == "train" and delta > 0:
            near = next_near(self.trainer.store, self.entries, skip=self.entry.key)
            if near is None:
                self.notify("no other puzzle to train on here", timeout=2)
            else:
                self.trainer.open_puzzle(near, mode="train", pool=self.entries)
            return
        if self.mode == "review" and delta > 0:
            due = [e for e in due_entries(self.trainer.store, self.trainer.collections)]
            due = [e for e in due if e.key != self.entry.key]
            if not due:
                self.notify("no other review due", timeout=2)
            else:
                self.trainer.open_puzzle(due[0], mode="review")
            return
        i = self.entries.index(self.entry) if self.entry in self.entries else 0
        j = i + delta
        if not 0 <= j < len(self.entries):
            self.notify("no more puzzles in this collection", timeout=2)
            return
        self.trainer.open_puzzle(self.entries[j])

    def action_analyse(self) -> None:
        """Open the current position in analysis."""
        moves = [m for m in self._board().moves if m is not None]
        self.trainer.open_analysis(self.entry.puzzle, moves)

    def action_play_out(self) -> None:
        """Play the position out against the engine, from the side to move."""
        from tui.screens.game import play_it_out

        play_it_out(self, self._board())

    def action_back(self) -> None:
        """Leave the solution, else go back to the library."""
        if self.review is not None:
            self.review = None
            self.refresh_view()
            return
        self.app.pop_screen()


def _comment_lines(comment: str, lines: int = 3, width: int = 200) -> str:
    """The file's comment on a puzzle, as the side panel shows it: its first ``lines``
    lines, the whole cut at ``width`` characters (an ellipsis says so).

    >>> _comment_lines("Sure win for black\\nline 2\\nline 3\\nline 4")
    'Sure win for black\\nline 2\\nline 3 …'
    """
    kept = comment.strip().splitlines()
    text = "\n".join(kept[:lines])
    if len(kept) > lines or len(text) > width:
        text = text[:width].rstrip() + " …"
    return text
