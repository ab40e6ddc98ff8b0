"""SGF game records for renju (``GM[4]``; ``GM[1]`` with ``SZ[15]`` is accepted too).

Points are two letters, column then row, ``a`` = column a and the TOP row: ``hh`` = h8,
``aa`` = a15, ``ao`` = a1. ``tt`` or an empty value is a pass. Letters of either case are
read (RenLib writes capitals). Setups use ``AB``/``AW`` and ``PL``; ``C`` is a comment.
Text is decoded as UTF-8, else with the declared ``CA``, else GB18030, else CP932 (real
files declare the wrong charset).

As puzzles (:func:`sgf_puzzles`) each game tree gives one puzzle:

- with a setup (``AB``/``AW`` in the root): the set-up position, the attacker from
  ``PL`` (else the colour of the first move, else Black), the main line as ``solution``
  and, when the root has several variations, their first moves as ``keys``;
- without one (a game record): the position after the main line, the side to move next
  (or ``PL``) as the attacker.

``GN`` (or ``EV``) becomes the title, ``SO`` the source, ``AN``/``US`` the author, the
root's ``GC`` and ``C`` the comment.

>>> from solver.rules.notation import format_points
>>> (tree,) = parse_sgf(b"(;GM[4]SZ[15]AB[hh][ih]AW[hg]PL[B];B[jh];W[kh])")
>>> tree.props["AB"]
['hh', 'ih']
>>> p = sgf_puzzles([tree]).puzzles[0]
>>> format_points(p.black), format_points(p.white), format_points(p.solution)
('h8 i8', 'h9', 'j8 k8')
"""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass, field
from pathlib import PurePath

from puzzles.formats.base import PathLike, decode_text, position_after, read_bytes
from puzzles.model import Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.board import Color
from solver.rules.notation import SIZE, Move, Point

__all__ = ["SgfNode", "looks_like_sgf", "parse_sgf", "read_sgf", "sgf_point", "sgf_puzzles"]

_IDENT_RE = re.compile(r"[A-Za-z0-9]+")
_CA_RE = re.compile(rb"CA\s*\[([^\]]*)\]")


@dataclass(eq=False)
class SgfNode:
    """A node: its properties (identifier -> values, in file order) and its children."""

    props: dict[str, list[str]] = field(default_factory=dict)
    children: list[SgfNode] = field(default_factory=list)

    def get(self, key: str) -> str:
        """The first value of ``key``, or ``""``."""
        return self.props.get(key, [""])[0]

    def main_line(self) -> list[SgfNode]:
        """This node and its first descendants down to the end of the main variation."""
        out = [self]
        while out[-1].children:
            out.append(out[-1].children[0])
        return out


def _decode(data: bytes) -> str:
    m = _CA_RE.search(data[:4096])
    declared = m.group(1).decode("ascii", "replace").strip() if m else ""
    fallbacks = ["gb18030", "cp932"]
    try:
        if declared and codecs.lookup(declared).name != "utf-8":
            fallbacks.insert(0, declared)
    except LookupError:
        pass  # an unknown charset name: ignore it
    return decode_text(data, fallbacks)


def parse_sgf(data: bytes | str, file: PathLike = "<bytes>") -> list[SgfNode]:
    """The game trees of an SGF collection (the root node of each).

    Raises:
        PuzzleFormatError: unbalanced parentheses, an unterminated value, a property
        outside a node, or no game tree at all (quoting the position).
    """
    text = data if isinstance(data, str) else _decode(data)
    roots: list[SgfNode] = []
    stack: list[SgfNode | None] = []
    cur: SgfNode | None = None
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if not stack:  # outside any tree: skip everything up to the next '('
            if c == "(":
                stack.append(None)
                cur = None
            i += 1
            continue
        if c.isspace():
            i += 1
        elif c == "(":
            stack.append(cur)
            i += 1
        elif c == ")":
            cur = stack.pop()
            i += 1
        elif c == ";":
            node = SgfNode()
            (roots if cur is None else cur.children).append(node)
            cur = node
            i += 1
        else:
            m = _IDENT_RE.match(text, i)
            if m is None or cur is None:
                what = "a property outside a node" if m else f"unexpected {c!r}"
                raise PuzzleFormatError(file, f"{what} at character {i}")
            key = "".join(ch for ch in m.group(0) if not ch.islower())
            i = m.end()
            values = cur.props.setdefault(key, [])
            while True:
                while i < n and text[i].isspace():
                    i += 1
                if i >= n or text[i] != "[":
                    break
                j = i + 1
                chunk: list[str] = []
                while j < n and text[j] != "]":
                    if text[j] == "\\" and j + 1 < n:
                        j += 1
                    chunk.append(text[j])
                    j += 1
                if j >= n:
                    raise PuzzleFormatError(file, f"unterminated value of {key} at character {i}")
                values.append("".join(chunk))
                i = j + 1
            if not values:
                raise PuzzleFormatError(file, f"property {key} without a value at character {i}")
    if stack:
        raise PuzzleFormatError(file, "unexpected end of file: a '(' is not closed")
    if not roots:
        raise PuzzleFormatError(file, "no SGF game tree found")
    return roots


def read_sgf(path: PathLike) -> list[SgfNode]:
    """Read an SGF file; raises :class:`PuzzleFormatError` as :func:`parse_sgf`."""
    return parse_sgf(read_bytes(path), path)


def looks_like_sgf(head: bytes) -> bool:
    """Sniff: ``(`` then ``;`` at the start (after a BOM and spaces)."""
    return re.match(rb"(\xef\xbb\xbf)?\s*\(\s*;", head) is not None


def sgf_point(value: str) -> Move:
    """An SGF point of a 15x15 board, ``None`` for a pass.

    >>> from solver.rules.notation import point_name
    >>> point_name(sgf_point("hh")), point_name(sgf_point("AO")), sgf_point("tt")
    ('h8', 'a1', None)

    Raises:
        RenjuError: quoting a value that is not a point of the board.
    """
    v = value.strip().lower()
    if v in ("", "tt"):
        return None
    if len(v) != 2 or not ("a" <= v[0] <= "o" and "a" <= v[1] <= "o"):
        raise RenjuError(f"not a point of a 15x15 board: {value!r}")
    return (SIZE - 1 - (ord(v[1]) - 97)) * SIZE + ord(v[0]) - 97


def _points(values: list[str]) -> list[Point]:
    out: list[Point] = []
    for v in values:
        if ":" in v:
            raise RenjuError(f"compressed point lists are not supported: {v!r}")
        p = sgf_point(v)
        if p is not None:
            out.append(p)
    return out


def _moves(nodes: list[SgfNode]) -> list[tuple[Color, Move]]:
    out: list[tuple[Color, Move]] = []
    for node in nodes:
        for key, colour in (("B", Color.BLACK), ("W", Color.WHITE)):
            if key in node.props:
                out.append((colour, sgf_point(node.get(key))))
    return out


def _game_puzzle(root: SgfNode, stem: str, index: int) -> Puzzle:
    size = root.get("SZ").strip() or "15"
    if size != "15":
        raise RenjuError(f"board size {size} is not supported (renju is 15x15)")
    line = _moves(root.main_line())
    pl = root.get("PL").strip()
    to_move = Color.parse(pl) if pl else None
    black, white = _points(root.props.get("AB", [])), _points(root.props.get("AW", []))
    solution: list[Point] = []
    keys: list[Point] = []
    if black or white:
        if to_move is None:
            to_move = line[0][0] if line else Color.BLACK
        for i, (colour, m) in enumerate(line):
            if m is None or (colour is to_move) != (i % 2 == 0):
                break
            solution.append(m)
        if set(black) & set(white):
            raise RenjuError("a point is set up both black and white")
        firsts = [_moves([c]) for c in root.children]
        if len(root.children) > 1:
            keys = [mv[0][1] for mv in firsts if mv and mv[0][1] is not None]
    else:
        if any(c is not Color.BLACK for c, _ in line[:1]):
            raise RenjuError("a game record without a setup must start with a black move")
        black, white, after = position_after([m for _, m in line])
        to_move = to_move or after
    comment = "\n".join(t for t in (root.get("GC").strip(), root.get("C").strip()) if t)
    return Puzzle(
        black=black,
        white=white,
        to_move=to_move,
        solution=solution,
        keys=keys,
        title=root.get("GN").strip() or root.get("EV").strip(),
        source=root.get("SO").strip(),
        author=root.get("AN").strip() or root.get("US").strip(),
        comment=comment,
        id=f"{stem}#{index + 1}",
    )


def sgf_puzzles(trees: list[SgfNode], file: PathLike = "<bytes>") -> ReadResult:
    """One puzzle per game tree (see the module docstring); a bad tree is recorded in
    ``errors`` and skipped."""
    result = ReadResult(format="sgf")
    stem = PurePath(str(file)).stem
    for index, root in enumerate(trees):
        loc = Location(str(file), index=index)
        try:
            puzzle = _game_puzzle(root, stem, index)
        except RenjuError as exc:
            result.skip(loc, str(exc))
            continue
        puzzle.location = loc
        result.puzzles.append(puzzle)
    return result
