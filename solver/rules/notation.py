"""Points and their standard notation.

A point is a plain ``int``: ``row * 15 + col`` with ``col`` 0..14 for columns ``a``..``o``
(the letter ``i`` is used) and ``row`` 0..14 for rows ``1``..``15`` counted from the bottom.
So ``a1`` is 0, ``o1`` is 14, ``h8`` (the centre) is 112 and ``o15`` is 224.

>>> parse_point("H8")
112
>>> point_name(112)
'h8'
>>> [point_name(p) for p in parse_points("h8,i9 j10")]
['h8', 'i9', 'j10']
>>> parse_moves("h8 pass i9")
[112, None, 128]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TypeAlias

from solver.errors import PointError

__all__ = [
    "CENTER",
    "NPOINTS",
    "SIZE",
    "Move",
    "Point",
    "col_of",
    "format_moves",
    "format_points",
    "on_board",
    "parse_moves",
    "parse_point",
    "parse_points",
    "point",
    "point_name",
    "row_of",
]

Point: TypeAlias = int
"""A board point, ``row * 15 + col`` (row 0 is the bottom row)."""

Move: TypeAlias = "int | None"
"""A move in a game record: a point, or ``None`` for a pass."""

SIZE = 15
NPOINTS = SIZE * SIZE
CENTER = 7 * SIZE + 7

_COLUMNS = "abcdefghijklmno"
_POINT_RE = re.compile(r"([a-oA-O])(1[0-5]|[1-9])")
_FULL_POINT_RE = re.compile(r"\s*([a-oA-O])(1[0-5]|[1-9])\s*")
_TOKEN_RE = re.compile(r"[^\s,;]+")
_PASS_WORDS = frozenset({"pass", "--", "0"})


def point(col: int, row: int) -> Point:
    """The point at ``col`` (0 = a) and ``row`` (0 = row 1, at the bottom).

    Raises:
        PointError: if either coordinate is off the board.
    """
    if not (0 <= col < SIZE and 0 <= row < SIZE):
        raise PointError(f"point off the board: column {col}, row {row}")
    return row * SIZE + col


def col_of(p: Point) -> int:
    """The column of ``p``, 0 for ``a``."""
    return p % SIZE


def row_of(p: Point) -> int:
    """The row of ``p``, 0 for row ``1`` at the bottom."""
    return p // SIZE


def on_board(col: int, row: int) -> bool:
    """Whether ``(col, row)`` lies on the 15x15 board."""
    return 0 <= col < SIZE and 0 <= row < SIZE


def parse_point(text: str) -> Point:
    """Parse one point such as ``"h8"`` or ``"H8"`` (surrounding spaces are ignored).

    Raises:
        PointError: quoting ``text`` if it is not a point of the 15x15 board.
    """
    m = _FULL_POINT_RE.fullmatch(text)
    if m is None:
        raise PointError(f"not a point on the 15x15 board: {text!r} (expected a1..o15)")
    return (int(m.group(2)) - 1) * SIZE + _COLUMNS.index(m.group(1).lower())


def point_name(p: Point) -> str:
    """The standard name of ``p``, lowercase (``"h8"``).

    Raises:
        PointError: if ``p`` is not a point index 0..224.
    """
    if not 0 <= p < NPOINTS:
        raise PointError(f"not a point index: {p!r}")
    return f"{_COLUMNS[p % SIZE]}{p // SIZE + 1}"


def _tokens(text: str) -> list[str]:
    """Split on spaces/commas/semicolons, then split run-together points (``"h8i9"``)."""
    out: list[str] = []
    for tok in _TOKEN_RE.findall(text):
        if tok.lower() in _PASS_WORDS:
            out.append("pass")
            continue
        pos = 0
        while pos < len(tok):
            m = _POINT_RE.match(tok, pos)
            # A run-together token must split into points exactly; "h16" must not become "h1".
            if m is None:
                raise PointError(f"not a point on the 15x15 board: {tok!r} in {text!r}")
            end = m.end()
            if end < len(tok) and tok[end].isdigit():
                raise PointError(f"not a point on the 15x15 board: {tok!r} in {text!r}")
            out.append(m.group(0))
            pos = end
    return out


def parse_points(text: str) -> list[Point]:
    """Parse a list of points separated by spaces or commas, or run together (``"h8i9"``).

    Raises:
        PointError: quoting the bad item; a pass is not allowed here.
    """
    points: list[Point] = []
    for tok in _tokens(text):
        if tok == "pass":
            raise PointError(f"a pass is not a point: in {text!r}")
        points.append(parse_point(tok))
    return points


def parse_moves(text: str) -> list[Move]:
    """Parse a move sequence; ``pass`` (or ``--``, ``0``) is a pass, returned as ``None``.

    Raises:
        PointError: quoting the bad item.
    """
    return [None if tok == "pass" else parse_point(tok) for tok in _tokens(text)]


def format_points(points: Iterable[Point], sep: str = " ") -> str:
    """Format points in standard notation, joined by ``sep``."""
    return sep.join(point_name(p) for p in points)


def format_moves(moves: Sequence[Move], sep: str = " ") -> str:
    """Format a move sequence; passes print as ``pass``. Inverse of :func:`parse_moves`."""
    return sep.join("pass" if m is None else point_name(m) for m in moves)
