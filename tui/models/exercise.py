"""Defence and point-finding exercises, judged by the complete solver. No Textual here.

A :class:`DefenceExercise`: the side to move defends against the opponent's threatened
win (:func:`solver.search.defend.defend`); a move that holds is accepted (every holding
move must be found when the exercise asks), a move that fails is answered by the
attacker's winning line. A :class:`PointsExercise`: the player marks every point of a
kind (:func:`solver.search.points.points`) and submits; the answer says which were
found, missed and wrong, each with its explanation. The screens run the searches in a
worker and hand the results in with ``attach``.

>>> from solver.rules.board import Board
>>> from solver.rules.notation import parse_point
>>> from solver.search.defend import defend
>>> b = Board.from_stones("h8 i8 j8", "a1 a2", to_move="white")  # Black's open three
>>> ex = DefenceExercise(b, "vcf")
>>> ex.attach(defend(b, "vcf"))
>>> ex.judge(parse_point("f8")).verdict, ex.judge(parse_point("g8")).text
('fails', 'g8 holds (blocks)')
>>> ex.done
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from solver.rules.board import Board, Color
from solver.rules.forbidden import explain
from solver.rules.notation import Point, point_name
from solver.rules.points import PointsResult
from solver.search.api import Verdict
from solver.search.defend import DefenceResult

__all__ = ["DefenceExercise", "Judgement", "PointsExercise", "PointsReport"]


@dataclass(frozen=True)
class Judgement:
    """What a defender's move is: ``holds``, ``fails`` (``line``: the attacker's win after
    it), ``again`` (a holding move found before), ``refused`` (occupied, forbidden),
    ``unknown`` (the solver's budget ran out on it) or ``waiting`` (no answer yet)."""

    verdict: Literal["holds", "fails", "again", "refused", "unknown", "waiting"]
    text: str
    line: tuple[Point, ...] = ()


class DefenceExercise:
    """The defender's task on ``board`` against a ``goal`` threat; ``find_all``: every
    holding move must be found (else the first one solves it)."""

    def __init__(self, board: Board, goal: str, *, find_all: bool = False) -> None:
        self.board = board.copy()
        self.goal = goal
        self.find_all = find_all
        self.result: DefenceResult | None = None
        self.found: list[Point] = []

    def attach(self, result: DefenceResult) -> None:
        """The solver's split of the defender's moves."""
        self.result = result

    @property
    def defender(self) -> Color:
        """The side to move (the player)."""
        return self.board.to_move

    def threat_text(self, *, line: bool = False) -> str:
        """``"Black threatens a VCF in 3 moves"`` (``line``: ``": i11 h12 j9 ..."`` after
        it; the line often gives the defence away), or why there is no threat."""
        r = self.result
        attacker = self.defender.opponent.label().capitalize()
        if r is None:
            return f"{attacker}'s threat: the solver is reading it…"
        if r.threat is Verdict.DISPROVEN:
            return f"{attacker} has no {self.goal.upper()} threat here: every move holds"
        if r.threat is Verdict.UNKNOWN:
            return f"{attacker}'s threat could not be decided ({r.reason or 'budget'})"
        moves = (len(r.threat_line) + 1) // 2
        text = (
            f"{attacker} threatens a {self.goal.upper()} in {moves} move{'s' if moves != 1 else ''}"
        )
        if line:
            text += ": " + " ".join(point_name(p) for p in r.threat_line)
        return text

    def judge(self, p: Point) -> Judgement:
        """Judge the defender's move ``p`` (the board is not changed)."""
        name = point_name(p)
        if self.board[p] is not Color.EMPTY:
            return Judgement("refused", f"{name} is occupied")
        if self.defender is Color.BLACK and explain(self.board, p).kind is not None:
            why = explain(self.board, p).text().splitlines()[0]
            return Judgement("refused", f"{why}: not a legal defence")
        r = self.result
        if r is None:
            return Judgement("waiting", "wait: the solver is still reading the threat")
        if p in self.found:
            return Judgement("again", f"{name} holds: found already")
        if p in r.defences:
            self.found.append(p)
            why = r.reasons.get(p, "holds")
            left = self.left()
            more = f"; {left} more to find" if self.find_all and left else ""
            return Judgement("holds", f"{name} holds ({why}){more}")
        if p in r.refuted:
            line = r.refuted[p]
            attacker = self.defender.opponent.label().capitalize()
            shown = " ".join(point_name(q) for q in line)
            return Judgement("fails", f"{name} fails: {attacker} wins by {shown}", tuple(line))
        return Judgement("unknown", f"{name}: the solver could not decide it in time")

    def left(self) -> int:
        """Holding moves not found yet."""
        return 0 if self.result is None else len(set(self.result.defences) - set(self.found))

    @property
    def done(self) -> bool:
        """Whether the task is solved (a holding move, or all of them when asked)."""
        if self.result is None or not self.found:
            return False
        return self.left() == 0 if self.find_all else True


@dataclass
class PointsReport:
    """A submitted answer: the points found, missed and marked wrongly, and a sentence
    for each (the solver's explanation; for a wrong one, why it is not of the kind)."""

    found: list[Point] = field(default_factory=list)
    missed: list[Point] = field(default_factory=list)
    wrong: list[Point] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)

    @property
    def perfect(self) -> bool:
        """Every point found and none wrong."""
        return not self.missed and not self.wrong


class PointsExercise:
    """Mark every point of ``kind`` for the side to move on ``board``."""

    def __init__(self, board: Board, kind: str) -> None:
        self.board = board.copy()
        self.kind = kind
        self.result: PointsResult | None = None
        self.marked: set[Point] = set()

    def attach(self, result: PointsResult) -> None:
        """The solver's points of the kind."""
        self.result = result

    def toggle(self, p: Point) -> bool:
        """Mark or unmark ``p``; ``False`` if it is occupied (not markable)."""
        if self.board[p] is not Color.EMPTY:
            return False
        self.marked ^= {p}
        return True

    def submit(self) -> PointsReport:
        """Compare the marks with the solver's points (``attach`` first)."""
        assert self.result is not None
        answer = set(self.result.points)
        report = PointsReport(
            found=sorted(self.marked & answer),
            missed=sorted(answer - self.marked),
            wrong=sorted(self.marked - answer),
        )
        ex = self.result.explanations
        for p in report.found:
            report.lines.append("✓ " + ex.get(p, point_name(p)))
        for p in report.missed:
            report.lines.append("missed " + ex.get(p, point_name(p)))
        kind = self.kind.replace("-", " ")
        for p in report.wrong:
            report.lines.append(f"✗ {point_name(p)}: not a {kind} point")
        return report
