"""What every trainer screen shares: typed access to the app."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

if TYPE_CHECKING:
    from tui.app import TrainerApp


class TrainerScreen(Screen[None]):
    """A screen of the trainer app."""

    @property
    def trainer(self) -> TrainerApp:
        """The running :class:`tui.app.TrainerApp`."""
        from tui.app import TrainerApp

        assert isinstance(self.app, TrainerApp)
        return self.app
