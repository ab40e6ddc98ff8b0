"""Renju core and tsume solver: board, notation, RIF rules, threat search.

The package never imports the trainer (``tui``) or the puzzle tools (``puzzles``), and
importing it does not import textual.
"""

from __future__ import annotations

from solver.board import BLACK, EMPTY, WHITE, Board, Color, Rule
from solver.errors import (
    DiagramError,
    IllegalMoveError,
    PointError,
    PositionError,
    RenjuError,
)
from solver.notation import (
    Move,
    Point,
    format_moves,
    format_points,
    parse_moves,
    parse_point,
    parse_points,
    point_name,
)

__version__ = "0.1.0"

__all__ = [
    "BLACK",
    "EMPTY",
    "WHITE",
    "Board",
    "Color",
    "DiagramError",
    "IllegalMoveError",
    "Move",
    "Point",
    "PointError",
    "PositionError",
    "RenjuError",
    "Rule",
    "__version__",
    "format_moves",
    "format_points",
    "parse_moves",
    "parse_point",
    "parse_points",
    "point_name",
]
