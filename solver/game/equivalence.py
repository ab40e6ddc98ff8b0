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

__all__ = [
    "SYMMETRY_NAMES",
    "TRANSFORMS",
    "equivalence_map",
    "equivalent_points",
    "fifth_equivalent",
    "position_symmetries",
]

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


SYMMETRY_NAMES: tuple[str, ...] = (
    "identity",
    "mirror-vertical",
    "mirror-horizontal",
    "rotate-180",
    "mirror-diagonal",
    "rotate-90",
    "rotate-270",
    "mirror-antidiagonal",
)
"""The names of :data:`TRANSFORMS`: ``mirror-vertical`` reflects in a vertical line
(left and right change places), ``rotate-90`` turns a quarter anticlockwise."""

Image = Callable[[Point], tuple[int, int]]


def position_symmetries(black: Iterable[Point], white: Iterable[Point]) -> list[tuple[str, Image]]:
    """The maps of the infinite board that send the position onto itself (each stone onto
    a stone of its colour): their names (:data:`SYMMETRY_NAMES`) and functions from a
    point to its image ``(col, row)``, which may lie off the 15x15 board. The identity is
    always among them; the empty board gets the identity alone."""
    coloured = [(p % SIZE, p // SIZE, 1) for p in black] + [(p % SIZE, p // SIZE, 2) for p in white]
    if not coloured:
        return [("identity", lambda p: (p % SIZE, p // SIZE))]
    xs = [c for c, _, _ in coloured]
    ys = [r for _, r, _ in coloured]
    # doubled coordinates centred on the bounding rectangle: integers even for even sides
    cx, cy = min(xs) + max(xs), min(ys) + max(ys)
    square = max(xs) - min(xs) == max(ys) - min(ys)
    shape = {(2 * c - cx, 2 * r - cy, colour) for c, r, colour in coloured}
    found: list[tuple[str, Image]] = []
    for n, t in enumerate(TRANSFORMS):
        if n >= 4 and not square:
            break
        if all((*t(x, y), colour) in shape for x, y, colour in shape):
            found.append((SYMMETRY_NAMES[n], _mapper(t, cx, cy)))
    return found


def _mapper(t: Transform, cx: int, cy: int) -> Image:
    def image(p: Point) -> tuple[int, int]:
        x, y = t(2 * (p % SIZE) - cx, 2 * (p // SIZE) - cy)
        return (x + cx) // 2, (y + cy) // 2

    return image


def equivalence_map(black: Iterable[Move], white: Iterable[Move], p: Point, q: Point) -> str | None:
    """The name of a symmetry of the infinite board that maps the position (``black``,
    ``white``) with a stone at ``p`` onto the position with that stone at ``q`` instead,
    ``p`` onto ``q`` (``identity`` when ``p == q``; ``translation`` on an empty board);
    ``None`` when there is none.

    Raises:
        IllegalMoveError: ``p`` or ``q`` is on a stone.
    """
    bl = [m for m in black if m is not None]
    wh = [m for m in white if m is not None]
    occupied = set(bl) | set(wh)
    for name, point in (("P", p), ("Q", q)):
        if point in occupied:
            raise IllegalMoveError(f"proposal {name} ({point_name(point)}) is on an occupied point")
    if p == q:
        return "identity"
    if not occupied:
        return "translation"
    target = (q % SIZE, q // SIZE)
    return next((name for name, image in position_symmetries(bl, wh) if image(p) == target), None)


def equivalent_points(black: Iterable[Move], white: Iterable[Move], q: Point) -> set[Point]:
    """The points of the board whose proposal is equivalent to proposing ``q`` (``q``
    included): its images under the position's symmetries (they form a group, so these
    are all the points equivalent to it)."""
    bl = [m for m in black if m is not None]
    wh = [m for m in white if m is not None]
    if not bl and not wh:
        return set(range(SIZE * SIZE))
    out = set()
    for _, image in position_symmetries(bl, wh):
        c, r = image(q)
        if 0 <= c < SIZE and 0 <= r < SIZE:
            out.add(r * SIZE + c)
    return out


def fifth_equivalent(moves: str | Sequence[Move], p: Point | str, q: Point | str) -> bool:
    """Whether proposals ``p`` and ``q`` for the move after ``moves`` are equivalent: a
    symmetry of the infinite board maps the position after ``p`` onto the position
    after ``q`` and the stone at ``p`` onto the stone at ``q`` (``p == q`` is).

    Raises:
        PointError: ``moves``, ``p`` or ``q`` is text with a bad point.
        IllegalMoveError: a move is on an occupied point, ``p`` or ``q`` on a stone.
    """
    seq = parse_moves(moves) if isinstance(moves, str) else list(moves)
    black, white = _stones(seq)
    p = parse_point(p) if isinstance(p, str) else p
    q = parse_point(q) if isinstance(q, str) else q
    return equivalence_map(black, white, p, q) is not None
