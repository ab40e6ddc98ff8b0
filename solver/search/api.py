"""Solving: does the side to move win by force within a threat class, and how?

>>> from solver.rules.board import Board
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
That is ``plain`` counting; ``Limits(count="books")`` counts as Chinese puzzle books do
(the final VCF one move, a run of fours one move; ``app``: the moves up to a position with a
VCF, a run of fours one move: see :mod:`solver.search.counting`), and the move limit,
``shortest`` and the key moves' lengths then use that count.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from solver.errors import DisproofRejected, PositionError, ProofRejected, SecondLookDisagrees
from solver.records import FrozenRecord, Record
from solver.rules.board import Board, Color
from solver.rules.notation import Point, point_name
from solver.search.counting import parse_count, proof_length, search_bound, search_count
from solver.search.dfpn import DfPn, Stopped, paused_gc
from solver.search.dfpn_shared import BOOK_MAX_R, BOOK_VCF_DEPTH, Paused
from solver.search.disproof import audit_disproof
from solver.search.limits import DEFAULT_MEMORY_MB as DEFAULT_MEMORY_MB
from solver.search.limits import ENTRY_BYTES as ENTRY_BYTES
from solver.search.limits import UNBOUNDED as UNBOUNDED
from solver.search.limits import Goal as Goal
from solver.search.limits import Limits as Limits
from solver.search.limits import Verdict as Verdict
from solver.search.limits import max_entries as _max_entries
from solver.search.limits import position_text as position_text
from solver.search.proof import ProofNode
from solver.search.respond import describe, respond

__all__ = [
    "DEFAULT_MEMORY_MB",
    "Goal",
    "KeyMove",
    "Limits",
    "Progress",
    "SolveResult",
    "Verdict",
    "position_text",
    "solve",
    "solve_both",
]


class Progress(FrozenRecord):
    """A progress report: nodes searched, seconds elapsed, the current move bound, how
    many of the nodes were df-pn expansions (the others are VCF nodes), and how many
    times the table was full so far (``SolveResult.table_collections``)."""

    _fields = ("nodes", "seconds", "bound", "phase", "expansions", "table_collections")
    nodes: int
    seconds: float
    bound: int | None
    phase: str
    expansions: int
    table_collections: int

    def __init__(
        self,
        nodes: int,
        seconds: float,
        bound: int | None,
        phase: str,
        expansions: int = 0,
        table_collections: int = 0,
    ) -> None:
        self._freeze(
            nodes=nodes,
            seconds=seconds,
            bound=bound,
            phase=phase,
            expansions=expansions,
            table_collections=table_collections,
        )

    def racing(self, searches: int) -> Progress:
        """This report from the first of ``searches`` racing searches
        (:mod:`solver.search.race`): its phase says so (``search, 2 racing``)."""
        return Progress(
            self.nodes,
            self.seconds,
            self.bound,
            f"{self.phase}, {searches} racing",
            self.expansions,
            self.table_collections,
        )


class KeyMove(FrozenRecord):
    """A winning first move and the length of its shortest win found; ``line``, a main
    line of that win whose proof the checker accepted (empty: not checked; not compared)."""

    _fields = ("move", "moves")  # (compared, hashed and shown: not the line)
    move: Point
    moves: int
    line: tuple[Point, ...]

    def __init__(self, move: Point, moves: int, line: tuple[Point, ...] = ()) -> None:
        self._freeze(move=move, moves=moves, line=line)


class SolveResult(Record):
    """The answer of :func:`solve`."""

    _fields = (
        "result",
        "attacker",
        "goal",
        "line",
        "moves",
        "nodes",
        "seconds",
        "tree",
        "keys",
        "reason",
        "shortest_shown",
        "count",
        "checked",
        "check_seconds",
        "audited",
        "no_win_within",
        "expansions",
        "table_collections",
    )

    def __init__(
        self,
        result: Verdict,
        attacker: Color,
        goal: Goal,
        line: list[Point] | None = None,
        moves: int | None = None,
        nodes: int = 0,
        seconds: float = 0.0,
        tree: ProofNode | None = None,
        keys: list[KeyMove] | None = None,
        reason: str = "",
        shortest_shown: bool | None = None,
        count: str = "plain",
        checked: bool = False,
        check_seconds: float = 0.0,
        audited: bool | None = None,
        no_win_within: int | None = None,
        expansions: int = 0,
        table_collections: int = 0,
    ) -> None:
        self.result = result
        self.attacker = attacker
        self.goal = goal
        self.line: list[Point] = [] if line is None else line
        self.moves = moves
        self.nodes = nodes
        self.seconds = seconds
        self.tree = tree
        self.keys = keys
        self.reason = reason
        # with ``shortest``, a proven line: whether every shorter win was ruled out (False:
        # the budget ran out first, or a sub-search did; the line is a win all the same)
        self.shortest_shown = shortest_shown
        # how ``moves`` (and the key moves' lengths) are counted
        # (``solver.search.counting.COUNTS``)
        self.count = count
        # whether the proof tree was re-checked by ``solver.search.checker`` (``check``), and
        # the seconds the check took (not counted in ``seconds``, the search's)
        self.checked = checked
        self.check_seconds = check_seconds
        # with ``audit``, a disproof: whether the audit checked all of it (False: the table
        # no longer held some of it, or a VCF search ran out); None: not audited
        self.audited = audited
        # where the answer leaves it open (unknown, a win not shown to be the shortest, or
        # any win): the most attacker moves, counted as ``count``, within which a search
        # showed there is no win (None: none shown)
        self.no_win_within = no_win_within
        # how many of ``nodes`` were df-pn expansions (the others are VCF nodes)
        self.expansions = expansions
        # how many times the search's table was full and entries were dropped (their work
        # may have to be done again: a larger ``Limits.memory_mb`` may answer sooner)
        self.table_collections = table_collections

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``renju solve``."""
        out: dict[str, Any] = {
            "result": self.result.value,
            "attacker": self.attacker.label(),
            "goal": self.goal.value,
            "moves": self.moves,
            "count": self.count,
            "line": [point_name(p) for p in self.line],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "table_collections": self.table_collections,
        }
        if self.keys is not None:
            out["keys"] = [point_name(k.move) for k in self.keys]
            out["key_moves"] = {point_name(k.move): k.moves for k in self.keys}
        if self.reason:
            out["reason"] = self.reason
        if self.shortest_shown is not None:
            out["shortest_shown"] = self.shortest_shown
        if self.audited is not None:
            out["audited"] = self.audited
        if self.no_win_within is not None:
            out["no_win_within"] = self.no_win_within
        if self.result is Verdict.PROVEN:
            out["checked"] = self.checked
            out["check_seconds"] = round(self.check_seconds, 4)
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
        self.search: Any = None  # (the search, once made: its table's collections)

    def tick(self, nodes: int, expansions: int) -> None:
        if self.progress is None:
            return
        now = time.monotonic()
        if now - self.last >= 0.1:
            self.last = now
            full = 0 if self.search is None else self.search.collections
            self.progress(
                Progress(nodes, now - self.start, self.bound, self.phase, expansions, full)
            )


def solve(
    board: Board,
    goal: Goal | str = Goal.TSUME,
    limits: Limits | None = None,
    *,
    shortest: bool = False,
    all_keys: bool = False,
    progress: Callable[[Progress], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    check: bool = True,
    safe: bool = False,
    audit: bool = False,
    run: bool = False,
    threads: int = 1,
    phase_nodes: int | None = None,
    on_searched: Callable[[SolveResult], None] | None = None,
    counting_up: bool = False,
    bound_count: str | None = None,
) -> SolveResult:
    """Prove or disprove that the side to move wins within ``goal`` and ``limits``.

    ``shortest`` finds the fewest attacker moves, closing in from both ends: bounds
    counted up from one move, and one move below the shortest win found (see
    :func:`_narrow`); if the budget runs out once a win is known, the answer is the
    shortest win found, with ``shortest_shown`` False. ``all_keys`` also lists every
    winning first move, each proven (cooks, 余詰).
    ``progress`` is called at most ten times a second; ``should_stop`` is polled often
    and stops the search (the answer is then ``unknown``). Never prints.
    ``check`` (the default) re-checks a proof with the independent checker
    (:func:`solver.search.checker.check_proof`) before it is reported (see :func:`_check`);
    ``safe`` searches without the pruning shortcuts (``DfPn``'s ``safe``: slower, for a
    second look at a disproof). ``audit`` audits a disproof (:mod:`solver.search.disproof`:
    every OR node of it given every move the primitives give there without the search's
    shortcuts) and sets ``audited``. ``run``: under ``books`` counting, the attacker's
    last move was a four, so a four now continues that run (free; the key moves of
    ``all_keys`` are counted without it). ``threads`` above 1: that many searches race
    on as many cores (:mod:`solver.search.race`; the same answer on every machine, the
    table's memory ``limits.memory_mb`` for each). ``phase_nodes``: the first phase's
    budget (``None``: the default; the racing searches differ in it). ``on_searched``
    is called with the result when the search ends, before the checks. ``counting_up``
    (without ``shortest``, whose search counts up already): only count up, skipping
    bounds once they grow dear (:func:`_count_up`: a win at most one move longer than
    the shortest; a racing search's, beside one within the cap). ``bound_count``: counting
    up's bounds counted so instead (``final-vcf``: the racing search's), where the count
    is plain and there is no move limit; the win's length is still counted plain.

    Raises:
        PositionError: the position already holds a five.
        ProofRejected: the checker rejected the proof found (a solver fault).
        DisproofRejected: the audit found a move the disproof never tried.
        SecondLookDisagrees: a win found fits within a bound a search showed has none.
    """
    goal = Goal.parse(goal)
    limits = limits or Limits()
    count = parse_count(limits.count)
    five = board.five_on_board()
    if five is not None:
        raise PositionError(f"the position already has a five for {five.label()}")
    if threads > 1:
        from solver.search.race import race  # (imports multiprocessing: only when asked)

        return race(
            solve,
            board,
            goal,
            limits,
            threads,
            progress=progress,
            should_stop=should_stop,
            options={
                "shortest": shortest,
                "all_keys": all_keys,
                "check": check,
                "safe": safe,
                "audit": audit,
                "run": run,
                "counting_up": counting_up,
            },
        )
    attacker = board.to_move
    clock = _Clock(limits, progress, should_stop)
    core = board.core.copy()
    # (the search's bound and lengths: ``app`` is searched as ``books``, one move more)
    cap = UNBOUNDED
    if limits.max_moves is not None:
        cap = search_bound(count, limits.max_moves, run)
    if count != "plain":
        cap = min(cap, BOOK_MAX_R)
    result = SolveResult(Verdict.UNKNOWN, attacker, goal, count=count)
    # (what the search's lengths lose to ``count``'s: 1 under ``app`` outside a run)
    extra = search_bound(count, 0)
    # counting up's bounds in another count (see above): every count makes a line no
    # longer than plain does, so a bound of n moves so counted with no win shows there is
    # no plain win within n either, and the cap holds every plain win (not for the
    # shortest win or the key moves: their lengths are searched in the count)
    bounds = count
    plain_up = counting_up and not (shortest or all_keys) and count == "plain"
    if plain_up and bound_count is not None and limits.max_moves is None:
        bounds = parse_count(bound_count)
        cap = min(cap, BOOK_MAX_R)

    def length(tree: ProofNode, after_four: bool = False) -> int:
        # (the core is at the proof's position whenever a length is asked; as the
        # search counts: ``books`` for ``app``)
        return proof_length(tree, core, int(attacker), search_count(count), after_four)

    search = DfPn(
        core,
        int(attacker),
        goal.mode,
        node_limit=limits.nodes,
        deadline=clock.deadline,
        max_entries=_max_entries(limits.memory_mb),
        should_stop=should_stop,
        on_progress=clock.tick,
        count=search_count(bounds),
        safe=safe,
        phase_nodes=phase_nodes,
    )
    clock.search = search
    entry: Any = None
    # the bounds a complete search showed to have no win (the search's units)
    lows: list[int] = []
    with paused_gc():
        try:
            if shortest:
                tree = _shortest(
                    search, cap, limits.max_moves is not None, clock, result, length, run, lows
                )
            elif counting_up:
                tree = _first_win_up(search, cap, clock, run, lows)
            else:
                clock.bound = cap
                entry = search.solve_or(cap, run)
                tree = search.proof(search.or_key(cap, run)) if entry.pn == 0 else None
            if tree is not None:
                result.result = Verdict.PROVEN
                result.tree = tree
                result.line = tree.main_line()
                result.moves = length(tree, run) - search_bound(count, 0, run)
            elif search.incomplete:
                result.reason = "a sub-search ran out of nodes"
            else:
                result.result = Verdict.DISPROVEN
                if audit:
                    _audit(search, search.or_key(cap, run), core, board, result, clock.deadline)
            if all_keys and result.result is not Verdict.UNKNOWN:
                clock.phase = "keys"
                search.incomplete = False
                try:
                    keys = _all_keys(search, core, attacker, goal, cap, length)
                    result.keys = [KeyMove(k.move, k.moves - extra) for k in keys]
                except Stopped as stop:
                    # the answer found stands; the key list is left out (None)
                    result.reason = result.reason or stop.reason
                if search.incomplete:
                    result.reason = (
                        "some first moves could not be decided: the key list may be short"
                    )
        except Stopped as stop:
            result.result = Verdict.UNKNOWN
            result.reason = stop.reason
            result.shortest_shown = None
            result.tree = None
            result.line = []
            result.moves = None
        finally:
            result.nodes = search.nodes
            result.expansions = search.expansions
            result.table_collections = search.collections
            # Drop the table while the collector is still paused: once it runs again, its
            # first pass would otherwise walk every entry of a table about to be freed.
            search.tt = {}
            entry = None  # (its children's entries link the whole tree)
    _set_no_win_within(board, result, lows, count, run)
    result.seconds = time.monotonic() - clock.start
    if on_searched is not None:
        on_searched(result)
    if check and result.tree is not None:
        _check(board, limits, result, run)
    if check and result.keys:
        _check_keys(board, goal, limits, result, clock.deadline, should_stop)
    return result


def _set_no_win_within(
    board: Board, result: SolveResult, lows: list[int], count: str, run: bool
) -> None:
    """Set ``result.no_win_within`` from the bounds shown to have no win (``lows``, in the
    search's units) where the answer leaves the length open: unknown, a win not shown to
    be the shortest, or any win (a disproof says more, the shortest win as much).

    Raises:
        SecondLookDisagrees: the win found fits within a bound shown to have none.
    """
    if not lows or result.result is Verdict.DISPROVEN:
        return
    within = max(lows) - search_bound(count, 0, run)
    if result.moves is not None and result.moves <= within:
        raise SecondLookDisagrees(
            f"the search found a win in {result.moves} moves but showed none within "
            f"{within} in the position {position_text(board)}"
        )
    if within >= 1 and not result.shortest_shown:
        result.no_win_within = within


def _check_keys(
    board: Board,
    goal: Goal,
    limits: Limits,
    result: SolveResult,
    deadline: float | None,
    should_stop: Callable[[], bool] | None,
) -> None:
    """Re-check the win of every key move (``all_keys``) with the independent checker:
    the main line's key by its checked proof when that is no longer than the key's
    length, every other one by the proof of the defender's answer to it
    (:func:`solver.search.respond.respond`, which checks it). Each key gets its checked
    ``line``. A key whose proof the budget leaves no time to rebuild leaves the list
    unknown (``keys`` None, ``reason`` says why): never a key shown unchecked.

    Raises:
        ProofRejected: the checker rejected a key's proof.
        SecondLookDisagrees: a key's win is not found again after the key is played.
    """
    assert result.keys is not None
    start = time.monotonic()
    checked: list[KeyMove] = []
    try:
        for key in result.keys:
            if result.checked and result.line[:1] == [key.move] and result.moves == key.moves:
                checked.append(KeyMove(key.move, key.moves, tuple(result.line)))
                continue
            after = board.copy()
            after.push(key.move)
            if after.five_on_board() is not None:
                checked.append(KeyMove(key.move, key.moves, (key.move,)))
                continue
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise Stopped("time limit")
            answer = respond(
                after,
                goal,
                limits.replace(max_moves=key.moves - 1, time=left),
                should_stop=should_stop,
            )
            if answer.result is Verdict.UNKNOWN:
                raise Stopped(answer.reason or "search stopped")
            if answer.node is None or answer.result is not Verdict.PROVEN:
                raise SecondLookDisagrees(
                    f"the key {point_name(key.move)} wins in {key.moves} by the search of "
                    f"every first move, but not once it is played ({describe(answer)}) in "
                    f"the position {position_text(board)}"
                )
            checked.append(KeyMove(key.move, key.moves, tuple(answer.node.main_line())))
    except Stopped as stop:
        result.keys = None
        result.reason = f"the key moves' wins could not all be re-checked ({stop.reason})"
        return
    finally:
        result.check_seconds += time.monotonic() - start
    result.keys = checked


def _audit(
    search: DfPn, key: int, core: Any, board: Board, result: SolveResult, deadline: float | None
) -> None:
    """Audit the disproof of the root ``key`` that ``search`` found (at ``core``'s
    position) until ``deadline``; set ``result.audited``.

    Raises:
        DisproofRejected: a move the disproof never tried.
    """
    found = audit_disproof(search, key, core, deadline)
    if found.problems:
        raise DisproofRejected(
            f"the disproof leaves out moves in the position {position_text(board)}: "
            + "; ".join(found.problems[:3])
        )
    result.audited = found.complete


def _check(board: Board, limits: Limits, result: SolveResult, run: bool = False) -> None:
    """Re-check ``result``'s proof tree with the rules alone (``solver.search.checker``): every
    move legal and of the goal's class, every defence answered, every certificate
    replayed, the length within the limit and no longer than claimed. Sets
    ``checked`` and ``check_seconds``.

    Raises:
        ProofRejected: naming the position and the node that does not hold.
    """
    from solver.search.checker import ProofError, check_proof

    assert result.tree is not None
    start = time.monotonic()
    plain = result.count == "plain"
    try:
        length = check_proof(
            board, result.tree, result.goal.value, limits.max_moves if plain else None
        )
        if not plain:
            # the count's length of the checked tree (a VCF, and a run of fours, count one)
            core = board.core.copy()
            length = proof_length(result.tree, core, int(result.attacker), result.count, run)
            if limits.max_moves is not None and length > limits.max_moves:
                raise ProofError(
                    f"the proof needs {length} attacker moves ({result.count}), "
                    f"more than {limits.max_moves}"
                )
        if result.moves is not None and length > result.moves:
            raise ProofError(f"the proof needs {length} attacker moves, not {result.moves}")
    except ProofError as exc:
        raise ProofRejected(
            f"the checker rejected the proof of a {result.goal.value} win for "
            f"{result.attacker.label()} ({exc}) in the position {position_text(board)}"
        ) from None
    finally:
        result.check_seconds = time.monotonic() - start
    result.checked = True


def _narrow(
    win: Callable[[int], bool],
    top: Callable[[], int | None],
    nodes: Callable[[], int],
    cap: int,
    top_first: bool,
    lo: int = 0,
    pause: Callable[[int | None], None] | None = None,
) -> int | None:
    """The fewest attacker moves that win, or None if there is no win within the cap:
    ``top()`` searches within the cap and returns the length of the win it proves (or
    None), ``win(bound)`` tells whether there is a win within ``bound``, and
    ``nodes()`` counts the nodes searched so far. Bounds go up to ``cap``.

    The answer S needs a search without a win at S - 1 and one with a win at S. Beyond
    those, counting up from one move costs the searches without a win below S - 1, and
    coming down from the first win found costs the proofs above S. Either can be the
    dearer by far: searches without a win grow steeply with the bound, proofs vary a
    lot. So the bounds are tried from both ends, each time at the end that has cost less
    so far: the next bound up, or one below the shortest win found. Neither end then
    costs more than the other's whole work and a search. The cap is searched first when
    the caller chose it (``top_first``: it is most often the answer, and whether there
    is a win at all is the first question). Else, until a win is found, the search
    within the cap and the searches counting up take turns (:func:`_take_turns`):
    either can be the dearer by far, and counting up alone never ends where there is no
    win. ``pause(end)`` makes the search running pause (``Paused``) once ``nodes()``
    passes ``end`` (None: no pause); a search paused is taken up again by the same
    call. ``lo``: the bound known to have no win (0; -1 where a win may be 0 long,
    inside a run of fours under book counting).
    """
    # (``hi`` None: no win found yet; a win found within the cap may be 0 long, a VCF
    # that continues a run of fours under book counting)
    spent = [0, 0]  # counting up, and from above (the cap's search included)
    if top_first or lo + 1 >= cap:
        start = nodes()
        hi = top()
        spent[1] += nodes() - start
    else:
        hi, lo = _take_turns(win, top, nodes, cap, lo, pause, spent)
    if hi is None:
        return None
    while lo + 1 < hi:
        start = nodes()
        if spent[0] <= spent[1]:
            if win(lo + 1):
                hi = lo + 1
            else:
                lo += 1
            spent[0] += nodes() - start
        else:
            if win(hi - 1):
                hi -= 1
            else:
                lo = hi - 1
            spent[1] += nodes() - start
    return hi


def _take_turns(
    win: Callable[[int], bool],
    top: Callable[[], int | None],
    nodes: Callable[[], int],
    cap: int,
    lo: int,
    pause: Callable[[int | None], None] | None,
    spent: list[int],
) -> tuple[int | None, int]:
    """:func:`_narrow`'s search for a first win: the search within the cap and the
    searches counting up from ``lo + 1`` take turns, each until it has spent as many
    nodes as the turn allows (``SLICE_NODES``, twice as many each round), until one
    finds a win, or the cap's finds none. The shortest win is often found counting up
    long before the search within the cap ends (that search wanders into long lines),
    and the cap's search most often finds a win long before counting up reaches it:
    taking turns costs at most about twice the cheaper of the two. ``spent`` gets the
    nodes of each side (see there). Returns the length of the win found (None: none
    within the cap) and the highest bound found without a win."""
    quota, cap_turn = SLICE_NODES, True
    while True:
        if lo + 1 >= cap:
            cap_turn, budget = True, None  # (counting up has reached the cap)
        elif spent[cap_turn] < quota:
            budget = quota - spent[cap_turn]
        else:
            quota *= 1 if cap_turn else 2
            cap_turn = not cap_turn
            continue
        start = nodes()
        if pause is not None and budget is not None:
            pause(start + budget)
        try:
            if cap_turn:
                return top(), lo
            if win(lo + 1):
                return lo + 1, lo
            lo += 1
        except Paused:
            pass
        finally:
            if pause is not None:
                pause(None)
            spent[cap_turn] += nodes() - start


# without a bound and before a win is found, the nodes of the first turn of the search
# within the cap, then of counting up; each round doubles them (see ``_take_turns``)
SLICE_NODES = 300_000

# counting up for any win (``_count_up``): once a bound's search without a win has
# spent this many nodes, every other bound is skipped
SKIP_AFTER = 1_000_000


def _count_up(
    win: Callable[[int], bool], nodes: Callable[[], int], cap: int, lo: int, skip_after: int
) -> int | None:
    """The first bound from ``lo + 1`` up that ``win(bound)`` says has a win, or None if
    there is none within the cap (``nodes()``: the nodes searched so far). The bounds go
    up one move at a time until a search without a win has cost ``skip_after`` nodes,
    then two at a time: the search without a win just below the shortest is most often
    the dearest of all, and a win one move longer most often costs no more than the
    shortest (see docs/performance.md). So the win found is the shortest, or one move
    longer."""
    bound, step = lo + 1, 1
    while True:
        bound = min(bound, cap)
        start = nodes()
        if win(bound):
            return bound
        if bound >= cap:
            return None
        if nodes() - start >= skip_after:
            step = 2
        bound += step


def _first_win_up(
    search: DfPn, cap: int, clock: _Clock, run: bool, lows: list[int]
) -> ProofNode | None:
    """The proof of the win that counting up finds first (:func:`_count_up`), or None if
    there is none within ``cap`` (``run``: as :func:`solve`'s). ``lows`` gets each bound
    shown to have no win."""

    def win(bound: int) -> bool:
        clock.bound = bound
        search.incomplete = False  # (a "no win" at the cap: its own sub-searches)
        if search.solve_or(bound, run).pn == 0:
            return True
        if not search.incomplete:
            lows.append(bound)
        return False

    least = -1 if run and search.runs else 0  # (a VCF continuing the run: 0 moves)
    won = _count_up(win, lambda: search.nodes, cap, least, SKIP_AFTER)
    return None if won is None else search.proof(search.or_key(won, run))


# a proof's length (attacker moves, as the search counts them), given whether the
# attacker's last move was a four (book counting only)
Length = Callable[[ProofNode, bool], int]


def _shortest(
    search: DfPn,
    cap: int,
    top_first: bool,
    clock: _Clock,
    result: SolveResult,
    length: Length,
    run: bool,
    lows: list[int],
) -> ProofNode | None:
    """The proof of the shortest win within ``cap`` (see :func:`_narrow`; lengths as
    ``length`` counts them; ``run``: as :func:`solve`'s), or None if there is none.
    ``lows`` gets each bound shown to have no win.
    If the budget runs out (``Stopped``) once a win is known, or a sub-search does,
    the shortest win found is the answer (still a win), with ``result.shortest_shown``
    False and ``result.reason`` set."""
    tree: ProofNode | None = None
    proven = 0
    # the bounds searched so far (a search paused is resumed), each with whether a
    # sub-search of its own ran out of nodes (a "no win" there is then doubtful)
    incomplete: dict[int, bool] = {}

    def solve_or(bound: int) -> bool:
        """Whether there is a win within ``bound`` (the search resumed if paused)."""
        clock.bound = bound
        resume = bound in incomplete
        search.incomplete = incomplete.get(bound, False)
        try:
            return bool(search.solve_or(bound, run, resume).pn == 0)
        finally:
            incomplete[bound] = search.incomplete

    def win(bound: int) -> bool:
        nonlocal proven
        if solve_or(bound):
            proven = bound
            return True
        if not incomplete[bound]:
            lows.append(bound)
        return False

    def top() -> int | None:
        nonlocal tree
        if not solve_or(cap):
            return None
        tree = search.proof(search.or_key(cap, run))
        return length(tree, run)

    def pause(end: int | None) -> None:
        search.slice_end = end

    try:
        least = -1 if run and search.runs else 0  # (a VCF continuing the run: 0 moves)
        shortest = _narrow(win, top, lambda: search.nodes, cap, top_first, least, pause)
        if shortest is None:
            return None
        # (only the bound just below matters: no win there, none below it either)
        result.shortest_shown = not incomplete.get(shortest - 1, False)
        if not result.shortest_shown:
            result.reason = "a sub-search ran out of nodes"
    except Stopped as stop:
        if not proven and tree is None:
            raise
        result.shortest_shown = False
        result.reason = stop.reason
    if tree is not None and (not proven or length(tree, run) <= proven):
        return tree
    # The proof within ``proven`` (its entries are still in the table: proven ones are
    # never dropped), built even if the time is up: the win is known, only its proof is
    # missing (the pure core still stops at a request to stop).
    search.core.set_deadline(None, search.should_stop)
    try:
        return search.proof(search.or_key(proven, run))
    except Stopped as stop:
        if tree is None:
            raise
        result.shortest_shown = False
        result.reason = stop.reason
        return tree
    finally:
        search.core.set_deadline(search.deadline, search.should_stop)


def _all_keys(
    search: DfPn, core: Any, attacker: Color, goal: Goal, cap: int, length: Length
) -> list[KeyMove]:
    """Every winning first move within ``cap`` attacker moves, each proven, with its
    shortest win. (Most first moves tried do not win: each is searched within the cap
    first, and only a win is then shortened, see :func:`_narrow`.)"""
    a, d = int(attacker), 3 - int(attacker)
    books = search.books  # (a four's run counts once only if ``search.runs``)
    depth = BOOK_VCF_DEPTH if books else cap - 1  # (a VCF after a threat: any, under books)
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
                d == 1 and not core.is_five(comps[0], d) and core.forbidden_after(comps[0], p, a)
            ):
                keys.append(KeyMove(p, 1))
                continue
            q = comps[0]
            if core.is_five(q, d) or (cap < 2 and not books):
                continue
            core.put(p, a)
            core.put(q, d)
            if books:
                # after a four, a VCF continues the run (no move more), anything else
                # is searched with the run paid for
                status, _, _ = core.vcf(a, BOOK_VCF_DEPTH, search._budget(), False)
                search._note(status)
                rest = 0 if status == 1 else _shortest_from(search, cap - 1, length, search.runs)
            else:
                rest = _shortest_from(search, cap - 1, length)
            core.remove(q)
            core.remove(p)
            if rest is not None:
                keys.append(KeyMove(p, rest + 1))
            continue
        if goal is Goal.VCF or cap < 2:
            continue
        if goal is Goal.VCT and not core.is_three_move(p, a):
            continue
        core.put(p, a)
        status, line, _ = core.vcf(a, depth, search._budget(), False)
        search._note(status)  # out of time: stop; out of nodes: the answer is incomplete
        if status == 1:
            # the fewest moves after it that win, if any

            def after(bound: int, line: tuple[int, ...] = line) -> bool:
                return search.solve_and(bound, line).pn == 0

            def first(p: int = p, after: Callable[[int], bool] = after) -> int | None:
                if not after(cap - 1):
                    return None
                node = search._and_proof(p, search.and_key(cap - 1))
                core.remove(p)  # (the length is counted from before the threat)
                moves = length(node, False) - 1
                core.put(p, a)
                return moves

            shortest = _narrow(after, first, lambda: search.nodes, cap - 1, True)
            if shortest is not None:
                keys.append(KeyMove(p, shortest + 1))
        core.remove(p)
    return keys


def _shortest_from(search: DfPn, cap: int, length: Length, after_four: bool = False) -> int | None:
    """The fewest attacker moves that win from here within ``cap`` (attacker to move;
    ``after_four``: his last move was a four, under book counting)."""
    if cap < 1:
        return None

    def win(bound: int) -> bool:
        return search.solve_or(bound, after_four).pn == 0

    def top() -> int | None:
        if not win(cap):
            return None
        return length(search.proof(search.or_key(cap, after_four)), after_four)

    return _narrow(win, top, lambda: search.nodes, cap, True)


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
