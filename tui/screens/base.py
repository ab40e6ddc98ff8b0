"""What every trainer screen shares: typed access to the app, through what a screen asks
of it (``Trainer``), so the screens do not import the app (which imports them)."""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from puzzles.model import Puzzle
from tui.models.catalog import Collection, Entry
from tui.models.progress_store import ProgressStore
from tui.models.streak import StreakRun
from tui.widgets.board_view import BoardView

__all__ = ["Trainer", "TrainerScreen", "board_layout"]


@runtime_checkable
class Trainer(Protocol):
    """What the screens use of the trainer app (:class:`tui.app.TrainerApp`)."""

    collections: list[Collection]
    store: ProgressStore

    def entries_of(self, entry: Entry) -> list[Entry]:
        """The entries of the collection ``entry`` belongs to."""
        ...

    def open_puzzle(
        self, entry: Entry, *, mode: str = "puzzle", pool: list[Entry] | None = None
    ) -> None:
        """Show ``entry`` on a puzzle screen (``mode``: how it was chosen)."""
        ...

    def open_streak(self, run: StreakRun[Entry], pool_name: str = "") -> None:
        """Start a streak run on its first puzzle."""
        ...

    def open_statistics(self) -> None:
        """Show the statistics screen."""
        ...

    def open_exercise(self, entry: Entry, what: str, *, stated: bool = False) -> None:
        """Open ``entry`` as a ``defend`` or ``points:KIND`` exercise."""
        ...

    def open_analysis(self, puzzle: Puzzle | None, moves: list[int] | None = None) -> None:
        """Open analysis on a puzzle's position (plus ``moves``), or an empty board."""
        ...

    def add_my_puzzle(self, puzzle: Puzzle) -> Path:
        """Append ``puzzle`` to the player's own collection; the file written."""
        ...


class TrainerScreen(Screen[None]):
    """A screen of the trainer app."""

    @property
    def trainer(self) -> Trainer:
        """The running trainer app (:class:`tui.app.TrainerApp`)."""
        app = self.app
        assert isinstance(app, Trainer)
        return app

    def on_resize(self, event: events.Resize) -> None:
        """Give the board wider cells when the screen has the room (120 x 40, not 80 x 24)."""
        wide = BoardView.fits_wide(event.size.width, event.size.height)
        for board in self.query(BoardView):
            board.wide = wide


def board_layout(*side: str) -> ComposeResult:
    """A board screen's layout: the header, the board (``#board``) with a side panel of
    empty ``Static`` widgets with the ids ``side``, the status line (``#status``), the
    footer."""
    yield Header()
    with Horizontal(id="main"):
        yield BoardView(id="board")
        with Vertical(id="side"):
            for name in side:
                yield Static(id=name)
    yield Static(id="status")
    yield Footer(compact=True)
