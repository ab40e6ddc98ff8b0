"""Hypothesis strategies shared by the engine and search property tests."""

from __future__ import annotations

import random

from hypothesis import strategies as st


@st.composite
def games(draw: st.DrawFn, max_moves: int = 80) -> list[int]:
    """Game-like move sequences: each move within two points of a recent one."""
    seed = draw(st.integers(min_value=0, max_value=2**32))
    rng = random.Random(seed)
    moves, occupied = [112], {112}
    for _ in range(draw(st.integers(min_value=1, max_value=max_moves))):
        base = rng.choice(moves[-6:])
        c, r = base % 15 + rng.randint(-2, 2), base // 15 + rng.randint(-2, 2)
        if 0 <= c < 15 and 0 <= r < 15 and r * 15 + c not in occupied:
            occupied.add(r * 15 + c)
            moves.append(r * 15 + c)
    return moves
