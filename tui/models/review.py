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

At the end of the line the five is shown: the points that complete it (or the five
itself when the last move made one).

>>> while r.forward(): pass
>>> [point_name(p) for p in r.five_points()], r.five_stones()
(['d4', 'i9'], [])
"""

from __future__ import annotations

from collections import Counter

from solver.rules.board import Board, Color
from solver.rules.notation import Point, point_name
from solver.search.proof import ProofNode

__all__ = ["MARK_ALL", "Review"]

MARK_ALL = 8  # up to this many other defences are all marked


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

    def answer(self, d: Point) -> Point | None:
        """The attacker's answer to defence ``d`` here, ``None`` if the tree has none."""
        if self.pos % 2 == 0 or self.pos > len(self.line) - 1:
            return None
        nxt = self.nodes[self.pos // 2].after(d)
        return None if nxt is None else nxt.move

    def other_defences(self) -> list[Point]:
        """The defences here apart from the line's own, in point order."""
        main = self.line[self.pos] if self.pos < len(self.line) else None
        return [d for d in self.defences() if d != main]

    def usual_answer(self) -> tuple[Point | None, int]:
        """The answer most other defences lose to, and how many do (``(None, 0)``: none)."""
        counts = Counter(self.answer(d) for d in self.other_defences())
        if not counts:
            return None, 0
        answer, n = counts.most_common(1)[0]
        return answer, n

    def different_defences(self, few: int = MARK_ALL) -> list[Point]:
        """The other defences worth exploring: all of them when there are at most ``few``,
        else those that do not lose to :meth:`usual_answer`.

        After a quiet move nearly every empty point is a defence and most lose to the
        same reply; marking them all would hide the position.
        """
        others = self.other_defences()
        if len(others) <= few:
            return others
        usual, _ = self.usual_answer()
        return [d for d in others if self.answer(d) != usual]

    def at_end(self) -> bool:
        """Whether the whole line is shown."""
        return self.pos == len(self.line) and bool(self.line)

    def five_stones(self) -> list[Point]:
        """At the end, the five the last move made (in point order), else ``[]``."""
        if not self.at_end():
            return []
        b = self.board()
        last = self.line[-1]
        colour = b[last]
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = [last]
            for sign in (1, -1):
                c, r = last % 15 + sign * dc, last // 15 + sign * dr
                while 0 <= c < 15 and 0 <= r < 15 and b[r * 15 + c] is colour:
                    run.append(r * 15 + c)
                    c, r = c + sign * dc, r + sign * dr
            if len(run) >= 5:
                return sorted(run)
        return []

    def five_points(self) -> list[Point]:
        """At the end, the empty points where the attacker makes five next, else ``[]``."""
        if not self.at_end() or self.five_stones():
            return []
        b = self.board()
        attacker = b[self.line[-1]]
        if attacker is Color.EMPTY:
            return []
        return [p for p in b.empty_points() if b.is_five(p, attacker)]

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
