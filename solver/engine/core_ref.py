"""The engine core in pure Python: stones, line codes, pattern lookups, forbidden moves.

This is the reference implementation of the core API; ``solver/engine/core_fast.pyx`` implements the
same class in Cython and must give identical answers (tests compare them). The public
model on top of it is :class:`solver.rules.board.Board`.

Rule sets (``rule``): 0 ``renju`` (Black exact five and forbidden moves, White five or
more), 1 ``standard`` (both exact five, nothing forbidden), 2 ``freestyle`` (both five or
more, nothing forbidden).

Forbidden kinds are the digits used on diagrams: 0 legal, 3 double-three, 4 double-four,
6 overline.
"""

from __future__ import annotations

from collections.abc import Sequence

from solver.engine.contract import STEP as _STEP
from solver.engine.contract import Forbidden, RuleCode, Stone
from solver.rules.geometry import (
    LINE_COUNTS,
    PAD,
    WINDOW_MASK,
    initial_line_codes,
    line_of,
    pos_of,
    step,
)
from solver.rules.notation import NPOINTS
from solver.rules.patterns import (
    CELL_MASK,
    FIVE,
    FOURS_SHIFT,
    OVERLINE,
    THREE_SHIFT,
    analyze,
    swap_colors,
)
from solver.rules.zobrist import ZOBRIST

__all__ = ["FREESTYLE", "RENJU", "STANDARD", "Core", "line_step"]

RENJU, STANDARD, FREESTYLE = (int(r) for r in RuleCode)
EMPTY, BLACK, WHITE = (int(s) for s in Stone)
LEGAL, DOUBLE_THREE, DOUBLE_FOUR, OVERLINE_KIND = (int(k) for k in Forbidden)

# Per point: one (direction, line, shift) triple per direction.
_SLOTS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((d, line_of(d, p), 2 * pos_of(d, p)) for d in range(4)) for p in range(NPOINTS)
)


def line_step(d: int) -> int:
    """The index difference between neighbouring points along direction ``d``."""
    return _STEP[d]


# For each point m: every (point, direction) whose window contains m (|k| <= 5), m included.
_NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (q, d) for d in range(4) for k in range(-PAD, PAD + 1) if (q := step(m, d, k)) is not None
    )
    for m in range(NPOINTS)
)

# Shared lazily-filled pattern tables: one for exact fives, one for five-or-more.
_TABLES: tuple[dict[int, int], dict[int, int]] = ({}, {})
# Candidate flags of one direction: bit d = "a four or a three shape here",
# bit 4 = "can be forbidden on its own" (overline or a double four in one line).
_STRONG = 16


def _lookup(table: dict[int, int], key: int, exact: bool) -> int:
    entry = table.get(key)
    if entry is None:
        entry = table[key] = analyze(key, exact)
    return entry


class Core:
    """Board cells, line codes and hash, with the pattern and forbidden-move queries."""

    __slots__ = ("_cand", "_cands", "_dirty", "_tabs", "cells", "count", "hash", "lines", "rule")

    def __init__(self, rule: int = RENJU) -> None:
        if rule not in (RENJU, STANDARD, FREESTYLE):
            raise ValueError(f"unknown rule number: {rule!r}")
        self.rule = rule
        self.cells = bytearray(NPOINTS)
        self.lines = initial_line_codes()
        self.hash = 0
        self.count = 0
        exact_black = rule != FREESTYLE
        exact_white = rule == STANDARD
        # (table, exact) for black, white: indexed by colour - 1.
        self._tabs = (
            (_TABLES[0] if exact_black else _TABLES[1], exact_black),
            (_TABLES[0] if exact_white else _TABLES[1], exact_white),
        )
        self._cand = [0] * NPOINTS  # per point: candidate flags (see _STRONG)
        self._cands: set[int] = set()
        self._dirty: list[int] | None = None  # None: flags need a full rebuild

    # -- stones ------------------------------------------------------------------------
    def get(self, p: int) -> int:
        """Colour at ``p``: 0 empty, 1 black, 2 white."""
        return self.cells[p]

    def put(self, p: int, colour: int) -> None:
        """Place a stone of ``colour`` on the empty point ``p``."""
        self.cells[p] = colour
        lines = self.lines
        for d, line, shift in _SLOTS[p]:
            lines[d][line] += colour << (shift + 2 * PAD)
        self.hash ^= ZOBRIST[colour][p]
        self.count += 1
        if self._dirty is not None:
            self._dirty.append(p)

    def remove(self, p: int) -> None:
        """Take the stone off ``p``."""
        colour = self.cells[p]
        self.cells[p] = EMPTY
        lines = self.lines
        for d, line, shift in _SLOTS[p]:
            lines[d][line] -= colour << (shift + 2 * PAD)
        self.hash ^= ZOBRIST[colour][p]
        self.count -= 1
        if self._dirty is not None:
            self._dirty.append(p)

    def enter(self, p: int, colour: int, q: int = -1, q_colour: int = 0) -> None:
        """Put ``p`` (and ``q`` if not -1) for a search step that ``leave`` undoes: the
        compiled core keeps what it derived from the position before (its four/five
        masks) and puts it back then, instead of updating it stone by stone."""
        self.put(p, colour)
        if q >= 0:
            self.put(q, q_colour)

    def leave(self, p: int, q: int = -1) -> None:
        """Undo the last ``enter(p, ..., q)``."""
        if q >= 0:
            self.remove(q)
        self.remove(p)

    def copy(self) -> Core:
        """An independent copy."""
        other = Core(self.rule)
        for p in range(NPOINTS):
            if self.cells[p]:
                other.put(p, self.cells[p])
        return other

    # -- patterns ----------------------------------------------------------------------
    def window(self, d: int, p: int) -> int:
        """The 22-bit window of ``p`` in direction ``d`` (see :mod:`solver.rules.geometry`)."""
        _, line, shift = _SLOTS[p][d]
        return (self.lines[d][line] >> shift) & WINDOW_MASK

    def entry(self, d: int, p: int, colour: int) -> int:
        """Pattern entry (:mod:`solver.rules.patterns`) for ``colour`` placing at ``p`` along ``d``."""
        _, line, shift = _SLOTS[p][d]
        w = (self.lines[d][line] >> shift) & WINDOW_MASK
        key = (w & 0x3FF) | ((w >> 12) << 10)
        if colour == WHITE:
            key = swap_colors(key)
        table, exact = self._tabs[colour - 1]
        return _lookup(table, key, exact)

    def is_five(self, p: int, colour: int) -> bool:
        """Whether ``colour`` playing the empty point ``p`` makes a five (a win)."""
        return any(self.entry(d, p, colour) & FIVE for d in range(4))

    def forbidden(self, p: int) -> int:
        """Forbidden kind of the empty point ``p`` for Black: 0, 3, 4 or 6."""
        if self.rule != RENJU or self.cells[p]:
            return LEGAL
        return self._forbidden(p)

    def _forbidden(self, p: int) -> int:
        entries = [self.entry(d, p, BLACK) for d in range(4)]
        over = False
        fours = 0
        threes = []
        for d, e in enumerate(entries):
            if e & FIVE:
                return LEGAL
            if e & OVERLINE:
                over = True
            n = (e >> FOURS_SHIFT) & 3
            fours += n
            if not n and (e >> THREE_SHIFT) & CELL_MASK:
                threes.append(d)
        if over:
            return OVERLINE_KIND
        if fours >= 2:
            return DOUBLE_FOUR
        if len(threes) >= 2 and self.true_threes(p, threes, entries, 2) >= 2:
            return DOUBLE_THREE
        return LEGAL

    def forbidden_after(self, q: int, p: int, colour: int) -> int:
        """Forbidden kind of the empty ``q`` for Black once a ``colour`` stone is on the
        empty ``p``: a stone can make or unmake a forbidden point at a distance (a white
        four's stone can take the room a three of the block needed, or make a three's
        straight-four point a double four no more). A block is judged this way."""
        if self.rule != RENJU or self.cells[q] or q == p:
            return LEGAL
        self.put(p, colour)
        try:
            return self._forbidden(q)
        finally:
            self.remove(p)

    def three_point_ok(self, q: int) -> bool:
        """Whether a straight-four point ``q`` keeps a three alive: legal and not a five."""
        return not self.is_five(q, BLACK) and self._forbidden(q) == LEGAL

    def true_threes(self, p: int, dirs: list[int], entries: list[int], enough: int) -> int:
        """How many of ``dirs`` hold a real three for Black at ``p`` (stopping at ``enough``).

        A three is real when at least one of its straight-four points is a legal move that
        does not make a five, judged with the stone at ``p`` on the board.
        """
        self.put(p, BLACK)
        n = 0
        step_d = _STEP
        for d in dirs:
            mask = (entries[d] >> THREE_SHIFT) & CELL_MASK
            for i in range(11):
                if mask >> i & 1 and self.three_point_ok(p + (i - 5) * step_d[d]):
                    n += 1
                    break
            if n >= enough:
                break
        self.remove(p)
        return n

    # -- enumeration ---------------------------------------------------------------------
    def _flags(self, q: int, d: int) -> int:
        if self.cells[q]:
            return 0
        e = self.entry(d, q, BLACK)
        if e & (OVERLINE | (2 << FOURS_SHIFT)):
            return _STRONG | (1 << d)
        if e & ((3 << FOURS_SHIFT) | (CELL_MASK << THREE_SHIFT)):
            return 1 << d
        return 0

    def _update(self, q: int, d: int) -> None:
        old = self._cand[q]
        new = (old & ~((1 << d) | (_STRONG << d))) | _shift_strong(self._flags(q, d), d)
        self._cand[q] = new
        if new & 0xF0 or (new & 0xF) not in (0, 1, 2, 4, 8):
            self._cands.add(q)
        else:
            self._cands.discard(q)

    def _sync(self) -> None:
        dirty = self._dirty
        if dirty is None or len(dirty) > 24:
            self._cand = [0] * NPOINTS
            self._cands = set()
            for q in range(NPOINTS):
                for d in range(4):
                    self._update(q, d)
        else:
            seen = set()
            for m in dirty:
                for qd in _NEIGHBOURS[m]:
                    if qd not in seen:
                        seen.add(qd)
                        self._update(*qd)
        self._dirty = []

    def forbidden_points(self) -> list[tuple[int, int]]:
        """Every forbidden point for Black as ``(point, kind)``, in point order.

        Only points whose patterns could be forbidden (fours or threes in two directions,
        or an overline or 4-4 in one) get the exact check; the candidate flags are updated
        around the stones changed since the last call.
        """
        if self.rule != RENJU:
            return []
        self._sync()
        out = []
        for q in sorted(self._cands):
            kind = self._forbidden(q)
            if kind:
                out.append((q, kind))
        return out

    def forbidden_along(self, moves: Sequence[int | None]) -> list[list[tuple[int, int]]]:
        """Replay ``moves`` (points, or -1/None for a pass) and return Black's forbidden
        points after each move; the stones are taken off again afterwards. Stops early at a
        move onto an occupied or off-board point."""
        placed: list[int] = []
        out: list[list[tuple[int, int]]] = []
        colour = BLACK
        try:
            for mv in moves:
                if mv is not None and mv >= 0:
                    if mv >= NPOINTS or self.cells[mv]:
                        break
                    self.put(mv, colour)
                    placed.append(mv)
                colour = 3 - colour
                out.append(self.forbidden_points())
        finally:
            for m in reversed(placed):
                self.remove(m)
        return out

    def cell_bytes(self) -> bytes:
        """The 225 cells as bytes (0 empty, 1 black, 2 white), point order."""
        return bytes(self.cells)


def _shift_strong(flags: int, d: int) -> int:
    """Move the strong bit of one direction's flags to its own slot (bit 4 + d)."""
    if flags & _STRONG:
        return (flags & 0xF) | (_STRONG << d)
    return flags


assert LINE_COUNTS[2] == 29
