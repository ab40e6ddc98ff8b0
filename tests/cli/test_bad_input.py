"""No traceback, ever, on bad input: every subcommand fed random bytes, truncated files
and empty files answers with one line on stderr naming the input, and exit 2 (a batch:
every line answered, exit 1 if some were bad)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "formats"
BUNDLED = Path(__file__).resolve().parents[2] / "puzzles" / "data"


def _inputs(folder: Path) -> list[Path]:
    """Random bytes, empty files, and files cut short inside their first entry."""
    rng = random.Random(29)
    made = []
    junk = folder / "junk.bin"
    junk.write_bytes(bytes(rng.randrange(256) for _ in range(4000)))
    made.append(junk)
    for name in ("empty.renju", "empty.txt", "empty.sgf"):
        (folder / name).write_bytes(b"")
        made.append(folder / name)
    for source, keep in (
        (BUNDLED / "tsume.renju", 400),  # the first board cut after a few rows
        (DATA / "handmade" / "puzzle.sgf", 90),  # inside a comment
        (DATA / "emilgardis-board" / "example.pos", 12),  # fewer moves than announced
        (DATA / "handmade" / "games.rif", 300),  # inside the XML
    ):
        cut = folder / f"cut-{source.name}"
        cut.write_bytes(source.read_bytes()[:keep])
        made.append(cut)
    return made


COMMANDS = [
    ["forbidden", "{f}"],
    ["solve", "{f}"],
    ["defend", "{f}"],
    ["points", "four", "{f}"],
    ["move", "{f}"],
    ["info", "{f}"],
    ["convert", "{f}", "{tmp}/out.renju"],
    ["verify", "{f}", "--time", "1"],
    ["generate", "{tmp}/new.renju", "--games", "{f}"],
    ["bench", "--cases", "{cases}"],
    ["train", "{f}"],
    ["opening", "{f}"],
    ["fifth", "{f}", "a1", "b2"],
    ["status", "{f}"],
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_bad_files_get_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    for f in _inputs(tmp_path):
        cases = tmp_path / f"cases-{f.name}"
        cases.mkdir()
        (cases / f"{f.stem}.txt").write_bytes(f.read_bytes())
        argv = [a.format(f=f, tmp=tmp_path, cases=cases) for a in command]
        code = main(argv)
        out, err = capsys.readouterr()
        said = f"renju {' '.join(argv)}: exit {code}, stderr {err!r}"
        assert code == 2, said
        assert err.count("\n") == 1 and err.startswith("renju: error: "), said
        assert f.stem in err, said  # the input is named
        assert "Traceback" not in out + err
        assert not (tmp_path / "out.renju").exists() and not (tmp_path / "new.renju").exists()


def test_a_batch_answers_every_line_even_random_bytes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = b'{"black": ["g8", "h8", "i9", "i10"]}\n'
    for f in _inputs(tmp_path):
        data = f.read_bytes()
        f.write_bytes(good + data)  # a valid first line before the bad bytes
        code = main(["forbidden", "--batch", str(f)])
        out, err = capsys.readouterr()
        answers = out.split("\n")[:-1]
        assert len(answers) == (good + data).count(b"\n") + bool(data and not data.endswith(b"\n"))
        assert json.loads(answers[0]) == {"forbidden": {"i8": "double-three"}}
        bad = [a for a in answers[1:] if a.strip() and "error" in json.loads(a)]
        assert code == (1 if bad else 0), f.name
        assert err.count("\n") == len(bad) and all(f.name in e for e in err.splitlines())
        assert "Traceback" not in err


def test_a_batch_of_random_bytes_in_a_process(tmp_path: Path) -> None:
    junk = next(f for f in _inputs(tmp_path) if f.name == "junk.bin")
    lines = junk.read_bytes().count(b"\n") + 1
    for args, stdin in ((["--batch", str(junk)], None), (["--batch", "-"], junk.read_bytes())):
        proc = subprocess.run(
            [sys.executable, "-m", "solver.cli", "forbidden", *args],
            input=stdin,
            capture_output=True,
            check=False,
            timeout=60,
        )
        assert proc.returncode == 1 and b"Traceback" not in proc.stderr
        assert proc.stdout.count(b"\n") == lines
        assert all("error" in json.loads(line) for line in proc.stdout.splitlines() if line)


def test_train_without_a_terminal_exits_2_at_once(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "solver.cli", "train", str(BUNDLED / "vct.renju")],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
        env={**__import__("os").environ, "RENJU_DATA_DIR": str(tmp_path)},
    )
    assert proc.returncode == 2
    assert proc.stderr == "renju: error: train needs a terminal: stdin or stdout is not one\n"
