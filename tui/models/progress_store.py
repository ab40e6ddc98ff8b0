"""What the trainer remembers between runs: puzzle status, moves in progress, settings.

One JSON file, ``progress.json``, in the user's data directory: ``$RENJU_DATA_DIR`` if set,
else ``$XDG_DATA_HOME/renju-tsume``, else ``~/.local/share/renju-tsume``. Every change is
written at once, atomically (a temporary file in the same directory, then ``os.replace``),
so a crash never loses or corrupts what was saved. No Textual here.

>>> import tempfile
>>> store = ProgressStore(Path(tempfile.mkdtemp()))
>>> store.status("k1")
'new'
>>> store.record_moves("k1", [112, 113])
>>> store.mark_solved("k1")
>>> ProgressStore(store.directory).status("k1")
'solved'
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any, Literal

from solver.rules.notation import point_name

__all__ = ["STATUSES", "ProgressStore", "Status", "data_dir", "puzzle_key"]

Status = Literal["new", "attempted", "solved"]
STATUSES: tuple[Status, ...] = ("new", "attempted", "solved")
FILE_NAME = "progress.json"
VERSION = 1


def data_dir() -> Path:
    """The directory the trainer writes to (see the module docstring); not created here."""
    override = os.environ.get("RENJU_DATA_DIR")
    if override:
        return Path(override).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "renju-tsume"


def puzzle_key(black: list[int], white: list[int], to_move: int, goal: str) -> str:
    """A stable key for a puzzle: a hash of its stones, attacker and goal.

    The same puzzle keeps its progress when a collection is renamed or reordered.

    >>> puzzle_key([112], [113], 1, "vcf") == puzzle_key([112], [113], 1, "vcf")
    True
    """
    text = "b:{} w:{} m:{} g:{}".format(
        ",".join(point_name(p) for p in sorted(black)),
        ",".join(point_name(p) for p in sorted(white)),
        int(to_move),
        goal,
    )
    return hashlib.sha1(text.encode()).hexdigest()[:16]


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


class ProgressStore:
    """Puzzle progress and settings, saved on every change.

    A file that cannot be read (corrupt, from a newer version) is never reset in place:
    it is renamed to ``progress.json.bad`` (``.bad-2``, ... if that exists), the store
    starts empty, and :attr:`problem` says so for the trainer to show. A file that cannot
    be opened at all is left alone and the store does not write over it.

    Attributes:
        problem: one line about a progress file that could not be read, else ``None``.
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / FILE_NAME
        self._data: dict[str, Any] = {"version": VERSION, "puzzles": {}, "settings": {}}
        self.problem: str | None = None
        self._read_only = False
        self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except UnicodeDecodeError:
            self._keep_aside("not UTF-8 text")
            return
        except OSError as exc:
            self._read_only = True
            why = exc.strerror or type(exc).__name__
            self.problem = f"{self.path} cannot be read ({why}): progress is not saved"
            return
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or not isinstance(data.get("puzzles"), dict):
                raise ValueError("not a progress file")
        except ValueError as exc:
            why = str(exc).splitlines()[0] if str(exc) else "not JSON"
            self._keep_aside(why)
            return
        data.setdefault("settings", {})
        self._data = data

    def _keep_aside(self, why: str) -> None:
        """Rename an unreadable progress file (never over an older one) and say so."""
        bad = self.path.with_name(FILE_NAME + ".bad")
        n = 2
        while bad.exists():
            bad = self.path.with_name(f"{FILE_NAME}.bad-{n}")
            n += 1
        try:
            os.replace(self.path, bad)
        except OSError as exc:
            self._read_only = True
            self.problem = (
                f"{self.path} is damaged ({why}) and cannot be moved aside "
                f"({exc.strerror}): progress is not saved"
            )
            return
        self.problem = f"{self.path.name} was damaged ({why}): kept as {bad}, starting afresh"

    def save(self) -> None:
        """Write everything now (atomically); nothing while a file we could not read is
        in the way (see :attr:`problem`)."""
        if self._read_only:
            return
        _write_atomic(self.path, json.dumps(self._data, indent=1, sort_keys=True) + "\n")

    # -- puzzles ------------------------------------------------------------------------
    def _entry(self, key: str) -> dict[str, Any]:
        puzzles: dict[str, dict[str, Any]] = self._data["puzzles"]
        return puzzles.setdefault(key, {"status": "new"})

    def status(self, key: str) -> Status:
        """``new``, ``attempted`` or ``solved``."""
        entry = self._data["puzzles"].get(key)
        status = entry.get("status", "new") if entry else "new"
        return status if status in STATUSES else "new"

    def moves(self, key: str) -> list[int]:
        """The moves of the attempt in progress (attacker and defender), possibly empty."""
        entry = self._data["puzzles"].get(key) or {}
        return [int(p) for p in entry.get("moves", []) if isinstance(p, int) and 0 <= p < 225]

    def record_moves(self, key: str, moves: list[int]) -> None:
        """Remember the attempt in progress; a new puzzle becomes ``attempted``."""
        entry = self._entry(key)
        entry["moves"] = list(moves)
        if entry.get("status", "new") == "new" and moves:
            entry["status"] = "attempted"
        self.save()

    def mark_solved(self, key: str, *, hints: int = 0) -> None:
        """Record a solve (kept even if the puzzle is played again later).

        The solve is clean when no hint was used in the attempt (``hints``) and the
        solution was not looked at since the last solve; a clean solve stays clean.
        """
        entry = self._entry(key)
        clean = hints == 0 and not entry.get("helped", False)
        entry["status"] = "solved"
        entry["solved_at"] = time.strftime("%Y-%m-%dT%H:%M:%S")
        entry["hints"] = min(hints, entry.get("hints", hints))
        entry["clean"] = bool(entry.get("clean", False)) or clean
        entry["helped"] = False
        self.save()

    def note_hint(self, key: str) -> None:
        """Count a hint or a look at the solution for this puzzle (the next solve of it is
        not clean)."""
        entry = self._entry(key)
        entry["hints_used"] = int(entry.get("hints_used", 0)) + 1
        entry["helped"] = True
        if entry.get("status", "new") == "new":
            entry["status"] = "attempted"
        self.save()

    def solved_clean(self, key: str) -> bool:
        """Whether the puzzle was once solved without hints or a look at the solution.

        A solve recorded before this was kept (no ``clean`` field) counts by its hints.
        """
        entry = self._data["puzzles"].get(key) or {}
        if entry.get("status") != "solved":
            return False
        if "clean" in entry:
            return bool(entry["clean"])
        return int(entry.get("hints", 0) or 0) == 0

    # -- where the player left off and settings ---------------------------------------
    @property
    def last(self) -> str | None:
        """The key of the puzzle opened last."""
        value = self._data.get("last")
        return value if isinstance(value, str) else None

    def set_last(self, key: str) -> None:
        """Remember the puzzle being played."""
        if self._data.get("last") != key:
            self._data["last"] = key
            self.save()

    def setting(self, name: str, default: bool) -> bool:
        """A boolean setting (``show_forbidden``, ``show_numbers``)."""
        value = self._data["settings"].get(name, default)
        return bool(value)

    def set_setting(self, name: str, value: bool) -> None:
        """Change a setting and save."""
        self._data["settings"][name] = bool(value)
        self.save()
