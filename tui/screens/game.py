"""Games against the engine: the new-game picker (opening, opening rule, side, level) and
the game screen (the board, the rule's steps, the engine thinking in a worker, the move
list, undo, pass, the result, the record saved). The game itself is
:class:`tui.models.game.Game`; these screens only orchestrate."""

from __future__ import annotations

import time
from typing import ClassVar

from rich.markup import escape
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import Worker, get_current_worker

from solver.errors import RenjuError
from solver.game import OPENING_RULES, OPENINGS, RIF, Action, OpeningState, Phase
from solver.rules.board import Board, Color
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import point_name
from tui.models.game import Game, GameMoveError, engine_action
from tui.screens.base import TrainerScreen
from tui.widgets.board_view import BoardView, Picture

__all__ = ["GAMES_FOLDER", "GameScreen", "NewGameScreen"]

GAMES_FOLDER = "games"
"""Where finished games are saved, in the trainer's data folder."""

_RULES = list(OPENING_RULES.values())
_DECLARE_FIRST = 2  # the number of fifth moves offered first for a declaration
_SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class _Level:
    """The engine's level last chosen (for this run of the trainer)."""

    value = 3


def _level_setting(screen: TrainerScreen) -> int:
    return _Level.value


class NewGameScreen(TrainerScreen):
    """Pick an opening (one of the 26), the opening rule, your side and the level."""

    DEFAULT_CSS = """
    NewGameScreen #setup {
        height: auto;
        padding: 0 1;
        background: $boost;
    }
    NewGameScreen #openings {
        height: 1fr;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "start", "Start", id="newgame.start", show=False),
        Binding("r", "cycle_rule", "Rule", id="newgame.rule"),
        Binding("s", "toggle_side", "Side", id="newgame.side"),
        Binding("plus,equals_sign", "level(1)", "+level", id="newgame.more"),
        Binding("minus", "level(-1)", "-level", id="newgame.less"),
        Binding("escape", "back", "Back", id="newgame.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rule = RIF
        self.human = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="setup")
        yield OptionList(
            *(
                Option(
                    f"{o.code:<3} {o.name} ({o.japanese})  "
                    + " ".join(point_name(p) for p in o.moves)
                    + ("" if o.playable else "  · not in designated-opening play"),
                    id=o.code,
                )
                for o in OPENINGS
            ),
            id="openings",
        )
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "new game"
        self.query_one(OptionList).focus()
        self.refresh_view()

    def refresh_view(self) -> None:
        """Show the settings."""
        side = "first player (tentative Black)" if self.human == 0 else "second player"
        self.query_one("#setup", Static).update(
            f"Rule [b]{escape(self.rule.name)}[/b] (r) · you: [b]{side}[/b] (s) · "
            f"level [b]{_level_setting(self)}[/b] (+/-)\nChoose the opening, Enter starts."
        )

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self._start(event.option.id or "D1")

    def action_start(self) -> None:
        """Start a game from the highlighted opening."""
        options = self.query_one(OptionList)
        index = options.highlighted or 0
        self._start(OPENINGS[index].code)

    def _start(self, code: str) -> None:
        game = Game.new(code, self.rule, human=self.human, level=_level_setting(self))
        self.app.push_screen(GameScreen(game))

    def action_cycle_rule(self) -> None:
        """RIF → Yamaguchi → Soosõrv-8 → Taraguchi-10 → swap after three → free."""
        self.rule = _RULES[(_RULES.index(self.rule) + 1) % len(_RULES)]
        self.refresh_view()

    def action_toggle_side(self) -> None:
        """Play as the first or the second player."""
        self.human = 1 - self.human
        self.refresh_view()

    def action_level(self, delta: int) -> None:
        """The engine's level, 1 to 5 (kept for the next games)."""
        _Level.value = max(1, min(5, _Level.value + delta))
        self.refresh_view()

    def action_back(self) -> None:
        """Back to the library."""
        self.app.pop_screen()


class GameScreen(TrainerScreen):
    """A game against the engine, from an opening or a position."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo", id="game.undo"),
        Binding("p", "pass", "Pass", id="game.pass"),
        Binding("s", "swap", "Swap", id="game.swap"),
        Binding("x", "keep", "Keep", id="game.keep"),
        Binding("m", "mark", "Mark 5th", id="game.mark", show=False),
        Binding("plus,equals_sign", "plus(1)", "+", id="game.plus", show=False),
        Binding("minus", "plus(-1)", "-", id="game.minus", show=False),
        Binding("r", "resume", "Engine", id="game.resume"),
        Binding("L", "cycle_level", "Level", id="game.level"),
        Binding("F", "flip('show_forbidden', True)", "Forbidden", id="game.forbidden", show=False),
        Binding("M", "flip('show_numbers', False)", "Numbers", id="game.numbers", show=False),
        Binding("escape", "cancel_or_back", "Back", id="game.back"),
    ]

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game
        self.thinking: Worker[None] | None = None
        self.think_start = 0.0
        self.declare_count = 2
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="main"):
            yield BoardView(id="board")
            with Vertical(id="side"):
                yield Static(id="title")
                yield Static(id="task")
                yield Static(id="moves")
                yield Static(id="info")
        yield Static(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "game"
        self.query_one(BoardView).focus()
        self.set_interval(0.2, self._tick)
        self.step()

    def on_unmount(self) -> None:
        """Leaving stops the engine (its thread polls the cancellation)."""
        self.workers.cancel_group(self, "game")

    # -- the flow ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether the engine is thinking."""
        return self.thinking is not None and self.thinking.is_running

    def step(self) -> None:
        """After every change: the engine's turn starts its worker; the end saves."""
        game = self.game
        if game.over:
            self._finish()
        elif game.engine_to_act and not self.busy:
            self.think_start = time.monotonic()
            self.thinking = self.think(game.state)
        if game.state.phase is Phase.DECLARE:
            lo, hi = game.declare_range()
            self.declare_count = max(lo, min(hi, self.declare_count))
        else:
            self.declare_count = _DECLARE_FIRST
        self.refresh_view()

    @work(thread=True, exclusive=True, group="game")
    def think(self, state: OpeningState) -> None:
        """The engine's decision (thread worker, cancellable): back to the UI thread."""
        worker = get_current_worker()
        game = self.game
        try:
            action = engine_action(
                state, game.opening, game.level, should_stop=lambda: worker.is_cancelled
            )
        except RenjuError as exc:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._on_engine_error, str(exc))
            return
        if not worker.is_cancelled:
            self.app.call_from_thread(self._on_engine, action, state)

    def _on_engine(self, action: Action, state: OpeningState) -> None:
        self.thinking = None
        if self.game.apply_engine(action, state):
            self.message = f"the engine: {action}"
        self.step()

    def _on_engine_error(self, text: str) -> None:
        self.thinking = None
        self.message = f"engine error: {text}"
        self.refresh_view()

    def _finish(self) -> None:
        game = self.game
        if game.saved is not None:
            return
        try:
            path = game.save(self.trainer.store.directory / GAMES_FOLDER)
        except (OSError, RenjuError) as exc:
            self.message = f"{game.status().text()}; not saved: {exc}"
            return
        self.message = f"{game.status().text()} Saved as {path}"
        self.notify(game.status().text(), title="Game over", timeout=6)

    def _tick(self) -> None:
        if self.busy:
            self._show_status()

    # -- drawing -----------------------------------------------------------------------
    def refresh_view(self) -> None:
        """Push the state down to the widgets."""
        game = self.game
        board = game.board()
        s = game.state
        labels = dict.fromkeys(s.proposals, "◇")
        forbidden: dict[int, str] = {}
        if self.trainer.store.setting("show_forbidden", True) and board.to_move is Color.BLACK:
            forbidden = {p: k.digit for p, k in forbidden_points(board).items()}
        # the game's moves only: a position's setup has no real order
        numbers = {m: i + 1 for i, m in enumerate(game.moves) if m is not None and i >= game.setup}
        last = next((m for m in reversed(game.game_moves) if m is not None), None)
        self.query_one(BoardView).picture = Picture(
            cells=board.core.cell_bytes(),
            last=last,
            numbers=numbers,
            forbidden=forbidden,
            labels=labels,
            # the choice between the proposals; at the end the row that decided it
            targets=frozenset(s.proposals)
            if s.phase is Phase.CHOOSE
            else frozenset(game.status().points),
            show_numbers=self.trainer.store.setting("show_numbers", False),
        )
        op = game.named_opening
        title = (
            f"[b]{op.code} {escape(op.name)}[/b] ({op.japanese})"
            if op is not None
            else "[b]Play it out[/b]"
        )
        self.query_one("#title", Static).update(f"{title} · {escape(game.rule.name)}")
        you = game.human_colour.label().capitalize()
        self.query_one("#task", Static).update(
            f"You: [b]{you}[/b] · engine level [b]{game.level}[/b] (L)"
            + (
                f"\ndeclare [b]{self.declare_count}[/b] (+/-, Enter)"
                if game.human_to_act and s.phase is Phase.DECLARE
                else ""
            )
        )
        self.query_one("#moves", Static).update(game.move_list() or "no moves yet")
        self.query_one("#info", Static).update(escape(self.message))
        self._show_status()
        self.refresh_bindings()

    def _show_status(self) -> None:
        game = self.game
        bar = self.query_one("#status", Static)
        bar.set_class(self.busy, "status-thinking")
        over = game.over
        bar.set_class(over, "status-solved")
        if self.busy:
            spin = _SPINNER[int(time.monotonic() * 5) % len(_SPINNER)]
            elapsed = time.monotonic() - self.think_start
            bar.update(f"{spin} the engine is thinking… {elapsed:.1f} s (Escape stops it)")
        else:
            bar.update(escape(game.prompt()))

    # -- the player's actions ----------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        game = self.game
        s = game.state
        mine = game.human_to_act and not self.busy
        # keys that do nothing now are hidden: the footer has room for 80 columns only
        if action == "swap":
            return mine and s.swap_offered
        if action == "keep":
            return mine and s.swap_offered and game.auto_stone is not None
        if action == "pass":
            return mine and s.phase is Phase.PLAY
        if action == "undo":
            return None if self.busy else True
        if action == "mark":
            step = s.current
            return mine and step is not None and step.kind == "place-or-propose"
        if action == "resume":
            return game.engine_to_act and not self.busy
        return True

    def _do(self, fn: object, *args: object) -> None:
        if self.busy:
            self.notify("the engine is thinking: Escape stops it", timeout=2)
            return
        try:
            assert callable(fn)
            fn(*args)
        except GameMoveError as exc:
            self.message = str(exc)
            self.notify(str(exc), title="Not played", severity="warning", timeout=5)
            self.refresh_view()
            return
        self.message = ""
        self.step()

    def on_board_view_point_selected(self, message: BoardView.PointSelected) -> None:
        game = self.game
        if game.over:
            self.notify("the game is over: u takes back, Escape leaves", timeout=3)
            return
        if game.human_to_act and game.state.phase is Phase.DECLARE:
            self._do(game.declare, self.declare_count)
            return
        self._do(game.play, message.point)

    def action_mark(self) -> None:
        """Propose the point under the cursor (where the step places or proposes)."""
        self._do(self.game.propose, self.query_one(BoardView).cursor)

    def action_pass(self) -> None:
        """Pass."""
        self._do(self.game.pass_move)

    def action_swap(self) -> None:
        """Take the other colour."""
        self._do(self.game.swap)

    def action_keep(self) -> None:
        """Keep your colour: the opening's next stone goes down."""
        self._do(self.game.keep)

    def action_plus(self, delta: int) -> None:
        """The number of fifth moves to declare."""
        lo, hi = self.game.declare_range()
        self.declare_count = max(lo, min(hi, self.declare_count + delta))
        self.refresh_view()

    def action_undo(self) -> None:
        """Take back your last move and the engine's reply."""
        if self.busy:
            return
        if self.game.undo():
            self.message = "taken back"
            self.step()
        else:
            self.notify("nothing of yours to take back", timeout=2)

    def action_resume(self) -> None:
        """Let the engine think again after Escape stopped it."""
        self.message = ""
        self.step()

    def action_cycle_level(self) -> None:
        """The engine's level 1 → 5 (from its next move; kept for the next games)."""
        game = self.game
        game.level = game.level % 5 + 1
        _Level.value = game.level
        self.refresh_view()

    def action_flip(self, name: str, default: bool) -> None:
        """Flip a board setting (``show_forbidden``, ``show_numbers``), kept in the store."""
        store = self.trainer.store
        store.set_setting(name, not store.setting(name, default))
        self.refresh_view()

    def action_cancel_or_back(self) -> None:
        """Stop the engine (it plays nothing; u or a move of yours goes on), else leave."""
        if self.busy and self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
            self.message = (
                "the engine was stopped: r lets it think again, u takes back, Escape leaves"
            )
            self.refresh_view()
            return
        self.app.pop_screen()


def play_it_out(screen: TrainerScreen, board: Board) -> None:
    """Open a game from ``board``'s position, the player on the side to move."""
    if board.five_on_board() is not None:
        screen.notify("the position already has a five", severity="warning")
        return
    screen.app.push_screen(GameScreen(Game.from_board(board, level=_level_setting(screen))))
