"""Solving: does the side to move win by force within a threat class, and how?

>>> from solver.board import Board
>>> board = Board.from_stones("f8 g8 h8", "f9 g9 h9", to_move="black")
>>> result = solve(board, "vcf")
>>> result.result.value, result.moves, [point_name(p) for p in result.line]
('proven', 1, ['e8'])
>>> result.tree.final
'straight-four'
>>> [point_name(k.move) for k in solve(board, "vct", all_keys=True).keys]
['e8', 'i8']

Goals: ``vcf`` (fours only), ``vct`` (fours and threes), ``tsume`` (fours, threes and
hidden threats — mise/fukumi: moves that threaten a VCF). Attacker moves are counted up to
the move after which no defence exists (a straight four, two fours, a four whose only
block is forbidden for Black) or a five; the five after an unstoppable four is not counted.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from solver.board import Board, Color
from solver.dfpn import DfPn, Stopped, paused_gc
from solver.errors import PositionError
from solver.notation import Point, point_name
from solver.proof import ProofNode

__all__ = ["Goal", "KeyMove", "Limits", "Progress", "SolveResult", "Verdict", "solve", "solve_both"]

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


@dataclass(frozen=True)
class Limits:
    """Bounds of one search. ``max_moves`` counts attacker moves; ``None`` = no bound."""

    max_moves: int | None = None
    time: float | None = None
    nodes: int | None = None
    memory_mb: int = 512


@dataclass(frozen=True)
class Progress:
    """A progress report: nodes searched, seconds elapsed, the current move bound."""

    nodes: int
    seconds: float
    bound: int | None
    phase: str


@dataclass(frozen=True)
class KeyMove:
    """A winning first move and the length of its shortest win found."""

    move: Point
    moves: int


@dataclass
class SolveResult:
    """The answer of :func:`solve`."""

    result: Verdict
    attacker: Color
    goal: Goal
    line: list[Point] = field(default_factory=list)
    moves: int | None = None
    nodes: int = 0
    seconds: float = 0.0
    tree: ProofNode | None = None
    keys: list[KeyMove] | None = None
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``renju solve``."""
        out: dict[str, Any] = {
            "result": self.result.value,
            "attacker": self.attacker.label(),
            "goal": self.goal.value,
            "moves": self.moves,
            "line": [point_name(p) for p in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }
        if self.keys is not None:
            out["keys"] = [point_name(k.move) for k in self.keys]
            out["key_moves"] = {point_name(k.move): k.moves for k in self.keys}
        if self.reason:
            out["reason"] = self.reason
        return out


class _Clock:
    def __init__(
        self,
        limits: Limits,
        progress: Callable[[Progress], None] | None,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        self.start = time.monotonic()
        self.deadline = None if limits.time is None else self.start + limits.time
        self.progress = progress
        self.should_stop = should_stop
        self.last = 0.0
        self.bound: int | None = None
        self.phase = "search"
        self.done_nodes = 0

    def tick(self, nodes: int) -> None:
        if self.progress is None:
            return
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            self.progress(
                Progress(self.done_nodes + nodes, now - self.start, self.bound, self.phase)
            )


# What one table entry takes, measured on vct_game_black_l17_1_short: never collected
# (--memory 4000), 1.54 M entries peaked at 531 MB, 40 MB of it before the search: 318
# bytes an entry (the entry, its int key, its slot in the dict, its children's codes and
# cached entries, its threat line). Collected, the entries kept are the bigger ones (with
# children): 370 bytes at 1.16 M entries, 438 at 0.63 M. So 400, and the process stays
# near the bound at the default 512 MB.
ENTRY_BYTES = 400


def _max_entries(memory_mb: int) -> int:
    return max(10_000, memory_mb * 1_000_000 // ENTRY_BYTES)


def solve(
    board: Board,
    goal: Goal | str = Goal.TSUME,
    limits: Limits | None = None,
    *,
    shortest: bool = False,
    all_keys: bool = False,
    progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> SolveResult:
    """Prove or disprove that the side to move wins within ``goal`` and ``limits``.

    ``shortest`` finds the fewest attacker moves (iterative deepening on the bound);
    ``all_keys`` also lists every winning first move, each proven (cooks, 余詰).
    ``progress`` is called at most ten times a second; ``should_stop`` is polled often
    and stops the search (the answer is then ``unknown``). Never prints.

    Raises:
        PositionError: the position already holds a five.
    """
    goal = Goal.parse(goal)
    limits = limits or Limits()
    five = board.five_on_board()
    if five is not None:
        raise PositionError(f"the position already has a five for {five.label()}")
    attacker = board.to_move
    clock = _Clock(limits, progress, should_stop)
    core = board.core.copy()
    cap = limits.max_moves if limits.max_moves is not None else UNBOUNDED
    result = SolveResult(Verdict.UNKNOWN, attacker, goal)
    search = DfPn(
        core,
        int(attacker),
        goal.mode,
        node_limit=limits.nodes,
        deadline=clock.deadline,
        max_entries=_max_entries(limits.memory_mb),
        should_stop=should_stop,
        on_progress=clock.tick,
    )
    bounds = range(1, cap + 1) if shortest else [cap]
    with paused_gc():
        try:
            entry = None
            for bound in bounds:
                clock.bound = bound
                entry = search.solve_or(bound)
                if entry.pn == 0:
                    break
            assert entry is not None
            if entry.pn == 0:
                tree = search.proof(search.or_key(clock.bound or cap))
                result.result = Verdict.PROVEN
                result.tree = tree
                result.line = tree.main_line()
                result.moves = tree.length
            elif search.incomplete:
                result.reason = "a sub-search ran out of nodes"
            else:
                result.result = Verdict.DISPROVEN
            if all_keys and result.result is not Verdict.UNKNOWN:
                clock.phase = "keys"
                search.incomplete = False
                result.keys = _all_keys(search, core, attacker, goal, cap)
                if search.incomplete:
                    result.reason = (
                        "some first moves could not be decided: the key list may be short"
                    )
        except Stopped as stop:
            result.result = Verdict.UNKNOWN
            result.reason = stop.reason
            result.tree = None
            result.line = []
            result.moves = None
        finally:
            result.nodes = search.nodes
            # Drop the table while the collector is still paused: once it runs again, its
            # first pass would otherwise walk every entry of a table about to be freed.
            search.tt = {}
            entry = None  # (its children's entries link the whole tree)
    result.seconds = time.monotonic() - clock.start
    return result


def _all_keys(search: DfPn, core: Any, attacker: Color, goal: Goal, cap: int) -> list[KeyMove]:
    """Every winning first move within ``cap`` attacker moves, each proven."""
    a, d = int(attacker), 3 - int(attacker)
    keys: list[KeyMove] = []
    for p in range(225):
        if core.get(p) or (a == 1 and core.forbidden(p)):
            continue
        if core.is_five(p, a):
            keys.append(KeyMove(p, 1))
            continue
        theirs = core.five_points(d)
        if theirs and p != theirs[0]:
            continue
        if core.is_four_move(p, a):
            comps = core.completions(p, a)
            if len(comps) >= 2 or (
                d == 1 and core.forbidden(comps[0]) and not core.is_five(comps[0], d)
            ):
                keys.append(KeyMove(p, 1))
                continue
            q = comps[0]
            if core.is_five(q, d) or cap < 2:
                continue
            core.put(p, a)
            core.put(q, d)
            length = _shortest_from(search, cap - 1)
            core.remove(q)
            core.remove(p)
            if length is not None:
                keys.append(KeyMove(p, length + 1))
            continue
        if goal is Goal.VCF or cap < 2:
            continue
        if goal is Goal.VCT and not core.is_three_move(p, a):
            continue
        if goal is Goal.TSUME and not core.near_stones(p):
            continue
        core.put(p, a)
        status, line, _ = core.vcf(a, cap - 1, search._budget(), False)
        search._note(status)  # out of time: stop; out of nodes: the answer is incomplete
        if status == 1 and search.solve_and(cap - 1, line).pn == 0:
            # It wins: find its shortest length, at most that of the proof just found.
            longest = search._and_proof(p, search.and_key(cap - 1), {}).length - 1
            for bound in range(1, min(cap - 1, longest) + 1):
                if search.solve_and(bound, line).pn == 0:
                    keys.append(KeyMove(p, bound + 1))
                    break
        core.remove(p)
    return keys


def _shortest_from(search: DfPn, cap: int) -> int | None:
    """The fewest attacker moves that win from here within ``cap`` (attacker to move)."""
    if search.solve_or(cap).pn != 0:
        return None
    longest = search.proof(search.or_key(cap)).length
    for bound in range(1, min(cap, longest) + 1):
        if search.solve_or(bound).pn == 0:
            return bound
    return cap


def solve_both(
    board: Board, goal: Goal | str = Goal.TSUME, limits: Limits | None = None, **kwargs: Any
) -> dict[Color, SolveResult]:
    """Solve the position with Black to move and with White to move."""
    out = {}
    for side in (Color.BLACK, Color.WHITE):
        b = board.copy()
        b.to_move = side
        out[side] = solve(b, goal, limits, **kwargs)
    return out
