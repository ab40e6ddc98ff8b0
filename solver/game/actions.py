"""The actions of an opening rule's state machine, and their text form (``place h8``,
``swap``, ``pass``, ``declare 3``, ``propose g7 j7``, ``choose g7``).

>>> parse_action("propose G7 j7")
Propose(points=(96, 99))
>>> str(parse_action("place H8"))
'place h8'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from solver.game.errors import IllegalActionError
from solver.rules.notation import Point, parse_point, parse_points, point_name

__all__ = ["Action", "Choose", "Declare", "Pass", "Place", "Propose", "Swap", "parse_action"]


@dataclass(frozen=True)
class Place:
    """Put the next stone at ``point``."""

    point: Point

    def __str__(self) -> str:
        return f"place {point_name(self.point)}"


@dataclass(frozen=True)
class Pass:
    """Give up the move (after the opening only)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Swap:
    """Take the other colour (when the rule offers it)."""

    def __str__(self) -> str:
        return "swap"


@dataclass(frozen=True)
class Declare:
    """Announce the number of fifth-move proposals."""

    count: int

    def __str__(self) -> str:
        return f"declare {self.count}"


@dataclass(frozen=True)
class Propose:
    """Propose one or more fifth moves."""

    points: tuple[Point, ...]

    def __init__(self, *points: Point) -> None:
        object.__setattr__(self, "points", tuple(points))

    def __str__(self) -> str:
        return "propose " + " ".join(point_name(p) for p in self.points)


@dataclass(frozen=True)
class Choose:
    """Keep the proposal at ``point`` as move 5."""

    point: Point

    def __str__(self) -> str:
        return f"choose {point_name(self.point)}"


Action: TypeAlias = Place | Pass | Swap | Declare | Propose | Choose


def parse_action(text: str) -> Action:
    """``"place h8"``, ``"swap"``, ``"pass"``, ``"declare 3"``, ``"propose g7 j7"`` or
    ``"choose g7"`` (any case).

    Raises:
        IllegalActionError: quoting ``text`` if it is no action.
        PointError: a bad point.
    """
    word, _, rest = text.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if word in ("swap", "pass") and not rest:
        return Swap() if word == "swap" else Pass()
    if word in ("place", "choose") and rest:
        p = parse_point(rest)
        return Place(p) if word == "place" else Choose(p)
    if word == "propose" and rest:
        return Propose(*parse_points(rest))
    if word == "declare" and rest.isdigit():
        return Declare(int(rest))
    raise IllegalActionError(
        f"not an action: {text!r} (expected place P, swap, pass, declare N, propose P Q..., "
        "or choose P)"
    )
