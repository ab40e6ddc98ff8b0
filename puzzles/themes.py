"""Themes and an initial rating, read off the engine's answer (never set by hand).

A theme names what a puzzle is about, for filtering and drilling in the trainer:

====================  =====================================================================
``vcf``               the main line wins by fours only
``vct``               it wins by fours and threes (at least one three)
``hidden-threat``     an attacker move of the main line is neither a four nor a three: a
                      mise or fukumi move threatening a win the defender must stop
``counter-four``      a defender reply of the main line makes a four (the attacker must
                      block it); for a defence, a holding move that makes a four
``forbidden-trap``    White wins by forcing Black onto a forbidden point (the main line ends
                      with a four whose only block is forbidden to Black)
``four-three``        an attacker move of the main line makes a four and a three at once
``four-four``         the main line ends with a double four
``long``              the shortest win (or the threat) takes 7 attacker moves or more
``defence``           a ``defend`` task
``points:KIND``       a point-finding task of that kind
====================  =====================================================================

The main line is the proof tree's line against the longest-resisting defence
(:meth:`~solver.search.proof.ProofNode.main_line`); each move is classified on the board
as it stands before the move (``_XXX_`` + ``X`` = a four; ``_XX_`` + ``X`` = a three).

:func:`initial_rating` turns the facts (:class:`Facts`) into a starting rating on the
usual Glicko scale (1500 a middle puzzle); the formula is in its docstring.

>>> from solver.rules.board import Board
>>> from solver.search.api import solve
>>> board = Board.from_stones("f8 g8 h8 h9", "f9 g9 i9 f10", to_move="black")
>>> result = solve(board, "vcf", shortest=True)
>>> themes, facts = win_themes(board, result.tree)
>>> themes, facts.moves
(['vcf'], 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from solver.rules.board import Board, Color
from solver.rules.notation import Point
from solver.search.proof import ProofNode

__all__ = [
    "LONG",
    "THEMES",
    "Facts",
    "defence_themes",
    "initial_rating",
    "order_themes",
    "points_themes",
    "win_themes",
]

THEMES: tuple[str, ...] = (
    "vcf",
    "vct",
    "hidden-threat",
    "counter-four",
    "forbidden-trap",
    "four-three",
    "four-four",
    "long",
    "defence",
)
"""The themes in their canonical order (``points:KIND`` themes come after them)."""

LONG = 7
"""A win (or a threat) of this many attacker moves or more is ``long``."""


@dataclass(frozen=True)
class Facts:
    """What the engine found, as the rating needs it.

    Attributes:
        kind: the task (``win``, ``defend``, ``points:KIND``).
        goal: the class of the win (of the threat, for ``defend``).
        moves: attacker moves of the shortest win (of the threat, for ``defend``).
        hidden: hidden-threat moves in the main line.
        counter_fours: the defender's fours in the main line (holding fours, for
            ``defend``).
        defences_per_move: the defences the attacker had to answer by reading (searched
            replies, not those a VCF refutes at once) per move of the main line, on
            average (1.0: every move forcing a single reply); for ``defend``, the moves
            that fail.
        nodes: search nodes spent (a measure of how much there is to read).
        answer_size: the points to find (``points``) or the holding moves (``defend``).
    """

    kind: str = "win"
    goal: str = "vcf"
    moves: int = 1
    hidden: int = 0
    counter_fours: int = 0
    defences_per_move: float = 1.0
    nodes: int = 0
    answer_size: int = 0


def order_themes(themes: Iterable[str]) -> list[str]:
    """Distinct themes in the canonical order (:data:`THEMES`, then the others sorted).

    >>> order_themes(["long", "points:four", "vcf", "long"])
    ['vcf', 'long', 'points:four']
    """
    unique = set(themes)
    known = [t for t in THEMES if t in unique]
    return known + sorted(unique - set(THEMES))


def _move_shape(board: Board, p: Point, colour: Color) -> tuple[bool, bool]:
    """(makes a four or a five, makes a three) for ``colour`` at the empty ``p``."""
    core = board.core
    if core.is_five(p, int(colour)):
        return True, False
    return bool(core.is_four_move(p, int(colour))), bool(core.is_three_move(p, int(colour)))


def win_themes(board: Board, tree: ProofNode | None, nodes: int = 0) -> tuple[list[str], Facts]:
    """The themes of a proven win and its facts, from the proof tree (``board``: the
    position, the attacker to move; it is left as it was).

    The goal in the facts is the class the main line shows (``vcf``, ``vct`` or
    ``tsume`` when it holds a hidden threat).
    """
    if tree is None:
        return [], Facts(nodes=nodes)
    attacker, defender = board.to_move, board.to_move.opponent
    themes: set[str] = set()
    moves = hidden = counter = 0
    answered: list[int] = []
    pushed = 0
    node: ProofNode | None = tree
    last: ProofNode = tree
    threes = False
    try:
        while node is not None:
            last = node
            four, three = _move_shape(board, node.move, attacker)
            moves += 1
            if four and three:
                themes.add("four-three")
            if not four:
                if three:
                    threes = True
                else:
                    hidden += 1
            reply = node.best_reply()
            if reply is None:
                break
            answered.append(max(1, len(node.replies)))
            board.push(node.move)
            pushed += 1
            if board.core.is_four_move(reply, int(defender)) or board.is_five(reply, defender):
                counter += 1
            board.push(reply)
            pushed += 1
            node = node.after(reply)
    finally:
        for _ in range(pushed):
            board.pop()
    if hidden:
        themes.add("hidden-threat")
    themes.add("vct" if threes or hidden else "vcf")
    if counter:
        themes.add("counter-four")
    if last.final == "double-four":
        themes.add("four-four")
    if last.final == "forbidden-block" and attacker is Color.WHITE:
        themes.add("forbidden-trap")
    shortest = tree.length
    if shortest >= LONG:
        themes.add("long")
    facts = Facts(
        kind="win",
        goal="tsume" if hidden else "vct" if threes else "vcf",
        moves=shortest,
        hidden=hidden,
        counter_fours=counter,
        defences_per_move=sum(answered) / len(answered) if answered else 1.0,
        nodes=nodes,
    )
    return order_themes(themes), facts


def defence_themes(
    board: Board,
    goal: str,
    holding: Iterable[Point],
    threat_moves: int,
    refuted: Mapping[Point, object] | None = None,
    nodes: int = 0,
) -> tuple[list[str], Facts]:
    """The themes of a defence task: ``defence``, the threat's class (``vcf``, or
    ``vct`` for a wider threat), ``counter-four`` (a holding move makes a four) and
    ``long`` (a threat of :data:`LONG` attacker moves or more).

    ``board``: the position, the defender to move; ``threat_moves``: the attacker moves
    of the threat's shortest win (if the defender passed).
    """
    defender = board.to_move
    holds = sorted(holding)
    themes = {"defence", "vcf" if goal == "vcf" else "vct"}
    counter = sum(1 for d in holds if board.core.is_four_move(d, int(defender)))
    if counter:
        themes.add("counter-four")
    if threat_moves >= LONG:
        themes.add("long")
    facts = Facts(
        kind="defend",
        goal=goal,
        moves=max(1, threat_moves),
        counter_fours=counter,
        defences_per_move=float(len(refuted or {})),
        nodes=nodes,
        answer_size=len(holds),
    )
    return order_themes(themes), facts


def points_themes(kind: str, points: Iterable[Point], goal: str = "vcf") -> tuple[list[str], Facts]:
    """The themes of a ``points:KIND`` task (``kind`` is ``KIND``): ``points:KIND``, and
    ``defence`` for ``defences``.

    >>> points_themes("defences", [112, 113])[0]
    ['defence', 'points:defences']
    """
    themes = {f"points:{kind}"}
    if kind == "defences":
        themes.add("defence")
    return order_themes(themes), Facts(
        kind=f"points:{kind}", goal=goal, answer_size=len(set(points))
    )


_CLASS = {"vcf": 0, "vct": 150, "tsume": 300}
_POINT_KIND = {
    "five": 0,
    "four": 50,
    "straight-four": 50,
    "three": 150,
    "forbidden": 250,
    "double-four": 200,
    "double-three": 200,
    "four-three": 250,
    "double-threat": 400,
    "keys": 450,
    "defences": 450,
}
_FEW_DEFENCES = {1: 200, 2: 120, 3: 60}


def initial_rating(facts: Facts) -> int:
    """A puzzle's starting rating (Glicko scale) from the engine's facts, rounded to 10
    and kept within 400..2800. Every term grows with what makes a puzzle harder:

    - ``win``: ``1000 + class + 70 (moves - 1) + 150 min(hidden, 2)
      + 60 min(counter_fours, 3) + 20 min(defences_per_move - 1, 10) + 30 log10(1 + nodes)``
      with class ``vcf`` 0, ``vct`` 150, ``tsume`` 300;
    - ``defend``: ``1100 + class + 60 (moves - 1) + few + 60 min(counter_fours, 3)
      + 30 log10(1 + nodes)``, few = 200 / 120 / 60 for 1 / 2 / 3 holding moves (0 for
      more: the fewer moves hold, the harder they are to find);
    - ``points:KIND``: ``700 + kind + 40 min(points - 1, 8) + 30 log10(1 + nodes)``, kind
      from 0 (``five``) to 450 (``keys``, ``defences``).

    >>> initial_rating(Facts(goal="vcf", moves=3, nodes=100))
    1200
    >>> initial_rating(Facts(goal="tsume", moves=5, hidden=1, nodes=10_000))
    1850
    >>> initial_rating(Facts(kind="points:four-three", answer_size=2))
    990
    """
    noise = 30 * math.log10(1 + max(0, facts.nodes))
    if facts.kind == "defend":
        value = (
            1100
            + _CLASS.get(facts.goal, 0)
            + 60 * max(0, facts.moves - 1)
            + _FEW_DEFENCES.get(facts.answer_size, 0)
            + 60 * min(facts.counter_fours, 3)
            + noise
        )
    elif facts.kind.startswith("points:"):
        kind = facts.kind.removeprefix("points:")
        value = (
            700 + _POINT_KIND.get(kind, 200) + 40 * min(max(0, facts.answer_size - 1), 8) + noise
        )
    else:
        value = (
            1000
            + _CLASS.get(facts.goal, 0)
            + 70 * max(0, facts.moves - 1)
            + 150 * min(facts.hidden, 2)
            + 60 * min(facts.counter_fours, 3)
            + 20 * min(max(0.0, facts.defences_per_move - 1), 10)
            + noise
        )
    return int(max(400, min(2800, round(value / 10) * 10)))
