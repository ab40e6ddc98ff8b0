"""Line patterns: what one stone does along one direction, read from an 11-cell window.

The window holds the point (cell 5, empty when asked) and five cells on each side
(cells 0..4 and 6..10), 2 bits a cell: 0 empty, 1 own, 2 opponent, 3 wall. Its 20-bit
*key* leaves the centre out. :func:`analyze` answers, for an own stone at the centre:

- ``FIVE``: a five through the centre (exactly five in *exact* mode)::

      _BBB[B]B_       a five: B at the centre completes five in a row
- ``OVERLINE`` (exact mode only): six or more through the centre::

      B_BB[B]BB        is not that: the centre makes BBBBBB, an overline
- ``FOURS``: how many fours the stone makes in this direction, counted by completion
  points, where the two ends of one straight four count once::

      _BB[B]B_        one four (a straight four, ``STRAIGHT`` set), completions at both ends
      xBB[B]B_x       one four, completion at the right end
      xB_B[B]B_Bx     two fours on one line (4-4 in a line): completions at both gaps
- ``FOUR_MASK``: the completion points (window cells), each giving a five with the centre;
- ``THREE_MASK``: the points q that turn the centre's line into a straight four (``_BBBB_``
  with both ends completion points) that holds the centre and q. A non-empty mask is a
  three *by shape*; whether it is a three for Black also depends on q being legal, which
  the forbidden-move logic decides::

      __B[B]B__       q = either neighbour of the three: a three
      _B_[B]B_        q = the gap: a split three
      |B[B]B__        no q: placing at the right end gives |BBBB_ with one open end

All shapes are read for "own" = the side placing the stone. White's windows are read with
colours swapped (:func:`swap_colors`), so one table serves both sides.
"""

from __future__ import annotations

__all__ = [
    "CELL_MASK",
    "EMPTY_CELL",
    "FIVE",
    "FOURS_SHIFT",
    "FOUR_SHIFT",
    "OPP",
    "OVERLINE",
    "OWN",
    "STRAIGHT",
    "THREE_SHIFT",
    "WALL",
    "analyze",
    "four_mask_of",
    "fours_of",
    "mask_offsets",
    "swap_colors",
    "three_mask_of",
    "window_key",
]

EMPTY_CELL, OWN, OPP, WALL = 0, 1, 2, 3

FIVE = 1 << 0
OVERLINE = 1 << 1
FOURS_SHIFT = 2  # 2 bits: number of fours in this direction (0..2)
STRAIGHT = 1 << 4
THREE_SHIFT = 5  # 11 bits: window cells that make a straight four with the centre
FOUR_SHIFT = 16  # 11 bits: window cells that complete a five with the centre
CELL_MASK = (1 << 11) - 1
_CENTER = 5


def window_key(window: int) -> int:
    """The 20-bit key of a 22-bit window: its 10 cells without the centre."""
    return (window & 0x3FF) | ((window >> 12) << 10)


def swap_colors(key: int) -> int:
    """Swap own and opponent cells in a key (walls and empty cells stay)."""
    lo = key & 0x55555
    hi = key & 0xAAAAA
    both = lo & (hi >> 1)  # walls: both bits set
    lo_only = lo & ~both
    hi_only = (hi >> 1) & ~both
    return (lo_only << 1) | hi_only | both | (both << 1)


def _cells(key: int) -> list[int]:
    cells = [(key >> (2 * i)) & 3 for i in range(5)]
    cells.append(OWN)
    cells.extend((key >> (2 * i)) & 3 for i in range(5, 10))
    return cells


def _run(cells: list[int], i: int) -> tuple[int, int]:
    """The first and last cell of the run of own stones through cell ``i``."""
    lo = i
    while lo > 0 and cells[lo - 1] == OWN:
        lo -= 1
    hi = i
    while hi < 10 and cells[hi + 1] == OWN:
        hi += 1
    return lo, hi


def _is_five(length: int, exact: bool) -> bool:
    return length == 5 if exact else length >= 5


def _completions(cells: list[int], exact: bool) -> list[int]:
    """Empty cells that complete a five holding the centre."""
    out = []
    for q in range(11):
        if cells[q] != EMPTY_CELL:
            continue
        cells[q] = OWN
        lo, hi = _run(cells, _CENTER)
        if lo <= q <= hi and _is_five(hi - lo + 1, exact):
            out.append(q)
        cells[q] = EMPTY_CELL
    return out


def _straight_four(cells: list[int], exact: bool) -> bool:
    """Whether the run through the centre is a straight four: ``_BBBB_``, both ends fives."""
    lo, hi = _run(cells, _CENTER)
    if hi - lo != 3 or lo < 1 or hi > 9:
        return False
    if cells[lo - 1] != EMPTY_CELL or cells[hi + 1] != EMPTY_CELL:
        return False
    # In exact mode a stone just beyond either end would turn that five into an overline.
    return not (
        exact and ((lo >= 2 and cells[lo - 2] == OWN) or (hi <= 8 and cells[hi + 2] == OWN))
    )


def analyze(key: int, exact: bool) -> int:
    """The pattern entry (bit flags, see the module docstring) of a window key.

    Args:
        key: 20-bit window key, read for the side placing the stone ("own" = 1).
        exact: whether a five must be exactly five (Black in renju; both in standard).
    """
    cells = _cells(key)
    lo, hi = _run(cells, _CENTER)
    length = hi - lo + 1
    if _is_five(length, exact):
        return FIVE
    entry = OVERLINE if (exact and length > 5) else 0
    completions = _completions(cells, exact)
    fours = len(completions)
    if fours == 2 and completions[1] - completions[0] == 5:
        fours = 1  # the two ends of one straight four
        entry |= STRAIGHT
    for q in completions:
        entry |= 1 << (FOUR_SHIFT + q)
    entry |= min(fours, 3) << FOURS_SHIFT
    for q in range(11):
        if cells[q] != EMPTY_CELL:
            continue
        cells[q] = OWN
        qlo, qhi = _run(cells, _CENTER)
        if qlo <= q <= qhi and _straight_four(cells, exact):
            entry |= 1 << (THREE_SHIFT + q)
        cells[q] = EMPTY_CELL
    return entry


def fours_of(entry: int) -> int:
    """Number of fours in an entry's direction."""
    return (entry >> FOURS_SHIFT) & 3


def three_mask_of(entry: int) -> int:
    """Window cells that make a straight four with the centre."""
    return (entry >> THREE_SHIFT) & CELL_MASK


def four_mask_of(entry: int) -> int:
    """Window cells that complete a five with the centre."""
    return (entry >> FOUR_SHIFT) & CELL_MASK


def mask_offsets(mask: int) -> list[int]:
    """Offsets (-5..5 from the centre) of the cells set in an 11-bit cell mask."""
    return [i - _CENTER for i in range(11) if mask >> i & 1]
