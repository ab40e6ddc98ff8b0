"""Batch enumeration of forbidden points over JSON lines (``renju forbidden --batch``).

Each input line is one JSON object: ``{"black": [...], "white": [...]}`` for a position
or ``{"moves": [...]}`` for a game (points as strings, ``"pass"`` or ``null`` passes; a
single string of moves is accepted too). Each output line answers the input line at the
same place: ``{"forbidden": {"h9": "double-three"}}`` for a position, ``{"plies": [...]}``
for a game, where entry k lists Black's forbidden points after k+1 moves. A line that
cannot be read is answered by ``{"error": "..."}`` and reported on stderr; the run goes on.

>>> import io
>>> out = io.StringIO()
>>> run_batch(io.StringIO('{"black": ["g8", "h8", "i9", "i10"], "white": []}\\n'), out)
(1, 0)
>>> out.getvalue()
'{"forbidden": {"i8": "double-three"}}\\n'
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import IO, Any

from solver.engine.backend import Core
from solver.errors import PointError, PositionError
from solver.rules.notation import NPOINTS, Move, parse_moves, parse_point, point_name

__all__ = ["BatchLineError", "run_batch"]

_NAMES = [json.dumps(point_name(p)) for p in range(NPOINTS)]
_KINDS = {3: '"double-three"', 4: '"double-four"', 6: '"overline"'}
_LOOKUP: dict[str, int] = {}
for _p in range(NPOINTS):
    _n = point_name(_p)
    _LOOKUP[_n] = _LOOKUP[_n.upper()] = _p


class BatchLineError(PositionError):
    """One batch line is not a position or game this command understands."""


def _point(item: Any) -> int:
    if isinstance(item, str):
        p = _LOOKUP.get(item)
        return p if p is not None else parse_point(item)
    raise PointError(f"not a point: {item!r}")


def _moves(value: Any) -> list[Move]:
    if isinstance(value, str):
        return parse_moves(value)
    if not isinstance(value, list):
        raise BatchLineError(f'"moves" must be a list or a string, not {value!r}')
    out: list[Move] = []
    for item in value:
        if item is None or (isinstance(item, str) and item.lower() == "pass"):
            out.append(None)
        else:
            out.append(_point(item))
    return out


def _dict_json(pairs: Iterable[tuple[int, int]]) -> str:
    return "{" + ", ".join(f"{_NAMES[p]}: {_KINDS[k]}" for p, k in pairs) + "}"


def _answer(core: Core, obj: Any) -> str:
    if not isinstance(obj, dict):
        raise BatchLineError(f"expected a JSON object, got {json.dumps(obj)[:60]}")
    if "moves" in obj:
        moves = _moves(obj["moves"])
        plies = core.forbidden_along([-1 if m is None else m for m in moves])
        if len(plies) < len(moves):
            bad = moves[len(plies)]
            raise BatchLineError(
                f"move {len(plies) + 1} ({point_name(bad or 0)}) is on an occupied point"
            )
        return '{"plies": [' + ", ".join(_dict_json(ply) for ply in plies) + "]}"
    if "black" in obj or "white" in obj:
        black, white = obj.get("black", []), obj.get("white", [])
        if not isinstance(black, list) or not isinstance(white, list):
            raise BatchLineError('"black" and "white" must be lists of points')
        placed: list[int] = []
        try:
            for colour, items in ((1, black), (2, white)):
                for item in items:
                    p = _point(item)
                    if core.get(p):
                        raise BatchLineError(f"stone at {point_name(p)} is given twice")
                    core.put(p, colour)
                    placed.append(p)
            return '{"forbidden": ' + _dict_json(core.forbidden_points()) + "}"
        finally:
            for p in placed:
                core.remove(p)
    raise BatchLineError('expected "moves", or "black"/"white"')


def run_batch(
    source: Iterable[str | bytes],
    sink: IO[str],
    *,
    errors: IO[str] | None = None,
    rule: int = 0,
    name: str | None = None,
) -> tuple[int, int]:
    """Answer every line of ``source`` on ``sink``; return ``(lines, bad lines)``.

    Lines may be text or bytes (a file opened in binary: a line that is not UTF-8 is one
    bad line, answered like any other). Blank lines are answered by blank lines, so
    output line numbers match input lines. A bad line is reported on ``errors`` (default
    stderr) as ``renju: NAME, line N: ...`` (``name``: the input's, if given).
    """
    errors = errors if errors is not None else sys.stderr
    where = f"{name}, line" if name else "line"
    core = Core(rule)
    lines = bad = 0
    write = sink.write
    for lineno, line in enumerate(source, 1):
        lines += 1
        if not line.strip():
            write("\n")
            continue
        try:
            text = line  # json.loads takes ASCII bytes as they are
            if isinstance(line, bytes) and not line.isascii():
                text = line.decode("utf-8-sig" if lineno == 1 else "utf-8")
            write(_answer(core, json.loads(text)) + "\n")
        except UnicodeDecodeError as exc:
            bad += 1
            byte = line[exc.start] if isinstance(line, bytes) else 0
            msg = f"not UTF-8 text (byte 0x{byte:02x} at column {exc.start + 1})"
            print(f"renju: {where} {lineno}: {msg}", file=errors)
            write(json.dumps({"error": msg}) + "\n")
        except (ValueError, TypeError) as exc:  # JSONDecodeError and our errors are ValueErrors
            bad += 1
            msg = str(exc).splitlines()[0]
            print(f"renju: {where} {lineno}: {msg}", file=errors)
            write(json.dumps({"error": msg}) + "\n")
    return lines, bad
