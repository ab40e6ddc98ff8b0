"""Renju rules on a :class:`~solver.rules.board.Board`: wins, Black's forbidden moves, explanations.

>>> from solver.rules.board import Board
>>> b = Board.from_stones("g8 h8 i9 i10", "")
>>> {point_name(p): k.value for p, k in forbidden_points(b).items()}
{'i8': 'double-three'}
>>> print(explain(b, parse_point("i8")).text().splitlines()[0])
i8 is forbidden for Black: double-three
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from solver.rules.board import BLACK, Board, Color, Rule
from solver.rules.geometry import DIRECTIONS
from solver.rules.notation import Point, parse_point, point_name
from solver.rules.patterns import (
    FIVE,
    OVERLINE,
    STRAIGHT,
    four_mask_of,
    fours_of,
    mask_offsets,
    three_mask_of,
)

__all__ = [
    "DIRECTION_NAMES",
    "Explanation",
    "ForbiddenKind",
    "LineReport",
    "ThreePoint",
    "explain",
    "forbidden_kind",
    "forbidden_points",
]

DIRECTION_NAMES = ("horizontal", "vertical", "diagonal /", "diagonal \\")
_STEPS = (1, 15, 16, -14)


class ForbiddenKind(enum.Enum):
    """Why a point is forbidden for Black. ``digit`` is its mark on diagrams."""

    DOUBLE_THREE = "double-three"
    DOUBLE_FOUR = "double-four"
    OVERLINE = "overline"

    @property
    def digit(self) -> str:
        """``"3"``, ``"4"`` or ``"6"``."""
        return {"double-three": "3", "double-four": "4", "overline": "6"}[self.value]

    @classmethod
    def from_code(cls, code: int) -> ForbiddenKind | None:
        """The kind for a core code (3, 4, 6), ``None`` for 0."""
        return {0: None, 3: cls.DOUBLE_THREE, 4: cls.DOUBLE_FOUR, 6: cls.OVERLINE}[code]


def forbidden_kind(board: Board, p: Point) -> ForbiddenKind | None:
    """What Black playing ``p`` would be, or ``None`` if legal (or occupied, or not renju)."""
    return ForbiddenKind.from_code(board.core.forbidden(p))


def forbidden_points(board: Board) -> dict[Point, ForbiddenKind]:
    """Every point forbidden for Black, in point order."""
    out: dict[Point, ForbiddenKind] = {}
    for p, code in board.core.forbidden_points():
        kind = ForbiddenKind.from_code(code)
        assert kind is not None
        out[p] = kind
    return out


@dataclass(frozen=True)
class ThreePoint:
    """A straight-four point of a three and whether it keeps the three alive."""

    point: Point
    ok: bool
    reason: str  # "legal", "makes a five", or the forbidden kind's name

    def text(self) -> str:
        """``"j8 (legal)"``."""
        return f"{point_name(self.point)} ({self.reason})"


@dataclass(frozen=True)
class LineReport:
    """What Black's stone does along one direction."""

    direction: str
    five: bool = False
    overline: bool = False
    fours: int = 0
    straight: bool = False
    completions: tuple[Point, ...] = ()
    three_points: tuple[ThreePoint, ...] = ()

    @property
    def three(self) -> bool:
        """A real three: no four here, and a straight-four point that is a legal move."""
        return not self.fours and any(t.ok for t in self.three_points)

    def text(self) -> str:
        """One line describing the direction."""
        if self.five:
            return f"{self.direction}: five"
        if self.overline:
            return f"{self.direction}: overline"
        if self.fours:
            kind = "straight four" if self.straight else ("two fours" if self.fours > 1 else "four")
            pts = ", ".join(point_name(p) for p in self.completions)
            return f"{self.direction}: {kind} (five at {pts})"
        if self.three_points:
            pts = ", ".join(t.text() for t in self.three_points)
            verdict = "three" if self.three else "false three"
            return f"{self.direction}: {verdict}, straight four at {pts}"
        return f"{self.direction}: nothing"


@dataclass(frozen=True)
class Explanation:
    """Why a point is (or is not) forbidden for Black."""

    point: Point
    kind: ForbiddenKind | None
    five: bool
    lines: tuple[LineReport, ...] = field(default_factory=tuple)
    note: str = ""

    def text(self) -> str:
        """A few lines of plain text, the verdict first."""
        name = point_name(self.point)
        if self.note:
            head = f"{name}: {self.note}"
        elif self.five:
            head = f"{name} is legal for Black: it makes a five, which wins"
        elif self.kind is None:
            head = f"{name} is legal for Black"
        else:
            head = f"{name} is forbidden for Black: {self.kind.value}"
        body = [
            f"  {line.text()}" for line in self.lines if line.text().split(": ")[1] != "nothing"
        ]
        return "\n".join([head, *body])


def explain(board: Board, p: Point | str) -> Explanation:
    """Explain Black playing ``p``: per direction its fives, fours, and threes with every
    straight-four point and why it does or does not keep the three alive (the recursive
    false-three rule and RIF's five clause).

    Raises:
        PointError: if ``p`` is a string that is not a point.
    """
    if isinstance(p, str):
        p = parse_point(p)
    core = board.core
    if core.get(p):
        return Explanation(p, None, False, note=f"occupied by {Color(core.get(p)).label()}")
    if board.rule is not Rule.RENJU:
        return Explanation(
            p, None, False, note=f"no forbidden moves under {board.rule.value} rules"
        )
    entries = [core.entry(d, p, BLACK) for d in range(len(DIRECTIONS))]
    kind = forbidden_kind(board, p)
    reports = []
    core.put(p, BLACK)
    try:
        for d, e in enumerate(entries):
            threes = []
            for k in mask_offsets(three_mask_of(e)):
                q = p + k * _STEPS[d]
                if core.is_five(q, BLACK):
                    threes.append(ThreePoint(q, False, "makes a five"))
                else:
                    qk = ForbiddenKind.from_code(core.forbidden(q))
                    threes.append(ThreePoint(q, qk is None, "legal" if qk is None else qk.value))
            reports.append(
                LineReport(
                    direction=DIRECTION_NAMES[d],
                    five=bool(e & FIVE),
                    overline=bool(e & OVERLINE),
                    fours=fours_of(e),
                    straight=bool(e & STRAIGHT),
                    completions=tuple(p + k * _STEPS[d] for k in mask_offsets(four_mask_of(e))),
                    three_points=tuple(threes),
                )
            )
    finally:
        core.remove(p)
    return Explanation(p, kind, any(r.five for r in reports), tuple(reports))
