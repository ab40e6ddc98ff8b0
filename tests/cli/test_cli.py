"""The ``renju`` command line as a user runs it: output, JSON, exit codes, one-line errors."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from solver.cli import main
from solver.cli.main import build_parser
from solver.cli.registry import CORE_NAMES

DOUBLE_THREE = ["--black", "g8 h8 i9 i10 i11 k8 l8"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_forbidden_human(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "forbidden", *DOUBLE_THREE)
    assert code == 0
    assert "10 . . . . . . . . X 3 . . . . ." in out  # j10 marked 3 on row 10
    assert "Forbidden for Black (1): j10 double-three" in out


def test_forbidden_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "forbidden", *DOUBLE_THREE, "--json")
    assert code == 0
    assert json.loads(out) == {"forbidden": {"j10": "double-three"}}


def test_forbidden_moves_input(capsys: pytest.CaptureFixture[str]) -> None:
    # Black's 4-4 in one line: d8 f8 g8 j8 with white stones at both ends; h8 forbidden.
    _, out, _ = run(capsys, "forbidden", "--moves", "d8 c8 f8 k8 g8 a1 j8", "--json")
    assert json.loads(out) == {"forbidden": {"h8": "double-four"}}


def test_explain(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "forbidden", *DOUBLE_THREE, "--explain", "J10")
    assert code == 0
    assert out.splitlines()[0] == "j10 is forbidden for Black: double-three"
    assert "straight four at k9 (legal)" in out
    _, out, _ = run(capsys, "forbidden", *DOUBLE_THREE, "--explain", "i8", "--json")
    data = json.loads(out)
    assert data["kind"] is None
    assert data["lines"][1]["straight_four"] is True


def test_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = ["." * 15] * 15
    rows[7] = "......XX......."  # g8 h8
    rows[6] = "........X......"  # i9 (row 9 is the 7th line from the top)
    rows[5] = "........X......"  # i10
    f = tmp_path / "pos.txt"
    f.write_text("# a double three at i8\nto move: white\n" + "\n".join(rows) + "\n")
    code, out, _ = run(capsys, "forbidden", str(f), "--json")
    assert code == 0
    assert json.loads(out) == {"forbidden": {"i8": "double-three"}}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["forbidden", "--black", "h8 h8"], "stone at h8 is listed twice"),
        (["forbidden", "--black", "h8", "--white", "h8"], "h8 is both black and white"),
        (["forbidden", "--moves", "h8 z9"], "'z9'"),
        (["forbidden", "--moves", "h8 h8"], "move 2 (h8) is on an occupied point"),
        (["forbidden", "no-such-file.txt"], "no such file: 'no-such-file.txt'"),
        (["forbidden", "--black", "h8", "--explain", "q1"], "'q1'"),
        (["forbidden", "--black", "h8", "--rule", "go"], "unknown rule set: 'go'"),
        (["forbidden", "--black", "h8", "--to-move", "red"], "not a side: 'red'"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("renju: error: ")
    assert message in err


def test_unreadable_position_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "junk.bin"
    f.write_bytes(bytes(range(256)))
    code, _, err = run(capsys, "forbidden", str(f))
    assert code == 2 and err.count("\n") == 1 and str(f) in err


def test_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        '{"black": ["g8", "h8", "i9", "i10"], "white": []}',
        '{"moves": ["d8", "c8", "f8", "k8", "g8", "a1", "j8"]}',
        "",
        "not json",
        '{"moves": "d8 c8 pass"}',
        '{"moves": ["h8", "h8"]}',
    ]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "forbidden", "--batch", str(f))
    assert code == 1  # some lines were bad
    got = out.split("\n")
    assert json.loads(got[0]) == {"forbidden": {"i8": "double-three"}}
    plies = json.loads(got[1])["plies"]
    assert len(plies) == 7 and plies[-1] == {"h8": "double-four"} and plies[0] == {}
    assert got[2] == ""
    assert "error" in json.loads(got[3])
    assert json.loads(got[4]) == {"plies": [{}, {}, {}]}
    assert "occupied" in json.loads(got[5])["error"]
    assert "line 4" in err and "line 6" in err


def test_batch_stdin_subprocess() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "solver.cli", "forbidden", "--batch", "-"],
        input='{"black": ["a8", "b8", "d8", "e8", "f8"]}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"forbidden": {"c8": "overline"}}


def test_no_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2 and "forbidden" in err


def test_solve_uses_a_puzzle_files_goal_and_limit(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzles.bundled import bundled_paths

    tsume = next(p for p in bundled_paths() if p.stem == "tsume")
    code, out, _ = run(capsys, "solve", str(tsume), "--json")
    data = json.loads(out)
    assert code == 0 and data["goal"] == "tsume" and data["result"] == "proven"
    assert data["moves"] == 3 and data["line"][0] == "f10"  # the puzzle's key
    # an explicit limit below the puzzle's shortest wins over the file's
    code, out, _ = run(capsys, "solve", str(tsume), "--max-moves", "2", "--json")
    assert json.loads(out)["result"] == "disproven"


def test_solve_human_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--black", "f8 g8 h8", "--white", "f9 g9 h9", "--all-keys")
    assert code == 0
    assert out.startswith("Black wins (tsume) in 1 attacker move.")
    assert "Winning first moves: e8 (1), i8 (1)" in out
    code, out, _ = run(capsys, "solve", "--black", "h8", "--goal", "vcf", "--json")
    assert json.loads(out)["result"] == "disproven"
    code, _, err = run(capsys, "solve", "--black", "d8 e8 f8 g8 h8")
    assert code == 2 and err == "renju: error: the position already has a five for black\n"
    code, _, err = run(capsys, "solve", "--black", "h8", "--goal", "vcx")
    assert code == 2 and "unknown goal: 'vcx'" in err


def test_bench_cases_json_and_repeat(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``renju bench --cases`` solves each quintet case (here ``--repeat 2`` times, the
    fastest reported) and says how each came out; the nodes are the search's own."""
    from support.quintet import load

    from solver.search.api import Limits, solve

    data = Path(__file__).parent.parent / "data" / "quintet-cases"
    for name in ("vct_counter", "vct_black_short"):
        (tmp_path / f"{name}.txt").write_text((data / f"{name}.txt").read_text())
    argv = ["bench", "--games", "3", "--seconds", "0.02", "--cases", str(tmp_path)]
    code, out, _ = run(capsys, *argv, "--repeat", "2", "--json")
    assert code == 0
    rows = {row["case"]: row for row in json.loads(out)["cases"]}
    assert rows["vct_counter"]["result"] == "proven" and rows["vct_counter"]["moves"] == 4
    assert rows["vct_black_short"]["result"] == rows["vct_black_short"]["expect"] == "disproven"
    case = load("vct_counter")
    assert (
        rows["vct_counter"]["nodes"]
        == solve(case.board, "tsume", Limits(max_moves=case.limit)).nodes
    )
    assert all(row["repeat"] == 2 and row["seconds"] > 0 for row in rows.values())
    # both are quick cases (100 ms), and both well within it
    assert json.loads(out)["targets"] == [
        {"class": "quick", "limit_seconds": 0.1, "cases": 2, "over": []}
    ]
    code, _, err = run(capsys, *argv, "--repeat", "0")
    assert code == 2 and err.count("\n") == 1 and "--repeat" in err


def test_bench_signature_is_the_total_nodes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``renju bench --signature`` prints one number, the total nodes of the solver over
    the case files (here two of the development cases), and nothing else."""
    from support.quintet import load

    from solver.search.api import Limits, solve

    data = Path(__file__).parent.parent / "data" / "quintet-cases"
    for name in ("vct_counter", "vct_black_short"):
        (tmp_path / f"{name}.txt").write_text((data / f"{name}.txt").read_text())
    code, out, err = run(capsys, "bench", "--signature", "--cases", str(tmp_path))
    assert code == 0 and err == ""
    total = 0
    for name in ("vct_counter", "vct_black_short"):
        case = load(name)
        total += solve(case.board, case.goal, Limits(max_moves=case.limit)).nodes
    assert out == f"{total}\n"


def test_bench_target_classes_and_what_is_over() -> None:
    """The solver issue's targets, by case: VCF 10 ms, quick 100 ms, slow 10 s, the two
    longest searches 60 s; a case over its limit, or unfinished, is named."""
    from solver.cli.bench import SolverCase, check_targets
    from solver.rules.board import Board

    def case(name: str, goal: str, tags: str) -> SolverCase:
        return SolverCase(name, Board(), goal, 5, "proven", tuple(tags.split()))

    solved = [
        (case("v", "vcf", "vcf proven quick"), "proven", 3, 10, 0.011),
        (case("q1", "tsume", "vct proven quick"), "proven", 3, 10, 0.099),
        (case("q2", "tsume", "vct proven quick"), "unknown", None, 10, 0.01),
        (case("s", "tsume", "vct proven slow heavy"), "proven", 9, 10, 9.5),
        (case("vct_unstable", "tsume", "vct proven slow heavy"), "proven", 12, 10, 59.0),
        (case("other", "tsume", "vct proven"), "proven", 3, 10, 99.0),
    ]
    checks = check_targets(solved)
    assert [(t.name, t.cases, t.over) for t in checks] == [
        ("vcf", 1, (("v", 0.011),)),
        ("quick", 2, (("q2", None),)),
        ("slow", 1, ()),
        ("long", 1, ()),
    ]
    assert checks[1].text() == "quick under 100 ms: 1 of 2 (over: q2 unfinished)"
    assert checks[0].text() == "vcf under 10 ms: 0 of 1 (over: v 11.0 ms)"


def test_profile_training_workload(tmp_path: Path) -> None:
    """``python -m solver.cli.training CASES`` (the profile-guided build's workload, see
    ``setup.py``) solves every case file in the folder, and refuses a folder that is not
    one, or holds none, with one line and a non-zero exit (the build is then plain)."""
    from solver.cli.training import train

    data = Path(__file__).parent.parent / "data" / "quintet-cases"
    for name in ("vct_counter", "vct_black_short", "vcf_white"):
        (tmp_path / f"{name}.txt").write_text((data / f"{name}.txt").read_text())
    (tmp_path / "README").write_text("not a case")
    assert train(tmp_path) == 3
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder, message in ((tmp_path / "missing", "usage:"), (empty, "no case files")):
        done = subprocess.run(
            [sys.executable, "-m", "solver.cli.training", str(folder)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode != 0 and done.stdout == ""
        assert done.stderr.count("\n") == 1 and message in done.stderr


def test_a_core_command_starts_without_the_entry_point_scan() -> None:
    # start-up time: `renju solve` on a position given inline needs neither the entry
    # points (importlib.metadata and the puzzle tools they load) nor the forbidden-point
    # explainer
    code = (
        "import sys; from solver.cli import main; "
        "assert main(['solve', '--black', 'f8 g8 h8', '--white', 'f9 g9 h9', '--any']) == 0; "
        "print(sorted(m for m in ('puzzles', 'tui', 'importlib.metadata', "
        "'solver.rules.forbidden') if m in sys.modules))"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "[]"


def test_every_option_has_help_and_help_names_only_real_options() -> None:
    import argparse
    import re

    from solver.cli import build_parser

    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) >= {"forbidden", "solve", "info", "convert", "verify"}
    assert {"generate", "bench", "train"} <= set(sub.choices)
    for name, command in sub.choices.items():
        options = {s for a in command._actions for s in a.option_strings}
        for action in command._actions:
            assert action.help, f"renju {name}: {action.option_strings or action.dest}"
        text = command.format_help()
        mentioned = set(re.findall(r"(?<![\w-])--[a-z][a-z-]*", text))
        assert mentioned <= options, f"renju {name} --help names {mentioned - options}"


@pytest.mark.parametrize("name", CORE_NAMES)
def test_a_core_command_alone_is_that_command(name: str) -> None:
    # main builds the parser of a core command with that command alone (start-up time):
    # CORE_NAMES and CORE_COMMANDS must name the same commands in the same order
    parser = build_parser(core_only=True, only=name)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == [name]
    full = build_parser(core_only=True)
    sub = next(a for a in full._actions if isinstance(a, argparse._SubParsersAction))
    assert list(sub.choices) == list(CORE_NAMES)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from solver import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"renju {__version__}\n"
