"""The board: one Line-API widget (``render_line(y) -> Strip``) drawing a 15x15 Renju board.

The widget owns the cursor and the coordinate being typed; everything else it shows comes
down from the screen as one immutable :class:`Picture`. It posts
:class:`BoardView.PointSelected` (Enter, or a click) and :class:`BoardView.CursorMoved`.
When a new picture arrives only the rows that changed are repainted.

The board has its own wood colour, so black and white stones read the same on dark and
light terminals. The last move is drawn between brackets (``[●]``) and the hint's region
with ``░``, so both read without colour too. Narrow layout (37 x 17 cells); with
:attr:`BoardView.wide` each point takes 4 columns and 2 rows (65 x 31)::

        a b c d e f g h i j k l m n o
     15 ┌─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┬─┐ 15
     ...
      1 └─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┴─┘ 1
        a b c d e f g h i j k l m n o
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from solver.rules.notation import Point, point_name

__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "BoardView", "Picture", "board_size"]

SIZE = 15
LETTERS = "abcdefghijklmno"
LEFT = 4  # x of column a
BOARD_WIDTH = 37  # narrow layout
BOARD_HEIGHT = 17
WIDE_MIN = (110, 36)  # the smallest screen (columns, rows) that gets the wide layout
STARS = frozenset({3 * 15 + 3, 3 * 15 + 11, 7 * 15 + 7, 11 * 15 + 3, 11 * 15 + 11})

WOOD = "#d9ad62"
GRID = Style(color="#6b4a1c", bgcolor=WOOD)
STAR = Style(color="#3d2a0e", bgcolor=WOOD, bold=True)
BLACK_STONE = Style(color="#000000", bgcolor=WOOD, bold=True)
WHITE_STONE = Style(color="#ffffff", bgcolor=WOOD, bold=True)
BLACK_NUMBER = Style(color="#ffffff", bgcolor="#000000", bold=True)
WHITE_NUMBER = Style(color="#000000", bgcolor="#ffffff", bold=True)
FORBIDDEN = Style(color="#c00000", bgcolor=WOOD, bold=True)
LABEL = Style(color="#0b3d91", bgcolor=WOOD, bold=True)
LAST = Style(bgcolor="#e0603a")
LAST_MARK = Style(color="#000000", bgcolor=WOOD, bold=True)
REGION_GLYPH = "░"
REGION = Style(bgcolor="#a8d08d")
TARGET = Style(bgcolor="#2e9e4f")
CURSOR = Style(bgcolor="#2f80ed", color="#ffffff", bold=True)


def _grid_char(p: Point) -> str:
    col, row = p % SIZE, p // SIZE
    top, bottom, left, right = row == SIZE - 1, row == 0, col == 0, col == SIZE - 1
    if top:
        return "┌" if left else "┐" if right else "┬"
    if bottom:
        return "└" if left else "┘" if right else "┴"
    if left:
        return "├"
    if right:
        return "┤"
    return "╋" if p in STARS else "┼"


def _steps(wide: bool) -> tuple[int, int]:
    """Columns and rows from one point to the next."""
    return (4, 2) if wide else (2, 1)


def board_size(wide: bool) -> tuple[int, int]:
    """The board's width and height in cells, narrow (37 x 17) or wide (65 x 31)."""
    sx, sy = _steps(wide)
    return LEFT + sx * (SIZE - 1) + 5, 3 + sy * (SIZE - 1)


@dataclass(frozen=True)
class Picture:
    """Everything the board shows apart from the cursor.

    Attributes:
        cells: 225 bytes, 0 empty, 1 black, 2 white (``Board.core.cell_bytes()``).
        last: the last move, marked.
        numbers: move numbers of stones, shown when ``show_numbers`` is on.
        forbidden: marks (``3``/``4``/``6``) on Black's forbidden points.
        labels: other one- or two-character labels on empty points (a line, defences).
        region: points with a light background (the hint's region).
        targets: points with a strong background (the hint move, a refutation).
        show_numbers: whether to draw move numbers on the stones.
    """

    cells: bytes = bytes(SIZE * SIZE)
    last: Point | None = None
    numbers: dict[Point, int] = field(default_factory=dict)
    forbidden: dict[Point, str] = field(default_factory=dict)
    labels: dict[Point, str] = field(default_factory=dict)
    region: frozenset[Point] = frozenset()
    targets: frozenset[Point] = frozenset()
    show_numbers: bool = False

    def row_key(self, row: int) -> tuple[object, ...]:
        """What decides the look of board row ``row`` (0 = row 1): equal keys, equal rows."""
        lo, hi = row * SIZE, row * SIZE + SIZE
        pts = range(lo, hi)
        return (
            self.cells[lo:hi],
            self.last if self.last in pts else None,
            tuple((p, self.numbers[p]) for p in pts if p in self.numbers)
            if self.show_numbers
            else (),
            tuple((p, self.forbidden[p]) for p in pts if p in self.forbidden),
            tuple((p, self.labels[p]) for p in pts if p in self.labels),
            tuple(p for p in pts if p in self.region),
            tuple(p for p in pts if p in self.targets),
        )


class BoardView(Widget, can_focus=True):
    """The board. Arrows or hjkl move the cursor, Enter or a click selects a point, and a
    typed coordinate (``h8``, ``m12``) moves the cursor there."""

    DEFAULT_CSS = """
    BoardView {
        width: auto;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, 1)", "Up", show=False),
        Binding("down", "move(0, -1)", "Down", show=False),
        Binding("left", "move(-1, 0)", "Left", show=False),
        Binding("right", "move(1, 0)", "Right", show=False),
        Binding("enter,space", "select", "Play", id="board.select"),
    ]

    class PointSelected(Message):
        """A point was chosen (Enter or a click)."""

        def __init__(self, point: Point) -> None:
            self.point = point
            super().__init__()

    class CursorMoved(Message):
        """The cursor moved (keys, a typed coordinate or a click)."""

        def __init__(self, point: Point, typed: str) -> None:
            self.point = point
            self.typed = typed
            super().__init__()

    picture: reactive[Picture] = reactive(Picture, always_update=True, layout=False)
    cursor: reactive[Point] = reactive(7 * SIZE + 7)
    wide: reactive[bool] = reactive(False, layout=True)

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._rows: dict[int, Strip] = {}
        self._keys: dict[int, tuple[object, ...]] = {}
        self.typed = ""

    @staticmethod
    def fits_wide(width: int, height: int) -> bool:
        """Whether a screen of ``width`` x ``height`` has room for the wide layout."""
        return width >= WIDE_MIN[0] and height >= WIDE_MIN[1]

    # -- geometry -----------------------------------------------------------------------
    def get_content_width(self, container: Size, viewport: Size) -> int:
        return board_size(self.wide)[0]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return board_size(self.wide)[1]

    def _y_of(self, row: int) -> int:
        return 1 + _steps(self.wide)[1] * (SIZE - 1 - row)

    def point_at(self, x: int, y: int) -> Point | None:
        """The point under widget cell ``(x, y)`` (the nearest one), or ``None`` off the grid."""
        sx, sy = _steps(self.wide)
        if not 1 <= y <= 1 + sy * (SIZE - 1) or not LEFT - 1 <= x <= LEFT + sx * (SIZE - 1) + 1:
            return None
        col = min(SIZE - 1, max(0, (x - LEFT + sx // 2) // sx))
        row = SIZE - 1 - min(SIZE - 1, max(0, (y - 1 + sy // 2) // sy))
        return row * SIZE + col

    # -- state changes ------------------------------------------------------------------
    def watch_picture(self, old: Picture, new: Picture) -> None:
        self._refresh_changed(new)

    def watch_wide(self, old: bool, new: bool) -> None:
        self._rows.clear()
        self._keys.clear()
        self._refresh_changed(self.picture)
        self.refresh()

    def watch_cursor(self, old: Point, new: Point) -> None:
        for p in (old, new):
            self._refresh_row(p // SIZE)

    def _refresh_row(self, row: int) -> None:
        y = self._y_of(row)
        self._rows.pop(y, None)
        self.refresh(Region(0, y, board_size(self.wide)[0], 1))

    def _refresh_changed(self, picture: Picture) -> None:
        for row in range(SIZE):
            key = picture.row_key(row)
            y = self._y_of(row)
            if self._keys.get(y) != key:
                self._keys[y] = key
                self._refresh_row(row)

    # -- input --------------------------------------------------------------------------
    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor by ``(dx, dy)`` (dy up), staying on the board."""
        col = min(SIZE - 1, max(0, self.cursor % SIZE + dx))
        row = min(SIZE - 1, max(0, self.cursor // SIZE + dy))
        self.typed = ""
        self._set_cursor(row * SIZE + col)

    def action_select(self) -> None:
        """Select the point under the cursor."""
        self.typed = ""
        self.post_message(self.PointSelected(self.cursor))

    def _set_cursor(self, p: Point) -> None:
        self.cursor = p
        self.post_message(self.CursorMoved(p, self.typed))

    def on_key(self, event: events.Key) -> None:
        """Typed coordinates (lower-case ``a``–``o`` then the row) and hjkl."""
        ch = event.character or ""
        if len(ch) != 1 or event.key != ch:
            return
        if ch in LETTERS:
            event.stop()
            event.prevent_default()
            moves = {"h": (-1, 0), "j": (0, -1), "k": (0, 1), "l": (1, 0)}
            if ch in moves:
                self.action_move(*moves[ch])
            self.typed = ch
            self.post_message(self.CursorMoved(self.cursor, self.typed))
        elif ch.isdigit() and self.typed:
            event.stop()
            event.prevent_default()
            text = self.typed + ch
            row = int(text[1:])
            if 1 <= row <= SIZE:
                self.typed = text
                self._set_cursor((row - 1) * SIZE + LETTERS.index(text[0]))
            else:
                self.typed = ""

    def on_click(self, event: events.Click) -> None:
        """A click selects the point under the mouse."""
        p = self.point_at(event.x, event.y)
        if p is None:
            return
        self.focus()
        self.typed = ""
        self._set_cursor(p)
        self.post_message(self.PointSelected(p))

    # -- drawing ------------------------------------------------------------------------
    def render_line(self, y: int) -> Strip:
        if y >= board_size(self.wide)[1]:
            return Strip.blank(self.size.width, self.rich_style)
        strip = self._rows.get(y)
        if strip is None:
            strip = self._draw(y)
            self._rows[y] = strip
        return strip

    def _draw(self, y: int) -> Strip:
        base = self.rich_style
        width, height = board_size(self.wide)
        sx, sy = _steps(self.wide)
        inner = sx * (SIZE - 1) + 3  # the wood: a border column, the grid, a border column
        if y in (0, height - 1):
            text = [" "] * width
            for col in range(SIZE):
                text[LEFT + sx * col] = LETTERS[col]
            return Strip([Segment("".join(text), base)], width)
        if (y - 1) % sy:  # between two rows of points (wide layout)
            wood = "".join(
                "│" if i % sx == 1 % sx and 0 < i < inner - 1 else " " for i in range(inner)
            )
            segs = [Segment(" " * (LEFT - 1), base), Segment(wood, GRID), Segment(" " * 3, base)]
            return Strip(segs, width).adjust_cell_length(width, base)
        row = SIZE - 1 - (y - 1) // sy
        pic = self.picture
        chars = [" "] + ["─"] * (inner - 2) + [" "]
        styles = [GRID] * inner
        taken: set[int] = set()
        for col in range(SIZE):
            p = row * SIZE + col
            i = 1 + sx * col
            glyph, style, wide = self._cell(p, pic)
            if p == self.cursor:
                style += CURSOR if self.has_focus else Style(underline=True, bold=True)
            if wide and col == SIZE - 1:
                glyph = glyph[-1]
            for k, ch in enumerate(glyph):
                chars[i + k], styles[i + k] = ch, style
                taken.add(i + k)
        if pic.last is not None and pic.last // SIZE == row and pic.cells[pic.last]:
            i = 1 + sx * (pic.last % SIZE)
            if i - 1 not in taken and i + 1 not in taken:
                chars[i - 1], chars[i + 1] = "[", "]"
                styles[i - 1] = styles[i + 1] = LAST_MARK
        segs = [Segment(f"{row + 1:>2} ", base)]
        start = 0
        for k in range(1, inner + 1):
            if k == inner or styles[k] != styles[start]:
                segs.append(Segment("".join(chars[start:k]), styles[start]))
                start = k
        segs.append(Segment(f" {row + 1:<2}", base))
        return Strip(segs, width).adjust_cell_length(width, base)

    @staticmethod
    def _cell(p: Point, pic: Picture) -> tuple[str, Style, bool]:
        """Glyph, style and whether it takes the connector column too (two digits)."""
        stone = pic.cells[p]
        wide = False
        if stone:
            number = pic.numbers.get(p) if pic.show_numbers else None
            if number is not None:
                glyph = str(number)
                style = BLACK_NUMBER if stone == 1 else WHITE_NUMBER
                wide = len(glyph) > 1
                glyph = glyph[-2:] if wide else glyph[-1]
            else:
                # ● black, ○ white (as in printed diagrams): readable without colour too
                glyph = "●" if stone == 1 else "○"
                style = BLACK_STONE if stone == 1 else WHITE_STONE
            if p == pic.last:
                style += LAST
        elif p in pic.labels:
            glyph = pic.labels[p]
            style = LABEL
            wide = len(glyph) > 1
            glyph = glyph[:2] if wide else glyph[:1]
        elif p in pic.forbidden:
            glyph, style = pic.forbidden[p], FORBIDDEN
        elif p in pic.region:
            glyph, style = REGION_GLYPH, GRID
        else:
            glyph, style = _grid_char(p), STAR if p in STARS else GRID
        if p in pic.targets:
            style += TARGET
        elif p in pic.region:
            style += REGION
        return glyph, style, wide

    def on_focus(self) -> None:
        self._redraw_cursor_row()

    def on_blur(self) -> None:
        self._redraw_cursor_row()

    def _redraw_cursor_row(self) -> None:
        self._refresh_row(self.cursor // SIZE)

    def cursor_name(self) -> str:
        """The cursor's point in notation."""
        return point_name(self.cursor)
