"""Equivalent fifth moves: two proposals that give the same position on the infinite board.

Proposals P and Q for the same move are *equivalent* when some symmetry of the infinite
board (one of the 8 rotations and reflections, then any translation) maps the position
after P onto the position after Q, each stone onto a stone of its colour, **and** the
stone at P onto the stone at Q. The edges are ignored: only the shape counts. Since the
map sends P to Q and the other stones onto themselves, it is a symmetry of the position
before the proposal that sends P to Q::

    . X .      the shape X O X is symmetric about the middle column:
    . O .      a proposal left of it and its mirror image right of it are
    . X .      equivalent; two proposals on the middle column are not

The shape's symmetries are found as a published method does it (with its pitfalls
avoided): coordinates are doubled and centred on the bounding rectangle, so a side of
even length needs no virtual central line; the 4 transforms that keep the axes are
tried, and the 4 that swap them only when the rectangle is a square.

>>> fifth_equivalent("h8 h9 h10 h11", "g8", "i8")  # mirror images across column h
True
>>> fifth_equivalent("h8 h9 h10 h11", "g8", "g10")  # no symmetry maps one onto the other
False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from solver.errors import IllegalMoveError
from solver.rules.notation import SIZE, Move, Point, parse_moves, parse_point, point_name

__all__ = ["TRANSFORMS", "fifth_equivalent", "position_symmetries"]

Transform = Callable[[int, int], tuple[int, int]]
TRANSFORMS: tuple[Transform, ...] = (
    lambda x, y: (x, y),
    lambda x, y: (-x, y),
    lambda x, y: (x, -y),
    lambda x, y: (-x, -y),
    lambda x, y: (y, x),
    lambda x, y: (-y, x),
    lambda x, y: (y, -x),
    lambda x, y: (-y, -x),
)
"""The 8 rotations and reflections about the origin; the first 4 keep the axes."""


def _stones(moves: Sequence[Move]) -> tuple[list[Point], list[Point]]:
    """The black and white stones after ``moves`` (Black first, passes allowed)."""
    black: list[Point] = []
    white: list[Point] = []
    seen: set[Point] = set()
    for i, m in enumerate(moves):
        if m is None:
            continue
        if m in seen:
            raise IllegalMoveError(f"move {i + 1} ({point_name(m)}) is on an occupied point")
        seen.add(m)
        (black if i % 2 == 0 else white).append(m)
    return black, white


def position_symmetries(
    black: Iterable[Point], white: Iterable[Point]
) -> list[Callable[[Point], tuple[int, int]]]:
    """The maps of the infinite board that send the position onto itself (each stone onto
    a stone of its colour), as functions from a point to its image ``(col, row)``, which
    may lie off the 15x15 board. The identity is always among them."""
    coloured = [(p % SIZE, p // SIZE, 1) for p in black] + [(p % SIZE, p // SIZE, 2) for p in white]
    if not coloured:
        # the empty board: every rotation about any point is a symmetry; the rule only
        # meets it when nothing was played, where any two proposals are alike
        return [lambda p: (p % SIZE, p // SIZE)]
    xs = [c for c, _, _ in coloured]
    ys = [r for _, r, _ in coloured]
    # doubled coordinates centred on the bounding rectangle: integers even for even sides
    cx, cy = min(xs) + max(xs), min(ys) + max(ys)
    square = max(xs) - min(xs) == max(ys) - min(ys)
    shape = {(2 * c - cx, 2 * r - cy, colour) for c, r, colour in coloured}
    found: list[Callable[[Point], tuple[int, int]]] = []
    for n, t in enumerate(TRANSFORMS):
        if n >= 4 and not square:
            break
        if all((*t(x, y), colour) in shape for x, y, colour in shape):
            found.append(_mapper(t, cx, cy))
    return found


def _mapper(t: Transform, cx: int, cy: int) -> Callable[[Point], tuple[int, int]]:
    def image(p: Point) -> tuple[int, int]:
        x, y = t(2 * (p % SIZE) - cx, 2 * (p // SIZE) - cy)
        return (x + cx) // 2, (y + cy) // 2

    return image


def fifth_equivalent(moves: str | Sequence[Move], p: Point | str, q: Point | str) -> bool:
    """Whether proposals ``p`` and ``q`` for the move after ``moves`` are equivalent: a
    symmetry of the infinite board maps the position after ``p`` onto the position
    after ``q`` and the stone at ``p`` onto the stone at ``q`` (``p == q`` is).

    Raises:
        PointError: ``moves``, ``p`` or ``q`` is text with a bad point.
        IllegalMoveError: a move, ``p`` or ``q`` is on an occupied point.
    """
    seq = parse_moves(moves) if isinstance(moves, str) else list(moves)
    p = parse_point(p) if isinstance(p, str) else p
    q = parse_point(q) if isinstance(q, str) else q
    black, white = _stones(seq)
    occupied = set(black) | set(white)
    for name, point in (("P", p), ("Q", q)):
        if point in occupied:
            raise IllegalMoveError(f"proposal {name} ({point_name(point)}) is on an occupied point")
    if p == q or not occupied:  # (on an empty board any two stones are alike)
        return True
    target = (q % SIZE, q // SIZE)
    return any(image(p) == target for image in position_symmetries(black, white))
