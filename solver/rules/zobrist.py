"""Zobrist keys: a fixed 64-bit random number per (point, colour), the same in every build."""

from __future__ import annotations

from solver.rules.notation import NPOINTS

__all__ = ["ZOBRIST", "ZOBRIST_SIDE"]

_MASK64 = (1 << 64) - 1


def _splitmix64(seed: int) -> list[int]:
    out = []
    state = seed
    for _ in range(2 * NPOINTS + 1):
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        out.append(z ^ (z >> 31))
    return out


_KEYS = _splitmix64(0x52454E4A55)  # "RENJU"
ZOBRIST: tuple[tuple[int, ...], ...] = (
    (0,) * NPOINTS,
    tuple(_KEYS[:NPOINTS]),
    tuple(_KEYS[NPOINTS : 2 * NPOINTS]),
)
"""``ZOBRIST[colour][point]``; colour 1 black, 2 white (row 0 is unused zeros)."""
ZOBRIST_SIDE: int = _KEYS[2 * NPOINTS]
"""Xored into a position's hash when White is to move."""
