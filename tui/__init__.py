"""The terminal trainer (Textual): library, puzzle, analysis and help screens.

Importing this package does not import Textual; :mod:`tui.app` does. ``renju train``
(:mod:`tui.commands`) and ``python -m tui`` open it.
"""

from __future__ import annotations
