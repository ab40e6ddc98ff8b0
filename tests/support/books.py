"""A hand-made position where counting as the books count changes the answer.

White: f2 and i5 are fours (Black blocks g2 and j6), k5 then makes two threes (k3 k4 k5,
i5 _ k5 l5) and j5 is the VCF that ends it: the line f2 g2 i5 j6 k5 k6 j5 counts 4
attacker moves plainly, 3 as the books count (the run f2 i5 is one move). Its shortest
vct win is 3 plainly and 2 as the books count (j4, Black i4, then the VCF f2 g2 i5 j6 l2;
or k5, Black k6, then the VCF f2 g2 i5 j6 j5).
"""

from __future__ import annotations

from typing import Any

from puzzles.model import Puzzle
from solver.rules.board import Color
from solver.rules.notation import parse_points

__all__ = ["RUN_BLACK", "RUN_WHITE", "run_puzzle"]

RUN_BLACK, RUN_WHITE = "b2 e1", "c2 d2 e2 g3 h4 l5 k3 k4"


def run_puzzle(solution: str = "", count: str = "books", max_moves: int = 2, **kw: Any) -> Puzzle:
    """The position as a White-to-win ``vct`` puzzle within ``max_moves`` as ``count``
    counts them, with the stated ``solution``."""
    return Puzzle(
        black=parse_points(RUN_BLACK),
        white=parse_points(RUN_WHITE),
        to_move=Color.WHITE,
        goal="vct",
        max_moves=max_moves,
        count=count,
        solution=parse_points(solution),
        **kw,
    )
