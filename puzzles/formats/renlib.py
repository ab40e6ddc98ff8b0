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
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import PurePath

from puzzles.formats.base import PathLike, decode_text, position_after, read_bytes
from puzzles.formats.task import Task, stated_task
from puzzles.model import Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.notation import SIZE, Move, format_moves

__all__ = [
    "HEADER_30",
    "MAGIC",
    "RenLibNode",
    "RenLibTree",
    "looks_like_renlib",
    "parse_renlib",
    "read_renlib",
    "renlib_puzzles",
]

MAGIC = b"\xffRenLib\xff"
HEADER_30 = MAGIC + bytes([3, 0]) + b"\xff" * 10
"""The header of a version 3.0 file (no explicit root record)."""

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
            return raw.decode(self.encoding, errors="replace")
        return decode_text(raw)

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


def looks_like_renlib(data: bytes) -> bool:
    """Sniff: the RenLib header (a headerless file cannot be told apart from other bytes)."""
    return data.startswith(MAGIC)


def renlib_puzzles(tree: RenLibTree, file: PathLike = "<bytes>") -> ReadResult:
    """The puzzles and positions of a library (see the module docstring); a line that
    plays on an occupied point is reported in ``errors`` and skipped."""
    result = ReadResult(format="renlib")
    stem = PurePath(str(file)).stem
    root_task = _task(tree.root)
    done: set[int] = set()  # marked nodes already made into a puzzle
    for index, line in enumerate(tree.lines()):
        loc = Location(str(file), index=index)
        marked = max((i for i, n in enumerate(line) if _task(n)), default=None)
        if marked is not None and id(line[marked]) in done:
            marked = None  # another variation below a puzzle: its leaf is a position
        end = len(line) if marked is None else marked + 1
        moves = [n.move for n in line[:end] if n.is_move]
        try:
            black, white, to_move = position_after(moves)
        except RenjuError as exc:
            result.skip(loc, f"line {format_moves(moves)}: {exc}")
            continue
        texts = tree.root.texts() + [t for n in line[:end] for t in n.texts()]
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
            task = root_task
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


def _task(node: RenLibNode) -> Task | None:
    return stated_task("\n".join([*node.texts(), node.board_text]))
