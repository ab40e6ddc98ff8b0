"""renju-note/quintet's case files: one VCF/VCT problem per text file.

Layout: ``# comment`` lines, ``key: value`` lines (``mode``, ``attacker``, ``limit``,
``threat_limit``, ``tags``, ``expect``), then ``board:`` and 15 rows of ``.``/``o``/``x``
(row 15 first). ``o`` is Black and ``x`` is White; the attacker moves first; ``limit`` is
the most attacker moves; ``expect`` is a winning line (``J12,K13,...``) or ``disproven``.

>>> from solver.rules.notation import format_points
>>> case = parse_quintet(EXAMPLE)
>>> case.mode, case.attacker.name, case.limit, format_points(case.expect or [])
('vcf', 'BLACK', 1, 'i8')
>>> p = quintet_puzzle(case, "x.txt")
>>> p.goal, p.max_moves, p.id, format_points(p.solution)
('vcf', 1, 'x', 'i8')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import PurePath

from puzzles.formats.base import PathLike, decode_text, read_bytes
from puzzles.model import Goal, Location, Puzzle, PuzzleFormatError
from solver.errors import RenjuError
from solver.rules.board import Board, Color
from solver.rules.notation import Point, parse_points

__all__ = ["EXAMPLE", "QuintetCase", "parse_quintet", "quintet_puzzle", "read_quintet"]

EXAMPLE = "mode: vcf\nattacker: o\nlimit: 1\nexpect: I8\nboard:\n" + "\n".join(
    ". . . . . . . o o o o x . . ." if r == 7 else " ".join("." * 15) for r in range(15)
)

_KEY_RE = re.compile(r"([a-z_]+)\s*:\s*(.*)")
# quintet's vct_dfpns lets the attacker use any VCF threat (hidden threats included,
# bounded by its threat_limit knob): that is this project's "tsume" class.
_MODES: dict[str, Goal] = {"vcf": "vcf", "vct": "vct", "vct_dfpns": "tsume"}


@dataclass
class QuintetCase:
    """A quintet case as written: ``expect`` is ``None`` for ``disproven``."""

    mode: str
    attacker: Color
    black: list[Point]
    white: list[Point]
    limit: int | None = None
    threat_limit: int | None = None
    tags: list[str] = field(default_factory=list)
    expect: list[Point] | None = None
    comments: list[str] = field(default_factory=list)


def parse_quintet(text: str, file: PathLike = "<string>") -> QuintetCase:
    """Parse a case file's text.

    Raises:
        PuzzleFormatError: naming ``file`` and the problem (missing key or board, bad value).
    """
    meta: dict[str, str] = {}
    comments: list[str] = []
    lines = text.removeprefix("\ufeff").splitlines()
    board_at = None
    for n, raw in enumerate(lines):
        line = raw.strip()
        if line.startswith("#"):
            comments.append(line[1:].strip())
        elif line == "board:":
            board_at = n + 1
            break
        elif line:
            m = _KEY_RE.fullmatch(line)
            if m is None:
                raise PuzzleFormatError(file, f"line {n + 1}: expected 'key: value': {raw!r}")
            meta[m.group(1)] = m.group(2)
    if board_at is None:
        raise PuzzleFormatError(file, "no 'board:' line")
    if meta.get("attacker", "o") not in ("o", "x"):
        raise PuzzleFormatError(file, f"attacker must be o or x, not {meta['attacker']!r}")
    try:
        board = Board.from_diagram("\n".join(lines[board_at:]), black="o", white="x")
        expect = meta.get("expect", "disproven")
        return QuintetCase(
            mode=meta["mode"],
            attacker={"o": Color.BLACK, "x": Color.WHITE}[meta["attacker"]],
            black=board.stones(Color.BLACK),
            white=board.stones(Color.WHITE),
            limit=int(meta["limit"]) if "limit" in meta else None,
            threat_limit=int(meta["threat_limit"]) if "threat_limit" in meta else None,
            tags=meta.get("tags", "").split(),
            expect=None if expect.strip() == "disproven" else parse_points(expect),
            comments=comments,
        )
    except KeyError as exc:
        raise PuzzleFormatError(file, f"missing key {exc.args[0]!r}") from None
    except (RenjuError, ValueError) as exc:
        raise PuzzleFormatError(file, str(exc)) from None


def read_quintet(path: PathLike) -> QuintetCase:
    """Read a case file (UTF-8). Raises :class:`PuzzleFormatError` as :func:`parse_quintet`."""
    return parse_quintet(decode_text(read_bytes(path)), path)


def quintet_puzzle(case: QuintetCase, file: PathLike = "<string>") -> Puzzle:
    """The case as a puzzle: goal from ``mode``, ``max_moves`` from ``limit``, ``id`` from
    the file name, the comment lines as ``comment`` (a URL among them as ``source``).

    Raises:
        PuzzleFormatError: the mode is not a VCF or VCT mode.
    """
    goal = _MODES.get(case.mode) or _MODES.get(case.mode.split("_")[0])
    if goal is None:
        raise PuzzleFormatError(file, f"unknown mode {case.mode!r}")
    urls = [c for c in case.comments if re.match(r"https?://", c)]
    return Puzzle(
        black=case.black,
        white=case.white,
        to_move=case.attacker,
        goal=goal,
        max_moves=case.limit,
        solution=case.expect or [],
        tags=case.tags,
        id=PurePath(str(file)).stem,
        source=urls[0] if urls else "",
        comment="\n".join(c for c in case.comments if c not in urls),
        location=Location(str(file)),
    )
