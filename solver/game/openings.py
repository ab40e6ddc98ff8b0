"""The 26 openings (珠型): their codes, names, and recognising one by its first moves.

Move 1 is Black at h8, move 2 White next to it, orthogonally (direct, D: h9) or
diagonally (indirect, I: i9), move 3 Black within the 5x5 square around h8. Up to the
8 symmetries of the board (which all keep h8 in place) there are 13 of each::

    D1 Kansei          I7 Hogetsu
    . . . . .          . . . . .
    . . X . .          . . . . .
    . . O . .          . . . O .
    . . X . .          . . X . .
    . . . . .          . . . X .

>>> opening_of("h8 h9 h10")
Opening(code='D1', name='Kansei', japanese='寒星')
>>> print(opening_of("h8 g7 i7"))  # I7 turned a quarter: the same opening
I7 Hogetsu (浦月)
>>> opening_of("h8 h9 a1") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from solver.game.errors import OpeningError
from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import CENTER, SIZE, Move, Point, parse_moves, parse_point

__all__ = ["OPENINGS", "Opening", "centre_distance", "opening_by_code", "opening_of"]


@dataclass(frozen=True)
class Opening:
    """One of the 26 openings: ``code`` (``D1``..``D13``, ``I1``..``I13``), romanised and
    Japanese names, and its standard first three moves (h8, then h9 or i9, then move 3)."""

    code: str
    name: str
    japanese: str
    moves: tuple[Point, Point, Point] = field(repr=False)

    @property
    def direct(self) -> bool:
        """Whether move 2 is orthogonal to h8 (a D opening)."""
        return self.code.startswith("D")

    @property
    def playable(self) -> bool:
        """False for D13 Yusei and I13 Suisei, which designated-opening rules exclude."""
        return self.code not in ("D13", "I13")

    def to_json(self) -> dict[str, Any]:
        """``{"code": "I7", "name": "Hogetsu", "japanese": "浦月"}``."""
        return {"code": self.code, "name": self.name, "japanese": self.japanese}

    def __str__(self) -> str:
        return f"{self.code} {self.name} ({self.japanese})"


_TABLE = (
    ("D", "h9", "Kansei 寒星 h10, Keigetsu 渓月 i10, Sosei 疎星 j10, Kagetsu 花月 i9, "
     "Zangetsu 残月 j9, Ugetsu 雨月 i8, Kinsei 金星 j8, Shogetsu 松月 h7, Kyugetsu 丘月 i7, "
     "Shingetsu 新月 j7, Zuisei 瑞星 h6, Sangetsu 山月 i6, Yusei 遊星 j6"),
    ("I", "i9", "Chosei 長星 j10, Kyogetsu 峡月 j9, Kosei 恒星 j8, Suigetsu 水月 j7, "
     "Ryusei 流星 j6, Ungetsu 雲月 i8, Hogetsu 浦月 i7, Rangetsu 嵐月 i6, Gingetsu 銀月 h7, "
     "Myojo 明星 h6, Shagetsu 斜月 g7, Meigetsu 名月 g6, Suisei 彗星 f6"),
)  # fmt: skip


def _openings() -> tuple[Opening, ...]:
    out = []
    for letter, second, entries in _TABLE:
        for n, entry in enumerate(entries.split(", "), 1):
            name, japanese, third = entry.split()
            moves = (CENTER, parse_point(second), parse_point(third))
            out.append(Opening(f"{letter}{n}", name, japanese, moves))
    return tuple(out)


OPENINGS: tuple[Opening, ...] = _openings()
"""The 26 openings, D1..D13 then I1..I13."""


@cache
def _index() -> dict[tuple[Point, Point], Opening]:
    """Every image of every opening's moves 2 and 3 under the 8 symmetries."""
    index: dict[tuple[Point, Point], Opening] = {}
    for opening in OPENINGS:
        _, second, third = opening.moves
        for sym in range(len(SYMMETRIES)):
            index[transform_point(second, sym), transform_point(third, sym)] = opening
    return index


def opening_by_code(code: str) -> Opening:
    """The opening with this code (``"i7"`` or ``"I7"``).

    Raises:
        OpeningError: quoting ``code`` if no opening has it.
    """
    wanted = code.strip().upper()
    for opening in OPENINGS:
        if opening.code == wanted:
            return opening
    raise OpeningError(f"no opening {code!r} (expected D1..D13 or I1..I13)")


def opening_of(moves: str | Sequence[Move]) -> Opening | None:
    """The opening of a game by its first three moves, under the 8 symmetries, or
    ``None`` when they are not one of the 26 (or the game has fewer than three moves).

    Raises:
        PointError: ``moves`` is text with a bad point.
    """
    seq = parse_moves(moves) if isinstance(moves, str) else list(moves)
    if len(seq) < 3 or seq[0] != CENTER or seq[1] is None or seq[2] is None:
        return None
    return _index().get((seq[1], seq[2]))


def centre_distance(p: Point) -> int:
    """How many lines ``p`` lies from h8 (Chebyshev distance): 1 on the 3x3 square
    around it, 2 on the 5x5, ... (the opening rules' central squares)."""
    return max(abs(p % SIZE - CENTER % SIZE), abs(p // SIZE - CENTER // SIZE))
