"""lfz084's puzzle JSON (the "五子棋小工具" puzzle app): many puzzles per file.

``{"defaultSettings": {...}, "puzzles": [{...}, ...]}``, UTF-8, sometimes with a BOM.
A puzzle has ``stones`` (coordinates run together, Black and White alternating:
``"H8I9I7"``) or ``blackStones`` + ``whiteStones``; ``side`` (1 Black, 2 White: the side
to move and win, trusted over stone parity); ``rule`` (2 renju, 0 no forbidden moves);
``size`` (only 15 is read); ``mode``; ``options`` (answer points), ``level``,
``comment``, ``title``. Keys missing from a puzzle are taken from ``defaultSettings``.

The app's modes are ``kind << 5 | n`` (``MODE`` in its ``puzzleCoder.js``). The win
puzzles are read as:

- 32 (1 << 5, VCF): goal ``vcf``.
- 64 (2 << 5, VCT): goal ``tsume``. Published as VCT, but the app accepts any win and
  the collections' own solutions use hidden threats (mise, fukumi) as well, which plain
  VCT would call unsolvable.
- 67 (2 << 5 | 3, "三手胜"): ``tsume`` within 3 attacker moves counted as the books
  count (``count="books"``: the final VCF one move, a run of consecutive fours one).
  The app's checker code counts the same way (its final VCF is the third move), but
  tries fewer defences; the looser ``count="app"`` (three moves, then a VCF that counts
  none) lets a quarter of these books' puzzles win in one or two and adds second keys.
- 160-165 (5 << 5 | n, "n子五连": the attacker has n stones left and must win with them,
  by five or by Black's forbidden move): ``tsume``, with ``n = mode & 31`` (for 160
  itself, from a "n子" in the title or comment; else no limit). Our count stops at the
  move after which no defence exists and leaves out the final five, so ``max_moves`` is
  ``n - 1`` when Black attacks; when White attacks it is ``n``, since White's last stone
  may be a four whose only block is forbidden for Black (counted), and a win by five
  then gets one stone more than stated.

The point-finding modes (``6 << 5 | n``, "点点题": find every point of a kind for the
side to move) and the defence modes read as tasks (:attr:`~puzzles.model.Puzzle.kind`),
with ``options`` as the stated answer (absent: not stated; the app computes it):

- 194 (活三点, every point making a true three): ``points:three``.
- 197 (活四点, every point making a straight four): ``points:straight-four``.
- 198 (冲四点, every point making a four): ``points:four``. (The app's wording is the
  four that is not straight; a set whose position also has a straight-four point then
  differs from the engine's answer, and ``renju verify`` says where.)
- 199 (禁手点, every forbidden point): ``points:forbidden``.
- 205 (做43点, every four-three point): ``points:four-three``.
- 206 (做44点, every double-four point, White's): ``points:double-four``.
- 209 (双杀点, every move making two threats no single reply meets): ``points:double-threat``.
- 207 (VCF防点, every move that stops the opponent's VCF): ``defend`` with goal ``vcf``.

A pass in ``stones`` is written ``A0`` (it keeps the Black/White alternation). Mode 0
(a cover page) is skipped silently; mode 96 (free play: a position to play on, no task)
is a position (``ReadResult.positions``, ``side`` to move); the other modes (point tasks
with no matching engine kind: 192, 193 stated in words, 195, 196, 200-204, 208, 210,
211) are reported in ``errors``. A set whose every puzzle is
on the 6x6 board is refused as a whole (one line); a single 6x6 entry is skipped. Rule 0
reads as ``freestyle`` (five or more wins, nothing forbidden).

>>> from solver.rules.notation import format_points
>>> data = {"puzzles": [{"stones": "H8I9I7", "side": 2, "mode": 32, "level": 2}]}
>>> p = lfz_puzzles(data).puzzles[0]
>>> format_points(p.black), format_points(p.white), p.to_move.name, p.goal, p.level
('i7 h8', 'i9', 'WHITE', 'vcf', 2)
"""

from __future__ import annotations

import json
import re
from pathlib import PurePath
from typing import Any

from puzzles.formats.base import PathLike, read_bytes
from puzzles.model import Goal, Location, Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.board import Color, Rule
from solver.rules.notation import Point, parse_points

__all__ = ["FREE_PLAY", "lfz_puzzles", "parse_lfz", "read_lfz"]

_MODES: dict[int, tuple[Goal, int | None]] = {
    32: ("vcf", None),
    64: ("tsume", None),
    67: ("tsume", 3),
}
_STONES = range(160, 166)  # 5 << 5 | n: win with at most n more stones
_TASKS = {
    194: "points:three",
    197: "points:straight-four",
    198: "points:four",
    199: "points:forbidden",
    205: "points:four-three",
    206: "points:double-four",
    207: "defend",
    209: "points:double-threat",
}
_READ = "only 32, 64, 67, 160-165, the tasks 194, 197-199, 205-207, 209 and free play (96) are read"
FREE_PLAY = 96
"""The mode of a position to play on (no task): read as a position."""
_PASS = re.compile(r"[A-Oa-o]0(?![0-9])")
_DIGITS = {"二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
_N_STONES = re.compile(r"([2-9二三四五六七八九])\s*(?:子|颗)")
_SMALL = "a 6x6 puzzle set: only the 15x15 board is supported"


def _stones_limit(mode: int, side: int, entry: dict[str, Any]) -> int | None:
    """``max_moves`` of an "n stones" puzzle (see the module docstring)."""
    n = mode & 31
    if n == 0:
        found = _N_STONES.search(f"{_str(entry.get('title'))} {_str(entry.get('comment'))}")
        if found is None:
            return None
        n = _DIGITS.get(found.group(1)) or int(found.group(1))
    return max(1, n - 1) if side == 1 else n


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


def _alternating(value: object) -> tuple[list[Point], list[Point]]:
    """Black's and White's stones of ``stones`` (alternating; ``A0`` a pass).

    >>> from solver.rules.notation import format_points
    >>> [format_points(s) for s in _alternating("B5A0B4A0C14")]
    ['b4 b5 c14', '']
    """
    if not isinstance(value, str):
        raise RenjuError(f"stones must be a string of points, not {value!r}")
    moves = [None if _PASS.fullmatch(m) else m for m in _PASS.sub(" \\g<0> ", value).split()]
    black: list[Point] = []
    white: list[Point] = []
    n = 0
    for chunk in moves:
        if chunk is None:
            n += 1
            continue
        for p in parse_points(chunk):
            (black if n % 2 == 0 else white).append(p)
            n += 1
    return sorted(black), sorted(white)


def _puzzle(entry: dict[str, Any]) -> Puzzle | None:
    mode = _int(entry, "mode", 0)
    if mode == 0:
        return None
    known = mode in _MODES or mode in _STONES or mode in _TASKS or mode == FREE_PLAY
    if mode is None or not known:
        raise RenjuError(f"mode {mode} is not a puzzle this reader knows ({_READ})")
    goal, max_moves = _MODES.get(mode, ("vcf" if mode == 207 else "tsume", None))
    size = _int(entry, "size", 15)
    if size == 6:
        raise RenjuError("a 6x6 puzzle: only the 15x15 board is supported")
    if size != 15:
        raise RenjuError(f"board size {size} is not supported")
    if "blackStones" in entry or "whiteStones" in entry:
        black = _points(entry.get("blackStones", ""), "blackStones")
        white = _points(entry.get("whiteStones", ""), "whiteStones")
    else:
        black, white = _alternating(entry.get("stones", ""))
    if len(set(black) | set(white)) != len(black) + len(white):
        raise RenjuError("a point holds two stones")
    side = _int(entry, "side")
    if side not in (1, 2):
        raise RenjuError(f"side must be 1 (black) or 2 (white), not {entry.get('side')!r}")
    if mode in _STONES:
        max_moves = _stones_limit(mode, 1 if side == 1 else 2, entry)
    options = entry.get("options")
    kind = _TASKS.get(mode, "win")
    answer = None if kind == "win" or options is None else _points(options, "options")
    if answer is not None and len(set(answer)) != len(answer):
        raise RenjuError(f"options {options!r} name a point twice")
    return Puzzle(
        black=black,
        white=white,
        to_move=Color.BLACK if side == 1 else Color.WHITE,
        goal=goal,
        max_moves=max_moves,
        # "win within 3 moves; consecutive fours count as one move" (the app's rule)
        count="books" if mode == 67 else "plain",
        keys=_points(options, "options") if kind == "win" and isinstance(options, str) else [],
        kind=kind,
        answer=answer,
        title=_str(entry.get("title")),
        comment=_str(entry.get("comment")),
        level=_int(entry, "level"),
        rule=Rule.FREESTYLE if _int(entry, "rule", 2) == 0 else Rule.RENJU,
    )


def lfz_puzzles(data: dict[str, Any], file: PathLike = "<bytes>") -> ReadResult:
    """The win puzzles (modes 32, 64, 67, 160-165) and the point and defence tasks (see
    the module docstring); bad entries are recorded in ``errors``.

    Raises:
        PuzzleFormatError: every puzzle of the set is on the 6x6 board.
    """
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
            free = _int({**defaults, **raw}, "mode", 0) == FREE_PLAY  # (read above: a number)
            (result.positions if free else result.puzzles).append(puzzle)
    small = [e for _, e in result.errors if "6x6" in str(e)]
    if not result.puzzles and not result.positions and small and len(small) == len(result.errors):
        raise PuzzleFormatError(file, _SMALL)
    return result
