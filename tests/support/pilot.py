"""Helpers for the trainer's Pilot tests: run an async test, let workers settle."""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

__all__ = ["run_async", "settle"]


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
