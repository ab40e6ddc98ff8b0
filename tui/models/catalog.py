"""Puzzle collections as the trainer shows them: files read into named lists of puzzles.

No Textual here. A collection is one file; the bundled collections are used when no file
is given, plus the player's own ``my-puzzles.renju`` (saved from analysis) when it exists.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from solver.errors import RenjuError
from tui.models.progress_store import puzzle_key

__all__ = [
    "MY_PUZZLES",
    "Collection",
    "Entry",
    "PuzzleNotFound",
    "find_entry",
    "load_collections",
    "puzzle_label",
]

MY_PUZZLES = "my-puzzles.renju"


class PuzzleNotFound(RenjuError):
    """``FILE#N`` or ``--puzzle ID`` names no puzzle of the collections."""


@dataclass
class Entry:
    """One puzzle of a collection with its progress key and its index in the file."""

    puzzle: Puzzle
    key: str
    index: int
    collection: str

    @property
    def label(self) -> str:
        """A short name: the puzzle's id, else its number in the collection."""
        return self.puzzle.id or f"#{self.index + 1}"


@dataclass
class Collection:
    """A named list of puzzles read from one file, with the entries it had to skip."""

    name: str
    path: Path | None
    entries: list[Entry] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    # positions the file does not mark as puzzles (no stated task): not trained on
    positions: int = 0


def make_entries(name: str, puzzles: list[Puzzle]) -> list[Entry]:
    """Entries for ``puzzles``, keyed by content (see :func:`puzzle_key`)."""
    return [
        Entry(p, puzzle_key(p.black, p.white, int(p.to_move), p.goal), i, name)
        for i, p in enumerate(puzzles)
    ]


def read_collection(path: Path) -> Collection:
    """Read one puzzle file in any supported format.

    Raises:
        RenjuError: the file cannot be read at all (its message names the file).
        OSError: the file cannot be opened.
    """
    result = read_puzzles(path)
    name = path.stem
    coll = Collection(name, path, make_entries(name, list(result.puzzles)))
    coll.errors = [f"{loc}: {err}" for loc, err in result.errors]
    coll.positions = len(result.positions)
    return coll


def load_collections(paths: list[Path], extra: list[Path] | None = None) -> list[Collection]:
    """Read ``paths`` (errors propagate) and ``extra`` (unreadable ones are skipped)."""
    out = [read_collection(p) for p in paths]
    for p in extra or []:
        try:
            if p.is_file():
                out.append(read_collection(p))
        except (RenjuError, OSError):
            continue
    return out


def puzzle_label(puzzle: Puzzle) -> str:
    """What the puzzle asks, in one line: ``"Black wins by VCF in 4 moves"``."""
    side = puzzle.to_move.label().capitalize()
    how = {"vcf": "by VCF", "vct": "by VCT", "tsume": "(tsume)"}
    n = puzzle.max_moves
    within = f" in {n} move{'s' if n != 1 else ''}" if n else ""
    return f"{side} wins {how.get(puzzle.goal, puzzle.goal)}{within}"


def find_entry(
    collections: list[Collection], *, ident: str | None = None, number: int | None = None
) -> Entry:
    """The puzzle to open first: number ``number`` (1-based) of the first collection, or
    the first puzzle whose id (or ``#N`` label) is ``ident`` in any collection.

    Raises:
        PuzzleNotFound: no such puzzle (the message says what there is).
    """
    if number is not None:
        coll = collections[0]
        if not 1 <= number <= len(coll.entries):
            raise PuzzleNotFound(
                f"{coll.path or coll.name}#{number}: the file holds "
                f"{len(coll.entries)} puzzle{'s' if len(coll.entries) != 1 else ''}"
            )
        return coll.entries[number - 1]
    for coll in collections:
        for e in coll.entries:
            if ident is not None and ident in (e.puzzle.id, e.label):
                return e
    ids = [e.label for c in collections for e in c.entries]
    shown = ", ".join(ids[:6]) + (", ..." if len(ids) > 6 else "")
    raise PuzzleNotFound(f"no puzzle {ident!r} (the ids are: {shown})")
