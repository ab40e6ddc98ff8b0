"""lfz084's puzzle JSON (the "五子棋小工具" puzzle app): many puzzles per file.

``{"defaultSettings": {...}, "puzzles": [{...}, ...]}``, UTF-8, sometimes with a BOM.
A puzzle has ``stones`` (coordinates run together, Black and White alternating:
``"H8I9I7"``) or ``blackStones`` + ``whiteStones``; ``side`` (1 Black, 2 White: the side
to move and win, trusted over stone parity); ``rule`` (2 renju, 0 no forbidden moves);
``size`` (only 15 is read); ``mode`` (32 VCF, 64 VCT, 67 win within 3 attacker moves);
``options`` (answer points), ``level``, ``comment``, ``title``. Keys missing from a
puzzle are taken from ``defaultSettings``.

Mode 0 (a cover page) is skipped silently; other modes (free play, point-finding
tasks) are not win puzzles and are reported in ``errors``. Rule 0 reads as
``freestyle`` (five or more wins, nothing forbidden).

>>> from solver.rules.notation import format_points
>>> data = {"puzzles": [{"stones": "H8I9I7", "side": 2, "mode": 32, "level": 2}]}
>>> p = lfz_puzzles(data).puzzles[0]
>>> format_points(p.black), format_points(p.white), p.to_move.name, p.goal, p.level
('i7 h8', 'i9', 'WHITE', 'vcf', 2)
"""

from __future__ import annotations

import json
from pathlib import PurePath
from typing import Any

from puzzles.formats.base import PathLike, read_bytes
from puzzles.model import Goal, Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.board import Color, Rule
from solver.rules.notation import Point, parse_points

__all__ = ["lfz_puzzles", "parse_lfz", "read_lfz"]

_MODES: dict[int, tuple[Goal, int | None]] = {
    32: ("vcf", None),
    64: ("vct", None),
    67: ("tsume", 3),
}


def parse_lfz(data: bytes, file: PathLike = "<bytes>") -> dict[str, Any]:
    """The decoded JSON object.

    Raises:
        PuzzleFormatError: not UTF-8, not JSON, or not an object with a ``puzzles`` list.
    """
    try:
        obj = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(file, f"not UTF-8 text (byte {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise PuzzleFormatError(file, f"not JSON: {exc.msg} (line {exc.lineno})") from None
    except RecursionError:
        raise PuzzleFormatError(file, "not JSON: nested too deeply") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("puzzles"), list):
        raise PuzzleFormatError(file, "no 'puzzles' list at the top level")
    return obj


def read_lfz(path: PathLike) -> dict[str, Any]:
    """Read a puzzle JSON file; raises :class:`PuzzleFormatError` as :func:`parse_lfz`."""
    return parse_lfz(read_bytes(path), path)


def _str(value: object) -> str:
    return value.strip() if isinstance(value, str) else ""


def _int(entry: dict[str, Any], key: str, default: int | None = None) -> int | None:
    value = entry.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise RenjuError(f"{key} must be a number, not {value!r}")
    try:
        return int(value)
    except ValueError:
        raise RenjuError(f"{key} must be a number, not {value!r}") from None


def _points(value: object, key: str) -> list[Point]:
    if not isinstance(value, str):
        raise RenjuError(f"{key} must be a string of points, not {value!r}")
    return parse_points(value)


def _puzzle(entry: dict[str, Any]) -> Puzzle | None:
    mode = _int(entry, "mode", 0)
    if mode == 0:
        return None
    if mode not in _MODES:
        raise RenjuError(f"mode {mode} is not a win puzzle (only 32, 64 and 67 are read)")
    goal, max_moves = _MODES[mode]
    size = _int(entry, "size", 15)
    if size != 15:
        raise RenjuError(f"board size {size} is not supported")
    if "blackStones" in entry or "whiteStones" in entry:
        black = _points(entry.get("blackStones", ""), "blackStones")
        white = _points(entry.get("whiteStones", ""), "whiteStones")
    else:
        stones = _points(entry.get("stones", ""), "stones")
        black, white = stones[0::2], stones[1::2]
    if len(set(black) | set(white)) != len(black) + len(white):
        raise RenjuError("a point holds two stones")
    side = _int(entry, "side")
    if side not in (1, 2):
        raise RenjuError(f"side must be 1 (black) or 2 (white), not {entry.get('side')!r}")
    options = entry.get("options", "")
    return Puzzle(
        black=black,
        white=white,
        to_move=Color.BLACK if side == 1 else Color.WHITE,
        goal=goal,
        max_moves=max_moves,
        # "win within 3 moves; consecutive fours count as one move" (the app's rule)
        count="books" if mode == 67 else "plain",
        keys=parse_points(options) if isinstance(options, str) else [],
        title=_str(entry.get("title")),
        comment=_str(entry.get("comment")),
        level=_int(entry, "level"),
        rule=Rule.FREESTYLE if _int(entry, "rule", 2) == 0 else Rule.RENJU,
    )


def lfz_puzzles(data: dict[str, Any], file: PathLike = "<bytes>") -> ReadResult:
    """The win puzzles (modes 32, 64, 67); bad entries are recorded in ``errors``."""
    result = ReadResult(format="lfz")
    defaults = data.get("defaultSettings")
    defaults = defaults if isinstance(defaults, dict) else {}
    stem = PurePath(str(file)).stem
    for index, raw in enumerate(data.get("puzzles", [])):
        loc = Location(str(file), index=index)
        try:
            if not isinstance(raw, dict):
                raise RenjuError(f"a puzzle must be an object, not {type(raw).__name__}")
            puzzle = _puzzle({**defaults, **raw})
        except RenjuError as exc:
            result.skip(loc, str(exc))
            continue
        if puzzle is not None:
            puzzle.id = f"{stem}#{index + 1}"
            puzzle.location = loc
            result.puzzles.append(puzzle)
    return result
