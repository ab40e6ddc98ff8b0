"""Point-finding: every point of a kind for the side to move, each with its explanation.

The kinds read from the position's patterns (``renju points KIND``; ``keys`` and
``defences`` need a search: :mod:`solver.search.points`):

- ``forbidden``: Black's forbidden points, each with its kind (whoever is to move);
- ``five``: the moves that make five (Black: exactly five);
- ``four``: the legal moves that make a four (not a five);
- ``straight-four``: the legal moves that make a straight four ``_BBBB_``;
- ``three``: the legal moves that make a true three: a straight-four point of it must
  itself be a legal move with the stone on the board and make no five (the recursive
  rule, RULES.md); a false three does not count::

      x_BB[B]_x      a three: a straight four at either end
- ``four-three``: a four and a true three in another direction (Black's only double);
- ``double-four``, ``double-three``: two fours, two true threes (White; forbidden for
  Black under renju rules, so asking them for Black is an error);
- ``double-threat``: two threats (fours or true threes) that no single reply meets:
  after every reply on their lines (but one that makes the defender's five) the mover
  still has a move that wins at once (a five, a straight four, two fours, or a four
  whose block is forbidden for Black). The defender's counter-fours are not considered:
  a shape, not a search (``keys`` searches).

Each point comes with its lines (direction, shape, the points that matter: completions
of a four, straight-four points of a three) and a sentence for a trainer.

>>> from solver.rules.board import Board
>>> from solver.rules.notation import parse_point
>>> b = Board.from_stones("h8 i8 h9 h10", "a1", to_move="black")
>>> r = pattern_points(b, "straight-four")
>>> [point_name(p) for p in r.points], r.explanations[parse_point("h11")]
(['h7', 'h11'], 'h11: straight four (vertical, five at h7, h12)')
>>> pattern_points(b, "three").to_dict()["details"]["j8"]
'three'

"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from solver.errors import RenjuError
from solver.rules.board import BLACK, Board, Color, Rule
from solver.rules.notation import NPOINTS, Point, point_name
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
    "KINDS",
    "PATTERN_KINDS",
    "LineShape",
    "PointsKindError",
    "PointsResult",
    "pattern_points",
]

PATTERN_KINDS = (
    "forbidden",
    "five",
    "four",
    "straight-four",
    "three",
    "four-three",
    "double-four",
    "double-three",
    "double-threat",
)
KINDS = (*PATTERN_KINDS, "keys", "defences")
_STEPS = (1, 15, 16, -14)


class PointsKindError(RenjuError):
    """An unknown point kind, or one that does not apply to the side to move (quoted)."""


@dataclass(frozen=True)
class LineShape:
    """What a stone at a point makes along one direction: ``shape`` is ``five``,
    ``overline``, ``four``, ``straight-four``, ``double-four`` (two fours on the line),
    ``three`` or ``false-three``; ``points`` are the completion points of a four, the
    straight-four points of a three (a false three's: its straight-four points, none of
    them a legal move that makes no five)."""

    direction: str
    shape: str
    points: tuple[Point, ...] = ()

    def text(self) -> str:
        """``"four (horizontal, five at j8)"``."""
        pts = ", ".join(point_name(p) for p in self.points)
        if self.shape in ("four", "straight-four", "double-four"):
            return f"{self.shape.replace('-', ' ')} ({self.direction}, five at {pts})"
        if self.shape == "three":
            return f"three ({self.direction}, straight four at {pts})"
        if self.shape == "false-three":
            return f"false three ({self.direction}: no legal straight four at {pts})"
        return f"{self.shape} ({self.direction})"

    def to_dict(self) -> dict[str, Any]:
        """``{"direction": ..., "shape": ..., "points": [...]}``."""
        return {
            "direction": self.direction,
            "shape": self.shape,
            "points": [point_name(p) for p in self.points],
        }


@dataclass
class PointsResult:
    """Every point of ``kind`` for ``side``, with per point a short label (``details``:
    the forbidden kind, ``four-three``, a key's length, a defence's reason), its lines
    and a sentence (``explanations``). ``extra`` holds a search kind's more (the goal,
    the threat, the refutations); ``complete`` is False when a search ran out of budget
    (the points found are right, some may be missing: see ``extra``)."""

    kind: str
    side: Color
    points: list[Point] = field(default_factory=list)
    details: dict[Point, str] = field(default_factory=dict)
    lines: dict[Point, list[LineShape]] = field(default_factory=dict)
    explanations: dict[Point, str] = field(default_factory=dict)
    complete: bool = True
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The ``--json`` object of ``renju points``."""
        out: dict[str, Any] = {
            "kind": self.kind,
            "side": self.side.label(),
            "points": [point_name(p) for p in self.points],
            "details": {point_name(p): v for p, v in self.details.items()},
            "explanations": {point_name(p): v for p, v in self.explanations.items()},
            "lines": {
                point_name(p): [s.to_dict() for s in shapes] for p, shapes in self.lines.items()
            },
            "complete": self.complete,
        }
        out.update(self.extra)
        return out


def line_shapes(board: Board, p: Point, colour: int) -> list[LineShape]:
    """The shapes ``colour`` makes with a stone at the empty ``p``, direction by
    direction (the directions where it makes nothing are left out)."""
    from solver.rules.forbidden import DIRECTION_NAMES  # (not at start-up: see _forbidden)

    core = board.core
    renju_black = colour == BLACK and board.rule is Rule.RENJU
    entries = [core.entry(d, p, colour) for d in range(4)]
    out: list[LineShape] = []
    threes: list[tuple[int, list[Point]]] = []
    for d, e in enumerate(entries):
        name = DIRECTION_NAMES[d]
        if e & FIVE:
            out.append(LineShape(name, "five"))
        elif renju_black and e & OVERLINE:
            out.append(LineShape(name, "overline"))
        elif fours_of(e):
            comps = tuple(p + k * _STEPS[d] for k in mask_offsets(four_mask_of(e)))
            shape = (
                "straight-four" if e & STRAIGHT else "four" if fours_of(e) == 1 else "double-four"
            )
            out.append(LineShape(name, shape, comps))
        elif three_mask_of(e):
            threes.append((d, [p + k * _STEPS[d] for k in mask_offsets(three_mask_of(e))]))
    if threes:
        core.put(p, colour)
        try:
            for d, qs in threes:
                ok = tuple(q for q in qs if _three_point_ok(board, q, colour, renju_black))
                shape = "three" if ok else "false-three"
                out.append(LineShape(DIRECTION_NAMES[d], shape, ok or tuple(qs)))
        finally:
            core.remove(p)
        order = {n: i for i, n in enumerate(DIRECTION_NAMES)}
        out.sort(key=lambda s: order[s.direction])
    return out


def _three_point_ok(board: Board, q: Point, colour: int, renju_black: bool) -> bool:
    """A straight-four point keeps the three alive: for Black under renju, a legal move
    that makes no five (RIF), judged with the three's stone on the board."""
    if not renju_black:
        return True
    core = board.core
    return not core.is_five(q, colour) and not core.forbidden(q)


def _candidates(board: Board, colour: int) -> list[tuple[Point, list[int]]]:
    """The empty points where ``colour`` makes something by shape, with their entries."""
    core = board.core
    cells = core.cell_bytes()
    out = []
    for p in range(NPOINTS):
        if cells[p]:
            continue
        entries = [core.entry(d, p, colour) for d in range(4)]
        if any(entries):
            out.append((p, entries))
    return out


def pattern_points(board: Board, kind: str) -> PointsResult:
    """Every point of a pattern kind (``PATTERN_KINDS``) for the side to move.

    Raises:
        PointsKindError: an unknown kind, ``keys``/``defences`` (they search:
            ``solver.search.points.points``), or ``double-four``/``double-three`` for
            Black under renju rules (his are forbidden: ask ``forbidden``).
    """
    kind = kind.strip().lower()
    if kind not in PATTERN_KINDS:
        if kind in KINDS:
            raise PointsKindError(f"{kind!r} needs a search: use solver.search.points.points")
        raise PointsKindError(f"unknown point kind: {kind!r} (expected one of {', '.join(KINDS)})")
    side = board.to_move
    colour = int(side)
    renju_black = side is BLACK and board.rule is Rule.RENJU
    if kind == "forbidden":
        return _forbidden(board)
    if kind in ("double-four", "double-three") and renju_black:
        raise PointsKindError(
            f"{kind!r} is White's: Black's double fours and double threes are forbidden "
            "(ask 'forbidden')"
        )
    result = PointsResult(kind, side)
    core = board.core
    for p, entries in _candidates(board, colour):
        if any(e & FIVE for e in entries):
            if kind == "five":
                result.points.append(p)
                result.lines[p] = [s for s in line_shapes(board, p, colour) if s.shape == "five"]
            continue
        if kind == "five":
            continue
        fours = sum(fours_of(e) for e in entries)
        straight = any(e & STRAIGHT for e in entries)
        shaped_threes = sum(1 for e in entries if not fours_of(e) and three_mask_of(e))
        wanted = {
            "four": fours >= 1,
            "straight-four": straight,
            "three": shaped_threes >= 1,
            "four-three": fours >= 1 and shaped_threes >= 1,
            "double-four": fours >= 2,
            "double-three": shaped_threes >= 2,
            "double-threat": fours + shaped_threes >= 2,
        }[kind]
        if not wanted or (renju_black and core.forbidden(p)):
            continue
        shapes = line_shapes(board, p, colour)
        threes = sum(1 for s in shapes if s.shape == "three")
        if kind in ("three", "four-three", "double-three", "double-threat"):
            need = {"three": 1, "four-three": 1, "double-three": 2}.get(kind, 0)
            if threes < need:
                continue
            if kind == "double-threat" and not (
                fours + threes >= 2 and _unanswerable(board, p, colour)
            ):
                continue
        result.points.append(p)
        result.lines[p] = shapes
    for p in result.points:
        shapes = result.lines[p]
        result.details[p] = _label(kind, shapes)
        result.explanations[p] = f"{point_name(p)}: " + "; ".join(s.text() for s in shapes)
    return result


def _label(kind: str, shapes: list[LineShape]) -> str:
    """A short label of a point's shapes: ``four-three``, ``double-four``, ``three``..."""
    fours = sum(2 if s.shape == "double-four" else 1 for s in shapes if "four" in s.shape)
    threes = sum(1 for s in shapes if s.shape == "three")
    if any(s.shape == "five" for s in shapes):
        return "five"
    if kind == "straight-four" or (fours == 1 and any(s.shape == "straight-four" for s in shapes)):
        return "straight-four" if not threes else "straight-four and three"
    parts = []
    if fours:
        parts.append("four" if fours == 1 else "double-four")
    if threes:
        parts.append("three" if threes == 1 else "double-three")
    return "-".join(parts) if fours == 1 and threes == 1 else " and ".join(parts)


def _forbidden(board: Board) -> PointsResult:
    # (imported here: the command line's start-up does without the explainer)
    from solver.rules.forbidden import ForbiddenKind, explain, forbidden_points

    result = PointsResult("forbidden", BLACK)
    found: dict[Point, ForbiddenKind] = forbidden_points(board) if board.rule is Rule.RENJU else {}
    for p, k in found.items():
        result.points.append(p)
        result.details[p] = k.value
        result.lines[p] = line_shapes(board, p, BLACK)
        result.explanations[p] = explain(board, p).text().replace("\n  ", "; ")
    return result


def _unanswerable(board: Board, p: Point, colour: int) -> bool:
    """After ``colour`` plays ``p``, no reply on the lines through ``p`` (within five
    points) leaves him without a move that wins at once; a reply making the defender's
    five answers anything. (A reply off those lines touches none of the threats.)"""
    core = board.core
    d = 3 - colour
    near = _line_points(p)
    # (a four leaves one reply: its completion point, or a five of the defender's)
    comps = core.completions(p, colour)
    core.put(p, colour)
    try:
        replies = sorted({*comps, *core.five_points(d)}) if comps else near
        for r in replies:
            if core.get(r) or (d == BLACK and board.rule is Rule.RENJU and core.forbidden(r)):
                continue
            if core.is_five(r, d):
                return False
            core.put(r, d)
            try:
                if not any(_wins_at_once(board, w, colour) for w in near if not core.get(w)):
                    return False
            finally:
                core.remove(r)
        return True
    finally:
        core.remove(p)


def _wins_at_once(board: Board, w: Point, colour: int) -> bool:
    """``colour`` playing ``w`` makes a five or a four no one can stop."""
    core = board.core
    if core.is_five(w, colour):
        return True
    if not core.is_four_move(w, colour):
        return False
    comps = core.completions(w, colour)
    if len(comps) >= 2:
        return True
    d = 3 - colour
    return (
        d == BLACK
        and board.rule is Rule.RENJU
        and not core.is_five(comps[0], d)
        and bool(core.forbidden_after(comps[0], w, colour))
    )


def _line_points(p: Point) -> list[Point]:
    """The points within five of ``p`` along its four lines, in point order."""
    x, y = p % 15, p // 15
    out = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for k in range(-5, 6):
            cx, cy = x + k * dx, y + k * dy
            if k and 0 <= cx < 15 and 0 <= cy < 15:
                out.append(cy * 15 + cx)
    return sorted(set(out))
