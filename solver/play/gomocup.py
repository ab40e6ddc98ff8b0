"""A brain speaking the Gomocup/Piskvork protocol ("new protocol") on text streams, so that
Piskvork, Yixin-Board and tournament managers can run the engine.

The manager sends one command a line; the brain answers (``OK``, ``ERROR message``, or
its move ``x,y``) and may send ``MESSAGE``/``DEBUG`` lines first. Coordinates are 0-based
``x,y``: ``x`` the column from the left (a = 0), ``y`` the row from the top as managers
draw the board (row 15 = 0), so h8 is ``7,7`` and a1 is ``0,14``.

=================  ========================================================
``START 15``       a new game on an empty 15x15 board: ``OK`` (other sizes: ``ERROR``)
``RESTART``        the same, keeping the settings: ``OK``
``BEGIN``          the brain opens (plays Black): its move
``TURN x,y``       the opponent played ``x,y``: the brain's move
``BOARD``          a position follows, ``x,y,1`` (own) / ``x,y,2`` (opponent) lines, up
                   to ``DONE``: the brain's move (Black if both have as many stones)
``PLAY x,y``       the brain must play ``x,y``: it echoes it
``TAKEBACK x,y``   take the stone at ``x,y`` back: ``OK``
``INFO key v``     ``timeout_turn``, ``timeout_match``, ``time_left`` (ms); ``rule``
                   (bits: 1 exactly five, 2 continuous game, 4 renju); ``max_memory``
                   (bytes, 0 none: bounds the search tables); others noted
``ABOUT``          ``name="...", version="...", author="..."``
``END``            the brain stops
=================  ========================================================

The time of a move is the smallest of the ``--time`` cap, most of ``timeout_turn``, and a
share of ``time_left`` in a timed match.

>>> from io import StringIO
>>> out = StringIO()
>>> run(StringIO("START 15\\nINFO rule 4\\nBEGIN\\nABOUT\\nEND\\n"), out, debug=False)
>>> print(out.getvalue(), end="")
OK
7,7
name="renju-tsume", version="0.1.0", author="the renju-tsume authors", country="-"
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from solver import __version__
from solver.errors import RenjuError
from solver.play.player import choose_move
from solver.rules.board import BLACK, WHITE, Board, Rule
from solver.rules.notation import SIZE, Point, point_name
from solver.search.limits import DEFAULT_MEMORY_MB

__all__ = ["Brain", "ProtocolError", "format_xy", "parse_xy", "run"]

# the part of timeout_turn a move may take (the rest: start-up, the pipes, the manager)
_TURN_SHARE = 0.6
_TURN_MARGIN = 0.1  # seconds kept back from timeout_turn besides
_MATCH_MOVES = 25  # a timed match: time_left is shared out over this many more moves
_FASTEST = 0.05  # seconds a move at least (timeout_turn 0: "as fast as possible")
# MB the brain takes besides its search table (about 60 MB resident after a move, the
# VCF dead-end table up to 32 MB more): the rest of max_memory is the table's
_BRAIN_MB = 128


class ProtocolError(RenjuError):
    """A command the brain cannot carry out (bad coordinates, an occupied point, no game)."""


def parse_xy(text: str) -> Point:
    """The point of protocol coordinates ``x,y`` (``y`` counted from the top).

    >>> point_name(parse_xy("7,7")), point_name(parse_xy("0,14"))
    ('h8', 'a1')

    Raises:
        ProtocolError: quoting ``text`` if it is not two numbers 0-14.
    """
    parts = text.strip().split(",")
    try:
        x, y = (int(v) for v in parts[:2])
    except ValueError:
        raise ProtocolError(f"not coordinates x,y: {text.strip()!r}") from None
    if len(parts) != 2 or not (0 <= x < SIZE and 0 <= y < SIZE):
        raise ProtocolError(f"not coordinates x,y on the 15x15 board: {text.strip()!r}")
    return (SIZE - 1 - y) * SIZE + x


def format_xy(p: Point) -> str:
    """Protocol coordinates of ``p``: ``x,y`` with ``y`` counted from the top."""
    return f"{p % SIZE},{SIZE - 1 - p // SIZE}"


def _rule_of(bits: int) -> Rule:
    if bits & 4:
        return Rule.RENJU
    return Rule.STANDARD if bits & 1 else Rule.FREESTYLE


class Brain:
    """The protocol's state: the board, the rule and the time settings. :meth:`handle`
    takes one command line and returns the lines to send back."""

    def __init__(self, level: int = 5, seconds: float = 1.0, *, debug: bool = True) -> None:
        self.level = level
        self.cap = seconds
        self.debug = debug
        self.rule = Rule.RENJU
        self.board: Board | None = None
        self.timeout_turn: float | None = None  # seconds
        self.timeout_match: float | None = None
        self.time_left: float | None = None
        self.max_memory = 0  # bytes (``INFO max_memory``; 0: no limit)
        self.ended = False
        self._board_lines: list[tuple[Point, int]] | None = None  # inside BOARD ... DONE

    # -- the time of a move -------------------------------------------------------------
    def move_seconds(self) -> float:
        """The time the next move may take."""
        seconds = self.cap
        if self.timeout_turn is not None:
            if self.timeout_turn <= 0:
                return _FASTEST
            seconds = min(seconds, self.timeout_turn * _TURN_SHARE - _TURN_MARGIN)
        if self.time_left is not None and self.timeout_match:
            seconds = min(seconds, self.time_left / _MATCH_MOVES)
        return max(_FASTEST, seconds)

    def table_mb(self) -> int:
        """The search table's memory: the default, or what ``max_memory`` leaves beside
        the brain itself (at least 1 MB: the table then collects often)."""
        if self.max_memory <= 0:
            return DEFAULT_MEMORY_MB
        return max(1, min(DEFAULT_MEMORY_MB, self.max_memory // 1_000_000 - _BRAIN_MB))

    # -- commands -----------------------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """The answer to one command line (none for ``INFO`` and ``END``)."""
        text = line.strip()
        if self._board_lines is not None:
            return self._board_line(text)
        if not text:
            return []
        word, _, rest = text.partition(" ")
        command = word.upper()
        handler: Callable[[str], list[str]] | None = getattr(self, f"_cmd_{command.lower()}", None)
        if handler is None or not command.isalpha():
            return [f"UNKNOWN command {word!r}"]
        try:
            return handler(rest.strip())
        except RenjuError as exc:
            return [f"ERROR {exc}"]

    def _need_board(self) -> Board:
        if self.board is None:
            raise ProtocolError("no game: START 15 first")
        return self.board

    def _cmd_start(self, arg: str) -> list[str]:
        if arg.strip() != str(SIZE):
            return [f"ERROR only the 15x15 board of Renju is supported, not {arg.strip()!r}"]
        self.board = Board(self.rule)
        return ["OK"]

    def _cmd_rectstart(self, arg: str) -> list[str]:
        if arg.replace(" ", "") != f"{SIZE},{SIZE}":
            return [f"ERROR only the 15x15 board of Renju is supported, not {arg.strip()!r}"]
        self.board = Board(self.rule)
        return ["OK"]

    def _cmd_restart(self, arg: str) -> list[str]:
        self.board = Board(self.rule)
        return ["OK"]

    def _cmd_begin(self, arg: str) -> list[str]:
        board = self._need_board()
        if board.stone_count:
            raise ProtocolError("BEGIN on a board that is not empty")
        board.to_move = BLACK
        return self._reply(board)

    def _cmd_turn(self, arg: str) -> list[str]:
        board = self._need_board()
        self._place(board, parse_xy(arg))
        return self._reply(board)

    def _cmd_play(self, arg: str) -> list[str]:
        board = self._need_board()
        p = parse_xy(arg)
        self._place(board, p)
        return [format_xy(p)]

    def _cmd_takeback(self, arg: str) -> list[str]:
        board = self._need_board()
        p = parse_xy(arg)
        if not board.core.get(p):
            raise ProtocolError(f"no stone to take back at {arg.strip()!r}")
        moves = board.moves
        if moves and moves[-1] == p:
            board.pop()
        else:  # (a stone set up by BOARD: rebuild without it, its side to move again)
            colour = board[p]
            black = [q for q in board.stones(BLACK) if q != p]
            white = [q for q in board.stones(WHITE) if q != p]
            self.board = Board.from_stones(black, white, colour, self.rule)
        return ["OK"]

    def _cmd_board(self, arg: str) -> list[str]:
        self._need_board()
        self._board_lines = []
        return []

    def _board_line(self, text: str) -> list[str]:
        assert self._board_lines is not None
        if text.upper() == "DONE":
            lines, self._board_lines = self._board_lines, None
            try:
                return self._reply(self._setup(lines))
            except RenjuError as exc:
                return [f"ERROR {exc}"]
        if not text:
            return []
        x, _, rest = text.partition(",")
        y, _, field = rest.partition(",")
        try:
            p = parse_xy(f"{x},{y}")
            owner = int(field)
        except (RenjuError, ValueError):
            self._board_lines = None
            return [f"ERROR not a BOARD line x,y,field: {text!r}"]
        if owner not in (1, 2):
            self._board_lines = None
            return [f"ERROR unsupported BOARD field {field!r} (1 own, 2 opponent)"]
        self._board_lines.append((p, owner))
        return []

    def _setup(self, lines: list[tuple[Point, int]]) -> Board:
        """The position of a BOARD command: the brain is Black when both sides have as
        many stones (Black moves first), else White."""
        own = [p for p, f in lines if f == 1]
        theirs = [p for p, f in lines if f == 2]
        me = BLACK if len(own) == len(theirs) else WHITE
        black, white = (own, theirs) if me is BLACK else (theirs, own)
        self.board = Board.from_stones(black, white, me, self.rule)
        return self.board

    def _cmd_info(self, arg: str) -> list[str]:
        key, _, value = arg.partition(" ")
        key = key.lower()
        value = value.strip()
        numbers = {"timeout_turn", "timeout_match", "time_left", "rule", "max_memory"}
        if key in numbers:
            try:
                number = int(value)
            except ValueError:
                return [f"ERROR INFO {key} takes a number, not {value!r}"]
            if key == "rule":
                return self._set_rule(number)
            if key == "max_memory":
                self.max_memory = number
            else:
                setattr(self, key, number / 1000)
        return []

    def _set_rule(self, bits: int) -> list[str]:
        self.rule = _rule_of(bits)
        if self.board is not None and self.board.rule is not self.rule:
            b = self.board
            self.board = Board.from_stones(b.stones(BLACK), b.stones(WHITE), b.to_move, self.rule)
        if bits & 2:
            return ["MESSAGE continuous games are not supported: each game ends at a five"]
        return []

    def _cmd_about(self, arg: str) -> list[str]:
        return [
            f'name="renju-tsume", version="{__version__}", '
            'author="the renju-tsume authors", country="-"'
        ]

    def _cmd_end(self, arg: str) -> list[str]:
        self.ended = True
        return []

    # -- moves --------------------------------------------------------------------------
    def _place(self, board: Board, p: Point) -> None:
        if board.core.get(p):
            raise ProtocolError(f"{format_xy(p)} ({point_name(p)}) is occupied")
        board.push(p)

    def _reply(self, board: Board) -> list[str]:
        seconds = self.move_seconds()
        # (the DEBUG line names a forced win: checked first; a win the checker rejects is
        # played unclaimed, the rejection in a DEBUG line: a game must go on)
        choice = choose_move(
            board,
            self.level,
            seconds,
            check=self.debug,
            unclaim_rejected=True,
            memory_mb=self.table_mb(),
        )
        if choice.move is None:
            raise ProtocolError("no legal move left")
        board.push(choice.move)
        out = []
        if choice.rejected:
            out.append(f"DEBUG {point_name(choice.move)} played unclaimed: {choice.rejected}")
        if self.debug:
            line = " ".join(point_name(q) for q in (choice.threat or choice.line)[:12])
            out.append(
                f"DEBUG {point_name(choice.move)} {choice.why} {line} "
                f"({choice.nodes} nodes, {choice.seconds:.2f} of {seconds:.2f} s)"
            )
        out.append(format_xy(choice.move))
        return out


def run(
    stdin: TextIO,
    stdout: TextIO,
    *,
    level: int = 5,
    seconds: float = 1.0,
    debug: bool = True,
) -> None:
    """Speak the protocol: read commands from ``stdin`` until ``END`` or its end,
    answering on ``stdout`` (flushed after each command)."""
    brain = Brain(level, seconds, debug=debug)
    for line in stdin:
        for answer in brain.handle(line):
            stdout.write(answer + "\n")
        stdout.flush()
        if brain.ended:
            break
