"""A game against the engine, without Textual: the opening rule's state machine driven
step by step, the engine's decisions, the move list, undo, the result and the record.

The player is one of the two players of :class:`~solver.game.OpeningState` (``human``,
0 the first player, the tentative Black); the engine is the other. The chosen opening's
three stones go down by themselves (whoever's step it is), except where the rule offers a
swap first; every other step waits for the player or asks the engine::

    RIF, the player second:  h8 h9 j10 placed │ swap? (player) │ move 4 (White) │
                             engine proposes 2 │ player keeps one, plays 6 │ ...

The engine's opening policy is simple: it swaps when its evaluation of the shapes
(:func:`solver.play.shapes.move_values`, the best move of each side) prefers the other
colour, proposes the best candidate moves that are not equivalent, keeps the proposal
that leaves White best off, declares two fifth moves; its moves are
:func:`solver.play.player.choose_move`'s.

>>> game = Game.new(opening_by_code("D3"), RIF, human=0)
>>> [point_name(m) for m in game.moves if m is not None], game.engine_to_act
(['h8', 'h9', 'j10'], True)
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from puzzles.io import write_game
from solver.errors import PositionError, RenjuError
from solver.game import (
    FREE,
    RIF,
    Action,
    Choose,
    Declare,
    Opening,
    OpeningRule,
    OpeningState,
    Pass,
    Phase,
    Place,
    Propose,
    Reason,
    Result,
    Status,
    Swap,
    opening_by_code,
    opening_of,
    status,
)
from solver.play.player import choose_move
from solver.play.shapes import candidates, move_values
from solver.rules.board import Board, Color
from solver.rules.forbidden import forbidden_points
from solver.rules.notation import Move, Point, point_name

__all__ = [
    "LEVEL_SECONDS",
    "Game",
    "GameMoveError",
    "engine_action",
    "position_moves",
]

LEVEL_SECONDS = {1: 0.3, 2: 0.5, 3: 1.0, 4: 1.5, 5: 2.0}
"""The engine's time for a move at each level (seconds)."""

_DECLARE = 2  # the engine declares this many fifth moves (Yamaguchi, Soosõrv)


class GameMoveError(RenjuError):
    """The player's action is refused (an occupied point, a forbidden point for Black, a
    step the rule does not allow now); the message says why."""


def position_moves(board: Board) -> list[Move]:
    """A move order (Black first, ``None`` a pass) that makes ``board``'s stones with
    its side to move: the stones of both colours alternately, passes where one colour
    has more; never two passes in a row (which would end the game as a draw), and the
    last stone not a forbidden move of Black's (which would end it as lost) where any
    black stone can be last.

    >>> b = Board.from_stones("h8 i8 j8", "h9", Color.BLACK)
    >>> [point_name(m) if m is not None else "pass" for m in position_moves(b)]
    ['h8', 'h9', 'i8', 'pass', 'j8', 'pass']
    """
    black, white = board.stones(Color.BLACK), board.stones(Color.WHITE)
    if len(black) > len(white):  # a black stone comes last: one Black could have played
        for p in reversed(black):
            rest = [q for q in black if q != p]
            if Board.from_stones(rest, white, Color.BLACK).is_legal(p):
                black = [*rest, p]
                break
    out: list[Move] = []
    for i in range(max(len(black), len(white))):
        out.append(black[i] if i < len(black) else None)
        out.append(white[i] if i < len(white) else None)
    if out and out[-1] is None:
        out.pop()
    if (Color.BLACK if len(out) % 2 == 0 else Color.WHITE) is not board.to_move:
        out.append(None)
    return out


@dataclass(frozen=True)
class _Entry:
    """One state of the game's history and whether the player acted to leave it."""

    state: OpeningState
    by_human: bool = False


class Game:
    """A game between the player (``human``: player 0 or 1) and the engine at ``level``
    (1-5), under an opening rule, from one of the 26 openings or from a position.

    The history is a list of immutable states; ``undo`` cuts it back to the player's
    last decision. The screen asks :func:`engine_action` (in a worker) when
    ``engine_to_act`` and hands the answer to :meth:`apply_engine`.
    """

    def __init__(
        self,
        state: OpeningState,
        *,
        human: int = 0,
        level: int = 3,
        opening: Opening | None = None,
        setup: int = 0,
    ) -> None:
        self.human = human
        self.level = level
        self.opening = opening
        self.setup = setup  # moves that only set up the position (not the game's)
        self.history: list[_Entry] = [_Entry(state)]
        self.saved: Path | None = None
        self._advance()

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def new(
        cls, opening: Opening | str, rule: OpeningRule = RIF, *, human: int = 0, level: int = 3
    ) -> Game:
        """A game from ``opening`` (or its code) under ``rule``; the player is the first
        player (``human=0``, the tentative Black) or the second."""
        op = opening_by_code(opening) if isinstance(opening, str) else opening
        return cls(OpeningState(rule), human=human, level=level, opening=op)

    @classmethod
    def from_board(cls, board: Board, *, level: int = 3) -> Game:
        """A game from ``board``'s position (free play, no opening), the player on the
        side to move."""
        moves = tuple(position_moves(board))
        black_player = 0 if board.to_move is Color.BLACK else 1
        state = OpeningState(FREE, moves=moves, step=len(FREE.steps), black_player=black_player)
        return cls(state, human=0, level=level, setup=len(moves))

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> OpeningState:
        """The current state."""
        return self.history[-1].state

    @property
    def rule(self) -> OpeningRule:
        """The opening rule."""
        return self.state.rule

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move on the board, the setup's included (``None`` a pass)."""
        return self.state.moves

    @property
    def game_moves(self) -> list[Move]:
        """The moves played in this game (after the setup of a position)."""
        return list(self.state.moves[self.setup :])

    def board(self) -> Board:
        """The position now."""
        return self.state.board()

    def status(self) -> Status:
        """The game's status (:func:`solver.game.status`). A position's setup never loses
        by a forbidden stone (its order is made up), and a position ``status`` cannot
        judge counts as ongoing."""
        if self.state.current is not None:
            return Status(Result.ONGOING)
        try:
            st = status(self.board())
        except PositionError:
            return Status(Result.ONGOING)
        if st.reason is Reason.FORBIDDEN and len(self.moves) <= self.setup:
            return Status(Result.ONGOING)
        return st

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.status().over

    @property
    def human_colour(self) -> Color:
        """The player's colour now (tentative while the opening may still swap)."""
        return Color.BLACK if self.state.black_player == self.human else Color.WHITE

    @property
    def human_to_act(self) -> bool:
        """Whether the game waits for the player."""
        return not self.over and self.state.to_act == self.human

    @property
    def engine_to_act(self) -> bool:
        """Whether the engine is to act (the screen then runs :func:`engine_action`)."""
        return not self.over and self.state.to_act != self.human

    @property
    def named_opening(self) -> Opening | None:
        """The opening: the one chosen, or that of the first three moves of a game
        played from an empty board."""
        if self.opening is not None or self.setup:
            return self.opening
        return opening_of(self.moves)

    @property
    def auto_stone(self) -> Point | None:
        """The opening's next stone, when the next step places it (``keep`` puts it down
        when a swap is offered first)."""
        return _auto_stone(self.state, self.opening)

    def prompt(self) -> str:
        """What happens now, for the player: ``your move 7 (White)``."""
        st = self.status()
        if st.over:
            return st.text()
        s = self.state
        if self.engine_to_act:
            return "the engine: " + s.prompt()
        colour = self.human_colour.label()
        phase = s.phase
        if s.swap_offered and self.auto_stone is not None:
            return f"you ({colour}) may swap colours (s) or keep them (x)"
        swap = " or swap colours (s)" if s.swap_offered else ""
        n = len(s.moves) + 1
        if phase is Phase.PLAY:
            return f"your move {n} ({colour}): Enter plays, p passes"
        if phase is Phase.PLACE:
            alt = ""
            if s.current is not None and s.current.kind == "place-or-propose":
                alt = f", or mark {s.due} fifth moves with m"
            return f"you ({colour}) place move {n}{alt}{swap}"
        if phase is Phase.PROPOSE:
            return f"you ({colour}) mark {s.due} fifth moves: {len(s.proposals)} marked{swap}"
        if phase is Phase.CHOOSE:
            return f"you ({colour}) keep one of the marked fifth moves (Enter on it){swap}"
        if phase is Phase.DECLARE:
            return f"you ({colour}) declare the number of fifth moves (+/- then Enter){swap}"
        return s.prompt()

    def declare_range(self) -> tuple[int, int]:
        """The numbers of fifth moves that may be declared now (``(1, 1)`` otherwise)."""
        return min_max_declare(self.state)

    def move_list(self) -> str:
        """The game's moves, numbered from the first move of the game (``5. g10  6. i9``)."""
        start = self.setup + 1
        parts = [
            f"{start + i}. {point_name(m) if m is not None else 'pass'}"
            for i, m in enumerate(self.game_moves)
        ]
        return "  ".join(parts)

    # -- the player's actions ----------------------------------------------------------------
    def play(self, point: Point) -> None:
        """The player's Enter on ``point``: a stone, a proposal or a choice, by the step.

        Raises:
            GameMoveError: the point is taken, forbidden for Black (a forbidden move
                loses: refused rather than lost, since players misclick), or not what
                the step allows.
        """
        s = self.state
        phase = s.phase
        if phase is Phase.CHOOSE:
            self._human(Choose(point))
        elif phase is Phase.PROPOSE:
            self._human(Propose(point))
        else:
            self._check_stone(point)
            self._human(Place(point))

    def propose(self, point: Point) -> None:
        """Mark ``point`` as a fifth-move proposal (also where the step places or
        proposes: Taraguchi-10's move 5)."""
        self._human(Propose(point))

    def pass_move(self) -> None:
        """Pass (after the opening only)."""
        self._human(Pass())

    def swap(self) -> None:
        """Take the other colour (when offered)."""
        self._human(Swap())

    def keep(self) -> None:
        """Decline the swap offered before one of the opening's stones: put it down."""
        stone = self.auto_stone
        if stone is None or not self.human_to_act:
            raise GameMoveError("nothing to keep now: play the step (" + self.prompt() + ")")
        self._human(Place(stone))

    def declare(self, count: int) -> None:
        """Declare ``count`` fifth moves."""
        self._human(Declare(count))

    def undo(self) -> bool:
        """Take back the player's last decision and the engine's answers after it;
        False when there is none."""
        for i in range(len(self.history) - 1, 0, -1):
            if self.history[i].by_human:
                del self.history[i:]
                self.saved = None
                return True
        return False

    def _check_stone(self, point: Point) -> None:
        board = self.board()
        if board[point] is not Color.EMPTY:
            raise GameMoveError(f"{point_name(point)} is occupied")
        if self.state.phase is Phase.PLAY and board.to_move is Color.BLACK:
            kind = forbidden_points(board).get(point)
            if kind is not None:
                raise GameMoveError(
                    f"{point_name(point)} is forbidden to Black ({kind.value}): "
                    "a forbidden move loses the game, so it is not played"
                )

    def _human(self, action: Action) -> None:
        if not self.human_to_act:
            raise GameMoveError(f"{action}: not your turn ({self.prompt()})")
        try:
            nxt = self.state.apply(action)
        except RenjuError as exc:
            raise GameMoveError(str(exc)) from exc
        self.history.append(_Entry(nxt, by_human=True))
        self._advance()

    # -- the engine ------------------------------------------------------------------------
    def apply_engine(self, action: Action, state: OpeningState) -> bool:
        """Apply the engine's ``action``, computed on ``state``; False (and nothing done)
        if the game has moved on since (an undo while it thought)."""
        if state is not self.state or not self.engine_to_act:
            return False
        self.history.append(_Entry(self.state.apply(action)))
        self._advance()
        return True

    def _advance(self) -> None:
        """Put down the opening's stones no one decides about."""
        while not self.state.swap_offered:
            stone = _auto_stone(self.state, self.opening)
            if stone is None:
                return
            self.history.append(_Entry(self.state.apply(Place(stone))))

    # -- the record --------------------------------------------------------------------------
    def record_meta(self) -> dict[str, str]:
        """The record's text fields: players, date, opening and rule, the result's why."""
        engine = f"renju engine (level {self.level})"
        black_is_human = self.state.black_player == self.human
        meta = {
            "black": "player" if black_is_human else engine,
            "white": engine if black_is_human else "player",
            "date": _dt.date.today().isoformat(),
            "rule": self.rule.name,
            "source": "renju-tsume trainer",
        }
        if self.opening is not None:
            meta["opening"] = f"{self.opening.code} {self.opening.name}"
        st = self.status()
        if st.over:
            meta["comment"] = st.text()
        return meta

    def save(self, directory: Path) -> Path:
        """Write the game as an SGF record in ``directory`` (made if missing); the file.

        Raises:
            RecordError: the record cannot hold the game.
            OSError: the file cannot be written.
        """
        directory.mkdir(parents=True, exist_ok=True)
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        tag = self.opening.code if self.opening is not None else "position"
        path = directory / f"{stamp}-{tag}.sgf"
        n = 2
        while path.exists():
            path = directory / f"{stamp}-{tag}-{n}.sgf"
            n += 1
        st = self.status()
        write_game(list(self.moves), path, result=st.value, meta=self.record_meta())
        self.saved = path
        return path


def _auto_stone(state: OpeningState, opening: Opening | None) -> Point | None:
    step = state.current
    if opening is None or step is None or state.phase is not Phase.PLACE:
        return None
    n = len(state.moves)
    return opening.moves[n] if n < 3 else None


# -- the engine's decisions ---------------------------------------------------------------------
def engine_action(
    state: OpeningState,
    opening: Opening | None,
    level: int,
    seconds: float | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Action:
    """What the engine does at ``state`` (it is the player to act): a swap if its
    evaluation prefers the other colour, the opening's stone, a declaration, proposals,
    a choice, or :func:`choose_move`'s move (``seconds`` by default by the level)."""
    secs = LEVEL_SECONDS[level] if seconds is None else seconds
    board = state.board()
    actor = state.actor or Color.BLACK
    if state.swap_offered and _best(board, actor.opponent) > _best(board, actor):
        return Swap()
    stone = _auto_stone(state, opening)
    if stone is not None:
        return Place(stone)
    phase = state.phase
    if phase is Phase.DECLARE:
        low, high = min_max_declare(state)
        return Declare(max(low, min(high, _DECLARE)))
    if phase is Phase.CHOOSE:
        return Choose(max(state.proposals, key=lambda p: (_white_edge(board, p), -p)))
    if phase is Phase.PROPOSE:
        return _proposals(state, board)
    # (only the move is used, no claim of a win is shown: its proof need not be checked)
    choice = choose_move(board, level, secs, should_stop=should_stop, check=False)
    if phase is Phase.PLAY:
        return Pass() if choice.move is None else Place(choice.move)
    # an opening step that places within a square: the engine's move if allowed, else
    # the best candidate that is
    if choice.move is not None and state.is_legal(Place(choice.move)):
        return Place(choice.move)
    for p in [*candidates(board), *board.empty_points()]:
        if state.is_legal(Place(p)):
            return Place(p)
    raise PositionError("the engine finds no legal stone for this step")  # pragma: no cover


def min_max_declare(state: OpeningState) -> tuple[int, int]:
    """The smallest and largest number of fifth moves that may be declared at ``state``."""
    counts = [a.count for a in state.legal_actions() if isinstance(a, Declare)]
    return (min(counts), max(counts)) if counts else (1, 1)


def _proposals(state: OpeningState, board: Board) -> Propose:
    """The best candidate fifth moves that are not equivalent, as many as are due."""
    due = (state.due or 1) - len(state.proposals)
    chosen: list[Point] = []
    s = state
    for p in [*candidates(board), *board.empty_points()]:
        if len(chosen) == due:
            break
        if p not in chosen and s.is_legal(Propose(p)):
            chosen.append(p)
            if len(chosen) < due:
                s = s.apply(Propose(p))
    return Propose(*chosen)


def _best(board: Board, colour: Color) -> float:
    """The value of ``colour``'s best move on ``board`` (as if it were his turn)."""
    b = board.copy()
    if b.to_move is not colour:
        b.push(None)
    values = move_values(b)
    return max(values.values(), default=0.0)


def _white_edge(board: Board, fifth: Point) -> float:
    """How much better off White is than Black after Black's fifth move at ``fifth``."""
    b = board.copy()
    b.push(fifth)
    return _best(b, Color.WHITE) - _best(b, Color.BLACK)
