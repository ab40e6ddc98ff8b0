"""The bundled puzzle collections (package data in ``puzzles/data/*.renju``).

The puzzles are this project's own, made by ``renju generate`` (see ``puzzles/generate.py``)
and verified with ``renju verify``; see ``puzzles/data/README.md``.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

__all__ = ["bundled_paths", "bundled_puzzles"]


# the files in the order a player meets them: wins from easy to hard, then defences, then
# point-finding (any other file after these, by name)
_ORDER = (
    "starter",
    "vcf-easy",
    "win-vcf",
    "vcf-hard",
    "win-long",
    "vct",
    "win-vct",
    "tsume",
    "win-tsume",
    "defend-vcf",
    "defend-vct",
)


def _rank(path: Path) -> tuple[int, str]:
    stem = path.stem
    if stem in _ORDER:
        return _ORDER.index(stem), stem
    return len(_ORDER) + (0 if stem.startswith("points-") else 1), stem


def bundled_paths() -> list[Path]:
    """The bundled collection files, easiest first: the win collections by difficulty,
    the defences, the point-finding sets (``points-KIND``), then any other by name.

    >>> [p.stem for p in bundled_paths()][:3]
    ['starter', 'vcf-easy', 'win-vcf']
    """
    root = resources.files("puzzles") / "data"
    paths = [Path(str(entry)) for entry in root.iterdir() if entry.name.endswith(".renju")]
    return sorted(paths, key=_rank)


def bundled_puzzles() -> list[object]:
    """Every bundled puzzle, in file order (a convenience for tools and tests)."""
    from puzzles.io import read_puzzles

    out: list[object] = []
    for path in bundled_paths():
        out.extend(read_puzzles(path).puzzles)
    return out
