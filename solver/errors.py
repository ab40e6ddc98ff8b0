"""Exceptions raised by the core on bad input.

Every error about user input is a subclass of :class:`ValueError`, and its message quotes
the offending input, so the command line can print it as a single line.
"""

from __future__ import annotations

__all__ = [
    "EXIT_SOLVER_ERROR",
    "CommandError",
    "DiagramError",
    "IllegalMoveError",
    "PointError",
    "PositionError",
    "ProofRejected",
    "RenjuError",
    "SecondLookDisagrees",
    "SelectorError",
    "SolverError",
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


class SolverError(RenjuError):
    """The solver's own answer failed a check: a fault of the solver, not of the input.
    The command line reports it on one line and exits with code 3."""


class ProofRejected(SolverError):
    """The independent checker (:mod:`solver.checker`) rejected the solver's proof: the
    message names the position and the node that does not hold. Never a verdict."""


class DisproofRejected(SolverError):
    """The disproof audit (:mod:`solver.search.disproof`) found an attacker move the
    search never tried in its "no win": the message names the position and the path.
    Never a verdict."""


class SecondLookDisagrees(SolverError):
    """A search without the pruning shortcuts (``safe``) contradicted the first
    search's verdict on a position: one of them is wrong, so neither is reported."""


class CommandError(RenjuError):
    """A command-line usage problem found after parsing (conflicting options etc.)."""


class SelectorError(CommandError):
    """A ``FILE#N`` or ``--puzzle ID`` that names no puzzle of the file (the message
    names the file and the selector)."""


# the exit code of a solver error (``SolverError``): a fault of the solver, not of the input
EXIT_SOLVER_ERROR = 3
