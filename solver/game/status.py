"""The end of a game: who won, a draw, or still going, judged from a position.

- **black-won**: Black has an exact five.
- **white-won**: White has five or more, Black has an overline (a forbidden move, played
  or forced: it loses), or Black's last move was forbidden (double three, double four).
  Only a position with its moves knows its last move (a board built by
  :meth:`~solver.rules.board.Board.from_moves` or pushed to); from bare stones a double
  three or four on the board says nothing, since any of Black's stones could have come
  first. A forbidden move is judged as the last move only (the game loop asks after
  every move, so it ends the game as it is played; a record that goes on past one is
  not judged again).
- **draw**: two passes in succession (the last two moves), a full board, or no line can
  ever become five: every five cells in a row hold both colours, so filling every empty
  point with Black makes no five or more, nor does filling it with White::

      X O X O X O X O X O X O X O X     no window of five cells along any line
      ...                               is free of the other colour

A five first: a Black move that makes an exact five wins even if it also makes an
overline or a double four elsewhere. The judgement scans the 5- and 6-cell windows of
the board's lines as bit masks (no board copies).

>>> status(Board.from_moves("h8 a1 i8 a2 j8 a3 k8 a4 l8")).value
'black-won'
>>> status(Board.from_moves("h8 pass pass"))
Status(result=<Result.DRAW: 'draw'>, reason=<Reason.PASSES: 'passes'>, points=())
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from functools import cache
from typing import Any

from solver.errors import PositionError
from solver.rules.board import BLACK, Board, Color, Rule
from solver.rules.geometry import DIRECTIONS
from solver.rules.notation import NPOINTS, SIZE, Point, on_board, point_name

__all__ = ["Reason", "Result", "Status", "status"]


class Result(enum.Enum):
    """Where a game stands: its value is the command line's word."""

    ONGOING = "ongoing"
    BLACK_WON = "black-won"
    WHITE_WON = "white-won"
    DRAW = "draw"


class Reason(enum.Enum):
    """Why a game ended."""

    FIVE = "five"  # five in a row (Black exactly five; White five or more)
    OVERLINE = "overline"  # White's six or more wins; Black's loses (forbidden)
    FORBIDDEN = "forbidden"  # Black's last move was a double three or a double four
    PASSES = "passes"  # two passes in succession
    FULL_BOARD = "full-board"  # no empty point left
    NO_FIVE = "no-five"  # no line can ever become five, for either side


@dataclass(frozen=True)
class Status:
    """A game's result, why, and the stones concerned (the five or overline, the
    forbidden move), in point order."""

    result: Result
    reason: Reason | None = None
    points: tuple[Point, ...] = ()

    @property
    def value(self) -> str:
        """``ongoing``, ``black-won``, ``white-won`` or ``draw``."""
        return self.result.value

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.result is not Result.ONGOING

    def to_json(self) -> dict[str, Any]:
        """``{"status": "white-won", "reason": "overline", "points": ["h8", ...]}``."""
        return {
            "status": self.value,
            "reason": self.reason.value if self.reason else None,
            "points": [point_name(p) for p in self.points],
        }

    def text(self) -> str:
        """One line: ``Black won: five in a row (h8 i8 j8 k8 l8).``"""
        if self.result is Result.ONGOING:
            return "The game goes on."
        return f"{_HEADLINE[self.result]}: {self.why()}."

    def why(self) -> str:
        """The reason in words, with the stones: ``five in a row (h8 i8 j8 k8 l8)``."""
        stones = " ".join(point_name(p) for p in self.points)
        return _WHY[self.reason] + (f" ({stones})" if stones else "")


_HEADLINE = {Result.BLACK_WON: "Black won", Result.WHITE_WON: "White won", Result.DRAW: "Draw"}
_WHY = {
    None: "",
    Reason.FIVE: "five in a row",
    Reason.OVERLINE: "overline",
    Reason.FORBIDDEN: "Black's last move is forbidden",
    Reason.PASSES: "both sides passed in succession",
    Reason.FULL_BOARD: "the board is full",
    Reason.NO_FIVE: "no line can become five for either side",
}


@dataclass(frozen=True)
class _Window:
    """Five cells in a row: the first, the direction, and the cells as a bit mask."""

    start: Point
    step: tuple[int, int]  # (dcol, drow)
    mask: int


@dataclass(frozen=True)
class _Direction:
    step: tuple[int, int]
    shift: int  # the point index step along the direction (may be negative)
    starts: int  # the points from which five cells in this direction lie on the board


@cache
def _directions() -> tuple[_Direction, ...]:
    out = []
    for dx, dy in DIRECTIONS:
        starts = sum(
            1 << p for p in range(NPOINTS) if on_board(p % SIZE + 4 * dx, p // SIZE + 4 * dy)
        )
        out.append(_Direction((dx, dy), dx + SIZE * dy, starts))
    return tuple(out)


_ALL = (1 << NPOINTS) - 1
_BLACK_BITS = bytes.maketrans(b"\x00\x01\x02", b"010")
_WHITE_BITS = bytes.maketrans(b"\x00\x01\x02", b"001")


def _masks(board: Board) -> tuple[int, int]:
    """Black's and White's stones as bit masks (bit p: point p)."""
    cells = board.core.cell_bytes()[:NPOINTS]
    return int(cells.translate(_BLACK_BITS)[::-1], 2), int(cells.translate(_WHITE_BITS)[::-1], 2)


def _starts(stones: int, d: _Direction) -> int:
    """The points from which five cells in direction ``d`` all hold ``stones``."""
    s = d.shift
    if s > 0:
        return stones & stones >> s & stones >> 2 * s & stones >> 3 * s & stones >> 4 * s & d.starts
    s = -s
    return stones & stones << s & stones << 2 * s & stones << 3 * s & stones << 4 * s & d.starts


def _window(start: Point, d: _Direction) -> _Window:
    return _Window(start, d.step, sum(1 << (start + k * d.shift) for k in range(5)))


def _run(stones: int, w: _Window) -> tuple[Point, ...]:
    """The whole row of ``stones`` that holds the full window ``w``, in point order."""
    (dx, dy), col, row = w.step, w.start % SIZE, w.start // SIZE
    while on_board(col - dx, row - dy) and stones >> ((row - dy) * SIZE + col - dx) & 1:
        col, row = col - dx, row - dy
    run = []
    while on_board(col, row) and stones >> (row * SIZE + col) & 1:
        run.append(row * SIZE + col)
        col, row = col + dx, row + dy
    return tuple(sorted(run))


def _scan(black: int, white: int) -> tuple[list[_Window], bool]:
    """The windows of five cells full of one colour, and whether some window holds one
    colour at most (a five is still possible there): shifted bit masks, one line of the
    board at a time in parallel (``B & B>>1 & ... & B>>4`` finds the horizontal fives)."""
    full: list[_Window] = []
    possible = False
    for d in _directions():
        for stones in (black, white):
            found = _starts(stones, d)
            while found:
                low = found & -found
                full.append(_window(low.bit_length() - 1, d))
                found ^= low
        if not possible:
            possible = bool(_starts(_ALL & ~white, d) or _starts(_ALL & ~black, d))
    return full, possible


@dataclass(frozen=True)
class _Event:
    """A row on the board that ended the game: who won by it, why, its stones."""

    winner: Result
    reason: Reason
    row: tuple[Point, ...]


def _events(board: Board, black: int, white: int, full: list[_Window]) -> list[_Event]:
    """The fives and overlines on the board (one event per row), as game ends."""
    rule = board.rule
    found: dict[tuple[Point, ...], _Event] = {}
    for w in full:
        if black & w.mask == w.mask:
            row = _run(black, w)
            if len(row) == 5 or rule is Rule.FREESTYLE:
                found[row] = _Event(Result.BLACK_WON, Reason.FIVE, row)
            elif rule is Rule.RENJU:  # never a win for Black: a forbidden move was played
                found[row] = _Event(Result.WHITE_WON, Reason.OVERLINE, row)
        else:
            row = _run(white, w)
            if len(row) == 5:
                found[row] = _Event(Result.WHITE_WON, Reason.FIVE, row)
            elif rule is not Rule.STANDARD:
                found[row] = _Event(Result.WHITE_WON, Reason.OVERLINE, row)
    return list(found.values())


def _first(events: list[_Event], last: Point | None) -> _Event:
    """The event that ended the game: one not made by the last move came before it;
    among those made by the last move, a five comes first (a Black five that also
    makes an overline wins).

    Raises:
        PositionError: rows of both results came before the last move (or the board
        does not know its last move), so which came first is unknown.
    """
    earlier = [e for e in events if last is None or last not in e.row]
    if len({e.winner for e in earlier}) > 1:
        rows = " and ".join(" ".join(point_name(p) for p in e.row) for e in earlier[:2])
        raise PositionError(f"the game ended twice ({rows}): which came first is unknown")
    return min(earlier or events, key=lambda e: e.reason is not Reason.FIVE)


def status(board: Board) -> Status:
    """Where the game on ``board`` stands (see the module docstring).

    The last move, when the board knows its moves, tells which of two rows came first
    (one it did not make came before it) and whether Black lost by a forbidden move.

    Raises:
        PositionError: rows that end the game both ways (a five of each side, or a Black
        five and a Black overline) and no last move that says which came first.
    """
    black, white = _masks(board)
    full, possible = _scan(black, white)
    last, last_colour = _last_stone(board)
    events = _events(board, black, white, full)
    if events:
        e = _first(events, last)
        return Status(e.winner, e.reason, e.row)
    black_last = board.rule is Rule.RENJU and last_colour is BLACK and last is not None
    if black_last and last is not None and _forbidden_move(board, last):
        return Status(Result.WHITE_WON, Reason.FORBIDDEN, (last,))
    history = board.moves
    if len(history) >= 2 and history[-1] is None and history[-2] is None:
        return Status(Result.DRAW, Reason.PASSES)
    if board.stone_count == NPOINTS:
        return Status(Result.DRAW, Reason.FULL_BOARD)
    if not possible:
        return Status(Result.DRAW, Reason.NO_FIVE)
    return Status(Result.ONGOING)


def _last_stone(board: Board) -> tuple[Point | None, Color | None]:
    """The last stone played (passes skipped) and its colour, if the board knows."""
    colour = board.to_move
    for move in reversed(board.moves):
        colour = colour.opponent
        if move is not None:
            return move, colour
    return None, None


def _forbidden_move(board: Board, p: Point) -> bool:
    """Whether Black's stone at ``p`` was a forbidden move when played (taken off and
    judged on the position before it; put back)."""
    core = board.core
    core.remove(p)
    try:
        return bool(core.forbidden(p))
    finally:
        core.put(p, BLACK)
