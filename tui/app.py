"""The trainer application and its factory :func:`make_app` (used by the CLI and tests)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from puzzles.bundled import bundled_paths
from puzzles.model import Puzzle
from solver.errors import RenjuError
from tui.models.catalog import (
    MY_PUZZLES,
    Collection,
    Entry,
    find_entry,
    load_collections,
    make_entries,
)
from tui.models.progress_store import ProgressStore
from tui.models.progress_store import data_dir as default_data_dir
from tui.models.streak import StreakRun

__all__ = ["TrainerApp", "TrainerError", "make_app"]


class TrainerError(RenjuError):
    """The trainer cannot start: a file holds no puzzles, or cannot be read."""


class TrainerApp(App[None]):
    """Library, puzzle, analysis and help screens over a list of collections."""

    CSS_PATH = "app.tcss"
    TITLE = "renju-tsume trainer"
    # no command palette: its ``^p palette`` took footer room the trainer's keys need
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "quit", "Quit", id="app.quit"),
        Binding("question_mark", "help", "Help", id="app.help"),
    ]

    def __init__(
        self,
        collections: list[Collection],
        store: ProgressStore,
        *,
        open_entry: Entry | None = None,
        analysis: bool = False,
    ) -> None:
        super().__init__()
        self.collections = collections
        self.store = store
        self._open_entry = open_entry
        self._analysis = analysis

    def on_mount(self) -> None:
        from tui.screens.library import LibraryScreen

        self.push_screen(LibraryScreen())
        if self.store.problem:
            self.notify(self.store.problem, title="Progress file", severity="error", timeout=20)
        if self._open_entry is not None:
            self.open_puzzle(self._open_entry)
        elif self._analysis:
            self.open_analysis(None)

    # -- navigation ---------------------------------------------------------------------
    def entries_of(self, entry: Entry) -> list[Entry]:
        """The entries of the collection ``entry`` belongs to."""
        for coll in self.collections:
            if entry in coll.entries:
                return coll.entries
        return [entry]

    def open_puzzle(
        self, entry: Entry, *, mode: str = "puzzle", pool: list[Entry] | None = None
    ) -> None:
        """Show ``entry`` on a puzzle screen (replacing a puzzle screen already open).

        ``mode`` is how it was chosen (``puzzle``, ``train``, ``review``); ``pool`` the
        puzzles N moves through (default: the entry's collection).
        """
        from tui.screens.puzzle import PuzzleScreen

        self.store.set_last(entry.key)
        kind = getattr(entry.puzzle, "kind", "win") or "win"
        if kind != "win":  # a defence or point-finding puzzle (the puzzle states its task)
            self.open_exercise(entry, "defend" if kind == "defend" else kind, stated=True)
            return
        screen = PuzzleScreen(
            entry, pool if pool is not None else self.entries_of(entry), mode=mode
        )
        if isinstance(self.screen, PuzzleScreen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)

    def open_analysis(self, puzzle: Puzzle | None, moves: list[int] | None = None) -> None:
        """Open analysis on a puzzle's position (plus ``moves``), or an empty board."""
        from tui.screens.analysis import AnalysisScreen

        self.push_screen(AnalysisScreen(puzzle, moves or []))

    def open_streak(self, run: StreakRun[Entry], pool_name: str = "") -> None:
        """Start a streak run on its first puzzle."""
        from tui.screens.streak import StreakPuzzleScreen

        first = run.current()
        if first is not None:
            self.push_screen(StreakPuzzleScreen(first, run, pool_name))

    def open_exercise(self, entry: Entry, what: str, *, stated: bool = False) -> None:
        """Open ``entry`` as an exercise: ``defend`` (the defender to move: a win puzzle
        turned round, unless the puzzle ``stated`` the task, when every holding move is
        asked) or ``points:KIND`` (every point of the kind for the side to move)."""
        from solver.rules.board import Board
        from tui.screens.exercise import DefenceScreen, PointsScreen

        pz: Puzzle = entry.puzzle
        if not stated:  # a drill keeps its attempts apart from the puzzle's own
            entry = dataclasses.replace(entry, key=f"{entry.key}/{what}")
        if what == "defend":
            to_move = pz.to_move if stated else pz.to_move.opponent
            board = Board.from_stones(pz.black, pz.white, to_move, pz.rule)
            self.push_screen(DefenceScreen(entry, board, stated=stated))
        else:
            kind = what.removeprefix("points:")
            self.push_screen(PointsScreen(entry, pz.board(), kind, stated=stated))

    def open_statistics(self) -> None:
        """Show the statistics screen."""
        from tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen())

    def action_help(self) -> None:
        """Show the keys of the screen in front."""
        from tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(type(self.screen).__name__))

    # -- the player's own collection ------------------------------------------------------
    def add_my_puzzle(self, puzzle: Puzzle) -> Path:
        """Append ``puzzle`` to ``my-puzzles.renju`` in the data directory and the library.

        Returns the file written. Raises ``OSError`` or ``RenjuError`` if it cannot be.
        """
        from puzzles.io import read_puzzles, write_native

        path = self.store.directory / MY_PUZZLES
        existing = list(read_puzzles(path).puzzles) if path.is_file() else []
        if not puzzle.id:
            puzzle.id = f"my-{len(existing) + 1:02d}"
        existing.append(puzzle)
        self.store.directory.mkdir(parents=True, exist_ok=True)
        write_native(existing, path)
        name = path.stem
        for coll in self.collections:
            if coll.path == path or coll.name == name:
                coll.entries = make_entries(name, existing)
                break
        else:
            self.collections.append(Collection(name, path, make_entries(name, existing)))
        return path


def make_app(
    paths: list[Path] | None = None,
    *,
    data_dir: Path | None = None,
    analysis: bool = False,
    puzzle: str | None = None,
    number: int | None = None,
) -> TrainerApp:
    """Build the trainer on puzzle files (any supported format) or the bundled collections.

    A single file holding one puzzle opens straight on that puzzle. ``data_dir`` overrides
    where progress is kept (default: ``$RENJU_DATA_DIR``, XDG data home). ``number`` (1-based,
    in the first file) or ``puzzle`` (an id, in any collection) opens on that puzzle.

    Raises:
        TrainerError: a given file holds no puzzle.
        PuzzleNotFound: ``number`` or ``puzzle`` names no puzzle.
        RenjuError: a file cannot be read (the message names it).
        OSError: a file cannot be opened.
    """
    directory = data_dir if data_dir is not None else default_data_dir()
    if paths:
        collections = load_collections(paths)
        for coll in collections:
            if not coll.entries and coll.positions:
                n = coll.positions
                raise TrainerError(
                    f"{coll.path}: no puzzles found: {n} position{'s' if n != 1 else ''}"
                    " with no stated task (a game or an analysis, not a puzzle); renju"
                    f" generate OUT.renju --from {coll.path} keeps those with a proven win"
                )
            if not coll.entries:
                detail = f" ({coll.errors[0]})" if coll.errors else ""
                raise TrainerError(f"{coll.path}: no puzzles found{detail}")
    else:
        collections = load_collections(bundled_paths(), extra=[directory / MY_PUZZLES])
    open_entry = None
    if number is not None or puzzle is not None:
        open_entry = find_entry(collections, ident=puzzle, number=number)
    elif paths and len(paths) == 1 and len(collections[0].entries) == 1:
        open_entry = collections[0].entries[0]
    # last: a damaged progress file is moved aside only by a trainer that will report it
    store = ProgressStore(directory)
    return TrainerApp(collections, store, open_entry=open_entry, analysis=analysis)
