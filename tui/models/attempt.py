"""One attempt at a puzzle: the player's attacker moves, the defender's answers, undo.

No Textual here: the puzzle screen drives an :class:`Attempt` and runs the searches it
asks for in a worker. A move is first checked (:meth:`Attempt.refusal`), then played
(:meth:`Attempt.play`); the answer comes from the proof tree when the move is the tree's
move, otherwise :meth:`Attempt.play` returns ``"search"`` and the screen calls
:func:`solver.respond.respond` on :meth:`Attempt.respond_board` and hands the answer to
:meth:`Attempt.apply_response`.

>>> from puzzles.model import Puzzle
>>> from solver.rules.notation import parse_point, parse_points
>>> from solver.search.api import solve
>>> pz = Puzzle(black=parse_points("f8 g8 h8"), white=parse_points("f9 g9 h9"), goal="vcf")
>>> att = Attempt(pz)
>>> att.attach_tree(solve(pz.board(), "vcf").tree)
>>> att.play(parse_point("e8"))
'solved'
>>> att.message
'e8: straight four. Solved!'
>>> [point_name(p) for p in att.five_points()]
['d8', 'i8']
>>> att.undo(), att.state
(True, 'playing')
"""

from __future__ import annotations

from typing import Literal

from puzzles.model import Puzzle
from solver.rules.board import Board, Color
from solver.rules.forbidden import explain, forbidden_kind
from solver.rules.notation import Point, point_name
from solver.search.api import Limits, Verdict
from solver.search.counting import RUNS, MoveCount
from solver.search.proof import ProofNode
from solver.search.respond import Response

__all__ = ["FINAL_TEXT", "Attempt", "State", "format_moves", "region_around"]

State = Literal["playing", "thinking", "refuted", "undecided", "solved"]
FINAL_TEXT = {
    "five": "five",
    "straight-four": "straight four",
    "double-four": "double four",
    "forbidden-block": "four whose only block is forbidden for Black",
}
RESPOND_SECONDS = 60.0


class Attempt:
    """The position of an attempt and what the trainer knows about it.

    Attributes:
        board: the current position (the puzzle's stones plus the moves played).
        node: the proof node of the current attacker-to-move position, when known.
        state: ``playing`` (attacker to move), ``thinking`` (a search is answering the
            last move), ``refuted`` / ``undecided`` (the last move does not win / could not
            be judged: undo it), ``solved``.
        message: one line about the last event, for the status bar.
        refutation: the defence that refuted the last move (shown on the board).
        hint_level: 0 none, 1 the key region shown, 2 the move shown.
        hints: hints and solution views used in this attempt.
    """

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self.start = puzzle.board()
        self.board = self.start.copy()
        self.attacker: Color = puzzle.to_move
        self.root: ProofNode | None = None
        self.node: ProofNode | None = None
        self._nodes: list[ProofNode | None] = [None]
        self.state: State = "playing"
        self.message = ""
        self.refutation: Point | None = None
        self.hint_level = 0
        self.hints = 0

    # -- the tree -----------------------------------------------------------------------
    def attach_tree(self, root: ProofNode | None) -> None:
        """Give the proof tree of the start position; follow it along the moves played."""
        self.root = root
        self._nodes[0] = root
        node = root
        moves = self.board.moves
        for i in range(0, len(moves) - 1, 2):
            if node is None or node.move != moves[i]:
                node = None
                break
            reply = moves[i + 1]
            node = node.after(reply) if reply is not None else None
            if 1 + i // 2 < len(self._nodes) and self._nodes[1 + i // 2] is None:
                self._nodes[1 + i // 2] = node
        if self.state == "playing" and self.node is None:
            self.node = (
                self._nodes[self.attacker_moves] if self.board.to_move is self.attacker else None
            )

    # -- counting -----------------------------------------------------------------------
    @property
    def attacker_moves(self) -> int:
        """Attacker moves played so far."""
        return (len(self.board.moves) + 1) // 2

    @property
    def remaining(self) -> int | None:
        """Attacker moves still allowed (``None``: no bound), counted as the puzzle
        counts them (``books``: a run of fours one move, the final VCF one; ``app``: the
        final VCF none, a run counted once a move that is not a four ends it): with the
        attacker to move, his moves from this one on; with the defender to move, those
        after the attacker's last move, that one counted one (as ``respond`` takes them,
        with :attr:`run`)."""
        mm = self.puzzle.max_moves
        if mm is None or self.puzzle.count == "plain":
            return None if mm is None else mm - self.attacker_moves
        moves = self.board.moves
        if len(moves) % 2:
            return self._count(moves[:-1]).after()
        return self._count(moves).left

    @property
    def run(self) -> bool:
        """Under ``books`` or ``app`` counting: the attacker's last move (before the one
        the defender is to answer) was a four, so a four continues the run (free)."""
        if self.puzzle.count not in RUNS:
            return False
        moves = self.board.moves
        return self._count(moves[:-1] if len(moves) % 2 else moves).run

    def _count(self, moves: list[Point | None]) -> MoveCount:
        """The puzzle's move count after ``moves`` from the start."""
        count = MoveCount(self.puzzle.count, self.puzzle.max_moves)
        board = self.start.copy()
        for i, p in enumerate(moves):
            if p is not None and i % 2 == 0:
                count.attack(p, bool(board.core.is_four_move(p, int(board.to_move))))
            elif p is not None:
                count.defend(p)
            board.push(p)
        return count

    @property
    def last_move(self) -> Point | None:
        """The last move on the board, if any."""
        moves = self.board.moves
        return moves[-1] if moves else None

    # -- playing ------------------------------------------------------------------------
    def refusal(self, p: Point) -> str | None:
        """Why the attacker may not play ``p`` now, or ``None`` if the move is accepted."""
        if self.state == "solved":
            return "solved already: r plays it again, N opens the next puzzle"
        if self.state == "thinking":
            return "wait: the defender is thinking (u takes your move back)"
        if self.state in ("refuted", "undecided"):
            return "take the move back first (u)"
        if self.board[p] is not Color.EMPTY:
            return f"{point_name(p)} is occupied"
        if self.attacker is Color.BLACK and forbidden_kind(self.board, p) is not None:
            return explain(self.board, p).text().splitlines()[0]
        left = self.remaining
        if left is not None and left <= 0:
            # (under books a four may still continue a run or the final VCF: searched)
            books = self.puzzle.count != "plain"
            if not (books and self.board.core.is_four_move(p, int(self.attacker))):
                return "no attacker moves left: take back (u)"
        return None

    def play(self, p: Point) -> Literal["refused", "solved", "answered", "search"]:
        """Play the attacker's move ``p``.

        Returns ``refused`` (see :attr:`message`), ``solved``, ``answered`` (the defender
        replied from the tree) or ``search`` (call :meth:`apply_response` with the answer
        of ``respond`` on :meth:`respond_board`).
        """
        why = self.refusal(p)
        if why is not None:
            self.message = why
            return "refused"
        self.hint_level = 0
        self.refutation = None
        five = self.board.is_five(p)
        node = self.node
        self.board.push(p)
        if five:
            return self._solved(p, "five")
        if node is not None and node.move == p:
            return self._advance(node)
        self.state = "thinking"
        self.message = f"{point_name(p)}: the defender is thinking…"
        return "search"

    def respond_board(self) -> tuple[Board, Limits]:
        """A copy of the position (defender to move) and the limits for ``respond``
        (with ``run=``:attr:`run`)."""
        limits = Limits(max_moves=self.remaining, time=RESPOND_SECONDS, count=self.puzzle.count)
        return self.board.copy(), limits

    def apply_response(
        self, resp: Response
    ) -> Literal["solved", "answered", "refuted", "undecided"]:
        """Take the defender's answer to the last move (from ``respond``)."""
        p = self.last_move
        assert p is not None and self.state == "thinking"
        if resp.result is Verdict.PROVEN and resp.node is not None:
            return self._advance(resp.node)
        if resp.result is Verdict.DISPROVEN:
            self.state = "refuted"
            name = point_name(p)
            d = resp.defence
            if d is not None and self.board[d] is Color.EMPTY:
                self.board.push(d)
                self.refutation = d
                self.message = (
                    f"{name} does not win: {self.attacker.opponent.label()} {point_name(d)}"
                    f" {resp.reason}. Take it back with u"
                )
            elif resp.reason == "no threat":
                why = (
                    "it is not a four (a VCF uses fours only)"
                    if self.puzzle.goal == "vcf"
                    else "it threatens nothing, so the defender has a free move"
                )
                self.message = f"{name} does not win: {why}. Take it back with u"
            else:
                self.message = f"{name} does not win: {resp.reason}. Take it back with u"
            return "refuted"
        self.state = "undecided"
        why = f" ({resp.reason})" if resp.reason else ""
        self.message = f"{point_name(p)}: the solver could not decide{why}. Take it back with u"
        return "undecided"

    def _advance(self, node: ProofNode) -> Literal["solved", "answered"]:
        p = node.move
        if node.final is not None:
            return self._solved(p, node.final)
        d = node.best_reply()
        nxt = node.after(d) if d is not None else None
        if d is None or nxt is None:
            return self._solved(p, "")
        self.board.push(d)
        self.node = nxt
        del self._nodes[self.attacker_moves :]
        self._nodes.append(nxt)
        self.state = "playing"
        self.message = f"{point_name(p)}: {self.attacker.opponent.label()} answers {point_name(d)}"
        return "answered"

    def _solved(self, p: Point, final: str) -> Literal["solved"]:
        self.state = "solved"
        self.node = None
        what = FINAL_TEXT.get(final, "no defence left")
        self.message = f"{point_name(p)}: {what}. Solved!"
        return "solved"

    def undo(self) -> bool:
        """Take back the last attacker move (and the answer to it); ``False`` at the start."""
        if not self.board.moves:
            return False
        self.board.pop()
        while self.board.to_move is not self.attacker and self.board.moves:
            self.board.pop()
        self.state = "playing"
        self.refutation = None
        self.hint_level = 0
        del self._nodes[self.attacker_moves + 1 :]
        while len(self._nodes) <= self.attacker_moves:
            self._nodes.append(None)
        self.node = self._nodes[self.attacker_moves]
        self.message = "taken back"
        return True

    def restart(self) -> None:
        """Back to the puzzle's position."""
        while self.board.moves:
            self.board.pop()
        self.state = "playing"
        self.refutation = None
        self.hint_level = 0
        del self._nodes[1:]
        self.node = self._nodes[0]
        self.message = "from the start"

    def replay(self, moves: list[Point]) -> None:
        """Put back a saved attempt (attacker and defender moves); stops at a bad move."""
        for m in moves:
            if self.board[m] is not Color.EMPTY:
                break
            self.board.push(m)
            if self.board.to_move is self.attacker:
                self._nodes.append(None)
        if self.board.to_move is not self.attacker:
            self.board.pop()
        del self._nodes[self.attacker_moves + 1 :]
        self.node = None
        self.attach_tree(self.root)

    def set_node(self, node: ProofNode | None) -> None:
        """The proof node of the current position, found by a search (for hints)."""
        if self.state == "playing":
            self.node = node
            self._nodes[self.attacker_moves] = node

    def five_points(self) -> list[Point]:
        """Once solved by a four, the points where the attacker makes five (else ``[]``)."""
        if self.state != "solved":
            return []
        b = self.board
        return [p for p in b.empty_points() if b.is_five(p, self.attacker)]

    # -- hints --------------------------------------------------------------------------
    def hint(self) -> tuple[int, Point] | None:
        """Raise the hint level; returns ``(level, next winning move)``, ``None`` if unknown."""
        if self.state != "playing" or self.node is None:
            return None
        self.hint_level = min(2, self.hint_level + 1)
        self.hints += 1
        return self.hint_level, self.node.move


def region_around(p: Point, radius: int = 1) -> frozenset[Point]:
    """A square of side ``2 * radius + 1`` holding ``p``, not always centred on it (so the
    hint does not give the move away), clipped to the board.

    >>> from solver.rules.notation import parse_point
    >>> len(region_around(parse_point("h8"))), parse_point("h8") in region_around(112)
    (9, True)
    >>> sorted(point_name(q) for q in region_around(parse_point("a1"), 0))
    ['a1']
    """
    col = min(14, max(0, p % 15 + (p * 7) % (2 * radius + 1) - radius))
    row = min(14, max(0, p // 15 + (p * 11) % (2 * radius + 1) - radius))
    return frozenset(
        r * 15 + c
        for r in range(max(0, row - radius), min(14, row + radius) + 1)
        for c in range(max(0, col - radius), min(14, col + radius) + 1)
    )


def format_moves(moves: list[int | None], first: int = 1) -> str:
    """``"1. e6 c6  2. e5 e7  3. f6"``: numbered attacker/defender pairs.

    >>> format_moves([64, 62, 49])
    '1. e5 c5  2. e4'
    """
    parts = []
    for i in range(0, len(moves), 2):
        pair = [point_name(m) if m is not None else "pass" for m in moves[i : i + 2]]
        parts.append(f"{first + i // 2}. " + " ".join(pair))
    return "  ".join(parts)
