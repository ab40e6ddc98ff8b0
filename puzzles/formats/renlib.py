"""RenLib's binary ``.lib`` library: a tree of moves with comments and board texts.

A file is a 20-byte header (``\\xffRenLib\\xff``, major and minor version, ten ``0xff``)
or, in very old files, no header at all; then one record per node in pre-order. A record
is ``pos, flags``: ``pos`` 0 is a pass (or the root), else ``16 * (y - 1) + x`` with
``x`` = column 1..15 (a..o) and ``y`` = row 1..15 counted from the TOP. Flags: 0x80 DOWN
(a later sibling follows), 0x40 RIGHT (the branch ends here), 0x20 old-style comment,
0x10 MARK, 0x08 COMMENT, 0x04 START, 0x02 NO_MOVE, 0x01 two extension bytes follow (bit
0 of the second one: a board text follows). Texts are zero-terminated and padded to an
even length; a comment is ``one-line`` + optional ``\\x08`` + ``multi-line``.

>>> tree = parse_renlib(HEADER_30 + bytes([0x78, 0x00, 0x68, 0xC0, 0x88, 0x40]))
>>> [format_moves([c.move for c in tree.root.children[0].children])]
['h9 h7']
>>> tree.count_nodes()
3

As puzzles (:func:`renlib_puzzles`) a library is read line by line (root to leaf). A
line is a puzzle only where a comment on it states the task or the winner
(:func:`puzzles.formats.task.stated_task`: "black wins", "黒勝ち", "黑胜", "白先", "VCF",
...): the deepest such node is the puzzle, the stated winner its attacker (else the side
to move there), the stated class its goal (else ``tsume``), the moves below it along
the first line through it its solution (when the attacker moves first there), and the
comments from the root down to it its ``comment``. A task stated at the root (the
library's own comment) makes every leaf of an unmarked line a puzzle. Every other
leaf (the other variations below a puzzle, the lines with no stated task) is a
position (``ReadResult.positions``, the side to move next to move): an opening
library's variations are analysis, not puzzles; ``renju generate --from`` proves them.
Use :func:`parse_renlib` for the whole tree.

A one-line comment (RenLib's headline) that names a winner decides the task alone: the
multi-line comment below it may discuss the other side's tries. Texts are read with
RenLib's CRLF line breaks as ``\n``.

Writing (:func:`format_renlib`) is RenLib's own ``WriteLibrary``: the same header (3.0
without a root record when the tree starts with the single move h8 and holds no pass,
else 3.4 with one), the same flags (DOWN: a later sibling; RIGHT: no child), texts
zero-terminated and padded to an even length, CRLF line breaks. :func:`renlib_tree`
makes a library of puzzles that :func:`renlib_puzzles` reads back: each puzzle a line
placing its stones (Black and White in turn, a pass where one side has no stone left
or the attacker would not be to move), the node it ends on headed with the task
("Black wins (VCF in 3)"), the title and comment below, the solution and the other key
moves as variations; :func:`game_renlib` writes a game.

>>> from puzzles.model import Puzzle
>>> from solver.rules.notation import parse_points
>>> p = Puzzle(parse_points("h8 i8"), parse_points("h9"), Color.WHITE, goal="vcf")
>>> data = format_renlib(renlib_tree([p]))
>>> data[:10] == MAGIC + bytes([3, 0]), data[20:26].hex(" ")
(True, '78 00 68 00 79 48')
>>> q = renlib_puzzles(parse_renlib(data)).puzzles[0]
>>> (q.black, q.white, q.to_move, q.goal) == (p.black, p.white, p.to_move, p.goal)
True
>>> q.comment
'White wins (VCF)'
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath

from puzzles.formats.base import (
    PathLike,
    RecordError,
    check_game,
    decided,
    decode_text,
    position_after,
    puzzle_lines,
    read_bytes,
)
from puzzles.formats.sniff import MAGIC, looks_like_renlib
from puzzles.formats.task import Task, stated_goal, stated_task
from puzzles.model import Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.board import Color
from solver.rules.notation import CENTER, SIZE, Move, Point, format_moves

__all__ = [
    "HEADER_30",
    "HEADER_34",
    "MAGIC",
    "NO_TASK",
    "RenLibNode",
    "RenLibTree",
    "format_renlib",
    "game_renlib",
    "looks_like_renlib",
    "parse_renlib",
    "read_renlib",
    "renlib_puzzles",
    "renlib_tree",
]

HEADER_30 = MAGIC + bytes([3, 0]) + b"\xff" * 10
"""The header of a version 3.0 file (no explicit root record)."""
HEADER_34 = MAGIC + bytes([3, 4]) + b"\xff" * 10
"""The header of a version 3.4 file (a root record first)."""

DOWN, RIGHT, OLD_COMMENT, MARK, COMMENT, START, NO_MOVE, EXTENSION = (
    0x80, 0x40, 0x20, 0x10, 0x08, 0x04, 0x02, 0x01,
)  # fmt: skip


@dataclass(eq=False)
class RenLibNode:
    """A node: ``move`` (``None`` for a pass or the root), texts, flags and children.

    ``comment`` is the one-line comment, ``long_comment`` the multi-line one.
    """

    move: Move = None
    comment: str = ""
    long_comment: str = ""
    board_text: str = ""
    flags: int = 0
    children: list[RenLibNode] = field(default_factory=list)

    @property
    def is_move(self) -> bool:
        """False for label-only nodes (flag NO_MOVE)."""
        return not self.flags & NO_MOVE

    @property
    def marked(self) -> bool:
        """Whether RenLib's Mark command marked this move."""
        return bool(self.flags & MARK)

    def texts(self) -> list[str]:
        """The non-empty comments (one-line first)."""
        return [t for t in (self.comment, self.long_comment) if t]

    def walk(self) -> Iterator[RenLibNode]:
        """This node and every node below it, in pre-order."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children))


@dataclass(eq=False)
class RenLibTree:
    """A whole library: the root (no move) and the header's version (``None``: no header)."""

    root: RenLibNode
    version: tuple[int, int] | None

    def count_nodes(self) -> int:
        """The number of nodes, the root not included."""
        return sum(1 for _ in self.root.walk()) - 1

    def lines(self) -> Iterator[list[RenLibNode]]:
        """Each path from the root (excluded) to a leaf, in pre-order."""
        stack: list[tuple[RenLibNode, list[RenLibNode]]] = [(self.root, [])]
        while stack:
            node, path = stack.pop()
            if not node.children:
                if path:
                    yield path
                continue
            for child in reversed(node.children):
                stack.append((child, [*path, child]))


class _Reader:
    def __init__(self, data: bytes, file: PathLike, encoding: str | None) -> None:
        self.data, self.file, self.encoding, self.i = data, file, encoding, 0

    def fail(self, problem: str) -> PuzzleFormatError:
        return PuzzleFormatError(self.file, f"{problem} (at byte {self.i})")

    def text(self, old: bool = False) -> str:
        """A zero-terminated even-padded text, or (old) one ending at a high-bit byte."""
        data, start = self.data, self.i
        while True:
            if self.i + 2 > len(data):
                self.i = start
                raise self.fail("truncated: a text runs past the end of the file")
            a, b = data[self.i], data[self.i + 1]
            self.i += 2
            if old and (a & 0x80 or b & 0x80):
                end = self.i - 1 if a & 0x80 else self.i
                break
            if not old and (a == 0 or b == 0):
                end = self.i - 2 if a == 0 else self.i - 1
                break
        raw = data[start:end]
        if self.encoding is not None:
            text = raw.decode(self.encoding, errors="replace")
        else:
            text = decode_text(raw)
        return text.replace("\r\n", "\n")

    def record(self) -> tuple[RenLibNode, int]:
        pos, flags = self.data[self.i], self.data[self.i + 1]
        self.i += 2
        if pos and (pos % 16 == 0 or pos > 16 * (SIZE - 1) + SIZE):
            self.i -= 2
            raise self.fail(f"bad position byte 0x{pos:02X}")
        move = None if pos == 0 else (SIZE - 1 - pos // 16) * SIZE + pos % 16 - 1
        node = RenLibNode(move=move, flags=flags)
        board_text = False
        if flags & EXTENSION:
            if self.i + 2 > len(self.data):
                raise self.fail("truncated: extension bytes missing")
            board_text = bool(self.data[self.i + 1] & 1)
            self.i += 2
        if flags & (OLD_COMMENT | COMMENT):
            comment, _, node.long_comment = self.text(old=bool(flags & OLD_COMMENT)).partition(
                "\x08"
            )
            node.comment = comment
        if board_text:
            node.board_text = self.text()
        return node, pos


def _merge(parent: RenLibNode, node: RenLibNode) -> RenLibNode:
    for child in parent.children:
        if child.move == node.move:
            child.flags |= node.flags & ~(DOWN | RIGHT)
            child.comment = child.comment or node.comment
            child.long_comment = child.long_comment or node.long_comment
            child.board_text = child.board_text or node.board_text
            child.children.extend(node.children)
            return child
    parent.children.append(node)
    return node


def parse_renlib(
    data: bytes, file: PathLike = "<bytes>", *, encoding: str | None = None
) -> RenLibTree:
    """Rebuild the tree of a ``.lib`` file.

    Args:
        encoding: the texts' code page; by default UTF-8, else GB18030, else CP932 (pass
            ``"cp932"`` for Japanese libraries).

    Raises:
        PuzzleFormatError: not a RenLib file, a newer version than 3.4, a bad position
        byte or a truncated record.
    """
    r = _Reader(data, file, encoding)
    version: tuple[int, int] | None = None
    if data.startswith(MAGIC):
        if len(data) < 20:
            raise PuzzleFormatError(file, "truncated header")
        version = (data[8], data[9])
        if version > (3, 4):
            raise PuzzleFormatError(file, f"unsupported RenLib version {version[0]}.{version[1]}")
        r.i = 20
    elif not data:
        raise PuzzleFormatError(file, "empty file")
    elif data[0] != 0x78:
        raise PuzzleFormatError(file, "not a RenLib library (no \\xffRenLib\\xff header)")
    root = RenLibNode()
    current = root
    stack: list[RenLibNode] = []
    parents: dict[int, RenLibNode] = {}
    first = True
    while len(data) - r.i >= 2:  # a final lone byte is ignored
        node, pos = r.record()
        if first and pos == 0:
            root.comment, root.long_comment = node.comment, node.long_comment
            root.board_text = node.board_text
            first = False
            continue
        first = False
        flags = node.flags
        node = _merge(current, node)
        parents[id(node)] = current
        current = node
        if flags & DOWN:
            stack.append(node)
        if flags & RIGHT and stack:
            current = parents[id(stack.pop())]
    return RenLibTree(root, version)


def read_renlib(path: PathLike, *, encoding: str | None = None) -> RenLibTree:
    """Read a ``.lib`` file; raises :class:`PuzzleFormatError` as :func:`parse_renlib`."""
    return parse_renlib(read_bytes(path), path, encoding=encoding)


def renlib_puzzles(tree: RenLibTree, file: PathLike = "<bytes>") -> ReadResult:
    """The puzzles and positions of a library (see the module docstring); a line that
    plays on an occupied point is reported in ``errors`` and skipped."""
    result = ReadResult(format="renlib")
    stem = PurePath(str(file)).stem
    root_task = _task(tree.root)
    done: set[int] = set()  # marked nodes already made into a puzzle
    for index, line in enumerate(tree.lines()):
        loc = Location(str(file), index=index)
        marked = max((i for i, n in enumerate(line) if _task(n) and _open(line, i)), default=None)
        if marked is not None and id(line[marked]) in done:
            marked = None  # another variation below a puzzle: its leaf is a position
        end = len(line) if marked is None else marked + 1
        moves = [n.move for n in line[:end] if n.is_move]
        try:
            black, white, to_move = position_after(moves)
        except RenjuError as exc:
            result.skip(loc, f"line {format_moves(moves)}: {exc}")
            continue
        texts = tree.root.texts() + [t for n in line[:end] for t in n.texts() if t != NO_TASK]
        item = Puzzle(
            black=black,
            white=white,
            to_move=to_move,
            comment="\n".join(texts),
            id=f"{stem}#{index + 1}",
            location=loc,
        )
        task = _task(line[marked]) if marked is not None else None
        if task is None and root_task is not None and not any(map(_task, line)):
            task = None if decided(black, white) else root_task
        if task is None:
            result.positions.append(item)
            continue
        if marked is not None:
            done.add(id(line[marked]))
        item.goal = task.goal
        if task.winner is not None:
            item.to_move = task.winner
        rest = line[end:]
        if item.to_move is to_move and all(n.is_move and n.move is not None for n in rest):
            item.solution = [n.move for n in rest if n.move is not None]
        result.puzzles.append(item)
    return result


NO_TASK = "Position (no stated task)"
"""The headline :func:`renlib_tree` gives a position's leaf: the reader takes the line
for a position whatever the comment below it says."""


def _open(line: list[RenLibNode], i: int) -> bool:
    """Whether the position after ``line[: i + 1]`` is still open: a winner named where a
    five is on the board tells how the line ended, not a task."""
    try:
        black, white, _ = position_after([n.move for n in line[: i + 1] if n.is_move])
    except RenjuError:
        return True  # (reported as a bad line by the caller)
    return not decided(black, white)


def _task(node: RenLibNode) -> Task | None:
    """The task a node states: its headline's winner if it names one (the class named
    there, else anywhere in its texts), else what all its texts state together; none
    under the :data:`NO_TASK` headline."""
    if node.comment == NO_TASK:
        return None
    every = "\n".join([*node.texts(), node.board_text])
    head = stated_task(node.comment)
    if head is not None and head.winner is not None:
        return Task(head.winner, stated_goal(node.comment) or stated_goal(every) or "tsume")
    return stated_task(every)


# -- writing ------------------------------------------------------------------------------


def _pos(move: Move) -> int:
    """The record's position byte: 0 for a pass, else ``16 * (y - 1) + x``."""
    if move is None:
        return 0
    return 16 * (SIZE - 1 - move // SIZE) + move % SIZE + 1


def _text(text: str, encoding: str, what: str) -> bytes:
    """A text as RenLib writes it: CRLF line breaks, a zero byte, padded to even length."""
    try:
        raw = text.replace("\r\n", "\n").replace("\n", "\r\n").encode(encoding)
    except UnicodeEncodeError as exc:
        raise RecordError(
            f"the {what} {text!r} cannot be written in {encoding}: {exc.object[exc.start]!r}"
        ) from None
    if b"\x00" in raw:
        raise RecordError(f"the {what} {text!r} holds a zero byte, which ends a RenLib text")
    raw += b"\x00"
    return raw + b"\x00" * (len(raw) % 2)


def _record(node: RenLibNode, flags: int, encoding: str) -> bytes:
    if "\x08" in node.comment or "\n" in node.comment or "\r" in node.comment:
        raise RecordError(f"a one-line comment cannot hold a line break: {node.comment!r}")
    flags |= node.flags & (MARK | START | NO_MOVE)
    texts = b""
    if node.comment or node.long_comment:
        flags |= COMMENT
        long = "\x08" + node.long_comment if node.long_comment else ""
        texts += _text(node.comment + long, encoding, "comment")
    extension = b""
    if node.board_text:
        flags |= EXTENSION
        extension = bytes([0, 1])  # info2, info1: BOARD_TEXT is bit 0 of the second
        texts += _text(node.board_text, encoding, "board text")
    return bytes([_pos(node.move), flags]) + extension + texts


def _has_pass(root: RenLibNode) -> bool:
    return any(n.move is None for n in root.walk() if n is not root)


def format_renlib(tree: RenLibTree, *, encoding: str = "utf-8") -> bytes:
    """The bytes RenLib writes for the tree (see the module docstring); the inverse of
    :func:`parse_renlib`.

    Args:
        encoding: the texts' code page (RenLib uses the system's: ``"gbk"`` for Chinese,
            ``"cp932"`` for Japanese Windows); UTF-8 reads back here without being told.

    Raises:
        RecordError: a text cannot be encoded, holds a zero byte, or a one-line comment
        holds a line break.
    """
    root = tree.root
    old = (
        not (root.texts() or root.board_text or root.flags)
        and [c.move for c in root.children] == [CENTER]
        and not _has_pass(root)
    )
    out = [HEADER_30 if old else HEADER_34]
    # the root (3.4) or the h8 below it (3.0) is written as a move of the current line:
    # neither DOWN nor RIGHT; the nodes below it as the full tree
    top = root.children[0] if old else root
    out.append(_record(top, 0, encoding))
    stack = _below(top)
    while stack:
        node, down = stack.pop()
        flags = (DOWN if down else 0) | (0 if node.children else RIGHT)
        out.append(_record(node, flags, encoding))
        stack += _below(node)
    return b"".join(out)


def _below(node: RenLibNode) -> list[tuple[RenLibNode, bool]]:
    """The children, last first (a stack), each with whether a later sibling follows."""
    last = len(node.children) - 1
    return [(c, i < last) for i, c in reversed(list(enumerate(node.children)))]


def _child(parent: RenLibNode, move: Move) -> RenLibNode | None:
    return next((c for c in parent.children if c.move == move and c.is_move), None)


def _hang(parent: RenLibNode, line: Sequence[Move]) -> RenLibNode:
    """Hang the line below ``parent``, sharing the nodes it already has; the last node."""
    for m in line:
        node = _child(parent, m)
        if node is None:
            node = RenLibNode(move=m)
            parent.children.append(node)
        parent = node
    return parent


_SHUFFLES = 8  # orders of the stones tried before passes are put first
_TRIES = 24


def _setup_line(p: Puzzle, variant: int) -> list[Move]:
    """A line placing the puzzle's stones, Black first and in turn (a pass for a side with
    no stone left), ending with the attacker to move. Variant 0 places each side's
    stones from the centre out; the next ones in shuffled orders, then after passes
    (two puzzles on the same stones need two lines)."""

    def order(points: list[Point]) -> list[Point]:
        out = sorted(points, key=lambda q: (max(abs(q % SIZE - 7), abs(q // SIZE - 7)), q))
        if 0 < variant < _SHUFFLES:
            random.Random(variant).shuffle(out)
        return out

    stones = {Color.BLACK: order(p.black), Color.WHITE: order(p.white)}
    line: list[Move] = []
    colour = Color.BLACK
    while stones[Color.BLACK] or stones[Color.WHITE]:
        line.append(stones[colour].pop(0) if stones[colour] else None)
        colour = colour.opponent
    if colour is not p.to_move:
        line.append(None)
    if not line:
        line = [None, None]  # not the root: a task there would be the whole library's
    return [None, None] * max(0, variant - _SHUFFLES + 1) + line


def _headline(p: Puzzle) -> str:
    """``Black wins (VCF in 3)``: what :func:`stated_task` reads back as the task."""
    goal = "tsume" if p.goal == "tsume" else p.goal.upper()
    length = f" in {p.max_moves}" if p.max_moves is not None else ""
    return f"{p.to_move.label().capitalize()} wins ({goal}{length})"


def _place(root: RenLibNode, p: Puzzle, puzzles: set[int]) -> RenLibNode:
    """The new node the puzzle's stones lead to: a line on which no other puzzle lies
    (a puzzle above another would hide it from the reader)."""
    for variant in range(_TRIES):
        line = _setup_line(p, variant)
        node, depth = root, 0
        while depth < len(line):
            child = _child(node, line[depth])
            if child is None or id(child) in puzzles:
                break
            node, depth = child, depth + 1
        if depth < len(line) and _child(node, line[depth]) is None:
            return _hang(node, line[depth:])
    raise RecordError(f"puzzle {p.id or p.title!r}: no free line for its position in the library")


def renlib_tree(puzzles: Iterable[Puzzle], positions: Iterable[Puzzle] = ()) -> RenLibTree:
    """A library of the puzzles (see the module docstring) that :func:`renlib_puzzles`
    reads back with the same stones, attacker, goal and solution, and as the comment
    the headline, ``title (id)`` and the comment on lines of their own. ``positions``
    (entries that state no task) become leaves without a headline, which the reader
    gives back as positions. A library keeps positions in a tree, not a list: they
    come back in the tree's order.

    Raises:
        RecordError: no line could be found for a puzzle (many puzzles on the same stones).
    """
    root = RenLibNode()
    placed: set[int] = set()
    for p in puzzles:
        node = _place(root, p, placed)
        placed.add(id(node))
        node.comment = _headline(p)
        node.long_comment = _described(p)
        for i, line in enumerate(puzzle_lines(p)):
            end = _hang(node, line)
            if i:  # a key move beside the solution
                end.comment = "Another winning first move"
    for p in positions:
        node = _place(root, p, placed)
        placed.add(id(node))  # (a leaf: no later line passes through it)
        node.comment = NO_TASK
        node.long_comment = _described(p)
    return RenLibTree(root, (3, 4))


def _described(p: Puzzle) -> str:
    """``title (id)`` and the comment, a line each."""
    name = f"{p.title} ({p.id})" if p.title and p.id else p.title or p.id
    return "\n".join(t for t in (name, p.comment) if t)


_RESULT_TEXT = {"black-won": "Black won", "white-won": "White won", "draw": "Draw"}


def game_renlib(
    moves: Sequence[Move], result: str | None = None, meta: Mapping[str, str] | None = None
) -> RenLibTree:
    """A game as a library of one line: the title (else the players) as the root's
    headline, the other fields ``Key: value`` below it, the result on the last move.

    Raises:
        RecordError: a move on an occupied point, an unknown result or meta key.
    """
    ended, fields = check_game(moves, result, meta)
    root = RenLibNode()
    players = " - ".join(fields[k] for k in ("black", "white") if k in fields)
    root.comment = fields.get("title", players)
    keys = [k for k in fields if k not in ("title", "comment")]
    body = [f"{k.capitalize()}: {fields[k]}" for k in keys] + [fields.get("comment", "")]
    root.long_comment = "\n".join(t for t in body if t)
    last = _hang(root, moves)
    if ended in _RESULT_TEXT:
        last.comment = " ".join(t for t in (last.comment, _RESULT_TEXT[ended]) if t)
    return RenLibTree(root, (3, 4))
