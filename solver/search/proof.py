"""Proof trees: the attacker's winning move at every attacker node, every defence answered.

A :class:`ProofNode` is an attacker-to-move position in a proven win. ``move`` is the
winning move; ``replies`` maps each defence that had to be searched to the attacker node
that answers it; ``refuted`` maps every other legal defence to a VCF line (attacker,
defender, ..., attacker) that wins against it — a certificate the proof checker replays.
A node whose ``move`` ends the game (``final`` set) has no replies.

>>> leaf = ProofNode(move=112, length=1, final="five")
>>> node = ProofNode(move=97, length=2, replies={98: leaf})
>>> [point_name(p) for p in node.main_line()]
['h7', 'i7', 'h8']
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from solver.records import Record
from solver.rules.notation import Point, point_name

__all__ = ["FINAL_KINDS", "ProofNode"]

FINAL_KINDS = ("five", "straight-four", "double-four", "forbidden-block")


class ProofNode(Record):
    """An attacker node of a proof: the winning move and the answer to every defence.
    (Slots: a proof holds thousands of nodes, made and read in the proof's building.)"""

    _fields = ("move", "length", "replies", "refuted", "final")
    __slots__ = _fields
    move: Point
    length: int
    replies: dict[Point, ProofNode]
    refuted: Mapping[Point, tuple[Point, ...]]
    final: str | None

    def __init__(
        self,
        move: Point,
        length: int,
        replies: dict[Point, ProofNode] | None = None,
        refuted: Mapping[Point, tuple[Point, ...]] | None = None,
        final: str | None = None,
    ) -> None:
        self.move = move
        self.length = length
        self.replies = {} if replies is None else replies
        self.refuted = {} if refuted is None else refuted
        self.final = final

    def best_reply(self) -> Point | None:
        """The longest-resisting defence, or ``None`` at the end. Ties go to a searched
        defence over a refuted one, then to the point nearest the attacker's move, then
        to the lowest point (so a main line shows real defences, not far-away moves)."""
        best: tuple[int, int, int, int] | None = None
        for d, child in self.replies.items():
            cand = (-child.length, 0, self._distance(d), d)
            best = cand if best is None or cand < best else best
        for d, vcf in self.refuted.items():
            cand = (-((len(vcf) + 1) // 2), 1, self._distance(d), d)
            best = cand if best is None or cand < best else best
        return None if best is None else best[3]

    def _distance(self, p: Point) -> int:
        return max(abs(p % 15 - self.move % 15), abs(p // 15 - self.move // 15))

    def after(self, defence: Point) -> ProofNode | None:
        """The attacker node answering ``defence`` (a refuted one is unfolded from its line)."""
        if defence in self.replies:
            return self.replies[defence]
        line = self.refuted.get(defence)
        return None if line is None else ProofNode.from_line(line)

    def main_line(self) -> list[Point]:
        """Attacker and defender moves against the longest-resisting defence."""
        out: list[Point] = []
        node: ProofNode | None = self
        while node is not None:
            out.append(node.move)
            d = node.best_reply()
            if d is None:
                break
            out.append(d)
            node = node.after(d)
        return out

    def walk(self) -> Iterator[tuple[list[Point], ProofNode]]:
        """Every attacker node with the moves leading to it from here (searched replies)."""
        stack: list[tuple[list[Point], ProofNode]] = [([], self)]
        while stack:
            path, node = stack.pop()
            yield path, node
            for d in sorted(node.replies, reverse=True):
                stack.append(([*path, node.move, d], node.replies[d]))

    def size(self) -> int:
        """Number of attacker nodes with searched replies (refutation lines not counted)."""
        return sum(1 for _ in self.walk())

    @staticmethod
    def from_line(line: tuple[Point, ...] | list[Point], final: str | None = None) -> ProofNode:
        """A linear proof from a VCF line (attacker, defender, ..., attacker)."""
        node = ProofNode(move=line[-1], length=1, final=final)
        for i in range(len(line) - 3, -1, -2):
            node = ProofNode(move=line[i], length=node.length + 1, replies={line[i + 1]: node})
        return node

    def __repr__(self) -> str:
        return (
            f"ProofNode({point_name(self.move)}, length={self.length}, replies={len(self.replies)})"
        )
