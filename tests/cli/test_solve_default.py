"""``renju solve`` answers with the shortest win by default; ``--any`` with the first found."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from support.fixtures import LONG_SEARCH_CASE, main_interrupted

from solver.cli import main
from solver.cli.bench import DEVELOPMENT_CASES, load_case
from solver.cli.solve_command import default_threads
from solver.rules.board import Color
from solver.rules.notation import point_name

DATA = Path(__file__).resolve().parents[2] / "puzzles" / "data"
README_EXAMPLE = [
    "--black",
    "j6 i7 j7 g8 h8 l9",
    "--white",
    "k8 f9 g9 g10 g12",
    "--to-move",
    "white",
]


def solve_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["solve", *argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_default_is_the_shortest_and_any_the_first_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    default = solve_json(capsys, *README_EXAMPLE)
    assert default["moves"] == 5 and default["shortest_shown"] is True
    assert default["line"] == ["h9", "i9", "d9", "e9", "f11", "k5", "l4", "k3", "e10"]
    first = solve_json(capsys, *README_EXAMPLE, "--any")
    assert first["moves"] == 6 and "shortest_shown" not in first  # the first win met
    shortest = solve_json(capsys, *README_EXAMPLE, "--shortest")  # still accepted
    assert (shortest["moves"], shortest["line"]) == (default["moves"], default["line"])


def test_any_and_shortest_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["solve", *README_EXAMPLE, "--any", "--shortest"])
    assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_a_win_not_shown_shortest_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    # a node budget that the win in 10 fits in, but not ruling out a win in 9
    puzzle = f"{DATA / 'vcf-hard.renju'}#18"
    assert main(["solve", puzzle, "--nodes", "200"]) == 0
    out = capsys.readouterr().out
    assert "Black wins (vcf) in 10 attacker moves." in out
    said = out.splitlines()[2]
    assert said.startswith("A shorter win may exist: the search stopped (")
    assert said.endswith("nodes) before ruling it out.")
    assert "Stated: 10 moves, shortest found so far: 10." in out
    data = solve_json(capsys, puzzle, "--nodes", "200")
    assert data["shortest_shown"] is False and data["moves"] == 10
    assert solve_json(capsys, puzzle)["shortest_shown"] is True


def test_a_long_line_is_numbered_in_wide_cells(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", f"{DATA / 'vcf-hard.renju'}#18"]) == 0
    out = capsys.readouterr().out.splitlines()
    # 19 moves: e6 g6 e7 e9 e4 e5 h4 g5 f4 d4 h5 h7 h3 h2 f5 i2 f3 f2 g3
    rows = [line for line in out if re.match(r"[ 1]\d  ", line)]
    board = {line[:2].strip(): line[2:] for line in rows}
    assert len(board) == 15 and all(len(row) == 45 for row in board.values())
    cell = {r: [row[i : i + 3].strip() for i in range(0, 45, 3)] for r, row in board.items()}
    col = "abcdefghijklmno".index
    assert cell["6"][col("e")] == "1" and cell["4"][col("d")] == "10"
    assert cell["2"][col("i")] == "16" and cell["3"][col("g")] == "19"
    assert out[out.index(next(x for x in out if x.startswith(" 1"))) + 1].split() == list(
        "abcdefghijklmno"
    )


def _cases(first: int | None) -> list[str]:
    """``FILE#N`` of the bundled win puzzles: the first ``first`` of each file, or all
    (defence and point-finding tasks are not "the side to move wins")."""
    from puzzles.io import read_puzzles

    cases = []
    for path in sorted(DATA.glob("*.renju")):
        wins = [n for n, p in enumerate(read_puzzles(path).puzzles, 1) if p.kind == "win"]
        cases += [f"{path}#{n}" for n in wins[: first or len(wins)]]
    return cases


FAST = _cases(2)


@pytest.mark.parametrize("puzzle", FAST, ids=lambda c: Path(c).name)
def test_default_equals_shortest_on_the_bundled_collection(
    capsys: pytest.CaptureFixture[str], puzzle: str
) -> None:
    _same(capsys, puzzle)


@pytest.mark.slow
@pytest.mark.parametrize(
    "puzzle", [c for c in _cases(None) if c not in FAST], ids=lambda c: Path(c).name
)
def test_default_equals_shortest_on_every_bundled_puzzle(
    capsys: pytest.CaptureFixture[str], puzzle: str
) -> None:
    _same(capsys, puzzle)


def _same(capsys: pytest.CaptureFixture[str], puzzle: str) -> None:
    default = solve_json(capsys, puzzle, "--time", "60")
    shortest = solve_json(capsys, puzzle, "--time", "60", "--shortest")
    keep = ("result", "moves", "line", "shortest_shown", "puzzle")
    assert {k: default.get(k) for k in keep} == {k: shortest.get(k) for k in keep}
    assert default["result"] == "proven" and default["shortest_shown"] is True


def test_an_unknown_answer_names_the_budget_to_raise(capsys: pytest.CaptureFixture[str]) -> None:
    # three nodes cannot answer a VCT in 3; the race only starts past a million nodes
    assert main(["solve", f"{DATA / 'vct.renju'}#3", "--nodes", "3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1] == "Unknown: the search stopped (node limit) before an answer."
    assert out[2] == "A larger --nodes may answer it."


# (``--any`` races by default on two cores: then no hint of a race, and the second
# search, counting up, tells how far it got)
RACING = default_threads(True) == 2


@pytest.mark.parametrize(
    ("mode", "hint", "bounds"),
    [
        ((), "; so may --any --threads 2 (a win, not always the shortest).", 1),
        (("--any", "--threads", "1"), "; so may --threads 2.", 0),
        (("--any",), "." if RACING else "; so may --threads 2.", int(RACING)),
    ],
)
def test_an_unknown_answer_past_a_million_nodes_names_the_race(
    capsys: pytest.CaptureFixture[str], mode: tuple[str, ...], hint: str, bounds: int
) -> None:
    # with --any the race's second search counts up; the shortest win's counts up already
    case = load_case(DEVELOPMENT_CASES / "vct_black_long.txt")
    stones = [
        *("--black", " ".join(point_name(p) for p in case.board.stones(Color.BLACK))),
        *("--white", " ".join(point_name(p) for p in case.board.stones(Color.WHITE))),
        *("--to-move", case.board.to_move.label()),
    ]
    assert main(["solve", *stones, *mode, "--nodes", "1200000"]) == 0
    out = capsys.readouterr().out.splitlines()
    # (a search that counts up says which bounds it found without a win)
    shown = [line for line in out if line.startswith("It showed there is no win within")]
    assert len(shown) == bounds
    assert [line for line in out if line not in shown][:2] == [
        "Unknown: the search stopped (node limit) before an answer.",
        "A larger --nodes may answer it" + hint,
    ]


def test_an_unknown_answer_says_when_the_table_was_full(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 1 MB holds 10,000 entries: this search outgrows it (and drops entries) 4 times in
    # 300,000 nodes; with the default 4,096 MB it never does, and says nothing of memory
    case = load_case(DEVELOPMENT_CASES / "vct_black_long.txt")
    stones = [
        *("--black", " ".join(point_name(p) for p in case.board.stones(Color.BLACK))),
        *("--white", " ".join(point_name(p) for p in case.board.stones(Color.WHITE))),
        *("--to-move", case.board.to_move.label()),
    ]
    assert main(["solve", *stones, "--any", "--nodes", "300000", "--memory", "1"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:3] == [
        "Unknown: the search stopped (node limit) before an answer.",
        "A larger --nodes may answer it.",
        "The table was full 4 times (--memory 1): a larger --memory may answer it sooner.",
    ]
    small = solve_json(capsys, *stones, "--any", "--nodes", "300000", "--memory", "1")
    roomy = solve_json(capsys, *stones, "--any", "--nodes", "300000")
    assert (small["table_collections"], roomy["table_collections"]) == (4, 0)
    assert roomy["result"] == "unknown"
    assert main(["solve", *stones, "--any", "--nodes", "300000"]) == 0
    assert "--memory" not in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "cores", "threads"),
    [
        (("--any",), {0, 1}, 2),
        (("--any",), {0}, 1),
        ((), {0, 1, 2, 3}, 1),  # (the shortest win's race does not pay on two cores)
        (("--any", "--all-keys"), {0, 1}, 1),
        (("--any", "--threads", "1"), {0, 1}, 1),
        (("--threads", "2"), {0}, 2),
    ],
)
def test_any_races_two_searches_by_default_where_two_cores_are_free(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, ...],
    cores: set[int],
    threads: int,
) -> None:
    import solver.cli.solve_command as command

    asked: list[int] = []
    real = command.solve

    def spy(*args: object, **kwargs: object) -> object:
        asked.append(kwargs["threads"])  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(command, "solve", spy)
    monkeypatch.setattr(command.os, "sched_getaffinity", lambda pid: cores, raising=False)
    assert main(["solve", *README_EXAMPLE, *argv, "--quiet"]) == 0
    assert asked == [threads]
    assert "White wins (tsume)" in capsys.readouterr().out


def test_ctrl_c_stops_the_search_and_prints_its_answer_so_far(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The first Ctrl-C stops the search (a disproof that takes seconds more): its answer
    so far is printed, unknown, exit 130 as for an interruption; the handler goes with
    it."""
    import signal

    before = signal.getsignal(signal.SIGINT)
    case = DEVELOPMENT_CASES / LONG_SEARCH_CASE
    code = main_interrupted(["solve", str(case), "--json", "--threads", "1"])
    data = json.loads(capsys.readouterr().out)
    assert code == 130
    assert (data["result"], data["reason"]) == ("unknown", "interrupted")
    assert isinstance(data["nodes"], int) and data["nodes"] > 0
    assert signal.getsignal(signal.SIGINT) is before
