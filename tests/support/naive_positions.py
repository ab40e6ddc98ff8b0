"""Small positions for the naive search's differential tests, built from a source of
integers: a Hypothesis ``draw`` (shrinkable) or a seeded ``random.Random`` (for scans).

Two kinds, both kept small so that the naive search stays fast:

* :func:`scattered`: stones of both colours at random in a 7x7 square;
* :func:`around_a_point`: a point ``c`` that Black's shapes make a likely foul (twos and
  split twos through it in one or two directions, and beyond it on White's line, so it is a
  three-three candidate) or a likely non-foul, with White stones lined up towards ``c`` (so that a
  white four completes at ``c``, or at a point next to it) and a few stones of each colour
  next to it that can make or break the foul.
"""

from __future__ import annotations

from collections.abc import Callable

from support.oracle import DIRECTIONS, Point, Stones, on_board, step

IntSource = Callable[[int, int], int]

# the offsets of two black stones on one line that a stone at 0 makes a three with: all
# four within a span of four points
TWOS: tuple[tuple[int, int], ...] = tuple(
    (i, j) for i in range(-3, 4) for j in range(i + 1, 4) if i and j and max(0, j) - min(0, i) <= 3
)


def scattered(draw: IntSource) -> tuple[Stones, Stones]:
    """Black and white stones at random points of a 7x7 square near the centre."""
    size = draw(6, 14)
    cells: list[Point] = []
    col0, row0 = draw(3, 5), draw(3, 5)
    while len(cells) < size:
        p = (col0 + draw(0, 6), row0 + draw(0, 6))
        if p not in cells:
            cells.append(p)
    n_black = draw(size // 2 - 1, size // 2 + 1)
    return frozenset(cells[:n_black]), frozenset(cells[n_black:])


def around_a_point(draw: IntSource) -> tuple[Stones, Stones]:
    """Black shapes through a centre point and White stones aimed at it (see above)."""
    c = (draw(5, 9), draw(5, 9))
    black: set[Point] = set()
    white: set[Point] = set()
    dirs = list(range(4))
    first = draw(0, 3)
    dirs = dirs[first:] + dirs[:first]
    n_black_lines = draw(1, 2)
    for i in dirs[:n_black_lines]:
        # a two that a stone at c turns into a three by shape (or a four, with three)
        d = DIRECTIONS[i]
        pair = TWOS[draw(0, len(TWOS) - 1)]
        black.update(step(c, d, k) for k in pair)
        if draw(0, 3) == 0:
            black.add(step(c, d, draw(-4, 4)))
    # White: three stones on the remaining line on one side of c, within four points of
    # it (a white four completing at c or next to it is then one move away), and black
    # stones on the other side, which the white stones can cut off from c
    d = DIRECTIONS[dirs[n_black_lines]]
    shift = draw(-1, 1)
    taken: set[int] = set()
    while len(taken) < 3:
        taken.add(-draw(1, 4))
    white.update(step(c, d, k + shift) for k in taken)
    if draw(0, 1):
        black.add(step(c, d, min(taken) + shift - 1))  # the far end closed
    beyond = [pair for pair in TWOS if pair[0] > 0]
    if draw(0, 2):
        black.update(step(c, d, k) for k in beyond[draw(0, len(beyond) - 1)])
    # a few stones of each colour next to c
    for _ in range(draw(0, 5)):
        p = (c[0] + draw(-3, 3), c[1] + draw(-3, 3))
        (black if draw(0, 1) else white).add(p)
    points = {p for p in black | white if on_board(p) and p != c}
    black_set = frozenset(p for p in black if p in points)
    white_set = frozenset(p for p in white if p in points and p not in black_set)
    return black_set, white_set
