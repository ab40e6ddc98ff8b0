"""What the trainer remembers between runs: puzzle status, attempts, ratings, reviews,
streak scores, moves in progress and settings. No Textual here.

One SQLite database, ``progress.sqlite3``, in the user's data directory:
``$RENJU_DATA_DIR`` if set, else ``$XDG_DATA_HOME/renju-tsume``, else
``~/.local/share/renju-tsume``. SQLite (standard library) rather than a JSON file
rewritten whole: every change is one transaction in WAL mode with ``synchronous=FULL``,
so a kill at any moment leaves either the state before it or the state after it (the
write-ahead log is rolled back or forward on the next open); an attempt, the two ratings
it moved and its review card are written together or not at all; the attempt history
grows by appending rows instead of rewriting everything on each move; two trainers open
on the same directory do not overwrite each other's progress; and the statistics are
queries. The schema's version is SQLite's ``user_version``.

The JSON file the trainer kept before (``progress.json``, version 1) is merged in when
found, then renamed ``progress.json.migrated``; a damaged one is kept aside as
``progress.json.bad`` and reported, as is a damaged database (``progress.sqlite3.bad``).

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
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, get_args

from solver.rules.notation import point_name
from tui.models.glicko import Glicko

__all__ = [
    "RESULTS",
    "SCHEMA_VERSION",
    "STATUSES",
    "AttemptRecord",
    "ProgressStore",
    "Result",
    "Status",
    "data_dir",
    "now_text",
    "puzzle_key",
]

Status = Literal["new", "attempted", "solved"]
STATUSES: tuple[Status, ...] = ("new", "attempted", "solved")
Result = Literal["clean", "hints", "solution", "failed"]
"""How an attempt ended: solved without help, solved after a hint, the solution looked at
before solving, or a move that does not win."""
RESULTS: tuple[Result, ...] = get_args(Result)

DB_NAME = "progress.sqlite3"
LEGACY_NAME = "progress.json"
SCHEMA_VERSION = 2  # 1 was the JSON file

_SCHEMA = """
CREATE TABLE puzzles (
    key TEXT PRIMARY KEY, status TEXT NOT NULL DEFAULT 'new', moves TEXT,
    solved_at TEXT, hints INTEGER, clean INTEGER, helped INTEGER NOT NULL DEFAULT 0,
    hints_used INTEGER NOT NULL DEFAULT 0);
CREATE TABLE attempts (
    id INTEGER PRIMARY KEY, key TEXT NOT NULL, collection TEXT NOT NULL,
    puzzle_id TEXT NOT NULL, at TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('clean', 'hints', 'solution', 'failed')),
    seconds REAL, mode TEXT NOT NULL, themes TEXT NOT NULL DEFAULT '',
    rated INTEGER NOT NULL DEFAULT 0, rating REAL);
CREATE INDEX attempts_key ON attempts (key);
CREATE TABLE player (
    id INTEGER PRIMARY KEY CHECK (id = 1), rating REAL, rd REAL, vol REAL);
CREATE TABLE puzzle_ratings (key TEXT PRIMARY KEY, rating REAL, rd REAL, vol REAL);
CREATE TABLE reviews (key TEXT PRIMARY KEY, due TEXT NOT NULL, card TEXT NOT NULL);
CREATE TABLE streaks (
    id INTEGER PRIMARY KEY, at TEXT NOT NULL, minutes INTEGER NOT NULL,
    score INTEGER NOT NULL, mistakes INTEGER NOT NULL, pool TEXT NOT NULL DEFAULT '');
CREATE TABLE settings (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
"""


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


def now_text() -> str:
    """The time now, as the store writes it: ISO 8601 in UTC to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True)
class AttemptRecord:
    """One attempt at a puzzle, as kept.

    Attributes:
        mode: ``puzzle`` (opened from the library), ``train`` (offered near the player's
            rating), ``review`` (from the review queue), ``streak``, ``migrated`` (a solve
            recorded by the JSON file of earlier versions).
        themes: the puzzle's themes when it was played (for statistics by theme).
        rated: whether the attempt moved the ratings; ``rating``: the player's after it.
    """

    key: str
    collection: str
    puzzle_id: str
    result: Result
    seconds: float | None
    at: str
    mode: str = "puzzle"
    themes: tuple[str, ...] = ()
    rated: bool = False
    rating: float | None = None


def _free_name(path: Path, suffix: str) -> Path:
    """``path`` + ``suffix``, else ``-2``, ``-3``, ... after it: never an existing file."""
    out = path.with_name(path.name + suffix)
    n = 2
    while out.exists():
        out = path.with_name(f"{path.name}{suffix}-{n}")
        n += 1
    return out


class ProgressStore:
    """Puzzle progress, attempts, ratings, reviews and settings, saved on every change.

    A database or legacy file that cannot be read is never reset in place: a damaged one
    is renamed (``.bad``, ``.bad-2``, ... never over an older one) and :attr:`problem`
    says so for the trainer to show; one that cannot be opened at all, or that a newer
    trainer wrote, is left alone and nothing is saved this run (the store works in
    memory).

    Attributes:
        problem: one line about a file that could not be read, else ``None``.
    """

    def __init__(self, directory: Path | None = None) -> None:
        self.directory = directory if directory is not None else data_dir()
        self.path = self.directory / DB_NAME
        self.problem: str | None = None
        self.saving = True
        self._db = self._open()
        self._import_legacy()

    # -- opening ------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            db = self._connect(self.path)
        except sqlite3.OperationalError as exc:  # locked, no permission, ...: not damage
            return self._in_memory(f"{self.path} cannot be opened ({exc})")
        except sqlite3.DatabaseError as exc:  # not a database, malformed, check failed
            return self._keep_db_aside(str(exc))
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            return self._in_memory(f"{self.directory} cannot be written ({why})")
        version = int(db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            db.close()
            return self._in_memory(
                f"{self.path} was written by a newer trainer (schema {version}, this one "
                f"reads {SCHEMA_VERSION})"
            )
        if version < SCHEMA_VERSION:
            self._create(db)
        return db

    @staticmethod
    def _connect(path: Path | str) -> sqlite3.Connection:
        """Open and check a database (``sqlite3.DatabaseError`` if it is damaged)."""
        db = sqlite3.connect(path, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA busy_timeout=5000")
            check = db.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise sqlite3.DatabaseError(str(check).splitlines()[0])
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _create(db: sqlite3.Connection) -> None:
        """Create the schema in one transaction (a kill leaves an empty database)."""
        db.execute("BEGIN IMMEDIATE")
        try:
            if int(db.execute("PRAGMA user_version").fetchone()[0]) == 0:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    def _in_memory(self, why: str) -> sqlite3.Connection:
        self.saving = False
        self.problem = f"{why}: progress is not saved"
        db = sqlite3.connect(":memory:", isolation_level=None)
        self._create(db)
        return db

    def _keep_db_aside(self, why: str) -> sqlite3.Connection:
        """Rename a damaged database (and its log) out of the way and start afresh."""
        bad = _free_name(self.path, ".bad")
        try:
            os.replace(self.path, bad)
            for extra in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + extra)
                if side.exists():
                    os.replace(side, bad.with_name(bad.name + extra))
            db = self._connect(self.path)
        except (OSError, sqlite3.DatabaseError) as exc:
            return self._in_memory(
                f"{self.path} is damaged ({why}) and cannot be moved aside ({exc})"
            )
        self._create(db)
        self.problem = f"{self.path.name} was damaged ({why}): kept as {bad}, starting afresh"
        return db

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One atomic change: all of it is kept, or none of it."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def close(self) -> None:
        """Close the database (the store is not used after)."""
        self._db.close()

    # -- the JSON file of earlier versions ----------------------------------------------
    def _import_legacy(self) -> None:
        """Merge ``progress.json`` (version 1) in, then rename it ``.migrated``.

        The merge is idempotent (a kill between it and the rename merges again, to the
        same result); a damaged file is kept aside as ``progress.json.bad``.
        """
        from tui.models.legacy_progress import LegacyError, merge_legacy, read_legacy

        path = self.directory / LEGACY_NAME
        try:
            data = read_legacy(path)
        except FileNotFoundError:
            return
        except LegacyError as exc:
            self._keep_legacy_aside(path, str(exc))
            return
        except OSError as exc:
            why = exc.strerror or type(exc).__name__
            self.problem = f"{path} cannot be read ({why}): its progress is not merged"
            return
        with self._transaction() as db:
            merge_legacy(db, data)
            db.execute(
                "INSERT OR REPLACE INTO meta VALUES ('migrated_from', ?)",
                (f"{LEGACY_NAME} version {data.get('version', 1)} at {now_text()}",),
            )
        if self.saving:
            with contextlib.suppress(OSError):
                os.replace(path, _free_name(path, ".migrated"))

    def _keep_legacy_aside(self, path: Path, why: str) -> None:
        if not self.saving:
            self.problem = f"{self.problem}; {path.name} is damaged ({why})"
            return
        bad = _free_name(path, ".bad")
        try:
            os.replace(path, bad)
        except OSError as exc:
            self.problem = f"{path} is damaged ({why}) and cannot be moved aside ({exc.strerror})"
            return
        self.problem = f"{path.name} was damaged ({why}): kept as {bad}, starting afresh"

    # -- puzzles ------------------------------------------------------------------------
    def _row(self, key: str) -> sqlite3.Row | None:
        cur = self._db.execute(
            "SELECT status, moves, solved_at, hints, clean, helped, hints_used "
            "FROM puzzles WHERE key = ?",
            (key,),
        )
        cur.row_factory = sqlite3.Row
        row: sqlite3.Row | None = cur.fetchone()
        return row

    def status(self, key: str) -> Status:
        """``new``, ``attempted`` or ``solved``."""
        row = self._row(key)
        status = row["status"] if row is not None else "new"
        return status if status in STATUSES else "new"

    def statuses(self) -> dict[str, Status]:
        """Every puzzle's status that is not ``new``, by key (one query for the library)."""
        rows = self._db.execute("SELECT key, status FROM puzzles WHERE status != 'new'")
        return {k: s for k, s in rows if s in STATUSES}

    def moves(self, key: str) -> list[int]:
        """The moves of the attempt in progress (attacker and defender), possibly empty."""
        row = self._row(key)
        if row is None or not row["moves"]:
            return []
        with contextlib.suppress(ValueError):
            moves = json.loads(row["moves"])
            if isinstance(moves, list):
                return [p for p in moves if isinstance(p, int) and 0 <= p < 225]
        return []

    def record_moves(self, key: str, moves: list[int]) -> None:
        """Remember the attempt in progress; a new puzzle becomes ``attempted``."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO puzzles (key) VALUES (?)", (key,))
            db.execute("UPDATE puzzles SET moves = ? WHERE key = ?", (json.dumps(moves), key))
            if moves:
                db.execute(
                    "UPDATE puzzles SET status = 'attempted' WHERE key = ? AND status = 'new'",
                    (key,),
                )

    def mark_solved(self, key: str, *, hints: int = 0) -> None:
        """Record a solve (kept even if the puzzle is played again later).

        The solve is clean when no hint was used in the attempt (``hints``) and the
        solution was not looked at since the last solve; a clean solve stays clean.
        """
        row = self._row(key)
        helped = bool(row["helped"]) if row is not None else False
        old_hints = row["hints"] if row is not None and row["hints"] is not None else hints
        old_clean = bool(row["clean"]) if row is not None and row["clean"] is not None else False
        clean = old_clean or (hints == 0 and not helped)
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO puzzles (key) VALUES (?)", (key,))
            db.execute(
                "UPDATE puzzles SET status = 'solved', solved_at = ?, hints = ?, clean = ?,"
                " helped = 0 WHERE key = ?",
                (now_text(), min(hints, old_hints), int(clean), key),
            )

    def note_hint(self, key: str) -> None:
        """Count a hint or a look at the solution for this puzzle (the next solve of it is
        not clean)."""
        with self._transaction() as db:
            db.execute("INSERT OR IGNORE INTO puzzles (key) VALUES (?)", (key,))
            db.execute(
                "UPDATE puzzles SET hints_used = hints_used + 1, helped = 1,"
                " status = CASE status WHEN 'new' THEN 'attempted' ELSE status END"
                " WHERE key = ?",
                (key,),
            )

    def solved_clean(self, key: str) -> bool:
        """Whether the puzzle was once solved without hints or a look at the solution."""
        row = self._row(key)
        if row is None or row["status"] != "solved":
            return False
        if row["clean"] is not None:
            return bool(row["clean"])
        return int(row["hints"] or 0) == 0

    # -- attempts and ratings -----------------------------------------------------------
    def add_attempt(
        self,
        record: AttemptRecord,
        *,
        player: Glicko | None = None,
        puzzle: Glicko | None = None,
        card: tuple[str, str] | None = None,
    ) -> None:
        """Keep an attempt with what it changed, in one transaction: the player's and the
        puzzle's new ratings (a rated attempt) and the puzzle's review card
        (``(due, card JSON)``)."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO attempts (key, collection, puzzle_id, at, result, seconds, mode,"
                " themes, rated, rating) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.key,
                    record.collection,
                    record.puzzle_id,
                    record.at,
                    record.result,
                    record.seconds,
                    record.mode,
                    ",".join(record.themes),
                    int(record.rated),
                    record.rating,
                ),
            )
            if player is not None:
                db.execute(
                    "INSERT OR REPLACE INTO player VALUES (1, ?, ?, ?)",
                    (player.rating, player.rd, player.vol),
                )
            if puzzle is not None:
                db.execute(
                    "INSERT OR REPLACE INTO puzzle_ratings VALUES (?, ?, ?, ?)",
                    (record.key, puzzle.rating, puzzle.rd, puzzle.vol),
                )
            if card is not None:
                db.execute("INSERT OR REPLACE INTO reviews VALUES (?, ?, ?)", (record.key, *card))

    def attempts(self, key: str | None = None) -> list[AttemptRecord]:
        """Every attempt kept (of one puzzle if ``key``), oldest first."""
        sql = (
            "SELECT key, collection, puzzle_id, result, seconds, at, mode, themes, rated, rating"
            " FROM attempts"
        )
        rows = (
            self._db.execute(sql + " WHERE key = ? ORDER BY id", (key,))
            if key is not None
            else self._db.execute(sql + " ORDER BY id")
        )
        return [
            AttemptRecord(k, c, i, r, s, a, m, tuple(t.split(",")) if t else (), bool(rt), rating)
            for k, c, i, r, s, a, m, t, rt, rating in rows
        ]

    def attempted_keys(self) -> set[str]:
        """The keys of every puzzle attempted at least once (an attempt kept)."""
        return {k for (k,) in self._db.execute("SELECT DISTINCT key FROM attempts")}

    def was_rated(self, key: str) -> bool:
        """Whether an attempt at this puzzle already moved the ratings."""
        sql = "SELECT 1 FROM attempts WHERE key = ? AND rated = 1 LIMIT 1"
        return self._db.execute(sql, (key,)).fetchone() is not None

    def last_rated_at(self) -> str | None:
        """When the last rated attempt was (ISO, UTC), ``None`` before any."""
        sql = "SELECT at FROM attempts WHERE rated = 1 ORDER BY id DESC LIMIT 1"
        row = self._db.execute(sql).fetchone()
        return str(row[0]) if row is not None else None

    def player_rating(self) -> Glicko:
        """The player's rating (a new player's 1500 ± 350 before any rated attempt)."""
        row = self._db.execute("SELECT rating, rd, vol FROM player WHERE id = 1").fetchone()
        return Glicko(*row) if row is not None else Glicko()

    def puzzle_ratings(self) -> dict[str, Glicko]:
        """Every puzzle rating that attempts have moved, by key."""
        rows = self._db.execute("SELECT key, rating, rd, vol FROM puzzle_ratings")
        return {k: Glicko(r, d, v) for k, r, d, v in rows}

    def puzzle_rating(self, key: str) -> Glicko | None:
        """The puzzle's rating if attempts have moved it (else the caller's estimate)."""
        sql = "SELECT rating, rd, vol FROM puzzle_ratings WHERE key = ?"
        row = self._db.execute(sql, (key,)).fetchone()
        return Glicko(*row) if row is not None else None

    # -- reviews ------------------------------------------------------------------------
    def review_card(self, key: str) -> str | None:
        """The puzzle's review card (FSRS JSON), ``None`` if it is not in the queue."""
        row = self._db.execute("SELECT card FROM reviews WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row is not None else None

    def due_reviews(self, now: str) -> list[str]:
        """Keys of the puzzles due for review at ``now`` (ISO, UTC), the most overdue first."""
        rows = self._db.execute("SELECT key FROM reviews WHERE due <= ? ORDER BY due", (now,))
        return [k for (k,) in rows]

    def review_count(self) -> int:
        """How many puzzles the review queue holds (due or not)."""
        return int(self._db.execute("SELECT COUNT(*) FROM reviews").fetchone()[0])

    # -- streaks ------------------------------------------------------------------------
    def add_streak(self, minutes: int, score: int, mistakes: int, pool: str = "") -> None:
        """Keep a finished streak run."""
        with self._transaction() as db:
            db.execute(
                "INSERT INTO streaks (at, minutes, score, mistakes, pool) VALUES (?, ?, ?, ?, ?)",
                (now_text(), minutes, score, mistakes, pool),
            )

    def best_streak(self, minutes: int) -> int:
        """The best score of the runs of this length (0 before any)."""
        sql = "SELECT MAX(score) FROM streaks WHERE minutes = ?"
        row = self._db.execute(sql, (minutes,)).fetchone()
        return int(row[0]) if row is not None and row[0] is not None else 0

    # -- where the player left off and settings ---------------------------------------
    @property
    def last(self) -> str | None:
        """The key of the puzzle opened last."""
        row = self._db.execute("SELECT value FROM meta WHERE name = 'last'").fetchone()
        return str(row[0]) if row is not None else None

    def set_last(self, key: str) -> None:
        """Remember the puzzle being played."""
        if self.last != key:
            with self._transaction() as db:
                db.execute("INSERT OR REPLACE INTO meta VALUES ('last', ?)", (key,))

    def setting(self, name: str, default: bool) -> bool:
        """A boolean setting (``show_forbidden``, ``show_numbers``)."""
        row = self._db.execute("SELECT value FROM settings WHERE name = ?", (name,)).fetchone()
        return bool(row[0]) if row is not None else default

    def set_setting(self, name: str, value: bool) -> None:
        """Change a setting and save."""
        with self._transaction() as db:
            db.execute("INSERT OR REPLACE INTO settings VALUES (?, ?)", (name, int(value)))

    def meta(self, name: str) -> str | None:
        """A note the store keeps about itself (``migrated_from``)."""
        row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return str(row[0]) if row is not None else None

    def dump(self) -> dict[str, Any]:
        """Everything kept, as plain data (for tests and for a look at the file)."""
        out: dict[str, Any] = {}
        for table in ("puzzles", "attempts", "player", "puzzle_ratings", "reviews", "streaks"):
            out[table] = [list(r) for r in self._db.execute(f"SELECT * FROM {table} ORDER BY 1")]
        out["settings"] = dict(self._db.execute("SELECT name, value FROM settings"))
        out["last"] = self.last
        return out
