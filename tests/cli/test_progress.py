"""``solver.progress``: a bar on a terminal only, and result lines never mixed into it."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

import pytest
from rich.console import Console

from puzzles.verify_run import Options, run_verify
from solver.progress import progress_bar

SOUND = Path(__file__).resolve().parents[1] / "data" / "verify" / "sound.renju"
_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def screen_lines(raw: str) -> list[str]:
    """The screen a terminal shows after ``raw``: a tiny emulator of what Rich sends
    (newline, carriage return, cursor up ``ESC[nA``, erase line ``ESC[2K``; other escape
    codes change nothing on the screen)."""
    rows: list[list[str]] = [[]]
    row = col = 0
    i = 0
    while i < len(raw):
        found = _ESCAPE.match(raw, i)
        if found:
            code = found.group()
            if code.endswith("A"):
                row = max(0, row - int(code[2:-1] or 1))
            elif code == "\x1b[2K":
                rows[row] = []
            i = found.end()
            continue
        ch = raw[i]
        i += 1
        if ch == "\n":
            row, col = row + 1, 0
            while len(rows) <= row:
                rows.append([])
        elif ch == "\r":
            col = 0
        else:
            line = rows[row]
            line.extend(" " * (col - len(line) + 1))
            line[col] = ch
            col += 1
    return ["".join(r).rstrip() for r in rows]


def test_nothing_is_drawn_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert not sys.stderr.isatty()
    out = io.StringIO()
    with progress_bar(3, "verify") as bar:
        assert not bar.on and bar.wrap(out) is out
        for n in range(3):
            bar.emit(f"result {n}", out)
            bar.update(advance=1, status="fine")
    assert out.getvalue() == "result 0\nresult 1\nresult 2\n"
    assert capsys.readouterr().err == ""
    plain = Console(file=io.StringIO())  # not a terminal: nothing drawn either
    with progress_bar(3, "verify", console=plain) as bar:
        assert not bar.on
    assert plain.file.getvalue() == ""  # type: ignore[attr-defined]


def test_result_lines_stay_whole_on_the_bar_s_terminal() -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    with progress_bar(3, "verify", console=console) as bar:
        assert bar.on
        stream = bar.wrap(screen)
        for n in range(3):
            bar.update(advance=1, status=f"{n} with problems")
            print(f"ok   a.renju #{n + 1}: proven in 3", file=stream, flush=True)
    raw = screen.getvalue()
    assert "verify" in raw and "with problems" in raw  # the bar was drawn
    # the screen at the end: the results, whole, and no bar (erased)
    assert [line for line in screen_lines(raw) if line] == [
        f"ok   a.renju #{n + 1}: proven in 3" for n in range(3)
    ]


def test_verify_lines_stay_whole_with_a_bar(capsys: pytest.CaptureFixture[str]) -> None:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=True, width=100)
    code = run_verify(Options(paths=[str(SOUND)]), out=screen, console=console)
    assert code == 0
    lines = screen_lines(screen.getvalue())
    results = [line for line in lines if line.startswith(("ok", "FAIL"))]
    whole = re.compile(
        rf"ok   {re.escape(str(SOUND))} sound-vc[ft]: proven in \d \(\d+ nodes, [\d.]+ s\)"
    )
    assert len(results) == 2 and all(whole.fullmatch(line) for line in results)
    assert lines[2].startswith("Verified 2 puzzles") and not any("━" in line for line in lines)
    assert "━" in screen.getvalue()  # (a bar was drawn meanwhile)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_solve_s_progress_line_names_the_bound_and_a_full_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``renju solve``'s progress line on a terminal: a counting-up bound by its number,
    the search within the cap (whose bound is more moves than a board holds) as having
    none, and how many times the table was full once it has been."""
    import argparse

    from solver.cli.solve_command import _progress
    from solver.search.api import Progress

    term = _Terminal()
    monkeypatch.setattr(sys, "stderr", term)
    show = _progress(argparse.Namespace(quiet=False, json=False))
    assert show is not None
    show(Progress(1_234_567, 2.04, 9, "search"))
    show(Progress(2_000_000, 3.0, 112, "search", 10, 3))
    show(Progress(2_100_000, 3.1, 112, "search", 10, 3).racing(2))
    show(None)  # (cleared, as wide as the widest line shown and a "^C" after it)
    lines = term.getvalue().split("\r")
    assert [line.rstrip() for line in lines[1:4]] == [
        "  search: 1,234,567 nodes, 2.0 s, bound 9",
        "  search: 2,000,000 nodes, 3.0 s, no move bound, table full 3x",
        "  search, 2 racing: 2,100,000 nodes, 3.1 s, no move bound, table full 3x",
    ]
    assert lines[4] == " " * (len(lines[3]) + 2) and lines[5] == ""
