"""Naive Renju rules oracle, written straight from the RIF definitions in docs/rules.md.

This module is a test oracle for the fast rules engine. It is deliberately slow and
simple: it looks at the whole board through sets of stones, loops over the four
directions, and keeps no tables and no incremental state.

Coordinates are ``(col, row)`` tuples: col 0..14 = a..o, row 0..14 = rows 1..15,
row 0 being the bottom row (a1 = (0, 0), h8 = (7, 7), o15 = (14, 14)).

Definitions used (for Black, who has the restrictions; the new stone is at ``point``):

* five: exactly five black stones in an unbroken row (six or more is an overline).
* four, in one direction: four black stones, including the new one, which a black stone
  at an empty completion point turns into an exact five. The fours of a direction are
  counted as distinct sets of four stones: the two completion points of one straight
  four ``_BBBB_`` are one four, while ``B_BBB_B`` (new stone in the middle) is two.
* straight four: an unbroken row of exactly four with an empty point at each end, each
  of which completes an exact five.
* three, in one direction: an empty point ``q`` such that adding ``q`` makes a straight
  four containing the new stone, where ``q`` is itself a legal Black move with the new
  stone on the board (recursive check) and ``q`` makes no five in any line (RIF).
  A direction counts at most one three, and a direction with a four has no three.
"""

from __future__ import annotations

SIZE = 15
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))

Point = tuple[int, int]
Stones = frozenset[Point]


def on_board(p: Point) -> bool:
    """True if ``p`` lies on the 15x15 board."""
    return 0 <= p[0] < SIZE and 0 <= p[1] < SIZE


def step(p: Point, d: Point, k: int) -> Point:
    """The point ``k`` steps from ``p`` along direction ``d`` (k may be negative)."""
    return (p[0] + k * d[0], p[1] + k * d[1])


def is_empty(black: Stones, white: Stones, p: Point) -> bool:
    """True if ``p`` is on the board and holds no stone (the edge is never empty)."""
    return on_board(p) and p not in black and p not in white


def run_through(stones: Stones, p: Point, d: Point) -> frozenset[Point]:
    """The maximal unbroken row of ``stones`` through ``p`` along ``d`` (``p`` included)."""
    run = {p}
    for sign in (1, -1):
        k = 1
        while step(p, d, sign * k) in stones:
            run.add(step(p, d, sign * k))
            k += 1
    return frozenset(run)


def line_points(p: Point, d: Point) -> list[Point]:
    """Points of the board within 5 steps of ``p`` along ``d``, on both sides."""
    pts = [step(p, d, k) for k in range(-5, 6) if k != 0]
    return [q for q in pts if on_board(q)]


def oracle_five(stones: Stones, point: Point, exact: bool) -> bool:
    """Does a stone at ``point`` make five with ``stones``?

    ``exact=True``: an unbroken row of exactly five in some direction through the point
    (Black's win). ``exact=False``: five or more (White's win).
    """
    placed = stones | {point}
    for d in DIRECTIONS:
        n = len(run_through(placed, point, d))
        if n == 5 or (n > 5 and not exact):
            return True
    return False


def makes_overline(black: Stones, point: Point) -> bool:
    """Does a black stone at ``point`` make an unbroken row of six or more?"""
    placed = black | {point}
    return any(len(run_through(placed, point, d)) >= 6 for d in DIRECTIONS)


def completes_exact_five(black: Stones, p: Point, q: Point, d: Point) -> bool:
    """With black stones ``black`` (``p`` among them), does adding ``q`` give an exact
    five along ``d`` that contains both ``p`` and ``q``?"""
    run = run_through(black | {q}, p, d)
    return len(run) == 5 and q in run


def fours_in_direction(black: Stones, white: Stones, point: Point, d: Point) -> int:
    """Number of distinct fours along ``d`` made by a black stone at ``point``.

    Each completion point gives an exact five; the four is that five minus the
    completion point. Distinct four-stone sets are distinct fours, so both ends of one
    straight four count once.
    """
    placed = black | {point}
    fours: set[frozenset[Point]] = set()
    for q in line_points(point, d):
        if is_empty(placed, white, q) and completes_exact_five(placed, point, q, d):
            fours.add(run_through(placed | {q}, point, d) - {q})
    return len(fours)


def run_ends(stones: Stones, p: Point, d: Point) -> tuple[Point, Point]:
    """The two points just beyond the row of ``stones`` through ``p`` along ``d``.

    Either may be off the board.
    """
    ends: list[Point] = []
    for sign in (1, -1):
        k = 1
        while step(p, d, sign * k) in stones:
            k += 1
        ends.append(step(p, d, sign * k))
    return ends[0], ends[1]


def is_straight_four(black: Stones, white: Stones, p: Point, d: Point) -> bool:
    """Is the row of black stones through ``p`` along ``d`` a straight four?

    It must be exactly four long, with an empty point at each end, each end completing
    an exact five (``x_BBBB_x``).
    """
    if len(run_through(black, p, d)) != 4:
        return False
    return all(
        is_empty(black, white, q) and completes_exact_five(black, p, q, d)
        for q in run_ends(black, p, d)
    )


def has_three_in_direction(black: Stones, white: Stones, point: Point, d: Point) -> bool:
    """Does a black stone at ``point`` make a (true) three along ``d``?

    True if some empty ``q`` on the line turns the row through ``point`` into a
    straight four containing ``q``, and ``q`` is a legal, non-five move for Black with
    the stone at ``point`` already on the board.
    """
    placed = black | {point}
    for q in line_points(point, d):
        if not is_empty(placed, white, q):
            continue
        after = placed | {q}
        if q not in run_through(after, point, d):
            continue
        if not is_straight_four(after, white, point, d):
            continue
        if oracle_five(placed, q, exact=True):
            continue  # RIF: a straight four made "at the same time" as a five is no three
        if oracle_forbidden(placed, white, q) is None:
            return True
    return False


def oracle_forbidden(black: Stones, white: Stones, point: Point) -> str | None:
    """What a black stone at the empty ``point`` would be.

    Returns ``"overline"``, ``"double-four"``, ``"double-three"`` (in that precedence),
    or ``None`` if the move is legal. A move making an exact five is always legal.
    """
    if not is_empty(black, white, point):
        raise ValueError(f"point {point} is not an empty board point")
    if oracle_five(black, point, exact=True):
        return None
    if makes_overline(black, point):
        return "overline"
    four_counts = [fours_in_direction(black, white, point, d) for d in DIRECTIONS]
    if sum(four_counts) >= 2:
        return "double-four"
    threes = 0
    for d, fours in zip(DIRECTIONS, four_counts, strict=True):
        if fours == 0 and has_three_in_direction(black, white, point, d):
            threes += 1
            if threes >= 2:
                return "double-three"
    return None


def oracle_forbidden_points(black: Stones, white: Stones) -> dict[Point, str]:
    """Every empty point forbidden for Black, mapped to the kind of foul."""
    result: dict[Point, str] = {}
    for col in range(SIZE):
        for row in range(SIZE):
            p = (col, row)
            if is_empty(black, white, p):
                kind = oracle_forbidden(black, white, p)
                if kind is not None:
                    result[p] = kind
    return result
