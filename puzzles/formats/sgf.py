"""SGF game records for renju (``GM[4]``; ``GM[1]`` with ``SZ[15]`` is accepted too).

Points are two letters, column then row, ``a`` = column a and the TOP row: ``hh`` = h8,
``aa`` = a15, ``ao`` = a1. ``tt`` or an empty value is a pass. Letters of either case are
read (RenLib writes capitals). Setups use ``AB``/``AW`` and ``PL``; ``C`` is a comment.
Text is decoded as UTF-8, else with the declared ``CA``, else GB18030, else CP932 (real
files declare the wrong charset).

Read as a collection (:func:`sgf_puzzles`) each game tree gives one puzzle or position:

- with a setup (``AB``/``AW`` in the root): the set-up position, the side to move from
  ``PL`` (else the colour of the first move, else Black), the main line as ``solution``
  and, when the root has several variations, their first moves as ``keys``;
- without one (a game record): the position after the main line, the side to move next
  (or ``PL``) to move.

It is a puzzle only where the tree marks it as one: this project's ``RJ`` fields, or a
task or winner stated (:func:`puzzles.formats.task.stated_task`: "Black wins", "黑先",
"VCF", ...) by the root's ``GN``, ``EV``, ``GC`` or ``C``, or by a comment on the main
line: the deepest such node is the puzzle (the moves up to it played, the rest of the
main line its solution). A stated winner is the attacker unless ``PL`` says who moves,
a stated class the goal. Any other tree is a position (``ReadResult.positions``): a
game record, or a diagram that states no task.

``GN`` (or ``EV``) becomes the title, ``SO`` the source, ``AN``/``US`` the author, the
root's ``GC`` and ``C`` (and the main line's comments down to a marked node) the comment.

>>> from solver.rules.notation import format_points
>>> (tree,) = parse_sgf(b"(;GM[4]SZ[15]AB[hh][ih]AW[hg]PL[B]C[Black wins];B[jh];W[kh])")
>>> tree.props["AB"]
['hh', 'ih']
>>> p = sgf_puzzles([tree]).puzzles[0]
>>> format_points(p.black), format_points(p.white), format_points(p.solution)
('h8 i8', 'h9', 'j8 k8')
>>> len(sgf_puzzles(parse_sgf(b"(;GM[4]SZ[15];B[hh];W[hg])")).positions)  # a game record
1

What this project writes (:func:`puzzle_sgf`, :func:`game_sgf`, :func:`format_sgf`) reads
back the same: a puzzle is a setup (``AB``/``AW``, ``PL`` the attacker) whose main line is
the stated solution, the other key moves as one-move variations beside it, and the
fields other programs have no property for kept in ``RJ`` values written as the native
format's ``key: value`` lines (``RJ[goal: vcf][max-moves: 3][id: okabe-02]``); ``RU``
names the rule set. A game is ``B``/``W`` moves from an empty board (a pass is ``tt``, as
RenLib reads it), ``RE[B+]``, ``RE[W+]`` or ``RE[Draw]`` its result::

    (;FF[4]GM[4]SZ[15]CA[UTF-8]AP[renju-tsume:0.1.0]
    GN[VCF No. 1]PL[B]AB[hh][ih]AW[hg]RJ[goal: vcf]
    ;B[jh];W[kh])

>>> text = format_sgf([puzzle_sgf(p)])
>>> sgf_puzzles(parse_sgf(text)).puzzles[0].solution == p.solution
True
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from puzzles.formats.base import (
    GameRecord,
    GameResult,
    PathLike,
    RecordError,
    check_game,
    decided,
    decode_text,
    position_after,
    puzzle_lines,
    read_bytes,
)
from puzzles.formats.native import whole_number
from puzzles.formats.sniff import looks_like_sgf
from puzzles.formats.task import stated_task
from puzzles.model import (
    GOALS,
    Goal,
    Location,
    Puzzle,
    PuzzleFormatError,
    ReadResult,
    parse_kind,
)
from solver import __version__
from solver.errors import RenjuError
from solver.rules.board import Color, Rule
from solver.rules.notation import SIZE, Move, Point, format_points, parse_points, point_name
from solver.search.counting import parse_count

__all__ = [
    "SgfNode",
    "format_sgf",
    "game_sgf",
    "looks_like_sgf",
    "parse_sgf",
    "position_sgf",
    "puzzle_sgf",
    "read_sgf",
    "sgf_games",
    "sgf_point",
    "sgf_puzzles",
    "sgf_value",
]

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


def _game_puzzle(root: SgfNode, stem: str, index: int) -> tuple[Puzzle, bool]:
    """The tree's puzzle or position, and whether the tree marks it as a puzzle."""
    size = root.get("SZ").strip() or "15"
    if size != "15":
        raise RenjuError(f"board size {size} is not supported (renju is 15x15)")
    nodes = root.main_line()
    pl = root.get("PL").strip()
    to_move = Color.parse(pl) if pl else None
    black, white = _points(root.props.get("AB", [])), _points(root.props.get("AW", []))
    if set(black) & set(white):
        raise RenjuError("a point is set up both black and white")
    fields = _fields(root)
    setup = bool(black or white or "RJ" in root.props)
    head = "\n".join(root.get(k).strip() for k in ("GN", "EV", "GC", "C"))
    task = None if "RJ" in root.props else stated_task(head)
    mark = _mark(nodes, black, white, setup)
    comments = [root.get("GC").strip(), root.get("C").strip()]
    keys: list[Point] = []
    if "RJ" not in root.props and mark is not None:
        task = stated_task(nodes[mark].get("C"))
        black, white, after = _played(black, white, _moves(nodes[1 : mark + 1]), setup)
        to_move = after if any(_moves([n]) for n in nodes[1 : mark + 1]) else to_move
        comments += [n.get("C").strip() for n in nodes[1 : mark + 1]]
        line = _moves(nodes[mark + 1 :])
    elif setup:
        line = _moves(nodes)
        firsts = [_moves([c]) for c in root.children]
        if "keys" in fields:
            keys = parse_points(fields["keys"])
        elif len(root.children) > 1:
            keys = [mv[0][1] for mv in firsts if mv and mv[0][1] is not None]
    else:
        line = _moves(nodes)
        black, white, after = _played(black, white, line, setup)
        to_move = to_move or after
        line = []
    if to_move is None:
        to_move = line[0][0] if line else Color.BLACK
    if task is not None and task.winner is not None and not (pl and mark is None):
        to_move = task.winner  # (PL says who moves at the root, not at a marked node)
    solution: list[Point] = []
    for i, (colour, m) in enumerate(line):
        if m is None or (colour is to_move) != (i % 2 == 0):
            break
        solution.append(m)
    comment = "\n".join(t for t in comments if t)
    rule = root.get("RU").strip().lower()
    puzzle = Puzzle(
        black=black,
        white=white,
        to_move=to_move,
        goal=_goal(fields["goal"]) if "goal" in fields else task.goal if task else "tsume",
        max_moves=whole_number(fields, "max-moves"),
        count=parse_count(fields.get("count", "plain")),
        solution=solution,
        keys=keys,
        title=root.get("GN").strip() or root.get("EV").strip(),
        source=root.get("SO").strip(),
        author=root.get("AN").strip() or root.get("US").strip(),
        comment=comment.replace("\r\n", "\n"),
        level=whole_number(fields, "level"),
        tags=[t.strip() for t in fields.get("tags", "").split(",") if t.strip()],
        id=fields.get("id") or f"{stem}#{index + 1}",
        rule=Rule(rule) if rule in {r.value for r in Rule} else Rule.RENJU,
    )
    stated = fields.get("task", "").strip().lower()
    if stated == "none":
        return puzzle, False
    if stated:
        puzzle.kind = parse_kind(stated)
    if "RJ" in root.props:
        return puzzle, True
    # a winner named where a five is on the board says how the game ended: no task
    return puzzle, task is not None and not decided(black, white)


def _mark(nodes: list[SgfNode], black: list[Point], white: list[Point], setup: bool) -> int | None:
    """The deepest node of the main line whose comment states a task on an open position
    (no five on the board yet: a winner named there says how the game ended)."""
    for i in range(len(nodes) - 1, 0, -1):
        if stated_task(nodes[i].get("C")):
            try:
                after = _played(black, white, _moves(nodes[1 : i + 1]), setup)
            except RenjuError:
                return i  # (the caller reports the bad record)
            if not decided(after[0], after[1]):
                return i
    return None


def _played(
    black: list[Point], white: list[Point], line: list[tuple[Color, Move]], setup: bool
) -> tuple[list[Point], list[Point], Color]:
    """The stones after the moves (each by its own colour after a setup; a game record
    must alternate from Black), and the side to move next.

    Raises:
        RenjuError: a game record that starts with White, a move on a stone.
    """
    if not setup:
        if any(c is not Color.BLACK for c, _ in line[:1]):
            raise RenjuError("a game record without a setup must start with a black move")
        return position_after([m for _, m in line])
    stones = {Color.BLACK: list(black), Color.WHITE: list(white)}
    seen = set(black) | set(white)
    after = Color.BLACK
    for i, (colour, m) in enumerate(line):
        if m is not None:
            if m in seen:
                raise RenjuError(f"move {i + 1} ({point_name(m)}) is on an occupied point")
            seen.add(m)
            stones[colour].append(m)
        after = colour.opponent
    return stones[Color.BLACK], stones[Color.WHITE], after


_FIELDS = ("id", "goal", "max-moves", "count", "level", "tags", "keys", "task")
"""The ``RJ`` fields: the native format's keys that SGF has no property for (``task:
none``: a position, whatever its comment says)."""


def _fields(root: SgfNode) -> dict[str, str]:
    """The ``RJ[key: value]`` fields of a root; an unknown key is refused."""
    out: dict[str, str] = {}
    for value in root.props.get("RJ", []):
        key, colon, text = value.partition(":")
        key = key.strip().lower()
        if not colon or key not in _FIELDS:
            raise RenjuError(f"not a field of RJ: {value!r} (known: {', '.join(_FIELDS)})")
        out[key] = text.strip()
    return out


def _goal(text: str) -> Goal:
    found = next((g for g in GOALS if g == text.lower()), None)
    if found is None:
        raise RenjuError(f"unknown goal {text!r} (expected vcf, vct or tsume)")
    return found


def sgf_puzzles(trees: list[SgfNode], file: PathLike = "<bytes>") -> ReadResult:
    """One puzzle or position per game tree (see the module docstring); a bad tree is
    recorded in ``errors`` and skipped."""
    result = ReadResult(format="sgf")
    stem = PurePath(str(file)).stem
    for index, root in enumerate(trees):
        loc = Location(str(file), index=index)
        try:
            puzzle, marked = _game_puzzle(root, stem, index)
        except RenjuError as exc:
            result.skip(loc, str(exc))
            continue
        puzzle.location = loc
        (result.puzzles if marked else result.positions).append(puzzle)
    return result


# -- writing ------------------------------------------------------------------------------


def sgf_value(move: Move) -> str:
    """The SGF point of a move; a pass is ``tt`` (what RenLib reads as a pass).

    >>> sgf_value(112), sgf_value(0), sgf_value(None)
    ('hh', 'ao', 'tt')
    """
    if move is None:
        return "tt"
    return chr(97 + move % SIZE) + chr(97 + SIZE - 1 - move // SIZE)


def _root(props: Iterable[tuple[str, list[str]]]) -> SgfNode:
    node = SgfNode(
        {"FF": ["4"], "GM": ["4"], "SZ": [str(SIZE)], "CA": ["UTF-8"]}
        | {"AP": [f"renju-tsume:{__version__}"]}
    )
    for key, values in props:
        if values and any(values):
            node.props[key] = values
    return node


def _chain(parent: SgfNode, line: Sequence[Move], colour: Color) -> SgfNode:
    """Hang the line below ``parent`` (sharing the nodes it already has), ``colour``
    moving first; the last node."""
    for m in line:
        key = "B" if colour is Color.BLACK else "W"
        node = next((c for c in parent.children if c.props.get(key) == [sgf_value(m)]), None)
        if node is None:
            node = SgfNode({key: [sgf_value(m)]})
            parent.children.append(node)
        parent, colour = node, colour.opponent
    return parent


def puzzle_sgf(p: Puzzle) -> SgfNode:
    """A puzzle as an SGF game tree (see the module docstring); :func:`sgf_puzzles` reads
    it back equal.

    Raises:
        RecordError: a field holds a line break where one line is meant.
    """
    fields = [
        ("id", p.id),
        ("goal", p.goal),
        ("max-moves", "" if p.max_moves is None else str(p.max_moves)),
        ("count", "" if p.count == "plain" else p.count),
        ("level", "" if p.level is None else str(p.level)),
        ("tags", ", ".join(p.tags)),
        ("keys", format_points(p.keys)),
    ]
    for key, value in fields:
        if "\n" in value or "\r" in value or (key == "tags" and any("," in t for t in p.tags)):
            raise RecordError(f"puzzle {p.id or p.title!r}: {key} cannot be written: {value!r}")
    root = _root(_setup(p, [f"{key}: {value}" for key, value in fields if value]))
    for line in puzzle_lines(p):
        _chain(root, line, p.to_move)
    return root


def position_sgf(p: Puzzle) -> SgfNode:
    """A position (a file's entry that states no task) as an SGF set-up diagram: the
    stones, ``PL`` the side to move, the title, source, author and comment, and
    ``RJ[task: none]`` (with the id), so that :func:`sgf_puzzles` reads it back as a
    position whatever its comment says.

    Raises:
        RecordError: the id holds a line break.
    """
    if "\n" in p.id or "\r" in p.id:
        raise RecordError(f"position {p.id!r}: id cannot be written")
    return _root(_setup(p, [f"id: {p.id}"] * bool(p.id) + ["task: none"]))


def _setup(p: Puzzle, rj: list[str]) -> list[tuple[str, list[str]]]:
    """The root properties of a set-up diagram: title, source, author, comment, rule, the
    side to move, the stones and the ``RJ`` fields ``rj``."""
    return [
        ("GN", [p.title]),
        ("SO", [p.source]),
        ("AN", [p.author]),
        ("C", [p.comment]),
        ("RU", [p.rule.value]),
        ("PL", ["B" if p.to_move is Color.BLACK else "W"]),
        ("AB", [sgf_value(q) for q in p.black]),
        ("AW", [sgf_value(q) for q in p.white]),
        ("RJ", rj),
    ]


_RESULTS: dict[GameResult, str] = {"black-won": "B+", "white-won": "W+", "draw": "Draw"}
_GAME_PROPS = {
    "title": "GN",
    "black": "PB",
    "white": "PW",
    "event": "EV",
    "round": "RO",
    "date": "DT",
    "place": "PC",
    "opening": "ON",
    "rule": "RU",
    "source": "SO",
    "author": "AN",
    "comment": "C",
}


def game_sgf(
    moves: Sequence[Move], result: str | None = None, meta: Mapping[str, str] | None = None
) -> SgfNode:
    """A game as an SGF game tree: ``meta`` (:data:`~puzzles.formats.base.GAME_FIELDS`)
    as the usual properties (``PB``, ``PW``, ``EV``, ``DT``, ``ON``, ``RU``...), the
    result as ``RE``, the moves Black first.

    Raises:
        RecordError: a move on an occupied point, an unknown result or meta key.
    """
    ended, fields = check_game(moves, result, meta)
    props = [(_GAME_PROPS[k], [v]) for k, v in fields.items()]
    root = _root([*props, ("RE", [_RESULTS.get(ended, "")])])
    _chain(root, moves, Color.BLACK)
    return root


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


_HEADER = ("FF", "GM", "SZ", "CA", "AP")


def _node_text(node: SgfNode, root: bool) -> str:
    """``;B[hh]``; a root with its header on the first line, then a property a line."""
    parts = [key + "".join(f"[{_escape(v)}]" for v in values) for key, values in node.props.items()]
    if not root:
        return ";" + "".join(parts)
    head = [part for key, part in zip(node.props, parts, strict=True) if key in _HEADER]
    rest = [part for key, part in zip(node.props, parts, strict=True) if key not in _HEADER]
    return ";" + "\n".join(["".join(head), *rest])


def _tree_text(node: SgfNode, out: list[str], root: bool = False) -> None:
    out.append("(")
    count = 0
    while True:
        if count and count % 10 == 0:
            out.append("\n")
        out.append(_node_text(node, root))
        if root:
            out.append("\n")
        root, count = False, count + 1
        if len(node.children) != 1:
            break
        node = node.children[0]
    for child in node.children:
        _tree_text(child, out)
    out.append(")")


def format_sgf(trees: Iterable[SgfNode]) -> str:
    """An SGF collection of the game trees, one tree a paragraph; the inverse of
    :func:`parse_sgf` (values escaped, the root's properties one a line)."""
    texts = []
    for tree in trees:
        out: list[str] = []
        _tree_text(tree, out, root=True)
        texts.append("".join(out) + "\n")
    return "".join(texts)


def _result(text: str) -> GameResult | None:
    t = text.strip().upper()
    if t in ("0", "DRAW", "B+DRAW", "JIGO"):
        return "draw"
    if t.startswith("B+"):
        return "black-won"
    if t.startswith("W+"):
        return "white-won"
    return None


def sgf_games(trees: list[SgfNode]) -> list[GameRecord] | None:
    """The games of a collection of game records (no setup in any tree): each main line,
    ``RE`` as the result and the properties :func:`game_sgf` writes as the fields;
    ``None`` if a tree sets stones up (a puzzle file).

    Raises:
        RenjuError: a move that is not a point, or on an occupied point.
    """
    if any(k in root.props for root in trees for k in ("AB", "AW", "RJ")):
        return None
    games = []
    for root in trees:
        moves = [m for _, m in _moves(root.main_line())]
        position_after(moves)
        meta = {k: root.get(v).strip() for k, v in _GAME_PROPS.items() if root.get(v).strip()}
        games.append(GameRecord(moves, _result(root.get("RE")), meta))
    return games
