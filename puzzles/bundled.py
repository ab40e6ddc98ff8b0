"""The bundled puzzle collections (package data in ``puzzles/data/*.renju``).

The puzzles are this project's own, made by ``renju generate`` (see ``puzzles/generate.py``)
and verified with ``renju verify``; see ``puzzles/data/README.md``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["bundled_paths", "bundled_puzzles"]


def bundled_paths() -> list[Path]:
    """The bundled collection files, sorted by name."""
    root = resources.files("puzzles") / "data"
    return sorted(Path(str(entry)) for entry in root.iterdir() if entry.name.endswith(".renju"))


def bundled_puzzles() -> list[object]:
    """Every bundled puzzle, in file order (a convenience for tools and tests)."""
    from puzzles.io import read_puzzles

    out: list[object] = []
    for path in bundled_paths():
        out.extend(read_puzzles(path).puzzles)
    return out
