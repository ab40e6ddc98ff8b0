"""The library: collections on the left, their puzzles with status on the right.

Search (``/``) matches id, title, tags, goal and source; the status filter (``f``) cycles
all → new → attempted → solved, the theme filter (``T``) the themes of the collection.
Enter opens a puzzle; ``c`` continues the puzzle played last (its moves are restored);
``n`` trains on the puzzle nearest the player's rating among those shown; the review
queue (``v``, its due count on the left) brings back failed puzzles; ``S`` starts a
streak run on the puzzles shown; ``i`` shows the statistics.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.markup import escape
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.widgets import DataTable, Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from tui.models.catalog import Entry
from tui.models.progress_store import STATUSES
from tui.models.ratings import rising
from tui.models.streak import LENGTHS, StreakRun
from tui.models.themes import all_themes, puzzle_themes
from tui.models.training import due_entries, next_near, rating_lookup
from tui.screens.base import TrainerScreen

if TYPE_CHECKING:
    pass

__all__ = ["LibraryScreen", "matches"]

ALL = "__all__"
REVIEW = "__review__"
STREAK_BELOW = 300.0  # a streak starts this far below the player's rating
FILTERS = ("all", *STATUSES)
MARKS = {"new": " ", "attempted": "…", "solved": "✓"}
HELPED = "✓*"  # solved, but with a hint or after looking at the solution


def matches(entry: Entry, text: str) -> bool:
    """Whether every word of ``text`` occurs in the entry's id, title, tags, goal or source."""
    pz = entry.puzzle
    hay = " ".join(
        [entry.label, pz.title, " ".join(pz.tags), pz.goal, pz.source, entry.collection, pz.comment]
    ).lower()
    return all(word in hay for word in text.lower().split())


class LibraryScreen(TrainerScreen):
    """Collections and puzzles; the first screen."""

    # The footer shows what a player needs at 80 columns; ``?`` lists the rest.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open", id="library.open", show=False),
        Binding("n", "train", "Train", id="library.train"),
        Binding("v", "review", "Review", id="library.review"),
        Binding("S", "streak", "Streak", id="library.streak"),
        Binding("i", "statistics", "Stats", id="library.stats"),
        Binding("slash", "search", "Search", id="library.search"),
        Binding("T", "cycle_theme", "Theme", id="library.theme"),
        Binding("D", "exercise('defend')", "Defend", id="library.defend", show=False),
        Binding("p", "exercise('points:four')", "Points", id="library.points", show=False),
        Binding("c", "resume", "Continue", id="library.resume", show=False),
        Binding("f", "cycle_filter", "Filter", id="library.filter", show=False),
        Binding("a", "analyse", "Analyse", id="library.analyse", show=False),
        Binding("g", "new_game", "Game", id="library.game"),
        Binding("escape", "leave_search", "Table", id="library.table", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.collection: str = ALL
        self.filter = "all"
        self.theme = "all"
        self.shown: list[Entry] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="filters"):
            yield Input(placeholder="search: id, title, tag (/)", id="search")
            yield Static(id="filter-label")
        with Horizontal(id="library"):
            yield OptionList(id="collections")
            yield DataTable(id="puzzles", cursor_type="row", zebra_stripes=True)
        yield Static(id="summary")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        table = self.query_one("#puzzles", DataTable)
        table.add_column(" ", key="status", width=2)
        table.add_column("puzzle", key="id")
        table.add_column("rating", key="rating")
        table.add_column("title", key="title")
        table.add_column("goal", key="goal")
        table.add_column("to move", key="side")
        table.add_column("level", key="level")
        table.add_column("moves", key="moves")
        self._fill_collections()
        self._fill_table()
        self._select_last()
        table.focus()

    def on_screen_resume(self) -> None:
        self._fill_collections()
        self._fill_table()
        self._select_last()

    # -- contents -----------------------------------------------------------------------
    def _fill_collections(self) -> None:
        store = self.trainer.store
        options = self.query_one("#collections", OptionList)
        highlighted = options.highlighted
        options.clear_options()
        total = [e for c in self.trainer.collections for e in c.entries]
        solved = sum(store.status(e.key) == "solved" for e in total)
        options.add_option(Option(f"All ({solved}/{len(total)})", id=ALL))
        for coll in self.trainer.collections:
            done = sum(store.status(e.key) == "solved" for e in coll.entries)
            label = Text(f"{coll.name} ({done}/{len(coll.entries)})")
            options.add_option(Option(label, id=coll.name))
        due = len(due_entries(store, self.trainer.collections))
        options.add_option(Option(Text(f"Review ({due} due)"), id=REVIEW))
        options.highlighted = highlighted if highlighted is not None else 0

    def _fill_table(self) -> None:
        store = self.trainer.store
        table = self.query_one("#puzzles", DataTable)
        text = self.query_one("#search", Input).value
        table.clear()
        self.shown = []
        rating = rating_lookup(store)
        for e in self._pool():
            status = store.status(e.key)
            if self.filter != "all" and status != self.filter:
                continue
            if text and not matches(e, text):
                continue
            if self.theme != "all" and self.theme not in puzzle_themes(e.puzzle):
                continue
            pz = e.puzzle
            self.shown.append(e)
            helped = status == "solved" and not store.solved_clean(e.key)
            cells = (
                HELPED if helped else MARKS[status],
                e.label,
                str(round(rating(e))),
                pz.title or "",
                pz.goal,
                pz.to_move.label(),
                "" if pz.level is None else str(pz.level),
                "" if pz.max_moves is None else str(pz.max_moves),
            )
            table.add_row(*(Text(c) for c in cells), key=f"{e.collection}/{e.index}")
        self.query_one("#filter-label", Static).update(
            f"status: [b]{self.filter}[/b] (f) · theme: [b]{escape(self.theme)}[/b] (T)"
        )
        solved = sum(store.status(e.key) == "solved" for e in self.shown)
        player = store.player_rating()
        summary = (
            f"{len(self.shown)} shown, {solved} solved (✓* with help) · "
            f"your rating [b]{round(player.rating)}[/b] · n: a puzzle near it"
        )
        if store.problem:
            summary = f"[b]{escape(store.problem)}[/b]\n{summary}"
        self.query_one("#summary", Static).update(summary)

    def _pool(self) -> list[Entry]:
        """The puzzles of the collection chosen on the left (the review queue: those due)."""
        if self.collection == REVIEW:
            return due_entries(self.trainer.store, self.trainer.collections)
        return [
            e
            for coll in self.trainer.collections
            if self.collection in (ALL, coll.name)
            for e in coll.entries
        ]

    def _select_last(self) -> None:
        last = self.trainer.store.last
        for i, e in enumerate(self.shown):
            if e.key == last:
                self.query_one("#puzzles", DataTable).move_cursor(row=i)
                break

    # -- events -------------------------------------------------------------------------
    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.collection = event.option.id or ALL
        self._fill_table()

    def on_input_changed(self, event: Input.Changed) -> None:
        self._fill_table()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.query_one("#puzzles", DataTable).focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        self.action_open()

    # -- actions ------------------------------------------------------------------------
    def current(self) -> Entry | None:
        """The puzzle under the table's cursor."""
        table = self.query_one("#puzzles", DataTable)
        if not self.shown or table.cursor_row is None:
            return None
        return self.shown[min(table.cursor_row, len(self.shown) - 1)]

    def action_open(self) -> None:
        """Open the puzzle under the cursor."""
        entry = self.current()
        if entry is not None:
            self.trainer.open_puzzle(entry)

    def action_resume(self) -> None:
        """Open the puzzle played last."""
        last = self.trainer.store.last
        for coll in self.trainer.collections:
            for e in coll.entries:
                if e.key == last:
                    self.trainer.open_puzzle(e)
                    return
        self.notify("nothing to continue yet", timeout=2)

    def action_search(self) -> None:
        """Focus the search field."""
        self.query_one("#search", Input).focus()

    def action_leave_search(self) -> None:
        """Back to the table."""
        self.query_one("#puzzles", DataTable).focus()

    def action_cycle_theme(self) -> None:
        """Show all puzzles, then only those of each theme of the collection in turn."""
        themes = ["all", *all_themes(e.puzzle for e in self._pool())]
        i = themes.index(self.theme) if self.theme in themes else 0
        self.theme = themes[(i + 1) % len(themes)]
        self._fill_table()

    def action_train(self) -> None:
        """Open the puzzle nearest the player's rating among those shown (not yet tried)."""
        entry = next_near(self.trainer.store, self.shown)
        if entry is None:
            self.notify("no puzzle shown to train on", timeout=2)
            return
        self.trainer.open_puzzle(entry, mode="train", pool=list(self.shown))

    def action_review(self) -> None:
        """Open the first puzzle due for review."""
        store = self.trainer.store
        due = due_entries(store, self.trainer.collections)
        if not due:
            queued = store.review_count()
            later = f" ({queued} in the queue, due later)" if queued else ""
            self.notify(f"no review due{later}: failed puzzles come back here", timeout=3)
            return
        self.trainer.open_puzzle(due[0], mode="review", pool=due)

    def action_streak(self) -> None:
        """Ask 3 or 5 minutes, then start a streak run on the puzzles shown."""
        from tui.screens.streak import StreakChoice

        store = self.trainer.store
        pool = list(self.shown)
        if not pool:
            self.notify("no puzzle shown for a streak", timeout=2)
            return
        name = self._pool_name()

        def start(minutes: int | None) -> None:
            if not minutes:
                return
            start_at = store.player_rating().rating - STREAK_BELOW
            queue = rising(pool, start_at, rating_lookup(store))
            self.trainer.open_streak(StreakRun(minutes, queue), name)

        bests = {m: store.best_streak(m) for m in LENGTHS}
        self.app.push_screen(StreakChoice(f"{len(pool)} shown ({name})", bests), start)

    def _pool_name(self) -> str:
        """``"vcf-easy, theme vcf"``: what the puzzles shown are."""
        name = {ALL: "all collections", REVIEW: "review queue"}.get(self.collection)
        text = name or self.collection
        return text if self.theme == "all" else f"{text}, theme {self.theme}"

    def action_exercise(self, what: str) -> None:
        """The selected puzzle's position as a defence (the other side to move) or a
        point-finding exercise."""
        entry = self.current()
        if entry is not None:
            self.trainer.open_exercise(entry, what)

    def action_statistics(self) -> None:
        """Show the statistics."""
        self.trainer.open_statistics()

    def action_cycle_filter(self) -> None:
        """Show all puzzles, then only new, attempted, solved ones."""
        self.filter = FILTERS[(FILTERS.index(self.filter) + 1) % len(FILTERS)]
        self._fill_table()

    def action_analyse(self) -> None:
        """Analyse the selected puzzle's position (an empty board if none)."""
        entry = self.current()
        self.trainer.open_analysis(entry.puzzle if entry else None)

    def action_new_game(self) -> None:
        """Pick an opening and a rule, and play a game against the engine."""
        from tui.screens.game import NewGameScreen

        self.app.push_screen(NewGameScreen())
