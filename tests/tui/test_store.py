"""The trainer's store: migration from the JSON file earlier versions wrote, damaged and
newer files, and survival of a kill at any moment (a subprocess killed mid-write, again
and again: the store opens with the state before or after a change, never broken)."""

from __future__ import annotations

import json
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzles.bundled import bundled_puzzles
from tui.models.catalog import make_entries
from tui.models.glicko import Glicko
from tui.models.progress_store import (
    DB_NAME,
    SCHEMA_VERSION,
    AttemptRecord,
    ProgressStore,
    puzzle_key,
)
from tui.models.training import record_attempt

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parent.parent.parent


def _keys(n: int) -> list[str]:
    return [puzzle_key(p.black, p.white, int(p.to_move), p.goal) for p in bundled_puzzles()[:n]]


# -- migration ---------------------------------------------------------------------------
def test_migration_from_the_file_the_previous_version_wrote(tmp_path: Path) -> None:
    # progress-v1.json was written by the JSON ProgressStore this store replaces:
    # starter-01 solved cleanly, -02 solved after looking at the solution, -03 solved with
    # two hints, -04 in progress (two moves), -05 a hint and unsolved; last = -04
    shutil.copy(DATA / "progress-v1.json", tmp_path / "progress.json")
    k = _keys(5)
    store = ProgressStore(tmp_path)
    assert store.problem is None
    assert [store.status(x) for x in k] == ["solved", "solved", "solved", "attempted", "attempted"]
    assert [store.solved_clean(x) for x in k] == [True, False, False, False, False]
    assert store.moves(k[3]) == bundled_puzzles()[3].solution[:2]
    assert store.last == k[3]
    assert store.setting("show_numbers", False) is True
    assert store.setting("show_forbidden", True) is False
    # each solve is an attempt for the statistics (unrated), clean or with help
    got = {a.key: a.result for a in store.attempts()}
    assert got == {k[0]: "clean", k[1]: "hints", k[2]: "hints"}
    assert all(a.mode == "migrated" and not a.rated for a in store.attempts())
    assert store.player_rating() == Glicko()
    # the old file is kept under another name, and the version noted
    assert not (tmp_path / "progress.json").exists()
    assert (tmp_path / "progress.json.migrated").read_bytes() == (
        DATA / "progress-v1.json"
    ).read_bytes()
    assert "progress.json version 1" in (store.meta("migrated_from") or "")
    # after a note_hint the next solve of -05 is not clean, as before
    store.mark_solved(k[4])
    assert not store.solved_clean(k[4])


def test_migrating_twice_changes_nothing(tmp_path: Path) -> None:
    """A kill between the merge and the rename merges again: the same result."""
    shutil.copy(DATA / "progress-v1.json", tmp_path / "progress.json")
    first = ProgressStore(tmp_path).dump()
    shutil.copy(DATA / "progress-v1.json", tmp_path / "progress.json")
    second = ProgressStore(tmp_path)
    assert second.dump() == first
    assert (tmp_path / "progress.json.migrated-2").exists()


def test_a_newer_solve_in_the_database_is_kept_over_the_old_file(tmp_path: Path) -> None:
    k = _keys(5)
    store = ProgressStore(tmp_path)
    store.mark_solved(k[3])  # solved in the database; the old file has it in progress
    store.close()
    shutil.copy(DATA / "progress-v1.json", tmp_path / "progress.json")
    again = ProgressStore(tmp_path)
    assert again.status(k[3]) == "solved" and again.solved_clean(k[3])


# -- damaged and newer files ---------------------------------------------------------------
def test_a_damaged_database_is_kept_aside_and_reported(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"SQLite format 3\x00" + b"\x07" * 3000)
    store = ProgressStore(tmp_path)
    assert store.problem is not None and "damaged" in store.problem
    assert f"{DB_NAME}.bad" in store.problem
    assert (tmp_path / f"{DB_NAME}.bad").read_bytes()[:16] == b"SQLite format 3\x00"
    store.mark_solved("k")
    assert ProgressStore(tmp_path).status("k") == "solved"  # a fresh one works


def test_a_database_from_a_newer_trainer_is_left_alone(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    store.mark_solved("k")
    store.close()
    with sqlite3.connect(tmp_path / DB_NAME) as db:
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    before = (tmp_path / DB_NAME).read_bytes()
    newer = ProgressStore(tmp_path)
    assert newer.problem is not None and "newer trainer" in newer.problem
    assert "not saved" in newer.problem
    newer.mark_solved("j")  # kept in memory only
    assert newer.status("j") == "solved"
    newer.close()
    assert (tmp_path / DB_NAME).read_bytes() == before


# -- a kill at any moment ------------------------------------------------------------------
WRITER = """
import sys
from pathlib import Path
from tui.models.glicko import Glicko
from tui.models.progress_store import AttemptRecord, ProgressStore
store = ProgressStore(Path(sys.argv[1]))
n = len(store.attempts())
print("go", flush=True)
while True:
    n += 1
    # one change touching four tables: all of it is kept, or none of it
    store.add_attempt(
        AttemptRecord(f"k{n % 50}", "c", f"p{n}", "failed", 1.0, "2026-01-01T00:00:00+00:00",
                      rated=True, rating=1000.0 + n),
        player=Glicko(1000.0 + n, 100, 0.06),
        puzzle=Glicko(2000.0 - n, 100, 0.06),
        card=(f"2026-01-{1 + n % 28:02d}T00:00:00+00:00", '{"n": %d}' % n),
    )
    store.record_moves(f"k{n % 50}", list(range(n % 20)))
"""


def _check_consistent(directory: Path) -> int:
    """Open the store as the trainer does; it must be whole. Returns the attempts kept."""
    store = ProgressStore(directory)
    assert store.problem is None, store.problem
    attempts = store.attempts()
    n = len(attempts)
    if n:
        last = attempts[-1]
        assert last.puzzle_id == f"p{n}"  # no gap, no half-written row
        assert store.player_rating().rating == 1000.0 + n  # the rating written with it
        assert store.puzzle_rating(last.key) == Glicko(2000.0 - n, 100, 0.06)
        assert json.loads(store.review_card(last.key) or "") == {"n": n}
    with sqlite3.connect(directory / DB_NAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store.close()
    return n


def _kill_while(script: str, directory: Path, seconds: float) -> None:
    """Run ``script`` on ``directory``; SIGKILL it ``seconds`` after it says it starts."""
    proc = subprocess.Popen(
        [sys.executable, "-c", script, str(directory)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "go"
    time.sleep(seconds)
    proc.send_signal(signal.SIGKILL)
    proc.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_the_store_survives_a_kill_at_any_moment(tmp_path: Path) -> None:
    rng = random.Random(30)
    kept = 0
    for _ in range(12):
        _kill_while(WRITER, tmp_path, rng.uniform(0.0, 0.25))
        n = _check_consistent(tmp_path)
        assert n >= kept  # nothing committed is lost
        kept = n
    assert kept > 12  # the writer did write (the kills fell among writes)


LEGACY_WRITER = """
import sys
from pathlib import Path
from tui.models.progress_store import ProgressStore
print("go", flush=True)
ProgressStore(Path(sys.argv[1]))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_migration_killed_at_any_moment_ends_the_same(tmp_path: Path) -> None:
    puzzles = {
        f"{i:016x}": {"status": "solved", "solved_at": "2026-01-01T10:00:00", "hints": i % 2}
        for i in range(3000)
    }
    text = json.dumps({"version": 1, "puzzles": puzzles, "settings": {}})
    reference = tmp_path / "reference"
    reference.mkdir()
    (reference / "progress.json").write_text(text)
    want = ProgressStore(reference).dump()
    work = tmp_path / "work"
    work.mkdir()
    (work / "progress.json").write_text(text)
    rng = random.Random(7)
    for _ in range(6):
        if not (work / "progress.json").exists():
            break
        _kill_while(LEGACY_WRITER, work, rng.uniform(0.0, 0.3))  # the merge takes ~0.3 s
        with sqlite3.connect(work / DB_NAME) as db:
            assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    store = ProgressStore(work)  # finishes whatever is left
    got = store.dump()
    # the same puzzles, statuses and attempts (times of the migration itself aside)
    assert got["puzzles"] == want["puzzles"]
    strip = [a[1:] for a in got["attempts"]]
    assert sorted(strip) == sorted(a[1:] for a in want["attempts"])


def test_an_attempt_and_what_it_moves_are_one_change(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    entry = make_entries("starter", bundled_puzzles()[:1])[0]

    class Boom(Exception):
        pass

    def fail(*_: object, **__: object) -> None:
        raise Boom

    original = store._db
    record_attempt(store, entry, "failed", 3.0, "train")
    before = store.dump()

    class Flaky:
        """A connection that fails on the review card's write, mid-transaction."""

        def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
            if sql.startswith("INSERT OR REPLACE INTO reviews"):
                fail()
            return original.execute(sql, *args)

    store._db = Flaky()  # type: ignore[assignment]
    with pytest.raises(Boom):
        store.add_attempt(
            AttemptRecord(entry.key, "c", "p", "failed", 1.0, "t", rated=True, rating=1.0),
            player=Glicko(1.0),
            card=("2030-01-01", "{}"),
        )
    store._db = original
    assert store.dump() == before  # rolled back whole


def test_the_trainer_reports_a_damaged_database(tmp_path: Path) -> None:
    import asyncio

    from textual.widgets import Static

    from tui.app import make_app

    (tmp_path / DB_NAME).write_bytes(b"not a database at all" * 100)

    async def run() -> None:
        app = make_app(data_dir=tmp_path)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            summary = str(app.screen.query_one("#summary", Static).render())
            assert "damaged" in summary and f"{DB_NAME}.bad" in summary
            assert any("damaged" in n.message for n in app._notifications)

    asyncio.run(run())
    assert (tmp_path / f"{DB_NAME}.bad").read_bytes().startswith(b"not a database")
