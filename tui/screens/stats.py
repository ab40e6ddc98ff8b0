"""The statistics screen: the rating over time, accuracy and time by theme, solved with
and without help, and the best streaks.

The chart is Textual's own :class:`~textual.widgets.Sparkline` (one bar per rated
attempt, squeezed to the width), with the lowest, highest and current rating written
beside it.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Footer, Header, Sparkline, Static

from tui.models.stats import Statistics, statistics
from tui.models.streak import LENGTHS
from tui.screens.base import TrainerScreen

__all__ = ["StatsScreen"]


class StatsScreen(TrainerScreen):
    """Figures from every attempt kept."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back", id="stats.back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.stats: Statistics | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(id="stats-rating")
        yield Sparkline([], id="stats-chart")
        yield Static(id="stats-results")
        yield DataTable(id="stats-themes", cursor_type="row", zebra_stripes=True)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.sub_title = "statistics"
        store = self.trainer.store
        self.stats = stats = statistics(store.attempts())
        player = store.player_rating()
        history = [r for _, r in stats.history]
        chart = [1500.0, *history]  # the rating every player starts from, then each change
        rating = f"[b]Rating {round(player.rating)}[/b] (RD {round(player.rd)})"
        if history:
            first, last = stats.history[0][0][:10], stats.history[-1][0][:10]
            rating += (
                f" · {len(history)} rated attempt{'s' if len(history) != 1 else ''} "
                f"from {first} to {last} · the chart: ▁ {round(min(chart))}, "
                f"█ {round(max(chart))}"
            )
        else:
            rating += " · no rated attempt yet: the chart starts with your first puzzle"
        self.query_one("#stats-rating", Static).update(rating)
        self.query_one("#stats-chart", Sparkline).data = chart
        res = stats.results
        bests = " · ".join(f"{m} min: {store.best_streak(m)}" for m in LENGTHS)
        self.query_one("#stats-results", Static).update(
            f"{stats.attempts} attempts: [b]{res['clean']}[/b] solved without help, "
            f"{res['hints']} with a hint, {res['solution']} after the solution, "
            f"{res['failed']} failed · "
            f"{store.review_count()} in the review queue · best streaks {bests}"
        )
        table = self.query_one("#stats-themes", DataTable)
        table.add_columns("theme", "attempts", "accuracy", "clean", "median time")
        for t in stats.themes:
            median = t.median_seconds
            table.add_row(
                Text(t.theme),
                Text(str(t.attempts), justify="right"),
                Text(f"{100 * t.accuracy:.0f}%", justify="right"),
                Text(f"{100 * t.clean / t.attempts:.0f}%", justify="right"),
                Text("—" if median is None else f"{median:.0f} s", justify="right"),
            )
        table.focus()

    def action_back(self) -> None:
        """Back to the library."""
        self.app.pop_screen()
