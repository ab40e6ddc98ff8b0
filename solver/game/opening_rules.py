"""Opening rules as state machines: RIF (1996), Yamaguchi, Soosõrv-8, Taraguchi-10, the
Japanese swap after three (三珠交替打ち), and the free opening.

A game under an opening rule is an immutable :class:`OpeningState`; ``legal_actions()``
lists what the player to act may do, ``apply(action)`` returns the next state or raises
:class:`~solver.game.errors.IllegalActionError` quoting the action. The actions:

- ``Place(p)``: put the next stone (its colour is the move number's), within the central
  square the rule allows (``radius``: 0 is h8 alone, 1 the 3x3 square, 2 the 5x5, ...);
- ``Swap()``: take the other colour, when the rule offers a swap now (declined by
  taking the step's action instead);
- ``Declare(n)``: announce how many fifth moves Black will propose;
- ``Propose(p, ...)``: propose fifth moves (one or several at a time, up to the number
  due); no two may be equivalent (:func:`~solver.game.equivalence.fifth_equivalent`);
- ``Choose(p)``: White keeps one proposal as move 5, then plays move 6;
- ``Pass()``: once the opening is over (no pass in the opening itself).

Players are numbered 0 (the tentative Black, who starts) and 1. After the opening the
game goes on (``phase`` ``play``): any empty point or a pass, until
:func:`~solver.game.status.status` ends it::

    RIF      0 places 1-2-3 │ 1 may swap │ White 4 │ Black proposes 2 │ White keeps 1, plays 6

>>> s = OpeningState(RIF)
>>> for a in "place h8", "place h9", "place j10", "swap", "place i9", "propose g10 j7":
...     s = s.apply(parse_action(a))
>>> s.phase, s.to_act, s.black_player
(<Phase.CHOOSE: 'choose'>, 0, 1)
>>> s.apply(parse_action("propose k11"))
Traceback (most recent call last):
...
solver.game.errors.IllegalActionError: 'propose k11': now White (the first player) keeps one of the fifth moves g10, j7 and then plays move 6
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Literal, NoReturn

from solver.game.actions import Action, Choose, Declare, Pass, Place, Propose, Swap, parse_action
from solver.game.equivalence import position_symmetries
from solver.game.errors import IllegalActionError
from solver.game.openings import Opening, centre_distance, opening_of
from solver.game.status import Status, status
from solver.rules.board import BLACK, Board, Color
from solver.rules.notation import NPOINTS, SIZE, Move, Point, point_name

__all__ = [
    "FREE",
    "JAPANESE",
    "OPENING_RULES",
    "RIF",
    "SOOSORV_8",
    "TARAGUCHI_10",
    "YAMAGUCHI",
    "Action",
    "Choose",
    "Declare",
    "OpeningRule",
    "OpeningState",
    "Pass",
    "Phase",
    "Place",
    "Propose",
    "Step",
    "Swap",
    "opening_rule",
    "parse_action",
]


# -- rules --------------------------------------------------------------------------------
Actor = Literal["first", "black", "white"]
StepKind = Literal["place", "declare", "propose", "choose", "place-or-propose"]


@dataclass(frozen=True)
class Step:
    """One step of an opening rule.

    Attributes:
        kind: ``place`` (the next stone), ``declare`` (the number of proposals),
            ``propose`` (the fifth moves), ``choose`` (White keeps one),
            ``place-or-propose`` (Black places move 5 or proposes ``count`` instead).
        actor: who acts: ``first`` (player 0, whatever colour he holds), ``black`` or
            ``white`` (the player holding it).
        radius: ``place``: the stone's largest distance from h8 (None: anywhere).
        count: ``propose``: how many (None: as declared); ``declare``: the most.
        swap: the actor may swap colours before acting.
        swap_after_place: ``place-or-propose``: a placed fifth move is followed by a
            swap offer (a proposed one by White's choice).
    """

    kind: StepKind
    actor: Actor
    radius: int | None = None
    count: int | None = None
    swap: bool = False
    swap_after_place: bool = False


@dataclass(frozen=True)
class OpeningRule:
    """An opening rule: its key (``rif``, ``yamaguchi``, ...), name, the published
    sequence in a few words, and its steps; after the last step the game is played."""

    key: str
    name: str
    summary: str
    steps: tuple[Step, ...] = field(repr=False)


def _first_three() -> tuple[Step, ...]:
    return (
        Step("place", "first", radius=0),
        Step("place", "first", radius=1),
        Step("place", "first", radius=2),
    )


FREE = OpeningRule(
    "free",
    "free opening (随意打ち)",
    "Black h8, White next to it, Black within two lines of h8, then play",
    (
        Step("place", "black", radius=0),
        Step("place", "white", radius=1),
        Step("place", "black", radius=2),
    ),
)
RIF = OpeningRule(
    "rif",
    "RIF rule, 1996 (五珠二箇所打ち)",
    "the tentative Black places one of the 26 openings; the tentative White may swap; "
    "White plays move 4 anywhere; Black proposes two fifth moves that are not "
    "equivalent; White keeps one and plays move 6",
    (
        *_first_three(),
        Step("place", "white", swap=True),
        Step("propose", "black", count=2),
        Step("choose", "white"),
    ),
)
JAPANESE = OpeningRule(
    "japanese",
    "Japanese swap after three (三珠交替打ち)",
    "the tentative Black shows the first three moves (one of the 26); the tentative "
    "White chooses his colour; White plays move 4; Black proposes two fifth moves (五珠"
    "二ヵ所打ち), White keeps one and plays move 6",
    RIF.steps,
)
YAMAGUCHI = OpeningRule(
    "yamaguchi",
    "Yamaguchi rule (題数打ち)",
    "the tentative Black places one of the 26 openings and declares the number N of "
    "fifth moves; the tentative White may swap; White plays move 4 anywhere; Black "
    "proposes N fifth moves, no two equivalent; White keeps one and plays move 6",
    (
        *_first_three(),
        Step("declare", "first"),
        Step("place", "white", swap=True),
        Step("propose", "black"),
        Step("choose", "white"),
    ),
)
SOOSORV_8 = OpeningRule(
    "soosorv-8",
    "Soosõrv-8",
    "the first player places one of the 26 openings; the other may swap; White plays "
    "move 4 anywhere and declares 1 to 8 fifth moves; the other may swap; Black proposes "
    "them, no two equivalent; White keeps one and plays move 6",
    (
        *_first_three(),
        Step("place", "white", swap=True),
        Step("declare", "white", count=8),
        Step("propose", "black", swap=True),
        Step("choose", "white"),
    ),
)
TARAGUCHI_10 = OpeningRule(
    "taraguchi-10",
    "Taraguchi-10",
    "Black h8; the other may swap; White move 2 in the central 3x3; swap; Black move 3 "
    "in the 5x5; swap; White move 4 in the 7x7; swap; then Black either plays move 5 in "
    "the 9x9 (the other may swap, White plays move 6) or proposes ten fifth moves "
    "anywhere, no two equivalent (White keeps one and plays move 6)",
    (
        Step("place", "black", radius=0),
        Step("place", "white", radius=1, swap=True),
        Step("place", "black", radius=2, swap=True),
        Step("place", "white", radius=3, swap=True),
        Step("place-or-propose", "black", radius=4, count=10, swap=True, swap_after_place=True),
        Step("choose", "white"),
    ),
)

OPENING_RULES: dict[str, OpeningRule] = {
    r.key: r for r in (RIF, YAMAGUCHI, SOOSORV_8, TARAGUCHI_10, JAPANESE, FREE)
}
"""The rules by key."""


def opening_rule(name: str) -> OpeningRule:
    """The rule with this key (``rif``, ``yamaguchi``, ``soosorv-8``, ``taraguchi-10``,
    ``japanese``, ``free``; ``soosõrv-8`` too, any case).

    Raises:
        IllegalActionError: quoting ``name`` if no rule has it.
    """
    key = name.strip().lower().replace("õ", "o").replace("_", "-").replace(" ", "-")
    if key in OPENING_RULES:
        return OPENING_RULES[key]
    known = ", ".join(OPENING_RULES)
    raise IllegalActionError(f"no opening rule {name!r} (expected one of: {known})")


# -- the state machine --------------------------------------------------------------------
class Phase(enum.Enum):
    """What the player to act does now."""

    PLACE = "place"
    DECLARE = "declare"
    PROPOSE = "propose"
    CHOOSE = "choose"
    PLAY = "play"  # the opening is over
    OVER = "over"  # the game has ended (see ``status``)


_PHASE: dict[StepKind, Phase] = {
    "place": Phase.PLACE,
    "declare": Phase.DECLARE,
    "propose": Phase.PROPOSE,
    "choose": Phase.CHOOSE,
    "place-or-propose": Phase.PLACE,
}


@dataclass(frozen=True)
class OpeningState:
    """A game under an opening rule, at one step (immutable: ``apply`` returns a new one).

    Attributes:
        rule: the opening rule.
        moves: the stones played, in order (``None`` a pass); proposals are not moves
            until one is chosen.
        step: the index of the rule's current step (``len(rule.steps)``: playing).
        black_player: which player (0 or 1) holds Black now.
        swap_offered: the player to act may swap now.
        declared: the number of fifth moves declared (Yamaguchi, Soosõrv).
        proposals: the fifth moves proposed so far at this step.
        actions: every action applied since the start, in order.
    """

    rule: OpeningRule
    moves: tuple[Move, ...] = ()
    step: int = 0
    black_player: int = 0
    swap_offered: bool = False
    declared: int | None = None
    proposals: tuple[Point, ...] = ()
    actions: tuple[Action, ...] = ()

    # -- reading ---------------------------------------------------------------------------
    @property
    def current(self) -> Step | None:
        """The current step, or ``None`` once the opening is over."""
        return self.rule.steps[self.step] if self.step < len(self.rule.steps) else None

    @property
    def phase(self) -> Phase:
        """What the player to act does now (``OVER`` when the game has ended)."""
        step = self.current
        if step is not None:
            if step.kind == "place-or-propose" and self.proposals:
                return Phase.PROPOSE
            return _PHASE[step.kind]
        return Phase.OVER if self.status().over else Phase.PLAY

    @property
    def to_move(self) -> Color:
        """The colour of the next stone on the board."""
        return BLACK if len(self.moves) % 2 == 0 else Color.WHITE

    @property
    def actor(self) -> Color | None:
        """The colour of the player to act (``None``: player 0 acts as the tentative
        Black, placing stones of both colours)."""
        step = self.current
        if step is None:
            return self.to_move
        if step.actor == "first":
            return None
        return BLACK if step.actor == "black" else Color.WHITE

    @property
    def to_act(self) -> int:
        """The player (0 or 1) who acts now."""
        colour = self.actor
        if colour is None:
            return 0
        return self.black_player if colour is BLACK else 1 - self.black_player

    @property
    def due(self) -> int | None:
        """How many fifth moves are to be proposed at this step (``None``: none)."""
        step = self.current
        if step is None or step.kind not in ("propose", "place-or-propose"):
            return None
        return step.count if step.count is not None else self.declared

    @property
    def opening(self) -> Opening | None:
        """The opening of the first three moves, once they are on the board."""
        return opening_of(self.moves)

    def board(self) -> Board:
        """The position (the moves played; proposals are not on it)."""
        return Board.from_moves(list(self.moves))

    def status(self) -> Status:
        """The game's status (ongoing during the opening; judged once per state)."""
        return self._status

    @cached_property
    def _status(self) -> Status:
        return status(self.board())

    def prompt(self) -> str:
        """What happens now, in words: ``Black (the second player) proposes 2 fifth
        moves (0 given)``."""
        colour = self.actor
        who = "the tentative Black" if colour is None else colour.label().capitalize()
        who += " (the first player)" if self.to_act == 0 else " (the second player)"
        phase = self.phase
        swap = " or swaps colours" if self.swap_offered else ""
        n = len(self.moves) + 1
        if phase is Phase.OVER:
            return self.status().text()
        if phase is Phase.PLAY:
            return f"{who} plays move {n} (or passes)"
        if phase is Phase.DECLARE:
            return f"{who} declares the number of fifth moves{swap}"
        if phase is Phase.CHOOSE:
            shown = ", ".join(point_name(p) for p in self.proposals)
            return f"{who} keeps one of the fifth moves {shown} and then plays move 6"
        step = self.current
        assert step is not None
        if phase is Phase.PROPOSE:
            return f"{who} proposes {self.due} fifth moves ({len(self.proposals)} given){swap}"
        where = "anywhere" if step.radius is None else _SQUARES.get(step.radius, "")
        alt = f", or proposes {step.count} fifth moves" if step.kind == "place-or-propose" else ""
        return f"{who} places move {n} {where}{alt}{swap}".replace("  ", " ")

    # -- legal actions ---------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now; a proposal is listed one point
        at a time (``Propose(p)``: each point not equivalent to one proposed already).
        Empty when the game is over."""
        phase = self.phase
        out: list[Action] = [Swap()] if self.swap_offered else []
        if phase is Phase.OVER:
            return []
        if phase is Phase.PLAY:
            return [*out, *(Place(p) for p in self._empty()), Pass()]
        step = self.current
        assert step is not None
        if phase is Phase.DECLARE:
            return [*out, *(Declare(n) for n in range(1, self._declare_max(step) + 1))]
        if phase is Phase.CHOOSE:
            return [*out, *(Choose(p) for p in self.proposals)]
        places: list[Action] = []
        if phase is Phase.PLACE:
            places = [Place(p) for p in self._empty() if self._within(p, step)]
        proposes: list[Action] = []
        if phase is Phase.PROPOSE or (step.kind == "place-or-propose" and not self.swapped):
            proposes = [Propose(p) for p in self._empty() if self._proposable(p)]
        return [*out, *places, *proposes]

    @property
    def swapped(self) -> bool:
        """Whether a swap was just taken at this step (the last action)."""
        return bool(self.actions) and isinstance(self.actions[-1], Swap)

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed."""
        try:
            self.apply(action)
        except IllegalActionError:
            return False
        return True

    # -- applying --------------------------------------------------------------------------
    def apply(self, action: Action) -> OpeningState:
        """The state after ``action``.

        Raises:
            IllegalActionError: the action is not allowed now (the message quotes it and
            says what the step allows).
        """
        phase = self.phase
        if phase is Phase.OVER:
            self._refuse(action, f"the game is over ({self.status().text()})")
        points = (
            action.points
            if isinstance(action, Propose)
            else (action.point,)
            if isinstance(action, Place | Choose)
            else ()
        )
        if any(not 0 <= p < NPOINTS for p in points):
            raise IllegalActionError(f"{action!r}: not a point of the board")
        if isinstance(action, Swap):
            if not self.swap_offered:
                self._refuse(action, "no colour swap is offered now")
            return replace(
                self,
                black_player=1 - self.black_player,
                swap_offered=False,
                actions=(*self.actions, action),
            )
        if phase is Phase.PLAY:
            return self._play(action)
        step = self.current
        assert step is not None
        if isinstance(action, Place) and phase is Phase.PLACE:
            self._check_place(action, step)
            if step.kind == "place-or-propose":  # skip White's choice
                return self._advance(action, moves=(action.point,), skip=1).with_swap(
                    step.swap_after_place
                )
            return self._advance(action, moves=(action.point,))
        if isinstance(action, Declare) and phase is Phase.DECLARE:
            top = self._declare_max(step)
            if not 1 <= action.count <= top:
                self._refuse(action, f"the number of fifth moves is 1 to {top}")
            return replace(self._advance(action), declared=action.count)
        if isinstance(action, Propose) and (
            phase is Phase.PROPOSE or (step.kind == "place-or-propose" and not self.swapped)
        ):
            return self._propose(action)
        if isinstance(action, Choose) and phase is Phase.CHOOSE:
            if action.point not in self.proposals:
                shown = ", ".join(point_name(p) for p in self.proposals)
                self._refuse(action, f"not one of the proposed fifth moves ({shown})")
            return replace(self._advance(action, moves=(action.point,)), proposals=())
        self._refuse(action, self._expected())

    def with_swap(self, offered: bool) -> OpeningState:
        """This state with a swap offered (or not)."""
        return replace(self, swap_offered=offered)

    def _play(self, action: Action) -> OpeningState:
        if isinstance(action, Pass):
            return replace(self, moves=(*self.moves, None), actions=(*self.actions, action))
        if isinstance(action, Place):
            if action.point in self.moves:
                self._refuse(action, f"{point_name(action.point)} is occupied")
            return replace(
                self,
                moves=(*self.moves, action.point),
                swap_offered=False,
                actions=(*self.actions, action),
            )
        self._refuse(action, "the opening is over: place a stone or pass")

    def _propose(self, action: Propose) -> OpeningState:
        due = self.due
        assert due is not None
        if not action.points:
            self._refuse(action, "propose at least one point")
        if len(self.proposals) + len(action.points) > due:
            self._refuse(
                action, f"{due} fifth moves are due and {len(self.proposals)} are proposed"
            )
        given = list(self.proposals)
        occupied = {m for m in self.moves if m is not None}
        taken = dict(self._taken)  # point -> the proposal it is equivalent to
        for p in action.points:
            if p in occupied:
                self._refuse(action, f"{point_name(p)} is occupied")
            if p in given:
                self._refuse(action, f"{point_name(p)} is proposed twice")
            if p in taken:
                self._refuse(
                    action,
                    f"{point_name(p)} is equivalent to the proposal {point_name(taken[p])} "
                    "(a symmetry of the position maps one onto the other)",
                )
            given.append(p)
            taken.update(dict.fromkeys(self._images(p), p))
        actions = (*self.actions, action)
        if len(given) < due:
            return replace(self, proposals=tuple(given), swap_offered=False, actions=actions)
        return replace(
            self,
            step=self.step + 1,
            proposals=tuple(given),
            swap_offered=self._swap_at(self.step + 1),
            actions=actions,
        )

    def _advance(self, action: Action, moves: tuple[Move, ...] = (), skip: int = 0) -> OpeningState:
        nxt = self.step + 1 + skip
        return replace(
            self,
            moves=(*self.moves, *moves),
            step=nxt,
            swap_offered=self._swap_at(nxt),
            actions=(*self.actions, action),
        )

    def _swap_at(self, index: int) -> bool:
        return index < len(self.rule.steps) and self.rule.steps[index].swap

    def _check_place(self, action: Place, step: Step) -> None:
        p = action.point
        if p in self.moves:
            self._refuse(action, f"{point_name(p)} is occupied")
        if not self._within(p, step):
            self._refuse(action, f"move {len(self.moves) + 1} goes {_SQUARES[step.radius or 0]}")

    def _within(self, p: Point, step: Step) -> bool:
        return step.radius is None or centre_distance(p) <= step.radius

    @cached_property
    def _symmetries(self) -> list[tuple[str, Callable[[Point], tuple[int, int]]]]:
        """The position's symmetries (the stones played; proposals are not stones)."""
        return position_symmetries(
            [m for m in self.moves[0::2] if m is not None],
            [m for m in self.moves[1::2] if m is not None],
        )

    def _images(self, p: Point) -> list[Point]:
        """The points a proposal at ``p`` rules out: its images (itself included)."""
        if not any(m is not None for m in self.moves):
            return list(range(NPOINTS))  # (an empty board: one stone is like another)
        out = []
        for _, image in self._symmetries:
            c, r = image(p)
            if 0 <= c < SIZE and 0 <= r < SIZE:
                out.append(r * SIZE + c)
        return out

    @cached_property
    def _taken(self) -> dict[Point, Point]:
        """The points ruled out by the proposals so far, each with its proposal."""
        taken: dict[Point, Point] = {}
        for q in self.proposals:
            taken.update(dict.fromkeys(self._images(q), q))
        return taken

    def _proposable(self, p: Point) -> bool:
        return p not in self._taken

    def _empty(self) -> list[Point]:
        taken = {m for m in self.moves if m is not None}
        return [p for p in range(NPOINTS) if p not in taken]

    def _declare_max(self, step: Step) -> int:
        # Yamaguchi names no bound: at most one proposal per empty point after move 4
        return step.count if step.count is not None else NPOINTS - 4

    def _expected(self) -> str:
        return f"now {self.prompt()}"

    def _refuse(self, action: Action, why: str) -> NoReturn:
        raise IllegalActionError(f"{str(action)!r}: {why}")


_SQUARES = {
    0: "at h8, the centre",
    1: "in the central 3x3 square",
    2: "in the central 5x5 square",
    3: "in the central 7x7 square",
    4: "in the central 9x9 square",
}
