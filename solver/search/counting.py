"""How attacker moves are counted against a move limit.

``plain`` counts every attacker move up to the one after which no defence exists (see
:mod:`solver.search.api`). ``books`` counts as Chinese "win in n" collections (三手胜) do:
the final VCF, whatever its length, counts as one move, and so does a run of consecutive
fours before it; every other move (a three, a hidden threat, a block) counts one.
``final-vcf``: every move counts one, but the final VCF counts one whatever its length (a
win in n: within n - 1 moves of any class, the attacker reaches a position where he has
a VCF). ``app``: the moves up to the position where the attacker has a VCF count, a run
of consecutive fours as one, and that VCF counts none (a win in n: within n moves of any
class, fours in a run one move, the attacker reaches a position where he has a VCF).

``app`` is ``books`` with one move more: a books line is an ``app`` line and its final VCF,
one move, so the search runs the books count with the bound one higher
(:func:`search_bound`) and takes one from its lengths (:func:`proof_length`). Inside a run
(the attacker's last move a four) nothing is added: under ``app`` that run is not counted
until a move that is not a four follows it (then it counts one with that move), since a
run that goes on into the final VCF is part of it::

    line            plain  books  final-vcf  app
    VCF                 n      1          1    0
    three, VCF      1 + n      2          2    1
    four, three, VCF    .      3          3    2
    four, four, VCF     .      1          1    0   (one VCF)

>>> from solver import Board, Limits, solve
>>> board = Board.from_stones("b2", "c2 d2 e2 g3 h4", to_move="white")  # f2 g2 i5
>>> solve(board, "vcf").moves, solve(board, "vcf", Limits(count="books")).moves
(2, 1)
"""

from __future__ import annotations

from typing import Any

from solver.errors import PositionError
from solver.rules.board import Board
from solver.rules.notation import Point
from solver.search.proof import ProofNode

__all__ = [
    "COUNTS",
    "RUNS",
    "MoveCount",
    "book_length",
    "parse_count",
    "proof_length",
    "search_bound",
    "search_count",
]

COUNTS = ("plain", "books", "final-vcf", "app")
# the counts under which a run of consecutive fours is one move
RUNS = ("books", "app")


def parse_count(text: str) -> str:
    """Parse ``plain``/``books``/``final-vcf``/``app``.

    Raises:
        PositionError: quoting ``text`` otherwise.
    """
    count = text.strip().lower()
    if count not in COUNTS:
        raise PositionError(
            f"unknown move count: {text!r} (expected plain, books, final-vcf or app)"
        )
    return count


def search_count(count: str) -> str:
    """The count the search runs for ``count``: ``books`` for ``app`` (see
    :func:`search_bound`), else ``count`` itself."""
    return "books" if count == "app" else count


def _extra(count: str, run: bool) -> int:
    """The moves ``count`` allows beyond the search's count: one under ``app`` outside a
    run (the final VCF, which ``books`` counts one), none inside one (its run is not
    counted yet)."""
    return 1 if count == "app" and not run else 0


def search_bound(count: str, moves: int, run: bool = False) -> int:
    """The search's bound (under :func:`search_count`) for ``moves`` counted as ``count``
    counts them (``run``: the attacker's last move was a four)."""
    return moves + _extra(count, run)


def proof_length(
    node: ProofNode, core: Any, attacker: int, count: str, after_four: bool = False
) -> int:
    """The attacker moves of the proof ``node`` as ``count`` counts them (see
    :func:`book_length`; ``plain``: ``node.length``)."""
    if count == "plain":
        return node.length
    length = book_length(node, core, attacker, after_four, runs=count in RUNS)
    return length - _extra(count, after_four)


def book_length(
    node: ProofNode, core: Any, attacker: int, after_four: bool = False, runs: bool = True
) -> int:
    """The attacker moves of the proof ``node`` (attacker to move at ``core``'s position)
    as the books count them (``runs``) or the ``final-vcf`` count does (not ``runs``),
    against its longest-resisting defence. ``after_four``: the attacker's last move was
    a four, so a four (or a VCF) now continues its run.

    The proof is replayed on ``core`` (and left as it was): a move is a four when the
    position says so and its one reply is the block; a refuted defence's certificate is
    a VCF, one move."""
    memo: dict[tuple[int, bool], tuple[int, bool]] = {}
    return _length(node, core, attacker, after_four, runs, memo)[0]


def _length(
    node: ProofNode,
    core: Any,
    a: int,
    after_four: bool,
    runs: bool,
    memo: dict[tuple[int, bool], tuple[int, bool]],
) -> tuple[int, bool]:
    """The length of ``node`` and whether it is a VCF (fours to the end)."""
    key = (id(node), after_four)
    if key in memo:
        return memo[key]
    own = 0 if after_four else 1  # (a four or a five continuing a run is free)
    vcf = False
    if node.final is not None:
        length, vcf = own, True
    elif core.is_four_move(node.move, a) and not node.refuted and len(node.replies) == 1:
        ((block, sub),) = node.replies.items()
        core.put(node.move, a)
        core.put(block, 3 - a)
        # (under ``final-vcf`` no run is free: ``after_four`` stays False)
        rest, vcf = _length(sub, core, a, runs, runs, memo)
        # the final VCF is one move (none if it continues a run)
        length = own if vcf else own + rest
        core.remove(block)
        core.remove(node.move)
    else:
        core.put(node.move, a)
        rest = 1 if node.refuted else 0
        for defence, sub in node.replies.items():
            core.put(defence, 3 - a)
            rest = max(rest, _length(sub, core, a, False, runs, memo)[0])
            core.remove(defence)
        core.remove(node.move)
        length = 1 + rest
    memo[key] = (length, vcf)
    return length, vcf


class MoveCount:
    """The attacker moves a line being played still has, counted as ``count`` counts
    them: ``left``, the moves allowed from his next move on, that one included (``None``:
    no limit); ``run``, under ``books`` and ``app``: his last move was a four, so a four
    now continues the run (free). Under ``app`` a run is counted only when a move that
    is not a four follows it (one move with that one: two), so inside a run ``left``
    holds the moves as if the run went on into the final VCF. ``line`` holds the moves
    played (both sides), and :meth:`length` counts them with :func:`proof_length`.

    >>> from solver.rules.board import Board
    >>> from solver.rules.notation import parse_points
    >>> start = Board.from_stones("b2 e1", "c2 d2 e2 g3 h4 l5 k3 k4", to_move="white")
    >>> c = MoveCount("books", 3)
    >>> c.play(start, parse_points("f2 g2 i5 j6"))  # a run of two fours: one move
    >>> c.left, c.run
    (2, True)
    >>> c.play(start, parse_points("k5 k6 j5"))  # a double three, then the final VCF
    >>> c.length(start), MoveCount("plain").played(start, c.line).length(start)
    (3, 4)
    >>> a = MoveCount("app", 3)
    >>> a.play(start, parse_points("f2 g2 i5 j6"))  # the run is not counted yet
    >>> a.left, a.run
    (3, True)
    >>> a.play(start, parse_points("k5 k6"))  # a double three: the run and k5, two moves
    >>> a.left, a.run
    (1, False)
    >>> a.play(start, parse_points("j5"))  # the final VCF: none
    >>> a.length(start)
    2
    """

    def __init__(self, count: str = "plain", max_moves: int | None = None) -> None:
        self.count = parse_count(count)
        self.books = self.count != "plain"
        self.runs = self.count in RUNS
        self.left = max_moves
        self.run = False
        self.line: list[Point] = []

    def after(self) -> int | None:
        """The moves left after the attacker move about to be played, counted one (as
        :func:`solver.search.respond.respond` takes them, with :attr:`run`)."""
        return None if self.left is None else self.left - 1

    def attack(self, move: Point, four: bool) -> None:
        """The attacker plays ``move`` (``four``: a four where it is played)."""
        self.line.append(move)
        if self.left is not None:
            if self.count == "app":
                # (a run is counted with the move that ends it, never if the VCF ends it)
                self.left -= 0 if four else 1 + self.run
            elif not (self.runs and self.run and four):
                self.left -= 1
        self.run = self.runs and four

    def defend(self, move: Point) -> None:
        """The defender replies ``move``."""
        self.line.append(move)

    def play(self, start: Board, moves: list[Point]) -> None:
        """Play ``moves`` on from the line so far (``start``: the line's position),
        the attacker's first if the line is even."""
        board = start.copy()
        for p in self.line:
            board.push(p)
        for p in moves:
            if len(self.line) % 2 == 0:
                self.attack(p, bool(board.core.is_four_move(p, int(board.to_move))))
            else:
                self.defend(p)
            board.push(p)

    def played(self, start: Board, moves: list[Point]) -> MoveCount:
        """This count with ``moves`` played (see :meth:`play`): ``self``."""
        self.play(start, moves)
        return self

    def length(self, start: Board) -> int:
        """The line's attacker moves as counted, up to its last move, taken as the
        win (``start``: its position, the attacker to move)."""
        if not self.books or not self.line:
            return (len(self.line) + 1) // 2
        node = ProofNode.from_line(self.line, "five")
        return proof_length(node, start.core.copy(), int(start.to_move), self.count)
