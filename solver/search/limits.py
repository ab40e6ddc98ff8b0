"""How a search is asked and answered: the goal (threat class), the limits, the verdict,
and a position in one line for messages. :mod:`solver.search.api` re-exports them;
they live here so that the modules ``solve`` builds on (``respond``) can use them
without importing it.
"""

from __future__ import annotations

import enum

from solver.errors import PositionError
from solver.records import FrozenRecord
from solver.rules.board import Board, Color
from solver.rules.notation import format_points

__all__ = [
    "DEFAULT_MEMORY_MB",
    "ENTRY_BYTES",
    "UNBOUNDED",
    "Goal",
    "Limits",
    "Verdict",
    "max_entries",
    "position_text",
]

UNBOUNDED = 112  # more attacker moves than the board can hold


class Goal(enum.Enum):
    """Threat class the attacker may use."""

    VCF = "vcf"
    VCT = "vct"
    TSUME = "tsume"

    @classmethod
    def parse(cls, text: str | Goal) -> Goal:
        """Parse ``vcf``/``vct``/``tsume``.

        Raises:
            PositionError: quoting ``text`` otherwise.
        """
        if isinstance(text, Goal):
            return text
        try:
            return cls(text.strip().lower())
        except ValueError:
            raise PositionError(f"unknown goal: {text!r} (expected vcf, vct or tsume)") from None

    @property
    def mode(self) -> int:
        """The search's mode number (0 vcf, 1 vct, 2 tsume)."""
        return ("vcf", "vct", "tsume").index(self.value)


class Verdict(enum.Enum):
    """``proven``: a forced win; ``disproven``: none within the class and limits;
    ``unknown``: the budget ran out first."""

    PROVEN = "proven"
    DISPROVEN = "disproven"
    UNKNOWN = "unknown"


# The table's default memory bound: 10.24 M entries (about 3 GB resident when full; the
# table grows as it fills, so a short search takes no more). Deep published VCTs need up
# to 9.5 M, and a full table thrashes: see docs/performance.md. ``--memory`` sets it.
DEFAULT_MEMORY_MB = 4096


class Limits(FrozenRecord):
    """Bounds of one search. ``max_moves`` counts attacker moves; ``None`` = no bound.
    ``count``: how they are counted, ``plain`` (every move), ``books`` (the final VCF
    one move, a run of consecutive fours one move), ``final-vcf`` (the final VCF one
    move) or ``app`` (the moves up to a position where the attacker has a VCF, a run of
    fours one move; that VCF none); see :mod:`solver.search.counting`.

    >>> Limits(max_moves=3).replace(time=1.5)
    Limits(max_moves=3, time=1.5, nodes=None, memory_mb=4096, count='plain')
    """

    _fields = ("max_moves", "time", "nodes", "memory_mb", "count")
    max_moves: int | None
    time: float | None
    nodes: int | None
    memory_mb: int
    count: str

    def __init__(
        self,
        max_moves: int | None = None,
        time: float | None = None,
        nodes: int | None = None,
        memory_mb: int = DEFAULT_MEMORY_MB,
        count: str = "plain",
    ) -> None:
        self._freeze(max_moves=max_moves, time=time, nodes=nodes, memory_mb=memory_mb, count=count)

    def replace(self, **changes: object) -> Limits:
        """A copy with ``changes`` (as ``dataclasses.replace``)."""
        values: dict[str, object] = {name: getattr(self, name) for name in self._fields}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"Limits has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return Limits(**values)  # type: ignore[arg-type]


# What one table entry takes, measured on the longest development search: never
# collected (--memory 4000), 1.54 M entries peaked at 531 MB, 40 MB of it before the
# search: 318 bytes an entry (the entry, its int key, its slot in the dict, its
# children's codes and cached entries, its threat line). Collected, the entries kept are
# the bigger ones (with children): 370 bytes at 1.16 M entries, 438 at 0.63 M. So 400,
# and the process stays near the bound (470 MB at --memory 512).
ENTRY_BYTES = 400


def max_entries(memory_mb: int) -> int:
    return max(10_000, memory_mb * 1_000_000 // ENTRY_BYTES)


def position_text(board: Board) -> str:
    """A position in one line, as the command line takes it: ``black: h8 i9; white: h9;
    black to move``."""
    black = format_points(board.stones(Color.BLACK)) or "-"
    white = format_points(board.stones(Color.WHITE)) or "-"
    return f"black: {black}; white: {white}; {board.to_move.label()} to move"
