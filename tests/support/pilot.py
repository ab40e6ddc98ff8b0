"""Helpers for the trainer's Pilot tests: run an async test, let workers settle, the keys
the footer shows."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

__all__ = ["run_async", "settle", "visible_keys"]


def run_async(fn: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test in a fresh event loop (no asyncio plugin needed)."""

    @functools.wraps(fn)
    def wrapper(*args: object, **kwargs: object) -> None:
        asyncio.run(fn(*args, **kwargs))  # type: ignore[arg-type]

    return wrapper


async def settle(pilot: Pilot[None]) -> None:
    """Let workers finish and their results reach the screen."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def visible_keys(app: App[None]) -> dict[str, str]:
    """The footer's keys wholly on screen: description -> key."""
    footer = app.screen.query_one(Footer)
    width = app.size.width
    shown = {}
    for key in footer.query(FooterKey):
        region = key.region
        if region.width and region.x >= 0 and region.right <= width:
            shown[key.description] = key.key
    return shown
