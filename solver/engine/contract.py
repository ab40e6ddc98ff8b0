"""The engine contract: what the reference core (``core_ref``/``search_ref``, plain
Python) and its compiled twin (``core_fast``) both provide, and the codes that cross it.

The twins are interchangeable: ``EngineCore`` is the API both satisfy (mypy checks the
reference against it, and ``core_fast.pyi`` declares the compiled one); ``Status``,
``Forbidden``, ``ThreatMode``, ``Stone`` and ``RuleCode`` name the plain ints the API takes
and returns. The constants both use are defined here once: the Python modules import
them, and the compiled ones import them when they load, or, where Cython needs a value
at compile time, declare it in ``contract.pxd`` beside this file (a test checks that the
two agree). ``docs/engine.md`` says what "the same" means for each pair.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Final, Protocol, runtime_checkable

__all__ = [
    "DEAD_BITS",
    "DEAD_GROWTH",
    "FAIL",
    "SIDE_SALT",
    "STEP",
    "UNKNOWN",
    "WIN",
    "EngineCore",
    "Forbidden",
    "RuleCode",
    "Status",
    "Stone",
    "ThreatMode",
]


class Status(enum.IntEnum):
    """The outcome of a search primitive (``vcf``, ``defences``, ``threats``)."""

    FAIL = 0
    WIN = 1
    UNKNOWN = -1  # a node budget or the deadline ran out


class Forbidden(enum.IntEnum):
    """``forbidden(p)``'s answer: why Black may not play ``p`` (0: he may)."""

    LEGAL = 0
    DOUBLE_THREE = 3
    DOUBLE_FOUR = 4
    OVERLINE = 6


class ThreatMode(enum.IntEnum):
    """``threats(..., mode, ...)``: which non-four moves are tried as threats."""

    VCF = 0  # none (a VCF search has no slow moves)
    VCT = 1  # the moves that make a three
    TSUME = 2  # every move: threes and hidden threats (mise, fukumi)
    HIDDEN = 3  # the moves of TSUME that are not threes (a tsume node's second stage)


class Stone(enum.IntEnum):
    """A cell's content, and a side (``colour`` arguments: 1 Black, 2 White)."""

    EMPTY = 0
    BLACK = 1
    WHITE = 2


class RuleCode(enum.IntEnum):
    """The rule a core is built for (``Core(rule)``)."""

    RENJU = 0
    STANDARD = 1
    FREESTYLE = 2


# The plain ints of the hot paths (an IntEnum member compares equal to them).
WIN: Final = int(Status.WIN)
FAIL: Final = int(Status.FAIL)
UNKNOWN: Final = int(Status.UNKNOWN)

STEP: Final = (1, 15, 16, -14)
"""The index difference between neighbouring points along each direction (0 horizontal,
1 vertical, 2 diagonal up-right, 3 diagonal down-right): ``dx + 15 * dy``."""

SIDE_SALT: Final = 0x9E3779B97F4A7C15
"""XORed into the position's hash when White attacks: the VCF dead-end table's key
(a failure of Black's is not one of White's). Also in ``contract.pxd``."""

DEAD_BITS: Final = 18
"""The VCF dead-end table's first size (``2 ** DEAD_BITS`` slots)."""

DEAD_GROWTH: Final = ((1 << 22, 20), (1 << 24, 22))
"""The dead-end table grows with the search: once a core has searched this many nodes, a
larger table of this many bits replaces it, its entries moved in (``grow_dead_table``; a
small search keeps a small table, fast to fill and to read; a long one keeps more
failures). Both cores follow it."""


@runtime_checkable
class EngineCore(Protocol):
    """The engine core's API: a position with incremental pattern state, the rules'
    queries and the search primitives. ``core_ref``'s ``SearchCore`` is the reference,
    ``core_fast.Core`` its compiled twin; they give the same answers and the same node
    counts (``nodes``) for the same calls."""

    rule: int
    expired: bool  # the deadline passed, or the caller asked to stop (``set_deadline``)

    @property
    def hash(self) -> int:
        """The position's Zobrist hash (``solver.rules.zobrist``)."""
        ...

    @property
    def count(self) -> int:
        """The stones on the board."""
        ...

    @property
    def nodes(self) -> int:
        """The nodes the search primitives have visited: the twins count the same."""
        ...

    # -- the position --------------------------------------------------------------------
    def get(self, p: int) -> int: ...
    def put(self, p: int, colour: int) -> None: ...
    def remove(self, p: int) -> None: ...
    def enter(self, p: int, colour: int, q: int = -1, q_colour: int = 0) -> None: ...
    def leave(self, p: int, q: int = -1) -> None: ...
    def copy(self) -> EngineCore: ...
    def cell_bytes(self) -> bytes: ...

    # -- the rules -----------------------------------------------------------------------
    def window(self, d: int, p: int) -> int: ...
    def entry(self, d: int, p: int, colour: int) -> int: ...
    def is_five(self, p: int, colour: int) -> bool: ...
    def forbidden(self, p: int) -> int: ...
    def forbidden_after(self, q: int, p: int, colour: int) -> int: ...
    def three_point_ok(self, q: int) -> bool: ...
    def forbidden_points(self) -> list[tuple[int, int]]: ...
    def forbidden_along(self, moves: Sequence[int | None]) -> list[list[tuple[int, int]]]: ...

    # -- the search primitives -----------------------------------------------------------
    @property
    def dead_bits(self) -> int: ...
    def grow_dead_table(self, bits: int) -> None: ...
    def set_deadline(
        self, deadline: float | None, should_stop: Callable[[], bool] | None = None
    ) -> None: ...
    def five_points(self, colour: int) -> list[int]: ...
    def completions(self, p: int, colour: int) -> list[int]: ...
    def is_four_move(self, p: int, colour: int) -> bool: ...
    def four_moves(self, colour: int) -> list[int]: ...
    def four_codes(self, colour: int) -> list[int]: ...
    def is_three_move(self, p: int, colour: int) -> bool: ...
    def threat_shapes(self, colour: int) -> int: ...
    def vcf(
        self, attacker: int, max_moves: int, node_limit: int, shortest: bool
    ) -> tuple[int, tuple[int, ...], int]: ...
    def replay_vcf(self, attacker: int, line: tuple[int, ...] | list[int]) -> bool: ...
    def defences(
        self,
        attacker: int,
        max_moves: int,
        line: tuple[int, ...],
        node_limit: int,
        certificates: bool = True,
        known: Iterable[int] = (),
    ) -> tuple[int, list[int], Mapping[int, tuple[int, ...]], int, int]: ...
    def threats(
        self,
        attacker: int,
        max_moves: int,
        mode: int,
        node_limit: int,
        counter: tuple[int, ...] = (),
    ) -> tuple[int, list[tuple[int, tuple[int, ...]]], int]: ...
