"""Generated game-like move lists, for the bench and for mining puzzles.

Games are generated deterministically (each move near the last few, Black never on a
forbidden point, a game ends at a five), so what uses them is reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from solver.engine.backend import core_class

__all__ = ["iter_sample_games", "sample_games"]


def sample_games(count: int, seed: int = 1, length: tuple[int, int] = (30, 90)) -> list[list[int]]:
    """``count`` game-like move lists: moves near recent ones, no forbidden black moves."""
    return list(iter_sample_games(count, seed, length))


def iter_sample_games(
    count: int, seed: int = 1, length: tuple[int, int] = (30, 90)
) -> Iterator[list[int]]:
    """The games of :func:`sample_games`, one at a time (the same games, made as they
    are asked for)."""
    rng = random.Random(seed)
    core = core_class(False)(0)
    for _ in range(count):
        target = rng.randint(*length)
        moves = [112]
        core.put(112, 1)
        colour = 2
        while len(moves) < target:
            for _try in range(50):
                base = rng.choice(moves[-6:])
                col = base % 15 + rng.randint(-2, 2)
                row = base // 15 + rng.randint(-2, 2)
                p = row * 15 + col
                if 0 <= col < 15 and 0 <= row < 15 and not core.get(p):
                    if colour == 1 and core.forbidden(p):
                        continue
                    break
            else:
                break
            five = core.is_five(p, colour)
            core.put(p, colour)
            moves.append(p)
            colour = 3 - colour
            if five:
                break
        for p in moves:
            core.remove(p)
        yield moves
