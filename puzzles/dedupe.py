"""Positions told apart up to the 8 symmetries of the board, and a store of those seen.

A position's canonical key is the smallest of its 8 Zobrist hashes, one per symmetry
(rotations and mirrors), with the side to move folded in: the same position turned or
mirrored, in any game, has the same key. :class:`SymmetricKeys` keeps the 8 hashes up to
date move by move (8 xors a stone), so a game is keyed as it is replayed.

    . . . X .        . X . . .
    . . X O .  and   . O X . .   (mirrored): one key
    . . . . .        . . . . .

:class:`Seen` remembers the keys met so far in an SQLite table on disk, so the memory it
takes stays flat however many millions of positions a database holds (the table's page
cache is bounded). Two different positions share a 64-bit key with a chance of about
``n**2 / 2**65`` over ``n`` positions (one in 300,000 for ten million): such a position
would not be searched; no wrong answer can come of it.

>>> from solver.rules.notation import parse_points
>>> a, b = SymmetricKeys(), SymmetricKeys()
>>> for p in parse_points("h8 h9"): a.put(p, 1 if p == 112 else 2)
>>> for p in parse_points("h8 g8"): b.put(p, 1 if p == 112 else 2)  # h9 turned 90 degrees
>>> a.key(white_to_move=False) == b.key(white_to_move=False)
True
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from types import TracebackType

from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import NPOINTS, Point
from solver.rules.zobrist import ZOBRIST, ZOBRIST_SIDE

__all__ = ["Seen", "SymmetricKeys"]

# _TABLES[colour][p]: the 8 symmetric images' Zobrist keys of a stone, one tuple per point
_TABLES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(ZOBRIST[colour][transform_point(p, s)] for s in range(len(SYMMETRIES)))
        for p in range(NPOINTS)
    )
    if colour
    else ()
    for colour in range(3)
)


class SymmetricKeys:
    """The 8 symmetric Zobrist hashes of a position, kept up to date stone by stone."""

    __slots__ = ("_h",)

    def __init__(self) -> None:
        self._h = [0] * len(SYMMETRIES)

    def put(self, p: Point, colour: int) -> None:
        """A stone of ``colour`` (1 black, 2 white) placed on (or taken off) ``p``."""
        h = self._h
        for s, z in enumerate(_TABLES[colour][p]):
            h[s] ^= z

    def key(self, *, white_to_move: bool) -> int:
        """The canonical key: the same for the 8 images of the position."""
        return min(self._h) ^ (ZOBRIST_SIDE if white_to_move else 0)


class Seen:
    """Canonical keys met so far, on disk (a temporary SQLite file in ``folder``, removed
    on :meth:`close`); use as a context manager.

    >>> with Seen() as seen:
    ...     seen.add(5), seen.add(5), seen.add(2**64 - 1)
    (True, False, True)
    """

    def __init__(self, folder: str | None = None, cache_mb: int = 16) -> None:
        fd, self._path = tempfile.mkstemp(prefix=".renju-seen-", suffix=".sqlite", dir=folder)
        os.close(fd)
        self._db = sqlite3.connect(self._path, isolation_level=None)
        for pragma in ("journal_mode=OFF", "synchronous=OFF", f"cache_size=-{cache_mb * 1024}"):
            self._db.execute(f"PRAGMA {pragma}")
        self._db.execute("CREATE TABLE seen (k INTEGER PRIMARY KEY)")
        self._db.execute("BEGIN")

    def add(self, key: int) -> bool:
        """Record ``key`` (64 bits); whether it was new."""
        cur = self._db.execute("INSERT OR IGNORE INTO seen VALUES (?)", (key - (1 << 63),))
        return cur.rowcount == 1

    def close(self) -> None:
        """Drop the store (its file too)."""
        with contextlib.suppress(sqlite3.Error):
            self._db.close()
        with contextlib.suppress(OSError):
            os.unlink(self._path)

    def __enter__(self) -> Seen:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
