"""Helpers of the shared fixtures (``tests/conftest.py``)."""

from __future__ import annotations

from solver.engine.backend import core_class

__all__ = ["compiled_available"]


def compiled_available() -> bool:
    """Whether the compiled core is built."""
    try:
        core_class(True)
    except RuntimeError:
        return False
    return True
