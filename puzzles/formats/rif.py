"""RenjuNet's ``.rif`` XML game database, read as a stream.

The file holds tables (``<players>``, ``<tournaments>``, ...) and then ``<games>``, each
``<game id=".." black=".." white=".." bresult="1|0|0.5" tournament=".." ...>`` with a
``<move>`` of space-separated points (``h8 h9 i8``) and an optional ``<info>``. The reader
uses ``iterparse`` and drops every row once it is handled, so a file of hundreds of
thousands of games reads in bounded memory; only the player and tournament names are kept.

Read as a collection (:func:`rif_puzzles`) each game gives a position (a game database
states no task: ``ReadResult.positions``), the one after its moves with the side to
move next to move; ``id`` is the game id and the title names the players.

>>> import io
>>> xml = (b'<database><players><player id="7" name="Ann" surname="Lee"/></players>'
...        b'<games><game id="5" black="7" white="8" bresult="0.5"><move>h8 h9</move>'
...        b'</game></games></database>')
>>> (g,) = iter_rif(io.BytesIO(xml))
>>> g.id, g.black_name, g.result, g.moves()
('5', 'Ann Lee', 0.5, [112, 127])
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, BinaryIO

from puzzles.formats.base import PathLike, position_after
from puzzles.formats.sniff import looks_like_rif
from puzzles.model import Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.notation import Move, parse_moves

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

__all__ = ["RifGame", "iter_rif", "looks_like_rif", "rif_puzzles"]

_ROWS = {"country", "city", "month", "rule", "opening", "player", "tournament", "game"}


@dataclass
class RifGame:
    """One ``<game>``: its attributes, move text and info, with the players' names."""

    id: str
    attrs: dict[str, str] = field(default_factory=dict)
    move_text: str = ""
    info: str = ""
    black_name: str = ""
    white_name: str = ""
    tournament_name: str = ""

    @property
    def result(self) -> float | None:
        """``bresult`` as a number: 1 Black won, 0 White won, 0.5 draw; None if absent."""
        try:
            return float(self.attrs["bresult"])
        except (KeyError, ValueError):
            return None

    def moves(self) -> list[Move]:
        """The moves. Raises :class:`~solver.errors.PointError` on a bad point."""
        return parse_moves(self.move_text)


def iter_rif(source: PathLike | BinaryIO, file: PathLike | None = None) -> Iterator[RifGame]:
    """Yield the games of a RIF file one by one, in file order.

    Raises:
        PuzzleFormatError: the file cannot be opened or is not well-formed XML (raised
        when the bad part is reached; the games before it have been yielded).
    """
    import xml.etree.ElementTree as ET  # (here: detecting a format needs only the sniffer)

    if file is not None:
        name = os.fspath(file)
    else:
        name = os.fspath(source) if isinstance(source, (str, os.PathLike)) else "<rif>"
    players: dict[str, str] = {}
    tournaments: dict[str, str] = {}
    stack: list[ET.Element] = []
    try:
        for event, elem in ET.iterparse(source, events=("start", "end")):
            if event == "start":
                stack.append(elem)
                continue
            stack.pop()
            if elem.tag not in _ROWS or not stack:
                continue
            a = elem.attrib
            if elem.tag == "player":
                players[a.get("id", "")] = " ".join(
                    s for s in (a.get("name", ""), a.get("surname", "")) if s
                )
            elif elem.tag == "tournament":
                tournaments[a.get("id", "")] = a.get("name", "")
            elif elem.tag == "game":
                yield RifGame(
                    id=a.get("id", ""),
                    attrs=dict(a),
                    move_text=elem.findtext("move") or "",
                    info=(elem.findtext("info") or "").strip(),
                    black_name=players.get(a.get("black", ""), ""),
                    white_name=players.get(a.get("white", ""), ""),
                    tournament_name=tournaments.get(a.get("tournament", ""), ""),
                )
            elem.clear()
            stack[-1].remove(elem)
    except ET.ParseError as exc:
        line, col = exc.position
        raise PuzzleFormatError(name, f"bad XML at line {line}, column {col}") from None
    except OSError as exc:
        raise PuzzleFormatError(name, f"cannot read file: {exc.strerror or exc}") from None


def rif_puzzles(games: Iterator[RifGame] | list[RifGame], file: PathLike = "<rif>") -> ReadResult:
    """One position per game (``positions``: no game states a task). A game with bad
    moves is recorded in ``errors``; XML that breaks off after some games were read is
    recorded as a last error.

    Raises:
        PuzzleFormatError: the XML is broken before the first game.
    """
    result = ReadResult(format="rif")
    it = iter(games)
    index = 0
    while True:
        try:
            game = next(it)
        except StopIteration:
            break
        except PuzzleFormatError as exc:
            if index == 0:
                raise
            result.errors.append((Location(str(file), index=index), exc))
            break
        loc = Location(str(file), index=index)
        index += 1
        try:
            black, white, to_move = position_after(game.moves())
        except RenjuError as exc:
            result.skip(loc, f"game {game.id}: {exc}")
            continue
        names = " - ".join(n for n in (game.black_name, game.white_name) if n)
        result.positions.append(
            Puzzle(
                black=black,
                white=white,
                to_move=to_move,
                id=game.id,
                title=names,
                source=game.tournament_name,
                comment=game.info,
                tags=[f"bresult={game.attrs['bresult']}"] if "bresult" in game.attrs else [],
                location=loc,
            )
        )
    return result
