"""What a puzzle file holds: its format and counts, for ``renju info``.

:func:`file_info` reads a file of any supported format and counts what is in it: puzzles,
games, tree nodes (RenLib, SGF), comments, and the entries a reader had to skip. A RIF
database is read as a stream and no puzzle is kept, so a file of any size is counted in
bounded memory.

>>> info = file_info("tests/data/formats/emilgardis-board/I7.lib")
>>> info.format, info.puzzles, info.positions, info.nodes, info.comments, info.errors
('renlib', 2, 260, 2076, 93, 0)
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from puzzles.formats import lfz, renlib, rif, sgf
from puzzles.formats.base import PathLike, position_after
from puzzles.game_lines import GAME_FORMATS, lines_of, opening_counts
from puzzles.io import detect_format, read_file, read_puzzles
from puzzles.model import ReadResult
from solver.errors import RenjuError
from solver.game.openings import OPENINGS, opening_of
from solver.rules.notation import parse_moves

__all__ = ["FORMAT_NAMES", "FileInfo", "file_info"]

FORMAT_NAMES = {
    "native": "native puzzle collection (.renju)",
    "renlib": "RenLib library",
    "pos": "position file (.pos)",
    "sgf": "SGF collection",
    "psq": "Piskvork game (.psq)",
    "rif": "RenjuNet database (.rif)",
    "lfz": "lfz084 puzzle set (JSON)",
    "quintet": "quintet case",
}
"""A readable name for each format of :data:`puzzles.io.FORMATS`."""


@dataclass
class FileInfo:
    """The counts of one file; ``None`` where a count does not apply to the format.

    Attributes:
        path: the file as given.
        format: the format name (see :data:`puzzles.io.FORMATS`).
        puzzles: puzzles read; games: games (or game trees) in the file; nodes: move
            nodes of a tree (RenLib, SGF); comments: commented nodes or entries.
        errors: entries skipped as bad; first_errors: the first few of them, as text.
        goals: puzzles by goal (``{"vcf": 3, ...}``); version: a format version.
        positions: positions the file does not mark as puzzles (a game of a ``.pos``,
            ``.psq``, RenjuNet or SGF game record, a RenLib leaf with no stated task:
            ``renju solve`` answers them for the side to move, ``renju generate --from``
            turns them into proven puzzles).
        openings: games of a game file by opening code (``"other"``: none of the 26); a
            RenLib library counts its distinct three-move beginnings.
    """

    path: str
    format: str
    puzzles: int = 0
    games: int | None = None
    nodes: int | None = None
    comments: int | None = None
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    goals: dict[str, int] = field(default_factory=dict)
    version: str | None = None
    positions: int | None = None
    openings: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object: ``format``, the counts that apply, ``errors``."""
        out: dict[str, Any] = {"format": self.format, "puzzles": self.puzzles}
        for key in ("positions", "games", "nodes", "comments"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        out["errors"] = self.errors
        if self.goals:
            out["goals"] = dict(self.goals)
        if self.version is not None:
            out["version"] = self.version
        if self.openings:
            out["openings"] = dict(self.openings)
        return out

    def text(self) -> str:
        """A few readable lines."""
        version = f" (version {self.version})" if self.version else ""
        lines = [f"{self.path}: {FORMAT_NAMES.get(self.format, self.format)}{version}"]
        counts = []
        for key in ("games", "nodes", "comments"):
            value = getattr(self, key)
            if value is not None:
                counts.append(f"{value:,} {key if value != 1 else key[:-1]}")
        if counts:
            lines.append("  " + ", ".join(counts))
        noun = "puzzle" if self.puzzles == 1 else "puzzles"
        goals = ", ".join(f"{n} {g}" for g, n in sorted(self.goals.items()))
        lines.append(f"  {self.puzzles:,} {noun}" + (f" ({goals})" if goals else ""))
        if self.positions:
            many = "positions" if self.positions != 1 else "position"
            marked = "puzzles" if self.positions != 1 else "a puzzle"
            lines.append(
                f"  {self.positions:,} {many} not marked as {marked}"
                " (renju generate --from FILE keeps those with a proven win)"
            )
        if self.openings:
            lines.append("  " + _openings_text(self.openings))
        if self.errors:
            lines.append(f"  {self.errors:,} bad entries skipped, e.g.:")
            lines += [f"    {e}" for e in self.first_errors]
        return "\n".join(lines)


def _openings_text(counts: dict[str, int]) -> str:
    """``opening: I7 Hogetsu (浦月)`` for one game, else the openings by frequency."""
    named = {o.code: str(o) for o in OPENINGS}
    if sum(counts.values()) == 1:
        (code,) = counts
        return f"opening: {named.get(code, 'not one of the 26')}"
    order = sorted(counts.items(), key=lambda kv: (kv[0] == "other", -kv[1], kv[0]))
    parts = [f"{named.get(code, 'none of the 26')}: {n:,}" for code, n in order]
    return "openings: " + ", ".join(parts)


_KEEP_ERRORS = 5


def _from_result(info: FileInfo, result: ReadResult) -> FileInfo:
    info.puzzles = len(result.puzzles)
    info.errors = len(result.errors)
    info.first_errors = [str(exc) for _, exc in result.errors[:_KEEP_ERRORS]]
    info.goals = dict(Counter(p.goal for p in result.puzzles))
    info.positions = len(result.positions)
    return info


_PLAIN_MOVE = re.compile(r"[a-o](?:1[0-5]|[1-9])")


def _check_moves(text: str) -> None:
    """Raise RenjuError if a game's move text is bad (a fast path for plain ``h8 h9``)."""
    tokens = text.split()
    if all(_PLAIN_MOVE.fullmatch(t) for t in tokens) and len(set(tokens)) == len(tokens):
        return
    position_after(parse_moves(text))  # the full check, with its message


def _rif_info(info: FileInfo, path: PathLike) -> FileInfo:
    """Count a RIF database game by game, keeping no game (bounded memory)."""
    games = comments = bad = 0
    openings: Counter[str] = Counter()
    try:
        for game in rif.iter_rif(path):
            games += 1
            comments += bool(game.info)
            openings[_opening_code(game.move_text)] += 1
            try:
                _check_moves(game.move_text)
            except RenjuError as exc:
                bad += 1
                info.errors += 1
                if len(info.first_errors) < _KEEP_ERRORS:
                    info.first_errors.append(f"{os.fspath(path)} (game {game.id}): {exc}")
    except RenjuError as exc:
        if games == 0:
            raise
        info.errors += 1
        info.first_errors.append(str(exc))
    # a game database states no task: its games are positions (rif_puzzles)
    info.games, info.comments, info.positions = games, comments, games - bad
    info.openings = dict(openings)
    return info


def _opening_code(move_text: str) -> str:
    """The opening code of a game's move text (its first three moves), or ``"other"``."""
    try:
        opening = opening_of(" ".join(move_text.split()[:3]))
    except RenjuError:
        return "other"
    return opening.code if opening else "other"


def _sgf_counts(roots: list[sgf.SgfNode]) -> tuple[int, int]:
    nodes = comments = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        nodes += "B" in node.props or "W" in node.props
        comments += bool(node.get("C").strip() or node.get("GC").strip())
        stack.extend(node.children)
    return nodes, comments


def file_info(path: PathLike, format: str | None = None) -> FileInfo:
    """Read ``path`` and count what it holds.

    Raises:
        PuzzleFormatError: the file cannot be read at all (naming it and the problem).
    """
    fmt = format or detect_format(path)
    info = FileInfo(os.fspath(path), fmt)
    if fmt == "rif":
        return _rif_info(info, path)
    raw = read_file(path, fmt)
    if fmt in GAME_FORMATS:
        info.openings = dict(opening_counts(lines_of(fmt, raw)))
    if fmt == "renlib":
        tree: renlib.RenLibTree = raw
        info.nodes = tree.count_nodes()
        info.comments = sum(1 for n in tree.root.walk() if n.texts())
        if tree.version is not None:
            info.version = ".".join(map(str, tree.version))
        return _from_result(info, renlib.renlib_puzzles(tree, path))
    if fmt == "sgf":
        info.games = len(raw)
        info.nodes, info.comments = _sgf_counts(raw)
        return _from_result(info, sgf.sgf_puzzles(raw, path))
    if fmt == "lfz":
        entries = raw.get("puzzles") if isinstance(raw, dict) else None
        info.comments = sum(
            1 for e in entries or [] if isinstance(e, dict) and str(e.get("comment") or "").strip()
        )
        return _from_result(info, lfz.lfz_puzzles(raw, path))
    if fmt == "psq":
        info.games = 1
    result = read_puzzles(path, fmt) if fmt != "native" else raw
    if fmt == "native":
        info.comments = sum(1 for p in result.puzzles if p.comment)
    return _from_result(info, result)
