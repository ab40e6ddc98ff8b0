"""The native puzzle collection format (``.renju``): plain text, easy to edit by hand.

A file holds any number of puzzles. Each puzzle is a block of ``key: value`` lines
followed by a board diagram; blocks are separated by a line ``---`` (blank lines after a
diagram also end a block). Lines starting with ``#`` are comments and are ignored. The
file is UTF-8 (a byte-order mark is accepted)::

    # Renju puzzles (native format)
    id: okabe-02
    title: No. 02
    author: Hiroshi Okabe
    source: 5-moves-to-end problems
    level: 2
    rating: 1480
    tags: vct, quick
    themes: vct, four-three
    goal: vct
    to-move: black
    max-moves: 3
    count: plain
    keys: h10
    solution: h10 h11 i11
    comment: Black makes a four-three.
    comment: Second line of the comment.
    board:
    15 . . . . . . . . . . . . . . .
    14 . . . . . . . . . . . . . . .
    13 . . . . . . . . . . . . . . .
    12 . . . . . . . . . . . . . . .
    11 . . . . . . . . . . . . . . .
    10 . . . . . . . . . . . . . . .
     9 . . . . . . . . X . . . . . .
     8 . . . . . . . X O . . . . . .
     7 . . . . . . . O X . . . . . .
     6 . . . . . . . . . . . . . . .
     5 . . . . . . . . . . . . . . .
     4 . . . . . . . . . . . . . . .
     3 . . . . . . . . . . . . . . .
     2 . . . . . . . . . . . . . . .
     1 . . . . . . . . . . . . . . .
       a b c d e f g h i j k l m n o
    ---
    id: second
    goal: vcf
    to-move: white
    board:
    ...

Keys (case-insensitive; ``-``, ``_`` and spaces are the same), all optional:

- ``id``, ``title``, ``author``, ``source``: one line of text each.
- ``comment``: one line of text; repeat the key for more lines.
- ``level``: an integer. ``tags``: words separated by commas.
- ``rating``: the puzzle's initial rating (an integer, :func:`puzzles.themes.initial_rating`).
- ``themes``: what the engine found the puzzle to be about, separated by commas
  (:mod:`puzzles.themes`: ``vcf``, ``four-three``, ``hidden-threat``, ...).
- ``task``: what the puzzle asks (default ``win``): ``win`` (find the winning line);
  ``defend`` (the side to move defends against the opponent's threat of a ``goal`` win
  within ``max-moves``: find every move that holds); ``points:KIND`` (find every point
  of ``KIND`` for the side to move, KIND as in ``renju points``: ``forbidden``, ``five``,
  ``four``, ``straight-four``, ``three``, ``four-three``, ``double-four``,
  ``double-three``, ``double-threat``, ``keys``, ``defences``).
- ``answer``: the stated answer of a ``defend`` or ``points`` task: every holding move,
  or every point of the kind (``answer: h8 j9``; ``answer:`` alone states "none"; no
  ``answer`` key: not stated, ``renju verify`` then reports the engine's answer).
- ``goal``: ``vcf``, ``vct`` or ``tsume`` (default ``tsume``); for ``defend`` the class
  of the threat.
- ``to-move`` (or ``attacker``): ``black`` or ``white``, the side to move: the attacker of
  a ``win`` task, the defender of a ``defend`` task (default black).
- ``max-moves``: the most attacker moves allowed, the winning move included.
- ``count``: how ``max-moves`` counts them: ``plain`` (default, every attacker move),
  ``books`` (as Chinese puzzle books: a final VCF of any length, and each run of
  consecutive fours before it, count as one move), ``final-vcf`` (only the final VCF
  counts as one) or ``app`` (the moves up to the position where the attacker has a VCF
  count, a run of fours as one; that VCF counts none: lfz084 "win in three").
- ``solution``: the stated line, attacker first, in standard notation (``h8 i9``, or
  ``H8,I9``). ``keys``: key moves. ``rule``: ``renju`` (default), ``standard`` or
  ``freestyle``.
- ``board:`` then 15 rows, row 15 first: ``X`` black, ``O`` white, ``.`` empty. Row numbers
  and the line of column letters are optional when reading; the writer always adds them.

Reading is forgiving: a bad block is skipped and reported in ``ReadResult.errors`` with
its line number. The writer writes the keys in the order above and only the ones that
are set (``goal`` and ``to-move`` always; ``task`` for every task but ``win``, so a file written before tasks existed reads and writes as it did), so ``format_native(parse_native(t).puzzles)``
gives back ``t`` for any text the writer made, and ``parse_native(format_native(ps))``
gives back ``ps``. Leading and trailing spaces of text values are not kept.

>>> from solver.rules.notation import parse_points
>>> p = Puzzle(black=parse_points("h8 i7"), white=parse_points("i8"), goal="vcf", id="a")
>>> text = format_native([p])
>>> print(text.splitlines()[1:4])
['id: a', 'goal: vcf', 'to-move: black']
>>> parse_native(text).puzzles == [p]
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from puzzles.model import GOALS, Goal, Location, Puzzle, ReadResult, parse_kind
from solver.errors import RenjuError
from solver.rules.board import Color, Rule, diagram_stones
from solver.rules.notation import SIZE, Point, format_points, parse_points
from solver.search.counting import parse_count

__all__ = [
    "EXTENSION",
    "HEADER",
    "format_native",
    "format_puzzle",
    "parse_native",
    "pick_native",
    "whole_number",
]

HEADER = "# Renju puzzles (native format)"
EXTENSION = ".renju"

_KEY_RE = re.compile(r"([A-Za-z][A-Za-z _-]*?)\s*:(.*)")
_LETTERS_RE = re.compile(r"[a-oA-O](\s*[a-oA-O]){14}")
_SEPARATOR_RE = re.compile(r"-{3,}")
_KEY_SPACES_RE = re.compile(r"[\s_]+")
_KEYS = {
    "id",
    "title",
    "author",
    "source",
    "comment",
    "level",
    "rating",
    "tags",
    "themes",
    "task",
    "answer",
    "goal",
    "to-move",
    "max-moves",
    "count",
    "solution",
    "keys",
    "rule",
    "board",
}
_ALIASES = {
    "attacker": "to-move",
    "side": "to-move",
    "tag": "tags",
    "key": "keys",
    "theme": "themes",
    "kind": "task",
}

_Block = list[tuple[int, str]]


def _split_blocks(text: str) -> list[_Block]:
    """Cut the text into blocks of (line number, stripped line)."""
    blocks: list[_Block] = []
    cur: _Block = []
    rows = 0  # diagram rows seen in the current block
    in_board = False

    def flush() -> None:
        nonlocal cur, rows, in_board
        if cur:
            blocks.append(cur)
        cur, rows, in_board = [], 0, False

    for n, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if _SEPARATOR_RE.fullmatch(s):
            flush()
            continue
        if not s or s.startswith("#"):
            if not s and rows >= SIZE:
                flush()
            continue
        letters = _LETTERS_RE.fullmatch(s) is not None
        if rows >= SIZE and not letters:
            flush()  # a new block starts right after a complete diagram
        key = None if in_board else _KEY_RE.fullmatch(s)
        if key is None:
            in_board = True
            rows += 0 if letters else 1
        elif key.group(1).strip().lower() == "board":
            in_board = True
        cur.append((n, s))
    flush()
    return blocks


def _parse_block(block: _Block) -> Puzzle:
    """One block to a puzzle; raises RenjuError (PointError, DiagramError, ...)."""
    meta: dict[str, str] = {}
    comments: list[str] = []
    diagram: list[str] = []
    for n, s in block:
        m = None if diagram or "board" in meta else _KEY_RE.fullmatch(s)
        if m is None:
            diagram.append(s)
            continue
        key = _KEY_SPACES_RE.sub("-", m.group(1).strip().lower())
        key = _ALIASES.get(key, key)
        value = m.group(2).strip()
        if key not in _KEYS:
            raise RenjuError(f"line {n}: unknown key {m.group(1)!r}")
        if key == "comment":
            comments.append(value)
        elif key in meta:
            raise RenjuError(f"line {n}: key {key!r} given twice")
        else:
            meta[key] = value
    if not diagram:
        raise RenjuError("no board diagram")
    black, white = diagram_stones("\n".join(diagram))  # (no board built: see Puzzle.board)
    kind = parse_kind(meta.get("task", "win"))
    if kind == "win" and "answer" in meta:
        raise RenjuError("answer is stated for a defend or points task only (see task)")
    goal = meta.get("goal", "tsume").lower()
    if goal not in GOALS:
        raise RenjuError(f"unknown goal {meta['goal']!r} (expected vcf, vct or tsume)")
    return Puzzle(
        black=black,
        white=white,
        to_move=Color.parse(meta.get("to-move", "black")),
        goal=_goal(goal),
        max_moves=whole_number(meta, "max-moves"),
        count=_count(meta.get("count", "plain")),
        solution=parse_points(meta.get("solution", "")),
        keys=parse_points(meta.get("keys", "")),
        title=meta.get("title", ""),
        source=meta.get("source", ""),
        author=meta.get("author", ""),
        comment="\n".join(comments),
        level=whole_number(meta, "level"),
        tags=_words(meta.get("tags", "")),
        id=meta.get("id", ""),
        rule=Rule.parse(meta.get("rule", "renju")),
        kind=kind,
        answer=_answer(meta["answer"]) if "answer" in meta else None,
        themes=_words(meta.get("themes", "")),
        rating=whole_number(meta, "rating"),
    )


def _words(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def _answer(text: str) -> list[Point]:
    points = parse_points(text)
    if len(set(points)) != len(points):
        raise RenjuError(f"answer {text!r} names a point twice")
    return points


def _count(text: str) -> str:
    try:
        return parse_count(text)
    except ValueError as error:
        raise RenjuError(str(error)) from None


def _goal(text: str) -> Goal:
    for g in GOALS:
        if g == text:
            return g
    raise RenjuError(f"unknown goal {text!r}")


def whole_number(meta: dict[str, str], key: str) -> int | None:
    """``meta[key]`` as an int, ``None`` if absent.

    Raises:
        RenjuError: quoting a value that is not a whole number.
    """
    if key not in meta:
        return None
    try:
        return int(meta[key])
    except ValueError:
        raise RenjuError(f"{key} must be a whole number, not {meta[key]!r}") from None


def parse_native(text: str, file: str = "<string>") -> ReadResult:
    """Read every puzzle of a native-format text.

    Returns:
        The puzzles, each with its :class:`Location` (``file``, entry index, first line),
        and a ``(location, PuzzleFormatError)`` pair for every block that was skipped.
    """
    result = ReadResult(format="native")
    for index, block in enumerate(_split_blocks(text.removeprefix("\ufeff"))):
        loc = Location(file, index=index, line=block[0][0])
        try:
            puzzle = _parse_block(block)
        except RenjuError as exc:
            result.skip(loc, str(exc))
            continue
        puzzle.location = loc
        result.puzzles.append(puzzle)
    return result


def pick_native(text: str, file: str, selector: int | str | None) -> tuple[Puzzle, int, int] | None:
    """The puzzle of a native-format text that ``selector`` names (``None``: the first;
    an int: the N-th, from 1; a string: the first with that id), its number and the
    number of puzzles, reading the entries only as far as that one: the entries after
    it are counted as puzzles, unread. Entries that cannot be read are skipped and not
    counted, as :func:`parse_native` does; ``None`` when no puzzle matches.
    """
    blocks = _split_blocks(text.removeprefix("\ufeff"))
    number = 0
    for index, block in enumerate(blocks):
        try:
            puzzle = _parse_block(block)
        except RenjuError:
            continue
        number += 1
        if selector is None or selector == number or selector == puzzle.id:
            puzzle.location = Location(file, index=index, line=block[0][0])
            return puzzle, number, number + len(blocks) - 1 - index
    return None


def _one_line(what: str, value: str) -> str:
    if "\n" in value or "\r" in value:
        raise ValueError(f"{what} must be a single line: {value!r}")
    return value


def format_puzzle(p: Puzzle) -> str:
    """One puzzle as a native block (no separator), ending with a newline.

    Raises:
        ValueError: a one-line field holds a line break, or a tag holds a comma.
        PositionError: the stones overlap or lie off the board.
    """
    lines: list[str] = []
    for key, value in (("id", p.id), ("title", p.title), ("author", p.author)):
        if value:
            lines.append(f"{key}: {_one_line(key, value)}")
    if p.source:
        lines.append(f"source: {_one_line('source', p.source)}")
    if p.level is not None:
        lines.append(f"level: {p.level}")
    if p.rating is not None:
        lines.append(f"rating: {p.rating}")
    for key, words in (("tags", p.tags), ("themes", p.themes)):
        if words:
            if any("," in t for t in words):
                raise ValueError(f"a {key[:-1]} cannot hold a comma: {words!r}")
            lines.append(f"{key}: " + ", ".join(_one_line(key[:-1], t) for t in words))
    if p.rule is not Rule.RENJU:
        lines.append(f"rule: {p.rule.value}")
    if p.kind != "win":
        lines.append(f"task: {p.kind}")
    elif p.answer is not None:
        raise ValueError(f"a win puzzle cannot state an answer: {format_points(p.answer)!r}")
    if p.answer is not None:
        lines.append(f"answer: {format_points(p.answer)}".rstrip())
    lines.append(f"goal: {p.goal}")
    lines.append(f"to-move: {p.to_move.label()}")
    if p.max_moves is not None:
        lines.append(f"max-moves: {p.max_moves}")
    if p.count != "plain":
        lines.append(f"count: {p.count}")
    if p.keys:
        lines.append("keys: " + format_points(p.keys))
    if p.solution:
        lines.append("solution: " + format_points(p.solution))
    if p.comment:
        lines += [f"comment: {c}" for c in p.comment.replace("\r\n", "\n").split("\n")]
    lines.append("board:")
    lines.append(p.board().diagram())
    return "\n".join(lines) + "\n"


def format_native(puzzles: Iterable[Puzzle]) -> str:
    """A whole native file: the header line, then the blocks separated by ``---``."""
    return HEADER + "\n" + "---\n".join(format_puzzle(p) for p in puzzles)
