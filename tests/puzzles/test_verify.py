"""``puzzles.verify.verify_puzzle`` and ``renju verify``: verdicts, cooks, stated lines,
the JSON report, resuming, parallel runs and exit codes. Every puzzle here is a VCF (or a
small VCT) so each test runs in well under a second (but one cut short by its time)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from support.quintet import load

import puzzles.verify_run
from puzzles.io import read_puzzles
from puzzles.model import Puzzle
from puzzles.verify import VerifyReport, black_overline, verify_puzzle
from solver.cli import main
from solver.rules.board import Color
from solver.rules.notation import parse_points, point_name
from solver.search.api import Limits, Verdict, solve

DATA = Path(__file__).parent.parent / "data"
COLLECTION = DATA / "verify" / "collection.renju"
SOUND = DATA / "verify" / "sound.renju"
QUINTET = DATA / "formats" / "quintet"

EXPECTED = {  # id -> (result, shortest, problems)
    "sound-vcf": ("proven", 5, []),
    "cook": ("proven", 1, ["cook: also wins with i8"]),
    "wrong-move": ("proven", 5, ["stated move 3 (h12) loses the win (i12: blocks the four)"]),
    "overline": ("illegal", None, ["illegal position: black already has an overline (c3-h3)"]),
    "disproven": ("disproven", None, ["no win found within 11 moves (disproven)"]),
    "longer": (
        "proven",
        1,
        ["cook: also wins with f2, g8, k8", "stated solution is 2 moves, shortest is 1"],
    ),
}


def puzzle(id: str) -> Puzzle:
    (found,) = [p for p in read_puzzles(COLLECTION).puzzles if p.id == id]
    return found


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# -- the library ---------------------------------------------------------------------------


@pytest.mark.parametrize("id", list(EXPECTED))
def test_verdicts_on_the_handmade_collection(id: str) -> None:
    result, shortest, problems = EXPECTED[id]
    r = verify_puzzle(puzzle(id), 10)
    assert (r.result, r.shortest, r.problems) == (result, shortest, problems)
    assert r.sound == (problems == [])


def test_sound_vcf_details() -> None:
    r = verify_puzzle(puzzle("sound-vcf"), 10)
    assert r.attacker == "white" and r.goal == "vcf"
    assert r.keys == ["l13"] and r.stated == 5 and r.stated_ok is True
    assert r.line[0] == "l13" and len(r.line) == 9 and r.nodes > 0


def test_cook_from_two_open_ends() -> None:
    # Black f8 g8 h8 against White f9 g9 h9: e8 and i8 both make a straight four.
    p = Puzzle(black=parse_points("f8 g8 h8"), white=parse_points("f9 g9 h9"), goal="vct")
    r = verify_puzzle(p, 10)
    assert r.keys == ["e8", "i8"] and r.shortest == 1
    other = "i8" if r.line == ["e8"] else "e8"
    assert r.problems == [f"cook: also wins with {other}"] and r.stated_ok is None
    both = Puzzle(black=p.black, white=p.white, goal="vct", keys=parse_points("e8 i8"))
    assert verify_puzzle(both, 10).problems == []  # both stated: no cook
    wrong_key = Puzzle(black=p.black, white=p.white, goal="vct", keys=parse_points("e8 d8"))
    assert verify_puzzle(wrong_key, 10).problems == [
        "cook: also wins with i8",
        "stated key d8 does not win",
    ]


def test_stated_line_details() -> None:
    r = verify_puzzle(puzzle("wrong-move"), 10)
    assert r.stated_ok is False and r.stated is None
    short = puzzle("sound-vcf")
    short.solution = short.solution[:2]
    r = verify_puzzle(short, 10)
    assert r.problems == ["stated solution ends after move 1, before the win"] and not r.stated_ok
    onto_stone = puzzle("sound-vcf")
    onto_stone.solution = [onto_stone.solution[0], onto_stone.black[0]]
    r = verify_puzzle(onto_stone, 10)
    assert r.result == "proven" and r.stated_ok is False
    stone = point_name(onto_stone.black[0])
    assert r.problems == [f"solution move 2 ({stone}) is on a stone"]


def test_quintet_cases() -> None:
    black = read_puzzles(QUINTET / "vcf_black.txt").puzzles[0]
    r = verify_puzzle(black, 10)
    assert (r.result, r.shortest, r.stated, r.stated_ok) == ("proven", 12, 12, True)
    # g6 h7 and j12 k13 can be played in either order: a move-order cook.
    assert r.keys == ["g6", "j12"] and r.problems == ["cook: also wins with g6"]
    short = read_puzzles(QUINTET / "vcf_black_short.txt").puzzles[0]
    assert verify_puzzle(short, 10).result == "disproven"
    assert verify_puzzle(short, 10, max_moves=12).result == "proven"
    vct = read_puzzles(QUINTET / "vct_white.txt").puzzles[0]
    r = verify_puzzle(vct, 10)
    assert (r.result, r.shortest, r.stated, r.problems) == ("proven", 4, 4, [])


def test_goal_override_and_limits() -> None:
    p = puzzle("sound-vcf")
    assert verify_puzzle(p, 10, max_moves=4).problems == ["no win found within 4 moves (disproven)"]
    assert verify_puzzle(p, 10, goal="vct").goal == "vct"


POLLS = 800  # (about 100,000 nodes: counting up has shown some bounds without a win)


def test_unknown_within_time_or_when_stopped() -> None:
    # a win in 12 found in 0.04 s; that 11 moves do not win takes seconds more
    case = load("vct_game_white_l12_1")
    board = case.board
    p = Puzzle(
        black=board.stones(Color.BLACK),
        white=board.stones(Color.WHITE),
        to_move=board.to_move,
        goal="tsume",
        max_moves=case.limit,
    )
    r = verify_puzzle(p, 0.3)
    # (how far counting up got in the time: no win within 1 to 10 moves, or none shown)
    shown = "" if r.no_win_within is None else f"; no win within {r.no_win_within} moves"
    assert r.no_win_within is None or 1 <= r.no_win_within <= 10
    assert (r.result, r.problems) == ("unknown", [f"unknown within 0.3 s{shown}"])
    assert r.seconds < 2
    polls = iter(range(POLLS))
    r = verify_puzzle(p, None, should_stop=lambda: next(polls, None) is None)
    assert r.no_win_within is not None and r.problems == [
        f"unknown (stopped); no win within {r.no_win_within} moves"
    ]
    bounded = solve(board, "tsume", Limits(max_moves=r.no_win_within))
    assert bounded.result is Verdict.DISPROVEN
    r = verify_puzzle(puzzle("sound-vcf"), None, should_stop=lambda: True)
    assert (r.result, r.problems) == ("unknown", ["unknown (stopped)"])


def test_illegal_positions() -> None:
    five = Puzzle(black=parse_points("h8"), white=parse_points("a1 b1 c1 d1 e1"))
    assert verify_puzzle(five).problems == ["illegal position: white already has five in a row"]
    assert black_overline(parse_points("a1 b2 c3 d4 e5 f6")) is not None
    assert black_overline(parse_points("a1 b2 c3 d4 e5 g7")) is None
    assert black_overline(parse_points("o1 n2 m3 l4 k5 j6")) == (
        "black already has an overline (o1-j6)"
    )


def test_report_json_round_trip() -> None:
    r = verify_puzzle(puzzle("cook"), 10)
    assert VerifyReport.from_json(json.loads(json.dumps(r.to_json()))) == VerifyReport(
        **{**r.to_json(), "seconds": round(r.seconds, 4)}
    )


# -- the command line ----------------------------------------------------------------------


def test_cli_collection(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    code, out, err = run(capsys, "verify", str(COLLECTION), "--json", str(report))
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith(f"ok   {COLLECTION} sound-vcf: proven in 5 (33 nodes, ")
    assert lines[1].startswith("FAIL") and lines[1].endswith("-- cook: also wins with i8")
    assert lines[3] == (
        f"FAIL {COLLECTION} overline: illegal position"
        " -- illegal position: black already has an overline (c3-h3)"
    )
    assert "Verified 6 puzzles from 1 file" in out
    table = {tuple(line.split()[:-1]): line.split()[-1] for line in lines[7:]}
    assert table[("proven",)] == "4" and table[("illegal",)] == "1"
    assert table[("sound",)] == "1" and table[("with", "problems")] == "5"
    assert table[("cook",)] == "2"

    data = json.loads(report.read_text())
    entries = data["puzzles"]
    assert [e["id"] for e in entries] == list(EXPECTED)  # file order
    for e in entries:
        assert {
            "id",
            "source",
            "result",
            "line",
            "keys",
            "shortest",
            "stated_ok",
            "problems",
        } <= set(e)
        assert e["source"] == str(COLLECTION)
        assert (e["result"], e["shortest"], e["problems"]) == tuple(
            [*EXPECTED[e["id"]][:2], EXPECTED[e["id"]][2]]
        )
    cook = entries[1]
    assert cook["keys"] == ["e8", "i8"] and cook["line"] == ["e8"] and cook["stated_ok"] is True
    summary = data["summary"]
    assert summary["puzzles"] == 6 and summary["complete"] is True
    assert summary["results"] == {
        "proven": 4,
        "disproven": 1,
        "unknown": 0,
        "illegal": 1,
        "error": 0,  # (solver errors: none)
    }
    assert summary["sound"] == 1 and summary["with_problems"] == 5
    assert summary["problems"]["cook"] == 2 and summary["skipped_entries"] == []


def test_cli_exit_0_when_sound(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", str(SOUND), "--time", "10")
    assert code == 0 and out.count("\nok   ") + out.startswith("ok   ") == 2


def test_cli_quiet_prints_only_problems(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", str(COLLECTION), "-q")
    assert code == 1 and "sound-vcf" not in out and out.count("FAIL ") == 5


def test_cli_parallel_matches_serial(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    reports = []
    for jobs in ("1", "2"):
        path = tmp_path / f"r{jobs}.json"
        code, out, _ = run(
            capsys, "verify", str(COLLECTION), str(SOUND), "-j", jobs, "--json", str(path)
        )
        assert code == 1
        data = json.loads(path.read_text())
        reports.append([{k: v for k, v in e.items() if k != "seconds"} for e in data["puzzles"]])
        ids = [line.split()[2].rstrip(":") for line in out.splitlines()[:8]]
        assert ids == [*EXPECTED, "sound-vcf", "sound-vct"]
    assert reports[0] == reports[1]


def test_cli_resume_skips_done_puzzles(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    assert run(capsys, "verify", str(COLLECTION), "--json", str(report))[0] == 1
    data = json.loads(report.read_text())
    done = data["puzzles"][:3]
    done[0]["problems"] = ["marker: kept from the first run"]  # must not be re-verified
    report.write_text(json.dumps({"puzzles": done, "summary": {}}))

    code, out, _ = run(capsys, "verify", str(COLLECTION), "--resume", str(report))
    assert code == 1
    ids = [
        line.split()[2].rstrip(":") for line in out.splitlines() if line.startswith(("ok", "FAIL"))
    ]
    assert ids == ["overline", "disproven", "longer"]  # only the puzzles not in the report
    assert "(3 from the resumed report)" in out
    entries = json.loads(report.read_text())["puzzles"]  # updated in place
    assert [e["id"] for e in entries] == list(EXPECTED)
    assert entries[0]["problems"] == ["marker: kept from the first run"]

    # everything already done: nothing verified, the marker still counts as a problem
    code, out, _ = run(capsys, "verify", str(COLLECTION), "--resume", str(report), "-q")
    assert code == 1 and "FAIL" not in out and "(6 from the resumed report)" in out
    assert "nothing left to verify" in out and "puzzles/s" not in out


def test_cli_resume_into_a_new_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert run(capsys, "verify", str(SOUND), "--json", str(first))[0] == 0
    code, out, _ = run(capsys, "verify", str(SOUND), "--resume", str(first), "--json", str(second))
    assert code == 0 and "ok " not in out
    assert json.loads(second.read_text())["puzzles"] == json.loads(first.read_text())["puzzles"]


def test_cli_folder_recursion_and_skipped_entries(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sub = tmp_path / "set" / "deeper"
    sub.mkdir(parents=True)
    shutil.copy(SOUND, tmp_path / "set" / "a.renju")
    shutil.copy(QUINTET / "vct_white.txt", sub / "q.txt")
    (sub / "notes.txt").write_text("not a puzzle\n")
    (sub / "README.md").write_text("ignored extension\n")
    bad = SOUND.read_text().replace("goal: vct", "goal: mate")
    (tmp_path / "set" / "b.renju").write_text(bad)
    code, out, err = run(capsys, "verify", str(tmp_path / "set"))
    assert code == 1  # sound puzzles, but a bad entry was skipped
    assert "Verified 4 puzzles from 3 files" in out
    assert err.startswith("renju: skipped ") and "unknown goal 'mate'" in err


def test_cli_folder_with_a_broken_file_and_a_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    folder = tmp_path / "set"
    folder.mkdir()
    shutil.copy(SOUND, folder / "a.renju")
    (folder / "empty.lib").write_bytes(b"")
    assert run(capsys, "verify", str(SOUND), "--json", str(folder / "old.json"))[0] == 0
    report = tmp_path / "new.json"
    code, out, err = run(capsys, "verify", str(folder), "--json", str(report))
    assert code == 1  # the sound puzzles are verified; the empty file is a problem
    assert (
        "Verified 2 puzzles from 1 file" in out and out.count("\nok   ") + out.startswith("ok") == 2
    )
    assert "files not readable" in out and "old.json" not in out
    assert f"renju: note: {folder / 'old.json'}: a verify report" in err
    assert f"renju: cannot read {folder / 'empty.lib'}: empty file (not verified)" in err
    summary = json.loads(report.read_text())["summary"]
    assert summary["sound"] == 2 and summary["with_problems"] == 0
    code, out, err = run(capsys, "verify", str(report))  # named: refused in one line
    assert code == 2 and out == ""
    assert err == f"renju: error: {report}: a renju verify report, not a puzzle file\n"
    assert summary["unreadable_files"] == [
        {"file": str(folder / "empty.lib"), "error": "empty file"}
    ]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda d: d / "missing.renju", "no such file or directory"),
        (
            lambda d: _write(
                d / "bad.lib", b"\xffRenLib\xff\x03\x00" + b"\xff" * 10 + b"\x78\x08ab"
            ),
            "bad.lib: truncated",
        ),
        (lambda d: _write(d / "bad.sgf", b"(;GM[4]"), "is not closed"),
    ],
)
def test_cli_unreadable_input_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Any, message: str
) -> None:
    path = make(tmp_path)
    code, out, err = run(capsys, "verify", str(SOUND), str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("renju: error: ") and message in err


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def test_cli_bad_resume_report_and_options(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "r.json"
    bad.write_text('{"not": "a report"}')
    code, _, err = run(capsys, "verify", str(SOUND), "--resume", str(bad))
    assert code == 2 and "not a verify report" in err and err.count("\n") == 1
    code, _, err = run(capsys, "verify", str(SOUND), "--json", str(tmp_path / "no" / "r.json"))
    assert code == 2 and "cannot write the report" in err and err.count("\n") == 1
    fresh = tmp_path / "fresh.json"  # --resume may name a report that does not exist yet
    assert run(capsys, "verify", str(SOUND), "--resume", str(fresh))[0] == 0
    assert [e["id"] for e in json.loads(fresh.read_text())["puzzles"]] == ["sound-vcf", "sound-vct"]
    for option in (["--time", "0"], ["--jobs", "0"], ["--max-moves", "0"], ["--memory", "0"]):
        code, _, err = run(capsys, "verify", str(SOUND), *option)
        assert code == 2 and err.startswith("renju: error: --") and err.count("\n") == 1


def test_cli_memory_reaches_the_workers_and_a_full_table_is_named(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 1 MB holds 10,000 entries: this deep search fills it within a tenth of a second;
    # the worker process (--jobs 2) searches with it, and the unknown answer says so
    case = Path(__file__).resolve().parents[1] / "data" / "quintet-cases" / "vct_black_long.txt"
    code, out, _ = run(capsys, "verify", str(case), "--time", "1", "--memory", "1", "-j", "2")
    assert code == 1
    assert (
        "unknown within 1 s; the table was full (--memory 1): "
        "a larger --memory may answer it sooner"
    ) in out
    code, out, _ = run(capsys, "verify", str(case), "--time", "1")
    assert code == 1 and "unknown within 1 s" in out and "--memory" not in out


def test_cli_interrupt_saves_the_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    real = puzzles.verify_run.verify_puzzle

    def interrupted_third(*args: Any, **kwargs: Any) -> VerifyReport:
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(puzzles.verify_run, "verify_puzzle", interrupted_third)
    report = tmp_path / "r.json"
    code, out, err = run(capsys, "verify", str(COLLECTION), "--json", str(report))
    assert code == 130
    assert err == f"renju: interrupted after 2 of 6 puzzles; report saved to {report}\n"
    data = json.loads(report.read_text())
    assert [e["id"] for e in data["puzzles"]] == ["sound-vcf", "cook"]
    assert data["summary"]["complete"] is False
    monkeypatch.setattr(puzzles.verify_run, "verify_puzzle", real)
    code, out, _ = run(capsys, "verify", str(COLLECTION), "--resume", str(report))
    assert (
        code == 1 and out.splitlines()[0].startswith("FAIL") and "wrong-move" in out.splitlines()[0]
    )
