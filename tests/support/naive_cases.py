"""What the differential tests against the naive search share (not a test module): point
conversions between the oracle's ``(col, row)`` and notation, the engine's answer on
either core, the Hypothesis strategy of random small positions and the example budgets."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, assume, settings
from hypothesis import strategies as st

from solver import Board
from solver.rules.notation import parse_point, point_name
from solver.search.api import Limits, SolveResult, solve
from support.fixtures import compiled_available, examples
from support.naive_positions import IntSource
from support.naive_search import BLACK, WHITE
from support.oracle import Point, Stones


def pt(name: str) -> Point:
    """Standard notation to the oracle's ``(col, row)``."""
    p = parse_point(name)
    return (p % 15, p // 15)


def pts(names: str) -> Stones:
    """Space-separated points to a set of the oracle's points."""
    return frozenset(pt(n) for n in names.split())


def name(p: Point) -> str:
    """The oracle's ``(col, row)`` to standard notation."""
    return point_name(p[1] * 15 + p[0])


def names(line: tuple[Point, ...]) -> list[str]:
    return [name(p) for p in line]


def side(colour: int) -> str:
    return "black" if colour == BLACK else "white"


def engine(
    black: Stones,
    white: Stones,
    attacker: int,
    goal: str,
    limits: Limits,
    compiled: bool,
    shortest: bool = False,
    counting_up: bool = False,
) -> SolveResult:
    """The solver's answer, on the compiled or the pure core."""
    board = Board.from_stones(
        [p[1] * 15 + p[0] for p in black],
        [p[1] * 15 + p[0] for p in white],
        to_move=side(attacker),
        compiled=compiled,
    )
    return solve(board, goal, limits, shortest=shortest, counting_up=counting_up)


def cores() -> list[bool]:
    return [True, False] if compiled_available() else [False]


@st.composite
def positions(
    draw: st.DrawFn, build: Callable[[IntSource], tuple[Stones, Stones]]
) -> tuple[Stones, Stones, int]:
    def source(lo: int, hi: int) -> int:
        return draw(st.integers(lo, hi))

    black, white = build(source)
    attacker = draw(st.sampled_from([WHITE, BLACK]))
    board = Board.from_stones([p[1] * 15 + p[0] for p in black], [p[1] * 15 + p[0] for p in white])
    assume(board.five_on_board() is None)
    return black, white, attacker


def describe(black: Stones, white: Stones, attacker: int) -> str:
    b = " ".join(sorted(name(p) for p in black))
    w = " ".join(sorted(name(p) for p in white))
    return f"black {b!r} white {w!r} {side(attacker)} to move"


HEALTH = [HealthCheck.too_slow, HealthCheck.large_base_example]
MANY = settings(max_examples=examples(150), deadline=None, suppress_health_check=HEALTH)
FAST = settings(max_examples=examples(60), deadline=None, suppress_health_check=HEALTH)
FEW = settings(max_examples=examples(15), deadline=None, suppress_health_check=HEALTH)
SLOW = settings(max_examples=examples(25), deadline=None, suppress_health_check=HEALTH)


# Black: every win starts with a four (h9: f11 g10 h9 i8, White e12) before a threat; no
# threat wins at once. Found by a scan of random positions for a run charged as one move
# with the threat that ends it (app), where it is two (app 2, books and final-vcf 3).
FOUR_FIRST = (pts("c9 f11 g10 h6 i8 j9 k6 k9"), pts("d9 e9 g9"))
