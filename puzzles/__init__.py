"""Renju puzzles: the puzzle model, the native ``.renju`` format and readers for other formats.

The core (:mod:`solver`) never imports this package; this package imports only the core's
public modules (``solver.rules.board``, ``solver.rules.notation``, ``solver.errors``).
"""

from __future__ import annotations

from puzzles.model import GOALS, Goal, Location, Puzzle, PuzzleFormatError, ReadResult

__all__ = ["GOALS", "Goal", "Location", "Puzzle", "PuzzleFormatError", "ReadResult"]
