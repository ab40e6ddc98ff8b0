"""The second look: a "no win" searched again without the pruning shortcuts.

A disproof rests on more than a proof does: the search's shortcuts (relevance zones,
the dependency-first phase, hidden-threat staging, VCF searches taken as ruled out by a
parent's) decide which moves it never tries. Wherever the product turns a disproof into
a verdict (a puzzle with no win, a key that is the only one, a win that is the shortest,
a win that needs more than fours), the claim is searched again with ``safe=True`` within
the budget left:

- the second look finds no win either: the claim is confirmed (``confirmed``);
- it runs out of budget: the claim stays as the first search made it, unconfirmed
  (``reason`` says why; unknown stays unknown, never a verdict either way);
- it finds a win the first search ruled out: :class:`~solver.errors.SecondLookDisagrees`,
  naming the claim and the position (a solver error, never a verdict).

Its own proofs are not re-checked: they are never shown as wins, only compared (a wrong
one could only turn a verdict into a solver error, never into another verdict).

>>> from solver.rules.board import Board
>>> confirm_no_win(Board.from_stones("h8 i9", "h9"), "vct", Limits(), what="no win")
SecondLook(confirmed=True, reason='')
>>> board = Board.from_stones("f8 g8 h8", "f9 g9 h9", to_move="white")
>>> from solver.rules.notation import parse_point
>>> confirm_keys(board, "vcf", Limits(max_moves=2), {parse_point("e9"): 1})
Traceback (most recent call last):
...
solver.errors.SecondLookDisagrees: the search found the winning first moves e9 (1), a \
search without its shortcuts found e9 (1), i9 (1) in the position black: f8 g8 h8; white: \
f9 g9 h9; white to move
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from solver.errors import SecondLookDisagrees
from solver.rules.board import Board
from solver.rules.notation import Point, point_name
from solver.search.api import Goal, Limits, Verdict, position_text, solve
from solver.search.respond import Response, describe, respond

__all__ = ["SecondLook", "confirm_keys", "confirm_no_win", "confirm_refutation"]


@dataclass(frozen=True)
class SecondLook:
    """What a second look that did not contradict the first search says: ``confirmed``
    (it reached the same answer), else ``reason``, why it did not finish."""

    confirmed: bool
    reason: str = ""


def _keys_text(keys: Mapping[Point, int]) -> str:
    return ", ".join(f"{point_name(p)} ({keys[p]})" for p in sorted(keys)) or "none"


def confirm_no_win(
    board: Board,
    goal: Goal | str,
    limits: Limits,
    *,
    what: str,
    should_stop: Callable[[], bool] | None = None,
) -> SecondLook:
    """Search ``board`` again without the shortcuts: confirmed if it has no win within
    ``goal`` and ``limits`` either, else why the second look did not finish.

    Raises:
        SecondLookDisagrees: it finds a win (``what`` names the claim it contradicts:
            "no win", "no win in 3" ...).
    """
    again = solve(board, goal, limits, should_stop=should_stop, check=False, safe=True)
    line = " ".join(point_name(p) for p in again.line)
    return _outcome(
        again.result,
        again.reason,
        f"{what}, a search without its shortcuts found one ({line})",
        board,
    )


def _outcome(result: Verdict, reason: str, disagreement: str, board: Board) -> SecondLook:
    """The second look's outcome from its verdict on a "no win" claim.

    Raises:
        SecondLookDisagrees: ``result`` is proven (``disagreement`` says how, after
            "the search found").
    """
    if result is Verdict.PROVEN:
        raise SecondLookDisagrees(
            f"the search found {disagreement} in the position {position_text(board)}"
        )
    if result is Verdict.DISPROVEN:
        return SecondLook(True)
    return SecondLook(False, reason or "search stopped")


def confirm_keys(
    board: Board,
    goal: Goal | str,
    limits: Limits,
    keys: Mapping[Point, int],
    *,
    what: str = "the winning first moves",
    should_stop: Callable[[], bool] | None = None,
) -> SecondLook:
    """Search every first move of ``board`` again without the shortcuts: confirmed if
    the winning ones and the lengths of their shortest wins are exactly ``keys`` (the
    first search's, ``{move: attacker moves}``), else why the second look did not
    finish (out of budget, or some first moves left undecided). (The lengths confirm the shortest win too: its
    length is the least of them, every bound below it disproven for every first move.)

    Raises:
        SecondLookDisagrees: it finds other winning first moves, or other lengths.
    """
    again = solve(
        board, goal, limits, all_keys=True, should_stop=should_stop, check=False, safe=True
    )
    if again.keys is None or again.result is Verdict.UNKNOWN or again.reason:
        return SecondLook(False, again.reason or "search stopped")
    found = {k.move: k.moves for k in again.keys}
    if found != dict(keys):
        raise SecondLookDisagrees(
            f"the search found {what} {_keys_text(keys)}, a search without its shortcuts "
            f"found {_keys_text(found)} in the position {position_text(board)}"
        )
    return SecondLook(True)


def confirm_refutation(
    board: Board,
    goal: Goal | str,
    limits: Limits,
    answer: Response,
    *,
    what: str,
    run: bool = False,
    should_stop: Callable[[], bool] | None = None,
) -> SecondLook:
    """Answer the attacker move just played again without the shortcuts (``respond``
    with ``safe``; ``board``, ``limits`` and ``run`` as ``respond`` took them): confirmed
    if it does not win either, else why the second look did not finish.

    Raises:
        SecondLookDisagrees: the move wins after all (``what`` names the claim, e.g.
            "that the stated move 1 (k5) loses the win"; ``answer`` is the first one).
    """
    again = respond(board, goal, limits, should_stop=should_stop, run=run, check=False, safe=True)
    said = f"{what} ({describe(answer)}), a search without its shortcuts found it wins"
    return _outcome(again.result, again.reason, said, board)
