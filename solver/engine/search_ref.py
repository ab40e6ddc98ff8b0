"""Search primitives in pure Python: VCF, line replay, defences and threats.

:class:`SearchCore` extends the pure core with the searches the solver runs at every node.
The compiled core (``solver/engine/core_fast.pyx``) implements the same methods with the same move
order and the same dead-end table layout, so both return the same answers and lines, and
VCF searches the same node counts. (Threat generation differs: the compiled core skips
hidden-threat candidates a relevance zone proves useless, so it counts fewer nodes.)

VCF (四追い) rules the search follows:

- the attacker plays only fours; the defender's one reply is the completion point;
- a defender block that makes his own four (counter-four, ノリ手) must be answered at
  once, by a move that blocks it and is itself a four;
- the attacker wins outright with a four that cannot be stopped: two completion points
  (``_BBBB_``, or two fours at once), or, against Black, one completion point that is
  forbidden for Black (禁手に追い込む); a block that makes the defender's five loses;
- Black never plays a forbidden point.

A line is attacker, defender, ..., attacker; it ends at the attacker move after which no
defence exists (the five that follows an unstoppable four is not part of it), or at a
five already available. Its length in attacker moves is ``(len(line) + 1) // 2``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from solver.engine.contract import DEAD_BITS, DEAD_GROWTH, FAIL, SIDE_SALT, UNKNOWN, WIN
from solver.engine.contract import STEP as _STEP
from solver.engine.core_ref import BLACK, Core
from solver.rules.geometry import LINE_LOW_BITS, line_points
from solver.rules.patterns import CELL_MASK, FIVE, FOUR_SHIFT, FOURS_SHIFT, THREE_SHIFT

__all__ = ["DEAD_BITS", "DEAD_GROWTH", "FAIL", "SIDE_SALT", "UNKNOWN", "WIN", "SearchCore"]

# the refutations a core keeps from one split of an AND node to the next (``defences``)
RING = 4
_LINE_POINTS = line_points()


class SearchCore(Core):
    """The pure core plus the solver's search primitives."""

    __slots__ = (
        "_dead_depth",
        "_dead_grown",
        "_dead_key",
        "_dead_mask",
        "_deadline",
        "_ring",
        "_ring_next",
        "_should_stop",
        "expired",
        "nodes",
    )

    def __init__(self, rule: int = 0) -> None:
        super().__init__(rule)
        self.nodes = 0
        self._deadline: float | None = None
        self._should_stop: Callable[[], bool] | None = None
        self.expired = False
        self._dead_grown = 0  # steps of DEAD_GROWTH taken
        self._dead_key: list[int] = []
        self._dead_depth: list[int] = []
        self._dead_mask = 0
        self._new_dead(DEAD_BITS)
        # the latest VCFs that refuted a defence (see ``defences``): slots of
        # ``(attacker, line)``, ``_ring_next`` the oldest (the next to be replaced)
        self._ring: list[tuple[int, tuple[int, ...]] | None] = [None] * RING
        self._ring_next = 0

    def _new_dead(self, bits: int) -> None:
        """A dead-end table of ``1 << bits`` slots, with the entries of the one before
        (none at first; a larger table gives each its own slot, as the compiled core's)."""
        keys = [0] * (1 << bits)
        depths = [-1] * (1 << bits)
        mask = (1 << bits) - 1
        for key, depth in zip(self._dead_key, self._dead_depth, strict=True):
            if depth >= 0:
                keys[key & mask] = key
                depths[key & mask] = depth
        self._dead_key, self._dead_depth, self._dead_mask = keys, depths, mask

    @property
    def dead_bits(self) -> int:
        """The dead-end table's size, in bits (it grows as the search does)."""
        return self._dead_mask.bit_length()

    def grow_dead_table(self, bits: int) -> None:
        """Grow the dead-end table to ``1 << bits`` slots now, its entries kept (a search
        grows it by itself, ``DEAD_GROWTH``); a size not above the present one: none."""
        if bits > self.dead_bits:
            if bits > 30:
                raise ValueError(f"dead-end table too large: {bits!r} bits")
            self._new_dead(bits)

    def _grow_dead(self) -> None:
        """Follow ``DEAD_GROWTH`` (called as each search primitive starts)."""
        if self._dead_grown < len(DEAD_GROWTH):
            at, bits = DEAD_GROWTH[self._dead_grown]
            if self.nodes >= at:
                self._dead_grown += 1
                self._new_dead(bits)

    def copy(self) -> SearchCore:
        """An independent copy (the dead-end table starts empty)."""
        other = SearchCore(self.rule)
        for p in range(225):
            if self.cells[p]:
                other.put(p, self.cells[p])
        return other

    def set_deadline(
        self, deadline: float | None, should_stop: Callable[[], bool] | None = None
    ) -> None:
        """Stop VCF searches (UNKNOWN, ``expired`` set) once ``time.monotonic()`` passes
        ``deadline`` or ``should_stop()`` says so (both asked every 16 nodes, a small
        cost next to a node here: this core's calls can take seconds, far more than a
        cancellation may wait); ``None`` clears them."""
        self._deadline = deadline
        self._should_stop = should_stop
        self.expired = False

    # -- threat queries --------------------------------------------------------------------
    def _on_lines_with(self, colour: int, stones: int) -> list[int]:
        """The empty points on a line holding at least ``stones`` stones of ``colour``, in
        point order (a five point needs four on its line, a four move three). Line codes
        hold ``01`` for black, ``10`` for white, ``11`` for a wall."""
        cells = self.cells
        found: set[int] = set()
        for d, codes in enumerate(self.lines):
            for i, code in enumerate(codes):
                low, high = code & LINE_LOW_BITS, (code >> 1) & LINE_LOW_BITS
                own = low & ~high if colour == BLACK else high & ~low
                if own.bit_count() >= stones:
                    found.update(p for p in _LINE_POINTS[d][i] if not cells[p])
        return sorted(found)

    def five_points(self, colour: int) -> list[int]:
        """Empty points where ``colour`` makes a five, in point order."""
        return [p for p in self._on_lines_with(colour, 4) if self.is_five(p, colour)]

    def completions(self, p: int, colour: int) -> list[int]:
        """Distinct points completing a five with a ``colour`` stone at the empty ``p``."""
        out: list[int] = []
        for d in range(4):
            mask = (self.entry(d, p, colour) >> FOUR_SHIFT) & CELL_MASK
            if mask:
                for i in range(11):
                    if mask >> i & 1:
                        q = p + (i - 5) * _STEP[d]
                        if q not in out:
                            out.append(q)
        out.sort()
        return out

    def is_four_move(self, p: int, colour: int) -> bool:
        """Whether ``colour`` legally makes at least one four (and no five) at empty ``p``."""
        fours = 0
        for d in range(4):
            e = self.entry(d, p, colour)
            if e & FIVE:
                return False
            fours += (e >> FOURS_SHIFT) & 3
        return fours > 0 and not (colour == BLACK and self.forbidden(p))

    def four_moves(self, colour: int) -> list[int]:
        """Legal four moves of ``colour``, in point order."""
        return [p for p in self._on_lines_with(colour, 3) if self.is_four_move(p, colour)]

    def four_codes(self, colour: int) -> list[int]:
        """``colour``'s fours that an OR node tries, each with its forced block ``q``, as
        ``p | (q + 1) << 8`` (``solver.search.dfpn_shared.child_code``), in point order: not those
        with two completions, nor those whose block makes a five or is forbidden to
        Black (either is a win: a VCF would have found it)."""
        dfd = 3 - colour
        out = []
        for p in self.four_moves(colour):
            comps = self.completions(p, colour)
            q = comps[0]
            if (
                len(comps) >= 2
                or self.is_five(q, dfd)
                or (dfd == BLACK and self.forbidden_after(q, p, colour))
            ):
                continue
            out.append(p | (q + 1) << 8)
        return out

    def is_three_move(self, p: int, colour: int) -> bool:
        """Whether ``colour`` makes a three by shape at empty ``p`` (legality not checked)."""
        for d in range(4):
            e = self.entry(d, p, colour)
            if not (e >> FOURS_SHIFT) & 3 and (e >> THREE_SHIFT) & CELL_MASK:
                return True
        return False

    def threat_shapes(self, colour: int) -> int:
        """How many empty points make a four or a three by shape for ``colour`` (legality
        not checked): the search's cheap guess of how many threats a side has."""
        cells = self.cells
        n = 0
        for p in range(225):
            if not cells[p]:
                for d in range(4):
                    e = self.entry(d, p, colour)
                    if (e >> FOURS_SHIFT) & 3 or (e >> THREE_SHIFT) & CELL_MASK:
                        n += 1
                        break
        return n

    # -- VCF --------------------------------------------------------------------------------
    def vcf(
        self, attacker: int, max_moves: int, node_limit: int, shortest: bool
    ) -> tuple[int, tuple[int, ...], int]:
        """A VCF of at most ``max_moves`` attacker moves for ``attacker`` (to move).

        Returns ``(status, line, nodes)``; with ``shortest`` the line is a shortest one
        (iterative deepening). ``node_limit`` bounds this call's nodes (UNKNOWN past it).
        """
        self._grow_dead()
        start = self.nodes
        limit = start + node_limit
        depths = range(1, max_moves + 1) if shortest else (max_moves,)
        status = FAIL
        for depth in depths:
            line: list[int] = []
            status = self._vcf(attacker, depth, line, limit)
            if status != FAIL:
                return status, tuple(line) if status == WIN else (), self.nodes - start
        return status, (), self.nodes - start

    def _vcf(self, a: int, depth: int, line: list[int], limit: int) -> int:
        self.nodes += 1
        if self.nodes > limit:
            return UNKNOWN
        if (
            not self.nodes & 15
            and (self._deadline is not None or self._should_stop is not None)
            and (
                (self._deadline is not None and time.monotonic() > self._deadline)
                or (self._should_stop is not None and self._should_stop())
            )
        ):
            self.expired = True
        if self.expired:
            return UNKNOWN
        mine = self.five_points(a)
        if mine:
            line.append(mine[0])
            return WIN
        if depth <= 0:
            return FAIL
        key = self.hash ^ (SIDE_SALT if a == 2 else 0)
        slot = key & self._dead_mask
        if self._dead_key[slot] == key and self._dead_depth[slot] >= depth:
            return FAIL
        dfd = 3 - a
        theirs = self.five_points(dfd)
        if len(theirs) >= 2:
            moves: list[int] = []
        elif theirs:
            moves = [theirs[0]] if self.is_four_move(theirs[0], a) else []
        else:
            moves = self.four_moves(a)
        result = FAIL
        completions = [self.completions(p, a) for p in moves]
        # A four that wins at once is played first: two completions, or against Black a
        # block that is forbidden with the four on the board (and makes him no five).
        for p, comps in zip(moves, completions, strict=True):
            if len(comps) >= 2 or (
                dfd == BLACK
                and not self.is_five(comps[0], dfd)
                and self.forbidden_after(comps[0], p, a)
            ):
                line.append(p)
                return WIN
        if depth <= 1:
            # With one move left, that is all: after a four and its block he has no five
            # point (a second one would have been a win at once), so no child can win.
            moves, completions = [], []
        for p, comps in zip(moves, completions, strict=True):
            q = comps[0]
            if self.is_five(q, dfd):
                continue  # the block makes the defender's five
            self.put(p, a)
            self.put(q, dfd)
            sub: list[int] = []
            r = self._vcf(a, depth - 1, sub, limit)
            self.remove(q)
            self.remove(p)
            if r == WIN:
                line.extend((p, q, *sub))
                return WIN
            if r == UNKNOWN:
                result = UNKNOWN
        if result == FAIL and (self._dead_key[slot] != key or self._dead_depth[slot] < depth):
            self._dead_key[slot] = key
            self._dead_depth[slot] = depth
        return result

    def replay_vcf(self, attacker: int, line: tuple[int, ...] | list[int]) -> bool:
        """Whether ``line`` is a valid VCF win for ``attacker`` (to move) from here."""
        a, dfd = attacker, 3 - attacker
        placed: list[int] = []
        ok = False
        try:
            for i in range(0, len(line), 2):
                p = line[i]
                if not 0 <= p < 225 or self.cells[p]:
                    return False
                if self.is_five(p, a):
                    ok = i == len(line) - 1
                    return ok
                theirs = self.five_points(dfd)
                if len(theirs) >= 2 or (theirs and theirs[0] != p):
                    return False
                if not self.is_four_move(p, a):
                    return False
                comps = self.completions(p, a)
                if len(comps) >= 2:
                    ok = i == len(line) - 1
                    return ok
                q = comps[0]
                if self.is_five(q, dfd):
                    return False
                if dfd == BLACK and self.forbidden_after(q, p, a):
                    ok = i == len(line) - 1
                    return ok
                if i + 1 >= len(line) or line[i + 1] != q:
                    return False
                self.put(p, a)
                self.put(q, dfd)
                placed.extend((q, p))
            return False
        finally:
            for s in placed:
                self.remove(s)

    # -- AND and OR node expansion ---------------------------------------------------------------
    def defences(
        self,
        attacker: int,
        max_moves: int,
        line: tuple[int, ...],
        node_limit: int,
        certificates: bool = True,
        known: Iterable[int] = (),
    ) -> tuple[int, list[int], dict[int, tuple[int, ...]], int, int]:
        """Every legal defender move, split into real defences and refuted ones.

        The defender is to move and ``line`` is the attacker's VCF if he passed. A move
        after which the attacker still has a VCF of at most ``max_moves`` (first by
        replaying ``line``, else by a search) is refuted, with that VCF as certificate.
        Returns ``(status, defences, refuted, nodes, longest)``, ``refuted`` a dict of
        each refuted move's VCF in point order and ``longest`` the attacker moves of the
        longest of them (0 if none); status is UNKNOWN if a VCF search ran out of
        nodes (that move is then kept as a defence). Without ``certificates`` the
        refuted dict is left empty and ``longest`` 0 (the search only needs the
        defences). The legal moves in ``known`` are taken as defences without a replay
        or a search: a proof's split passes the defences its search found in the same
        split (each failed a complete VCF search), and so spends no search on them.

        Before a search, the last ``RING`` VCFs found by such searches (in any split:
        the positions a search visits are alike) are replayed, the latest first: those
        of them that win here within ``max_moves``, and the ones found in this split.
        When the defender has a five point here, ``line`` and the ring are not replayed
        (the compiled core's replays assume he has none).
        """
        a, dcol = attacker, 3 - attacker
        self._grow_dead()
        start = self.nodes
        limit = start + node_limit
        status = FAIL
        defs: list[int] = []
        refs: dict[int, tuple[int, ...]] = {}
        clean = not self.five_points(dcol)
        fits = clean and bool(line) and (len(line) + 1) // 2 <= max_moves
        # the ring's lines that win here, by slot
        live: set[int] = set()
        if clean:
            live = {k for k in range(RING) if self._ring_fits(k, a, max_moves)}
            live = {k for k in live if self.replay_vcf(a, self._ring_line(k))}
        given = set(known)
        for m in range(225):
            if self.cells[m] or (dcol == BLACK and self.forbidden(m)):
                continue
            if m in given:
                defs.append(m)
                continue
            self.put(m, dcol)
            if fits and self.replay_vcf(a, line):
                refs[m] = line
                self.remove(m)
                continue
            again = next(
                (
                    self._ring_line(k)
                    for k in self._ring_order()
                    if k in live and self.replay_vcf(a, self._ring_line(k))
                ),
                None,
            )
            if again is not None:
                refs[m] = again
            else:
                sub: list[int] = []
                r = self._vcf(a, max_moves, sub, limit)
                if r == WIN:
                    refs[m] = tuple(sub)
                    k = self._ring_push(a, tuple(sub))
                    live.discard(k)  # (the line it held is gone)
                    if clean:
                        live.add(k)
                else:
                    defs.append(m)
                    if r == UNKNOWN:
                        status = UNKNOWN
            self.remove(m)
        if not certificates:
            return status, defs, {}, self.nodes - start, 0
        longest = (max(map(len, refs.values()), default=0) + 1) // 2
        return status, defs, refs, self.nodes - start, longest

    def _ring_order(self) -> list[int]:
        """The ring's slots, the latest line first."""
        return [(self._ring_next - 1 - j) % RING for j in range(RING)]

    def _ring_fits(self, k: int, attacker: int, max_moves: int) -> bool:
        kept = self._ring[k]
        return kept is not None and kept[0] == attacker and (len(kept[1]) + 1) // 2 <= max_moves

    def _ring_line(self, k: int) -> tuple[int, ...]:
        kept = self._ring[k]
        assert kept is not None
        return kept[1]

    def _ring_push(self, attacker: int, line: tuple[int, ...]) -> int:
        """Keep ``line`` as the ring's latest, in place of the oldest; its slot."""
        k = self._ring_next
        self._ring[k] = (attacker, line)
        self._ring_next = (k + 1) % RING
        return k

    def threats(
        self,
        attacker: int,
        max_moves: int,
        mode: int,
        node_limit: int,
        counter: tuple[int, ...] = (),
    ) -> tuple[int, list[tuple[int, tuple[int, ...]]], int]:
        """The attacker's non-four threats: moves after which he has a VCF of at most
        ``max_moves - 1`` moves if the defender passes.

        ``mode`` 1 considers moves that make a three (VCT), 2 every empty point (tsume:
        threes and hidden threats; a move with no stone near it can be a fukumi too),
        3 the moves of 2 that are not threes. Returns ``(status, [(move, vcf line)],
        nodes)``.

        ``counter`` is the defender's VCF here (he wins if the attacker passes): when it
        replays, a move that makes no four shape of the attacker's and after which it
        still replays is no threat (the defender would just play it).
        """
        a = attacker
        self._grow_dead()
        start = self.nodes
        limit = start + node_limit
        status = FAIL
        out: list[tuple[int, tuple[int, ...]]] = []
        if max_moves < 2:
            return status, out, 0
        zoned = bool(counter) and not self.five_points(a) and self.replay_vcf(3 - a, counter)
        for m in range(225):
            if self.cells[m] or self.is_four_move(m, a) or self.is_five(m, a):
                continue
            if mode == 1 and not self.is_three_move(m, a):
                continue
            if mode == 3 and self.is_three_move(m, a):
                continue
            if a == BLACK and self.forbidden(m):
                continue
            quiet = zoned and not any(
                self.entry(d, m, a) & (FIVE | 3 << FOURS_SHIFT) for d in range(4)
            )
            self.put(m, a)
            if quiet and self.replay_vcf(3 - a, counter):
                self.remove(m)
                continue
            sub: list[int] = []
            r = self._vcf(a, max_moves - 1, sub, limit)
            self.remove(m)
            if r == WIN:
                out.append((m, tuple(sub)))
            elif r == UNKNOWN:
                status = UNKNOWN
        return status, out, self.nodes - start
