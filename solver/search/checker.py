"""An independent proof checker: re-checks a proof tree with the rules engine alone.

It uses none of the search code (no VCF, defence or threat generation), only the rule
primitives: does a stone make a five (exact five for Black), is a point forbidden for
Black. From those it re-derives every fact a proof rests on:

- every attacker move is empty, legal, answers the defender's five point if he has one,
  and is of the goal's class (``vcf``: a four; ``vct``: a four or a three-like threat);
- after a four, the defender's only non-losing reply is its completion point; after any
  other move, *every* legal defender move must be answered: by a searched reply (checked
  recursively) or by a refutation line, replayed here as a VCF (each attacker move a
  four, each defender reply forced, ending in a win);
- the proof ends only where no defence exists: a five, two five points at once, or one
  five point that is forbidden for Black (when Black defends);
- the attacker's moves, counted as the solver counts them, fit the bound.

>>> from solver.rules.board import Board
>>> from solver.search.api import solve
>>> board = Board.from_stones("f8 g8 h8", "f9 g9 h9")
>>> result = solve(board, "vct", shortest=True)
>>> check_proof(board, result.tree, "vct", max_moves=1)
1
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from solver.errors import RenjuError
from solver.rules.board import Board
from solver.rules.notation import NPOINTS, Point, point_name
from solver.rules.zobrist import ZOBRIST
from solver.search.proof import ProofNode

__all__ = ["ProofError", "RefutationChecker", "check_line", "check_proof", "check_refutations"]


class ProofError(RenjuError):
    """A proof tree does not hold; the message names the path to the faulty node."""


# The compiled twins of ``check_proof``, ``check_line`` and ``RefutationChecker``
# (``checker_fast.pyx``: the same checks on bit sets, through the core's C interface), run
# first on a position of the compiled core; they say only whether a proof holds, and this
# module names the fault they find.
_FastCore: Any = None
_twin: Any = None
try:
    from solver.engine.core_fast import Core as _FastCore  # type: ignore[attr-defined,no-redef,unused-ignore]

    # (by name: the package's __init__ re-exports the API, which imports this module)
    _twin = importlib.import_module("solver.search.checker_fast")
except ImportError:  # pragma: no cover - depends on the build
    pass


def _on_twin(board: Board) -> bool:
    """Whether the compiled twin checks ``board``'s proofs (its core is the compiled one)."""
    return _twin is not None and type(board.core) is _FastCore


def _twin_fault(what: str) -> ProofError:
    """What the reference says when it accepts ``what`` the twin rejected."""
    return ProofError(
        f"the compiled checker rejects {what} the reference checker accepts "
        "(a fault of one of them)"
    )


class _Rules:
    """The position, with Black's forbidden points and both sides' five points (read
    from the rules engine's five query and kept until the next stone is placed or
    removed: ``five``)."""

    # (slots, and each colour's five points in a slot of its own: a large proof asks for
    # them millions of times, and the look-ups of a dict-backed object were much of the
    # checker's time)
    __slots__ = ("black", "checked", "core", "lines", "rule_renju", "white")

    def __init__(self, board: Board) -> None:
        self.core = board.core.copy()
        self.rule_renju = board.rule.value == "renju"
        self.black: set[int] | None = None
        self.white: set[int] | None = None
        # (proof node, position) pairs already checked, with the length and the node (kept
        # alive: the key is its id, which a freed node's successor may take): a proof
        # tree shares the subtrees of transposed positions, each checked once a position
        self.checked: dict[tuple[int, int], tuple[int, ProofNode]] = {}
        # (position, attacker, line) certificates replayed already, with their lengths
        self.lines: dict[tuple[int, int, tuple[Point, ...]], int] = {}

    def five(self, colour: int) -> set[int]:
        """The empty points where ``colour`` makes a five."""
        if colour == 1:
            if self.black is None:
                self.black = set(self.core.five_points(1))
            return self.black
        if self.white is None:
            self.white = set(self.core.five_points(2))
        return self.white

    def forbidden(self, p: int) -> bool:
        return self.rule_renju and self.core.forbidden(p) != 0

    def put(self, p: int, colour: int) -> None:
        self.core.put(p, colour)
        self.black = self.white = None

    def remove(self, p: int) -> None:
        self.core.remove(p)
        self.black = self.white = None

    def fives_after(self, p: int, colour: int) -> set[int]:
        """The five points ``colour`` has after playing ``p`` (not kept)."""
        core = self.core
        core.put(p, colour)
        out = set(core.five_points(colour))
        core.remove(p)
        return out

    def legal_moves(self, colour: int) -> list[int]:
        """The empty points ``colour`` may play, in point order (for Black: not forbidden)."""
        cells = self.core.cell_bytes()
        if colour == 1 and self.rule_renju:
            forbidden = self.core.forbidden
            return [m for m in range(NPOINTS) if not cells[m] and not forbidden(m)]
        return [m for m in range(NPOINTS) if not cells[m]]


# The moves from the root to a node, as nested tuples ``(parent, move, reply)`` (``()``
# at the root): made in constant time for each of the thousands of defences checked,
# and flattened only to name a node in an error.
_Path = tuple[Any, ...]


def _moves(path: _Path) -> list[Point]:
    out: list[Point] = []
    while path:
        path, p, m = path
        out += (m, p)
    return out[::-1]


def _name(path: _Path, more: tuple[Point, ...] = ()) -> str:
    return " ".join(point_name(p) for p in [*_moves(path), *more]) or "(root)"


def check_line(board: Board, line: list[Point] | tuple[Point, ...]) -> int:
    """Check that ``line`` is a VCF win for the side to move; return its attacker moves.

    Raises:
        ProofError: naming the first move that breaks the line.
    """
    if _on_twin(board):
        length: int | None = _twin.line_length(
            board.core.copy(), board.rule.value == "renju", int(board.to_move), line
        )
        if length is not None:
            return length
    rules = _Rules(board)
    length = _check_vcf(rules, int(board.to_move), tuple(line), ())
    if _on_twin(board):
        raise _twin_fault("the line")
    return length


def _check_vcf(
    rules: _Rules,
    a: int,
    line: tuple[Point, ...],
    path: _Path,
    start: tuple[set[int], set[int]] | None = None,
) -> int:
    # A certificate is replayed once per position: transposed proof nodes, and refuted
    # defences that transpose, meet the same line in the same position again.
    key = (rules.core.hash, a, line)
    done = rules.lines.get(key)
    if done is None:
        done = rules.lines[key] = _replay_vcf(rules, a, line, path, start)
    return done


def _replay_vcf(
    rules: _Rules,
    a: int,
    line: tuple[Point, ...],
    path: _Path,
    start: tuple[set[int], set[int]] | None = None,
) -> int:
    """Replay ``line`` as a VCF of ``a`` here; its attacker moves, or ``ProofError``.

    ``start``, if given: the attacker's five points here and after the line's first
    move, known to the caller. A stone changes the five points of the other colour only
    where it stands (a five is a row of one colour's stones; the other's only bound it),
    so after each block the attacker's five points are those after his four less the
    block's point: the board is scanned once a step, for the defender's.
    """
    d = 3 - a
    get = rules.core.get
    forbidden, put, five = rules.forbidden, rules.put, rules.five
    placed: list[int] = []

    # (the path is named only for an error: naming it at every step took a third of
    # the checker's time)
    def where(i: int) -> str:
        return _name(path, line[:i])

    mine, first = start if start is not None else (five(a), None)
    theirs = five(d)
    try:
        for i in range(0, len(line), 2):
            p = line[i]
            if get(p) or (a == 1 and p not in mine and forbidden(p)):
                raise ProofError(f"after {where(i)}: attacker move {point_name(p)} is not playable")
            if p in mine:
                if i != len(line) - 1:
                    raise ProofError(f"after {where(i)}: the line goes on after a five")
                return i // 2 + 1
            if theirs and (len(theirs) > 1 or p not in theirs):
                raise ProofError(
                    f"after {where(i)}: the defender has a five at {point_name(min(theirs))}"
                )
            every = first if i == 0 and first is not None else rules.fives_after(p, a)
            after = every - mine
            if not after:
                raise ProofError(f"after {where(i)}: {point_name(p)} is not a four")
            if len(after) >= 2:
                if i != len(line) - 1:
                    raise ProofError(f"after {where(i)}: the line goes on after a won position")
                return i // 2 + 1
            (q,) = after
            put(p, a)
            placed.append(p)
            # (the attacker's stone takes away the defender's five point at p, no other)
            if d == 1 and q not in theirs and forbidden(q):
                # Black cannot block: the four wins (forbidden is judged with p on the board)
                if i != len(line) - 1:
                    raise ProofError(f"after {where(i)}: the line goes on after a won position")
                return i // 2 + 1
            if i + 1 >= len(line):
                raise ProofError(f"after {where(i)}: the line ends before a win")
            if line[i + 1] != q:
                raise ProofError(
                    f"after {where(i)} {point_name(p)}: the forced reply is {point_name(q)}"
                )
            if q in theirs:
                raise ProofError(
                    f"after {where(i)} {point_name(p)}: the block makes the defender's five"
                )
            put(q, d)
            placed.append(q)
            mine = every - {q}
            theirs = five(d)
        raise ProofError(f"after {_name(path, line)}: the line ends before a win")
    finally:
        for s in reversed(placed):
            rules.remove(s)


def _blocked_by_forbidden(rules: _Rules, q: int, d: int) -> bool:
    """The defender (Black) cannot block at ``q``: forbidden and not a five of his own."""
    return q not in rules.five(d) and rules.forbidden(q)


def check_proof(
    board: Board, tree: ProofNode, goal: str = "tsume", max_moves: int | None = None
) -> int:
    """Check a proof tree for the side to move; return the attacker moves it needs at most.

    Raises:
        ProofError: naming the path to the first node that does not hold.
    """
    length = None
    if _on_twin(board):
        length = _twin.proof_length(
            board.core.copy(), board.rule.value == "renju", int(board.to_move), tree, goal
        )
    if length is None:
        # (no compiled twin, or it found a fault: the reference names it)
        rules = _Rules(board)
        length = _check_node(rules, int(board.to_move), tree, goal, ())
        if _on_twin(board):
            raise _twin_fault("the proof")
    if max_moves is not None and length > max_moves:
        raise ProofError(f"the proof needs {length} attacker moves, more than {max_moves}")
    return length


def check_refutations(
    board: Board,
    refuted: Mapping[Point, tuple[Point, ...] | list[Point] | ProofNode],
    goal: str = "tsume",
    max_moves: int | None = None,
) -> dict[Point, int]:
    """Check that every defender move of ``refuted`` loses: ``board`` has the defender to
    move, and each move's refutation is the attacker's win after it, a VCF line or a
    proof tree (attacker to move). Return each refutation's attacker moves.

    Raises:
        ProofError: naming the defence and the first move of its refutation that does
            not hold (an illegal defence, one that makes five, a win too long).
    """
    checker = RefutationChecker(board, goal, max_moves)
    return {m: checker.check(m, ref) for m, ref in refuted.items()}


class RefutationChecker:
    """:func:`check_refutations` one defence at a time, on one copy of the position
    (a caller that tries many refutations, ``solver.search.defend``, makes it once)."""

    def __init__(self, board: Board, goal: str = "tsume", max_moves: int | None = None) -> None:
        self.board = board
        self.goal = goal
        self.max_moves = max_moves
        self.d = int(board.to_move)
        self.a = 3 - self.d
        self.twin: Any = None
        if _on_twin(board):
            self.twin = _twin.Refuter(board.core.copy(), board.rule.value == "renju", self.d, goal)
        self.rules: _Rules | None = None  # (the reference's position, made when needed)
        # the attacker's five points here, and after each line's first move: a defence
        # changes them only at its own point (as in ``_check_fresh_node``)
        self.mine: set[int] = set()
        self.firsts: dict[int, set[int]] = {}

    def check(self, m: Point, ref: tuple[Point, ...] | list[Point] | ProofNode) -> int:
        """Check that ``ref`` wins after the defence ``m``; its attacker moves.

        Raises:
            ProofError: as :func:`check_refutations`.
        """
        if self.twin is not None:
            length = self._twin_length(m, ref)
            if length is not None:
                return length
        length = self._reference(m, ref)
        if self.twin is not None:
            raise _twin_fault(f"the refutation of {point_name(m)}")
        return length

    def holds(self, m: Point, ref: tuple[Point, ...] | list[Point] | ProofNode) -> bool:
        """Whether :meth:`check` passes, without naming the fault (the compiled twin's
        word alone where there is one: a caller that tries refutations to see which
        hold)."""
        if self.twin is not None:
            return self._twin_length(m, ref) is not None
        try:
            self._reference(m, ref)
        except ProofError:
            return False
        return True

    def _twin_length(
        self, m: Point, ref: tuple[Point, ...] | list[Point] | ProofNode
    ) -> int | None:
        length: int | None = self.twin.length(m, ref)
        if length is not None and self.max_moves is not None and length > self.max_moves:
            return None
        return length

    def _reference(self, m: Point, ref: tuple[Point, ...] | list[Point] | ProofNode) -> int:
        if self.rules is None:
            self.rules = _Rules(self.board)
            self.mine = set(self.rules.five(self.a))
        rules, a, d = self.rules, self.a, self.d
        name = point_name(m) if 0 <= m < NPOINTS else str(m)
        if not 0 <= m < NPOINTS or rules.core.get(m) or (d == 1 and rules.forbidden(m)):
            raise ProofError(f"the defence {name} is not a legal move")
        if m in rules.five(d):
            raise ProofError(f"the defence {name} makes five: it cannot be refuted")
        start = None
        if not isinstance(ref, ProofNode) and ref and ref[0] != m and not rules.core.get(ref[0]):
            if ref[0] not in self.firsts:
                self.firsts[ref[0]] = rules.fives_after(ref[0], a)
            start = (self.mine - {m}, self.firsts[ref[0]] - {m})
        rules.put(m, d)
        try:
            if isinstance(ref, ProofNode):
                length = _check_node(rules, a, ref, self.goal, ())
            else:
                length = _check_vcf(rules, a, tuple(ref), (), start)
        except ProofError as exc:
            raise ProofError(f"against the defence {name}: {exc}") from None
        finally:
            rules.remove(m)
        if self.max_moves is not None and length > self.max_moves:
            raise ProofError(
                f"the refutation of {name} needs {length} attacker moves, more than "
                f"{self.max_moves}"
            )
        return length


def _check_node(rules: _Rules, a: int, node: ProofNode, goal: str, path: _Path) -> int:
    key = (id(node), rules.core.hash)
    if key not in rules.checked:
        rules.checked[key] = (_check_fresh_node(rules, a, node, goal, path), node)
    return rules.checked[key][0]


def _check_fresh_node(rules: _Rules, a: int, node: ProofNode, goal: str, path: _Path) -> int:
    d = 3 - a
    p = node.move
    if not 0 <= p < NPOINTS or rules.core.get(p):
        raise ProofError(
            f"after {_name(path)}: attacker move {point_name(p) if 0 <= p < NPOINTS else p} is not empty"
        )
    if p in rules.five(a):
        return 1
    if a == 1 and rules.forbidden(p):
        raise ProofError(f"after {_name(path)}: {point_name(p)} is forbidden for Black")
    theirs = rules.five(d)
    if theirs and (len(theirs) > 1 or p not in theirs):
        raise ProofError(
            f"after {_name(path)}: the defender has a five at {point_name(min(theirs))}"
        )
    new = rules.fives_after(p, a) - rules.five(a)
    if goal == "vcf" and not new:
        raise ProofError(f"after {_name(path)}: {point_name(p)} is not a four (goal vcf)")
    if goal == "vct" and not new and not _threatens_open_four(rules, p, a):
        raise ProofError(
            f"after {_name(path)}: {point_name(p)} is neither a four nor a three (goal vct)"
        )
    if len(new) >= 2 or (
        len(new) == 1 and d == 1 and _blocked_by_forbidden_after(rules, p, a, min(new))
    ):
        return 1
    rules.put(p, a)
    try:
        if new:
            (q,) = new
            if q in rules.five(d):
                raise ProofError(
                    f"after {_name(path)} {point_name(p)}: the block makes the defender's five"
                )
            needed = [q]
        else:
            if rules.five(d):
                raise ProofError(f"after {_name(path)} {point_name(p)}: the defender has a five")
            needed = rules.legal_moves(d)
        longest = 0
        # the attacker's five points here, and after each certificate's first move: a
        # defence changes them only at its own point (see ``_replay_vcf``)
        mine = set(rules.five(a))
        firsts: dict[int, set[int]] = {}
        replies, refuted = node.replies, node.refuted
        lines, get, here, zd = rules.lines, rules.core.get, rules.core.hash, ZOBRIST[d]
        for m in needed:
            reply = replies.get(m)
            if reply is not None:
                rules.put(m, d)
                try:
                    sub = _check_node(rules, a, reply, goal, (path, p, m))
                finally:
                    rules.remove(m)
            else:
                line = refuted.get(m)
                if line is None:
                    raise ProofError(
                        f"after {_name(path)} {point_name(p)}: the defence {point_name(m)} "
                        "is not answered"
                    )
                # replayed already in the position after m (the memo of ``_check_vcf``,
                # its key made without putting the stone: most defences meet a line
                # replayed after another order of the same stones)
                done = lines.get((here ^ zd[m], a, line))
                if done is not None:
                    if done > longest:
                        longest = done
                    continue
                start = None
                if line and not get(line[0]):
                    first = firsts.get(line[0])
                    if first is None:
                        first = firsts[line[0]] = rules.fives_after(line[0], a)
                    start = (mine - {m}, first - {m})
                rules.put(m, d)
                try:
                    sub = _check_vcf(rules, a, line, (path, p, m), start)
                finally:
                    rules.remove(m)
            if sub > longest:
                longest = sub
        return longest + 1
    finally:
        rules.remove(p)


def _blocked_by_forbidden_after(rules: _Rules, p: int, a: int, q: int) -> bool:
    rules.put(p, a)
    try:
        return _blocked_by_forbidden(rules, q, 3 - a)
    finally:
        rules.remove(p)


def _threatens_open_four(rules: _Rules, p: int, a: int) -> bool:
    """After ``p``, some legal move gives the attacker two new five points (a three)."""
    rules.put(p, a)
    try:
        base = rules.five(a)
        for q in range(NPOINTS):
            if rules.core.get(q) or (a == 1 and rules.forbidden(q)):
                continue
            if len(rules.fives_after(q, a) - base) >= 2:
                return True
        return False
    finally:
        rules.remove(p)
