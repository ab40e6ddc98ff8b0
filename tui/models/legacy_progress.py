"""The progress file of earlier versions (``progress.json``, version 1), read and merged
into the store's database. No Textual here.

The file looked like::

    {"version": 1, "last": KEY, "settings": {"show_forbidden": true},
     "puzzles": {KEY: {"status": "solved", "moves": [112, 113], "solved_at": "...",
                       "hints": 0, "clean": true, "helped": false, "hints_used": 0}}}

The merge keeps the better of what the file and the database say (a solve beats an
attempt, a clean solve stays clean) and records each solve as a ``migrated`` attempt, so
the statistics count it; doing it twice gives the same result as doing it once.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from solver.errors import RenjuError

__all__ = ["LegacyError", "merge_legacy", "read_legacy"]

_RANK = {"new": 0, "attempted": 1, "solved": 2}


class LegacyError(RenjuError):
    """The old progress file is damaged (not UTF-8, not JSON, not a progress file)."""


def read_legacy(path: Path) -> dict[str, Any]:
    """The file's contents, checked.

    Raises:
        FileNotFoundError: there is no such file.
        OSError: it cannot be read.
        LegacyError: it is damaged (the message says how, in a few words).
    """
    raw = path.read_bytes()
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LegacyError("not UTF-8 text") from None
    except ValueError as exc:
        raise LegacyError(str(exc).splitlines()[0] if str(exc) else "not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("puzzles"), dict):
        raise LegacyError("not a progress file")
    return data


def _utc(text: object) -> str | None:
    """A local ``2026-11-27T10:00:00`` (as the old file wrote it) in UTC, ISO."""
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when.astimezone(UTC).isoformat(timespec="seconds")


def _clean(entry: dict[str, Any]) -> bool:
    """Whether the old file counts the puzzle solved cleanly (its own rule)."""
    if entry.get("status") != "solved":
        return False
    if "clean" in entry:
        return bool(entry["clean"])
    return int(entry.get("hints", 0) or 0) == 0


def merge_legacy(db: sqlite3.Connection, data: dict[str, Any]) -> None:
    """Merge the old file's ``data`` into the database (inside the caller's transaction)."""
    for key, entry in data["puzzles"].items():
        if not isinstance(key, str) or not isinstance(entry, dict):
            continue
        status = entry.get("status", "new")
        status = status if status in _RANK else "new"
        moves = entry.get("moves")
        moves = [p for p in moves if isinstance(p, int)] if isinstance(moves, list) else []
        row = db.execute(
            "SELECT status, moves, solved_at, hints, clean, helped, hints_used"
            " FROM puzzles WHERE key = ?",
            (key,),
        ).fetchone()
        clean = _clean(entry)
        hints = entry.get("hints") if isinstance(entry.get("hints"), int) else None
        solved_at = _utc(entry.get("solved_at"))
        helped = bool(entry.get("helped", False))
        used = int(entry.get("hints_used", 0) or 0)
        if row is not None:
            old_status, old_moves, old_at, old_hints, old_clean, old_helped, old_used = row
            if _RANK.get(old_status, 0) > _RANK[status]:
                status = old_status
            if old_moves and json.loads(old_moves):
                moves = json.loads(old_moves)
            solved_at = max(filter(None, (solved_at, old_at)), default=None)
            hints = min((h for h in (hints, old_hints) if h is not None), default=None)
            clean = clean or bool(old_clean)
            helped = helped or bool(old_helped)
            used = max(used, int(old_used or 0))
        db.execute(
            "INSERT OR REPLACE INTO puzzles VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                key,
                status,
                json.dumps(moves),
                solved_at,
                hints,
                int(clean) if status == "solved" else None,
                int(helped),
                used,
            ),
        )
        if entry.get("status") == "solved":
            seen = db.execute(
                "SELECT 1 FROM attempts WHERE key = ? AND mode = 'migrated'", (key,)
            ).fetchone()
            if seen is None:
                db.execute(
                    "INSERT INTO attempts (key, collection, puzzle_id, at, result, mode)"
                    " VALUES (?, '', '', ?, ?, 'migrated')",
                    (
                        key,
                        _utc(entry.get("solved_at")) or "",
                        "clean" if _clean(entry) else "hints",
                    ),
                )
    for name, value in (data.get("settings") or {}).items():
        if isinstance(name, str) and isinstance(value, bool | int):
            db.execute("INSERT OR IGNORE INTO settings VALUES (?, ?)", (name, int(value)))
    last = data.get("last")
    if isinstance(last, str):
        db.execute("INSERT OR IGNORE INTO meta VALUES ('last', ?)", (last,))
