"""The ``renju`` command line, the layer on top of ``solver``: the program
(``main``), its commands, the registry of commands and position readers, the bench
and the profile-guided build's training. Nothing in ``solver.rules``,
``solver.engine`` or ``solver.search`` imports it.
"""

from __future__ import annotations

from solver.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
