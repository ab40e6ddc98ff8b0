"""What a comment says a position is for: the winner and the class of win it states.

Game trees (a RenLib library, an SGF file) hold puzzles and plain positions side by
side; a position is a puzzle only where its comment states the task or the winner.
:func:`stated_task` reads the wordings met in real libraries, in English, Japanese and
Chinese: "black wins", "sure win for white", "黒勝ち", "白の勝ち", "黑胜", "黑先胜",
"白先" (White to play: the task), "VCF" / "VCT" (the class), "四追い" (VCF).

>>> stated_task("Sure win for black")
Task(winner=<Color.BLACK: 1>, goal='tsume')
>>> stated_task("白先VCF")
Task(winner=<Color.WHITE: 2>, goal='vcf')
>>> stated_task("Not good for black") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzles.model import Goal
from solver.rules.board import Color

__all__ = ["Task", "stated_goal", "stated_task"]


@dataclass(frozen=True)
class Task:
    """A stated task: the winner (``None``: the side to move) and the goal class."""

    winner: Color | None
    goal: Goal


def _side(black: str, en: str) -> re.Pattern[str]:
    return re.compile(
        rf"\b{en}\s+(?:wins?|to\s+(?:play\s+and\s+)?win)\b"  # black wins, black to win
        rf"|\bwins?\s+for\s+{en}\b"  # (sure) win for black
        rf"|[{black}](?:方|子)?(?:先|必|の)?(?:勝|胜)"  # 黒勝ち, 黒の勝ち, 黑胜, 黑先胜, 黑必胜
        rf"|[{black}]先",  # 黑先 / 黒先: Black to play (the task)
        re.IGNORECASE,
    )


_WINNER = {
    Color.BLACK: _side("黑黒", "black"),
    Color.WHITE: _side("白", "white"),
}
_VCF = re.compile(r"(?<![a-z])VCF(?![a-z])|四追|追四|连续冲四|連続四", re.IGNORECASE)
_VCT = re.compile(r"(?<![a-z])VCT(?![a-z])|三追|追三|連続三", re.IGNORECASE)
_TSUME = re.compile(r"(?<![a-z])tsume(?![a-z])|詰め?連珠", re.IGNORECASE)


def stated_goal(text: str) -> Goal | None:
    """The class of win a text names (VCF first, then VCT, then "tsume"), or ``None``.

    >>> stated_goal("Black wins (tsume)"), stated_goal("Black wins")
    ('tsume', None)
    """
    if _VCF.search(text):
        return "vcf"
    if _VCT.search(text):
        return "vct"
    return "tsume" if _TSUME.search(text) else None


def stated_task(text: str) -> Task | None:
    """The task a comment states, or ``None`` if it states none (or both winners)."""
    winners = [c for c, pattern in _WINNER.items() if pattern.search(text)]
    goal = stated_goal(text)
    if len(winners) == 1:
        return Task(winners[0], goal or "tsume")
    if not winners and goal not in (None, "tsume"):
        return Task(None, goal)
    return None
