"""One entry point for every puzzle file: detect the format, read puzzles, write natively.

Formats (names returned by :func:`detect_format`): ``native`` (``.renju``, this project's
own), ``renlib`` (``.lib``), ``pos``, ``sgf``, ``psq`` (Piskvork), ``rif`` (RenjuNet XML),
``lfz`` (lfz084 puzzle JSON), ``quintet`` (quintet case text).

How each becomes puzzles (:func:`read_puzzles`):

- native, lfz: one puzzle per entry; quintet: one puzzle per file.
- pos, psq: the game line gives one position, the side to move next as the attacker.
- rif: one position per game, after its last move.
- sgf: one puzzle per game tree; a setup (``AB``/``AW``) is the puzzle and the main line
  its solution, a plain game record gives the position after its main line.
- renlib: a puzzle where a comment on a line states the task or the winner, the other
  leaves as positions (``ReadResult.positions``), with the comments met along the
  line; :func:`read_file` gives the whole tree.

Puzzles from game lines have goal ``tsume`` and no stated answer.

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
import tempfile
from collections.abc import Callable, Iterable
from pathlib import PurePath
from typing import Any

from puzzles.formats import lfz, pos, psq, quintet, renlib, rif, sgf
from puzzles.formats.base import PathLike, decode_text, read_bytes
from puzzles.formats.native import format_native, parse_native
from puzzles.model import Puzzle, PuzzleFormatError, ReadResult

__all__ = [
    "FORMATS",
    "detect_format",
    "read_file",
    "read_puzzles",
    "write_native",
    "write_text_atomic",
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
    if sgf.looks_like_sgf(head):
        return "sgf"
    if psq.looks_like_psq(head):
        return "psq"
    if rif.looks_like_rif(head):
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
    if renlib.looks_like_renlib(head):
        return "renlib"
    if suffix == ".pos" and pos.looks_like_pos(head):
        return "pos"
    found = _sniff_text(head)
    if found is not None:
        return found
    ext = _EXTENSIONS.get(suffix)
    if ext is not None:
        return ext
    if head[:1] == b"\x78":
        return "renlib"  # a RenLib file from before the header existed
    if pos.looks_like_pos(head):
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
        return lfz.parse_lfz(data, path)
    if fmt == "psq":
        return psq.parse_psq(decode_text(data), path)
    if fmt == "quintet":
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
        result = lfz.lfz_puzzles(raw, path)
    else:
        one: dict[str, Callable[[Any, PathLike], Puzzle]] = {
            "pos": pos.pos_puzzle,
            "psq": psq.psq_puzzle,
            "quintet": quintet.quintet_puzzle,
        }
        result = ReadResult([one[fmt](raw, path)])
    result.format = fmt
    return result


def write_native(puzzles: Iterable[Puzzle], path: PathLike) -> None:
    """Write puzzles to a native ``.renju`` file atomically (a temporary file in the same
    folder, then ``os.replace``), so a reader never sees half a file.

    Raises:
        ValueError: a puzzle cannot be written (see :func:`puzzles.formats.native.format_puzzle`).
        OSError: the file cannot be written.
    """
    write_text_atomic(path, format_native(puzzles))


def write_text_atomic(path: PathLike, text: str) -> None:
    """Write ``text`` (UTF-8, ``\\n`` line ends) to ``path`` atomically: a temporary file
    in the same folder, then ``os.replace``; the file gets the mode a plain ``open``
    would give it.

    Raises:
        OSError: the file cannot be written.
    """
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=PurePath(os.fspath(path)).suffix, dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        # mkstemp creates the file 0600; give it the mode a plain open() would (umask).
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
