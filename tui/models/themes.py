"""A puzzle's themes as the trainer filters and counts them. No Textual here.

The engine tags each puzzle (:attr:`puzzles.model.Puzzle.themes`: ``vcf``, ``vct``,
``hidden-threat``, ``four-three``, ...). A puzzle from a file that was never tagged falls
back on its goal class (``vcf``, ``vct``, ``tsume``), so filtering and the statistics by
theme still mean something. The model's field is read with ``getattr``: collections
written before the field existed keep working.

>>> from puzzles.model import Puzzle
>>> puzzle_themes(Puzzle(goal="vcf"))
('vcf',)
"""

from __future__ import annotations

from collections.abc import Iterable

from puzzles.model import Puzzle

__all__ = ["all_themes", "puzzle_themes"]


def puzzle_themes(puzzle: Puzzle) -> tuple[str, ...]:
    """The puzzle's themes (the engine's tags), else its goal class as the only one."""
    themes = getattr(puzzle, "themes", None) or ()
    tagged = tuple(str(t) for t in themes if str(t))
    return tagged or (puzzle.goal,)


def all_themes(puzzles: Iterable[Puzzle]) -> list[str]:
    """Every theme of ``puzzles``, sorted.

    >>> all_themes([Puzzle(goal="vct"), Puzzle(goal="vcf"), Puzzle(goal="vcf")])
    ['vcf', 'vct']
    """
    return sorted({t for p in puzzles for t in puzzle_themes(p)})
