"""The trainer's screens: library, puzzle, analysis, help."""

from __future__ import annotations
