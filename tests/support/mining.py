"""Shared by the tests of ``renju generate`` on game databases (one process, a cluster):
the games, the command's options, and a hook into the writer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import pytest

import puzzles.generate_run as gr
from solver.rules.games import sample_games

__all__ = [
    "ARGS",
    "GAMES",
    "TASK_ARGS",
    "Mining",
    "before_each_answer",
    "interrupt_at",
    "small_tasks",
]

GAMES = [list(g) for g in sample_games(24, seed=3, length=(16, 40))]
"""24 generated games of 16 to 40 moves: a few VCF puzzles of 2 to 5 moves among them."""

ARGS = ["--goal", "vcf", "--min-moves", "2", "--max-moves", "5", "--count", "all", "--time", "20"]
"""Options every run of these tests shares (a generous --time: the same answers under load)."""

TASK_ARGS = [
    *("--goal", "vcf", "--min-moves", "2", "--max-moves", "9"),
    *("--count", "all", "--time", "20", "--id-prefix", "t-"),
]
"""The options of the ``--kind defend|points:KIND`` runs (add ``--kind``)."""


class Mining(NamedTuple):
    """A database and the output of one uninterrupted run over it (the ``mining``
    fixture of ``tests/puzzles/conftest.py``)."""

    db: Path
    expected: str


def before_each_answer(monkeypatch: pytest.MonkeyPatch, hook: Callable[[int], None]) -> None:
    """Call ``hook(n)`` before the writer takes its ``n``-th batch (1, 2, ...): it may
    raise ``KeyboardInterrupt`` (Ctrl-C in the client) or kill a worker."""
    real = gr.Writer.take
    calls = [0]

    def take(self: gr.Writer, done: Any, err: Any) -> None:
        calls[0] += 1
        hook(calls[0])
        real(self, done, err)

    monkeypatch.setattr(gr.Writer, "take", take)


def interrupt_at(n: int) -> Callable[[int], None]:
    """A hook for :func:`before_each_answer`: Ctrl-C at the ``n``-th answer."""

    def hook(k: int) -> None:
        if k == n:
            raise KeyboardInterrupt

    return hook


def small_tasks(monkeypatch: pytest.MonkeyPatch, seconds: float) -> None:
    """Tasks of about ``seconds`` (many tasks from a small input)."""
    real = gr.run

    def run(opts: gr.Run, *args: Any, **kw: Any) -> gr.Writer:
        opts.target = seconds
        return real(opts, *args, **kw)

    monkeypatch.setattr(gr, "run", run)
