"""Exceptions raised by the core on bad input.

Every error about user input is a subclass of :class:`ValueError`, and its message quotes
the offending input, so the command line can print it as a single line.
"""

from __future__ import annotations

__all__ = [
    "CommandError",
    "DiagramError",
    "IllegalMoveError",
    "PointError",
    "PositionError",
    "RenjuError",
]


class RenjuError(ValueError):
    """Base class of every bad-input error raised by this package."""


class PointError(RenjuError):
    """A point in notation could not be parsed or lies off the board (``"p3"``, ``"h16"``)."""


class PositionError(RenjuError):
    """A position is inconsistent: overlapping or duplicate stones, a five on the board."""


class IllegalMoveError(RenjuError):
    """A move cannot be played: the point is occupied, or it is forbidden for Black."""


class DiagramError(RenjuError):
    """A text diagram of a board could not be read."""


class CommandError(RenjuError):
    """A command-line usage problem found after parsing (conflicting options etc.)."""
