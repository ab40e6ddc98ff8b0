"""Naive reference search for VCF, VCT and tsume, written straight from RULES.md.

A test oracle for the solver, in the spirit of :mod:`oracle` (whose definitions it uses
for every five, four and forbidden decision). It keeps no tables and no incremental
state: every node looks at the whole position through sets of stones, every forbidden
status is decided from scratch by :func:`oracle.oracle_forbidden` with every stone of
the node on the board, and every legal move of the class is considered. The only
short-cuts are an OR node stopping at its first win and an AND node at its first
defence that holds (neither changes a verdict). It is slow: use it on small positions.

Coordinates are the oracle's ``(col, row)`` tuples (a1 = (0, 0)); colours the engine's
numbers, 1 Black and 2 White.

Definitions (the engine's conventions, README "renju solve" and ``solver/search.py``):

* A *five point* of a side is an empty point where his stone makes five (exact five for
  Black, five or more for White). A black five point is always legal (five first).
* A *four* is a legal move, not itself a five, after which the mover has a five point;
  its *completions* are his five points after it.
* An attacker node (OR) with ``r`` moves left: a five point of his wins (it counts as a
  move, so it needs ``r >= 1``); with ``r == 0`` he has lost. Otherwise he tries every
  four, and (``vct``/``tsume``, ``r >= 2``) every threat of the class. After any of his
  moves, a five point of the defender (one he had and the move did not take, or one his
  block would make) is a loss for the attacker.
* After a four: two or more completions win; one completion ``q`` that is forbidden for
  Black, decided with the four's stone on the board, wins when Black defends; else the
  defender plays ``q`` and the attacker goes on with ``r - 1`` moves. A block that makes
  the defender's four (a counter-four) needs no special rule: the attacker's next move
  must then take the defender's five point, so it must be a four (or a threat of the
  class, in ``vct``/``tsume``) there. Under ``vct`` that forced block need not make a
  three: a three of his that still stands (some move makes two five points) makes it
  one, as the checker's vct rule has it.
* A *threat* (``vct``, ``tsume``): a legal move that is neither a four nor a five, after
  which the attacker would have a VCF of at most ``r - 1`` moves if the defender passed.
  ``vct`` allows only threats that make a three by shape (a point that turns the row
  through the move into a straight four ``_BBBB_`` holding both; for Black the legality
  of that point is not asked, so a true three is always such a threat, and a false
  three is one only if another VCF stands behind it); ``tsume`` allows every threat,
  hidden threats included, wherever it is (a move with no stone near it can be one).
  After a threat the defender may play every legal move (Black never a forbidden
  point); the attacker wins if he wins against each of them with ``r - 1``.
* Lines are counted in attacker moves up to the move after which no defence exists (or a
  five already available); the five after an unstoppable four is not counted.

Cheap necessary conditions select the points to examine (a five point needs four stones
of its side within four points on one of its lines, a four move three, a three move
two); they only skip points the oracle would reject, never a move of the class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache

from support.oracle import (
    DIRECTIONS,
    SIZE,
    Point,
    Stones,
    is_empty,
    on_board,
    oracle_five,
    oracle_forbidden,
    run_ends,
    run_through,
    step,
)

BLACK, WHITE = 1, 2
GOALS = ("vcf", "vct", "tsume")
COUNTS = ("books", "final-vcf", "app")


def other(colour: int) -> int:
    """The opponent of ``colour``."""
    return 3 - colour


@dataclass(frozen=True)
class Position:
    """Black and white stones; who is to move is the searches' business."""

    black: Stones
    white: Stones

    def own(self, colour: int) -> Stones:
        """The stones of ``colour``."""
        return self.black if colour == BLACK else self.white

    def put(self, p: Point, colour: int) -> Position:
        """The position with a ``colour`` stone added at the empty ``p``."""
        if not is_empty(self.black, self.white, p):
            raise ValueError(f"point {p} is not an empty board point")
        if colour == BLACK:
            return Position(self.black | {p}, self.white)
        return Position(self.black, self.white | {p})

    def empty_points(self) -> Iterator[Point]:
        """Every empty point, in the engine's point order (row by row from a1)."""
        for row in range(SIZE):
            for col in range(SIZE):
                if is_empty(self.black, self.white, (col, row)):
                    yield (col, row)


@cache
def _reached(s: Point, reach: int) -> tuple[tuple[Point, int], ...]:
    """The (point, direction index) pairs of the board points within ``reach`` points
    of ``s`` along each direction (board geometry only)."""
    return tuple(
        (step(s, d, k), i)
        for i, d in enumerate(DIRECTIONS)
        for k in range(-reach, reach + 1)
        if k and on_board(step(s, d, k))
    )


def _neighbour_counts(stones: Stones, reach: int) -> Counter[tuple[Point, int]]:
    """For each (point, direction index): how many of ``stones`` lie within ``reach``
    points of it along that direction (the point itself not counted)."""
    counts: Counter[tuple[Point, int]] = Counter()
    for s in stones:
        counts.update(_reached(s, reach))
    return counts


def _points_with(pos: Position, colour: int, stones_needed: int, reach: int = 4) -> list[Point]:
    """Empty points with at least ``stones_needed`` stones of ``colour`` within ``reach``
    points along one of their lines, in point order."""
    counts = _neighbour_counts(pos.own(colour), reach)
    found = {q for (q, _), n in counts.items() if n >= stones_needed}
    return sorted(
        (q for q in found if is_empty(pos.black, pos.white, q)), key=lambda q: (q[1], q[0])
    )


def is_five_move(pos: Position, colour: int, p: Point) -> bool:
    """Whether a ``colour`` stone at the empty ``p`` makes five (exact for Black)."""
    return oracle_five(pos.own(colour), p, exact=colour == BLACK)


def is_legal(pos: Position, colour: int, p: Point) -> bool:
    """Whether ``colour`` may play the empty ``p`` (Black: not a forbidden point)."""
    return colour == WHITE or oracle_forbidden(pos.black, pos.white, p) is None


def legal_moves(pos: Position, colour: int) -> list[Point]:
    """Every empty point ``colour`` may play, in point order. A black foul needs two
    black stones within five points on one of the point's lines (an overline five, a
    four three, a three two), so only such points are asked of the oracle."""
    if colour == WHITE:
        return list(pos.empty_points())
    maybe = set(_points_with(pos, BLACK, 2, reach=5))
    return [q for q in pos.empty_points() if q not in maybe or is_legal(pos, BLACK, q)]


def five_points(pos: Position, colour: int) -> list[Point]:
    """The empty points where ``colour`` makes five, in point order."""
    return [q for q in _points_with(pos, colour, 4) if is_five_move(pos, colour, q)]


def four_moves(pos: Position, colour: int) -> list[Point]:
    """``colour``'s fours: legal moves, no five, after which he has a five point."""
    out = []
    for p in _points_with(pos, colour, 3):
        if is_five_move(pos, colour, p) or not five_points(pos.put(p, colour), colour):
            continue
        if is_legal(pos, colour, p):
            out.append(p)
    return out


def _straight_four(own: Stones, opp: Stones, p: Point, d: Point, exact: bool) -> bool:
    """Whether the row of ``own`` through ``p`` along ``d`` is exactly four long with an
    empty end on each side, each completing a five (exact or not) with the row."""
    if len(run_through(own, p, d)) != 4:
        return False
    for q in run_ends(own, p, d):
        if not is_empty(own, opp, q):
            return False
        run = run_through(own | {q}, p, d)
        if not (len(run) == 5 or (len(run) > 5 and not exact)):
            return False
    return True


def makes_three_shape(pos: Position, colour: int, m: Point) -> bool:
    """Whether a ``colour`` stone at ``m`` makes a three by shape: some empty ``s`` on
    one of its lines turns the row through ``m`` into a straight four holding ``s``
    (the legality of ``s`` for Black is not asked)."""
    own = pos.own(colour) | {m}
    opp = pos.own(other(colour))
    for d in DIRECTIONS:
        for k in range(-4, 5):
            s = step(m, d, k)
            if not k or not is_empty(own, opp, s):
                continue
            after = own | {s}
            if s in run_through(after, m, d) and _straight_four(after, opp, m, d, colour == BLACK):
                return True
    return False


# -- VCF -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FourReply:
    """What a four leaves: ``win`` (no defence), ``lost`` (the defender makes five) or
    the defender's one block ``q`` (``outcome == "block"``)."""

    outcome: str
    q: Point | None = None


def four_reply(pos: Position, attacker: int, p: Point) -> FourReply:
    """The defender's answer to the attacker's four ``p`` (already checked to be one)."""
    after = pos.put(p, attacker)
    d = other(attacker)
    if five_points(after, d):
        return FourReply("lost")
    comps = five_points(after, attacker)
    if len(comps) >= 2:
        return FourReply("win")
    q = comps[0]
    if not is_legal(after, d, q):
        return FourReply("win")  # decided with the four's stone on the board
    return FourReply("block", q)


def four_children(pos: Position, a: int, fours: list[Point]) -> Iterator[Position | None]:
    """For each of the fours ``fours`` of ``a`` (to move) that does not lose, the position
    after it and its block; None for a four that wins at once."""
    for p in fours:
        reply = four_reply(pos, a, p)
        if reply.outcome == "win":
            yield None
        elif reply.outcome == "block" and reply.q is not None:
            yield pos.put(p, a).put(reply.q, other(a))


def _vcf_or(pos: Position, a: int, r: int) -> list[Point] | None:
    """A VCF line of at most ``r`` attacker moves for ``a`` (to move), or None."""
    mine = five_points(pos, a)
    if mine:
        return [mine[0]] if r >= 1 else None
    if r <= 0:
        return None
    for p in four_moves(pos, a):
        reply = four_reply(pos, a, p)
        if reply.outcome == "win":
            return [p]
        if reply.outcome == "lost" or reply.q is None:
            continue
        sub = _vcf_or(pos.put(p, a).put(reply.q, other(a)), a, r - 1)
        if sub is not None:
            return [p, reply.q, *sub]
    return None


@dataclass(frozen=True)
class VcfResult:
    """A naive VCF verdict: ``line`` (attacker, defender, ..., attacker) if ``win``."""

    win: bool
    line: tuple[Point, ...] = ()

    @property
    def moves(self) -> int | None:
        """Attacker moves of the line, None without a win."""
        return (len(self.line) + 1) // 2 if self.win else None


def naive_vcf(black: Stones, white: Stones, attacker: int, max_moves: int) -> VcfResult:
    """The shortest VCF of at most ``max_moves`` attacker moves for ``attacker`` (to
    move), found by deepening the bound one move at a time; ``win`` False if none."""
    pos = Position(frozenset(black), frozenset(white))
    for r in range(1, max_moves + 1):
        line = _vcf_or(pos, attacker, r)
        if line is not None:
            return VcfResult(True, tuple(line))
    return VcfResult(False)


def has_vcf(pos: Position, attacker: int, max_moves: int) -> bool:
    """Whether ``attacker`` (to move) has a VCF of at most ``max_moves`` moves."""
    return _vcf_or(pos, attacker, max_moves) is not None


# -- VCT and tsume --------------------------------------------------------------------------


def _distance(p: Point, q: Point) -> int:
    return max(abs(p[0] - q[0]), abs(p[1] - q[1]))


def defender_moves(pos: Position, defender: int, near: Point) -> list[Point]:
    """Every legal move of ``defender``, nearest to ``near`` first (an order only: an
    AND node stops at the first defence that holds)."""
    return sorted(legal_moves(pos, defender), key=lambda q: _distance(q, near))


def is_threat(
    pos: Position, a: int, m: Point, r: int | None, goal: str, forced: bool = False
) -> bool:
    """Whether the attacker's empty ``m`` is a threat of ``goal``'s class with ``r``
    moves left (None: a VCF of any length after it will do; ``m`` already known to be no
    four and no five, and legal). ``forced``:
    ``m`` blocks the defender's five point, his only move; under ``vct`` it need not
    make a three if a three of his still stands (some move then makes two five points)."""
    if (
        goal == "vct"
        and not makes_three_shape(pos, a, m)
        and not (forced and _open_four_threat(pos.put(m, a), a))
    ):
        return False
    after = pos.put(m, a)
    return has_any_vcf(after, a) if r is None else has_vcf(after, a, r - 1)


def _open_four_threat(pos: Position, a: int) -> bool:
    """Whether some legal move of ``a`` gives him two five points or more."""
    return any(len(five_points(pos.put(q, a), a)) >= 2 for q in four_moves(pos, a))


def _threat_candidates(pos: Position, a: int, goal: str) -> list[Point]:
    if goal == "vct":
        return _points_with(pos, a, 2)
    return list(pos.empty_points())


def _tsume_or(pos: Position, a: int, r: int, goal: str) -> bool:
    """Whether ``a`` (to move) wins within ``r`` moves of ``goal``'s class."""
    d = other(a)
    if five_points(pos, a):
        return r >= 1
    if r <= 0:
        return False
    fours = four_moves(pos, a)
    for after in four_children(pos, a, fours):
        if after is None or _tsume_or(after, a, r - 1, goal):
            return True
    if goal == "vcf" or r < 2:
        return False
    theirs = five_points(pos, d)
    if len(theirs) >= 2:
        return False
    candidates = theirs if theirs else _threat_candidates(pos, a, goal)
    for m in candidates:
        if m in fours or is_five_move(pos, a, m) or not is_legal(pos, a, m):
            continue
        if not is_threat(pos, a, m, r, goal, forced=bool(theirs)):
            continue
        after = pos.put(m, a)
        if five_points(after, d):
            continue  # the defender makes five
        if all(_tsume_or(after.put(x, d), a, r - 1, goal) for x in defender_moves(after, d, m)):
            return True
    return False


def naive_tsume(black: Stones, white: Stones, attacker: int, max_moves: int, goal: str) -> bool:
    """Whether ``attacker`` (to move) wins within ``max_moves`` attacker moves using the
    moves of ``goal``'s class (``vcf``, ``vct`` or ``tsume``, see the module docstring).

    Raises:
        ValueError: for an unknown goal.
    """
    if goal not in GOALS:
        raise ValueError(f"unknown goal: {goal!r}")
    return _tsume_or(Position(frozenset(black), frozenset(white)), attacker, max_moves, goal)


# -- counted as the books count -------------------------------------------------------------
#
# Written from the counts' definitions (solver/search/counting.py's docstring, the issue's
# words), not from the engine's reduction of them: ``books`` counts a run of consecutive
# fours as one move and the final VCF, of any length, as one (none more where it goes on
# from a run); ``final-vcf`` counts every move but the final VCF as one; ``app`` counts
# the moves up to a position where the attacker has a VCF, a run of fours as one once a
# move that is not a four ends it (the run and that move two), and the VCF none.
# A threat is a move of the class after which the attacker has a VCF of any length.


@lru_cache(maxsize=1 << 16)
def has_any_vcf(pos: Position, attacker: int) -> bool:
    """Whether ``attacker`` (to move) has a VCF of any length (every four tried; each
    adds a stone, so the search ends)."""
    if five_points(pos, attacker):
        return True
    fours = four_moves(pos, attacker)
    return any(
        after is None or has_any_vcf(after, attacker)
        for after in four_children(pos, attacker, fours)
    )


def _move_cost(count: str, four: bool, run: bool) -> int:
    """What an attacker move costs under ``count`` (``run``: his last move was a four)."""
    if count == "final-vcf":
        return 1
    if four:
        return 0 if run or count == "app" else 1  # (app: paid when a non-four ends the run)
    return 2 if count == "app" and run else 1


def _counted_or(pos: Position, a: int, k: int, run: bool, goal: str, count: str) -> bool:
    """Whether ``a`` (to move) wins with ``k`` moves left as ``count`` counts them."""
    d = other(a)
    if has_any_vcf(pos, a):
        final = 0 if count == "app" or (count == "books" and run) else 1
        return k >= final
    if goal == "vcf":
        return False
    fours = four_moves(pos, a)
    cost = _move_cost(count, True, run)
    if k >= cost:
        for after in four_children(pos, a, fours):
            # (a four that wins at once is a VCF, found above)
            if after is not None and _counted_or(after, a, k - cost, True, goal, count):
                return True
    cost = _move_cost(count, False, run)
    theirs = five_points(pos, d)
    if k < cost or len(theirs) >= 2:
        return False
    for m in theirs if theirs else _threat_candidates(pos, a, goal):
        if m in fours or is_five_move(pos, a, m) or not is_legal(pos, a, m):
            continue
        if not is_threat(pos, a, m, None, goal, forced=bool(theirs)):
            continue
        after = pos.put(m, a)
        if five_points(after, d):
            continue
        if all(
            _counted_or(after.put(x, d), a, k - cost, False, goal, count)
            for x in defender_moves(after, d, m)
        ):
            return True
    return False


def naive_counted(
    black: Stones, white: Stones, attacker: int, max_moves: int, goal: str, count: str
) -> bool:
    """Whether ``attacker`` (to move) wins within ``max_moves`` moves of ``goal``'s class
    as ``count`` (``books``, ``final-vcf`` or ``app``) counts them.

    Raises:
        ValueError: for an unknown goal or count.
    """
    if goal not in GOALS:
        raise ValueError(f"unknown goal: {goal!r}")
    if count not in COUNTS:
        raise ValueError(f"unknown count: {count!r}")
    pos = Position(frozenset(black), frozenset(white))
    return _counted_or(pos, attacker, max_moves, False, goal, count)
