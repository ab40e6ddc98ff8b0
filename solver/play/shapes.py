"""The weighted evaluation of shapes: what a stone at an empty point is worth to a side.

A point's value for a side sums two things:

- its **threats**, read from the engine's pattern entries in the four directions: a five,
  a straight four or two fours (unstoppable), a four and a three, two threes, a four, a
  three::

      _BBB[.]_   a straight four at the point      B_B[.]B   a four (one completion)
      __BB[.]__  a three                           _B_[.]B_  a split three

- its **room**: every five-cell window through the point that holds none of the
  opponent's stones and no wall scores by how many of the side's stones it already holds
  (``_TUPLE``), so twos and ones count, and a point with open space beats a cramped one.

Black's forbidden points are worth nothing to Black (he may never play them), and so are
not worth blocking for White either; White plays on them freely. A move's value for the
side to move (:func:`move_values`) is its value for him plus ``DEFENCE`` times its value
for the opponent: a point that is good for both is the best of all.

>>> from solver.rules.board import Board
>>> from solver.rules.notation import point_name
>>> b = Board.from_moves("h8 h9 i9 i10 j10")  # Black's diagonal h8 i9 j10
>>> ranked = candidates(b)
>>> [point_name(p) for p in ranked[:2]]
['g7', 'k11']
"""

from __future__ import annotations

from typing import Any

from solver.rules.board import BLACK, Board
from solver.rules.notation import CENTER, NPOINTS, SIZE, Point
from solver.rules.patterns import FIVE, STRAIGHT, fours_of, three_mask_of

__all__ = [
    "DEFENCE",
    "FIVE_VALUE",
    "candidates",
    "move_values",
    "near_points",
    "point_value",
]

FIVE_VALUE = 10_000_000
_OPEN_FOUR = 1_000_000  # a straight four, or two fours: no defence
_FOUR_THREE = 200_000  # a four and a three: wins unless the block defends too
_DOUBLE_THREE = 50_000  # White's 3-3 (Black's is forbidden)
_FOUR = 3_000
_THREE = 2_500
# a five-cell window through the point, free of the opponent: by the side's stones in it
_TUPLE = (2, 12, 70, 400, 2_000)
DEFENCE = 0.8
"""The weight of a point's value for the opponent in a move's value (blocking)."""

_DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
# for each point and direction, the five-cell windows through it (as point tuples)
_WINDOWS: list[list[tuple[Point, ...]]] = []


def _build_windows() -> None:
    for p in range(NPOINTS):
        col, row = p % SIZE, p // SIZE
        found: list[tuple[Point, ...]] = []
        for dx, dy in _DIRS:
            for k in range(-4, 1):
                cells = [(col + (k + i) * dx, row + (k + i) * dy) for i in range(5)]
                if all(0 <= c < SIZE and 0 <= r < SIZE for c, r in cells):
                    found.append(tuple(r * SIZE + c for c, r in cells))
        _WINDOWS.append(found)


_build_windows()


def point_value(core: Any, cells: bytes, p: Point, colour: int) -> int:
    """What a ``colour`` stone at the empty point ``p`` is worth to ``colour`` (0 for a
    point forbidden to Black); ``cells`` is ``core.cell_bytes()``."""
    fours = threes = 0
    straight = False
    for d in range(4):
        e = core.entry(d, p, colour)
        if e & FIVE:
            return FIVE_VALUE
        n = fours_of(e)
        if n:
            fours += n
            straight = straight or bool(e & STRAIGHT)
        elif three_mask_of(e):
            threes += 1
    if colour == BLACK and core.forbidden(p):
        return 0
    value = 0
    opponent = 3 - colour
    for window in _WINDOWS[p]:
        own = 0
        for q in window:
            c = cells[q]
            if c == opponent:
                break
            own += c == colour
        else:
            value += _TUPLE[own]
    if straight or fours >= 2:
        value += _OPEN_FOUR
    elif fours and threes:
        value += _FOUR_THREE
    elif fours:
        value += _FOUR
    if threes >= 2 and colour != BLACK:
        value += _DOUBLE_THREE
    elif threes:
        value += _THREE * min(threes, 2)
    return value


def near_points(board: Board, reach: int = 2) -> list[Point]:
    """The empty points within ``reach`` columns and rows of a stone, in point order (the
    centre on an empty board)."""
    cells = board.core.cell_bytes()
    stones = [p for p in range(NPOINTS) if cells[p]]
    if not stones:
        return [CENTER]
    near: set[Point] = set()
    for s in stones:
        col, row = s % SIZE, s // SIZE
        for r in range(max(0, row - reach), min(SIZE, row + reach + 1)):
            for c in range(max(0, col - reach), min(SIZE, col + reach + 1)):
                q = r * SIZE + c
                if not cells[q]:
                    near.add(q)
    return sorted(near)


def move_values(board: Board, points: list[Point] | None = None) -> dict[Point, float]:
    """The value of each legal move of the side to move among ``points`` (default: those
    near the stones): its value for him plus ``DEFENCE`` times its value for the
    opponent."""
    core = board.core
    cells = core.cell_bytes()
    me = int(board.to_move)
    them = 3 - me
    out: dict[Point, float] = {}
    for p in near_points(board) if points is None else points:
        if cells[p] or not board.is_legal(p):
            continue
        out[p] = point_value(core, cells, p, me) + DEFENCE * point_value(core, cells, p, them)
    return out


def candidates(board: Board, points: list[Point] | None = None) -> list[Point]:
    """The legal moves of the side to move among ``points`` (default: near the stones),
    best first by :func:`move_values` (ties in point order)."""
    values = move_values(board, points)
    return sorted(values, key=lambda p: (-values[p], p))
