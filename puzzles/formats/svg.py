"""SVG diagrams of a puzzle or a game, for composers who publish.

A diagram is the board with its coordinates (columns A-O under it, rows 1-15 beside it),
the stones, the moves of a solution or a game as numbered stones (1 = the first move),
Black's forbidden points marked with a red cross (of the position as set, under renju
rules), a title above and a caption below ("Black to play and win by VCF in 3 moves",
the result of a game)::

    Title
    15 ┼─┼─┼─    a black stone: a black disc; a white one: a white disc, black rim;
    14 ┼─●─③─    a numbered move: its number in the disc;
    13 ┼─✕─┼─    a forbidden point: a red ✕
        A B C

Each element says what it is for a program reading the file: ``class="stone black"``
(or ``white``) with ``data-point="h8"`` on a stone's group, ``class="number"`` on its
number, ``class="forbidden"`` with ``data-point`` and ``data-kind`` on a mark,
``class="title"`` and ``class="caption"`` on the texts.

>>> import xml.etree.ElementTree as ET
>>> from puzzles.model import Puzzle
>>> from solver.rules.notation import parse_points
>>> p = Puzzle(black=parse_points("h8 i8"), white=parse_points("h9"), solution=[114], id="a")
>>> svg = ET.fromstring(puzzle_svg(p))
>>> [g.get("data-point") for g in svg.iter(f"{{{NS}}}g") if g.get("class") == "stone black"]
['h8', 'i8', 'j8']
>>> [t.text for t in svg.iter(f"{{{NS}}}text") if t.get("class") == "number"]
['1']
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from puzzles.formats.base import check_game, position_after
from puzzles.model import Puzzle
from solver.rules.board import Board, Color, Rule
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import SIZE, Move, Point, point_name

__all__ = ["NS", "Diagram", "format_svg", "game_svg", "position_svg", "puzzle_svg"]

NS = "http://www.w3.org/2000/svg"

_CELL = 30  # between two lines
_MARGIN = 40  # around the grid: the coordinates
_TITLE = 34  # the band for the title
_CAPTION = 30  # the band for the caption
_STARS = ((3, 3), (11, 3), (7, 7), (3, 11), (11, 11))  # d4, l4, h8, d12, l12
_FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"


@dataclass
class Diagram:
    """What a diagram shows: the stones set, the numbered moves (``first`` moving first,
    ``None`` a pass, which takes a number and leaves no stone), marks of Black's
    forbidden points, a title and a caption."""

    black: list[Point] = field(default_factory=list)
    white: list[Point] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    first: Color = Color.BLACK
    forbidden: Mapping[Point, str] = field(default_factory=dict)
    title: str = ""
    caption: str = ""


def _xy(p: Point, top: int) -> tuple[int, int]:
    return _MARGIN + (p % SIZE) * _CELL, top + _MARGIN + (SIZE - 1 - p // SIZE) * _CELL


def _sub(parent: ET.Element, tag: str, **attrs: object) -> ET.Element:
    return ET.SubElement(
        parent, tag, {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()}
    )


def _text(parent: ET.Element, x: float, y: float, text: str, size: float, **attrs: object) -> None:
    """A text centred on (x, y) (``dy`` rather than ``dominant-baseline``: every renderer
    knows it)."""
    t = _sub(parent, "text", x=x, y=y, dy="0.35em", font_size=size, text_anchor="middle", **attrs)
    t.text = text


def _stone(parent: ET.Element, p: Point, colour: Color, top: int, number: int | None) -> None:
    x, y = _xy(p, top)
    black = colour is Color.BLACK
    g = _sub(parent, "g", class_=f"stone {colour.label()}", data_point=point_name(p))
    fill, ink = ("#111", "#fff") if black else ("#fff", "#111")
    _sub(g, "circle", cx=x, cy=y, r=_CELL * 0.46, fill=fill, stroke="#111", stroke_width=1.2)
    if number is not None:
        size = 13 if number < 100 else 10.5
        _text(g, x, y, str(number), size, class_="number", fill=ink, font_weight="bold")


def format_svg(d: Diagram) -> str:
    """The SVG document of a diagram (UTF-8 text, an XML declaration first)."""
    top = _TITLE if d.title else 0
    side = 2 * _MARGIN + (SIZE - 1) * _CELL
    height = top + side + (_CAPTION if d.caption else 0)
    svg = ET.Element(
        f"{{{NS}}}svg",
        {"width": str(side), "height": str(height), "viewBox": f"0 0 {side} {height}"},
    )
    svg.set("class", "renju-diagram")
    svg.set("font-family", _FONT)
    ET.SubElement(svg, "title").text = d.title or "Renju diagram"
    _sub(svg, "rect", class_="board", x=0, y=0, width=side, height=height, fill="#f1d49b")
    if d.title:
        _text(svg, side / 2, _TITLE / 2 + 4, d.title, 17, class_="title", font_weight="bold")
    grid = _sub(svg, "g", class_="grid", stroke="#333", stroke_width=1)
    low, high = _MARGIN, _MARGIN + (SIZE - 1) * _CELL
    for i in range(SIZE):
        at = _MARGIN + i * _CELL
        _sub(grid, "line", x1=at, y1=top + low, x2=at, y2=top + high)
        _sub(grid, "line", x1=low, y1=top + at, x2=high, y2=top + at)
    _sub(grid, "rect", x=low, y=top + low, width=high - low, height=high - low, fill="none",
         stroke_width=2)  # fmt: skip
    for col, row in _STARS:
        x, y = _xy(row * SIZE + col, top)
        _sub(grid, "circle", cx=x, cy=y, r=3, fill="#333", stroke="none")
    coords = _sub(svg, "g", class_="coordinates", fill="#333")
    for i in range(SIZE):
        at = _MARGIN + i * _CELL
        _text(coords, at, top + high + _MARGIN * 0.6, "ABCDEFGHIJKLMNO"[i], 12)
        _text(coords, _MARGIN * 0.45, top + at, str(SIZE - i), 12)
    played = {m for m in d.moves if m is not None}
    marks = _sub(svg, "g", class_="forbidden-points", stroke="#d00", stroke_width=2.4)
    for p, kind in sorted(d.forbidden.items()):
        if p in played:
            continue
        x, y = _xy(p, top)
        g = _sub(marks, "g", class_="forbidden", data_point=point_name(p), data_kind=kind)
        ET.SubElement(g, "title").text = f"{point_name(p)}: {kind}, forbidden for Black"
        r = _CELL * 0.22
        _sub(g, "line", x1=x - r, y1=y - r, x2=x + r, y2=y + r)
        _sub(g, "line", x1=x - r, y1=y + r, x2=x + r, y2=y - r)
    stones = _sub(svg, "g", class_="stones")
    for colour, points in ((Color.BLACK, d.black), (Color.WHITE, d.white)):
        for p in points:
            _stone(stones, p, colour, top, None)
    colour = d.first
    for n, m in enumerate(d.moves, 1):
        if m is not None:
            _stone(stones, m, colour, top, n)
        colour = colour.opponent
    if d.caption:
        _text(svg, side / 2, top + side + _CAPTION / 2 - 4, d.caption, 14, class_="caption")
    ET.register_namespace("", NS)
    ET.indent(svg)
    return ET.tostring(svg, encoding="unicode", xml_declaration=True) + "\n"


def _marks(board: Board) -> dict[Point, str]:
    if board.rule is not Rule.RENJU:
        return {}
    return {p: kind.value for p, kind in forbidden_points(board).items()}


def _passes(moves: Sequence[Move]) -> str:
    numbers = [str(i) for i, m in enumerate(moves, 1) if m is None]
    return f"; {', '.join(numbers)}: pass" if numbers else ""


def puzzle_svg(p: Puzzle, *, numbers: bool = True, forbidden: bool = True) -> str:
    """The diagram of a puzzle: its title (else its id), the stated solution numbered
    (unless ``numbers`` is false: the problem alone), Black's forbidden points of the
    position as set (unless ``forbidden`` is false), and the task as the caption.

    Raises:
        PositionError: the stones overlap or lie off the board.
    """
    goal = {"vcf": " by VCF", "vct": " by VCT", "tsume": ""}[p.goal]
    length = f" in {p.max_moves} move{'s' if p.max_moves != 1 else ''}" if p.max_moves else ""
    caption = f"{p.to_move.label().capitalize()} to play and win{goal}{length}"
    return _diagram(p, caption, numbers=numbers, forbidden=forbidden)


def position_svg(p: Puzzle, *, forbidden: bool = True) -> str:
    """The diagram of a position (an entry that states no task): its stones, Black's
    forbidden points (unless ``forbidden`` is false), ``Black to play`` as the caption.

    Raises:
        PositionError: the stones overlap or lie off the board.
    """
    caption = f"{p.to_move.label().capitalize()} to play"
    return _diagram(p, caption, numbers=False, forbidden=forbidden)


def _diagram(p: Puzzle, caption: str, *, numbers: bool, forbidden: bool) -> str:
    board = p.board()
    return format_svg(
        Diagram(
            black=p.black,
            white=p.white,
            moves=list(p.solution) if numbers else [],
            first=p.to_move,
            forbidden=_marks(board) if forbidden else {},
            title=p.title or p.id,
            caption=caption,
        )
    )


_RESULTS = {"black-won": "Black won", "white-won": "White won", "draw": "Draw"}


def game_svg(
    moves: Sequence[Move],
    result: str | None = None,
    meta: Mapping[str, str] | None = None,
    *,
    numbers: bool = True,
    forbidden: bool = True,
) -> str:
    """The diagram of a game: every move numbered (``numbers`` false: the last position
    alone), Black's forbidden points of the last position marked, the title (else the
    players) above, the result below.

    Raises:
        RecordError: a move on an occupied point, an unknown result or meta key.
    """
    ended, fields = check_game(moves, result, meta)
    players = " - ".join(fields[k] for k in ("black", "white") if k in fields)
    black, white, to_move = position_after(moves)
    board = Board.from_stones(black, white, to_move)
    caption = _RESULTS.get(ended, f"{len(moves)} moves") + _passes(moves)
    return format_svg(
        Diagram(
            black=[] if numbers else black,
            white=[] if numbers else white,
            moves=list(moves) if numbers else [],
            forbidden=_marks(board) if forbidden else {},
            title=fields.get("title", players),
            caption=caption,
        )
    )
