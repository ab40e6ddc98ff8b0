"""The search: ``solve`` (``api``), df-pn (``dfpn``: the reference ``dfpn_ref`` and its
compiled twin ``dfpn_fast``, with ``table_fast``), proofs, the checker, ``respond``.

``from solver.search import solve, Goal, Limits, Verdict`` keeps working: the API of
``solver.search.api`` is re-exported here, imported on first use.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from solver.search.api import (
        DEFAULT_MEMORY_MB,
        Goal,
        KeyMove,
        Limits,
        Progress,
        SolveResult,
        Verdict,
        solve,
        solve_both,
    )

__all__ = [
    "DEFAULT_MEMORY_MB",
    "Goal",
    "KeyMove",
    "Limits",
    "Progress",
    "SolveResult",
    "Verdict",
    "solve",
    "solve_both",
]


def __getattr__(name: str) -> Any:
    """A name of ``solver.search.api``, imported on first use (PEP 562).

    Raises:
        AttributeError: for a name the package does not export.
    """
    if name not in __all__:
        raise AttributeError(f"module 'solver.search' has no attribute {name!r}")
    value = getattr(importlib.import_module("solver.search.api"), name)
    globals()[name] = value
    return value
