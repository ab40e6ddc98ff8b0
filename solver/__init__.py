"""Renju core and tsume solver: board, notation, RIF rules, threat search.

The package is in rooms by role (see ``docs/engine.md``): ``solver.rules`` the board and
the rules, ``solver.engine`` the engine core (a reference in Python and its compiled
twin), ``solver.search`` the search (``solve``, df-pn, proofs, the checker, ``respond``)
and ``solver.cli`` the ``renju`` command line on top. The public API is re-exported here,
imported on first use, so ``import solver`` stays cheap.

The package never imports the trainer (``tui``) or the puzzle tools (``puzzles``), and
importing it does not import textual.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.errors import (
        DiagramError,
        IllegalMoveError,
        PointError,
        PositionError,
        RenjuError,
    )
    from solver.rules.board import BLACK, EMPTY, WHITE, Board, Color, Rule
    from solver.rules.forbidden import ForbiddenKind, explain, forbidden_kind, forbidden_points
    from solver.rules.notation import (
        Move,
        Point,
        format_moves,
        format_points,
        parse_moves,
        parse_point,
        parse_points,
        point_name,
    )
    from solver.rules.points import PointsResult
    from solver.search.api import Goal, Limits, SolveResult, Verdict, solve
    from solver.search.checker import ProofError, check_line, check_proof
    from solver.search.defend import DefenceResult, defend
    from solver.search.points import points
    from solver.search.proof import ProofNode
    from solver.search.respond import Response, respond

__version__ = "0.1.0"

_WHERE = {
    "solver.errors": (
        "DiagramError",
        "IllegalMoveError",
        "PointError",
        "PositionError",
        "RenjuError",
    ),
    "solver.rules.board": ("BLACK", "EMPTY", "WHITE", "Board", "Color", "Rule"),
    "solver.rules.forbidden": ("ForbiddenKind", "explain", "forbidden_kind", "forbidden_points"),
    "solver.rules.notation": (
        "Move",
        "Point",
        "format_moves",
        "format_points",
        "parse_moves",
        "parse_point",
        "parse_points",
        "point_name",
    ),
    "solver.search.api": ("Goal", "Limits", "SolveResult", "Verdict", "solve"),
    "solver.search.checker": ("ProofError", "check_line", "check_proof"),
    "solver.rules.points": ("PointsResult",),
    "solver.search.defend": ("DefenceResult", "defend"),
    "solver.search.points": ("points",),
    "solver.search.proof": ("ProofNode",),
    "solver.search.respond": ("Response", "respond"),
}
_MODULE_OF = {name: module for module, names in _WHERE.items() for name in names}

__all__ = [
    "BLACK",
    "EMPTY",
    "WHITE",
    "Board",
    "Color",
    "DefenceResult",
    "DiagramError",
    "ForbiddenKind",
    "Goal",
    "IllegalMoveError",
    "Limits",
    "Move",
    "Point",
    "PointError",
    "PointsResult",
    "PositionError",
    "ProofError",
    "ProofNode",
    "RenjuError",
    "Response",
    "Rule",
    "SolveResult",
    "Verdict",
    "__version__",
    "check_line",
    "check_proof",
    "defend",
    "explain",
    "forbidden_kind",
    "forbidden_points",
    "format_moves",
    "format_points",
    "parse_moves",
    "parse_point",
    "parse_points",
    "point_name",
    "points",
    "respond",
    "solve",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use (PEP 562).

    Raises:
        AttributeError: for a name the package does not export.
    """
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'solver' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_MODULE_OF})
