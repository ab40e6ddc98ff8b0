"""Stepping through a solution and exploring the proof tree. No Textual here.

A :class:`Review` holds a line from a start position (attacker first) and the proof
node of each attacker move in it. :meth:`Review.forward`/:meth:`Review.back` step;
when the defender is to move, :meth:`Review.choose` replaces the rest of the line with the
tree's answer to another defence.

>>> from puzzles.bundled import bundled_puzzles
>>> from solver.search.api import solve
>>> b = bundled_puzzles()[0].board()
>>> r = Review(b, solve(b, "vcf", shortest=True).tree)
>>> r.forward(), r.position_text(), [point_name(d) for d in r.defences()]
(True, 'move 1 of 7', ['c6'])
>>> r.line_text()
'[e6] c6 e5 e7 f6 h6 g7'
>>> r.forward(), r.forward(), r.back(), r.position_text()
(True, True, True, 'move 2 of 7')
"""

from __future__ import annotations

from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.search.proof import ProofNode

__all__ = ["Review"]


class Review:
    """A line through a proof tree, and a position on it (``pos`` moves shown)."""

    def __init__(self, start: Board, root: ProofNode) -> None:
        self.start = start.copy()
        self.root = root
        self.line: list[Point] = []
        self.nodes: list[ProofNode] = []
        self._follow(root)
        self.pos = 0

    def _follow(self, node: ProofNode | None) -> None:
        while node is not None:
            self.line.append(node.move)
            self.nodes.append(node)
            d = node.best_reply()
            if d is None:
                break
            self.line.append(d)
            node = node.after(d)

    def board(self) -> Board:
        """The start position with the first :attr:`pos` moves of the line played."""
        b = self.start.copy()
        for m in self.line[: self.pos]:
            b.push(m)
        return b

    def forward(self) -> bool:
        """One move on; ``False`` at the end."""
        if self.pos >= len(self.line):
            return False
        self.pos += 1
        return True

    def back(self) -> bool:
        """One move back; ``False`` at the start."""
        if self.pos == 0:
            return False
        self.pos -= 1
        return True

    def defences(self) -> list[Point]:
        """Defences the tree answers at this point (defender to move), in point order."""
        if self.pos % 2 == 0 or self.pos > len(self.line) - 1:
            return []
        node = self.nodes[self.pos // 2]
        return sorted(set(node.replies) | set(node.refuted))

    def choose(self, d: Point) -> bool:
        """Play defence ``d`` here and follow the tree's answer; ``False`` if not a defence."""
        if d not in self.defences():
            return False
        k = self.pos // 2
        nxt = self.nodes[k].after(d)
        if nxt is None:
            return False
        del self.line[self.pos :]
        del self.nodes[k + 1 :]
        self.line.append(d)
        self._follow(nxt)
        self.pos += 1
        return True

    def position_text(self) -> str:
        """``"move 3 of 7"``."""
        return f"move {self.pos} of {len(self.line)}"

    def line_text(self, mark: str = "[{}]") -> str:
        """The line in notation, the last move shown formatted by ``mark``."""
        parts = []
        for i, m in enumerate(self.line):
            name = point_name(m)
            parts.append(mark.format(name) if i == self.pos - 1 else name)
        return " ".join(parts)
