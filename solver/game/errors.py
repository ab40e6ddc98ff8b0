"""The game layer's errors: each a :class:`~solver.errors.RenjuError` (a ``ValueError``)
whose message quotes the input, so the command line prints it on one line (exit 2)."""

from __future__ import annotations

from solver.errors import RenjuError

__all__ = ["IllegalActionError", "OpeningError"]


class OpeningError(RenjuError):
    """No such opening (an unknown code), or a move list too short to have one."""


class IllegalActionError(RenjuError):
    """An opening rule refuses an action at this step (the message quotes the action
    and says what the step allows)."""
