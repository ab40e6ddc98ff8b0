"""The board: stones, side to move, move history, hash; push/pop; diagrams; symmetries.

>>> b = Board.from_moves("h8 h9 i8")
>>> b.to_move.name
'WHITE'
>>> [point_name(p) for p in b.stones(Color.BLACK)]
['h8', 'i8']
>>> b.pop()
113
>>> b.to_move.name
'BLACK'
>>> print(Board.from_stones("h8", "i9").diagram(coordinates=False).splitlines()[7])
. . . . . . . X . . . . . . .
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Mapping, Sequence

from solver.engine.backend import Core, core_class
from solver.errors import DiagramError, IllegalMoveError, PositionError
from solver.rules.geometry import SYMMETRIES, transform_point
from solver.rules.notation import NPOINTS, SIZE, Move, Point, parse_moves, parse_points, point_name
from solver.rules.zobrist import ZOBRIST_SIDE

__all__ = ["BLACK", "EMPTY", "WHITE", "Board", "Color", "Rule", "diagram_stones"]


class Color(enum.IntEnum):
    """A cell's content or a side: EMPTY 0, BLACK 1, WHITE 2."""

    EMPTY = 0
    BLACK = 1
    WHITE = 2

    @property
    def opponent(self) -> Color:
        """The other side (EMPTY stays EMPTY)."""
        return Color((3 - self) % 3)

    @classmethod
    def parse(cls, text: str) -> Color:
        """``"black"``/``"b"``/``"x"`` or ``"white"``/``"w"``/``"o"``, any case.

        Raises:
            PositionError: quoting ``text`` otherwise.
        """
        t = text.strip().lower()
        if t in ("black", "b", "x"):
            return cls.BLACK
        if t in ("white", "w", "o"):
            return cls.WHITE
        raise PositionError(f"not a side: {text!r} (expected black or white)")

    def label(self) -> str:
        """``"black"``, ``"white"`` or ``"empty"``."""
        return self.name.lower()


BLACK, WHITE, EMPTY = Color.BLACK, Color.WHITE, Color.EMPTY


class Rule(enum.Enum):
    """Rule set: ``renju`` (RIF: Black exact five and forbidden moves, White five or more),
    ``standard`` (gomoku: exact five, nothing forbidden), ``freestyle`` (five or more)."""

    RENJU = "renju"
    STANDARD = "standard"
    FREESTYLE = "freestyle"

    @property
    def number(self) -> int:
        """The core's rule number."""
        return ("renju", "standard", "freestyle").index(self.value)

    @classmethod
    def parse(cls, text: str | Rule) -> Rule:
        """Parse a rule name.

        Raises:
            PositionError: quoting ``text`` if it names no rule set.
        """
        if isinstance(text, Rule):
            return text
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise PositionError(
                f"unknown rule set: {text!r} (expected renju, standard or freestyle)"
            ) from None


_BLACK_SYMBOLS = "XxBb●*"
_WHITE_SYMBOLS = "OoWw○"
_EMPTY_SYMBOLS = ".+_-·3467"


def _points(value: str | Iterable[Point]) -> list[Point]:
    return parse_points(value) if isinstance(value, str) else list(value)


class Board:
    """A position: stones, the side to move, and the moves pushed since it was set up.

    ``push``/``pop`` play and take back moves (a pass is ``None``) and keep the Zobrist
    ``hash`` up to date incrementally. The board does not stop Black from playing a
    forbidden point (a game record may hold one: it loses); use :meth:`is_legal` or the
    functions of :mod:`solver.rules.forbidden` for that.
    """

    __slots__ = ("_history", "core", "rule", "to_move")

    def __init__(self, rule: Rule | str = Rule.RENJU, *, compiled: bool | None = None) -> None:
        self.rule = Rule.parse(rule)
        self.to_move = BLACK
        self.core: Core = core_class(compiled)(self.rule.number)
        self._history: list[tuple[Move, Color]] = []

    # -- construction -------------------------------------------------------------------
    @classmethod
    def from_stones(
        cls,
        black: str | Iterable[Point] = (),
        white: str | Iterable[Point] = (),
        to_move: Color | str = BLACK,
        rule: Rule | str = Rule.RENJU,
        *,
        compiled: bool | None = None,
    ) -> Board:
        """A position from stone lists (notation strings or points).

        Raises:
            PointError: a point cannot be parsed.
            PositionError: a point is listed twice or holds both colours.
        """
        board = cls(rule, compiled=compiled)
        bl, wh = _points(black), _points(white)
        seen: dict[Point, Color] = {}
        for colour, pts in ((BLACK, bl), (WHITE, wh)):
            for p in pts:
                if not 0 <= p < NPOINTS:
                    raise PositionError(f"not a point index: {p!r}")
                if p in seen:
                    what = "listed twice" if seen[p] is colour else "both black and white"
                    raise PositionError(f"stone at {point_name(p)} is {what}")
                seen[p] = colour
                board.core.put(p, colour)
        board.to_move = to_move if isinstance(to_move, Color) else Color.parse(to_move)
        return board

    @classmethod
    def from_moves(
        cls,
        moves: str | Sequence[Move],
        rule: Rule | str = Rule.RENJU,
        *,
        compiled: bool | None = None,
    ) -> Board:
        """A position from a move sequence, Black first (``None`` or ``"pass"`` passes).

        Raises:
            PointError: a move cannot be parsed.
            IllegalMoveError: a move is on an occupied point (quoting its number).
        """
        board = cls(rule, compiled=compiled)
        seq = parse_moves(moves) if isinstance(moves, str) else list(moves)
        for i, m in enumerate(seq):
            if m is not None and board.core.get(m):
                raise IllegalMoveError(f"move {i + 1} ({point_name(m)}) is on an occupied point")
            board.push(m)
        return board

    @classmethod
    def from_diagram(
        cls,
        text: str,
        to_move: Color | str = BLACK,
        rule: Rule | str = Rule.RENJU,
        *,
        black: str = _BLACK_SYMBOLS,
        white: str = _WHITE_SYMBOLS,
        compiled: bool | None = None,
    ) -> Board:
        """A position from a text diagram: 15 rows, top row (15) first.

        Cells are ``X``/``B``/``●`` black, ``O``/``W``/``○`` white, ``.``/``+``/``_`` empty
        (forbidden-point digits 3/4/6 read as empty), optionally separated by spaces. Row
        numbers at either end and a line of column letters are ignored. Pass ``black`` and
        ``white`` to read other symbols (quintet's files use ``o`` for Black).

        Raises:
            DiagramError: quoting the first line that is not a board row, or the row count.
        """
        bl, wh = _diagram_points(text, black, white)
        return cls.from_stones(bl, wh, to_move, rule, compiled=compiled)

    def copy(self) -> Board:
        """An independent copy with the same stones, side to move and history."""
        other = Board.__new__(Board)
        other.rule = self.rule
        other.to_move = self.to_move
        other.core = self.core.copy()
        other._history = list(self._history)
        return other

    # -- queries ------------------------------------------------------------------------
    def __getitem__(self, p: Point) -> Color:
        return Color(self.core.get(p))

    def stones(self, colour: Color) -> list[Point]:
        """The points holding ``colour``, in point order."""
        cells = self.core.cell_bytes()
        return [p for p in range(NPOINTS) if cells[p] == colour]

    def empty_points(self) -> list[Point]:
        """The empty points, in point order."""
        cells = self.core.cell_bytes()
        return [p for p in range(NPOINTS) if not cells[p]]

    @property
    def hash(self) -> int:
        """Zobrist hash of stones and side to move (64-bit)."""
        return int(self.core.hash) ^ (ZOBRIST_SIDE if self.to_move is WHITE else 0)

    @property
    def stone_count(self) -> int:
        """Number of stones on the board."""
        return int(self.core.count)

    @property
    def moves(self) -> list[Move]:
        """The moves pushed since the position was set up."""
        return [m for m, _ in self._history]

    def is_legal(self, p: Point) -> bool:
        """Whether the side to move may play ``p``: empty, and not forbidden for Black."""
        if self.core.get(p):
            return False
        return not (self.to_move is BLACK and self.core.forbidden(p))

    def is_five(self, p: Point, colour: Color | None = None) -> bool:
        """Whether ``colour`` (default: the side to move) makes five by playing ``p``."""
        return bool(self.core.is_five(p, int(colour or self.to_move)))

    def five_on_board(self) -> Color | None:
        """The colour that already has a five (Black: exactly five), or ``None``."""
        core = self.core
        for p in range(NPOINTS):
            colour = core.get(p)
            if colour:
                core.remove(p)
                five = core.is_five(p, colour)
                core.put(p, colour)
                if five:
                    return Color(colour)
        return None

    # -- moves --------------------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Play ``move`` (a point, or ``None`` to pass) for the side to move.

        Raises:
            IllegalMoveError: the point is occupied or off the board.
        """
        colour = self.to_move
        if move is not None:
            if not 0 <= move < NPOINTS:
                raise IllegalMoveError(f"not a point index: {move!r}")
            if self.core.get(move):
                raise IllegalMoveError(f"{point_name(move)} is occupied")
            self.core.put(move, colour)
        self._history.append((move, colour))
        self.to_move = colour.opponent

    def pop(self) -> Move:
        """Take back the last pushed move and return it.

        Raises:
            IndexError: nothing to take back.
        """
        if not self._history:
            raise IndexError("no move to take back")
        move, colour = self._history.pop()
        if move is not None:
            self.core.remove(move)
        self.to_move = colour
        return move

    # -- symmetry -----------------------------------------------------------------------
    def transform(self, sym: int) -> Board:
        """The position mapped by symmetry ``sym`` (see :data:`solver.rules.geometry.SYMMETRIES`).

        The history is not carried over; stones and side to move are.
        """
        if not 0 <= sym < len(SYMMETRIES):
            raise ValueError(f"no symmetry number {sym!r}")
        return Board.from_stones(
            [transform_point(p, sym) for p in self.stones(BLACK)],
            [transform_point(p, sym) for p in self.stones(WHITE)],
            self.to_move,
            self.rule,
            compiled=None,
        )

    # -- text ---------------------------------------------------------------------------
    def diagram(
        self,
        marks: Mapping[Point, str] | None = None,
        *,
        coordinates: bool = True,
    ) -> str:
        """A text diagram, row 15 at the top: ``X`` black, ``O`` white, ``.`` empty.

        ``marks`` puts a one-character mark on empty points (e.g. ``3``/``4``/``6`` for
        forbidden points). Inverse of :meth:`from_diagram`.
        """
        marks = marks or {}
        cells = self.core.cell_bytes()
        out = []
        for row in range(SIZE - 1, -1, -1):
            chars = []
            for col in range(SIZE):
                p = row * SIZE + col
                chars.append(".XO"[cells[p]] if cells[p] else marks.get(p, "."))
            body = " ".join(chars)
            out.append(f"{row + 1:>2} {body}" if coordinates else body)
        if coordinates:
            out.append("   " + " ".join("abcdefghijklmno"))
        return "\n".join(out)

    def __repr__(self) -> str:
        b = ",".join(point_name(p) for p in self.stones(BLACK))
        w = ",".join(point_name(p) for p in self.stones(WHITE))
        return f"Board(black={b!r}, white={w!r}, to_move={self.to_move.label()!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.rule is other.rule
            and self.to_move is other.to_move
            and self.core.cell_bytes() == other.core.cell_bytes()
        )

    __hash__ = None  # type: ignore[assignment]


def diagram_stones(
    text: str, *, black: str = _BLACK_SYMBOLS, white: str = _WHITE_SYMBOLS
) -> tuple[list[Point], list[Point]]:
    """The black and the white stones of a text diagram (see :meth:`Board.from_diagram`),
    each in point order, read without building a board (a reader of many puzzles builds
    only the board it uses).

    >>> rows = [". " * 15] * 14 + [". X O" + " ." * 12]
    >>> diagram_stones(chr(10).join(rows))
    ([1], [2])

    Raises:
        DiagramError: quoting the first line that is not a board row, or the row count.
    """
    bl, wh = _diagram_points(text, black, white)
    return sorted(bl), sorted(wh)


@functools.cache
def _row_patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A diagram's line of column letters, a row starting with its number, the row
    numbers at either end: compiled on first use (a solve from stones reads no diagram)."""
    return (
        re.compile(r"[a-oA-O](\s*[a-oA-O]){14}"),
        re.compile(r"^\d+\s"),
        re.compile(r"^\d+\s*|\s*\d+$"),
    )


def _diagram_points(text: str, black: str, white: str) -> tuple[list[Point], list[Point]]:
    """The diagram's stones, row by row from the top."""
    column_letters, numbered_row, row_numbers = _row_patterns()
    symbols = set(black) | set(white) | set(_EMPTY_SYMBOLS)
    rows: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if column_letters.fullmatch(line):
            continue
        cells = row_numbers.sub("", line) if numbered_row.match(line) else line
        cells = cells.replace(" ", "")
        if len(cells) != SIZE or not symbols.issuperset(cells):
            raise DiagramError(f"not a board row of 15 cells: {raw!r}")
        rows.append(cells)
    if len(rows) != SIZE:
        raise DiagramError(f"a diagram needs 15 rows, found {len(rows)}")
    bl, wh = [], []
    stones = set(black) | set(white)
    for i, cells in enumerate(rows):
        if stones.isdisjoint(cells):
            continue
        row = SIZE - 1 - i
        for col, c in enumerate(cells):
            if c in black:
                bl.append(row * SIZE + col)
            elif c in white:
                wh.append(row * SIZE + col)
    return bl, wh
