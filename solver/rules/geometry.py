"""Board geometry: the four directions, the lines they form, and the 8 symmetries.

Every point lies on one line per direction. A line is stored as a *line code*: 2 bits per
cell (0 empty, 1 black, 2 white, 3 wall) over the line's 15 cells plus 5 wall cells of
padding at each end, cell ``pos + 5`` holding the point at position ``pos`` along the line.
The 11-cell *window* of a point in one direction is ``(code >> 2*pos) & WINDOW_MASK``: cell
``5 + k`` of the window is the point ``k`` steps away (k = -5..5), so shapes up to five
cells either side of the point are read with one shift and mask, even at the board edge::

    direction 0  ─  (+1, 0)   line = row,          pos = col
    direction 1  │  (0, +1)   line = col,          pos = row
    direction 2  ╱  (+1, +1)  line = col - row + 14, pos = col
    direction 3  ╲  (+1, -1)  line = col + row,    pos = col
"""

from __future__ import annotations

from collections.abc import Callable

from solver.rules.notation import NPOINTS, SIZE, Point

__all__ = [
    "DIRECTIONS",
    "LINE_COUNTS",
    "LINE_LOW_BITS",
    "PAD",
    "SYMMETRIES",
    "WINDOW_CELLS",
    "WINDOW_MASK",
    "initial_line_codes",
    "line_of",
    "line_points",
    "pos_of",
    "step",
    "transform_point",
]

DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
PAD = 5
WINDOW_CELLS = 2 * PAD + 1
WINDOW_MASK = (1 << (2 * WINDOW_CELLS)) - 1
LINE_COUNTS = (SIZE, SIZE, 2 * SIZE - 1, 2 * SIZE - 1)
_LINE_CELLS = SIZE + 2 * PAD
# the low bit of every cell of a line code (``01`` black, ``10`` white, ``11`` wall)
LINE_LOW_BITS = sum(1 << (2 * i) for i in range(_LINE_CELLS))


def line_of(d: int, p: Point) -> int:
    """Index of the line through ``p`` in direction ``d``."""
    col, row = p % SIZE, p // SIZE
    return (row, col, col - row + SIZE - 1, col + row)[d]


def pos_of(d: int, p: Point) -> int:
    """Position of ``p`` along its line in direction ``d`` (0..14)."""
    col, row = p % SIZE, p // SIZE
    return row if d == 1 else col


def step(p: Point, d: int, k: int) -> Point | None:
    """The point ``k`` steps from ``p`` in direction ``d``, or ``None`` off the board."""
    dc, dr = DIRECTIONS[d]
    col, row = p % SIZE + k * dc, p // SIZE + k * dr
    if 0 <= col < SIZE and 0 <= row < SIZE:
        return row * SIZE + col
    return None


def line_points() -> tuple[list[list[int]], ...]:
    """The points of every line, per direction and line index, in point order."""
    out: tuple[list[list[int]], ...] = tuple([[] for _ in range(n)] for n in LINE_COUNTS)
    for p in range(NPOINTS):
        for d in range(4):
            out[d][line_of(d, p)].append(p)
    return out


def initial_line_codes() -> list[list[int]]:
    """Line codes of the empty board: board cells 0, padding and off-board cells 3 (wall)."""
    wall = (1 << (2 * _LINE_CELLS)) - 1  # every cell 3
    codes = [[wall] * n for n in LINE_COUNTS]
    for p in range(NPOINTS):
        for d in range(4):  # (one pass: clear the point's cell on each of its lines)
            codes[d][line_of(d, p)] &= ~(3 << (2 * (pos_of(d, p) + PAD)))
    return codes


def _sym(n: int) -> Callable[[int, int], tuple[int, int]]:
    m = SIZE - 1
    table: list[Callable[[int, int], tuple[int, int]]] = [
        lambda c, r: (c, r),  # identity
        lambda c, r: (m - r, c),  # rotate 90 degrees anticlockwise
        lambda c, r: (m - c, m - r),  # rotate 180 degrees
        lambda c, r: (r, m - c),  # rotate 270 degrees
        lambda c, r: (m - c, r),  # mirror left-right
        lambda c, r: (c, m - r),  # mirror top-bottom
        lambda c, r: (r, c),  # mirror on the a1-o15 diagonal
        lambda c, r: (m - r, m - c),  # mirror on the a15-o1 diagonal
    ]
    return table[n]


SYMMETRIES: tuple[str, ...] = (
    "identity",
    "rot90",
    "rot180",
    "rot270",
    "flip-lr",
    "flip-tb",
    "flip-diag",
    "flip-antidiag",
)


def transform_point(p: Point, sym: int) -> Point:
    """Map ``p`` by symmetry number ``sym`` (an index into :data:`SYMMETRIES`)."""
    c, r = _sym(sym)(p % SIZE, p // SIZE)
    return r * SIZE + c
