"""How attacker moves are counted against a move limit.

``plain`` counts every attacker move up to the one after which no defence exists (see
:mod:`solver.search.api`). ``books`` counts as Chinese "win in n" collections (三手胜) do:
the final VCF, whatever its length, counts as one move, and so does a run of consecutive
fours before it; every other move (a three, a hidden threat, a block) counts one.
``final-vcf`` is the lfz084 puzzle app's checker: every move counts one, but the final
VCF counts one whatever its length (a win in n: within n - 1 moves of any class, the
attacker reaches a position where he has a VCF).

>>> from solver import Board, Limits, solve
>>> board = Board.from_stones("b2", "c2 d2 e2 g3 h4", to_move="white")  # f2 g2 i5
>>> solve(board, "vcf").moves, solve(board, "vcf", Limits(count="books")).moves
(2, 1)
"""

from __future__ import annotations

from typing import Any

from solver.errors import PositionError
from solver.search.proof import ProofNode

__all__ = ["COUNTS", "book_length", "parse_count"]

COUNTS = ("plain", "books", "final-vcf")


def parse_count(text: str) -> str:
    """Parse ``plain``/``books``.

    Raises:
        PositionError: quoting ``text`` otherwise.
    """
    count = text.strip().lower()
    if count not in COUNTS:
        raise PositionError(f"unknown move count: {text!r} (expected plain, books or final-vcf)")
    return count


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
