"""One entry point for every puzzle file: detect the format, read puzzles, write natively.

Formats (names returned by :func:`detect_format`): ``native`` (``.renju``, this project's
own), ``renlib`` (``.lib``), ``pos``, ``sgf``, ``psq`` (Piskvork), ``rif`` (RenjuNet XML),
``lfz`` (lfz084 puzzle JSON), ``quintet`` (quintet case text).

How each becomes puzzles and positions (:func:`read_puzzles`). A position is a puzzle
only where its source marks it as one: a puzzle format, or a comment that states the
task or the winner (:mod:`puzzles.formats.task`). The others are positions
(``ReadResult.positions``: the side to move next to move, goal ``tsume``, no stated
answer), which a command can solve for the side to move and ``renju generate --from``
turns into proven puzzles.

- native, lfz: one puzzle per entry; quintet: one puzzle per file.
- pos, psq: the game line gives one position (the formats hold no comment).
- rif: one position per game, after its last move (a game database states no task).
- sgf: one per game tree: a puzzle where this project's ``RJ`` fields or a comment
  (the root's ``GN``, ``EV``, ``GC``, ``C``; a ``C`` on the main line) state the task or
  the winner, else a position (a game record, a set-up diagram without a task).
- renlib: a puzzle where a comment on a line states the task or the winner, the other
  leaves as positions, with the comments met along the line; :func:`read_file` gives
  the whole tree.

Writing (:func:`write_puzzles`, :func:`write_game`): native, ``sgf``, ``renlib`` and
``svg`` (one diagram a file), chosen by name or by the file's extension
(:func:`output_format`); a game also as ``pos``. Every file is written atomically.

>>> import tempfile, pathlib
>>> from puzzles.model import Puzzle
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> write_native([Puzzle(black=[112], id="one")], d / "a.renju")
>>> detect_format(d / "a.renju"), [p.id for p in read_puzzles(d / "a.renju")]
('native', ['one'])
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path, PurePath
from typing import Any

from puzzles.formats.base import (
    GameRecord,
    PathLike,
    RecordError,
    check_game,
    decode_text,
    read_bytes,
)
from puzzles.formats.native import format_native, parse_native
from puzzles.formats.sniff import (
    looks_like_pos,
    looks_like_psq,
    looks_like_renlib,
    looks_like_rif,
    looks_like_sgf,
)
from puzzles.model import Puzzle, PuzzleFormatError, ReadResult
from solver.errors import RenjuError
from solver.rules.notation import Move

__all__ = [
    "FORMATS",
    "OUTPUT_NAMES",
    "POSITION_FORMATS",
    "detect_format",
    "output_format",
    "read_file",
    "read_games",
    "read_puzzles",
    "svg_paths",
    "write_game",
    "write_native",
    "write_puzzles",
]

FORMATS = ("native", "renlib", "pos", "sgf", "psq", "rif", "lfz", "quintet")
_EXTENSIONS = {
    ".renju": "native",
    ".lib": "renlib",
    ".pos": "pos",
    ".sgf": "sgf",
    ".psq": "psq",
    ".rif": "rif",
    ".xml": "rif",
    ".json": "lfz",
}


def _sniff_text(head: bytes) -> str | None:
    if looks_like_sgf(head):
        return "sgf"
    if looks_like_psq(head):
        return "psq"
    if looks_like_rif(head):
        return "rif"
    if head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"{"):
        return "lfz"
    text = decode_text(head)
    if re.search(r"^board:\s*$", text, re.M):
        if re.search(r"^(mode|attacker)\s*:", text, re.M):
            return "quintet"
        return "native"
    if text.startswith("# Renju puzzles"):
        return "native"
    return None


def detect_format(path: PathLike, data: bytes | None = None) -> str:
    """The format of a file, by its content first, then by its extension.

    Raises:
        PuzzleFormatError: the file cannot be read, or its format is not recognised.
    """
    head = (data if data is not None else _head(path))[:4096]
    suffix = PurePath(os.fspath(path)).suffix.lower()
    if looks_like_renlib(head):
        return "renlib"
    if suffix == ".pos" and looks_like_pos(head):
        return "pos"
    found = _sniff_text(head)
    if found is not None:
        return found
    ext = _EXTENSIONS.get(suffix)
    if ext is not None:
        return ext
    if head[:1] == b"\x78":
        return "renlib"  # a RenLib file from before the header existed
    if looks_like_pos(head):
        return "pos"
    raise PuzzleFormatError(path, "unrecognised file format")


def _head(path: PathLike) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(4096)
    except OSError as exc:
        raise PuzzleFormatError(path, f"cannot read file: {exc.strerror or exc}") from None


def read_file(path: PathLike, format: str | None = None) -> Any:
    """The format's own data: a :class:`~puzzles.formats.renlib.RenLibTree`, a list of
    moves (pos), SGF root nodes, a :class:`~puzzles.formats.psq.PsqGame`, a list of
    :class:`~puzzles.formats.rif.RifGame` (rif: the whole list, so prefer
    :func:`~puzzles.formats.rif.iter_rif` for big files), the decoded JSON object (lfz), a
    :class:`~puzzles.formats.quintet.QuintetCase`, or a ReadResult (native).

    Raises:
        PuzzleFormatError: the file cannot be read at all.
    """
    fmt = format or detect_format(path)
    from puzzles.formats import pos, psq, renlib, rif, sgf  # (the readers: on demand)

    if fmt == "rif":
        return list(rif.iter_rif(path))
    data = read_bytes(path)
    if fmt == "renlib":
        return renlib.parse_renlib(data, path)
    if fmt == "pos":
        return pos.parse_pos(data, path)
    if fmt == "sgf":
        return sgf.parse_sgf(data, path)
    if fmt == "lfz":
        from puzzles.formats import lfz

        return lfz.parse_lfz(data, path)
    if fmt == "psq":
        return psq.parse_psq(decode_text(data), path)
    if fmt == "quintet":
        from puzzles.formats import quintet

        return quintet.parse_quintet(decode_text(data), path)
    if fmt == "native":
        return _native(data, path)
    raise PuzzleFormatError(path, f"unknown format name {fmt!r} (expected one of {FORMATS})")


def _native(data: bytes, path: PathLike) -> ReadResult:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise PuzzleFormatError(path, f"not UTF-8 text (byte {exc.start})") from None
    result = parse_native(text, os.fspath(path))
    if not result.puzzles and not result.errors and text.strip():
        raise PuzzleFormatError(path, "no puzzle found")
    return result


def read_puzzles(path: PathLike, format: str | None = None) -> ReadResult:
    """Every puzzle in a file of any supported format (see the module docstring).

    Raises:
        PuzzleFormatError: the file cannot be read at all; bad entries of a collection
        are recorded in the result's ``errors`` instead.
    """
    fmt = format or detect_format(path)
    from puzzles.formats import pos, psq, renlib, rif, sgf

    if fmt == "rif":
        return rif.rif_puzzles(rif.iter_rif(path), path)
    raw = read_file(path, fmt)
    if fmt == "native":
        result: ReadResult = raw
    elif fmt == "renlib":
        result = renlib.renlib_puzzles(raw, path)
    elif fmt == "sgf":
        result = sgf.sgf_puzzles(raw, path)
    elif fmt == "lfz":
        from puzzles.formats import lfz

        result = lfz.lfz_puzzles(raw, path)
    elif fmt == "quintet":
        from puzzles.formats import quintet

        result = ReadResult([quintet.quintet_puzzle(raw, path)])
    else:  # a game line marks no task: a position
        line: dict[str, Callable[[Any, PathLike], Puzzle]] = {
            "pos": pos.pos_puzzle,
            "psq": psq.psq_puzzle,
        }
        result = ReadResult(positions=[line[fmt](raw, path)])
    result.format = fmt
    return result


def read_games(path: PathLike, format: str | None = None) -> list[GameRecord] | None:
    """The games of a game file, move by move: a ``.pos`` line, a Piskvork game, the game
    records of an SGF file; ``None`` for a file of another kind (puzzles, a library, a
    database).

    Raises:
        PuzzleFormatError: the file cannot be read, or a game in it replays badly.
    """
    fmt = format or detect_format(path)
    if fmt == "pos":
        return [GameRecord(read_file(path, fmt))]
    if fmt == "psq":
        return [GameRecord(read_file(path, fmt).moves)]
    if fmt == "sgf":
        from puzzles.formats import sgf

        try:
            return sgf.sgf_games(read_file(path, fmt))
        except RenjuError as exc:
            raise PuzzleFormatError(path, str(exc)) from None
    return None


def write_native(puzzles: Iterable[Puzzle], path: PathLike) -> None:
    """Write puzzles to a native ``.renju`` file atomically (a temporary file in the same
    folder, then ``os.replace``), so a reader never sees half a file.

    Raises:
        ValueError: a puzzle cannot be written (see :func:`puzzles.formats.native.format_puzzle`).
        OSError: the file cannot be written.
    """
    _write_atomic({os.fspath(path): format_native(puzzles).encode("utf-8")})


def _mkstemp(prefix: str, suffix: str, dir: str) -> tuple[int, str]:
    import tempfile  # (here: reading a file does without it, and its shutil)

    return tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=dir)


def _write_atomic(files: Mapping[str, bytes]) -> None:
    """Write each file to a temporary file beside it, then move them all in place: a
    failure leaves no file half-written and no temporary file behind."""
    temps: dict[str, str] = {}
    try:
        umask = os.umask(0)
        os.umask(umask)
        for path, data in files.items():
            folder = os.path.dirname(os.path.abspath(path))
            fd, tmp = _mkstemp(prefix=".tmp-", suffix=PurePath(path).suffix, dir=folder)
            temps[path] = tmp
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            # mkstemp creates the file 0600; give it the mode a plain open() would (umask).
            os.chmod(tmp, 0o666 & ~umask)
        for path, tmp in temps.items():
            os.replace(tmp, path)
    except BaseException:
        for tmp in temps.values():
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


OUTPUT_NAMES = {
    "renju": "native",
    "native": "native",
    "sgf": "sgf",
    "lib": "renlib",
    "renlib": "renlib",
    "svg": "svg",
    "pos": "pos",
}
"""The names ``--to`` takes, and the format each writes (``pos``: games only)."""
_OUTPUT_EXTENSIONS = {
    ".renju": "native",
    ".sgf": "sgf",
    ".lib": "renlib",
    ".svg": "svg",
    ".pos": "pos",
}


def output_format(path: PathLike, to: str | None = None) -> str:
    """The format to write ``path`` in: ``to`` (a name of :data:`OUTPUT_NAMES`), else the
    extension's; another extension is the native format.

    >>> output_format("a.lib"), output_format("a.txt"), output_format("a.txt", "sgf")
    ('renlib', 'native', 'sgf')

    Raises:
        RecordError: an unknown name, or one the extension contradicts (``a.sgf``, ``lib``).
    """
    by_name = PurePath(os.fspath(path)).suffix.lower()
    ext = _OUTPUT_EXTENSIONS.get(by_name)
    if to is None:
        return ext or "native"
    fmt = OUTPUT_NAMES.get(to.lower())
    if fmt is None:
        raise RecordError(f"unknown output format {to!r} (expected renju, sgf, lib or svg)")
    if ext is not None and ext != fmt:
        raise RecordError(
            f"{os.fspath(path)!r} is named as {ext}, not {to}: rename it or drop --to"
        )
    return fmt


def svg_paths(path: PathLike, count: int) -> list[str]:
    """Where ``count`` diagrams go: ``path`` for one, else ``stem-01.svg``,
    ``stem-02.svg``, ... beside it.

    >>> svg_paths("out/set.svg", 2)
    ['out/set-01.svg', 'out/set-02.svg']
    """
    name = os.fspath(path)
    if count == 1:
        return [name]
    p = Path(name)
    width = max(2, len(str(count)))
    return [
        os.fspath(p.with_name(f"{p.stem}-{i:0{width}d}{p.suffix or '.svg'}"))
        for i in range(1, count + 1)
    ]


POSITION_FORMATS = ("sgf", "renlib", "svg")
"""The output formats that hold positions (entries that state no task) beside puzzles:
SGF set-up diagrams without a task, RenLib leaves without a headline, diagrams. The
native format holds puzzles only."""


def write_puzzles(
    puzzles: Sequence[Puzzle],
    path: PathLike,
    format: str | None = None,
    *,
    encoding: str = "utf-8",
    numbers: bool = True,
    forbidden: bool = True,
    positions: Sequence[Puzzle] = (),
) -> list[str]:
    """Write puzzles, then ``positions`` (a format of :data:`POSITION_FORMATS`: read back
    as positions), to ``path`` in ``format`` (a name of :data:`OUTPUT_NAMES`; by default
    the extension's), atomically; the files written. SVG is one diagram an entry
    (:func:`svg_paths`), a puzzle's solution numbered unless ``numbers`` is false,
    Black's forbidden points marked unless ``forbidden`` is false; ``encoding`` is a
    RenLib library's code page.

    Raises:
        RecordError: the format cannot hold a puzzle (a text, a line break in one-line
            field), is not one puzzles are written in (``pos``), or holds no positions
            (native) and some are given.
        ValueError: a puzzle's position is broken (overlapping stones).
        OSError: a file cannot be written.
    """
    from puzzles.formats import renlib, sgf

    fmt = output_format(path, format)
    if positions and fmt not in POSITION_FORMATS:
        raise RecordError(
            f"the {fmt} format holds puzzles only, not positions (write .sgf, .lib or .svg)"
        )
    if fmt == "native":
        files = {os.fspath(path): format_native(puzzles).encode("utf-8")}
    elif fmt == "sgf":
        trees = [*map(sgf.puzzle_sgf, puzzles), *map(sgf.position_sgf, positions)]
        files = {os.fspath(path): sgf.format_sgf(trees).encode("utf-8")}
    elif fmt == "renlib":
        data = renlib.format_renlib(renlib.renlib_tree(puzzles, positions), encoding=encoding)
        files = {os.fspath(path): data}
    elif fmt == "svg":
        from puzzles.formats import svg  # (with the rules of forbidden points)

        texts = [svg.puzzle_svg(p, numbers=numbers, forbidden=forbidden) for p in puzzles]
        texts += [svg.position_svg(p, forbidden=forbidden) for p in positions]
        files = {
            name: t.encode("utf-8")
            for name, t in zip(svg_paths(path, len(texts)), texts, strict=True)
        }
    else:
        raise RecordError(f"puzzles are not written as {fmt} (a .pos file holds one game line)")
    _write_atomic(files)
    return list(files)


def write_game(
    moves: Sequence[Move],
    path: PathLike,
    result: str | None = None,
    meta: Mapping[str, str] | None = None,
    *,
    format: str | None = None,
    encoding: str = "utf-8",
    numbers: bool = True,
    forbidden: bool = True,
) -> None:
    """Save a game (Black first, ``None`` a pass) as a record, atomically: SGF, a RenLib
    library of one line, a ``.pos`` line or an SVG diagram (``numbers`` and
    ``forbidden`` as :func:`~puzzles.formats.svg.game_svg`), by ``format`` or the
    extension. ``result`` is ``black-won``, ``white-won``, ``draw`` or ``ongoing``
    (``None``); ``meta`` holds text fields (:data:`~puzzles.formats.base.GAME_FIELDS`:
    ``black``, ``white``, ``event``, ``date``, ``opening``, ``rule``, ``comment``...).
    A ``.pos`` file keeps the moves alone.

    >>> import tempfile, pathlib
    >>> from solver.rules.notation import parse_moves
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> write_game(parse_moves("h8 h9 i8"), d / "g.sgf", "ongoing", {"black": "Ann"})
    >>> print((d / "g.sgf").read_text().splitlines()[-1])
    ;B[hh];W[hg];B[ih])

    Raises:
        RecordError: a move on an occupied point, an unknown result or meta key, a text
            the format cannot hold, or the native format (it holds puzzles).
        OSError: the file cannot be written.
    """
    from puzzles.formats import pos, renlib, sgf

    fmt = output_format(path, format)
    if fmt == "sgf":
        data = sgf.format_sgf([sgf.game_sgf(moves, result, meta)]).encode("utf-8")
    elif fmt == "renlib":
        data = renlib.format_renlib(renlib.game_renlib(moves, result, meta), encoding=encoding)
    elif fmt == "svg":
        from puzzles.formats import svg

        text = svg.game_svg(moves, result, meta, numbers=numbers, forbidden=forbidden)
        data = text.encode("utf-8")
    elif fmt == "pos":
        check_game(moves, result, meta)
        if not moves:
            raise RecordError("a .pos file holds 1..225 moves, not an empty game")
        data = pos.format_pos(list(moves))
    else:
        raise RecordError(
            f"{os.fspath(path)!r}: the native format holds puzzles; save a game as .sgf, .lib, .pos or .svg"
        )
    _write_atomic({os.fspath(path): data})
