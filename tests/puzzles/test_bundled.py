"""The bundled collections are sound: proven, shortest length recorded, unique key,
graded, and every proof accepted by the independent checker (a sample in the fast tier,
all of them in the slow tier); the defence and point-finding tasks state the engine's
answer; ``renju verify`` passes on the whole collection (slow tier)."""

from __future__ import annotations

from pathlib import Path

import pytest

from puzzles.bundled import bundled_paths
from puzzles.io import read_puzzles
from puzzles.model import GOALS, Puzzle
from puzzles.themes import THEMES
from solver.cli.main import main
from solver.search.api import Limits, solve
from solver.search.checker import check_proof


def _all() -> list[tuple[str, Puzzle]]:
    out = []
    for path in bundled_paths():
        result = read_puzzles(path)
        assert not result.errors, result.errors
        out.extend((f"{path.stem}:{p.id}", p) for p in result.puzzles)
    return out


PUZZLES = _all()


WINS = [(name, p) for name, p in PUZZLES if p.kind == "win"]


def test_collection_size_and_spread() -> None:
    assert len(PUZZLES) >= 400
    assert {p.goal for _, p in WINS} == set(GOALS)
    assert sum(p.kind == "defend" for _, p in PUZZLES) >= 60
    points = [p for _, p in PUZZLES if p.kind.startswith("points:")]
    assert len(points) >= 60 and len({p.kind for p in points}) >= 8
    assert {p.level for _, p in PUZZLES} >= {1, 2, 3, 4, 5}
    assert sum("hidden-threat" in p.tags for _, p in PUZZLES) >= 5
    assert len({p.id for _, p in PUZZLES}) == len(PUZZLES)  # ids unique across the files
    assert all(p.themes and p.rating is not None for _, p in PUZZLES)  # engine-tagged
    themes = {t for _, p in PUZZLES for t in p.themes}
    assert themes >= set(THEMES)  # every theme is drilled somewhere
    assert all(p.answer is not None for _, p in PUZZLES if p.kind != "win")


def _params() -> list[object]:
    return [
        pytest.param(p, id=name, marks=[] if i % 10 == 0 else [pytest.mark.slow])
        for i, (name, p) in enumerate(WINS)
    ]


@pytest.mark.parametrize("puzzle", _params())
def test_bundled_puzzle_is_sound(puzzle: Puzzle) -> None:
    board = puzzle.board()
    assert puzzle.max_moves is not None and puzzle.keys and puzzle.solution
    result = solve(board, puzzle.goal, Limits(max_moves=puzzle.max_moves, time=60), all_keys=True)
    assert result.result.value == "proven"
    assert result.keys is not None and [k.move for k in result.keys] == puzzle.keys  # no cook
    assert result.tree is not None
    check_proof(board, result.tree, puzzle.goal, puzzle.max_moves)
    if puzzle.max_moves > 1:  # the recorded length is the shortest
        shorter = solve(board, puzzle.goal, Limits(max_moves=puzzle.max_moves - 1, time=60))
        assert shorter.result.value == "disproven"
    if "hidden-threat" in puzzle.tags:
        plain = solve(board, "vct", Limits(max_moves=puzzle.max_moves, time=60))
        assert plain.result.value == "disproven"


@pytest.mark.slow
def test_renju_verify_passes_on_the_whole_collection(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = bundled_paths()[0].parent
    report = tmp_path / "report.json"
    code = main(["verify", str(folder), "--time", "120", "--quiet", "--json", str(report)])
    out = capsys.readouterr().out
    assert code == 0, out
    assert f"Verified {len(PUZZLES)} puzzles" in out


TASKS = [(name, p) for name, p in PUZZLES if p.kind != "win"]


@pytest.mark.parametrize(
    "puzzle",
    [
        pytest.param(p, id=name, marks=[] if i % 10 == 0 else [pytest.mark.slow])
        for i, (name, p) in enumerate(TASKS)
    ],
)
def test_bundled_task_states_the_engine_answer(puzzle: Puzzle) -> None:
    from puzzles.tasks import engine_answer

    found = engine_answer(puzzle, 120)
    assert found.complete and found.points == puzzle.answer
    assert found.themes == puzzle.themes
    low, high = (1, 3) if puzzle.kind == "defend" else (1, 6)
    assert low <= len(found.points) <= high  # an answer worth finding
